"""Sealed orders in hot-seat play: after FRANCE submits, nothing of its orders can be seen by the next
power anywhere — widgets, window title, status bar, undo, history, map, logs or the autosave file — until
the phase is adjudicated, when they appear in the results."""
from __future__ import annotations

import pytest

pytest.importorskip("PySide6", reason="needs Qt")
pytestmark = pytest.mark.gui

import logging
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QApplication, QComboBox, QListWidget, QMenu, QTabWidget
from pytestqt.qtbot import QtBot

from app.controllers.hotseat import Stage
from app.controllers.setup import Mode
from app.widgets.game_page import GamePage
from app.widgets.main_window import MainWindow

from gui_helpers import all_widgets, click, pass_curtain, start, submit, window  # noqa: F401

FRENCH_SECRETS = ("PAR - PIC", "BRE - ENG", "GAS - SPA")


def all_texts(window: MainWindow, page: GamePage) -> list[str]:
    """Every string the GUI holds for display, in any widget, hidden or not, plus the map's arrows."""
    texts: list[str] = [window.windowTitle(), window.statusBar().currentMessage(), QApplication.clipboard().text()]
    for w in all_widgets():
        texts += [w.windowTitle(), w.toolTip(), w.statusTip(), w.whatsThis(), w.accessibleName(),
                  w.accessibleDescription()]
        for attr in ("text", "toPlainText", "placeholderText", "currentText", "title"):
            getter = getattr(w, attr, None)
            if callable(getter):
                try:
                    value = getter()
                except TypeError:
                    continue
                if isinstance(value, str):
                    texts.append(value)
        if isinstance(w, QListWidget):
            for i in range(w.count()):
                texts += [w.item(i).text(), w.item(i).toolTip()]
        if isinstance(w, QComboBox):
            texts += [w.itemText(i) for i in range(w.count())]
        if isinstance(w, QTabWidget):
            texts += [w.tabText(i) for i in range(w.count())]
        if isinstance(w, QMenu):
            texts.append(w.title())
        for action in w.actions():
            texts += [action.text(), action.toolTip(), action.statusTip()]
    for action in window.findChildren(QAction):
        texts += [action.text(), action.toolTip(), action.statusTip()]
    for arrow in page.scene.arrows:
        texts.append(f"{arrow.power} {arrow.kind} {arrow.from_loc} - {arrow.to_loc} {arrow.aux_loc}")
    for item in page.scene.items():
        texts.append(item.toolTip())
    return texts


def assert_sealed(window: MainWindow, page: GamePage, caplog: pytest.LogCaptureFixture, where: str) -> None:
    blob = "\n".join(t for t in all_texts(window, page) if t)
    for secret in FRENCH_SECRETS:
        assert secret not in blob, f"{secret!r} leaked {where}"
    secret_moves = {tuple(s.split(" - ")) for s in FRENCH_SECRETS}
    drawn = [a for a in page.scene.arrows if (a.from_loc, a.to_loc) in secret_moves]
    assert not drawn, f"a sealed French order is drawn on the map {where}: {drawn}"
    for secret in FRENCH_SECRETS:
        assert secret not in caplog.text, f"{secret!r} leaked into the log {where}"
    autosave = window.autosave_path(page.game).read_text(encoding="utf-8")
    for secret in FRENCH_SECRETS:
        assert secret not in autosave, f"{secret!r} readable in the autosave {where}"


