"""World Diplomacy's treasury at the window: the tab shows only the country at the orders (none behind the
curtain), drafts a bribe and a transfer into that country's sealed orders, and nothing of them is anywhere
in the window while the other country orders; a LAN seat drafts into the orders the host keeps."""
from __future__ import annotations

import pytest

pytest.importorskip("PySide6", reason="needs Qt")
pytestmark = pytest.mark.gui

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QComboBox, QLineEdit
from pytestqt.qtbot import QtBot

from app.controllers.setup import Mode, NewGameSpec
from app.widgets.game_page import GamePage
from app.widgets.main_window import MainWindow
from engine.game import Game
from engine.net.host import Host, HostSettings, HostThread

from gui_helpers import pass_curtain, submit, window  # noqa: F401
from test_qt_hotseat_privacy import all_texts
from test_qt_network import join_via_dialog


def fill(page: GamePage, form: str, **values: str) -> None:
    panel = page.account_panel
    assert page.tabs.indexOf(panel) >= 0, "the Treasury tab should be there"
    page.tabs.setCurrentWidget(panel)
    panel.form_combo.setCurrentIndex(panel.form_combo.findData(form))
    for name, value in values.items():
        widget = panel.inputs[name]
        if isinstance(widget, QComboBox):
            widget.setCurrentIndex(widget.findData(value))
        elif isinstance(widget, QLineEdit):
            widget.setText(value)
    panel.add_button.click()
    page.tabs.setCurrentWidget(page.order_panel)


def open_world(window: MainWindow, mode: Mode, humans: tuple[str, ...]) -> GamePage:
    game = window.start_new_game(NewGameSpec("world31", mode, humans))
    assert game is not None and window.page is not None
    QApplication.processEvents()
    return window.page


def test_the_treasury_is_private_to_the_country_at_the_orders(qtbot: QtBot, window: MainWindow) -> None:
    page = open_world(window, Mode.HOTSEAT, ("CANADA", "UNITED_STATES"))
    assert page.tabs.indexOf(page.account_panel) < 0  # behind the curtain: no treasury
    pass_curtain(qtbot, page, "Canada")
    assert "Balance: US$0.00" in page.account_panel.summary.text()
    frozen = page.game.variant.shaded_places(page.game.state)
    unit = next(str(u) for u in page.game.state.units.values()
                if u.power == "UNITED_STATES" and u.loc.split("/")[0] not in frozen)
    fill(page, "bribe", unit=unit, amount="8.75")
    fill(page, "transfer", amount="4.35", to="BRAZIL")
    fill(page, "loan", amount="lots", years="1")
    assert "not an amount" in page.account_panel.error.text()
    assert page.draft is not None
    secrets = [f"BRIBE {unit} $8.75", "TRANSFER $4.35 TO BRAZIL"]
    assert page.draft.lines("CANADA")[-2:] == secrets
    assert page.account_panel.drafted_list.count() == 2
    submit(qtbot, page)
    text = "\n".join(t for t in all_texts(window, page) if t)
    assert "8.75" not in text and "4.35" not in text, "behind the next curtain"
    pass_curtain(qtbot, page, "United States")
    assert page.account_panel.drafted_list.count() == 0
    text = "\n".join(t for t in all_texts(window, page) if t)
    assert "8.75" not in text and "4.35" not in text and "BRIBE" not in text, "during the United States' entry"
    submit(qtbot, page)
    assert any(r.order in secrets for r in page.game.history[-1].results if r.power == "CANADA")
    assert page.tabs.indexOf(page.account_panel) < 0  # results: no treasury open
    assert "8.75" not in "\n".join(t for t in all_texts(window, page) if t)


def test_a_lan_seat_drafts_its_finance_orders_into_the_orders_the_host_keeps(qtbot: QtBot, window: MainWindow,
                                                                            tmp_path: Path) -> None:
    thread = HostThread(Host(Game.new("world31"), HostSettings(name="world table", cd_unclaimed=True),
                             tmp_path / "lan-host.json"))
    thread.start("127.0.0.1", 0)
    try:
        page = join_via_dialog(qtbot, window, thread.host.port, "claim", "CANADA")
        fill(page, "loan", amount="10", years="2")
        assert page.draft is not None and page.draft.lines("CANADA") == ["LOAN $10 2 YEARS"]
        qtbot.mouseClick(page.seat_bar.send_button, Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda: "LOAN $10 2 YEARS" in thread.run(lambda: thread.host.game.pending_orders("CANADA")),
                        timeout=8000)
        window.close_game()
    finally:
        thread.stop()
