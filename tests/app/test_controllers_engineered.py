"""Hugh's Engineered Diplomacy in the Qt-free controllers: click entry for engineers, decoys, transports,
fighters' damage, the first engineer's placement, winter engineer orders and votes, bids, the draft's
slots, review warnings, wording, rule notes and the new game's options."""
from __future__ import annotations

from typing import Any

import pytest

from app.controllers.bids import bid_choices, can_bid, make_bid
from app.controllers.describe import hover_lines, note_line, order_line, rule_notes
from app.controllers.drafts import OrderDraft, order_key
from app.controllers.order_entry import Click, EntryOptions, OrderEntry, Step
from app.controllers.review import review
from app.controllers.setup import Mode, NewGameSpec, create_game, variant_options
from engine.game import Game
from engine.orders import Move
from engine.types import ChancelleryError, Phase, PhaseType, Unit, UnitType, province_of
from engine.variants.engineered_rules.orders import (
    Bid,
    Convert,
    CreateDecoy,
    CreateEngineer,
    PlaceEngineer,
    Damage,
    StackedHold,
    StackedMove,
    Transport,
)

A, F, W, E, P, D = (UnitType.ARMY, UnitType.FLEET, UnitType.FIGHTER, UnitType.ENGINEER, UnitType.PRISON,
                    UnitType.DECOY)


def engineered(phase: str, units: list[tuple[str, UnitType, str]], centers: dict[str, str],
               extra: dict[str, Any] | None = None, level: str = "complex") -> Game:
    game = Game.new("engineered", options={"level": level})
    state = game.variant.make_state(Phase.parse(phase), [Unit(p, k, loc) for p, k, loc in units], centers, extra=extra)
    game.replace_state(state)
    return game


def entry_for(game: Game, powers: list[str], focus: str | None = None) -> tuple[OrderEntry, OrderDraft]:
    draft = OrderDraft(powers)
    return OrderEntry(EntryOptions.from_game(game, powers), draft, focus), draft


def legal(game: Game, power: str, slot: str) -> list[str]:
    return [str(o) for o in game.legal_orders(power)[slot]]


# A spring: a Russian army with its engineer in Moscow, a fighter in Warsaw, a fleet in St Petersburg with a
# decoy of it beside it, a lone decoy in Ukraine, a lone engineer in Livonia; a Turkish army with a
# Russian engineer it captured (a prison) in Sevastopol; madman units in Rumania and the Black Sea.
MIDGAME = [
    ("RUSSIA", A, "MOS"), ("RUSSIA", E, "MOS"), ("RUSSIA", W, "WAR"), ("RUSSIA", F, "STP/SC"),
    ("RUSSIA", D, "STP/SC"), ("RUSSIA", D, "UKR"), ("RUSSIA", E, "LVN"),
    ("TURKEY", A, "SEV"), ("NEUTRAL", A, "RUM"), ("NEUTRAL", F, "BLA"), ("AUSTRIA", A, "BUD"),
]
MIDGAME_CENTRES = {"MOS": "RUSSIA", "WAR": "RUSSIA", "STP": "RUSSIA", "SEV": "TURKEY", "RUM": "NEUTRAL",
                   "BUD": "AUSTRIA"}
PRISON = {"stacked": [{"power": "TURKEY", "kind": "P", "loc": "SEV", "from": "RUSSIA"}]}


def midgame(phase: str = "S1902M") -> Game:
    return engineered(phase, MIDGAME, MIDGAME_CENTRES, PRISON)


# --- the options the entry machine reads ------------------------------------------------------------


def test_stacked_units_and_side_slots_are_filed_apart_from_the_provinces_units() -> None:
    options = EntryOptions.from_game(midgame(), ["RUSSIA"])
    assert set(options.by_province) == {"MOS", "WAR", "STP", "UKR"}  # the lone decoy orders as an army
    assert set(options.stacked) == {("MOS", "E", "RUSSIA"), ("LVN", "E", "RUSSIA"), ("STP", "D", "RUSSIA")}
    assert options.biddable == {"RUM", "BLA"}
    first = EntryOptions.from_game(Game.new("engineered"), ["RUSSIA"])
    assert set(first.side) == {("RUSSIA", "E")}  # the first engineer's placement, spring 1901
    assert {str(o) for o in first.side[("RUSSIA", "E")]} == {"E MOS B", "E SEV B", "E STP B", "E WAR B"}


