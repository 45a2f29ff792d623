"""The lean path's response as JSON text: byte for byte ``json.dumps`` of the general path's response.

Result lines from their fixed parts and the outcomes' JSON (units and places from the map's tables), then
the position after the phase (units, dislodged units with their retreats, standoffs, centres, winner).
"""
from __future__ import annotations

from json.encoder import encode_basestring_ascii as quote

from .battle import Battle
from .reader import Orders
from .turn_end import TurnEnd

_HEADS: dict[str, str] = {}  # power -> '{"power": "FRANCE", "order": ' (a table of the maps' powers)
_INVALID = ', "result": "invalid", "reason": '
_SEVERAL = (', "result": "invalid", "reason": "several different orders for this unit", '
            '"outcome": {"code": "several_orders", "data": {}}}')
_NO_ORDER = ', "result": "succeeds", "reason": "no order: holds", "default": true, "outcome": {"code": "no_order_holds", "data": {}}}'
_DESTROYED = (', "result": "succeeds", "reason": "no retreat possible: destroyed", "default": true, '
              '"outcome": {"code": "destroyed_no_retreat", "data": {}}}')


def _head(power: str) -> str:
    head = _HEADS.get(power)
    if head is None:
        head = '{"power": ' + quote(power) + ', "order": '
        if len(_HEADS) < 1000:
            _HEADS[power] = head
    return head


def response_text(variant_id: str, phase_text: str, orders: Orders, battle: Battle, end: TurnEnd) -> str:
    explain = battle.explain
    outcomes = [explain(u) for u in range(len(battle.units))]
    parts: list[str] = []
    add = parts.append
    for power, text, u, invalid in orders.lines:  # (texts are JSON already)
        head = _HEADS.get(power) or _head(power)
        if u >= 0:
            add(head + text + outcomes[u][3])
        elif u == -1:
            add(head + text + _INVALID + quote(invalid)  # type: ignore[arg-type]
                + ', "outcome": {"code": "invalid", "data": {"text": ' + quote(invalid) + "}}}")  # type: ignore[arg-type]
        else:
            add(head + text + _SEVERAL)
    kinds = orders.kind
    for u, unit in enumerate(battle.units):
        if kinds[u] < 0:  # no usable order: the unit held
            head = (_HEADS.get(unit.power) or _head(unit.power)) + battle.position.standing[u].hold
            ok, words, json, _ = outcomes[u]
            if ok:
                add(head + _NO_ORDER)
            else:
                add(head + ', "result": "fails", "reason": ' + quote(words) + ', "default": true, "outcome": '
                    + json + "}")
    for unit in end.destroyed:
        add(_head(unit.power) + quote(f"{unit.type._value_} {unit.loc} D") + _DESTROYED)
    rows = sorted((unit.power, unit.loc, unit.type._value_) for unit in end.units.values())
    listed: dict[str, list[str]] = {}
    for power, loc, letter in rows:
        text = quote(letter + " " + loc)
        if power in listed:
            listed[power].append(text)
        else:
            listed[power] = [text]
    owned: dict[str, list[str]] = {}
    for centre, owner in sorted(end.centers.items()):
        if owner in owned:
            owned[owner].append(quote(centre))
        else:
            owned[owner] = [quote(centre)]
    dislodged: dict[str, list[str]] = {}
    for d in sorted(end.dislodged, key=lambda d: (d.unit.power, d.unit.loc)):
        entry = ('{"unit": ' + quote(f"{d.unit.type._value_} {d.unit.loc}") + ', "attacker": ' + quote(d.attacker)
                 + ', "via_convoy": ' + ("true" if d.via_convoy else "false") + ', "retreats": ['
                 + ", ".join(map(quote, d.retreats)) + "]}")
        dislodged.setdefault(d.unit.power, []).append(entry)
    return "".join((
        '{"variant": ', quote(variant_id), ', "phase": ', quote(phase_text), ', "next_phase": ', quote(end.next_phase),
        ', "orders": [', ", ".join(parts), '], "units": {',
        ", ".join(quote(power) + ": [" + ", ".join(texts) + "]" for power, texts in listed.items()),
        '}, "dislodged": {',
        ", ".join(quote(power) + ": [" + ", ".join(entries) + "]" for power, entries in dislodged.items()),
        '}, "contested": [', ", ".join(map(quote, end.contested)), '], "centers": {',
        ", ".join(quote(owner) + ": [" + ", ".join(centres) + "]" for owner, centres in owned.items()),
        "}, " + '"winner": ' + quote(end.winner) + "}" if end.winner else "}}",
    ))
