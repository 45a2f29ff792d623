"""Rebuild ``tests/data/datc/datc_v3.json`` (the DATC v3.0 chapter 6 suite).

Maintainer tool, never imported or run by the test suite. It reads reference copies kept outside
the repository, in the folder named with ``--source``; a user's clone need not run it:

* ``godip_datc_v2.4_06.txt`` - the DATC v2.4 chapter 6 cases in godip's text format
  (zond/godip, GPL-3.0; only the case facts - positions, orders, outcomes - are used);
* ``datc_v3_overrides.json`` - the v3.0 changes and additions already in contract form;
* ``DATC_v3_0.extracted.txt`` - the text of the DATC v3.0 document (case titles).

Steps: parse the godip cases, convert them to the adjudication-contract form, drop the
cases whose DATC id has no v3.0 meaning, apply the v3.0 overrides, then apply the
corrections and annotations in ``datc_corrections.py`` (verdict sentences, per-order
results, retreat options, cases rewritten from the v3.0 text). Run from anywhere:

    python tests/data/datc/tools/convert_godip.py --source DIR [--output FILE]
"""

from __future__ import annotations

import argparse
import copy
import json
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

TOOLS_DIR = Path(__file__).resolve().parent
DATA_DIR = TOOLS_DIR.parent
REPO_ROOT = DATA_DIR.parents[2]
DEFAULT_OUTPUT = DATA_DIR / "datc_v3.json"

sys.path.insert(0, str(TOOLS_DIR))
import datc_corrections  # noqa: E402  (sibling module, found through the path above)

# godip's province codes that differ from the ones this project uses.
PROVINCE_RENAMES = {"MID": "MAO", "NAT": "NAO", "NRG": "NWG", "GOL": "LYO"}
POWER_TYPOS = {"GERMNAY": "GERMANY"}
POWERS = ("AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA", "TURKEY")

# godip ids that are alternative versions of a DATC case, mapped to the extra-entry id used
# here (kept only because their outcome is still the v3.0 outcome).
GODIP_VARIANTS = {
    "6.A.3.fleet.support.inland": "6.A.3:fleet-support-inland",
    "6.A.5.old": "6.A.5:2001-version",
    "6.A.7.modified": "6.A.7:fleet-named-in-convoy",
    "6.A.10.old": "6.A.10:2001-version",
    "6.F.22.extended": "6.F.22:extended",
    "6.G.10.mod": "6.G.10:without-via-convoy",
    "6.G.11.mod": "6.G.11:with-via-convoy",
}
# godip ids whose content is superseded by the v3.0 text (rewritten in the corrections).
GODIP_DROPPED = {"6.J.9.part1", "6.J.9.part2", "6.H.5.mod"}
# godip's mislabelled ids: the block order identifies them.
GODIP_ID_FIXES = {"6.F.E": "6.F.5"}


@dataclass
class GodipCase:
    """One ``CASE ... END`` block, with the raw lines of each section."""

    raw_id: str
    sections: dict[str, list[str]] = field(default_factory=dict)
    phase_text: str = "Spring 1901, Movement"


def strip_comment(line: str) -> str:
    return line.split("#", 1)[0].strip()


def parse_godip(text: str) -> list[GodipCase]:
    cases: list[GodipCase] = []
    current: GodipCase | None = None
    section = ""
    for raw_line in text.splitlines():
        line = strip_comment(raw_line)
        if not line:
            continue
        keyword = line.split()[0]
        if keyword == "CASE":
            current = GodipCase(raw_id=line.split()[1].rstrip("."))
            section = ""
            continue
        if current is None:
            continue
        if keyword == "END":
            cases.append(current)
            current = None
            continue
        if keyword == "PRESTATE_SETPHASE":
            current.phase_text = line[len(keyword):].strip()
            continue
        if keyword in {"PRESTATE", "PRESTATE_DISLODGED", "PRESTATE_RESULTS", "PRESTATE_SUPPLYCENTER_OWNERS",
                       "ORDERS", "POSTSTATE", "POSTSTATE_DISLODGED", "POSTSTATE_SAME"}:
            section = keyword
            current.sections.setdefault(section, [])
            continue
        current.sections.setdefault(section, []).append(line)
    return cases


def assign_ids(cases: list[GodipCase]) -> dict[str, GodipCase]:
    """Map godip blocks to DATC ids, fixing the known mislabels (the second ``6.F.14`` is 6.F.15)."""
    by_id: dict[str, GodipCase] = {}
    for case in cases:
        case_id = GODIP_ID_FIXES.get(case.raw_id, case.raw_id)
        if case_id in by_id:
            if case_id == "6.F.14":
                case_id = "6.F.15"
            else:
                raise ValueError(f"duplicate godip case id {case.raw_id!r}")
        by_id[case_id] = case
    return by_id


