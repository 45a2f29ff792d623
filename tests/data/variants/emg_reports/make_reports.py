"""Writes reports.json and the golden reports beside it: EMG turn reports (engine/variants/emg/report.py) for
each case's viewers, after the case's turns are played. Run from the repository root after changing a case or
the report's layout, and read the changed reports before committing them.

A case names a variant (and its options), a position to start from (or the variant's own start), the commands
of each turn, and for some turns the viewers whose report is kept: a Great Power's id or "GM" (the game
master). Age of Discovery's commands are chosen here by a fixed rule on its generated map, and written into
reports.json, so the data says exactly what was played."""
import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[3]
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "variants")]

import emg_examples  # noqa: E402,F401  (registers the examples board)

from engine.variants import find_variant  # noqa: E402
from engine.variants.emg.aod_map import coordinates  # noqa: E402

CASES = []

# 1. The examples board: England at war with France takes Picardy with a supported attack; the French army
# is forced out (with no area of its own next to Picardy it dies); England's spy watches Mexico; Germany
# and Spain ally. Reports for England (attacker), France (loser), the USA (sees Mexico's corps only through
# no one: its own area) and the game master.
CASES.append({
    "id": "examples-supported-attack",
    "title": "5.31 / 7.15: a supported attack takes an enemy's area; spies, an alliance, a lone offer of peace",
    "variant": "emg_examples", "phase": "F1901M",
    "units": {"ENGLAND": ["A BUR", "C BEL", "F CHA"], "FRANCE": ["A PIC", "C PAR"], "USA": ["C VER"],
              "GERMANY": ["C SAX"], "SPAIN": ["C POR"]},
    "centers": {"ENGLAND": ["LON", "EDI", "REE", "REF"], "FRANCE": ["PAR", "ART", "RFG", "RFH"],
                "USA": ["MEX", "RUU", "RUV"], "GERMANY": ["RGI", "RGJ"], "SPAIN": ["RSS", "RST"]},
    "extra": {"owned": {"PIC": "FRANCE", "BUR": "ENGLAND", "BEL": "ENGLAND", "VER": "USA", "SAX": "GERMANY",
                        "POR": "SPAIN"},
              "relations": {"ENGLAND FRANCE": "war"}},
    "turns": [{"ENGLAND": ["MO 21 17", "SA 20 17", "SA 233 17", "SP 148 139", "DN 4"],
               "FRANCE": ["MO 18 21"], "GERMANY": ["DA 10"], "SPAIN": ["DA 5"]}],
    "reports": {"0": ["ENGLAND", "FRANCE", "USA", "GM"]},
})


def aod_case():
    """Age of Discovery, 9 players, seed 2: three turns; each army moves to its lowest-numbered neighbouring
    land area it doesn't own, corps hold; Amber sends spies by coordinates in the second turn."""
    options = {"players": 9, "seed": 2}
    variant = find_variant("age_of_discovery", options)
    from engine.game import Game

    game = Game.new(variant)
    board = variant.board
    turns = []
    for turn in range(3):
        orders = {}
        state = game.state
        for prov, unit in sorted(state.units.items()):
            if unit.type.value != "A":
                continue
            mine = {a for a, p in state.centers.items() if p == unit.power} | \
                {a for a, p in state.extra.get("owned", {}).items() if p == unit.power}
            reach = sorted((a for a in board.adjacent(unit.type, unit.loc) if a not in mine and a not in state.units),
                           key=int)
            if reach:
                orders.setdefault(unit.power, []).append(f"MO {prov} {reach[0]}")
        if turn == 1:
            known = variant.known_areas(state, "AMBER")
            near = sorted((a for a, d in board.distances_from(sorted(known)).items() if d == 2), key=int)[:3]
            targets = [f"{x:02d}{y:02d}" for x, y in (coordinates(board.extra, "AMBER", a) for a in near)]
            orders.setdefault("AMBER", []).append("SP " + " ".join(targets))
        turns.append(orders)
        for power, lines in orders.items():
            game.set_orders(power, lines, ready=True)
        game.process()
    return {"id": "aod-9-seed-2", "title": "Age of Discovery: three turns, spies by coordinates, the map of "
            "known areas", "variant": "age_of_discovery", "options": options, "turns": turns,
            "reports": {"1": ["AMBER", "AZURE", "GM"], "2": ["AMBER"]}}


CASES.append(aod_case())


def play(case):
    """The game after the case's turns (tests/variants/test_emg_report.py does the same)."""
    from engine.contract import state_from_request
    from engine.game import Game

    if "units" in case:
        _, state = state_from_request({k: case[k] for k in ("variant", "phase", "units", "centers", "extra")}
                                      | {"options": case.get("options", {})})
        game = Game(find_variant(case["variant"], case.get("options")), state)
    else:
        game = Game.new(find_variant(case["variant"], case.get("options")))
    for orders in case["turns"]:
        for power, lines in orders.items():
            checks = game.set_orders(power, lines, ready=True)
            bad = [c for c in checks if not c.ok]
            if bad:
                raise SystemExit(f"{case['id']}: {power}: {[(c.text, c.error) for c in bad]}")
        game.process()
    return game


def golden_name(case, index, viewer):
    return f"{case['id']}.turn{int(index) + 1}.{viewer}.txt"


if __name__ == "__main__":
    from engine.report import phase_report

    suite = {"about": "EMG turn reports (rules 8.0, appendix C) as text, per viewer. Run by "
                      "tests/variants/test_emg_report.py; written by make_reports.py beside it, with the golden "
                      "reports (CASE.turnN.VIEWER.txt).",
             "cases": CASES}
    (HERE / "reports.json").write_text(json.dumps(suite, indent=1) + "\n", encoding="utf-8")
    for case in CASES:
        game = play(case)
        for index, viewers in case["reports"].items():
            for viewer in viewers:
                text = phase_report(game, int(index), None if viewer == "GM" else viewer)
                (HERE / golden_name(case, index, viewer)).write_text(text, encoding="utf-8")
