"""The public JSON adjudication contract: ``adjudicate(request)`` and ``legal_orders(request)``.

Documented in ``docs/adjudication-contract.md``. A malformed request raises :class:`RequestError` naming
the field; orders that can't be read or aren't legal come back with ``"result": "invalid"``.
"""
from __future__ import annotations

from functools import lru_cache
from importlib import import_module
from itertools import chain
from json import JSONDecodeError, JSONDecoder, decoder as _decoder, dumps as _dumps, loads as _loads
from json.encoder import encode_basestring_ascii as _quote  # json.dumps's own string encoder
from operator import attrgetter
from re import Match
from sys import intern
from typing import Any, Callable, Iterable, Mapping, NamedTuple

from . import lean
from .lean.writer import parsed as _parsed
from .mapdata import MapData
from .options import legal_orders_for_state, legal_orders_json_for_state, legal_orders_json_for_units
from .outcomes import encode as encode_outcome, encoded_json, note
from .phases import FAILS, INVALID, SUCCEEDS, OrderResult, PhaseResult, Submission
from .position_check import YEARS_OF_PLAY, check_phase, first_year, shown
from .state import Dislodged, GameState
from .types import (ChancelleryError, Phase, PhaseType, PositionError, RequestError, Unit, UnitType, province_of,
                    season_code)
from .validate import retreat_options
from .variants import Variant, find_variant


MAX_ORDERS = 10_000
"""Order lines one request may carry, all powers together: hundreds of times a real phase's, and a bound
on the time one request can take."""
MAX_ORDER_LENGTH = 1_000
"""Characters in one order line (the longest real order is under a hundred)."""
_ABSENT: Any = object()


@lru_cache(maxsize=None)
def _canonical_units(board: MapData, kinds: frozenset[UnitType], powers: tuple[str, ...]) -> dict[str, dict[str, Unit]]:
    """Per power, every unit the board allows in canonical notation ("A PAR", "F STP/SC"): requests
    written by programs use it, so they skip the general reading below."""
    # (Interned: the option texts' tables name units by the same strings, so a request's unit texts are
    # compared with one string each, table after table.)
    texts = {intern(f"{kind.value} {loc}"): (kind, loc) for kind in kinds for loc in board.locations(kind)}
    return {power: {text: Unit(power, kind, loc) for text, (kind, loc) in texts.items()} for power in powers}


_PLAIN_RULES: dict[tuple[type, MapData], frozenset[str] | None] = {}  # a map table, kept for the process's life


def _standing_texts(variant: Variant) -> frozenset[str] | None:
    """Every unit text in canonical notation ("A PAR") whose unit stands where it may (``can_stand``), when
    ``variant`` checks and builds positions as the standard rules do (no options, no stacked units, no data
    of its own); ``None`` for any other variant. A position made only of these units, of known powers,
    with centres read by code, needs no further check of its units: :func:`state_from_request` builds it
    directly, as ``make_state`` would, and checks only its phase."""
    key = (type(variant), variant.board)
    known: frozenset[str] | None = _PLAIN_RULES.get(key, _ABSENT)
    if known is _ABSENT:
        cls = type(variant)
        plain = (not variant.options and not variant.stacking_types
                 and all(getattr(cls, name) is getattr(Variant, name) for name in ("make_state", "check_state", "check_extra")))
        board = variant.board
        known = frozenset(f"{kind.value} {loc}" for kind in variant.unit_types for loc in board.locations(kind)
                          if variant.can_stand(kind, loc)) if plain else None
        if not variant.options:  # a variant's options may change where units stand: not kept
            _PLAIN_RULES[key] = known
    return known


def _parse_unit(variant: Variant, power: str, text: Any, field: str) -> Unit:
    if not isinstance(text, str) or len(text.split()) != 2:
        raise RequestError(field, f"expected a unit like 'A PAR' or 'F STP/SC', got {shown(text)}")
    kind_text, loc_text = text.split()
    try:
        kind = UnitType(kind_text.upper())
    except ValueError:
        raise RequestError(field, f"unknown unit type {shown(kind_text)} in {shown(text)}") from None
    if kind not in variant.unit_types:
        raise RequestError(field, f"unit type {kind.value} is not used in {variant.id}")
    board = variant.board
    prov, _, coast = loc_text.upper().partition("/")
    code = board.lookup(prov)
    if code is None:
        raise RequestError(field, f"unknown province {shown(prov)} in {shown(text)}")
    loc = f"{code}/{coast}" if coast else code
    if kind is UnitType.FLEET and not coast and board.provinces[code].coasts:
        raise RequestError(field, f"say which coast of {code} the fleet is on ({shown(text)})")
    if kind not in (UnitType.FLEET, UnitType.DECOY):
        loc = code  # an army's coast means nothing; a decoy keeps the coast of the fleet it copies
    if not variant.can_stand(kind, loc):
        raise RequestError(field, f"a unit {kind.value} can't stand in {loc}")
    return Unit(power, kind, loc)