def test_slots_filed_by_province_are_sorted_out_by_the_entry_machine() -> None:
    # The LAN seat builds its options by province from the host's table, slot names included.
    game = midgame()
    options = EntryOptions(PhaseType.MOVEMENT, game.variant.board)
    for slot, orders in game.legal_orders("RUSSIA").items():
        options.by_province[province_of(slot)] = ("RUSSIA", list(orders))
    entry = OrderEntry(options, OrderDraft(["RUSSIA"]))
    assert ("MOS", "E", "RUSSIA") in entry.options.stacked and "E MOS" not in entry.options.by_province


def test_the_standard_game_is_filed_as_before_and_offers_no_engineer_keys() -> None:
    entry, _ = entry_for(Game.new("standard"), ["RUSSIA"])
    assert not entry.options.stacked and not entry.options.side and not entry.options.biddable
    entry.click(Click("MOS"))
    assert entry.available_kinds() == ["M", "H", "S"]
    assert [entry.kind_label(k) for k in entry.available_kinds()] == ["Move", "Hold", "Support"]
    entry.key("E")
    entry.key("X")
    entry.key("B")
    assert entry.step is Step.UNIT and entry.bid_request is None


# --- spring 1901: placing the first engineer -------------------------------------------------------------


def test_e_on_a_unit_places_the_first_engineer_with_it_and_a_second_placement_replaces_the_first() -> None:
    game = Game.new("engineered", options={"level": "complex"})
    entry, draft = entry_for(game, ["RUSSIA"])
    assert "E on a unit places your first engineer" in entry.prompt
    entry.click(Click("MOS"))
    assert "E" in entry.available_kinds() and entry.kind_label("E") == "Place the engineer"
    entry.key("E")
    assert draft.lines("RUSSIA") == ["E MOS B"]
    assert entry.selected == "MOS" and entry.step is Step.UNIT  # the fighter still needs its own order
    entry.click(Click("UKR"))
    assert draft.lines("RUSSIA") == ["E MOS B", "W MOS - UKR"]
    entry.click(Click("WAR"))
    entry.key("E")
    assert draft.lines("RUSSIA") == ["W MOS - UKR", "E WAR B"]  # one engineer: the placement moved
    assert all(game.check_line("RUSSIA", line).ok for line in draft.lines("RUSSIA"))


# --- engineers and decoys beside their units ------------------------------------------------------------


def test_a_click_on_the_engineers_badge_selects_it_and_lights_where_its_units_can_carry_it() -> None:
    game = midgame()
    entry, draft = entry_for(game, ["RUSSIA"])
    entry.click(Click("MOS", badge=("RUSSIA", "E", "MOS")))
    assert entry.slot == ("MOS", "E", "RUSSIA") and entry.selected == "MOS"
    moves = {o.split(" - ")[1] for o in legal(game, "RUSSIA", "E MOS") if " - " in o}
    assert entry.highlights == moves == {"LVN", "SEV", "STP", "UKR", "WAR"}
    assert entry.prompt.startswith("E MOS (engineer)")
    assert entry.available_kinds() == ["M", "H", "T"] and entry.kind_label("T") == "Transport an engineer"
    entry.click(Click("UKR"))
    entry.click(Click("MOS"))
    entry.click(Click("SEV"))
    assert draft.lines("RUSSIA") == ["E MOS - UKR", "A MOS - SEV"]  # the engineer and its army apart
    assert order_key(draft.orders("RUSSIA")[0]) == "E:RUSSIA:MOS"


def test_e_on_the_unit_switches_to_its_engineer_and_h_keeps_it_there() -> None:
    entry, draft = entry_for(midgame(), ["RUSSIA"])
    entry.click(Click("MOS"))
    assert "E" in entry.available_kinds() and "E engineer" in entry.prompt
    entry.key("E")
    assert entry.slot == ("MOS", "E", "RUSSIA")
    entry.key("H")
    assert draft.orders("RUSSIA") == [StackedHold(Unit("RUSSIA", E, "MOS"))]


def test_clicking_the_selected_units_province_on_its_engineers_badge_selects_the_engineer_not_a_hold() -> None:
    entry, draft = entry_for(midgame(), ["RUSSIA"])
    entry.click(Click("MOS"))
    entry.click(Click("MOS", badge=("RUSSIA", "E", "MOS")))
    assert entry.slot == ("MOS", "E", "RUSSIA") and draft.lines("RUSSIA") == []
    entry.click(Click("MOS"))  # the engineer's own province, off the badge: it stays
    assert draft.lines("RUSSIA") == ["E MOS H"]


