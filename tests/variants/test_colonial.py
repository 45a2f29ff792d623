"""Colonial Diplomacy: the adjudication cases (one parametrized test over cases.json) and the rules around
them: Hong Kong, the Suez permission, Trans-Siberian Railroad options and legality, random games."""
from __future__ import annotations

import random
from typing import Any

import pytest

import conformance
import engine
from engine import savefile
from engine.bots import random_orders
from engine.contract import legal_orders, state_from_request
from engine.game import Game
from engine.options import legal_order_objects
from engine.orders import Move
from engine.types import PhaseType, RequestError, UnitType, province_of
from engine.variants import find_variant
from engine.variants.colonial import ColonialVariant, RailwayJourney, SuezPermission

SUITE: dict[str, Any] = conformance.load(conformance.DATA / "variants" / "colonial" / "cases.json")
CASES = SUITE["cases"]
VDIP_VALID_CASES = 83


# --- the cases file itself ------------------------------------------------------------------------


def test_cases_file_matches_the_conformance_schema() -> None:
    pytest.importorskip("jsonschema")
    problems = conformance.schema_problems(SUITE)
    assert not problems, "\n".join(problems[:30])


def test_cases_file_holds_every_vdiplomacy_case_and_the_rules_text_examples() -> None:
    ids = [case["id"] for case in CASES]
    assert len(ids) == len(set(ids)), "duplicate case ids"
    vdip = [i for i in ids if i.startswith("v12.") and ":" not in i]
    extras = {"v12.SUEZ.A2", "v12.SUEZ.A3", "v12.SUEZ.A5", "v12.TSR.A3"}  # left commented out by vDiplomacy
    assert len(set(vdip) - extras) == VDIP_VALID_CASES
    assert sum(1 for case in CASES if case["id"].startswith("colonial.rules.")) >= 5
    for case in CASES:
        assert case["variant"] == "colonial" and case.get("source"), case["id"]
        assert "dislodged" in case["expect"], f"{case['id']}: every Colonial case names its dislodged units"


# --- adjudication ------------------------------------------------------------------------------------


@pytest.mark.parametrize("case", conformance.params(SUITE), ids=conformance.ids(SUITE))
def test_colonial_case(case: dict[str, Any]) -> None:
    conformance.check(case)


# --- the variant and Hong Kong ---------------------------------------------------------------------------


def test_colonial_starts_in_spring_1870_with_seven_powers_and_58_centres() -> None:
    game = Game.new("colonial")
    board = game.variant.board
    assert game.phase == "S1870M"
    assert len(board.supply_centers) == 58 and len(board.neutral_centers) == 29
    assert game.variant.victory_centers == 30
    assert sorted(board.powers) == ["BRITAIN", "CHINA", "FRANCE", "HOLLAND", "JAPAN", "RUSSIA", "TURKEY"]
    assert game.center_counts() == {"BRITAIN": 6, "CHINA": 5, "FRANCE": 3, "HOLLAND": 3, "JAPAN": 4,
                                    "RUSSIA": 5, "TURKEY": 3}
    assert len(game.state.units) == 29


def _hong_kong_game(china_in_hong_kong: bool) -> Game:
    request = {"variant": "colonial", "phase": "F1870M",
               "units": {"CHINA": ["A CAN"], "BRITAIN": ["A MAD"]},
               "centers": {"BRITAIN": ["ADE", "BOM", "DEL", "HON", "MAD", "SIN"],
                           "CHINA": ["CAN", "MAC", "PEK", "SHA", "SIK"]}}
    variant, state = state_from_request(request)
    game = Game(variant, state)
    game.set_orders("CHINA", ["A CAN - HON" if china_in_hong_kong else "A CAN H"])
    game.set_orders("BRITAIN", ["A MAD H"])
    game.process()
    return game


