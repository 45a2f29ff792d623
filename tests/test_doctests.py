"""The examples in the engine's docstrings run, and stay true."""
from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import engine

MODULES = sorted(info.name for info in pkgutil.walk_packages(engine.__path__, "engine."))


def _examples(name: str) -> int:
    finder = doctest.DocTestFinder(exclude_empty=True)
    return sum(len(test.examples) for test in finder.find(importlib.import_module(name)))


@pytest.mark.parametrize("name", [name for name in MODULES if _examples(name)])
def test_docstring_examples(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS, report=True)
    assert result.failed == 0, f"{result.failed} of {result.attempted} examples in {name} failed (printed above)"


def test_the_examples_are_found() -> None:
    assert len(MODULES) > 40
    with_examples = [name for name in MODULES if _examples(name)]
    assert {"engine.types", "engine.net.codec"} <= set(with_examples)
