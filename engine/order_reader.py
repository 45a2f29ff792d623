"""Order texts to typed orders, fast: the path every written order takes (contract, games, LAN host).

``OrderReader(variant, state).read(power, text)`` gives exactly what
``variant.validate(variant.parse(text), state, power)`` gives (the same typed order, or the same
:class:`~engine.types.OrderError` with the same message), only much faster for the notations programs and
players write most: ``A PAR - BUR``, ``a par-bur``, ``F NTH C A LON - NWY``, ``A MUN S A PAR - BUR``,
``A LON - NWY VIA``, ``STP/SC``, with or without unit letters, any case.

How: a per-map vocabulary (place codes and one-word names, unit words, a few action words) lets a text
be split on spaces and read with dictionary look-ups into the same :class:`~engine.orders.RawOrder` the
general parser (:func:`engine.orders.parse_raw`) would produce; anything else goes to the general
parser. In movement phases of variants that keep the standard validation, the reader then checks the
order itself and returns it only when every check passes; a failing order goes to ``Variant.validate``,
which words the error. Holds, moves and supports in canonical notation that the map and the units named
decide are found in per-map tables first (``_decided_by_map``, ``_supports_by_map``), already read. Variants with their own parser use it for every text, unless they name the
words that start their own order kinds (``Variant.own_order_words``, Colonial's ``SUEZ``). A variant may
also read its own lines fast itself (``Variant.own_reader``: World Diplomacy's upkeep, militia and purchase
lines), asked for every text a power sends that the map's tables don't hold, before any other reading.
``tests/engine/test_order_reader.py`` checks both paths agree on every text of random games of every
variant, including illegal orders and odd notations.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING, Iterable, Mapping, Sequence

from .mapdata import MapData
from .orders import Convoy, Hold, Move, Order, RawOrder, SupportHold, SupportMove, order_key, parse_raw
from .convoy_routes import _touching, convoy_route_exists, fleets_linked
from .state import GameState
from .types import OrderError, PhaseType, Unit, UnitType, coast_of
from .validate import convoy_reach, fleet_destination, fleets_at_sea, on_minimal_convoy_route

if TYPE_CHECKING:
    from .hooks import VariantRules

_FLEET = UnitType.FLEET
_MOVEMENT = PhaseType.MOVEMENT

# The action words the split reader knows, with the RawOrder kind each starts. Each is checked against
# the general parser when a map's vocabulary is built (``_calibrated``); a word it reads differently
# is left to it.
_ACTIONS = {
    "H": "hold", "HOLD": "hold", "HOLDS": "hold",
    "-": "move", "M": "move", "MOVE": "move", "MOVES": "move",
    "S": "support", "SUPPORT": "support", "SUPPORTS": "support",
    "C": "convoy", "CONVOY": "convoy", "CONVOYS": "convoy",
    "R": "retreat", "RETREAT": "retreat", "RETREATS": "retreat",
    "D": "disband", "DISBAND": "disband", "DISBANDS": "disband",
    "B": "build", "BUILD": "build", "BUILDS": "build",
}
_UNIT_WORDS = {"A": UnitType.ARMY, "ARMY": UnitType.ARMY, "F": UnitType.FLEET, "FLEET": UnitType.FLEET}
# Words the general parser gives a meaning somewhere in an order: a place spelled like one of them is
# left to it, so that the split reader never reads a word as a place where the parser reads a keyword.
_RESERVED = {
    "H", "HOLD", "HOLDS", "STAND", "STANDS", "-", "M", "MOVE", "MOVES", "TO", "S", "SUPPORT", "SUPPORTS",
    "C", "CONVOY", "CONVOYS", "R", "RETREAT", "RETREATS", "D", "DISBAND", "DISBANDS", "REMOVE", "REMOVES",
    "DESTROY", "B", "BUILD", "BUILDS", "WAIVE", "WAIVES", "VIA", "BY", "VC", "A", "ARMY", "F", "FLEET",
}
_WORD = re.compile(r"[A-Z0-9']+")


# A text read by the split reader: the fields of the RawOrder the general parser gives it, as a tuple
# (kind, unit type, location, target unit type, target location, destination, via convoy); building the
# RawOrder itself costs more than reading the text, so it is made only when the general checks need it.
Shape = tuple[str, "UnitType | None", str | None, "UnitType | None", str | None, str | None, bool]
_WAIVE_SHAPE: Shape = ("waive", None, None, None, None, None, False)
Entry = tuple[Order, str, "str | None"]  # a typed order, its canonical text and its slot (orders.order_key)
_UNREAD: Shape = ("", None, None, None, None, None, False)  # a text not looked at yet
_SHAPES_KEPT = 20_000  # texts per map vocabulary (cleared when full; real games reuse a few thousand)
_SHAPE_TEXT_LENGTH = 120  # longer texts aren't kept (no real order is that long)
_ENTRIES_KEPT = 50_000  # typed orders per map vocabulary (bounded by the map's units and orders in practice)


@dataclass(slots=True)
class _Vocabulary:
    """What the split reader knows of one map (and one set of unit words), built once."""

    places: dict[str, str]  # upper-case word -> location as the parser gives it ("STP/SC", "PAR")
    unit_words: dict[str, UnitType]
    actions: dict[str, str]
    clash: re.Pattern[str] | None  # multi-word names made only of known words: texts holding one are left out
    # Per-map facts the movement checks read (Province properties are slower to ask for every order).
    land: frozenset[str]
    coastal: frozenset[str]
    convoying: frozenset[str]
    coasts: dict[str, tuple[str, ...]]
    # Action words of holds, disbands and builds the parser reads alike after a place alone ("PAR H").
    bare: set[str] = field(default_factory=set)
    # Every hold and move in canonical notation ("A PAR H", "F MAO - SPA/NC"), the commonest texts, with
    # the shape the split reader gives it: one look-up instead of a split.
    canonical: dict[str, Shape] = field(default_factory=dict)
    # Every unit in canonical notation ("A PAR", "F STP/SC") -> (unit type, location), when the map's words
    # can't run into each other (no ``clash``): a support written canonically is read from its two halves.
    unit_texts: dict[str, tuple[UnitType, str]] = field(default_factory=dict)
    # Texts read before (other than ``canonical``'s), with their shape (``None``: left to the parser). A
    # text's shape depends on the map alone; real orders are short, so only short texts are kept.
    shapes: dict[str, Shape | None] = field(default_factory=dict)
    # Movement orders read before whose checks depend on the map and the units they name alone (not on the
    # fleets at sea): (shape, unit, target unit) -> (typed order, canonical text, slot). Orders are
    # immutable, so one object serves every position that has those units.
    entries: dict[tuple[Shape, Unit, Unit | None], Entry] = field(default_factory=dict)
    # Every hold and move ``canonical`` holds that the map alone decides (holds, fleet moves, army moves to a
    # neighbour), already read: canonical text -> (province, unit type, location, destination or None for a
    # hold, the order's canonical text, its slot); the order itself is made for the unit standing there. A
    # map table, made once on first need for every power alike (not a record of texts read:
    # ``forget_read_texts`` leaves it).
    decided: dict[str, tuple[str, UnitType, str, str | None, str, str | None]] | None = None
    # Every support in canonical notation whose legality the map and the two units decide (no convoy):
    # text -> (supporter's province, its type, its location, supported unit's province, its type, its
    # location, destination or None). A map table, made on first need (``_supports_by_map``).
    supports: dict[str, tuple[str, UnitType, str, str, UnitType, str, str | None]] | None = None


_VOCABULARIES: list[_Vocabulary] = []  # every vocabulary built, for forget_read_texts


def forget_read_texts() -> None:
    """Empty every map's tables of texts and orders read before (``_Vocabulary.shapes`` and ``entries``):
    for benchmarks that time reading from cold. Answers don't change; only the time they take."""
    for vocab in _VOCABULARIES:
        vocab.shapes.clear()
        vocab.entries.clear()


