"""Writes ../cases.json: the worked examples of the 1815 rules text (seed ¶3, ¶4 and ¶6 Examples 1-6, in
the seed's own notation where the engine reads it) and our own cases, at least one per rule line of the
specification (ids R15-*), on the game's map (resources/maps/1815). Run from the repository root:
``python tests/data/variants/1815/tools/make_cases.py``."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

SEED = "the 1815 gametest rules text (the designer's site 1814congressofvienna.tripod.com, page id3)"
OURS = "written for Chancellery from the 1815 rules (docs/variants/1815.md)"
cases: list[dict[str, Any]] = []


def case(id: str, title: str, rule: str, phase: str, units: dict[str, list[str]], orders: dict[str, list[str]],
         expect: dict[str, Any], *, seed: bool = False, centers: dict[str, list[str]] | None = None,
         options: dict[str, Any] | None = None, note: str | None = None) -> None:
    c: dict[str, Any] = {"id": id, "title": title, "source": SEED if seed else OURS, "variant": "1815",
                         "rule": rule}
    if seed:
        c["seed_example"] = True
    if options:
        c["options"] = options
    c["phase"] = phase
    c["units"] = units
    if centers is not None:
        c["centers"] = centers
    c["orders"] = orders
    if not phase.endswith("A"):
        expect.setdefault("dislodged", {})
    c["expect"] = expect
    if note:
        c["note"] = note
    cases.append(c)


S = "S1815M"

# --- seed ¶3: the voyage round Africa ------------------------------------------------------------------
case("seed.3a", "Bombay beats the half-strength fleet from the Atlantic (1.0 > 0.5)", "R15-UNI-2, R15-ADJ-2", S,
     {"BRITAIN": ["F ATL"], "FRANCE": ["F BOM"]},
     {"BRITAIN": ["F Atlantic Ocean to South Arabian Sea"], "FRANCE": ["F Bombay to South Arabian Sea"]},
     {"units": {"BRITAIN": ["F ATL"], "FRANCE": ["F SAS"]},
      "results": {"F Atlantic Ocean to South Arabian Sea": "fails", "F Bombay to South Arabian Sea": "succeeds"}},
     seed=True)
case("seed.3b", "Supported from the North Arabian Sea, the Atlantic fleet wins (1.5 > 1.0)", "R15-ADJ-3, R15-ADJ-4", S,
     {"BRITAIN": ["F ATL", "F NAS"], "FRANCE": ["F BOM"]},
     {"BRITAIN": ["F Atlantic Ocean to South Arabian Sea", "F NAS S F ATL - SAS"], "FRANCE": ["F Bombay to South Arabian Sea"]},
     {"units": {"BRITAIN": ["F SAS", "F NAS"], "FRANCE": ["F BOM"]},
      "results": {"F Atlantic Ocean to South Arabian Sea": "succeeds", "F Bombay to South Arabian Sea": "fails"}},
     seed=True)

# --- seed ¶4: Convert -------------------------------------------------------------------------------------
case("seed.4", "Convert A Hindustan: the British fleet in its home centre becomes an army", "R15-ORD-8, R15-BLD-3, R15-BLD-5",
     "W1815A", {"BRITAIN": ["F HIN", "F LON"]}, {"BRITAIN": ["Convert A Hindustan"]},
     {"phase": "S1816M", "units": {"BRITAIN": ["A HIN", "F LON"]}, "results": {"Convert A Hindustan": "succeeds"}},
     seed=True, centers={"BRITAIN": ["HIN", "LON"]})

# --- seed ¶6: the red arrows' six examples -------------------------------------------------------------------
DENY = "France: A Scotland does not have permission across the red arrow"
case("seed.6.ex1", "Example 1: A Scotland is denied passage; the French fleet supports meanwhile", "R15-ORD-4, R15-ORD-6, R15-ADJ-5", S,
     {"BRITAIN": ["A SCO"], "FRANCE": ["F IRS", "F ENG"]},
     {"BRITAIN": ["A Scotland -> Ireland"],
      "FRANCE": ["F Irish Sea S F English Channel -> East Atlantic Ocean", "F English Channel -> East Atlantic Ocean", DENY]},
     {"units": {"BRITAIN": ["A SCO"], "FRANCE": ["F IRS", "F EAO"]},
      "results": {"A Scotland -> Ireland": "fails", "F English Channel -> East Atlantic Ocean": "succeeds", DENY: "succeeds"}},
     seed=True)
case("seed.6.ex2", "Example 2: a denial against a holding army changes nothing", "R15-SEC-3", S,
     {"BRITAIN": ["A SCO"], "FRANCE": ["F IRS"]},
     {"BRITAIN": ["A Scotland H"], "FRANCE": ["F Irish Sea H", DENY]},
     {"units": {"BRITAIN": ["A SCO"], "FRANCE": ["F IRS"]}, "results": {"A Scotland H": "succeeds"}},
     seed=True, note="that the denial is never revealed is checked in tests/variants/test_1815.py")
case("seed.6.ex3", "Example 3: the intervening fleet moved, so the denial is void and A Scotland crosses", "R15-ADJ-6, R15-SEC-2", S,
     {"BRITAIN": ["A SCO", "F LON"], "FRANCE": ["F IRS"]},
     {"BRITAIN": ["A Scotland -> Ireland", "F London -> East Atlantic Ocean"],
      "FRANCE": ["F Irish Sea -> East Atlantic Ocean", DENY]},
     {"units": {"BRITAIN": ["A IRE", "F LON"], "FRANCE": ["F IRS"]},
      "results": {"A Scotland -> Ireland": "succeeds", "F London -> East Atlantic Ocean": "fails",
                  "F Irish Sea -> East Atlantic Ocean": "fails", DENY: "fails"}},
     seed=True)
case("seed.6.ex4", "Example 4: a friendly fleet in the Irish Sea supports the crossing", "R15-ORD-7, R15-ADJ-9, R15-UNI-3", S,
     {"SWEDEN": ["F IRS"], "BRITAIN": ["A SCO"], "FRANCE": ["F IRE"]},
     {"SWEDEN": ["F Irish Sea S A Scotland -> Ireland"], "BRITAIN": ["A Scotland -> Ireland"], "FRANCE": ["F Ireland H"]},
     {"units": {"SWEDEN": ["F IRS"], "BRITAIN": ["A IRE"]}, "dislodged": {"FRANCE": [{"unit": "F IRE"}]},
      "results": {"A Scotland -> Ireland": "succeeds"}},
     seed=True)
case("seed.6.ex4-fleet", "Example 4 with F Scotland: fleets cross red arrows too", "R15-ADJ-10", S,
     {"SWEDEN": ["F IRS"], "BRITAIN": ["F SCO"], "FRANCE": ["F IRE"]},
     {"SWEDEN": ["F Irish Sea S F Scotland -> Ireland"], "BRITAIN": ["F Scotland -> Ireland"], "FRANCE": ["F Ireland H"]},
     {"units": {"SWEDEN": ["F IRS"], "BRITAIN": ["F IRE"]}, "dislodged": {"FRANCE": [{"unit": "F IRE"}]},
      "results": {"F Scotland -> Ireland": "succeeds"}},
     seed=True)
case("seed.6.ex5", "Example 5: the denying fleet is dislodged, so A Scotland crosses", "R15-ADJ-7, R15-SEC-2", S,
     {"BRITAIN": ["A SCO", "F LON", "F LVP"], "FRANCE": ["F IRS"]},
     {"BRITAIN": ["A Scotland -> Ireland", "F London -> Irish Sea", "F Liverpool support F London -> Irish Sea"],
      "FRANCE": ["F Irish Sea H", DENY]},
     {"units": {"BRITAIN": ["A IRE", "F IRS", "F LVP"]}, "dislodged": {"FRANCE": [{"unit": "F IRS"}]},
      "results": {"A Scotland -> Ireland": "succeeds", "F London -> Irish Sea": "succeeds", DENY: "fails"}},
     seed=True)
case("seed.6.ex6", "Example 6: the denial is applied first, so the Irish Sea holds and nothing moves", "R15-ADJ-8", S,
     {"BRITAIN": ["A SCO", "F NAO", "F LON", "F LVP"], "FRANCE": ["F IRS", "F IRE"]},
     {"BRITAIN": ["A Scotland -> Ireland", "F North Atlantic Ocean S A Scotland -> Ireland", "F London -> Irish Sea",
                  "F Liverpool support F London -> Irish Sea"],
      "FRANCE": ["F Irish Sea S F Ireland", "F Ireland S F Irish Sea H", DENY]},
     {"units": {"BRITAIN": ["A SCO", "F NAO", "F LON", "F LVP"], "FRANCE": ["F IRS", "F IRE"]},
      "results": {"A Scotland -> Ireland": "fails", "F London -> Irish Sea": "fails", DENY: "succeeds"}},
     seed=True)

# --- our own cases: every rule line -----------------------------------------------------------------------
case("build.chaos", "A power builds in a conquered centre that is not a home centre", "R15-BLD-1, R15-BLD-2", "W1815A",
     {"FRANCE": ["A PAR"]}, {"FRANCE": ["A BEL B", "F IRE B"]},
     {"phase": "S1816M", "units": {"FRANCE": ["A PAR", "A BEL", "F IRE"]}, "results": {"A BEL B": "succeeds", "F IRE B": "succeeds"}},
     centers={"FRANCE": ["PAR", "BEL", "IRE"]})
case("build.chaos-not-foreign", "No build in a centre another power owns", "R15-BLD-1", "W1815A",
     {"FRANCE": ["A PAR"]}, {"FRANCE": ["A BEL B", "A BRE B"]},
     {"units": {"FRANCE": ["A PAR", "A BRE"]}, "results": {"A BEL B": "invalid", "A BRE B": "succeeds"}},
     centers={"FRANCE": ["PAR", "BRE"], "PRUSSIA": ["BEL"]})
case("convert.fleet", "Convert an army in a coastal home centre into a fleet", "R15-BLD-5, R15-BLD-6", "W1815A",
     {"FRANCE": ["A BRE"]}, {"FRANCE": ["CONVERT F BRE"]},
     {"units": {"FRANCE": ["F BRE"]}, "results": {"CONVERT F BRE": "succeeds"}}, centers={"FRANCE": ["BRE"]})
case("convert.inland", "No fleet in an inland home centre", "R15-BLD-6", "W1815A",
     {"FRANCE": ["A PAR", "F BRE"]}, {"FRANCE": ["CONVERT F PAR"]},
     {"units": {"FRANCE": ["A PAR", "F BRE"]}, "results": {"CONVERT F PAR": "invalid"}}, centers={"FRANCE": ["PAR", "BRE"]})
case("convert.not-home", "Only a unit in a home centre converts", "R15-BLD-3", "W1815A",
     {"FRANCE": ["A BEL", "F BRE"]}, {"FRANCE": ["CONVERT F BEL"]},
     {"units": {"FRANCE": ["A BEL", "F BRE"]}, "results": {"CONVERT F BEL": "invalid"}}, centers={"FRANCE": ["BEL", "BRE"]})
case("convert.once", "One conversion a year: the second is refused", "R15-BLD-4", "W1815A",
     {"BRITAIN": ["F HIN", "A LVP"]}, {"BRITAIN": ["CONVERT A HIN", "CONVERT F LVP"]},
     {"units": {"BRITAIN": ["A HIN", "A LVP"]}, "results": {"CONVERT A HIN": "succeeds", "CONVERT F LVP": "fails"}},
     centers={"BRITAIN": ["HIN", "LVP"]})
case("convert.with-build", "A conversion beside a build in the same winter", "R15-BLD-3", "W1815A",
     {"BRITAIN": ["F HIN"]}, {"BRITAIN": ["CONVERT A HIN", "F LON B"]},
     {"units": {"BRITAIN": ["A HIN", "F LON"]}, "results": {"CONVERT A HIN": "succeeds", "F LON B": "succeeds"}},
     centers={"BRITAIN": ["HIN", "LON"]})
case("cape.reverse", "The passage works both ways, at half strength", "R15-ORD-2, R15-UNI-2", S,
     {"BRITAIN": ["F SAS"], "FRANCE": ["F EAO"]}, {"BRITAIN": ["F SAS - ATL"], "FRANCE": ["F EAO - ATL"]},
     {"units": {"BRITAIN": ["F SAS"], "FRANCE": ["F ATL"]}, "results": {"F SAS - ATL": "fails", "F EAO - ATL": "succeeds"}})
case("cape.army", "No army takes the passage", "R15-ORD-2", S,
     {"BRITAIN": ["F ATL"], "FRANCE": ["A MOR"]}, {"FRANCE": ["A MOR - SAS"]},
     {"units": {"BRITAIN": ["F ATL"], "FRANCE": ["A MOR"]}, "results": {"A MOR - SAS": "invalid"}})
case("cape.unopposed", "Alone, the half-strength fleet enters an empty sea", "R15-UNI-2", S,
     {"BRITAIN": ["F ATL"]}, {"BRITAIN": ["F ATL - SAS"]}, {"units": {"BRITAIN": ["F SAS"]}})
case("cape.holder", "Half strength does not dislodge a holding fleet; one support does", "R15-ADJ-2", S,
     {"BRITAIN": ["F ATL", "F NAS"], "FRANCE": ["F SAS"]}, {"BRITAIN": ["F ATL - SAS", "F NAS S F ATL - SAS"]},
     {"units": {"BRITAIN": ["F SAS", "F NAS"]}, "dislodged": {"FRANCE": [{"unit": "F SAS"}]}})
case("cape.fails-holds-full", "A fleet that fails to sail round holds with full strength", "R15-UNI-2", S,
     {"BRITAIN": ["F ATL"], "FRANCE": ["F SAS", "F EAO"]}, {"BRITAIN": ["F ATL - SAS"], "FRANCE": ["F EAO - ATL"]},
     {"units": {"BRITAIN": ["F ATL"], "FRANCE": ["F SAS", "F EAO"]}})
case("cape.cuts", "The half-strength move cuts support (the default reading)", "R15-UNI-2", S,
     {"BRITAIN": ["F ATL"], "FRANCE": ["F SAS", "F HIN"], "SWEDEN": ["F NAS"]},
     {"BRITAIN": ["F ATL - SAS"], "FRANCE": ["F SAS S F HIN - NAS", "F HIN - NAS"]},
     {"units": {"BRITAIN": ["F ATL"], "FRANCE": ["F SAS", "F HIN"], "SWEDEN": ["F NAS"]},
      "results": {"F SAS S F HIN - NAS": "fails"}})
case("cape.cuts-option", "Under cape_cuts_support false the half-strength move cuts nothing", "R15-UNI-2", S,
     {"BRITAIN": ["F ATL"], "FRANCE": ["F SAS", "F HIN"], "SWEDEN": ["F NAS"]},
     {"BRITAIN": ["F ATL - SAS"], "FRANCE": ["F SAS S F HIN - NAS", "F HIN - NAS"]},
     {"units": {"BRITAIN": ["F ATL"], "FRANCE": ["F SAS", "F NAS"]}, "dislodged": {"SWEDEN": [{"unit": "F NAS"}]},
      "results": {"F SAS S F HIN - NAS": "succeeds"}}, options={"cape_cuts_support": False})
case("cape.support-across", "A support across the passage counts (the default reading)", "R15-UNI-1", S,
     {"BRITAIN": ["F ATL", "F SAS"], "FRANCE": ["F EAO", "F BIS"]},
     {"BRITAIN": ["F SAS S F ATL"], "FRANCE": ["F EAO - ATL", "F BIS S F EAO - ATL"]},
     {"units": {"BRITAIN": ["F ATL", "F SAS"], "FRANCE": ["F EAO", "F BIS"]}})
case("cape.support-across-option", "Under cape_supports none it adds nothing", "R15-UNI-1", S,
     {"BRITAIN": ["F ATL", "F SAS"], "FRANCE": ["F EAO", "F BIS"]},
     {"BRITAIN": ["F SAS S F ATL"], "FRANCE": ["F EAO - ATL", "F BIS S F EAO - ATL"]},
     {"units": {"BRITAIN": ["F SAS"], "FRANCE": ["F ATL", "F BIS"]}, "dislodged": {"BRITAIN": [{"unit": "F ATL"}]}},
     options={"cape_supports": "none"})
case("arrow.plain", "Without a denial a red arrow is an ordinary border for armies", "R15-UNI-3, R15-ORD-5", S,
     {"BRITAIN": ["A SCO"], "FRANCE": ["F IRS"]}, {"BRITAIN": ["A SCO - IRE"], "FRANCE": ["F IRS H"]},
     {"units": {"BRITAIN": ["A IRE"], "FRANCE": ["F IRS"]}})
case("arrow.support-hold-across", "Support across a red arrow to hold the unit on the far side", "R15-ORD-3", S,
     {"BRITAIN": ["A SCO", "A IRE"], "FRANCE": ["F IRS", "F NAO"]},
     {"BRITAIN": ["A SCO S A IRE"], "FRANCE": ["F NAO - IRE", "F IRS S F NAO - IRE"]},
     {"units": {"BRITAIN": ["A SCO", "A IRE"], "FRANCE": ["F IRS", "F NAO"]}, "results": {"A SCO S A IRE": "succeeds"}})
case("arrow.support-denied", "A denied support across the arrow gives nothing", "R15-ADJ-5", S,
     {"BRITAIN": ["A SCO", "A IRE"], "FRANCE": ["F IRS", "F NAO"]},
     {"BRITAIN": ["A SCO S A IRE"], "FRANCE": ["F NAO - IRE", "F IRS S F NAO - IRE", "DENY A SCO"]},
     {"units": {"BRITAIN": ["A SCO"], "FRANCE": ["F IRS", "F IRE"]}, "dislodged": {"BRITAIN": [{"unit": "A IRE"}]},
      "results": {"A SCO S A IRE": "fails", "DENY A SCO": "succeeds"}})
case("arrow.denied-no-cut", "A denied move cuts no support", "R15-ADJ-5", S,
     {"BRITAIN": ["A SCO"], "FRANCE": ["F IRS", "F IRE", "F NAO"], "SWEDEN": ["F EAO"]},
     {"BRITAIN": ["A SCO - IRE"], "FRANCE": ["F IRS H", "F IRE S F NAO", "F NAO H", "DENY A SCO"],
      "SWEDEN": ["F EAO - NAO"]},
     {"units": {"BRITAIN": ["A SCO"], "FRANCE": ["F IRS", "F IRE", "F NAO"], "SWEDEN": ["F EAO"]},
      "results": {"F IRE S F NAO": "succeeds", "A SCO - IRE": "fails"}})
case("arrow.denied-no-bounce", "A denied move bounces nobody", "R15-ADJ-5", S,
     {"BRITAIN": ["A SCO"], "FRANCE": ["F IRS", "F NAO"]},
     {"BRITAIN": ["A SCO - IRE"], "FRANCE": ["F IRS H", "F NAO - IRE", "DENY A SCO"]},
     {"units": {"BRITAIN": ["A SCO"], "FRANCE": ["F IRS", "F IRE"]}, "results": {"F NAO - IRE": "succeeds"}})
case("arrow.convoying-fleet-denies", "A convoying fleet does not move: it still denies", "R15-ADJ-6", S,
     {"BRITAIN": ["A SCO", "A LVP"], "FRANCE": ["F IRS"]},
     {"BRITAIN": ["A SCO - IRE", "A LVP - IRE"], "FRANCE": ["F IRS C A LVP - IRE", "DENY A SCO"]},
     {"units": {"BRITAIN": ["A SCO", "A IRE"], "FRANCE": ["F IRS"]}, "results": {"A SCO - IRE": "fails", "A LVP - IRE": "succeeds"}})
case("arrow.bounced-fleet-cannot-deny", "A fleet whose move fails still moved: no denial", "R15-ADJ-6", S,
     {"BRITAIN": ["A SCO", "F EAO"], "FRANCE": ["F IRS"]},
     {"BRITAIN": ["A SCO - IRE", "F EAO H"], "FRANCE": ["F IRS - EAO", "DENY A SCO"]},
     {"units": {"BRITAIN": ["A IRE", "F EAO"], "FRANCE": ["F IRS"]}, "results": {"A SCO - IRE": "succeeds", "DENY A SCO": "fails"}})
case("arrow.fleet-across-denied", "A fleet crossing the arrow is denied like an army", "R15-ADJ-10, R15-ADJ-5", S,
     {"BRITAIN": ["F SCO"], "FRANCE": ["F IRS"]}, {"BRITAIN": ["F SCO - IRE"], "FRANCE": ["DENY F SCO"]},
     {"units": {"BRITAIN": ["F SCO"], "FRANCE": ["F IRS"]}, "results": {"F SCO - IRE": "fails"}})
case("arrow.other-arrows", "The other named arrows: Spain-Morocco (Western Med), Corsica-Sardinia (Tyrrhenian), "
     "Abyssinia-Oman (Gulf of Aden)", "R15-MAP-3, R15-MAP-4", S,
     {"FRANCE": ["A SPA", "A COR", "F WES"], "AUSTRIA": ["F TYS"], "EGYPT": ["A ABY"], "PERSIA": ["F GOA"]},
     {"FRANCE": ["A SPA - MOR", "A COR - SAR", "F WES H", "DENY A SPA"], "AUSTRIA": ["DENY A COR"],
      "EGYPT": ["A ABY - OMA"], "PERSIA": ["F GOA - SAS"]},
     {"units": {"FRANCE": ["A SPA", "A COR", "F WES"], "AUSTRIA": ["F TYS"], "EGYPT": ["A OMA"], "PERSIA": ["F SAS"]},
      "results": {"A SPA - MOR": "fails", "A COR - SAR": "fails", "A ABY - OMA": "succeeds"}})
case("arrow.recheck-option", "A5: the second adjudication no longer dislodges the fleet; 'recheck' keeps the denial",
     "R15-ADJ-8", S,
     {"FRANCE": ["A SCO"], "BRITAIN": ["F LON", "F IRE"], "SWEDEN": ["F IRS"]},
     {"FRANCE": ["A SCO - IRE"], "BRITAIN": ["F LON - IRS", "F IRE S F LON - IRS"], "SWEDEN": ["F IRS H", "DENY A SCO"]},
     {"units": {"FRANCE": ["A SCO"], "BRITAIN": ["F IRS", "F IRE"]}, "dislodged": {"SWEDEN": [{"unit": "F IRS"}]},
      "results": {"A SCO - IRE": "fails", "DENY A SCO": "succeeds"}}, options={"red_arrow_check": "recheck"})
case("arrow.once", "A5 under the seed's one check: the denial lapses, the move is valid, the fleet survives",
     "R15-ADJ-8", S,
     {"FRANCE": ["A SCO"], "BRITAIN": ["F LON", "F IRE"], "SWEDEN": ["F IRS"]},
     {"FRANCE": ["A SCO - IRE"], "BRITAIN": ["F LON - IRS", "F IRE S F LON - IRS"], "SWEDEN": ["F IRS H", "DENY A SCO"]},
     {"units": {"FRANCE": ["A SCO"], "BRITAIN": ["F LON", "F IRE"], "SWEDEN": ["F IRS"]},
      "results": {"A SCO - IRE": "fails", "F IRE S F LON - IRS": "fails", "DENY A SCO": "fails"}})
case("arrow.retreat-across", "A dislodged unit may retreat across a red arrow", "R15-RET-1", S,
     {"BRITAIN": ["A SCO"], "FRANCE": ["A LVP", "F NTH"]},
     {"FRANCE": ["A LVP - SCO", "F NTH S A LVP - SCO"]},
     {"units": {"FRANCE": ["A SCO", "F NTH"]}, "dislodged": {"BRITAIN": [{"unit": "A SCO", "retreats": ["IRE"]}]}},
     note="Scotland's other land neighbour is Liverpool, where the attack came from")

# --- Diplomacy Points -----------------------------------------------------------------------------------------
MINORS = {"NETHERLANDS": ["F HOL"], "DENMARK": ["F DEN"], "HANOVER": ["A HAN"]}
case("dp.hold", "A minor unit holds without points; a lone attack bounces off it", "R15-DP-11", S,
     {"PRUSSIA": ["A RHI"], **MINORS}, {"PRUSSIA": ["A RHI - HOL"]},
     {"units": {"PRUSSIA": ["A RHI"], **MINORS}, "results": {"A RHI - HOL": "fails"}},
     centers={"PRUSSIA": ["RHI", "BER"], "NETHERLANDS": ["HOL"], "DENMARK": ["DEN"], "HANOVER": ["HAN"]})
case("dp.followed", "Two points for Hanover's support beat one for its hold; the Dutch fleet is dislodged and disbanded",
     "R15-DP-5, R15-DP-9, R15-DP-12", S,
     {"PRUSSIA": ["A RHI"], "FRANCE": ["A PAR"], **MINORS},
     {"PRUSSIA": ["A RHI - HOL", "DP 2 A HAN S A RHI - HOL"], "FRANCE": ["DP 1 A HAN H"]},
     {"phase": "F1815M", "units": {"PRUSSIA": ["A HOL"], "FRANCE": ["A PAR"], "DENMARK": ["F DEN"], "HANOVER": ["A HAN"]},
      "dislodged": {"NETHERLANDS": [{"unit": "F HOL", "retreats": []}]},
      "results": {"A RHI - HOL": "succeeds", "DP 2 A HAN S A RHI - HOL": "succeeds", "DP 1 A HAN H": "fails"},
      "notes": {"NETHERLANDS": ["dislodged and disbanded"]}},
     centers={"PRUSSIA": ["RHI", "BER"], "FRANCE": ["PAR"], "NETHERLANDS": ["HOL"], "DENMARK": ["DEN"], "HANOVER": ["HAN"]})
case("dp.tie", "Tied allocations: the minor unit holds", "R15-DP-9", S,
     {"PRUSSIA": ["A RHI"], "FRANCE": ["A PAR"], **MINORS},
     {"PRUSSIA": ["A RHI - HOL", "DP 1 A HAN S A RHI - HOL"], "FRANCE": ["DP 1 A HAN S F HOL"]},
     {"units": {"PRUSSIA": ["A RHI"], "FRANCE": ["A PAR"], **MINORS},
      "results": {"A RHI - HOL": "fails", "DP 1 A HAN S A RHI - HOL": "fails", "DP 1 A HAN S F HOL": "fails"}},
     centers={"PRUSSIA": ["RHI", "BER"], "FRANCE": ["PAR"], "NETHERLANDS": ["HOL"], "DENMARK": ["DEN"], "HANOVER": ["HAN"]})
case("dp.add-up", "Allocations for one order add up across powers", "R15-DP-9", S,
     {"PRUSSIA": ["A RHI"], "FRANCE": ["A PAR"], "BRITAIN": ["F LON"], **MINORS},
     {"PRUSSIA": ["A RHI - HOL", "DP 1 A HAN S A RHI - HOL"], "FRANCE": ["DP 1 A HAN S A RHI - HOL"],
      "BRITAIN": ["DP 1 A HAN H"]},
     {"units": {"PRUSSIA": ["A HOL"], "FRANCE": ["A PAR"], "BRITAIN": ["F LON"], "DENMARK": ["F DEN"], "HANOVER": ["A HAN"]},
      "dislodged": {"NETHERLANDS": [{"unit": "F HOL", "retreats": []}]}},
     centers={"PRUSSIA": ["RHI"], "FRANCE": ["PAR"], "BRITAIN": ["LON"], "NETHERLANDS": ["HOL"], "DENMARK": ["DEN"], "HANOVER": ["HAN"]})
case("dp.forfeit", "Allocating more points than the power has forfeits all of them", "R15-DP-10", S,
     {"PRUSSIA": ["A RHI"], **MINORS},
     {"PRUSSIA": ["A RHI - HOL", "DP 2 A HAN S A RHI - HOL", "DP 1 F DEN H"]},
     {"units": {"PRUSSIA": ["A RHI"], **MINORS},
      "results": {"DP 2 A HAN S A RHI - HOL": "fails", "DP 1 F DEN H": "fails"}},
     centers={"PRUSSIA": ["RHI", "BER"], "NETHERLANDS": ["HOL"], "DENMARK": ["DEN"], "HANOVER": ["HAN"]})
case("dp.cap", "Points are capped at 4 a turn whatever the centres", "R15-DP-2, R15-DP-4", S,
     {"PRUSSIA": ["A RHI"], **MINORS},
     {"PRUSSIA": ["A RHI - HOL", "DP 5 A HAN S A RHI - HOL"]},
     {"units": {"PRUSSIA": ["A RHI"], **MINORS}, "results": {"DP 5 A HAN S A RHI - HOL": "fails"}},
     centers={"PRUSSIA": ["RHI", "BER", "KON", "SIL", "BEL", "SAX"], "NETHERLANDS": ["HOL"], "DENMARK": ["DEN"], "HANOVER": ["HAN"]})
case("dp.four", "With six centres a power spends its four points", "R15-DP-2", S,
     {"PRUSSIA": ["A RHI"], **MINORS},
     {"PRUSSIA": ["A RHI - HOL", "DP 4 A HAN S A RHI - HOL"]},
     {"units": {"PRUSSIA": ["A HOL"], "DENMARK": ["F DEN"], "HANOVER": ["A HAN"]},
      "dislodged": {"NETHERLANDS": [{"unit": "F HOL", "retreats": []}]}},
     centers={"PRUSSIA": ["RHI", "BER", "KON", "SIL", "BEL", "SAX"], "NETHERLANDS": ["HOL"], "DENMARK": ["DEN"], "HANOVER": ["HAN"]})
case("dp.no-move", "Points order a minor unit to hold or support, not to move", "R15-DP-6", S,
     {"PRUSSIA": ["A RHI"], **MINORS}, {"PRUSSIA": ["DP 1 A HAN - HOL"]},
     {"units": {"PRUSSIA": ["A RHI"], **MINORS}, "results": {"DP 1 A HAN - HOL": "invalid"}},
     centers={"PRUSSIA": ["RHI"], "NETHERLANDS": ["HOL"], "DENMARK": ["DEN"], "HANOVER": ["HAN"]})
case("dp.move-option", "Under dp_orders move a minor unit may be sent to attack", "R15-DP-6", S,
     {"PRUSSIA": ["A RHI"], "SAXONY": ["A SAX"], "BAVARIA": ["A BAV"]},
     {"PRUSSIA": ["DP 1 A SAX - SIL", "DP 1 A BAV S A SAX - SIL"]},
     {"units": {"PRUSSIA": ["A RHI"], "SAXONY": ["A SIL"], "BAVARIA": ["A BAV"]}},
     centers={"PRUSSIA": ["RHI", "BER"], "SAXONY": ["SAX"], "BAVARIA": ["BAV"]}, options={"dp_orders": "move"})
case("dp.rebuilt", "After the Fall turn a minor unit comes back where no Great Power holds its centre",
     "R15-DP-13", "F1815M",
     {"PRUSSIA": ["A HOL"], "DENMARK": ["F DEN"]}, {"PRUSSIA": ["A HOL - RHI"]},
     {"units": {"PRUSSIA": ["A RHI"], "NETHERLANDS": ["F HOL"], "DENMARK": ["F DEN"]},
      "centers": {"PRUSSIA": ["RHI"], "NETHERLANDS": ["HOL"], "DENMARK": ["DEN"]},
      "notes": {"NETHERLANDS": ["rebuilt"]}},
     centers={"PRUSSIA": ["RHI"], "NETHERLANDS": ["HOL"], "DENMARK": ["DEN"]})
case("dp.taken", "A Great Power standing on the minor centre after the Fall turn takes it: no rebuild",
     "R15-DP-13", "F1815M",
     {"PRUSSIA": ["A HOL"], "DENMARK": ["F DEN"]}, {"PRUSSIA": ["A HOL H"]},
     {"units": {"PRUSSIA": ["A HOL"], "DENMARK": ["F DEN"]},
      "centers": {"PRUSSIA": ["RHI", "HOL"], "DENMARK": ["DEN"]}},
     centers={"PRUSSIA": ["RHI"], "NETHERLANDS": ["HOL"], "DENMARK": ["DEN"]})

out = {"about": "1815 adjudication cases in the adjudication-contract form, on the game's map (resources/maps/1815): "
                "the worked examples of the 1815 rules text (seed_example) and our own cases, each naming the rule "
                "lines of the specification it checks (rule). Written by tools/make_cases.py; run by "
                "tests/variants/test_1815.py and tests/test_conformance.py.",
       "format": "each case: id, title, source, variant, rule, phase, units, orders, optional centers/options/note; "
                 "expect.units is the whole board after the phase, expect.dislodged the dislodged units by power, "
                 "expect.results the result of named orders (succeeds / fails / invalid), expect.notes texts of the "
                 "engine's own entries (minor units disbanded or rebuilt).",
       "cases": cases}
path = Path(__file__).resolve().parent.parent / "cases.json"
path.write_text(json.dumps(out, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
print(f"{len(cases)} cases written to {path}")
