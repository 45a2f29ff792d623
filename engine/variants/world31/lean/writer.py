"""The World lean path's response: byte for byte ``json.dumps`` of the general path's response as text, and
equal to the general path's dict as the dict ``engine.adjudicate`` returns.

Result lines in the order written (the armies' and fleets' outcomes from the battle's records, the economy's
and the militia's verdicts), the units given no order, the season's notes (finance sheets, militia lost);
then the position after the phase as ``contract.position_of`` writes it. ``Answer.text`` writes the lines as
JSON text; ``Answer.response`` builds them as dicts directly (no text is written and parsed back): fresh
containers per call, sharing the strings (powers, order texts, reasons), each outcome's data copied from its
JSON parsed once per text (``_outcome``).
"""
from __future__ import annotations

from json.encoder import encode_basestring_ascii as quote
from json import dumps, loads as _loads
from typing import Any, Final, Mapping, Sequence, final

from ....lean.battle import Fought
from ....lean.writer import parsed as _parsed
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


def _typed_tail(got: Outcome, default: bool = False) -> str:
    """A result line's end for a typed outcome, as ``phases._process_movement`` types it."""
    return ((_SUCCEEDS if got.succeeded else _FAILS) + quote(got.reason)
            + (', "default": true, "outcome": ' if default else ', "outcome": ') + _typed_json(got) + "}")


def _lean_tail(got: tuple[bool, str, str, str], default: bool = False) -> str:
    ok, words, json, _ = got
    return (_SUCCEEDS if ok else _FAILS) + quote(words) + (', "default": true, "outcome": ' if default else ', "outcome": ') \
        + json + "}"


def _verdict_tail(v: Verdict, default: bool = False) -> str:
    return (_SUCCEEDS if v.succeeded else _FAILS) + quote(v.words) \
        + (', "default": true, "outcome": ' if default else ', "outcome": ') + v.json + "}"


