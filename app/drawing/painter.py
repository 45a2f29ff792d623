"""Paint a board (geometry + picture) with any ``QPainter``, in map units.

The caller sets the painter's transform (map units -> device); this module never creates widgets, so the
GUI's scene and the headless exporters share it. Layers are painted in the fixed order of
:data:`ALL_LAYERS`; :data:`BASE_LAYERS` depend only on the geometry and the owners, so a view may cache
them in a pixmap and repaint only :data:`OVERLAY_LAYERS` when units or orders change.
"""
from __future__ import annotations

import enum
import itertools
import math
import weakref
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

import shapely
import shapely.errors
from PySide6.QtCore import QLineF, QPointF, Qt
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QFontMetricsF,
    QPaintEngine,
    QPainter,
    QPainterPath,
    QPainterPathStroker,
    QPen,
    QPolygonF,
    QTransform,
)
from shapely.geometry import LineString
from shapely.geometry.base import BaseGeometry

from . import palette
from .errors import PictureError
from .geometry import BoardGeometry, LocationShape, normalise_location
from .icons import unit_icons
from .picture import ArrowStyle, BoardPicture, OrderArrow, OrderKind, UnitMark


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

# Sizes as fractions of the geometry's unit size, so every map scale looks alike.
UNIT_ICON = 64 / 61  # icon box side; its plate (r 29 + 1.5 rim of 64) then just fills the unit circle
DISLODGED_ICON = 0.8 * UNIT_ICON
UNIT_CLEARANCE = 0.5  # arrows start/stop this far from a unit anchor (the plate's edge)
SHAFT = 0.13
OUTLINE = 0.045
HEAD_LENGTH = 0.46
HEAD_HALF_WIDTH = 0.27
RING = 0.64
LABEL_BASE = 0.625  # a 10-unit em on builder maps, the size their label boxes allow for
COAST_LABEL = 0.42
FAILED_OPACITY = 0.5
HEAD_TO_HEAD_OFFSET = 0.17
THIN_BORDER_PX = 1.6

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
    ctx = _Context(geometry, picture, _cache_for(geometry))
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


# --- per-geometry caches ------------------------------------------------------------------------


@dataclass(eq=False)
class _GeometryCache:
    """Border polylines of one geometry, built once: many short polylines rasterise far faster than
    one path holding every border."""

    sea_lines: list[QPolygonF]
    land_lines: list[QPolygonF]
    coast_lines: list[QPolygonF]
    label_sizes: dict[tuple[str, str], float] = field(default_factory=dict)


_caches: weakref.WeakKeyDictionary[BoardGeometry, _GeometryCache] = weakref.WeakKeyDictionary()
_text_paths: dict[tuple[str, float, bool], tuple[QPainterPath, QPainterPath]] = {}


def _cache_for(geometry: BoardGeometry) -> _GeometryCache:
    cache = _caches.get(geometry)
    if cache is None:
        sea = [p.area for p in geometry.provinces.values() if p.is_sea]
        land = [p.area for p in geometry.provinces.values() if not p.is_sea]
        land += [i.area for i in geometry.impassable.values()]
        cache = _GeometryCache(
            sea_lines=_border_lines(sea),
            land_lines=_border_lines(land),
            coast_lines=geometry.coastline.toSubpathPolygons(),
        )
        _caches[geometry] = cache
    return cache


def _border_lines(areas: list[BaseGeometry]) -> list[QPolygonF]:
    """The outlines of ``areas`` with shared borders drawn once, merged into long polylines."""
    if not areas:
        return []
    try:
        merged = shapely.line_merge(shapely.unary_union([a.boundary for a in areas]))
        lines = list(getattr(merged, "geoms", [merged]))
    except shapely.errors.GEOSException:
        # Broken linework can't be merged; drawing every ring (shared borders twice) looks the same.
        lines = [ring for a in areas for ring in _rings(a)]
    return [QPolygonF([QPointF(x, y) for x, y in line.coords]) for line in lines if not line.is_empty]


def _rings(area: BaseGeometry) -> list[LineString]:
    polygons = list(getattr(area, "geoms", [area]))
    return [ring for p in polygons if hasattr(p, "exterior") for ring in (p.exterior, *p.interiors)]


