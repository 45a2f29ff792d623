"""Typed order outcomes: a code plus structured data, worded for people at the edge, per viewer.

The engine records *why* an order ended as it did as a :class:`Reason` (``bounced_off`` with the
province, the strengths and the units whose supports made them) and words it only when someone reads it.
Because the data names units, the same reason can be worded for a viewer who can't see some of them
(:meth:`Reason.seen_by` drops them, and the strengths they would give away). Variants add codes and
register a wording for each with :func:`wording`. Reasons written before codes existed load as ``note``,
their text kept as it was.
"""
from __future__ import annotations

from json import dumps as _dumps
from json.encoder import encode_basestring_ascii as _quote  # json.dumps's own string encoder
from typing import Any, Callable, Iterable, Mapping

from .types import Unit, UnitType

# What a viewer knows of a unit: True (all of it), False (nothing: it is hidden) or DISGUISED (it is seen as
# what it pretends to be, a decoy as the unit it copies: it may be named, but its strength would expose it).
DISGUISED = "disguised"
Sight = Callable[[Unit], "bool | str"]

# Data keys that name units the order itself names (the viewer's own order text shows them anyway).
ORDER_KEYS = frozenset({"unit", "target", "fleet"})
# Data keys holding strengths: they give away supports, so they go when any unit involved is unseen.
STRENGTH_KEYS = frozenset({"attack", "resist"})


class Reason:
    """Why an order ended as it did: ``code`` and data (units as :class:`Unit`, provinces, strengths).

    Immutable and hashable (results are named tuples that may be put in sets); data values are JSON
    scalars, units, or tuples of them."""

    __slots__ = ("code", "_items", "_words", "_json")

    def __init__(self, code: str, data: Mapping[str, Any] | None = None) -> None:
        self.code = code
        self._words: str | None = None  # the English words, made on first need (a reason never changes)
        self._json: str | None = None  # ``encode(self)`` as JSON text, made on first need (``encoded_json``)
        if not data:
            self._items: tuple[tuple[str, Any], ...] = ()
            return
        # Phases make one or two reasons per order: the usual data (plain values, tuples of them) is kept
        # as it is, in one pass; keys are unique, so sorting the items compares only them.
        items = sorted(data.items()) if len(data) > 1 else tuple(data.items())
        for _, v in items:
            if type(v) not in _PLAIN_VALUES and _freeze(v) is not v:
                self._items = tuple((k, v if type(v) in _PLAIN_VALUES else _freeze(v)) for k, v in items)
                return
        self._items = tuple(items)

    @property
    def data(self) -> dict[str, Any]:
        return dict(self._items)

    def get(self, key: str, default: Any = None) -> Any:
        for k, v in self._items:
            if k == key:
                return v
        return default

    def units(self) -> list[Unit]:
        """Every unit the data names, except those the order itself names."""
        out: list[Unit] = []
        for k, v in self._items:
            if k in ORDER_KEYS:
                continue
            out.extend(u for u in (v if isinstance(v, tuple) and not isinstance(v, Unit) else (v,))
                       if isinstance(u, Unit))
        return out

    def seen_by(self, sees: Sight | None) -> Reason:
        """The reason as a viewer who sees only the units ``sees`` accepts may know it: unseen units are
        dropped, and with any of them, or any disguised one, the strengths too (they would reveal hidden
        supports, or what a disguise is)."""
        if sees is None:
            return self
        known = [(u, sees(u)) for u in self.units()]
        hidden = [u for u, seen in known if seen is False]
        if not hidden and all(seen is True for _, seen in known):
            return self
        kept: dict[str, Any] = {}
        for k, v in self._items:
            if k in STRENGTH_KEYS:
                continue
            if k not in ORDER_KEYS:
                if isinstance(v, Unit):
                    if v in hidden:
                        continue
                elif isinstance(v, tuple):
                    v = tuple(u for u in v if not (isinstance(u, Unit) and u in hidden))
            kept[k] = v
        kept["redacted"] = True
        return Reason(self.code, kept)

    def text(self, sees: Sight | None = None) -> str:
        """The reason worded for people (as seen by ``sees``; everything when ``None``)."""
        return word(self, sees)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Reason) and self.code == other.code and self._items == other._items

    def __hash__(self) -> int:
        return hash((self.code, self._items))

    def __repr__(self) -> str:
        return f"Reason({self.code!r}, {self.data!r})"


_PLAIN_VALUES = frozenset({str, int, float, bool, type(None), Unit})


