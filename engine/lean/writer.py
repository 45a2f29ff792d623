"""The lean path's response as JSON text: byte for byte ``json.dumps`` of the general path's response.

Result lines from their fixed parts and the outcomes' JSON (units and places from the map's tables), then
the position after the phase (units, dislodged units with their retreats, standoffs, centres, winner).
``parsed`` reads such an answer back, for ``engine.adjudicate``'s dict.
"""
from __future__ import annotations

from json import loads as json_loads
from json.encoder import encode_basestring_ascii as quote
from typing import Any

from orjson import loads as fast_loads

from .battle import Fought
from .reader import Orders
from .tables import head
from .turn_end import TurnEnd

_INVALID = ', "result": "invalid", "reason": '
_SEVERAL = (', "result": "invalid", "reason": "several different orders for this unit", '
            '"outcome": {"code": "several_orders", "data": {}}}')
_NO_ORDER = ', "result": "succeeds", "reason": "no order: holds", "default": true, "outcome": {"code": "no_order_holds", "data": {}}}'
_DESTROYED = (', "result": "succeeds", "reason": "no retreat possible: destroyed", "default": true, '
              '"outcome": {"code": "destroyed_no_retreat", "data": {}}}')


def response_text(variant_id: str, phase_text: str, orders: Orders, battle: Fought, end: TurnEnd) -> str:
    # One list of fragments, joined once: each result line's start (JSON already, up to its order text) and
    # its tail, the separators written between them.
    outcomes = battle.outcomes
    out = ['{"variant": ', quote(variant_id), ', "phase": ', quote(phase_text), ', "next_phase": ', quote(end.next_phase),
           ', "orders": [']
    for start, quoted, u, invalid in orders.lines:  # (each start holds the separator from the line before)
        out.append(start)
        out.append(quoted)
        if u >= 0:
            out.append(outcomes[u][3])
        elif u == -1:
            reason = quote(invalid)  # type: ignore[arg-type]
            out.append(_INVALID + reason + ', "outcome": {"code": "invalid", "data": {"text": ' + reason + "}}}")
        else:
            out.append(_SEVERAL)
    sep = ", " if orders.lines else ""
    standing = battle.position.standing
    for u in orders.defaults:  # no usable order: the unit held
        out.append(sep)
        out.append(standing[u].hold)
        sep = ", "
        ok, words, json, _ = outcomes[u]
        if ok:
            out.append(_NO_ORDER)
        else:
            out.append(', "result": "fails", "reason": ' + quote(words) + ', "default": true, "outcome": ' + json + "}")
    for gone in end.destroyed:
        out.append(sep)
        out.append(head(gone.power) + quote(gone.text + " D") + _DESTROYED)
        sep = ", "
    # The units sorted by power, location, kind (their rank), each power's written in a run.
    out.append('], "units": {')
    tables = battle.position.tables
    ranks = sorted([s.rank for s in end.units.values()])
    if ranks:
        power_of, opens, follows = tables.rank_power, tables.rank_opens, tables.rank_follows
        listed: list[str] = []
        last = ""
        for r in ranks:
            power = power_of[r]
            if power is last:
                listed.append(follows[r])
            else:
                listed.append(opens[r])
                last = power
        out.append("".join(listed)[3:])
        out.append("]")
    out.append('}, "dislodged": {')
    if end.dislodged:
        dislodged: dict[str, list[str]] = {}
        for d in sorted(end.dislodged, key=lambda d: (d.unit.power, d.unit.loc)):
            entry = ('{"unit": ' + quote(f"{d.unit.type._value_} {d.unit.loc}") + ', "attacker": ' + quote(d.attacker)
                     + ', "via_convoy": ' + ("true" if d.via_convoy else "false") + ', "retreats": ['
                     + ", ".join(map(quote, d.retreats)) + "]}")
            dislodged.setdefault(d.unit.power, []).append(entry)
        out.append(", ".join(quote(power) + ": [" + ", ".join(entries) + "]" for power, entries in dislodged.items()))
    out.append('}, "contested": [')
    if end.contested:
        out.append(", ".join(map(quote, end.contested)))
    out.append('], "centers": {')
    owned: dict[str, list[str]] = {}
    centers = end.centers
    for centre, quoted in tables.sorted_centers:
        owner = centers.get(centre)
        if owner is None:
            continue
        if owner in owned:
            owned[owner].append(quoted)
        else:
            owned[owner] = [quoted]
    out.append(", ".join([quote(owner) + ": [" + ", ".join(centres) + "]" for owner, centres in owned.items()]))
    out.append(('}, "winner": ' + quote(end.winner) + "}") if end.winner else "}}")
    return "".join(out)


def parsed(text: str) -> Any:
    """A lean path's answer ``text`` as ``json.loads`` reads it: by orjson (faster: the answers are long), or by
    ``json`` when orjson refuses (a lone surrogate in an order line the caller wrote, which ``json`` takes)."""
    try:
        return fast_loads(text)
    except ValueError:
        return json_loads(text)
