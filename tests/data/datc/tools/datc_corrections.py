"""Hand-checked data that turns the converted godip cases into the DATC v3.0 suite.

Everything here was read off the DATC v3.0 text (chapter 6, which its author allows to be
copied freely): the one-sentence verdicts, the per-order results the document states, every
dislodged unit with its retreat options, the attacker origins and standoffs of the retreat
cases, and the cases rewritten where the godip encoding differs from the v3.0 document.
``apply`` mutates the case table built by ``convert_godip.py``.
"""

from __future__ import annotations

import copy
from typing import Any

ABOUT = (
    "DATC v3.0 (2024-02-23) chapter 6 test cases, all 164, in the Chancellery adjudication-contract form, "
    "with the DATC's preferred options (2023 rules; Szykman rule for convoy paradoxes; no land-route "
    "fallback for 'via convoy' moves). One case per DATC id; an entry with 'variant_of' is an extra "
    "position that the DATC case implies (a second situation, or the retreat phase that follows the "
    "movement case) and has the same v3.0 outcome. Request fields ('variant', 'phase', 'units', 'centers', "
    "'dislodged', 'contested', 'orders') are passed to engine.adjudicate as they are. 'expect.units' is the "
    "whole board after the phase; a power that is absent has no units; units dislodged in a movement "
    "phase are not on it. 'expect.dislodged' lists every unit dislodged in a movement phase with all of "
    "its legal retreat locations (a fleet retreating to a two-coast province names the coast); a unit "
    "with an empty list has no retreat and may be reported with that empty list or already be removed. "
    "'expect.results' gives the result the DATC states for some orders, keyed by the order as written in "
    "'orders': 'succeeds', 'fails' (a legal order that does not succeed: bounced move, cut or unmatched "
    "support, ...) or 'invalid' (an order that is illegal in the position and is ignored: unreachable "
    "destination, wrong unit type, foreign unit, support of an impossible move, build where no build is "
    "allowed, ...). Retreat-phase cases list the board without the dislodged units, each dislodged unit "
    "with the province its attacker came from, and the provinces left empty by a standoff. Adjustment "
    "cases (phase W1901A) give the owner of every supply centre, all seven powers listed. 'datc' "
    "paraphrases the DATC's verdict."
)

SOURCE = (
    "Diplomacy Adjudicator Test Cases (DATC) version 3.0, 2024-02-23, by Lucas B. Kruijswijk; the test "
    "cases of chapter 6 may be copied freely. Positions and outcomes were taken from the godip project's "
    "DATC v2.4 case file (zond/godip, variants/classical/datc/datc_v2.4_06.txt, facts only) and converted "
    "by tools/convert_godip.py, then every case was cross-checked against the v3.0 document "
    "(tools/check_against_datc_text.py for the orders, by hand for the outcomes) and the v3.0 changes "
    "and additions were transcribed from it. See SOURCES.md."
)