def test_a_lone_engineer_is_selected_by_clicking_its_province() -> None:
    game = midgame()
    entry, _ = entry_for(game, ["RUSSIA"])
    entry.click(Click("LVN"))
    assert entry.slot == ("LVN", "E", "RUSSIA")
    assert entry.highlights == set()  # no unit of its power stands with it to carry it
    assert "it can't move" in entry.prompt


def test_d_on_a_unit_selects_the_decoy_beside_it() -> None:
    game = midgame()
    entry, draft = entry_for(game, ["RUSSIA"])
    entry.click(Click("STP"))
    assert "D" in entry.available_kinds() and entry.kind_label("D") == "Decoy"
    entry.key("D")
    assert entry.slot == ("STP", "D", "RUSSIA")
    assert entry.highlights == {o.split(" - ")[1] for o in legal(game, "RUSSIA", "D STP") if " - " in o}
    entry.click(Click("BOT"))
    assert draft.orders("RUSSIA") == [StackedMove(Unit("RUSSIA", D, "STP/SC"), "BOT")]


def test_another_powers_prison_badge_is_not_selectable() -> None:
    entry, _ = entry_for(midgame(), ["RUSSIA"])
    entry.click(Click("SEV", badge=("TURKEY", "P", "SEV")))
    assert entry.selected is None and "nothing you can order" in entry.prompt


# --- transports -------------------------------------------------------------------------------------------


def test_t_on_a_unit_lights_the_engineers_it_may_fetch_and_a_click_orders_the_transport() -> None:
    game = midgame()
    entry, draft = entry_for(game, ["RUSSIA"])
    entry.click(Click("STP"))
    entry.click(Click("BOT"))
    entry.click(Click("STP"))
    entry.key("T")
    assert entry.stage == "transport" and entry.highlights == {"MOS", "LVN"}
    entry.click(Click("SEV"))
    assert "can't fetch an engineer from Sevastopol" in entry.prompt
    entry.click(Click("LVN"))
    assert draft.orders("RUSSIA") == [Transport(Unit("RUSSIA", F, "STP/SC"), Unit("RUSSIA", E, "LVN"))]
    assert draft.lines("RUSSIA") == ["F STP/SC T E LVN"]  # the transport is the fleet's whole order
    assert game.check_line("RUSSIA", "F STP/SC T E LVN").ok


def test_t_on_an_engineer_lights_the_units_that_could_fetch_it() -> None:
    entry, draft = entry_for(midgame(), ["RUSSIA"])
    entry.click(Click("LVN"))
    entry.key("T")
    assert entry.stage == "carrier" and entry.highlights == {"MOS", "WAR", "STP"}  # not the lone decoy
    entry.click(Click("WAR"))
    assert draft.lines("RUSSIA") == ["W WAR T E LVN"]


# --- fighters ---------------------------------------------------------------------------------------------


def test_a_fighters_lit_moves_reach_two_areas_to_its_own_or_neutral_centres() -> None:
    game = Game.new("engineered", options={"level": "complex"})
    entry, _ = entry_for(game, ["RUSSIA"])
    entry.click(Click("MOS"))
    legal_moves = {o.dest for o in game.legal_orders("RUSSIA")["MOS"] if isinstance(o, Move)}
    assert entry.highlights == legal_moves
    assert {"NWY", "RUM"} <= entry.highlights  # neutral centres two areas away
    assert "GAL" not in entry.highlights  # two areas away, but no centre


def test_x_damages_a_move_or_a_unit_within_two_areas() -> None:
    game = midgame()
    entry, draft = entry_for(game, ["RUSSIA"])
    entry.click(Click("WAR"))
    assert "X" in entry.available_kinds() and entry.kind_label("X") == "Damage"
    entry.key("X")
    targets = {province_of(o.target.loc) for o in game.legal_orders("RUSSIA")["WAR"] if isinstance(o, Damage)}
    assert entry.stage == "damage_target" and entry.highlights == targets
    assert {"BUD", "MOS", "SEV"} <= targets and "ANK" not in targets  # Ankara is four areas away
    entry.click(Click("BUD"))
    assert entry.stage == "damage_dest" and entry.highlights == {"BUD", "GAL", "RUM", "VIE"}  # not SER, TRI
    entry.click(Click("GAL"))
    assert draft.lines("RUSSIA") == ["W WAR D A BUD - GAL"]
    entry.click(Click("WAR"))
    entry.key("X")
    entry.click(Click("BUD"))
    entry.click(Click("BUD"))  # its own province: damage the unit (its supports)
    assert draft.lines("RUSSIA") == ["W WAR D A BUD"]


