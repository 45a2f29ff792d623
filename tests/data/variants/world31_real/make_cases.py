"""Writes cases.json: World Diplomacy's rules checked on the real World map (resources/maps/world31), one
case or more for every rule line the board can show, and every order example of the rules text as written.
Run from the repository root: ``python tests/data/variants/world31_real/make_cases.py``.

Each case's position, orders and expected outcome are written here by hand. Only the amounts of money
after Spring and Fall are computed, because every one of the 31 countries is taxed then: ``taxes`` counts
them the rules' way ($1 a sea zone held by a fleet, $2 a province, $3 a province with a city, nothing from
a province in rebellion) from the map's own data (each area's ``owner`` and ``city``, the home centres), so
a change of the map that moves money shows here as a changed file to look at. Money is in cents."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[3]
MAP = json.loads((ROOT / "resources" / "maps" / "world31" / "map.json").read_text(encoding="utf-8"))
AREAS = {p["id"]: p for p in MAP["provinces"]}
POWERS = [p["id"] for p in MAP["powers"]]
HOMES = {p["id"]: sorted(p["home_centers"]) for p in MAP["powers"]}
START_UNITS = {p["id"]: list(p["units"]) for p in MAP["powers"]}

UK, FR, DE, ZA, RU, US, SP, IT = ("UNITED_KINGDOM", "FRANCE", "GERMANY", "ZAIRE", "RUSSIA", "UNITED_STATES",
                                  "SPAIN", "ITALY")
TR, MX, BR, SY, AU, CN, JP = "TURKEY", "MEXICO", "BRAZIL", "SYRIA", "AUSTRALIA", "CHINA", "JAPAN"
AUTO = {"upkeep": "automatic"}  # cases about movement in Winter and Summer: units kept while money lasts
RICH = {p: 10000 for p in POWERS}  # $100 each: automatic upkeep keeps every unit of these cases


def money(**given: int) -> dict[str, int]:
    """Every country's balance: those named (``UNITED_KINGDOM=600``), the rest $0."""
    return {p: given.get(p, 0) for p in POWERS}


def _land(prov: str) -> bool:
    return AREAS[prov]["terrain"] != "sea"


def taxes(units_after: dict[str, list[str]], before: dict[str, int] | None = None,
          rebellions: tuple[str, ...] = (), control: dict[str, str] | None = None,
          units_before: dict[str, list[str]] | None = None) -> dict[str, int]:
    """The balances after a Spring or Fall: ``before`` plus each country's taxes. Control: the map's owner
    of each area, then home centres, ``control`` given, the land units stood on before (``setdefault``,
    as a position is set up), then the land they stand on after the season."""
    held: dict[str, str] = {pid: a["owner"] for pid, a in AREAS.items() if a.get("owner") and _land(pid)}
    for power, homes in HOMES.items():
        held.update({h: power for h in homes})
    held.update(control or {})
    for power, units in (units_before or units_after).items():
        for unit in units:
            prov = unit.split()[1].split("/")[0]
            if _land(prov):
                held.setdefault(prov, power)
    seas: dict[str, int] = {}
    for power, units in units_after.items():
        for unit in units:
            prov = unit.split()[1].split("/")[0]
            if _land(prov):
                held[prov] = power
            elif unit.split()[0] == "F":
                seas[power] = seas.get(power, 0) + 1
    out = dict(before or money())
    for prov, power in held.items():
        if prov not in rebellions:
            out[power] += 300 if AREAS[prov].get("city") else 200
    for power, count in seas.items():
        out[power] += 100 * count
    return out


CASES: list[dict[str, Any]] = []


def case(cid: str, title: str, rule: str, phase: str, units: dict[str, list[str]], orders: dict[str, list[str]],
         expect: dict[str, Any], *, data: dict[str, Any] | None = None, options: dict[str, Any] | None = None,
         seed: bool = False, note: str | None = None) -> None:
    entry: dict[str, Any] = {"id": cid, "title": title, "source": "the rules text" if seed else "written for the rule",
                             "variant": "world31", "rule": rule, "phase": phase}
    if options:
        entry["options"] = options
    entry["units"] = units
    entry["orders"] = orders
    if data:
        entry["variant_data"] = data
    if note:
        entry["note"] = note
    if seed:
        entry["seed_example"] = True
    expect.setdefault("dislodged", {})
    entry["expect"] = expect
    CASES.append(entry)


# --- the rules text's own examples --------------------------------------------------------------------

uk_fleets = {UK: ["F EP3", "F EP6", "F EP7", "F EP23", "F SA99"]}
uk_moved = {UK: ["F NWG", "F IRS", "F NTH", "F SOG", "F COA"]}
uk_sheet = ["{EP} F 3 - NWG", "{EP} F 6 - IRS", "{EP} F 7 - NTH", "{EP} F 23 - SoG", "{SA} F 99 - CoA"]
case("W-E2", "The order sheet's example: five British fleets in the seed's notation, on the World map",
     "RW-ORD-2, RW-MAP-4 (§7.1-7.2)", "S2001M", uk_fleets, {UK: uk_sheet},
     {"phase": "U2001M", "units": uk_moved, "results": {o: "succeeds" for o in uk_sheet},
      "extra": {"money": taxes(uk_moved, units_before=uk_fleets)}}, seed=True,
     note="Scotland {EP} 3 borders the Norwegian Sea, Lancashire {EP} 6 the Irish Sea, London {EP} 7 the North Sea, "
          "Gibraltar {EP} 23 the Strait of Gibraltar and the Falklands {SA} 99 the Coast of Argentina. After Spring "
          "every country is taxed; Britain also for its five sea zones.")
