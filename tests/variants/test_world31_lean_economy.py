"""The lean economy (``engine/variants/world31/lean_economy.py``) against the general path: every upkeep line,
purchase, militia order and removed unit's result, every note (militia lost or not maintained, finance sheets),
the next position's units, militia, ledger and winner, on seeded random World phases (as sampled, and with upkeep
lines left out and balances moved round what the units cost) and hand-made cases on the test board."""
from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any, Mapping

import pytest
from world31_board import WorldTestBoard

import engine
from engine.contract import position_of, state_from_request, units_by_power
from engine.orders import Build, Hold, Order
from engine.outcomes import encoded_json
from engine.phases import SUCCEEDS, Submission
from engine.state import GameState
from engine.types import Phase, Unit, UnitType
from engine.variants import find_variant
from engine.variants.world31 import lean_economy as lean
from engine.variants.world31.orders import MILITIA, MILITIA_ORDERS, Maintain, MilitiaHold, militia_slot
from engine.variants.world31.resolver import WorldResolver
from engine.variants.world31.variant import WorldDiplomacy

from world31_lean_cases import world_phases


@pytest.fixture(autouse=True)
def general_path_only(monkeypatch: pytest.MonkeyPatch) -> None:
    """The responses compared against are the general path's (the World lean path answers from this module
    and is held to the general path by test_world31_lean_path.py)."""
    import engine.variants.world31.lean as world_lean
    monkeypatch.setattr(world_lean, "ENABLED", False)

A, F, M = UnitType.ARMY, UnitType.FLEET, MILITIA
UPKEEP = {A: 300, F: 300, M: 600}


def _entry(entry: Mapping[str, Any]) -> tuple[Any, ...]:
    return (entry["power"], entry["order"], entry["result"], entry["reason"], entry.get("default", False),
            json.dumps(entry["outcome"]))


def _note(note: lean.Note) -> tuple[Any, ...]:
    v = note.verdict
    return (note.power, note.order, v.result, v.words, True, v.json)