def test_hong_kong_held_by_china_counts_for_nobody() -> None:
    game = _hong_kong_game(china_in_hong_kong=True)
    assert game.state.centers["HON"] == "CHINA"
    counts = game.center_counts()
    assert counts["CHINA"] == 5 and counts["BRITAIN"] == 5  # China gains nothing, Britain loses it
    variant = game.variant
    assert not variant.counts_as_center("HON", "CHINA")
    assert all(variant.counts_as_center("HON", p) for p in variant.powers if p != "CHINA")
    # Builds follow the count: China (5 centres, 1 unit) builds 4, Britain (5 centres, 1 unit) 4.
    assert game.phase == "W1870A"
    assert variant.adjustment_delta(game.state, "CHINA") == 4
    assert variant.adjustment_delta(game.state, "BRITAIN") == 4
    assert "HON" not in variant.build_sites(game.state, "BRITAIN")
    assert "HON" not in variant.build_sites(game.state, "CHINA")


def test_hong_kong_counts_for_any_other_power() -> None:
    request = {"variant": "colonial", "phase": "F1870M", "units": {"FRANCE": ["A CAN"]},
               "centers": {"BRITAIN": ["HON"]}, "orders": {"FRANCE": ["A CAN - HON"]}}
    response = engine.adjudicate(request)
    assert response["centers"]["FRANCE"] == ["HON"]
    variant, state = state_from_request({**request, "phase": "W1870A", "units": {"FRANCE": ["A HON"]},
                                         "centers": {"FRANCE": ["HON"]}})
    assert variant.center_count(state, "FRANCE") == 1


def test_hong_kong_is_a_british_build_site() -> None:
    variant, state = state_from_request({"variant": "colonial", "phase": "W1870A", "units": {"BRITAIN": []},
                                         "centers": {"BRITAIN": ["HON", "ADE"]}})
    assert variant.build_sites(state, "BRITAIN") == frozenset({"HON", "ADE"})
    assert "F HON B" in legal_orders({"variant": "colonial", "phase": "W1870A", "units": {"BRITAIN": []},
                                      "centers": {"BRITAIN": ["HON", "ADE"]}})["BRITAIN"]["HON"]


def test_victory_needs_30_centres_and_hong_kong_does_not_count_for_china() -> None:
    variant = find_variant("colonial")
    board = variant.board
    centres = sorted(board.supply_centers - {"HON"})[:29] + ["HON"]
    _, state = state_from_request({"variant": "colonial", "phase": "W1870A", "units": {},
                                   "centers": {"CHINA": centres}})
    assert variant.center_count(state, "CHINA") == 29 and variant.winner(state) is None
    _, state = state_from_request({"variant": "colonial", "phase": "W1870A", "units": {},
                                   "centers": {"JAPAN": centres}})
    assert variant.center_count(state, "JAPAN") == 30 and variant.winner(state) == "JAPAN"


# --- the Trans-Siberian Railroad -------------------------------------------------------------------------


def test_railway_destinations_and_options() -> None:
    variant = find_variant("colonial")
    assert isinstance(variant, ColonialVariant)
    state = variant.initial_state()
    assert variant.railway_destinations(state, state.units["MOS"]) == ["PRM", "OMS", "KRA", "IRK", "VLA"]
    assert variant.railway_destinations(state, state.units["OMS"]) == ["MOS", "PRM", "KRA", "IRK", "VLA"]
    assert variant.railway_destinations(state, state.units["ODE"]) == []  # a fleet
    assert variant.railway_destinations(state, state.units["MAC"]) == []  # Chinese, off the line
    options = legal_orders({"variant": "colonial", "phase": "S1870M",
                            "units": {"RUSSIA": ["A MOS", "A OMS"], "CHINA": ["A PRM"], "JAPAN": ["F OKH"]}})
    mos = options["RUSSIA"]["MOS"]
    assert {"A MOS - VLA VIA TSR", "A MOS - PRM VIA TSR", "A MOS - PRM"} <= set(mos)
    assert "A OMS S A MOS - KRA" in options["RUSSIA"]["OMS"]  # supports of railway moves are offered
    assert "F OKH S A MOS - VLA" in options["JAPAN"]["OKH"]
    assert not any("TSR" in o for o in options["CHINA"]["PRM"])


