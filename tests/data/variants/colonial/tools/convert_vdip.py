"""Rebuild the vDiplomacy part of ``tests/data/variants/colonial/cases.json``.

Maintainer tool, never imported or run by the test suite. It reads a reference copy kept outside the
repository (``datc_testcases.json``, named with ``--source``): the Suez and Trans-Siberian Railroad test cases of
vDiplomacy's Colonial variant (``variants/Colonial/datc.php``, AGPL-3.0), with territory ids already
resolved to names. Only facts are used: positions, orders and outcomes.

What it does:

* each valid case becomes a movement-phase request in our contract form (Spring 1870, starting centres);
  the pseudo-territory "Suez Canal" that vDiplomacy uses to carry a permission is translated into our
  ``SUEZ F MED - RED`` order of the power whose unit is in Egypt (a pseudo "hold" is no permission);
* a move flagged via-convoy-or-TSR between two railway spaces becomes ``VIA TSR``, otherwise ``VIA``;
* vDiplomacy's per-order outcome (Success / Hold / Dislodged) gives the board after the phase. A railway
  move that "succeeds" there may have stopped on the way: ``RAILWAY_STOPS`` says where, as our rules
  place it (worked out by hand from the rules, one line per case);
* results are asserted for moves (succeeds / fails; a railway move succeeds only if it arrives), for
  permissions, and for orders vDiplomacy marks illegal (invalid). vDiplomacy's results for supports don't
  share our meaning and are left out (the board says what matters);
* ``DEVIATIONS`` lists the cases whose expectation we deliberately don't follow, with the reason; the case
  is kept with our expected result, and where the difference is the railway rule edition a second copy
  (id suffix ``:vdiplomacy-2.2``) runs with the option ``{"tsr_rules": "vdiplomacy-2.2"}`` and keeps
  vDiplomacy's expectation;
* ``EXTRA_CASES`` adds the positions vDiplomacy wrote but left commented out as illegal (SUEZ.A2, A3, A5,
  TSR.A3) and one case as its title describes it (TSR.B6b).

Cases of other sources already in ``cases.json`` (the rules text's examples, written by hand) are kept.
Run from anywhere:

    python tests/data/variants/colonial/tools/convert_vdip.py --source FILE [--output FILE]
"""
from __future__ import annotations

import argparse
import copy
import json
import sys
from pathlib import Path
from typing import Any

TOOLS_DIR = Path(__file__).resolve().parent
DATA_DIR = TOOLS_DIR.parent
REPO_ROOT = DATA_DIR.parents[3]
DEFAULT_OUTPUT = DATA_DIR / "cases.json"

SOURCE = "vDiplomacy Colonial v2.2 test cases (variants/Colonial/datc.php, Sleepcap/vDiplomacy 72c81f0)"
PHASE = "S1870M"
RAILWAY = ("Moscow", "Perm", "Omsk", "Krasnoyarsk", "Irkutsk", "Vladivostok")
PSEUDO_CANAL = "Suez Canal"
SEAS = {"Mediterranean Sea": "Red Sea", "Red Sea": "Mediterranean Sea"}
CODES = {
    "Akmolinsk": "AKM", "Egypt": "EGY", "Eritrea": "ERI", "Irkutsk": "IRK", "Krasnoyarsk": "KRA",
    "Manchuria": "MAC", "Mediterranean Sea": "MED", "Mongolia": "MON", "Moscow": "MOS", "Odessa": "ODE",
    "Okhotsk Sea": "OKH", "Omsk": "OMS", "Orenburg": "ORE", "Perm": "PRM", "Red Sea": "RED", "Syria": "SYR",
    "Urumchi": "URU", "Vladivostok": "VLA",
}

