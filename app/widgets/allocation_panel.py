"""The allocation side panel (1815's Diplomacy Points): the points a power has this turn, its drafted
allocations with a way to withdraw each, and a form to allocate points to one order of a unit it doesn't
own. What it offers comes from ``Variant.allocation_panel`` through ``app/controllers/allocations.py``;
it shows only the power at the orders (sealed orders: the page hides it behind the curtain)."""
from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from app.controllers import allocations
from app.controllers.drafts import OrderDraft
from engine.variants.base import AllocationPanel
from engine.game import Game
from engine.types import ChancelleryError


class AllocationPanelWidget(QWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.game: Game | None = None
        self.draft: OrderDraft | None = None
        self.power: str | None = None
        self.panel: AllocationPanel | None = None
        self.changed: Callable[[], None] = lambda: None  # the page redraws the drafted orders
        layout = QVBoxLayout(self)
        self.heading = QLabel()
        self.heading.setWordWrap(True)
        layout.addWidget(self.heading)
        self.allocated = QListWidget()
        layout.addWidget(self.allocated, 1)
        self.withdraw_button = QPushButton("Withdraw")
        self.withdraw_button.clicked.connect(self.withdraw_selected)
        layout.addWidget(self.withdraw_button)
        form = QFormLayout()
        self.unit_combo = QComboBox()
        self.unit_combo.currentIndexChanged.connect(self._unit_changed)
        form.addRow("Unit:", self.unit_combo)
        self.order_combo = QComboBox()
        form.addRow("Order:", self.order_combo)
        self.points_spin = QSpinBox()
        self.points_spin.setMinimum(1)
        form.addRow("Points:", self.points_spin)
        layout.addLayout(form)
        row = QHBoxLayout()
        self.allocate_button = QPushButton("Allocate")
        self.allocate_button.clicked.connect(self.allocate_chosen)
        row.addWidget(self.allocate_button)
        row.addStretch(1)
        layout.addLayout(row)
        self.error = QLabel()
        self.error.setWordWrap(True)
        self.error.setStyleSheet("color: #a33;")
        layout.addWidget(self.error)

    def show_for(self, game: Game, draft: OrderDraft, power: str, panel: AllocationPanel,
                 power_name: Callable[[str], str]) -> None:
        """Show ``power``'s panel (a different power than before starts afresh)."""
        fresh = (power, draft, panel.targets) != (self.power, self.draft, self.panel.targets if self.panel else None)
        self.game, self.draft, self.power, self.panel = game, draft, power, panel
        if fresh:
            self.error.clear()
            self.unit_combo.blockSignals(True)
            self.unit_combo.clear()
            for unit, _orders in panel.targets:
                self.unit_combo.addItem(f"{unit} ({power_name(unit.power)})", unit)
            self.unit_combo.blockSignals(False)
            self._unit_changed()
        self._refresh_allocated()

    def clear_panel(self) -> None:
        """Nothing to show (another power's turn, results, the curtain): forget the power's drafts here."""
        self.game = self.draft = self.power = self.panel = None
        self.unit_combo.clear()
        self.order_combo.clear()
        self.allocated.clear()
        self.heading.clear()
        self.error.clear()

    def _refresh_allocated(self) -> None:
        game, draft, power, panel = self.game, self.draft, self.power, self.panel
        if game is None or draft is None or power is None or panel is None:
            return
        drafted = allocations.drafted(game, draft, power, panel)
        left = allocations.points_left(game, draft, power, panel)
        # Typed allocations may overspend (the panel's own refuse to): say so, never "-1 left".
        spending = (f"{left} left to allocate" if left >= 0 else
                    f"{panel.points - left} allocated, {-left} too many: all would be forfeited")
        self.heading.setText(f"{panel.title}: {panel.points} this turn, {spending}. "
                             "Secret: only you read your allocations.")
        self.allocated.clear()
        for a in drafted:
            self.allocated.addItem(f"{a.points} → {a.order}")
            self.allocated.item(self.allocated.count() - 1).setData(Qt.ItemDataRole.UserRole, a.unit)
        self.points_spin.setMaximum(max(1, panel.points))
        self.allocate_button.setEnabled(panel.points > 0 and bool(panel.targets))

    def _unit_changed(self) -> None:
        self.order_combo.clear()
        panel = self.panel
        index = self.unit_combo.currentIndex()
        if panel is None or not 0 <= index < len(panel.targets):
            return
        for order in panel.targets[index][1]:
            self.order_combo.addItem(str(order), order)

    def allocate_chosen(self) -> None:
        game, draft, power, panel = self.game, self.draft, self.power, self.panel
        index = self.unit_combo.currentIndex()
        if game is None or draft is None or power is None or panel is None or not 0 <= index < len(panel.targets):
            return
        orders = panel.targets[index][1]
        choice = self.order_combo.currentIndex()
        if not 0 <= choice < len(orders):
            return
        try:
            allocations.allocate(game, draft, power, self.points_spin.value(), orders[choice])
        except ChancelleryError as e:
            self.error.setText(str(e))
            return
        self.error.clear()
        self._refresh_allocated()
        self.changed()

    def withdraw_selected(self) -> None:
        game, draft, power = self.game, self.draft, self.power
        item = self.allocated.currentItem()
        if game is None or draft is None or power is None or item is None:
            return
        allocations.withdraw(game, draft, power, item.data(Qt.ItemDataRole.UserRole))
        self._refresh_allocated()
        self.changed()
