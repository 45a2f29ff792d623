"""The new-game dialog: variant, mode and who plays here (or which powers a bot plays), how the game is won (the
variant's ``victory_rule``, with its supply-centre count where one decides anything), what happens to missing
orders, and the variant's own options, built from its typed specs (``Variant.option_specs``, see ``option_form.py``)."""
from __future__ import annotations

from PySide6.QtCore import QTimer
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
    QPushButton,
    QRadioButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from app.controllers.setup import VICTORY_CENTERS, MissingOrders, Mode, NewGameSpec, variant_options, victory_option
from app.widgets.option_form import OptionForm
from app.widgets.rules_dialog import RulesDialog
from engine.seat_bots import BOT_STRENGTHS
from engine.types import ChancelleryError
from engine.variant_options import OptionSpec
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
        self.rules_button = QPushButton("Rules in brief…")
        self.rules_button.clicked.connect(self.show_rules)
        form.addRow("", self.rules_button)
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
        self.power_bots: dict[str, QComboBox] = {}  # for a power not played here: nobody, or a bot's strength
        layout.addWidget(self.powers_box)

        rules = QFormLayout()
        self.victory_text = QLabel()
        self.victory_text.setObjectName("victoryRule")
        self.victory_text.setWordWrap(True)
        rules.addRow("How it is won:", self.victory_text)
        self.victory_label = QLabel("Supply centres to win:")
        self.victory_spin = QSpinBox()
        self.victory_spin.valueChanged.connect(self._reword_victory)
        rules.addRow(self.victory_label, self.victory_spin)
        self.victory_offered = True  # the variant's rule has a supply-centre count to ask for
        self._victory_default: int | None = None
        self.missing_combo = QComboBox()
        for policy in MissingOrders:
            self.missing_combo.addItem(policy.label, policy.value)
        rules.addRow("Powers nobody plays / missing orders:", self.missing_combo)
        layout.addLayout(rules)

        self.options_box = OptionForm("Variant options")
        layout.addWidget(self.options_box)
        # Options can change the rule's words and the count's range (Age of Discovery's players): asked again
        # once typing pauses, since making an Age of Discovery variant may generate its map.
        self._options_timer = QTimer(self)
        self._options_timer.setSingleShot(True)
        self._options_timer.setInterval(250)
        self._options_timer.timeout.connect(self._options_changed)
        self.options_box.changed.connect(self._options_timer.start)

        self.error = QLabel()
        self.error.setStyleSheet("color: #b00020;")
        layout.addWidget(self.error)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        self.buttons.accepted.connect(self._accept)
        self.buttons.rejected.connect(self.reject)
        layout.addWidget(self.buttons)
        self._variant_changed()

    def show_rules(self) -> RulesDialog:
        dialog = RulesDialog(find_variant(str(self.variant_combo.currentData())), self)
        dialog.show()
        return dialog

    def _variant_changed(self) -> None:
        vid = self.variant_combo.currentData()
        if vid is None:
            return
        variant = find_variant(vid)
        self.description.setText(variant.description)
        for widget in [*self.power_checks.values(), *self.power_bots.values()]:
            self.powers_grid.removeWidget(widget)
            widget.deleteLater()
        self.power_checks = {}
        self.power_bots = {}
        columns = 3
        for i, (pid, info) in enumerate(variant.board.powers.items()):
            check = QCheckBox(info.name)
            check.setChecked(True)
            check.setStyleSheet(f"QCheckBox {{ border-left: 6px solid {info.color}; padding-left: 4px; }}")
            bot = QComboBox()
            bot.addItem("nobody", None)
            for strength in BOT_STRENGTHS:
                bot.addItem(f"bot ({strength})", strength)
            bot.setToolTip(f"Who plays {info.name} when nobody at this machine does")
            bot.setEnabled(False)
            check.toggled.connect(lambda on, combo=bot: combo.setEnabled(not on))
            self.powers_grid.addWidget(check, i // columns, 2 * (i % columns))
            self.powers_grid.addWidget(bot, i // columns, 2 * (i % columns) + 1)
            self.power_checks[pid] = check
            self.power_bots[pid] = bot
        self.options_box.show_specs(variant_options(vid))
        self._options_timer.stop()
        self._show_victory_option(victory_option(vid), reset=True)

    def _show_victory_option(self, victory: OptionSpec | None, reset: bool) -> None:
        """The supply-centre count's row as the variant's rule has it (hidden where none applies); ``reset``
        puts its default, else a value still in range is kept."""
        self.victory_offered = victory is not None
        self.victory_label.setVisible(victory is not None)
        self.victory_spin.setVisible(victory is not None)
        if victory is not None:
            self.victory_label.setText(victory.label + ":")
            keep = self.victory_spin.value()
            low, high = victory.minimum or 1, victory.maximum or 999
            default = victory.default if isinstance(victory.default, int) else low
            # A count left at its default follows the options' default (Age of Discovery: every centre).
            chosen = not reset and keep != self._victory_default and low <= keep <= high
            self.victory_spin.blockSignals(True)
            self.victory_spin.setRange(low, high)
            self.victory_spin.setValue(keep if chosen else default)
            self.victory_spin.blockSignals(False)
            self._victory_default = default
            self.victory_spin.setSuffix(f" of {victory.maximum}" if victory.maximum else "")
            self.victory_spin.setToolTip(victory.help)
        self._reword_victory()

    def _options_changed(self) -> None:
        vid = self.variant_combo.currentData()
        if vid is None:
            return
        try:
            victory = victory_option(str(vid), self.variant_option_values())
        except ChancelleryError as exc:
            self.victory_text.setText(str(exc))
            return
        self._show_victory_option(victory, reset=False)

    def _reword_victory(self) -> None:
        """The rule's words for the options as chosen (the count, the level, the continents)."""
        vid = self.variant_combo.currentData()
        if vid is None:
            return
        options = self.variant_option_values()
        if self.victory_offered:
            options[VICTORY_CENTERS] = self.victory_spin.value()
        try:
            self.victory_text.setText(find_variant(str(vid), options).victory_rule().text)
        except ChancelleryError as exc:
            self.victory_text.setText(str(exc))

    def settle_options(self) -> None:
        """Apply an option change still waiting for typing to pause (before the choices are read)."""
        if self._options_timer.isActive():
            self._options_timer.stop()
            self._options_changed()

    @property
    def option_widgets(self) -> dict[str, tuple[OptionSpec, QWidget]]:
        return self.options_box.widgets

    def variant_option_values(self) -> dict[str, object]:
        """The options as the variant takes them (``Game.new(options=...)``)."""
        return self.options_box.values()

    def _mode_changed(self) -> None:
        self.powers_box.setEnabled(self.hotseat_radio.isChecked())

    def spec(self) -> NewGameSpec:
        self.settle_options()
        mode = Mode.HOTSEAT if self.hotseat_radio.isChecked() else Mode.GM
        humans = tuple(p for p, c in self.power_checks.items() if c.isChecked()) if mode is Mode.HOTSEAT else ()
        bots = {p: str(combo.currentData()) for p, combo in self.power_bots.items()
                if p not in humans and combo.currentData() is not None} if mode is Mode.HOTSEAT else {}
        return NewGameSpec(
            variant=str(self.variant_combo.currentData()),
            mode=mode,
            humans=humans,
            victory_centers=self.victory_spin.value() if self.victory_offered else None,
            missing_orders=MissingOrders(self.missing_combo.currentData()),
            extra_options=self.variant_option_values(),
            bots=bots,
        )

    def _accept(self) -> None:
        spec = self.spec()
        if spec.mode is Mode.HOTSEAT and not spec.humans:
            self.error.setText("Choose at least one power to play at this machine.")
            return
        self.accept()
