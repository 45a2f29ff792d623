"""A board readable across a room: symbol sizes, owner-coloured centres, labels that cover nothing, the key,
captions on exports, the centre strip, coast markers on their coasts, Colonial's Himalaya and Hong Kong."""
from __future__ import annotations

import io
import random
import re
from dataclasses import replace
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np
import pytest
import shapely
from PySide6.QtCore import QPointF
from PySide6.QtGui import QColor, QImage

from app.drawing import BoardGeometry, BoardPicture, palette
from app.drawing.context import EXPORT_MARK_SCALE, PaintContext, cache_for
from app.drawing.export import pdf_bytes, png_bytes, render_to_image, svg_bytes
from app.drawing.labels import SC_RADIUS, BoardLayout, overlapping_labels
from app.drawing.painter import board_layout
from app.drawing.sheet import CAPTION_BACKGROUND, Caption, sheet_layout
from app.render import _picture_for, render_main
from app.scene.items import MIN_UNIT_PX
from app.scene.map_scene import MapScene
from app.scene.pictures import (
    Display,
    board_caption,
    board_geometry,
    board_picture,
    centre_counts,
    power_colours,
    variant_legend,
)
from app.widgets.centre_strip import CentreStrip
from app.widgets.legend_panel import LegendPanel
from engine.bots import play_random_phase
from engine.game import Game
from engine.savefile import save_game
from engine.types import PhaseType
from engine.variants import find_variant

from gui_helpers import start, window  # noqa: F401  (fixture)

VARIANTS = ("standard", "colonial", "engineered")


@cache
def midgame(variant_id: str) -> Game:
    """A busy position: sixteen phases of a seeded random game."""
    game = Game.new(find_variant(variant_id))
    rng = random.Random(7)
    while len(game.history) < 16:
        play_random_phase(game, rng)
    return game


def last_movement(game: Game) -> str:
    return str([r for r in game.history if r.state.phase.type is PhaseType.MOVEMENT][-1].state.phase)


def picture_of(variant_id: str, busy: bool) -> tuple[BoardPicture, BoardGeometry]:
    """The board as ``chancellery render`` draws it: the start, or a busy past phase with its orders."""
    game = midgame(variant_id) if busy else Game.new(find_variant(variant_id))
    picture, _caption = _picture_for(game, last_movement(game) if busy else None, False)
    geometry, _schematic = board_geometry(game.variant.map_id)
    return picture, geometry


def export_layout(picture: BoardPicture, geometry: BoardGeometry, scale: float = EXPORT_MARK_SCALE) -> BoardLayout:
    return board_layout(PaintContext(geometry, picture, cache_for(geometry), scale))


def pixels(image: QImage) -> np.ndarray:
    """The image as a (height, width) array of ARGB values."""
    image = image.convertToFormat(QImage.Format.Format_ARGB32)
    data = np.frombuffer(image.constBits(), dtype=np.uint32, count=image.width() * image.height())
    return data.reshape(image.height(), image.width()).copy()


def colour_at(image: QImage, x: float, y: float) -> str:
    return QColor(image.pixel(round(x), round(y))).name()


# --- sizes ----------------------------------------------------------------------------------------


def test_exported_units_and_centres_are_large_and_scale_with_the_image(qapp: Any) -> None:
    picture, geometry = picture_of("standard", busy=False)
    lone = BoardPicture(power_colours=picture.power_colours, units=[("FRANCE", "A", "BUR")],
                        supply_centres=frozenset(), show_labels=False)
    empty = replace(lone, units=())

    def unit_pixels(width: int) -> int:
        with_unit, without = pixels(render_to_image(lone, geometry, width)), pixels(render_to_image(empty, geometry, width))
        return int((with_unit != without).sum())

    small, large = unit_pixels(400), unit_pixels(800)
    assert 3.3 < large / small < 4.7  # an area: twice the width, four times the pixels
    # On a 2000 px board a unit's plate is over 30 px across and a centre marker over 15 px.
    scale = 2000 / geometry.width
    u = geometry.unit_size * EXPORT_MARK_SCALE
    assert u * 64 / 61 * 0.94 * scale > 30
    assert 2 * SC_RADIUS * u * scale > 15