def test_a_fighters_support_targets_reach_two_areas() -> None:
    game = midgame()
    entry, draft = entry_for(game, ["RUSSIA"])
    entry.click(Click("WAR"))
    entry.key("S")
    assert {"BUD", "RUM", "UKR", "MOS"} <= entry.highlights
    entry.click(Click("RUM"))
    entry.click(Click("GAL"))
    assert draft.lines("RUSSIA") == ["W WAR S A RUM - GAL"]


# --- bids -------------------------------------------------------------------------------------------------


def test_clicking_a_madman_unit_asks_for_a_bid_and_the_bid_goes_into_the_draft() -> None:
    game = midgame()
    entry, draft = entry_for(game, ["RUSSIA"])
    assert "click a madman unit" in entry.prompt
    entry.click(Click("BLA"))
    assert entry.bid_request is not None and entry.bid_request.unit_province == "BLA"
    assert entry.bid_request.powers == ("RUSSIA",)
    choices = bid_choices(game, "RUSSIA")
    # Decoys can't be offered: not the lone decoy in Ukraine, and the one by St Petersburg isn't a unit.
    assert [str(u) for u in choices.offerable] == ["A MOS", "F STP/SC", "W WAR"]
    target = choices.target_at("BLA")
    assert target is not None and "F BLA - ANK" in [str(o) for o in target.orders]
    order = next(o for o in target.orders if str(o) == "F BLA - ANK")
    bid = make_bid(game, "RUSSIA", [choices.offerable[0]], order)
    assert str(bid) == "BID A MOS FOR F BLA - ANK"
    entry.place_bid("RUSSIA", bid)
    assert entry.bid_request is None and draft.lines("RUSSIA") == ["BID A MOS FOR F BLA - ANK"]
    assert order_key(bid) == "BID:RUSSIA:BLA"
    warnings = review(game, "RUSSIA", draft.orders("RUSSIA")).warnings
    assert any("if the bid wins, A MOS holds in civil disorder" in w for w in warnings)


def test_b_asks_for_a_bid_and_a_bid_without_units_is_refused() -> None:
    game = midgame()
    entry, _ = entry_for(game, ["RUSSIA"])
    entry.key("B")
    assert entry.bid_request is not None and entry.bid_request.unit_province is None
    entry.drop_bid_request()
    assert entry.bid_request is None
    target = bid_choices(game, "RUSSIA").targets[0]
    with pytest.raises(ChancelleryError, match="offer at least one"):
        make_bid(game, "RUSSIA", [], target.orders[0])
    with pytest.raises(ChancelleryError, match="A UKR"):  # a decoy offered: the engine refuses the bid
        make_bid(game, "RUSSIA", [Unit("RUSSIA", A, "UKR")], target.orders[0])


def test_no_bids_at_the_simple_level() -> None:
    game = Game.new("engineered", options={"level": "simple"})
    assert not can_bid(game)
    entry, _ = entry_for(game, ["RUSSIA"])
    assert not entry.options.biddable
    entry.key("B")
    assert entry.bid_request is None


# --- winter -----------------------------------------------------------------------------------------------


WINTER = [("RUSSIA", A, "SEV"), ("RUSSIA", E, "SEV"), ("RUSSIA", W, "WAR"), ("RUSSIA", E, "RUM"),
          ("TURKEY", A, "BUL"), ("TURKEY", A, "ANK")]
WINTER_CENTRES = {"MOS": "RUSSIA", "WAR": "RUSSIA", "STP": "RUSSIA", "SEV": "RUSSIA", "RUM": "RUSSIA",
                  "BUL": "TURKEY", "ANK": "TURKEY", "CON": "TURKEY"}
WINTER_PRISON = {"stacked": [{"power": "TURKEY", "kind": "P", "loc": "BUL", "from": "AUSTRIA"}]}


def winter(level: str = "complex") -> Game:
    return engineered("W1903A", WINTER, WINTER_CENTRES, WINTER_PRISON, level)