def check_phase(variant: WorldDiplomacy, state: GameState, orders: dict[str, list[str]]) -> Counter[str]:
    """Both paths over one phase; every economy and militia result, note and the next position compared.
    Answers what the phase exercised (counts of outcome codes and cases)."""
    seen: Counter[str] = Counter()
    request = position_of(variant, state)
    # The position as a request reads (the lean path reads the same): units in the request's order, which
    # decides which of two units the general path lets into one province keeps it.
    state = state_from_request(request)[1]
    general = Submission.from_texts(variant, state, orders).process()
    response = engine.adjudicate(request | {"orders": orders})
    assert [r.order for r in general.results] == [e["order"] for e in response["orders"]]

    # The lean path's inputs, read from the submission as ``phases._process_movement`` reads it.
    sub = Submission.from_texts(variant, state, orders)
    by_slot: dict[str, Order] = {}
    for i, key in enumerate(sub.keys):
        if key is not None and sub.results[i].result == SUCCEEDS:
            by_slot[key] = sub.results[i].typed  # type: ignore[assignment]
    ledger = variant.ledger(state)
    assert lean.serves(variant) and lean.serves_ledger(ledger)
    assert all(map(lean.serves_order, by_slot.values()))
    tables = lean.tables_for(variant)
    maintains = [lean.Slotted(o.unit, k) for k, o in by_slot.items() if type(o) is Maintain]
    purchases = [lean.Slotted(o.unit, k) for k, o in by_slot.items() if type(o) is Build]
    militia_orders = {k: lean.militia_order(k, o) for k, o in by_slot.items() if isinstance(o, MILITIA_ORDERS)}
    upkeep = lean.pay_upkeep(tables, state.phase, state.units, state.stacked, ledger, maintains, militia_orders)

    # The battle, as ``economy.adjudicate`` gives it to the resolver.
    gone = upkeep.gone
    units = {p: u for p, u in state.units.items() if u not in gone}
    military: dict[str, Order] = {p: by_slot.get(p) or Hold(u) for p, u in units.items()}
    militia: dict[str, Order] = {militia_slot(s.unit): by_slot.get(militia_slot(s.unit)) or MilitiaHold(s.unit)
                                 for s in state.stacked if s.unit not in gone}
    resolver = WorldResolver(variant.board, units, military, None, militia)
    result = resolver.run()
    battle_verdicts = {}
    for key, given in militia_orders.items():
        if given.kind == lean.MILITIA_SUPPORT and key in result.outcomes:
            got = result.outcomes[key]
            assert got.detail is not None
            battle_verdicts[key] = lean.Verdict(got.succeeded, got.reason, encoded_json(got.detail))
    end = lean.after_battle(tables, state.phase, state.units, state.stacked, upkeep, result.moved, result.dislodged,
                            result.contested, resolver.move_dest, militia_orders, battle_verdicts, purchases)

    # Every usable economy or militia line, and every removed unit's line (given or default), as the response.
    entries = response["orders"]
    removed_slots = {militia_slot(u) if u.type is MILITIA else u.loc.partition("/")[0] for u in upkeep.removed}
    for i, key in enumerate(sub.keys):
        if key is None or sub.results[i].result != SUCCEEDS:
            continue
        order = by_slot[key]
        if isinstance(order, (Maintain, Build, *MILITIA_ORDERS)) or key in removed_slots:
            v = end.verdicts[key]
            assert (v.result, v.words, v.json) == (entries[i]["result"], entries[i]["reason"],
                                                    json.dumps(entries[i]["outcome"])), (str(state.phase), key)
            seen[entries[i]["outcome"]["code"]] += 1
    defaults = [u for p, u in state.units.items() if p not in by_slot]
    start = len(sub.results)
    for offset, unit in enumerate(defaults):
        entry = entries[start + offset]
        assert entry["order"] == f"{unit} H" and entry["default"]
        prov = unit.loc.partition("/")[0]
        if prov in removed_slots:
            v = end.verdicts[prov]
            assert (v.result, v.words, v.json) == (entry["result"], entry["reason"], json.dumps(entry["outcome"]))
            seen["default not_maintained"] += 1
    # The notes, in order; then, when every dislodged unit was destroyed at once, their lines and the
    # retreat phase's notes.
    rest = entries[start + len(defaults):]
    assert [_entry(e) for e in rest[:len(end.notes)]] == [_note(n) for n in end.notes], str(state.phase)
    rest = rest[len(end.notes):]
    seen.update(n.order if n.order == "FINANCES" else n.verdict.json.split('"')[3] for n in end.notes)
    if result.dislodged and not response["next_phase"].endswith("R"):
        assert not end.settled
        destroyed = rest[:len(result.dislodged)]
        assert all(e["outcome"]["code"] == "destroyed_no_retreat" for e in destroyed)
        notes = lean.retreats_at_once(tables, state.phase, end)
        assert [_entry(e) for e in rest[len(destroyed):]] == [_note(n) for n in notes], str(state.phase)
        seen["retreats at once"] += 1
    else:
        assert not rest
        assert end.settled == (not result.dislodged)
    # The next position.
    listed = units_by_power([*end.units.values(), *(s.unit for s in end.militia)])
    assert response["units"] == listed, {p: (u, listed.get(p)) for p, u in response["units"].items() if listed.get(p) != u}
    assert general.state.stacked == tuple(end.militia)
    assert json.dumps(response["extra"]) == json.dumps(end.extra)
    if end.settled:
        assert response.get("winner") == end.winner
        seen["settled"] += 1
    else:
        assert "winner" not in response
    seen["removed"] += len(end.removed)
    seen["placed"] += len(end.placed)
    return seen


def _perturbed(variant: WorldDiplomacy, state: GameState, orders: dict[str, list[str]],
               rng: random.Random) -> tuple[GameState, dict[str, list[str]]]:
    """Some upkeep lines left out (and a few other lines: units left to their default hold), each country's
    lines shuffled, balances round what its units cost."""
    extra = variant.ledger(state).plain()
    money = dict(extra["money"])
    cost: Counter[str] = Counter()
    for unit in state.all_units():
        cost[unit.power] += UPKEEP[unit.type]
    changed: dict[str, list[str]] = {}
    for power, lines in orders.items():
        kept = [line for line in lines if rng.random() >= (0.15 if line.startswith("MAINTAIN") else 0.05)]
        rng.shuffle(kept)
        changed[power] = kept
        money[power] = max(0, cost[power] + rng.choice([-900, -600, -300, -1, 0, 1, 300, 600, 1200]))
    return state.replace(extra={**extra, "money": money}), changed


