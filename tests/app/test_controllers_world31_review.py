"""The order list's warnings in a World Summer: a unit's upkeep line, a militia's order and another
country's bribe name a unit without being its order, so they must not stand for it. Before, a support of a
move whose unit was also maintained warned "but F HUD is ordered: MAINTAIN F HUD", and a militia's order
counted the army beside it as ordered."""
from __future__ import annotations

from app.controllers.drafts import OrderDraft, as_order
from app.controllers.review import known_orders, review
from engine.game import Game
from engine.types import Phase

from test_controllers_world31_clicks import FRANCE, summer_game


def draft_of(game: Game, lines: dict[str, list[str]]) -> OrderDraft:
    draft = OrderDraft(list(game.variant.powers))
    for power, texts in lines.items():
        for text in texts:
            check = game.check_line(power, text)
            assert check.order is not None, (text, check.error)
            draft.put(power, as_order(check.order))
    return draft


def supported_move(game: Game, power: str) -> tuple[str, str]:
    """A move of ``power``'s and another unit's support of it, both legal."""
    legal = game.legal_orders(power)
    for per in legal.values():
        for support in per:
            text = str(support)
            if " S " in text and " - " in text:
                move = text.split(" S ")[1]
                if move in {str(o) for o in legal.get(support.target.province, [])}:
                    return move, text
    raise AssertionError(f"{power} has no supported move")


def test_upkeep_lines_never_stand_for_a_units_order() -> None:
    game, _guarded, _free = summer_game()
    move, support = supported_move(game, "CANADA")
    units = [u for u in game.state.units.values() if u.power == "CANADA"]
    lines = [move, support, *(f"MAINTAIN {u}" for u in units)]
    for order in (lines, list(reversed(lines))):  # whichever comes last
        draft = draft_of(game, {"CANADA": order})
        result = review(game, "CANADA", draft.orders("CANADA"), known_orders(draft.orders("CANADA")))
        assert not [w for w in result.warnings if "MAINTAIN" in w], result.warnings


def test_a_militias_order_doesnt_order_the_army_beside_it() -> None:
    game, guarded, _free = summer_game()
    draft = draft_of(game, {FRANCE: [f"M {guarded} H"]})
    result = review(game, FRANCE, draft.orders(FRANCE), known_orders(draft.orders(FRANCE)))
    assert result.done == 0, result.guidance
    assert any(f"A {guarded}" in w for w in result.warnings), result.warnings


def test_another_countrys_bribe_doesnt_stand_for_the_bribed_units_order() -> None:
    game, _guarded, _free = summer_game()
    game.state = game.state.replace(phase=Phase.parse("S2000M"))
    move, support = supported_move(game, "UNITED_STATES")
    mover = move.split(" - ")[0]
    draft = draft_of(game, {"UNITED_STATES": [move, support], "FRANCE": [f"BRIBE {mover} $9"]})
    known = known_orders(o for _p, o in draft.all_orders())  # the game master sees every draft
    result = review(game, "UNITED_STATES", draft.orders("UNITED_STATES"), known, game.variant.powers)
    assert not [w for w in result.warnings if "BRIBE" in w], result.warnings


def test_units_left_without_upkeep_are_named_before_submitting() -> None:
    """A unit nobody pays for disappears in Winter and Summer: the review names the units still unpaid (not
    in the first Winter, nor with the `automatic` upkeep option), and goes quiet once all are paid."""
    game, guarded, _free = summer_game()
    units = [u for u in game.state.all_units() if u.power == FRANCE]
    draft = draft_of(game, {FRANCE: [f"MAINTAIN {units[0]}"]})
    warnings = review(game, FRANCE, draft.orders(FRANCE)).warnings
    unpaid = [w for w in warnings if "upkeep" in w]
    assert len(unpaid) == 1 and "disappear" in unpaid[0], warnings
    assert all(str(u) in unpaid[0] for u in units[1:]) and str(units[0]) not in unpaid[0].split(":")[0]
    assert f"M {guarded}" in unpaid[0], "the militia too"
    paid = draft_of(game, {FRANCE: [f"MAINTAIN {u}" for u in units]})
    assert not [w for w in review(game, FRANCE, paid.orders(FRANCE)).warnings if "upkeep" in w]
    game.state = game.state.replace(phase=Phase.parse("F2000M"))
    assert not [w for w in review(game, FRANCE, []).warnings if "upkeep" in w], "no upkeep in Fall"


def test_the_automatic_upkeep_option_warns_of_nothing() -> None:
    from app.controllers.setup import Mode, NewGameSpec, create_game

    game = create_game(NewGameSpec("world31", Mode.GM, (), extra_options={"upkeep": "automatic"}))
    game.state = game.state.replace(phase=Phase.parse("U2000M"))
    assert not [w for w in review(game, FRANCE, []).warnings if "upkeep" in w]