def _label_font(pixel_size: float, *, italic: bool = False) -> QFont:
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
        raw.addText(0, 0, _label_font(reference, italic=italic), text)
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


# --- paint context ------------------------------------------------------------------------------


class _Context:
    def __init__(self, geometry: BoardGeometry, picture: BoardPicture, cache: _GeometryCache) -> None:
        self.geometry = geometry
        self.picture = picture
        self.cache = cache
        self.u = geometry.unit_size
        self.colours = palette.resolve_power_colours(
            picture.powers(), picture.power_colours, colour_blind=picture.colour_blind
        )
        self.unit_at: dict[str, UnitMark] = {normalise_location(u.loc): u for u in picture.units}

    def colour(self, power: str) -> str:
        return self.colours.get(power) or palette.NEUTRAL_LAND

    def shape(self, loc: str) -> LocationShape:
        return self.geometry.shape(loc)


def _pen(colour: str | QColor, width: float, *, cap: Qt.PenCapStyle = Qt.PenCapStyle.RoundCap) -> QPen:
    pen = QPen(QColor(colour), width)
    pen.setCapStyle(cap)
    pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
    return pen


def _translucent(colour: str, alpha: float) -> QColor:
    c = QColor(colour)
    c.setAlphaF(alpha)
    return c


# --- base layers --------------------------------------------------------------------------------


def _paint_sea(painter: QPainter, ctx: _Context) -> None:
    g = ctx.geometry
    painter.fillRect(g.rect, QColor(palette.SEA))
    if g.sea_background is not None:
        painter.fillPath(g.sea_background, QColor(palette.SEA))
    if g.land_background is not None:
        painter.fillPath(g.land_background, QColor(palette.OUTER_LAND))


def _paint_land(painter: QPainter, ctx: _Context) -> None:
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


def _paint_impassable(painter: QPainter, ctx: _Context) -> None:
    fill = QColor(palette.IMPASSABLE)
    hatch = _pen(palette.IMPASSABLE_HATCH, ctx.u * 0.06, cap=Qt.PenCapStyle.FlatCap)
    for shape in ctx.geometry.impassable.values():
        painter.fillPath(shape.path, fill)
        painter.strokePath(shape.hatch, hatch)


def _paint_borders(painter: QPainter, ctx: _Context) -> None:
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
        pen = _pen(colour, width, cap=Qt.PenCapStyle.FlatCap)
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


def _paint_decorations(painter: QPainter, ctx: _Context) -> None:
    u = ctx.u
    for decoration in ctx.geometry.decorations:
        if decoration.kind == "route":
            _stroke_railway(painter, decoration.path, u * 0.17, palette.RAILWAY_INK, "#ffffff")
        else:
            painter.strokePath(decoration.path, _pen(palette.COASTLINE_INK, u * 0.17))
            painter.strokePath(decoration.path, _pen(palette.CANAL_WATER, u * 0.1))


def _stroke_railway(painter: QPainter, path: QPainterPath, width: float, ink: str, gap: str) -> None:
    """The map symbol for a railway: a dark line with light dashes inside it."""
    painter.strokePath(path, _pen(ink, width, cap=Qt.PenCapStyle.FlatCap))
    dashes = _pen(gap, width * 0.45, cap=Qt.PenCapStyle.FlatCap)
    dashes.setDashPattern([3.0 / 0.45, 3.0 / 0.45])  # equal light/dark runs of 3 line widths
    painter.strokePath(path, dashes)


# --- overlay layers -----------------------------------------------------------------------------


def _paint_highlights(painter: QPainter, ctx: _Context) -> None:
    u = ctx.u
    for loc in sorted(ctx.picture.highlights):
        shape = ctx.shape(loc)
        painter.fillPath(shape.path, _translucent(palette.HIGHLIGHT, 0.38))
        painter.strokePath(shape.path, _pen(palette.HIGHLIGHT, u * 0.09))
    if ctx.picture.selected is not None:
        shape = ctx.shape(ctx.picture.selected)
        painter.fillPath(shape.path, _translucent("#ffffff", 0.25))
        painter.strokePath(shape.path, _pen(palette.SELECTED, u * 0.14))


