"""1815 in the Qt-free controllers: the red-arrow denial (N on the fleet in the intervening sea) offered to
that fleet's owner alone, Convert in the winter menu, and the Diplomacy Point allocations drafted into a
power's orders from the panel the variant describes."""
from __future__ import annotations

import pytest

from app.controllers import allocations
from app.controllers.drafts import OrderDraft
from app.controllers.order_entry import Click, EntryOptions, OrderEntry
from engine.game import Game
from engine.types import ChancelleryError, Phase, Unit, UnitType


def entry_for(game: Game, powers: list[str], focus: str | None = None) -> tuple[OrderEntry, OrderDraft]:
    draft = OrderDraft(powers)
    return OrderEntry(EntryOptions.from_game(game, powers), draft, focus), draft


def british_fleet_in_the_irish_sea() -> Game:
    game = Game.new("1815")
    game.set_orders("BRITAIN", ["F LVP - IRS"], ready=True)
    game.process()
    assert game.state.units["IRS"] == Unit("BRITAIN", UnitType.FLEET, "IRS")
    return game


def test_n_on_the_fleet_in_the_intervening_sea_denies_the_crossing() -> None:
    game = british_fleet_in_the_irish_sea()
    entry, draft = entry_for(game, ["BRITAIN"])
    entry.click(Click("IRS"))
    assert "N" in entry.available_kinds()
    entry.key("N")
    assert draft.lines("BRITAIN") == ["DENY A SCO BY F IRS"]
    assert entry.selected_location() == "IRS"  # a side order: the fleet stays selected for its own order


def test_no_other_power_is_offered_the_denial() -> None:
    game = british_fleet_in_the_irish_sea()
    for power in ("FRANCE", "RUSSIA"):
        entry, draft = entry_for(game, [power])
        entry.click(Click("IRS"))  # another power's fleet: not selectable
        entry.key("N")
        assert draft.lines(power) == []
        assert not any(str(o).startswith("DENY") for orders in game.legal_orders(power).values() for o in orders)


def test_convert_is_a_line_of_the_winter_menu() -> None:
    game = Game.new("1815")
    state = game.variant.make_state(Phase.parse("W1815A"), list(game.state.units.values()), game.state.centers)
    game.replace_state(state)
    assert "BRITAIN" in game.powers_to_order()
    entry, draft = entry_for(game, ["BRITAIN"])
    entry.click(Click("LON"))
    question = entry.question
    assert question is not None
    labels = {c.key: c.label for c in question.choices}
    convert = [k for k, label in labels.items() if "Convert the fleet into an army" in label]
    assert convert, labels
    entry.choose(convert[0])
    assert question.prompt == "Winter in London:"
    assert draft.lines("BRITAIN") == ["CONVERT A LON"]  # written as what the unit becomes


def test_allocations_go_into_the_powers_draft_within_its_points() -> None:
    game = Game.new("1815")
    draft = OrderDraft(["FRANCE", "BRITAIN"])
    panel = allocations.allocation_panel(game, "FRANCE")
    assert panel is not None and panel.title == "Diplomacy Points" and panel.points == 4
    portugal = next(orders for unit, orders in panel.targets if unit.loc == "POR")
    hold = next(o for o in portugal if str(o) == "F POR H")
    allocations.allocate(game, draft, "FRANCE", 3, hold)
    assert draft.lines("FRANCE") == ["DP 3 F POR H"]
    assert allocations.points_left(game, draft, "FRANCE", panel) == 1
    spain = next(orders for unit, orders in panel.targets if unit.loc == "SPA")
    with pytest.raises(ChancelleryError, match="1 left of 4"):
        allocations.allocate(game, draft, "FRANCE", 2, spain[0])
    assert draft.lines("FRANCE") == ["DP 3 F POR H"]  # a refused allocation leaves the draft as it was
    allocations.allocate(game, draft, "FRANCE", 4, hold)  # the unit's own points count as free again
    assert draft.lines("FRANCE") == ["DP 4 F POR H"] and draft.lines("BRITAIN") == []
    assert [a.points for a in allocations.drafted(game, draft, "FRANCE", panel)] == [4]
    allocations.withdraw(game, draft, "FRANCE", Unit("PORTUGAL", UnitType.FLEET, "POR"))
    assert draft.lines("FRANCE") == []


def test_no_panel_outside_movement_or_in_a_variant_without_points() -> None:
    assert allocations.allocation_panel(Game.new("standard"), "FRANCE") is None
    assert allocations.allocation_panel(Game.new("1815"), None) is None
    assert allocations.allocation_panel(Game.new("1815", options={"dp_cap": 0}), "FRANCE") is None


def test_allocations_are_warned_of_only_when_they_overspend_the_points() -> None:
    from app.controllers.review import review

    game = Game.new("1815")
    assert game.variant.diplomacy_points(game.state, "BRITAIN") == 4

    def warnings(*lines: str) -> tuple[str, ...]:
        return review(game, "BRITAIN", [game.check_line("BRITAIN", line).order for line in lines]).warnings

    within = warnings("F LON H", "F LVP H", "F HIN H", "A SCO H", "DP 1 A PIE H", "DP 3 F HOL H")
    assert within == ()  # four points of four: nothing to warn of
    over = warnings("F LON H", "F LVP H", "F HIN H", "A SCO H", "DP 3 A PIE H", "DP 2 F HOL H")
    assert over == ("5 Diplomacy Points allocated, 4 this turn: overspent, all of them are forfeited",)
