"""The map builder's world-board features on a small synthetic coastline: a lake kept as a sea province (its
seas' seeds divide it), a lake kept as an impassable province, Antarctica's level of the coastline counted as
land, an invalid coastline ring repaired when cropped, and the geometry size budget of big boards."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from shapely.geometry import Point, Polygon, box

from engine.geometry.coastline import ANTARCTICA, LAKE, LAND, CoastPolygon, crop_coastline
from engine.geometry.config import parse_config
from engine.geometry.partition import partition
from engine.geometry.rules import MAX_GEOMETRY_BYTES, geometry_byte_budget
from engine.mapdata import MapData
from engine.types import MapDataError

SEEDS: dict[str, Any] = {
    "format": "chancellery-seeds", "projection": {"kind": "equirectangular", "lon0": 0, "lat_ts": 0},
    "frame": {"top_left": [10, -10], "bottom_right": [-10, 10], "width": 400},
    "parameters": {"simplify_px": 0.5, "min_island_px2": 4, "attach_island_px": 2},
}


def _board(lake_terrain: str, *, level: int = LAND) -> MapData:
    provinces = [
        {"id": "WES", "name": "West", "terrain": "coast"},
        {"id": "EAS", "name": "East", "terrain": "coast"},
        {"id": "OCE", "name": "Ocean", "terrain": "sea"},
        {"id": "LAK", "name": "Lake", "terrain": lake_terrain},
    ]
    if lake_terrain == "sea":
        provinces.append({"id": "BAY", "name": "Bay", "terrain": "sea"})
    return MapData.from_dict({"format": "chancellery-map", "format_version": 1, "id": "t", "victory_centers": 1,
                              "powers": [], "provinces": provinces, "army_edges": [], "fleet_edges": []})


def _coast(level: int = LAND) -> list[CoastPolygon]:
    island = Polygon([(-6, -6), (6, -6), (6, 6), (-6, 6)])
    lake = Polygon([(-3, -2), (3, -2), (3, 2), (-3, 2)])
    return [CoastPolygon(level, "1", island), CoastPolygon(LAKE, "2", lake)]


def _seeds(lake_is_sea: bool) -> dict[str, Any]:
    seeds: dict[str, Any] = {"WES": [[0, -5]], "EAS": [[0, 5]], "OCE": [[8, 8]]}
    if lake_is_sea:
        seeds.update({"LAK": [[0, -2]], "BAY": [[0, 2]]})
    return {**SEEDS, "seeds": seeds, "kept_lakes": [{"province": "LAK", "at": [0, 0]}]}


def test_a_lake_kept_as_a_sea_stays_water_divided_among_its_seas() -> None:
    config = parse_config("t", _seeds(lake_is_sea=True))
    board = partition(config, _board("sea"), _coast())
    lake_px = board.regions["LAK"].union(board.regions["BAY"])
    x0, y0 = config.frame.latlon_to_pixels((2, -3))
    x1, y1 = config.frame.latlon_to_pixels((-2, 3))
    assert lake_px.symmetric_difference(box(x0, y0, x1, y1)).area < 0.02 * lake_px.area
    assert board.regions["LAK"].area > 0.3 * lake_px.area and board.regions["BAY"].area > 0.3 * lake_px.area
    assert not board.land.intersects(board.regions["LAK"].buffer(-1))


def test_a_lake_kept_as_an_impassable_province_takes_no_seeds() -> None:
    config = parse_config("t", _seeds(lake_is_sea=False))
    board = partition(config, _board("impassable"), _coast())
    assert board.regions["LAK"].area > 0
    with pytest.raises(MapDataError, match="kept lake and takes no seeds"):
        partition(parse_config("t", {**_seeds(lake_is_sea=True)}), _board("impassable"), _coast())


def test_a_kept_lake_must_be_a_sea_or_impassable() -> None:
    doc = _seeds(lake_is_sea=False)
    with pytest.raises(MapDataError, match="must be an impassable or sea province"):
        partition(parse_config("t", doc), _board("land"), _coast())


def test_antarctica_is_land() -> None:
    config = parse_config("t", _seeds(lake_is_sea=True))
    board = partition(config, _board("sea"), _coast(level=ANTARCTICA))
    assert board.regions["WES"].area > 0 and board.regions["EAS"].area > 0
    assert board.land.contains(Point(config.frame.latlon_to_pixels((0, -5))))


def test_cropping_repairs_a_ring_that_touches_itself(tmp_path: Path) -> None:
    bow_tie = [[-5, -5], [5, 5], [5, -5], [-5, 5], [-5, -5]]
    source = tmp_path / "gshhs.geojson"
    source.write_text(json.dumps({"type": "FeatureCollection", "features": [
        {"type": "Feature", "properties": {"level": ANTARCTICA, "id": "4"},
         "geometry": {"type": "Polygon", "coordinates": [bow_tie]}}]}))
    out = tmp_path / "coastline.geojson"
    _path, count, _size = crop_coastline(source, parse_config("t", _seeds(lake_is_sea=False)), out)
    assert count >= 1
    rings = [Polygon(f["geometry"]["coordinates"][0]) for f in json.loads(out.read_text())["features"]]
    assert all(r.is_valid for r in rings) and sum(r.area for r in rings) > 0


def test_big_boards_get_a_bigger_geometry_budget() -> None:
    assert geometry_byte_budget(75) == MAX_GEOMETRY_BYTES
    assert geometry_byte_budget(449) > MAX_GEOMETRY_BYTES