# One sentence per case, paraphrasing the DATC v3.0 verdict (cases from the overrides bring theirs).
VERDICTS: dict[str, str] = {
    "6.A.1": "A fleet cannot move to a province it does not border: the order fails.",
    "6.A.2": "An army cannot move into open sea: the order fails.",
    "6.A.3": "A fleet cannot move to an inland province: the order fails.",
    "6.A.4": "Moving to the province the unit stands in is illegal; the adjudicator must not crash.",
    "6.A.5": "The army's move to its own province is illegal, which makes Liverpool's support illegal too, "
             "so the supported German fleet from London dislodges the army in Yorkshire.",
    "6.A.6": "Germany cannot order England's fleet in London: the order fails.",
    "6.A.7": "A fleet cannot be convoyed: the move from London to Belgium fails.",
    "6.A.8": "A unit cannot support itself to hold, so the fleet in Trieste is dislodged.",
    "6.A.9": "Rome and Venice border by land only, so the fleet's move fails.",
    "6.A.10": "Rome's fleet cannot reach Venice, so its support is illegal and Venice is not dislodged.",
    "6.A.11": "The two armies bounce.",
    "6.A.12": "All three armies bounce; none moves into Tyrolia.",
    "6.B.1": "With two reachable coasts and none given, the move fails.",
    "6.B.2": "Only the north coast can be reached, so the move goes to Spain's north coast.",
    "6.B.3": "An unreachable coast was specified: the order is illegal and the fleet holds.",
    "6.B.4": "A fleet may support a move to a coast it cannot reach itself: the support succeeds, Gascony "
             "moves to Spain's north coast and the Italian move fails.",
    "6.B.5": "Spain's north coast does not border the Gulf of Lyon, so the support is illegal and the Italian "
             "fleet is not dislodged.",
    "6.B.6": "The Italian move to Spain's south coast cuts the support from the north coast, so the English fleet "
             "dislodges the French fleet in the Mid-Atlantic Ocean.",
    "6.B.7": "A support without a coast is accepted: it succeeds and the Italian fleet bounces (as does the "
             "French one).",
    "6.B.8": "The support without a coast succeeds, and the Italian fleet bounces with the French fleet from "
             "Gascony.",
    "6.B.9": "The support names a different coast from the move, so it is invalid and the Italian fleet moves "
             "to Spain's south coast.",
    "6.B.10": "The wrong coast given for the ordered unit is ignored and the move is attempted (and succeeds).",
    "6.B.11": "Ordering the other coast does not change the fleet's coast: the move fails.",
    "6.B.12": "Coasts are irrelevant for armies; the move to Spain is attempted (and succeeds).",
    "6.B.13": "Leaving by one coast while the other fleet enters the other coast is still a head-to-head "
              "battle: both moves fail.",
    "6.B.14": "A fleet build in a two-coast province must name the coast: the build fails.",
    "6.C.1": "All three units of the circular movement move.",
    "6.C.2": "All three units of the circular movement move, support or not.",
    "6.C.3": "One unit of the circle bounces, so every unit keeps its place.",
    "6.C.4": "The attacked convoying fleet is not dislodged, so the circular movement succeeds and the "
             "Austrian and Turkish armies advance.",
    "6.C.5": "The convoying fleet in the Ionian Sea is dislodged, so the circular movement fails and no army "
             "moves.",
    "6.C.6": "The two convoyed armies swap places.",
    "6.C.7": "One army of the swap bounces, so none of the units moves.",
    "6.D.1": "The support to hold from Tyrolia keeps Venice in place; the army from Trieste does not move.",
    "6.D.2": "Vienna cuts Tyrolia's support, so the army from Trieste dislodges the army in Venice.",
    "6.D.3": "The Ionian fleet cuts the Adriatic support, so Venice is not dislodged and Trieste stays.",
    "6.D.4": "A unit supporting a hold can itself receive hold support: the Russian move to Berlin fails.",
    "6.D.5": "A unit supporting a move can receive hold support: the Russian move to Berlin fails.",
    "6.D.6": "A convoying fleet can receive hold support: the move to the Baltic Sea fails and the convoy "
             "to Sweden succeeds.",
    "6.D.7": "A moving unit cannot receive hold support: the Baltic fleet bounces on Finland's army and is "
             "dislodged by the fleet from Livonia.",
    "6.D.8": "The army ordered to Naples still tried to move (a convoy was possible), so it gets no hold "
             "support and is dislodged by the army from Albania.",
    "6.D.9": "The support of the army in Albania fails and the army in Trieste is dislodged by the army from "
             "Venice.",
    "6.D.10": "A unit may not dislodge a unit of its own power: the move to Berlin fails.",
    "6.D.11": "The army in Berlin bounces back but is not dislodged by its own fleet.",
    "6.D.12": "Austria's support cannot help dislodge its own fleet: Trieste is not dislodged.",
    "6.D.13": "Austria's support cannot help dislodge its own returning fleet: Trieste is not dislodged.",
    "6.D.14": "Italy is strong enough without the Austrian support, so the fleet in Trieste is dislodged.",
    "6.D.15": "The attacked fleet cannot cut the support for the attack on itself: Ankara is dislodged by the "
              "fleet from the Black Sea.",
    "6.D.16": "A power may convoy a foreign army that dislodges its own unit: the English army in London is "
              "dislodged by the French army from Belgium.",
    "6.D.17": "The Russian fleet in Constantinople is dislodged, which cuts its support, so the Black Sea "
              "fleet bounces with the army from Armenia.",
    "6.D.18": "The supported fleet in Constantinople survives and keeps supporting, so the Black Sea fleet "
              "dislodges the Turkish fleet in Ankara.",
    "6.D.19": "Constantinople is not dislodged because one support of the attack on it is Russian, so its "
              "support stands and Ankara is dislodged.",
    "6.D.20": "A unit does not cut the support of its own power: the French fleet in the English Channel is "
              "dislodged.",
    "6.D.21": "The German army from Munich is dislodged but still cuts the Italian support, so Trieste is not "
              "dislodged.",
    "6.D.22": "The fleet's move to Munich is illegal and so is the support of it; the Russian army from Munich "
              "dislodges the fleet in Kiel.",
    "6.D.23": "The French move from Spain's north coast to the Gulf of Lyon is illegal, the support of it fails, "
              "and the fleet in Spain is dislodged.",
    "6.D.24": "The army's move into the Gulf of Lyon is illegal, so there is no beleaguered garrison and the "
              "Turkish fleet dislodges the Italian fleet there.",
    "6.D.25": "Berlin's unmatched hold support fails, but Kiel's support of Berlin is valid: Berlin is not "
              "dislodged.",
    "6.D.26": "Berlin's unmatched move support fails, but Kiel's support of Berlin is valid: Berlin is not "
              "dislodged.",
    "6.D.27": "The unmatched convoy fails, but Prussia's support of the Baltic fleet is valid: it is not "
              "dislodged.",
    "6.D.28": "The impossible move is ignored, so Rumania holds, receives the support and is not dislodged.",
    "6.D.29": "The move to an unreachable coast is ignored, so Rumania holds, receives the support and is not "
              "dislodged.",
    "6.D.30": "The move without a needed coast is ignored, so Constantinople holds, receives the support and is "
              "not dislodged.",
    "6.D.31": "The Black Sea is the only convoy route, and a fleet cannot convoy and support at once, so the "
              "support is illegal and ignored.",
    "6.D.32": "Without a fleet in the North Sea the German move is illegal, so the French support holds "
              "Yorkshire and it is not dislodged.",
    "6.D.33": "The unwanted Russian support breaks Austria's self-standoff: Serbia moves to Budapest and "
              "Bulgaria takes Serbia.",
    "6.D.34": "A unit cannot support a move into its own province, so Italy's order is illegal and the German "
              "army from Berlin dislodges it.",
    "6.E.1": "The army in Prussia is dislodged in the head-to-head battle and has no effect on Berlin: the "
             "unit from Kiel moves to Berlin.",
    "6.E.2": "Self-dislodgement is not allowed in a head-to-head battle either: no unit moves.",
    "6.E.3": "A power cannot help a foreign unit dislodge its own unit in a head-to-head battle: no unit moves.",
    "6.E.4": "The French fleet in the North Sea is not dislodged (beleaguered garrison), so it still blocks "
             "the Austrian army from Ruhr.",
    "6.E.5": "The French fleet is dislodged, but not by the German fleet, so it still prevents the Austrian "
             "move from Ruhr and the German fleet in Holland stays.",
    "6.E.6": "The French fleet is not dislodged because one German support is French, so it still blocks the "
             "Austrian army from Ruhr.",
    "6.E.7": "The fleet in the North Sea is not dislodged: it would not be without the English support.",
    "6.E.8": "As before, with the beleaguered fleet also in a head-to-head battle: none of the fleets moves.",
    "6.E.9": "The beleaguered fleet moves away, so both the fleet in the North Sea and the fleet in Norway "
             "move.",
    "6.E.10": "The circular movement with the weaker attacker fails: no fleet moves.",
    "6.E.11": "The unit swap by convoy succeeds, after which there is no beleaguered garrison.",
    "6.E.12": "Serbia's support of the Italian attack on its own unit still stops the Russian army: no army "
              "moves.",
    "6.E.13": "The three attacks on the North Sea all fail; the German fleet is not dislodged.",
    "6.E.14": "The illegal Russian move still defends Edinburgh against strength one: neither unit moves.",
    "6.E.15": "Each side of the head-to-head battle keeps the other from being dislodged: none of the moves "
              "succeeds.",
    "6.F.1": "A fleet in a coastal province cannot convoy, so the army in Greece does not move to Sevastopol.",
    "6.F.2": "The convoyed army bounces on the French army as usual: neither moves.",
    "6.F.3": "The convoyed army receives support and beats the army from Paris: London ends in Brest and "
             "Paris stays.",
    "6.F.4": "An attacked convoy is not disrupted: the army from London ends in Holland.",
    "6.F.5": "A convoying fleet in a beleaguered garrison is not disrupted: the army from London ends in "
             "Holland.",
    "6.F.6": "The dislodged convoying fleet cancels the convoy, so no support is cut and Belgium is not "
             "dislodged.",
    "6.F.7": "The disrupted convoy does not make Holland contested: the dislodged English fleet can retreat "
             "there.",
    "6.F.8": "The disrupted convoy causes no bounce in Holland: the army from Belgium moves there.",
    "6.F.9": "The convoying fleet in the English Channel is dislodged, but the route through the North Sea "
             "remains, so the army from London ends in Belgium.",
    "6.F.10": "The foreign convoying fleet in the English Channel is dislodged, but the route through the "
              "North Sea remains: London ends in Belgium.",
    "6.F.11": "With only foreign convoying fleets, one of them dislodged, the other route remains: London "
              "ends in Belgium.",
    "6.F.12": "The dislodged fleet in the Irish Sea is on no convoy route: the convoy from London to Belgium "
              "succeeds.",
    "6.F.13": "The convoy of the army from London succeeds and the fleet from Denmark dislodges the fleet in "
              "the North Sea.",
    "6.F.14": "London's support is not cut, so the convoying fleet in the English Channel is dislodged.",
    "6.F.16": "London's support is not cut, the convoying fleet is not dislodged, and none of the units "
              "moves (Pandin's paradox).",
    "6.F.17": "By the Szykman rule the convoy fails, and neither the fleet in London nor the fleet in the "
              "English Channel is dislodged.",
    "6.F.18": "By the Szykman rule the convoy fails, so Belgium's support is not cut and the North Sea fleet "
              "is not dislodged.",
    "6.F.19": "No paradox under the Szykman rule: Naples' support is cut and the fleet in the Tyrrhenian Sea "
              "is not dislodged.",
    "6.F.20": "Naples' support is cut and the Italian fleet in the Ionian Sea is dislodged by the Turkish "
              "fleet from the Eastern Mediterranean.",
    "6.F.21": "Clyde's support is cut and the French fleet from the Mid-Atlantic Ocean dislodges the fleet in "
              "the North Atlantic Ocean.",
    "6.F.22": "By the Szykman rule the supports are not cut and both convoyed armies fail; Picardy dislodges "
              "the English Channel fleet and Edinburgh the North Sea fleet.",
    "6.F.23": "By the Szykman rule the convoyed armies fail, the supports are not cut, and no fleet moves.",
    "6.F.24": "By the Szykman rule the convoyed armies fail and the supports are not cut: the French fleet in "
              "the English Channel survives and the Russian fleet in the North Sea is dislodged.",
    "6.G.1": "The convoying fleet of the same power shows the intent to convoy, so the two armies swap.",
    "6.G.2": "A foreign fleet cannot kidnap an army: both units fail to move.",
    "6.G.3": "Without intent the convoy is not used: the army from Picardy moves to Belgium over land.",
    "6.G.4": "Kidnapping is prevented: the French army from Picardy moves to Belgium over land.",
    "6.G.5": "One convoying fleet of the same power shows the intent, so the armies swap.",
    "6.G.6": "England shows the intent to convoy with its own convoy order, so the armies swap.",
    "6.G.7": "Impossible orders are ignored, so there is no intent to convoy and the units in Norway and "
             "Sweden fail to move.",
    "6.G.9": "The move from Norway uses the convoy, so the armies swap.",
    "6.G.10": "The army from Norway dislodges the army in Sweden, which still bounces the French fleet from "
              "the Norwegian Sea (no head-to-head battle).",
    "6.G.12": "The armies in Liverpool and Edinburgh swap by convoy.",
    "6.G.14": "The army in Sweden bounces on the fleet from the Norwegian Sea and is dislodged by the army from "
              "Norway; the fleet stays in the Norwegian Sea.",
    "6.G.15": "The convoyed army from London dislodges the army in Belgium, which still bounces the army from "
              "Yorkshire.",
    "6.G.16": "The armies in Norway and Sweden swap; the fleet from the North Sea stays.",
    "6.G.17": "The armies in Sweden and Norway swap while the fleet from the North Sea bounces.",
    "6.G.18": "Belgium and London are swapped, and the army in Yorkshire fails to move to London.",
    "6.H.1": "Supports are illegal in the retreat phase: both fleets retreating to Albania bounce and are "
             "disbanded.",
    "6.H.2": "A retreating unit cannot support: the fleets from Norway and Edinburgh bounce and are disbanded, "
             "as is the unordered fleet from Holland.",
    "6.H.3": "Convoys are illegal in the retreat phase: the army in Holland is disbanded.",
    "6.H.4": "A unit that was not dislodged cannot move in the retreat phase; the army in Holland retreats to "
             "Belgium.",
    "6.H.5": "The fleet in Ankara is dislodged and may not retreat to the Black Sea, where its attacker came "
             "from.",
    "6.H.6": "The Italian army in Vienna is dislodged and may not retreat to Bohemia, left empty by a "
             "standoff.",
    "6.H.7": "Both Italian armies retreat to Tyrolia, so both are disbanded.",
    "6.H.8": "Three fleets retreat to the North Sea, so all three are disbanded.",
    "6.H.9": "The dislodged Russian army does not make Berlin contested, so the fleet in Kiel can retreat to "
             "Berlin.",
    "6.H.10": "The English army may not retreat to Berlin, where its attacker came from, but the German army "
              "from Prussia may, and it does not bounce on the illegal English retreat.",
    "6.H.11": "The army in Marseilles was dislodged by a convoyed army, so it may retreat to Gascony (2023 "
              "rules).",
    "6.H.12": "The army in Edinburgh succeeds by convoy and dislodges Liverpool, whose own convoy was "
              "disrupted; Liverpool may retreat to Edinburgh (2023 rules).",
    "6.H.13": "A convoy ordered in the movement phase cannot be used for a retreat: the army in Picardy "
              "cannot retreat to London.",
    "6.H.14": "A support from the movement phase cannot be used in the retreat phase: both armies retreating "
              "to Belgium are disbanded.",
    "6.H.16": "Spain's north coast is contested, so the French fleet in the Western Mediterranean cannot "
              "retreat to Spain's south coast.",
    "6.I.1": "Builds are handled in order until the allowed number is reached: Warsaw fails, Kiel succeeds, "
             "Munich fails.",
    "6.I.2": "A fleet cannot be built in an inland province: the build fails.",
    "6.I.4": "With a fleet on one coast of St Petersburg, nothing can be built there: the build fails.",
    "6.I.5": "Germany no longer owns its home centre Berlin, so it cannot build there: the build fails.",
    "6.I.6": "Warsaw is owned but not a German home centre: the build fails.",
    "6.I.7": "Only one unit can be built in a home centre: the second build in Moscow fails.",
}

