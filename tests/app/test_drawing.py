"""The drawing layer: geometry loading, hit testing, colours, icons, painting and export.

Everything runs on a small synthetic board (below) so the tests don't depend on the real map files.
"""
from __future__ import annotations

import pytest

pytest.importorskip("PySide6", reason="needs Qt")
pytestmark = pytest.mark.gui

import itertools
import json
import re
import sys
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

from PySide6.QtCore import QPointF
from PySide6.QtGui import QColor, QImage, QPainter

from app.drawing import (
    ALL_LAYERS,
    BASE_LAYERS,
    ArrowStyle,
    BoardGeometry,
    BoardPicture,
    DrawingError,
    GeometryError,
    OrderArrow,
    OrderKind,
    PictureError,
    UnitMark,
    geometry_from_dict,
    load_geometry,
    load_map_geometry,
    location_at,
    paint_board,
    palette,
    save_pdf,
    save_png,
    save_svg,
    territory_colour,
    validate_picture,
)
from app.drawing import export
from app.drawing.context import CONVOY_TRIANGLE, HEAD_LENGTH, RING, SHAFT, UNIT_CLEARANCE, UNIT_ICON
from app.drawing.icons import UNIT_ICON_NAMES, check_icons, icon_name, tinted_svg
from app.drawing.paths import ICONS_DIR
from app.drawing.stacks import BADGE_SCALE, FAN, LONE_SCALE, unit_placements


def render_to_image(picture: BoardPicture, geometry: BoardGeometry, width: int = 2000, **kw: Any) -> QImage:
    """The pixel probes below measure symbols at the size the anchors were spaced for (mark scale 1); the
    enlarged export default is tested in test_board_readability.py."""
    kw.setdefault("mark_scale", 1.0)
    return export.render_to_image(picture, geometry, width, **kw)

WIDTH_PX = 800  # 2 px per map unit on the 400 x 300 board
SCALE = WIDTH_PX / 400

ENGLAND, FRANCE, GERMANY, TURKEY = "#1f4fa3", "#5ab4e8", "#5a5a5a", "#e7c31c"
COLOURS = {"ENG": ENGLAND, "FRA": FRANCE, "GER": GERMANY, "TUR": TURKEY}


def rect(x0: float, y0: float, x1: float, y1: float) -> list[float]:
    return [x0, y0, x1, y0, x1, y1, x0, y1]


def mini_geometry_data() -> dict[str, Any]:
    """Two seas west and south, four land provinces (one with a lake, one with two coasts), Alps."""
    return {
        "format": "chancellery-geometry",
        "format_version": 1,
        "map": "mini",
        "width": 400,
        "height": 300,
        "wrap_x": False,
        "background": {"sea": [[rect(0, 0, 120, 300)], [rect(120, 220, 400, 300)]], "land": None},
        "impassable": {"ALP": [[rect(330, 120, 400, 220)]]},
        "provinces": {
            "NAO": {"region": [[rect(0, 0, 120, 300)]], "unit": [60, 150], "dislodged": [75, 170], "sc": None, "label": [60, 40]},
            "MED": {"region": [[rect(120, 220, 400, 300)]], "unit": [300, 260], "dislodged": [320, 275], "sc": None, "label": [200, 265]},
            "WES": {"region": [[rect(120, 0, 260, 120)]], "unit": [175, 60], "dislodged": [195, 80], "sc": [225, 95], "label": [175, 25]},
            "EAS": {
                "region": [[rect(260, 0, 400, 120), rect(350, 20, 380, 50)]],  # a lake as a hole
                "unit": [300, 70],
                "dislodged": [320, 90],
                "sc": [300, 100],
                "label": [300, 30],
            },
            "CEN": {"region": [[rect(220, 120, 330, 220)]], "unit": [275, 165], "dislodged": [295, 185], "sc": [310, 205], "label": [275, 135]},
            "SPA": {
                "region": [[rect(120, 120, 220, 220)]],
                "unit": [170, 160],
                "dislodged": [190, 180],
                "sc": [200, 135],
                "label": [170, 135],
                "coasts": {
                    "NC": {"region": [[rect(120, 120, 145, 220)]], "unit": [133, 175], "dislodged": [140, 190], "label": [133, 205]},
                    "SC": {"region": [[rect(145, 195, 220, 220)]], "unit": [185, 207], "dislodged": [200, 200], "label": [210, 210]},
                },
            },
        },
        "decorations": [{"kind": "route", "id": "RAIL", "points": [[180, 40], [240, 30], [330, 40], [390, 60]]}],
    }


@pytest.fixture(scope="module")
def geometry() -> BoardGeometry:
    return geometry_from_dict(mini_geometry_data())


