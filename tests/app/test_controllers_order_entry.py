"""The click-entry state machine, driven with fake click events (no Qt)."""
from __future__ import annotations

import pytest

from app.controllers.drafts import OrderDraft
from app.controllers.order_entry import Click, EntryOptions, OrderEntry, Step
from engine.contract import state_from_request
from engine.game import Game


def entry_for(game: Game, powers: list[str]) -> tuple[OrderEntry, OrderDraft]:
    draft = OrderDraft(powers)
    return OrderEntry(EntryOptions.from_game(game, powers), draft), draft


def position(phase: str, units: dict[str, list[str]], centers: dict[str, list[str]] | None = None) -> Game:
    game = Game.new("standard")
    _, state = state_from_request({"phase": phase, "units": units,
                                   "centers": centers or {p: [] for p in units}})
    game.replace_state(state)
    return game


def test_selecting_a_unit_lights_its_legal_destinations_and_a_lit_click_moves() -> None:
    entry, draft = entry_for(Game.new(), ["FRANCE"])
    entry.click(Click("PAR"))
    assert entry.step is Step.UNIT and entry.selected == "PAR"
    assert entry.highlights == {"BUR", "GAS", "PIC", "BRE"}
    entry.click(Click("BUR"))
    assert draft.lines("FRANCE") == ["A PAR - BUR"]
    assert entry.step is Step.IDLE and not entry.highlights


def test_clicking_an_unlit_province_does_not_order_and_says_why() -> None:
    entry, draft = entry_for(Game.new(), ["FRANCE"])
    entry.click(Click("PAR"))
    entry.click(Click("MUN"))
    assert draft.lines("FRANCE") == []
    assert "can't go to Munich" in entry.prompt
    assert entry.selected == "PAR"


def test_foreign_units_and_empty_provinces_cannot_be_selected() -> None:
    entry, _ = entry_for(Game.new(), ["FRANCE"])
    entry.click(Click("MUN"))
    assert entry.step is Step.IDLE and "nothing you can order" in entry.prompt
    entry.click(Click(None))
    assert entry.step is Step.IDLE


def test_hold_by_key_and_by_clicking_the_unit_again() -> None:
    entry, draft = entry_for(Game.new(), ["FRANCE"])
    entry.click(Click("PAR"))
    entry.key("h")
    entry.click(Click("MAR"))
    entry.click(Click("MAR"))
    assert draft.lines("FRANCE") == ["A PAR H", "A MAR H"]


def test_support_move_unit_then_s_then_supported_then_destination() -> None:
    entry, draft = entry_for(Game.new(), ["FRANCE"])
    entry.click(Click("MAR"))
    entry.key("S")
    assert entry.stage == "support_target"
    assert "PAR" in entry.highlights and "MUN" in entry.highlights  # may support a foreign army into BUR
    entry.click(Click("PAR"))
    assert entry.stage == "support_dest" and entry.highlights == {"BUR", "GAS"}
    entry.click(Click("BUR"))
    assert draft.lines("FRANCE") == ["A MAR S A PAR - BUR"]


def test_support_hold_by_clicking_the_supported_units_own_province() -> None:
    entry, draft = entry_for(Game.new(), ["ENGLAND"])
    entry.click(Click("LVP"))
    entry.key("S")
    entry.click(Click("EDI"))
    assert "EDI" in entry.highlights
    entry.click(Click("EDI"))
    assert draft.lines("ENGLAND") == ["A LVP S F EDI"]


def test_convoy_fleet_then_c_then_army_then_destination() -> None:
    game = position("S1901M", {"ENGLAND": ["F NTH", "A YOR"]})
    entry, draft = entry_for(game, ["ENGLAND"])
    entry.click(Click("NTH"))
    entry.key("C")
    assert entry.stage == "convoy_army" and entry.highlights == {"YOR"}
    entry.click(Click("YOR"))
    assert entry.stage == "convoy_dest" and {"NWY", "BEL", "HOL", "DEN"} <= entry.highlights
    entry.click(Click("NWY"))
    assert draft.lines("ENGLAND") == ["F NTH C A YOR - NWY"]


def test_move_via_convoy_marks_an_adjacent_destination_as_by_convoy() -> None:
    game = position("S1901M", {"FRANCE": ["A BRE", "F ENG"]})
    entry, draft = entry_for(game, ["FRANCE"])
    entry.click(Click("BRE"))
    entry.key("V")
    assert entry.stage == "via" and "PIC" in entry.highlights and "LON" in entry.highlights
    entry.click(Click("PIC"))
    assert draft.lines("FRANCE") == ["A BRE - PIC VIA"]
    entry.click(Click("BRE"))
    entry.click(Click("LON"))  # not adjacent: a plain click is a move by convoy
    assert draft.lines("FRANCE")[-1] == "A BRE - LON"


def test_coast_asked_only_when_two_coasts_are_legal() -> None:
    game = position("S1901M", {"FRANCE": ["F MAO", "F GAS"]})
    entry, draft = entry_for(game, ["FRANCE"])
    entry.click(Click("GAS"))
    entry.click(Click("SPA"))  # only the north coast touches Gascony: inferred
    assert draft.lines("FRANCE") == ["F GAS - SPA/NC"]
    entry.click(Click("MAO"))
    entry.click(Click("SPA"))
    assert entry.step is Step.QUESTION and entry.question is not None
    assert [c.key for c in entry.question.choices] == ["N", "S"]
    entry.choose("S")
    assert draft.lines("FRANCE")[-1] == "F MAO - SPA/SC"
    assert entry.question is None and entry.step is Step.IDLE


