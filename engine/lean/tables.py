"""Per-map tables of the lean path, made once per board from the map alone (never from a request).

Units as they stand on the board (with their outcome JSON), every hold, move and support in canonical notation
already read (the order reader's own map tables, ``order_reader._decided_by_map`` and ``_supports_by_map``,
so both paths read a text alike), army moves that need a convoy, the movement phases of the calendar, the
fleet adjacencies as bit masks for convoy chains, and the outcome fragments that name no unit.

On a map of more convoying seas than ``validate.chain_table_fits`` allows (the World's 112) the tables list
neither the minimal convoy chains nor the texts derived from them (moves by convoy, convoys, supports of them:
hundreds of thousands there) nor the supports of fleets on coasts written with the province: the reader reads
such a text from its words (``far_entry``) or leaves it to its other checks and the general validation, as it
does any text the tables don't hold.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from json.encoder import encode_basestring_ascii as quote
from sys import intern
from typing import Final, final

from ..mapdata import MapData, load_map
from ..order_reader import _decided_by_map, _supports_by_map, _vocabulary, _Vocabulary
from ..position_check import YEARS_OF_PLAY, first_year
from ..orders import SupportHold, SupportMove
from ..state import GameState
from ..types import OrderError, Phase, PhaseType, Unit, UnitType
from ..validate import chain_table_fits, convoy_chains, convoy_reach
from ..variants import Variant

ARMY, FLEET = UnitType.ARMY, UnitType.FLEET

# Compiled order kinds (per unit, ``Orders.kind``).
HOLD: Final = 0
MOVE: Final = 1
SUPPORT_HOLD: Final = 2
SUPPORT_MOVE: Final = 3
CONVOY: Final = 4


@final
class Standing:
    """A unit as a request names it ("A PAR" of FRANCE), read once per map."""

    def __init__(self, unit: Unit, prov: str, text: str, json: str, fleet: bool, hold: str, power: str, quoted: str,
                 rank: int) -> None:
        self.unit = unit
        self.prov = prov
        self.text = text  # "A PAR"
        self.json = json  # the unit as outcome data: {"power": ..., "type": ..., "loc": ...}
        self.fleet = fleet
        self.hold = hold  # the start of its default hold's result line: '{"power": "FRANCE", "order": "A PAR H"'
        self.power = power
        self.quoted = quoted  # the unit as JSON text ('"A PAR"')
        self.rank = rank  # its place among all the map's units sorted as the response lists them: power, location, kind
        self.sea = 0  # a fleet in a convoying sea: its province's bit (``MapTables.bit``); else 0


@final
class Season:
    """A movement phase of the calendar and what follows it (``Variant.next_phase`` and ``phases._advance``)."""

    def __init__(self, phase: Phase, retreats: str, centres_change: bool, adjustments: str | None,
                 next_movement: str) -> None:
        self.phase = phase
        self.retreats = retreats  # the retreat phase's text
        self.centres_change = centres_change  # centres change hands after it
        self.adjustments = adjustments  # the adjustment phase after it, when the calendar has one
        self.next_movement = next_movement  # the movement phase after it


@final
class Far:
    """A move by convoy ("A LON - NWY", "A PIC - BEL VIA"), a convoy ("F NTH C A LON - NWY") or a support of a
    move by convoy ("A YOR S A LON - NWY") in canonical notation, as far as the map decides it: the
    position decides the rest (the fleets at sea)."""

    def __init__(self, kind: int, unit: str, origin: str, dest: str, via: bool, quoted: str) -> None:
        self.kind = kind
        self.unit = unit  # the ordered unit as written
        self.origin = origin  # the army's province (its own, for a move)
        self.dest = dest
        self.via = via  # a move: "via convoy" said where the army could also walk (``Move.via_convoy``)
        self.quoted = quoted  # the order's canonical text as JSON


@final
class Tabled:
    """A hold, move or support in canonical notation that the map and the units it names decide."""

    def __init__(self, kind: int, unit: str, target: str | None, dest: str | None, quoted: str) -> None:
        self.kind = kind
        self.unit = unit  # the ordered unit as written ("A PAR")
        self.target = target  # the supported unit as it stands ("F SPA/SC")
        self.dest = dest  # move: destination location; support of a move: its destination as written
        self.quoted = quoted  # the text as JSON


def head(power: str) -> str:
    """The start of a result line of ``power``'s, up to its order text."""
    return '{"power": ' + quote(power) + ', "order": '