def full_picture(**changes: Any) -> BoardPicture:
    fields: dict[str, Any] = {
        "power_colours": COLOURS,
        "owners": {"WES": "ENG", "EAS": "GER", "SPA": "FRA"},
        "home_centres": {"WES": "ENG", "EAS": "GER"},
        "units": [
            ("ENG", "A", "WES"),
            ("GER", "A", "EAS"),
            ("FRA", "F", "SPA/SC"),
            ("ENG", "F", "NAO"),
            ("TUR", "F", "MED"),
            ("GER", "A", "CEN"),
        ],
        "dislodged_units": [("TUR", "A", "CEN")],
        "orders": [
            OrderArrow(OrderKind.MOVE, "ENG", "WES", "CEN"),
            OrderArrow(OrderKind.SUPPORT_MOVE, "GER", "EAS", "CEN", "WES"),
            OrderArrow(OrderKind.MOVE, "GER", "CEN", "SPA", failed=True),
            OrderArrow(OrderKind.SUPPORT_HOLD, "ENG", "NAO", "SPA/SC"),
            OrderArrow(OrderKind.CONVOY, "TUR", "MED", "SPA", aux_loc="CEN"),
            OrderArrow(OrderKind.RETREAT, "TUR", "CEN", "MED"),
            OrderArrow(OrderKind.HOLD, "FRA", "SPA/SC"),
            OrderArrow(OrderKind.BUILD, "ENG", "WES", unit_type="F"),
            OrderArrow(OrderKind.DISBAND, "TUR", "CEN", dislodged=True),
        ],
    }
    fields.update(changes)
    return BoardPicture(**fields)


def pixel(image: QImage, x: float, y: float) -> str:
    """The colour at map point (x, y) of a render at SCALE px per map unit, as '#rrggbb'."""
    return image.pixelColor(round(x * SCALE), round(y * SCALE)).name()


def close_to(actual: str, expected: str, tolerance: int = 3) -> bool:
    a, e = QColor(actual), QColor(expected)
    return all(
        abs(x - y) <= tolerance
        for x, y in [(a.red(), e.red()), (a.green(), e.green()), (a.blue(), e.blue())]
    )


# --- geometry -----------------------------------------------------------------------------------


def test_geometry_reads_provinces_coasts_and_anchors(geometry: BoardGeometry) -> None:
    assert set(geometry.provinces) == {"NAO", "MED", "WES", "EAS", "CEN", "SPA"}
    assert set(geometry.locations()) == {"NAO", "MED", "WES", "EAS", "CEN", "SPA", "SPA/NC", "SPA/SC"}
    assert geometry.sea_provinces == {"NAO", "MED"}  # inferred from the background sea
    assert geometry.supply_centres == {"WES", "EAS", "CEN", "SPA"}
    assert geometry.unit_anchor("spa/sc") == QPointF(185, 207)
    assert geometry.dislodged_anchor("CEN") == QPointF(295, 185)
    assert geometry.unit_size > 0
    assert [d.id for d in geometry.decorations] == ["RAIL"]
    assert set(geometry.impassable) == {"ALP"}


def test_sea_provinces_can_be_given_or_read_from_terrain(tmp_path: Path) -> None:
    data = mini_geometry_data()
    data["background"] = None
    path = tmp_path / "geometry.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert load_geometry(path).sea_provinces == frozenset()  # nothing to infer from: all land
    assert load_geometry(path, sea_provinces=["nao", "MED"]).sea_provinces == {"NAO", "MED"}
    data["provinces"]["NAO"]["terrain"] = "sea"
    assert geometry_from_dict(data).sea_provinces == {"NAO"}


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.update(format="other"), "format"),
        (lambda d: d.update(format_version=9), "format_version"),
        (lambda d: d.update(width=-5), "width"),
        (lambda d: d["provinces"]["WES"].update(unit=[1]), "provinces.WES.unit"),
        (lambda d: d["provinces"]["WES"].update(region=[[[0, 0, 1]]]), "provinces.WES.region[0][0]"),
        (lambda d: d["provinces"]["WES"].update(region=[[[0, 0, 1, 1, "x", 2]]]), "provinces.WES.region[0][0]"),
        (lambda d: d["provinces"]["SPA"]["coasts"]["NC"].update(unit=None), "provinces.SPA.coasts.NC.unit"),
        (lambda d: d["provinces"]["CEN"].update(terrain="lava"), "provinces.CEN.terrain"),
        (lambda d: d["decorations"][0].update(kind="river"), "decorations[0].kind"),
        (lambda d: d.update(provinces={}), "provinces"),
    ],
)
def test_bad_geometry_is_reported_with_the_offending_entry(change: Any, message: str) -> None:
    data = mini_geometry_data()
    change(data)
    with pytest.raises(GeometryError, match=message.replace("[", r"\[").replace("]", r"\]").replace(".", r"\.")):
        geometry_from_dict(data)


def test_unreadable_geometry_files_are_reported(tmp_path: Path) -> None:
    with pytest.raises(GeometryError, match="can.t be read"):
        load_geometry(tmp_path / "missing.json")
    broken = tmp_path / "broken.json"
    broken.write_text("{not json", encoding="utf-8")
    with pytest.raises(GeometryError, match="not valid JSON"):
        load_geometry(broken)


def test_unknown_locations_are_errors(geometry: BoardGeometry) -> None:
    with pytest.raises(GeometryError, match="no location 'XYZ'"):
        geometry.shape("XYZ")
    with pytest.raises(GeometryError, match="has no coast 'SPA/EC'"):
        geometry.shape("SPA/EC")


# --- hit testing --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("x", "y", "expected"),
    [
        (180, 60, "WES"),
        (300, 90, "EAS"),
        (275, 170, "CEN"),
        (60, 200, "NAO"),
        (250, 280, "MED"),
        (180, 150, "SPA"),  # inside Spain but in neither coast region
        (130, 150, "SPA/NC"),  # coast regions take precedence
        (200, 210, "SPA/SC"),
        (365, 35, None),  # the lake: a hole in EAS
        (360, 170, None),  # impassable
        (-5, 100, None),
        (100, 400, None),
    ],
)
def test_location_at(geometry: BoardGeometry, x: float, y: float, expected: str | None) -> None:
    assert location_at(geometry, x, y) == expected


