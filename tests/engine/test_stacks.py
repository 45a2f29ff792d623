"""Stacked units: several units in one province through positions, save files, the contract and retreats.

The engine keeps each province's occupant in ``GameState.units`` and every other unit in
``GameState.stacked``; a variant says which kinds stack (``Variant.stacking_types``). A test variant with
World Diplomacy-style militia exercises the general machinery; Engineered's engineers, prisons and decoys
exercise it with the attributes they carry.
"""
from __future__ import annotations

import json
from typing import ClassVar

import pytest

import engine
from engine import savefile
from engine.contract import state_from_request
from engine.game import Game
from engine.phases import Submission
from engine.state import Dislodged, GameState, StackedUnit
from engine.types import ChancelleryError, Phase, RequestError, SaveFileError, Unit, UnitType
from engine.variants import VARIANTS, Variant, find_variant
from engine.variants.engineered import Engineered
from engine.variants.engineered_rules.stacks import decoy_provinces, dislodged_decoy_provinces

A, F, M = UnitType.ARMY, UnitType.FLEET, UnitType.MILITIA
E, P, D = UnitType.ENGINEER, UnitType.PRISON, UnitType.DECOY


class MilitiaStandard(Variant):
    """The standard map where militia (M) stand beside an army or fleet without occupying (World-style)."""

    id: ClassVar[str] = "test-militia"
    name: ClassVar[str] = "Standard with militia (tests)"
    aliases: ClassVar[tuple[str, ...]] = ()
    unit_types: ClassVar[tuple[UnitType, ...]] = (A, F, M)
    stacking_types: ClassVar[frozenset[UnitType]] = frozenset({M})


@pytest.fixture
def militia(monkeypatch: pytest.MonkeyPatch) -> Variant:
    monkeypatch.setitem(VARIANTS, MilitiaStandard.id, MilitiaStandard)
    return find_variant(MilitiaStandard.id)


# --- no unit is ever dropped ------------------------------------------------------------------------------


def test_a_second_occupant_is_an_error_naming_the_province() -> None:
    units = [Unit("FRANCE", A, "BUR"), Unit("GERMANY", A, "BUR")]
    with pytest.raises(ChancelleryError, match="two units in BUR"):
        GameState.build("standard", "S1901M", units, {})
    with pytest.raises(ChancelleryError, match="two units in STP"):
        find_variant("standard").make_state(Phase.parse("S1901M"), [Unit("RUSSIA", F, "STP/NC"),
                                                                    Unit("RUSSIA", A, "STP")], {})
    with pytest.raises(RequestError, match="two units in BUR") as err:
        state_from_request({"phase": "S1901M", "units": {"FRANCE": ["A BUR"], "GERMANY": ["A BUR"]}})
    assert err.value.field == "units"


def test_a_unit_dislodged_twice_is_an_error_and_two_dislodged_units_in_one_province_are_both_kept() -> None:
    french, german = Unit("FRANCE", A, "BUR"), Unit("GERMANY", A, "BUR")
    with pytest.raises(ChancelleryError, match="dislodged twice"):
        GameState.build("standard", "S1901R", [], {}, [Dislodged(french, "PAR"), Dislodged(french, "MAR")])
    state = GameState.build("standard", "S1901R", [], {}, [Dislodged(french, "PAR"), Dislodged(german, "MUN")])
    assert set(state.dislodged) == {french, german}
    with pytest.raises(RequestError, match="dislodged twice"):
        state_from_request({"phase": "S1901R", "units": {},
                            "dislodged": {"FRANCE": [{"unit": "A BUR", "attacker": "PAR"},
                                                     {"unit": "A BUR", "attacker": "MAR"}]}})


def test_a_save_file_with_two_occupants_in_a_province_is_refused_not_trimmed() -> None:
    data = json.loads(savefile.dumps(Game.new()))
    data["state"]["units"].append(["GERMANY", "A", "PAR"])
    with pytest.raises(SaveFileError, match="two units in PAR"):
        savefile.game_from_dict(data)


def test_stacked_kinds_stand_beside_the_occupant(militia: Variant) -> None:
    units = [Unit("FRANCE", A, "PAR"), Unit("FRANCE", M, "PAR"), Unit("GERMANY", M, "MUN")]
    state = militia.make_state(Phase.parse("S1901M"), units, {})
    assert dict(state.units) == {"PAR": Unit("FRANCE", A, "PAR")}
    assert state.stacked == (StackedUnit("FRANCE", M, "PAR"), StackedUnit("GERMANY", M, "MUN"))
    assert state.stacked_in("PAR") == [StackedUnit("FRANCE", M, "PAR")]
    assert sorted(militia.all_units(state)) == sorted(units)
    # Militia never occupy: a centre under a lone militia isn't taken, nor counted as a unit for builds.
    assert militia.adjustment_delta(state.replace(centers={"PAR": "FRANCE", "MAR": "FRANCE"}), "FRANCE") == 1


