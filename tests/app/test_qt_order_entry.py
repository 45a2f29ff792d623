"""Entering orders by real mouse clicks and key presses on the map view."""
from __future__ import annotations

import pytest

pytest.importorskip("PySide6", reason="needs Qt")
pytestmark = pytest.mark.gui

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from app.controllers.order_entry import Step
from app.widgets.main_window import MainWindow
from engine.types import UnitType

from gui_helpers import click, draft_lines, key, start, window  # noqa: F401  (fixture)


def test_move_by_two_clicks(qtbot: QtBot, window: MainWindow) -> None:
    page = start(window)
    click(qtbot, page, "PAR")
    assert page.entry is not None and page.entry.selected == "PAR"
    assert page.scene.provinces["BUR"].lit == {"BUR"} and page.scene.provinces["PAR"].is_selected_province
    assert not page.scene.provinces["MUN"].lit
    assert page.flyout.isVisible()
    click(qtbot, page, "BUR")
    assert draft_lines(page, "FRANCE") == ["A PAR - BUR"]
    assert [str(a.kind) for a in page.scene.arrows] == ["move"]
    assert not page.scene.provinces["BUR"].lit
    texts = [page.order_panel.order_list.item(i).text() for i in range(page.order_panel.order_list.count())]
    assert texts == ["A PAR - BUR"]


def test_support_by_clicks_and_the_s_key(qtbot: QtBot, window: MainWindow) -> None:
    page = start(window)
    click(qtbot, page, "MAR")
    key(qtbot, page, Qt.Key.Key_S)
    assert page.entry is not None and page.entry.stage == "support_target"
    click(qtbot, page, "PAR")
    click(qtbot, page, "BUR")
    assert draft_lines(page, "FRANCE") == ["A MAR S A PAR - BUR"]
    # Support hold: the supported unit's own province.
    click(qtbot, page, "LVP")
    key(qtbot, page, Qt.Key.Key_S)
    click(qtbot, page, "EDI")
    click(qtbot, page, "EDI")
    assert draft_lines(page, "ENGLAND") == ["A LVP S F EDI"]


def test_support_through_the_flyout_buttons(qtbot: QtBot, window: MainWindow) -> None:
    page = start(window)
    click(qtbot, page, "MUN")
    assert page.flyout.buttons["S"].isVisible() and not page.flyout.buttons["C"].isVisible()
    qtbot.mouseClick(page.flyout.buttons["S"], Qt.MouseButton.LeftButton)
    click(qtbot, page, "BER")
    click(qtbot, page, "SIL")
    assert draft_lines(page, "GERMANY") == ["A MUN S A BER - SIL"]


def test_convoy_by_clicks(qtbot: QtBot, window: MainWindow) -> None:
    page = start(window)
    assert page.gm is not None
    page.gm.remove_unit("LON")
    page.gm.add_unit("ENGLAND", UnitType.FLEET, "NTH")
    page.gm.add_unit("ENGLAND", UnitType.ARMY, "YOR")
    click(qtbot, page, "NTH")
    key(qtbot, page, Qt.Key.Key_C)
    assert page.entry is not None and page.entry.highlights == {"YOR"}
    click(qtbot, page, "YOR")
    click(qtbot, page, "NWY")
    click(qtbot, page, "YOR")
    click(qtbot, page, "NWY")
    assert draft_lines(page, "ENGLAND") == ["F NTH C A YOR - NWY", "A YOR - NWY"]
    assert sorted(str(a.kind) for a in page.scene.arrows) == ["convoy", "move"]
    assert not any("needs a convoy" in w for w in page.order_panel.warnings.text().splitlines())


def test_coast_menu_appears_only_when_two_coasts_are_legal(qtbot: QtBot, window: MainWindow) -> None:
    page = start(window)
    assert page.gm is not None
    page.gm.remove_unit("BRE")
    page.gm.add_unit("FRANCE", UnitType.FLEET, "MAO")
    click(qtbot, page, "MAO")
    click(qtbot, page, "SPA")
    menu = page.question_menu
    assert menu is not None and menu.isVisible()
    labels = [a.text() for a in menu.actions() if not a.isSeparator() and a.text()]
    assert any(label.startswith("north coast") for label in labels)
    south = next(a for a in menu.actions() if a.text().startswith("south coast"))
    south.trigger()
    assert draft_lines(page, "FRANCE") == ["F MAO - SPA/SC"]
    assert page.question_menu is None


