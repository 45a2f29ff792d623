"""Colonial's railway and canal in the Qt-free controllers: click entry, the draft, review and wording."""
from __future__ import annotations

from app.controllers.describe import hover_lines, order_line
from app.controllers.drafts import OrderDraft, order_key
from app.controllers.order_entry import Click, EntryOptions, OrderEntry, Step
from app.controllers.review import review
from app.controllers.text_orders import read_order_text
from engine.contract import state_from_request
from engine.game import Game

ROUTE = {"MOS", "PRM", "OMS", "KRA", "IRK", "VLA"}


def colonial(units: dict[str, list[str]]) -> Game:
    game = Game.new("colonial")
    _, state = state_from_request({"variant": "colonial", "phase": "S1870M", "units": units})
    game.replace_state(state)
    return game


def entry_for(game: Game, powers: list[str]) -> tuple[OrderEntry, OrderDraft]:
    draft = OrderDraft(powers)
    return OrderEntry(EntryOptions.from_game(game, powers), draft), draft


# --- the Trans-Siberian Railroad --------------------------------------------------------------------


def test_a_russian_army_on_the_line_lights_walks_and_rides_apart() -> None:
    entry, _ = entry_for(Game.new("colonial"), ["RUSSIA"])
    entry.click(Click("MOS"))
    assert entry.step is Step.UNIT
    assert entry.highlights == {"BAK", "BOK", "ODE", "ORE", "PRM"}  # where it can walk, lit as usual
    assert entry.railway_highlights == ROUTE - {"MOS"}  # where it can ride, lit in the railway style
    assert "T" in entry.available_kinds()
    assert "Trans-Siberian Railroad" in entry.prompt and "T by railway" in entry.prompt


def test_clicking_a_place_it_can_only_ride_to_orders_the_ride() -> None:
    entry, draft = entry_for(Game.new("colonial"), ["RUSSIA"])
    entry.click(Click("MOS"))
    entry.click(Click("VLA"))
    assert draft.lines("RUSSIA") == ["A MOS - VLA VIA TSR"]
    assert entry.step is Step.IDLE and not entry.highlights and not entry.railway_highlights


def test_a_place_it_can_walk_and_ride_to_is_a_walk_unless_t_is_pressed() -> None:
    entry, draft = entry_for(Game.new("colonial"), ["RUSSIA"])
    entry.click(Click("MOS"))
    entry.click(Click("PRM"))
    assert draft.lines("RUSSIA") == ["A MOS - PRM"]
    entry.click(Click("MOS"))
    entry.key("t")
    assert entry.stage == "rail"
    assert entry.highlights == set() and entry.railway_highlights == ROUTE - {"MOS"}
    entry.click(Click("PRM"))
    assert draft.lines("RUSSIA") == ["A MOS - PRM VIA TSR"]  # the new order replaces the walk


def test_railway_mode_refuses_places_off_the_line_and_m_goes_back_to_walking() -> None:
    entry, draft = entry_for(Game.new("colonial"), ["RUSSIA"])
    entry.click(Click("OMS"))
    entry.key("T")
    entry.click(Click("AKM"))  # a walk, not a ride
    assert draft.lines("RUSSIA") == [] and "can't go to" in entry.prompt
    entry.key("M")
    assert entry.step is Step.UNIT and "AKM" in entry.highlights
    entry.click(Click("KRA"))
    assert draft.lines("RUSSIA") == ["A OMS - KRA"]


def test_units_that_cannot_ride_light_no_railway() -> None:
    game = colonial({"RUSSIA": ["F ODE", "A ORE"], "CHINA": ["A KRA"]})
    entry, _ = entry_for(game, ["RUSSIA", "CHINA"])
    for prov in ("ODE", "ORE", "KRA"):  # a fleet, an army off the line, a foreign army on it
        entry.click(Click(prov))
        assert entry.selected == prov and entry.railway_highlights == set()
        assert "T" not in entry.available_kinds()
        entry.cancel()
    entry.click(Click("KRA"))
    entry.key("T")
    assert entry.step is Step.UNIT and "can't ride" in entry.prompt


