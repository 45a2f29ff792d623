"""Hidden decoys stay hidden in every result another power or an observer reads (rule C8).

A decoy standing alone occupies as the army it shows; its owner may still order it with its real letter
(``D UKR - GAL``). Until the rules expose it, no other power and no observer may learn what it is from a
phase's results: not from an order's text, an invalid order's message, a reason, the encoded outcome, or a
strength that shows its zero power. The owner and the game master read the truth."""
from __future__ import annotations

import json
import random
import re
from typing import Any, Iterable, Sequence

import pytest

from engine import outcomes
from engine.contract import state_from_request
from engine.game import Game
from engine.net.views import SeatViews, history_entry, visible_results
from engine.phases import INVALID, OrderResult, Submission
from engine.state import GameState
from engine.types import PhaseType, Unit, UnitType
from engine.variants.base import PUBLIC_VIEW
from engine.variants.engineered import Engineered
from engine.variants.engineered_rules.orders import CreateDecoy
from engine.variants.engineered_rules.stacks import dislodged_decoy_provinces, stacked_decoys

OTHERS = ("TURKEY", PUBLIC_VIEW)


def _position(phase: str, units: dict[str, list[str]], **extra: Any) -> tuple[Engineered, GameState]:
    variant, state = state_from_request({"variant": "engineered", "phase": phase, "units": units, **extra})
    assert isinstance(variant, Engineered)
    return variant, state


def _spring() -> tuple[Engineered, GameState]:
    return _position("S1902M", {"RUSSIA": ["A MOS", "D UKR", "A WAR"], "TURKEY": ["A SEV", "A RUM"],
                                "AUSTRIA": ["A GAL"]})


def _wire(results: Iterable[OrderResult]) -> str:
    """Everything a reader gets of these results, as one text: orders, reasons and encoded outcomes."""
    return json.dumps([[r.order, r.result, r.reason, None if r.outcome is None else outcomes.encode(r.outcome)]
                       for r in results])


def _no_trace_of(shown: Sequence[OrderResult], prov: str) -> None:
    text = _wire(shown)
    assert f"D {prov}" not in text.upper() and "DECOY" not in text.upper(), text
    for r in shown:
        if r.outcome is not None and r.order.split()[1:2] == [prov]:
            assert r.outcome.get("attack") is None and r.outcome.get("resist") is None, r


@pytest.mark.parametrize("orders", [
    ["D UKR S A WAR - GAL", "A WAR - GAL"],
    ["D UKR - GAL"],
    ["D UKR - XXX"],
    ["D UKR S A SEV - RUM"],
    ["A UKR T E MOS"],
    ["D UKR H"],
])
def test_a_lone_decoys_movement_orders_read_as_the_army_it_shows(orders: list[str]) -> None:
    variant, state = _spring()
    result = Submission.from_texts(variant, state, {"RUSSIA": orders, "AUSTRIA": ["A GAL - UKR"],
                                                    "TURKEY": ["A SEV - UKR"]}).process()
    assert not any("exposed" in r.reason for r in result.results), "the case must leave the decoy hidden"
    truth = variant.results_for(state, result.results, None)
    assert truth == list(result.results)
    own = variant.results_for(state, result.results, "RUSSIA")
    assert [r.order for r in own if r.power == "RUSSIA"] == [r.order for r in truth if r.power == "RUSSIA"]
    for viewer in OTHERS:
        shown = variant.results_for(state, result.results, viewer)
        _no_trace_of(shown, "UKR")
        ukraine = [r for r in shown if r.power == "RUSSIA" and "UKR" in r.order.split()[1:2]]
        assert ukraine, "the unit's result is still shown, as an army's"
        assert all(r.order.startswith("A UKR") for r in ukraine)


