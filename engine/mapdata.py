"""Map model: provinces, coasts, adjacency, supply centres and powers, loaded from ``map.json``.

The file format is documented in ``docs/map-format.md``. A :class:`MapData` is immutable after loading and
precomputes everything the adjudicator and the legal-order generator ask for on hot paths.
"""
from __future__ import annotations

import re
from collections import deque
from dataclasses import dataclass, field
from functools import cache
from typing import Any, Iterable

from .jsonfile import read_json
from .resources import MAPS_DIR, map_folder, map_folders
from .types import MapDataError, Terrain, UnitType, coast_of, moves_by_sea, province_of

MAP_FORMAT = "chancellery-map"
MAP_FORMAT_VERSION = 1



@dataclass(frozen=True, slots=True)
class Province:
    id: str
    name: str
    terrain: Terrain
    is_supply_center: bool = False
    coasts: tuple[str, ...] = ()  # coast codes such as ("NC", "SC"); empty for single-coast provinces
    coast_names: tuple[str, ...] = ()
    aliases: tuple[str, ...] = ()
    can_convoy: bool = False  # fleets here may convoy (seas; some variants add coastal "ports")
    # Typed attributes some rule systems read (see docs/map-format.md); absent on the standard board.
    continent: str | None = None  # victory by continents (World Diplomacy)
    number: int | None = None  # a province's number in the variant's own listing
    city: str | None = None  # the named city of an area (1815, EMG)
    freezes: bool = False  # frozen in winter (World Diplomacy's Arctic provinces)
    owner: str | None = None  # the power that controls the area at the start (taxes), a power of the map
    polar: str | None = None  # "arctic" / "antarctic": the area touches or lies beyond that polar circle
    points: int | None = None  # a supply centre's worth when centres differ in value (EMG: 1 or 2)
    sheet: str | None = None  # the map sheet an area is drawn on when a board joins several (EMG's five)

    @property
    def is_land(self) -> bool:
        return self.terrain in (Terrain.LAND, Terrain.COAST)

    @property
    def is_sea(self) -> bool:
        return self.terrain is Terrain.SEA

    @property
    def is_coastal(self) -> bool:
        return self.terrain is Terrain.COAST

    @property
    def is_passable(self) -> bool:
        return self.terrain is not Terrain.IMPASSABLE


@dataclass(frozen=True, slots=True)
class EdgeInfo:
    """Typed attributes of one border (undirected), for the rule systems that read them."""

    half_strength: bool = False  # a move across it attacks with half strength (1815)
    intervening_sea: str | None = None  # the sea a crossing passes: a fleet there may deny it (1815's red arrows)
    canal: bool = False  # a canal crossing (drawn as such; Colonial's Cebu and Egypt)
    passage: str | None = None  # the name of a rule that governs the crossing ("suez")
    waterway: str | None = None  # the river or lake route a fleet edge between two land areas follows


NO_EDGE_INFO = EdgeInfo()
_EDGE_KEYS = {"edge", "half_strength", "intervening_sea", "canal", "passage", "waterway"}
_PROVINCE_KEYS = {"id", "name", "terrain", "supply_center", "coasts", "aliases", "convoy", "continent", "number",
                  "city", "freezes", "owner", "polar", "points", "sheet"}
POLAR_ZONES = ("arctic", "antarctic")
_POWER_KEYS = {"id", "name", "adjective", "color", "home_centers", "units", "start_centers", "capital", "home_areas"}


@dataclass(frozen=True, slots=True)
class PowerInfo:
    id: str
    name: str
    adjective: str
    home_centers: tuple[str, ...]
    start_units: tuple[tuple[UnitType, str], ...]
    color: str
    start_centers: tuple[str, ...] = ()  # centres owned at the start besides the home centres (rare)
    capital: str | None = None  # the power's capital, one of its home centres (EMG scores it apart)
    home_areas: tuple[str, ...] = ()  # areas owned at the start that are not centres (EMG owns land, not just centres)


