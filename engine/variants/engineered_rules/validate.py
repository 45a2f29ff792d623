"""Raw order + position -> typed order of Hugh's Engineered Diplomacy, or an error naming what is wrong.

Orders of armies and fleets that involve no fighter field go to the standard validator; this module adds
the engineers', prisons' and decoys' orders, fighter fields (range two, damage), transports, bids, the
winter's engineer orders and votes.
"""
from __future__ import annotations

from ...orders import Hold, Move, RawOrder, SupportHold, SupportMove, Waive
from ...state import Dislodged, GameState
from ...types import (
    AmbiguousOrderError,
    IllegalOrderError,
    OrderSyntaxError,
    Phase,
    PhaseType,
    Unit,
    UnitType,
    coast_of,
    province_of,
)
from ...validate import (
    fleet_destination,
    support_target,
    validate_adjustment,
    validate_movement,
    validate_retreat,
)
from .orders import (
    BIDDABLE,
    Bid,
    Convert,
    CreateDecoy,
    CreateEngineer,
    PlaceEngineer,
    Damage,
    DisbandStacked,
    EngineeredOrder,
    ExtraRaw,
    StackedHold,
    StackedMove,
    Transport,
    VoteOut,
)
from .reach import can_act_in, can_move_to, fighter_move_problem, fighter_retreats
from .settings import Rules
from .stacks import (
    Stacked,
    decoy_provinces,
    engineers,
    find_stacked,
    prisons,
    stacked_decoys,
)

_STACKED = (UnitType.ENGINEER, UnitType.PRISON)
KIND_NAMES = {UnitType.ARMY: "an army", UnitType.FLEET: "a fleet", UnitType.FIGHTER: "a fighter field"}


def validate_order(rules: Rules, raw: RawOrder, state: GameState, power: str | None) -> EngineeredOrder:
    ptype = state.phase.type
    if ptype is PhaseType.MOVEMENT:
        return validate_movement_order(rules, raw, state, power)
    if ptype is PhaseType.RETREATS:
        return _retreat(rules, raw, state, power)
    if power is None:
        raise IllegalOrderError("adjustment orders need a power")
    return _adjustment(rules, raw, state, power)


# --- spring and fall ------------------------------------------------------------------------------


def validate_movement_order(rules: Rules, raw: RawOrder, state: GameState, power: str | None) -> EngineeredOrder:
    kind = raw.kind
    if kind == "vote":
        raise IllegalOrderError("votes are cast in the winter (rule F1)")
    if kind == "convert":
        raise IllegalOrderError("units are converted in the winter (rules 2a, 4d)")
    if kind == "bid":
        return _bid(rules, raw, state, power)
    if raw.unit_type in _STACKED:
        return _stacked_order(rules, raw, state, power)
    if raw.unit_type is UnitType.DECOY and raw.loc is not None:
        twin = _stacked_decoy(state, power, province_of(raw.loc))
        if twin is not None:
            return _stacked_decoy_order(rules, raw, state, twin)
    if kind == "build":
        raise IllegalOrderError("builds are only ordered in the adjustment phase")
    unit = _own_unit(rules, state, raw.loc, power)
    if kind == "transport":
        return _transport(rules, raw, state, unit)
    if kind == "damage":
        return _damage(rules, raw, state, unit)
    if unit.type is UnitType.FIGHTER:
        return _fighter_order(rules, raw, state, unit)
    if kind == "support" and raw.target_loc is not None and raw.dest is not None:
        target = state.units.get(province_of(raw.target_loc))
        if target is not None and target.type is UnitType.FIGHTER:
            return _support_move(rules, raw, state, unit, target)
    return validate_movement(raw, state, rules.board, power)