def test_an_invalid_order_reads_as_the_same_text_given_to_a_real_army() -> None:
    variant, state = _spring()
    result = Submission.from_texts(variant, state, {"RUSSIA": ["D UKR - XXX"]}).process()
    shown = variant.results_for(state, result.results, "TURKEY")
    bad = [r for r in shown if r.result == INVALID]
    assert [(r.order, r.reason) for r in bad] == [("A UKR - XXX", "unknown place 'XXX' in 'A UKR - XXX'")]
    # An order a real army could have carried out isn't shown: the army held, unordered, as it did.
    result = Submission.from_texts(variant, state, {"RUSSIA": ["D UKR S A WAR - GAL"]}).process()
    shown = variant.results_for(state, result.results, "TURKEY")
    assert not [r for r in shown if r.result == INVALID]
    assert ("A UKR H", "no order: holds") in [(r.order, r.reason) for r in shown]
    assert ("D UKR S A WAR - GAL", INVALID) in [(r.order, r.result) for r in variant.results_for(
        state, result.results, "RUSSIA")]


def test_a_lone_decoy_shows_no_strength_of_its_own_move() -> None:
    variant, state = _spring()
    result = Submission.from_texts(variant, state, {"RUSSIA": ["D UKR - GAL"], "AUSTRIA": ["A GAL - UKR"],
                                                    "TURKEY": ["A SEV - UKR"]}).process()
    truth = {r.order: r.reason for r in result.results}
    assert truth["A UKR - GAL"] == "lost head-to-head battle with A GAL (0 vs 1)"
    for viewer in OTHERS:
        shown = {r.order: r.reason for r in variant.results_for(state, result.results, viewer)}
        assert shown["A UKR - GAL"] == "lost head-to-head battle with A GAL"
    assert {r.order: r.reason for r in variant.results_for(state, result.results, "RUSSIA")} == truth


def _retreats() -> tuple[Engineered, GameState]:
    variant, state = _spring()
    # A MOS leaves, so the dislodged decoy has somewhere to go and the retreat phase is played.
    result = Submission.from_texts(variant, state, {"RUSSIA": ["A UKR S A WAR - GAL", "A WAR - GAL", "A MOS - STP"],
                                                    "TURKEY": ["A SEV - UKR", "A RUM S A SEV - UKR"]}).process()
    retreats = result.state
    assert retreats.phase.type is PhaseType.RETREATS and dislodged_decoy_provinces(retreats) == {"UKR"}
    return variant, retreats


@pytest.mark.parametrize("orders", [["D UKR - GAL"], ["D UKR - XXX"], ["D UKR D"], ["A UKR D"], []])
def test_a_dislodged_decoys_retreat_orders_read_as_the_army_it_shows(orders: list[str]) -> None:
    variant, state = _retreats()
    result = Submission.from_texts(variant, state, {"RUSSIA": orders}).process()
    truth = variant.results_for(state, result.results, None)
    assert truth == list(result.results)
    for viewer in OTHERS:
        shown = variant.results_for(state, result.results, viewer)
        _no_trace_of(shown, "UKR")
        assert any(r.order == "A UKR D" for r in shown), "the disbanding is public, as an army's"
    if orders and orders[0].startswith("D"):
        assert orders[0] in [r.order for r in variant.results_for(state, result.results, "RUSSIA")]


def test_a_twins_decoy_orders_read_as_the_twins_and_invalid_ones_too() -> None:
    variant, state = _position("S1902M", {"RUSSIA": ["A MOS", "D MOS"], "TURKEY": ["A SEV"]})
    result = Submission.from_texts(variant, state, {"RUSSIA": ["D MOS - XXX", "D MOS S A MOS", "A MOS - UKR"],
                                                    "TURKEY": ["A SEV - UKR"]}).process()
    for viewer in OTHERS:
        shown = variant.results_for(state, result.results, viewer)
        text = _wire(shown).upper()
        assert "D MOS" not in text and "DECOY" not in text, text
        assert ("A MOS - XXX", "unknown place 'XXX' in 'A MOS - XXX'") in [(r.order, r.reason) for r in shown]
    assert "D MOS - XXX" in [r.order for r in variant.results_for(state, result.results, "RUSSIA")]


