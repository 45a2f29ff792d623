"""The money and militia of a usual World Diplomacy movement phase, for a lean path: what ``economy.adjudicate``
(upkeep; militia moves; purchases) and ``economy.after_phase`` (the season's end, the finance sheets) give,
byte for byte, from plain per-phase data instead of a ``GameState`` and typed orders.

It serves the basic game (``currencies`` "basic", ``upkeep`` "listed": ``serves``), a ledger with no loans,
pending bribes or rebellions (``serves_ledger``), and orders whose only economy lines are upkeep (``MAINTAIN``)
and purchases (``Build``, militia included); a caller hands any other phase to the general path. Two steps
around the battle, which another module fights:

* ``pay_upkeep`` (before it): each country's listed units paid for in the order listed while money lasts; the
  units nobody paid for (``Upkeep.removed``), which the battle leaves out;
* ``after_battle`` (after it, from the battle's moves, dislodgements and standoffs, as
  ``engine.resolver.MovementResult`` keys them): militia moves into room left free, militia lost, purchases
  placed, then, when nothing was dislodged, the season's end (``season_end``: control, captured home centres,
  taxes after Spring and Fall, the winner), and every country's finance sheet.

Outcomes are ``Verdict`` records, the words and the outcome JSON the contract writes (made through
``engine.resolver.outcome`` and ``engine.outcomes.encoded_json`` once per kind and kept); notes are ``Note``
records in the order the general path reports them. ``tests/variants/test_world31_lean_economy.py`` runs both
paths over random games and hand-made cases. Plain typed Python that mypyc can compile as it stands.
"""
from __future__ import annotations

from json.encoder import encode_basestring_ascii as _quote
from typing import TYPE_CHECKING, Any, Callable, Final, Mapping, Sequence, TypeVar, final

from ...orders import Build, Order
from ...outcomes import encoded_json
from ...resolver import outcome
from ...state import StackedUnit
from ...types import Phase, Season, Unit, UnitType
from . import economy  # noqa: F401  (registers the wording of the economy's codes)
from .ledger import Ledger
from .money import COST_ARMY_OR_FLEET, COST_MILITIA, TAX_CITY, TAX_PROVINCE, TAX_SEA, shown
from .orders import FINANCE_ORDERS, MILITIA, Maintain, MilitiaHold, MilitiaMove, MilitiaSupportHold, MilitiaSupportMove
from .tables import MapTables

if TYPE_CHECKING:
    from .variant import WorldDiplomacy

SUCCEEDS: Final = "succeeds"
FAILS: Final = "fails"

# A militia's order, as the economy reads it.
MILITIA_HOLD: Final = 0  # holds (also a militia given no order)
MILITIA_MOVE: Final = 1  # moves (``dest``), into room the armies and fleets left free
MILITIA_GUARD: Final = 2  # supports the army or fleet of its own province (no part in the battle)
MILITIA_SUPPORT: Final = 3  # supports a unit elsewhere: the battle decides it (``after_battle``'s ``battle_verdicts``)

_CONTINENTS: Final = ("NA", "SA", "AA", "EP", "AS", "AF", "ME", "OC")  # (variant.CONTINENTS: variant.py imports this)
_VERDICTS_KEPT: Final = 20_000  # outcomes kept per map (a price, a place or a unit each: bounded by the map)


@final
class Verdict:
    """An order's or a note's outcome as the response writes it: ``result`` ("succeeds"/"fails"), ``words``
    (the entry's ``reason``) and ``json`` (its ``outcome``, JSON text). A finance sheet's outcome is a note of
    its words (``noted``, made with ``json`` ""): its JSON is written only when asked for, since the dict
    answer needs none."""

    def __init__(self, succeeded: bool, words: str, json: str) -> None:
        self.succeeded = succeeded
        self.result = SUCCEEDS if succeeded else FAILS
        self.words = words
        self.noted = not json
        self._json = json

    @property
    def json(self) -> str:
        return self._json or '{"code": "note", "data": {"text": ' + _quote(self.words) + "}}"