def test_the_standard_game_is_untouched() -> None:
    entry, _ = entry_for(Game.new(), ["FRANCE"])
    entry.click(Click("PAR"))
    assert entry.highlights == {"BUR", "GAS", "PIC", "BRE"} and entry.railway_highlights == set()
    assert entry.available_kinds() == ["M", "H", "S"]


def test_railway_rides_are_not_offered_as_moves_by_convoy() -> None:
    entry, _ = entry_for(Game.new("colonial"), ["RUSSIA"])
    entry.click(Click("VLA"))
    entry.key("V")
    assert "has no move by convoy" in entry.prompt
    assert entry.step is Step.UNIT and entry.railway_highlights == ROUTE - {"VLA"}


def test_supports_of_a_ride_are_entered_like_any_support() -> None:
    entry, draft = entry_for(Game.new("colonial"), ["RUSSIA"])
    entry.click(Click("OMS"))
    entry.key("S")
    assert entry.railway_highlights == set()
    entry.click(Click("VLA"))
    assert "PRM" in entry.highlights  # A VLA may ride to Perm, which Omsk borders
    entry.click(Click("PRM"))
    assert draft.lines("RUSSIA") == ["A OMS S A VLA - PRM"]


def test_review_knows_a_ride_needs_no_convoy_and_only_one_army_rides() -> None:
    game = Game.new("colonial")
    entry, draft = entry_for(game, ["RUSSIA"])
    entry.click(Click("MOS"))
    entry.click(Click("VLA"))
    result = review(game, "RUSSIA", draft.orders("RUSSIA"))
    assert not any("convoy" in w for w in result.warnings)
    entry.click(Click("OMS"))
    entry.click(Click("IRK"))
    result = review(game, "RUSSIA", draft.orders("RUSSIA"))
    assert any(w.startswith("Only one army may ride the railway a turn: A MOS - VLA VIA TSR does; "
                            "A OMS - IRK VIA TSR will be refused") for w in result.warnings)


# --- the Suez Canal ------------------------------------------------------------------------------


SUEZ_UNITS = {"BRITAIN": ["A EGY"], "TURKEY": ["F MED"], "FRANCE": ["F RED"]}


def test_egypts_unit_offers_the_passage_of_each_fleet_that_could_use_it() -> None:
    entry, draft = entry_for(colonial(SUEZ_UNITS), ["BRITAIN"])
    entry.click(Click("EGY"))
    assert "G" in entry.available_kinds() and entry.kind_label("G") == "Grant Suez passage"
    entry.key("G")
    assert entry.step is Step.QUESTION and entry.question is not None
    assert [c.label for c in entry.question.choices] == ["Grant Suez passage to F MED (to RED)",
                                                         "Grant Suez passage to F RED (to MED)"]
    entry.choose("1")
    assert draft.lines("BRITAIN") == ["SUEZ F MED - RED"]
    # The permission is a side order: the unit is still selected and takes its own order beside it.
    assert entry.step is Step.UNIT and entry.selected == "EGY" and entry.prompt.startswith("Granted: SUEZ F MED - RED")
    entry.key("H")
    assert draft.lines("BRITAIN") == ["SUEZ F MED - RED", "A EGY H"]


def test_a_granted_passage_can_be_withdrawn_and_the_unit_keeps_its_order() -> None:
    entry, draft = entry_for(colonial(SUEZ_UNITS), ["BRITAIN"])
    entry.click(Click("EGY"))
    entry.key("G")
    entry.choose("2")
    entry.click(Click("SYR"))
    assert draft.lines("BRITAIN") == ["SUEZ F RED - MED", "A EGY - SYR"]
    entry.click(Click("EGY"))
    entry.key("G")
    assert entry.question is not None
    assert [c.label for c in entry.question.choices] == ["Grant Suez passage to F MED (to RED)",
                                                         "Withdraw the passage of F RED"]
    entry.choose("2")
    assert draft.lines("BRITAIN") == ["A EGY - SYR"]
    assert "Withdrawn: SUEZ F RED - MED" in entry.prompt and "A EGY keeps A EGY - SYR" in entry.prompt
    draft.undo()
    assert draft.lines("BRITAIN") == ["SUEZ F RED - MED", "A EGY - SYR"]


