"""The centre strip above the World's map: 31 countries don't fit one row of chips at a window's width, so
the strip takes as many rows as keep each country's swatch and whole count in sight (one row crushed every
count under the next chip's swatch); the standard board keeps its one row with the names."""
from __future__ import annotations

import pytest

pytest.importorskip("PySide6", reason="needs Qt")
pytestmark = pytest.mark.gui

from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from app.controllers.setup import Mode, NewGameSpec
from app.widgets.centre_strip import CentreStrip
from app.widgets.main_window import MainWindow

from gui_helpers import window  # noqa: F401


def assert_every_count_whole(strip: CentreStrip) -> None:
    chips = strip.chips()
    assert len(chips) == len(strip.counts)
    swatches = [swatch for _c, _cell, swatch, _n, _nb, _num in chips]
    for count, cell, swatch, name, _name_box, number in chips:
        assert cell.contains(swatch) and cell.contains(number), (count.name, cell, number)
        assert number.bottom() <= strip.height() and number.right() <= strip.width(), count.name
        assert not any(number.intersects(other) for other in swatches), f"{count.name}'s count is covered"
        assert not name or name.rstrip("…") and count.name.startswith(name.rstrip("…"))


@pytest.mark.parametrize("width", [1400, 1000, 700])
def test_the_worlds_31_counts_are_all_whole_on_the_game_page(qtbot: QtBot, window: MainWindow,  # noqa: F811
                                                              width: int) -> None:
    window.resize(width, 900)
    game = window.start_new_game(NewGameSpec("world31", Mode.GM, ()))
    assert game is not None and window.page is not None
    QApplication.processEvents()
    strip = window.page.centre_strip
    assert len(strip.counts) == 31
    assert strip.rows() > 1
    assert strip.height() >= strip.sizeHint().height()  # the page gives it the rows it asks for
    assert_every_count_whole(strip)


def test_the_standard_board_keeps_one_row_with_every_name(qtbot: QtBot, window: MainWindow) -> None:  # noqa: F811
    game = window.start_new_game(NewGameSpec("standard", Mode.GM, ()))
    assert game is not None and window.page is not None
    QApplication.processEvents()
    strip = window.page.centre_strip
    assert strip.rows() == 1
    assert [name for _c, _cell, _s, name, _nb, _num in strip.chips()] == [c.name for c in strip.counts]
    assert_every_count_whole(strip)
