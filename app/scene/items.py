"""The map's graphics items: one per province, supply centre, label, unit and order arrow.

Shapes, icons and arrow drawing come from :mod:`app.drawing` (cached paths, tinted icons,
``paint_board`` for arrows and the static borders), so the interactive map and the exported board look
the same. Items never decide anything: the scene sets their state from a ``BoardPicture``.
"""
from __future__ import annotations

import itertools
import math
from collections import OrderedDict
from collections.abc import Iterable, Mapping

from PySide6.QtCore import QLineF, QPoint, QPointF, QRectF, Qt
from PySide6.QtGui import (QBrush, QColor, QImage, QPaintEngine, QPainter, QPainterPath, QPainterPathStroker, QPen,
                           QTransform)
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from app.drawing.context import EXPORT_MARK_SCALE
from app.drawing.labels import UNIT_ICON as DRAWING_UNIT_ICON
from app.drawing.painter import CentreStyle, paint_centre_marker
from app.drawing import (
    ArrowStyle,
    BoardGeometry,
    BoardPicture,
    Layer,
    LocationShape,
    OrderArrow,
    badge_backing,
    label_font,
    paint_board,
    paint_decoy_mark,
    paint_unit_badge,
    palette,
    unit_icons,
)

# Sizes as fractions of the board's unit size: the drawing layer's, so the label layout's boxes fit.
UNIT_ICON = DRAWING_UNIT_ICON
DISLODGED_ICON = 0.8 * DRAWING_UNIT_ICON
HIGHLIGHT_ALPHA = 0.38
RAILWAY_HIGHLIGHT_ALPHA = 0.42
LABEL_BASE = 0.625  # a label's size in map units at 1:1, before clamping to readable pixels
LABEL_MIN_PX, LABEL_MAX_PX = 11.0, 19.0  # readable from across a table, never shouting when zoomed in
COAST_LABEL_RATIO = 0.9

# Labels sit over units (with their halo they stay readable where an enlarged icon covers the label
# point), arrows over both.
Z_SEA, Z_PROVINCE, Z_PROVINCE_LIT, Z_BORDERS, Z_CENTRE, Z_UNIT, Z_DISLODGED, Z_LABEL, Z_OPTION, Z_ARROW = (
    0, 1, 1.5, 2, 3, 4, 5, 6, 6.5, 7)

# Units, centre markers and arrows are drawn at least MIN_MARK_SCALE times the size the map's anchors were
# spaced for (as in exports), and never smaller on screen than MIN_UNIT_PX pixels per unit size: zoomed
# out, they grow relative to the map (like markers on a street map) so they stay legible.
MIN_UNIT_PX = 28.0
MIN_MARK_SCALE = EXPORT_MARK_SCALE
MAX_MARK_SCALE = 2.5


def mark_scale(unit_size: float, zoom: float) -> float:
    """How much to enlarge units and arrows at ``zoom``, in steps of 1/8 so items redraw rarely."""
    if unit_size <= 0 or zoom <= 0:
        return MIN_MARK_SCALE
    wanted = MIN_UNIT_PX / (unit_size * zoom)
    return min(MAX_MARK_SCALE, max(MIN_MARK_SCALE, round(wanted * 8) / 8))


_scaled: dict[tuple[int, float], BoardGeometry] = {}


def arrow_geometry(geometry: BoardGeometry, scale: float) -> BoardGeometry:
    """The board's anchors with a larger unit size, for drawing arrows that match enlarged units.

    Only what the order layer reads is carried over (locations, anchors, wrap, the decorations that canal
    arrows follow); it is never used for the map itself.
    """
    if scale == 1.0:
        return geometry
    key = (id(geometry), scale)
    found = _scaled.get(key)
    if found is None:
        found = BoardGeometry(
            map_id=geometry.map_id, width=geometry.width, height=geometry.height, wrap_x=geometry.wrap_x,
            wrap_y=geometry.wrap_y,
            provinces=dict(geometry.provinces), impassable={}, sea_background=None, land_background=None,
            land_background_area=None, decorations=geometry.decorations, unit_size=geometry.unit_size * scale,
        )
        _scaled[key] = found
    return found


def _pen(colour: str | QColor, width: float, cap: Qt.PenCapStyle = Qt.PenCapStyle.RoundCap) -> QPen:
    pen = QPen(QColor(colour), width)
    pen.setCapStyle(cap)
    pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
    return pen


