"""What order kinds and variants tell a front end without it knowing the variant: a kind's note in an order
list, a caution before sending, whether it takes a build, pseudo-powers' names and the bid side panel."""
from __future__ import annotations

import pytest

from engine.game import Game
from engine.orders import Build, Hold, Move, Waive
from engine.types import ChancelleryError, Unit, UnitType
from engine.variants import find_variant, variant_ids
from engine.variants.base import pseudo_power_name

A, F = UnitType.ARMY, UnitType.FLEET


def test_standard_orders_have_no_note_and_builds_and_waives_take_a_build() -> None:
    standard = find_variant("standard")
    hold = Hold(Unit("FRANCE", A, "PAR"))
    assert standard.order_note(hold) == "" and hold.caution() is None and not hold.uses_build
    assert Build(Unit("FRANCE", A, "PAR")).uses_build and Waive("FRANCE").uses_build


def test_colonial_words_its_railway_moves_and_suez_permissions() -> None:
    colonial = find_variant("colonial")
    game = Game.new("colonial")
    typed = game.check_line("RUSSIA", "A MOS - VLA VIA TSR").order
    assert typed is not None and colonial.order_note(typed) == "by railway"
    assert colonial.order_note(Move(Unit("RUSSIA", A, "MOS"), "PRM")) == ""
    kinds = {k.__name__: k for k in colonial.order_kinds}
    assert kinds["SuezPermission"].note == "Suez passage granted"


def test_engineered_bids_are_described_by_the_variant() -> None:
    standard = Game.new("standard")
    assert not standard.variant.takes_bids() and standard.variant.bid_targets(standard.state) == []
    with pytest.raises(ChancelleryError, match="no units to bid for"):
        standard.variant.bid_order("FRANCE", [Unit("FRANCE", A, "PAR")], Hold(Unit("FRANCE", A, "PAR")))
    game = Game.new("engineered", options={"level": "complex"})
    variant = game.variant
    assert variant.takes_bids() and pseudo_power_name("NEUTRAL") == "Madman" == variant.power_name("NEUTRAL")
    assert pseudo_power_name("FRANCE") is None
    assert all(u.power == "NEUTRAL" for u, _ in variant.bid_targets(game.state))
    assert variant.bid_offerable(game.state, "RUSSIA") == sorted(game.state.units_of("RUSSIA"), key=lambda u: u.loc)
    assert not Game.new("engineered", options={"level": "simple"}).variant.takes_bids()
    offered = [Unit("RUSSIA", A, "MOS")]
    madman_order = Hold(Unit("NEUTRAL", F, "BLA"))
    bid = variant.bid_order("RUSSIA", offered, madman_order)
    assert str(bid) == "BID A MOS FOR F BLA H" and type(bid).note == "bid"
    assert bid.caution() == "BID A MOS FOR F BLA H — if the bid wins, A MOS holds in civil disorder and its own order is void"


def test_variants_say_how_their_orders_are_drawn() -> None:
    from engine.order_marks import MarkKind, MarkStyle
    from engine.orders import SupportHold

    standard = find_variant("standard")
    support = SupportHold(Unit("FRANCE", A, "PAR"), Unit("FRANCE", A, "BUR"))
    (mark,) = standard.order_marks(support)
    assert (mark.kind, mark.at, mark.to, mark.style) == (MarkKind.SUPPORT_HOLD, "PAR", "BUR", MarkStyle.NORMAL)
    assert standard.order_marks(Waive("FRANCE")) == ()
    colonial = Game.new("colonial")
    ride = colonial.check_line("RUSSIA", "A MOS - VLA VIA TSR").order
    assert ride is not None
    (track,) = colonial.variant.order_marks(ride)
    assert track.style is MarkStyle.RAILWAY and track.via == ("PRM", "OMS", "KRA", "IRK")
    assert colonial.variant.uncounted_centre_note() == "HON held by China: no centre"
    assert standard.uncounted_centre_note() is None
    engineered = find_variant("engineered", {"level": "complex"})
    bid = engineered.bid_order("RUSSIA", [Unit("RUSSIA", A, "MOS")], Hold(Unit("NEUTRAL", F, "BLA")))
    (held,) = engineered.order_marks(bid)  # a bid is drawn as the order it asks for
    assert (held.kind, held.at) == (MarkKind.HOLD, "BLA")


def _positions(vid: str) -> list[Game]:
    """A variant's first phase and the phases random players reach after it (every phase type)."""
    import random

    from engine.bots import play_random_phase

    rng = random.Random(7)
    game = Game.new(vid)
    games = []
    for _ in range(8):
        games.append(_copy(game))
        play_random_phase(game, rng)
    return games


def _copy(game: Game) -> Game:
    copy = Game.new(game.variant.id, options=dict(game.variant.options))
    copy.replace_state(game.state)
    return copy


@pytest.mark.parametrize("vid", variant_ids())
def test_every_legal_order_is_picked_by_entries_whose_clicks_and_words_it_fills(vid: str) -> None:
    """The click description of every kind fits its orders: each pick reads a place on the board, a
    ``start`` names a unit, and every word template fills from the order's fields."""
    from engine.entry import pick_place, words
    from engine.types import Unit as U

    for game in _positions(vid):
        board = game.variant.board
        for power in game.powers_to_order():
            for orders in game.legal_orders(power).values():
                for order in orders:
                    entries = game.variant.order_entries(order)
                    assert entries, f"{order} ({type(order).__name__}) can't be clicked"
                    for entry in entries:
                        for pick in entry.picks:
                            assert pick_place(order, pick) in board.provinces, (order, pick.fields)
                        if entry.start:
                            assert isinstance(getattr(order, entry.start), U), (order, entry.start)
                        for template in (entry.choice, entry.withdraw):
                            text = words(template, order, board, unit="A PAR", place="Paris", whose="your")
                            assert "{" not in text and "None" not in text, (order, template, text)
