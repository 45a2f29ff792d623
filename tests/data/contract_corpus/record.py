"""Record the contract corpus: requests and the exact response text the engine gives them.

Run by hand from the repository root when the contract's answers are meant to change (and say why in the
commit): ``python tests/data/contract_corpus/record.py``. ``tests/engine/test_contract_corpus.py`` checks
that the engine still answers every request with the same bytes. The requests come from seeded random games
of every variant, with orders in other notations and orders that can't be used mixed in, and from seeded
mutations of them (bad requests: the error's field and message are recorded).
"""
from __future__ import annotations

import gzip
import json
import random
import string
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[3]))

import engine  # noqa: E402
from engine.bots import random_orders  # noqa: E402
from engine.contract import position_of  # noqa: E402
from engine.game import Game  # noqa: E402
from engine.types import RequestError  # noqa: E402

OUT = Path(__file__).with_name("corpus.json.gz")
GAMES = [("standard", {}, 6), ("colonial", {}, 2), ("engineered", {"level": "simple"}, 1),
         ("engineered", {"level": "complex"}, 1), ("engineered", {"level": "advanced"}, 1)]
PHASES_PER_GAME = 30


def reworded(text: str, names: dict[str, str], rng: random.Random) -> str:
    """The same order as people write it: lower case, no spaces round the dash, words, full names."""
    words = text.split()
    style = rng.randrange(5)
    if style == 0:
        return text.lower()
    if style == 1:
        return text.replace(" - ", "-").title()
    if style == 2:
        return " ".join({"A": "Army", "F": "Fleet", "S": "supports", "C": "convoys", "H": "holds",
                         "-": "->"}.get(w, w) for w in words)
    if style == 3:
        return " ".join(names.get(w, w) for w in words)
    return " ".join(w for w in words if w not in ("A", "F"))


def unusable(game: Game, power: str, rng: random.Random) -> str:
    board = game.variant.board
    provinces = sorted(board.provinces)
    own = sorted(str(u) for u in game.state.units.values() if u.power == power) or ["A PAR"]
    others = sorted(str(u) for u in game.state.units.values() if u.power != power) or ["A PAR"]
    empty = [p for p in provinces if p not in game.state.units] or provinces
    return rng.choice([
        f"{rng.choice(own)} - {rng.choice(provinces)}",
        f"A {rng.choice(empty)} - {rng.choice(provinces)}",
        f"{rng.choice(others)} H",
        f"{rng.choice(own)} - XYZ",
        f"{rng.choice(own)} S A {rng.choice(empty)}",
        f"{rng.choice(own)} R {rng.choice(provinces)}",
        f"{rng.choice(own)} B",
        "WAIVE",
        "".join(rng.choice(string.ascii_letters + " -/") for _ in range(rng.randrange(3, 30))),
    ])


def answer(call: Any, request: Any) -> dict[str, Any]:
    try:
        return {"response": json.dumps(call(request))}
    except RequestError as exc:
        return {"error": [exc.field, str(exc)]}


def broken(request: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """The request with one field spoiled."""
    bad = json.loads(json.dumps(request))
    key = rng.choice(["units", "centers", "phase", "orders", "variant", "options", "dislodged"])
    if key == "units" and bad["units"]:
        power = rng.choice(sorted(bad["units"]))
        bad["units"][power] = bad["units"][power] + [rng.choice(["A XYZ", "F MUN", "Q PAR", 5, "A"])]
    elif key == "centers":
        bad["centers"] = {"FRANCE": ["NTH"]} if rng.random() < 0.5 else {"MARS": []}
    elif key == "phase":
        bad["phase"] = rng.choice(["W1901M", "X1901M", "S1901A", "S99999M", 7])
    elif key == "orders":
        bad["orders"] = {rng.choice(["FRANCE", "MARS"]): [rng.choice([5, None, "x" * 1001])]}
    elif key == "variant":
        bad["variant"] = rng.choice(["nosuch", 3])
    elif key == "options":
        bad["options"] = rng.choice([{"victory_centers": 0}, {"tsr_rule": 1}, [1]])
    else:
        bad["dislodged"] = {"FRANCE": [{"unit": "A PAR", "attacker": "BUR"}]}
    return bad


def records() -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for variant_id, options, games in GAMES:
        for seed in range(games):
            rng = random.Random(f"{variant_id}-{options}-{seed}")
            game = Game.new(variant_id, options=options)
            names = {code: p.name for code, p in game.variant.board.provinces.items()}
            for _ in range(PHASES_PER_GAME):
                if game.is_over:
                    break
                request = position_of(game.variant, game.state)
                orders: dict[str, list[str]] = {}
                for power in game.powers_to_order():
                    lines = []
                    for text in random_orders(game, power, rng):
                        roll = rng.random()
                        lines.append(unusable(game, power, rng) if roll < 0.1
                                     else reworded(text, names, rng) if roll < 0.25 else text)
                    if rng.random() < 0.1:
                        lines.append(unusable(game, power, rng))
                    orders[power] = lines
                request["orders"] = orders
                out.append({"call": "adjudicate", "request": request, **answer(engine.adjudicate, request)})
                out.append({"call": "legal_orders", "request": request, **answer(engine.legal_orders, request)})
                if rng.random() < 0.25:
                    bad = broken(request, rng)
                    out.append({"call": "adjudicate", "request": bad, **answer(engine.adjudicate, bad)})
                for power, lines in orders.items():
                    game.set_orders(power, lines, ready=True)
                game.process()
    return out


def main() -> None:
    data = records()
    with gzip.open(OUT, "wt", encoding="utf-8", compresslevel=9) as f:
        f.write("[\n" + ",\n".join(json.dumps(r, sort_keys=True) for r in data) + "\n]\n")
    print(f"{len(data)} records written to {OUT}")


if __name__ == "__main__":
    main()
