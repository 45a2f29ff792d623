"""The flyout next to a selected unit: buttons for the order kinds it can take (same as the keys)."""
from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QPoint, QRect, Signal
from PySide6.QtWidgets import QFrame, QHBoxLayout, QToolButton, QWidget

from app.controllers.order_entry import KIND_KEYS


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
        self.buttons: dict[str, QToolButton] = {}
        for key, label in KIND_KEYS.items():
            button = QToolButton(self)
            button.setText(f"{label} ({key})")
            button.setToolTip(f"{label}: key {key}")
            button.clicked.connect(lambda _=False, k=key: self.kind_chosen.emit(k))
            self._layout.addWidget(button)
            self.buttons[key] = button
        self.hide()

    def show_kinds(self, kinds: list[str], at: QPoint, avoid: Sequence[QPoint] = ()) -> None:
        """Show the buttons for ``kinds`` next to ``at``, on the side that hides fewest ``avoid`` points
        (units and lit targets)."""
        if not kinds:
            self.hide()
            return
        for key, button in self.buttons.items():
            button.setVisible(key in kinds)
        self.adjustSize()
        w, h = self.width(), self.height()
        gap = 20
        candidates = [
            QPoint(at.x() - w // 2, at.y() + gap),  # below
            QPoint(at.x() - w // 2, at.y() - gap - h),  # above
            QPoint(at.x() + gap, at.y() - h // 2),  # right
            QPoint(at.x() - gap - w, at.y() - h // 2),  # left
        ]
        parent = self.parentWidget()
        bounds = parent.rect() if parent is not None else QRect(0, 0, 10_000, 10_000)

        def cost(corner: QPoint) -> tuple[int, int]:
            rect = QRect(corner, self.size()).adjusted(-8, -8, 8, 8)
            outside = 0 if bounds.contains(QRect(corner, self.size())) else 1
            return outside, sum(1 for p in avoid if rect.contains(p))

        best = min(candidates, key=cost)
        x = max(2, min(best.x(), bounds.width() - w - 2))
        y = max(2, min(best.y(), bounds.height() - h - 2))
        self.move(x, y)
        self.show()
        self.raise_()
