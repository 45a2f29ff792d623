"""One EMG turn, in the order the seed's examples require (ambiguity A1): declarations, calls to arms and
grants; adds, upgrades and the upkeep (forced downgrades and removals); the legality of moves and supports
against the relations just made; the conflicts (:class:`EmgResolver`); automatic retreats; then ownership.

There is no retreat phase and no adjustment phase: the turn's result is the whole next board
(:class:`TurnResult.next_state`), which the variant's ``after_phase`` hands to the phase processor.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Callable, Iterable, Mapping

from ...hooks import PhaseNote
from ...mapdata import MapData
from ...orders import Hold, Move, Order, SupportHold, SupportMove
from ...outcomes import Reason, wording
from ...resolver import MovementResult, Outcome, Tracer, outcome
from ...state import GameState
from ...types import Unit, UnitType, moves_by_sea, province_of
from .orders import (ADD_WORDS, DOWNGRADE, UPGRADE, Add, CallToArms, ConvoyRoute, Declare, Downgrade, GrantAccess,
                     Remove, Spy, SupportAttack, SupportDefence, Upgrade, carries, points)
from .relations import ALLY, WAR, apply_declarations, pair_key, pair_verdicts, relation
from .resolver import EmgResolver

PENALTY_STEPS = (0.20, 0.15, 0.10, 0.05)  # call-to-arms penalty over four turns (RG-REL-10)
ALL_AREAS = "*"

EntryRule = Callable[[Unit, str], "str | None"]


# --- reasons ----------------------------------------------------------------------------------------------

NO_ENTRY, SUPPORT_REFUSED, NO_ATTACK, DECLARATION, ADJUSTED, RETREATED, DESTROYED, ORDER_TAKEN = (
    "emg_no_entry", "emg_support_refused", "emg_no_attack", "emg_declaration", "emg_adjusted",
    "emg_retreated", "emg_destroyed", "emg_done")
CONVOYING, CONVOY_BROKEN = "emg_convoying", "emg_convoy_broken"


@wording(CONVOY_BROKEN)
def _word_convoy_broken(r: Reason) -> str:
    landed = r.get("landed")
    return f"convoy disrupted at {r.get('sea')}" + (f": landed in {landed}" if landed else ": stays")


@wording(NO_ENTRY, SUPPORT_REFUSED, DECLARATION, ADJUSTED)
def _word_why(r: Reason) -> str:
    return str(r.get("why") or "")


@wording(CONVOYING)
def _word_convoying(r: Reason) -> str:
    # The passenger is data, not words: a viewer who sees the fleet but not the army reads "a unit".
    passenger = r.get("unit")
    return f"convoys {passenger if passenger is not None else 'a unit'} this turn and does nothing else"


@wording(NO_ATTACK)
def _word_no_attack(r: Reason) -> str:
    return f"no attack on {r.get('dest')} to support"


@wording(RETREATED)
def _word_retreated(r: Reason) -> str:
    return f"forced out, retreats to {r.get('dest')} (-/R {r.get('dest')})"


@wording(DESTROYED)
def _word_destroyed(r: Reason) -> str:
    return "forced out with no retreat: destroyed (-/DEAD)"


@wording(ORDER_TAKEN)
def _word_done(r: Reason) -> str:
    return str(r.get("what") or "done")


# --- the board's facts ------------------------------------------------------------------------------------


def centre_points(board: MapData, area: str) -> int:
    """A supply centre's points: 2 unless the map lists it among ``extra["one_point_centres"]`` (RG-MAP-5)."""
    if area not in board.supply_centers:
        return 0
    return 1 if area in board.extra.get("one_point_centres", ()) else 2


def area_number(board: MapData, area: str) -> int:
    number = board.provinces[area].number
    return number if number is not None else 10**6


def owners(state: GameState) -> dict[str, str]:
    """Owner of every owned land or coastal area: the centres' owners and ``extra["owned"]`` (RG-MAP-6/8)."""
    out = dict(state.extra.get("owned", {}))
    out.update(state.centers)
    return out