def test_location_at_without_coasts_gives_the_province(geometry: BoardGeometry) -> None:
    assert location_at(geometry, 130, 150, coasts=False) == "SPA"
    assert location_at(geometry, 200, 210, coasts=False) == "SPA"


def test_location_at_wraps_on_a_wrapping_map() -> None:
    data = mini_geometry_data()
    data["wrap_x"] = True
    wrapped = geometry_from_dict(data)
    assert location_at(wrapped, 180 + 400, 60) == "WES"
    assert location_at(wrapped, 60 - 400, 200) == "NAO"


# --- colours ------------------------------------------------------------------------------------


def test_distinct_colours_are_many_and_far_apart() -> None:
    colours = palette.distinct_colours(40)
    assert len(set(colours)) == 40
    closest = min(palette.colour_distance(a, b) for a, b in itertools.combinations(colours, 2))
    assert closest > 0.05  # well above a just-noticeable difference (about 0.02)
    assert min(palette.colour_distance(c, palette.SEA) for c in colours) > 0.05
    assert palette.distinct_colours(12) == colours[:12]


def test_colour_blind_palette_uses_okabe_ito_then_generated_colours() -> None:
    powers = [f"P{i}" for i in range(10)]
    resolved = palette.resolve_power_colours(powers, {"P0": "#123456"}, colour_blind=True)
    assert [resolved[p] for p in powers[:7]] == list(palette.OKABE_ITO)
    assert len(set(resolved.values())) == 10


def test_missing_power_colours_are_generated_and_given_ones_kept() -> None:
    resolved = palette.resolve_power_colours(["A", "B", "C"], {"A": "#FF0000"})
    assert resolved["A"] == "#ff0000"
    assert len({resolved["A"], resolved["B"], resolved["C"]}) == 3
    with pytest.raises(PictureError, match="bad colour 'red'"):
        palette.resolve_power_colours(["A"], {"A": "red"})


def test_silhouette_ink_contrasts_with_the_plate() -> None:
    assert palette.contrast_ink("#f0e442") == palette.UNIT_INK  # yellow plate: dark silhouette
    assert palette.contrast_ink("#0072b2") == "#ffffff"


# --- icons --------------------------------------------------------------------------------------


def test_every_unit_icon_exists_and_parses(qapp: Any) -> None:
    check_icons()
    assert (ICONS_DIR / "chancellery.svg").is_file()
    for name in UNIT_ICON_NAMES:
        tinted = tinted_svg((ICONS_DIR / f"{name}.svg").read_text(encoding="utf-8"), "#c8102e")
        assert "#c8102e" in tinted and "#808080" not in tinted.lower()


def test_unit_icons_use_only_the_colour_tokens() -> None:
    for name in UNIT_ICON_NAMES:
        colours = set(re.findall(r"#[0-9a-fA-F]{3,6}\b", (ICONS_DIR / f"{name}.svg").read_text(encoding="utf-8")))
        assert {c.lower() for c in colours} <= {"#808080", "#ffffff", "#1a1a1a"}, name


def test_every_engine_unit_type_has_an_icon() -> None:
    from engine.types import UnitType

    for unit_type in UnitType:
        assert icon_name(unit_type) in UNIT_ICON_NAMES, unit_type
    assert icon_name("Fleet") == "fleet"
    assert icon_name("Q") is None


def test_a_declared_unit_type_brings_its_icon_from_a_map_folder_and_its_legend_words(
        qapp: Any, tmp_path: Path, geometry: BoardGeometry, monkeypatch: pytest.MonkeyPatch) -> None:
    from app.drawing.icons import UnitIcons, unit_icon_names
    from app.drawing.legend import legend_entries
    from engine import types

    # Declared for this test only: the shared icon check must not look for a galley afterwards.
    monkeypatch.setitem(types._UNIT_SPECS, "G", types.UnitSpec("G", "galley", "fleet", icon="galley",
                                                                legend="Galley (oars)"))
    shared, maps = tmp_path / "icons", tmp_path / "maps"
    shared.mkdir()
    (maps / "ancient" / "icons").mkdir(parents=True)
    fleet = (ICONS_DIR / "fleet.svg").read_text(encoding="utf-8")
    (maps / "ancient" / "icons" / "galley.svg").write_text(fleet.replace("<svg", "<svg id='galley'", 1))
    icons = UnitIcons(shared, maps)
    assert icon_name("G") == icon_name("galley") == "galley" and "galley" in unit_icon_names()
    assert "id='galley'" in (icons.source("galley") or "")  # found in the map's own folder
    assert icons.renderer("galley", "#c8102e") is not None
    assert icons.source("army") is None  # nothing in the shared folder given: the letter plate is drawn
    entries = {e.key: e.text for e in legend_entries(geometry, ["A", "G", "D", "Q"])}
    assert entries["unit:G"] == "Galley (oars)" and entries["unit:A"] == "Army"
    assert entries["unit:D"] == "Decoy (marked for its owner)" and entries["unit:Q"] == "Unit Q"


