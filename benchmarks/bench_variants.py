"""A movement phase of every registered variant, per unit, beside Standard's: the hot-seat and LAN path.

Seeded random games of each variant give movement phases with the random player's orders as text. Each
phase is then timed as a game runs it: a fresh ``Game`` on that position, every power's order lines read
and checked (``Game.set_orders``), and ``Game.process()`` (adjudication, the variant's own steps, the next
phase). The figure that matters is the time per unit on the board, against Standard's; the target for a
new variant (1815, World Diplomacy, …) is "no slower per unit than Standard".

The same phases are then timed through the public JSON contract, ``engine.adjudicate`` (the position read
from the request, every order text read and checked, adjudication, the response), as a caller gets it (a
variant's lean path answering what it serves: Standard's ``engine/lean``, World Diplomacy's own) and by the
general path alone. A targeted variant's figure as a caller gets it is compared with Standard's general path:
the path the targets were set against, whose work per unit (every order read, decided and explained in
full) World Diplomacy's lean path does too; Standard's lean path, which answers a plain Standard phase with
no economy, is printed beside it. Each call is cold: the
positions and order texts the contract keeps from earlier calls are emptied before it
(``engine.contract.forget_positions``), the maps' own tables stay (and the bounded memos of texts the lean
paths read or wrote before, which depend on the map alone). The repeats find each call's best time, but
they also meet those memos warm; so each variant is also timed *at first sight*: every phase adjudicated
once, after the map's tables were made by the phases of other games (a game's phases, each adjudicated once,
are what a caller asks). Each call's wall time and the
process's CPU time are both kept (best of the repeats): on a loaded machine a long call is interrupted more
often than a short one, which wall time counts against the long call and CPU time does not.

    python benchmarks/bench_variants.py [--phases 30] [--repeats 5] [--variant 1815 ...]
"""
from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import engine  # noqa: E402
from engine.bots import random_orders  # noqa: E402
from engine.contract import forget_positions, position_of  # noqa: E402
from engine.game import Game  # noqa: E402
from engine.state import GameState  # noqa: E402
from engine.types import PhaseType  # noqa: E402
from engine.variants import variant_ids  # noqa: E402


# The variants whose issues set "no slower per unit than Standard" as a target (the others are printed
# for comparison: their rules do more per unit by design).
TARGETED = frozenset({"1815", "world31"})


@dataclass(frozen=True, slots=True)
class Phase:
    variant: str
    options: dict[str, object]
    state: GameState
    orders: dict[str, list[str]]
    units: int


def sample_phases(variant_id: str, count: int, seed: int) -> list[Phase]:
    """``count`` movement phases from seeded random games (a new game when one ends or grows old)."""
    rng = random.Random(seed)
    phases: list[Phase] = []
    game = Game.new(variant_id)
    first_year = game.state.phase.year
    while len(phases) < count:
        if game.is_over or game.state.phase.year > first_year + 12:
            game = Game.new(variant_id)
        orders = {p: random_orders(game, p, rng) for p in game.powers_to_order()}
        if game.state.phase.type is PhaseType.MOVEMENT and game.state.phase.year > first_year:
            units = len(game.state.all_units())
            phases.append(Phase(variant_id, dict(game.variant.options), game.state, orders, units))
        for power, texts in orders.items():
            game.set_orders(power, texts, ready=True)
        game.process()
    return phases


def run_phase(phase: Phase) -> None:
    game = Game.new(phase.variant, options=dict(phase.options))
    game.replace_state(phase.state)
    for power, texts in phase.orders.items():
        game.set_orders(power, texts, ready=True)
    game.process()


def time_phases(phases: list[Phase], repeats: int) -> tuple[float, float]:
    """Median milliseconds per phase and microseconds per unit (the median of each phase's best run)."""
    per_phase, per_unit = [], []
    for phase in phases:
        run_phase(phase)  # warm: map tables, option tables
        best = min(_timed(phase) for _ in range(repeats))
        per_phase.append(best * 1e3)
        per_unit.append(best * 1e6 / max(phase.units, 1))
    return statistics.median(per_phase), statistics.median(per_unit)


