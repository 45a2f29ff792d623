"""The order types of Hugh's Engineered Diplomacy, their canonical text and the parser that reads them.

Canonical forms (each round-trips through :func:`parse_order`):

- ``E MOS H``, ``E MOS - UKR`` (an engineer stays, or moves with a unit of its power leaving its area, 5a);
- ``D MOS H``, ``D MOS - UKR`` (a decoy still beside the unit it copies, 8b);
- ``A STP T E RUM`` (a military unit transports an engineer of its power to itself, 5d);
- ``W WAR D A SER - BUD``, ``W WAR D A BUD`` (a fighter damages a move, or a supporting or holding unit, 7f);
- ``BID A MOS, F STP/SC FOR F BLA - ANK`` (units offered into civil disorder for a madman order, D3);
- winter: ``E MOS B`` (create an engineer; in the first spring, place it, 1a), ``D MOS B`` (a decoy of the
  unit in MOS, 2b), ``E SEV CONVERT F SEV`` / ``P SEV CONVERT W SEV`` (2a, 4d), ``E MOS D`` (disband),
  ``VOTE OUT FRANCE`` (F1).

Unit letters: A army, F fleet (the rules' N for navy is read too), W fighter field, E engineer, P prison,
D decoy. The rules write a fighter as F; for an ordered unit or the target of a support or damage the
letter only describes a unit that is there, so ``F War D A Ser-Bud`` is read as the fighter in Warsaw. In
builds and conversions, where the letter says what to make, F is a fleet and W a fighter field.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import ClassVar, Mapping

from ...entry import HOLD, MOVE, Entry, Pick
from ...mapdata import MapData
from ...orders import (
    Build,
    Convoy,
    Disband,
    Hold,
    Move,
    Order,
    RawOrder,
    Retreat,
    SupportHold,
    SupportMove,
    UnitOrder,
    Waive,
    parse_raw,
    tokenize,
)
from ...types import OrderSyntaxError, Unit, UnitType, province_of

# --- how each kind is picked by clicks (engine/entry.py) ---------------------------------------------

FETCH = Entry("T", "Transport an engineer", (
    Pick(("engineer",), "{unit} fetches an engineer of its power: click the engineer (Esc cancels)",
         "{unit} can't fetch an engineer from {place}", "transport"),), none="{unit} has no engineer of its power to fetch")
# T on an engineer: the units of its power that could fetch it.
FETCHED = Entry("T", "Transport an engineer", (
    Pick(("unit",), "{unit}: click the unit that fetches it (its whole order this turn; Esc cancels)",
         "No unit in {place} can fetch {unit}", "carrier"),), start="engineer",
    none="{unit}: no unit of its power can fetch it")
DAMAGE = Entry("X", "Damage", (
    Pick(("target",), "{unit} damages: click the unit to damage (Esc cancels)", "{unit} can't damage a unit in {place}",
         "damage_target"),
    Pick(("dest", "target"), "{unit} damages {target}: click the move it makes",
         "{target} can't be damaged moving to {place}", "damage_dest",
         itself=", or {place} itself to damage the unit (its supports)")), none="{unit} can't damage anything")


# --- typed orders ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Unordered(Hold):
    """The hold a unit gets when its power gave it no order (civil disorder, rule D3a)."""


def stacked_slot(unit: Unit) -> str:
    """The slot of a stacked unit's order: a decoy beside its twin has the resolver's key ``D:MOS``; an
    engineer or prison ``E:RUSSIA:MOS`` (several powers' engineers may share an area)."""
    prov = province_of(unit.loc)
    if unit.type is UnitType.DECOY:
        return f"{UnitType.DECOY.value}:{prov}"
    return f"{unit.type.value}:{unit.power}:{prov}"


class _StackedOrder(Order):
    """An order of a unit standing beside the province's military unit: it has a slot of its own."""

    __slots__ = ()
    stacked: Unit

    @property
    def power(self) -> str:
        return self.stacked.power

    def slot(self) -> str | None:
        return stacked_slot(self.stacked)


@dataclass(frozen=True, slots=True)
class StackedHold(_StackedOrder):
    entry: ClassVar[Entry | None] = HOLD
    stacked: Unit  # an engineer, or a decoy beside its twin

    def __str__(self) -> str:
        return f"{self.stacked} H"


@dataclass(frozen=True, slots=True)
class StackedMove(_StackedOrder):
    entry: ClassVar[Entry | None] = MOVE
    stacked: Unit
    dest: str  # a province for an engineer; a location for a decoy (a fleet decoy names its coast)

    def __str__(self) -> str:
        return f"{self.stacked} - {self.dest}"


@dataclass(frozen=True, slots=True)
class Transport(UnitOrder):
    words: ClassVar[tuple[str, ...]] = ("t", "transport", "transports")
    note: ClassVar[str] = "fetches the engineer"
    unit: Unit  # the military unit giving the order (it does nothing else this turn)
    engineer: Unit

    entry: ClassVar[Entry | None] = FETCH

    def entries(self, board: MapData) -> tuple[Entry, ...]:
        return (FETCH, FETCHED)  # T on the unit, or T on the engineer

    def __str__(self) -> str:
        return f"{self.unit} T {self.engineer}"


@dataclass(frozen=True, slots=True)
class Damage(UnitOrder):
    entry: ClassVar[Entry | None] = DAMAGE
    words: ClassVar[tuple[str, ...]] = ("d", "damage", "damages")
    note: ClassVar[str] = "damage"
    unit: Unit  # a fighter field
    target: Unit
    dest: str | None = None  # a province: damage that move (7f case 1); None: the unit's supports (case 2)

    def __str__(self) -> str:
        text = f"{self.unit} D {self.target.type.value} {province_of(self.target.loc)}"
        return f"{text} - {self.dest}" if self.dest else text


@dataclass(frozen=True, slots=True)
class Bid(Order):
    entry: ClassVar[Entry | None] = Entry("B", "Bid", panel=True)  # the bid panel: Variant.bid_targets
    words: ClassVar[tuple[str, ...]] = ("bid", "bids")
    note: ClassVar[str] = "bid"
    power: str
    offered: tuple[Unit, ...]  # the bidder's units put into civil disorder if the bid wins
    order: UnitOrder  # the order wanted for the madman unit (one of BIDDABLE)

    def slot(self) -> str | None:
        return f"BID:{self.power}:{province_of(self.order.unit.loc)}"  # one bid per power and madman unit

    def __str__(self) -> str:
        return f"BID {', '.join(str(u) for u in self.offered)} FOR {self.order}"

    def caution(self) -> str | None:
        one = len(self.offered) == 1
        offered = ", ".join(str(u) for u in self.offered)
        return (f"{self} — if the bid wins, {offered} {'holds' if one else 'hold'} in civil disorder "
                f"and {'its' if one else 'their'} own {'order is' if one else 'orders are'} void")


@dataclass(frozen=True, slots=True)
class CreateEngineer(Order):
    """Winter: create an engineer on a home build centre (3c)."""

    note: ClassVar[str] = "new engineer"
    entry: ClassVar[Entry | None] = Entry("E", "Create an engineer", choice="Create an engineer")

    engineer: Unit

    @property
    def power(self) -> str:
        return self.engineer.power

    def slot(self) -> str | None:
        return stacked_slot(self.engineer)  # the engineer's own slot: an engineer does one thing a winter

    def __str__(self) -> str:
        return f"{self.engineer} B"


@dataclass(frozen=True, slots=True)
class PlaceEngineer(CreateEngineer):
    """First spring: place the power's one engineer with one of its units (1a). One slot per power: a later
    placement replaces an earlier one (two would both be void)."""

    entry: ClassVar[Entry | None] = Entry("E", "Place the engineer", start="engineer", by_place=True, side=True,
                                          done="Engineer placed", hint="E on a unit places {whose} first engineer there")

    def slot(self) -> str | None:
        return f"PLACE:{self.engineer.power}"


@dataclass(frozen=True, slots=True)
class CreateDecoy(Order):
    uses_build: ClassVar[bool] = True  # a decoy takes a build
    entry: ClassVar[Entry | None] = Entry("D", "Make a decoy", choice="Make a decoy of {decoy} (takes a build)")
    decoy: Unit  # the unit it copies: same power, kind and location

    @property
    def power(self) -> str:
        return self.decoy.power

    def slot(self) -> str | None:
        # The engineer in the province makes the decoy: its slot (it does one thing a winter).
        return stacked_slot(Unit(self.decoy.power, UnitType.ENGINEER, province_of(self.decoy.loc)))

    def __str__(self) -> str:
        return f"D {self.decoy.loc} B"


@dataclass(frozen=True, slots=True)
class Convert(Order):
    words: ClassVar[tuple[str, ...]] = ("convert", "converts", "cv")
    entry: ClassVar[Entry | None] = Entry("", "Convert", choice="The {converter:kind} converts it into {into:a_kind}{into:coast}")
    converter: Unit  # an engineer, or a prison converting its captor
    into: Unit  # the military unit after the conversion

    @property
    def power(self) -> str:
        return self.converter.power

    def slot(self) -> str | None:
        return stacked_slot(self.converter)

    def __str__(self) -> str:
        return f"{self.converter} CONVERT {self.into}"


@dataclass(frozen=True, slots=True)
class DisbandStacked(_StackedOrder):
    entry: ClassVar[Entry | None] = Entry("", "Disband", choice="Disband the {stacked:kind} {stacked}")
    stacked: Unit  # an engineer or a prison

    def __str__(self) -> str:
        return f"{self.stacked} D"


@dataclass(frozen=True, slots=True)
class VoteOut(Order):
    words: ClassVar[tuple[str, ...]] = ("vote", "votes")
    entry: ClassVar[Entry | None] = Entry("V", "Vote a power out", choice="Vote out {target:power}",
                                          none="No vote to cast this winter", hint="V to vote a power out")
    power: str
    target: str

    def slot(self) -> str | None:
        return f"VOTE:{self.power}"

    def __str__(self) -> str:
        return f"VOTE OUT {self.target}"


# Every order is an ``engine.orders.Order``; the name stays for the modules that annotate with it.
EngineeredOrder = Order
ENGINEERED_ORDERS: tuple[type[Order], ...] = (
    Unordered, StackedHold, StackedMove, Transport, Damage, Bid, CreateEngineer, PlaceEngineer, CreateDecoy,
    Convert, DisbandStacked, VoteOut)
# What a madman unit may be ordered to do by a bid.
BIDDABLE = (Hold, Move, SupportHold, SupportMove, Convoy, Damage)


def order_owner(order: Order) -> str:
    """The power that gave ``order``."""
    return order.power


# --- parsing ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ExtraRaw(RawOrder):
    """A raw order with the parts only this variant's orders have."""

    offered: tuple[tuple[UnitType | None, str], ...] = ()  # a bid's units, as written
    inner: RawOrder | None = None  # a bid's madman order
    named_power: str | None = None  # a vote's target; the power a bid names for its madman unit


UNIT_WORDS: dict[str, UnitType] = {
    "e": UnitType.ENGINEER, "engineer": UnitType.ENGINEER,
    "p": UnitType.PRISON, "prison": UnitType.PRISON, "prisoner": UnitType.PRISON,
    "w": UnitType.FIGHTER, "fighter": UnitType.FIGHTER, "ff": UnitType.FIGHTER, "wing": UnitType.FIGHTER,
    "n": UnitType.FLEET, "navy": UnitType.FLEET,
    "d": UnitType.DECOY, "decoy": UnitType.DECOY,
}
_ALL_UNIT_WORDS = {"a": UnitType.ARMY, "army": UnitType.ARMY, "f": UnitType.FLEET, "fleet": UnitType.FLEET,
                   **UNIT_WORDS}
# The action words are the order classes' own (``Order.words``).
_HOLD = set(Hold.words)
_MOVE = set(Move.words)
_BUILD = set(Build.words)
_TRANSPORT = set(Transport.words)
_DAMAGE = set(Damage.words)
_CONVERT = set(Convert.words)
_INTO = {"to", "into"}
_BID = set(Bid.words)
_VOTE = set(VoteOut.words)
_VOTE_FILLER = {"out", "off", "against"}
_FIGHTER_FIELD = re.compile(r"\bfighter[\s_]+field\b", re.IGNORECASE)
_FOR = re.compile(r"(?<![a-z0-9])for(?![a-z0-9])", re.IGNORECASE)


def _apply_aliases(text: str, aliases: Mapping[str, str]) -> str:
    text = _FIGHTER_FIELD.sub("fighter", text)
    for name, code in aliases.items():
        text = re.sub(rf"(?<![A-Za-z0-9]){re.escape(name)}(?![A-Za-z0-9])", code, text, flags=re.IGNORECASE)
    return text


class _Tokens:
    def __init__(self, tokens: list[str], board: MapData, text: str) -> None:
        self.tokens, self.board, self.text, self.pos = tokens, board, text, 0

    def peek(self, ahead: int = 0) -> str | None:
        i = self.pos + ahead
        return self.tokens[i] if i < len(self.tokens) else None

    def take(self) -> str | None:
        tok = self.peek()
        if tok is not None:
            self.pos += 1
        return tok

    def is_place(self, tok: str | None) -> bool:
        return tok is not None and self.board.lookup(tok.split("/")[0]) is not None

    def unit_type(self) -> UnitType | None:
        tok = self.peek()
        if tok in _ALL_UNIT_WORDS and not self.is_place(tok) and self.peek(1) is not None:
            self.pos += 1
            return _ALL_UNIT_WORDS[tok]
        return None

    def place(self, what: str) -> str:
        tok = self.take()
        if tok is None:
            raise OrderSyntaxError(f"missing {what} in {self.text!r}")
        name, _, coast = tok.partition("/")
        code = self.board.lookup(name)
        if code is None:
            raise OrderSyntaxError(f"unknown place {name.upper()!r} in {self.text!r}")
        return f"{code}/{coast.upper()}" if coast else code

    def end(self) -> None:
        if self.peek() is not None:
            rest = " ".join(self.tokens[self.pos:])
            raise OrderSyntaxError(f"unexpected {rest.upper()!r} at the end of {self.text!r}")


def _tokens(text: str, board: MapData) -> list[str]:
    tokens = tokenize(text, board)
    if len(tokens) >= 2 and tokens[1] == ":":  # "Russia: A MOS - UKR"
        tokens = tokens[2:]
    return [t for t in tokens if t not in (":", "and")]


def parse_order(text: str, board: MapData, aliases: Mapping[str, str] | None = None) -> RawOrder:
    """Read any order of the variant; raises :class:`OrderSyntaxError` naming what wasn't understood."""
    if not isinstance(text, str) or not text.strip():
        raise OrderSyntaxError("empty order")
    norm = _apply_aliases(text, aliases or {})
    tokens = _tokens(norm, board)
    if not tokens:
        raise OrderSyntaxError(f"not an order: {text!r}")
    r = _Tokens(tokens, board, text.strip())
    first = tokens[0]
    if first in _BID:
        return _parse_bid(norm, board, aliases or {}, text)
    if first in _VOTE:
        return _parse_vote(r, board, text)
    if first in ("d", "decoy") and len(tokens) >= 3 and r.is_place(tokens[1]):
        return _parse_decoy(r, text)
    kind = r.unit_type()
    if r.is_place(r.peek()):
        loc = r.place("unit location")
        action = r.peek()
        if action in _TRANSPORT:
            r.take()
            carried = r.unit_type() or UnitType.ENGINEER
            target = r.place("engineer to transport")
            r.end()
            return ExtraRaw("transport", kind, loc, carried, target, text=text)
        if action in _DAMAGE and r.peek(1) is not None:
            r.take()
            target_kind = r.unit_type()
            target = r.place("unit to damage")
            dest = None
            if r.peek() is not None:
                if r.take() not in _MOVE:
                    raise OrderSyntaxError(f"expected '-' and a destination after {target} in {text.strip()!r}")
                dest = r.place("destination of the damaged move")
            r.end()
            return ExtraRaw("damage", kind, loc, target_kind, target, dest, text=text)
        if action in _CONVERT:
            r.take()
            return _parse_convert(r, kind, loc, text)
    return parse_raw(norm, board, UNIT_WORDS)


def _parse_decoy(r: _Tokens, text: str) -> RawOrder:
    r.take()
    loc = r.place("decoy location")
    action = r.take()
    if action in _BUILD:
        r.end()
        return ExtraRaw("build", UnitType.DECOY, loc, text=text)
    if action in _HOLD:
        r.end()
        return ExtraRaw("hold", UnitType.DECOY, loc, text=text)
    if action in _MOVE:
        dest = r.place("destination")
        r.end()
        return ExtraRaw("move", UnitType.DECOY, loc, dest=dest, text=text)
    raise OrderSyntaxError(f"a decoy can be built (B), hold (H) or move (-): {text.strip()!r}")


def _parse_convert(r: _Tokens, kind: UnitType | None, loc: str, text: str) -> RawOrder:
    # "CONVERT F", "CONVERT F SEV", "CONVERT A SEV TO F", "CONVERT TO F"
    rest = r.tokens[r.pos:]
    if any(t in _INTO for t in rest):
        while r.peek() is not None and r.peek() not in _INTO:
            r.take()
        r.take()
    into_kind = r.unit_type() if r.peek(1) is not None else _ALL_UNIT_WORDS.get(r.take() or "")
    if into_kind is None:
        raise OrderSyntaxError(f"say what to convert into (A, F or W): {text.strip()!r}")
    into_loc = r.place("location of the converted unit") if r.peek() is not None else None
    r.end()
    return ExtraRaw("convert", kind, loc, into_kind, into_loc, text=text)


def _power_named(board: MapData, word: str) -> str | None:
    w = word.strip().lower()
    for p in board.powers.values():
        if w in (p.id.lower(), p.name.lower(), p.adjective.lower()):
            return p.id
    return None


def _parse_vote(r: _Tokens, board: MapData, text: str) -> RawOrder:
    r.take()
    while r.peek() in _VOTE_FILLER:
        r.take()
    word = r.take()
    power = _power_named(board, word or "")
    if power is None:
        raise OrderSyntaxError(f"vote out which power? {text.strip()!r}")
    r.end()
    return ExtraRaw("vote", named_power=power, text=text)


def _parse_bid(norm: str, board: MapData, aliases: Mapping[str, str], text: str) -> RawOrder:
    found = _FOR.search(norm)
    if found is None:
        raise OrderSyntaxError(f"a bid reads 'BID <your units> FOR <madman order>': {text.strip()!r}")
    r = _Tokens(_tokens(norm[:found.start()], board), board, text.strip())
    r.take()  # BID
    offered: list[tuple[UnitType | None, str]] = []
    while r.peek() is not None:
        kind = r.unit_type()
        offered.append((kind, r.place("offered unit")))
    if not offered:
        raise OrderSyntaxError(f"a bid offers at least one of your units: {text.strip()!r}")
    words = norm[found.end():].split()
    named = None
    if words and words[0].lower() == "madman":
        words = words[1:]
    if len(words) > 1 and board.lookup(words[0]) is None:
        named = _power_named(board, words[0].rstrip(":"))
        if named is not None:
            words = words[1:]
    inner_text = " ".join(words)
    inner = parse_order(inner_text, board, aliases)
    if isinstance(inner, ExtraRaw) and inner.kind in ("bid", "vote"):
        raise OrderSyntaxError(f"a bid's madman order must be a unit's order: {text.strip()!r}")
    return ExtraRaw("bid", offered=tuple(offered), inner=inner, named_power=named, text=text)


__all__ = [
    "BIDDABLE",
    "Bid",
    "Build",
    "Convert",
    "CreateDecoy",
    "CreateEngineer",
    "Damage",
    "Disband",
    "DisbandStacked",
    "PlaceEngineer",
    "ENGINEERED_ORDERS",
    "EngineeredOrder",
    "ExtraRaw",
    "Retreat",
    "StackedHold",
    "StackedMove",
    "Transport",
    "UNIT_WORDS",
    "Unordered",
    "VoteOut",
    "Waive",
    "order_owner",
    "parse_order",
    "stacked_slot",
]
