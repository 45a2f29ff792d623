"""The board shows what a variant's position says beyond occupants: provinces it closes this phase are
shaded with the reason as their tooltip (World Diplomacy's frozen Arctic in Winter, not in Spring), and a
unit stacked beside an occupant (a militia with the army it defends) is drawn as a badge round it, while a
militia alone stands on the anchor like any unit."""
from __future__ import annotations

import pytest

pytest.importorskip("PySide6", reason="needs Qt")

from pytestqt.qtbot import QtBot

from app.drawing import UnitMark, unit_placements
from app.scene.map_scene import MapScene
from app.scene.pictures import Display, board_geometry, board_picture, power_colours
from engine.state import StackedUnit
from engine.types import Phase, UnitType
from engine.variants import find_variant


def world_with_militia():  # type: ignore[no-untyped-def]
    variant = find_variant("world31")
    state = variant.initial_state()
    army = next(u for u in state.units.values() if u.type is UnitType.ARMY)
    lone = next(p.id for p in variant.board.provinces.values() if p.is_land and p.id not in state.units)
    stacked = (StackedUnit(army.power, UnitType.MILITIA, army.loc), StackedUnit(army.power, UnitType.MILITIA, lone))
    return variant, state.replace(stacked=tuple(sorted(stacked, key=lambda s: s.loc))), army, lone


def test_a_militia_is_a_badge_beside_its_army_and_a_unit_when_alone() -> None:
    variant, state, army, lone = world_with_militia()
    picture = board_picture(variant.board, state, power_colours(variant.board), Display(), variant=variant)
    assert UnitMark(army.power, "M", army.loc) in picture.stacked
    places = {(p.unit.type, p.unit.loc): p for p in unit_placements(picture.units, picture.stacked)}
    beside = places[("M", army.loc)]
    assert beside.badge and beside.anchor == army.loc and (beside.dx, beside.dy) != (0.0, 0.0)
    assert not places[("A", army.loc)].badge
    alone = places[("M", lone)]
    assert not alone.badge and (alone.dx, alone.dy, alone.scale) == (0.0, 0.0, 1.0)
    # Without the position's word, a militia beside an army would be a second main unit on the anchor.
    assert not any(p.badge for p in unit_placements(picture.units))


def test_frozen_places_are_shaded_in_the_season_they_freeze(qtbot: QtBot) -> None:
    variant, state, _army, _lone = world_with_militia()
    geometry, _ = board_geometry(variant.map_id)
    colours = power_colours(variant.board)
    scene = MapScene(geometry, variant.board, colours)
    winter = board_picture(variant.board, state, colours, Display(), variant=variant)
    frozen = variant.frozen(state)
    assert set(winter.shaded) == set(frozen) and "ARC" in frozen
    scene.show_picture(winter)
    item = scene.provinces["ARC"]
    winter_fill, tip = item.fill.name(), item.toolTip()
    assert tip == "frozen this season"
    spring_state = state.replace(phase=Phase.parse("S2001M"))
    spring = board_picture(variant.board, spring_state, colours, Display(), variant=variant)
    assert not spring.shaded
    scene.show_picture(spring)
    assert item.fill.name() != winter_fill and item.toolTip() == ""
    open_sea = next(pid for pid, it in scene.provinces.items() if it.area.is_sea and pid not in frozen)
    assert scene.provinces[open_sea].fill.name() == item.fill.name()  # unfrozen, a sea like any other