VARIANT_VERDICTS: dict[str, str] = {
    "6.A.3:fleet-support-inland": "A fleet cannot support into an inland province: the support is illegal and "
                                  "the Austrian army in Budapest is dislodged.",
    "6.A.5:2001-version": "The army's move to its own province is illegal and the English fleet cannot "
                          "dislodge its own army: nothing moves.",
    "6.A.7:fleet-named-in-convoy": "A fleet cannot be convoyed, even when the convoy order names it: the move "
                                   "from London to Belgium fails.",
    "6.A.10:2001-version": "The army in Budapest cannot reach Venice, so its support is illegal and Venice is "
                           "not dislodged.",
    "6.F.22:extended": "As 6.F.22, and the convoy from St Petersburg to Edinburgh, outside the paradox, "
                       "succeeds once the paradox is resolved.",
    "6.G.10:without-via-convoy": "Without 'via convoy' and with only a foreign convoying fleet the army goes "
                                 "over land: the head-to-head loser in Sweden is dislodged and cannot bounce the "
                                 "French fleet, which moves to Norway.",
    "6.G.11:with-via-convoy": "With an explicit 'via convoy' it is the simple convoy paradox: the fleet in "
                              "Skagerrak is dislodged and the army in Sweden does not advance.",
    "6.H.5:retreat-phase": "A unit may not retreat to the province its attacker came from: the retreat to the "
                           "Black Sea is illegal and the fleet is disbanded.",
    "6.H.5:retreat-to-occupied": "A unit may not retreat to an occupied province: the fleet is disbanded.",
    "6.H.6:retreat-phase": "Bohemia is contested after the standoff: the retreat there is illegal and the army "
                           "is disbanded.",
    "6.H.9:retreat-phase": "Berlin is not contested: the fleet from Kiel retreats there, and the Russian army "
                           "retreats to Warsaw.",
    "6.H.11:retreat-phase": "The attacker came by convoy, so the army from Marseilles may retreat to Gascony.",
    "6.H.12:retreat-phase": "The attacker came by convoy, so the army from Liverpool may retreat to Edinburgh; "
                            "the fleet from the English Channel retreats to Picardy.",
    "6.H.13:retreat-phase": "The convoy of the movement phase cannot carry a retreat: the retreat to London is "
                            "illegal and the army is disbanded.",
    "6.H.16:retreat-phase": "Spain is contested, on both coasts: the retreat to the south coast is illegal and "
                            "the fleet is disbanded.",
}