@dataclass(frozen=True, slots=True)
class MinorPowerInfo:
    """A minor power no player plays: its units hold neutral centres at the start (Ambition & Empire, 1815),
    for the rules that let the players direct them (Diplomacy Points)."""

    id: str
    name: str
    start_units: tuple[tuple[UnitType, str], ...]


@dataclass(slots=True)
class MapData:
    """A variant's board. Build with :func:`load_map` or :meth:`from_dict`."""

    id: str
    name: str
    provinces: dict[str, Province]
    powers: dict[str, PowerInfo]
    neutral_centers: tuple[str, ...]
    start_phase: str
    victory_centers: int
    army_edges: tuple[tuple[str, str], ...]
    fleet_edges: tuple[tuple[str, str], ...]
    extra: dict[str, Any] = field(default_factory=dict)  # variant-specific data ("tsr_route", ...)
    minor_powers: dict[str, MinorPowerInfo] = field(default_factory=dict)  # unplayed powers on neutral centres
    edge_attributes: dict[frozenset[str], EdgeInfo] = field(default_factory=dict)  # border -> its attributes
    # Derived tables, filled by _index().
    _army_adj: dict[str, frozenset[str]] = field(default_factory=dict, repr=False)
    _fleet_adj: dict[str, frozenset[str]] = field(default_factory=dict, repr=False)
    _fleet_adj_prov: dict[str, frozenset[str]] = field(default_factory=dict, repr=False)
    _any_adj: dict[str, frozenset[str]] = field(default_factory=dict, repr=False)
    _names: dict[str, str] = field(default_factory=dict, repr=False)
    _fleet_locs: frozenset[str] = field(default_factory=frozenset, repr=False)
    _army_locs: frozenset[str] = field(default_factory=frozenset, repr=False)
    _supply_centers: frozenset[str] = field(default_factory=frozenset, repr=False)

    # --- construction -------------------------------------------------------------------------

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> MapData:
        """Build from the parsed JSON document, validating it; raises :class:`MapDataError`."""
        if not isinstance(data, dict) or data.get("format") != MAP_FORMAT:
            raise MapDataError(f"not a Chancellery map file (format must be {MAP_FORMAT!r})")
        if data.get("format_version") != MAP_FORMAT_VERSION:
            raise MapDataError(f"unsupported map format_version {data.get('format_version')!r}")
        try:
            provinces: dict[str, Province] = {}
            for p in data["provinces"]:
                pid = p["id"].upper()
                if pid in provinces:
                    raise MapDataError(f"province {pid} is defined twice")
                terrain = Terrain(p["terrain"])
                coasts = p.get("coasts", {})
                unknown = set(p) - _PROVINCE_KEYS
                if unknown:
                    raise MapDataError(f"province {pid}: unknown field {sorted(unknown)[0]!r}")
                number = _optional_int(p, "number", pid)
                points = _optional_int(p, "points", pid)
                if points is not None and (points < 1 or not p.get("supply_center", False)):
                    raise MapDataError(f"province {pid}: 'points' is for supply centres and at least 1, not {points!r}")
                provinces[pid] = Province(
                    id=pid,
                    name=p["name"],
                    terrain=terrain,
                    is_supply_center=bool(p.get("supply_center", False)),
                    coasts=tuple(c.upper() for c in coasts),
                    coast_names=tuple(coasts.values()),
                    aliases=tuple(a.lower() for a in p.get("aliases", ())),
                    can_convoy=bool(p.get("convoy", terrain is Terrain.SEA)),
                    continent=_optional_text(p, "continent", pid),
                    number=number,
                    city=_optional_text(p, "city", pid),
                    freezes=_flag(p, "freezes", f"province {pid}"),
                    owner=_optional_text(p, "owner", pid),
                    polar=_optional_text(p, "polar", pid),
                    points=points,
                    sheet=_optional_text(p, "sheet", pid),
                )
                if provinces[pid].polar not in (None, *POLAR_ZONES):
                    raise MapDataError(f"province {pid}: 'polar' must be one of {', '.join(POLAR_ZONES)}, "
                                       f"not {provinces[pid].polar!r}")
            powers: dict[str, PowerInfo] = {}
            for pw in data["powers"]:
                unknown = set(pw) - _POWER_KEYS
                if unknown:
                    raise MapDataError(f"power {pw.get('id')}: unknown field {sorted(unknown)[0]!r}")
                capital = pw.get("capital")
                if capital is not None and not isinstance(capital, str):
                    raise MapDataError(f"power {pw['id']}: 'capital' must be a province code, not {capital!r}")
                units = []
                for text in pw.get("units", ()):
                    kind, loc = text.split()
                    units.append((UnitType(kind.upper()), loc.upper()))
                powers[pw["id"].upper()] = PowerInfo(
                    id=pw["id"].upper(),
                    name=pw.get("name", pw["id"].title()),
                    adjective=pw.get("adjective", pw["id"].title()),
                    home_centers=tuple(c.upper() for c in pw.get("home_centers", ())),
                    start_units=tuple(units),
                    color=pw.get("color", "#808080"),
                    start_centers=tuple(c.upper() for c in pw.get("start_centers", ())),
                    capital=capital.upper() if capital else None,
                    home_areas=tuple(a.upper() for a in pw.get("home_areas", ())),
                )
            mapdata = cls(
                id=data["id"],
                name=str(data.get("name", data["id"])),
                provinces=provinces,
                powers=powers,
                neutral_centers=tuple(c.upper() for c in data.get("neutral_centers", ())),
                start_phase=data.get("start_phase", "S1901M"),
                victory_centers=int(data["victory_centers"]),
                army_edges=tuple((a.upper(), b.upper()) for a, b in data["army_edges"]),
                fleet_edges=tuple((a.upper(), b.upper()) for a, b in data["fleet_edges"]),
                extra=dict(data.get("extra", {})),
            )
            mapdata.edge_attributes = _edge_attributes(data.get("edge_attributes", ()), mapdata)
            mapdata.minor_powers = _minor_powers(data.get("minor_powers", ()), powers)
            for prov in provinces.values():
                if prov.owner is not None and prov.owner.upper() not in powers:
                    raise MapDataError(f"province {prov.id}: owner {prov.owner!r} is not a power of the map")
        except MapDataError:
            raise
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise MapDataError(f"malformed map data: {exc!r}") from exc
        mapdata._index()
        return mapdata

    def edge_info(self, a: str, b: str) -> EdgeInfo:
        """The typed attributes of the border between locations (or provinces) ``a`` and ``b``; a border
        without any has the defaults (:data:`NO_EDGE_INFO`)."""
        if not self.edge_attributes:
            return NO_EDGE_INFO
        found = self.edge_attributes.get(frozenset((a, b)))
        if found is None:
            found = self.edge_attributes.get(frozenset((province_of(a), province_of(b))), NO_EDGE_INFO)
        return found

    def _index(self) -> None:
        provs = self.provinces
        army: dict[str, set[str]] = {p: set() for p, v in provs.items() if v.is_land}
        fleet_locs: set[str] = set()
        for p in provs.values():
            if p.is_sea:
                fleet_locs.add(p.id)
            elif p.is_coastal:
                if p.coasts:
                    fleet_locs.update(f"{p.id}/{c}" for c in p.coasts)
                else:
                    fleet_locs.add(p.id)
        fleet: dict[str, set[str]] = {loc: set() for loc in fleet_locs}
        for a, b in self.army_edges:
            for x in (a, b):
                if x not in army:
                    raise MapDataError(f"army edge {a}-{b}: {x} is not a land or coastal province")
            army[a].add(b)
            army[b].add(a)
        for a, b in self.fleet_edges:
            for x in (a, b):
                if x not in fleet:
                    raise MapDataError(f"fleet edge {a}-{b}: {x} is not a place a fleet can stand")
            fleet[a].add(b)
            fleet[b].add(a)
        self._army_adj = {k: frozenset(v) for k, v in army.items()}
        self._fleet_adj = {k: frozenset(v) for k, v in fleet.items()}
        self._fleet_adj_prov = {k: frozenset(province_of(x) for x in v) for k, v in fleet.items()}
        any_adj: dict[str, set[str]] = {p: set() for p, v in provs.items() if v.is_passable}
        for a, b in self.army_edges:
            any_adj[a].add(b)
            any_adj[b].add(a)
        for a, b in self.fleet_edges:
            pa, pb = province_of(a), province_of(b)
            any_adj[pa].add(pb)
            any_adj[pb].add(pa)
        self._any_adj = {k: frozenset(v) for k, v in any_adj.items()}
        self._fleet_locs = frozenset(fleet_locs)
        self._army_locs = frozenset(army)
        self._supply_centers = frozenset(p for p, v in provs.items() if v.is_supply_center)
        for pw in self.powers.values():
            for c in pw.home_centers + pw.start_centers:
                if c not in self._supply_centers:
                    raise MapDataError(f"{pw.id}'s home centre {c} is not a supply centre")
            if pw.capital is not None and pw.capital not in pw.home_centers:
                raise MapDataError(f"{pw.id}'s capital {pw.capital} is not one of its home centres")
            for a in pw.home_areas:
                if a not in provs or not provs[a].is_land or a in self._supply_centers:
                    raise MapDataError(f"{pw.id}'s home area {a} is not a land area without a centre")
            for kind, loc in pw.start_units:
                if not self.can_stand(kind, loc):
                    raise MapDataError(f"{pw.id}'s start unit {kind.value} {loc} can't stand there")
        for c in self.neutral_centers:
            if c not in self._supply_centers:
                raise MapDataError(f"neutral centre {c} is not a supply centre")
        taken = {province_of(loc): pw.id for pw in self.powers.values() for _, loc in pw.start_units}
        for minor in self.minor_powers.values():
            for kind, loc in minor.start_units:
                prov = province_of(loc)
                if not self.can_stand(kind, loc):
                    raise MapDataError(f"minor power {minor.id}'s unit {kind.value} {loc} can't stand there")
                if prov not in self.neutral_centers:
                    raise MapDataError(f"minor power {minor.id}'s unit {kind.value} {loc} is not on a neutral centre")
                if prov in taken:
                    raise MapDataError(f"minor power {minor.id}'s unit {kind.value} {loc}: {taken[prov]} "
                                       f"already starts a unit in {prov}")
                taken[prov] = minor.id
        self._names = self._build_names()

    def _build_names(self) -> dict[str, str]:
        names: dict[str, str] = {}

        def add(alias: str, loc: str) -> None:
            names.setdefault(normalize_name(alias), loc)

        for p in self.provinces.values():
            add(p.id, p.id)
        for p in self.provinces.values():
            add(p.name, p.id)
            for a in p.aliases:
                add(a, p.id)
        return names

    # --- queries --------------------------------------------------------------------------------

    @property
    def supply_centers(self) -> frozenset[str]:
        return self._supply_centers

    def province(self, loc: str) -> Province:
        return self.provinces[province_of(loc)]

    def locations(self, kind: UnitType) -> frozenset[str]:
        """Every location where a unit of ``kind`` may stand."""
        return self._fleet_locs if kind is UnitType.FLEET or moves_by_sea(kind) else self._army_locs

    def can_stand(self, kind: UnitType, loc: str) -> bool:
        if kind is UnitType.FLEET or moves_by_sea(kind):  # the unit spec says which adjacency
            return loc in self._fleet_locs
        return loc in self._army_locs

    def army_adjacent(self, prov: str) -> frozenset[str]:
        return self._army_adj.get(prov, frozenset())

    def fleet_adjacent(self, loc: str) -> frozenset[str]:
        """Fleet neighbours of a fleet location, as locations (coasts named)."""
        return self._fleet_adj.get(loc, frozenset())

    def fleet_adjacent_provinces(self, loc: str) -> frozenset[str]:
        return self._fleet_adj_prov.get(loc, frozenset())

    def adjacent(self, kind: UnitType, loc: str) -> frozenset[str]:
        """Where a unit of ``kind`` at ``loc`` can move in one step (fleets: locations; armies: provinces)."""
        if kind is UnitType.FLEET or moves_by_sea(kind):  # the unit spec says which adjacency
            return self._fleet_adj.get(loc, frozenset())
        return self._army_adj.get(loc, frozenset())

    def reaches_province(self, kind: UnitType, loc: str, prov: str) -> bool:
        """Could a unit at ``loc`` move to (some coast of) province ``prov`` without a convoy?"""
        if kind is UnitType.FLEET or moves_by_sea(kind):  # the unit spec says which adjacency
            return prov in self._fleet_adj_prov.get(loc, ())
        return prov in self._army_adj.get(loc, ())

    def any_adjacent(self, prov: str) -> frozenset[str]:
        """Provinces next to ``prov`` by land or sea (for civil-disorder distances)."""
        return self._any_adj.get(prov, frozenset())

    def coast_locations(self, prov: str) -> tuple[str, ...]:
        """Fleet locations of a province: its coasts, or the province itself."""
        p = self.provinces[prov]
        if p.coasts:
            return tuple(f"{prov}/{c}" for c in p.coasts)
        return (prov,) if (p.is_sea or p.is_coastal) else ()

    def lookup(self, name: str) -> str | None:
        """Resolve a province name, abbreviation or alias (any case) to its code, or ``None``."""
        return self._names.get(normalize_name(name))

    def home_power(self, prov: str) -> str | None:
        for pw in self.powers.values():
            if prov in pw.home_centers:
                return pw.id
        return None

    def multiword_names(self) -> list[tuple[str, str]]:
        """(normalized name, code) pairs whose name has spaces or hyphens, longest first (for the parser)."""
        return sorted(((n, loc) for n, loc in self._names.items() if " " in n or "-" in n), key=lambda t: -len(t[0]))

    def distances_from(self, sources: Iterable[str]) -> dict[str, int]:
        """Breadth-first distance of every province from the nearest of ``sources``, crossing land and sea."""
        dist: dict[str, int] = {}
        queue: deque[str] = deque()
        for s in sources:
            if s not in dist:
                dist[s] = 0
                queue.append(s)
        while queue:
            cur = queue.popleft()
            d = dist[cur] + 1
            for nxt in self._any_adj.get(cur, ()):
                if nxt not in dist:
                    dist[nxt] = d
                    queue.append(nxt)
        return dist

    def __hash__(self) -> int:  # maps are singletons per id; hashing by id lets caches key on them
        return hash(self.id)

    def __eq__(self, other: object) -> bool:
        return self is other