def _power(variant: Variant, name: Any, section: str, pseudo: bool = False) -> str:
    """A power named in a request's ``section`` (``units``, ...); ``pseudo``: the variant's unplayed owners are
    allowed too."""
    if isinstance(name, str):
        power = name.upper()
        if power in caller_powers(variant) or (pseudo and power in variant.pseudo_powers):
            return power
    known = list(caller_powers(variant)) + (list(variant.pseudo_powers) if pseudo else [])
    raise RequestError(f"{section}.{_key(name)}", f"unknown power {shown(name)} (powers: {', '.join(known)})")


def _key(name: Any) -> str:
    """A request key as it appears in a field name (keys are strings in JSON; the Python API may pass others)."""
    return name if isinstance(name, str) and len(name) <= 40 else shown(name)


def _variant(request: Mapping[str, Any]) -> Variant:
    """The requested variant with its options; errors name ``variant`` or ``options``."""
    name = request.get("variant", "standard")
    if not isinstance(name, str):
        raise RequestError("variant", f"expected a variant id such as 'standard', got {shown(name)}")
    try:
        variant = find_variant(name)
    except ChancelleryError as exc:
        raise RequestError("variant", str(exc)) from None
    options = request.get("options")
    if options is None:  # the variant as found (the usual request)
        return variant
    if not isinstance(options, Mapping):
        raise RequestError("options", f"must be an object of option names and values, got {shown(options)}")
    try:
        return find_variant(name, options)
    except ChancelleryError as exc:
        raise RequestError("options", str(exc)) from None


def _mapping(request: Mapping[str, Any], key: str, required: bool = False) -> Mapping[str, Any]:
    value = request.get(key)
    if value is None:
        if required:
            raise RequestError(key, "missing")
        return {}
    if type(value) is not dict and not isinstance(value, Mapping):
        raise RequestError(key, "must be an object keyed by power")
    return value


def _list(value: Any, field: str, power: str = "") -> list[Any]:
    """``value``, which must be a list; ``field`` (with ``.power`` when given) names it in the error."""
    if type(value) is not list and not isinstance(value, list):
        raise RequestError(f"{field}.{power}" if power else field, "must be a list")
    return value


def _all_found(table: Mapping[str, Unit], texts: list[Any]) -> list[Unit] | None:
    """``table``'s unit for each text when every text is a key of it, else ``None``."""
    try:
        found = list(map(table.get, texts))
    except TypeError:  # an unhashable item: the item-by-item reading names it
        return None
    return None if None in found else found  # type: ignore[return-value]


class _PlainReading(NamedTuple):
    """A map's tables for reading a request in the plain form programs write (see :func:`_plain_position`)."""

    board: MapData
    units: dict[str, dict[str, tuple[str, Unit]]]  # power -> "A PAR" -> (its province, the unit): standing units only
    provinces: dict[str, str]  # "A PAR" -> "PAR": the same units' provinces, whoever owns them
    centres: frozenset[str]  # the supply centres' codes
    phases: dict[str, Phase]  # "S1901M" -> its phase: the calendar's movement and adjustment phases of _TABLED_YEARS
    first_year: int
    last_year: int


_PLAIN_READINGS: dict[tuple[type, MapData], _PlainReading | None] = {}  # a map table, kept for the process's life
_LAST_READING: dict[type, _PlainReading] = {}  # per variant class, its reading of the board it used last
_TABLED_YEARS = 200  # years of phases tabled from a variant's first (later ones are read letter by letter)
# The phase letters the general reading (``Phase.parse``) reads: season letter and phase type, by their two letters.
_PHASE_LETTERS = {season + kind: (season_code(season), PhaseType(kind))
                  for season in "ABCDEFGHIJKLMNOPQRSTUVWXYZ" for kind in "MRA"}


def _plain_reading(variant: Variant) -> _PlainReading | None:
    """The tables of :func:`_plain_position` for ``variant``, when it reads and checks positions as the standard
    rules do (:func:`_standing_texts`); ``None`` otherwise."""
    cls, board = type(variant), variant.board
    last = _LAST_READING.get(cls)
    if last is not None and last.board is board:
        return last
    key = (cls, board)
    reading: _PlainReading | None = _PLAIN_READINGS.get(key, _ABSENT)
    if reading is _ABSENT:
        standing = _standing_texts(variant)
        reading = None
        if standing is not None:
            canonical = _canonical_units(board, frozenset(variant.unit_types), (*board.powers, *variant.pseudo_powers))
            units = {power: {text: (unit.loc.partition("/")[0], unit) for text, unit in ready.items() if text in standing}
                     for power, ready in canonical.items()}
            first = first_year(variant)
            kinds = [letters for letters in _PHASE_LETTERS.values() if letters[1] is not PhaseType.RETREATS
                     and variant.phase_problem(Phase(letters[0], first, letters[1])) is None]
            phases = {str(phase): phase
                      for phase in (Phase(season, year, kind) for year in range(first, first + _TABLED_YEARS)
                                    for season, kind in kinds)
                      if variant.phase_problem(phase) is None}  # (the problem may depend on the year)
            provinces = {text: prov for per in units.values() for text, (prov, _) in per.items()}
            reading = _PlainReading(board, units, provinces, frozenset(board.supply_centers), phases, first,
                                    first + YEARS_OF_PLAY)
        if not variant.options:  # as _standing_texts: a variant's options may change the rules
            _PLAIN_READINGS[key] = reading
    if reading is not None and not variant.options:
        _LAST_READING[cls] = reading
    return reading


