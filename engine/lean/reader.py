"""A plain request's position and order texts read into compact per-unit records, for the lean path.

``read_position`` takes only the usual form of a request (units and centres in canonical notation, no
dislodged units, standoffs or variant data) and answers ``None`` for anything else, which the general path
then reads (and words its errors). ``read_orders`` reads each order text as ``Submission.from_texts`` would:
canonical holds, moves and supports from the map's table, canonical moves by convoy, convoys and supports
of them by the same checks as the order reader's, texts in other notations through the map's vocabulary
when they name such an order, and every other text through ``OrderReader.entry`` itself, so that orders in
odd notations and the errors of illegal ones are exactly the general path's.
"""
from __future__ import annotations

from typing import Any, Mapping

from ..order_reader import OrderReader, _canonical_support, _split_read
from ..orders import Convoy, Hold, Move, SupportHold, SupportMove
from ..state import GameState
from ..types import OrderError, Phase, Unit
from ..validate import minimal_convoy_routes
from ..variants import Variant
from .tables import ARMY, CONVOY, FLEET, HOLD, MOVE, SUPPORT_HOLD, SUPPORT_MOVE, MapTables, Standing, linked_fleets, route_exists

_ABSENT: Any = object()


class Position:
    """A movement phase's position: units in request order (index = their number everywhere), centres."""

    __slots__ = ("variant", "tables", "phase", "phase_text", "units", "standing", "at", "centers", "_state",
                 "_fleets", "_fleet_names", "_reader")

    def __init__(self, variant: Variant, tables: MapTables, phase: Phase, phase_text: str, standing: list[Standing],
                 at: dict[str, int], centers: dict[str, str]) -> None:
        self.variant = variant
        self.tables = tables
        self.phase = phase
        self.phase_text = phase_text
        self.standing = standing
        self.units = [s.unit for s in standing]
        self.at = at
        self.centers = centers
        self._state: GameState | None = None
        self._fleets = -1
        self._fleet_names: frozenset[str] | None = None
        self._reader: OrderReader | None = None

    def state(self) -> GameState:
        """The position as the general path builds it (``contract._plain_state``), on first need."""
        if self._state is None:
            occupants = {s.prov: s.unit for s in self.standing}
            self._state = GameState(self.variant.id, self.phase, occupants, self.centers, {}, frozenset(), {}, (), {})
        return self._state

    def reader(self) -> OrderReader:
        if self._reader is None:
            self._reader = OrderReader(self.variant, self.state())
        return self._reader

    def fleets(self) -> int:
        """The fleets at sea that could convoy, as bits (``validate.fleets_at_sea``)."""
        if self._fleets < 0:
            bit, convoying = self.tables.bit, self.tables.convoying
            mask = 0
            for s in self.standing:
                if s.fleet and s.prov in convoying:
                    mask |= bit[s.prov]
            self._fleets = mask
        return self._fleets

    def fleet_names(self) -> frozenset[str]:
        if self._fleet_names is None:
            convoying = self.tables.convoying
            self._fleet_names = frozenset(s.prov for s in self.standing if s.fleet and s.prov in convoying)
        return self._fleet_names


def _plain_empty(value: Any, empty: type) -> bool:
    """The field left out, ``null``, or an empty object (``dict``) / list (``list``)."""
    return value is _ABSENT or value is None or (type(value) is empty and not value)


def read_position(request: Mapping[str, Any], variant: Variant, tables: MapTables) -> Position | None:
    """The position of a plain request, or ``None`` when it takes the general reading."""
    get = request.get
    if get("extra") is not None or not _plain_empty(get("dislodged", _ABSENT), dict) \
            or not _plain_empty(get("contested", _ABSENT), list):
        return None
    phase_text = get("phase")
    phase = tables.phases.get(phase_text) if type(phase_text) is str else None  # (then a str)
    units_given = get("units")
    centers_given = get("centers")
    if phase is None or type(units_given) is not dict or (centers_given is not None and type(centers_given) is not dict):
        return None
    by_power = tables.standing
    standing: list[Standing] = []
    try:
        for power, texts in units_given.items():
            table = by_power.get(power) if type(power) is str else None
            if table is None or type(texts) is not list:
                return None
            for text in texts:
                found = table.get(text)
                if found is None:
                    return None
                standing.append(found)
        if centers_given is None:  # the variant's starting ownership
            centers = dict(tables.initial_centers)
            centers_given = {}
        else:
            centers = {}
        codes = tables.centers
        for power, owned in centers_given.items():
            if type(power) is not str or power not in by_power or type(owned) is not list \
                    or not codes.issuperset(owned):
                return None
            centers.update(dict.fromkeys(owned, power))
    except TypeError:  # an unhashable item: the general reading names it
        return None
    at = {s.prov: i for i, s in enumerate(standing)}
    if len(at) != len(standing):
        return None  # two units in one province: the general reading names them
    return Position(variant, tables, phase, str(phase_text), standing, at, centers)