def test_france_orders_stay_sealed_until_adjudication(qtbot: QtBot, window: MainWindow,
                                                       caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG)
    page = start(window, Mode.HOTSEAT, ("FRANCE", "GERMANY", "ITALY"))
    assert page.flow is not None
    # Spring: public once adjudicated.
    for power, (src, dest) in (("France", ("MAR", "GAS")), ("Germany", ("MUN", "RUH")), ("Italy", ("ROM", "APU"))):
        pass_curtain(qtbot, page, power)
        click(qtbot, page, src)
        click(qtbot, page, dest)
        submit(qtbot, page)
    assert page.flow.stage is Stage.RESULTS
    qtbot.mouseClick(page.banner_button, Qt.MouseButton.LeftButton)

    # Fall: France enters its secret orders, with some back and forth in its undo history.
    pass_curtain(qtbot, page, "France")
    click(qtbot, page, "PAR")
    click(qtbot, page, "BUR")
    click(qtbot, page, "PAR")
    click(qtbot, page, "PIC")
    page.order_panel.text_box.setPlainText("F BRE - ENG\nA GAS - SPA")
    page.order_panel.add_button.click()
    window.undo_action.trigger()
    window.redo_action.trigger()
    assert page.draft is not None and page.draft.lines("FRANCE") == ["A PAR - PIC", "F BRE - ENG", "A GAS - SPA"]
    assert "PAR - PIC" in "\n".join(all_texts(window, page))  # France itself sees them (the scan works)
    submit(qtbot, page)
    assert page.game.pending_orders("FRANCE") == ["A PAR - PIC", "F BRE - ENG", "A GAS - SPA"]

    # Germany's curtain, then Germany's turn: nothing French anywhere.
    assert_sealed(window, page, caplog, "behind Germany's curtain")
    pass_curtain(qtbot, page, "Germany")
    assert_sealed(window, page, caplog, "during Germany's entry")
    for _ in range(5):
        window.undo_action.trigger()
        window.redo_action.trigger()
    assert page.draft is not None and page.draft.lines("GERMANY") == []
    assert_sealed(window, page, caplog, "after Germany pressed undo and redo")
    page.tabs.setCurrentWidget(page.history_panel)
    for row in range(page.history_panel.phase_list.count()):
        page.history_panel.phase_list.setCurrentRow(row)
        assert_sealed(window, page, caplog, f"with history row {row} selected")
    page.history_panel.last_button.click()
    assert page.review_index is None
    assert_sealed(window, page, caplog, "after returning from the history")
    page.tabs.setCurrentWidget(page.order_panel)
    click(qtbot, page, "KIE")
    click(qtbot, page, "HOL")
    submit(qtbot, page)
    assert_sealed(window, page, caplog, "behind Italy's curtain")
    pass_curtain(qtbot, page, "Italy")
    assert_sealed(window, page, caplog, "during Italy's entry")
    submit(qtbot, page)

    # Adjudicated: now everyone sees France's orders, on the map and in the report.
    assert page.flow.stage is Stage.RESULTS
    texts = "\n".join(all_texts(window, page))
    assert "A PAR - PIC" in texts
    assert [a for a in page.scene.arrows if (a.from_loc, a.to_loc) == ("PAR", "PIC")]


def test_a_submitted_power_cannot_reopen_its_orders(qtbot: QtBot, window: MainWindow) -> None:
    page = start(window, Mode.HOTSEAT, ("FRANCE", "GERMANY"))
    assert page.flow is not None
    pass_curtain(qtbot, page, "France")
    click(qtbot, page, "PAR")
    click(qtbot, page, "PIC")
    submit(qtbot, page)
    assert page.flow.power == "GERMANY" and page.flow.draft is None
    pass_curtain(qtbot, page, "Germany")
    assert page.draft is not None and page.draft.powers == ("GERMANY",)
    assert page.entry is not None and page.entry.options.powers() == ["GERMANY"]
    click(qtbot, page, "PAR")  # a French unit: not selectable by Germany
    assert page.entry.selected is None


def test_the_saved_file_keeps_sealed_orders_unreadable(qtbot: QtBot, window: MainWindow, tmp_path: Path) -> None:
    page = start(window, Mode.HOTSEAT, ("FRANCE", "GERMANY"))
    pass_curtain(qtbot, page, "France")
    click(qtbot, page, "PAR")
    click(qtbot, page, "PIC")
    submit(qtbot, page)
    target = tmp_path / "game.json"
    assert window.save_to(target)
    assert "PAR - PIC" not in target.read_text(encoding="utf-8")
    reopened = window.open_game(target)
    assert reopened is not None and reopened.pending_orders("FRANCE") == ["A PAR - PIC"]
    assert window.page is not None and window.page.flow is not None and window.page.flow.power == "GERMANY"

