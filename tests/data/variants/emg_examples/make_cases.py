"""Writes cases.json: the worked examples of the EMG rules v1.38 (ids G-E…, numbered as in the project's rule
list) and further cases per rule line (ids R-…). Run from the repository root after editing."""
import json
from pathlib import Path

CASES = []
_MAP = json.loads((Path(__file__).resolve().parents[3] / "variants" / "emg_examples_map" / "map.json").read_text())
RESERVES = {p["id"]: [c for c in p["home_centers"] if c.startswith("R") and len(c) == 3 and "reserve" in
                      next(x["name"] for x in _MAP["provinces"] if x["id"] == c)] for p in _MAP["powers"]}


def case(cid, title, units, orders, expect_units, results=None, phase="F1901M", centers=None, owned=None,
         relations=None, expect_centers=None, rule=None,
         reserve_off=False, data=None, expect_extra=None, options=None):
    c = {"id": cid, "title": title, "variant": "emg_examples", "phase": phase, "units": units}
    if options:
        c["options"] = options
    # Every power keeps its two reserve centres (4 supply points, out of play) so that upkeep follows the
    # example's own centres only where the case is about supply.
    given = {p: list(cs) for p, cs in (centers or {}).items()}
    for p in sorted(set(units) | set(orders) | set(given)):  # sorted: the file must not change run to run
        if not (reserve_off and p in given):
            given.setdefault(p, [])
            given[p] = given[p] + [r for r in RESERVES[p] if r not in given[p]]
    c["centers"] = given
    if expect_centers is not None:
        expect_centers = {p: cs + [r for r in RESERVES[p] if p in given and r in given[p]]
                          for p, cs in expect_centers.items()}
    more_data, data = data, {}
    if owned:
        data["owned"] = owned
    if relations:
        data["relations"] = relations
    data.update(more_data or {})
    if data:
        c["variant_data"] = data
    c["orders"] = orders
    c["expect"] = {"units": expect_units, "dislodged": {}, "results": results or {}}
    if expect_centers is not None:
        c["expect"]["centers"] = expect_centers
    if expect_extra is not None:
        c["expect"]["extra"] = expect_extra
    if rule:
        c["rule"] = rule
    CASES.append(c)


WAR_EF = {"ENGLAND FRANCE": "war"}
WAR_FG = {"FRANCE GERMANY": "war"}
START3 = {"AUSTRIA": ["C BOH"], "GERMANY": ["C SAX"], "RUSSIA": ["C POL"]}
OWN3 = {"BOH": "AUSTRIA", "SAX": "GERMANY", "POL": "RUSSIA"}

case("G-E1", "5.0: only Austria-Hungary moves into neutral 42 and takes it", START3, {"AUSTRIA": ["MO 41 42"]},
     {"AUSTRIA": ["C SIL"], "GERMANY": ["C SAX"], "RUSSIA": ["C POL"]}, {"MO 41 42": "succeeds"}, owned=OWN3)
case("G-E2", "5.0: two corps move into neutral 42: a 1-1 tie, both go back and 42 stays neutral", START3,
     {"AUSTRIA": ["MO 41 42"], "GERMANY": ["MO 29 42"]}, START3, {"MO 41 42": "fails", "MO 29 42": "fails"}, owned=OWN3)
case("G-E3", "5.1: an army (2) and a corps (1) move into empty 19: the army takes it, the corps goes back",
     {"FRANCE": ["A BEL"], "GERMANY": ["C LUX"]}, {"FRANCE": ["MO 20 19"], "GERMANY": ["MO 32 19"]},
     {"FRANCE": ["A HOL"], "GERMANY": ["C LUX"]}, {"MO 20 19": "succeeds", "MO 32 19": "fails"},
     centers={"GERMANY": ["LUX"]}, owned={"BEL": "FRANCE"})
case("G-E4", "5.1: head to head, army against corps at war: the army wins; the corps has no area next to both and dies",
     {"FRANCE": ["A BEL"], "GERMANY": ["C HOL"]}, {"FRANCE": ["MO 20 19"], "GERMANY": ["MO 19 20"]},
     {"FRANCE": ["A HOL"]}, {"MO 20 19": "succeeds", "MO 19 20": "fails"},
     owned={"BEL": "FRANCE", "HOL": "GERMANY"}, relations=WAR_FG)
case("G-E4-equal", "5.1: head to head between units of equal size: both go back to their areas",
     {"FRANCE": ["A BEL"], "GERMANY": ["A HOL"]}, {"FRANCE": ["MO 20 19"], "GERMANY": ["MO 19 20"]},
     {"FRANCE": ["A BEL"], "GERMANY": ["A HOL"]}, {"MO 20 19": "fails", "MO 19 20": "fails"},
     owned={"BEL": "FRANCE", "HOL": "GERMANY"}, relations=WAR_FG)
case("G-E5", "5.1 tip: you own 24 where an ally's army stands; your army attacks it with support without war; "
     "with no area of its own to retreat to, it dies (its power's support there: R-REL-15-owner-attacks)",
     {"GERMANY": ["A ZEE", "A FLA"], "FRANCE": ["A LOR", "C ALS"]},
     {"GERMANY": ["MO 27 24", "SA 25 24"]},
     {"GERMANY": ["A LOR", "A FLA"], "FRANCE": ["C ALS"]}, {"MO 27 24": "succeeds", "SA 25 24": "succeeds"},
     owned={"LOR": "GERMANY", "ZEE": "GERMANY", "FLA": "GERMANY", "ALS": "FRANCE"},
     relations={"FRANCE GERMANY": "ally"})
USA3 = {"VER": "USA", "TEH": "USA", "YUC": "USA"}
case("G-E6", "5.2 tip: the army's move fails on an own squadron; the fleet takes its area; the army retreats to 143",
     {"USA": ["A VER", "F YUC", "S TEH"]}, {"USA": ["MO 139 138", "MO 143 139"]},
     {"USA": ["F VER", "A YUC", "S TEH"]}, {"MO 139 138": "fails", "MO 143 139": "succeeds"}, owned=USA3, centers={"USA": ["MEX"]})
case("G-E6-swap", "5.2 tip: two own units swapping areas both stay", {"USA": ["A VER", "F YUC", "S TEH"]},
     {"USA": ["MO 139 143", "MO 143 139"]}, {"USA": ["A VER", "F YUC", "S TEH"]},
     {"MO 139 143": "fails", "MO 143 139": "fails"}, owned=USA3, centers={"USA": ["MEX"]})
