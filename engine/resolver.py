"""Movement adjudication: the guess-and-check resolver of Kruijswijk's "Math of Adjudication".

Every order is a decision that depends on others. ``resolve`` guesses when it meets a cycle, tries both
guesses, and when the cycle has no single consistent answer applies the backup rule: a convoy paradox is
broken by the rulebook's paradox rule (DATC 4.A.2: Szykman, the paradox's convoys fail, by default; or All
Hold, every unit in it holds); otherwise it is circular movement and every move in it succeeds. Strength and cut rules are methods, so a variant changes one rule by overriding one method.

Input orders are already validated (see :mod:`engine.validate`): one legal order per unit, holds filled in.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Mapping, NamedTuple

from .convoy_routes import convoy_route_exists
from .mapdata import MapData
from .orders import Convoy, Hold, Move, Order, SupportHold, SupportMove
from . import outcomes as oc
from .outcomes import Reason, word
from .rules import DEFAULT_RULEBOOK, ConvoyParadox, Rulebook
from .types import Unit, UnitType, province_of

_UNRESOLVED, _GUESSING, _RESOLVED = 0, 1, 2


class Outcome(NamedTuple):
    """How one order ended: ``succeeded``, a reason people can read, and the typed reason it words
    (``detail``; ``None`` when a variant gave words only)."""

    succeeded: bool
    reason: str = ""
    detail: Reason | None = None


def outcome(succeeded: bool, code: str, **data: object) -> Outcome:
    """An outcome with a typed reason, worded for everyone."""
    # "moves" to a place, "dislodged by" a unit, "given", a bounce of two units at given strengths: outcomes
    # recur from phase to phase on a map, so each is made and worded once and shared (outcomes and reasons
    # are immutable). The key holds each datum's type too: 1 and 1.0 are equal but worded differently.
    key: tuple[object, ...] = (succeeded, code)
    if not data or (len(data) == 1 and type(data.get("dest")) is str):  # a code alone, or a move's place
        key += tuple(data.items())
        known = _PLACE_OUTCOMES.get(key)
        if known is None:
            why = Reason(code, data)
            known = _new_tuple(Outcome, (succeeded, word(why), why))
            if why._words is not None and len(_PLACE_OUTCOMES) < _SMALL_OUTCOMES_KEPT:
                _PLACE_OUTCOMES[key] = known
        return known
    key += (*data.items(), *map(type, data.values()))
    try:
        known = _SMALL_OUTCOMES.get(key)
    except TypeError:  # an unhashable datum
        why = Reason(code, data)
        return _new_tuple(Outcome, (succeeded, word(why), why))
    if known is None:
        why = Reason(code, data)
        known = _new_tuple(Outcome, (succeeded, word(why), why))
        if why._words is not None:  # a registered wording: it stays the same
            if len(_SMALL_OUTCOMES) >= _SMALL_OUTCOMES_KEPT:
                _SMALL_OUTCOMES.clear()
            _SMALL_OUTCOMES[key] = known
    return known


_new_tuple = tuple.__new__
_SMALL_OUTCOMES: dict[tuple[object, ...], Outcome] = {}
# The outcomes that name no unit (a code alone, "moves" to a place): a table of the codes and the maps'
# places, kept by forget_outcomes like the maps' other tables.
_PLACE_OUTCOMES: dict[tuple[object, ...], Outcome] = {}
_SMALL_OUTCOMES_KEPT = 50_000  # bounded by the maps' units and places in practice; a cap all the same


def forget_outcomes() -> None:
    """Empty the outcomes made before (for benchmarks that time calls from cold)."""
    _SMALL_OUTCOMES.clear()


@dataclass(slots=True)
class MovementResult:
    outcomes: dict[str, Outcome]  # province of the ordered unit -> outcome of its order
    moved: dict[str, str]  # origin province -> destination location, for successful moves
    dislodged: dict[str, tuple[str, bool]]  # province -> (attacker origin, attacker came by convoy)
    contested: set[str]  # provinces left empty by a standoff
    convoyed: set[str] = field(default_factory=set)  # origins of moves that travel by convoy
    # Orders the variant gave units whose power gave them none (1815's minor units, by Diplomacy Points), by
    # province: the results list these in place of the default hold.
    given: dict[str, Order] = field(default_factory=dict, kw_only=True)


Tracer = Callable[[str], None]


class MovementResolver:
    """Adjudicates one movement phase. Construct, then call :meth:`run`."""

    # The edition options; a variant sets its own on the instance before :meth:`run`.
    rulebook: Rulebook = DEFAULT_RULEBOOK

    def __init__(
        self,
        board: MapData,
        units: Mapping[str, Unit],
        orders: Mapping[str, Order],
        tracer: Tracer | None = None,
    ) -> None:
        self.board = board
        self.units = units
        self.orders = orders
        self.tracer = tracer
        self.depth = 0
        # Index the orders once: who moves where, who supports and convoys what.
        self.moves_into: dict[str, list[str]] = {}
        self.move_dest: dict[str, str] = {}  # origin -> destination province
        self.hold_supporters: dict[str, list[str]] = {}
        self.move_supporters: dict[str, list[str]] = {}  # origin of the supported move -> supporters
        self.convoyers: dict[str, list[str]] = {}  # origin of the convoyed army -> convoying fleets
        # (Provinces are cut from locations inline, ``loc.partition("/")[0]``: this runs for every order.)
        move_dest, moves_into = self.move_dest, self.moves_into
        for prov, order in orders.items():
            if type(order) is Move:
                dest = order.dest.partition("/")[0]
                move_dest[prov] = dest
                if dest in moves_into:
                    moves_into[dest].append(prov)
                else:
                    moves_into[dest] = [prov]
        for prov, order in orders.items():
            kind = type(order)
            if kind is Move or kind is Hold:
                continue
            if kind is SupportHold:
                target = order.target.loc.partition("/")[0]  # type: ignore[attr-defined]
                if target not in move_dest and target in units:
                    self.hold_supporters.setdefault(target, []).append(prov)
            elif kind is SupportMove:
                if self._support_matches(order):  # type: ignore[arg-type]
                    self.move_supporters.setdefault(order.target.loc.partition("/")[0], []).append(prov)  # type: ignore[attr-defined]
            elif kind is Convoy:
                origin = order.target.loc.partition("/")[0]  # type: ignore[attr-defined]
                mv = orders.get(origin)
                if type(mv) is Move and mv.dest.partition("/")[0] == order.dest:  # type: ignore[attr-defined]
                    self.convoyers.setdefault(origin, []).append(prov)
        if type(self).uses_convoy is MovementResolver.uses_convoy:  # the standard rule, read inline (every move)
            self.convoyed = self._standard_convoyed()
        else:
            self.convoyed = {p for p in self.move_dest if self.uses_convoy(p)}
        self.state: dict[str, int] = {}
        self.result: dict[str, bool] = {}
        self.deps: list[str] = []
        self.paradox: set[str] = set()  # convoys failed by the paradox rule
        self.held: set[str] = set()  # units the All Hold rule held

    # --- order matching and convoy intent ----------------------------------------------------------

    def _support_matches(self, order: SupportMove) -> bool:
        mv = self.orders.get(order.target.loc.partition("/")[0])
        if type(mv) is not Move:
            return False
        if mv.dest.partition("/")[0] != order.dest.partition("/")[0]:
            return False
        # DATC 4.B.4: a coast in a support order need not be given, but if given it must match.
        return "/" not in order.dest or order.dest == mv.dest

    def uses_convoy(self, origin: str) -> bool:
        """DATC 4.A.3 (2000/2023 rules, v3.0 preference): the convoy route is used if the army can't walk,
        if the order says "via convoy", or if a fleet of the army's own power is ordered to convoy it."""
        order = self.orders[origin]
        unit = self.units[origin]
        if unit.type is not UnitType.ARMY:
            return False
        if order.via_convoy:  # type: ignore[attr-defined]
            return True
        if not self.board.reaches_province(UnitType.ARMY, unit.loc, self.move_dest[origin]):
            return True
        return any(self.units[f].power == unit.power for f in self.convoyers.get(origin, ()))

    def _standard_convoyed(self) -> set[str]:
        """``{p for p in self.move_dest if self.uses_convoy(p)}`` under the standard :meth:`uses_convoy`."""
        convoyed: set[str] = set()
        units, orders, convoyers, army_adjacent = self.units, self.orders, self.convoyers, self.board.army_adjacent
        for origin, dest in self.move_dest.items():
            unit = units[origin]
            if unit.type is not UnitType.ARMY:
                continue
            via: bool = orders[origin].via_convoy  # type: ignore[attr-defined]
            if via or dest not in army_adjacent(unit.loc) or any(units[f].power == unit.power for f in convoyers.get(origin, ())):
                convoyed.add(origin)
        return convoyed

    def is_head_to_head(self, origin: str) -> str | None:
        """The origin of the move coming the other way, if this move is a head-to-head battle."""
        dest = self.move_dest.get(origin)
        if dest is None or self.move_dest.get(dest) != origin:
            return None
        if origin in self.convoyed or dest in self.convoyed:
            return None
        return dest

    # --- the resolver ------------------------------------------------------------------------------

    def resolve(self, prov: str) -> bool:
        st = self.state.get(prov, _UNRESOLVED)
        if st == _RESOLVED:
            return self.result[prov]
        if st == _GUESSING:
            # Always record the dependency (even if listed already): whoever asked depends on a guess.
            self.deps.append(prov)
            return self.result[prov]
        mark = len(self.deps)
        self.result[prov] = False
        self.state[prov] = _GUESSING
        first = self.adjudicate(prov)
        if len(self.deps) == mark:
            # Didn't depend on any guess: final.
            if self.state[prov] != _RESOLVED:
                self.result[prov] = first
                self.state[prov] = _RESOLVED
            return first
        if self.deps[mark] != prov:
            # Depends on a guess made further up: report our guess-based value, stay in the cycle.
            self.deps.append(prov)
            self.result[prov] = first
            return first
        # We are the head of a cycle: try the other guess.
        for p in self.deps[mark:]:
            self.state[p] = _UNRESOLVED
        del self.deps[mark:]
        self.result[prov] = True
        self.state[prov] = _GUESSING
        second = self.adjudicate(prov)
        if first == second:
            for p in self.deps[mark:]:
                self.state[p] = _UNRESOLVED
            del self.deps[mark:]
            self.result[prov] = first
            self.state[prov] = _RESOLVED
            return first
        # Zero or two consistent resolutions: the backup rule decides, then resolve again.
        cycle = self.deps[mark:]
        del self.deps[mark:]
        self.backup_rule(cycle)
        return self.resolve(prov)

    def backup_rule(self, cycle: list[str]) -> None:
        convoys = [p for p in cycle if type(self.orders[p]) is Convoy]
        if convoys and self.rulebook.convoy_paradox is ConvoyParadox.ALL_HOLD:
            if self.tracer:
                self.tracer(f"convoy paradox among {sorted(cycle)}: every unit in it holds")
            for p in cycle:
                if type(self.orders[p]) in (Move, SupportHold, SupportMove, Convoy):
                    self.result[p] = False
                    self.state[p] = _RESOLVED
                    self.held.add(p)
                else:
                    self.state[p] = _UNRESOLVED
            self.paradox.update(convoys)
        elif convoys:
            # Szykman: the convoying fleets in the paradox hold; their convoys fail.
            if self.tracer:
                self.tracer(f"convoy paradox among {sorted(cycle)}: convoys of {sorted(convoys)} fail")
            for p in cycle:
                self.state[p] = _UNRESOLVED
            for p in convoys:
                self.result[p] = False
                self.state[p] = _RESOLVED
                self.paradox.add(p)
        else:
            if self.tracer:
                self.tracer(f"circular movement {sorted(cycle)}: every move succeeds")
            for p in cycle:
                if type(self.orders[p]) is Move:
                    self.result[p] = True
                    self.state[p] = _RESOLVED
                else:
                    self.state[p] = _UNRESOLVED

    def adjudicate(self, prov: str) -> bool:
        order = self.orders[prov]
        kind = type(order)
        if kind is Move:
            return self.move_succeeds(prov)
        if kind is SupportHold or kind is SupportMove:
            return not self.support_is_cut(prov) and not self.is_dislodged(prov)
        # Hold and Convoy "succeed" when the unit isn't dislodged.
        return not self.is_dislodged(prov)

    # --- the rules (override in variants) ------------------------------------------------------------

    def move_succeeds(self, prov: str) -> bool:
        if not self.has_path(prov):
            return False
        attack = self.attack_strength(prov)
        dest = self.move_dest[prov]
        opponent = self.is_head_to_head(prov)
        if opponent is not None:
            if attack <= self.defend_strength(opponent):
                return False
        elif attack <= self.resistance(dest, prov):
            return False
        for other in self.moves_into[dest]:
            if other != prov and attack <= self.prevent_strength(other):
                return False
        return True

    def resistance(self, dest: str, origin: str) -> float:
        """What the move from ``origin`` must beat to enter ``dest`` when no head-to-head battle decides it:
        the province's hold strength (World Diplomacy's militia stand against other countries only)."""
        return self.hold_strength(dest)

    def has_path(self, origin: str) -> bool:
        if origin not in self.convoyed:
            return True
        fleets = [f for f in self.convoyers.get(origin, ()) if self.resolve(f)]
        if not fleets:
            return False
        return convoy_route_exists(self.board, self.units[origin].loc, self.move_dest[origin], set(fleets))

    def is_dislodged(self, prov: str) -> bool:
        if prov in self.move_dest and self.resolve(prov):
            return False
        return any(self.resolve(r) for r in self.moves_into.get(prov, ()))

    def support_is_cut(self, prov: str) -> bool:
        order = self.orders[prov]
        power = self.units[prov].power
        into = province_of(order.dest) if type(order) is SupportMove else None
        for attacker in self.moves_into.get(prov, ()):
            if self.units[attacker].power == power:
                continue
            if attacker == into:
                continue  # not cut by the unit it supports an attack against (from its origin, DATC 4.A.4)
            if self.has_path(attacker):
                return True
        return False

    # Strengths are numbers: 1 per unit and per support in the standard game. Variants change the
    # per-unit values (1815's half-strength sea move, EMG's two- and one-point units, zero-power decoys).

    def unit_strength(self, prov: str) -> float:
        """What the unit in ``prov`` adds to its own move or hold."""
        return 1

    def support_value(self, supporter: str) -> float:
        """What a successful support from ``supporter`` adds."""
        return 1

    def supports(self, origin: str, exclude_power: str | None = None) -> float:
        n: float = 0
        for s in self.move_supporters.get(origin, ()):
            if exclude_power is not None and self.units[s].power == exclude_power:
                continue
            if self.resolve(s):
                n += self.support_value(s)
        return n

    def hold_strength(self, prov: str) -> float:
        if prov not in self.units:
            return 0
        if prov in self.move_dest:
            return 0 if self.resolve(prov) else self.unit_strength(prov)
        return self.unit_strength(prov) + sum(
            self.support_value(s) for s in self.hold_supporters.get(prov, ()) if self.resolve(s))

    def attack_strength(self, origin: str) -> float:
        if not self.has_path(origin):
            return 0
        dest = self.move_dest[origin]
        defender = self.units.get(dest)
        if defender is None:
            return self.unit_strength(origin) + self.supports(origin)
        if dest in self.move_dest and self.is_head_to_head(origin) is None and self.resolve(dest):
            return self.unit_strength(origin) + self.supports(origin)
        if defender.power == self.units[origin].power:
            return 0  # no self-dislodgement
        return self.unit_strength(origin) + self.supports(origin, exclude_power=defender.power)

    def defend_strength(self, origin: str) -> float:
        return self.unit_strength(origin) + self.supports(origin)

    def prevent_strength(self, origin: str) -> float:
        if not self.has_path(origin):
            return 0
        opponent = self.is_head_to_head(origin)
        if opponent is not None and self.resolve(opponent):
            return 0  # a unit that lost its head-to-head battle can't bounce others (DATC 4.A.7)
        return self.unit_strength(origin) + self.supports(origin)

    # --- results ------------------------------------------------------------------------------------------

    def arrival(self, origin: str) -> str:
        """Where the unit from ``origin`` ends up when its move succeeds: the ordered destination.

        A variant whose moves may end short of the destination (Colonial's railway) overrides this.
        """
        dest: str = self.orders[origin].dest  # type: ignore[attr-defined]
        return dest

    def run(self) -> MovementResult:
        if _settles_unattacked(type(self)):
            # A unit that doesn't move and that nobody moves against holds, supports or convoys: its order
            # succeeds, depending on no other decision (what ``adjudicate`` would find, without the calls).
            moves_into, state, result = self.moves_into, self.state, self.result
            for prov, order in self.orders.items():
                if type(order) is not Move and prov not in moves_into and prov not in state:
                    result[prov] = True
                    state[prov] = _RESOLVED
        resolve, result = self.resolve, self.result
        for prov in self.orders:
            resolve(prov)
        moved: dict[str, str] = {}
        dislodged: dict[str, tuple[str, bool]] = {}
        arrival = self.arrival
        for prov in self.move_dest:
            if result[prov]:
                moved[prov] = arrival(prov)
        if moved:  # (locations are cut to provinces inline: this runs for every unit)
            moves_into, convoyed = self.moves_into, self.convoyed
            for prov in self.units:
                if prov in moved or prov not in moves_into:
                    continue
                for attacker in moves_into[prov]:
                    if attacker in moved and moved[attacker].partition("/")[0] == prov:
                        dislodged[prov] = (attacker, attacker in convoyed)
                        break
        occupied = {d.partition("/")[0] for d in moved.values()}
        occupied.update(p for p in self.units if p not in moved and p not in dislodged)
        contested: set[str] = set()
        for prov, dest in self.move_dest.items():
            if not result[prov] and dest not in occupied and self.prevent_strength(prov) > 0:
                contested.add(dest)
        outcomes = _Outcomes(self, dislodged)
        return MovementResult(outcomes, moved, dislodged, contested, set(self.convoyed))

    def explain(self, prov: str, dislodged: Mapping[str, tuple[str, bool]]) -> Outcome:
        """A typed reason for each order's result, worded for players."""
        order = self.orders[prov]
        ok = self.result[prov]
        kind = type(order)
        if prov in self.held and not (kind is not Move and prov in dislodged):
            return outcome(False, oc.ALL_HOLD_PARADOX)
        if kind is Move:
            if ok:
                return outcome(True, oc.MOVES_BY_CONVOY if prov in self.convoyed else oc.MOVES,
                               dest=self.arrival(prov))
            if not self.has_path(prov):
                if any(c in self.paradox for c in self.convoyers.get(prov, ())):
                    return outcome(False, oc.PARADOX_CONVOY_FAILS)
                return outcome(False, oc.NO_CONVOY_ROUTE if self.convoyers.get(prov) else oc.NO_CONVOY_ORDERED)
            return self.explain_failed_move(prov, self.attack_strength(prov))
        if prov in dislodged:
            return outcome(False, oc.DISLODGED_BY, by=self.units[dislodged[prov][0]])
        if kind is SupportHold or kind is SupportMove:
            if kind is SupportHold and prov not in self.hold_supporters.get(province_of(order.target.loc), ()):  # type: ignore[attr-defined]
                return outcome(False, oc.VOID_DID_NOT_HOLD, target=order.target)  # type: ignore[attr-defined]
            if kind is SupportMove and prov not in self.move_supporters.get(province_of(order.target.loc), ()):  # type: ignore[attr-defined]
                return outcome(False, oc.VOID_NOT_ORDERED, target=order.target, dest=order.dest)  # type: ignore[attr-defined]
            if not ok:
                into = province_of(order.dest) if kind is SupportMove else None  # type: ignore[attr-defined]
                cutters = [a for a in self.moves_into.get(prov, ())
                           if self.units[a].power != self.units[prov].power and a != into and self.has_path(a)]
                return outcome(False, oc.SUPPORT_CUT, by=tuple(self.units[c] for c in cutters))
            return outcome(True, oc.SUPPORT_GIVEN)
        if kind is Convoy:
            origin = province_of(order.target.loc)  # type: ignore[attr-defined]
            if prov in self.paradox:
                return outcome(False, oc.PARADOX_FLEET_HOLDS)
            if prov not in self.convoyers.get(origin, ()):
                return outcome(False, oc.VOID_NOT_ORDERED, target=order.target, dest=order.dest)  # type: ignore[attr-defined]
            if origin not in self.convoyed:
                return outcome(False, oc.VOID_OVER_LAND, target=order.target)  # type: ignore[attr-defined]
            return outcome(ok, oc.CONVOYS if ok else oc.CONVOY_FAILS)
        return outcome(True, oc.HOLDS)

    def blames_own_unit(self, prov: str) -> bool:
        """Whether a failed move of no strength against a unit of its own power is put down to that unit."""
        return True

    def explain_failed_move(self, prov: str, attack: float, opposes: Callable[[str], bool] | None = None,
                            number: Callable[[float], float] = lambda x: x, tell_beaten: bool = True) -> Outcome:
        """Why a move with a path failed: who stood against it and at what strengths. The units whose
        supports made the strengths are recorded (``backing``), so a viewer who can't see them isn't
        shown the numbers. ``opposes`` filters the rival moves that count; ``number`` shapes strengths;
        without ``tell_beaten`` a rival that got in is reported as a bounce too."""
        dest = self.move_dest[prov]
        own = tuple(self.units[s] for s in self.move_supporters.get(prov, ()))
        opponent = self.is_head_to_head(prov)
        defend = self.defend_strength(opponent) if opponent is not None else 0
        if opponent is not None and attack <= defend:
            return outcome(False, oc.LOST_HEAD_TO_HEAD, opponent=self.units[opponent], attack=number(attack),
                           resist=number(defend),
                           backing=own + tuple(self.units[s] for s in self.move_supporters.get(opponent, ())))
        for other in self.moves_into[dest]:
            if other == prov or (opposes is not None and not opposes(other)):
                continue
            prevent = self.prevent_strength(other)
            if attack <= prevent:
                backing = own + tuple(self.units[s] for s in self.move_supporters.get(other, ()))
                if tell_beaten and self.result.get(other):
                    return outcome(False, oc.BEATEN_TO, dest=dest, by=self.units[other], attack=number(attack),
                                   resist=number(prevent), backing=backing)
                return outcome(False, oc.BOUNCED_WITH, dest=dest, other=self.units[other], attack=number(attack),
                               resist=number(prevent), backing=backing)
        defender = self.units.get(dest)
        if defender is not None and defender.power == self.units[prov].power and attack == 0 \
                and self.blames_own_unit(prov):
            return outcome(False, oc.CANT_DISLODGE_OWN, dest=dest)
        return outcome(False, oc.BOUNCED_OFF, dest=dest, attack=number(attack), resist=number(self.hold_strength(dest)),
                       defender=defender, backing=own + tuple(self.units[s] for s in self.hold_supporters.get(dest, ())))


