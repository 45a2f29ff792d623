"""Hugh's Engineered Diplomacy (rn45, by Hugh A. Polley) on the standard map.

Engineers (E) make temporary build centres and convert units, are captured into prisons (P), move with
their units or by transport; at the complex level fighter fields (W) fly two areas and damage supports,
decoys (D) bluff, and a neutral madman country owns the unowned centres and may be ordered by bidding; the
advanced level adds voting the weakest player out and anonymous press. Rules are in
``engineered_rules/``; the choices made where the rules are open are in ``docs/variants/engineered.md``.

Options: ``level`` (simple, complex, advanced; default complex), ``engineer_centers`` (supply centres per
engineer, default 4) and ``engineer_minimum`` (default 1), ``decoys`` (default true), ``austria_trieste``
("A" or "F"), ``madman_after_missed`` (turns without orders before a power goes to the madman; default
none: the game master decides, see :meth:`Engineered.hand_to_madman`), ``engineer_builds_on`` ("owned" or
"any": which centres an engineer turns into a temporary build centre).
"""
from __future__ import annotations

from collections import Counter
from functools import cached_property
from typing import Any, ClassVar, Mapping, Sequence

from ..orders import STANDARD_ORDERS, Move, Order, RawOrder
from ..outcomes import Sight
from ..order_marks import MarkKind, MarkStyle, OrderMark
from ..order_effects import OrderEffect
from ..phases import OrderResult
from ..resolver import MovementResult, Tracer
from ..rules import DEFAULT_RULEBOOK, Rulebook
from ..state import Dislodged, GameState, StackedUnit
from ..types import ChancelleryError, Phase, PhaseType, PositionError, Unit, UnitType, province_of
from . import register
from .base import PhaseEnd, Variant, VictoryRule
from .engineered_rules import movement, seasons
from .engineered_rules.options import biddable_units, fighter_moves, legal_orders, unit_extra_orders
from .engineered_rules.orders import (
    BIDDABLE,
    ENGINEERED_ORDERS,
    Bid,
    Convert,
    CreateDecoy,
    CreateEngineer,
    Damage,
    DisbandStacked,
    StackedHold,
    StackedMove,
    Transport,
    VoteOut,
    UNIT_WORDS,
    Unordered,
    parse_order,
)
from .engineered_rules.resolver import EngineeredResolver
from .engineered_rules.settings import MapSetup, Settings, load_setup
from .engineered_rules.settings import option_specs as settings_option_specs
from ..variant_options import OptionSpec
from .engineered_rules.stacks import (
    NEUTRAL,
    Stacked,
    decoy_key,
    decoy_provinces,
    dislodged_decoy_provinces,
    empty_extra,
    engineers,
    stacked_from_json,
    prisons,
    stacked_decoys,
    stacked_to_json,
    stacked_units,
    with_extra,
)
from .engineered_rules.checks import check_extra, check_extra_shape
from .engineered_rules.validate import first_vote_year, validate_order
from .engineered_rules.views import HiddenDecoys, disguising, results_for


