"""A player's and game master's files: orders entered mid-phase survive Save, reopening and quitting; a
rolled-back game can be restored; an unreadable file is named in the message and changes nothing."""
from __future__ import annotations

import pytest

pytest.importorskip("PySide6", reason="needs Qt")
pytestmark = pytest.mark.gui

import json
from pathlib import Path

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from app.controllers.setup import Mode
from app.widgets.main_window import MainWindow
from engine.savefile import load_game

from gui_helpers import click, draft_lines, make_window, pass_curtain, start, submit, window  # noqa: F401


def test_the_game_masters_orders_survive_save_and_reopen(qtbot: QtBot, window: MainWindow, tmp_path: Path) -> None:
    page = start(window)
    click(qtbot, page, "PAR")
    click(qtbot, page, "BUR")
    assert page.gm is not None
    page.gm.enter_text("ENGLAND: F LON - NTH")
    target = tmp_path / "mid-phase.json"
    assert window.save_to(target)
    window.close_game()
    assert window.open_game(target) is not None and window.page is not None
    assert window.page.draft is not None
    assert sorted(window.page.draft.lines("FRANCE") + window.page.draft.lines("ENGLAND")) == ["A PAR - BUR", "F LON - NTH"]
    shown = window.page.order_panel.order_list
    texts = " / ".join(shown.item(i).text() for i in range(shown.count()))
    assert "PAR" in texts and "LON" in texts, texts  # and the order list shows them


def test_quitting_keeps_the_orders_entered_in_the_autosave(qtbot: QtBot, tmp_path: Path) -> None:
    window = make_window(qtbot, tmp_path)
    page = start(window)
    click(qtbot, page, "PAR")
    click(qtbot, page, "BUR")
    autosave = window.autosave_path(page.game)
    window.close()
    saved = load_game(autosave)
    assert saved.pending_orders("FRANCE") == ["A PAR - BUR"] and not saved.ready


def test_a_hot_seat_power_saving_mid_entry_finds_its_orders_again(qtbot: QtBot, window: MainWindow,
                                                                 tmp_path: Path) -> None:
    page = start(window, Mode.HOTSEAT, ("FRANCE", "GERMANY"))
    pass_curtain(qtbot, page, "France")
    click(qtbot, page, "PAR")
    click(qtbot, page, "PIC")
    submit(qtbot, page)
    pass_curtain(qtbot, page, "Germany")
    click(qtbot, page, "BER")
    click(qtbot, page, "KIE")
    target = tmp_path / "hotseat.json"
    assert window.save_to(target)
    window.close_game()
    page = window.page if window.open_game(target) else None
    assert page is not None and page.flow is not None
    assert page.flow.waiting() == ["GERMANY"]  # France's orders are still sealed and submitted
    pass_curtain(qtbot, page, "Germany")
    assert page.draft is not None and page.draft.lines("GERMANY") == ["A BER - KIE"]
    submit(qtbot, page)
    assert page.game.history[-1].orders == {"FRANCE": ("A PAR - PIC",), "GERMANY": ("A BER - KIE",)}


def test_a_rollback_in_the_history_tab_can_be_undone(qtbot: QtBot, window: MainWindow) -> None:
    page = start(window)
    panel, history = page.order_panel, page.history_panel
    panel.text_box.setPlainText("FRANCE\nA PAR - BUR\n")
    panel.add_button.click()
    submit(qtbot, page)
    qtbot.mouseClick(page.banner_button, Qt.MouseButton.LeftButton)
    click(qtbot, page, "BUR")
    click(qtbot, page, "MUN")  # an order entered in the autumn before the rollback
    played = list(page.game.history)
    page.tabs.setCurrentWidget(history)
    history.phase_list.setCurrentRow(0)
    history.rollback_button.click()
    assert page.game.phase == "S1901M" and not page.game.history
    assert history.undo_rollback_button.isVisible()
    assert history.undo_rollback_button.toolTip() == "Back to Fall 1901 Movement (1 phase restored), with the orders entered then"
    assert history.undo_rollback_button.sizeHint().width() <= history.rollback_button.sizeHint().width()
    assert "Rolled back to Spring 1901 Movement" in window.statusBar().currentMessage()
    history.undo_rollback_button.click()
    assert page.game.phase == "F1901M" and page.game.history == played
    assert draft_lines(page, "FRANCE") == ["A BUR - MUN"]
    assert not history.undo_rollback_button.isVisible()
    assert load_game(window.autosave_path(page.game)).phase == "F1901M"  # the autosave follows

    history.phase_list.setCurrentRow(0)
    history.rollback_button.click()
    window.undo_action.trigger()  # Edit ▸ Undo with nothing entered since: the rollback is taken back
    assert page.game.phase == "F1901M" and page.game.history == played


