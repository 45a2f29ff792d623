"""DATC v3.0 chapter 6 conformance suite, run by the shared runner (tests/conformance.py).

The cases live in tests/data/datc/datc_v3.json (format: tests/data/conformance.schema.json, sources in
SOURCES.md beside the file). Each case is an adjudication request plus the expected board after the phase,
the expected dislodged units (with their retreats) and, for some orders, the expected result.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

import pytest

import conformance

SUITE: dict[str, Any] = conformance.load(conformance.DATA / "datc" / "datc_v3.json")

# Number of test cases in each section of DATC v3.0 chapter 6.
V3_SECTION_SIZES = {"A": 12, "B": 15, "C": 9, "D": 34, "E": 15, "F": 25, "G": 20, "H": 16, "I": 7, "J": 11}
V3_IDS = {f"6.{section}.{number}" for section, size in V3_SECTION_SIZES.items() for number in range(1, size + 1)}
POWERS = ("AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA", "TURKEY")
CASE_ID = re.compile(r"^6\.[A-J]\.[1-9][0-9]?(:[a-z0-9-]+)?$")
ORDER = re.compile(r"^[A-Z0-9/ -]+$")


# --- the data file itself ---------------------------------------------------------------------------


def test_datc_file_matches_the_conformance_schema() -> None:
    pytest.importorskip("jsonschema")
    problems = conformance.schema_problems(SUITE)
    assert not problems, "datc_v3.json does not match the schema:\n" + "\n".join(problems[:50])


def _datc_conventions(suite: dict[str, Any]) -> list[str]:
    """What this suite's cases follow beyond the shared format: standard map, DATC ids, the DATC's words,
    every centre owner given in adjustments, movement cases start with no dislodged units or centres."""
    problems = []
    for case in suite["cases"]:
        name = case.get("id", "<no id>")
        if case.get("variant") != "standard" or not CASE_ID.match(name) or not case.get("datc"):
            problems.append(f"{name}: a DATC case is a standard case with a DATC id and the DATC's expectation")
        phase = case.get("phase", "")
        if phase.endswith("A") and set(case.get("centers", {})) != set(POWERS):
            problems.append(f"{name}: an adjustment case must list the centres of all seven powers")
        if phase.endswith("M") and ("centers" in case or "contested" in case):
            problems.append(f"{name}: a movement case starts from units alone")
        if phase.endswith("R") and "centers" in case:
            problems.append(f"{name}: a retreat case starts from units and dislodged units alone")
        problems += [f"{name}: order {o!r} is not in DATC notation"
                     for orders in case.get("orders", {}).values() for o in orders if not ORDER.match(o)]
    return problems


def test_datc_cases_follow_the_suite_conventions() -> None:
    assert _datc_conventions(SUITE) == []


def test_datc_conventions_check_catches_a_stray_case() -> None:
    stray = {"cases": [{"id": "6.K.1", "variant": "standard", "phase": "S1901M", "datc": "x", "centers": {},
                        "orders": {"ENGLAND": ["a lon-nth"]}}]}
    assert len(_datc_conventions(stray)) == 3


def test_datc_file_has_exactly_the_v3_case_ids() -> None:
    ids = [case["id"] for case in SUITE["cases"]]
    duplicates = sorted(case_id for case_id, count in Counter(ids).items() if count > 1)
    assert not duplicates, f"duplicate case ids: {duplicates}"
    main_ids = {case["id"] for case in SUITE["cases"] if "variant_of" not in case}
    assert main_ids == V3_IDS, (
        f"missing v3.0 ids: {sorted(V3_IDS - main_ids)}; ids that are not v3.0 ids: {sorted(main_ids - V3_IDS)}"
    )
    assert len(main_ids) == 164
    for case in SUITE["cases"]:
        if "variant_of" in case:
            assert case["variant_of"] in V3_IDS and case["id"].startswith(case["variant_of"] + ":"), case["id"]


# --- adjudication -----------------------------------------------------------------------------------


@pytest.mark.parametrize("case", conformance.params(SUITE), ids=conformance.ids(SUITE))
def test_datc_case(case: dict[str, Any]) -> None:
    conformance.check(case)
