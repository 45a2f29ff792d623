"""The variant's end-of-phase rules: carried units, captures, coexistence, decoys, the winter's engineer
orders, the madman and the survival vote. Called through :meth:`Variant.after_phase`.

The end of a spring or fall *season* is after its retreats, when there are any: an enemy unit that
retreats into an engineer's area captures it too (4a speaks of the end of the season).
"""
from __future__ import annotations

from collections import Counter
from dataclasses import replace
from typing import Mapping, Sequence

from ...orders import Build, Disband, Retreat, Waive
from ...state import Dislodged, GameState
from ...types import PhaseType, Season, Unit, UnitType, province_of
from ...validate import retreat_options
from ..base import PhaseEnd, PhaseNote
from .movement import EngineeredResult
from .orders import Convert, CreateDecoy, CreateEngineer, DisbandStacked, EngineeredOrder, VoteOut
from .reach import fighter_retreats
from .settings import Rules
from .stacks import (
    NEUTRAL,
    Stacked,
    decoy_key,
    decoy_provinces,
    dislodged_decoy_provinces,
    engineer_key,
    missed_turns,
    stacked_units,
    with_extra,
)
from .validate import first_vote_year
from .views import not_alone


def after_phase(rules: Rules, before: GameState, after: GameState, submitted: Mapping[str, Sequence[EngineeredOrder]],
                outcome: object) -> PhaseEnd:
    ptype = before.phase.type
    if ptype is PhaseType.MOVEMENT:
        assert isinstance(outcome, EngineeredResult)
        return _after_movement(rules, before, after, submitted, outcome)
    if ptype is PhaseType.RETREATS:
        return _after_retreats(rules, before, after, submitted)
    return _after_winter(rules, before, after, submitted)


# --- spring and fall ------------------------------------------------------------------------------


def _after_movement(rules: Rules, before: GameState, after: GameState,
                    submitted: Mapping[str, Sequence[EngineeredOrder]], outcome: EngineeredResult) -> PhaseEnd:
    notes = list(outcome.notes)
    units = dict(after.units)
    dislodged = dict(after.dislodged)
    marks: set[str] = set()
    dislodged_marks: set[str] = set()
    for prov in decoy_provinces(before):
        if prov in outcome.moved:
            marks.add(province_of(outcome.moved[prov]))
        elif prov in outcome.dislodged:
            dislodged_marks.add(prov)
        else:
            marks.add(prov)
    # Exposed decoys that stood alone go first: their place may be needed below.
    for prov in sorted(outcome.exposed):
        if prov.startswith("D:"):
            continue
        if prov in outcome.dislodged:
            gone = after.dislodged_at(prov)
            if gone is not None:
                dislodged.pop(gone.unit, None)
            dislodged_marks.discard(prov)
        else:
            now = province_of(outcome.moved[prov]) if prov in outcome.moved else prov
            units.pop(now, None)
            marks.discard(now)
    stacks: list[Stacked] = []
    for s in stacked_units(before) + outcome.placed:
        if s.kind is UnitType.ENGINEER:
            dest = outcome.engineer_moves.get(engineer_key(s.power, s.province))
            stacks.append(replace(s, loc=dest) if dest else s)
        elif s.kind is UnitType.PRISON:
            captor = before.units.get(s.province)
            if captor is None or captor.power != s.power:
                notes.append(PhaseNote(s.power, str(s.unit), False,
                                       "no capturing unit to stay with: disbanded (rule 4c)"))
            elif s.province in outcome.dislodged:
                notes.append(PhaseNote(s.power, str(s.unit), False, f"{captor} was dislodged: disbanded (rule 5c)"))
            elif s.province in outcome.moved:
                stacks.append(replace(s, loc=province_of(outcome.moved[s.province])))
            else:
                stacks.append(s)
        else:
            key = decoy_key(s.province)
            if key in outcome.exposed:
                continue  # noted by the adjudication
            if key in outcome.moved:
                dest = outcome.moved[key]
                units[province_of(dest)] = Unit(s.power, s.disguise.type, dest)
                marks.add(province_of(dest))
            elif s.province not in units:
                units[s.province] = s.disguise  # its twin left: the decoy now stands alone
                marks.add(s.province)
            else:
                stacks.append(s)
    orphans = [s for s in stacks if s.kind is UnitType.PRISON
               and (units.get(s.province) is None or units[s.province].power != s.power)]
    for s in orphans:  # its captor was a decoy, exposed and disbanded
        notes.append(PhaseNote(s.power, str(s.unit), False, "its captor is gone: disbanded (rule 4c)"))
    stacks = [s for s in stacks if s not in orphans]
    state = after.replace(units=units, dislodged=dislodged)
    missed = missed_turns(before)
    for power in {u.power for u in before.units.values()} & set(rules.powers):
        missed[power] = 0 if submitted.get(power) else missed.get(power, 0) + 1
    state = with_extra(state, stacks, marks, dislodged_marks, missed)
    state = refresh_retreats(rules, state)
    if state.dislodged:
        return PhaseEnd(state, notes=tuple(notes))
    state, more = end_of_season(rules, state)
    return PhaseEnd(state, notes=tuple(notes + more))


