"""Hugh's Engineered Diplomacy: the data-driven cases (the rules' examples and a case for each numbered
rule), start positions, notation, per-power views, legal options, and random games at each level."""
from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest

import conformance
import engine
from engine import savefile
from engine.contract import state_from_request
from engine.game import Game
from engine.orders import Build, Disband, Move, Order, Waive
from engine.phases import Submission
from engine.state import GameState
from engine.types import ChancelleryError, OrderError, PhaseType, RequestError, Season, Unit, UnitType, province_of
from engine.variants import find_variant
from engine.variants.engineered import Engineered
from engine.variants.engineered_rules.orders import (
    Bid,
    Convert,
    CreateDecoy,
    CreateEngineer,
    DisbandStacked,
    StackedMove,
    VoteOut,
)
from engine.variants.engineered_rules.stacks import (
    NEUTRAL,
    Stacked,
    decoy_provinces,
    dislodged_decoy_provinces,
    stacked_units,
)

SUITE: dict[str, Any] = conformance.load(conformance.DATA / "variants" / "engineered" / "cases.json")


# --- a random player using every order kind, and the invariants ------------------------------------------


def random_orders(variant: Engineered, state: GameState, options: dict[str, dict[str, list[Order]]],
                  power: str, rng: random.Random) -> list[str]:
    per = options.get(power, {})
    ptype = state.phase.type
    chosen: list[object] = []
    if ptype is PhaseType.MOVEMENT:
        for slot, orders in per.items():
            if slot == "E":
                if rng.random() < 0.9:
                    chosen.append(rng.choice(orders))
                continue
            moves = [o for o in orders if isinstance(o, (Move, StackedMove))]
            if moves and rng.random() < 0.55:
                chosen.append(rng.choice(moves))
            elif rng.random() < 0.85:
                chosen.append(rng.choice(orders))
        madmen = [u for u in state.units.values() if u.power == NEUTRAL]
        mine = [u for u in state.units_of(power) if u.province not in decoy_provinces(state)]
        if madmen and mine and variant.settings.madman and rng.random() < 0.5:
            target = rng.choice(madmen)
            wanted = rng.choice(options[NEUTRAL][target.loc])
            offered = rng.sample(mine, k=min(len(mine), rng.choice((1, 1, 2))))
            chosen.append(Bid(power, tuple(offered), wanted))
        return [str(o) for o in chosen]
    if ptype is PhaseType.RETREATS:
        return [str(rng.choice(orders)) for orders in per.values() if rng.random() < 0.9]
    delta = variant.adjustment_delta(state, power)
    builds = [slot for slot, orders in per.items() if any(isinstance(o, (Build, Waive)) for o in orders)]
    rng.shuffle(builds)
    for slot in builds[:max(delta, 0)]:
        chosen.append(rng.choice(per[slot]))
    removals = [o for orders in per.values() for o in orders if isinstance(o, Disband)]
    if delta < 0:
        rng.shuffle(removals)
        chosen.extend(removals[:-delta if rng.random() < 0.7 else rng.randrange(0, -delta)])
    for orders in per.values():
        extra = [o for o in orders if isinstance(o, (Convert, CreateDecoy, CreateEngineer, VoteOut))]
        if extra and rng.random() < 0.7:
            chosen.append(rng.choice(extra))
        elif rng.random() < 0.05:
            chosen.extend(o for o in orders if isinstance(o, DisbandStacked))
    return [str(o) for o in chosen]


def play_phase(game: Game, rng: random.Random) -> None:
    variant = game.variant
    assert isinstance(variant, Engineered)
    options = variant.legal_orders(game.state)
    for power in variant.powers:
        lines = random_orders(variant, game.state, options, power, rng)
        checks = game.set_orders(power, lines, ready=True)
        bad = [(c.text, c.error) for c in checks if not c.ok]
        assert not bad, f"{game.phase} {power}: legal options refused: {bad}"
    game.process()


