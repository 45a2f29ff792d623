"""The movement resolver of ``engine/resolver.py`` over the lean path's per-unit records.

The same decisions in the same order (Kruijswijk's guess-and-check, the Szykman rule for convoy paradoxes,
circular movement), for the standard rules only: every strength is a whole number of units. Units are
numbers (their place in the request); ``orders`` lists them in the order the general path hands the
resolver its orders (written orders first, then the units given none), which fixes the order every
decision is taken in and every list of units in an outcome. ``explain`` gives what
``MovementResolver.explain`` gives, as the outcome's words and JSON.
"""
from __future__ import annotations

from typing import NamedTuple

from .reader import Orders, Position
from .tables import ARMY as _ARMY, CONVOY, MOVE, SUPPORT_HOLD, SUPPORT_MOVE, route_exists, tail

_UNRESOLVED, _GUESSING, _RESOLVED = 0, 1, 2

Outcome = tuple[bool, str, str, str]
"""(succeeded, words, outcome JSON, the result line's tail after the order text: ``tables.tail``). Outcomes of
written orders only (never a unit's default hold) may leave the words and JSON out: only the tail is read.
Their tails are written without ``quote``: the words hold the map's codes and fixed words only, which JSON
writes as they are (``tables.plain``)."""

_FAILS_WORDS = ', "result": "fails", "reason": "'  # a failed result's tail up to its words


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


class Fought(NamedTuple):
    """What a movement phase came to."""

    position: Position
    prov: tuple[str, ...]  # per unit: its province
    outcomes: list[Outcome]  # per unit: its order's outcome (the order given, or the hold it got)
    moved: dict[int, str]  # unit -> where its move ended
    dislodged: dict[int, int]  # unit -> the unit that dislodged it, in unit order
    contested: set[str]  # provinces left empty by a standoff (worked out only when some unit is dislodged)
    convoyed: set[int]  # units whose move goes by convoy


