"""The heuristic player: values places (``values.py``), sends each unit where it is worth most, backs the
attacks that need it with supports and convoys, retreats, builds and removes by the same values.

It chooses only among the engine's legal options (``Game.legal_orders``) and reads a variant's own order
kinds through ``Variant.order_effect`` and its bids through the ``bid_*`` hooks, so it plays every
registered variant without code for any one. Given the same seed it gives the same orders.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Mapping, Sequence

from ..mapdata import MapData
from ..order_effects import OrderEffect
from ..orders import Convoy, Disband, Hold, Move, Order, Retreat, SupportHold, SupportMove, UnitOrder, Waive
from ..resolver import MovementResolver
from ..state import GameState
from ..types import ChancelleryError, PhaseType, Unit, UnitType, province_of, unit_spec
from ..validate import minimal_convoy_routes
from ..variants import Variant
from .values import Valuation, Weights, pressure, unit_neighbours, valuation

EASY, NORMAL = "easy", "normal"


@dataclass(frozen=True, slots=True)
class Style:
    """How a strength plays: how much chance blurs its judgement and which kinds of cooperation it uses."""

    noise: float  # each score is scaled by a random factor in [1 - noise, 1 + noise]
    supports: bool  # back attacks and threatened units with supports
    convoys: bool  # move armies by convoys of its own fleets
    bids: bool  # bid for other units where the variant takes bids
    caution: float = 0.0  # how much a move into a rival's unit, or a place rivals can reach, is marked down
    weights: Weights = field(default_factory=Weights)


STYLES: dict[str, Style] = {
    EASY: Style(noise=0.6, supports=False, convoys=False, bids=False),
    NORMAL: Style(noise=0.05, supports=True, convoys=True, bids=True, caution=0.4),
}

_STAYING = (Hold, SupportHold, SupportMove, Convoy)
_MAX_SUPPORTS_WANTED = 3
_SPARE_SUPPORT = 0.5  # the score of a support given only because the unit has nothing better to do
_CONVERSION_MARGIN = 0.25  # how much more a converted unit must be worth than the unit it replaces
_FUTILE_CHANCE = 0.3  # how often an attack too weak to dislodge still gets in (the defender leaves)


_KIND_STRENGTHS: dict[tuple[object, object, UnitType], float] = {}


def kind_strength(resolver_class: type[MovementResolver], board: MapData, kind: UnitType) -> float:
    """What a lone unit of ``kind`` weighs in its variant's resolver (``unit_strength``): 1 for armies and
    fleets, nothing for Engineered's fighter fields. A resolver that can't be asked so counts it as 1."""
    key = (resolver_class, board, kind)
    strength = _KIND_STRENGTHS.get(key)
    if strength is None:
        try:
            loc = min(board.locations(kind))
            prov, unit = province_of(loc), Unit("", kind, loc)
            strength = float(resolver_class(board, {prov: unit}, {prov: Hold(unit)}).unit_strength(prov))
        except (TypeError, ValueError, KeyError, AttributeError, ChancelleryError):
            strength = 1.0
        _KIND_STRENGTHS[key] = strength
    return strength


def heuristic_orders(variant: Variant, state: GameState, power: str, options: Mapping[str, Sequence[Order]],
                     rng: random.Random, strength: str = NORMAL) -> list[Order]:
    """The orders of ``power`` in ``state`` chosen from ``options`` (its legal orders per slot)."""
    style = STYLES[strength]
    planner = _Planner(variant, state, power, options, rng, style)
    ptype = state.phase.type
    if ptype is PhaseType.MOVEMENT:
        return planner.movement()
    if ptype is PhaseType.RETREATS:
        return planner.retreats()
    return planner.adjustments()


@dataclass(slots=True)
class _Attack:
    value: float
    unit: Unit
    order: Move
    dest: str  # province
    supports_wanted: int
    supporters: list[str] = field(default_factory=list)  # slots of the units backing it


class _Planner:
    """One decision: a power's orders for one phase."""

    def __init__(self, variant: Variant, state: GameState, power: str, options: Mapping[str, Sequence[Order]],
                 rng: random.Random, style: Style) -> None:
        self.variant = variant
        self.board = variant.board
        self.state = state
        self.power = power
        self.options = options
        self.rng = rng
        self.style = style
        board = self.board
        counts = {p: variant.center_count(state, p) for p in board.powers}
        counts_for = {c: variant.counts_as_center(c, power) for c in board.supply_centers}
        ptype = state.phase.type
        close = ptype is not PhaseType.ADJUSTMENTS and variant.centers_change_after(state.phase.season)
        self.press = pressure(board, state)
        self.values: Valuation = valuation(board, state, power, counts, style.weights, close, self.press, counts_for)
        self.chosen: dict[str, Order] = {}  # slot -> order
        self.spare: set[str] = set()  # slots of units whose support only adds to what is enough already
        self._effects: dict[Order, OrderEffect] = {}  # what each order weighed does (Variant.order_effect)

    # --- helpers ------------------------------------------------------------------------------------

    def jitter(self, score: float) -> float:
        noise = self.style.noise
        return score * (1.0 + noise * (2.0 * self.rng.random() - 1.0)) if noise else score

    def worth(self, unit: Unit, loc: str | None = None) -> float:
        """What a unit of ours is worth at ``loc`` (where it stands by default); units that don't occupy, are
        only a disguise (a decoy) or have no strength of their own (a fighter field) count for less."""
        value = self.values.value(unit.type, loc if loc is not None else unit.loc)
        if unit.type in self.variant.stacking_types or unit in self.state.disguised or not self.strength(unit.type):
            return 0.4 * value
        return value

    def strength(self, kind: UnitType) -> float:
        return kind_strength(self.variant.resolver_class, self.board, kind)

    # --- movement -----------------------------------------------------------------------------------

    def movement(self) -> list[Order]:
        state, power = self.state, self.power
        units: dict[str, Unit] = {}  # slot -> the occupying unit it orders
        for slot, opts in self.options.items():
            for o in opts:
                if isinstance(o, (Hold, Move)) and state.units.get(province_of(o.unit.loc)) == o.unit:
                    units[slot] = o.unit
                    break
        side_slots = [s for s in self.options if s not in units]
        self._assign_moves(units)
        if self.style.supports:
            self._assign_supports(units)
        self._idle_units(units)
        self._side_orders(side_slots)
        self._purchases(side_slots)
        self._independent_orders(units)
        orders = list(self.chosen.values())
        if self.style.bids and self.variant.takes_bids():
            orders.extend(self._bids(units))
        if self.style.bids:
            orders.extend(self._allocations())
        return self._without_refused(orders)

    def _holds(self, slot: str) -> Order:
        opts = self.options[slot]
        return next((o for o in opts if type(o) is Hold), next((o for o in opts if isinstance(o, Hold)), opts[0]))

    def _needs_convoy(self, unit: Unit, move: Move) -> bool:
        if move.route is not None or not unit_spec(unit.type).convoyable:
            return False
        return move.via_convoy or province_of(move.dest) not in self.board.army_adjacent(province_of(unit.loc))

    def _assign_moves(self, units: dict[str, Unit]) -> None:
        """Greedy: the best (unit, place) pairs first, no two units of ours aiming at one province."""
        values = self.values
        candidates: list[tuple[float, int, str, Order]] = []
        n = 0
        for slot, unit in units.items():
            here = self.jitter(values.value(unit.type, unit.loc))
            candidates.append((here, n, slot, self._holds(slot)))
            n += 1
            seen: set[str] = set()
            for o in self.options[slot]:
                if not isinstance(o, Move) or o.unit != unit:
                    continue
                if self._needs_convoy(unit, o):
                    if not self.style.convoys or o.via_convoy and province_of(o.dest) in self.board.army_adjacent(
                            province_of(unit.loc)):
                        continue
                key = o.dest + ("~" if o.route else "")
                if key in seen or unit in self.state.disguised and self._contested(o):
                    continue
                there = self.state.units.get(province_of(o.dest))
                if there is not None and there.power != self.power and not self.strength(unit.type):
                    continue  # a unit of no strength (a fighter field) never dislodges anyone
                seen.add(key)
                score = values.value(unit.type, o.dest) * self._prospect(o)
                candidates.append((self.jitter(score), n, slot, o))
                n += 1
        candidates.sort(key=lambda c: (-c[0], c[1]))
        claimed: dict[str, str] = {}  # province -> slot of our unit moving there
        staying: set[str] = set()  # provinces our units keep
        for _score, _n, slot, order in candidates:
            if slot in self.chosen:
                continue
            if not isinstance(order, Move):
                self.chosen[slot] = order
                staying.add(province_of(units[slot].loc))
                continue
            dest = province_of(order.dest)
            if dest in claimed or dest in staying or self._refused_beside_ours(order):
                continue
            if self._needs_convoy(order.unit, order):
                fleets = self._convoy_fleets(order.unit, dest)
                if fleets is None:
                    continue
                for fleet_slot, convoy in fleets.items():
                    self.chosen[fleet_slot] = convoy
                    staying.add(province_of(fleet_slot))
            self.chosen[slot] = order
            claimed[dest] = slot
        self._drop_blocked_moves(units)

    def _contested(self, move: Move) -> bool:
        """Is a rival's unit in the way of ``move`` (standing there, or able to enter)? A disguised unit (a
        decoy, of no strength) keeps out of such places: a fight exposes it, and it is lost."""
        dest = province_of(move.dest)
        there = self.state.units.get(dest)
        return (there is not None and there.power != self.power) or self.press.threat(dest, self.power) > 0

    def _disguise_contested(self, order: Order) -> bool:
        """Does ``order`` send a disguised stacked unit (a decoy beside its twin) where a rival may stand
        in its way?"""
        disguised = {s.unit for s in self.state.stacked if s.power == self.power and s.mimic is not None}
        return any(unit in disguised and self._contested(Move(unit, dest)) for unit, dest in self._effect(order).moves)

    def _refused_beside_ours(self, order: Order) -> bool:
        """Would the variant refuse ``order`` beside the orders chosen so far (Colonial: one railway move a
        turn)? Such an order is reported invalid and its unit holds, so another is chosen instead."""
        return order in self.variant.refused_orders(self.state, {self.power: [*self.chosen.values(), order]})

    def _without_refused(self, orders: list[Order]) -> list[Order]:
        """``orders`` with those the variant refuses together replaced by a hold of their unit (or left out)."""
        refused = self.variant.refused_orders(self.state, {self.power: orders})
        if not refused:
            return orders
        out: list[Order] = []
        for order in orders:
            if order not in refused:
                out.append(order)
            elif isinstance(order, UnitOrder) and order.unit.loc in self.options and \
                    self.state.phase.type is PhaseType.MOVEMENT:
                out.append(self._holds(order.unit.loc))
        return out

    def _prospect(self, move: Move) -> float:
        """How much of a place's value a move is likely to win: less against a rival's unit standing there,
        a little less where rivals could also enter (a cautious style only)."""
        caution = self.style.caution
        if not caution:
            return 1.0
        dest = province_of(move.dest)
        there = self.state.units.get(dest)
        if there is not None and there.power != self.power:
            helpers = self.press.own(dest, self.power) - 1  # our other units that could support the attack
            return 1.0 - caution * max(0.0, 1.0 - 0.5 * helpers)
        return 1.0 - 0.25 * caution * min(self.press.threat(dest, self.power), 3)

    def _drop_blocked_moves(self, units: dict[str, Unit]) -> None:
        """A move into a province our own unit doesn't leave (or swaps with without a convoy) bounces: hold."""
        changed = True
        while changed:
            changed = False
            for slot, order in list(self.chosen.items()):
                if not isinstance(order, Move) or slot not in units:
                    continue
                dest = province_of(order.dest)
                there = self.state.units.get(dest)
                if there is None or there.power != self.power:
                    continue
                other = self.chosen.get(there.loc)
                swap = isinstance(other, Move) and province_of(other.dest) == province_of(order.unit.loc) \
                    and not (other.via_convoy or order.via_convoy)
                if not isinstance(other, Move) or swap:
                    self.chosen[slot] = self._holds(slot)
                    changed = True

    def _convoy_fleets(self, army: Unit, dest: str) -> dict[str, Order] | None:
        """Convoy orders for our free fleets that carry ``army`` to ``dest``, or ``None`` if they can't."""
        board = self.board
        free = {province_of(u.loc) for u in self.state.units_of(self.power)
                if u.loc not in self.chosen and unit_spec(u.type).can_convoy
                and board.provinces[province_of(u.loc)].can_convoy}
        if not free:
            return None
        routes = minimal_convoy_routes(board, province_of(army.loc), frozenset(free))
        needed = routes.get(dest)
        if not needed:
            return None
        out: dict[str, Order] = {}
        for fleet in sorted(needed):  # a route's fleets may come as a set: a fixed order replays alike
            unit = self.state.units[fleet]
            convoy = next((o for o in self.options.get(unit.loc, ()) if isinstance(o, Convoy)
                           and o.target == army and province_of(o.dest) == dest), None)
            if convoy is None:
                return None
            out[unit.loc] = convoy
        return out

    def _supports_wanted(self, move: Move) -> int:
        """How many supports an attack should have: the defender and its likely helpers, or one against a
        rival that could also enter."""
        dest = province_of(move.dest)
        there = self.state.units.get(dest)
        press = self.press
        if there is not None and there.power != self.power:
            helpers = press.own(dest, there.power) - 1
            return min(1 + helpers, _MAX_SUPPORTS_WANTED)
        return 1 if press.threat(dest, self.power) >= 1 else 0

    def _is_futile(self, attack: _Attack) -> bool:
        """An attack on a rival's unit without the supports it wants: it bounces unless the unit leaves."""
        there = self.state.units.get(attack.dest)
        return there is not None and there.power != self.power and len(attack.supporters) < attack.supports_wanted

    def _is_free(self, slot: str, units: dict[str, Unit]) -> bool:
        order = self.chosen.get(slot)
        return slot in units and (order is None or type(order) is Hold or isinstance(order, Hold))

    def _assign_supports(self, units: dict[str, Unit]) -> None:
        attacks: list[_Attack] = []
        for slot, order in self.chosen.items():
            if isinstance(order, Move) and slot in units:
                value = self.values.value(order.unit.type, order.dest)
                attacks.append(_Attack(value, order.unit, order, province_of(order.dest), self._supports_wanted(order)))
        attacks.sort(key=lambda a: (-a.value, a.unit.loc))
        offers = self._support_offers(units)
        targeted = {a.dest for a in attacks}
        for attack in attacks:
            for slot in sorted(units):
                if len(attack.supporters) >= attack.supports_wanted:
                    break
                support = offers.get(slot, {}).get((province_of(attack.unit.loc), attack.dest))
                if support is None:
                    continue
                if self._is_free(slot, units):
                    self.chosen[slot] = support
                    attack.supporters.append(slot)
        # Then units on weak errands, or on attacks of their own too weak to succeed, join the attacks still
        # short of supports (a futile attack given up frees its supporters).
        by_slot = {a.unit.loc: a for a in attacks}
        dropped: set[str] = set()
        for attack in attacks:
            if attack.unit.loc in dropped:
                continue
            for slot in sorted(units):
                if len(attack.supporters) >= attack.supports_wanted:
                    break
                current = self.chosen.get(slot)
                support = offers.get(slot, {}).get((province_of(attack.unit.loc), attack.dest))
                if support is None or not isinstance(current, Move) or province_of(slot) in targeted:
                    continue
                own = by_slot.get(slot)
                futile = own is not None and own is not attack and self._is_futile(own) \
                    and own.value * _FUTILE_CHANCE < attack.value * (1.0 - _FUTILE_CHANCE)
                weak = self.values.value(current.unit.type, current.dest) < 0.5 * attack.value \
                    and province_of(current.dest) not in self.board.supply_centers
                if not (futile or weak):
                    continue
                self.chosen[slot] = support
                attack.supporters.append(slot)
                if own is not None:
                    dropped.add(slot)
                    targeted.discard(own.dest)
                    for helper in own.supporters:
                        self.chosen[helper] = self._holds(helper)
        self._drop_blocked_moves(units)

    def _support_offers(self, units: dict[str, Unit]) -> dict[str, dict[tuple[str, str | None], Order]]:
        """Per unit slot: its supports, by (supported unit's province, destination province or None)."""
        out: dict[str, dict[tuple[str, str | None], Order]] = {}
        for slot in units:
            table: dict[tuple[str, str | None], Order] = {}
            if units[slot] in self.state.disguised:  # a decoy's support adds nothing
                out[slot] = table
                continue
            for o in self.options[slot]:
                if isinstance(o, SupportMove) and o.target.power == self.power:
                    table.setdefault((province_of(o.target.loc), province_of(o.dest)), o)
                elif isinstance(o, SupportHold) and o.target.power == self.power:
                    table.setdefault((province_of(o.target.loc), None), o)
            out[slot] = table
        return out

    def _idle_units(self, units: dict[str, Unit]) -> None:
        """Units left holding back a threatened neighbour, help a move, or use an order of the variant's own."""
        offers = self._support_offers(units) if self.style.supports else {}
        for slot in sorted(units):
            if not self._is_free(slot, units):
                continue
            best: tuple[float, Order] | None = None
            for (target, dest), support in offers.get(slot, {}).items():
                if dest is None:
                    target_order = self.chosen.get(self.state.units[target].loc)
                    if isinstance(target_order, Move):
                        continue
                    score = self.press.threat(target, self.power) * (2.0 if target in self.board.supply_centers else 1.0)
                else:
                    mover = self.chosen.get(self.state.units[target].loc)
                    if not (isinstance(mover, Move) and province_of(mover.dest) == dest):
                        continue
                    score = _SPARE_SUPPORT
                if score > 0 and (best is None or score > best[0]):
                    best = (score, support)
            if best is None or best[0] <= _SPARE_SUPPORT:  # an order of the variant's own, if one helps more
                own = self.variant.order_key(self._holds(slot))
                side = self._best_side_order([o for o in self.options[slot] if self.variant.order_key(o) == own],
                                             allow_stay=False, slot=slot)
                if side is not None:
                    best = side
                elif best is not None:
                    self.spare.add(slot)
            if best is not None:
                self.chosen[slot] = best[1]
            elif slot not in self.chosen:
                self.chosen[slot] = self._holds(slot)

    # --- orders of kinds the bot reads through their effects ------------------------------------------

    def _backs_ours(self, backed: Order) -> bool:
        """Does ``backed`` describe an order we are giving (a move of ours to that province, a unit of ours
        staying)?"""
        if not isinstance(backed, UnitOrder) or backed.unit.power != self.power:
            return False
        for order in self.chosen.values():
            if isinstance(order, UnitOrder) and order.unit == backed.unit:
                if isinstance(backed, Move):
                    return isinstance(order, Move) and province_of(order.dest) == province_of(backed.dest)
                return isinstance(order, _STAYING)
        return False

    def effect_score(self, effect: OrderEffect) -> float | None:
        """What an order's effect is worth to us, or ``None`` when it would help another power or do
        nothing we can weigh."""
        if not effect.known:
            return None
        power = self.power
        score = 0.0
        removes = list(effect.removes)
        for unit in effect.adds:
            if unit.power != power:
                return None
            score += self.worth(unit)
            # A unit that occupies, put where a unit of ours occupies, takes its place (a conversion by an
            # engineer names the new unit only): the old one is given up.
            if unit.type not in self.variant.stacking_types and unit_spec(unit.type).drawn_as is None:
                there = self.state.units.get(province_of(unit.loc))
                if there is not None and there.power == power and there != unit and there not in removes:
                    removes.append(there)
        # A change of kind (a unit removed for another added) must be clearly worth it: values shift from
        # year to year, and a unit converted back and forth wastes the winters it could do something else.
        cost = 1.0 + _CONVERSION_MARGIN if effect.adds else 1.0
        for unit in removes:
            if unit.power != power:
                return None
            score -= self.worth(unit) * cost + 1.0  # a unit given up is a unit gone
        for unit, dest in effect.moves:
            if unit.power != power:
                return None
            score += self.worth(unit, dest) - self.worth(unit)
        for unit in effect.keeps:
            if unit.power != power:
                return None
            score += self.worth(unit) + 1.0  # as much as giving it up would lose
        if effect.backs is not None:
            backed = effect.backs
            if isinstance(backed, UnitOrder) and self._backs_ours(backed):
                score += 1.0 + self.values.value(backed.unit.type, getattr(backed, "dest", backed.unit.loc))
            elif isinstance(effect.backs, UnitOrder) and effect.backs.unit.power != power:
                return None
        for unit in effect.hinders:
            if unit.power == power:
                return None
            if unit.power in self.variant.pseudo_powers:
                continue  # nobody plays it: it does only what the players pay for (1815's minor powers)
            prov = province_of(unit.loc)
            score += self.press.own(prov, power) * (1.0 + self.values.base.get(prov, 0.0))
        return score

    def _effect(self, order: Order) -> OrderEffect:
        effect = self._effects.get(order)
        if effect is None:
            effect = self._effects[order] = self.variant.order_effect(order)
        return effect

    def _side_score(self, order: Order) -> float | None:
        """The score of an order of a kind read through its effect; ``None`` for the common kinds (chosen
        elsewhere) and for orders that would help another power or do nothing we can weigh."""
        if isinstance(order, (Hold, Move, SupportHold, SupportMove, Convoy, Disband, Retreat, Waive)) \
                or order.uses_build:
            return None
        return self.effect_score(self._effect(order))

    def _default_score(self, opts: Sequence[Order]) -> float:
        """What leaving a slot unordered is worth: its unit stays, which costs something where the variant says
        a unit kept there is lost (Engineered's decoy still beside its twin at the end of the spring)."""
        floor = 0.0
        for o in opts:
            effect = self._effect(o)
            if effect.stays and not (effect.moves or effect.adds or effect.backs or effect.hinders):
                score = self.effect_score(effect)
                if score is not None:
                    floor = min(floor, score)
        return floor

    def _best_side_order(self, opts: Sequence[Order], allow_stay: bool = True,
                         slot: str | None = None) -> tuple[float, Order] | None:
        best: tuple[float, Order] | None = None
        for o in opts:
            score = self._side_score(o)
            if score is None or score <= (0.0 if not allow_stay else -1e-9):
                continue
            score = self.jitter(score)
            if (best is None or score > best[0]) and self._fits(o, slot):
                best = (score, o)
        return best

    def _fits(self, order: Order, slot: str | None = None) -> bool:
        """Does ``order`` go with the orders chosen so far? Not when it asks for a slot already filled, when
        the variant refuses it beside them or says it would do nothing (an engineer whose carrier doesn't go
        its way), or when it works against them: it moves or removes a unit another order already moves or
        removes, brings two stacked units of ours of one kind into one province (Engineered's engineers are
        all lost so), or sends a disguised unit where one of ours ends (it would bounce off its own side and
        be exposed)."""
        key = self.variant.order_key(order)
        chosen = [o for s, o in self.chosen.items() if s != slot]  # the order it would replace aside
        if key is not None and any(self.variant.order_key(o) == key for o in chosen):
            return False
        if self._refused_beside_ours(order):
            return False
        if order in self.variant.void_orders(self.state, self.power, [*chosen, order]):
            return False
        effect = self._effect(order)
        if not (effect.moves or effect.removes):
            return True
        busy: set[Unit] = set()
        ends: dict[Unit, str] = {}  # units of ours that chosen orders send somewhere -> the province
        for o in chosen:
            e = self._effect(o)
            busy.update(u for u, _dest in e.moves)
            busy.update(e.removes)
            ends.update((u, province_of(dest)) for u, dest in e.moves)
        if any(u in busy for u, _dest in effect.moves) or any(u in busy for u in effect.removes):
            return False
        stacked = {s.unit: s for s in self.state.stacked if s.power == self.power}
        for unit, dest in effect.moves:
            info = stacked.get(unit)
            if info is None:
                continue
            dest = province_of(dest)
            if info.mimic is not None:
                occupants = self.state.units_of(self.power)
                if any(ends.get(u, province_of(u.loc)) == dest for u in occupants):
                    return False
            elif any(s.kind is info.kind and s.unit != unit and ends.get(s.unit, s.province) == dest
                     for s in stacked.values()):
                return False
        return True

    def _side_orders(self, slots: Sequence[str]) -> None:
        """Slots of no unit of ours that moves or holds (stacked units, permissions, placements): the best
        option whose effect helps us more than the slot's default, or none (the default applies); the best
        of all slots first, so that orders which exclude one another (one conversion a year, engineers that
        must not meet) go to where they count most."""
        candidates: list[tuple[float, str, str, Order]] = []
        for slot in sorted(slots):
            opts = self.options[slot]
            floor = self._default_score(opts)
            for o in opts:
                score = self._side_score(o)
                if score is not None and score > floor + 1e-9:
                    if floor < 0 and self._disguise_contested(o):
                        score = (score + floor) / 2  # it may bounce, stay, and be lost as well
                    candidates.append((self.jitter(score), slot, str(o), o))
        candidates.sort(key=lambda c: (-c[0], c[1], c[2]))
        for _score, slot, _text, order in candidates:
            if slot not in self.chosen and self._fits(order):
                self.chosen[slot] = order

    def _purchases(self, slots: Sequence[str]) -> None:
        """Units bought in a movement phase (World Diplomacy's purchases: a slot per free home centre, every
        option a build): the best kind at each place. One the treasury can't pay for simply fails."""
        for slot in sorted(slots):
            opts = self.options[slot]
            if slot in self.chosen or not opts or not all(o.uses_build and not isinstance(o, Waive) for o in opts):
                continue
            best: tuple[float, Order] | None = None
            for o in opts:
                score = self.effect_score(self.variant.order_effect(o))
                if score is None or score <= 0:
                    continue
                score = self.jitter(score)
                if best is None or score > best[0]:
                    best = (score, o)
            if best is not None:
                self.chosen[slot] = best[1]

    def _independent_orders(self, units: dict[str, Unit]) -> None:
        """Orders listed with a unit that fill a slot of their own (Colonial's Suez permission, offered with
        the unit in Egypt; 1815's denial of a red-arrow crossing by a fleet): given beside the unit's order
        when their effect helps us and the unit stays where the order needs it."""
        key = self.variant.order_key
        groups: dict[str, list[Order]] = {}
        for slot, unit in units.items():
            own = key(self._holds(slot))
            moving = isinstance(self.chosen.get(slot), Move)
            for o in self.options[slot]:
                other = key(o)
                if other is None or other == own or other in self.options:
                    continue
                if moving and unit in self._effect(o).stays:
                    continue  # it needs the unit where it stands, and the unit leaves
                groups.setdefault(other, []).append(o)
        for slot in sorted(groups):
            best = self._best_side_order(groups[slot])
            if best is not None and best[0] > 0:
                self.chosen[slot] = best[1]

    def _cheap_to_offer(self, unit: Unit) -> bool:
        order = self.chosen.get(unit.loc)
        if type(order) is Hold or unit.loc in self.spare:
            return True
        return isinstance(order, SupportHold) and self.press.threat(province_of(order.target.loc), self.power) == 0

    def _our_destinations(self) -> set[str]:
        return {province_of(o.dest) for o in self.chosen.values() if isinstance(o, Move)}

    def _most_helpful(self, unit: Unit, orders: Sequence[Order], ours: set[str]) -> tuple[float, Order] | None:
        """Of the orders another power's ``unit`` might be given (a bid's, an allocation's), the one that
        helps us most, with its score: backing one of our orders, or making way for our move; ``None`` when
        none helps."""
        best: tuple[float, Order] | None = None
        for order in orders:
            effect = self.variant.order_effect(order)
            score = 0.0
            if effect.backs is not None and self._backs_ours(effect.backs):
                score = 1.0 + self.values.value(unit.type, getattr(effect.backs, "dest", unit.loc))
            elif province_of(unit.loc) in ours and any(province_of(dest) not in ours for _u, dest in effect.moves):
                score = 1.0  # it makes way for our move
            if score > 0 and (best is None or score > best[0]):
                best = (score, order)
        return best

    def _bids(self, units: dict[str, Unit]) -> list[Order]:
        """Bid units that only hold for other units' orders that back ours (a support of our attack, a
        move out of a province we enter)."""
        variant, state = self.variant, self.state
        # An offered unit falls into civil disorder if the bid wins: it holds, which costs little to a unit
        # that holds, gives a support beyond what is needed, or supports a unit nobody threatens.
        offerable = [u for u in variant.bid_offerable(state, self.power) if self._cheap_to_offer(u)]
        if not offerable:
            return []
        ours = self._our_destinations()
        bids: list[Order] = []
        for unit, wanted in variant.bid_targets(state):
            if not offerable:
                break
            best = self._most_helpful(unit, wanted, ours)
            if best is not None:
                offered = offerable.pop()
                try:
                    bids.append(variant.bid_order(self.power, (offered,), best[1]))
                except ValueError:
                    offerable.append(offered)
        return bids

    def _allocations(self) -> list[Order]:
        """Points the variant lets us share out among units we don't own (1815's Diplomacy Points), spent
        on the orders of those units that back ours or make way for them, the best first, a point each and
        the rest on the best; nothing is spent when no order helps (unspent points cost nothing)."""
        variant = self.variant
        panel = variant.allocation_panel(self.state, self.power)
        if panel is None or panel.points <= 0:
            return []
        ours = self._our_destinations()
        wanted: list[tuple[float, Order]] = []
        for unit, offered in panel.targets:
            best = self._most_helpful(unit, offered, ours)
            if best is not None:
                wanted.append(best)
        if not wanted:
            return []
        wanted.sort(key=lambda scored: -scored[0])
        wanted = wanted[:panel.points]
        shares = [1] * len(wanted)
        shares[0] += panel.points - len(wanted)
        out: list[Order] = []
        for (_score, order), points in zip(wanted, shares):
            try:
                out.append(variant.allocation_order(self.power, points, order))
            except (ChancelleryError, ValueError):
                continue
        return out

    # --- retreats -------------------------------------------------------------------------------------

    def retreats(self) -> list[Order]:
        taken: set[str] = set()
        out: list[Order] = []
        for slot in sorted(self.options):
            best: tuple[float, Order] | None = None
            fallback: Order | None = None
            for o in self.options[slot]:
                if isinstance(o, Retreat):
                    dest = province_of(o.dest)
                    if dest in taken:
                        continue
                    score = self.jitter(1.0 + self.values.value(o.unit.type, o.dest))
                    if best is None or score > best[0]:
                        best = (score, o)
                elif isinstance(o, Disband):
                    fallback = o
            if best is not None:
                assert isinstance(best[1], Retreat)
                taken.add(province_of(best[1].dest))
                out.append(best[1])
            elif fallback is not None:
                out.append(fallback)
        return self._without_refused(out)

    # --- adjustments ----------------------------------------------------------------------------------

    def adjustments(self) -> list[Order]:
        variant, state, power = self.variant, self.state, self.power
        delta = variant.adjustment_delta(state, power) if power in self.board.powers else 0
        builds: list[tuple[float, str, Order]] = []
        removals: list[tuple[float, str, Order]] = []
        for slot, opts in self.options.items():
            for o in opts:
                if o.uses_build and not isinstance(o, Waive):
                    score = self.effect_score(variant.order_effect(o))
                    if score is not None:
                        builds.append((self.jitter(score), slot, o))
                elif isinstance(o, Disband):
                    removals.append((self.jitter(self.worth(o.unit)), slot, o))
        if delta > 0:
            builds.sort(key=lambda b: (-b[0], b[1], str(b[2])))
            places: set[str] = set()
            for _score, slot, o in builds:
                if len(places) >= delta:
                    break
                place = province_of(o.unit.loc) if isinstance(o, UnitOrder) else slot
                if slot in self.chosen or place in places:
                    continue
                self.chosen[slot] = o
                places.add(place)
        elif delta < 0:
            removals.sort(key=lambda r: (r[0], r[1]))
            for _score, slot, o in removals[:-delta]:
                self.chosen[slot] = o
        self._side_orders([s for s in self.options if s not in self.chosen])
        return list(self.chosen.values())


__all__ = ["EASY", "NORMAL", "STYLES", "Style", "heuristic_orders"]
