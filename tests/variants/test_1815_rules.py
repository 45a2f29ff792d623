"""1815's rules on a small board of our own in the map format (tests/data/variants/1815/test_board.json: the
provinces and borders the seed's examples name, two minor powers, a second red arrow). One or more tests per
rule line of the specification; the seed's worked examples also run from data on the game's map
(tests/data/variants/1815/cases.json, run by tests/variants/test_1815.py)."""
from __future__ import annotations

import json
from functools import cached_property
from pathlib import Path
from typing import Any, Mapping, Sequence

import pytest

from engine.game import Game
from engine.mapdata import MapData
from engine.order_marks import MarkKind, MarkStyle
from engine.orders import Hold, Move
from engine.phases import OrderResult, PhaseResult, Submission, process_phase
from engine.state import GameState
from engine.types import ChancelleryError, OrderError, Phase, PhaseType, Unit, UnitType
from engine.variants.base import PUBLIC_VIEW
from engine.variants.eighteen_fifteen import Europe1815
from engine.variants.eighteen_fifteen_rules.orders import Allocate, Convert, DenyPassage

BOARD = Path(__file__).resolve().parent.parent / "data" / "variants" / "1815" / "test_board.json"


class SmallBoard1815(Europe1815):
    """The 1815 rules on the test board."""

    id = "test-1815"

    @cached_property
    def board(self) -> MapData:
        return MapData.from_dict(json.loads(BOARD.read_text(encoding="utf-8")))


def variant(**options: Any) -> SmallBoard1815:
    return SmallBoard1815(options=options or None)


def position(v: Europe1815, units: Mapping[str, Sequence[str]], centers: Mapping[str, str] | None = None,
             phase: str = "S1815M") -> GameState:
    listed = [Unit(power, UnitType(text.split()[0]), text.split()[1]) for power, texts in units.items() for text in texts]
    return v.make_state(Phase.parse(phase), listed, dict(centers or {}))


def play(v: Europe1815, state: GameState, orders: Mapping[str, Sequence[str]]) -> PhaseResult:
    return process_phase(v, state, orders)


def result_of(result: PhaseResult, text: str) -> OrderResult:
    found = [r for r in result.results if r.order == text]
    assert len(found) == 1, (text, [r.order for r in result.results])
    return found[0]


def board_of(result: PhaseResult) -> set[str]:
    return {f"{u.power} {u}" for u in result.state.units.values()}


# --- R15-BLD-1: chaos builds -------------------------------------------------------------------------


def test_a_power_builds_in_any_empty_centre_it_owns() -> None:
    v = variant()
    state = position(v, {"FRANCE": ["A PAR"]}, {"PAR": "FRANCE", "BRE": "FRANCE", "BEL": "FRANCE", "IRE": "FRANCE"},
                     "W1815A")
    assert v.build_sites(state, "FRANCE") == {"BRE", "BEL", "IRE"}
    result = play(v, state, {"FRANCE": ["A BEL B", "F IRE B"]})
    assert {"FRANCE A BEL", "FRANCE F IRE"} <= board_of(result)
    assert "BEL" in v.legal_orders(state)["FRANCE"]


def test_no_build_in_a_centre_owned_by_another_power() -> None:
    v = variant()
    state = position(v, {"FRANCE": ["A PAR"]}, {"PAR": "FRANCE", "BRE": "FRANCE", "BEL": "BRITAIN"}, "W1815A")
    with pytest.raises(OrderError):
        v.validate(v.parse("A BEL B"), state, "FRANCE")


# --- R15-BLD-3..6, R15-ORD-8: Convert --------------------------------------------------------------------


def _winter(v: Europe1815) -> GameState:
    return position(v, {"BRITAIN": ["F HIN", "F LON", "A LVP"], "FRANCE": ["A PAR", "F BRE"]},
                    {"HIN": "BRITAIN", "LON": "BRITAIN", "LVP": "BRITAIN", "PAR": "FRANCE", "BRE": "FRANCE"},
                    "W1815A")


