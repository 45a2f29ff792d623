"""The board's key: which symbols a variant's board uses, each drawn as on the map with a line of text.

:func:`legend_entries` lists only what the board can show (a railway only where the map has one, fighters
only in a variant that has them); :func:`paint_legend_symbol` draws an entry's symbol with the map's own
painters, so the key in the window and in an export always matches the board.
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPainter, QPainterPath

from engine.types import UnitSpec, unit_spec

from . import palette
from .context import RING, make_pen, translucent
from .geometry import BoardGeometry
from .icons import unit_icons
from .labels import UNIT_ICON
from .stacks import paint_decoy_mark, paint_unit_badge

LEGEND_COLOUR = "#8c8c8c"  # units in the key are drawn in a neutral grey: the key is about shapes


@dataclass(frozen=True, slots=True)
class LegendEntry:
    key: str  # what to draw: "unit:A" (icon and words from its UnitSpec), "centre", "owned_centre", "home_centre", "uncounted_centre", ...
    text: str


def legend_entries(geometry: BoardGeometry, unit_codes: Iterable[str], *,
                   uncounted_centre_note: str | None = None, unit_badge_note: str | None = None,
                   mark_notes: Iterable[tuple[str, str]] = (), shaded_note: str | None = None) -> list[LegendEntry]:
    """The key for a board: its unit kinds (``unit_codes``, e.g. a variant's unit letters), then the
    centre markers, the map's own features and the order marks. ``uncounted_centre_note`` adds the marker
    of an owned centre that doesn't count (Colonial: "Hong Kong held by China: not a centre"),
    ``unit_badge_note`` the mark a variant draws on units (EMG's points), ``mark_notes`` the words of the
    order mark styles a variant uses beyond the common ones (EMG's spied and granted areas: ``("spy", ...)``),
    ``shaded_note`` the wash over places a variant shades (World Diplomacy's frozen polar regions)."""
    entries: list[LegendEntry] = []
    for code in unit_codes:
        code = str(code).upper()
        spec = _spec(code)
        entries.append(LegendEntry(f"unit:{code}", spec.legend_text if spec else f"Unit {code}"))
    if unit_badge_note:  # the variant's marks on units (EMG's points)
        entries.append(LegendEntry("unit_badge", unit_badge_note))
    if geometry.supply_centres:
        entries += [LegendEntry("centre", "Supply centre, unowned"),
                    LegendEntry("owned_centre", "Supply centre, owner's colour"),
                    LegendEntry("home_centre", "Home centre (ring: home power)")]
        if uncounted_centre_note:
            entries.append(LegendEntry("uncounted_centre", uncounted_centre_note))
    if shaded_note:
        entries.append(LegendEntry("shaded", shaded_note))
    if geometry.impassable or geometry.ridges:
        entries.append(LegendEntry("impassable", "Impassable"))
    if any(d.kind == "route" for d in geometry.decorations):
        entries.append(LegendEntry("railway", "Railway"))
    if any(d.kind == "canal" for d in geometry.decorations):
        entries.append(LegendEntry("canal", "Canal"))
    if any(d.kind == "crossing" for d in geometry.decorations):
        entries.append(LegendEntry("crossing", "Red arrow: direct crossing"))
    if any(d.kind == "sea-route" for d in geometry.decorations):
        entries.append(LegendEntry("sea-route", "Sea route off the board"))
    entries += [LegendEntry(f"mark:{style}", words) for style, words in mark_notes]
    entries += [LegendEntry("hold", "Hold"), LegendEntry("failed", "Order failed"),
                LegendEntry("dislodged", "Dislodged unit")]
    return entries


def paint_legend_symbol(painter: QPainter, key: str, at: QPointF, u: float) -> None:
    """Draw entry ``key``'s symbol centred on ``at`` for symbols of unit size ``u``."""
    from .painter import CentreStyle, paint_centre_marker  # the painter imports this module's users

    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    icons = unit_icons()
    if key.startswith("unit:"):
        spec = _spec(key[5:])
        if spec is not None and spec.drawn_as:  # a disguised unit: the unit it copies, with the owner's mark
            icons.paint(painter, spec.drawn_as, LEGEND_COLOUR, at, u * UNIT_ICON)
            paint_decoy_mark(painter, at, u * UNIT_ICON)
        else:
            icons.paint(painter, key[5:], LEGEND_COLOUR, at, u * UNIT_ICON)
    elif key == "unit_badge":
        icons.paint(painter, "A", LEGEND_COLOUR, at, u * UNIT_ICON)
        paint_unit_badge(painter, at, u * UNIT_ICON, "2")
    elif key == "centre":
        paint_centre_marker(painter, at, u * 1.3, CentreStyle(None, None))
    elif key == "owned_centre":
        paint_centre_marker(painter, at, u * 1.3, CentreStyle("#c8553d", None))
    elif key == "home_centre":
        paint_centre_marker(painter, at, u * 1.3, CentreStyle("#c8553d", "#c8553d"))
    elif key == "uncounted_centre":
        paint_centre_marker(painter, at, u * 1.3, CentreStyle(None, None, uncounted=True, held_by="#e0b43a"))
    elif key == "shaded":  # the painter's wash, over a sea and a land swatch side by side
        for dx, ground in ((-0.6, palette.SEA), (0.0, palette.NEUTRAL_LAND)):
            box = QRectF(at.x() + dx * u, at.y() - 0.4 * u, 0.6 * u, 0.8 * u)
            painter.fillRect(box, QColor(ground))
            painter.fillRect(box, translucent(palette.SHADED, 0.7))
    elif key == "impassable":
        box = QRectF(at.x() - 0.6 * u, at.y() - 0.4 * u, 1.2 * u, 0.8 * u)
        painter.fillRect(box, QColor(palette.IMPASSABLE))
        hatch = make_pen(palette.IMPASSABLE_HATCH, u * 0.06, cap=Qt.PenCapStyle.FlatCap)
        painter.setPen(hatch)
        step, h = u * 0.3, box.height()
        x = box.left() - h + step
        while x < box.right():  # 45° lines cut to the box by hand (SVG output ignores clip rectangles)
            x0, x1 = max(x, box.left()), min(x + h, box.right())
            painter.drawLine(QPointF(x0, box.bottom() - (x0 - x)), QPointF(x1, box.bottom() - (x1 - x)))
            x += step
    elif key in ("crossing", "sea-route"):
        from .painter import paint_crossing, paint_sea_route

        ends = (QPointF(at.x() - 0.65 * u, at.y()), QPointF(at.x() + 0.65 * u, at.y()))
        (paint_crossing if key == "crossing" else paint_sea_route)(painter, ends, u)
    elif key in ("railway", "canal"):
        line = QPainterPath(QPointF(at.x() - 0.65 * u, at.y()))
        line.lineTo(at.x() + 0.65 * u, at.y())
        if key == "railway":
            painter.strokePath(line, make_pen(palette.RAILWAY_INK, u * 0.17, cap=Qt.PenCapStyle.FlatCap))
            dashes = make_pen("#ffffff", u * 0.17 * 0.45, cap=Qt.PenCapStyle.FlatCap)
            dashes.setDashPattern([3.0 / 0.45, 3.0 / 0.45])
            painter.strokePath(line, dashes)
        else:
            painter.strokePath(line, make_pen(palette.COASTLINE_INK, u * 0.17))
            painter.strokePath(line, make_pen(palette.CANAL_WATER, u * 0.1))
    elif key.startswith("mark:"):
        from .orders import paint_area_outline, paint_eye
        from .picture import ArrowStyle

        style = ArrowStyle(key[5:])
        frame = QPainterPath()
        frame.addRoundedRect(QRectF(at.x() - 0.62 * u, at.y() - 0.42 * u, 1.24 * u, 0.84 * u), 0.18 * u, 0.18 * u)
        paint_area_outline(painter, frame, style, LEGEND_COLOUR, u)
        if style is ArrowStyle.SPY:
            paint_eye(painter, at, 0.36 * u, LEGEND_COLOUR, u)
    elif key == "hold":
        icons.paint(painter, "A", LEGEND_COLOUR, at, u * UNIT_ICON)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.setPen(make_pen(palette.UNIT_INK, u * 0.16))
        painter.drawEllipse(at, RING * u, RING * u)
        painter.setPen(make_pen(LEGEND_COLOUR, u * 0.1))
        painter.drawEllipse(at, RING * u, RING * u)
    elif key == "failed":
        d = u * 0.3
        for colour, width in (("#ffffff", u * 0.16), (palette.FAILURE_MARK, u * 0.09)):
            painter.setPen(make_pen(colour, width))
            painter.drawLine(at + QPointF(-d, -d), at + QPointF(d, d))
            painter.drawLine(at + QPointF(-d, d), at + QPointF(d, -d))
    elif key == "dislodged":
        size = u * 0.8 * UNIT_ICON
        ring = make_pen(palette.FAILURE_MARK, u * 0.09, cap=Qt.PenCapStyle.FlatCap)
        ring.setDashPattern([2.2, 1.2])
        painter.setBrush(QBrush(QColor(255, 255, 255, 180)))
        painter.setPen(ring)
        painter.drawEllipse(at, size * 0.62, size * 0.62)
        icons.paint(painter, "A", LEGEND_COLOUR, at, size)
    painter.restore()


def _spec(code: str) -> UnitSpec | None:
    try:
        return unit_spec(code)
    except KeyError:
        return None


def legend_rows(entries: Sequence[LegendEntry], columns: int) -> int:
    return (len(entries) + columns - 1) // max(1, columns)
