"""World Diplomacy's modules compiled by mypyc (setup.py's ``COMPILED``: ``economy``, ``reading``, ``ledger``)
answer byte for byte what their sources answer: seeded random games of every option set, with
finance lines of every kind (bribes and guesses, loans, transfers, rebellions and pacifications, good and
bad, in both notations, some repeated) and money that runs short, played through the game and asked of
the JSON contract, compiled here and as pure Python in a second process (``CHANCELLERY_PURE_PYTHON=1``).
The pure form is tested on its own by every other World test (CI runs them on a pure-Python install)."""
from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

import engine
from engine.bots import random_orders
from engine.compiled import PURE_SWITCH
from engine.contract import position_of
from engine.game import Game
from engine.types import PhaseType
from engine.variants import world31

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
OPTION_SETS: tuple[dict[str, object], ...] = (
    {}, {"currencies": "advanced"}, {"upkeep": "automatic", "conquest": "provinces"})


def _finance_lines(game: Game, power: str, rng: random.Random) -> list[str]:
    """A few of the finance sheet's lines for ``power``, most of them well formed, some not."""
    variant, state = game.variant, game.state
    units = list(state.all_units())
    own = [u for u in units if u.power == power]
    others = [u for u in units if u.power != power]
    land = sorted(variant.tables.land)  # type: ignore[attr-defined]
    rebels = list(variant.ledger(state).rebellions)  # type: ignore[attr-defined]
    lines: list[str] = []
    if others and rng.random() < 0.3:
        lines.append(f"BRIBE {rng.choice(others)} ${rng.choice([5, 8, 9, 12, 20, 40])}")
    if own and rng.random() < 0.3:
        lines.append(f"GUESS {rng.choice(own)} ${rng.choice([1, 8, 10, 15, 30])}")
    if rng.random() < 0.15:
        lines.append(f"LOAN ${rng.choice([1, 5, 12.5, 25, 30])} {rng.choice([1, 2, 3])} YEAR")
    if rng.random() < 0.15:
        lines.append(f"TRANSFER ${rng.choice([0.5, 2, 7, 50])} TO {rng.choice(variant.powers)}")
    if rng.random() < 0.15:
        lines.append(f"REBELLION {rng.choice(land)}")
    if rebels and rng.random() < 0.3:
        lines.append(f"PACIFY {rng.choice(rebels)}")
    if rng.random() < 0.05:
        lines.append(rng.choice(["MAINTAIN", "BRIBE A XX $3", "LOAN $ 1", "PACIFY", "M NA1 - "]))
    return lines


def _orders(game: Game, power: str, rng: random.Random) -> list[str]:
    lines = random_orders(game, power, rng) + _finance_lines(game, power, rng)
    rng.shuffle(lines)
    if lines and rng.random() < 0.2:
        lines.append(rng.choice(lines))  # a line given twice
    if lines and rng.random() < 0.2:
        i = rng.randrange(len(lines))
        lines[i] = game.variant.seed_text(lines[i])  # type: ignore[attr-defined]  (the seed's "{EP} F 3")
    return lines


def transcript(seed: int, phases: int) -> list[str]:
    """Every movement phase of seeded random games of each option set: the contract's response text, then
    the game's next position and results, as JSON."""
    out: list[str] = []
    for number, options in enumerate(OPTION_SETS):
        rng = random.Random(seed * 10 + number)
        game = Game.new("world31", options=dict(options))
        for _ in range(phases):
            if game.is_over:
                break
            state = game.state
            if state.phase.type is PhaseType.MOVEMENT and rng.random() < 0.5:
                # Money that runs short, or plenty, so upkeep, purchases and bribes go either way.
                extra = dict(state.extra)
                extra["money"] = {p: rng.choice([0, 150, 300, 900, 2500, 10_000]) for p in extra["money"]}
                game.replace_state(state.replace(extra=extra))
            orders = {p: _orders(game, p, rng) for p in game.powers_to_order()}
            if game.state.phase.type is PhaseType.MOVEMENT:
                request = {**position_of(game.variant, game.state), "orders": orders}
                out.append(json.dumps(engine.adjudicate(request)))
            for power, lines in orders.items():
                game.set_orders(power, lines, ready=True)
            result = game.process()
            out.append(json.dumps([position_of(game.variant, game.state),
                                   [(r.power, r.order, r.result, r.reason) for r in result.results]]))
    return out


def test_compiled_and_pure_python_answer_alike() -> None:
    if not world31.COMPILED:
        pytest.skip(f"the World's modules run from their sources here ({engine.compiled.summary()})")
    here = transcript(1, 14)
    code = ("import json, sys; sys.path[:0] = [sys.argv[1], sys.argv[2]]; import engine, test_world31_compiled as t; "
            "print(json.dumps([engine.compiled.compiled_modules(), t.transcript(1, 14)]))")
    env = {**os.environ, PURE_SWITCH: "1"}
    done = subprocess.run([sys.executable, "-c", code, str(HERE), str(HERE.parent)], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=600, check=True)
    running, there = json.loads(done.stdout)
    assert running == []  # the other process ran the sources
    assert len(here) > 60 and any('"BRIBE ' in text for text in here) and any("bribe_won" in text for text in here)
    assert here == there
