"""What an EMG board (Global Diplomacy) shows its players: owned land in its owner's colour, each power's
fog of war, and the relations between powers — all through variant hooks, Standard unchanged."""
from __future__ import annotations

import pytest

pytest.importorskip("PySide6", reason="needs Qt")

from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from app.controllers.setup import Mode, NewGameSpec
from app.drawing import palette
from app.scene.pictures import Display, board_picture, power_colours
from app.widgets.game_page import GamePage
from app.widgets.main_window import MainWindow
from engine.variants import find_variant

from gui_helpers import pass_curtain, start, window  # noqa: F401


def open_game(window: MainWindow, variant: str, mode: Mode = Mode.GM, humans: tuple[str, ...] = ()) -> GamePage:
    game = window.start_new_game(NewGameSpec(variant, mode, humans))  # type: ignore[arg-type]
    assert game is not None and window.page is not None
    QApplication.processEvents()
    return window.page


def test_owned_land_that_is_no_centre_is_drawn_in_its_owners_colour(qtbot: QtBot, window: MainWindow) -> None:
    page = open_game(window, "global_diplomacy")
    ireland = page.game.variant.board.lookup("2")
    assert ireland == "2" and ireland not in page.game.variant.board.supply_centers
    assert ireland not in page.game.state.units  # empty, yet England's
    fill = page.scene.provinces[ireland].fill.name()
    assert fill == palette.territory_colour(page.colours["ENGLAND"]).lower()
    assert fill != palette.territory_colour(page.colours["FRANCE"]).lower()


def test_standard_drawing_is_unchanged_by_the_owned_area_hook() -> None:
    variant = find_variant("standard")
    state = variant.initial_state()
    assert variant.owned_areas(state) == {}
    colours = power_colours(variant.board)
    with_variant = board_picture(variant.board, state, colours, Display(), variant=variant)
    without = board_picture(variant.board, state, colours, Display())
    assert with_variant.owners == without.owners
    # only centres and occupied provinces are tinted: empty Burgundy is nobody's
    assert "BUR" not in with_variant.owners and with_variant.owners["PAR"] == "FRANCE"


def shown_units(page: GamePage) -> set[tuple[str, str]]:
    return {(power, loc.split("/")[0]) for (power, _type, loc, _d), unit in page.scene.units.items()
            if unit.isVisible()}


def test_a_hot_seat_power_sees_only_its_fog_of_war(qtbot: QtBot, window: MainWindow) -> None:
    page = open_game(window, "global_diplomacy", Mode.HOTSEAT, ("ENGLAND", "FRANCE"))
    variant, state = page.game.variant, page.game.state
    for power in ("ENGLAND", "FRANCE"):
        pass_curtain(qtbot, page, power)
        seen = variant.seen_areas(state, power)
        assert seen is not None and len(seen) < len(variant.board.provinces)
        shown = shown_units(page)
        assert shown and all(area in seen for _p, area in shown)
        assert {(u.power, u.province) for u in state.units.values() if u.province in seen} == shown
        hidden = [u for u in state.units.values() if u.province not in seen]
        assert hidden and not {(u.power, u.province) for u in hidden} & shown  # others' far units stay hidden
        # unseen land is shaded, seen land is not
        far = next(a for a in variant.board.provinces if a not in seen and not variant.board.provinces[a].is_sea
                   and a in page.scene.provinces)
        assert far in page.scene.picture.unseen and not seen & page.scene.picture.unseen
        assert page.scene.provinces[far].fill.name() in {
            palette.fogged(palette.NEUTRAL_LAND).lower(),
            *(palette.fogged(palette.territory_colour(c)).lower() for c in page.colours.values())}
        page.order_panel.submit_button.click()
        page.order_panel.confirm_button.click()
        QApplication.processEvents()


def test_the_game_master_and_standard_games_see_no_fog(qtbot: QtBot, window: MainWindow) -> None:
    page = open_game(window, "global_diplomacy")
    assert page.scene.picture.unseen == frozenset()
    assert len(shown_units(page)) == len(page.game.state.units)
    standard = find_variant("standard")
    assert standard.seen_areas(standard.initial_state(), "FRANCE") is None


def panel_lines(widget: object) -> list[str]:
    return [widget.item(i).text() for i in range(widget.count())]  # type: ignore[attr-defined]


def test_the_relations_panel_shows_every_pair_and_only_the_power_at_the_orders_own_declarations(
        qtbot: QtBot, window: MainWindow) -> None:
    page = open_game(window, "global_diplomacy", Mode.HOTSEAT, ("ENGLAND", "FRANCE"))
    variant = page.game.variant
    assert page.tabs.indexOf(page.relations_panel) < 0  # behind the curtain: no panel
    pass_curtain(qtbot, page, "ENGLAND")
    assert page.tabs.indexOf(page.relations_panel) >= 0
    panel = page.relations_panel
    grid = panel.grid
    assert grid.rowCount() == grid.columnCount() == 11
    tips = [grid.item(r, c).toolTip() for r in range(11) for c in range(11) if r != c]
    assert len(tips) == 110 and "England – France: neutral" in "\n".join(tips)
    assert panel_lines(panel.pending) == []
    assert page.draft is not None
    page.draft.put("ENGLAND", variant.validate(variant.parse("DA FRANCE"), page.game.state, "ENGLAND"))
    page.refresh()
    assert panel_lines(panel.pending) == ["England → France: allied"]
    page.order_panel.submit_button.click()
    page.order_panel.confirm_button.click()
    QApplication.processEvents()
    assert page.tabs.indexOf(page.relations_panel) < 0
    pass_curtain(qtbot, page, "FRANCE")
    assert panel_lines(panel.pending) == []  # England's sealed declaration is not France's to read
    cells = [grid.item(r, c).text() + grid.item(r, c).toolTip() for r in range(11) for c in range(11)]
    assert not any("England →" in line or "DA" in line for line in panel_lines(panel.pending) + cells)


def test_standard_has_no_relations_panel(qtbot: QtBot, window: MainWindow) -> None:
    page = start(window)
    assert page.game.variant.relations_panel(page.game.state) is None
    assert page.tabs.indexOf(page.relations_panel) < 0
