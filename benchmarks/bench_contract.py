"""The public JSON contract against the MILA ``diplomacy`` package, order texts and JSON included.

Random standard movement phases (about 29 units) get random legal orders, with some illegal orders and
other notations mixed in, all as text. The same phases go to MILA's ``Game.process()`` and to
the public contract as a caller holding the request as text uses it: ``engine.adjudicate_json(text)``, the
text entry (the target line), and for comparison ``json.loads`` of the text, ``engine.adjudicate``,
``json.dumps`` of the answer; legal orders likewise (``engine.legal_orders_json``) against MILA's
``Game.get_all_possible_orders()``. Targets: adjudication through the contract at least 8x faster than
``process()``, legal orders at least 20x faster than ``get_all_possible_orders()``. It also times checking order lines as the LAN host does
(``Game.set_orders``), for a whole phase and for the largest ``orders`` frame the protocol allows.
Run it in the MILA environment described in benchmarks/README.md:

    .venv-mila/bin/python benchmarks/bench_contract.py [--positions 120] [--repeats 7] [--profile]
"""
from __future__ import annotations

import argparse
import gc
import json
import os
import random
import statistics
import string
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench_adjudicator import Series, profile, report, time_calls  # noqa: E402  (needs the path above)
from mila_bridge import give_orders, mila_game  # noqa: E402
from random_positions import Sample, random_samples  # noqa: E402

import engine  # noqa: E402
from engine.game import Game  # noqa: E402
from engine.mapdata import MapData  # noqa: E402
from engine.net.schema import MAX_ORDER_LENGTH, MAX_ORDER_LINES  # noqa: E402
from engine.contract import forget_positions  # noqa: E402
from engine.variants import find_variant, variant_ids  # noqa: E402

ADJUDICATION_TARGET = 8.0
LEGAL_ORDERS_TARGET = 20.0
ODD_SHARE = 0.15  # orders written in another notation
ILLEGAL_SHARE = 0.10  # orders replaced by one that can't be used


def other_notation(text: str, board: MapData, rng: random.Random) -> str:
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
    if style == 3:  # full province names ("Fleet North Sea - Norway")
        return " ".join(board.provinces[w].name if w in board.provinces else w for w in words)
    return " ".join(w for w in words if w not in ("A", "F"))  # no unit letters


def illegal_order(sample: Sample, power: str, board: MapData, rng: random.Random) -> str:
    """An order the engine must refuse, with a reason: not adjacent, no such unit, someone else's unit,
    an unknown place, a support of an empty province, a phase's wrong order kind, or plain nonsense."""
    state = sample.state
    own = [u for u in state.units.values() if u.power == power]
    others = [u for u in state.units.values() if u.power != power]
    provinces = list(board.provinces)
    unit = rng.choice(own)
    far = rng.choice([p for p in provinces if not board.reaches_province(unit.type, unit.loc, p)])
    empty = rng.choice([p for p in provinces if p not in state.units])
    choices = [
        f"{unit} - {far}",
        f"A {empty} - {rng.choice(provinces)}",
        f"{rng.choice(others)} H" if others else f"{unit} - {far}",
        f"{unit} - XYZ",
        f"{unit} S A {empty}",
        f"{unit} R {far}",
        "".join(rng.choice(string.ascii_letters + " -") for _ in range(rng.randrange(3, 30))),
    ]
    return rng.choice(choices)


def phase_orders(sample: Sample, board: MapData, rng: random.Random) -> dict[str, list[str]]:
    """The random player's orders for the phase, some rewritten, some replaced by illegal ones."""
    out: dict[str, list[str]] = {}
    for power, texts in sample.orders.items():
        lines = []
        for text in texts:
            roll = rng.random()
            if roll < ILLEGAL_SHARE:
                lines.append(illegal_order(sample, power, board, rng))
            elif roll < ILLEGAL_SHARE + ODD_SHARE:
                lines.append(other_notation(text, board, rng))
            else:
                lines.append(text)
        out[power] = lines
    return out


def mila_readable(sample: Sample, orders: dict[str, list[str]]) -> dict[str, list[str]]:
    """The texts MILA's ``set_orders`` takes without raising (it crashes on some nonsense)."""
    game = mila_game(sample.state)
    out: dict[str, list[str]] = {}
    for power, texts in orders.items():
        out[power] = []
        for text in texts:
            try:
                game.set_orders(power, [text])
            except Exception:  # noqa: BLE001 - whatever MILA raises, it can't read the text
                continue
            out[power].append(text)
    return out