case("G-E7", "5.2 tip: A16 follows A14 into 14; A14 fails against a stronger enemy and retreats to 16",
     {"ENGLAND": ["A ART", "A KEN"], "FRANCE": ["A PAR", "C BUR"]},
     {"ENGLAND": ["MO 16 14", "MO 14 18"], "FRANCE": ["SD 21 18"]},
     {"ENGLAND": ["A KEN", "A ART"], "FRANCE": ["A PAR", "C BUR"]}, {"MO 16 14": "succeeds", "MO 14 18": "fails"},
     centers={"ENGLAND": ["ART", "LON"], "FRANCE": ["PAR"]}, owned={"KEN": "ENGLAND", "BUR": "FRANCE"},
     relations=WAR_EF)
case("G-E8", "5.2 tip: the army fails on an own squadron, its area is taken and 143 is own-occupied: it is destroyed",
     {"USA": ["A VER", "S TEH", "S YUC", "S CAM"]}, {"USA": ["MO 139 138", "MO 209 139"]},
     {"USA": ["S VER", "S TEH", "S YUC"]}, {"MO 139 138": "fails", "MO 209 139": "succeeds"}, owned=USA3, centers={"USA": ["MEX"]})
E9_UNITS = {"ENGLAND": ["A ART", "S CHA"], "FRANCE": ["A PIC"]}
E9_CENTERS = {"ENGLAND": ["ART", "LON", "EDI"], "FRANCE": ["PAR"]}
case("G-E9", "5.31: army and squadron's support (3) beat the French army (2), which retreats to its own Paris",
     E9_UNITS, {"ENGLAND": ["MO 16 17", "SA 233 17"]}, {"ENGLAND": ["A PIC", "S CHA"], "FRANCE": ["A PAR"]},
     {"MO 16 17": "succeeds", "SA 233 17": "succeeds"}, centers=E9_CENTERS, owned={"PIC": "FRANCE"},
     relations=WAR_EF, expect_centers={"ENGLAND": ["ART", "LON", "EDI"], "FRANCE": ["PAR"]})
case("G-E10", "5.31 tip: the German squadron with support (3) beats both English fleets (2 each)",
     {"ENGLAND": ["F CHA", "F DOV"], "GERMANY": ["S HEL", "F HAM"]},
     {"ENGLAND": ["MO 233 234", "MO 234 235"], "GERMANY": ["MO 235 234", "SA 61 234"]},
     {"ENGLAND": ["F CHA"], "GERMANY": ["S DOV", "F HAM"]},
     {"MO 233 234": "fails", "MO 234 235": "fails", "MO 235 234": "succeeds", "SA 61 234": "succeeds"},
     centers={"GERMANY": ["HAM"], "ENGLAND": ["LON", "EDI"]}, relations={"ENGLAND GERMANY": "war"})
case("G-E11", "5.32: a corps' defence support makes it 3 against 3: France keeps 17, the English army stays in 16",
     {"ENGLAND": ["A ART", "S CHA"], "FRANCE": ["A PIC", "C PAR"]},
     {"ENGLAND": ["MO 16 17", "SA 233 17"], "FRANCE": ["SD 18 17"]},
     {"ENGLAND": ["A ART", "S CHA"], "FRANCE": ["A PIC", "C PAR"]}, {"MO 16 17": "fails", "SD 18 17": "succeeds"},
     centers=E9_CENTERS, owned={"PIC": "FRANCE"}, relations=WAR_EF)
case("G-E12", "5.32 tip: an army added in threatened 16 is supported in defence the same turn and holds (3 v 3)",
     {"ENGLAND": ["A PIC", "S CHA"], "FRANCE": ["S BIS", "C PAR"]},
     {"FRANCE": ["AA 16", "SD 221 16"], "ENGLAND": ["MO 17 16", "SA 233 16"]},
     {"ENGLAND": ["A PIC", "S CHA"], "FRANCE": ["A ART", "S BIS", "C PAR"]},
     {"AA 16": "succeeds", "SD 221 16": "succeeds", "MO 17 16": "fails"},
     centers={"FRANCE": ["ART", "PAR"], "ENGLAND": ["LON", "EDI"]}, owned={"PIC": "ENGLAND"}, relations=WAR_EF, reserve_off=True)
case("G-E13", "5.4: the corps in 14 cuts the French corps' support (1 >= 1); 3 v 2, England takes 17",
     {"ENGLAND": ["C KEN", "S CHA", "A ART"], "FRANCE": ["A PIC", "C PAR"]},
     {"ENGLAND": ["MO 16 17", "SA 233 17", "MO 14 18"], "FRANCE": ["SD 18 17"]},
     {"ENGLAND": ["C KEN", "S CHA", "A PIC"], "FRANCE": ["A BUR", "C PAR"]},
     {"MO 16 17": "succeeds", "MO 14 18": "fails", "SD 18 17": "fails"},
     centers=E9_CENTERS, owned={"PIC": "FRANCE", "BUR": "FRANCE", "KEN": "ENGLAND"}, relations=WAR_EF)
case("G-E14", "5.4: a French squadron cuts the English squadron's support (1 v 1): 2 v 2, the attack fails",
     {"ENGLAND": ["A ART", "S CHA"], "FRANCE": ["A PIC", "S DOV"]},
     {"ENGLAND": ["MO 16 17", "SA 233 17"], "FRANCE": ["MO 234 233"]},
     {"ENGLAND": ["A ART", "S CHA"], "FRANCE": ["A PIC", "S DOV"]},
     {"MO 16 17": "fails", "SA 233 17": "fails", "MO 234 233": "fails"},
     centers=E9_CENTERS, owned={"PIC": "FRANCE"}, relations=WAR_EF)
case("G-E15", "5.4: the squadron attacks with the army's support instead: the French squadron enters 233, England takes 17",
     {"ENGLAND": ["A ART", "S CHA"], "FRANCE": ["A PIC", "S DOV"]},
     {"ENGLAND": ["MO 233 17", "SA 16 17"], "FRANCE": ["MO 234 233"]},
     {"ENGLAND": ["A ART", "S PIC"], "FRANCE": ["A PAR", "S CHA"]},
     {"MO 233 17": "succeeds", "SA 16 17": "succeeds", "MO 234 233": "succeeds"},
     centers=E9_CENTERS, owned={"PIC": "FRANCE"}, relations=WAR_EF)