def test_railway_legality() -> None:
    state_request = {"variant": "colonial", "phase": "S1870M",
                     "units": {"RUSSIA": ["A MOS", "F VLA", "A ORE"], "CHINA": ["A PRM"]}}
    variant, state = state_from_request(state_request)
    game = Game(variant, state)
    assert game.check_line("RUSSIA", "A MOS - VLA VIA TSR").text == "A MOS - VLA VIA TSR"
    assert game.check_line("RUSSIA", "A Moscow - Vladivostok").text == "A MOS - VLA VIA TSR"  # needs the line
    assert game.check_line("RUSSIA", "A MOS - PRM").text == "A MOS - PRM"  # an ordinary move
    assert game.check_line("RUSSIA", "A MOS - PRM via tsr").text == "A MOS - PRM VIA TSR"
    assert "only armies" in (game.check_line("RUSSIA", "F VLA - OMS VIA TSR").error or "")
    assert "only RUSSIA" in (game.check_line("CHINA", "A PRM - VLA VIA TSR").error or "")
    assert "not on the Trans-Siberian" in (game.check_line("RUSSIA", "A ORE - VLA VIA TSR").error or "")
    assert "unknown route" in (game.check_line("RUSSIA", "A MOS - VLA VIA ORIENT").error or "")
    assert game.check_line("RUSSIA", "A ORE S A MOS - VLA").error is not None  # ORE doesn't touch VLA
    assert game.check_line("RUSSIA", "A ORE S A MOS - PRM").ok


def test_only_one_railway_move_per_turn_the_first_stands() -> None:
    response = engine.adjudicate({"variant": "colonial", "phase": "S1870M",
                                  "units": {"RUSSIA": ["A MOS", "A VLA"]},
                                  "orders": {"RUSSIA": ["A VLA - OMS VIA TSR", "A MOS - KRA VIA TSR"]}})
    results = {e["order"]: e for e in response["orders"]}
    assert results["A VLA - OMS VIA TSR"]["result"] == "succeeds"
    assert results["A MOS - KRA VIA TSR"]["result"] == "invalid"
    assert "only one army" in results["A MOS - KRA VIA TSR"]["reason"]
    assert response["units"]["RUSSIA"] == ["A MOS", "A OMS"]


def test_railway_journey_tells_where_the_army_stopped_and_why() -> None:
    variant = find_variant("colonial")
    assert isinstance(variant, ColonialVariant)
    _, state = state_from_request({"variant": "colonial", "phase": "S1870M",
                                   "units": {"RUSSIA": ["A MOS", "A OMS"], "CHINA": ["A MON"]}})
    journey = variant.railway_journey(state, {"RUSSIA": ["A OMS H", "A MOS - IRK VIA TSR"],
                                              "CHINA": ["A MON - KRA"]})
    assert journey is not None
    assert (journey.stopped_at, journey.blocked_at, journey.arrived) == ("PRM", "KRA", False)
    assert journey.path == ("PRM", "OMS", "KRA", "IRK") and journey.travelled == ("PRM",)
    assert "A MON" in journey.reason and "stops in PRM" in journey.reason
    assert journey.as_dict()["stopped_at"] == "PRM"
    assert variant.railway_journey(state, {"RUSSIA": ["A MOS - PRM"]}) is None


def test_the_railway_moves_result_records_its_journey_and_a_save_keeps_it() -> None:
    game = Game.new("colonial")
    _, state = state_from_request({"variant": "colonial", "phase": "S1870M",
                                   "units": {"RUSSIA": ["A MOS", "A OMS"], "CHINA": ["A MON"]}})
    game.replace_state(state)
    orders = {"RUSSIA": ["A OMS H", "A MOS - IRK VIA TSR"], "CHINA": ["A MON - KRA"]}
    variant = game.variant
    assert isinstance(variant, ColonialVariant)
    expected = variant.railway_journey(state, orders)
    for power, lines in orders.items():
        game.set_orders(power, lines, ready=True)
    game.process()
    loaded = savefile.loads(savefile.dumps(game))
    (train,) = [r for r in loaded.history[0].results if r.order == "A MOS - IRK VIA TSR"]
    assert train.outcome is not None and train.outcome.code == "railway"
    journey = RailwayJourney.from_outcome(train.outcome)
    assert journey == expected
    assert journey is not None and journey.stopped_at == "PRM" and journey.reason == train.reason


