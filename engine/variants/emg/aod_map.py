"""The Age of Discovery board generator (EMG rules, appendix C): a seeded map on a grid that wraps east-west
and north-south, for 9 to 20 players.

The grid is a torus of square cells. Land is drawn from a sum of soft blobs (a threshold keeps half of the
cells land), and water bodies cut off from the largest one become land, so every sea is reachable by
fleets. Areas are 1-3 cells of one medium (RG-AOD-6): water areas are seas; a land area touching a sea is a
coast, otherwise inland. Two areas sharing a cell side are adjacent; armies cross land borders, fleets
sea-sea and sea-coast borders and coast-coast borders of two coasts on a common sea (RG-UNI-5).

Start positions are fair by construction (``fairness_problems`` checks it): each power starts with the same
home (a coastal 2-point centre with an army, a neighbouring 1-point centre with a corps, 3 supply points for 3
unit points), the starts are at least ``MIN_START_DISTANCE`` steps apart, and each power has the same two
neutral centres of its own (one of 2 points, one of 1) at 2-4 steps from its start and nearer to it than to
any other start. There are no capitals (RG-AOD-10). The same seed and player count always give the same map.

The drawing is one tile of the torus (``geometry.json``, ``wrap_x`` and ``wrap_y``): each area is the union of
its cells' squares; an area crossing the tile's edge is drawn in two parts.
"""
from __future__ import annotations

import math
import random
from collections import deque
from dataclasses import dataclass
from typing import Any, Iterable, Mapping, TypeVar

Cell = tuple[int, int]  # (column, row)

MIN_PLAYERS, MAX_PLAYERS = 9, 20
CELL_PX = 60
CELLS_PER_PLAYER = 60
LAND_SHARE = 0.5
MIN_START_DISTANCE = 4
ATTEMPTS = 200
START_TRIES = 40
CENTRES_PER_PLAYER = 4  # two home centres and two neutral ones of its own
MIN_ROOM = 8
NEUTRAL_RANGE = (2, 4)  # steps from a power's start to its own neutral centres

POWER_COLOURS = (
    ("AMBER", "#d4a017"), ("AZURE", "#3b7dd8"), ("CRIMSON", "#b0202e"), ("EMERALD", "#1e8c4e"),
    ("GOLD", "#c9a400"), ("INDIGO", "#4b3b9a"), ("IVORY", "#bdb38a"), ("JADE", "#3fa796"),
    ("LILAC", "#a77bca"), ("OCHRE", "#b8722c"), ("ONYX", "#3c3c3c"), ("PEARL", "#9fb3c8"),
    ("RUBY", "#d0365f"), ("RUSSET", "#8a4b2a"), ("SABLE", "#5a4636"), ("SAFFRON", "#f08c00"),
    ("SCARLET", "#e8412c"), ("SILVER", "#8c949c"), ("TEAL", "#138086"), ("VIOLET", "#7d2e91"),
)


class MapGenerationError(ValueError):
    """No fair map could be made for these parameters."""


@dataclass(frozen=True, slots=True)
class Area:
    number: int
    cells: tuple[Cell, ...]
    terrain: str  # land, coast or sea

    @property
    def id(self) -> str:
        return str(self.number)


@dataclass(frozen=True, slots=True)
class GeneratedMap:
    """A generated board: its graph as ``map.json`` holds it and its drawing as ``geometry.json`` holds it."""

    seed: int
    players: int
    columns: int
    rows: int
    areas: tuple[Area, ...]
    map_doc: dict[str, Any]
    geometry_doc: dict[str, Any]

    @property
    def map_id(self) -> str:
        return map_id_for(self.seed, self.players)


def map_id_for(seed: int, players: int) -> str:
    return f"aod_{players}_{seed}"


def grid_side(players: int) -> int:
    """Cells per side: about 60 cells (roughly 30 areas) per player, room enough for fair starts."""
    return math.ceil(math.sqrt(CELLS_PER_PLAYER * players))


# --- the grid ---------------------------------------------------------------------------------------------


def _neighbours(cell: Cell, cols: int, rows: int) -> tuple[Cell, ...]:
    c, r = cell
    return (((c + 1) % cols, r), ((c - 1) % cols, r), (c, (r + 1) % rows), (c, (r - 1) % rows))


