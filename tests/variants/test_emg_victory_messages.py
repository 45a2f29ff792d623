"""EMG victory (votes, points, ranking, the end of the game) and anonymous messages through the engine:
what the data-driven cases (tests/data/variants/emg_examples/cases.json) can't show, over several turns and
through every path a recipient reads (views, results, reports, save files)."""
from __future__ import annotations

import pytest

import emg_examples  # noqa: F401  (registers the examples board)
from engine import savefile
from engine.game import Game
from engine.report import phase_report
from engine.types import Phase
from engine.variants import find_variant
from engine.variants.base import PUBLIC_VIEW
from engine.variants.emg.messages import pieces
from engine.variants.emg.turn import victory_points
from engine.variants.emg.victory import all_victory_points, averaged, capitals

SECRET = "Meet me at Cracow, bring corps"


def _played(game: Game, orders: dict[str, list[str]]) -> None:
    for power, lines in orders.items():
        checks = game.set_orders(power, lines)
        assert all(c.ok for c in checks), checks
    game.process()


# --- victory points and the votes -----------------------------------------------------------------------


def test_every_powers_points_in_one_pass_match_the_count_of_one_power() -> None:
    """RG-VIC-3/5: the one-pass count agrees with ``turn.victory_points`` for every power, penalty included."""
    variant = find_variant("global_diplomacy")
    game = Game.new("global_diplomacy")
    _played(game, {"AUSTRIA": ["MO 41 42"], "ENGLAND": ["MO 7 233"]})
    state = game.state.replace(extra={**game.state.extra, "penalty": {"RUSSIA": 1}})
    together = all_victory_points(variant.board, state)
    alone = {p: victory_points(variant.board, state, p, capitals(variant.board)) for p in variant.board.powers}
    assert together == pytest.approx(alone)
    assert together["RUSSIA"] == pytest.approx(alone["RUSSIA"]) and alone["RUSSIA"] < \
        victory_points(variant.board, game.state, "RUSSIA", capitals(variant.board))


def test_a_capital_scores_five_for_whoever_owns_it() -> None:
    """RG-VIC-3: London (England's capital) held by France adds 5 to France's points, not England's."""
    variant = find_variant("global_diplomacy")
    state = variant.initial_state()
    before = all_victory_points(variant.board, state)
    taken = state.replace(centers={**state.centers, "7": "FRANCE"})
    after = all_victory_points(variant.board, taken)
    assert after["FRANCE"] - before["FRANCE"] == 1 + 2 + 5  # the area, a 2-point centre, the capital
    assert before["ENGLAND"] - after["ENGLAND"] == 8


def test_the_averages_round_turns_half_up_and_keep_the_percentage() -> None:
    assert averaged([[10, 300], [11, 301]], 25, 400) == {"turns": 11, "percent": 300.5}  # 10.5 turns -> 11
    assert averaged([[10, 300], [10, 301], [11, 300]], 25, 400) == {"turns": 10, "percent": 300.33}
    assert averaged([], 25, 400) == {"turns": 25, "percent": 400}


def test_age_of_discovery_votes_between_900_and_1500_percent() -> None:
    """RG-AOD-11: the percentage range is 900-1500 (turns still 10-40)."""
    game = Game.new("age_of_discovery", options={"players": 9, "seed": 3})
    power = game.variant.powers[0]
    ok, low, high = game.set_orders(power, ["VC 20 900", "VC 20 500", "VC 41 1200"])
    assert ok.ok and "900 to 1500%" in (low.error or "") and "10 to 40 turns" in (high.error or "")
    specs = {s.name: s for s in game.variant.option_specs}
    assert (specs["victory_percent"].minimum, specs["victory_percent"].maximum) == (900, 1500)


# --- the end of the game ----------------------------------------------------------------------------------


def test_the_game_ends_on_the_voted_turn_and_the_best_increase_wins() -> None:
    """RG-VIC-1/2: every power votes 10 turns on the first; Austria-Hungary takes neutral 42 (more points, the
    only increase); after the tenth turn the game is over and it has won. Saved and loaded, it stays over."""
    game = Game.new("global_diplomacy")
    votes = {p: ["VC 10 300"] for p in game.variant.powers}
    _played(game, {**votes, "AUSTRIA": ["VC 10 300", "MO 41 42"]})
    assert game.state.extra["victory"] == {"turns": 10, "percent": 300}
    while not game.is_over:
        assert len(game.history) < 10, "the game should have ended after ten turns"
        _played(game, {})
    assert len(game.history) == 10 and game.winner == "AUSTRIA" and not game.drawn
    assert game.state.extra["ended"]["winners"] == ["AUSTRIA"]
    assert game.variant.winner(game.state) == "AUSTRIA"
    loaded = savefile.loads(savefile.dumps(game))
    assert loaded.is_over and loaded.winner == "AUSTRIA"
    with pytest.raises(Exception, match="over"):
        loaded.set_orders("FRANCE", ["MO 18 17"])


