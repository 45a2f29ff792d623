"""The World's labels at world scale: zoomed out, land provinces show their number within the continent and
each continent its tag once; zoomed in, the full ids. At every zoom no two shown labels overlap and none is
drawn below a legible size: a label with no clear spot is left out until zooming in makes room. Maps without
per-continent numbers keep their labels as they were."""
from __future__ import annotations

import pytest

pytest.importorskip("PySide6", reason="needs Qt")
pytestmark = pytest.mark.gui

from PySide6.QtCore import QRectF
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from app.drawing.labels import overlapping_labels
from app.scene import pictures
from app.scene.items import LABEL_MIN_PX, LabelItem
from app.scene.map_scene import MapScene
from app.scene.map_view import MapView
from engine.game import Game
from engine.variants import find_variant

LEGIBLE_PX = LABEL_MIN_PX * 0.85 - 0.01


def open_view(qtbot: QtBot, variant_id: str) -> MapView:
    variant = find_variant(variant_id)
    geometry, _ = pictures.board_geometry(variant.map_id)
    colours = pictures.power_colours(variant.board)
    scene = MapScene(geometry, variant.board, colours)
    game = Game.new(variant_id)
    scene.show_picture(pictures.board_picture(variant.board, game.state, colours, pictures.Display(), variant=variant))
    view = MapView(scene)
    qtbot.addWidget(view)
    view.resize(1400, 900)
    view.show()
    qtbot.waitExposed(view)
    view.fit_to_window()
    return view


def shown_labels(view: MapView) -> list[LabelItem]:
    for _ in range(3):
        QApplication.processEvents()
    assert view.map_scene.layout is not None
    return [item for item in (*view.map_scene.labels, *view.map_scene.tags.values()) if item.isVisible()]


def screen_box(view: MapView, item: LabelItem) -> QRectF:
    at = view.mapFromScene(item.pos())
    return item.boundingRect().translated(at.x(), at.y())


def assert_clean(view: MapView, where: str) -> None:
    labels = shown_labels(view)
    small = [(item.text, round(item.px, 1)) for item in labels if item.px < LEGIBLE_PX]
    assert not small, f"{where}: labels drawn below a legible size: {small[:8]}"
    layout = view.map_scene.layout
    assert layout is not None
    clashes = [pair for pair in overlapping_labels(layout) if pair[1].startswith("label")]
    assert not clashes, f"{where}: labels overlap: {clashes[:8]}"
    # The same, as drawn on screen (glyph boxes with their halo): no two visible labels cross by more than a
    # pixel or two (halos may touch).
    boxes = [(item.text, screen_box(view, item).adjusted(2, 2, -2, -2)) for item in labels]
    crossing = [(a, b) for i, (a, ra) in enumerate(boxes) for b, rb in boxes[i + 1:] if ra.intersects(rb)]
    assert not crossing, f"{where}: labels cross on screen: {crossing[:8]}"


def test_zoomed_out_the_world_shows_numbers_and_continent_tags(qtbot: QtBot) -> None:
    view = open_view(qtbot, "world31")
    scene = view.map_scene
    labels = shown_labels(view)
    assert scene.overview
    tags = sorted(item.text for item in labels if item.tag)
    assert tags == sorted(f"{{{c}}}" for c in ("NA", "SA", "EP", "AF", "ME", "AS", "OC", "AA"))
    greenland = scene.label_of["EP1"]
    assert greenland.text == "1" and greenland.isVisible()
    assert scene.label_of["EP14"].text == "14"
    land = [item for item in labels if not item.tag and not item.sea and not item.small]
    assert land and all(item.text.isdigit() for item in land), "zoomed out, land labels are bare numbers"
    assert len(land) > 250, "most provinces keep their number at a glance"
    assert any(item.text == "NWG" for item in labels), "sea zones keep their abbreviations"
    assert_clean(view, "fitted")


def test_zoomed_in_the_world_shows_full_ids_and_no_tags(qtbot: QtBot) -> None:
    view = open_view(qtbot, "world31")
    scene = view.map_scene
    view.set_zoom(view.fit_scale() * 6)
    view.centerOn(scene.anchor("EP14"))
    labels = shown_labels(view)
    assert not scene.overview
    assert not any(item.tag for item in labels)
    assert scene.label_of["EP14"].text == "EP14" and scene.label_of["EP14"].isVisible()
    assert_clean(view, "zoomed in on Paris")


@pytest.mark.parametrize("zoom_of_fit", [1.6, 2.5, 4.0])
def test_between_the_world_never_piles_labels(qtbot: QtBot, zoom_of_fit: float) -> None:
    view = open_view(qtbot, "world31")
    view.set_zoom(view.fit_scale() * zoom_of_fit)
    assert_clean(view, f"at {zoom_of_fit}x the fitted zoom")


def test_more_labels_show_as_the_map_is_zoomed_in(qtbot: QtBot) -> None:
    view = open_view(qtbot, "world31")
    counts = []
    for zoom_of_fit in (1.0, 2.5, 8.0):
        view.set_zoom(view.fit_scale() * zoom_of_fit)
        shown_labels(view)
        layout = view.map_scene.layout
        assert layout is not None
        counts.append(len(layout.hidden))
    assert counts[0] >= counts[1] >= counts[2]
    assert counts[2] <= 5, f"zoomed in eightfold, still {counts[2]} labels left out"


def test_a_map_without_continent_numbers_keeps_its_labels(qtbot: QtBot) -> None:
    view = open_view(qtbot, "standard")
    labels = shown_labels(view)
    assert not view.map_scene.tags and not view.map_scene.overview
    layout = view.map_scene.layout
    assert layout is not None and layout.hidden == ()
    assert view.map_scene.label_of["PAR"].text == "PAR" and view.map_scene.label_of["PAR"] in labels


def test_an_exported_world_board_is_labelled_at_its_overview_level(qtbot: QtBot) -> None:
    """The exported whole map: numbers, the eight continent tags, and no label on another."""
    from app.drawing.context import PaintContext, cache_for
    from app.drawing.painter import board_layout

    variant = find_variant("world31")
    geometry, _ = pictures.board_geometry(variant.map_id)
    colours = pictures.power_colours(variant.board)
    picture = pictures.board_picture(variant.board, Game.new("world31").state, colours, pictures.Display(),
                                     variant=variant)
    layout = board_layout(PaintContext(geometry, picture, cache_for(geometry), 1.5))
    assert sorted(t.text for t in layout.tags) == sorted(f"{{{c}}}" for c in ("NA", "SA", "EP", "AF", "ME", "AS", "OC", "AA"))
    texts = {label.loc: label.text for label in layout.labels}
    assert texts.get("EP1") == "1" and texts.get("NWG") == "NWG"
    assert not [pair for pair in overlapping_labels(layout) if pair[1].startswith("label")]
