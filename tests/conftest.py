"""Test setup: Qt runs offscreen, before anything imports it."""
from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


import pytest  # noqa: E402


@pytest.fixture(autouse=True, scope="session")
def _private_paths_cache(tmp_path_factory: pytest.TempPathFactory) -> None:
    """Maps' cached paths (app.drawing.geometry_cache) go to a folder of this run, not the user's cache."""
    if "CHANCELLERY_CACHE_DIR" not in os.environ:
        os.environ["CHANCELLERY_CACHE_DIR"] = str(tmp_path_factory.mktemp("paths-cache"))
