"""Writes cases.json: the EMG worked examples and rule cases of ``emg_examples/cases.json`` replayed on the
Global Diplomacy map (global1890) wherever that map has the same areas. Run from the repository root.

A case is carried over when every area it names exists on global1890 under its number with the same kind
(land, coast, sea), the same standing as a supply centre (and the same points), and every army and fleet
adjacency the examples board has between the areas it names, so the example means on the real map what it meant on the
examples board. The examples board's "reserve" centres (four supply points kept out of play) become centres of
the real map worth four points, the power's own first, chosen away from the case's areas."""
import json
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[3]
EXAMPLES = json.loads((HERE.parent / "emg_examples" / "cases.json").read_text(encoding="utf-8"))
SMALL = json.loads((ROOT / "tests" / "variants" / "emg_examples_map" / "map.json").read_text(encoding="utf-8"))
WORLD = json.loads((ROOT / "resources" / "maps" / "global1890" / "map.json").read_text(encoding="utf-8"))


def _areas(doc):
    return {p["id"]: p for p in doc["provinces"]}


def _edges(doc, key):
    return {frozenset(e) for e in doc[key]}


def _points(doc, area):
    if not _areas(doc)[area].get("supply_center"):
        return 0
    return 1 if area in doc.get("extra", {}).get("one_point_centres", ()) else 2


SMALL_AREAS, WORLD_AREAS = _areas(SMALL), _areas(WORLD)
NUMBER = {pid: str(p["number"]) for pid, p in SMALL_AREAS.items() if p.get("number") is not None}
RESERVE = {pid for pid, p in SMALL_AREAS.items() if "reserve" in p["name"]}
SMALL_EDGES = {k: _edges(SMALL, k) for k in ("army_edges", "fleet_edges")}
WORLD_EDGES = {k: _edges(WORLD, k) for k in ("army_edges", "fleet_edges")}
WORLD_HOMES = {p["id"]: p["home_centers"] for p in WORLD["powers"]}


def _named(case):
    """Every area of the examples board the case names in units, centres and ownership."""
    names = set()
    for block in (case["units"], case["expect"]["units"]):
        for lines in block.values():
            names.update(u.split()[1] for u in lines)
    for block in (case.get("centers", {}), case["expect"].get("centers", {})):
        for cs in block.values():
            names.update(cs)
    names.update(case.get("variant_data", {}).get("owned", {}))
    return names


def _order_numbers(case):
    numbers = set()
    for lines in case["orders"].values():
        for line in lines:
            words = line.split()
            if words[0] in ("DA", "DN", "DW", "CA", "VC", "ME"):
                continue  # Great Powers, numbers and words, not areas
            if words[0] == "GA":
                words = words[1:]
            numbers.update(w for w in words[1:] if w.isdigit())
    return numbers


def _fits(case):
    if "start_vp" in case.get("variant_data", {}):
        return False  # victory points differ between the boards: the end of the game is tested on each
    named = _named(case) - RESERVE
    if any(a not in NUMBER for a in named):
        return False
    by_number = {NUMBER[a]: a for a in named}
    for n in _order_numbers(case):
        small = next((a for a, num in NUMBER.items() if num == n), None)
        if small is None:
            return False
        by_number[n] = small
    naval = any(u.split()[0] in "FS" for block in (case["units"], case["expect"]["units"])
                for lines in block.values() for u in lines)
    adds = any(line.split()[0] in ("AA", "AC", "AF", "AS", "UU", "DU", "RU")
               for lines in case["orders"].values() for line in lines)
    for n, small in by_number.items():
        world = WORLD_AREAS.get(n)
        if world is None:
            return False
        terrain = (SMALL_AREAS[small]["terrain"], world["terrain"])
        if terrain[0] != terrain[1] and (naval or terrain != ("land", "coast")):
            return False  # a coast where the examples have land matters only to naval units
        if _points(WORLD, n) != _points(SMALL, small) and (
                _points(SMALL, small) or adds or "centers" in case["expect"]):
            return False  # a centre where the examples have none matters only to supply and centre counts
    numbers = sorted(by_number)
    for i, a in enumerate(numbers):
        for b in numbers[i + 1:]:
            pair_small, pair_world = frozenset((by_number[a], by_number[b])), frozenset((a, b))
            for key in SMALL_EDGES:
                if pair_small in SMALL_EDGES[key] and pair_world not in WORLD_EDGES[key]:
                    return False
    return True


def _reserves(power, named, taken):
    """Centres worth four points standing in for ``power``'s two reserves: its own home centres first, then
    others, never next to an area the case names nor already used."""
    near = set(named)
    for key in WORLD_EDGES:
        near |= {x for e in WORLD_EDGES[key] if e & set(named) for x in e}
    others = [a for a in WORLD_AREAS if WORLD_AREAS[a].get("supply_center") and a not in WORLD_HOMES[power]]
    candidates = sorted((c for c in [*WORLD_HOMES[power], *others] if c not in near and c not in taken),
                        key=lambda c: (c not in WORLD_HOMES[power], -_points(WORLD, c), int(c)))
    picks, total = [], 0
    for c in candidates:
        if total + _points(WORLD, c) <= 4:
            picks.append(c)
            total += _points(WORLD, c)
        if total == 4:
            return picks
    raise SystemExit(f"no centres worth 4 points for {power} away from {sorted(named)}")