def _land_mask(rng: random.Random, cols: int, rows: int, players: int) -> set[Cell]:
    blobs = [(rng.uniform(0, cols), rng.uniform(0, rows), rng.uniform(1.5, 3.5), rng.uniform(0.6, 1.0))
             for _ in range(players * 3)]
    heights: dict[Cell, float] = {}
    for c in range(cols):
        for r in range(rows):
            h = 0.0
            for bx, by, radius, weight in blobs:
                dx = min(abs(c + 0.5 - bx), cols - abs(c + 0.5 - bx))
                dy = min(abs(r + 0.5 - by), rows - abs(r + 0.5 - by))
                h += weight * math.exp(-(dx * dx + dy * dy) / (2 * radius * radius))
            heights[(c, r)] = h + rng.uniform(0, 0.05)
    ordered = sorted(heights, key=lambda k: (-heights[k], k))
    land = set(ordered[:int(len(ordered) * LAND_SHARE)])
    # Water cut off from the largest body becomes land: every sea can be reached by fleets.
    water = set(heights) - land
    bodies = _components(water, cols, rows)
    if bodies:
        largest = max(bodies, key=len)
        for body in bodies:
            if body is not largest:
                land |= body
    return land


def _components(cells: set[Cell], cols: int, rows: int) -> list[set[Cell]]:
    left, out = set(cells), []
    while left:
        start = min(left)
        left.discard(start)
        body, todo = {start}, [start]
        while todo:
            for n in _neighbours(todo.pop(), cols, rows):
                if n in left:
                    left.discard(n)
                    body.add(n)
                    todo.append(n)
        out.append(body)
    return out


def _areas(rng: random.Random, land: set[Cell], cols: int, rows: int) -> list[list[Cell]]:
    cells = [(c, r) for r in range(rows) for c in range(cols)]
    rng.shuffle(cells)
    owner: dict[Cell, int] = {}
    groups: list[list[Cell]] = []
    for cell in cells:
        if cell in owner:
            continue
        group = [cell]
        owner[cell] = len(groups)
        size = rng.choice((1, 2, 2, 3, 3))
        while len(group) < size:
            options = sorted({n for g in group for n in _neighbours(g, cols, rows)
                              if n not in owner and (n in land) == (cell in land)})
            if not options:
                break
            pick = rng.choice(options)
            owner[pick] = len(groups)
            group.append(pick)
        groups.append(sorted(group, key=lambda k: (k[1], k[0])))
    # Numbered from the top left (by each area's first cell), as the seed's area ids are global numbers.
    groups.sort(key=lambda g: (g[0][1], g[0][0]))
    return groups


# --- the generator --------------------------------------------------------------------------------------------


def generate(seed: int, players: int) -> GeneratedMap:
    """The Age of Discovery map for ``seed`` and ``players`` (9-20); raises :class:`MapGenerationError` when
    no fair map is found within ``ATTEMPTS`` tries (none has been seen)."""
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise MapGenerationError(f"Age of Discovery takes {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players}")
    side = grid_side(players)
    for attempt in range(ATTEMPTS):
        rng = random.Random(f"age-of-discovery:{seed}:{players}:{attempt}")
        made = _attempt(rng, seed, players, side, side)
        if made is not None:
            return made
    raise MapGenerationError(f"no fair map for seed {seed} with {players} players")


def _attempt(rng: random.Random, seed: int, players: int, cols: int, rows: int) -> GeneratedMap | None:
    land = _land_mask(rng, cols, rows, players)
    groups = _areas(rng, land, cols, rows)
    area_of: dict[Cell, int] = {cell: i for i, g in enumerate(groups) for cell in g}
    touching: dict[int, set[int]] = {i: set() for i in range(len(groups))}
    for i, g in enumerate(groups):
        for cell in g:
            for n in _neighbours(cell, cols, rows):
                j = area_of[n]
                if j != i:
                    touching[i].add(j)
    is_land = [g[0] in land for g in groups]
    terrain = ["sea" if not is_land[i] else ("coast" if any(not is_land[j] for j in touching[i]) else "land")
               for i in range(len(groups))]
    areas = tuple(Area(i + 1, tuple(g), terrain[i]) for i, g in enumerate(groups))
    army, fleet = [], []
    for i in range(len(groups)):
        for j in sorted(touching[i]):
            if j <= i:
                continue
            if is_land[i] and is_land[j]:
                army.append((i, j))
                if terrain[i] == terrain[j] == "coast" and any(not is_land[k] for k in touching[i] & touching[j]):
                    fleet.append((i, j))
            elif not (is_land[i] and is_land[j]) and "land" not in (terrain[i], terrain[j]):
                fleet.append((i, j))
    adjacency = {i: set(touching[i]) for i in range(len(groups))}
    homes = _place_powers(rng, areas, adjacency, players)
    if homes is None:
        return None
    map_doc = _map_doc(seed, players, areas, army, fleet, homes)
    geometry_doc = _geometry_doc(seed, players, areas, cols, rows, homes)
    return GeneratedMap(seed, players, cols, rows, areas, map_doc, geometry_doc)


