"""The calendar is the variant's: any season letters, adjustments after any season, the year turning after the
last season whatever came before."""
from __future__ import annotations

from typing import ClassVar, Mapping

import pytest

from engine import savefile
from engine.phases import process_phase
from engine.state import GameState
from engine.types import Phase, PhaseType, Season, Unit, UnitType, declare_season
from engine.variants import Variant


class FourSeasons(Variant):
    """Standard rules on a World-Diplomacy-like calendar: Spring, Summer, Monsoon (a letter of its own) and
    Winter, with adjustments after Summer and after Winter."""

    id: ClassVar[str] = "test-four-seasons"
    name: ClassVar[str] = "Four seasons (test)"
    aliases: ClassVar[tuple[str, ...]] = ()
    movement_seasons: ClassVar[tuple[str, ...]] = (Season.SPRING, Season.SUMMER, "M", Season.WINTER)
    season_names: ClassVar[Mapping[str, str]] = {"M": "Monsoon"}

    def adjusts_after(self, season: str) -> bool:
        return season in (Season.SUMMER, Season.WINTER)

    def adjustment_season(self, season: str) -> str:
        return season  # "U1901A", "W1901A": the adjustment carries its season's letter


A, F = UnitType.ARMY, UnitType.FLEET


def _summer_with_a_build_due(variant: Variant) -> GameState:
    """Summer 1901: France's army stands in Spain (a centre it will gain) and Paris is empty."""
    start = variant.initial_state()
    units = [u for u in start.units.values() if u.power != "FRANCE"]
    units += [Unit("FRANCE", A, "SPA"), Unit("FRANCE", F, "BRE"), Unit("FRANCE", A, "MAR")]
    return variant.make_state(Phase(Season.SUMMER, 1901, PhaseType.MOVEMENT), units, start.centers)


def test_a_year_of_four_seasons_with_two_adjustment_phases() -> None:
    variant = FourSeasons()
    state = variant.initial_state()
    state = process_phase(variant, state, {}).state
    assert str(state.phase) == "U1901M"
    state = process_phase(variant, _summer_with_a_build_due(variant), {}).state
    assert str(state.phase) == "U1901A"  # adjustments after Summer, in the same year
    assert state.centers["SPA"] == "FRANCE"  # centres changed hands after Summer
    assert state.phase.long_name == "Summer 1901 Adjustments"
    result = process_phase(variant, state, {"FRANCE": ["A PAR B"]})
    assert [(r.order, r.result) for r in result.results] == [("A PAR B", "succeeds")]
    state = result.state
    assert str(state.phase) == "M1901M"  # the year goes on: no jump to next spring
    assert state.phase.long_name == "Monsoon 1901 Movement"
    state = process_phase(variant, state, {}).state
    assert str(state.phase) == "W1901M"
    state = process_phase(variant, state, {}).state
    assert str(state.phase) == "S1902M"  # nothing to adjust after Winter: the next year begins


def test_nothing_to_adjust_skips_the_adjustment_phase() -> None:
    variant = FourSeasons()
    summer = variant.initial_state().replace(phase=Phase(Season.SUMMER, 1901, PhaseType.MOVEMENT))
    assert str(process_phase(variant, summer, {}).state.phase) == "M1901M"


def test_standard_calendar_is_unchanged() -> None:
    variant = Variant()
    state = variant.initial_state()
    phases = []
    for _ in range(3):
        state = process_phase(variant, state, {}).state
        phases.append(str(state.phase))
    assert phases == ["F1901M", "S1902M", "F1902M"]
    assert variant.next_movement_phase(Phase.parse("W1901A")) == Phase.parse("S1902M")


def test_a_variant_season_letter_survives_text_saves_and_requests() -> None:
    variant = FourSeasons()
    phase = Phase.parse("M1903R")
    assert phase.season == "M" and phase.type is PhaseType.RETREATS and str(phase) == "M1903R"
    assert Phase.parse("S1901M").season is Season.SPRING  # the common letters stay enum members
    state = variant.initial_state().replace(phase=Phase.parse("M1903M"))
    stored = savefile.state_to_dict(state)
    assert stored["phase"] == "M1903M"
    assert savefile.state_from_dict(variant.id, stored).phase == state.phase


def test_season_letters_are_checked() -> None:
    with pytest.raises(ValueError, match="one capital letter"):
        declare_season("mo", "Monsoon")
    with pytest.raises(ValueError, match="already Spring"):
        declare_season("S", "Summer")
    assert declare_season("M", "Monsoon") == "M"
    with pytest.raises(ValueError, match="bad phase"):
        Phase.parse("1901M")


def test_a_phase_outside_the_calendar_is_named() -> None:
    assert Variant().phase_problem(Phase.parse("U1901M")) is not None
    assert "no adjustment phase in season S" in (Variant().phase_problem(Phase.parse("S1901A")) or "")
    four = FourSeasons()
    assert four.phase_problem(Phase.parse("M1901M")) is None
    assert four.phase_problem(Phase.parse("U1901A")) is None
    assert four.phase_problem(Phase.parse("M1901A")) is not None