def _paint_supply_centres(painter: QPainter, ctx: _Context) -> None:
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
            painter.setPen(_pen(palette.UNIT_INK, u * 0.045))
            painter.setBrush(QBrush(QColor(ctx.colour(home))))
            painter.drawEllipse(centre, u * 0.25, u * 0.25)
            painter.setBrush(QBrush(QColor(palette.LABEL_HALO)))
            painter.drawEllipse(centre, u * 0.14, u * 0.14)
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(QBrush(ink))
            painter.drawEllipse(centre, u * 0.085, u * 0.085)
        else:
            painter.setPen(_pen(palette.LABEL_HALO, u * 0.05))
            painter.setBrush(QBrush(ink))
            painter.drawEllipse(centre, u * 0.16, u * 0.16)


def _label_size(ctx: _Context, shape: LocationShape, text: str, base: float) -> float:
    """The largest size up to ``base`` at which ``text`` fits the area around its label point."""
    key = (shape.loc, text)
    cached = ctx.cache.label_sizes.get(key)
    if cached is not None:
        return cached
    x, y = shape.label.x(), shape.label.y()
    bounds = shape.area.bounds
    across = _span_through(shape, LineString([(bounds[0] - 1, y), (bounds[2] + 1, y)]), x)
    down = _span_through(shape, LineString([(x, bounds[1] - 1), (x, bounds[3] + 1)]), y, vertical=True)
    metrics = QFontMetricsF(_label_font(100.0))
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


def _paint_labels(painter: QPainter, ctx: _Context) -> None:
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


def _paint_units(painter: QPainter, ctx: _Context) -> None:
    if not ctx.picture.show_units:
        return
    icons = unit_icons()
    size = ctx.u * UNIT_ICON
    for unit in ctx.picture.units:
        icons.paint(painter, unit.type, ctx.colour(unit.power), ctx.shape(unit.loc).unit, size)


def _paint_dislodged(painter: QPainter, ctx: _Context) -> None:
    if not ctx.picture.show_units:
        return
    icons = unit_icons()
    u = ctx.u
    size = u * DISLODGED_ICON
    for unit in ctx.picture.dislodged_units:
        at = ctx.shape(unit.loc).dislodged
        # A red dashed ring marks the unit as dislodged (shape, not just colour, for colour-blind users).
        ring = _pen(palette.FAILURE_MARK, u * 0.09, cap=Qt.PenCapStyle.FlatCap)
        ring.setDashPattern([2.2, 1.2])
        painter.setBrush(QBrush(_translucent("#ffffff", 0.7)))
        painter.setPen(ring)
        painter.drawEllipse(at, size * 0.62, size * 0.62)
        icons.paint(painter, unit.type, ctx.colour(unit.power), at, size)


# --- orders -------------------------------------------------------------------------------------


def _paint_orders(painter: QPainter, ctx: _Context) -> None:
    if not ctx.picture.show_orders:
        return
    moves = {
        (_province(o.from_loc), _province(o.to_loc))
        for o in ctx.picture.orders
        if o.kind is OrderKind.MOVE and o.to_loc is not None
    }
    # Draw supports and convoys under moves, moves under retreats, and markers on top.
    rank = {
        OrderKind.SUPPORT_HOLD: 0,
        OrderKind.SUPPORT_MOVE: 0,
        OrderKind.CONVOY: 1,
        OrderKind.MOVE: 2,
        OrderKind.RETREAT: 3,
        OrderKind.HOLD: 4,
        OrderKind.BUILD: 4,
        OrderKind.DISBAND: 5,
    }
    for order in sorted(ctx.picture.orders, key=lambda o: rank[o.kind]):
        painter.save()
        try:
            _paint_order(painter, ctx, order, moves)
        finally:
            painter.restore()


def _province(loc: str | None) -> str:
    return normalise_location(loc or "").split("/", 1)[0]