def supply_points(board: MapData, state: GameState, power: str) -> int:
    """The sum of the owned supply centres' points (RG-BLD-1)."""
    return sum(centre_points(board, c) for c, p in state.centers.items() if p == power)


def unit_points(units: Iterable[Unit], power: str) -> int:
    return sum(points(u.type) for u in units if u.power == power)


def penalty(state: GameState, power: str) -> float:
    """The call-to-arms penalty on ``power``'s victory points this turn (0 when none; RG-REL-10)."""
    served = state.extra.get("penalty", {}).get(power)
    return PENALTY_STEPS[served] if served is not None and 0 <= served < len(PENALTY_STEPS) else 0.0


def victory_points(board: MapData, state: GameState, power: str, capitals: Mapping[str, str] | None = None) -> float:
    """RG-VIC-3/5: each owned land area and each sea area holding the power's naval unit 1, each 1-point centre
    +1, each 2-point centre +2, each capital +5 (``capitals``: area -> the power whose capital it is; a capital
    scores for whoever owns it); the call-to-arms penalty applied last."""
    owned = [a for a, p in owners(state).items() if p == power]
    seas = [p for p, u in state.units.items() if u.power == power and board.provinces[p].is_sea]
    vp = float(len(owned) + len(seas) + sum(centre_points(board, a) for a in owned if a in board.supply_centers))
    vp += 5 * sum(1 for a in owned if a in (capitals or {}))
    return vp * (1 - penalty(state, power))


def entry_rule(board: MapData, owner_of: Mapping[str, str], relations: Mapping[str, str],
               grants: Mapping[tuple[str, str], frozenset[str]]) -> EntryRule:
    """Where a unit may go this turn (RG-MOV-1..3, RG-UNI-2/3, RG-REL-11/12): own areas, seas and unowned
    areas always; another power's area only at war with it, or allied with its grant of access."""

    def permit(unit: Unit, area: str) -> str | None:
        owner = owner_of.get(area)
        if owner is None or owner == unit.power or board.provinces[area].is_sea:
            return None
        rel = relation(relations, unit.power, owner)
        if rel == WAR:
            return None
        if rel == ALLY:
            granted = grants.get((owner, unit.power), frozenset())
            if ALL_AREAS in granted or area in granted:
                return None
            return f"{area} belongs to {owner}, an ally that granted no access to it this turn"
        return f"{area} belongs to {owner}, a neutral power (declare war or ally and get access)"
    return permit


# --- the turn ------------------------------------------------------------------------------------------------


@dataclass(slots=True)
class TurnResult(MovementResult):
    """The resolver's answer plus the whole board after the turn and the rule effects to report."""

    next_state: GameState | None = None
    notes: list[PhaseNote] = field(default_factory=list)


def _done(what: str) -> Outcome:
    return outcome(True, ORDER_TAKEN, what=what)


def _failed(code: str, why: str) -> Outcome:
    return outcome(False, code, why=why)