@lru_cache(maxsize=None)
def _vocabulary(board: MapData, extra_unit_words: tuple[tuple[str, UnitType], ...],
                own_words: frozenset[str] = frozenset()) -> _Vocabulary:
    """``own_words``: words that start a variant's own order kinds (``Variant.own_order_words``). They are
    left out, so that no text the variant's parser reads its own way starts with a word the reader knows."""
    unit_words = {**_UNIT_WORDS, **{w.upper(): t for w, t in extra_unit_words}}
    unit_words = {w: t for w, t in unit_words.items()
                  if _WORD.fullmatch(w) and board.lookup(w.lower()) is None and w not in own_words}
    places: dict[str, str] = {}
    for name, code in board._names.items():  # every code, name and alias the parser looks up
        word = name.upper()
        if _WORD.fullmatch(word) and word not in _RESERVED and word not in unit_words and word not in own_words \
                and board.lookup(name) == code:
            places[word] = code
    for prov, p in board.provinces.items():
        for coast in p.coasts:
            for word, code in list(places.items()):
                if code == prov:
                    places[f"{word}/{coast}"] = f"{prov}/{coast}"
    words = set(places) | set(unit_words) | set(_ACTIONS) | {"VIA", "CONVOY", "WAIVE"}
    clash = [name for name, _ in board.multiword_names()
             if all(w.upper() in words for w in re.split(r"[\s\-_]+", name) if w)]
    pattern = re.compile("|".join(re.escape(n.upper()).replace(r"\ ", r"\s+") for n in clash)) if clash else None
    vocab = _Vocabulary(
        places, unit_words, dict(_ACTIONS), pattern,
        frozenset(p for p, v in board.provinces.items() if v.is_land),
        frozenset(p for p, v in board.provinces.items() if v.is_coastal),
        frozenset(p for p, v in board.provinces.items() if v.can_convoy),
        {p: v.coasts for p, v in board.provinces.items()},
    )
    vocab = _calibrated(vocab, board, dict(extra_unit_words))
    _VOCABULARIES.append(vocab)
    for kind in (UnitType.ARMY, UnitType.FLEET):
        for loc in board.locations(kind):
            unit = f"{kind.value} {loc}"
            for text in (f"{unit} H", *(f"{unit} - {dest}" for dest in board.adjacent(kind, loc))):
                shape = _split_read(vocab, text)
                if shape is not None:
                    vocab.canonical[text] = shape
            hold = vocab.canonical.get(f"{unit} H")
            if hold is not None and vocab.clash is None and vocab.actions.get("S") == "support" \
                    and vocab.unit_words.get(kind.value) is kind:
                vocab.unit_texts[unit] = (kind, hold[2])  # type: ignore[assignment]
    return vocab


