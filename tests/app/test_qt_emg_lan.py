"""A LAN seat of a Global Diplomacy game: its relations grid drafts declarations and spies by clicks into its
sealed orders on the host, and another seat's declarations never reach it before the turn is played."""
from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("PySide6", reason="needs Qt")

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from app.widgets.main_window import MainWindow
from engine.game import Game
from engine.net.host import Host, HostSettings, HostThread

from gui_helpers import click, window  # noqa: F401
from test_qt_emg_relations import all_grid_text, click_action, click_cell
from test_qt_network import WAIT, join_via_dialog, remote, widget_texts


@pytest.fixture
def gd_host(tmp_path: Path) -> Iterator[HostThread]:
    thread = HostThread(Host(Game.new("global_diplomacy"), HostSettings(name="World table", cd_unclaimed=True),
                             tmp_path / "lan-host.json"))
    thread.start("127.0.0.1", 0)
    yield thread
    thread.stop()


def test_a_lan_seat_declares_and_spies_by_clicks_and_never_sees_another_seats_declarations(
        qtbot: QtBot, window: MainWindow, gd_host: HostThread) -> None:
    england = remote(gd_host.host.port, "ENGLAND")
    try:
        england.submit_orders(["DA FRANCE", "GA FRANCE ALL", "SP 18 21"], ready=False, timeout=5.0)
        page = join_via_dialog(qtbot, window, gd_host.host.port, "claim", "FRANCE")
        assert page.table.active is not None and page.table.active.power == "FRANCE"
        QApplication.processEvents()
        assert page.tabs.indexOf(page.relations_panel) >= 0
        grid_text = all_grid_text(page)
        assert "GA" not in grid_text and "England →" not in grid_text and "DA" not in grid_text
        assert not any("GA FRANCE" in t or "SP 18 21" in t for t in widget_texts(window))
        menu = click_cell(qtbot, page, "FRANCE", "ENGLAND")
        assert menu is not None
        click_action(qtbot, menu, "Declare an alliance")
        count, button = page.relations_panel.pick_rows["SP"]
        qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
        click(qtbot, page, "3")
        click(qtbot, page, "7")
        assert count.text() == "Spies: 2 of 6"
        assert page.draft is not None and page.draft.lines("FRANCE") == ["DA ENGLAND", "SP 3 7"]
        qtbot.mouseClick(page.seat_bar.send_button, Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda: gd_host.run(lambda: gd_host.host.game.pending_orders("FRANCE"))
                        == ["DA ENGLAND", "SP 3 7"], timeout=WAIT)
    finally:
        england.close()
