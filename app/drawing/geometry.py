"""A board's shapes: the ``geometry.json`` reader and the cached Qt paths, anchors and hit index.

A :class:`BoardGeometry` is built once per map (:func:`load_map_geometry` caches it) and never changes,
so painting only reads prepared ``QPainterPath`` objects. The file format (``chancellery-geometry``
version 1, map units with y growing downward) is summarised in the docstring of :mod:`app.drawing`.

Shapely builds the paths (and answers the label layout's questions about areas), but it is imported only
when needed: :func:`load_map_geometry` takes the paths from :mod:`app.drawing.geometry_cache` when a
previous run left them there, and each shape's shapely ``area`` is made from the file's rings on first use.
"""
from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QPainterPath, QPolygonF

from engine.geometry.rules import DECORATION_KINDS, UNIT_RADIUS
from engine.jsonfile import read_json

from . import geometry_cache
from .errors import GeometryError
from .geometry_cache import PreparedPaths
from .paths import geometry_path

if TYPE_CHECKING:
    from shapely.geometry import LineString, Polygon
    from shapely.geometry.base import BaseGeometry

AreaLoader = Callable[[], "BaseGeometry"]

GEOMETRY_FORMAT = "chancellery-geometry"
GEOMETRY_FORMAT_VERSION = 1
_TERRAINS = {"land": False, "coast": False, "sea": True, "impassable": False}
_HIT_GRID = 48  # cells per side of the hit-test index
_MIN_UNPLAYABLE_AREA = 1.0  # map units²; smaller leftovers of background land are rounding slivers


class _LazyArea:
    """A shapely area given, or made by ``loader`` on first use (shapely is imported then)."""

    __slots__ = ("_area", "_loader")

    def __init__(self, area: BaseGeometry | None, loader: AreaLoader | None) -> None:
        if area is None and loader is None:
            raise ValueError("a shape needs an area or a way to make one")
        self._area = area
        self._loader = loader

    def get(self) -> BaseGeometry:
        if self._area is None:
            assert self._loader is not None
            self._area, self._loader = self._loader(), None
        return self._area


class LocationShape:
    """A province or one coast of a province: its outline, anchors and (for provinces) coasts."""

    __slots__ = ("loc", "province", "coast", "path", "bounds", "unit", "dislodged", "label", "sc", "is_sea",
                 "coasts", "_area")

    def __init__(self, *, loc: str, province: str, coast: str | None, path: QPainterPath, bounds: QRectF,
                 unit: QPointF, dislodged: QPointF, label: QPointF, area: BaseGeometry | None = None,
                 area_loader: AreaLoader | None = None, sc: QPointF | None = None, is_sea: bool = False,
                 coasts: dict[str, LocationShape] | None = None) -> None:
        self.loc = loc  # "LON", or "STP/NC" for a coast
        self.province = province
        self.coast = coast
        self.path = path
        self.bounds = bounds
        self.unit = unit
        self.dislodged = dislodged
        self.label = label
        self.sc = sc
        self.is_sea = is_sea
        self.coasts: dict[str, LocationShape] = {} if coasts is None else coasts
        self._area = _LazyArea(area, area_loader)

    @property
    def area(self) -> BaseGeometry:
        """The shapely (multi)polygon, for label fitting and terrain inference (made on first use)."""
        return self._area.get()


class ImpassableShape:
    __slots__ = ("id", "path", "hatch", "_area")

    def __init__(self, id: str, path: QPainterPath, area: BaseGeometry | None, hatch: QPainterPath,
                 area_loader: AreaLoader | None = None) -> None:
        self.id = id
        self.path = path
        self.hatch = hatch  # diagonal hatch lines already clipped to the area
        self._area = _LazyArea(area, area_loader)

    @property
    def area(self) -> BaseGeometry:
        return self._area.get()


@dataclass(eq=False, slots=True)
class Decoration:
    kind: str  # "route" (railway), "canal", "crossing" (red arrow) or "sea-route" (off the board)
    id: str
    points: tuple[QPointF, ...]
    path: QPainterPath


