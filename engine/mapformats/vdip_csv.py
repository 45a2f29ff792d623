"""Import a webDiplomacy/vDiplomacy variant from its CSV exports into our ``map.json`` document.

Input: a folder with ``territories.csv`` (id, name, type Land/Coast/Sea, supply Yes/No, countryID, country, ...),
``borders.csv`` (from, to, fleets_pass, armies_pass) and ``start_units.csv`` (country, territory, unit), plus an
import spec (JSON) naming the codes, powers and variant extras the CSVs don't carry. Coast children are
territory rows called ``"Name (North Coast)"``; they become the parent's coasts (``NC``) and fleet locations
``"XXX/NC"``.

Run as a maintainer step::

    python -m engine.mapformats.vdip_csv CSV_DIR SPEC.json OUT/map.json

It prints a verification summary (counts, every CSV border found in the output) and fails on any mismatch.
"""
from __future__ import annotations

import argparse
import csv
import io
import json
import re
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ..mapdata import MAP_FORMAT, MAP_FORMAT_VERSION, MapData
from ..types import MapDataError

_COAST_ROW = re.compile(r"^(?P<parent>.+?)\s*\((?P<coast>[A-Za-z]+) Coast\)$")
_COAST_CODES = {"north": "NC", "south": "SC", "east": "EC", "west": "WC"}
_TERRAIN = {"land": "land", "coast": "coast", "sea": "sea"}


def _rows(text: str, name: str, needed: Sequence[str]) -> list[dict[str, str]]:
    reader = csv.DictReader(io.StringIO(text))
    missing = [c for c in needed if c not in (reader.fieldnames or [])]
    if missing:
        raise MapDataError(f"{name}: missing column(s) {', '.join(missing)}")
    return [{k: (v or "").strip() for k, v in row.items() if k is not None} for row in reader]


def _yes(value: str, where: str) -> bool:
    low = value.lower()
    if low not in ("yes", "no"):
        raise MapDataError(f"{where}: expected Yes or No, got {value!r}")
    return low == "yes"


def parse_vdip_csv(territories: str, borders: str, start_units: str, spec: dict[str, Any]) -> dict[str, Any]:
    """Build a ``map.json`` document from the three CSV texts and the import ``spec``."""
    codes: dict[str, str] = {k: v.upper() for k, v in spec.get("codes", {}).items()}
    skip = set(spec.get("skip_territories", []))
    aliases: dict[str, list[str]] = {k.upper(): v for k, v in spec.get("aliases", {}).items()}

    # Territories: parents first, then coast children.
    provinces: dict[str, dict[str, Any]] = {}
    location_of: dict[str, str] = {}  # CSV name -> location ("ARB", "ARB/NC")
    parent_of: dict[str, str] = {}  # CSV name -> province code
    owner_of: dict[str, str] = {}  # province code -> country name ("Britain"), for home centres
    rows = _rows(territories, "territories.csv", ("name", "type", "supply", "country"))
    for row in rows:
        name = row["name"]
        if name in skip or _COAST_ROW.match(name):
            continue
        if name not in codes:
            raise MapDataError(f"territories.csv: no code for {name!r} (add it to the spec's 'codes')")
        terrain = _TERRAIN.get(row["type"].lower())
        if terrain is None:
            raise MapDataError(f"territories.csv: {name!r} has unknown type {row['type']!r}")
        code = codes[name]
        if code in provinces:
            raise MapDataError(f"territories.csv: code {code} used for two territories")
        provinces[code] = {
            "id": code,
            "terrain": terrain,
            "name": name,
            "aliases": aliases.get(code, []),
            "supply_center": _yes(row["supply"], f"territories.csv {name!r} supply"),
        }
        location_of[name] = code
        parent_of[name] = code
        owner_of[code] = row["country"]
    for row in rows:
        match = _COAST_ROW.match(row["name"])
        if not match or row["name"] in skip:
            continue
        parent = match.group("parent")
        coast = _COAST_CODES.get(match.group("coast").lower())
        if parent not in location_of or coast is None:
            raise MapDataError(f"territories.csv: coast row {row['name']!r} has no parent territory or odd coast")
        code = location_of[parent]
        provinces[code].setdefault("coasts", {})[coast] = f"{match.group('coast').lower()} coast"
        location_of[row["name"]] = f"{code}/{coast}"
        parent_of[row["name"]] = code
    for p in provinces.values():
        if "coasts" in p:
            p["coasts"] = dict(sorted(p["coasts"].items()))
    for extra_prov in spec.get("extra_provinces", []):
        provinces[extra_prov["id"].upper()] = {
            "id": extra_prov["id"].upper(),
            "terrain": extra_prov["terrain"],
            "name": extra_prov["name"],
            "aliases": extra_prov.get("aliases", []),
            "supply_center": False,
        }

    army: set[tuple[str, str]] = set()
    fleet: set[tuple[str, str]] = set()
    for row in _rows(borders, "borders.csv", ("from", "to", "fleets_pass", "armies_pass")):
        a, b = row["from"], row["to"]
        where = f"borders.csv {a}-{b}"
        if a in skip or b in skip:
            continue
        for n in (a, b):
            if n not in location_of:
                raise MapDataError(f"{where}: unknown territory {n!r}")
        if _yes(row["armies_pass"], where):
            pa, pb = parent_of[a], parent_of[b]
            army.add((min(pa, pb), max(pa, pb)))
        if _yes(row["fleets_pass"], where):
            la, lb = location_of[a], location_of[b]
            for loc in (la, lb):
                if "/" not in loc and "coasts" in provinces[loc]:
                    raise MapDataError(f"{where}: a fleet border must name a coast of {provinces[loc]['name']}")
            fleet.add((min(la, lb), max(la, lb)))

    # Powers: home centres are the supply centres coloured for that power; units from start_units.csv.
    powers: list[dict[str, Any]] = []
    by_country: dict[str, dict[str, Any]] = {}
    for pw in spec["powers"]:
        entry = {
            "id": pw["id"].upper(),
            "name": pw.get("name", pw["country"]),
            "adjective": pw["adjective"],
            "home_centers": sorted(c for c, p in provinces.items()
                                   if p["supply_center"] and owner_of.get(c) == pw["country"]),
            "units": [],
            "color": pw["color"],
        }
        powers.append(entry)
        by_country[pw["country"]] = entry
    for row in _rows(start_units, "start_units.csv", ("country", "territory", "unit")):
        if row["territory"] in skip or row["country"] in spec.get("skip_countries", []):
            continue
        owner = by_country.get(row["country"])
        if owner is None:
            raise MapDataError(f"start_units.csv: unknown country {row['country']!r}")
        kind = {"army": "A", "fleet": "F"}.get(row["unit"].lower())
        if kind is None or row["territory"] not in location_of:
            raise MapDataError(f"start_units.csv: can't read {row['unit']} {row['territory']}")
        owner["units"].append(f"{kind} {location_of[row['territory']]}")
    owned = {c for pw in powers for c in pw["home_centers"]}
    neutral = sorted(c for c, p in provinces.items() if p["supply_center"] and c not in owned)

    doc: dict[str, Any] = {
        "format": MAP_FORMAT,
        "format_version": MAP_FORMAT_VERSION,
        "id": spec["id"],
        "name": spec.get("name", spec["id"]),
        "about": spec.get("about", ""),
        "start_phase": spec.get("start_phase", "S1901M"),
        "victory_centers": int(spec["victory_centers"]),
        "powers": powers,
        "neutral_centers": neutral,
        "provinces": [provinces[c] for c in sorted(provinces)],
        "army_edges": [list(e) for e in sorted(army)],
        "fleet_edges": [list(e) for e in sorted(fleet)],
    }
    if spec.get("extra"):
        doc["extra"] = spec["extra"]
    MapData.from_dict(doc)  # validates: every edge and unit must make sense
    return doc


