"""The relations side panel (EMG's neutral / allied / at war between every pair of powers), with the
declarations the power at the orders has drafted this turn. What it lists comes from
``Variant.relations_panel`` and ``Variant.pending_declarations``; a power's pending declarations are shown
only while that power is at its orders (sealed orders: nobody else's draft reaches this panel)."""
from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtWidgets import QLabel, QListWidget, QVBoxLayout, QWidget

_WORDS = {"neutral": "neutral", "ally": "allied", "war": "at war"}


def relation_word(relation: str) -> str:
    return _WORDS.get(relation, relation)


class RelationsPanelWidget(QWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        layout = QVBoxLayout(self)
        self.pending_heading = QLabel()
        self.pending_heading.setWordWrap(True)
        layout.addWidget(self.pending_heading)
        self.pending = QListWidget()
        self.pending.setMaximumHeight(120)
        layout.addWidget(self.pending)
        layout.addWidget(QLabel("Relations between the powers"))
        self.pairs = QListWidget()
        layout.addWidget(self.pairs)

    def show_relations(self, relations: Sequence[tuple[str, str, str]],
                       pending: Sequence[tuple[str, str]], power: str | None,
                       name: Callable[[str], str]) -> None:
        """Every pair's relation; ``power``'s ``pending`` declarations (other power, relation asked), or
        none shown when no single power is at its orders."""
        self.pairs.clear()
        for a, b, relation in relations:
            self.pairs.addItem(f"{name(a)} – {name(b)}: {relation_word(relation)}")
        self.pending.clear()
        self.pending_heading.setVisible(power is not None)
        self.pending.setVisible(power is not None)
        if power is None:
            return
        self.pending_heading.setText(f"{name(power)}'s declarations this turn (sealed until adjudication)")
        for other, asked in pending:
            self.pending.addItem(f"{name(power)} → {name(other)}: {relation_word(asked)}")

    def clear_panel(self) -> None:
        self.pairs.clear()
        self.pending.clear()