# The fixed parts of a result line after its order text, ending the line (``tail``).
SUCCEEDS, FAILS = ', "result": "succeeds", "reason": ', ', "result": "fails", "reason": '


def tail(ok: bool, words: str, json: str) -> str:
    return (SUCCEEDS if ok else FAILS) + quote(words) + ', "outcome": ' + json + "}"


@dataclass(slots=True)
class MapTables:
    board: MapData
    vocab: _Vocabulary
    phases: dict[str, Season]  # every movement phase of the calendar, by its text
    standing: dict[str, dict[str, Standing]]  # power -> unit text -> unit
    tabled: dict[str, Tabled]  # canonical hold/move/support text -> its order
    centers: frozenset[str]
    home_centers: dict[str, tuple[str, ...]]
    powers: tuple[str, ...]
    victory_centers: int
    land: frozenset[str]
    coastal: frozenset[str]
    convoying: frozenset[str]
    army_adjacent: dict[str, frozenset[str]]
    coasts: dict[str, tuple[str, ...]]
    # Convoy chains over bit masks: one bit per province.
    bit: dict[str, int]
    sea_next: dict[int, int]  # a province's bit -> its fleet neighbours' bits
    touching: dict[str, int]  # province -> bits of the provinces whose fleet neighbours include it
    retreats: dict[tuple[bool, str], tuple[str, ...]]  # (fleet, location) -> neighbours, sorted
    initial_centers: dict[str, str]  # the variant's starting ownership (a request without ``centers``)
    sorted_centers: tuple[tuple[str, str], ...]  # every supply centre in order, with its JSON text
    heads: dict[str, str]  # power -> the start of its result lines (``head``)
    # destination -> (True, words, JSON, tail) of "moves" and "moves by convoy" there
    moves: dict[str, tuple[bool, str, str, str]] = field(default_factory=dict)
    moves_by_convoy: dict[str, tuple[bool, str, str, str]] = field(default_factory=dict)
    # (origin, convoying fleet's sea, landing) -> the seas of every minimal convoy chain from the origin through
    # that sea that lands there (``validate.convoy_chains``), as bits; empty on a map of too many seas
    chains: dict[tuple[str, str, str], tuple[int, ...]] = field(default_factory=dict)
    reaches: dict[str, frozenset[str]] = field(default_factory=dict)  # province -> validate.convoy_reach (as asked)
    # Per rank (``Standing.rank``): the unit's power, and its entry in the response's units when it opens its
    # power's list ('], "FRANCE": ["A PAR"') and when it follows another unit (', "A PAR"')
    rank_power: tuple[str, ...] = ()
    rank_opens: tuple[str, ...] = ()
    rank_follows: tuple[str, ...] = ()
    # Every place and unit text is written by JSON as it is (letters, digits, "/", "-", "_", spaces): outcome
    # words are then put in JSON text without ``quote``. A map with other names is left to the general path.
    plain: bool = False
    far: dict[str, Far] = field(default_factory=dict)  # canonical texts of moves by convoy, convoys, supports of them
    # Whether ``far`` lists every such text: not on a map of too many seas (``validate.chain_table_fits``), where
    # the list would run to hundreds of thousands of texts and ``far_entry`` reads each text when it is asked.
    far_listed: bool = True
    far_read: dict[str, Far | None] = field(default_factory=dict)  # text -> its ``far_entry``, as read (``far_of``)
    # The parser's extra unit words (``Variant.unit_words``), and the map's names in lower case as
    # ``MapData.lookup`` reads them: a name without spaces, dots or "+" is looked up as it is.
    unit_words: dict[str, UnitType] = field(default_factory=dict)
    names: dict[str, str] = field(default_factory=dict)
    # Supports of a fleet on a coast written, as the canonical text writes them, with the fleet's province alone
    # ("A MAR S F SPA", "A GAS S F SPA - MAR"; the map's table of supports holds no such text): text -> the
    # supported fleet as it stands ("F SPA/SC") -> the order, as validation reads it whenever the two units
    # stand there. Not listed on a map of many seas (``far_listed``): the reader's other checks read those texts.
    coast_supports: dict[str, dict[str, Tabled]] = field(default_factory=dict)
    # Whether the convoying seas have no coasts and each neighbours every convoying sea that neighbours it
    # (``sea_next`` runs both ways among them): then the fleets at sea fall into groups (``fleet_group``), and
    # ``sea_next`` of a sea is what it touches for ``validate``'s convoy chains (``on_minimal_route``).
    seas_plain: bool = False
    # ``_convoyed``'s checks of the map's words: the coasts an army of the map's words may be convoyed from, and
    # the land provinces of the map's words it may be convoyed to
    convoy_origins: frozenset[str] = frozenset()
    convoy_landings: frozenset[str] = frozenset()

    def reach(self, origin: str) -> frozenset[str]:
        """``validate.convoy_reach``: the coasts an army in ``origin`` could be convoyed to."""
        known = self.reaches.get(origin)
        if known is None:
            known = self.reaches[origin] = convoy_reach(self.board, origin)
        return known