def test_convert_a_hindustan_replaces_the_fleet_by_an_army() -> None:
    v = variant()
    state = _winter(v)
    result = play(v, state, {"BRITAIN": ["Convert A Hindustan"]})
    r = result_of(result, "CONVERT A HIN")
    assert r.result == "succeeds" and r.outcome is not None and r.outcome.code == "converted"
    assert result.state.units["HIN"] == Unit("BRITAIN", UnitType.ARMY, "HIN")
    assert len(result.state.units) == len(state.units)


def test_an_adjustment_phase_is_held_for_a_conversion_alone() -> None:
    v = variant()
    fall = _winter(v).replace(phase=Phase.parse("F1815M"))
    assert not any(v.adjustment_delta(fall, p) for p in v.powers)
    result = play(v, fall, {})
    assert result.state.phase == Phase.parse("W1815A")
    assert "BRITAIN" in v.orderable_powers(result.state)


def test_convert_round_trips_and_is_offered() -> None:
    v = variant()
    state = _winter(v)
    order = v.validate(v.parse("CONVERT A HIN"), state, "BRITAIN")
    assert isinstance(order, Convert) and str(order) == "CONVERT A HIN"
    assert v.validate(v.parse(str(order)), state, "BRITAIN") == order
    offered = v.legal_orders(state)["BRITAIN"]
    assert order in offered["HIN"]
    assert Convert(Unit("BRITAIN", UnitType.ARMY, "LVP"), Unit("BRITAIN", UnitType.FLEET, "LVP")) in offered["LVP"]
    assert Convert(Unit("FRANCE", UnitType.ARMY, "PAR"), Unit("FRANCE", UnitType.FLEET, "PAR")) not in \
        v.legal_orders(state).get("FRANCE", {}).get("PAR", [])


@pytest.mark.parametrize("text, words", [
    ("CONVERT F HIN", "already a fleet"),
    ("CONVERT F PAR", "belongs to FRANCE"),
    ("CONVERT F BOM", "no unit in BOM"),
])
def test_convert_is_refused_when_it_exchanges_nothing_or_is_not_the_powers(text: str, words: str) -> None:
    v = variant()
    with pytest.raises(OrderError, match=words):
        v.validate(v.parse(text), _winter(v), "BRITAIN")


def test_convert_needs_a_home_centre_and_an_adjustment_phase() -> None:
    v = variant()
    state = position(v, {"BRITAIN": ["F IRE"]}, {"IRE": "BRITAIN"}, "W1815A")
    with pytest.raises(OrderError, match="not a home centre"):
        v.validate(v.parse("CONVERT A IRE"), state, "BRITAIN")
    with pytest.raises(OrderError, match="adjustment phase"):
        v.validate(v.parse("CONVERT A HIN"), _winter(v).replace(phase=Phase.parse("S1816M")), "BRITAIN")


def test_only_one_conversion_a_year() -> None:
    v = variant()
    state = _winter(v)
    game = Game(v, state)
    game.set_orders("BRITAIN", ["CONVERT A HIN", "CONVERT F LVP"])
    assert game.pending_orders("BRITAIN") == ["CONVERT F LVP"]  # one slot a year: the later one stands
    # Two at once (a contract request) : the first is carried out, the second refused.
    sub = Submission.from_orders(v, state, {"BRITAIN": [
        Convert(Unit("BRITAIN", UnitType.FLEET, "HIN"), Unit("BRITAIN", UnitType.ARMY, "HIN")),
        Convert(Unit("BRITAIN", UnitType.ARMY, "LVP"), Unit("BRITAIN", UnitType.FLEET, "LVP"))]})
    result = sub.process()
    assert [r.result for r in result.results if r.order.startswith("CONVERT")] == ["succeeds", "fails"]
    assert result.state.units["LVP"].type is UnitType.ARMY


def test_a_unit_removed_this_winter_is_not_converted() -> None:
    v = variant()
    state = _winter(v).replace(centers={"HIN": "BRITAIN", "LON": "BRITAIN", "PAR": "FRANCE", "BRE": "FRANCE"})
    result = play(v, state, {"BRITAIN": ["F HIN D", "CONVERT A HIN"]})
    assert result_of(result, "CONVERT A HIN").result == "fails"
    assert "HIN" not in result.state.units


# --- R15-UNI-2, R15-ADJ-2..4: the half-strength Cape passage -------------------------------------------


