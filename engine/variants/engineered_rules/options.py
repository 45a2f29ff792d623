"""Every legal order of Hugh's Engineered Diplomacy in a position, per power and slot.

Slots are unit locations (``MOS``, ``STP/SC``) for military units, ``E MOS`` / ``D MOS`` for engineers and
decoys beside their twins, ``E`` for the first spring's engineer placement, and build sites or ``E``/``P``
units in the winter (plus ``VOTE``). Armies' and fleets' own options come from the standard generator;
this module adds fighter fields, supports of their moves, damage, transports and the stacked units.
Bids are not listed: their number is the offered units' subsets times every madman order; a front end
builds them from :func:`biddable_units` and the madman unit's options.
"""
from __future__ import annotations

from ...mapdata import MapData
from ...options import legal_order_objects, retreat_orders
from ...orders import Build, Disband, Move, Retreat, SupportHold, SupportMove, Waive
from ...state import GameState
from ...types import Phase, PhaseType, Unit, UnitType, province_of
from .orders import (
    Convert,
    CreateDecoy,
    CreateEngineer,
    Damage,
    DisbandStacked,
    EngineeredOrder,
    PlaceEngineer,
    StackedHold,
    StackedMove,
    Transport,
    VoteOut,
)
from .reach import can_act_in, can_move_to, fighter_move_problem, fighter_range, fighter_retreats
from .settings import Rules
from .stacks import NEUTRAL, decoy_provinces, engineers, prisons, stacked_decoys
from .validate import first_vote_year


def legal_orders(rules: Rules, state: GameState) -> dict[str, dict[str, list[EngineeredOrder]]]:
    ptype = state.phase.type
    if ptype is PhaseType.MOVEMENT:
        return _movement(rules, state)
    if ptype is PhaseType.RETREATS:
        out: dict[str, dict[str, list[EngineeredOrder]]] = {}
        for d in sorted(state.dislodged.values(), key=lambda d: d.unit.loc):
            if d.unit.type is UnitType.FIGHTER:
                retreats = fighter_retreats(rules.board, state, d)
                orders: list[EngineeredOrder] = [Retreat(d.unit, loc) for loc in retreats]
                orders.append(Disband(d.unit))
            else:
                orders = list[EngineeredOrder](retreat_orders(d))
            out.setdefault(d.unit.power, {})[d.unit.loc] = orders
        return out
    return {p: o for p in rules.powers if (o := _winter(rules, state, p))}


def biddable_units(state: GameState) -> list[Unit]:
    """Madman units that can always be bid for: the neutral country's (NMR'd powers' units are known
    only at adjudication)."""
    return sorted((u for u in state.units.values() if u.power == NEUTRAL), key=lambda u: u.loc)


# --- spring and fall ------------------------------------------------------------------------------


def fighter_moves(rules: Rules, state: GameState, unit: Unit) -> list[Move]:
    """A fighter field's moves (for ``Variant.extra_moves``: the standard generator gives it none)."""
    if unit.type is not UnitType.FIGHTER:
        return []
    board = rules.board
    return [Move(unit, d) for d in sorted(fighter_range(board, province_of(unit.loc)))
            if fighter_move_problem(board, state, unit, d) is None]


def unit_extra_orders(rules: Rules, state: GameState, unit: Unit) -> list[EngineeredOrder]:
    """A military unit's orders beyond the standard ones (for ``Variant.extra_orders``): a fighter's
    supports and damage, and every unit's transports. Supports of fighters' moves by armies and fleets
    come from the standard generator, which sees the fighters' moves through ``extra_moves``."""
    board = rules.board
    here = province_of(unit.loc)
    out: list[EngineeredOrder] = []
    if unit.type is UnitType.FIGHTER:
        reach = sorted(fighter_range(board, here))
        targets = sorted((p, t) for p, t in state.units.items() if p != here)
        out += [SupportHold(unit, t) for p, t in targets if can_act_in(board, unit, p)]
        moves = [(t, d) for _, t in targets for d in reach if d != here and can_move_to(board, state, t, d)]
        out += [SupportMove(unit, t, loc) for t, d in moves for loc in _named_destinations(board, t, d)]
        if rules.settings.fighters:
            out += [Damage(unit, t) for p, t in targets if can_act_in(board, unit, p)]
            out += [Damage(unit, t, d) for t, d in moves]
    if here not in decoy_provinces(state):
        out += [Transport(unit, e.unit) for e in engineers(state, unit.power) if e.province != here]
    return out


def _named_destinations(board: MapData, mover: Unit, dest: str) -> list[str]:
    """How a support names ``mover``'s move to ``dest``: a fleet's coast where the province has several
    (as the standard options do), else the province."""
    if mover.type is UnitType.FLEET and board.provinces[dest].coasts:
        coasts = [loc for loc in board.coast_locations(dest) if loc in board.fleet_adjacent(mover.loc)]
        if coasts:
            return coasts
    return [dest]