# --- painting -----------------------------------------------------------------------------------


def test_png_shows_owner_tints_terrain_and_units(qapp: Any, geometry: BoardGeometry) -> None:
    image = render_to_image(full_picture(), geometry, WIDTH_PX)
    assert (image.width(), image.height()) == (800, 600)
    assert pixel(image, 140, 100) == territory_colour(ENGLAND)  # WES interior, clear of marks
    assert pixel(image, 385, 110) == territory_colour(GERMANY)
    assert pixel(image, 240, 200) == palette.NEUTRAL_LAND  # CEN: nobody owns it
    assert pixel(image, 20, 280) == palette.SEA
    assert pixel(image, 365, 35) == palette.SEA  # the lake shows through EAS
    icon_top = geometry.unit_size * 0.36  # inside the plate, above every silhouette
    assert pixel(image, 60, 150 - icon_top) == ENGLAND  # fleet in NAO
    assert pixel(image, 300, 70 - icon_top) == GERMANY  # army in EAS


def test_arrows_failure_marks_and_dislodged_units_are_drawn(qapp: Any, geometry: BoardGeometry) -> None:
    image = render_to_image(full_picture(), geometry, WIDTH_PX)
    # A third of the way along England's WES -> CEN move lies on the arrow's shaft.
    start, end = QPointF(175, 60), QPointF(275, 165)
    on_shaft = start + (end - start) * 0.4
    assert pixel(image, on_shaft.x(), on_shaft.y()) == ENGLAND
    # The failed CEN -> SPA move has a red cross at its middle.
    assert close_to(pixel(image, (275 + 170) / 2, (165 + 160) / 2), palette.FAILURE_MARK, 8)
    # The dislodged Turkish army's dashed ring is red somewhere around its anchor.
    radius = geometry.unit_size * 0.8 * 0.62
    ring = [pixel(image, 295 + radius * dx, 185 + radius * dy) for dx, dy in [(1, 0), (-1, 0), (0, 1), (0, -1)]]
    assert any(close_to(c, palette.FAILURE_MARK, 12) for c in ring)


def test_convoy_hold_and_disband_markers(qapp: Any, geometry: BoardGeometry) -> None:
    image = render_to_image(full_picture(), geometry, WIDTH_PX)
    u = geometry.unit_size
    # The convoying Turkish fleet in MED sits in a triangle; the middle of its left side is Turkish.
    radius = CONVOY_TRIANGLE * u
    assert close_to(pixel(image, 300 - radius * 0.433, 260 - radius * 0.25), TURKEY, 8)
    # France's hold in SPA/SC: a ring around the fleet.
    assert close_to(pixel(image, 185, 207 + RING * u), FRANCE, 8)
    # The dislodged Turkish army in CEN is disbanded: a black cross over it.
    assert close_to(pixel(image, 295, 185), palette.UNIT_INK, 8)


def test_display_options_hide_units_and_orders(qapp: Any, geometry: BoardGeometry) -> None:
    image = render_to_image(full_picture(show_units=False, show_orders=False), geometry, WIDTH_PX)
    icon_top = geometry.unit_size * 0.36
    assert pixel(image, 300, 70 - icon_top) == territory_colour(GERMANY)
    base_only = render_to_image(full_picture(), geometry, WIDTH_PX, layers=BASE_LAYERS)
    assert pixel(base_only, 300, 70 - icon_top) == territory_colour(GERMANY)


def test_colour_blind_mode_recolours_units_and_land(qapp: Any, geometry: BoardGeometry) -> None:
    image = render_to_image(full_picture(colour_blind=True), geometry, WIDTH_PX)
    england = palette.OKABE_ITO[0]  # first power in the colour table
    assert pixel(image, 140, 100) == territory_colour(england)
    assert pixel(image, 60, 150 - geometry.unit_size * 0.36) == england


def test_unit_type_without_icon_is_drawn_as_a_lettered_plate(qapp: Any, geometry: BoardGeometry) -> None:
    picture = BoardPicture(power_colours=COLOURS, units=[UnitMark("TUR", "Q", "CEN")])
    image = render_to_image(picture, geometry, WIDTH_PX)
    assert pixel(image, 275, 165 - geometry.unit_size * 0.4) == TURKEY


def test_pictures_naming_unknown_places_are_rejected_before_drawing(geometry: BoardGeometry) -> None:
    with pytest.raises(PictureError, match="unit ENG A: no location 'XYZ'"):
        validate_picture(BoardPicture(units=[UnitMark("ENG", "A", "XYZ")]), geometry)
    with pytest.raises(PictureError, match="SPA has no coast 'SPA/EC'"):
        validate_picture(BoardPicture(orders=[OrderArrow(OrderKind.MOVE, "FRA", "SPA/EC", "MED")]), geometry)
    with pytest.raises(PictureError, match="colour of ENG"):
        validate_picture(BoardPicture(power_colours={"ENG": "blue"}), geometry)


def test_orders_with_missing_or_stray_locations_are_rejected() -> None:
    with pytest.raises(PictureError, match="support_move order of GER needs aux_loc"):
        OrderArrow(OrderKind.SUPPORT_MOVE, "GER", "EAS", "CEN")
    with pytest.raises(PictureError, match="hold order of GER has no use for to_loc"):
        OrderArrow(OrderKind.HOLD, "GER", "EAS", "CEN")
    with pytest.raises(PictureError, match="unknown order kind 'attack'"):
        OrderArrow("attack", "GER", "EAS", "CEN")  # type: ignore[arg-type]


