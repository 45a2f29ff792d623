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

from json.encoder import encode_basestring_ascii as quote

from ..order_reader import Shape, _canonical_support, _split_read, _split_words, raw_order
from ..orders import (_BUILD, _DISBAND, _MOVE, _RETREAT, _UNIT_WORDS, _WAIVE, Convoy, Hold, Move, Order, SupportHold,
                      SupportMove, _multiword_regex)
from ..state import GameState
from ..types import OrderError, Phase, Unit
from ..validate import fleet_destination, minimal_convoy_routes
from ..variants import Variant
from .tables import head as tables_head
from .tables import (ARMY, CONVOY, FLEET, HOLD, MOVE, SUPPORT_HOLD, SUPPORT_MOVE, MapTables, Season, Standing, far_of,
                     fleet_group, linked_fleets, route_exists)

class Position:
    """A movement phase's position: units in request order (index = their number everywhere), centres."""

    __slots__ = ("variant", "tables", "season", "phase", "phase_text", "standing", "units", "prov", "text", "json", "power",
                 "at", "by_text", "centers", "_state", "_fleets", "_fleet_names", "_linked", "_groups")

    def __init__(self, variant: Variant, tables: MapTables, season: Season, phase_text: str, standing: list[Standing],
                 centers: dict[str, str]) -> None:
        self.variant = variant
        self.tables = tables
        self.season = season
        self.phase = season.phase
        self.phase_text = phase_text
        self.standing = standing
        # Per unit (by number), each of its fields.
        self.units: list[Unit] = [s.unit for s in standing]
        self.prov: list[str] = [s.prov for s in standing]
        self.text: list[str] = [s.text for s in standing]
        self.json: list[str] = [s.json for s in standing]
        self.power: list[str] = [s.power for s in standing]
        # province -> unit number, and unit as written ("F STP/SC") -> unit number: one table (a province is
        # never written like a unit)
        index: dict[str, int] = {}
        for i, s in enumerate(standing):
            index[s.prov] = i
        if len(index) == len(standing):
            for i, s in enumerate(standing):
                index[s.text] = i
        self.at = self.by_text = index
        self.centers = centers
        self._state: GameState | None = None
        self._fleets = -1
        self._fleet_names: frozenset[str] | None = None
        self._linked: dict[str, int] = {}
        self._groups: dict[int, int] = {}  # a fleet at sea (its bit) -> its group (``fleet_group``), found so far

    def state(self) -> GameState:
        """The position as the general path builds it (``contract._plain_state``), on first need."""
        if self._state is None:
            occupants = {s.prov: s.unit for s in self.standing}
            self._state = GameState(self.variant.id, self.phase, occupants, self.centers, {}, frozenset(), {}, (), {})
        return self._state

    def fleets(self) -> int:
        """The fleets at sea that could convoy, as bits (``validate.fleets_at_sea``)."""
        if self._fleets < 0:
            mask = 0
            for s in self.standing:
                if s.sea:
                    mask |= s.sea
            self._fleets = mask
        return self._fleets

    def linked(self, coast: str) -> int:
        """``linked_fleets`` of the fleets at sea (``fleets``) and ``coast``, found once per coast: the groups
        of the fleets touching the coast, each group searched once per phase (on a map of many seas a phase's
        moves by convoy, convoys and supports of them ask about dozens of coasts, mostly of the same groups)."""
        known = self._linked.get(coast)
        if known is None:
            fleets = self.fleets()
            tables = self.tables
            if not tables.seas_plain:
                known = self._linked[coast] = linked_fleets(tables, coast, fleets)
                return known
            groups = self._groups
            near = tables.touching.get(coast, 0) & fleets
            known = 0
            while near:
                low = near & -near
                group = groups.get(low)
                if group is None:
                    group = fleet_group(tables, low, fleets)
                    rest = group
                    while rest:
                        one = rest & -rest
                        rest ^= one
                        groups[one] = group
                known |= group
                near &= ~group
            self._linked[coast] = known
        return known

    def fleet_names(self) -> frozenset[str]:
        if self._fleet_names is None:
            convoying = self.tables.convoying
            self._fleet_names = frozenset(s.prov for s in self.standing if s.fleet and s.prov in convoying)
        return self._fleet_names