@dataclass(frozen=True, slots=True)
class Home:
    power: str
    start: int  # area index of the 2-point centre (army)
    second: int  # area index of the 1-point centre (corps)
    neutral_big: int  # the power's own neutral 2-point centre
    neutral_small: int  # and 1-point centre


K = TypeVar("K", int, str)  # an area: its index while generating, its id on a built board


def _distances(adjacency: Mapping[K, set[K]], sources: Iterable[K]) -> dict[K, int]:
    """Steps from the nearest of ``sources`` to every area reachable (breadth first)."""
    dist = {s: 0 for s in sources}
    todo = deque(dist)
    while todo:
        a = todo.popleft()
        for b in adjacency[a]:
            if b not in dist:
                dist[b] = dist[a] + 1
                todo.append(b)
    return dist


def _spread_starts(rng: random.Random, coasts: list[int], adjacency: dict[int, set[int]],
                   players: int) -> list[int] | None:
    """Starts at least ``MIN_START_DISTANCE`` steps apart: farthest-point picks from several first picks."""
    for _ in range(START_TRIES):
        starts: list[int] = [rng.choice(coasts)]
        while len(starts) < players:
            dist = _distances(adjacency, starts)
            far = max(dist.get(c, 0) for c in coasts)
            if far < MIN_START_DISTANCE:
                break
            starts.append(rng.choice(sorted(c for c in coasts if dist.get(c) == far)))
        else:
            return starts
    return None


def _place_powers(rng: random.Random, areas: tuple[Area, ...], adjacency: dict[int, set[int]],
                  players: int) -> list[Home] | None:
    land_adjacency = {i: {j for j in adjacency[i] if areas[j].terrain != "sea"} for i in adjacency}
    # A start needs room: a coast with at least MIN_ROOM land areas within three steps over land.
    coasts = [i for i, a in enumerate(areas) if a.terrain == "coast" and len(land_adjacency[i]) >= 2
              and sum(1 for d in _distances(land_adjacency, [i]).values() if d <= 3) >= MIN_ROOM]
    if len(coasts) < players:
        return None
    starts = _spread_starts(rng, coasts, adjacency, players)
    if starts is None:
        return None
    per_start = [_distances(adjacency, [s]) for s in starts]
    homes: list[Home] = []
    taken: set[int] = set(starts)
    for k, start in enumerate(starts):
        seconds = sorted(j for j in adjacency[start] if areas[j].terrain != "sea" and j not in taken)
        if not seconds:
            return None
        second = rng.choice(seconds)
        taken.add(second)
        mine = []
        for i, a in enumerate(areas):
            d = per_start[k].get(i, 99)
            if a.terrain == "sea" or i in taken or not NEUTRAL_RANGE[0] <= d <= NEUTRAL_RANGE[1]:
                continue
            if all(per_start[o].get(i, 99) > d for o in range(len(starts)) if o != k):
                mine.append(i)
        if len(mine) < 2:
            return None
        big, small = rng.sample(sorted(mine), 2)
        taken |= {big, small}
        homes.append(Home(POWER_COLOURS[k][0], start, second, big, small))
    # Neighbouring homes must not touch another power's home areas.
    home_areas = {h.power: {h.start, h.second} for h in homes}
    for h in homes:
        for other, areas_other in home_areas.items():
            if other != h.power and any(adjacency[a] & areas_other or a in areas_other for a in (h.start, h.second)):
                return None
    return homes


# --- the files --------------------------------------------------------------------------------------------