def _timed(phase: Phase) -> float:
    start = time.perf_counter()
    run_phase(phase)
    return time.perf_counter() - start


def time_contract(phases: list[Phase], repeats: int, lean_paths: bool = False) -> tuple[float, float, float]:
    """Through ``engine.adjudicate``, cold: median milliseconds per phase, and median microseconds per unit
    of wall time and of CPU time (each phase's best run). ``lean_paths``: as a caller gets it, the lean paths
    answering what they serve (``engine.lean``: Standard's; World Diplomacy's own); otherwise every request
    takes the general path."""
    from engine import lean

    enabled, lean.ENABLED = lean.ENABLED, lean_paths
    try:
        return _time_contract(phases, repeats)
    finally:
        lean.ENABLED = enabled


def _time_contract(phases: list[Phase], repeats: int) -> tuple[float, float, float]:
    per_phase, wall_unit, cpu_unit = [], [], []
    for phase in phases:
        variant = Game.new(phase.variant, options=dict(phase.options)).variant
        request = {**position_of(variant, phase.state), "orders": phase.orders}
        engine.adjudicate(request)  # warm: map tables
        best_wall = best_cpu = float("inf")
        for _ in range(repeats):
            forget_positions()
            wall, cpu = time.perf_counter(), time.process_time()
            engine.adjudicate(request)
            best_wall = min(best_wall, time.perf_counter() - wall)
            best_cpu = min(best_cpu, time.process_time() - cpu)
        per_phase.append(best_wall * 1e3)
        wall_unit.append(best_wall * 1e6 / max(phase.units, 1))
        cpu_unit.append(best_cpu * 1e6 / max(phase.units, 1))
    return statistics.median(per_phase), statistics.median(wall_unit), statistics.median(cpu_unit)


def time_first_sight(phases: list[Phase], others: list[Phase], lean_paths: bool = False) -> tuple[float, float]:
    """Through ``engine.adjudicate``, each of ``phases`` once, after ``others`` (phases of other games) made the
    map's tables: median microseconds per unit of wall time and of CPU time. ``lean_paths`` as ``time_contract``."""
    from engine import lean

    enabled, lean.ENABLED = lean.ENABLED, lean_paths
    try:
        for phase in others:
            engine.adjudicate(_request(phase))
        wall_unit, cpu_unit = [], []
        for phase in phases:
            request = _request(phase)
            forget_positions()
            wall, cpu = time.perf_counter(), time.process_time()
            engine.adjudicate(request)
            wall_unit.append((time.perf_counter() - wall) * 1e6 / max(phase.units, 1))
            cpu_unit.append((time.process_time() - cpu) * 1e6 / max(phase.units, 1))
        return statistics.median(wall_unit), statistics.median(cpu_unit)
    finally:
        lean.ENABLED = enabled


