"""Where the board's province and coast labels go, so none covers another label or a symbol.

The map builder places labels for symbols of its own size (a unit radius of 8 px). Drawn larger, for reading
across a room, units, supply centres, badges and failure marks cover those spots, so the labels are placed
again for the symbols actually drawn: every symbol's box is an obstacle, and each label takes the first
candidate spot whose box stays clear of every obstacle and every label placed before it.

Candidates, best first: the builder's spot; spots touching the province's own symbols below, above, beside
and at the corners; then points inside the province nearest its unit. Labels of the smallest provinces are
placed first (they have the fewest choices). A label that fits nowhere inside its province may spill out of
it, then shrinks a little; only as a last resort does it take the least crowded spot.

A coast label (``nc``, ``sc``) goes on the coast it names: on its own coast region, at the edge that faces
that coast's seas, next to the fleet's spot.

Level of detail, for maps too crowded to label whole at a glance (the World's 449 areas): the caller may
give shorter ``texts`` (a province's number within its continent), ``tags`` (one label for each group of
provinces, placed first near the group's middle: ``{EP}`` over Europe) and ``drop_crowded``, which leaves
out a label that finds no clear spot instead of letting it overlap; the labels left out are listed.

Everything is in map units and plain numbers; the caller supplies ``measure`` (text -> box size), so the
same layout serves the exporter (sizes in map units) and the GUI (labels in screen pixels).
"""
from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine.mapdata import MapData

from .geometry import BoardGeometry, LocationShape, normalise_location
from .picture import BoardPicture
from .stacks import unit_placements

if TYPE_CHECKING:
    import numpy as np
    import shapely
    from shapely.geometry.base import BaseGeometry


def _import_numeric() -> None:
    """numpy and shapely, imported on the first layout rather than with the module (whose constants the
    scene needs at launch, before the first paint)."""
    global np, shapely
    import numpy as np
    import shapely


Measure = Callable[[str, float, bool], tuple[float, float]]  # (text, em, italic) -> (width, height)

TAG_SCALE = 1.9  # a continent tag's size, in labels


@dataclass(frozen=True, slots=True)
class Numbering:
    """A map numbered per continent (the World): each province's number, each continent's tag and members."""

    numbers: Mapping[str, str]  # province -> "23"
    tags: Mapping[str, tuple[str, tuple[str, ...]]]  # continent -> ("{EP}", its provinces)


def continent_numbering(board: MapData | None, geometry: BoardGeometry) -> Numbering | None:
    """The numbering of ``board`` when its provinces carry a continent and a number, else ``None``."""
    if board is None:
        return None
    numbers = {pid: str(p.number) for pid, p in board.provinces.items()
               if p.continent and p.number is not None and pid in geometry.provinces}
    if not numbers:
        return None
    groups: dict[str, list[str]] = {}
    for pid in numbers:
        groups.setdefault(str(board.provinces[pid].continent).upper(), []).append(pid)
    return Numbering(numbers, {key: (f"{{{key}}}", tuple(sorted(members))) for key, members in sorted(groups.items())})

# Symbol sizes in (scaled) unit sizes; the painters draw exactly these.
UNIT_ICON = 64 / 61  # icon box side; its plate just fills the unit circle
UNIT_HALF = UNIT_ICON * 0.5 * 0.94  # the plate's half width (the icon box has a transparent rim)
DISLODGED_HALF = 0.8 * UNIT_ICON * 0.62 + 0.05  # the dashed ring round a dislodged unit, pen included
BADGE_HALF = 0.56  # a badge's backing disc, per unit of icon size
SC_RADIUS = 0.27  # a supply-centre marker's disc
SC_HOME_RADIUS = 0.36  # ... and the home-centre ring round it
FAILURE_HALF = 0.29  # a failure cross with its white outline
GAP = 0.06  # clear space kept between a label and the symbol it sits beside
SHRINK_LIMIT = 0.72  # a label crowded out everywhere may shrink to this fraction of its size
LEGIBLE_SCALE = 0.85  # ... but no further than this where crowded labels may be left out instead