def test_escape_and_right_click_cancel_without_ordering() -> None:
    entry, draft = entry_for(Game.new(), ["FRANCE"])
    entry.click(Click("PAR"))
    entry.key("Escape")
    assert entry.step is Step.IDLE and entry.selected is None and not entry.highlights
    entry.click(Click("MAR"))
    entry.key("S")
    entry.click(Click("BUR", "right"))
    assert entry.step is Step.IDLE and draft.lines("FRANCE") == []


def test_a_new_order_replaces_the_old_and_undo_redo_walk_the_changes() -> None:
    entry, draft = entry_for(Game.new(), ["FRANCE"])
    entry.click(Click("PAR"))
    entry.click(Click("BUR"))
    entry.click(Click("PAR"))
    entry.click(Click("PIC"))
    assert draft.lines("FRANCE") == ["A PAR - PIC"]
    draft.undo()
    assert draft.lines("FRANCE") == ["A PAR - BUR"]
    draft.redo()
    assert draft.lines("FRANCE") == ["A PAR - PIC"]


def test_clicking_another_own_unit_selects_it() -> None:
    entry, _ = entry_for(Game.new(), ["FRANCE"])
    entry.click(Click("PAR"))
    entry.click(Click("MAR"))
    assert entry.selected == "MAR"


def test_available_kinds_follow_the_legal_orders() -> None:
    game = position("S1901M", {"ENGLAND": ["F NTH", "A YOR"]})
    entry, _ = entry_for(game, ["ENGLAND"])
    entry.click(Click("NTH"))
    assert entry.available_kinds() == ["M", "H", "S", "C"]
    entry.cancel()
    entry.click(Click("YOR"))
    assert "V" in entry.available_kinds() and "C" not in entry.available_kinds()


def test_retreat_click_the_dislodged_unit_then_a_lit_province_or_disband() -> None:
    game = position("S1901M", {"FRANCE": ["A PAR", "A PIC", "A GAS"], "GERMANY": ["A BUR"]})
    game.set_orders("FRANCE", ["A PIC - BUR", "A PAR S A PIC - BUR", "A GAS S A PIC - BUR"])
    game.process()
    assert game.state.dislodged
    entry, draft = entry_for(game, ["GERMANY"])
    entry.click(Click("BUR"))
    assert entry.highlights == set(p.split("/")[0] for p in game.state.dislodged_at("BUR").retreats)
    target = sorted(entry.highlights)[0]
    entry.click(Click(target))
    assert draft.lines("GERMANY") == [f"A BUR R {target}"]
    entry.click(Click("BUR"))
    entry.key("D")
    assert draft.lines("GERMANY") == ["A BUR D"]


def winter_game() -> Game:
    return position("W1901A", {"RUSSIA": ["A MOS"], "TURKEY": ["A CON", "A SMY", "F ANK", "A BUL"]},
                    {"RUSSIA": ["STP", "SEV", "WAR", "MOS"], "TURKEY": ["CON", "SMY", "ANK"]})


def test_build_click_site_then_choose_and_coast_only_when_needed() -> None:
    game = winter_game()
    entry, draft = entry_for(game, ["RUSSIA"])
    entry.click(Click("WAR"))  # inland: the only build is an army, no question
    assert draft.lines("RUSSIA") == ["A WAR B"]
    entry.click(Click("SEV"))
    assert entry.question is not None and [c.key for c in entry.question.choices] == ["A", "F"]
    entry.key("F")
    assert draft.lines("RUSSIA")[-1] == "F SEV B"
    entry.click(Click("STP"))
    assert entry.question is not None and {c.key for c in entry.question.choices} == {"A", "N", "S"}
    entry.choose("N")
    assert draft.lines("RUSSIA") == ["A WAR B", "F SEV B", "F STP/NC B"]


def test_builds_beyond_the_allowance_are_refused_and_waive_counts() -> None:
    game = position("W1901A", {"RUSSIA": ["A MOS", "A WAR"]}, {"RUSSIA": ["STP", "SEV", "WAR", "MOS"]})
    entry, draft = entry_for(game, ["RUSSIA"])
    entry.key("W")
    entry.click(Click("SEV"))
    entry.key("A")
    entry.click(Click("STP"))
    assert "no builds left" in entry.prompt
    assert draft.lines("RUSSIA") == ["WAIVE", "A SEV B"]


def test_removal_click_a_unit_and_no_more_than_owed() -> None:
    game = winter_game()
    entry, draft = entry_for(game, ["TURKEY"])
    entry.click(Click("BUL"))
    assert draft.lines("TURKEY") == ["A BUL D"]
    entry.click(Click("CON"))
    assert "already removes 1" in entry.prompt
    assert draft.lines("TURKEY") == ["A BUL D"]


@pytest.mark.parametrize("key", ["Q", "", "  "])
def test_stray_keys_change_nothing(key: str) -> None:
    entry, draft = entry_for(Game.new(), ["FRANCE"])
    entry.click(Click("PAR"))
    entry.key(key)
    assert entry.selected == "PAR" and draft.lines("FRANCE") == []


def test_listeners_hear_every_change() -> None:
    entry, _ = entry_for(Game.new(), ["FRANCE"])
    heard: list[str] = []
    entry.subscribe(lambda: heard.append(entry.stage or entry.step.value))
    entry.click(Click("PAR"))
    entry.key("S")
    entry.key("Escape")
    assert heard == ["unit", "support_target", "idle"]