def _plain_phase(variant: Variant, request: dict[str, Any]) -> tuple[_PlainReading, Phase] | None:
    """The first steps of the plain reading (:func:`_plain_position`): the variant's tables and the phase,
    when the request has no options, extra data, dislodged units or standoffs, its units are an object and
    its phase is a movement or adjustment phase of the calendar written ``S1901M``; ``None`` otherwise."""
    if request.get("options") is not None or request.get("extra") is not None:
        return None
    dislodged = request.get("dislodged")
    if dislodged is not None and (type(dislodged) is not dict or dislodged):
        return None
    contested = request.get("contested")
    if contested is not None and (type(contested) is not list or contested):
        return None
    reading = _plain_reading(variant)
    if reading is None or type(request.get("units")) is not dict:
        return None
    # The phase, as Phase.parse reads it and check_phase checks it.
    text = request.get("phase")
    phase = reading.phases.get(text) if type(text) is str else None
    if phase is None:
        if type(text) is not str or not 3 <= len(text) <= 11:
            return None
        letters = _PHASE_LETTERS.get(text[0] + text[-1])
        digits = text[1:-1]
        if letters is None or letters[1] is PhaseType.RETREATS or not (digits.isdigit() and digits.isascii()):
            return None
        year = int(digits)
        if not reading.first_year <= year <= reading.last_year:
            return None
        phase = Phase(letters[0], year, letters[1])
        if variant.phase_problem(phase) is not None:
            return None
    return reading, phase


def _plain_check(variant: Variant, request: dict[str, Any]) -> Phase | None:
    """Would :func:`_plain_position` read ``request``? Its phase when it would, checked as that reading checks
    it but building nothing (a caller that needs only the units' texts builds the position later, if at all)."""
    found = _plain_phase(variant, request)
    if found is None:
        return None
    reading, phase = found
    tables = reading.units
    units = request["units"]
    # (Each step over all powers at once: a request holds few units per power.)
    if not (tables.keys() >= units.keys() and _LISTS.issuperset(map(type, units.values()))):
        return None
    try:
        places = [*map(reading.provinces.__getitem__, chain.from_iterable(units.values()))]
        if len(set(places)) != len(places):  # two units in one province
            return None
        given = request.get("centers")
        if given is not None and not (type(given) is dict and tables.keys() >= given.keys()
                                      and _LISTS.issuperset(map(type, given.values()))
                                      and reading.centres.issuperset(chain.from_iterable(given.values()))):
            return None
    except (KeyError, TypeError):  # a text not in the tables, or an unhashable value
        return None
    return phase


_LISTS = frozenset({list})


def _plain_position(variant: Variant, request: dict[str, Any]) -> GameState | None:
    """The position of a request in the form programs write, read in a few steps: no options, extra data,
    dislodged units or standoffs; a movement or adjustment phase written ``S1901M``; powers as the board
    names them; units in canonical notation ("A PAR", "F STP/SC"), each where its kind may stand, one per
    province; centres by code. ``None`` for anything else, which the general reading reads (and whose
    errors it names): what this reading accepts, the general one reads to an equal position."""
    found = _plain_phase(variant, request)
    if found is None:
        return None
    reading, phase = found
    units = request["units"]
    # (Plain loops: dict.update from pairs is slower at these sizes.)
    occupants: dict[str, Unit] = {}
    count = 0
    tables = reading.units
    try:
        for power, items in units.items():
            if type(items) is not list:
                return None
            table = tables[power]
            for text in items:
                prov, unit = table[text]
                occupants[prov] = unit
            count += len(items)
        if count != len(occupants):  # two units in one province: the general reading names them
            return None
        given = request.get("centers")
        if given is None:
            centers = dict(variant.initial_state().centers)
        else:
            if type(given) is not dict:
                return None
            centers = {}
            codes = reading.centres
            for power, items in given.items():
                if power not in tables or type(items) is not list or not codes.issuperset(items):
                    return None
                for code in items:
                    centers[code] = power
    except (KeyError, TypeError):  # a text not in the tables, or an unhashable value: the general reading
        return None
    return GameState(variant.id, phase, occupants, centers, {}, frozenset(), {}, (), {})


