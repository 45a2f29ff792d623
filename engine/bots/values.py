"""How much each place is worth to one power in one position: supply centres (its own under threat,
others', neutral ones) spread to their neighbours, per way of moving (army, fleet, any).

The spreading follows the DumbBot tradition: a place's worth at step ``n`` is its worth at step ``n - 1``
plus its neighbours', damped, and the value of a place is a weighted sum over the steps, so a unit is drawn
to centres it can reach now and, more faintly, to rich regions further away.
"""
from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from functools import cache

from ..mapdata import MapData
from ..state import GameState
from ..types import UnitType, province_of, unit_spec

ARMY, FLEET, ANY = "army", "fleet", "any"

# Step weights: in a season before adjustments the centres in reach now count most.
CLOSE_WEIGHTS = (1000.0, 100.0, 30.0, 10.0, 6.0, 5.0, 4.0, 3.0, 2.0, 1.0)
FAR_WEIGHTS = (100.0, 1000.0, 30.0, 10.0, 6.0, 5.0, 4.0, 3.0, 2.0, 1.0)
SPREAD_DAMPING = 5.0


@dataclass(frozen=True, slots=True)
class Graph:
    """The places units of one way of moving stand on and their neighbours, as index lists (fast to spread)."""

    places: tuple[str, ...]
    index: dict[str, int]
    neighbours: tuple[tuple[int, ...], ...]
    province: tuple[str, ...]  # the province of each place


@dataclass(frozen=True, slots=True)
class Graphs:
    army: Graph
    fleet: Graph
    any: Graph

    def of(self, way: str) -> Graph:
        return self.army if way == ARMY else self.fleet if way == FLEET else self.any


def _graph(places: list[str], neighbours: dict[str, frozenset[str]]) -> Graph:
    places = sorted(places)
    index = {p: i for i, p in enumerate(places)}
    adj = tuple(tuple(sorted(index[n] for n in neighbours.get(p, ()) if n in index)) for p in places)
    return Graph(tuple(places), index, adj, tuple(province_of(p) for p in places))


@cache
def board_graphs(board: MapData) -> Graphs:
    """The three movement graphs of a map (cached per map)."""
    land = [p for p, v in board.provinces.items() if v.is_land]
    army = _graph(land, {p: board.army_adjacent(p) for p in land})
    fleet_places = sorted(board.locations(UnitType.FLEET))
    fleet = _graph(fleet_places, {p: board.fleet_adjacent(p) for p in fleet_places})
    passable = [p for p, v in board.provinces.items() if v.is_passable]
    any_ = _graph(passable, {p: board.any_adjacent(p) for p in passable})
    return Graphs(army, fleet, any_)


def way_of(kind: UnitType) -> str:
    """Which graph a unit kind moves on: armies' and fleets' own, the union of both for any other kind."""
    moves_as = unit_spec(kind).moves_as
    return moves_as if moves_as in (ARMY, FLEET) else ANY


@dataclass(slots=True)
class Pressure:
    """Who could reach each province next turn: per power, how many of its units border it or stand in it."""

    reach: dict[str, dict[str, int]] = field(default_factory=lambda: defaultdict(lambda: defaultdict(int)))

    def threat(self, prov: str, power: str) -> int:
        """The most units any one other power could bring to ``prov``."""
        return max((n.get(prov, 0) for p, n in self.reach.items() if p != power), default=0)

    def own(self, prov: str, power: str) -> int:
        return self.reach.get(power, {}).get(prov, 0)


def pressure(board: MapData, state: GameState) -> Pressure:
    out = Pressure()
    for prov, unit in state.units.items():
        counts = out.reach[unit.power]
        counts[prov] += 1
        for near in unit_neighbours(board, unit.type, unit.loc):
            counts[near] += 1
    return out


