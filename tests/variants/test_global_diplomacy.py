"""Global Diplomacy (EMG rules on the global1890 map): the worked examples replayed on the real map as data,
and the variant played through the engine (start, a turn, save and load, numbered commands)."""
from __future__ import annotations

from typing import Any

import pytest

import conformance

SUITE = conformance.load(conformance.DATA / "variants" / "global_diplomacy" / "cases.json")


@pytest.mark.parametrize("case", conformance.params(SUITE), ids=conformance.ids(SUITE))
def test_case(case: dict[str, Any]) -> None:
    conformance.check(case)
