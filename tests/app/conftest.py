"""Qt tests run without a screen; set this before anything imports Qt (tests/conftest.py does too)."""
from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
