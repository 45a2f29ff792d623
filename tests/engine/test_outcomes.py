"""Typed outcomes: every result carries a code and data, worded exactly as the engine worded it before
(tests/data/outcomes/reasons.json), per viewer under fog of war, and kept by save files and the contract."""
from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

import conformance
import engine
from engine import outcomes, savefile
from engine.bots import play_random_phase
from engine.contract import state_from_request
from engine.game import Game
from engine.outcomes import Reason, decode, encode, word
from engine.phases import Submission
from engine.state import GameState
from engine.types import SaveFileError, Unit, UnitType
from engine.variants import Variant

RECORDED: dict[str, Any] = json.loads((Path(__file__).resolve().parents[1] / "data" / "outcomes" / "reasons.json")
                                      .read_text(encoding="utf-8"))
SUITES = {path.relative_to(conformance.DATA).as_posix(): conformance.load(path) for path in conformance.SUITE_FILES}
GAMES = (("standard", 0, 1908), ("standard", 1, 1908), ("colonial", 0, 1876), ("engineered", 0, 1906))


def _case(key: str) -> dict[str, Any]:
    suite, case_id = key.split("#", 1)
    return next(c for c in SUITES[suite]["cases"] if c["id"] == case_id)


@pytest.mark.parametrize("key", sorted(RECORDED["cases"]))
def test_every_conformance_case_is_worded_as_before(key: str) -> None:
    answers = engine.adjudicate(conformance.request(_case(key)))["orders"]
    assert [[a["power"], a["order"], a["result"], a["reason"]] for a in answers] == RECORDED["cases"][key]
    for a in answers:
        typed = decode(a["outcome"])
        assert word(typed) == a["reason"]
        if key.startswith("datc/"):  # the standard rules word nothing as bare text
            assert typed.code != outcomes.NOTE, a


@pytest.mark.parametrize("variant, seed, until", GAMES)
def test_random_games_are_worded_as_before(variant: str, seed: int, until: int) -> None:
    rng = random.Random(seed)
    game = Game.new(variant)
    while not game.is_over and game.state.phase.year <= until:
        play_random_phase(game, rng)
    got = [[[r.power, r.order, r.result, r.reason] for r in rec.results] for rec in game.history]
    assert got == RECORDED["games"][f"{variant}/{seed}"]
    for rec in game.history:
        for r in rec.results:
            assert r.outcome is not None and word(r.outcome) == r.reason
            if variant == "standard":
                assert r.outcome.code != outcomes.NOTE, r


# --- per viewer -----------------------------------------------------------------------------------------


class Fog(Variant):
    """Standard rules, but nobody sees another power's unit in the Ruhr (not registered: a test's own)."""

    def view_for(self, state: GameState, power: str | None) -> GameState:
        if power is None:
            return state
        return state.replace(units={p: u for p, u in state.units.items() if p != "RUH" or u.power == power})


def _fog_phase(units: dict[str, list[str]], orders: dict[str, list[str]]) -> tuple[Fog, GameState, list[Any]]:
    _, state = state_from_request({"variant": "standard", "phase": "S1901M", "units": units})
    variant = Fog()
    return variant, state, Submission.from_texts(variant, state, orders).process().results


def _reason(results: list[Any], order: str) -> str:
    return next(r.reason for r in results if r.order == order)


def test_a_dislodgement_by_a_hidden_unit_does_not_name_it() -> None:
    variant, state, results = _fog_phase(
        {"FRANCE": ["A BUR"], "GERMANY": ["A RUH", "A MUN"]},
        {"FRANCE": ["A BUR H"], "GERMANY": ["A RUH - BUR", "A MUN S A RUH - BUR"]})
    assert _reason(results, "A BUR H") == "dislodged by A RUH"
    french = variant.results_for(state, results, "FRANCE")
    assert _reason(french, "A BUR H") == "dislodged"
    mine = next(r for r in french if r.order == "A BUR H")
    assert "RUH" not in json.dumps(encode(mine.outcome))  # the data sent to France doesn't name it either
    german = variant.results_for(state, results, "GERMANY")
    assert _reason(german, "A BUR H") == "dislodged by A RUH"  # Germany sees its own unit
    assert _reason(variant.results_for(state, results, None), "A BUR H") == "dislodged by A RUH"


def test_strengths_made_by_a_hidden_support_are_not_shown() -> None:
    variant, state, results = _fog_phase(
        {"FRANCE": ["A PAR"], "GERMANY": ["A MUN", "A RUH"]},
        {"FRANCE": ["A PAR - BUR"], "GERMANY": ["A MUN - BUR", "A RUH S A MUN - BUR"]})
    assert _reason(results, "A PAR - BUR") == "beaten to BUR by A MUN (1 vs 2)"
    french = variant.results_for(state, results, "FRANCE")
    assert _reason(french, "A PAR - BUR") == "beaten to BUR by A MUN"  # the 2 would give the support away
    assert "A RUH S A MUN - BUR" not in [r.order for r in french]
    assert _reason(variant.results_for(state, results, "GERMANY"), "A PAR - BUR") == "beaten to BUR by A MUN (1 vs 2)"


