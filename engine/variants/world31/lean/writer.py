"""The World lean path's response as JSON text: byte for byte ``json.dumps`` of the general path's response.

Result lines in the order written (the armies' and fleets' outcomes from the battle's records, the economy's
and the militia's verdicts), the units given no order, the season's notes (finance sheets, militia lost),
as JSON text; then the position after the phase as ``contract.position_of`` writes it, as a dict (the text
path writes it with ``json.dumps``; the dict path adds it to the parsed lines, which saves parsing it).
"""
from __future__ import annotations

from json.encoder import encode_basestring_ascii as quote
from operator import attrgetter
from typing import Any, Mapping, Sequence

from ....lean.battle import Fought
from ....outcomes import encoded_json
from ....phases import OrderResult, _typed
from ....resolver import Outcome
from ....state import GameState
from ..lean_economy import Note, Verdict
from .reading import INVALID, SEVERAL, WorldOrders, WorldPosition, own_index

_INVALID = ', "result": "invalid", "reason": '
_SEVERAL = (', "result": "invalid", "reason": "several different orders for this unit", '
            '"outcome": {"code": "several_orders", "data": {}}}')
_NO_ORDER = ', "result": "succeeds", "reason": "no order: holds", "default": true, "outcome": {"code": "no_order_holds", "data": {}}}'
_SUCCEEDS, _FAILS = ', "result": "succeeds", "reason": ', ', "result": "fails", "reason": '
_UNIT_ORDER = attrgetter("power", "loc", "type")  # as contract.units_by_power sorts


def _typed_tail(got: Outcome, default: bool = False) -> str:
    """A result line's end for a typed outcome, as ``phases._process_movement`` types it."""
    words, detail = got.reason, got.detail
    why = detail if detail is not None and detail._words is words else _typed(words, detail)
    return ((_SUCCEEDS if got.succeeded else _FAILS) + quote(words)
            + (', "default": true, "outcome": ' if default else ', "outcome": ') + encoded_json(why) + "}")


def _lean_tail(got: tuple[bool, str, str, str], default: bool = False) -> str:
    ok, words, json, _ = got
    return (_SUCCEEDS if ok else _FAILS) + quote(words) + (', "default": true, "outcome": ' if default else ', "outcome": ') \
        + json + "}"


def _verdict_tail(v: Verdict, default: bool = False) -> str:
    return (_SUCCEEDS if v.succeeded else _FAILS) + quote(v.words) \
        + (', "default": true, "outcome": ' if default else ', "outcome": ') + v.json + "}"


def response_text(variant: Any, state: GameState, next_state: GameState, extra: Mapping[str, Any],
                  position: WorldPosition, orders: WorldOrders, own_slots: list[str], fought: Fought,
                  number: Mapping[int, int] | None, void: Mapping[int, Outcome], verdicts: Mapping[str, Verdict],
                  notes: Sequence[Note | OrderResult], winner: str | None) -> tuple[str, dict[str, Any]]:
    """The response, as its text up to the end of ``orders`` (no closing brace) and the fields after it as a
    dict (``contract._response_tail``): ``verdicts`` the economy's and the militia's by slot (the units gone for want of upkeep's
    too, by province), ``void`` the outcomes of orders whose unit went so (by battle number), ``number`` a
    unit's battle number when some went (``None``: the same numbers)."""
    base = position.base
    battle = fought.outcomes
    out = ['{"variant": ', quote(variant.id), ', "phase": ', quote(str(state.phase)), ', "next_phase": ',
           quote(str(next_state.phase)), ', "orders": [']
    parts: list[str] = []
    add = parts.append
    heads: dict[str, str] = {}
    for power, quoted, ref, why in orders.lines:
        head = heads.get(power)
        if head is None:
            head = heads[power] = '{"power": ' + quote(power) + ', "order": '
        if ref >= 0:
            b = ref if number is None else number.get(ref)
            if b is None:  # gone for want of upkeep
                add(head + quoted + _verdict_tail(verdicts[base.prov[ref]]))
            elif b in void:  # (it supports or convoys a unit gone for want of upkeep)
                add(head + quoted + _typed_tail(void[b]))
            else:
                add(head + quoted + battle[b][3])
        elif ref == INVALID:
            reason = quote(why)  # type: ignore[arg-type]
            add(head + quoted + _INVALID + reason + ', "outcome": {"code": "invalid", "data": {"text": ' + reason + "}}}")
        elif ref == SEVERAL:
            add(head + quoted + _SEVERAL)
        else:
            add(head + quoted + _verdict_tail(verdicts[own_slots[own_index(ref)]]))
    standing = base.standing
    for u in orders.military.defaults:  # no usable order: the unit held
        b = u if number is None else number.get(u)
        if b is None:
            add(standing[u].hold + _verdict_tail(verdicts[base.prov[u]], True))
            continue
        got = battle[b]
        add(standing[u].hold + (_NO_ORDER if got[0] else _lean_tail(got, True)))
    for n in notes:  # (the season's notes, and a retreat phase played at once: engine-made results)
        if type(n) is Note:
            add('{"power": ' + quote(n.power) + ', "order": ' + quote(n.order) + _verdict_tail(n.verdict, True))
            continue
        assert isinstance(n, OrderResult)
        add('{"power": ' + quote(n.power) + ', "order": ' + quote(n.order) + ', "result": ' + quote(n.result)
            + ', "reason": ' + quote(n.reason) + (', "default": true, "outcome": ' if n.default else ', "outcome": ')
            + encoded_json(n.why()) + "}")
    out.append(", ".join(parts))
    out.append("]")
    return "".join(out), _tail(variant, next_state, extra, winner)


def _tail(variant: Any, state: GameState, extra: Mapping[str, Any], winner: str | None) -> dict[str, Any]:
    """The response's fields after ``orders`` (``contract._response_tail``), made for this answer alone."""
    units: dict[str, list[str]] = {}
    for unit in sorted(variant.all_units(state), key=_UNIT_ORDER):
        text = f"{unit.type._value_} {unit.loc}"
        if unit.power in units:
            units[unit.power].append(text)
        else:
            units[unit.power] = [text]
    dislodged: dict[str, list[dict[str, Any]]] = {}
    for d in sorted(state.dislodged.values(), key=lambda d: (d.unit.power, d.unit.loc)):
        dislodged.setdefault(d.unit.power, []).append(
            {"unit": str(d.unit), "attacker": d.attacker, "via_convoy": d.via_convoy, "retreats": list(d.retreats)})
    centers: dict[str, list[str]] = {}
    for centre, owner in sorted(state.centers.items()):
        if owner in centers:
            centers[owner].append(centre)
        else:
            centers[owner] = [centre]
    tail: dict[str, Any] = {"units": units, "dislodged": dislodged, "contested": sorted(state.contested),
                            "centers": centers}
    if extra:
        tail["extra"] = extra
    if winner:
        tail["winner"] = winner
    return tail


__all__ = ["response_text"]