# Where the railway army ends when vDiplomacy says its move "succeeds" (left its origin), under our
# default rules. "arrives" = at its destination.
RAILWAY_STOPS: dict[str, str] = {
    "v12.TSR.A1": "VLA",   # arrives
    "v12.TSR.B1a": "PRM",  # bounced in MOS by A ODE; PRM is the nearest free space back
    "v12.TSR.B1b": "PRM",
    "v12.TSR.B1c": "PRM",
    "v12.TSR.B1d": "PRM",
    "v12.TSR.B1e": "PRM",
    "v12.TSR.B2a": "KRA",  # the supporting Chinese army in OMS blocks
    "v12.TSR.B2b": "IRK",  # the train bounces A OMS in KRA and stops before it
    "v12.TSR.B2c": "IRK",  # (deviation) the train bounces A KRA in OMS; KRA holds the returning army
    "v12.TSR.B2d": "KRA",  # the train bounces A AKM in OMS
    "v12.TSR.B2e": "PRM",
    "v12.TSR.B3a": "OMS",  # A AKM entering KRA blocks
    "v12.TSR.B3b": "OMS",
    "v12.TSR.B3c": "OMS",
    "v12.TSR.B3d": "IRK",  # passes KRA, bounced in VLA by F OKH
    "v12.TSR.B4a": "IRK",
    "v12.TSR.B4b": "IRK",
    "v12.TSR.B5a": "IRK",  # (deviation) A OMS tries to leave: OMS is open; bounced in VLA
    "v12.TSR.B5b": "IRK",
    "v12.TSR.B6a": "IRK",  # (deviation) A KRA tries to leave: KRA is open; bounced in VLA
    "v12.TSR.B6b": "IRK",
    "v12.TSR.B7a": "PRM",  # (deviation) bounced in VLA; IRK and OMS hold returning armies, KRA a standoff
    "v12.TSR.B7b": "PRM",
    "v12.TSR.B8a": "PRM",
    "v12.TSR.B8b": "KRA",  # the British army taking OMS blocks
    "v12.TSR.B9a": "PRM",
    "v12.TSR.B9b": "PRM",
    "v12.TSR.B10": "OMS",  # the Chinese army in KRA blocks though dislodged
    "v12.TSR.B11": "OMS",
    "v12.TSR.B12": "KRA",
    "v12.TSR.C1": "KRA",   # IRK stays occupied
    "v12.TSR.C2": "KRA",
    "v12.TSR.C3a": "KRA",
    "v12.TSR.C3b": "KRA",
    "v12.TSR.C4": "IRK",   # arrives: the Chinese army left
    "v12.TSR.C6": "KRA",
    "v12.TSR.C7": "IRK",   # arrives with support
    "v12.TSR.C9a": "KRA",
    "v12.TSR.C9b": "KRA",
    "v12.TSR.C11a": "IRK",  # arrives with support
    "v12.TSR.D1": "PRM",
    "v12.TSR.D2": "PRM",
    "v12.TSR.D4a": "PRM",
    "v12.TSR.D4b": "PRM",
    "v12.TSR.D4c": "OMS",
    "v12.TSR.D4d": "PRM",
    "v12.TSR.D5": "PRM",
    "v12.TSR.E1": "IRK",
    "v12.TSR.E2": "KRA",   # arrives: the two Russian armies swap
}
# The same under vDiplomacy 2.2's rule, for the copies of the deviating cases.
RAILWAY_STOPS_V22: dict[str, str] = {
    "v12.TSR.B2c": "IRK",  # the Chinese army moving along the line blocks KRA
    "v12.TSR.B5a": "PRM",  # the Turkish army moving along the line blocks OMS
    "v12.TSR.B6a": "PRM",  # the Chinese army moving along the line blocks KRA; OMS is a standoff
    "v12.TSR.B7a": "PRM",  # the Turkish army moving along the line blocks OMS
}

RULES_TEXT_REASON = (
    "The rules text (Colonial rules, TSR section) says a foreign unit that at least tries to leave a space on "
    "the line does not block it, and its own example has Chinese A KRA - IRK bounce the train in Irkutsk. "
    "vDiplomacy 2.2 narrowed this: a foreign unit moving along the line still blocks. We follow the rules "
    "text by default; the ':vdiplomacy-2.2' copy runs with that option and keeps vDiplomacy's result.")

