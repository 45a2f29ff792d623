"""The privacy curtain of hot-seat play: the board is hidden until the named power takes the seat."""
from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QColor, QFont, QMouseEvent, QPalette
from PySide6.QtWidgets import QFrame, QLabel, QPushButton, QVBoxLayout, QWidget


class Curtain(QWidget):
    ready = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("curtain")
        self.setAutoFillBackground(True)
        pal = self.palette()
        pal.setColor(QPalette.ColorRole.Window, QColor("#2b2620"))
        pal.setColor(QPalette.ColorRole.WindowText, QColor("#f4ecd8"))
        self.setPalette(pal)
        layout = QVBoxLayout(self)
        layout.addStretch(2)
        self.swatch = QFrame()
        self.swatch.setFixedSize(96, 12)
        layout.addWidget(self.swatch, 0, Qt.AlignmentFlag.AlignHCenter)
        self.title = QLabel()
        font = QFont()
        font.setPointSize(30)
        font.setBold(True)
        self.title.setFont(font)
        self.title.setAlignment(Qt.AlignmentFlag.AlignCenter)
        layout.addWidget(self.title)
        self.subtitle = QLabel()
        self.subtitle.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.subtitle.setWordWrap(True)
        sub = QFont()
        sub.setPointSize(13)
        self.subtitle.setFont(sub)
        layout.addWidget(self.subtitle)
        self.button = QPushButton()
        self.button.setMinimumHeight(44)
        self.button.setMinimumWidth(280)
        self.button.clicked.connect(self.ready)
        layout.addSpacing(18)
        layout.addWidget(self.button, 0, Qt.AlignmentFlag.AlignHCenter)
        self.progress = QLabel()
        self.progress.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.progress.setWordWrap(True)  # 31 World countries: the names wrap rather than widen the window
        layout.addSpacing(12)
        layout.addWidget(self.progress)
        layout.addStretch(3)

    def show_power(self, power_name: str, colour: str, phase_name: str, submitted: list[str], waiting: list[str]) -> None:
        self.title.setText(f"Pass to {power_name.upper()}")
        self.subtitle.setText(f"{phase_name}\nOnly {power_name} should look at the screen now.")
        self.button.setText(f"I am {power_name} — click when ready")
        self.swatch.setStyleSheet(f"background: {colour}; border-radius: 4px;")
        parts = []
        if submitted:
            parts.append("Orders in: " + ", ".join(submitted))
        if waiting:
            parts.append("Still to order: " + ", ".join(waiting))
        self.progress.setText("\n".join(parts))

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:  # a click anywhere on the curtain means ready
        self.ready.emit()
