"""Hot-seat EMG games with bots in most seats: two people pass the curtain turn after turn, each sees only
their own fog of war behind it, enters orders and submits; the bots' orders go in sealed and the turn is played.
Global Diplomacy and Age of Discovery with twelve players."""
from __future__ import annotations

import random

import pytest

pytest.importorskip("PySide6", reason="needs Qt")
pytestmark = pytest.mark.gui

from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from app.controllers.setup import Mode, NewGameSpec
from app.widgets.game_page import GamePage
from app.widgets.main_window import MainWindow
from engine.bots import bot_orders
from engine.variants import find_variant

from gui_helpers import pass_curtain, visible_continue_buttons, window  # noqa: F401

GAMES = [("global_diplomacy", {}, ("ENGLAND", "FRANCE")),
         ("age_of_discovery", {"players": 12, "seed": 5}, ("AMBER", "JADE"))]


def shown_areas(page: GamePage) -> set[str]:
    return {loc.split("/")[0] for (_power, _type, loc, _d), unit in page.scene.units.items() if unit.isVisible()}


@pytest.mark.parametrize("variant_id, options, people", GAMES, ids=["global_diplomacy", "aod12"])
def test_a_hot_seat_emg_game_with_bots_plays_turns_through_the_curtain(
        qtbot: QtBot, window: MainWindow, variant_id: str, options: dict[str, object],
        people: tuple[str, str]) -> None:
    others = sorted(p for p in find_variant(variant_id, options).powers if p not in people)
    strengths = {p: ("normal" if n % 2 else "easy") for n, p in enumerate(others)}
    game = window.start_new_game(NewGameSpec(variant_id, Mode.HOTSEAT, people, extra_options=options, bots=strengths))
    assert game is not None and window.page is not None
    page = window.page
    QApplication.processEvents()
    variant = page.game.variant
    bots = set(variant.powers) - set(people)
    assert page.flow is not None and set(page.flow.bots) == bots
    rng = random.Random(3)
    turns = 3
    for turn in range(turns):
        phase = page.game.phase
        assert all(page.game.has_submitted(p) for p in bots)  # the bots ordered as the turn began
        for power in people:
            pass_curtain(qtbot, page, power)
            # Behind the curtain: only this power's own view is drawn.
            seen = variant.seen_areas(page.game.state, power)
            assert seen is not None and shown_areas(page) <= seen
            assert shown_areas(page) == {a for a in page.game.state.units if a in seen}
            # The person enters orders (here the bot's suggestions for the seat, through the draft).
            assert page.draft is not None
            for text in bot_orders(page.game, power, rng, "normal"):
                page.draft.put(power, variant.validate(variant.parse(text), page.game.state, power))
            page.refresh()
            page.order_panel.submit_button.click()
            if page.order_panel.confirm_button.isVisible():
                page.order_panel.confirm_button.click()
            QApplication.processEvents()
        assert page.game.phase != phase, f"turn {turn}: {phase} was not played"
        for button in visible_continue_buttons(page):
            button.click()
            QApplication.processEvents()
    history = page.game.history
    assert len(history) == turns
    given = {r.power for rec in history for r in rec.results if not r.default}
    assert set(people) | bots <= given
    assert any(r.order.startswith(("DA ", "DW ")) for rec in history for r in rec.results)