def test_a_result_naming_only_visible_units_reads_the_same() -> None:
    variant, state, results = _fog_phase(
        {"FRANCE": ["A PAR"], "GERMANY": ["A MUN"]},
        {"FRANCE": ["A PAR - BUR"], "GERMANY": ["A MUN - BUR"]})
    french = variant.results_for(state, results, "FRANCE")
    assert _reason(french, "A PAR - BUR") == "bounced with A MUN in BUR (1 vs 1)" == _reason(results, "A PAR - BUR")


def test_a_reason_seen_by_someone_who_sees_everything_is_itself() -> None:
    why = Reason(outcomes.SUPPORT_CUT, {"by": (Unit("GERMANY", UnitType.ARMY, "RUH"), Unit("ITALY", UnitType.ARMY, "PIE"))})
    assert why.seen_by(None) is why and word(why) == "cut by A RUH, A PIE"
    assert word(why, lambda u: u.power == "ITALY") == "cut by A PIE"
    assert word(why, lambda u: False) == "cut"


# --- kept in saves and answers ----------------------------------------------------------------------------


def test_history_outcomes_survive_save_and_load() -> None:
    game = Game.new("standard")
    game.set_orders("FRANCE", ["A PAR - BUR"], ready=True)
    game.set_orders("GERMANY", ["A MUN - BUR"], ready=True)
    game.process()
    loaded = savefile.loads(savefile.dumps(game))
    before = [(r.order, r.reason, r.outcome) for r in game.history[0].results]
    after = [(r.order, r.reason, r.outcome) for r in loaded.history[0].results]
    assert after == before
    bounce = next(r for r in loaded.history[0].results if r.order == "A PAR - BUR")
    assert bounce.outcome == Reason(outcomes.BOUNCED_WITH, {
        "dest": "BUR", "other": Unit("GERMANY", UnitType.ARMY, "MUN"), "attack": 1, "resist": 1, "backing": ()})


def test_a_save_from_before_typed_outcomes_loads_its_words_as_notes() -> None:
    game = Game.new("standard")
    game.process()
    data = savefile.game_to_dict(game)
    for r in data["history"][0]["results"]:
        del r["outcome"]
    loaded = savefile.game_from_dict(data)
    for old, new in zip(game.history[0].results, loaded.history[0].results):
        assert new.reason == old.reason
        assert new.outcome == Reason(outcomes.NOTE, {"text": old.reason})


def test_a_damaged_outcome_in_a_save_is_named() -> None:
    game = Game.new("standard")
    game.process()
    data = savefile.game_to_dict(game)
    data["history"][0]["results"][0]["outcome"] = {"code": "moves", "data": {"dest": {"nonsense": 1}}}
    with pytest.raises(SaveFileError, match="outcome"):
        savefile.game_from_dict(data)


def test_the_contract_answer_carries_code_and_data() -> None:
    answer = engine.adjudicate({"variant": "standard", "phase": "S1901M",
                                "units": {"FRANCE": ["A BUR"], "GERMANY": ["A RUH", "A MUN"]},
                                "orders": {"GERMANY": ["A RUH - BUR", "A MUN S A RUH - BUR"]}})
    by_order = {a["order"]: a for a in answer["orders"]}
    assert by_order["A BUR H"]["outcome"] == {
        "code": "dislodged_by", "data": {"by": {"power": "GERMANY", "type": "A", "loc": "RUH"}}}
    assert by_order["A RUH - BUR"]["outcome"] == {"code": "moves", "data": {"dest": "BUR"}}
    assert by_order["A MUN S A RUH - BUR"]["outcome"]["code"] == "support_given"


def test_a_disguised_unit_is_named_but_its_strengths_are_not_shown() -> None:
    decoy, attacker = Unit("RUSSIA", UnitType.ARMY, "UKR"), Unit("AUSTRIA", UnitType.ARMY, "GAL")
    why = Reason(outcomes.BOUNCED_WITH, {"dest": "RUM", "other": decoy, "attack": 1, "resist": 1, "backing": ()})
    assert word(why, lambda u: outcomes.DISGUISED if u == decoy else True) == "bounced with A UKR in RUM"
    assert word(why, lambda u: True) == "bounced with A UKR in RUM (1 vs 1)"


def test_engineered_shows_other_powers_decoys_disguised() -> None:
    variant, state = state_from_request({"variant": "engineered", "phase": "S1902M",
                                         "units": {"RUSSIA": ["A WAR", "D UKR"], "AUSTRIA": ["A GAL"]}})
    decoy = state.units["UKR"]
    austrian, russian = variant.sight(state, "AUSTRIA"), variant.sight(state, "RUSSIA")
    assert austrian is not None and russian is not None
    assert austrian(decoy) == outcomes.DISGUISED and austrian(state.units["WAR"]) is True
    assert russian(decoy) is True
    assert variant.sight(state, None) is None
