"""The new-game dialog: variant, mode and who plays here, victory target, what happens to missing orders, and
the variant's own options (Hugh's Engineered Diplomacy: its level and the rest, see ``variant_options``)."""
from __future__ import annotations

from PySide6.QtWidgets import (
    QButtonGroup,
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QLabel,
    QRadioButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from app.controllers.setup import MissingOrders, Mode, NewGameSpec, OptionSpec, variant_options
from engine.types import ChancelleryError
from engine.variants import find_variant, variant_ids


class NewGameDialog(QDialog):
    def __init__(self, parent: QWidget | None = None, variant: str = "standard") -> None:
        super().__init__(parent)
        self.setWindowTitle("New game")
        layout = QVBoxLayout(self)
        form = QFormLayout()
        self.variant_combo = QComboBox()
        for vid in variant_ids():
            try:
                name = find_variant(vid).name
            except ChancelleryError:
                continue
            self.variant_combo.addItem(name, vid)
        index = self.variant_combo.findData(variant)
        self.variant_combo.setCurrentIndex(max(0, index))
        self.variant_combo.currentIndexChanged.connect(self._variant_changed)
        form.addRow("Variant:", self.variant_combo)
        self.description = QLabel()
        self.description.setWordWrap(True)
        form.addRow("", self.description)
        layout.addLayout(form)

        mode_box = QGroupBox("How is it played?")
        mode_layout = QVBoxLayout(mode_box)
        self.hotseat_radio = QRadioButton("Hot-seat: each power at this machine enters sealed orders in turn")
        self.gm_radio = QRadioButton("Game master: one operator enters every power's orders (face to face, sandbox)")
        self.hotseat_radio.setChecked(True)
        group = QButtonGroup(self)
        group.addButton(self.hotseat_radio)
        group.addButton(self.gm_radio)
        self.hotseat_radio.toggled.connect(self._mode_changed)
        mode_layout.addWidget(self.hotseat_radio)
        mode_layout.addWidget(self.gm_radio)
        layout.addWidget(mode_box)

        self.powers_box = QGroupBox("Powers played at this machine")
        self.powers_grid = QGridLayout(self.powers_box)
        self.power_checks: dict[str, QCheckBox] = {}
        layout.addWidget(self.powers_box)

        rules = QFormLayout()
        self.victory_spin = QSpinBox()
        rules.addRow("Supply centres to win:", self.victory_spin)
        self.missing_combo = QComboBox()
        for policy in MissingOrders:
            self.missing_combo.addItem(policy.label, policy.value)
        rules.addRow("Powers nobody plays / missing orders:", self.missing_combo)
        layout.addLayout(rules)

        self.options_box = QGroupBox("Variant options")
        self.options_box.setObjectName("variantOptions")
        self.options_form = QFormLayout(self.options_box)
        self.option_widgets: dict[str, tuple[OptionSpec, QWidget]] = {}
        layout.addWidget(self.options_box)

        self.error = QLabel()
        self.error.setStyleSheet("color: #b00020;")
        layout.addWidget(self.error)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        self.buttons.accepted.connect(self._accept)
        self.buttons.rejected.connect(self.reject)
        layout.addWidget(self.buttons)
        self._variant_changed()

    def _variant_changed(self) -> None:
        vid = self.variant_combo.currentData()
        if vid is None:
            return
        variant = find_variant(vid)
        self.description.setText(variant.description)
        for check in self.power_checks.values():
            self.powers_grid.removeWidget(check)
            check.deleteLater()
        self.power_checks = {}
        columns = 4
        for i, (pid, info) in enumerate(variant.board.powers.items()):
            check = QCheckBox(info.name)
            check.setChecked(True)
            check.setStyleSheet(f"QCheckBox {{ border-left: 6px solid {info.color}; padding-left: 4px; }}")
            self.powers_grid.addWidget(check, i // columns, i % columns)
            self.power_checks[pid] = check
        total = len(variant.board.supply_centers)
        self.victory_spin.setRange(1, total)
        self.victory_spin.setValue(variant.board.victory_centers)
        self.victory_spin.setSuffix(f" of {total}")
        self._build_options(variant_options(vid))

    def _build_options(self, specs: tuple[OptionSpec, ...]) -> None:
        while self.options_form.rowCount():
            self.options_form.removeRow(0)
        self.option_widgets = {}
        for spec in specs:
            widget: QWidget
            if spec.kind == "choice":
                combo = QComboBox()
                for value, label in spec.choices:
                    combo.addItem(label, value)
                combo.setCurrentIndex(max(0, combo.findData(spec.default)))
                widget = combo
            elif spec.kind == "bool":
                check = QCheckBox()
                check.setChecked(bool(spec.default))
                widget = check
            else:
                spin = QSpinBox()
                spin.setRange(0 if spec.kind == "optional_int" else spec.minimum, 99)
                if spec.kind == "optional_int":
                    spin.setSpecialValueText("never")
                    spin.setValue(int(spec.default) if isinstance(spec.default, int) else 0)
                else:
                    spin.setValue(int(spec.default))  # type: ignore[call-overload]
                widget = spin
            widget.setObjectName(f"option_{spec.name}")
            if spec.help:
                widget.setToolTip(spec.help)
            self.options_form.addRow(spec.label + ":", widget)
            self.option_widgets[spec.name] = (spec, widget)
        self.options_box.setVisible(bool(specs))

    def variant_option_values(self) -> dict[str, object]:
        """The options as the variant takes them (``Game.new(options=...)``)."""
        values: dict[str, object] = {}
        for name, (spec, widget) in self.option_widgets.items():
            if isinstance(widget, QComboBox):
                values[name] = widget.currentData()
            elif isinstance(widget, QCheckBox):
                values[name] = widget.isChecked()
            elif isinstance(widget, QSpinBox):
                if spec.kind == "optional_int" and widget.value() < spec.minimum:
                    continue  # "never": the option is left out
                values[name] = widget.value()
        return values

    def _mode_changed(self) -> None:
        self.powers_box.setEnabled(self.hotseat_radio.isChecked())

    def spec(self) -> NewGameSpec:
        mode = Mode.HOTSEAT if self.hotseat_radio.isChecked() else Mode.GM
        humans = tuple(p for p, c in self.power_checks.items() if c.isChecked()) if mode is Mode.HOTSEAT else ()
        return NewGameSpec(
            variant=str(self.variant_combo.currentData()),
            mode=mode,
            humans=humans,
            victory_centers=self.victory_spin.value(),
            missing_orders=MissingOrders(self.missing_combo.currentData()),
            extra_options=self.variant_option_values(),
        )

    def _accept(self) -> None:
        spec = self.spec()
        if spec.mode is Mode.HOTSEAT and not spec.humans:
            self.error.setText("Choose at least one power to play at this machine.")
            return
        self.accept()
