"""The start page: a new game at this machine, a saved game, hosting or joining a LAN game, and recent games
and autosaves."""
from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QGridLayout, QHBoxLayout, QLabel, QListWidget, QListWidgetItem, QPushButton, QVBoxLayout, QWidget


class StartPage(QWidget):
    new_requested = Signal()
    open_requested = Signal()
    host_requested = Signal()
    join_requested = Signal()
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
        tagline = QLabel("Diplomacy at one table or across the room: hot-seat with sealed orders, a game master's "
                         "board, or a game on the local network.")
        tagline.setAlignment(Qt.AlignmentFlag.AlignCenter)
        tagline.setWordWrap(True)
        column.addWidget(tagline)
        column.addSpacing(16)
        buttons = QGridLayout()
        buttons.setHorizontalSpacing(12)
        buttons.setVerticalSpacing(10)
        self.new_button = self._button("New game…", "Hot-seat with sealed orders, or a game master's board")
        self.open_button = self._button("Open a saved game…", "Carry on where you left off")
        self.host_button = self._button("Host a LAN game…", "Serve a game on this network; play powers here too")
        self.join_button = self._button("Join a LAN game…", "Play a power, or watch, in a game on this network")
        for index, b in enumerate((self.new_button, self.open_button, self.host_button, self.join_button)):
            buttons.addWidget(b, index // 2, index % 2)
        self.new_button.clicked.connect(self.new_requested)
        self.open_button.clicked.connect(self.open_requested)
        self.host_button.clicked.connect(self.host_requested)
        self.join_button.clicked.connect(self.join_requested)
        column.addLayout(buttons)
        column.addSpacing(12)
        column.addWidget(QLabel("Recent games (double-click to open):"))
        self.recent_list = QListWidget()
        self.recent_list.setObjectName("recentGames")
        self.recent_list.itemActivated.connect(self._on_activated)
        column.addWidget(self.recent_list, 3)
        column.addStretch(1)

    @staticmethod
    def _button(text: str, tip: str) -> QPushButton:
        button = QPushButton(text)
        button.setMinimumHeight(40)
        button.setToolTip(tip)
        button.setStatusTip(tip)
        return button

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