def _movement(rules: Rules, state: GameState) -> dict[str, dict[str, list[EngineeredOrder]]]:
    board = rules.board
    out: dict[str, dict[str, list[EngineeredOrder]]] = {
        p: {loc: list[EngineeredOrder](orders) for loc, orders in per.items()}
        for p, per in legal_order_objects(rules, state).items()  # type: ignore[arg-type]
    }
    for e in engineers(state):
        dests: set[str] = set()
        unit = state.units.get(e.province)
        if unit is not None and unit.power == e.power:
            dests |= {province_of(o.dest) for o in out[e.power][unit.loc] if isinstance(o, Move)}
        for d in stacked_decoys(state):
            if d.power == e.power and d.province == e.province:
                dests |= {province_of(m.dest) for m in _decoy_moves(rules, state, d.disguise)}
        moves = [StackedMove(e.unit, d) for d in sorted(dests)]
        out.setdefault(e.power, {})[f"E {e.province}"] = [StackedHold(e.unit), *moves]
    for d in stacked_decoys(state):
        options: list[EngineeredOrder] = [StackedHold(d.unit)]
        options += [StackedMove(d.unit, m.dest) for m in _decoy_moves(rules, state, d.disguise)]
        out.setdefault(d.power, {})[f"D {d.province}"] = _unique(options)
    start = Phase.parse(board.start_phase)
    if (state.phase.season, state.phase.year) == (start.season, start.year):
        for power in rules.powers:
            if not engineers(state, power) and not any(p.origin == power for p in prisons(state)):
                sites = [PlaceEngineer(Unit(power, UnitType.ENGINEER, province_of(u.loc)))
                         for u in sorted(state.units_of(power), key=lambda u: u.loc)]
                if sites:
                    out.setdefault(power, {})["E"] = list(sites)
    return out


def _decoy_moves(rules: Rules, state: GameState, twin: Unit) -> list[Move]:
    """A decoy beside its twin moves as its twin could, but never by convoy."""
    if twin.type is UnitType.FIGHTER:
        return fighter_moves(rules, state, twin)
    return [Move(twin, d) for d in sorted(rules.board.adjacent(twin.type, twin.loc))]


def _unique(items: list[EngineeredOrder]) -> list[EngineeredOrder]:
    return list(dict.fromkeys(items))


# --- winter ---------------------------------------------------------------------------------------


def _winter(rules: Rules, state: GameState, power: str) -> dict[str, list[EngineeredOrder]]:
    board = rules.board
    settings = rules.settings
    out: dict[str, list[EngineeredOrder]] = {}
    delta = rules.adjustment_delta(state, power)
    kinds = [UnitType.ARMY, UnitType.FLEET] + ([UnitType.FIGHTER] if settings.fighters else [])
    if delta > 0:
        for site in sorted(rules.build_sites(state, power)):
            orders: list[EngineeredOrder] = []
            for kind in kinds:
                if kind is UnitType.FLEET:
                    if board.provinces[site].is_coastal:
                        orders += [Build(Unit(power, kind, loc)) for loc in board.coast_locations(site)]
                else:
                    orders.append(Build(Unit(power, kind, site)))
            orders.append(Waive(power))
            out[site] = orders
    elif delta < 0:
        for unit in sorted(state.units_of(power), key=lambda u: u.loc):
            out[unit.loc] = [Disband(unit)]
    decoys = decoy_provinces(state)
    homes = [c for c in rules.home_centers(state, power) if state.centers.get(c) == power]
    mine = engineers(state, power)
    for site in homes:
        if not any(e.province == site for e in mine):
            out.setdefault(f"E {site}", []).append(CreateEngineer(Unit(power, UnitType.ENGINEER, site)))
    for s in mine + [p for p in prisons(state) if p.power == power]:
        slot = f"{s.kind.value} {s.province}"
        orders = out.setdefault(slot, [])
        occupant = state.units.get(s.province)
        p = board.provinces[s.province]
        if occupant is not None and occupant.power == power and s.province not in decoys and p.is_supply_center:
            orders += _conversions(rules, s.kind, occupant)
            if s.kind is UnitType.ENGINEER and settings.use_decoys and s.province in homes and delta > 0:
                orders.append(CreateDecoy(occupant))
        orders.append(DisbandStacked(s.unit))
    if settings.survival and state.phase.year >= first_vote_year(rules):
        out["VOTE"] = [VoteOut(power, p) for p in rules.powers
                       if p != power and (state.units_of(p) or state.centers_of(p))]
        if not out["VOTE"]:
            del out["VOTE"]
    return out


def _conversions(rules: Rules, kind: UnitType, unit: Unit) -> list[EngineeredOrder]:
    board = rules.board
    prov = province_of(unit.loc)
    p = board.provinces[prov]
    converter = Unit(unit.power, kind, prov)
    targets: list[Unit] = []
    fighters = rules.settings.fighters
    if kind is UnitType.ENGINEER:
        if unit.type is UnitType.FIGHTER:
            return []
        if p.is_coastal:
            if unit.type is UnitType.ARMY:
                targets += [Unit(unit.power, UnitType.FLEET, loc) for loc in board.coast_locations(prov)]
            else:
                targets.append(Unit(unit.power, UnitType.ARMY, prov))
        if fighters:
            targets.append(Unit(unit.power, UnitType.FIGHTER, prov))
    else:
        if unit.type is not UnitType.ARMY:
            targets.append(Unit(unit.power, UnitType.ARMY, prov))
        if unit.type is not UnitType.FLEET and p.is_coastal:
            targets += [Unit(unit.power, UnitType.FLEET, loc) for loc in board.coast_locations(prov)]
        if unit.type is not UnitType.FIGHTER and fighters:
            targets.append(Unit(unit.power, UnitType.FIGHTER, prov))
    return [Convert(converter, t) for t in targets]
