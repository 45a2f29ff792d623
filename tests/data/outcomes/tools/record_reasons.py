"""Record the reasons the engine words for every conformance case and a few seeded random games.

Run from a checkout whose engine is the reference (``python tests/data/outcomes/tools/record_reasons.py``):
it writes ``tests/data/outcomes/reasons.json``, which ``tests/engine/test_outcomes.py`` compares the
engine's wording against. The file was recorded from the engine before reasons became typed, so the test
shows typed reasons are worded exactly as the free text was.
"""
from __future__ import annotations

import json
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[4]
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

import conformance  # noqa: E402

import engine  # noqa: E402
from engine.bots import play_random_phase  # noqa: E402
from engine.game import Game  # noqa: E402

# (variant, seed, last year played): random games whose every result is recorded.
GAMES = (("standard", 0, 1908), ("standard", 1, 1908), ("colonial", 0, 1876), ("engineered", 0, 1906))


def answers(results: list[dict]) -> list[list[str]]:
    return [[r["power"], r["order"], r["result"], r["reason"]] for r in results]


def record() -> dict:
    cases = {}
    for path in conformance.SUITE_FILES:
        for case in conformance.load(path)["cases"]:
            key = f"{path.relative_to(conformance.DATA).as_posix()}#{case['id']}"
            cases[key] = answers(engine.adjudicate(conformance.request(case))["orders"])
    games = {}
    for variant, seed, until in GAMES:
        rng = random.Random(seed)
        game = Game.new(variant)
        while not game.is_over and game.state.phase.year <= until:
            play_random_phase(game, rng)
        games[f"{variant}/{seed}"] = [
            answers([{"power": r.power, "order": r.order, "result": r.result, "reason": r.reason} for r in rec.results])
            for rec in game.history]
    return {"cases": cases, "games": games}


if __name__ == "__main__":
    out = Path(__file__).resolve().parents[1] / "reasons.json"
    out.write_text(json.dumps(record(), indent=0, sort_keys=True) + "\n", encoding="utf-8")
    print(f"wrote {out}")
