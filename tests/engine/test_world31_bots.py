"""The computer players in World Diplomacy: a unit nobody pays for disappears in Winter and Summer (seed
§2.5), so a bot seat pays its units' upkeep, or its country is wiped out the first Summer."""
from __future__ import annotations

import random

import pytest

from engine.bots import EASY, NORMAL, bot_orders
from engine.game import Game
from engine.types import Phase


@pytest.mark.parametrize("strength", [EASY, NORMAL])
def test_bots_pay_upkeep_and_keep_their_units_through_the_first_summer(strength: str) -> None:
    game = Game.new("world31")
    rng = random.Random(7)
    while str(game.phase) != "U2000M":  # Winter 2000 (no money yet), Spring 2000 (the first taxes), retreats
        for power in game.powers_to_order():
            game.set_orders(power, bot_orders(game, power, rng, strength), ready=True)
        game.process()
    before = {p: sum(1 for u in game.state.all_units() if u.power == p) for p in game.variant.powers}
    orders = {p: bot_orders(game, p, rng, strength) for p in game.powers_to_order()}
    upkeep = {p: [o for o in texts if o.startswith("MAINTAIN")] for p, texts in orders.items()}
    assert all(len(upkeep[p]) == before[p] for p in before if before[p]), \
        {p: (len(upkeep[p]), before[p]) for p in before if len(upkeep[p]) != before[p]}
    for power, texts in orders.items():
        game.set_orders(power, texts, ready=True)
    game.process()
    after = {p: sum(1 for u in game.state.all_units() if u.power == p) for p in game.variant.powers}
    assert sum(after.values()) >= sum(before.values()) * 0.9, (before, after)


@pytest.mark.parametrize("strength", [EASY, NORMAL])
def test_bots_buy_units_in_their_free_home_centres(strength: str) -> None:
    """Purchases are orders of the Winter and Summer movement phases (no adjustment phase): a bot that never
    bought a unit only ever shrank."""
    game = Game.new("world31")
    state = game.state
    homes = game.variant.board.powers["FRANCE"].home_centers
    free = next(p for p, u in sorted(state.units.items()) if u.power == "FRANCE" and p in homes)
    units = {p: u for p, u in state.units.items() if p != free}
    game.state = state.replace(phase=Phase.parse("U2000M"), units=units,
                               extra={**state.extra, "money": {**state.extra["money"], "FRANCE": 3000}})
    orders = bot_orders(game, "FRANCE", random.Random(3), strength)
    bought = [o for o in orders if o.endswith(" B")]
    assert len(bought) == 1 and f" {free}" in bought[0], orders
    game.set_orders("FRANCE", orders, ready=True)
    game.process()
    assert game.state.units[free].power == "FRANCE"
