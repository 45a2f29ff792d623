"""1815 in reports and headers: a player's report keeps the others' secret orders (denials, Diplomacy
Point allocations) out; the game master's report has them all; the leader line names who is first."""
from __future__ import annotations

from engine.game import Game
from engine.report import game_report, phase_report
from engine.variants.base import PUBLIC_VIEW


def _fall_1815_with_secrets() -> Game:
    game = Game.new("1815")
    game.set_orders("BRITAIN", ["F LVP - IRS"], ready=True)
    game.process()
    assert game.state.units["IRS"].power == "BRITAIN"
    checks = game.set_orders("BRITAIN", ["DENY A SCO BY F IRS"], ready=True)
    assert all(c.ok for c in checks), [c.error for c in checks]
    checks = game.set_orders("FRANCE", ["DP 2 F POR H"], ready=True)
    assert all(c.ok for c in checks), [c.error for c in checks]
    game.process()
    return game


def test_a_players_report_hides_the_others_denials_and_allocations() -> None:
    game = _fall_1815_with_secrets()
    index = 1
    full = phase_report(game, index)
    assert "DENY A SCO" in full and "DP 2 F POR H" in full  # the game master reads everything
    britain = phase_report(game, index, "BRITAIN")
    assert "DENY A SCO" in britain and "DP 2" not in britain
    france = phase_report(game, index, "FRANCE")
    assert "DP 2 F POR H" in france and "DENY" not in france
    for viewer in ("RUSSIA", PUBLIC_VIEW):
        text = game_report(game, viewer)
        assert "DENY" not in text and "DP 2" not in text, viewer
    assert game_report(game) == "\n".join(phase_report(game, i) for i in range(len(game.history)))


def test_the_leader_line_names_who_is_first_and_whether_alone() -> None:
    game = Game.new("1815")
    variant = game.variant
    assert variant.leader_line(game.state) is not None
    assert variant.leader_line(game.state).startswith("Tied for first")  # six powers hold four each
    centres = dict(game.state.centers)
    gained = [c for c in variant.board.supply_centers if centres.get(c) != "FRANCE"][:21]
    for c in gained:
        centres[c] = "FRANCE"
    state = game.state.replace(centers=centres)
    line = variant.leader_line(state)
    assert line is not None and line.startswith("First: France") and "wins alone" in line
    assert Game.new("standard").variant.leader_line(Game.new("standard").state) is None


def test_the_leader_line_is_in_the_report_of_a_variant_that_has_one() -> None:
    game = _fall_1815_with_secrets()
    assert "Tied for first" in phase_report(game, 1) or "First:" in phase_report(game, 1)
    standard = Game.new("standard")
    standard.process()
    assert "First" not in phase_report(standard, 0)



def test_the_centre_table_keeps_one_column_for_the_ottoman_empire() -> None:
    game = Game.new("1815")
    game.process()
    report = phase_report(game, 0)
    table = report.split("Supply centres\n", 1)[1].split("\n\n", 1)[0].splitlines()
    counts = [line for line in table if line.rstrip()[-1:].isdigit()]
    assert len(counts) == len(game.variant.powers) and any("Ottoman Empire" in line for line in counts)
    assert len({len(line) for line in counts}) == 1, counts  # every count ends in the same column
