"""The EMG player (Global Diplomacy, Age of Discovery): relations, unit points, in-turn adds, supports,
convoys and spies, chosen from what the power sees through the fog of war and nothing else.

The general heuristic player reads orders through their effects; EMG orders name areas and powers rather than
units (``SA 12 14``, ``DW FRANCE``) and a turn holds its own adjustments, so this player plans a whole EMG turn
at once (``docs/bots.md``, "EMG"). It is handed the full position only to cut it down to the power's own view
(:meth:`EmgVariant.view_for`) before anything else is read; given the same seed it gives the same orders.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Mapping

from ..orders import Hold, Move, Order
from ..state import GameState
from ..types import Phase, Unit, UnitType, moves_by_sea, province_of
from ..variants.emg.orders import (DECLARE_ALLIANCE, DECLARE_NEUTRALITY, DECLARE_WAR, DOWNGRADE, UPGRADE, Add,
                                   CallToArms, ConvoyRoute, Declare, Downgrade, GrantAccess, Remove, Spy,
                                   SupportAttack, SupportDefence, Upgrade, carries, points)
from ..variants.emg.relations import ALLY, NEUTRAL, WAR, relation
from ..variants.emg.turn import centre_points, owners, supply_points, unit_points
from ..variants.emg.variant import EmgVariant

EASY, NORMAL = "easy", "normal"


@dataclass(frozen=True, slots=True)
class EmgStyle:
    noise: float  # each score scaled by a random factor in [1 - noise, 1 + noise]
    supports: bool  # supports of attack and defence by points
    convoys: bool  # land units carried by its own naval units
    access: bool  # grants access to allies whose units stand beside its areas
    max_wars: int  # wars it fights at once
    max_allies: int  # neighbours it keeps as allies
    war_margin: float  # how much stronger than a neighbour, near it, before declaring war
    spies: int  # at most this many spies a turn (the rules' limit applies too)


STYLES: dict[str, EmgStyle] = {
    EASY: EmgStyle(noise=0.6, supports=False, convoys=False, access=False, max_wars=2, max_allies=3,
                   war_margin=0.8, spies=3),
    NORMAL: EmgStyle(noise=0.05, supports=True, convoys=True, access=True, max_wars=1, max_allies=2,
                     war_margin=0.9, spies=99),
}

_DECAY = 0.6  # a place's pull on its neighbours, per step
_STEPS = 8  # how far pulls spread
_UNSEEN = 0.5  # an unseen area's ownership is unknown: its value counts this much


def emg_orders(variant: EmgVariant, state: GameState, power: str, rng: random.Random,
               strength: str = NORMAL) -> list[Order]:
    """The orders of ``power`` for the current EMG turn, planned on its own view of ``state``."""
    view = variant.view_for(state, power)
    return _EmgPlanner(variant, view, power, rng, STYLES[strength]).plan()


class _EmgPlanner:
    """One power's turn. Everything read here comes from ``view`` (the power's fog-of-war view) and the board."""

    def __init__(self, variant: EmgVariant, view: GameState, power: str, rng: random.Random, style: EmgStyle) -> None:
        self.variant = variant
        self.board = variant.board
        self.view = view
        self.power = power
        self.rng = rng
        self.style = style
        self.first_turn = variant.is_first_turn(view)
        self.relations: Mapping[str, str] = view.extra.get("relations", {})
        self.owner_of = owners(view)
        self.mine = {p: u for p, u in view.units.items() if u.power == power}
        self.seen = variant.visible_areas(view, power) | set(view.extra.get("spied", {}).get(power, ()))
        known = view.extra.get("known", {}).get(power, ())
        # Age of Discovery: only areas seen at some time are on the power's map; elsewhere the board is public.
        self.charted: frozenset[str] | None = frozenset(known) | self.seen if variant.remembers_areas else None
        self.wars: set[str] = {p for p in self.board.powers if p != power and self._rel(p) == WAR}
        self.orders: dict[str, Order] = {}  # slot -> order
        self.busy: set[str] = set()  # areas of units with an order already

    # --- small facts -------------------------------------------------------------------------------------

    def _rel(self, other: str) -> str:
        return relation(self.relations, self.power, other)

    def jitter(self, score: float) -> float:
        noise = self.style.noise
        return score * (1.0 + noise * (2.0 * self.rng.random() - 1.0)) if noise else score

    def _charted(self, area: str) -> bool:
        return self.charted is None or area in self.charted

    def _enterable(self, area: str) -> bool:
        """May our units enter ``area`` this turn (the wars declared this turn included)?"""
        owner = self.owner_of.get(area)
        return owner is None or owner == self.power or self.board.provinces[area].is_sea or owner in self.wars

    def _neighbours(self, kind: UnitType, area: str) -> set[str]:
        return {province_of(x) for loc in self._locs(area) for x in self.board.adjacent(kind, loc)}

    def _locs(self, area: str) -> tuple[str, ...]:
        coasts = self.board.provinces[area].coasts
        return tuple(self.board.coast_locations(area)) if coasts else (area,)

    def _reaches(self, unit: Unit, area: str) -> bool:
        return self.board.reaches_province(unit.type, unit.loc, area)

    def _hostile_points_near(self, area: str) -> int:
        """Points of the units of powers that could attack ``area`` this turn (at war, or neutral and free to
        declare war and attack at once after the first turn); allies need two turns to turn on us."""
        total = 0
        for near in self.board.any_adjacent(area) | {area}:
            unit = self.view.units.get(near)
            if unit is None or unit.power == self.power:
                continue
            rel = self._rel(unit.power)
            if rel == WAR or (rel == NEUTRAL and not self.first_turn):
                if self.board.reaches_province(unit.type, unit.loc, area) or near == area:
                    total += points(unit.type)
        return total

    # --- the plan ----------------------------------------------------------------------------------------

    def plan(self) -> list[Order]:
        self._declarations()
        deficit = unit_points(self.mine.values(), self.power) - supply_points(self.board, self.view, self.power)
        if deficit > 0:
            self._cut_units(deficit)
        self._moves()
        if self.style.supports:
            self._supports()
        for area, unit in sorted(self.mine.items()):
            if area not in self.busy:
                self.orders[area] = Hold(unit)
                self.busy.add(area)
        if deficit < 0:
            self._adds(-deficit)
        if self.style.access:
            self._grants()
            self._calls_to_arms()
        self._spies()
        return list(self.orders.values())

    # --- relations -----------------------------------------------------------------------------------------

    def _contacts(self) -> dict[str, tuple[float, float, float]]:
        """Per other power seen beside us: (its points next to our areas and units, the points of ours next to
        its areas and units, the centre points of its areas our units reach)."""
        ours = set(self.mine) | {a for a, p in self.owner_of.items() if p == self.power}
        near_ours = set().union(*(self.board.any_adjacent(a) for a in ours)) if ours else set()
        theirs: dict[str, float] = {}
        prize: dict[str, float] = {}
        for area, unit in self.view.units.items():
            if unit.power != self.power and area in near_ours:
                theirs[unit.power] = theirs.get(unit.power, 0) + points(unit.type)
        reach: set[str] = set()
        for area, unit in self.mine.items():
            reach |= self._neighbours(unit.type, area)
        for area in reach:
            owner = self.owner_of.get(area)
            if owner is not None and owner != self.power:
                prize[owner] = prize.get(owner, 0) + 1 + 2 * centre_points(self.board, area)
        mine_near: dict[str, float] = {}
        for power in set(theirs) | set(prize):
            their_places = {a for a, p in self.owner_of.items() if p == power} | \
                {a for a, u in self.view.units.items() if u.power == power}
            around = set().union(*(self.board.any_adjacent(a) for a in their_places)) if their_places else set()
            mine_near[power] = float(sum(points(u.type) for a, u in self.mine.items() if a in around))
        return {p: (theirs.get(p, 0.0), mine_near.get(p, 0.0), prize.get(p, 0.0))
                for p in sorted(set(theirs) | set(prize)) if p in self.board.powers}

    def _declare(self, what: str, target: str) -> None:
        self.orders[f"REL {self.power} {target}"] = Declare(self.power, what, target)

    def _declarations(self) -> None:
        """Keep the most threatening neighbours as allies and fight one of the others: declare war (never on
        the first turn) on the neutral neighbour with most to take where we are strong enough; with nobody
        left to fight but allies, end the alliance with the weakest (war may follow after the neutral turn
        the rules ask for); offer peace in a war with no front or one we are losing."""
        contacts = self._contacts()
        fronts = [p for p in self.wars if contacts.get(p, (0.0, 0.0, 0.0))[2] > 0]
        # As the game grows old, friendships thin and wars widen, so that a game settles (no stalemate of
        # alliances); the years are read from the turn, the one thing every player knows.
        age = max(0, self.view.phase.year - Phase.parse(self.board.start_phase).year)
        max_wars = self.style.max_wars + age // 10
        max_allies = max(0, self.style.max_allies - age // 8)
        targets: list[tuple[float, str]] = []
        if not self.first_turn:
            for other, (their, ours, prize) in contacts.items():
                if self._rel(other) == NEUTRAL and prize > 0 and ours >= self.style.war_margin * their:
                    targets.append((self.jitter(prize * (ours + 1.0) / (their + 1.0)), other))
        targets.sort(key=lambda t: (-t[0], t[1]))
        for _score, other in targets[:max(0, max_wars - len(fronts))]:
            self._declare(DECLARE_WAR, other)
            self.wars.add(other)
            fronts.append(other)
        friends = sorted((p for p in contacts if p not in self.wars),
                         key=lambda p: (-self.jitter(contacts[p][0] + 0.1), p))[:max_allies]
        for other, (their, ours, prize) in contacts.items():
            rel = self._rel(other)
            if rel == WAR and prize <= 0 and (their <= 0 or ours < 0.5 * their):
                self._declare(DECLARE_NEUTRALITY, other)  # no front, or outmatched with nothing to win: peace
            elif rel == NEUTRAL and other in friends:
                self._declare(DECLARE_ALLIANCE, other)
        self._answer_calls()
        allies = [p for p in contacts if self._rel(p) == ALLY]
        if not fronts and not self.first_turn and allies:
            # Nothing left to take but allies' areas: turn away from the weakest ally we outnumber near it.
            weakest = min(allies, key=lambda p: (contacts[p][0] - contacts[p][1] - contacts[p][2], p))
            their, ours, prize = contacts[weakest]
            if prize > 0 and ours >= self.style.war_margin * their and weakest not in friends[:1]:
                self._declare(DECLARE_NEUTRALITY, weakest)
        for other in allies:
            if other not in friends and contacts[other][2] > 0 and len(fronts) < max_wars:
                self._declare(DECLARE_NEUTRALITY, other)  # more allies than we keep: the one with most to take

    def _answer_calls(self) -> None:
        """A call to arms from an ally is answered with war on the enemy it names where the rules allow it this
        turn (ignored, it breaks the alliance and costs victory points: RG-REL-9/10)."""
        for caller, called, enemy in self.view.extra.get("calls", []):
            if called == self.power and self._rel(enemy) == NEUTRAL and not self.first_turn:
                self._declare(DECLARE_WAR, enemy)
                self.wars.add(enemy)

    def _calls_to_arms(self) -> None:
        """Normal bots call an ally to arms against an enemy of ours whose units or areas the ally's units
        stand beside (a call that would not be answered in reach is not made)."""
        allies = self._staying_allies()
        for enemy in sorted(p for p in self.wars if self._rel(p) == WAR):
            places = {a for a, p in self.owner_of.items() if p == enemy} | \
                {a for a, u in self.view.units.items() if u.power == enemy}
            around = set().union(*(self.board.any_adjacent(a) for a in places)) if places else set()
            for ally in allies:
                if self._rel_between(ally, enemy) == NEUTRAL and any(
                        u.power == ally and a in around for a, u in self.view.units.items()):
                    self.orders[f"CA {self.power} {ally} {enemy}"] = CallToArms(self.power, ally, enemy)
                    break

    def _staying_allies(self) -> list[str]:
        """Our allies, less those we end the alliance with this turn (grants and calls need an alliance)."""
        leaving = {o.target for o in self.orders.values() if isinstance(o, Declare) and o.what == DECLARE_NEUTRALITY}
        return sorted(p for p in self.board.powers if p != self.power and self._rel(p) == ALLY and p not in leaving)

    def _rel_between(self, a: str, b: str) -> str:
        return relation(self.relations, a, b)

    def _grants(self) -> None:
        """Access for allies whose units stand beside our land areas that are not centres: they may pass
        through towards common enemies and retreat there; our centres stay ours to add units in."""
        for other in self._staying_allies():
            near: set[str] = set()
            for area, unit in self.view.units.items():
                if unit.power == other:
                    near |= self._neighbours(unit.type, area)
            areas = sorted((a for a in near if self.owner_of.get(a) == self.power
                            and a not in self.board.supply_centers and not self.board.provinces[a].is_sea),
                           key=self._number)
            if areas:
                self.orders[f"GA {self.power} {other}"] = GrantAccess(self.power, other, tuple(areas))

    def _number(self, area: str) -> tuple[int, str]:
        number = self.board.provinces[area].number
        return (number if number is not None else 10**6, area)

    # --- the values of places ----------------------------------------------------------------------------

    def _target_value(self, area: str) -> float:
        """What ending the turn in ``area`` is worth: areas to take (centres most), our empty centres under
        threat, and in Age of Discovery the edge of the charted world."""
        board = self.board
        prov = board.provinces[area]
        owner = self.owner_of.get(area)
        pts = centre_points(board, area)
        value = 0.0
        if prov.is_sea:
            value = 0.3  # a sea held is a victory point and a road for convoys
        elif owner is None:
            value = (2.0 + 2.0 * pts if pts else 1.0) * (1.0 if area in self.seen else _UNSEEN)
        elif owner in self.wars:
            value = 3.0 + 2.0 * pts if pts else 1.2
        elif owner == self.power and pts and area not in self.mine:
            value = min(self._hostile_points_near(area), 3) * (1.0 + pts)
        if self.charted is not None and area in self.charted:
            unknown = [a for a in board.any_adjacent(area) if a not in self.charted]
            value += 0.8 * len(unknown) / max(len(board.any_adjacent(area)), 1)
        return value

    def _field(self, kind: UnitType) -> dict[str, float]:
        """Each area's pull for units moving as ``kind``: its own value or a decayed share of a neighbour's."""
        board = self.board
        areas = [a for a in board.provinces if self._charted(a) and self._enterable(a)
                 and any(board.can_stand(kind, loc) for loc in self._locs(a))]
        base = {a: self._target_value(a) for a in areas}
        field = dict(base)
        for _ in range(_STEPS):
            changed = False
            for a in areas:
                best = max((field.get(n, 0.0) for n in self._neighbours(kind, a)), default=0.0) * _DECAY
                if best > field[a] + 1e-9:
                    field[a] = best
                    changed = True
            if not changed:
                break
        return field

    # --- units ---------------------------------------------------------------------------------------------

    def _stay_value(self, area: str, unit: Unit) -> float:
        """What keeping ``unit`` in ``area`` is worth: our centre held against the powers that could attack it
        (a moving unit leaves its area undefended, whether or not its move succeeds)."""
        pts = centre_points(self.board, area)
        threat = self._hostile_points_near(area)
        if not pts or not threat:
            return 0.2 if self.owner_of.get(area) == self.power else 0.0
        return (1.0 + 2.0 * pts) * min(1.0, threat / max(points(unit.type), 1))

    def _attack_odds(self, unit: Unit, dest: str) -> float:
        """How likely a move is to get in: an enemy unit standing there must be outnumbered in points; own or
        allied units are not attacked (ours never fight; allies only at sea)."""
        there = self.view.units.get(dest)
        if there is None:
            rivals = sum(points(u.type) for a, u in self.view.units.items() if u.power != self.power
                         and a in self.board.any_adjacent(dest) and self._rel(u.power) != ALLY
                         and self.board.reaches_province(u.type, u.loc, dest))
            return 1.0 if not rivals else 0.75
        if there.power == self.power or self._rel(there.power) == ALLY:
            return 0.0
        helpers = sum(points(u.type) for a, u in self.mine.items() if a != province_of(unit.loc)
                      and self._reaches(u, dest)) if self.style.supports else 0
        defence = points(there.type) + sum(points(u.type) for a, u in self.view.units.items()
                                           if u.power == there.power and a in self.board.any_adjacent(dest))
        attack = points(unit.type) + helpers
        if attack > defence:
            return 0.9
        return 0.4 if attack > points(there.type) else 0.1  # it wins only if the defender's helpers look away

    def _moves(self) -> None:
        fields = {kind: self._field(kind) for kind in (UnitType.ARMY, UnitType.FLEET)}
        candidates: list[tuple[float, str, Order]] = []
        for area, unit in self.mine.items():
            if area in self.busy:
                continue
            field = fields[UnitType.FLEET if moves_by_sea(unit.type) else UnitType.ARMY]
            stay = self._stay_value(area, unit)
            candidates.append((self.jitter(stay), area, Hold(unit)))
            for dest in sorted(self._neighbours(unit.type, area)):
                if dest not in field:
                    continue
                score = field[dest] * self._attack_odds(unit, dest) - stay
                candidates.append((self.jitter(score), area, Move(unit, dest)))
            if self.style.convoys and unit.type in (UnitType.ARMY, UnitType.CORPS):
                for route, score in self._convoy_routes(unit, fields[UnitType.ARMY]):
                    candidates.append((self.jitter(score - stay), area, route))
        candidates.sort(key=lambda c: (-c[0], self._number(c[1]), str(c[2])))
        claimed: set[str] = set()
        for score, area, order in candidates:
            if area in self.busy:
                continue
            if isinstance(order, Hold):
                self.orders[area] = order
                self.busy.add(area)
                claimed.add(area)
                continue
            dest = province_of(order.dest) if isinstance(order, (Move, ConvoyRoute)) else area
            if dest in claimed or score <= 0:
                continue
            if isinstance(order, ConvoyRoute):
                if any(s in self.busy for s in order.seas):
                    continue
                for sea in order.seas:
                    self.orders[sea] = Hold(self.mine[sea])  # the carriers do nothing else this turn
                    self.busy.add(sea)
                    claimed.add(sea)
            # Our unit standing there must leave, or the move fails (ours never fight): it is judged when
            # that unit's own order is chosen; a unit that stays claims its area.
            self.orders[area] = order
            self.busy.add(area)
            claimed.add(dest)
        self._drop_blocked_moves()

    def _drop_blocked_moves(self) -> None:
        """A move into an area our own unit keeps would fail (ours never fight): hold instead."""
        changed = True
        while changed:
            changed = False
            for area, order in list(self.orders.items()):
                if isinstance(order, Move):
                    dest = province_of(order.dest)
                    if dest in self.mine and not isinstance(self.orders.get(dest), (Move, ConvoyRoute)):
                        self.orders[area] = Hold(order.unit)
                        changed = True

    def _convoy_routes(self, unit: Unit, field: Mapping[str, float]) -> list[tuple[ConvoyRoute, float]]:
        """Routes over seas held by our naval units able to carry ``unit`` (fleets carry armies and corps,
        squadrons corps only), to coastal areas worth going to: breadth first, the shortest route to each."""
        board = self.board
        start = province_of(unit.loc)
        if not board.provinces[start].is_coastal:
            return []

        def carrier_at(sea: str) -> bool:
            c = self.mine.get(sea)
            return c is not None and sea not in self.busy and board.provinces[sea].is_sea and carries(c.type, unit.type)

        first = sorted((s for s in (province_of(x) for x in board.fleet_adjacent(start)) if carrier_at(s)),
                       key=self._number)
        paths: dict[str, tuple[str, ...]] = {s: (s,) for s in first}
        frontier = list(first)
        while frontier:
            nxt = []
            for sea in frontier:
                for n in sorted({province_of(x) for x in board.fleet_adjacent(sea)}, key=self._number):
                    if n not in paths and carrier_at(n) and len(paths[sea]) < 4:
                        paths[n] = paths[sea] + (n,)
                        nxt.append(n)
            frontier = nxt
        out: dict[str, tuple[ConvoyRoute, float]] = {}
        land_reach = self._neighbours(unit.type, start)
        for sea, path in paths.items():
            for landing in {province_of(x) for x in board.fleet_adjacent(sea)}:
                if landing == start or landing in land_reach or not board.provinces[landing].is_coastal \
                        or landing not in field or landing in self.view.units:
                    continue
                # Two units go forward: the land unit lands, and its carriers keep their seas.
                score = field[landing] + 1.0
                if landing not in out or len(path) < len(out[landing][0].seas):
                    out[landing] = (ConvoyRoute(unit, path, landing), score)
        return [out[k] for k in sorted(out, key=self._number)]

    def _supports(self) -> None:
        """Units left holding back our attacks (``SA``) where the attack needs more points, then the defence
        of our threatened units (``SD``)."""
        ours = sorted((a for a in self.orders if a in self.mine), key=self._number)
        attacks = [(a, o) for a in ours if isinstance(o := self.orders[a], Move)]
        attacks.sort(key=lambda item: (-self._target_value(province_of(item[1].dest)), self._number(item[0])))
        free = [a for a in ours if isinstance(self.orders[a], Hold) and not self._carrying(a)]
        supporting: set[str] = set()
        for area, move in attacks:
            if not isinstance(self.orders.get(area), Move) or area in supporting:
                continue  # turned into a support of a better attack
            dest = province_of(move.dest)
            worth = self._target_value(dest)
            there = self.view.units.get(dest)
            need = 0
            if there is not None and there.power != self.power:
                # The defender's points and those of its power's units beside it, which may defend it.
                backing = sum(points(u.type) for a, u in self.view.units.items() if u.power == there.power
                              and a != dest and a in self.board.any_adjacent(dest))
                need = points(there.type) + backing + 1 - points(move.unit.type)
            elif self._hostile_points_near(dest):
                need = 1
            if need <= 0:
                continue
            # Holding units first; then units on errands worth less than this attack (those give theirs up),
            # but only when together they bring the points the attack needs.
            able = [h for h in free if self._reaches(self.mine[h], dest)]
            lesser = [h for h, o in attacks if h != area and h not in supporting and self.orders[h] is o
                      and self._target_value(province_of(o.dest)) < worth and self._reaches(self.mine[h], dest)]
            helpers: list[str] = []
            for helper in able + lesser:
                if sum(points(self.mine[h].type) for h in helpers) >= need:
                    break
                helpers.append(helper)
            if sum(points(self.mine[h].type) for h in helpers) < need:
                helpers = [h for h in helpers if h in free]  # short anyway: only units with nothing better
            for helper in helpers:
                self.orders[helper] = SupportAttack(self.mine[helper], dest)
                supporting.add(helper)
                if helper in free:
                    free.remove(helper)
        self._drop_blocked_moves()
        for helper in list(free):
            unit = self.mine[helper]
            best: tuple[int, str] | None = None
            for area, other in self.mine.items():
                if area == helper or isinstance(self.orders.get(area), (Move, ConvoyRoute)):
                    continue
                threat = self._hostile_points_near(area)
                if threat and self._reaches(unit, area) and (best is None or threat > best[0]):
                    best = (threat, area)
            if best is not None:
                self.orders[helper] = SupportDefence(unit, best[1])

    def _carrying(self, sea: str) -> bool:
        return any(isinstance(o, ConvoyRoute) and sea in o.seas for o in self.orders.values())

    # --- supply: adds, upgrades, cuts ----------------------------------------------------------------------

    def _naval_share(self) -> float:
        """The share of seas among the neighbours of our areas: how much of a new unit's value is at sea."""
        ours = [a for a, p in self.owner_of.items() if p == self.power]
        around = set().union(*(self.board.any_adjacent(a) for a in ours)) if ours else set()
        return sum(1 for a in around if self.board.provinces[a].is_sea) / max(len(around), 1)

    def _adds(self, spare: int) -> None:
        """New units at our empty centres while supply lasts (two points where the centre and supply allow);
        then upgrades of our one-point units that stay on our centres anyway (an upgraded unit holds)."""
        board = self.board
        share = self._naval_share()
        naval = sum(points(u.type) for u in self.mine.values() if moves_by_sea(u.type))
        total = max(sum(points(u.type) for u in self.mine.values()), 1)
        # Adds come before moves: a centre one of our units moves into this turn is left empty for it.
        arriving = {province_of(o.dest) for o in self.orders.values() if isinstance(o, (Move, ConvoyRoute))}
        empty = [c for c, p in self.view.centers.items() if p == self.power and c not in self.view.units
                 and c not in arriving]
        empty.sort(key=lambda c: (-self._hostile_points_near(c), self._number(c)))
        for centre in empty:
            if spare <= 0:
                break
            two = spare >= 2 and centre_points(board, centre) == 2
            at_sea = board.provinces[centre].is_coastal and naval / total < share
            kinds = [UnitType.FLEET, UnitType.ARMY] if at_sea else [UnitType.ARMY, UnitType.FLEET]
            if not two:
                kinds = [UnitType.SQUADRON, UnitType.CORPS] if at_sea else [UnitType.CORPS, UnitType.SQUADRON]
            kind = next((k for k in kinds if board.can_stand(k, centre)), None)
            if kind is None:
                continue
            loc = centre
            if board.provinces[centre].coasts and moves_by_sea(kind):
                loc = board.coast_locations(centre)[0]
            self.orders[centre] = Add(Unit(self.power, kind, loc))
            spare -= points(kind)
            total += points(kind)
            naval += points(kind) if moves_by_sea(kind) else 0
        for area, unit in sorted(self.mine.items(), key=lambda item: self._number(item[0])):
            if spare <= 0:
                break
            if unit.type in UPGRADE and self.view.centers.get(area) == self.power \
                    and isinstance(self.orders.get(area), Hold):
                self.orders[area] = Upgrade(unit)
                spare -= 1

    def _cut_units(self, deficit: int) -> None:
        """Over supply: downgrade (a point each) or remove the units that matter least where they stand, so
        that the rules' forced cuts, drawn at random, don't fall on a unit we need."""
        ranked = sorted(self.mine.items(), key=lambda item: (self._stay_value(item[0], item[1])
                                                             + (0.5 if item[1].type in DOWNGRADE else 0.0),
                                                             self._number(item[0])))
        for area, unit in ranked:
            if deficit <= 0:
                break
            if unit.type in DOWNGRADE:
                self.orders[area] = Downgrade(unit)
                deficit -= 1
            else:
                self.orders[area] = Remove(unit)
                deficit -= points(unit.type)
            self.busy.add(area)

    # --- spies -----------------------------------------------------------------------------------------------

    def _spies(self) -> None:
        """Spies to the nearest areas we can't see: in Age of Discovery the uncharted areas the rules let
        them reach (two beyond what we know), elsewhere the areas just beyond sight, centres first."""
        limit = min(self.variant.spies_per_turn, self.style.spies)
        if limit <= 0 or not self.mine:
            return
        board = self.board
        if self.variant.spy_range is not None and self.charted is not None:
            reach = board.distances_from(sorted(self.charted))
            pool = [a for a, d in reach.items() if 0 < d <= self.variant.spy_range]
        else:
            reach = board.distances_from(sorted(self.seen))
            pool = [a for a, d in reach.items() if 0 < d <= 2]
        pool.sort(key=self._number)  # the random tie-breaks drawn in a fixed order, so a seed replays a game
        ranked = sorted(pool, key=lambda a: (reach[a], -centre_points(board, a), self.rng.random()))
        chosen = tuple(sorted(ranked[:limit], key=self._number))
        if chosen:
            self.orders[f"SP {self.power}"] = Spy(self.power, chosen)


__all__ = ["EASY", "NORMAL", "STYLES", "EmgStyle", "emg_orders"]