def _screen_pen(colour: str | QColor, px: float, cap: Qt.PenCapStyle = Qt.PenCapStyle.RoundCap) -> QPen:
    """A pen ``px`` screen pixels wide at any zoom (outlines that must stay visible zoomed out)."""
    pen = _pen(colour, px, cap)
    pen.setCosmetic(True)
    return pen


def _points_rect(points: Iterable[QPointF], pad: float) -> QRectF:
    """The box around ``points`` grown by ``pad`` (QRectF.united skips empty boxes, so not that)."""
    xs, ys = zip(*((p.x(), p.y()) for p in points))
    return QRectF(min(xs) - pad, min(ys) - pad, max(xs) - min(xs) + 2 * pad, max(ys) - min(ys) + 2 * pad)


def _translucent(colour: str, alpha: float) -> QColor:
    c = QColor(colour)
    c.setAlphaF(alpha)
    return c


class SeaItem(QGraphicsItem):
    """The water (and any background land) under everything: the drawing layer's sea layer."""

    def __init__(self, geometry: BoardGeometry) -> None:
        super().__init__()
        self.geometry = geometry
        self.setZValue(Z_SEA)
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)

    def boundingRect(self) -> QRectF:
        return self.geometry.rect

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        paint_board(painter, self.geometry, BoardPicture(), layers=(Layer.SEA,))


class BordersItem(QGraphicsItem):
    """Impassable areas, province borders, coastline and decorations, painted over the province fills."""

    def __init__(self, geometry: BoardGeometry) -> None:
        super().__init__()
        self.geometry = geometry
        self.setZValue(Z_BORDERS)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)

    def boundingRect(self) -> QRectF:
        return self.geometry.rect

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        paint_board(painter, self.geometry, BoardPicture(),
                    layers=(Layer.IMPASSABLE, Layer.BORDERS, Layer.DECORATIONS))


# Drawn highlights kept for reuse (see ProvinceItem._overlay), least recently used dropped first.
OVERLAY_MAX_PIXELS = 1024 * 1024  # one image; a province filling a zoomed-in screen is drawn directly
OVERLAY_BUDGET_PIXELS = 8 * 1024 * 1024  # all of them: 32 MB
OVERLAY_MARGIN = 2
_overlays: OrderedDict[tuple[object, ...], tuple[QImage, int]] = OrderedDict()
_overlay_pixels = 0
_province_serials = itertools.count()


def _keep_overlay(key: tuple[object, ...], image: QImage) -> None:
    global _overlay_pixels
    pixels = image.width() * image.height()
    _overlays[key] = (image, pixels)
    _overlay_pixels += pixels
    while _overlay_pixels > OVERLAY_BUDGET_PIXELS and _overlays:
        _old, (_image, dropped) = _overlays.popitem(last=False)
        _overlay_pixels -= dropped