def test_map_window_units_grow_with_zoom_and_never_get_small(qtbot: Any, window: Any) -> None:
    page = start(window)
    view = page.view
    sizes = []
    for factor in (0.6, 1.0, 2.0, 4.0, 8.0):
        view.set_zoom(view.fit_scale() * factor)
        unit = next(iter(page.scene.units.values()))
        centre = next(iter(page.scene.centres.values()))
        on_screen = unit.unit_size * view.zoom
        sizes.append(on_screen)
        assert on_screen >= MIN_UNIT_PX * 0.93 or page.scene.scale == 2.5
        assert centre.unit_size == unit.unit_size  # centre markers scale with the units
    assert sizes == sorted(sizes) and sizes[-1] > 2.5 * sizes[0]


# --- centres --------------------------------------------------------------------------------------


def test_owned_centres_are_filled_with_their_owners_colour(qapp: Any) -> None:
    picture, geometry = picture_of("standard", busy=False)
    picture = replace(picture, owners={**picture.owners, "BEL": "FRANCE"}, units=())
    image = render_to_image(picture, geometry, 2000)
    layout = export_layout(picture, geometry)
    scale = 2000 / geometry.width
    top = sheet_layout(geometry, None, None).board.top()
    u = geometry.unit_size * EXPORT_MARK_SCALE

    def ring_colour(pid: str) -> str:  # between the core dot and the rim
        x, y = layout.centres[pid]
        return colour_at(image, (x + 0.65 * SC_RADIUS * u) * scale, (y + top) * scale)

    assert ring_colour("BEL") == QColor(picture.power_colours["FRANCE"]).name()
    assert ring_colour("PAR") == QColor(picture.power_colours["FRANCE"]).name()
    assert ring_colour("HOL") == "#ffffff"  # nobody's
    assert ring_colour("BER") == QColor(picture.power_colours["GERMANY"]).name()


def test_hong_kong_held_by_china_is_not_drawn_or_counted_as_chinas_centre(qapp: Any) -> None:
    variant = find_variant("colonial")
    state = variant.initial_state()
    state = replace(state, centers={**state.centers, "HON": "CHINA"})
    colours = power_colours(variant.board, False, variant)
    picture = board_picture(variant.board, state, colours, Display(), variant=variant)
    geometry, _ = board_geometry("colonial")
    assert picture.uncounted_centres == {"HON"}
    image = render_to_image(picture, geometry, 2000)
    x, y = export_layout(picture, geometry).centres["HON"]
    u = geometry.unit_size * EXPORT_MARK_SCALE
    scale = 2000 / geometry.width
    probe = colour_at(image, (x - 0.6 * SC_RADIUS * u) * scale, (y - 0.1 * SC_RADIUS * u) * scale)
    assert probe == "#ffffff" and probe != QColor(colours["CHINA"]).name()
    # Nor is the province tinted as China's land (its holder shows in the marker's rim instead).
    bare = render_to_image(replace(picture, units=(), show_labels=False), geometry, 2000)
    hon = geometry.provinces["HON"].area.buffer(-2.0)
    spot = max((p for p in (shapely.Point(px, py) for px in range(1000, 1300, 2) for py in range(400, 700, 2))
                if hon.contains(p)), key=lambda p: p.distance(shapely.Point(x, y)))
    assert colour_at(bare, spot.x * scale, spot.y * scale) == palette.NEUTRAL_LAND
    counts = dict((name, n) for name, _c, n in board_caption(variant, state, colours).counts)
    owned = sum(1 for p in state.centers.values() if p == "CHINA")
    assert counts["China"] == owned - 1 == variant.center_count(state, "CHINA")
    strip = CentreStrip()
    strip.show_counts(centre_counts(variant, state, colours))
    assert strip.count_of("CHINA") == owned - 1


