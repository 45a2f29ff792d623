"""Paint a board (geometry + picture) with any ``QPainter``, in map units.

The caller sets the painter's transform (map units -> device); this module never creates widgets, so the
GUI's scene and the headless exporters share it. Layers are painted in the fixed order of
:data:`ALL_LAYERS`; :data:`BASE_LAYERS` depend only on the geometry and the owners, so a view may cache
them in a pixmap and repaint only :data:`OVERLAY_LAYERS` when units or orders change.
"""
from __future__ import annotations

import enum
import math
from collections.abc import Iterable

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QFontMetricsF,
    QPaintEngine,
    QPainter,
    QPainterPath,
    QPainterPathStroker,
    QTransform,
)
from shapely.geometry import LineString

from . import palette
from .context import (
    COAST_LABEL,
    DISLODGED_ICON,
    LABEL_BASE,
    THIN_BORDER_PX,
    UNIT_ICON,
    PaintContext,
    cache_for,
    make_pen,
    translucent,
)
from .errors import PictureError
from .geometry import BoardGeometry, LocationShape, normalise_location
from .icons import unit_icons
from .orders import paint_orders
from .picture import BoardPicture
from .stacks import badge_backing, paint_decoy_mark, unit_placements


class Layer(enum.StrEnum):
    SEA = "sea"
    LAND = "land"
    IMPASSABLE = "impassable"
    BORDERS = "borders"
    DECORATIONS = "decorations"
    HIGHLIGHTS = "highlights"
    SUPPLY_CENTRES = "supply_centres"
    LABELS = "labels"
    UNITS = "units"
    DISLODGED = "dislodged"
    ORDERS = "orders"


ALL_LAYERS: tuple[Layer, ...] = tuple(Layer)
BASE_LAYERS: tuple[Layer, ...] = (Layer.SEA, Layer.LAND, Layer.IMPASSABLE, Layer.BORDERS, Layer.DECORATIONS)
OVERLAY_LAYERS: tuple[Layer, ...] = tuple(layer for layer in Layer if layer not in BASE_LAYERS)

_text_paths: dict[tuple[str, float, bool], tuple[QPainterPath, QPainterPath]] = {}
_FONT_FAMILIES = ["DejaVu Sans", "Segoe UI", "Helvetica Neue", "Arial", "Liberation Sans"]


def validate_picture(picture: BoardPicture, geometry: BoardGeometry) -> None:
    """Raise :class:`PictureError` listing every location or colour the board can't draw."""
    problems: list[str] = []

    def check(loc: str | None, what: str) -> None:
        if loc is None:
            return
        key = normalise_location(loc)
        if not geometry.has_location(key):
            province = key.split("/", 1)[0]
            if province in geometry.provinces and "/" in key:
                problems.append(f"{what}: {province} has no coast {key!r}")
            else:
                problems.append(f"{what}: no location {loc!r} on map {geometry.map_id!r}")

    for province, power in picture.owners.items():
        check(province, f"owner {power}")
    for province, power in picture.home_centres.items():
        check(province, f"home centre of {power}")
    for province in picture.supply_centres or ():
        check(province, "supply centre")
    for unit in picture.units:
        check(unit.loc, f"unit {unit.power} {unit.type}")
    for unit in picture.dislodged_units:
        check(unit.loc, f"dislodged unit {unit.power} {unit.type}")
    for order in picture.orders:
        for loc in order.locations:
            check(loc, f"{order.kind.value} order of {order.power}")
    for loc in picture.highlights:
        check(loc, "highlight")
    for loc in picture.decoys:
        check(loc, "decoy mark")
    check(picture.selected, "selection")
    for power, colour in picture.power_colours.items():
        try:
            palette.parse_hex(colour)
        except PictureError:
            problems.append(f"colour of {power}: {colour!r} is not '#rrggbb'")
    if problems:
        raise PictureError("can't draw this picture: " + "; ".join(problems))


def paint_board(
    painter: QPainter,
    geometry: BoardGeometry,
    picture: BoardPicture,
    *,
    layers: Iterable[Layer] = ALL_LAYERS,
) -> None:
    """Paint ``picture`` on ``geometry`` in map units with the painter's current transform.

    The picture is validated first, so a bad location raises :class:`PictureError` before anything is
    drawn. The painter's state is restored afterwards.
    """
    validate_picture(picture, geometry)
    wanted = set(layers)
    ctx = PaintContext(geometry, picture, cache_for(geometry))
    painter.save()
    try:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing, True)
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, True)
        for layer in ALL_LAYERS:
            if layer in wanted:
                _PAINTERS[layer](painter, ctx)
    finally:
        painter.restore()


