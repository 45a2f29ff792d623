"""Movement adjudication: the guess-and-check resolver of Kruijswijk's "Math of Adjudication".

Every order is a decision that depends on others. ``resolve`` guesses when it meets a cycle, tries both
guesses, and when the cycle has no single consistent answer applies the backup rule: a convoy paradox makes
the paradox's convoys fail (the Szykman rule, DATC 4.A.2); otherwise it is circular movement and every move
in it succeeds. Strength and cut rules are methods, so a variant changes one rule by overriding one method.

Input orders are already validated (see :mod:`engine.validate`): one legal order per unit, holds filled in.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Mapping, NamedTuple

from .mapdata import MapData
from .orders import Convoy, Move, Order, SupportHold, SupportMove
from .types import Unit, UnitType, province_of

_UNRESOLVED, _GUESSING, _RESOLVED = 0, 1, 2


class Outcome(NamedTuple):
    """How one order ended: ``succeeded`` plus a reason people can read."""

    succeeded: bool
    reason: str = ""


@dataclass(slots=True)
class MovementResult:
    outcomes: dict[str, Outcome]  # province of the ordered unit -> outcome of its order
    moved: dict[str, str]  # origin province -> destination location, for successful moves
    dislodged: dict[str, tuple[str, bool]]  # province -> (attacker origin, attacker came by convoy)
    contested: set[str]  # provinces left empty by a standoff
    convoyed: set[str] = field(default_factory=set)  # origins of moves that travel by convoy


Tracer = Callable[[str], None]


class MovementResolver:
    """Adjudicates one movement phase. Construct, then call :meth:`run`."""

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
        for prov, order in orders.items():
            if type(order) is Move:
                dest = province_of(order.dest)
                self.move_dest[prov] = dest
                self.moves_into.setdefault(dest, []).append(prov)
        for prov, order in orders.items():
            kind = type(order)
            if kind is SupportHold:
                target = province_of(order.target.loc)  # type: ignore[attr-defined]
                if target not in self.move_dest and target in units:
                    self.hold_supporters.setdefault(target, []).append(prov)
            elif kind is SupportMove:
                if self._support_matches(order):  # type: ignore[arg-type]
                    self.move_supporters.setdefault(province_of(order.target.loc), []).append(prov)  # type: ignore[attr-defined]
            elif kind is Convoy:
                origin = province_of(order.target.loc)  # type: ignore[attr-defined]
                mv = orders.get(origin)
                if type(mv) is Move and province_of(mv.dest) == order.dest:  # type: ignore[attr-defined]
                    self.convoyers.setdefault(origin, []).append(prov)
        self.convoyed = {p for p in self.move_dest if self.uses_convoy(p)}
        self.state: dict[str, int] = {}
        self.result: dict[str, bool] = {}
        self.deps: list[str] = []
        self.paradox: set[str] = set()

    # --- order matching and convoy intent ----------------------------------------------------------

    def _support_matches(self, order: SupportMove) -> bool:
        origin = province_of(order.target.loc)
        mv = self.orders.get(origin)
        if type(mv) is not Move:
            return False
        if province_of(mv.dest) != province_of(order.dest):  # type: ignore[union-attr]
            return False
        # DATC 4.B.4: a coast in a support order need not be given, but if given it must match.
        return "/" not in order.dest or order.dest == mv.dest  # type: ignore[union-attr]

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
        if convoys:
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
        elif attack <= self.hold_strength(dest):
            return False
        for other in self.moves_into[dest]:
            if other != prov and attack <= self.prevent_strength(other):
                return False
        return True

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
        into = province_of(order.dest) if type(order) is SupportMove else None  # type: ignore[union-attr]
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
        return self.orders[origin].dest  # type: ignore[attr-defined]

    def run(self) -> MovementResult:
        for prov in self.orders:
            self.resolve(prov)
        moved: dict[str, str] = {}
        dislodged: dict[str, tuple[str, bool]] = {}
        for prov, dest in self.move_dest.items():
            if self.result[prov]:
                moved[prov] = self.arrival(prov)
        for prov in self.units:
            if prov in moved:
                continue
            for attacker in self.moves_into.get(prov, ()):
                if attacker in moved and province_of(moved[attacker]) == prov:
                    dislodged[prov] = (attacker, attacker in self.convoyed)
                    break
        occupied = {province_of(d) for d in moved.values()} | {p for p in self.units if p not in moved and p not in dislodged}
        contested: set[str] = set()
        for prov, dest in self.move_dest.items():
            if not self.result[prov] and dest not in occupied and self.prevent_strength(prov) > 0:
                contested.add(dest)
        outcomes = _Outcomes(self, dislodged)
        return MovementResult(outcomes, moved, dislodged, contested, set(self.convoyed))

    def explain(self, prov: str, dislodged: Mapping[str, tuple[str, bool]]) -> Outcome:
        """A reason for each order's result, worded for players."""
        order = self.orders[prov]
        ok = self.result[prov]
        kind = type(order)
        if kind is Move:
            if ok:
                return Outcome(True, "moves" + (" by convoy" if prov in self.convoyed else ""))
            if not self.has_path(prov):
                if any(c in self.paradox for c in self.convoyers.get(prov, ())):
                    return Outcome(False, "convoy paradox: the convoy fails (Szykman rule)")
                return Outcome(False, "no convoy route" if self.convoyers.get(prov) else "no convoy ordered")
            dest = self.move_dest[prov]
            attack = self.attack_strength(prov)
            opponent = self.is_head_to_head(prov)
            if opponent is not None and attack <= self.defend_strength(opponent):
                return Outcome(False, f"lost head-to-head battle with {self.units[opponent]} ({attack} vs {self.defend_strength(opponent)})")
            for other in self.moves_into[dest]:
                if other != prov and attack <= self.prevent_strength(other):
                    prevent = self.prevent_strength(other)
                    if self.result.get(other):
                        return Outcome(False, f"beaten to {dest} by {self.units[other]} ({attack} vs {prevent})")
                    return Outcome(False, f"bounced with {self.units[other]} in {dest} ({attack} vs {prevent})")
            defender = self.units.get(dest)
            if defender is not None and defender.power == self.units[prov].power and attack == 0:
                return Outcome(False, f"can't dislodge own unit in {dest}")
            return Outcome(False, f"bounced off {dest} ({attack} vs {self.hold_strength(dest)})")
        if prov in dislodged:
            attacker = self.units[dislodged[prov][0]]
            return Outcome(False, f"dislodged by {attacker}")
        if kind is SupportHold or kind is SupportMove:
            if kind is SupportHold and prov not in self.hold_supporters.get(province_of(order.target.loc), ()):  # type: ignore[attr-defined]
                return Outcome(False, f"void: {order.target} did not hold")  # type: ignore[attr-defined]
            if kind is SupportMove and prov not in self.move_supporters.get(province_of(order.target.loc), ()):  # type: ignore[attr-defined]
                return Outcome(False, f"void: {order.target} was not ordered to {order.dest}")  # type: ignore[attr-defined]
            if not ok:
                into = province_of(order.dest) if kind is SupportMove else None  # type: ignore[attr-defined]
                cutters = [a for a in self.moves_into.get(prov, ())
                           if self.units[a].power != self.units[prov].power and a != into and self.has_path(a)]
                by = ", ".join(str(self.units[c]) for c in cutters)
                return Outcome(False, f"cut by {by}" if by else "cut")
            return Outcome(True, "given")
        if kind is Convoy:
            origin = province_of(order.target.loc)  # type: ignore[attr-defined]
            if prov in self.paradox:
                return Outcome(False, "convoy paradox: the fleet holds (Szykman rule)")
            if prov not in self.convoyers.get(origin, ()):
                return Outcome(False, f"void: {order.target} was not ordered to {order.dest}")  # type: ignore[attr-defined]
            if origin not in self.convoyed:
                return Outcome(False, f"void: {order.target} moves over land")  # type: ignore[attr-defined]
            return Outcome(ok, "convoys" if ok else "fails")
        return Outcome(True, "holds")


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


def fleets_linked(board: MapData, coast: str, fleets: set[str] | frozenset[str]) -> set[str]:
    """The fleets among ``fleets`` joined to the coastal province ``coast`` by a chain of fleets."""
    linked = {f for f in fleets if coast in board.fleet_adjacent_provinces(f)}
    stack = list(linked)
    while stack:
        for nxt in board.fleet_adjacent_provinces(stack.pop()):
            if nxt in fleets and nxt not in linked:
                linked.add(nxt)
                stack.append(nxt)
    return linked


def convoy_route_exists(board: MapData, start: str, dest: str, fleets: set[str] | frozenset[str]) -> bool:
    """Is there a chain of the given fleet provinces from ``start`` to ``dest`` (a province)?"""
    return any(dest in board.fleet_adjacent_provinces(f) for f in fleets_linked(board, province_of(start), fleets))