def test_seed_bombay_beats_the_fleet_from_the_atlantic() -> None:  # seed ¶3, first example
    v = variant()
    result = play(v, position(v, {"BRITAIN": ["F ATL"], "FRANCE": ["F BOM"]}),
                  {"BRITAIN": ["F ATL - SAS"], "FRANCE": ["F BOM - SAS"]})
    assert board_of(result) == {"BRITAIN F ATL", "FRANCE F SAS"}
    why = result_of(result, "F ATL - SAS").outcome
    assert why is not None and why.get("attack") == 0.5 and why.get("resist") == 1


def test_seed_a_supported_fleet_from_the_atlantic_arrives_with_one_and_a_half() -> None:  # seed ¶3
    v = variant()
    result = play(v, position(v, {"BRITAIN": ["F ATL", "F NAS"], "FRANCE": ["F BOM"]}),
                  {"BRITAIN": ["F ATL - SAS", "F NAS S F ATL - SAS"], "FRANCE": ["F BOM - SAS"]})
    assert board_of(result) == {"BRITAIN F SAS", "BRITAIN F NAS", "FRANCE F BOM"}


def test_the_half_strength_move_needs_more_than_a_holding_unit() -> None:
    v = variant()
    state = position(v, {"BRITAIN": ["F ATL", "F NAS"], "FRANCE": ["F SAS"]})
    alone = play(v, state, {"BRITAIN": ["F ATL - SAS"]})
    assert "FRANCE F SAS" in board_of(alone)
    supported = play(v, state, {"BRITAIN": ["F ATL - SAS", "F NAS S F ATL - SAS"]})
    assert "BRITAIN F SAS" in board_of(supported)  # 1.5 vs 1 dislodges
    assert supported.state.phase.type is PhaseType.RETREATS


def test_a_fleet_that_fails_to_round_africa_holds_with_full_strength() -> None:
    v = variant()
    state = position(v, {"BRITAIN": ["F ATL"], "FRANCE": ["F SAS", "F EAO"]})
    result = play(v, state, {"BRITAIN": ["F ATL - SAS"], "FRANCE": ["F EAO - ATL"]})
    assert board_of(result) == {"BRITAIN F ATL", "FRANCE F SAS", "FRANCE F EAO"}


def test_the_half_strength_move_cuts_support_by_default_and_not_under_the_option() -> None:
    units = {"BRITAIN": ["F ATL"], "FRANCE": ["F SAS", "F BOM"], "SWEDEN": ["F NAS"]}
    orders = {"BRITAIN": ["F ATL - SAS"], "FRANCE": ["F SAS S F BOM - NAS", "F BOM - NAS"]}
    cut = play(variant(), position(variant(), units), orders)
    assert "SWEDEN F NAS" in board_of(cut)  # 1 vs 1: the support was cut
    kept = play(variant(cape_cuts_support=False), position(variant(), units), orders)
    assert "FRANCE F NAS" in board_of(kept)


def test_the_half_strength_move_keeps_others_out_with_its_strength() -> None:
    v = variant()
    state = position(v, {"BRITAIN": ["F ATL"], "FRANCE": ["F BOM"], "SWEDEN": ["F NAS"]})
    bounce = {"BRITAIN": ["F ATL - SAS"], "FRANCE": ["F BOM - SAS"], "SWEDEN": ["F NAS - SAS"]}
    assert board_of(play(v, state, bounce)) == {"BRITAIN F ATL", "FRANCE F BOM", "SWEDEN F NAS"}
    supported = position(v, {"BRITAIN": ["F ATL", "F NAS"], "FRANCE": ["F BOM"]})
    result = play(v, supported, {"BRITAIN": ["F ATL - SAS", "F NAS S F ATL - SAS"], "FRANCE": ["F BOM - SAS"]})
    assert result_of(result, "F BOM - SAS").outcome.get("resist") == 1.5  # type: ignore[union-attr]


def test_supports_across_the_cape_passage_count_by_default_and_not_under_the_option() -> None:
    units = {"BRITAIN": ["F ATL", "F SAS"], "FRANCE": ["F EAO", "F NAO"]}
    orders = {"BRITAIN": ["F SAS S F ATL"], "FRANCE": ["F EAO - ATL", "F NAO S F EAO - ATL"]}
    v = variant()
    assert "BRITAIN F ATL" in board_of(play(v, position(v, units), orders))
    w = variant(cape_supports="none")
    assert "FRANCE F ATL" in board_of(play(w, position(w, units), orders))


