"""The flyout next to a selected unit: buttons for the order kinds it can take (same as the keys)."""
from __future__ import annotations

import math
from bisect import bisect_left, bisect_right
from collections.abc import Sequence

from PySide6.QtCore import QPoint, QRect, QSize, Signal
from PySide6.QtWidgets import QFrame, QHBoxLayout, QToolButton, QWidget

from engine.entry import STANDARD_ENTRIES


class KindFlyout(QFrame):
    kind_chosen = Signal(str)

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.setObjectName("kindFlyout")
        self.setStyleSheet(
            "QFrame#kindFlyout { background: rgba(255, 250, 240, 240); border: 1px solid #5b5043; border-radius: 6px; }"
            " QToolButton { padding: 3px 6px; }"
        )
        self._layout = QHBoxLayout(self)
        self._layout.setContentsMargins(4, 3, 4, 3)
        self._layout.setSpacing(2)
        self.buttons: dict[str, QToolButton] = {}  # the standard kinds', then a variant's as they are first shown
        for entry in STANDARD_ENTRIES:
            if entry.key not in self.buttons:
                self.set_kind(entry.key, entry.label)
        self.hide()

    def set_kind(self, key: str, label: str) -> None:
        """The button of the kind picked by ``key``, worded ``label`` (made on first use)."""
        button = self.buttons.get(key)
        if button is None:
            button = QToolButton(self)
            button.clicked.connect(lambda _=False, k=key: self.kind_chosen.emit(k))
            self._layout.addWidget(button)
            self.buttons[key] = button
        button.setText(f"{label} ({key})")
        button.setToolTip(f"{label}: key {key}")

    def show_kinds(self, kinds: list[str], at: QPoint, keep_clear: Sequence[QRect] = (),
                   avoid: Sequence[QPoint] = (), avoid_radius: int = 0) -> None:
        """Show the buttons for ``kinds`` near ``at`` (the selected unit), where they cover none of
        ``keep_clear`` (the lit targets, where the next click goes) if any such place is near, and as few
        ``avoid`` points (other units) as possible."""
        if not kinds:
            self.hide()
            return
        for key, button in self.buttons.items():
            button.setVisible(key in kinds)
        self.adjustSize()
        self.move(best_place(self.size(), at, self._bounds(), keep_clear, avoid, avoid_radius))
        self.show()
        self.raise_()

    def _bounds(self) -> QRect:
        parent = self.parentWidget()
        return parent.rect() if parent is not None else QRect(0, 0, 10_000, 10_000)


GAP = 18  # pixels between the selected unit and the nearest edge of the flyout
DIRECTIONS = 16


def best_place(size: QSize, at: QPoint, bounds: QRect, keep_clear: Sequence[QRect],
               avoid: Sequence[QPoint], avoid_radius: int = 0) -> QPoint:
    """The top-left corner for a box of ``size`` near ``at``: inside ``bounds``, clear of ``at`` itself and of
    every ``keep_clear`` rectangle when possible, then within ``avoid_radius`` of the fewest ``avoid``
    points (units), then nearest."""
    w, h = size.width(), size.height()
    own = QRect(at.x() - GAP, at.y() - GAP, 2 * GAP, 2 * GAP)
    # Up to 96 boxes are tried against every unit on the board (132 on the World): as plain integers, with the
    # units sorted across, each box looks only at the units in its own columns.
    clear = [_edges(r) for r in (*keep_clear, own) if _proper(r)]
    odd = [r for r in (*keep_clear, own) if not _proper(r)]  # Qt's own reading of a degenerate rectangle
    points = sorted((p.x(), p.y()) for p in avoid)
    xs = [x for x, _y in points]
    # Whether a box, the area round it and the bounds are proper is the same for every candidate.
    box_proper = w > 0 and h > 0
    near_proper = w + 2 * avoid_radius > 0 and h + 2 * avoid_radius > 0
    bounds_proper = _proper(bounds)
    b_left, b_top, b_right, b_bottom = _edges(bounds)
    ax, ay = at.x(), at.y()
    best: tuple[tuple[int, int, int, float], QPoint] | None = None
    for ring in range(6):
        reach = GAP + ring * max(h, 24)
        for step in range(DIRECTIONS):
            angle = 2 * math.pi * step / DIRECTIONS
            dx, dy = math.cos(angle), math.sin(angle)
            # The box's centre sits where its nearest edge is ``reach`` away from ``at`` in this direction.
            scale = min((w / 2 + reach) / abs(dx) if abs(dx) > 1e-9 else math.inf,
                        (h / 2 + reach) / abs(dy) if abs(dy) > 1e-9 else math.inf)
            cx, cy = ax + dx * scale, ay + dy * scale
            x = int(round(max(b_left + 2, min(cx - w / 2, b_right - w - 2))))
            y = int(round(max(b_top + 2, min(cy - h / 2, b_bottom - h - 2))))
            right, bottom = x + w - 1, y + h - 1
            if box_proper:
                covered = sum(1 for (l, t, r, b) in clear
                              if max(x, l) <= min(right, r) and max(y, t) <= min(bottom, b))
                covered += sum(1 for r in odd if QRect(x, y, w, h).intersects(r))
            else:
                covered = sum(1 for r in (*keep_clear, own) if QRect(x, y, w, h).intersects(r))
            if near_proper:
                top, low = y - avoid_radius, bottom + avoid_radius
                units = sum(1 for _x, y_ in points[bisect_left(xs, x - avoid_radius):
                                                   bisect_right(xs, right + avoid_radius)]
                            if top <= y_ <= low)
            else:  # a degenerate box: Qt's own reading of "contains"
                near = QRect(x, y, w, h).adjusted(-avoid_radius, -avoid_radius, avoid_radius, avoid_radius)
                units = sum(1 for p in avoid if near.contains(p))
            if box_proper and bounds_proper:
                inside = b_left <= x and right <= b_right and b_top <= y and bottom <= b_bottom
            else:
                inside = bounds.contains(QRect(x, y, w, h))
            cost = (0 if inside else 1, covered, units, math.hypot(cx - ax, cy - ay))
            if best is None or cost < best[0]:
                best = (cost, QPoint(x, y))
        if best is not None and best[0][:3] == (0, 0, 0):
            break  # a clean place this close: no need to look further out
    assert best is not None
    return best[1]


def _proper(rect: QRect) -> bool:
    """Has ``rect`` a positive width and height (where Qt's tests mean the plain inclusive ranges)?"""
    return rect.width() > 0 and rect.height() > 0


def _edges(rect: QRect) -> tuple[int, int, int, int]:
    """Left, top, right and bottom of ``rect``, inclusive (as QRect counts them)."""
    return rect.left(), rect.top(), rect.right(), rect.bottom()
