"""Headless command-line tools: ``adjudicate``, ``legal-orders``, ``maps``, ``import`` and ``export`` (no Qt needed)."""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any, Callable, Sequence

from .types import ChancelleryError, RequestError


MAX_REQUEST_BYTES = 50_000_000
"""A request larger than this is refused before it is parsed (a real one is a few kilobytes)."""


def _read_request_bytes(path: str | None) -> bytes:
    if path in (None, "-"):
        raw = sys.stdin.buffer.read(MAX_REQUEST_BYTES + 1)
    else:
        with open(path, "rb") as fh:
            raw = fh.read(MAX_REQUEST_BYTES + 1)
    if len(raw) > MAX_REQUEST_BYTES:
        raise RequestError("request", f"larger than {MAX_REQUEST_BYTES} bytes")
    return raw


def parse_request_text(text: str | bytes) -> Any:
    """JSON text to a request; every way it can fail is a :class:`RequestError`."""
    from .contract import read_request_text

    return read_request_text(text)


_CONTRACT_EPILOG = ("The request and response are described in docs/adjudication-contract.md. Exit status: 0, the "
                    "response was written to standard output; 2, the request could not be read or used (standard "
                    "error names the field, e.g. 'chancellery {name}: bad request: phase: ...'), nothing written.")


def _contract_command(name: str, description: str, answer: Callable[[bytes], str], argv: Sequence[str]) -> int:
    """Read the request, write ``answer``'s JSON text; bad requests exit 2 with a message."""
    parser = argparse.ArgumentParser(prog=f"chancellery {name}", description=description,
                                     epilog=_CONTRACT_EPILOG.format(name=name))
    parser.add_argument("file", nargs="?", metavar="FILE", help="request file; '-' or omitted for stdin")
    args = parser.parse_args(argv)
    try:
        raw = _read_request_bytes(args.file)
    except OSError as exc:
        print(f"chancellery {name}: can't read {args.file}: {exc.strerror or exc}", file=sys.stderr)
        return 2
    except ChancelleryError as exc:
        print(f"chancellery {name}: bad request: {exc}", file=sys.stderr)
        return 2
    try:
        response = answer(raw)
    except ChancelleryError as exc:
        print(f"chancellery {name}: bad request: {exc}", file=sys.stderr)
        return 2
    except RecursionError:
        print(f"chancellery {name}: bad request: request: nested too deeply", file=sys.stderr)
        return 2
    _write_text(response)
    return 0


def _write_text(text: str) -> None:
    try:
        sys.stdout.write(text)
        sys.stdout.write("\n")
        sys.stdout.flush()
    except BrokenPipeError:
        # The reader stopped early (``| head``): not an error. Point stdout at nothing so the
        # interpreter's final flush doesn't complain either.
        import os

        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())


def _write_json(data: Any) -> None:
    _write_text(json.dumps(data, indent=1))


def adjudicate_main(argv: Sequence[str]) -> int:
    from .contract import adjudicate_json

    return _contract_command(
        "adjudicate", "Adjudicate one phase: read a JSON request (variant, phase, units, centres, orders) from FILE "
        "or standard input and write the results and the next position as one line of JSON.", adjudicate_json, argv)  # the text path: one line of JSON


def legal_orders_main(argv: Sequence[str]) -> int:
    from .contract import legal_orders, read_request_text

    def sorted_legal_orders(raw: bytes) -> str:
        # The API lists each unit's orders in no set order; a file people read and diff should not change
        # from run to run.
        legal = legal_orders(read_request_text(raw))
        return json.dumps({power: {loc: sorted(orders) for loc, orders in sorted(per.items())}
                           for power, per in sorted(legal.items())}, indent=1)

    return _contract_command(
        "legal-orders", "List every legal order of a position: read a JSON request (as for adjudicate; its orders "
        "are ignored) from FILE or standard input and write {power: {location: [order, ...]}}, sorted and "
        "indented.", sorted_legal_orders, argv)


def maps_main(argv: Sequence[str]) -> int:
    parser = argparse.ArgumentParser(
        prog="chancellery maps", description="List, build, check and import map data.",
        epilog="list: the installed maps' ids. build [MAP ...]: build geometry.json from seeds and coastline. "
               "check [MAP ...]: check the geometry against the map graph. import-dpjudge FILE.map [--id ID]: "
               "a DPjudge/MILA .map file to map.json on standard output. crop-coastline MAP GSHHS: a maintainer "
               "step. Each action takes --help.")
    parser.add_argument("action", choices=["build", "check", "crop-coastline", "import-dpjudge", "list"])
    parser.add_argument("rest", nargs=argparse.REMAINDER, metavar="...", help="the action's arguments")
    args = parser.parse_args(argv)
    if args.action == "list":
        from .mapdata import available_maps

        print("\n".join(available_maps()))
        return 0
    if args.action == "import-dpjudge":
        return _import_dpjudge(args.rest)
    from .geometry import cli as geometry_cli

    handler = {"build": geometry_cli.build_main, "check": geometry_cli.check_main,
               "crop-coastline": geometry_cli.crop_main}[args.action]
    return int(handler(args.rest))


