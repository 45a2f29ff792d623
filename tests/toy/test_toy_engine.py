"""The toy variant (``toy_variant.py`` + ``toy_map/``, nothing else) through the engine: its unit type, its
bombardment order, its frozen province and its four seasons, in ``Game``, the JSON contract and save files."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import random

import pytest
from toy_variant import BOMBARD_SPOILED, BOMBARDS, CUT_BY_BOMBARDMENT, ZEPPELIN, Bombard, ToyVariant

import engine
from engine import savefile
from engine.bots import play_random_phase
from engine.game import Game
from engine.mapdata import available_maps, load_map
from engine.order_marks import MarkKind, MarkStyle
from engine.outcomes import DISLODGED_BY
from engine.options import legal_orders_for_state
from engine.phases import process_phase
from engine.state import GameState
from engine.types import IllegalOrderError, Phase, Unit, UnitType, unit_spec
from engine.variants import find_variant

A, F = UnitType.ARMY, UnitType.FLEET
HERE = Path(__file__).resolve().parent


def _position(phase: str, units: dict[str, list[str]], centers: dict[str, list[str]] | None = None) -> GameState:
    variant = ToyVariant()
    listed = []
    for power, texts in units.items():
        for text in texts:
            kind, loc = text.split()
            listed.append(Unit(power, UnitType(kind), loc))
    owned = {c: p for p, cs in (centers or {"NORTH": ["NOR", "FJO"], "SOUTH": ["SOU", "DUN"]}).items() for c in cs}
    return variant.make_state(Phase.parse(phase), listed, owned)


# Austral attacks the Highlands with support from Eastmarch; Borealia's zeppelin in Fjordmark may bombard it.
ATTACK = {"NORTH": ["A HIG", "Z FJO"], "SOUTH": ["A MID", "A EAS", "F ESE"]}
ATTACK_ORDERS = {"SOUTH": ["A MID - HIG", "A EAS S A MID - HIG"]}


def _results(state: GameState, orders: dict[str, list[str]]) -> dict[str, Any]:
    return {r.order: r for r in process_phase(ToyVariant(), state, orders).results}


def test_the_variant_is_found_with_its_own_map_folder_unit_type_and_order_kind() -> None:
    variant = find_variant("Zeppelins")  # by alias
    assert isinstance(variant, ToyVariant)
    assert variant.board is load_map("toy") and variant.board.name == "Toy"
    assert "toy" in available_maps()
    assert ToyVariant.map_folder == HERE / "toy_map"
    spec = unit_spec(ZEPPELIN)
    assert (spec.letter, spec.moves_as, spec.icon) == ("Z", "army", "zeppelin")
    assert spec.legend_text == "Zeppelin (flies over frozen land)"
    assert Bombard in variant.order_kinds
    assert variant.board.provinces["HIG"].freezes and not variant.board.provinces["MID"].freezes
    start = variant.initial_state()
    assert start.units["FJO"] == Unit("NORTH", ZEPPELIN, "FJO")


def test_a_bombardment_cuts_the_support_of_the_unit_it_hits() -> None:
    state = _position("S1901M", ATTACK)
    without = _results(state, ATTACK_ORDERS)
    assert without["A MID - HIG"].result == "succeeds"
    assert without["A HIG H"].outcome.code == DISLODGED_BY

    results = _results(state, ATTACK_ORDERS | {"NORTH": ["Z FJO BOMBARD A EAS"]})
    bomb = results["Z FJO BOMBARD A EAS"]
    assert (bomb.result, bomb.outcome.code, bomb.reason) == ("succeeds", BOMBARDS, "bombards A EAS")
    support = results["A EAS S A MID - HIG"]
    assert (support.result, support.outcome.code) == ("fails", CUT_BY_BOMBARDMENT)
    assert support.reason == "cut by bombardment from Z FJO"
    assert results["A MID - HIG"].result == "fails"  # 1 against 1: the Highlands hold
    assert results["A HIG H"].result == "succeeds"


def test_a_zeppelin_under_attack_cannot_bombard() -> None:
    state = _position("S1901M", ATTACK)
    results = _results(state, {"SOUTH": [*ATTACK_ORDERS["SOUTH"], "F ESE - FJO"], "NORTH": ["Z FJO BOMBARD A EAS"]})
    bomb = results["Z FJO BOMBARD A EAS"]
    assert (bomb.result, bomb.outcome.code) == ("fails", BOMBARD_SPOILED)
    assert bomb.reason == "bombardment spoiled: attacked by F ESE"
    assert results["A EAS S A MID - HIG"].result == "succeeds"
    assert results["A MID - HIG"].result == "succeeds"
    assert results["F ESE - FJO"].result == "fails"  # the zeppelin holds against it


def test_bombardments_are_read_checked_and_offered() -> None:
    variant = ToyVariant()
    state = _position("S1901M", ATTACK)
    order = variant.validate(variant.parse("Borealia: zeppelin Fjordmark bombards army eas"), state, "NORTH")
    assert order == Bombard(Unit("NORTH", ZEPPELIN, "FJO"), Unit("SOUTH", A, "EAS"))
    assert str(order) == "Z FJO BOMBARD A EAS" and order.slot() == "FJO"
    assert variant.validate(variant.parse(str(order)), state, "NORTH") == order
    refusals = {
        "Z FJO BOMBARD A HIG": "won't bombard its own power's",
        "Z FJO BOMBARD A MID": "not next to FJO",
        "A HIG BOMBARD A MID": "only zeppelins bombard",
        "Z FJO BOMBARD F EAS": "is A EAS, not F EAS",
        "Z FJO BOMBARD A WES": "no unit at WES",
    }
    for text, words in refusals.items():
        with pytest.raises(IllegalOrderError, match=words):
            variant.validate(variant.parse(text), state, "NORTH")
    offered = {str(o) for o in variant.legal_orders(state)["NORTH"]["FJO"]}
    assert {"Z FJO BOMBARD A EAS", "Z FJO H", "Z FJO S A HIG"} <= offered
    assert "A HIG BOMBARD A MID" not in {str(o) for o in variant.legal_orders(state)["NORTH"]["HIG"]}
    # The contract's fast texts give the same orders as the typed options.
    assert "Z FJO BOMBARD A EAS" in engine.legal_orders(_request("S1901M", ATTACK))["NORTH"]["FJO"]


def test_a_bombardment_is_drawn_as_a_damage_mark_and_describes_its_click_entry() -> None:
    variant = ToyVariant()
    order = Bombard(Unit("NORTH", ZEPPELIN, "FJO"), Unit("SOUTH", A, "EAS"))
    (mark,) = variant.order_marks(order, failed=True)
    assert (mark.kind, mark.at, mark.to, mark.style, mark.failed) == (
        MarkKind.SUPPORT_HOLD, "FJO", "EAS", MarkStyle.DAMAGE, True)
    assert variant.order_note(order) == "bombardment"
    (entry,) = variant.order_entries(order)  # X, then the bombarded unit
    assert entry.key == "X" and [pick.fields for pick in entry.picks] == [("target",)]


def test_the_highlands_freeze_in_winter_for_everything_but_zeppelins() -> None:
    variant = ToyVariant()
    units = {"NORTH": ["A NOR", "Z FJO"], "SOUTH": ["A MID"]}
    for season, frozen in (("S", False), ("U", False), ("F", False), ("W", True)):
        state = _position(f"{season}1901M", units)
        offered = {str(o) for orders in variant.legal_orders(state).get("NORTH", {}).values() for o in orders}
        assert ("A NOR - HIG" in offered) is not frozen, season
        assert ("A NOR S Z FJO - HIG" in offered) is not frozen, season  # supports follow the rule
        assert "Z FJO - HIG" in offered  # zeppelins fly over the ice
    winter = _position("W1901M", units)
    with pytest.raises(IllegalOrderError, match="Highlands is frozen in winter"):
        variant.validate(variant.parse("A NOR - HIG"), winter, "NORTH")
    results = _results(winter, {"NORTH": ["A NOR - HIG", "Z FJO - HIG"]})
    assert results["A NOR - HIG"].result == "invalid"
    assert results["Z FJO - HIG"].result == "succeeds"


def test_a_frozen_province_is_no_retreat_in_winter() -> None:
    state = _position("W1901M", {"NORTH": ["A MID", "Z EAS"], "SOUTH": ["A SOU", "A DUN", "A WES"]})
    after = process_phase(ToyVariant(), state, {"SOUTH": ["A SOU - MID", "A DUN S A SOU - MID"]}).state
    assert str(after.phase) == "W1901R"
    (dislodged,) = after.dislodged.values()
    assert dislodged.unit == Unit("NORTH", A, "MID") and "HIG" not in dislodged.retreats
    assert "NOR" in dislodged.retreats


def test_a_year_of_four_seasons_adjusts_after_summer_and_winter() -> None:
    game = Game.new("toy")
    seen = [game.phase]

    def play(orders: dict[str, list[str]]) -> None:
        for power, lines in orders.items():
            assert all(c.ok for c in game.set_orders(power, lines)), (power, lines)
        game.process()
        seen.append(game.phase)

    play({"NORTH": ["Z FJO - HIG"]})
    play({"NORTH": ["Z HIG - MID"]})  # Summer: Midland is taken, and Borealia builds at once
    assert game.state.centers["MID"] == "NORTH"
    assert game.variant.adjustment_delta(game.state, "NORTH") == 1
    play({"NORTH": ["Z FJO B"]})
    assert game.state.units["FJO"] == Unit("NORTH", ZEPPELIN, "FJO")
    play({})
    play({})
    assert seen == ["S1901M", "U1901M", "U1901A", "F1901M", "W1901M", "S1902M"]
    assert Phase.parse("U1901A").long_name == "Summer 1901 Adjustments"
    assert ToyVariant().phase_problem(Phase.parse("F1901A")) is not None
    assert ToyVariant().phase_problem(Phase.parse("W1901A")) is None


def _request(phase: str, units: dict[str, list[str]], orders: dict[str, list[str]] | None = None,
             centers: dict[str, list[str]] | None = None) -> dict[str, Any]:
    return {"variant": "toy", "phase": phase, "units": units, "orders": orders or {},
            "centers": centers or {"NORTH": ["NOR", "FJO"], "SOUTH": ["SOU", "DUN"]}}


def test_the_json_contract_adjudicates_lists_and_advances_the_toy() -> None:
    r = engine.adjudicate(_request("S1901M", ATTACK, ATTACK_ORDERS | {"NORTH": ["Z FJO BOMBARD A EAS"]}))
    assert r["variant"] == "toy" and r["next_phase"] == "U1901M"
    by_order = {o["order"]: o for o in r["orders"]}
    assert by_order["Z FJO BOMBARD A EAS"]["outcome"] == {
        "code": BOMBARDS, "data": {"target": {"power": "SOUTH", "type": "A", "loc": "EAS"}}}
    assert by_order["A EAS S A MID - HIG"]["result"] == "fails"
    assert by_order["A EAS S A MID - HIG"]["reason"] == "cut by bombardment from Z FJO"
    assert sorted(r["units"]["NORTH"]) == ["A HIG", "Z FJO"]
    # Summer changes centres and leads to its own adjustment phase; Fall does not.
    summer = _request("U1901M", {"NORTH": ["Z HIG", "F NOR"]}, {"NORTH": ["Z HIG - MID"]})
    r = engine.adjudicate(summer)
    assert (r["next_phase"], r["centers"]["NORTH"]) == ("U1901A", ["FJO", "MID", "NOR"])
    r = engine.adjudicate(dict(summer, phase="F1901M"))
    assert (r["next_phase"], r["centers"]["NORTH"]) == ("W1901M", ["FJO", "NOR"])
    r = engine.adjudicate(_request("U1901A", {"NORTH": ["Z MID", "F NOR"]}, {"NORTH": ["Z FJO B"]},
                                   {"NORTH": ["NOR", "FJO", "MID"], "SOUTH": ["SOU", "DUN"]}))
    assert r["next_phase"] == "F1901M" and sorted(r["units"]["NORTH"]) == ["F NOR", "Z FJO", "Z MID"]
    winter = engine.adjudicate(_request("W1901M", {"NORTH": ["A NOR"]}, {"NORTH": ["A NOR - HIG"]}))
    assert winter["orders"][0]["result"] == "invalid" and "frozen in winter" in winter["orders"][0]["reason"]
    legal = engine.legal_orders(_request("W1901M", {"NORTH": ["A NOR", "Z FJO"]}))
    assert "A NOR - HIG" not in legal["NORTH"]["NOR"] and "Z FJO - HIG" in legal["NORTH"]["FJO"]
    with pytest.raises(engine.RequestError, match="phase"):
        engine.adjudicate(_request("F1901A", {"NORTH": ["A NOR"]}))


def test_a_toy_game_survives_a_save_and_load_round_trip(tmp_path: Path) -> None:
    game = Game.new("toy")
    game.set_orders("NORTH", ["Z FJO - EAS"])
    game.process()
    game.set_orders("NORTH", ["Z EAS BOMBARD Z DUN"])
    game.set_orders("SOUTH", ["Z DUN - MID"], ready=True)
    path = tmp_path / "toy.json"
    savefile.save_game(game, path)
    assert "BOMBARD" not in path.read_text()  # pending orders stay sealed in the file
    loaded = savefile.load_game(path)
    assert loaded.variant.id == "toy" and loaded.state == game.state
    assert loaded.pending_orders("NORTH") == ["Z EAS BOMBARD Z DUN"]
    loaded.process()
    game.process()
    assert loaded.state == game.state
    record = loaded.history[-1]
    bomb = next(r for r in record.results if r.order == "Z EAS BOMBARD Z DUN")
    assert bomb.outcome is not None and bomb.outcome.code == BOMBARDS
    again = savefile.loads(savefile.dumps(loaded))
    assert [r.outcome for r in again.history[-1].results] == [r.outcome for r in record.results]
    assert again.phases() == loaded.phases()


def test_the_toy_obeys_the_one_legality_source_on_random_positions() -> None:
    """On the positions of a random game: every option validates to itself and round-trips through its
    text, and the contract's fast texts are the typed options' (the properties tests/engine/test_legality.py
    checks for every registered variant)."""
    variant = ToyVariant()
    rng = random.Random(5)
    game = Game(variant, variant.initial_state())
    checked, kinds, phases = 0, set(), set()
    for _ in range(14):
        if game.is_over:
            break
        state = game.state
        phases.add(str(state.phase)[0] + str(state.phase)[-1])
        options = variant.legal_orders(state)
        for power, per_slot in options.items():
            for orders in per_slot.values():
                for order in orders:
                    assert isinstance(order, variant.order_kinds)
                    assert variant.validate(variant.parse(str(order)), state, power) == order, str(order)
                    kinds.add(type(order).__name__)
                    checked += 1
        if state.phase.type.value == "M":
            texts = legal_orders_for_state(variant, state)
            typed = {p: {s: sorted(map(str, os)) for s, os in per.items()} for p, per in options.items()}
            assert {p: {s: sorted(t) for s, t in per.items()} for p, per in texts.items()} == typed
        play_random_phase(game, rng)
    assert checked > 50 and "Bombard" in kinds
    assert {"SM", "UM", "FM", "WM"} <= phases


def test_no_file_of_the_program_names_the_toy() -> None:
    """The toy is one module and one map folder: nothing in the engine, the client or the shipped data knows
    its unit, its order kind, its module or its folder."""
    root = HERE.parents[1]
    telltales = ("zeppelin", "bombard", "toy_variant", "toy_map")
    for package in ("engine", "app", "resources"):
        for path in (root / package).rglob("*"):
            if path.is_file() and path.suffix in (".py", ".json", ".svg", ".md", ".toml", ".txt"):
                text = path.read_text(encoding="utf-8", errors="replace").lower()
                assert not any(word in text for word in telltales), path


def test_the_toy_board_is_drawn_as_its_graph_says() -> None:
    """The hand-made polygons of ``toy_map/geometry.json`` border each other exactly where the graph has an
    edge (the map builder's own check), and the engine finds them in the toy's folder."""
    from engine.geometry.check import check_loaded
    from engine.geometry.load import has_geometry, load_geometry

    assert has_geometry("toy")
    assert check_loaded(load_geometry("toy"), load_map("toy"), "toy") == []