case("W-E1", "Building a fleet in an unoccupied home centre: build {EP} F 23 (Gibraltar)",
     "RW-ORD-1, RW-ECO-6, RW-ECO-8 (§2.3, §2.6)", "U2001M", {UK: ["F EP3"]},
     {UK: ["maintain {EP} F 3", "build {EP} F 23"]},
     {"phase": "F2001M", "units": {UK: ["F EP3", "F EP23"]},
      "results": {"maintain {EP} F 3": "succeeds", "build {EP} F 23": "succeeds"}, "extra": {"money": money()}},
     data={"money": {UK: 600}}, seed=True)
za_before = {ZA: ["A AF32"]}
case("W-E3", "A province in rebellion pays no tax: Kisangani {AF} 33 in Zaire", "RW-ECO-15 (§6.5)", "S2001M",
     za_before, {ZA: ["{AF} A 32 H"]},
     {"phase": "U2001M", "units": za_before, "extra": {
         "money": taxes(za_before, rebellions=("AF33",)), "rebellions": ["AF33"]}},
     data={"rebellions": ["AF33"]}, seed=True)
start = {p: list(u) for p, u in START_UNITS.items()}
after_e4 = {p: list(u) for p, u in START_UNITS.items()}
after_e4[UK] = ["F IRS" if u == "F EP6" else u for u in after_e4[UK]]
case("W-E4", "Winter 2000 on the whole start position is movement only: no upkeep, no purchases",
     "RW-MAP-2, RW-ECO-2, RW-MAP-14 (§1.0, §6.1, §8)", "W2000M", start,
     {UK: ["{EP} F 6 - IRS", "maintain {EP} F 7"], FR: ["build {EP} A 14"]},
     {"phase": "S2000M", "units": after_e4,
      "results": {"{EP} F 6 - IRS": "succeeds", "maintain {EP} F 7": "invalid", "build {EP} A 14": "invalid"},
      "extra": {"money": money()}}, seed=True,
     note="All 132 units of the start table stand; nothing is charged and nothing is bought.")
case("W-E5a", "After Fall comes Winter of the next year", "RW-PH-1, RW-PH-7 (§4.1, §4.6)", "F2000M",
     {UK: ["F EP3"]}, {UK: ["{EP} F 3 H"]}, {"phase": "W2001M", "units": {UK: ["F EP3"]}}, seed=True)
case("W-E5b", "After Winter 2001 comes Spring 2001", "RW-PH-7 (§4.6)", "W2001M", {UK: ["F EP3"]},
     {UK: ["maintain {EP} F 3"]}, {"phase": "S2001M", "units": {UK: ["F EP3"]}}, data={"money": {UK: 300}}, seed=True)
case("W-E5c", "After Summer comes Fall of the same year", "RW-PH-7 (§4.6)", "U2001M", {UK: ["F EP3"]},
     {UK: ["maintain {EP} F 3"]}, {"phase": "F2001M", "units": {UK: ["F EP3"]}}, data={"money": {UK: 300}}, seed=True)
paris = {FR: ["A EP14", "M EP14"], DE: ["A EP24", "A EP15"]}
case("W-E6a", "A militia in Paris beside its army: one support is not enough", "RW-UNI-4, RW-ADJ-3 (§2.4)", "S2001M",
     paris, {FR: ["{EP} A 14 H", "{EP} M 14 S A 14"], DE: ["{EP} A 24 - 14", "{EP} A 15 S A 24 - 14"]},
     {"units": paris, "results": {"{EP} A 24 - 14": "fails", "{EP} M 14 S A 14": "succeeds"}}, seed=True)
case("W-E6b", "A militia in Paris beside its army: two supports break it; the militia is lost with the province",
     "RW-UNI-4, RW-ADJ-3 (§2.4)", "S2001M", {**paris, DE: ["A EP24", "A EP15", "A EP17"]},
     {FR: ["{EP} A 14 H", "{EP} M 14 S A 14"],
      DE: ["{EP} A 24 - 14", "{EP} A 15 S A 24 - 14", "{EP} A 17 S A 24 - 14"]},
     {"units": {DE: ["A EP14", "A EP15", "A EP17"]},
      "dislodged": {FR: [{"unit": "A EP14", "retreats": ["EP13"]}]},
      "results": {"{EP} A 24 - 14": "succeeds", "{EP} M 14 S A 14": "fails"}}, seed=True)

# --- militia (RW-UNI-3..5, RW-ADJ-2..3) ----------------------------------------------------------------------

case("M-1", "A militia alone holds Lyon like a unit", "RW-UNI-3 (§2.4)", "S2001M",
     {FR: ["M EP15"], DE: ["A EP28"]}, {DE: ["A EP28 - EP15"]},
     {"units": {FR: ["M EP15"], DE: ["A EP28"]}, "results": {"A EP28 - EP15": "fails"}})
case("M-2", "A militia never attacks: its move into an occupied province fails", "RW-UNI-3, RW-ADJ-2 (§2.4)",
     "S2001M", {FR: ["M EP15"], DE: ["A EP28"]}, {FR: ["{EP} M 15 - 28"]},
     {"units": {FR: ["M EP15"], DE: ["A EP28"]}, "results": {"{EP} M 15 - 28": "fails"}})
case("M-3", "A militia moves into a free province", "RW-UNI-3 (§2.4)", "S2001M", {FR: ["M EP15"]},
     {FR: ["{EP} M 15 - 28"]}, {"units": {FR: ["M EP28"]}, "results": {"{EP} M 15 - 28": "succeeds"}})
case("M-4", "A militia doesn't enter a province another country's army enters", "RW-ADJ-2 (§2.4, reading A7)",
     "S2001M", {FR: ["M EP15"], DE: ["A EP31"]}, {FR: ["M EP15 - EP28"], DE: ["A EP31 - EP28"]},
     {"units": {FR: ["M EP15"], DE: ["A EP28"]}, "results": {"M EP15 - EP28": "fails", "A EP31 - EP28": "succeeds"}})
