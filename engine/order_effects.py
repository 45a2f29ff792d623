"""What an order does, in words any player can weigh without knowing its kind (units moved, added,
removed or kept, the order it backs, the units it hinders): how the bots read a variant's own orders."""
from __future__ import annotations

from dataclasses import dataclass

from .orders import Build, Convoy, Disband, Hold, Move, Order, Retreat, SupportHold, SupportMove
from .types import Unit


@dataclass(frozen=True, slots=True)
class OrderEffect:
    """The plain effect of one order. An order with no effect known (the empty record) is never chosen by a
    bot for its own sake; a variant describes its own kinds through ``Variant.order_effect``."""

    moves: tuple[tuple[Unit, str], ...] = ()  # units sent to a location (a move, a retreat, a carried unit)
    adds: tuple[Unit, ...] = ()  # units put on the board (builds, placements, creations, conversions' result)
    removes: tuple[Unit, ...] = ()  # units taken off the board (disbands, conversions' source)
    stays: tuple[Unit, ...] = ()  # units kept where they stand (holds)
    keeps: tuple[Unit, ...] = ()  # units that leave the board unless this order is given (World's upkeep)
    backs: Order | None = None  # another order this one makes possible or stronger (support, convoy, permission)
    hinders: tuple[Unit, ...] = ()  # units whose orders this one weakens (an attack on supports, damage)

    @property
    def known(self) -> bool:
        return bool(self.moves or self.adds or self.removes or self.stays or self.keeps or self.backs or self.hinders)


NO_EFFECT = OrderEffect()


def standard_effect(order: Order) -> OrderEffect:
    """The effect of a standard order kind; :data:`NO_EFFECT` for any other."""
    if isinstance(order, Hold):
        return OrderEffect(stays=(order.unit,))
    if isinstance(order, (Move, Retreat)):
        return OrderEffect(moves=((order.unit, order.dest),))
    if isinstance(order, SupportMove):
        return OrderEffect(stays=(order.unit,), backs=Move(order.target, order.dest))
    if isinstance(order, SupportHold):
        return OrderEffect(stays=(order.unit,), backs=Hold(order.target))
    if isinstance(order, Convoy):
        return OrderEffect(stays=(order.unit,), backs=Move(order.target, order.dest, via_convoy=True))
    if isinstance(order, Build):
        return OrderEffect(adds=(order.unit,))
    if isinstance(order, Disband):
        return OrderEffect(removes=(order.unit,))
    return NO_EFFECT


__all__ = ["NO_EFFECT", "OrderEffect", "standard_effect"]