def test_an_exposed_decoy_is_public() -> None:
    variant, state = _spring()
    result = Submission.from_texts(variant, state, {"TURKEY": ["A SEV - UKR"]}).process()  # 1 beats 0
    exposed = [r for r in result.results if r.outcome is not None and r.outcome.code == "decoy_exposed"]
    assert [r.order for r in exposed] == ["D UKR"]
    for viewer in OTHERS:
        shown = variant.results_for(state, result.results, viewer)
        assert ("D UKR", "a decoy: exposed by this turn's orders and disbanded (rule 8c)") in [
            (r.order, r.reason) for r in shown]
        assert ("A SEV - UKR", "succeeds") in [(r.order, r.result) for r in shown]
        assert ("A UKR H", "dislodged by A SEV") in [(r.order, r.reason) for r in shown]


# --- the paths a result takes to a reader ------------------------------------------------------------


def _ukraine_strengths(results: Iterable[dict[str, Any]]) -> list[Any]:
    return [r["outcome"]["data"].get(k) for r in results if r["order"].startswith("A UKR")
            for k in ("attack", "resist") if k in r.get("outcome", {}).get("data", {})]


def test_history_and_lan_result_views_hide_a_lone_decoy() -> None:
    """A game keeps only readable orders (``D UKR - GAL`` as ``A UKR - GAL``); its results still must not
    show the decoy's zero strength to anyone else."""
    variant, state = _spring()
    game = Game(variant, state)
    game.set_orders("RUSSIA", ["D UKR - GAL"])
    game.set_orders("TURKEY", ["A SEV - UKR"])
    game.set_orders("AUSTRIA", ["A GAL - UKR"])
    game.process()
    record = game.history[-1]
    assert "0 vs 1" in json.dumps(visible_results(variant, record.state, record.results, "RUSSIA"))
    for power in ("TURKEY", None):  # a seat, and an observer (the public view)
        results = visible_results(variant, record.state, record.results, power)
        entry = history_entry(variant, 0, record, game.state, power)
        frame = json.dumps([results, entry])
        assert "D UKR" not in frame and "decoy" not in frame.lower() and "0 vs 1" not in frame, frame
        assert not _ukraine_strengths(results) and not _ukraine_strengths(entry["results"])


# --- random games: nothing another power reads gives a hidden decoy away ------------------------------


def _disguised_texts(state: GameState, power: str, lines: list[str], rng: random.Random) -> list[str]:
    """``lines`` with some of ``power``'s hidden decoys ordered by their real letter, and some invalid
    orders for them, as a careless or bluffing player would write."""
    alone = {u.province for u, kind in state.disguised.items() if kind is UnitType.DECOY and u.power == power
             and (state.units.get(u.province) == u or u in state.dislodged)}
    twins = {s.province for s in stacked_decoys(state) if s.power == power}
    out = []
    for line in lines:
        words = line.split()
        if len(words) > 1 and words[0] in "AF" and words[1].split("/")[0] in alone and rng.random() < 0.5:
            line = "D " + " ".join(words[1:])
        out.append(line)
    for prov in sorted(alone | twins):
        if rng.random() < 0.3:
            out.append(rng.choice([f"D {prov} - XXX", f"D {prov} S A MOS", f"D {prov} D", f"D {prov} T E {prov}"]))
    return out


def _leaks(variant: Engineered, before: GameState, results: Sequence[OrderResult], viewer: str) -> list[str]:
    """What ``viewer``'s reading of ``results`` gives away of other powers' hidden decoys."""
    exposed = {r.outcome.get("province") for r in results if r.outcome is not None and r.outcome.code == "decoy_exposed"}
    alone = {u for u, kind in before.disguised.items() if kind is UnitType.DECOY and u.power != viewer
             and (before.units.get(u.province) == u or u in before.dislodged) and u.province not in exposed}
    twins = {s.disguise for s in stacked_decoys(before) if s.power != viewer and s.province not in exposed}
    hidden = alone | twins
    provinces = {u.province for u in hidden}
    problems = []
    for r in variant.results_for(before, results, viewer):
        if r.power == viewer:
            continue
        said = f"{r.order} | {r.reason} | {json.dumps(outcomes.encode(r.outcome)) if r.outcome else ''}"
        if any(re.search(rf"\bD {p}\b", r.order.upper() + " " + r.reason.upper()) for p in provinces):
            problems.append(f"real letter: {said}")
        if re.search(r"\bdecoy\b", r.reason.lower()) and not any(p in r.order for p in exposed):
            problems.append(f"'decoy' in the reason: {said}")
        if r.outcome is None:
            continue
        named = set(r.outcome.units()) | {getattr(r.typed, "unit", None)}
        if named & hidden and (r.outcome.get("attack") is not None or r.outcome.get("resist") is not None):
            problems.append(f"strengths of a hidden decoy: {said}")
        if any(u.type is UnitType.DECOY for u in r.outcome.units()):
            problems.append(f"a decoy in the outcome: {said}")
    return problems