def state_from_request(request: Mapping[str, Any]) -> tuple[Variant, GameState]:
    """Build the variant and position a request describes; raises :class:`RequestError`."""
    if type(request) is not dict and not isinstance(request, Mapping):
        raise RequestError("request", "must be a JSON object")
    variant = _variant(request)
    if type(request) is dict:
        plain = _plain_position(variant, request)
        if plain is not None:
            return variant, plain
    phase_text = request.get("phase")
    if phase_text is None:
        raise RequestError("phase", "missing (e.g. 'S1901M')")
    try:
        phase = Phase.parse(phase_text)
    except ValueError as exc:
        raise RequestError("phase", str(exc)) from None
    problem = variant.phase_problem(phase)
    if problem is not None:
        raise RequestError("phase", problem)
    board = variant.board
    canonical = _canonical_units(board, frozenset(variant.unit_types), (*board.powers, *variant.pseudo_powers))
    standing = _standing_texts(variant)
    units: list[Unit] = []
    # (A power named as the board names it, with a list, is taken as it is: the usual request.)
    for pname, items in _mapping(request, "units", required=True).items():
        power = pname if type(pname) is str and pname in canonical and pname.isupper() \
            else _power(variant, pname, "units", pseudo=True)
        ready = canonical[power]
        found = _all_found(ready, items if type(items) is list else _list(items, "units", power))
        if found is not None:  # every unit in canonical notation: the usual request, read in one step
            units += found
            if standing is not None and not standing.issuperset(items):
                standing = None  # a unit that may not stand there: the position check names it
            continue
        standing = None
        for i, text in enumerate(items):
            unit = ready.get(text) if type(text) is str else None
            units.append(unit if unit is not None else _parse_unit(variant, power, text, f"units.{power}[{i}]"))
    if "centers" in request and request["centers"] is not None:
        centers: dict[str, str] = {}
        center_codes = board.supply_centers
        for pname, items in _mapping(request, "centers").items():
            power = pname if type(pname) is str and pname in canonical and pname.isupper() \
                else _power(variant, pname, "centers", pseudo=True)
            try:
                all_codes = center_codes.issuperset(items if type(items) is list else _list(items, "centers", power))
            except TypeError:  # an unhashable item: the item-by-item reading names it
                all_codes = False
            if all_codes:  # every centre by its code: the usual request, read in one step
                centers.update(dict.fromkeys(items, power))
                continue
            for i, c in enumerate(items):
                code = c if type(c) is str and c in center_codes else None
                if code is None:
                    code = board.lookup(c) if isinstance(c, str) else None
                    if code is None or not board.provinces[code].is_supply_center:
                        raise RequestError(f"centers.{power}[{i}]", f"{shown(c)} is not a supply centre")
                centers[code] = power
    else:
        centers = dict(variant.initial_state().centers)
    dislodged: dict[Unit, Dislodged] = {}  # keyed by unit: several may come from one province
    for pname, items in _mapping(request, "dislodged").items():
        power = _power(variant, pname, "dislodged", pseudo=True)
        for i, item in enumerate(_list(items, "dislodged", power)):
            field = f"dislodged.{power}[{i}]"
            if not isinstance(item, Mapping) or "unit" not in item or "attacker" not in item:
                raise RequestError(field, "expected {'unit': ..., 'attacker': ..., 'via_convoy': false}")
            unit = _parse_unit(variant, power, item["unit"], field + ".unit")
            attacker_text = item["attacker"]
            attacker = variant.board.lookup(attacker_text.split("/")[0]) if isinstance(attacker_text, str) else None
            if attacker is None:
                raise RequestError(field + ".attacker", f"unknown province {shown(attacker_text)}")
            via = item.get("via_convoy", False)
            if not isinstance(via, bool):
                raise RequestError(field + ".via_convoy", "must be true or false")
            if unit in dislodged:
                raise RequestError(field, f"{unit} is listed as dislodged twice")
            dislodged[unit] = Dislodged(unit, attacker, via)
    if dislodged and phase.type is not PhaseType.RETREATS:
        raise RequestError("dislodged", "only retreat phases have dislodged units")
    contested = []
    for i, c in enumerate(_list(request.get("contested", []) or [], "contested")):
        code = variant.board.lookup(c) if isinstance(c, str) else None
        if code is None:
            raise RequestError(f"contested[{i}]", f"unknown province {shown(c)}")
        contested.append(code)
    extra = request.get("extra")
    if extra is not None and not isinstance(extra, Mapping):
        raise RequestError("extra", "must be an object (variant data, as save files store it)")
    if standing is not None and not dislodged and not contested and extra is None \
            and phase.type is not PhaseType.RETREATS:
        plain = _plain_state(variant, phase, units, centers)
        if plain is not None:
            return variant, plain
    try:
        state = variant.make_state(phase, units, centers, list(dislodged.values()), tuple(contested), extra)
        variant.check_state(state)
    except PositionError as exc:
        raise RequestError(exc.field, exc.message) from None
    except ChancelleryError as exc:
        raise RequestError("units", str(exc)) from None
    if dislodged:
        state = state.replace(dislodged={
            u: Dislodged(d.unit, d.attacker, d.via_convoy,
                         retreat_options(variant.board, state, d, variant.move_permission(state)))
            for u, d in state.dislodged.items()
        })
    return variant, state


