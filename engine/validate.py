"""Turn raw orders into typed orders for a position, or an error that names what is wrong.

"Legal" follows DATC 4.E.1: an order that, knowing the position but not the other orders, could be valid.
Illegal orders are reported and the unit holds (movement) or disbands (retreats).
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Callable

from .convoy_routes import convoy_route_exists, fleets_linked
from .mapdata import MapData
from .orders import (
    Build,
    Convoy,
    Disband,
    Hold,
    Move,
    Order,
    RawOrder,
    Retreat,
    SupportHold,
    SupportMove,
    Waive,
)
from .state import Dislodged, GameState
from .types import (
    AmbiguousOrderError,
    IllegalOrderError,
    OrderSyntaxError,
    PhaseType,
    Unit,
    UnitType,
    coast_of,
    moves_by_sea,
    province_of,
    unit_spec,
)


MovePermission = Callable[[Unit, str], "str | None"]
"""A variant's rule on where units may go this turn: ``permit(unit, dest_province)`` returns why the unit
may not move there, or ``None`` if it may. It is the one source of such restrictions: validation refuses the
moves it forbids, supports and convoys of them and supports into places the supporter may not enter, and the
option generators (typed and text) leave the same orders out. ``None`` in place of a function: no restriction."""


def refused_move(permit: MovePermission | None, unit: Unit, dest_prov: str) -> str | None:
    """Why ``permit`` forbids ``unit`` to go to ``dest_prov`` (``None``: allowed, or no rule)."""
    return None if permit is None else permit(unit, dest_prov)


def check_move(permit: MovePermission | None, unit: Unit, dest_prov: str) -> None:
    """Raise :class:`IllegalOrderError` with the rule's reason when ``permit`` forbids the move."""
    if permit is not None:
        why = permit(unit, dest_prov)
        if why is not None:
            raise IllegalOrderError(why)


def _own_unit(raw: RawOrder, state: GameState, power: str | None) -> Unit:
    assert raw.loc is not None
    prov = province_of(raw.loc)
    unit = state.units.get(prov)
    if unit is None:
        raise IllegalOrderError(f"no unit at {prov}")
    if power is not None and unit.power != power:
        raise IllegalOrderError(f"the unit in {prov} belongs to {unit.power}, not {power}")
    return unit


def fleet_destination(board: MapData, unit: Unit, dest: str) -> str:
    """Resolve a fleet's destination to a location, applying the coast rules of DATC 4.B."""
    prov = province_of(dest)
    p = board.provinces.get(prov)
    if p is None:
        raise IllegalOrderError(f"unknown province {prov}")
    neighbours = board.fleet_adjacent(unit.loc)
    coast = coast_of(dest)
    if p.coasts:
        if coast is not None and coast in p.coasts:
            if dest in neighbours:
                return dest
            raise IllegalOrderError(f"{dest} can't be reached from {unit.loc}")
        reachable = [loc for loc in board.coast_locations(prov) if loc in neighbours]
        if not reachable:
            raise IllegalOrderError(f"{prov} is not adjacent to {unit.loc}")
        if len(reachable) > 1:
            raise AmbiguousOrderError(f"ambiguous coast: say {' or '.join(reachable)}")
        return reachable[0]  # DATC 4.B.2: the only reachable coast
    # An irrelevant or unknown coast is ignored (DATC 4.B.6).
    if prov not in neighbours:
        if not (p.is_sea or p.is_coastal):
            raise IllegalOrderError(f"a fleet can't go to {prov}: it is {'inland' if p.is_passable else 'impassable'}")
        raise IllegalOrderError(f"{prov} is not adjacent to {unit.loc}")
    return prov


@lru_cache(maxsize=None)
def convoy_reach(board: MapData, origin: str) -> frozenset[str]:
    """Coastal provinces an army in ``origin`` could reach through a chain of convoy-capable seas (a map
    table: found once per province and board)."""
    kept = _REACH.get(board.id)
    if kept is None or kept[0] is not board:
        kept = _REACH[board.id] = (board, {})
    reach = kept[1].get(origin)
    if reach is None:
        reach = kept[1][origin] = _convoy_reach(board, origin)
    return reach


_REACH: dict[str, tuple[MapData, dict[str, frozenset[str]]]] = {}  # map id -> (board, origin -> reach)