# Per-order results the DATC states (or that follow directly from the stated outcome), keyed by the
# order as written in the case's "orders".
RESULTS: dict[str, dict[str, str]] = {
    "6.A.1": {"F NTH - PIC": "invalid"},
    "6.A.2": {"A LVP - IRI": "invalid"},
    "6.A.3": {"F KIE - MUN": "invalid"},
    "6.A.4": {"F KIE - KIE": "invalid"},
    "6.A.5": {"F NTH C A YOR - YOR": "invalid", "A YOR - YOR": "invalid", "A LVP S A YOR - YOR": "invalid",
              "F LON - YOR": "succeeds"},
    "6.A.6": {"F LON - NTH": "invalid"},
    "6.A.7": {"F LON - BEL": "invalid", "F NTH C A LON - BEL": "invalid"},
    "6.A.8": {"A VEN - TRI": "succeeds", "F TRI S F TRI": "invalid"},
    "6.A.9": {"F ROM - VEN": "invalid"},
    "6.A.10": {"F ROM S A APU - VEN": "invalid", "A APU - VEN": "fails"},
    "6.A.11": {"A VIE - TYR": "fails", "A VEN - TYR": "fails"},
    "6.A.12": {"A VIE - TYR": "fails", "A MUN - TYR": "fails", "A VEN - TYR": "fails"},
    "6.B.1": {"F POR - SPA": "invalid"},
    "6.B.2": {"F GAS - SPA": "succeeds"},
    "6.B.3": {"F GAS - SPA/SC": "invalid"},
    "6.B.4": {"F GAS - SPA/NC": "succeeds", "F MAR S F GAS - SPA/NC": "succeeds", "F WES - SPA/SC": "fails"},
    "6.B.5": {"F SPA/NC S F MAR - LYO": "invalid", "F MAR - LYO": "fails"},
    "6.B.6": {"F NAO - MAO": "succeeds", "F SPA/NC S F MAO": "fails", "F LYO - SPA/SC": "fails"},
    "6.B.7": {"F POR S F MAO - SPA": "succeeds", "F MAO - SPA/NC": "fails", "F WES - SPA/SC": "fails"},
    "6.B.8": {"F POR S F GAS - SPA": "succeeds", "F GAS - SPA/NC": "fails", "F WES - SPA/SC": "fails"},
    "6.B.9": {"F MAO - SPA/SC": "fails", "F WES - SPA/SC": "succeeds"},
    "6.B.10": {"F SPA/NC - LYO": "succeeds"},
    "6.B.11": {"F SPA/SC - LYO": "invalid"},
    "6.B.12": {"A GAS - SPA/NC": "succeeds"},
    "6.B.13": {"F BUL/SC - CON": "fails", "F CON - BUL/EC": "fails"},
    "6.B.14": {"BUILD F STP": "invalid"},
    "6.B.15": {"F POR S F MAO - SPA": "succeeds", "F MAO - SPA/NC": "fails", "F WES - SPA/SC": "fails"},
    "6.C.1": {"F ANK - CON": "succeeds", "A CON - SMY": "succeeds", "A SMY - ANK": "succeeds"},
    "6.C.2": {"F ANK - CON": "succeeds", "A CON - SMY": "succeeds", "A SMY - ANK": "succeeds"},
    "6.C.3": {"F ANK - CON": "fails", "A CON - SMY": "fails", "A SMY - ANK": "fails", "A BUL - CON": "fails"},
    "6.C.4": {"A TRI - SER": "succeeds", "A SER - BUL": "succeeds", "A BUL - TRI": "succeeds",
              "F NAP - ION": "fails"},
    "6.C.5": {"A TRI - SER": "fails", "A SER - BUL": "fails", "A BUL - TRI": "fails", "F NAP - ION": "succeeds"},
    "6.C.6": {"A LON - BEL": "succeeds", "A BEL - LON": "succeeds"},
    "6.C.7": {"A LON - BEL": "fails", "A BEL - LON": "fails", "A BUR - BEL": "fails"},
    "6.C.8": {"F CON - BLA": "fails", "A BUL - CON": "fails", "F BLA - BUL/EC": "fails", "A SER - BUL": "fails"},
    "6.C.9": {"F CON - BLA": "fails", "F BLA - BUL/EC": "fails", "A SER - BUL": "fails", "A BUL - CON": "fails"},
    "6.D.1": {"A TRI - VEN": "fails", "A TYR S A VEN": "succeeds"},
    "6.D.2": {"A TRI - VEN": "succeeds", "A TYR S A VEN": "fails"},
    "6.D.3": {"F ADR S A TRI - VEN": "fails", "A TRI - VEN": "fails"},
    "6.D.4": {"A PRU - BER": "fails"},
    "6.D.5": {"A PRU - BER": "fails"},
    "6.D.6": {"A BER - SWE": "succeeds", "F LVN - BAL": "fails"},
    "6.D.7": {"F BAL - SWE": "fails", "F PRU S F BAL": "fails", "F LVN - BAL": "succeeds"},
    "6.D.8": {"A ALB - GRE": "succeeds", "A GRE - NAP": "fails", "A BUL S A GRE": "fails"},
    "6.D.9": {"A VEN - TRI": "succeeds", "A ALB S A TRI - SER": "fails"},
    "6.D.10": {"F KIE - BER": "fails"},
    "6.D.11": {"A BER - PRU": "fails", "F KIE - BER": "fails"},
    "6.D.12": {"A VEN - TRI": "fails"},
    "6.D.13": {"A VEN - TRI": "fails"},
    "6.D.14": {"A VEN - TRI": "succeeds"},
    "6.D.15": {"F CON S F BLA - ANK": "succeeds", "F BLA - ANK": "succeeds"},
    "6.D.16": {"A BEL - LON": "succeeds"},
    "6.D.17": {"F CON S F BLA - ANK": "fails", "F BLA - ANK": "fails", "F ANK - CON": "succeeds",
               "A ARM - ANK": "fails"},
    "6.D.18": {"F BLA - ANK": "succeeds", "F ANK - CON": "fails"},
    "6.D.19": {"F CON S F BLA - ANK": "succeeds", "F BLA - ANK": "succeeds", "F ANK - CON": "fails"},
    "6.D.20": {"F LON S F NTH - ENG": "succeeds", "F NTH - ENG": "succeeds"},
    "6.D.21": {"A VEN - TRI": "fails", "A TYR S A VEN - TRI": "fails", "A SIL - MUN": "succeeds"},
    "6.D.22": {"F KIE - MUN": "invalid", "A BUR S F KIE - MUN": "invalid", "A MUN - KIE": "succeeds"},
    "6.D.23": {"F LYO - SPA/SC": "succeeds", "F SPA/NC - LYO": "invalid"},
    "6.D.24": {"A MAR - LYO": "invalid", "F WES - LYO": "succeeds"},
    "6.D.25": {"A BER S A PRU": "fails", "F KIE S A BER": "succeeds", "A PRU - BER": "fails"},
    "6.D.26": {"A BER S A PRU - SIL": "fails", "F KIE S A BER": "succeeds", "A PRU - BER": "fails"},
    "6.D.27": {"F SWE - BAL": "fails", "F BAL C A BER - LVN": "fails", "F PRU S F BAL": "succeeds"},
    "6.D.28": {"A BUD S F RUM": "succeeds", "F RUM - HOL": "invalid", "F BLA - RUM": "fails"},
    "6.D.29": {"A BUD S F RUM": "succeeds", "F RUM - BUL/SC": "invalid", "F BLA - RUM": "fails"},
    "6.D.30": {"F AEG S F CON": "succeeds", "F CON - BUL": "invalid", "F BLA - CON": "fails"},
    "6.D.31": {"F BLA S A RUM - ARM": "invalid"},
    "6.D.32": {"A LVP - YOR": "fails", "F LON S A YOR": "succeeds", "A YOR - HOL": "invalid"},
    "6.D.33": {"A SER - BUD": "succeeds", "A VIE - BUD": "fails", "A BUL - SER": "succeeds"},
    "6.D.34": {"A BER - PRU": "succeeds", "A PRU S A LVN - PRU": "invalid", "A LVN - PRU": "fails"},
    "6.E.1": {"A BER - PRU": "succeeds", "F KIE - BER": "succeeds", "A PRU - BER": "fails"},
    "6.E.2": {"A BER - KIE": "fails", "F KIE - BER": "fails"},
    "6.E.3": {"A BER - KIE": "fails", "F KIE - BER": "fails"},
    "6.E.4": {"F HOL - NTH": "fails", "F NTH - HOL": "fails", "F NWG - NTH": "fails", "A RUH - HOL": "fails"},
    "6.E.5": {"F HOL - NTH": "fails", "F NTH - HOL": "fails", "F NWG - NTH": "succeeds", "A RUH - HOL": "fails"},
    "6.E.6": {"F HOL - NTH": "fails", "F NTH - HOL": "fails", "A RUH - HOL": "fails"},
    "6.E.7": {"F HEL - NTH": "fails", "F NWY - NTH": "fails"},
    "6.E.8": {"F NTH - NWY": "fails", "F HEL - NTH": "fails", "F NWY - NTH": "fails"},
    "6.E.9": {"F NTH - NWG": "succeeds", "F HEL - NTH": "fails", "F NWY - NTH": "succeeds"},
    "6.E.10": {"F NTH - DEN": "fails", "F HEL - NTH": "fails", "F DEN - HEL": "fails", "F NWY - NTH": "fails"},
    "6.E.11": {"A SPA - POR VIA": "succeeds", "A GAS - SPA": "fails", "F POR - SPA/NC": "succeeds"},
    "6.E.12": {"A BUD - RUM": "fails", "A VIE - BUD": "fails", "A GAL - BUD": "fails"},
    "6.E.13": {"F YOR - NTH": "fails", "F BEL - NTH": "fails", "F NWG - NTH": "fails"},
    "6.E.14": {"A LVP - EDI": "fails", "F EDI - LVP": "invalid"},
    "6.E.15": {"A RUH - KIE": "fails", "A KIE - BER": "fails", "A BER - KIE": "fails", "A PRU - BER": "fails"},
    "6.F.1": {"F CON C A GRE - SEV": "invalid"},
    "6.F.2": {"A LON - BRE": "fails", "A PAR - BRE": "fails"},
    "6.F.3": {"A LON - BRE": "succeeds", "A PAR - BRE": "fails"},
    "6.F.4": {"A LON - HOL": "succeeds", "F SKA - NTH": "fails"},
    "6.F.5": {"A LON - HOL": "succeeds", "F ENG - NTH": "fails", "F SKA - NTH": "fails"},
    "6.F.6": {"A LON - HOL": "fails", "F SKA - NTH": "succeeds", "A HOL S A BEL": "succeeds",
              "A PIC - BEL": "fails"},
    "6.F.7": {"A LON - HOL": "fails", "F SKA - NTH": "succeeds"},
    "6.F.8": {"A LON - HOL": "fails", "F SKA - NTH": "succeeds", "A BEL - HOL": "succeeds"},
    "6.F.9": {"A LON - BEL": "succeeds", "F MAO - ENG": "succeeds"},
    "6.F.10": {"A LON - BEL": "succeeds", "F MAO - ENG": "succeeds"},
    "6.F.11": {"A LON - BEL": "succeeds", "F MAO - ENG": "succeeds"},
    "6.F.12": {"A LON - BEL": "succeeds", "F MAO - IRI": "succeeds"},
    "6.F.13": {"A LON - BEL": "succeeds", "F DEN - NTH": "succeeds"},
    "6.F.14": {"F LON S F WAL - ENG": "succeeds", "F WAL - ENG": "succeeds", "A BRE - LON": "fails"},
    "6.F.15": {"F LON S F WAL - ENG": "succeeds", "F WAL - ENG": "succeeds", "A BRE - LON": "fails",
               "A NAF - WAL": "succeeds"},
    "6.F.16": {"F LON S F WAL - ENG": "succeeds", "F WAL - ENG": "fails", "A BRE - LON": "fails",
               "F BEL - ENG": "fails"},
    "6.F.17": {"F WAL - ENG": "fails", "A BRE - LON": "fails", "F BEL - ENG": "fails"},
    "6.F.18": {"A LON - BEL": "fails", "F BEL S F NTH": "succeeds", "F SKA - NTH": "fails"},
    "6.F.19": {"A TUN - NAP": "fails", "F NAP S F ROM - TYS": "fails", "F ROM - TYS": "fails"},
    "6.F.20": {"A TUN - NAP": "fails", "F NAP S F ION": "fails", "F EAS - ION": "succeeds"},
    "6.F.21": {"F MAO - NAO": "succeeds", "F CLY S F NAO": "fails"},
    "6.F.22": {"F EDI - NTH": "succeeds", "F LON S F EDI - NTH": "succeeds", "A BRE - LON": "fails",
               "F BEL S F PIC - ENG": "succeeds", "F PIC - ENG": "succeeds", "A NWY - BEL": "fails"},
    "6.F.23": {"F EDI - NTH": "fails", "A BRE - LON": "fails", "F MAO - ENG": "fails", "A NWY - BEL": "fails"},
    "6.F.24": {"F EDI - NTH": "succeeds", "F IRI - ENG": "fails", "A BRE - LON": "fails", "A NWY - BEL": "fails"},
    "6.F.25": {"A RUH - BEL": "fails", "A HOL S A RUH - BEL": "fails", "A DEN - NWY": "succeeds",
               "A YOR - HOL": "succeeds", "F NWG - NTH": "fails", "F NWY S F NWG - NTH": "fails",
               "F SWE - SKA": "fails"},
    "6.G.1": {"A NWY - SWE": "succeeds", "A SWE - NWY": "succeeds"},
    "6.G.2": {"A NWY - SWE": "fails", "F SWE - NWY": "fails"},
    "6.G.3": {"F BRE - ENG": "succeeds", "A PIC - BEL": "succeeds"},
    "6.G.4": {"F BRE - ENG": "succeeds", "A PIC - BEL": "succeeds", "A BEL - PIC": "fails"},
    "6.G.5": {"A ROM - APU": "succeeds", "A APU - ROM": "succeeds"},
    "6.G.6": {"A LVP - EDI": "succeeds", "A EDI - LVP": "succeeds"},
    "6.G.7": {"F NWY - SWE": "fails", "A SWE - NWY": "fails", "F BOT C A SWE - NWY": "invalid"},
    "6.G.8": {"F NTH - HEL": "succeeds", "A HOL - KIE": "succeeds"},
    "6.G.9": {"A NWY - SWE": "succeeds", "A SWE - NWY": "succeeds"},
    "6.G.10": {"A NWY - SWE VIA": "succeeds", "A SWE - NWY": "fails", "F NWG - NWY": "fails"},
    "6.G.11": {"F NTH - SKA": "succeeds", "A SWE - NWY": "fails"},
    "6.G.12": {"A LVP - EDI VIA": "succeeds", "A EDI - LVP VIA": "succeeds"},
    "6.G.13": {"A TRI - VEN VIA": "fails", "A VEN S F ALB - TRI": "succeeds", "F ALB - TRI": "succeeds"},
    "6.G.14": {"A NWY - SWE": "succeeds", "F NWG - NWY": "fails", "A SWE - NWY VIA": "fails"},
    "6.G.15": {"A YOR - LON": "fails", "A LON - BEL VIA": "succeeds", "A BEL - LON VIA": "fails"},
    "6.G.16": {"A NWY - SWE": "succeeds", "F NTH - NWY": "fails", "A SWE - NWY VIA": "succeeds"},
    "6.G.17": {"A NWY - SWE VIA": "succeeds", "F NTH - NWY": "fails", "A SWE - NWY": "succeeds"},
    "6.G.18": {"A YOR - LON": "fails", "A LON - BEL": "succeeds", "A BEL - LON": "succeeds"},
    "6.G.19": {"A MAR - SPA": "fails", "F WES C A MAR - SPA": "invalid", "A SPA - MAR": "fails"},
    "6.G.20": {"F BRE - ENG": "succeeds", "A PIC - BEL VIA": "fails"},
    "6.H.1": {"F TRI R ALB": "fails", "A SER S F TRI - ALB": "invalid", "F GRE R ALB": "fails"},
    "6.H.2": {"F NWY R NTH": "fails", "F EDI R NTH": "fails", "F HOL S F EDI - NTH": "invalid"},
    "6.H.3": {"A HOL R YOR": "invalid", "F NTH C A HOL - YOR": "invalid"},
    "6.H.4": {"A HOL R BEL": "succeeds", "F NTH - NWG": "invalid"},
    "6.H.5": {"F BLA - ANK": "succeeds"},
    "6.H.6": {"A TRI - VIE": "succeeds", "A MUN - BOH": "fails", "A SIL - BOH": "fails"},
    "6.H.7": {"A BOH R TYR": "fails", "A VIE R TYR": "fails"},
    "6.H.8": {"F NWY R NTH": "fails", "F EDI R NTH": "fails", "F HOL R NTH": "fails"},
    "6.H.9": {"F HEL - KIE": "succeeds", "A BER - PRU": "succeeds", "A PRU - BER": "fails"},
    "6.H.10": {"A KIE R BER": "invalid", "A PRU R BER": "succeeds"},
    "6.H.11": {"A GAS - MAR VIA": "succeeds"},
    "6.H.12": {"A LVP - EDI VIA": "fails", "F BRE - ENG": "succeeds", "A EDI - LVP VIA": "succeeds"},
    "6.H.13": {"A PAR - PIC": "succeeds"},
    "6.H.14": {"A PIC R BEL": "fails", "A BUR R BEL": "fails"},
    "6.H.15": {"F SPA/SC - POR": "succeeds"},
    "6.H.16": {"F MAO - SPA/NC": "fails", "F GAS - SPA/NC": "fails", "F TYS - WES": "succeeds"},
    "6.I.1": {"BUILD A WAR": "invalid", "BUILD A KIE": "succeeds"},
    "6.I.2": {"BUILD F MOS": "invalid"},
    "6.I.3": {"BUILD A BER": "invalid"},
    "6.I.4": {"BUILD A STP/NC": "invalid"},
    "6.I.5": {"BUILD A BER": "invalid"},
    "6.I.6": {"BUILD A WAR": "invalid"},
    "6.J.1": {"F LYO D": "invalid", "A PIC D": "succeeds"},
    # Extra positions.
    "6.A.3:fleet-support-inland": {"F TRI S A BUD": "invalid", "A GAL - BUD": "succeeds"},
    "6.A.7:fleet-named-in-convoy": {"F LON - BEL": "invalid", "F NTH C F LON - BEL": "invalid"},
    "6.A.10:2001-version": {"A BUD S F TRI - VEN": "invalid", "F TRI - VEN": "fails"},
    "6.F.22:extended": {"A STP - EDI": "succeeds", "A BRE - LON": "fails", "A NWY - BEL": "fails"},
    "6.G.10:without-via-convoy": {"A NWY - SWE": "succeeds", "A SWE - NWY": "fails", "F NWG - NWY": "succeeds"},
    "6.G.11:with-via-convoy": {"F NTH - SKA": "succeeds", "A SWE - NWY VIA": "fails"},
    "6.H.5:retreat-phase": {"F ANK R BLA": "invalid"},
    "6.H.5:retreat-to-occupied": {"F ANK R CON": "invalid"},
    "6.H.6:retreat-phase": {"A VIE R BOH": "invalid"},
    "6.H.9:retreat-phase": {"F KIE R BER": "succeeds", "A PRU R WAR": "succeeds"},
    "6.H.11:retreat-phase": {"A MAR R GAS": "succeeds"},
    "6.H.12:retreat-phase": {"F ENG R PIC": "succeeds", "A LVP R EDI": "succeeds"},
    "6.H.13:retreat-phase": {"A PIC R LON": "invalid"},
    "6.H.16:retreat-phase": {"F WES R SPA/SC": "invalid"},
}

