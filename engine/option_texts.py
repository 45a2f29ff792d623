"""The legal movement orders of a whole position as text, fast.

:mod:`engine.options` is the reference: it builds typed orders one unit at a time (what the GUI and
variants extend). Listing every order of every unit as text is what bots, the JSON contract and the LAN
host ask for on every phase, so this module does it from per-map tables of prebuilt text and keeps
nothing from one position to the next. It covers the standard rules (armies and fleets, no special
routes); ``tests/engine/test_options.py`` checks that both give exactly the same orders. A variant's
move permission (:data:`engine.validate.MovePermission`) filters the prebuilt texts: the tables stay
per map, and positions without a restriction pay nothing.

The module may run compiled (mypyc). The interpreter keeps a unit's supports fastest with ``struct``
pickers and ``compress``, which stay Python calls once compiled; the compiled build writes the JSON answers
(from units' texts or from a position) by plain loops over the marks instead (``_units_json_by_loops``,
``_state_json_by_loops``), which it turns into C loops. Both ways write the same text
(``tests/engine/test_legal_orders_json.py`` runs both in either build). The lists of texts
(``movement_order_texts``) take the pickers in either build.

Each list holds a unit's orders in no particular order.
"""
from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from functools import lru_cache
from json.encoder import encode_basestring_ascii as _quote  # json.dumps's own string encoder
from itertools import compress
from operator import itemgetter
from struct import Struct
from sys import intern
from types import FunctionType
from typing import Any, Callable, Final, Iterable, Mapping, NamedTuple

from .mapdata import MapData
from .state import GameState
from .types import Unit, UnitType, province_of
from .validate import ConvoyChain, MovePermission, convoy_chains


_FLEET = UnitType.FLEET


class _UnitRow(NamedTuple):
    """What the per-unit loop needs about one unit key ("A PAR", "F STP/SC"), whatever the position.

    The tables hold it as a plain tuple: CPython unpacks those faster in a loop header. A position's units
    are marked in a byte string by their keys' numbers (``_Tables.numbers``); ``pick`` reads the marks of the
    units this one could support, and ``itertools.compress`` keeps their supports: a few small tables per
    unit (rather than a set and a dict) keep a call's memory traffic low."""

    key: str
    fixed: list[str]  # its hold and move orders
    number: int  # its key's number
    numbers: tuple[int, ...]  # the numbers of the units it could support, in the map's order of keys (rising)
    pick: _Picker  # their marks
    supports: tuple[list[str], ...]  # every support it could give each of them, in the same order


_Picker = Callable[[bytearray], tuple[int, ...]]  # a position's marks (``_marks``) -> some of them, in order


def _picker(numbers: Iterable[int]) -> _Picker:
    """The reader of the marks of these numbers, rising: a ``struct`` format of single bytes with the gaps
    between them skipped, which reads a few dozen marks in about half the time ``operator.itemgetter`` takes.
    ``compress`` then keeps the values whose marks are set."""
    fields, at, run = ["<"], 0, 0  # (marks next to each other read as one field of ``run`` bytes)
    for number in numbers:
        if number < at:
            raise ValueError(f"marks read out of order: {number} after {at - 1}")
        if number > at:
            fields.append(f"{run}B{number - at}x" if run else f"{number - at}x")
            run = 0
        run += 1
        at = number + 1
    if run:
        fields.append(f"{run}B")
    return Struct("".join(fields)).unpack_from


class _SeaMove(NamedTuple):
    """An army's convoyed move to a place it can't walk to: who may support it, and with what text."""

    keys: frozenset[str]  # keys of the units that may support it (DATC 6.D.31: not a fleet every route needs)
    texts: dict[str, str]  # unit key -> its support order ("F NTH S A LON - BEL"), for every possible supporter


class _RouteTexts(NamedTuple):
    """What one convoy chain from an army's coast offers, as text."""

    moves: list[str]  # the army's moves along it: "A BRE - LON", "A BRE - PIC VIA"
    convoys: list[tuple[str, list[str]]]  # (fleet key "F ENG", the convoys it may give along the chain)
    sea_moves: list[_SeaMove]  # for the destinations the army can't walk to
    by_dest: list[tuple[str, str, frozenset[str] | None]]  # (destination, move, its supporters' keys or None)
    supports_by_key: dict[str, list[str]]  # ``sea_moves``' support orders by supporter: "F ENG" -> [...]


@dataclass(slots=True)
class _Tables:
    rows: dict[str, dict[str, tuple[Any, ...]]]  # "A" or "F" -> location -> _UnitRow as a tuple
    numbers: dict[str, int]  # unit key -> its number, from 1; a position's marks are one byte a number, and mark 0
    seas: tuple[str, ...]  # the seas where a fleet could convoy ("NTH")
    seas_pick: _Picker  # the marks of the fleets there
    sailing: tuple[tuple[str, frozenset[str]], ...]  # armies that could be convoyed ("A BRE"), and the seas
    sailing_pick: _Picker  # of their first fleets; and the marks of those armies
    chains: dict[str, tuple[ConvoyChain, ...]]  # validate.convoy_chains
    # army province -> coastal destination -> (move text, only by convoy: who may support it, with what)
    sail: dict[str, dict[str, tuple[str, dict[str, str] | None]]]
    route_texts: dict[ConvoyChain, _RouteTexts]  # every chain on small maps; larger ones fill it on first use
    routes: dict[ConvoyChain, _Route]  # the same chains' orders as pieces (text and JSON)
    # army province -> destination only by convoy -> supporter key -> its support of the move, as a piece
    # (filled with ``routes``, for the destinations of their chains)
    sea_supports: dict[str, dict[str, dict[str, _Piece]]]


