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

USAGE = """usage: chancellery [--variant V | --game FILE] [--screenshot OUT.png]
       chancellery adjudicate [FILE]        adjudicate one phase (JSON contract) from FILE or stdin
       chancellery legal-orders [FILE]      list legal orders for a position (JSON)
       chancellery maps build|check|list ID build or check a map's geometry
       chancellery render --variant V [--game FILE --phase S1901M] [--viewer all|POWER] --out board.png|.svg|.pdf
       chancellery host [--variant V | --game FILE] [--port N] [--password P] [--bot POWER=STRENGTH]
                                            run a LAN host (bots may fill seats)
       chancellery import MILA.json [--out SAVE]         a MILA 'diplomacy' game file to a saved game
       chancellery export GAME --format mila [--out F]   a saved game to a MILA game file
"""


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if args and args[0] in ("-h", "--help", "help"):
        print(USAGE, end="")
        return 0
    if args and args[0] in HEADLESS:
        module_name, func_name = HEADLESS[args[0]]
        import importlib

        module = importlib.import_module(module_name)
        return int(getattr(module, func_name)(args[1:]))
    from .main import gui_main

    return int(gui_main(args))


if __name__ == "__main__":
    raise SystemExit(main())
