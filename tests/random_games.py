"""Snapshots of seeded random games, shared by the tests that hold a fast path to the general one."""
from __future__ import annotations

import random

from engine.bots import random_orders
from engine.game import Game
from engine.types import PhaseType


def snapshots(variant_id: str, seed: int, phases: int, movement_only: bool = False) -> list[Game]:
    """One ``Game`` per phase of a random game of ``phases`` phases (or of its movement phases alone),
    each its own game on that phase's state."""
    rng = random.Random(seed)
    game = Game.new(variant_id)
    out = []
    for _ in range(phases):
        if game.is_over:
            break
        if not movement_only or game.state.phase.type is PhaseType.MOVEMENT:
            out.append(Game(game.variant, game.state))
        for power in game.powers_to_order():
            game.set_orders(power, random_orders(game, power, rng), ready=True)
        game.process()
    return out
