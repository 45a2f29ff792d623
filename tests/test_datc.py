"""DATC v3.0 chapter 6 conformance suite, run against engine.adjudicate.

The cases live in tests/data/datc/datc_v3.json (format: datc_cases.schema.json beside it, sources in
SOURCES.md). Each case is an adjudication request plus the expected board after the phase, the
expected dislodged units (with their retreats) and, for some orders, the expected result.
"""

from __future__ import annotations

import copy
import json
import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

import engine

DATC_DIR = Path(__file__).parent / "data" / "datc"
SUITE: dict[str, Any] = json.loads((DATC_DIR / "datc_v3.json").read_text(encoding="utf-8"))
SCHEMA: dict[str, Any] = json.loads((DATC_DIR / "datc_cases.schema.json").read_text(encoding="utf-8"))

# Number of test cases in each section of DATC v3.0 chapter 6.
V3_SECTION_SIZES = {"A": 12, "B": 15, "C": 9, "D": 34, "E": 15, "F": 25, "G": 20, "H": 16, "I": 7, "J": 11}
V3_IDS = {f"6.{section}.{number}" for section, size in V3_SECTION_SIZES.items() for number in range(1, size + 1)}

REQUEST_KEYS = ("variant", "phase", "units", "centers", "dislodged", "contested", "orders")
POWERS = ("AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA", "TURKEY")
UNIT_PATTERN = re.compile(r"^[AF] [A-Z]{3}(/(NC|SC|EC))?$")
RESULTS = {"succeeds", "fails", "invalid"}


def _case_param(case: dict[str, Any]) -> Any:
    if "xfail" in case:
        return pytest.param(case, marks=pytest.mark.xfail(reason=case["xfail"], strict=True))
    return case


CASES = [_case_param(case) for case in SUITE["cases"]]
CASE_IDS = [case["id"] for case in SUITE["cases"]]


# --- the data file itself ---------------------------------------------------------------------------


def _structural_problems(suite: dict[str, Any]) -> list[str]:
    """The essentials of the schema, for environments without jsonschema."""
    problems = [f"top-level key {key!r} missing" for key in ("about", "source", "cases") if key not in suite]
    for case in suite.get("cases", []):
        name = case.get("id", "<no id>")
        for key in ("id", "title", "variant", "phase", "units", "orders", "expect", "datc"):
            if key not in case:
                problems.append(f"{name}: {key!r} missing")
        phase = case.get("phase", "")
        if not re.fullmatch(r"[SF]\d{4}[MR]|W\d{4}A", phase):
            problems.append(f"{name}: bad phase {phase!r}")
        if phase.endswith("A") and set(case.get("centers", {})) != set(POWERS):
            problems.append(f"{name}: an adjustment case must list the centres of all seven powers")
        if phase.endswith("R") and not case.get("dislodged"):
            problems.append(f"{name}: a retreat case must list its dislodged units")
        expect = case.get("expect", {})
        if phase.endswith("M") and "dislodged" not in expect:
            problems.append(f"{name}: a movement case must give expect.dislodged")
        for holder, label in ((case.get("units", {}), "units"), (expect.get("units", {}), "expect.units")):
            for power, units in holder.items():
                if power not in POWERS:
                    problems.append(f"{name}: unknown power {power!r} in {label}")
                problems.extend(
                    f"{name}: bad unit {unit!r} in {label}" for unit in units if not UNIT_PATTERN.match(unit)
                )
        for order, result in expect.get("results", {}).items():
            if result not in RESULTS:
                problems.append(f"{name}: bad result {result!r} for {order!r}")
    return problems


def test_datc_file_matches_schema() -> None:
    try:
        import jsonschema
    except ImportError:
        problems = _structural_problems(SUITE)
    else:
        validator_class = jsonschema.validators.validator_for(SCHEMA)
        validator_class.check_schema(SCHEMA)
        problems = [
            f"{'/'.join(str(part) for part in error.absolute_path)}: {error.message}"
            for error in validator_class(SCHEMA).iter_errors(SUITE)
        ]
    assert not problems, "datc_v3.json does not match its schema:\n" + "\n".join(problems[:50])


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


def test_datc_expected_results_name_exactly_one_order() -> None:
    problems = []
    for case in SUITE["cases"]:
        written = [order for orders in case["orders"].values() for order in orders]
        for order in case["expect"].get("results", {}):
            if written.count(order) != 1:
                problems.append(f"{case['id']}: {order!r} matches {written.count(order)} orders")
    assert not problems, "\n".join(problems)