def _import_dpjudge(argv: Sequence[str]) -> int:
    from .mapdata import MapData
    from .mapformats.dpjudge import parse_dpjudge

    parser = argparse.ArgumentParser(prog="chancellery maps import-dpjudge",
                                     description="Convert a DPjudge/MILA .map file to map.json on stdout.")
    parser.add_argument("file")
    parser.add_argument("--id", default=None)
    args = parser.parse_args(argv)
    src = Path(args.file)
    notes: list[str] = []
    try:
        doc = parse_dpjudge(src.read_text(encoding="utf-8"),
                            include=lambda name: (src.parent / name).read_text(encoding="utf-8"),
                            map_id=args.id or src.stem, notes=notes)
        MapData.from_dict(doc)  # what the file gives must load as a board, or nothing is written
    except (OSError, UnicodeDecodeError, ChancelleryError) as exc:
        print(f"chancellery maps import-dpjudge: {getattr(exc, 'strerror', None) or exc}", file=sys.stderr)
        return 2
    for note in notes:
        print(f"chancellery maps import-dpjudge: note: {note}", file=sys.stderr)
    _write_json(doc)
    return 0


def import_main(argv: Sequence[str]) -> int:
    """``chancellery import FILE``: a MILA game file to one of our saved games."""
    from .interop.mila_files import MilaFileError, read_mila
    from .savefile import save_game

    parser = argparse.ArgumentParser(prog="chancellery import",
                                     description="Read a MILA 'diplomacy' saved game (JSON, or one game per line) "
                                                 "and write it as a Chancellery saved game.")
    parser.add_argument("file", help="the MILA game file")
    parser.add_argument("--out", default=None, metavar="SAVE",
                        help="where to write the game (default: FILE's name ending .chancellery.json)")
    parser.add_argument("--game", type=int, default=0, metavar="N",
                        help="which game of a file holding one game per line (from 0; default 0)")
    parser.add_argument("--force", action="store_true", help="replace SAVE if it exists")
    args = parser.parse_args(argv)
    src = Path(args.file)
    out = Path(args.out) if args.out else src.with_name(src.name.removesuffix(".json") + ".chancellery.json")
    if out.exists() and not args.force:
        print(f"chancellery import: {out} exists; give --force to replace it", file=sys.stderr)
        return 2
    try:
        imported = read_mila(src, args.game)
    except MilaFileError as exc:
        print(f"chancellery import: {exc}", file=sys.stderr)
        return 2
    for warning in imported.warnings:
        print(f"chancellery import: note: {warning}", file=sys.stderr)
    try:
        save_game(imported.game, out)
    except OSError as exc:
        print(f"chancellery import: can't write {out}: {exc.strerror or exc}", file=sys.stderr)
        return 2
    game = imported.game
    print(f"{src.name}: {game.variant.name}, {len(game.history)} phases played, now {game.phase} -> {out}")
    return 0


def export_main(argv: Sequence[str]) -> int:
    """``chancellery export GAME --format mila``: one of our saved games as a MILA game file."""
    from .interop.mila_files import MilaFileError, dumps_mila
    from .savefile import load_game, write_atomic

    parser = argparse.ArgumentParser(prog="chancellery export",
                                     description="Write a Chancellery saved game in another program's format.")
    parser.add_argument("game", help="the saved game")
    parser.add_argument("--format", required=True, choices=["mila"], help="mila: a MILA 'diplomacy' saved game")
    parser.add_argument("--out", default=None, metavar="FILE",
                        help="where to write it; '-' for stdout (default: GAME's name ending .mila.json)")
    parser.add_argument("--force", action="store_true", help="replace FILE if it exists")
    args = parser.parse_args(argv)
    src = Path(args.game)
    out = None if args.out == "-" else Path(args.out) if args.out else \
        src.with_name(src.name.removesuffix(".json") + ".mila.json")
    if out is not None and out.exists() and not args.force:
        print(f"chancellery export: {out} exists; give --force to replace it", file=sys.stderr)
        return 2
    try:
        text = dumps_mila(load_game(src))  # converted in full before anything is written
    except (MilaFileError, ChancelleryError) as exc:
        print(f"chancellery export: {exc}", file=sys.stderr)
        return 2
    if out is None:
        sys.stdout.write(text)
        return 0
    try:
        write_atomic(out, text)
    except OSError as exc:
        print(f"chancellery export: can't write {out}: {exc.strerror or exc}", file=sys.stderr)
        return 2
    print(f"{src.name} -> {out} (MILA format)")
    return 0