@final
class Answer:
    """The makings of a response, written as text (``text``) or built as ``engine.adjudicate``'s dict
    (``response``): ``verdicts`` the economy's and the militia's by slot (the units gone for want of upkeep's
    too, by province), ``void`` the outcomes of orders whose unit went so (by battle number), ``number`` a
    unit's battle number when some went (``None``: the same numbers)."""

    def __init__(self, variant: Any, state: GameState, next_state: GameState, extra: Mapping[str, Any],
                 position: WorldPosition, orders: WorldOrders, own_slots: list[str], fought: Fought,
                 number: dict[int, int] | None, void: dict[int, Outcome], verdicts: dict[str, Verdict],
                 notes: Sequence[Note | OrderResult], winner: str | None) -> None:
        self.variant = variant
        self.state = state
        self.next_state = next_state
        self.extra = extra
        self.position = position
        self.orders = orders
        self.own_slots = own_slots
        self.fought = fought
        self.number = number
        self.void = void
        self.verdicts = verdicts
        self.notes = notes
        self.winner = winner

    def text(self) -> str:
        """``json.dumps`` of the response."""
        head = self.head()
        tail = dumps(_tail(self.next_state, self.extra, self.winner))
        return head + "}" if tail == "{}" else head + ", " + tail[1:]

    def head(self) -> str:
        """The response's text up to the end of ``orders`` (no closing brace)."""
        base = self.position.base
        orders, number, void, verdicts, own_slots = self.orders, self.number, self.void, self.verdicts, self.own_slots
        battle = self.fought.outcomes
        out = ['{"variant": ', quote(self.variant.id), ', "phase": ', quote(str(self.state.phase)), ', "next_phase": ',
               quote(str(self.next_state.phase)), ', "orders": [']
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
        for n in self.notes:  # (the season's notes, and a retreat phase played at once: engine-made results)
            if type(n) is Note:
                add('{"power": ' + quote(n.power) + ', "order": ' + quote(n.order) + _verdict_tail(n.verdict, True))
                continue
            assert isinstance(n, OrderResult)
            add('{"power": ' + quote(n.power) + ', "order": ' + quote(n.order) + ', "result": ' + quote(n.result)
                + ', "reason": ' + quote(n.reason) + (', "default": true, "outcome": ' if n.default else ', "outcome": ')
                + encoded_json(n.why()) + "}")
        out.append(", ".join(parts))
        out.append("]")
        return "".join(out)

    def response(self) -> dict[str, Any]:
        """The response as ``engine.adjudicate`` returns it: every dict and list made for this call."""
        base = self.position.base
        orders, number, void, verdicts, own_slots = self.orders, self.number, self.void, self.verdicts, self.own_slots
        battle = self.fought.outcomes
        entries: list[dict[str, Any]] = []
        # The lines whose outcome the battle wrote for this phase (a failed move's strengths, ...) are parsed
        # together, as text (their places in ``entries`` held meanwhile).
        written: list[str] = []
        places: list[int] = []
        heads: dict[str, str] = {}
        for power, quoted, ref, why in orders.lines:
            if ref >= 0:
                b = ref if number is None else number.get(ref)
                if b is None:  # gone for want of upkeep
                    entries.append(_verdict_entry(power, _order_text(quoted), verdicts[base.prov[ref]], False))
                elif b in void:  # (it supports or convoys a unit gone for want of upkeep)
                    typed = void[b]
                    entries.append(_entry(power, _order_text(quoted), typed.succeeded, typed.reason, False,
                                          _outcome(_typed_json(typed))))
                else:
                    got = battle[b]
                    if got[1]:  # one of the map's outcomes
                        entries.append(_battle_entry(power, _order_text(quoted), got[3]))
                        continue
                    head = heads.get(power)
                    if head is None:
                        head = heads[power] = '{"power": ' + quote(power) + ', "order": '
                    places.append(len(entries))
                    written.append(head + quoted + got[3])
                    entries.append(_HELD_PLACE)
                continue
            if ref == INVALID:  # (any text: not kept)
                order = _unquoted(quoted)
                entries.append({"power": power, "order": order, "result": "invalid", "reason": why,
                                "outcome": {"code": "invalid", "data": {"text": why}}})
            elif ref == SEVERAL:
                order = _order_text(quoted)
                entries.append({"power": power, "order": order, "result": "invalid", "reason": _SEVERAL_WORDS,
                                "outcome": {"code": "several_orders", "data": {}}})
            else:
                entries.append(_verdict_entry(power, _order_text(quoted), verdicts[own_slots[own_index(ref)]], False))
        standing = base.standing
        for u in orders.military.defaults:  # no usable order: the unit held
            s = standing[u]
            order = _held(s.text)
            b = u if number is None else number.get(u)
            if b is None:
                entries.append(_verdict_entry(s.power, order, verdicts[base.prov[u]], True))
                continue
            held = battle[b]
            if held[0]:
                entries.append({"power": s.power, "order": order, "result": "succeeds", "reason": _NO_ORDER_WORDS,
                                "default": True, "outcome": {"code": "no_order_holds", "data": {}}})
            else:
                entries.append(_entry(s.power, order, False, held[1], True, _outcome(held[2])))
        for n in self.notes:  # (the season's notes, and a retreat phase played at once: engine-made results)
            if type(n) is Note:
                entries.append(_verdict_entry(n.power, n.order, n.verdict, True))
                continue
            assert isinstance(n, OrderResult)
            entry: dict[str, Any] = {"power": n.power, "order": n.order, "result": n.result, "reason": n.reason}
            if n.default:
                entry["default"] = True
            entry["outcome"] = _outcome(encoded_json(n.why()))
            entries.append(entry)
        if written:
            parsed: list[dict[str, Any]] = _parsed("[" + ", ".join(written) + "]")
            for k, place in enumerate(places):
                entries[place] = parsed[k]
        response: dict[str, Any] = {"variant": self.variant.id, "phase": str(self.state.phase),
                                    "next_phase": str(self.next_state.phase), "orders": entries}
        response.update(_tail(self.next_state, self.extra, self.winner))
        return response


_HELD_PLACE: Final[dict[str, Any]] = {}  # (a place in the entries, filled before the response is handed out)
_SEVERAL_WORDS: Final = "several different orders for this unit"
_NO_ORDER_WORDS: Final = "no order: holds"
_KEPT: Final = 20_000  # texts kept per table below (outcomes and orders recur: bounded by the maps in use)
_ORDER_TEXTS: dict[str, str] = {}  # an order as JSON text -> the order
_HELD: dict[str, str] = {}  # a unit ("A PAR") -> its hold ("A PAR H")
_OUTCOMES: dict[str, tuple[str, dict[str, Any], bool]] = {}  # outcome JSON -> (code, data, data holds containers)
_ENDS: dict[str, tuple[str, str, str, dict[str, Any], bool]] = {}  # a line's tail -> (result, reason, code, data, ...)


def _kept(table: dict[str, Any], key: str, value: Any) -> Any:
    """``value``, kept in ``table`` under ``key`` (the table emptied first when full)."""
    if len(table) >= _KEPT:
        table.clear()
    table[key] = value
    return value


def _order_text(quoted: str) -> str:
    """The order of JSON text ``quoted``, one the reader understood (shared from call to call: the maps'
    orders recur)."""
    text = _ORDER_TEXTS.get(quoted)
    if text is None:
        text = _kept(_ORDER_TEXTS, quoted, _unquoted(quoted))
    return text


def _unquoted(quoted: str) -> str:
    return quoted[1:-1] if "\\" not in quoted else str(_loads(quoted))  # (json's: a lone surrogate too)


