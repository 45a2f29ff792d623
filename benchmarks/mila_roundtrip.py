"""Round trips of MILA game files between this engine and the MILA ``diplomacy`` package; prints the counts.

Run it with the Python of the separate MILA environment (see benchmarks/README.md), from the repository root:

    PYTHONHASHSEED=0 PYTHONPATH=. /work/mila-venv/bin/python benchmarks/mila_roundtrip.py [--games 150] [--phases 30]

(MILA lists possible orders in set order, so its random games repeat only with a fixed hash seed.)

Ours → MILA: random games played here are exported (``engine.interop.mila_files``); MILA loads each file
(``from_saved_game_format``) and writes it again, which must give back the same phases, orders and results;
then a fresh MILA game replays the file's orders phase by phase, and its positions and results are compared
with the file's.

MILA → ours: random games played by MILA are written by MILA, imported here (every phase adjudicated again
by our engine and compared with MILA's next position), exported again, and the phases, orders and results
compared with MILA's.

MILA's package is AGPL-3.0 and is used only as an outside reference; engine/ and app/ never import it.
"""
from __future__ import annotations

import argparse
import contextlib
import io
import json
import random
import sys
import time
from collections import Counter
from typing import Any

try:
    from diplomacy import Game as MilaGame
    from diplomacy.utils.export import from_saved_game_format, to_saved_game_format
except ImportError:  # pragma: no cover - depends on the environment
    raise SystemExit("The MILA 'diplomacy' package is not installed here; run this with the MILA environment's "
                     "Python (see benchmarks/README.md).") from None

from engine.bots import play_random_phase
from engine.game import Game
from engine.interop.mila_files import export_mila, import_mila, orders_key, position_key, results_key


def _mila_random_game(map_name: str, rng: random.Random, max_phases: int) -> Any:
    game = MilaGame(map_name=map_name)
    for _ in range(max_phases):
        if game.is_game_done:
            break
        possible = game.get_all_possible_orders()
        for power in game.powers:
            locs = game.get_orderable_locations(power)
            # Now and then a unit is left without orders, so defaults get exercised too.
            game.set_orders(power, [rng.choice(possible[loc]) for loc in locs if possible[loc] and rng.random() < 0.95])
        with contextlib.redirect_stdout(io.StringIO()):
            game.process()
    return game


def ours_to_mila(variant: str, games: int, max_phases: int, seed: int, counts: Counter[str]) -> None:
    for g in range(games):
        rng = random.Random(seed + g)
        game = Game.new(variant)
        for _ in range(max_phases):
            if game.is_over:
                break
            play_random_phase(game, rng)
        saved = json.loads(json.dumps(export_mila(game)))
        counts["games"] += 1
        # 1. MILA reads the file and writes it back unchanged (phases, orders, results).
        mila = from_saved_game_format(saved)
        again = to_saved_game_format(mila)
        same = ([p["name"] for p in again["phases"]] == [p["name"] for p in saved["phases"]]
                and all(orders_key(a) == orders_key(b) and results_key(a) == results_key(b)
                        for a, b in zip(again["phases"][:-1], saved["phases"][:-1]))
                and all(position_key(a["state"]) == position_key(b["state"]) for a, b in zip(again["phases"], saved["phases"])))
        counts["files MILA read back unchanged"] += same
        # 2. MILA adjudicates each phase from the file's position and reaches the file's next position with
        # the file's results. Phases with an army ordered "VIA" are counted apart: MILA moves such an army
        # over land when no convoy carries it, where our adjudication (DATC) lets the move fail.
        for i, phase in enumerate(saved["phases"][:-1]):
            kind = "with VIA orders" if _has_via(phase) else "without VIA orders"
            counts[f"phases {kind}"] += 1
            replay = MilaGame(map_name=saved["map"])
            replay.set_state(phase["state"])
            for power, orders in phase["orders"].items():
                replay.set_orders(power, orders)
            with contextlib.redirect_stdout(io.StringIO()):  # MILA prints the orders it refused
                replay.process()
            history = replay.get_phase_history()[-1].to_dict()
            nxt = saved["phases"][i + 1]
            counts[f"positions equal after MILA adjudicates, {kind}"] += \
                position_key(replay.get_state()) == position_key(nxt["state"])
            counts[f"results equal, {kind}"] += results_key(history) == results_key(phase)


def _has_via(phase: dict[str, Any]) -> bool:
    return any(o.endswith(" VIA") for orders in (phase.get("orders") or {}).values() for o in orders or ())


def mila_to_ours(map_name: str, games: int, max_phases: int, seed: int, counts: Counter[str]) -> None:
    for g in range(games):
        rng = random.Random(seed + g)
        saved = json.loads(json.dumps(to_saved_game_format(_mila_random_game(map_name, rng, max_phases))))
        counts["games"] += 1
        imported = import_mila(saved)
        for phase in saved["phases"][:-1]:
            counts["phases with VIA orders" if _has_via(phase) else "phases without VIA orders"] += 1
        disagree = {w.split(":")[0].removeprefix("after ") for w in imported.warnings}
        for phase in saved["phases"][:-1]:
            if phase["name"] in disagree:
                kind = "with VIA orders" if _has_via(phase) else "without VIA orders"
                counts[f"positions our adjudication disagrees with, {kind}"] += 1
        ours = imported.game
        counts["phase lists equal"] += ours.phases() == [p["name"] for p in saved["phases"]]
        back = export_mila(ours)
        for a, b in zip(back["phases"][:-1], saved["phases"][:-1]):
            kind = "with VIA orders" if _has_via(b) else "without VIA orders"
            counts["orders equal after import and export"] += orders_key(a) == orders_key(b)
            counts[f"results equal, {kind}"] += results_key(a) == results_key(b)
        counts["positions equal after import and export"] += sum(
            position_key(a["state"]) == position_key(b["state"]) for a, b in zip(back["phases"], saved["phases"]))
        counts["positions"] += len(saved["phases"])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=150, help="random games each way on Standard (default 150)")
    parser.add_argument("--colonial-games", type=int, default=10, help="random games each way on Colonial")
    parser.add_argument("--phases", type=int, default=30, help="phases per game at most (default 30)")
    parser.add_argument("--seed", type=int, default=1901)
    args = parser.parse_args(argv)
    for label, run in (
        ("standard, ours -> MILA", lambda c: ours_to_mila("standard", args.games, args.phases, args.seed, c)),
        ("standard, MILA -> ours", lambda c: mila_to_ours("standard", args.games, args.phases, args.seed, c)),
        ("colonial, ours -> MILA", lambda c: ours_to_mila("colonial", args.colonial_games, args.phases, args.seed, c)),
        ("colonial, MILA -> ours", lambda c: mila_to_ours("colonial", args.colonial_games, args.phases, args.seed, c)),
    ):
        counts: Counter[str] = Counter()
        started = time.perf_counter()
        run(counts)
        print(f"{label} ({time.perf_counter() - started:.0f} s):")
        for key, value in counts.items():
            print(f"  {key}: {value}")
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