def test_wrapping_map_draws_arrows_across_the_seam(qapp: Any) -> None:
    data = mini_geometry_data()
    data["wrap_x"] = True
    wrapped = geometry_from_dict(data)
    picture = BoardPicture(power_colours=COLOURS, orders=[OrderArrow(OrderKind.MOVE, "ENG", "NAO", "EAS")])
    image = render_to_image(picture, wrapped, WIDTH_PX)
    # NAO (60, 150) to EAS (300, 70) is shorter westward across the seam: the arrow re-enters from the
    # east edge, running from (460, 150) to (300, 70), and doesn't cross the middle of the board.
    assert pixel(image, 396, 118) == ENGLAND
    assert pixel(image, 180, 110) == palette.NEUTRAL_LAND


def _towards(a: QPointF, b: QPointF, distance: float) -> QPointF:
    """The point ``distance`` from ``a`` towards ``b``."""
    d = b - a
    return a + d * (distance / (d.x() ** 2 + d.y() ** 2) ** 0.5)


def test_railway_moves_are_orange_track_and_a_failed_stretch_is_marked_where_it_starts(
        qapp: Any, geometry: BoardGeometry) -> None:
    u = geometry.unit_size
    travelled = OrderArrow(OrderKind.MOVE, "GER", "EAS", "CEN", style=ArrowStyle.RAILWAY)
    rest = OrderArrow(OrderKind.MOVE, "GER", "CEN", "SPA", style=ArrowStyle.RAILWAY, failed=True)
    image = render_to_image(BoardPicture(power_colours=COLOURS, orders=[travelled, rest]), geometry, WIDTH_PX)
    eas, cen, spa = QPointF(300, 70), QPointF(275, 165), QPointF(170, 160)
    # The covered stretch is orange whoever rides it (Germany is grey here).
    middle = (eas + cen) * 0.5
    assert close_to(pixel(image, middle.x(), middle.y()), palette.RAILWAY_ORDER, 8)
    # The stretch not travelled is marked failed where the train stopped, not half way along.
    mark = _towards(cen, spa, UNIT_CLEARANCE * u + RING * u * 0.6)
    assert close_to(pixel(image, mark.x(), mark.y()), palette.FAILURE_MARK, 12)
    half = (cen + spa) * 0.5
    assert not close_to(pixel(image, half.x(), half.y()), palette.FAILURE_MARK, 40)
    # An ordinary failed move keeps its mark in the middle.
    plain = render_to_image(BoardPicture(power_colours=COLOURS, orders=[
        OrderArrow(OrderKind.MOVE, "GER", "CEN", "SPA", failed=True)]), geometry, WIDTH_PX)
    assert close_to(pixel(plain, half.x(), half.y()), palette.FAILURE_MARK, 12)


def test_red_arrow_orders_are_red_and_a_half_strength_move_is_dashed(qapp: Any, geometry: BoardGeometry) -> None:
    eas, cen = QPointF(300, 70), QPointF(275, 165)
    middle = (eas + cen) * 0.5

    def drawn(style: ArrowStyle) -> QImage:
        move = OrderArrow(OrderKind.MOVE, "GER", "EAS", "CEN", style=style)
        return render_to_image(BoardPicture(power_colours=COLOURS, orders=[move]), geometry, WIDTH_PX)

    # Germany's grey ink, except across a red arrow, whoever gives the order.
    assert close_to(pixel(drawn(ArrowStyle.RED_ARROW), middle.x(), middle.y()), palette.RED_ARROW_ORDER, 8)
    assert not close_to(pixel(drawn(ArrowStyle.NORMAL), middle.x(), middle.y()), palette.RED_ARROW_ORDER, 40)
    plain, half = drawn(ArrowStyle.NORMAL), drawn(ArrowStyle.HALF_STRENGTH)
    differs = sum(1 for i in range(21) for p in [eas + (cen - eas) * (0.3 + 0.02 * i)]
                  if pixel(plain, p.x(), p.y()) != pixel(half, p.x(), p.y()))
    assert differs > 0  # the gaps of the dashes


def test_canal_moves_and_their_supports_go_through_the_canal(qapp: Any) -> None:
    data = mini_geometry_data()
    data["decorations"].append({"kind": "canal", "id": "CUT", "points": [[215, 140], [215, 200]]})
    board = geometry_from_dict(data)
    u = board.unit_size
    canal_middle = QPointF(215, 170)

    def render(style: ArrowStyle) -> QImage:
        move = OrderArrow(OrderKind.MOVE, "ENG", "NAO", "MED", style=style)
        return render_to_image(BoardPicture(power_colours=COLOURS, orders=[move]), board, WIDTH_PX)

    # NAO (60, 150) -> MED (300, 260) runs down the canal; drawn straight it passes well below it.
    assert pixel(render(ArrowStyle.CANAL), canal_middle.x(), canal_middle.y()) == ENGLAND
    assert pixel(render(ArrowStyle.NORMAL), canal_middle.x(), canal_middle.y()) != ENGLAND
    # A support of the passage (the canal keeper's permission) points at the middle of the canal.
    support = OrderArrow(OrderKind.SUPPORT_MOVE, "FRA", "SPA", "MED", "NAO", style=ArrowStyle.CANAL)
    image = render_to_image(BoardPicture(power_colours=COLOURS, orders=[support]), board, WIDTH_PX)
    tip = _towards(canal_middle, QPointF(170, 160), SHAFT * u)
    in_head = _towards(tip, QPointF(170, 160), HEAD_LENGTH * u * 0.75 * 0.4)
    assert close_to(pixel(image, in_head.x(), in_head.y()), FRANCE, 12)
    # Without a canal on the board the move is drawn straight.
    plain = render_to_image(BoardPicture(power_colours=COLOURS, orders=[
        OrderArrow(OrderKind.MOVE, "ENG", "NAO", "MED", style=ArrowStyle.CANAL)]), geometry_from_dict(mini_geometry_data()), WIDTH_PX)
    assert pixel(plain, canal_middle.x(), canal_middle.y()) != ENGLAND


