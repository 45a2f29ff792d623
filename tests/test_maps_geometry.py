"""Map geometry: every shipped geometry passes the checker, loads, and agrees with its graph; the Colonial graph
matches the facts it was imported from; the importer and the checker react to bad input."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from shapely.geometry import box

from engine.geometry.adjacency import GeometryException, compare_adjacency
from engine.geometry.check import check_geometry
from engine.geometry.config import parse_config
from engine.geometry.load import contains, load_geometry, parse_geometry, read_geometry
from engine.mapdata import MAPS_DIR, MapData, load_map
from engine.mapformats.vdip_csv import parse_vdip_csv, verify_against_csv
from engine.types import MapDataError, Terrain, UnitType

SHIPPED = sorted(p.parent.name for p in MAPS_DIR.glob("*/geometry.json"))


def test_standard_and_colonial_ship_geometry() -> None:
    assert {"standard", "colonial"} <= set(SHIPPED)


# --- every shipped map ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("map_id", SHIPPED)
def test_geometry_passes_the_checker(map_id: str) -> None:
    assert check_geometry(map_id) == []


@pytest.mark.parametrize("map_id", SHIPPED)
def test_geometry_covers_every_province_and_coast(map_id: str) -> None:
    geometry = load_geometry(map_id)
    mapdata = load_map(map_id)
    passable = {p for p, v in mapdata.provinces.items() if v.is_passable}
    assert set(geometry.provinces) == passable
    assert set(geometry.impassable) == set(mapdata.provinces) - passable
    for pid, pg in geometry.provinces.items():
        assert set(pg.coasts) == set(mapdata.provinces[pid].coasts)
        assert (pg.sc is not None) == mapdata.provinces[pid].is_supply_center
    assert geometry.map_id == map_id
    # Only a world board wraps east-west, as its seeds say; it is wider, so Europe's small areas stay playable.
    seeds = MAPS_DIR / map_id / "seeds.json"
    wraps = seeds.is_file() and json.loads(seeds.read_text(encoding="utf-8"))["frame"].get("wrap_x", False)
    assert geometry.wrap_x == wraps
    assert 1000 <= geometry.width <= (5000 if wraps else 2000) and geometry.height > 0


@pytest.mark.parametrize("map_id", SHIPPED)
def test_hit_testing_finds_each_unit_anchor(map_id: str) -> None:
    geometry = load_geometry(map_id)
    for pid, pg in geometry.provinces.items():
        assert geometry.location_at(*pg.unit) in {pid} | {f"{pid}/{c}" for c in pg.coasts}
        for coast, cg in pg.coasts.items():
            assert geometry.location_at(*cg.unit) == f"{pid}/{coast}"
    # Off the board, or on land of no province, nothing is hit.
    assert geometry.location_at(-5.0, -5.0) is None


@pytest.mark.parametrize("map_id", SHIPPED)
def test_every_start_unit_has_a_drawn_place(map_id: str) -> None:
    geometry = load_geometry(map_id)
    for power in load_map(map_id).powers.values():
        for kind, loc in power.start_units:
            pid, _, coast = loc.partition("/")
            pg = geometry.provinces[pid]
            anchor = pg.coasts[coast].unit if coast else pg.unit
            region = pg.coasts[coast].region if coast else pg.region
            assert contains(region, *anchor), f"{kind.value} {loc}"


def test_standard_board_choices() -> None:
    geometry = load_geometry("standard")
    assert set(geometry.impassable) == {"SWI"}
    assert set(geometry.provinces["SPA"].coasts) == {"NC", "SC"}
    assert set(geometry.provinces["STP"].coasts) == {"NC", "SC"}
    assert set(geometry.provinces["BUL"].coasts) == {"EC", "SC"}
    # Spain's north coast click region lies north of its south coast one.
    spa = geometry.provinces["SPA"].coasts
    assert spa["NC"].unit[1] < spa["SC"].unit[1]
    # London is on the left of the North Sea and Moscow right of Warsaw: the board isn't mirrored.
    assert geometry.provinces["LON"].unit[0] < geometry.provinces["NTH"].unit[0]
    assert geometry.provinces["WAR"].unit[0] < geometry.provinces["MOS"].unit[0]
    assert geometry.decorations == ()


def test_colonial_decorations_follow_the_railway_and_the_canal() -> None:
    geometry = load_geometry("colonial")
    mapdata = load_map("colonial")
    by_id = {d.id: d for d in geometry.decorations}
    assert by_id["TSR"].kind == "route"
    assert list(by_id["TSR"].points) == [geometry.provinces[p].unit for p in mapdata.extra["tsr_route"]]
    assert by_id["SUEZ"].kind == "canal"
    start, end = by_id["SUEZ"].points[0], by_id["SUEZ"].points[-1]
    assert geometry.location_at(*start) in (None, "EGY", "MED") and geometry.location_at(*end) in (None, "EGY", "RED")
    assert set(geometry.impassable) == {"CAS", "BAI"}


# --- the Colonial graph -----------------------------------------------------------------------------------------


def test_colonial_graph_counts() -> None:
    m = load_map("colonial")
    by_terrain = {t: sum(1 for p in m.provinces.values() if p.terrain is t) for t in Terrain}
    assert by_terrain == {Terrain.LAND: 32, Terrain.COAST: 60, Terrain.SEA: 27, Terrain.IMPASSABLE: 2}
    assert len(m.supply_centers) == 58 and len(m.neutral_centers) == 29 and m.victory_centers == 30
    assert m.start_phase == "S1870M"
    assert {p: m.provinces[p].coasts for p in ("ARB", "BAN", "SEO")} == {
        "ARB": ("NC", "SC"), "BAN": ("EC", "WC"), "SEO": ("EC", "WC")}
    assert set(m.powers) == {"BRITAIN", "CHINA", "FRANCE", "HOLLAND", "JAPAN", "RUSSIA", "TURKEY"}
    assert sum(len(p.home_centers) for p in m.powers.values()) == 29
    assert set(m.powers["BRITAIN"].home_centers) == {"ADE", "BOM", "DEL", "HON", "MAD", "SIN"}
    assert (UnitType.FLEET, "HON") in m.powers["BRITAIN"].start_units
    assert set(m.powers["RUSSIA"].start_units) == {
        (UnitType.ARMY, "MOS"), (UnitType.ARMY, "VLA"), (UnitType.ARMY, "OMS"),
        (UnitType.FLEET, "ODE"), (UnitType.FLEET, "POR")}
    assert m.extra == {"tsr_route": ["MOS", "PRM", "OMS", "KRA", "IRK", "VLA"],
                       "suez": {"canal": "EGY", "seas": ["MED", "RED"]}, "hong_kong": "HON"}


def test_colonial_follows_vdiplomacy_where_it_differs_from_mila() -> None:
    m = load_map("colonial")
    assert "TOK" in m.army_adjacent("AKI") and "TOK" in m.fleet_adjacent("AKI")
    assert "CON" in m.fleet_adjacent("BLA")
    assert "MID" not in m.fleet_adjacent("DAV")
    # Both versions: Black Sea meets the Mediterranean; the Suez move is a rule, not a border.
    assert "MED" in m.fleet_adjacent("BLA") and "RED" not in m.fleet_adjacent("MED")
    # Moulmein land bridges.
    assert "OTA" in m.army_adjacent("AKI") and "SAK" in m.army_adjacent("OTA")


# --- the vDiplomacy CSV importer --------------------------------------------------------------------------------

_TERRITORIES = """id,name,type,supply,countryID,country,x,y,smallX,smallY
1,Alpha,Coast,Yes,1,Red,0,0,0,0
2,Beta,Coast,Yes,0,Neutral,0,0,0,0
3,Beta (North Coast),Coast,No,0,Neutral,0,0,0,0
4,Beta (South Coast),Coast,No,0,Neutral,0,0,0,0
5,Gamma Sea,Sea,No,0,Neutral,0,0,0,0
6,Delta Sea,Sea,No,0,Neutral,0,0,0,0
7,Pseudo,Sea,No,9,Nobody,0,0,0,0
"""
_BORDERS = """from,to,fleets_pass,armies_pass
Alpha,Beta,No,Yes
Alpha,Beta (North Coast),Yes,No
Alpha,Gamma Sea,Yes,No
Alpha,Delta Sea,Yes,No
Beta (North Coast),Gamma Sea,Yes,No
Beta (South Coast),Delta Sea,Yes,No
Gamma Sea,Delta Sea,Yes,No
"""
_UNITS = """country,territory,unit
Red,Alpha,Fleet
Nobody,Pseudo,Fleet
"""
_SPEC = {
    "id": "tiny", "victory_centers": 2, "start_phase": "S1900M",
    "codes": {"Alpha": "ALP", "Beta": "BET", "Gamma Sea": "GAM", "Delta Sea": "DEL"},
    "skip_territories": ["Pseudo"], "skip_countries": ["Nobody"],
    "powers": [{"id": "RED", "country": "Red", "adjective": "Red", "color": "#ff0000"}],
    "extra_provinces": [{"id": "LAK", "terrain": "impassable", "name": "Lake"}],
    "extra": {"note": 1},
}


def test_importer_builds_coasts_edges_and_powers() -> None:
    doc = parse_vdip_csv(_TERRITORIES, _BORDERS, _UNITS, _SPEC)
    m = MapData.from_dict(doc)
    assert m.provinces["BET"].coasts == ("NC", "SC")
    assert m.fleet_adjacent("ALP") == {"BET/NC", "GAM", "DEL"}
    assert m.army_adjacent("ALP") == {"BET"}
    assert m.powers["RED"].home_centers == ("ALP",) and m.neutral_centers == ("BET",)
    assert m.provinces["LAK"].terrain is Terrain.IMPASSABLE and m.extra == {"note": 1}
    assert verify_against_csv(doc, _BORDERS, _SPEC) == []


def test_importer_rejects_bad_input_with_a_clear_message() -> None:
    with pytest.raises(MapDataError, match="no code for 'Beta'"):
        parse_vdip_csv(_TERRITORIES, _BORDERS, _UNITS, {**_SPEC, "codes": {"Alpha": "ALP"}})
    with pytest.raises(MapDataError, match="must name a coast"):
        parse_vdip_csv(_TERRITORIES, _BORDERS + "Beta,Gamma Sea,Yes,No\n", _UNITS, _SPEC)
    with pytest.raises(MapDataError, match="unknown territory 'Omega'"):
        parse_vdip_csv(_TERRITORIES, _BORDERS + "Omega,Alpha,No,Yes\n", _UNITS, _SPEC)
    with pytest.raises(MapDataError, match="missing column"):
        parse_vdip_csv(_TERRITORIES, "a,b\n1,2\n", _UNITS, _SPEC)
    doc = parse_vdip_csv(_TERRITORIES, _BORDERS, _UNITS, _SPEC)
    assert verify_against_csv(doc, _BORDERS + "Beta (South Coast),Gamma Sea,Yes,No\n", _SPEC) == [
        "fleet border Beta (South Coast)-Gamma Sea differs"]


# --- checker and loader on bad input ----------------------------------------------------------------------------


def _two_province_map() -> MapData:
    return MapData.from_dict({
        "format": "chancellery-map", "format_version": 1, "id": "pair", "victory_centers": 1, "powers": [],
        "provinces": [{"id": "AAA", "terrain": "land", "name": "A"}, {"id": "BBB", "terrain": "land", "name": "B"},
                      {"id": "CCC", "terrain": "land", "name": "C"}],
        "army_edges": [["AAA", "BBB"], ["BBB", "CCC"]], "fleet_edges": [],
    })


def test_adjacency_comparison_reports_missing_extra_and_stale() -> None:
    m = _two_province_map()
    regions = {"AAA": box(0, 0, 10, 10), "BBB": box(10, 0, 20, 10), "CCC": box(0, 10, 10, 20)}
    report = compare_adjacency(regions, m)
    # A and C touch along 10 px without an edge; B and C meet only at a corner.
    assert report.extra == [("AAA", "CCC")] and report.missing == [("BBB", "CCC")]
    excused = [GeometryException("CCC", "AAA", "extra", "test"), GeometryException("BBB", "CCC", "missing", "test")]
    assert compare_adjacency(regions, m, excused).ok
    stale = [GeometryException("AAA", "BBB", "missing", "they do touch")]
    assert compare_adjacency(regions, m, stale).stale == stale


def test_wrapping_boards_join_across_the_seam() -> None:
    m = _two_province_map()
    regions = {"AAA": box(0, 0, 10, 10), "BBB": box(90, 0, 100, 10), "CCC": box(40, 0, 50, 10)}
    assert compare_adjacency(regions, m).missing == [("AAA", "BBB"), ("BBB", "CCC")]
    assert compare_adjacency(regions, m, wrap_width=100).missing == [("BBB", "CCC")]


def test_checker_reports_a_broken_geometry(tmp_path: Path) -> None:
    doc = json.loads((MAPS_DIR / "standard" / "geometry.json").read_text(encoding="utf-8"))
    lon, pic = doc["provinces"]["LON"], doc["provinces"]["PIC"]
    pic["region"] = lon["region"]  # Picardy drawn on top of London
    del doc["provinces"]["YOR"]
    (tmp_path / "standard").mkdir()
    (tmp_path / "standard" / "geometry.json").write_text(json.dumps(doc), encoding="utf-8")
    (tmp_path / "standard" / "map.json").write_text(
        (MAPS_DIR / "standard" / "map.json").read_text(encoding="utf-8"), encoding="utf-8")
    problems = check_geometry("standard", tmp_path)
    assert problems == ["YOR: no region in provinces"]
    doc["provinces"]["YOR"] = json.loads((MAPS_DIR / "standard" / "geometry.json").read_text())["provinces"]["YOR"]
    (tmp_path / "standard" / "geometry.json").write_text(json.dumps(doc), encoding="utf-8")
    problems = check_geometry("standard", tmp_path)
    assert "LON and PIC overlap by" in " ".join(problems)
    assert any(p.startswith("PIC: unit anchor") for p in problems)
    assert any(p.startswith("BEL-PIC: neighbours in the graph") for p in problems)


def test_loader_names_what_is_wrong(tmp_path: Path) -> None:
    with pytest.raises(MapDataError, match="not a Chancellery geometry file"):
        parse_geometry({"format": "something-else"})
    with pytest.raises(MapDataError, match="format_version"):
        parse_geometry({"format": "chancellery-geometry", "format_version": 99})
    doc = json.loads((MAPS_DIR / "colonial" / "geometry.json").read_text(encoding="utf-8"))
    doc["provinces"]["HON"]["region"] = [[[1.0, 2.0, 3.0]]]
    with pytest.raises(MapDataError, match=r"provinces\.HON\.region\[0\]\[0\]"):
        parse_geometry(doc, "colonial")
    del doc["provinces"]["HON"]["unit"]
    doc["provinces"]["HON"]["region"] = [[[0.0, 0.0, 5.0, 0.0, 5.0, 5.0]]]
    with pytest.raises(MapDataError, match=r"provinces\.HON.*unit"):
        parse_geometry(doc, "colonial")
    bad = tmp_path / "geometry.json"
    bad.write_text("{not json", encoding="utf-8")
    with pytest.raises(MapDataError, match="not valid JSON"):
        read_geometry(bad)
    with pytest.raises(MapDataError, match="no geometry"):
        load_geometry("no-such-map")


def test_seeds_file_errors_name_the_entry() -> None:
    base = {"format": "chancellery-seeds", "projection": {"kind": "miller", "lon0": 0},
            "frame": {"top_left": [10, -10], "bottom_right": [-10, 10], "width": 400}, "seeds": {"AAA": [[0, 0]]}}
    assert parse_config("x", base).frame.width == 400
    with pytest.raises(MapDataError, match="projection"):
        parse_config("x", {**base, "projection": {"kind": "mercator"}})
    with pytest.raises(MapDataError, match=r"seeds\.AAA\[0\]"):
        parse_config("x", {**base, "seeds": {"AAA": [[0, 200]]}})
    with pytest.raises(MapDataError, match="top_left must lie above"):
        parse_config("x", {**base, "frame": {"top_left": [-10, 10], "bottom_right": [10, -10], "width": 400}})
    with pytest.raises(MapDataError, match=r"edits\.remove_land\[0\]"):
        parse_config("x", {**base, "edits": {"remove_land": [{"why": "x"}]}})


@pytest.mark.slow
@pytest.mark.parametrize("map_id", SHIPPED)
def test_committed_geometry_is_what_the_builder_makes(map_id: str) -> None:
    """The builder still reproduces the committed file from the committed inputs (a fresh clone can rebuild)."""
    from engine.geometry.build import build_geometry

    built = parse_geometry(build_geometry(map_id).document, "rebuilt")
    committed = load_geometry(map_id)
    assert (built.width, built.height) == (committed.width, committed.height)
    assert set(built.provinces) == set(committed.provinces)
    for pid, pg in committed.provinces.items():
        other = built.provinces[pid]
        for a, b in ((pg.unit, other.unit), (pg.label, other.label), (pg.dislodged, other.dislodged)):
            assert abs(a[0] - b[0]) <= 1.0 and abs(a[1] - b[1]) <= 1.0, pid
        assert abs(len(pg.region[0][0]) - len(other.region[0][0])) <= 4, pid


def test_an_unplayable_area_that_grazes_other_land_still_cuts_the_board() -> None:
    """An unplayable polygon overlapping one island and touching another only along its shore leaves lines in its
    intersection with the land: only its area counts, and the provinces beside it keep their own land."""
    from shapely.geometry import Polygon

    from engine.geometry.coastline import CoastPolygon
    from engine.geometry.partition import partition

    doc = {"format": "chancellery-seeds", "projection": {"kind": "miller", "lon0": 0},
           "frame": {"top_left": [10, -10], "bottom_right": [-10, 10], "width": 400},
           "edits": {"unplayable": [{"why": "desert", "polygon": [[4, -4], [4, 1], [-4, 1], [-4, -4]]}]},
           "seeds": {"AAA": [[0, 2.5]], "BBB": [[0, 3.5]], "SEA": [[8, 8]]}}
    config = parse_config("x", doc)
    board = MapData.from_dict({
        "format": "chancellery-map", "format_version": 1, "id": "x", "victory_centers": 1, "powers": [],
        "provinces": [{"id": "AAA", "name": "A", "terrain": "coast"}, {"id": "BBB", "name": "B", "terrain": "coast"},
                      {"id": "SEA", "name": "Sea", "terrain": "sea"}],
        "army_edges": [["AAA", "BBB"]], "fleet_edges": [["AAA", "SEA"], ["BBB", "SEA"]]})
    island = CoastPolygon(1, "1", Polygon([(-3, -3), (4, -3), (4, 3), (-3, 3)]))  # [lon, lat]
    islet = CoastPolygon(1, "2", Polygon([(-8, -1), (-4, -1), (-4, 1), (-8, 1)]))  # touches the desert's edge
    result = partition(config, board, [island, islet])
    desert = result.unplayable
    assert desert.area > 0
    for pid in ("AAA", "BBB"):
        assert result.regions[pid].intersection(desert).area < 1.0, pid
    # AAA's land ends where the desert begins, not at the island's far shore.
    assert result.regions["AAA"].bounds[0] > desert.bounds[0] + 10