@dataclass(slots=True)
class Phase:
    sample: Sample
    orders: dict[str, list[str]]
    request_text: str  # the engine.adjudicate / engine.legal_orders request as JSON
    mila_orders: dict[str, list[str]]  # the texts MILA's set_orders reads without raising
    mila_kept: int  # orders MILA accepted at set_orders


Timed = tuple[Series, Callable[[], Any], Callable[[], Any] | None]  # a line, its call, its untimed setup


def time_interleaved(lines: list[Timed], repeats: int) -> None:
    """``repeats`` rounds of one timed call of each line, so a burst of other load on the machine falls on
    every line alike; each round starts with the next line in turn. Each timed call comes right after an
    untimed one of the same line (with its own setup), so it runs warm, as calls in a series do, rather than
    in caches the other engine just filled. (A full garbage collection right before a timed call would
    make it pay for memory the collection hands back, so the callers collect once per position instead;
    automatic collection stays on.) Each line records the median and the fastest of its calls."""
    times: list[list[float]] = [[] for _ in lines]
    clock = time.perf_counter
    for round_ in range(repeats):
        for k in range(len(lines)):
            i = (round_ + k) % len(lines)
            _, call, setup = lines[i]
            if setup is not None:
                setup()
            call()  # untimed: each timed call runs warm, as in a series of calls, not just after the other side
            if setup is not None:
                setup()
            start = clock()
            call()
            times[i].append(clock() - start)
    for (series, _, _), taken in zip(lines, times):
        series.per_position.append(statistics.median(taken))
        series.best_per_position.append(min(taken))


def bench_adjudication(phases: list[Phase], repeats: int) -> tuple[list[Series], Series]:
    mila = Series("MILA Game.process() (orders set beforehand, untimed)")
    mila_texts = Series("MILA Game.set_orders() + process()")
    ours = Series("ours, cold: engine.adjudicate_json(request text)")
    ours_warm = Series("ours, warm: engine.adjudicate_json(request text)")
    via_dicts = Series("ours, cold: json.loads + engine.adjudicate + json.dumps")
    via_dicts_warm = Series("ours, warm: json.loads + engine.adjudicate + json.dumps")
    ours_dict = Series("ours, warm: engine.adjudicate(request dict)")
    floor = Series("json.loads + json.dumps alone (no engine)")
    for p in phases:
        ready: list[Any] = []  # the game with the orders set, for process()
        bare: list[Any] = []  # the game without orders, for set_orders + process()

        def fresh_game(holder: list[Any], orders: dict[str, list[str]] | None) -> None:
            holder.clear()
            game = mila_game(p.sample.state)
            if orders is not None:
                give_orders(game, orders)
            holder.append(game)

        def mila_set_and_process() -> None:
            give_orders(bare[0], p.mila_orders)
            bare[0].process()

        text = p.request_text
        request = json.loads(text)
        response = engine.adjudicate(request)
        gc.collect()
        time_interleaved([
            (mila, lambda: ready[0].process(), lambda: fresh_game(ready, p.mila_orders)),
            (ours, lambda: engine.adjudicate_json(text), forget_positions),
            (mila_texts, mila_set_and_process, lambda: fresh_game(bare, None)),
            (ours_warm, lambda: engine.adjudicate_json(text), None),
            (via_dicts, lambda: json.dumps(engine.adjudicate(json.loads(text))), forget_positions),
            (via_dicts_warm, lambda: json.dumps(engine.adjudicate(json.loads(text))), None),
            (ours_dict, lambda: engine.adjudicate(request), None),
            (floor, lambda: json.dumps(json.loads(text) and response), None),
        ], repeats)
    return [mila, ours, ours_warm, via_dicts, via_dicts_warm, ours_dict, floor], mila_texts