def test_a_shared_first_place_ends_the_game_drawn() -> None:
    """RG-VIC-2 "ties are possible": two powers ranked first at the end share it; the game records a draw."""
    variant = find_variant("emg_examples")
    state = variant.make_state(Phase.parse("F1905M"), [], {"LON": "ENGLAND", "PAR": "FRANCE"}, extra={
        "victory": {"turns": 10, "percent": 400}, "start_vp": {"ENGLAND": 4, "FRANCE": 1.5}})
    game = Game(variant, state)
    game.process()
    assert game.is_over and game.drawn and game.winner is None
    assert game.state.extra["ended"]["winners"] == ["ENGLAND", "FRANCE"]  # 8 from 4 and 3 from 1.5: +100%


def test_the_game_masters_centre_count_ends_the_game_and_the_highest_ranked_wins() -> None:
    game = Game.new("global_diplomacy", options={"victory_centers": 8})  # England, Russia and others own 8
    _played(game, {"AUSTRIA": ["MO 41 42"]})
    assert game.is_over and game.winner == "AUSTRIA"  # the only increase ranks first
    assert "supply centres" in game.state.extra["ended"]["why"]


# --- who knows what ----------------------------------------------------------------------------------------


def test_a_power_sees_its_own_vote_and_standing_but_not_the_conditions() -> None:
    """6.0: "the game will end at an unknown turn ... and an unknown percentage": the averages stay with the
    game master; a power sees its own vote and line, and of the others only the first four's ranks."""
    game = Game.new("global_diplomacy")
    _played(game, {"ENGLAND": ["VC 20 400"], "FRANCE": ["VC 30 500"], "AUSTRIA": ["MO 41 42"]})
    variant, state = game.variant, game.state
    england = variant.view_for(state, "ENGLAND").extra
    assert "victory" not in england and england["votes"] == {"ENGLAND": [20, 400]}
    assert set(england["standing"]["ENGLAND"]) == {"vp", "percent", "rank"}
    assert england["standing"]["AUSTRIA"] == {"rank": 1}  # Austria leads, as the news would say
    assert all(set(line) == {"rank"} for p, line in england["standing"].items() if p != "ENGLAND")
    assert "start_vp" not in england and "votes" not in variant.view_for(state, "RUSSIA").extra
    public = variant.view_for(state, PUBLIC_VIEW).extra
    assert "votes" not in public and "victory" not in public and public["standing"] == {"AUSTRIA": {"rank": 1}}
    assert variant.view_for(state, None).extra["victory"] == {"turns": 25, "percent": 450}
    panel = variant.account_panel(state, "ENGLAND")
    assert panel is not None and ("Your victory vote", "20 turns, 400%") in panel.lines
    assert ("Doing very well", "Austria-Hungary") in panel.lines
    assert [f.key for f in panel.forms] == ["message"]  # the vote is over after the first turn
    assert variant.leader_line(state) == "Doing very well: Austria-Hungary"


# --- anonymous messages --------------------------------------------------------------------------------------


def _message_game() -> Game:
    game = Game.new("global_diplomacy")
    checks = game.set_orders("ENGLAND", [f"ME 10 {SECRET}", "ME all To everyone"])  # 10: Spain-Portugal
    assert all(c.ok for c in checks), checks
    return game


def test_a_long_message_is_drafted_as_45_character_pieces() -> None:
    text = "Spain: I propose an alliance against France; answer by moving to 11 this turn please"
    parts = pieces(text)
    assert all(len(p) <= 45 for p in parts) and " ".join(parts) == text and len(parts) == 2
    variant = find_variant("global_diplomacy")
    lines = variant.account_order(variant.initial_state(), "ENGLAND", "message", {"to": "SPAIN", "text": text})
    assert lines.splitlines() == [f"ME SPAIN {p}" for p in parts]
    assert pieces("x" * 100) == ["x" * 45, "x" * 45, "x" * 10]