def _plain_state(variant: Variant, phase: Phase, units: list[Unit], centers: dict[str, str]) -> GameState | None:
    """The position ``make_state`` builds from units that stand where they may and centres already checked,
    once its phase passes ``check_phase`` (the rest of ``check_state`` has nothing left to find); ``None``
    when two units share a province (the general reading names them)."""
    occupants: dict[str, Unit] = {}
    for unit in units:
        occupants[unit.loc.partition("/")[0]] = unit
    if len(occupants) != len(units):
        return None
    state = GameState(variant.id, phase, occupants, centers, {}, frozenset(), {}, (), {})
    try:
        check_phase(variant, state)
    except PositionError as exc:
        raise RequestError(exc.field, exc.message) from None
    return state


class _Position:
    """A position read from a request before: its variant and state, and its legal orders once asked for.

    A request in the plain form that the engine read from text itself (no caller holds it) may be kept
    checked but unbuilt (``unread``): its legal orders as text need only its units' texts, and its state is
    read from it when first asked for (the request is kept with it)."""

    __slots__ = ("variant", "_state", "unread", "phase", "legal", "legal_json")

    def __init__(self, variant: Variant, state: GameState | None, unread: dict[str, Any] | None = None,
                 phase: Phase | None = None) -> None:
        self.variant = variant
        self._state = state
        self.unread = unread  # the request, checked by _plain_check, when ``state`` is read from it on demand
        self.phase = phase  # its phase, with ``unread``
        self.legal: dict[str, dict[str, list[str]]] | None = None
        self.legal_json: str | None = None  # ``legal`` as JSON text, once asked for as text

    @property
    def state(self) -> GameState:
        state = self._state
        if state is None:  # (two threads may both read it: the same position, either kept)
            assert self.unread is not None  # (the request stays: it is read once, and the engine's alone)
            state = _plain_position(self.variant, self.unread)
            assert state is not None  # (the request passed _plain_check, and nobody else holds it)
            self._state = state
        return state


_PLAIN_VARIANTS: dict[Any, Variant] = {}  # a variant's name in requests -> the variant, for plain readings only


def _own_position(request: Any) -> _Position:
    """The position of a request the engine read from text itself: checked, and built when first needed
    when it is in the plain form."""
    if type(request) is dict:
        name = request.get("variant", "standard")
        # A variant without options that reads positions plainly has no state of its own: one serves every
        # request naming it (as one serves every request for a position kept).
        variant = _PLAIN_VARIANTS.get(name) if type(name) is str and request.get("options") is None else None
        if variant is None:
            variant = _variant(request)
        phase = _plain_check(variant, request)
        if phase is not None:
            if name not in _PLAIN_VARIANTS and not variant.options and len(_PLAIN_VARIANTS) < 64:
                _PLAIN_VARIANTS[name] = variant
            return _Position(variant, None, request, phase)
    return _Position(*state_from_request(request))


_POSITIONS: dict[int, tuple[tuple[Any, ...], _Position]] = {}  # by the key's hash: (key, position), oldest first
_POSITIONS_KEPT = 64


_EMPTY_TYPES = (dict, list)


def _listed(section: Any) -> tuple[Any, ...] | None:
    """A request's ``{power: [text, ...]}`` section as a key, when it has that plain form (else ``None``)."""
    if type(section) is not dict:
        return None
    key = [*section]
    for items in section.values():
        if type(items) is not list:
            return None
        key.append(tuple(items))
    return tuple(key)


def _position_key(request: Mapping[str, Any]) -> tuple[Any, ...] | None:
    """What a request's position is made of, as a key for positions read before; ``None`` for a request
    outside the plain form the key covers (options, extra, dislodged units, standoffs, anything not a
    plain dict or list): those are read every time. Only positions read without an error are kept, so a
    key equal to a kept one describes the same position. (It may hold an unhashable value: hashing it
    is the caller's check.)"""
    if type(request) is not dict:
        return None
    get = request.get
    if get("options") is not None or get("extra") is not None:
        return None
    # "None" as the reading takes it: dislodged units left out, null or an empty object (a list is an error);
    # standoffs left out, null, an empty list or object (other false values are read too, but not kept).
    dislodged, contested = get("dislodged"), get("contested")
    if (dislodged is not None and (type(dislodged) is not dict or dislodged)) \
            or (contested is not None and (type(contested) not in _EMPTY_TYPES or contested)):
        return None
    units = _listed(get("units"))
    if units is None:
        return None
    centers_given = get("centers")
    centers = None if centers_given is None else _listed(centers_given)
    if centers_given is not None and centers is None:
        return None
    return (get("variant", "standard"), get("phase"), units, centers)


