"""World Diplomacy movement phases for the lean path's differential tests: seeded random games, and order
lines as players write them (the random players' lines with others mixed in)."""
from __future__ import annotations

import random
from dataclasses import dataclass

from engine.bots import random_orders
from engine.game import Game
from engine.state import GameState
from engine.types import PhaseType


@dataclass(frozen=True)
class WorldPhase:
    state: GameState
    orders: dict[str, list[str]]


def world_phases(count: int, seed: int, years: int = 12) -> list[WorldPhase]:
    """``count`` movement phases (after the first year) of seeded random games, a new game when one ends
    or grows old, with the random players' order lines."""
    rng = random.Random(seed)
    phases: list[WorldPhase] = []
    game = Game.new("world31")
    first_year = game.state.phase.year
    while len(phases) < count:
        if game.is_over or game.state.phase.year > first_year + years:
            game = Game.new("world31")
        orders = {p: random_orders(game, p, rng) for p in game.powers_to_order()}
        if game.state.phase.type is PhaseType.MOVEMENT and game.state.phase.year > first_year:
            phases.append(WorldPhase(game.state, orders))
        for power, texts in orders.items():
            game.set_orders(power, texts, ready=True)
        game.process()
    return phases


def odd_lines(rng: random.Random, orders: dict[str, list[str]], state) -> dict[str, list[str]]:
    """The random players' lines with others mixed in: other notations, duplicates, clashes, other powers'
    units, nonsense, frozen places."""
    out = {p: list(ls) for p, ls in orders.items()}
    powers = list(out)
    for power in powers:
        lines = out[power]
        extra: list[str] = []
        for line in lines:
            r = rng.random()
            if r < 0.05:
                extra.append(line.lower())
            elif r < 0.08:
                extra.append(line)  # the same order twice
            elif r < 0.10 and line[:1] in "AF" and " - " not in line:
                extra.append(line.split(" S ")[0].split(" H")[0] + " H")  # a clash (or the same hold)
        if rng.random() < 0.3:
            other = rng.choice(powers)
            if out[other]:
                extra.append(rng.choice(out[other]))  # another power's unit
        if rng.random() < 0.2:
            extra.append("A XX1 - YY2")
        if rng.random() < 0.2 and state.units:
            prov, unit = rng.choice(sorted(state.units.items()))
            extra.append(f"{unit.type.value} {unit.loc} - {rng.choice(sorted(state.units))}")
        lines += extra
        rng.shuffle(lines)
    return out
