"""The results a hot-seat table reads on the board, in the order panel and in the History report never give
away a hidden Engineered decoy: a lone decoy's move reads as the army's, without the zero strength that
would expose it; its owner, at the game master's seat, reads the truth."""
from __future__ import annotations

import pytest

pytest.importorskip("PySide6", reason="needs Qt")
pytestmark = pytest.mark.gui

from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from app.controllers.hotseat import Stage
from app.controllers.setup import Mode
from app.widgets.main_window import MainWindow
from engine.types import UnitType
from gui_helpers import pass_curtain, submit, window  # noqa: F401  (fixture)
from test_qt_engineered import open_engineered

A, D = UnitType.ARMY, UnitType.DECOY
UNITS = [("RUSSIA", A, "MOS"), ("RUSSIA", D, "UKR"), ("TURKEY", A, "SEV"), ("AUSTRIA", A, "GAL")]
CENTRES = {"MOS": "RUSSIA", "SEV": "TURKEY", "BUD": "AUSTRIA"}


def test_a_lone_decoys_bounce_reads_as_an_armys_for_the_table(qtbot: QtBot, window: MainWindow) -> None:
    page = open_engineered(window, Mode.HOTSEAT, ("RUSSIA", "TURKEY"), units=UNITS, extra=None, centres=CENTRES)
    assert page.flow is not None
    pass_curtain(qtbot, page, "RUSSIA")
    assert page.draft is not None
    order = page.game.check_line("RUSSIA", "D UKR - GAL").order
    assert order is not None
    page.draft.merge("RUSSIA", [order], "typed")
    submit(qtbot, page)
    pass_curtain(qtbot, page, "TURKEY")
    submit(qtbot, page)
    QApplication.processEvents()
    assert page.flow.stage is Stage.RESULTS
    truth = {r.order: r.reason for r in page.game.history[-1].results}
    assert truth["A UKR - GAL"] == "bounced off GAL (0 vs 1)"  # Austria holds: the bluff isn't exposed
    index = len(page.game.history) - 1
    shown = {r.order: r.reason for r in page._visible_results(index)}
    assert shown["A UKR - GAL"] == "bounced off GAL"
    report = page.history_panel.report.toPlainText()
    assert "A UKR - GAL" in report and "0 vs 1" not in report and "D UKR" not in report
    assert "decoy" not in page.banner_text.text().lower()