_EAGER_ROUTE_TEXTS = 5000  # chains: the standard board has about 900, Colonial fifteen thousand


@lru_cache(maxsize=None)
def _tables(board: MapData) -> _Tables:
    fixed: dict[str, list[str]] = {}
    near: dict[str, list[str]] = {}  # key -> provinces it can support into
    move_suffixes: dict[str, dict[str, list[str]]] = {}  # key -> province -> ["F MAO - SPA/NC", ...]
    short: dict[str, str] = {}  # "F STP/SC" -> "F STP": how orders name another unit
    walkable: dict[str, frozenset[str]] = {}
    for kind in (UnitType.ARMY, UnitType.FLEET):
        for loc in sorted(board.locations(kind)):
            key = intern(f"{kind.value} {loc}")  # (the contract's tables name units by the same strings)
            short[key] = f"{kind.value} {province_of(loc)}"
            if kind is UnitType.FLEET:
                dests = sorted(board.fleet_adjacent(loc))
                near[key] = sorted(board.fleet_adjacent_provinces(loc))
            else:
                dests = sorted(board.army_adjacent(loc))
                near[key] = dests
            fixed[key] = [f"{key} H", *(f"{key} - {d}" for d in dests)]
            suffixes: dict[str, list[str]] = defaultdict(list)
            for d in dests:
                suffixes[province_of(d)].append(f"{short[key]} - {d}")
            move_suffixes[key] = dict(suffixes)
            walkable[key] = frozenset(province_of(d) for d in dests)

    rows: dict[str, dict[str, tuple[Any, ...]]] = {"A": {}, "F": {}}
    supporters: dict[str, list[tuple[str, str, str]]] = defaultdict(list)
    numbers = {key: n for n, key in enumerate(fixed, start=1)}  # (mark 0 is always set: _JsonRow.pick)
    for key in fixed:
        here = province_of(key[2:])
        prefix = f"{key} S "
        supports: dict[str, list[str]] = {}
        for other in fixed:
            there = province_of(other[2:])
            if there == here:
                continue
            texts = [prefix + short[other]] if there in near[key] else []
            texts += [prefix + suffix for prov in near[key] for suffix in move_suffixes[other].get(prov, ())]
            if texts:
                supports[other] = texts
        read = tuple(numbers[other] for other in supports)
        rows[key[0]][key[2:]] = tuple(_UnitRow(key, fixed[key], numbers[key], read, _picker(read),
                                               tuple(supports.values())))
        for prov in near[key]:
            supporters[prov].append((key, here, prefix))

    coastal = sorted(p for p, v in board.provinces.items() if v.is_coastal)
    sail: dict[str, dict[str, tuple[str, dict[str, str] | None]]] = {}
    for army in coastal:
        sail[army] = {}
        for dest in coastal:
            if dest in walkable[f"A {army}"]:
                sail[army][dest] = (f"A {army} - {dest} VIA", None)
            elif dest != army:
                move = f"A {army} - {dest}"
                sail[army][dest] = (move, {k: prefix + move for k, p, prefix in supporters[dest] if p != army})
    sea_fleets = {p for p, v in board.provinces.items() if v.can_convoy and not v.coasts}
    chains = convoy_chains(board)
    seas = tuple(sorted(sea_fleets))
    sailing = [(f"A {army}", frozenset(chain.sea for chain in roots)) for army, roots in sorted(chains.items())
               if roots and f"A {army}" in numbers]
    t = _Tables(rows, numbers, seas, _picker(numbers[f"F {sea}"] for sea in seas),
                tuple(sailing), _picker(numbers[key] for key, _ in sailing), chains, sail, {}, {}, {})
    every_chain = [(army, c) for army, roots in chains.items() for c in _tree(roots)]
    if len(every_chain) <= _EAGER_ROUTE_TEXTS:
        for army, chain in every_chain:
            _route(t, army, chain)
    return t


def _tree(roots: tuple[ConvoyChain, ...]) -> list[ConvoyChain]:
    out = list(roots)
    for chain in out:
        out.extend(chain.longer)
    return out


def _route_texts(t: _Tables, army: str, chain: ConvoyChain) -> _RouteTexts:
    texts = t.route_texts.get(chain)
    if texts is None:
        sail = t.sail[army]
        by_dest = []
        sea_moves = []
        for dest in chain.lands:
            move, supports = sail[dest]
            keys = None
            if supports is not None:
                # Every route this chain forms needs its fleets: they may not support the move (6.D.31).
                keys = frozenset(k for k in supports if k[2:] not in chain.seas)
                sea_moves.append(_SeaMove(keys, supports))
            by_dest.append((dest, move, keys))
        supports_by_key: dict[str, list[str]] = {}
        for may_support, support_texts in sea_moves:
            for key in sorted(may_support):
                supports_by_key.setdefault(key, []).append(support_texts[key])
        texts = t.route_texts[chain] = _RouteTexts(
            [move for _, move, _ in by_dest],
            [(f"F {sea}", [f"F {sea} C A {army} - {d}" for d in chain.lands]) for sea in sorted(chain.seas)],
            sea_moves, by_dest, supports_by_key)
    return texts


class _Piece(NamedTuple):
    """Some orders of one unit, as texts and as JSON (each text after a ", "), so that the text and JSON
    answers are made by the same steps."""

    texts: list[str]
    json: str