@pytest.mark.parametrize("seed", [1, 2])
def test_random_world_phases_give_the_general_paths_economy(seed: int) -> None:
    variant = find_variant("world31")
    assert isinstance(variant, WorldDiplomacy)
    rng = random.Random(seed)
    seen: Counter[str] = Counter()
    for phase in world_phases(24, seed):
        seen += check_phase(variant, phase.state, phase.orders)
        seen += check_phase(variant, *_perturbed(variant, phase.state, phase.orders, rng))
    for code in ("maintained", "unpaid", "not_maintained", "default not_maintained", "bought", "site_taken", "holds",
                 "support_given", "militia_moves", "militia_blocked", "militia_lost", "FINANCES", "settled", "retreats at once",
                 "removed", "placed"):
        assert seen[code] > 0, (code, seen)


# --- hand-made cases, on the test board ------------------------------------------------------------------------


def _state(phase: str, units: dict[str, list[str]], **extra: object) -> GameState:
    variant = WorldTestBoard()
    listed = [Unit(power, UnitType(text.split()[0]), text.split()[1]) for power, texts in units.items() for text in texts]
    state: GameState = variant.make_state(Phase.parse(phase), listed, {}, extra=dict(extra))
    return state


def _check(state: GameState, orders: dict[str, list[str]]) -> tuple[Counter[str], dict[str, Any]]:
    variant = WorldTestBoard()
    seen = check_phase(variant, state, orders)
    response = engine.adjudicate(position_of(variant, state) | {"orders": orders})
    return seen, response


def _results(response: dict[str, Any]) -> dict[str, tuple[str, str]]:
    return {e["order"]: (e["result"], e["reason"]) for e in response["orders"] if not e.get("default")}


def test_a_country_short_of_upkeep_loses_the_units_its_money_does_not_reach_in_listing_order() -> None:
    state = _state("U2001M", {"FRANCE": ["A PAR", "A BUR", "M PIC", "F BRE"]}, money={"FRANCE": 1000})
    seen, response = _check(state, {"FRANCE": ["MAINTAIN A BUR", "MAINTAIN M PIC", "MAINTAIN F BRE", "MAINTAIN A PAR"]})
    got = _results(response)
    assert got["MAINTAIN A BUR"][0] == "succeeds" and got["MAINTAIN M PIC"][0] == "succeeds"
    assert got["MAINTAIN F BRE"] == ("fails", "not enough money (US$3.00 needed)")
    assert got["MAINTAIN A PAR"][0] == "fails"
    assert response["extra"]["money"]["FRANCE"] == 100
    assert response["units"]["FRANCE"] == ["A BUR", "M PIC"]
    assert seen["unpaid"] == 2 and seen["default not_maintained"] == 2


def test_unlisted_units_are_removed_and_a_militia_with_no_order_gets_a_note() -> None:
    state = _state("W2002M", {"FRANCE": ["A PAR", "M PAR", "M BUR", "F BRE"], "UK": ["F SCO", "M WAL"]},
                   money={"FRANCE": 5000, "UK": 5000})
    seen, response = _check(state, {"FRANCE": ["MAINTAIN A PAR", "M BUR - PIC", "F BRE H"],
                                    "UK": ["MAINTAIN M WAL", "M WAL H"]})
    notes = [(e["power"], e["order"], e["reason"]) for e in response["orders"] if e.get("default")]
    assert ("FRANCE", "M PAR", "not maintained: disbanded") in notes  # no order: a note says it
    assert not any(order == "M BUR" for _, order, _ in notes)  # its own order line says it
    assert _results(response)["M BUR - PIC"] == ("fails", "not maintained: disbanded")
    assert _results(response)["F BRE H"] == ("fails", "not maintained: disbanded")
    assert "F SCO H" in [e["order"] for e in response["orders"] if e.get("default")]
    assert seen["not_maintained"] >= 3 and seen["removed"] == 4


