"""Orders entered but not yet submitted or adjudicated survive a save: the game master's transcription comes
back whole, a hot-seat power finds its own unsubmitted draft (and no other power sees it), and orders
cleared after a save are not adjudicated."""
from __future__ import annotations

import random

import pytest

from app.controllers.gm import GameMaster
from app.controllers.hotseat import HotSeatFlow, Stage
from app.controllers.setup import human_powers
from engine.bots import random_orders
from engine.game import Game
from engine.savefile import dumps, loads


def test_the_game_masters_orders_come_back_after_a_save() -> None:
    gm = GameMaster(Game.new())
    gm.enter_text("FRANCE: A PAR - BUR\nENGLAND: F LON - NTH")
    gm.keep_draft()
    reopened = GameMaster(loads(dumps(gm.game)))
    assert reopened.draft.lines("FRANCE") == ["A PAR - BUR"]
    assert reopened.draft.lines("ENGLAND") == ["F LON - NTH"]
    assert not reopened.draft.can_undo  # restoring is not an edit to undo
    assert not reopened.game.ready  # nothing was adjudicated or marked ready by the save


def test_orders_cleared_after_the_save_are_not_adjudicated() -> None:
    gm = GameMaster(Game.new())
    gm.enter_text("FRANCE: A PAR - BUR")
    gm.keep_draft()
    gm = GameMaster(loads(dumps(gm.game)))
    gm.draft.clear("FRANCE")
    gm.adjudicate()
    record = gm.game.history[-1]
    assert "FRANCE" not in record.orders
    assert gm.game.state.units["PAR"].power == "FRANCE"  # it held


def test_a_hot_seat_power_finds_its_own_unsubmitted_orders_and_no_one_elses() -> None:
    game = Game.new(meta={"mode": "hotseat"})
    flow = HotSeatFlow(game, ["ENGLAND", "FRANCE", "GERMANY"])
    flow.start()
    assert flow.power == "ENGLAND"
    flow.reveal()
    flow.draft.put("ENGLAND", game.check_line("ENGLAND", "F LON - NTH").order)  # type: ignore[arg-type,union-attr]
    flow.submit()
    flow.reveal()
    assert flow.power == "FRANCE"
    flow.draft.put("FRANCE", game.check_line("FRANCE", "A PAR - BUR").order)  # type: ignore[arg-type,union-attr]
    flow.keep_draft()

    again = loads(dumps(game))
    assert again.ready == {"ENGLAND"}  # FRANCE's draft is kept, not submitted
    flow = HotSeatFlow(again, ["ENGLAND", "FRANCE", "GERMANY"])
    flow.start()
    assert flow.stage is Stage.CURTAIN and flow.power == "FRANCE" and flow.waiting() == ["FRANCE", "GERMANY"]
    flow.reveal()
    assert flow.draft is not None and flow.draft.lines("FRANCE") == ["A PAR - BUR"]
    assert not flow.draft.can_undo
    flow.submit()
    flow.reveal()
    assert flow.power == "GERMANY" and flow.draft is not None and flow.draft.all_orders() == []
    flow.submit()
    assert flow.stage is Stage.RESULTS
    assert again.history[-1].orders["FRANCE"] == ("A PAR - BUR",)
    assert again.history[-1].orders["ENGLAND"] == ("F LON - NTH",)


def test_a_rollback_can_be_undone_until_the_next_adjudication() -> None:
    gm = GameMaster(Game.new())
    gm.enter_text("FRANCE: A PAR - BUR")
    gm.adjudicate()
    gm.enter_text("FRANCE: A BUR - MUN")
    gm.adjudicate()
    gm.enter_text("ENGLAND: F LON - NTH")
    later_phase, later_state, history = gm.game.phase, gm.game.state, list(gm.game.history)
    entered = gm.draft.all_orders()
    assert later_phase == "S1902M" and len(history) == 2 and entered  # no winter: nothing to adjust
    assert not gm.can_undo_rollback
    gm.rollback(0)
    assert gm.game.phase == "S1901M" and not gm.game.history and gm.draft.all_orders() == []
    assert gm.can_undo_rollback and gm.undo_rollback_text == "Spring 1902 Movement (2 phases restored)"
    gm.undo_rollback()
    assert gm.game.phase == later_phase and gm.game.state is later_state and gm.game.history == history
    assert gm.draft.all_orders() == entered  # the orders entered before the rollback came back too
    assert not gm.can_undo_rollback

    gm.rollback(1)
    gm.adjudicate()  # a new course: the phases set aside are gone for good
    assert not gm.can_undo_rollback and gm.undo_rollback_text == ""


VARIANTS = ("standard", "colonial", "1815", "engineered", "world31", "global_diplomacy", "age_of_discovery")


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_variants_transcribed_orders_come_back_in_every_kind_of_phase(variant: str) -> None:
    """A game master saves mid-phase in each phase of a random game; every order entered comes back
    as entered (the variants' own kinds: purchases, allocations, engineers, declarations)."""
    rng = random.Random(7)
    game = Game.new(variant)
    entered_in = []
    for _ in range(6):
        if game.is_over:
            break
        gm = GameMaster(game)
        for power in game.powers_to_order():
            orders = [c.order for c in (game.check_line(power, t) for t in random_orders(game, power, rng))
                      if c.order is not None]
            gm.draft.replace_all(power, orders, "entered")
        entered = {p: gm.draft.lines(p) for p in game.powers_to_order()}
        if any(entered.values()):
            entered_in.append(game.phase)
        gm.keep_draft()
        text = dumps(game)
        reopened = GameMaster(loads(text))
        assert {p: reopened.draft.lines(p) for p in game.powers_to_order()} == entered, game.phase
        assert dumps(reopened.game) == text  # reading the file changed nothing in it
        gm.adjudicate()
        game = gm.game
    assert len(entered_in) >= 3, entered_in  # orders were entered and kept in several phases


def test_a_file_naming_no_known_player_is_not_played_on_opening() -> None:
    game = Game.new(meta={"mode": "hotseat", "humans": ["MARS", 7]})
    flow = HotSeatFlow(loads(dumps(game)), human_powers(game))
    flow.start()
    assert flow.stage is Stage.CURTAIN and not flow.game.history  # nothing adjudicated behind anyone's back
    assert human_powers(game) == list(game.variant.powers)
