"""The start page offers every way into a game: new, open, host a LAN game, join one; each button opens
its dialog."""
from __future__ import annotations

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication, QDialog, QPushButton
from pytestqt.qtbot import QtBot

from app.net.dialogs import HostDialog, JoinDialog
from app.widgets.main_window import MainWindow
from app.widgets.new_game_dialog import NewGameDialog

from gui_helpers import window  # noqa: F401


def test_start_page_shows_new_open_host_and_join(window: MainWindow) -> None:
    page = window.start_page
    shown = [b.text() for b in page.findChildren(QPushButton) if b.isVisible()]
    assert shown == ["New game…", "Open a saved game…", "Host a LAN game…", "Join a LAN game…"]
    for button in (page.new_button, page.open_button, page.host_button, page.join_button):
        assert button.isEnabled() and button.toolTip()


@pytest.mark.parametrize(("button", "dialog_type"), [("new_button", NewGameDialog), ("host_button", HostDialog),
                                                     ("join_button", JoinDialog)])
def test_each_start_button_opens_its_dialog(qtbot: QtBot, window: MainWindow, button: str,
                                            dialog_type: type[QDialog]) -> None:
    opened: list[QDialog] = []

    def close_it() -> None:
        dialog = QApplication.activeModalWidget()
        if isinstance(dialog, QDialog):
            opened.append(dialog)
            dialog.reject()
        else:
            QTimer.singleShot(20, close_it)

    QTimer.singleShot(0, close_it)
    qtbot.mouseClick(getattr(window.start_page, button), Qt.MouseButton.LeftButton)
    assert len(opened) == 1 and isinstance(opened[0], dialog_type)
    assert window.page is None and window.stack.currentWidget() is window.start_page