def _freeze(value: Any) -> Any:
    if type(value) is tuple:  # the usual case, a tuple of units (``backing``, ``by``): kept as it is
        for v in value:
            if type(v) not in _PLAIN_VALUES:
                break
        else:
            return value
    if isinstance(value, (list, tuple)) and not isinstance(value, Unit):
        return tuple(_freeze(v) for v in value)
    return value


# --- wording -----------------------------------------------------------------------------------------

Wording = Callable[[Reason], str]
_WORDINGS: dict[str, Wording] = {}


def wording(*codes: str) -> Callable[[Wording], Wording]:
    """Register the function that words reasons with these codes (a variant's own codes included)."""

    def register(fn: Wording) -> Wording:
        for code in codes:
            _WORDINGS[code] = fn
        return fn

    return register


def word(reason: Reason, sees: Sight | None = None) -> str:
    """``reason`` in words, for a viewer who sees what ``sees`` accepts (everything when ``None``)."""
    if sees is None:
        words = reason._words
        if words is not None:
            return words
        shown = reason
    else:
        shown = reason.seen_by(sees)
    fn = _WORDINGS.get(shown.code)
    if fn is None:
        return str(shown.get("text", shown.code.replace("_", " ")))
    words = fn(shown)
    if sees is None:
        reason._words = words  # only a registered wording is kept: a variant may register its code later
    return words


def reason(code: str, **data: Any) -> Reason:
    return Reason(code, data)


def note(text: str) -> Reason:
    """A reason known only as words (a variant's rule effect, an invalid order, an old save)."""
    return Reason(NOTE, {"text": text}) if text else Reason(NONE)


# --- the codes --------------------------------------------------------------------------------------
# Movement
MOVES, MOVES_BY_CONVOY = "moves", "moves_by_convoy"
ALL_HOLD_PARADOX = "paradox_all_hold"
PARADOX_CONVOY_FAILS, PARADOX_FLEET_HOLDS = "paradox_convoy_fails", "paradox_fleet_holds"
NO_CONVOY_ROUTE, NO_CONVOY_ORDERED = "no_convoy_route", "no_convoy_ordered"
LOST_HEAD_TO_HEAD, BEATEN_TO, BOUNCED_WITH, BOUNCED_OFF = "lost_head_to_head", "beaten_to", "bounced_with", "bounced_off"
CANT_DISLODGE_OWN = "cant_dislodge_own"
DISLODGED_BY = "dislodged_by"
SUPPORT_GIVEN, SUPPORT_CUT = "support_given", "support_cut"
VOID_DID_NOT_HOLD, VOID_NOT_ORDERED, VOID_OVER_LAND = "void_did_not_hold", "void_not_ordered", "void_over_land"
CONVOYS, CONVOY_FAILS = "convoys", "convoy_fails"
HOLDS, NO_ORDER_HOLDS = "holds", "no_order_holds"
# Retreats
RETREATS, RETREAT_BOUNCED, DISBANDED, NO_RETREAT_DISBANDED = "retreats", "retreat_bounced", "disbanded", "no_retreat_disbanded"
DESTROYED_NO_RETREAT = "destroyed_no_retreat"  # dislodged with nowhere to go: the retreat phase is skipped
# Adjustments
BUILT, WAIVED, REMOVED = "built", "waived", "removed"
NOT_ADJUSTMENT, NO_BUILDS, NO_BUILDS_LEFT, ALREADY_BUILDING = "not_adjustment", "no_builds", "no_builds_left", "already_building"
NO_REMOVALS, TOO_MANY_REMOVALS, CIVIL_DISORDER_REMOVAL = "no_removals", "too_many_removals", "civil_disorder_removal"
# Any phase
INVALID, SEVERAL_ORDERS, NOTE, NONE = "invalid", "several_orders", "note", "none"

_FIXED = {
    MOVES: "moves", MOVES_BY_CONVOY: "moves by convoy",
    ALL_HOLD_PARADOX: "convoy paradox: every unit in it holds (All Hold rule)",
    PARADOX_CONVOY_FAILS: "convoy paradox: the convoy fails (Szykman rule)",
    PARADOX_FLEET_HOLDS: "convoy paradox: the fleet holds (Szykman rule)",
    NO_CONVOY_ROUTE: "no convoy route", NO_CONVOY_ORDERED: "no convoy ordered",
    SUPPORT_GIVEN: "given", CONVOYS: "convoys", CONVOY_FAILS: "fails", HOLDS: "holds",
    NO_ORDER_HOLDS: "no order: holds",
    RETREATS: "retreats", DISBANDED: "disbanded", NO_RETREAT_DISBANDED: "no retreat ordered: disbanded",
    DESTROYED_NO_RETREAT: "no retreat possible: destroyed",
    BUILT: "built", WAIVED: "waived", REMOVED: "removed",
    NOT_ADJUSTMENT: "not an adjustment order", NO_BUILDS_LEFT: "no builds left", TOO_MANY_REMOVALS: "too many removals",
    CIVIL_DISORDER_REMOVAL: "removal not ordered: civil-disorder rule",
    SEVERAL_ORDERS: "several different orders for this unit", NONE: "",
}