def _own_unit(rules: Rules, state: GameState, loc: str | None, power: str | None) -> Unit:
    if loc is None:
        raise OrderSyntaxError("no unit named")
    prov = province_of(loc)
    unit = state.units.get(prov)
    if unit is None:
        raise IllegalOrderError(f"no unit at {prov}")
    if power is not None and unit.power != power:
        raise IllegalOrderError(f"the unit in {prov} belongs to {rules.power_name(unit.power)}, not {rules.power_name(power)}")
    return unit


def _stacked_decoy(state: GameState, power: str | None, prov: str) -> Stacked | None:
    for s in stacked_decoys(state):
        if s.province == prov and power in (None, s.power):
            return s
    return None


def _stacked_order(rules: Rules, raw: RawOrder, state: GameState, power: str | None) -> EngineeredOrder:
    assert raw.loc is not None
    prov = province_of(raw.loc)
    if raw.unit_type is UnitType.PRISON:
        raise IllegalOrderError("a prison goes wherever the unit that captured it goes; it takes no orders "
                                "in spring and fall (rule 4c)")
    if raw.kind == "build":
        return _place_engineer(rules, state, power, prov)
    engineer = find_stacked(state, power, UnitType.ENGINEER, prov)
    if engineer is None:
        raise IllegalOrderError(f"no engineer{' of ' + rules.power_name(power) if power else ''} in {prov}")
    if raw.kind == "hold":
        return StackedHold(engineer.unit)
    if raw.kind == "move":
        assert raw.dest is not None
        dest = province_of(raw.dest)
        carriers = _carriers(state, engineer.power, prov)
        if not carriers:
            raise IllegalOrderError(f"no unit of {rules.power_name(engineer.power)} in {prov} to carry the engineer (rule 5a)")
        if not any(can_move_to(rules.board, state, c, dest) for c in carriers):
            raise IllegalOrderError(f"no unit of {rules.power_name(engineer.power)} in {prov} can move to {dest}")
        return StackedMove(engineer.unit, dest)
    if raw.kind == "disband":
        raise IllegalOrderError("engineers are disbanded in the winter")
    raise IllegalOrderError("an engineer holds (E MOS H) or moves with a unit of its power (E MOS - UKR); "
                            "to send it elsewhere, another unit transports it (A STP T E MOS)")


def _carriers(state: GameState, power: str, prov: str) -> list[Unit]:
    """Units of ``power`` in ``prov`` that can carry an engineer: military units and decoys (8a)."""
    out = []
    unit = state.units.get(prov)
    if unit is not None and unit.power == power:
        out.append(unit)
    twin = _stacked_decoy(state, power, prov)
    if twin is not None:
        out.append(twin.disguise)
    return out


def _place_engineer(rules: Rules, state: GameState, power: str | None, prov: str) -> EngineeredOrder:
    start = Phase.parse(rules.board.start_phase)
    if (state.phase.season, state.phase.year) != (start.season, start.year):
        raise IllegalOrderError("engineers are placed with the first spring's orders (rule 1a); "
                                "later they are created in the winter (rule 3c)")
    if power is None:
        raise IllegalOrderError("say which power places the engineer")
    if engineers(state, power) or any(p.origin == power for p in prisons(state)):
        raise IllegalOrderError(f"{rules.power_name(power)} already has its engineer")
    unit = state.units.get(prov)
    if unit is None or unit.power != power:
        raise IllegalOrderError(f"place the engineer with one of your units (rule 1a): none in {prov}")
    return PlaceEngineer(Unit(power, UnitType.ENGINEER, prov))