def test_purchases_on_a_taken_site_unaffordable_and_fine() -> None:
    state = _state("U2001M", {"FRANCE": ["A BUR"], "UK": ["F ECH"]}, money={"FRANCE": 700, "UK": 400})
    seen, response = _check(state, {"FRANCE": ["MAINTAIN A BUR", "A BUR - PIC", "A PAR B", "M BRE B"],
                                    "UK": ["MAINTAIN F ECH", "F ECH - PIC", "F GIB B", "M SCO B"]})
    got = _results(response)
    assert got["A PAR B"] == ("succeeds", "bought for US$3.00")
    assert got["M BRE B"] == ("fails", "not enough money (US$6.00 needed)")
    assert got["F GIB B"][0] == "fails" and got["M SCO B"][0] == "fails"  # UK has $1 left after upkeep
    seen2, response2 = _check(state.replace(extra={**state.extra, "money": {"FRANCE": 1500, "UK": 400}}),
                              {"FRANCE": ["MAINTAIN A BUR", "A BUR - PIC", "A PAR B", "M PIC B"]})
    assert _results(response2)["M PIC B"] == ("fails", "PIC was taken this turn: nothing bought")
    assert seen["bought"] == 1 and seen2["site_taken"] == 1


def test_a_captured_home_centre_changes_hands_and_control_follows_the_occupants() -> None:
    state = _state("F2001M", {"FRANCE": ["A BUR", "M PIC"], "UK": ["A PAR", "F ECH"]},
                   money={"FRANCE": 0, "UK": 0})
    seen, response = _check(state, {"UK": ["F ECH - BRE"], "FRANCE": ["M PIC - BRE"]})
    extra = response["extra"]
    assert "PAR" in extra["homes"]["UK"] and "BRE" in extra["homes"]["UK"]
    assert extra["control"]["PAR"] == "UK" and extra["control"]["PIC"] == "FRANCE"
    assert seen["settled"] == 1


def test_taxes_after_spring_and_fall_count_seas_provinces_and_cities() -> None:
    for season in ("S", "F", "U"):
        state = _state(f"{season}2001M", {"FRANCE": ["A BUR", "F NTH", "M PIC"], "UK": ["F ECH", "F NWG"]},
                       money={"FRANCE": 150, "UK": 0})
        orders = {"FRANCE": ["A BUR H", "M PIC H"] + (["MAINTAIN A BUR", "MAINTAIN F NTH", "MAINTAIN M PIC"]
                                                      if season == "U" else [])}
        seen, response = _check(state, orders)
        sheets = {e["power"]: e["reason"] for e in response["orders"] if e["order"] == "FINANCES"}
        if season == "U":
            assert "taxes" not in sheets["FRANCE"]
        else:
            assert "taxes (1 sea zones" in sheets["FRANCE"] and "taxes (2 sea zones, 0 provinces" in sheets["UK"]
        assert set(sheets) >= {"FRANCE", "UK"}


def test_a_frozen_season_and_the_first_winter_pay_no_upkeep() -> None:
    state = _state("W2000M", {"FRANCE": ["A BUR", "M PIC"], "UK": ["F ECH"]}, money={"FRANCE": 100})
    seen, response = _check(state, {"FRANCE": ["A BUR - LAP", "M PIC - BRE"]})
    assert seen["removed"] == 0 and response["units"]["FRANCE"] == ["M BRE", "A BUR"]
    frozen = _state("W2003M", {"FRANCE": ["A BUR", "M PIC"], "UK": ["F ECH"]}, money={"FRANCE": 900, "UK": 300})
    seen, response = _check(frozen, {"FRANCE": ["MAINTAIN A BUR", "MAINTAIN M PIC", "A BUR - LAP", "M PIC - PAR"],
                                     "UK": ["MAINTAIN F ECH"]})
    assert _results(response)["A BUR - LAP"][0] == "invalid"  # frozen in Winter
    assert _results(response)["M PIC - PAR"] == ("succeeds", "moves to PAR")


