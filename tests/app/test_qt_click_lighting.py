"""Lighting targets on the map: each new picture leaves exactly its own provinces lit (however many were lit
before), a click that only lights targets keeps the unit items, and a province's highlight drawn from its
kept image is the one drawn directly."""
from __future__ import annotations

import pytest

pytest.importorskip("PySide6", reason="needs Qt")
pytestmark = pytest.mark.gui

from PySide6.QtGui import QImage, QPainter, QTransform
from PySide6.QtWidgets import QApplication, QStyleOptionGraphicsItem

from app.drawing.picture import BoardPicture, UnitMark
from app.scene import items
from app.scene.map_scene import MapScene
from app.scene.pictures import board_geometry, power_colours
from engine.variants import find_variant


@pytest.fixture(scope="module")
def world() -> MapScene:
    QApplication.instance() or QApplication([])
    variant = find_variant("world31")
    geometry, _ = board_geometry(variant.map_id)
    return MapScene(geometry, variant.board, power_colours(variant.board))


def lit_state(scene: MapScene) -> dict[str, tuple[frozenset[str], bool, bool]]:
    return {pid: (item.lit, item.is_selected_province, item.railway_lit) for pid, item in scene.provinces.items()
            if item.lit or item.is_selected_province or item.railway_lit}


def test_each_picture_leaves_exactly_its_own_provinces_lit(world: MapScene) -> None:
    units = (UnitMark("UK", "F", "EP3"),)
    world.show_picture(BoardPicture(units=units, highlights=frozenset({"EP1", "EP4", "NWG"}), selected="EP3"))
    assert lit_state(world) == {"EP1": (frozenset({"EP1"}), False, False), "EP4": (frozenset({"EP4"}), False, False),
                                "NWG": (frozenset({"NWG"}), False, False), "EP3": (frozenset(), True, False)}
    world.show_picture(BoardPicture(units=units, highlights=frozenset({"NA25/SC", "NA24"}), selected="NA25"),
                       railway_highlights=frozenset({"NA26"}))
    assert lit_state(world) == {"NA25": (frozenset({"NA25/SC"}), True, False),
                                "NA24": (frozenset({"NA24"}), False, False), "NA26": (frozenset(), False, True)}
    world.show_picture(BoardPicture(units=units))
    assert lit_state(world) == {}


def test_lighting_targets_keeps_the_unit_items_and_a_move_still_moves_them(world: MapScene) -> None:
    world.show_picture(BoardPicture(units=(UnitMark("UK", "F", "EP3"), UnitMark("USA", "A", "NA24"))))
    before = dict(world.units)
    world.show_picture(BoardPicture(units=(UnitMark("UK", "F", "EP3"), UnitMark("USA", "A", "NA24")),
                                    highlights=frozenset({"EP1"}), selected="EP3"))
    assert world.units == before and all(world.units[k] is before[k] for k in before)
    world.show_picture(BoardPicture(units=(UnitMark("UK", "F", "NWG"), UnitMark("USA", "A", "NA24"))))
    assert ("UK", "F", "NWG", False) in world.units and ("UK", "F", "EP3", False) not in world.units
    world.show_picture(BoardPicture(units=(UnitMark("UK", "F", "NWG"), UnitMark("USA", "A", "NA24"))),
                       awaiting=frozenset({"NA24"}))
    assert world.units[("USA", "A", "NA24", False)].awaiting


def painted(item: items.ProvinceItem, transform: QTransform) -> QImage:
    image = QImage(900, 700, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(0)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    painter.setTransform(transform)
    item.paint(painter, QStyleOptionGraphicsItem())
    painter.end()
    return image


def largest_difference(a: QImage, b: QImage) -> int:
    worst = 0
    for y in range(0, a.height(), 2):
        for x in range(0, a.width(), 2):
            pa, pb = a.pixelColor(x, y), b.pixelColor(x, y)
            worst = max(worst, abs(pa.red() - pb.red()), abs(pa.green() - pb.green()), abs(pa.blue() - pb.blue()),
                        abs(pa.alpha() - pb.alpha()))
    return worst


@pytest.mark.parametrize("selected", [False, True])
def test_a_highlight_from_its_kept_image_is_the_one_drawn_directly(world: MapScene, selected: bool,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    shape = world.geometry.provinces["EP1"]  # a long coastline: the case the kept image is for
    item = items.ProvinceItem(shape, world.geometry.unit_size)
    item.set_lit(frozenset({"EP1"}), selected)
    box = shape.bounds
    scale = 0.6
    transform = QTransform(scale, 0.0, 0.0, scale, -box.left() * scale + 10.3, -box.top() * scale + 5.7)
    kept = painted(item, transform)
    again = painted(item, transform)  # from the kept image this time
    monkeypatch.setattr(items, "OVERLAY_MAX_PIXELS", 0)  # drawn directly
    direct = painted(item, transform)
    assert largest_difference(kept, direct) <= 2  # the same pixels, within rounding
    assert largest_difference(again, direct) <= 2
    item.set_lit(frozenset(), not selected)
    assert largest_difference(painted(item, transform), direct) > 50  # a new state is drawn anew