class BoardGeometry:
    """Shapes of one map, prepared for painting and hit-testing. Build with :func:`geometry_from_dict`."""

    def __init__(
        self,
        *,
        map_id: str,
        width: float,
        height: float,
        wrap_x: bool,
        provinces: dict[str, LocationShape],
        impassable: dict[str, ImpassableShape],
        sea_background: QPainterPath | None,
        land_background: QPainterPath | None,
        land_background_area: BaseGeometry | AreaLoader | None,
        decorations: tuple[Decoration, ...],
        unit_size: float,
        prepared: PreparedPaths | None = None,
        wrap_y: bool = False,
    ) -> None:
        """``land_background_area`` may be a loader (made on first use); ``prepared`` gives the derived paths
        (coastline, land of no province, ridges, borders) from the cache instead of shapely."""
        self.map_id = map_id
        self.width = width
        self.height = height
        self.wrap_x = wrap_x
        self.wrap_y = wrap_y  # the top and bottom edges meet too (Age of Discovery's torus)
        self.provinces: Mapping[str, LocationShape] = provinces
        self.impassable: Mapping[str, ImpassableShape] = impassable
        self.sea_background = sea_background
        self.land_background = land_background
        self.decorations = decorations
        self.unit_size = unit_size
        self._land_background = (None if land_background_area is None else _LazyArea(
            None, land_background_area) if callable(land_background_area) else _LazyArea(land_background_area, None))
        self._locations: dict[str, LocationShape] = {}
        for province in provinces.values():
            self._locations[province.loc] = province
            for coast in province.coasts.values():
                self._locations[coast.loc] = coast
        self._coastline: QPainterPath | None = None
        self._land_area: BaseGeometry | None = None
        self._unplayable_land: QPainterPath | None = None
        self._ridges: tuple[ImpassableShape, ...] | None = None
        self._border_lines: tuple[list[QPolygonF], list[QPolygonF]] | None = None
        if prepared is not None:
            self._coastline = prepared.coastline
            self._unplayable_land = prepared.unplayable_land
            self._ridges = tuple(ImpassableShape(f"ridge{i}", path, None, hatch, area_loader=_loader_of_path(path))
                                 for i, (path, hatch) in enumerate(prepared.ridges))
            self._border_lines = (prepared.sea_lines, prepared.land_lines)
        self._hit_index_built = False  # built on the first hit test (scaled copies never need one)

    # --- lookup ---------------------------------------------------------------------------------

    @property
    def rect(self) -> QRectF:
        return QRectF(0.0, 0.0, self.width, self.height)

    @property
    def sea_provinces(self) -> frozenset[str]:
        return frozenset(p.loc for p in self.provinces.values() if p.is_sea)

    @property
    def supply_centres(self) -> frozenset[str]:
        """Provinces that have a supply-centre anchor."""
        return frozenset(p.loc for p in self.provinces.values() if p.sc is not None)

    def locations(self) -> Iterator[str]:
        """Every province id and every coast location (``"STP/NC"``)."""
        return iter(self._locations)

    def has_location(self, loc: str) -> bool:
        return normalise_location(loc) in self._locations

    def shape(self, loc: str) -> LocationShape:
        """The shape of a province or coast; a coast given for a province without coasts is an error."""
        key = normalise_location(loc)
        found = self._locations.get(key)
        if found is None:
            province = key.split("/", 1)[0]
            if province in self.provinces:
                coasts = ", ".join(self.provinces[province].coasts) or "none"
                raise GeometryError(f"map {self.map_id!r}: province {province} has no coast {key!r} (coasts: {coasts})")
            raise GeometryError(f"map {self.map_id!r} has no location {loc!r}")
        return found

    def unit_anchor(self, loc: str) -> QPointF:
        return self.shape(loc).unit

    def dislodged_anchor(self, loc: str) -> QPointF:
        return self.shape(loc).dislodged

    def label_anchor(self, loc: str) -> QPointF:
        return self.shape(loc).label

    # --- derived paths --------------------------------------------------------------------------

    @property
    def land_area(self) -> BaseGeometry:
        """All land as one shapely geometry: the background land if given, else land provinces and
        impassable areas merged. Its outline is the coastline."""
        if self._land_area is None:
            if self._land_background is not None:
                self._land_area = self._land_background.get()
            else:
                import shapely
                from shapely.geometry import Polygon

                parts = [p.area for p in self.provinces.values() if not p.is_sea]
                parts += [i.area for i in self.impassable.values()]
                self._land_area = shapely.unary_union(parts) if parts else Polygon()
        return self._land_area

    @property
    def unplayable_land(self) -> QPainterPath:
        """Background land outside every province and impassable area (Ireland on the standard map),
        except the thin strips in :attr:`ridges`."""
        if self._unplayable_land is None:
            self._split_unplayable()
        assert self._unplayable_land is not None
        return self._unplayable_land

    @property
    def ridges(self) -> tuple[ImpassableShape, ...]:
        """Thin strips of land of no province between provinces (Colonial's Himalaya): drawn as impassable
        mountains, so they read as a barrier rather than as a gap in the map."""
        if self._ridges is None:
            self._split_unplayable()
        assert self._ridges is not None
        return self._ridges

    def _between_land(self, piece: Polygon) -> bool:
        """Does most of ``piece``'s outline run along land provinces (rather than water)?"""
        import shapely

        near = [p.area for p in self.provinces.values() if not p.is_sea and _bounds_meet(p.area.bounds, piece.bounds)]
        if len(near) < 2:
            return False
        land = shapely.unary_union(near)
        outline = piece.exterior
        samples = [outline.interpolate(i / 40, normalized=True) for i in range(40)]
        touching = shapely.dwithin(land, samples, 0.8)
        return float(touching.mean()) >= 0.8

    def _split_unplayable(self) -> None:
        path, ridges = QPainterPath(), []
        if self._land_background is not None:
            import shapely
            import shapely.errors
            from shapely.geometry import MultiPolygon

            land_background = self._land_background.get()
            board = [p.area for p in self.provinces.values() if not p.is_sea]
            board += [i.area for i in self.impassable.values()]
            try:
                rest = land_background.difference(shapely.unary_union(board))
                # Rounding leaves hairline slivers along shared coasts; only real land is kept.
                pieces = [p for p in _polygons_of(rest) if p.area >= _MIN_UNPLAYABLE_AREA]
                # A ridge runs between provinces; thin islands and spits in the water stay plain land.
                thin = [p for p in pieces if _is_ridge(p) and self._between_land(p)]
                path = _path_from_shapely(MultiPolygon([p for p in pieces if not any(p is t for t in thin)]))
                ridges = [ImpassableShape(f"ridge{i}", _path_from_shapely(p), p, _hatch(p, self.unit_size * 0.32))
                          for i, p in enumerate(thin)]
            except shapely.errors.GEOSException:
                path = self.land_background or QPainterPath()
        self._unplayable_land, self._ridges = path, tuple(ridges)

    @property
    def coastline(self) -> QPainterPath:
        """The outline of :attr:`land_area` as closed subpaths (drawn bolder than other borders)."""
        if self._coastline is None:
            self._coastline = _path_from_shapely(self.land_area)
        return self._coastline

    @property
    def border_lines(self) -> tuple[list[QPolygonF], list[QPolygonF]]:
        """The outlines of the sea provinces, and of the land provinces with impassable areas, each border
        once, merged into long polylines (many short polylines rasterise far faster than one path)."""
        if self._border_lines is None:
            sea = [p.area for p in self.provinces.values() if p.is_sea]
            land = [p.area for p in self.provinces.values() if not p.is_sea]
            land += [i.area for i in self.impassable.values()]
            self._border_lines = (_border_lines(sea), _border_lines(land))
        return self._border_lines

    def prepared_paths(self) -> PreparedPaths:
        """Every path this geometry derives with shapely, worked out now (for the on-disk cache)."""
        sea_lines, land_lines = self.border_lines
        paths: dict[str, QPainterPath] = {}
        for province in self.provinces.values():
            paths[province.loc] = province.path
            for coast in province.coasts.values():
                paths[coast.loc] = coast.path
        return PreparedPaths(
            is_sea={pid: p.is_sea for pid, p in self.provinces.items()},
            paths=paths,
            impassable={iid: (i.path, i.hatch) for iid, i in self.impassable.items()},
            sea_background=self.sea_background,
            land_background=self.land_background,
            coastline=self.coastline,
            unplayable_land=self.unplayable_land,
            ridges=[(r.path, r.hatch) for r in self.ridges],
            sea_lines=sea_lines,
            land_lines=land_lines,
        )

    # --- hit testing ----------------------------------------------------------------------------

    def _build_hit_index(self) -> None:
        self._hit_index_built = True
        self._cell_w = max(self.width, 1e-9) / _HIT_GRID
        self._cell_h = max(self.height, 1e-9) / _HIT_GRID
        self._coast_cells: list[list[LocationShape]] = [[] for _ in range(_HIT_GRID * _HIT_GRID)]
        self._province_cells: list[list[LocationShape]] = [[] for _ in range(_HIT_GRID * _HIT_GRID)]
        for province in self.provinces.values():
            self._index(province, self._province_cells)
            for coast in province.coasts.values():
                self._index(coast, self._coast_cells)

    def _index(self, shape: LocationShape, cells: list[list[LocationShape]]) -> None:
        b = shape.bounds
        c0 = max(0, int(b.left() / self._cell_w))
        c1 = min(_HIT_GRID - 1, int(b.right() / self._cell_w))
        r0 = max(0, int(b.top() / self._cell_h))
        r1 = min(_HIT_GRID - 1, int(b.bottom() / self._cell_h))
        for row in range(r0, r1 + 1):
            for col in range(c0, c1 + 1):
                cells[row * _HIT_GRID + col].append(shape)

    def location_at(self, x: float, y: float, *, coasts: bool = True) -> str | None:
        """The location under map point (x, y), or ``None`` off the board or outside every province.

        A point inside a coast's region gives the coast (``"STP/NC"``) when ``coasts`` is true, since a
        click there means that coast for a fleet; otherwise the province id. Impassable areas give None.
        """
        if not (math.isfinite(x) and math.isfinite(y)):
            return None
        if self.wrap_x and self.width > 0:
            x = x % self.width
        if self.wrap_y and self.height > 0:
            y = y % self.height
        if not (0.0 <= x <= self.width and 0.0 <= y <= self.height):
            return None
        if not self._hit_index_built:
            self._build_hit_index()
        col = min(_HIT_GRID - 1, int(x / self._cell_w))
        row = min(_HIT_GRID - 1, int(y / self._cell_h))
        point = QPointF(x, y)
        if coasts:
            for shape in self._coast_cells[row * _HIT_GRID + col]:
                if shape.bounds.contains(point) and shape.path.contains(point):
                    return shape.loc
        for shape in self._province_cells[row * _HIT_GRID + col]:
            if shape.bounds.contains(point) and shape.path.contains(point):
                return shape.loc
        return None