def _piece(texts: list[str]) -> _Piece:
    return _Piece(texts, "".join(", " + _quote(text) for text in texts))


def _one_piece(text: str) -> _Piece:
    return _Piece([text], ", " + _quote(text))


class _Route(NamedTuple):
    """What one convoy chain from an army's coast offers, as pieces."""

    moves: _Piece  # the army's moves along it
    convoys: list[tuple[str, _Piece]]  # (fleet key, the convoys it may give along the chain)
    supporters: _Picker  # the marks of the units that may support some move by sea along it
    supports: tuple[tuple[str, _Piece], ...]  # (supporter key, its supports of those moves), in that order
    # The same order by order, for an army whose chains reach one coast several ways (_add_shared_landings):
    by_dest: list[tuple[str, _Piece, frozenset[str] | None]]  # (destination, the move, who may support it)
    convoys_by_text: list[tuple[str, dict[str, _Piece]]]  # (fleet key, its convoys by text)


def _route(t: _Tables, army: str, chain: ConvoyChain) -> _Route:
    route = t.routes.get(chain)
    if route is None:
        moves, convoys, _, by_dest, supports_by_key = _route_texts(t, army, chain)
        pieces = t.sea_supports.setdefault(army, {})
        for dest, _, keys in by_dest:
            if keys is not None and dest not in pieces:
                supports = t.sail[army][dest][1]
                assert supports is not None  # (a destination only by convoy)
                pieces[dest] = {key: _one_piece(text) for key, text in supports.items()}
        # (Each supporter's pieces go to its own list: read in the order of their numbers.)
        by_number = sorted(supports_by_key.items(), key=lambda item: t.numbers[item[0]])
        route = t.routes[chain] = _Route(_piece(moves), [(fleet, _piece(texts)) for fleet, texts in convoys],
                                         _picker(t.numbers[key] for key, _ in by_number),
                                         tuple((key, _piece(texts)) for key, texts in by_number),
                                         [(dest, _one_piece(move), keys) for dest, move, keys in by_dest],
                                         [(fleet, {text: _one_piece(text) for text in texts}) for fleet, texts in convoys])
    return route


def movement_order_texts(board: MapData, state: GameState,
                         permit: MovePermission | None = None) -> dict[str, dict[str, list[str]]]:
    """``{power: {location: [order text, ...]}}`` for every unit in a movement phase; ``permit`` is the
    variant's move permission in ``state`` (``None``: no restriction)."""
    out = _unrestricted_texts(board, state)
    if permit is not None:
        _apply_permission(out, state, permit)
    return out


def _apply_permission(out: dict[str, dict[str, list[str]]], state: GameState, permit: MovePermission) -> None:
    """Drop the texts ``permit`` forbids, reading the canonical forms: ``A PAR - BUR [VIA]``, ``F NTH S A LON
    [- BEL]``, ``F NTH C A LON - BEL`` (a unit supports only where it may move; the supported or convoyed
    unit must be allowed its move)."""
    units = state.units
    verdicts: dict[tuple[str, str], bool] = {}

    def allowed(prov: str, dest: str) -> bool:
        key = (prov, dest)
        ok = verdicts.get(key)
        if ok is None:
            ok = verdicts[key] = permit(units[prov], dest) is None
        return ok

    def keep(text: str) -> bool:
        parts = text.split(" ")
        action = parts[2]
        if action == "H":
            return True
        here = province_of(parts[1])
        if action == "-":
            return allowed(here, province_of(parts[3]))
        if action == "S":
            if len(parts) == 5:
                return allowed(here, parts[4])
            dest = province_of(parts[6])
            return allowed(here, dest) and allowed(parts[4], dest)
        return allowed(parts[4], province_of(parts[6]))  # a convoy: the army's move

    for per in out.values():
        for loc, texts in per.items():
            per[loc] = [t for t in texts if keep(t)]


def _sea_orders(t: _Tables, marks: bytearray) -> dict[str, list[_Piece]]:
    """Orders that need fleets at sea, by unit key, as pieces: convoy moves, convoys, supports of convoyed
    moves; ``marks``: the position's units (``_marks``). (The text and JSON answers both read this, so they
    list the same orders in the same order.)"""
    extra: defaultdict[str, list[_Piece]] = defaultdict(list)
    fleets = set(compress(t.seas, t.seas_pick(marks)))
    if fleets:
        # (who may support a move by sea, their supports)
        sea_moves: list[tuple[frozenset[str], dict[str, _Piece]]] = []
        chain_roots, routes = t.chains, t.routes
        for key, first_seas in compress(t.sailing, t.sailing_pick(marks)):
            if first_seas.isdisjoint(fleets):
                continue
            # validate.chains_formed, inlined (a hot loop): the chains of the army's tree the fleets form
            chains = [chain for chain in chain_roots[key[2:]] if chain.sea in fleets]
            for formed in chains:  # the loop also visits the chains it appends
                for chain in formed.longer:
                    if chain.sea in fleets:
                        chains.append(chain)
            if len(chains) > 1 and not _lands_apart(chains):
                _add_shared_landings(t, key, chains, extra, sea_moves)
                continue
            # Each destination is reached by one chain only (the usual case): the prebuilt pieces as they are,
            # the supports of the moves by sea gathered per supporter.
            for chain in chains:
                moves, convoys, supporters, supports, _, _ = routes.get(chain) or _route(t, key[2:], chain)
                extra[key].append(moves)
                for fleet, piece in convoys:
                    extra[fleet].append(piece)
                for supporter, piece in compress(supports, supporters(marks)):
                    extra[supporter].append(piece)
        numbers = t.numbers
        for may_support, pieces in sea_moves:
            for key in may_support:
                if marks[numbers[key]]:
                    extra[key].append(pieces[key])
    return extra