_TABLES: dict[tuple[type, str], MapTables] = {}


def tables_for(variant: Variant) -> MapTables:
    """The tables of ``variant``'s board (a variant of the standard rules: the calendar is the class's)."""
    key = (type(variant), variant.map_id)
    known = _TABLES.get(key)
    # (``Variant.board`` is the map loaded for its id: asked of a fresh variant, as the contract makes for each
    # request, the property would run Python code each time only to fetch the one cached map.)
    board = load_map(variant.map_id) if type(variant) is Variant and "board" not in vars(variant) else variant.board
    if known is None or known.board is not board:
        known = _TABLES[key] = _build(variant)
    return known


def _build(variant: Variant) -> MapTables:
    board = variant.board
    own_words, _ = variant.standard_reading()
    vocab = _vocabulary(board, tuple(variant.unit_words().items()), own_words or frozenset())
    decided = vocab.decided if vocab.decided is not None else _decided_by_map(vocab, board)
    supports = vocab.supports if vocab.supports is not None else _supports_by_map(vocab, board)
    tabled: dict[str, Tabled] = {}
    # (``_value_``: the enum's ``value`` property is slow, and the World's table holds some fifty thousand texts)
    for text, (here, kind, loc, dest, canonical, _) in decided.items():
        if canonical == text:  # (always so for the canonical texts; a guard all the same)
            tabled[text] = Tabled(HOLD if dest is None else MOVE, intern(f"{kind._value_} {loc}"), None, dest,
                                  quote(text))
    for text, (here, kind, loc, target, t_kind, t_loc, to) in supports.items():
        tabled[text] = Tabled(SUPPORT_HOLD if to is None else SUPPORT_MOVE, intern(f"{kind._value_} {loc}"),
                              intern(f"{t_kind._value_} {t_loc}"), to, quote(text))
    start = first_year(variant)
    phases = {}
    for season in variant.movement_seasons:
        for year in range(start, start + YEARS_OF_PLAY + 1):
            phase = Phase(season, year, PhaseType.MOVEMENT)
            if variant.phase_problem(phase) is None:
                adjustments = (str(Phase(variant.adjustment_season(season), year, PhaseType.ADJUSTMENTS))
                               if variant.adjusts_after(season) else None)
                phases[str(phase)] = Season(phase, str(Phase(season, year, PhaseType.RETREATS)),
                                            variant.centers_change_after(season), adjustments,
                                            str(variant.next_movement_phase(phase)))
    # Every power may stand a unit on the same places: what doesn't name the power is made once per place (the
    # powers' records share its texts), and the units are ranked by power, place, then kind (``Standing.rank``).
    # (the units' texts interned, as the table's: a position's units found by them compare by identity)
    spots = [(kind, loc, intern(f"{kind.value} {loc}")) for kind in (ARMY, FLEET) for loc in board.locations(kind)
             if variant.can_stand(kind, loc)]
    made = [(kind, loc, text, loc.partition("/")[0], quote(text), ', "type": ' + quote(kind.value) + ', "loc": '
             + quote(loc) + "}", quote(text + " H")) for kind, loc, text in spots]
    standing: dict[str, dict[str, Standing]] = {}
    for power in board.powers:
        per: dict[str, Standing] = {}
        quoted_power, starts = quote(power), head(power)
        for kind, loc, text, prov, quoted, rest, hold in made:
            per[text] = Standing(Unit(power, kind, loc), prov, text, '{"power": ' + quoted_power + rest, kind is FLEET,
                                 starts + hold, power, quoted, 0)
        standing[power] = per
    by_place = [text for _, _, text in sorted(spots, key=lambda spot: (spot[1], spot[0].value))]
    ranked_units = [standing[power][text] for power in sorted(board.powers) for text in by_place]
    for rank, s in enumerate(ranked_units):
        s.rank = rank
    provinces = board.provinces
    # (the convoying seas take the lowest bits: the masks of fleets at sea, searched again and again, stay short)
    bit = {prov: 1 << i for i, prov in enumerate(sorted(provinces, key=lambda prov: not provinces[prov].can_convoy))}
    sea_next = {bit[prov]: _mask(bit, board.fleet_adjacent_provinces(prov)) for prov in provinces}
    touching: dict[str, int] = {}
    for place, near in board._fleet_adj_prov.items():
        if place in bit:  # a fleet at sea stands in a province: coasts' entries are never a fleet's
            for prov in near:
                touching[prov] = touching.get(prov, 0) | bit[place]
    convoying = frozenset(p for p, v in provinces.items() if v.can_convoy)
    for per in standing.values():
        for s in per.values():
            if s.fleet and s.prov in convoying:
                s.sea = bit[s.prov]
    retreats = {(kind is FLEET, loc): tuple(sorted(board.adjacent(kind, loc)))
                for kind in (ARMY, FLEET) for loc in board.locations(kind)}
    tables = MapTables(
        board, vocab, phases, standing, tabled, board.supply_centers,
        {power: info.home_centers for power, info in board.powers.items()}, tuple(board.powers),
        variant.victory_centers,
        frozenset(p for p, v in provinces.items() if v.is_land),
        frozenset(p for p, v in provinces.items() if v.is_coastal),
        convoying,
        {p: board.army_adjacent(p) for p in provinces},
        {p: v.coasts for p, v in provinces.items()},
        bit, sea_next, touching, retreats, dict(variant.initial_state().centers),
        tuple((c, quote(c)) for c in sorted(board.supply_centers)), {power: head(power) for power in board.powers})
    for loc in board.locations(FLEET) | board.locations(ARMY):
        json = '{"code": "moves", "data": {"dest": ' + quote(loc) + "}}"
        tables.moves[loc] = (True, "moves", json, tail(True, "moves", json))
        json = '{"code": "moves_by_convoy", "data": {"dest": ' + quote(loc) + "}}"
        tables.moves_by_convoy[loc] = (True, "moves by convoy", json, tail(True, "moves by convoy", json))
    small = chain_table_fits(board)
    if small:
        chains: dict[tuple[str, str, str], list[int]] = {}
        for origin, roots in convoy_chains(board).items():
            stack = list(roots)
            while stack:
                chain = stack.pop()
                seas = _mask(bit, chain.seas)
                for sea in chain.seas:
                    for land in chain.lands:
                        chains.setdefault((origin, sea, land), []).append(seas)
                stack.extend(chain.longer)
        tables.chains = {key: tuple(masks) for key, masks in chains.items()}
    if small:  # (else each province's reach is found when first asked: ``reach``)
        tables.reaches = {prov: convoy_reach(board, prov) for prov in provinces}
    tables.rank_power = tuple(s.power for s in ranked_units)
    opens = {power: "], " + quote(power) + ": [" for power in board.powers}
    follows = {text: ", " + quoted for _, _, text, _, quoted, _, _ in made}
    tables.rank_opens = tuple(opens[s.power] + s.quoted for s in ranked_units)
    tables.rank_follows = tuple(follows[s.text] for s in ranked_units)
    # On a map of many seas neither is listed: texts of moves by convoy and supports of them are read one by one
    # (``far_entry``), and supports of fleets on coasts written with the province are left to the reader's other
    # checks and the general validation (validating every such text would take a second or more).
    if small:
        tables.far = _far(tables)
        tables.coast_supports = _coast_supports(variant, tables, next(iter(phases.values())).phase if phases else None)
    else:
        tables.far_listed = False
    sea_bits = [bit[prov] for prov in tables.convoying]
    tables.seas_plain = all(not provinces[prov].coasts for prov in tables.convoying) \
        and all(not sea_next[a] & b or sea_next[b] & a for a in sea_bits for b in sea_bits)
    tables.convoy_origins = frozenset(p for p in tables.coastal if p in tables.land and _place(vocab, p)
                                      and f"A {p}" in vocab.unit_texts)
    tables.convoy_landings = frozenset(p for p in tables.land if _place(vocab, p))
    tables.unit_words = variant.unit_words()
    tables.names = board._names
    tables.plain = (not standing or all(_PLAIN.fullmatch(text) for _, _, text in spots)) \
        and all(_PLAIN.fullmatch(loc) for loc in board.locations(FLEET) | board.locations(ARMY))
    return tables


