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
    assert "Anonymous messages: 2 with last turn's results, 2 in all" in summary
    log = page.account_panel.log_list
    received = [log.item(i).text() for i in range(log.count())]
    assert received == ["Turn 1: Spain, ally with me against France and we", "Turn 1: split Africa, reply by moving"]
    assert "England" not in summary + "".join(received) and "ENGLAND" not in summary + "".join(received)
    import os
    shot = os.environ.get("EMG_SHOTS")
    if shot:
        page.tabs.setCurrentWidget(page.account_panel)
        page.account_panel.grab().save(os.path.join(shot, "standing_received.png"))
    # A turn later the messages are still there to read again, and only for Spain.
    page.tabs.setCurrentWidget(page.order_panel)
    submit(qtbot, page)
    buttons = visible_continue_buttons(page)
    assert len(buttons) == 1
    qtbot.mouseClick(buttons[0], Qt.MouseButton.LeftButton)
    pass_curtain(qtbot, page, "England")
    assert "Africa" not in "\n".join(t for t in all_texts(window, page) if t)
    submit(qtbot, page)
    pass_curtain(qtbot, page, "Spain-Portugal")
    log = page.account_panel.log_list
    assert [log.item(i).text() for i in range(log.count())] == received
    assert "0 with last turn's results, 2 in all" in page.account_panel.summary.text()


def test_the_game_master_reads_every_standing_vote_and_message_with_its_sender(qtbot: QtBot,
                                                                               window: MainWindow) -> None:
    game = window.start_new_game(NewGameSpec("global_diplomacy", Mode.GM, ()))
    assert game is not None and window.page is not None
    page = window.page
    QApplication.processEvents()
    assert page.tabs.indexOf(page.master_panel) >= 0 and page.tabs.tabText(page.tabs.indexOf(page.master_panel)) \
        == "Game master"
    for power, lines in (("ENGLAND", ["VC 12 350", "ME SPAIN Meet at Gibraltar"]), ("FRANCE", ["VC 30 450"])):
        assert all(c.ok for c in page.game.set_orders(power, lines))
    assert page.gm is not None
    page.gm.adjudicate()
    QApplication.processEvents()
    page.refresh()
    standings = page.master_panel.cell_texts(0)
    assert len(standings) == 11 and all(len(row) == 5 for row in standings)
    england = next(r for r in standings if r[0] == "England")
    assert england[4] == "12 turns, 350%" and england[2].endswith("%")
    assert next(r for r in standings if r[0] == "France")[4] == "30 turns, 450%"
    assert page.master_panel.cell_texts(1) == [["1", "England", "Spain-Portugal", "Meet at Gibraltar"]]
    assert "21 turns or at a 400% increase" in page.master_panel.notes[0].text()
    import os
    shot = os.environ.get("EMG_SHOTS")
    if shot:
        page.tabs.setCurrentWidget(page.master_panel)
        page.master_panel.resize(520, 640)
        page.master_panel.grab().save(os.path.join(shot, "master_panel.png"))


def test_a_hot_seat_power_never_gets_the_game_masters_tab(qtbot: QtBot, window: MainWindow) -> None:
    page = open_gd(window, ("ENGLAND", "SPAIN"))
    pass_curtain(qtbot, page, "England")
    assert page.tabs.indexOf(page.master_panel) < 0 and page.master_panel.panel is None