def _read_position(request: Mapping[str, Any], own: bool = False) -> _Position:
    """The position a request describes, from the positions read before when it is one of them (a caller
    asking for a position's legal orders and then adjudicating it, a bot trying several order sets).
    ``own``: the engine read the request from text itself, so it may be kept unbuilt (``_Position``)."""
    key = _position_key(request)
    if key is None:
        return _Position(*state_from_request(request))
    try:
        code = hash(key)  # once: a tuple doesn't keep its hash, and this one holds the whole position
    except TypeError:  # an unhashable value somewhere: the ordinary reading names it
        return _Position(*state_from_request(request))
    known = _POSITIONS.get(code)
    if known is not None and known[0] == key:
        return known[1]
    position = _own_position(request) if own else _Position(*state_from_request(request))
    if len(_POSITIONS) >= _POSITIONS_KEPT:
        try:
            del _POSITIONS[next(iter(_POSITIONS))]
        except (KeyError, RuntimeError, StopIteration):  # another thread got there first: start afresh
            _POSITIONS.clear()
    _POSITIONS[code] = (key, position)  # a key of the same hash read later takes the place
    return position


def forget_positions() -> None:
    """Empty everything the engine keeps from one call to the next but the maps' own tables (and the lean
    paths' bounded memos of texts, which depend on the map alone): the positions read before, every map's
    order texts read before, the outcomes worded before.
    For benchmarks that time calls from cold; answers don't change, only the time they take."""
    from .order_reader import forget_read_texts
    from .resolver import forget_outcomes

    _POSITIONS.clear()
    forget_read_texts()
    forget_outcomes()


_STR_ONLY = {str}


def caller_powers(variant: Variant) -> Mapping[str, Any]:
    """The powers a caller orders for: the only keys a request's ``orders`` may use (any other is an unknown
    power) and the only powers a legal-orders answer lists. A variant's pseudo powers (1815's minor powers,
    Engineered's madman) own units, but no caller orders them: Great Powers move them by their own orders."""
    return variant.board.powers


def _caller_listing(variant: Variant, legal: dict[str, dict[str, list[str]]]) -> dict[str, dict[str, list[str]]]:
    """``legal`` with only ``caller_powers``' entries (it is kept per position, so this runs once each)."""
    if not variant.pseudo_powers:  # every owner of a unit is a caller's power: nothing to leave out
        return legal
    powers = caller_powers(variant)
    return {power: per for power, per in legal.items() if power in powers}


def _orders(request: Mapping[str, Any], variant: Variant) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    total = 0
    powers = caller_powers(variant)
    for pname, items in _mapping(request, "orders").items():
        power = pname if type(pname) is str and pname in powers and pname.isupper() else _power(variant, pname, "orders")
        lines = items if type(items) is list else _list(items, "orders", power)
        total += len(lines)
        if total > MAX_ORDERS:
            raise RequestError("orders", f"more than {MAX_ORDERS} order lines in one request")
        if not lines or (set(map(type, lines)) == _STR_ONLY and max(map(len, lines)) <= MAX_ORDER_LENGTH):
            out[power] = list(lines)  # the usual lines, checked in one step
            continue
        for i, line in enumerate(lines):
            if not isinstance(line, str):
                raise RequestError(f"orders.{power}[{i}]", f"must be a string, got {shown(line)}")
            if len(line) > MAX_ORDER_LENGTH:
                raise RequestError(f"orders.{power}[{i}]", f"longer than {MAX_ORDER_LENGTH} characters")
        out[power] = list(lines)
    return out


_UNIT_ORDER = attrgetter("power", "loc", "type")  # unit types are string enums: they sort by their letters


def units_by_power(units: Iterable[Unit]) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for unit in sorted(units, key=_UNIT_ORDER):
        text = f"{unit.type._value_} {unit.loc}" if type(unit) is Unit else str(unit)
        if unit.power in out:
            out[unit.power].append(text)
        else:
            out[unit.power] = [text]
    return out


def centers_by_power(centers: Mapping[str, str]) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for c, p in sorted(centers.items()):
        if p in out:
            out[p].append(c)
        else:
            out[p] = [c]
    return out


def _order_entries(results: Iterable[OrderResult]) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    append = out.append
    for power, order, result, reason, default, _, why in results:  # one per order: the loop is kept lean
        entry: dict[str, Any] = {"power": power, "order": order, "result": result, "reason": reason}
        if default:
            entry["default"] = True
        entry["outcome"] = encode_outcome(why if why is not None else note(reason))
        append(entry)
    return out


def position_of(variant: Variant, state: GameState) -> dict[str, Any]:
    """``state`` written as a request (the response's fields; ``adjudicate`` and ``legal_orders`` read it
    back as the same position)."""
    dislodged: dict[str, list[dict[str, Any]]] = {}
    for d in sorted(state.dislodged.values(), key=lambda d: (d.unit.power, d.unit.loc)):
        dislodged.setdefault(d.unit.power, []).append(
            {"unit": str(d.unit), "attacker": d.attacker, "via_convoy": d.via_convoy, "retreats": list(d.retreats)})
    position: dict[str, Any] = {"variant": variant.id, "phase": str(state.phase),
                                "units": units_by_power(variant.all_units(state)), "dislodged": dislodged,
                                "contested": sorted(state.contested), "centers": centers_by_power(state.centers)}
    if variant.options:
        position["options"] = dict(variant.options)
    extra = variant.request_extra(state)
    if extra:
        position["extra"] = extra
    return position


