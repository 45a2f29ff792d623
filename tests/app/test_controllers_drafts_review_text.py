"""Order drafts (replace, undo, redo), the pre-submit review, and typed/pasted orders."""
from __future__ import annotations

import pytest

from app.controllers.drafts import OrderDraft, order_key
from app.controllers.review import known_orders, review
from app.controllers.text_orders import infer_power, power_named, read_order_text
from engine.contract import state_from_request
from engine.game import Game


def typed(game: Game, power: str, *lines: str) -> list:
    out = []
    for line in lines:
        check = game.check_line(power, line)
        assert check.order is not None, check.error
        out.append(check.order)
    return out


def position(phase: str, units: dict[str, list[str]], centers: dict[str, list[str]] | None = None) -> Game:
    game = Game.new("standard")
    _, state = state_from_request({"phase": phase, "units": units, "centers": centers or {p: [] for p in units}})
    game.replace_state(state)
    return game


# --- drafts ---------------------------------------------------------------------------------------


def test_draft_replaces_by_unit_and_keeps_waives_apart() -> None:
    game = Game.new()
    draft = OrderDraft(["FRANCE"])
    a, b = typed(game, "FRANCE", "A PAR - BUR", "A PAR - PIC")
    draft.put("FRANCE", a)
    draft.put("FRANCE", b)
    assert draft.lines("FRANCE") == ["A PAR - PIC"]
    assert order_key(a) == "PAR"


def test_draft_undo_redo_and_descriptions() -> None:
    game = Game.new()
    draft = OrderDraft(["FRANCE"])
    orders = typed(game, "FRANCE", "A PAR - BUR", "A MAR - SPA")
    for o in orders:
        draft.put("FRANCE", o)
    assert draft.undo_text == "A MAR - SPA"
    draft.undo()
    assert draft.lines("FRANCE") == ["A PAR - BUR"] and draft.redo_text == "A MAR - SPA"
    draft.redo()
    draft.remove("FRANCE", "PAR")
    assert draft.lines("FRANCE") == ["A MAR - SPA"]
    draft.undo()
    assert draft.lines("FRANCE") == ["A PAR - BUR", "A MAR - SPA"]
    draft.clear("FRANCE")
    assert draft.lines("FRANCE") == [] and draft.can_undo
    draft.forget_history()
    assert not draft.can_undo and not draft.can_redo


def test_draft_rejects_a_power_it_does_not_hold() -> None:
    draft = OrderDraft(["FRANCE"])
    with pytest.raises(KeyError, match="GERMANY is not ordered in this draft"):
        draft.lines("GERMANY")


def test_unchanged_put_is_not_an_undo_step() -> None:
    game = Game.new()
    draft = OrderDraft(["FRANCE"])
    (o,) = typed(game, "FRANCE", "A PAR H")
    draft.put("FRANCE", o)
    draft.put("FRANCE", o)
    draft.undo()
    assert not draft.can_undo and draft.lines("FRANCE") == []


# --- review ---------------------------------------------------------------------------------------


def test_guidance_counts_ordered_units_and_warns_about_the_rest() -> None:
    game = Game.new()
    orders = typed(game, "FRANCE", "A PAR - BUR")
    result = review(game, "FRANCE", orders)
    assert result.guidance == "1 of 3 units ordered"
    assert result.warnings == ("No order for F BRE, A MAR: they hold",)
    assert not result.complete


def test_support_and_convoy_mismatches_are_warned() -> None:
    game = position("S1901M", {"ENGLAND": ["F NTH", "A YOR", "F LON", "A WAL"]})
    orders = typed(game, "ENGLAND", "F NTH C A YOR - NWY", "A YOR - LVP", "F LON S A WAL - YOR", "A WAL H")
    warnings = review(game, "ENGLAND", orders).warnings
    assert any(w.startswith("F NTH C A YOR - NWY — but A YOR is ordered: A YOR - LVP") for w in warnings)
    assert any(w.startswith("F LON S A WAL - YOR — but A WAL is ordered: A WAL H") for w in warnings)


def test_support_of_an_unordered_own_unit_says_it_holds() -> None:
    game = Game.new()
    orders = typed(game, "FRANCE", "A MAR S A PAR - BUR")
    warnings = review(game, "FRANCE", orders).warnings
    assert "A MAR S A PAR - BUR — but A PAR has no order (it holds)" in warnings


def test_support_hold_of_a_moving_unit_is_warned_but_foreign_orders_are_not_guessed() -> None:
    game = Game.new()
    orders = typed(game, "ENGLAND", "F EDI - NTH", "A LVP S F EDI", "F LON H")
    assert any("F EDI is ordered to move" in w for w in review(game, "ENGLAND", orders).warnings)
    foreign = typed(game, "FRANCE", "A MAR S A MUN - BUR")
    assert not any("MUN" in w for w in review(game, "FRANCE", foreign).warnings)