def _unrestricted_texts(board: MapData, state: GameState) -> dict[str, dict[str, list[str]]]:
    t = _tables(board)
    army_rows, fleet_rows = t.rows["A"], t.rows["F"]
    units = state.units.values()
    placed = [(fleet_rows if unit.type is _FLEET else army_rows)[unit.loc] for unit in units]
    marks = _marks(len(t.numbers), map(_third, placed))
    extra = _sea_orders(t, marks)
    out: dict[str, dict[str, list[str]]] = {}
    for unit, (key, fixed, _, _, pick, supports) in zip(units, placed):
        texts = fixed.copy()
        for given in compress(supports, pick(marks)):
            texts += given
        more = extra.get(key)
        if more is not None:
            for piece in more:
                texts += piece.texts
        if unit.power in out:
            out[unit.power][unit.loc] = texts
        else:
            out[unit.power] = {unit.loc: texts}
    return out


def _marks(size: int, numbers: Iterable[int]) -> bytearray:
    """A position's units marked by their keys' numbers (``_UnitRow.number``, 1 to ``size``), and mark 0, always
    set (``_JsonRow.pick`` reads it)."""
    marks = bytearray(size + 1)
    marks[0] = 1
    for number in numbers:
        marks[number] = 1
    return marks


_third = itemgetter(2)


class _JsonRow(NamedTuple):
    """One unit key's part of the JSON answer, whatever the position (held as a plain tuple, as ``_UnitRow``)."""

    key: str  # "A PAR"
    head: str  # the start of its entry: '"PAR": ["A PAR H", "A PAR - BUR"' (the place, the hold and moves)
    number: int  # as _UnitRow's
    pick: _Picker  # mark 0 (always set), then _UnitRow's
    # The entry as it follows another unit's entry of its power ('], "PAR": ["A PAR H", ...'), then _UnitRow's
    # supports as JSON, each text after a ", ": the marks ``pick`` reads keep the head and the supports given.
    entry: tuple[str, ...]


@dataclass(slots=True)
class _JsonTables:
    texts: _Tables  # the map's tables these are made from
    army: dict[str, tuple[Any, ...]]  # location -> _JsonRow as a tuple
    fleet: dict[str, tuple[Any, ...]]
    by_key: dict[str, tuple[Any, ...]]  # the same rows by unit key ("A PAR", "F STP/SC")
    opening: dict[str, tuple[str, str]]  # power -> ('{"FRANCE": {', ']}, "FRANCE": {'): its entries' opening
    routes: dict[ConvoyChain, tuple[Any, ...]]  # _Route's pieces as JSON (_JsonRoute as a tuple), filled as ``routes``
    # _Tables.sailing with each army's province and a chain standing before its tree (its one-sea chains
    # are the longer ones), so that one loop walks the chains the fleets form
    sailing: tuple[tuple[str, str, frozenset[str], ConvoyChain], ...]
    keys: tuple[str, ...]  # unit key by number ("" for mark 0)
    coast_bits: dict[str, int]  # province -> its bit, for the coasts a chain reaches (_JsonRoute.lands)


class _JsonRoute(NamedTuple):
    """A chain's orders as JSON (``_Route``'s pieces), as the convoy loop reads them."""

    orders: tuple[tuple[str, str], ...]  # (unit key, its orders along the chain): the army's moves, each fleet's convoys
    supporters: _Picker  # as _Route's
    supports: tuple[tuple[str, str], ...]  # (supporter key, its supports of the moves by sea), as _Route's
    lands: int  # the coasts the chain newly reaches (ConvoyChain.lands), as bits (_JsonTables.coast_bits)


def _json_route(j: _JsonTables, army: str, chain: ConvoyChain) -> tuple[Any, ...]:
    route = j.routes.get(chain)
    if route is None:
        moves, convoys, supporters, supports, _, _ = j.texts.routes.get(chain) or _route(j.texts, army, chain)
        route = j.routes[chain] = tuple(_JsonRoute(
            (("A " + army, moves.json), *((fleet, piece.json) for fleet, piece in convoys)), supporters,
            tuple((key, piece.json) for key, piece in supports), sum(j.coast_bits[coast] for coast in chain.lands)))
    return route


@lru_cache(maxsize=None)
def _json_tables(board: MapData) -> _JsonTables:
    """The map's unit rows as JSON: per location of each unit type its ``_JsonRow``."""
    t = _tables(board)
    rows = {letter: {loc: tuple(_JsonRow(key, head, number, _picker((0, *read)),
                                         ("], " + head, *(_piece(texts).json for texts in supports))))
                     for loc, (key, fixed, number, read, _, supports) in per.items()
                     for head in (_quote(loc) + ": [" + ", ".join(map(_quote, fixed)),)}
            for letter, per in t.rows.items()}
    by_key: dict[str, tuple[Any, ...]] = {}  # (keyed by the rows' own keys: the same strings as ``numbers``')
    for letter, per in t.rows.items():
        for loc, unit_row in per.items():
            by_key[unit_row[0]] = rows[letter][loc]
    sailing = tuple((key, key[2:], first_seas, ConvoyChain("", frozenset(), (), t.chains[key[2:]]))
                    for key, first_seas in t.sailing)
    j = _JsonTables(t, rows["A"], rows["F"], by_key, {power: _opening(power) for power in board.powers}, {}, sailing,
                    ("", *t.numbers), {place: 1 << n for n, place in enumerate(sorted(board.provinces))})
    for army, roots in t.chains.items():  # the chains made with the map's tables (every chain on small maps)
        for chain in _tree(roots):
            if chain in t.routes:
                _json_route(j, army, chain)
    return j