def _request(phase: Phase) -> dict[str, object]:
    variant = Game.new(phase.variant, options=dict(phase.options)).variant
    return {**position_of(variant, phase.state), "orders": phase.orders}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--phases", type=int, default=30, help="movement phases per variant (default 30)")
    parser.add_argument("--repeats", type=int, default=5, help="timed runs per phase, the best kept (default 5)")
    parser.add_argument("--seed", type=int, default=1815)
    parser.add_argument("--variant", action="append", help="only these variants (Standard is always timed)")
    args = parser.parse_args(argv)
    if args.phases < 1 or args.repeats < 1:
        parser.error("--phases and --repeats must be at least 1")
    chosen = args.variant or [v for v in variant_ids() if v != "standard"]
    unknown = sorted(set(chosen) - set(variant_ids()))
    if unknown:
        parser.error(f"unknown variant(s): {', '.join(unknown)} (known: {', '.join(variant_ids())})")
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"engine modules: {engine.compiled.summary()}")
    print(f"Movement phases through Game.set_orders + Game.process(), {args.phases} per variant, best of "
          f"{args.repeats}, median over phases (load {load:.1f})")
    sampled = {vid: sample_phases(vid, args.phases, args.seed) for vid in ["standard", *chosen]}
    base_phase, base_unit = time_phases(sampled["standard"], args.repeats)
    print(f"  {'standard':20} {base_phase:8.2f} ms per phase  {base_unit:7.1f} us per unit")
    for vid in chosen:
        if vid == "standard":
            continue
        phases = sampled[vid]
        per_phase, per_unit = time_phases(phases, args.repeats)
        units = statistics.median(p.units for p in phases)
        ratio = per_unit / base_unit
        target = ""
        if vid in TARGETED:
            target = f": target <= 1.00, {'meets' if ratio <= 1.0 else 'MISSES'}"
        print(f"  {vid:20} {per_phase:8.2f} ms per phase  {per_unit:7.1f} us per unit  "
              f"({units:.0f} units; {ratio:4.2f}x Standard's per unit{target})")
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"The same phases through engine.adjudicate (JSON contract, text orders, cold), best of {args.repeats} "
          f"(load {load:.1f}); per unit: wall time, CPU time")
    base = time_contract(sampled["standard"], args.repeats)
    print(f"  {'standard':20} {base[0]:8.2f} ms per phase  {base[1]:7.1f} us  {base[2]:7.1f} us CPU per unit"
          "  (the general path)")
    lean = time_contract(sampled["standard"], args.repeats, lean_paths=True)  # as a caller gets it
    print(f"  {'standard, lean path':20} {lean[0]:8.2f} ms per phase  {lean[1]:7.1f} us  {lean[2]:7.1f} us CPU per unit"
          "  (engine/lean: what a caller gets)")
    for vid in chosen:
        if vid == "standard":
            continue
        general = time_contract(sampled[vid], args.repeats)
        got = time_contract(sampled[vid], args.repeats, lean_paths=True)
        ratio, cpu_ratio = got[1] / base[1], got[2] / base[2]
        target = ""
        if vid in TARGETED:
            target = f": target <= 1.00, {'meets' if min(ratio, cpu_ratio) <= 1.0 else 'MISSES'}"
        print(f"  {vid:20} {got[0]:8.2f} ms per phase  {got[1]:7.1f} us  {got[2]:7.1f} us CPU per unit  "
              f"({ratio:4.2f}x, CPU {cpu_ratio:4.2f}x Standard's general path per unit{target}; "
              f"{got[1] / lean[1]:4.2f}x Standard's lean path)")
        if general[1] != got[1]:
            print(f"  {vid + ', general path':20} {general[0]:8.2f} ms per phase  {general[1]:7.1f} us  "
                  f"{general[2]:7.1f} us CPU per unit  ({general[1] / base[1]:4.2f}x Standard's general path)")
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"The same phases through engine.adjudicate at first sight: each once, the maps' tables made by "
          f"{FIRST_SIGHT_OTHERS} phases of other games (load {load:.1f}); median per unit: wall time, CPU time")
    others = {vid: sample_phases(vid, FIRST_SIGHT_OTHERS, args.seed + 1) for vid in ["standard", *chosen]}
    first = time_first_sight(sampled["standard"], others["standard"])
    print(f"  {'standard':20} {first[0]:7.1f} us  {first[1]:7.1f} us CPU per unit  (the general path)")
    first_lean = time_first_sight(sampled["standard"], others["standard"], lean_paths=True)
    print(f"  {'standard, lean path':20} {first_lean[0]:7.1f} us  {first_lean[1]:7.1f} us CPU per unit")
    for vid in chosen:
        if vid == "standard":
            continue
        got = time_first_sight(sampled[vid], others[vid], lean_paths=True)
        ratio, cpu_ratio = got[0] / first[0], got[1] / first[1]
        target = ""
        if vid in TARGETED:
            target = f": target <= 1.00, {'meets' if min(ratio, cpu_ratio) <= 1.0 else 'MISSES'}"
        print(f"  {vid:20} {got[0]:7.1f} us  {got[1]:7.1f} us CPU per unit  "
              f"({ratio:4.2f}x, CPU {cpu_ratio:4.2f}x Standard's general path per unit{target})")
    return 0


FIRST_SIGHT_OTHERS = 10  # phases of other games adjudicated first, so that the maps' tables are made


if __name__ == "__main__":
    raise SystemExit(main())