@dataclass(frozen=True, slots=True)
class Box:
    x0: float
    y0: float
    x1: float
    y1: float

    @staticmethod
    def around(x: float, y: float, half_w: float, half_h: float) -> Box:
        return Box(x - half_w, y - half_h, x + half_w, y + half_h)

    def overlaps(self, other: Box) -> bool:
        return self.x0 < other.x1 and other.x0 < self.x1 and self.y0 < other.y1 and other.y0 < self.y1

    def overlap_area(self, other: Box) -> float:
        w = min(self.x1, other.x1) - max(self.x0, other.x0)
        h = min(self.y1, other.y1) - max(self.y0, other.y0)
        return w * h if w > 0 and h > 0 else 0.0


@dataclass(frozen=True, slots=True)
class Obstacle:
    kind: str  # "unit", "badge", "dislodged", "centre", "failure", "arrow" (a head), "ring" (hold, support)
    loc: str
    box: Box


@dataclass(frozen=True, slots=True)
class PlacedLabel:
    loc: str  # "LON", or "SPA/NC" for a coast label
    text: str
    x: float  # the label's centre
    y: float
    em: float
    box: Box
    italic: bool
    sea: bool
    inside: bool  # the label's centre lies in its own province (or coast)
    part: int = 0  # 0: the province's label; 1, 2...: a repeat on a piece a canal cuts off (Sinai)


@dataclass(frozen=True, slots=True)
class BoardLayout:
    """Where the labels and supply-centre markers go for one picture at one symbol size."""

    labels: tuple[PlacedLabel, ...]
    obstacles: tuple[Obstacle, ...]
    centres: dict[str, tuple[float, float]]  # province -> the supply-centre marker's centre
    hidden: tuple[str, ...] = ()  # locations whose label was left out (``drop_crowded``)
    tags: tuple[PlacedLabel, ...] = ()  # one per group of provinces (``tags``); ``loc`` is the group's key


# --- supply-centre spots ---------------------------------------------------------------------------


def centre_spot(shape: LocationShape, u: float) -> tuple[float, float]:
    """The supply-centre marker's centre: the builder's spot, pushed off the unit's plate when enlarged
    symbols would overlap (along the same direction, so it stays where the builder meant it to be)."""
    if shape.sc is None:
        return shape.label.x(), shape.label.y() + 0.55 * u
    ux, uy = shape.unit.x(), shape.unit.y()
    sx, sy = shape.sc.x(), shape.sc.y()
    need = (UNIT_HALF + SC_HOME_RADIUS + GAP) * u
    dx, dy = sx - ux, sy - uy
    d = math.hypot(dx, dy)
    if d >= need:
        return sx, sy
    if d < 1e-6:
        dx, dy, d = -1.0, 1.0, math.sqrt(2.0)  # down and left, as the builder prefers
    return ux + dx / d * need, uy + dy / d * need


def centre_spots(geometry: BoardGeometry, picture: BoardPicture, u: float) -> dict[str, tuple[float, float]]:
    if not picture.show_supply_centres:
        return {}
    centres = picture.supply_centres if picture.supply_centres is not None else geometry.supply_centres
    return {pid: centre_spot(geometry.shape(pid), u) for pid in sorted(normalise_location(c) for c in centres)}


# --- obstacles ----------------------------------------------------------------------------------------


