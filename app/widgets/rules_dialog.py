"""The Help menu's rules summary of a variant: the text the variant brings (``Variant.rules_summary``)."""
from __future__ import annotations

from PySide6.QtWidgets import QDialog, QDialogButtonBox, QTextBrowser, QVBoxLayout, QWidget

from engine.variants.base import Variant


def rules_text(variant: Variant) -> str:
    """The variant's summary, or a line saying it has none (the description at least)."""
    return variant.rules_summary() or f"{variant.name}: no rules summary yet.\n\n{variant.description}"


class RulesDialog(QDialog):
    def __init__(self, variant: Variant, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(f"Rules — {variant.name}")
        layout = QVBoxLayout(self)
        self.text = QTextBrowser()
        self.text.setMarkdown(rules_text(variant))
        layout.addWidget(self.text)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.resize(620, 520)