_PLAIN = re.compile(r"[A-Za-z0-9/_ -]+")


def _far(tables: MapTables) -> dict[str, Far]:
    """``MapTables.far``: every such text whose words the map's vocabulary reads as themselves, with a
    destination the army could be convoyed to (``convoy_reach``), a convoying fleet on some minimal chain
    there (``chains``), a supporter that reaches it: the texts the reader's checks may accept."""
    board, vocab = tables.board, tables.vocab

    def place(word: str) -> bool:
        return vocab.places.get(word) == word and "/" not in word

    far: dict[str, Far] = {}
    coasts = sorted(p for p in tables.coastal if p in tables.land and place(p))
    for here in coasts:
        if f"A {here}" not in vocab.unit_texts:
            continue
        for dest in sorted(tables.reach(here)):
            if dest == here or dest not in tables.land or not place(dest):
                continue
            walks = dest in tables.army_adjacent[here]
            if not walks:
                text = f"A {here} - {dest}"
                far[text] = Far(MOVE, f"A {here}", here, dest, False, quote(text))
            far[f"A {here} - {dest} VIA"] = Far(MOVE, f"A {here}", here, dest, walks,
                                                quote(f"A {here} - {dest} VIA" if walks else f"A {here} - {dest}"))
            if walks:
                continue
            for kind in (ARMY, FLEET):
                for loc in sorted(board.locations(kind)):
                    unit = f"{kind.value} {loc}"
                    if unit in vocab.unit_texts and loc.partition("/")[0] not in (here, dest) \
                            and board.reaches_province(kind, loc, dest):
                        text = f"{unit} S A {here} - {dest}"
                        far[text] = Far(SUPPORT_MOVE, unit, here, dest, False, quote(text))
    for origin, sea, land in sorted(tables.chains):
        if place(origin) and place(land) and land != origin and land in tables.coastal \
                and sea in tables.convoying and f"F {sea}" in vocab.unit_texts:
            text = f"F {sea} C A {origin} - {land}"
            far[text] = Far(CONVOY, f"F {sea}", origin, land, False, quote(text))
    return far


