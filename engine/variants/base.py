"""The Variant record: a map plus named hooks whose defaults are the standard rules.

A new variant is one subclass that overrides the hooks it changes (see docs/ARCHITECTURE.md for the
list and which rule systems use which), plus one ``resources/maps/<id>/`` folder.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, ClassVar, Mapping, NamedTuple, Sequence

from ..mapdata import MapData, load_map
from ..orders import STANDARD_ORDERS, Hold, Move, Order, UnitOrder, RawOrder, order_key, parse_raw
from ..resolver import MovementResolver, MovementResult, Tracer
from ..rules import DEFAULT_RULEBOOK, Rulebook
from ..state import Dislodged, GameState
from ..types import (
    ChancelleryError,
    Phase,
    PhaseType,
    Season,
    Unit,
    UnitSpec,
    UnitType,
    declare_season,
    province_of,
    unit_spec,
)
from ..validate import MovePermission, validate_for_phase


class PhaseNote(NamedTuple):
    """A rule effect that no order asked for (a capture, a unit lost), reported beside the order results."""

    power: str
    order: str  # the unit or order it concerns, in order notation ("E MOS H")
    succeeded: bool
    reason: str


@dataclass(frozen=True, slots=True)
class PhaseEnd:
    """What :meth:`Variant.after_phase` hands back to the phase processor."""

    state: GameState
    # Results for orders the standard processing doesn't know (a variant's adjustment orders).
    verdicts: Mapping[Order, tuple[bool, str]] = field(default_factory=dict)
    notes: tuple[PhaseNote, ...] = ()


PUBLIC_VIEW = "*"
"""The viewer for a shared screen or an observer: what every power may know, no power's secrets. (A power
id is that power's view; ``None`` is the omniscient game master's.)"""


class Variant:
    """Standard Diplomacy. Subclasses set class attributes and override hooks."""

    id: ClassVar[str] = "standard"
    name: ClassVar[str] = "Standard"
    map_id: ClassVar[str] = "standard"
    aliases: ClassVar[tuple[str, ...]] = ("classic", "classical")
    description: ClassVar[str] = "The 1901 game of seven powers in Europe."
    movement_seasons: ClassVar[tuple[str, ...]] = (Season.SPRING, Season.FALL)
    # Names of the variant's own season letters ({"M": "Monsoon"}); the common ones are known already.
    season_names: ClassVar[Mapping[str, str]] = {}
    resolver_class: ClassVar[type[MovementResolver]] = MovementResolver
    unit_types: ClassVar[tuple[UnitType, ...]] = (UnitType.ARMY, UnitType.FLEET)
    # The order classes the variant's parser and validation produce: the standard ones plus its own kinds
    # (each an ``engine.orders.Order`` subclass declaring its canonical text and slot).
    order_kinds: ClassVar[tuple[type[Order], ...]] = STANDARD_ORDERS
    # Owners of units or centres that no player plays (Engineered's madman country).
    pseudo_powers: ClassVar[tuple[str, ...]] = ()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        for letter, name in cls.season_names.items():
            declare_season(letter, name)

    def __init__(self, rulebook: Rulebook = DEFAULT_RULEBOOK, options: Mapping[str, Any] | None = None) -> None:
        self.rulebook = rulebook
        self.options: dict[str, Any] = dict(options or {})

    # --- data -------------------------------------------------------------------------------------

    @cached_property
    def board(self) -> MapData:
        return load_map(self.map_id)

    @property
    def powers(self) -> list[str]:
        return list(self.board.powers)

    def power_name(self, power: str) -> str:
        """A power's name for people ("Russia"); variants name their pseudo-powers (Engineered's madman)."""
        info = self.board.powers.get(power)
        return info.name if info else power.title()

    def power_adjective(self, power: str) -> str:
        info = self.board.powers.get(power)
        return info.adjective if info else power.title()

    @property
    def victory_centers(self) -> int:
        return int(self.options.get("victory_centers", self.board.victory_centers))

    def make_state(self, phase: Phase, units: list[Unit], centers: Mapping[str, str],
                   dislodged: list[Dislodged] = (), contested: tuple[str, ...] = (),  # type: ignore[assignment]
                   extra: Mapping[str, Any] | None = None) -> GameState:
        """Build a position from plain lists (used by the JSON contract and save files).

        The standard rules allow one unit per province; variants with stacked units (engineers,
        prisoners, militia) override this to keep their extra units in ``GameState.extra``.
        """
        state = GameState.build(self.id, phase, units, centers, dislodged, contested, extra)
        if len(state.units) < len(units):
            seen: set[str] = set()
            for u in units:
                prov = province_of(u.loc)
                if prov in seen:
                    raise ChancelleryError(f"two units in {prov}")
                seen.add(prov)
        return state

    def initial_state(self) -> GameState:
        units = [Unit(p.id, kind, loc) for p in self.board.powers.values() for kind, loc in p.start_units]
        centers = {c: p.id for p in self.board.powers.values() for c in p.home_centers + p.start_centers}
        return GameState.build(self.id, self.board.start_phase, units, centers)

    # --- orders -----------------------------------------------------------------------------------

    def unit_words(self) -> dict[str, UnitType]:
        """Extra words the parser reads as unit types (beyond A/army/F/fleet): the declared words of the
        variant's other unit types (:class:`~engine.types.UnitSpec`)."""
        return {w: t for t in self.unit_types if t not in (UnitType.ARMY, UnitType.FLEET)
                for w in unit_spec(t).words}

    @property
    def unit_specs(self) -> dict[UnitType, UnitSpec]:
        """What each of the variant's unit types is (moves like, convoyable, strength, stacking)."""
        return {t: unit_spec(t) for t in self.unit_types}

    def parse(self, text: str) -> RawOrder:
        return parse_raw(text, self.board, self.unit_words())

    def validate(self, raw: RawOrder, state: GameState, power: str | None) -> Order:
        sites = self.build_sites(state, power) if (power and state.phase.type is PhaseType.ADJUSTMENTS) else frozenset()
        return validate_for_phase(raw, state, self.board, power, sites, self.move_permission(state))

    def move_permission(self, state: GameState) -> MovePermission | None:
        """The variant's rule on where units may go in ``state``, or ``None`` when adjacency, convoys and
        the variant's special routes are the only limits (standard; the option tables stay on their fast path).

        The one place to forbid moves (freezing provinces, access to neutral powers' areas): validation,
        the typed options, the option texts, retreats and the bots all consult it. The function returns
        why ``unit`` may not enter a province, or ``None``; it also closes the province to the unit's
        supports, as a unit supports only where it could move."""
        return None

    def refused_orders(self, state: GameState, orders: Mapping[str, Sequence[Order]]) -> dict[Order, str]:
        """Orders that are legal one by one but not together (Colonial: one railway move per turn).

        Called with every power's usable orders of a movement or retreat phase, after DATC 4.D.3; each
        returned order is reported invalid with the given reason and left out. Standard: none.
        """
        return {}

    def extra_moves(self, state: GameState, unit: Unit) -> list[Move]:
        """Legal moves beyond adjacency and convoys (a variant's special routes), for the legal options."""
        return []

    def extra_orders(self, state: GameState, unit: Unit) -> list[Order]:
        """Further legal orders offered with ``unit`` in the legal options (a variant's own order kinds)."""
        return []

    # --- centres and builds -------------------------------------------------------------------------

    def counts_as_center(self, prov: str, power: str) -> bool:
        """Does owning ``prov`` count as a supply centre for ``power``? (Colonial: Hong Kong for China.)"""
        return True

    def center_count(self, state: GameState, power: str) -> int:
        return sum(1 for c, p in state.centers.items() if p == power and self.counts_as_center(c, power))

    def home_centers(self, state: GameState, power: str) -> tuple[str, ...]:
        return self.board.powers[power].home_centers if power in self.board.powers else ()

    def build_sites(self, state: GameState | None, power: str | None) -> frozenset[str]:
        """Empty home centres that ``power`` still owns."""
        if state is None or power is None:
            return frozenset()
        return frozenset(
            c for c in self.home_centers(state, power) if state.centers.get(c) == power and c not in state.units
        )

    def adjustment_delta(self, state: GameState, power: str) -> int:
        """Builds allowed (positive) or removals required (negative) for ``power``."""
        units = sum(1 for u in state.units.values() if u.power == power)
        return self.center_count(state, power) - units

    # --- movement ---------------------------------------------------------------------------------

    def adjudicate_movement(
        self, state: GameState, orders: Mapping[str, Order], tracer: Tracer | None = None
    ) -> MovementResult:
        """``orders`` holds one order per unit, by province."""
        return self.resolver_class(self.board, state.units, orders, tracer).run()

    def order_key(self, order: Order) -> str | None:
        """The slot an order fills: :func:`engine.orders.order_key`. Each order class declares its own slot
        (variants with stacked units give their orders slots of their own there), so every caller agrees."""
        return order_key(order)

    def default_order(self, unit: Unit) -> Order:
        """The order a unit gets when its power gives it none in a movement phase."""
        return Hold(unit)

    def after_phase(self, before: GameState, after: GameState, submitted: Mapping[str, Sequence[Order]],
                    outcome: MovementResult | None) -> PhaseEnd:
        """The variant's own end-of-phase rules (captures, carried units, orders of its own kinds).

        Called once per phase, after the standard processing and before the calendar advances: ``before``
        is the phase's position, ``after`` the position the standard rules produced (still in the same
        phase), ``submitted`` the usable orders per power, ``outcome`` the movement result (``None`` after
        retreats and adjustments). Orders the standard adjustment rules don't know are judged here, in
        ``PhaseEnd.verdicts``. Standard: nothing changes.
        """
        return PhaseEnd(after)

    # --- calendar ---------------------------------------------------------------------------------
    # The calendar is the movement seasons in order, which of them are followed by an adjustment phase and
    # with which season letter, and which of them change centre ownership. ``next_phase`` puts them
    # together; a variant with a calendar of another shape (builds inside a movement turn) overrides it.

    def next_phase(self, state: GameState) -> Phase:
        """The phase after ``state``'s, given ``state`` holding the phase's results (centres already updated):
        after a movement season that has adjustments, its adjustment phase when anybody has something to
        adjust, else the next movement season. (Retreats after dislodgements come first, in the phase
        processor.)"""
        phase = state.phase
        if phase.type is not PhaseType.ADJUSTMENTS and self.adjusts_after(phase.season):
            adjust = Phase(self.adjustment_season(phase.season), phase.year, PhaseType.ADJUSTMENTS)
            if self.needs_adjustments(state.replace(phase=adjust)):
                return adjust
        return self.next_movement_phase(phase)

    def next_movement_phase(self, phase: Phase) -> Phase:
        """The movement phase after ``phase``: the next season of the calendar, or the first of next year.
        An adjustment phase leads on from the season it carries when that is a movement season (an
        adjustment after Summer keeps the year), and to next year's first season otherwise (Winter)."""
        seasons = self.movement_seasons
        if phase.season not in seasons:
            return Phase(seasons[0], phase.year + 1, PhaseType.MOVEMENT)
        i = seasons.index(phase.season)
        if i + 1 < len(seasons):
            return Phase(seasons[i + 1], phase.year, PhaseType.MOVEMENT)
        return Phase(seasons[0], phase.year + 1, PhaseType.MOVEMENT)

    def phase_problem(self, phase: Phase) -> str | None:
        """Why ``phase`` is not in this variant's calendar (a season it doesn't have), or ``None``."""
        seasons = self.movement_seasons
        if phase.type is PhaseType.ADJUSTMENTS:
            allowed = {self.adjustment_season(s) for s in seasons if self.adjusts_after(s)}
        else:
            allowed = set(seasons)
        if phase.season in allowed:
            return None
        what = "adjustment" if phase.type is PhaseType.ADJUSTMENTS else "movement or retreat"
        return (f"{self.name} has no {what} phase in season {phase.season!s} "
                f"(its seasons: {', '.join(str(s) for s in sorted(allowed))})")

    def adjusts_after(self, season: str) -> bool:
        """Is this movement season followed by an adjustment phase? Standard: the year's last."""
        return self.is_last_movement_season(season)

    def adjustment_season(self, season: str) -> str:
        """The season letter of the adjustment phase after ``season``'s movement. Standard: Winter."""
        return self.winter_season()

    def winter_season(self) -> str:
        """The season letter of the standard calendar's adjustment phase."""
        return Season.WINTER

    def is_last_movement_season(self, season: str) -> bool:
        return season == self.movement_seasons[-1]

    def centers_change_after(self, season: str) -> bool:
        """Centres change hands at the end of this season's movement (and retreats)."""
        return self.adjusts_after(season)

    def needs_adjustments(self, state: GameState) -> bool:
        for power in self.powers_in_game(state):
            delta = self.adjustment_delta(state, power)
            if delta < 0 or (delta > 0 and self.build_sites(state, power)):
                return True
        return False

    def powers_in_game(self, state: GameState) -> list[str]:
        owners = set(state.centers.values()) | {u.power for u in state.units.values()}
        return [p for p in self.powers if p in owners]

    # --- victory and views ------------------------------------------------------------------------

    def winner(self, state: GameState) -> str | None:
        best = max(self.powers, key=lambda p: self.center_count(state, p), default=None)
        if best is not None and self.center_count(state, best) >= self.victory_centers:
            return best
        return None

    def view_for(self, state: GameState, power: str | None) -> GameState:
        """What ``power`` may see of ``state`` (fog of war, hidden decoys); everything by default.

        ``power`` is a power id, :data:`PUBLIC_VIEW` for what everyone may see, or ``None`` for everything."""
        return state

    def results_for(self, before: GameState, results: Sequence[Any], power: str | None) -> list[Any]:
        """The results (``OrderResult``) of a phase that began at ``before``, as ``power`` may read them.

        Everything, unless :meth:`view_for` hides units: then a power reads its own results and those of
        units it could see when the phase began."""
        view = self.view_for(before, power)
        if view is before:
            return list(results)
        shown = []
        for r in results:
            prov = province_of(r.typed.unit.loc) if isinstance(r.typed, UnitOrder) else None
            if r.power == power or (prov is not None and prov in view.units and view.units[prov].power == r.power):
                shown.append(r)
        return shown

    def all_units(self, state: GameState) -> list[Unit]:
        """Every unit on the board, as orders name them (variants add units kept in ``state.extra``)."""
        return list(state.units.values())

    def legal_orders(self, state: GameState) -> dict[str, dict[str, list[Order]]]:
        """Every legal order per power and slot (unit location, or build site in adjustments)."""
        from ..options import legal_order_objects

        return legal_order_objects(self, state)

    def orderable_powers(self, state: GameState) -> list[str]:
        """The powers that have something to order in this phase."""
        from ..options import standard_orderable_powers

        return [p for p in standard_orderable_powers(self, state) if p in self.board.powers]

    def press_allowed(self, state: GameState, sender: str, recipients: tuple[str, ...]) -> str | None:
        """Why a message from ``sender`` to ``recipients`` (empty: everyone) is refused, or ``None`` if allowed.

        Standard: full press. Variants restrict it (anonymous press, no press in some phases)."""
        return None
