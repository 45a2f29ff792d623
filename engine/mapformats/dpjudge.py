"""Import a DPjudge/MILA ``.map`` file into our ``map.json`` document.

Only the core of the format is read (names, terrain/adjacency lines, powers, home centres, units, neutral
centres, BEGIN, VICTORY); DPjudge's special-adjacency markers are reported as unsupported rather than
silently dropped. Case carries meaning in adjacency lines:

* an all-lower-case *location* (``bul``) is a multi-coast parent where fleets can't stand;
* an all-lower-case *neighbour* (``smy``) can't be crossed by fleets;
* a Capitalised neighbour (``Tys``) can't be crossed by armies.
"""
from __future__ import annotations

import re
from typing import Any, Callable

from ..types import MapDataError

_TERRAIN = {"LAND": "land", "COAST": "coast", "PORT": "coast", "WATER": "sea", "SHUT": "impassable"}
_COAST_NAME = re.compile(r"^(.*?)\s*\((\w+) coast\)\s*$", re.I)


def _kind_of_token(tok: str) -> str:
    """'upper', 'lower' or 'capital' by the DPjudge case convention."""
    base = tok.split("/")[0]
    if base.isupper() or not any(c.isalpha() for c in base):
        return "upper"
    if base.islower():
        return "lower"
    return "capital"


_POWER_ID = re.compile(r"[A-Z][A-Z0-9_-]*")
# Directives of the game rather than the board: they are left out and said so (``notes``), never read as powers.
_NOT_BOARD = ("RULE", "RULES", "UNPLAYED")