def test_unknown_arrow_styles_are_rejected_naming_the_choices() -> None:
    with pytest.raises(PictureError, match="unknown arrow style 'zigzag' .*normal, tsr, canal"):
        OrderArrow(OrderKind.MOVE, "GER", "EAS", "CEN", style="zigzag")  # type: ignore[arg-type]


# --- export -------------------------------------------------------------------------------------


def test_png_svg_and_pdf_files(qapp: Any, geometry: BoardGeometry, tmp_path: Path) -> None:
    picture = full_picture()
    png = save_png(tmp_path / "board.png", picture, geometry, 600)
    loaded = QImage(str(png))
    assert (loaded.width(), loaded.height()) == (600, 450)

    svg = save_svg(tmp_path / "board.svg", picture, geometry)
    root = ET.parse(svg).getroot()
    assert root.tag.endswith("svg")
    paths = [e for e in root.iter() if e.tag.endswith("path")]
    assert len(paths) > 20  # provinces, borders, labels as outlines, arrows, icons
    assert territory_colour(ENGLAND) in svg.read_text(encoding="utf-8").lower()

    pdf = save_pdf(tmp_path / "board.pdf", picture, geometry)
    data = pdf.read_bytes()
    assert data.startswith(b"%PDF") and b"%%EOF" in data[-64:] and len(data) > 2000


def test_export_to_an_unwritable_place_names_the_path(qapp: Any, geometry: BoardGeometry, tmp_path: Path) -> None:
    target = tmp_path / "no-such-dir" / "board.png"
    with pytest.raises(DrawingError, match="no-such-dir"):
        save_png(target, full_picture(), geometry, 100)
    with pytest.raises(DrawingError, match="whole number of pixels"):
        render_to_image(full_picture(), geometry, 0)


def test_painting_the_full_board_many_times(qapp: Any, geometry: BoardGeometry) -> None:
    """PySide6 6.12.0 drops a reference to None on every void call and crashes CPython 3.11 after a
    few thousand calls; painting the board 300 times both exercises that and checks the count."""
    image = QImage(400, 300, QImage.Format.Format_ARGB32_Premultiplied)
    picture = full_picture()
    before = sys.getrefcount(None)
    painter = QPainter(image)
    try:
        for _ in range(300):
            paint_board(painter, geometry, picture, layers=ALL_LAYERS)
    finally:
        painter.end()
    # The broken release loses one reference per void call (tens of thousands here); allow for other
    # threads' ordinary churn while we paint.
    assert sys.getrefcount(None) - before > -2000
    assert image.pixelColor(140, 100).name() == territory_colour(ENGLAND)


# --- the real standard map ----------------------------------------------------------------------


def test_standard_map_geometry_agrees_with_the_map_and_hit_tests_its_anchors(qapp: Any) -> None:
    from engine.mapdata import load_map

    board = load_map("standard")
    geometry = load_map_geometry("standard")
    playable = {p.id for p in board.provinces.values() if p.is_passable}
    assert set(geometry.provinces) == playable
    assert geometry.sea_provinces == {p.id for p in board.provinces.values() if p.is_sea}
    for pid, shape in geometry.provinces.items():
        assert location_at(geometry, shape.unit.x(), shape.unit.y(), coasts=False) == pid
        for coast in shape.coasts.values():
            assert location_at(geometry, coast.unit.x(), coast.unit.y()) == coast.loc
    colours = {p.id: p.color for p in board.powers.values()}
    homes = {centre: p.id for p in board.powers.values() for centre in p.home_centers}
    units = [UnitMark(p.id, kind, loc) for p in board.powers.values() for kind, loc in p.start_units]
    picture = BoardPicture(power_colours=colours, owners=homes, home_centres=homes, units=units)
    width_px = round(geometry.width * 1.5)
    image = render_to_image(picture, geometry, width_px)
    scale = width_px / geometry.width
    for unit in units:  # every starting unit's plate shows in its power's colour
        anchor = geometry.unit_anchor(unit.loc)
        above_centre = anchor.y() - geometry.unit_size * 0.42  # on the plate, clear of every silhouette
        top = image.pixelColor(round(anchor.x() * scale), round(above_centre * scale))
        assert close_to(top.name(), colours[unit.power], 6), unit


# --- stacked units, decoys, transports and damage (Hugh's Engineered Diplomacy) -----------------------


