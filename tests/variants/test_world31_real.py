"""World Diplomacy on the real World map: the conformance cases of tests/data/variants/world31_real/cases.json
(written by its make_cases.py), one parametrized test, and the victory by continents on that map."""
from __future__ import annotations

from typing import Any

import pytest

import conformance

SUITE: dict[str, Any] = conformance.load(conformance.DATA / "variants" / "world31_real" / "cases.json")


@pytest.mark.parametrize("case", conformance.params(SUITE), ids=conformance.ids(SUITE))
def test_case(case: dict[str, Any]) -> None:
    conformance.check(case)


def test_cases_file_matches_the_conformance_schema() -> None:
    pytest.importorskip("jsonschema")
    problems = conformance.schema_problems(SUITE)
    assert not problems, "\n".join(problems[:30])


def test_every_order_example_of_the_rules_text_is_a_case() -> None:
    written = {order for case in SUITE["cases"] for orders in case["orders"].values() for order in orders}
    for example in ("{EP} F 3 - NWG", "{EP} F 6 - IRS", "{EP} F 7 - NTH", "{EP} F 23 - SoG", "{SA} F 99 - CoA",
                    "build {EP} F 23"):
        assert example in written


def _winner_holding(continents: tuple[str, ...]) -> str | None:
    """The winner of a position where Brazil controls every city of ``continents`` on the World map."""
    from engine.types import Phase
    from engine.variants import find_variant

    variant = find_variant("world31")
    board = variant.board
    held = {p.id: "BRAZIL" for p in board.provinces.values() if p.continent in continents and p.is_land and p.city}
    state = variant.make_state(Phase.parse("S2005M"), [], {}, extra={"control": held})
    return variant.winner(state)


def test_seven_continents_of_the_real_map_win_and_six_do_not() -> None:
    seven = ("NA", "SA", "EP", "AF", "ME", "AS", "OC")
    assert _winner_holding(seven) == "BRAZIL"
    assert _winner_holding(seven[:6]) is None
    # Antarctica has no city: it is conquered by holding all its land, and any seven continents will do.
    from engine.variants import find_variant

    variant = find_variant("world31")
    assert variant.continent_places("AA") == {p.id for p in variant.board.provinces.values() if p.continent == "AA"}
