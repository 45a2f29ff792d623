"""The relations side panel (EMG): the grid of every power against every power, the calls to arms the power
at the orders must answer, its drafted declarations, and its orders picked on the map (spies) with their
count. What it lists comes from the variant's hooks through :mod:`app.controllers.relations` and
:mod:`app.controllers.area_picks`; a power's drafts and offers are shown only while that power is at its
orders (sealed orders: nobody else's draft reaches this panel)."""
from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QHBoxLayout, QLabel, QListWidget, QPushButton, QVBoxLayout, QWidget

from app.controllers.relations import RelationsGrid
from engine.variants.base import AreaPicking

from .emg_relations import RelationsGridWidget

_WORDS = {"neutral": "neutral", "ally": "allied", "war": "at war"}


def relation_word(relation: str) -> str:
    return _WORDS.get(relation, relation)


class RelationsPanelWidget(QWidget):
    pick_requested = Signal(str)  # an area picking's key: spies, a grant of chosen areas
    pick_finished = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        layout = QVBoxLayout(self)
        self.notes = QLabel()
        self.notes.setObjectName("relationNotes")
        self.notes.setWordWrap(True)
        self.notes.setStyleSheet("color: #8a2d1c;")
        layout.addWidget(self.notes)
        self.grid_heading = QLabel("Relations between the powers")
        self.grid_heading.setWordWrap(True)
        layout.addWidget(self.grid_heading)
        self.grid = RelationsGridWidget()
        layout.addWidget(self.grid)
        self.grid.pick_requested.connect(self.pick_requested)
        self.pending_heading = QLabel()
        self.pending_heading.setWordWrap(True)
        layout.addWidget(self.pending_heading)
        self.pending = QListWidget()
        self.pending.setMaximumHeight(100)
        layout.addWidget(self.pending)
        self.picks_box = QWidget()
        self.picks_layout = QVBoxLayout(self.picks_box)
        self.picks_layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.picks_box)
        layout.addStretch(0)
        self.pick_rows: dict[str, tuple[QLabel, QPushButton]] = {}  # picking key -> (count, button)
        self.picking: str | None = None  # the key being picked on the map

    def show_relations(self, grid: RelationsGrid, pending: Sequence[tuple[str, str]],
                       name: Callable[[str], str], pickings: Sequence[AreaPicking] = (),
                       counts: dict[str, str] | None = None, picking: str | None = None) -> None:
        """The grid; the viewer's ``pending`` declarations (other power, relation asked) and its map
        ``pickings`` with their ``counts`` (none shown when no single power is at its orders)."""
        power = grid.viewer
        grants = {k.key.split(" ", 1)[1]: k.key for k in pickings if k.key.startswith("GA ") and " " in k.key}
        self.grid.show_grid(grid, name, grants)
        self.grid_heading.setText("Relations between the powers" + (
            f" — click a cell in {name(power)}'s row to declare, grant access or call to arms" if power else ""))
        self.notes.setText("\n".join(grid.notes))
        self.notes.setVisible(bool(grid.notes))
        self.pending.clear()
        self.pending_heading.setVisible(power is not None)
        self.pending.setVisible(power is not None)
        self.picking = picking
        self._show_pickings([p for p in pickings if not p.key.startswith("GA ")] if power else [], counts or {})
        if power is None:
            return
        self.pending_heading.setText(f"{name(power)}'s declarations this turn (sealed until adjudication)")
        for other, asked in pending:
            self.pending.addItem(f"{name(power)} → {name(other)}: {relation_word(asked)}")

    def _show_pickings(self, pickings: Sequence[AreaPicking], counts: dict[str, str]) -> None:
        keys = {p.key for p in pickings}
        for key in [k for k in self.pick_rows if k not in keys]:
            label, button = self.pick_rows.pop(key)
            label.parentWidget().deleteLater()  # type: ignore[union-attr]
        for p in pickings:
            if p.key not in self.pick_rows:
                row = QWidget(self.picks_box)
                line = QHBoxLayout(row)
                line.setContentsMargins(0, 0, 0, 0)
                label = QLabel(row)
                label.setObjectName(f"pickCount{p.key}")
                button = QPushButton(row)
                button.setObjectName(f"pickButton{p.key}")
                button.clicked.connect(lambda _=False, k=p.key: self._toggle(k))
                line.addWidget(label, 1)
                line.addWidget(button)
                self.picks_layout.addWidget(row)
                self.pick_rows[p.key] = (label, button)
            label, button = self.pick_rows[p.key]
            label.setText(f"{p.title}: {counts.get(p.key, '')}")
            label.setToolTip(p.hint)
            button.setText("Done" if self.picking == p.key else "Pick on the map")
        self.picks_box.setVisible(bool(pickings))

    def _toggle(self, key: str) -> None:
        if self.picking == key:
            self.pick_finished.emit()
        else:
            self.pick_requested.emit(key)

    def clear_panel(self) -> None:
        self.grid.close_menu()
        self.grid.clear()
        self.pending.clear()
        self.notes.clear()
        self._show_pickings([], {})