def symbol_obstacles(geometry: BoardGeometry, picture: BoardPicture, u: float,
                     centres: dict[str, tuple[float, float]],
                     failures: Iterable[tuple[float, float]] = ()) -> list[Obstacle]:
    """The box of every symbol drawn: units, badges, dislodged units, centre markers, failure crosses."""
    out: list[Obstacle] = []
    if picture.show_units:
        for place in unit_placements(picture.units, picture.stacked):
            shape = geometry.shape(place.anchor)
            x, y = shape.unit.x() + place.dx * u, shape.unit.y() + place.dy * u
            if place.badge and (place.dx or place.dy):
                half = BADGE_HALF * UNIT_ICON * place.scale * u
                out.append(Obstacle("badge", normalise_location(place.unit.loc), Box.around(x, y, half, half)))
            else:
                half = UNIT_HALF * place.scale * u
                loc = normalise_location(place.unit.loc)
                out.append(Obstacle("unit", loc, Box.around(x, y, half, half)))
                if loc in picture.unit_badges:  # the mark on its corner (EMG's points), as stacks.py draws it
                    size = UNIT_ICON * place.scale * u
                    out.append(Obstacle("badge", loc, Box.around(x + 0.46 * size, y + 0.42 * size,
                                                                 0.27 * size, 0.27 * size)))
        for unit in picture.dislodged_units:
            at = geometry.shape(unit.loc).dislodged
            half = DISLODGED_HALF * u
            out.append(Obstacle("dislodged", normalise_location(unit.loc), Box.around(at.x(), at.y(), half, half)))
    homes = {normalise_location(p) for p in picture.home_centres}
    for pid, (x, y) in centres.items():
        half = (SC_HOME_RADIUS if pid in homes else SC_RADIUS) * u + 0.02 * u
        out.append(Obstacle("centre", pid, Box.around(x, y, half, half)))
    for x, y in failures:
        half = FAILURE_HALF * u
        out.append(Obstacle("failure", "", Box.around(x, y, half, half)))
    if picture.show_orders:
        out += _order_mark_obstacles(geometry, picture, u)
    return out


SPY_EYE_OFFSET = 0.62  # a spy's eye sits this far up and left of an occupied area's unit (units of the spot)
SPY_EYE_HALF = 0.42  # half the eye's width


def spy_eye_anchor(geometry: BoardGeometry, picture: BoardPicture, loc: str, u: float) -> tuple[float, float]:
    """Where the eye of a spied area goes: on the unit spot, or beside the unit standing there."""
    shape = geometry.shape(loc)
    province = normalise_location(loc)
    occupied = any(normalise_location(m.loc) == province for m in picture.units)
    shift = -SPY_EYE_OFFSET * u if occupied else 0.0
    return shape.unit.x() + shift, shape.unit.y() + shift


ARROW_HEAD_HALF = 0.78  # a move's head stops at the plate's edge: the box round the destination's unit spot
ORDER_RING_HALF = 0.75  # hold and support rings round a unit


def _order_mark_obstacles(geometry: BoardGeometry, picture: BoardPicture, u: float) -> list[Obstacle]:
    """Arrow heads at destinations, the rings of holds and supports (where no unit box covers them) and the
    eyes of spied areas."""
    out: list[Obstacle] = []
    for order in picture.orders:
        kind = order.kind.value
        if kind in ("move", "retreat") and order.to_loc:
            at, half, what = geometry.shape(order.to_loc).unit, ARROW_HEAD_HALF, "arrow"
        elif kind == "support_hold" and order.to_loc:
            at, half, what = geometry.shape(order.to_loc).unit, ORDER_RING_HALF, "ring"
        elif kind in ("hold", "build"):
            shape = geometry.shape(order.from_loc)
            at, half, what = (shape.dislodged if order.dislodged else shape.unit), ORDER_RING_HALF, "ring"
        elif kind == "area" and order.style.value == "spy":
            x, y = spy_eye_anchor(geometry, picture, order.from_loc, u)
            out.append(Obstacle("eye", normalise_location(order.from_loc),
                                Box.around(x, y, SPY_EYE_HALF * u, SPY_EYE_HALF * 0.7 * u)))
            continue
        else:
            continue
        out.append(Obstacle(what, normalise_location(order.to_loc or order.from_loc),
                            Box.around(at.x(), at.y(), half * u, half * u)))
    return out


