"""The game master's panel (EMG: every power's standing and vote, every anonymous message with its sender):
tables the variant describes (``Variant.game_master_panel``), shown only in game master mode, never to a
power at its orders."""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QLabel, QTableWidget, QTableWidgetItem, QVBoxLayout, QWidget

from engine.variants.base import MasterPanel, PanelTable


class MasterPanelWidget(QWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("masterPanel")
        self.panel: MasterPanel | None = None
        self._layout = QVBoxLayout(self)
        self.heading = QLabel()
        self.heading.setWordWrap(True)
        self._layout.addWidget(self.heading)
        self.tables: list[QTableWidget] = []
        self.notes: list[QLabel] = []
        self._parts: list[QWidget] = []

    def show_panel(self, panel: MasterPanel) -> None:
        if panel == self.panel:
            return
        self.panel = panel
        self.heading.setText(f"{panel.title} — only the game master sees this tab.")
        for part in self._parts:
            self._layout.removeWidget(part)
            part.hide()
            part.deleteLater()
        self._parts, self.tables, self.notes = [], [], []
        for table in panel.tables:
            title = QLabel(f"<b>{table.title}</b>")
            note = QLabel(table.note)
            note.setWordWrap(True)
            grid = self._table(table)
            for part in (title, grid, note):
                self._layout.addWidget(part, 1 if part is grid else 0)
                self._parts.append(part)
            self.tables.append(grid)
            self.notes.append(note)

    def _table(self, table: PanelTable) -> QTableWidget:
        grid = QTableWidget(len(table.rows), len(table.columns))
        grid.setObjectName(f"masterTable{table.title.replace(' ', '')}")
        grid.setHorizontalHeaderLabels(list(table.columns))
        grid.verticalHeader().setVisible(False)
        grid.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        grid.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        grid.setWordWrap(True)
        for r, row in enumerate(table.rows):
            for c, words in enumerate(row):
                item = QTableWidgetItem(words)
                if c and words[:1] in "+-0123456789—":
                    item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                grid.setItem(r, c, item)
        header = grid.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setStretchLastSection(True)
        grid.resizeRowsToContents()
        grid.scrollToBottom()  # the latest messages in sight
        return grid

    def cell_texts(self, index: int) -> list[list[str]]:
        """The words of table ``index`` row by row (for tests and checks)."""
        grid = self.tables[index]
        return [[(grid.item(r, c).text() if grid.item(r, c) is not None else "")  # type: ignore[union-attr]
                 for c in range(grid.columnCount())] for r in range(grid.rowCount())]

    def clear_panel(self) -> None:
        self.panel = None
        self.heading.clear()
        for part in self._parts:
            self._layout.removeWidget(part)
            part.hide()
            part.deleteLater()
        self._parts, self.tables, self.notes = [], [], []


__all__ = ["MasterPanelWidget"]