# Every unit dislodged in a movement case, by power, with all of its legal retreats (checked by hand
# against the board after the move: not occupied, not the attacker's origin unless it came by convoy,
# not left empty by a standoff).
DISLODGED_AFTER: dict[str, dict[str, dict[str, list[str]]]] = {
    "6.A.5": {"ENGLAND": {"A YOR": ["EDI"]}},
    "6.A.8": {"AUSTRIA": {"F TRI": ["ADR", "ALB"]}},
    "6.B.6": {"FRANCE": {"F MAO": ["BRE", "ENG", "GAS", "NAF", "POR", "WES"]}},
    "6.C.5": {"TURKEY": {"F ION": ["ALB", "APU", "EAS", "GRE", "TYS"]}},
    "6.D.2": {"ITALY": {"A VEN": ["APU", "PIE", "ROM", "TUS"]}},
    "6.D.7": {"GERMANY": {"F BAL": ["BER", "DEN", "KIE"]}},  # Sweden: standoff
    "6.D.8": {"TURKEY": {"A GRE": []}},
    "6.D.9": {"AUSTRIA": {"A TRI": ["BUD", "SER", "VIE"]}},
    "6.D.14": {"AUSTRIA": {"F TRI": ["ALB"]}},
    "6.D.15": {"TURKEY": {"F ANK": ["ARM"]}},
    "6.D.16": {"ENGLAND": {"A LON": ["WAL", "YOR"]}},
    "6.D.17": {"RUSSIA": {"F CON": ["AEG", "BUL/EC", "BUL/SC"]}},
    "6.D.18": {"TURKEY": {"F ANK": []}},
    "6.D.19": {"TURKEY": {"F ANK": ["ARM"]}},
    "6.D.20": {"FRANCE": {"F ENG": ["BEL", "BRE", "IRI", "MAO", "PIC", "WAL"]}},
    "6.D.21": {"GERMANY": {"A MUN": ["BOH", "BUR", "KIE", "RUH"]}},
    "6.D.22": {"GERMANY": {"F KIE": ["BAL", "DEN", "HEL", "HOL"]}},
    "6.D.23": {"FRANCE": {"F SPA/NC": ["GAS", "MAO", "POR"]}},
    "6.D.24": {"ITALY": {"F LYO": ["PIE", "TUS"]}},
    "6.D.34": {"ITALY": {"A PRU": []}},
    "6.E.1": {"RUSSIA": {"A PRU": ["LVN", "WAR"]}},
    "6.E.5": {"FRANCE": {"F NTH": ["DEN", "ENG", "NWY"]}},
    "6.F.6": {"ENGLAND": {"F NTH": ["DEN", "EDI", "ENG", "NWG", "NWY", "YOR"]}},
    "6.F.7": {"ENGLAND": {"F NTH": ["BEL", "DEN", "EDI", "ENG", "HOL", "NWG", "NWY", "YOR"]}},
    "6.F.8": {"ENGLAND": {"F NTH": ["BEL", "DEN", "EDI", "ENG", "NWG", "NWY", "YOR"]}},
    "6.F.9": {"ENGLAND": {"F ENG": ["IRI", "LON", "PIC", "WAL"]}},
    "6.F.10": {"GERMANY": {"F ENG": ["IRI", "LON", "PIC", "WAL"]}},
    "6.F.11": {"GERMANY": {"F ENG": ["IRI", "LON", "PIC", "WAL"]}},
    "6.F.12": {"ENGLAND": {"F IRI": ["LVP", "WAL"]}},
    "6.F.13": {"ENGLAND": {"F NTH": ["EDI", "HEL", "LON", "NWG", "NWY", "SKA", "YOR"]}},
    "6.F.14": {"FRANCE": {"F ENG": ["BEL", "IRI", "MAO", "NTH", "PIC"]}},
    "6.F.15": {"FRANCE": {"F ENG": ["BEL", "NTH", "PIC"]}},
    "6.F.20": {"ITALY": {"F ION": ["ADR", "ALB", "APU", "GRE"]}},
    "6.F.21": {"ENGLAND": {"F NAO": [], "F CLY": []}},
    "6.F.22": {"FRANCE": {"F ENG": ["IRI", "MAO", "WAL"]},
               "RUSSIA": {"F NTH": ["DEN", "HEL", "HOL", "NWG", "SKA", "YOR"]}},
    "6.F.24": {"RUSSIA": {"F NTH": ["DEN", "HEL", "HOL", "NWG", "SKA", "YOR"]}},
    "6.F.25": {"GERMANY": {"A HOL": ["KIE"]}, "RUSSIA": {"F NWY": ["BAR", "STP/NC"]}},
    "6.G.3": {"ENGLAND": {"F ENG": ["IRI", "LON", "NTH", "PIC", "WAL"]}},
    "6.G.4": {"ENGLAND": {"A BEL": ["HOL", "RUH"], "F ENG": ["IRI", "LON", "NTH", "PIC", "WAL"]}},
    "6.G.10": {"RUSSIA": {"A SWE": []}},  # Norway: standoff, and the other neighbours are occupied
    "6.G.11": {"RUSSIA": {"F SKA": ["DEN"]}},
    "6.G.13": {"AUSTRIA": {"A TRI": ["BUD", "SER", "TYR", "VIE"]}},
    "6.G.14": {"RUSSIA": {"A SWE": []}},
    "6.G.15": {"FRANCE": {"A BEL": ["BUR", "PIC", "RUH"]}},
    "6.G.20": {"ENGLAND": {"F ENG": ["BEL", "IRI", "LON", "NTH", "WAL"]}},
    "6.H.15": {"ENGLAND": {"F POR": []}},
    "6.A.3:fleet-support-inland": {"AUSTRIA": {"A BUD": ["SER", "VIE"]}},
    "6.F.22:extended": {"FRANCE": {"F ENG": ["IRI", "MAO", "WAL"]},
                        "RUSSIA": {"F NTH": ["DEN", "HEL", "HOL", "SKA", "YOR"]}},
    "6.G.10:without-via-convoy": {"RUSSIA": {"A SWE": []}},
    "6.G.11:with-via-convoy": {"RUSSIA": {"F SKA": ["DEN"]}},
}