def check_invariants(variant: Engineered, state: GameState) -> None:
    board = variant.board
    settings = variant.settings
    players = set(board.powers) | ({NEUTRAL} if settings.madman else set())
    json.dumps(state.extra)  # save files write it as it is
    assert "stacked" not in state.extra, "stacked units belong in GameState.stacked"
    for prov, unit in state.units.items():
        assert province_of(unit.loc) == prov
        assert unit.power in players, unit
        assert unit.type in (UnitType.ARMY, UnitType.FLEET, UnitType.FIGHTER), unit
        assert board.can_stand(unit.type, unit.loc), unit
        assert settings.fighters or unit.type is not UnitType.FIGHTER
    assert set(state.centers.values()) <= players
    for unit, d in state.dislodged.items():
        assert d.unit == unit
        for r in d.retreats:
            assert province_of(r) not in state.units
    marks = decoy_provinces(state)
    assert marks <= set(state.units), "a decoy mark without a unit"
    assert dislodged_decoy_provinces(state) <= {u.province for u in state.dislodged}
    assert settings.use_decoys or not marks
    stacks = stacked_units(state)
    phase = state.phase
    for s in stacks:
        assert board.provinces[s.province].is_passable
        assert s.power in players
    if phase.type is PhaseType.RETREATS:
        return
    assert not state.dislodged and not dislodged_decoy_provinces(state)
    by_area: dict[str, list[Stacked]] = {}
    for s in stacks:
        by_area.setdefault(s.province, []).append(s)
    for prov, here in by_area.items():
        kinds = [s.kind for s in here]
        occupant = state.units.get(prov)
        assert kinds.count(UnitType.ENGINEER) <= 1, f"two engineers in {prov} (6a)"
        if UnitType.ENGINEER in kinds:
            assert UnitType.PRISON not in kinds, f"an engineer and a prison in {prov} (6a)"
            engineer = next(s for s in here if s.kind is UnitType.ENGINEER)
            assert occupant is None or occupant.power == engineer.power, f"an uncaptured engineer in {prov} (4a)"
        for s in here:
            if s.kind is UnitType.PRISON:
                assert occupant is not None and occupant.power == s.power, f"{s} without its captor (4c)"
                assert s.origin != s.power
                assert phase.season is not Season.SPRING or phase.type is not PhaseType.MOVEMENT, \
                    "prisons last until the spring (4b)"
            if s.kind is UnitType.DECOY:
                assert phase.season is Season.SPRING and phase.type is PhaseType.MOVEMENT, \
                    "a decoy stands alone after the spring (8b)"
                assert occupant is not None and occupant == s.disguise
    if phase.type is PhaseType.MOVEMENT and phase.season is Season.SPRING:
        for power in board.powers:
            mine = sum(1 for s in stacks if s.kind is UnitType.ENGINEER and s.power == power)
            assert mine <= variant.engineer_allowance(state, power), f"{power} has too many engineers (3d)"
    for power in board.powers:
        view = variant.view_for(state, power)
        assert all(view.units[p].power == power for p in decoy_provinces(view)), "another power's decoy shown"
        assert all(s.power == power for s in stacked_units(view) if s.kind is UnitType.DECOY)


# --- the data file ------------------------------------------------------------------------------------


def test_cases_file_matches_the_conformance_schema() -> None:
    pytest.importorskip("jsonschema")
    problems = conformance.schema_problems(SUITE)
    assert not problems, "\n".join(problems[:30])


def test_every_case_is_an_engineered_case_with_the_next_phase() -> None:
    for case in SUITE["cases"]:
        assert case["variant"] == "engineered" and case.get("rule"), case["id"]
        assert "phase" in case["expect"], f"{case['id']}: Engineered cases give the next phase"


def test_every_numbered_rule_and_every_example_has_a_case() -> None:
    covered = {r for c in SUITE["cases"] for r in c["rule"].split()}
    numbered = {"1a", "1b", "2a", "2b", "3a", "3b", "3c", "3d", "4a", "4b", "4c", "4d", "5a", "5b", "5c", "5d", "5e",
                "6a", "7a", "7b", "7c", "7d", "7e", "7f", "7g", "8a", "8b", "8c", "D1a", "D1b", "D1c", "D1d", "D2",
                "D3", "F1"}
    assert numbered <= covered, sorted(numbered - covered)
    examples = [c for c in SUITE["cases"] if c.get("seed_example")]
    assert len(examples) == 6  # the fighter example's three variations, the two transports, the bidding