def _convoy_reach(board: MapData, origin: str) -> frozenset[str]:
    if not board.provinces[origin].is_coastal:
        return frozenset()
    seen: set[str] = set()
    frontier = [s for s in board.any_adjacent(origin) if board.provinces[s].can_convoy]
    seen.update(frontier)
    reach: set[str] = set()
    while frontier:
        cur = frontier.pop()
        for loc in board.fleet_adjacent_provinces(_fleet_loc(board, cur)):
            p = board.provinces[loc]
            if p.can_convoy and loc not in seen:
                seen.add(loc)
                frontier.append(loc)
            elif p.is_coastal and loc != origin:
                reach.add(loc)
    return frozenset(reach)


def _fleet_loc(board: MapData, prov: str) -> str:
    locs = board.coast_locations(prov)
    return locs[0] if locs else prov


@lru_cache(maxsize=None)
def _sea_touch(board: MapData) -> tuple[dict[str, frozenset[str]], dict[str, frozenset[str]]]:
    """Per convoying sea: every province it touches, and the coastal ones among them."""
    touch: dict[str, frozenset[str]] = {}
    coasts: dict[str, frozenset[str]] = {}
    for prov, p in board.provinces.items():
        if p.can_convoy:
            touch[prov] = board.fleet_adjacent_provinces(_fleet_loc(board, prov))
            coasts[prov] = frozenset(x for x in touch[prov] if board.provinces[x].is_coastal)
    return touch, coasts


@dataclass(eq=False, slots=True)
class ConvoyChain:
    """A minimal chain of seas from one coast, as a node of that coast's tree of chains.

    A chain is minimal when no sea can be left out: no sea of it touches the origin or an earlier sea's
    neighbours except through its neighbours in the chain. Whether a chain is minimal depends on the map
    alone, so each coast's chains are listed once per map and filtered by the fleets present.
    """

    sea: str  # the chain's last sea
    seas: frozenset[str]  # every sea of the chain
    lands: tuple[str, ...]  # coasts this chain newly reaches: a convoy along it may land there
    longer: tuple[ConvoyChain, ...]  # the minimal chains one sea longer that start with this one


@lru_cache(maxsize=None)
def convoy_chains(board: MapData) -> dict[str, tuple[ConvoyChain, ...]]:
    """Per coastal province: its one-sea minimal chains, each the root of a tree of longer ones. A
    map-level table: about twenty chains per coast on the standard board, a few hundred on large ones."""
    touch, coasts_of = _sea_touch(board)
    table: dict[str, tuple[ConvoyChain, ...]] = {}
    for origin, p in board.provinces.items():
        if not p.is_coastal:
            continue

        def chain(path: list[str], reached: frozenset[str]) -> ConvoyChain:
            # ``reached``: every province touched by the seas before the last one (and the origin).
            last = path[-1]
            longer = []
            for nxt in sorted(touch[last]):
                if nxt in touch and nxt not in path and nxt not in reached and origin not in touch[nxt]:
                    path.append(nxt)
                    longer.append(chain(path, reached | touch[last]))
                    path.pop()
            return ConvoyChain(last, frozenset(path), tuple(sorted(coasts_of[last] - reached)), tuple(longer))

        table[origin] = tuple(chain([first], frozenset((origin,)))
                              for first, near in sorted(touch.items()) if origin in near)
    return table


def chains_formed(roots: tuple[ConvoyChain, ...], fleets: set[str] | frozenset[str]) -> list[ConvoyChain]:
    """The chains of a coast's tree that ``fleets`` (provinces with a fleet at sea) form."""
    found = [c for c in roots if c.sea in fleets]
    for chain in found:  # the loop also visits the chains it appends
        found += [c for c in chain.longer if c.sea in fleets]
    return found


# Above this many convoying seas the map-level table of every minimal chain (``convoy_chains``) grows
# beyond reach (a world map's open oceans): chains are then searched through the seas holding fleets only.
CHAIN_TABLE_SEAS = 64


def _chains_through(board: MapData, origin: str, fleets: set[str] | frozenset[str]) -> list[tuple[frozenset[str], tuple[str, ...]]]:
    """The minimal chains from ``origin`` that ``fleets`` form, as (seas, coasts newly reached): what
    ``chains_formed`` finds in the table, searched directly (the same conditions, fleets' seas only)."""
    touch, coasts_of = _sea_touch_cached(board)
    found: list[tuple[frozenset[str], tuple[str, ...]]] = []

    def walk(path: list[str], reached: frozenset[str]) -> None:
        last = path[-1]
        found.append((frozenset(path), tuple(sorted(coasts_of[last] - reached))))
        for nxt in sorted(touch[last].intersection(fleets)):  # the seas holding fleets, in the same order
            if nxt in touch and nxt not in path and nxt not in reached and origin not in touch[nxt]:
                path.append(nxt)
                walk(path, reached | touch[last])
                path.pop()

    for first in sorted(f for f in fleets if f in touch and origin in touch[f]):
        walk([first], frozenset((origin,)))
    return found