# Retreat phases: the attacker origin of every dislodged unit, and the standoff provinces.
RETREAT_SITUATIONS: dict[str, dict[str, Any]] = {
    "6.H.1": {"dislodged": {"AUSTRIA": [("F TRI", "TYR", False)], "TURKEY": [("F GRE", "ION", False)]}},
    "6.H.2": {"dislodged": {"ENGLAND": [("F NWY", "FIN", False)],
                            "RUSSIA": [("F EDI", "LVP", False), ("F HOL", "RUH", False)]}},
    "6.H.3": {"dislodged": {"ENGLAND": [("A HOL", "RUH", False)]}},
    "6.H.4": {"dislodged": {"ENGLAND": [("A HOL", "RUH", False)]}},
    "6.H.7": {"dislodged": {"ITALY": [("A VIE", "TRI", False), ("A BOH", "SIL", False)]}},
    "6.H.8": {"dislodged": {"ENGLAND": [("F NWY", "FIN", False)],
                            "RUSSIA": [("F EDI", "LVP", False), ("F HOL", "RUH", False)]}},
    "6.H.10": {"dislodged": {"ENGLAND": [("A KIE", "BER", False)], "GERMANY": [("A PRU", "WAR", False)]}},
    "6.H.14": {"dislodged": {"ENGLAND": [("A PIC", "PAR", False)], "FRANCE": [("A BUR", "MAR", False)]}},
    "6.H.5:retreat-phase": {"dislodged": {"TURKEY": [("F ANK", "BLA", False)]}},
    "6.H.5:retreat-to-occupied": {"dislodged": {"TURKEY": [("F ANK", "BLA", False)]}},
    "6.H.6:retreat-phase": {"dislodged": {"ITALY": [("A VIE", "TRI", False)]}, "contested": ["BOH"]},
    "6.H.9:retreat-phase": {"dislodged": {"GERMANY": [("F KIE", "HEL", False)], "RUSSIA": [("A PRU", "BER", False)]}},
    "6.H.11:retreat-phase": {"dislodged": {"ITALY": [("A MAR", "GAS", True)]}},
    "6.H.12:retreat-phase": {"dislodged": {"ENGLAND": [("A LVP", "EDI", True), ("F ENG", "BRE", False)]}},
    "6.H.13:retreat-phase": {"dislodged": {"ENGLAND": [("A PIC", "PAR", False)]}},
    "6.H.16:retreat-phase": {"dislodged": {"FRANCE": [("F WES", "TYS", False)]}, "contested": ["SPA"]},
}

