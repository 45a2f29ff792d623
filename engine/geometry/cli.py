"""Command-line entry points of the map geometry tools, wired as ``chancellery maps build|check|crop-coastline``.

Each ``*_main(argv)`` parses its own arguments and returns the exit status (0 = fine). shapely is imported only
when a command runs, so importing this module costs nothing.
"""
from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from ..mapdata import MAPS_DIR
from ..types import MapDataError


def _maps_with(filename: str) -> list[str]:
    return sorted(p.parent.name for p in MAPS_DIR.glob(f"*/{filename}"))


def _need_shapely() -> str | None:
    try:
        import shapely  # noqa: F401
    except ImportError:
        return "the map geometry tools need shapely and numpy (pip install shapely numpy)"
    return None


def build_main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="chancellery maps build",
        description="Build resources/maps/<id>/geometry.json from the map's seeds.json and cropped coastline.",
    )
    parser.add_argument("maps", nargs="*", metavar="MAP", help="map ids (default: every map with a seeds.json)")
    parser.add_argument("--verbose", "-v", action="store_true", help="list every decision the builder made")
    parser.add_argument("--no-check", action="store_true", help="don't run the checker after building")
    args = parser.parse_args(argv)
    missing = _need_shapely()
    if missing:
        print(f"error: {missing}", file=sys.stderr)
        return 2
    from .build import write_geometry
    from .check import check_geometry

    map_ids = args.maps or _maps_with("seeds.json")
    if not map_ids:
        print("error: no map has a seeds.json to build from", file=sys.stderr)
        return 1
    status = 0
    for map_id in map_ids:
        try:
            path, size, notes = write_geometry(map_id)
        except MapDataError as exc:
            print(f"{map_id}: error: {exc}", file=sys.stderr)
            status = 1
            continue
        print(f"{map_id}: wrote {path} ({size:,} bytes)")
        kinds: dict[str, int] = {}
        for note in notes:
            kind = note.split()[0]  # "island", "lagoon", "piece"
            kinds[kind] = kinds.get(kind, 0) + 1
        if args.verbose:
            for note in notes:
                print(f"  {note}")
        elif notes:
            print("  builder decisions: " + ", ".join(f"{n} × {k}" for k, n in sorted(kinds.items()))
                  + " (--verbose lists them)")
        if not args.no_check:
            problems = check_geometry(map_id)
            for line in problems:
                print(f"  problem: {line}")
            if problems:
                status = 1
            else:
                print("  check: fine")
    return status


def check_main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="chancellery maps check",
        description="Check each map's geometry.json: regions, anchors, labels and adjacency against the graph.",
    )
    parser.add_argument("maps", nargs="*", metavar="MAP", help="map ids (default: every map with a geometry.json)")
    args = parser.parse_args(argv)
    missing = _need_shapely()
    if missing:
        print(f"error: {missing}", file=sys.stderr)
        return 2
    from .check import check_geometry

    map_ids = args.maps or _maps_with("geometry.json")
    if not map_ids:
        print("error: no map has a geometry.json to check", file=sys.stderr)
        return 1
    status = 0
    for map_id in map_ids:
        problems = check_geometry(map_id)
        if problems:
            status = 1
            print(f"{map_id}: {len(problems)} problem(s)")
            for line in problems:
                print(f"  {line}")
        else:
            print(f"{map_id}: fine")
    return status


def crop_main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="chancellery maps crop-coastline",
        description="Maintainer step: crop a GSHHS GeoJSON file to a map's frame and write "
        "resources/maps/<id>/source/coastline.geojson (the only coastline input the builder reads).",
    )
    parser.add_argument("map", metavar="MAP", help="map id (its seeds.json gives the frame)")
    parser.add_argument("gshhs", type=Path, help="GSHHS shorelines as GeoJSON polygons with a 'level' property")
    args = parser.parse_args(argv)
    missing = _need_shapely()
    if missing:
        print(f"error: {missing}", file=sys.stderr)
        return 2
    from .coastline import crop_coastline
    from .config import load_config

    try:
        path, count, size = crop_coastline(args.gshhs, load_config(args.map))
    except MapDataError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    print(f"{args.map}: wrote {path} ({count} polygons, {size:,} bytes)")
    return 0