def test_the_recipient_reads_the_message_and_never_the_sender() -> None:
    """RG-ORD-15: the recipient's view, results and report hold the text, never who sent it; other powers
    get nothing of it; the game master sees everything."""
    game = _message_game()
    before = game.state
    game.process()
    variant, state, record = game.variant, game.state, game.history[-1]
    spain = variant.view_for(state, "SPAIN")
    assert spain.extra["inbox"] == {"SPAIN": [SECRET, "To everyone"]}
    assert SECRET not in str(variant.view_for(state, "FRANCE").extra)
    assert variant.view_for(state, "FRANCE").extra["inbox"] == {"FRANCE": ["To everyone"]}
    assert "inbox" not in variant.view_for(state, PUBLIC_VIEW).extra
    assert "inbox" not in variant.view_for(state, "ENGLAND").extra  # a message to all skips its sender
    shown = variant.results_for(before, list(record.results), "SPAIN")
    assert not [r for r in shown if r.order.startswith("ME") or r.power == "ENGLAND"]
    gm = variant.results_for(before, list(record.results), None)
    assert any(r.power == "ENGLAND" and r.order == f"ME SPAIN {SECRET}" for r in gm)
    spain_report = phase_report(game, len(game.history) - 1, viewer="SPAIN")
    assert f"ME SPAIN {SECRET}" not in spain_report and "ME ALL" not in spain_report
    assert f"ME SPAIN {SECRET}" in phase_report(game, len(game.history) - 1, viewer=None)
    panel = variant.account_panel(state, "SPAIN")
    assert panel is not None and ("Turn 1", SECRET) in panel.log
    france = variant.account_panel(state, "FRANCE")
    assert france is not None and SECRET not in str(france.lines) + str(france.log)


def test_a_saved_game_keeps_messages_sealed_and_anonymous() -> None:
    """Before the turn the message is a sealed order: not in the save file's text. After it, the loaded game
    shows the recipient the text alone."""
    game = _message_game()
    text = savefile.dumps(game)
    assert SECRET not in text and "Cracow" not in text
    loaded = savefile.loads(text)
    assert loaded.pending_orders("ENGLAND") == game.pending_orders("ENGLAND")
    loaded.process()
    again = savefile.loads(savefile.dumps(loaded))
    view = again.variant.view_for(again.state, "SPAIN")
    assert view.extra["inbox"]["SPAIN"] == [SECRET, "To everyone"]
    assert "ENGLAND" not in str(view.extra["inbox"])
    shown = again.variant.results_for(again.history[-1].state, list(again.history[-1].results), "SPAIN")
    assert all(SECRET not in r.order and SECRET not in r.reason for r in shown)


def test_last_turns_messages_are_gone_after_the_next_turn() -> None:
    game = _message_game()
    game.process()
    game.process()
    assert "inbox" not in game.state.extra


def test_an_inbox_keeps_each_senders_pieces_in_order_and_orders_blocks_by_text_not_sender() -> None:
    from engine.variants.emg.messages import Message, inboxes

    submitted = {"AUSTRIA": [Message("AUSTRIA", "SPAIN", "zeta first"), Message("AUSTRIA", "SPAIN", "alpha next")],
                 "USA": [Message("USA", "SPAIN", "beta")], "CHINA": [Message("CHINA", "ALL", "omega")]}
    got = inboxes(submitted, ["AUSTRIA", "CHINA", "SPAIN", "USA"])
    assert got["SPAIN"] == ["beta", "omega", "zeta first", "alpha next"]
    assert got["AUSTRIA"] == got["USA"] == ["omega"] and "CHINA" not in got


def test_a_declaration_naming_several_powers_reads_back_and_shows_each_in_the_relations_tab() -> None:
    """RG-ORD-12: ``DA 3 10`` is one command towards England and Spain-Portugal, printed as it reads."""
    game = Game.new("global_diplomacy")
    check = game.check_line("FRANCE", "DA 3 10")
    assert check.ok and check.text == "DA ENGLAND SPAIN" and game.check_line("FRANCE", check.text).order == check.order
    assert game.variant.pending_declarations([check.order], "FRANCE") == (("ENGLAND", "ally"), ("SPAIN", "ally"))  # type: ignore[list-item]
    assert "no relations with itself" in (game.check_line("FRANCE", "DW 3 4").error or "")


