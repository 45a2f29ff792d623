"""Game-master mode: entering every power's orders, adjudicating, results on the map, the projector
board, exports and the results report, position corrections and rollback, view toggles."""
from __future__ import annotations

import pytest

pytest.importorskip("PySide6", reason="needs Qt")
pytestmark = pytest.mark.gui

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from app.widgets.main_window import MainWindow
from engine.types import UnitType

from gui_helpers import click, draft_lines, start, submit, window  # noqa: F401


def adjudicate_spring_with_a_dislodgement(qtbot: QtBot, window: MainWindow):  # type: ignore[no-untyped-def]
    page = start(window)
    panel = page.order_panel
    panel.text_box.setPlainText(
        "FRANCE\nA PAR - BUR\nA MAR S A PAR - BUR\n\nGERMANY\nA MUN - BUR\n\nITALY\nA VEN - TYR\n")
    panel.add_button.click()
    click(qtbot, page, "VIE")
    click(qtbot, page, "TYR")
    assert draft_lines(page, "AUSTRIA") == ["A VIE - TYR"]
    submit(qtbot, page)
    return page


def test_gm_adjudicates_and_shows_results_with_failures(qtbot: QtBot, window: MainWindow) -> None:
    page = adjudicate_spring_with_a_dislodgement(qtbot, window)
    assert page.game.phase == "F1901M"
    assert "Results of Spring 1901 Movement" in page.banner_text.text()
    arrows = {(a.from_loc, a.to_loc): a.failed for a in page.scene.arrows if str(a.kind) == "move"}
    assert arrows[("PAR", "BUR")] is False and arrows[("MUN", "BUR")] is True
    assert arrows[("VEN", "TYR")] is True and arrows[("VIE", "TYR")] is True
    assert page.entry is None  # results on the board: clicks don't order
    qtbot.mouseClick(page.banner_button, Qt.MouseButton.LeftButton)
    assert page.entry is not None and not page.scene.arrows
    assert "Fall 1901" in page.order_panel.header.text()
    report = page.history_panel.report.toPlainText()
    assert "Fall 1901 Movement" in report


def test_dislodged_units_are_offset_with_their_retreat_options(qtbot: QtBot, window: MainWindow) -> None:
    page = start(window)
    page.order_panel.text_box.setPlainText(
        "A PAR - BUR\nA MAR - BUR\nF BRE - PIC\nGermany: A MUN - BUR\nA MUN - BUR\n")
    page.order_panel.add_button.click()
    submit(qtbot, page)
    qtbot.mouseClick(page.banner_button, Qt.MouseButton.LeftButton)
    # Fall: a supported attack on a German army put into Burgundy by a correction.
    assert page.gm is not None
    page.order_panel.text_box.setPlainText("France: F PIC - BEL\nA PAR - BUR\nA MAR S A PAR - BUR\n")
    page.order_panel.add_button.click()
    page.gm.add_unit("GERMANY", UnitType.ARMY, "BUR")
    submit(qtbot, page)
    state = page.game.state
    assert state.dislodged_at("BUR") is not None and state.phase.type.value == "R"
    dislodged_items = [u for u in page.scene.units.values() if u.dislodged]
    assert len(dislodged_items) == 1
    anchor = page.map_geometry.shape("BUR").dislodged
    assert dislodged_items[0].pos() == anchor
    assert page.scene.retreat_options and len(page.scene.retreat_options[0].targets) == len(state.dislodged_at("BUR").retreats)
    assert "unit dislodged" in page.banner_text.text()


def test_projector_board_shows_only_public_information(qtbot: QtBot, window: MainWindow) -> None:
    page = start(window)
    board = page.open_board_window()
    qtbot.addWidget(board)
    assert board.isVisible() and "Spring 1901 Movement" in board.phase.text()
    click(qtbot, page, "PAR")
    click(qtbot, page, "BUR")
    assert page.scene.arrows and page.public_scene is not None and not page.public_scene.arrows
    submit(qtbot, page)
    assert page.public_scene.arrows  # the results are public
    # The header names what the board shows: the results, until Continue moves everyone on.
    assert board.phase.text() == "Spring 1901 Movement: results"
    qtbot.mouseClick(page.banner_button, Qt.MouseButton.LeftButton)
    assert board.phase.text() == "Fall 1901 Movement" and not page.public_scene.arrows
    page.close_windows()