@final
class Note:
    """A rule effect reported as an engine-made result (``"default": true``): a militia lost or not maintained
    (``order``: the unit, "M NA5"), a finance sheet (``order``: "FINANCES")."""

    def __init__(self, power: str, order: str, verdict: Verdict) -> None:
        self.power = power
        self.order = order
        self.verdict = verdict


@final
class Slotted:
    """An upkeep line (the unit maintained) or a purchase (the unit bought), with its order's result slot
    (``maintain:A:NA5``, ``build:NA5``)."""

    def __init__(self, unit: Unit, slot: str) -> None:
        self.unit = unit
        self.slot = slot


@final
class MilitiaOrder:
    """A militia's usable order: its slot (``M:NA5``), one of the ``MILITIA_*`` kinds and a move's destination
    (the location as ordered; "" for other kinds)."""

    def __init__(self, slot: str, kind: int, dest: str = "") -> None:
        self.slot = slot
        self.kind = kind
        self.dest = dest


def militia_order(slot: str, order: Order) -> MilitiaOrder:
    """A typed militia order (``orders.py``) as the economy reads it."""
    if isinstance(order, MilitiaMove):
        return MilitiaOrder(slot, MILITIA_MOVE, order.dest)
    if isinstance(order, MilitiaSupportHold):
        here = order.unit.loc.partition("/")[0]
        return MilitiaOrder(slot, MILITIA_GUARD if order.target.loc.partition("/")[0] == here else MILITIA_SUPPORT)
    if isinstance(order, MilitiaSupportMove):
        return MilitiaOrder(slot, MILITIA_SUPPORT)
    if isinstance(order, MilitiaHold):
        return MilitiaOrder(slot, MILITIA_HOLD)
    raise ValueError(f"not a militia order: {order}")


@final
class Books:
    """The ledger as the phase changes it: money (cents), home centres (sorted per country) and control. The
    basic game's other parts (rebellions, loans, bribes) are empty here."""

    def __init__(self, money: dict[str, int], homes: dict[str, tuple[str, ...]], control: dict[str, str]) -> None:
        self.money = money
        self.homes = homes
        self.control = control

    def extra(self) -> dict[str, Any]:
        """The position's ``extra``, as ``WorldDiplomacy.ledger_extra`` (``Ledger.plain``) writes it."""
        money = self.money
        homes = self.homes
        control = self.control
        keys = list(control)
        ordered = sorted(keys)
        return {
            "money": {p: money[p] for p in sorted(money)},
            "homes": {p: list(homes[p]) for p in sorted(homes)},
            "control": dict(control) if keys == ordered else {k: control[k] for k in ordered},
            "rebellions": [],
            "loans": [],
            "bribes": [],
        }


def books_of(ledger: Ledger) -> Books:
    return Books(dict(ledger.money), dict(ledger.homes), dict(ledger.control))