# --- labels ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("busy", [False, True], ids=["start", "midgame"])
@pytest.mark.parametrize("variant_id", VARIANTS)
def test_no_label_covers_another_label_a_unit_a_badge_or_a_mark(qapp: Any, variant_id: str, busy: bool) -> None:
    picture, geometry = picture_of(variant_id, busy)
    layout = export_layout(picture, geometry)
    assert overlapping_labels(layout) == []
    kinds = {o.kind for o in layout.obstacles}
    assert {"unit", "centre"} <= kinds
    if busy:
        assert "failure" in kinds  # the failed orders' crosses are among the obstacles
    if busy and variant_id == "engineered":
        assert "badge" in kinds  # engineers stacked beside units
    placed = {label.loc for label in layout.labels if not label.part}
    assert placed == {loc for loc in geometry.locations()}
    # Nearly every label sits in its own province; the odd crowded one spills just over the border.
    outside = [label.loc for label in layout.labels if not label.inside]
    assert len(outside) <= max(2, len(layout.labels) // 25), outside


def test_the_reported_collisions_are_gone(qapp: Any) -> None:
    picture, geometry = picture_of("standard", busy=False)
    labels = {label.loc: label for label in export_layout(picture, geometry).labels}
    assert not labels["CLY"].box.overlaps(labels["EDI"].box)
    picture, geometry = picture_of("engineered", busy=True)
    layout = export_layout(picture, geometry)
    boxes = {label.loc: label.box for label in layout.labels}
    for pid in ("KIE", "MUN", "BUD", "ANK", "STP", "BUL", "TUS", "BUR", "SEV"):
        assert not any(boxes[pid].overlaps(o.box) for o in layout.obstacles), pid


@pytest.mark.parametrize("variant_id", VARIANTS)
def test_map_window_labels_cover_nothing_at_window_and_projector_sizes(qtbot: Any, window: Any,
                                                                        variant_id: str) -> None:
    game = midgame(variant_id)
    for size in ((1400, 900), (1920, 1080)):
        window.resize(*size)
        window.show_game(game)
        page = window.page
        page.view.fit_to_window()
        layout = page.scene.layout
        assert layout is not None and overlapping_labels(layout) == []
        for placed in layout.labels:
            if not placed.part:
                item = page.scene.label_of[placed.loc]
                assert (item.pos().x(), item.pos().y()) == (placed.x, placed.y)


def test_a_canal_bank_gets_its_provinces_name(qapp: Any) -> None:
    picture, geometry = picture_of("colonial", busy=False)
    repeats = [label for label in export_layout(picture, geometry).labels if label.part]
    assert [label.text for label in repeats] == ["EGY"]
    canal = next(d for d in geometry.decorations if d.kind == "canal")
    assert repeats[0].x > max(p.x() for p in canal.points)  # on the Sinai side


# --- coasts ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("variant_id", ["standard", "colonial"])
def test_coast_markers_sit_on_the_coast_they_name(qapp: Any, variant_id: str) -> None:
    picture, geometry = picture_of(variant_id, busy=False)
    board = find_variant(variant_id).board
    labels = {label.loc: label for label in export_layout(picture, geometry).labels}
    for pid, shape in geometry.provinces.items():
        for coast in shape.coasts.values():
            label = labels[coast.loc]
            point = shapely.Point(label.x, label.y)
            assert coast.area.contains(point), coast.loc
            seas = [s for s in board.fleet_adjacent(coast.loc) if board.province(s).is_sea]
            own = min(geometry.provinces[s.split("/")[0]].area.distance(point) for s in seas)
            assert own <= geometry.unit_size * 1.6, (coast.loc, own)
            others = [c for c in shape.coasts.values() if c is not coast]
            for other in others:  # nearer its own seas than the other coast's own seas
                other_seas = [s for s in board.fleet_adjacent(other.loc)
                              if board.province(s).is_sea and s not in seas]
                if other_seas:
                    far = min(geometry.provinces[s.split("/")[0]].area.distance(point) for s in other_seas)
                    assert own < far, (coast.loc, own, far)
    if variant_id == "colonial":
        arb = labels["ARB/NC"]
        gulf = geometry.provinces["PGF"].area
        assert gulf.distance(shapely.Point(arb.x, arb.y)) <= geometry.unit_size


# --- Colonial's Himalaya ----------------------------------------------------------------------------


def test_the_himalaya_is_an_impassable_ridge_joined_to_the_borders(qapp: Any) -> None:
    geometry, _ = board_geometry("colonial")
    assert len(geometry.ridges) == 1
    ridge = geometry.ridges[0].area
    provinces = geometry.provinces
    # It starts on the Punjab-Tibet border and ends on Bengal-Tibet's: no end floats inside a province.
    assert ridge.distance(provinces["PUN"].area) < 1.0 and ridge.distance(provinces["BEN"].area) < 1.0
    assert ridge.distance(provinces["NEP"].area) < 1.0 and ridge.distance(provinces["TIB"].area) < 1.0
    for pid in ("PUN", "NEP", "TIB", "BEN"):
        assert ridge.intersection(provinces[pid].area).area < 1.0
    assert "impassable" in {e.key for e in variant_legend(find_variant("colonial"), geometry)}
    standard, _ = board_geometry("standard")
    assert standard.ridges == ()  # Ireland and Corsica are land of no province, not ridges


# --- legend ---------------------------------------------------------------------------------------


def test_legend_lists_only_what_the_variant_has(qapp: Any) -> None:
    def keys(variant_id: str) -> set[str]:
        variant = find_variant(variant_id)
        return {e.key for e in variant_legend(variant, board_geometry(variant.map_id)[0])}

    common = {"centre", "owned_centre", "home_centre", "hold", "failed", "dislodged", "unit:A", "unit:F"}
    standard, colonial, engineered = keys("standard"), keys("colonial"), keys("engineered")
    assert common | {"impassable"} == standard
    assert common | {"impassable", "railway", "canal", "uncounted_centre"} == colonial
    assert common | {"impassable", "unit:W", "unit:E", "unit:P", "unit:D"} == engineered


def test_legend_dock_is_toggled_from_the_view_menu(qtbot: Any, window: Any) -> None:
    window.show_game(Game.new(find_variant("colonial")))
    assert window.legend_dock is None or not window.legend_dock.isVisible()
    window.legend_action.setChecked(True)
    dock = window.legend_dock
    assert dock is not None and dock.isVisible()
    texts = dock.panel.texts()
    assert "Railway" in texts and "Canal" in texts and "Fleet" in texts
    window.show_game(Game.new(find_variant("standard")))
    assert "Railway" not in dock.panel.texts()
    window.legend_action.setChecked(False)
    assert not dock.isVisible()
    panel = LegendPanel()
    panel.set_entries(variant_legend(find_variant("engineered"), board_geometry("standard")[0]))
    image = panel.grab().toImage()
    assert image.width() > 100 and "Engineer" in panel.texts()


def test_exported_legend_is_optional(qapp: Any) -> None:
    picture, geometry = picture_of("colonial", busy=False)
    legend = variant_legend(find_variant("colonial"), geometry)
    plain = render_to_image(picture, geometry, 800)
    keyed = render_to_image(picture, geometry, 800, legend=legend)
    assert keyed.height() > plain.height()
    svg = svg_bytes(picture, geometry, legend=legend).decode()
    for entry in legend:
        assert f">{entry.text}<" in svg.replace("&amp;", "&") or entry.text in svg


# --- captions -------------------------------------------------------------------------------------


def caption_for(variant_id: str) -> tuple[BoardPicture, BoardGeometry, Caption]:
    variant = find_variant(variant_id)
    picture, geometry = picture_of(variant_id, busy=False)
    return picture, geometry, board_caption(variant, variant.initial_state(), picture.power_colours)


def svg_texts(svg: bytes) -> str:
    return " ".join(re.findall(r"<text[^>]*>([^<]*)</text>", svg.decode()))


def test_svg_export_carries_the_caption_as_text(qapp: Any) -> None:
    picture, geometry, caption = caption_for("standard")
    texts = svg_texts(svg_bytes(picture, geometry, caption=caption))
    assert "Standard" in texts or caption.title in texts
    assert "Spring 1901 Movement" in texts
    assert "Austria" in texts and "Turkey" in texts and "3" in texts
    assert svg_texts(svg_bytes(picture, geometry)) == ""  # no caption asked for, none drawn


def test_png_export_carries_a_caption_band(qapp: Any) -> None:
    picture, geometry, caption = caption_for("colonial")
    image = QImage.fromData(png_bytes(picture, geometry, 1000, caption=caption))
    plain = QImage.fromData(png_bytes(picture, geometry, 1000))
    assert image.height() > plain.height()
    band = round(1000 * sheet_layout(geometry, caption, None).board.top() / geometry.width)
    colours = {QColor(image.pixel(x, y)).name() for x in range(0, 1000, 3) for y in range(0, band - 1, 2)}
    assert CAPTION_BACKGROUND in colours
    light = [c for c in colours if QColor(c).lightness() > 200]
    assert len(light) > 3  # text is drawn on the band
    power_colours_seen = {QColor(c).name() for c in picture.power_colours.values()} & colours
    assert len(power_colours_seen) >= 5  # the count table's swatches


def test_pdf_export_carries_the_caption_as_text(qapp: Any) -> None:
    pypdf = pytest.importorskip("pypdf")
    picture, geometry, caption = caption_for("engineered")
    reader = pypdf.PdfReader(io.BytesIO(pdf_bytes(picture, geometry, caption=caption)))
    text = " ".join(reader.pages[0].extract_text().split())
    assert "Spring 1901 Movement" in text and caption.title in text
    assert "Russia" in text and "4" in text


def test_render_of_a_past_phase_says_which_phase_it_is(qapp: Any, tmp_path: Path) -> None:
    game = midgame("standard")
    path = tmp_path / "game.json"
    save_game(game, path)
    phase = last_movement(game)
    out = tmp_path / "board.svg"
    assert render_main(["--game", str(path), "--phase", phase, "--out", str(out), "--legend"]) == 0
    texts = svg_texts(out.read_bytes())
    record = next(r for r in game.history if str(r.state.phase) == phase)
    assert record.state.phase.long_name in texts
    assert "Order failed" in texts  # the key came along
    counts = game.variant.center_count(record.state, "FRANCE")
    assert f"France {counts}" in texts.replace("  ", " ") or ("France" in texts and str(counts) in texts)


# --- centre strip ---------------------------------------------------------------------------------


def test_centre_strip_on_the_game_page_shows_the_counts(qtbot: Any, window: Any) -> None:
    game = midgame("colonial")
    window.show_game(game)
    page = window.page
    strip = page.centre_strip
    assert strip.isVisible()
    expected = game.center_counts()
    assert {c.power: c.centres for c in strip.counts} == expected
    assert [c.power for c in strip.counts] == list(game.variant.powers)
    assert strip.target == game.variant.victory_centers
    image = strip.grab().toImage()
    seen = {QColor(image.pixel(x, y)).name() for x in range(0, image.width(), 2) for y in range(image.height())}
    assert QColor(page.colours["CHINA"]).name() in seen  # the swatches are drawn


def test_render_refuses_a_viewer_that_is_no_power(tmp_path: Path, capsys: Any) -> None:
    out = tmp_path / "board.png"
    assert render_main(["--variant", "global_diplomacy", "--viewer", "nobody", "--out", str(out)]) == 2
    assert "--viewer 'nobody'" in capsys.readouterr().err and not out.exists()


@pytest.mark.parametrize("variant_id", ["world31", "1815"])
def test_a_caption_too_long_for_one_line_wraps_inside_the_sheet(qapp: Any, variant_id: str) -> None:
    """World's 31 counts and 1815's line on who is first don't fit beside the heading: the band grows and
    every word is drawn inside the sheet (an SVG keeps each text's position)."""
    picture, geometry, caption = caption_for(variant_id)
    assert len(caption.counts) > 8
    layout = sheet_layout(geometry, caption, None)
    assert layout.caption is not None and layout.caption.height() > geometry.width * 0.05 * 1.5
    svg = svg_bytes(picture, geometry, caption=caption).decode()
    texts = svg_texts(svg.encode())
    for name, _colour, _n in caption.counts:
        assert name in texts
    if caption.leader:
        assert caption.leader.split(":")[0] in texts
    # Every caption text starts inside the sheet's width.
    xs = [float(x) for x in re.findall(r'<text[^>]*\bx="([-0-9.]+)"', svg)]
    assert xs and all(0 <= x < geometry.width for x in xs)