@lru_cache(maxsize=None)
def _sea_touch_cached(board: MapData) -> tuple[dict[str, frozenset[str]], dict[str, frozenset[str]]]:
    return _sea_touch(board)


def chain_table_fits(board: MapData) -> bool:
    """Whether ``board`` has few enough convoying seas for the table of every minimal chain
    (``convoy_chains``); on a larger board chains are searched through the seas holding fleets."""
    return len(_sea_touch_cached(board)[0]) <= CHAIN_TABLE_SEAS


def minimal_convoy_routes(board: MapData, origin: str, fleets: set[str] | frozenset[str]) -> dict[str, frozenset[str]]:
    """For an army in ``origin``: each coast it could be convoyed to by the given fleets, with the fleets
    that lie on some *minimal* route there (DATC 6.G.19: a fleet no route needs may not convoy)."""
    routes: dict[str, frozenset[str]] = {}
    if not chain_table_fits(board):
        for seas, lands in _chains_through(board, origin, fleets):
            for dest in lands:
                routes[dest] = routes.get(dest, frozenset()) | seas
        return routes
    for chain in chains_formed(convoy_chains(board).get(origin, ()), fleets):
        for dest in chain.lands:
            routes[dest] = routes.get(dest, frozenset()) | chain.seas
    return routes


def on_minimal_convoy_route(board: MapData, origin: str, dest: str, sea: str,
                            fleets: set[str] | frozenset[str]) -> bool:
    """``sea in minimal_convoy_routes(board, origin, fleets).get(dest, ())``: does the fleet in ``sea`` lie on
    a minimal route by which ``fleets`` could convoy an army from ``origin`` to ``dest``? On a board too large
    for the chain table, only the chains that could still land at ``dest`` through ``sea`` are searched,
    and the search stops at the first."""
    touch, coasts_of = _sea_touch_cached(board)
    if len(touch) <= CHAIN_TABLE_SEAS:
        return sea in minimal_convoy_routes(board, origin, fleets).get(dest, ())
    if sea not in fleets:
        return False

    def walk(path: list[str], reached: frozenset[str]) -> bool:
        # ``_chains_through``'s walk: a chain lands at ``dest`` when its last sea touches it and no earlier
        # one did; a longer chain never lands where an earlier sea touched, nor takes in a sea touched before.
        # (Whether some chain does is all that is asked, so the order the seas are tried in doesn't matter:
        # each sea's few neighbours are tried as they come, and the seas touched so far grown only for a step.)
        last = path[-1]
        passes = sea in path
        if not passes and sea in reached:
            return False
        near = touch[last]
        if dest in near:
            return passes and dest in coasts_of[last] and dest not in reached
        grown = None
        for nxt in near:
            if nxt in fleets and nxt in touch and nxt not in path and nxt not in reached and origin not in touch[nxt]:
                if grown is None:
                    grown = reached | near
                path.append(nxt)
                if walk(path, grown):
                    return True
                path.pop()
        return False

    start = frozenset((origin,))
    return any(walk([first], start) for first in fleets if first in touch and origin in touch[first])


def sea_coasts(board: MapData) -> dict[str, frozenset[str]]:
    """Per convoying sea: the coastal provinces it touches (where a convoy through it can land)."""
    return _sea_touch(board)[1]


def fleet_groups(board: MapData, fleets: set[str] | frozenset[str]) -> list[frozenset[str]]:
    """Split fleets at sea into connected groups: the networks a convoy could run through."""
    touch = _sea_touch(board)[0]
    seen: set[str] = set()
    groups = []
    for start in fleets:
        if start in seen:
            continue
        seen.add(start)
        group = [start]
        stack = [start]
        while stack:
            for nxt in touch[stack.pop()] & fleets:
                if nxt not in seen:
                    seen.add(nxt)
                    group.append(nxt)
                    stack.append(nxt)
        groups.append(frozenset(group))
    return groups