case("M-5", "A militia joins its own country's army", "RW-UNI-4 (§2.4)", "S2001M", {FR: ["M EP15", "A EP14"]},
     {FR: ["M EP15 - EP14", "A EP14 H"]}, {"units": {FR: ["M EP14", "A EP14"]}, "results": {"M EP15 - EP14": "succeeds"}})
case("M-6", "A militia supports an attack from the next province", "RW-UNI-3 (§2.4)", "S2001M",
     {FR: ["M EP15", "A EP14"], DE: ["A EP24"]}, {FR: ["M EP15 S A EP14 - EP24", "A EP14 - EP24"]},
     {"units": {FR: ["M EP15", "A EP24"]}, "dislodged": {DE: [{"unit": "A EP24", "retreats": ["EP25", "EP31"]}]},
      "results": {"A EP14 - EP24": "succeeds", "M EP15 S A EP14 - EP24": "succeeds"}})
case("M-7", "A militia's support is cut when its province is attacked", "RW-UNI-3 (§2.4)", "S2001M",
     {FR: ["M EP15", "A EP14"], DE: ["A EP24", "A EP28"]},
     {FR: ["M EP15 S A EP14 - EP24", "A EP14 - EP24"], DE: ["A EP28 - EP15"]},
     {"units": {FR: ["M EP15", "A EP14"], DE: ["A EP24", "A EP28"]},
      "results": {"A EP14 - EP24": "fails", "M EP15 S A EP14 - EP24": "fails", "A EP28 - EP15": "fails"}})
case("M-8", "An army moves into its own militia's province", "RW-UNI-4 (§2.4)", "S2001M",
     {FR: ["M EP15", "A EP14"]}, {FR: ["A EP14 - EP15"]},
     {"units": {FR: ["M EP15", "A EP15"]}, "results": {"A EP14 - EP15": "succeeds"}})
case("M-9", "Militia are not convoyed and do not convoy", "RW-UNI-3 (§2.4)", "S2001M",
     {FR: ["M EP13", "F ENG"]}, {FR: ["M EP13 - EP7 VIA CONVOY", "M EP13 C A EP14 - EP7"]},
     {"units": {FR: ["M EP13", "F ENG"]},
      "results": {"M EP13 - EP7 VIA CONVOY": "invalid", "M EP13 C A EP14 - EP7": "invalid"}})
case("M-10", "A militia may not share a province with another country's unit", "RW-UNI-4 (§2.4, reading A7)",
     "S2001M", {FR: ["M EP15"], DE: ["A EP24"]}, {FR: ["M EP15 - EP24"]},
     {"units": {FR: ["M EP15"], DE: ["A EP24"]}, "results": {"M EP15 - EP24": "fails"}})
case("M-11", "A militia is bought for $6 in a home centre and kept for $6", "RW-UNI-5, RW-ECO-5, RW-ECO-6 (§2.3)",
     "U2001M", {FR: ["M EP14"]}, {FR: ["maintain {EP} M 14", "build {EP} M 15"]},
     {"units": {FR: ["M EP14", "M EP15"]}, "extra": {"money": money(FRANCE=100)}}, data={"money": {FR: 1300}})

# --- the calendar and freezing (RW-PH-1..7, RW-RET-1) ---------------------------------------------------------

case("FR-1", "Winter freezes the Arctic: nothing enters or leaves Northern Norway or the Norwegian Sea",
     "RW-PH-5, RW-MAP-15 (§4.5)", "W2001M",
     {UK: ["F EP3", "F NTH"], RU: ["A EP8"], SP: ["A EP9"]},
     {UK: ["{EP} F 3 - NWG", "F NTH - NWG"], RU: ["{EP} A 8 - 11"], SP: ["{EP} A 9 - 11"]},
     {"units": {UK: ["F EP3", "F NTH"], RU: ["A EP8"], SP: ["A EP9"]},
      "results": {"{EP} F 3 - NWG": "invalid", "F NTH - NWG": "invalid", "{EP} A 8 - 11": "invalid",
                  "{EP} A 9 - 11": "invalid"}}, options=AUTO, data={"money": RICH})
case("FR-2", "Summer freezes the Antarctic: the Drake Passage is shut, the Scotia Sea open", "RW-PH-6 (§4.5)",
     "U2001M", {UK: ["F COA", "F ARG"]}, {UK: ["F COA - DRA", "F ARG - SCO"]},
     {"units": {UK: ["F COA", "F SCO"]}, "results": {"F COA - DRA": "invalid", "F ARG - SCO": "succeeds"}},
     options=AUTO, data={"money": RICH})
case("FR-3", "The Arctic thaws in Spring: {EP} F 3 - NWG", "RW-PH-5 (§4.5)", "S2001M", {UK: ["F EP3"]},
     {UK: ["{EP} F 3 - NWG"]}, {"units": {UK: ["F NWG"]}, "results": {"{EP} F 3 - NWG": "succeeds"}})
case("FR-4", "The Antarctic is open outside Summer: a fleet enters the Drake Passage in Winter", "RW-PH-6 (§4.5)",
     "W2001M", {UK: ["F COA"]}, {UK: ["F COA - DRA"]}, {"units": {UK: ["F DRA"]}, "results": {"F COA - DRA": "succeeds"}},
     options=AUTO, data={"money": RICH})
case("FR-5", "Nothing happens in a frozen place: no bribe, no rebellion in Kola in Winter", "RW-PH-5 (§4.5, A15)",
     "W2001M", {RU: ["A EP62"], UK: ["F EP3"]},
     {UK: ["maintain {EP} F 3", "BRIBE {EP} A 62 $8", "REBELLION {EP} 62"], RU: ["maintain {EP} A 62"]},
     {"units": {RU: ["A EP62"], UK: ["F EP3"]},
      "results": {"BRIBE {EP} A 62 $8": "invalid", "REBELLION {EP} 62": "invalid"}},
     data={"money": {UK: 2000, RU: 300}})
