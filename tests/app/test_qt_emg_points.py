"""EMG units carry their points on the board (army and fleet 2, corps and squadron 1), in the window, in
exports and in the key; a board without the hook draws no marks."""
from __future__ import annotations

import pytest

pytest.importorskip("PySide6", reason="needs Qt")

from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from app.controllers.setup import Mode, NewGameSpec
from app.drawing.labels import symbol_obstacles
from app.scene.pictures import Display, board_geometry, board_picture, power_colours, variant_legend
from app.widgets.main_window import MainWindow
from engine.types import UnitType
from engine.variants import find_variant

from gui_helpers import window  # noqa: F401

EXPECTED = {UnitType.ARMY: "2", UnitType.FLEET: "2", UnitType.CORPS: "1", UnitType.SQUADRON: "1"}


def test_each_unit_is_marked_with_its_points_and_the_key_says_so() -> None:
    variant = find_variant("global_diplomacy")
    state = variant.initial_state()
    picture = board_picture(variant.board, state, power_colours(variant.board), Display(), variant=variant)
    assert {u.type for u in state.units.values()} == set(EXPECTED)
    assert picture.unit_badges == {u.loc: EXPECTED[u.type] for u in state.units.values()}
    geometry, _ = board_geometry(variant.map_id)
    legend = {e.key: e.text for e in variant_legend(variant, geometry)}
    assert legend["unit_badge"] == "A unit's points: army and fleet 2, corps and squadron 1"
    # the marks are symbols the labels keep clear of
    badges = [o for o in symbol_obstacles(geometry, picture, geometry.unit_size, {}) if o.kind == "badge"]
    assert len(badges) == len(state.units)


def test_standard_units_carry_no_mark() -> None:
    variant = find_variant("standard")
    picture = board_picture(variant.board, variant.initial_state(), power_colours(variant.board), Display(),
                            variant=variant)
    assert picture.unit_badges == {}
    geometry, _ = board_geometry(variant.map_id)
    assert "unit_badge" not in {e.key for e in variant_legend(variant, geometry)}


def test_the_window_draws_the_points_on_each_unit_it_shows(qtbot: QtBot, window: MainWindow) -> None:
    game = window.start_new_game(NewGameSpec("global_diplomacy", Mode.GM, ()))  # type: ignore[arg-type]
    assert game is not None and window.page is not None
    QApplication.processEvents()
    page = window.page
    marks = {(power, loc): item.mark for (power, _kind, loc, _d), item in page.scene.units.items()}
    assert marks == {(u.power, u.loc): EXPECTED[u.type] for u in game.state.units.values()}
    assert page.gm is not None
    page.gm.add_unit("ENGLAND", UnitType.SQUADRON, "234")  # a new unit gets its mark too
    QApplication.processEvents()
    assert page.scene.units[("ENGLAND", UnitType.SQUADRON, "234", False)].mark == "1"
