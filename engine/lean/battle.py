"""The movement resolver of ``engine/resolver.py`` over the lean path's per-unit records.

The same decisions in the same order (Kruijswijk's guess-and-check, the Szykman rule for convoy paradoxes,
circular movement), for the standard rules only: every strength is a whole number of units. Units are
numbers (their place in the request); ``orders`` lists them in the order the general path hands the
resolver its orders (written orders first, then the units given none), which fixes the order every
decision is taken in and every list of units in an outcome. ``explain`` gives what
``MovementResolver.explain`` gives, as the outcome's words and JSON. What a destination means (its
province, where an army walks there from, the outcome of a move there) is read once per map and location
(``_Places``), and the per-unit facts once per phase into lists by unit number, which the decisions read.

With ``Militia`` (World Diplomacy's, ``variants/world31/resolver.py``) it decides what ``WorldResolver``
decides: a militia that stays stands guard (one more to its province's hold strength, against other
countries' moves only), and its supports elsewhere are supporters of their own, numbered after the units.
"""
from __future__ import annotations

from typing import Any, Final, final

from json.encoder import encode_basestring_ascii as quote

from ..types import UnitType
from .reader import Orders, Position
from .tables import CONVOY, MOVE, SUPPORT_HOLD, SUPPORT_MOVE, MapTables, route_exists, tail

_UNRESOLVED: Final = 0
_GUESSING: Final = 1
_RESOLVED: Final = 2

Outcome = tuple[bool, str, str, str]
"""(succeeded, words, outcome JSON, the result line's tail after the order text: ``tables.tail``). Outcomes of
written orders only (never a unit's default hold) may leave the words and JSON out: only the tail is read.
Their tails are written without ``quote``: the words hold the map's codes and fixed words only, which JSON
writes as they are (``tables.plain``)."""

Boxed = Any
"""An ``Outcome`` as the object it is: mypyc keeps a value typed ``Outcome`` as its four fields, and makes a
new tuple of them each time it is put in a list. Outcomes made once (the fixed ones, the map's moves) are
passed on as ``Boxed`` so that each use is the same tuple."""

_FAILS_WORDS: Final = ', "result": "fails", "reason": "'  # a failed result's tail up to its words


def _fixed(ok: bool, words: str, code: str) -> Outcome:
    json = '{"code": "' + code + '", "data": {}}'
    return (ok, words, json, tail(ok, words, json))


def _made(ok: bool, words: str, json: str) -> Outcome:
    return (ok, words, json, tail(ok, words, json))


# Outcomes that name no unit.
HOLDS: Final[Boxed] = _fixed(True, "holds", "holds")
GIVEN: Final[Boxed] = _fixed(True, "given", "support_given")
CONVOYS: Final[Boxed] = _fixed(True, "convoys", "convoys")
CONVOY_FAILS: Final[Boxed] = _fixed(False, "fails", "convoy_fails")
PARADOX_FLEET_HOLDS: Final[Boxed] = _fixed(False, "convoy paradox: the fleet holds (Szykman rule)",
                                           "paradox_fleet_holds")
PARADOX_CONVOY_FAILS: Final[Boxed] = _fixed(False, "convoy paradox: the convoy fails (Szykman rule)",
                                            "paradox_convoy_fails")
NO_CONVOY_ROUTE: Final[Boxed] = _fixed(False, "no convoy route", "no_convoy_route")
NO_CONVOY_ORDERED: Final[Boxed] = _fixed(False, "no convoy ordered", "no_convoy_ordered")
MILITIA_CUT: Final[Boxed] = _made(False, "cut", '{"code": "support_cut", "data": {"by": []}}')


@final
class Militia:
    """World Diplomacy's militia in a movement phase, as ``WorldResolver`` takes them (its ``militia``).

    ``guard``: province -> the country whose militia stands guard there (every militia not ordered to move,
    whatever else it does). ``supporters``: the militia supporting a unit in another province, in the order
    ``WorldResolver`` adds them to its orders (its ``militia`` mapping's, under the keys ``M:PROV``), each as
    (country, the militia's location, ``SUPPORT_HOLD`` or ``SUPPORT_MOVE``, the supported unit's number, the
    supported move's destination as the order gives it, or ``None``). Supporter ``k`` is unit number
    ``len(position.units) + k`` in the decisions and in the outcomes' lists of units."""

    def __init__(self, guard: dict[str, str], supporters: list[tuple[str, str, int, int, str | None]]) -> None:
        self.guard = guard
        self.supporters = supporters