def fleets_at_sea(board: MapData, state: GameState) -> frozenset[str]:
    """Provinces holding a fleet that could convoy (found once per position: every convoy and move by
    convoy of a phase asks, and a position's units never change once made)."""
    kept = _FLEETS_KEPT.get(board.id)
    if kept is not None and kept[0] is board and kept[1] is state.units:
        return kept[2]
    seas = _convoying_seas(board)
    fleets = frozenset(p for p, u in state.units.items()
                       if p in seas and (u.type is UnitType.FLEET
                                         or (u.type is not UnitType.ARMY and unit_spec(u.type).can_convoy)))
    _FLEETS_KEPT[board.id] = (board, state.units, fleets)
    return fleets


@lru_cache(maxsize=None)
def _convoying_seas(board: MapData) -> frozenset[str]:
    return frozenset(p for p, prov in board.provinces.items() if prov.can_convoy)


_FLEETS_KEPT: dict[str, tuple[MapData, object, frozenset[str]]] = {}  # map id -> (board, units read, fleets)


def unit_can_reach(board: MapData, unit: Unit, dest_prov: str, state: GameState, busy: str | None = None,
                   permit: MovePermission | None = None) -> bool:
    """Could ``unit`` legally be ordered to ``dest_prov`` this turn (by land, sea or convoy)?

    ``busy`` is a fleet that can't also convoy (it is the one giving the support, DATC 6.D.31).
    """
    if permit is not None and permit(unit, dest_prov) is not None:
        return False
    if unit.type is UnitType.ARMY or not moves_by_sea(unit.type):
        if dest_prov in board.army_adjacent(unit.loc):
            return True
        if not unit_spec(unit.type).convoyable:
            return False
        origin = province_of(unit.loc)
        return dest_prov in convoy_reach(board, origin) and convoy_route_exists(
            board, origin, dest_prov, fleets_at_sea(board, state) - {busy})
    return board.reaches_province(unit.type, unit.loc, dest_prov)


def support_target(raw: RawOrder, state: GameState, unit: Unit) -> Unit:
    """The unit a support order names, checked to exist and not to be the supporter itself."""
    assert raw.target_loc is not None
    target_prov = province_of(raw.target_loc)
    target = state.units.get(target_prov)
    if target is None:
        raise IllegalOrderError(f"no unit at {target_prov} to support")
    if target_prov == province_of(unit.loc):
        raise IllegalOrderError(f"{unit} can't support itself")
    return target


