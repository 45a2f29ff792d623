"""How an order is drawn, said by the engine: :class:`OrderMark` values (a kind of mark, the places it joins,
a style) that a front end turns into arrows without knowing the order's class or its variant.
``standard_marks`` draws the standard orders; variants add theirs through ``Variant.order_marks``."""
from __future__ import annotations

import enum
from dataclasses import dataclass

from .orders import Build, Convoy, Disband, Hold, Move, Order, Retreat, SupportHold, SupportMove
from .types import PhaseType


class MarkKind(enum.StrEnum):
    MOVE = "move"
    SUPPORT_HOLD = "support_hold"
    SUPPORT_MOVE = "support_move"
    CONVOY = "convoy"
    RETREAT = "retreat"
    BUILD = "build"
    DISBAND = "disband"
    HOLD = "hold"
    TRANSPORT = "transport"  # a unit fetching a stacked unit (an engineer) to itself
    AREA = "area"  # an area an order names without a unit going there (EMG's spies, an area granted)


class MarkStyle(enum.StrEnum):
    NORMAL = "normal"
    RAILWAY = "tsr"  # along a railway (``via`` its spaces)
    CANAL = "canal"  # through a canal
    DAMAGE = "damage"  # a support-shaped order that harms its target
    RED_ARROW = "red_arrow"  # across a red arrow, over a sea whose fleet may deny it (1815): drawn red
    HALF_STRENGTH = "half_strength"  # a move that arrives with half strength (1815's Cape passage)
    SPY = "spy"  # an area a spy is sent to (EMG): an eye on a dashed outline
    GRANT = "grant"  # an area opened to another power (EMG's access granted): a hatched outline


@dataclass(frozen=True, slots=True)
class OrderMark:
    """One mark of an order: ``at`` the ordered unit (or build site); ``to`` a destination or the supported
    unit; ``aux`` a supported, convoyed or fetched unit's place; ``via`` the spaces a path runs through."""

    kind: MarkKind
    at: str
    to: str | None = None
    aux: str | None = None
    style: MarkStyle = MarkStyle.NORMAL
    via: tuple[str, ...] = ()
    unit_type: str | None = None  # what a build builds
    failed: bool = False
    dislodged: bool = False  # a disband of a dislodged unit


def standard_marks(order: Order, *, failed: bool = False, phase_type: PhaseType | None = None) -> tuple[OrderMark, ...]:
    """The marks of a standard order; none for an order without one (a waive, a variant's kind)."""
    if isinstance(order, Hold):
        return (OrderMark(MarkKind.HOLD, order.unit.loc, failed=failed),)
    if isinstance(order, Move):
        return (OrderMark(MarkKind.MOVE, order.unit.loc, order.dest, failed=failed),)
    if isinstance(order, SupportHold):
        return (OrderMark(MarkKind.SUPPORT_HOLD, order.unit.loc, order.target.loc, failed=failed),)
    if isinstance(order, SupportMove):
        return (OrderMark(MarkKind.SUPPORT_MOVE, order.unit.loc, order.dest, order.target.loc, failed=failed),)
    if isinstance(order, Convoy):
        return (OrderMark(MarkKind.CONVOY, order.unit.loc, order.dest, order.target.loc, failed=failed),)
    if isinstance(order, Retreat):
        return (OrderMark(MarkKind.RETREAT, order.unit.loc, order.dest, failed=failed),)
    if isinstance(order, Disband):
        return (OrderMark(MarkKind.DISBAND, order.unit.loc, failed=failed, dislodged=phase_type is PhaseType.RETREATS),)
    if isinstance(order, Build):
        return (OrderMark(MarkKind.BUILD, order.unit.loc, failed=failed, unit_type=order.unit.type.value),)
    return ()