def parse_dpjudge(text: str, include: Callable[[str], str] | None = None, map_id: str = "imported",
                  notes: list[str] | None = None) -> dict[str, Any]:
    """Return a ``map.json`` document for the given ``.map`` text.

    ``include(name)`` returns the text of a file named by a ``USE`` line; ``notes`` receives a line for each
    thing of the file not carried over (DPjudge rules, unplayed powers).
    """
    lines: list[str] = []

    def collect(src: str) -> None:
        for raw in src.splitlines():
            line = raw.split("#", 1)[0].rstrip()
            if not line.strip():
                continue
            head = line.split()[0].upper()
            if head in ("USE", "USES", "MAP") and len(line.split()) == 2:
                if include is None:
                    raise MapDataError(f"{line.strip()!r} needs an include resolver")
                collect(include(line.split()[1]))
            else:
                lines.append(line)

    collect(text)

    names: dict[str, tuple[str, list[str]]] = {}  # code (upper) -> (full name, aliases)
    terrain: dict[str, str] = {}  # location as written -> terrain
    abuts: dict[str, list[str]] = {}
    powers: list[dict[str, Any]] = []
    neutral: list[str] = []
    start_phase = "S1901M"
    victory = 0
    current: dict[str, Any] | None = None
    power_by_id: dict[str, dict[str, Any]] = {}

    for line in lines:
        if "=" in line:
            full, _, after = line.partition("=")
            toks = after.split()
            if not toks:
                raise MapDataError(f"name line without abbreviation: {line.strip()!r}")
            names[toks[0].upper()] = (full.strip(), toks[1:])
            continue
        toks = line.split()
        head = toks[0].upper()
        if head in _TERRAIN and len(toks) >= 3 and toks[2].upper() == "ABUTS":
            terrain[toks[1]] = _TERRAIN[head]
            for t in toks[3:]:
                if not re.fullmatch(r"[A-Za-z][A-Za-z0-9]*(/[A-Za-z]{2})?", t):
                    raise MapDataError(f"unsupported DPjudge adjacency marker {t!r} in {line.strip()!r}")
            abuts[toks[1]] = toks[3:]
            continue
        if head == "BEGIN":
            season = {"SPRING": "S", "FALL": "F", "WINTER": "W"}[toks[1].upper()]
            kind = {"MOVEMENT": "M", "RETREATS": "R", "ADJUSTMENTS": "A"}[toks[3].upper()]
            start_phase = f"{season}{toks[2]}{kind}"
            continue
        if head == "VICTORY":
            victory = int(toks[1])
            continue
        if head in ("UNOWNED", "NEUTRAL", "CENTERS"):
            neutral.extend(t.upper() for t in toks[1:])
            current = None
            continue
        if head in _NOT_BOARD:
            if notes is not None:
                notes.append(f"left out {line.strip()!r}: game rules belong to the variant, not the map")
            continue
        if head in ("A", "F") and len(toks) == 2:
            if current is None:
                raise MapDataError(f"unit line outside a power block: {line.strip()!r}")
            current["units"].append(f"{head} {toks[1].upper()}")
            continue
        if _POWER_ID.fullmatch(toks[0]):
            pid = toks[0].upper()
            rest = toks[1:]
            adjective = pid.replace("-", " ").replace("_", " ").title()
            if rest and rest[0].startswith("("):
                adjective = rest[0].strip("()").split(":")[0].replace("+", " ").title()
                rest = rest[1:]
            if pid not in power_by_id:
                power_by_id[pid] = {"id": pid, "name": pid.replace("-", " ").replace("_", " ").title(),
                                    "adjective": adjective,
                                    "home_centers": [], "units": []}
                powers.append(power_by_id[pid])
            current = power_by_id[pid]
            if rest:
                current["home_centers"] = [t.upper() for t in rest]
                current["adjective"] = adjective
            continue
        raise MapDataError(f"line not understood: {line.strip()!r}")

    # Provinces: parents of coasts are written lower-case; coasts are "XXX/YC".
    provinces: dict[str, dict[str, Any]] = {}
    for loc, terr in terrain.items():
        code = loc.upper()
        prov = code.split("/")[0]
        if "/" in code:
            coast = code.split("/")[1]
            entry = provinces.setdefault(prov, {"id": prov, "terrain": "coast", "coasts": {}})
            full = names.get(code, (f"{prov} ({coast})", []))[0]
            m = _COAST_NAME.match(full)
            entry["coasts"][coast] = (m.group(2).lower() + " coast") if m else coast.lower()
        else:
            entry = provinces.setdefault(prov, {"id": prov, "coasts": {}})
            entry["terrain"] = terr
    centers = {c for p in powers for c in p["home_centers"]} | set(neutral)
    for prov, entry in provinces.items():
        full, aliases = names.get(prov, (prov, []))
        entry["name"] = full
        entry["aliases"] = sorted({a.replace("+", " ") for a in aliases} - {prov.lower()})
        for coast_code in list(entry["coasts"]):
            for a in names.get(f"{prov}/{coast_code}", ("", []))[1]:
                _ = a  # coast aliases are handled by the order parser's coast notation
        entry["supply_center"] = prov in centers
        if not entry["coasts"]:
            del entry["coasts"]

    fleet_locs = set()
    for loc, terr in terrain.items():
        if terr == "sea" or (terr == "coast" and not loc.islower()):
            fleet_locs.add(loc.upper())
    army_provs = {p for p, e in provinces.items() if e["terrain"] in ("land", "coast")}

    army_votes: dict[frozenset[str], list[bool]] = {}
    fleet_votes: dict[frozenset[str], list[bool]] = {}
    for loc, nbrs in abuts.items():
        src = loc.upper()
        for n in nbrs:
            dst = n.upper()
            kind = _kind_of_token(n)
            if src in fleet_locs and dst in fleet_locs:
                fleet_votes.setdefault(frozenset((src, dst)), []).append(kind != "lower")
            if "/" not in src and "/" not in dst and src in army_provs and dst in army_provs:
                army_votes.setdefault(frozenset((src, dst)), []).append(kind != "capital")
            elif "/" not in src and "/" in dst and src in army_provs and dst.split("/")[0] in army_provs:
                pass  # a coast named from a land-side listing: the army edge comes from the parent's line
    army_edges = sorted(sorted(e) for e, v in army_votes.items() if all(v))
    fleet_edges = sorted(sorted(e) for e, v in fleet_votes.items() if all(v))

    doc: dict[str, Any] = {
        "format": "chancellery-map",
        "format_version": 1,
        "id": map_id,
        "name": map_id.title(),
        "start_phase": start_phase,
        "victory_centers": victory or (len(centers) // 2 + 1),
        "provinces": [provinces[p] for p in sorted(provinces)],
        "powers": powers,
        "neutral_centers": sorted(neutral),
        "army_edges": army_edges,
        "fleet_edges": fleet_edges,
    }
    return doc