case("FR-6", "A frozen home centre can't build: Anchorage {NA} 3 in Winter", "RW-PH-5 (§4.5)", "W2001M", {},
     {US: ["build {NA} F 3"]}, {"units": {}, "results": {"build {NA} F 3": "invalid"}}, data={"money": {US: 300}})
case("FR-7", "Anchorage builds in Summer, when only the Antarctic is frozen", "RW-PH-6, RW-ECO-8 (§4.5)", "U2001M",
     {}, {US: ["build {NA} F 3"]}, {"units": {US: ["F NA3"]}, "results": {"build {NA} F 3": "succeeds"}},
     data={"money": {US: 300}})
case("FR-8", "A frozen unit may not support or be supported into", "RW-PH-5 (§4.5, A15)", "W2001M",
     {RU: ["A EP12", "A EP66"], SP: ["A EP61"]}, {RU: ["A EP12 S A EP66 - EP61", "A EP66 - EP12"]},
     {"units": {RU: ["A EP12", "A EP66"], SP: ["A EP61"]},
      "results": {"A EP12 S A EP66 - EP61": "invalid", "A EP66 - EP12": "invalid"}}, options=AUTO, data={"money": RICH})
case("RET-1", "No retreat into a frozen province: an army driven from Norway in Winter is destroyed",
     "RW-RET-1 (§4.5)", "W2001M", {SP: ["A EP9"], RU: ["A EP10", "F NTH"]},
     {RU: ["A EP10 - EP9", "F NTH S A EP10 - EP9"]},
     {"units": {RU: ["A EP9", "F NTH"]}, "dislodged": {SP: [{"unit": "A EP9", "retreats": []}]},
      "results": {"A EP10 - EP9": "succeeds"}}, options=AUTO, data={"money": RICH})
case("RET-2", "In Spring the same army retreats into Norrland", "RW-RET-1", "S2001M",
     {SP: ["A EP9"], RU: ["A EP10", "F NTH"]}, {RU: ["A EP10 - EP9", "F NTH S A EP10 - EP9"]},
     {"units": {RU: ["A EP9", "F NTH"]}, "dislodged": {SP: [{"unit": "A EP9", "retreats": ["EP11"]}]},
      "results": {"A EP10 - EP9": "succeeds"}})

# --- the map's special places (RW-MAP-6..13, RW-ORD-10, wrap, polar routes) ---------------------------------------

case("CN-1", "Panama: a fleet enters the canal from the Caribbean", "RW-MAP-6 (§3.0)", "S2001M", {US: ["F CAR"]},
     {US: ["F CAR - SA57"]}, {"units": {US: ["F SA57"]}, "results": {"F CAR - SA57": "succeeds"}})
case("CN-2", "Panama: and leaves it into the Gulf of Panama, on the Pacific", "RW-MAP-6 (§3.0)", "S2001M",
     {US: ["F SA57"]}, {US: ["{SA} F 57 - GOP"]}, {"units": {US: ["F GOP"]}, "results": {"{SA} F 57 - GOP": "succeeds"}})
case("CN-3", "No other way across Central America: the Gulf of Mexico doesn't touch the Pacific", "RW-MAP-6 (§3.0)",
     "S2001M", {US: ["F GOM"]}, {US: ["F GOM - MXP"]}, {"units": {US: ["F GOM"]}, "results": {"F GOM - MXP": "invalid"}})
case("CN-4", "Hamburg acts like Kiel: North Sea to Hamburg to the Baltic", "RW-MAP-7 (§3.0)", "S2001M",
     {DE: ["F NTH", "F EP26"]}, {DE: ["F NTH - EP26", "{EP} F 26 - BAL"]},
     {"units": {DE: ["F EP26", "F BAL"]}, "results": {"F NTH - EP26": "succeeds", "{EP} F 26 - BAL": "succeeds"}})
case("CN-5", "Istanbul acts like Constantinople: Aegean to Istanbul to the Black Sea", "RW-MAP-8 (§3.0)", "S2001M",
     {TR: ["F AEG", "F EP80"]}, {TR: ["F AEG - EP80", "{EP} F 80 - WBS"]},
     {"units": {TR: ["F EP80", "F WBS"]}, "results": {"F AEG - EP80": "succeeds", "{EP} F 80 - WBS": "succeeds"}})
case("CN-6", "The Volga canal: Black Sea to Rostov to Volga to the Caspian", "RW-MAP-9 (§3.0)", "S2001M",
     {RU: ["F EBS", "F EP77", "F EP78"]}, {RU: ["F EBS - EP77", "{EP} F 77 - 78", "{EP} F 78 - CAS"]},
     {"units": {RU: ["F EP77", "F EP78", "F CAS"]},
      "results": {"F EBS - EP77": "succeeds", "{EP} F 77 - 78": "succeeds", "{EP} F 78 - CAS": "succeeds"}})
case("CN-7", "The Black Sea doesn't touch the Caspian", "RW-MAP-9 (§3.0)", "S2001M", {RU: ["F EBS"]},
     {RU: ["F EBS - CAS"]}, {"units": {RU: ["F EBS"]}, "results": {"F EBS - CAS": "invalid"}})
case("NY-1", "New York's south coast from the Atlantic: the coast follows", "RW-MAP-10, RW-ORD-10 (§3.0)", "S2001M",
     {US: ["F NWA"]}, {US: ["F NWA - NA25/SC"]}, {"units": {US: ["F NA25/SC"]}, "results": {"F NWA - NA25/SC": "succeeds"}})
case("NY-2", "A fleet from Pennsylvania must name New York's coast", "RW-MAP-10, RW-ORD-10 (§3.0)", "S2001M",
     {US: ["F NA27"]}, {US: ["{NA} F 27 - 25"]}, {"units": {US: ["F NA27"]}, "results": {"{NA} F 27 - 25": "invalid"}})
