"""The Global Diplomacy board as exports draw it: every area labelled with its number, no label covering another
label or a unit, and the seam at 180° drawn as one board. Drawn here under standard rules by a test-only variant
(the board is what's tested; the EMG rules are a package of their own)."""
from __future__ import annotations

from typing import Any

from app.drawing.context import EXPORT_MARK_SCALE, PaintContext, cache_for
from app.drawing.labels import overlapping_labels
from app.drawing.painter import board_layout
from app.render import _picture_for
from app.scene.pictures import board_geometry
from engine.game import Game
from engine.variants.base import Variant


class BoardGlobal1890(Variant):
    """Standard rules on the Global Diplomacy board (not registered: only these tests use it)."""

    id = "board-global1890-test"
    name = "Global Diplomacy board"
    map_id = "global1890"


def test_every_area_shows_its_number_and_no_label_covers_another(qapp: Any) -> None:
    game = Game.new(BoardGlobal1890())
    picture, _caption = _picture_for(game, None, False)
    geometry, _schematic = board_geometry("global1890")
    layout = board_layout(PaintContext(geometry, picture, cache_for(geometry), EXPORT_MARK_SCALE))
    assert overlapping_labels(layout) == []
    whole = [label for label in layout.labels if not label.part]
    assert {label.loc for label in whole} == set(geometry.locations())
    numbers = {str(p.number) for p in game.variant.board.provinces.values() if p.is_passable}
    assert {label.text for label in whole} == numbers
    outside = [label.loc for label in whole if not label.inside]
    assert len(outside) <= len(whole) // 25, outside
