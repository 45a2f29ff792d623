"""Version-1 save files (written by the engine before stacked units were first-class) still load.

``tests/data/saves/v1/`` holds seeded random games saved mid-game by that engine (``make_v1_saves.py``)
and ``expected.json`` the positions it read from them. Loading must give the same positions, and
replaying every recorded phase must give the recorded results and the recorded next position.
"""
from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from engine import savefile
from engine.contract import centers_by_power, units_by_power
from engine.phases import Submission
from engine.state import GameState
from engine.variants import Variant
from engine.variants.engineered_rules.stacks import prisons

SAVES = Path(__file__).parent.parent / "data" / "saves" / "v1"
EXPECTED: dict[str, Any] = json.loads((SAVES / "expected.json").read_text(encoding="utf-8"))


def position(variant: Variant, state: GameState) -> dict[str, Any]:
    """A position as plain data, in the shape ``expected.json`` stores."""
    out: dict[str, Any] = {
        "phase": str(state.phase),
        "units": units_by_power(variant.all_units(state)),
        "centers": centers_by_power(state.centers),
        "dislodged": sorted([str(d.unit), d.unit.power, d.attacker, d.via_convoy, sorted(d.retreats)]
                            for d in state.dislodged.values()),
        "contested": sorted(state.contested),
    }
    if variant.id == "engineered":
        out["prisons"] = sorted([p.power, p.loc, p.origin] for p in prisons(state))
    return out


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_a_version_1_save_loads_with_the_same_positions(name: str) -> None:
    text = (SAVES / f"{name}.json").read_text(encoding="utf-8")
    assert json.loads(text)["format_version"] == 1
    game = savefile.loads(text)
    expected = EXPECTED[name]
    states = [rec.state for rec in game.history] + [game.state]
    assert [position(game.variant, s) for s in states] == expected["positions"]
    assert {p: game.pending_orders(p) for p in sorted(game.pending)} == expected["pending"]
    # Saved again it is the current format, and reads back as the same game.
    again = savefile.loads(savefile.dumps(game))
    assert json.loads(savefile.dumps(game))["format_version"] == savefile.SAVE_FORMAT_VERSION
    assert again.state == game.state and [r.state for r in again.history] == [r.state for r in game.history]


def as_worded_now(variant: Variant, reason: str) -> str:
    """A recorded reason as the engine words it now: version 1 named Engineered's powers by their ids
    ("no unit of FRANCE moved"), results now by their names ("France")."""
    return re.sub(r"\b[A-Z_]{3,}\b",
                  lambda m: variant.power_name(m[0]) if m[0] in variant.board.powers else m[0], reason)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_replaying_a_version_1_game_gives_the_recorded_results(name: str) -> None:
    """Games recorded before stacks became first-class adjudicate the same, phase by phase."""
    game = savefile.load_game(SAVES / f"{name}.json")
    states = [rec.state for rec in game.history] + [game.state]
    for rec, recorded_next in zip(game.history, states[1:]):
        result = Submission.from_texts(game.variant, rec.state, rec.orders).process()
        # Sorted: the engine lists default orders in board order, and a loaded board is in location order.
        got = sorted((r.power, r.order, r.result, r.reason, r.default) for r in result.results)
        want = sorted((r.power, r.order, r.result, as_worded_now(game.variant, r.reason), r.default) for r in rec.results)
        assert got == want, rec.state.phase
        assert result.state == recorded_next, rec.state.phase
