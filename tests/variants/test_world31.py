"""World Diplomacy's conformance cases (tests/data/variants/world31/cases.json) on its test board."""
from __future__ import annotations

from typing import Any

import pytest

import conformance

SUITE: dict[str, Any] = conformance.load(conformance.DATA / "variants" / "world31" / "cases.json")


@pytest.mark.parametrize("case", conformance.params(SUITE), ids=conformance.ids(SUITE))
def test_case(case: dict[str, Any]) -> None:
    conformance.check(case)


def test_cases_file_matches_the_conformance_schema() -> None:
    pytest.importorskip("jsonschema")
    problems = conformance.schema_problems(SUITE)
    assert not problems, "\n".join(problems[:30])