def play_turn(board: MapData, state: GameState, orders: Mapping[str, Order], first_turn: bool,
              tracer: Tracer | None = None) -> TurnResult:
    verdicts: dict[str, Outcome] = {}
    notes: list[PhaseNote] = []
    slot_of = {id(o): k for k, o in orders.items()}

    def verdict(order: Order, result: Outcome) -> None:
        verdicts[slot_of[id(order)]] = result

    # 1. Relations, calls to arms, grants.
    relations0: dict[str, str] = dict(state.extra.get("relations", {}))
    declarations = [o for o in orders.values() if isinstance(o, Declare)]
    relations, declared = apply_declarations(relations0, declarations, first_turn)
    for d in declarations:
        why = declared[d]
        verdict(d, _done(f"{d} takes effect") if why is None else _failed(DECLARATION, why))
    penalties: dict[str, int] = {p: n + 1 for p, n in state.extra.get("penalty", {}).items()
                                 if n + 1 < len(PENALTY_STEPS)}
    calls_due = [tuple(c) for c in state.extra.get("calls", [])]
    taken = pair_verdicts(relations0, declarations, first_turn) if calls_due else {}
    for caller, ally, enemy in calls_due:
        answered = (ally, enemy) in taken and taken[(ally, enemy)][1] is None
        if not answered and relation(relations, ally, enemy) != WAR:
            relations.pop(pair_key(ally, caller), None)  # the alliance with the caller is broken (RG-REL-9)
            penalties[ally] = 0
            notes.append(PhaseNote(ally, f"CA {caller}", False, Reason(DECLARATION, {
                "why": f"ignored {caller}'s call to arms against {enemy}: alliance broken, victory points cut"})))
    calls: list[list[str]] = []
    for c in (o for o in orders.values() if isinstance(o, CallToArms)):
        if relation(relations, c.power, c.ally) != ALLY or relation(relations, c.power, c.enemy) != WAR:
            verdict(c, _failed(DECLARATION, f"a call to arms needs an alliance with {c.ally} and a war with {c.enemy}"))
        else:
            calls.append([c.power, c.ally, c.enemy])
            verdict(c, _done(f"{c.ally} is called to arms against {c.enemy}"))
    for spy in (o for o in orders.values() if isinstance(o, Spy)):
        verdict(spy, _done("spies report on " + ", ".join(spy.areas)))
    grants: dict[tuple[str, str], frozenset[str]] = {}
    for g in (o for o in orders.values() if isinstance(o, GrantAccess)):
        if relation(relations, g.power, g.target) != ALLY or g.power == g.target:
            verdict(g, _failed(DECLARATION, f"access is granted only to an ally ({g.target} is not one)"))
        else:
            grants[(g.power, g.target)] = frozenset(g.areas) if g.areas else frozenset({ALL_AREAS})
            verdict(g, _done(f"{g.target} may enter " + (", ".join(g.areas) if g.areas else "every area")))

    # 2. Adds, upgrades and the upkeep.
    owner_of = owners(state)
    units: dict[str, Unit] = dict(state.units)
    new_units: set[str] = set()
    held: set[str] = set()  # units whose command this turn was an adjustment: they hold
    powers = sorted({u.power for u in units.values()} | set(state.centers.values()))
    for power in powers:
        surplus = supply_points(board, state, power) - unit_points(units.values(), power)
        mine = sorted((o for o in orders.values() if isinstance(o, (Add, Upgrade)) and o.power == power),
                      key=lambda o: (area_number(board, province_of(o.unit.loc)), str(o)))
        for change in mine:
            area = province_of(change.unit.loc)
            if state.centers.get(area) != power:
                verdict(change, _failed(ADJUSTED, f"{area} is not a supply centre of {power}"))
                continue
            if isinstance(change, Add):
                need = points(change.unit.type)
                if area in units:
                    refusal: str | None = f"{area} is not empty"
                elif need == 2 and centre_points(board, area) != 2:
                    refusal = f"{area} is a 1-point centre: it adds corps and squadrons only"
                elif need > surplus:
                    refusal = f"{need} supply points needed, {max(surplus, 0)} spare"
                else:
                    refusal = None
                if refusal is not None:
                    verdict(change, _failed(ADJUSTED, refusal))
                    continue
                units[area] = change.unit
                new_units.add(area)
                surplus -= need
                verdict(change, _done(f"new {change.unit.type.name.lower()} in {area}"))
            else:
                if surplus < 1:
                    verdict(change, _failed(ADJUSTED, "no spare supply point for an upgrade"))
                    continue
                unit = units[area]
                units[area] = Unit(unit.power, UPGRADE[unit.type], unit.loc)
                held.add(area)
                surplus -= 1
                verdict(change, _done(f"{area} upgraded"))
        deficit = -surplus
        for cut in sorted((o for o in orders.values() if isinstance(o, (Downgrade, Remove)) and o.power == power),
                            key=str):
            area = province_of(cut.unit.loc)
            current = units.get(area)
            if deficit <= 0 or current is None:
                verdict(cut, _failed(ADJUSTED, "units within supply: no downgrade or removal needed"))
                continue
            if isinstance(cut, Downgrade):
                units[area] = Unit(current.power, DOWNGRADE[current.type], current.loc)
                deficit -= 1
                held.add(area)
            else:
                del units[area]
                deficit -= points(current.type)
            verdict(cut, _done(f"{area} {'downgraded' if isinstance(cut, Downgrade) else 'removed'}"))
        if deficit > 0:
            # Forced downgrades (FDU) and removals (FRU), drawn at random from a seed of the turn (A16).
            draw = random.Random(f"{state.phase}:{power}")
            while deficit > 0:
                big = sorted(p for p, u in units.items() if u.power == power and u.type in DOWNGRADE)
                small = sorted(p for p, u in units.items() if u.power == power and u.type not in DOWNGRADE)
                if not big and not small:
                    break
                area = draw.choice(big or small)  # downgrades first: they cost the power least
                unit = units[area]
                if big:
                    units[area] = Unit(power, DOWNGRADE[unit.type], unit.loc)
                    deficit -= 1
                    code = "FDU"
                else:
                    del units[area]
                    deficit -= points(unit.type)
                    code = "FRU"
                held.add(area)
                notes.append(PhaseNote(power, f"{code} {unit.loc}", True, Reason(ADJUSTED, {
                    "why": f"forced {'downgrade' if code == 'FDU' else 'removal'}: units outgrew supply"})))

    # 3. What each unit's command may do, judged against the relations just made.
    permit = entry_rule(board, owner_of, relations, grants)
    plain: dict[str, Order] = {}
    for prov, unit in units.items():
        command = orders.get(prov)
        if prov in new_units or prov in held or command is None or not hasattr(command, "unit") \
                or getattr(command, "unit") != state.units.get(prov):
            plain[prov] = Hold(unit)
            continue
        if isinstance(command, Move):
            refused = permit(unit, province_of(command.dest))
            if refused is not None:
                verdict(command, _failed(NO_ENTRY, refused))
                plain[prov] = Hold(unit)
                continue
        plain[prov] = command
    convoyed, broken = _convoys(units, plain, orders, relations, permit, verdict)
    resolver_orders: dict[str, Order] = {}
    for prov, command in plain.items():
        unit = units[prov]
        if isinstance(command, SupportAttack):
            resolver_orders[prov] = _support_attack(board, command, unit, plain, owner_of, relations, permit, verdict)
        elif isinstance(command, SupportDefence):
            resolver_orders[prov] = _support_defence(command, unit, units, owner_of, relations, grants, verdict)
        elif isinstance(command, (Hold, Move)):
            resolver_orders[prov] = command
        else:
            resolver_orders[prov] = Hold(unit)

    # 4. The conflicts.
    def may_fight(attacker: str, defender: str, area: str) -> bool:
        return board.provinces[area].is_sea or relation(relations, attacker, defender) != ALLY \
            or owner_of.get(area) == attacker

    # In a fixed order of areas, so that nothing in the resolver's guesses can hang on the order commands
    # came in (supports that cut each other are settled by a rule of their own: EmgResolver.backup_rule).
    resolver_orders = dict(sorted(resolver_orders.items()))
    resolver = EmgResolver(board, units, resolver_orders, tracer, frozenset(convoyed), may_fight)
    result = resolver.run()
    for prov, given in orders.items():
        if prov in verdicts or prov not in resolver_orders:
            continue
        if prov in plain and (plain[prov] is given or prov in convoyed):
            verdicts[prov] = result.outcomes[prov]

    for slot in orders:
        if slot not in verdicts and slot not in broken:  # a unit the upkeep removed or downgraded by force: its command is void
            verdicts[slot] = _failed(ADJUSTED, "the unit was downgraded or removed for want of supply: it holds")

    # 5. Automatic retreats.
    final: dict[str, Unit] = {}
    arrived = {province_of(d) for d in result.moved.values()}
    displaced: list[tuple[str, str | None]] = []  # (start, target of a failed move or None)
    for prov, unit in units.items():
        dest = result.moved.get(prov)
        if dest is not None:
            final[province_of(dest)] = Unit(unit.power, unit.type, dest)
        elif prov not in arrived:
            final[prov] = unit
        else:
            target = resolver.move_dest.get(prov)
            displaced.append((prov, target))
    battles = _battle_areas(board, units, resolver)
    for prov, (route, at) in sorted(broken.items(), key=lambda item: (area_number(board, item[0]), item[0])):
        # RG-CUT-7: the land unit is left in the nearest empty own area beside the last sea it reached,
        # working back towards its start; with none, it stays where it was.
        unit = units[prov]
        landed = None
        if final.get(prov) == unit:
            for sea in reversed(route.seas[:at]):
                spots = sorted((a for a in board.any_adjacent(sea) if owner_of.get(a) == unit.power
                                and a not in final and a not in battles and not board.provinces[a].is_sea),
                               key=lambda a: (area_number(board, a), a))
                if spots:
                    landed = spots[0]
                    del final[prov]
                    final[landed] = Unit(unit.power, unit.type, landed)
                    break
        verdicts[prov] = outcome(False, CONVOY_BROKEN, sea=route.seas[at], landed=landed)
    claims: dict[str, list[str]] = {}
    for start, target in displaced:
        unit = units[start]
        claims[start] = _retreat_candidates(board, unit, start, target, final, battles, owner_of, relations, grants)
    lone = {s: c[0] for s, c in claims.items() if len(c) == 1}
    doomed = {s for s, a in lone.items() for t, b in lone.items()
              if s != t and a == b and units[s].power != units[t].power}  # RG-RET-5
    for start, _ in sorted(displaced, key=lambda d: (area_number(board, d[0]), d[0])):
        unit = units[start]
        choice = None if start in doomed else next((a for a in claims[start] if a not in final), None)
        if choice is None:
            notes.append(PhaseNote(unit.power, str(unit), False, Reason(DESTROYED, {"unit": unit})))
            continue
        final[choice] = Unit(unit.power, unit.type, choice)
        notes.append(PhaseNote(unit.power, str(unit), True, Reason(RETREATED, {"unit": unit, "dest": choice})))

    # 6. Ownership: a unit ending the turn in an unowned area, or an enemy's, takes it (RG-MAP-8/9, RG-REL-14).
    owned_after = dict(owner_of)
    for prov, unit in final.items():
        if board.provinces[prov].is_sea:
            continue
        owner = owned_after.get(prov)
        if owner is None or (owner != unit.power and relation(relations, unit.power, owner) == WAR):
            owned_after[prov] = unit.power
    centers = {a: p for a, p in owned_after.items() if a in board.supply_centers}
    others = {a: p for a, p in sorted(owned_after.items()) if a not in board.supply_centers}
    extra = dict(state.extra)
    extra.update(relations=relations, owned=others, penalty=dict(sorted(penalties.items())), calls=calls)
    for key in ("relations", "owned", "penalty", "calls"):
        if not extra[key]:
            del extra[key]
    next_state = state.replace(units=final, centers=centers, extra=extra, dislodged={}, contested=frozenset())
    moved = {o: d for o, d in result.moved.items()}
    return TurnResult(verdicts, moved, {}, set(), set(), next_state=next_state, notes=notes)