def read_position(request: Mapping[str, Any], variant: Variant, tables: MapTables) -> Position | None:
    """The position of a plain request, or ``None`` when it takes the general reading."""
    get = request.get
    if get("extra") is not None:
        return None
    dislodged, contested = get("dislodged"), get("contested")  # none: left out, null or empty
    if (dislodged is not None and (type(dislodged) is not dict or dislodged)) \
            or (contested is not None and (type(contested) is not list or contested)):
        return None
    phase_text = get("phase")
    season = tables.phases.get(phase_text) if type(phase_text) is str else None  # (then a str)
    units_given = get("units")
    centers_given = get("centers")
    if season is None or type(units_given) is not dict or (centers_given is not None and type(centers_given) is not dict):
        return None
    by_power = tables.standing
    standing: list[Standing] = []
    try:
        for power, texts in units_given.items():
            table = by_power.get(power) if type(power) is str else None
            if table is None or type(texts) is not list:
                return None
            for text in texts:
                standing.append(table[text])  # (a unit not of the table: KeyError below)
        if centers_given is None:  # the variant's starting ownership
            centers = dict(tables.initial_centers)
        else:
            centers = {}
            for power, owned in centers_given.items():
                if type(power) is not str or power not in by_power or type(owned) is not list:
                    return None
                for code in owned:
                    centers[code] = power  # (a centre listed twice: the later owner, as the general reading)
            if not tables.centers.issuperset(centers):
                return None
    except (KeyError, TypeError):  # a unit not in canonical notation, an unhashable item: the general reading
        return None
    position = Position(variant, tables, season, str(phase_text), standing, centers)
    if len(position.at) != 2 * len(standing):
        return None  # two units in one province: the general reading names them
    return position


def plain_order_lines(given: object, tables: MapTables, most_lines: int, longest: int) -> Mapping[str, list[str]] | None:
    """A request's ``orders`` as they stand, when ``contract._orders`` would read them unchanged: every key a
    power's name as the map writes it, every value a list of strings of at most ``longest`` characters, at
    most ``most_lines`` lines in all; ``None`` for anything else (the contract reads those and words its errors)."""
    if given is None:
        return {}
    if type(given) is not dict:
        return None
    heads = tables.heads
    total = 0
    for power, lines in given.items():
        if type(power) is not str or power not in heads or not power.isupper() or type(lines) is not list:
            return None
        total += len(lines)
        for line in lines:
            if type(line) is not str or len(line) > longest:
                return None
    if total > most_lines:
        return None
    return given


class Orders:
    """Every unit's usable order (by unit number) and every written order's result line, in request order."""

    __slots__ = ("kind", "dest", "target", "via", "lines", "sequence", "defaults")

    def __init__(self, n: int) -> None:
        self.kind: list[int] = [-1] * n  # -1: no order (the unit holds by default)
        self.dest: list[str | None] = [None] * n  # move: location; support of a move: as written; convoy: province
        self.target: list[int] = [-1] * n  # the supported or convoyed unit
        self.via: list[bool] = [False] * n
        # (the result line's start up to its order text, with the separator from the line before; the order
        # text as JSON; the unit number, or -1 when invalid and -2 for several orders; the reason it is invalid
        # or None)
        self.lines: list[tuple[str, str, int, str | None]] = []
        # The units in the order the general path hands the resolver their orders: the units given a usable
        # order, as first written, then the others.
        self.sequence: list[int] = []
        self.defaults: list[int] = []  # the units given no usable order, in order


class Unsupported(Exception):
    """An order the lean records don't hold (a variant's own kind): the general path takes the request."""


Read = tuple[int, int, "str | None", int, bool, str]  # unit, kind, destination, target unit, via convoy, JSON text


