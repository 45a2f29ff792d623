"""Legal options: every order a unit (or a build site) may be given in a position.

The GUI lights targets from this and bots choose from it; nothing outside the engine re-derives
adjacency or convoy rules. Static, map-only pieces are cached per map so a call is cheap enough for
every click.
"""
from __future__ import annotations

import json
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any, Iterable, Mapping

from .hooks import VariantRules
from .option_texts import movement_order_texts, movement_orders_json, movement_orders_json_of_units
from .orders import Build, Convoy, Disband, Hold, Move, Order, Retreat, SupportHold, SupportMove, Waive
from .mapdata import MapData
from .state import Dislodged, GameState
from .types import Phase, PhaseType, Unit, UnitType, province_of, unit_spec
from .validate import MovePermission, chain_table_fits, fleet_groups, fleets_at_sea, minimal_convoy_routes, sea_coasts, unit_can_reach


@dataclass(slots=True)
class _Reach:
    """Per position: where each unit can move, who can reach each province, and the convoy networks."""

    permit: MovePermission | None = None  # the variant's move permission in this position
    moves: dict[str, list[Move]] = field(default_factory=dict)  # unit province -> its legal moves
    reachers: dict[str, list[Move]] = field(default_factory=lambda: defaultdict(list))  # dest province -> moves
    fleet_group: dict[str, int] = field(default_factory=dict)  # convoying fleet province -> its network
    groups: list[frozenset[str]] = field(default_factory=list)  # network -> its fleets
    group_coasts: list[frozenset[str]] = field(default_factory=list)  # network -> coastal provinces it touches


def _convoy_networks(variant: VariantRules, state: GameState, reach: _Reach) -> None:
    """Group the fleets that could convoy into connected networks and note the coasts each touches."""
    board = variant.board
    coasts = sea_coasts(board)
    for g, group in enumerate(fleet_groups(board, fleets_at_sea(board, state))):
        reach.groups.append(group)
        reach.group_coasts.append(frozenset().union(*(coasts[f] for f in group)))
        reach.fleet_group.update(dict.fromkeys(group, g))


def _moves(variant: VariantRules, state: GameState) -> _Reach:
    board = variant.board
    reach = _Reach(permit=variant.move_permission(state))
    permit = reach.permit
    _convoy_networks(variant, state, reach)
    coast_groups: dict[str, set[int]] = defaultdict(set)
    for g, coasts in enumerate(reach.group_coasts):
        for c in coasts:
            coast_groups[c].add(g)
    for prov, unit in state.units.items():
        moves: list[Move]
        spec = unit_spec(unit.type)
        if spec.moves_as == "fleet":
            moves = [Move(unit, loc) for loc in sorted(board.fleet_adjacent(unit.loc))]
        elif spec.moves_as == "army":
            adjacent = board.army_adjacent(unit.loc)
            moves = [Move(unit, dest) for dest in sorted(adjacent)]
            groups = coast_groups.get(prov) if spec.convoyable else None
            if groups:
                dests: set[str] = set()
                for g in groups:
                    dests |= reach.group_coasts[g]
                dests.discard(prov)
                moves.extend(Move(unit, dest, via_convoy=dest in adjacent) for dest in sorted(dests))
        else:
            moves = []
        moves.extend(variant.extra_moves(state, unit))
        if permit is not None:
            moves = [mv for mv in moves if permit(unit, province_of(mv.dest)) is None]
        reach.moves[prov] = moves
        for mv in moves:
            reach.reachers[province_of(mv.dest)].append(mv)
    return reach