# --- round trips --------------------------------------------------------------------------------------------


def test_a_stack_survives_build_save_load_and_the_contract(militia: Variant) -> None:
    units = [Unit("FRANCE", A, "PAR"), Unit("FRANCE", M, "PAR"), Unit("GERMANY", M, "PAR"),
             Unit("GERMANY", F, "KIE"), Unit("GERMANY", M, "KIE")]
    state = militia.make_state(Phase.parse("S1901M"), units, {"PAR": "FRANCE", "KIE": "GERMANY"})
    game = Game(militia, state)
    text = savefile.dumps(game)
    stored = json.loads(text)["state"]
    assert stored["stacked"] == [{"unit": ["FRANCE", "M", "PAR"]}, {"unit": ["GERMANY", "M", "KIE"]},
                                 {"unit": ["GERMANY", "M", "PAR"]}]
    loaded = savefile.loads(text)
    assert loaded.state == state and savefile.dumps(loaded) == text
    # The contract reads the stack from unit lists and answers with every unit.
    request = {"variant": militia.id, "phase": "S1901M",
               "units": {"FRANCE": ["A PAR", "M PAR"], "GERMANY": ["M PAR", "F KIE", "M KIE"]},
               "centers": {"FRANCE": ["PAR"], "GERMANY": ["KIE"]},
               "orders": {"FRANCE": ["A PAR - BUR"]}}
    _, from_request = state_from_request(request)
    assert from_request == state
    response = engine.adjudicate(request)
    assert response["units"] == {"FRANCE": ["A BUR", "M PAR"], "GERMANY": ["F KIE", "M KIE", "M PAR"]}


def test_an_engineered_stack_keeps_its_prisons_origin_through_save_load_and_the_contract() -> None:
    variant = find_variant("engineered", {"level": "complex"})
    assert isinstance(variant, Engineered)
    request = {"variant": "engineered", "options": {"level": "complex"}, "phase": "F1902M",
               "units": {"RUSSIA": ["A MOS", "E MOS", "D MOS"], "TURKEY": ["A SEV", "E ANK"]},
               # The contract reads a prison's former owner from the stored form of stacked units.
               "extra": {"stacked": [{"power": "TURKEY", "kind": "P", "loc": "SEV", "from": "RUSSIA"}]}}
    _, state = state_from_request(request)
    assert dict(state.units) == {"MOS": Unit("RUSSIA", A, "MOS"), "SEV": Unit("TURKEY", A, "SEV")}
    assert state.stacked == (StackedUnit("RUSSIA", D, "MOS", mimic=A), StackedUnit("RUSSIA", E, "MOS"),
                             StackedUnit("TURKEY", E, "ANK"), StackedUnit("TURKEY", P, "SEV", origin="RUSSIA"))
    assert "stacked" not in state.extra
    text = savefile.dumps(Game(variant, state))
    assert savefile.loads(text).state == state
    response = engine.adjudicate(request | {"orders": {"RUSSIA": ["A MOS H"]}})
    # A decoy beside its twin at the end of the fall is disbanded (rule 8b); the rest stands.
    assert response["units"] == {"RUSSIA": ["A MOS", "E MOS"], "TURKEY": ["E ANK", "A SEV", "P SEV"]}


def test_a_version_1_engineered_position_migrates_its_stacks_and_decoy_marks_out_of_extra() -> None:
    old = {"phase": "F1902R", "units": [["TURKEY", "A", "SEV"], ["RUSSIA", "A", "UKR"]], "centers": {},
           "dislodged": [{"unit": ["RUSSIA", "F", "BLA"], "attacker": "ANK", "via_convoy": False, "retreats": []}],
           "contested": [],
           "extra": {"stacked": [{"power": "TURKEY", "kind": "P", "loc": "SEV", "from": "RUSSIA"},
                                 {"power": "TURKEY", "kind": "D", "loc": "SEV", "as": "A"}],
                     "decoys": ["UKR"], "dislodged_decoys": ["BLA"], "missed": {"RUSSIA": 1}}}
    state = savefile.state_from_dict("engineered", old, version=1)
    assert state.stacked == (StackedUnit("TURKEY", D, "SEV", mimic=A),
                             StackedUnit("TURKEY", P, "SEV", origin="RUSSIA"))
    assert dict(state.disguised) == {Unit("RUSSIA", A, "UKR"): D, Unit("RUSSIA", F, "BLA"): D}
    assert decoy_provinces(state) == {"UKR"} and dislodged_decoy_provinces(state) == {"BLA"}
    assert dict(state.extra) == {"missed": {"RUSSIA": 1}}
    stored = savefile.state_to_dict(state)
    assert stored["disguised"] == [{"unit": ["RUSSIA", "F", "BLA"], "is": "D"}, {"unit": ["RUSSIA", "A", "UKR"], "is": "D"}]
    assert savefile.state_from_dict("engineered", stored) == state
    old["extra"]["decoys"] = ["MOS"]
    with pytest.raises(SaveFileError, match="decoy mark on a province where no unit stands"):
        savefile.state_from_dict("engineered", old, version=1)


