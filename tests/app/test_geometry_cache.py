"""The map's paths kept on disk between runs: read back they draw the same board, a damaged or foreign file
is ignored (and replaced), and with them a game's first paint imports neither shapely nor numpy."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("PySide6")

from app.drawing import geometry as drawing_geometry  # noqa: E402
from app.drawing import geometry_cache  # noqa: E402
from app.drawing.export import render_to_image  # noqa: E402
from app.drawing.paths import geometry_path  # noqa: E402
from app.scene.pictures import Display, board_picture, power_colours  # noqa: E402
from engine.variants import find_variant  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.usefixtures("qapp")  # a QApplication, so widget tests after these still run


@pytest.fixture()
def cache_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "cache"
    monkeypatch.setenv("CHANCELLERY_CACHE_DIR", str(folder))
    return folder


def _sea(map_id: str) -> frozenset[str]:
    board = find_variant(map_id).board
    return frozenset(p.id for p in board.provinces.values() if p.is_sea)


def _load(map_id: str, use_cache: bool = True) -> drawing_geometry.BoardGeometry:
    return drawing_geometry.load_geometry(geometry_path(map_id), sea_provinces=_sea(map_id), use_cache=use_cache)


def _render(geometry: drawing_geometry.BoardGeometry, map_id: str) -> bytes:
    variant = find_variant(map_id)
    board = variant.board
    picture = board_picture(board, variant.initial_state(), power_colours(board), Display())
    image = render_to_image(picture, geometry, 900)
    return bytes(image.constBits())  # type: ignore[arg-type]


def _cache_files(folder: Path) -> list[Path]:
    return sorted(folder.glob("*.paths"))


@pytest.mark.parametrize("map_id", ["standard", "colonial"])
def test_cached_paths_draw_the_same_board(cache_dir: Path, map_id: str) -> None:
    fresh = _load(map_id, use_cache=False)
    assert _cache_files(cache_dir) == []
    _load(map_id)  # builds and stores
    assert len(_cache_files(cache_dir)) == 1
    cached = _load(map_id)
    assert cached._coastline is not None and cached._border_lines is not None  # came from the file
    assert {p: s.is_sea for p, s in cached.provinces.items()} == {p: s.is_sea for p, s in fresh.provinces.items()}
    for loc in fresh.locations():
        assert cached.shape(loc).path == fresh.shape(loc).path, loc
    assert cached.coastline == fresh.coastline
    assert cached.unplayable_land == fresh.unplayable_land
    assert [(r.path, r.hatch) for r in cached.ridges] == [(r.path, r.hatch) for r in fresh.ridges]
    assert cached.border_lines == fresh.border_lines
    assert _render(cached, map_id) == _render(fresh, map_id)
    # The shapely areas are still there for whoever asks (the label layout), made from the file's rings.
    assert cached.shape("MUN").area.equals(fresh.shape("MUN").area) if map_id == "standard" else True


@pytest.mark.parametrize("damage", ["garbage", "flipped byte", "truncated", "empty"])
def test_a_damaged_cache_is_ignored_and_replaced(cache_dir: Path, damage: str) -> None:
    fresh = _load("standard", use_cache=False)
    _load("standard")
    [file] = _cache_files(cache_dir)
    good = file.read_bytes()
    if damage == "garbage":
        file.write_bytes(b"not a cache at all" * 100)
    elif damage == "flipped byte":
        broken = bytearray(good)
        broken[len(broken) // 2] ^= 0xFF
        file.write_bytes(bytes(broken))
    elif damage == "truncated":
        file.write_bytes(good[: len(good) // 3])
    else:
        file.write_bytes(b"")
    assert geometry_cache.read_prepared(file.stem) is None
    loaded = _load("standard")
    assert loaded.coastline == fresh.coastline
    assert all(loaded.shape(loc).path == fresh.shape(loc).path for loc in fresh.locations())
    assert file.read_bytes() == good  # rebuilt and written again


def test_a_cache_whose_payload_does_not_decode_is_ignored(cache_dir: Path) -> None:
    """A file with a valid checksum over nonsense (a different writer) still can't break loading."""
    import hashlib

    _load("standard")
    [file] = _cache_files(cache_dir)
    payload = b"\x00\x00\x00\x05" + os.urandom(64)
    file.write_bytes(geometry_cache.MAGIC + hashlib.sha256(payload).digest() + payload)
    assert geometry_cache.read_prepared(file.stem) is None
    assert _load("standard").coastline == _load("standard", use_cache=False).coastline


def test_paths_of_another_file_are_not_used(cache_dir: Path) -> None:
    """The key covers the file's bytes and the sea provinces: changing either misses the old entry."""
    data = geometry_path("standard").read_bytes()
    key = geometry_cache.cache_key(data, _sea("standard"))
    assert geometry_cache.cache_key(data + b" ", _sea("standard")) != key
    assert geometry_cache.cache_key(data, _sea("standard") - {"NTH"}) != key
    assert geometry_cache.cache_key(data, None) != key


def test_an_unwritable_cache_folder_costs_only_time(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("a file where the folder should be")
    monkeypatch.setenv("CHANCELLERY_CACHE_DIR", str(blocker / "cache"))
    assert _load("standard").coastline == _load("standard", use_cache=False).coastline


FIRST_PAINT = """
import json, sys, tempfile
from pathlib import Path
from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QApplication
from app.controllers.setup import Mode, NewGameSpec
from app.settings import SettingsStore
from app.widgets.main_window import MainWindow
app = QApplication([])
folder = Path(tempfile.mkdtemp())
window = MainWindow(SettingsStore(folder / "config", folder / "data"))
window.resize(1200, 800)
window.start_new_game(NewGameSpec("standard", Mode.GM))
viewport = window.page.view.viewport()
seen = {}

class FirstPaint(QObject):
    def eventFilter(self, watched, event):
        if watched is viewport and event.type() == QEvent.Type.Paint and not seen:
            seen["before"] = sorted(sys.modules)
            QTimer.singleShot(0, lambda: seen.setdefault("after", sorted(sys.modules)))
            QTimer.singleShot(0, app.quit)
        return False

spy = FirstPaint()
viewport.installEventFilter(spy)
window.show()
app.exec()
while "after" not in seen:
    app.processEvents()
labels = window.page.scene.layout
print(json.dumps({"before": seen["before"], "laid_out": labels is not None and len(labels.labels) > 0}))
"""


def test_first_paint_of_a_game_imports_no_shapely_once_the_paths_are_cached(tmp_path: Path) -> None:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", CHANCELLERY_CACHE_DIR=str(tmp_path / "cache"))

    def run() -> dict[str, object]:
        out = subprocess.run([sys.executable, "-c", FIRST_PAINT], cwd=ROOT, env=env, capture_output=True,
                             text=True, timeout=180, check=True).stdout
        return json.loads(out.strip().splitlines()[-1])  # type: ignore[no-any-return]

    first = run()  # no cache yet: shapely builds the paths and they are stored
    assert "shapely" in first["before"]  # type: ignore[operator]
    second = run()
    early = [m for m in ("shapely", "numpy") if m in second["before"]]  # type: ignore[operator]
    assert not early, f"imported before the first paint: {early}"
    assert second["laid_out"]  # the labels are still placed, right after