def translate(case):
    named = {NUMBER[a] for a in _named(case) - RESERVE} | _order_numbers(case)
    reserves = {}
    for power, cs in case.get("centers", {}).items():
        if any(c in RESERVE for c in cs):
            reserves[power] = _reserves(power, named, {c for r in reserves.values() for c in r})

    def centres(power, cs):
        real = [NUMBER[c] for c in cs if c not in RESERVE]
        return real + reserves[power] if any(c in RESERVE for c in cs) else real

    def units(block):
        return {p: [f"{u.split()[0]} {NUMBER[u.split()[1]]}" for u in lines] for p, lines in block.items()}

    out = {"id": case["id"], "title": case["title"], "variant": "global_diplomacy",
           "phase": case["phase"].replace("1901", "1890"), "units": units(case["units"]),
           "centers": {p: centres(p, cs) for p, cs in case.get("centers", {}).items()}}
    data = dict(case.get("variant_data", {}))
    owned = {NUMBER[a]: p for a, p in data.get("owned", {}).items()}
    for area, power in sorted(owned.items()):
        if WORLD_AREAS[area].get("supply_center"):  # an owned area that is a centre on the real map
            out["centers"].setdefault(power, []).append(area)
            del owned[area]
    data.pop("owned", None)
    if owned:
        data["owned"] = owned
    if data:
        out["variant_data"] = data
    out["orders"] = case["orders"]
    expect = dict(case["expect"])
    expect["units"] = units(expect["units"])
    if "centers" in expect:
        expect["centers"] = {p: centres(p, cs) for p, cs in expect["centers"].items()}
    out["expect"] = expect
    for key in case:
        if key not in out and key not in ("centers", "variant_data"):
            out[key] = case[key]
    return out


CASES = [translate(c) for c in EXAMPLES["cases"] if _fits(c)]
CARRIED = len(CASES)


def own_case(cid, title, units, orders, expect_units, results, centers, owned=None, rule=None):
    """A case written for the real map, on areas the rules' examples name (London 7, Edinburgh 3, Mexico 148,
    Siam 90, Malay States 91, Cochin 92, the Bay of Bengal 245)."""
    c = {"id": cid, "title": title, "variant": "global_diplomacy", "phase": "F1890M", "units": units,
         "centers": centers}
    if owned:
        c["variant_data"] = {"owned": owned}
    c["orders"] = orders
    c["expect"] = {"units": expect_units, "dislodged": {}, "results": results}
    if rule:
        c["rule"] = rule
    CASES.append(c)


HOME = {"ENGLAND": ["7", "3"]}
own_case("GD-UNI-5-siam-malay", "3.0: a fleet sails from Siam 90 to the Malay States 91, both on the Bay of Bengal 245",
         {"ENGLAND": ["F 90"]}, {"ENGLAND": ["MO 90 91"]}, {"ENGLAND": ["F 91"]}, {"MO 90 91": "succeeds"},
         {"ENGLAND": ["90", *HOME["ENGLAND"]]}, owned={"91": "ENGLAND"}, rule="RG-UNI-5")
own_case("GD-UNI-5-siam-cochin", "3.0: Siam 90 and Cochin 92 share no sea: the fleet's move is refused and it holds",
         {"ENGLAND": ["F 90"]}, {"ENGLAND": ["MO 90 92"]}, {"ENGLAND": ["F 90"]}, {"MO 90 92": "invalid"},
         {"ENGLAND": ["90", *HOME["ENGLAND"]]}, owned={"92": "ENGLAND"}, rule="RG-UNI-5")
own_case("GD-UNI-5-by-the-bay", "3.0: a squadron in the Bay of Bengal 245 lands on the Malay States' coast 91",
         {"ENGLAND": ["S 245"]}, {"ENGLAND": ["MO 245 91"]}, {"ENGLAND": ["S 91"]}, {"MO 245 91": "succeeds"},
         HOME, owned={"91": "ENGLAND"}, rule="RG-UNI-5")
own_case("GD-ORD-4-mexico", "4.0: Mexico 148 is a 1-point centre: an army can't be added there, a corps can",
         {"USA": []}, {"USA": ["AA 148"]}, {}, {"AA 148": "fails"}, {"USA": ["148", "140", "141"]}, rule="RG-ORD-4")
own_case("GD-ORD-4-mexico-corps", "4.0: a corps is added at the 1-point centre Mexico 148",
         {"USA": []}, {"USA": ["AC 148"]}, {"USA": ["C 148"]}, {"AC 148": "succeeds"}, {"USA": ["148", "140", "141"]},
         rule="RG-ORD-4")
own_case("GD-ORD-5-edinburgh", "4.0: a fleet is added at Edinburgh 3, a 2-point coastal centre, beside London's army",
         {"ENGLAND": ["A 7"]}, {"ENGLAND": ["AF 3"]}, {"ENGLAND": ["A 7", "F 3"]}, {"AF 3": "succeeds"}, HOME,
         rule="RG-ORD-5")
SUITE = {
    "about": "EMG rules v1.38 on the Global Diplomacy map (variant 'global_diplomacy', map global1890): the cases "
             "of variants/emg_examples whose areas the real map has with the same kind, centre points and "
             "adjacencies, and cases of its own on the areas the examples name (ids GD-...). Format: tests/data/conformance.schema.json; run by "
             "tests/variants/test_global_diplomacy.py. Written by tests/data/variants/global_diplomacy/make_cases.py.",
    "source": EXAMPLES["source"],
    "cases": CASES,
}
(HERE / "cases.json").write_text(json.dumps(SUITE, indent=1) + "\n", encoding="utf-8")
print(f"{CARRIED} of {len(EXAMPLES['cases'])} cases carried over, {len(CASES) - CARRIED} of the real map's own:",
      " ".join(c["id"] for c in CASES))
