"""1815 on its own map: the adjudication cases (the rules text's worked examples and ours, one parametrized
test over cases.json), what each viewer reads of the secret orders, the options and the game's setting."""
from __future__ import annotations

from typing import Any

import pytest

import conformance
import engine
from engine.game import Game
from engine.phases import Submission
from engine.variants import find_variant
from engine.variants.base import PUBLIC_VIEW

SUITE: dict[str, Any] = conformance.load(conformance.DATA / "variants" / "1815" / "cases.json")
CASES = SUITE["cases"]


def test_cases_file_matches_the_conformance_schema() -> None:
    pytest.importorskip("jsonschema")
    problems = conformance.schema_problems(SUITE)
    assert not problems, "\n".join(problems[:30])


def test_every_worked_example_of_the_rules_text_is_a_case() -> None:
    seed = {case["id"] for case in CASES if case.get("seed_example")}
    assert {"seed.3a", "seed.3b", "seed.4", *(f"seed.6.ex{n}" for n in range(1, 7))} <= seed


def test_every_rule_group_of_the_specification_has_cases() -> None:
    named = " ".join(case["rule"] for case in CASES)
    for group in ("R15-UNI", "R15-ORD", "R15-ADJ", "R15-BLD", "R15-DP", "R15-SEC", "R15-MAP", "R15-RET"):
        assert group in named, group


@pytest.mark.parametrize("case", conformance.params(SUITE), ids=conformance.ids(SUITE))
def test_1815_case(case: dict[str, Any]) -> None:
    conformance.check(case)


def _phase(case_id: str) -> tuple[Any, Any, Any]:
    case = next(c for c in CASES if c["id"] == case_id)
    variant, state = engine.contract.state_from_request(conformance.request(case))
    result = Submission.from_texts(variant, state, case["orders"]).process()
    return variant, state, result


@pytest.mark.parametrize("case_id, revealed", [
    ("seed.6.ex1", True), ("seed.6.ex2", False), ("seed.6.ex3", True), ("seed.6.ex5", True), ("seed.6.ex6", True)])
def test_a_denial_is_read_by_others_only_where_the_rules_text_reveals_it(case_id: str, revealed: bool) -> None:
    variant, state, result = _phase(case_id)
    for viewer in ("BRITAIN", "SWEDEN", PUBLIC_VIEW):
        shown = [r for r in variant.results_for(state, result.results, viewer) if r.order.startswith("DENY")]
        assert bool(shown) is revealed, (case_id, viewer)
    assert [r for r in variant.results_for(state, result.results, "FRANCE") if r.order.startswith("DENY")]


def test_allocations_are_read_only_by_the_power_that_made_them() -> None:
    variant, state, result = _phase("dp.followed")
    assert any(r.order.startswith("DP") for r in variant.results_for(state, result.results, "PRUSSIA"))
    prussia_secret = [r for r in variant.results_for(state, result.results, "FRANCE") if r.power == "PRUSSIA"]
    assert not any(r.order.startswith("DP") for r in prussia_secret)
    public = variant.results_for(state, result.results, PUBLIC_VIEW)
    assert not any(r.order.startswith("DP") for r in public)
    assert any("by Diplomacy Points" in r.reason for r in public)  # only the end result is published


def test_the_game_starts_in_spring_1815_with_nine_powers_63_centres_and_the_minor_powers() -> None:
    game = Game.new("1815")
    variant = game.variant
    assert game.phase == "S1815M" and variant.victory_centers == 25
    assert len(variant.powers) == 9 and len(variant.board.supply_centers) == 63
    assert variant.board.powers["BRITAIN"].home_centers and "HIN" in variant.board.powers["BRITAIN"].home_centers
    minors = set(variant.pseudo_powers)
    assert minors and not minors & set(variant.powers)
    assert {u.power for u in game.state.units.values()} & minors
    assert set(game.powers_to_order()) <= set(variant.powers)
    with pytest.raises(engine.ChancelleryError):
        game.set_orders(sorted(minors)[0], ["A XXX H"])


def test_options_are_typed_and_checked() -> None:
    variant = find_variant("1815")
    specs = {s.name: s for s in variant.option_specs}
    assert {"cape_supports", "cape_cuts_support", "red_arrow_check", "dp_cap", "dp_orders",
            "draw_centres"} <= set(specs)
    assert specs["draw_centres"].default == 50 and specs["dp_cap"].default == 4
    with pytest.raises(engine.ChancelleryError, match="draw_centres"):
        find_variant("1815", {"draw_centres": 64})
