"""The start page: new game, open a saved game, recent games and autosaves."""
from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QHBoxLayout, QLabel, QListWidget, QListWidgetItem, QPushButton, QVBoxLayout, QWidget


class StartPage(QWidget):
    new_requested = Signal()
    open_requested = Signal()
    open_path = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("startPage")
        outer = QHBoxLayout(self)
        outer.addStretch(1)
        column = QVBoxLayout()
        outer.addLayout(column, 2)
        outer.addStretch(1)
        column.addStretch(1)
        title = QLabel("Chancellery")
        font = QFont()
        font.setPointSize(28)
        font.setBold(True)
        title.setFont(font)
        title.setAlignment(Qt.AlignmentFlag.AlignCenter)
        column.addWidget(title)
        tagline = QLabel("Diplomacy at one table: hot-seat with sealed orders, or a game master's board.")
        tagline.setAlignment(Qt.AlignmentFlag.AlignCenter)
        tagline.setWordWrap(True)
        column.addWidget(tagline)
        column.addSpacing(16)
        buttons = QHBoxLayout()
        self.new_button = QPushButton("New game…")
        self.open_button = QPushButton("Open a saved game…")
        for b in (self.new_button, self.open_button):
            b.setMinimumHeight(40)
            buttons.addWidget(b)
        self.new_button.clicked.connect(self.new_requested)
        self.open_button.clicked.connect(self.open_requested)
        column.addLayout(buttons)
        column.addSpacing(12)
        column.addWidget(QLabel("Recent games (double-click to open):"))
        self.recent_list = QListWidget()
        self.recent_list.setObjectName("recentGames")
        self.recent_list.itemActivated.connect(self._on_activated)
        column.addWidget(self.recent_list, 3)
        column.addStretch(1)

    def set_recent(self, entries: list[tuple[str, str]]) -> None:
        """(label, path) pairs, most recent first."""
        self.recent_list.clear()
        for label, path in entries:
            item = QListWidgetItem(label)
            item.setToolTip(path)
            item.setData(Qt.ItemDataRole.UserRole, path)
            self.recent_list.addItem(item)
        if not entries:
            item = QListWidgetItem("No recent games yet")
            item.setFlags(Qt.ItemFlag.NoItemFlags)
            self.recent_list.addItem(item)

    def _on_activated(self, item: QListWidgetItem) -> None:
        path = item.data(Qt.ItemDataRole.UserRole)
        if path:
            self.open_path.emit(str(Path(path)))
