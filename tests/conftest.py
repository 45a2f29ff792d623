"""Test setup: Qt runs offscreen, before anything imports it."""
from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
