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
        return _heading(self) + (f" — centres: {counts}" if counts else "")


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


def _caption_row(geometry: BoardGeometry) -> float:
    return max(geometry.width, geometry.height) * 0.05


def _heading(caption: Caption) -> str:
    return f"{caption.title} — {caption.phase}" + (f" — {caption.leader}" if caption.leader else "")


def _count_widths(caption: Caption, size: float) -> list[float]:
    metrics, bold = QFontMetricsF(_font(size)), QFontMetricsF(_font(size, bold=True))
    return [size * 1.1 + metrics.horizontalAdvance(f"{name} ") + bold.horizontalAdvance(str(n)) + size
            for name, _c, n in caption.counts]


def caption_rows(geometry: BoardGeometry, caption: Caption) -> int:
    """1 when the heading and the centre counts fit side by side, else 2 (counts under the heading)."""
    row = _caption_row(geometry)
    pad = row * 0.3
    heading = QFontMetricsF(_font(row * 0.42, bold=True)).horizontalAdvance(_heading(caption))
    return 1 if pad + heading + pad + sum(_count_widths(caption, row * 0.3)) + pad <= geometry.width else 2


def sheet_layout(geometry: BoardGeometry, caption: Caption | None, legend: Sequence[LegendEntry] | None) -> SheetLayout:
    w = geometry.width
    top = _caption_row(geometry) * caption_rows(geometry, caption) if caption is not None else 0.0
    board = QRectF(0.0, top, w, geometry.height)
    legend_rect = None
    columns = 4
    if legend:
        u = geometry.unit_size * EXPORT_MARK_SCALE
        row = u * 1.5
        height = row * legend_rows(legend, columns) + row * 0.6
        legend_rect = QRectF(0.0, top + geometry.height, w, height)
    total = top + geometry.height + (legend_rect.height() if legend_rect is not None else 0.0)
    return SheetLayout(w, total, QRectF(0.0, 0.0, w, top) if caption is not None else None, board, legend_rect, columns)


def paint_caption(painter: QPainter, rect: QRectF, caption: Caption, row: float) -> None:
    """The heading (variant — phase) on the left; the centre counts right-aligned beside it, or on a second
    row when they don't fit (long variant names)."""
    painter.save()
    painter.fillRect(rect, QColor(CAPTION_BACKGROUND))
    pad = row * 0.3
    two_rows = rect.height() > row * 1.5
    painter.setFont(_font(row * 0.42, bold=True))
    painter.setPen(QColor(CAPTION_INK))
    painter.drawText(QRectF(rect.left() + pad, rect.top(), rect.width() - 2 * pad, row),
                     int(Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft), _heading(caption))
    size = row * 0.3
    widths = _count_widths(caption, size)
    room = rect.width() - 2 * pad
    while sum(widths) > room and size > row * 0.12:
        size *= 0.92
        widths = _count_widths(caption, size)
    if two_rows:
        x, cy = rect.left() + pad, rect.top() + row * 1.45
    else:
        x, cy = rect.right() - pad - sum(widths), rect.top() + row / 2
    font, bold = _font(size), _font(size, bold=True)
    metrics = QFontMetricsF(font)
    for (name, colour, n), width in zip(caption.counts, widths):
        painter.setPen(make_pen(CAPTION_INK, size * 0.08))
        painter.setBrush(QBrush(QColor(colour)))
        painter.drawRect(QRectF(x, cy - size * 0.4, size * 0.8, size * 0.8))
        painter.setPen(QColor(CAPTION_INK))
        painter.setFont(font)
        tx = x + size * 1.1
        painter.drawText(QPointF(tx, cy + size * 0.36), f"{name} ")
        painter.setFont(bold)
        painter.drawText(QPointF(tx + metrics.horizontalAdvance(f"{name} "), cy + size * 0.36), str(n))
        x += width
    painter.restore()


def paint_legend(painter: QPainter, rect: QRectF, entries: Sequence[LegendEntry], columns: int, u: float) -> None:
    painter.save()
    painter.fillRect(rect, QColor(LEGEND_BACKGROUND))
    painter.setPen(make_pen(palette.BORDER_INK, u * 0.04))
    painter.drawLine(rect.topLeft(), rect.topRight())
    row = u * 1.5
    col_w = rect.width() / columns
    font = _font(u * 0.62)
    rows = legend_rows(entries, columns)
    for i, entry in enumerate(entries):
        c, r = divmod(i, rows)  # fill down each column, so the key reads top to bottom
        x = rect.left() + c * col_w + u * 1.0
        y = rect.top() + row * 0.3 + r * row + row / 2
        paint_legend_symbol(painter, entry.key, QPointF(x, y), u)
        painter.setFont(font)
        painter.setPen(QColor(palette.LABEL_INK))
        painter.drawText(QRectF(x + u * 0.95, y - row / 2, col_w - u * 2.2, row),
                         int(Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft), entry.text)
    painter.restore()


def paint_sheet(painter: QPainter, geometry: BoardGeometry, picture: BoardPicture, *,
                caption: Caption | None = None, legend: Sequence[LegendEntry] | None = None,
                layers: Sequence[Layer] | None = None, mark_scale: float = EXPORT_MARK_SCALE) -> SheetLayout:
    """Paint the page in map units (the caller scales the painter to the device)."""
    layout = sheet_layout(geometry, caption, legend)
    if caption is not None and layout.caption is not None:
        paint_caption(painter, layout.caption, caption, _caption_row(geometry))
    painter.save()
    painter.translate(0.0, layout.board.top())
    paint_board(painter, geometry, picture, layers=layers or ALL_LAYERS, mark_scale=mark_scale)
    painter.restore()
    if legend and layout.legend is not None:
        paint_legend(painter, layout.legend, legend, layout.legend_columns, geometry.unit_size * EXPORT_MARK_SCALE)
    return layout