# --- the adjudication cases -----------------------------------------------------------------------------


@pytest.mark.parametrize("case", conformance.params(SUITE), ids=conformance.ids(SUITE))
def test_case(case: dict[str, Any]) -> None:
    conformance.check(case)


def test_a_prison_in_the_case_data_keeps_its_former_owner() -> None:
    # The cases say "the prison in UKR was Russia's engineer" in their own words; the position built from
    # them must know it (rule 3b: Russia may not rebuild that engineer while the prison lasts).
    case = next(c for c in SUITE["cases"] if c["id"] == "C3b-no-recreation-while-prison-lasts")
    variant, state = state_from_request(conformance.request(case))
    prisons = [s for s in stacked_units(state) if s.kind is UnitType.PRISON]
    assert [(s.power, s.province, s.origin) for s in prisons] == [("TURKEY", "UKR", "RUSSIA")]


# --- start, options and notation --------------------------------------------------------------------------


def _start(level: str, **options: Any) -> dict[str, list[str]]:
    variant = find_variant("engineered", {"level": level, **options})
    assert isinstance(variant, Engineered)
    return variant.describe_units(variant.initial_state())


def test_start_positions_per_level() -> None:
    simple = _start("simple")
    assert simple["RUSSIA"] == ["A MOS", "A WAR", "F SEV", "F STP/SC"]
    assert simple["ITALY"] == ["A ROM", "A VEN", "F NAP"]
    for level in ("complex", "advanced"):
        units = _start(level)
        assert units["RUSSIA"] == ["A WAR", "F SEV", "F STP/SC", "W MOS"]  # rule 1b
        assert units["ITALY"] == ["A ROM", "A VEN", "W NAP"]  # rule 1c
        assert units["AUSTRIA"] == ["A BUD", "A VIE", "F TRI"]
    assert _start("complex", austria_trieste="A")["AUSTRIA"] == ["A BUD", "A TRI", "A VIE"]  # rule 1d
    assert sum(len(u) for u in simple.values()) == 22  # no engineers yet: they are placed in spring 1901


def test_russia_has_three_build_centres_and_four_supply_centres() -> None:
    variant = find_variant("engineered")
    state = variant.initial_state()
    assert variant.home_centers(state, "RUSSIA") == ("MOS", "SEV", "WAR")
    assert variant.center_count(state, "RUSSIA") == 4


@pytest.mark.parametrize("options, problem", [
    ({"level": "expert"}, "level"),
    ({"engineer_centers": 0}, "engineer_centers"),
    ({"engineer_minimum": "one"}, "engineer_minimum"),
    ({"decoys": "yes"}, "decoys"),
    ({"austria_trieste": "W"}, "austria_trieste"),
    ({"madman_after_missed": 0}, "madman_after_missed"),
    ({"engineer_builds_on": "home"}, "engineer_builds_on"),
])
def test_bad_options_are_named(options: dict[str, Any], problem: str) -> None:
    with pytest.raises(ChancelleryError, match=problem):
        find_variant("engineered", options)


def test_engineer_allowance_option() -> None:
    state = find_variant("engineered").initial_state()
    rule_3d = find_variant("engineered")
    rule_3a = find_variant("engineered", {"engineer_centers": 3, "engineer_minimum": 0})
    assert isinstance(rule_3d, Engineered) and isinstance(rule_3a, Engineered)
    assert [rule_3d.engineer_allowance(state, p) for p in ("AUSTRIA", "RUSSIA")] == [1, 1]
    assert [rule_3a.engineer_allowance(state, p) for p in ("AUSTRIA", "RUSSIA")] == [1, 1]
    state = state.replace(centers={**state.centers, **{c: "RUSSIA" for c in ("RUM", "SWE", "NWY", "DEN", "BUL")}})
    assert rule_3d.engineer_allowance(state, "RUSSIA") == 2 and rule_3a.engineer_allowance(state, "RUSSIA") == 3


