"""An exported page: the board under a caption (variant, phase, centre counts), optionally over its key.

Everything is in map units: the caption band sits above the map, the legend band below it, both as wide as
the map. Caption and key text is drawn as text (not outlines), so SVG and PDF readers can find and copy it.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QFontMetricsF, QPainter

from . import palette
from .context import EXPORT_MARK_SCALE, make_pen
from .geometry import BoardGeometry
from .legend import LegendEntry, legend_rows, paint_legend_symbol
from .painter import ALL_LAYERS, Layer, paint_board
from .picture import BoardPicture

CAPTION_BACKGROUND = "#2b2620"
CAPTION_INK = "#f4ecd8"
LEGEND_BACKGROUND = "#fbf7ec"
_FAMILIES = ["DejaVu Sans", "Segoe UI", "Helvetica Neue", "Arial", "Liberation Sans"]


@dataclass(frozen=True, slots=True)
class Caption:
    """What an exported board says about itself."""

    title: str  # the variant's name
    phase: str  # the phase drawn, e.g. "Spring 1901 Movement"
    counts: tuple[tuple[str, str, int], ...] = ()  # (power name, colour, supply centres)
    leader: str | None = None  # who is first, where the variant's victory turns on it (``Variant.leader_line``)

    def text(self) -> str:
        counts = ", ".join(f"{name} {n}" for name, _colour, n in self.counts)
        return " — ".join(_headings(self)) + (f" — centres: {counts}" if counts else "")


def _font(px: float, bold: bool = False) -> QFont:
    font = QFont()
    font.setFamilies(_FAMILIES)
    font.setStyleHint(QFont.StyleHint.SansSerif)
    font.setBold(bold)
    font.setPixelSize(max(1, round(px)))
    return font


@dataclass(frozen=True, slots=True)
class SheetLayout:
    width: float
    height: float
    caption: QRectF | None
    board: QRectF
    legend: QRectF | None
    legend_columns: int
    legend_unit: float = 0.0  # the key's symbol size (its text is drawn at 0.62 of it)


def _caption_row(geometry: BoardGeometry) -> float:
    return max(geometry.width, geometry.height) * 0.05


def _headings(caption: Caption) -> list[str]:
    """The heading (variant — phase) and, on a line of its own, who is first where the variant says."""
    return [f"{caption.title} — {caption.phase}"] + ([caption.leader] if caption.leader else [])


def _count_widths(caption: Caption, size: float) -> list[float]:
    metrics, bold = QFontMetricsF(_font(size)), QFontMetricsF(_font(size, bold=True))
    return [size * 1.1 + metrics.horizontalAdvance(f"{name} ") + bold.horizontalAdvance(str(n)) + size
            for name, _c, n in caption.counts]


def _count_lines(widths: Sequence[float], room: float) -> list[list[int]]:
    """The counts' indices by line, each line as full as ``room`` allows (one count at least)."""
    lines: list[list[int]] = [[]]
    used = 0.0
    for i, width in enumerate(widths):
        if lines[-1] and used + width > room:
            lines.append([])
            used = 0.0
        lines[-1].append(i)
        used += width
    return lines


@dataclass(frozen=True, slots=True)
class _CaptionPlan:
    """Where a caption's parts go: the heading lines, and the counts beside the heading (one short line
    that fits) or on lines of their own below it (many powers: World Diplomacy's 31 wrap)."""

    row: float  # the height of a heading line
    heading_size: float
    count_size: float
    lines: list[list[int]]  # the counts' indices per line
    beside: bool  # the counts share the heading's first line
    height: float


def _plan(width: float, row: float, caption: Caption) -> _CaptionPlan:
    pad = row * 0.3
    room = width - 2 * pad
    heading_size = row * 0.42
    widest = max(QFontMetricsF(_font(heading_size, bold=True)).horizontalAdvance(h) for h in _headings(caption))
    if widest > room:  # a long heading shrinks to the sheet's width rather than run off it
        heading_size *= room / widest
    heading_lines = len(_headings(caption))
    count_size = row * 0.3
    widths = _count_widths(caption, count_size)
    first = QFontMetricsF(_font(heading_size, bold=True)).horizontalAdvance(_headings(caption)[0])
    if heading_lines == 1 and pad + first + pad + sum(widths) + pad <= width:
        return _CaptionPlan(row, heading_size, count_size, [list(range(len(widths)))], True, row)
    lines = _count_lines(widths, room)
    height = row * heading_lines + len(lines) * count_size * 1.8 + pad * 0.5
    return _CaptionPlan(row, heading_size, count_size, lines, False, height)


def caption_height(geometry: BoardGeometry, caption: Caption) -> float:
    """The caption band's height: one row when heading and counts fit side by side, else the heading's
    lines and the counts wrapped below."""
    return _plan(geometry.width, _caption_row(geometry), caption).height


def legend_unit(geometry: BoardGeometry) -> float:
    """The key's symbol size: the board's own, but never below a share of the sheet's width, so that the key of
    a whole-world board (five times as wide as its symbols are large) reads at the width the sheet is exported."""
    return max(geometry.unit_size * EXPORT_MARK_SCALE, geometry.width * 0.011)


_LEGEND_TEXT = 0.62  # the key's text size, in symbol sizes
_LEGEND_ROOM = 2.2  # what a column gives its symbol and margins besides the text, in symbol sizes