def normalise_location(loc: str) -> str:
    """``"stp/nc"`` -> ``"STP/NC"``; surrounding spaces dropped."""
    return loc.strip().upper() if isinstance(loc, str) else str(loc)


def location_at(geometry: BoardGeometry, x: float, y: float, *, coasts: bool = True) -> str | None:
    """Module-level form of :meth:`BoardGeometry.location_at` (map units)."""
    return geometry.location_at(x, y, coasts=coasts)


# --- loading ------------------------------------------------------------------------------------


def load_geometry(path: str | Path, *, sea_provinces: Iterable[str] | None = None,
                  use_cache: bool = False) -> BoardGeometry:
    """Read a ``geometry.json`` file.

    Which provinces are sea comes from ``sea_provinces`` if given, else from each province's optional
    ``"terrain"`` entry, else it is inferred: a province whose unit anchor lies in the background sea
    (or outside the background land) is sea. With ``use_cache`` the paths come from the on-disk cache
    of an earlier run when it has them (and are stored there when it has not).
    """
    file = Path(path)
    key = None
    if use_cache:
        try:
            key = geometry_cache.cache_key(file.read_bytes(), sea_provinces)
        except OSError:
            key = None  # read_json names the problem
    data = read_json(file, GeometryError)
    try:
        if key is not None:
            prepared = geometry_cache.read_prepared(key)
            if prepared is not None:
                try:
                    return geometry_from_dict(data, sea_provinces=sea_provinces, prepared=prepared)
                except _StalePaths:
                    pass  # another file under the same key (practically never): build anew
        geometry = geometry_from_dict(data, sea_provinces=sea_provinces)
    except GeometryError as exc:
        raise GeometryError(f"{file}: {exc}") from exc
    if key is not None:
        geometry_cache.write_prepared(key, geometry.prepared_paths())
    return geometry