E16_UNITS = {"GERMANY": ["A LOR", "A FLA", "A ALS"], "FRANCE": ["A ZEE", "F NTH"]}
E16_OWNED = {"LOR": "GERMANY", "FLA": "GERMANY", "ALS": "GERMANY", "ZEE": "FRANCE", "ARD": "FRANCE"}
E16_GER = ["MO 24 27", "SA 25 27", "SD 23 25"]
case("G-E16", "5.4: 4 v 4 (army, army's support; army, fleet's defence): the attack fails", E16_UNITS,
     {"GERMANY": E16_GER, "FRANCE": ["SD 237 27"]}, E16_UNITS, {"MO 24 27": "fails", "SD 237 27": "succeeds"},
     centers={"GERMANY": ["HAM"], "FRANCE": ["PAR"]}, owned=E16_OWNED, relations=WAR_FG)
case("G-E17", "5.4: the fleet attacks 25 instead: the support is cut (2 >= 2), both attacks fail", E16_UNITS,
     {"GERMANY": E16_GER, "FRANCE": ["MO 237 25"]}, E16_UNITS,
     {"MO 24 27": "fails", "SA 25 27": "fails", "MO 237 25": "fails"},
     centers={"GERMANY": ["HAM"], "FRANCE": ["PAR"]}, owned=E16_OWNED, relations=WAR_FG)
case("G-E18", "5.4: a squadron can't cut the army's support (1 < 2): 4 v 2, 27 is taken and the French army retreats",
     {"GERMANY": ["A LOR", "A FLA", "A ALS"], "FRANCE": ["A ZEE", "S NTH"]},
     {"GERMANY": E16_GER, "FRANCE": ["MO 237 25"]},
     {"GERMANY": ["A ZEE", "A FLA", "A ALS"], "FRANCE": ["A ARD", "S NTH"]},
     {"MO 24 27": "succeeds", "SA 25 27": "succeeds", "MO 237 25": "fails"},
     centers={"GERMANY": ["HAM"], "FRANCE": ["PAR"]}, owned=E16_OWNED, relations=WAR_FG)
case("G-E22", "7.13: a move into an area of a neutral Great Power fails; nothing happens",
     {"FRANCE": ["A BEL"]}, {"FRANCE": ["MO 20 19"]}, {"FRANCE": ["A BEL"]}, {"MO 20 19": "fails"},
     owned={"BEL": "FRANCE", "HOL": "GERMANY"})
E23_UNITS = {"ENGLAND": ["A BUR", "C BEL"], "FRANCE": ["A PIC"]}
E23_OWNED = {"BUR": "ENGLAND", "BEL": "ENGLAND", "PIC": "FRANCE"}
case("G-E23", "7.15: army with a corps' support (3) takes 17; the French army retreats to a friendly area",
     E23_UNITS, {"ENGLAND": ["MO 21 17", "SA 20 17"]}, {"ENGLAND": ["A PIC", "C BEL"], "FRANCE": ["A PAR"]},
     {"MO 21 17": "succeeds", "SA 20 17": "succeeds"}, centers={"FRANCE": ["PAR"], "ENGLAND": ["LON"]},
     owned=E23_OWNED, relations=WAR_EF)
case("G-E25", "7.16: plus a French corps' defence support: 3 v 3, nothing moves", {**E23_UNITS, "FRANCE": ["A PIC", "C PAR"]},
     {"ENGLAND": ["MO 21 17", "SA 20 17"], "FRANCE": ["SD 18 17"]}, {**E23_UNITS, "FRANCE": ["A PIC", "C PAR"]},
     {"MO 21 17": "fails", "SD 18 17": "succeeds"}, centers={"FRANCE": ["PAR"], "ENGLAND": ["LON"]},
     owned=E23_OWNED, relations=WAR_EF)
E24_UNITS = {"ENGLAND": ["A BUR"], "GERMANY": ["C BEL"], "FRANCE": ["A PIC"]}
E24_OWNED = {"BUR": "ENGLAND", "BEL": "GERMANY", "PIC": "FRANCE"}
E24_CENTERS = {"FRANCE": ["PAR"], "ENGLAND": ["LON"], "GERMANY": ["HAM"]}
case("G-E24-not-allied", "7.15: SA for a Great Power one is not allied with is refused: 2 v 2, the attack fails",
     E24_UNITS, {"ENGLAND": ["MO 21 17"], "GERMANY": ["SA 20 17 3"]}, E24_UNITS,
     {"MO 21 17": "fails", "SA 20 17 3": "fails"}, centers=E24_CENTERS, owned=E24_OWNED,
     relations={"ENGLAND FRANCE": "war", "FRANCE GERMANY": "war"})
case("G-E24-allied-at-war", "7.15: allied with England and at war with 17's owner: the support counts, 3 v 2",
     E24_UNITS, {"ENGLAND": ["MO 21 17"], "GERMANY": ["SA 20 17 3"]},
     {"ENGLAND": ["A PIC"], "GERMANY": ["C BEL"], "FRANCE": ["A PAR"]},
     {"MO 21 17": "succeeds", "SA 20 17 3": "succeeds"}, centers=E24_CENTERS, owned=E24_OWNED,
     relations={"ENGLAND FRANCE": "war", "FRANCE GERMANY": "war", "ENGLAND GERMANY": "ally"})
case("G-E24-allied-neutral", "7.15: allied with England but neutral towards 17's owner: the support is refused",
     E24_UNITS, {"ENGLAND": ["MO 21 17"], "GERMANY": ["SA 20 17 3"]}, E24_UNITS,
     {"MO 21 17": "fails", "SA 20 17 3": "fails"}, centers=E24_CENTERS, owned=E24_OWNED,
     relations={"ENGLAND FRANCE": "war", "ENGLAND GERMANY": "ally"})
case("G-E24-ally-same-turn", "7.15: an alliance made this turn (both DA) and a support of attack in the same turn",
     E24_UNITS, {"ENGLAND": ["MO 21 17", "DA GERMANY"], "GERMANY": ["SA 20 17 3", "DA 3"]},
     {"ENGLAND": ["A PIC"], "GERMANY": ["C BEL"], "FRANCE": ["A PAR"]},
     {"MO 21 17": "succeeds", "SA 20 17 3": "succeeds", "DA GERMANY": "succeeds", "DA 3": "succeeds"},
     centers=E24_CENTERS, owned=E24_OWNED, relations={"ENGLAND FRANCE": "war", "FRANCE GERMANY": "war"})
