"""The contract's legal-orders answers list only the powers a caller orders for.

1815's minor powers own units, but no request may order for them (``orders.SAXONY: unknown power``): Great
Powers move them with Diplomacy Point allocations. So ``legal_orders``, ``legal_orders_json`` and
``chancellery legal-orders`` leave them out, and every order they do list is one ``adjudicate`` takes.
"""
from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import engine
from engine.bots import play_random_phase
from engine.contract import forget_positions, position_of
from engine.game import Game
from engine.types import PhaseType, RequestError
from engine.variants import find_variant

ROOT = Path(__file__).resolve().parents[2]


def _positions_1815() -> list[dict[str, Any]]:
    """Requests of a random 1815 game's positions: its start and later movement, retreat and adjustment
    phases."""
    variant = find_variant("1815")
    game = Game(variant, variant.initial_state())
    rng = random.Random(1)  # (retreats are rare in 1815: this game has one, in its twentieth phase)
    out = [position_of(game.variant, game.state)]
    for _ in range(20):
        play_random_phase(game, rng)
        if game.state.phase.type is PhaseType.RETREATS or rng.random() < 0.4:
            out.append(position_of(game.variant, game.state))
    return out


POSITIONS = _positions_1815()


def test_the_game_has_minor_units_to_leave_out() -> None:
    minors = find_variant("1815").pseudo_powers
    assert any(power in minors for power in POSITIONS[0]["units"])
    assert {p["phase"][-1] for p in POSITIONS} == {"M", "R", "A"}
    with pytest.raises(RequestError, match="unknown power"):
        engine.adjudicate({**POSITIONS[0], "orders": {"SAXONY": ["A SAX H"]}})


@pytest.mark.parametrize("index", range(len(POSITIONS)))
def test_minors_are_left_out_and_every_listed_order_is_taken(index: int) -> None:
    request = POSITIONS[index]
    great = set(find_variant("1815").board.powers)
    forget_positions()
    as_dicts = engine.legal_orders(json.loads(json.dumps(request)))
    forget_positions()
    as_text = json.loads(engine.legal_orders_json(json.dumps(request)))
    assert as_text == as_dicts
    assert set(as_dicts) <= great, sorted(set(as_dicts) - great)
    if request["phase"].endswith("M"):
        assert set(as_dicts) == {p for p in request["units"] if p in great}  # no Great Power is lost
    # Every listed power's first option per slot, sent back, is taken as given (no power unknown, none void).
    orders = {power: [texts[0] for texts in per.values()] for power, per in as_dicts.items()}
    response = engine.adjudicate({**request, "orders": orders})
    sent = {(power, line) for power, lines in orders.items() for line in lines}
    assert {(e["power"], e["order"]) for e in response["orders"] if not e.get("default")} >= sent
    assert all(e["result"] != "invalid" for e in response["orders"]), response["orders"]


def test_the_command_line_leaves_minors_out() -> None:
    done = subprocess.run([sys.executable, "-m", "app", "legal-orders"], input=json.dumps(POSITIONS[0]),
                          capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert done.returncode == 0, done.stderr
    listed = json.loads(done.stdout)
    assert listed and set(listed) <= set(find_variant("1815").board.powers)