# Cases whose vDiplomacy expectation we don't follow: the changed outcomes ((country, territory) ->
# outcome) and why. "option" marks the ones where the vDiplomacy 2.2 railway rule explains the difference.
DEVIATIONS: dict[str, dict[str, Any]] = {
    "v12.TSR.B2c": {"outcomes": {("China", "Krasnoyarsk"): "Hold"}, "option": True,
                    "why": "A KRA - OMS tries to leave Krasnoyarsk, so the train passes it and bounces the army in "
                           "Omsk, then stops in Irkutsk. " + RULES_TEXT_REASON},
    "v12.TSR.B5a": {"outcomes": {("Japan", "Okhotsk Sea"): "Hold"}, "option": True,
                    "why": "A OMS - KRA tries to leave Omsk and the standoff in Krasnoyarsk doesn't stop the train, "
                           "which reaches Vladivostok and bounces F OKH. " + RULES_TEXT_REASON},
    "v12.TSR.B6a": {"outcomes": {("Japan", "Okhotsk Sea"): "Hold"}, "option": True,
                    "why": "A KRA - OMS tries to leave Krasnoyarsk and the standoff in Omsk doesn't stop the train, "
                           "which reaches Vladivostok and bounces F OKH. " + RULES_TEXT_REASON},
    "v12.TSR.B7a": {"outcomes": {("Japan", "Okhotsk Sea"): "Hold"}, "option": True,
                    "why": "Both armies try to leave their spaces and only stand off in Krasnoyarsk, so the train "
                           "reaches Vladivostok and bounces F OKH. " + RULES_TEXT_REASON},
    "v12.TSR.C12a": {"outcomes": {("Japan", "Krasnoyarsk"): "Hold"}, "option": True,
                     "why": "This is the rules text's own example (A Kra - Irk against A Mos - Irk via TSR): the army "
                            "leaving Krasnoyarsk doesn't block, so it and the train stand off in Irkutsk. "
                            + RULES_TEXT_REASON},
    "v12.SUEZ.C1": {"outcomes": {("Britain", "Syria"): "Illegal"}, "option": False,
                    "why": "No unit stands in Egypt, and the rules text says that then there is no way to use the "
                           "canal; so F RED - MED can't be ordered and, as in DATC 4.E.1, neither can a support of "
                           "it. vDiplomacy accepts the support because its pseudo-territory always exists. "
                           "'colonial.suez.support-with-egypt' shows the support accepted with a unit in Egypt."},
}
NOTES: dict[str, str] = {
    "v12.TSR.B6b": "Written with a British army in Krasnoyarsk although the title says Russian. Under our default "
                   "rules the British army tries to leave and doesn't block, which gives vDiplomacy's result; "
                   "under vDiplomacy 2.2's own rule it would block (compare B6a). "
                   "'v12.TSR.B6b:as-titled' has the Russian army.",
}

EXTRA_CASES: list[dict[str, Any]] = [
    {"id": "v12.SUEZ.A2", "title": "NO SUEZ PERMISSION WITHOUT UNIT IN EGYPT",
     "units": {"TURKEY": ["F MED"]},
     "orders": {"BRITAIN": ["SUEZ F MED - RED"], "TURKEY": ["F MED H"]},
     "expect": {"units": {"TURKEY": ["F MED"]}, "dislodged": {},
                "results": {"SUEZ F MED - RED": "invalid"}},
     "note": "vDiplomacy lists this position as an illegal order (commented out)."},
    {"id": "v12.SUEZ.A3", "title": "NO SUEZ PERMISSION WITH FOREIGN UNIT IN EGYPT",
     "units": {"TURKEY": ["A EGY", "F MED"]},
     "orders": {"BRITAIN": ["SUEZ F MED - RED"], "TURKEY": ["A EGY H", "F MED H"]},
     "expect": {"units": {"TURKEY": ["A EGY", "F MED"]}, "dislodged": {},
                "results": {"SUEZ F MED - RED": "invalid"}},
     "note": "vDiplomacy lists this position as an illegal order (commented out)."},
    {"id": "v12.SUEZ.A5", "title": "SUEZ PERMISSION NOT VALID IF UNIT JUST ENTERS EGYPT",
     "units": {"BRITAIN": ["A SYR"], "TURKEY": ["F MED"]},
     "orders": {"BRITAIN": ["A SYR - EGY", "SUEZ F MED - RED"], "TURKEY": ["F MED H"]},
     "expect": {"units": {"BRITAIN": ["A EGY"], "TURKEY": ["F MED"]}, "dislodged": {},
                "results": {"A SYR - EGY": "succeeds", "SUEZ F MED - RED": "invalid"}},
     "note": "vDiplomacy lists this position as an illegal order (commented out)."},
    {"id": "v12.TSR.A3", "title": "ONLY ONE UNIT MAY USE THE TSR",
     "units": {"RUSSIA": ["A PRM", "A IRK"]},
     "orders": {"RUSSIA": ["A PRM - VLA VIA TSR", "A IRK - OMS VIA TSR"]},
     "expect": {"units": {"RUSSIA": ["A VLA", "A IRK"]}, "dislodged": {},
                "results": {"A PRM - VLA VIA TSR": "succeeds", "A IRK - OMS VIA TSR": "invalid"}},
     "note": "vDiplomacy's order screen refuses a second railway order; here the first one given stands and "
             "the second is invalid."},
    {"id": "v12.TSR.B6b:as-titled", "title": "A STANDOFF ON ROUTE WITH RETURNING RUSSIAN UNIT WITH DIRECTION",
     "options": {"tsr_rules": "vdiplomacy-2.2"},
     "units": {"RUSSIA": ["A MOS", "A KRA"], "TURKEY": ["A AKM"], "JAPAN": ["F OKH"]},
     "orders": {"RUSSIA": ["A MOS - VLA VIA TSR", "A KRA - OMS"], "TURKEY": ["A AKM - OMS"],
                "JAPAN": ["F OKH - VLA"]},
     "expect": {"units": {"RUSSIA": ["A IRK", "A KRA"], "TURKEY": ["A AKM"], "JAPAN": ["F OKH"]},
                "dislodged": {},
                "results": {"A MOS - VLA VIA TSR": "fails", "A KRA - OMS": "fails", "A AKM - OMS": "fails",
                            "F OKH - VLA": "fails"}},
     "note": "TSR.B6b with the Russian army its title names, under vDiplomacy 2.2's rule: the Russian army "
             "doesn't block and the Turkish one is held out by a standoff, so the train reaches Vladivostok."},
]