class ProvinceItem(QGraphicsItem):
    """One province: its owner's tint, and its highlight when it (or one of its coasts) is a legal target."""

    def __init__(self, shape: LocationShape, unit_size: float) -> None:
        super().__init__()
        self.area = shape
        self.unit_size = unit_size
        self.fill = QColor(palette.SEA if shape.is_sea else palette.NEUTRAL_LAND)
        self.lit: frozenset[str] = frozenset()  # highlighted locations: the province and/or its coasts
        self.is_selected_province = False
        self.railway_lit = False  # a railway target: orange track round the province
        self._serial = next(_province_serials)  # names this item's overlays in the shared cache
        pad = unit_size  # room for the screen-width outline even when zoomed far out
        self._bounds = shape.bounds.adjusted(-pad, -pad, pad, pad)
        self.setZValue(Z_PROVINCE)
        self.setAcceptHoverEvents(False)
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)

    @property
    def province(self) -> str:
        return self.area.loc

    def boundingRect(self) -> QRectF:
        return self._bounds

    def shape(self) -> QPainterPath:
        return self.area.path

    def set_fill(self, colour: str) -> None:
        if QColor(colour) != self.fill:
            self.fill = QColor(colour)
            self.update()

    def set_lit(self, lit: frozenset[str], selected: bool, *, railway: bool = False) -> None:
        if lit != self.lit or selected != self.is_selected_province or railway != self.railway_lit:
            self.lit = lit
            self.is_selected_province = selected
            self.railway_lit = railway
            self.setZValue(Z_PROVINCE_LIT if (lit or selected or railway) else Z_PROVINCE)
            self.update()

    def _paint_railway_border(self, painter: QPainter, *, inside: bool) -> None:
        """The railway sign in orange (dark casing, light ties) round a railway target. Where the unit can
        also walk, it runs just inside the ordinary highlight's outline, so both show."""
        path = self.area.path
        casing, band, ties_width = (16.0, 12.0, 5.0) if inside else (7.0, 5.0, 2.0)
        painter.save()
        if inside:
            painter.setClipPath(path)
        else:
            painter.fillPath(path, _translucent(palette.RAILWAY_ORDER, RAILWAY_HIGHLIGHT_ALPHA))
        painter.strokePath(path, _screen_pen(palette.UNIT_INK, casing, Qt.PenCapStyle.FlatCap))
        painter.strokePath(path, _screen_pen(palette.RAILWAY_ORDER, band, Qt.PenCapStyle.FlatCap))
        ties = _screen_pen("#ffffff", ties_width, Qt.PenCapStyle.FlatCap)
        ties.setDashPattern([5.0 / ties_width, 5.0 / ties_width])
        painter.strokePath(path, ties)
        painter.restore()

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        painter.fillPath(self.area.path, self.fill)
        if not (self.lit or self.is_selected_province or self.railway_lit):
            return
        overlay = self._overlay(painter)
        if overlay is None:
            self._paint_highlight(painter)
            return
        image, at = overlay
        painter.save()
        painter.resetTransform()
        painter.drawImage(at, image)
        painter.restore()

    def _overlay(self, painter: QPainter) -> tuple[QImage, QPoint] | None:
        """The highlight as drawn at ``painter``'s scale and pixel offset, kept for the next time.

        Its wide round-joined outlines are most of a click's drawing on a detailed map (a long coastline
        takes milliseconds), and the same provinces light again and again; drawn once into a transparent
        image and laid over the fill (the same pixels: "over" composes either way), they are a blit the
        next time. ``None`` when the painter's drawing can't be matched pixel for pixel (rotated, a high
        pixel density, not pixels at all: a printer or SVG) or the image would be too large to keep: then
        it is drawn directly."""
        device = painter.device()
        engine = painter.paintEngine()
        t = painter.combinedTransform()
        if (device is None or engine is None or engine.type() != QPaintEngine.Type.Raster
                or device.devicePixelRatioF() != 1.0
                or t.type() not in (QTransform.TransformationType.TxNone, QTransform.TransformationType.TxTranslate,
                                    QTransform.TransformationType.TxScale)):
            return None
        box = t.mapRect(self._bounds)
        # A pixel's margin beyond the box, as Qt leaves round an item's cached picture.
        left, top = math.floor(box.left()) - OVERLAY_MARGIN, math.floor(box.top()) - OVERLAY_MARGIN
        width = math.ceil(box.right()) + OVERLAY_MARGIN - left
        height = math.ceil(box.bottom()) + OVERLAY_MARGIN - top
        if width <= 0 or height <= 0 or width * height > OVERLAY_MAX_PIXELS:
            return None
        dx, dy = t.dx() - left, t.dy() - top
        key = (self._serial, self.lit, self.is_selected_province, self.railway_lit, t.m11(), t.m22(), dx, dy)
        found = _overlays.get(key)
        if found is not None:
            _overlays.move_to_end(key)
            return found[0], QPoint(left, top)
        image = QImage(width, height, QImage.Format.Format_ARGB32_Premultiplied)
        image.fill(0)
        into = QPainter(image)
        into.setRenderHints(painter.renderHints())
        into.setTransform(QTransform(t.m11(), 0.0, 0.0, t.m22(), dx, dy))
        self._paint_highlight(into)
        into.end()
        _keep_overlay(key, image)
        return image, QPoint(left, top)

    def _paint_highlight(self, painter: QPainter) -> None:
        """The lit targets' fill and outline, the railway track and the selection, over the province's fill."""
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        walk_paths = [self.area.path if loc == self.area.loc else self.area.coasts[loc.split("/", 1)[1]].path
                      for loc in sorted(self.lit)]
        for path in walk_paths:
            painter.fillPath(path, _translucent(palette.HIGHLIGHT, HIGHLIGHT_ALPHA))
        if self.railway_lit:
            self._paint_railway_border(painter, inside=bool(self.lit))
        for path in walk_paths:
            painter.strokePath(path, _screen_pen(palette.UNIT_INK, 4.0))  # dark casing: reads on any tint
            painter.strokePath(path, _screen_pen(palette.HIGHLIGHT, 2.5))
        if self.is_selected_province:
            painter.fillPath(self.area.path, _translucent("#ffffff", 0.3))
            painter.strokePath(self.area.path, _screen_pen(palette.UNIT_INK, 5.0))
            painter.strokePath(self.area.path, _screen_pen(palette.SELECTED, 3.5))


