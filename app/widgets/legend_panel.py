"""The board's key in the window: a dock listing the symbols the open game's board uses (View ▸ Legend).

Symbols are painted by the drawing layer's :func:`~app.drawing.legend.paint_legend_symbol`, so the key
matches the map and the exported key exactly; entries come from :func:`app.scene.pictures.variant_legend`
(only what the variant has).
"""
from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFontMetricsF, QPainter, QPaintEvent
from PySide6.QtWidgets import QDockWidget, QScrollArea, QWidget

from app.drawing import palette
from app.drawing.legend import LegendEntry, paint_legend_symbol

SYMBOL_PX = 22.0  # a unit symbol's size in the key


class LegendPanel(QWidget):
    """The key as a column of rows: symbol, then what it means."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("legendPanel")
        self.entries: tuple[LegendEntry, ...] = ()

    def set_entries(self, entries: Sequence[LegendEntry]) -> None:
        self.entries = tuple(entries)
        self.updateGeometry()
        self.update()

    def texts(self) -> list[str]:
        return [e.text for e in self.entries]

    def row_height(self) -> float:
        return max(SYMBOL_PX * 1.45, QFontMetricsF(self.font()).height() * 1.6)

    def sizeHint(self) -> QSize:
        metrics = QFontMetricsF(self.font())
        width = max((metrics.horizontalAdvance(e.text) for e in self.entries), default=120.0)
        return QSize(round(width + SYMBOL_PX * 2.6 + 12), round(self.row_height() * len(self.entries) + 8))

    def minimumSizeHint(self) -> QSize:
        return self.sizeHint()

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.fillRect(self.rect(), QColor("#fbf7ec"))
        row = self.row_height()
        for i, entry in enumerate(self.entries):
            y = 4 + i * row + row / 2
            paint_legend_symbol(painter, entry.key, QPointF(SYMBOL_PX * 1.1, y), SYMBOL_PX)
            painter.setPen(QColor(palette.LABEL_INK))
            painter.drawText(QRectF(SYMBOL_PX * 2.3, y - row / 2, self.width() - SYMBOL_PX * 2.3, row),
                             int(Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft), entry.text)
        painter.end()


class LegendDock(QDockWidget):
    """A dock holding the key; the main window shows it for the open game."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("Legend", parent)
        self.setObjectName("legendDock")
        self.panel = LegendPanel()
        scroll = QScrollArea()
        scroll.setWidget(self.panel)
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QScrollArea.Shape.NoFrame)
        self.setWidget(scroll)

    def show_for(self, page: object | None) -> None:
        """Show the key of ``page``'s game (a :class:`~app.widgets.game_page.GamePage`), or nothing."""
        from app.scene.pictures import variant_legend

        if page is None:
            self.panel.set_entries(())
            return
        game, geometry = getattr(page, "game"), getattr(page, "map_geometry")
        self.panel.set_entries(variant_legend(game.variant, geometry))
