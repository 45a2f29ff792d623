"""The desktop client's speed, printed (a benchmark, not a test). Targets:

* launch to the first painted map: under 1.0 s (a fresh process: interpreter, imports, window, paint; with
  the bytecode cache an installed program has and the map's paths in the user's cache folder, as every run
  after the first finds them — one launch without each is printed for comparison);
* a click on a unit to its legal targets lit on screen: under 16 ms;
* a full repaint of the largest shipped map with its start position: under 16 ms.

Runs offscreen unless a display is set:

    python benchmarks/bench_gui.py [--repeats 30] [--variant world31]

``--variant`` opens that variant's game (default: standard) for the launch and click figures and repaints its
map (default: the largest shipped map); a standard run then also prints the launch and click figures of a World
Diplomacy game (``--also``).
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
if not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")):
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

LAUNCH_TARGET_S = 1.0
CLICK_TARGET_MS = 16.0
REPAINT_TARGET_MS = 16.0


VARIANT = "standard"  # the game the launch and click figures open (--variant)


def _child_launch(folder: str, with_game: bool = True) -> None:
    """Run in a fresh process: start the client on a game and report when the map is first painted (or,
    without a game, when the start page is)."""
    from PySide6.QtCore import QEvent, QObject, QTimer
    from PySide6.QtWidgets import QApplication

    from app.controllers.setup import Mode, NewGameSpec
    from app.settings import SettingsStore
    from app.widgets.main_window import MainWindow

    app = QApplication([sys.argv[0]])
    window = MainWindow(SettingsStore(Path(folder) / "config", Path(folder) / "data"))
    window.resize(1400, 900)
    if with_game:
        window.start_new_game(NewGameSpec(VARIANT, Mode.GM))
        assert window.page is not None
        viewport = window.page.view.viewport()
    else:
        viewport = window.start_page

    class FirstPaint(QObject):
        def eventFilter(self, watched: QObject, event: QEvent) -> bool:
            if watched is viewport and event.type() == QEvent.Type.Paint:
                viewport.removeEventFilter(self)
                QTimer.singleShot(0, lambda: (print(json.dumps({"painted_at": time.time()}), flush=True), app.quit()))
            return False

    spy = FirstPaint()
    viewport.installEventFilter(spy)
    window.show()
    app.exec()


def launch_env(pycache: str) -> dict[str, str]:
    """The child's environment: bytecode cached as an installed program has it (pip compiles it), kept in
    ``pycache`` so the source tree stays clean (without it every launch compiles ~130 modules first), and
    the map's paths cached there too (``app.drawing.geometry_cache``; the first launch writes them)."""
    env = os.environ.copy()
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env["PYTHONPYCACHEPREFIX"] = pycache
    env["CHANCELLERY_CACHE_DIR"] = str(Path(pycache) / "chancellery-cache")
    return env


def launch_once(env: dict[str, str], with_game: bool = True) -> float:
    with tempfile.TemporaryDirectory() as folder:
        started = time.time()
        mode = "--child-launch" if with_game else "--child-launch-start"
        out = subprocess.run([sys.executable, __file__, mode, folder, "--variant", VARIANT], capture_output=True, text=True,
                             check=True, env=env).stdout
        return float(json.loads(out.strip().splitlines()[-1])["painted_at"]) - started


def bench_launch(repeats: int, with_game: bool = True) -> list[float]:
    with tempfile.TemporaryDirectory() as pycache:
        env = launch_env(pycache)
        launch_once(env, with_game)  # writes the bytecode and paths caches; not counted
        return [launch_once(env, with_game) for _ in range(repeats)]


def bench_first_run_launch() -> float:
    """One launch with the bytecode cached but no paths cache (the first game ever opened): shapely builds
    the map's paths, and stores them for the next launch."""
    with tempfile.TemporaryDirectory() as pycache:
        env = launch_env(pycache)
        launch_once(env)
        shutil.rmtree(env["CHANCELLERY_CACHE_DIR"])
        return launch_once(env)


def bench_uncached_launch() -> float:
    """One launch from a source tree whose own modules have no bytecode cache (PYTHONDONTWRITEBYTECODE),
    for comparison: each of them is compiled first."""
    with tempfile.TemporaryDirectory() as folder:
        env = os.environ.copy()
        env["PYTHONDONTWRITEBYTECODE"] = "1"
        env.pop("PYTHONPYCACHEPREFIX", None)
        env["CHANCELLERY_CACHE_DIR"] = folder
        launch_once(env)  # the paths cache only
        return launch_once(env)


def _window(folder: str):  # type: ignore[no-untyped-def]
    from PySide6.QtWidgets import QApplication

    from app.controllers.setup import Mode, NewGameSpec
    from app.settings import SettingsStore
    from app.widgets.main_window import MainWindow

    app = QApplication.instance() or QApplication([sys.argv[0]])
    window = MainWindow(SettingsStore(Path(folder) / "config", Path(folder) / "data"))
    window.resize(1400, 900)
    window.show()
    window.start_new_game(NewGameSpec(VARIANT, Mode.GM))
    for _ in range(3):
        app.processEvents()
    return app, window