_last_json_tables: tuple[Any, Any] = (None, None)  # the board asked for last and its tables (lru_cache hashes the map)


def _json_tables_kept(board: MapData) -> _JsonTables:
    global _last_json_tables
    tables = _json_tables(board)
    _last_json_tables = (board, tables)
    return tables


def _opening(power: str) -> tuple[str, str]:
    """The opening of ``power``'s entries as the first power's, and after another power's."""
    return "{" + _quote(power) + ": {", "]}, " + _quote(power) + ": {"


_json_of = itemgetter(1)  # a _Piece's JSON


def movement_orders_json(board: MapData, state: GameState) -> str:
    """``json.dumps(movement_order_texts(board, state))``, byte for byte (the same texts in the same order),
    written from per-map JSON fragments rather than lists: the contract's text path. The parts are
    gathered in one list and joined once (positions list each power's units together; one that doesn't is
    grouped first). (The compiled build keeps each unit's supports by plain loops, as
    ``movement_orders_json_of_units`` does.)"""
    if _COMPILED:
        answer = _state_json_by_loops(board, state)
        if answer is not None:
            return answer
    j = _json_tables(board)
    army, fleet = j.army, j.fleet
    units = state.units.values()
    placed = [(fleet if unit.type is _FLEET else army)[unit.loc] for unit in units]
    marks = _marks(len(j.texts.numbers), map(_third, placed))
    extra = _sea_json(j, marks)
    parts: list[str] = []
    power = None
    done: set[str] = set()
    for unit, (key, head, _, pick, entry) in zip(units, placed):
        at = len(parts)
        parts += compress(entry, pick(marks))  # the entry as if after another of its power, and its supports
        if unit.power != power:
            if unit.power in done:  # this power's units came apart: group them, then write
                return _grouped_json(units, placed, marks, extra)
            opening = j.opening.get(unit.power) or _opening(unit.power)
            parts[at] = (opening[0] if power is None else opening[1]) + head
            if power is not None:
                done.add(power)
            power = unit.power
        if key in extra:
            parts += extra[key]
    parts.append("]}}" if parts else "{}")
    return "".join(parts)


def movement_orders_json_of_units(board: MapData, units: Mapping[str, list[str]]) -> str:
    """``movement_orders_json`` of the position of ``units`` alone: ``{power: ["A PAR", "F STP/SC", ...]}``,
    every unit in canonical notation, where its kind may stand, one per province (the position a request
    in the plain form describes, whose units are listed in this order, power by power): written from the
    units' texts without the position. (The compiled build keeps each unit's supports by a plain loop, the
    interpreter by ``struct`` and ``compress``: each is the faster there, and both write the same text.)"""
    if _COMPILED:
        return _units_json_by_loops(board, units)
    return _units_json_by_pickers(board, units)


def _units_json_by_pickers(board: MapData, units: Mapping[str, list[str]]) -> str:
    """``movement_orders_json_of_units`` as the interpreter writes it fastest: each unit's supports kept by
    ``compress`` from the marks its picker reads."""
    last = _last_json_tables  # (one tuple: read whole even while another thread replaces it)
    j = last[1] if last[0] is board else _json_tables_kept(board)
    by_key = j.by_key
    marks = bytearray(len(by_key) + 1)  # (_marks, inlined)
    marks[0] = 1
    for texts in units.values():
        for text in texts:
            marks[by_key[text][2]] = 1
    extra = _sea_json(j, marks)
    parts: list[str] = []
    for power, texts in units.items():
        if not texts:
            continue
        at = len(parts)
        for text in texts:  # each entry as if after another of its power
            key, _, _, pick, entry = by_key[text]
            parts += compress(entry, pick(marks))
            if key in extra:
                parts += extra[key]
        start = j.opening.get(power) or _opening(power)  # the power's first entry opens its object
        parts[at] = (start[1] if at else start[0]) + by_key[texts[0]][1]
    parts.append("]}}" if parts else "{}")
    return "".join(parts)


class _LoopRow:
    """One unit key's part of the JSON answer as the compiled loop reads it (``_JsonRow``'s, as lists)."""

    def __init__(self, key: str, head: str, number: int, reads: list[int], entry: list[str]) -> None:
        self.key = key  # "A PAR"
        self.head = head  # as _JsonRow's
        self.number = number  # its key's number
        self.reads = reads  # mark 0, then the numbers of the units it could support (_UnitRow.numbers)
        self.entry = entry  # as _JsonRow's: one item per number of ``reads``