def read_orders(position: Position, texts: Mapping[str, list[str]]) -> Orders:
    """Read and settle every power's order texts (``Submission.from_texts`` then ``settle``)."""
    n = len(position.units)
    made = Orders(n)
    tabled = position.tables.tabled
    by_text, powers = position.by_text, position.power
    lines = made.lines
    kind, dest, target, via = made.kind, made.dest, made.target, made.via
    first: list[str | None] = [None] * n  # unit -> its first order's text
    ordered: list[int] = []  # the units given an order, in the order first written
    clash: set[int] = set()
    read: Read | str
    heads = position.tables.heads
    for power, written in texts.items():
        first_head = heads.get(power) or tables_head(power)
        later_head = ", " + first_head
        for text in written:
            head = later_head if lines else first_head
            t = tabled.get(text)
            if t is not None:  # the usual text: its order taken in place
                unit, backed, quoted = t.unit, t.target, t.quoted
                i = by_text.get(unit)
                if i is not None and powers[i] != power:  # another power's unit: refused as ``_refused`` words it
                    lines.append((head, quoted, -1, f"the unit in {position.prov[i]} belongs to {powers[i]}, not {power}"))
                    continue
                if i is not None:
                    j = -1 if backed is None else by_text.get(backed, -2)
                    if j != -2:
                        lines.append((head, quoted, i, None))
                        known = first[i]
                        if known is None:
                            first[i] = quoted
                            ordered.append(i)
                            kind[i], dest[i], target[i] = t.kind, t.dest, j
                        elif known != quoted:
                            clash.add(i)
                        continue
            read = _read_text(position, power, text)
            if isinstance(read, str):
                lines.append((head, quote(text.strip()), -1, read))
                continue
            i, k, d, j, v, quoted = read
            lines.append((head, quoted, i, None))
            known = first[i]
            if known is None:
                first[i] = quoted
                ordered.append(i)
                kind[i], dest[i], target[i], via[i] = k, d, j, v
            elif known != quoted:  # DATC 4.D.3: a unit given different orders gets none of them
                clash.add(i)
            # (the same order twice counts once)
    if clash:
        for i in clash:
            kind[i], dest[i], target[i], via[i] = -1, None, -1, False
        made.lines = [(line[0], line[1], -2, None) if line[2] in clash else line for line in lines]
        ordered = [i for i in ordered if i not in clash]
    made.defaults = [u for u in range(n) if kind[u] < 0] if len(ordered) < n else []
    made.sequence = ordered + made.defaults if made.defaults else ordered
    return made


def _read_text(position: Position, power: str, text: str) -> Read | str:
    """A text not found in the map's table as written: its order, or why it can't be used (the general
    reading's words).

    The general reading gives ``variant.validate`` of the raw order the order reader's vocabulary splits
    the text into (its shape), or of the one ``variant.parse`` reads when the vocabulary can't split it
    (``OrderReader.read``); validation reads the raw order's kind, places and "via convoy" only. So a shape
    is looked up as the same order in canonical notation, or refused in validation's words, before the
    general validation is asked."""
    tables = position.tables
    if text in tables.far or not tables.far_listed:
        found = _by_convoy(position, power, text)
        if found is not None:
            return found
    vocab = tables.vocab
    shape: Shape | None
    if vocab.clash is None and text.isascii():
        # The words the vocabulary splits the text into ("a par-bur": A PAR - BUR): when they are a canonical
        # text of the map's table, the text stands for that order (``_split_read`` reads both alike).
        line = text.upper()
        if ">" in line:
            line = line.replace("->", "-").replace("=>", "-")
        if ">" not in line:
            words = line.replace("-", " - ").split()
            joined = " ".join(words)
            t = tables.tabled.get(joined)
            if t is not None:
                i = position.by_text.get(t.unit)
                if i is not None and position.power[i] == power:
                    j = -1 if t.target is None else position.by_text.get(t.target, -2)
                    if j != -2:
                        return (i, t.kind, t.dest, j, False, t.quoted)
            # A text in canonical notation is its own split: only such a text may be one of the vocabulary's
            # canonical texts or a support of two of them.
            shape = (vocab.canonical.get(text) or _canonical_support(vocab, text) if joined == text else None) \
                or _split_words(vocab, words)
        else:
            shape = None  # (``_split_read`` leaves a lone ">" to the parser; no canonical text holds one)
    else:
        shape = vocab.canonical.get(text) or _canonical_support(vocab, text) or _split_read(vocab, text)
    variant = position.variant
    try:
        if shape is None:
            unknown = _unknown_place(position, text)
            if unknown is not None:
                return unknown
            shape = _split_named(tables, text)  # (only a text naming no place by several words is unknown)
        if shape is None:
            raw = variant.parse(text)
            if raw.route is not None:
                return _record(position, variant.validate(raw, position.state(), power))
            shape = (raw.kind, raw.unit_type, raw.loc, raw.target_type, raw.target_loc, raw.dest, raw.via_convoy)
        found = _other_notation(position, power, shape)
        if found is not None:
            return found
        refused = _refused(position, power, shape)
        if refused is not None:
            return refused
        return _record(position, variant.validate(raw_order(shape, text), position.state(), power))
    except OrderError as exc:
        return str(exc)