@cache
def load_map_geometry(map_id: str) -> BoardGeometry:
    """The geometry of ``resources/maps/<map_id>/``, loaded once per process.

    Sea provinces come from the map's own terrain (``engine.mapdata``) when it has a map file, else from
    the inference of :func:`load_geometry`.
    """
    return load_geometry(geometry_path(map_id), sea_provinces=_engine_sea_provinces(map_id), use_cache=True)


def _engine_sea_provinces(map_id: str) -> frozenset[str] | None:
    try:
        from engine.mapdata import load_map
        from engine.types import ChancelleryError

        try:
            board = load_map(map_id)
        except ChancelleryError:
            return None
        return frozenset(p.id for p in board.provinces.values() if p.is_sea)
    except ImportError:
        return None


class _StalePaths(Exception):
    """The cached paths don't fit this geometry file."""


def geometry_from_dict(data: Any, *, sea_provinces: Iterable[str] | None = None,
                       prepared: PreparedPaths | None = None) -> BoardGeometry:
    """Build a :class:`BoardGeometry` from parsed ``geometry.json`` data; errors name the bad entry.

    With ``prepared`` (the paths an earlier build of the same data derived, see :mod:`.geometry_cache`)
    nothing is built with shapely: the areas are made from the rings only when first asked for."""
    if not isinstance(data, dict):
        raise GeometryError("geometry must be a JSON object")
    if data.get("format") != GEOMETRY_FORMAT:
        raise GeometryError(f"format is {data.get('format')!r}, expected {GEOMETRY_FORMAT!r}")
    if data.get("format_version") != GEOMETRY_FORMAT_VERSION:
        raise GeometryError(
            f"format_version {data.get('format_version')!r} is not supported"
            f" (this build reads {GEOMETRY_FORMAT_VERSION})"
        )
    map_id = data.get("map")
    if not isinstance(map_id, str) or not map_id:
        raise GeometryError("map: expected the map id as a string")
    width = _number(data.get("width"), "width", positive=True)
    height = _number(data.get("height"), "height", positive=True)
    wrap_x = data.get("wrap_x", False)
    if not isinstance(wrap_x, bool):
        raise GeometryError("wrap_x: expected true or false")
    wrap_y = data.get("wrap_y", False)
    if not isinstance(wrap_y, bool):
        raise GeometryError("wrap_y: expected true or false")

    background = data.get("background") or {}
    if not isinstance(background, dict):
        raise GeometryError("background: expected an object")
    raw_sea, raw_land = background.get("sea"), background.get("land")
    if prepared is None:
        sea_area = _multipolygon(raw_sea, "background.sea", optional=True)
        land_area: BaseGeometry | AreaLoader | None = _multipolygon(raw_land, "background.land", optional=True)
        sea_background = _path_from_shapely(sea_area) if sea_area is not None else None
        land_background = _path_from_shapely(land_area) if land_area is not None else None  # type: ignore[arg-type]
    else:
        if (raw_sea is None) != (prepared.sea_background is None) or (raw_land is None) != (
                prepared.land_background is None):
            raise _StalePaths
        sea_area = None
        land_area = None if raw_land is None else _area_loader(raw_land, "background.land")
        sea_background, land_background = prepared.sea_background, prepared.land_background

    raw_provinces = data.get("provinces")
    if not isinstance(raw_provinces, dict) or not raw_provinces:
        raise GeometryError("provinces: expected a non-empty object of province id -> shape")
    declared_sea = {normalise_location(p) for p in sea_provinces} if sea_provinces is not None else None
    provinces: dict[str, LocationShape] = {}
    for raw_id, entry in raw_provinces.items():
        pid = normalise_location(raw_id)
        if not pid or "/" in pid:
            raise GeometryError(f"provinces: bad province id {raw_id!r}")
        provinces[pid] = _province(pid, entry, declared_sea, sea_area, land_area, prepared)
    if declared_sea is not None:
        unknown = sorted(declared_sea - provinces.keys())
        if unknown:
            raise GeometryError(f"sea provinces not in the geometry: {', '.join(unknown)}")

    raw_impassable = data.get("impassable") or {}
    if not isinstance(raw_impassable, dict):
        raise GeometryError("impassable: expected an object of id -> MULTIPOLYGON")
    unit_size = _unit_size(data.get("unit_size"))
    impassable: dict[str, ImpassableShape] = {}
    for raw_id, polygons in raw_impassable.items():
        iid = str(raw_id)
        if prepared is None:
            area = _multipolygon(polygons, f"impassable.{raw_id}")
            assert area is not None
            impassable[iid] = ImpassableShape(iid, _path_from_shapely(area), area, _hatch(area, unit_size * 0.32))
        else:
            if iid not in prepared.impassable:
                raise _StalePaths
            path, hatch = prepared.impassable[iid]
            impassable[iid] = ImpassableShape(iid, path, None, hatch,
                                              area_loader=_area_loader(polygons, f"impassable.{raw_id}"))
    if prepared is not None and len(impassable) != len(prepared.impassable):
        raise _StalePaths

    decorations = tuple(_decoration(d, i) for i, d in enumerate(data.get("decorations") or []))
    return BoardGeometry(
        map_id=map_id,
        width=width,
        height=height,
        wrap_x=wrap_x,
        wrap_y=wrap_y,
        provinces=provinces,
        impassable=impassable,
        sea_background=sea_background,
        land_background=land_background,
        land_background_area=land_area,
        decorations=decorations,
        unit_size=unit_size,
        prepared=prepared,
    )