case("NY-3", "The start table's {NA} F 25 (sc) sails into the Atlantic, not Lake Ontario", "RW-MAP-10 (§3.0, §8)",
     "S2001M", {US: ["F NA25/SC"]}, {US: ["{NA} F 25 (sc) - ONT"]},
     {"units": {US: ["F NA25/SC"]}, "results": {"{NA} F 25 (sc) - ONT": "invalid"}})
lawrence = [("F GSL", "F GSL - NA21", "F NA21"), ("F NA21", "{NA} F 21 - 24", "F NA24"),
            ("F NA24", "{NA} F 24 - 16", "F NA16"), ("F NA16", "{NA} F 16 - ONT", "F ONT")]
for i, (frm, order, there) in enumerate(lawrence, 1):
    case(f"GL-{i}", f"The St. Lawrence Seaway to the Great Lakes, step {i}: {order}", "RW-MAP-11 (§3.0)", "S2001M",
         {"QUEBEC": [frm]}, {"QUEBEC": [order]}, {"units": {"QUEBEC": [there]}, "results": {order: "succeeds"}})
case("GL-5", "The Seaway is a river: a fleet goes from Montreal to New York's north coast",
     "RW-MAP-11, RW-MAP-10 (§3.0)", "S2001M", {"QUEBEC": ["F NA24"]}, {"QUEBEC": ["F NA24 - NA25/NC"]},
     {"units": {"QUEBEC": ["F NA25/NC"]}, "results": {"F NA24 - NA25/NC": "succeeds"}})
mississippi = [("F GOM", "F GOM - NA40", "F NA40"), ("F NA40", "{NA} F 40 - 37", "F NA37"),
               ("F NA37", "{NA} F 37 - 35", "F NA35"), ("F NA35", "{NA} F 35 - 29", "F NA29"),
               ("F NA29", "{NA} F 29 - LMI", "F LMI")]
for i, (frm, order, there) in enumerate(mississippi, 1):
    case(f"MS-{i}", f"The Mississippi from the Gulf of Mexico to Lake Michigan, step {i}: {order}",
         "RW-MAP-12 (§3.0)", "S2001M", {US: [frm]}, {US: [order]},
         {"units": {US: [there]}, "results": {order: "succeeds"}})
case("MS-6", "A river province is land too: an army marches along the Mississippi", "RW-MAP-12 (§3.0)", "S2001M",
     {US: ["A NA37"]}, {US: ["{NA} A 37 - 35"]}, {"units": {US: ["A NA35"]}, "results": {"{NA} A 37 - 35": "succeeds"}})
case("IS-1", "Israel: fleets enter from the Eastern Mediterranean", "RW-MAP-13 (§3.0)", "S2001M", {SY: ["F EMS"]},
     {SY: ["F EMS - ME93"]}, {"units": {SY: ["F ME93"]}, "results": {"F EMS - ME93": "succeeds"}})
case("IS-2", "Israel: never from the Red Sea", "RW-MAP-13 (§3.0)", "S2001M", {SY: ["F RED"]},
     {SY: ["F RED - ME93"]}, {"units": {SY: ["F RED"]}, "results": {"F RED - ME93": "invalid"}})
case("IS-3", "Israel's fleet leaves only to the Eastern Mediterranean", "RW-MAP-13 (§3.0)", "S2001M", {SY: ["F ME93"]},
     {SY: ["{ME} F 93 - RED"]}, {"units": {SY: ["F ME93"]}, "results": {"{ME} F 93 - RED": "invalid"}})
case("WR-1", "The map wraps east-west: North Pacific West to North Pacific East across the date line", "RW-MAP-15 (wrap)",
     "S2001M", {JP: ["F NPW"]}, {JP: ["F NPW - NPE"]}, {"units": {JP: ["F NPE"]}, "results": {"F NPW - NPE": "succeeds"}})
case("WR-2", "Across the seam: Chukotka to the Bering Sea and on to Alaska", "RW-MAP-15 (wrap)", "S2001M",
     {RU: ["F AS24", "F BER"]}, {RU: ["{AS} F 24 - BER", "F BER - NA3"]},
     {"units": {RU: ["F BER", "F NA3"]}, "results": {"{AS} F 24 - BER": "succeeds", "F BER - NA3": "succeeds"}})
case("WR-3", "Across the seam by land in Antarctica: Victoria Land to Marie Byrd Land", "RW-MAP-15 (wrap)", "S2001M",
     {AU: ["A AA6"]}, {AU: ["{AA} A 6 - 7"]}, {"units": {AU: ["A AA7"]}, "results": {"{AA} A 6 - 7": "succeeds"}})
top = [("F BER", "F BER - CHU", "F CHU"), ("F CHU", "F CHU - BEA", "F BEA"), ("F BEA", "F BEA - NWP", "F NWP"),
       ("F NWP", "F NWP - BAF", "F BAF"), ("F BAF", "F BAF - LAB", "F LAB")]
for i, (frm, order, there) in enumerate(top, 1):
    case(f"TOP-{i}", f"Over the top of the Americas, step {i}: {order}", "RW-MAP-6 (over the top)", "S2001M",
         {US: [frm]}, {US: [order]}, {"units": {US: [there]}, "results": {order: "succeeds"}})
bottom = [("F CHB", "F CHB - DRA", "F DRA"), ("F DRA", "F DRA - SCO", "F SCO"), ("F SCO", "F SCO - ARG", "F ARG")]
for i, (frm, order, there) in enumerate(bottom, 1):
    case(f"BOT-{i}", f"Round the bottom of the Americas, step {i}: {order}", "RW-MAP-6 (round the bottom)", "S2001M",
         {BR: [frm]}, {BR: [order]}, {"units": {BR: [there]}, "results": {order: "succeeds"}})

# --- the economy (RW-ECO-*, RW-PH-3..4) ---------------------------------------------------------------------

