"""The hot-seat curtain with all 31 World countries at the table: the line of who is still to order (and
whose orders are in) wraps inside the window, so the window still fits a laptop's screen; it forced the
window over 1,700 pixels wide."""
from __future__ import annotations

import pytest

pytest.importorskip("PySide6", reason="needs Qt")
pytestmark = pytest.mark.gui

from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from app.controllers.setup import Mode, NewGameSpec
from app.widgets.main_window import MainWindow

from gui_helpers import pass_curtain, submit, window  # noqa: F401


@pytest.mark.parametrize("passed", [0, 15])
def test_the_curtain_of_31_countries_fits_a_1024_pixel_window(qtbot: QtBot, window: MainWindow,  # noqa: F811
                                                              passed: int) -> None:
    game = window.start_new_game(NewGameSpec("world31", Mode.HOTSEAT, ()))
    assert game is not None and window.page is not None
    page = window.page
    for _ in range(passed):
        pass_curtain(qtbot, page, game.variant.power_name(page.flow.power))
        submit(qtbot, page)
    curtain = page.curtain
    assert page.stack.currentWidget() is curtain
    window.resize(1024, 700)
    QApplication.processEvents()
    assert window.width() <= 1024, f"the curtain holds the window {window.width()} px wide"
    progress = curtain.progress
    assert progress.isVisible() and progress.width() <= curtain.width()
    assert "Australia" in progress.text() and (passed == 0 or "Canada" in progress.text())
    assert progress.heightForWidth(progress.width()) <= progress.height() + 1, "the names are cut off"