def bench_legal_orders(phases: list[Phase], repeats: int) -> list[Series]:
    mila = Series("MILA Game.get_all_possible_orders()")
    ours = Series("ours, cold: engine.legal_orders_json(request text)")
    ours_warm = Series("ours, warm: engine.legal_orders_json(request text)")
    via_dicts = Series("ours, cold: json.loads + engine.legal_orders + json.dumps")
    via_dicts_warm = Series("ours, warm: json.loads + engine.legal_orders + json.dumps")
    ours_dict = Series("ours, warm: engine.legal_orders(request dict)")
    floor = Series("json.loads + json.dumps alone (no engine)")
    for p in phases:
        game = mila_game(p.sample.state)
        text = p.request_text
        request = json.loads(text)
        response = engine.legal_orders(request)
        gc.collect()
        time_interleaved([
            (mila, game.get_all_possible_orders, game.clear_cache),
            (ours, lambda: engine.legal_orders_json(text), forget_positions),
            (ours_warm, lambda: engine.legal_orders_json(text), None),
            (via_dicts, lambda: json.dumps(engine.legal_orders(json.loads(text))), forget_positions),
            (via_dicts_warm, lambda: json.dumps(engine.legal_orders(json.loads(text))), None),
            (ours_dict, lambda: engine.legal_orders(request), None),
            (floor, lambda: json.dumps(json.loads(text) and response), None),
        ], repeats)
    return [mila, ours, ours_warm, via_dicts, via_dicts_warm, ours_dict, floor]


def bench_host_checks(phases: list[Phase], repeats: int) -> Series:
    """Every power's lines through ``Game.set_orders``, as the LAN host receives them; per phase."""
    series = Series("Game.set_orders, every power's lines of a phase")
    variant = find_variant("standard")
    for p in phases:
        game = Game(variant, p.sample.state)

        def check_all() -> None:
            for power, lines in p.orders.items():
                game.set_orders(power, lines)

        series.per_position.append(time_calls(check_all, repeats))
    return series


def largest_frames(rng: random.Random) -> list[tuple[str, str, float]]:
    """``Game.set_orders`` on the largest ``orders`` frame (MAX_ORDER_LINES lines of MAX_ORDER_LENGTH
    characters), per variant: canonical orders padded with spaces, words, names, and nonsense."""
    rows = []
    for vid in variant_ids():
        game = Game.new(vid)
        power = game.powers_to_order()[0]
        board = game.variant.board
        legal = [str(o) for options in game.legal_orders(power).values() for o in options]
        names = [p.name for p in board.provinces.values()]
        makers = {
            "legal orders, padded": lambda: rng.choice(legal).ljust(MAX_ORDER_LENGTH),
            "province names": lambda: " ".join(rng.choice(names) for _ in range(40))[:MAX_ORDER_LENGTH],
            "nonsense": lambda: "".join(rng.choice(string.ascii_letters + " -/") for _ in range(MAX_ORDER_LENGTH)),
        }
        for label, make in makers.items():
            lines = [make() for _ in range(MAX_ORDER_LINES)]
            game.set_orders(power, lines)  # warm the map's tables
            rows.append((vid, label, time_calls(lambda: game.set_orders(power, lines), 5) * 1e3))
    return rows


def least_ratio(base: Series, row: Series) -> float:
    """MILA's time over ``row``'s, the least of mean, median and min-of-k."""
    ratios = [base.mean_ms / row.mean_ms, base.median_ms / row.median_ms]
    if base.best_mean_ms and row.best_mean_ms:
        ratios.append(base.best_mean_ms / row.best_mean_ms)
    return min(ratios)


def report_warm(rows: list[Series]) -> tuple[float, float, float]:
    """The text entry's warm ratio to MILA, and the dict entry's (json.loads and json.dumps around it)
    cold and warm: the least of mean, median and min-of-k (printed in the table)."""
    warm, dicts_cold, dicts_warm = (least_ratio(rows[0], rows[i]) for i in (2, 3, 4))
    print(f"  warm: {warm:.1f}x; through dicts (json.loads + call + json.dumps): cold {dicts_cold:.1f}x, "
          f"warm {dicts_warm:.1f}x; the least of mean, median and min-of-k")
    return warm, dicts_cold, dicts_warm


def ceiling(mila: Series, json_alone: Series, target: float, stages: dict[str, float]) -> None:
    """What the JSON around the call leaves (the best ratio an engine taking no time at all would reach, and
    the time the engine may take for the target), and where a cold call's time goes, stage by stage."""
    parse = stages["parse the request (json.loads)"]
    print(f"  through dicts, JSON alone (json.loads + json.dumps) takes {json_alone.median_ms * 1e3:.0f} us (median): "
          f"an engine taking no time would be {mila.median_ms / json_alone.median_ms:.1f}x; the text entry pays only "
          f"json.loads of the request ({parse:.0f} us: {mila.median_ms * 1e3 / parse:.0f}x) and writes its answer "
          f"itself; the target leaves {mila.median_ms * 1e3 / target:.0f} us for the whole call")
    print("  where a cold call's time goes (each stage timed alone, cold, through the engine's own pieces, median "
          "per position; the rest is what the whole call, timed the same way, takes beyond them):")
    for label, us in stages.items():
        print(f"    {label:58} {us:7.1f} us")