def _area_loader(raw: Any, where: str) -> AreaLoader:
    def load() -> BaseGeometry:
        area = _multipolygon(raw, where)
        assert area is not None
        return area

    return load


def _loader_of_path(path: QPainterPath) -> AreaLoader:
    """The area inside a path's closed subpaths (a cached ridge's outline back as a polygon)."""
    def load() -> BaseGeometry:
        import shapely
        from shapely.geometry import Polygon

        rings = [[(poly.at(i).x(), poly.at(i).y()) for i in range(poly.size())] for poly in path.toSubpathPolygons()]
        return shapely.make_valid(shapely.MultiPolygon([Polygon(r) for r in rings if len(r) >= 3]))

    return load


def _province(
    pid: str,
    entry: Any,
    declared_sea: set[str] | None,
    sea_area: BaseGeometry | None,
    land_area: BaseGeometry | AreaLoader | None,
    prepared: PreparedPaths | None,
) -> LocationShape:
    where = f"provinces.{pid}"
    if not isinstance(entry, dict):
        raise GeometryError(f"{where}: expected an object")
    unit = _point(entry.get("unit"), f"{where}.unit")
    dislodged = _point(entry.get("dislodged", entry.get("unit")), f"{where}.dislodged")
    label = _point(entry.get("label", entry.get("unit")), f"{where}.label")
    sc = None if entry.get("sc") is None else _point(entry.get("sc"), f"{where}.sc")
    terrain = entry.get("terrain")
    if terrain is not None and terrain not in _TERRAINS:
        raise GeometryError(f"{where}.terrain: {terrain!r} is not one of {', '.join(_TERRAINS)}")
    path, area, area_loader = _outline(prepared, pid, entry.get("region"), f"{where}.region")
    if prepared is not None:
        if pid not in prepared.is_sea:
            raise _StalePaths
        is_sea = prepared.is_sea[pid]
    else:
        is_sea = _is_sea(pid, unit, terrain, declared_sea, sea_area, land_area)
    shape = LocationShape(
        loc=pid,
        province=pid,
        coast=None,
        path=path,
        bounds=path.boundingRect(),
        unit=unit,
        dislodged=dislodged,
        label=label,
        area=area,
        area_loader=area_loader,
        sc=sc,
        is_sea=is_sea,
    )
    raw_coasts = entry.get("coasts") or {}
    if not isinstance(raw_coasts, dict):
        raise GeometryError(f"{where}.coasts: expected an object of coast id -> shape")
    for raw_coast, coast_entry in raw_coasts.items():
        coast = normalise_location(raw_coast)
        cwhere = f"{where}.coasts.{raw_coast}"
        if not isinstance(coast_entry, dict):
            raise GeometryError(f"{cwhere}: expected an object")
        cunit = _point(coast_entry.get("unit"), f"{cwhere}.unit")
        loc = f"{pid}/{coast}"
        cpath, carea, carea_loader = _outline(prepared, loc, coast_entry.get("region"), f"{cwhere}.region")
        shape.coasts[coast] = LocationShape(
            loc=loc,
            province=pid,
            coast=coast,
            path=cpath,
            bounds=cpath.boundingRect(),
            unit=cunit,
            dislodged=_point(coast_entry.get("dislodged", coast_entry.get("unit")), f"{cwhere}.dislodged"),
            label=_point(coast_entry.get("label", coast_entry.get("unit")), f"{cwhere}.label"),
            area=carea,
            area_loader=carea_loader,
        )
    return shape