def _legend_fit(width: float, entries: Sequence[LegendEntry], u: float) -> tuple[float, int]:
    """The key's symbol size and columns: four columns when the longest words fit them, else fewer (down to
    two), else two with everything made smaller until the words fit; never a text cut off at a column's edge."""
    reference = 100.0
    metrics = QFontMetricsF(_font(reference * _LEGEND_TEXT))
    per_unit = max(metrics.horizontalAdvance(e.text) for e in entries) / reference * 1.04  # text width per symbol size
    for columns in (4, 3, 2):
        if width / columns >= u * (_LEGEND_ROOM + per_unit):
            return u, columns
    return width / (2 * (_LEGEND_ROOM + per_unit)), 2


def sheet_layout(geometry: BoardGeometry, caption: Caption | None, legend: Sequence[LegendEntry] | None) -> SheetLayout:
    w = geometry.width
    top = caption_height(geometry, caption) if caption is not None else 0.0
    board = QRectF(0.0, top, w, geometry.height)
    legend_rect = None
    columns, u = 4, 0.0
    if legend:
        u, columns = _legend_fit(w, legend, legend_unit(geometry))
        row = u * 1.5
        height = row * legend_rows(legend, columns) + row * 0.6
        legend_rect = QRectF(0.0, top + geometry.height, w, height)
    total = top + geometry.height + (legend_rect.height() if legend_rect is not None else 0.0)
    return SheetLayout(w, total, QRectF(0.0, 0.0, w, top) if caption is not None else None, board, legend_rect, columns,
                       u)


def paint_caption(painter: QPainter, rect: QRectF, caption: Caption, row: float) -> None:
    """The heading (variant — phase, then who is first) on the left; the centre counts right-aligned
    beside it, or wrapped on lines below it when they don't fit (long names, many powers)."""
    plan = _plan(rect.width(), row, caption)
    painter.save()
    painter.fillRect(rect, QColor(CAPTION_BACKGROUND))
    pad = row * 0.3
    painter.setPen(QColor(CAPTION_INK))
    for i, (text, size) in enumerate(zip(_headings(caption), (plan.heading_size, plan.heading_size * 0.8))):
        painter.setFont(_font(size, bold=i == 0))
        painter.drawText(QRectF(rect.left() + pad, rect.top() + i * row, rect.width() - 2 * pad, row),
                         int(Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft), text)
    size = plan.count_size
    widths = _count_widths(caption, size)
    font, bold = _font(size), _font(size, bold=True)
    metrics = QFontMetricsF(font)
    for n_line, line in enumerate(plan.lines):
        if plan.beside:
            x, cy = rect.right() - pad - sum(widths[i] for i in line), rect.top() + row / 2
        else:
            x = rect.left() + pad
            cy = rect.top() + row * len(_headings(caption)) + size * (0.9 + 1.8 * n_line)
        for i in line:
            name, colour, n = caption.counts[i]
            painter.setPen(make_pen(CAPTION_INK, size * 0.08))
            painter.setBrush(QBrush(QColor(colour)))
            painter.drawRect(QRectF(x, cy - size * 0.4, size * 0.8, size * 0.8))
            painter.setPen(QColor(CAPTION_INK))
            painter.setFont(font)
            tx = x + size * 1.1
            painter.drawText(QPointF(tx, cy + size * 0.36), f"{name} ")
            painter.setFont(bold)
            painter.drawText(QPointF(tx + metrics.horizontalAdvance(f"{name} "), cy + size * 0.36), str(n))
            x += widths[i]
    painter.restore()


def paint_legend(painter: QPainter, rect: QRectF, entries: Sequence[LegendEntry], columns: int, u: float) -> None:
    painter.save()
    painter.fillRect(rect, QColor(LEGEND_BACKGROUND))
    painter.setPen(make_pen(palette.BORDER_INK, u * 0.04))
    painter.drawLine(rect.topLeft(), rect.topRight())
    row = u * 1.5
    col_w = rect.width() / columns
    font = _font(u * _LEGEND_TEXT)
    rows = legend_rows(entries, columns)
    for i, entry in enumerate(entries):
        c, r = divmod(i, rows)  # fill down each column, so the key reads top to bottom
        x = rect.left() + c * col_w + u * 1.0
        y = rect.top() + row * 0.3 + r * row + row / 2
        paint_legend_symbol(painter, entry.key, QPointF(x, y), u)
        painter.setFont(font)
        painter.setPen(QColor(palette.LABEL_INK))
        painter.drawText(QRectF(x + u * 0.95, y - row / 2, col_w - u * _LEGEND_ROOM, row),
                         int(Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft), entry.text)
    painter.restore()


def paint_sheet(painter: QPainter, geometry: BoardGeometry, picture: BoardPicture, *,
                caption: Caption | None = None, legend: Sequence[LegendEntry] | None = None,
                layers: Sequence[Layer] | None = None, mark_scale: float = EXPORT_MARK_SCALE) -> SheetLayout:
    """Paint the page in map units (the caller scales the painter to the device)."""
    layout = sheet_layout(geometry, caption, legend)
    painter.save()
    painter.translate(0.0, layout.board.top())
    paint_board(painter, geometry, picture, layers=layers or ALL_LAYERS, mark_scale=mark_scale)
    painter.restore()
    # The bands go over the board: an arrow over a wrapping map's top edge (Age of Discovery) runs off the
    # board, and its copy comes in at the bottom; the stretch off the board is covered, not drawn on the caption.
    if caption is not None and layout.caption is not None:
        paint_caption(painter, layout.caption, caption, _caption_row(geometry))
    if legend and layout.legend is not None:
        paint_legend(painter, layout.legend, legend, layout.legend_columns, layout.legend_unit)
    return layout
