"""A compact strip of supply-centre counts, one chip per power, for beside or above the map.

Counts follow the variant's rules (``Variant.center_count``: Hong Kong held by China counts for nobody);
each chip shows the power's colour, its name and its count, and a bar as long as its way towards what wins
(``Variant.victory_progress``: its centres of the target; World Diplomacy's continents conquered; none where
that is secret, EMG's victory points), the tooltip the variant's victory rule. Any page can host it:
:meth:`CentreStrip.show_counts` takes plain values, and :meth:`CentreStrip.show_game` reads them from a game.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPaintEvent, QPen, QResizeEvent
from PySide6.QtWidgets import QSizePolicy, QWidget

from app.scene.pictures import CentreCount, centre_counts
from engine.game import Game
from engine.state import GameState
from engine.variants.base import VictoryProgress

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
        self.progress: dict[str, VictoryProgress] = {}  # each power's bar; none: no bars
        self.rule = ""  # how the game is won, for the tooltip
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
        font = QFont(self.font())
        font.setPointSizeF(max(font.pointSizeF(), 10.0))
        self.setFont(font)
        self.setToolTip("Supply centres held by each power")

    def show_counts(self, counts: Sequence[CentreCount], target: int | None = None,
                    progress: Mapping[str, VictoryProgress] | None = None, rule: str = "") -> None:
        """``counts``, with bars of ``progress`` (each power's way towards winning), or without it of the
        centres out of ``target``; ``rule`` says how the game is won."""
        counts = tuple(counts)
        if progress is None:
            progress = {c.power: VictoryProgress(c.power, c.centres, target) for c in counts} if target else {}
        progress = dict(progress)
        if (counts, target, progress, rule) != (self.counts, self.target, self.progress, self.rule):
            self.counts, self.target, self.progress, self.rule = counts, target, progress, rule
            self.setToolTip(self.tooltip())
            self.updateGeometry()  # more or wider counts may need another row
            self.update()

    @classmethod
    def following(cls, page: Any) -> CentreStrip:
        """A strip that keeps showing ``page.game``'s counts in ``page.colours``: it updates whenever the
        page redraws (its ``title_changed`` signal), so a host page needs no other wiring."""
        strip = cls()
        strip.show_game(page.game, page.colours)
        # The counts of the position on the board: a phase reviewed in the History tab shows its own.
        shown = getattr(page, "shown_state", lambda: None)
        page.title_changed.connect(lambda _title: strip.show_game(page.game, page.colours, shown()))
        return strip

    def show_game(self, game: Game, colours: Mapping[str, str], state: GameState | None = None) -> None:
        """The counts of ``game``'s current position (or of ``state``, one of its past positions), with each
        power's progress towards what wins there."""
        variant = game.variant
        state = game.state if state is None else state
        progress = variant.victory_progress(state) or {}
        targets = {p.target for p in progress.values()}
        self.show_counts(centre_counts(variant, state, colours), targets.pop() if len(targets) == 1 else None,
                         progress, variant.victory_rule().text)

    def text(self) -> str:
        """The counts as plain text (accessibility): "Austria 3, England 3, ..."."""
        return ", ".join(f"{c.name} {c.centres}" for c in self.counts)

    def progress_lines(self) -> list[str]:
        """Each power's progress in words where the counts don't say it (World: "Spain: 1 of 7 continents
        conquered (Europe)"), or one line saying nobody has any yet."""
        kinds = {p.unit for p in self.progress.values()}
        if not self.progress or kinds == {"centres"}:
            return []
        names = {c.power: c.name for c in self.counts}
        lines = [f"{names.get(p.power, p.power)}: {p.reached} of {p.target} {p.unit}"
                 + (f" ({p.note})" if p.note else "") for p in self.progress.values() if p.reached or p.note]
        return lines or [f"{'/'.join(sorted(kinds)).capitalize()}: none yet"]

    def tooltip(self) -> str:
        """The strip's tooltip: supply centres held, how the game is won and each power's way there."""
        lines = [f"Supply centres held: {self.text()}"] if self.counts else []
        return "\n".join([*lines, *([self.rule] if self.rule else []), *self.progress_lines()])

    def share_of(self, power: str) -> float | None:
        """How much of ``power``'s bar is drawn (0 to 1), or ``None``: no bar."""
        progress = self.progress.get(power)
        if progress is None or progress.target <= 0:
            return None
        return min(1.0, progress.reached / progress.target)

    def count_of(self, power: str) -> int | None:
        return next((c.centres for c in self.counts if c.power == power), None)

    def _row_height(self) -> float:
        return QFontMetricsF(self.font()).height() * 1.9

    def _min_chip_width(self) -> float:
        """The narrowest chip that still shows its swatch and its whole count (the name is elided or left out)."""
        metrics = QFontMetricsF(self.font())
        bold = QFont(self.font())
        bold.setBold(True)
        widest = max((QFontMetricsF(bold).horizontalAdvance(str(c.centres)) for c in self.counts), default=0.0)
        return 6 + metrics.height() * 0.75 + 5 + widest + 8

    def rows(self, width: float | None = None) -> int:
        """How many rows the chips take at ``width``: one unless so many powers (the World's 31) would
        crush their counts, then as many as keep every count whole."""
        width = self.width() if width is None else width
        if not self.counts or width <= 0:
            return 1
        per_row = max(1, int(width // self._min_chip_width()))
        return -(-len(self.counts) // per_row)

    def chips(self) -> list[tuple[CentreCount, QRectF, QRectF, str, QRectF, QRectF]]:
        """Where each chip is drawn: (count, cell, swatch, name as shown, name box, count box)."""
        if not self.counts:
            return []
        rows = self.rows()
        per_row = -(-len(self.counts) // rows)
        width = self.width() / per_row
        height = self._row_height()
        metrics = QFontMetricsF(self.font())
        bold = QFont(self.font())
        bold.setBold(True)
        bold_metrics = QFontMetricsF(bold)
        swatch = metrics.height() * 0.75
        shortest_name = metrics.horizontalAdvance("Abc…")
        out = []
        for i, count in enumerate(self.counts):
            cell = QRectF((i % per_row) * width, (i // per_row) * height, width, height)
            x = cell.left() + 6
            cy = cell.center().y() - 1
            box = QRectF(x, cy - swatch / 2, swatch, swatch)
            number = str(count.centres)
            room = cell.right() - 6 - (x + swatch + 5) - bold_metrics.horizontalAdvance(number) - 4
            # A name cut to a letter or two says nothing (the tooltip names every power): leave it out.
            name = metrics.elidedText(count.name, Qt.TextElideMode.ElideRight, room) if room >= shortest_name else ""
            name_box = QRectF(x + swatch + 5, cell.top(), max(0.0, room), height - 3)
            after_name = name_box.left() + (metrics.horizontalAdvance(name) + 6 if name else 0)
            number_box = QRectF(after_name, cell.top(), bold_metrics.horizontalAdvance(number), height - 3)
            out.append((count, cell, box, name, name_box, number_box))
        return out

    def sizeHint(self) -> QSize:
        return QSize(400, round(self._row_height() * self.rows()))

    def minimumSizeHint(self) -> QSize:
        return QSize(100, self.sizeHint().height())

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if self.rows(event.size().width()) != self.rows(event.oldSize().width()):
            self.updateGeometry()  # the layout asks the height again

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.fillRect(self.rect(), QColor(BACKGROUND))
        bold = QFont(self.font())
        bold.setBold(True)
        align = int(Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft)
        for count, cell, swatch, name, name_box, number_box in self.chips():
            painter.setPen(QPen(QColor(INK), 1))
            painter.setBrush(QColor(count.colour))
            painter.drawRect(swatch)
            painter.setPen(QColor(INK))
            if name:
                painter.setFont(self.font())
                painter.drawText(name_box, align, name)
            painter.setFont(bold)
            painter.drawText(number_box.adjusted(0, 0, 4, 0), align, str(count.centres))
            share = self.share_of(count.power)
            if share is not None:  # a faint track the whole way, so an empty bar reads as none of the way yet
                track = QColor(INK)
                track.setAlpha(50)
                painter.fillRect(QRectF(cell.left() + 2, cell.bottom() - 3, cell.width() - 4, 2), track)
                painter.fillRect(QRectF(cell.left() + 2, cell.bottom() - 3, (cell.width() - 4) * share, 2),
                                 QColor(count.colour))
        painter.end()