_SPACES = re.compile(r"[\s_]+")


def _optional_int(p: dict[str, Any], key: str, pid: str) -> int | None:
    value = p.get(key)
    if value is not None and (not isinstance(value, int) or isinstance(value, bool)):
        raise MapDataError(f"province {pid}: {key!r} must be an integer, not {value!r}")
    return value


def _optional_text(p: dict[str, Any], key: str, pid: str) -> str | None:
    value = p.get(key)
    if value is not None and not isinstance(value, str):
        raise MapDataError(f"province {pid}: {key!r} must be text, not {value!r}")
    return value


def _flag(entry: dict[str, Any], key: str, where: str) -> bool:
    value = entry.get(key, False)
    if not isinstance(value, bool):
        raise MapDataError(f"{where}: {key!r} must be true or false, not {value!r}")
    return value


def _edge_attributes(entries: Any, board: MapData) -> dict[frozenset[str], EdgeInfo]:
    """Read ``edge_attributes``: each entry names a border of the graph and its typed attributes."""
    edges = {frozenset(e) for e in board.army_edges} | {frozenset(e) for e in board.fleet_edges}
    edges |= {frozenset((province_of(a), province_of(b))) for a, b in board.fleet_edges}
    out: dict[frozenset[str], EdgeInfo] = {}
    for i, entry in enumerate(entries):
        where = f"edge_attributes[{i}]"
        if not isinstance(entry, dict):
            raise MapDataError(f"{where}: must be an object")
        unknown = set(entry) - _EDGE_KEYS
        if unknown:
            raise MapDataError(f"{where}: unknown field {sorted(unknown)[0]!r}")
        pair = entry.get("edge")
        if not (isinstance(pair, list) and len(pair) == 2 and all(isinstance(x, str) for x in pair)):
            raise MapDataError(f"{where}: 'edge' must be two locations, e.g. [\"PIE\", \"TYR\"]")
        key = frozenset(x.upper() for x in pair)
        if key not in edges:
            raise MapDataError(f"{where}: {pair[0]}-{pair[1]} is not a border of the map")
        sea = entry.get("intervening_sea")
        if sea is not None:
            if not isinstance(sea, str) or sea.upper() not in board.provinces or not board.provinces[sea.upper()].is_sea:
                raise MapDataError(f"{where}: intervening_sea {sea!r} is not a sea of the map")
            sea = sea.upper()
        passage = entry.get("passage")
        if passage is not None and not isinstance(passage, str):
            raise MapDataError(f"{where}: 'passage' must be text, not {passage!r}")
        waterway = entry.get("waterway")
        if waterway is not None and not isinstance(waterway, str):
            raise MapDataError(f"{where}: 'waterway' must be text, not {waterway!r}")
        if key in out:
            raise MapDataError(f"{where}: {pair[0]}-{pair[1]} is listed twice")
        out[key] = EdgeInfo(_flag(entry, "half_strength", where), sea, _flag(entry, "canal", where), passage,
                            waterway)
    return out


