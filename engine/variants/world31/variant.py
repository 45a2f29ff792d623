"""World Diplomacy (31 countries on 8 continents, David Caldwell): the variant class.

The rules it adds to the standard game, each in one place:

* the calendar: Winter, Spring, Summer and Fall are all movement phases; Winter and Summer are also when
  upkeep is paid and units bought (orders of the same phase); the first Winter is movement only;
* freezing: Arctic places in Winter and Antarctic ones in Summer (``move_permission``);
* militia: stacked units (``stacking_types``) read by ``WorldResolver``; their moves after it;
* the economy (``economy.py``) kept in ``GameState.extra`` as a ``Ledger``;
* victory by continents (``winner``).

Every reading of the rules text is listed in docs/variants/world31.md.
"""
from __future__ import annotations

import re
from functools import cached_property
from typing import Any, ClassVar, Iterator, Mapping, Sequence

from ...hooks import PhaseEnd
from ...order_effects import OrderEffect
from ...orders import STANDARD_ORDERS, Build, Convoy, Hold, Move, Order, RawOrder, SupportHold, SupportMove
from ...phases import update_centers
from ...resolver import MovementResult, Tracer
from ...state import Dislodged, GameState, StackedUnit
from ...types import (
    ChancelleryError,
    IllegalOrderError,
    OrderSyntaxError,
    Phase,
    PhaseType,
    PositionError,
    Season,
    Unit,
    UnitType,
    province_of,
)
from ...validate import MovePermission, retreat_options, validate_movement
from ...variant_options import OptionSpec, OptionType
from .. import register
from ..base import AccountPanel, Variant, VictoryProgress, VictoryRule
from . import economy, treasury
from .ledger import Ledger
from .money import BRIBE_MINIMUM, LOAN_LIMIT, LOAN_TERMS, US_DOLLAR, Currency, currency_of
from .notation import to_codes
from .orders import (
    FINANCE_ORDERS,
    MILITIA,
    MILITIA_ORDERS,
    Bribe,
    Guess,
    Loan,
    Maintain,
    MilitiaHold,
    MilitiaMove,
    MilitiaSupportHold,
    MilitiaSupportMove,
    Pacify,
    Rebellion,
    Transfer,
)
from .reading import OwnLines
from .resolver import WorldResolver
from .tables import MapTables, map_tables

CONTINENTS = ("NA", "SA", "AA", "EP", "AS", "AF", "ME", "OC")
_AMOUNT = r"\$?\s*(\d+(?:\.\d{1,2})?)"
_OWN = {
    "maintain": re.compile(r"^(?:maintain|maintains|keep)\s+(.+)$"),
    "bribe": re.compile(rf"^(?:bribe|bribes)\s+(.+?)\s+(?:for\s+)?{_AMOUNT}$"),
    "guess": re.compile(rf"^(?:guess|counter|counterbid)\s+(.+?)\s+{_AMOUNT}$"),
    "rebellion": re.compile(r"^(?:start\s+)?(?:rebellion|rebel|revolt)\s+(?:in\s+)?(\S+)$"),
    "pacify": re.compile(r"^(?:pacify|pacifies)\s+(\S+)$"),
    "loan": re.compile(rf"^(?:loan|borrow)\s+{_AMOUNT}\s+(?:for\s+)?(\d)\s*(?:years?|y)?$"),
    "transfer": re.compile(rf"^(?:transfer|pay|send)\s+{_AMOUNT}\s+to\s+(.+)$"),
}


_NO_RULE_YET = object()


class _InPlaceOf(Mapping[str, Unit]):
    """A position's occupants with one province's taken by another unit (a militia ordered as if it stood
    alone there), without copying the board."""

    __slots__ = ("_units", "_prov", "_unit")

    def __init__(self, units: Mapping[str, Unit], prov: str, unit: Unit) -> None:
        self._units, self._prov, self._unit = units, prov, unit

    def __getitem__(self, prov: str) -> Unit:
        return self._unit if prov == self._prov else self._units[prov]

    def get(self, prov: str, default: Any = None) -> Any:
        return self._unit if prov == self._prov else self._units.get(prov, default)

    def __contains__(self, prov: object) -> bool:
        return prov == self._prov or prov in self._units

    def __iter__(self) -> Iterator[str]:
        yield from self._units
        if self._prov not in self._units:
            yield self._prov

    def __len__(self) -> int:
        return len(self._units) + (self._prov not in self._units)


def _cents(text: str) -> int:
    whole, _, part = text.partition(".")
    return int(whole) * 100 + int((part + "00")[:2])