@pytest.mark.parametrize("text, canonical", [
    ("F War D A Ser-Bud", "W WAR D A SER - BUD"),
    ("Fighter Field Warsaw damage Army Rumania", "W WAR D A RUM"),
    ("StP T E Rum", "A STP T E RUM"),
    ("A Liv-StP", "A LVP - STP"),
    ("E Rum - Ukr", "E RUM - UKR"),
    ("BID F StP, A Mos FOR Madman Turkey F Bla-Ank", "BID F STP/SC, A MOS FOR F BLA - ANK"),
    ("N Sev - Bla", "F SEV - BLA"),
])
def test_seed_notation_is_read(text: str, canonical: str) -> None:
    variant = find_variant("engineered")
    _, state = state_from_request({"variant": "engineered", "phase": "S1902M", "units": {
        "RUSSIA": ["F STP/SC", "A MOS", "F SEV", "E RUM", "A RUM"], "AUSTRIA": ["W WAR"], "TURKEY": ["A SER", "F BLA"],
        "ENGLAND": ["A LVP", "F NAO", "F NWG", "F BAR"]}})
    if "T E" in text:
        state = state.replace(units={**state.units, "STP": Unit("RUSSIA", UnitType.ARMY, "STP")})
    power = {"F": "AUSTRIA", "A": "ENGLAND", "B": "RUSSIA", "E": "RUSSIA", "N": "RUSSIA", "S": "RUSSIA"}[text[0]]
    order = variant.validate(variant.parse(text), state, power)
    assert str(order) == canonical
    assert variant.validate(variant.parse(str(order)), state, power) == order


@pytest.mark.parametrize("text, error", [
    ("BID FOR F BLA - ANK", "at least one"),
    ("E MOS CONVERT", "convert into"),
    ("VOTE OUT SWITZERLAND", "which power"),
    ("D MOS X", "decoy"),
    ("W WAR D A SER BUD", "destination"),
])
def test_bad_order_text_names_the_problem(text: str, error: str) -> None:
    with pytest.raises(OrderError, match=error):
        find_variant("engineered").parse(text)


def test_contract_accepts_stacked_units_and_names_bad_ones() -> None:
    request = {"variant": "engineered", "options": {"level": "complex"}, "phase": "S1902M",
               "units": {"RUSSIA": ["A MOS", "E MOS", "D MOS", "W WAR", "D UKR"], "TURKEY": ["A SEV", "P SEV"]},
               "orders": {"RUSSIA": ["D MOS - LVN", "A MOS - STP", "E MOS - LVN"]}}
    variant, state = state_from_request(request)
    assert isinstance(variant, Engineered)
    assert variant.describe_units(state) == {"RUSSIA": ["A MOS", "D MOS", "D UKR", "E MOS", "W WAR"],
                                             "TURKEY": ["A SEV", "P SEV"]}
    response = engine.adjudicate(request)
    assert [e["result"] for e in response["orders"][:3]] == ["succeeds"] * 3
    bad = [("simple", {"RUSSIA": ["W WAR"]}, "fighter"), ("simple", {"RUSSIA": ["D MOS"]}, "decoy"),
           ("complex", {"RUSSIA": ["A MOS", "W MOS"]}, "two military units")]
    for level, units, problem in bad:
        with pytest.raises(RequestError, match=problem):
            state_from_request({"variant": "engineered", "options": {"level": level}, "phase": "S1902M",
                                "units": units})


def test_other_powers_see_a_decoy_as_an_ordinary_unit() -> None:
    variant, state = state_from_request({"variant": "engineered", "phase": "S1902M",
                                         "units": {"RUSSIA": ["A MOS", "D MOS", "D UKR"], "TURKEY": ["A SEV"]}})
    own = variant.view_for(state, "RUSSIA")
    other = variant.view_for(state, "TURKEY")
    assert decoy_provinces(own) == {"UKR"}
    assert [s.unit for s in stacked_units(own)] == [Unit("RUSSIA", UnitType.DECOY, "MOS")]
    assert not decoy_provinces(other) and not stacked_units(other)
    assert other.units["UKR"] == Unit("RUSSIA", UnitType.ARMY, "UKR")
    assert variant.view_for(state, None) is state