def test_no_convoy_chain_runs_through_the_cape_passage() -> None:
    v = variant()
    state = position(v, {"BRITAIN": ["A BOM", "F SAS", "F ATL"]})
    result = play(v, state, {"BRITAIN": ["A BOM - SPA", "F SAS C A BOM - SPA", "F ATL C A BOM - SPA"]})
    assert "BRITAIN A BOM" in board_of(result)


def test_the_half_strength_move_is_drawn_apart() -> None:
    v = variant()
    [mark] = v.order_marks(Move(Unit("BRITAIN", UnitType.FLEET, "ATL"), "SAS"))
    assert mark.kind is MarkKind.MOVE and mark.style is MarkStyle.HALF_STRENGTH


# --- R15-UNI-3, R15-ORD-3..7, R15-ADJ-5..10, R15-SEC-1..3: red arrows -------------------------------------


def _arrow(orders: Mapping[str, Sequence[str]], units: Mapping[str, Sequence[str]], **options: Any) -> PhaseResult:
    v = variant(**options)
    return play(v, position(v, units), orders)


def test_seed_example_1_a_denied_move_is_invalid_and_the_fleet_still_supports() -> None:
    result = _arrow({"BRITAIN": ["A SCO - IRE"],
                     "FRANCE": ["F IRS S F ENG - EAO", "F ENG - EAO", "DENY A SCO"]},
                    {"BRITAIN": ["A SCO"], "FRANCE": ["F IRS", "F ENG"]})
    assert board_of(result) == {"BRITAIN A SCO", "FRANCE F IRS", "FRANCE F EAO"}
    move = result_of(result, "A SCO - IRE")
    assert move.result == "fails" and move.outcome is not None and move.outcome.code == "denied_passage"
    assert result_of(result, "DENY A SCO BY F IRS").outcome.code == "deny_blocked"  # type: ignore[union-attr]


def test_seed_example_2_an_unused_denial_is_never_revealed() -> None:
    v = variant()
    state = position(v, {"BRITAIN": ["A SCO"], "FRANCE": ["F IRS"]})
    result = play(v, state, {"BRITAIN": ["A SCO H"], "FRANCE": ["F IRS H", "DENY A SCO"]})
    assert result_of(result, "DENY A SCO BY F IRS").outcome.code == "deny_unused"  # type: ignore[union-attr]
    for viewer in ("BRITAIN", "SWEDEN", PUBLIC_VIEW):
        assert not any(r.order.startswith("DENY") for r in v.results_for(state, result.results, viewer))
    assert any(r.order.startswith("DENY") for r in v.results_for(state, result.results, "FRANCE"))
    assert any(r.order.startswith("DENY") for r in v.results_for(state, result.results, None))


def test_seed_example_3_a_fleet_that_moves_cannot_deny_and_the_attempt_is_revealed() -> None:
    v = variant()
    state = position(v, {"BRITAIN": ["A SCO", "F LON"], "FRANCE": ["F IRS"]})
    result = play(v, state, {"BRITAIN": ["A SCO - IRE", "F LON - EAO"], "FRANCE": ["F IRS - EAO", "DENY A SCO"]})
    assert board_of(result) == {"BRITAIN A IRE", "BRITAIN F LON", "FRANCE F IRS"}
    denial = result_of(result, "DENY A SCO BY F IRS")
    assert denial.result == "fails" and denial.outcome.code == "deny_void_moved"  # type: ignore[union-attr]
    assert any(r.order.startswith("DENY") for r in v.results_for(state, result.results, "BRITAIN"))


def test_seed_example_4_a_friendly_fleet_supports_across_its_own_arrow() -> None:
    for kind in ("A", "F"):
        result = _arrow({"SWEDEN": [f"F IRS S {kind} SCO - IRE"], "BRITAIN": [f"{kind} SCO - IRE"],
                         "FRANCE": ["F IRE H"]},
                        {"SWEDEN": ["F IRS"], "BRITAIN": [f"{kind} SCO"], "FRANCE": ["F IRE"]})
        assert f"BRITAIN {kind} IRE" in board_of(result)
        assert result.state.phase.type is PhaseType.RETREATS