class _Grid:
    """Boxes bucketed by cell, so a candidate is tested against its neighbours only."""

    def __init__(self, cell: float) -> None:
        self.cell = max(cell, 1.0)
        self.cells: dict[tuple[int, int], list[Box]] = {}

    def _keys(self, box: Box) -> Iterable[tuple[int, int]]:
        c = self.cell
        for i in range(math.floor(box.x0 / c), math.floor(box.x1 / c) + 1):
            for j in range(math.floor(box.y0 / c), math.floor(box.y1 / c) + 1):
                yield i, j

    def add(self, box: Box) -> None:
        for key in self._keys(box):
            self.cells.setdefault(key, []).append(box)

    def hits(self, box: Box) -> bool:
        return any(box.overlaps(other) for key in self._keys(box) for other in self.cells.get(key, ()))

    def overlap(self, box: Box) -> float:
        seen: set[int] = set()
        total = 0.0
        for key in self._keys(box):
            for other in self.cells.get(key, ()):
                if id(other) not in seen:
                    seen.add(id(other))
                    total += box.overlap_area(other)
        return total


# --- placement ----------------------------------------------------------------------------------------


def _prepared(area: BaseGeometry) -> BaseGeometry:
    shapely.prepare(area)  # a no-op once prepared; point tests then use the prepared index
    return area


def _box_inside(area: BaseGeometry, boxes: Sequence[Box], slack: float) -> np.ndarray:
    """For each box: do its corners and centre all lie within ``slack`` of ``area``?"""
    if not boxes:
        return np.zeros(0, dtype=bool)
    xs = np.array([[b.x0, b.x1, b.x0, b.x1, (b.x0 + b.x1) / 2] for b in boxes])
    ys = np.array([[b.y0, b.y0, b.y1, b.y1, (b.y0 + b.y1) / 2] for b in boxes])
    inside = shapely.dwithin(_prepared(area), shapely.points(xs.ravel(), ys.ravel()), slack).reshape(xs.shape)
    return np.asarray(inside.all(axis=1))


def _centres_inside(area: BaseGeometry, points: Sequence[tuple[float, float]], slack: float) -> np.ndarray:
    if not points:
        return np.zeros(0, dtype=bool)
    pts = np.array(points)
    if slack <= 0:
        return np.asarray(shapely.contains_xy(_prepared(area), pts[:, 0], pts[:, 1]))
    return np.asarray(shapely.dwithin(_prepared(area), shapely.points(pts[:, 0], pts[:, 1]), slack))


def _around(cluster: Box, half_w: float, half_h: float, gap: float) -> list[tuple[float, float]]:
    """Spots where a label box just touches ``cluster``: below, above, right, left, then the corners."""
    cx, cy = (cluster.x0 + cluster.x1) / 2, (cluster.y0 + cluster.y1) / 2
    below, above = cluster.y1 + gap + half_h, cluster.y0 - gap - half_h
    right, left = cluster.x1 + gap + half_w, cluster.x0 - gap - half_w
    return [(cx, below), (cx, above), (right, cy), (left, cy),
            (right, below), (left, below), (right, above), (left, above),
            (cx, below + 2 * half_h), (cx, above - 2 * half_h)]


def _candidate_sets(near: list[tuple[float, float]], shape: LocationShape, step: float,
                    anchor: tuple[float, float]) -> Iterable[list[tuple[float, float]]]:
    yield near
    yield _interior_points(shape, step, anchor)


_interior_cache: dict[tuple[int, str, float], list[tuple[float, float]]] = {}


def _rings(cluster: Box, half_w: float, half_h: float, u: float) -> list[tuple[float, float]]:
    """Spots in widening rings round ``cluster``, twelve to a ring."""
    cx, cy = (cluster.x0 + cluster.x1) / 2, (cluster.y0 + cluster.y1) / 2
    rx = (cluster.x1 - cluster.x0) / 2 + half_w
    ry = (cluster.y1 - cluster.y0) / 2 + half_h
    out = []
    for ring in range(4):
        grow = GAP * u + ring * half_h * 1.2
        for k in range(12):
            a = k * math.pi / 6 + (ring % 2) * math.pi / 12
            out.append((cx + (rx + grow) * math.cos(a), cy + (ry + grow) * math.sin(a)))
    return out