class Orders:
    """Every unit's usable order (by unit number) and every written order's result line, in request order."""

    __slots__ = ("kind", "dest", "target", "via", "text", "lines")

    def __init__(self, n: int) -> None:
        self.kind: list[int] = [-1] * n  # -1: no order (the unit holds by default)
        self.dest: list[str | None] = [None] * n  # move: location; support of a move: as written; convoy: province
        self.target: list[int] = [-1] * n  # the supported or convoyed unit
        self.via: list[bool] = [False] * n
        self.text: list[str | None] = [None] * n
        # (power, order text as shown, unit number or -1 when invalid, invalid reason or None)
        self.lines: list[tuple[str, str, int, str | None]] = []


class Unsupported(Exception):
    """An order the lean records don't hold (a variant's own kind): the general path takes the request."""


def read_orders(position: Position, texts: Mapping[str, list[str]]) -> Orders:
    """Read and settle every power's order texts (``Submission.from_texts`` then ``settle``)."""
    n = len(position.units)
    made = Orders(n)
    tables = position.tables
    tabled = tables.tabled
    at, units = position.at, position.units
    lines = made.lines
    chosen: list[tuple[int, int, str | None, int, bool, str]] = []  # per usable line: the order read
    for power, written in texts.items():
        for text in written:
            read = None
            t = tabled.get(text)
            if t is not None:
                i = at.get(t.here)
                if i is not None:
                    u = units[i]
                    if u.power == power and u.type is t.type and u.loc == t.loc:
                        if t.kind <= MOVE:
                            read = (i, t.kind, t.dest, -1, False, text)
                        else:
                            j = at.get(t.target)  # type: ignore[arg-type]
                            if j is not None and units[j].type is t.target_type and units[j].loc == t.target_loc:
                                read = (i, t.kind, t.dest, j, False, text)
            else:
                read = _by_convoy(position, power, text)
                if read is None:
                    read = _other_notation(position, power, text)
            if read is None:
                try:
                    read = _general(position, power, text)
                except OrderError as exc:
                    lines.append((power, text.strip(), -1, str(exc)))
                    continue
            chosen.append(read)
            lines.append((power, read[5], read[0], None))
    # DATC 4.D.3: a unit given different orders gets none of them; the same order twice counts once.
    first: dict[int, str] = {}
    clash: set[int] = set()
    for i, _, _, _, _, text in chosen:
        if first.setdefault(i, text) != text:
            clash.add(i)
    for i, kind, dest, target, via, text in chosen:
        if i not in clash:
            made.kind[i], made.dest[i], made.target[i], made.via[i], made.text[i] = kind, dest, target, via, text
    if clash:
        made.lines = [(power, text, -2, None) if i in clash else line
                      for line in lines for power, text, i, _ in (line,)]
    return made


def _general(position: Position, power: str, text: str) -> tuple[int, int, str | None, int, bool, str]:
    """A text through the general order reader, as a record; raises ``OrderError`` as it does."""
    order, canonical, key = position.reader().entry(power, text)
    at, units = position.at, position.units
    i = at.get(key) if type(key) is str else None
    if i is None or getattr(order, "unit", None) != units[i]:
        raise Unsupported(text)
    kind = type(order)
    if kind is Hold:
        return (i, HOLD, None, -1, False, canonical)
    if kind is Move:
        if order.route is not None:  # type: ignore[attr-defined]
            raise Unsupported(text)
        return (i, MOVE, order.dest, -1, order.via_convoy, canonical)  # type: ignore[attr-defined]
    if kind is SupportHold or kind is SupportMove or kind is Convoy:
        target = order.target  # type: ignore[attr-defined]
        j = at.get(target.loc.partition("/")[0])
        if j is None or units[j] != target:
            raise Unsupported(text)
        if kind is SupportHold:
            return (i, SUPPORT_HOLD, None, j, False, canonical)
        return (i, SUPPORT_MOVE if kind is SupportMove else CONVOY, order.dest, j, False, canonical)  # type: ignore[attr-defined]
    raise Unsupported(text)


def _place(tables: MapTables, word: str) -> bool:
    """``word`` is a province code the map's vocabulary reads as itself (so the text splits as written)."""
    return tables.vocab.places.get(word) == word and "/" not in word


