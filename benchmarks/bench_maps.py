"""Every shipped map: load time with geometry (target under 0.2 s) and full-board PNG render (under 0.5 s).

Run: ``python benchmarks/bench_maps.py [--repeat N] [--width PX]``. "Load" is what the app does on opening a
map: the graph (``map.json``) plus the geometry turned into drawable Qt paths, the in-memory caches cold and
the paths read from the on-disk cache an earlier run left (``app.drawing.geometry_cache``; kept in a
temporary folder here). "First build" is the same without that cache: every path built with shapely, as on
the very first run. "Render" is the starting position with every unit, centre and label drawn to a PNG of
the given width; the first render of a map also places its labels (and makes the shapely areas that takes),
as a one-off ``chancellery render`` does, and is printed apart from the median of the repeats.

With ``--variant`` it also starts fresh processes (bytecode cached, as an installed program has it) and times
what a game of that variant needs before its first use, from a cold start: importing the engine, the map
and the start position (``Game.new``: the map's JSON, the variant's per-map tables), the first phase's legal
orders (what the board lights), the map's drawn paths from the disk cache, and, printed apart, the order
reader's per-map tables that the first order line builds. The target (load < 0.2 s) is judged on the map,
the start position and the first legal orders.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from app.drawing import geometry as drawing_geometry  # noqa: E402
from app.drawing.export import ensure_gui_application, png_bytes  # noqa: E402
from app.scene.pictures import Display, board_picture, power_colours  # noqa: E402
from engine import mapdata  # noqa: E402
from engine.geometry.load import read_geometry  # noqa: E402
from engine.variants import Variant, find_variant, variant_ids  # noqa: E402

LOAD_TARGET_S = 0.2
RENDER_TARGET_S = 0.5


def cold_load(map_id: str, *, disk_cache: bool = True) -> float:
    mapdata.load_map.cache_clear()
    drawing_geometry.load_map_geometry.cache_clear()
    start = time.perf_counter()
    board = mapdata.load_map(map_id)
    if disk_cache:
        drawing_geometry.load_map_geometry(map_id)
    else:
        sea = frozenset(p.id for p in board.provinces.values() if p.is_sea)
        drawing_geometry.load_geometry(mapdata.MAPS_DIR / map_id / "geometry.json", sea_provinces=sea)
    return time.perf_counter() - start


COLD_CHILD = """
import json, sys, time
started = time.perf_counter()
sys.path.insert(0, {root!r})
from engine.game import Game
imported = time.perf_counter()
game = Game.new({variant!r})
made = time.perf_counter()
power = game.powers_to_order()[0]
game.legal_orders(power)
lit = time.perf_counter()
from engine.geometry.load import read_geometry
from engine import mapdata
read_geometry(mapdata.MAPS_DIR / game.variant.map_id / "geometry.json")
drawn = time.perf_counter()
game.check_line(power, "WAIVE")
read = time.perf_counter()
print(json.dumps({{"import": imported - started, "game": made - imported, "legal": lit - made,
                  "geometry": drawn - lit, "reader": read - drawn}}))
"""


def cold_process(variant: str, runs: int = 5) -> dict[str, float]:
    """Medians over ``runs`` fresh processes (after one that writes the bytecode cache) of each step."""
    with tempfile.TemporaryDirectory() as pycache:
        env = os.environ.copy()
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env["PYTHONPYCACHEPREFIX"] = pycache
        code = COLD_CHILD.format(root=str(Path(__file__).resolve().parent.parent), variant=variant)
        rows = []
        for _ in range(runs + 1):
            out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, env=env)
            rows.append(json.loads(out.stdout.strip().splitlines()[-1]))
    return {key: statistics.median(row[key] for row in rows[1:]) for key in rows[0]}


def _map_only_variant(map_id: str) -> Variant:
    """Standard rules on a board whose variant isn't written yet: its own powers and starting units."""
    return type(f"MapOnly{map_id}", (Variant,), {"id": f"map-{map_id}", "name": map_id, "map_id": map_id})()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=10, help="timed runs per map (default 10)")
    parser.add_argument("--width", type=int, default=2000, help="PNG width in pixels (default 2000)")
    parser.add_argument("--variant", help="only this variant's map, with its own start position")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as cache:
        os.environ["CHANCELLERY_CACHE_DIR"] = cache
        return _run(args)


