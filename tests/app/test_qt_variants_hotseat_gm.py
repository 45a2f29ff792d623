"""Hot-seat on the other variants' boards: the order box's examples come from the board at hand and from the
power at the seat alone, and under fog of war the public results say where each power reads its own."""
from __future__ import annotations

import pytest

pytest.importorskip("PySide6", reason="needs Qt")
pytestmark = pytest.mark.gui

import random

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from app.controllers.hotseat import Stage
from app.controllers.setup import Mode, NewGameSpec
from app.widgets.game_page import GamePage
from app.widgets.main_window import MainWindow
from app.widgets.order_panel import NO_EXAMPLES
from engine.seat_bots import bot_orders

from gui_helpers import pass_curtain, submit, window  # noqa: F401


def start_variant(window: MainWindow, variant: str, humans: tuple[str, ...]) -> GamePage:
    assert window.start_new_game(NewGameSpec(variant, Mode.HOTSEAT, humans)) is not None
    assert window.page is not None
    return window.page


def test_the_order_box_shows_orders_of_the_power_at_the_seat_on_its_own_board(qtbot: QtBot,
                                                                               window: MainWindow) -> None:
    page = start_variant(window, "colonial", ("CHINA", "FRANCE"))
    assert page.order_panel.text_box.placeholderText() == NO_EXAMPLES  # behind the curtain: nobody's
    pass_curtain(qtbot, page, "China")
    examples = page.order_panel.text_box.placeholderText().splitlines()
    assert len(examples) == 3 and not any("PAR" in e for e in examples)  # not the standard board's
    for line in examples:
        check = page.game.check_line("CHINA", line)
        assert check.ok and check.order is not None and check.order.unit.power == "CHINA", line  # type: ignore[attr-defined]
    submit(qtbot, page)
    assert page.order_panel.text_box.placeholderText() == NO_EXAMPLES  # China's units stay off France's curtain
    pass_curtain(qtbot, page, "France")
    for line in page.order_panel.text_box.placeholderText().splitlines():
        assert page.game.check_line("FRANCE", line).ok, line


def test_under_fog_the_public_results_say_where_each_power_reads_its_own(qtbot: QtBot, window: MainWindow) -> None:
    page = start_variant(window, "age_of_discovery", ("AMBER", "AZURE"))
    assert page.flow is not None
    given: dict[str, list[str]] = {}
    for power in ("AMBER", "AZURE"):
        pass_curtain(qtbot, page, power)
        page.order_panel.text_box.setPlainText("\n".join(bot_orders(page.game, power, "normal", random.Random(1))))
        page.order_panel.add_button.click()
        assert page.draft is not None
        given[power] = page.draft.lines(power)
        submit(qtbot, page)
    assert page.flow.stage is Stage.RESULTS
    shown = page.order_panel.results_list.toPlainText()
    assert "under fog of war each power reads its own results in the History tab" in shown
    assert not any(line in shown for lines in given.values() for line in lines)
    qtbot.mouseClick(page.banner_button, Qt.MouseButton.LeftButton)
    pass_curtain(qtbot, page, "Amber")
    page.tabs.setCurrentWidget(page.history_panel)
    page.history_panel.phase_list.setCurrentRow(0)
    report = page.history_panel.report.toPlainText()
    # As promised: Amber reads its own results at its next turn (its turn report, in the rules' notation).
    assert "Country: 1 Amber" in report and "RESULTS OF YOUR COMMANDS" in report
    spies = next(line for line in given["AMBER"] if line.startswith("SP "))
    assert spies in report


def test_position_corrections_offer_each_variants_own_kinds_by_name(qtbot: QtBot, window: MainWindow) -> None:
    assert window.start_new_game(NewGameSpec("engineered", Mode.GM, ())) is not None
    page = window.page
    assert page is not None
    labels = [label for label, _ in page.edit_actions("BUR")]
    assert "Add fighter field/Austria" in labels and "Add army/Austria" in labels
    assert not any(label.startswith(("Add W", "Add E", "Add P", "Add decoy")) for label in labels)
    # An empty area takes any power's engineer, but no prison (it stays with its captor's unit).
    assert "Add engineer/Austria" in labels and not any(label.startswith("Add prison") for label in labels)
    dict(page.edit_actions("BUR"))["Add fighter field/France"]()
    assert str(page.game.state.units["BUR"]) == "W BUR"

    assert window.start_new_game(NewGameSpec("global_diplomacy", Mode.GM, ())) is not None
    page = window.page
    assert page is not None
    empty_coast = next(p for p, prov in page.board.provinces.items()
                       if prov.is_coastal and p not in page.game.state.units)
    labels = [label for label, _ in page.edit_actions(empty_coast)]
    assert any(label.startswith("Add corps/") for label in labels)
    assert any(label.startswith("Add squadron/") for label in labels), labels  # a fleet's kind, on the coast
    assert not any(label.startswith(("Add C/", "Add S/")) for label in labels)