def test_tsr_rules_option_is_checked() -> None:
    with pytest.raises(RequestError, match="tsr_rules"):
        engine.adjudicate({"variant": "colonial", "phase": "S1870M", "units": {}, "options": {"tsr_rules": "x"}})


# --- the Suez Canal ---------------------------------------------------------------------------------------


def _suez_game(units: dict[str, list[str]]) -> Game:
    variant, state = state_from_request({"variant": "colonial", "phase": "S1870M", "units": units})
    return Game(variant, state)


def test_suez_move_is_legal_only_with_a_unit_in_egypt() -> None:
    closed = _suez_game({"TURKEY": ["F MED"], "BRITAIN": ["F RED"]})
    assert "no unit in EGY" in (closed.check_line("TURKEY", "F MED - RED").error or "")
    assert closed.check_line("BRITAIN", "F RED - MED VIA").error is not None
    open_ = _suez_game({"TURKEY": ["F MED"], "BRITAIN": ["A EGY", "F RED"]})
    assert open_.check_line("TURKEY", "F MED - RED").text == "F MED - RED"


def test_suez_permission_notation_and_legality() -> None:
    game = _suez_game({"TURKEY": ["F MED", "F SYR"], "BRITAIN": ["A EGY", "F RED"], "CHINA": ["A SUD"]})
    for text in ("SUEZ F MED - RED", "suez F Mediterranean Sea - Red Sea", "PERMIT F MED", "Britain: SUEZ MED",
                 "A EGY S F MED - RED"):
        check = game.check_line("BRITAIN", text)
        assert check.ok and check.text == "SUEZ F MED - RED", (text, check)
        assert isinstance(check.order, SuezPermission) and check.order.power == "BRITAIN"
    assert game.check_line("BRITAIN", "SUEZ F RED").text == "SUEZ F RED - MED"
    assert "only BRITAIN" in (game.check_line("TURKEY", "SUEZ F MED - RED").error or "")
    assert game.check_line("BRITAIN", "SUEZ F SYR - RED").error is not None
    assert game.check_line("BRITAIN", "SUEZ F MED - SYR").error is not None
    assert game.check_line("BRITAIN", "SUEZ").error is not None
    # Supports across the canal stay illegal; supports of a canal passage from outside are legal.
    assert game.check_line("TURKEY", "F MED S F RED").error is not None
    assert game.check_line("TURKEY", "F SYR S F RED - MED").text == "F SYR S F RED - MED"
    # The permission stands beside the Egypt unit's own order.
    game.set_orders("BRITAIN", ["A EGY - SUD", "SUEZ F MED - RED"])
    game.set_orders("TURKEY", ["F MED - RED"])
    assert game.pending_orders("BRITAIN") == ["A EGY - SUD", "SUEZ F MED - RED"]
    result = game.process()
    assert {r.order: r.result for r in result.results}["F MED - RED"] == "fails"  # F RED stays: bounce
    assert game.state.units["MED"].power == "TURKEY"


def test_avalon_hill_support_form_opens_the_canal_and_supports() -> None:
    response = engine.adjudicate({"variant": "colonial", "phase": "S1870M",
                                  "units": {"BRITAIN": ["F EGY", "F MED"], "TURKEY": ["F RED"]},
                                  "orders": {"BRITAIN": ["F EGY S F MED - RED", "F MED - RED"]}})
    assert response["units"] == {"BRITAIN": ["F EGY", "F RED"]}
    assert response["dislodged"]["TURKEY"][0]["unit"] == "F RED"