@lru_cache(maxsize=None)
def _seas_both_ways(board: MapData) -> bool:
    """Whether every convoying sea is a fleet neighbour of each convoying sea it neighbours (every map
    shipped): then the fleets joined to a coast are whole groups of fleets joined to each other."""
    near = board.fleet_adjacent_provinces  # the neighbours ``fleets_linked`` follows
    seas = [prov for prov, p in board.provinces.items() if p.can_convoy]
    return all(sea in near(other) for sea in seas for other in near(sea) if board.provinces[other].can_convoy)


def _decided_by_map(vocab: _Vocabulary, board: MapData) -> dict[str, tuple[str, UnitType, str, str | None, str, str | None]]:
    """``vocab.decided``: each canonical hold and move whose order the map alone decides, read as
    :meth:`OrderReader._movement_order` reads it (``test_order_reader`` checks)."""
    table: dict[str, tuple[str, UnitType, str, str | None, str, str | None]] = {}
    for text, (kind, unit_type, loc, _, _, dest, via) in vocab.canonical.items():
        if unit_type is None or loc is None:
            continue
        unit = Unit("", unit_type, loc)  # the power is no part of the order's text, slot or legality
        here = loc.partition("/")[0]
        order: Order
        if kind == "hold":
            order = Hold(unit)
        elif kind == "move" and dest is not None and not via and dest.partition("/")[0] != here:
            if unit_type is _FLEET:
                try:
                    order = Move(unit, fleet_destination(board, unit, dest))
                except OrderError:
                    continue
            elif dest in vocab.land and dest in board.army_adjacent(loc):
                order = Move(unit, dest)
            else:
                continue
        else:
            continue
        table[text] = (here, unit_type, loc, order.dest if isinstance(order, Move) else None, str(order),
                       order_key(order))
    vocab.decided = table
    return table


def _supports_by_map(vocab: _Vocabulary, board: MapData) -> dict[str, tuple[str, UnitType, str, str, UnitType, str, str | None]]:
    """``vocab.supports``: each support in canonical notation that :meth:`OrderReader._movement_order`
    accepts whenever its two units stand where the text says: a support to hold of a unit in a province the
    supporter reaches, a support of a move without a convoy into one (``test_order_reader`` checks)."""
    kinds = (UnitType.ARMY, UnitType.FLEET)
    standing: dict[str, list[tuple[UnitType, str]]] = {}  # province -> units' (type, location) there
    into: dict[str, list[tuple[UnitType, str, str]]] = {}  # province -> (type, location, destination) moving in
    for kind in kinds:
        for loc in board.locations(kind):
            standing.setdefault(loc.partition("/")[0], []).append((kind, loc))
            for place in board.adjacent(kind, loc):
                into.setdefault(place.partition("/")[0], []).append((kind, loc, place))
    table: dict[str, tuple[str, UnitType, str, str, UnitType, str, str | None]] = {}
    for kind in kinds:
        near_of = board.fleet_adjacent_provinces if kind is _FLEET else board.army_adjacent
        for loc in board.locations(kind):
            here = loc.partition("/")[0]
            head = f"{kind.value} {loc} S "
            for prov in near_of(loc):
                candidates: list[tuple[UnitType, str, str | None]] = [
                    (t_kind, t_loc, None) for t_kind, t_loc in standing.get(prov, ())]
                candidates += [(t_kind, t_loc, place) for t_kind, t_loc, place in into.get(prov, ())
                               if t_loc.partition("/")[0] != here]
                for t_kind, t_loc, to in candidates:
                    target_prov = t_loc.partition("/")[0]
                    text = f"{head}{t_kind.value} {target_prov}" + ("" if to is None else f" - {to}")
                    if _canonical_support(vocab, text) == ("support", kind, loc, t_kind, target_prov, to, False):
                        table[text] = (here, kind, loc, target_prov, t_kind, t_loc, to)
    vocab.supports = table
    return table


def _canonical_support(vocab: _Vocabulary, text: str) -> Shape | None:
    """The shape ``_split_read`` gives a support in canonical notation ("A MUN S A PAR - BUR",
    "F NTH S A BEL"), read from the tables of units and moves; ``None`` for any other text."""
    head, sep, tail = text.partition(" S ")
    if not sep:
        return None
    unit = vocab.unit_texts.get(head)
    if unit is None:
        return None
    target = vocab.unit_texts.get(tail)
    if target is not None:
        return ("support", unit[0], unit[1], target[0], target[1], None, False)
    move = vocab.canonical.get(tail)
    if move is None or move[0] != "move":
        return None
    return ("support", unit[0], unit[1], move[1], move[2], move[5], False)


