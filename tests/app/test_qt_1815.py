"""1815 at the window, hot-seat: the Diplomacy Point tab shows only the power at the orders and drafts DP
lines into its sealed orders; the red-arrow denial is clicked by the fleet's owner (N) and nobody else
reads either before adjudication, nor after it while the rules keep them secret; the projector header
names who is first."""
from __future__ import annotations

import pytest

pytest.importorskip("PySide6", reason="needs Qt")
pytestmark = pytest.mark.gui

import logging
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from app.controllers.hotseat import Stage
from app.controllers.setup import Mode, NewGameSpec
from app.scene.pictures import board_caption
from app.widgets.game_page import GamePage
from app.widgets.main_window import MainWindow
from engine.game import Game
from engine.net.host import Host, HostSettings, HostThread

from gui_helpers import click, key, pass_curtain, submit, window  # noqa: F401
from test_qt_hotseat_privacy import all_texts
from test_qt_network import join_via_dialog

SECRETS = ("DP 2 F POR H", "DENY A SCO")


def start_1815(window: MainWindow, mode: Mode, humans: tuple[str, ...]) -> GamePage:
    game = window.start_new_game(NewGameSpec("1815", mode, humans))
    assert game is not None and window.page is not None
    QApplication.processEvents()
    window.page.view.fit_to_window()
    return window.page


def blob(window: MainWindow, page: GamePage) -> str:
    return "\n".join(t for t in all_texts(window, page) if t)


def allocate(page: GamePage, unit_loc: str, order: str, points: int) -> None:
    panel = page.allocation_panel
    assert page.tabs.indexOf(panel) >= 0, "the Diplomacy Points tab should be there"
    page.tabs.setCurrentWidget(panel)
    units = [panel.unit_combo.itemData(i) for i in range(panel.unit_combo.count())]
    panel.unit_combo.setCurrentIndex(next(i for i, u in enumerate(units) if u.loc == unit_loc))
    panel.order_combo.setCurrentIndex(panel.order_combo.findText(order))
    panel.points_spin.setValue(points)
    panel.allocate_button.click()
    assert panel.error.text() == ""
    page.tabs.setCurrentWidget(page.order_panel)


def test_points_and_denials_stay_with_their_power(qtbot: QtBot, window: MainWindow,
                                                   caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG)
    page = start_1815(window, Mode.HOTSEAT, ("BRITAIN", "FRANCE"))
    assert page.flow is not None
    assert page.tabs.indexOf(page.allocation_panel) < 0  # behind the curtain: no panel
    # Spring 1815: Britain sails into the Irish Sea; France buys the Portuguese fleet's hold.
    pass_curtain(qtbot, page, "Britain")
    click(qtbot, page, "LVP")
    click(qtbot, page, "IRS")
    submit(qtbot, page)
    pass_curtain(qtbot, page, "France")
    allocate(page, "POR", "F POR H", 2)
    assert page.draft is not None and page.draft.lines("FRANCE") == ["DP 2 F POR H"]
    assert "4 this turn, 2 left" in page.allocation_panel.heading.text()
    submit(qtbot, page)
    assert any(r.power == "FRANCE" and r.order == "DP 2 F POR H" for r in page.game.history[-1].results)
    assert page.flow.stage is Stage.RESULTS
    assert "DP 2 F POR H" not in blob(window, page)  # the public results show the Portuguese hold, not who paid
    qtbot.mouseClick(page.banner_button, Qt.MouseButton.LeftButton)

    # Fall 1815: Britain denies the Scottish army passage, secretly; France enters after it.
    pass_curtain(qtbot, page, "Britain")
    assert page.allocation_panel.allocated.count() == 0  # France's spring allocation is nowhere here
    click(qtbot, page, "IRS")
    key(qtbot, page, Qt.Key.Key_N)
    assert page.draft is not None and page.draft.lines("BRITAIN") == ["DENY A SCO BY F IRS"]
    submit(qtbot, page)
    text = blob(window, page)
    assert not [line for line in text.splitlines() if any(s in line for s in SECRETS)], "behind France's curtain"
    pass_curtain(qtbot, page, "France")
    click(qtbot, page, "IRS")  # Britain's fleet: France can't select it, and N gives nothing
    key(qtbot, page, Qt.Key.Key_N)
    assert page.draft is not None and page.draft.lines("FRANCE") == []
    text = blob(window, page)
    assert not any(s in text for s in SECRETS), "during France's entry"
    assert "DENY" not in caplog.text
    submit(qtbot, page)
    # Adjudicated: the Scottish army held, so the denial stopped nothing and stays Britain's secret.
    assert page.flow.stage is Stage.RESULTS
    assert "DENY A SCO" not in blob(window, page)
    assert any(r.order.startswith("DENY") for r in page.game.history[-1].results)