def _after_retreats(rules: Rules, before: GameState, after: GameState,
                    submitted: Mapping[str, Sequence[EngineeredOrder]]) -> PhaseEnd:
    marks = set(decoy_provinces(before))
    retreats = {province_of(o.unit.loc): o for orders in submitted.values() for o in orders if isinstance(o, Retreat)}
    for prov in dislodged_decoy_provinces(before):
        order = retreats.get(prov)
        arrived = order is not None and \
            after.units.get(province_of(order.dest)) == Unit(order.unit.power, order.unit.type, order.dest)
        if order is not None and arrived:
            marks.add(province_of(order.dest))
    state = with_extra(after, decoys=marks, dislodged_decoys=())
    state, notes = end_of_season(rules, state)
    return PhaseEnd(state, notes=tuple(notes))


def refresh_retreats(rules: Rules, state: GameState) -> GameState:
    """Retreat options after the variant's own changes (decoys gone, decoys alone), fighters by their rule."""
    if not state.dislodged:
        return state
    out = {}
    for unit, d in state.dislodged.items():
        options = (fighter_retreats(rules.board, state, d) if d.unit.type is UnitType.FIGHTER
                   else retreat_options(rules.board, state, d))
        out[unit] = Dislodged(d.unit, d.attacker, d.via_convoy, options)
    return state.replace(dislodged=out)


def end_of_season(rules: Rules, state: GameState) -> tuple[GameState, list[PhaseNote]]:
    """Captures (4a), coexistence (6a), lone decoys (8b), and in the fall the madman's takeovers (D1)."""
    notes: list[PhaseNote] = []
    stacks: list[Stacked] = []
    for s in stacked_units(state):
        occupant = state.units.get(s.province)
        if s.kind is UnitType.ENGINEER and occupant is not None and occupant.power != s.power:
            notes.append(PhaseNote(s.power, str(s.unit), False,
                                   f"captured by {rules.power_name(occupant.power)}'s {occupant}: now its prison (rule 4a)"))
            stacks.append(Stacked(occupant.power, UnitType.PRISON, s.province, origin=s.power))
        elif s.kind is UnitType.DECOY:
            notes.append(PhaseNote(s.power, str(s.unit), False, not_alone(s.province)))
        else:
            stacks.append(s)
    engineers_in = Counter(s.province for s in stacks if s.kind is UnitType.ENGINEER)
    kept = []
    for s in stacks:
        if s.kind is UnitType.ENGINEER and engineers_in[s.province] > 1:
            notes.append(PhaseNote(s.power, str(s.unit), False, "two engineers in one area: both disbanded (rule 6a)"))
        elif s.kind is UnitType.PRISON and engineers_in[s.province] > 0:
            notes.append(PhaseNote(s.power, str(s.unit), False,
                                   "an engineer and a prison in one area: the prison is disbanded (rule 6a)"))
        else:
            kept.append(s)
    state = with_extra(state, kept)
    if rules.settings.madman and state.phase.season is Season.FALL:
        state, more = _madman_takeovers(rules, state)
        notes += more
    return state, notes


def _madman_takeovers(rules: Rules, state: GameState) -> tuple[GameState, list[PhaseNote]]:
    board = rules.board
    centers = dict(state.centers)
    for prov, unit in state.units.items():
        if board.provinces[prov].is_supply_center:
            centers[prov] = unit.power  # the fall's changes of owner, ahead of the calendar
    state = state.replace(centers=centers)
    notes: list[PhaseNote] = []
    limit = rules.settings.madman_after_missed
    missed = missed_turns(state)
    for power in rules.powers:
        if not (state.units_of(power) or state.centers_of(power)):
            continue
        if not any(centers.get(c) == power for c in rules.home_centers(state, power)):
            state, more = hand_to_madman(rules, state, power, "no home centres left (rule D1c)")
            notes += more
        elif limit is not None and missed.get(power, 0) >= limit:
            state, more = hand_to_madman(rules, state, power, f"missed orders {missed[power]} times (rule D1d)")
            notes += more
    return state, notes