@register
class Engineered(Variant):
    id: ClassVar[str] = "engineered"
    name: ClassVar[str] = "Hugh's Engineered Diplomacy"
    map_id: ClassVar[str] = "standard"
    aliases: ClassVar[tuple[str, ...]] = ("hughs engineered", "hugh's engineered", "engineered diplomacy", "rn45")
    description: ClassVar[str] = ("Engineers build temporary build centres and can be captured; fighter fields, "
                                  "decoys and a madman country at the complex level.")
    resolver_class = EngineeredResolver
    pseudo_powers: ClassVar[tuple[str, ...]] = (NEUTRAL,)
    pseudo_power_names: ClassVar[Mapping[str, str]] = {NEUTRAL: "Madman"}
    order_kinds: ClassVar[tuple[type[Order], ...]] = STANDARD_ORDERS + ENGINEERED_ORDERS
    unit_types: ClassVar[tuple[UnitType, ...]] = (
        UnitType.ARMY, UnitType.FLEET, UnitType.FIGHTER, UnitType.ENGINEER, UnitType.PRISON, UnitType.DECOY)
    # Engineers and prisons never occupy; a decoy does when it stands alone (see make_state).
    stacking_types: ClassVar[frozenset[UnitType]] = frozenset({UnitType.ENGINEER, UnitType.PRISON})

    def __init__(self, rulebook: Rulebook = DEFAULT_RULEBOOK, options: Mapping[str, Any] | None = None) -> None:
        super().__init__(rulebook, options)
        self.settings = Settings.from_options(self.options)

    @property
    def option_specs(self) -> tuple[OptionSpec, ...]:
        return (*super().option_specs, *settings_option_specs())

    @cached_property
    def setup(self) -> MapSetup:
        return load_setup(self.map_id)

    @property
    def anonymous_press(self) -> bool:
        """Rule F2 (advanced): players talk through the host without knowing who is who."""
        return self.settings.survival

    # --- positions ----------------------------------------------------------------------------------

    def initial_state(self) -> GameState:
        units: list[Unit] = []
        for p in self.board.powers.values():
            for kind, loc in p.start_units:
                units.append(self._start_unit(p.id, f"{kind.value} {loc}"))
        centers = {c: p.id for p in self.board.powers.values() for c in p.home_centers + p.start_centers}
        return GameState.build(self.id, self.board.start_phase, units, centers, extra=empty_extra())

    def _start_unit(self, power: str, text: str) -> Unit:
        """Rules 1b-1d: at the levels with fighters, some start units change."""
        if self.settings.fighters:
            for old, new in self.setup.fighter_starts.get(power, ()):
                if old == text:
                    text = new
            choice = self.setup.start_choices.get(power)
            if choice is not None and choice["replaces"] == text:
                text = choice["choices"][self.settings.austria_trieste if choice["option"] == "austria_trieste"
                                         else self.options.get(choice["option"], choice["default"])]
        kind, loc = text.split()
        return Unit(power, UnitType(kind), loc)

    def make_state(self, phase: Phase, units: list[Unit], centers: Mapping[str, str],
                   dislodged: Sequence[Dislodged] = (), contested: tuple[str, ...] = (),
                   extra: Mapping[str, Any] | None = None) -> GameState:
        """Military units one per province; ``E``/``P`` units beside them; ``D`` a decoy: beside a unit of
        its power it copies that unit, alone it is an army. ``extra`` may add data in the stored form
        (``stacked`` entries with a prison's former owner, ``decoys``, ``missed``)."""
        board = self.board
        extra = check_extra_shape(self, extra or {})
        military: dict[str, Unit] = {}
        stacks: list[Stacked] = [stacked_from_json(s) for s in extra.get("stacked", ())]
        # An E or P that ``units`` lists and ``extra`` describes in full (a prison's former owner) counts once.
        described = Counter((s.power, s.kind, s.province) for s in stacks if s.kind is not UnitType.DECOY)
        decoy_units: list[Unit] = []
        for u in units:
            if u.power not in board.powers and u.power != NEUTRAL:
                raise ChancelleryError(f"unknown power {u.power!r}")
            if u.type is UnitType.FIGHTER and not self.settings.fighters:
                raise ChancelleryError("fighter fields (W) belong to the complex and advanced levels")
            if u.type in (UnitType.ENGINEER, UnitType.PRISON):
                key = (u.power, u.type, province_of(u.loc))
                if described[key]:
                    described[key] -= 1
                else:
                    stacks.append(Stacked(*key))
            elif u.type is UnitType.DECOY:
                decoy_units.append(u)
            else:
                prov = province_of(u.loc)
                if prov in military:
                    raise ChancelleryError(f"two military units in {prov}")
                military[prov] = u
        marks = set(extra.get("decoys", ()))
        for decoy in decoy_units:
            if not self.settings.use_decoys:
                raise ChancelleryError("decoys (D) are not used in this game (complex level, option decoys)")
            prov = province_of(decoy.loc)
            twin = military.get(prov)
            if twin is None:
                # Alone, a decoy copies an army, unless only a fleet could stand there (a sea, a named coast).
                as_fleet = decoy.loc != prov or board.provinces[prov].is_sea
                military[prov] = Unit(decoy.power, UnitType.FLEET if as_fleet else UnitType.ARMY, decoy.loc)
                marks.add(prov)
            elif twin.power != decoy.power or prov in marks or any(
                    s.kind is UnitType.DECOY and s.province == prov for s in stacks):
                raise ChancelleryError(f"a decoy in {prov} can only stand beside one unit of its own power")
            else:
                stacks.append(Stacked(decoy.power, UnitType.DECOY, twin.loc, mimic=twin.type))
        for s in stacks:
            if s.province not in board.provinces or not board.provinces[s.province].is_passable:
                raise ChancelleryError(f"{s.unit} is not on the board")
        dis_marks: set[str] = set(extra.get("dislodged_decoys", ()))
        plain_dislodged = []
        for d in dislodged:
            if d.unit.type is UnitType.DECOY:
                d = Dislodged(Unit(d.unit.power, UnitType.ARMY, d.unit.loc), d.attacker, d.via_convoy, d.retreats)
                dis_marks.add(d.unit.province)
            plain_dislodged.append(d)
        for prov in marks:
            if prov not in military:
                raise PositionError("extra.decoys", f"decoy mark on {prov}, where no unit stands")
        state = GameState.build(self.id, phase, military.values(), centers, plain_dislodged, contested, empty_extra())
        missed = {str(p): int(n) for p, n in dict(extra.get("missed", {})).items()}
        return with_extra(state, stacks, marks, dis_marks, missed)

    def request_extra(self, state: GameState) -> dict[str, Any]:
        """What the contract's unit lists can't say: missed turns, dislodged decoys, prisons' former owners."""
        out: dict[str, Any] = {}
        if state.extra.get("missed"):
            out["missed"] = dict(state.extra["missed"])
        dislodged_decoys = sorted(u.province for u in state.disguised if u in state.dislodged)
        if dislodged_decoys:
            out["dislodged_decoys"] = dislodged_decoys
        owned = [stacked_to_json(s) for s in stacked_units(state) if s.kind is UnitType.PRISON and s.origin]
        if owned:
            out["stacked"] = owned
        return out

    def can_stand(self, kind: UnitType, loc: str) -> bool:
        """Engineers and prisons stand in any passable area, seas included (carried by a fleet, rule 4c);
        a decoy where the unit it copies could."""
        if kind in (UnitType.ENGINEER, UnitType.PRISON):
            prov = self.board.provinces.get(loc)
            return prov is not None and prov.is_passable
        if kind is UnitType.DECOY:
            return self.board.can_stand(UnitType.ARMY, loc) or self.board.can_stand(UnitType.FLEET, loc)
        return super().can_stand(kind, loc)

    def stack_refusal(self, state: GameState, unit: StackedUnit) -> str | None:
        """Engineers and prisons where a season's end would keep them: an engineer beside no other
        power's unit (4a) and no other engineer or prison (6a); a prison beside a unit of its captor (4c),
        holding another power's engineer, and no engineer (6a). (A decoy beside its twin lasts only within
        a turn, 8b; a lone decoy is an occupant.)"""
        why = super().stack_refusal(state, unit)
        if why is not None:
            return why
        name = self.power_name
        occupant = state.units.get(unit.province)
        beside = state.stacked_in(unit.province)
        if unit.kind is UnitType.ENGINEER:
            if occupant is not None and occupant.power != unit.power:
                return (f"an engineer of {name(unit.power)} beside {name(occupant.power)}'s {occupant} "
                        "would be captured (rule 4a)")
            if any(s.kind is UnitType.ENGINEER for s in beside):
                return f"{unit.province} already has an engineer: two engineers in one area are disbanded (rule 6a)"
            if any(s.kind is UnitType.PRISON for s in beside):
                return f"{unit.province} holds a prison: an engineer and a prison can't share an area (rule 6a)"
        elif unit.kind is UnitType.PRISON:
            if unit.origin is None or unit.origin == unit.power or unit.origin not in self.board.powers:
                return "a prison holds another power's engineer: name whose engineer it was"
            if occupant is None or occupant.power != unit.power:
                return f"a prison of {name(unit.power)} stays with a unit of {name(unit.power)} (rule 4c)"
            if any(s.kind is UnitType.ENGINEER for s in beside):
                return f"{unit.province} has an engineer: an engineer and a prison can't share an area (rule 6a)"
        return None

    def stacked_additions(self, state: GameState, prov: str) -> list[StackedUnit]:
        """Engineers of each power, and prisons of each captor holding each other power's engineer."""
        out = [s for s in super().stacked_additions(state, prov) if s.kind is not UnitType.PRISON]
        if self.can_stand(UnitType.PRISON, prov):
            out.extend(p for captor in self.powers for origin in self.powers
                       if self.stack_refusal(state, p := StackedUnit(captor, UnitType.PRISON, prov, origin)) is None)
        return out

    def check_extra(self, state: GameState) -> None:
        """The stored form of the stacked units, decoy marks and missed turns (see ``engineered_rules/stacks.py``)."""
        check_extra(self, state)

    def draw_refusal(self, state: GameState) -> str | None:
        if self.settings.survival:
            return "no draws at the advanced level of Hugh's Engineered Diplomacy: the last player left wins (rule F4)"
        return None

    def all_units(self, state: GameState) -> list[Unit]:
        """Every unit as the rules write it: military units, then E, P and decoys (``D``)."""
        decoys = decoy_provinces(state)
        out = [Unit(u.power, UnitType.DECOY, u.loc) if p in decoys else u for p, u in state.units.items()]
        return out + [s.unit for s in stacked_units(state)]

    def describe_units(self, state: GameState) -> dict[str, list[str]]:
        """``all_units`` by power, each list sorted: the full board for reports and tests."""
        out: dict[str, list[str]] = {}
        for u in self.all_units(state):
            out.setdefault(u.power, []).append(str(u))
        return {p: sorted(v) for p, v in sorted(out.items())}

    # --- orders -------------------------------------------------------------------------------------

    def unit_words(self) -> dict[str, UnitType]:
        return dict(UNIT_WORDS)

    def parse(self, text: str) -> RawOrder:
        return parse_order(text, self.board, self.setup.aliases)

    def validate(self, raw: RawOrder, state: GameState, power: str | None) -> Order:
        return validate_order(self, raw, state, power)

    def default_order(self, unit: Unit) -> Order:
        return Unordered(unit)

    def extra_moves(self, state: GameState, unit: Unit) -> list[Move]:
        return fighter_moves(self, state, unit)

    def extra_orders(self, state: GameState, unit: Unit) -> list[Order]:
        return unit_extra_orders(self, state, unit)

    def orderable_powers(self, state: GameState) -> list[str]:
        """Players with any legal order this phase: besides the standard cases, a winter's engineer
        business (creating, converting, building on a temporary centre) makes a power orderable."""
        options = self.legal_orders(state)
        return [p for p in self.powers if options.get(p)]

    def legal_orders(self, state: GameState) -> dict[str, dict[str, list[Order]]]:
        """Every legal order per power and slot (unit location, ``E MOS``, build site ...); bids are left
        out (offered units times madman orders is too many to list): see ``engineered_rules/options.py``."""
        return legal_orders(self, state)

    # --- centres, builds and engineers ----------------------------------------------------------------

    def home_centers(self, state: GameState, power: str) -> tuple[str, ...]:
        """Build centres: the map's home centres less rule 1b's start centres that aren't build centres."""
        if power not in self.board.powers:
            return ()
        excluded = self.setup.not_build_centers.get(power, ())
        return tuple(c for c in self.board.powers[power].home_centers if c not in excluded)

    def build_sites(self, state: GameState | None, power: str | None) -> frozenset[str]:
        """Owned, empty home build centres, and empty centres where an engineer of the power stands (rule
        2a: a temporary build centre), owned by the power unless the option ``engineer_builds_on`` is "any"."""
        if state is None or power is None:
            return frozenset()
        sites = set(super().build_sites(state, power))
        board = self.board
        for e in engineers(state, power):
            prov = e.province
            owned = state.centers.get(prov) == power or self.settings.engineer_builds_on == "any"
            if board.provinces[prov].is_supply_center and owned and prov not in state.units:
                sites.add(prov)
        return frozenset(sites)

    def center_count(self, state: GameState, power: str) -> int:
        if power == NEUTRAL:
            return sum(1 for c in self.board.supply_centers if state.centers.get(c) not in self.board.powers)
        return super().center_count(state, power)

    def adjustment_delta(self, state: GameState, power: str) -> int:
        """Centres less military units; decoys count as units (they must look like one), E and P don't."""
        twins = sum(1 for s in stacked_decoys(state) if s.power == power)
        return super().adjustment_delta(state, power) - twins

    def engineer_allowance(self, state: GameState, power: str) -> int:
        """Rule 3d (default): one engineer always, one per 4 centres; options give rule 3a's one per 3."""
        if power not in self.board.powers:
            return 0
        s = self.settings
        return max(s.engineer_minimum, self.center_count(state, power) // s.engineer_centers)

    def powers_in_game(self, state: GameState) -> list[str]:
        powers = super().powers_in_game(state)
        if any(u.power == NEUTRAL for u in state.units.values()):
            powers.append(NEUTRAL)
        return powers

    def needs_adjustments(self, state: GameState) -> bool:
        return super().needs_adjustments(state) or self._winter_business(state)

    def _winter_business(self, state: GameState) -> bool:
        """Something for engineers, prisons or voters to do (or a prison to release) this winter."""
        if prisons(state):
            return True
        board = self.board
        for power in self.powers:
            mine = engineers(state, power)
            allowance = self.engineer_allowance(state, power)
            if len(mine) > allowance:
                return True
            if any(board.provinces[e.province].is_supply_center for e in mine):
                return True
            if len(mine) < allowance and any(state.centers.get(c) == power for c in self.home_centers(state, power)):
                return True
        return self.settings.survival and state.phase.year >= first_vote_year(self)

    # --- movement -----------------------------------------------------------------------------------

    def adjudicate_movement(self, state: GameState, orders: Mapping[str, Order],
                            tracer: Tracer | None = None) -> MovementResult:
        return movement.adjudicate(self, state, orders, tracer)

    def after_phase(self, before: GameState, after: GameState, submitted: Mapping[str, Sequence[Order]],
                    outcome: MovementResult | None) -> PhaseEnd:
        return seasons.after_phase(self, before, after, submitted, outcome)

    # --- the madman, victory and views ----------------------------------------------------------------

    def hand_to_madman(self, state: GameState, power: str, why: str = "handed over by the game master") -> GameState:
        """Rule D1d (and F1): ``power``'s units and centres become the neutral madman country's."""
        if not self.settings.madman:
            raise ChancelleryError("the madman country belongs to the complex and advanced levels")
        if power not in self.board.powers:
            raise ChancelleryError(f"unknown power {power!r}")
        return seasons.hand_to_madman(self, state, power, why)[0]

    def victory_rule(self) -> VictoryRule:
        standard = super().victory_rule()
        if not self.settings.survival:
            return standard
        return VictoryRule(standard.text + " No draw may be voted: the last player left wins (rule F4).",
                           standard.centre_option)

    def winner(self, state: GameState) -> str | None:
        best = super().winner(state)
        if best is None and self.settings.survival:
            # Rule F4: no draws; the last player left wins.
            left = [p for p in self.powers if state.units_of(p) or state.centers_of(p)]
            if len(left) == 1:
                return left[0]
        return best

    def results_for(self, before: GameState, results: Sequence[OrderResult], power: str | None) -> list[OrderResult]:
        """A phase's results as ``power`` may read them: another power's hidden decoys read as the units they
        show, with no strength they had a part in, and their creation isn't shown (``engineered_rules/views.py``)."""
        return results_for(self, before, results, power, super().sight(before, power))

    def sight(self, before: GameState, power: str | None) -> Sight | None:
        """Another power's hidden decoy is seen disguised, as the unit it shows (a decoy beside its twin as the
        twin): a reason may name it, but shows no strengths it had a part in (its zero power would expose it)."""
        if power is None:
            return None
        return disguising(super().sight(before, power), HiddenDecoys(before, power).shown_units())

    def power_name(self, power: str) -> str:
        return self.pseudo_power_names.get(power) or super().power_name(power)

    def power_adjective(self, power: str) -> str:
        return self.pseudo_power_names.get(power) or super().power_adjective(power)

    def order_effect(self, order: Order) -> OrderEffect:
        """The engineers', fighters' and decoys' orders in plain terms (a bid is chosen through the bid hooks;
        a vote has no effect a bot weighs)."""
        if isinstance(order, StackedHold):
            if order.stacked.type is UnitType.DECOY:  # still beside its twin at the end of the spring (8b)
                return OrderEffect(stays=(order.stacked,), removes=(order.stacked,))
            return OrderEffect(stays=(order.stacked,))
        if isinstance(order, StackedMove):
            return OrderEffect(moves=((order.stacked, order.dest),))
        if isinstance(order, Transport):
            return OrderEffect(moves=((order.engineer, province_of(order.unit.loc)),), stays=(order.unit,))
        if isinstance(order, Damage):
            return OrderEffect(stays=(order.unit,), hinders=(order.target,))
        if isinstance(order, CreateEngineer):
            return OrderEffect(adds=(order.engineer,))
        if isinstance(order, CreateDecoy):
            return OrderEffect(adds=(Unit(order.decoy.power, UnitType.DECOY, order.decoy.loc),))
        if isinstance(order, Convert):  # the engineer (or prison) stays; the unit standing there becomes ``into``
            return OrderEffect(stays=(order.converter,), adds=(order.into,))
        if isinstance(order, DisbandStacked):
            return OrderEffect(removes=(order.stacked,))
        return super().order_effect(order)

    def void_orders(self, state: GameState, power: str, orders: Sequence[Order]) -> dict[Order, str]:
        """An engineer's move with no unit of its power going that way (5a: it stays), and engineers created
        beyond the allowance (3b, 3d): they fail whatever the others order."""
        out: dict[Order, str] = {}
        ptype = state.phase.type
        if ptype is PhaseType.MOVEMENT:
            ways = {(province_of(o.unit.loc), province_of(o.dest)) for o in orders
                    if isinstance(o, Move) and o.unit.power == power}
            ways |= {(province_of(o.stacked.loc), province_of(o.dest)) for o in orders
                     if isinstance(o, StackedMove) and o.stacked.type is UnitType.DECOY}
            for o in orders:
                if isinstance(o, StackedMove) and o.stacked.type is UnitType.ENGINEER \
                        and (province_of(o.stacked.loc), province_of(o.dest)) not in ways:
                    out[o] = f"no unit of {power} goes from {province_of(o.stacked.loc)} to {o.dest}: it stays"
        elif ptype is PhaseType.ADJUSTMENTS:
            held = sum(1 for p in prisons(state) if p.origin == power)
            room = self.engineer_allowance(state, power) - len(engineers(state, power)) - held
            creations = [o for o in orders if isinstance(o, CreateEngineer)]
            for o in creations[max(room, 0):]:
                out[o] = f"{power} already has the engineers its centres support (rule 3d)"
        return out

    def order_marks(self, order: Order, *, failed: bool = False, phase_type: PhaseType | None = None,
                    results: Sequence[OrderResult] | None = None) -> tuple[OrderMark, ...]:
        """Transports: the unit fetching the engineer; damage: a support-shaped mark ending in a burst; a bid:
        the madman order it asks for; creations and conversions: build marks of the new unit; an engineer
        staying, a disband of an engineer or a vote: nothing."""
        if isinstance(order, Bid):
            return self.order_marks(order.order, failed=failed, phase_type=phase_type, results=results)
        if isinstance(order, StackedMove):
            return (OrderMark(MarkKind.MOVE, order.stacked.loc, order.dest, failed=failed),)
        if isinstance(order, Transport):
            return (OrderMark(MarkKind.TRANSPORT, order.unit.loc, aux=order.engineer.loc, failed=failed),)
        if isinstance(order, Damage):
            if order.dest is None:
                return (OrderMark(MarkKind.SUPPORT_HOLD, order.unit.loc, order.target.loc, failed=failed,
                                  style=MarkStyle.DAMAGE),)
            return (OrderMark(MarkKind.SUPPORT_MOVE, order.unit.loc, order.dest, order.target.loc, failed=failed,
                              style=MarkStyle.DAMAGE),)
        if isinstance(order, CreateEngineer):
            return (OrderMark(MarkKind.BUILD, order.engineer.loc, failed=failed, unit_type=UnitType.ENGINEER.value),)
        if isinstance(order, CreateDecoy):
            return (OrderMark(MarkKind.BUILD, order.decoy.loc, failed=failed, unit_type=UnitType.DECOY.value),)
        if isinstance(order, Convert):
            return (OrderMark(MarkKind.BUILD, order.into.loc, failed=failed, unit_type=order.into.type.value),)
        return super().order_marks(order, failed=failed, phase_type=phase_type, results=results)

    # --- bids for madman units (rule D3) ------------------------------------------------------------

    def takes_bids(self) -> bool:
        return self.settings.madman

    def bid_targets(self, state: GameState) -> list[tuple[Unit, tuple[Order, ...]]]:
        """The neutral country's units with their legal orders of the kinds a bid may ask (``BIDDABLE``)."""
        if not self.takes_bids():
            return []
        legal = self.legal_orders(state).get(NEUTRAL, {})
        targets: list[tuple[Unit, tuple[Order, ...]]] = []
        for unit in biddable_units(state):
            orders = tuple(o for o in legal.get(unit.loc, ()) if isinstance(o, BIDDABLE))
            if orders:
                targets.append((unit, orders))
        return targets

    def bid_offerable(self, state: GameState, power: str) -> list[Unit]:
        """The power's units but its decoys (a decoy can't be offered, rule 8a)."""
        decoys = decoy_provinces(state)
        return sorted((u for u in state.units_of(power) if u.province not in decoys), key=lambda u: u.loc)

    def bid_order(self, power: str, offered: Sequence[Unit], order: Order) -> Order:
        if not self.takes_bids():
            return super().bid_order(power, offered, order)
        return Bid(power, tuple(offered), order)  # type: ignore[arg-type]  # checked by the parser after

    def view_for(self, state: GameState, power: str | None) -> GameState:
        """Other powers see a decoy as the unit it copies (rule 8): its marks and stacked twins are dropped."""
        if power is None:
            return state
        marks = {p for p in decoy_provinces(state) if state.units[p].power == power}
        dislodged = {p for p in dislodged_decoy_provinces(state)
                     if (d := state.dislodged_at(p)) is not None and d.unit.power == power}
        stacks = [s for s in stacked_units(state) if s.kind is not UnitType.DECOY or s.power == power]
        return with_extra(state, stacks, marks, dislodged)


__all__ = ["Engineered"]