def test_militia_blocked_lost_and_supporting() -> None:
    blocked = _state("S2002M", {"FRANCE": ["M PAR", "M PIC"]})
    seen, response = _check(blocked, {"FRANCE": ["M PAR - PIC", "M PIC H"]})
    assert _results(response)["M PAR - PIC"] == ("fails", "PIC is not free: militia never attack")
    assert seen["militia_blocked"] == 1 and seen["holds"] == 1
    lost = _state("S2002M", {"FRANCE": ["M PIC", "A BUR"], "UK": ["A PAR", "A BRE"]})
    seen, response = _check(lost, {"UK": ["A PAR - PIC", "A BRE S A PAR - PIC"], "FRANCE": ["M PIC S A BUR"]})
    assert _results(response)["M PIC S A BUR"] == ("fails", "M PIC destroyed: its province was taken")
    assert seen["militia_lost"] == 2  # its order's line and its note
    assert ("FRANCE", "M PIC") in [(e["power"], e["order"]) for e in response["orders"] if e.get("default")]
    support = _state("S2002M", {"FRANCE": ["M PIC", "A BUR", "A PAR"], "UK": ["A BRE"]})
    seen, response = _check(support, {"FRANCE": ["M PIC S A PAR", "A BUR S A PAR", "A PAR H"],
                                      "UK": ["A BRE - PAR"]})
    assert _results(response)["M PIC S A PAR"][0] == "succeeds"
    guard = _state("S2002M", {"FRANCE": ["M PIC", "A PIC"], "UK": ["A BRE"]})
    seen, response = _check(guard, {"FRANCE": ["M PIC S A PIC"], "UK": ["A BRE - PIC"]})
    assert seen["support_given"] == 1


def test_a_winner_is_found_when_the_season_ends() -> None:
    variant = WorldTestBoard(options={"continents_to_win": 2})
    places = sorted({p for c in ("EP", "SA", "NA") for p in variant.continent_places(c)})
    state = variant.make_state(Phase.parse("F2001M"), [Unit("UK", F, "ECH")], {},
                               extra={"control": {p: "UK" for p in places}})
    seen = check_phase(variant, state, {"UK": ["F ECH H"]})
    assert seen["settled"] == 1
    assert engine.adjudicate(position_of(variant, state) | {"orders": {}})["winner"] == "UK"


def test_a_ledger_with_loans_bribes_or_rebellions_is_not_served() -> None:
    variant = WorldTestBoard()
    plain = _state("S2001M", {"FRANCE": ["A BUR"]})
    assert lean.serves_ledger(variant.ledger(plain))
    assert not lean.serves_ledger(variant.ledger(_state("S2001M", {"FRANCE": ["A BUR"]}, rebellions=["PIC"])))
    loan = _state("S2001M", {"FRANCE": ["A BUR"]}, loans=[{"power": "FRANCE", "owed": 100, "due": "S2002M"}])
    assert not lean.serves_ledger(variant.ledger(loan))
    assert not lean.serves(WorldTestBoard(options={"currencies": "advanced"}))
    assert not lean.serves(WorldTestBoard(options={"upkeep": "automatic"}))
    assert lean.serves(WorldTestBoard(options={"conquest": "provinces"}))
    state = _state("U2001M", {"FRANCE": ["A BUR", "M PIC"], "UK": ["F ECH"]}, money={"FRANCE": 5000})
    read = {text: variant.validate(variant.parse(text), state, "FRANCE")
            for text in ("MAINTAIN A BUR", "A PAR B", "M PIC - PAR", "A BUR - PAR", "BRIBE F ECH $9",
                         "LOAN $5 1 YEAR", "TRANSFER $1 TO UK", "REBELLION GIB")}
    assert [text for text, order in read.items() if not lean.serves_order(order)] == \
        ["BRIBE F ECH $9", "LOAN $5 1 YEAR", "TRANSFER $1 TO UK", "REBELLION GIB"]


def test_savings_are_printed_as_the_general_paths_sheets_print_them() -> None:
    """The sheets' savings (``lean_economy._dollars``) against ``money.shown``: every width of thousands,
    debts, and amounts under a dollar."""
    from engine.variants.world31.money import shown

    rng = random.Random(5)
    amounts = [0, 1, 9, 10, 99, 100, 101, 999, 1000, 99_999, 100_000, 100_001, 123_456_789, 10**12]
    amounts += [-a for a in amounts] + [rng.randint(-10**9, 10**9) for _ in range(2000)]
    assert [lean._dollars(a) for a in amounts] == [shown(a) for a in amounts]