def _outline(prepared: PreparedPaths | None, loc: str, region: Any, where: str
             ) -> tuple[QPainterPath, BaseGeometry | None, AreaLoader | None]:
    """A location's outline path, and its shapely area or a loader that makes it on first use: from the
    paths cache when there is one (the area is then built only if asked for), else from the region."""
    if prepared is not None:
        if loc not in prepared.paths:
            raise _StalePaths
        return prepared.paths[loc], None, _area_loader(region, where)
    area = _multipolygon(region, where)
    assert area is not None
    return _path_from_shapely(area), area, None


def _is_sea(pid: str, unit: QPointF, terrain: Any, declared_sea: set[str] | None, sea_area: BaseGeometry | None,
            land_area: BaseGeometry | AreaLoader | None) -> bool:
    if declared_sea is not None:
        return pid in declared_sea
    if terrain is not None:
        return _TERRAINS[terrain]
    if sea_area is None and land_area is None:
        return False
    from shapely.geometry import Point

    if sea_area is not None:
        return bool(sea_area.covers(Point(unit.x(), unit.y())))
    land = land_area() if callable(land_area) else land_area
    assert land is not None
    return not land.covers(Point(unit.x(), unit.y()))


def _decoration(entry: Any, index: int) -> Decoration:
    where = f"decorations[{index}]"
    if not isinstance(entry, dict):
        raise GeometryError(f"{where}: expected an object")
    kind = entry.get("kind")
    if kind not in DECORATION_KINDS:
        raise GeometryError(f"{where}.kind: {kind!r} is not one of {', '.join(DECORATION_KINDS)}")
    raw_points = entry.get("points")
    if not isinstance(raw_points, list) or len(raw_points) < 2:
        raise GeometryError(f"{where}.points: expected at least two [x, y] points")
    points = tuple(_point(p, f"{where}.points[{i}]") for i, p in enumerate(raw_points))
    path = QPainterPath(points[0])
    for p in points[1:]:
        path.lineTo(p)
    return Decoration(kind=kind, id=str(entry.get("id", "")), points=points, path=path)