@final
class EconomyTables:
    """A World board's facts the economy reads, made once per map and options (``tables_for``)."""

    def __init__(self, variant: WorldDiplomacy) -> None:
        tables: MapTables = variant.tables
        self.map_tables = tables
        self.powers: tuple[str, ...] = tuple(variant.powers)
        self.land: frozenset[str] = tables.land
        self.seas: frozenset[str] = tables.seas
        self.cities: frozenset[str] = tables.cities
        start = Phase.parse(variant.board.start_phase)
        self.start_season: str = start.season
        self.start_year: int = start.year
        self.continents: list[frozenset[str]] = [places for places in map(variant.continent_places, _CONTINENTS)
                                                 if places]
        self.continents_to_win = int(variant.options.get("continents_to_win", 7))
        self.upkeep_lines: dict[Unit, str] = {}  # a unit -> "upkeep of {EP} F 3"
        self.bought_lines: dict[Unit, str] = {}  # a unit -> "bought {EP} F 3"
        self.prices: dict[int, str] = {}  # cents -> the amount as a sheet prints it (US dollars)
        self.verdicts: dict[tuple[bool, str, str, object], Verdict] = {}

    def is_economy_phase(self, phase: Phase) -> bool:
        """``WorldDiplomacy.is_economy_phase`` for a movement phase: Winter and Summer, but the first Winter."""
        season = phase.season
        if season != Season.WINTER and season != Season.SUMMER:
            return False
        return not (season == self.start_season and phase.year == self.start_year)

    def price_words(self, cents: int) -> str:
        words = self.prices.get(cents)
        if words is None:
            words = self.prices[cents] = shown(cents)
        return words

    def upkeep_line(self, unit: Unit) -> str:
        line = self.upkeep_lines.get(unit)
        if line is None:
            if len(self.upkeep_lines) >= _VERDICTS_KEPT:
                self.upkeep_lines.clear()
            line = self.upkeep_lines[unit] = "upkeep of " + self.map_tables.in_seed_notation(str(unit))
        return line

    def bought_line(self, unit: Unit) -> str:
        line = self.bought_lines.get(unit)
        if line is None:
            if len(self.bought_lines) >= _VERDICTS_KEPT:
                self.bought_lines.clear()
            line = self.bought_lines[unit] = "bought " + self.map_tables.in_seed_notation(str(unit))
        return line

    def verdict(self, succeeded: bool, code: str, key: str = "", value: object = None) -> Verdict:
        """The outcome ``economy`` makes (``outcome(succeeded, code, key=value)``), as the response writes it."""
        cache_key = (succeeded, code, key, value)
        known = self.verdicts.get(cache_key)
        if known is None:
            got = outcome(succeeded, code, **{key: value}) if key else outcome(succeeded, code)
            detail = got.detail
            assert detail is not None
            known = Verdict(got.succeeded, got.reason, encoded_json(detail))
            if len(self.verdicts) >= _VERDICTS_KEPT:
                self.verdicts.clear()
            self.verdicts[cache_key] = known
        return known


_TABLES: dict[tuple[int, str, int], EconomyTables] = {}


def tables_for(variant: WorldDiplomacy) -> EconomyTables:
    """The economy's tables of ``variant``'s board and options, kept per board."""
    key = (id(variant.board), str(variant.options.get("conquest", "cities")),
           int(variant.options.get("continents_to_win", 7)))
    known = _TABLES.get(key)
    if known is None or known.map_tables.board is not variant.board:
        if len(_TABLES) >= 16:
            _TABLES.clear()
        known = _TABLES[key] = EconomyTables(variant)
    return known


def serves(variant: WorldDiplomacy) -> bool:
    """The basic game with listed upkeep: every country pays in US dollars, for the units it lists."""
    options = variant.options
    return bool(options.get("currencies", "basic") == "basic" and options.get("upkeep", "listed") == "listed")


def serves_ledger(ledger: Ledger) -> bool:
    """A ledger this module settles: no World Bank loans, no bribes awaiting a guess, no rebellions."""
    return not ledger.loans and not ledger.bribes and not ledger.rebellions


def serves_order(order: Order) -> bool:
    """An order this module settles or leaves to the battle: an upkeep line, a purchase, or no finance line at
    all (an army's, a fleet's or a militia's order). Bribes, guesses, rebellions, loans and transfers are not."""
    kind = type(order)
    return kind is Maintain or kind is Build or not isinstance(order, FINANCE_ORDERS)


_new_tuple: Final[Callable[..., Any]] = tuple.__new__
_K = TypeVar("_K")
_V = TypeVar("_V")


def _as_dict(mapping: Mapping[_K, _V]) -> dict[_K, _V]:
    return mapping if type(mapping) is dict else dict(mapping)


def _unit(power: str, kind: UnitType, loc: str) -> Unit:
    """``Unit(power, kind, loc)`` without the named tuple's generated ``__new__`` (interpreted: a unit is made
    per militia and per move)."""
    made: Unit = _new_tuple(Unit, (power, kind, loc))
    return made


def _militia_slot(loc: str) -> str:
    return "M:" + loc.partition("/")[0]


def _unit_cost(unit: Unit) -> int:
    return COST_MILITIA if unit.type is MILITIA else COST_ARMY_OR_FLEET


# --- before the battle --------------------------------------------------------------------------------------