def _by_convoy(position: Position, power: str, text: str) -> tuple[int, int, str | None, int, bool, str] | None:
    """A move by convoy, a convoy or a support of a move by convoy in canonical notation, checked as
    ``OrderReader._standard_order`` checks it; ``None`` for any other text, or when a check fails (the
    general reader words the error)."""
    words = text.split(" ")
    n = len(words)
    tables = position.tables
    if n == 4 or n == 5:  # "A LON - NWY", "A LON - NWY VIA"
        if words[0] != "A" or words[2] != "-" or (n == 5 and words[4] != "VIA"):
            return None
        here, dest = words[1], words[3]
        if not _place(tables, here) or not _place(tables, dest):
            return None
        i = position.at.get(here)
        if i is None:
            return None
        unit = position.units[i]
        if unit.power != power or unit.type is not ARMY or dest == here or dest not in tables.land:
            return None
        adjacent = dest in tables.army_adjacent[unit.loc]
        via = n == 5
        if not adjacent or via:
            if dest not in tables.reach(here):
                return None
            linked = linked_fleets(tables, here, position.fleets())
            if not linked & tables.touching.get(dest, 0):
                return None
        via = via and adjacent
        return (i, MOVE, dest, -1, via, f"A {here} - {dest} VIA" if via else f"A {here} - {dest}")
    if n != 7 or words[3] != "A" or words[5] != "-" or words[0] not in ("A", "F"):
        return None
    action, origin, dest = words[2], words[4], words[6]
    if (action != "S" and action != "C") or not _place(tables, origin) or not _place(tables, dest):
        return None
    unit_text = f"{words[0]} {words[1]}"
    if unit_text not in tables.vocab.unit_texts:
        return None
    mine = tables.standing[power].get(unit_text)
    if mine is None:
        return None
    i = position.at.get(mine.prov)
    j = position.at.get(origin)
    if i is None or j is None or position.units[i] != mine.unit:
        return None
    unit, target = mine.unit, position.units[j]
    here = mine.prov
    if target.type is not ARMY or origin == here or dest == origin:
        return None
    board = tables.board
    if action == "S":
        if dest == here or not board.reaches_province(unit.type, unit.loc, dest):
            return None
        if dest not in tables.army_adjacent[target.loc]:
            if dest not in tables.reach(origin) or not route_exists(
                    tables, origin, dest, position.fleets() & ~tables.bit[here]):
                return None
        return (i, SUPPORT_MOVE, dest, j, False, text)
    if unit.type is not FLEET or here not in tables.convoying or dest not in tables.coastal:
        return None
    fleets = frozenset(f for f in position.fleet_names() if tables.bit[f] & linked_fleets(tables, origin, position.fleets()))
    if here not in minimal_convoy_routes(board, origin, fleets).get(dest, ()):
        return None
    return (i, CONVOY, dest, j, False, text)


def _other_notation(position: Position, power: str, text: str) -> tuple[int, int, str | None, int, bool, str] | None:
    """A hold, move or support written another way ("a par-bur", "Army Munich supports Army Paris"), read
    into the shape the order reader's vocabulary gives it and found in the map's table of the same order in
    canonical notation, as ``OrderReader.entry`` does (``_as_canonical``); ``None`` otherwise."""
    tables = position.tables
    vocab = tables.vocab
    shape = vocab.canonical.get(text) or _canonical_support(vocab, text) or _split_read(vocab, text)
    if shape is None:
        return None
    kind, named, loc, _, target_loc, dest, via = shape
    if loc is None or via:
        return None
    at, units = position.at, position.units
    i = at.get(loc.partition("/")[0])
    if i is None:
        return None
    unit = units[i]
    if unit.power != power or named not in (None, unit.type):
        return None
    head = f"{unit.type._value_} {unit.loc}"
    if kind == "hold":
        canonical = head + " H"
    elif kind == "move":
        canonical = f"{head} - {dest}"
    elif kind == "support" and target_loc is not None:
        target_prov = target_loc.partition("/")[0]
        j = at.get(target_prov)
        if j is None:
            return None
        canonical = f"{head} S {units[j].type._value_} {target_prov}" + ("" if dest is None else f" - {dest}")
    else:
        return None
    t = tables.tabled.get(canonical)
    if t is None or t.here != unit.loc.partition("/")[0] or t.type is not unit.type or t.loc != unit.loc:
        return None
    if t.kind <= MOVE:
        return (i, t.kind, t.dest, -1, False, canonical)
    j = at.get(t.target)  # type: ignore[arg-type]
    if j is None or units[j].type is not t.target_type or units[j].loc != t.target_loc:
        return None
    return (i, t.kind, t.dest, j, False, canonical)