# Movement cases whose godip encoding is a retreat phase (or differs from the v3.0 text): written
# from the v3.0 document. The godip retreat-phase version is kept as an extra entry (see below).
MOVEMENT_REWRITES: dict[str, dict[str, Any]] = {
    "6.H.5": {
        "units": {"RUSSIA": ["F CON", "F BLA"], "TURKEY": ["F ANK"]},
        "orders": {"RUSSIA": ["F CON S F BLA - ANK", "F BLA - ANK"], "TURKEY": ["F ANK H"]},
        "after": {"RUSSIA": ["F CON", "F ANK"]},
        "dislodged": {"TURKEY": {"F ANK": ["ARM"]}},
    },
    "6.H.6": {
        "units": {"AUSTRIA": ["A BUD", "A TRI"], "GERMANY": ["A MUN", "A SIL"], "ITALY": ["A VIE"]},
        "orders": {"AUSTRIA": ["A BUD S A TRI - VIE", "A TRI - VIE"], "GERMANY": ["A MUN - BOH", "A SIL - BOH"],
                   "ITALY": ["A VIE H"]},
        "after": {"AUSTRIA": ["A BUD", "A VIE"], "GERMANY": ["A MUN", "A SIL"]},
        "dislodged": {"ITALY": {"A VIE": ["GAL", "TYR"]}},
    },
    "6.H.9": {
        "units": {"ENGLAND": ["F HEL", "F DEN"], "GERMANY": ["A BER", "F KIE", "A SIL"], "RUSSIA": ["A PRU"]},
        "orders": {"ENGLAND": ["F HEL - KIE", "F DEN S F HEL - KIE"],
                   "GERMANY": ["A BER - PRU", "F KIE H", "A SIL S A BER - PRU"], "RUSSIA": ["A PRU - BER"]},
        "after": {"ENGLAND": ["F KIE", "F DEN"], "GERMANY": ["A PRU", "A SIL"]},
        "dislodged": {"GERMANY": {"F KIE": ["BAL", "BER", "HOL"]}, "RUSSIA": {"A PRU": ["LVN", "WAR"]}},
    },
    "6.H.11": {
        "units": {"FRANCE": ["A GAS", "A BUR", "F MAO", "F WES", "F LYO"], "ITALY": ["A MAR"]},
        "orders": {"FRANCE": ["A GAS - MAR VIA", "A BUR S A GAS - MAR", "F MAO C A GAS - MAR",
                              "F WES C A GAS - MAR", "F LYO C A GAS - MAR"], "ITALY": ["A MAR H"]},
        "after": {"FRANCE": ["A MAR", "A BUR", "F MAO", "F WES", "F LYO"]},
        "dislodged": {"ITALY": {"A MAR": ["GAS", "PIE", "SPA"]}},
    },
    "6.H.12": {
        "units": {"ENGLAND": ["A LVP", "F IRI", "F ENG", "F NTH"], "FRANCE": ["F BRE", "F MAO"],
                  "RUSSIA": ["A EDI", "F NWG", "F NAO", "A CLY"]},
        "orders": {"ENGLAND": ["A LVP - EDI VIA", "F IRI C A LVP - EDI", "F ENG C A LVP - EDI",
                               "F NTH C A LVP - EDI"],
                   "FRANCE": ["F BRE - ENG", "F MAO S F BRE - ENG"],
                   "RUSSIA": ["A EDI - LVP VIA", "F NWG C A EDI - LVP", "F NAO C A EDI - LVP",
                              "A CLY S A EDI - LVP"]},
        "after": {"ENGLAND": ["F IRI", "F NTH"], "FRANCE": ["F ENG", "F MAO"],
                  "RUSSIA": ["A LVP", "F NWG", "F NAO", "A CLY"]},
        "dislodged": {"ENGLAND": {"A LVP": ["EDI", "WAL", "YOR"], "F ENG": ["BEL", "LON", "PIC", "WAL"]}},
    },
    "6.H.13": {
        "units": {"ENGLAND": ["A PIC", "F ENG"], "FRANCE": ["A PAR", "A BRE"]},
        "orders": {"ENGLAND": ["A PIC H", "F ENG C A PIC - LON"], "FRANCE": ["A PAR - PIC", "A BRE S A PAR - PIC"]},
        "after": {"ENGLAND": ["F ENG"], "FRANCE": ["A PIC", "A BRE"]},
        "dislodged": {"ENGLAND": {"A PIC": ["BEL", "BUR"]}},
    },
    "6.H.16": {
        "units": {"FRANCE": ["F MAO", "F GAS", "F WES"], "ITALY": ["F TUN", "F TYS"]},
        "orders": {"FRANCE": ["F MAO - SPA/NC", "F GAS - SPA/NC", "F WES H"],
                   "ITALY": ["F TUN S F TYS - WES", "F TYS - WES"]},
        "after": {"FRANCE": ["F MAO", "F GAS"], "ITALY": ["F TUN", "F WES"]},
        "dislodged": {"FRANCE": {"F WES": ["LYO", "NAF"]}},
    },
}
# The retreat-phase encodings of those cases, kept as extra entries (6.H.15's has no orders: dropped).
RETREAT_PHASE_VARIANTS = ("6.H.5", "6.H.6", "6.H.9", "6.H.11", "6.H.12", "6.H.13", "6.H.16")