def hand_to_madman(rules: Rules, state: GameState, power: str, why: str) -> tuple[GameState, list[PhaseNote]]:
    """The power's units and centres become the neutral madman country's (D1c, D1d, F1). Its engineers,
    prisons and decoys go: the madman can't build, and a bluff has no player behind it."""
    notes = [PhaseNote(power, power, False, f"{why}: its units and centres go to the madman")]
    decoys = decoy_provinces(state)
    units: dict[str, Unit] = {}
    for prov, unit in state.units.items():
        if unit.power != power:
            units[prov] = unit
        elif prov not in decoys:
            units[prov] = Unit(NEUTRAL, unit.type, unit.loc)
    dislodged_decoys = dislodged_decoy_provinces(state)
    kept = [d if d.unit.power != power else Dislodged(Unit(NEUTRAL, d.unit.type, d.unit.loc), d.attacker,
                                                      d.via_convoy, d.retreats)
            for d in state.dislodged.values()
            if not (d.unit.power == power and d.unit.province in dislodged_decoys)]
    dislodged = {d.unit: d for d in kept}
    centers = {c: (NEUTRAL if p == power else p) for c, p in state.centers.items()}
    stacks = [s for s in stacked_units(state) if s.power != power]
    missed = {p: n for p, n in missed_turns(state).items() if p != power}
    state = state.replace(units=units, dislodged=dislodged, centers=centers)
    state = with_extra(state, stacks, {p for p in decoys if p in units and units[p].power != NEUTRAL},
                       {d.unit.province for d in kept} & dislodged_decoys, missed)
    return state, notes


# --- winter ---------------------------------------------------------------------------------------

_ORDER_OF_WORK = (DisbandStacked, Convert, CreateDecoy, CreateEngineer, VoteOut)


def _after_winter(rules: Rules, before: GameState, after: GameState,
                  submitted: Mapping[str, Sequence[EngineeredOrder]]) -> PhaseEnd:
    verdicts: dict[EngineeredOrder, tuple[bool, str]] = {}
    notes: list[PhaseNote] = []
    units = dict(after.units)
    marks = {p for p in decoy_provinces(before) if after.units.get(p) == before.units.get(p)}
    stacks = stacked_units(before)
    used: set[str] = set()  # engineer and prison slots that did their winter work
    builds: Counter[str] = Counter()
    for prov, unit in after.units.items():
        if before.units.get(prov) != unit:
            builds[unit.power] += 1
            if prov not in rules.home_centers(before, unit.power):
                used.add(engineer_key(unit.power, prov))  # a temporary build centre (2a)
    extra = [o for orders in submitted.values() for o in orders if not isinstance(o, (Build, Waive, Disband))]
    extra.sort(key=lambda o: _ORDER_OF_WORK.index(type(o)) if type(o) in _ORDER_OF_WORK else len(_ORDER_OF_WORK))
    votes: dict[str, str] = {}
    for order in extra:
        if isinstance(order, DisbandStacked):
            verdicts[order] = _disband(stacks, order)
        elif isinstance(order, Convert):
            verdicts[order] = _convert(before, after, units, stacks, used, order)
        elif isinstance(order, CreateDecoy):
            verdicts[order] = _decoy(rules, before, after, stacks, used, builds, order)
        elif isinstance(order, CreateEngineer):
            verdicts[order] = _create_engineer(rules, before, stacks, order)
        elif isinstance(order, VoteOut):
            if order.power in votes:
                verdicts[order] = (False, "one vote per power")
            else:
                votes[order.power] = order.target
                verdicts[order] = (True, "counted")
    state = after.replace(units=units)
    stacks, removed = _excess_engineers(rules, state, stacks)
    notes += removed
    for s in stacks:
        if s.kind is UnitType.PRISON:
            notes.append(PhaseNote(s.power, str(s.unit), True,
                                   "released: a prison lasts until the next spring (rule 4b)"))
    stacks = [s for s in stacks if s.kind is not UnitType.PRISON]
    state = with_extra(state, stacks, marks)
    if votes and rules.settings.survival and before.phase.year >= first_vote_year(rules):
        out = _voted_out(votes)
        if out is not None:
            voters = ", ".join(sorted(rules.power_name(p) for p, t in votes.items() if t == out))
            state, more = hand_to_madman(rules, state, out, f"voted out by {voters} (rule F1)")
            notes += more
    return PhaseEnd(state, verdicts, tuple(notes))