def test_seed_example_5_a_dislodged_fleet_cannot_deny_and_the_attempt_is_revealed() -> None:
    v = variant()
    state = position(v, {"BRITAIN": ["A SCO", "F LON", "F LVP"], "FRANCE": ["F IRS"]})
    result = play(v, state, {"BRITAIN": ["A SCO - IRE", "F LON - IRS", "F LVP S F LON - IRS"],
                             "FRANCE": ["F IRS H", "DENY A SCO"]})
    assert {"BRITAIN A IRE", "BRITAIN F IRS", "BRITAIN F LVP"} <= board_of(result)
    assert result_of(result, "DENY A SCO BY F IRS").outcome.code == "deny_void_dislodged"  # type: ignore[union-attr]
    assert any(r.order.startswith("DENY") for r in v.results_for(state, result.results, PUBLIC_VIEW))


def test_seed_example_6_the_denial_is_checked_first_so_nothing_moves() -> None:
    result = _arrow({"BRITAIN": ["A SCO - IRE", "F NAO S A SCO - IRE", "F LON - IRS", "F LVP S F LON - IRS"],
                     "FRANCE": ["F IRS S F IRE", "F IRE S F IRS", "DENY A SCO"]},
                    {"BRITAIN": ["A SCO", "F NAO", "F LON", "F LVP"], "FRANCE": ["F IRS", "F IRE"]})
    assert board_of(result) == {"BRITAIN A SCO", "BRITAIN F NAO", "BRITAIN F LON", "BRITAIN F LVP",
                                "FRANCE F IRS", "FRANCE F IRE"}


def test_without_a_denial_the_red_arrow_is_an_ordinary_border() -> None:
    result = _arrow({"BRITAIN": ["A SCO - IRE"], "FRANCE": ["F IRS H"]}, {"BRITAIN": ["A SCO"], "FRANCE": ["F IRS"]})
    assert "BRITAIN A IRE" in board_of(result)


def test_a_denied_support_across_the_arrow_gives_nothing() -> None:
    units = {"BRITAIN": ["A SCO", "F NAO"], "FRANCE": ["F IRS", "F IRE"]}
    orders = {"BRITAIN": ["A SCO S F NAO - IRE", "F NAO - IRE"], "FRANCE": ["F IRS H", "F IRE H"]}
    assert "BRITAIN F IRE" in board_of(_arrow(orders, units))
    denied = _arrow({**orders, "FRANCE": ["F IRS H", "F IRE H", "DENY A SCO"]}, units)
    assert "FRANCE F IRE" in board_of(denied)
    assert result_of(denied, "A SCO S F NAO - IRE").outcome.code == "denied_passage"  # type: ignore[union-attr]


def test_a_denied_move_does_not_cut_support() -> None:
    units = {"BRITAIN": ["A SCO"], "FRANCE": ["F IRS", "F IRE", "F NAO"], "SWEDEN": ["F EAO"]}
    orders = {"BRITAIN": ["A SCO - IRE"], "FRANCE": ["F IRS H", "F IRE S F NAO", "F NAO H", "DENY A SCO"],
              "SWEDEN": ["F EAO - NAO"]}
    result = _arrow(orders, units)
    assert result_of(result, "F IRE S F NAO").result == "succeeds"


def test_a_convoying_fleet_still_denies() -> None:
    units = {"BRITAIN": ["A SCO", "A LVP"], "FRANCE": ["F IRS"]}
    result = _arrow({"BRITAIN": ["A SCO - IRE", "A LVP - IRE"],
                     "FRANCE": ["F IRS C A LVP - IRE", "DENY A SCO"]}, units)
    assert "BRITAIN A SCO" in board_of(result) and "BRITAIN A IRE" in board_of(result)
    assert result_of(result, "DENY A SCO BY F IRS").outcome.code == "deny_blocked"  # type: ignore[union-attr]