@final
class _Place:
    """A move's destination location as the battle reads it, made once per map."""

    def __init__(self, prov: str, walked_from: frozenset[str], moves: Boxed, moves_by_convoy: Boxed) -> None:
        self.prov = prov  # its province (the map's own text of it, as the units' records hold it)
        self.walked_from = walked_from  # the provinces an army walks there from (``MapTables.army_adjacent``)
        self.moves = moves  # the outcomes of a move there: ``MapTables.moves``, ``moves_by_convoy`` (or None)
        self.moves_by_convoy = moves_by_convoy
        # the outcome of a move there that would dislodge a unit of its own power: a common failure, made on
        # first need
        self.own_unit: Boxed = None


_NOWHERE: Final[frozenset[str]] = frozenset()


@final
class _Places:
    """The destinations of one map's moves, each made on first need. Keyed by the location texts as the
    orders give them, so that the next phase's orders, which give the same texts, find them at once (the
    map's own tables are keyed by texts that are equal but are other objects, each lookup a comparison
    of texts far apart in memory)."""

    def __init__(self, tables: MapTables) -> None:
        self.tables = tables
        self.places: dict[str, _Place] = {}
        self.provinces: dict[str, str] = {}  # province -> the map's own text of it
        walked: dict[str, set[str]] = {}
        for here, near in tables.army_adjacent.items():
            self.provinces[here] = here
            for there in near:
                walked.setdefault(there, set()).add(here)
        self.walked_from = {there: frozenset(origins) for there, origins in walked.items()}

    def place(self, loc: str) -> _Place:
        tables = self.tables
        name = loc.partition("/")[0]
        prov = self.provinces.get(name, name)
        made = self.places[loc] = _Place(prov, self.walked_from.get(prov, _NOWHERE), tables.moves.get(loc),
                                         tables.moves_by_convoy.get(loc))
        return made


_PLACES: dict[int, _Places] = {}  # id of a map's tables -> its destinations


def _places_of(tables: MapTables) -> _Places:
    known = _PLACES.get(id(tables))
    if known is None or known.tables is not tables:
        if len(_PLACES) >= 16:  # (tables made again for a map: the old ones' entries go)
            _PLACES.clear()
        known = _PLACES[id(tables)] = _Places(tables)
    return known


@final
class Fought:
    """What a movement phase came to."""

    def __init__(self, position: Position, prov: list[str], outcomes: list[Outcome], moved: dict[int, str],
                 dislodged: dict[int, int], contested: set[str], convoyed: list[bool],
                 militia: list[Outcome] | None = None) -> None:
        self.position = position
        self.prov = prov  # per unit: its province
        self.outcomes = outcomes  # per unit: its order's outcome (the order given, or the hold it got)
        self.moved = moved  # unit -> where its move ended
        self.dislodged = dislodged  # unit -> the unit that dislodged it, in unit order
        # provinces left empty by a standoff (worked out only when some unit is dislodged; with militia, always)
        self.contested = contested
        self.convoyed = convoyed  # per unit: its move goes by convoy (and after them, the militia supporters)
        # per militia supporter (``Militia.supporters``): its support's outcome, words and JSON always given
        self.militia: list[Outcome] = militia if militia is not None else []


_NUMBERS: Final = tuple([str(i) for i in range(20)])


def _number(n: int) -> str:
    """``str(n)`` of a strength (made once for the usual ones)."""
    return _NUMBERS[n] if 0 <= n < 20 else str(n)


_NO_ONE: Final[list[int]] = []  # (shared by every unit with nobody in some list: never appended to)
_NO_GUARD: Final[list[str]] = []  # (no militia standing guard: never read)
_MILITIA_TYPE: Final = quote(UnitType.MILITIA.value)