def _run(args: argparse.Namespace) -> int:
    ensure_gui_application()
    maps = sorted(p.parent.name for p in mapdata.MAPS_DIR.glob("*/geometry.json"))
    variant_of = {find_variant(v).map_id: v for v in variant_ids()}
    if "world31" in maps and "world31" not in variant_of:
        # Until the World Diplomacy rules exist, its board is set up by the tests' board-only variant.
        sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "world31"))
        import world31_map_variant  # noqa: F401  (registers it)
        variant_of["world31"] = "world31-map-test"
    if args.variant:
        chosen = find_variant(args.variant)
        maps, variant_of = [chosen.map_id], {chosen.map_id: args.variant}
        cold = cold_process(args.variant)
        load = cold["game"] + cold["legal"]
        print(f"cold process, {args.variant} (median of 5): engine imports {cold['import'] * 1000:.0f} ms; map and start "
              f"position {cold['game'] * 1000:.0f} ms + first legal orders {cold['legal'] * 1000:.0f} ms = "
              f"{load * 1000:.0f} ms (target < {LOAD_TARGET_S * 1000:.0f} ms: "
              f"{'ok' if load < LOAD_TARGET_S else 'MISSES'}); geometry JSON {cold['geometry'] * 1000:.0f} ms; "
              f"the order reader's map tables (first order line) {cold['reader'] * 1000:.0f} ms")
    print(f"{'map':<10} {'provinces':>9} {'json ms':>8} {'first build ms':>14} {'load ms':>8} {'first render ms':>15} "
          f"{'render ms':>10}"
          f"  targets: load < "
          f"{LOAD_TARGET_S * 1000:.0f} ms, {args.width} px PNG < {RENDER_TARGET_S * 1000:.0f} ms")
    all_ok = True
    for map_id in maps:
        json_ms = statistics.median(
            _timed(lambda: read_geometry(mapdata.MAPS_DIR / map_id / "geometry.json")) for _ in range(args.repeat))
        first_builds = [cold_load(map_id, disk_cache=False) for _ in range(args.repeat)]
        cold_load(map_id)  # leaves the paths in the disk cache, as the first run does
        loads = [cold_load(map_id) for _ in range(args.repeat)]
        variant = find_variant(variant_of[map_id]) if map_id in variant_of else _map_only_variant(map_id)
        board = variant.board
        geometry = drawing_geometry.load_map_geometry(map_id)
        picture = board_picture(board, variant.initial_state(), power_colours(board), Display())
        renders = [_timed(lambda: png_bytes(picture, geometry, args.width)) for _ in range(args.repeat + 1)]
        ok = max(loads) < LOAD_TARGET_S and max(renders) < RENDER_TARGET_S
        all_ok &= ok
        print(f"{map_id:<10} {len(board.provinces):>9} {json_ms * 1000:>8.1f} "
              f"{statistics.median(first_builds) * 1000:>14.1f} {statistics.median(loads) * 1000:>8.1f} "
              f"{renders[0] * 1000:>15.1f} {statistics.median(renders[1:]) * 1000:>10.1f}  {'ok' if ok else 'MISSES'} "
              f"(worst load {max(loads) * 1000:.1f} ms, worst render {max(renders) * 1000:.1f} ms)")
    return 0 if all_ok else 1


def _timed(func: object) -> float:
    start = time.perf_counter()
    func()  # type: ignore[operator]
    return time.perf_counter() - start


if __name__ == "__main__":
    raise SystemExit(main())