def _interior_points(shape: LocationShape, step: float, near: tuple[float, float]) -> list[tuple[float, float]]:
    """Grid points inside the shape, nearest ``near`` (its unit spot) first; cached per shape and step."""
    key = (id(shape.area), shape.loc, round(step, 1))
    found = _interior_cache.get(key)
    if found is None:
        found = _grid_points(shape, step, near)
        if len(_interior_cache) > 8192:
            _interior_cache.clear()
        _interior_cache[key] = found
    return found


def _grid_points(shape: LocationShape, step: float, near: tuple[float, float]) -> list[tuple[float, float]]:
    x0, y0, x1, y1 = shape.area.bounds
    step = max(step, (x1 - x0) / 40, (y1 - y0) / 40)
    xs = np.arange(x0 + step / 2, x1, step)
    ys = np.arange(y0 + step / 2, y1, step)
    if not len(xs) or not len(ys):
        return []
    mesh_x, mesh_y = np.meshgrid(xs, ys)
    gx, gy = mesh_x.ravel(), mesh_y.ravel()
    inside = shapely.contains_xy(shape.area, gx, gy)
    gx, gy = gx[inside], gy[inside]
    order = np.argsort((gx - near[0]) ** 2 + (gy - near[1]) ** 2)
    return [(float(gx[i]), float(gy[i])) for i in order[:120]]


def _cluster(own: Sequence[Obstacle], shape: LocationShape, u: float) -> Box:
    """The box round the province's symbols at its unit spot (a fleet on a far coast is left out)."""
    x, y = shape.unit.x(), shape.unit.y()
    near = [o for o in own
            if math.hypot((o.box.x0 + o.box.x1) / 2 - x, (o.box.y0 + o.box.y1) / 2 - y) <= 2.2 * u]
    if not near:
        return Box.around(x, y, 0.2 * u, 0.2 * u)
    return Box(min(o.box.x0 for o in near), min(o.box.y0 for o in near),
               max(o.box.x1 for o in near), max(o.box.y1 for o in near))


def _sea_facing_points(geometry: BoardGeometry, coast: LocationShape, step: float) -> list[tuple[float, float]]:
    """Points of the coast region's outline that touch water: where its seas are."""
    ring_points: list[tuple[float, float]] = []
    for poly in getattr(coast.area, "geoms", [coast.area]):
        ring = poly.exterior
        n = max(8, int(ring.length / step))
        for i in range(n):
            p = ring.interpolate(i / n, normalized=True)
            ring_points.append((p.x, p.y))
    if not ring_points:
        return []
    water = _water_near(geometry, coast)
    pts = np.array(ring_points)
    near = shapely.dwithin(water, shapely.points(pts[:, 0], pts[:, 1]), step * 0.6)
    return [p for p, ok in zip(ring_points, near) if ok]


_water_cache: dict[tuple[int, str], BaseGeometry] = {}


def _water_near(geometry: BoardGeometry, shape: LocationShape) -> BaseGeometry:
    """The sea regions round ``shape`` (those whose bounds come within a few units of it), merged."""
    key = (id(geometry), shape.loc)
    found = _water_cache.get(key)
    if found is None:
        x0, y0, x1, y1 = shape.area.bounds
        pad = 4.0
        seas = [p.area for p in geometry.provinces.values() if p.is_sea and _meets(p.area.bounds, (x0 - pad, y0 - pad, x1 + pad, y1 + pad))]
        found = shapely.unary_union(seas) if seas else shapely.Polygon()
        shapely.prepare(found)
        if len(_water_cache) > 4096:
            _water_cache.clear()
        _water_cache[key] = found
    return found


def _meets(a: tuple[float, ...], b: tuple[float, ...]) -> bool:
    return a[0] <= b[2] and b[0] <= a[2] and a[1] <= b[3] and b[1] <= a[3]