case("G-E28-first-turn", "4.0/7.9: no war on the first turn; an alliance needs both sides' DA",
     {"ENGLAND": ["A LON"], "SPAIN": [], "FRANCE": ["A PAR"]},
     {"ENGLAND": ["DW 10", "DA FRANCE"], "FRANCE": ["DA 3"], "GERMANY": ["DA ENGLAND"]},
     {"ENGLAND": ["A LON"], "FRANCE": ["A PAR"]},
     {"DW 10": "fails", "DA FRANCE": "succeeds", "DA 3": "succeeds", "DA ENGLAND": "fails"}, phase="S1901M",
     centers={"ENGLAND": ["LON"], "FRANCE": ["PAR"]})
case("R-MOV-6-declare-and-attack", "4.0: war declared and the attack made in the same turn (RG-REL-6)",
     {"FRANCE": ["A BEL"]}, {"FRANCE": ["DW GERMANY", "MO 20 19"]}, {"FRANCE": ["A HOL"]},
     {"DW GERMANY": "succeeds", "MO 20 19": "succeeds"}, owned={"BEL": "FRANCE", "HOL": "GERMANY"}, rule="RG-REL-6")
case("R-REL-4-ally-to-war", "4.0: an ally can't declare war before a turn of neutrality (RG-REL-4/7)",
     {"FRANCE": ["A BEL"]}, {"FRANCE": ["DW GERMANY", "MO 20 19"]}, {"FRANCE": ["A BEL"]},
     {"DW GERMANY": "fails", "MO 20 19": "fails"}, owned={"BEL": "FRANCE", "HOL": "GERMANY"},
     relations={"FRANCE GERMANY": "ally"}, rule="RG-REL-4")
case("R-REL-11-grant", "7.11: an ally's grant of access lets the army into its area",
     {"ENGLAND": ["A ART"]}, {"ENGLAND": ["MO 16 17"], "FRANCE": ["GA 3 17"]}, {"ENGLAND": ["A PIC"]},
     {"MO 16 17": "succeeds", "GA 3 17": "succeeds"}, centers={"ENGLAND": ["ART"]}, owned={"PIC": "FRANCE"},
     relations={"ENGLAND FRANCE": "ally"}, rule="RG-REL-11")
case("R-REL-11-grant-other-area", "7.11: a grant of other areas doesn't open 17",
     {"ENGLAND": ["A ART"]}, {"ENGLAND": ["MO 16 17"], "FRANCE": ["GA 3 18"]}, {"ENGLAND": ["A ART"]},
     {"MO 16 17": "fails"}, centers={"ENGLAND": ["ART"]}, owned={"PIC": "FRANCE"},
     relations={"ENGLAND FRANCE": "ally"}, rule="RG-REL-11")
case("R-REL-12-grant-void", "7.11: the grant fails when the alliance is broken the same turn",
     {"ENGLAND": ["A ART"]}, {"ENGLAND": ["MO 16 17", "DN FRANCE"], "FRANCE": ["GA 3 all"]}, {"ENGLAND": ["A ART"]},
     {"MO 16 17": "fails", "GA 3 all": "fails", "DN FRANCE": "succeeds"}, centers={"ENGLAND": ["ART"]},
     owned={"PIC": "FRANCE"}, relations={"ENGLAND FRANCE": "ally"}, rule="RG-REL-12")
case("R-MOV-3-sea-shared", "2.0/5.0: allies meet in a sea area: the conflict is fought as on land (RG-CON-7, RG-MAP-7)",
     {"ENGLAND": ["F CHA"], "FRANCE": ["S DOV"]}, {"FRANCE": ["MO 234 233"]},
     {"ENGLAND": ["F CHA"], "FRANCE": ["S DOV"]}, {"MO 234 233": "fails"},
     relations={"ENGLAND FRANCE": "ally"}, rule="RG-CON-7")
case("R-RET-4-stationary", "5.2: a stationary unit forced out retreats to an adjacent own area (lowest number first)",
     {"ENGLAND": ["A ART", "S CHA"], "FRANCE": ["A PIC"]}, {"ENGLAND": ["MO 16 17", "SA 233 17"]},
     {"ENGLAND": ["A PIC", "S CHA"], "FRANCE": ["A BEL"]}, {"MO 16 17": "succeeds"},
     centers={"ENGLAND": ["ART", "LON", "EDI"]}, owned={"PIC": "FRANCE", "BEL": "FRANCE", "BUR": "FRANCE"},
     relations=WAR_EF, rule="RG-RET-4")
case("R-RET-6-battle-area", "5.2: no retreat into a land area where a battle was fought this turn, even if empty",
     {"ENGLAND": ["A ART", "S CHA", "C BEL"], "FRANCE": ["A PIC", "C PAR"]},
     {"ENGLAND": ["MO 16 17", "SA 233 17", "MO 20 21"], "FRANCE": ["MO 18 21"]},
     {"ENGLAND": ["A PIC", "S CHA", "C BEL"], "FRANCE": ["C PAR"]},
     {"MO 16 17": "succeeds", "MO 20 21": "fails", "MO 18 21": "fails"},
     centers={"ENGLAND": ["ART", "LON", "EDI"], "FRANCE": ["PAR"]},
     owned={"PIC": "FRANCE", "BUR": "FRANCE", "BEL": "ENGLAND"}, relations=WAR_EF, rule="RG-RET-6")
case("R-SUP-6-moving-unit", "5.32: a unit that moves can't be supported in defence",
     {"ENGLAND": ["A ART", "S CHA"], "FRANCE": ["A PIC", "C PAR"]},
     {"ENGLAND": ["MO 16 17", "SA 233 17"], "FRANCE": ["MO 17 20", "SD 18 17"]},
     {"ENGLAND": ["A PIC", "S CHA"], "FRANCE": ["A BEL", "C PAR"]}, {"SD 18 17": "fails", "MO 16 17": "succeeds"},
     centers=E9_CENTERS, owned={"PIC": "FRANCE"}, relations=WAR_EF, rule="RG-SUP-6")
