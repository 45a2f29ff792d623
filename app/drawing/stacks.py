"""Several units in one province: where each is drawn, and the mark on a unit that is really a decoy.

Variants stack small units beside a military unit (Hugh's Engineered Diplomacy: engineers ``E``, prisons
``P``, and a decoy ``D`` beside the unit it copies). The military unit keeps the province's anchor at full
size; the others are badges fanned round it, so a stack reads at a glance and each badge can be clicked.
Where no military unit stands, the first small unit takes the anchor, a little smaller than a real unit.
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPainter, QPainterPath, QTransform

from . import palette
from .context import make_pen
from .geometry import normalise_location
from .picture import UnitMark

STACKED_CODES = frozenset({"E", "P"})  # always badges
DECOY_CODE = "D"  # a badge beside another unit; alone, the province's unit
BADGE_SCALE = 0.66  # a badge's icon size, relative to a unit's
LONE_SCALE = 0.8  # a small unit standing alone on the anchor
# Badge centres in unit sizes from the anchor: lower right first, then round the unit.
FAN: tuple[tuple[float, float], ...] = (
    (0.68, 0.4), (0.68, -0.4), (-0.68, 0.4), (-0.68, -0.4), (0.0, 0.78), (0.0, -0.78),
)


@dataclass(frozen=True, slots=True)
class Placement:
    """Where one unit of a picture is drawn."""

    unit: UnitMark
    anchor: str  # the location whose unit anchor the offset counts from (the main unit's, coast included)
    dx: float  # offset in unit sizes
    dy: float
    scale: float  # icon size relative to a unit's
    badge: bool  # drawn as a badge beside (or instead of) the province's main unit


def _province(loc: str) -> str:
    return normalise_location(loc).split("/", 1)[0]


def is_small(unit: UnitMark, group: Sequence[UnitMark], stacked: frozenset[UnitMark] = frozenset()) -> bool:
    """Is ``unit`` a badge in its province's ``group``? E and P always; D, and any unit the position says
    stands stacked beside the occupant (a militia beside the army it defends), when another unit is there."""
    code = unit.type.strip().upper()
    if code in STACKED_CODES:
        return True
    if unit in stacked:
        return any(u != unit for u in group)
    if code == DECOY_CODE:
        return any(u.type.strip().upper() not in STACKED_CODES | {DECOY_CODE} for u in group)
    return False


def unit_placements(units: Iterable[UnitMark], stacked: frozenset[UnitMark] = frozenset()) -> list[Placement]:
    """Every unit's place, in drawing order (main units first, badges over them); ``stacked`` names units
    that stand beside their province's occupant (``BoardPicture.stacked``)."""
    groups: dict[str, list[UnitMark]] = {}
    for item in units:
        u = item if isinstance(item, UnitMark) else UnitMark(str(item[0]), str(item[1]), str(item[2]))
        groups.setdefault(_province(u.loc), []).append(u)
    mains: list[Placement] = []
    badges: list[Placement] = []
    for group in groups.values():
        big = [u for u in group if not is_small(u, group, stacked)]
        small = [u for u in group if is_small(u, group, stacked)]
        fan = FAN
        if big:
            anchor = big[0].loc
            mains.extend(Placement(u, u.loc, 0.0, 0.0, 1.0, False) for u in big)
        else:
            anchor = small[0].loc
            badges.append(Placement(small[0], anchor, 0.0, 0.0, LONE_SCALE, True))
            small = small[1:]
            fan = tuple((x * 0.92, y * 0.92) for x, y in FAN)
        for i, u in enumerate(small):
            dx, dy = fan[i % len(fan)]
            ring = 1.0 + 0.45 * (i // len(fan))  # a seventh badge starts an outer ring
            badges.append(Placement(u, anchor, dx * ring, dy * ring, BADGE_SCALE, True))
    return mains + badges


def badge_backing(painter: QPainter, at: QPointF, size: float) -> None:
    """A light disc under a badge, so it stands out from the unit it overlaps."""
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QBrush(QColor(palette.LABEL_HALO)))
    painter.drawEllipse(at, size * 0.56, size * 0.56)


_tag_letter: QPainterPath | None = None


def _letter_d() -> QPainterPath:
    """A bold "D" centred on the origin, 1 unit tall."""
    global _tag_letter
    if _tag_letter is None:
        font = QFont()
        font.setFamilies(["DejaVu Sans", "Segoe UI", "Helvetica Neue", "Arial", "Liberation Sans"])
        font.setBold(True)
        font.setPixelSize(100)
        path = QPainterPath()
        path.addText(0, 0, font, "D")
        bounds = path.boundingRect()
        path.translate(-bounds.center())
        height = bounds.height() or 1.0
        _tag_letter = QTransform.fromScale(1 / height, 1 / height).map(path)
    return _tag_letter


_tag_texts: dict[str, QPainterPath] = {}


def _tag_text(text: str) -> QPainterPath:
    """``text`` as a path one unit tall, centred on the origin (made once per text)."""
    path = _tag_texts.get(text)
    if path is None:
        font = QFont()
        font.setFamilies(["DejaVu Sans", "Segoe UI", "Helvetica Neue", "Arial", "Liberation Sans"])
        font.setBold(True)
        font.setPixelSize(100)
        path = QPainterPath()
        path.addText(0, 0, font, text)
        bounds = path.boundingRect()
        path.translate(-bounds.center())
        height = bounds.height() or 1.0
        path = _tag_texts[text] = QTransform.fromScale(1 / height, 1 / height).map(path)
    return path


def paint_unit_badge(painter: QPainter, at: QPointF, size: float, text: str) -> None:
    """A short mark on the bottom right of the unit drawn ``size`` wide at ``at`` (EMG: its points, "2" or
    "1"): dark text in a white disc, readable on any power's colour."""
    painter.save()
    radius = size * 0.24
    _paint_tag(painter, at + QPointF(size * 0.46, size * 0.42), radius, size, radius * 1.05, _tag_text(text))
    painter.restore()


def _paint_tag(painter: QPainter, tag: QPointF, radius: float, size: float, glyph_scale: float,
               glyph: QPainterPath) -> None:
    """A white disc of ``radius`` at ``tag`` outlined in ink, with ``glyph`` (a unit-square path) in ink
    scaled by ``glyph_scale``: the tags on units (points, decoys)."""
    painter.setPen(make_pen(palette.UNIT_INK, size * 0.05))
    painter.setBrush(QBrush(QColor("#ffffff")))
    painter.drawEllipse(tag, radius, radius)
    painter.translate(tag)
    painter.scale(glyph_scale, glyph_scale)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QBrush(QColor(palette.UNIT_INK)))
    painter.drawPath(glyph)


def paint_decoy_mark(painter: QPainter, at: QPointF, size: float) -> None:
    """Mark the unit drawn ``size`` wide at ``at`` as a decoy: a dashed ring and a "D" tag at its top left.

    Shape, not colour: the ring is dashed and the tag carries a letter, so it reads for colour-blind users.
    """
    painter.save()
    radius = size * 0.6
    dash_width = size * 0.09
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.setPen(make_pen("#ffffff", dash_width * 1.9))
    painter.drawEllipse(at, radius, radius)
    ring = make_pen(palette.UNIT_INK, dash_width, cap=Qt.PenCapStyle.FlatCap)
    ring.setDashPattern([2.0, 1.4])
    painter.setPen(ring)
    painter.drawEllipse(at, radius, radius)
    tag_radius = size * 0.22
    _paint_tag(painter, at + QPointF(-size * 0.44, -size * 0.44), tag_radius, size, tag_radius * 1.15, _letter_d())
    painter.restore()
