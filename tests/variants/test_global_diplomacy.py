"""Global Diplomacy (EMG rules on the global1890 map): the worked examples replayed on the real map as data,
and the variant played through the engine (start, a turn, save and load, numbered commands)."""
from __future__ import annotations

from typing import Any

import pytest

import conformance

SUITE = conformance.load(conformance.DATA / "variants" / "global_diplomacy" / "cases.json")


@pytest.mark.parametrize("case", conformance.params(SUITE), ids=conformance.ids(SUITE))
def test_case(case: dict[str, Any]) -> None:
    conformance.check(case)


# --- the variant through the engine ---------------------------------------------------------------------

from engine import savefile  # noqa: E402
from engine.game import Game  # noqa: E402
from engine.types import UnitType  # noqa: E402
from engine.variants import find_variant  # noqa: E402


def test_the_start_is_the_maps_eleven_powers_with_owned_home_areas() -> None:
    variant = find_variant("global_diplomacy")
    state = variant.initial_state()
    assert len(variant.board.powers) == 11
    assert str(state.phase) == "S1890M"
    assert state.centers["7"] == "ENGLAND" and variant.board.powers["ENGLAND"].capital == "7"
    assert state.extra["owned"]["41"] == "AUSTRIA"  # a home area that is no centre is owned from the start
    assert state.units["41"].type is UnitType.CORPS


def test_commands_name_areas_by_number_or_alias() -> None:
    game = Game.new("global_diplomacy")
    alias = game.variant.board.provinces["42"].aliases[0]
    checks = game.set_orders("AUSTRIA", ["MO 41 " + alias, "SA 40 42"])
    assert all(c.ok for c in checks), checks
    assert game.pending["AUSTRIA"] == ["C 41 - 42", "SA 40 42"]  # moves in the engine's own text
    assert any(str(o) == "C 41 - 42" for o in game.variant.legal_orders(game.state)["AUSTRIA"]["41"])


def test_a_turn_is_played_with_its_automatic_retreats_and_ownership() -> None:
    """Neutral 42 (Cracow): Austria's supported corps (2) beats Germany's and Russia's (1 each); the losers go
    back to their own areas inside the turn, with no retreat phase, and 42 becomes Austria's."""
    game = Game.new("global_diplomacy")
    game.set_orders("AUSTRIA", ["MO 41 42", "SA 40 42"])
    game.set_orders("GERMANY", ["MO 29 42"])
    game.set_orders("RUSSIA", ["MO 45 42"])
    game.process()
    state = game.state
    assert str(state.phase) == "F1890M"
    assert str(state.units["42"]) == "C 42" and state.units["42"].power == "AUSTRIA"
    assert state.units["29"].power == "GERMANY" and state.units["45"].power == "RUSSIA"
    assert "41" not in state.units and not state.dislodged
    assert state.extra["owned"]["42"] == "AUSTRIA" and state.extra["owned"]["41"] == "AUSTRIA"
    results = {r.order: r.result for r in game.history[-1].results}
    assert results["C 41 - 42"] == "succeeds" and results["C 29 - 42"] == "fails" and results["C 45 - 42"] == "fails"


def test_a_game_saves_and_loads_and_plays_on() -> None:
    game = Game.new("global_diplomacy")
    game.set_orders("ENGLAND", ["MO 7 233", "AC 7"])
    game.process()
    loaded = savefile.loads(savefile.dumps(game))
    assert loaded.state == game.state and loaded.variant.id == "global_diplomacy"
    assert str(loaded.state.units["233"]) == "F 233"
    loaded.set_orders("ENGLAND", ["MO 233 234"])
    loaded.process()
    assert str(loaded.state.phase) == "S1891M" and "234" in loaded.state.units


def test_victory_is_voted_and_the_centre_count_is_only_a_shortcut() -> None:
    """The rules' end is the voted turn or percentage (tests/variants/test_emg_victory_messages.py); the
    ``victory_centers`` option defaults to every centre of the map, a game master's shortcut."""
    variant = find_variant("global_diplomacy")
    assert variant.victory_centers == len(variant.board.supply_centers) == 105
    assert variant.winner(variant.initial_state()) is None
    specs = {s.name: s for s in variant.option_specs}
    assert specs["victory_vote"].default is True and (specs["victory_percent"].minimum,
                                                      specs["victory_percent"].maximum) == (300, 500)


def test_each_power_sees_its_areas_of_interest_and_the_public_no_unit() -> None:
    variant = find_variant("global_diplomacy")
    state = variant.initial_state()
    england = variant.view_for(state, "ENGLAND")
    assert "7" in england.units and "41" not in england.units  # London is England's; Lemberg far off
    assert variant.view_for(state, None) == state
    assert variant.view_for(state, "nobody").units == {}