def _unit_size(given: Any) -> float:
    """Unit symbol size in map units: the file's ``unit_size``, else the diameter the map builder
    leaves free around every unit anchor (``engine.geometry.rules.UNIT_RADIUS``)."""
    if given is not None:
        return _number(given, "unit_size", positive=True)
    return 2.0 * UNIT_RADIUS


# --- value readers ------------------------------------------------------------------------------


def _number(value: Any, where: str, *, positive: bool = False) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise GeometryError(f"{where}: expected a number, got {value!r}")
    if positive and value <= 0:
        raise GeometryError(f"{where}: must be positive, got {value!r}")
    return float(value)


def _point(value: Any, where: str) -> QPointF:
    if not isinstance(value, (list, tuple)) or len(value) != 2:
        raise GeometryError(f"{where}: expected [x, y], got {value!r}")
    return QPointF(_number(value[0], where), _number(value[1], where))


def _ring(value: Any, where: str) -> list[float]:
    """A ring's flat coordinate list, checked."""
    if not isinstance(value, list) or len(value) < 6 or len(value) % 2:
        raise GeometryError(f"{where}: a ring is a flat list [x0, y0, x1, y1, ...] of at least 3 points")
    for v in value:
        if isinstance(v, bool) or not isinstance(v, (int, float)) or not math.isfinite(v):
            raise GeometryError(f"{where}: {v!r} is not a number")
    return value


def _multipolygon(value: Any, where: str, *, optional: bool = False) -> BaseGeometry | None:
    if value is None and optional:
        return None
    if not isinstance(value, list) or not value:
        raise GeometryError(f"{where}: expected a MULTIPOLYGON (a list of polygons, each a list of rings)")
    import numpy as np
    import shapely

    polygons = []
    for i, polygon in enumerate(value):
        if not isinstance(polygon, list) or not polygon:
            raise GeometryError(f"{where}[{i}]: expected a polygon (a list of rings)")
        # Checked in Python (clear errors), then handed to shapely as arrays: far faster than point tuples.
        rings = [np.array(_ring(r, f"{where}[{i}][{j}]"), dtype=float).reshape(-1, 2) for j, r in enumerate(polygon)]
        holes = [shapely.linearrings(hole) for hole in rings[1:]]
        polygons.append(shapely.polygons(rings[0], holes=holes or None))
    area: BaseGeometry = shapely.multipolygons(polygons)
    if not area.is_valid:
        area = shapely.make_valid(area)  # self-touching rings from simplification: keep the area usable
    return area


