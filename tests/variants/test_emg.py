"""EMG rules (Global Diplomacy / Age of Discovery): the worked examples and rule cases as data, and the rules
that a single adjudication can't show (relations over turns, calls to arms, ownership, fog of war)."""
from __future__ import annotations

from typing import Any

import pytest

import conformance
import emg_examples  # noqa: F401  (registers the examples board)

SUITE = conformance.load(conformance.DATA / "variants" / "emg_examples" / "cases.json")


@pytest.mark.parametrize("case", conformance.params(SUITE), ids=conformance.ids(SUITE))
def test_case(case: dict[str, Any]) -> None:
    conformance.check(case)


# --- rules over several turns and what a single adjudication can't show ---------------------------------------

from engine.game import Game  # noqa: E402
from engine.orders import Move  # noqa: E402
from engine.phases import process_phase  # noqa: E402
from engine.state import GameState  # noqa: E402
from engine.types import Unit, UnitType  # noqa: E402
from engine.variants import find_variant  # noqa: E402
from engine.variants.emg.orders import SupportAttack  # noqa: E402
from engine.variants.emg.turn import owners, penalty, victory_points  # noqa: E402

RESERVES = {"ENGLAND": {"REE": "ENGLAND", "REF": "ENGLAND"}, "FRANCE": {"RFG": "FRANCE", "RFH": "FRANCE"},
            "GERMANY": {"RGI": "GERMANY", "RGJ": "GERMANY"}, "SPAIN": {"RSS": "SPAIN", "RST": "SPAIN"},
            "AUSTRIA": {"RAA": "AUSTRIA", "RAB": "AUSTRIA"}}


def _state(units: dict[str, list[str]], phase: str = "F1901M", centers: dict[str, str] | None = None,
           **extra: Any) -> GameState:
    variant = find_variant("emg_examples")
    placed = [Unit(p, UnitType(t.split()[0]), t.split()[1]) for p, ts in units.items() for t in ts]
    given = {c: p for r in RESERVES.values() for c, p in r.items()}
    given.update(centers or {})
    return variant.make_state(variant.board.start_phase.__class__(phase) if False else __import__(
        "engine.types", fromlist=["Phase"]).Phase.parse(phase), placed, given, extra={k: v for k, v in extra.items() if v})


def _play(state: GameState, orders: dict[str, list[str]]) -> tuple[GameState, dict[str, str]]:
    result = process_phase(find_variant("emg_examples"), state, orders)
    return result.state, {r.order: r.result for r in result.results}


def test_land_stays_owned_when_empty_and_seas_are_held_only_while_occupied() -> None:
    state = _state({"AUSTRIA": ["C BOH"], "ENGLAND": ["F CHA"]}, owned={"BOH": "AUSTRIA"})
    after, _ = _play(state, {"AUSTRIA": ["MO 41 42"], "ENGLAND": ["MO 233 234"]})
    assert owners(after)["SIL"] == "AUSTRIA" and owners(after)["BOH"] == "AUSTRIA"  # RG-MAP-8/9
    assert "CHA" not in owners(after) and "DOV" not in owners(after)  # RG-MAP-6/11: seas are never owned


def test_a_tie_leaves_a_neutral_area_neutral_and_an_owned_one_with_its_owner() -> None:
    state = _state({"AUSTRIA": ["C BOH"], "GERMANY": ["C SAX"]}, owned={"BOH": "AUSTRIA", "SAX": "GERMANY"})
    after, _ = _play(state, {"AUSTRIA": ["MO 41 42"], "GERMANY": ["MO 29 42"]})
    assert "SIL" not in owners(after)  # RG-CON-5