case("R-SUP-2-neutral-support", "4.0: a neutral power's defence support of another's unit is refused",
     {"ENGLAND": ["A ART", "S CHA"], "FRANCE": ["A PIC"], "GERMANY": ["C PAR"]},
     {"ENGLAND": ["MO 16 17", "SA 233 17"], "GERMANY": ["SD 18 17"]},
     {"ENGLAND": ["A PIC", "S CHA"], "FRANCE": [], "GERMANY": ["C PAR"]}, {"SD 18 17": "fails"},
     centers={"ENGLAND": ["ART", "LON", "EDI"], "GERMANY": ["HAM"]}, owned={"PIC": "FRANCE"}, relations=WAR_EF,
     rule="RG-SUP-2")
case("R-BLD-3-add-needs-surplus", "7.1: an army needs two spare supply points; a corps one",
     {"FRANCE": ["A PAR", "A BEL"]}, {"FRANCE": ["AA 16", "AC 32"]}, {"FRANCE": ["A PAR", "A BEL", "C LUX"]},
     {"AA 16": "fails", "AC 32": "succeeds"}, centers={"FRANCE": ["PAR", "ART", "LUX"]}, rule="RG-ORD-3", reserve_off=True)
case("R-ORD-3-one-point-centre", "7.1: a 1-point centre adds corps and squadrons only",
     {"FRANCE": []}, {"FRANCE": ["AA 32"]}, {}, {"AA 32": "fails"}, centers={"FRANCE": ["PAR", "LUX"]},
     rule="RG-ORD-3", reserve_off=True)
case("R-ORD-20-upgrade", "7.18: a corps on an own centre becomes an army with a spare point; it holds that turn",
     {"FRANCE": ["C PAR"]}, {"FRANCE": ["UU 18"]}, {"FRANCE": ["A PAR"]}, {"UU 18": "succeeds"},
     centers={"FRANCE": ["PAR"]}, rule="RG-ORD-20", reserve_off=True)
case("R-BLD-2-forced", "3.0: units beyond supply: the ordered downgrade counts, and one more is forced",
     {"FRANCE": ["A PAR", "A BEL"]}, {"FRANCE": ["DU 20"]}, {"FRANCE": ["C PAR", "C BEL"]}, {"DU 20": "succeeds"},
     centers={"FRANCE": ["PAR"]}, rule="RG-BLD-2", reserve_off=True)
case("R-UNI-8-no-voluntary", "3.0: no downgrade or removal while units are within supply",
     {"FRANCE": ["A PAR"]}, {"FRANCE": ["RU 18"]}, {"FRANCE": ["A PAR"]}, {"RU 18": "fails"},
     centers={"FRANCE": ["PAR"]}, rule="RG-UNI-8", reserve_off=True)
case("R-REL-15-owner-attacks", "5.1 tip: the owner attacks an ally's unit in his own area without war; the ally "
     "can't support it there; with no retreat it dies",
     {"FRANCE": ["A PAR"], "ENGLAND": ["C ART", "S CHA"]},
     {"FRANCE": ["MO 18 16"], "ENGLAND": ["SD 233 16"]},
     {"FRANCE": ["A ART"], "ENGLAND": ["S CHA"]}, {"MO 18 16": "succeeds", "SD 233 16": "fails"},
     centers={"FRANCE": ["ART", "PAR"], "ENGLAND": ["LON"]}, relations={"ENGLAND FRANCE": "ally"}, rule="RG-REL-15")

E19_UNITS = {"SPAIN": ["C GAL", "F BIS", "S IBS", "S CAN"], "GERMANY": ["S ATL"]}
case("G-E19", "5.5: the German squadron (1) breaks the convoy at 219 (1 >= 1); the corps lands in the empty Spanish "
     "area beside 220, the last sea it reached", E19_UNITS,
     {"SPAIN": ["CO 11 221 220 219 180"], "GERMANY": ["MO 218 219"]},
     {"SPAIN": ["C POR", "F BIS", "S IBS", "S CAN"], "GERMANY": ["S ATL"]},
     {"CO 11 221 220 219 180": "fails", "MO 218 219": "fails"}, owned={"POR": "SPAIN", "GAL": "SPAIN"},
     relations={"GERMANY SPAIN": "war"}, centers={"SPAIN": ["MEX"]})
case("G-E19-no-landing", "5.5: with no own area beside the seas reached, the corps stays where it started", E19_UNITS,
     {"SPAIN": ["CO 11 221 220 219 180"], "GERMANY": ["MO 218 219"]}, E19_UNITS,
     {"CO 11 221 220 219 180": "fails"}, owned={"GAL": "SPAIN"}, relations={"GERMANY SPAIN": "war"},
     centers={"SPAIN": ["MEX"]})
case("G-E19-unbroken", "7.6: without the attack the corps lands in 180", E19_UNITS,
     {"SPAIN": ["CO 11 221 220 219 180"]}, {"SPAIN": ["C AZO", "F BIS", "S IBS", "S CAN"], "GERMANY": ["S ATL"]},
     {"CO 11 221 220 219 180": "succeeds"}, owned={"GAL": "SPAIN"}, relations={"GERMANY SPAIN": "war"},
     centers={"SPAIN": ["MEX"]})
case("G-E20", "7.6: an army carried by two fleets lands in empty neutral 51",
     {"ITALY": ["A VEN", "F ADR", "F ION"]}, {"ITALY": ["CO 31 227 226 51"]},
     {"ITALY": ["A TUN", "F ADR", "F ION"]}, {"CO 31 227 226 51": "succeeds"}, owned={"VEN": "ITALY"}, centers={"ITALY": ["EDI"]})
case("G-E20-squadron", "7.6: a squadron can't carry an army: the convoy is refused and the army stays",
     {"ITALY": ["A VEN", "F ADR", "S ION"]}, {"ITALY": ["CO 31 227 226 51"]},
     {"ITALY": ["A VEN", "F ADR", "S ION"]}, {"CO 31 227 226 51": "invalid"}, owned={"VEN": "ITALY"}, centers={"ITALY": ["EDI"]})
case("G-E21", "7.6: London's army to 44 across 234 and 237", {"ENGLAND": ["A LON", "F DOV", "F NTH"]},
     {"ENGLAND": ["CO 7 234 237 44"]}, {"ENGLAND": ["A FRI", "F DOV", "F NTH"]}, {"CO 7 234 237 44": "succeeds"},
     centers={"ENGLAND": ["LON", "EDI"]})