def test_stacked_units_are_badges_fanned_round_their_provinces_unit() -> None:
    places = {(p.unit.power, p.unit.type): p for p in unit_placements([
        ("GER", "A", "EAS"), ("GER", "E", "EAS"), ("TUR", "P", "EAS"), ("GER", "D", "EAS"),
        ("FRA", "F", "SPA/SC"), ("FRA", "D", "SPA/SC"), ("ENG", "E", "WES"), ("ENG", "P", "WES"), ("TUR", "D", "CEN"),
    ])}
    army = places[("GER", "A")]
    assert (army.anchor, army.dx, army.dy, army.scale, army.badge) == ("EAS", 0.0, 0.0, 1.0, False)
    badges = [places[("GER", "E")], places[("TUR", "P")], places[("GER", "D")]]
    assert all(b.badge and b.anchor == "EAS" and b.scale == BADGE_SCALE for b in badges)
    assert len({(b.dx, b.dy) for b in badges}) == 3 and all((b.dx, b.dy) != (0, 0) for b in badges)
    assert places[("FRA", "D")].anchor == "SPA/SC" and places[("FRA", "D")].badge  # a decoy by its twin
    lone = places[("ENG", "E")]  # an engineer with no unit: on the anchor, smaller than a unit
    assert (lone.anchor, lone.dx, lone.dy, lone.scale) == ("WES", 0.0, 0.0, LONE_SCALE)
    assert places[("ENG", "P")].badge and (places[("ENG", "P")].dx, places[("ENG", "P")].dy) != (0, 0)
    assert not places[("TUR", "D")].badge  # a decoy alone is the province's unit
    many = unit_placements([("GER", "A", "EAS")] + [(f"P{i}", "E", "EAS") for i in range(8)])
    assert len({(p.dx, p.dy) for p in many}) == 9  # a seventh badge starts an outer ring


def test_a_badge_is_drawn_beside_the_unit_it_shares_a_province_with(qapp: Any, geometry: BoardGeometry) -> None:
    u = geometry.unit_size
    size = u * UNIT_ICON * BADGE_SCALE
    x, y = 300 + FAN[0][0] * u, 70 + FAN[0][1] * u - size * 0.36  # inside the badge's plate, above its sign
    alone = render_to_image(BoardPicture(power_colours=COLOURS, units=[("GER", "A", "EAS")]), geometry, WIDTH_PX)
    assert pixel(alone, x, y) != TURKEY
    stacked = BoardPicture(power_colours=COLOURS, units=[("GER", "A", "EAS"), ("TUR", "E", "EAS")])
    image = render_to_image(stacked, geometry, WIDTH_PX)
    assert pixel(image, x, y) == TURKEY
    assert pixel(image, 300, 70 - u * 0.36) == GERMANY  # the army keeps its place


def test_a_decoy_is_marked_only_when_the_picture_says_so(qapp: Any, geometry: BoardGeometry) -> None:
    u = geometry.unit_size
    radius = u * UNIT_ICON * 0.6
    ring = [(300 + radius * dx, 70 + radius * dy) for dx, dy in
            [(1, 0), (-1, 0), (0, 1), (0, -1), (0.707, 0.707), (-0.707, 0.707), (0.707, -0.707), (-0.707, -0.707),
             (0.92, 0.38), (-0.92, 0.38), (0.38, 0.92), (0.38, -0.92)]]
    plain = BoardPicture(power_colours=COLOURS, units=[("GER", "A", "EAS")])
    marked = BoardPicture(power_colours=COLOURS, units=[("GER", "A", "EAS")], decoys=frozenset({"EAS"}))
    assert not any(close_to(pixel(render_to_image(plain, geometry, WIDTH_PX), px, py), palette.UNIT_INK, 30)
                   for px, py in ring)
    image = render_to_image(marked, geometry, WIDTH_PX)
    assert any(close_to(pixel(image, px, py), palette.UNIT_INK, 30) for px, py in ring)  # the dashed ring
    with pytest.raises(PictureError, match="decoy mark: no location 'XYZ'"):
        validate_picture(BoardPicture(decoys=frozenset({"XYZ"})), geometry)


def test_transport_arrows_run_from_the_engineer_to_the_unit_fetching_it(qapp: Any, geometry: BoardGeometry) -> None:
    with pytest.raises(PictureError, match="transport order of ENG needs aux_loc"):
        OrderArrow(OrderKind.TRANSPORT, "ENG", "WES")
    with pytest.raises(PictureError, match="transport order of ENG has no use for to_loc"):
        OrderArrow(OrderKind.TRANSPORT, "ENG", "WES", "CEN", aux_loc="CEN")
    u = geometry.unit_size
    arrow = OrderArrow(OrderKind.TRANSPORT, "ENG", "WES", aux_loc="CEN")
    image = render_to_image(BoardPicture(power_colours=COLOURS, orders=[arrow]), geometry, WIDTH_PX)
    wes, cen = QPointF(175, 60), QPointF(275, 165)
    tip = _towards(wes, cen, UNIT_CLEARANCE * u)
    in_head = _towards(tip, cen, HEAD_LENGTH * u * 0.75 * 0.4)  # the head points at the fetching unit
    assert close_to(pixel(image, in_head.x(), in_head.y()), ENGLAND, 12)
    dots = [_towards(cen, wes, d) for d in range(20, 80, 2)]
    assert any(close_to(pixel(image, p.x(), p.y()), ENGLAND, 12) for p in dots)