class _LoopTables:
    """The map's JSON tables (``_JsonTables``) with the unit rows as the compiled loop reads them."""

    def __init__(self, board: MapData, j: _JsonTables) -> None:
        self.board = board
        self.json = j
        t = j.texts
        self.rows: dict[str, _LoopRow] = {}  # by unit key ("A PAR", "F STP/SC")
        self.army: dict[str, _LoopRow] = {}  # by location
        self.fleet: dict[str, _LoopRow] = {}
        for letter, per in t.rows.items():
            for loc, (key, _, number, read, _, _) in per.items():
                json_row = j.by_key[key]
                row = self.rows[key] = _LoopRow(key, json_row[1], number, [0, *read], list(json_row[4]))
                (self.fleet if letter == "F" else self.army)[loc] = row
        # Marks: one a number, mark 0 (always set), and a last one never set, for seas no fleet convoys from.
        self.size = len(t.numbers) + 2
        self.sea_fleets = [t.numbers[f"F {sea}"] for sea in t.seas]
        self.sailing = [_LoopArmy(key, t.numbers[key], [self._chain(chain) for chain in t.chains[key[2:]]])
                        for key, _ in t.sailing]
        # (army key, coast only by convoy) -> supporter key -> its support of the move, as JSON
        self.sea_supports: dict[tuple[str, str], dict[str, str]] = {}

    def _chain(self, chain: ConvoyChain) -> _LoopChain:
        fleet = self.json.texts.numbers.get(f"F {chain.sea}") if chain.sea in self.json.texts.seas else None
        return _LoopChain(chain, self.size - 1 if fleet is None else fleet,
                          [self._chain(longer) for longer in chain.longer])


class _LoopArmy:
    """An army that could be convoyed (``_Tables.sailing``), for the compiled walk of its chains."""

    def __init__(self, key: str, number: int, roots: list[_LoopChain]) -> None:
        self.key = key  # "A BRE"
        self.number = number
        self.roots = roots  # its one-sea chains, each the root of a tree of longer ones


class _LoopChain:
    """A chain of an army's tree (``ConvoyChain``) as the compiled walk reads it: the mark of the fleet on its
    last sea, the chains one sea longer, and its orders once made."""

    def __init__(self, chain: ConvoyChain, fleet: int, longer: list[_LoopChain]) -> None:
        self.chain = chain
        self.fleet = fleet  # the number of "F <its last sea>"
        self.longer = longer
        self.route: _LoopRoute | None = None


class _LoopRoute:
    """A chain's orders as JSON (``_JsonRoute``'s, as lists), and the same order by order for an army whose
    chains reach one coast several ways (``_Route.by_dest`` and ``convoys_by_text``'s, as JSON)."""

    def __init__(self, owners: list[str], orders: list[str], supporters: list[int], supporter_keys: list[str],
                 supports: list[str], lands: int, dests: list[str], moves: list[str],
                 by_sea: list[frozenset[str] | None], sea_supports: list[dict[str, str]], fleets: list[str],
                 convoys: list[list[str]]) -> None:
        self.owners = owners  # the army's key, then each fleet's
        self.orders = orders  # their orders along the chain, as JSON
        self.supporters = supporters  # the numbers of the units that may support some move by sea along it
        self.supporter_keys = supporter_keys  # their keys
        self.supports = supports  # their supports of those moves, as JSON
        self.lands = lands  # as _JsonRoute's
        self.dests = dests  # the coasts it reaches (ConvoyChain.lands)
        self.moves = moves  # the army's move to each, as JSON
        self.by_sea = by_sea  # for each: the keys of the units that may support the move, if only by convoy
        self.sea_supports = sea_supports  # for each: every possible supporter's support of the move, as JSON
        self.fleets = fleets  # the fleets' keys
        self.convoys = convoys  # for each fleet, its convoy to each coast, as JSON


def _loop_route(lt: _LoopTables, army: _LoopArmy, chain: _LoopChain) -> _LoopRoute:
    j = lt.json
    t = j.texts
    orders, _, supports, lands = j.routes.get(chain.chain) or _json_route(j, army.key[2:], chain.chain)
    by_dest, convoys_by_text = (t.routes.get(chain.chain) or _route(t, army.key[2:], chain.chain))[4:]
    numbers = t.numbers
    sail = t.sail[army.key[2:]]
    sea_supports: list[dict[str, str]] = []
    for dest, _, keys in by_dest:
        by_key = sail[dest][1]
        if keys is None or by_key is None:
            sea_supports.append({})
            continue
        pair = (army.key, dest)  # (the same supports for each of the army's chains reaching the coast)
        made = lt.sea_supports.get(pair)
        if made is None:
            made = lt.sea_supports[pair] = {key: ", " + _quote(text) for key, text in by_key.items()}
        sea_supports.append(made)
    route = chain.route = _LoopRoute([key for key, _ in orders], [text for _, text in orders],
                                     [numbers[key] for key, _ in supports], [key for key, _ in supports],
                                     [text for _, text in supports], lands,
                                     [dest for dest, _, _ in by_dest], [move.json for _, move, _ in by_dest],
                                     [keys for _, _, keys in by_dest], sea_supports,
                                     [fleet for fleet, _ in convoys_by_text],
                                     [[piece.json for piece in by_text.values()] for _, by_text in convoys_by_text])
    return route


def _add_shared_landings_by_loops(army: _LoopArmy, routes: list[_LoopRoute], extra: dict[str, list[str]],
                                  shared: list[tuple[frozenset[str], dict[str, str]]]) -> None:
    """``_add_shared_landings`` for the compiled walk, from the routes' JSON: the same orders in the same order."""
    moves_to: dict[str, str] = {}
    may_support: dict[str, frozenset[str]] = {}
    supports_of: dict[str, dict[str, str]] = {}
    convoys_by: dict[str, dict[str, str]] = {}
    for route in routes:
        dests, moves, by_sea = route.dests, route.moves, route.by_sea
        for k in range(len(dests)):
            dest = dests[k]
            moves_to[dest] = moves[k]
            keys = by_sea[k]
            if keys is not None:
                known = may_support.get(dest)
                may_support[dest] = keys if known is None else known | keys
                supports_of[dest] = route.sea_supports[k]
        fleets, convoys = route.fleets, route.convoys
        for f in range(len(fleets)):
            by_dest = convoys_by.get(fleets[f])
            if by_dest is None:
                by_dest = convoys_by[fleets[f]] = {}
            texts = convoys[f]
            for k in range(len(dests)):
                by_dest[dests[k]] = texts[k]
    _extend(extra, army.key, list(moves_to.values()))
    for fleet, by_dest in convoys_by.items():
        _extend(extra, fleet, list(by_dest.values()))
    for dest, keys in may_support.items():
        shared.append((keys, supports_of[dest]))


