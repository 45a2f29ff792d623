"""World Diplomacy's treasury through the controllers: each country's panel shows its own money alone,
drafts loan, transfer, bribe, counter-bid and rebellion lines into its sealed orders, refuses bad input
without touching the draft, and nothing of one country's finance orders reaches another before
adjudication (nor a bribe's briber and price after it)."""
from __future__ import annotations

import pytest

from app.controllers import accounts
from app.controllers.drafts import OrderDraft, as_order
from app.controllers.hotseat import HotSeatFlow, Stage
from app.controllers.setup import Mode, NewGameSpec, create_game, human_powers
from engine.game import Game
from engine.orders import Build
from engine.types import ChancelleryError, Phase
from engine.variants.base import PUBLIC_VIEW

BRIBER, TARGET = "CANADA", "UNITED_STATES"


def values_for(panel_form_key: str, game: Game, power: str, **given: str) -> dict[str, str]:
    panel = accounts.account_panel(game, power)
    assert panel is not None
    form = next(f for f in panel.forms if f.key == panel_form_key)
    values = {f.name: f.choices[0][0] for f in form.fields if f.kind == "choice"}
    return {**values, **given}


def target_unit(game: Game) -> str:
    frozen = game.variant.shaded_places(game.state)
    return next(str(u) for u in game.state.all_units()
                if u.power == TARGET and u.type.value != "M" and u.loc.split("/")[0] not in frozen)


def test_the_panel_is_the_countrys_own_and_drafts_every_finance_order() -> None:
    game = create_game(NewGameSpec("world31", Mode.HOTSEAT, (BRIBER, TARGET)))
    game.state = game.state.replace(extra={**game.state.extra, "money": {**game.state.extra["money"],
                                                                         BRIBER: 4200, TARGET: 1300}})
    draft = OrderDraft([BRIBER])
    panel = accounts.account_panel(game, BRIBER)
    assert panel is not None and panel.title == "Treasury"
    lines = dict(panel.lines)
    assert lines["Balance"] == "US$42.00"  # its own money, never the other's 13.00
    assert "13.00" not in repr(panel)
    assert {f.key for f in panel.forms} >= {"loan", "transfer", "bribe", "guess", "rebellion"}
    assert "pacify" not in {f.key for f in panel.forms}  # no province in rebellion yet
    drafted = [
        accounts.draft_form(game, draft, BRIBER, "loan", {"amount": "20", "years": "2"}),
        accounts.draft_form(game, draft, BRIBER, "transfer", {"amount": "5.50", "to": TARGET}),
        accounts.draft_form(game, draft, BRIBER, "bribe", {"unit": target_unit(game), "amount": "9"}),
        accounts.draft_form(game, draft, BRIBER, "rebellion", values_for("rebellion", game, BRIBER)),
    ]
    assert [str(o) for o in drafted] == [
        "LOAN $20 2 YEARS", "TRANSFER $5.50 TO UNITED_STATES", f"BRIBE {target_unit(game)} $9", str(drafted[3])]
    assert accounts.drafted(draft, BRIBER, panel) == drafted
    accounts.withdraw(draft, BRIBER, drafted[1])
    assert "TRANSFER $5.50 TO UNITED_STATES" not in draft.lines(BRIBER)


@pytest.mark.parametrize("form, values, words", [
    ("loan", {"amount": "99", "years": "1"}, "lends up to"),
    ("loan", {"amount": "ten", "years": "1"}, "not an amount"),
    ("transfer", {"to": TARGET}, "amount is missing"),
    ("bribe", {"unit": "A NOWHERE", "amount": "9"}, "BRIBE A NOWHERE"),
    ("pacify", {"province": "NA25"}, "no pacify orders"),
])
def test_bad_lines_are_refused_and_the_draft_is_untouched(form: str, values: dict[str, str], words: str) -> None:
    game = create_game(NewGameSpec("world31", Mode.HOTSEAT, (BRIBER, TARGET)))
    draft = OrderDraft([BRIBER])
    accounts.draft_form(game, draft, BRIBER, "loan", {"amount": "5", "years": "1"})
    before = draft.lines(BRIBER)
    with pytest.raises(ChancelleryError, match=words):
        accounts.draft_form(game, draft, BRIBER, form, values)
    assert draft.lines(BRIBER) == before


