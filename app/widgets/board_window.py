"""The projector board: a second, chrome-free full-screen view of the same map scene, with the phase and
the supply-centre counts in large type (face-to-face play)."""
from __future__ import annotations

from html import escape

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont, QKeyEvent
from PySide6.QtWidgets import QHBoxLayout, QLabel, QSizePolicy, QVBoxLayout, QWidget

from app.scene.map_scene import MapScene
from app.scene.map_view import MapView


class BoardWindow(QWidget):
    def __init__(self, scene: MapScene) -> None:
        super().__init__(None, Qt.WindowType.Window)
        self.setWindowTitle("Chancellery — board")
        self.setStyleSheet("background: #2b2620; color: #f4ecd8;")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        header = QHBoxLayout()
        header.setContentsMargins(16, 8, 16, 8)
        self.phase = QLabel()
        big = QFont()
        big.setPointSize(22)
        big.setBold(True)
        self.phase.setFont(big)
        header.addWidget(self.phase)
        self.counts = QLabel()
        mid = QFont()
        mid.setPointSize(15)
        self.counts.setFont(mid)
        self.counts.setTextFormat(Qt.TextFormat.RichText)
        # The counts wrap onto more lines on a narrow screen instead of widening the window past it.
        self.counts.setWordWrap(True)
        self.counts.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        self.counts.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.counts.setMinimumWidth(120)
        header.addWidget(self.counts, 1)
        layout.addLayout(header)
        # Who is first, where the variant's victory turns on it (1815); hidden otherwise.
        self.leader = QLabel()
        self.leader.setFont(mid)
        self.leader.setContentsMargins(16, 0, 16, 4)
        self.leader.setWordWrap(True)  # six powers tied for first run past a narrow window's edge otherwise
        self.leader.hide()
        layout.addWidget(self.leader)
        self.view = MapView(scene, self)
        self.view.setFrameShape(MapView.Shape.NoFrame)
        layout.addWidget(self.view, 1)

    def set_header(self, phase: str, counts: list[tuple[str, str, int]], leader: str | None = None) -> None:
        """``counts``: (power name, colour, centres); ``leader``: the variant's line on who is first."""
        self.phase.setText(phase)
        self.leader.setText(leader or "")
        self.leader.setVisible(bool(leader))
        # A count wraps as a whole: "Ottoman Empire 4" is never split between two lines.
        self.counts.setText("&nbsp; ".join(
            f"<span style='color:{colour}'>■</span>&nbsp;{escape(name).replace(' ', '&nbsp;')}&nbsp;<b>{n}</b>"
            for name, colour, n in counts))

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() == Qt.Key.Key_Escape:
            self.close()
        elif event.key() == Qt.Key.Key_F11:
            self.showNormal() if self.isFullScreen() else self.showFullScreen()
        else:
            super().keyPressEvent(event)
