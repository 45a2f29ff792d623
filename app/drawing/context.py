"""What every layer painter shares: symbol measures, the per-paint context and per-geometry caches."""
from __future__ import annotations

import weakref
from dataclasses import dataclass, field
from typing import Any

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QColor, QPen, QPolygonF

from . import palette
from .geometry import BoardGeometry, LocationShape
from .picture import BoardPicture

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
CONVOY_TRIANGLE = 1.05  # circumradius: the triangle's sides clear the fleet's plate
BURST = 0.36  # a damage burst's outer radius

# Exported boards draw every symbol this much larger than the spacing the map builder left for it, so units
# and centres read across a room (a 2000 px standard board: units about 36 px, centres about 20 px).
EXPORT_MARK_SCALE = 1.5
LABEL_GROWTH = 0.5  # labels grow by half as much as the symbols do


def label_em(unit_size: float, mark_scale: float) -> float:
    """A province label's em in map units for symbols drawn ``mark_scale`` times their planned size."""
    return unit_size * LABEL_BASE * (1.0 + (mark_scale - 1.0) * LABEL_GROWTH)


# --- per-geometry caches ------------------------------------------------------------------------


@dataclass(eq=False)
class GeometryCache:
    """Border polylines of one geometry, built once: many short polylines rasterise far faster than
    one path holding every border."""

    sea_lines: list[QPolygonF]
    land_lines: list[QPolygonF]
    coast_lines: list[QPolygonF]
    label_sizes: dict[tuple[str, str], float] = field(default_factory=dict)


_caches: weakref.WeakKeyDictionary[BoardGeometry, GeometryCache] = weakref.WeakKeyDictionary()


def cache_for(geometry: BoardGeometry) -> GeometryCache:
    cache = _caches.get(geometry)
    if cache is None:
        sea_lines, land_lines = geometry.border_lines
        cache = GeometryCache(
            sea_lines=sea_lines,
            land_lines=land_lines,
            coast_lines=_off_the_seam(geometry.coastline.toSubpathPolygons(), geometry),
        )
        _caches[geometry] = cache
    return cache


def _off_the_seam(lines: list[QPolygonF], geometry: BoardGeometry) -> list[QPolygonF]:
    """Coastlines without their stretches along a wrapping edge: land cut there continues on the other side,
    so that edge is no shore (a drawn line would mark the date line across Chukotka and Antarctica)."""
    wrap_y = bool(getattr(geometry, "wrap_y", False))
    if not (geometry.wrap_x or wrap_y):
        return lines
    tolerance = 1e-3 * max(geometry.width, geometry.height)

    def on_edge(a: QPointF, b: QPointF) -> bool:
        if geometry.wrap_x and any(abs(a.x() - e) < tolerance and abs(b.x() - e) < tolerance for e in (0.0, geometry.width)):
            return True
        return wrap_y and any(abs(a.y() - e) < tolerance and abs(b.y() - e) < tolerance for e in (0.0, geometry.height))

    out: list[QPolygonF] = []
    for line in lines:
        piece = QPolygonF()
        for i in range(line.size()):
            point = line.at(i)
            if piece.size() and on_edge(piece.at(piece.size() - 1), point):
                if piece.size() > 1:
                    out.append(piece)
                piece = QPolygonF()
            piece.append(point)
        if piece.size() > 1:
            out.append(piece)
    return out


# --- paint context ------------------------------------------------------------------------------


class PaintContext:
    """One paint call's inputs with the power colours resolved."""

    def __init__(self, geometry: BoardGeometry, picture: BoardPicture, cache: GeometryCache,
                 mark_scale: float = 1.0) -> None:
        self.geometry = geometry
        self.picture = picture
        self.cache = cache
        self.mark_scale = mark_scale
        self.base_u = geometry.unit_size
        self.u = geometry.unit_size * mark_scale  # symbols (units, centres, arrows) are drawn this size
        self.layout: Any = None  # the label layout, worked out on first use (painter.board_layout)
        self.colours = palette.resolve_power_colours(
            picture.powers(), picture.power_colours, colour_blind=picture.colour_blind
        )

    def colour(self, power: str) -> str:
        return self.colours.get(power) or palette.NEUTRAL_LAND

    def shape(self, loc: str) -> LocationShape:
        return self.geometry.shape(loc)


def make_pen(colour: str | QColor, width: float, *, cap: Qt.PenCapStyle = Qt.PenCapStyle.RoundCap) -> QPen:
    """A solid pen with round joins (most board strokes are short and meet at sharp angles)."""
    pen = QPen(QColor(colour), width)
    pen.setCapStyle(cap)
    pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
    return pen


def translucent(colour: str, alpha: float) -> QColor:
    c = QColor(colour)
    c.setAlphaF(alpha)
    return c