@final
class Upkeep:
    """The phase before its battle: the units removed for want of upkeep (in the general path's order: per
    country, the unlisted ones, then those the money didn't cover), the money left, the finance sheets so far,
    the upkeep lines' verdicts and the notes of militia not maintained and given no order."""

    def __init__(self, economy: bool, removed: list[Unit], books: Books, sheets: dict[str, list[str]],
                 verdicts: dict[str, Verdict], notes: list[Note], had_units: set[str]) -> None:
        self.economy = economy  # Winter or Summer (not the first Winter): upkeep and purchases this phase
        self.removed = removed
        self.gone = set(removed)
        self.books = books
        self.sheets = sheets  # country -> its finance sheet's lines
        self.verdicts = verdicts  # slot -> verdict: upkeep lines; removed units' own slots ("not maintained")
        self.notes = notes
        self.had_units = had_units  # the countries with a unit (army, fleet or militia) at the phase's start


def pay_upkeep(tables: EconomyTables, phase: Phase, units_given: Mapping[str, Unit], militia: Sequence[StackedUnit],
               ledger: Ledger, maintains: Sequence[Slotted], orders_given: Mapping[str, MilitiaOrder]) -> Upkeep:
    """Step 2 of ``economy.adjudicate``: ``units_given`` the armies and fleets (province -> unit) and ``militia`` the
    position's (``GameState.stacked``), ``maintains`` the usable upkeep lines in submission order,
    ``orders_given`` the militia's usable orders by slot."""
    assert serves_ledger(ledger), "loans, bribes and rebellions take the general path"
    units = _as_dict(units_given)
    militia_orders = _as_dict(orders_given)
    books = books_of(ledger)
    money = books.money
    sheets: dict[str, list[str]] = {}
    verdicts: dict[str, Verdict] = {}
    notes: list[Note] = []
    removed: list[Unit] = []
    had_units: set[str] = set()
    for unit in units.values():
        had_units.add(unit.power)
    for s in militia:
        had_units.add(s.power)
    economy = tables.is_economy_phase(phase)
    if not economy:
        return Upkeep(False, removed, books, sheets, verdicts, notes, had_units)
    asked: dict[Unit, str] = {}
    for line in maintains:
        asked[line.unit] = line.slot
    owned_by: dict[str, list[Unit]] = {}
    for unit in units.values():
        owned = owned_by.get(unit.power)
        if owned is None:
            owned_by[unit.power] = [unit]
        else:
            owned.append(unit)
    for s in militia:
        unit = _unit(s.power, s.kind, s.loc)
        owned = owned_by.get(unit.power)
        if owned is None:
            owned_by[unit.power] = [unit]
        else:
            owned.append(unit)
    asked_by: dict[str, list[Unit]] = {}
    for unit in asked:
        listing = asked_by.get(unit.power)
        if listing is None:
            asked_by[unit.power] = [unit]
        else:
            listing.append(unit)
    army_words = tables.price_words(COST_ARMY_OR_FLEET)
    militia_words = tables.price_words(COST_MILITIA)
    maintained_army = tables.verdict(True, "maintained", "cost", army_words)
    maintained_militia = tables.verdict(True, "maintained", "cost", militia_words)
    for power in tables.powers:
        owned = owned_by.get(power)
        if not owned:
            continue
        unpaid: set[Unit] = set()
        on_board = set(owned)
        keep = [u for u in asked_by.get(power, []) if u in on_board]
        for u in owned:
            if u not in asked:
                removed.append(u)
                unpaid.add(u)
        total = 0
        for u in keep:
            total += COST_MILITIA if u.type is MILITIA else COST_ARMY_OR_FLEET
        have = money.get(power, 0)
        if total <= have:
            lines: list[str] = []
            for u in keep:
                if u.type is MILITIA:
                    lines.append(tables.upkeep_line(u) + ": -" + militia_words)
                    verdicts[asked[u]] = maintained_militia
                else:
                    lines.append(tables.upkeep_line(u) + ": -" + army_words)
                    verdicts[asked[u]] = maintained_army
            if keep:
                money[power] = have - total
                sheets[power] = lines
        else:
            for u in keep:
                is_militia = u.type is MILITIA
                cost = COST_MILITIA if is_militia else COST_ARMY_OR_FLEET
                words = militia_words if is_militia else army_words
                have = money.get(power, 0)
                if have >= cost:
                    money[power] = have - cost
                    sheet = sheets.get(power)
                    if sheet is None:
                        sheet = sheets[power] = []
                    sheet.append(tables.upkeep_line(u) + ": -" + words)
                    verdicts[asked[u]] = maintained_militia if is_militia else maintained_army
                else:
                    removed.append(u)
                    unpaid.add(u)
                    verdicts[asked[u]] = tables.verdict(False, "unpaid", "cost", words)
        if unpaid:
            for u in owned:
                # An army's or fleet's own order line says it already; a militia given no order has none.
                if u in unpaid and u.type is MILITIA and _militia_slot(u.loc) not in militia_orders:
                    notes.append(Note(power, str(u), tables.verdict(False, "not_maintained", "unit", u)))
    if removed:
        gone_verdict = tables.verdict(False, "not_maintained")
        for u in removed:
            verdicts[_militia_slot(u.loc) if u.type is MILITIA else u.loc.partition("/")[0]] = gone_verdict
    return Upkeep(True, removed, books, sheets, verdicts, notes, had_units)