def _convoys(units: Mapping[str, Unit], plain: dict[str, Order], orders: Mapping[str, Order],
             relations: Mapping[str, str], permit: EntryRule, verdict: Callable[[Order, Outcome], None]
             ) -> tuple[set[str], dict[str, tuple[ConvoyRoute, int]]]:
    """Settle this turn's convoys before the conflicts. A convoy whose route is whole becomes a plain move of
    the land unit (its origin is returned in the first set); one broken at a sea is returned with that sea's
    index (the land unit holds, and is placed after the conflicts). RG-CUT-4/5/6 (A5): a convoying unit is
    broken by an enemy attack at least its points (the attacker's supports of attack counted, defence of the
    convoyer never), and by any own or allied naval unit moving into its sea. Its naval units do nothing else
    (RG-ORD-11)."""
    routes = {p: c for p, c in plain.items() if isinstance(c, ConvoyRoute)}
    through: set[str] = set()
    broken: dict[str, tuple[ConvoyRoute, int]] = {}
    for prov, route in sorted(routes.items()):
        unit = units[prov]
        refused = permit(unit, route.dest)
        carriers = [units.get(sea) for sea in route.seas]
        if refused is None and any(c is None or c.power != unit.power or not carries(c.type, unit.type)
                                   for c in carriers):
            refused = "the naval units of the route are no longer there"
        if refused is not None:
            verdict(route, _failed(NO_ENTRY, refused))
            plain[prov] = Hold(unit)
            continue
        for sea, carrier in zip(route.seas, carriers):
            assert carrier is not None
            own = orders.get(sea)
            if own is not None and not isinstance(own, Hold) and sea in plain:
                verdict(own, outcome(False, CONVOYING, unit=unit))
            # A carrier ordered to hold keeps that order, so its result is the hold's, not a void command's.
            plain[sea] = own if isinstance(own, Hold) and own.unit == carrier else Hold(carrier)
    for prov, route in sorted(routes.items()):
        if not isinstance(plain.get(prov), ConvoyRoute):
            continue
        unit = units[prov]
        at = next((i for i, sea in enumerate(route.seas) if _disrupted(sea, units[sea], unit, units, plain,
                                                                        relations)), None)
        if at is None:
            plain[prov] = Move(unit, route.dest)
            through.add(prov)
        else:
            plain[prov] = Hold(unit)
            broken[prov] = (route, at)
    return through, broken


