"""The lean path's response as JSON text: byte for byte ``json.dumps`` of the general path's response.

Result lines from their fixed parts and the outcomes' JSON (units and places from the map's tables), then
the position after the phase (units, dislodged units with their retreats, standoffs, centres, winner).
"""
from __future__ import annotations

from json.encoder import encode_basestring_ascii as quote
from itertools import groupby
from operator import attrgetter

from .battle import Fought
from .reader import Orders
from .tables import head
from .turn_end import TurnEnd

_RANK, _POWER, _QUOTED = attrgetter("rank"), attrgetter("power"), attrgetter("quoted")
_INVALID = ', "result": "invalid", "reason": '
_SEVERAL = (', "result": "invalid", "reason": "several different orders for this unit", '
            '"outcome": {"code": "several_orders", "data": {}}}')
_NO_ORDER = ', "result": "succeeds", "reason": "no order: holds", "default": true, "outcome": {"code": "no_order_holds", "data": {}}}'
_DESTROYED = (', "result": "succeeds", "reason": "no retreat possible: destroyed", "default": true, '
              '"outcome": {"code": "destroyed_no_retreat", "data": {}}}')


def response_text(variant_id: str, phase_text: str, orders: Orders, battle: Fought, end: TurnEnd) -> str:
    outcomes = battle.outcomes
    parts: list[str] = []
    add = parts.append
    for start, u, invalid in orders.lines:  # (each line's start is JSON already, up to its order text)
        if u >= 0:
            add(start + outcomes[u][3])
        elif u == -1:
            reason = quote(invalid)  # type: ignore[arg-type]
            add(start + _INVALID + reason + ', "outcome": {"code": "invalid", "data": {"text": ' + reason + "}}}")
        else:
            add(start + _SEVERAL)
    standing = battle.position.standing
    for u in orders.defaults:  # no usable order: the unit held
        held = standing[u].hold
        ok, words, json, _ = outcomes[u]
        if ok:
            add(held + _NO_ORDER)
        else:
            add(held + ', "result": "fails", "reason": ' + quote(words) + ', "default": true, "outcome": ' + json + "}")
    for gone in end.destroyed:
        add(head(gone.power) + quote(gone.text + " D") + _DESTROYED)
    # The units sorted by power, location, kind (their rank), each power's written in a run.
    listed = ", ".join([quote(power) + ": [" + ", ".join(map(_QUOTED, run)) + "]"
                        for power, run in groupby(sorted(end.units.values(), key=_RANK), key=_POWER)])
    owned: dict[str, list[str]] = {}
    centers = end.centers
    for centre, quoted in battle.position.tables.sorted_centers:
        owner = centers.get(centre)
        if owner is None:
            continue
        if owner in owned:
            owned[owner].append(quoted)
        else:
            owned[owner] = [quoted]
    dislodged: dict[str, list[str]] = {}
    for d in sorted(end.dislodged, key=lambda d: (d.unit.power, d.unit.loc)):
        entry = ('{"unit": ' + quote(f"{d.unit.type._value_} {d.unit.loc}") + ', "attacker": ' + quote(d.attacker)
                 + ', "via_convoy": ' + ("true" if d.via_convoy else "false") + ', "retreats": ['
                 + ", ".join(map(quote, d.retreats)) + "]}")
        dislodged.setdefault(d.unit.power, []).append(entry)
    return "".join((
        '{"variant": ', quote(variant_id), ', "phase": ', quote(phase_text), ', "next_phase": ', quote(end.next_phase),
        ', "orders": [', ", ".join(parts), '], "units": {',
        listed,
        '}, "dislodged": {',
        ", ".join(quote(power) + ": [" + ", ".join(entries) + "]" for power, entries in dislodged.items()),
        '}, "contested": [', ", ".join(map(quote, end.contested)), '], "centers": {',
        ", ".join([quote(owner) + ": [" + ", ".join(centres) + "]" for owner, centres in owned.items()]),
        ('}, "winner": ' + quote(end.winner) + "}") if end.winner else "}}",
    ))
