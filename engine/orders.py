"""Orders as frozen data, the order parser and the canonical formatter.

The parser reads rulebook, judge and MILA notation (``A PAR - BUR``, ``A Par-Bur``, ``F Bar-StP(nc)``,
``A LON - NWY via convoy``, ``BUILD A PAR``, ``A PAR B``, ``WAIVE`` ...) into a :class:`RawOrder`, whose
places are resolved against the map but not yet checked against a position. :mod:`engine.validate` then
turns a raw order into a typed order for a given position, or an :class:`~engine.types.OrderError`.
The formatter writes MILA-style canonical text; every typed order round-trips through the parser.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, ClassVar

from . import entry as _entry
from .entry import Entry
from .mapdata import MapData
from .types import OrderSyntaxError, Unit, UnitType, coast_of, province_of

# --- typed orders ----------------------------------------------------------------------------------


class Order:
    """What every order is, whichever rule system gave it: a frozen value with a canonical text
    (``str(order)``, which the variant's parser reads back to an equal order), the power that gave it, and
    the slot it fills.

    The slot is how "one order per unit" is kept everywhere (``Game.set_orders``, ``Submission`` and the
    client's drafts call :func:`order_key`): two orders with one slot are for the same thing, so a later one
    replaces an earlier one while orders are written, and in a movement phase two different ones clash
    (DATC 4.D.3). ``None`` means the order fills no slot and never replaces another (a waive).

    A variant's own order kinds subclass this (or :class:`UnitOrder`), set ``kind`` (the key under which
    options group them), and list themselves in ``Variant.order_kinds``; subclasses are frozen dataclasses.
    """

    __slots__ = ()
    kind: ClassVar[str] = ""  # the order-tree key: "H", "-", "S", "C", "R", "D", "B", "WAIVE", or a variant's
    words: ClassVar[tuple[str, ...]] = ()  # what the parser reads as this order's action word (lower case)
    # How a front end words the kind: a note after the order in a power's list ("bid"); ``uses_build``: it
    # takes one of the power's builds (a build, a waive, Engineered's decoy).
    note: ClassVar[str] = ""
    uses_build: ClassVar[bool] = False
    # How a click-driven front end picks it among the legal orders (``engine/entry.py``); ``None``: it is
    # entered as text only.
    entry: ClassVar[Entry | None] = None
    if TYPE_CHECKING:  # a field or a property of each subclass; defined here, it would become a field default
        @property
        def power(self) -> str:
            """The power giving the order."""

    def slot(self) -> str | None:
        raise NotImplementedError(f"{type(self).__name__} declares no slot")

    def caution(self) -> str | None:
        """What a player should know before sending this order (a bid's price), or ``None``."""
        return None

    def entries(self, board: MapData) -> tuple[Entry, ...]:
        """The ways a front end picks this order (its kind's ``entry``; a move by convoy is picked two ways)."""
        return (self.entry,) if self.entry is not None else ()


class UnitOrder(Order):
    """An order given to one unit: its power is the unit's, its slot the unit's province."""

    __slots__ = ()
    unit: Unit

    @property
    def power(self) -> str:
        return self.unit.power

    def slot(self) -> str | None:
        return province_of(self.unit.loc)


def order_key(order: Order) -> str | None:
    """The slot ``order`` fills (see :class:`Order`): the one slot function of the engine and its clients."""
    return order.slot()


@dataclass(frozen=True, slots=True)
class Hold(UnitOrder):
    entry: ClassVar[Entry | None] = _entry.HOLD
    kind: ClassVar[str] = "H"
    words: ClassVar[tuple[str, ...]] = ("h", "hold", "holds", "stand", "stands")
    unit: Unit

    def __str__(self) -> str:
        return f"{self.unit} H"


@dataclass(frozen=True, slots=True)
class Move(UnitOrder):
    kind: ClassVar[str] = "-"
    words: ClassVar[tuple[str, ...]] = ("-", "m", "move", "moves", "to")
    unit: Unit
    dest: str  # a location: a coast is named for fleets on multi-coast provinces
    via_convoy: bool = False
    route: str | None = None  # a variant's special route, e.g. "TSR"
    entry: ClassVar[Entry | None] = _entry.MOVE

    def entries(self, board: MapData) -> tuple[Entry, ...]:
        if self.route is not None:
            return (_entry.RAILWAY,)
        if self.via_convoy:
            return (_entry.VIA_CONVOY,)
        if self.unit.type is UnitType.ARMY and province_of(self.dest) not in board.army_adjacent(self.unit.loc):
            return (_entry.MOVE, _entry.VIA_CONVOY)  # past its neighbours: a plain click, or V
        return (_entry.MOVE,)

    def __str__(self) -> str:
        text = f"{self.unit} - {self.dest}"
        if self.route:
            return f"{text} VIA {self.route}"
        return f"{text} VIA" if self.via_convoy else text


@dataclass(frozen=True, slots=True)
class SupportHold(UnitOrder):
    entry: ClassVar[Entry | None] = _entry.SUPPORT
    kind: ClassVar[str] = "S"
    words: ClassVar[tuple[str, ...]] = ("s", "support", "supports")
    unit: Unit
    target: Unit  # the supported unit

    def __str__(self) -> str:
        return f"{self.unit} S {self.target.type.value} {province_of(self.target.loc)}"


@dataclass(frozen=True, slots=True)
class SupportMove(UnitOrder):
    entry: ClassVar[Entry | None] = _entry.SUPPORT
    kind: ClassVar[str] = "S"
    words: ClassVar[tuple[str, ...]] = ("s", "support", "supports")
    unit: Unit
    target: Unit  # the supported unit
    dest: str  # province, or location when the order names a coast (it must then match, DATC 4.B.4)

    def __str__(self) -> str:
        return f"{self.unit} S {self.target.type.value} {province_of(self.target.loc)} - {self.dest}"


@dataclass(frozen=True, slots=True)
class Convoy(UnitOrder):
    entry: ClassVar[Entry | None] = _entry.CONVOY
    kind: ClassVar[str] = "C"
    words: ClassVar[tuple[str, ...]] = ("c", "convoy", "convoys")
    unit: Unit
    target: Unit  # the convoyed army
    dest: str  # province

    def __str__(self) -> str:
        return f"{self.unit} C {self.target.type.value} {province_of(self.target.loc)} - {self.dest}"


@dataclass(frozen=True, slots=True)
class Retreat(UnitOrder):
    entry: ClassVar[Entry | None] = _entry.RETREAT
    kind: ClassVar[str] = "R"
    words: ClassVar[tuple[str, ...]] = ("r", "retreat", "retreats")
    unit: Unit
    dest: str

    def slot(self) -> str | None:
        # The whole unit, not its province: several units may be dislodged from one province (allies
        # sharing an area), and each retreats or disbands on its own.
        return f"{self.unit.power}:{self.unit.type._value_}:{province_of(self.unit.loc)}"

    def __str__(self) -> str:
        return f"{self.unit} R {self.dest}"


@dataclass(frozen=True, slots=True)
class Disband(UnitOrder):
    """A retreat-phase disband or an adjustment-phase removal."""

    entry: ClassVar[Entry | None] = _entry.DISBAND
    kind: ClassVar[str] = "D"
    words: ClassVar[tuple[str, ...]] = ("d", "disband", "disbands", "remove", "removes", "destroy")
    unit: Unit

    def slot(self) -> str | None:
        # The whole unit, not its province: several units may be dislodged from one province (allies
        # sharing an area), and each retreats or disbands on its own.
        return f"{self.unit.power}:{self.unit.type._value_}:{province_of(self.unit.loc)}"

    def __str__(self) -> str:
        return f"{self.unit} D"


@dataclass(frozen=True, slots=True)
class Build(UnitOrder):
    entry: ClassVar[Entry | None] = _entry.BUILD
    kind: ClassVar[str] = "B"
    uses_build: ClassVar[bool] = True
    words: ClassVar[tuple[str, ...]] = ("b", "build", "builds")
    unit: Unit

    def slot(self) -> str | None:
        return f"build:{province_of(self.unit.loc)}"  # a build site, apart from a removal's unit slot

    def __str__(self) -> str:
        return f"{self.unit} B"


@dataclass(frozen=True, slots=True)
class Waive(Order):
    entry: ClassVar[Entry | None] = _entry.WAIVE
    kind: ClassVar[str] = "WAIVE"
    uses_build: ClassVar[bool] = True
    words: ClassVar[tuple[str, ...]] = ("waive", "waives")
    power: str

    def slot(self) -> str | None:
        return None  # several waives stand side by side

    def __str__(self) -> str:
        return "WAIVE"


STANDARD_ORDERS: tuple[type[Order], ...] = (Hold, Move, SupportHold, SupportMove, Convoy, Retreat, Disband, Build,
                                            Waive)


def order_power(order: Order) -> str:
    return order.power


def format_order(order: Order) -> str:
    """Canonical (MILA-style) text of an order."""
    return str(order)


# --- raw orders -----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class RawOrder:
    """An order as written: places resolved to map codes, nothing checked against a position yet.

    ``kind`` is one of hold, move, support, convoy, retreat, disband, build, waive.
    """

    kind: str
    unit_type: UnitType | None = None
    loc: str | None = None  # the ordered unit's location as written (coast kept if given)
    target_type: UnitType | None = None
    target_loc: str | None = None  # supported / convoyed unit
    dest: str | None = None  # destination (move, retreat, support-move, convoy)
    via_convoy: bool = False
    route: str | None = None
    text: str = ""


_ARROWS = re.compile(r"\s*(?:->|=>|→|–|—)\s*")
_COAST_PAREN = re.compile(
    r"\s*\(\s*(n|s|e|w)(?:orth|outh|ast|est)?\.?\s*(?:c(?:oast)?\.?)?\s*\)"
)
_COAST_SLASH = re.compile(r"\s*/\s*(n|s|e|w)(?:orth|outh|ast|est)?\.?\s*(?:c(?:oast)?\b\.?)?")
_TOKEN = re.compile(r"[a-z0-9']+(?:/[a-z]{2})?|-|:")

_UNIT_WORDS = {"a": UnitType.ARMY, "army": UnitType.ARMY, "f": UnitType.FLEET, "fleet": UnitType.FLEET}
# The action words are the order classes' own (``Order.words``).
_HOLD = set(Hold.words)
_MOVE = set(Move.words)
_SUPPORT = set(SupportHold.words)
_CONVOY = set(Convoy.words)
_RETREAT = set(Retreat.words)
_DISBAND = set(Disband.words)
_BUILD = set(Build.words)
_WAIVE = set(Waive.words)
_VIA = {"via", "by"}

@lru_cache(maxsize=None)
def _multiword_regex(board: MapData) -> re.Pattern[str] | None:
    """One pattern matching every multi-word place name of ``board`` (built once per map)."""
    pairs = board.multiword_names()
    if not pairs:
        return None
    alt = "|".join(re.escape(n).replace(r"\ ", r"[\s_]+") for n, _ in pairs)
    return re.compile(rf"(?<![a-z0-9])(?:{alt})(?![a-z0-9])")


def tokenize(text: str, board: MapData) -> list[str]:
    """Lower-case tokens with multi-word place names replaced by their codes and coasts as ``xxx/nc``."""
    s = text.strip().lower().replace(".", " ")  # "St. Petersburg", "N. Coast"
    if not s.isascii() or ">" in s:  # each pattern only where it could match: long lines stay cheap
        s = _ARROWS.sub(" - ", s)
    pattern = _multiword_regex(board)
    if pattern is not None:
        s = pattern.sub(lambda m: " " + (board.lookup(m.group(0)) or m.group(0)).lower() + " ", s)
    if "(" in s:
        s = _COAST_PAREN.sub(lambda m: f"/{m.group(1)}c", s)
    if "/" in s:
        s = _COAST_SLASH.sub(lambda m: f"/{m.group(1)}c", s)
    return _TOKEN.findall(s)


class _Reader:
    """A cursor over tokens with helpers that raise :class:`OrderSyntaxError` naming the problem."""

    def __init__(self, tokens: list[str], board: MapData, text: str, unit_words: dict[str, UnitType]) -> None:
        self.tokens = tokens
        self.pos = 0
        self.board = board
        self.text = text
        self.unit_words = unit_words

    def peek(self) -> str | None:
        return self.tokens[self.pos] if self.pos < len(self.tokens) else None

    def take(self) -> str | None:
        tok = self.peek()
        if tok is not None:
            self.pos += 1
        return tok

    def at_end(self) -> bool:
        return self.pos >= len(self.tokens)

    def unit_type(self) -> UnitType | None:
        tok = self.peek()
        if tok in self.unit_words and self.pos + 1 < len(self.tokens) and not self._is_place(tok):
            self.pos += 1
            return self.unit_words[tok]
        return None

    def _is_place(self, tok: str) -> bool:
        return self.board.lookup(tok.split("/")[0]) is not None

    def place(self, what: str) -> str:
        tok = self.take()
        if tok is None:
            raise OrderSyntaxError(f"missing {what} in {self.text!r}")
        name, _, coast = tok.partition("/")
        code = self.board.lookup(name)
        if code is None:
            raise OrderSyntaxError(f"unknown place {name.upper()!r} in {self.text!r}")
        return f"{code}/{coast.upper()}" if coast else code


def parse_raw(text: str, board: MapData, extra_unit_words: dict[str, UnitType] | None = None) -> RawOrder:
    """Parse order text into a :class:`RawOrder`; raises :class:`OrderSyntaxError` with a clear message."""
    if not isinstance(text, str) or not text.strip():
        raise OrderSyntaxError("empty order")
    unit_words = _UNIT_WORDS if not extra_unit_words else {**_UNIT_WORDS, **extra_unit_words}
    tokens = tokenize(text, board)
    # Drop a leading "POWER:" prefix, as in "England: F lon - nth".
    if len(tokens) >= 2 and tokens[1] == ":":
        tokens = tokens[2:]
    tokens = [t for t in tokens if t != ":"]
    if not tokens:
        raise OrderSyntaxError(f"not an order: {text!r}")
    r = _Reader(tokens, board, text.strip(), unit_words)
    first = r.peek()
    if first in _WAIVE and len(tokens) == 1:
        return RawOrder("waive", text=text)
    if first in _BUILD and not r._is_place(first or ""):
        r.take()
        kind = r.unit_type()
        loc = r.place("build location")
        _expect_end(r)
        return RawOrder("build", kind, loc, text=text)
    if first in _DISBAND and not r._is_place(first or ""):
        r.take()
        kind = r.unit_type()
        loc = r.place("unit to disband")
        _expect_end(r)
        return RawOrder("disband", kind, loc, text=text)

    kind = r.unit_type()
    loc = r.place("unit location")
    action = r.take()
    if action is None:
        raise OrderSyntaxError(f"no action after {loc} in {text.strip()!r} (expected H, -, S, C, R, D or B)")
    if action in _HOLD:
        _expect_end(r)
        return RawOrder("hold", kind, loc, text=text)
    if action in _MOVE or action in _RETREAT:
        if action == "moves" and r.peek() == "to":
            r.take()
        dest = r.place("destination")
        via_convoy, route = _via(r)
        _expect_end(r)
        if action in _RETREAT:
            return RawOrder("retreat", kind, loc, dest=dest, text=text)
        return RawOrder("move", kind, loc, dest=dest, via_convoy=via_convoy, route=route, text=text)
    if action in _DISBAND:
        _expect_end(r)
        return RawOrder("disband", kind, loc, text=text)
    if action in _BUILD:
        _expect_end(r)
        return RawOrder("build", kind, loc, text=text)
    if action in _SUPPORT or action in _CONVOY:
        is_support = action in _SUPPORT
        target_kind = r.unit_type()
        target = r.place("supported unit" if is_support else "convoyed army")
        nxt = r.peek()
        if nxt is None or nxt in _HOLD:
            r.take()
            _expect_end(r)
            if not is_support:
                raise OrderSyntaxError(f"a convoy needs a destination: {text.strip()!r}")
            return RawOrder("support", kind, loc, target_kind, target, None, text=text)
        if nxt in _MOVE:
            r.take()
            if r.peek() == "to":
                r.take()
        dest = r.place("destination of the supported move" if is_support else "convoy destination")
        _via(r)  # "via convoy" on a supported/convoyed move is redundant: accepted and ignored
        _expect_end(r)
        return RawOrder("support" if is_support else "convoy", kind, loc, target_kind, target, dest, text=text)
    raise OrderSyntaxError(f"unknown action {action.upper()!r} in {text.strip()!r}")


def _via(r: _Reader) -> tuple[bool, str | None]:
    tok = r.peek()
    if tok == "vc":
        r.take()
        return True, None
    if tok not in _VIA:
        return False, None
    r.take()
    what = r.peek()
    if what is None or what in ("convoy", "convoys"):
        r.take()
        return True, None
    r.take()
    return False, what.upper()


def _expect_end(r: _Reader) -> None:
    if not r.at_end():
        rest = " ".join(r.tokens[r.pos :])
        raise OrderSyntaxError(f"unexpected {rest.upper()!r} at the end of {r.text!r}")


__all__ = [
    "Build",
    "Convoy",
    "Disband",
    "Hold",
    "Move",
    "Order",
    "RawOrder",
    "STANDARD_ORDERS",
    "UnitOrder",
    "Retreat",
    "SupportHold",
    "SupportMove",
    "Waive",
    "coast_of",
    "format_order",
    "order_key",
    "order_power",
    "parse_raw",
    "tokenize",
]