# --- conversion ---------------------------------------------------------------------------------


RIDGE_MAX_WIDTH = 6.0  # map units: land of no province thinner than this on average is a mountain strip
RIDGE_MIN_LENGTH = 40.0  # ... and longer than this (shorter thin pieces are specks of coast)


def _bounds_meet(a: tuple[float, ...], b: tuple[float, ...], pad: float = 2.0) -> bool:
    return a[0] - pad <= b[2] and b[0] - pad <= a[2] and a[1] - pad <= b[3] and b[1] - pad <= a[3]


def _is_ridge(piece: Polygon) -> bool:
    half_perimeter = piece.length / 2
    return half_perimeter >= RIDGE_MIN_LENGTH and piece.area / half_perimeter < RIDGE_MAX_WIDTH


def _polygons_of(area: BaseGeometry) -> Iterator[Polygon]:
    if area.geom_type == "Polygon":
        yield area
    elif hasattr(area, "geoms"):
        for part in area.geoms:
            yield from _polygons_of(part)


def _ring_polygon(coords: Any) -> QPolygonF:
    return QPolygonF([QPointF(x, y) for x, y in coords])


def _path_from_shapely(area: BaseGeometry) -> QPainterPath:
    """Every ring as a closed subpath; odd-even fill makes holes holes."""
    path = QPainterPath()
    path.setFillRule(Qt.FillRule.OddEvenFill)
    for polygon in _polygons_of(area):
        if polygon.is_empty:
            continue
        path.addPolygon(_ring_polygon(polygon.exterior.coords))
        path.closeSubpath()
        for hole in polygon.interiors:
            path.addPolygon(_ring_polygon(hole.coords))
            path.closeSubpath()
    return path


def _hatch(area: BaseGeometry, spacing: float) -> QPainterPath:
    """Diagonal lines (down-left to up-right) clipped to ``area``, for impassable terrain."""
    import shapely
    from shapely.geometry import LineString

    path = QPainterPath()
    if area.is_empty or spacing <= 0:
        return path
    x0, y0, x1, y1 = area.bounds
    span = (x1 - x0) + (y1 - y0)
    lines = []
    offset = 0.0
    while offset <= span:
        # x + y = x0 + y0 + offset
        c = x0 + y0 + offset
        lines.append(LineString([(c - y1, y1), (c - y0, y0)]))
        offset += spacing
    clipped = shapely.intersection(shapely.MultiLineString([list(line.coords) for line in lines]), area)
    for part in _lines_of(clipped):
        coords = list(part.coords)
        if len(coords) >= 2:
            path.moveTo(QPointF(*coords[0]))
            for x, y in coords[1:]:
                path.lineTo(QPointF(x, y))
    return path


def _lines_of(geom: BaseGeometry) -> Iterator[LineString]:
    if geom.geom_type in ("LineString", "LinearRing"):
        yield geom
    elif hasattr(geom, "geoms"):
        for part in geom.geoms:
            yield from _lines_of(part)


def _border_lines(areas: list[BaseGeometry]) -> list[QPolygonF]:
    """The outlines of ``areas`` with shared borders drawn once, merged into long polylines."""
    if not areas:
        return []
    import shapely
    import shapely.errors

    try:
        merged = shapely.line_merge(shapely.unary_union([a.boundary for a in areas]))
        lines = list(getattr(merged, "geoms", [merged]))
    except shapely.errors.GEOSException:
        # Broken linework can't be merged; drawing every ring (shared borders twice) looks the same.
        lines = [ring for a in areas for ring in _rings_of(a)]
    return [QPolygonF([QPointF(x, y) for x, y in line.coords]) for line in lines if not line.is_empty]


def _rings_of(area: BaseGeometry) -> list[LineString]:
    polygons = list(getattr(area, "geoms", [area]))
    return [ring for p in polygons if hasattr(p, "exterior") for ring in (p.exterior, *p.interiors)]
