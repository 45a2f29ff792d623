"""Shared helpers for the GUI tests: a main window with private settings folders, real clicks on the map."""
from __future__ import annotations

import gc
from pathlib import Path

import pytest
from PySide6.QtCore import QEvent, QPoint, Qt
from PySide6.QtWidgets import QApplication, QPushButton, QWidget
from pytestqt.qtbot import QtBot

from app.controllers.setup import Mode, NewGameSpec
from app.settings import SettingsStore
from app.widgets.game_page import GamePage
from app.widgets.main_window import MainWindow


def all_widgets() -> list[QWidget]:
    """Every live widget of the application. ``QApplication.allWidgets()`` hands back raw pointers that
    become Python objects one by one: a garbage collection in between can destroy a widget Python owns
    (and its children) still listed, a crash. Garbage is collected first and collection paused meanwhile;
    once listed, every widget is held by the list."""
    gc.collect()
    QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    gc.disable()
    try:
        return list(QApplication.allWidgets())
    finally:
        gc.enable()


def make_window(qtbot: QtBot, tmp_path: Path) -> MainWindow:
    window = MainWindow(SettingsStore(tmp_path / "config", tmp_path / "data"))
    qtbot.addWidget(window)
    window.resize(1400, 900)
    window.show()
    qtbot.waitExposed(window)
    return window


def start(window: MainWindow, mode: Mode = Mode.GM, humans: tuple[str, ...] = (), **kw: object) -> GamePage:
    game = window.start_new_game(NewGameSpec("standard", mode, humans, **kw))  # type: ignore[arg-type]
    assert game is not None and window.page is not None
    QApplication.processEvents()
    window.page.view.fit_to_window()
    return window.page


def point_of(page: GamePage, loc: str) -> QPoint:
    """The viewport point over ``loc``'s unit anchor, checked to hit that province."""
    view = page.view
    point = view.mapFromScene(page.scene.anchor(loc))
    hit = page.scene.location_at(view.mapToScene(point))
    assert hit is not None and hit.split("/")[0] == loc.split("/")[0], f"{loc} anchor hits {hit}"
    return point


def click(qtbot: QtBot, page: GamePage, loc: str, button: Qt.MouseButton = Qt.MouseButton.LeftButton) -> None:
    qtbot.mouseClick(page.view.viewport(), button, pos=point_of(page, loc))


def key(qtbot: QtBot, page: GamePage, k: Qt.Key) -> None:
    qtbot.keyClick(page.view, k)


def submit(qtbot: QtBot, page: GamePage) -> None:
    panel = page.order_panel
    assert panel.submit_button.isEnabled()
    qtbot.mouseClick(panel.submit_button, Qt.MouseButton.LeftButton)
    assert panel.confirm_box.isVisible()
    qtbot.mouseClick(panel.confirm_button, Qt.MouseButton.LeftButton)


def pass_curtain(qtbot: QtBot, page: GamePage, power: str) -> None:
    assert page.stack.currentWidget() is page.curtain, "the curtain should be up"
    assert power.upper() in page.curtain.title.text().upper()
    qtbot.mouseClick(page.curtain.button, Qt.MouseButton.LeftButton)
    assert page.stack.currentWidget() is page.splitter


def draft_lines(page: GamePage, power: str) -> list[str]:
    assert page.draft is not None
    return page.draft.lines(power)


@pytest.fixture
def window(qtbot: QtBot, tmp_path: Path) -> MainWindow:
    return make_window(qtbot, tmp_path)


def visible_continue_buttons(page: GamePage) -> list[QPushButton]:
    return [b for b in page.findChildren(QPushButton) if b.isVisible() and "continue" in b.text().lower()]


def assert_results_shown(page: GamePage, phase: str) -> str:
    """The Orders tab lists ``phase``'s results with the entry controls hidden, and exactly one Continue
    (enabled) is on screen; returns the list's text."""
    panel = page.order_panel
    assert panel.showing_results and panel.results_list.isVisible()
    assert panel.header.text() == f"Results: {phase}"
    assert page.tabs.tabText(page.tabs.indexOf(panel)) == "Results"
    for control in (panel.undo_button, panel.redo_button, panel.remove_button, panel.clear_button,
                    panel.hold_rest_button, panel.waive_button, panel.text_box, panel.add_button,
                    panel.submit_button, panel.order_list):
        assert not control.isVisible(), f"{control.text() if hasattr(control, 'text') else control} looks usable"
    buttons = visible_continue_buttons(page)
    assert len(buttons) == 1 and buttons[0].isEnabled(), [b.text() for b in buttons]
    return panel.results_list.toPlainText()