def _paint_order(painter: QPainter, ctx: _Context, order: OrderArrow, moves: set[tuple[str, str]]) -> None:
    u = ctx.u
    colour = ctx.colour(order.power)
    kind = order.kind
    failure_at: QPointF | None = None
    if order.failed:
        painter.setOpacity(FAILED_OPACITY)

    if kind in (OrderKind.MOVE, OrderKind.RETREAT):
        assert order.to_loc is not None
        start = ctx.shape(order.from_loc).dislodged if kind is OrderKind.RETREAT else ctx.shape(order.from_loc).unit
        points = [start, *(ctx.shape(v).unit for v in order.via), ctx.shape(order.to_loc).unit]
        points = _unwrap(ctx, points)
        if kind is OrderKind.MOVE and (_province(order.to_loc), _province(order.from_loc)) in moves:
            points = _offset(points, HEAD_TO_HEAD_OFFSET * u)
        line = _trim(points, UNIT_CLEARANCE * u, UNIT_CLEARANCE * u)
        for shift in _wrap_shifts(ctx, line):
            shifted = [p + shift for p in line]
            if kind is OrderKind.RETREAT:
                _draw_arrow(painter, shifted, colour, u, outline=palette.RETREAT_OUTLINE, core="#ffffff")
            elif order.style is ArrowStyle.TSR:
                _draw_arrow(painter, shifted, colour, u, railway=True)
            else:
                _draw_arrow(painter, shifted, colour, u)
        failure_at = _along(line, 0.5)

    elif kind is OrderKind.SUPPORT_MOVE:
        assert order.to_loc is not None and order.aux_loc is not None
        supported = _unwrap(ctx, [ctx.shape(order.aux_loc).unit, ctx.shape(order.to_loc).unit])
        if (_province(order.to_loc), _province(order.aux_loc)) in moves:
            supported = _offset(supported, HEAD_TO_HEAD_OFFSET * u)
        target = _along(_trim(supported, UNIT_CLEARANCE * u, UNIT_CLEARANCE * u), 0.5)
        points = _unwrap(ctx, [ctx.shape(order.from_loc).unit, target])
        line = _trim(points, UNIT_CLEARANCE * u, SHAFT * u)
        for shift in _wrap_shifts(ctx, line):
            _draw_arrow(painter, [p + shift for p in line], colour, u, dash=(0.34 * u, 0.2 * u), head_scale=0.75)
        failure_at = _along(line, 0.5)

    elif kind is OrderKind.SUPPORT_HOLD:
        assert order.to_loc is not None
        held = ctx.shape(order.to_loc).unit
        points = _unwrap(ctx, [ctx.shape(order.from_loc).unit, held])
        line = _trim(points, UNIT_CLEARANCE * u, RING * u * 1.1)
        for shift in _wrap_shifts(ctx, line):
            _draw_arrow(painter, [p + shift for p in line], colour, u, dash=(0.34 * u, 0.2 * u), head=False)
        _draw_ring(painter, held, RING * u * 1.1, colour, u, dashed=True)
        failure_at = _along(line, 0.5)

    elif kind is OrderKind.CONVOY:
        assert order.to_loc is not None and order.aux_loc is not None
        fleet = ctx.shape(order.from_loc).unit
        points = _unwrap(ctx, [ctx.shape(order.aux_loc).unit, fleet, ctx.shape(order.to_loc).unit])
        line = _trim(points, UNIT_CLEARANCE * u, UNIT_CLEARANCE * u)
        for shift in _wrap_shifts(ctx, line):
            _draw_arrow(painter, [p + shift for p in line], colour, u, dotted=True, head_scale=0.75)
        failure_at = fleet

    elif kind is OrderKind.HOLD:
        at = _marker_anchor(ctx, order)
        _draw_ring(painter, at, RING * u, colour, u)
        failure_at = at + QPointF(RING * u * 0.7, -RING * u * 0.7)

    elif kind is OrderKind.BUILD:
        at = ctx.shape(order.from_loc).unit
        if order.unit_type:
            painter.save()
            painter.setOpacity(painter.opacity() * 0.45)
            unit_icons().paint(painter, order.unit_type, colour, at, u * 0.9)
            painter.restore()
        _draw_ring(painter, at, RING * u, colour, u, dashed=True)
        _draw_plus(painter, at + QPointF(RING * u * 0.72, -RING * u * 0.72), u * 0.26, colour, u)
        failure_at = at + QPointF(-RING * u * 0.72, -RING * u * 0.72)

    elif kind is OrderKind.DISBAND:
        at = _marker_anchor(ctx, order)
        _draw_cross(painter, at, u * 0.42, colour, palette.UNIT_INK, u * 0.15, u * 0.05)
        failure_at = at + QPointF(RING * u * 0.7, -RING * u * 0.7)

    if order.failed and failure_at is not None:
        painter.setOpacity(1.0)
        _draw_cross(painter, failure_at, u * 0.2, palette.FAILURE_MARK, "#ffffff", u * 0.09, u * 0.035)


