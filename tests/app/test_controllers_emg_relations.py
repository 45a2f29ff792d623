"""The relations grid and the area picker, without Qt: a grid reads only its viewer's draft, offers go
through the order reader, and picking keeps the draft's order in step with the areas clicked."""
from __future__ import annotations

from app.controllers.area_picks import AreaPicker, area_pickings
from app.controllers.drafts import OrderDraft
from app.controllers.relations import draft_relation_order, relations_grid, withdraw_relation_order
from engine.game import Game


def test_the_grid_reads_only_the_viewers_draft_and_drafts_through_the_reader() -> None:
    game = Game.new("global_diplomacy")
    draft = OrderDraft(game.variant.powers)
    assert draft_relation_order(game, draft, "FRANCE", game.variant.relation_orders(game.state, "FRANCE")[
        "ENGLAND"][0].order).power == "FRANCE"
    england_view = game.variant.view_for(game.state, "ENGLAND")
    grid = relations_grid(game, england_view, "ENGLAND", draft)
    assert grid is not None and grid.viewer == "ENGLAND" and len(grid.cells) == 121
    assert all(not c.drafted for c in grid.cells.values())  # France's DA ENGLAND is France's alone
    assert all(not c.offers for (row, _), c in grid.cells.items() if row != "ENGLAND")
    france = relations_grid(game, game.variant.view_for(game.state, "FRANCE"), "FRANCE", draft)
    assert france is not None and [str(o) for o in france.cell("FRANCE", "ENGLAND").drafted] == ["DA ENGLAND"]
    public = relations_grid(game, game.variant.view_for(game.state, "ENGLAND"), None, draft)
    assert public is not None and all(not c.drafted and not c.offers for c in public.cells.values())
    assert relations_grid(Game.new("standard"), Game.new("standard").state, "FRANCE", None) is None


def test_area_picker_keeps_the_draft_in_step_and_refuses_what_the_rules_forbid() -> None:
    game = Game.new("global_diplomacy")
    draft = OrderDraft(game.variant.powers)
    view = game.variant.view_for(game.state, "ENGLAND")
    spies = next(p for p in area_pickings(game, view, "ENGLAND") if p.key == "SP")
    picker = AreaPicker(game, view, draft, "ENGLAND", spies)
    for area in ("18", "20", "21", "14", "17", "16"):
        picker.click(area)
    assert draft.lines("ENGLAND") == ["SP 18 20 21 14 17 16"] and picker.count_text() == "6 of 6"
    picker.click("22")
    assert "6 at most" in picker.prompt and draft.lines("ENGLAND") == ["SP 18 20 21 14 17 16"]
    for area in ("18", "20", "21", "14", "17", "16"):
        picker.click(area)
    assert draft.lines("ENGLAND") == [] and picker.count_text() == "0 of 6"
    grant = next(p for p in area_pickings(game, view, "ENGLAND") if p.key == "GA FRANCE")
    picker = AreaPicker(game, view, draft, "ENGLAND", grant)
    picker.click("18")
    assert "can't be picked" in picker.prompt and draft.lines("ENGLAND") == []
    picker.click("2")
    assert draft.lines("ENGLAND") == ["GA FRANCE 2"] and picker.count_text() == "1 area"


def test_a_declaration_naming_several_powers_shows_in_each_column_and_is_withdrawn_column_by_column() -> None:
    game = Game.new("global_diplomacy")
    draft = OrderDraft(game.variant.powers)
    order = game.check_line("FRANCE", "DA ENGLAND SPAIN").order
    assert order is not None
    draft.put("FRANCE", order)
    grid = relations_grid(game, game.variant.view_for(game.state, "FRANCE"), "FRANCE", draft)
    assert grid is not None
    assert [str(o) for o in grid.cell("FRANCE", "ENGLAND").drafted] == ["DA ENGLAND SPAIN"]
    assert [str(o) for o in grid.cell("FRANCE", "SPAIN").drafted] == ["DA ENGLAND SPAIN"]
    assert not grid.cell("FRANCE", "ITALY").drafted
    # The alliance it already declares is not offered again in either column; the other offers stay.
    for column in ("ENGLAND", "SPAIN"):
        offered = [str(o.order) for o in grid.cell("FRANCE", column).offers]
        assert f"DA {column}" not in offered and f"GA {column} ALL" in offered
    assert "DA ITALY" in [str(o.order) for o in grid.cell("FRANCE", "ITALY").offers]
    withdraw_relation_order(draft, "FRANCE", order, "ENGLAND", game)
    assert draft.lines("FRANCE") == ["DA SPAIN"]
    grid = relations_grid(game, game.variant.view_for(game.state, "FRANCE"), "FRANCE", draft)
    assert grid is not None and not grid.cell("FRANCE", "ENGLAND").drafted
    assert [str(o) for o in grid.cell("FRANCE", "SPAIN").drafted] == ["DA SPAIN"]
    withdraw_relation_order(draft, "FRANCE", draft.orders("FRANCE")[0], "SPAIN", game)
    assert draft.lines("FRANCE") == []


def test_withdrawing_a_whole_order_or_one_not_drafted() -> None:
    game = Game.new("global_diplomacy")
    draft = OrderDraft(game.variant.powers)
    order = game.check_line("FRANCE", "DW ENGLAND SPAIN").order
    assert order is not None
    withdraw_relation_order(draft, "FRANCE", order, "ENGLAND", game)  # not drafted: nothing happens
    assert draft.lines("FRANCE") == []
    draft.put("FRANCE", order)
    withdraw_relation_order(draft, "FRANCE", order)  # no column: the whole order
    assert draft.lines("FRANCE") == []
