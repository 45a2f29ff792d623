"""The bid dialog (Hugh's Engineered Diplomacy, rule D3): tick your units to offer, choose the madman unit
and the order you want it to carry out. Choices and the bid itself come from :mod:`app.controllers.bids`."""
from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGroupBox,
    QLabel,
    QVBoxLayout,
    QWidget,
)

from app.controllers.bids import BidChoices, make_bid
from engine.game import Game
from engine.types import ChancelleryError

TOOLTIP = ("If your bid has at least one unit more than any other bid for this order, the madman unit carries "
           "it out and the units you offer go into civil disorder this turn: they hold, their orders void.")


class BidDialog(QDialog):
    bid_chosen = Signal(str, object)  # power, Bid

    def __init__(self, game: Game, choices_for: Callable[[str], BidChoices], powers: Sequence[str],
                 power_names: Mapping[str, str], madman_province: str | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("bidDialog")
        self.setWindowTitle("Bid for a madman unit")
        self.game = game
        self._choices_for = choices_for
        self.choices: BidChoices | None = None
        layout = QVBoxLayout(self)
        intro = QLabel("Offer some of your units for an order of a madman unit. " + TOOLTIP)
        intro.setWordWrap(True)
        layout.addWidget(intro)
        form = QFormLayout()
        self.power_combo = QComboBox()
        for p in powers:
            self.power_combo.addItem(power_names.get(p, p), p)
        form.addRow("Bidding power:", self.power_combo)
        self.power_combo.setVisible(len(powers) > 1)
        form.labelForField(self.power_combo).setVisible(len(powers) > 1)  # type: ignore[union-attr]
        self.unit_combo = QComboBox()
        self.unit_combo.setObjectName("madmanUnit")
        form.addRow("Madman unit:", self.unit_combo)
        self.order_combo = QComboBox()
        self.order_combo.setObjectName("madmanOrder")
        form.addRow("Order it to:", self.order_combo)
        layout.addLayout(form)
        self.offer_box = QGroupBox("Your units to offer")
        self.offer_layout = QVBoxLayout(self.offer_box)
        self.offer_checks: dict[str, QCheckBox] = {}
        layout.addWidget(self.offer_box)
        self.error = QLabel()
        self.error.setStyleSheet("color: #b00020;")
        self.error.setWordWrap(True)
        layout.addWidget(self.error)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        self.buttons.accepted.connect(self._accept)
        self.buttons.rejected.connect(self.reject)
        layout.addWidget(self.buttons)
        self._wanted = madman_province
        self.power_combo.currentIndexChanged.connect(self._power_changed)
        self.unit_combo.currentIndexChanged.connect(self._unit_changed)
        self._power_changed()

    @property
    def power(self) -> str:
        return str(self.power_combo.currentData())

    def _power_changed(self) -> None:
        try:
            self.choices = self._choices_for(self.power)
        except ChancelleryError as exc:
            self.error.setText(str(exc))
            self.choices = None
            return
        self.unit_combo.blockSignals(True)
        self.unit_combo.clear()
        for target in self.choices.targets:
            self.unit_combo.addItem(str(target.unit), target.unit.province)
        index = self.unit_combo.findData(self._wanted) if self._wanted else 0
        self.unit_combo.setCurrentIndex(max(0, index))
        self.unit_combo.blockSignals(False)
        for check in self.offer_checks.values():
            self.offer_layout.removeWidget(check)
            check.deleteLater()
        self.offer_checks = {}
        for unit in self.choices.offerable:
            check = QCheckBox(str(unit))
            check.setToolTip(TOOLTIP)
            self.offer_layout.addWidget(check)
            self.offer_checks[unit.loc] = check
        if not self.choices.targets:
            self.error.setText("There is no madman unit to bid for.")
        self._unit_changed()

    def _unit_changed(self) -> None:
        self.order_combo.clear()
        target = self.choices.target_at(self.unit_combo.currentData()) if self.choices else None
        if target is None:
            return
        for i, order in enumerate(target.orders):
            self.order_combo.addItem(str(order), i)

    def set_offered(self, locations: Sequence[str]) -> None:
        for loc, check in self.offer_checks.items():
            check.setChecked(loc in locations)

    def _accept(self) -> None:
        choices = self.choices
        target = choices.target_at(self.unit_combo.currentData()) if choices else None
        if choices is None or target is None or self.order_combo.currentIndex() < 0:
            self.error.setText("Choose a madman unit and its order.")
            return
        order = target.orders[int(self.order_combo.currentData())]
        offered = [u for u in choices.offerable if self.offer_checks[u.loc].isChecked()]
        try:
            bid = make_bid(self.game, self.power, offered, order)
        except ChancelleryError as exc:
            self.error.setText(str(exc))
            return
        self.bid_chosen.emit(self.power, bid)
        self.accept()
