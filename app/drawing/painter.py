"""Paint a board (geometry + picture) with any ``QPainter``, in map units.

The caller sets the painter's transform (map units -> device); this module never creates widgets, so the
GUI's scene and the headless exporters share it. Layers are painted in the fixed order of
:data:`ALL_LAYERS`; :data:`BASE_LAYERS` depend only on the geometry and the owners, so a view may cache
them in a pixmap and repaint only :data:`OVERLAY_LAYERS` when units or orders change.
"""
from __future__ import annotations

import enum
import math
from dataclasses import dataclass
from collections.abc import Iterable

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QPaintEngine,
    QPainter,
    QPainterPath,
    QPainterPathStroker,
    QPolygonF,
    QTransform,
)
from . import palette
from .context import (
    DISLODGED_ICON,
    THIN_BORDER_PX,
    UNIT_ICON,
    PaintContext,
    cache_for,
    label_em,
    make_pen,
    translucent,
)
from .errors import PictureError
from .geometry import BoardGeometry, normalise_location
from .icons import unit_icons
from .labels import SC_HOME_RADIUS, SC_RADIUS, BoardLayout, layout_board
from .orders import failure_points, paint_orders
from .picture import BoardPicture
from .stacks import badge_backing, paint_decoy_mark, paint_unit_badge, unit_placements


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
_layouts: dict[tuple[object, ...], BoardLayout] = {}
COAST_LABEL_RATIO = 0.9  # a coast label's em relative to a province label's
CENTRE_UNOWNED = "#ffffff"


@dataclass(frozen=True, slots=True)
class CentreStyle:
    owner_colour: str | None  # None: nobody's (or it doesn't count for its owner)
    home_colour: str | None
    uncounted: bool = False  # owned, but not a centre for its owner: white, struck through
    held_by: str | None = None  # an uncounted centre's owner's colour, for its rim
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
    for loc in picture.uncounted_centres:
        check(loc, "uncounted centre")
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
    mark_scale: float = 1.0,
) -> None:
    """Paint ``picture`` on ``geometry`` in map units with the painter's current transform.

    ``mark_scale`` draws units, centres and order marks that many times the size the map's anchors were
    spaced for (exports use :data:`EXPORT_MARK_SCALE`); labels are placed round them (:mod:`.labels`).
    The picture is validated first, so a bad location raises :class:`PictureError` before anything is
    drawn. The painter's state is restored afterwards.
    """
    validate_picture(picture, geometry)
    wanted = set(layers)
    ctx = PaintContext(geometry, picture, cache_for(geometry), mark_scale)
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
    uncounted = {normalise_location(p) for p in ctx.picture.uncounted_centres}
    unseen = {normalise_location(p) for p in ctx.picture.unseen}
    for pid, shape in ctx.geometry.provinces.items():
        if shape.is_sea:
            fill = sea
        else:
            owner = owners.get(pid) if pid not in uncounted else None  # Hong Kong isn't China's to tint
            if owner is None:
                fill = neutral
            else:
                tint = tints.get(owner)
                if tint is None:
                    tint = tints[owner] = QColor(palette.territory_colour(ctx.colour(owner)))
                fill = tint
        if pid in unseen:
            fill = QColor(palette.fogged(fill.name()))
        painter.fillPath(shape.path, fill)


def _paint_impassable(painter: QPainter, ctx: PaintContext) -> None:
    fill = QColor(palette.IMPASSABLE)
    hatch = make_pen(palette.IMPASSABLE_HATCH, ctx.base_u * 0.06, cap=Qt.PenCapStyle.FlatCap)
    for shape in (*ctx.geometry.impassable.values(), *ctx.geometry.ridges):
        painter.fillPath(shape.path, fill)
        painter.strokePath(shape.hatch, hatch)


def _paint_borders(painter: QPainter, ctx: PaintContext) -> None:
    u = ctx.base_u
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
    u = ctx.base_u
    for decoration in ctx.geometry.decorations:
        if decoration.kind == "route":
            _stroke_railway(painter, decoration.path, u * 0.17, palette.RAILWAY_INK, "#ffffff")
        elif decoration.kind == "crossing":
            paint_crossing(painter, decoration.points, u)
        elif decoration.kind == "sea-route":
            paint_sea_route(painter, decoration.points, u)
        else:
            painter.strokePath(decoration.path, make_pen(palette.COASTLINE_INK, u * 0.17))
            painter.strokePath(decoration.path, make_pen(palette.CANAL_WATER, u * 0.1))


