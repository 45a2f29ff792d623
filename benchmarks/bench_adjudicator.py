"""Chancellery's adjudicator and legal-order enumeration against the MILA ``diplomacy`` package.

Both engines get the same random standard positions and the same orders, in one run. Targets:
movement adjudication at least 8x faster than MILA's ``Game.process()``, legal-order enumeration for all
units at least 20x faster than its ``Game.get_all_possible_orders()``. Run it in the MILA environment
described in benchmarks/README.md:

    .venv-mila/bin/python benchmarks/bench_adjudicator.py [--positions 120] [--repeats 7] [--profile]

With ``--variant ID`` (no MILA needed) it compares instead the cost per unit of a movement phase of that
variant through ``engine.adjudicate`` with a standard phase's, both from random games (target: no more per
unit than standard):

    python benchmarks/bench_adjudicator.py --variant world31 [--positions 40]
"""
from __future__ import annotations

import argparse
import cProfile
import gc
import io
import pstats
import statistics
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # this checkout's engine, installed or not

MILA_MISSING = ""
try:
    from mila_bridge import give_orders, mila_game  # noqa: E402  (needs the path above)
except SystemExit as missing:  # the --variant comparison needs no MILA
    MILA_MISSING = str(missing)
from random_positions import Sample, random_samples  # noqa: E402

import engine  # noqa: E402
from engine.options import legal_order_objects, legal_orders_for_state  # noqa: E402
from engine.orders import Hold, Order  # noqa: E402
from engine.phases import Submission  # noqa: E402
from engine.types import province_of  # noqa: E402
from engine.variants import Variant, find_variant  # noqa: E402

ADJUDICATION_TARGET = 8.0
LEGAL_ORDERS_TARGET = 20.0


@dataclass(slots=True)
class Prepared:
    """One position with everything each side needs, made before any clock starts."""

    sample: Sample
    typed: dict[str, list[Order]]  # power -> our validated orders
    by_province: dict[str, Order]  # one order per unit, holds filled in: the resolver's input
    request: dict[str, Any]  # the engine.adjudicate / engine.legal_orders request
    mila_dropped: int  # orders MILA refused at set_orders (those units hold on its side)


def prepare(variant: Variant, sample: Sample) -> Prepared:
    sub = Submission.from_texts(variant, sample.state, sample.orders)
    by_province: dict[str, Order] = {}
    for items in sub.orders.values():
        for order in items:
            by_province[province_of(order.unit.loc)] = order
    for prov, unit in sample.state.units.items():
        by_province.setdefault(prov, Hold(unit))
    kept = give_orders(mila_game(sample.state), sample.orders)
    dropped = sum(len(v) for v in sample.orders.values()) - sum(len(v) for v in kept.values())
    return Prepared(sample, dict(sub.orders), by_province, sample.request(), dropped)


@dataclass(slots=True)
class Series:
    """Per-position times in seconds (each the median of that position's repeats)."""

    label: str
    per_position: list[float] = field(default_factory=list)
    # Per position the fastest of its repeats, where the benchmark records it: the figure least moved
    # by other load on the machine.
    best_per_position: list[float] = field(default_factory=list)

    @property
    def mean_ms(self) -> float:
        return statistics.fmean(self.per_position) * 1e3

    @property
    def median_ms(self) -> float:
        return statistics.median(self.per_position) * 1e3

    @property
    def best_mean_ms(self) -> float | None:
        return statistics.fmean(self.best_per_position) * 1e3 if self.best_per_position else None


def time_calls(func: Callable[[], Any], repeats: int, setup: Callable[[], None] | None = None) -> float:
    """Median wall time of ``repeats`` calls of ``func``; ``setup`` runs untimed before each call."""
    times = []
    for _ in range(repeats):
        if setup is not None:
            setup()
        start = time.perf_counter()
        func()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def bench_adjudication(variant: Variant, positions: list[Prepared], repeats: int) -> list[Series]:
    mila = Series("MILA Game.process()")
    resolver = Series("ours: variant.adjudicate_movement (resolver, typed orders)")
    phase = Series("ours: Submission.process (typed orders -> next state)")
    contract = Series("ours: engine.adjudicate(request) (parse + validate + all)")
    for p in positions:
        state, sample = p.sample.state, p.sample
        holder: list[Any] = []

        def fresh_mila_game() -> None:
            holder.clear()
            game = mila_game(state)
            give_orders(game, sample.orders)
            holder.append(game)

        gc.collect()
        mila.per_position.append(time_calls(lambda: holder[0].process(), repeats, fresh_mila_game))
        holder.clear()
        gc.collect()
        resolver.per_position.append(
            time_calls(lambda: variant.adjudicate_movement(state, p.by_province), repeats))
        phase.per_position.append(
            time_calls(lambda: Submission.from_orders(variant, state, p.typed).process(), repeats))
        contract.per_position.append(time_calls(lambda: engine.adjudicate(p.request), repeats))
    return [mila, resolver, phase, contract]


