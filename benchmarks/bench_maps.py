"""Load time of every shipped map's geometry (target: under 0.2 s each).

Run: ``python benchmarks/bench_maps.py [--repeat N]``. Prints one row per map and exits 1 if a map misses the
target. The drawing layer adds its render-timing column here.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.geometry.load import read_geometry
from engine.mapdata import MAPS_DIR, load_map

LOAD_TARGET_S = 0.2


def time_load(path: Path, repeat: int) -> list[float]:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        read_geometry(path)
        times.append(time.perf_counter() - start)
    return times


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=20, help="loads per map (default 20)")
    args = parser.parse_args(argv)
    paths = sorted(MAPS_DIR.glob("*/geometry.json"))
    if not paths:
        print("no map ships a geometry.json")
        return 1
    print(f"{'map':<12} {'KB':>7} {'provinces':>9} {'first ms':>9} {'median ms':>10} {'max ms':>8}  target")
    worst_ok = True
    for path in paths:
        map_id = path.parent.name
        times = time_load(path, max(1, args.repeat))
        first, median, worst = times[0] * 1000, statistics.median(times) * 1000, max(times) * 1000
        ok = max(times) < LOAD_TARGET_S
        worst_ok &= ok
        provinces = len(load_map(map_id).provinces)
        print(f"{map_id:<12} {path.stat().st_size / 1024:>7.0f} {provinces:>9} {first:>9.1f} {median:>10.1f} "
              f"{worst:>8.1f}  {'ok' if ok else 'SLOW'} (< {LOAD_TARGET_S * 1000:.0f} ms)")
    return 0 if worst_ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
