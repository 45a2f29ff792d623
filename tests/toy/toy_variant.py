"""Toy: a small variant kept as a test fixture. It proves the platform's promise that a new variant is one
rules module plus one map folder (``toy_map/`` beside this file), touching no other file.

Two powers (Borealia in the north, Austral in the south) on eleven provinces, with:

* a **unit type of its own**, the zeppelin (``Z``): it moves and supports like an army, can't be convoyed,
  and is drawn with its own icon (``toy_map/icons/zeppelin.svg``) and key words;
* an **order kind of its own**, the bombardment: ``Z FJO BOMBARD A HIG``. A zeppelin bombards a foreign
  unit next to it; the bombarded unit's support is cut, unless the zeppelin itself is attacked (then its
  bombardment is spoiled, like a cut support). The zeppelin holds while it bombards. Entered by clicks
  by its own entry description (select the zeppelin, X, the target), drawn as a damage mark;
* a **province attribute** read from ``map.json``: the Highlands ``freezes``, and in Winter no unit but
  a zeppelin may enter (move, retreat or support into) a frozen province;
* a **four-season calendar**: Spring, Summer, Fall and Winter, with adjustments after Summer (``U1901A``)
  and after Winter (``W1901A``); centres change hands after those two seasons.

Importing this module registers the variant (``find_variant("toy")``), its unit type, its reason codes and
its map folder; an installed distribution would name it in the ``chancellery.variants`` entry-point group.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import ClassVar, Mapping, Sequence

from engine.entry import Entry, Pick
from engine.mapdata import MapData
from engine.order_marks import MarkKind, MarkStyle, OrderMark
from engine.orders import STANDARD_ORDERS, Order, RawOrder, SupportHold, SupportMove, UnitOrder, tokenize
from engine.outcomes import Reason, names, wording
from engine.phases import OrderResult
from engine.resolver import MovementResolver, Outcome, Tracer, outcome
from engine.state import GameState
from engine.types import (
    IllegalOrderError,
    OrderSyntaxError,
    PhaseType,
    Season,
    Unit,
    UnitSpec,
    UnitType,
    declare_unit_type,
    province_of,
)
from engine.validate import MovePermission
from engine.variants import Variant, register

ZEPPELIN = declare_unit_type(UnitSpec(
    "Z", "zeppelin", "army", convoyable=False, words=("z", "zeppelin"), icon="zeppelin",
    legend="Zeppelin (flies over frozen land)"))

# The toy's reason codes, worded below.
BOMBARDS, BOMBARD_SPOILED, CUT_BY_BOMBARDMENT = "bombards", "bombard_spoiled", "cut_by_bombardment"


@dataclass(frozen=True, slots=True)
class Bombard(UnitOrder):
    """A zeppelin bombards the foreign unit ``target`` next to it, cutting its support. Its slot is the
    zeppelin's province, as for any order of a unit (it replaces the zeppelin's hold)."""

    kind: ClassVar[str] = "BOMBARD"
    words: ClassVar[tuple[str, ...]] = ("bombard", "bombards", "bomb")
    note: ClassVar[str] = "bombardment"
    # Clicked: X on the zeppelin, then the unit it bombards (``engine/entry.py``).
    entry: ClassVar[Entry | None] = Entry("X", "Bombard", (
        Pick(("target",), "{unit} bombards: click the unit to bombard (Esc cancels)",
             "{unit} can't bombard a unit in {place}", "bombard_target"),), none="{unit} has nothing to bombard")
    unit: Unit
    target: Unit

    def __str__(self) -> str:
        return f"{self.unit} BOMBARD {self.target.type._value_} {province_of(self.target.loc)}"


@wording(BOMBARDS)
def _word_bombards(r: Reason) -> str:
    return f"bombards {r.get('target')}"


@wording(BOMBARD_SPOILED)
def _word_bombard_spoiled(r: Reason) -> str:
    by = names(r.get("by", ()))
    return "bombardment spoiled" + (f": attacked by {by}" if by else ": under attack")


@wording(CUT_BY_BOMBARDMENT)
def _word_cut_by_bombardment(r: Reason) -> str:
    by = names(r.get("by", ()))
    return "cut by bombardment" + (f" from {by}" if by else "")


class ToyResolver(MovementResolver):
    """The standard resolver plus bombardments: a bombardment succeeds unless a foreign unit attacks the
    zeppelin (with a path), and a successful one cuts the target's support."""

    def __init__(self, board: MapData, units: Mapping[str, Unit], orders: Mapping[str, Order],
                 tracer: Tracer | None = None) -> None:
        super().__init__(board, units, orders, tracer)
        self.bombarded_by: dict[str, list[str]] = {}  # target's province -> the bombarding zeppelins
        for prov, order in orders.items():
            if type(order) is Bombard:
                self.bombarded_by.setdefault(province_of(order.target.loc), []).append(prov)

    def attackers_of(self, prov: str) -> list[str]:
        """Origins of foreign moves into ``prov`` that have a path: they spoil a bombardment from there."""
        power = self.units[prov].power
        return [a for a in self.moves_into.get(prov, ()) if self.units[a].power != power and self.has_path(a)]

    def adjudicate(self, prov: str) -> bool:
        if type(self.orders[prov]) is Bombard:
            return not self.attackers_of(prov)
        return super().adjudicate(prov)

    def support_is_cut(self, prov: str) -> bool:
        return super().support_is_cut(prov) or any(self.resolve(z) for z in self.bombarded_by.get(prov, ()))

    def explain(self, prov: str, dislodged: Mapping[str, tuple[str, bool]]) -> Outcome:
        order = self.orders[prov]
        if type(order) is Bombard and prov not in dislodged:
            assert isinstance(order, Bombard)
            if self.result[prov]:
                return outcome(True, BOMBARDS, target=order.target)
            return outcome(False, BOMBARD_SPOILED, by=tuple(self.units[a] for a in self.attackers_of(prov)))
        if type(order) in (SupportHold, SupportMove) and prov not in dislodged and not self.result[prov]:
            hits = [z for z in self.bombarded_by.get(prov, ()) if self.result[z]]
            standard = super().explain(prov, dislodged)
            if hits and standard.detail is not None and not standard.detail.get("by"):
                return outcome(False, CUT_BY_BOMBARDMENT, by=tuple(self.units[z] for z in hits))
            return standard
        return super().explain(prov, dislodged)


