"""A whole Spring–Fall–Winter year played through the GUI in hot-seat mode, by clicks only."""
from __future__ import annotations

import pytest

pytest.importorskip("PySide6", reason="needs Qt")
pytestmark = pytest.mark.gui

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from app.controllers.hotseat import Stage
from app.controllers.setup import Mode
from app.widgets.game_page import GamePage
from app.widgets.main_window import MainWindow
from engine.savefile import load_game

from gui_helpers import click, draft_lines, key, pass_curtain, start, submit, window  # noqa: F401


def order_move(qtbot: QtBot, page: GamePage, src: str, dest: str) -> None:
    click(qtbot, page, src)
    click(qtbot, page, dest)


def continue_results(qtbot: QtBot, page: GamePage) -> None:
    assert page.banner.isVisible() and page.banner_button.isVisible()
    qtbot.mouseClick(page.banner_button, Qt.MouseButton.LeftButton)


def test_spring_fall_winter_through_the_ui(qtbot: QtBot, window: MainWindow) -> None:
    page = start(window, Mode.HOTSEAT, ("FRANCE", "GERMANY"))
    assert page.flow is not None
    # Spring 1901
    pass_curtain(qtbot, page, "France")
    order_move(qtbot, page, "MAR", "SPA")
    order_move(qtbot, page, "BRE", "MAO")
    assert draft_lines(page, "FRANCE") == ["A MAR - SPA", "F BRE - MAO"]
    submit(qtbot, page)
    pass_curtain(qtbot, page, "Germany")
    order_move(qtbot, page, "MUN", "RUH")
    order_move(qtbot, page, "KIE", "DEN")
    submit(qtbot, page)
    assert page.flow.stage is Stage.RESULTS and page.game.phase == "F1901M"
    assert "Results of Spring 1901 Movement" in page.banner_text.text()
    assert {str(a.kind) for a in page.scene.arrows} == {"move"} and len(page.scene.arrows) == 4
    continue_results(qtbot, page)
    # Fall 1901
    pass_curtain(qtbot, page, "France")
    order_move(qtbot, page, "MAO", "POR")
    submit(qtbot, page)
    pass_curtain(qtbot, page, "Germany")
    order_move(qtbot, page, "RUH", "HOL")
    submit(qtbot, page)
    assert page.game.phase == "W1901A"
    assert "France takes POR, SPA" in page.banner_text.text() and "Germany takes DEN, HOL" in page.banner_text.text()
    continue_results(qtbot, page)
    # Winter 1901: two builds each, by clicking empty home centres.
    pass_curtain(qtbot, page, "France")
    assert "Build 2" in page.order_panel.guidance.text()
    click(qtbot, page, "MAR")
    assert page.question_menu is not None  # army or fleet?
    key(qtbot, page, Qt.Key.Key_A)
    click(qtbot, page, "BRE")
    key(qtbot, page, Qt.Key.Key_F)
    assert draft_lines(page, "FRANCE") == ["A MAR B", "F BRE B"]
    assert sorted(str(a.kind) for a in page.scene.arrows) == ["build", "build"]
    submit(qtbot, page)
    pass_curtain(qtbot, page, "Germany")
    click(qtbot, page, "MUN")  # inland: an army without asking
    click(qtbot, page, "KIE")
    key(qtbot, page, Qt.Key.Key_F)
    assert draft_lines(page, "GERMANY") == ["A MUN B", "F KIE B"]
    submit(qtbot, page)
    assert page.game.phase == "S1902M"
    continue_results(qtbot, page)
    units = {str(u) for u in page.game.state.units_of("FRANCE")}
    assert units == {"A PAR", "A SPA", "F POR", "A MAR", "F BRE"}
    assert {str(u) for u in page.game.state.units_of("GERMANY")} == {"A BER", "F DEN", "A HOL", "A MUN", "F KIE"}
    assert page.history_panel.phase_list.count() == 4  # three results + now
    # Every phase was autosaved: the autosave holds the whole year.
    saved = load_game(window.autosave_path(page.game))
    assert saved.phase == "S1902M" and len(saved.history) == 3
