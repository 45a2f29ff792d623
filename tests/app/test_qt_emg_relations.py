"""The EMG relations grid and the orders picked on the map, by real clicks on Global Diplomacy: declarations,
grants of access (every area, or areas clicked on the map), calls to arms and spies, drafted through the
order reader; a power's drafts and calls reach no other power's grid."""
from __future__ import annotations

import pytest

pytest.importorskip("PySide6", reason="needs Qt")

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QMenu
from pytestqt.qtbot import QtBot

from app.controllers.setup import Mode, NewGameSpec
from app.widgets.game_page import GamePage
from app.widgets.main_window import MainWindow
from engine.types import Phase

from gui_helpers import click, draft_lines, key, pass_curtain, window  # noqa: F401
from gui_helpers import submit as submit_orders


def open_game(window: MainWindow, mode: Mode, humans: tuple[str, ...] = ()) -> GamePage:
    game = window.start_new_game(NewGameSpec("global_diplomacy", mode, humans))  # type: ignore[arg-type]
    assert game is not None and window.page is not None
    QApplication.processEvents()
    window.page.view.fit_to_window()
    # The first paint past the wrapping edge makes the view's unseen copies; showing them would close a
    # menu opened before it, which the user never sees (the board is painted as the game opens).
    window.page.view.viewport().grab()
    return window.page


def set_extra(page: GamePage, phase: str | None = None, **extra: object) -> None:
    """The game master corrects the position: relations, calls to arms, the turn."""
    assert page.gm is not None
    state = page.game.state
    new = state.replace(extra={**state.extra, **extra})
    if phase is not None:
        new = new.replace(phase=Phase.parse(phase))
    page.gm._edit(new)
    QApplication.processEvents()


def submit(qtbot: QtBot, page: GamePage) -> None:
    page.tabs.setCurrentWidget(page.order_panel)
    submit_orders(qtbot, page)
    QApplication.processEvents()


def click_cell(qtbot: QtBot, page: GamePage, row: str, column: str) -> QMenu | None:
    grid = page.relations_panel.grid
    page.tabs.setCurrentWidget(page.relations_panel)
    item = grid.cell_at(row, column)
    assert item is not None
    grid.scrollToItem(item)
    qtbot.mouseClick(grid.viewport(), Qt.MouseButton.LeftButton, pos=grid.visualItemRect(item).center())
    QApplication.processEvents()
    return grid.menu if grid.menu is not None and grid.menu.isVisible() else None


def menu_texts(menu: QMenu) -> list[str]:
    return [a.text() for a in menu.actions() if not a.isSeparator()]


def click_action(qtbot: QtBot, menu: QMenu, starts: str) -> None:
    action = next(a for a in menu.actions() if a.text().startswith(starts))
    qtbot.mouseClick(menu, Qt.MouseButton.LeftButton, pos=menu.actionGeometry(action).center())
    QApplication.processEvents()


def cell_text(page: GamePage, row: str, column: str) -> str:
    item = page.relations_panel.grid.cell_at(row, column)
    assert item is not None
    return item.text() + "\n" + item.toolTip()


def all_grid_text(page: GamePage) -> str:
    grid = page.relations_panel.grid
    cells = [grid.item(r, c) for r in range(grid.rowCount()) for c in range(grid.columnCount())]
    lists = [page.relations_panel.pending.item(i).text() for i in range(page.relations_panel.pending.count())]
    return "\n".join([i.text() + i.toolTip() for i in cells if i is not None] + lists
                     + [page.relations_panel.notes.text()])


def test_declare_in_clicks_from_the_grid_and_withdraw_it_sealed_from_the_next_power(
        qtbot: QtBot, window: MainWindow) -> None:
    page = open_game(window, Mode.HOTSEAT, ("ENGLAND", "FRANCE"))
    assert page.tabs.indexOf(page.relations_panel) < 0  # behind the curtain: no grid
    pass_curtain(qtbot, page, "ENGLAND")
    grid = page.relations_panel.grid
    assert grid.rowCount() == grid.columnCount() == 11
    assert click_cell(qtbot, page, "FRANCE", "GERMANY") is None  # another power's row is not England's to click
    menu = click_cell(qtbot, page, "ENGLAND", "FRANCE")
    assert menu is not None
    texts = menu_texts(menu)
    assert "Declare an alliance  (DA FRANCE)" in texts and "Grant access to every area  (GA FRANCE ALL)" in texts
    assert not any("DW" in t for t in texts)  # no war on the first turn (RG-REL-5)
    click_action(qtbot, menu, "Declare an alliance")
    assert draft_lines(page, "ENGLAND") == ["DA FRANCE"]
    assert "DA" in cell_text(page, "ENGLAND", "FRANCE").split("\n")[1]
    assert page.relations_panel.pending.item(0).text() == "England → France: allied"
    menu = click_cell(qtbot, page, "ENGLAND", "FRANCE")
    assert menu is not None and "Withdraw DA FRANCE" in menu_texts(menu)
    click_action(qtbot, menu, "Withdraw DA FRANCE")
    assert draft_lines(page, "ENGLAND") == []
    menu = click_cell(qtbot, page, "ENGLAND", "FRANCE")
    assert menu is not None
    click_action(qtbot, menu, "Declare an alliance")
    menu = click_cell(qtbot, page, "ENGLAND", "FRANCE")
    assert menu is not None
    click_action(qtbot, menu, "Grant access to every area")
    assert draft_lines(page, "ENGLAND") == ["DA FRANCE", "GA FRANCE ALL"]
    submit(qtbot, page)
    QApplication.processEvents()
    assert page.tabs.indexOf(page.relations_panel) < 0
    pass_curtain(qtbot, page, "FRANCE")
    text = all_grid_text(page)
    assert "DA" not in text and "GA" not in text and "England →" not in text  # England's orders are sealed
    menu = click_cell(qtbot, page, "FRANCE", "ENGLAND")
    assert menu is not None
    click_action(qtbot, menu, "Declare an alliance")
    assert draft_lines(page, "FRANCE") == ["DA ENGLAND"]
    submit(qtbot, page)
    QApplication.processEvents()
    # The turn is played: both declared, so England and France are allies for everyone to see.
    assert page.game.state.extra.get("relations") == {"ENGLAND FRANCE": "ally"}