class CentreItem(QGraphicsItem):
    """A supply-centre marker in its owner's colour; a home centre has a ring in its home power's colour
    (the drawing layer's marker, so the window and exports match)."""

    def __init__(self, at: QPointF, unit_size: float, home_colour: str | None) -> None:
        super().__init__()
        self.base_unit_size = unit_size
        self.unit_size = unit_size
        self.style = CentreStyle(None, home_colour)
        self._bounds: tuple[float, QRectF] | None = None  # (the unit size it was made for, box)
        self.setPos(at)
        self.setZValue(Z_CENTRE)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)

    @property
    def home_colour(self) -> str | None:
        return self.style.home_colour

    @property
    def owner_colour(self) -> str | None:
        return self.style.owner_colour

    def boundingRect(self) -> QRectF:
        if self._bounds is None or self._bounds[0] != self.unit_size:
            r = self.unit_size * 0.45
            self._bounds = (self.unit_size, QRectF(-r, -r, 2 * r, 2 * r))
        return self._bounds[1]

    def set_home_colour(self, colour: str | None) -> None:
        self.set_style(CentreStyle(self.style.owner_colour, colour, self.style.uncounted))

    def set_style(self, style: CentreStyle) -> None:
        if style != self.style:
            self.style = style
            self.update()

    def set_mark_scale(self, scale: float) -> None:
        size = self.base_unit_size * scale
        if size != self.unit_size:
            self.prepareGeometryChange()
            self.unit_size = size
            self.update()  # the cached pixmap was drawn at the old size

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        paint_centre_marker(painter, QPointF(0, 0), self.unit_size, self.style)


_label_paths: dict[tuple[str, float, bool], tuple[QPainterPath, QPainterPath]] = {}


def label_paths(text: str, px: float, italic: bool) -> tuple[QPainterPath, QPainterPath]:
    """Glyphs centred on the origin at ``px`` pixels, and a halo stroke around them (cached).

    The halo is painted first and the glyphs over it, so the two never need merging (a path union per
    label costs more than the rest of the first paint together)."""
    key = (text, round(px, 1), italic)
    found = _label_paths.get(key)
    if found is None:
        glyphs = QPainterPath()
        glyphs.addText(0, 0, label_font(px, italic=italic), text)
        glyphs.translate(-glyphs.boundingRect().center())
        stroker = QPainterPathStroker()
        stroker.setWidth(max(2.0, px * 0.3))
        stroker.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
        halo = stroker.createStroke(glyphs)
        if len(_label_paths) > 4096:  # zooming makes new sizes; keep the cache bounded as the painter's is
            _label_paths.clear()
        found = _label_paths[key] = (glyphs, halo)
    return found


class LabelItem(QGraphicsItem):
    """A province or coast label drawn in screen pixels, so it stays readable at every zoom.

    The scene tells every label the current zoom; the label grows with the map up to a cap and never
    shrinks below a readable size.
    """

    def __init__(self, text: str, at: QPointF, map_size: float, *, sea: bool = False, small: bool = False,
                 tag: bool = False) -> None:
        super().__init__()
        self.text = text
        self.map_size = map_size
        self.sea = sea
        self.small = small
        self.tag = tag  # a continent's tag ("{EP}"), shown over a crowded map zoomed out
        self.px = LABEL_MIN_PX
        self._bounds: tuple[tuple[str, float, bool], QRectF] | None = None  # (what it was measured for, box)
        self.setPos(at)
        self.setZValue(Z_LABEL)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations, True)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)

    def wanted_px(self, zoom: float) -> float:
        """The label's size in pixels at ``zoom``: it grows with the map between readable bounds."""
        low, high = (LABEL_MIN_PX, LABEL_MAX_PX)
        px = min(high, max(low, self.map_size * zoom))
        return px * COAST_LABEL_RATIO if self.small else px

    def set_zoom(self, zoom: float) -> None:
        self.set_px(self.wanted_px(zoom))

    def set_px(self, px: float) -> None:
        if abs(px - self.px) > 0.05:
            self.prepareGeometryChange()
            self.px = px
            self.update()

    def set_text(self, text: str) -> None:
        if text != self.text:
            self.prepareGeometryChange()
            self.text = text
            self.update()

    def boundingRect(self) -> QRectF:
        # Qt asks every label on each paint (they ignore the view's scale, so the scene's index can't sort
        # them): keep the box for as long as the text and size it was measured for.
        key = (self.text, self.px, self.sea or self.small)
        if self._bounds is None or self._bounds[0] != key:
            self._bounds = (key, label_paths(*key)[1].boundingRect())
        return self._bounds[1]

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        glyphs, halo = label_paths(self.text, self.px, self.sea or self.small)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.fillPath(halo, QColor(palette.LABEL_HALO))
        ink = QColor(palette.SEA_LABEL_INK if self.sea else palette.LABEL_INK)
        if self.tag:
            ink.setAlphaF(0.8)
        painter.fillPath(glyphs, ink)