def _find(stacks: list[Stacked], unit: Unit) -> Stacked | None:
    for s in stacks:
        if s.power == unit.power and s.kind is unit.type and s.province == province_of(unit.loc):
            return s
    return None


def _disband(stacks: list[Stacked], order: DisbandStacked) -> tuple[bool, str]:
    found = _find(stacks, order.stacked)
    if found is None:
        return False, f"no {order.stacked} to disband"
    stacks.remove(found)
    return True, "disbanded"


def _convert(before: GameState, after: GameState, units: dict[str, Unit], stacks: list[Stacked], used: set[str],
             order: Convert) -> tuple[bool, str]:
    converter = order.converter
    prov = province_of(converter.loc)
    slot = f"{converter.type.value}:{converter.power}:{prov}"
    if _find(stacks, converter) is None:
        return False, f"no {converter} any more"
    if slot in used:
        return False, f"{converter} has already worked this winter"
    unit = before.units.get(prov)
    if unit is None or after.units.get(prov) != unit or units.get(prov) != unit:
        return False, f"the unit in {prov} is gone"
    used.add(slot)
    units[prov] = order.into
    return True, f"{unit} is now {order.into}"


def _decoy(rules: Rules, before: GameState, after: GameState, stacks: list[Stacked], used: set[str],
           builds: Counter[str], order: CreateDecoy) -> tuple[bool, str]:
    twin = order.decoy
    prov = province_of(twin.loc)
    slot = engineer_key(twin.power, prov)
    if _find(stacks, Unit(twin.power, UnitType.ENGINEER, prov)) is None:
        return False, f"no engineer of {rules.power_name(twin.power)} in {prov} any more"
    if slot in used:
        return False, f"the engineer in {prov} has already worked this winter"
    if after.units.get(prov) != twin:
        return False, f"{twin} is gone"
    if any(s.kind is UnitType.DECOY and s.province == prov for s in stacks):
        return False, f"there is already a decoy in {prov}"
    if builds[twin.power] >= rules.adjustment_delta(before, twin.power):
        return False, "no build left: a decoy takes one of the winter's builds"
    used.add(slot)
    builds[twin.power] += 1
    stacks.append(Stacked(twin.power, UnitType.DECOY, twin.loc, mimic=twin.type))
    return True, f"decoy created beside {twin}"


def _create_engineer(rules: Rules, before: GameState, stacks: list[Stacked], order: CreateEngineer) -> tuple[bool, str]:
    engineer = order.engineer
    power = engineer.power
    have = sum(1 for s in stacks if s.kind is UnitType.ENGINEER and s.power == power)
    held = sum(1 for s in stacks if s.kind is UnitType.PRISON and s.origin == power)
    allowance = rules.engineer_allowance(before, power)
    if held and have + held >= allowance:
        return False, "a captured engineer can't be replaced until its prison is disbanded (rule 3b)"
    if have + held >= allowance:
        plural = "s" if allowance != 1 else ""
        return False, f"{rules.power_name(power)} already has the {allowance} engineer{plural} its centres support (rule 3d)"
    if _find(stacks, engineer) is not None:
        return False, f"an engineer of {rules.power_name(power)} is already in {engineer.loc}"
    stacks.append(Stacked(power, UnitType.ENGINEER, engineer.loc))
    return True, "engineer created"


def _excess_engineers(rules: Rules, state: GameState, stacks: list[Stacked]) -> tuple[list[Stacked], list[PhaseNote]]:
    """More engineers than the centres support (3a, 3d): the farthest from the power's centres go."""
    notes: list[PhaseNote] = []
    board = rules.board
    out = list(stacks)
    for power in rules.powers:
        mine = [s for s in out if s.kind is UnitType.ENGINEER and s.power == power]
        excess = len(mine) - rules.engineer_allowance(state, power)
        if excess <= 0:
            continue
        dist = board.distances_from(state.centers_of(power)) if state.centers_of(power) else {}
        mine.sort(key=lambda s: (-dist.get(s.province, 10_000), board.provinces[s.province].name.lower()))
        for s in mine[:excess]:
            out.remove(s)
            notes.append(PhaseNote(power, str(s.unit), True,
                                   "removed: more engineers than the centres support (rule 3d)"))
    return out, notes


def _voted_out(votes: Mapping[str, str]) -> str | None:
    """The power with more votes than any other, if at least two powers named it (rule F1)."""
    tally = Counter(votes.values()).most_common()
    top, count = tally[0]
    if count < 2 or (len(tally) > 1 and tally[1][1] == count):
        return None
    return top