def layout_board(
    geometry: BoardGeometry,
    picture: BoardPicture,
    *,
    u: float,
    em: float,
    coast_em: float,
    measure: Measure,
    failures: Iterable[tuple[float, float]] = (),
    texts: Mapping[str, str] | None = None,
    tags: Mapping[str, tuple[str, Sequence[str]]] | None = None,
    tag_em: float = 0.0,
    drop_crowded: bool = False,
) -> BoardLayout:
    """Place every label of ``geometry`` around the symbols of ``picture`` drawn at unit size ``u``.

    ``texts`` maps a province to the text its label shows (default: its id); ``tags`` maps a group's key
    to (its text, its provinces), each drawn once at ``tag_em``; with ``drop_crowded`` a label with no clear
    spot is left out (see the module's note)."""
    _import_numeric()
    centres = centre_spots(geometry, picture, u)
    obstacles = symbol_obstacles(geometry, picture, u, centres, failures)
    if not picture.show_labels:
        return BoardLayout((), tuple(obstacles), centres)
    blocked = _Grid(max(em * 3, u * 2))
    for o in obstacles:
        blocked.add(o.box)
    own: dict[str, list[Obstacle]] = {}
    for o in obstacles:
        if o.loc:
            own.setdefault(o.loc.split("/", 1)[0], []).append(o)
    placed: list[PlacedLabel] = []
    board = Box(0.0, 0.0, geometry.width, geometry.height)

    def fits(box: Box) -> bool:
        return board.x0 <= box.x0 and box.x1 <= board.x1 and board.y0 <= box.y0 and box.y1 <= board.y1 and (
            not blocked.hits(box))

    hidden: list[str] = []
    placed_tags = [_place_tag(geometry, key, text, members, tag_em, measure, fits)
                   for key, (text, members) in sorted((tags or {}).items())]
    for tag in placed_tags:
        blocked.add(tag.box)

    # Coast labels first: each must sit on its own short stretch of shore.
    for pid, shape in sorted(geometry.provinces.items(), key=lambda item: item[1].area.area):
        for coast in shape.coasts.values():
            text = (coast.coast or "").lower()
            w, h = measure(text, coast_em, True)
            label = _place_coast(geometry, coast, text, coast_em, w, h, fits)
            if drop_crowded and not fits(label.box):
                hidden.append(coast.loc)
                continue
            placed.append(label)
            blocked.add(label.box)

    for pid, shape in sorted(geometry.provinces.items(), key=lambda item: item[1].area.area):
        if pid in picture.unexplored:
            continue  # never seen by the viewer: no name
        mine = own.get(pid, [])
        # a viewer's own name for the area (Age of Discovery's X Y) first, else the zoom level's text
        text = picture.label_texts.get(pid) or (texts.get(pid, pid) if texts else pid)
        label = _place_province(shape, text, em, measure, mine, u, fits, blocked,
                                min_scale=LEGIBLE_SCALE if drop_crowded else SHRINK_LIMIT)
        if drop_crowded and not fits(label.box):
            hidden.append(pid)
            continue
        placed.append(label)
        blocked.add(label.box)
        for part, piece in enumerate(_canal_banks(geometry, shape, label), start=1):
            w, h = measure(text, em * 0.85, shape.is_sea)
            repeat = _place_on_piece(shape, piece, text, em * 0.85, w, h, fits, part)
            if repeat is not None:
                placed.append(repeat)
                blocked.add(repeat.box)
    return BoardLayout(tuple(placed), tuple(obstacles), centres, tuple(hidden), tuple(placed_tags))