def far_of(tables: MapTables, text: str) -> Far | None:
    """``text``'s entry in ``MapTables.far``, listed or not (``far_entry``, kept once read: a game's moves by
    convoy and supports of them come back turn after turn)."""
    if tables.far_listed:
        return tables.far.get(text)
    read = tables.far_read
    if text in read:
        return read[text]
    found = far_entry(tables, text)
    if len(text) <= _FAR_TEXT_KEPT:
        if len(read) >= _FAR_READ_KEPT:
            read.clear()
        read[text] = found
    return found


_FAR_READ_KEPT = 100_000  # texts of moves by convoy and supports of them read on a map not listing them; a cap
_FAR_TEXT_KEPT = 64  # (canonical texts are short: a longer one is read again each time asked)


def far_entry(tables: MapTables, text: str) -> Far | None:
    """The entry ``_far`` makes for ``text`` (the same checks, for one text): read from the text's words
    rather than looked up, for a map whose list would be too long (``MapTables.far_listed``)."""
    fleet, convoy, move = text.partition(" C A ")
    if convoy:  # a convoy: "F NTH C A LON - NWY"
        sea = fleet[2:]
        origin, dash, land = move.partition(" - ")
        vocab = tables.vocab
        if dash and fleet.startswith("F ") and (origin, sea, land) in tables.chains and _place(vocab, origin) \
                and _place(vocab, land) and land != origin and land in tables.coastal and sea in tables.convoying \
                and fleet in vocab.unit_texts:
            return Far(CONVOY, fleet, origin, land, False, quote(text))
        return None
    unit, support, move = text.partition(" S A ")
    if support:  # a support of a move by convoy: "A YOR S A LON - NWY"
        here, dash, dest = move.partition(" - ")
        if not dash or not _convoyed(tables, here, dest) or dest in tables.army_adjacent[here]:
            return None
        letter, _, loc = unit.partition(" ")
        kind = ARMY if letter == ARMY._value_ else FLEET if letter == FLEET._value_ else None
        board = tables.board
        if kind is None or unit not in tables.vocab.unit_texts or loc not in board.locations(kind) \
                or loc.partition("/")[0] in (here, dest) or not board.reaches_province(kind, loc, dest):
            return None
        return Far(SUPPORT_MOVE, unit, here, dest, False, quote(text))
    if not text.startswith("A "):
        return None
    # a move by convoy: "A LON - NWY", "A PIC - BEL VIA"
    here, dash, dest = text[2:].partition(" - ")
    via = dest.endswith(" VIA")
    if via:
        dest = dest[:-4]
    if not dash or not _convoyed(tables, here, dest):
        return None
    walks = dest in tables.army_adjacent[here]
    if via:
        return Far(MOVE, f"A {here}", here, dest, walks, quote(f"A {here} - {dest} VIA" if walks else f"A {here} - {dest}"))
    return None if walks else Far(MOVE, f"A {here}", here, dest, False, quote(text))


