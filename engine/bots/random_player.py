"""A seeded random player: picks legal orders. Used for property tests, benchmarks and empty seats."""
from __future__ import annotations

import random

from ..game import Game
from ..orders import Build, Disband, Hold, Move, Order, Waive
from ..types import PhaseType

RANDOM = "random"


def random_orders(game: Game, power: str, rng: random.Random, move_bias: float = 0.6,
                  strength: str = RANDOM) -> list[str]:
    """One plausible set of orders for ``power``: mostly moves, some supports/convoys/holds. With a
    ``strength`` other than ``"random"`` the heuristic player of that strength chooses instead."""
    if strength != RANDOM:
        from . import bot_orders

        return bot_orders(game, power, rng, strength)
    per_unit = game.legal_orders(power)
    ptype = game.state.phase.type
    chosen: list[Order] = []
    if ptype is PhaseType.ADJUSTMENTS:
        delta = game.variant.adjustment_delta(game.state, power)
        if delta > 0:
            sites = list(per_unit)
            rng.shuffle(sites)
            for site in sites[:delta]:
                builds = [o for o in per_unit[site] if isinstance(o, Build)]
                chosen.append(rng.choice(builds) if builds and rng.random() < 0.9 else Waive(power))
        elif delta < 0:
            units = [orders[0] for orders in per_unit.values() if isinstance(orders[0], Disband)]
            rng.shuffle(units)
            # Sometimes leave removals out so the civil-disorder rule gets exercised.
            keep = -delta if rng.random() < 0.7 else rng.randrange(0, -delta)
            chosen.extend(units[:keep])
        return [str(o) for o in chosen]
    for loc, options in per_unit.items():
        if ptype is PhaseType.MOVEMENT:
            moves = [o for o in options if isinstance(o, Move)]
            if moves and rng.random() < move_bias:
                chosen.append(rng.choice(moves))
            else:
                others = [o for o in options if not isinstance(o, (Move, Hold))]
                chosen.append(rng.choice(others) if others and rng.random() < 0.8 else options[0])
        else:
            if rng.random() < 0.9:
                chosen.append(rng.choice(options))
    return [str(o) for o in chosen]


def play_random_phase(game: Game, rng: random.Random, strength: str = RANDOM) -> None:
    """Every power with something to order gets orders of ``strength`` (random by default); then the
    phase is adjudicated."""
    for power in game.powers_to_order():
        game.set_orders(power, random_orders(game, power, rng, strength=strength), ready=True)
    game.process()