def unit_options(variant: VariantRules, state: GameState, prov: str, reach: _Reach | None = None) -> list[Order]:
    """Every legal movement-phase order for the unit in ``prov``."""
    board = variant.board
    unit = state.units[prov]
    if reach is None:
        reach = _moves(variant, state)
    out: list[Order] = [Hold(unit)]
    out.extend(reach.moves[prov])
    spec = unit_spec(unit.type)
    if spec.moves_as is None or not spec.can_support:  # the variant gives such units their other orders
        return out + variant.extra_orders(state, unit)
    near = board.fleet_adjacent_provinces(unit.loc) if spec.moves_as == "fleet" else board.army_adjacent(unit.loc)
    permit = reach.permit
    if permit is not None:  # a unit supports only where it may move
        near = frozenset(p for p in near if permit(unit, p) is None)
    for target_prov in sorted(near):
        target = state.units.get(target_prov)
        if target is not None:
            out.append(SupportHold(unit, target))
    supports: dict[SupportMove, None] = {}
    for dest in sorted(near):
        for mv in reach.reachers.get(dest, ()):
            mover = mv.unit
            if mover is unit:
                continue
            by_sea = mv.route is None and (
                mv.via_convoy or (unit_spec(mover.type).moves_as == "army" and dest not in board.army_adjacent(mover.loc)))
            if by_sea and reach.fleet_group.get(prov) is not None \
                    and not _route_without(board, state, mover, dest, prov):
                continue  # the only route runs through this fleet: it can't also support (DATC 6.D.31)
            supports[SupportMove(unit, mover, mv.dest if "/" in mv.dest else dest)] = None
    out.extend(supports)
    group = reach.fleet_group.get(prov)
    if group is not None:  # only fleets (units that can convoy) at sea are in a network
        coasts = reach.group_coasts[group]
        for army_prov in sorted(coasts):
            army = state.units.get(army_prov)
            if army is None or not unit_spec(army.type).convoyable:
                continue
            for dest, needed in sorted(minimal_convoy_routes(board, army_prov, reach.groups[group]).items()):
                if prov in needed and (permit is None or permit(army, dest) is None):
                    out.append(Convoy(unit, army, dest))
    out.extend(variant.extra_orders(state, unit))
    return out


def _route_without(board: MapData, state: GameState, army: Unit, dest: str, busy: str) -> bool:
    return unit_can_reach(board, army, dest, state, busy=busy)


def retreat_orders(d: Dislodged) -> list[Order]:
    orders: list[Order] = [Retreat(d.unit, loc) for loc in d.retreats]
    return orders + [Disband(d.unit)]


def adjustment_orders(variant: VariantRules, state: GameState, power: str) -> dict[str, list[Order]]:
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


def legal_order_objects(variant: VariantRules, state: GameState) -> dict[str, dict[str, list[Order]]]:
    ptype = state.phase.type
    out: dict[str, dict[str, list[Order]]] = {}
    if ptype is PhaseType.MOVEMENT:
        reach = _moves(variant, state)
        for prov, unit in sorted(state.units.items()):
            out.setdefault(unit.power, {})[unit.loc] = unit_options(variant, state, prov, reach)
    elif ptype is PhaseType.RETREATS:
        for d in sorted(state.dislodged.values(), key=lambda d: d.unit.loc):
            out.setdefault(d.unit.power, {})[d.unit.loc] = retreat_orders(d)
    else:
        for power in variant.powers_in_game(state):
            orders = adjustment_orders(variant, state, power)
            if orders:
                out[power] = orders
    return out


def has_standard_options(variant: VariantRules) -> bool:
    """Does ``variant`` offer exactly the standard movement orders (so the fast text tables apply)?"""
    return variant.has_standard_options()


def _texts_tabled(variant: VariantRules) -> bool:
    """Whether a movement phase's legal orders are written from the map's text tables: the standard
    orders, on a map whose table of every convoy chain stays small (on a world map's open oceans that
    table would outgrow memory; the general listing searches the fleets present instead)."""
    return has_standard_options(variant) and chain_table_fits(variant.board)


def legal_orders_for_state(variant: VariantRules, state: GameState) -> dict[str, dict[str, list[str]]]:
    """Every legal order as canonical text, per power and location."""
    if state.phase.type is PhaseType.MOVEMENT and _texts_tabled(variant):
        return movement_order_texts(variant.board, state, variant.move_permission(state))
    return {
        power: {loc: [str(o) for o in orders] for loc, orders in per.items()}
        for power, per in variant.legal_orders(state).items()
    }


