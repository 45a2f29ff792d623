"""The computer players in World Diplomacy: a unit nobody pays for disappears in Winter and Summer (seed
§2.5), so a bot seat pays its units' upkeep, or its country is wiped out the first Summer."""
from __future__ import annotations

import random

import pytest

from engine.bots import EASY, NORMAL, bot_orders
from engine.game import Game


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