def test_other_powers_read_a_hidden_decoys_orders_as_its_twins() -> None:
    variant, state = state_from_request({"variant": "engineered", "phase": "S1902M",
                                         "units": {"RUSSIA": ["A MOS", "D MOS"], "TURKEY": ["A SEV"]}})
    assert isinstance(variant, Engineered)
    result = Submission.from_texts(variant, state, {"RUSSIA": ["D MOS - LVN", "A MOS - UKR"]}).process()
    own = [r.order for r in variant.results_for(state, result.results, "RUSSIA")]
    other = [r.order for r in variant.results_for(state, result.results, "TURKEY")]
    assert own[:2] == ["D MOS - LVN", "A MOS - UKR"] and other[:2] == ["A MOS - LVN", "A MOS - UKR"]
    variant, state = state_from_request({"variant": "engineered", "phase": "W1902A",
                                         "units": {"RUSSIA": ["A MOS", "E MOS"]},
                                         "centers": {"RUSSIA": ["MOS", "SEV", "STP", "WAR"]}})
    assert isinstance(variant, Engineered)
    result = Submission.from_texts(variant, state, {"RUSSIA": ["D MOS B"]}).process()
    assert [r.order for r in variant.results_for(state, result.results, "RUSSIA")] == ["D MOS B"]
    assert not variant.results_for(state, result.results, "TURKEY")
    spring = result.state  # the decoy stays beside its twin: it is disbanded, unseen by others
    result = Submission.from_texts(variant, spring, {}).process()
    assert any("alone" in r.reason for r in variant.results_for(spring, result.results, "RUSSIA"))
    assert not any("alone" in r.reason for r in variant.results_for(spring, result.results, "TURKEY"))


def test_game_master_hands_a_power_to_the_madman() -> None:
    variant = find_variant("engineered")
    assert isinstance(variant, Engineered)
    state = variant.hand_to_madman(variant.initial_state(), "FRANCE")
    assert {str(u) for u in state.units_of(NEUTRAL)} == {"A PAR", "A MAR", "F BRE"}
    assert variant.center_count(state, NEUTRAL) == 12 + 3 and not state.centers_of("FRANCE")
    with pytest.raises(ChancelleryError, match="complex"):
        find_variant("engineered", {"level": "simple"}).hand_to_madman(state, "ITALY")  # type: ignore[attr-defined]


def test_anonymous_press_at_the_advanced_level_only() -> None:
    variants = [find_variant("engineered", {"level": lv}) for lv in ("simple", "complex", "advanced")]
    assert [isinstance(v, Engineered) and v.anonymous_press for v in variants] == [False, False, True]


# --- legal options and random games ------------------------------------------------------------------------


def _positions(level: str, seed: int, phases: int) -> list[Any]:
    rng = random.Random(seed)
    game = Game.new("engineered", {"level": level})
    states = [game.state]
    for _ in range(phases):
        play_phase(game, rng)
        states.append(game.state)
    return states


@pytest.mark.parametrize("level", ["simple", "complex", "advanced"])
def test_every_legal_option_is_accepted_and_round_trips(level: str) -> None:
    variant = find_variant("engineered", {"level": level})
    assert isinstance(variant, Engineered)
    for state in _positions(level, 7, 14)[::3]:
        for power, per in variant.legal_orders(state).items():
            if power == NEUTRAL:
                continue
            for orders in per.values():
                for order in orders:
                    text = str(order)
                    assert variant.validate(variant.parse(text), state, power) == order, (state.phase, text)


@pytest.mark.parametrize("level", ["simple", "complex", "advanced"])
@pytest.mark.parametrize("seed", [1, 2])
def test_random_games_keep_the_invariants(level: str, seed: int) -> None:
    rng = random.Random(seed)
    game = Game.new("engineered", {"level": level})
    assert isinstance(game.variant, Engineered)
    kinds: set[str] = set()
    madman_moves = False
    while not game.is_over and game.state.phase.year < 1909:
        madman_moves = madman_moves or any(u.power == NEUTRAL for u in game.state.units.values()) \
            and game.state.phase.type is PhaseType.MOVEMENT
        play_phase(game, rng)
        check_invariants(game.variant, game.state)
        text = savefile.dumps(game)
        assert savefile.dumps(savefile.loads(text)) == text
        kinds |= {type(r.typed).__name__ for r in game.history[-1].results if r.typed is not None}
    # The random player used the variant's own orders (so the invariants were really put to the test).
    assert {"StackedMove", "Transport", "CreateEngineer", "Convert"} <= kinds
    assert ("Damage" in kinds) == (level != "simple")
    assert ("Bid" in kinds) == madman_moves


