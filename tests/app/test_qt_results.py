"""After adjudication the Orders tab becomes a results list (grouped by power, each order with its verdict
and reason), the entry controls are hidden until the next phase, and one Continue is on screen; in
game-master mode the panel shows the adjudicated phase, like the map, until Continue."""
from __future__ import annotations

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from app.controllers.setup import Mode
from app.widgets.main_window import MainWindow
from engine.types import UnitType

from gui_helpers import assert_results_shown, pass_curtain, start, submit, visible_continue_buttons, window  # noqa: F401


def type_orders(page, text: str) -> None:  # type: ignore[no-untyped-def]
    page.order_panel.text_box.setPlainText(text)
    page.order_panel.add_button.click()


def test_game_master_sees_the_adjudicated_phase_listed_until_continue(qtbot: QtBot, window: MainWindow) -> None:
    page = start(window)
    assert page.gm is not None
    page.gm.add_unit("GERMANY", UnitType.ARMY, "BUR")
    page.gm.add_unit("ITALY", UnitType.ARMY, "TYR")
    type_orders(page, "FRANCE\nA PAR - BUR\nA MAR S A PAR - BUR\n\nITALY\nA TYR - VIE\n\n"
                      "AUSTRIA\nA VIE S A BUD - GAL\nA BUD - GAL\n\nRUSSIA\nA WAR - GAL\n")
    submit(qtbot, page)
    assert page.game.phase == "S1901R"  # the game has moved on ...
    text = assert_results_shown(page, "Spring 1901 Movement")  # ... the panel, like the map, has not
    assert "Game master" not in page.order_panel.header.text()
    results = page.order_panel.results_list.results
    assert results is not None
    names = [g.name for g in results.powers]
    assert names == ["Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey"]
    rows = {(g.name, r.order): (r.verdict, r.reason) for g in results.powers for r in g.rows}
    assert rows["Austria", "A VIE S A BUD - GAL"] == ("cut", "cut by A TYR")
    assert rows["Germany", "A BUR H"] == ("dislodged", "dislodged by A PAR")
    assert rows["Russia", "A WAR - GAL"][0] == "bounced"
    assert rows["France", "A PAR - BUR"] == ("succeeds", "moved")
    # What the list shows on screen: each power's heading, then its orders with verdict and reason.
    for words in ("Austria — 2 orders, 2 failed; 1 unit without orders", "A VIE S A BUD - GAL", "cut by A TYR", "A BUR H", "dislodged by A PAR",
                  "bounced with A BUD in GAL (1 vs 1)"):
        assert words in text
    assert text.index("Austria") < text.index("A VIE S A BUD - GAL") < text.index("England")
    assert text.index("Germany") < text.index("A BUR H") < text.index("Italy")
    # Clicks on the map don't start orders while results are shown.
    assert page.entry is None
    qtbot.mouseClick(visible_continue_buttons(page)[0], Qt.MouseButton.LeftButton)
    panel = page.order_panel
    assert not panel.showing_results and not panel.results_list.isVisible()
    assert panel.header.text() == "Game master — Spring 1901 Retreats"
    assert panel.text_box.isVisible() and panel.submit_button.isVisible() and panel.undo_button.isVisible()
    assert page.tabs.tabText(page.tabs.indexOf(panel)) == "Orders"
    assert not visible_continue_buttons(page)


def test_hot_seat_results_list_and_one_continue(qtbot: QtBot, window: MainWindow) -> None:
    page = start(window, Mode.HOTSEAT, ("FRANCE", "GERMANY"))
    pass_curtain(qtbot, page, "France")
    type_orders(page, "A PAR - BUR\nA MAR S A PAR - BUR\n")
    submit(qtbot, page)
    pass_curtain(qtbot, page, "Germany")
    type_orders(page, "A MUN - BUR\n")
    submit(qtbot, page)
    text = assert_results_shown(page, "Spring 1901 Movement")
    results = page.order_panel.results_list.results
    assert results is not None
    rows = {(g.power, r.order): (r.verdict, r.reason) for g in results.powers for r in g.rows}
    assert rows["GERMANY", "A MUN - BUR"] == ("bounced", "beaten to BUR by A PAR (1 vs 2)")
    assert rows["FRANCE", "A PAR - BUR"] == ("succeeds", "moved")
    assert "beaten to BUR by A PAR (1 vs 2)" in text
    assert "Continue" in page.order_panel.results_guidance.text()
    qtbot.mouseClick(visible_continue_buttons(page)[0], Qt.MouseButton.LeftButton)
    pass_curtain(qtbot, page, "France")  # Fall: the next power's curtain, then a fresh entry panel
    assert not page.order_panel.showing_results and page.order_panel.submit_button.isVisible()
    assert page.order_panel.order_list.count() == 0


def test_reviewing_an_earlier_phase_lists_its_results_and_back_restores_entry(qtbot: QtBot, window: MainWindow) -> None:
    page = start(window)
    type_orders(page, "FRANCE\nA PAR - BUR\n")
    submit(qtbot, page)
    qtbot.mouseClick(visible_continue_buttons(page)[0], Qt.MouseButton.LeftButton)
    type_orders(page, "FRANCE\nA BUR - MUN\n")  # a Fall draft in progress
    page.history_panel.select(0)
    assert page.review_index == 0
    assert page.order_panel.showing_results and "A PAR - BUR" in page.order_panel.results_list.toPlainText()
    assert not page.order_panel.submit_button.isVisible()
    buttons = [b for b in visible_continue_buttons(page)]
    assert not buttons and page.banner_button.text() == "Back to the current phase"
    qtbot.mouseClick(page.banner_button, Qt.MouseButton.LeftButton)
    assert not page.order_panel.showing_results
    assert page.draft is not None and page.draft.lines("FRANCE") == ["A BUR - MUN"]
    assert page.order_panel.order_list.count() == 1
