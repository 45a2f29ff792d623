"""EMG turn mails (rules 9.0) pasted into the orders and written out from them, without Qt: the cases of
``tests/data/variants/emg_mail/mails.json`` (headers, signature, two envelopes, indentation, a missing EMGEND,
another game's id, an unknown account, bad command lines), and mails written from drafted orders read back
to the same orders."""
from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from app.controllers.drafts import OrderDraft
from app.controllers.gm import GameMaster
from app.controllers.text_orders import enter_text_orders, mail_text, read_order_text
from engine.game import Game
from engine.orders import Hold, Order
from engine.types import ChancelleryError
from engine.variants import find_variant
from engine.variants.base import MailError

CASES = json.loads((Path(__file__).parents[1] / "data" / "variants" / "emg_mail" / "mails.json")
                   .read_text(encoding="utf-8"))["cases"]
EARLIER = {"ENGLAND": "A 3 - 4", "FRANCE": "A 18 H"}  # drafted before each mail is pasted


def drafted(game: Game) -> OrderDraft:
    draft = OrderDraft(game.variant.powers)
    for power, line in EARLIER.items():
        order = game.check_line(power, line).order
        assert order is not None
        draft.put(power, order)
    return draft


@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_a_pasted_mail(case: dict[str, Any]) -> None:
    game = Game.new("global_diplomacy")
    draft = drafted(game)
    before = {p: draft.lines(p) for p in game.variant.powers}
    text = case.get("newline", "\n").join(case["mail"])
    read = enter_text_orders(draft, game, text, case.get("powers", game.variant.powers))
    expect = case["expect"]
    if "refused" in expect:
        line, words = expect["refused"]
        assert read.replaces == () and len(read.outcomes) == 1
        refusal = read.outcomes[0]
        assert (refusal.number, refusal.ok, refusal.retype) == (line, False, text)  # the whole mail kept to edit
        assert refusal.error is not None and refusal.error.startswith(f"line {line}: ") and words in refusal.error
        assert {p: draft.lines(p) for p in game.variant.powers} == before
        return
    power = expect["power"]
    assert read.replaces == (power,)
    assert draft.lines(power) == expect["orders"]  # the whole turn replaced: the earlier order is gone
    assert {p: draft.lines(p) for p in game.variant.powers if p != power} == \
        {p: v for p, v in before.items() if p != power}
    failed = [o for o in read.outcomes if not o.ok]
    assert [o.number for o in failed] == [line for line, _ in expect["errors"]]
    for outcome, (line, words) in zip(failed, expect["errors"]):
        assert outcome.error is not None and outcome.error.startswith(f"line {line}: ")
        assert words in outcome.error and outcome.retype == f"{power}: {outcome.text}"
    for outcome in read.outcomes:  # each verdict names the line of its command in the mail
        assert game.check_line(power, " ".join(text.splitlines()[outcome.number - 1].split())).text == outcome.text
    if draft.can_undo:  # one undo step brings the earlier orders back
        draft.undo()
        assert draft.lines(power) == before[power]


def test_the_engine_reader_says_which_line_and_why() -> None:
    mail = find_variant("global_diplomacy").mail_format()
    assert mail is not None and mail.title == "EMG mail"
    turn = mail.read("x\nEMGSTART\n 11 \nglobal1890\n\n  MO  1 45\nEMGEND\nMO 2 3")
    assert (turn.power, turn.power_line, turn.commands) == ("USA", 3, ((6, "MO 1 45"),))
    with pytest.raises(MailError) as refused:
        mail.read("EMGSTART\nABC1234\nGD001\nEMGEND")
    assert refused.value.line == 3 and "GD001" in str(refused.value) and "global1890" in str(refused.value)
    assert isinstance(refused.value, ChancelleryError)


def test_standard_games_have_no_mail_and_read_an_envelope_as_lines() -> None:
    game = Game.new("standard")
    assert game.variant.mail_format() is None
    outcomes = read_order_text(game, "EMGSTART\nFRANCE\nA PAR - BUR\nEMGEND", ["FRANCE"])
    assert [o.text for o in outcomes if o.ok] == ["A PAR - BUR"]
    assert all(o.retype is None for o in outcomes)
    with pytest.raises(ChancelleryError, match="no mail format"):
        mail_text(game, OrderDraft(game.variant.powers), "FRANCE")


def unit_orders(game: Game, power: str, rng: random.Random) -> list[Order]:
    """One legal order, chosen at random, for each unit and build site of ``power``."""
    return [rng.choice(options) for options in game.legal_orders(power).values()]


TYPED = ["DA 4 5", "GA 6 all", "GA 4 7 3", "CA 4 5", "ME 4 The fleet at 7 is not aimed at you", "ME all Peace",
         "VC 25 450", "SP 18 20 21"]


@pytest.mark.parametrize("variant, options", [("global_diplomacy", {}), ("age_of_discovery", {"players": 12, "seed": 5})])
def test_a_written_mail_reads_back_to_the_same_orders(variant: str, options: dict[str, Any]) -> None:
    """Write → read gives the drafted orders (a unit that holds takes no command, and holds anyway)."""
    game = Game.new(variant, options=options)
    mail = game.variant.mail_format()
    assert mail is not None
    rng = random.Random(7)
    for power in game.variant.powers:
        draft = OrderDraft(game.variant.powers)
        orders = unit_orders(game, power, rng)
        if variant == "global_diplomacy" and power == "ENGLAND":
            orders += [o for o in (game.check_line(power, t).order for t in TYPED) if o is not None]
            assert len(orders) == 8 + len(TYPED)
        draft.replace_all(power, orders, "drafted")
        other = next(p for p in game.variant.powers if p != power)
        draft.replace_all(other, unit_orders(game, other, rng), "drafted")
        text = mail_text(game, draft, power)
        lines = text.splitlines()
        assert (lines[0], lines[2], lines[-1]) == ("EMGSTART", game.variant.board.id, "EMGEND")
        assert lines[1] == str(sorted(game.variant.powers).index(power) + 1)  # the rules' number, as the report's
        assert not any(" - " in line or line.endswith(" H") for line in lines)  # the rules' forms: MO, no holds
        read = OrderDraft(game.variant.powers)
        pasted = enter_text_orders(read, game, "Subject: EMGTURN\n\n" + text + "-- \n", game.variant.powers)
        assert all(o.ok for o in pasted.outcomes), [o.error for o in pasted.outcomes if not o.ok]
        assert read.orders(power) == [o for o in draft.orders(power) if not isinstance(o, Hold)]
        assert read.orders(other) == []  # sealed: the mail holds the one power's orders


def test_the_game_master_pastes_a_mail_and_copies_one() -> None:
    game = Game.new("global_diplomacy")
    gm = GameMaster(game)
    gm.set_focus_power("FRANCE")
    read = gm.enter_text("EMGSTART\n3\nglobal1890\nMO 7 223\nEMGEND")  # the mail names its power: not the focus
    assert read.replaces == ("ENGLAND",) and gm.draft.lines("ENGLAND") == ["F 7 - 223"]
    assert gm.draft.lines("FRANCE") == [] and gm.draft.undo_text == "EMG mail for ENGLAND"
    gm.enter_text("A 18 - 14")  # plain lines still go to the power in focus
    assert gm.draft.lines("FRANCE") == ["A 18 - 14"]
    assert gm.mail_text("ENGLAND") == "EMGSTART\n3\nglobal1890\nMO 7 223\nEMGEND\n"
    gm.adjudicate()
    assert [str(u) for u in game.state.units_of("ENGLAND") if u.loc == "223"] == ["F 223"]