def test_no_country_reads_anothers_finance_orders_before_or_after_adjudication() -> None:
    game = create_game(NewGameSpec("world31", Mode.HOTSEAT, (BRIBER, TARGET)))
    game.state = game.state.replace(extra={**game.state.extra, "money": {**game.state.extra["money"], BRIBER: 4200}})
    flow = HotSeatFlow(game, human_powers(game))
    flow.start()
    secrets: list[str] = []
    unit = target_unit(game)
    while flow.stage is not Stage.RESULTS:
        if flow.stage is Stage.CURTAIN:
            flow.reveal()
            continue
        assert flow.draft is not None and flow.power is not None
        assert flow.draft.all_orders() == []  # a fresh draft: nothing of the other person's
        if flow.power == BRIBER:
            for form, values in (("bribe", {"unit": unit, "amount": "11.25"}),
                                 ("transfer", {"amount": "3", "to": "BRAZIL"})):
                secrets.append(str(accounts.draft_form(game, flow.draft, BRIBER, form, values)))
        else:
            panel = accounts.account_panel(game, TARGET)
            seen = repr(panel) + repr(game.variant.view_for(game.state, TARGET))
            assert not any(s in seen for s in secrets) and "11.25" not in seen
        assert all(c.ok for c in flow.submit())
    assert set(secrets) <= set(game.pending_orders(BRIBER)) or game.history  # sealed, then adjudicated
    record = game.history[-1]
    assert any(r.order in secrets for r in game.variant.results_for(record.state, record.results, BRIBER))
    for viewer in (TARGET, "BRAZIL", PUBLIC_VIEW):
        shown = repr(game.variant.results_for(record.state, record.results, viewer))
        shown += repr(game.variant.view_for(game.state, viewer))
        shown += repr(accounts.account_panel(game, viewer))
        assert not any(secret in shown for secret in secrets), viewer
        assert "11.25" not in shown, (viewer, shown[shown.find("11.25") - 300:shown.find("11.25") + 50])
    # The bribe waits for its target's guess: the briber's panel lists it, the target's never does.
    briber_panel = accounts.account_panel(game, BRIBER)
    assert briber_panel is not None and any(w == "Bribe offered" for w, _ in briber_panel.lines)
    target_panel = accounts.account_panel(game, TARGET)
    assert target_panel is not None and not any(w == "Bribe offered" for w, _ in target_panel.lines)


def test_upkeep_and_purchases_drafted_from_the_map_show_in_the_treasury_in_summer() -> None:
    game = create_game(NewGameSpec("world31", Mode.HOTSEAT, (BRIBER, TARGET)))
    homes = set(game.variant.board.powers[BRIBER].home_centers)
    gone = next(p for p, u in game.state.units.items() if u.power == BRIBER and p in homes)  # room to buy
    units = {p: u for p, u in game.state.units.items() if p != gone}
    game.state = game.state.replace(phase=Phase.parse("U2000M"), units=units)
    draft = OrderDraft([BRIBER])
    options = [o for per in game.legal_orders(BRIBER).values() for o in per]
    upkeep = next(o for o in options if str(o).startswith("MAINTAIN"))
    purchase = next(o for o in options if isinstance(o, Build))
    move = next(o for o in options if " - " in str(o))
    for order in (upkeep, purchase, move):
        draft.put(BRIBER, as_order(order))
    panel = accounts.account_panel(game, BRIBER)
    assert panel is not None
    assert [str(o) for o in accounts.drafted(draft, BRIBER, panel)] == [str(upkeep), str(purchase)]
    assert any(words.startswith("Upkeep") and "this phase" in words for words, _ in panel.lines)


def test_the_target_reads_how_many_bribes_await_its_counter_bid_and_nothing_more() -> None:
    """Seed §6.4: the target is told how many bribes were offered for its units and may guess in the next
    phase; its treasury says so while it orders that phase (not only in the last phase's results), and names
    neither the briber, the unit nor the price."""
    game = create_game(NewGameSpec("world31", Mode.HOTSEAT, (BRIBER, TARGET)))
    game.state = game.state.replace(extra={**game.state.extra, "money": {**game.state.extra["money"], BRIBER: 4200}})
    unit = target_unit(game)
    before = accounts.account_panel(game, TARGET)
    assert before is not None and not any("ribe" in words for words, _ in before.lines)
    draft = OrderDraft([BRIBER])
    accounts.draft_form(game, draft, BRIBER, "bribe", {"unit": unit, "amount": "11.25"})
    game.set_orders(BRIBER, draft.lines(BRIBER), ready=True)
    game.process()
    panel = accounts.account_panel(game, TARGET)
    assert panel is not None
    lines = dict(panel.lines)
    assert lines.get("Bribes offered for your units") == "1: a right counter-bid (GUESS) this phase foils it"
    shown = repr(panel.lines)
    assert "11.25" not in shown and unit not in shown and "Canada" not in shown and BRIBER not in shown
    others = accounts.account_panel(game, "BRAZIL")
    assert others is not None and "Bribes offered for your units" not in dict(others.lines)