def test_an_alliance_ends_by_one_side_and_war_needs_a_turn_of_neutrality() -> None:
    state = _state({"FRANCE": ["A BEL"]}, owned={"BEL": "FRANCE", "HOL": "GERMANY"},
                   relations={"FRANCE GERMANY": "ally"})
    after, results = _play(state, {"FRANCE": ["DN GERMANY"]})
    assert results["DN GERMANY"] == "succeeds" and "relations" not in after.extra  # RG-REL-5: one DN ends it
    after, results = _play(after, {"FRANCE": ["DW GERMANY", "MO 20 19"]})
    assert results["DW GERMANY"] == "succeeds" and after.extra["relations"] == {"FRANCE GERMANY": "war"}
    assert owners(after)["HOL"] == "FRANCE"  # RG-REL-6: declared and attacked in one turn
    after, results = _play(after, {"FRANCE": ["DN GERMANY"]})
    assert after.extra["relations"] == {"FRANCE GERMANY": "war"}  # RG-REL-5: a war ends only by both sides' DN
    after, results = _play(after, {"FRANCE": ["DN GERMANY"], "GERMANY": ["DN FRANCE"]})
    assert "relations" not in after.extra


def test_war_declared_on_an_ally_unit_standing_in_ones_area_gives_the_area_to_its_owner() -> None:
    """RG-REL-14: a unit inside another power's area when war is declared takes that area."""
    state = _state({"ENGLAND": ["A PIC"]}, owned={"PIC": "FRANCE"})
    after, results = _play(state, {"ENGLAND": ["DW FRANCE"]})
    assert results["DW FRANCE"] == "succeeds" and owners(after)["PIC"] == "ENGLAND"


def test_an_ignored_call_to_arms_breaks_the_alliance_and_costs_victory_points_for_four_turns() -> None:
    state = _state({"SPAIN": ["C GAL"], "ENGLAND": ["A LON"], "FRANCE": ["A PAR"]},
                   centers={"LON": "ENGLAND", "PAR": "FRANCE"},
                   relations={"ENGLAND FRANCE": "ally", "FRANCE SPAIN": "war"})
    after, results = _play(state, {"FRANCE": ["CA 3 10"]})
    assert results["CA ENGLAND SPAIN"] == "succeeds" and penalty(after, "ENGLAND") == 0
    after, _ = _play(after, {})  # England neither declares war on Spain nor anything else (A15: next turn)
    assert after.extra["relations"] == {"FRANCE SPAIN": "war"}  # the alliance with the caller is broken
    seen = [penalty(after, "ENGLAND")]
    for _ in range(4):
        after, _ = _play(after, {})
        seen.append(penalty(after, "ENGLAND"))
    assert seen == [0.20, 0.15, 0.10, 0.05, 0.0]  # RG-REL-10
    board = find_variant("emg_examples").board
    plain = victory_points(board, state, "ENGLAND")
    assert victory_points(board, state.replace(extra=dict(state.extra, penalty={"ENGLAND": 0})), "ENGLAND") \
        == pytest.approx(plain * 0.8)  # RG-VIC-5: 400 with 20% is 320


def test_an_answered_call_to_arms_costs_nothing() -> None:
    state = _state({"SPAIN": ["C GAL"], "ENGLAND": ["A LON"], "FRANCE": ["A PAR"]},
                   centers={"LON": "ENGLAND", "PAR": "FRANCE"},
                   relations={"ENGLAND FRANCE": "ally", "FRANCE SPAIN": "war"})
    after, _ = _play(state, {"FRANCE": ["CA 3 10"]})
    after, results = _play(after, {"ENGLAND": ["DW SPAIN"]})
    assert results["DW SPAIN"] == "succeeds" and penalty(after, "ENGLAND") == 0.0
    assert after.extra["relations"]["ENGLAND FRANCE"] == "ally"


def test_victory_points_count_areas_centres_and_capitals() -> None:
    """RG-VIC-3: each area 1, a 1-point centre +1, a 2-point centre +2, a capital +5."""
    board = find_variant("emg_examples").board
    state = _state({"FRANCE": ["F BIS"]}, centers={"PAR": "FRANCE", "LUX": "FRANCE"}, owned={"BUR": "FRANCE"})
    expected = 6 + (2 + 1 + 2 + 2)  # PAR, LUX, BUR, two reserves and the sea BIS held; the centres' points
    assert victory_points(board, state, "FRANCE") == expected
    assert victory_points(board, state, "FRANCE", capitals={"PAR": "FRANCE"}) == expected + 5


def test_a_new_unit_is_immobile_in_its_first_turn() -> None:
    """RG-UNI-9: a unit added this turn has no command of its own: a move from its area is refused."""
    state = _state({}, centers={"ART": "FRANCE"})
    after, results = _play(state, {"FRANCE": ["AA 16", "MO 16 17"]})
    assert results["AA ART"] == "succeeds" and results["MO 16 17"] == "invalid"
    assert after.units["ART"] == Unit("FRANCE", UnitType.ARMY, "ART")


