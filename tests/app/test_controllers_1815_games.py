"""Whole years of 1815 through the controllers: hot-seat (two scripted people, bots in four seats) and a
game master entering every power, with Diplomacy Points allocated from the panel and red-arrow denials
given wherever a fleet sits in an intervening sea; nobody reads another power's secrets in the results."""
from __future__ import annotations

import random

from app.controllers import allocations
from app.controllers.drafts import OrderDraft, as_order
from app.controllers.gm import GameMaster
from app.controllers.hotseat import HotSeatFlow, Stage
from app.controllers.setup import Mode, NewGameSpec, bot_seats, create_game, human_powers
from engine.game import Game
from engine.savefile import dumps
from engine.types import PhaseType
from engine.variants.base import PUBLIC_VIEW

BOTS = {"RUSSIA": "easy", "AUSTRIA": "normal", "OTTOMAN": "easy", "PRUSSIA": "normal"}
YEARS = 4


def play_person(game: Game, draft: OrderDraft, power: str, rng: random.Random) -> None:
    """What a person clicking might give: one legal order per unit or site, every denial on offer (a
    side order beside the fleet's own), and the turn's Diplomacy Points on one minor unit's order."""
    if game.phase == "S1815M" and power == "BRITAIN":
        draft.put(power, as_order(next(o for o in game.legal_orders(power)["LVP"] if str(o) == "F LVP - IRS")))
    for slot, options in sorted(game.legal_orders(power).items()):
        denials = [o for o in options if str(o).startswith("DENY")]
        plain = [o for o in options if o not in denials]
        if denials:
            draft.put(power, as_order(rng.choice(denials)))
        if plain and draft.order_for(power, slot) is None:
            draft.put(power, as_order(rng.choice(plain)))
    panel = allocations.allocation_panel(game, power)
    if panel is not None and panel.points > 0 and panel.targets:
        unit, orders = rng.choice(panel.targets)
        allocations.allocate(game, draft, power, rng.randint(1, panel.points), rng.choice(orders))


def secrets_in(game: Game) -> tuple[int, int]:
    """How many allocations and denials were submitted over the game (the GM's full results)."""
    results = [r for record in game.history for r in record.results]
    return (sum(1 for r in results if r.order.startswith("DP ")), sum(1 for r in results if r.order.startswith("DENY")))


def assert_no_secret_read_by_others(game: Game) -> None:
    for record in game.history:
        for viewer in (*game.variant.powers, PUBLIC_VIEW):
            for r in game.variant.results_for(record.state, record.results, viewer):
                if r.power != viewer and r.order.startswith("DP "):
                    raise AssertionError(f"{viewer} reads {r.power}'s allocation {r.order}")


def test_a_hot_seat_game_of_1815_plays_years_with_points_and_denials() -> None:
    game = create_game(NewGameSpec("1815", Mode.HOTSEAT, ("BRITAIN", "FRANCE"), bots=BOTS))
    saves: list[str] = []
    flow = HotSeatFlow(game, human_powers(game), autosave=lambda g: saves.append(dumps(g)),
                       rng=random.Random(15), bots=bot_seats(game))
    person = random.Random(1815)
    flow.start()
    while flow.stage is not Stage.OVER and game.state.phase.year < 1815 + YEARS:
        if flow.stage is Stage.CURTAIN:
            flow.reveal()
        elif flow.stage is Stage.ENTRY:
            assert flow.power in ("BRITAIN", "FRANCE") and flow.draft is not None
            assert flow.draft.all_orders() == []  # a fresh draft: nothing of the other person's
            play_person(game, flow.draft, flow.power, person)
            checks = flow.submit()
            assert all(c.ok for c in checks), [c.error for c in checks if not c.ok]
        else:
            flow.continue_after_results()
    assert game.state.phase.year >= 1815 + YEARS or game.is_over
    allocated, denied = secrets_in(game)
    assert allocated >= YEARS and denied >= 1, (allocated, denied)
    assert any(r.power in BOTS and not r.default for rec in game.history for r in rec.results)
    assert any(rec.state.phase.type is PhaseType.ADJUSTMENTS for rec in game.history)
    assert_no_secret_read_by_others(game)
    assert saves  # autosaved every phase


def test_a_game_master_plays_1815_for_every_power() -> None:
    game = create_game(NewGameSpec("1815", Mode.GM, ()))
    gm = GameMaster(game, rng=random.Random(3))
    rng = random.Random(1816)
    while not game.is_over and game.state.phase.year < 1815 + YEARS:
        for power in game.powers_to_order():
            gm.set_focus_power(power)
            play_person(game, gm.draft, power, rng)
        gm.adjudicate()
    allocated, denied = secrets_in(game)
    assert allocated >= len(game.variant.powers) and denied >= 1, (allocated, denied)
    followed = [r for rec in game.history for r in rec.results if "by Diplomacy Points" in (r.reason or "")]
    assert followed  # some minor unit carried out the order points bought it
    assert_no_secret_read_by_others(game)
