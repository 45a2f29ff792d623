"""An Age of Discovery turn for 20 players: adjudicated, then 20 per-seat views built (issue target: both
within 100 ms), and the per-seat LAN frames with each seat's turn report beside them.

Seeded random games (every power gives a random legal command per unit and centre, sends spies and now and
then declares war or alliance) give turns from the first to ``--turns``. Each turn is timed as the host runs
it: a fresh ``Game`` on that position, every power's command lines read and checked (``Game.set_orders``) and
``Game.process()`` (the whole EMG turn: relations, adds, conflicts, retreats, ownership, remembered areas).
Then for every seat: its view of the new position (``view_for``) and its results (``results_for``), which is
what "a per-seat view" is; and, printed apart, its wire position and its turn report (``turn_report``).

    python benchmarks/bench_aod.py [--players 20] [--turns 12] [--repeats 3] [--seed 1]
"""
from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.game import Game  # noqa: E402
from engine.net.views import position_to_wire, result_to_wire  # noqa: E402
from engine.state import GameState  # noqa: E402
from engine.variants import find_variant  # noqa: E402
from engine.variants.emg.aod_map import coordinates  # noqa: E402

TARGET_MS = 100.0


def random_turn(variant, state: GameState, rng: random.Random, first: bool) -> dict[str, list[str]]:  # type: ignore[no-untyped-def]
    board = variant.board
    legal = variant.legal_orders(state)
    out: dict[str, list[str]] = {}
    for power in sorted(board.powers):
        lines = []
        for _, options in sorted(legal.get(power, {}).items()):
            moves = [o for o in options if type(o).__name__ == "Move"]
            pick = rng.choice(moves) if moves and rng.random() < 0.6 else rng.choice(options)
            lines.append(str(pick))
        known = sorted(variant.known_areas(state, power))
        reach = sorted(a for a, d in board.distances_from(known).items() if d <= 2) if known else []
        spies = rng.sample(reach, min(len(reach), variant.spies_per_turn))
        if spies:
            lines.append("SP " + " ".join("{:02d}{:02d}".format(*coordinates(board.extra, power, a))
                                          if rng.random() < 0.5 else a for a in spies))
        if rng.random() < 0.2:
            other = rng.choice([p for p in board.powers if p != power])
            lines.append(("DA " if first or rng.random() < 0.4 else "DW ") + other)
        out[power] = lines
    return out


def sample_turns(players: int, turns: int, seed: int):  # type: ignore[no-untyped-def]
    variant = find_variant("age_of_discovery", {"players": players, "seed": seed})
    game = Game.new(variant)
    rng = random.Random(seed)
    sampled = []
    for turn in range(turns):
        orders = random_turn(variant, game.state, rng, turn == 0)
        sampled.append((game.state, orders))
        for power, lines in orders.items():
            game.set_orders(power, lines, ready=True)
        game.process()
    return variant, sampled


def best(repeats: int, work) -> tuple[float, object]:  # type: ignore[no-untyped-def]
    times, value = [], None
    for _ in range(repeats):
        start = time.perf_counter()
        value = work()
        times.append((time.perf_counter() - start) * 1000)
    return min(times), value


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--players", type=int, default=20)
    parser.add_argument("--turns", type=int, default=12, help="turns of the sampled game (default 12)")
    parser.add_argument("--repeats", type=int, default=3, help="timed runs per turn, the best kept (default 3)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    if args.turns < 1 or args.repeats < 1:
        parser.error("--turns and --repeats must be at least 1")
    variant, sampled = sample_turns(args.players, args.turns, args.seed)
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"Age of Discovery, {args.players} players (map seed {args.seed}, {len(variant.board.provinces)} areas), "
          f"{args.turns} turns of a random game, best of {args.repeats} (load {load:.1f})")
    print(f"  {'turn':>4} {'units':>5} {'adjudicate':>11} {'20 views':>9} {'total':>8}   {'wire+reports':>12}")
    totals, adjudications, views = [], [], []
    for number, (state, orders) in enumerate(sampled, 1):
        def adjudicate() -> Game:
            game = Game(variant, state)
            for power, lines in orders.items():
                game.set_orders(power, lines, ready=True)
            game.process()
            return game

        t_adj, game = best(args.repeats, adjudicate)
        assert isinstance(game, Game)
        before, after, results = state, game.state, game.history[-1].results

        def seat_views() -> None:
            for power in variant.board.powers:
                variant.view_for(after, power)
                variant.results_for(before, results, power)

        def seat_frames() -> None:
            states = [before, after]
            for power in variant.board.powers:
                position_to_wire(variant.view_for(after, power), variant)
                [result_to_wire(r) for r in variant.results_for(before, results, power)]
                variant.turn_report(states, 0, results, power)

        t_views, _ = best(args.repeats, seat_views)
        t_frames, _ = best(args.repeats, seat_frames)
        total = t_adj + t_views
        totals.append(total)
        adjudications.append(t_adj)
        views.append(t_views)
        print(f"  {number:>4} {len(state.units):>5} {t_adj:9.1f}ms {t_views:7.1f}ms {total:6.1f}ms   {t_frames:10.1f}ms")
    worst = max(totals)
    print(f"  median: adjudicate {statistics.median(adjudications):.1f} ms + views {statistics.median(views):.1f} ms "
          f"= {statistics.median(totals):.1f} ms; worst turn {worst:.1f} ms; target <= {TARGET_MS:.0f} ms: "
          f"{'meets' if worst <= TARGET_MS else 'MISSES'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