case("EC-1", "Upkeep: units kept while money lasts, in the order listed", "RW-ECO-4, RW-ECO-5, RW-UNI-6 (§6.3)",
     "U2001M", {UK: ["F EP3", "F EP6"]}, {UK: ["maintain {EP} F 6", "maintain {EP} F 3"]},
     {"units": {UK: ["F EP6"]}, "results": {"maintain {EP} F 6": "succeeds", "maintain {EP} F 3": "fails"},
      "extra": {"money": money(UNITED_KINGDOM=200)}}, data={"money": {UK: 500}})
case("EC-2", "A unit nobody maintains disappears before it moves", "RW-UNI-6, RW-PH-3 (§2.5, §4.3, A3)", "U2001M",
     {UK: ["F EP7"], FR: ["F EP14"]}, {UK: ["{EP} F 7 - ENG"], FR: ["maintain {EP} F 14", "{EP} F 14 - ENG"]},
     {"units": {FR: ["F ENG"]}, "results": {"{EP} F 7 - ENG": "fails", "{EP} F 14 - ENG": "succeeds"}},
     data={"money": {UK: 900, FR: 300}})
case("EC-3", "Purchases only in unoccupied home centres of one's own", "RW-ECO-8 (§2.3)", "U2001M", {FR: ["A EP14"]},
     {FR: ["maintain {EP} A 14", "build {EP} A 14", "build {EP} F 3", "build {EP} F 16"]},
     {"units": {FR: ["A EP14", "F EP16"]},
      "results": {"build {EP} A 14": "invalid", "build {EP} F 3": "invalid", "build {EP} F 16": "succeeds"}},
     data={"money": {FR: 1000}})
case("EC-4", "No money, no purchase", "RW-ECO-1, RW-ECO-6 (§6.0)", "U2001M", {}, {FR: ["build {EP} A 14"]},
     {"units": {}, "results": {"build {EP} A 14": "fails"}}, data={"money": {FR: 200}})
ec5_before = {DE: ["A EP15"]}
case("EC-5", "A captured home centre becomes the captor's: Germany takes Paris", "RW-ECO-9 (§2.3, A6)", "S2001M",
     {DE: ["A EP24"]}, {DE: ["{EP} A 24 - 14"]},
     {"units": {DE: ["A EP14"]}, "extra": {"homes": {**HOMES, FR: [h for h in HOMES[FR] if h != "EP14"],
                                                      DE: sorted([*HOMES[DE], "EP14"])}}})
case("EC-6", "A captured home centre is a build site for its captor", "RW-ECO-9 (§6.3)", "U2001M", {},
     {DE: ["build {EP} A 14"]}, {"units": {DE: ["A EP14"]}, "results": {"build {EP} A 14": "succeeds"}},
     data={"money": {DE: 300}, "homes": {FR: [h for h in HOMES[FR] if h != "EP14"], DE: sorted([*HOMES[DE], "EP14"])}})
case("EC-7", "Option: automatic upkeep keeps units while money lasts", "RW-ECO-5 (§6.3)", "U2001M",
     {UK: ["F EP3", "F EP6"]}, {}, {"units": {UK: ["F EP3"]}}, options=AUTO, data={"money": {UK: 300}})
case("EC-8", "A purchase where a unit moved in this turn fails and costs nothing", "RW-ECO-8 (§2.3, A3)", "U2001M",
     {DE: ["A EP24"]}, {DE: ["maintain {EP} A 24", "{EP} A 24 - 14"], FR: ["build {EP} A 14"]},
     {"units": {DE: ["A EP14"]}, "results": {"build {EP} A 14": "fails"},
      "extra": {"money": money(FRANCE=300, GERMANY=0)}}, data={"money": {FR: 300, DE: 300}})
case("EC-9", "Maintenance and builds only in Winter and Summer: Spring refuses them", "RW-ECO-7, RW-PH-2 (§6.3)",
     "S2001M", {FR: ["A EP14"]}, {FR: ["maintain {EP} A 14", "build {EP} F 16"]},
     {"units": {FR: ["A EP14"]}, "results": {"maintain {EP} A 14": "invalid", "build {EP} F 16": "invalid"}},
     data={"money": {FR: 1000}})
tx_units = {UK: ["F NWG", "F NTH"], FR: ["A EP24"]}
case("TX-1", "Taxes after Fall: $1 a sea zone, $2 a province, $3 a city — the whole world is taxed",
     "RW-ECO-3, RW-PH-4, RW-GM-3 (§6.2)", "F2001M", tx_units, {},
     {"phase": "W2002M", "units": tx_units, "extra": {"money": taxes(tx_units)}},
     note="France also holds Belgium (a city); Britain its two sea zones. Norrland {EP} 11, the only province "
          "without a city in Europe, is nobody's.")
tx2 = {US: ["A NA2"]}
case("TX-2", "A province without a city pays $2: the United States' North Slope", "RW-ECO-3 (§6.2)", "S2001M",
     {US: ["A NA1"]}, {US: ["{NA} A 1 - 2"]},
     {"units": tx2, "extra": {"money": taxes(tx2, units_before={US: ["A NA1"]})}})
case("TX-3", "No taxes after Summer", "RW-PH-4 (§4.4)", "U2001M", {UK: ["F NWG"]}, {UK: ["maintain F NWG"]},
     {"units": {UK: ["F NWG"]}, "extra": {"money": money()}}, data={"money": {UK: 300}})
case("TX-4", "Taxes are collected in the frozen zone too (A14): Kola pays Russia after Spring", "RW-PH-4 (A14)",
     "S2001M", {RU: ["A EP62"]}, {RU: ["{EP} A 62 H"]},
     {"units": {RU: ["A EP62"]}, "extra": {"money": taxes({RU: ["A EP62"]})}})