def unit_neighbours(board: MapData, kind: UnitType, loc: str) -> frozenset[str]:
    """The provinces a unit of ``kind`` at ``loc`` borders (where it could move, support or be supported)."""
    way = way_of(kind)
    if way == ARMY:
        return board.army_adjacent(province_of(loc))
    if way == FLEET:
        return board.fleet_adjacent_provinces(loc)
    return board.any_adjacent(province_of(loc))


@dataclass(frozen=True, slots=True)
class Weights:
    """The knobs of the valuation (one set per strength)."""

    neutral: float = 1.2  # an unowned centre, relative to a rival's
    rival_base: float = 1.0  # another power's centre
    rival_size: float = 0.05  # ... plus this much per centre its owner holds
    defend: float = 1.0  # an own centre, per unit of the strongest threat against it
    home_bonus: float = 0.2  # an own home centre's defence counts this much more


@dataclass(slots=True)
class Valuation:
    """Province values for one power: ``base`` per province, and the spread values per graph place."""

    power: str
    base: dict[str, float]
    steps: tuple[float, ...]
    graphs: Graphs
    pressure: Pressure
    spread: dict[str, list[float]] = field(default_factory=dict)  # per way of moving, filled when first asked

    def value(self, kind: UnitType, loc: str) -> float:
        """What having a unit of ``kind`` at ``loc`` is worth (0 where it can't stand)."""
        way = way_of(kind)
        graph = self.graphs.of(way)
        i = graph.index.get(loc)
        if i is None:
            i = graph.index.get(province_of(loc))
            if i is None:
                return 0.0
        values = self.spread.get(way)
        if values is None:
            values = self.spread[way] = spread(graph, self.base, self.steps)
        return values[i]


def centre_values(board: MapData, state: GameState, power: str, counts: dict[str, int], press: Pressure,
                  weights: Weights, counts_for: dict[str, bool] | None = None) -> dict[str, float]:
    """The base value of every supply centre for ``power``: neutral and rival centres to take, own centres
    by the threat against them."""
    homes = set(board.powers[power].home_centers) if power in board.powers else set()
    base: dict[str, float] = {}
    for centre in board.supply_centers:
        if counts_for is not None and not counts_for.get(centre, True):
            continue  # owning it would not count (Colonial's Hong Kong for China)
        owner = state.centers.get(centre)
        if owner == power:
            threat = press.threat(centre, power)
            if threat:
                base[centre] = weights.defend * threat * (1.0 + (weights.home_bonus if centre in homes else 0.0))
        elif owner is None or owner not in board.powers:
            base[centre] = weights.neutral
        else:
            base[centre] = weights.rival_base + weights.rival_size * counts.get(owner, 0)
    return base


def spread(graph: Graph, base: dict[str, float], step_weights: tuple[float, ...]) -> list[float]:
    """DumbBot-style proximity: step ``n`` is (step ``n-1`` here + its neighbours') / damping; the value is
    the weighted sum of the steps."""
    current = [base.get(p, 0.0) for p in graph.province]
    total = [step_weights[0] * v for v in current]
    neighbours = graph.neighbours
    for weight in step_weights[1:]:
        nxt = [(current[i] + sum(current[j] for j in neighbours[i])) / SPREAD_DAMPING for i in range(len(current))]
        current = nxt
        for i, v in enumerate(current):
            total[i] += weight * v
    return total


def valuation(board: MapData, state: GameState, power: str, counts: dict[str, int], weights: Weights,
              close: bool, press: Pressure | None = None, counts_for: dict[str, bool] | None = None) -> Valuation:
    """Values for ``power``; ``close``: centres change hands after this phase (weigh the ones in reach now)."""
    press = press if press is not None else pressure(board, state)
    base = centre_values(board, state, power, counts, press, weights, counts_for)
    return Valuation(power, base, CLOSE_WEIGHTS if close else FAR_WEIGHTS, board_graphs(board), press)


__all__ = ["ANY", "ARMY", "FLEET", "Pressure", "Valuation", "Weights", "board_graphs", "pressure",
           "unit_neighbours", "valuation", "way_of"]