def bench_legal_orders(variant: Variant, positions: list[Prepared], repeats: int) -> list[Series]:
    mila = Series("MILA Game.get_all_possible_orders()")
    objects = Series("ours: options.legal_order_objects (typed orders)")
    texts = Series("ours: options.legal_orders_for_state (order texts)")
    contract = Series("ours: engine.legal_orders(request) (parse + texts)")
    for p in positions:
        state = p.sample.state
        game = mila_game(state)
        gc.collect()
        # clear_cache() drops MILA's per-position convoy cache so every call computes afresh; its
        # map-level convoy tables stay loaded, as our map-level tables do. We keep nothing from one
        # position or call to the next, so repeated calls on a position do the whole work each time.
        mila.per_position.append(time_calls(game.get_all_possible_orders, repeats, game.clear_cache))
        gc.collect()
        objects.per_position.append(time_calls(lambda: legal_order_objects(variant, state), repeats))
        texts.per_position.append(time_calls(lambda: legal_orders_for_state(variant, state), repeats))
        contract.per_position.append(time_calls(lambda: engine.legal_orders(p.request), repeats))
    return [mila, objects, texts, contract]


def report(title: str, rows: list[Series], target: float, target_row: int, conservative: bool = False) -> float:
    """Print the rows with their ratios to the first; returns the target row's ratio by mean, or with
    ``conservative`` the least of its ratios by mean, median and fastest call (a burst of load on the
    machine moves a mean far more than a median)."""
    base = rows[0]
    with_best = all(row.best_mean_ms is not None for row in rows)
    print(f"\n{title}")
    print(f"  {'':60} {'mean ms':>9} {'median ms':>10}" + (f" {'min-of-k ms':>12}" if with_best else "")
          + f" {'MILA/ours (mean)':>17} {'(median)':>9}" + (f" {'(min-of-k)':>11}" if with_best else ""))
    for i, row in enumerate(rows):
        best = f" {row.best_mean_ms:12.3f}" if with_best else ""
        if i == 0:
            ratios = ""
        else:
            ratios = f"{base.mean_ms / row.mean_ms:16.1f}x {base.median_ms / row.median_ms:8.1f}x"
            if with_best:
                ratios += f" {base.best_mean_ms / row.best_mean_ms:10.1f}x"  # type: ignore[operator]
        print(f"  {row.label:60} {row.mean_ms:9.3f} {row.median_ms:10.3f}{best} {ratios}")
    row = rows[target_row]
    ratio = base.mean_ms / row.mean_ms
    how = ""
    if conservative:
        ratio = min(ratio, base.median_ms / row.median_ms)
        if with_best:
            ratio = min(ratio, base.best_mean_ms / row.best_mean_ms)  # type: ignore[operator]
        how = ", the least of mean, median and min-of-k"
    verdict = "meets" if ratio >= target else "MISSES"
    print(f"  => {ratio:.1f}x{how} (target {target:.0f}x: {verdict}) [{row.label.split(':', 1)[1].strip()}]")
    return ratio