def _disrupted(sea: str, carrier: Unit, passenger: Unit, units: Mapping[str, Unit], plain: Mapping[str, Order],
               relations: Mapping[str, str]) -> bool:
    for origin, command in plain.items():
        if not isinstance(command, Move) or province_of(command.dest) != sea:
            continue
        mover = units[origin]
        if mover.power == passenger.power or relation(relations, mover.power, passenger.power) == ALLY:
            if moves_by_sea(mover.type):
                return True
            continue
        backing = sum(points(units[s].type) for s, c in plain.items() if isinstance(c, SupportAttack)
                      and province_of(c.dest) == sea and (c.beneficiary or units[s].power) == mover.power)
        if points(mover.type) + backing >= points(carrier.type):
            return True
    return False


def _support_attack(board: MapData, order: SupportAttack, unit: Unit, plain: Mapping[str, Order],
                    owner_of: Mapping[str, str],
                    relations: Mapping[str, str], permit: EntryRule,
                    verdict: Callable[[Order, Outcome], None]) -> Order:
    """RG-SUP-1/2/7: support own or allied attacks only; an ally's attack into a third power's area needs war
    with that owner; the supporter must be able to enter the area itself."""
    ally = order.beneficiary or unit.power
    dest = province_of(order.dest)
    owner = owner_of.get(dest)
    why = None
    if relation(relations, unit.power, ally) != ALLY:
        why = f"{ally} is not an ally: only own and allied attacks may be supported"
    elif ally != unit.power and owner is not None and owner not in (unit.power, ally) \
            and relation(relations, unit.power, owner) != WAR:
        why = f"{dest} belongs to {owner}: supporting an ally's attack there needs war with {owner}"
    else:
        why = permit(unit, dest)
    if why is not None:
        verdict(order, _failed(SUPPORT_REFUSED, why))
        return Hold(unit)
    # Two of the power's units may move there: the support backs the strongest, then the lowest-numbered
    # start, so the outcome never depends on the order the commands were given in.
    movers = sorted((o for o in plain.values() if isinstance(o, Move) and o.unit.power == ally
                     and province_of(o.dest) == dest),
                    key=lambda o: (-points(o.unit.type), area_number(board, province_of(o.unit.loc)), o.unit.loc))
    mover = movers[0] if movers else None
    if mover is None:
        verdict(order, outcome(False, NO_ATTACK, dest=dest))
        return Hold(unit)
    return SupportMove(unit, mover.unit, mover.dest)