case("BR-1", "A bribe is offered: secret, nothing paid yet, its target told only that it is bribed",
     "RW-ECO-10, RW-ECO-11, RW-ECO-14, RW-GM-4 (§6.4, §7.2)", "U2001M", {FR: ["A EP14"]},
     {UK: ["BRIBE {EP} A 14 $8"], FR: ["maintain {EP} A 14"]},
     {"units": {FR: ["A EP14"]}, "results": {"BRIBE {EP} A 14 $8": "succeeds"},
      "notes": {FR: ["1 bribe offered for your units"]},
      "extra": {"money": money(UNITED_KINGDOM=800),
                "bribes": [{"briber": UK, "unit": [FR, "A", "EP14"], "price": 800, "since": "U2001M"}]}},
     data={"money": {UK: 800, FR: 300}})
case("BR-2", "Bribing starts at $8", "RW-ECO-10 (§6.4)", "S2001M", {FR: ["A EP14"]}, {UK: ["BRIBE {EP} A 14 $7.99"]},
     {"units": {FR: ["A EP14"]}, "results": {"BRIBE {EP} A 14 $7.99": "invalid"}}, data={"money": {UK: 800}})
bribe = [{"briber": UK, "unit": [FR, "A", "EP14"], "price": 800, "since": "S2001M"}]
case("BR-3", "A wrong guess: the unit joins the briber, who pays its owner", "RW-ECO-11, RW-ECO-12 (§6.4)", "U2001M",
     {FR: ["A EP14", "A EP15"]}, {FR: ["maintain {EP} A 14", "maintain {EP} A 15", "GUESS {EP} A 15 $10"]},
     {"units": {UK: ["A EP14"], FR: ["A EP15"]}, "results": {"GUESS {EP} A 15 $10": "fails"},
      "notes": {UK: ["joins you"], FR: ["bribed away by United Kingdom"]},
      "extra": {"money": money(FRANCE=800, UNITED_KINGDOM=200), "bribes": []}},
     data={"money": {UK: 1000, FR: 600}, "bribes": bribe})
case("BR-4", "A right guess with a counter-bid as high: the bribe fails, the owner pays its counter-bid",
     "RW-ECO-11, RW-ECO-13 (§6.4, A8)", "U2001M", {FR: ["A EP14"]}, {FR: ["maintain {EP} A 14", "GUESS {EP} A 14 $8"]},
     {"units": {FR: ["A EP14"]}, "results": {"GUESS {EP} A 14 $8": "succeeds"}, "notes": {UK: ["guessed"]},
      "extra": {"money": money(UNITED_KINGDOM=1000), "bribes": []}},
     data={"money": {UK: 1000, FR: 1100}, "bribes": bribe})
case("BR-5", "The right unit with too low a counter-bid: the bribe succeeds", "RW-ECO-11 (§6.4, A8)", "U2001M",
     {FR: ["A EP14"]}, {FR: ["maintain {EP} A 14", "GUESS {EP} A 14 $5"]},
     {"units": {UK: ["A EP14"]}, "results": {"GUESS {EP} A 14 $5": "fails"}},
     data={"money": {UK: 1000, FR: 800}, "bribes": bribe})
case("BR-6", "A briber who can't pay when the bribe is decided gets nothing", "RW-ECO-14 (§7.2)", "U2001M",
     {FR: ["A EP14"]}, {FR: ["maintain {EP} A 14"]},
     {"units": {FR: ["A EP14"]}, "notes": {UK: ["not enough money"]},
      "extra": {"money": money(UNITED_KINGDOM=500)}}, data={"money": {UK: 500, FR: 300}, "bribes": bribe})
case("BR-7", "A bribed unit is followed when it moves", "RW-ECO-12 (§6.4)", "S2002M", {FR: ["A EP14"]},
     {FR: ["{EP} A 14 - 13"]}, {"units": {UK: ["A EP13"]}},
     data={"money": {UK: 800}, "bribes": [{"briber": UK, "unit": [FR, "A", "EP14"], "price": 800, "since": "W2002M"}]})
case("BR-8", "The briber may bid again after a failed bribe", "RW-ECO-13 (§6.4)", "U2001M", {FR: ["A EP14"]},
     {UK: ["BRIBE {EP} A 14 $12"], FR: ["maintain {EP} A 14"]},
     {"units": {FR: ["A EP14"]}, "results": {"BRIBE {EP} A 14 $12": "succeeds"},
      "extra": {"bribes": [{"briber": UK, "unit": [FR, "A", "EP14"], "price": 1200, "since": "U2001M"}]}},
     data={"money": {UK: 1200, FR: 300}})
case("RB-1", "Starting a rebellion: $9 in a province without a city (North Slope)", "RW-ECO-15 (§6.5)", "S2001M",
     {}, {UK: ["REBELLION {NA} 1"]},
     {"units": {}, "results": {"REBELLION {NA} 1": "succeeds"},
      "extra": {"rebellions": ["NA1"], "money": taxes({}, before=money(UNITED_KINGDOM=100), rebellions=("NA1",))}},
     data={"money": {UK: 1000}})
case("RB-2", "Starting a rebellion: $12 in a province with a city (Paris); $11 is not enough", "RW-ECO-15 (§6.5)",
     "U2001M", {}, {UK: ["REBELLION {EP} 14"]},
     {"units": {}, "results": {"REBELLION {EP} 14": "fails"}, "extra": {"rebellions": []}}, data={"money": {UK: 1100}})
case("RB-3", "Starting a rebellion in Paris for $12", "RW-ECO-15 (§6.5)", "U2001M", {}, {UK: ["REBELLION {EP} 14"]},
     {"units": {}, "results": {"REBELLION {EP} 14": "succeeds"},
      "extra": {"rebellions": ["EP14"], "money": money(UNITED_KINGDOM=0)}}, data={"money": {UK: 1200}})