def bench_click(repeats: int) -> list[float]:
    """Press and release on each unit, then let the view repaint what changed (as it does on screen): the
    time until the lit targets are painted. (The full-repaint figure below covers repainting everything.)"""
    from PySide6.QtCore import QEvent, QObject, QPointF, Qt
    from PySide6.QtGui import QMouseEvent
    from PySide6.QtWidgets import QApplication

    class PaintCounter(QObject):
        """Counts the viewport's paint events, to be sure a measured click really reached the screen."""

        def __init__(self) -> None:
            super().__init__()
            self.count = 0

        def eventFilter(self, obj: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt's name
            if event.type() == QEvent.Type.Paint:
                self.count += 1
            return False

    with tempfile.TemporaryDirectory() as folder:
        app, window = _window(folder)
        page = window.page
        view = page.view
        viewport = view.viewport()
        closed = page.game.variant.shaded_places(page.game.state)  # frozen: nothing to light
        units = [u.loc for u in page.game.state.units.values() if u.loc.split("/")[0] not in closed]
        times = []

        def send(kind: QEvent.Type, pos: QPointF) -> None:
            event = QMouseEvent(kind, pos, QPointF(viewport.mapToGlobal(pos.toPoint())), Qt.MouseButton.LeftButton,
                                Qt.MouseButton.LeftButton if kind == QEvent.Type.MouseButtonPress else Qt.MouseButton.NoButton,
                                Qt.KeyboardModifier.NoModifier)
            QApplication.sendEvent(viewport, event)

        paints = PaintCounter()
        viewport.installEventFilter(paints)
        for _ in range(repeats):
            for loc in units:
                pos = QPointF(view.mapFromScene(page.scene.anchor(loc)))
                before = paints.count
                t0 = time.perf_counter()
                send(QEvent.Type.MouseButtonPress, pos)
                send(QEvent.Type.MouseButtonRelease, pos)
                QApplication.processEvents()  # the view repaints what changed, as it does on screen
                times.append((time.perf_counter() - t0) * 1000)
                assert paints.count > before, f"the click on {loc} painted nothing"
                assert page.entry is not None and page.entry.highlights, f"nothing lit for {loc}"
                page.entry.cancel()
                QApplication.processEvents()
        window.close()
        app.processEvents()
    return times


def largest_map() -> str:
    maps = [p.parent.name for p in (ROOT / "resources" / "maps").glob("*/geometry.json")]
    if not maps:
        return "standard"  # no drawn map yet: the schematic board of the standard map
    return max(maps, key=lambda m: (ROOT / "resources" / "maps" / m / "geometry.json").stat().st_size)


def bench_repaint(repeats: int, map_id: str) -> list[float]:
    from PySide6.QtWidgets import QApplication

    from app.scene.map_scene import MapScene
    from app.scene.map_view import MapView
    from app.scene.pictures import Display, board_geometry, board_picture, power_colours
    from engine.variants import find_variant

    app = QApplication.instance() or QApplication([sys.argv[0]])
    variant = find_variant(map_id)
    board = variant.board
    geometry, _ = board_geometry(variant.map_id)
    colours = power_colours(board)
    scene = MapScene(geometry, board, colours)
    scene.show_picture(board_picture(board, variant.initial_state(), colours, Display()))
    view = MapView(scene)
    view.resize(1200, 860)
    view.show()
    app.processEvents()
    view.fit_to_window()
    view.viewport().repaint()  # warm caches
    times = []
    for _ in range(repeats):
        t0 = time.perf_counter()
        view.viewport().repaint()
        times.append((time.perf_counter() - t0) * 1000)
    view.close()
    return times


def report(name: str, values: list[float], unit: str, target: float) -> None:
    median = statistics.median(values)
    worst = max(values)
    verdict = "OK" if median < target else "SLOW"
    print(f"{name:<38} median {median:8.2f} {unit}   max {worst:8.2f} {unit}   target < {target:g} {unit}   {verdict}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeats", type=int, default=20)
    parser.add_argument("--variant", default="standard", help="the game to open (default standard)")
    parser.add_argument("--also", default="world31", metavar="ID",
                        help="after the standard run, the launch and click figures of this variant's game too "
                             "(default world31, the largest board; '' for none)")
    parser.add_argument("--child-launch", metavar="FOLDER", help=argparse.SUPPRESS)
    parser.add_argument("--child-launch-start", metavar="FOLDER", help=argparse.SUPPRESS)
    args = parser.parse_args()
    global VARIANT
    VARIANT = args.variant
    if args.child_launch or args.child_launch_start:
        _child_launch(args.child_launch or args.child_launch_start, with_game=bool(args.child_launch))
        return 0
    with tempfile.TemporaryDirectory() as cache:
        os.environ["CHANCELLERY_CACHE_DIR"] = cache  # this process's own maps' paths, not the user's
        return _run(args)


def _run(args: argparse.Namespace) -> int:
    map_id = largest_map() if args.variant == "standard" else args.variant
    print(f"variant {args.variant}")
    report("launch to first painted map", bench_launch(max(3, args.repeats // 4)), "s", LAUNCH_TARGET_S)
    print(f"  (one launch compiling the project's modules first, no bytecode cache: {bench_uncached_launch():.2f} s)")
    print(f"  (one launch without the map's cached paths, as on the first run: {bench_first_run_launch():.2f} s)")
    report("launch to the start page painted", bench_launch(max(3, args.repeats // 4), with_game=False), "s",
           LAUNCH_TARGET_S)
    report("click to legal targets lit", bench_click(max(1, args.repeats // 10)), "ms", CLICK_TARGET_MS)
    report(f"full repaint ({map_id})", bench_repaint(args.repeats, map_id), "ms", REPAINT_TARGET_MS)
    if args.variant == "standard" and args.also and args.also != "standard":
        global VARIANT
        VARIANT = args.also
        print(f"variant {args.also}")
        report("launch to first painted map", bench_launch(max(3, args.repeats // 4)), "s", LAUNCH_TARGET_S)
        report("click to legal targets lit", bench_click(max(1, args.repeats // 10)), "ms", CLICK_TARGET_MS)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