def _place_tag(geometry: BoardGeometry, key: str, text: str, members: Sequence[str], em: float, measure: Measure,
               fits: Callable[[Box], bool]) -> PlacedLabel:
    """A group's tag: at the middle of its provinces (their label spots weighted by their extent), or the
    nearest spot clear of the symbols within the group's extent."""
    shapes = [geometry.provinces[m] for m in members if m in geometry.provinces]
    w, h = measure(text, em, False)
    if not shapes:
        return PlacedLabel(key, text, 0.0, 0.0, em, Box.around(0.0, 0.0, w / 2, h / 2), False, False, False)
    weights = [max(1.0, s.bounds.width() * s.bounds.height()) for s in shapes]
    total = sum(weights)
    cx = sum(s.label.x() * wt for s, wt in zip(shapes, weights)) / total
    cy = sum(s.label.y() * wt for s, wt in zip(shapes, weights)) / total
    x0 = min(s.bounds.left() for s in shapes)
    x1 = max(s.bounds.right() for s in shapes)
    y0 = min(s.bounds.top() for s in shapes)
    y1 = max(s.bounds.bottom() for s in shapes)
    step = max(2.0, h * 0.5)
    spots = [(cx, cy)] + sorted(((float(x), float(y)) for x in np.arange(x0, x1, step) for y in np.arange(y0, y1, step)),
                                key=lambda p: (p[0] - cx) ** 2 + (p[1] - cy) ** 2)
    for x, y in spots:
        box = Box.around(x, y, w / 2, h / 2)
        if fits(box):
            return PlacedLabel(key, text, x, y, em, box, False, False, True)
    return PlacedLabel(key, text, cx, cy, em, Box.around(cx, cy, w / 2, h / 2), False, False, True)


CANAL_BANK_MIN_AREA = 400.0  # map units²: a piece smaller than this across a canal is left unlabelled


def _canal_banks(geometry: BoardGeometry, shape: LocationShape, label: PlacedLabel) -> list[BaseGeometry]:
    """The pieces of a province a canal cuts off from the piece its label is on (Egypt's Sinai bank):
    seen across the canal they would otherwise look like a province of their own."""
    canals = [d for d in geometry.decorations if d.kind == "canal" and len(d.points) >= 2]
    if not canals or shape.is_sea:
        return []
    lines = [shapely.LineString([(p.x(), p.y()) for p in d.points]) for d in canals]
    crossing = [line for line in lines if line.intersects(shape.area)]
    if not crossing:
        return []
    cut = shape.area.difference(shapely.unary_union([line.buffer(1.0) for line in crossing]))
    pieces = list(getattr(cut, "geoms", [cut]))
    return [piece for piece in pieces
            if piece.area >= CANAL_BANK_MIN_AREA and not shapely.contains_xy(piece, label.x, label.y)
            and any(piece.distance(line) <= 3.0 for line in crossing)]


def _place_on_piece(shape: LocationShape, piece: BaseGeometry, text: str, em: float, w: float, h: float,
                    fits: Callable[[Box], bool], part: int) -> PlacedLabel | None:
    point = piece.representative_point()
    spots = [(point.x, point.y)]
    x0, y0, x1, y1 = piece.bounds
    step = max(2.0, h * 0.5)
    spots += [(float(x), float(y)) for x in np.arange(x0, x1, step) for y in np.arange(y0, y1, step)]
    inside = _centres_inside(piece, spots, 0.0)
    for (x, y), ok in zip(spots, inside):
        box = Box.around(x, y, w / 2, h / 2)
        if ok and fits(box):
            return PlacedLabel(shape.loc, text, x, y, em, box, shape.is_sea, shape.is_sea, True, part)
    return None