def test_wars_peace_and_calls_to_arms_follow_the_relations(qtbot: QtBot, window: MainWindow) -> None:
    page = open_game(window, Mode.GM)
    set_extra(page, "F1891M", relations={"ENGLAND FRANCE": "ally", "ENGLAND GERMANY": "war"})
    page.order_panel.focus_power_changed.emit("ENGLAND")
    QApplication.processEvents()
    assert page.relations_panel.grid.grid is not None and page.relations_panel.grid.grid.viewer == "ENGLAND"
    assert "allied" in cell_text(page, "ENGLAND", "FRANCE") and "allied" in cell_text(page, "FRANCE", "ENGLAND")
    assert "war" in cell_text(page, "GERMANY", "ENGLAND")
    menu = click_cell(qtbot, page, "ENGLAND", "ITALY")
    assert menu is not None and "Declare war  (DW ITALY)" in menu_texts(menu)
    click_action(qtbot, menu, "Declare war")
    menu = click_cell(qtbot, page, "ENGLAND", "GERMANY")
    assert menu is not None and menu_texts(menu) == ["Offer peace (neutrality)  (DN GERMANY)"]  # no access at war
    click_action(qtbot, menu, "Offer peace")
    menu = click_cell(qtbot, page, "ENGLAND", "FRANCE")
    assert menu is not None
    texts = menu_texts(menu)
    assert "End the alliance (neutrality)  (DN FRANCE)" in texts
    click_action(qtbot, menu, "Call to arms against Germany")
    assert draft_lines(page, "ENGLAND") == ["DW ITALY", "DN GERMANY", "CA FRANCE GERMANY"]
    assert "CA → Ger" in cell_text(page, "ENGLAND", "FRANCE")


def test_a_call_to_arms_is_shown_to_the_power_called_alone(qtbot: QtBot, window: MainWindow) -> None:
    page = open_game(window, Mode.HOTSEAT, ("ENGLAND", "FRANCE", "ITALY"))
    assert page.flow is not None
    state = page.game.state
    page.game.replace_state(state.replace(extra={**state.extra, "calls": [["FRANCE", "ENGLAND", "ITALY"]],
                                                 "relations": {"ENGLAND FRANCE": "ally", "FRANCE ITALY": "war"}}))
    page.flow.start()
    page.refresh()
    pass_curtain(qtbot, page, "ENGLAND")
    assert not page.relations_panel.notes.isHidden()
    assert "France calls you to arms against Italy" in page.relations_panel.notes.text()
    submit(qtbot, page)
    pass_curtain(qtbot, page, "FRANCE")
    assert page.relations_panel.notes.text() == "You called England to arms against Italy"
    submit(qtbot, page)
    pass_curtain(qtbot, page, "ITALY")
    assert page.relations_panel.notes.isHidden() and "calls" not in page.relations_panel.notes.text()


def test_access_to_chosen_areas_is_clicked_on_the_map(qtbot: QtBot, window: MainWindow) -> None:
    page = open_game(window, Mode.HOTSEAT, ("ENGLAND", "FRANCE"))
    pass_curtain(qtbot, page, "ENGLAND")
    menu = click_cell(qtbot, page, "ENGLAND", "FRANCE")
    assert menu is not None
    click_action(qtbot, menu, "Grant access to chosen areas")
    assert page.area_picker is not None and page.area_picker.picking.key == "GA FRANCE"
    click(qtbot, page, "3")
    click(qtbot, page, "5")
    assert draft_lines(page, "ENGLAND") == ["GA FRANCE 3 5"]
    assert page.scene.picture.highlights == {"3", "5"}
    assert page.scene.railway_highlights == page.area_picker.picking.allowed - {"3", "5"}  # the rest of England's
    assert "2" in page.scene.railway_highlights and "18" not in page.scene.railway_highlights
    click(qtbot, page, "18")  # Paris is not England's to open
    assert "can't be picked" in page.area_picker.prompt and draft_lines(page, "ENGLAND") == ["GA FRANCE 3 5"]
    click(qtbot, page, "3")  # a second click takes it out
    assert draft_lines(page, "ENGLAND") == ["GA FRANCE 5"]
    assert "GA 1 area" in cell_text(page, "ENGLAND", "FRANCE")
    key(qtbot, page, Qt.Key.Key_Escape)
    assert page.area_picker is None
    click(qtbot, page, "3")  # the map orders units again
    assert page.entry is not None and page.entry.selected == "3"