def test_a_single_fleet_is_let_through_at_once() -> None:
    entry, draft = entry_for(colonial({"BRITAIN": ["F EGY"], "TURKEY": ["F MED"]}), ["BRITAIN"])
    entry.click(Click("EGY"))
    entry.key("G")
    assert entry.question is None
    assert draft.lines("BRITAIN") == ["SUEZ F MED - RED"]
    entry.key("G")  # again: now the menu, to withdraw it
    assert entry.question is not None and [c.label for c in entry.question.choices] == ["Withdraw the passage of F MED"]


def test_no_passage_is_offered_without_a_fleet_at_the_canal_or_away_from_egypt() -> None:
    entry, _ = entry_for(colonial({"BRITAIN": ["A EGY", "F RED"], "TURKEY": ["A SYR"]}), ["BRITAIN", "TURKEY"])
    entry.click(Click("SYR"))
    assert "G" not in entry.available_kinds()
    entry.key("G")
    assert "can't open the Suez Canal" in entry.prompt
    entry.cancel()
    entry.click(Click("EGY"))
    entry.key("G")  # only F RED could pass (to MED): granted directly
    assert entry.draft.lines("BRITAIN") == ["SUEZ F RED - MED"]


def test_the_draft_keeps_a_permission_beside_the_units_orders() -> None:
    game = colonial(SUEZ_UNITS)
    draft = OrderDraft(["BRITAIN"])
    outcomes = read_order_text(game, "SUEZ F MED - RED\nA EGY H\nPERMIT F MED", ["BRITAIN"], "BRITAIN")
    assert all(o.ok for o in outcomes), [o.error for o in outcomes]
    draft.merge("BRITAIN", [o.order for o in outcomes if o.order is not None], "typed")
    assert draft.lines("BRITAIN") == ["A EGY H", "SUEZ F MED - RED"]  # the same permission twice is one
    permission = draft.orders("BRITAIN")[1]
    assert order_key(permission) == "SUEZ MED"  # one permission per fleet, beside the units' orders
    result = review(game, "BRITAIN", draft.orders("BRITAIN"))
    assert result.guidance == "1 of 1 unit ordered" and result.warnings == ()


def test_wording_of_the_order_list_and_the_hover_card() -> None:
    game = colonial({"BRITAIN": ["A EGY"], "TURKEY": ["F MED"], "RUSSIA": ["A MOS"]})
    entry, draft = entry_for(game, ["BRITAIN", "RUSSIA"])
    entry.click(Click("MOS"))
    entry.click(Click("KRA"))
    entry.click(Click("EGY"))
    entry.key("G")
    assert [order_line(o, game.variant) for _p, o in draft.all_orders()] == [
        "SUEZ F MED - RED   (Suez passage granted)", "A MOS - KRA VIA TSR   (by railway)"]
    board = game.variant.board
    assert ("Trans-Siberian Railroad (MOS – PRM – OMS – KRA – IRK – VLA): one Russian army a turn rides it"
            in hover_lines(board, game.state, "KRA"))
    assert "Suez Canal: the unit here lets fleets pass between MED and RED" in hover_lines(board, game.state, "EGY")
    assert "Suez Canal to RED: open only with leave of the unit in EGY" in hover_lines(board, game.state, "MED")
    standard = Game.new()
    assert not any("Railroad" in line or "Suez" in line for line in hover_lines(standard.variant.board, standard.state, "MOS"))