# --- after the battle ---------------------------------------------------------------------------------------


@final
class PhaseEconomy:
    """The phase's economy and militia after the battle (see ``after_battle``)."""

    def __init__(self, verdicts: dict[str, Verdict], notes: list[Note], units: dict[str, Unit],
                 militia: list[StackedUnit], placed: list[Unit], removed: list[Unit], books: Books,
                 extra: dict[str, Any], settled: bool, winner: str | None) -> None:
        self.verdicts = verdicts  # slot -> verdict, for every upkeep line, purchase, militia and removed unit
        self.notes = notes  # militia lost, militia not maintained, then the finance sheets
        self.units = units  # the armies and fleets after the phase: moved, less those removed, plus those bought
        self.militia = militia  # the militia after the phase, in ``GameState.stacked``'s order
        self.placed = placed  # armies and fleets bought, in the order bought
        self.removed = removed  # units nobody paid for (``Upkeep.removed``)
        self.books = books  # the ledger after the phase
        self.extra = extra  # the next position's ``extra`` (``books.extra()``)
        self.settled = settled  # the season ended (nothing dislodged): control, home centres, taxes, winner
        self.winner = winner  # when settled: the first country with enough conquered continents


def after_battle(tables: EconomyTables, phase: Phase, units_given: Mapping[str, Unit], militia: Sequence[StackedUnit],
                 upkeep: Upkeep, moved_given: Mapping[str, str], dislodged: Mapping[str, object],
                 contested: set[str] | frozenset[str], tried_given: Mapping[str, str],
                 orders_given: Mapping[str, MilitiaOrder],
                 battle_verdicts: Mapping[str, Verdict], purchases: Sequence[Slotted]) -> PhaseEconomy:
    """Steps 4 (after the resolver) and 5 of ``economy.adjudicate`` and ``economy.after_phase``.

    ``units_given``, ``militia``: the position at the phase's start, as given to ``pay_upkeep``; ``moved_given``
    (origin province -> destination location), ``dislodged`` (province -> anything) and ``contested``: the battle's,
    as ``MovementResult`` keys them; ``tried_given``: every move the battle was given (origin province -> destination
    province, ``MovementResolver.move_dest``); ``orders_given``: the militia's usable orders by slot (a militia
    with none holds); ``battle_verdicts``: the battle's verdicts of the ``MILITIA_SUPPORT`` orders, by slot;
    ``purchases``: the usable purchases (in any order: they are settled in the order of their texts)."""
    # (The mappings as dicts: compiled code reads a dict directly, any other mapping through its methods.)
    units = _as_dict(units_given)
    moved = _as_dict(moved_given)
    tried = _as_dict(tried_given)
    militia_orders = _as_dict(orders_given)
    gone = upkeep.gone
    verdicts = dict(upkeep.verdicts)
    notes = list(upkeep.notes)
    # The armies and fleets that fought, and where they stand after the battle (``_holders_after``).
    holders: dict[str, str] = {}
    after: dict[str, Unit] = {}
    for prov, unit in units.items():
        if gone and unit in gone:
            continue
        if prov in dislodged:
            continue
        dest = moved.get(prov)
        if dest is not None:
            there = dest.partition("/")[0]
            holders[there] = unit.power
            after[there] = _unit(unit.power, unit.type, dest)
        elif prov not in holders:
            holders[prov] = unit.power
            after[prov] = unit
    # Militia moves (``_militia_after``): only into a province no other country holds or tried to enter,
    # where no militia stood and no other goes; a militia whose province another country took is lost.
    start: set[str] = set()
    for s in militia:
        start.add(s.loc.partition("/")[0])
    hold = MilitiaOrder("", MILITIA_HOLD)
    wanted: dict[str, int] = {}
    for s in militia:
        if gone and _unit(s.power, s.kind, s.loc) in gone:
            continue
        given = militia_orders.get(_militia_slot(s.loc), hold)
        if given.kind == MILITIA_MOVE:
            want = given.dest.partition("/")[0]
            wanted[want] = wanted.get(want, 0) + 1
    foreign_tries: dict[str, set[str]] = {}
    if wanted:
        for origin, dest in tried.items():
            if dest in wanted:
                mover = units.get(origin)
                if mover is not None:
                    tries = foreign_tries.get(dest)
                    if tries is None:
                        foreign_tries[dest] = {mover.power}
                    else:
                        tries.add(mover.power)
    kept: list[StackedUnit] = []
    for s in militia:
        if gone and _unit(s.power, s.kind, s.loc) in gone:
            continue  # not maintained
        slot = _militia_slot(s.loc)
        given = militia_orders.get(slot, hold)
        loc = s.loc
        verdict: Verdict | None = None
        if given.kind == MILITIA_MOVE:
            dest = given.dest.partition("/")[0]
            holder = holders.get(dest)
            tries = foreign_tries.get(dest)
            free = (dest not in start and wanted.get(dest, 0) == 1 and (holder is None or holder == s.power)
                    and (tries is None or not (tries - {s.power})) and dest not in contested)
            if free:
                loc = given.dest
                verdict = tables.verdict(True, "militia_moves", "dest", given.dest)
            else:
                verdict = tables.verdict(False, "militia_blocked", "dest", dest)
        elif given.kind == MILITIA_SUPPORT:
            verdict = battle_verdicts[slot]
        here = holders.get(loc.partition("/")[0])
        if here is not None and here != s.power:
            unit = _unit(s.power, s.kind, s.loc)
            lost = tables.verdict(False, "militia_lost", "unit", unit)
            verdicts[slot] = lost
            notes.append(Note(s.power, str(unit), lost))
            continue
        if verdict is None:  # guarding its province: holding, or supporting the unit beside it
            verdict = tables.verdict(True, "support_given" if given.kind == MILITIA_GUARD else "holds")
        verdicts[slot] = verdict
        kept.append(s if loc == s.loc and _plain_militia(s) else StackedUnit(s.power, MILITIA, loc))
    # Purchases, placed where nothing now stands, in the order of their texts.
    books = upkeep.books
    money = books.money
    sheets = {power: list(lines) for power, lines in upkeep.sheets.items()}
    placed: list[Unit] = []
    if purchases:
        taken = set(holders)
        for s in kept:
            taken.add(s.loc.partition("/")[0])
        for line in sorted(purchases, key=_purchase_text):
            unit = line.unit
            site = unit.loc.partition("/")[0]
            cost = _unit_cost(unit)
            if site in taken:
                verdicts[line.slot] = tables.verdict(False, "site_taken", "site", site)
                continue
            words = tables.price_words(cost)
            have = money.get(unit.power, 0)
            if have < cost:
                verdicts[line.slot] = tables.verdict(False, "unpaid", "cost", words)
                continue
            money[unit.power] = have - cost
            sheet = sheets.get(unit.power)
            if sheet is None:
                sheet = sheets[unit.power] = []
            sheet.append(tables.bought_line(unit) + ": -" + words)
            taken.add(site)
            verdicts[line.slot] = tables.verdict(True, "bought", "cost", words)
            if unit.type is MILITIA:
                kept.append(StackedUnit(unit.power, MILITIA, unit.loc))
            else:
                placed.append(unit)
    # ``after_phase``: the board with the phase's removals and purchases; a militia beside another country's
    # unit is lost (``_clean_stacks``; none is, after the steps above, but the rule is the general path's).
    # ``after_phase``: a removed unit still standing where it stood is taken off (not a unit of its country
    # and kind that moved to that very place).
    arrived = {dest.partition("/")[0] for dest in moved.values()} if upkeep.removed else set()
    for unit in upkeep.removed:
        prov = unit.loc.partition("/")[0]
        if prov not in arrived and after.get(prov) == unit:
            del after[prov]
    for unit in placed:
        after[unit.loc.partition("/")[0]] = unit
    stacked: list[StackedUnit] = []
    cleaned: list[Note] = []
    for s in kept:
        occupant = after.get(s.loc.partition("/")[0])
        if occupant is not None and occupant.power != s.power:
            unit = _unit(s.power, s.kind, s.loc)
            cleaned.append(Note(s.power, str(unit), tables.verdict(False, "militia_lost", "unit", unit)))
        else:
            stacked.append(s)
    stacked.sort(key=_militia_order)  # (``StackedUnit.sort_key``'s order: every one is a plain militia)
    if cleaned:
        notes = cleaned + notes
    settled = not dislodged
    winner: str | None = None
    if settled:
        winner = season_end(tables, phase, after, stacked, books, sheets)
    notes += finance_sheets(tables, books, sheets, upkeep.had_units)
    return PhaseEconomy(verdicts, notes, after, stacked, placed, upkeep.removed, books, books.extra(), settled, winner)