def test_suez_options_list_the_passage_and_the_permission_with_the_egypt_unit() -> None:
    options = legal_orders({"variant": "colonial", "phase": "S1870M",
                            "units": {"BRITAIN": ["A EGY"], "TURKEY": ["F MED", "F SYR"]}})
    assert "F MED - RED" in options["TURKEY"]["MED"]
    assert "SUEZ F MED - RED" in options["BRITAIN"]["EGY"]
    assert "F SYR S F MED - RED" not in options["TURKEY"]["SYR"]  # SYR doesn't touch RED
    closed = legal_orders({"variant": "colonial", "phase": "S1870M", "units": {"TURKEY": ["F MED"]}})
    assert "F MED - RED" not in closed["TURKEY"]["MED"]


# --- legal options agree with the validator ---------------------------------------------------------------


def _candidates(game: Game, prov: str) -> list[str]:
    board = game.variant.board
    unit = game.state.units[prov]
    places = [loc for p in board.provinces.values() if p.is_passable
              for loc in ((p.id,) + board.coast_locations(p.id) if p.coasts else (p.id,))]
    texts = [f"{unit} H"]
    for loc in places:
        texts += [f"{unit} - {loc}", f"{unit} - {loc} VIA", f"{unit} - {loc} VIA TSR"]
    for other_prov, other in game.state.units.items():
        if other_prov == prov:
            continue
        texts.append(f"{unit} S {other}")
        for loc in places:
            texts.append(f"{unit} S {other} - {loc}")
            if unit.type is UnitType.FLEET and other.type is UnitType.ARMY:
                texts.append(f"{unit} C {other} - {loc}")
        if other.type is UnitType.FLEET:
            texts.append(f"SUEZ {other}")
    return texts


def _options_match_validator(game: Game) -> None:
    options = legal_order_objects(game.variant, game.state)
    for prov, unit in game.state.units.items():
        offered = {str(o) for o in options[unit.power][unit.loc]}
        legal = set()
        for text in _candidates(game, prov):
            check = game.check_line(unit.power, text)
            if check.ok and (not isinstance(check.order, SuezPermission) or prov == "EGY"):
                legal.add(check.text)
        legal = {t for t in legal if not any(o.startswith(t + "/") for o in offered)}
        assert offered == legal, (unit, sorted(offered - legal), sorted(legal - offered))


def test_options_equal_the_validators_legal_orders_on_the_railway_and_at_suez() -> None:
    variant, state = state_from_request({
        "variant": "colonial", "phase": "S1870M",
        "units": {"RUSSIA": ["A MOS", "A OMS", "A ORE", "F VLA"], "CHINA": ["A KRA", "A MON"],
                  "BRITAIN": ["A EGY", "F RED", "F ERI"], "TURKEY": ["F MED", "F SYR"]}})
    _options_match_validator(Game(variant, state))


# --- random positions and games ---------------------------------------------------------------------------

_RAILWAY_AREA = ("MOS", "PRM", "OMS", "KRA", "IRK", "VLA", "ORE", "AKM", "BOK", "ODE", "BAK", "TAS", "KIR", "SEM",
                 "URU", "MON", "MAC", "SIK", "PEK", "SEO")