def _stacked_decoy_order(rules: Rules, raw: RawOrder, state: GameState, decoy: Stacked) -> EngineeredOrder:
    if raw.kind == "hold":
        return StackedHold(decoy.unit)
    if raw.kind != "move":
        raise IllegalOrderError("a decoy beside the unit it copies can only hold or move away (rule 8b)")
    assert raw.dest is not None
    board = rules.board
    mimic = decoy.disguise
    dest_prov = province_of(raw.dest)
    if raw.via_convoy or raw.route:
        raise IllegalOrderError("a decoy beside its twin moves on its own, without a convoy")
    if mimic.type is UnitType.FIGHTER:
        problem = fighter_move_problem(board, state, mimic, dest_prov)
        if problem:
            raise IllegalOrderError(problem)
        return StackedMove(decoy.unit, dest_prov)
    if mimic.type is UnitType.FLEET:
        return StackedMove(decoy.unit, fleet_destination(board, mimic, raw.dest))
    if dest_prov not in board.army_adjacent(mimic.loc):
        raise IllegalOrderError(f"{dest_prov} is not adjacent to {decoy.province}")
    return StackedMove(decoy.unit, dest_prov)


def _transport(rules: Rules, raw: RawOrder, state: GameState, unit: Unit) -> EngineeredOrder:
    assert raw.target_loc is not None
    if province_of(unit.loc) in decoy_provinces(state):
        raise IllegalOrderError(f"{unit} is a decoy: it can carry an engineer but not transport one (rule 8a)")
    if raw.target_type not in (None, UnitType.ENGINEER):
        raise IllegalOrderError("only engineers are transported (rule 5d)")
    prov = province_of(raw.target_loc)
    engineer = find_stacked(state, unit.power, UnitType.ENGINEER, prov)
    if engineer is None:
        raise IllegalOrderError(f"no engineer of {rules.power_name(unit.power)} in {prov}")
    if prov == province_of(unit.loc):
        raise IllegalOrderError(f"the engineer is already in {prov}")
    return Transport(unit, engineer.unit)


def _damage(rules: Rules, raw: RawOrder, state: GameState, unit: Unit) -> EngineeredOrder:
    board = rules.board
    if not rules.settings.fighters:
        raise IllegalOrderError("damage orders belong to the complex game (rule 7f)")
    if unit.type is not UnitType.FIGHTER:
        raise IllegalOrderError(f"only fighter fields damage (rule 7f); {unit} is not one")
    assert raw.target_loc is not None
    here = province_of(unit.loc)
    target_prov = province_of(raw.target_loc)
    target = state.units.get(target_prov)
    if target is None:
        raise IllegalOrderError(f"no unit at {target_prov} to damage")
    if target_prov == here:
        raise IllegalOrderError(f"{unit} can't damage itself")
    if raw.dest is None:
        if not can_act_in(board, unit, target_prov):
            raise IllegalOrderError(f"{target_prov} is more than two areas from {here} (rule 7a)")
        return Damage(unit, target)
    dest = province_of(raw.dest)
    if not can_act_in(board, unit, dest):
        raise IllegalOrderError(f"{dest} is more than two areas from {here} (rule 7f)")
    if dest == target_prov or not can_move_to(board, state, target, dest):
        raise IllegalOrderError(f"{target} can't move to {dest}")
    return Damage(unit, target, dest)


def _fighter_order(rules: Rules, raw: RawOrder, state: GameState, unit: Unit) -> EngineeredOrder:
    board = rules.board
    here = province_of(unit.loc)
    if raw.kind == "hold":
        return Hold(unit)
    if raw.kind == "move":
        assert raw.dest is not None
        if raw.via_convoy or raw.route:
            raise IllegalOrderError("a fighter field flies: it is never convoyed")
        dest = province_of(raw.dest)
        problem = fighter_move_problem(board, state, unit, dest)
        if problem:
            raise IllegalOrderError(problem)
        return Move(unit, dest)
    if raw.kind == "support":
        target = support_target(raw, state, unit)
        target_prov = province_of(target.loc)
        if raw.dest is None:
            if not can_act_in(board, unit, target_prov):
                raise IllegalOrderError(f"{target_prov} is more than two areas from {here} (rule 7e)")
            return SupportHold(unit, target)
        return _support_move(rules, raw, state, unit, target)
    if raw.kind == "convoy":
        raise IllegalOrderError("only fleets can convoy")
    if raw.kind in ("retreat", "disband"):
        raise IllegalOrderError(f"{raw.kind}s are ordered in retreat and adjustment phases")
    raise IllegalOrderError(f"a fighter field moves, holds, supports, damages or transports; not {raw.kind}")