def test_the_projector_header_names_who_is_first(qtbot: QtBot, window: MainWindow) -> None:
    page = start_1815(window, Mode.GM, ())
    board = page.open_board_window()
    qtbot.addWidget(board)
    assert board.leader.isVisibleTo(board) and board.leader.text().startswith("Tied for first with 4 centres")
    board.close()


def test_the_projector_header_wraps_in_a_narrow_window_without_cutting_words(qtbot: QtBot,
                                                                             window: MainWindow) -> None:
    page = start_1815(window, Mode.GM, ())
    board = page.open_board_window()
    qtbot.addWidget(board)
    board.resize(800, 800)
    QApplication.processEvents()
    leader = board.leader
    assert leader.text().endswith("Ottoman Empire (no one wins while tied)")
    assert leader.wordWrap() and leader.geometry().right() <= board.width()
    assert leader.heightForWidth(leader.width()) >= 2 * leader.fontMetrics().height()  # wrapped, not cut off
    assert "Ottoman&nbsp;Empire&nbsp;<b>4</b>" in board.counts.text()  # a count never splits across lines
    board.close()


def test_the_history_tabs_centre_counts_keep_one_column(qtbot: QtBot, window: MainWindow) -> None:
    page = start_1815(window, Mode.GM, ())
    counts = [line for line in page.history_panel.report.toPlainText().splitlines() if line.endswith(" centres")]
    assert len(counts) == len(page.game.variant.powers) and any("Ottoman Empire" in line for line in counts)
    assert len({line.index(" centres") for line in counts}) == 1, counts


def test_typed_allocations_that_overspend_are_named_so_in_the_points_tab(qtbot: QtBot, window: MainWindow) -> None:
    page = start_1815(window, Mode.HOTSEAT, ("BRITAIN", "FRANCE"))
    pass_curtain(qtbot, page, "Britain")
    page.order_panel.text_box.setPlainText("DP 3 A PIE H\nDP 2 F HOL H")
    page.order_panel.add_button.click()
    heading = page.allocation_panel.heading.text()
    assert "4 this turn, 5 allocated, 1 too many: all would be forfeited" in heading and "-1" not in heading
    assert "overspent" in page.order_panel.warnings.text()


def test_the_game_master_allocates_for_the_power_in_focus(qtbot: QtBot, window: MainWindow) -> None:
    page = start_1815(window, Mode.GM, ())
    assert page.gm is not None
    assert page.tabs.indexOf(page.allocation_panel) < 0  # no power in focus: no panel
    page._on_focus_power("PRUSSIA")
    QApplication.processEvents()
    allocate(page, "SAX", "A SAX H", 1)
    assert page.draft is not None and page.draft.lines("PRUSSIA") == ["DP 1 A SAX H"]


def test_an_exported_boards_caption_says_who_is_first() -> None:
    game = Game.new("1815")
    caption = board_caption(game.variant, game.state, {})
    assert "Tied for first with 4 centres" in caption.text()
    standard = Game.new("standard")
    assert "first" not in board_caption(standard.variant, standard.state, {}).text()


def test_a_lan_seat_allocates_its_points_into_the_orders_the_host_keeps(qtbot: QtBot, window: MainWindow,
                                                                         tmp_path: Path) -> None:
    thread = HostThread(Host(Game.new("1815"), HostSettings(name="1815 table", cd_unclaimed=True),
                             tmp_path / "lan-host.json"))
    thread.start("127.0.0.1", 0)
    try:
        page = join_via_dialog(qtbot, window, thread.host.port, "claim", "FRANCE")
        allocate(page, "POR", "F POR H", 2)
        assert page.draft is not None and page.draft.lines("FRANCE") == ["DP 2 F POR H"]
        qtbot.mouseClick(page.seat_bar.send_button, Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda: thread.run(lambda: thread.host.game.pending_orders("FRANCE")) == ["DP 2 F POR H"],
                        timeout=6000)
        window.close_game()
    finally:
        thread.stop()
