"""Adjudicating an 1815 movement phase: the half-strength Cape move inside the resolver, Diplomacy Points
and the red arrows' denials around it.

Red arrows follow the seed's procedure (its Example 6): an order across an arrow that the owner of a
non-moving fleet in the intervening sea denied is first taken as invalid (the unit holds); the phase is
adjudicated; then, if that fleet is dislodged, the denied orders become valid and the phase is adjudicated
again with them. The ``red_arrow_check`` option "recheck" keeps the denial when that second adjudication no
longer dislodges the fleet.
"""
from __future__ import annotations

from typing import Mapping

from ...convoy_routes import convoy_route_exists
from ...mapdata import MapData
from ...orders import Hold, Move, Order, SupportHold, SupportMove, order_key
from ...outcomes import Reason
from ...resolver import MovementResolver, MovementResult, Outcome, Tracer, outcome
from ...state import GameState
from ...types import Unit, province_of
from .orders import (
    DENIED_PASSAGE,
    DENY_BLOCKED,
    DENY_UNUSED,
    DENY_VOID_DISLODGED,
    DENY_VOID_MOVED,
    MINOR_ORDERED,
    Allocate,
    DenyPassage,
)
from .places import Places
from .points import settle


class CapeResolver(MovementResolver):
    """The standard resolver with half-strength moves: a unit moving across a ``half_strength`` border
    attacks, defends a head-to-head battle and keeps others out with 0.5 plus its supports; when its move
    fails it holds with the usual 1. Option (see docs/variants/1815.md): ``supports_across`` False — a
    support across such a border adds nothing (:class:`CapeResolverNoCut`: such a move cuts no support). A
    convoy chain never uses such a border."""

    HALF = 0.5

    def __init__(self, board: MapData, units: Mapping[str, Unit], orders: Mapping[str, Order],
                 tracer: Tracer | None = None, *, places: Places | None = None, supports_across: bool = True) -> None:
        self.places = places or Places.from_board(board)
        self.supports_across = supports_across
        super().__init__(board, units, orders, tracer)
        places_ = self.places
        self.half_moves: frozenset[str] = frozenset(
            prov for prov, dest in self.move_dest.items()
            if places_.is_half(prov, dest) and not getattr(orders[prov], "via_convoy", False)) \
            if places_.half_edges else frozenset()

    def unit_strength(self, prov: str) -> float:
        return self.HALF if prov in self.half_moves else 1

    def support_value(self, supporter: str) -> float:
        if not self.supports_across and self.places.half_edges:
            order = self.orders[supporter]
            into = order.dest if type(order) is SupportMove else order.target.loc  # type: ignore[attr-defined]
            if self.places.is_half(supporter, into):
                return 0
        return 1

    def hold_strength(self, prov: str) -> float:
        if prov in self.half_moves:
            return 0 if self.resolve(prov) else 1  # a fleet that fails to sail round Africa holds as usual
        return super().hold_strength(prov)

    def has_path(self, origin: str) -> bool:
        if origin not in self.convoyed or not self.places.half_edges:
            return super().has_path(origin)
        fleets = {f for f in self.convoyers.get(origin, ()) if self.resolve(f)}
        if not fleets:
            return False
        # The long passage is a fleet's own move, never a link of a convoy chain (docs/variants/1815.md).
        return any(convoy_route_exists(self.board, self.units[origin].loc, self.move_dest[origin], part)
                   for part in _split_at(self.places, fleets))


class CapeResolverNoCut(CapeResolver):
    """:class:`CapeResolver` under the reading that a half-strength move cuts no support (option
    ``cape_cuts_support`` false). A class of its own: overriding ``support_is_cut`` costs the resolver its fast
    path for unattacked units, which the default reading keeps."""

    def support_is_cut(self, prov: str) -> bool:
        if not self.half_moves:
            return super().support_is_cut(prov)
        order = self.orders[prov]
        power = self.units[prov].power
        into = province_of(order.dest) if type(order) is SupportMove else None
        for attacker in self.moves_into.get(prov, ()):
            if attacker in self.half_moves or self.units[attacker].power == power or attacker == into:
                continue
            if self.has_path(attacker):
                return True
        return False


def _split_at(places: Places, fleets: set[str]) -> list[set[str]]:
    """``fleets`` without the links across half-strength borders: each side's fleets on their own when a
    chain would need such a link."""
    crossing = [pair for pair in places.half_edges if pair <= fleets]
    if not crossing:
        return [fleets]
    parts = [fleets]
    for pair in crossing:
        a, b = sorted(pair)
        parts = [part - {b} for part in parts] + [part - {a} for part in parts]
    return parts


