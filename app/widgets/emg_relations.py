"""The relations grid: every power against every power (neutral, allied, at war), the viewing power's row
showing its drafted declarations, grants and calls to arms; a click on a cell of that row opens a menu of
the orders it may give towards that power. The grid shows a :class:`~app.controllers.relations.RelationsGrid`
and emits what was chosen; the page drafts it."""
from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QPoint, Qt, Signal
from PySide6.QtGui import QAction, QBrush, QColor, QFont
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QMenu, QTableWidget, QTableWidgetItem, QWidget

from app.controllers.relations import Cell, RelationsGrid
from engine.orders import Order

RELATION_COLOURS = {"ally": "#cfe8c4", "war": "#f1bdb3", "neutral": "#fbf8f1", "": "#d9d4ca"}
RELATION_SHORT = {"ally": "allied", "war": "war", "neutral": "·", "": ""}
RELATION_WORDS = {"ally": "allied", "war": "at war", "neutral": "neutral"}
GRANT_AREAS = "__pick__"  # the menu line that starts picking a grant's areas on the map


def short_name(name: str) -> str:
    """A column heading: the first three letters ("Aus"), enough to tell the Great Powers apart."""
    return name.replace("-", " ")[:3]


def drafted_words(order: Order, column: str, name: Callable[[str], str]) -> str:
    """A drafted order in its column, without the column's power: ``DA``, ``GA ALL``, ``CA → Ita``."""
    words = [w for w in str(order).split() if w != column]
    if words[0] in ("DA", "DN", "DW") and len(words) > 1:  # a declaration naming others too
        return f"{words[0]} (+{', '.join(short_name(name(p)) for p in words[1:])})"
    if len(words) == 2 and words[0] == "CA":
        return f"CA → {short_name(name(words[1]))}"
    if words[0] == "GA" and words[1:] != ["ALL"]:
        return f"GA {len(words) - 1} area{'s' if len(words) != 2 else ''}"
    return " ".join(words)


