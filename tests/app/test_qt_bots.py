"""Bots in the GUI: the new-game dialog's per-power bot choice, and the GM's "Suggest orders" button."""
from __future__ import annotations

import pytest

pytest.importorskip("PySide6", reason="needs Qt")
pytestmark = pytest.mark.gui

from pytestqt.qtbot import QtBot

from app.controllers.setup import Mode
from app.widgets.main_window import MainWindow
from app.widgets.new_game_dialog import NewGameDialog

from gui_helpers import start, window  # noqa: F401


def test_new_game_dialog_lets_a_power_not_played_here_be_a_bot(qtbot: QtBot) -> None:
    dialog = NewGameDialog()
    qtbot.addWidget(dialog)
    assert set(dialog.power_bots) == set(dialog.power_checks)
    assert not dialog.power_bots["ITALY"].isEnabled()  # played here: no bot choice
    for power, check in dialog.power_checks.items():
        check.setChecked(power in ("FRANCE", "GERMANY"))
    assert dialog.power_bots["ITALY"].isEnabled()
    dialog.power_bots["ITALY"].setCurrentIndex(dialog.power_bots["ITALY"].findData("easy"))
    dialog.power_bots["TURKEY"].setCurrentIndex(dialog.power_bots["TURKEY"].findData("normal"))
    spec = dialog.spec()
    assert spec.humans == ("FRANCE", "GERMANY") and spec.bots == {"ITALY": "easy", "TURKEY": "normal"}
    dialog.gm_radio.setChecked(True)
    assert dialog.spec().bots == {}


def test_gm_suggest_button_fills_the_focus_powers_orders(qtbot: QtBot, window: MainWindow) -> None:
    page = start(window)
    assert page.gm is not None
    panel = page.order_panel
    assert panel.suggest_button.isVisibleTo(page)
    panel.suggest_button.click()
    assert page.gm.draft.lines("FRANCE") == []  # no power chosen yet: nothing filled
    page.gm.set_focus_power("FRANCE")
    panel.suggest_button.click()
    lines = page.gm.draft.lines("FRANCE")
    assert len(lines) == 3 and all(page.game.check_line("FRANCE", line).ok for line in lines)
    assert all(page.gm.draft.lines(p) == [] for p in page.game.variant.powers if p != "FRANCE")
    assert Mode.GM.value == page.game.meta["mode"]


def test_a_hot_seat_window_seats_bots_without_a_curtain(qtbot: QtBot, window: MainWindow) -> None:
    page = start(window, Mode.HOTSEAT, ("FRANCE",), bots={"ITALY": "easy", "ENGLAND": "normal"})
    assert page.flow is not None and set(page.flow.bots) == {"ITALY", "ENGLAND"}
    assert page.game.has_submitted("ITALY") and page.game.has_submitted("ENGLAND")
    assert page.flow.power == "FRANCE"  # the only person here: straight to France's entry
    page.order_panel.submit_button.click()
    if page.order_panel.confirm_button.isVisible():
        page.order_panel.confirm_button.click()
    assert page.game.phase == "F1901M"
    moved = {r.power for r in page.game.history[-1].results if not r.default}
    assert {"ITALY", "ENGLAND"} <= moved


def test_the_host_panel_seats_and_removes_bots_and_sets_the_takeover(qtbot: QtBot, window: MainWindow) -> None:
    from app.net.session import HostSpec

    page = window.lan.host(HostSpec(port=0, bind="127.0.0.1", local_powers=("FRANCE",), cd_unclaimed=True))
    assert page is not None and page.host_panel is not None and page.session.host is not None
    host = page.session.host.host
    panel = page.host_panel
    panel.poll()
    seats = [panel.bot_seat_combo.itemData(i) for i in range(panel.bot_seat_combo.count())]
    assert "FRANCE" not in seats and "ITALY" in seats  # only unclaimed seats can take a bot
    panel.bot_seat_combo.setCurrentIndex(panel.bot_seat_combo.findData("ITALY"))
    panel.bot_strength_combo.setCurrentIndex(panel.bot_strength_combo.findData("easy"))
    panel.bot_button.click()
    qtbot.waitUntil(lambda: "ITALY" in host.bots, timeout=6000)
    assert host.bots["ITALY"].strength == "easy"
    qtbot.waitUntil(lambda: "bot (easy)" in panel.bot_seat_combo.itemText(panel.bot_seat_combo.findData("ITALY")),
                    timeout=6000)
    panel.bot_seat_combo.setCurrentIndex(panel.bot_seat_combo.findData("ITALY"))
    panel.unbot_button.click()
    qtbot.waitUntil(lambda: "ITALY" not in host.bots, timeout=6000)
    panel.takeover_combo.setCurrentIndex(panel.takeover_combo.findData("normal"))
    qtbot.waitUntil(lambda: host.settings.takeover_bot == "normal", timeout=6000)
    window.close_game()