def test_the_upkeep_forces_removals_when_no_downgrade_is_possible() -> None:
    """RG-ORD-14: a one-point unit beyond supply is removed by force (FRU) and reported."""
    state = _state({"USA": ["C VER"]})
    result = process_phase(find_variant("emg_examples"), state, {})
    assert "VER" not in result.state.units
    assert any(r.order == "FRU VER" and r.default for r in result.results)


def test_commands_read_back_from_their_canonical_texts() -> None:
    variant = find_variant("emg_examples")
    state = _state({"ENGLAND": ["A ART", "S CHA"], "FRANCE": ["A PIC"]}, centers={"LUX": "FRANCE"})
    for power, text in (("ENGLAND", "SA 233 17"), ("ENGLAND", "SA English Channel Picardy 4"), ("ENGLAND", "SD 233 16"),
                        ("ENGLAND", "GA 4 16 17"), ("ENGLAND", "GA France all"), ("ENGLAND", "DA 4"),
                        ("ENGLAND", "CA 4 10"), ("FRANCE", "AC 32"), ("FRANCE", "RU 17"), ("FRANCE", "DU 17"),
                        ("ENGLAND", "MO 16 17")):
        order = variant.validate(variant.parse(text), state, power)
        assert variant.validate(variant.parse(str(order)), state, power) == order, text
    order = variant.validate(variant.parse("SA 233 17 4"), state, "ENGLAND")
    assert order == SupportAttack(Unit("ENGLAND", UnitType.SQUADRON, "CHA"), "PIC", "FRANCE")
    assert variant.validate(variant.parse("MO 16 17"), state, "ENGLAND") == Move(Unit("ENGLAND", UnitType.ARMY, "ART"), "PIC")


def test_every_form_of_a_grant_of_all_areas_is_one_order() -> None:
    """7.11 (G-E29): ``GA 3 all``, ``GA 3 0`` and ``GA 3`` grant every area; ``GA 3 16 17`` those two."""
    variant = find_variant("emg_examples")
    state = _state({"FRANCE": ["A PAR"]})
    forms = {str(variant.validate(variant.parse(t), state, "FRANCE")) for t in ("GA 3 all", "GA 3 0", "GA 3",
                                                                             "GA England")}
    assert forms == {"GA ENGLAND ALL"}
    assert str(variant.validate(variant.parse("GA 3 16 17"), state, "FRANCE")) == "GA ENGLAND ART PIC"


@pytest.mark.parametrize("text,why", [("MO 16 20", "can.t reach"), ("SD 233 21", "can.t reach"), ("SD 16 233", "can.t reach"),
                                      ("AA 17", "not a supply centre"), ("UU 16", "two points"), ("DW 3", "itself")])
def test_bad_commands_are_refused_with_a_reason(text: str, why: str) -> None:
    from engine.types import OrderError

    variant = find_variant("emg_examples")
    state = _state({"ENGLAND": ["A ART", "S CHA"]})
    with pytest.raises(OrderError, match=why):
        variant.validate(variant.parse(text), state, "ENGLAND")


def test_fog_of_war_shows_own_areas_and_their_neighbours_only() -> None:
    variant = find_variant("emg_examples")
    state = _state({"ENGLAND": ["A ART"], "FRANCE": ["A PIC"], "USA": ["C VER"], "GERMANY": ["C SAX"]},
                   owned={"SAX": "GERMANY"})
    view = variant.view_for(state, "ENGLAND")
    assert set(view.units) == {"ART", "PIC"}  # its unit and the neighbour's, not Mexico's or Saxony's
    assert "SAX" not in view.extra.get("owned", {})
    assert variant.view_for(state, None) is state
    result = process_phase(variant, state, {"USA": ["MO 139 143"], "ENGLAND": ["MO 16 17"]})
    seen = variant.results_for(state, result.results, "ENGLAND")
    assert all(r.power != "USA" for r in seen) and any(r.power == "ENGLAND" for r in seen)
    sees = variant.sight(state, "ENGLAND")
    assert sees is not None and not sees(Unit("USA", UnitType.CORPS, "VER")) and sees(Unit("FRANCE", UnitType.ARMY, "PIC"))