def _adjudicated(request: Mapping[str, Any]) -> tuple[Variant, GameState, PhaseResult]:
    known = _read_position(request)
    variant, state = known.variant, known.state
    orders = _orders(request, variant)
    return variant, state, Submission.from_texts(variant, state, orders).process()


def _response_tail(variant: Variant, result: PhaseResult) -> dict[str, Any]:
    """The response's fields after ``orders``, in their order."""
    position = position_of(variant, result.state)
    tail: dict[str, Any] = {key: position[key] for key in ("units", "dislodged", "contested", "centers", "extra") if key in position}
    if result.winner:
        tail["winner"] = result.winner
    elif result.drawn:
        tail["drawn"] = True
    return tail


def adjudicate(request: Mapping[str, Any]) -> dict[str, Any]:
    """Adjudicate one phase described by a JSON-like request; see the module doc."""
    answer = _lean_answer(request, text=False)
    if answer is not None:
        return _parsed(answer) if type(answer) is str else answer  # type: ignore[return-value]
    variant, state, result = _adjudicated(request)
    response: dict[str, Any] = {
        "variant": variant.id,
        "phase": str(state.phase),
        "next_phase": str(result.state.phase),
        "orders": _order_entries(result.results),
    }
    response.update(_response_tail(variant, result))
    return response


# json.loads's own scanner and its pattern of blanks (neither in the type stubs)
_scan_json: Callable[[str, int], tuple[Any, int]] = getattr(JSONDecoder(), "scan_once")
_json_space: Callable[[str, int], Match[str]] = getattr(_decoder, "WHITESPACE").match


def _parse_json(text: str) -> Any:
    """``json.loads(text)``, value and errors, in fewer steps: its scanner called directly."""
    if text.startswith("\ufeff"):
        return _loads(text)  # (its error for a byte order mark)
    try:  # (blanks are skipped only where there are some: a request usually has none round it)
        value, end = _scan_json(text, 0 if text[:1] not in _BLANKS else _json_space(text, 0).end())
    except StopIteration as exc:
        raise JSONDecodeError("Expecting value", text, exc.value) from None
    if end != len(text):
        end = _json_space(text, end).end()
        if end != len(text):
            raise JSONDecodeError("Extra data", text, end)
    return value


_BLANKS = " \t\n\r"  # (and "": the empty text is read by the pattern too)


def read_request_text(text: str | bytes) -> Any:
    """JSON text (or UTF-8 bytes) to a request; every way it can fail is a :class:`RequestError`."""
    if isinstance(text, (bytes, bytearray)):
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as exc:
            raise RequestError("request", f"not UTF-8 text (bad byte at offset {exc.start})") from None
    elif not isinstance(text, str):
        raise RequestError("request", f"expected JSON text, got {type(text).__name__}")
    try:
        return _parse_json(text)
    except JSONDecodeError as exc:
        raise RequestError("request", f"not valid JSON (line {exc.lineno}, column {exc.colno}): {exc.msg}") from None
    except RecursionError:
        raise RequestError("request", "nested too deeply") from None
    except ValueError as exc:  # an integer of more digits than Python converts
        raise RequestError("request", f"not valid JSON: {exc}") from None


# JSON text of the fixed parts of a result entry. ``_quote`` is the string encoder ``json.dumps`` itself
# uses (ASCII only, its escapes), so the text written here is byte for byte what ``json.dumps`` writes.
_RESULT_TEXT = {SUCCEEDS: '", "result": "succeeds", "reason": ', FAILS: '", "result": "fails", "reason": ',
                INVALID: '", "result": "invalid", "reason": '}
_POWER_TEXT: dict[str, str] = {}  # power -> '{"power": "FRANCE", "order": '


def _entries_json(results: Iterable[OrderResult]) -> str:
    """``json.dumps(_order_entries(results))``, written directly: each outcome's JSON is made once per
    reason and shared (``outcomes.encoded_json``), and no dict is built per order."""
    parts: list[str] = []
    append = parts.append
    quote = _quote
    for power, order, result, reason, default, _, why in results:  # one per order: the loop is kept lean
        head = _POWER_TEXT.get(power)
        if head is None:
            head = _POWER_TEXT[power] = '{"power": ' + quote(power) + ', "order": '
        fixed = _RESULT_TEXT.get(result)
        if fixed is None:  # a variant's own verdict
            fixed = ', "result": ' + quote(result) + ', "reason": '
            order_text = quote(order)
        else:
            order_text = quote(order)[:-1]  # the closing quote is the fixed text's first character
        append(head + order_text + fixed + quote(reason)
               + (', "default": true, "outcome": ' if default else ', "outcome": ')
               + encoded_json(why if why is not None else note(reason)) + "}")
    return "[" + ", ".join(parts) + "]"