def test_the_paradox_reading_once_or_recheck() -> None:
    """A5: the denial lapses because the first adjudication dislodges the Swedish fleet; with the French move
    valid, it cuts the support that dislodged it. "once" (the seed's one check) keeps the second
    adjudication; "recheck" sees the fleet standing after all and keeps the denial (the first one)."""
    units = {"FRANCE": ["A SCO"], "BRITAIN": ["F LON", "F IRE"], "SWEDEN": ["F IRS"]}
    orders = {"FRANCE": ["A SCO - IRE"], "BRITAIN": ["F LON - IRS", "F IRE S F LON - IRS"],
              "SWEDEN": ["F IRS H", "DENY A SCO"]}
    once = _arrow(orders, units)
    assert board_of(once) == {"FRANCE A SCO", "BRITAIN F LON", "BRITAIN F IRE", "SWEDEN F IRS"}
    assert result_of(once, "F IRE S F LON - IRS").result == "fails"
    assert result_of(once, "DENY A SCO BY F IRS").outcome.code == "deny_void_dislodged"  # type: ignore[union-attr]
    recheck = _arrow(orders, units, red_arrow_check="recheck")
    assert board_of(recheck) == {"FRANCE A SCO", "BRITAIN F IRS", "BRITAIN F IRE"}
    assert result_of(recheck, "A SCO - IRE").outcome.code == "denied_passage"  # type: ignore[union-attr]


def test_denial_orders_are_checked() -> None:
    v = variant()
    state = position(v, {"BRITAIN": ["A SCO", "F LON"], "FRANCE": ["F IRS", "F ENG"], "SWEDEN": ["A SPA"]})
    order = v.validate(v.parse("France: DENY A Scotland"), state, "FRANCE")
    assert order == DenyPassage("FRANCE", Unit("FRANCE", UnitType.FLEET, "IRS"), Unit("BRITAIN", UnitType.ARMY, "SCO"))
    assert v.validate(v.parse(str(order)), state, "FRANCE") == order
    with pytest.raises(OrderError, match="no fleet"):
        v.validate(v.parse("DENY A SCO"), state, "BRITAIN")
    with pytest.raises(OrderError, match="no red arrow"):
        v.validate(v.parse("DENY F LON"), state, "FRANCE")
    with pytest.raises(OrderError, match="no fleet"):
        v.validate(v.parse("DENY A SPA"), state, "FRANCE")  # nobody in the western Mediterranean
    with pytest.raises(OrderError, match="movement phases"):
        v.validate(v.parse("DENY A SCO"), state.replace(phase=Phase.parse("W1815A")), "FRANCE")


def test_denials_are_offered_only_with_a_fleet_in_the_intervening_sea() -> None:
    v = variant()
    state = position(v, {"BRITAIN": ["A SCO", "F ENG"], "FRANCE": ["F IRS", "A IRE"]})
    options = v.legal_orders(state)
    assert DenyPassage("FRANCE", Unit("FRANCE", UnitType.FLEET, "IRS"), Unit("BRITAIN", UnitType.ARMY, "SCO")) \
        in options["FRANCE"]["IRS"]
    assert not any(isinstance(o, DenyPassage) for per in options["BRITAIN"].values() for o in per)


def test_red_arrow_orders_are_drawn_red() -> None:
    v = variant()
    sco = Unit("BRITAIN", UnitType.ARMY, "SCO")
    [move] = v.order_marks(Move(sco, "IRE"))
    assert move.style is MarkStyle.RED_ARROW
    [hold] = v.order_marks(Hold(sco))
    assert hold.style is MarkStyle.NORMAL


def test_a_retreat_may_cross_a_red_arrow() -> None:
    v = variant()
    state = position(v, {"BRITAIN": ["A SCO"], "FRANCE": ["A LVP", "F NTH", "F NAO"]})
    result = play(v, state, {"FRANCE": ["A LVP - SCO", "F NTH S A LVP - SCO", "F NAO H"]})
    [dislodged] = result.state.dislodged.values()
    assert "IRE" in dislodged.retreats


# --- R15-DP-*: Diplomacy Points -----------------------------------------------------------------------