def _arrow_head(painter: QPainter, tip: QPointF, back: QPointF, size: float, colour: str) -> None:
    """A filled arrowhead at ``tip``, pointing away from ``back``."""
    dx, dy = tip.x() - back.x(), tip.y() - back.y()
    length = math.hypot(dx, dy) or 1.0
    ux, uy = dx / length, dy / length
    base = QPointF(tip.x() - ux * size, tip.y() - uy * size)
    side = QPointF(-uy * size * 0.55, ux * size * 0.55)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QColor(colour))
    painter.drawPolygon(QPolygonF([tip, base + side, base - side]))


def paint_crossing(painter: QPainter, points: tuple[QPointF, ...], u: float) -> None:
    """A red arrow across a strait, with a head at both ends: units cross it either way."""
    painter.save()
    path = QPainterPath(points[0])
    for p in points[1:]:
        path.lineTo(p)
    painter.strokePath(path, make_pen(palette.LABEL_HALO, u * 0.24, cap=Qt.PenCapStyle.FlatCap))
    painter.strokePath(path, make_pen(palette.CROSSING_INK, u * 0.14, cap=Qt.PenCapStyle.FlatCap))
    _arrow_head(painter, points[-1], points[-2], u * 0.5, palette.CROSSING_INK)
    _arrow_head(painter, points[0], points[1], u * 0.5, palette.CROSSING_INK)
    painter.restore()


def paint_sea_route(painter: QPainter, points: tuple[QPointF, ...], u: float) -> None:
    """A dashed sea route leading off the board, its head at the last point (where it leaves)."""
    painter.save()
    path = QPainterPath(points[0])
    for p in points[1:]:
        path.lineTo(p)
    pen = make_pen(palette.SEA_ROUTE_INK, u * 0.1, cap=Qt.PenCapStyle.FlatCap)
    pen.setDashPattern([4.0, 2.5])
    painter.strokePath(path, pen)
    _arrow_head(painter, points[-1], points[-2], u * 0.4, palette.SEA_ROUTE_INK)
    painter.restore()


def _stroke_railway(painter: QPainter, path: QPainterPath, width: float, ink: str, gap: str) -> None:
    """The map symbol for a railway: a dark line with light dashes inside it."""
    painter.strokePath(path, make_pen(ink, width, cap=Qt.PenCapStyle.FlatCap))
    dashes = make_pen(gap, width * 0.45, cap=Qt.PenCapStyle.FlatCap)
    dashes.setDashPattern([3.0 / 0.45, 3.0 / 0.45])  # equal light/dark runs of 3 line widths
    painter.strokePath(path, dashes)


# --- overlay layers -----------------------------------------------------------------------------


def _paint_highlights(painter: QPainter, ctx: PaintContext) -> None:
    u = ctx.base_u
    if ctx.picture.unexplored:  # never seen: blank, over its land, sea and borders
        blank = QColor(palette.UNEXPLORED)
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)  # no seams to trace the areas by
        for loc in sorted(ctx.picture.unexplored):
            painter.fillPath(ctx.shape(loc).path, blank)
        painter.restore()
    for loc in sorted(ctx.picture.shaded):  # closed this phase (frozen): a pale wash over the tint
        painter.fillPath(ctx.shape(loc).path, translucent(palette.SHADED, 0.7))
    for loc in sorted(ctx.picture.highlights):
        shape = ctx.shape(loc)
        painter.fillPath(shape.path, translucent(palette.HIGHLIGHT, 0.38))
        painter.strokePath(shape.path, make_pen(palette.HIGHLIGHT, u * 0.09))
    if ctx.picture.selected is not None:
        shape = ctx.shape(ctx.picture.selected)
        painter.fillPath(shape.path, translucent("#ffffff", 0.25))
        painter.strokePath(shape.path, make_pen(palette.SELECTED, u * 0.14))


def board_layout(ctx: PaintContext) -> BoardLayout:
    """Where this paint's labels and centre markers go (cached per picture and size)."""
    if ctx.layout is None:
        em = label_em(ctx.base_u, ctx.mark_scale)
        failures = tuple(failure_points(ctx))
        picture = ctx.picture
        key = (id(ctx.geometry), round(ctx.u, 3), round(em, 3), picture.units, picture.dislodged_units,
               picture.supply_centres, tuple(sorted(picture.home_centres.items())), failures,
               picture.orders if picture.show_orders else (), picture.show_orders,
               picture.show_labels, picture.show_units, picture.show_supply_centres,
               tuple(sorted(picture.label_texts.items())), picture.unexplored)
        found = _layouts.get(key)
        if found is None:
            found = layout_board(ctx.geometry, picture, u=ctx.u, em=em, coast_em=em * COAST_LABEL_RATIO,
                                 measure=measure_label, failures=failures)
            if len(_layouts) > 64:
                _layouts.clear()
            _layouts[key] = found
        ctx.layout = found
    return ctx.layout