def test_recent_games_name_each_variant_as_people_call_it(qtbot: QtBot, window: MainWindow, tmp_path: Path) -> None:
    start(window)
    mine = tmp_path / "thursday.json"
    assert window.save_to(mine)
    window.close_game()
    data = json.loads(mine.read_text(encoding="utf-8"))
    data["variant"], data["variant_name"] = "age_of_discovery", "Age of Discovery"  # only the words are read
    mine.write_text(json.dumps(data), encoding="utf-8")
    older = tmp_path / "older.json"
    del data["variant_name"]  # written before files named their variant
    older.write_text(json.dumps(data), encoding="utf-8")
    assert window._describe_file(mine) == "thursday — Age of Discovery, Spring 1901 Movement, game master"
    assert window._describe_file(older) == "older — Age of Discovery, Spring 1901 Movement, game master"


def test_the_centre_strip_counts_the_phase_under_review(qtbot: QtBot, window: MainWindow) -> None:
    page = start(window)
    assert page.gm is not None
    for orders in ("FRANCE: A PAR - BUR", "FRANCE: A BUR - BEL"):
        page.gm.enter_text(orders)
        submit(qtbot, page)
        qtbot.mouseClick(page.banner_button, Qt.MouseButton.LeftButton)

    def counted() -> int:
        return next(c.centres for c in page.centre_strip.counts if c.name == "France")

    assert counted() == 4  # Belgium taken in the autumn
    page.tabs.setCurrentWidget(page.history_panel)
    page.history_panel.phase_list.setCurrentRow(0)  # Spring 1901: the board shows no Belgium yet
    assert page.review_index == 0 and counted() == 3
    page.history_panel.select(-1)
    assert page.review_index is None and counted() == 4


def test_undo_takes_back_orders_entered_after_a_rollback_before_the_rollback(qtbot: QtBot, window: MainWindow) -> None:
    page = start(window)
    for _ in range(2):
        submit(qtbot, page)
        qtbot.mouseClick(page.banner_button, Qt.MouseButton.LeftButton)
    later = page.game.phase
    page.history_panel.phase_list.setCurrentRow(1)
    page.history_panel.rollback_button.click()
    assert page.game.phase == "F1901M"
    click(qtbot, page, "PAR")
    click(qtbot, page, "BUR")
    page.history_panel.phase_list.setCurrentRow(0)  # reviewing Spring 1901: Undo does nothing at all
    assert page.review_index == 0
    window.undo_action.trigger()
    assert page.game.phase == "F1901M" and draft_lines(page, "FRANCE") == ["A PAR - BUR"]
    page.history_panel.select(-1)
    window.undo_action.trigger()
    assert page.game.phase == "F1901M" and draft_lines(page, "FRANCE") == []
    window.undo_action.trigger()
    assert page.game.phase == later and len(page.game.history) == 2


def test_save_as_adds_the_games_suffix_to_a_bare_name(qtbot: QtBot, window: MainWindow, tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    from PySide6.QtWidgets import QFileDialog

    def typed(dialog: QFileDialog) -> int:
        dialog.selectFile(str(tmp_path / "thursday"))  # as typed into the dialog's name box
        return int(QFileDialog.DialogCode.Accepted)

    monkeypatch.setattr(QFileDialog, "exec", typed)
    start(window)
    assert window.save_as()
    assert window.game_path == tmp_path / "thursday.json" and load_game(tmp_path / "thursday.json").phase == "S1901M"