def test_a_winter_click_offers_the_engineers_conversions_its_decoy_and_disbanding() -> None:
    game = winter()
    entry, draft = entry_for(game, ["RUSSIA"], "RUSSIA")
    assert "click an engineer's or a prison's area" in entry.prompt
    entry.click(Click("SEV"))
    assert entry.step is Step.QUESTION and entry.question is not None
    labels = {c.key: c.label for c in entry.question.choices}
    assert labels == {"1": "The engineer converts it into a fleet", "2": "The engineer converts it into a fighter field",
                      "D": "Make a decoy of A SEV (takes a build)", "3": "Disband the engineer E SEV"}
    entry.choose("1")
    assert draft.orders("RUSSIA") == [Convert(Unit("RUSSIA", E, "SEV"), Unit("RUSSIA", F, "SEV"))]
    entry.click(Click("SEV"))
    entry.choose("D")  # an engineer does one thing a winter: the decoy replaces the conversion
    assert draft.orders("RUSSIA") == [CreateDecoy(Unit("RUSSIA", A, "SEV"))]
    assert all(game.check_line("RUSSIA", line).ok for line in draft.lines("RUSSIA"))


def test_a_decoy_takes_one_of_the_winters_builds() -> None:
    game = winter()
    entry, draft = entry_for(game, ["RUSSIA"], "RUSSIA")
    assert entry.options.build_allowance == {"RUSSIA": 2}
    entry.click(Click("SEV"))
    entry.choose("D")
    entry.click(Click("MOS"))
    entry.choose("A")
    assert draft.lines("RUSSIA") == ["D SEV B", "A MOS B"]
    assert review(game, "RUSSIA", draft.orders("RUSSIA")).guidance.startswith("Build 2: 2 ordered")
    entry.click(Click("RUM"))  # a temporary build centre, but no builds left: only the engineer's order
    assert entry.question is not None
    assert [(c.key, c.label) for c in entry.question.choices] == [("1", "Disband the engineer E RUM")]


def test_an_engineer_is_created_on_a_home_centre_and_a_prison_converts_its_captor() -> None:
    game = winter()
    entry, draft = entry_for(game, ["RUSSIA"], "RUSSIA")
    entry.click(Click("MOS"))
    assert entry.question is not None
    assert [(c.key, c.label) for c in entry.question.choices] == [
        ("A", "Build army"), ("W", "Build fighter field"), ("E", "Create an engineer")]
    entry.choose("E")
    assert draft.orders("RUSSIA") == [CreateEngineer(Unit("RUSSIA", E, "MOS"))]
    turkey, turkish = entry_for(game, ["TURKEY"], "TURKEY")
    turkey.click(Click("BUL"))
    assert turkey.question is not None
    assert "The prison converts it into a fleet (east coast)" in [c.label for c in turkey.question.choices]
    turkey.choose("1")
    assert turkish.lines("TURKEY") == ["P BUL CONVERT F BUL/EC"]


def test_the_standard_winter_menu_is_unchanged() -> None:
    game = Game.new("standard")
    from engine.contract import state_from_request

    _, state = state_from_request({"variant": "standard", "phase": "W1901A", "units": {"RUSSIA": ["A WAR"]},
                                   "centers": {"RUSSIA": ["MOS", "WAR", "STP", "SEV", "RUM"]}})
    game.replace_state(state)
    entry, draft = entry_for(game, ["RUSSIA"])
    assert entry.prompt == "Click an empty home centre to build (A army, F fleet), or W to waive"
    entry.click(Click("MOS"))
    assert draft.lines("RUSSIA") == ["A MOS B"]  # a single choice: built at once, as before


def test_v_votes_a_power_out_at_the_advanced_level() -> None:
    game = winter("advanced")
    entry, draft = entry_for(game, ["RUSSIA"], "RUSSIA")
    assert "V to vote a power out" in entry.prompt
    entry.key("V")
    assert entry.question is not None and [c.label for c in entry.question.choices] == ["Vote out Turkey"]
    entry.choose("1")
    assert draft.lines("RUSSIA") == ["VOTE OUT TURKEY"]
    plain, _ = entry_for(winter("complex"), ["RUSSIA"], "RUSSIA")
    plain.key("V")
    assert plain.question is None and plain.prompt == "No vote to cast this winter"


# --- draft slots, wording, notes ----------------------------------------------------------------------------