def _support_move(rules: Rules, raw: RawOrder, state: GameState, unit: Unit, target: Unit) -> EngineeredOrder:
    """A support of a move where the supporter or the supported unit is a fighter field."""
    board = rules.board
    assert raw.dest is not None
    here = province_of(unit.loc)
    target_prov = province_of(target.loc)
    dest_prov = province_of(raw.dest)
    if target_prov == here:
        raise IllegalOrderError(f"{unit} can't support itself")
    if dest_prov == target_prov:
        raise IllegalOrderError(f"{target} can't move to its own province")
    if dest_prov == here:
        raise IllegalOrderError(f"{unit} can't support a move into its own province")
    if not can_act_in(board, unit, dest_prov):
        raise IllegalOrderError(f"{unit} can't support a move to {dest_prov}: out of its reach")
    if not can_move_to(board, state, target, dest_prov):
        raise IllegalOrderError(f"{target} can't reach {dest_prov}")
    dest = raw.dest
    if coast_of(dest) is not None:
        p = board.provinces[dest_prov]
        if target.type is not UnitType.FLEET or coast_of(dest) not in p.coasts:
            dest = dest_prov
        elif dest not in board.fleet_adjacent(target.loc):
            raise IllegalOrderError(f"{target} can't reach {dest}")
    return SupportMove(unit, target, dest)


def _bid(rules: Rules, raw: RawOrder, state: GameState, power: str | None) -> EngineeredOrder:
    if not rules.settings.madman:
        raise IllegalOrderError("bidding for madman units belongs to the complex game (rule D3)")
    if power is None:
        raise IllegalOrderError("a bid needs a power")
    assert isinstance(raw, ExtraRaw) and raw.inner is not None
    offered: list[Unit] = []
    decoys = decoy_provinces(state)
    for _, loc in raw.offered:
        unit = _own_unit(rules, state, loc, power)
        if province_of(unit.loc) in decoys:
            raise IllegalOrderError(f"{unit} is a decoy: it can't be offered in a bid")
        if unit in offered:
            raise IllegalOrderError(f"{unit} is offered twice")
        offered.append(unit)
    inner = raw.inner
    if inner.loc is None or inner.unit_type in (UnitType.ENGINEER, UnitType.PRISON) or inner.kind == "transport":
        raise IllegalOrderError("a bid orders a madman unit to hold, move, support, convoy or damage")
    target = state.units.get(province_of(inner.loc))
    if target is None:
        raise IllegalOrderError(f"no unit at {province_of(inner.loc)} to bid for")
    if target.power == power:
        raise IllegalOrderError(f"{target} is yours: order it directly")
    if raw.named_power is not None and raw.named_power != target.power:
        raise IllegalOrderError(f"the unit in {province_of(target.loc)} belongs to {rules.power_name(target.power)}, "
                                f"not {rules.power_name(raw.named_power)}")
    order = validate_movement_order(rules, inner, state, target.power)
    if not isinstance(order, BIDDABLE):
        raise IllegalOrderError("a bid orders a madman unit to hold, move, support, convoy or damage")
    return Bid(power, tuple(offered), order)


# --- retreats -------------------------------------------------------------------------------------


def _retreat(rules: Rules, raw: RawOrder, state: GameState, power: str | None) -> EngineeredOrder:
    if raw.unit_type in _STACKED or raw.kind in ("transport", "damage", "bid", "convert", "vote"):
        raise IllegalOrderError("only dislodged units are ordered in the retreat phase")
    if raw.loc is not None:
        d = state.dislodged_at(raw.loc)
        if d is not None and d.unit.type is UnitType.FIGHTER:
            options = fighter_retreats(rules.board, state, d)
            fighter = Dislodged(d.unit, d.attacker, d.via_convoy, options)
            state = state.replace(dislodged={**state.dislodged, d.unit: fighter})
    return validate_retreat(raw, state, rules.board, power)


