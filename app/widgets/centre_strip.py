"""A compact strip of supply-centre counts, one chip per power, for beside or above the map.

Counts follow the variant's rules (``Variant.center_count``: Hong Kong held by China counts for nobody);
each chip shows the power's colour, its name and its count, and a bar as long as its share of the
centres needed to win. Any page can host it: :meth:`CentreStrip.show_counts` takes plain values, and
:meth:`CentreStrip.show_game` reads them from a game.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

from app.scene.pictures import CentreCount, centre_counts
from engine.game import Game

__all__ = ["CentreCount", "CentreStrip", "centre_counts"]

BACKGROUND = "#2b2620"
INK = "#f4ecd8"


class CentreStrip(QWidget):
    """One row of chips: ■ Name n, with a thin bar showing progress towards the victory target."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("centreStrip")
        self.counts: tuple[CentreCount, ...] = ()
        self.target: int | None = None
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
        font = QFont(self.font())
        font.setPointSizeF(max(font.pointSizeF(), 10.0))
        self.setFont(font)
        self.setToolTip("Supply centres held by each power")

    def show_counts(self, counts: Sequence[CentreCount], target: int | None = None) -> None:
        counts, target = tuple(counts), target
        if (counts, target) != (self.counts, self.target):
            self.counts, self.target = counts, target
            self.setToolTip(self.text())
            self.update()

    @classmethod
    def following(cls, page: Any) -> CentreStrip:
        """A strip that keeps showing ``page.game``'s counts in ``page.colours``: it updates whenever the
        page redraws (its ``title_changed`` signal), so a host page needs no other wiring."""
        strip = cls()
        strip.show_game(page.game, page.colours)
        page.title_changed.connect(lambda _title: strip.show_game(page.game, page.colours))
        return strip

    def show_game(self, game: Game, colours: Mapping[str, str]) -> None:
        """The counts of ``game``'s current position."""
        self.show_counts(centre_counts(game.variant, game.state, colours), game.variant.victory_centers)

    def text(self) -> str:
        """The strip as plain text (tooltip and accessibility): "Austria 3, England 3, ..."."""
        return ", ".join(f"{c.name} {c.centres}" for c in self.counts)

    def count_of(self, power: str) -> int | None:
        return next((c.centres for c in self.counts if c.power == power), None)

    def sizeHint(self) -> QSize:
        return QSize(400, round(QFontMetricsF(self.font()).height() * 1.9))

    def minimumSizeHint(self) -> QSize:
        return QSize(100, self.sizeHint().height())

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.fillRect(self.rect(), QColor(BACKGROUND))
        if not self.counts:
            painter.end()
            return
        width = self.width() / len(self.counts)
        height = self.height()
        metrics = QFontMetricsF(self.font())
        bold = QFont(self.font())
        bold.setBold(True)
        bold_metrics = QFontMetricsF(bold)
        swatch = metrics.height() * 0.75
        for i, count in enumerate(self.counts):
            cell = QRectF(i * width, 0, width, height)
            x = cell.left() + 6
            cy = cell.center().y() - 1
            painter.setPen(QPen(QColor(INK), 1))
            painter.setBrush(QColor(count.colour))
            painter.drawRect(QRectF(x, cy - swatch / 2, swatch, swatch))
            number = str(count.centres)
            room = cell.right() - 6 - (x + swatch + 5) - bold_metrics.horizontalAdvance(number) - 4
            name = metrics.elidedText(count.name, Qt.TextElideMode.ElideRight, max(0.0, room))
            painter.setPen(QColor(INK))
            painter.setFont(self.font())
            text_box = QRectF(x + swatch + 5, cell.top(), room, height - 3)
            painter.drawText(text_box, int(Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft), name)
            painter.setFont(bold)
            after_name = text_box.left() + metrics.horizontalAdvance(name) + 6
            painter.drawText(QRectF(after_name, cell.top(), cell.right() - after_name, height - 3),
                             int(Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft), number)
            if self.target:
                share = min(1.0, count.centres / self.target)
                painter.fillRect(QRectF(cell.left() + 2, height - 3, (cell.width() - 4) * share, 2),
                                 QColor(count.colour))
        painter.end()