def test_a_game_of_the_examples_board_plays_turn_after_turn_without_other_phases() -> None:
    game = Game.new(find_variant("emg_examples"))
    for _ in range(3):
        game.process()
    assert game.state.phase.type.name == "MOVEMENT" and str(game.state.phase) == "F1902M"


def test_spies_show_their_areas_in_the_turns_view_only() -> None:
    """RG-ORD-19: up to six spies a turn, to any areas; the report of that turn shows them."""
    from engine.types import OrderError

    variant = find_variant("emg_examples")
    state = _state({"ENGLAND": ["A LON"], "USA": ["C VER"]}, centers={"MEX": "USA"})
    assert "VER" not in variant.view_for(state, "ENGLAND").units
    with pytest.raises(OrderError, match="at most 6 spies"):
        variant.validate(variant.parse("SP 3 7 11 12 14 16 17"),
                         state, "ENGLAND")
    after, results = _play(state, {"ENGLAND": ["SP 139 MEX"]})
    assert results["SP VER MEX"] == "succeeds"
    assert after.extra["spied"] == {"ENGLAND": ["MEX", "VER"]}
    view = variant.view_for(after, "ENGLAND")
    assert view.units["VER"] == Unit("USA", UnitType.CORPS, "VER")
    assert variant.view_for(after, "FRANCE").extra.get("spied") is None  # nobody else learns where they went
    later, _ = _play(after, {})
    assert "VER" not in variant.view_for(later, "ENGLAND").units  # for that turn only


def test_results_never_name_a_unit_the_viewer_cannot_see() -> None:
    """Per-viewer outcomes: England's bounce in Paris was made by a corps in Burgundy that England can't see;
    England's reason names no such unit and shows no strengths, France's does."""
    variant = find_variant("emg_examples")
    state = _state({"ENGLAND": ["A KEN"], "FRANCE": ["A PAR", "C BUR"]}, centers={"PAR": "FRANCE"},
                   owned={"KEN": "ENGLAND", "BUR": "FRANCE"}, relations={"ENGLAND FRANCE": "war"})
    assert "BUR" not in variant.view_for(state, "ENGLAND").units
    result = process_phase(variant, state, {"ENGLAND": ["MO 14 18"], "FRANCE": ["SD 21 18"]})
    everyone = next(r for r in result.results if r.order == "A KEN - PAR")
    assert "BUR" in str(everyone.outcome) or "3" in everyone.reason
    english = next(r for r in variant.results_for(state, result.results, "ENGLAND") if r.order == "A KEN - PAR")
    assert english.result == "fails" and "BUR" not in english.reason and "3" not in english.reason
    assert all(r.power == "ENGLAND" or r.typed is None or "BUR" not in str(r.typed)
               for r in variant.results_for(state, result.results, "ENGLAND"))


def test_the_turn_envelope_is_read_as_the_rules_show_it() -> None:
    """9.0 (G-E32): EMGSTART, account, game, commands, EMGEND; spacing and indentation don't matter."""
    from engine.types import ChancelleryError
    from engine.variants.emg.envelope import Envelope, read_envelope

    mail = "Subject: EMGTURN\n\n\tEMGSTART   \n\t  ABC1234 \n\t  GD001 \n\t    MO 1  45 \n\t    DW 3 \n\tEMGEND\n-- \nme"
    assert read_envelope(mail) == Envelope("ABC1234", "GD001", ("MO 1 45", "DW 3"), start=3, account_line=4,
                                           game_line=5, command_lines=(6, 7))
    again = mail + "\nEMGSTART\nABC1234\nGD001\nDA 3\nEMGEND\n"
    assert read_envelope(again).commands == ("DA 3",)  # the last set replaces the earlier one
    for broken, why in (("MO 1 45", "no EMGSTART"), ("EMGSTART\nABC\nGD1\nMO 1 45", "no EMGEND"),
                        ("EMGSTART\nABC\nEMGEND", "account id and the game id")):
        with pytest.raises(ChancelleryError, match=why):
            read_envelope(broken)