@register
class WorldDiplomacy(Variant):
    id: ClassVar[str] = "world31"
    name: ClassVar[str] = "World Diplomacy"
    map_id: ClassVar[str] = "world31"
    aliases: ClassVar[tuple[str, ...]] = ("world-dc", "world diplomacy")
    description: ClassVar[str] = "Thirty-one dictatorships on eight continents, with militia, four seasons and money."
    lean_path: ClassVar[str | None] = "engine.variants.world31.lean"  # (its usual movement phases: lean/)
    movement_seasons: ClassVar[tuple[str, ...]] = (Season.WINTER, Season.SPRING, Season.SUMMER, Season.FALL)
    unit_types: ClassVar[tuple[UnitType, ...]] = (UnitType.ARMY, UnitType.FLEET, MILITIA)
    order_kinds: ClassVar[tuple[type[Order], ...]] = (*STANDARD_ORDERS, *MILITIA_ORDERS, *FINANCE_ORDERS)
    resolver_class = WorldResolver
    # The finance lines' first words (and "start rebellion …"): every other text reads as the standard
    # parser reads it once the seed's numbers are codes, so the fast order reader serves those.
    own_order_words: ClassVar[frozenset[str] | None] = frozenset(
        {w.upper() for kind in FINANCE_ORDERS for w in kind.words} | {"START"})
    # ``validate`` reads the finance lines, purchases and militia orders itself and hands every other order to
    # the standard checks (a fleet frozen in place convoying is refused, which the reader leaves to it).
    validates_only_own_kinds: ClassVar[bool] = True
    stacking_types: ClassVar[frozenset[UnitType]] = frozenset({MILITIA})
    # no adjustment phases: upkeep and purchases are orders of the Winter and Summer movement phases
    phase_types: ClassVar[frozenset[PhaseType]] = frozenset({PhaseType.MOVEMENT, PhaseType.RETREATS})

    # --- options ------------------------------------------------------------------------------------

    @property
    def option_specs(self) -> tuple[OptionSpec, ...]:
        return (*super().option_specs,
                OptionSpec("currencies", OptionType.CHOICE, "basic", "Money",
                           choices=(("basic", "Basic game: everyone in US dollars"),
                                    ("advanced", "Advanced game: 31 currencies, converted on every transfer")),
                           help="Seed §6.8-6.12."),
                OptionSpec("upkeep", OptionType.CHOICE, "listed", "Upkeep",
                           choices=(("listed", "Only units listed under Maintenance are kept"),
                                    ("automatic", "Every unit is kept while money lasts")),
                           help="Seed §2.5: a unit nobody maintains disappears."),
                OptionSpec("conquest", OptionType.CHOICE, "cities", "Conquering a continent",
                           choices=(("cities", "Control every province with a city"),
                                    ("provinces", "Control every land province")),
                           help="What conquering a continent means (seed §5.2 leaves it open)."),
                OptionSpec("continents_to_win", OptionType.INT, 7, "Continents to win",
                           help="Conquering this many of the eight continents wins (seed §5.2: 7).",
                           minimum=1, maximum=8))

    @property
    def advanced(self) -> bool:
        return bool(self.options.get("currencies", "basic") == "advanced")

    # --- the board's facts -----------------------------------------------------------------------------

    @cached_property
    def tables(self) -> MapTables:
        return map_tables(self.board)

    @property
    def numbers(self) -> dict[tuple[str, int], str]:
        return self.tables.numbers

    @property
    def frozen_in(self) -> dict[str, frozenset[str]]:
        """Season letter -> the places frozen at its start: the map's ``polar: arctic`` places in Winter,
        its ``polar: antarctic`` ones in Summer (a place marked only ``freezes`` counts as Arctic)."""
        return self.tables.frozen_in

    def frozen(self, state: GameState) -> frozenset[str]:
        if state.phase.type is PhaseType.ADJUSTMENTS:
            return frozenset()
        return self.frozen_in.get(state.phase.season, frozenset())

    def has_city(self, prov: str) -> bool:
        return prov in self.tables.cities  # a named city, or none

    def is_economy_phase(self, phase: Phase) -> bool:
        """Winter and Summer, except the first Winter (seed §1.0: "a movement phase only")."""
        if phase.type is not PhaseType.MOVEMENT or phase.season not in (Season.WINTER, Season.SUMMER):
            return False
        start = self._start
        return not (phase.season == start.season and phase.year == start.year)

    @cached_property
    def _start(self) -> Phase:
        return Phase.parse(self.board.start_phase)

    def currency(self, state: GameState, power: str) -> Currency:
        if not self.advanced:
            return US_DOLLAR
        return currency_of(self.power_name(power), self._cities_held(state).get(power, 0))

    def _cities_held(self, state: GameState) -> dict[str, int]:
        """Country -> the cities its ledger says it controls, counted once per ledger (a phase asks every
        country's currency, several times: upkeep, the season's taxes, the finance sheets)."""
        ledger = self.ledger(state)
        kept = self._cities_kept
        if kept is not None and kept[0] is ledger:
            return kept[1]
        cities = self.tables.cities
        held: dict[str, int] = {}
        for prov, owner in ledger.control.items():
            if prov in cities:
                held[owner] = held.get(owner, 0) + 1
        self._cities_kept = (ledger, held)  # (the ledger kept with its count: immutable, and never a new one's id)
        return held

    _cities_kept: tuple[Ledger, dict[str, int]] | None = None

    # --- the ledger -----------------------------------------------------------------------------------

    def ledger(self, state: GameState) -> Ledger:
        """The position's ledger, read once per position: options, validation, upkeep and the winner all ask
        for it (a position and its ``extra`` are never changed once made, and a ``Ledger`` is immutable)."""
        kept = self._ledger_kept
        if kept is not None and kept[0] is state.extra:
            return kept[1]
        ledger = Ledger.read(state.extra, self.board.powers, self.tables.places)
        self._ledger_kept = (state.extra, ledger)
        return ledger

    _ledger_kept: tuple[Mapping[str, Any], Ledger] | None = None

    def ledger_extra(self, ledger: Ledger) -> dict[str, Any]:
        """``ledger`` as a position's ``extra``, remembered as read: the phase that made it asks for it next."""
        extra = ledger.plain()
        self._ledger_kept = (extra, ledger)
        return extra

    def initial_ledger(self, units: Sequence[Unit], centers: Mapping[str, str]) -> Ledger:
        tables = self.tables
        homes = dict(tables.homes)
        control = {**tables.control, **centers}
        land = tables.land
        for unit in units:
            prov = province_of(unit.loc)
            if prov in land:
                control.setdefault(prov, unit.power)
        return Ledger(money={p: 0 for p in homes}, homes=homes, control=control)

    def _start_plain(self, units: Sequence[Unit], centers: Mapping[str, str]) -> dict[str, Any]:
        """``initial_ledger(units, centers).plain()``, from the map's control already sorted: the centres
        and units usually stand in provinces the map's control lists, which then keep their sorted places."""
        tables = self.tables
        ordered = tables.sorted_control
        if ordered is None:
            ordered = tables.sorted_control = dict(sorted(tables.control.items()))
        control = {**ordered, **centers}
        land = tables.land
        for unit in units:
            prov = unit.loc.partition("/")[0]
            if prov in land and prov not in control:
                control[prov] = unit.power
        if len(control) != len(ordered):  # a province the map's control leaves out: sorted again
            control = {prov: control[prov] for prov in sorted(control)}
        homes = tables.homes
        return {"money": {p: 0 for p in sorted(homes)}, "homes": {p: list(h) for p, h in sorted(homes.items())},
                "control": control, "rebellions": [], "loans": [], "bribes": []}

    def make_state(self, phase: Phase, units: list[Unit], centers: Mapping[str, str],
                   dislodged: list[Dislodged] = (), contested: tuple[str, ...] = (),  # type: ignore[assignment]
                   extra: Mapping[str, Any] | None = None) -> GameState:
        """As the base, with the economy filled in where ``extra`` leaves it out (money $0, the map's home
        centres; control: the map's ``owner`` of each area, home centres, owned centres and the provinces
        units stand in)."""
        given = dict(extra or {})
        start = self._start_plain(units, centers)
        for key in ("money", "homes", "control"):
            if key in given and isinstance(given[key], Mapping):
                given[key] = {**start[key], **given[key]}
        state = super().make_state(phase, units, centers, dislodged, contested, {**start, **given})
        self.ledger(state)  # checked here (PositionError naming the bad part), and kept for the phase
        return state

    def initial_state(self) -> GameState:
        """The seed's start, made once per map (a position is never changed once made; the options don't
        change where the game starts)."""
        known = self.tables.initial.get(self.id)
        if known is None:
            base = super().initial_state()
            known = self.tables.initial[self.id] = base.replace(
                extra=self.initial_ledger(list(base.units.values()), base.centers).plain())
        return known

    def check_extra(self, state: GameState) -> None:
        ledger = self.ledger(state)
        for s in state.stacked:
            if s.kind is not MILITIA:
                raise PositionError("stacked", f"{s.unit}: only militia stand beside another unit here")
            occupant = state.units.get(s.province)
            if occupant is not None and occupant.power != s.power:
                raise PositionError("stacked", f"{s.unit} shares {s.province} with another country's {occupant}")
        seen = [s.province for s in state.stacked]
        if len(seen) != len(set(seen)):
            raise PositionError("stacked", "at most one militia per province")
        del ledger

    def stack_refusal(self, state: GameState, unit: StackedUnit) -> str | None:
        """A militia stands alone or beside an army or fleet of its own country, one per province (as
        ``check_extra`` reads a position)."""
        why = super().stack_refusal(state, unit)
        if why is not None:
            return why
        occupant = state.units.get(unit.province)
        if occupant is not None and occupant.power != unit.power:
            return (f"a militia of {self.power_name(unit.power)} can't share {unit.province} with another "
                    f"country's {occupant} ({self.power_name(occupant.power)})")
        if any(s.kind is MILITIA for s in state.stacked_in(unit.province)):
            return f"{unit.province} already has its militia: at most one militia per province"
        return None

    def request_extra(self, state: GameState) -> dict[str, Any]:
        return self.ledger(state).plain()

    def view_for(self, state: GameState, power: str | None) -> GameState:
        """Everything but money: a country sees its own balance, loans and bribes only (seed §6.4: a bribe
        is secret from its target; the guess is the target's only knowledge)."""
        if power is None or not state.extra:
            return state
        ledger = self.ledger(state)
        kept = Ledger(money={p: c for p, c in ledger.money.items() if p == power}, homes=ledger.homes,
                      control=ledger.control, rebellions=ledger.rebellions,
                      loans=tuple(ln for ln in ledger.loans if ln.power == power),
                      bribes=tuple(b for b in ledger.bribes if b.briber == power))
        return state.replace(extra=kept.plain())

    def options_view(self, state: GameState, power: str) -> GameState:
        """The whole position: the options read no money (bribes, loans and transfers aren't listed)."""
        return state

    def account_panel(self, state: GameState, power: str) -> AccountPanel | None:
        """The treasury (``treasury.py``), from what ``view_for`` shows ``power`` alone, and how many bribes
        for its units await its guess (all the seed tells a target; a LAN seat's view has no such count)."""
        against = sum(1 for b in self.ledger(state).bribes if b.unit.power == power) if state.extra else 0
        return treasury.panel(self, self.view_for(state, power), power, against)

    def account_order(self, state: GameState, power: str, form: str, values: Mapping[str, str]) -> str:
        return treasury.order_line(self, state, power, form, values)

    def shaded_note(self) -> str | None:
        return "Frozen: Arctic in Winter, Antarctic in Summer"

    def shaded_places(self, state: GameState) -> Mapping[str, str]:
        """The polar places frozen this season: nothing may move in or out, no finance order names them."""
        return {prov: "frozen this season" for prov in sorted(self.frozen(state))}

    def results_for(self, before: GameState, results: Sequence[Any], power: str | None) -> list[Any]:
        """Every unit's result is public; finance lines (and notes) only to the country they concern."""
        if power is None:
            return list(results)
        key = tuple(map(id, results))
        kept = self._public_kept
        if kept is None or kept[0] != key:
            # The LAN host asks once per seat for the same results: which are public is worked out once.
            public = [self._is_public(before, r) for r in results]
            kept = self._public_kept = (key, list(results), public)  # the results kept alive with their ids
        return [r for r, seen in zip(results, kept[2]) if seen or r.power == power]

    _public_kept: tuple[tuple[int, ...], list[Any], list[bool]] | None = None

    def _is_public(self, before: GameState, result: Any) -> bool:
        """A unit's order is everyone's to read; finance lines and notes (no order) are their country's. A
        result read back from a file or the network has words only: its order is read again from them, and
        counts as an order only if it reads back to the same text (a note naming a unit stays a note)."""
        typed = result.typed
        if typed is None:
            try:
                typed = self.validate(self.parse(result.order), before, result.power)
            except (ChancelleryError, ValueError):
                return False
            if str(typed) != result.order:
                return False
        return not isinstance(typed, FINANCE_ORDERS)

    # --- calendar ----------------------------------------------------------------------------------

    def draft_warnings(self, state: GameState, power: str, orders: Sequence[Order]) -> tuple[str, ...]:
        """The units of ``power`` no upkeep line pays for in Winter and Summer: they disappear (seed §2.5)."""
        if not self.is_economy_phase(state.phase) or self.options.get("upkeep", "listed") != "listed":
            return ()
        paid = {o.unit for o in orders if isinstance(o, Maintain)}
        unpaid = [str(u) for u in state.all_units() if u.power == power and u not in paid]
        if not unpaid:
            return ()
        return (f"No upkeep for {', '.join(unpaid)}: {'it disappears' if len(unpaid) == 1 else 'they disappear'} "
                "(K on a unit pays its upkeep)",)

    def order_effect(self, order: Order) -> OrderEffect:
        """Paying a unit's upkeep keeps it on the board (the bots pay for their units)."""
        if isinstance(order, Maintain):
            return OrderEffect(keeps=(order.unit,))  # without it the unit disappears
        return super().order_effect(order)

    def adjusts_after(self, season: str) -> bool:
        return False  # upkeep and purchases are orders of the Winter and Summer movement phases

    def centers_change_after(self, season: str) -> bool:
        return True  # control follows the last occupant after every season (taxes after Spring and Fall)

    # --- freezing -----------------------------------------------------------------------------------

    def move_permission(self, state: GameState) -> MovePermission | None:
        key = (state.phase.season, state.phase.type)
        kept = self._permits.get(key, _NO_RULE_YET)
        if kept is _NO_RULE_YET:
            kept = self._permits[key] = self._move_permission(state)
        return kept  # type: ignore[return-value]

    @cached_property
    def _permits(self) -> dict[tuple[str, PhaseType], MovePermission | None]:
        return {}  # (season, phase type) -> the rule (it depends on the season alone)

    def _move_permission(self, state: GameState) -> MovePermission | None:
        frozen = self.frozen(state)
        if not frozen:
            return None
        board = self.board

        circle = self._circle(state)

        def permit(unit: Unit, prov: str) -> str | None:
            if unit.loc.partition("/")[0] in frozen:  # (province_of, inline: every move and support read asks)
                return f"{unit} is frozen in: nothing moves in the {circle} this season"
            if prov in frozen:
                return f"{board.provinces[prov].name} is frozen: nothing can happen there this season"
            return None

        return permit

    def _circle(self, state: GameState) -> str:
        return "Arctic" if state.phase.season == Season.WINTER else "Antarctic"

    # --- orders -------------------------------------------------------------------------------------

    def parse(self, text: str) -> RawOrder:
        """The seed's notation (``{EP} F 3 - NWG``) and the platform's (``F ECH - NWG``), plus the finance
        lines (``MAINTAIN``, ``BRIBE``, ``GUESS``, ``REBELLION``, ``PACIFY``, ``LOAN``, ``TRANSFER``).

        Canonical upkeep lines (``MAINTAIN A NA5``: one per unit twice a year) come from the map's table."""
        if type(text) is str:
            known = self.tables.upkeep_lines().get(text)
            if known is not None:
                return known
        return self.read_text(text)

    def read_text(self, text: str) -> RawOrder:
        """``parse`` without the map's table of canonical upkeep lines."""
        if not isinstance(text, str) or not text.strip():
            raise OrderSyntaxError("empty order")
        try:
            coded = to_codes(text.strip(), self.board, self.numbers)
        except KeyError as exc:
            raise OrderSyntaxError(f"no province {exc.args[0]} on this map, in {text.strip()!r}") from None
        lowered = " ".join(coded.lower().split())
        if lowered.endswith(":") or ": " in lowered.split(" ", 2)[0] + " ":
            lowered = lowered.split(":", 1)[1].strip()
        for kind, pattern in _OWN.items():
            m = pattern.match(lowered)
            if m:
                return self._own_raw(kind, m, text)
        return super().parse(coded)

    def _own_raw(self, kind: str, m: re.Match[str], text: str) -> RawOrder:
        """A finance line as a raw order: the unit (type, loc), the province (loc), the amount in cents
        (``dest``) and the loan's years or the transfer's recipient (``route``)."""
        if kind in ("maintain", "bribe", "guess"):
            unit = super().parse(m.group(1) + " H")
            if unit.unit_type is None:
                raise OrderSyntaxError(f"name the unit's kind (A, F or M) in {text.strip()!r}")
            amount = str(_cents(m.group(2))) if kind != "maintain" else None
            return RawOrder(kind, unit.unit_type, unit.loc, dest=amount, text=text)
        if kind in ("rebellion", "pacify"):
            code = self.board.lookup(m.group(1))
            if code is None:
                raise OrderSyntaxError(f"unknown province {m.group(1).upper()!r} in {text.strip()!r}")
            return RawOrder(kind, loc=code, text=text)
        if kind == "loan":
            return RawOrder(kind, dest=str(_cents(m.group(1))), route=m.group(2), text=text)
        name = m.group(2).strip()
        to = next((p for p in self.board.powers.values() if name in (p.id.lower(), p.name.lower())), None)
        if to is None:
            raise OrderSyntaxError(f"unknown country {name!r} in {text.strip()!r}")
        return RawOrder(kind, dest=str(_cents(m.group(1))), route=to.id, text=text)

    def convoys_follow_move_rule(self) -> bool:
        """A fleet frozen in place convoys nobody (``validate``): the rule asked for the fleet's province."""
        return True

    def own_reader(self, state: GameState) -> OwnLines | None:
        """Upkeep, militia and purchase lines in canonical notation, read fast (``reading.py``)."""
        return OwnLines(self, state) if state.phase.type is PhaseType.MOVEMENT else None

    def validate(self, raw: RawOrder, state: GameState, power: str | None) -> Order:
        if raw.kind in _OWN:
            return self._validate_finance(raw, state, power)
        if state.phase.type is PhaseType.MOVEMENT:
            if raw.kind == "build":
                return self._validate_build(raw, state, power)
            if raw.unit_type is MILITIA:
                return self._validate_militia(raw, state, power)
            if raw.kind == "convoy" and raw.loc is not None and province_of(raw.loc) in self.frozen(state):
                raise IllegalOrderError(f"{province_of(raw.loc)} is frozen: nothing can happen there this season")
        return super().validate(raw, state, power)

    def _validate_build(self, raw: RawOrder, state: GameState, power: str | None) -> Order:
        if not self.is_economy_phase(state.phase):
            raise IllegalOrderError("units are bought only in Winter and Summer (not in the first Winter)")
        if raw.loc is None or raw.unit_type is None:
            raise IllegalOrderError("a purchase names the kind of unit and the home centre: build {EP} F 23")
        prov = province_of(raw.loc)
        owner = self.ledger(state).home_of(prov)
        if owner is None:
            raise IllegalOrderError(f"{prov} is no country's home centre")
        if power is not None and owner != power:
            raise IllegalOrderError(f"{prov} is a home centre of {self.power_name(owner)}, not {self.power_name(power)}")
        if prov not in self.build_sites(state, owner):
            why = "frozen" if prov in self.frozen(state) else "occupied"
            raise IllegalOrderError(f"{prov} is {why}: units are bought only in unoccupied home centres")
        kind = raw.unit_type
        loc = raw.loc
        if kind is UnitType.FLEET and self.board.province(prov).coasts and "/" not in loc:
            raise IllegalOrderError(f"name the coast of {prov} for a fleet")
        if not self.can_stand(kind, loc):
            raise IllegalOrderError(f"a {kind.name.lower()} can't stand at {loc}")
        return Build(Unit(owner, kind, loc))

    def _militia_at(self, state: GameState, prov: str) -> StackedUnit | None:
        kept = self._militia_kept
        if kept is None or kept[0] is not state.stacked:
            found: dict[str, StackedUnit] = {}
            for s in state.stacked:
                if s.kind is MILITIA:
                    found.setdefault(s.province, s)
            kept = self._militia_kept = (state.stacked, found)
        return kept[1].get(prov)

    _militia_kept: tuple[tuple[StackedUnit, ...], dict[str, StackedUnit]] | None = None

    def _validate_militia(self, raw: RawOrder, state: GameState, power: str | None) -> Order:
        if raw.loc is None:
            raise IllegalOrderError("name the militia's province")
        prov = province_of(raw.loc)
        militia = self._militia_at(state, prov)
        if militia is None:
            raise IllegalOrderError(f"no militia in {prov}")
        if power is not None and militia.power != power:
            raise IllegalOrderError(f"the militia in {prov} is not {power}'s")
        unit = militia.unit
        if raw.kind == "convoy":
            raise IllegalOrderError("militia don't convoy")
        if raw.kind == "support" and raw.target_loc is not None and province_of(raw.target_loc) == prov \
                and raw.dest is None:
            occupant = state.units.get(prov)
            if occupant is None:
                raise IllegalOrderError(f"no army or fleet in {prov} for the militia to support")
            return MilitiaSupportHold(unit, occupant)
        alone = state.replace(units=_InPlaceOf(state.units, prov, unit))
        order = validate_movement(raw, alone, self.board, power, self.move_permission(state))
        if isinstance(order, Move):
            return MilitiaMove(unit, order.dest)
        if isinstance(order, SupportMove):
            return MilitiaSupportMove(unit, order.target, order.dest)
        if isinstance(order, SupportHold):
            return MilitiaSupportHold(unit, order.target)
        if isinstance(order, Hold):
            return MilitiaHold(unit)
        raise IllegalOrderError(f"militia only hold, move and support, not {raw.kind}")

    def _unit_named(self, raw: RawOrder, state: GameState) -> Unit:
        if raw.loc is None or raw.unit_type is None:
            raise IllegalOrderError("name the unit: its kind and its province")
        prov = province_of(raw.loc)
        if raw.unit_type is MILITIA:
            militia = self._militia_at(state, prov)
            if militia is None:
                raise IllegalOrderError(f"no militia in {prov}")
            return militia.unit
        unit = state.units.get(prov)
        if unit is None or unit.type is not raw.unit_type:
            raise IllegalOrderError(f"no {raw.unit_type.name.lower()} in {prov}")
        return unit

    def _validate_finance(self, raw: RawOrder, state: GameState, power: str | None) -> Order:
        if state.phase.type is not PhaseType.MOVEMENT:
            raise IllegalOrderError("finance orders are given with the movement orders")
        if power is None:
            raise IllegalOrderError("a finance order needs the country giving it")
        frozen = self.frozen(state)
        if raw.kind == "maintain":
            if not self.is_economy_phase(state.phase):
                raise IllegalOrderError("upkeep is paid only in Winter and Summer (not in the first Winter)")
            unit = self._unit_named(raw, state)
            if unit.power != power:
                raise IllegalOrderError(f"{unit} is not {power}'s to maintain")
            return Maintain(unit)
        if raw.kind in ("bribe", "guess"):
            unit = self._unit_named(raw, state)
            price = int(raw.dest or 0)
            if raw.kind == "bribe":
                if unit.power == power:
                    raise IllegalOrderError(f"{unit} is already {power}'s")
                if province_of(unit.loc) in frozen:
                    raise IllegalOrderError(f"{province_of(unit.loc)} is frozen: nothing can happen there")
                floor = self._price(state, power, BRIBE_MINIMUM)
                if price < floor:
                    raise IllegalOrderError(f"bribes start at {self._words(state, power, floor)}")
                return Bribe(power, unit, price)
            if unit.power != power:
                raise IllegalOrderError(f"a guess names one of your own units, not {unit}")
            return Guess(power, unit, price)
        if raw.kind in ("rebellion", "pacify"):
            if raw.loc is None:
                raise IllegalOrderError("name the province")
            prov = province_of(raw.loc)
            if not self.board.provinces[prov].is_land:
                raise IllegalOrderError(f"{prov} is no land province")
            if prov in frozen:
                raise IllegalOrderError(f"{prov} is frozen: nothing can happen there this season")
            rebelling = prov in self.ledger(state).rebellions
            if raw.kind == "rebellion":
                if rebelling:
                    raise IllegalOrderError(f"{prov} is in rebellion already")
                return Rebellion(power, prov)
            if not rebelling:
                raise IllegalOrderError(f"{prov} is not in rebellion")
            return Pacify(power, prov)
        if raw.kind == "loan":
            amount, years = int(raw.dest or 0), int(raw.route or 0)
            if years not in LOAN_TERMS:
                raise IllegalOrderError("World Bank loans run 1 year (20 %) or 2 years (50 %)")
            limit = self._price(state, power, LOAN_LIMIT)
            if not 0 < amount <= limit:
                raise IllegalOrderError(f"the World Bank lends up to {self._words(state, power, limit)}")
            if any(ln.power == power for ln in self.ledger(state).loans):
                raise IllegalOrderError("one World Bank loan at a time: repay the last one first")
            return Loan(power, amount, years)
        to, amount = raw.route or "", int(raw.dest or 0)
        if to == power:
            raise IllegalOrderError("a transfer goes to another country")
        if amount <= 0:
            raise IllegalOrderError("a transfer is of a positive amount")
        return Transfer(power, amount, to)

    def _price(self, state: GameState, power: str, usd: int) -> int:
        return self.currency(state, power).from_dollars(usd)

    def _words(self, state: GameState, power: str, cents: int) -> str:
        from .money import shown
        return shown(cents, self.currency(state, power))

    def default_order(self, unit: Unit) -> Order:
        return MilitiaHold(unit) if unit.type is MILITIA else Hold(unit)

    def seed_text(self, order: Order | str) -> str:
        """An order in the seed's notation (``{EP} F 3 - NWG``)."""
        return self.tables.in_seed_notation(str(order))

    def report_order(self, text: str) -> str:
        return self.seed_text(text)

    # --- builds and options ---------------------------------------------------------------------------

    def home_centers(self, state: GameState, power: str) -> tuple[str, ...]:
        if state is None or not state.extra:
            return super().home_centers(state, power)
        return self.ledger(state).homes.get(power, ())

    def build_sites(self, state: GameState | None, power: str | None) -> frozenset[str]:
        """Unoccupied, unfrozen home centres (held by the country: captured ones change hands)."""
        if state is None or power is None:
            return frozenset()
        frozen = self.frozen(state)
        kept = self._busy_kept
        if kept is None or kept[0] is not state.stacked:
            kept = self._busy_kept = (state.stacked, frozenset(s.province for s in state.stacked))
        busy = kept[1]
        return frozenset(c for c in self.home_centers(state, power)
                         if c not in state.units and c not in busy and c not in frozen)

    _busy_kept: tuple[tuple[StackedUnit, ...], frozenset[str]] | None = None  # provinces with a militia

    def adjustment_delta(self, state: GameState, power: str) -> int:
        return 0  # builds are bought, not counted (seed §6.0)

    def legal_orders(self, state: GameState) -> dict[str, dict[str, list[Order]]]:
        """The standard options of armies and fleets, plus the militia's (slot ``M:PROV``) and, in
        Winter and Summer, upkeep per unit and purchases per free home centre. Bribes, guesses,
        rebellions, loans and transfers take amounts and are left out (too many to list). The last
        position's answer is kept: with 31 countries, each asks about the same position."""
        cached = self._options_cache
        if cached is not None and cached[0] is state:
            return {p: {k: list(v) for k, v in per.items()} for p, per in cached[1].items()}
        out = self._legal_orders(state)
        self._options_cache = (state, out)
        return {p: {k: list(v) for k, v in per.items()} for p, per in out.items()}

    _options_cache: tuple[GameState, dict[str, dict[str, list[Order]]]] | None = None

    def _legal_orders(self, state: GameState) -> dict[str, dict[str, list[Order]]]:
        out = super().legal_orders(state)
        if state.phase.type is not PhaseType.MOVEMENT:
            return out
        frozen = self.frozen(state)
        if frozen:  # a fleet frozen in convoys nobody (validate refuses it; the standard options don't know)
            for per in out.values():
                for slot, listed in per.items():
                    per[slot] = [o for o in listed
                                 if not (isinstance(o, Convoy) and province_of(o.unit.loc) in frozen)]
        permit = self.move_permission(state)
        board = self.board
        for s in state.stacked:
            unit, prov = s.unit, s.province
            options: list[Order] = [MilitiaHold(unit)]
            if prov not in self.frozen(state):
                for dest in sorted(board.army_adjacent(prov)):
                    if board.provinces[dest].is_land and (permit is None or permit(unit, dest) is None):
                        options.append(MilitiaMove(unit, dest))
                occupant = state.units.get(prov)
                if occupant is not None:
                    options.append(MilitiaSupportHold(unit, occupant))
                for dest in sorted(board.army_adjacent(prov)):
                    if permit is not None and permit(unit, dest) is not None:
                        continue
                    target = state.units.get(dest)
                    if target is not None:
                        options.append(MilitiaSupportHold(unit, target))
                    for there in sorted(board.any_adjacent(dest)):
                        mover = state.units.get(there)
                        if mover is not None and there != prov and (permit is None or permit(mover, dest) is None) \
                                and board.reaches_province(mover.type, mover.loc, dest):
                            options.append(MilitiaSupportMove(unit, mover, dest))
            out.setdefault(s.power, {})[f"M:{prov}"] = options
        if self.is_economy_phase(state.phase):
            for unit in state.all_units():
                out.setdefault(unit.power, {})[Maintain(unit).slot() or ""] = [Maintain(unit)]
            for power in self.powers:
                for site in sorted(self.build_sites(state, power)):
                    kinds = [UnitType.ARMY, MILITIA] + ([UnitType.FLEET] if board.provinces[site].is_coastal else [])
                    builds: list[Order] = [Build(Unit(power, k, loc)) for k in kinds
                                           for loc in (board.coast_locations(site) if k is UnitType.FLEET else (site,))
                                           if self.can_stand(k, loc)]
                    if builds:
                        out.setdefault(power, {})[f"build:{site}"] = builds
        return out

    def orderable_powers(self, state: GameState) -> list[str]:
        if state.phase.type is not PhaseType.MOVEMENT:
            return super().orderable_powers(state)
        owners = {u.power for u in state.all_units()}
        return [p for p in self.powers if p in owners]

    # --- movement and the economy ----------------------------------------------------------------------

    def adjudicate_movement(self, state: GameState, orders: Mapping[str, Order],
                            tracer: Tracer | None = None) -> MovementResult:
        return economy.adjudicate(self, state, orders, tracer)

    def after_phase(self, before: GameState, after: GameState, submitted: Mapping[str, Sequence[Order]],
                    outcome: MovementResult | None) -> PhaseEnd:
        return economy.after_phase(self, before, after, submitted, outcome)

    def recheck_retreats(self, state: GameState) -> GameState:
        """Retreat options again, for a board the economy changed after the standard processing; a province
        where another country's militia stands is no retreat (the militia holds it)."""
        if not state.dislodged:
            return state
        permit = self.move_permission(state)
        guarded = {s.province: s.power for s in state.stacked}

        def free(d: Dislodged, loc: str) -> bool:  # another country's militia holds its province
            holder = guarded.get(province_of(loc))
            return holder is None or holder == d.unit.power

        return state.replace(dislodged={
            u: Dislodged(d.unit, d.attacker, d.via_convoy,
                         tuple(r for r in retreat_options(self.board, state, d, permit) if free(d, r)))
            for u, d in state.dislodged.items()})

    def settle_season(self, state: GameState) -> GameState:
        """The end of a season (after its retreats): control follows the occupants."""
        return update_centers(self, state)

    # --- victory ------------------------------------------------------------------------------------

    def continent_places(self, continent: str) -> frozenset[str]:
        """What must be controlled to conquer ``continent``: its provinces with a city (option
        ``conquest``: or every land province; a continent without cities needs every land province)."""
        conquest = str(self.options.get("conquest", "cities"))
        kept = self.tables.continent_places
        known = kept.get((continent, conquest))
        if known is not None:
            return known
        land = [p for p in self.board.provinces.values() if p.continent == continent and p.is_land]
        cities = [p for p in land if p.city] if conquest == "cities" else []
        places = frozenset(p.id for p in (cities or land))
        kept[(continent, conquest)] = places
        return places

    def conquered(self, state: GameState, power: str) -> list[str]:
        return list(self._conquests(state).get(power, ()))

    def continent_name(self, continent: str) -> str:
        return str(self.board.extra.get("continents", {}).get(continent, continent))

    def _conquests(self, state: GameState) -> dict[str, list[str]]:
        """The continents each country has conquered: each continent asked once, who alone controls all its
        places (what ``conquered`` asks per country)."""
        control = self.ledger(state).control
        held: dict[str, list[str]] = {}
        for continent in CONTINENTS:
            places = self.continent_places(continent)
            if not places:
                continue
            # (One controller of every place: asked place by place, and left at the first other one, since
            # a continent is usually shared.)
            each = iter(places)
            holder = control.get(next(each))
            if holder is None:
                continue
            for place in each:
                if control.get(place) != holder:
                    break
            else:
                held.setdefault(holder, []).append(continent)
        return held

    def winner(self, state: GameState) -> str | None:
        """The first country (in the powers' order) with enough conquered continents."""
        need = int(self.options.get("continents_to_win", 7))
        held = self._conquests(state)
        for power in self.powers:
            if len(held.get(power, ())) >= need:
                return power
        return None

    def victory_rule(self) -> VictoryRule:
        """Continents win, not a count of centres: a new game asks for none (``victory_centers`` is still
        read from older saves, and means nothing here)."""
        need = int(self.options.get("continents_to_win", 7))
        what = ("every land province" if self.options.get("conquest", "cities") == "provinces"
                else "every province with a city")
        return VictoryRule(f"A country wins by conquering {need} of the {len(CONTINENTS)} continents; conquering "
                           f"a continent is controlling {what} on it.", None)

    def victory_progress(self, state: GameState) -> dict[str, VictoryProgress]:
        """Each country's conquered continents out of those that win, named."""
        need = int(self.options.get("continents_to_win", 7))
        held = self._conquests(state)
        return {p: VictoryProgress(p, len(held.get(p, ())), need, "continents conquered",
                                   ", ".join(self.continent_name(c) for c in held.get(p, ()))) for p in self.powers}


__all__ = ["CONTINENTS", "WorldDiplomacy"]
