"""An order kind the client has never heard of is clickable from its entry description alone: the click
machine narrows the legal orders by the kind's key and picks, lights the next places, orders the one left,
asks a question worded by the kind when several differ in nothing clickable, and keeps a side order's unit
selected. The kinds here exist only in this test (nothing in ``app/`` names them)."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import ClassVar

from app.controllers.drafts import OrderDraft
from app.controllers.order_entry import Click, EntryOptions, OrderEntry, Step
from engine.entry import Entry, Pick
from engine.game import Game
from engine.orders import Order, UnitOrder
from engine.types import PhaseType, Unit, UnitType, province_of

A, F = UnitType.ARMY, UnitType.FLEET
APP = Path(__file__).resolve().parents[2] / "app"


@dataclass(frozen=True, slots=True)
class Escort(UnitOrder):
    """``A PAR ESCORT A BUR - PIC BY DAY``: the unit escorts another to a place, by day or by night."""

    entry: ClassVar[Entry | None] = Entry(
        "K", "Escort", (
            Pick(("ward",), "{unit} escorts: click the unit to escort", "{unit} can't escort a unit in {place}",
                 "escort_ward"),
            Pick(("dest",), "{unit} escorts {ward}: click where it goes", "{ward} can't be escorted to {place}",
                 "escort_dest")),
        choice="Escort {ward} to {dest:place} by {time}", none="{unit} has nobody to escort")
    unit: Unit
    ward: Unit
    dest: str
    time: str  # "day" or "night": nothing on the map tells them apart

    def __str__(self) -> str:
        return f"{self.unit} ESCORT {self.ward} - {self.dest} BY {self.time.upper()}"


@dataclass(frozen=True, slots=True)
class Beacon(Order):
    """A side order of the unit's power: light the beacon on a hill beside the unit (one slot per hill)."""

    entry: ClassVar[Entry | None] = Entry("L", "Light a beacon", side=True, done="Lit",
                                          choice="Light the beacon on {hill:place}", withdraw="Put out {hill:place}")
    power: str
    hill: str

    def slot(self) -> str | None:
        return f"BEACON {self.hill}"

    def __str__(self) -> str:
        return f"BEACON {self.hill}"


def machine(extra: dict[str, list[Order]]) -> tuple[OrderEntry, OrderDraft]:
    """France's spring 1901 orders, plus ``extra`` orders filed under their units' provinces."""
    game = Game.new("standard")
    options = EntryOptions(PhaseType.MOVEMENT, game.variant.board)
    for slot, orders in game.legal_orders("FRANCE").items():
        options.add("FRANCE", slot, [*orders, *extra.get(province_of(slot), ())])
    draft = OrderDraft(["FRANCE"])
    return OrderEntry(options, draft), draft


PAR, MAR, BRE = Unit("FRANCE", A, "PAR"), Unit("FRANCE", A, "MAR"), Unit("FRANCE", F, "BRE")
ESCORTS: list[Order] = [Escort(PAR, MAR, dest, time) for dest in ("BUR", "GAS") for time in ("day", "night")]
ESCORTS.append(Escort(PAR, BRE, "PIC", "day"))


def test_the_kinds_key_lights_its_first_picks_places_then_the_next_and_orders_the_one_left() -> None:
    entry, draft = machine({"PAR": ESCORTS})
    entry.click(Click("PAR"))
    assert "K" in entry.available_kinds() and entry.kind_label("K") == "Escort"
    assert "K escort" in entry.prompt
    entry.key("K")
    assert entry.step is Step.PICK and entry.stage == "escort_ward" and entry.highlights == {"MAR", "BRE"}
    assert entry.prompt == "A PAR escorts: click the unit to escort"
    entry.click(Click("MUN"))
    assert entry.prompt == "A PAR can't escort a unit in Munich" and entry.stage == "escort_ward"
    entry.click(Click("BRE"))  # one escort of the fleet: ordered at once
    assert draft.orders("FRANCE") == [Escort(PAR, BRE, "PIC", "day")]
    assert entry.step is Step.IDLE and entry.prompt == "Ordered: A PAR ESCORT F BRE - PIC BY DAY"


def test_candidates_that_differ_in_nothing_clickable_are_a_question_worded_by_the_kind() -> None:
    entry, draft = machine({"PAR": ESCORTS})
    entry.click(Click("PAR"))
    entry.key("K")
    entry.click(Click("MAR"))
    assert entry.stage == "escort_dest" and entry.highlights == {"BUR", "GAS"}
    assert entry.prompt == "A PAR escorts A MAR: click where it goes"
    entry.click(Click("GAS"))
    assert entry.step is Step.QUESTION and entry.question is not None
    assert [(c.key, c.label) for c in entry.question.choices] == [
        ("1", "Escort A MAR to Gascony by day"), ("2", "Escort A MAR to Gascony by night")]
    entry.choose("2")
    assert draft.lines("FRANCE") == ["A PAR ESCORT A MAR - GAS BY NIGHT"]


def test_a_kinds_own_refusal_is_said_when_the_unit_has_none() -> None:
    entry, draft = machine({"PAR": ESCORTS})
    entry.click(Click("MAR"))
    assert "K" not in entry.available_kinds()
    entry.key("K")
    assert entry.prompt == "A MAR has nobody to escort" and entry.step is Step.UNIT and draft.lines("FRANCE") == []


def test_a_side_order_keeps_the_unit_selected_and_is_withdrawn_from_its_question() -> None:
    entry, draft = machine({"PAR": [Beacon("FRANCE", "BUR")]})
    entry.click(Click("PAR"))
    entry.key("L")  # the only beacon: lit at once, and Paris still needs its own order
    assert draft.lines("FRANCE") == ["BEACON BUR"]
    assert entry.selected == "PAR" and entry.step is Step.UNIT and entry.prompt.startswith("Lit: BEACON BUR")
    entry.click(Click("PIC"))
    assert draft.lines("FRANCE") == ["BEACON BUR", "A PAR - PIC"]
    entry.click(Click("PAR"))
    entry.key("L")
    assert entry.question is not None and [c.label for c in entry.question.choices] == ["Put out Burgundy"]
    entry.choose("1")
    assert draft.lines("FRANCE") == ["A PAR - PIC"] and "A PAR keeps A PAR - PIC" in entry.prompt


def test_the_client_names_none_of_these_kinds() -> None:
    sources = "\n".join(p.read_text(encoding="utf-8") for p in APP.rglob("*.py"))
    assert "Escort" not in sources and "Beacon" not in sources and "ESCORT" not in sources