def _calibrated(vocab: _Vocabulary, board: MapData, extra: dict[str, UnitType]) -> _Vocabulary:
    """Drop every action or unit word the general parser reads differently from the split reader."""
    sample = sorted(word for word, code in vocab.places.items() if word == code)[:3]
    if len(sample) < 3:
        return vocab
    p, q, r = sample

    def agrees(text: str) -> bool:
        try:
            shape = _split_read(vocab, text)
            return shape is not None and parse_raw(text, board, extra) == raw_order(shape, text)
        except OrderError:
            return False

    for word in list(vocab.actions):
        kind = vocab.actions[word]
        texts = {"hold": [f"A {p} {word}"], "move": [f"A {p} {word} {q}", f"A {p} {word} {q} VIA"],
                 "support": [f"A {p} {word} A {q}", f"A {p} {word} A {q} - {r}"],
                 "convoy": [f"F {p} {word} A {q} - {r}"], "retreat": [f"A {p} {word} {q}"],
                 "disband": [f"A {p} {word}"], "build": [f"A {p} {word}"]}[kind]
        if not all(agrees(t) for t in texts):
            del vocab.actions[word]
    vocab.bare = {word for word, kind in vocab.actions.items() if kind in ("hold", "disband", "build")}
    vocab.bare = {word for word in vocab.bare if agrees(f"{p} {word}") and agrees(f"{q.lower()} {word.lower()}")}
    for word in list(vocab.unit_words):
        if not all(agrees(t) for t in (f"{word} {p} H", f"{word} {p} - {q}", f"A {p} S {word} {q} - {r}")):
            del vocab.unit_words[word]
    return vocab


def raw_order(shape: Shape, text: str) -> RawOrder:
    """The :class:`RawOrder` a shape stands for."""
    return RawOrder(*shape, None, text)


def _split_read(vocab: _Vocabulary, text: str) -> Shape | None:
    """The shape of the :class:`RawOrder` the general parser gives ``text``, when the text is made of
    words the vocabulary knows in one of the common forms; otherwise ``None`` (it goes to the parser)."""
    if not text.isascii():
        return None
    line = text.upper()
    if vocab.clash is not None and vocab.clash.search(line):
        return None
    if ">" in line:  # the parser reads the arrows "->" and "=>" as a dash, and a lone ">" its own way
        line = line.replace("->", "-").replace("=>", "-")
        if ">" in line:
            return None
    if "-" in line:
        line = line.replace("-", " - ")
    return _split_words(vocab, line.split())


def _split_words(vocab: _Vocabulary, words: list[str]) -> Shape | None:
    """``_split_read``'s shape from the words it splits a text into (upper case, arrows read as dashes, a dash
    a word of its own): the lean path calls it with words it has split already."""
    n = len(words)
    places = vocab.places
    if n < 3:
        if n == 2:  # "PAR H", "bre d": a hold, disband or build without the unit's letter
            loc = places.get(words[0])
            action = vocab.actions.get(words[1])
            if loc is not None and action is not None and words[1] in vocab.bare:
                return (action, None, loc, None, None, None, False)
            return None
        return _WAIVE_SHAPE if n == 1 and words[0] == "WAIVE" else None
    unit_words = vocab.unit_words
    kind = unit_words.get(words[0])
    i = 0 if kind is None else 1
    loc = places.get(words[i])
    if loc is None:
        return None
    action = vocab.actions.get(words[i + 1])
    rest = n - i - 2
    if action == "hold" or action == "disband" or action == "build":
        return (action, kind, loc, None, None, None, False) if rest == 0 else None
    if action == "move" or action == "retreat":
        if rest == 1:
            via = False
        elif action == "move" and (rest == 2 or rest == 3) and words[i + 3] == "VIA" \
                and (rest == 2 or words[i + 4] == "CONVOY"):
            via = True
        else:
            return None
        dest = places.get(words[i + 2])
        if dest is None:
            return None
        return (action, kind, loc, None, None, dest, via)
    if action == "support" or action == "convoy":
        j = i + 2
        if j >= n:
            return None
        target_kind = unit_words.get(words[j])
        if target_kind is not None:
            j += 1
        target = places.get(words[j]) if j < n else None
        if target is None:
            return None
        if j + 1 == n:  # a support to hold (a convoy without a destination is the parser's error to word)
            return (action, kind, loc, target_kind, target, None, False) if action == "support" else None
        if j + 3 == n and words[j + 1] == "-":
            dest = places.get(words[j + 2])
            if dest is not None:
                return (action, kind, loc, target_kind, target, dest, False)
        return None
    return None