def label_font(pixel_size: float, *, italic: bool = False) -> QFont:
    """The board's label face (bold sans) at ``pixel_size`` pixels: export and the GUI scene share it."""
    font = QFont()
    font.setFamilies(_FONT_FAMILIES)
    font.setStyleHint(QFont.StyleHint.SansSerif)
    font.setBold(True)
    font.setItalic(italic)
    font.setPixelSize(max(1, round(pixel_size)))
    return font


def _text_path(text: str, size: float, italic: bool) -> tuple[QPainterPath, QPainterPath]:
    """Text as a path centred on the origin (``size`` = the font's em in map units) and its halo.

    Shaped once at a large pixel size and scaled, so small map units don't round the font to 1 px.
    The halo is a solid outline 0.3 em wide merged with the glyphs: one fill instead of a stroke on
    every paint.
    """
    key = (text, round(size, 3), italic)
    found = _text_paths.get(key)
    if found is None:
        reference = 100.0
        raw = QPainterPath()
        raw.addText(0, 0, label_font(reference, italic=italic), text)
        raw.translate(-raw.boundingRect().center())
        glyphs = QTransform.fromScale(size / reference, size / reference).map(raw)
        stroker = QPainterPathStroker()
        stroker.setWidth(size * 0.3)
        stroker.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
        halo = stroker.createStroke(glyphs).united(glyphs).simplified()
        if len(_text_paths) > 4096:
            _text_paths.clear()
        found = _text_paths[key] = (glyphs, halo)
    return found


# --- base layers --------------------------------------------------------------------------------


def _paint_sea(painter: QPainter, ctx: PaintContext) -> None:
    # The whole board starts as water; the background sea outline adds nothing drawn in the same colour.
    painter.fillRect(ctx.geometry.rect, QColor(palette.SEA))
    painter.fillPath(ctx.geometry.unplayable_land, QColor(palette.OUTER_LAND))


def _paint_land(painter: QPainter, ctx: PaintContext) -> None:
    owners = {normalise_location(p): power for p, power in ctx.picture.owners.items()}
    sea = QColor(palette.SEA)
    neutral = QColor(palette.NEUTRAL_LAND)
    tints: dict[str, QColor] = {}
    for pid, shape in ctx.geometry.provinces.items():
        if shape.is_sea:
            painter.fillPath(shape.path, sea)
            continue
        owner = owners.get(pid)
        if owner is None:
            painter.fillPath(shape.path, neutral)
            continue
        tint = tints.get(owner)
        if tint is None:
            tint = tints[owner] = QColor(palette.territory_colour(ctx.colour(owner)))
        painter.fillPath(shape.path, tint)


def _paint_impassable(painter: QPainter, ctx: PaintContext) -> None:
    fill = QColor(palette.IMPASSABLE)
    hatch = make_pen(palette.IMPASSABLE_HATCH, ctx.u * 0.06, cap=Qt.PenCapStyle.FlatCap)
    for shape in ctx.geometry.impassable.values():
        painter.fillPath(shape.path, fill)
        painter.strokePath(shape.hatch, hatch)


def _paint_borders(painter: QPainter, ctx: PaintContext) -> None:
    u = ctx.u
    device_scale = _raster_scale(painter)
    painter.setBrush(Qt.BrushStyle.NoBrush)
    for lines, colour, width in (
        (ctx.cache.sea_lines, palette.SEA_BORDER, u * 0.04),
        (ctx.cache.land_lines, palette.BORDER_INK, u * 0.045),
        (ctx.cache.coast_lines, palette.COASTLINE_INK, u * 0.085),
    ):
        if device_scale and width * device_scale < THIN_BORDER_PX:
            # Qt rasterises lines up to one device pixel wide on a fast path (about 10x faster);
            # a border that would be 1-1.6 px looks the same drawn at 1 px.
            width = min(width, 1.0 / device_scale)
        pen = make_pen(colour, width, cap=Qt.PenCapStyle.FlatCap)
        pen.setJoinStyle(Qt.PenJoinStyle.BevelJoin)  # round joins on dense coastlines cost 3x, unseen at 2 px
        painter.setPen(pen)
        for line in lines:
            painter.drawPolyline(line)