def test_spies_are_picked_on_the_map_six_at_most_with_a_count(qtbot: QtBot, window: MainWindow) -> None:
    page = open_game(window, Mode.HOTSEAT, ("ENGLAND", "FRANCE"))
    pass_curtain(qtbot, page, "ENGLAND")
    page.tabs.setCurrentWidget(page.relations_panel)
    count, button = page.relations_panel.pick_rows["SP"]
    assert count.text() == "Spies: 0 of 6" and button.text() == "Pick on the map"
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    assert page.area_picker is not None and button.text() == "Done"
    targets = ["18", "20", "21", "14", "17", "16", "22"]
    for area in targets[:6]:
        click(qtbot, page, area)
    assert draft_lines(page, "ENGLAND") == ["SP " + " ".join(targets[:6])]
    assert count.text() == "Spies: 6 of 6"
    click(qtbot, page, targets[6])
    assert "6 at most" in page.area_picker.prompt and count.text() == "Spies: 6 of 6"
    click(qtbot, page, "20")
    assert count.text() == "Spies: 5 of 6" and "20" not in draft_lines(page, "ENGLAND")[0].split()
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    assert page.area_picker is None and button.text() == "Pick on the map"
    assert page.game.check_line("ENGLAND", draft_lines(page, "ENGLAND")[0]).ok


def test_age_of_discovery_spies_go_two_areas_beyond_what_is_known_and_twelve_a_turn(
        qtbot: QtBot, window: MainWindow) -> None:
    spec = NewGameSpec("age_of_discovery", Mode.HOTSEAT, (), extra_options={"seed": 4, "players": 9})
    game = window.start_new_game(spec)
    assert game is not None and window.page is not None
    page = window.page
    QApplication.processEvents()
    page.view.fit_to_window()
    power = page.flow.power if page.flow is not None else None
    assert power is not None
    pass_curtain(qtbot, page, power)
    count, button = page.relations_panel.pick_rows["SP"]
    assert count.text() == "Spies: 0 of 12"
    page.tabs.setCurrentWidget(page.relations_panel)
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    picker = page.area_picker
    assert picker is not None and picker.picking.allowed is not None
    reach = sorted(picker.picking.allowed, key=lambda a: (len(a), a))
    far = next(a for a in sorted(game.variant.board.provinces) if a not in picker.picking.allowed
               and a in page.scene.provinces)
    assert page.scene.railway_highlights == picker.picking.allowed  # the range is shown before any click
    click(qtbot, page, far)
    assert "can't be picked" in picker.prompt and count.text() == "Spies: 0 of 12"
    for area in reach[:13]:
        click(qtbot, page, area)
    assert count.text() == "Spies: 12 of 12" and "12 at most" in picker.prompt
    line = draft_lines(page, power)[0]
    assert line.split()[1:] == reach[:12] and game.check_line(power, line).ok


def test_a_declaration_naming_several_powers_fills_each_column_and_is_withdrawn_from_one(
        qtbot: QtBot, window: MainWindow, tmp_path: object) -> None:
    page = open_game(window, Mode.GM)
    page.order_panel.focus_power_changed.emit("FRANCE")
    QApplication.processEvents()
    page.order_panel.text_entered.emit("FRANCE: DA ENGLAND SPAIN")
    QApplication.processEvents()
    assert draft_lines(page, "FRANCE") == ["DA ENGLAND SPAIN"]
    assert "DA (+Spa)" in cell_text(page, "FRANCE", "ENGLAND") and "DA (+Eng)" in cell_text(page, "FRANCE", "SPAIN")
    assert "DA" not in cell_text(page, "FRANCE", "ITALY").split("\n")[1]
    import os
    shot = os.environ.get("EMG_SHOTS")
    if shot:
        page.relations_panel.grab().save(os.path.join(shot, "relations_several.png"))
    menu = click_cell(qtbot, page, "FRANCE", "ENGLAND")
    assert menu is not None
    texts = menu_texts(menu)
    assert "Withdraw DA ENGLAND SPAIN towards England only" in texts
    assert not any(t.startswith("Declare an alliance") for t in texts)  # already declared by the order
    click_action(qtbot, menu, "Withdraw DA ENGLAND SPAIN")
    assert draft_lines(page, "FRANCE") == ["DA SPAIN"]
    assert "DA" not in cell_text(page, "FRANCE", "ENGLAND").split("\n")[0:2][-1]
    assert "DA" in cell_text(page, "FRANCE", "SPAIN")
