"""The phase navigator: every adjudicated phase of the game plus the current one, and the selected
phase's results report. Only adjudicated phases are listed, so sealed orders never appear here."""
from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QSize, Signal
from PySide6.QtGui import QFontDatabase, QIcon
from PySide6.QtWidgets import (
    QHBoxLayout,
    QListWidget,
    QListWidgetItem,
    QPlainTextEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from app.drawing.paths import ICONS_DIR

NOW = -1  # the list row data of the current phase


def nav_icon(name: str) -> QIcon:
    """One of the phase buttons' icons (resources/icons/nav-*.svg)."""
    return QIcon(str(ICONS_DIR / f"nav-{name}.svg"))


class HistoryPanel(QWidget):
    phase_selected = Signal(int)  # history index, or NOW
    rollback_requested = Signal(int)
    undo_rollback_requested = Signal()
    phase_list: QListWidget  # made after the buttons whose slots read it

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("historyPanel")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        nav = QHBoxLayout()
        # Drawn icons, not font glyphs: ⏮ and ⏭ are missing from the fonts of a minimal Linux.
        self.first_button = QPushButton(nav_icon("first"), "")
        self.prev_button = QPushButton(nav_icon("previous"), "")
        self.next_button = QPushButton(nav_icon("next"), "")
        self.last_button = QPushButton(nav_icon("last"), "Now")
        for b, tip in ((self.first_button, "First phase"), (self.prev_button, "Previous phase"),
                       (self.next_button, "Next phase"), (self.last_button, "The current phase")):
            b.setToolTip(tip)
            b.setAccessibleName(tip)
            b.setIconSize(QSize(16, 16))
            nav.addWidget(b)
        self.first_button.clicked.connect(lambda: self._go(0))
        self.prev_button.clicked.connect(lambda: self._go(self.phase_list.currentRow() - 1))
        self.next_button.clicked.connect(lambda: self._go(self.phase_list.currentRow() + 1))
        self.last_button.clicked.connect(lambda: self._go(self.phase_list.count() - 1))
        layout.addLayout(nav)
        self.phase_list = QListWidget()
        self.phase_list.setObjectName("phaseList")
        self.phase_list.currentRowChanged.connect(self._on_row)
        layout.addWidget(self.phase_list, 2)
        self.report = QPlainTextEdit()
        self.report.setObjectName("resultsReport")
        self.report.setReadOnly(True)
        self.report.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        layout.addWidget(self.report, 3)
        self.rollback_button = QPushButton("Roll back to the start of this phase")
        self.rollback_button.clicked.connect(self._on_rollback)
        layout.addWidget(self.rollback_button)
        self.rollback_button.hide()
        self.undo_rollback_button = QPushButton()
        self.undo_rollback_button.setObjectName("undoRollback")
        self.undo_rollback_button.clicked.connect(self.undo_rollback_requested)
        layout.addWidget(self.undo_rollback_button)
        self.undo_rollback_button.hide()
        self._can_rollback = False

    def set_phases(self, past: Sequence[str], current: str, selected: int = NOW) -> None:
        """``past`` are the long names of adjudicated phases, oldest first; ``current`` the phase now."""
        self.phase_list.blockSignals(True)
        self.phase_list.clear()
        for index, name in enumerate(past):
            item = QListWidgetItem(f"{name} — results")
            item.setData(256, index)
            self.phase_list.addItem(item)
        now = QListWidgetItem(f"Now: {current}")
        now.setData(256, NOW)
        self.phase_list.addItem(now)
        row = selected if 0 <= selected < len(past) else len(past)
        self.phase_list.setCurrentRow(row)
        self.phase_list.blockSignals(False)
        self._update_buttons()

    def set_report(self, text: str) -> None:
        self.report.setPlainText(text)

    def allow_rollback(self, allowed: bool) -> None:
        self._can_rollback = allowed
        self._update_buttons()

    def offer_undo_rollback(self, restores: str) -> None:
        """Offer to undo the last rollback, naming what it brings back; ``""`` withdraws the offer."""
        # Short words on the button: a long phase name would widen the side panel and shrink the map.
        self.undo_rollback_button.setText("Undo the roll-back")
        self.undo_rollback_button.setToolTip(f"Back to {restores}, with the orders entered then" if restores else "")
        self.undo_rollback_button.setVisible(bool(restores))

    def selected_index(self) -> int:
        item = self.phase_list.currentItem()
        return int(item.data(256)) if item is not None else NOW

    def select(self, index: int) -> None:
        row = index if index != NOW else self.phase_list.count() - 1
        self._go(row)

    def _go(self, row: int) -> None:
        if 0 <= row < self.phase_list.count():
            self.phase_list.setCurrentRow(row)

    def _on_row(self, _row: int) -> None:
        self._update_buttons()
        self.phase_selected.emit(self.selected_index())

    def _update_buttons(self) -> None:
        row, count = self.phase_list.currentRow(), self.phase_list.count()
        self.first_button.setEnabled(row > 0)
        self.prev_button.setEnabled(row > 0)
        self.next_button.setEnabled(0 <= row < count - 1)
        self.last_button.setEnabled(row < count - 1)
        self.rollback_button.setVisible(self._can_rollback and self.selected_index() != NOW)

    def _on_rollback(self) -> None:
        index = self.selected_index()
        if index != NOW:
            self.rollback_requested.emit(index)
