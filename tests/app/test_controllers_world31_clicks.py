"""World Diplomacy's orders by clicking the map, in a Summer (upkeep and purchases are movement orders):
K on a selected unit pays its upkeep (and withdraws it again), a click on a militia's badge selects the
militia for its own orders, and a click on a free home centre offers the purchases there. Before, only the
armies' and fleets' own orders could be clicked: upkeep, militia and purchases had to be typed."""
from __future__ import annotations

from app.controllers.drafts import OrderDraft
from app.controllers.entry_options import EntryOptions
from app.controllers.order_entry import Click, OrderEntry, Step
from app.controllers.setup import Mode, NewGameSpec, create_game
from engine.game import Game
from engine.state import StackedUnit
from engine.types import Phase, UnitType

FRANCE = "FRANCE"


def summer_game() -> tuple[Game, str, str]:
    """Summer 2000 with France's money, a militia beside its army in one home centre and another home
    centre left free (where it may buy)."""
    game = create_game(NewGameSpec("world31", Mode.GM, ()))
    state = game.state
    homes = game.variant.board.powers[FRANCE].home_centers
    armies = sorted(p for p, u in state.units.items() if u.power == FRANCE and u.type is UnitType.ARMY and p in homes)
    guarded, free = armies[0], armies[1]
    units = {p: u for p, u in state.units.items() if p != free}
    money = {**state.extra["money"], FRANCE: 5000}
    game.state = state.replace(phase=Phase.parse("U2000M"), units=units,
                               stacked=(StackedUnit(FRANCE, UnitType.MILITIA, guarded),),
                               extra={**state.extra, "money": money})
    return game, guarded, free


def entry_for(game: Game, power: str | None = FRANCE) -> tuple[OrderEntry, OrderDraft]:
    draft = OrderDraft(list(game.variant.powers))
    return OrderEntry(EntryOptions.from_game(game, game.powers_to_order()), draft, power, game_master=True), draft


def test_k_on_a_selected_unit_pays_its_upkeep_and_withdraws_it() -> None:
    game, guarded, _free = summer_game()
    entry, draft = entry_for(game)
    entry.click(Click(guarded))
    assert "K" in entry.available_kinds(), entry.prompt
    entry.key("K")
    assert draft.lines(FRANCE) == [f"MAINTAIN A {guarded}"]
    assert entry.selected == guarded and entry.step is Step.UNIT, "the army stays selected for its own order"
    entry.key("H")
    assert draft.lines(FRANCE) == [f"MAINTAIN A {guarded}", f"A {guarded} H"]
    entry.click(Click(guarded))
    entry.key("K")  # a drafted upkeep is offered for withdrawal
    assert entry.question is not None and "Stop paying" in entry.question.choices[0].label
    entry.choose(entry.question.choices[0].key)
    assert draft.lines(FRANCE) == [f"A {guarded} H"]


def test_a_militias_badge_selects_the_militia_for_its_own_orders_and_upkeep() -> None:
    game, guarded, free = summer_game()
    entry, draft = entry_for(game)
    entry.click(Click(guarded, badge=(FRANCE, "M", guarded)))
    assert entry.selected == guarded and entry.slot == (guarded, "M", FRANCE), entry.prompt
    assert free in entry.highlights, "the militia may walk into the free home centre next door"
    entry.key("K")
    assert draft.lines(FRANCE) == [f"MAINTAIN M {guarded}"]
    entry.click(Click(free))
    assert f"M {guarded} - {free}" in draft.lines(FRANCE)
    assert not any(line.startswith(f"A {guarded}") for line in draft.lines(FRANCE)), "the army keeps no order"


def test_a_click_on_a_free_home_centre_offers_the_purchases_there() -> None:
    game, _guarded, free = summer_game()
    entry, draft = entry_for(game)
    entry.click(Click(free))
    question = entry.question
    assert question is not None, entry.prompt
    assert {c.key for c in question.choices} >= {"A", "M"}
    entry.choose("M")
    assert draft.lines(FRANCE) == [f"M {free} B"]
    entry.click(Click(free))  # again: change it, or buy nothing there
    assert entry.question is not None and "X" in {c.key for c in entry.question.choices}
    entry.choose("X")
    assert draft.lines(FRANCE) == []


def test_the_hover_card_says_a_place_is_frozen_this_season() -> None:
    """The map's hover card (what a player reads over a place) says why a shaded place is closed; before, it
    said nothing of the wash, and only the board's own tooltip, after a wait, did."""
    from app.controllers.describe import hover_lines

    game = create_game(NewGameSpec("world31", Mode.GM, ()))  # Winter: the Arctic is frozen
    variant = game.variant
    frozen = sorted(variant.shaded_places(game.state))
    assert frozen
    lines = hover_lines(variant.board, game.state, frozen[0], variant)
    assert "Frozen this season" in lines, lines
    open_place = next(p for p in sorted(variant.board.provinces) if p not in frozen)
    assert not any("rozen" in line for line in hover_lines(variant.board, game.state, open_place, variant))


def test_the_hover_card_names_a_provinces_city() -> None:
    """A city is worth $3 in taxes against $2 and counts for conquering a continent; the map marks only the
    home centres, so the hover card names the city."""
    from app.controllers.describe import hover_lines

    game = create_game(NewGameSpec("world31", Mode.GM, ()))
    board = game.variant.board
    lines = hover_lines(board, game.state, "NA3", game.variant)
    assert "city: Anchorage" in lines[1], lines
    cityless = next(p for p in sorted(board.provinces) if board.provinces[p].is_land and not board.provinces[p].city)
    assert "city" not in hover_lines(board, game.state, cityless, game.variant)[1]
