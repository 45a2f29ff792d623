"""A form of a variant's options built from its typed specs (``engine.variant_options.OptionSpec``): a combo box
for a choice, a check box for a yes/no, a spin box for a number (its lowest entry meaning "none" when the option
is optional), a line for text. The new-game dialog and the LAN host dialog both use it."""
from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QCheckBox, QComboBox, QFormLayout, QGroupBox, QLineEdit, QSpinBox, QWidget

from engine.variant_options import OptionSpec, OptionType

_SPIN_LIMIT = 9999  # a number option without a declared maximum


def option_widget(spec: OptionSpec) -> QWidget:
    """The editor of one option, showing its default; named ``option_<name>`` for tests and style sheets."""
    widget: QWidget
    if spec.type is OptionType.CHOICE:
        combo = QComboBox()
        for value, label in spec.choices:
            combo.addItem(label, value)
        combo.setCurrentIndex(max(0, combo.findData(spec.default)))
        widget = combo
    elif spec.type is OptionType.BOOL:
        check = QCheckBox()
        check.setChecked(bool(spec.default))
        widget = check
    elif spec.type is OptionType.INT:
        spin = QSpinBox()
        low = spec.minimum if spec.minimum is not None else -_SPIN_LIMIT
        high = spec.maximum if spec.maximum is not None else _SPIN_LIMIT
        if spec.optional:
            low -= 1  # one below the range: "none"
            spin.setSpecialValueText(spec.none_label)
        spin.setRange(low, high)
        spin.setValue(spec.default if isinstance(spec.default, int) else low)
        widget = spin
    else:
        widget = QLineEdit(str(spec.default or ""))
    widget.setObjectName(f"option_{spec.name}")
    if spec.help:
        widget.setToolTip(spec.help)
    return widget


def option_value(spec: OptionSpec, widget: QWidget) -> object:
    """The value ``widget`` shows for ``spec`` (``None`` for an optional option's "none")."""
    if isinstance(widget, QComboBox):
        return widget.currentData()
    if isinstance(widget, QCheckBox):
        return widget.isChecked()
    if isinstance(widget, QSpinBox):
        if spec.optional and widget.value() == widget.minimum():
            return None
        return widget.value()
    if isinstance(widget, QLineEdit):
        return widget.text()
    raise TypeError(f"no option editor {type(widget).__name__}")


class OptionForm(QGroupBox):
    """A group box of option editors, rebuilt for each variant chosen; hidden when there are none. ``changed``
    is emitted when any option's value changes (the new-game dialog rewords the victory rule)."""

    changed = Signal()

    def __init__(self, title: str = "Variant options", parent: QWidget | None = None) -> None:
        super().__init__(title, parent)
        self.setObjectName("variantOptions")
        self.form = QFormLayout(self)
        self.widgets: dict[str, tuple[OptionSpec, QWidget]] = {}
        self.setVisible(False)

    def show_specs(self, specs: Sequence[OptionSpec]) -> None:
        while self.form.rowCount():
            self.form.removeRow(0)
        self.widgets = {}
        for spec in specs:
            widget = option_widget(spec)
            self._watch(widget)
            self.form.addRow(spec.label + ":", widget)
            self.widgets[spec.name] = (spec, widget)
        self.setVisible(bool(specs))

    def _watch(self, widget: QWidget) -> None:
        if isinstance(widget, QComboBox):
            widget.currentIndexChanged.connect(lambda *_: self.changed.emit())
        elif isinstance(widget, QCheckBox):
            widget.toggled.connect(lambda *_: self.changed.emit())
        elif isinstance(widget, QSpinBox):
            widget.valueChanged.connect(lambda *_: self.changed.emit())
        elif isinstance(widget, QLineEdit):
            widget.textChanged.connect(lambda *_: self.changed.emit())

    def values(self) -> dict[str, object]:
        """The options as the variant takes them (``Game.new(options=...)``); an optional option left at
        "none" is left out."""
        values = {name: option_value(spec, widget) for name, (spec, widget) in self.widgets.items()}
        return {name: value for name, value in values.items() if value is not None}