def _minor_powers(entries: Any, powers: dict[str, PowerInfo]) -> dict[str, MinorPowerInfo]:
    """Read ``minor_powers``: each an id, a name and its starting units (where they stand is checked later)."""
    if not isinstance(entries, (list, tuple)):
        raise MapDataError("'minor_powers' must be a list")
    out: dict[str, MinorPowerInfo] = {}
    for i, entry in enumerate(entries):
        where = f"minor_powers[{i}]"
        if not isinstance(entry, dict) or not isinstance(entry.get("id"), str) or not entry["id"].strip():
            raise MapDataError(f"{where}: must be an object with an 'id'")
        unknown = set(entry) - {"id", "name", "units"}
        if unknown:
            raise MapDataError(f"{where}: unknown field {sorted(unknown)[0]!r}")
        mid = entry["id"].upper()
        if mid in powers or mid in out:
            raise MapDataError(f"{where}: the id {mid} is already a power's")
        units = entry.get("units", [])
        if not isinstance(units, list) or not units:
            raise MapDataError(f"{where}: 'units' must list at least one unit, e.g. [\"A NAP\"]")
        parsed = []
        for text in units:
            parts = text.split() if isinstance(text, str) else []
            try:
                kind = UnitType(parts[0].upper()) if len(parts) == 2 else None
            except ValueError:
                kind = None
            if kind is None:
                raise MapDataError(f"{where}: {text!r} is not a unit such as 'A NAP' or 'F POR'")
            parsed.append((kind, parts[1].upper()))
        name = entry.get("name", mid.title())
        if not isinstance(name, str):
            raise MapDataError(f"{where}: 'name' must be text, not {name!r}")
        out[mid] = MinorPowerInfo(mid, name, tuple(parsed))
    return out


def normalize_name(name: str) -> str:
    """Lower-case, single spaces, ``+`` (DPjudge word joiner) as space, dots dropped."""
    return _SPACES.sub(" ", name.replace("+", " ").replace(".", "").strip().lower())


@cache
def load_map(map_id: str) -> MapData:
    """Load the ``map.json`` of map ``map_id``: ``resources/maps/<map_id>/``, or the folder a variant
    registered for it (``engine.resources.add_map_folder``); cached, one instance per map."""
    path = map_folder(map_id) / "map.json"
    if not path.is_file():
        raise MapDataError(f"no map {map_id!r} (no file {path})")
    return MapData.from_dict(read_json(path, MapDataError))


def available_maps() -> list[str]:
    return sorted(map_id for map_id, folder in map_folders().items() if (folder / "map.json").is_file())


__all__ = [
    "MAPS_DIR",
    "MapData",
    "MinorPowerInfo",
    "PowerInfo",
    "Province",
    "available_maps",
    "coast_of",
    "load_map",
    "normalize_name",
]