def _marker_anchor(ctx: _Context, order: OrderArrow) -> QPointF:
    shape = ctx.shape(order.from_loc)
    return shape.dislodged if order.dislodged else shape.unit


def _unwrap(ctx: _Context, points: list[QPointF]) -> list[QPointF]:
    """On a map that wraps east-west, take each step the short way round."""
    if not ctx.geometry.wrap_x:
        return points
    width = ctx.geometry.width
    result = [points[0]]
    for p in points[1:]:
        x = p.x()
        prev = result[-1].x()
        while x - prev > width / 2:
            x -= width
        while prev - x > width / 2:
            x += width
        result.append(QPointF(x, p.y()))
    return result


def _wrap_shifts(ctx: _Context, points: Sequence[QPointF]) -> list[QPointF]:
    """Offsets to draw a line at: itself, plus a copy one map-width over if it runs off a wrapping map."""
    shifts = [QPointF(0, 0)]
    if ctx.geometry.wrap_x:
        width = ctx.geometry.width
        if min(p.x() for p in points) < 0:
            shifts.append(QPointF(width, 0))
        if max(p.x() for p in points) > width:
            shifts.append(QPointF(-width, 0))
    return shifts


def _offset(points: list[QPointF], distance: float) -> list[QPointF]:
    """Shift a two-point line to its right, so opposite moves between two provinces don't overlap."""
    line = QLineF(points[0], points[-1])
    if line.length() == 0:
        return points
    normal = QPointF(-line.dy() / line.length(), line.dx() / line.length()) * distance
    return [p + normal for p in points]


def _trim(points: list[QPointF], start: float, end: float) -> list[QPointF]:
    """Shorten a polyline by ``start`` at its first point and ``end`` at its last (never past its middle)."""
    if len(points) < 2:
        return points
    result = list(points)
    first = QLineF(result[0], result[1])
    if first.length() > 0:
        cut = min(start, first.length() * 0.45)
        result[0] = first.pointAt(cut / first.length())
    last = QLineF(result[-1], result[-2])
    if last.length() > 0:
        cut = min(end, last.length() * 0.45)
        result[-1] = last.pointAt(cut / last.length())
    return result


def _along(points: Sequence[QPointF], fraction: float) -> QPointF:
    """The point ``fraction`` of the way along a polyline."""
    lengths = [QLineF(a, b).length() for a, b in itertools.pairwise(points)]
    remaining = sum(lengths) * fraction
    for (a, b), length in zip(itertools.pairwise(points), lengths, strict=True):
        if remaining <= length and length > 0:
            return QLineF(a, b).pointAt(remaining / length)
        remaining -= length
    return points[-1]