@pytest.mark.parametrize("text, words", [
    ("ME", "ME takes a Great Power"), ("ME 4", "needs some text"), ("ME 3 hi", "to oneself"),
    ("ME 99 hi", "no Great Power '99'"), ("ME 4 tab\there", "one line of printable"),
    ("VC", "VC takes the game's length"), ("VC 20", "VC takes"), ("VC 5 400", "10 to 40 turns"),
    ("DA", "DA names one Great Power or several"), ("DW 4 xx", "no Great Power 'xx'")])
def test_bad_victory_message_and_declaration_commands_say_what_is_wrong(text: str, words: str) -> None:
    game = Game.new("global_diplomacy")
    check = game.check_line("ENGLAND", text)
    assert not check.ok and words in (check.error or "")


def test_each_recipient_reads_its_messages_again_turn_by_turn_and_never_a_sender() -> None:
    """Messages stay readable after their turn: a power's view holds every text it received, by turn,
    without senders; no other power's view holds them; the game master's panel has them with senders."""
    game = _message_game()
    game.process()
    assert all(c.ok for c in game.set_orders("FRANCE", ["ME SPAIN Second turn, from France"]))
    assert all(c.ok for c in game.set_orders("ITALY", ["ME SPAIN A word from Rome"]))
    game.process()
    game.process()  # a third turn with no message: the first two are still there
    variant, state = game.variant, game.state
    spain = variant.view_for(state, "SPAIN")
    assert spain.extra["received"] == {"SPAIN": [[1, SECRET], [1, "To everyone"], [2, "A word from Rome"],
                                                 [2, "Second turn, from France"]]}
    assert "mail" not in spain.extra and "ENGLAND" not in str(spain.extra.get("received"))
    assert variant.view_for(spain, "SPAIN").extra["received"] == spain.extra["received"]  # a view of a view
    assert variant.view_for(state, "FRANCE").extra["received"] == {"FRANCE": [[1, "To everyone"]]}
    assert "received" not in variant.view_for(state, "ENGLAND").extra  # a message to all skips its sender
    public = variant.view_for(state, PUBLIC_VIEW).extra
    assert "mail" not in public and "received" not in public
    for power in variant.powers:
        if power != "SPAIN":
            assert SECRET not in str(variant.view_for(state, power).extra)
    panel = variant.account_panel(state, "SPAIN")
    assert panel is not None and panel.log == (("Turn 1", SECRET), ("Turn 1", "To everyone"),
                                               ("Turn 2", "A word from Rome"), ("Turn 2", "Second turn, from France"))
    master = variant.game_master_panel(state)
    assert master is not None
    letters = next(t for t in master.tables if t.title == "Anonymous messages")
    assert letters.rows[-1] == ("2", "Italy", "Spain-Portugal", "A word from Rome")
    assert ("1", "England", "Spain-Portugal", SECRET) in letters.rows
    assert ("1", "England", "every Great Power", "To everyone") in letters.rows
    loaded = savefile.loads(savefile.dumps(game))
    again = loaded.variant.view_for(loaded.state, "SPAIN")
    assert again.extra["received"] == spain.extra["received"] and "mail" not in again.extra


def test_the_game_masters_panel_ranks_every_power_with_its_vote() -> None:
    game = Game.new("global_diplomacy")
    for power, vote in (("ENGLAND", "VC 20 400"), ("FRANCE", "VC 10 300")):
        assert all(c.ok for c in game.set_orders(power, [vote]))
    game.process()
    master = game.variant.game_master_panel(game.state)
    assert master is not None
    table = master.tables[0]
    assert table.columns == ("Great Power", "Victory points", "Increase", "Rank", "Vote")
    assert len(table.rows) == 11 and [int(r[3]) for r in table.rows] == sorted(int(r[3]) for r in table.rows)
    by_name = {r[0]: r for r in table.rows}
    assert by_name["England"][4] == "20 turns, 400%" and by_name["France"][4] == "10 turns, 300%"
    assert by_name["Italy"][4] == "—"
    standing = game.state.extra["standing"]["ENGLAND"]
    assert by_name["England"][1] == f"{standing['vp']:g}" and by_name["England"][3] == str(standing["rank"])
    assert "15 turns or at a 350% increase (the averaged votes)" in table.note
    # A power's own panel keeps to what the rules let it know: its own vote and line, no other's points.
    mine = game.variant.account_panel(game.state, "ITALY")
    assert mine is not None and "400" not in str(mine.lines) and "300" not in str(mine.lines)
    assert game.variant.game_master_panel is not None and find_variant("standard").game_master_panel(
        find_variant("standard").initial_state()) is None
