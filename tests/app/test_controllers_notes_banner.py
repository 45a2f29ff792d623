"""The results banner's "Also: ..." sentence: rule notes spelled out power by power, except a note many powers
get under one heading (World Diplomacy's finance sheet, one per country), which is counted once."""
from __future__ import annotations

from app.controllers.describe import notes_banner, rule_notes
from app.controllers.gm import GameMaster
from engine.game import Game
from engine.phases import OrderResult
from engine.variants import find_variant


def _note(power: str, heading: str, words: str) -> OrderResult:
    return OrderResult(power, heading, "succeeds", words, default=True)


def test_a_heading_many_powers_share_is_counted_and_the_others_are_spelled_out() -> None:
    board = find_variant("world31").board
    powers = sorted(board.powers)
    notes = [_note(p, "FINANCES", "finances: upkeep of ...") for p in powers[:5]]
    notes.append(_note(powers[0], "M NA12", "militia lost"))
    banner = notes_banner(board, notes)
    assert banner == f"Also: FINANCES for 5 powers; {board.powers[powers[0]].name}: M NA12 — militia lost."


def test_two_notes_under_one_heading_are_still_spelled_out_and_many_items_point_to_the_history() -> None:
    board = find_variant("standard").board
    two = [_note("FRANCE", "LOAN", "repaid"), _note("ITALY", "LOAN", "renewed")]
    assert notes_banner(board, two) == "Also: France: LOAN — repaid; Italy: LOAN — renewed."
    six = [_note(p, f"A {loc}", "lost") for p, loc in zip(sorted(board.powers), ("PAR", "ROM", "VIE", "BER", "MOS", "LON"))]
    assert notes_banner(board, six).endswith("(+2 more in the History tab).")
    assert notes_banner(board, []) == ""


def test_a_world_game_masters_banner_counts_the_finance_sheets_instead_of_listing_them() -> None:
    game = Game.new("world31")
    gm = GameMaster(game)
    before = game.state
    gm.adjudicate()
    notes = rule_notes(game.history[-1].results, before)
    sheets = [n for n in notes if n.order == "FINANCES"]
    assert len(sheets) == len(game.variant.powers)
    banner = notes_banner(game.variant.board, notes)
    assert f"FINANCES for {len(sheets)} powers" in banner
    assert "finances:" not in banner and len(banner) < 300