def test_unordered_units_of_the_madman_hold() -> None:
    variant, state = state_from_request({"variant": "engineered", "phase": "S1902M", "units": {"RUSSIA": ["A MOS"]}})
    units = [Unit("RUSSIA", UnitType.ARMY, "MOS"), Unit(NEUTRAL, UnitType.FLEET, "BLA")]
    state = variant.make_state(state.phase, units, state.centers)
    result = Submission.from_texts(variant, state, {"RUSSIA": ["A MOS - SEV"]}).process()
    assert {str(u) for u in result.state.units.values()} == {"A SEV", "F BLA"}
    assert re.search("holds", next(r.reason for r in result.results if r.power == NEUTRAL))


def test_the_contract_takes_madman_units_and_extras_and_answers_with_every_unit() -> None:
    response = engine.adjudicate({
        "variant": "engineered", "phase": "S1902M",
        "units": {"RUSSIA": ["A MOS", "E MOS"], "NEUTRAL": ["A UKR"]},
        "extra": {"missed": {}},
        "orders": {"RUSSIA": ["A MOS H"]}})
    assert response["units"]["RUSSIA"] == ["A MOS", "E MOS"]
    assert response["units"]["NEUTRAL"] == ["A UKR"]


# --- one slot per order, everywhere ---------------------------------------------------------------------


def test_two_engineer_placements_fill_one_slot_in_the_game_and_the_submission() -> None:
    game = Game.new("engineered")
    checks = game.set_orders("RUSSIA", ["E MOS B", "E SEV B"])
    assert all(c.ok for c in checks)
    assert game.pending_orders("RUSSIA") == ["E SEV B"]  # the later placement replaced the first
    result = game.process()
    placed = [r for r in result.results if r.power == "RUSSIA" and r.order == "E SEV B"]
    assert [(r.result, r.reason) for r in placed] == [("succeeds", "engineer placed in SEV (rule 1a)")]
    assert "E SEV" in game.variant.describe_units(game.state)["RUSSIA"]
    assert "E MOS" not in game.variant.describe_units(game.state)["RUSSIA"]
    # Written straight into one submission, the two are different orders for one slot (DATC 4.D.3).
    fresh = Game.new("engineered")
    sub = Submission.from_texts(fresh.variant, fresh.state, {"RUSSIA": ["E MOS B", "E SEV B"]})
    assert [r.result for r in sub.results] == ["invalid", "invalid"]
    assert all(r.reason == "several different orders for this unit" for r in sub.results)


def test_winter_engineers_created_on_two_centres_keep_two_slots() -> None:
    from engine.orders import order_key

    a, b = CreateEngineer(Unit("RUSSIA", UnitType.ENGINEER, "MOS")), CreateEngineer(Unit("RUSSIA", UnitType.ENGINEER, "STP"))
    assert order_key(a) != order_key(b)


def test_results_and_errors_name_powers_as_people_do_and_keep_the_codes() -> None:
    """Words shown to players name powers ("England"); slots and data keep the ids ("E:ENGLAND:LON")."""
    variant, state = state_from_request({"variant": "engineered", "phase": "S1902M",
                                         "units": {"ENGLAND": ["F LON", "E LON"], "TURKEY": ["A SEV", "E SEV"]}})
    result = Submission.from_texts(variant, state, {"ENGLAND": ["E LON - NTH", "F LON H"]}).process()
    carried = next(r for r in result.results if r.order == "E LON - NTH")
    assert carried.reason == "no unit of England moved from LON to NTH: it stays"
    assert carried.power == "ENGLAND"
    game = Game(variant, state)
    order = game.check_line("ENGLAND", "E LON - NTH").order
    assert order is not None and variant.order_key(order) == "E:ENGLAND:LON"
    check = game.check_line("ENGLAND", "E SEV H")
    assert not check.ok and "no engineer of England in SEV" in str(check.error)
    check = game.check_line("TURKEY", "E SEV - ROM")
    assert not check.ok and "no unit of Turkey in SEV can move to ROM" in str(check.error)
