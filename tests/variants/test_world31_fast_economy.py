"""World Diplomacy's short cuts in the economy give what the rules' step-by-step reading gives: a finance
sheet paid at once when the money covers it (``economy.adjudicate``), the start ledger written out directly
(``WorldDiplomacy._start_plain``) and a ledger's control copied when it is already in order (``Ledger.plain``)."""
from __future__ import annotations

import random

import engine
from engine.contract import position_of
from engine.state import GameState
from engine.types import Unit, UnitType
from engine.variants import find_variant
from engine.variants.world31.ledger import Ledger
from engine.variants.world31.orders import MILITIA

from random_games import snapshots

UPKEEP = {UnitType.ARMY: 300, UnitType.FLEET: 300, MILITIA: 600}  # cents, in US dollars (the basic game)


def test_upkeep_is_paid_unit_by_unit_in_the_order_listed_while_money_lasts() -> None:
    """Balances just under, at and over what the listed units cost, some units left off the sheet and the
    lines shuffled: each line is paid, in its order, exactly while money lasts, whichever way the engine
    takes; the money left is the balance less what was paid."""
    rng = random.Random(7)
    checked = short = covered = 0
    for game in snapshots("world31", 3, 12, movement_only=True):
        variant, state = game.variant, game.state
        if not variant.is_economy_phase(state.phase):  # type: ignore[attr-defined]
            continue
        request = position_of(variant, state)
        money = dict(request["extra"]["money"])
        by_power: dict[str, list[Unit]] = {}
        for unit in state.all_units():
            by_power.setdefault(unit.power, []).append(unit)
        orders: dict[str, list[str]] = {}
        for power, units in by_power.items():
            listed = [u for u in units if rng.random() < 0.9]
            rng.shuffle(listed)
            cost = sum(UPKEEP[u.type] for u in listed)
            money[power] = max(0, cost + rng.choice([-600, -300, -1, 0, 0, 1, 300, 5000]))
            orders[power] = [f"MAINTAIN {u}" for u in listed]
        request["extra"] = {**request["extra"], "money": money}
        answer = engine.adjudicate({**request, "orders": orders})
        verdicts = {(r["power"], r["order"]): r["result"] for r in answer["orders"] if r["order"].startswith("MAINTAIN")}
        for power, lines in orders.items():
            have = money[power]
            for line in lines:
                unit = next(u for u in by_power[power] if f"MAINTAIN {u}" == line)
                paid = have >= UPKEEP[unit.type]
                have -= UPKEEP[unit.type] if paid else 0
                assert verdicts[(power, line)] == ("succeeds" if paid else "fails"), (str(state.phase), power, line)
                checked += 1
            assert answer["extra"]["money"][power] == have, (str(state.phase), power)
            short += have < min((UPKEEP[u.type] for u in by_power[power]), default=0)
            covered += all(verdicts[(power, line)] == "succeeds" for line in lines)
    assert checked > 500 and short > 10 and covered > 10


def test_the_start_ledger_written_out_directly_is_the_initial_ledgers() -> None:
    """The ledger a position starts from (money $0, the map's homes and control, centres and units' land)
    written out in one step, key order included, on random positions and with units and centres in
    provinces the map's control leaves out."""
    rng = random.Random(3)
    variant = find_variant("world31")
    land = sorted(variant.tables.land)  # type: ignore[attr-defined]
    uncontrolled = [p for p in land if p not in variant.tables.control]  # type: ignore[attr-defined]
    assert uncontrolled
    states: list[GameState] = [g.state for g in snapshots("world31", 1, 8, movement_only=True)]
    for state in list(states):
        extra_units = [Unit("FRANCE", UnitType.ARMY, p) for p in rng.sample(uncontrolled, 5) if p not in state.units]
        states.append(state.replace(units={**state.units, **{u.loc: u for u in extra_units}}))
    for state in states:
        units = list(state.all_units())
        for centers in (state.centers, {**state.centers, uncontrolled[0]: "SPAIN"}, {}):
            direct = variant._start_plain(units, centers)  # type: ignore[attr-defined]
            general = variant.initial_ledger(units, centers).plain()  # type: ignore[attr-defined]
            assert direct == general
            assert [list(v.items()) if isinstance(v, dict) else v for v in direct.values()] == \
                [list(v.items()) if isinstance(v, dict) else v for v in general.values()]


def test_a_ledgers_control_is_written_out_in_province_order() -> None:
    control = {"EP3": "FRANCE", "AF1": "ZAIRE", "EP10": "FRANCE", "NA5": "CANADA"}
    plain = Ledger(control=control).plain()["control"]
    assert list(plain.items()) == sorted(control.items())
    in_order = dict(sorted(control.items()))
    again = Ledger(control=in_order).plain()["control"]
    assert list(again.items()) == list(in_order.items()) and again is not in_order