case("R-CUT-5-own-fleet", "7.6: an own fleet moving into a convoying sea area disrupts the convoy",
     {"ENGLAND": ["A LON", "F DOV", "F NTH", "F CHA"]}, {"ENGLAND": ["CO 7 234 237 44", "MO 233 234"]},
     {"ENGLAND": ["A LON", "F DOV", "F NTH", "F CHA"]}, {"CO 7 234 237 44": "fails", "MO 233 234": "fails"},
     centers={"ENGLAND": ["LON", "EDI"]}, rule="RG-CUT-5")
case("R-CUT-6-defence-no-help", "7.6: an enemy fleet's attack (2 >= 2) breaks the convoy though the convoying fleet "
     "is supported in defence and is not dislodged",
     {"ENGLAND": ["A LON", "F DOV", "F NTH", "F CHA"], "GERMANY": ["F HAM"]},
     {"ENGLAND": ["CO 7 234 237 44", "SD 233 234"], "GERMANY": ["MO 61 234"]},
     {"ENGLAND": ["A LON", "F DOV", "F NTH", "F CHA"], "GERMANY": ["F HAM"]},
     {"CO 7 234 237 44": "fails", "SD 233 234": "succeeds", "MO 61 234": "fails"},
     centers={"ENGLAND": ["LON", "EDI"], "GERMANY": ["HAM"]}, relations={"ENGLAND GERMANY": "war"}, rule="RG-CUT-6")
# Supports that cut each other: each army's support lets the corps it backs cut the other army's support
# (1 + 2 >= 2); alone, a corps can't (1 < 2). Two readings stand, one for each side: our reading cuts both
# supports (docs/variants/emg.md), whichever side's areas or commands come first.
CUT_EACH_OTHER = {"ENGLAND": ["A ART", "C BEL"], "FRANCE": ["A PIC", "C KEN"]}
CUT_OWNED = {"ART": "ENGLAND", "BEL": "ENGLAND", "PIC": "FRANCE", "KEN": "FRANCE"}
case("R-CUT-2-cut-each-other", "5.4: two supports that cut each other are both cut; both attacks fail 1 v 2",
     CUT_EACH_OTHER, {"ENGLAND": ["SA 16 17", "MO 20 17"], "FRANCE": ["SA 17 16", "MO 14 16"]}, CUT_EACH_OTHER,
     {"SA 16 17": "fails", "MO 20 17": "fails", "SA 17 16": "fails", "MO 14 16": "fails"},
     owned=CUT_OWNED, relations=WAR_EF, rule="RG-CUT-2")
case("R-CUT-2-cut-each-other-reversed", "5.4: the same with the commands given in the other order",
     CUT_EACH_OTHER, {"FRANCE": ["MO 14 16", "SA 17 16"], "ENGLAND": ["MO 20 17", "SA 16 17"]}, CUT_EACH_OTHER,
     {"SA 16 17": "fails", "MO 20 17": "fails", "SA 17 16": "fails", "MO 14 16": "fails"},
     owned=CUT_OWNED, relations=WAR_EF, rule="RG-CUT-2")
case("R-CUT-2-one-side", "5.4: without France's attack England's support stands: 3 v 2, the French army is forced out",
     CUT_EACH_OTHER, {"ENGLAND": ["SA 16 17", "MO 20 17"], "FRANCE": ["SA 17 16"]},
     {"ENGLAND": ["A ART", "C PIC"], "FRANCE": ["C KEN"]},
     {"SA 16 17": "succeeds", "MO 20 17": "succeeds"}, owned=CUT_OWNED, relations=WAR_EF, rule="RG-CUT-2")
case("R-CUT-8-landing-fails", "7.6: a convoy that gets through but loses its landing attack leaves the unit at its start",
     {"ENGLAND": ["A LON", "F DOV", "F NTH"], "FRANCE": ["A FRI", "C ZEE"]},
     {"ENGLAND": ["CO 7 234 237 44"], "FRANCE": ["SD 27 44"]},
     {"ENGLAND": ["A LON", "F DOV", "F NTH"], "FRANCE": ["A FRI", "C ZEE"]}, {"CO 7 234 237 44": "fails"},
     centers={"ENGLAND": ["LON", "EDI"]}, owned={"FRI": "FRANCE", "ZEE": "FRANCE"}, relations=WAR_EF, rule="RG-CUT-8")

case("R-CON-1-allies-on-land", "5.1: one unit per area and allies fight only at sea: an ally let into 17 can't "
     "take it from the ally's own army there, even with support",
     {"ENGLAND": ["A ART", "S CHA"], "FRANCE": ["A PIC"]},
     {"ENGLAND": ["MO 16 17", "SA 233 17"], "FRANCE": ["GA 3 all"]},
     {"ENGLAND": ["A ART", "S CHA"], "FRANCE": ["A PIC"]}, {"MO 16 17": "fails", "GA 3 all": "succeeds"},
     centers={"ENGLAND": ["ART", "LON", "EDI"]}, owned={"PIC": "FRANCE"}, relations={"ENGLAND FRANCE": "ally"},
     rule="RG-CON-1")
case("R-CON-7-allies-at-sea", "5.0: at sea allies do fight: the English fleet beats the French squadron, which "
     "retreats to the empty sea next to its area (the one the fleet left)",
     {"ENGLAND": ["F DOV"], "FRANCE": ["S CHA"]}, {"ENGLAND": ["MO 234 233"]},
     {"ENGLAND": ["F CHA"], "FRANCE": ["S DOV"]}, {"MO 234 233": "succeeds"},
     centers={"ENGLAND": ["LON", "EDI"]}, relations={"ENGLAND FRANCE": "ally"}, rule="RG-CON-7")

# --- multi-target declarations and the relations' rule lines (4.0, 7.7-7.9) --------------------------------

LON_PAR = {"ENGLAND": ["A LON"], "FRANCE": ["A PAR"]}
LON_PAR_C = {"ENGLAND": ["LON"], "FRANCE": ["PAR"]}
case("G-E28-several", "7.7: DA 3 10 by France, DA France by England only: the alliance with England alone is made",
     LON_PAR, {"FRANCE": ["DA 3 10"], "ENGLAND": ["DA FRANCE"]}, LON_PAR,
     {"DA 3 10": "fails", "DA FRANCE": "succeeds"}, phase="S1901M", centers=LON_PAR_C,
     expect_extra={"relations": {"ENGLAND FRANCE": "ally"}}, rule="RG-ORD-12")
