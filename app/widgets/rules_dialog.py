"""The Help menu's rules summary of a variant: the text the variant brings (``Variant.rules_summary``)."""
from __future__ import annotations

from PySide6.QtCore import QMimeData
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


# Shown inside an order: no-break spaces between its words, and a word joiner after the marks a line may
# otherwise break after ("A MOS -" / "VLA"). Copied text gets plain spaces back and loses the joiners.
NO_BREAK = {" ": "\u00a0", "-": "-\u2060", "/": "/\u2060"}
WORD_JOINER = "\u2060"


def keep_orders_whole(document: QTextDocument) -> None:
    """Keep every order shown as code on one line."""
    spans: list[tuple[int, int, str]] = []
    block = document.begin()
    while block.isValid():
        fragments = block.begin()
        while not fragments.atEnd():
            fragment = fragments.fragment()
            text = fragment.text()
            if fragment.charFormat().fontFixedPitch() and any(mark in text for mark in NO_BREAK):
                spans.append((fragment.position(), fragment.length(), "".join(NO_BREAK.get(c, c) for c in text)))
            fragments += 1
        block = block.next()
    cursor = QTextCursor(document)
    for position, length, whole in reversed(spans):  # from the end: earlier positions stay right
        cursor.setPosition(position)
        cursor.setPosition(position + length, QTextCursor.MoveMode.KeepAnchor)
        cursor.insertText(whole, cursor.charFormat())


def plain(text: str) -> str:
    """``text`` as a player would type it: the joiners that keep orders whole taken out."""
    return text.replace(WORD_JOINER, "").replace("\u00a0", " ")


class RulesText(QTextBrowser):
    """The summary's text; what is copied from it reads as typed orders."""

    def createMimeDataFromSelection(self) -> QMimeData:
        data = super().createMimeDataFromSelection()
        copied = QMimeData()
        copied.setText(plain(data.text()))
        return copied


class RulesDialog(QDialog):
    def __init__(self, variant: Variant, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(f"Rules — {variant.name}")
        layout = QVBoxLayout(self)
        self.text = RulesText()
        self.text.setOpenExternalLinks(False)
        self.text.setMarkdown(rules_text(variant))
        scale_headings(self.text.document())
        keep_orders_whole(self.text.document())
        layout.addWidget(self.text)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.resize(680, 600)