def _convoyed(tables: MapTables, here: str, dest: str) -> bool:
    """``_far``'s checks of an army's move by convoy, the army in ``here``: a coast of the map's words with an
    army's text, and a land province of the map's words it could be convoyed to."""
    return here in tables.convoy_origins and dest != here and dest in tables.convoy_landings \
        and dest in tables.reach(here)


def _place(vocab: _Vocabulary, word: str) -> bool:
    return vocab.places.get(word) == word and "/" not in word


def _coast_supports(variant: Variant, tables: MapTables, phase: Phase | None) -> dict[str, dict[str, Tabled]]:
    """``MapTables.coast_supports``: each support of a fleet on a coast, written with the fleet's province, by
    a unit that could move where it supports, read by ``Variant.validate`` itself in a position of the two
    units alone (the checks of a support read those two units and the map only)."""
    board, vocab = tables.board, tables.vocab
    table: dict[str, dict[str, Tabled]] = {}
    if phase is None:
        return table
    power = tables.powers[0]
    supporters = [(kind, loc) for kind in (ARMY, FLEET) for loc in sorted(board.locations(kind))
                  if f"{kind.value} {loc}" in vocab.unit_texts]
    for prov, coasts in sorted(tables.coasts.items()):
        for coast in [f"{prov}/{c}" for c in coasts]:
            fleet = Unit(power, FLEET, coast)
            if coast not in board.locations(FLEET) or not variant.can_stand(FLEET, coast):
                continue
            for kind, loc in supporters:
                here = loc.partition("/")[0]
                if here == prov:
                    continue
                head = f"{kind.value} {loc} S F {prov}"
                texts = [head] + [f"{head} - {dest.partition('/')[0]}" for dest in sorted(board.adjacent(FLEET, coast))
                                  if dest.partition("/")[0] != here]
                state = GameState(variant.id, phase, {here: Unit(power, kind, loc), prov: fleet}, {}, {}, frozenset(),
                                  {}, (), {})
                for text in texts:
                    try:
                        order = variant.validate(variant.parse(text), state, power)
                    except OrderError:
                        continue
                    if type(order) is SupportHold and order.target == fleet:
                        made = Tabled(SUPPORT_HOLD, f"{kind.value} {loc}", f"F {coast}", None, quote(str(order)))
                    elif type(order) is SupportMove and order.target == fleet:
                        made = Tabled(SUPPORT_MOVE, f"{kind.value} {loc}", f"F {coast}", order.dest, quote(str(order)))
                    else:
                        continue
                    table.setdefault(text, {})[f"F {coast}"] = made
    return table