def _minors(v: Europe1815, **extra: Sequence[str]) -> GameState:
    units = {"BRITAIN": ["F NTH", "F LON"], "FRANCE": ["A BEL", "A PAR"], "SWEDEN": ["F STO"],
             "DENMARK": ["A DEN"], "HOLLAND": ["F HOL"], **extra}
    centers = {"LON": "BRITAIN", "LVP": "BRITAIN", "HIN": "BRITAIN", "PAR": "FRANCE", "BRE": "FRANCE",
               "STO": "SWEDEN", "DEN": "DENMARK", "HOL": "HOLLAND"}
    return position(v, units, centers)


def test_points_are_one_per_centre_up_to_the_cap() -> None:
    v = variant()
    state = _minors(v)
    assert [v.diplomacy_points(state, p) for p in ("BRITAIN", "FRANCE", "SWEDEN", "DENMARK")] == [3, 2, 1, 0]
    assert variant(dp_cap=2).diplomacy_points(state, "BRITAIN") == 2


def test_minor_units_hold_without_points_and_need_a_supported_attack() -> None:
    v = variant()
    result = play(v, _minors(v), {"FRANCE": ["A BEL - HOL"]})
    assert "HOLLAND F HOL" in board_of(result)
    assert "DENMARK" not in v.orderable_powers(_minors(v)) and "HOLLAND" not in v.powers


def test_the_highest_allocation_is_followed() -> None:
    v = variant()
    state = _minors(v)
    result = play(v, state, {"FRANCE": ["A BEL - HOL", "DP 2 A DEN S A BEL - HOL"],
                             "BRITAIN": ["DP 1 A DEN H"]})
    assert "FRANCE A HOL" in board_of(result)
    assert result_of(result, "DP 2 A DEN S A BEL - HOL").outcome.code == "dp_followed"  # type: ignore[union-attr]
    assert result_of(result, "DP 1 A DEN H").outcome.code == "dp_outbid"  # type: ignore[union-attr]
    assert "HOLLAND" not in {u.power for u in result.state.units.values()}  # dislodged: disbanded
    assert result.state.phase == Phase.parse("F1815M")  # no retreat for a minor unit


def test_allocations_for_the_same_order_add_up() -> None:
    v = variant()
    result = play(v, _minors(v), {"FRANCE": ["A BEL - HOL", "DP 1 A DEN S A BEL - HOL"],
                                  "SWEDEN": ["DP 1 A DEN S A BEL - HOL"], "BRITAIN": ["DP 1 A DEN H"]})
    assert "FRANCE A HOL" in board_of(result)


def test_tied_allocations_leave_the_unit_holding() -> None:
    v = variant()
    result = play(v, _minors(v), {"FRANCE": ["A BEL - HOL", "DP 2 A DEN S A BEL - HOL"],
                                  "BRITAIN": ["DP 2 A DEN S F HOL"]})
    assert "HOLLAND F HOL" in board_of(result)
    assert result_of(result, "DP 2 A DEN S F HOL").outcome.code == "dp_tie"  # type: ignore[union-attr]


def test_overspending_forfeits_every_allocation_of_the_turn() -> None:
    v = variant()
    result = play(v, _minors(v), {"FRANCE": ["A BEL - HOL", "DP 2 A DEN S A BEL - HOL", "DP 1 F HOL H"]})
    assert "HOLLAND F HOL" in board_of(result)
    for text in ("DP 2 A DEN S A BEL - HOL", "DP 1 F HOL H"):
        r = result_of(result, text)
        assert r.result == "fails" and r.outcome.code == "dp_forfeited"  # type: ignore[union-attr]


def test_minor_units_hold_or_support_unless_the_option_lets_them_move() -> None:
    v = variant()
    state = _minors(v)
    with pytest.raises(OrderError, match="hold or support"):
        v.validate(v.parse("DP 1 A DEN - HOL"), state, "FRANCE")
    with pytest.raises(OrderError, match="minor power"):
        v.validate(v.parse("DP 1 A PAR H"), state, "BRITAIN")
    w = variant(dp_orders="move")
    order = w.validate(w.parse("DP 1 A DEN - STO"), state, "FRANCE")
    assert isinstance(order, Allocate) and str(order) == "DP 1 A DEN - STO"
    result = play(w, state, {"FRANCE": ["DP 1 A DEN - STO"], "SWEDEN": ["F STO - NTH"], "BRITAIN": ["F NTH - SCO"]})
    assert "DENMARK A STO" in board_of(result)
    minor = result_of(result, "A DEN - STO")  # the minor unit's line is the order it followed
    assert minor.result == "succeeds" and minor.default and minor.reason == "by Diplomacy Points: moves"


