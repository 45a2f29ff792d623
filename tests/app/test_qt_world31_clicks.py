"""World Diplomacy's Summer orders by hand on the window's map: a click on an army and the K key pay its
upkeep (the key reached the map only for a fixed list of letters, K not among them), and a click on a free
home centre opens the purchase menu, answered by the new unit's letter."""
from __future__ import annotations

import pytest

pytest.importorskip("PySide6", reason="needs Qt")
pytestmark = pytest.mark.gui

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from app.widgets.main_window import MainWindow

from gui_helpers import click, key, window  # noqa: F401
from test_controllers_world31_clicks import FRANCE, summer_game


def test_upkeep_and_a_purchase_are_clicked_and_keyed_on_the_map(qtbot: QtBot, window: MainWindow) -> None:  # noqa: F811
    game, guarded, free = summer_game()
    window.show_game(game)
    page = window.page
    assert page is not None and page.gm is not None
    QApplication.processEvents()
    page.view.set_zoom(page.view.fit_scale() * 6)
    page.view.centerOn(page.scene.anchor(free))
    QApplication.processEvents()
    click(qtbot, page, guarded)
    assert "K pay upkeep" in page.entry.prompt
    key(qtbot, page, Qt.Key.Key_K)
    assert page.draft.lines(FRANCE) == [f"MAINTAIN A {guarded}"]
    listed = [page.order_panel.order_list.item(i).text() for i in range(page.order_panel.order_list.count())]
    assert any(f"MAINTAIN A {guarded}" in line for line in listed), listed
    key(qtbot, page, Qt.Key.Key_Escape)
    click(qtbot, page, free)
    assert page.entry.question is not None and "Build" in page.entry.question.prompt
    key(qtbot, page, Qt.Key.Key_A)
    assert page.draft.lines(FRANCE) == [f"MAINTAIN A {guarded}", f"A {free} B"]
