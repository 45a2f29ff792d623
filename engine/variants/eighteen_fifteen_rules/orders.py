"""The 1815 order kinds (denial of passage, Convert, Diplomacy Point allocation), their parser, and the
reason codes of the 1815 rules with their words.

Canonical texts (each read back by :func:`parse_own` to an equal order once validated):

* ``DENY A SCO BY F IRS`` — the owner of the fleet in the Irish Sea refuses A Scotland passage across the
  red arrow (``DENY A SCO`` names the fleet by itself when the power has one fleet on that unit's arrows;
  the seed's "A Scotland does not have permission across the red arrow" reads the same);
* ``CONVERT A HIN`` — in the adjustment phase the power's unit in its home centre Hindustan becomes an army;
* ``DP 2 F HOL S A BEL - NTH`` — two Diplomacy Points for the minor power's F Holland supporting that move.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ...entry import Entry
from ...mapdata import MapData
from ...orders import Order, RawOrder, UnitOrder, tokenize
from ...outcomes import Reason, wording
from ...types import OrderSyntaxError, Unit, UnitType, province_of


@dataclass(frozen=True, slots=True)
class DenyPassage(Order):
    """A secret side order of the owner of ``fleet``, a fleet in a red arrow's intervening sea: ``denied``
    may not cross that arrow this turn. The fleet keeps its own order (hold, support or convoy); its slot is
    the sea and the denied unit's province, so one fleet may deny several units."""

    kind: ClassVar[str] = "DENY"
    words: ClassVar[tuple[str, ...]] = ("deny", "denies", "block", "blocks")
    # N on the fleet in the sea (the order is filed with its options): the one unit at once, else a question.
    entry: ClassVar[Entry | None] = Entry(
        "N", "Deny passage", side=True, done="Denied", choice="Deny {denied} passage over the red arrow",
        withdraw="Let {denied} cross again", none="{unit} has no red-arrow crossing to deny now")
    note: ClassVar[str] = "passage denied (secret)"
    power: str
    fleet: Unit
    denied: Unit

    def slot(self) -> str | None:
        return f"DENY {province_of(self.fleet.loc)} {province_of(self.denied.loc)}"

    def __str__(self) -> str:
        return f"DENY {self.denied} BY {self.fleet}"


@dataclass(frozen=True, slots=True)
class Convert(Order):
    """Adjustment phase: ``converter``, standing in one of its power's home centres, is disbanded and
    ``into`` (the other kind) built in its place. Once a year per power: the slot is the power's."""

    kind: ClassVar[str] = "CONVERT"
    words: ClassVar[tuple[str, ...]] = ("convert", "converts")
    entry: ClassVar[Entry | None] = Entry("", "Convert", choice="Convert the {converter:kind} into {into:a_kind}{into:coast}")
    note: ClassVar[str] = "converted"
    converter: Unit
    into: Unit

    @property
    def power(self) -> str:
        return self.converter.power

    def slot(self) -> str | None:
        return f"CONVERT:{self.converter.power}"

    def __str__(self) -> str:
        return f"CONVERT {self.into}"


@dataclass(frozen=True, slots=True)
class Allocate(Order):
    """A secret allocation of ``points`` Diplomacy Points by ``power`` for ``order``, an order of a minor
    power's unit. One allocation per power and minor unit (its slot)."""

    kind: ClassVar[str] = "DP"
    words: ClassVar[tuple[str, ...]] = ("dp", "dps")
    note: ClassVar[str] = "Diplomacy Points (secret)"
    power: str
    points: int
    order: UnitOrder

    def slot(self) -> str | None:
        return f"DP:{self.power}:{province_of(self.order.unit.loc)}"

    def __str__(self) -> str:
        return f"DP {self.points} {self.order}"

    def caution(self) -> str | None:
        return (f"{self} — allocating more Diplomacy Points than the power has this turn forfeits all of "
                "them")


ORDERS_1815: tuple[type[Order], ...] = (DenyPassage, Convert, Allocate)
OWN_WORDS = frozenset(w.upper() for kind in ORDERS_1815 for w in kind.words)


@dataclass(frozen=True, slots=True)
class RawAllocation(RawOrder):
    """An allocation as written: the points and the minor unit's order, still text (read by the
    variant's parser once the allocation is validated)."""

    points: int = 1
    order_text: str = ""


_UNITS = {"a": UnitType.ARMY, "army": UnitType.ARMY, "f": UnitType.FLEET, "fleet": UnitType.FLEET}


def parse_own(text: str, board: MapData) -> RawOrder | None:
    """``text`` read as one of the 1815 order kinds, or ``None`` when it starts with none of their words."""
    tokens = tokenize(text, board)
    if len(tokens) >= 2 and tokens[1] == ":":  # "France: DENY ..."
        tokens = tokens[2:]
    tokens = [t for t in tokens if t != ":"]
    if not tokens:
        return None
    first = tokens[0]
    if first in DenyPassage.words:
        return _parse_deny(tokens[1:], text, board)
    if first in Convert.words:
        kind, loc, rest = _unit(tokens[1:], text, board)
        if rest:
            raise OrderSyntaxError(f"expected 'CONVERT A HIN' (the unit to have), got {text.strip()!r}")
        return RawOrder("convert", kind, loc, text=text.strip())
    if first in Allocate.words:
        return _parse_allocation(text)
    if "permission" in tokens and ("not" in tokens or "no" in tokens):
        # The seed's own words: "France: A Scotland does not have permission across the red arrow".
        cut = next((i for i, t in enumerate(tokens) if t in ("does", "has", "have", "is", "gets")), len(tokens))
        return _parse_deny(tokens[:cut], text, board)
    return None