def _mask(bit: dict[str, int], provinces: frozenset[str]) -> int:
    mask = 0
    for prov in provinces:
        mask |= bit.get(prov, 0)
    return mask


def linked_fleets(tables: MapTables, coast: str, fleets: int) -> int:
    """``convoy_routes.fleets_linked`` over bit masks: the fleets among ``fleets`` joined to ``coast``."""
    linked = tables.touching.get(coast, 0) & fleets
    frontier = linked
    sea_next = tables.sea_next
    while frontier:
        low = frontier & -frontier
        frontier ^= low
        grown = sea_next[low] & fleets & ~linked
        linked |= grown
        frontier |= grown
    return linked


def fleet_group(tables: MapTables, fleet: int, fleets: int) -> int:
    """The fleets among ``fleets`` joined to the fleet ``fleet`` (a bit of ``fleets``) by a chain of fleets, itself
    included: its group. The fleet adjacency of convoying seas runs both ways (``MapTables.seas_plain``), so
    ``linked_fleets`` of a coast is the union of the groups of the fleets touching it."""
    group = frontier = fleet
    rest = fleets ^ fleet  # (the fleets not yet in the group)
    sea_next = tables.sea_next
    while frontier:
        low = frontier & -frontier
        frontier ^= low
        grown = sea_next[low] & rest
        if grown:
            rest ^= grown
            group |= grown
            frontier |= grown
    return group


def on_minimal_route(tables: MapTables, origin: str, dest: str, sea: str, fleets: int) -> bool:
    """``validate.on_minimal_convoy_route`` over bit masks, on a map whose seas are plain (``seas_plain``): does
    the fleet in ``sea`` lie on a minimal chain of ``fleets`` (convoying fleets, as bits) from ``origin`` to
    ``dest``? The same search, stopped at the first such chain."""
    bit = tables.bit
    sea_bit = bit.get(sea, 0)
    if not sea_bit & fleets or dest not in tables.coastal:
        return False
    origin_bit, dest_bit = bit[origin], bit[dest]
    firsts = tables.touching.get(origin, 0) & fleets
    while firsts:
        first = firsts & -firsts
        firsts ^= first
        if _chain_lands(tables.sea_next, first, first, origin_bit, fleets, sea_bit, origin_bit, dest_bit):
            return True
    return False


def _chain_lands(sea_next: dict[int, int], last: int, path: int, reached: int, fleets: int, sea: int, origin: int,
                 dest: int) -> bool:
    """``validate.on_minimal_convoy_route``'s walk: the chain ``path`` (its seas as bits, ``last`` the last one)
    or a longer one lands at ``dest`` through ``sea``. ``reached``: the origin and what the seas before the last
    touch; a chain lands where its last sea touches and no earlier one did, and never takes in a sea touched
    before."""
    passes = path & sea
    if not passes and reached & sea:
        return False
    near = sea_next[last]
    if near & dest:
        return passes != 0 and not reached & dest
    grown = reached | near
    rest = near & fleets & ~path & ~reached
    while rest:
        nxt = rest & -rest
        rest ^= nxt
        if not sea_next[nxt] & origin and _chain_lands(sea_next, nxt, path | nxt, grown, fleets, sea, origin, dest):
            return True
    return False


def route_exists(tables: MapTables, start: str, dest: str, fleets: int) -> bool:
    """``convoy_routes.convoy_route_exists`` over bit masks (``start``, ``dest``: provinces)."""
    linked = linked_fleets(tables, start, fleets)
    return linked != 0 and linked & tables.touching.get(dest, 0) != 0
