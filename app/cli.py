"""The ``chancellery`` command: launches the GUI, or runs a headless tool without loading Qt."""
from __future__ import annotations

import sys
from typing import Sequence

HEADLESS = {
    "adjudicate": ("engine.cli", "adjudicate_main"),
    "legal-orders": ("engine.cli", "legal_orders_main"),
    "maps": ("engine.cli", "maps_main"),
    "import": ("engine.cli", "import_main"),
    "export": ("engine.cli", "export_main"),
    "host": ("engine.net.host", "host_main"),
    "render": ("app.render", "render_main"),
}

USAGE = """usage: chancellery [--variant V | --game FILE | FILE] [--screenshot OUT.png]
                                            open the window (a new game of V, or a saved game)
       chancellery adjudicate [FILE]        adjudicate one phase (JSON contract) from FILE or stdin
       chancellery legal-orders [FILE]      list legal orders for a position (JSON)
       chancellery maps list                the maps installed
       chancellery maps build|check [ID ...]
                                            build or check maps' geometry (default: every map)
       chancellery maps import-dpjudge FILE.map [--id ID]
                                            a DPjudge/MILA .map file to map.json on stdout
       chancellery render --variant V | --game FILE [--phase S1901M] [--viewer public|all|POWER]
                          [--legend] [--colour-blind] [--width PX] --out board.png|.svg|.pdf
       chancellery host [--variant V | --game FILE] [--port N] [--password P] [--bot POWER=STRENGTH]
                        [--takeover STRENGTH] [--daide [PORT]] ...
                                            run a LAN host (bots may fill seats; DAIDE bots too)
       chancellery import MILA.json [--out SAVE] [--game N] [--force]
                                            a MILA 'diplomacy' game file to a saved game
       chancellery export GAME --format mila [--out F] [--force]
                                            a saved game to a MILA game file

Each command takes --help. Status 0: done; 2: bad input (the message on standard error names it);
1: host couldn't open its port.
The JSON contract: docs/adjudication-contract.md.
"""


def _looks_like_command(word: str) -> bool:
    """A bare word that names no file: a mistyped command (``adjudicat``) rather than a saved game to open."""
    from pathlib import Path

    return word.replace("-", "").isalpha() and not Path(word).exists()


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if args and args[0] in ("-h", "--help", "help"):
        print(USAGE, end="")
        return 0
    if args and not args[0].startswith("-") and args[0] not in HEADLESS and _looks_like_command(args[0]):
        print(f"chancellery: unknown command {args[0]!r} (commands: {', '.join(HEADLESS)}; "
              "or give a saved game's file name)", file=sys.stderr)
        return 2
    if args and args[0] in HEADLESS:
        module_name, func_name = HEADLESS[args[0]]
        import importlib

        module = importlib.import_module(module_name)
        return int(getattr(module, func_name)(args[1:]))
    from .main import gui_main

    return int(gui_main(args))


if __name__ == "__main__":
    raise SystemExit(main())