def _unit(tokens: list[str], text: str, board: MapData) -> tuple[UnitType | None, str, list[str]]:
    kind = None
    if len(tokens) >= 2 and tokens[0] in _UNITS:
        kind = _UNITS[tokens[0]]
        tokens = tokens[1:]
    if not tokens:
        raise OrderSyntaxError(f"say which place: {text.strip()!r}")
    name = tokens[0]
    prov = board.lookup(name.split("/")[0])
    if prov is None:
        raise OrderSyntaxError(f"unknown place {name.upper()!r} in {text.strip()!r}")
    loc = prov + ("/" + name.split("/")[1].upper() if "/" in name else "")
    return kind, loc, tokens[1:]


def _parse_deny(tokens: list[str], text: str, board: MapData) -> RawOrder:
    kind, loc, rest = _unit(tokens, text, board)
    fleet_loc = None
    if rest and rest[0] in ("by", "from", "at", "in"):
        fleet_kind, fleet_loc, rest = _unit(rest[1:], text, board)
        if fleet_kind is UnitType.ARMY:
            raise OrderSyntaxError(f"only a fleet in the intervening sea denies passage: {text.strip()!r}")
    if rest:
        raise OrderSyntaxError(f"expected 'DENY A SCO BY F IRS', got {text.strip()!r}")
    return RawOrder("deny", UnitType.FLEET, fleet_loc, target_type=kind, target_loc=loc, text=text.strip())


def _parse_allocation(text: str) -> RawAllocation:
    words = text.strip().split()
    if words and words[0].endswith(":") and len(words) > 1:  # "France: DP 2 ..."
        words = words[1:]
    words = words[1:]  # the DP word
    points = 1
    if words and words[0].isdigit():
        points = int(words[0])
        words = words[1:]
    if not words:
        raise OrderSyntaxError(f"expected 'DP 2 F HOL S A BEL - NTH' (points and the minor unit's order), "
                               f"got {text.strip()!r}")
    if points < 1 or points > 99:
        raise OrderSyntaxError(f"allocate from 1 to 99 Diplomacy Points, not {points}: {text.strip()!r}")
    return RawAllocation("dp", text=text.strip(), points=points, order_text=" ".join(words))


# --- reason codes and their words ----------------------------------------------------------------------

DENIED_PASSAGE = "denied_passage"  # a unit's order across a red arrow, refused
DENY_BLOCKED = "deny_blocked"  # the denial stopped an order: revealed
DENY_VOID_MOVED = "deny_void_moved"  # the fleet was ordered to move: revealed when the unit tried to cross
DENY_VOID_DISLODGED = "deny_void_dislodged"  # the fleet was dislodged: revealed when the unit tried to cross
DENY_UNUSED = "deny_unused"  # the denied unit ordered nothing across: never revealed
REVEALED_DENIALS = frozenset({DENY_BLOCKED, DENY_VOID_MOVED, DENY_VOID_DISLODGED})

DP_FOLLOWED, DP_OUTBID, DP_TIE, DP_FORFEITED = "dp_followed", "dp_outbid", "dp_tie", "dp_forfeited"
CONVERTED, CONVERT_REFUSED = "converted", "convert_refused"
MINOR_DISBANDED, MINOR_REBUILT = "minor_disbanded", "minor_rebuilt"
MINOR_ORDERED = "minor_ordered"  # a minor unit followed the order Diplomacy Points gave it


@wording(DENIED_PASSAGE)
def _word_denied(r: Reason) -> str:
    return f"denied passage across the red arrow by {r.get('fleet')}"


@wording(DENY_BLOCKED)
def _word_blocked(r: Reason) -> str:
    return f"{r.get('denied')} is denied passage across the red arrow"


@wording(DENY_VOID_MOVED)
def _word_void_moved(r: Reason) -> str:
    return f"the denial is void: {r.get('fleet')} was ordered to move"


@wording(DENY_VOID_DISLODGED)
def _word_void_dislodged(r: Reason) -> str:
    return f"the denial is void: {r.get('fleet')} is dislodged"


@wording(DENY_UNUSED)
def _word_unused(r: Reason) -> str:
    return f"{r.get('denied')} ordered nothing across the red arrow"


@wording(DP_FOLLOWED)
def _word_followed(r: Reason) -> str:
    return f"followed: {r.get('order')}"


@wording(DP_OUTBID)
def _word_outbid(r: Reason) -> str:
    return f"outbid: {r.get('minor')} follows another order"


@wording(DP_TIE)
def _word_tie(r: Reason) -> str:
    return f"tied allocations: {r.get('minor')} holds"


@wording(DP_FORFEITED)
def _word_forfeited(r: Reason) -> str:
    return (f"forfeited: {r.get('spent')} Diplomacy Points allocated, only {r.get('available')} "
            "available this turn")


@wording(MINOR_ORDERED)
def _word_minor_ordered(r: Reason) -> str:
    then = r.get("then")
    return "by Diplomacy Points" + (f": {then}" if then else "")


@wording(CONVERTED)
def _word_converted(r: Reason) -> str:
    return f"{r.get('unit')} converted into {r.get('into')}"


@wording(CONVERT_REFUSED)
def _word_convert_refused(r: Reason) -> str:
    return f"no conversion: {r.get('why')}"


@wording(MINOR_DISBANDED)
def _word_minor_disbanded(r: Reason) -> str:
    return f"{r.get('unit')} of a minor power is dislodged and disbanded"


@wording(MINOR_REBUILT)
def _word_minor_rebuilt(r: Reason) -> str:
    return f"{r.get('unit')} of a minor power is rebuilt"


__all__ = ["Allocate", "Convert", "DenyPassage", "ORDERS_1815", "OWN_WORDS", "RawAllocation", "parse_own"]