def _fixed(text: str) -> Wording:
    return lambda r: text


for _code, _words in _FIXED.items():
    _WORDINGS[_code] = _fixed(_words)


def shown_number(strength: float) -> int | float:
    """A strength as reasons show it: ``1`` rather than ``1.0``, ``1.5`` as it is."""
    value = float(format(strength, "g"))
    return int(value) if value.is_integer() else value


def names(units: Iterable[Unit]) -> str:
    return ", ".join(str(u) for u in units)


def strengths(r: Reason) -> str:
    """`` (3 vs 2)`` when the strengths may be shown."""
    attack, resist = r.get("attack"), r.get("resist")
    if attack is None or resist is None:
        return ""
    return f" ({attack} vs {resist})"


def _shown_strengths(d: Mapping[str, Any]) -> str:
    attack, resist = d.get("attack"), d.get("resist")
    return "" if attack is None or resist is None else f" ({attack} vs {resist})"


# The battle reasons carry several data each: read once into a dict rather than looked up one by one.

@wording(LOST_HEAD_TO_HEAD)
def _lost_head_to_head(r: Reason) -> str:
    d = dict(r._items)
    opponent = d.get("opponent")
    return ("lost head-to-head battle" + (f" with {opponent}" if opponent else "")) + _shown_strengths(d)


@wording(BEATEN_TO)
def _beaten_to(r: Reason) -> str:
    d = dict(r._items)
    by = d.get("by")
    return f"beaten to {d.get('dest')}" + (f" by {by}" if by else "") + _shown_strengths(d)


@wording(BOUNCED_WITH)
def _bounced_with(r: Reason) -> str:
    d = dict(r._items)
    other = d.get("other")
    return ("bounced" + (f" with {other}" if other else "") + f" in {d.get('dest')}" + _shown_strengths(d))


@wording(BOUNCED_OFF)
def _bounced_off(r: Reason) -> str:
    d = dict(r._items)
    return f"bounced off {d.get('dest')}" + _shown_strengths(d)


@wording(CANT_DISLODGE_OWN)
def _cant_dislodge_own(r: Reason) -> str:
    return f"can't dislodge own unit in {r.get('dest')}"


@wording(DISLODGED_BY)
def _dislodged_by(r: Reason) -> str:
    by = r.get("by")
    return f"dislodged by {by}" if by else "dislodged"


@wording(SUPPORT_CUT)
def _support_cut(r: Reason) -> str:
    by = names(r.get("by", ()))
    return f"cut by {by}" if by else "cut"


@wording(VOID_DID_NOT_HOLD)
def _void_did_not_hold(r: Reason) -> str:
    return f"void: {r.get('target')} did not hold"


@wording(VOID_NOT_ORDERED)
def _void_not_ordered(r: Reason) -> str:
    return f"void: {r.get('target')} was not ordered to {r.get('dest')}"


@wording(VOID_OVER_LAND)
def _void_over_land(r: Reason) -> str:
    return f"void: {r.get('target')} moves over land"


@wording(RETREAT_BOUNCED)
def _retreat_bounced(r: Reason) -> str:
    others = names(r.get("with", ()))
    return f"retreat bounced with {others}: disbanded" if others else "retreat bounced: disbanded"


@wording(NO_BUILDS)
def _no_builds(r: Reason) -> str:
    return f"{r.get('power')} has no builds"


@wording(NO_REMOVALS)
def _no_removals(r: Reason) -> str:
    return f"{r.get('power')} has no units to remove"


@wording(ALREADY_BUILDING)
def _already_building(r: Reason) -> str:
    return f"already building in {r.get('site')}"


@wording(INVALID, NOTE)
def _word_text(r: Reason) -> str:
    return str(r.get("text", ""))


# --- on disk and on the wire ---------------------------------------------------------------------------


def _encode_value(value: Any) -> Any:
    if isinstance(value, Unit):
        return {"power": value.power, "type": value.type.value, "loc": value.loc}
    if isinstance(value, tuple):
        return [_encode_value(v) for v in value]
    return value


