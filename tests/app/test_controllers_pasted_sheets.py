"""Order sheets typed or pasted into the game master's box and a hot-seat power's box: a unit ordered twice in
one sheet is refused naming both lines, never settled by silently keeping the later order."""
from __future__ import annotations

import pytest

from app.controllers.gm import GameMaster
from app.controllers.hotseat import HotSeatFlow, Stage
from app.controllers.text_orders import enter_text_orders
from engine.game import Game


def test_a_colonial_unit_ordered_twice_in_a_pasted_sheet_is_refused_naming_both_lines() -> None:
    gm = GameMaster(Game.new("colonial"))
    read = gm.enter_text("BRITAIN\nF HON - SCS\nCHINA\nA PEK - MON\nA CAN H\nA PEK - SHA\nA CAN H\n")
    assert gm.draft.lines("BRITAIN") == ["F HON - SCS"]
    assert gm.draft.lines("CHINA") == ["A CAN H"]  # the same order written twice is one order
    refused = {o.number: o.error for o in read.outcomes if not o.ok}
    assert set(refused) == {4, 6}
    assert refused[4] == "clashes with line 6 (A PEK - SHA): only one can stand, keep one"
    assert refused[6] == "clashes with line 4 (A PEK - MON): only one can stand, keep one"


def test_two_builds_on_one_site_clash_and_waives_stand_side_by_side() -> None:
    game = Game.new("1815")
    gm = GameMaster(game)
    gm.enter_text("FRANCE\nA PAR - BUR\nF BRE - ENG\n")
    gm.adjudicate()
    gm.enter_text("FRANCE\nA BUR - BEL\n")
    gm.adjudicate()
    assert game.state.phase.type.value == "A" and game.variant.adjustment_delta(game.state, "FRANCE") > 0
    read = gm.enter_text("FRANCE\nA BRE B\nF BRE B\nWAIVE\nWAIVE\n")
    assert [o.number for o in read.outcomes if not o.ok] == [2, 3]
    assert "clashes with line 3 (F BRE B)" in (read.outcomes[0].error or "")
    assert gm.draft.lines("FRANCE") == ["WAIVE", "WAIVE"]


@pytest.mark.parametrize("variant, power, first, second", [
    ("engineered", "FRANCE", "A PAR - BUR", "A PAR - PIC"),
    ("1815", "FRANCE", "A PAR - BUR", "A PAR H"),
])
def test_a_hot_seat_power_pasting_two_orders_for_one_unit_keeps_neither(variant: str, power: str, first: str,
                                                                         second: str) -> None:
    flow = HotSeatFlow(Game.new(variant), [power])
    flow.start()
    assert flow.stage is Stage.ENTRY and flow.draft is not None
    read = enter_text_orders(flow.draft, flow.game, f"{first}\n{second}\n", [power], power)
    assert flow.draft.lines(power) == []
    assert [o.error for o in read.outcomes] == [
        f"clashes with line 2 ({second}): only one can stand, keep one",
        f"clashes with line 1 ({first}): only one can stand, keep one"]


def test_typed_builds_and_removals_beyond_what_is_owed_are_warned_of() -> None:
    from app.controllers.review import review
    from engine.contract import state_from_request

    game = Game.new("colonial")
    _, state = state_from_request({"variant": "colonial", "phase": "W1870A",
                                   "units": {"BRITAIN": ["F SIN"], "CHINA": ["A PEK", "A SHA", "A CAN"]},
                                   "centers": {"BRITAIN": ["SIN", "DEL", "BOM"], "CHINA": ["PEK"]}})
    game.replace_state(state)
    gm = GameMaster(game)
    gm.enter_text("BRITAIN\nA DEL B\nF BOM B\nWAIVE\nCHINA\nA PEK D\nA SHA D\nA CAN D\n")
    britain = review(game, "BRITAIN", gm.draft.orders("BRITAIN"))
    assert britain.warnings == ("3 builds and waives ordered, 2 allowed: the last 1 in the list will fail "
                                "(no builds left)",)
    china = review(game, "CHINA", gm.draft.orders("CHINA"))
    assert china.warnings == ("3 removals ordered, 2 owed: the last 1 in the list will fail (too many removals)",)
    game.set_orders("BRITAIN", gm.draft.lines("BRITAIN"), ready=True)
    game.set_orders("CHINA", gm.draft.lines("CHINA"), ready=True)
    results = {r.order: r.result for r in game.process().results}
    assert results["WAIVE"] == "fails" and results["A CAN D"] == "fails"  # as warned: the last in each list


def test_a_line_for_no_unit_says_so_rather_than_asking_whose_it_is() -> None:
    gm = GameMaster(Game.new("colonial"))
    read = gm.enter_text("A MON - PEK\nWAIVE\nA PEK - MON\n")
    assert [o.error for o in read.outcomes] == [
        "no unit at MON",  # every power would be told the same
        "builds are only ordered in the adjustment phase", None]
    read = gm.enter_text("F HON - CAN\n")  # a unit that is there: not everyone would be told the same
    assert read.outcomes[0].ok


def test_a_line_each_power_would_refuse_differently_still_asks_whose_it_is() -> None:
    from engine.contract import state_from_request

    game = Game.new()
    _, state = state_from_request({"phase": "W1901A", "units": {"FRANCE": ["A PAR"], "GERMANY": ["A BER"]},
                                   "centers": {"FRANCE": ["PAR", "BRE", "MAR"], "GERMANY": ["BER", "MUN", "KIE"]}})
    game.replace_state(state)
    read = GameMaster(game).enter_text("A BUR B\n")
    assert read.outcomes[0].error == "which power? start the line with the power's name (\"France: ...\")"
