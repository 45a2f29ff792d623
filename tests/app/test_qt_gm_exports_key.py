"""The game master's exported boards carry the board's key (Export board ▸ With the board's key, on by
default), and on every variant's board the key's words fit their columns at a size that reads at the export's
width."""
from __future__ import annotations

import pytest

pytest.importorskip("PySide6", reason="needs Qt")
pytestmark = pytest.mark.gui

from pathlib import Path

from PySide6.QtGui import QFontMetricsF, QImage
from pytestqt.qtbot import QtBot

from app.drawing.export import DEFAULT_WIDTH_PX
from app.drawing.sheet import _font, sheet_layout
from app.scene.pictures import board_geometry, variant_legend
from app.widgets.main_window import MainWindow
from engine.game import Game

from gui_helpers import start, window  # noqa: F401

VARIANTS = ("standard", "colonial", "1815", "engineered", "global_diplomacy", "age_of_discovery", "world31")


@pytest.mark.parametrize("variant_id", VARIANTS)
def test_the_keys_words_fit_their_columns_and_read_at_the_export_width(qapp: object, variant_id: str) -> None:
    variant = Game.new(variant_id).variant
    geometry, _ = board_geometry(variant.map_id)
    entries = variant_legend(variant, geometry)
    layout = sheet_layout(geometry, None, entries)
    u = layout.legend_unit
    room = layout.width / layout.legend_columns - u * 2.2  # a column less its symbol and margins
    metrics = QFontMetricsF(_font(u * 0.62))
    too_long = [e.text for e in entries if metrics.horizontalAdvance(e.text) > room]
    assert not too_long, f"{variant_id}: cut off at the column's edge: {too_long}"
    text_px = u * 0.62 * DEFAULT_WIDTH_PX / layout.width
    assert text_px >= 12, f"{variant_id}: the key's words are {text_px:.1f} px high in a {DEFAULT_WIDTH_PX} px export"


def test_an_exported_board_carries_the_key_unless_it_is_unticked(qtbot: QtBot, window: MainWindow,
                                                                   tmp_path: Path) -> None:
    page = start(window)
    assert window.export_key_action.isChecked()
    with_key, without = tmp_path / "with.png", tmp_path / "without.png"
    assert window.export_board(with_key)
    window.export_key_action.setChecked(False)
    assert window.export_board(without)
    geometry = page.map_geometry
    legend = sheet_layout(geometry, None, variant_legend(page.game.variant, geometry)).legend
    assert legend is not None
    taller = QImage(str(with_key)).height() - QImage(str(without)).height()
    assert taller == pytest.approx(legend.height() * DEFAULT_WIDTH_PX / geometry.width, abs=2)
    svg = tmp_path / "with.svg"
    window.export_key_action.setChecked(True)
    assert window.export_board(svg) and b"Order failed" in svg.read_bytes()  # the key's words, as text


def test_an_exported_boards_title_names_the_phase_it_shows(qtbot: QtBot, window: MainWindow, tmp_path: Path) -> None:
    page = start(window)
    assert page.gm is not None
    page.gm.adjudicate()  # the Spring's results on the board, the Fall the current phase
    svg = tmp_path / "b.svg"
    assert window.export_board(svg)
    assert "<title>Chancellery — Standard — Spring 1901 Movement — results</title>" in svg.read_text(encoding="utf-8")
    assert "Fall 1901" not in svg.read_text(encoding="utf-8")