def _raster_scale(painter: QPainter) -> float | None:
    """Device pixels per map unit when painting pixels (image, pixmap, widget); None for vector output."""
    engine = painter.paintEngine()
    if engine is None or engine.type() != QPaintEngine.Type.Raster:
        return None
    transform = painter.deviceTransform()
    return math.sqrt(abs(transform.determinant())) or None


def _paint_decorations(painter: QPainter, ctx: PaintContext) -> None:
    u = ctx.u
    for decoration in ctx.geometry.decorations:
        if decoration.kind == "route":
            _stroke_railway(painter, decoration.path, u * 0.17, palette.RAILWAY_INK, "#ffffff")
        else:
            painter.strokePath(decoration.path, make_pen(palette.COASTLINE_INK, u * 0.17))
            painter.strokePath(decoration.path, make_pen(palette.CANAL_WATER, u * 0.1))


def _stroke_railway(painter: QPainter, path: QPainterPath, width: float, ink: str, gap: str) -> None:
    """The map symbol for a railway: a dark line with light dashes inside it."""
    painter.strokePath(path, make_pen(ink, width, cap=Qt.PenCapStyle.FlatCap))
    dashes = make_pen(gap, width * 0.45, cap=Qt.PenCapStyle.FlatCap)
    dashes.setDashPattern([3.0 / 0.45, 3.0 / 0.45])  # equal light/dark runs of 3 line widths
    painter.strokePath(path, dashes)


# --- overlay layers -----------------------------------------------------------------------------


def _paint_highlights(painter: QPainter, ctx: PaintContext) -> None:
    u = ctx.u
    for loc in sorted(ctx.picture.highlights):
        shape = ctx.shape(loc)
        painter.fillPath(shape.path, translucent(palette.HIGHLIGHT, 0.38))
        painter.strokePath(shape.path, make_pen(palette.HIGHLIGHT, u * 0.09))
    if ctx.picture.selected is not None:
        shape = ctx.shape(ctx.picture.selected)
        painter.fillPath(shape.path, translucent("#ffffff", 0.25))
        painter.strokePath(shape.path, make_pen(palette.SELECTED, u * 0.14))


def _paint_supply_centres(painter: QPainter, ctx: PaintContext) -> None:
    if not ctx.picture.show_supply_centres:
        return
    u = ctx.u
    centres = ctx.picture.supply_centres
    if centres is None:
        centres = ctx.geometry.supply_centres
    homes = {normalise_location(p): power for p, power in ctx.picture.home_centres.items()}
    ink = QColor(palette.UNIT_INK)
    for pid in sorted(normalise_location(c) for c in centres):
        shape = ctx.shape(pid)
        centre = shape.sc if shape.sc is not None else QPointF(shape.label.x(), shape.label.y() + 0.55 * u)
        home = homes.get(pid)
        if home is not None:
            # Home centre: a ring in the home power's colour around the centre dot.
            painter.setPen(make_pen(palette.UNIT_INK, u * 0.045))
            painter.setBrush(QBrush(QColor(ctx.colour(home))))
            painter.drawEllipse(centre, u * 0.25, u * 0.25)
            painter.setBrush(QBrush(QColor(palette.LABEL_HALO)))
            painter.drawEllipse(centre, u * 0.14, u * 0.14)
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(QBrush(ink))
            painter.drawEllipse(centre, u * 0.085, u * 0.085)
        else:
            painter.setPen(make_pen(palette.LABEL_HALO, u * 0.05))
            painter.setBrush(QBrush(ink))
            painter.drawEllipse(centre, u * 0.16, u * 0.16)


def _label_size(ctx: PaintContext, shape: LocationShape, text: str, base: float) -> float:
    """The largest size up to ``base`` at which ``text`` fits the area around its label point."""
    key = (shape.loc, text)
    cached = ctx.cache.label_sizes.get(key)
    if cached is not None:
        return cached
    x, y = shape.label.x(), shape.label.y()
    bounds = shape.area.bounds
    across = _span_through(shape, LineString([(bounds[0] - 1, y), (bounds[2] + 1, y)]), x)
    down = _span_through(shape, LineString([(x, bounds[1] - 1), (x, bounds[3] + 1)]), y, vertical=True)
    metrics = QFontMetricsF(label_font(100.0))
    width_per_size = max(1e-6, metrics.horizontalAdvance(text) / 100.0)
    height_per_size = max(1e-6, metrics.capHeight() / 100.0)
    size = min(base, 0.9 * across / width_per_size, 0.75 * down / height_per_size)
    size = max(size, base * 0.6)  # below this a label stops being readable; let it overflow instead
    ctx.cache.label_sizes[key] = size
    return size


