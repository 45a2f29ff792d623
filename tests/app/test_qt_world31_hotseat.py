"""World Diplomacy hot-seat with all 31 countries at one table: one phase passes every country's curtain in
turn, each enters an order only it knows, and no country's sealed order shows anywhere in the window (nor in
the log or the autosave) while any other country is behind the curtain or at the orders."""
from __future__ import annotations

import pytest

pytest.importorskip("PySide6", reason="needs Qt")
pytestmark = pytest.mark.gui

import logging
import random

from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from app.controllers.hotseat import Stage
from app.controllers.setup import Mode, NewGameSpec
from app.widgets.main_window import MainWindow

from gui_helpers import pass_curtain, submit, window  # noqa: F401
from test_qt_hotseat_privacy import all_texts


def test_thirty_one_countries_pass_the_curtain_in_one_phase(qtbot: QtBot, window: MainWindow,  # noqa: F811
                                                             caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG)
    game = window.start_new_game(NewGameSpec("world31", Mode.HOTSEAT, ()))
    assert game is not None and window.page is not None
    page = window.page
    QApplication.processEvents()
    flow = page.flow
    assert flow is not None
    powers = set(game.variant.powers)
    assert len(powers) == 31
    legal = game.variant.legal_orders(game.state)
    rng = random.Random(15)
    secrets: dict[str, str] = {}
    seen: list[str] = []
    while flow.stage is Stage.CURTAIN:
        power = flow.power
        assert power is not None and power not in seen, f"{power} came up twice"
        seen.append(power)
        # Behind this country's curtain: nothing sealed so far is anywhere in the window.
        blob = "\n".join(t for t in all_texts(window, page) if t)
        leaked = [s for s in secrets.values() if s in blob]
        assert not leaked, f"behind {power}'s curtain the window shows {leaked}"
        pass_curtain(qtbot, page, game.variant.power_name(power))
        assert page.tabs.indexOf(page.account_panel) >= 0  # its own treasury, and only its own
        assert "Balance" in page.account_panel.summary.text()
        options = [str(o) for orders in legal.get(power, {}).values() for o in orders]
        moves = [o for o in options if " - " in o and " S " not in o and " C " not in o]
        secret = rng.choice(moves or options)
        secrets[power] = secret
        page.order_panel.text_box.setPlainText(secret)
        page.order_panel.add_button.click()
        assert page.draft is not None and secret in page.draft.lines(power)
        blob = "\n".join(t for t in all_texts(window, page) if t)
        others = [s for p, s in secrets.items() if p != power and s in blob]
        assert not others, f"at {power}'s orders the window shows other countries' orders {others}"
        submit(qtbot, page)
        if flow.stage is Stage.CURTAIN:  # the last country's submission adjudicates the phase
            assert secret in game.pending_orders(power)
            autosave = window.autosave_path(game)
            saved = autosave.read_text(encoding="utf-8") if autosave.exists() else ""
            assert not [s for s in secrets.values() if s in saved], "a sealed order is readable in the autosave"
            assert not [s for s in secrets.values() if s in caplog.text], "a sealed order is in the log"
    assert set(seen) == powers, f"no curtain for {sorted(powers - set(seen))}"
    assert flow.stage is Stage.RESULTS
    results = {(r.power, r.order) for r in game.history[-1].results}
    missing = [(power, secret) for power, secret in secrets.items() if (power, secret) not in results]
    assert not missing, f"not adjudicated: {missing}"
