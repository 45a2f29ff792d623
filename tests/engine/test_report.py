"""The plain-text results report of an adjudicated phase."""
from __future__ import annotations

import pytest

from engine.contract import state_from_request
from engine.game import Game
from engine.report import centre_changes, game_report, phase_report, state_after
from engine.types import ChancelleryError


def test_report_lists_orders_results_centres_and_builds() -> None:
    game = Game.new()
    game.set_orders("FRANCE", ["A PAR - BUR", "A MAR - SPA", "F BRE - MAO"])
    game.set_orders("GERMANY", ["A MUN - BUR"])
    game.process()
    game.set_orders("FRANCE", ["F MAO - POR", "A SPA H"])
    game.process()
    spring = phase_report(game, 0)
    assert spring.startswith("Standard: Spring 1901 Movement — results")
    assert "A PAR - BUR" in spring and "fails (bounced" in spring
    assert "A BUD H" in spring and "no order: holds" in spring
    fall = phase_report(game, 1)
    assert "POR: neutral → France" in fall and "SPA: neutral → France" in fall
    assert "France         5 (+2)" in fall
    assert "Next: Winter 1901 Adjustments" in fall and "France builds 2" in fall
    assert centre_changes(game.history[1].state, state_after(game, 1)) == [("POR", None, "FRANCE"), ("SPA", None, "FRANCE")]
    assert game_report(game) == spring + "\n" + fall


def test_report_shows_dislodged_units_and_their_retreats() -> None:
    game = Game.new()
    _, state = state_from_request({"phase": "S1901M",
                                   "units": {"FRANCE": ["A PAR", "A PIC", "A GAS"], "GERMANY": ["A BUR"]},
                                   "centers": {"FRANCE": ["PAR"], "GERMANY": ["MUN"]}})
    game.replace_state(state)
    game.set_orders("FRANCE", ["A PIC - BUR", "A PAR S A PIC - BUR", "A GAS S A PIC - BUR"])
    game.process()
    text = phase_report(game, 0)
    assert "Dislodged" in text and "A BUR (German), attacked from PIC; may retreat to" in text


def test_report_of_a_missing_phase_is_an_error() -> None:
    with pytest.raises(ChancelleryError, match="no phase 3"):
        phase_report(Game.new(), 3)


def test_report_names_the_madman_when_he_takes_a_centre() -> None:
    from engine.contract import state_from_request
    from engine.game import Game

    variant, state = state_from_request({
        "variant": "engineered", "phase": "F1901M",
        "units": {"TURKEY": ["A BUL"], "NEUTRAL": ["A SER"]},
        "centers": {"TURKEY": ["BUL"]}})
    game = Game(variant, state)
    game.set_orders("TURKEY", ["A BUL H"])
    game.process()
    text = phase_report(game, 0)
    assert "Madman" in text and "NEUTRAL" not in text