def _span_through(shape: LocationShape, line: LineString, at: float, *, vertical: bool = False) -> float:
    """Twice the distance from ``at`` to the nearer end of the piece of ``line`` inside the area."""
    inside = line.intersection(shape.area)
    pieces = list(getattr(inside, "geoms", [inside]))
    best = 0.0
    for piece in pieces:
        if piece.is_empty or not hasattr(piece, "coords"):
            continue
        values = [c[1] if vertical else c[0] for c in piece.coords]
        lo, hi = min(values), max(values)
        if lo <= at <= hi:
            best = max(best, 2 * min(at - lo, hi - at))
    return best


def _paint_labels(painter: QPainter, ctx: PaintContext) -> None:
    if not ctx.picture.show_labels:
        return
    u = ctx.u
    halo = QColor(palette.LABEL_HALO)
    land_ink, sea_ink = QColor(palette.LABEL_INK), QColor(palette.SEA_LABEL_INK)
    for pid, shape in ctx.geometry.provinces.items():
        size = _label_size(ctx, shape, pid, u * LABEL_BASE)
        ink = sea_ink if shape.is_sea else land_ink
        _draw_halo_text(painter, shape.label, _text_path(pid, size, shape.is_sea), ink, halo)
        for coast in shape.coasts.values():
            assert coast.coast is not None
            text = _text_path(coast.coast.lower(), u * COAST_LABEL, True)
            _draw_halo_text(painter, coast.label, text, land_ink, halo)


def _draw_halo_text(
    painter: QPainter, at: QPointF, text: tuple[QPainterPath, QPainterPath], ink: QColor, halo: QColor
) -> None:
    glyphs, outline = text
    painter.translate(at)
    painter.fillPath(outline, halo)
    painter.fillPath(glyphs, ink)
    painter.translate(-at)


def _paint_units(painter: QPainter, ctx: PaintContext) -> None:
    if not ctx.picture.show_units:
        return
    icons = unit_icons()
    size = ctx.u * UNIT_ICON
    decoys = {normalise_location(loc).split("/", 1)[0] for loc in ctx.picture.decoys}
    for place in unit_placements(ctx.picture.units):
        at = ctx.shape(place.anchor).unit + QPointF(place.dx, place.dy) * ctx.u
        unit = place.unit
        if place.badge and (place.dx or place.dy):
            badge_backing(painter, at, size * place.scale)
        icons.paint(painter, unit.type, ctx.colour(unit.power), at, size * place.scale)
        if not place.badge and normalise_location(unit.loc).split("/", 1)[0] in decoys:
            paint_decoy_mark(painter, at, size)


def _paint_dislodged(painter: QPainter, ctx: PaintContext) -> None:
    if not ctx.picture.show_units:
        return
    icons = unit_icons()
    u = ctx.u
    size = u * DISLODGED_ICON
    for unit in ctx.picture.dislodged_units:
        at = ctx.shape(unit.loc).dislodged
        # A red dashed ring marks the unit as dislodged (shape, not just colour, for colour-blind users).
        ring = make_pen(palette.FAILURE_MARK, u * 0.09, cap=Qt.PenCapStyle.FlatCap)
        ring.setDashPattern([2.2, 1.2])
        painter.setBrush(QBrush(translucent("#ffffff", 0.7)))
        painter.setPen(ring)
        painter.drawEllipse(at, size * 0.62, size * 0.62)
        icons.paint(painter, unit.type, ctx.colour(unit.power), at, size)


_PAINTERS = {
    Layer.SEA: _paint_sea,
    Layer.LAND: _paint_land,
    Layer.IMPASSABLE: _paint_impassable,
    Layer.BORDERS: _paint_borders,
    Layer.DECORATIONS: _paint_decorations,
    Layer.HIGHLIGHTS: _paint_highlights,
    Layer.SUPPLY_CENTRES: _paint_supply_centres,
    Layer.LABELS: _paint_labels,
    Layer.UNITS: _paint_units,
    Layer.DISLODGED: _paint_dislodged,
    Layer.ORDERS: paint_orders,
}