def _map_doc(seed: int, players: int, areas: tuple[Area, ...], army: list[tuple[int, int]],
             fleet: list[tuple[int, int]], homes: list[Home]) -> dict[str, Any]:
    centres_big = {h.start for h in homes} | {h.neutral_big for h in homes}
    centres_small = {h.second for h in homes} | {h.neutral_small for h in homes}
    colours = dict(POWER_COLOURS)
    return {
        "format": "chancellery-map", "format_version": 1, "id": map_id_for(seed, players),
        "name": f"Age of Discovery ({players} players, seed {seed})",
        "about": "Generated by engine/variants/emg/aod_map.py: a torus of 1-3 cell areas (EMG rules, appendix C).",
        "start_phase": "S1901M",
        "victory_centers": len(centres_big | centres_small),
        "powers": [{"id": h.power, "name": h.power.title(), "adjective": h.power.title(), "color": colours[h.power],
                    "home_centers": sorted((areas[h.start].id, areas[h.second].id)),
                    "units": [f"A {areas[h.start].id}", f"C {areas[h.second].id}"]} for h in homes],
        "neutral_centers": sorted((areas[i].id for i in (centres_big | centres_small) - {h.start for h in homes}
                                   - {h.second for h in homes}), key=int),
        "provinces": [{"id": a.id, "name": f"Area {a.number}", "terrain": a.terrain, "number": a.number,
                       **({"supply_center": True} if i in centres_big | centres_small else {})}
                      for i, a in enumerate(areas)],
        "army_edges": [[areas[i].id, areas[j].id] for i, j in army],
        "fleet_edges": [[areas[i].id, areas[j].id] for i, j in fleet],
        "extra": {"one_point_centres": sorted((areas[i].id for i in centres_small), key=int),
                  "wrap": {"columns": len({c for a in areas for c, _ in a.cells}), "rows": len({r for a in areas for _, r in a.cells})},
                  "cells": {a.id: [list(c) for c in a.cells] for a in areas},
                  # Each power's own grid origin: its X Y names of areas count from its start (RG-AOD-5).
                  "origins": {h.power: list(areas[h.start].cells[0]) for h in homes}},
    }


def coordinates(board_extra: dict[str, Any], power: str, area: str) -> tuple[int, int]:
    """The X Y name ``power`` uses for ``area`` (its first cell), counted from 1 at the power's own origin,
    X left to right, Y top to bottom, around the torus (RG-AOD-5)."""
    cols, rows = board_extra["wrap"]["columns"], board_extra["wrap"]["rows"]
    oc, orow = board_extra["origins"][power]
    c, r = board_extra["cells"][area][0]
    return (c - oc) % cols + 1, (r - orow) % rows + 1


def cell_index(board_extra: dict[str, Any]) -> dict[tuple[int, int], str]:
    """Every cell of the grid with the area it belongs to."""
    return {(c, r): a for a, cells in board_extra["cells"].items() for c, r in cells}


def area_at(board_extra: dict[str, Any], power: str, x: int, y: int,
            index: Mapping[tuple[int, int], str] | None = None) -> str | None:
    """The area holding the cell ``power`` calls X ``x`` Y ``y`` (``None`` off the grid); ``index`` is
    :func:`cell_index` of the board, made here when not given."""
    cols, rows = board_extra["wrap"]["columns"], board_extra["wrap"]["rows"]
    if not (1 <= x <= cols and 1 <= y <= rows):
        return None
    oc, orow = board_extra["origins"][power]
    cells = index if index is not None else cell_index(board_extra)
    return cells.get(((oc + x - 1) % cols, (orow + y - 1) % rows))


def cell_outline(cells: Iterable[Cell], size: float = CELL_PX) -> list[list[list[float]]]:
    """The polygons (outer ring, then holes; flat x, y lists) covering a set of grid squares, the tile
    not wrapped. Squares meeting only at a corner make separate polygons."""
    inside = set(cells)
    # Directed unit edges with the inside on the right (screen coordinates, y down): clockwise around each square.
    edges: dict[tuple[int, int], list[tuple[int, int]]] = {}
    for c, r in inside:
        for (dc, dr), a, b in (((0, -1), (c, r), (c + 1, r)), ((1, 0), (c + 1, r), (c + 1, r + 1)),
                               ((0, 1), (c + 1, r + 1), (c, r + 1)), ((-1, 0), (c, r + 1), (c, r))):
            if (c + dc, r + dr) not in inside:
                edges.setdefault(a, []).append(b)
    rings: list[list[tuple[int, int]]] = []
    while edges:
        start = min(edges)
        ring = [start]
        prev, here = start, edges[start].pop()
        if not edges[start]:
            del edges[start]
        while here != start:
            ring.append(here)
            options = edges[here]
            # At a pinch (two squares meeting at a corner) turn right, keeping each square's ring apart.
            dx, dy = here[0] - prev[0], here[1] - prev[1]
            right = (here[0] - dy, here[1] + dx)
            nxt = right if right in options else options[0]
            options.remove(nxt)
            if not options:
                del edges[here]
            prev, here = here, nxt
        rings.append(_simplified(ring))
    outers = [r for r in rings if _signed_area(r) > 0]
    holes = [r for r in rings if _signed_area(r) <= 0]
    polygons: list[list[list[float]]] = [[_flat(r, size)] for r in outers]
    for hole in holes:
        x, y = hole[0][0] + 0.5, hole[0][1] + 0.5  # a point just inside the hole's first corner... or its cell
        probe = next(((cx + 0.5, cy + 0.5) for cx, cy in ((hole[0][0], hole[0][1]), (hole[0][0] - 1, hole[0][1]),
                                                           (hole[0][0], hole[0][1] - 1), (hole[0][0] - 1, hole[0][1] - 1))
                      if (cx, cy) not in inside and _inside_ring(hole, cx + 0.5, cy + 0.5)), (x, y))
        for k, outer in enumerate(outers):
            if _inside_ring(outer, *probe):
                polygons[k].append(_flat(hole, size))
                break
    return polygons