def _set_orders(case: dict[str, Any], power: str, old: str, new: str) -> None:
    orders = case["orders"][power]
    orders[orders.index(old)] = new


def _patch_from_v3_text(cases: dict[str, dict[str, Any]]) -> None:
    """Cases where the godip encoding differs from the v3.0 text in a detail."""
    # v3.0 moves a fleet from Kiel (godip: an army); same outcome.
    case = cases["6.E.1"]
    case["units"]["GERMANY"] = ["A BER", "F KIE", "A SIL"]
    _set_orders(case, "GERMANY", "A KIE - BER", "F KIE - BER")
    case["expect"]["units"]["GERMANY"] = ["A PRU", "F BER", "A SIL"]
    # v3.0 orders "Build A St Petersburg(nc)" (godip: a fleet).
    _set_orders(cases["6.I.4"], "RUSSIA", "BUILD F STP/NC", "BUILD A STP/NC")
    # The DATC's English fleet moves to the Norwegian Sea (godip: Norway).
    _set_orders(cases["6.H.4"], "ENGLAND", "F NTH - NWY", "F NTH - NWG")
    # godip lists the two successful attackers at their origins; the retreat phase has them moved.
    case = cases["6.H.14"]
    case["units"]["FRANCE"] = ["A PIC", "A BRE"]
    case["units"]["GERMANY"] = ["A MUN", "A BUR"]
    case["expect"]["units"] = copy.deepcopy(case["units"])
    # The DATC lists Bohemia's retreat first.
    cases["6.H.7"]["orders"]["ITALY"] = ["A BOH R TYR", "A VIE R TYR"]
    # The contract writes a build as "BUILD A BER" (the overrides file has "A BER B").
    _set_orders(cases["6.I.3"], "GERMANY", "A BER B", "BUILD A BER")


def _movement_rewrite(case_id: str, spec: dict[str, Any]) -> dict[str, Any]:
    return {
        "id": case_id,
        "variant": "standard",
        "phase": "S1901M",
        "units": copy.deepcopy(spec["units"]),
        "orders": copy.deepcopy(spec["orders"]),
        "expect": {"units": copy.deepcopy(spec["after"]), "dislodged": {}},
    }


def _set_dislodged_after(case: dict[str, Any], spec: dict[str, dict[str, list[str]]]) -> None:
    listed_before = {(power, entry["unit"]) for power, entries in case["expect"].get("dislodged", {}).items()
                     for entry in entries}
    listed_now = {(power, unit) for power, units in spec.items() for unit in units}
    if not listed_before <= listed_now:
        raise ValueError(f"{case['id']}: dislodged units {sorted(listed_before - listed_now)} dropped")
    case["expect"]["dislodged"] = {
        power: [{"unit": unit, "retreats": sorted(retreats)} for unit, retreats in units.items()]
        for power, units in spec.items()
    }


def _set_retreat_situation(case: dict[str, Any], spec: dict[str, Any]) -> None:
    listed_before = {(power, entry["unit"]) for power, entries in case.get("dislodged", {}).items()
                     for entry in entries}
    listed_now = {(power, unit) for power, entries in spec["dislodged"].items() for unit, _, _ in entries}
    if listed_before != listed_now:
        raise ValueError(f"{case['id']}: dislodged units differ: {sorted(listed_before ^ listed_now)}")
    case["dislodged"] = {
        power: [
            {"unit": unit, "attacker": attacker, "via_convoy": via_convoy}
            for unit, attacker, via_convoy in entries
        ]
        for power, entries in spec["dislodged"].items()
    }
    if spec.get("contested"):
        case["contested"] = list(spec["contested"])


def _drop_empty_powers(case: dict[str, Any]) -> None:
    for holder in (case, case["expect"]):
        for key in ("units", "orders", "dislodged"):
            if key in holder and isinstance(holder[key], dict):
                holder[key] = {power: listed for power, listed in holder[key].items() if listed}


def _check_results(case: dict[str, Any]) -> None:
    written = [order for orders in case["orders"].values() for order in orders]
    for order in case["expect"].get("results", {}):
        if written.count(order) != 1:
            raise ValueError(f"{case['id']}: result key {order!r} matches {written.count(order)} orders")


def apply(cases: dict[str, dict[str, Any]]) -> None:
    _patch_from_v3_text(cases)

    for case_id in RETREAT_PHASE_VARIANTS:
        variant_id = f"{case_id}:retreat-phase"
        cases[variant_id] = {**copy.deepcopy(cases[case_id]), "id": variant_id, "variant_of": case_id}
    # godip's "6.H.5.mod": the same retreat phase with the retreat aimed at an occupied province.
    occupied = copy.deepcopy(cases["6.H.5:retreat-phase"])
    occupied.update(id="6.H.5:retreat-to-occupied", orders={"TURKEY": ["F ANK R CON"]})
    cases[occupied["id"]] = occupied

    for case_id, spec in MOVEMENT_REWRITES.items():
        cases[case_id] = _movement_rewrite(case_id, spec)
        _set_dislodged_after(cases[case_id], spec["dislodged"])

    for case_id, spec in DISLODGED_AFTER.items():
        _set_dislodged_after(cases[case_id], spec)
    for case_id, spec in RETREAT_SITUATIONS.items():
        _set_retreat_situation(cases[case_id], spec)

    for case_id, case in cases.items():
        verdict = VARIANT_VERDICTS.get(case_id) if "variant_of" in case else VERDICTS.get(case_id)
        if verdict is not None:
            case["datc"] = verdict
        if case_id in RESULTS:
            case["expect"]["results"] = dict(RESULTS[case_id])
        if case["phase"].endswith("M"):
            case["expect"].setdefault("dislodged", {})
            for power, entries in case["expect"]["dislodged"].items():
                for entry in entries:
                    if "retreats" not in entry:
                        raise ValueError(f"{case_id}: no retreats checked for {power} {entry['unit']}")
        _drop_empty_powers(case)
        _check_results(case)
