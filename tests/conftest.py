"""Test setup: Qt runs offscreen, before anything imports it."""
from __future__ import annotations

import importlib.util
import os
import re
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


import pytest  # noqa: E402

# World Diplomacy's rules on their small test board (its conformance cases' variant), registered before any
# test lists the variants, so every property test over all registered variants covers it too.
import world31_board  # noqa: E402,F401

HAVE_QT = importlib.util.find_spec("PySide6") is not None
# A test module that imports Qt, pytest-qt or a part of the client built on Qt at its top level.
_NEEDS_QT = re.compile(r"^(?:from|import)\s+(?:PySide6|pytestqt|app\.(?:widgets|scene|drawing|net|main|render)\b)", re.M)


def pytest_ignore_collect(collection_path: Path, config: pytest.Config) -> bool | None:
    """Without Qt (the engine-only CI job) the modules that need it are left out; every other suite runs."""
    if HAVE_QT or collection_path.suffix != ".py" or not collection_path.name.startswith("test_"):
        return None
    return True if _NEEDS_QT.search(collection_path.read_text(encoding="utf-8")) else None


@pytest.fixture(autouse=True, scope="session")
def _private_paths_cache(tmp_path_factory: pytest.TempPathFactory) -> None:
    """Maps' cached paths (app.drawing.geometry_cache) go to a folder of this run, not the user's cache."""
    if "CHANCELLERY_CACHE_DIR" not in os.environ:
        os.environ["CHANCELLERY_CACHE_DIR"] = str(tmp_path_factory.mktemp("paths-cache"))
