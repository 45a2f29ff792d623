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
    some = sorted(variant.known_areas(game.state, "AZURE"), key=int)[0]
    x, y = coordinates(board.extra, "AZURE", some)
    assert texts["AZURE"][some] == f"{some} {x:02d}{y:02d}" != variant.area_labels("AMBER")[some]
    assert texts["all"][some] == some and texts["public"][some] == some


def test_areas_a_power_never_saw_are_drawn_blank_without_names_or_centres(qapp: Any) -> None:
    """RG-AOD-3: a power's map holds only the areas it has seen or spied on; the rest of the generated map
    (its shapes, names, centres and whose homes are where) stays unknown to it. The game master sees it all."""
    variant = find_variant("age_of_discovery", {"players": 9, "seed": 2})
    game = Game.new(variant)
    known = variant.known_areas(game.state, "AMBER")
    geometry, _ = board_geometry(variant.map_id)
    picture, _ = _picture_for(game, None, False, "AMBER")
    assert picture.unexplored == frozenset(variant.board.provinces) - known and known
    assert not picture.unexplored & set(picture.supply_centres or ())
    assert set(picture.home_centres.values()) == {"AMBER"}  # nobody else's home is on Amber's map
    layout = board_layout(PaintContext(geometry, picture, cache_for(geometry), EXPORT_MARK_SCALE))
    assert {label.loc for label in layout.labels} == set(known)
    assert set(layout.centres) <= known
    everything, _ = _picture_for(game, None, False, "all")
    assert everything.unexplored == frozenset() and len(set(everything.home_centres.values())) == 9


def test_behind_the_curtain_the_board_hides_what_the_power_never_saw(qtbot: Any, tmp_path: Any) -> None:
    """The interactive board of a hot-seat Age of Discovery game: the power at its orders sees its explored
    areas named in its own coordinates; the rest is blank, unnamed, without centres."""
    from PySide6.QtWidgets import QApplication

    from app.controllers.setup import Mode, NewGameSpec
    from app.drawing import palette
    from gui_helpers import make_window, pass_curtain

    window = make_window(qtbot, tmp_path)
    assert window.start_new_game(NewGameSpec("age_of_discovery", Mode.HOTSEAT, ("AMBER", "AZURE"))) is not None
    QApplication.processEvents()
    page = window.page
    assert page is not None
    pass_curtain(qtbot, page, "AMBER")
    variant = page.game.variant
    known = variant.known_areas(page.game.state, "AMBER")
    hidden = next(a for a in variant.board.supply_centers if a not in known)
    seen = next(a for a in known if a in variant.board.supply_centers)
    scene = page.scene
    scene.layout  # the labels are laid out
    assert scene.provinces[hidden].fill.name() == palette.UNEXPLORED
    assert not scene.label_of[hidden].isVisible() and not scene.centres[hidden].isVisible()
    assert scene.label_of[seen].isVisible() and scene.centres[seen].isVisible()
    assert scene.label_of[seen].text == variant.area_labels("AMBER")[seen]