def _support_defence(order: SupportDefence, unit: Unit, units: Mapping[str, Unit], owner_of: Mapping[str, str],
                     relations: Mapping[str, str], grants: Mapping[tuple[str, str], frozenset[str]],
                     verdict: Callable[[Order, Outcome], None]) -> Order:
    """RG-SUP-2/8/9, RG-ORD-18: defend an own or allied unit standing in the area; in a third power's area
    only with that owner's access; an empty area can't be supported."""
    area = province_of(order.area)
    target = units.get(area)
    owner = owner_of.get(area)
    why = None
    if target is None:
        why = f"no unit in {area} to support"
    elif relation(relations, unit.power, target.power) != ALLY:
        why = f"{target.power} is not an ally: only own and allied units may be supported"
    elif owner is not None and owner not in (unit.power, target.power):
        granted = grants.get((owner, unit.power), frozenset())
        if not (ALL_AREAS in granted or area in granted):
            why = f"{area} belongs to {owner}: defending a unit there needs {owner}'s access"
    if why is not None or target is None:
        verdict(order, _failed(SUPPORT_REFUSED, why or ""))
        return Hold(unit)
    return SupportHold(unit, target)


def _battle_areas(board: MapData, units: Mapping[str, Unit], resolver: EmgResolver) -> set[str]:
    """Land and coastal areas where units of two powers met this turn (RG-RET-6)."""
    out = set()
    for dest, origins in resolver.moves_into.items():
        powers = {units[o].power for o in origins}
        occupant_fights = dest not in resolver.move_dest or resolver.move_dest[dest] in origins
        if dest in units and occupant_fights:
            powers.add(units[dest].power)
        if len(powers) > 1 and not board.provinces[dest].is_sea:
            out.add(dest)
    return out