_SIMPLE = frozenset("abcdefghijklmnopqrstuvwxyz0123456789 -")


def _split_named(tables: MapTables, text: str) -> Shape | None:
    """The shape the general parser gives a text of plain words that names places by names of several words
    ("F Black Sea - Rumania"): the parser reads each such name as its code (``orders.tokenize``), so the text
    reads as the one written with the codes, which the split reader reads (when it can: else ``None``)."""
    lower = text.strip().lower()
    if not lower or not _SIMPLE.issuperset(lower):
        return None
    pattern = _multiword_regex(tables.board)
    if pattern is None:
        return None
    lookup = tables.board.lookup
    parts: list[str] = []
    last = 0
    for found in pattern.finditer(lower):
        name = found.group(0)
        parts.append(lower[last:found.start()])
        parts.append(" " + (lookup(name) or name).lower() + " ")
        last = found.end()
    if not parts:
        return None
    parts.append(lower[last:])
    plain = "".join(parts)
    if pattern.search(plain) is not None:  # (codes and words that make another name: the parser's business)
        return None
    return _split_words(tables.vocab, plain.upper().replace("-", " - ").split())


def _unknown_place(position: Position, text: str) -> str | None:
    """The general parser's error for a text of plain words whose unit's place, or whose move's destination,
    is no place (random letters, "A PAR - XYZ"), read as ``orders.parse_raw`` reads it; ``None`` for any
    other text (the parser reads it)."""
    written = text.strip()
    lower = written.lower()
    if not lower or not _SIMPLE.issuperset(lower):
        return None
    tables = position.tables
    words = _multiword_regex(tables.board)
    if words is not None and words.search(lower):
        return None
    tokens = lower.replace("-", " - ").split()  # (the parser's tokens, for such a text)
    first = tokens[0]
    if first in _WAIVE or first in _BUILD or first in _DISBAND:
        return None
    # (``MapData.lookup`` of such a token: lower case, no spaces, dots or "+", so looked up as it is)
    names = tables.names
    at = 1 if (first in _UNIT_WORDS or first in tables.unit_words) and len(tokens) > 1 and first not in names else 0
    if at >= len(tokens):
        return None
    if tokens[at] not in names:
        return f"unknown place {tokens[at].upper()!r} in {written!r}"
    if at + 1 >= len(tokens):
        return None
    action = tokens[at + 1]
    if action not in _MOVE and action not in _RETREAT:
        return None
    at += 2
    if action == "moves" and at < len(tokens) and tokens[at] == "to":
        at += 1
    if at < len(tokens) and tokens[at] not in names:
        return f"unknown place {tokens[at].upper()!r} in {written!r}"
    return None