def _stage_median(call: Callable[[], Any], setup: Callable[[], Any], repeats: int) -> float:
    """The median time of ``call`` in microseconds, ``setup`` (untimed) before each."""
    taken = []
    clock = time.perf_counter
    for _ in range(repeats):
        setup()
        start = clock()
        call()
        taken.append(clock() - start)
    return statistics.median(taken) * 1e6


def cold_stages(phases: list[Phase], repeats: int, cold_adjudicate: Series,
                cold_legal: Series) -> tuple[dict[str, float], dict[str, float]]:
    """Median microseconds per position of each stage of a cold ``adjudicate_json`` (the lean path's stages,
    ``engine/lean``, which serves these phases) and ``legal_orders_json`` call, each stage timed on its own
    (``forget_positions`` before each, and a stage's input made afresh, untimed)."""
    from engine import lean
    from engine.contract import _plain_check, state_from_request
    from engine.options import legal_orders_json_for_units

    rows: dict[str, list[float]] = {}
    legal_rows: dict[str, list[float]] = {}
    for p in phases:
        text = p.request_text
        request = json.loads(text)
        variant, state = state_from_request(request)
        orders = request["orders"]
        tables = lean.tables_for(variant)
        held: list[Any] = []  # the stages' outputs so far: position, orders, decisions, next position

        def fresh(stages: int) -> Callable[[], None]:
            def make() -> None:
                forget_positions()
                held[:] = [lean.read_position(request, variant, tables)]
                if stages > 1:
                    held.append(lean.read_orders(held[0], orders))
                if stages > 2:
                    held.append(lean.fight(held[0], held[1]))
                if stages > 3:
                    held.append(lean.turn_end(held[2]))
            return make

        parse = _stage_median(lambda: json.loads(text), forget_positions, repeats)
        position = _stage_median(lambda: lean.read_position(request, variant, tables), forget_positions, repeats)
        reading = _stage_median(lambda: lean.read_orders(held[0], orders), fresh(1), repeats)
        deciding = _stage_median(lambda: lean.fight(held[0], held[1]), fresh(2), repeats)
        ending = _stage_median(lambda: lean.turn_end(held[2]), fresh(3), repeats)
        writing = _stage_median(lambda: lean.response_text(variant.id, held[0].phase_text, held[1], held[2], held[3]),
                                fresh(4), repeats)
        # The text entry checks a plain request without building its position and lists the legal orders
        # from the units' texts (the position is built only if a later call needs it).
        check = _stage_median(lambda: _plain_check(variant, request), forget_positions, repeats)
        legal = _stage_median(lambda: legal_orders_json_for_units(variant, state.phase, request["units"]),
                              forget_positions, repeats)
        whole = _stage_median(lambda: engine.adjudicate_json(text), forget_positions, repeats)
        whole_legal = _stage_median(lambda: engine.legal_orders_json(text), forget_positions, repeats)
        rows.setdefault("whole", []).append(whole)
        legal_rows.setdefault("whole", []).append(whole_legal)
        for label, us in (("parse the request (json.loads)", parse), ("read and check the position", position),
                          ("read and check the order texts", reading), ("adjudicate and explain every order", deciding),
                          ("make the next position", ending), ("write the response", writing)):
            rows.setdefault(label, []).append(us)
        for label, us in (("parse the request (json.loads)", parse),
                          ("check the position (building none)", check),
                          ("list every legal order as JSON, from the units' texts", legal)):
            legal_rows.setdefault(label, []).append(us)
    return (_breakdown(rows, "reading the variant, checking the order lines", cold_adjudicate),
            _breakdown(legal_rows, "the position's key, keeping it", cold_legal))