_UNATTACKED_RULES = ("resolve", "adjudicate", "is_dislodged", "support_is_cut")
_SETTLES_UNATTACKED: dict[type, bool] = {}


def _settles_unattacked(cls: type[MovementResolver]) -> bool:
    """Whether ``cls`` decides an unattacked, unmoving unit's order as the standard rules do (a variant that
    overrides one of those rules may not)."""
    known = _SETTLES_UNATTACKED.get(cls)
    if known is None:
        known = _SETTLES_UNATTACKED[cls] = all(
            getattr(cls, name) is getattr(MovementResolver, name) for name in _UNATTACKED_RULES)
    return known


class _Outcomes(dict[str, Outcome]):
    """Outcomes keyed by province, each explained only when first asked for.

    Wording a reason re-derives strengths, which costs as much as adjudicating; callers that only need
    who moved (bots, benchmarks, previews) shouldn't pay for it.
    """

    def __init__(self, resolver: MovementResolver, dislodged: Mapping[str, tuple[str, bool]]) -> None:
        super().__init__()
        self._resolver = resolver
        self._dislodged = dislodged

    def __missing__(self, prov: str) -> Outcome:
        if prov not in self._resolver.orders:
            raise KeyError(prov)
        outcome = self._resolver.explain(prov, self._dislodged)
        self[prov] = outcome
        return outcome

    def _fill(self) -> None:
        for prov in self._resolver.orders:
            if not dict.__contains__(self, prov):
                self[prov]  # noqa: B018 - computes and stores

    def __contains__(self, prov: object) -> bool:
        return prov in self._resolver.orders or dict.__contains__(self, prov)

    def __iter__(self):  # type: ignore[no-untyped-def]
        self._fill()
        return dict.__iter__(self)

    def __len__(self) -> int:
        self._fill()
        return dict.__len__(self)

    def items(self):  # type: ignore[no-untyped-def]
        self._fill()
        return dict.items(self)

    def values(self):  # type: ignore[no-untyped-def]
        self._fill()
        return dict.values(self)

    def keys(self):  # type: ignore[no-untyped-def]
        self._fill()
        return dict.keys(self)

    def get(self, prov: str, default: Outcome | None = None) -> Outcome | None:  # type: ignore[override]
        return self[prov] if prov in self else default
