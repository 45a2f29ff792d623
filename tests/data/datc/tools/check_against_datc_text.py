"""Compare the orders in ``tests/data/datc/datc_v3.json`` with the orders printed in the DATC v3.0 text.

Maintainer tool, never run by the test suite: it reads ``DATC_v3_0.extracted.txt`` from a folder
of reference copies kept outside the repository, named with ``--source``.

For every v3.0 case it extracts the order blocks of the document (province names turned into
codes), and reports each difference from the data file: an order missing on either side, a
unit ordered by the document that the data file does not place, and units the data file
places without the document ordering them (those are usually set up in the document's prose,
for example "England has a fleet in London", and need a human look). Retreat cases print two
blocks (movement, then retreat); the data file encodes the retreat phase, so the second block
is compared. Exit status 1 when an order differs.

    python tests/data/datc/tools/check_against_datc_text.py --source DIR [--data FILE]
"""

from __future__ import annotations

import argparse
import json
import re
from pathlib import Path
from typing import Any

TOOLS_DIR = Path(__file__).resolve().parent
DATA_DIR = TOOLS_DIR.parent
DEFAULT_DATA = DATA_DIR / "datc_v3.json"

PROVINCE_NAMES = {
    "adriatic sea": "ADR", "aegean sea": "AEG", "albania": "ALB", "ankara": "ANK", "apulia": "APU",
    "armenia": "ARM", "baltic sea": "BAL", "barents sea": "BAR", "belgium": "BEL", "berlin": "BER",
    "black sea": "BLA", "bohemia": "BOH", "gulf of bothnia": "BOT", "brest": "BRE", "budapest": "BUD",
    "bulgaria": "BUL", "burgundy": "BUR", "clyde": "CLY", "constantinople": "CON", "denmark": "DEN",
    "eastern mediterranean": "EAS", "edinburgh": "EDI", "english channel": "ENG", "finland": "FIN",
    "galicia": "GAL", "gascony": "GAS", "greece": "GRE", "helgoland bight": "HEL", "holland": "HOL",
    "ionian sea": "ION", "irish sea": "IRI", "kiel": "KIE", "london": "LON", "livonia": "LVN",
    "liverpool": "LVP", "gulf of lyon": "LYO", "mid-atlantic ocean": "MAO", "marseilles": "MAR",
    "moscow": "MOS", "munich": "MUN", "north africa": "NAF", "north atlantic ocean": "NAO",
    "naples": "NAP", "north sea": "NTH", "norwegian sea": "NWG", "norway": "NWY", "paris": "PAR",
    "picardy": "PIC", "piedmont": "PIE", "portugal": "POR", "prussia": "PRU", "rome": "ROM",
    "ruhr": "RUH", "rhur": "RUH", "rumania": "RUM", "serbia": "SER", "sevastopol": "SEV",
    "silesia": "SIL", "skagerrak": "SKA", "smyrna": "SMY", "spain": "SPA", "st petersburg": "STP",
    "sweden": "SWE", "syria": "SYR", "trieste": "TRI", "tunis": "TUN", "tuscany": "TUS",
    "tyrolia": "TYR", "tyrrhenian sea": "TYS", "ukraine": "UKR", "venice": "VEN", "vienna": "VIE",
    "wales": "WAL", "warsaw": "WAR", "western mediterranean": "WES", "yorkshire": "YOR",
}
POWERS = ("Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey")


def location(name: str) -> str:
    name = name.strip()
    match = re.fullmatch(r"(.+?)\s*\((nc|sc|ec)\)", name, re.I)
    coast = ""
    if match:
        name, coast = match.group(1), "/" + match.group(2).upper()
    return PROVINCE_NAMES[name.lower()] + coast


def unit(text: str) -> str:
    """``F Spain(nc)`` -> ``F SPA/NC``; a missing unit type (a DATC typo) is left out."""
    text = text.strip()
    if text[:2] in {"A ", "F "}:
        return f"{text[0]} {location(text[2:])}"
    return location(text)


def parse_order(text: str) -> str:
    text = re.sub(r"\s+", " ", text.strip())
    if text.lower().startswith("build "):
        return "BUILD " + unit(text[6:])
    if text.lower().startswith("remove "):
        return unit(text[7:]) + " D"
    via = bool(re.search(r" via convoy$", text, re.I))
    text = re.sub(r" via convoy$", "", text, flags=re.I)
    for keyword, letter in ((" Supports ", "S"), (" Convoys ", "C")):
        if keyword in text:
            actor, target = text.split(keyword, 1)
            if " - " in target:
                moved, destination = target.split(" - ", 1)
                return f"{unit(actor)} {letter} {unit(moved)} - {location(destination)}"
            return f"{unit(actor)} {letter} {unit(target)}"
    if text.endswith(" Hold"):
        return f"{unit(text[:-5])} H"
    actor, destination = text.split(" - ", 1)
    return f"{unit(actor)} - {location(destination)}" + (" VIA" if via else "")