def stages_in_one_call(phases: list[Phase], repeats: int) -> dict[str, float]:
    """Median microseconds per position of each stage of a cold ``adjudicate_json`` call, timed back to back
    as the call runs them (the contract's own steps, ``forget_positions`` before each run), with the whole
    run. Timed alone, a stage repeated on one input runs in caches and branch predictors it has just trained;
    back to back, each stage finds them as the one before left them, as in a real call."""
    from engine import lean
    from engine.contract import MAX_ORDER_LENGTH as LINE_LENGTH, MAX_ORDERS, _orders, _variant, read_request_text

    labels = ("parse the request (json.loads)", "read the variant", "read and check the position",
              "check the order lines", "read and check the order texts", "adjudicate and explain every order",
              "make the next position", "write the response")
    rows: dict[str, list[float]] = {label: [] for label in labels + ("all of them, back to back",)}
    clock = time.perf_counter
    for p in phases:
        text = p.request_text
        taken: list[list[float]] = [[] for _ in rows]
        for _ in range(repeats):
            forget_positions()
            t0 = clock()
            request = read_request_text(text)
            t1 = clock()
            variant = _variant(request)
            t2 = clock()
            tables = lean.tables_for(variant)
            position = lean.read_position(request, variant, tables)
            t3 = clock()
            texts = lean.plain_order_lines(request.get("orders"), tables, MAX_ORDERS, LINE_LENGTH)
            if texts is None:  # (lines the lean path leaves to the contract's reading)
                texts = _orders(request, variant)
            t4 = clock()
            orders = lean.read_orders(position, texts)
            t5 = clock()
            battle = lean.fight(position, orders)
            t6 = clock()
            end = lean.turn_end(battle)
            t7 = clock()
            lean.response_text(variant.id, position.phase_text, orders, battle, end)
            t8 = clock()
            marks = (t0, t1, t2, t3, t4, t5, t6, t7, t8)
            for k in range(len(labels)):
                taken[k].append((marks[k + 1] - marks[k]) * 1e6)
            taken[-1].append((t8 - t0) * 1e6)
        for label, times in zip(rows, taken):
            rows[label].append(statistics.median(times))
    return {label: statistics.median(v) for label, v in rows.items()}