@pytest.mark.parametrize("tsr_rules", ["avalon-hill", "vdiplomacy-2.2"])
def test_random_positions_around_the_railway_end_consistently(tsr_rules: str) -> None:
    """A train from Moscow among random units with random legal orders: the army is where its journey says,
    it moves exactly when the journey leaves Moscow, and no two units end in one province."""
    variant = find_variant("colonial", {"tsr_rules": tsr_rules})
    assert isinstance(variant, ColonialVariant)
    for seed in range(300):
        rng = random.Random(seed)
        provinces = ["MOS"] + rng.sample(_RAILWAY_AREA[1:], rng.randint(3, 11))
        units = {p: ["RUSSIA" if p == "MOS" else rng.choice(["RUSSIA", "CHINA", "TURKEY", "JAPAN"])] for p in provinces}
        request = {"variant": "colonial", "phase": "S1870M", "options": {"tsr_rules": tsr_rules}, "units": {}}
        for prov, (power,) in units.items():
            request["units"].setdefault(power, []).append(f"A {prov}")
        _, state = state_from_request(request)
        options = legal_order_objects(variant, state)
        orders: dict[str, Any] = {}
        for prov, unit in state.units.items():
            choices = [o for o in options[unit.power][unit.loc]
                       if not (isinstance(o, Move) and o.route and prov != "MOS")]  # one train: Moscow's
            orders[prov] = rng.choice(choices)
        orders["MOS"] = Move(state.units["MOS"], rng.choice(["PRM", "OMS", "KRA", "IRK", "VLA"]), route="TSR")
        result = variant.adjudicate_movement(state, orders)
        journey = result.journey
        assert journey is not None
        assert ("MOS" in result.moved) == (journey.stopped_at != "MOS"), (seed, orders, journey)
        if "MOS" in result.moved:
            assert result.moved["MOS"] == journey.stopped_at
        ends = [province_of(d) for d in result.moved.values()]
        ends += [p for p in state.units if p not in result.moved and p not in result.dislodged]
        assert len(ends) == len(set(ends)), (seed, orders, result.moved)




def _check_invariants(game: Game) -> None:
    state, board = game.state, game.variant.board
    for prov, unit in state.units.items():
        assert province_of(unit.loc) == prov and board.can_stand(unit.type, unit.loc), unit
    for prov, d in state.dislodged.items():
        assert all(province_of(r) not in state.units for r in d.retreats)
    assert set(state.centers) <= board.supply_centers
    counts = game.center_counts()
    assert sum(counts.values()) <= len(board.supply_centers) - (1 if state.centers.get("HON") == "CHINA" else 0)
    if state.phase.type is not PhaseType.RETREATS:
        assert not state.dislodged


def _railway_orders(game: Game, rng: random.Random) -> None:
    """Give Russia a railway move now and then, with some Suez permissions, so the random games use both."""
    russian = [u for u in game.state.units.values() if u.power == "RUSSIA" and u.type is UnitType.ARMY
               and u.loc in game.variant.places.route]  # type: ignore[attr-defined]
    if game.state.phase.type is PhaseType.MOVEMENT and russian and rng.random() < 0.7:
        army = rng.choice(russian)
        dest = rng.choice(game.variant.railway_destinations(game.state, army))  # type: ignore[attr-defined]
        game.set_orders("RUSSIA", game.pending_orders("RUSSIA") + [f"{army} - {dest} VIA TSR"], ready=True)


@pytest.mark.parametrize("seed", range(3))
def test_random_colonial_games_keep_the_invariants(seed: int) -> None:
    rng = random.Random(seed)
    game = Game.new("colonial")
    railway_moves = 0
    while not game.is_over and game.state.phase.year < 1880:
        for power in game.powers_to_order():
            game.set_orders(power, random_orders(game, power, rng), ready=True)
        _railway_orders(game, rng)
        result = game.process()
        railway_moves += sum(1 for r in result.results if r.order.endswith("VIA TSR") and r.result != "invalid")
        _check_invariants(game)
        text = savefile.dumps(game)
        assert savefile.dumps(savefile.loads(text)) == text
    assert railway_moves > 0
    assert len(game.history) > 15


def test_reports_show_hong_kong_as_no_centre_of_china() -> None:
    from engine.report import phase_report

    game = _hong_kong_game(china_in_hong_kong=True)
    text = phase_report(game, len(game.history) - 1)
    assert "HON: Britain → China (not a supply centre for China: it doesn't count)" in text
    assert "HON: held by China, not one of its supply centres" in text
    assert "HON" not in game.variant.counted_centers(game.state, "CHINA")
    assert len(game.variant.counted_centers(game.state, "CHINA")) == game.center_counts()["CHINA"]
    plain = _hong_kong_game(china_in_hong_kong=False)
    assert "not a supply centre" not in phase_report(plain, len(plain.history) - 1)