def fight(position: Position, orders: Orders) -> Fought:
    """Decide every order (``MovementResolver.run``) and explain each (``MovementResolver.explain``)."""
    sequence = orders.sequence  # the order the general path hands the resolver the orders in
    tables = position.tables
    at = position.at
    units = position.units
    n = len(units)
    power, prov, text, json = position.power, position.prov, position.text, position.json
    kind = orders.kind  # -1, no order: the unit holds (HOLD, 0, written)
    dest_loc, target = orders.dest, orders.target
    move_dest: list[str | None] = [None] * n
    moves_into: dict[str, list[int]] = {}
    hold_supporters: dict[int, list[int]] = {}
    move_supporters: dict[int, list[int]] = {}
    convoyers: dict[int, list[int]] = {}
    supporting: list[int] = []
    moving: list[int] = []  # the units ordered to move, in sequence
    for i in sequence:
        k = kind[i]
        if k == MOVE:
            moving.append(i)
            dest = dest_loc[i].partition("/")[0]  # type: ignore[union-attr]
            move_dest[i] = dest
            if dest in moves_into:
                moves_into[dest].append(i)
            else:
                moves_into[dest] = [i]
        elif k > 0:
            supporting.append(i)
    for i in supporting:
        k = kind[i]
        j = target[i]
        if k == SUPPORT_HOLD:
            if move_dest[j] is None:
                hold_supporters.setdefault(j, []).append(i)
        elif k == SUPPORT_MOVE:
            mv = move_dest[j]
            here = dest_loc[i]
            # DATC 4.B.4: a coast in a support order need not be given, but if given it must match.
            if mv is not None and mv == here.partition("/")[0] and ("/" not in here or here == dest_loc[j]):  # type: ignore[union-attr, operator]
                move_supporters.setdefault(j, []).append(i)
        elif move_dest[j] is not None and move_dest[j] == dest_loc[i]:  # a convoy of the army's move
            convoyers.setdefault(j, []).append(i)
    # DATC 4.A.3: the army goes by convoy if it can't walk, if told "via convoy", or if a fleet of its own
    # power convoys it.
    convoyed: set[int] = set()
    via = orders.via
    army_adjacent = tables.army_adjacent
    for i in moving:
        if units[i].type is _ARMY:
            if via[i] or move_dest[i] not in army_adjacent[prov[i]]:
                convoyed.add(i)
            else:
                fleets = convoyers.get(i)
                if fleets is not None and any(power[f] == power[i] for f in fleets):
                    convoyed.add(i)
    # Per mover, the unit moving the other way when the two meet head to head (neither goes by convoy).
    opposed: list[int | None] = [None] * n
    for i in moving:
        d = at.get(move_dest[i])  # type: ignore[arg-type]
        if d is not None and move_dest[d] == prov[i] and i not in convoyed and d not in convoyed:
            opposed[i] = d
    state = [_UNRESOLVED] * n
    result = [False] * n
    deps: list[int] = []
    paradox: set[int] = set()
    bit = tables.bit
    no_one: list[int] = []

    def resolve(u: int) -> bool:
        st = state[u]
        if st == _RESOLVED:
            return result[u]
        if st == _GUESSING:
            deps.append(u)
            return result[u]
        mark = len(deps)
        result[u] = False
        state[u] = _GUESSING
        first = adjudicate(u)
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
        second = adjudicate(u)
        if first == second:
            for p in deps[mark:]:
                state[p] = _UNRESOLVED
            del deps[mark:]
            result[u] = first
            state[u] = _RESOLVED
            return first
        cycle = deps[mark:]
        del deps[mark:]
        backup_rule(cycle)
        return resolve(u)

    def backup_rule(cycle: list[int]) -> None:
        convoys = [p for p in cycle if kind[p] == CONVOY]
        if convoys:  # Szykman: the convoying fleets in the paradox hold; their convoys fail
            for p in cycle:
                state[p] = _UNRESOLVED
            for p in convoys:
                result[p] = False
                state[p] = _RESOLVED
                paradox.add(p)
        else:  # circular movement: every move in it succeeds
            for p in cycle:
                if kind[p] == MOVE:
                    result[p] = True
                    state[p] = _RESOLVED
                else:
                    state[p] = _UNRESOLVED

    def adjudicate(u: int) -> bool:
        k = kind[u]
        if k == MOVE:
            return move_succeeds(u)
        if k == SUPPORT_HOLD or k == SUPPORT_MOVE:
            return not support_is_cut(u) and not is_dislodged(u)
        return not is_dislodged(u)

    def move_succeeds(u: int) -> bool:
        if u in convoyed and not has_path(u):
            return False
        attack = attack_strength(u)
        dest: str = move_dest[u]  # type: ignore[assignment]
        opponent = opposed[u]
        if opponent is not None:
            if attack <= 1 + supports(opponent):
                return False
        elif attack <= hold_strength(dest):
            return False
        for other in moves_into[dest]:
            if other != u and attack <= prevent_strength(other):
                return False
        return True

    def has_path(u: int) -> bool:
        if u not in convoyed:
            return True
        fleets = [f for f in convoyers.get(u, no_one) if resolve(f)]
        if not fleets:
            return False
        mask = 0
        for f in fleets:
            mask |= bit[prov[f]]
        return route_exists(tables, prov[u], move_dest[u], mask)  # type: ignore[arg-type]

    def is_dislodged(u: int) -> bool:
        if move_dest[u] is not None and resolve(u):
            return False
        for r in moves_into.get(prov[u], no_one):
            if result[r] if state[r] == _RESOLVED else resolve(r):
                return True
        return False

    def support_is_cut(u: int) -> bool:
        mine = power[u]
        into = dest_loc[u].partition("/")[0] if kind[u] == SUPPORT_MOVE else None  # type: ignore[union-attr]
        for attacker in moves_into.get(prov[u], no_one):
            if power[attacker] == mine or prov[attacker] == into:
                continue  # (not cut by the unit it supports an attack against, DATC 4.A.4)
            if has_path(attacker):
                return True
        return False

    # (A decision already taken is read in place: ``resolve`` would give it back without doing anything.)

    def supports(u: int, exclude_power: str | None = None) -> int:
        count = 0
        for s in move_supporters.get(u, no_one):
            if exclude_power is not None and power[s] == exclude_power:
                continue
            if result[s] if state[s] == _RESOLVED else resolve(s):
                count += 1
        return count

    def hold_strength(place: str) -> int:
        d = at.get(place)
        if d is None:
            return 0
        if move_dest[d] is not None:
            return 0 if (result[d] if state[d] == _RESOLVED else resolve(d)) else 1
        return 1 + sum(1 for s in hold_supporters.get(d, no_one) if (result[s] if state[s] == _RESOLVED else resolve(s)))

    def attack_strength(u: int) -> int:
        if u in convoyed and not has_path(u):
            return 0
        d = at.get(move_dest[u])  # type: ignore[arg-type]
        if d is None:
            return 1 + supports(u)
        if move_dest[d] is not None and opposed[u] is None and resolve(d):
            return 1 + supports(u)
        if power[d] == power[u]:
            return 0  # no self-dislodgement
        return 1 + supports(u, power[d])

    def prevent_strength(u: int) -> int:
        if u in convoyed and not has_path(u):
            return 0
        opponent = opposed[u]
        if opponent is not None and resolve(opponent):
            return 0  # a unit that lost its head-to-head battle can't bounce others (DATC 4.A.7)
        return 1 + supports(u)

    # --- the run (MovementResolver.run) ------------------------------------------------------------
    for u in sequence:  # unattacked units that don't move: their orders succeed
        if kind[u] != MOVE and prov[u] not in moves_into and state[u] == _UNRESOLVED:
            result[u] = True
            state[u] = _RESOLVED
    # A move into an empty place that no other unit tries to enter, not by convoy, whose supports (if any) are
    # decided already succeeds: ``move_succeeds`` finds it so whenever it is asked, asking no other decision
    # (so deciding it now changes nothing else).
    for dest, movers in moves_into.items():
        if len(movers) == 1 and dest not in at:
            u = movers[0]
            if u in convoyed:
                continue
            backed = move_supporters.get(u)
            if backed is None or all(state[s] == _RESOLVED for s in backed):
                result[u] = True
                state[u] = _RESOLVED
    for u in sequence:
        if state[u] != _RESOLVED:
            resolve(u)
    moved: dict[int, str] = {u: dest_loc[u] for u in moving if result[u]}  # type: ignore[misc]  # (a move ends where ordered)
    dislodged: dict[int, int] = {}
    if moved:
        for place, movers in moves_into.items():
            d = at.get(place)
            if d is None or d in moved:
                continue
            for attacker in movers:
                if attacker in moved:
                    dislodged[d] = attacker
                    break
        if len(dislodged) > 1:
            dislodged = dict(sorted(dislodged.items()))  # in the units' order, as the general path lists them
    contested: set[str] = set()
    if dislodged and len(moved) < len(moving):  # (standoffs are kept only for a retreat phase)
        occupied = set(prov)
        occupied.difference_update([prov[u] for u in moved], [prov[u] for u in dislodged])
        occupied.update([move_dest[u] for u in moved])  # type: ignore[misc]
        for u in moving:
            dest = move_dest[u]
            if not result[u] and dest not in occupied and prevent_strength(u) > 0:
                contested.add(dest)  # type: ignore[arg-type]

    # --- outcomes (MovementResolver.explain) -------------------------------------------------------

    def backing(supporters: list[int]) -> str:
        return "[" + ", ".join([json[s] for s in supporters]) + "]" if supporters else "[]"

    def void_not_ordered(u: int, j: int) -> Outcome:
        dest: str = dest_loc[u]  # type: ignore[assignment]
        return (False, "", "", f'{_FAILS_WORDS}void: {text[j]} was not ordered to {dest}", "outcome": '
                               f'{{"code": "void_not_ordered", "data": {{"dest": "{dest}", "target": {json[j]}}}}}}}')

    def failed_move(u: int, attack: int) -> Outcome:
        dest: str = move_dest[u]  # type: ignore[assignment]
        own = move_supporters.get(u, no_one)
        opponent = opposed[u]
        defend = 1 + supports(opponent) if opponent is not None else 0
        if opponent is not None and attack <= defend:
            backed = backing(own + move_supporters.get(opponent, no_one))
            return (False, "", "", f'{_FAILS_WORDS}lost head-to-head battle with {text[opponent]} ({attack} vs {defend})", '
                                   f'"outcome": {{"code": "lost_head_to_head", "data": {{"attack": {attack}, "backing": '
                                   f'{backed}, "opponent": {json[opponent]}, "resist": {defend}}}}}}}')
        for other in moves_into[dest]:
            if other == u:
                continue
            prevent = prevent_strength(other)
            if attack <= prevent:
                backed = backing(own + move_supporters.get(other, no_one))
                if result[other]:
                    return (False, "", "", f'{_FAILS_WORDS}beaten to {dest} by {text[other]} ({attack} vs {prevent})", '
                                           f'"outcome": {{"code": "beaten_to", "data": {{"attack": {attack}, "backing": '
                                           f'{backed}, "by": {json[other]}, "dest": "{dest}", "resist": {prevent}}}}}}}')
                return (False, "", "", f'{_FAILS_WORDS}bounced with {text[other]} in {dest} ({attack} vs {prevent})", '
                                       f'"outcome": {{"code": "bounced_with", "data": {{"attack": {attack}, "backing": '
                                       f'{backed}, "dest": "{dest}", "other": {json[other]}, "resist": {prevent}}}}}}}')
        d = at.get(dest)
        if d is not None and power[d] == power[u] and attack == 0:
            return (False, "", "", f'{_FAILS_WORDS}can\'t dislodge own unit in {dest}", "outcome": '
                                   f'{{"code": "cant_dislodge_own", "data": {{"dest": "{dest}"}}}}}}')
        resist = hold_strength(dest)
        if d is not None:
            held = hold_supporters.get(d)
            backed = backing(own + held if held else own)
            defender = json[d]
        else:
            backed = backing(own)
            defender = "null"
        return (False, "", "", f'{_FAILS_WORDS}bounced off {dest} ({attack} vs {resist})", "outcome": {{"code": '
                               f'"bounced_off", "data": {{"attack": {attack}, "backing": {backed}, "defender": {defender}, '
                               f'"dest": "{dest}", "resist": {resist}}}}}}}')

    def cut(u: int, into: str | None) -> Outcome:
        cutters = [a for a in moves_into.get(prov[u], no_one) if power[a] != power[u] and prov[a] != into and has_path(a)]
        return (False, "", "", "".join((
            _FAILS_WORDS, "cut by " + ", ".join([text[c] for c in cutters]) if cutters else "cut",
            '", "outcome": {"code": "support_cut", "data": {"by": [', ", ".join([json[c] for c in cutters]), "]}}}")))

    outcomes: list[Outcome] = []
    add = outcomes.append
    moves, moves_by_convoy = tables.moves, tables.moves_by_convoy
    for u in range(n):
        k = kind[u]
        ok = result[u]
        if k == MOVE:
            if ok:
                add(moves_by_convoy[dest_loc[u]] if u in convoyed else moves[dest_loc[u]])  # type: ignore[index]
            elif u in convoyed and not has_path(u):
                fleets = convoyers.get(u)
                if fleets and any(c in paradox for c in fleets):
                    add(PARADOX_CONVOY_FAILS)
                else:
                    add(NO_CONVOY_ROUTE if fleets else NO_CONVOY_ORDERED)
            else:
                add(failed_move(u, attack_strength(u)))
        elif u in dislodged:
            by = dislodged[u]
            add(_made(False, "dislodged by " + text[by], '{"code": "dislodged_by", "data": {"by": ' + json[by] + "}}"))
        elif k == SUPPORT_HOLD:
            j = target[u]
            if u not in hold_supporters.get(j, no_one):
                add((False, "", "", "".join((_FAILS_WORDS, "void: ", text[j], ' did not hold", "outcome": '
                                             '{"code": "void_did_not_hold", "data": {"target": ', json[j], "}}}"))))
            else:
                add(GIVEN if ok else cut(u, None))
        elif k == SUPPORT_MOVE:
            j = target[u]
            if u not in move_supporters.get(j, no_one):
                add(void_not_ordered(u, j))
            else:
                add(GIVEN if ok else cut(u, dest_loc[u].partition("/")[0]))  # type: ignore[union-attr]
        elif k == CONVOY:
            j = target[u]
            if u in paradox:
                add(PARADOX_FLEET_HOLDS)
            elif u not in convoyers.get(j, no_one):
                add(void_not_ordered(u, j))
            elif j not in convoyed:
                add((False, "", "", "".join((_FAILS_WORDS, "void: ", text[j], ' moves over land", "outcome": '
                                             '{"code": "void_over_land", "data": {"target": ', json[j], "}}}"))))
            else:
                add(CONVOYS if ok else CONVOY_FAILS)
        else:
            add(HOLDS)

    return Fought(position, prov, outcomes, moved, dislodged, contested, convoyed)
