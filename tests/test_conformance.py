"""The shared conformance runner: every suite file follows the one schema, and the runner's checks fail
when the engine's answer differs from a case in any of the ways they claim to check."""
from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest

import conformance
import engine


@pytest.mark.parametrize("path", conformance.SUITE_FILES, ids=lambda p: str(p.relative_to(conformance.DATA)))
def test_every_suite_file_matches_the_schema(path: Path) -> None:
    pytest.importorskip("jsonschema")
    problems = conformance.schema_problems(conformance.load(path))
    assert not problems, "\n".join(problems[:30])


def test_the_suites_are_found() -> None:
    names = {p.relative_to(conformance.DATA).as_posix() for p in conformance.SUITE_FILES}
    assert {"datc/datc_v3.json", "variants/colonial/cases.json", "variants/engineered/cases.json",
            "variants/1815/cases.json"} <= names


def _case(case_id: str, path: str = "datc/datc_v3.json") -> dict[str, Any]:
    suite = conformance.load(conformance.DATA / path)
    return copy.deepcopy(next(c for c in suite["cases"] if c["id"] == case_id))


def _problems(case: dict[str, Any]) -> list[str]:
    return conformance.problems(case, engine.adjudicate(conformance.request(case)))


def test_an_unchanged_case_passes() -> None:
    assert _problems(_case("6.C.3")) == []  # a three-army circular movement with a dislodgement-free board


def test_the_board_is_checked_both_ways() -> None:
    case = _case("6.A.1")
    [unit] = case["expect"]["units"]["ENGLAND"]
    case["expect"]["units"]["ENGLAND"] = ["A LON"]
    assert _problems(case) == ["board: ENGLAND should have ['A LON']", f"board: ENGLAND should not have ['{unit}']"]


def test_dislodged_units_and_their_retreats_are_checked() -> None:
    suite = conformance.load(conformance.DATA / "datc" / "datc_v3.json")
    case = copy.deepcopy(next(c for c in suite["cases"] if any(
        e.get("retreats") for entries in c["expect"].get("dislodged", {}).values() for e in entries)))
    assert _problems(case) == []
    entries = next(entries for entries in case["expect"]["dislodged"].values() if entries)
    entries[0]["retreats"] = ["XXX"]
    assert any("retreats should be ['XXX']" in p for p in _problems(case))
    case["expect"]["dislodged"] = {}
    assert any("should not be dislodged" in p for p in _problems(case))


def test_each_named_result_is_checked() -> None:
    case = _case("6.A.1")
    [(order, result)] = case["expect"]["results"].items()
    case["expect"]["results"][order] = "succeeds" if result != "succeeds" else "fails"
    [problem] = _problems(case)
    assert problem.startswith(f"result: ENGLAND {order!r} should be")


def test_the_next_phase_centres_and_notes_are_checked() -> None:
    case = _case("C4a-capture", "variants/engineered/cases.json")
    assert _problems(case) == []
    case["expect"]["phase"] = "S1999M"
    case["expect"]["centers"] = {"RUSSIA": ["MOS"]}
    case["expect"]["notes"] = {"RUSSIA": ["no such words"]}
    found = _problems(case)
    assert any(p.startswith("next phase: should be S1999M") for p in found)
    assert any(p.startswith("centres should be") for p in found)
    assert any(p.startswith("note: none for RUSSIA") for p in found)


def test_content_problems_name_unknown_powers_and_ambiguous_results() -> None:
    case = _case("6.A.1")
    case["units"]["PRUSSIA"] = ["A BER"]
    case["orders"]["ENGLAND"].append(case["orders"]["ENGLAND"][0])
    case["variant_data"] = {"prisons": {}}
    found = conformance.content_problems({"cases": [case]})
    assert "6.A.1: units names 'PRUSSIA', not a power of standard" in found
    assert any("matches 2 orders" in p for p in found)
    assert "6.A.1: variant_data 'prisons' means nothing to standard" in found
