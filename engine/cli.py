"""Headless command-line tools: ``adjudicate``, ``legal-orders`` and ``maps`` (no Qt needed)."""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any, Callable, Sequence

from .types import ChancelleryError, RequestError


MAX_REQUEST_BYTES = 50_000_000
"""A request larger than this is refused before it is parsed (a real one is a few kilobytes)."""


def _read_request(path: str | None) -> Any:
    if path in (None, "-"):
        raw = sys.stdin.buffer.read(MAX_REQUEST_BYTES + 1)
    else:
        with open(path, "rb") as fh:
            raw = fh.read(MAX_REQUEST_BYTES + 1)
    if len(raw) > MAX_REQUEST_BYTES:
        raise RequestError("request", f"larger than {MAX_REQUEST_BYTES} bytes")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise RequestError("request", f"not UTF-8 text (bad byte at offset {exc.start})") from None
    return parse_request_text(text)


def parse_request_text(text: str) -> Any:
    """JSON text to a request; every way it can fail is a :class:`RequestError`."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise RequestError("request", f"not valid JSON (line {exc.lineno}, column {exc.colno}): {exc.msg}") from None
    except RecursionError:
        raise RequestError("request", "nested too deeply") from None
    except ValueError as exc:  # an integer of more digits than Python converts
        raise RequestError("request", f"not valid JSON: {exc}") from None


def _contract_command(name: str, func: Callable[[Any], Any], argv: Sequence[str]) -> int:
    parser = argparse.ArgumentParser(prog=f"chancellery {name}",
                                     description="Read a JSON request from FILE (or stdin), write the JSON response.")
    parser.add_argument("file", nargs="?", help="request file; '-' or omitted for stdin")
    args = parser.parse_args(argv)
    try:
        request = _read_request(args.file)
    except OSError as exc:
        print(f"chancellery {name}: can't read {args.file}: {exc.strerror or exc}", file=sys.stderr)
        return 2
    except ChancelleryError as exc:
        print(f"chancellery {name}: bad request: {exc}", file=sys.stderr)
        return 2
    try:
        response = func(request)
    except ChancelleryError as exc:
        print(f"chancellery {name}: bad request: {exc}", file=sys.stderr)
        return 2
    except RecursionError:
        print(f"chancellery {name}: bad request: request: nested too deeply", file=sys.stderr)
        return 2
    _write_json(response)
    return 0


def _write_json(data: Any) -> None:
    try:
        json.dump(data, sys.stdout, indent=1)
        sys.stdout.write("\n")
        sys.stdout.flush()
    except BrokenPipeError:
        # The reader stopped early (``| head``): not an error. Point stdout at nothing so the
        # interpreter's final flush doesn't complain either.
        import os

        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())


def adjudicate_main(argv: Sequence[str]) -> int:
    from .contract import adjudicate

    return _contract_command("adjudicate", adjudicate, argv)


def legal_orders_main(argv: Sequence[str]) -> int:
    from .contract import legal_orders

    def sorted_legal_orders(request: Any) -> dict[str, dict[str, list[str]]]:
        # The API lists each unit's orders in no set order; a file people read and diff should not change
        # from run to run.
        return {power: {loc: sorted(orders) for loc, orders in sorted(per.items())}
                for power, per in sorted(legal_orders(request).items())}

    return _contract_command("legal-orders", sorted_legal_orders, argv)


def maps_main(argv: Sequence[str]) -> int:
    parser = argparse.ArgumentParser(prog="chancellery maps", description="Build, check and import map data.")
    parser.add_argument("action", choices=["build", "check", "crop-coastline", "import-dpjudge", "list"])
    parser.add_argument("rest", nargs=argparse.REMAINDER)
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
    from .mapformats.dpjudge import parse_dpjudge

    parser = argparse.ArgumentParser(prog="chancellery maps import-dpjudge",
                                     description="Convert a DPjudge/MILA .map file to map.json on stdout.")
    parser.add_argument("file")
    parser.add_argument("--id", default=None)
    args = parser.parse_args(argv)
    src = Path(args.file)
    try:
        doc = parse_dpjudge(src.read_text(encoding="utf-8"),
                            include=lambda name: (src.parent / name).read_text(encoding="utf-8"),
                            map_id=args.id or src.stem)
    except (OSError, ChancelleryError) as exc:
        print(f"chancellery maps import-dpjudge: {exc}", file=sys.stderr)
        return 2
    _write_json(doc)
    return 0
