"""Writes the version-1 save files in ``v1/`` (run once, at commit 3ef0248, the last to write version 1):

    python tests/data/saves/make_v1_saves.py

Each is a seeded random game saved mid-game with its whole history, so the loading test can check the
migrated position and replay every recorded phase against today's engine.
"""
from __future__ import annotations

import random
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE.parents[2]), str(HERE.parents[1] / "variants")]

from engine import savefile  # noqa: E402
from engine.bots import play_random_phase  # noqa: E402
from engine.game import Game  # noqa: E402
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


def _engineered(seed: int, phase: str) -> Game:
    game, rng = Game.new("engineered", {"level": "complex"}), random.Random(seed)
    while game.phase != phase:
        play_phase(game, rng)
    return game


def colonial() -> Game:
    game, rng = Game.new("colonial"), random.Random(5)
    while game.state.phase.year < 1874:
        play_random_phase(game, rng)
    return game


if __name__ == "__main__":
    for name, make in (("standard", standard), ("engineered", engineered), ("engineered_decoy", engineered_decoy),
                       ("colonial", colonial)):
        game = make()
        savefile.save_game(game, HERE / "v1" / f"{name}.json")
        print(name, game.phase, len(game.history), "phases")
