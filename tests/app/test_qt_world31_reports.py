"""World Diplomacy's reports: the game master's exported results report carries every country's finance
sheet (the tax total after Spring and Fall among them) and prints orders in the rules text's notation; a
country's own report carries only its own sheet."""
from __future__ import annotations

import pytest

pytest.importorskip("PySide6", reason="needs Qt")
pytestmark = pytest.mark.gui

from pathlib import Path

from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from app.controllers.setup import Mode, NewGameSpec
from app.widgets.main_window import MainWindow
from engine.report import phase_report

from gui_helpers import window  # noqa: F401


def test_the_game_masters_export_has_every_countrys_finance_sheet(qtbot: QtBot, window: MainWindow,  # noqa: F811
                                                                   tmp_path: Path) -> None:
    game = window.start_new_game(NewGameSpec("world31", Mode.GM, ()))
    assert game is not None and window.page is not None
    game.process()  # Winter 2000: movement only
    game.set_orders("UNITED_KINGDOM", ["{EP} F 3 - NWG", "{SA} F 99 - CoA"])
    game.process()  # Spring 2000: taxes
    QApplication.processEvents()
    out = tmp_path / "results.txt"
    assert window.export_report(out)
    text = out.read_text(encoding="utf-8")
    sheets = [line for line in text.splitlines() if line.strip().startswith("FINANCES")]
    assert len(sheets) == 31, sheets[:3]
    assert all("taxes (" in line and "savings US$" in line for line in sheets)
    # Orders are printed in the rules text's notation.
    assert "  {EP} F 3 - NWG " in text and "  {SA} F 99 - COA " in text and "  {EP} F 6 H " in text
    # France's own report: its sheet, nobody else's.
    index = len(game.history) - 1
    french = [line for line in phase_report(game, index, "FRANCE").splitlines() if "FINANCES" in line]
    assert len(french) == 1 and "savings US$15.00" in french[0]
