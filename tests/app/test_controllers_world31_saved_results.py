"""A World game reopened from its file shows past results as it did before it was saved: a result read back
from the file has only words (no typed order), and the World's results, which show every unit's order to
everyone and finance lines and notes to their country alone, hid every other country's orders (the public
view showed nothing at all) once the game was reopened."""
from __future__ import annotations

import random

from engine.bots import random_orders
from engine.game import Game
from engine.report import phase_report
from engine.savefile import dumps, loads
from engine.variants.base import PUBLIC_VIEW


def played_summer() -> Game:
    game = Game.new("world31")
    rng = random.Random(11)
    while str(game.phase) != "F2000M":  # through Summer 2000: upkeep lines, finance sheets, disbanding notes
        for power in game.powers_to_order():
            game.set_orders(power, random_orders(game, power, rng), ready=True)
        game.process()
    return game


def shown(game: Game, index: int, viewer: str | None) -> list[tuple[str, str, str]]:
    record = game.history[index]
    return [(r.power, r.order, r.result) for r in game.variant.results_for(record.state, record.results, viewer)]


def test_reopened_results_show_what_they_showed_before_saving() -> None:
    game = played_summer()
    again = loads(dumps(game))
    for index in range(len(game.history)):
        for viewer in (PUBLIC_VIEW, "CANADA", "FRANCE", None):
            before, after = shown(game, index, viewer), shown(again, index, viewer)
            assert after == before, (str(game.history[index].state.phase), viewer, len(before), len(after))
    summer = next(i for i, r in enumerate(game.history) if str(r.state.phase) == "U2000M")
    public = shown(again, summer, PUBLIC_VIEW)
    assert public and not any(order.startswith(("MAINTAIN", "FINANCES")) for _p, order, _r in public)
    french = phase_report(again, summer, "FRANCE")
    assert "CANADA" in french and french.count("FINANCES") == 1


def test_the_reports_centre_counts_stand_in_one_column() -> None:
    """Names longer than twelve letters (United Kingdom, Cote d'Ivoire) pushed their counts out of line."""
    game = played_summer()
    text = phase_report(game, len(game.history) - 1, None)
    table = text.split("Supply centres\n", 1)[1].split("\n\n", 1)[0].splitlines()
    assert len(table) == 31
    columns = {len(line.split("(")[0].rstrip()) for line in table}
    assert len(columns) == 1, table


def test_a_unit_lost_for_want_of_upkeep_is_reported_once() -> None:
    """An army or fleet nobody paid for is reported on its own order's line ("not maintained: disbanded");
    a note said it again, so each one stood twice in the report. A militia has no order line of its own
    when it was given none, so its note stays."""
    from test_controllers_world31_clicks import FRANCE, summer_game

    game, guarded, _free = summer_game()
    game.process()
    record = game.history[-1]
    french = [r for r in record.results if r.power == FRANCE and "not maintained" in r.reason]
    units = [str(u) for u in record.state.all_units() if u.power == FRANCE]
    named = sorted(next(u for u in units if r.order == u or r.order.startswith(u + " ")) for r in french)
    assert named == sorted(units), [r.order for r in french]
    report = phase_report(game, len(game.history) - 1, FRANCE)
    section = report.split(f"\n{FRANCE}\n", 1)[1].split("\n\n", 1)[0]
    assert section.count("not maintained") == len(units), section
