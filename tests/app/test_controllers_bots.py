"""Bots in hot-seat games and GM suggestions, without Qt: seats stored in the game, whole games with five bots
and two scripted people, orders sealed like anyone's, the strength reaching the bot."""
from __future__ import annotations

import logging
import random
from typing import Any

import pytest

import engine.bots
from app.controllers.gm import GameMaster
from app.controllers.hotseat import HotSeatFlow, Stage
from app.controllers.setup import Mode, NewGameSpec, bot_seats, create_game, human_powers
from engine.game import Game
from engine.savefile import dumps, loads
from engine.seat_bots import BotSeat, bot_orders
from engine.types import ChancelleryError

BOTS = {"AUSTRIA": "easy", "ENGLAND": "normal", "ITALY": "normal", "RUSSIA": "easy", "TURKEY": "normal"}


def test_bot_seats_are_stored_with_the_game_and_survive_a_save() -> None:
    game = create_game(NewGameSpec("standard", Mode.HOTSEAT, ("FRANCE", "GERMANY"), bots=BOTS))
    again = loads(dumps(game))
    assert human_powers(again) == ["FRANCE", "GERMANY"]
    assert bot_seats(again) == {p: BotSeat(p, s) for p, s in BOTS.items()}


def test_bots_alone_leave_the_rest_to_people() -> None:
    game = create_game(NewGameSpec("standard", Mode.HOTSEAT, bots={"ITALY": "easy"}))
    assert "ITALY" not in human_powers(game) and len(human_powers(game)) == 6


@pytest.mark.parametrize("spec, message", [
    (NewGameSpec("standard", Mode.HOTSEAT, ("FRANCE",), bots={"FRANCE": "easy"}), "both here and by a bot"),
    (NewGameSpec("standard", Mode.HOTSEAT, ("FRANCE",), bots={"ITALY": "grandmaster"}), "no bot strength 'grandmaster'"),
    (NewGameSpec("standard", Mode.HOTSEAT, ("FRANCE",), bots={"ATLANTIS": "easy"}), "unknown power"),
    (NewGameSpec("standard", Mode.HOTSEAT, bots={p: "easy" for p in ("AUSTRIA", "ENGLAND", "FRANCE", "GERMANY",
                                                                     "ITALY", "RUSSIA", "TURKEY")}),
     "at least one power"),
])
def test_bad_bot_choices_are_named(spec: NewGameSpec, message: str) -> None:
    with pytest.raises(ChancelleryError, match=message):
        create_game(spec)


def _scripted_person(game: Game, power: str, rng: random.Random) -> list[Any]:
    """One legal order per unit or site of the power's own options, as a person clicking would give."""
    return [rng.choice(options) for _, options in sorted(game.legal_orders(power).items())]


def test_five_bots_and_two_people_play_a_hot_seat_game_to_the_end(caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG)
    game = create_game(NewGameSpec("standard", Mode.HOTSEAT, ("FRANCE", "GERMANY"), victory_centers=10, bots=BOTS))
    saves: list[str] = []
    flow = HotSeatFlow(game, human_powers(game), autosave=lambda g: saves.append(dumps(g)),
                       rng=random.Random(17), bots=bot_seats(game))
    person = random.Random(4)
    curtains: set[str] = set()
    bot_orders_given: set[str] = set()
    flow.start()
    for _ in range(2000):
        if flow.stage is Stage.OVER:
            break
        if flow.stage is Stage.CURTAIN:
            assert flow.power in ("FRANCE", "GERMANY")  # no curtain ever stops for a bot
            curtains.add(flow.power)
            flow.reveal()
        elif flow.stage is Stage.ENTRY:
            assert flow.power is not None and flow.draft is not None and flow.entry is not None
            # The person's fresh draft and options hold nothing of the bots' sealed orders.
            assert flow.draft.all_orders() == []
            assert flow.entry.options.powers() == [flow.power]
            for order in _scripted_person(game, flow.power, person):
                flow.draft.put(flow.power, order)
            flow.submit()
        else:
            assert flow.last_result is not None
            bot_orders_given |= {r.power for r in flow.last_result.results if r.power in BOTS and not r.default}
            flow.continue_after_results()
    assert flow.stage is Stage.OVER and game.is_over and game.winner is not None
    assert curtains == {"FRANCE", "GERMANY"}
    assert bot_orders_given == set(BOTS)  # every bot gave orders of its own, not civil-disorder defaults
    assert len(game.history) > 4  # a game of several years, not a first-phase accident
    # Orders (the bots' included) never reach the log.
    assert " - " not in caplog.text and "a bot submitted orders for" in caplog.text