def test_in_game_master_view_other_powers_orders_are_checked_too() -> None:
    game = Game.new()
    french = typed(game, "FRANCE", "A MAR S A MUN - BUR")
    german = typed(game, "GERMANY", "A MUN - RUH")
    known = known_orders([*french, *german])
    warnings = review(game, "FRANCE", french, known, known_powers=["FRANCE", "GERMANY"]).warnings
    assert "A MAR S A MUN - BUR — but A MUN is ordered: A MUN - RUH" in warnings


def test_a_move_needing_a_convoy_without_one_is_warned() -> None:
    game = position("S1901M", {"ENGLAND": ["A YOR", "F NTH"]})
    orders = typed(game, "ENGLAND", "A YOR - NWY", "F NTH H")
    assert any("needs a convoy" in w for w in review(game, "ENGLAND", orders).warnings)
    convoyed = typed(game, "ENGLAND", "A YOR - NWY", "F NTH C A YOR - NWY")
    assert not any("needs a convoy" in w for w in review(game, "ENGLAND", convoyed).warnings)


def test_adjustment_guidance_builds_and_removals() -> None:
    game = position("W1901A", {"RUSSIA": ["A MOS"], "TURKEY": ["A CON", "A SMY", "F ANK", "A BUL"]},
                    {"RUSSIA": ["STP", "SEV", "WAR", "MOS"], "TURKEY": ["CON", "SMY", "ANK"]})
    assert review(game, "RUSSIA", []).guidance == "Build 3"
    one = typed(game, "RUSSIA", "A WAR B")
    result = review(game, "RUSSIA", one)
    assert result.guidance == "Build 3: 1 ordered" and result.warnings == ("2 builds not used: waived",)
    assert review(game, "TURKEY", []).guidance == "Remove 1"
    assert review(game, "TURKEY", []).warnings == ("1 removal not ordered: the civil-disorder rule chooses",)


def test_retreat_guidance() -> None:
    game = position("S1901M", {"FRANCE": ["A PAR", "A PIC", "A GAS"], "GERMANY": ["A BUR"]})
    game.set_orders("FRANCE", ["A PIC - BUR", "A PAR S A PIC - BUR", "A GAS S A PIC - BUR"])
    game.process()
    result = review(game, "GERMANY", [])
    assert result.guidance == "0 of 1 dislodged unit ordered"
    assert result.warnings == ("No retreat for A BUR: it is disbanded",)


# --- typed orders ---------------------------------------------------------------------------------


def test_typed_lines_get_a_verdict_each() -> None:
    game = Game.new()
    text = "1) A PAR - BUR\n\n# a comment\nA XYZ - BUR\nF BRE - MAO\nA MUN - RUH\n"
    outcomes = read_order_text(game, text, ["FRANCE"])
    assert [(o.number, o.ok) for o in outcomes] == [(1, True), (4, False), (5, True), (6, False)]
    assert "unknown place 'XYZ'" in (outcomes[1].error or "")
    assert "belongs to GERMANY" in (outcomes[3].error or "")
    assert [str(o.order) for o in outcomes if o.ok] == ["A PAR - BUR", "F BRE - MAO"]


def test_game_master_lines_take_the_power_from_headers_prefixes_or_the_unit() -> None:
    game = Game.new()
    powers = game.variant.powers
    text = "France:\nA PAR - BUR\nGermany: A MUN - RUH\nENGLAND\nF LON - NTH\nA VEN - TYR"
    outcomes = read_order_text(game, text, powers)
    assert [(o.power, o.text) for o in outcomes] == [
        ("FRANCE", "A PAR - BUR"), ("GERMANY", "A MUN - RUH"), ("ENGLAND", "F LON - NTH"), ("ENGLAND", "A VEN - TYR")]
    assert [o.ok for o in outcomes] == [True, True, True, False]  # under ENGLAND, an Italian unit is an error
    inferred = read_order_text(game, "A VEN - TYR\nWAIVE", powers)
    assert inferred[0].power == "ITALY" and inferred[0].ok
    assert inferred[1].error == "builds are only ordered in the adjustment phase"  # what any power would be told


def test_lines_for_powers_not_entered_here_are_refused() -> None:
    game = Game.new()
    outcomes = read_order_text(game, "Germany: A MUN - RUH\nGERMANY\nA MUN - RUH", ["FRANCE"])
    assert all(not o.ok for o in outcomes)
    assert "not entered here" in (outcomes[0].error or "")


def test_power_names_and_inference_helpers() -> None:
    game = Game.new()
    assert power_named(game, "french:") == "FRANCE" and power_named(game, "Russia") == "RUSSIA"
    assert power_named(game, "A PAR - BUR") is None
    assert infer_power(game, "F STP/SC - BOT") == "RUSSIA"
    assert infer_power(game, "this is not an order") is None