_TYPE = {"Army": "A", "Fleet": "F"}


def _unit(order: dict[str, Any]) -> str:
    return f"{_TYPE[order['unit']]} {CODES[order['terr']]}"


def _on_railway(order: dict[str, Any]) -> bool:
    return order["terr"] in RAILWAY and order["to"] in RAILWAY


def _order_text(order: dict[str, Any], unit_at: dict[str, str]) -> str | None:
    """Our notation for one vDiplomacy order (``None``: nothing to write)."""
    kind = order["order"]
    if order["terr"] == PSEUDO_CANAL:
        if kind == "Hold":
            return None  # the pseudo-unit holding: no permission
        if kind == "Support hold":
            sea = order["to"]
            return f"SUEZ {unit_at[sea]} - {CODES[SEAS[sea]]}"
        raise ValueError(f"unexpected Suez pseudo-order {kind!r}")
    unit = _unit(order)
    if kind == "Hold":
        return f"{unit} H"
    if kind == "Move":
        via = ""
        if order["viaConvoyOrTSR"] == "Yes":
            via = " VIA TSR" if _on_railway(order) else " VIA"
        return f"{unit} - {CODES[order['to']]}{via}"
    # A supported or convoyed unit that isn't on the board is named by its place only.
    if kind == "Support hold":
        return f"{unit} S {unit_at.get(order['to'], CODES[order['to']])}"
    if kind == "Support move":
        return f"{unit} S {unit_at.get(order['from'], CODES[order['from']])} - {CODES[order['to']]}"
    if kind == "Convoy":
        return f"{unit} C {unit_at.get(order['from'], CODES[order['from']])} - {CODES[order['to']]}"
    raise ValueError(f"unknown order kind {kind!r}")


