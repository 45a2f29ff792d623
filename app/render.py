"""``chancellery render``: draw a board (start position, or any phase of a saved game) to PNG, SVG or PDF.

A past phase is drawn as it stood, with its orders and results; the current phase of a game is drawn
without orders, since they are still sealed.
"""
from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import Sequence

from engine.game import Game
from engine.savefile import load_game
from engine.types import ChancelleryError
from engine.variants import find_variant


def _picture_for(game: Game, phase: str | None, colour_blind: bool,  # type: ignore[no-untyped-def]
                 viewer: str | None = "public"):
    """The board as ``viewer`` may see it: "public" (what every power may see: no hidden units (decoys), no
    sealed orders, nothing under a fog of war), "all" (the game master) or a power; and its caption:
    variant, phase and centre counts of the position drawn."""
    from .scene.pictures import ALL, PUBLIC, Display, board_caption, board_picture, power_colours, result_arrows, \
        unseen_areas, view_of, area_labels, unexplored_areas

    who = PUBLIC if viewer in (None, "public") else ALL if viewer == "all" else viewer

    variant, board = game.variant, game.variant.board
    colours = power_colours(board, colour_blind, variant)
    display = Display(colour_blind=colour_blind)
    if phase is None or phase.upper() == game.phase:
        view = view_of(variant, game.state, who)
        return (board_picture(board, view, colours, display, variant=variant,
                              unseen=unseen_areas(variant, game.state, who), label_texts=area_labels(variant, who),
                              unexplored=unexplored_areas(variant, game.state, who)),
                board_caption(variant, game.state, colours))
    for record in game.history:
        if str(record.state.phase) == phase.upper():
            arrows = result_arrows(variant, record, viewer=who)
            view = view_of(variant, record.state, who)
            return (board_picture(board, view, colours, display, orders=arrows, variant=variant,
                                  unseen=unseen_areas(variant, record.state, who),
                                  label_texts=area_labels(variant, who),
                                  unexplored=unexplored_areas(variant, record.state, who)),
                    board_caption(variant, record.state, colours))
    raise ChancelleryError(f"the game has no phase {phase!r} (phases: {', '.join(game.phases())})")


def render_main(argv: Sequence[str]) -> int:
    parser = argparse.ArgumentParser(prog="chancellery render", description="Draw a board to PNG, SVG or PDF.")
    source = parser.add_mutually_exclusive_group()
    source.add_argument("--variant", default=None, help="draw this variant's starting position")
    source.add_argument("--game", default=None, help="a saved game")
    parser.add_argument("--phase", default=None, help="with --game: the phase to draw, e.g. S1901M (default: current)")
    parser.add_argument("--out", required=True, help="output file: .png, .svg or .pdf")
    parser.add_argument("--width", type=int, default=2000, help="PNG width in pixels (default 2000)")
    parser.add_argument("--colour-blind", action="store_true", help="use the colour-blind palette")
    parser.add_argument("--legend", action="store_true", help="add the board's key below the map")
    parser.add_argument("--viewer", default="public", help="whose view: public (default; what every power may "
                        "see), all (the game master's: fog of war lifted) or a power's id")
    args = parser.parse_args(argv)
    out = Path(args.out)
    suffix = out.suffix.lower()
    if suffix not in (".png", ".svg", ".pdf"):
        print(f"chancellery render: {out}: the file name must end in .png, .svg or .pdf", file=sys.stderr)
        return 2
    from .drawing.errors import DrawingError  # (no Qt: the display is chosen below)

    try:
        game = load_game(args.game) if args.game else Game.new(find_variant(args.variant or "standard"))
        viewer = args.viewer if args.viewer in ("public", "all") else args.viewer.upper()
        if viewer not in ("public", "all") and viewer not in game.variant.board.powers:
            raise ChancelleryError(f"--viewer {args.viewer!r}: not public, all or a power of {game.variant.name}")
        if not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY"):
            os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
        from .drawing.export import ensure_gui_application, save_pdf, save_png, save_svg
        from .scene.pictures import board_geometry, variant_legend

        ensure_gui_application()
        picture, caption = _picture_for(game, args.phase, args.colour_blind, viewer)
        geometry, _schematic = board_geometry(game.variant.map_id)
        legend = variant_legend(game.variant, geometry) if args.legend else None
        title = f"{game.variant.name} {caption.phase}"
        if suffix == ".png":
            save_png(out, picture, geometry, args.width, caption=caption, legend=legend)
        elif suffix == ".svg":
            save_svg(out, picture, geometry, title=title, caption=caption, legend=legend)
        else:
            save_pdf(out, picture, geometry, title=title, caption=caption, legend=legend)
    except (ChancelleryError, DrawingError, OSError) as exc:  # (an unwritable file or a bad width: DrawingError)
        print(f"chancellery render: {exc}", file=sys.stderr)
        return 2
    print(out)
    return 0