def _retreat_candidates(board: MapData, unit: Unit, start: str, target: str | None, final: Mapping[str, Unit],
                        battles: set[str], owner_of: Mapping[str, str], relations: Mapping[str, str],
                        grants: Mapping[tuple[str, str], frozenset[str]]) -> list[str]:
    """RG-RET-1/2/4/6: a unit forced back goes to an area next to both its start and its target (a stationary
    unit: next to its area) that it controls, that an ally opened to it, or (naval units) an empty sea; never
    into a land battle area. Lowest area number first (A7)."""
    def near(area: str) -> set[str]:
        kind = UnitType.FLEET if moves_by_sea(unit.type) else UnitType.ARMY
        locs = board.coast_locations(area) if kind is UnitType.FLEET and board.provinces[area].coasts else (area,)
        return {province_of(x) for loc in locs for x in board.adjacent(kind, loc)}

    around = near(start)
    if target is not None:
        around &= near(target)
    out = []
    for area in around:
        if area in final or area in battles or area == target:
            continue
        prov = board.provinces[area]
        if prov.is_sea:
            if moves_by_sea(unit.type):
                out.append(area)
            continue
        owner = owner_of.get(area)
        if owner == unit.power:
            out.append(area)
        elif owner is not None and relation(relations, unit.power, owner) == ALLY:
            granted = grants.get((owner, unit.power), frozenset())
            if ALL_AREAS in granted or area in granted:
                out.append(area)
    return sorted(out, key=lambda a: (area_number(board, a), a))


__all__ = ["ADD_WORDS", "TurnResult", "centre_points", "entry_rule", "owners", "penalty", "play_turn",
           "supply_points", "unit_points", "victory_points"]