class OrderReader:
    """Reads order texts for one position; make one per position and read every power's orders with it.

    Nothing is kept between positions except per-map tables.
    """

    __slots__ = ("variant", "state", "board", "units", "_vocab", "_checks", "_permit", "_fleets", "_linked", "_groups",
                 "_own", "_convoys_follow_rule")

    def __init__(self, variant: VariantRules, state: GameState) -> None:
        self.variant = variant
        self.state = state
        self.board = board = variant.board
        self.units = state.units
        own_words, standard_validate = variant.standard_reading()
        unit_words = tuple(variant.unit_words().items())
        self._vocab = None if own_words is None else _vocabulary(board, unit_words, own_words)
        self._checks = standard_validate and state.phase.type is _MOVEMENT
        # A variant's move rule (freezing, access) is checked as ``validate_movement`` checks it (``_allowed``).
        self._permit = variant.move_permission(state) if self._checks else None
        self._convoys_follow_rule = self._permit is not None and variant.convoys_follow_move_rule()
        self._fleets: frozenset[str] | None = None  # fleets at sea, found on first need
        self._own = variant.own_reader(state)  # the variant's fast reading of its own lines (``Variant.own_reader``)
        self._linked: dict[str, set[str]] = {}  # army's province -> fleets at sea joined to it
        # fleets at sea in groups joined fleet to fleet, and the groups next to each province (``_fleet_groups``)
        self._groups: tuple[list[frozenset[str]], dict[str, set[int]], dict[str, int]] | None = None

    def read(self, power: str | None, text: str) -> Order:
        """The typed order ``text`` gives ``power`` (``None``: any power's unit); raises
        :class:`~engine.types.OrderError` as ``Variant.validate(Variant.parse(text))`` would."""
        variant = self.variant
        if self._own is not None and power is not None and type(text) is str:
            made = self._own(power, text)
            if made is not None:
                return made[0]
        shape = self._shape(text) if self._vocab is not None and type(text) is str else None
        if shape is None:
            raw = variant.parse(text)
        else:
            if self._checks:
                order = self._movement_order(shape, power)
                if order is not None:
                    return order
            raw = raw_order(shape, text)
        return variant.validate(raw, self.state, power)

    def entry(self, power: str | None, text: str) -> Entry:
        """What :meth:`read` gives, with the order's canonical text and slot: ``(order, str(order),
        order_key(order))``. Raises :class:`~engine.types.OrderError` like :meth:`read`."""
        own = self._own
        vocab = self._vocab
        if vocab is not None and self._checks and type(text) is str:
            if power is not None:  # a hold or move in canonical notation: from the map's table
                # (The tables hold texts of a unit's letter and place only; a text of another shape, a variant's
                # own line such as World Diplomacy's "MAINTAIN A NA5", goes to the variant's reading at once.)
                if own is None or text[1:2] == " ":
                    made = self._tabled_decided(vocab, text, power)
                    if made is not None:
                        return made
                    made = self._tabled_support(vocab, text, power)
                    if made is not None:
                        return made
                if own is not None:  # (no text of the tables above is one of the variant's own lines)
                    made = own(power, text)
                    if made is not None:
                        return made
                    own = None
                made = self._by_convoy(vocab, text, power)
                if made is not None:
                    return made
            shape = self._shape(text)
            loc = shape[2] if shape is not None else None
            if loc is not None:
                units = self.units
                unit = units.get(loc.partition("/")[0])
                if unit is not None and (power is None or unit.power == power):
                    target_loc = shape[4]  # type: ignore[index]
                    target = None if target_loc is None else units.get(target_loc.partition("/")[0])
                    key = (shape, unit, target)
                    known = vocab.entries.get(key)  # type: ignore[arg-type]
                    if known is not None and (self._permit is None or self._allowed(known[0])):
                        return known
                    # (a text naming a kind that stands beside the occupant, a militia, is the variant's to read)
                    if power is not None and not shape[6] and shape[1] in (None, unit.type):  # type: ignore[index]
                        known = self._as_canonical(vocab, shape, unit, target, power)  # type: ignore[arg-type]
                        if known is not None:
                            return known
                    order = self._movement_order(shape, power)  # type: ignore[arg-type]
                    if order is not None:
                        known = (order, str(order), order_key(order))
                        if self._map_alone(shape, unit, target):  # type: ignore[arg-type]
                            if len(vocab.entries) >= _ENTRIES_KEPT:
                                vocab.entries.clear()
                            vocab.entries[key] = known  # type: ignore[index]
                        return known
                    named = shape[1]  # type: ignore[index]
                    if self._permit is None and (named is None or named is unit.type):
                        # What ``read`` would do next, without checking the order a second time: the general
                        # validation words the error.
                        order = self.variant.validate(raw_order(shape, text), self.state, power)  # type: ignore[arg-type]
                        return order, str(order), order_key(order)
        if own is not None and power is not None and type(text) is str:
            made = own(power, text)
            if made is not None:
                return made
        order = self.read(power, text)
        return order, str(order), order_key(order)

    def _tabled_support(self, vocab: _Vocabulary, text: str, power: str) -> Entry | None:
        """A support in canonical notation from the map's table of supports (``_supports_by_map``), when its
        two units stand where it says and the supporter is ``power``'s."""
        supports = vocab.supports
        if supports is None:
            supports = _supports_by_map(vocab, self.board)
        support = supports.get(text)
        if support is None:
            return None
        giver = self.units.get(support[0])
        backed = self.units.get(support[3])
        if giver is not None and backed is not None and giver.power == power and giver.type is support[1] \
                and giver.loc == support[2] and backed.type is support[4] and backed.loc == support[5]:
            into = support[6]
            made = SupportHold(giver, backed) if into is None else SupportMove(giver, backed, into)
            if self._permit is None or self._allowed(made):
                return made, text, order_key(made)
        return None

    def _tabled_decided(self, vocab: _Vocabulary, text: str, power: str) -> Entry | None:
        """A hold or move in canonical notation from the map's table (``_decided_by_map``), made for
        ``power``'s unit standing where it says, when the variant's move rule lets it stand."""
        table = vocab.decided
        if table is None:
            table = _decided_by_map(vocab, self.board)
        decided = table.get(text)
        if decided is None:
            return None
        unit = self.units.get(decided[0])
        if unit is not None and type(unit) is Unit and unit.power == power and unit.type is decided[1] \
                and unit.loc == decided[2]:
            into = decided[3]
            made: Order = Hold(unit) if into is None else Move(unit, into)
            if self._permit is None or self._allowed(made):
                return made, decided[4], decided[5]
        return None

    def _by_convoy(self, vocab: _Vocabulary, text: str, power: str) -> Entry | None:
        """An army's move in canonical notation to a coast it reaches only by convoy ("A LON - NWY"), or a
        support of one ("F NTH S A LON - NWY"), read from the map's tables of units and places (the shape
        the split reader gives it) and checked as :meth:`_standard_order` checks it, when it passes."""
        head, sep, move = text.partition(" S ")
        if not sep:
            head, move = "", text
        army, dash, dest = move.partition(" - ")
        if not dash or vocab.places.get(dest) != dest or dest not in vocab.land or vocab.actions.get("-") != "move":
            return None
        named = vocab.unit_texts.get(army)  # (only when the map's words can't run into each other)
        if named is None or named[0] is not UnitType.ARMY:
            return None
        origin = named[1]
        target = self.units.get(origin)
        if target is None or type(target) is not Unit or target.type is not UnitType.ARMY or target.loc != origin \
                or dest == origin or dest in self.board.army_adjacent(origin) or dest not in convoy_reach(self.board, origin):
            return None
        made: Order
        if not head:
            if target.power != power or not self._convoyable(origin, dest):
                return None
            made = Move(target, dest)
        else:
            giver_named = vocab.unit_texts.get(head)
            if giver_named is None:
                return None
            here = giver_named[1].partition("/")[0]
            giver = self.units.get(here)
            if giver is None or type(giver) is not Unit or giver.power != power or giver.type is not giver_named[0] \
                    or giver.loc != giver_named[1] or here == origin or here == dest \
                    or not self.board.reaches_province(giver.type, giver.loc, dest) \
                    or not self._convoyable_without(origin, dest, here):
                return None
            made = SupportMove(giver, target, dest)
        if self._permit is not None and not self._allowed(made):
            return None
        return made, text, order_key(made)

    def _as_canonical(self, vocab: _Vocabulary, shape: Shape, unit: Unit, target: Unit | None,
                      power: str) -> Entry | None:
        """A hold, move or support written another way ("bre - gas", "Army Munich supports Army Paris"),
        from the map's tables of the same order in canonical notation, which give what
        :meth:`_movement_order` gives (it reads the places and the kind of order, not the unit letters);
        ``None`` when the tables don't hold it (the order is then read in full)."""
        kind, dest = shape[0], shape[5]
        if kind == "hold" or kind == "move":
            text = f"{unit.type._value_} {unit.loc} H" if kind == "hold" else f"{unit.type._value_} {unit.loc} - {dest}"
            return self._tabled_decided(vocab, text, power)
        if kind == "support" and target is not None:
            text = (f"{unit.type._value_} {unit.loc} S {target.type._value_} {target.loc.partition('/')[0]}"
                    + ("" if dest is None else f" - {dest}"))
            return self._tabled_support(vocab, text, power)
        return None

    def _shape(self, text: str) -> Shape | None:
        """The split reader's shape of ``text`` (``None``: left to the general parser), from the map's
        tables when the text was seen before."""
        vocab: _Vocabulary = self._vocab  # type: ignore[assignment]
        shape = vocab.canonical.get(text)
        if shape is not None:
            return shape
        shapes = vocab.shapes
        known = shapes.get(text, _UNREAD)
        if known is not _UNREAD:
            return known
        found = _canonical_support(vocab, text) or _split_read(vocab, text)
        if len(text) <= _SHAPE_TEXT_LENGTH:
            if len(shapes) >= _SHAPES_KEPT:
                shapes.clear()
            shapes[text] = found
        return found

    def _map_alone(self, shape: Shape, unit: Unit, target: Unit | None) -> bool:
        """Whether :meth:`_movement_order` decided ``shape`` for ``unit`` (and ``target``) from the map
        alone: holds, fleet moves, army moves to a neighbour, supports into a place the supported unit
        reaches without a convoy. (Convoys and moves by convoy depend on the fleets at sea.)"""
        kind = shape[0]
        if kind == "hold":
            return True
        board = self.board
        if kind == "move":
            return unit.type is _FLEET or (
                not shape[6] and shape[5].partition("/")[0] in board.army_adjacent(unit.loc))  # type: ignore[union-attr]
        if kind == "support":
            if shape[5] is None or target is None or target.type is not UnitType.ARMY:
                return True
            return shape[5].partition("/")[0] in board.army_adjacent(target.loc)
        return False

    def read_all(self, power: str | None, lines: Iterable[str]) -> list[Order | OrderError]:
        """Each line's typed order, or the error saying why it can't be used."""
        out: list[Order | OrderError] = []
        for text in lines:
            try:
                out.append(self.read(power, text))
            except OrderError as exc:
                out.append(exc)
        return out

    # --- the standard movement checks, for orders that pass them ------------------------------------

    def _movement_order(self, shape: Shape, power: str | None) -> Order | None:
        """The order ``engine.validate.validate_movement`` returns for the raw order ``shape`` stands for,
        or ``None`` when some check fails (the general validation then words the error)."""
        order = self._standard_order(shape, power)
        if order is not None and self._permit is not None and not self._allowed(order):
            return None
        return order

    def _allowed(self, order: Order) -> bool:
        """Whether the variant's move rule lets ``order`` stand, asked as ``validate_movement`` asks it.
        Convoys under a rule are left to the variant's validation, which may judge the convoying fleet too,
        unless the variant says its rule judges a convoy as the army's move and the fleet's place
        (``Variant.convoys_follow_move_rule``)."""
        permit = self._permit
        assert permit is not None
        kind = type(order)
        if kind is Hold:
            return True
        if kind is Move:
            return permit(order.unit, order.dest.partition("/")[0]) is None  # type: ignore[attr-defined]
        if kind is SupportHold:
            return permit(order.unit, order.target.loc.partition("/")[0]) is None  # type: ignore[attr-defined]
        if kind is SupportMove:
            dest = order.dest.partition("/")[0]  # type: ignore[attr-defined]
            return permit(order.unit, dest) is None and permit(order.target, dest) is None  # type: ignore[attr-defined]
        if kind is Convoy and self._convoys_follow_rule:
            fleet, army, dest = order.unit, order.target, order.dest  # type: ignore[attr-defined]
            return permit(army, dest) is None and permit(fleet, fleet.loc.partition("/")[0]) is None
        return False

    def _standard_order(self, shape: Shape, power: str | None) -> Order | None:
        """``_movement_order`` before the variant's move rule."""
        kind, named, loc, _, target_loc, dest, via_convoy = shape
        if loc is None:
            return None
        unit = self.units.get(loc.partition("/")[0])
        if unit is None or (power is not None and unit.power != power):
            return None
        if named is not None and named is not unit.type:
            # The text names another kind than the one holding the province: a kind that stands beside the
            # occupant (a militia) is the variant's to read; the standard checks would take the occupant.
            return None
        if kind == "hold":
            return Hold(unit)
        board = self.board
        here = unit.loc.partition("/")[0]
        if kind == "move":
            dest_prov = dest.partition("/")[0]  # type: ignore[union-attr]
            if dest_prov == here:
                return None
            if unit.type is _FLEET:
                if via_convoy:
                    return None
                try:
                    return Move(unit, fleet_destination(board, unit, dest))  # type: ignore[arg-type]
                except OrderError:
                    return None
            if dest_prov not in self._vocab.land:  # type: ignore[union-attr]
                return None
            adjacent = dest_prov in board.army_adjacent(unit.loc)
            if not adjacent or via_convoy:
                if dest_prov not in convoy_reach(board, here) or not self._convoyable(here, dest_prov):
                    return None
            return Move(unit, dest_prov, via_convoy=via_convoy and adjacent)
        if kind == "support":
            target_prov = target_loc.partition("/")[0]  # type: ignore[union-attr]
            target = self.units.get(target_prov)
            if target is None or target_prov == here:
                return None
            if dest is None:
                return SupportHold(unit, target) if board.reaches_province(unit.type, unit.loc, target_prov) else None
            dest_prov = dest.partition("/")[0]
            if dest_prov == target_prov or dest_prov == here \
                    or not board.reaches_province(unit.type, unit.loc, dest_prov):
                return None
            if target.type is UnitType.ARMY:  # engine.validate.unit_can_reach, with this position's fleets
                if dest_prov not in board.army_adjacent(target.loc) and not (
                        dest_prov in convoy_reach(board, target_prov) and self._convoyable_without(target_prov, dest_prov, here)):
                    return None
            elif not board.reaches_province(target.type, target.loc, dest_prov):
                return None
            coast = coast_of(dest)
            if coast is not None:
                if target.type is not _FLEET or coast not in self._vocab.coasts[dest_prov]:  # type: ignore[union-attr]
                    dest = dest_prov  # an irrelevant coast is ignored
                elif dest not in board.fleet_adjacent(target.loc):
                    return None
            return SupportMove(unit, target, dest)
        if kind == "convoy":
            vocab = self._vocab
            if unit.type is not _FLEET or here not in vocab.convoying:  # type: ignore[union-attr]
                return None
            origin = target_loc.partition("/")[0]  # type: ignore[union-attr]
            target = self.units.get(origin)
            if target is None or target.type is not UnitType.ARMY:
                return None
            dest_prov = dest.partition("/")[0]  # type: ignore[union-attr]
            if dest_prov == origin or dest_prov not in vocab.coastal:  # type: ignore[union-attr]
                return None
            linked = self._linked_fleets(origin)
            return Convoy(unit, target, dest_prov) if on_minimal_convoy_route(board, origin, dest_prov, here, linked) \
                else None
        return None  # retreats, disbands and builds are errors in a movement phase

    def _convoyable(self, origin: str, dest: str) -> bool:
        """``convoy_route_exists`` from ``origin`` to ``dest`` through this position's fleets at sea (the
        fleets joined to each origin found once per position)."""
        if self._fleet_groups() is not None:  # a group of fleets next to both
            near_dest = self._groups_near(dest)
            return bool(near_dest) and not near_dest.isdisjoint(self._groups_near(origin))
        linked = self._linked_fleets(origin)
        near = self.board.fleet_adjacent_provinces
        return any(dest in near(f) for f in linked)

    def _linked_fleets(self, origin: str) -> set[str]:
        """``fleets_linked(board, origin, fleets at sea)``, found once per origin and position."""
        linked = self._linked.get(origin)
        if linked is None:
            groups = self._fleet_groups()
            if groups is None:
                linked = fleets_linked(self.board, origin, self._fleets_at_sea())
            else:
                linked = set()
                for group in self._groups_near(origin):
                    linked.update(groups[0][group])
            self._linked[origin] = linked
        return linked

    def _groups_near(self, prov: str) -> set[int]:
        """The groups of fleets (``_fleet_groups``) with a fleet next to ``prov``."""
        groups = self._fleet_groups()
        assert groups is not None
        near = groups[1].get(prov)
        if near is None:
            group_of = groups[2]
            near = groups[1][prov] = {group_of[f] for f in _touching(self.board).get(prov, ()) if f in group_of}
        return near

    def _fleet_groups(self) -> tuple[list[frozenset[str]], dict[str, set[int]], dict[str, int]] | None:
        """The fleets at sea split into groups joined fleet to fleet, the groups next to each province asked
        about so far, and each fleet's group; found once per position. Fleets joined to a coast
        (``fleets_linked``) are then the groups next to it, where the map's seas neighbour each other both
        ways (``None`` otherwise)."""
        found = self._groups
        if found is None:
            board = self.board
            if not _seas_both_ways(board):
                return None
            near = board.fleet_adjacent_provinces
            fleets = self._fleets_at_sea()
            groups: list[frozenset[str]] = []
            group_of: dict[str, int] = {}
            for start in fleets:
                if start in group_of:
                    continue
                number = len(groups)
                group_of[start] = number
                joined, stack = [start], [start]
                while stack:
                    for nxt in near(stack.pop()):
                        if nxt in fleets and nxt not in group_of:
                            group_of[nxt] = number
                            joined.append(nxt)
                            stack.append(nxt)
                groups.append(frozenset(joined))
            # The groups next to each province, from the fleets' side at once: what ``_groups_near`` finds
            # place by place (a board of many seas asks about dozens of places a position).
            near_groups: dict[str, set[int]] = {}
            for fleet, number in group_of.items():
                for prov in near(fleet):
                    known = near_groups.get(prov)
                    if known is None:
                        near_groups[prov] = {number}
                    else:
                        known.add(number)
            found = self._groups = (groups, near_groups, group_of)
        return found

    def _convoyable_without(self, origin: str, dest: str, busy: str) -> bool:
        """``_convoyable``, with the fleet in ``busy`` left out (it gives the support, DATC 6.D.31): the
        fleets joined to ``origin`` found once per position when ``busy`` holds no fleet at sea."""
        fleets = self._fleets_at_sea()
        if busy in fleets:
            return convoy_route_exists(self.board, origin, dest, fleets - {busy})
        return self._convoyable(origin, dest)

    def _fleets_at_sea(self) -> frozenset[str]:
        if self._fleets is None:
            self._fleets = frozenset(fleets_at_sea(self.board, self.state))
        return self._fleets


def read_order(variant: VariantRules, state: GameState, power: str | None, text: str) -> Order:
    """One order text for ``power`` in ``state``; raises :class:`~engine.types.OrderError`."""
    return OrderReader(variant, state).read(power, text)


def read_orders(variant: VariantRules, state: GameState,
                orders: Mapping[str, Sequence[str]]) -> dict[str, list[Order | OrderError]]:
    """Every power's order lines checked against ``state``: per line its typed order or its error."""
    reader = OrderReader(variant, state)
    return {power: reader.read_all(power, lines) for power, lines in orders.items()}


__all__ = ["OrderReader", "forget_read_texts", "read_order", "read_orders"]
