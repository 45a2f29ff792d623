"""Orders being written, per power, with undo and redo.

An :class:`OrderDraft` belongs to one entry session: in hot-seat play each power gets a fresh draft and
it is dropped when the orders are submitted, so no later power can undo its way into them.
"""
from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import cast

from engine.orders import Order
from engine.orders import order_key as engine_order_key


def as_order(order: object) -> Order:
    """A variant's own order kind (a Suez permission, an engineer's orders) as the engine's hooks type it:
    they take and hand out such orders as ``Order`` and pass them through to the variant."""
    return cast(Order, order)


def order_key(order: Order) -> str:
    """What a new order replaces: the order in the same slot (:func:`engine.orders.order_key`, the engine's
    one slot function). Orders without a slot (waives) never replace: they are ``"waive"`` here and numbered."""
    return engine_order_key(order) or "waive"


_serials = itertools.count(1)


@dataclass(frozen=True, slots=True)
class _Change:
    description: str
    power: str
    before: tuple[tuple[str, Order], ...]
    after: tuple[tuple[str, Order], ...]


class OrderDraft:
    """The orders of some powers, keyed by unit province; every change can be undone."""

    def __init__(self, powers: Iterable[str]) -> None:
        self.powers: tuple[str, ...] = tuple(powers)
        self._orders: dict[str, dict[str, Order]] = {p: {} for p in self.powers}
        self._undo: list[_Change] = []
        self._redo: list[_Change] = []
        self._listeners: list[Callable[[], None]] = []
        self.version = 0  # bumped by every change, so views can tell an order change from a click
        self.serial = next(_serials)  # unlike id(), never reused by a later draft

    # --- reading ----------------------------------------------------------------------------------

    def orders(self, power: str) -> list[Order]:
        return list(self._check(power).values())

    def items(self, power: str) -> list[tuple[str, Order]]:
        """(key, order) pairs in entry order; the key is what :meth:`remove` takes."""
        return list(self._check(power).items())

    def lines(self, power: str) -> list[str]:
        return [str(o) for o in self._check(power).values()]

    def all_orders(self) -> list[tuple[str, Order]]:
        return [(p, o) for p in self.powers for o in self._orders[p].values()]

    def order_for(self, power: str, key: str) -> Order | None:
        return self._check(power).get(key)

    def count(self, power: str, kind: type | tuple[type, ...]) -> int:
        return sum(1 for o in self._check(power).values() if isinstance(o, kind))

    # --- changing ---------------------------------------------------------------------------------

    def put(self, power: str, order: Order) -> None:
        """Add an order; it replaces the unit's earlier order."""
        current = self._check(power)
        updated = dict(current)
        key = order_key(order)
        if key == "waive":
            key = f"waive:{1 + sum(1 for k in current if k.startswith('waive'))}"
        updated.pop(key, None)  # a replaced order moves to the end of the list, where the user looks
        updated[key] = order
        self._apply(power, updated, str(order))

    def remove(self, power: str, key: str) -> None:
        current = self._check(power)
        if key not in current:
            return
        updated = {k: v for k, v in current.items() if k != key}
        self._apply(power, updated, f"remove {current[key]}")

    def remove_order(self, power: str, order: Order) -> None:
        for key, value in self._check(power).items():
            if value == order:
                self.remove(power, key)
                return

    def replace_all(self, power: str, orders: Iterable[Order], description: str) -> None:
        updated: dict[str, Order] = {}
        waives = 0
        for order in orders:
            key = order_key(order)
            if key == "waive":
                waives += 1
                key = f"waive:{waives}"
            updated.pop(key, None)
            updated[key] = order
        self._apply(power, updated, description)

    def merge(self, power: str, orders: Iterable[Order], description: str) -> None:
        """Add several orders as one undoable step (typed or pasted orders)."""
        updated = dict(self._check(power))
        for order in orders:
            key = order_key(order)
            if key == "waive":
                key = f"waive:{1 + sum(1 for k in updated if k.startswith('waive'))}"
            updated.pop(key, None)
            updated[key] = order
        self._apply(power, updated, description)

    def clear(self, power: str) -> None:
        if self._check(power):
            self._apply(power, {}, f"clear {power}'s orders")

    # --- undo -------------------------------------------------------------------------------------

    @property
    def can_undo(self) -> bool:
        return bool(self._undo)

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    @property
    def undo_text(self) -> str:
        return self._undo[-1].description if self._undo else ""

    @property
    def redo_text(self) -> str:
        return self._redo[-1].description if self._redo else ""

    def forget_history(self) -> None:
        """Drop undo and redo (after the position changed under the orders)."""
        self._undo.clear()
        self._redo.clear()

    def undo(self) -> None:
        if not self._undo:
            return
        change = self._undo.pop()
        self._orders[change.power] = dict(change.before)
        self._redo.append(change)
        self.version += 1
        self._notify()

    def redo(self) -> None:
        if not self._redo:
            return
        change = self._redo.pop()
        self._orders[change.power] = dict(change.after)
        self._undo.append(change)
        self.version += 1
        self._notify()

    # --- listeners --------------------------------------------------------------------------------

    def subscribe(self, callback: Callable[[], None]) -> None:
        self._listeners.append(callback)

    def _notify(self) -> None:
        for callback in list(self._listeners):
            callback()

    def _check(self, power: str) -> dict[str, Order]:
        try:
            return self._orders[power]
        except KeyError:
            raise KeyError(f"{power} is not ordered in this draft (it holds {', '.join(self.powers) or 'no power'})") from None

    def _apply(self, power: str, updated: dict[str, Order], description: str) -> None:
        before = tuple(self._orders[power].items())
        after = tuple(updated.items())
        if before == after:
            return
        self._orders[power] = updated
        self._undo.append(_Change(description, power, before, after))
        self._redo.clear()
        self.version += 1
        self._notify()