class UnitItem(QGraphicsItem):
    """A unit in its power's colour (our icons); a dislodged unit sits offset inside a red dashed ring.

    A stacked unit (an engineer, a prison, a decoy beside its twin) is a smaller badge ``offset`` unit
    sizes from its province's anchor; a unit that is really a decoy carries the decoy mark (its owner's
    view only)."""

    def __init__(self, unit_type: str, colour: str, at: QPointF, unit_size: float, *, dislodged: bool = False,
                 offset: tuple[float, float] = (0.0, 0.0), scale: float = 1.0, badge: bool = False) -> None:
        super().__init__()
        self.unit_type = unit_type
        self.colour = colour
        self.base_unit_size = unit_size
        self.unit_size = unit_size
        self.dislodged = dislodged
        self.offset = offset
        self.icon_scale = scale
        self.badge = badge
        self.decoy = False  # drawn with the decoy mark
        self.mark = ""  # a short mark on its corner (EMG: the unit's points)
        self.awaiting = False  # the operator's unit that has no order yet
        self._bounds: tuple[tuple[float, bool, float, tuple[float, float]], QRectF] | None = None
        self.setPos(at)
        self.setZValue((Z_DISLODGED if dislodged else Z_UNIT) + (0.1 if badge else 0.0))
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)

    def centre(self) -> QPointF:
        """Where the icon is drawn, in item coordinates."""
        return QPointF(self.offset[0] * self.unit_size, self.offset[1] * self.unit_size)

    def icon_size(self) -> float:
        return self.unit_size * (DISLODGED_ICON if self.dislodged else UNIT_ICON) * self.icon_scale

    def boundingRect(self) -> QRectF:
        key = (self.unit_size, bool(self.mark), self.icon_scale, self.offset)
        if self._bounds is None or self._bounds[0] != key:
            r = self.unit_size * (0.8 if self.mark else 0.75) * max(self.icon_scale, 0.75)  # the mark pokes out
            c = self.centre()
            self._bounds = (key, QRectF(c.x() - r, c.y() - r, 2 * r, 2 * r))
        return self._bounds[1]

    def hits(self, scene_point: QPointF) -> bool:
        """Is ``scene_point`` on the icon (a click on a badge)?"""
        d = self.mapFromScene(scene_point) - self.centre()
        radius = self.icon_size() * 0.55
        return d.x() * d.x() + d.y() * d.y() <= radius * radius

    def set_colour(self, colour: str) -> None:
        if colour != self.colour:
            self.colour = colour
            self.update()

    def set_placement(self, offset: tuple[float, float], scale: float, badge: bool) -> None:
        if (offset, scale, badge) != (self.offset, self.icon_scale, self.badge):
            self.prepareGeometryChange()
            self.offset, self.icon_scale, self.badge = offset, scale, badge
            self.setZValue((Z_DISLODGED if self.dislodged else Z_UNIT) + (0.1 if badge else 0.0))
            self.update()

    def set_decoy(self, decoy: bool) -> None:
        if decoy != self.decoy:
            self.decoy = decoy
            self.update()

    def set_mark_scale(self, scale: float) -> None:
        size = self.base_unit_size * scale
        if size != self.unit_size:
            self.prepareGeometryChange()
            self.unit_size = size
            self.update()

    def set_mark(self, mark: str) -> None:
        if mark != self.mark:
            self.prepareGeometryChange()
            self.mark = mark
            self.update()

    def set_awaiting(self, awaiting: bool) -> None:
        if awaiting != self.awaiting:
            self.awaiting = awaiting
            self.update()

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        u = self.unit_size
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        size = self.icon_size()
        at = self.centre()
        if self.dislodged:
            ring = _pen(palette.FAILURE_MARK, u * 0.09, cap=Qt.PenCapStyle.FlatCap)
            ring.setDashPattern([2.2, 1.2])
            painter.setBrush(QBrush(_translucent("#ffffff", 0.7)))
            painter.setPen(ring)
            painter.drawEllipse(at, size * 0.62, size * 0.62)
        if self.awaiting:
            # A thin bright ring: "still needs an order" (shape, not colour alone).
            pen = _pen(palette.HIGHLIGHT, u * 0.07, cap=Qt.PenCapStyle.FlatCap)
            pen.setDashPattern([1.5, 1.0])
            painter.setPen(pen)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawEllipse(at, size * 0.66, size * 0.66)
        if self.badge and (self.offset[0] or self.offset[1]):
            badge_backing(painter, at, size)
        unit_icons().paint(painter, self.unit_type, self.colour, at, size)
        if self.decoy:
            paint_decoy_mark(painter, at, size)
        if self.mark:
            paint_unit_badge(painter, at, size, self.mark)