def _decode_value(value: Any) -> Any:
    if isinstance(value, dict):
        if set(value) != {"power", "type", "loc"}:
            raise ValueError(f"unreadable outcome value {value!r}")
        return Unit(str(value["power"]), UnitType(value["type"]), str(value["loc"]))
    if isinstance(value, list):
        return tuple(_decode_value(v) for v in value)
    if value is None or isinstance(value, (str, int, float, bool)):
        return value
    raise ValueError(f"unreadable outcome value {value!r}")


def encode(r: Reason) -> dict[str, Any]:
    """``{"code": ..., "data": {...}}``, JSON-ready (units as ``{"power", "type", "loc"}``)."""
    data: dict[str, Any] = {}
    for k, v in r._items:  # one per order in every response: the common values are written inline
        t = type(v)
        if t is Unit:
            data[k] = {"power": v.power, "type": v.type._value_, "loc": v.loc}
        elif t is str or t is int:
            data[k] = v
        else:
            data[k] = _encode_value(v)
    return {"code": r.code, "data": data}


# A unit as outcome JSON, per unit: a table of the units of the maps in use (powers times places), kept like
# the maps' own tables (``forget_outcomes`` in the resolver leaves it); capped all the same.
_UNIT_JSON: dict[Unit, str] = {}
_UNIT_JSON_KEPT = 100_000
# Data keys as JSON (``"dest": ``): the codes' few keys.
_KEY_JSON: dict[str, str] = {}


def _unit_json(unit: Unit) -> str:
    text = _UNIT_JSON.get(unit)
    if text is None:
        text = ('{"power": ' + _quote(unit.power) + ', "type": ' + _quote(unit.type._value_) + ', "loc": '
                + _quote(unit.loc) + "}")
        if type(unit.power) is str and type(unit.loc) is str:  # a unit as the engine makes them
            if len(_UNIT_JSON) >= _UNIT_JSON_KEPT:
                _UNIT_JSON.clear()
            _UNIT_JSON[unit] = text
    return text


def _json_value(value: Any) -> str | None:
    """``json.dumps(_encode_value(value))`` for the values reasons hold (units, strings, whole numbers and
    tuples of them), written directly; ``None`` for anything else (``json.dumps`` writes it)."""
    t = type(value)
    if t is Unit:
        return _UNIT_JSON.get(value) or _unit_json(value)
    if t is str:
        return _quote(value)
    if t is int:
        return int.__repr__(value)
    if t is tuple:
        parts = []
        for v in value:
            text = _UNIT_JSON.get(v) if type(v) is Unit else None
            if text is None:
                text = _json_value(v)
                if text is None:
                    return None
            parts.append(text)
        return "[" + ", ".join(parts) + "]"
    if value is None:
        return "null"
    return None


def encoded_json(r: Reason) -> str:
    """``json.dumps(encode(r))``, made once per reason (reasons recur from phase to phase: the resolver
    shares them) and written directly for the usual data; the contract's text path writes each result's
    outcome from it."""
    text = r._json
    if text is None:
        parts = []
        keys = _KEY_JSON
        for k, v in r._items:
            t = type(v)
            if t is str:
                value: str | None = _quote(v)
            elif t is Unit:
                value = _UNIT_JSON.get(v) or _unit_json(v)
            else:
                value = _json_value(v)
            if value is None or type(k) is not str:
                text = _dumps(encode(r))
                break
            key = keys.get(k)
            if key is None:
                key = _quote(k) + ": "
                if len(keys) < 1000:
                    keys[k] = key
            parts.append(key + value)
        else:
            text = '{"code": ' + _quote(r.code) + ', "data": {' + ", ".join(parts) + "}}"
        r._json = text
    return text


def decode(value: Any, text: str = "") -> Reason:
    """The reason stored as :func:`encode` wrote it; without one (older files) a ``note`` of ``text``.

    Raises ``ValueError`` naming what is unreadable."""
    if value is None:
        return note(text)
    if not isinstance(value, dict) or not isinstance(value.get("code"), str) or not isinstance(value.get("data", {}), dict):
        raise ValueError(f"unreadable outcome {value!r}")
    return Reason(value["code"], {str(k): _decode_value(v) for k, v in value.get("data", {}).items()})


__all__ = ["DISGUISED", "Reason", "Sight", "decode", "encode", "encoded_json", "names", "note", "reason", "shown_number", "strengths", "word", "wording"]
