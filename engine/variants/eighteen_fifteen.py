"""1815 (the designer's "gametest rules"): nine powers after the Congress of Vienna, from Spring 1815.

Beyond the standard rules (every reading where the rules are open: ``docs/variants/1815.md``):

* **Chaos builds**: a power builds in any empty supply centre it owns.
* **Convert**: once a year, in the adjustment phase, a power's unit in one of its home centres becomes the
  other kind (``CONVERT A HIN``): :class:`~.eighteen_fifteen_rules.orders.Convert`.
* **The Cape passage**: a fleet moving across a ``half_strength`` border of the map (the Atlantic Ocean to
  the South Arabian Sea) attacks with 0.5 plus its supports: :class:`~.eighteen_fifteen_rules.movement.CapeResolver`.
* **Red arrows**: borders with an ``intervening_sea`` are crossed directly by armies and fleets, and
  supported across; the owner of a fleet in that sea that does not move may secretly deny a unit passage
  (``DENY A SCO BY F IRS``), checked in the seed's two steps (``eighteen_fifteen_rules/movement.py``).
  A denial is revealed only when it blocked an order or was void while the unit crossed.
* **Diplomacy Points** (Ambition & Empire's rules, at most 4 a turn): the map's minor powers
  (``minor_powers``) are played by nobody; their units hold unless Great Powers' secret allocations
  (``DP 2 F HOL S A BEL - NTH``) give them an order, are disbanded when dislodged and come back in the winter
  when no Great Power took their centre.
* **Victory**: alone in first place with 25 or more centres. **Draws**: everyone left agreeing (DIAS), or the
  powers voting yes holding 50 or more centres.
"""
from __future__ import annotations

from collections import Counter
from functools import cached_property
from typing import Any, ClassVar, Mapping, Sequence

from .base import AllocationPanel
from ..hooks import PhaseEnd, PhaseNote
from ..order_effects import OrderEffect
from ..order_marks import MarkKind, MarkStyle, OrderMark, standard_marks
from ..orders import STANDARD_ORDERS, Hold, Move, Order, RawOrder, SupportHold, SupportMove, UnitOrder
from ..outcomes import Reason
from ..phases import OrderResult
from ..resolver import MovementResult, Tracer
from ..state import GameState
from ..types import (
    AmbiguousOrderError,
    IllegalOrderError,
    PhaseType,
    Unit,
    UnitType,
    coast_of,
    province_of,
)
from ..variant_options import OptionSpec, OptionType
from . import register
from .base import Variant, VictoryRule
from .eighteen_fifteen_rules import movement
from .eighteen_fifteen_rules.movement import CapeResolver, CapeResolverNoCut, crossing_sea
from .eighteen_fifteen_rules.orders import (
    CONVERT_REFUSED,
    CONVERTED,
    MINOR_DISBANDED,
    MINOR_REBUILT,
    ORDERS_1815,
    OWN_WORDS,
    REVEALED_DENIALS,
    Allocate,
    Convert,
    DenyPassage,
    RawAllocation,
    parse_own,
)
from .eighteen_fifteen_rules.places import Places

_SECRET_WORDS = frozenset(w.upper() for kind in (DenyPassage, Allocate) for w in kind.words)