def _plain_militia(s: StackedUnit) -> bool:
    """A militia as this module makes them (no captor, no disguise): kept as it is when it stays."""
    return s.kind is MILITIA and s.origin is None and s.mimic is None


def _militia_order(s: StackedUnit) -> str:
    return s.power + "\0" + s.loc  # (below every character: the order of the pairs)


def _purchase_text(line: Slotted) -> str:
    return f"{line.unit} B"  # (``str(Build(unit))``: purchases are settled in its order)


def season_end(tables: EconomyTables, phase: Phase, units: Mapping[str, Unit], militia: Sequence[StackedUnit],
               books: Books, sheets: dict[str, list[str]]) -> str | None:
    """``economy.settle_season`` and the calendar's winner check (``WorldDiplomacy.winner``): control follows
    the armies and fleets on land, and militia standing alone; a home centre an army or fleet stands in
    belongs to the country controlling it; after Spring and Fall each country collects taxes (a line on its
    sheet). Changes ``books`` and ``sheets``; answers the winner, if any."""
    control = books.control
    land = tables.land
    for prov, unit in units.items():
        if prov in land:
            control[prov] = unit.power
    for s in militia:
        prov = s.loc.partition("/")[0]
        if prov not in units:
            control[prov] = s.power
    homes: dict[str, list[str]] = {p: list(h) for p, h in books.homes.items()}
    for power, provs in list(homes.items()):
        for prov in list(provs):
            if prov not in units:
                continue
            holder = control.get(prov)
            if holder is not None and holder != power:
                provs.remove(prov)
                taker = homes.get(holder)
                if taker is None:
                    homes[holder] = [prov]
                else:
                    taker.append(prov)
    books.homes = {p: tuple(sorted(h)) for p, h in homes.items()}
    season = phase.season
    if season == Season.SPRING or season == Season.FALL:
        money = books.money
        seas: dict[str, int] = {}
        sea_zones = tables.seas
        for prov, unit in units.items():
            if prov in sea_zones:
                seas[unit.power] = seas.get(unit.power, 0) + 1
        cities: dict[str, int] = {}
        plain: dict[str, int] = {}
        city_places = tables.cities
        for prov, owner in control.items():
            counts = cities if prov in city_places else plain
            counts[owner] = counts.get(owner, 0) + 1
        for power in tables.powers:
            at_sea, in_cities, provinces = seas.get(power, 0), cities.get(power, 0), plain.get(power, 0)
            usd = at_sea * TAX_SEA + provinces * TAX_PROVINCE + in_cities * TAX_CITY
            if usd or power in money:
                money[power] = money.get(power, 0) + usd
                line = (f"taxes ({at_sea} sea zones, {provinces} provinces, {in_cities} cities): "
                        f"+{tables.price_words(usd)}")
                sheet = sheets.get(power)
                if sheet is None:
                    sheets[power] = [line]
                else:
                    sheet.append(line)
    return _winner(tables, control)


