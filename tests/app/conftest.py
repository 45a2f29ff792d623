"""Qt tests run without a screen (set before anything imports Qt; tests/conftest.py does too), and each
test's closed widgets are deleted before the next test starts."""
from __future__ import annotations

import os
import sys
from collections.abc import Iterator

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


@pytest.fixture(autouse=True)
def _destroy_closed_widgets() -> Iterator[None]:
    """pytest-qt's teardown closes a test's widgets and only schedules their deletion: one still pending
    when a later test walks ``QApplication.allWidgets()`` can be freed mid-walk (a crash)."""
    yield
    if "PySide6.QtWidgets" in sys.modules:
        from PySide6.QtCore import QCoreApplication, QEvent

        if QCoreApplication.instance() is not None:
            QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