def _record(position: Position, order: Order) -> Read:
    """A typed order as a record."""
    at, units = position.at, position.units
    i = at.get(order.slot())  # type: ignore[arg-type]
    if i is None or getattr(order, "unit", None) != units[i]:
        raise Unsupported(str(order))
    text = quote(str(order))
    kind = type(order)
    if kind is Hold:
        return (i, HOLD, None, -1, False, text)
    if kind is Move:
        if order.route is not None:  # type: ignore[attr-defined]
            raise Unsupported(str(order))
        return (i, MOVE, order.dest, -1, order.via_convoy, text)  # type: ignore[attr-defined]
    if kind is SupportHold or kind is SupportMove or kind is Convoy:
        target = order.target  # type: ignore[attr-defined]
        j = at.get(target.loc.partition("/")[0])
        if j is None or units[j] != target:
            raise Unsupported(str(order))
        if kind is SupportHold:
            return (i, SUPPORT_HOLD, None, j, False, text)
        return (i, SUPPORT_MOVE if kind is SupportMove else CONVOY, order.dest, j, False, text)  # type: ignore[attr-defined]
    raise Unsupported(str(order))


def _place(tables: MapTables, word: str) -> bool:
    """``word`` is a province code the map's vocabulary reads as itself (so the text splits as written)."""
    return tables.vocab.places.get(word) == word and "/" not in word


def _by_convoy(position: Position, power: str, text: str) -> Read | None:
    """A move by convoy, a convoy or a support of a move by convoy in canonical notation (the map's table of
    them, ``MapTables.far``, or its entry for the text when the map's is not listed), checked against the position
    as ``OrderReader._standard_order`` checks it; ``None`` for any other text, or when a check fails (the general
    reader words the error)."""
    tables = position.tables
    far = far_of(tables, text)
    if far is None:
        return None
    kind, written, origin, dest, via, quoted = far.kind, far.unit, far.origin, far.dest, far.via, far.quoted
    if kind == MOVE:
        i = position.at.get(origin)
        if i is None or position.power[i] != power or position.units[i].type is not ARMY:
            return None
        if not position.linked(origin) & tables.touching.get(dest, 0):
            return None
        return (i, MOVE, dest, -1, via, quoted)
    i = position.by_text.get(written)
    j = position.at.get(origin)
    if i is None or j is None or position.power[i] != power or position.units[j].type is not ARMY:
        return None
    here = position.prov[i]
    if kind == SUPPORT_MOVE:
        fleets = position.fleets()
        own = tables.bit.get(here, 0) & fleets  # (a supporting fleet is no part of the route)
        if not (position.linked(origin) if not own else linked_fleets(tables, origin, fleets & ~own)) \
                & tables.touching.get(dest, 0):
            return None
        return (i, SUPPORT_MOVE, dest, j, False, quoted)
    linked = position.linked(origin)
    # validate.minimal_convoy_routes: a chain the fleets form, through this fleet, landing there
    if not any(not seas & ~linked for seas in tables.chains[(origin, here, dest)]):
        return None
    return (i, CONVOY, dest, j, False, quoted)


def _other_notation(position: Position, power: str, shape: Shape) -> Read | None:
    """The order a shape stands for ("a par-bur", "Army Munich supports Army Paris"), found as the same order
    in canonical notation, written from the units standing where it says (as ``OrderReader.entry`` does,
    ``_as_canonical``): in the map's table, or as a move by convoy, a convoy or a support of a move by convoy
    (``_by_convoy``); ``None`` otherwise."""
    kind, _, loc, _, target_loc, dest, via = shape
    if loc is None:
        return None
    at, units = position.at, position.units
    i = at.get(loc.partition("/")[0])
    if i is None:
        return None
    unit = units[i]
    if unit.power != power:
        return None
    head = position.text[i]
    target = ""  # the supported or convoyed unit as it stands
    if kind == "hold":
        canonical = head + " H"
    elif kind == "move" and dest is not None:
        canonical = f"{head} - {dest} VIA" if via else f"{head} - {dest}"
    elif (kind == "support" or kind == "convoy") and target_loc is not None:
        target_prov = target_loc.partition("/")[0]
        j = at.get(target_prov)
        if j is None:
            return None
        target = position.text[j]
        canonical = (f"{head} {'S' if kind == 'support' else 'C'} {units[j].type._value_} {target_prov}"
                     + ("" if dest is None else f" - {dest}"))
    else:
        return None
    tables = position.tables
    t = tables.tabled.get(canonical)
    if t is None and kind == "support":  # a fleet on a coast written with its province alone?
        on_coast = tables.coast_supports.get(canonical)
        if on_coast is not None:
            t = on_coast.get(target)
    if t is None or t.unit != head:
        return _by_convoy(position, power, canonical)
    if t.target is None:
        return (i, t.kind, t.dest, -1, False, t.quoted)
    j = position.by_text.get(t.target)
    if j is None:
        return None
    return (i, t.kind, t.dest, j, False, t.quoted)