def validate_movement(raw: RawOrder, state: GameState, board: MapData, power: str | None,
                      permit: MovePermission | None = None) -> Order:
    if raw.kind in ("build", "waive"):
        raise IllegalOrderError("builds are only ordered in the adjustment phase")
    if raw.kind == "retreat":
        raise IllegalOrderError("retreats are only ordered in the retreat phase")
    if raw.kind == "disband":
        raise IllegalOrderError("units are only disbanded in retreat and adjustment phases")
    unit = _own_unit(raw, state, power)
    here = province_of(unit.loc)
    if raw.kind == "hold":
        return Hold(unit)
    if raw.kind == "move":
        assert raw.dest is not None
        dest_prov = province_of(raw.dest)
        if dest_prov == here:
            raise IllegalOrderError(f"{unit} can't move to its own province")
        if raw.route is not None:
            raise IllegalOrderError(f"unknown route VIA {raw.route}")
        if moves_by_sea(unit.type):
            if raw.via_convoy:
                raise IllegalOrderError("only armies can be convoyed")
            fleet_dest = fleet_destination(board, unit, raw.dest)
            check_move(permit, unit, dest_prov)
            return Move(unit, fleet_dest)
        dest_p = board.provinces[dest_prov]
        if not dest_p.is_land:
            why = "it is a sea" if dest_p.is_sea else "it is impassable"
            raise IllegalOrderError(f"an army can't go to {dest_prov}: {why}")
        adjacent = dest_prov in board.army_adjacent(unit.loc)
        if not adjacent or raw.via_convoy:
            if not unit_spec(unit.type).convoyable:
                if raw.via_convoy:
                    raise IllegalOrderError(f"{unit_spec(unit.type).name} can't be convoyed")
                raise IllegalOrderError(f"{dest_prov} is not adjacent to {here}")
            if dest_prov not in convoy_reach(board, here):
                if raw.via_convoy:
                    raise IllegalOrderError(f"no sea route by which {unit} could be convoyed to {dest_prov}")
                raise IllegalOrderError(f"{dest_prov} is not adjacent to {here}")
            # DATC 6.D.32 / 4.E.1: a convoy move is legal only if fleets stand where a route could be ordered.
            if not convoy_route_exists(board, here, dest_prov, fleets_at_sea(board, state)):
                if adjacent:
                    raise IllegalOrderError(f"no fleets at sea could convoy {unit} to {dest_prov}")
                raise IllegalOrderError(f"{dest_prov} is not adjacent to {here}, and no fleets at sea could convoy it")
        check_move(permit, unit, dest_prov)
        # "via convoy" only says something when the army could also walk there.
        return Move(unit, dest_prov, via_convoy=raw.via_convoy and adjacent)
    if raw.kind == "support":
        target = support_target(raw, state, unit)
        target_prov = province_of(target.loc)
        if raw.dest is None:
            if not board.reaches_province(unit.type, unit.loc, target_prov):
                raise IllegalOrderError(f"{unit} can't support in {target_prov}: it can't move there")
            _check_support_reach(permit, unit, target_prov)
            return SupportHold(unit, target)
        dest_prov = province_of(raw.dest)
        if dest_prov == target_prov:
            raise IllegalOrderError(f"{target} can't move to its own province")
        if dest_prov == here:
            raise IllegalOrderError(f"{unit} can't support a move into its own province")
        if not board.reaches_province(unit.type, unit.loc, dest_prov):
            raise IllegalOrderError(f"{unit} can't support a move to {dest_prov}: it can't move there")
        _check_support_reach(permit, unit, dest_prov)
        if not unit_can_reach(board, target, dest_prov, state, busy=here):
            raise IllegalOrderError(f"{target} can't reach {dest_prov}")
        check_move(permit, target, dest_prov)
        dest = raw.dest
        if coast_of(dest) is not None:
            p = board.provinces[dest_prov]
            if not moves_by_sea(target.type) or coast_of(dest) not in p.coasts:
                dest = dest_prov  # an irrelevant coast is ignored
            elif dest not in board.fleet_adjacent(target.loc):
                raise IllegalOrderError(f"{target} can't reach {dest}")
        return SupportMove(unit, target, dest)
    if raw.kind == "convoy":
        assert raw.target_loc is not None and raw.dest is not None
        if not unit_spec(unit.type).can_convoy:
            raise IllegalOrderError(f"only fleets can convoy, not {unit_spec(unit.type).name}s")
        if not board.provinces[here].can_convoy:
            raise IllegalOrderError(f"a fleet in {here} can't convoy (only at sea)")
        origin = province_of(raw.target_loc)
        army = state.units.get(origin)
        if army is None:
            raise IllegalOrderError(f"no army at {origin} to convoy")
        if not unit_spec(army.type).convoyable:
            raise IllegalOrderError("only armies can be convoyed")
        dest_prov = province_of(raw.dest)
        if dest_prov == origin:
            raise IllegalOrderError(f"{army} can't be convoyed to its own province")
        if not board.provinces[dest_prov].is_coastal:
            raise IllegalOrderError(f"an army can't be convoyed to {dest_prov}")
        fleets = frozenset(fleets_linked(board, origin, fleets_at_sea(board, state)))
        if not on_minimal_convoy_route(board, origin, dest_prov, here, fleets):
            raise IllegalOrderError(f"{unit} is on no convoy route the fleets at sea could form from {origin} "
                                    f"to {dest_prov}")
        check_move(permit, army, dest_prov)
        return Convoy(unit, army, dest_prov)
    raise OrderSyntaxError(f"unknown order kind {raw.kind!r}")


def _check_support_reach(permit: MovePermission | None, unit: Unit, prov: str) -> None:
    """A unit supports only into a place it could move to: a place the variant's rule closes to it too."""
    why = refused_move(permit, unit, prov)
    if why is not None:
        raise IllegalOrderError(f"{unit} can't support in {prov}: {why}")


def retreat_options(board: MapData, state: GameState, d: Dislodged,
                    permit: MovePermission | None = None) -> tuple[str, ...]:
    """Where the dislodged unit ``d`` may retreat, given the position after movement (and the variant's
    move permission, if any)."""
    unit = d.unit
    out = []
    for loc in sorted(board.adjacent(unit.type, unit.loc)):
        p = province_of(loc)
        if p in state.units or p in state.contested:
            continue
        if p == d.attacker and not d.via_convoy:
            continue
        if permit is not None and permit(unit, p) is not None:
            continue
        out.append(loc)
    return tuple(out)


