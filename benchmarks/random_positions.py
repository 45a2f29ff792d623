"""Seeded random standard-map positions with orders, made by playing random games in our engine.

Shared by the benchmark and the differential check against the MILA ``diplomacy`` package. Nothing here
imports that package, so positions can also be made in the ordinary project environment.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from engine.bots import random_orders
from engine.contract import centers_by_power, units_by_power
from engine.game import Game
from engine.options import legal_order_objects
from engine.orders import Convoy, Hold, Move, Order, SupportHold, SupportMove
from engine.state import GameState
from engine.types import PhaseType, province_of


@dataclass(frozen=True, slots=True)
class Sample:
    """One phase of a random game: the position and the order texts each power gave."""

    game_seed: int
    state: GameState
    orders: dict[str, list[str]]
    coherent: bool = False  # movement orders from coherent_orders rather than engine.bots.random_orders

    @property
    def phase(self) -> str:
        return str(self.state.phase)

    def request(self, orders: dict[str, list[str]] | None = None) -> dict[str, Any]:
        """The position and orders as an ``engine.adjudicate`` request (exact and replayable)."""
        state = self.state
        request: dict[str, Any] = {
            "variant": state.variant,
            "phase": str(state.phase),
            "units": units_by_power(state.units.values()),
            "centers": centers_by_power(state.centers),
            "orders": self.orders if orders is None else orders,
        }
        if state.dislodged:
            dislodged: dict[str, list[dict[str, Any]]] = {}
            for d in sorted(state.dislodged.values(), key=lambda d: (d.unit.power, d.unit.loc)):
                dislodged.setdefault(d.unit.power, []).append(
                    {"unit": str(d.unit), "attacker": d.attacker, "via_convoy": d.via_convoy})
            request["dislodged"] = dislodged
        if state.contested:
            request["contested"] = sorted(state.contested)
        return request


def _supports_or_convoys(order: Order, chosen: dict[str, Order]) -> bool:
    """Does the support or convoy ``order`` match what its target unit was told to do?"""
    if type(order) is SupportHold:
        return type(chosen.get(province_of(order.target.loc))) is not Move
    if isinstance(order, (SupportMove, Convoy)):
        target = chosen.get(province_of(order.target.loc))
        if not isinstance(target, Move):
            return False
        if isinstance(order, SupportMove) and "/" in order.dest:
            return bool(target.dest == order.dest)
        return bool(province_of(target.dest) == province_of(order.dest))
    return False


def coherent_orders(game: Game, rng: random.Random) -> dict[str, list[str]]:
    """Movement orders for every power where most supports and convoys back a move or hold actually
    ordered, so that battles, cut supports, dislodgements and convoys happen far more often than with
    independent random orders."""
    per_unit = {province_of(loc): options
                for per in legal_order_objects(game.variant, game.state).values() for loc, options in per.items()}
    chosen: dict[str, Order] = {}
    helpers: list[str] = []
    for prov, options in per_unit.items():
        roll = rng.random()
        moves = [o for o in options if type(o) is Move]
        if roll < 0.5 and moves:
            chosen[prov] = rng.choice(moves)
        elif roll < 0.6:
            chosen[prov] = Hold(game.state.units[prov])
        else:
            helpers.append(prov)
    rng.shuffle(helpers)
    for prov in helpers:
        options = per_unit[prov]
        backing = [o for o in options if _supports_or_convoys(o, chosen)]
        chosen[prov] = rng.choice(backing) if backing and rng.random() < 0.85 else rng.choice(options)
    orders: dict[str, list[str]] = {}
    for prov, order in chosen.items():
        orders.setdefault(game.state.units[prov].power, []).append(str(order))
    return orders


def random_samples(
    count: int,
    seed: int = 0,
    max_year: int = 1920,
    phase_types: frozenset[PhaseType] = frozenset({PhaseType.MOVEMENT}),
    coherent: bool = False,
    variant: str = "standard",
) -> list[Sample]:
    """The first ``count`` phases of the wanted types from random games of ``variant`` seeded ``seed``,
    ``seed + 1``, ...

    Each game runs until someone wins or ``max_year`` ends, so the positions range from the opening
    (22 units) to crowded middle games. Movement orders come from ``engine.bots.random_orders``, or with
    ``coherent`` from :func:`coherent_orders`.
    """
    if count <= 0:
        raise ValueError(f"count must be positive, got {count}")
    samples: list[Sample] = []
    game_seed = seed
    while len(samples) < count:
        rng = random.Random(game_seed)
        game = Game.new(variant)
        while not game.is_over and game.state.phase.year <= max_year and len(samples) < count:
            if coherent and game.state.phase.type is PhaseType.MOVEMENT:
                orders = coherent_orders(game, rng)
            else:
                orders = {power: random_orders(game, power, rng) for power in game.powers_to_order()}
            for power, texts in orders.items():
                game.set_orders(power, texts, ready=True)
            if game.state.phase.type in phase_types:
                samples.append(Sample(game_seed, game.state, orders, coherent))
            game.process()
        game_seed += 1
    return samples
