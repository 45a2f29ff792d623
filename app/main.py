"""Start the desktop client: ``gui_main(argv)`` (``app.cli`` calls it when no subcommand is given).

``chancellery`` opens the start page; ``--variant V`` starts a game-master game of that variant;
``--game FILE`` opens a saved game; ``--screenshot OUT.png`` renders the window offscreen, saves it and
exits (no display needed).
"""
from __future__ import annotations

import argparse
import logging
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from engine.game import Game

SCREENSHOT_SIZE = (1400, 900)

log = logging.getLogger("chancellery.app")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="chancellery",
        description="Chancellery: play Diplomacy hot-seat with sealed orders, or run a face-to-face game as game master.",
    )
    source = parser.add_mutually_exclusive_group()
    source.add_argument("--variant", metavar="V", help="start a new game-master game of variant V (e.g. standard)")
    source.add_argument("--game", metavar="FILE", type=Path, help="open a saved game")
    parser.add_argument("file", nargs="?", type=Path, help="a saved game to open (as --game; for file managers)")
    parser.add_argument("--screenshot", metavar="OUT.png", type=Path,
                        help="render the main window offscreen to OUT.png and exit")
    return parser


def _has_display() -> bool:
    if not sys.platform.startswith("linux"):
        return True
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY") or os.environ.get("QT_QPA_PLATFORM"))


def gui_main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    try:
        args = parser.parse_args(list(sys.argv[1:] if argv is None else argv))
    except SystemExit as exc:  # --help or a usage error: argparse has printed the message
        return int(exc.code or 0)
    if args.file is not None:
        if args.game is not None or args.variant is not None:
            print("chancellery: give a saved game either as FILE or with --game/--variant, not both", file=sys.stderr)
            return 2
        args.game = args.file
    if args.screenshot is not None and args.screenshot.suffix.lower() != ".png":
        print(f"chancellery: --screenshot needs a .png file name, not {args.screenshot}", file=sys.stderr)
        return 2
    if args.screenshot is not None and not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")):
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    if not _has_display():
        print("chancellery: no display found (set DISPLAY, or use --screenshot OUT.png to render offscreen)",
              file=sys.stderr)
        return 2

    from engine.types import ChancelleryError
    from PySide6.QtWidgets import QApplication

    from app.controllers.setup import Mode, NewGameSpec, create_game

    from .widgets.main_window import MainWindow

    game = None
    try:
        if args.game is not None:
            game = _read_game(args.game)
        elif args.variant is not None:
            game = create_game(NewGameSpec(variant=args.variant, mode=Mode.GM))
    except (ChancelleryError, OSError, ValueError, RecursionError) as exc:
        # load_game turns every unreadable file into a SaveFileError; the rest is a last net so that a bad
        # file never ends in a traceback.
        message = str(exc) or type(exc).__name__
        if args.game is not None and str(args.game) not in message:
            message = f"{args.game}: {message}"
        print(f"chancellery: {message}", file=sys.stderr)
        return 2

    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    existing = QApplication.instance()
    app = existing if isinstance(existing, QApplication) else QApplication([sys.argv[0] if sys.argv else "chancellery"])
    app.setApplicationName("Chancellery")
    app.setOrganizationName("Chancellery")
    app.setDesktopFileName("chancellery")
    from PySide6.QtGui import QIcon

    from app.drawing.paths import ICONS_DIR

    app.setWindowIcon(QIcon(str(ICONS_DIR / "chancellery.svg")))
    window = MainWindow()
    if game is not None:
        if args.game is not None:
            window.open_game(args.game)
        else:
            window.show_game(game)
    if args.screenshot is not None:
        return _screenshot(app, window, args.screenshot)
    window.show()
    return int(app.exec())


def _read_game(path: Path) -> Game:
    """The game in ``path``: one of our saves, or a MILA game file (as Game ▸ Open reads it)."""
    from engine.savefile import load_game
    from engine.types import ChancelleryError

    try:
        return load_game(path)
    except ChancelleryError:
        from .widgets.main_window import _is_mila_file

        if not _is_mila_file(path):
            raise
        from engine.interop.mila_files import read_mila

        return read_mila(path).game


def _screenshot(app: object, window: object, out: Path) -> int:
    from PySide6.QtWidgets import QApplication

    from .widgets.main_window import MainWindow

    assert isinstance(window, MainWindow)
    window.resize(*SCREENSHOT_SIZE)
    window.show()
    for _ in range(5):
        QApplication.processEvents()
    if window.page is not None:
        window.page.view.fit_to_window()
        QApplication.processEvents()
    image = window.grab()
    out.parent.mkdir(parents=True, exist_ok=True)
    if not image.save(str(out), "PNG"):
        print(f"chancellery: can't write {out}", file=sys.stderr)
        return 1
    window.close()
    print(f"wrote {out} ({image.width()}x{image.height()})")
    return 0


if __name__ == "__main__":
    raise SystemExit(gui_main())