def test_draft_keys_give_each_stacked_unit_its_own_slot() -> None:
    e_mos = Unit("RUSSIA", E, "MOS")
    assert order_key(StackedHold(e_mos)) == order_key(StackedMove(e_mos, "UKR")) == "E:RUSSIA:MOS"
    assert order_key(StackedMove(Unit("RUSSIA", D, "STP/SC"), "BOT")) == "D:STP"  # the resolver's key
    assert order_key(Transport(Unit("RUSSIA", A, "STP"), e_mos)) == "STP"  # the unit's whole order
    assert order_key(Damage(Unit("RUSSIA", W, "WAR"), Unit("AUSTRIA", A, "BUD"))) == "WAR"
    assert order_key(CreateEngineer(e_mos)) == order_key(CreateDecoy(Unit("RUSSIA", A, "MOS"))) == "E:RUSSIA:MOS"
    bid = Bid("RUSSIA", (Unit("RUSSIA", A, "MOS"),), Move(Unit("NEUTRAL", F, "BLA"), "ANK"))
    assert order_key(bid) == "BID:RUSSIA:BLA"
    # The first spring's placement: one per power, wherever it is (rule 1a).
    assert order_key(PlaceEngineer(e_mos)) == order_key(PlaceEngineer(Unit("RUSSIA", E, "SEV"))) == "PLACE:RUSSIA"


def test_wording_of_hover_cards_and_order_lines() -> None:
    game = midgame()
    variant = game.variant
    own = variant.view_for(game.state, "RUSSIA")
    other = variant.view_for(game.state, "TURKEY")
    assert "Unit: Russian army — a decoy" in hover_lines(variant.board, own, "UKR", variant)
    assert "Unit: Russian army" in hover_lines(variant.board, other, "UKR", variant)
    assert not any("decoy" in line for line in hover_lines(variant.board, other, "UKR", variant))
    assert "Also: Russian engineer" in hover_lines(variant.board, own, "MOS", variant)
    assert "Also: Turkish prison (holding Russian engineer)" in hover_lines(variant.board, own, "SEV", variant)
    assert not any("decoy" in line for line in hover_lines(variant.board, other, "STP", variant))
    assert any("decoy" in line for line in hover_lines(variant.board, own, "STP", variant))
    assert "Unit: Madman army" in hover_lines(variant.board, own, "RUM", variant)
    transport = Transport(Unit("RUSSIA", A, "STP"), Unit("RUSSIA", E, "LVN"))
    assert order_line(transport) == "A STP T E LVN   (fetches the engineer)"


def test_rule_notes_report_a_capture() -> None:
    game = engineered("S1902M", [("RUSSIA", E, "MOS"), ("RUSSIA", A, "STP"), ("TURKEY", A, "UKR")],
                      {"MOS": "RUSSIA", "STP": "RUSSIA"})
    game.set_orders("TURKEY", ["A UKR - MOS"], ready=True)
    game.process()
    notes = rule_notes(game.history[0].results)
    assert [n.order for n in notes] == ["E MOS"]
    assert note_line(game.variant.board, notes[0]) == "Russia: E MOS — captured by Turkey's A MOS: now its prison (rule 4a)"
    standard = Game.new("standard")
    standard.set_orders("FRANCE", ["A PAR - BUR"], ready=True)
    standard.process()  # default holds are the engine's own results too, but answer an order: no notes
    assert any(r.default for r in standard.history[0].results) and rule_notes(standard.history[0].results) == []


# --- the new game ------------------------------------------------------------------------------------------


def test_the_new_game_offers_the_engineered_options_with_the_engines_defaults() -> None:
    specs = {s.name: s for s in variant_options("engineered")}
    assert list(specs) == ["level", "engineer_centers", "engineer_minimum", "decoys", "austria_trieste",
                           "madman_after_missed", "engineer_builds_on"]
    assert specs["level"].default == "complex" and [v for v, _ in specs["level"].choices] == [
        "simple", "complex", "advanced"]
    assert variant_options("standard") == ()  # the victory target has a field of its own
    assert [s.name for s in variant_options("colonial")] == ["tsr_rules"]
    game = create_game(NewGameSpec("engineered", Mode.GM, extra_options={"level": "simple", "engineer_centers": 3}))
    assert game.variant.settings.level == "simple" and game.variant.settings.engineer_centers == 3
    with pytest.raises(ChancelleryError, match="option level"):
        create_game(NewGameSpec("engineered", Mode.GM, extra_options={"level": "expert"}))


def test_typed_engineer_placements_keep_the_last_like_the_game() -> None:
    game = Game.new("engineered")
    draft = OrderDraft(["RUSSIA"])
    draft.merge("RUSSIA", [game.check_line("RUSSIA", t).order for t in ("E MOS B", "E SEV B")], "typed")
    assert draft.lines("RUSSIA") == ["E SEV B"]
    game.set_orders("RUSSIA", ["E MOS B", "E SEV B"])
    assert game.pending_orders("RUSSIA") == draft.lines("RUSSIA")