# --- winter ---------------------------------------------------------------------------------------


def _adjustment(rules: Rules, raw: RawOrder, state: GameState, power: str) -> EngineeredOrder:
    kind = raw.kind
    if kind == "waive":
        return Waive(power)
    if kind == "vote":
        return _vote(rules, raw, state, power)
    if kind == "convert":
        return _convert(rules, raw, state, power)
    if kind in ("transport", "damage", "bid"):
        raise IllegalOrderError(f"{kind} orders are given in spring and fall")
    if kind == "build":
        if raw.unit_type is UnitType.ENGINEER:
            return _create_engineer(rules, raw, state, power)
        if raw.unit_type is UnitType.DECOY:
            return _create_decoy(rules, raw, state, power)
        if raw.unit_type is UnitType.PRISON:
            raise IllegalOrderError("prisons are made by capturing engineers, not built (rule 4a)")
        if raw.unit_type is UnitType.FIGHTER and not rules.settings.fighters:
            raise IllegalOrderError("fighter fields belong to the complex game (rule C7)")
        return validate_adjustment(raw, state, rules.board, power, rules.build_sites(state, power))
    if kind == "disband":
        if raw.unit_type in _STACKED:
            assert raw.loc is not None and raw.unit_type is not None
            prov = province_of(raw.loc)
            found = find_stacked(state, power, raw.unit_type, prov)
            if found is None:
                raise IllegalOrderError(f"no {'engineer' if raw.unit_type is UnitType.ENGINEER else 'prison'} "
                                        f"of {rules.power_name(power)} in {prov}")
            return DisbandStacked(found.unit)
        return validate_adjustment(raw, state, rules.board, power, frozenset())
    raise IllegalOrderError("the winter takes builds, removals, waives, engineer creations, conversions"
                            + (", decoys" if rules.settings.use_decoys else "")
                            + (" and votes" if rules.settings.survival else ""))


def _home_site(rules: Rules, raw: RawOrder, state: GameState, power: str, what: str) -> str:
    assert raw.loc is not None
    prov = province_of(raw.loc)
    if prov not in rules.home_centers(state, power):
        raise IllegalOrderError(f"{what} made on a home or start build centre (rules 2b, 3c); "
                                f"{prov} isn't one of {rules.power_name(power)}'s")
    if state.centers.get(prov) != power:
        raise IllegalOrderError(f"{rules.power_name(power)} doesn't own {prov}")
    return prov


def _create_engineer(rules: Rules, raw: RawOrder, state: GameState, power: str) -> EngineeredOrder:
    prov = _home_site(rules, raw, state, power, "engineers are")
    if find_stacked(state, power, UnitType.ENGINEER, prov) is not None:
        raise IllegalOrderError(f"an engineer of {rules.power_name(power)} is already in {prov}: two engineers in one area "
                                "are both disbanded (rule 6a)")
    return CreateEngineer(Unit(power, UnitType.ENGINEER, prov))


def _create_decoy(rules: Rules, raw: RawOrder, state: GameState, power: str) -> EngineeredOrder:
    if not rules.settings.use_decoys:
        raise IllegalOrderError("decoys are not used in this game (rule C8 is optional, complex level)")
    prov = _home_site(rules, raw, state, power, "decoys are")
    if find_stacked(state, power, UnitType.ENGINEER, prov) is None:
        raise IllegalOrderError(f"a decoy needs an engineer of yours in {prov} (rule 2b)")
    unit = state.units.get(prov)
    if unit is None or unit.power != power or prov in decoy_provinces(state):
        raise IllegalOrderError(f"a decoy copies a military unit of yours in {prov} (rule 2b): there is none")
    return CreateDecoy(unit)