def _simplified(ring: list[tuple[int, int]]) -> list[tuple[int, int]]:
    out = []
    n = len(ring)
    for k in range(n):
        a, b, c = ring[k - 1], ring[k], ring[(k + 1) % n]
        if (b[0] - a[0]) * (c[1] - b[1]) != (b[1] - a[1]) * (c[0] - b[0]):
            out.append(b)
    return out


def _signed_area(ring: list[tuple[int, int]]) -> float:
    return sum(ring[k - 1][0] * ring[k][1] - ring[k][0] * ring[k - 1][1] for k in range(len(ring))) / 2


def _inside_ring(ring: list[tuple[int, int]], x: float, y: float) -> bool:
    inside = False
    j = ring[-1]
    for i in ring:
        if (i[1] > y) != (j[1] > y) and x < (j[0] - i[0]) * (y - i[1]) / (j[1] - i[1]) + i[0]:
            inside = not inside
        j = i
    return inside


def _flat(ring: list[tuple[int, int]], size: float) -> list[float]:
    return [float(v * size) for point in ring for v in point]


def _geometry_doc(seed: int, players: int, areas: tuple[Area, ...], cols: int, rows: int,
                  homes: list[Home]) -> dict[str, Any]:
    centres = {areas[i].id for h in homes for i in (h.start, h.second, h.neutral_big, h.neutral_small)}
    provinces = {}
    for a in areas:
        c, r = a.cells[0]
        x0, y0 = c * CELL_PX, r * CELL_PX
        provinces[a.id] = {
            "region": cell_outline(a.cells), "unit": [x0 + 30.0, y0 + 24.0], "dislodged": [x0 + 47.0, y0 + 12.0],
            "label": [x0 + 30.0, y0 + 47.0], "sc": [x0 + 9.0, y0 + 9.0] if a.id in centres else None,
            "terrain": a.terrain}
    land = [cell for a in areas if a.terrain != "sea" for cell in a.cells]
    width, height = float(cols * CELL_PX), float(rows * CELL_PX)
    return {"format": "chancellery-geometry", "format_version": 1, "map": map_id_for(seed, players),
            "width": width, "height": height, "wrap_x": True, "wrap_y": True, "unit_size": 34.0,
            "background": {"land": cell_outline(land), "sea": [[[0.0, 0.0, width, 0.0, width, height, 0.0, height]]]},
            "provinces": provinces}


def fairness_problems(made: GeneratedMap) -> list[str]:
    """Where ``made`` breaks the fairness criteria of the module docstring (empty when fair)."""
    from ...mapdata import MapData

    board = MapData.from_dict(made.map_doc)
    problems = []
    one_point = set(board.extra["one_point_centres"])
    adjacency = {p: set(board.any_adjacent(p)) for p in board.provinces}
    starts = {}
    for power in board.powers.values():
        centres = power.home_centers
        pts = sorted(1 if c in one_point else 2 for c in centres)
        if pts != [1, 2]:
            problems.append(f"{power.id}: home centres worth {pts}, not [1, 2]")
        units = sorted(k.value for k, _ in power.start_units)
        if units != ["A", "C"]:
            problems.append(f"{power.id}: starts with {units}, not an army and a corps")
        starts[power.id] = next(loc for k, loc in power.start_units if k.value == "A")
    dist = {p: _distances_by_id(adjacency, s) for p, s in starts.items()}
    for p, s in starts.items():
        for q, t in starts.items():
            if p < q and dist[p][t] < MIN_START_DISTANCE:
                problems.append(f"{p} and {q} start {dist[p][t]} steps apart (at least {MIN_START_DISTANCE})")
    homes = {c for pw in board.powers.values() for c in pw.home_centers}
    for p in starts:
        own = [c for c in board.supply_centers - homes
               if NEUTRAL_RANGE[0] <= dist[p][c] <= NEUTRAL_RANGE[1] and all(dist[q][c] > dist[p][c] for q in starts if q != p)]
        pts = sorted(1 if c in one_point else 2 for c in own)
        if pts != [1, 2]:
            problems.append(f"{p}: its own neutral centres are worth {pts}, not [1, 2]")
    return problems


def _distances_by_id(adjacency: dict[str, set[str]], source: str) -> dict[str, int]:
    return _distances(adjacency, (source,))