def _winner(tables: EconomyTables, control: Mapping[str, str]) -> str | None:
    held: dict[str, int] = {}
    for places in tables.continents:
        holder: str | None = None
        first = True
        for place in places:
            owner = control.get(place)
            if first:
                if owner is None:
                    break
                holder = owner
                first = False
            elif owner != holder:
                holder = None
                break
        if holder is not None:
            held[holder] = held.get(holder, 0) + 1
    need = tables.continents_to_win
    for power in tables.powers:
        if held.get(power, 0) >= need:
            return power
    return None


def finance_sheets(tables: EconomyTables, books: Books, sheets: Mapping[str, list[str]],
                   had_units: set[str]) -> list[Note]:
    """``economy._finance_sheets`` in the basic game: every country with lines or a unit at the phase's start
    gets its sheet (its own eyes only), with its savings after the phase."""
    notes: list[Note] = []
    money = books.money
    for power in tables.powers:
        lines = sheets.get(power)
        if not lines and power not in had_units:
            continue
        body = "; ".join(lines) if lines else "no official transactions"
        text = f"finances: {body}; savings {_dollars(money.get(power, 0))}"
        notes.append(Note(power, "FINANCES", Verdict(True, text, "")))
    return notes


def _dollars(cents: int) -> str:
    """``money.shown(cents)`` (US dollars), compiled here: every sheet ends with its savings."""
    whole, part = divmod(abs(cents), 100)
    digits = str(whole)
    if whole >= 1000:  # (thousands separated by commas, as format's "," does: quicker by hand)
        head = len(digits) % 3 or 3
        digits = ",".join([digits[:head]] + [digits[i:i + 3] for i in range(head, len(digits), 3)])
    return ("-US$" if cents < 0 else "US$") + digits + ("." if part >= 10 else ".0") + str(part)


