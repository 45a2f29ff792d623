"""The Variant record: a map plus named hooks whose defaults are the standard rules.

A new variant is one subclass that overrides the hooks it changes (see docs/ARCHITECTURE.md for the
list and which rule systems use which), plus one ``resources/maps/<id>/`` folder.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, ClassVar, Mapping, NamedTuple, Sequence

from ..mapdata import MapData, load_map
from ..orders import Hold, Move, Order, RawOrder, parse_raw
from ..resolver import MovementResolver, MovementResult, Tracer
from ..rules import DEFAULT_RULEBOOK, Rulebook
from ..state import Dislodged, GameState
from ..position_check import check_state, shown
from ..types import ChancelleryError, Phase, PhaseType, PositionError, Season, Unit, UnitType, province_of
from ..validate import validate_for_phase


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
    movement_seasons: ClassVar[tuple[Season, ...]] = (Season.SPRING, Season.FALL)
    resolver_class: ClassVar[type[MovementResolver]] = MovementResolver
    unit_types: ClassVar[tuple[UnitType, ...]] = (UnitType.ARMY, UnitType.FLEET)
    # Owners of units or centres that no player plays (Engineered's madman country).
    pseudo_powers: ClassVar[tuple[str, ...]] = ()
    # The options this variant reads; any other key is refused (a misspelt option would silently be ignored).
    option_names: ClassVar[tuple[str, ...]] = ("victory_centers",)

    def __init__(self, rulebook: Rulebook = DEFAULT_RULEBOOK, options: Mapping[str, Any] | None = None) -> None:
        self.rulebook = rulebook
        if options is not None and not isinstance(options, Mapping):
            raise ChancelleryError(f"options must be an object of option names and values, not {shown(options)}")
        self.options: dict[str, Any] = dict(options or {})
        self.check_options()

    def check_options(self) -> None:
        """Refuse unknown option names and a bad victory target; raises :class:`ChancelleryError`."""
        unknown = sorted(str(k) for k in self.options if k not in self.option_names)
        if unknown:
            raise ChancelleryError(f"unknown option {shown(unknown[0])} for {self.name} "
                                   f"(options: {', '.join(self.option_names)})")
        if "victory_centers" in self.options:
            target = self.options["victory_centers"]
            total = len(self.board.supply_centers)
            if isinstance(target, bool) or not isinstance(target, int) or not 1 <= target <= total:
                raise ChancelleryError(f"option victory_centers: expected a whole number from 1 to {total}, "
                                       f"got {shown(target)}")

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

    def can_stand(self, kind: UnitType, loc: str) -> bool:
        """Can a unit of ``kind`` stand at ``loc``? (Variants with units carried at sea widen this.)"""
        return self.board.can_stand(kind, loc)

    def check_state(self, state: GameState) -> None:
        """Raise :class:`PositionError` naming what makes ``state`` unplayable (``position_check``)."""
        check_state(self, state)

    def check_extra(self, state: GameState) -> None:
        """Check the variant's own data in ``state.extra``; raise :class:`PositionError` naming the bad part.
        Standard: no variant data is used, so anything there is refused."""
        if state.extra:
            raise PositionError("extra", f"{self.name} keeps no variant data, got keys {shown(sorted(map(str, state.extra)))}")

    def request_extra(self, state: GameState) -> dict[str, Any]:
        """The part of ``state.extra`` a contract response carries as ``extra``: what its unit lists can't
        say, so that the response read back is the same position. Standard: nothing."""
        return {}

    def draw_refusal(self, state: GameState) -> str | None:
        """Why a draw can't be voted in this game, or ``None`` when draws are allowed (standard)."""
        return None

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
        """Extra words the parser reads as unit types (beyond A/army/F/fleet)."""
        return {}

    def parse(self, text: str) -> RawOrder:
        return parse_raw(text, self.board, self.unit_words())

    def validate(self, raw: RawOrder, state: GameState, power: str | None) -> Order:
        sites = self.build_sites(state, power) if (power and state.phase.type is PhaseType.ADJUSTMENTS) else frozenset()
        return validate_for_phase(raw, state, self.board, power, sites)

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

    def counted_centers(self, state: GameState, power: str) -> list[str]:
        """The supply centres that count for ``power``, sorted (owned centres less e.g. Colonial's Hong Kong
        for China): what a list of a power's centres shows."""
        return sorted(c for c, p in state.centers.items() if p == power and self.counts_as_center(c, power))

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

    def order_key(self, order: Order) -> str:
        """The slot an order fills. Two orders with one key are for the same unit (DATC 4.D.3), and the
        movement result of an order is looked up by its key. Standard: the ordered unit's province;
        variants that stack several units in a province give the stacked units' orders keys of their own."""
        return province_of(order.unit.loc)  # type: ignore[union-attr]

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

    def next_movement_phase(self, phase: Phase) -> Phase:
        seasons = self.movement_seasons
        if phase.type is PhaseType.ADJUSTMENTS:
            return Phase(seasons[0], phase.year + 1, PhaseType.MOVEMENT)
        i = seasons.index(phase.season)
        if i + 1 < len(seasons):
            return Phase(seasons[i + 1], phase.year, PhaseType.MOVEMENT)
        return Phase(seasons[0], phase.year + 1, PhaseType.MOVEMENT)

    def winter_season(self) -> Season:
        """The season letter of the adjustment phase."""
        return Season.WINTER

    def is_last_movement_season(self, season: Season) -> bool:
        return season == self.movement_seasons[-1]

    def centers_change_after(self, season: Season) -> bool:
        """Centres change hands at the end of this season's movement (and retreats)."""
        return self.is_last_movement_season(season)

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
            unit = getattr(r.typed, "unit", None)
            prov = None if unit is None else province_of(unit.loc)
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