class ArrowItem(QGraphicsItem):
    """One order as drawn by the drawing layer (move, support, convoy, hold, retreat, build, disband)."""

    def __init__(self, geometry: BoardGeometry, arrow: OrderArrow, colours: Mapping[str, str]) -> None:
        super().__init__()
        self.geometry = geometry
        self.arrow = arrow
        self._picture = BoardPicture(power_colours=dict(colours), orders=(arrow,))
        self._bounds = self._compute_bounds()
        self.setZValue(Z_ARROW)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)

    def _compute_bounds(self) -> QRectF:
        g = self.geometry
        points: list[QPointF] = []
        for loc in self.arrow.locations:
            shape = g.shape(loc)
            points.extend((shape.unit, shape.dislodged))
        if self.arrow.style is ArrowStyle.CANAL:  # routed through the canal, wherever the board draws it
            points.extend(p for d in g.decorations if d.kind == "canal" for p in d.points)
        return _points_rect(points, g.unit_size * 1.2)

    def set_colours(self, colours: Mapping[str, str]) -> None:
        self._picture = BoardPicture(power_colours=dict(colours), orders=(self.arrow,))
        self.update()

    def set_geometry(self, geometry: BoardGeometry) -> None:
        if geometry is not self.geometry:
            self.prepareGeometryChange()
            self.geometry = geometry
            self._bounds = self._compute_bounds()
            self.update()

    def boundingRect(self) -> QRectF:
        return self._bounds

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        paint_board(painter, self.geometry, self._picture, layers=(Layer.ORDERS,))


class RetreatOptionsItem(QGraphicsItem):
    """Thin dashed lines from a dislodged unit to each province it may retreat to."""

    def __init__(self, start: QPointF, targets: Iterable[QPointF], colour: str, unit_size: float) -> None:
        super().__init__()
        self.start = start
        self.targets = list(targets)
        self.colour = colour
        self.unit_size = unit_size
        self._bounds = _points_rect([start, *self.targets], unit_size * 0.5)
        self.setZValue(Z_OPTION)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)

    def boundingRect(self) -> QRectF:
        return self._bounds

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        u = self.unit_size
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        outer = _screen_pen("#ffffff", 4.5)
        inner = _screen_pen(palette.RETREAT_OUTLINE, 2.5, cap=Qt.PenCapStyle.FlatCap)
        inner.setDashPattern([2.0, 1.5])
        for t in self.targets:
            line = QLineF(self.start, t)
            if line.length() <= u * 0.8:
                continue
            trimmed = QLineF(line.pointAt(u * 0.45 / line.length()), line.pointAt(1 - u * 0.3 / line.length()))
            painter.setPen(outer)
            painter.drawLine(trimmed)
            painter.setPen(inner)
            painter.drawLine(trimmed)
            painter.setPen(_screen_pen(palette.RETREAT_OUTLINE, 2.0))
            painter.setBrush(QBrush(QColor("#ffffff")))
            painter.drawEllipse(trimmed.p2(), u * 0.16, u * 0.16)