def test_a_bots_orders_are_sealed_in_the_autosave_until_adjudication() -> None:
    game = create_game(NewGameSpec("standard", Mode.HOTSEAT, ("FRANCE", "GERMANY"), bots={"ITALY": "normal"}))
    saves: list[str] = []
    flow = HotSeatFlow(game, human_powers(game), autosave=lambda g: saves.append(dumps(g)),
                       rng=random.Random(3), bots=bot_seats(game))
    flow.start()
    assert game.has_submitted("ITALY") and flow.stage is Stage.CURTAIN and flow.power == "FRANCE"
    sealed = game.pending_orders("ITALY")
    assert sealed and all(line.split()[1] in ("VEN", "ROM", "NAP") for line in sealed)
    flow.reveal()
    flow.submit()  # France's (empty) orders: the game is autosaved with Italy's orders pending
    assert saves
    for line in sealed:
        assert line not in saves[-1]
    again = loads(saves[-1])
    assert again.pending_orders("ITALY") == sealed  # kept, encoded


def test_a_reopened_game_keeps_the_bots_sealed_orders_and_does_not_play_again() -> None:
    game = create_game(NewGameSpec("standard", Mode.HOTSEAT, ("FRANCE",), bots={"ITALY": "easy"}))
    HotSeatFlow(game, human_powers(game), rng=random.Random(1), bots=bot_seats(game)).start()
    first = game.pending_orders("ITALY")
    again = loads(dumps(game))
    HotSeatFlow(again, human_powers(again), rng=random.Random(2), bots=bot_seats(again)).start()
    assert again.pending_orders("ITALY") == first


def test_the_seat_strength_reaches_a_bot_that_takes_one(monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[tuple[str, str]] = []

    def player(game: Game, power: str, rng: random.Random, strength: str = "normal") -> list[str]:
        asked.append((power, strength))
        return []

    monkeypatch.setattr(engine.bots, "bot_orders", player)
    game = create_game(NewGameSpec("standard", Mode.HOTSEAT, ("FRANCE",), bots={"ITALY": "easy", "TURKEY": "normal"}))
    HotSeatFlow(game, human_powers(game), bots=bot_seats(game)).start()
    assert sorted(asked) == [("ITALY", "easy"), ("TURKEY", "normal")]


def test_gm_asks_for_suggested_orders_for_one_power_and_edits_them() -> None:
    game = create_game(NewGameSpec("standard", Mode.GM))
    gm = GameMaster(game, rng=random.Random(5))
    gm.draft.put("ENGLAND", game.check_line("ENGLAND", "F LON - NTH").order)  # type: ignore[arg-type]
    suggested = gm.suggest_orders("FRANCE")
    assert len(suggested) == 3 and gm.draft.lines("FRANCE") == suggested
    assert {line.split()[1] for line in suggested} == {"PAR", "MAR", "BRE"}
    assert all(game.check_line("FRANCE", line).ok for line in suggested)
    assert gm.draft.lines("ENGLAND") == ["F LON - NTH"]  # other powers' entries are untouched
    assert not any(game.pending_orders(p) for p in game.variant.powers)  # nothing is submitted yet
    gm.draft.undo()
    assert gm.draft.lines("FRANCE") == []  # one undo step takes the suggestion back
    gm.draft.redo()
    edited = game.check_line("FRANCE", "A PAR - PIC").order
    assert edited is not None
    gm.draft.put("FRANCE", edited)  # the GM edits the suggestion
    gm.adjudicate()
    assert "A PAR - PIC" in game.history[-1].orders["FRANCE"]
    with pytest.raises(ChancelleryError, match="unknown power 'ATLANTIS'"):
        gm.suggest_orders("ATLANTIS")


def test_bot_orders_name_bad_requests() -> None:
    game = Game.new("standard")
    with pytest.raises(ChancelleryError, match="unknown power"):
        bot_orders(game, "ATLANTIS")
    with pytest.raises(ChancelleryError, match="no bot strength"):
        bot_orders(game, "FRANCE", "perfect")
