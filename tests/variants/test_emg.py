"""EMG rules (Global Diplomacy / Age of Discovery): the worked examples and rule cases as data, and the rules
that a single adjudication can't show (relations over turns, calls to arms, ownership, fog of war)."""
from __future__ import annotations

from typing import Any

import pytest

import conformance
import emg_examples  # noqa: F401  (registers the examples board)

SUITE = conformance.load(conformance.DATA / "variants" / "emg_examples" / "cases.json")


@pytest.mark.parametrize("case", conformance.params(SUITE), ids=conformance.ids(SUITE))
def test_case(case: dict[str, Any]) -> None:
    conformance.check(case)
