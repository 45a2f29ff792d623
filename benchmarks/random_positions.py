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
from engine.state import GameState
from engine.types import PhaseType


@dataclass(frozen=True, slots=True)
class Sample:
    """One phase of a random game: the position and the order texts each power gave."""

    game_seed: int
    state: GameState
    orders: dict[str, list[str]]

    @property
    def phase(self) -> str:
        return str(self.state.phase)

    def request(self, orders: dict[str, list[str]] | None = None) -> dict[str, Any]:
        """The position and orders as an ``engine.adjudicate`` request (exact and replayable)."""
        state = self.state
        request: dict[str, Any] = {
            "variant": state.variant,
            "phase": str(state.phase),
            "units": units_by_power(state.units),
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


def random_samples(
    count: int,
    seed: int = 0,
    max_year: int = 1920,
    phase_types: frozenset[PhaseType] = frozenset({PhaseType.MOVEMENT}),
) -> list[Sample]:
    """The first ``count`` phases of the wanted types from random games seeded ``seed``, ``seed + 1``, ...

    Each game runs until someone wins or ``max_year`` ends, so the positions range from the opening
    (22 units) to crowded middle games.
    """
    if count <= 0:
        raise ValueError(f"count must be positive, got {count}")
    samples: list[Sample] = []
    game_seed = seed
    while len(samples) < count:
        rng = random.Random(game_seed)
        game = Game.new("standard")
        while not game.is_over and game.state.phase.year <= max_year and len(samples) < count:
            orders: dict[str, list[str]] = {}
            for power in game.powers_to_order():
                orders[power] = random_orders(game, power, rng)
                game.set_orders(power, orders[power], ready=True)
            if game.state.phase.type in phase_types:
                samples.append(Sample(game_seed, game.state, orders))
            game.process()
        game_seed += 1
    return samples
