"""The account side panel (World Diplomacy's treasury): a power's own lines (balance, dues, loans), its
drafted money orders with a way to withdraw each, and one form per kind of money order. What it offers comes
from ``Variant.account_panel`` through ``app/controllers/accounts.py``; it shows only the power at the
orders (sealed orders: the page hides it behind the curtain and at results)."""
from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from app.controllers import accounts
from app.controllers.drafts import OrderDraft
from engine.game import Game
from engine.types import ChancelleryError
from engine.variants.base import AccountPanel, DraftForm


class AccountPanelWidget(QWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.game: Game | None = None
        self.draft: OrderDraft | None = None
        self.power: str | None = None
        self.panel: AccountPanel | None = None
        self.changed: Callable[[], None] = lambda: None  # the page redraws the drafted orders
        self.inputs: dict[str, QComboBox | QLineEdit | QSpinBox] = {}
        layout = QVBoxLayout(self)
        self.heading = QLabel()
        self.heading.setWordWrap(True)
        layout.addWidget(self.heading)
        self.summary = QLabel()
        self.summary.setWordWrap(True)
        self.summary.setTextFormat(Qt.TextFormat.PlainText)
        layout.addWidget(self.summary)
        self.log_heading = QLabel()
        self.log_heading.setWordWrap(True)
        layout.addWidget(self.log_heading)
        self.log_list = QListWidget()  # what the power may read again (EMG's messages received, by turn)
        self.log_list.setObjectName("accountLog")
        self.log_list.setWordWrap(True)
        layout.addWidget(self.log_list, 1)
        self.drafted_list = QListWidget()
        layout.addWidget(self.drafted_list, 1)
        self.withdraw_button = QPushButton("Withdraw")
        self.withdraw_button.clicked.connect(self.withdraw_selected)
        layout.addWidget(self.withdraw_button)
        self.form_combo = QComboBox()
        self.form_combo.currentIndexChanged.connect(self._form_changed)
        layout.addWidget(self.form_combo)
        self.fields = QWidget()
        self.fields_layout = QFormLayout(self.fields)
        layout.addWidget(self.fields)
        self.note = QLabel()
        self.note.setWordWrap(True)
        layout.addWidget(self.note)
        self.add_button = QPushButton("Add to orders")
        self.add_button.clicked.connect(self.add_filled)
        layout.addWidget(self.add_button)
        self.error = QLabel()
        self.error.setWordWrap(True)
        self.error.setStyleSheet("color: #a33;")
        layout.addWidget(self.error)

    def show_for(self, game: Game, draft: OrderDraft, power: str, panel: AccountPanel) -> None:
        """Show ``power``'s panel (a different power or panel than before starts the forms afresh)."""
        fresh = (power, draft, panel.forms) != (self.power, self.draft, self.panel.forms if self.panel else None)
        self.game, self.draft, self.power, self.panel = game, draft, power, panel
        self.heading.setText(f"{panel.title} — secret: only you read it and the orders you draft here.")
        self.summary.setText("\n".join(f"{words}: {value}" for words, value in panel.lines))
        self.log_list.clear()
        for when, words in panel.log:  # in the order given: a long message cut in pieces reads on
            self.log_list.addItem(f"{when}: {words}")
        self.log_list.scrollToBottom()  # the latest in sight
        self.log_heading.setText("Received:" if panel.log else "")
        self.log_heading.setVisible(bool(panel.log))
        self.log_list.setVisible(bool(panel.log))
        if fresh:
            self.error.clear()
            self.form_combo.blockSignals(True)
            self.form_combo.clear()
            for form in panel.forms:
                self.form_combo.addItem(form.title, form.key)
            self.form_combo.blockSignals(False)
            self._form_changed()
        self._refresh_drafted()

    def clear_panel(self) -> None:
        """Nothing to show (another power's turn, results, the curtain): forget everything of the power."""
        self.game = self.draft = self.power = self.panel = None
        for w in (self.heading, self.summary, self.note, self.error):
            w.clear()
        self.drafted_list.clear()
        self.log_list.clear()
        self.log_heading.clear()
        self.form_combo.clear()
        self._clear_fields()

    def current_form(self) -> DraftForm | None:
        panel, index = self.panel, self.form_combo.currentIndex()
        return panel.forms[index] if panel is not None and 0 <= index < len(panel.forms) else None

    def _clear_fields(self) -> None:
        while self.fields_layout.rowCount():
            self.fields_layout.removeRow(0)
        self.inputs = {}

    def _form_changed(self) -> None:
        self._clear_fields()
        form = self.current_form()
        self.note.setText(form.note if form is not None else "")
        if form is None:
            return
        for field in form.fields:
            widget: QComboBox | QLineEdit | QSpinBox
            if field.kind == "choice":
                widget = QComboBox()
                for value, words in field.choices:
                    widget.addItem(words, value)
            elif field.kind == "number":
                widget = QSpinBox()
                widget.setRange(field.minimum, field.maximum)
            elif field.kind == "text":
                widget = QLineEdit()
                if field.maximum:
                    widget.setPlaceholderText(f"{field.maximum} characters an order; longer text makes several")
            else:
                widget = QLineEdit()
                widget.setPlaceholderText("12.50")
            self.inputs[field.name] = widget
            self.fields_layout.addRow(f"{field.label}:", widget)

    def values(self) -> dict[str, str]:
        found = {}
        for name, widget in self.inputs.items():
            if isinstance(widget, QComboBox):
                found[name] = str(widget.currentData() or "")
            elif isinstance(widget, QSpinBox):
                found[name] = str(widget.value())
            else:
                found[name] = widget.text()
        return found

    def _refresh_drafted(self) -> None:
        draft, power, panel = self.draft, self.power, self.panel
        self.drafted_list.clear()
        if draft is None or power is None or panel is None:
            return
        for order in accounts.drafted(draft, power, panel):
            self.drafted_list.addItem(str(order))
            self.drafted_list.item(self.drafted_list.count() - 1).setData(Qt.ItemDataRole.UserRole, order)

    def add_filled(self) -> None:
        game, draft, power, form = self.game, self.draft, self.power, self.current_form()
        if game is None or draft is None or power is None or form is None:
            return
        try:
            accounts.draft_form(game, draft, power, form.key, self.values())
        except ChancelleryError as e:
            self.error.setText(str(e))
            return
        self.error.clear()
        self._refresh_drafted()
        self.changed()

    def withdraw_selected(self) -> None:
        draft, power = self.draft, self.power
        item = self.drafted_list.currentItem()
        if draft is None or power is None or item is None:
            return
        accounts.withdraw(draft, power, item.data(Qt.ItemDataRole.UserRole))
        self._refresh_drafted()
        self.changed()