def fight(position: Position, orders: Orders, militia: Militia | None = None) -> Fought:
    """Decide every order (``MovementResolver.run``, or ``WorldResolver.run`` with ``militia``) and explain
    each (``MovementResolver.explain``)."""
    battle = _Battle(position, orders, militia)
    battle.run()
    return battle.explain()


@final
class _Battle:
    """The decisions of one phase: per-unit lists (by unit number) and the resolver's steps as methods."""

    def __init__(self, position: Position, orders: Orders, militia: Militia | None) -> None:
        self.position = position
        self.tables = tables = position.tables
        sequence = orders.sequence  # the order the general path hands the resolver the orders in
        at = position.at
        standing = position.standing
        self.unit_count = count = len(standing)  # (the militia supporters are numbered after them)
        power, prov = position.power, position.prov
        kind = orders.kind  # -1, no order: the unit holds (HOLD, 0, written)
        dest_loc, target = orders.dest, orders.target
        supporters = None if militia is None else militia.supporters
        # (The militia supporters' JSON, for the backing of the moves they support: made only when written.)
        self.militia_json: list[str] = []
        if supporters:  # militia supporting elsewhere: units of their own after the units, their orders last
            power = power + [s[0] for s in supporters]
            kind = kind + [s[2] for s in supporters]
            target = target + [s[3] for s in supporters]
            dest_loc = dest_loc + [s[4] for s in supporters]
            sequence = sequence + list(range(count, count + len(supporters)))
        n = len(power)  # the units, and the militia supporters
        self.sequence = sequence
        self.power = power
        self.kind = kind
        self.dest_loc = dest_loc
        self.target = target
        # (The units': a militia supporter is never where a move goes, and only its backing names it.)
        self.prov = prov
        self.text = position.text
        self.json = position.json
        # (Every militia not ordered to move stands guard: province -> its country.)
        guard = militia.guard if militia is not None and militia.guard else None
        map_places = _places_of(tables)
        places = map_places.places
        move_place: list[_Place | None] = [None] * n  # a mover's destination
        move_dest = [""] * n  # a mover's destination province ("": not moving)
        # DATC 4.A.3: the army goes by convoy if it can't walk, if told "via convoy", or if a fleet of its own
        # power convoys it (found with the convoys).
        convoyed = [False] * n
        via = orders.via
        vacant: dict[str, list[int]] = {}  # an empty province -> the units moving into it
        rivals: list[list[int]] = [_NO_ONE] * n  # per mover: every unit moving where it moves, itself included
        dest_unit = [-1] * n  # per mover: the unit where it goes (-1: none)
        attackers: list[list[int]] = [_NO_ONE] * n  # per unit: the units moving into its province
        guard_of = [""] * n if guard is not None else _NO_GUARD  # per mover: the country whose militia guards
        # its destination ("": none)
        besieged: list[int] = []  # the units some unit moves into, in the order of their first attacker
        facing: list[int] = []  # movers into a unit moving into their own province, in pairs
        moving: list[int] = []  # the units ordered to move, in sequence
        supporting: list[int] = []
        for i in sequence:
            k = kind[i]
            if k == MOVE:
                moving.append(i)
                loc = dest_loc[i]
                assert loc is not None
                place = places.get(loc)
                if place is None:
                    place = map_places.place(loc)
                move_place[i] = place
                dest = place.prov
                move_dest[i] = dest
                # (The unit's kind read last: a move an army could walk needs no more.)
                if (via[i] or prov[i] not in place.walked_from) and not standing[i].fleet:
                    convoyed[i] = True
                d = at.get(dest, -1)
                if d >= 0:
                    movers = attackers[d]
                    if movers is _NO_ONE:
                        movers = attackers[d] = [i]
                        besieged.append(d)
                    else:
                        movers.append(i)
                else:
                    known = vacant.get(dest)
                    if known is None:
                        movers = vacant[dest] = [i]
                    else:
                        movers = known
                        movers.append(i)
                if guard is not None:
                    first = movers[0]
                    if first == i:
                        holder = guard.get(dest)
                        if holder is not None:
                            guard_of[i] = holder
                    else:
                        guard_of[i] = guard_of[first]
                rivals[i] = movers
                dest_unit[i] = d
                if d >= 0 and move_dest[d] == prov[i]:  # (when the other moved first in sequence: found once)
                    facing.append(i)
                    facing.append(d)
            elif k > 0:
                supporting.append(i)
        hold_supporters: list[list[int]] = [_NO_ONE] * n
        move_supporters: list[list[int]] = [_NO_ONE] * n
        convoyers: list[list[int]] = [_NO_ONE] * n
        for i in supporting:
            k = kind[i]
            j = target[i]
            if k == SUPPORT_HOLD:
                if not move_dest[j]:
                    if hold_supporters[j] is _NO_ONE:
                        hold_supporters[j] = [i]
                    else:
                        hold_supporters[j].append(i)
            elif k == SUPPORT_MOVE:
                mv = move_dest[j]
                here = dest_loc[i]
                assert here is not None
                # DATC 4.B.4: a coast in a support order need not be given, but if given it must match.
                if mv and (mv == here if "/" not in here else mv == here.partition("/")[0] and here == dest_loc[j]):
                    if move_supporters[j] is _NO_ONE:
                        move_supporters[j] = [i]
                    else:
                        move_supporters[j].append(i)
            elif move_dest[j] and move_dest[j] == dest_loc[i]:  # a convoy of the army's move
                if convoyers[j] is _NO_ONE:
                    convoyers[j] = [i]
                else:
                    convoyers[j].append(i)
                if power[i] == power[j] and not standing[j].fleet:
                    convoyed[j] = True
        # Per mover, the unit moving the other way when the two meet head to head (neither goes by convoy).
        opposed = [-1] * n
        for p in range(0, len(facing), 2):
            i, d = facing[p], facing[p + 1]
            if not convoyed[i] and not convoyed[d]:
                opposed[i] = d
                opposed[d] = i
        # Militia: a supporter's attackers are the other countries' units moving into its province (a move of
        # its own country's neither cuts its support nor dislodges it); guards as bonuses per mover.
        self.guard_of: list[str] | None = None if guard is None else guard_of
        self.every_standoff = militia is not None  # (the militia's moves read every standoff)
        self.routes: dict[tuple[int, int], bool] = {}  # (a convoyed mover, the fleets that convoy) -> a route
        if supporters:
            for k, s in enumerate(supporters):
                here = s[1].partition("/")[0]
                d = at.get(here, -1)
                movers = attackers[d] if d >= 0 else vacant.get(here, _NO_ONE)
                if movers:
                    mine = s[0]
                    foreign = [a for a in movers if power[a] != mine]
                    if foreign:
                        attackers[count + k] = foreign
            self.militia_json = ['{"power": ' + quote(s[0]) + ', "type": ' + _MILITIA_TYPE + ', "loc": ' + quote(s[1])
                                 + "}" for s in supporters]
        self.move_dest = move_dest
        self.move_place = move_place
        self.rivals = rivals
        self.moving = moving
        self.besieged = besieged
        self.hold_supporters = hold_supporters
        self.move_supporters = move_supporters
        self.convoyers = convoyers
        self.convoyed = convoyed
        self.dest_unit = dest_unit
        self.opposed = opposed
        self.attackers = attackers
        self.state = [_UNRESOLVED] * n
        self.result = [False] * n
        self.deps: list[int] = []
        self.paradox: set[int] = set()

    # --- the decisions (MovementResolver) --------------------------------------------------------------
    # (A decision already taken is read in place: ``resolve`` would give it back without doing anything.)

    def resolve(self, u: int) -> bool:
        state, result, deps = self.state, self.result, self.deps
        st = state[u]
        if st == _RESOLVED:
            return result[u]
        if st == _GUESSING:
            deps.append(u)
            return result[u]
        mark = len(deps)
        result[u] = False
        state[u] = _GUESSING
        first = self.adjudicate(u)
        if len(deps) == mark:
            if state[u] != _RESOLVED:
                result[u] = first
                state[u] = _RESOLVED
            return first
        if deps[mark] != u:
            deps.append(u)
            result[u] = first
            return first
        for p in deps[mark:]:
            state[p] = _UNRESOLVED
        del deps[mark:]
        result[u] = True
        state[u] = _GUESSING
        second = self.adjudicate(u)
        if first == second:
            for p in deps[mark:]:
                state[p] = _UNRESOLVED
            del deps[mark:]
            result[u] = first
            state[u] = _RESOLVED
            return first
        cycle = deps[mark:]
        del deps[mark:]
        self.backup_rule(cycle)
        return self.resolve(u)

    def backup_rule(self, cycle: list[int]) -> None:
        kind, state, result = self.kind, self.state, self.result
        convoys = [p for p in cycle if kind[p] == CONVOY]
        if convoys:  # Szykman: the convoying fleets in the paradox hold; their convoys fail
            for p in cycle:
                state[p] = _UNRESOLVED
            for p in convoys:
                result[p] = False
                state[p] = _RESOLVED
                self.paradox.add(p)
        else:  # circular movement: every move in it succeeds
            for p in cycle:
                if kind[p] == MOVE:
                    result[p] = True
                    state[p] = _RESOLVED
                else:
                    state[p] = _UNRESOLVED

    def adjudicate(self, u: int) -> bool:
        k = self.kind[u]
        if k == MOVE:
            return self.move_succeeds(u)
        if k == SUPPORT_HOLD or k == SUPPORT_MOVE:
            return not self.support_is_cut(u) and not self.is_dislodged(u)
        return not self.is_dislodged(u)

    def move_succeeds(self, u: int) -> bool:
        if self.convoyed[u] and not self.has_path(u):
            return False
        attack = self.attack_strength(u)
        opponent = self.opposed[u]
        if opponent >= 0:
            if attack <= 1 + self.supports(opponent, ""):
                return False
        else:
            hold = self.hold_strength(self.dest_unit[u])
            guard_of = self.guard_of
            if guard_of is not None:  # a militia stands guard there, but not against its own country
                holder = guard_of[u]
                if holder and holder != self.power[u]:
                    hold += 1
            if attack <= hold:
                return False
        for other in self.rivals[u]:
            if other != u and attack <= self.prevent_strength(other):
                return False
        return True

    def has_path(self, u: int) -> bool:
        if not self.convoyed[u]:
            return True
        mask = 0
        found = False
        bit, prov = self.tables.bit, self.prov
        for f in self.convoyers[u]:
            if self.resolve(f):
                mask |= bit[prov[f]]
                found = True
        if not found:
            return False
        # (A route over the convoying fleets that stand: the same question comes back for each decision that
        # asks about the move, and on a map of many seas each answer is a search.)
        known = self.routes.get((u, mask))
        if known is None:
            known = self.routes[(u, mask)] = route_exists(self.tables, prov[u], self.move_dest[u], mask)
        return known

    def is_dislodged(self, u: int) -> bool:
        if self.move_dest[u] and self.resolve(u):
            return False
        state, result = self.state, self.result
        for r in self.attackers[u]:
            if result[r] if state[r] == _RESOLVED else self.resolve(r):
                return True
        return False

    def support_is_cut(self, u: int) -> bool:
        power, prov = self.power, self.prov
        mine = power[u]
        into = ""
        if self.kind[u] == SUPPORT_MOVE:
            loc = self.dest_loc[u]
            assert loc is not None
            into = loc.partition("/")[0]
        for attacker in self.attackers[u]:
            if power[attacker] == mine or prov[attacker] == into:
                continue  # (not cut by the unit it supports an attack against, DATC 4.A.4)
            if self.has_path(attacker):
                return True
        return False

    def supports(self, u: int, exclude_power: str) -> int:
        """The successful supports of ``u``'s move, but those of ``exclude_power`` ("": none left out)."""
        state, result, power = self.state, self.result, self.power
        count = 0
        for s in self.move_supporters[u]:
            if exclude_power and power[s] == exclude_power:
                continue
            if result[s] if state[s] == _RESOLVED else self.resolve(s):
                count += 1
        return count

    def hold_strength(self, d: int) -> int:
        """The hold strength of the province of unit ``d`` (-1: an empty province)."""
        if d < 0:
            return 0
        state, result = self.state, self.result
        if self.move_dest[d]:
            return 0 if (result[d] if state[d] == _RESOLVED else self.resolve(d)) else 1
        count = 1
        for s in self.hold_supporters[d]:
            if result[s] if state[s] == _RESOLVED else self.resolve(s):
                count += 1
        return count

    def attack_strength(self, u: int) -> int:
        if self.convoyed[u] and not self.has_path(u):
            return 0
        unit = 1
        d = self.dest_unit[u]
        if d < 0:
            return unit + self.supports(u, "")
        if self.move_dest[d] and self.opposed[u] < 0 and self.resolve(d):
            return unit + self.supports(u, "")
        power = self.power
        if power[d] == power[u]:
            return 0  # no self-dislodgement
        return unit + self.supports(u, power[d])

    def prevent_strength(self, u: int) -> int:
        if self.convoyed[u] and not self.has_path(u):
            return 0
        opponent = self.opposed[u]
        if opponent >= 0 and self.resolve(opponent):
            return 0  # a unit that lost its head-to-head battle can't bounce others (DATC 4.A.7)
        return 1 + self.supports(u, "")

    def run(self) -> None:
        """``MovementResolver.run``."""
        kind, state, result = self.kind, self.state, self.result
        attackers = self.attackers
        sequence = self.sequence
        for u in sequence:  # unattacked units that don't move: their orders succeed
            if kind[u] != MOVE and not attackers[u] and state[u] == _UNRESOLVED:
                result[u] = True
                state[u] = _RESOLVED
        # A move into an empty place that no other unit tries to enter, not by convoy, whose supports (if any)
        # are decided already succeeds: ``move_succeeds`` finds it so whenever it is asked, asking no other
        # decision (so deciding it now changes nothing else).
        # (Not a move into a province a militia guards: ``move_succeeds`` decides that one by strengths.)
        rivals, dest_unit, convoyed, move_supporters = self.rivals, self.dest_unit, self.convoyed, self.move_supporters
        guard_of = self.guard_of
        for u in self.moving:
            if dest_unit[u] < 0 and len(rivals[u]) == 1 and not convoyed[u] and (guard_of is None or not guard_of[u]):
                for s in move_supporters[u]:
                    if state[s] != _RESOLVED:
                        break
                else:
                    result[u] = True
                    state[u] = _RESOLVED
        for u in sequence:
            if state[u] != _RESOLVED:
                self.resolve(u)

    # --- outcomes (MovementResolver.explain) -------------------------------------------------------

    def explain(self) -> Fought:
        position = self.position
        tables = self.tables
        prov = position.prov  # (the units': militia supporters are never moved, dislodged or standing in the way)
        count = self.unit_count
        text, json = self.text, self.json
        kind, result, target, dest_loc = self.kind, self.result, self.target, self.dest_loc
        convoyed, convoyers, paradox = self.convoyed, self.convoyers, self.paradox
        hold_supporters, move_supporters = self.hold_supporters, self.move_supporters
        moving, move_dest, rivals = self.moving, self.move_dest, self.rivals
        moved: dict[int, str] = {}  # (a move ends where ordered)
        for u in moving:
            if result[u]:
                loc = dest_loc[u]
                assert loc is not None
                moved[u] = loc
        dislodged: dict[int, int] = {}  # in the units' order, as the general path lists them
        contested: set[str] = set()
        if moved:
            attackers = self.attackers
            beaten: list[int] = []
            for d in self.besieged:
                if not (move_dest[d] and result[d]):  # (it stayed: whoever moved in dislodged it)
                    for attacker in attackers[d]:
                        if result[attacker]:
                            beaten.append(d)
                            break
            if beaten:
                beaten.sort()
                for d in beaten:
                    for attacker in attackers[d]:
                        if result[attacker]:
                            dislodged[d] = attacker
                            break
        # (Standoffs are kept only for a retreat phase, but militia moves read them in every phase.) A failed
        # move's destination is left empty when the unit there (if any) moved away or was dislodged (someone
        # moved in) and no one moved in.
        if (dislodged and len(moved) < len(moving)) or self.every_standoff:
            dest_unit = self.dest_unit
            for u in moving:
                if result[u]:
                    continue
                d = dest_unit[u]
                if d >= 0 and not (move_dest[d] and result[d]):
                    continue  # the unit there stayed (and, no one having moved in, is not dislodged)
                for r in rivals[u]:
                    if result[r]:
                        break
                else:
                    if self.prevent_strength(u) > 0:
                        contested.add(move_dest[u])
        outcomes: list[Boxed] = []
        move_place = self.move_place
        for u in range(count):
            k = kind[u]
            if k == MOVE:
                if result[u]:
                    place = move_place[u]
                    assert place is not None
                    got = place.moves_by_convoy if convoyed[u] else place.moves
                    if got is None:  # (not a location of the map: the map's tables say so)
                        got = (tables.moves_by_convoy if convoyed[u] else tables.moves)[dest_loc[u] or ""]
                    outcomes.append(got)
                elif convoyed[u] and not self.has_path(u):
                    fleets = convoyers[u]
                    if paradox and any(c in paradox for c in fleets):
                        outcomes.append(PARADOX_CONVOY_FAILS)
                    else:
                        outcomes.append(NO_CONVOY_ROUTE if fleets else NO_CONVOY_ORDERED)
                else:
                    outcomes.append(self.failed_move(u, self.attack_strength(u)))
            elif dislodged and u in dislodged:
                by = dislodged[u]
                outcomes.append(_made(False, "dislodged by " + text[by], '{"code": "dislodged_by", "data": {"by": ' + json[by] + "}}"))
            elif k == SUPPORT_HOLD:
                j = target[u]
                if u not in hold_supporters[j]:
                    outcomes.append((False, "", "", "".join((_FAILS_WORDS, "void: ", text[j], ' did not hold", "outcome": '
                                                 '{"code": "void_did_not_hold", "data": {"target": ', json[j], "}}}"))))
                else:
                    outcomes.append(GIVEN if result[u] else self.cut(u, ""))
            elif k == SUPPORT_MOVE:
                j = target[u]
                if u not in move_supporters[j]:
                    outcomes.append(self.void_not_ordered(u, j))
                else:
                    loc = dest_loc[u]
                    assert loc is not None
                    outcomes.append(GIVEN if result[u] else self.cut(u, loc.partition("/")[0]))
            elif k == CONVOY:
                j = target[u]
                if u in paradox:
                    outcomes.append(PARADOX_FLEET_HOLDS)
                elif u not in convoyers[j]:
                    outcomes.append(self.void_not_ordered(u, j))
                elif not convoyed[j]:
                    outcomes.append((False, "", "", "".join((_FAILS_WORDS, "void: ", text[j], ' moves over land", "outcome": '
                                                 '{"code": "void_over_land", "data": {"target": ', json[j], "}}}"))))
                else:
                    outcomes.append(CONVOYS if result[u] else CONVOY_FAILS)
            else:
                outcomes.append(HOLDS)
        if count == len(kind):
            return Fought(position, prov, outcomes, moved, dislodged, contested, convoyed)
        militia = [self.militia_support(u) for u in range(count, len(kind))]
        return Fought(position, prov, outcomes, moved, dislodged, contested, convoyed, militia)

    def militia_support(self, u: int) -> Boxed:
        """``MovementResolver.explain`` of militia supporter ``u`` (``WorldResolver``'s key ``M:PROV``). Its
        support cut names no unit: the general resolver looks for the cutters under that key, where no move
        is aimed (a foreign move that took its province counts as a cut too, as it is never listed dislodged)."""
        j = self.target[u]
        text, json = self.text, self.json
        if self.kind[u] == SUPPORT_HOLD:
            if u not in self.hold_supporters[j]:
                return _made(False, "void: " + text[j] + " did not hold",
                             '{"code": "void_did_not_hold", "data": {"target": ' + json[j] + "}}")
        elif u not in self.move_supporters[j]:
            dest = self.dest_loc[u]
            assert dest is not None
            return _made(False, "void: " + text[j] + " was not ordered to " + dest, '{"code": "void_not_ordered", '
                         '"data": {"dest": ' + quote(dest) + ', "target": ' + json[j] + "}}")
        return GIVEN if self.result[u] else MILITIA_CUT

    def backing(self, own: list[int], others: list[int]) -> str:
        """The JSON list of the supporters ``own`` then ``others``."""
        if not own and not others:
            return "[]"
        json, count = self.json, self.unit_count
        return "[" + ", ".join([json[s] if s < count else self.militia_json[s - count] for s in own + others]) + "]"

    def void_not_ordered(self, u: int, j: int) -> Boxed:
        dest = self.dest_loc[u]
        json = self.json
        return (False, "", "", f'{_FAILS_WORDS}void: {self.text[j]} was not ordered to {dest}", "outcome": '
                               f'{{"code": "void_not_ordered", "data": {{"dest": "{dest}", "target": {json[j]}}}}}}}')

    def failed_move(self, u: int, attack: int) -> Boxed:
        dest = self.move_dest[u]
        text, json = self.text, self.json
        power, result = self.power, self.result
        own = self.move_supporters[u]
        opponent = self.opposed[u]
        defend = 1 + self.supports(opponent, "") if opponent >= 0 else 0
        if opponent >= 0 and attack <= defend:
            backed = self.backing(own, self.move_supporters[opponent])
            at, de = _number(attack), _number(defend)
            return (False, "", "", f'{_FAILS_WORDS}lost head-to-head battle with {text[opponent]} ({at} vs {de})", '
                                   f'"outcome": {{"code": "lost_head_to_head", "data": {{"attack": {at}, "backing": '
                                   f'{backed}, "opponent": {json[opponent]}, "resist": {de}}}}}}}')
        for other in self.rivals[u]:
            if other == u:
                continue
            prevent = self.prevent_strength(other)
            if attack <= prevent:
                backed = self.backing(own, self.move_supporters[other])
                at, pr = _number(attack), _number(prevent)
                if result[other]:
                    return (False, "", "", f'{_FAILS_WORDS}beaten to {dest} by {text[other]} ({at} vs {pr})", '
                                           f'"outcome": {{"code": "beaten_to", "data": {{"attack": {at}, "backing": '
                                           f'{backed}, "by": {json[other]}, "dest": "{dest}", "resist": {pr}}}}}}}')
                return (False, "", "", f'{_FAILS_WORDS}bounced with {text[other]} in {dest} ({at} vs {pr})", '
                                       f'"outcome": {{"code": "bounced_with", "data": {{"attack": {at}, "backing": '
                                       f'{backed}, "dest": "{dest}", "other": {json[other]}, "resist": {pr}}}}}}}')
        d = self.dest_unit[u]
        if d >= 0 and power[d] == power[u] and attack == 0:
            place = self.move_place[u]
            assert place is not None
            known = place.own_unit
            if known is None:
                known = place.own_unit = (
                    False, "", "", f'{_FAILS_WORDS}can\'t dislodge own unit in {dest}", "outcome": '
                                   f'{{"code": "cant_dislodge_own", "data": {{"dest": "{dest}"}}}}}}')
            return known
        resist = self.hold_strength(d)
        guard_of = self.guard_of
        if guard_of is not None and guard_of[u]:
            resist += 1
        if d >= 0:
            backed = self.backing(own, self.hold_supporters[d])
            defender = json[d]
        else:
            backed = self.backing(own, _NO_ONE)
            defender = "null"
        at, re = _number(attack), _number(resist)
        return (False, "", "", f'{_FAILS_WORDS}bounced off {dest} ({at} vs {re})", "outcome": {{"code": '
                               f'"bounced_off", "data": {{"attack": {at}, "backing": {backed}, "defender": {defender}, '
                               f'"dest": "{dest}", "resist": {re}}}}}}}')

    def cut(self, u: int, into: str) -> Boxed:
        power, prov = self.power, self.prov
        text, json = self.text, self.json
        cutters = [a for a in self.attackers[u] if power[a] != power[u] and prov[a] != into and self.has_path(a)]
        return (False, "", "", "".join((
            _FAILS_WORDS, "cut by " + ", ".join([text[c] for c in cutters]) if cutters else "cut",
            '", "outcome": {"code": "support_cut", "data": {"by": [', ", ".join([json[c] for c in cutters]), "]}}}")))