# --- adjudication -----------------------------------------------------------------------------------


def _request(case: dict[str, Any]) -> dict[str, Any]:
    return {key: copy.deepcopy(case[key]) for key in REQUEST_KEYS if key in case}


def _board(units_by_power: dict[str, list[str]]) -> dict[str, set[str]]:
    return {
        power.upper(): {unit.strip().upper() for unit in units}
        for power, units in units_by_power.items()
        if units
    }


def _board_problems(expected: dict[str, list[str]], actual: dict[str, list[str]]) -> list[str]:
    expected_board, actual_board = _board(expected), _board(actual)
    problems = []
    for power in sorted(set(expected_board) | set(actual_board)):
        missing = sorted(expected_board.get(power, set()) - actual_board.get(power, set()))
        extra = sorted(actual_board.get(power, set()) - expected_board.get(power, set()))
        if missing:
            problems.append(f"board: {power} should have {missing}")
        if extra:
            problems.append(f"board: {power} should not have {extra}")
    return problems


def _dislodged_problems(
    expected: dict[str, list[dict[str, Any]]], actual: dict[str, list[dict[str, Any]]]
) -> list[str]:
    """Every expected unit is reported (one without any retreat may also be already removed), nothing else is."""
    actual_retreats = {
        (power.upper(), entry["unit"].strip().upper()): {location.upper() for location in entry.get("retreats", [])}
        for power, entries in actual.items()
        for entry in entries
    }
    problems = []
    expected_keys = set()
    for power, entries in expected.items():
        for entry in entries:
            key = (power, entry["unit"])
            expected_keys.add(key)
            retreats = entry.get("retreats")
            if key not in actual_retreats:
                if retreats != []:
                    problems.append(f"dislodged: {power} {entry['unit']} should be dislodged")
                continue
            if retreats is not None and actual_retreats[key] != set(retreats):
                problems.append(
                    f"dislodged: {power} {entry['unit']} retreats should be {sorted(retreats)}, "
                    f"got {sorted(actual_retreats[key])}"
                )
    for power, unit in sorted(set(actual_retreats) - expected_keys):
        problems.append(f"dislodged: {power} {unit} should not be dislodged")
    return problems


def _result_problems(case: dict[str, Any], response_orders: list[dict[str, Any]]) -> list[str]:
    """Results are matched by position: the n-th entry of a power answers that power's n-th request order."""
    answered: dict[str, list[dict[str, Any]]] = {}
    for entry in response_orders:
        answered.setdefault(str(entry.get("power", "")).upper(), []).append(entry)
    problems = []
    for order, expected in case["expect"].get("results", {}).items():
        power = next(power for power, orders in case["orders"].items() if order in orders)
        index = case["orders"][power].index(order)
        entries = answered.get(power, [])
        if index >= len(entries):
            problems.append(f"result: no answer for {power} {order!r} (order #{index + 1} of {power})")
            continue
        entry = entries[index]
        if entry.get("result") != expected:
            problems.append(
                f"result: {power} {order!r} should be {expected}, got {entry.get('result')!r} "
                f"(answered as {entry.get('order')!r}, reason {entry.get('reason')!r})"
            )
    return problems


def _describe(case: dict[str, Any], response: dict[str, Any]) -> str:
    lines = [f"DATC {case['id']} {case['title']} ({case['phase']})", f"  DATC: {case['datc']}", "  orders:"]
    lines += [f"    {power}: {order}" for power, orders in case["orders"].items() for order in orders]
    lines.append("  engine answered:")
    lines += [
        f"    {entry.get('power')}: {entry.get('order')} -> {entry.get('result')} ({entry.get('reason', '')})"
        for entry in response.get("orders", [])
    ]
    return "\n".join(lines)


@pytest.mark.parametrize("case", CASES, ids=CASE_IDS)
def test_datc_case(case: dict[str, Any]) -> None:
    response = engine.adjudicate(_request(case))

    expect = case["expect"]
    problems = []
    if response.get("phase") != case["phase"]:
        problems.append(f"phase: should be {case['phase']}, got {response.get('phase')!r}")
    problems += _board_problems(expect["units"], response.get("units", {}))
    problems += _dislodged_problems(expect.get("dislodged", {}), response.get("dislodged") or {})
    problems += _result_problems(case, response.get("orders", []))
    if problems:
        pytest.fail("\n".join(problems) + "\n" + _describe(case, response), pytrace=False)