def measure_label(text: str, em: float, italic: bool) -> tuple[float, float]:
    """The size of ``text``'s drawn label (glyphs and halo) at ``em`` map units."""
    bounds = _text_path(text, em, italic)[1].boundingRect()
    return bounds.width(), bounds.height()


def centre_marker_style(ctx: PaintContext, pid: str) -> CentreStyle:
    picture = ctx.picture
    owner = picture.owners.get(pid)
    home = picture.home_centres.get(pid)
    return CentreStyle(
        owner_colour=ctx.colour(owner) if owner is not None and pid not in picture.uncounted_centres else None,
        home_colour=ctx.colour(home) if home is not None else None,
        uncounted=pid in picture.uncounted_centres and owner is not None,
        held_by=ctx.colour(owner) if owner is not None and pid in picture.uncounted_centres else None,
    )


def paint_centre_marker(painter: QPainter, at: QPointF, u: float, style: CentreStyle) -> None:
    """A supply centre: a disc in its owner's colour (white when unowned) with a dark rim and a star-like
    dark core; a home centre adds a ring in its home power's colour; a centre that doesn't count for its
    owner (Hong Kong for China) is white, struck through."""
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    if style.home_colour is not None:
        painter.setPen(make_pen(palette.UNIT_INK, u * 0.035))
        painter.setBrush(QBrush(QColor(style.home_colour)))
        painter.drawEllipse(at, SC_HOME_RADIUS * u, SC_HOME_RADIUS * u)
    fill = style.owner_colour or CENTRE_UNOWNED
    if style.held_by is not None:  # the holder's colour as a rim: held, but not counted
        painter.setPen(make_pen(style.held_by, u * 0.16))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawEllipse(at, SC_RADIUS * u, SC_RADIUS * u)
    painter.setPen(make_pen(palette.UNIT_INK, u * 0.045))
    painter.setBrush(QBrush(QColor(fill)))
    painter.drawEllipse(at, SC_RADIUS * u, SC_RADIUS * u)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QBrush(QColor(palette.contrast_ink(fill) if style.owner_colour else palette.UNIT_INK)))
    painter.drawEllipse(at, SC_RADIUS * u * 0.34, SC_RADIUS * u * 0.34)
    if style.uncounted:
        painter.setPen(make_pen(palette.UNIT_INK, u * 0.06))
        d = SC_RADIUS * u * 0.75
        painter.drawLine(at + QPointF(-d, d), at + QPointF(d, -d))
    painter.restore()


def _paint_supply_centres(painter: QPainter, ctx: PaintContext) -> None:
    if not ctx.picture.show_supply_centres:
        return
    for pid, (x, y) in board_layout(ctx).centres.items():
        paint_centre_marker(painter, QPointF(x, y), ctx.u, centre_marker_style(ctx, pid))


def _paint_labels(painter: QPainter, ctx: PaintContext) -> None:
    if not ctx.picture.show_labels:
        return
    halo = QColor(palette.LABEL_HALO)
    land_ink, sea_ink = QColor(palette.LABEL_INK), QColor(palette.SEA_LABEL_INK)
    for label in board_layout(ctx).labels:
        ink = sea_ink if label.sea else land_ink
        _draw_halo_text(painter, QPointF(label.x, label.y), _text_path(label.text, label.em, label.italic), ink, halo)


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
    for place in unit_placements(ctx.picture.units, ctx.picture.stacked):
        at = ctx.shape(place.anchor).unit + QPointF(place.dx, place.dy) * ctx.u
        unit = place.unit
        if place.badge and (place.dx or place.dy):
            badge_backing(painter, at, size * place.scale)
        icons.paint(painter, unit.type, ctx.colour(unit.power), at, size * place.scale)
        if not place.badge and normalise_location(unit.loc).split("/", 1)[0] in decoys:
            paint_decoy_mark(painter, at, size)
        mark = ctx.picture.unit_badges.get(normalise_location(unit.loc)) if not place.badge else None
        if mark:
            paint_unit_badge(painter, at, size, mark)


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