def _plain_tail_json(variant: Variant, result: PhaseResult) -> str | None:
    """``json.dumps(_response_tail(variant, result))`` without its opening brace, written directly, for a
    variant that lists its units and keeps no data as the standard rules do and a position without
    dislodged or stacked units (the usual answer); ``None`` otherwise."""
    state = result.state
    cls = type(variant)
    if variant.options or state.dislodged or state.stacked or cls.all_units is not Variant.all_units \
            or cls.request_extra is not Variant.request_extra:
        return None
    quote = _quote
    # (power, location, type letter) sorts as units_by_power sorts the units (the type's letter is its value).
    rows = []
    for unit in state.units.values():
        if type(unit) is not Unit:
            return None
        rows.append((unit.power, unit.loc, unit.type._value_))
    rows.sort()
    listed: dict[str, list[str]] = {}
    for power, loc, letter in rows:
        text = quote(letter + " " + loc)
        if power in listed:
            listed[power].append(text)
        else:
            listed[power] = [text]
    owned: dict[str, list[str]] = {}
    for centre, owner in sorted(state.centers.items()):
        if owner in owned:
            owned[owner].append(quote(centre))
        else:
            owned[owner] = [quote(centre)]
    parts = ['"units": {', ", ".join(quote(power) + ": [" + ", ".join(texts) + "]" for power, texts in listed.items()),
             '}, "dislodged": {}, "contested": [', ", ".join(map(quote, sorted(state.contested))), '], "centers": {',
             ", ".join(quote(owner) + ": [" + ", ".join(centres) + "]" for owner, centres in owned.items())]
    add = parts.append
    add("}, " + _dumps({"winner": result.winner})[1:-1] if result.winner else "}")
    return "".join(parts) + "}"


def adjudicate_json(text: str | bytes) -> str:
    """``json.dumps(adjudicate(json.loads(text)))``, byte for byte, without the response's dicts: the
    caller's path when the request arrives as text and the response leaves as text (the command line,
    a service). Bad JSON is a :class:`RequestError` naming ``request``, like every other bad request."""
    request = read_request_text(text)
    answer = _lean_answer(request)
    if answer is not None:
        assert type(answer) is str  # (asked for as text)
        return answer
    variant, state, result = _adjudicated(request)
    head = ('{"variant": ' + _quote(variant.id) + ', "phase": ' + _quote(str(state.phase))
            + ', "next_phase": ' + _quote(str(result.state.phase)) + ', "orders": ' + _entries_json(result.results))
    tail = _plain_tail_json(variant, result)
    if tail is not None:
        return head + ", " + tail
    tail = _dumps(_response_tail(variant, result))
    return head + "}" if tail == "{}" else head + ", " + tail[1:]


def _lean_answer(request: Any, text: bool = True) -> str | dict[str, Any] | None:
    """The lean path's response (``engine/lean``: a plain standard movement phase, as text; a variant's own,
    named by ``Variant.lean_path``: as text, or as ``adjudicate``'s dict when ``text`` is false), or ``None``
    when the request takes the general path. Errors are the general path's: the variant is read first, the
    orders after the position."""
    if type(request) is not dict or not lean.ENABLED:
        return None
    variant = _variant(request)
    if type(variant) is not Variant:  # a variant's own lean path, if it has one
        path = type(variant).lean_path
        if path is None:
            return None
        answer: str | dict[str, Any] | None = import_module(path).adjudicate_text(
            variant, request, lambda: _read_position(request).state, lambda: _orders(request, variant), text)
        return answer
    return lean.adjudicate_text(request, variant, lambda: _orders(request, variant), MAX_ORDERS, MAX_ORDER_LENGTH)


def _legal(position: _Position) -> dict[str, dict[str, list[str]]]:
    legal = position.legal
    if legal is None:
        variant = position.variant
        legal = position.legal = _caller_listing(variant, legal_orders_for_state(variant, position.state))
    return legal


def legal_orders(request: Mapping[str, Any]) -> dict[str, dict[str, list[str]]]:
    """Every legal order of every orderable unit (or build site) per power a caller orders for
    (``caller_powers``), canonical notation."""
    legal = _legal(_read_position(request))
    # The kept answer stays the position's: the caller gets lists of its own.
    return {power: {loc: list(texts) for loc, texts in per.items()} for power, per in legal.items()}


def legal_orders_json(text: str | bytes) -> str:
    """``json.dumps(legal_orders(json.loads(text)))``, byte for byte: the text path (no copies of the
    lists are made, since the caller gets text; a position asked for again answers with the same text)."""
    position = _read_position(read_request_text(text), own=True)
    answer = position.legal_json
    if answer is None:
        legal, variant, unread = position.legal, position.variant, position.unread
        if legal is not None:
            answer = _dumps(legal)
        elif variant.pseudo_powers:  # the text fast paths would list their units too
            answer = _dumps(_legal(position))
        elif unread is not None and position.phase is not None \
                and type(variant).move_permission is Variant.move_permission:  # (no rule needs the position)
            answer = legal_orders_json_for_units(variant, position.phase, unread["units"])
        if answer is None:
            answer = legal_orders_json_for_state(variant, position.state)
        position.legal_json = answer
    return answer