def legal_orders_json_for_state(variant: VariantRules, state: GameState) -> str:
    """``json.dumps(legal_orders_for_state(variant, state))``; a standard movement phase without a move
    restriction is written from the map's JSON fragments (``option_texts.movement_orders_json``)."""
    if state.phase.type is PhaseType.MOVEMENT and _texts_tabled(variant) \
            and variant.move_permission(state) is None:
        return movement_orders_json(variant.board, state)
    return json.dumps(legal_orders_for_state(variant, state))


def legal_orders_json_for_units(variant: VariantRules, phase: Phase, units: Mapping[str, list[str]]) -> str | None:
    """``legal_orders_json_for_state`` of the position of ``units`` alone in ``phase`` (``{power: ["A PAR",
    "F STP/SC", ...]}``: canonical texts, each unit where its kind may stand, one per province, no
    dislodged units, standoffs or data), written from the texts, when the phase is a standard movement
    phase; ``None`` otherwise (the caller builds the position and asks ``legal_orders_json_for_state``).
    For a variant that forbids no moves: the caller knows that its ``move_permission`` is the standard one."""
    if phase.type is PhaseType.MOVEMENT and _texts_tabled(variant):
        return movement_orders_json_of_units(variant.board, units)
    return None


def orderable_powers(variant: VariantRules, state: GameState) -> list[str]:
    """Powers that have something to order in this phase (the variant decides)."""
    return variant.orderable_powers(state)


def standard_orderable_powers(variant: VariantRules, state: GameState) -> list[str]:
    """Under the standard rules: owners of units (movement), of dislodged units (retreats), or with
    builds or removals due (adjustments)."""
    ptype = state.phase.type
    if ptype is PhaseType.MOVEMENT:
        return sorted({u.power for u in state.units.values()})
    if ptype is PhaseType.RETREATS:
        return sorted({d.unit.power for d in state.dislodged.values()})
    return [p for p in variant.powers_in_game(state) if adjustment_orders(variant, state, p)]


OrderTree = dict[str, Any]


def order_tree(orders: Iterable[Order]) -> OrderTree:
    """A unit's (or build site's) legal orders as a tree: kind → target → supported unit → … → orders.

    Kinds: ``"H"`` hold, ``"-"`` move, ``"S"`` support, ``"C"`` convoy, ``"R"`` retreat, ``"D"`` disband or
    removal, ``"B"`` build, ``"WAIVE"``; a variant's own order kinds go under their ``Order.kind`` (their class
    name when they set none). Moves are
    keyed by destination; supports by the supported unit's province, then by destination (``"H"`` for a
    hold support); convoys by the army's province, then by destination; builds by location. Each leaf is
    the list of orders that choice leads to (several only where, for instance, a move may go by land or
    by convoy)::

        tree["S"]["PAR"]["BUR"]  ->  [SupportMove(A MAR S A PAR - BUR)]
    """
    tree: OrderTree = {}

    def leaf(*path: str) -> list[Order]:
        node = tree
        for key in path[:-1]:
            node = node.setdefault(key, {})
        return node.setdefault(path[-1], [])  # type: ignore[no-any-return]

    for order in orders:
        if isinstance(order, Hold):
            leaf("H").append(order)
        elif isinstance(order, Move):
            leaf("-", order.dest).append(order)
        elif isinstance(order, SupportHold):
            leaf("S", province_of(order.target.loc), "H").append(order)
        elif isinstance(order, SupportMove):
            leaf("S", province_of(order.target.loc), order.dest).append(order)
        elif isinstance(order, Convoy):
            leaf("C", province_of(order.target.loc), order.dest).append(order)
        elif isinstance(order, Retreat):
            leaf("R", order.dest).append(order)
        elif isinstance(order, Disband):
            leaf("D").append(order)
        elif isinstance(order, Build):
            leaf("B", order.unit.loc).append(order)
        elif isinstance(order, Waive):
            leaf("WAIVE").append(order)
        else:
            leaf(order.kind or type(order).__name__).append(order)
    return tree
