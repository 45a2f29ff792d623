"""Variant options are typed specs, checked in one place: an unknown option names the known ones, a wrong
type or range names the option, values come back in their canonical spelling; every registered variant
declares the victory target and the defaults its specs give are values its specs accept."""
from __future__ import annotations

import re

import pytest

from engine.game import Game
from engine.types import ChancelleryError
from engine.variant_options import OptionSpec, OptionType, check_options
from engine.variants import find_variant, variant_ids

LEVEL = OptionSpec("level", OptionType.CHOICE, "complex", "Level", choices=(("simple", "S"), ("complex", "C")))
COUNT = OptionSpec("count", OptionType.INT, 4, "Count", minimum=1, maximum=9)
NEVER = OptionSpec("after", OptionType.INT, None, "After", minimum=1, optional=True, none_label="never")
FLAG = OptionSpec("flag", OptionType.BOOL, True, "Flag")
NOTE = OptionSpec("note", OptionType.TEXT, "", "Note")
SPECS = (LEVEL, COUNT, NEVER, FLAG, NOTE)


def test_good_options_come_back_canonical() -> None:
    assert check_options(SPECS, {"level": " Simple ", "count": 9, "after": None, "flag": False, "note": "x"},
                         "Test") == {"level": "simple", "count": 9, "after": None, "flag": False, "note": "x"}
    assert check_options(SPECS, {}, "Test") == {}


@pytest.mark.parametrize(("options", "message"), [
    ({"levle": "simple"}, r"unknown option 'levle' for Test \(options: level, count, after, flag, note\)"),
    ({3: 1}, "unknown option 3"),
    ({"level": "expert"}, "option level: expected one of simple, complex, got 'expert'"),
    ({"level": 1}, "option level: expected one of simple, complex, got 1"),
    ({"count": 0}, "option count: expected a whole number from 1 to 9, got 0"),
    ({"count": 10}, "option count: expected a whole number from 1 to 9"),
    ({"count": True}, "option count: expected a whole number"),
    ({"count": "4"}, "option count: expected a whole number"),
    ({"count": None}, "option count: expected"),
    ({"after": 0}, "option after: expected a whole number of at least 1, got 0"),
    ({"flag": "yes"}, "option flag: expected true or false, got 'yes'"),
    ({"note": 5}, "option note: expected text, got 5"),
])
def test_bad_options_are_named(options: dict[object, object], message: str) -> None:
    with pytest.raises(ChancelleryError, match=message):
        check_options(SPECS, options, "Test")  # type: ignore[arg-type]


def test_options_that_are_not_a_mapping_are_refused() -> None:
    with pytest.raises(ChancelleryError, match="options must be an object"):
        check_options(SPECS, ["level"], "Test")  # type: ignore[arg-type]


def test_values_read_for_people() -> None:
    assert LEVEL.label_of("simple") == "S" and NEVER.label_of(None) == "never" and FLAG.label_of(False) == "no"


@pytest.mark.parametrize("vid", variant_ids())
def test_every_variant_declares_its_options_and_accepts_their_defaults(vid: str) -> None:
    variant = find_variant(vid)
    specs = variant.option_specs
    assert specs[0].name == "victory_centers" and specs[0].default == variant.board.victory_centers
    assert specs[0].maximum == len(variant.board.supply_centers)
    assert len({s.name for s in specs}) == len(specs)
    defaults = {s.name: s.default for s in specs}
    assert find_variant(vid, defaults).options == defaults
    with pytest.raises(ChancelleryError, match=re.escape(f"unknown option 'no_such_option' for {variant.name}")):
        find_variant(vid, {"no_such_option": 1})


def test_the_variants_read_their_checked_options() -> None:
    assert find_variant("colonial", {"tsr_rules": "vDiplomacy-2.2"}).tsr_rules == "vdiplomacy-2.2"  # type: ignore[attr-defined]
    with pytest.raises(ChancelleryError, match="option tsr_rules: expected one of avalon-hill, vdiplomacy-2.2"):
        find_variant("colonial", {"tsr_rules": "trans-siberian"})
    engineered = find_variant("engineered", {"level": "Advanced", "austria_trieste": "a"})
    assert engineered.settings.level == "advanced" and engineered.settings.austria_trieste == "A"  # type: ignore[attr-defined]
    with pytest.raises(ChancelleryError, match="option victory_centers: expected a whole number from 1 to 34, got 35"):
        Game.new("standard", options={"victory_centers": 35})
    with pytest.raises(ChancelleryError, match="option engineer_centers"):
        find_variant("engineered", {"engineer_centers": 0})