case("G-E28-neutral-with-both", "7.8: DN 3 10 at war with England (who declares DN too) and allied with Spain: "
     "neutral with both", LON_PAR, {"FRANCE": ["DN 3 10"], "ENGLAND": ["DN FRANCE"]}, LON_PAR,
     {"DN 3 10": "succeeds", "DN FRANCE": "succeeds"}, centers=LON_PAR_C,
     relations={"ENGLAND FRANCE": "war", "FRANCE SPAIN": "ally"}, expect_extra={"relations": None}, rule="RG-ORD-12")
case("R-ORD-12-war-on-several", "7.9: DW 3 5 declares war on England and Germany at once", LON_PAR,
     {"FRANCE": ["DW 3 5"]}, LON_PAR, {"DW 3 5": "succeeds"}, centers=LON_PAR_C,
     expect_extra={"relations": {"ENGLAND FRANCE": "war", "FRANCE GERMANY": "war"}}, rule="RG-ORD-12")
case("R-REL-3-no-war-on-several", "4.0: no war on the first turn, on one power or several", LON_PAR,
     {"FRANCE": ["DW 3 5"]}, LON_PAR, {"DW 3 5": "fails"}, phase="S1901M", centers=LON_PAR_C,
     expect_extra={"relations": None}, rule="RG-REL-3")
case("R-REL-5-two-declarations", "7.7/7.9: DA and DW towards England in one turn both fail; the war on Germany "
     "named beside it is declared", LON_PAR, {"FRANCE": ["DA 3", "DW 3 5"], "ENGLAND": ["DA FRANCE"]}, LON_PAR,
     {"DA 3": "fails", "DW 3 5": "fails", "DA FRANCE": "fails"}, centers=LON_PAR_C,
     expect_extra={"relations": {"FRANCE GERMANY": "war"}}, rule="RG-REL-5")
case("R-REL-4-war-to-ally", "4.0: powers at war can't ally without a turn of neutrality, even both declaring DA",
     LON_PAR, {"FRANCE": ["DA 3"], "ENGLAND": ["DA FRANCE"]}, LON_PAR, {"DA 3": "fails", "DA FRANCE": "fails"},
     centers=LON_PAR_C, relations={"ENGLAND FRANCE": "war"},
     expect_extra={"relations": {"ENGLAND FRANCE": "war"}}, rule="RG-REL-4")

# --- anonymous messages (7.12) ------------------------------------------------------------------------------

case("G-E30", "7.12: ME 3 … goes to England alone, without the sender's name; 46 characters are refused",
     LON_PAR, {"SPAIN": ["ME 3 Hello there, want to ally?"], "FRANCE": ["ME 3 " + "x" * 46]}, LON_PAR,
     {"ME 3 Hello there, want to ally?": "succeeds", "ME 3 " + "x" * 46: "invalid"}, centers=LON_PAR_C,
     expect_extra={"inbox": {"ENGLAND": ["Hello there, want to ally?"]}}, rule="RG-ORD-15")
ALL_POWERS = sorted(p["id"] for p in _MAP["powers"])
case("R-ORD-15-to-all", "7.12: a message to all (or 0) reaches every other Great Power; an inbox lists its texts "
     "in alphabetical order, never by sender", LON_PAR,
     {"FRANCE": ["ME all Meet at Paris", "ME 0 second"], "ENGLAND": ["ME 4 bonjour"]}, LON_PAR,
     {"ME all Meet at Paris": "succeeds", "ME 0 second": "succeeds", "ME 4 bonjour": "succeeds"}, centers=LON_PAR_C,
     expect_extra={"inbox": {p: ["Meet at Paris", "second"] if p != "FRANCE" else ["bonjour"] for p in ALL_POWERS}},
     rule="RG-ORD-15")

# --- victory (6.0, 7.19) ------------------------------------------------------------------------------------
# Victory points on this board: an owned area 1, a centre's points more (LUX and MEX 1, the others 2), London
# (England's capital) 5 more; each power's two reserve centres count 3 each.

case("R-VIC-1-averaged", "6.0: the first turn's votes are averaged: (20+11)/2 = 15.5 turns, a half rounded up "
     "(A9); (400+301)/2 = 350.5%", LON_PAR, {"ENGLAND": ["VC 20 400"], "FRANCE": ["VC 11 301"]}, LON_PAR,
     {"VC 20 400": "succeeds", "VC 11 301": "succeeds"}, phase="S1901M", centers=LON_PAR_C,
     expect_extra={"votes": {"ENGLAND": [20, 400], "FRANCE": [11, 301]}, "victory": {"turns": 16, "percent": 350.5}},
     rule="RG-VIC-1")
case("R-ORD-21-first-turn-only", "7.19: VC is given on the first turn only", LON_PAR, {"ENGLAND": ["VC 20 400"]},
     LON_PAR, {"VC 20 400": "invalid"}, centers=LON_PAR_C, expect_extra={"votes": None}, rule="RG-ORD-21")
case("R-ORD-21-ranges", "7.19: 10 to 40 turns and 300 to 500%: votes outside are refused and count for nothing",
     {**LON_PAR, "GERMANY": []}, {"ENGLAND": ["VC 9 400"], "FRANCE": ["VC 20 501"], "GERMANY": ["VC 40 300"]},
     LON_PAR, {"VC 9 400": "invalid", "VC 20 501": "invalid", "VC 40 300": "succeeds"}, phase="S1901M",
     centers=LON_PAR_C, expect_extra={"victory": {"turns": 40, "percent": 300}}, rule="RG-ORD-21")
case("R-VIC-1-no-vote", "6.0: with no vote the game master's length and percentage (the options) apply", LON_PAR,
     {}, LON_PAR, phase="S1901M", centers=LON_PAR_C, options={"victory_turns": 12, "victory_percent": 333},
     expect_extra={"victory": {"turns": 12, "percent": 333}}, rule="RG-VIC-1")
case("R-VIC-1-vote-off", "The game master's option: no vote; VC is refused and the options' conditions apply",
     LON_PAR, {"ENGLAND": ["VC 20 400"]}, LON_PAR, {"VC 20 400": "invalid"}, phase="S1901M", centers=LON_PAR_C,
     options={"victory_vote": False, "victory_turns": 30, "victory_percent": 450},
     expect_extra={"victory": {"turns": 30, "percent": 450}}, rule="RG-VIC-1")