def document_cases(text: str) -> dict[str, list[dict[str, list[str]]]]:
    """case id -> order blocks, each {power: [orders]} in document order."""
    start = text.index("6. TEST CASES")
    headers = list(re.finditer(r"^(6\.[A-J]\.\d+)\.? TEST CASE, .*$", text[start:], re.M))
    cases: dict[str, list[dict[str, list[str]]]] = {}
    for number, header in enumerate(headers):
        end = headers[number + 1].start() if number + 1 < len(headers) else len(text) - start
        body = text[start + header.end(): start + end]
        blocks: list[dict[str, list[str]]] = []
        current: dict[str, list[str]] | None = None
        power = ""
        for raw_line in body.splitlines():
            line = raw_line.strip()
            power_match = re.fullmatch(r"(%s)\s*:?" % "|".join(POWERS), line)
            if power_match:
                power = power_match.group(1).upper()
                if current is None:
                    current = {}
                    blocks.append(current)
                continue
            if current is not None and power and re.match(r"^(A|F|Build [AF]|Remove [AF]) ", line):
                current.setdefault(power, []).append(parse_order(line))
                continue
            if line and current is not None and not power_match:
                # Prose ends an order block.
                current, power = None, ""
        cases[header.group(1)] = blocks
    return cases


def comparable(order: str) -> str:
    """Retreats are printed as moves in the document."""
    return re.sub(r" R ", " - ", order)


def without_target_type(order: str) -> str:
    return re.sub(r" ([SC]) [AF] ", r" \1 ", order)


def compare(case: dict[str, Any], blocks: list[dict[str, list[str]]]) -> list[str]:
    problems: list[str] = []
    if not blocks:
        return ["no order block found in the document"] if case["orders"] else []
    block = blocks[-1] if case["phase"].endswith("R") else blocks[0]
    ours = {(power, comparable(order)) for power, orders in case["orders"].items() for order in orders}
    theirs = {(power, comparable(order)) for power, orders in block.items() for order in orders}
    # The document sometimes leaves out the type of the supported or convoyed unit ("A Holland Supports
    # Rhur - Belgium"); such an order matches ours when it agrees on everything else.
    for power, order in sorted(theirs - ours):
        typeless = [mine for mine in ours - theirs if mine[0] == power and without_target_type(mine[1]) == order]
        if typeless:
            ours.discard(typeless[0])
            theirs.discard((power, order))
            problems.append(f"note: the document gives no unit type in {power}: {order}")
    for power, order in sorted(theirs - ours):
        problems.append(f"document has {power}: {order}")
    for power, order in sorted(ours - theirs):
        problems.append(f"data file has {power}: {order}")
    placed = {unit_text.split("/")[0] for listed in case["units"].values() for unit_text in listed}
    for dislodged in case.get("dislodged", {}).values():
        placed |= {entry["unit"].split("/")[0] for entry in dislodged}
    ordered_units = set()
    for power, orders in block.items():
        for order in orders:
            if order.startswith(("A ", "F ")) and not order.endswith(" D"):
                ordered_units.add(" ".join(order.split()[:2]).split("/")[0])
    for missing in sorted(ordered_units - placed):
        problems.append(f"note: the document orders {missing}, which the data file does not place")
    if case["phase"].endswith("M"):
        for unordered in sorted(placed - ordered_units):
            problems.append(f"note: the data file places {unordered}, which the document does not order")
    return problems


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--source", type=Path, required=True, help="directory holding DATC_v3_0.extracted.txt")
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    arguments = parser.parse_args()
    document = document_cases((arguments.source / "DATC_v3_0.extracted.txt").read_text(encoding="utf-8"))
    data = json.loads(arguments.data.read_text(encoding="utf-8"))
    differing = 0
    for case in data["cases"]:
        if "variant_of" in case:
            continue
        problems = compare(case, document[case["id"]])
        if any(not problem.startswith("note:") for problem in problems):
            differing += 1
        for problem in problems:
            print(f"{case['id']}: {problem}")
    print(f"{differing} case(s) with differing orders")
    return 1 if differing else 0


if __name__ == "__main__":
    raise SystemExit(main())
