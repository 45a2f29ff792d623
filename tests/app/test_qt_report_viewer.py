"""The turn report window: a phase's report in the variant's own layout (EMG's turn report), read as the game
master or any power in a GM game, and only as the power at its orders behind a hot-seat curtain."""
from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("PySide6", reason="needs Qt")

from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from app.controllers.setup import Mode, NewGameSpec
from app.widgets.game_page import GamePage
from app.widgets.main_window import MainWindow
from app.widgets.report_viewer import ReportViewer
from engine.report import phase_report

from gui_helpers import pass_curtain, window  # noqa: F401


def open_game(window: MainWindow, mode: Mode = Mode.GM, humans: tuple[str, ...] = ()) -> GamePage:
    game = window.start_new_game(NewGameSpec("global_diplomacy", mode, humans))  # type: ignore[arg-type]
    assert game is not None and window.page is not None
    QApplication.processEvents()
    return window.page


def test_the_game_master_reads_anyones_report_and_saves_it(qtbot: QtBot, window: MainWindow, tmp_path: Path) -> None:
    page = open_game(window)
    page.game.set_orders("ENGLAND", ["MO 7 233"], ready=True)
    page.game.process()
    viewer = ReportViewer(page, window)
    qtbot.addWidget(viewer)
    readers = [viewer.reader.itemData(i) for i in range(viewer.reader.count())]
    assert readers[0] is None and "ENGLAND" in readers and len(readers) == 12
    assert viewer.text.toPlainText() == phase_report(page.game, 0)  # the game master's, first
    viewer.reader.setCurrentIndex(readers.index("ENGLAND"))
    english = viewer.text.toPlainText()
    assert english == phase_report(page.game, 0, "ENGLAND") and "HIGHLIGHTS" in english
    assert viewer.save(tmp_path / "england.txt") and (tmp_path / "england.txt").read_text() == english


def test_behind_the_curtain_a_power_reads_only_its_own_report(qtbot: QtBot, window: MainWindow) -> None:
    page = open_game(window, Mode.HOTSEAT, ("ENGLAND", "FRANCE"))
    page.game.process()
    pass_curtain(qtbot, page, "ENGLAND")
    viewer = ReportViewer(page, window)
    qtbot.addWidget(viewer)
    assert [viewer.reader.itemData(i) for i in range(viewer.reader.count())] == ["ENGLAND"]
    assert viewer.text.toPlainText() == phase_report(page.game, 0, "ENGLAND")
