"""Global Diplomacy's standing and messages tab at the window: the power at the orders votes for the victory
conditions on the first turn and writes anonymous messages (a long one cut into 45-character pieces) into its
sealed orders; the next turn the recipient reads the message, with no sender, and sees its standing, while no
other power's window shows the text."""
from __future__ import annotations

import pytest

pytest.importorskip("PySide6", reason="needs Qt")
pytestmark = pytest.mark.gui

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QSpinBox
from pytestqt.qtbot import QtBot

from app.controllers.setup import Mode, NewGameSpec
from app.widgets.game_page import GamePage
from app.widgets.main_window import MainWindow

from gui_helpers import pass_curtain, submit, visible_continue_buttons, window  # noqa: F401
from test_qt_hotseat_privacy import all_texts
from test_qt_world31_treasury import fill

LONG = "Spain, ally with me against France and we split Africa, reply by moving"


def open_gd(window: MainWindow, humans: tuple[str, ...]) -> GamePage:
    game = window.start_new_game(NewGameSpec("global_diplomacy", Mode.HOTSEAT, humans))
    assert game is not None and window.page is not None
    QApplication.processEvents()
    return window.page


def test_the_vote_and_messages_are_drafted_sealed_and_read_by_the_recipient_alone(qtbot: QtBot,
                                                                                  window: MainWindow) -> None:
    page = open_gd(window, ("ENGLAND", "SPAIN"))
    assert page.tabs.indexOf(page.account_panel) < 0  # behind the curtain: nothing
    pass_curtain(qtbot, page, "England")
    panel = page.account_panel
    assert "Victory points: 44" in panel.summary.text() and "Rank: 1 of 11" in panel.summary.text()
    page.tabs.setCurrentWidget(panel)
    panel.form_combo.setCurrentIndex(panel.form_combo.findData("vote"))
    turns, percent = panel.inputs["turns"], panel.inputs["percent"]
    assert isinstance(turns, QSpinBox) and (turns.minimum(), turns.maximum()) == (10, 40)
    assert isinstance(percent, QSpinBox) and (percent.minimum(), percent.maximum()) == (300, 500)
    turns.setValue(12)
    percent.setValue(350)
    panel.add_button.click()
    fill(page, "message", to="SPAIN", text=LONG)
    assert page.draft is not None
    lines = page.draft.lines("ENGLAND")
    assert "VC 12 350" in lines
    sent = [line for line in lines if line.startswith("ME SPAIN ")]
    assert len(sent) == 2 and all(len(line) - len("ME SPAIN ") <= 45 for line in sent)
    assert " ".join(line[len("ME SPAIN "):] for line in sent) == LONG
    submit(qtbot, page)
    assert "Africa" not in "\n".join(t for t in all_texts(window, page) if t), "behind the next curtain"
    pass_curtain(qtbot, page, "Spain-Portugal")
    assert "Africa" not in "\n".join(t for t in all_texts(window, page) if t), "during Spain's entry"
    submit(qtbot, page)
    results = "\n".join(t for t in all_texts(window, page) if t)
    assert "Africa" not in results, "the results shown to everyone at the machine"
    buttons = visible_continue_buttons(page)
    assert len(buttons) == 1
    qtbot.mouseClick(buttons[0], Qt.MouseButton.LeftButton)
    pass_curtain(qtbot, page, "England")  # the sender: it receives nothing and its vote is over
    assert "Africa" not in "\n".join(t for t in all_texts(window, page) if t)
    assert "Your victory vote: 12 turns, 350%" in page.account_panel.summary.text()
    assert page.account_panel.form_combo.findData("vote") < 0
    submit(qtbot, page)
    pass_curtain(qtbot, page, "Spain-Portugal")
    summary = page.account_panel.summary.text()
    assert "Anonymous message: Spain, ally with me against France and we\nAnonymous message: split Africa" in summary
    assert "England" not in summary and "ENGLAND" not in summary
