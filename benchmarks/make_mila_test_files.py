"""Write the MILA game files kept in tests/data/mila/ (random play by MILA's own package, fixed seeds).

    PYTHONHASHSEED=0 PYTHONPATH=. /work/mila-venv/bin/python benchmarks/make_mila_test_files.py

(MILA lists possible orders in set order, so the games repeat only with a fixed hash seed.)

MILA's ``diplomacy`` package (AGPL-3.0) runs only here, in its own environment; the files it writes are
records of random games, and the tests read them with our own converter.
"""
from __future__ import annotations

import contextlib
import io
import json
import random
from pathlib import Path
from typing import Any

from diplomacy import Game as MilaGame
from diplomacy.utils.export import to_saved_game_format

VIA_SEED = 5  # a game with a phase where an army ordered "VIA" without a convoy moves in MILA
OUT = Path(__file__).resolve().parent.parent / "tests" / "data" / "mila"


def random_game(map_name: str, seed: int, phases: int, via: bool = False, draw: bool = False) -> dict[str, Any]:
    """A MILA game of random orders. Without ``via``, no army is ordered "VIA" (MILA moves such an army over
    land when no convoy carries it; our adjudication lets the move fail), so every phase must agree."""
    rng = random.Random(seed)
    game = MilaGame(map_name=map_name)
    for _ in range(phases):
        if game.is_game_done:
            break
        possible = game.get_all_possible_orders()
        for power in game.powers:
            orders = []
            for loc in game.get_orderable_locations(power):
                options = [o for o in possible[loc] if via or not o.endswith(" VIA")]
                if options and rng.random() < 0.95:
                    orders.append(rng.choice(options))
            game.set_orders(power, orders)
        with contextlib.redirect_stdout(io.StringIO()):
            game.process()
    if draw:
        game.draw()
    return to_saved_game_format(game)


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    files = {
        "standard_1905.json": random_game("standard", 7, 14),
        "standard_drawn.json": random_game("standard", 11, 8, draw=True),
        "standard_via.json": random_game("standard", VIA_SEED, 8, via=True),
        "colonial_1872.json": random_game("colonial", 5, 8),
    }
    for name, saved in files.items():
        (OUT / name).write_text(json.dumps(saved) + "\n", encoding="utf-8")
    lines = [json.dumps(random_game("standard", seed, 4)) for seed in (21, 22)]
    (OUT / "two_games.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