@register
class ToyVariant(Variant):
    id: ClassVar[str] = "toy"
    name: ClassVar[str] = "Toy"
    map_id: ClassVar[str] = "toy"
    map_folder: ClassVar[Path | None] = Path(__file__).resolve().parent / "toy_map"
    aliases: ClassVar[tuple[str, ...]] = ("zeppelins",)
    description: ClassVar[str] = "Two powers, zeppelins that bombard, frozen Highlands and four seasons."
    movement_seasons: ClassVar[tuple[str, ...]] = (Season.SPRING, Season.SUMMER, Season.FALL, Season.WINTER)
    unit_types: ClassVar[tuple[UnitType, ...]] = (UnitType.ARMY, UnitType.FLEET, ZEPPELIN)
    order_kinds: ClassVar[tuple[type[Order], ...]] = (*STANDARD_ORDERS, Bombard)
    resolver_class: ClassVar[type[MovementResolver]] = ToyResolver

    # --- calendar: adjustments after Summer and Winter, each carrying its season's letter --------------

    def adjusts_after(self, season: str) -> bool:
        return season in (Season.SUMMER, Season.WINTER)

    def adjustment_season(self, season: str) -> str:
        return season

    # --- the frozen provinces ----------------------------------------------------------------------------

    def move_permission(self, state: GameState) -> MovePermission | None:
        if state.phase.season != Season.WINTER or state.phase.type is PhaseType.ADJUSTMENTS:
            return None  # no rule: the standard option tables serve the other seasons
        frozen = frozenset(p.id for p in self.board.provinces.values() if p.freezes)

        def permit(unit: Unit, prov: str) -> str | None:
            if prov in frozen and unit.type is not ZEPPELIN:
                return f"{self.board.provinces[prov].name} is frozen in winter: only zeppelins fly over it"
            return None

        return permit

    # --- the bombardment ---------------------------------------------------------------------------------

    def parse(self, text: str) -> RawOrder:
        """Also reads ``Z FJO BOMBARD A HIG`` (``bombards``, ``bomb``; unit letters optional)."""
        if isinstance(text, str) and text.strip():
            tokens = tokenize(text, self.board)
            if len(tokens) >= 2 and tokens[1] == ":":
                tokens = tokens[2:]
            at = [i for i, t in enumerate(tokens) if t in Bombard.words]
            if at:
                return self._parse_bombard(tokens[:at[0]], tokens[at[0] + 1:], text)
        return super().parse(text)

    def _parse_bombard(self, before: list[str], after: list[str], text: str) -> RawOrder:
        words = {**self.unit_words(), "a": UnitType.ARMY, "army": UnitType.ARMY, "f": UnitType.FLEET,
                 "fleet": UnitType.FLEET}

        def unit_part(tokens: list[str], what: str) -> tuple[UnitType | None, str]:
            kind = words.get(tokens[0]) if len(tokens) == 2 else None
            if len(tokens) not in (1, 2) or (len(tokens) == 2 and kind is None):
                raise OrderSyntaxError(f"expected 'Z FJO BOMBARD A HIG', got {text.strip()!r}")
            code = self.board.lookup(tokens[-1].split("/")[0])
            if code is None:
                raise OrderSyntaxError(f"unknown place {tokens[-1].upper()!r} for the {what} in {text.strip()!r}")
            return kind, code

        kind, loc = unit_part(before, "zeppelin")
        target_kind, target = unit_part(after, "target")
        return RawOrder("bombard", kind, loc, target_kind, target, text=text)

    def validate(self, raw: RawOrder, state: GameState, power: str | None) -> Order:
        if raw.kind != "bombard":
            return super().validate(raw, state, power)
        if state.phase.type is not PhaseType.MOVEMENT:
            raise IllegalOrderError("zeppelins bombard only in movement phases")
        assert raw.loc is not None and raw.target_loc is not None
        here, there = province_of(raw.loc), province_of(raw.target_loc)
        unit = state.units.get(here)
        if unit is None:
            raise IllegalOrderError(f"no unit at {here}")
        if power is not None and unit.power != power:
            raise IllegalOrderError(f"the unit at {here} is not {power}'s")
        if unit.type is not ZEPPELIN or (raw.unit_type is not None and raw.unit_type is not unit.type):
            raise IllegalOrderError(f"only zeppelins bombard; {unit} is no zeppelin")
        target = state.units.get(there)
        if target is None:
            raise IllegalOrderError(f"no unit at {there} to bombard")
        if raw.target_type is not None and raw.target_type is not target.type:
            raise IllegalOrderError(f"the unit at {there} is {target}, not {raw.target_type.value} {there}")
        if target.power == unit.power:
            raise IllegalOrderError(f"{unit} won't bombard its own power's {target}")
        if not self.board.reaches_province(unit.type, unit.loc, there):
            raise IllegalOrderError(f"{there} is not next to {here}")
        return Bombard(unit, target)

    def bombardments(self, state: GameState, unit: Unit) -> list[Bombard]:
        if unit.type is not ZEPPELIN or state.phase.type is not PhaseType.MOVEMENT:
            return []
        near = self.board.army_adjacent(unit.loc)
        return [Bombard(unit, target) for prov in sorted(near)
                if (target := state.units.get(prov)) is not None and target.power != unit.power]

    def extra_orders(self, state: GameState, unit: Unit) -> list[Order]:
        return list(self.bombardments(state, unit))

    def order_marks(self, order: Order, *, failed: bool = False, phase_type: PhaseType | None = None,
                    results: Sequence[OrderResult] | None = None) -> tuple[OrderMark, ...]:
        if isinstance(order, Bombard):
            return (OrderMark(MarkKind.SUPPORT_HOLD, order.unit.loc, order.target.loc, failed=failed,
                              style=MarkStyle.DAMAGE),)
        return super().order_marks(order, failed=failed, phase_type=phase_type, results=results)


__all__ = ["BOMBARDS", "BOMBARD_SPOILED", "Bombard", "CUT_BY_BOMBARDMENT", "ToyResolver", "ToyVariant", "ZEPPELIN"]
