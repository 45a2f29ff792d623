"""The movement resolver of ``engine/resolver.py`` over the lean path's per-unit records.

The same decisions in the same order (Kruijswijk's guess-and-check, the Szykman rule for convoy paradoxes,
circular movement), for the standard rules only: every strength is a whole number of units. Units are
numbers (their place in the request); ``orders`` lists them in the order the general path hands the
resolver its orders (written orders first, then the units given none), which fixes the order every
decision is taken in and every list of units in an outcome. ``explain`` gives what
``MovementResolver.explain`` gives, as the outcome's words and JSON.
"""
from __future__ import annotations

from json.encoder import encode_basestring_ascii as quote

from .reader import Orders, Position
from .tables import ARMY as _ARMY, CONVOY, MOVE, SUPPORT_HOLD, SUPPORT_MOVE, route_exists, tail

_UNRESOLVED, _GUESSING, _RESOLVED = 0, 1, 2

Outcome = tuple[bool, str, str, str]
"""(succeeded, words, outcome JSON, the result line's tail after the order text: ``tables.tail``)."""


def _fixed(ok: bool, words: str, code: str) -> Outcome:
    json = '{"code": "' + code + '", "data": {}}'
    return (ok, words, json, tail(ok, words, json))


def _made(ok: bool, words: str, json: str) -> Outcome:
    return (ok, words, json, tail(ok, words, json))


# Outcomes that name no unit.
HOLDS = _fixed(True, "holds", "holds")
GIVEN = _fixed(True, "given", "support_given")
CONVOYS = _fixed(True, "convoys", "convoys")
CONVOY_FAILS = _fixed(False, "fails", "convoy_fails")
PARADOX_FLEET_HOLDS = _fixed(False, "convoy paradox: the fleet holds (Szykman rule)", "paradox_fleet_holds")
PARADOX_CONVOY_FAILS = _fixed(False, "convoy paradox: the convoy fails (Szykman rule)", "paradox_convoy_fails")
NO_CONVOY_ROUTE = _fixed(False, "no convoy route", "no_convoy_route")
NO_CONVOY_ORDERED = _fixed(False, "no convoy ordered", "no_convoy_ordered")