def _held(unit: str) -> str:
    text = _HELD.get(unit)
    if text is None:
        text = _kept(_HELD, unit, unit + " H")
    return text


def _fresh(value: Any) -> Any:
    """``value`` (parsed JSON) with every dict and list copied, the scalars shared."""
    kind = type(value)
    if kind is dict:
        return {k: _fresh(v) for k, v in value.items()}
    if kind is list:
        return [_fresh(v) for v in value]
    return value


def _shape(parsed: dict[str, Any]) -> tuple[str, dict[str, Any], bool]:
    data: dict[str, Any] = parsed["data"]
    return parsed["code"], data, any(type(v) is dict or type(v) is list for v in data.values())


def _outcome(json: str) -> dict[str, Any]:
    """The outcome of JSON text ``json`` as a fresh dict, the text parsed once and kept."""
    known = _OUTCOMES.get(json)
    if known is None:
        known = _kept(_OUTCOMES, json, _shape(_parsed(json)))
    code, data, nested = known
    return {"code": code, "data": _fresh(data) if nested else dict(data)}


def _entry(power: str, order: str, succeeded: bool, words: str, default: bool,
           outcome: dict[str, Any]) -> dict[str, Any]:
    if default:
        return {"power": power, "order": order, "result": "succeeds" if succeeded else "fails", "reason": words,
                "default": True, "outcome": outcome}
    return {"power": power, "order": order, "result": "succeeds" if succeeded else "fails", "reason": words,
            "outcome": outcome}


def _verdict_entry(power: str, order: str, v: Verdict, default: bool) -> dict[str, Any]:
    words = v.words
    outcome = {"code": "note", "data": {"text": words}} if v.noted else _outcome(v.json)
    if default:
        return {"power": power, "order": order, "result": v.result, "reason": words, "default": True,
                "outcome": outcome}
    return {"power": power, "order": order, "result": v.result, "reason": words, "outcome": outcome}


def _battle_entry(power: str, order: str, tail: str) -> dict[str, Any]:
    """A written order's entry from its battle outcome's tail, one of the map's (kept per tail)."""
    known = _ENDS.get(tail)
    if known is None:
        known = _kept(_ENDS, tail, _end(tail))
    result, reason, code, data, nested = known
    return {"power": power, "order": order, "result": result, "reason": reason,
            "outcome": {"code": code, "data": _fresh(data) if nested else dict(data)}}


def _end(tail: str) -> tuple[str, str, str, dict[str, Any], bool]:
    parsed: dict[str, Any] = _parsed("{" + tail[2:])
    code, data, nested = _shape(parsed["outcome"])
    return parsed["result"], parsed["reason"], code, data, nested


def _typed_json(got: Outcome) -> str:
    words, detail = got.reason, got.detail
    return encoded_json(detail if detail is not None and detail._words is words else _typed(words, detail))


def _tail(state: GameState, extra: Mapping[str, Any], winner: str | None) -> dict[str, Any]:
    """The response's fields after ``orders`` (``contract._response_tail``), made for this answer alone."""
    # The units as ``contract.units_by_power`` lists ``Variant.all_units``: by power, location and type letter
    # (the "\0" below every character). World lists its units so, and no position here has disguised units.
    placed: dict[str, list[str]] = {}  # power -> "location\0letter" of each unit
    for unit in state.units.values():
        _place(placed, unit.power, unit.loc + "\0" + unit.type._value_)
    for s in state.stacked:
        _place(placed, s.power, s.loc + "\0" + s.kind._value_)
    units: dict[str, list[str]] = {}
    for power in sorted(placed):
        keys = placed[power]
        keys.sort()
        units[power] = [_unit_text(key) for key in keys]
    dislodged: dict[str, list[dict[str, Any]]] = {}
    for d in sorted(state.dislodged.values(), key=lambda d: (d.unit.power, d.unit.loc)):
        dislodged.setdefault(d.unit.power, []).append(
            {"unit": str(d.unit), "attacker": d.attacker, "via_convoy": d.via_convoy, "retreats": list(d.retreats)})
    centers: dict[str, list[str]] = {}
    owners = state.centers
    for centre in sorted(owners):
        owner = owners[centre]
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


def _place(placed: dict[str, list[str]], power: str, key: str) -> None:
    listed = placed.get(power)
    if listed is None:
        placed[power] = [key]
    else:
        listed.append(key)


_UNIT_TEXTS: dict[str, str] = {}  # "location\0letter" -> the unit as listed ("A PAR")


def _unit_text(key: str) -> str:
    text = _UNIT_TEXTS.get(key)
    if text is None:
        loc, _, letter = key.partition("\0")
        text = _kept(_UNIT_TEXTS, key, letter + " " + loc)
    return text


__all__ = ["Answer"]
