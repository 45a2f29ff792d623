"""The rulebook's edition options drive the adjudicator: the convoy paradox rule (DATC 4.A.2) decides
the paradox cases of the DATC, and nothing else."""
from __future__ import annotations

from typing import Any

import conformance
from engine.contract import state_from_request, units_by_power
from engine.phases import PhaseResult, Submission
from engine.rules import DEFAULT_RULEBOOK, ConvoyParadox, Rulebook
from engine.variants.base import Variant

DATC = conformance.load(conformance.DATA / "datc" / "datc_v3.json")
ALL_HOLD = Rulebook(convoy_paradox=ConvoyParadox.ALL_HOLD)


def _adjudicate(case: dict[str, Any], rulebook: Rulebook) -> PhaseResult:
    variant, state = state_from_request(conformance.request(case))
    edition: Variant = type(variant)(rulebook=rulebook, options=variant.options)
    return Submission.from_texts(edition, state, case["orders"]).process()


def _case(case_id: str) -> dict[str, Any]:
    return next(case for case in DATC["cases"] if case["id"] == case_id)


def test_the_default_is_the_szykman_rule() -> None:
    assert DEFAULT_RULEBOOK.convoy_paradox is ConvoyParadox.SZYKMAN
    assert Variant().rulebook is DEFAULT_RULEBOOK


def test_the_all_hold_rule_changes_the_simple_convoy_paradox() -> None:
    case = _case("6.F.14")  # F LON S F WAL - ENG, F WAL - ENG; A BRE - LON, F ENG C A BRE - LON
    szykman, all_hold = _adjudicate(case, DEFAULT_RULEBOOK), _adjudicate(case, ALL_HOLD)

    # Szykman (the DATC's answer): the convoy fails, London's support stands, the Channel fleet is dislodged.
    assert units_by_power(szykman.state.units.values())["ENGLAND"] == ["F ENG", "F LON"]
    assert [d.unit.loc for d in szykman.state.dislodged.values()] == ["ENG"]
    # All Hold: every unit in the paradox holds, so nothing moves and nothing is dislodged.
    assert units_by_power(all_hold.state.units.values()) == {"ENGLAND": ["F LON", "F WAL"],
                                                             "FRANCE": ["A BRE", "F ENG"]}
    assert not all_hold.state.dislodged
    results = {r.order: (r.result, r.reason) for r in all_hold.results}
    assert results["F WAL - ENG"] == ("fails", "convoy paradox: every unit in it holds (All Hold rule)")
    assert results["A BRE - LON"][0] == "fails" and results["F ENG C A BRE - LON"][0] == "fails"


def test_the_paradox_rule_changes_only_paradox_cases() -> None:
    changed = []
    for case in DATC["cases"]:
        a, b = _adjudicate(case, DEFAULT_RULEBOOK), _adjudicate(case, ALL_HOLD)
        if (units_by_power(a.state.units.values()), [r.result for r in a.results]) != (
                units_by_power(b.state.units.values()), [r.result for r in b.results]):
            changed.append(case["id"])
    paradoxes = {"6.F.14", "6.F.15", "6.F.16", "6.F.17", "6.F.18", "6.F.19", "6.F.20", "6.F.21", "6.F.22",
                 "6.F.23", "6.F.24"}
    assert "6.F.14" in changed
    assert {case_id.split(":")[0] for case_id in changed} - paradoxes - {"6.G.11"} == set(), changed