def test_allocations_are_secret() -> None:
    v = variant()
    state = _minors(v)
    result = play(v, state, {"FRANCE": ["A BEL - HOL", "DP 2 A DEN S A BEL - HOL"]})
    for viewer in ("BRITAIN", PUBLIC_VIEW):
        assert not any(r.order.startswith("DP") for r in v.results_for(state, result.results, viewer))
    assert any(r.order.startswith("DP") for r in v.results_for(state, result.results, "FRANCE"))
    bad = play(v, state, {"FRANCE": ["DP 2 A XYZ H"]})
    assert not any("DP" in r.order for r in v.results_for(state, bad.results, "BRITAIN"))


def test_a_minor_unit_comes_back_after_fall_when_no_great_power_took_its_centre() -> None:
    v = variant()
    spring = play(v, _minors(v), {"FRANCE": ["A BEL - HOL", "DP 2 A DEN S A BEL - HOL"]})
    assert "HOLLAND F HOL" not in board_of(spring)
    fall = play(v, spring.state, {"FRANCE": ["A HOL - BEL"]})
    assert "HOLLAND F HOL" in board_of(fall)
    stay = play(v, spring.state, {"FRANCE": ["A HOL H"]})
    assert "HOLLAND F HOL" not in board_of(stay) and stay.state.centers["HOL"] == "FRANCE"


# --- R15-VIC-*: victory and draws ----------------------------------------------------------------------


def test_victory_needs_to_be_alone_in_first_place() -> None:
    v = variant()  # the test board: 5 centres win
    five = {c: "BRITAIN" for c in ("LON", "LVP", "HIN", "BOM", "IRE")}
    assert v.winner(position(v, {}, five)) == "BRITAIN"
    tie = {**five, **{c: "FRANCE" for c in ("PAR", "BRE", "BEL", "SPA", "MOR")}}
    assert v.winner(position(v, {}, tie)) is None
    assert v.winner(position(v, {}, {c: "BRITAIN" for c in ("LON", "LVP", "HIN", "BOM")})) is None


def test_dias_needs_every_survivor() -> None:
    v = variant(draw_centres=8)
    state = position(v, {"BRITAIN": ["F LON"], "FRANCE": ["A PAR"], "SWEDEN": ["F STO"]},
                     {"LON": "BRITAIN", "PAR": "FRANCE", "STO": "SWEDEN"})
    game = Game(v, state)
    game.vote_draw("BRITAIN")
    game.vote_draw("FRANCE")
    assert not game.drawn
    game.vote_draw("SWEDEN")
    assert game.drawn


def test_a_partial_draw_passes_when_the_yes_voters_hold_enough_centres() -> None:
    v = variant(draw_centres=4)
    centres = {"LON": "BRITAIN", "LVP": "BRITAIN", "HIN": "BRITAIN", "PAR": "FRANCE", "STO": "SWEDEN"}
    state = position(v, {"BRITAIN": ["F LON"], "FRANCE": ["A PAR"], "SWEDEN": ["F STO"]}, centres)
    assert v.draw_passes(state, frozenset({"BRITAIN", "FRANCE"}), frozenset(v.powers) - {"DENMARK"})
    assert not v.draw_passes(state, frozenset({"FRANCE", "SWEDEN"}), frozenset({"BRITAIN", "FRANCE", "SWEDEN"}))
    game = Game(v, state)
    game.vote_draw("BRITAIN")
    assert not game.drawn
    game.vote_draw("FRANCE")
    assert game.drawn


def test_the_default_partial_draw_threshold_is_50_centres_or_fewer_on_a_small_board() -> None:
    v = variant()
    spec = {s.name: s for s in v.option_specs}
    assert spec["draw_centres"].default == len(v.board.supply_centers)  # 12 centres here: all of them
    assert spec["dp_cap"].default == 4 and spec["cape_supports"].default == "full"
    with pytest.raises(ChancelleryError):
        variant(red_arrow_check="sometimes")
