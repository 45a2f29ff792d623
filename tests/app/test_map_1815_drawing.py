"""The 1815 board as exports draw it: no label covered at the start or in a busy position, the red arrows and the
voyage round Africa visible. Played here under standard rules by a test-only variant (the board is what's tested)."""
from __future__ import annotations

import random
from typing import Any

import pytest
from PySide6.QtGui import QColor

from app.drawing import palette
from app.drawing.context import EXPORT_MARK_SCALE, PaintContext, cache_for
from app.drawing.export import render_to_image
from app.drawing.labels import overlapping_labels
from app.drawing.painter import board_layout
from app.render import _picture_for
from app.scene.pictures import board_geometry
from engine.bots import play_random_phase
from engine.game import Game
from engine.types import PhaseType
from engine.variants.base import Variant


class Board1815(Variant):
    """Standard rules on the 1815 board (not registered: only these tests use it)."""

    id = "board-1815-test"
    name = "1815 board"
    map_id = "1815"


def _game(busy: bool) -> tuple[Game, str | None]:
    game = Game.new(Board1815())
    if not busy:
        return game, None
    rng = random.Random(7)
    while len(game.history) < 16:
        play_random_phase(game, rng)
    phase = [r for r in game.history if r.state.phase.type is PhaseType.MOVEMENT][-1].state.phase
    return game, str(phase)


@pytest.mark.parametrize("busy", [False, True], ids=["start", "midgame"])
def test_no_label_covers_another_label_a_unit_or_a_mark(qapp: Any, busy: bool) -> None:
    game, phase = _game(busy)
    picture, _caption = _picture_for(game, phase, False)
    geometry, _schematic = board_geometry("1815")
    layout = board_layout(PaintContext(geometry, picture, cache_for(geometry), EXPORT_MARK_SCALE))
    assert overlapping_labels(layout) == []
    assert {label.loc for label in layout.labels if not label.part} == set(geometry.locations())
    outside = [label.loc for label in layout.labels if not label.inside]
    assert len(outside) <= max(2, len(layout.labels) // 25), outside


def test_red_arrows_and_the_cape_route_show_on_the_board(qapp: Any) -> None:
    game, _ = _game(False)
    picture, _caption = _picture_for(game, None, False)
    geometry, _schematic = board_geometry("1815")
    width = 2000
    image = render_to_image(picture, geometry, width)
    scale = width / geometry.width

    def colours(x: float, y: float) -> list[str]:
        """The pixel at map point (x, y) and its eight neighbours (a thin line blends into its edges)."""
        cx, cy = round(x * scale), round(y * scale)
        return [QColor(image.pixel(cx + dx, cy + dy)).name() for dx in (-1, 0, 1) for dy in (-1, 0, 1)]

    def near(actual: str, expected: str) -> bool:
        a, b = QColor(actual), QColor(expected)
        return max(abs(a.red() - b.red()), abs(a.green() - b.green()), abs(a.blue() - b.blue())) <= 48

    kinds = {d.kind for d in geometry.decorations}
    assert kinds == {"crossing", "sea-route"}
    for decoration in geometry.decorations:
        (x0, y0), (x1, y1) = (decoration.points[0].x(), decoration.points[0].y()), \
            (decoration.points[-1].x(), decoration.points[-1].y())
        middle = colours((x0 + x1) / 2, (y0 + y1) / 2)
        ink = palette.CROSSING_INK if decoration.kind == "crossing" else palette.SEA_ROUTE_INK
        if decoration.kind == "crossing":
            assert any(near(c, ink) for c in middle), (decoration.id, middle)
        else:  # dashed: some of the line is ink
            steps = [c for t in range(20) for c in colours(x0 + (x1 - x0) * t / 20, y0 + (y1 - y0) * t / 20)]
            assert any(near(c, ink) for c in steps), decoration.id
