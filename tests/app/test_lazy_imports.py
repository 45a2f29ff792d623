"""The start page paints before the heavy parts load: importing the main window and showing it pulls in
neither the map geometry (shapely, numpy) nor the game page, the bots or the exporters."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
NOT_AT_START = ("shapely", "numpy", "app.widgets.game_page", "app.drawing.export", "app.drawing.geometry",
                "engine.bots", "app.widgets.new_game_dialog", "engine.variants.engineered")

PROGRAM = """
import json, sys, tempfile
from pathlib import Path
from PySide6.QtWidgets import QApplication
from app.settings import SettingsStore
from app.widgets.main_window import MainWindow
app = QApplication([])
folder = Path(tempfile.mkdtemp())
window = MainWindow(SettingsStore(folder / "config", folder / "data"))
window.show()
app.processEvents()
print(json.dumps(sorted(sys.modules)))
"""


def test_start_page_needs_no_map_geometry_or_game_page() -> None:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    out = subprocess.run([sys.executable, "-c", PROGRAM], cwd=ROOT, env=env, capture_output=True, text=True,
                         timeout=120, check=True).stdout
    loaded = set(json.loads(out.strip().splitlines()[-1]))
    assert "app.widgets.main_window" in loaded and "app.widgets.start_page" in loaded
    early = [m for m in NOT_AT_START if m in loaded]
    assert not early, f"loaded before any game is opened: {early}"