case("RB-4", "Pacifying a rebellion costs $15", "RW-ECO-16 (§6.5)", "U2001M", {}, {FR: ["PACIFY {EP} 14"]},
     {"units": {}, "results": {"PACIFY {EP} 14": "succeeds"}, "extra": {"rebellions": [], "money": money()}},
     data={"money": {FR: 1500}, "rebellions": ["EP14"]})
case("RB-5", "Only a rebellion can be pacified", "RW-ECO-16 (§6.5)", "U2001M", {}, {FR: ["PACIFY {EP} 14"]},
     {"units": {}, "results": {"PACIFY {EP} 14": "invalid"}}, data={"money": {FR: 1500}})
case("LN-1", "A one-year loan at 20 %", "RW-ECO-17 (§6.6, A9)", "U2001M", {}, {UK: ["LOAN $25 1 YEAR"]},
     {"units": {}, "results": {"LOAN $25 1 YEAR": "succeeds"},
      "extra": {"money": money(UNITED_KINGDOM=2500), "loans": [{"power": UK, "owed": 3000, "due": "U2002M"}]}})
case("LN-2", "A two-year loan at 50 %", "RW-ECO-17 (§6.6)", "U2001M", {}, {UK: ["LOAN $10 2 YEARS"]},
     {"units": {}, "extra": {"loans": [{"power": UK, "owed": 1500, "due": "U2003M"}]}})
case("LN-3", "The World Bank lends up to $25, for one or two years", "RW-ECO-17 (§6.6)", "U2001M", {},
     {UK: ["LOAN $26 1 YEAR", "LOAN $5 3 YEARS"]},
     {"units": {}, "results": {"LOAN $26 1 YEAR": "invalid", "LOAN $5 3 YEARS": "invalid"}})
case("LN-4", "A loan is repaid when it falls due", "RW-ECO-17 (§6.6, A9)", "U2002M", {}, {},
     {"units": {}, "extra": {"money": money(UNITED_KINGDOM=500), "loans": []}},
     data={"money": {UK: 3500}, "loans": [{"power": UK, "owed": 3000, "due": "U2002M"}]})
case("LN-5", "An unpaid loan is renewed for a year at 20 %", "RW-ECO-17 (A9)", "U2002M", {}, {},
     {"units": {}, "extra": {"money": money(UNITED_KINGDOM=100),
                             "loans": [{"power": UK, "owed": 3600, "due": "U2003M"}]}},
     data={"money": {UK: 100}, "loans": [{"power": UK, "owed": 3000, "due": "U2002M"}]})
case("TR-1", "A money transfer", "RW-ECO-19 (§6.7)", "U2001M", {}, {UK: ["TRANSFER $5 TO FRANCE"]},
     {"units": {}, "results": {"TRANSFER $5 TO FRANCE": "succeeds"},
      "extra": {"money": money(FRANCE=500, UNITED_KINGDOM=300)}}, data={"money": {UK: 800}})
case("TR-2", "No transfer beyond the savings", "RW-ECO-19 (§6.7)", "U2001M", {}, {UK: ["TRANSFER $9 TO France"]},
     {"units": {}, "results": {"TRANSFER $9 TO France": "fails"}, "extra": {"money": money(UNITED_KINGDOM=800)}},
     data={"money": {UK: 800}})

# Advanced game (RW-ADV-1..5): a currency's value is its table value times the factor of its country's city
# count. The seed's tables, transcribed: pounds 0.66, francs 5.17; factor 3-10 cities 1.0, 11-20 0.9.
CURRENCY = {UK: 0.66, FR: 5.17}


def factor(cities: int) -> float:
    for top, value in ((0, 1.5), (1, 1.3), (2, 1.1), (10, 1.0), (20, 0.9), (30, 0.8), (40, 0.7), (50, 0.6),
                       (60, 0.5), (70, 0.4), (80, 0.3), (90, 0.2), (100, 0.1)):
        if cities <= top:
            return value
    return 0.09


def cities_of(power: str) -> int:
    held = {pid: a["owner"] for pid, a in AREAS.items() if a.get("owner") and _land(pid)}
    held.update({h: p for p, hs in HOMES.items() for h in hs})
    return sum(1 for pid, p in held.items() if p == power and AREAS[pid].get("city"))


def convert(cents: int, frm: str, to: str) -> int:
    """``cents`` of ``frm``'s currency in ``to``'s: through US dollars at both currencies' present values."""
    usd = cents / (CURRENCY[frm] / factor(cities_of(frm)))
    return round(usd * CURRENCY[to] / factor(cities_of(to)))


case("TR-3", "Advanced game: a transfer is converted, pounds to francs at the rates of the moment",
     "RW-ADV-1..5 (§6.11-6.12)", "U2001M", {}, {UK: ["TRANSFER $5 TO FRANCE"]},
     {"units": {}, "extra": {"money": money(FRANCE=convert(500, UK, FR), UNITED_KINGDOM=300)}},
     options={"currencies": "advanced"}, data={"money": {UK: 800}},
     note=f"Britain holds {cities_of(UK)} cities, France {cities_of(FR)}.")


def main() -> None:
    suite = {
        "about": "World Diplomacy (31 countries, David Caldwell's rules) on the real World map "
                 "(resources/maps/world31): every order example of the rules text as written, and cases for "
                 "each rule line the board can show (militia, freezing, canals, rivers, Israel, the wrap, the "
                 "polar routes, the economy). Written by make_cases.py; run by tests/variants/test_world31_real.py.",
        "format": "Amounts of money (variant_data, expect.extra) are in cents of each country's currency (US "
                  "dollars in the basic game); variant_data gives the economy before the phase, keys left out "
                  "taking the map's start values.",
        "cases": CASES,
    }
    (HERE / "cases.json").write_text(json.dumps(suite, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"{len(CASES)} cases")


if __name__ == "__main__":
    main()