@pytest.mark.parametrize("level,seed", [("complex", 1), ("complex", 2), ("advanced", 3)])
def test_random_games_never_show_another_powers_hidden_decoy(level: str, seed: int) -> None:
    from test_engineered import random_orders

    rng = random.Random(seed)
    variant = Engineered(options={"level": level})
    start = variant.initial_state()
    lone = [Unit(p, UnitType.DECOY, prov) for p, prov in
            [("RUSSIA", "UKR"), ("AUSTRIA", "GAL"), ("TURKEY", "ARM"), ("GERMANY", "RUH"), ("FRANCE", "BUR"),
             ("ITALY", "VEN"), ("ENGLAND", "LON"), ("TURKEY", "CON")]]  # the last three beside their twins
    state = variant.make_state(start.phase, variant.all_units(start) + lone, start.centers, extra=start.extra)
    seen = {"hidden": 0, "twins": 0, "real letter": 0, "invalid": 0}
    while state.phase.year < 1907 and variant.winner(state) is None:
        options = variant.legal_orders(state)
        texts = {}
        for power in variant.powers:
            lines = random_orders(variant, state, options, power, rng)
            decoys = [str(o) for per in options.get(power, {}).values() for o in per if isinstance(o, CreateDecoy)]
            if decoys and rng.random() < 0.8:
                lines.append(rng.choice(decoys))  # more decoys than the random player makes
            texts[power] = _disguised_texts(state, power, lines, rng)
        result = Submission.from_texts(variant, state, texts).process()
        viewers = [*variant.powers, PUBLIC_VIEW]
        for viewer in viewers:
            problems = _leaks(variant, state, result.results, viewer)
            assert not problems, f"{state.phase}, read by {viewer}:\n" + "\n".join(problems)
        # The same results on the wire, and the owner's orders in nobody else's frame before adjudication.
        game = Game(variant, state)
        for power, lines in texts.items():
            game.set_orders(power, lines)
        for viewer in viewers:
            theirs = {line for p, lines in texts.items() if p != viewer for line in game.pending_orders(p)}
            frame = json.dumps(SeatViews(game).position(None if viewer == PUBLIC_VIEW else viewer))
            assert not [t for t in theirs if f'"{t}"' in frame], f"{state.phase}: sealed orders in {viewer}'s frame"
        seen["hidden"] += len(state.disguised)
        seen["twins"] += len(stacked_decoys(state))
        seen["real letter"] += sum(1 for lines in texts.values() for t in lines if t.startswith("D "))
        seen["invalid"] += sum(1 for r in result.results if r.result == INVALID)
        state = result.state
    # The games really had hidden decoys ordered by their real letter, and invalid orders for them.
    assert all(seen.values()), seen


@pytest.mark.parametrize("text", ["D MOS B", "BUILD D MOS", "D SEV B"])
def test_another_powers_decoy_creation_is_not_shown_even_when_it_fails(text: str) -> None:
    variant, state = _position("W1902A", {"RUSSIA": ["A MOS", "E MOS"]},
                               centers={"RUSSIA": ["MOS", "SEV", "STP", "WAR"]})
    result = Submission.from_texts(variant, state, {"RUSSIA": [text]}).process()
    assert [r.order for r in variant.results_for(state, result.results, "RUSSIA") if "D " in r.order], "the owner's"
    for viewer in OTHERS:
        assert not [r for r in variant.results_for(state, result.results, viewer) if "D " in r.order], viewer
