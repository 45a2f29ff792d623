"""The order panel: guidance line, the order list in canonical notation, typed/pasted orders with
per-line errors, warnings, undo/redo, and the two-step submit (review, then confirm)."""
from __future__ import annotations

from collections.abc import Mapping, Sequence

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QColor, QFont, QFontDatabase, QKeySequence, QPixmap, QIcon, QShortcut
from PySide6.QtWidgets import (
    QComboBox,
    QFrame,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPlainTextEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from app.controllers.results import PhaseResults
from app.controllers.text_orders import LineOutcome

from .results_list import ResultsList


def swatch_icon(colour: str) -> QIcon:
    pixmap = QPixmap(12, 12)
    pixmap.fill(QColor(colour))
    return QIcon(pixmap)


NO_EXAMPLES = "One order per line, as on an order sheet"


class OrderPanel(QWidget):
    text_entered = Signal(str)
    remove_requested = Signal(list)  # [(power, draft key)]
    undo_requested = Signal()
    redo_requested = Signal()
    clear_requested = Signal()
    waive_requested = Signal()
    hold_rest_requested = Signal()
    suggest_requested = Signal()  # game master: a bot's orders for the focus power
    copy_mail_requested = Signal()  # the orders as a mail in the variant's own layout (EMG's envelope)
    submit_confirmed = Signal()
    focus_power_changed = Signal(object)  # power id or None

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("orderPanel")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)

        self.header = QLabel()
        header_font = QFont()
        header_font.setPointSize(12)
        header_font.setBold(True)
        self.header.setFont(header_font)
        layout.addWidget(self.header)

        # Entry controls (guidance to submit) while orders are entered; the results list instead after
        # adjudication, until the next phase: nothing there may look usable when it isn't.
        self.entry_box = QWidget()
        entry = QVBoxLayout(self.entry_box)
        entry.setContentsMargins(0, 0, 0, 0)

        self.guidance = QLabel()
        self.guidance.setObjectName("guidance")
        self.guidance.setWordWrap(True)
        entry.addWidget(self.guidance)

        focus_row = QHBoxLayout()
        self.focus_label = QLabel("Orders and waives for:")
        self.focus_combo = QComboBox()
        self.focus_combo.currentIndexChanged.connect(self._on_focus_changed)
        focus_row.addWidget(self.focus_label)
        focus_row.addWidget(self.focus_combo, 1)
        entry.addLayout(focus_row)

        self.order_list = QListWidget()
        self.order_list.setObjectName("orderList")
        self.order_list.setSelectionMode(QListWidget.SelectionMode.ExtendedSelection)
        mono = QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont)
        self.order_list.setFont(mono)
        entry.addWidget(self.order_list, 3)
        delete = QShortcut(QKeySequence(QKeySequence.StandardKey.Delete), self.order_list)
        delete.activated.connect(self._remove_selected)

        buttons = QHBoxLayout()
        self.undo_button = QPushButton("Undo")
        self.redo_button = QPushButton("Redo")
        self.remove_button = QPushButton("Remove")
        self.clear_button = QPushButton("Clear")
        self.waive_button = QPushButton("Waive a build")
        self.hold_rest_button = QPushButton("Hold the rest")
        self.undo_button.clicked.connect(self.undo_requested)
        self.redo_button.clicked.connect(self.redo_requested)
        self.remove_button.clicked.connect(self._remove_selected)
        self.clear_button.clicked.connect(self.clear_requested)
        self.waive_button.clicked.connect(self.waive_requested)
        self.hold_rest_button.clicked.connect(self.hold_rest_requested)
        self.suggest_button = QPushButton("Suggest orders")
        self.suggest_button.setObjectName("suggestOrdersButton")
        self.suggest_button.setToolTip("Fill the chosen power's orders with a bot's suggestion, to edit")
        self.suggest_button.clicked.connect(self.suggest_requested)
        self.suggest_button.setVisible(False)
        for b in (self.undo_button, self.redo_button, self.remove_button, self.clear_button):
            buttons.addWidget(b)
        entry.addLayout(buttons)
        extra = QHBoxLayout()
        extra.addWidget(self.hold_rest_button)
        extra.addWidget(self.waive_button)
        extra.addWidget(self.suggest_button)
        self.mail_button = QPushButton()
        self.mail_button.setObjectName("copyMailButton")
        self.mail_button.clicked.connect(self.copy_mail_requested)
        self.mail_button.setVisible(False)
        extra.addWidget(self.mail_button)
        entry.addLayout(extra)

        entry.addWidget(QLabel("Type or paste orders, one per line:"))
        self.text_box = QPlainTextEdit()
        self.text_box.setObjectName("orderText")
        self.text_box.setFont(mono)
        self.text_box.setPlaceholderText(NO_EXAMPLES)
        self.text_box.setMaximumHeight(110)
        entry.addWidget(self.text_box, 1)
        add_row = QHBoxLayout()
        self.add_button = QPushButton("Add orders (Ctrl+Enter)")
        self.add_button.clicked.connect(self._enter_text)
        add_row.addStretch(1)
        add_row.addWidget(self.add_button)
        entry.addLayout(add_row)
        enter = QShortcut(QKeySequence("Ctrl+Return"), self.text_box)
        enter.activated.connect(self._enter_text)

        self.line_errors = QLabel()
        self.line_errors.setObjectName("lineErrors")
        self.line_errors.setWordWrap(True)
        self.line_errors.setStyleSheet("color: #b00020;")
        self.line_errors.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        entry.addWidget(self.line_errors)

        self.warnings = QLabel()
        self.warnings.setObjectName("warnings")
        self.warnings.setWordWrap(True)
        self.warnings.setStyleSheet("color: #8a5a00;")
        entry.addWidget(self.warnings)

        self.submit_button = QPushButton()
        self.submit_button.setObjectName("submit")
        self.submit_button.setMinimumHeight(34)
        self.submit_button.clicked.connect(self._ask_confirm)
        entry.addWidget(self.submit_button)

        self.confirm_box = QFrame()
        self.confirm_box.setObjectName("confirmBox")
        self.confirm_box.setStyleSheet("QFrame#confirmBox { border: 1px solid #8a5a00; border-radius: 4px; }")
        confirm_layout = QVBoxLayout(self.confirm_box)
        self.confirm_text = QLabel()
        self.confirm_text.setWordWrap(True)
        confirm_layout.addWidget(self.confirm_text)
        confirm_buttons = QHBoxLayout()
        self.confirm_button = QPushButton("Confirm")
        self.confirm_button.setObjectName("confirm")
        self.back_button = QPushButton("Back to the orders")
        self.confirm_button.clicked.connect(self._confirm)
        self.back_button.clicked.connect(self._cancel_confirm)
        confirm_buttons.addWidget(self.back_button)
        confirm_buttons.addWidget(self.confirm_button)
        confirm_layout.addLayout(confirm_buttons)
        entry.addWidget(self.confirm_box)
        self.confirm_box.hide()
        layout.addWidget(self.entry_box, 1)

        self.results_guidance = QLabel()
        self.results_guidance.setObjectName("resultsGuidance")
        self.results_guidance.setWordWrap(True)
        layout.addWidget(self.results_guidance)
        self.results_list = ResultsList()
        layout.addWidget(self.results_list, 1)
        self.results_guidance.hide()
        self.results_list.hide()
        self._submit_label = "Submit orders"
        self._warning_count = 0
        self._rows: list[tuple[str, str]] = []

    # --- filling ----------------------------------------------------------------------------------

    def set_header(self, text: str) -> None:
        self.header.setText(text)

    def set_focus_powers(self, powers: Sequence[tuple[str, str]], current: str | None) -> None:
        """(id, name) pairs for the focus combo; an empty list hides it (one power at this seat)."""
        self.focus_combo.blockSignals(True)
        self.focus_combo.clear()
        for pid, name in powers:
            self.focus_combo.addItem(name, pid)
        index = self.focus_combo.findData(current) if current else 0
        self.focus_combo.setCurrentIndex(index if index >= 0 else 0 if powers else -1)
        self.focus_combo.blockSignals(False)
        self.focus_combo.setVisible(bool(powers))
        self.focus_label.setVisible(bool(powers))

    def focus_power(self) -> str | None:
        data = self.focus_combo.currentData()
        return str(data) if data else None

    def set_orders(self, rows: Sequence[tuple[str, str, str, str]]) -> None:
        """(power, draft key, text, colour) per order, in display order."""
        self.order_list.clear()
        self._rows = []
        for power, key, text, colour in rows:
            item = QListWidgetItem(swatch_icon(colour), text)
            item.setToolTip(power)
            self.order_list.addItem(item)
            self._rows.append((power, key))

    def set_guidance(self, text: str) -> None:
        self.guidance.setText(text)

    def set_warnings(self, warnings: Sequence[str]) -> None:
        self._warning_count = len(warnings)
        self.warnings.setText("\n".join(f"⚠ {w}" for w in warnings))
        self.warnings.setVisible(bool(warnings))

    def set_undo_state(self, can_undo: bool, undo_text: str, can_redo: bool, redo_text: str) -> None:
        self.undo_button.setEnabled(can_undo)
        self.redo_button.setEnabled(can_redo)
        self.undo_button.setToolTip(f"Undo {undo_text}" if can_undo else "Nothing to undo")
        self.redo_button.setToolTip(f"Redo {redo_text}" if can_redo else "Nothing to redo")

    def set_submit(self, label: str, enabled: bool = True) -> None:
        self._submit_label = label
        self.submit_button.setText(label)
        self.submit_button.setEnabled(enabled)

    def set_adjustment_buttons(self, waive: bool, hold_rest: bool) -> None:
        self.waive_button.setVisible(waive)
        self.hold_rest_button.setVisible(hold_rest)

    def set_suggest_visible(self, visible: bool) -> None:
        self.suggest_button.setVisible(visible)

    def set_mail_copy(self, title: str | None) -> None:
        """Offer to copy the orders as a mail of the variant's layout (``title``: "EMG mail"); ``None``: no such layout."""
        self.mail_button.setText(f"Copy orders as {title}" if title else "")
        self.mail_button.setVisible(title is not None)

    def set_examples(self, lines: Sequence[str]) -> None:
        """Orders of the board at hand, shown greyed in the empty box (none: a plain hint)."""
        self.text_box.setPlaceholderText("\n".join(lines) if lines else NO_EXAMPLES)

    def show_line_outcomes(self, outcomes: Sequence[LineOutcome]) -> None:
        """Keep the lines that failed in the box for editing, and say why each failed."""
        failed = [o for o in outcomes if not o.ok]
        self.text_box.setPlainText("\n".join(o.text if o.retype is None else o.retype for o in failed))
        self.line_errors.setText("\n".join(f"✗ {o.text}: {o.error}" for o in failed))
        self.line_errors.setVisible(bool(failed))

    def reset(self) -> None:
        """Forget everything shown (between hot-seat powers nothing may stay behind)."""
        self.order_list.clear()
        self._rows = []
        self.text_box.clear()
        self.text_box.setPlaceholderText(NO_EXAMPLES)  # examples name the last power's units: not behind a curtain
        self.line_errors.clear()
        self.line_errors.hide()
        self.warnings.clear()
        self.warnings.hide()
        self.guidance.clear()
        self.header.clear()
        self._cancel_confirm()

    # --- results ----------------------------------------------------------------------------------

    def show_results(self, header: str, guidance: str, results: PhaseResults, colours: Mapping[str, str]) -> None:
        """Show an adjudicated phase's results instead of the entry controls."""
        self.reset()
        self.header.setText(header)
        self.results_guidance.setText(guidance)
        self.results_guidance.setVisible(bool(guidance))
        self.results_list.show_results(results, colours)
        self.entry_box.hide()
        self.results_list.show()

    def show_entry(self) -> None:
        """Back to the entry controls (the next phase has begun)."""
        if self.results_list.results is None and not self.entry_box.isHidden():
            return
        self.results_list.hide()
        self.results_guidance.hide()
        self.results_list.clear_results()
        self.entry_box.show()

    @property
    def showing_results(self) -> bool:
        return self.results_list.results is not None

    # --- events -----------------------------------------------------------------------------------

    def _on_focus_changed(self, _index: int) -> None:
        self.focus_power_changed.emit(self.focus_power())

    def _remove_selected(self) -> None:
        rows = sorted({self.order_list.row(item) for item in self.order_list.selectedItems()})
        if rows:
            self.remove_requested.emit([self._rows[r] for r in rows if 0 <= r < len(self._rows)])

    def _enter_text(self) -> None:
        text = self.text_box.toPlainText()
        if text.strip():
            self.text_entered.emit(text)

    def _ask_confirm(self) -> None:
        n = self._warning_count
        note = f"{n} warning{'s' if n != 1 else ''} above. " if n else "No warnings. "
        self.confirm_text.setText(f"{note}{self._submit_label}?")
        self.submit_button.hide()
        self.confirm_box.show()
        self.confirm_button.setFocus()

    def _confirm(self) -> None:
        self._cancel_confirm()
        self.submit_confirmed.emit()

    def _cancel_confirm(self) -> None:
        self.confirm_box.hide()
        self.submit_button.show()