def verify_against_csv(doc: dict[str, Any], borders: str, spec: dict[str, Any]) -> list[str]:
    """Every CSV border must appear in ``doc`` with the same army/fleet permissions; returns problems."""
    codes: dict[str, str] = {k: v.upper() for k, v in spec.get("codes", {}).items()}
    skip = set(spec.get("skip_territories", []))

    def loc(name: str) -> str:
        m = _COAST_ROW.match(name)
        if m:
            return f"{codes[m.group('parent')]}/{_COAST_CODES[m.group('coast').lower()]}"
        return codes[name]

    army = {tuple(sorted(e)) for e in doc["army_edges"]}
    fleet = {tuple(sorted(e)) for e in doc["fleet_edges"]}
    problems = []
    for row in _rows(borders, "borders.csv", ("from", "to", "fleets_pass", "armies_pass")):
        if row["from"] in skip or row["to"] in skip:
            continue
        la, lb = loc(row["from"]), loc(row["to"])
        pa, pb = la.split("/")[0], lb.split("/")[0]
        army_yes = row["armies_pass"].lower() == "yes"
        on_coast = "/" in la or "/" in lb  # armies never stand on a coast: its parent's own row decides
        if (tuple(sorted((pa, pb))) in army) != army_yes and not (on_coast and not army_yes):
            problems.append(f"army border {row['from']}-{row['to']} differs")
        if (tuple(sorted((la, lb))) in fleet) != (row["fleets_pass"].lower() == "yes"):
            problems.append(f"fleet border {row['from']}-{row['to']} differs")
    return problems


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="vdip_csv", description="Import vDiplomacy CSV exports into map.json")
    parser.add_argument("csv_dir", type=Path, help="folder with territories.csv, borders.csv, start_units.csv")
    parser.add_argument("spec", type=Path, help="import spec (JSON): codes, powers, extras")
    parser.add_argument("out", type=Path, help="map.json to write")
    args = parser.parse_args(argv)
    try:
        texts = {n: (args.csv_dir / f"{n}.csv").read_text(encoding="utf-8")
                 for n in ("territories", "borders", "start_units")}
        spec = json.loads(args.spec.read_text(encoding="utf-8"))
        doc = parse_vdip_csv(texts["territories"], texts["borders"], texts["start_units"], spec)
    except (OSError, json.JSONDecodeError, MapDataError, KeyError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    problems = verify_against_csv(doc, texts["borders"], spec)
    counts: dict[str, int] = {}
    for p in doc["provinces"]:
        counts[p["terrain"]] = counts.get(p["terrain"], 0) + 1
    centres = sum(1 for p in doc["provinces"] if p["supply_center"])
    print(f"provinces by terrain: {counts}; supply centres: {centres}; "
          f"army edges: {len(doc['army_edges'])}; fleet edges: {len(doc['fleet_edges'])}")
    for pw in doc["powers"]:
        print(f"  {pw['id']}: home {' '.join(pw['home_centers'])}; units {', '.join(pw['units'])}")
    print(f"  neutral: {' '.join(doc['neutral_centers'])}")
    if problems:
        print("\n".join(problems), file=sys.stderr)
        return 1
    args.out.write_text(json.dumps(doc, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"wrote {args.out}; every CSV border checked")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