def _draw_arrow(
    painter: QPainter,
    points: Sequence[QPointF],
    colour: str,
    u: float,
    *,
    outline: str = palette.UNIT_INK,
    core: str | None = None,
    dash: tuple[float, float] | None = None,
    dotted: bool = False,
    railway: bool = False,
    head: bool = True,
    head_scale: float = 1.0,
) -> None:
    """A polyline in the power's colour with a dark (or given) outline and an optional arrowhead.

    ``dash`` is (dash, gap) in map units; outline and colour dashes line up because both patterns are
    set in absolute lengths. ``dotted`` draws round dots; ``railway`` adds track ties across the shaft.
    """
    width = SHAFT * u * (0.85 if dash or dotted else 1.0)
    rim = OUTLINE * u
    shaft = list(points)
    tip = shaft[-1]
    head_length = HEAD_LENGTH * u * head_scale
    if head:
        last = QLineF(shaft[-1], shaft[-2])
        if last.length() > 0:
            shaft[-1] = last.pointAt(min(0.95, head_length * 0.8 / last.length()))
    path = QPainterPath(shaft[0])
    for p in shaft[1:]:
        path.lineTo(p)

    outer_width = width + 2 * rim
    if dotted:
        period = width * 2.2
        outer = _pen(outline, outer_width, cap=Qt.PenCapStyle.RoundCap)
        outer.setDashPattern([0.001, period / outer_width])
        inner = _pen(colour, width, cap=Qt.PenCapStyle.RoundCap)
        inner.setDashPattern([0.001, period / width])
    elif dash is not None:
        on, off = dash
        outer = _pen(outline, outer_width, cap=Qt.PenCapStyle.FlatCap)
        outer.setDashPattern([(on + 2 * rim) / outer_width, max(off - 2 * rim, 0.001) / outer_width])
        outer.setDashOffset(rim / outer_width)
        inner = _pen(colour, width, cap=Qt.PenCapStyle.FlatCap)
        inner.setDashPattern([on / width, off / width])
    else:
        outer = _pen(outline, outer_width, cap=Qt.PenCapStyle.FlatCap)
        inner = _pen(colour, width, cap=Qt.PenCapStyle.FlatCap)
    painter.strokePath(path, outer)
    if railway:
        ties = _pen(outline, width * 2.6, cap=Qt.PenCapStyle.FlatCap)
        ties.setDashPattern([0.12, 0.9])
        painter.strokePath(path, ties)
    painter.strokePath(path, inner)
    if core is not None:
        painter.strokePath(path, _pen(core, width * 0.3, cap=Qt.PenCapStyle.FlatCap))

    if head and len(points) >= 2:
        direction = QLineF(points[-2], tip)
        if direction.length() > 0:
            ux, uy = direction.dx() / direction.length(), direction.dy() / direction.length()
            half = HEAD_HALF_WIDTH * u * head_scale
            base = tip - QPointF(ux, uy) * head_length
            triangle = QPolygonF([tip, base + QPointF(-uy, ux) * half, base - QPointF(-uy, ux) * half])
            head_pen = _pen(outline, rim * 1.6)
            head_pen.setJoinStyle(Qt.PenJoinStyle.MiterJoin)
            painter.setPen(head_pen)
            painter.setBrush(QBrush(QColor(colour)))
            painter.drawPolygon(triangle)


def _draw_ring(painter: QPainter, at: QPointF, radius: float, colour: str, u: float, *, dashed: bool = False) -> None:
    width = u * 0.11
    rim = OUTLINE * u
    outer = _pen(palette.UNIT_INK, width + 2 * rim, cap=Qt.PenCapStyle.FlatCap)
    inner = _pen(colour, width, cap=Qt.PenCapStyle.FlatCap)
    if dashed:
        # Whole number of dashes round the ring so the pattern closes neatly.
        circumference = 2 * math.pi * radius
        count = max(4, round(circumference / (0.5 * u)))
        step = circumference / count
        on, off = step * 0.62, step * 0.38
        outer.setDashPattern([(on + 2 * rim) / (width + 2 * rim), max(off - 2 * rim, 0.001) / (width + 2 * rim)])
        outer.setDashOffset(rim / (width + 2 * rim))
        inner.setDashPattern([on / width, off / width])
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.setPen(outer)
    painter.drawEllipse(at, radius, radius)
    painter.setPen(inner)
    painter.drawEllipse(at, radius, radius)


def _draw_plus(painter: QPainter, at: QPointF, half: float, colour: str, u: float) -> None:
    path = QPainterPath()
    path.moveTo(at - QPointF(half, 0))
    path.lineTo(at + QPointF(half, 0))
    path.moveTo(at - QPointF(0, half))
    path.lineTo(at + QPointF(0, half))
    painter.strokePath(path, _pen(palette.UNIT_INK, u * 0.16 + 2 * OUTLINE * u, cap=Qt.PenCapStyle.SquareCap))
    painter.strokePath(path, _pen(colour, u * 0.16, cap=Qt.PenCapStyle.SquareCap))


def _draw_cross(
    painter: QPainter, at: QPointF, half: float, colour: str, rim_colour: str, width: float, rim: float
) -> None:
    path = QPainterPath()
    path.moveTo(at + QPointF(-half, -half))
    path.lineTo(at + QPointF(half, half))
    path.moveTo(at + QPointF(-half, half))
    path.lineTo(at + QPointF(half, -half))
    painter.strokePath(path, _pen(rim_colour, width + 2 * rim))
    painter.strokePath(path, _pen(colour, width))


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
    Layer.ORDERS: _paint_orders,
}