def province(token: str) -> str:
    """godip location (``spa/nc``, ``mid``) -> contract location (``SPA/NC``, ``MAO``)."""
    token = token.upper()
    base, _, coast = token.partition("/")
    base = PROVINCE_RENAMES.get(base, base)
    return f"{base}/{coast}" if coast else base


def split_power(line: str) -> tuple[str, str]:
    match = re.match(r"^([A-Za-z]+)\s*:?\s+(.*)$", line)
    if not match:
        raise ValueError(f"cannot find the power in {line!r}")
    power = match.group(1).upper()
    power = POWER_TYPOS.get(power, power)
    if power not in POWERS:
        raise ValueError(f"unknown power {match.group(1)!r} in {line!r}")
    return power, match.group(2).strip()


def parse_unit(text: str) -> str:
    parts = text.split()
    if len(parts) != 2 or parts[0].upper() not in {"A", "F"}:
        raise ValueError(f"not a unit: {text!r}")
    return f"{parts[0].upper()} {province(parts[1])}"


def order_tokens(text: str) -> list[str]:
    text = text.replace("-", " - ")
    return [token.lower() for token in text.split()]


KEYWORDS = {
    "h": "H", "hold": "H", "holds": "H",
    "s": "S", "support": "S", "supports": "S",
    "c": "C", "convoy": "C", "convoys": "C",
}


def convert_order(text: str, dislodged_units: set[str], units_by_location: dict[str, str]) -> str:
    """godip order text -> contract notation (see the module docstring of the test)."""
    tokens = order_tokens(text)
    if tokens[0] == "build":
        return f"BUILD {tokens[1].upper()} {province(tokens[2])}"
    if tokens[0] == "remove":
        if len(tokens) == 2:
            location = province(tokens[1])
            unit = units_by_location.get(location.split("/")[0], f"? {location}")
            return f"{unit} D"
        return f"{tokens[1].upper()} {province(tokens[2])} D"
    unit = f"{tokens[0].upper()} {province(tokens[1])}"
    rest = tokens[2:]
    if not rest:
        return f"{unit} H"
    if rest == ["disband"]:
        return f"{unit} D"
    head = rest[0]
    if head == "-":
        destination = province(rest[1])
        tail = rest[2:]
        if tail in (["via", "convoy"], ["by", "convoy"]):
            return f"{unit} - {destination} VIA"
        if tail:
            raise ValueError(f"unexpected move tail in {text!r}")
        if unit in dislodged_units:
            return f"{unit} R {destination}"
        return f"{unit} - {destination}"
    keyword = KEYWORDS.get(head)
    if keyword == "H" and len(rest) == 1:
        return f"{unit} H"
    if keyword in {"S", "C"}:
        target = f"{rest[1].upper()} {province(rest[2])}"
        if len(rest) == 3:
            return f"{unit} {keyword} {target}"
        if rest[3] == "-" and len(rest) == 5:
            return f"{unit} {keyword} {target} - {province(rest[4])}"
    raise ValueError(f"cannot convert order {text!r}")


def phase_code(text: str) -> str:
    season, _, kind = (part.strip() for part in text.partition(","))
    season_name, year = season.split()
    kind = kind.lower()
    if kind.startswith("adjust"):
        return f"W{year}A"
    letter = "S" if season_name.lower() == "spring" else "F"
    return f"{letter}{year}{'R' if kind.startswith('retreat') else 'M'}"


def units_by_power(lines: list[str]) -> dict[str, list[str]]:
    result: dict[str, list[str]] = {}
    for line in lines:
        power, unit_text = split_power(line)
        result.setdefault(power, []).append(parse_unit(unit_text))
    return result


def convert_case(case_id: str, case: GodipCase) -> dict[str, Any]:
    sections = case.sections
    phase = phase_code(case.phase_text)
    units = units_by_power(sections.get("PRESTATE", []))
    dislodged_before = units_by_power(sections.get("PRESTATE_DISLODGED", []))
    dislodged_units = {unit for listed in dislodged_before.values() for unit in listed}
    units_by_location = {unit.split()[1].split("/")[0]: unit for listed in units.values() for unit in listed}
    orders: dict[str, list[str]] = {}
    for line in sections.get("ORDERS", []):
        power, order_text = split_power(line)
        orders.setdefault(power, []).append(convert_order(order_text, dislodged_units, units_by_location))
    result: dict[str, Any] = {"id": case_id, "variant": "standard", "phase": phase, "units": units}
    if phase.endswith("A"):
        owners = units_by_power(sections.get("PRESTATE_SUPPLYCENTER_OWNERS", []))
        result["centers"] = {power: sorted(unit.split()[1] for unit in owners.get(power, [])) for power in POWERS}
    if dislodged_before:
        # Attacker origins and standoffs are not in the godip file; the corrections supply them.
        result["dislodged"] = {power: [{"unit": unit} for unit in listed] for power, listed in dislodged_before.items()}
    result["orders"] = orders
    if "POSTSTATE_SAME" in sections:
        after = copy.deepcopy(units)
    else:
        after = units_by_power(sections.get("POSTSTATE", []))
    expect: dict[str, Any] = {"units": after}
    if phase.endswith("M"):
        dislodged_after = units_by_power(sections.get("POSTSTATE_DISLODGED", []))
        expect["dislodged"] = {power: [{"unit": unit} for unit in listed] for power, listed in dislodged_after.items()}
    result["expect"] = expect
    return result


