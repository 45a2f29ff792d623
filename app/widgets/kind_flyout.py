"""The flyout next to a selected unit: buttons for the order kinds it can take (same as the keys)."""
from __future__ import annotations

from PySide6.QtCore import QPoint, Signal
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

    def show_kinds(self, kinds: list[str], at: QPoint) -> None:
        if not kinds:
            self.hide()
            return
        for key, button in self.buttons.items():
            button.setVisible(key in kinds)
        self.adjustSize()
        parent = self.parentWidget()
        x, y = at.x() - self.width() // 2, at.y() + 26
        if parent is not None:
            x = max(2, min(x, parent.width() - self.width() - 2))
            if y + self.height() > parent.height():
                y = max(2, at.y() - self.height() - 26)
        self.move(x, y)
        self.show()
        self.raise_()