def _refused(position: Position, power: str, shape: Shape) -> str | None:
    """Why ``validate.validate_movement`` refuses the raw order ``shape`` stands for, in its words, for the
    refusals it words from the unit, its neighbours and the fleets at sea alone; ``None`` when it would
    accept the order or the case is left to it."""
    kind, _, loc, _, target_loc, dest, via = shape
    if kind == "build" or kind == "waive":
        return "builds are only ordered in the adjustment phase"
    if kind == "retreat":
        return "retreats are only ordered in the retreat phase"
    if kind == "disband":
        return "units are only disbanded in retreat and adjustment phases"
    if loc is None:
        return None
    here = loc.partition("/")[0]
    i = position.at.get(here)
    if i is None:
        return f"no unit at {here}"
    unit = position.units[i]
    if unit.power != power:
        return f"the unit in {here} belongs to {unit.power}, not {power}"
    tables = position.tables
    board = tables.board
    if kind == "move" and dest is not None:
        dest_prov = dest.partition("/")[0]
        if dest_prov == here:
            return f"{unit} can't move to its own province"
        if unit.type is FLEET:
            if via:
                return "only armies can be convoyed"
            try:
                fleet_destination(board, unit, dest)
            except OrderError as exc:
                return str(exc)
            return None
        if unit.type is not ARMY:
            return None
        place = board.provinces.get(dest_prov)
        if place is None:
            return None
        if not place.is_land:
            return f"an army can't go to {dest_prov}: {'it is a sea' if place.is_sea else 'it is impassable'}"
        adjacent = dest_prov in tables.army_adjacent[here]
        if not adjacent or via:
            if dest_prov not in tables.reach(here):
                if via:
                    return f"no sea route by which {unit} could be convoyed to {dest_prov}"
                return f"{dest_prov} is not adjacent to {here}"
            if not route_exists(tables, here, dest_prov, position.fleets()):
                if adjacent:
                    return f"no fleets at sea could convoy {unit} to {dest_prov}"
                return f"{dest_prov} is not adjacent to {here}, and no fleets at sea could convoy it"
        return None
    if kind == "support" and target_loc is not None:
        target_prov = target_loc.partition("/")[0]
        j = position.at.get(target_prov)
        if j is None:
            return f"no unit at {target_prov} to support"
        if target_prov == here:
            return f"{unit} can't support itself"
        target = position.units[j]
        if dest is None:
            if not board.reaches_province(unit.type, unit.loc, target_prov):
                return f"{unit} can't support in {target_prov}: it can't move there"
            return None
        dest_prov = dest.partition("/")[0]
        if dest_prov == target_prov:
            return f"{target} can't move to its own province"
        if dest_prov == here:
            return f"{unit} can't support a move into its own province"
        if not board.reaches_province(unit.type, unit.loc, dest_prov):
            return f"{unit} can't support a move to {dest_prov}: it can't move there"
        if target.type is ARMY:
            if dest_prov not in tables.army_adjacent[target.loc] and not (
                    dest_prov in tables.reach(target_prov)
                    and route_exists(tables, target_prov, dest_prov, position.fleets() & ~tables.bit[here])):
                return f"{target} can't reach {dest_prov}"
        elif target.type is FLEET:
            if not board.reaches_province(target.type, target.loc, dest_prov):
                return f"{target} can't reach {dest_prov}"
        return None
    return None