def test_exports_and_report(qtbot: QtBot, window: MainWindow, tmp_path: Path) -> None:
    adjudicate_spring_with_a_dislodgement(qtbot, window)
    png, svg, pdf, txt = (tmp_path / n for n in ("b.png", "b.svg", "b.pdf", "r.txt"))
    assert window.export_board(png) and png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert window.export_board(svg) and b"<svg" in svg.read_bytes()[:2000]
    assert window.export_board(pdf) and pdf.read_bytes()[:5] == b"%PDF-"
    assert not window.export_board(tmp_path / "b.gif")
    assert "use a .png, .svg or .pdf" in window.statusBar().currentMessage()
    assert window.export_report(txt)
    text = txt.read_text(encoding="utf-8")
    assert "Spring 1901 Movement — results" in text and "A MUN - BUR" in text and "fails" in text


def test_position_corrections_in_edit_mode(qtbot: QtBot, window: MainWindow) -> None:
    page = start(window)
    window.edit_position_action.setChecked(True)
    assert page.edit_mode
    labels = [label for label, _ in page.edit_actions("BUR")]
    assert "Add army/France" in labels and "Owner/France" not in labels  # Burgundy is no centre
    click(qtbot, page, "BUR")  # opens the correction menu instead of ordering
    assert page.edit_menu.isVisible()
    page.edit_menu.hide()
    dict(page.edit_actions("BUR"))["Add army/Germany"]()
    assert str(page.game.state.units["BUR"]) == "A BUR"
    dict(page.edit_actions("BEL"))["Owner/England"]()
    assert page.game.state.centers["BEL"] == "ENGLAND"
    stp = [label for label, _ in page.edit_actions("STP")]
    assert "Remove F STP/SC (Russia)" in stp
    dict(page.edit_actions("STP"))["Remove F STP/SC (Russia)"]()
    assert "Add fleet (STP/NC)/Russia" in [label for label, _ in page.edit_actions("STP")]
    assert ("BUR" in {k[2] for k in page.scene.units})
    window.edit_position_action.setChecked(False)
    click(qtbot, page, "PAR")
    assert page.entry is not None and page.entry.selected == "PAR"


def test_rollback_from_the_history_panel(qtbot: QtBot, window: MainWindow) -> None:
    page = adjudicate_spring_with_a_dislodgement(qtbot, window)
    qtbot.mouseClick(page.banner_button, Qt.MouseButton.LeftButton)
    page.tabs.setCurrentWidget(page.history_panel)
    page.history_panel.phase_list.setCurrentRow(0)
    assert page.review_index == 0 and "REVIEW" in page.banner_text.text()
    assert page.history_panel.rollback_button.isVisible()
    page.history_panel.rollback_button.click()
    assert page.game.phase == "S1901M" and not page.game.history
    assert page.review_index is None and page.entry is not None


def test_view_toggles_and_colour_blind_palette(qtbot: QtBot, window: MainWindow) -> None:
    page = start(window)
    click(qtbot, page, "PAR")
    click(qtbot, page, "BUR")
    paris = next(u for k, u in page.scene.units.items() if k[2] == "PAR")
    before = paris.colour
    window.colour_blind_action.setChecked(True)
    assert paris.colour != before and window.store.load().colour_blind
    window.labels_action.setChecked(False)
    assert not any(label.isVisible() for label in page.scene.labels)
    window.orders_action.setChecked(False)
    assert not page.scene.arrows
    window.units_action.setChecked(False)
    assert not page.scene.units
    window.units_action.setChecked(True)
    window.orders_action.setChecked(True)
    window.labels_action.setChecked(True)
    assert page.scene.units and page.scene.arrows and all(label.isVisible() for label in page.scene.labels)
    QApplication.processEvents()
