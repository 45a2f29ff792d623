"""Points a power shares out among units it doesn't own (1815's Diplomacy Points for the minor powers'
units), for the allocation panel: the points, the units with their orders, what the power has drafted, and
each allocation as the engine reads it. The variant says all of it (``Variant.allocation_panel``,
``allocation_order``); nothing here knows a variant.

An allocation is an order of the power's like any other: it goes into the power's draft (one per unit, the
engine's slot) and so into its sealed orders. An allocation order names its ``points`` and its ``order``.
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from engine.variants.base import AllocationPanel
from engine.game import Game
from engine.orders import Order
from engine.types import ChancelleryError, Unit

from .drafts import OrderDraft, as_order, order_key


@dataclass(frozen=True, slots=True)
class Allocation:
    """One drafted allocation: the unit, the points and the order they ask of it."""

    unit: Unit
    points: int
    order: Order


def allocation_panel(game: Game, power: str | None) -> AllocationPanel | None:
    """The panel ``power`` sees this phase, or ``None`` (no such rule, not a power, not now)."""
    if power is None or game.is_over:
        return None
    return game.variant.allocation_panel(game.state, power)


def _slot(game: Game, power: str, orders: tuple[Order, ...]) -> str:
    """The draft's slot of ``power``'s allocation to the unit these orders are for (one per unit)."""
    return order_key(game.variant.allocation_order(power, 1, orders[0]))


def allocations_among(game: Game, power: str, panel: AllocationPanel, orders: Iterable[Order]) -> list[Order]:
    """Those of ``orders`` that are ``power``'s allocations (in the slots of the panel's units)."""
    slots = {_slot(game, power, unit_orders) for _, unit_orders in panel.targets}
    return [o for o in orders if order_key(o) in slots]


def points_of(allocation: Order) -> int:
    return int(getattr(allocation, "points"))


def drafted(game: Game, draft: OrderDraft, power: str, panel: AllocationPanel) -> list[Allocation]:
    """``power``'s drafted allocations, in the panel's order of units."""
    found = []
    for unit, orders in panel.targets:
        order = draft.order_for(power, _slot(game, power, orders))
        if order is not None:
            found.append(Allocation(unit, points_of(order), as_order(getattr(order, "order"))))
    return found


def points_left(game: Game, draft: OrderDraft, power: str, panel: AllocationPanel, *,
                leaving_out: Unit | None = None) -> int:
    """The points not yet allocated (those of ``leaving_out``'s allocation counted as free)."""
    used = sum(a.points for a in drafted(game, draft, power, panel) if a.unit != leaving_out)
    return panel.points - used


def allocate(game: Game, draft: OrderDraft, power: str, points: int, order: Order) -> Order:
    """Put ``power``'s allocation of ``points`` to ``order`` into its draft (replacing that unit's earlier
    one) and return it as the engine reads it; raises :class:`ChancelleryError` saying what is wrong, and
    then the draft is untouched."""
    panel = allocation_panel(game, power)
    if panel is None:
        raise ChancelleryError(f"{game.variant.name} has no points to allocate now")
    target = next(((u, os) for u, os in panel.targets if order in os), None)
    if target is None:
        raise ChancelleryError(f"{order}: not an order points may give")
    if points < 1:
        raise ChancelleryError("allocate at least 1 point")
    free = points_left(game, draft, power, panel, leaving_out=target[0])
    if points > free:
        raise ChancelleryError(f"{points} points asked, {free} left of {panel.points} this turn")
    text = str(game.variant.allocation_order(power, points, order))
    check = game.check_line(power, text)
    if check.order is None:
        raise ChancelleryError(f"{text}: {check.error or 'not an allocation'}")
    draft.put(power, check.order)
    return check.order


def withdraw(game: Game, draft: OrderDraft, power: str, unit: Unit) -> None:
    """Drop ``power``'s allocation to ``unit`` from its draft (nothing if it has none)."""
    panel = allocation_panel(game, power)
    if panel is None:
        return
    for target, orders in panel.targets:
        if target == unit:
            draft.remove(power, _slot(game, power, orders))