def retreats_at_once(tables: EconomyTables, phase: Phase, end: PhaseEconomy) -> list[Note]:
    """The retreat phase the general path plays on the spot when every dislodged unit is destroyed
    (``phases._nothing_to_retreat``): its ``after_phase`` ends the season on the board ``end`` left (militia
    beside another country's unit lost, control, home centres, taxes, the winner) and writes every country's
    sheet again, the taxes alone on it. Changes ``end`` (books, extra, militia, settled, winner); answers the
    notes, which follow the destroyed units' results."""
    notes: list[Note] = []
    stacked: list[StackedUnit] = []
    for s in end.militia:
        occupant = end.units.get(s.loc.partition("/")[0])
        if occupant is not None and occupant.power != s.power:
            unit = _unit(s.power, s.kind, s.loc)
            notes.append(Note(s.power, str(unit), tables.verdict(False, "militia_lost", "unit", unit)))
        else:
            stacked.append(s)
    had_units: set[str] = set()
    for unit in end.units.values():
        had_units.add(unit.power)
    for s in end.militia:
        had_units.add(s.power)
    sheets: dict[str, list[str]] = {}
    end.winner = season_end(tables, phase, end.units, stacked, end.books, sheets)
    end.militia = stacked
    end.settled = True
    end.extra = end.books.extra()
    notes += finance_sheets(tables, end.books, sheets, had_units)
    return notes


__all__ = [
    "FAILS", "MILITIA_GUARD", "MILITIA_HOLD", "MILITIA_MOVE", "MILITIA_SUPPORT", "SUCCEEDS", "Books",
    "EconomyTables", "MilitiaOrder", "Note", "PhaseEconomy", "Slotted", "Upkeep", "Verdict", "after_battle",
    "books_of", "finance_sheets", "militia_order", "pay_upkeep", "retreats_at_once", "season_end", "serves",
    "serves_ledger", "serves_order", "tables_for",
]