def crossing_sea(places: Places, order: Order) -> str | None:
    """The intervening sea of the red arrow ``order`` crosses (a move or a support across it), or ``None``."""
    if not places.arrows:
        return None
    kind = type(order)
    if kind is Move:
        if order.via_convoy:  # type: ignore[attr-defined]
            return None  # a convoy is no crossing of the arrow
        return places.sea_between(order.unit.loc, order.dest)  # type: ignore[attr-defined]
    if kind is SupportMove:
        return places.sea_between(order.unit.loc, order.dest)  # type: ignore[attr-defined]
    if kind is SupportHold:
        return places.sea_between(order.unit.loc, order.target.loc)  # type: ignore[attr-defined]
    return None


def adjudicate(state: GameState, orders: Mapping[str, Order], *, board: MapData, places: Places,
               resolver_class: type[MovementResolver], resolver_options: Mapping[str, bool],
               available_points: Mapping[str, int], recheck: bool, rulebook: object = None,
               tracer: Tracer | None = None) -> MovementResult:
    """One movement phase: Diplomacy Points give the minor units their orders, then the red arrows' two-step
    check runs the resolver once or twice. ``orders`` holds every unit's order by province plus the side
    orders (denials, allocations) by their slots."""
    def run(given: Mapping[str, Order]) -> MovementResult:
        resolver = resolver_class(board, state.units, given, tracer, places=places,  # type: ignore[call-arg]
                                  **resolver_options)
        if rulebook is not None:
            resolver.rulebook = rulebook  # type: ignore[assignment]
        return resolver.run()

    side = [o for o in orders.values() if type(o) is DenyPassage or type(o) is Allocate]
    if not side:
        return run(orders)  # the common turn: no denial, no allocation
    denials = [o for o in side if isinstance(o, DenyPassage)]
    allocations = [o for o in side if isinstance(o, Allocate)]
    unit_orders = {k: o for k, o in orders.items() if type(o) is not DenyPassage and type(o) is not Allocate}
    settlement = settle(allocations, available_points)
    ordered = {prov: order for prov, order in settlement.followed.items() if state.units.get(prov) == order.unit}
    unit_orders.update(ordered)

    # The denials that stand before dislodgement is checked: the fleet is still there and not moving, and
    # the denied unit orders something across that fleet's arrow.
    active: dict[str, str] = {}  # denied unit's province -> the denying fleet's sea
    for d in denials:
        sea, prov = province_of(d.fleet.loc), province_of(d.denied.loc)
        if state.units.get(sea) != d.fleet or type(unit_orders.get(sea)) is Move:
            continue
        if state.units.get(prov) == d.denied and crossing_sea(places, unit_orders[prov]) == sea:
            active[prov] = sea
    first = dict(unit_orders)
    for prov in active:
        first[prov] = Hold(state.units[prov])
    result = run(first)
    lapsed = {prov for prov, sea in active.items() if sea in result.dislodged}
    if lapsed:
        second = dict(first)
        for prov in lapsed:
            second[prov] = unit_orders[prov]
        again = run(second)
        if recheck and any(active[prov] not in again.dislodged for prov in lapsed):
            lapsed = set()  # the fleet stands after all: the denial holds (the "recheck" reading)
        else:
            result = again
    outcomes = result.outcomes
    for prov, sea in active.items():
        if prov not in lapsed:
            outcomes[prov] = outcome(False, DENIED_PASSAGE, fleet=state.units[sea])
    for d in denials:
        outcomes[order_key(d)] = _denial_outcome(d, state, unit_orders, places, active, lapsed)  # type: ignore[index]
    for prov, order in ordered.items():
        if prov in outcomes and prov not in active:  # the minor unit's line is the order it followed
            done = outcomes[prov]
            why = Reason(MINOR_ORDERED, {"order": str(order), "then": done.reason})
            outcomes[prov] = Outcome(done.succeeded, why.text(), why)
            result.given[prov] = order
    for a in allocations:
        ok, why = settlement.verdicts[a]
        outcomes[order_key(a)] = Outcome(ok, why.text(), why)  # type: ignore[index]
    return result


def _denial_outcome(d: DenyPassage, state: GameState, unit_orders: Mapping[str, Order], places: Places,
                    active: Mapping[str, str], lapsed: set[str]) -> Outcome:
    sea, prov = province_of(d.fleet.loc), province_of(d.denied.loc)
    order = unit_orders.get(prov)
    tried = order is not None and crossing_sea(places, order) == sea
    if not tried:
        return outcome(True, DENY_UNUSED, denied=d.denied)
    if prov in active and prov not in lapsed:
        return outcome(True, DENY_BLOCKED, denied=d.denied, fleet=d.fleet)
    if prov in lapsed:
        return outcome(False, DENY_VOID_DISLODGED, denied=d.denied, fleet=d.fleet)
    return outcome(False, DENY_VOID_MOVED, denied=d.denied, fleet=d.fleet)


__all__ = ["CapeResolver", "CapeResolverNoCut", "adjudicate", "crossing_sea"]