def _convert(rules: Rules, raw: RawOrder, state: GameState, power: str) -> EngineeredOrder:
    board = rules.board
    assert raw.loc is not None
    prov = province_of(raw.loc)
    if raw.unit_type not in (None, UnitType.ENGINEER, UnitType.PRISON):
        raise IllegalOrderError("an engineer (E) or a prison (P) converts a unit")
    converter = None
    if raw.unit_type in (None, UnitType.ENGINEER):
        converter = find_stacked(state, power, UnitType.ENGINEER, prov)
    if converter is None and raw.unit_type in (None, UnitType.PRISON):
        converter = find_stacked(state, power, UnitType.PRISON, prov)
    if converter is None:
        raise IllegalOrderError(f"no engineer or prison of {rules.power_name(power)} in {prov}")
    p = board.provinces[prov]
    if not p.is_supply_center:
        raise IllegalOrderError(f"{prov} is not a supply centre: conversions are made on centres (rules 2a, 4d)")
    unit = state.units.get(prov)
    if unit is None or unit.power != power or prov in decoy_provinces(state):
        raise IllegalOrderError(f"no military unit of {rules.power_name(power)} in {prov} to convert")
    into = raw.target_type
    if into not in (UnitType.ARMY, UnitType.FLEET, UnitType.FIGHTER):
        raise IllegalOrderError("say what to convert into: A, F or W")
    if into is unit.type:
        raise IllegalOrderError(f"{unit} is already {KIND_NAMES[into]}")
    if into is UnitType.FIGHTER and not rules.settings.fighters:
        raise IllegalOrderError("fighter fields belong to the complex game (rule C7)")
    if converter.kind is UnitType.ENGINEER:
        if unit.type is UnitType.FIGHTER:
            raise IllegalOrderError("an engineer converts armies and fleets (rule 2a); only a prison converts "
                                    "a fighter field (rule 4d)")
        if into is not UnitType.FIGHTER and not p.is_coastal:
            raise IllegalOrderError(f"armies and fleets are exchanged on coastal centres only (rule 2a); "
                                    f"{prov} is inland")
    if into is UnitType.FLEET:
        if not p.is_coastal:
            raise IllegalOrderError(f"a fleet can't stand in {prov}: it is inland")
        loc = prov
        if p.coasts:
            coast = coast_of(raw.target_loc or "") or coast_of(raw.loc)
            if coast not in p.coasts:
                raise AmbiguousOrderError(f"say which coast: {' or '.join(board.coast_locations(prov))}")
            loc = f"{prov}/{coast}"
    else:
        loc = prov
    if raw.target_loc is not None and province_of(raw.target_loc) != prov:
        raise IllegalOrderError(f"the converted unit stays in {prov}")
    return Convert(converter.unit, Unit(power, into, loc))


def _vote(rules: Rules, raw: RawOrder, state: GameState, power: str) -> EngineeredOrder:
    if not rules.settings.survival:
        raise IllegalOrderError("voting a player out belongs to the advanced game (rule F1)")
    first = first_vote_year(rules)
    if state.phase.year < first:
        raise IllegalOrderError(f"votes start after {first - 1} (rule F1)")
    assert isinstance(raw, ExtraRaw) and raw.named_power is not None
    target = raw.named_power
    if target == power:
        raise IllegalOrderError("a power can't vote itself out")
    if not (state.units_of(target) or state.centers_of(target)):
        raise IllegalOrderError(f"{target} is no longer in the game")
    return VoteOut(power, target)


def first_vote_year(rules: Rules) -> int:
    """Rule F1: voting starts "after 1902", the second year of play."""
    return Phase.parse(rules.board.start_phase).year + 2


__all__ = ["first_vote_year", "validate_movement_order", "validate_order"]