def test_damage_ends_in_a_burst_instead_of_a_support_ring(qapp: Any, geometry: BoardGeometry) -> None:
    u = geometry.unit_size
    held, nao = QPointF(185, 207), QPointF(60, 150)
    far_side = held + QPointF(RING * u * 1.1, 0)  # on the support's ring, away from the supporter

    def render(style: ArrowStyle) -> QImage:
        order = OrderArrow(OrderKind.SUPPORT_HOLD, "ENG", "NAO", "SPA/SC", style=style)
        return render_to_image(BoardPicture(power_colours=COLOURS, orders=[order]), geometry, WIDTH_PX)

    support, damage = render(ArrowStyle.NORMAL), render(ArrowStyle.DAMAGE)
    assert close_to(pixel(support, far_side.x(), far_side.y()), ENGLAND, 12)
    assert not close_to(pixel(damage, far_side.x(), far_side.y()), ENGLAND, 40)
    burst = _towards(held, nao, RING * u)
    assert close_to(pixel(damage, burst.x(), burst.y()), ENGLAND, 12)
    # A damaged move: the burst sits on the middle of the move.
    move_damage = OrderArrow(OrderKind.SUPPORT_MOVE, "ENG", "NAO", "CEN", "SPA", style=ArrowStyle.DAMAGE)
    image = render_to_image(BoardPicture(power_colours=COLOURS, orders=[move_damage]), geometry, WIDTH_PX)
    spa, cen = QPointF(170, 160), QPointF(275, 165)
    middle = _towards(spa, cen, UNIT_CLEARANCE * u)
    middle = (middle + _towards(cen, spa, UNIT_CLEARANCE * u)) * 0.5
    assert close_to(pixel(image, middle.x(), middle.y()), ENGLAND, 12)


def test_red_arrow_crossings_and_sea_routes_are_drawn_and_keyed(qapp: Any) -> None:
    from app.drawing.legend import legend_entries

    data = mini_geometry_data()
    data["decorations"] += [{"kind": "crossing", "id": "STRAIT", "points": [[60, 250], [60, 290]]},
                            {"kind": "sea-route", "id": "ROUND", "points": [[330, 230], [330, 299]]}]
    board = geometry_from_dict(data)
    assert [d.kind for d in board.decorations] == ["route", "crossing", "sea-route"]
    image = render_to_image(BoardPicture(power_colours=COLOURS), board, WIDTH_PX)
    assert close_to(pixel(image, 60, 270), palette.CROSSING_INK, 12)  # the shaft is red
    assert close_to(pixel(image, 60, 289), palette.CROSSING_INK, 12)  # and so are both heads
    assert close_to(pixel(image, 60, 251), palette.CROSSING_INK, 12)
    assert close_to(pixel(image, 330, 297), palette.SEA_ROUTE_INK, 12)  # the sea route's head at the edge
    plain = render_to_image(BoardPicture(power_colours=COLOURS), geometry_from_dict(mini_geometry_data()), WIDTH_PX)
    assert not close_to(pixel(plain, 60, 270), palette.CROSSING_INK, 40)
    keys = {e.key for e in legend_entries(board, ["A", "F"])}
    assert {"crossing", "sea-route"} <= keys
    assert not {"crossing", "sea-route"} & {e.key for e in legend_entries(geometry_from_dict(mini_geometry_data()),
                                                                           ["A", "F"])}


def test_a_map_wrapping_north_south_draws_arrows_across_that_seam_too(qapp: Any) -> None:
    """Age of Discovery's torus: a move between areas that meet across the top and bottom edges is a short
    arrow over that edge, not one running the board's whole height."""
    data = mini_geometry_data()
    data["wrap_y"] = True
    wrapped = geometry_from_dict(data)
    picture = BoardPicture(power_colours=COLOURS, orders=[OrderArrow(OrderKind.MOVE, "ENG", "EAS", "MED")])
    image = render_to_image(picture, wrapped, WIDTH_PX)
    # EAS (300, 70) to MED (300, 260) is shorter northward across the seam: up from EAS off the top edge, and
    # in again from the bottom edge down... up to MED; nothing crosses CEN in the middle of the board.
    assert pixel(image, 300, 8) == ENGLAND
    assert pixel(image, 300, 296) == ENGLAND
    assert pixel(image, 300, 165) == palette.NEUTRAL_LAND


def test_an_arrow_off_a_wrapping_maps_top_edge_leaves_the_caption_alone(qapp: Any) -> None:
    from app.drawing.sheet import CAPTION_BACKGROUND, Caption, sheet_layout

    data = mini_geometry_data()
    data["wrap_y"] = True
    wrapped = geometry_from_dict(data)
    picture = BoardPicture(power_colours=COLOURS, orders=[OrderArrow(OrderKind.MOVE, "ENG", "EAS", "MED")])
    caption = Caption("Mini", "Spring 1901 Movement")
    image = render_to_image(picture, wrapped, WIDTH_PX, caption=caption)
    top = sheet_layout(wrapped, caption, None).board.top()
    assert pixel(image, 300, top + 8) == ENGLAND  # the arrow leaves the board over its top edge …
    assert pixel(image, 300, top - 4) == CAPTION_BACKGROUND.lower()  # … and is not drawn on over the caption
