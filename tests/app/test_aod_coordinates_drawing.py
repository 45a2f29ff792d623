"""Age of Discovery's board as a power sees it: every area labelled with its id and that power's own X Y name
(RG-AOD-5), counted from its start; the game master's board and a shared screen show ids only."""
from __future__ import annotations

from typing import Any

from app.drawing.context import EXPORT_MARK_SCALE, PaintContext, cache_for
from app.drawing.painter import board_layout
from app.render import _picture_for
from app.scene.pictures import board_geometry
from engine.game import Game
from engine.types import UnitType
from engine.variants import find_variant
from engine.variants.emg.aod_map import coordinates


def test_a_powers_board_names_areas_in_its_own_coordinates(qapp: Any) -> None:
    variant = find_variant("age_of_discovery", {"players": 9, "seed": 2})
    game = Game.new(variant)
    board = variant.board
    geometry, _ = board_geometry(variant.map_id)
    texts = {}
    for viewer in ("AMBER", "AZURE", "all", "public"):
        picture, _ = _picture_for(game, None, False, viewer)
        layout = board_layout(PaintContext(geometry, picture, cache_for(geometry), EXPORT_MARK_SCALE))
        texts[viewer] = {label.loc: label.text for label in layout.labels if not label.part}
    start = next(loc for kind, loc in board.powers["AMBER"].start_units if kind is UnitType.ARMY)
    assert texts["AMBER"][start] == f"{start} 0101"
    some = sorted(board.provinces, key=int)[5]
    x, y = coordinates(board.extra, "AZURE", some)
    assert texts["AZURE"][some] == f"{some} {x:02d}{y:02d}" != texts["AMBER"][some]
    assert texts["all"][some] == some and texts["public"][some] == some