def test_a_disguised_unit_must_be_on_the_board() -> None:
    with pytest.raises(ChancelleryError, match="A MOS of RUSSIA is marked as disguised but is not on the board"):
        GameState.build("engineered", "S1902M", [Unit("RUSSIA", A, "UKR")], {}, disguised={Unit("RUSSIA", A, "MOS"): D})


# --- retreats are keyed by unit -----------------------------------------------------------------------------


def _two_dislodged_in_burgundy() -> tuple[Variant, GameState]:
    """French and German armies (allies sharing an area, as in EMG) both dislodged from Burgundy."""
    return state_from_request({
        "phase": "F1901R", "units": {"ENGLAND": ["A BUR"]},
        "dislodged": {"FRANCE": [{"unit": "A BUR", "attacker": "PIC"}],
                      "GERMANY": [{"unit": "A BUR", "attacker": "PIC"}]}})


def test_two_units_dislodged_from_one_province_each_retreat_by_their_own_order() -> None:
    variant, state = _two_dislodged_in_burgundy()
    french, german = Unit("FRANCE", A, "BUR"), Unit("GERMANY", A, "BUR")
    assert set(state.dislodged) == {french, german}
    assert "PAR" in state.dislodged[french].retreats and "PIC" not in state.dislodged[french].retreats
    assert variant.legal_orders(state).keys() == {"FRANCE", "GERMANY"}
    result = Submission.from_texts(variant, state, {"FRANCE": ["A BUR - PAR"], "GERMANY": ["A BUR - MUN"]}).process()
    assert [(r.power, r.order, r.result) for r in result.results] == [
        ("FRANCE", "A BUR R PAR", "succeeds"), ("GERMANY", "A BUR R MUN", "succeeds")]
    assert result.state.units["PAR"] == Unit("FRANCE", A, "PAR") and result.state.units["MUN"] == Unit("GERMANY", A, "MUN")


def test_two_units_from_one_province_retreating_to_the_same_place_bounce_and_an_unordered_one_disbands() -> None:
    variant, state = _two_dislodged_in_burgundy()
    result = Submission.from_texts(variant, state, {"FRANCE": ["A BUR - MAR"], "GERMANY": ["A BUR - MAR"]}).process()
    assert [(r.power, r.result, r.reason) for r in result.results] == [
        ("FRANCE", "fails", "retreat bounced with A BUR: disbanded"),
        ("GERMANY", "fails", "retreat bounced with A BUR: disbanded")]
    assert "MAR" not in result.state.units
    result = Submission.from_texts(variant, state, {"GERMANY": ["A BUR - MUN"]}).process()
    assert [(r.power, r.order, r.result, r.default) for r in result.results] == [
        ("GERMANY", "A BUR R MUN", "succeeds", False), ("FRANCE", "A BUR D", "succeeds", True)]
    response = engine.adjudicate({"phase": "F1901R", "units": {"ENGLAND": ["A BUR"]},
                                  "dislodged": {"FRANCE": [{"unit": "A BUR", "attacker": "PIC"}],
                                                "GERMANY": [{"unit": "A BUR", "attacker": "PIC"}]},
                                  "orders": {"GERMANY": ["A BUR - MUN"]}})
    assert response["units"] == {"ENGLAND": ["A BUR"], "GERMANY": ["A MUN"]}


def test_a_dislodged_unit_keeps_its_own_retreats_through_a_save() -> None:
    variant, state = _two_dislodged_in_burgundy()
    loaded = savefile.loads(savefile.dumps(Game(variant, state))).state
    assert loaded.dislodged == state.dislodged


def test_network_positions_list_stacked_units_and_hide_another_powers_decoy() -> None:
    from engine.net.views import position_to_wire

    variant, state = state_from_request({"variant": "engineered", "phase": "S1902M",
                                         "units": {"RUSSIA": ["A MOS", "E MOS", "D MOS"], "TURKEY": ["A SEV"]}})
    own = position_to_wire(variant.view_for(state, "RUSSIA"), variant)
    other = position_to_wire(variant.view_for(state, "TURKEY"), variant)
    assert own["units"]["RUSSIA"] == ["A MOS", "D MOS", "E MOS"]
    assert other["units"]["RUSSIA"] == ["A MOS", "E MOS"]