def convert_override(case_id: str, entry: dict[str, Any]) -> dict[str, Any]:
    """An entry of datc_v3_overrides.json -> a case of this file (dislodged units become objects)."""
    result: dict[str, Any] = {"id": case_id, "variant": "standard"}
    for key in ("phase", "units", "centers", "orders"):
        if key in entry:
            result[key] = copy.deepcopy(entry[key])
    expect = copy.deepcopy(entry["expect"])
    if result["phase"].endswith("M"):
        expect["dislodged"] = {
            power: [{"unit": unit} if isinstance(unit, str) else unit for unit in listed]
            for power, listed in expect.get("dislodged", {}).items()
            if listed
        }
    else:
        expect.pop("dislodged", None)
    result["expect"] = expect
    result["datc"] = entry["datc"]
    return result


def read_titles(text: str) -> dict[str, str]:
    start = text.index("6. TEST CASES")
    titles = {}
    for match in re.finditer(r"^(6\.[A-J]\.\d+)\.? TEST CASE, (.+?)\s*$", text[start:], re.M):
        titles[match.group(1)] = match.group(2)
    return titles


def datc_sort_key(case_id: str) -> tuple[str, int, str]:
    base, _, suffix = case_id.partition(":")
    _, letter, number = base.split(".")
    return (letter, int(number), suffix)


KEY_ORDER = ("id", "variant_of", "title", "variant", "phase", "units", "centers", "dislodged", "contested",
             "orders", "expect", "datc", "xfail")


def ordered_case(case: dict[str, Any]) -> dict[str, Any]:
    unknown = set(case) - set(KEY_ORDER)
    if unknown:
        raise ValueError(f"{case['id']}: unexpected keys {sorted(unknown)}")
    result = {key: case[key] for key in KEY_ORDER if key in case}
    expect = result["expect"]
    result["expect"] = {key: expect[key] for key in ("units", "dislodged", "results") if key in expect}
    return result


def build(source: Path) -> dict[str, Any]:
    godip_text = (source / "godip_datc_v2.4_06.txt").read_text(encoding="utf-8")
    overrides = json.loads((source / "datc_v3_overrides.json").read_text(encoding="utf-8"))["cases"]
    titles = read_titles((source / "DATC_v3_0.extracted.txt").read_text(encoding="utf-8"))
    if len(titles) != 164:
        raise ValueError(f"expected 164 v3.0 case titles, found {len(titles)}")

    cases: dict[str, dict[str, Any]] = {}
    for godip_id, godip_case in assign_ids(parse_godip(godip_text)).items():
        if godip_id in GODIP_DROPPED:
            continue
        case_id = GODIP_VARIANTS.get(godip_id, godip_id)
        cases[case_id] = convert_case(case_id, godip_case)
        if case_id != godip_id:
            cases[case_id]["variant_of"] = case_id.split(":")[0]

    for case_id, entry in overrides.items():
        if "parts" in entry:
            first, *others = entry["parts"]
            cases[case_id] = convert_override(case_id, {**first, "datc": entry["datc"]})
            for number, part in enumerate(others, start=2):
                variant_id = f"{case_id}:situation-{number}"
                cases[variant_id] = convert_override(variant_id, {**part, "datc": entry["datc"]})
                cases[variant_id]["variant_of"] = case_id
        else:
            cases[case_id] = convert_override(case_id, entry)

    datc_corrections.apply(cases)

    for case_id, case in cases.items():
        base_id = case.get("variant_of", case_id)
        case["title"] = titles[base_id]
        if "datc" not in case:
            raise ValueError(f"{case_id}: no verdict sentence")

    main_ids = {case_id for case_id, case in cases.items() if "variant_of" not in case}
    if main_ids != set(titles):
        raise ValueError(f"case ids differ from the v3.0 ids: extra {sorted(main_ids - set(titles))}, "
                         f"missing {sorted(set(titles) - main_ids)}")

    ordered = [ordered_case(cases[case_id]) for case_id in sorted(cases, key=datc_sort_key)]
    return {
        "about": datc_corrections.ABOUT,
        "source": datc_corrections.SOURCE,
        "cases": ordered,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--source", type=Path, required=True, help="directory with the reference copies")
    parser.add_argument("--output", type=Path, default=DEFAULT_OUTPUT)
    arguments = parser.parse_args()
    document = build(arguments.source)
    arguments.output.write_text(json.dumps(document, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"wrote {len(document['cases'])} cases to {arguments.output}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