def _dislodged_named(state: GameState, prov: str, kind: UnitType | None, power: str | None) -> Dislodged | None:
    """The dislodged unit a retreat order names: by province, then (when several units were dislodged from
    one province) by unit kind and power."""
    here = [d for d in state.dislodged.values() if province_of(d.unit.loc) == prov]
    if len(here) > 1:
        here = [d for d in here if kind in (None, d.unit.type)] or here
        here = [d for d in here if power in (None, d.unit.power)] or here
    return here[0] if here else None


def validate_retreat(raw: RawOrder, state: GameState, board: MapData, power: str | None,
                     permit: MovePermission | None = None) -> Order:
    if raw.loc is None or raw.kind not in ("retreat", "move", "disband", "hold"):
        raise IllegalOrderError("only retreats and disbands are ordered in the retreat phase")
    prov = province_of(raw.loc)
    d = _dislodged_named(state, prov, raw.unit_type, power)
    if d is None:
        raise IllegalOrderError(f"no dislodged unit at {prov}")
    unit = d.unit
    if power is not None and unit.power != power:
        raise IllegalOrderError(f"the dislodged unit in {prov} belongs to {unit.power}, not {power}")
    if raw.kind == "disband":
        return Disband(unit)
    if raw.kind == "hold":
        raise IllegalOrderError(f"{unit} is dislodged: it must retreat or disband")
    assert raw.dest is not None
    if raw.via_convoy or raw.route:
        raise IllegalOrderError("a retreat can't be convoyed")
    options = d.retreats or retreat_options(board, state, d, permit)
    dest_prov = province_of(raw.dest)
    matches = [o for o in options if province_of(o) == dest_prov]
    if not matches:
        raise IllegalOrderError(f"{unit} can't retreat to {dest_prov}")
    if len(matches) > 1:
        if raw.dest in matches:
            return Retreat(unit, raw.dest)
        raise AmbiguousOrderError(f"ambiguous coast: say {' or '.join(matches)}")
    return Retreat(unit, matches[0])


def validate_adjustment(
    raw: RawOrder, state: GameState, board: MapData, power: str, build_sites: frozenset[str]
) -> Order:
    """Check one build, removal or waive in isolation; counts are applied by the phase."""
    if raw.kind == "waive":
        return Waive(power)
    if raw.kind == "disband":
        return Disband(_own_unit(raw, state, power))
    if raw.kind != "build":
        raise IllegalOrderError("only builds, removals and waives are ordered in the adjustment phase")
    assert raw.loc is not None
    prov = province_of(raw.loc)
    p = board.provinces.get(prov)
    if p is None:
        raise IllegalOrderError(f"unknown province {prov}")
    if prov not in build_sites:
        if prov in state.units:
            raise IllegalOrderError(f"can't build in {prov}: it is occupied")
        if state.centers.get(prov) != power:
            raise IllegalOrderError(f"can't build in {prov}: {power} doesn't own it")
        raise IllegalOrderError(f"can't build in {prov}: not a home centre of {power}")
    kind = raw.unit_type
    coast = coast_of(raw.loc)
    if kind is None:
        # DATC 4.C.3: an army inland, a fleet where a coast is named; otherwise ambiguous.
        if not p.is_coastal:
            kind = UnitType.ARMY
        elif coast is not None:
            kind = UnitType.FLEET
        else:
            raise AmbiguousOrderError(f"say which unit to build in {prov}: A or F")
    if kind is UnitType.FLEET:
        if not p.is_coastal:
            raise IllegalOrderError(f"can't build a fleet in {prov}: it is inland")
        if p.coasts:
            if coast is None or coast not in p.coasts:
                raise AmbiguousOrderError(
                    f"ambiguous coast: say {' or '.join(board.coast_locations(prov))}"
                )
            return Build(Unit(power, kind, f"{prov}/{coast}"))
        return Build(Unit(power, kind, prov))
    if not board.can_stand(kind, prov):
        raise IllegalOrderError(f"can't build {kind.value} in {prov}")
    return Build(Unit(power, kind, prov))


def validate_for_phase(
    raw: RawOrder, state: GameState, board: MapData, power: str | None, build_sites: frozenset[str] = frozenset(),
    permit: MovePermission | None = None,
) -> Order:
    ptype = state.phase.type
    if ptype is PhaseType.MOVEMENT:
        return validate_movement(raw, state, board, power, permit)
    if ptype is PhaseType.RETREATS:
        return validate_retreat(raw, state, board, power, permit)
    if power is None:
        raise IllegalOrderError("adjustment orders need a power")
    return validate_adjustment(raw, state, board, power, build_sites)
