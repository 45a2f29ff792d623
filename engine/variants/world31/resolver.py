"""The movement resolver with militia: a militia that doesn't move adds one to its province's hold
strength against other countries' moves, alone or beside its country's army or fleet (the rules' "support
within a province"), as a
standard unit that supports elsewhere still holds its own province; its support of a unit next door counts
like an army's (cut when its province is attacked); it never attacks.

Militia supports enter the resolver under keys of their own (``M:PROV``); militia moves are decided after
the resolver (``militia_moves``), since a militia only walks into room the armies and fleets left.
"""
from __future__ import annotations

from typing import Mapping

from ...mapdata import MapData
from ...orders import Move, Order, SupportHold, SupportMove
from ...resolver import _RESOLVED, MovementResolver, MovementResult, Tracer
from ...types import Unit, province_of
from .orders import MilitiaHold, MilitiaMove, MilitiaSupportHold, MilitiaSupportMove

MILITIA_KEY = "M:"


class WorldResolver(MovementResolver):
    def __init__(self, board: MapData, units: Mapping[str, Unit], orders: Mapping[str, Order],
                 tracer: Tracer | None = None, militia: Mapping[str, Order] | None = None) -> None:
        supporting: dict[str, tuple[Unit, Order]] = {}  # militia supports elsewhere, under their own keys
        self.guard: dict[str, str] = {}  # province -> the country whose militia stands guard there
        for key, order in (militia or {}).items():
            unit: Unit = order.unit  # type: ignore[attr-defined]
            prov = province_of(unit.loc)
            if isinstance(order, MilitiaMove):
                continue
            self.guard[prov] = unit.power  # a militia that stays defends its province, whatever else it does
            if isinstance(order, MilitiaHold) or (
                    isinstance(order, MilitiaSupportHold) and province_of(order.target.loc) == prov):
                continue
            if isinstance(order, MilitiaSupportMove):
                supporting[key] = (unit, SupportMove(unit, order.target, order.dest))
            elif isinstance(order, MilitiaSupportHold):
                supporting[key] = (unit, SupportHold(unit, order.target))
        if supporting:
            units, orders = dict(units), dict(orders)
            for key, (unit, order) in supporting.items():
                units[key] = unit
                orders[key] = order
        super().__init__(board, units, orders, tracer)

    def run(self) -> MovementResult:
        # As the standard resolver does (``_settles_unattacked``): an order that isn't a move, of a unit no move
        # is aimed at, succeeds whatever else happens; a militia's (``M:PROV``) when nothing moves into PROV.
        moves_into, state, result = self.moves_into, self.state, self.result
        for key, order in self.orders.items():
            if type(order) is not Move and key not in state and \
                    (key[len(MILITIA_KEY):] if key.startswith(MILITIA_KEY) else key) not in moves_into:
                result[key] = True
                state[key] = _RESOLVED
        return super().run()

    def hold_strength(self, prov: str) -> float:
        base = MovementResolver.hold_strength(self, prov)  # (the base named: this runs for every strength)
        return base + 1 if prov in self.guard else base

    def resistance(self, dest: str, origin: str) -> float:
        # A country's own militia doesn't stand against its move (its one taken off the hold strength), and adds
        # nothing to the move itself, which still has to beat every other unit trying to enter (a militia
        # never attacks).
        return self.hold_strength(dest) - (self.guard.get(dest) == self.units[origin].power)

    def support_is_cut(self, prov: str) -> bool:
        if not prov.startswith(MILITIA_KEY):
            return MovementResolver.support_is_cut(self, prov)
        order = self.orders[prov]
        power, here = self.units[prov].power, prov[len(MILITIA_KEY):]
        into = province_of(order.dest) if isinstance(order, SupportMove) else None
        return any(self.units[a].power != power and a != into and self.has_path(a)
                   for a in self.moves_into.get(here, ()))

    def is_dislodged(self, prov: str) -> bool:
        if not prov.startswith(MILITIA_KEY):
            return MovementResolver.is_dislodged(self, prov)
        power, here = self.units[prov].power, prov[len(MILITIA_KEY):]
        return any(self.units[a].power != power and self.resolve(a) for a in self.moves_into.get(here, ()))


__all__ = ["MILITIA_KEY", "WorldResolver"]
