"""EMG turn mails at the window: the game master pastes a player's mail into the orders box (the mail names
its power and replaces that power's orders; a bad line or a refused mail is shown naming its line, and kept
to edit), and the orders of the power at the orders are copied as a mail, from the order panel or the Edit
menu; behind the hot-seat curtain no power's copied orders are left on the clipboard."""
from __future__ import annotations

import pytest

pytest.importorskip("PySide6", reason="needs Qt")
pytestmark = pytest.mark.gui

from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from app.controllers.setup import Mode, NewGameSpec
from app.widgets.game_page import GamePage
from app.widgets.main_window import MainWindow

from gui_helpers import draft_lines, pass_curtain, start, submit, window  # noqa: F401

MAIL = """From: salisbury@example.org
Subject: EMGTURN

    EMGSTART
      3
      global1890
        MO 7 223
        SA 3 6
        MO 5 999
    EMGEND
--
Salisbury
"""


def open_gd(window: MainWindow, mode: Mode, humans: tuple[str, ...] = ()) -> GamePage:
    game = window.start_new_game(NewGameSpec("global_diplomacy", mode, humans))
    assert game is not None and window.page is not None
    QApplication.processEvents()
    return window.page


def statuses(page: GamePage) -> list[str]:
    said: list[str] = []
    page.status.connect(said.append)
    return said


def test_the_game_master_pastes_a_mail_and_copies_a_powers_orders(qtbot: QtBot, window: MainWindow) -> None:
    page = open_gd(window, Mode.GM)
    panel = page.order_panel
    panel.text_box.setPlainText("England: MO 3 4\nFrance: MO 18 14")
    panel.add_button.click()
    assert draft_lines(page, "ENGLAND") == ["A 3 - 4"]

    panel.text_box.setPlainText(MAIL)
    panel.add_button.click()
    assert draft_lines(page, "ENGLAND") == ["F 7 - 223", "SA 3 6"]  # the mail's set replaces England's orders
    assert draft_lines(page, "FRANCE") == ["A 18 - 14"]
    shown = [panel.order_list.item(i).text() for i in range(panel.order_list.count())]
    assert any("223" in row for row in shown) and not any("3 - 4" in row or "3 4" == row for row in shown)
    assert "line 9:" in panel.line_errors.text() and "999" in panel.line_errors.text()
    assert panel.text_box.toPlainText() == "ENGLAND: MO 5 999"  # the line that failed, to edit and add again

    refused = MAIL.replace("global1890", "GD001")
    panel.text_box.setPlainText(refused)
    panel.add_button.click()
    assert draft_lines(page, "ENGLAND") == ["F 7 - 223", "SA 3 6"]  # nothing changed
    assert "line 6:" in panel.line_errors.text() and "'GD001'" in panel.line_errors.text() \
        and "'global1890'" in panel.line_errors.text()
    assert panel.text_box.toPlainText() == refused  # the whole mail kept to correct

    said = statuses(page)
    assert panel.mail_button.isVisible() and panel.mail_button.text() == "Copy orders as EMG mail"
    QApplication.clipboard().setText("before")
    panel.mail_button.click()  # no power in focus: which one?
    assert QApplication.clipboard().text() == "before" and "Choose the power" in said[-1]
    panel.focus_combo.setCurrentIndex(panel.focus_combo.findData("ENGLAND"))
    panel.mail_button.click()
    assert QApplication.clipboard().text() == "EMGSTART\n3\nglobal1890\nMO 7 223\nSA 3 6\nEMGEND\n"
    assert "EMGTURN" in said[-1]
    panel.focus_combo.setCurrentIndex(panel.focus_combo.findData("FRANCE"))
    action = window.copy_mail_action
    assert action.isVisible() and action.isEnabled() and action.text() == "Copy orders as EMG mail"
    action.trigger()
    assert QApplication.clipboard().text() == "EMGSTART\n4\nglobal1890\nMO 18 14\nEMGEND\n"

    panel.text_box.setPlainText(QApplication.clipboard().text().replace("MO 18 14", "MO 18 16"))
    panel.add_button.click()  # the copied mail, edited, pasted back
    assert draft_lines(page, "FRANCE") == ["A 18 - 16"]


def test_a_standard_game_offers_no_mail(qtbot: QtBot, window: MainWindow) -> None:
    page = start(window)
    assert not page.order_panel.mail_button.isVisible()
    assert not window.copy_mail_action.isVisible()


def test_hot_seat_copies_only_the_power_at_the_orders_and_never_leaves_it_behind(qtbot: QtBot,
                                                                              window: MainWindow) -> None:
    page = open_gd(window, Mode.HOTSEAT, ("ENGLAND", "FRANCE"))
    panel = page.order_panel
    said = statuses(page)
    window.copy_mail_action.trigger()  # behind the curtain: nobody's orders
    assert "No orders" in said[-1]
    pass_curtain(qtbot, page, "England")
    panel.text_box.setPlainText("MO 7 223")
    panel.add_button.click()
    panel.mail_button.click()
    english = "EMGSTART\n3\nglobal1890\nMO 7 223\nEMGEND\n"
    assert QApplication.clipboard().text() == english
    submit(qtbot, page)
    assert QApplication.clipboard().text() == "", "England's orders wait on the clipboard for France"
    pass_curtain(qtbot, page, "France")
    panel.text_box.setPlainText(english)
    panel.add_button.click()  # England's mail can't be entered at France's turn
    assert draft_lines(page, "FRANCE") == [] and "not entered here" in panel.line_errors.text()
    panel.text_box.setPlainText("EMGSTART\nFrance\nglobal1890\nMO 18 14\nEMGEND")
    panel.add_button.click()
    assert draft_lines(page, "FRANCE") == ["A 18 - 14"]
    panel.mail_button.click()
    assert QApplication.clipboard().text() == "EMGSTART\n4\nglobal1890\nMO 18 14\nEMGEND\n"
