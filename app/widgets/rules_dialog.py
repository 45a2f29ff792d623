"""The Help menu's rules summary of a variant: the text the variant brings (``Variant.rules_summary``)."""
from __future__ import annotations

from PySide6.QtGui import QTextCharFormat, QTextCursor, QTextDocument, QTextFormat
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QTextBrowser, QVBoxLayout, QWidget

from engine.variants.base import Variant

# Each heading level's size step (Qt's font size adjustment: 0 the body's size, 1 larger, 2 larger still).
# Markdown's own steps are one larger, and its title wraps in a dialog this wide.
HEADING_STEPS = {1: 2, 2: 1, 3: 0}


def rules_text(variant: Variant) -> str:
    """The variant's summary (Markdown), or a heading and a line saying it has none (the description at least)."""
    return variant.rules_summary() or f"# {variant.name}\n\nNo rules summary yet.\n\n{variant.description}\n"


def scale_headings(document: QTextDocument) -> None:
    """Give each heading of ``document`` its size step in ``HEADING_STEPS``."""
    block = document.begin()
    while block.isValid():
        step = HEADING_STEPS.get(block.blockFormat().headingLevel())
        if step is not None:
            cursor = QTextCursor(block)
            cursor.movePosition(QTextCursor.MoveOperation.EndOfBlock, QTextCursor.MoveMode.KeepAnchor)
            size = QTextCharFormat()
            size.setProperty(QTextFormat.Property.FontSizeAdjustment, step)
            cursor.mergeCharFormat(size)
        block = block.next()


class RulesDialog(QDialog):
    def __init__(self, variant: Variant, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(f"Rules — {variant.name}")
        layout = QVBoxLayout(self)
        self.text = QTextBrowser()
        self.text.setOpenExternalLinks(False)
        self.text.setMarkdown(rules_text(variant))
        scale_headings(self.text.document())
        layout.addWidget(self.text)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.resize(680, 600)