def profile(title: str, func: Callable[[], None], top: int, out: Path | None) -> None:
    """Run ``func`` under cProfile and print the functions with the most own time and cumulative time."""
    prof = cProfile.Profile()
    prof.enable()
    func()
    prof.disable()
    if out is not None:
        prof.dump_stats(str(out))
    print(f"\nprofile: {title}{' (saved to ' + str(out) + ')' if out else ''}")
    for order, heading in (("tottime", "own time"), ("cumulative", "cumulative time")):
        buf = io.StringIO()
        pstats.Stats(prof, stream=buf).strip_dirs().sort_stats(order).print_stats(top)
        lines = buf.getvalue().splitlines()
        header = next(i for i, ln in enumerate(lines) if ln.lstrip().startswith("ncalls"))
        print(f"  top {top} by {heading}:")
        for ln in lines[header : header + top + 1]:
            print("  " + ln)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--positions", type=int, default=120, help="random movement phases (default 120)")
    parser.add_argument("--repeats", type=int, default=7, help="timed calls per position and side (default 7)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the first random game (default 0)")
    parser.add_argument("--max-year", type=int, default=1920, help="play each random game up to this year")
    parser.add_argument("--profile", action="store_true", help="also profile our two code paths")
    parser.add_argument("--profile-dir", type=Path, help="save the cProfile data here (.prof files)")
    parser.add_argument("--top", type=int, default=18, help="profile lines to print (default 18)")
    parser.add_argument("--variant", help="compare this variant's phases per unit with standard's (no MILA)")
    args = parser.parse_args(argv)
    if args.positions < 1 or args.repeats < 1:
        parser.error("--positions and --repeats must be at least 1")
    if args.variant and args.variant != "standard":
        return per_unit(args.variant, args.positions, args.repeats, args.seed)
    if MILA_MISSING:
        raise SystemExit(MILA_MISSING)

    started = time.perf_counter()
    variant = find_variant("standard")
    samples = random_samples(args.positions, seed=args.seed, max_year=args.max_year)
    positions = [prepare(variant, s) for s in samples]
    # Warm both sides once: map loading, MILA's convoy tables, our map-level caches.
    for p in positions:
        legal_order_objects(variant, p.sample.state)
        engine.adjudicate(p.request)
        mila_game(p.sample.state).get_all_possible_orders()
    units = [len(p.sample.state.units) for p in positions]
    orders = sum(len(v) for p in positions for v in p.sample.orders.values())
    dropped = sum(p.mila_dropped for p in positions)
    seeds = sorted({p.sample.game_seed for p in positions})
    print(f"Chancellery {engine.__version__} vs MILA diplomacy {_mila_version()}, Python {sys.version.split()[0]}")
    years = [p.sample.state.phase.year for p in positions]
    print(f"{len(positions)} movement phases from random games (seeds {seeds[0]}..{seeds[-1]}, "
          f"years {min(years)}-{max(years)}), "
          f"{min(units)}-{max(units)} units (mean {statistics.fmean(units):.1f}), {orders} orders; "
          f"{args.repeats} timed calls per position and side, median per position")
    if dropped:
        print(f"note: MILA refused {dropped} of the {orders} orders at set_orders (those units hold there); "
              "see differential_mila.py")

    adjudication = bench_adjudication(variant, positions, args.repeats)
    legal = bench_legal_orders(variant, positions, args.repeats)
    adj_ratio = report("Movement adjudication, per phase", adjudication, ADJUDICATION_TARGET, 1)
    legal_ratio = report("Legal orders for all units, per position", legal, LEGAL_ORDERS_TARGET, 2)
    print(f"\nRATIOS: adjudication {adj_ratio:.1f}x (target {ADJUDICATION_TARGET:.0f}x), "
          f"legal orders {legal_ratio:.1f}x (target {LEGAL_ORDERS_TARGET:.0f}x)")

    if args.profile:
        if args.profile_dir is not None:
            args.profile_dir.mkdir(parents=True, exist_ok=True)

        def out(name: str) -> Path | None:
            return args.profile_dir / name if args.profile_dir is not None else None

        def run_resolver() -> None:
            for _ in range(20):
                for p in positions:
                    variant.adjudicate_movement(p.sample.state, p.by_province)

        def run_legal() -> None:
            for _ in range(5):
                for p in positions:
                    legal_order_objects(variant, p.sample.state)

        profile("resolver, 20 passes", run_resolver, args.top, out("resolver.prof"))
        profile("legal_order_objects, 5 passes", run_legal, args.top, out("legal_orders.prof"))
    print(f"\n(whole run {time.perf_counter() - started:.1f} s)")
    return 0


def per_unit(variant_id: str, count: int, repeats: int, seed: int) -> int:
    """Median time per unit of a movement phase through ``engine.adjudicate``: ``variant_id`` against
    standard, each phase's request made before the clock starts and timed warm (the contract's position
    cache is emptied before every call, so each call reads its position afresh). Standard's phases take
    the general path here, as every other variant's do (``engine.lean`` serves only Standard's): the ratio
    compares like with like."""
    from engine import lean

    enabled, lean.ENABLED = lean.ENABLED, False
    try:
        return _per_unit(variant_id, count, repeats, seed)
    finally:
        lean.ENABLED = enabled


def _per_unit(variant_id: str, count: int, repeats: int, seed: int) -> int:
    from engine.contract import forget_positions, position_of

    rows = []
    for vid in ("standard", variant_id):
        variant = find_variant(vid)
        started = time.perf_counter()
        samples = random_samples(count, seed=seed, variant=vid,
                                 max_year=1920 if vid == "standard" else start_year(variant) + 6)
        made = time.perf_counter() - started
        requests = [({**position_of(variant, s.state), "orders": s.orders}, len(variant.all_units(s.state)))
                    for s in samples]
        for request, _ in requests:
            engine.adjudicate(request)  # warm: map tables, the variant's caches
        per_phase, per_unit_us = [], []
        for request, units in requests:
            took = time_calls(lambda: engine.adjudicate(request), repeats, setup=forget_positions)
            per_phase.append(took)
            per_unit_us.append(took / max(1, units) * 1e6)
        units = [u for _, u in requests]
        rows.append((vid, statistics.median(per_unit_us), statistics.median(per_phase) * 1000,
                     statistics.fmean(units), len(requests)))
        print(f"{vid}: {len(requests)} movement phases from random games ({made:.1f} s to play), "
              f"{min(units)}-{max(units)} units (mean {statistics.fmean(units):.1f})")
    print(f"{'variant':<12} {'per unit us':>12} {'per phase ms':>13} {'mean units':>11}")
    for vid, unit_us, phase_ms, mean_units, _ in rows:
        print(f"{vid:<12} {unit_us:>12.1f} {phase_ms:>13.2f} {mean_units:>11.1f}")
    ratio = rows[1][1] / rows[0][1]
    print(f"RATIO: {variant_id} costs {ratio:.2f}x standard per unit (target: at most 1.0x)")
    return 0


def start_year(variant: Variant) -> int:
    """The year a variant's board starts in."""
    from engine.types import Phase

    return Phase.parse(variant.board.start_phase).year


def _mila_version() -> str:
    from importlib.metadata import version

    return version("diplomacy")


if __name__ == "__main__":
    sys.exit(main())