class Europe1815(Variant):
    id: ClassVar[str] = "1815"
    name: ClassVar[str] = "1815"
    map_id: ClassVar[str] = "1815"
    aliases: ClassVar[tuple[str, ...]] = ("eighteen fifteen", "congress of vienna", "1815 gametest")
    description: ClassVar[str] = (
        "Nine powers after the Congress of Vienna: chaos builds, Convert, Diplomacy Points for the minor powers, "
        "red-arrow crossings a fleet may secretly deny, and a half-strength fleet passage round Africa.")
    order_kinds: ClassVar[tuple[type[Order], ...]] = STANDARD_ORDERS + ORDERS_1815
    own_order_words: ClassVar[frozenset[str] | None] = OWN_WORDS
    validates_only_own_kinds: ClassVar[bool] = True  # denials, conversions, allocations; the rest is standard
    resolver_class = CapeResolver

    # --- the board ------------------------------------------------------------------------------------

    @cached_property
    def places(self) -> Places:
        return Places.from_board(self.board)

    @property
    def minor_powers(self) -> frozenset[str]:
        """The powers no player plays (the map's ``minor_powers``): their units act by Diplomacy Points."""
        return self.places.minor_powers

    @property
    def pseudo_powers(self) -> tuple[str, ...]:  # type: ignore[override]
        """The minor powers own units and centres on the board but are nobody's seat (they come from the map,
        so this is per board rather than a class constant)."""
        return tuple(sorted(self.places.minor_powers))

    def power_name(self, power: str) -> str:
        minor = self.board.minor_powers.get(power)
        return minor.name if minor is not None else super().power_name(power)

    def power_adjective(self, power: str) -> str:
        minor = self.board.minor_powers.get(power)
        return minor.name if minor is not None else super().power_adjective(power)

    def initial_state(self) -> GameState:
        """The Great Powers' start, with each minor power's units on its neutral centres, which it holds."""
        start = super().initial_state()
        units = list(start.units.values())
        centers = dict(start.centers)
        for minor in self.board.minor_powers.values():
            for kind, loc in minor.start_units:
                units.append(Unit(minor.id, kind, loc))
                centers[province_of(loc)] = minor.id
        return self.make_state(start.phase, units, centers)

    # --- options --------------------------------------------------------------------------------------

    @property
    def option_specs(self) -> tuple[OptionSpec, ...]:
        total = len(self.board.supply_centers)
        return (*super().option_specs,
                OptionSpec("cape_supports", OptionType.CHOICE, "full", "Supports across the Cape passage",
                           choices=(("full", "count 1 like any support"), ("none", "add nothing")),
                           help="Whether a unit at one end of the half-strength passage supports into the other "
                                "(spec ambiguity A1; docs/variants/1815.md)."),
                OptionSpec("cape_cuts_support", OptionType.BOOL, True, "The Cape move cuts support",
                           help="Whether a half-strength move cuts a support in the sea it attacks (A2)."),
                OptionSpec("red_arrow_check", OptionType.CHOICE, "once", "Red arrows: checking the denying fleet",
                           choices=(("once", "once: dislodged in the first adjudication, the denial lapses"),
                                    ("recheck", "again: the denial lapses only if the fleet is still dislodged")),
                           help="How a denial ends when the intervening fleet is dislodged (A5)."),
                OptionSpec("dp_cap", OptionType.INT, 4, "Diplomacy Points a turn, at most",
                           help="Each Great Power gets one Diplomacy Point per centre each Spring and Fall, up to "
                                "this; 0 plays without them.", minimum=0, maximum=total),
                OptionSpec("dp_orders", OptionType.CHOICE, "hold-support", "Minor units may be ordered to",
                           choices=(("hold-support", "hold or support (Ambition & Empire, 2006)"),
                                    ("move", "hold, support or move")),
                           help="What Diplomacy Points may order a minor power's unit to do (A3)."),
                OptionSpec("draw_centres", OptionType.INT, min(50, total), "Centres a partial draw needs",
                           help="A draw without every survivor passes when the powers voting yes hold this many "
                                "centres (A11).", minimum=1, maximum=total))

    def _option(self, name: str) -> Any:
        for spec in self.option_specs:
            if spec.name == name:
                return self.options.get(name, spec.default)
        raise KeyError(name)

    @cached_property
    def resolver_options(self) -> dict[str, bool]:
        return {"supports_across": self._option("cape_supports") == "full"}

    @cached_property
    def cape_resolver(self) -> type[CapeResolver]:
        """The resolver of this game's readings (a half-strength move cutting support or not)."""
        return CapeResolver if self._option("cape_cuts_support") else CapeResolverNoCut

    @cached_property
    def dp_cap(self) -> int:
        return int(self._option("dp_cap"))

    def diplomacy_points(self, state: GameState, power: str) -> int:
        """``power``'s Diplomacy Points this turn: one per centre it controls, up to the cap."""
        if power in self.places.minor_powers or power not in self.board.powers:
            return 0
        return min(self.dp_cap, self.center_count(state, power))

    # --- orders ---------------------------------------------------------------------------------------

    def parse(self, text: str) -> RawOrder:
        if isinstance(text, str) and text.strip():
            own = parse_own(text, self.board)
            if own is not None:
                return own
        return super().parse(text)

    def validate(self, raw: RawOrder, state: GameState, power: str | None) -> Order:
        if raw.kind == "deny":
            return self._denial(raw, state, power)
        if raw.kind == "convert":
            return self._conversion(raw, state, power)
        if isinstance(raw, RawAllocation):
            return self._allocation(raw, state, power)
        return super().validate(raw, state, power)

    def _denial(self, raw: RawOrder, state: GameState, power: str | None) -> DenyPassage:
        if state.phase.type is not PhaseType.MOVEMENT:
            raise IllegalOrderError("passage across a red arrow is denied only in movement phases")
        assert raw.target_loc is not None
        prov = province_of(raw.target_loc)
        denied = state.units.get(prov)
        if denied is None:
            raise IllegalOrderError(f"no unit in {prov} to deny passage")
        if raw.target_type is not None and raw.target_type is not denied.type:
            raise IllegalOrderError(f"the unit in {prov} is {denied}")
        seas = sorted({sea for pair, sea in self.places.arrows.items() if prov in pair})
        if not seas:
            raise IllegalOrderError(f"no red arrow starts in {prov}")
        if raw.loc is not None:
            named = province_of(raw.loc)
            if named not in seas:
                raise IllegalOrderError(f"{named} is not the intervening sea of a red arrow from {prov} "
                                        f"({', '.join(seas)})")
            seas = [named]
        fleets = [state.units[s] for s in seas if s in state.units and state.units[s].type is UnitType.FLEET
                  and (power is None or state.units[s].power == power)
                  and state.units[s].power not in self.places.minor_powers]
        if not fleets:
            whose = f"{power} has no fleet" if power else "there is no fleet"
            raise IllegalOrderError(f"{whose} in {' or '.join(seas)} to deny {denied} passage")
        if len(fleets) > 1:
            raise AmbiguousOrderError(f"say which fleet denies passage: {' or '.join(str(f) for f in fleets)}")
        return DenyPassage(fleets[0].power, fleets[0], denied)

    def _conversion(self, raw: RawOrder, state: GameState, power: str | None) -> Convert:
        if state.phase.type is not PhaseType.ADJUSTMENTS:
            raise IllegalOrderError("units are converted only in the adjustment phase")
        assert raw.loc is not None
        prov = province_of(raw.loc)
        unit = state.units.get(prov)
        if unit is None:
            raise IllegalOrderError(f"no unit in {prov} to convert")
        if power is not None and unit.power != power:
            raise IllegalOrderError(f"the unit in {prov} belongs to {unit.power}, not {power}")
        owner = unit.power
        if owner not in self.board.powers or prov not in self.board.powers[owner].home_centers:
            raise IllegalOrderError(f"{prov} is not a home centre of {owner}: only a unit in a home centre converts")
        if state.centers.get(prov) != owner:
            raise IllegalOrderError(f"{owner} doesn't own {prov}")
        other = UnitType.FLEET if unit.type is UnitType.ARMY else UnitType.ARMY
        kind = raw.unit_type or other
        if kind is not other:
            raise IllegalOrderError(f"{unit} is already {'an army' if kind is UnitType.ARMY else 'a fleet'}: Convert "
                                    "exchanges an army for a fleet or a fleet for an army")
        p = self.board.provinces[prov]
        if kind is UnitType.ARMY:
            return Convert(unit, Unit(owner, kind, prov))
        if not p.is_coastal:
            raise IllegalOrderError(f"no fleet can stand in {prov}: it is inland")
        if p.coasts:
            coast = coast_of(raw.loc)
            if coast is None or coast not in p.coasts:
                raise AmbiguousOrderError(f"say which coast: {' or '.join(self.board.coast_locations(prov))}")
            return Convert(unit, Unit(owner, kind, f"{prov}/{coast}"))
        return Convert(unit, Unit(owner, kind, prov))

    def _allocation(self, raw: RawAllocation, state: GameState, power: str | None) -> Allocate:
        if state.phase.type is not PhaseType.MOVEMENT:
            raise IllegalOrderError("Diplomacy Points are allocated in movement phases")
        if self.dp_cap == 0:
            raise IllegalOrderError("this game is played without Diplomacy Points")
        if power is None or power not in self.powers:
            raise IllegalOrderError("only a Great Power allocates Diplomacy Points")
        inner = super().parse(raw.order_text)
        if inner.loc is None:
            raise IllegalOrderError(f"say which minor power's unit the points order: {raw.text!r}")
        unit = state.units.get(province_of(inner.loc))
        if unit is None or unit.power not in self.places.minor_powers:
            raise IllegalOrderError(f"no minor power's unit in {province_of(inner.loc)}: Diplomacy Points order "
                                    "only minor powers' units")
        order = super().validate(inner, state, unit.power)
        allowed = self._dp_kinds()
        if type(order) not in allowed:
            what = "hold, support or move" if Move in allowed else "hold or support"
            raise IllegalOrderError(f"a minor power's unit may only be ordered to {what}")
        assert isinstance(order, UnitOrder)
        return Allocate(power, raw.points, order)

    def _dp_kinds(self) -> tuple[type, ...]:
        """The order kinds Diplomacy Points may give a minor unit."""
        allowed: tuple[type, ...] = (Hold, SupportHold, SupportMove)
        return allowed + (Move,) if self._option("dp_orders") == "move" else allowed

    def order_effect(self, order: Order) -> OrderEffect:
        """A Convert takes the unit off and puts the other kind in its place; a denial hinders the unit it
        stops at the red arrow and needs its fleet to stay in the sea. (Allocations are weighed through the
        allocation panel.)"""
        if isinstance(order, Convert):
            return OrderEffect(removes=(order.converter,), adds=(order.into,))
        if isinstance(order, DenyPassage):
            return OrderEffect(stays=(order.fleet,), hinders=(order.denied,))
        return super().order_effect(order)

    def allocation_panel(self, state: GameState, power: str) -> AllocationPanel | None:
        """The Diplomacy Point panel: a Great Power's points this turn and each minor unit's orders."""
        if state.phase.type is not PhaseType.MOVEMENT or self.dp_cap == 0 or power not in self.powers:
            return None
        kinds = self._dp_kinds()
        options = super().legal_orders(state)
        targets = []
        for prov, unit in sorted(state.units.items()):
            if unit.power not in self.places.minor_powers:
                continue
            orders = tuple(o for o in options.get(unit.power, {}).get(unit.loc, []) if type(o) in kinds)
            if orders:
                targets.append((unit, orders))
        return AllocationPanel("Diplomacy Points", self.diplomacy_points(state, power), tuple(targets))

    def allocation_order(self, power: str, points: int, order: Order) -> Order:
        if not isinstance(order, UnitOrder):
            raise IllegalOrderError(f"Diplomacy Points give a unit an order, not {order}")
        return Allocate(power, points, order)

    def extra_orders(self, state: GameState, unit: Unit) -> list[Order]:
        """The denials a fleet in a red arrow's intervening sea may give (every unit at the arrows' ends)."""
        if (state.phase.type is not PhaseType.MOVEMENT or unit.type is not UnitType.FLEET
                or not self.places.arrows or unit.power in self.places.minor_powers):
            return []
        ends = self.places.arrow_ends(province_of(unit.loc))
        return [DenyPassage(unit.power, unit, state.units[p]) for p in sorted(ends) if p in state.units]

    def legal_orders(self, state: GameState) -> dict[str, dict[str, list[Order]]]:
        """The standard options (minor units' too: what Diplomacy Points may ask of them, though no player
        orders them directly) and the denials; Converts in adjustment phases. Allocations are left out (every
        minor order times every number of points is too many to list)."""
        out = super().legal_orders(state)
        if state.phase.type is PhaseType.ADJUSTMENTS:
            for power in self.powers:
                for c in self.conversions(state, power):
                    out.setdefault(power, {}).setdefault(c.converter.loc, []).append(c)
        return out

    def orderable_powers(self, state: GameState) -> list[str]:
        ptype = state.phase.type
        if ptype is PhaseType.MOVEMENT:
            minors_on_board = self.dp_cap > 0 and any(u.power in self.places.minor_powers for u in state.units.values())
            return sorted(p for p in self.powers
                          if state.units_of(p) or (minors_on_board and self.center_count(state, p) > 0))
        if ptype is PhaseType.RETREATS:
            return sorted({d.unit.power for d in state.dislodged.values()} - self.places.minor_powers)
        options = self.legal_orders(state)
        return [p for p in self.powers if options.get(p)]

    def conversions(self, state: GameState, power: str) -> list[Convert]:
        """The Converts ``power`` may order in an adjustment phase of ``state``."""
        if power not in self.board.powers or power in self.places.minor_powers:
            return []
        board = self.board
        out: list[Convert] = []
        for prov in board.powers[power].home_centers:
            unit = state.units.get(prov)
            if unit is None or unit.power != power or state.centers.get(prov) != power:
                continue
            if unit.type is UnitType.FLEET:
                out.append(Convert(unit, Unit(power, UnitType.ARMY, prov)))
            elif board.provinces[prov].is_coastal:
                out += [Convert(unit, Unit(power, UnitType.FLEET, loc)) for loc in board.coast_locations(prov)]
        return out

    # --- centres, builds, adjustments --------------------------------------------------------------------

    def build_sites(self, state: GameState | None, power: str | None) -> frozenset[str]:
        """Chaos builds: every empty supply centre the power owns."""
        if state is None or power is None or power in self.places.minor_powers:
            return frozenset()
        return frozenset(c for c, owner in state.centers.items()
                         if owner == power and c not in state.units and self.counts_as_center(c, power))

    def needs_adjustments(self, state: GameState) -> bool:
        return super().needs_adjustments(state) or any(self.conversions(state, p) for p in self.powers)

    # --- movement -------------------------------------------------------------------------------------

    def adjudicate_movement(self, state: GameState, orders: Mapping[str, Order],
                            tracer: Tracer | None = None) -> MovementResult:
        points: dict[str, int] = {}
        if any(type(o) is Allocate for o in orders.values()):
            held = Counter(state.centers.values())
            points = {p: min(self.dp_cap, held[p]) for p in self.powers}
        return movement.adjudicate(state, orders, board=self.board, places=self.places,
                                   resolver_class=self.cape_resolver, resolver_options=self.resolver_options,
                                   available_points=points, recheck=self._option("red_arrow_check") == "recheck",
                                   rulebook=self.rulebook, tracer=tracer)

    def after_phase(self, before: GameState, after: GameState, submitted: Mapping[str, Sequence[Order]],
                    outcome: MovementResult | None) -> PhaseEnd:
        """Minor units dislodged are disbanded; the year's conversions; after the Fall turn, minor units come
        back where no Great Power took their centre."""
        state = after
        notes: list[PhaseNote] = []
        verdicts: dict[Order, tuple[bool, str | Reason]] = {}
        ptype = before.phase.type
        minors = self.places.minor_powers
        if ptype is PhaseType.MOVEMENT and any(u.power in minors for u in after.dislodged):
            gone = [u for u in after.dislodged if u.power in minors]
            state = state.replace(dislodged={u: d for u, d in after.dislodged.items() if u.power not in minors})
            notes += [PhaseNote(u.power, f"{u} D", True, Reason(MINOR_DISBANDED, {"unit": u})) for u in gone]
        if ptype is PhaseType.ADJUSTMENTS:
            state, verdicts = self._convert(state, submitted)
        elif self.is_last_movement_season(before.phase.season) and not state.dislodged and minors:
            state, rebuilt = self._rebuild_minors(state)
            notes += [PhaseNote(u.power, f"{u} B", True, Reason(MINOR_REBUILT, {"unit": u})) for u in rebuilt]
        return PhaseEnd(state, verdicts, tuple(notes))

    def _convert(self, state: GameState, submitted: Mapping[str, Sequence[Order]]
                 ) -> tuple[GameState, dict[Order, tuple[bool, str | Reason]]]:
        units = dict(state.units)
        verdicts: dict[Order, tuple[bool, str | Reason]] = {}
        for orders in submitted.values():
            done = False
            for order in orders:
                if not isinstance(order, Convert):
                    continue
                prov = province_of(order.converter.loc)
                if done:
                    verdicts[order] = (False, Reason(CONVERT_REFUSED, {"why": "one conversion a year"}))
                elif units.get(prov) != order.converter:
                    verdicts[order] = (False, Reason(CONVERT_REFUSED, {"why": f"{order.converter} was removed"}))
                else:
                    units[prov] = order.into
                    verdicts[order] = (True, Reason(CONVERTED, {"unit": order.converter, "into": order.into}))
                    done = True
        return state.replace(units=units), verdicts

    def _rebuild_minors(self, state: GameState) -> tuple[GameState, list[Unit]]:
        """Each minor power's missing start units, back on their places when empty and still the minor
        power's centre (a Great Power standing there now takes it at this turn's end; one that took it
        before keeps it)."""
        units = dict(state.units)
        rebuilt: list[Unit] = []
        standing = Counter(u.power for u in units.values())
        for minor in sorted(self.places.minor_powers):
            info = self.board.minor_powers[minor]
            missing = len(info.start_units) - standing[minor]
            for kind, loc in info.start_units:
                prov = province_of(loc)
                if missing <= 0:
                    break
                if prov in units or state.centers.get(prov) != minor:
                    continue
                units[prov] = Unit(minor, kind, loc)
                rebuilt.append(units[prov])
                missing -= 1
        return (state.replace(units=units), rebuilt) if rebuilt else (state, rebuilt)

    # --- victory and draws ---------------------------------------------------------------------------

    def winner(self, state: GameState) -> str | None:
        """One power alone in first place with the victory centres or more (a tie for first plays on)."""
        held = Counter(state.centers.values())
        counts = Counter({p: held[p] for p in self.powers})
        ranked = counts.most_common(2)
        if not ranked or ranked[0][1] < self.victory_centers:
            return None
        if len(ranked) > 1 and ranked[1][1] == ranked[0][1]:
            return None
        return ranked[0][0]

    def victory_rule(self) -> VictoryRule:
        return VictoryRule(f"A power alone in first place with {self.victory_centers} or more of the "
                           f"{len(self.board.supply_centers)} supply centres wins; a tie for first place plays on.",
                           super().victory_rule().centre_option)

    def leader_line(self, state: GameState) -> str | None:
        """Who is first, and whether alone: only a power alone in first place can win."""
        counts = {p: self.center_count(state, p) for p in self.powers}
        top = max(counts.values(), default=0)
        if top == 0:
            return None
        first = [self.power_name(p) for p in self.powers if counts[p] == top]
        if len(first) > 1:
            return f"Tied for first with {top} centres: {', '.join(first)} (no one wins while tied)"
        need = self.victory_centers
        tail = "wins alone in first place" if top >= need else f"{need} alone in first place wins"
        return f"First: {first[0]} with {top} centres ({tail})"

    def draw_passes(self, state: GameState, votes: frozenset[str], survivors: frozenset[str]) -> bool:
        """A draw of every survivor needs every survivor's vote; a draw of the powers voting yes passes when
        they hold ``draw_centres`` centres or more."""
        if survivors <= votes:
            return True
        held = sum(self.center_count(state, p) for p in votes & survivors)
        return held >= int(self._option("draw_centres"))

    # --- what each viewer reads -----------------------------------------------------------------------------

    def results_for(self, before: GameState, results: Sequence[Any], power: str | None) -> list[Any]:
        """Allocations are read only by the power that made them; a denial by its power, and by everyone
        only when it blocked an order or was void while the unit crossed (the seed's Examples 1-6)."""
        shown = super().results_for(before, results, power)
        if power is None:
            return shown
        return [r for r in shown if r.power == power or not _secret(r)]

    def order_marks(self, order: Order, *, failed: bool = False, phase_type: PhaseType | None = None,
                    results: Sequence[OrderResult] | None = None) -> tuple[OrderMark, ...]:
        places = self.places
        if isinstance(order, Convert):
            return (OrderMark(MarkKind.BUILD, order.into.loc, failed=failed, unit_type=order.into.type.value),)
        if isinstance(order, Allocate):
            return self.order_marks(order.order, failed=failed, phase_type=phase_type)
        if isinstance(order, DenyPassage):
            return ()
        if isinstance(order, Move) and places.is_half(order.unit.loc, order.dest):
            return (OrderMark(MarkKind.MOVE, order.unit.loc, order.dest, failed=failed, style=MarkStyle.HALF_STRENGTH),)
        if crossing_sea(places, order) is not None:
            marks = standard_marks(order, failed=failed, phase_type=phase_type)
            return tuple(OrderMark(m.kind, m.at, m.to, m.aux, MarkStyle.RED_ARROW, m.via, m.unit_type, m.failed,
                                   m.dislodged) for m in marks)
        return super().order_marks(order, failed=failed, phase_type=phase_type, results=results)


def _secret(result: Any) -> bool:
    """Is ``result`` (an ``OrderResult``) one that only its own power may read?"""
    typed = result.typed
    if isinstance(typed, Allocate):
        return True
    if isinstance(typed, DenyPassage):
        return result.outcome is None or result.outcome.code not in REVEALED_DENIALS
    if typed is None:  # an order that could not be read: its words alone may give a secret away
        words = str(result.order).replace(":", " ").split()
        return bool(words) and (words[0].upper() in _SECRET_WORDS
                                or (len(words) > 1 and words[1].upper() in _SECRET_WORDS))
    return False


register(Europe1815)


__all__ = ["Europe1815"]
