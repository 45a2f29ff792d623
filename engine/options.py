"""Legal options: every order a unit (or a build site) may be given in a position.

The GUI lights targets from this and bots choose from it; nothing outside the engine re-derives
adjacency or convoy rules. Static, map-only pieces are cached per map so a call is cheap enough for
every click.
"""
from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field

from .orders import Build, Convoy, Disband, Hold, Move, Order, Retreat, SupportHold, SupportMove, Waive
from .resolver import convoy_route_exists
from .state import GameState
from .types import PhaseType, Unit, UnitType, province_of
from .validate import convoy_fleets_needed, convoy_reach
from .variants.base import Variant


@dataclass(slots=True)
class _Reach:
    """Per position: where each unit can move, and who can reach each province."""

    moves: dict[str, list[Move]] = field(default_factory=dict)  # unit province -> its legal moves
    reachers: dict[str, list[Move]] = field(default_factory=lambda: defaultdict(list))  # dest province -> moves


def _convoy_fleets(variant: Variant, state: GameState) -> set[str]:
    board = variant.board
    return {p for p, u in state.units.items() if u.type is UnitType.FLEET and board.provinces[p].can_convoy}


def _moves(variant: Variant, state: GameState) -> _Reach:
    board = variant.board
    fleets = _convoy_fleets(variant, state)
    reach = _Reach()
    for prov, unit in state.units.items():
        moves: list[Move] = []
        if unit.type is UnitType.FLEET:
            for loc in sorted(board.fleet_adjacent(unit.loc)):
                moves.append(Move(unit, loc))
        elif unit.type is UnitType.ARMY:
            adjacent = board.army_adjacent(unit.loc)
            for dest in sorted(adjacent):
                moves.append(Move(unit, dest))
            if fleets:
                for dest in sorted(convoy_reach(board, prov)):
                    if convoy_route_exists(board, prov, dest, fleets):
                        moves.append(Move(unit, dest, via_convoy=dest in adjacent))
        reach.moves[prov] = moves
        for mv in moves:
            reach.reachers[province_of(mv.dest)].append(mv)
    return reach


def unit_options(variant: Variant, state: GameState, prov: str, reach: _Reach | None = None) -> list[Order]:
    """Every legal movement-phase order for the unit in ``prov``."""
    board = variant.board
    unit = state.units[prov]
    if reach is None:
        reach = _moves(variant, state)
    out: list[Order] = [Hold(unit)]
    out.extend(reach.moves[prov])
    if unit.type not in (UnitType.ARMY, UnitType.FLEET):
        return out
    near = board.fleet_adjacent_provinces(unit.loc) if unit.type is UnitType.FLEET else board.army_adjacent(unit.loc)
    for target_prov in sorted(near):
        target = state.units.get(target_prov)
        if target is not None:
            out.append(SupportHold(unit, target))
    for dest in sorted(near):
        for mv in reach.reachers.get(dest, ()):
            mover_prov = province_of(mv.unit.loc)
            if mover_prov == prov or (mv.via_convoy and any(
                    m.dest == mv.dest and not m.via_convoy for m in reach.moves[mover_prov])):
                continue  # the walk and the convoy to an adjacent province are one support
            out.append(SupportMove(unit, mv.unit, mv.dest if "/" in mv.dest else dest))
    if unit.type is UnitType.FLEET and board.provinces[prov].can_convoy:
        fleets = _convoy_fleets(variant, state)
        for army_prov, army in sorted(state.units.items()):
            if army.type is not UnitType.ARMY or not board.provinces[army_prov].is_coastal:
                continue
            for mv in reach.moves[army_prov]:
                dest = province_of(mv.dest)
                if (mv.via_convoy or dest not in board.army_adjacent(army.loc)) and \
                        prov in convoy_fleets_needed(board, army_prov, dest) and \
                        convoy_route_exists(board, army_prov, dest, fleets):
                    out.append(Convoy(unit, army, dest))
    return _unique(out)


def _unique(items: list[Order]) -> list[Order]:
    seen: set[Order] = set()
    out = []
    for o in items:
        if o not in seen:
            seen.add(o)
            out.append(o)
    return out


def retreat_orders(state: GameState, prov: str) -> list[Order]:
    d = state.dislodged[prov]
    return [Retreat(d.unit, loc) for loc in d.retreats] + [Disband(d.unit)]


def adjustment_orders(variant: Variant, state: GameState, power: str) -> dict[str, list[Order]]:
    """Per build site (or unit, when removing): the legal builds, removals and waive."""
    board = variant.board
    delta = variant.adjustment_delta(state, power)
    out: dict[str, list[Order]] = {}
    if delta > 0:
        for site in sorted(variant.build_sites(state, power)):
            orders: list[Order] = []
            for kind in variant.unit_types:
                if kind is UnitType.FLEET:
                    orders.extend(Build(Unit(power, kind, loc)) for loc in board.coast_locations(site)
                                  if board.provinces[site].is_coastal)
                elif kind is UnitType.ARMY:
                    orders.append(Build(Unit(power, kind, site)))
            orders.append(Waive(power))
            out[site] = orders
    elif delta < 0:
        for unit in sorted(state.units_of(power), key=lambda u: u.loc):
            out[province_of(unit.loc)] = [Disband(unit)]
    return out


def legal_order_objects(variant: Variant, state: GameState) -> dict[str, dict[str, list[Order]]]:
    ptype = state.phase.type
    out: dict[str, dict[str, list[Order]]] = {}
    if ptype is PhaseType.MOVEMENT:
        reach = _moves(variant, state)
        for prov, unit in sorted(state.units.items()):
            out.setdefault(unit.power, {})[unit.loc] = unit_options(variant, state, prov, reach)
    elif ptype is PhaseType.RETREATS:
        for prov, d in sorted(state.dislodged.items()):
            out.setdefault(d.unit.power, {})[d.unit.loc] = retreat_orders(state, prov)
    else:
        for power in variant.powers_in_game(state):
            orders = adjustment_orders(variant, state, power)
            if orders:
                out[power] = orders
    return out


def legal_orders_for_state(variant: Variant, state: GameState) -> dict[str, dict[str, list[str]]]:
    return {
        power: {loc: [str(o) for o in orders] for loc, orders in per.items()}
        for power, per in legal_order_objects(variant, state).items()
    }


def orderable_powers(variant: Variant, state: GameState) -> list[str]:
    """Powers that have something to order in this phase."""
    ptype = state.phase.type
    if ptype is PhaseType.MOVEMENT:
        return sorted({u.power for u in state.units.values()})
    if ptype is PhaseType.RETREATS:
        return sorted({d.unit.power for d in state.dislodged.values()})
    return [p for p in variant.powers_in_game(state) if adjustment_orders(variant, state, p)]