class RelationsGridWidget(QTableWidget):
    order_chosen = Signal(object)  # an offer's order to draft
    withdraw_chosen = Signal(object, str)  # a drafted order to take back, from this column's power
    pick_requested = Signal(str)  # an area picking's key (a grant of chosen areas)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("relationsGrid")
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.setWordWrap(True)
        self.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.grid: RelationsGrid | None = None
        self.menu: QMenu | None = None  # the open cell menu (kept for tests and to close it on refresh)
        self.grant_keys: dict[str, str] = {}  # other power -> its area picking's key
        self._name: Callable[[str], str] = str
        self.cellClicked.connect(self._on_cell)

    def show_grid(self, grid: RelationsGrid, name: Callable[[str], str], grant_keys: dict[str, str]) -> None:
        self.grid, self._name, self.grant_keys = grid, name, grant_keys
        powers = grid.powers
        self.setRowCount(len(powers))
        self.setColumnCount(len(powers))
        self.setHorizontalHeaderLabels([short_name(name(p)) for p in powers])
        self.setVerticalHeaderLabels([name(p) for p in powers])
        for i, p in enumerate(powers):
            head = self.horizontalHeaderItem(i)
            if head is not None:
                head.setToolTip(name(p))
            side = self.verticalHeaderItem(i)
            if side is not None:
                font = QFont()
                font.setBold(p == grid.viewer)
                side.setFont(font)
        for r, row in enumerate(powers):
            for c, column in enumerate(powers):
                self.setItem(r, c, self._item(grid.cell(row, column)))
        self.resizeColumnsToContents()
        self.resizeRowsToContents()
        # As tall as its rows (and a scroll bar): the panel's room below goes to the lists, not to blank grid.
        height = self.horizontalHeader().height() + sum(self.rowHeight(r) for r in range(self.rowCount()))
        self.setMaximumHeight(height + self.horizontalScrollBar().sizeHint().height() + 2 * self.frameWidth())

    def _item(self, cell: Cell) -> QTableWidgetItem:
        lines = [RELATION_SHORT.get(cell.relation, cell.relation)]
        lines += [drafted_words(o, cell.column, self._name) for o in cell.drafted]
        item = QTableWidgetItem("\n".join(lines))
        item.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
        item.setBackground(QBrush(QColor(RELATION_COLOURS.get(cell.relation, "#ffffff"))))
        if cell.drafted:
            font = QFont()
            font.setBold(True)
            item.setFont(font)
        words = RELATION_WORDS.get(cell.relation, "")
        tip = f"{self._name(cell.row)} – {self._name(cell.column)}: {words}" if words else ""
        if cell.drafted:
            tip += "\nDrafted (sealed until the turn is played): " + ", ".join(str(o) for o in cell.drafted)
        if cell.offers:
            tip += "\nClick for declarations, access and calls to arms"
        item.setToolTip(tip)
        return item

    def cell_at(self, row: str, column: str) -> QTableWidgetItem | None:
        assert self.grid is not None
        return self.item(self.grid.powers.index(row), self.grid.powers.index(column))

    def _on_cell(self, r: int, c: int) -> None:
        grid = self.grid
        if grid is None or grid.viewer is None or grid.powers[r] != grid.viewer or r == c:
            return
        cell = grid.cell(grid.powers[r], grid.powers[c])
        menu = self.menu_for(cell)
        if menu is None:
            return
        item = self.item(r, c)
        at = self.visualItemRect(item).bottomLeft() if item is not None else QPoint(0, 0)
        menu.popup(self.viewport().mapToGlobal(at))

    def menu_for(self, cell: Cell) -> QMenu | None:
        """The menu of one cell of the viewer's row: its offers, a grant of chosen areas, its drafted orders
        to take back."""
        self.close_menu()
        menu = QMenu(self)
        menu.setObjectName("relationsMenu")
        menu.setTitle(self._name(cell.column))
        pair = f"{self._name(cell.row)} → {self._name(cell.column)}"
        menu.addSection(f"{pair} ({RELATION_WORDS.get(cell.relation, '')})")
        drafted = set(cell.drafted)
        for offer in cell.offers:
            if offer.order in drafted:
                continue
            action = QAction(f"{offer.label}  ({offer.order})", menu)
            action.triggered.connect(lambda _=False, o=offer.order: self._chosen(o))
            menu.addAction(action)
        key = self.grant_keys.get(cell.column)
        if key is not None:
            action = QAction("Grant access to chosen areas (click them on the map)…", menu)
            action.triggered.connect(lambda _=False, k=key: self._pick(k))
            menu.addAction(action)
        if cell.drafted:
            menu.addSeparator()
            for order in cell.drafted:
                others = [p for p in str(order).split()[1:] if p != cell.column and p in self.grid_powers()]
                words = (f"Withdraw {order} towards {self._name(cell.column)} only" if others
                         else f"Withdraw {order}")
                action = QAction(words, menu)
                action.triggered.connect(lambda _=False, o=order, c=cell.column: self._withdraw(o, c))
                menu.addAction(action)
        if all(a.isSeparator() for a in menu.actions()):
            menu.deleteLater()
            return None
        self.menu = menu
        return menu

    def close_menu(self) -> None:
        if self.menu is not None:
            self.menu.close()
            self.menu.deleteLater()
            self.menu = None

    def _chosen(self, order: Order) -> None:
        self.order_chosen.emit(order)

    def grid_powers(self) -> tuple[str, ...]:
        return self.grid.powers if self.grid is not None else ()

    def _withdraw(self, order: Order, column: str) -> None:
        self.withdraw_chosen.emit(order, column)

    def _pick(self, key: str) -> None:
        self.pick_requested.emit(key)


__all__ = ["RelationsGridWidget", "drafted_words", "short_name"]