def _extend(extra: dict[str, list[str]], key: str, texts: list[str]) -> None:
    listed = extra.get(key)
    if listed is None:
        extra[key] = texts
    else:
        listed.extend(texts)


def _add(extra: dict[str, list[str]], key: str, text: str) -> None:
    listed = extra.get(key)
    if listed is None:
        extra[key] = [text]
    else:
        listed.append(text)


_last_loop_tables: _LoopTables | None = None


def _loop_tables(board: MapData) -> _LoopTables:
    global _last_loop_tables
    last = _last_loop_tables
    if last is None or last.board is not board:
        last = _last_loop_tables = _loop_tables_of(board)
    return last


@lru_cache(maxsize=None)
def _loop_tables_of(board: MapData) -> _LoopTables:
    return _LoopTables(board, _json_tables(board))


def _units_json_by_loops(board: MapData, units: Mapping[str, list[str]]) -> str:
    """``movement_orders_json_of_units`` with each unit's supports kept by a plain loop over its marks: what
    the compiled build runs (a C loop), where the interpreter is faster with ``struct`` and ``compress``."""
    lt = _loop_tables(board)
    j = lt.json
    rows = lt.rows
    marking = bytearray(lt.size)
    marking[0] = 1
    for texts in units.values():
        for text in texts:
            marking[rows[text].number] = 1
    marks = bytes(marking)
    extra = _sea_json_by_loops(lt, marks)
    parts: list[str] = []
    openings = j.opening
    for power, texts in units.items():
        if not texts:
            continue
        at = len(parts)
        for text in texts:  # each entry as if after another of its power
            _add_entry(parts, rows[text], marks, extra)
        start = openings.get(power) or _opening(power)  # the power's first entry opens its object
        parts[at] = (start[1] if at else start[0]) + rows[texts[0]].head
    parts.append("]}}" if parts else "{}")
    return "".join(parts)


def _add_entry(parts: list[str], row: _LoopRow, marks: bytes, extra: dict[str, list[str]]) -> None:
    """Add a unit's entry as if after another of its power, the supports its marks keep and its orders by sea."""
    reads = row.reads
    entry = row.entry
    parts.append(entry[0])
    for i in range(1, len(reads)):
        if marks[reads[i]]:
            parts.append(entry[i])
    more = extra.get(row.key)
    if more is not None:
        parts.extend(more)


def _state_json_by_loops(board: MapData, state: GameState) -> str | None:
    """``movement_orders_json`` as the compiled build writes it (``_units_json_by_loops``, from the position's
    units); ``None`` when some power's units are listed apart (the caller groups them)."""
    lt = _loop_tables(board)
    army, fleet = lt.army, lt.fleet
    placed: list[_LoopRow] = []
    owners: list[str] = []
    marking = bytearray(lt.size)
    marking[0] = 1
    for unit in state.units.values():
        row = (fleet if unit.type is _FLEET else army)[unit.loc]
        marking[row.number] = 1
        placed.append(row)
        owners.append(unit.power)
    marks = bytes(marking)
    extra = _sea_json_by_loops(lt, marks)
    openings = lt.json.opening
    parts: list[str] = []
    power = ""
    done: set[str] = set()
    for n in range(len(placed)):
        row = placed[n]
        at = len(parts)
        _add_entry(parts, row, marks, extra)
        if owners[n] != power:
            if owners[n] in done:  # this power's units came apart
                return None
            opening = openings.get(owners[n]) or _opening(owners[n])
            parts[at] = (opening[1] if at else opening[0]) + row.head
            if at:
                done.add(power)
            power = owners[n]
    parts.append("]}}" if parts else "{}")
    return "".join(parts)


def _sea_json_by_loops(lt: _LoopTables, marks: bytes) -> dict[str, list[str]]:
    """``_sea_json`` as the compiled build writes it fastest: the same orders in the same order, the chains the
    fleets form found by reading marks in plain loops."""
    for number in lt.sea_fleets:
        if marks[number]:
            break
    else:
        return _NO_SEA_ORDERS
    extra: dict[str, list[str]] = {}
    shared: list[tuple[frozenset[str], dict[str, str]]] | None = None
    for army in lt.sailing:
        if not marks[army.number]:
            continue
        formed: list[_LoopChain] = []
        for chain in army.roots:
            if marks[chain.fleet]:
                formed.append(chain)
        if not formed:
            continue
        at = 0
        while at < len(formed):  # (the loop also visits the chains it appends)
            for chain in formed[at].longer:
                if marks[chain.fleet]:
                    formed.append(chain)
            at += 1
        routes: list[_LoopRoute] = []
        seen = 0
        apart = True
        for chain in formed:
            route = chain.route
            if route is None:
                route = _loop_route(lt, army, chain)
            if seen & route.lands:
                apart = False
            seen |= route.lands
            routes.append(route)
        if not apart:  # some coast is reached by several chains (rare)
            if shared is None:
                shared = []
            _add_shared_landings_by_loops(army, routes, extra, shared)
            continue
        for route in routes:
            owners, orders = route.owners, route.orders
            for k in range(len(owners)):
                _add(extra, owners[k], orders[k])
            supporters, keys, supports = route.supporters, route.supporter_keys, route.supports
            for k in range(len(supporters)):
                if marks[supporters[k]]:
                    _add(extra, keys[k], supports[k])
    if shared is not None:
        numbers = lt.json.texts.numbers
        for may_support, by_key in shared:
            for key in may_support:  # (each supporter's own list: any order)
                if marks[numbers[key]]:
                    _add(extra, key, by_key[key])
    return extra


