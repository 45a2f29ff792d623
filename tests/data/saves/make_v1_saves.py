"""Writes the version-1 save files in ``v1/`` and the positions that engine read from them,
``v1/expected.json`` (run once, at commit 3ef0248, the last to write version 1):

    python tests/data/saves/make_v1_saves.py

Each is a seeded random game saved mid-game with its whole history, so the loading test can check the
migrated position and replay every recorded phase against today's engine.
"""
from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE.parents[2]), str(HERE.parents[1] / "variants")]

from engine import savefile  # noqa: E402
from engine.bots import play_random_phase  # noqa: E402
from engine.contract import centers_by_power, units_by_power  # noqa: E402
from engine.game import Game  # noqa: E402
from engine.state import GameState  # noqa: E402
from engine.types import PhaseType  # noqa: E402
from test_engineered import play_phase  # noqa: E402  (its random player uses every Engineered order kind)


def standard() -> Game:
    """Standard, stopped in its first retreat phase (F1902R), with one power's orders pending."""
    game, rng = Game.new(), random.Random(14)
    while game.state.phase.type is not PhaseType.RETREATS:
        play_random_phase(game, rng)
    power = sorted(game.powers_to_order())[0]
    options = game.legal_orders(power)
    game.set_orders(power, [str(orders[0]) for orders in options.values()])
    return game


def engineered() -> Game:
    """Engineered (complex level), stopped in a retreat phase (F1905R) with engineers and a prison."""
    return _engineered(3, "F1905R")


def engineered_decoy() -> Game:
    """Engineered (complex level), stopped in an adjustment phase (W1904A) with a prison and a decoy."""
    return _engineered(4, "W1904A")


def engineered_advanced() -> Game:
    """Engineered at the advanced level, stopped in a retreat phase (S1904R) with madman units on the board."""
    return _engineered(1, "S1904R", "advanced")


def _engineered(seed: int, phase: str, level: str = "complex") -> Game:
    game, rng = Game.new("engineered", {"level": level}), random.Random(seed)
    while game.phase != phase:
        play_phase(game, rng)
    return game


def colonial() -> Game:
    game, rng = Game.new("colonial"), random.Random(5)
    while game.state.phase.year < 1874:
        play_random_phase(game, rng)
    return game


def position(game: Game, state: GameState) -> dict[str, Any]:
    """A position as version 1 reads it (the shape ``expected.json`` stores)."""
    variant = game.variant
    out: dict[str, Any] = {
        "phase": str(state.phase),
        "units": units_by_power(variant.all_units(state)),
        "centers": centers_by_power(state.centers),
        "dislodged": sorted([str(d.unit), d.unit.power, d.attacker, d.via_convoy, sorted(d.retreats)]
                            for d in state.dislodged.values()),
        "contested": sorted(state.contested),
    }
    if variant.id == "engineered":
        out["prisons"] = sorted([s["power"], s["loc"], s["from"]] for s in state.extra["stacked"] if s["kind"] == "P")
    return out


if __name__ == "__main__":
    expected = {}
    for name, make in (("standard", standard), ("engineered", engineered), ("engineered_decoy", engineered_decoy),
                       ("engineered_advanced", engineered_advanced),
                       ("colonial", colonial)):
        game = make()
        savefile.save_game(game, HERE / "v1" / f"{name}.json")
        print(name, game.phase, len(game.history), "phases")
        game = savefile.load_game(HERE / "v1" / f"{name}.json")  # as read back, board order and all
        expected[name] = {"positions": [position(game, s) for s in [r.state for r in game.history] + [game.state]],
                          "pending": {p: game.pending_orders(p) for p in sorted(game.pending)}}
    (HERE / "v1" / "expected.json").write_text(json.dumps(dict(sorted(expected.items())), indent=1) + "\n")