def _breakdown(rows: dict[str, list[float]], rest: str, interleaved: Series) -> dict[str, float]:
    """The stages' medians, the rest of the whole call timed the same way, the whole call so timed, and the
    whole call as the interleaved rounds timed it (among the other lines, with their caches)."""
    whole = statistics.median(rows.pop("whole"))
    out = {label: statistics.median(v) for label, v in rows.items()}
    out[f"the rest ({rest}, the stages one after another)"] = whole - sum(out.values())
    out["the whole call, timed alone the same way"] = whole
    out["the whole call, cold, in the interleaved rounds above"] = interleaved.median_ms * 1e3
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--positions", type=int, default=120, help="random movement phases (default 120)")
    parser.add_argument("--repeats", type=int, default=7, help="timed calls per position and side (default 7)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the first random game (default 0)")
    parser.add_argument("--profile", action="store_true", help="also profile our contract calls")
    parser.add_argument("--profile-dir", type=Path, help="save the cProfile data here (.prof files)")
    parser.add_argument("--top", type=int, default=25, help="profile lines to print (default 25)")
    args = parser.parse_args(argv)
    if args.positions < 1 or args.repeats < 1:
        parser.error("--positions and --repeats must be at least 1")

    started = time.perf_counter()
    load_before = os.getloadavg() if hasattr(os, "getloadavg") else None
    variant = find_variant("standard")
    rng = random.Random(args.seed)
    phases = []
    for sample in random_samples(args.positions, seed=args.seed):
        orders = phase_orders(sample, variant.board, rng)
        readable = mila_readable(sample, orders)
        kept = give_orders(mila_game(sample.state), readable)
        phases.append(Phase(sample, orders, json.dumps(sample.request(orders)), readable,
                            sum(map(len, kept.values()))))
    for p in phases:  # warm both sides: map loading, MILA's convoy tables, our map-level tables
        engine.adjudicate(json.loads(p.request_text))
        engine.legal_orders(json.loads(p.request_text))
        mila_game(p.sample.state).get_all_possible_orders()
    units = [len(p.sample.state.units) for p in phases]
    orders = sum(len(v) for p in phases for v in p.orders.values())
    refused = sum(1 for p in phases for r in engine.adjudicate(json.loads(p.request_text))["orders"]
                  if r["result"] == "invalid")
    print(f"Chancellery {engine.__version__} vs MILA diplomacy {_mila_version()}, Python {sys.version.split()[0]}")
    print(f"engine modules: {engine.compiled.summary()}")
    print(f"{len(phases)} movement phases from random games, {min(units)}-{max(units)} units "
          f"(mean {statistics.fmean(units):.1f}), {orders} order texts ({ODD_SHARE:.0%} in other notations, "
          f"{ILLEGAL_SHARE:.0%} illegal; we refuse {refused}, MILA drops {orders - sum(p.mila_kept for p in phases)} "
          f"at set_orders); {args.repeats} timed calls per position and side, interleaved, median and fastest per position")

    adjudication, mila_with_texts = bench_adjudication(phases, args.repeats)
    legal = bench_legal_orders(phases, args.repeats)
    stages, legal_stages = cold_stages(phases, args.repeats, adjudication[1], legal[1])
    in_call = stages_in_one_call(phases, args.repeats)
    checks = bench_host_checks(phases, args.repeats)
    adj_ratio = report("Movement phase through the contract, per phase", adjudication, ADJUDICATION_TARGET, 1, True)
    warm_adj, adj_dicts, warm_adj_dicts = report_warm(adjudication)
    print("  (cold: the positions, every map's order texts and orders read before and the outcomes worded before "
          "are forgotten before each call, engine.contract.forget_positions(); the maps' own tables, built once when "
          "a map is first used (places, adjacencies, standing units, prebuilt order texts and JSON fragments), are "
          "kept, as any caller has them after its first request; warm: the same request was answered just before)")
    print(f"  for information, {mila_with_texts.label} (MILA reading the same texts): mean "
          f"{mila_with_texts.mean_ms:.3f} ms, {mila_with_texts.mean_ms / adjudication[1].mean_ms:.1f}x ours (cold)")
    ceiling(adjudication[0], adjudication[-1], ADJUDICATION_TARGET, stages)
    print("  the same call's stages timed back to back, as the call runs them (cold, median per position; each stage "
          "here finds the caches and branch predictors as the stage before left them):")
    for label, us in in_call.items():
        print(f"    {label:58} {us:7.1f} us")
    legal_ratio = report("Legal orders through the contract, per position", legal, LEGAL_ORDERS_TARGET, 1, True)
    warm_legal, legal_dicts, warm_legal_dicts = report_warm(legal)
    print("  (cold and warm as above: warm, the position and its legal orders are kept from the call before)")
    ceiling(legal[0], legal[-1], LEGAL_ORDERS_TARGET, legal_stages)
    print(f"\nOrder checking as the LAN host does it: {checks.label}: mean {checks.mean_ms:.3f} ms, "
          f"median {checks.median_ms:.3f} ms")
    print(f"Largest orders frame ({MAX_ORDER_LINES} lines of {MAX_ORDER_LENGTH} characters), Game.set_orders:")
    for vid, label, ms in largest_frames(rng):
        print(f"  {vid:12} {label:24} {ms:7.2f} ms")
    print(f"\nRATIOS (the least of mean, median and min-of-k): engine.adjudicate_json cold {adj_ratio:.1f}x, warm "
          f"{warm_adj:.1f}x (through dicts {adj_dicts:.1f}x / {warm_adj_dicts:.1f}x; target "
          f"{ADJUDICATION_TARGET:.0f}x); engine.legal_orders_json cold {legal_ratio:.1f}x, warm {warm_legal:.1f}x "
          f"(through dicts {legal_dicts:.1f}x / {warm_legal_dicts:.1f}x; target {LEGAL_ORDERS_TARGET:.0f}x)")

    if args.profile:
        if args.profile_dir is not None:
            args.profile_dir.mkdir(parents=True, exist_ok=True)
        texts = [p.request_text for p in phases]

        def run_adjudicate() -> None:
            for _ in range(10):
                for text in texts:
                    engine.adjudicate_json(text)

        def run_legal() -> None:
            for _ in range(10):
                for text in texts:
                    engine.legal_orders_json(text)

        directory = args.profile_dir
        profile("engine.adjudicate, 10 passes", run_adjudicate, args.top,
                directory / "contract_adjudicate.prof" if directory else None)
        profile("engine.legal_orders, 10 passes", run_legal, args.top,
                directory / "contract_legal_orders.prof" if directory else None)
    load = ""
    if load_before is not None:
        load = (f"; load average (1 min) {load_before[0]:.2f} at the start, {os.getloadavg()[0]:.2f} at the end, "
                f"on {os.cpu_count()} cores")
    print(f"\n(whole run {time.perf_counter() - started:.1f} s{load})")
    return 0


def _mila_version() -> str:
    from importlib.metadata import version

    return version("diplomacy")


if __name__ == "__main__":
    sys.exit(main())