def _place_province(shape: LocationShape, text: str, em: float, measure: Measure, mine: Sequence[Obstacle],
                    u: float, fits: Callable[[Box], bool], blocked: _Grid, *,
                    min_scale: float = SHRINK_LIMIT) -> PlacedLabel:
    sea = shape.is_sea
    anchor = (shape.unit.x(), shape.unit.y())
    cluster = _cluster(mine, shape, u)
    tries = tuple(t for t in ((1.0, 0.0, True), (1.0, 0.0, False), (0.85, 0.0, False), (0.85, 0.6, False),
                              (SHRINK_LIMIT, 1.2, False), (SHRINK_LIMIT, 2.5, False)) if t[0] >= min_scale)
    fallback: tuple[float, PlacedLabel] | None = None
    for scale, spill, strict in tries:
        size = em * scale
        w, h = measure(text, size, sea)
        hw, hh = w / 2, h / 2
        near = [(shape.label.x(), shape.label.y()), *_around(cluster, hw, hh, GAP * u)]
        for o in mine:  # beside each of its own symbols (a centre far from the unit spot, a fleet's coast)
            near += _around(o.box, hw, hh, GAP * u)[:4]
        if spill:  # allowed over the border: spots in rings round the province's symbols too
            near += _rings(cluster, hw, hh, u)
        # Points spread over the province are tried only when no spot by its symbols is free.
        for spots in _candidate_sets(near, shape, max(h * 0.7, 2.0), anchor):
            boxes = [Box.around(x, y, hw, hh) for x, y in spots]
            if strict:
                ok = _box_inside(shape.area, boxes, min(2.0, h * 0.2))
            else:
                ok = _centres_inside(shape.area, spots, spill * h)
            for (x, y), box, good in zip(spots, boxes, ok):
                if not good:
                    continue
                if fits(box):
                    return PlacedLabel(shape.loc, text, x, y, size, box, sea, sea,
                                       bool(shapely.contains_xy(shape.area, x, y)))
                cost = blocked.overlap(box)
                if fallback is None or cost < fallback[0]:
                    fallback = (cost, PlacedLabel(shape.loc, text, x, y, size, box, sea, sea, True))
    if fallback is not None:
        return fallback[1]
    w, h = measure(text, em, sea)
    x, y = shape.label.x(), shape.label.y()
    return PlacedLabel(shape.loc, text, x, y, em, Box.around(x, y, w / 2, h / 2), sea, sea, True)


def _place_coast(geometry: BoardGeometry, coast: LocationShape, text: str, em: float, w: float, h: float,
                 fits: Callable[[Box], bool]) -> PlacedLabel:
    hw, hh = w / 2, h / 2
    fleet = (coast.unit.x(), coast.unit.y())
    shore = _sea_facing_points(geometry, coast, max(2.0, h * 0.5))
    spots: list[tuple[float, float]] = []
    for sx, sy in shore:
        dx, dy = fleet[0] - sx, fleet[1] - sy
        d = math.hypot(dx, dy) or 1.0
        for inset in (0.75, 1.1, 1.6):  # just inside the shore, the box clear of the coastline
            step = min(d, math.hypot(hw, hh) * inset)
            spots.append((sx + dx / d * step, sy + dy / d * step))
    spots.sort(key=lambda p: (p[0] - fleet[0]) ** 2 + (p[1] - fleet[1]) ** 2)
    spots.append((coast.label.x(), coast.label.y()))
    boxes = [Box.around(x, y, hw, hh) for x, y in spots]
    inside = _centres_inside(coast.area, spots, 0.0)
    first_inside: tuple[float, float] | None = None
    for (x, y), box, ok in zip(spots, boxes, inside):
        if not ok:
            continue
        first_inside = first_inside or (x, y)
        if fits(box):
            return PlacedLabel(coast.loc, text, x, y, em, box, True, False, True)
    x, y = first_inside or (coast.label.x(), coast.label.y())
    return PlacedLabel(coast.loc, text, x, y, em, Box.around(x, y, hw, hh), True, False, first_inside is not None)


def overlapping_labels(layout: BoardLayout) -> list[tuple[str, str]]:
    """Pairs (label, what it overlaps) — empty when the layout is clean (used by tests and checks)."""
    found: list[tuple[str, str]] = []
    labels = layout.labels
    labels = (*layout.tags, *labels)
    for i, a in enumerate(labels):
        for b in labels[i + 1:]:
            if a.box.overlaps(b.box):
                found.append((a.loc, f"label {b.loc}"))
        for o in layout.obstacles:
            if a.box.overlaps(o.box):
                found.append((a.loc, f"{o.kind} {o.loc}".strip()))
    return found
