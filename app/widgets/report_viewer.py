"""The turn report window: any adjudicated phase's report in the variant's own layout (EMG's turn report, or
the engine's results report), read as one of the readers the page allows (the game master anyone; a power at
its orders only itself), in a fixed-width font, and saved as text."""
from __future__ import annotations

from pathlib import Path
from typing import Protocol

from PySide6.QtGui import QFontDatabase
from PySide6.QtWidgets import (QComboBox, QDialog, QFileDialog, QHBoxLayout, QLabel, QMessageBox, QPlainTextEdit,
                               QPushButton, QVBoxLayout, QWidget)

from engine.game import Game
from engine.savefile import write_atomic


class ReportSource(Protocol):
    """What the window reads from a game page."""

    game: Game

    def report_readers(self) -> list[tuple[str, str | None]]: ...

    def turn_report(self, index: int, viewer: str | None) -> str: ...


class ReportViewer(QDialog):
    def __init__(self, page: ReportSource, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("reportViewer")
        self.setWindowTitle("Turn report")
        self.page = page
        self.phase = QComboBox()
        self.phase.setObjectName("reportPhase")
        self.reader = QComboBox()
        self.reader.setObjectName("reportReader")
        self.text = QPlainTextEdit()
        self.text.setObjectName("reportText")
        self.text.setReadOnly(True)
        self.text.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
        self.text.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        save = QPushButton("Save as text…")
        save.setObjectName("reportSave")
        save.clicked.connect(self._save_dialog)
        close = QPushButton("Close")
        close.clicked.connect(self.accept)
        top = QHBoxLayout()
        top.addWidget(QLabel("Turn:"))
        top.addWidget(self.phase, 1)
        top.addWidget(QLabel("Read as:"))
        top.addWidget(self.reader, 1)
        bottom = QHBoxLayout()
        bottom.addStretch(1)
        bottom.addWidget(save)
        bottom.addWidget(close)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.text, 1)
        layout.addLayout(bottom)
        self.resize(980, 720)
        self.refresh()
        self.phase.currentIndexChanged.connect(self._show)
        self.reader.currentIndexChanged.connect(self._show)

    def refresh(self) -> None:
        """Fill the choices from the page: every adjudicated phase (latest first) and the allowed readers."""
        history = self.page.game.history
        self.phase.blockSignals(True)
        self.reader.blockSignals(True)
        self.phase.clear()
        for index in reversed(range(len(history))):
            self.phase.addItem(history[index].state.phase.long_name, index)
        self.reader.clear()
        for label, viewer in self.page.report_readers():
            self.reader.addItem(label, viewer)
        self.phase.blockSignals(False)
        self.reader.blockSignals(False)
        self._show()

    def _show(self) -> None:
        index = self.phase.currentData()
        if index is None or self.reader.count() == 0:
            self.text.setPlainText("No turn has been adjudicated yet.")
            return
        self.text.setPlainText(self.page.turn_report(int(index), self.reader.currentData()))

    def save(self, path: Path) -> bool:
        try:
            write_atomic(path, self.text.toPlainText())
        except OSError as exc:
            QMessageBox.warning(self, "Can't write the report", f"{path}: {exc.strerror or exc}")
            return False
        return True

    def _save_dialog(self) -> None:
        path, _ = QFileDialog.getSaveFileName(self, "Save the turn report", "report.txt", "Text (*.txt)")
        if path:
            self.save(Path(path))


__all__ = ["ReportViewer", "ReportSource"]