def _grouped_json(units: Iterable[Unit], placed: list[tuple[Any, ...]], marks: bytearray,
                  extra: dict[str, list[str]]) -> str:
    """``movement_orders_json`` for units of one power listed apart: each power's entries in a list first."""
    out: dict[str, list[str]] = {}
    for unit, (key, head, _, pick, entry) in zip(units, placed):
        given = list(compress(entry, pick(marks)))
        text = head + "".join(given[1:]) + "".join(extra.get(key, ())) + "]"
        out.setdefault(unit.power, []).append(text)
    return "{" + ", ".join(_quote(power) + ": {" + ", ".join(per) + "}" for power, per in out.items()) + "}"


def _sea_json(j: _JsonTables, marks: bytearray) -> dict[str, list[str]]:
    """``_sea_orders`` as JSON: the same orders in the same order, each unit's as JSON texts (each after a
    ", "), read from the chains' JSON (``_JsonTables.routes``)."""
    t = j.texts
    fleets = set(compress(t.seas, t.seas_pick(marks)))
    if not fleets:
        return _NO_SEA_ORDERS
    extra: defaultdict[str, list[str]] = defaultdict(list)
    shared: list[tuple[frozenset[str], dict[str, _Piece]]] | None = None
    routes = j.routes
    for key, army, first_seas, before in compress(j.sailing, t.sailing_pick(marks)):
        if first_seas.isdisjoint(fleets):
            continue
        # validate.chains_formed, inlined (a hot loop): the chains of the army's tree the fleets form
        chains = [before]
        for formed in chains:  # the loop also visits the chains it appends
            for chain in formed.longer:
                if chain.sea in fleets:
                    chains.append(chain)
        del chains[0]
        if len(chains) == 1:  # (the usual case)
            found: Iterable[tuple[Any, ...]] = (routes.get(chains[0]) or _json_route(j, army, chains[0]),)
        elif not _apart(found := [routes.get(chain) or _json_route(j, army, chain) for chain in chains]):
            # Some coast is reached by several chains (rare): the pieces' way, turned to JSON.
            pieces: defaultdict[str, list[_Piece]] = defaultdict(list)
            if shared is None:
                shared = []
            _add_shared_landings(t, key, chains, pieces, shared)
            for unit, more in pieces.items():
                extra[unit] += map(_json_of, more)
            continue
        for orders, supporters, supports, _ in found:
            for unit, text in orders:
                extra[unit].append(text)
            for unit, text in compress(supports, supporters(marks)):
                extra[unit].append(text)
    if shared is not None:
        present = set(compress(j.keys, marks))
        for may_support, by_key in shared:
            for key in may_support & present:  # (each supporter's own list: any order)
                extra[key].append(by_key[key].json)
    return extra


def _apart(routes: list[tuple[Any, ...]]) -> bool:
    """Does each coast these chains reach (their ``_JsonRoute``) come from one chain only?"""
    seen = 0
    for route in routes:
        lands = route[3]
        if seen & lands:
            return False
        seen |= lands
    return True


_NO_SEA_ORDERS: dict[str, list[str]] = {}  # (never written to)


def _add_shared_landings(t: _Tables, army_key: str, chains: list[ConvoyChain], extra: defaultdict[str, list[_Piece]],
                         sea_moves: list[tuple[frozenset[str], dict[str, _Piece]]]) -> None:
    """Add the convoy moves of the army ``army_key`` ("A BRE") and the convoys the fleets on ``chains`` may
    give it, when some destination is reached by more than one of the chains."""
    army = army_key[2:]
    found = [t.routes.get(c) or _route(t, army, c) for c in chains]
    # Several chains reach one destination: a fleet on any of them may convoy there, and a fleet may
    # support the move unless it is on all of them (supporters of each chain, together).
    moves_to: dict[str, _Piece] = {}
    may_support: dict[str, frozenset[str]] = {}
    convoys_by: dict[str, dict[str, _Piece]] = {}
    for route in found:
        for dest, move, keys in route.by_dest:
            moves_to[dest] = move
            if keys is not None:
                may_support[dest] = may_support[dest] | keys if dest in may_support else keys
        for fleet, by_text in route.convoys_by_text:
            if fleet in convoys_by:
                convoys_by[fleet].update(by_text)
            else:
                convoys_by[fleet] = by_text.copy()
    extra[army_key] += moves_to.values()
    for fleet, unique in convoys_by.items():
        extra[fleet] += unique.values()
    pieces = t.sea_supports[army]
    for dest, keys in may_support.items():
        sea_moves.append((keys, pieces[dest]))


def _lands_apart(chains: list[ConvoyChain]) -> bool:
    """Does each coast these chains reach come from one chain only?"""
    lands = [c.lands for c in chains]
    return len(set().union(*lands)) == sum(map(len, lands))


def _is_compiled() -> bool:
    """Does this module run compiled (mypyc)? Its functions are then built-in functions, not Python ones."""
    return not isinstance(_is_compiled, FunctionType)


_COMPILED: Final = _is_compiled()