def convert_case(raw: dict[str, Any], outcomes: dict[tuple[str, str], str], stops: dict[str, str],
                 case_id: str) -> dict[str, Any]:
    orders_in = raw["orders"]
    unit_at = {o["terr"]: _unit(o) for o in orders_in if o["terr"] != PSEUDO_CANAL}
    units: dict[str, list[str]] = {}
    orders: dict[str, list[str]] = {}
    after: dict[str, list[str]] = {}
    dislodged: dict[str, list[dict[str, str]]] = {}
    results: dict[str, str] = {}
    for o in orders_in:
        text = _order_text(o, unit_at)
        pseudo = o["terr"] == PSEUDO_CANAL
        power = o["country"].upper()  # a pseudo-unit's country is the power holding Egypt
        if not pseudo:
            units.setdefault(power, []).append(_unit(o))
        if text is None:
            continue
        orders.setdefault(power, []).append(text)
        outcome = outcomes.get((o["country"], o["terr"]), o["expected"])
        illegal = o["legal"] != "Yes" or outcome == "Illegal"
        if pseudo:
            results[text] = "invalid" if illegal else "succeeds"
            continue
        where = CODES[o["terr"]]
        if outcome == "Dislodged":
            dislodged.setdefault(power, []).append({"unit": _unit(o)})
        else:
            if o["order"] == "Move" and outcome == "Success" and not illegal:
                where = stops[case_id] if text.endswith("VIA TSR") else CODES[o["to"]]
            after.setdefault(power, []).append(f"{_TYPE[o['unit']]} {where}")
        if illegal:
            results[text] = "invalid"
        elif o["order"] == "Move":
            arrived = outcome == "Success" and where == CODES[o["to"]]
            results[text] = "succeeds" if arrived else "fails"
    return {"units": units, "orders": orders,
            "expect": {"units": after, "dislodged": dislodged, "results": results}}


def build(source: Path, existing: list[dict[str, Any]]) -> list[dict[str, Any]]:
    data = json.loads(source.read_text(encoding="utf-8"))
    converted: list[dict[str, Any]] = []
    for raw in data["cases"]:
        if raw["status"] != "Valid":
            continue
        case_id = raw["name"]
        deviation = DEVIATIONS.get(case_id)
        body = convert_case(raw, deviation["outcomes"] if deviation else {}, RAILWAY_STOPS, case_id)
        case = {"id": case_id, "title": raw["description"].removeprefix("TEST CASE, "), "source": SOURCE,
                "variant": "colonial", "phase": PHASE, **body}
        if deviation:
            case["note"] = "Deviation from vDiplomacy: " + deviation["why"]
        elif case_id in NOTES:
            case["note"] = NOTES[case_id]
        converted.append(case)
        if deviation and deviation["option"]:
            copy22 = convert_case(raw, {}, RAILWAY_STOPS_V22 | {k: v for k, v in RAILWAY_STOPS.items()
                                                                 if k not in RAILWAY_STOPS_V22}, case_id)
            converted.append({"id": f"{case_id}:vdiplomacy-2.2", "title": case["title"], "source": SOURCE,
                              "variant": "colonial", "phase": PHASE, "options": {"tsr_rules": "vdiplomacy-2.2"},
                              **copy22, "note": "vDiplomacy's expectation, under its 2.2 railway rule."})
    for extra in EXTRA_CASES:
        case = {"id": extra["id"], "title": extra["title"], "source": SOURCE, "variant": "colonial",
                "phase": PHASE}
        case.update(copy.deepcopy({k: v for k, v in extra.items() if k not in ("id", "title")}))
        converted.append(case)
    kept = [c for c in existing if c.get("source") != SOURCE]
    return converted + kept


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--source", type=Path, required=True, help="vDiplomacy's Colonial datc_testcases.json")
    parser.add_argument("--output", type=Path, default=DEFAULT_OUTPUT)
    args = parser.parse_args()
    if not args.source.exists():
        print(f"convert_vdip: no source file {args.source}", file=sys.stderr)
        return 2
    existing: dict[str, Any] = {"cases": []}
    if args.output.exists():
        existing = json.loads(args.output.read_text(encoding="utf-8"))
    cases = build(args.source, existing.get("cases", []))
    document = {
        "about": "Colonial Diplomacy adjudication cases in the adjudication-contract form: vDiplomacy's Suez and "
                 "Trans-Siberian Railroad cases (converted by tools/convert_vdip.py) and the examples of the "
                 "Colonial rules text (written by hand). Format: tests/data/conformance.schema.json; run by "
                 "tests/variants/test_colonial.py.",
        "format": "each case: id, title, source, variant, phase, units, orders, optional centers/options/note; "
                  "expect.units is the board after the phase, expect.dislodged the dislodged units by power, "
                  "expect.results the result of named orders (succeeds / fails / invalid).",
        "cases": cases,
    }
    args.output.write_text(json.dumps(document, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"wrote {len(cases)} cases to {args.output}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