VIC_UNITS = {"ENGLAND": ["A LON"], "FRANCE": ["A PAR"]}
VIC_CENTERS = {"ENGLAND": ["LON", "EDI"], "FRANCE": ["PAR"]}  # England 8 + 3 + 6 = 17, France 3 + 6 = 9
case("R-VIC-2-turns", "6.0: the game ends when the voted turns are played (turn 10 is Fall 1905): England, "
     "17 from 7 points (+143%), ranks first and wins", VIC_UNITS, {}, VIC_UNITS, phase="F1905M",
     centers=VIC_CENTERS, data={"victory": {"turns": 10, "percent": 400}, "start_vp": {"ENGLAND": 7, "FRANCE": 9}},
     expect_extra={"ended": {"winners": ["ENGLAND"], "turn": 10, "why": "the 10 turns voted are played"}},
     rule="RG-VIC-2")
case("R-VIC-2-not-yet", "6.0: turn 9 of 10: the game goes on", VIC_UNITS, {}, VIC_UNITS, phase="S1905M",
     centers=VIC_CENTERS, data={"victory": {"turns": 10, "percent": 400}, "start_vp": {"ENGLAND": 7, "FRANCE": 9}},
     expect_extra={"ended": None}, rule="RG-VIC-2")
case("R-VIC-2-percent", "6.0: England's points grow from 4 to 17 (+325%), past the voted 300%: the game ends "
     "at turn 4", VIC_UNITS, {}, VIC_UNITS, phase="F1902M", centers=VIC_CENTERS,
     data={"victory": {"turns": 20, "percent": 300}, "start_vp": {"ENGLAND": 4, "FRANCE": 9}},
     expect_extra={"ended": {"winners": ["ENGLAND"], "turn": 4, "why": "ENGLAND reached the 300% increase"}},
     rule="RG-VIC-2")
case("R-VIC-2-tie", "6.0: ties are possible: England 8.5 to 17 and France 4.5 to 9 (+100% each) share first place",
     VIC_UNITS, {}, VIC_UNITS, phase="F1905M", centers=VIC_CENTERS,
     data={"victory": {"turns": 10, "percent": 400}, "start_vp": {"ENGLAND": 8.5, "FRANCE": 4.5}},
     expect_extra={"ended": {"winners": ["ENGLAND", "FRANCE"], "turn": 10, "why": "the 10 turns voted are played"}},
     rule="RG-VIC-2")
case("R-VIC-5-penalty", "6.0: England's call-to-arms penalty, 15% in its second turn, cuts 17 to 14.45 (+70% from "
     "8.5): France's +80% (5 to 9) ranks first", VIC_UNITS, {}, VIC_UNITS, phase="F1905M", centers=VIC_CENTERS,
     data={"victory": {"turns": 10, "percent": 400}, "start_vp": {"ENGLAND": 8.5, "FRANCE": 5},
           "penalty": {"ENGLAND": 0}},
     expect_extra={"ended": {"winners": ["FRANCE"], "turn": 10, "why": "the 10 turns voted are played"},
                   "penalty": {"ENGLAND": 1}}, rule="RG-VIC-5")
case("R-VIC-3-capital", "6.0: a capital adds 5 for whoever owns it: France holding London has 17 points (+42% "
     "from 12), ahead of Germany's +20% (7.5 to 9)", {"FRANCE": ["A PAR", "A LON"], "GERMANY": ["A HAM"],
                                                     "ENGLAND": ["A EDI"]}, {},
     {"FRANCE": ["A PAR", "A LON"], "GERMANY": ["A HAM"], "ENGLAND": ["A EDI"]}, phase="F1905M",
     centers={"FRANCE": ["PAR", "LON"], "GERMANY": ["HAM"], "ENGLAND": ["EDI"]},
     data={"victory": {"turns": 10, "percent": 400}, "start_vp": {"FRANCE": 12, "GERMANY": 7.5, "ENGLAND": 9}},
     expect_extra={"ended": {"winners": ["FRANCE"], "turn": 10, "why": "the 10 turns voted are played"}},
     rule="RG-VIC-3")

case("R-ORD-19-spies", "7.17: spies go to any areas, by number or name; the turn's report (the power's view) "
     "holds them, noted for that power alone", {"ENGLAND": ["A LON"], "USA": ["C VER"]},
     {"ENGLAND": ["SP 139 mexico"]}, {"ENGLAND": ["A LON"], "USA": ["C VER"]}, {"SP 139 mexico": "succeeds"},
     centers={"ENGLAND": ["LON", "EDI"], "USA": ["MEX"]}, expect_extra={"spied": {"ENGLAND": ["MEX", "VER"]}},
     rule="RG-ORD-19")
case("R-ORD-19-seven-spies", "7.17: six spies a turn in Global Diplomacy: a seventh makes the command invalid",
     {"ENGLAND": ["A LON"]}, {"ENGLAND": ["SP 3 7 11 12 14 16 17"]}, {"ENGLAND": ["A LON"]},
     {"SP 3 7 11 12 14 16 17": "invalid"}, centers={"ENGLAND": ["LON", "EDI"]}, rule="RG-ORD-19")
case("R-ORD-11-route-fleet-busy", "7.6: a fleet carrying a convoy does nothing else: its own move fails and the "
     "army lands", {"ENGLAND": ["A LON", "F DOV", "F NTH"]}, {"ENGLAND": ["CO 7 234 237 44", "MO 234 233"]},
     {"ENGLAND": ["A FRI", "F DOV", "F NTH"]}, {"CO 7 234 237 44": "succeeds", "MO 234 233": "fails"},
     centers={"ENGLAND": ["LON", "EDI"]}, rule="RG-ORD-11")

SUITE = {
    "about": "EMG rules v1.38 (Global Diplomacy / Age of Discovery), on the board of the rules' worked examples "
             "(variant 'emg_examples', tests/variants/emg_examples.py). Format: tests/data/conformance.schema.json; "
             "run by tests/variants/test_emg.py. Written by tests/data/variants/emg_examples/make_cases.py.",
    "source": "Examples: EMG 'Global Diplomacy rules' v1.38 (2 Sep 2002), sections 4-7, paraphrased as positions; "
              "cases named R-... were written for this suite. Readings of open points: docs/variants/emg.md.",
    "cases": CASES,
}
Path(__file__).with_name("cases.json").write_text(json.dumps(SUITE, indent=1) + "\n", encoding="utf-8")