def test_escape_and_right_click_cancel(qtbot: QtBot, window: MainWindow) -> None:
    page = start(window)
    click(qtbot, page, "PAR")
    key(qtbot, page, Qt.Key.Key_Escape)
    assert page.entry is not None and page.entry.selected is None
    assert not any(item.lit for item in page.scene.provinces.values())
    click(qtbot, page, "PAR")
    click(qtbot, page, "BUR", Qt.MouseButton.RightButton)
    assert page.entry.selected is None and draft_lines(page, "FRANCE") == []


def test_new_order_replaces_old_and_undo_redo_from_the_menu(qtbot: QtBot, window: MainWindow) -> None:
    page = start(window)
    click(qtbot, page, "PAR")
    click(qtbot, page, "BUR")
    click(qtbot, page, "PAR")
    click(qtbot, page, "PIC")
    assert draft_lines(page, "FRANCE") == ["A PAR - PIC"]
    window.undo_action.trigger()
    assert draft_lines(page, "FRANCE") == ["A PAR - BUR"]
    window.redo_action.trigger()
    assert draft_lines(page, "FRANCE") == ["A PAR - PIC"]
    assert page.order_panel.undo_button.toolTip() == "Undo A PAR - PIC"


def test_typed_orders_with_per_line_errors(qtbot: QtBot, window: MainWindow) -> None:
    page = start(window)
    panel = page.order_panel
    panel.text_box.setPlainText("France: A PAR - BUR\nA XYZ - BUR\nF KIE - DEN\n")
    qtbot.mouseClick(panel.add_button, Qt.MouseButton.LeftButton)
    assert draft_lines(page, "FRANCE") == ["A PAR - BUR"]
    assert draft_lines(page, "GERMANY") == ["F KIE - DEN"]  # the power comes from the unit
    assert panel.text_box.toPlainText() == "A XYZ - BUR"  # the failed line stays for editing
    assert "unknown place 'XYZ'" in panel.line_errors.text()


def test_removing_an_order_from_the_list(qtbot: QtBot, window: MainWindow) -> None:
    page = start(window)
    click(qtbot, page, "PAR")
    click(qtbot, page, "BUR")
    click(qtbot, page, "MAR")
    click(qtbot, page, "SPA")
    lst = page.order_panel.order_list
    lst.setCurrentRow(0)
    qtbot.mouseClick(page.order_panel.remove_button, Qt.MouseButton.LeftButton)
    assert draft_lines(page, "FRANCE") == ["A MAR - SPA"]


def test_hold_the_rest_and_the_guidance_line(qtbot: QtBot, window: MainWindow) -> None:
    page = start(window)
    click(qtbot, page, "PAR")
    click(qtbot, page, "BUR")
    assert "France: 1 of 3 units ordered" in page.order_panel.guidance.text()
    assert "21 units have no order" in page.order_panel.warnings.text()
    assert "PAR" not in {loc for loc in page.scene.units if page.scene.units[loc].awaiting}
    qtbot.mouseClick(page.order_panel.hold_rest_button, Qt.MouseButton.LeftButton)
    assert "France: 3 of 3 units ordered" in page.order_panel.guidance.text()
    assert not any(u.awaiting for u in page.scene.units.values())


def test_hover_card_names_the_province(qtbot: QtBot, window: MainWindow) -> None:
    page = start(window)
    from gui_helpers import point_of

    qtbot.mouseMove(page.view.viewport(), point_of(page, "PAR"))
    QApplication.processEvents()
    text = page.hover_card.text()
    assert page.hover_card.isVisible()
    assert "Paris (PAR)" in text and "home of France" in text and "French army" in text