class Battle:
    """One movement phase's decisions. Construct, then :meth:`run`."""

    __slots__ = ("position", "tables", "units", "json", "power", "prov", "kind", "dest_loc", "target", "move_dest",
                 "moves_into", "hold_supporters", "move_supporters", "convoyers", "convoyed", "state", "result",
                 "deps", "paradox", "orders", "dislodged", "moved", "contested")

    def __init__(self, position: Position, orders: Orders, sequence: list[int]) -> None:
        self.position = position
        self.tables = tables = position.tables
        self.units = units = position.units
        self.json = [s.json for s in position.standing]
        self.power = power = [u.power for u in units]
        self.prov = prov = [s.prov for s in position.standing]
        n = len(units)
        kind = [k if k >= 0 else 0 for k in orders.kind]  # no order: a hold
        self.kind = kind
        self.dest_loc = dest_loc = orders.dest
        self.target = target = orders.target
        self.orders = sequence
        move_dest: list[str | None] = [None] * n
        moves_into: dict[str, list[int]] = {}
        for i in sequence:
            if kind[i] == MOVE:
                dest = dest_loc[i].partition("/")[0]  # type: ignore[union-attr]
                move_dest[i] = dest
                if dest in moves_into:
                    moves_into[dest].append(i)
                else:
                    moves_into[dest] = [i]
        self.move_dest = move_dest
        self.moves_into = moves_into
        hold_supporters: list[list[int]] = [[] for _ in range(n)]
        move_supporters: list[list[int]] = [[] for _ in range(n)]
        convoyers: list[list[int]] = [[] for _ in range(n)]
        for i in sequence:
            k = kind[i]
            if k == SUPPORT_HOLD:
                j = target[i]
                if move_dest[j] is None:
                    hold_supporters[j].append(i)
            elif k == SUPPORT_MOVE:
                j = target[i]
                mv = move_dest[j]
                if mv is not None and mv == dest_loc[i].partition("/")[0]:  # type: ignore[union-attr]
                    # DATC 4.B.4: a coast in a support order need not be given, but if given it must match.
                    if "/" not in dest_loc[i] or dest_loc[i] == dest_loc[j]:  # type: ignore[operator]
                        move_supporters[j].append(i)
            elif k == CONVOY:
                j = target[i]
                if move_dest[j] is not None and move_dest[j] == dest_loc[i]:
                    convoyers[j].append(i)
        self.hold_supporters = hold_supporters
        self.move_supporters = move_supporters
        self.convoyers = convoyers
        # DATC 4.A.3: the army goes by convoy if it can't walk, if told "via convoy", or if a fleet of its
        # own power convoys it.
        convoyed: set[int] = set()
        via = orders.via
        army_adjacent = tables.army_adjacent
        for i in sequence:
            dest = move_dest[i]
            if dest is None or units[i].type is not _ARMY:
                continue
            if via[i] or dest not in army_adjacent[units[i].loc] or any(power[f] == power[i] for f in convoyers[i]):
                convoyed.add(i)
        self.convoyed = convoyed
        self.state = [_UNRESOLVED] * n
        self.result = [False] * n
        self.deps: list[int] = []
        self.paradox: set[int] = set()
        self.dislodged: dict[int, int] = {}
        self.moved: dict[int, str] = {}
        self.contested: set[str] = set()

    # --- the resolver ------------------------------------------------------------------------------

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

    def head_to_head(self, u: int) -> int | None:
        dest = self.move_dest[u]
        if dest is None:
            return None
        d = self.position.at.get(dest)
        if d is None or self.move_dest[d] != self.prov[u]:
            return None
        if u in self.convoyed or d in self.convoyed:
            return None
        return d

    def move_succeeds(self, u: int) -> bool:
        if not self.has_path(u):
            return False
        attack = self.attack_strength(u)
        dest: str = self.move_dest[u]  # type: ignore[assignment]
        opponent = self.head_to_head(u)
        if opponent is not None:
            if attack <= self.defend_strength(opponent):
                return False
        elif attack <= self.hold_strength(dest):
            return False
        for other in self.moves_into[dest]:
            if other != u and attack <= self.prevent_strength(other):
                return False
        return True

    def has_path(self, u: int) -> bool:
        if u not in self.convoyed:
            return True
        resolve = self.resolve
        fleets = [f for f in self.convoyers[u] if resolve(f)]
        if not fleets:
            return False
        tables = self.tables
        bit = tables.bit
        mask = 0
        for f in fleets:
            mask |= bit[self.prov[f]]
        return route_exists(tables, self.prov[u], self.move_dest[u], mask)  # type: ignore[arg-type]

    def is_dislodged(self, u: int) -> bool:
        if self.move_dest[u] is not None and self.resolve(u):
            return False
        resolve = self.resolve
        return any(resolve(r) for r in self.moves_into.get(self.prov[u], ()))

    def support_is_cut(self, u: int) -> bool:
        power = self.power
        mine = power[u]
        into = self.dest_loc[u].partition("/")[0] if self.kind[u] == SUPPORT_MOVE else None  # type: ignore[union-attr]
        prov = self.prov
        for attacker in self.moves_into.get(prov[u], ()):
            if power[attacker] == mine:
                continue
            if prov[attacker] == into:
                continue  # not cut by the unit it supports an attack against (DATC 4.A.4)
            if self.has_path(attacker):
                return True
        return False

    def supports(self, u: int, exclude_power: str | None = None) -> int:
        n = 0
        resolve, power = self.resolve, self.power
        for s in self.move_supporters[u]:
            if exclude_power is not None and power[s] == exclude_power:
                continue
            if resolve(s):
                n += 1
        return n

    def hold_strength(self, prov: str) -> int:
        d = self.position.at.get(prov)
        if d is None:
            return 0
        if self.move_dest[d] is not None:
            return 0 if self.resolve(d) else 1
        resolve = self.resolve
        return 1 + sum(1 for s in self.hold_supporters[d] if resolve(s))

    def attack_strength(self, u: int) -> int:
        if not self.has_path(u):
            return 0
        dest = self.move_dest[u]
        d = self.position.at.get(dest)  # type: ignore[arg-type]
        if d is None:
            return 1 + self.supports(u)
        if self.move_dest[d] is not None and self.head_to_head(u) is None and self.resolve(d):
            return 1 + self.supports(u)
        if self.power[d] == self.power[u]:
            return 0  # no self-dislodgement
        return 1 + self.supports(u, self.power[d])

    def defend_strength(self, u: int) -> int:
        return 1 + self.supports(u)

    def prevent_strength(self, u: int) -> int:
        if not self.has_path(u):
            return 0
        opponent = self.head_to_head(u)
        if opponent is not None and self.resolve(opponent):
            return 0  # a unit that lost its head-to-head battle can't bounce others (DATC 4.A.7)
        return 1 + self.supports(u)

    # --- the run -----------------------------------------------------------------------------------

    def run(self) -> None:
        moves_into, state, result, kind, prov = self.moves_into, self.state, self.result, self.kind, self.prov
        for u in self.orders:  # unattacked units that don't move: their orders succeed
            if kind[u] != MOVE and prov[u] not in moves_into and state[u] == _UNRESOLVED:
                result[u] = True
                state[u] = _RESOLVED
        resolve = self.resolve
        for u in self.orders:
            resolve(u)
        moved = self.moved
        move_dest, dest_loc = self.move_dest, self.dest_loc
        for u in self.orders:
            if move_dest[u] is not None and result[u]:
                moved[u] = dest_loc[u]  # type: ignore[assignment]
        dislodged = self.dislodged
        if moved:
            for u in range(len(self.units)):
                here = prov[u]
                if u in moved or here not in moves_into:
                    continue
                for attacker in moves_into[here]:
                    if attacker in moved and moved[attacker].partition("/")[0] == here:
                        dislodged[u] = attacker
                        break
        occupied = {d.partition("/")[0] for d in moved.values()}
        occupied.update(prov[u] for u in range(len(self.units)) if u not in moved and u not in dislodged)
        for u in self.orders:
            dest = move_dest[u]
            if dest is not None and not result[u] and dest not in occupied and self.prevent_strength(u) > 0:
                self.contested.add(dest)

    # --- outcomes ----------------------------------------------------------------------------------

    def explain(self, u: int) -> Outcome:
        """``MovementResolver.explain``: (succeeded, words, outcome JSON)."""
        k = self.kind[u]
        ok = self.result[u]
        tables = self.tables
        if k == MOVE:
            if ok:
                dest: str = self.dest_loc[u]  # type: ignore[assignment]
                if u in self.convoyed:
                    return tables.moves_by_convoy[dest]
                return tables.moves[dest]
            if not self.has_path(u):
                fleets = self.convoyers[u]
                if any(c in self.paradox for c in fleets):
                    return PARADOX_CONVOY_FAILS
                return NO_CONVOY_ROUTE if fleets else NO_CONVOY_ORDERED
            return self.explain_failed_move(u, self.attack_strength(u))
        if u in self.dislodged:
            by = self.dislodged[u]
            return _made(False, "dislodged by " + str(self.units[by]),
                    '{"code": "dislodged_by", "data": {"by": ' + self.json[by] + "}}")
        if k == SUPPORT_HOLD or k == SUPPORT_MOVE:
            j = self.target[u]
            target = str(self.units[j])
            if k == SUPPORT_HOLD and u not in self.hold_supporters[j]:
                return _made(False, f"void: {target} did not hold",
                        '{"code": "void_did_not_hold", "data": {"target": ' + self.json[j] + "}}")
            if k == SUPPORT_MOVE and u not in self.move_supporters[j]:
                return self._void_not_ordered(u, j)
            if not ok:
                into = self.dest_loc[u].partition("/")[0] if k == SUPPORT_MOVE else None  # type: ignore[union-attr]
                power, prov = self.power, self.prov
                cutters = [a for a in self.moves_into.get(prov[u], ())
                           if power[a] != power[u] and prov[a] != into and self.has_path(a)]
                words = "cut by " + ", ".join(str(self.units[c]) for c in cutters) if cutters else "cut"
                return _made(False, words, '{"code": "support_cut", "data": {"by": [' + ", ".join(
                    self.json[c] for c in cutters) + "]}}")
            return GIVEN
        if k == CONVOY:
            j = self.target[u]
            if u in self.paradox:
                return PARADOX_FLEET_HOLDS
            if u not in self.convoyers[j]:
                return self._void_not_ordered(u, j)
            if j not in self.convoyed:
                return _made(False, f"void: {self.units[j]} moves over land",
                        '{"code": "void_over_land", "data": {"target": ' + self.json[j] + "}}")
            return CONVOYS if ok else CONVOY_FAILS
        return HOLDS

    def _void_not_ordered(self, u: int, j: int) -> Outcome:
        dest: str = self.dest_loc[u]  # type: ignore[assignment]
        return _made(False, f"void: {self.units[j]} was not ordered to {dest}",
                '{"code": "void_not_ordered", "data": {"dest": ' + quote(dest) + ', "target": ' + self.json[j] + "}}")

    def _backing(self, units: list[int]) -> str:
        return "[" + ", ".join(self.json[s] for s in units) + "]"

    def explain_failed_move(self, u: int, attack: int) -> Outcome:
        dest: str = self.move_dest[u]  # type: ignore[assignment]
        own = self.move_supporters[u]
        opponent = self.head_to_head(u)
        defend = self.defend_strength(opponent) if opponent is not None else 0
        units, json = self.units, self.json
        if opponent is not None and attack <= defend:
            return _made(False, f"lost head-to-head battle with {units[opponent]} ({attack} vs {defend})",
                    '{"code": "lost_head_to_head", "data": {"attack": ' + str(attack) + ', "backing": '
                    + self._backing(own + self.move_supporters[opponent]) + ', "opponent": ' + json[opponent]
                    + ', "resist": ' + str(defend) + "}}")
        for other in self.moves_into[dest]:
            if other == u:
                continue
            prevent = self.prevent_strength(other)
            if attack <= prevent:
                backing = self._backing(own + self.move_supporters[other])
                if self.result[other]:
                    return _made(False, f"beaten to {dest} by {units[other]} ({attack} vs {prevent})",
                            '{"code": "beaten_to", "data": {"attack": ' + str(attack) + ', "backing": ' + backing
                            + ', "by": ' + json[other] + ', "dest": ' + quote(dest) + ', "resist": ' + str(prevent)
                            + "}}")
                return _made(False, f"bounced with {units[other]} in {dest} ({attack} vs {prevent})",
                        '{"code": "bounced_with", "data": {"attack": ' + str(attack) + ', "backing": ' + backing
                        + ', "dest": ' + quote(dest) + ', "other": ' + json[other] + ', "resist": ' + str(prevent)
                        + "}}")
        d = self.position.at.get(dest)
        if d is not None and self.power[d] == self.power[u] and attack == 0:
            return _made(False, f"can't dislodge own unit in {dest}",
                    '{"code": "cant_dislodge_own", "data": {"dest": ' + quote(dest) + "}}")
        resist = self.hold_strength(dest)
        backing = self._backing(own + self.hold_supporters[d]) if d is not None else self._backing(own)
        return _made(False, f"bounced off {dest} ({attack} vs {resist})",
                '{"code": "bounced_off", "data": {"attack": ' + str(attack) + ', "backing": ' + backing
                + ', "defender": ' + (json[d] if d is not None else "null") + ', "dest": ' + quote(dest)
                + ', "resist": ' + str(resist) + "}}")

