"""Entering orders by clicking, unit first: a state machine fed with clicks and keys, writing to a draft.

Movement: click one of your units (its legal destinations light up); click a lit province to move, or
press H (hold), S (support: then the supported unit, then its destination, or its own province for a
support to hold), C (convoy: then the army, then its destination), V (move via convoy), M (back to
moves). Retreats: click the dislodged unit, then a lit province, or D to disband. Adjustments: click an
empty build site (then A / F, and a coast only if two are possible), click a unit to remove it, W to
waive. Esc or a right click cancels. Every target comes from the engine's legal orders; nothing here
knows an adjacency rule.

Colonial: a Russian army on the Trans-Siberian Railroad also lights the places it may ride to
(:attr:`OrderEntry.railway_highlights`, drawn in railway orange). Clicking one it can't walk to orders
the ride (``A MOS - VLA VIA TSR``); where it could also walk (Moscow to Perm) a plain click stays a plain
move, and T (by railway) lights the railway targets alone so the next click rides. The unit in Egypt
offers G (grant Suez passage): it lets the only fleet that could pass through at once, or asks which
fleet when there are two (or a passage is already granted, to withdraw it). The permission is a side
order of the unit's power beside the unit's own order, and the unit stays selected to be ordered.

Hugh's Engineered Diplomacy: engineers (E) and decoys beside their twins (D) are units of their own in
a province that already holds a unit. Clicking an engineer's badge selects it (so does E, or D for the
decoy, on the unit it stands beside); its lit destinations are where a unit of its power may carry it,
and T lights the units that could fetch it instead. With a military unit selected, T lights the
engineers it may fetch (``A STP T E RUM``) when there is no railway, X lights what a fighter may damage
(then the damaged unit's destination, or the unit itself), and E places the first engineer with it in
the first spring. Clicking a madman unit, or B, asks for a bid (:attr:`OrderEntry.bid_request`; the
window shows the bid dialog). In the winter a click on a province offers everything that can be done
there in one menu: builds, the engineer's creation, conversion, decoy or disbanding; V votes a power
out at the advanced level. Every choice is one of the engine's legal orders for that slot.

No variant is imported here: the special steps find their orders by the entry role the variant says its
order kinds play (``Variant.entry_kinds``, ``engine/entry_roles.py``), bids through ``Variant.bid_targets``.
"""
from __future__ import annotations

import enum
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from engine.game import Game
from engine.mapdata import MapData
from engine.orders import (
    Build,
    Convoy,
    Disband,
    Hold,
    Move,
    Order,
    Retreat,
    SupportHold,
    SupportMove,
    Waive,
)
from engine.state import GameState
from engine.types import PhaseType, UnitType, coast_of, province_of
from engine.variants import Variant
from engine.entry_roles import (
    CreateEngineerOrder,
    DamageOrder,
    EntryRole,
    PermissionOrder,
    TransportOrder,
)

from .drafts import OrderDraft, as_order, order_key

R = EntryRole  # the roles a variant's own order kinds play (``Variant.entry_kinds``)


@dataclass(frozen=True, slots=True)
class Click:
    """A click on the map: the location under the pointer (``None`` off the board) and the button.

    ``badge`` names the stacked unit whose badge was clicked, as (power, unit letter, province)."""

    loc: str | None
    button: str = "left"  # "left" | "right"
    badge: tuple[str, str, str] | None = None


@dataclass(frozen=True, slots=True)
class BidRequest:
    """The operator asked to bid for a madman unit (D3): the window shows the bid dialog."""

    powers: tuple[str, ...]  # who may bid from this seat
    unit_province: str | None  # the madman unit clicked, or None (B pressed: choose in the dialog)


@dataclass(frozen=True, slots=True)
class Choice:
    key: str  # the key that picks it ("N", "A", ...)
    label: str


@dataclass(frozen=True, slots=True)
class Question:
    """A small menu the user must answer (a coast, army or fleet)."""

    prompt: str
    choices: tuple[Choice, ...]
    at: str  # location the menu belongs to (placed next to it)


class Step(enum.StrEnum):
    IDLE = "idle"
    UNIT = "unit"  # a unit is selected; clicks mean destinations of the current mode
    SUPPORT_TARGET = "support_target"  # choose the supported unit
    SUPPORT_DEST = "support_dest"  # choose where the supported unit goes (or its own province: hold)
    CONVOY_ARMY = "convoy_army"
    CONVOY_DEST = "convoy_dest"
    VIA = "via"  # choose the destination of a move via convoy
    RAIL = "rail"  # choose the destination of a railway move
    TRANSPORT = "transport"  # choose the engineer the selected unit fetches
    CARRIER = "carrier"  # choose the unit that fetches the selected engineer
    DAMAGE_TARGET = "damage_target"  # choose the unit a fighter damages
    DAMAGE_DEST = "damage_dest"  # choose the damaged unit's destination (or its own province: the unit)
    QUESTION = "question"


# Names of unit types in build menus (variants add their own types to army and fleet).
UNIT_NAMES: Mapping[str, str] = {"A": "Army", "F": "Fleet", "E": "Engineer", "P": "Prison", "W": "Fighter field",
                                 "D": "Decoy", "M": "Militia", "C": "Corps", "S": "Squadron"}

# Which order kinds a selected unit may switch to, by key.
KIND_KEYS: Mapping[str, str] = {"M": "Move", "H": "Hold", "S": "Support", "C": "Convoy", "V": "Via convoy",
                                 "T": "By railway", "G": "Grant Suez passage", "D": "Disband",
                                 "E": "Engineer", "X": "Damage", "B": "Bid"}
# What a key means where it differs from KIND_KEYS (Hugh's Engineered Diplomacy).
TRANSPORT_LABEL = "Transport an engineer"
DECOY_LABEL = "Its decoy"
STACKED_LETTERS = (UnitType.ENGINEER.value, UnitType.DECOY.value, UnitType.PRISON.value)
STACKED_WORDS: Mapping[str, str] = {"E": "engineer", "D": "decoy", "P": "prison"}


@dataclass(slots=True)
class EntryOptions:
    """The legal orders the operator may give this phase, by province of the unit or build site."""

    phase_type: PhaseType
    board: MapData
    by_province: dict[str, tuple[str, list[Order]]] = field(default_factory=dict)  # province -> (power, orders)
    build_allowance: dict[str, int] = field(default_factory=dict)  # power -> builds it may order
    removals_owed: dict[str, int] = field(default_factory=dict)  # power -> units it must remove
    # Units beside another unit (engineers, prisons, decoys by their twins): (province, letter, power) -> orders.
    stacked: dict[tuple[str, str, str], list[Order]] = field(default_factory=dict)
    # A power's orders of no unit on the map (the first engineer's placement "E", "VOTE"): (power, slot) -> orders.
    side: dict[tuple[str, str], list[Order]] = field(default_factory=dict)
    biddable: frozenset[str] = frozenset()  # provinces of units that may be bid for (Engineered's madman, D3)
    # The variant's order kinds by the entry role they play (``Variant.entry_kinds``): no variant is named here.
    kinds: Mapping[EntryRole, tuple[type, ...]] = field(default_factory=dict)

    def role(self, role: EntryRole) -> tuple[type, ...]:
        """The order classes that play ``role`` in this game (none: the variant has no such step)."""
        return self.kinds.get(role, ())

    @classmethod
    def from_game(cls, game: Game, powers: Iterable[str]) -> EntryOptions:
        variant, state = game.variant, game.state
        options = cls(state.phase.type, variant.board, kinds=dict(variant.entry_kinds))
        powers = list(powers)
        for power in powers:
            for key, orders in game.legal_orders(power).items():
                options.add(power, key, orders)
            if state.phase.type is PhaseType.ADJUSTMENTS:
                delta = variant.adjustment_delta(state, power)
                if delta > 0:
                    options.build_allowance[power] = min(delta, len(variant.build_sites(state, power)))
                elif delta < 0:
                    options.removals_owed[power] = -delta
        if powers:
            options.note_biddable(variant, state)
        return options

    def note_biddable(self, variant: Variant, state: GameState) -> None:
        """The units players may bid to command this turn (Engineered's madman units, rule D3)."""
        self.kinds = dict(variant.entry_kinds)
        if variant.takes_bids() and state.phase.type is PhaseType.MOVEMENT:
            self.biddable = frozenset(u.province for u, _ in variant.bid_targets(state))

    def add(self, power: str, slot: str, orders: Iterable[Order]) -> None:
        """File one slot of ``power``'s legal orders: a unit's location, ``E MOS`` (a stacked unit), or a
        slot of no place (``E``, ``VOTE``)."""
        letter, _, rest = slot.partition(" ")
        if rest and letter in STACKED_LETTERS:
            self.stacked[(province_of(rest), letter, power)] = list(orders)
        elif province_of(slot) not in self.board.provinces:
            self.side[(power, slot)] = list(orders)
        else:
            self.by_province[province_of(slot)] = (power, list(orders))

    def sort_slots(self) -> None:
        """Move slots filed by province that are no province (``E MOS``, ``VOTE``) to where they belong."""
        for key in [k for k in self.by_province if k not in self.board.provinces]:
            power, orders = self.by_province.pop(key)
            self.add(power, key, orders)

    def stacked_in(self, prov: str, powers: Iterable[str] | None = None) -> list[tuple[str, str, str]]:
        """The stacked slots in ``prov`` (of ``powers``), engineers first, then decoys, then prisons."""
        wanted = None if powers is None else set(powers)
        found = [k for k in self.stacked if k[0] == prov and (wanted is None or k[2] in wanted)]
        return sorted(found, key=lambda k: (STACKED_LETTERS.index(k[1]), k[2]))

    def powers(self) -> list[str]:
        return sorted({p for p, _ in self.by_province.values()} | set(self.build_allowance)
                      | {k[2] for k in self.stacked} | {p for p, _ in self.side})


def _unit_of(orders: Sequence[Order]) -> object | None:
    for o in orders:
        unit = getattr(o, "unit", None)
        if unit is not None and not isinstance(o, Build):
            return unit
    for o in orders:  # an engineer's or a decoy's own orders
        unit = getattr(o, "stacked", None)
        if unit is not None:
            return unit
    return None


class OrderEntry:
    """Clicks and keys in, orders out (into ``draft``); ``highlights``/``prompt``/``question`` for the view."""

    def __init__(self, options: EntryOptions, draft: OrderDraft, focus_power: str | None = None,
                 game_master: bool = False) -> None:
        options.sort_slots()
        self.options = options
        self.draft = draft
        self.focus_power = focus_power  # the power a WAIVE is for when several powers are entered here
        self.game_master = game_master  # orders every power's units and owns none: prompts say so
        self.step = Step.IDLE
        self.selected: str | None = None  # province of the selected unit
        self.slot: tuple[str, str, str] | None = None  # the selected stacked unit: (province, letter, power)
        self.bid_request: BidRequest | None = None  # set when the operator asks to bid; the window answers
        self.target: str | None = None  # supported unit / convoyed army province
        self.question: Question | None = None
        self.prompt = ""
        self.highlights: frozenset[str] = frozenset()
        self.railway_highlights: frozenset[str] = frozenset()  # railway targets, lit in their own style
        self._choices: dict[str, Callable[[], None]] = {}
        self._return_step = Step.IDLE
        self._listeners: list[Callable[[], None]] = []
        self._idle_prompt()

    # --- public events ----------------------------------------------------------------------------

    def subscribe(self, callback: Callable[[], None]) -> None:
        self._listeners.append(callback)

    def click(self, event: Click) -> None:
        if event.button == "right":
            self.cancel()
            return
        if self.step is Step.QUESTION:
            self.cancel()  # clicking elsewhere dismisses the menu
            if event.loc is not None:
                self.click(event)
            return
        prov = province_of(event.loc) if event.loc else None
        badge = self._own_badge(event.badge)
        if self.options.phase_type is PhaseType.ADJUSTMENTS:
            self._click_adjustment(prov)
        elif self.step is Step.IDLE:
            self._select(prov, badge)
        elif self.step is Step.UNIT and badge is not None and self._badge_selects(badge):
            self._select_stacked(badge)
        elif self.step in (Step.UNIT, Step.VIA, Step.RAIL):
            self._click_destination(prov)
        elif self.step is Step.TRANSPORT:
            self._click_transported(prov)
        elif self.step is Step.CARRIER:
            self._click_carrier(prov)
        elif self.step is Step.DAMAGE_TARGET:
            self._click_damage_target(prov)
        elif self.step is Step.DAMAGE_DEST:
            self._click_damage_dest(prov)
        elif self.step is Step.SUPPORT_TARGET:
            self._click_support_target(prov)
        elif self.step is Step.SUPPORT_DEST:
            self._click_support_dest(prov)
        elif self.step is Step.CONVOY_ARMY:
            self._click_convoy_army(prov)
        elif self.step is Step.CONVOY_DEST:
            self._click_convoy_dest(prov)
        self._notify()

    def key(self, key: str) -> None:
        """A key press: an order kind (H S C V M D), a build (A F W), a menu answer, or Escape."""
        k = key.strip().upper() if key.strip() else key
        if k in ("ESCAPE", "ESC"):
            self.cancel()
            return
        if self.step is Step.QUESTION:
            action = self._choices.get(k)
            if action is not None:
                self._answer(action)
            return
        if k == "W" and self.options.phase_type is PhaseType.ADJUSTMENTS:
            self.waive()
            return
        if k == "V" and self.options.phase_type is PhaseType.ADJUSTMENTS:
            self._offer_votes()
            self._notify()
            return
        if k == "B" and self.options.phase_type is PhaseType.MOVEMENT and self.options.biddable:
            self._ask_for_bid(None)
            self._notify()
            return
        if self.selected is None:
            return
        power, orders = self._current()
        if k == "H":
            self._emit_first(power, orders, (Hold, *self.options.role(R.STACKED_HOLD)), "can't hold")
        elif k == "D" and self._decoy_slot() is not None:
            self._select_stacked(self._decoy_slot())  # type: ignore[arg-type]
        elif k == "D":
            self._emit_first(power, orders, Disband, "can't disband now")
        elif k == "E":
            self._engineer_key(power)
        elif k == "X":
            self._start_damage(orders)
        elif k == "M":
            self.step, self.target = Step.UNIT, None
            self._show_unit_targets()
        elif k == "T":
            rail = self._railway_targets(orders)
            if rail:
                self.step, self.target = Step.RAIL, None
                self._light((), rail)
                self.prompt = (f"{self._unit_text()} rides the Trans-Siberian Railroad: click the destination "
                               "(M walks instead, Esc cancels)")
            elif self.slot is not None:
                self._start_carrier()
            elif self._transport_sources(orders):
                self._start_transport(orders)
            elif self._has_transports() or self.options.stacked or self.options.side:
                self.prompt = f"{self._unit_text()} has no engineer of its power to fetch"
            else:
                self.prompt = f"{self._unit_text()} can't ride a railway"
        elif k == "G":
            self._offer_suez(power, orders)
        elif k == "S":
            targets = self._support_targets(orders)
            if targets:
                self.step, self.target = Step.SUPPORT_TARGET, None
                self._light(targets)
                self.prompt = f"{self._unit_text()} supports: click the unit to support (Esc cancels)"
            else:
                self.prompt = f"{self._unit_text()} has no unit it can support"
        elif k == "C":
            armies = {province_of(o.target.loc) for o in orders if isinstance(o, Convoy)}
            if armies:
                self.step, self.target = Step.CONVOY_ARMY, None
                self._light(armies)
                self.prompt = f"{self._unit_text()} convoys: click the army to convoy (Esc cancels)"
            else:
                self.prompt = f"{self._unit_text()} can't convoy any army now"
        elif k == "V":
            dests = self._via_targets(orders)
            if dests:
                self.step, self.target = Step.VIA, None
                self._light(dests)
                self.prompt = f"{self._unit_text()} moves via convoy: click the destination (Esc cancels)"
            else:
                self.prompt = f"{self._unit_text()} has no move by convoy"
        self._notify()

    def choose(self, key: str) -> None:
        """Answer the open question by the key of one of its choices."""
        if self.step is not Step.QUESTION:
            return
        action = self._choices.get(key.upper())
        if action is not None:
            self._answer(action)

    def cancel(self) -> None:
        self._reset()
        self._idle_prompt()
        self._notify()

    def waive(self, power: str | None = None) -> None:
        """Waive one build for ``power`` (default: the focused power, or the only power with builds)."""
        if self.options.phase_type is not PhaseType.ADJUSTMENTS:
            return
        candidates = [p for p, n in self.options.build_allowance.items() if n > 0]
        who = power or self.focus_power or (candidates[0] if len(candidates) == 1 else None)
        if who is None or who not in self.options.build_allowance:
            self.prompt = "No builds to waive" if not candidates else "Choose the power that waives first"
            self._notify()
            return
        if self._builds_left(who) <= 0:
            self.prompt = f"{who} has no builds left to waive"
            self._notify()
            return
        self.draft.put(who, Waive(who))
        self._reset()
        self.prompt = f"{who} waives a build"
        self._notify()

    def available_kinds(self) -> list[str]:
        """Order kinds (keys of :data:`KIND_KEYS`) the selected unit can switch to, for a flyout menu."""
        if self.selected is None or self.options.phase_type is PhaseType.ADJUSTMENTS:
            return []
        _, orders = self._current()
        kinds = []
        if any(isinstance(o, (Move, Retreat, *self.options.role(R.STACKED_MOVE))) for o in orders):
            kinds.append("M")
        if any(isinstance(o, (Hold, *self.options.role(R.STACKED_HOLD))) for o in orders):
            kinds.append("H")
        if self._support_targets(orders):
            kinds.append("S")
        if any(isinstance(o, Convoy) for o in orders):
            kinds.append("C")
        if self._via_targets(orders):
            kinds.append("V")
        if self._railway_targets(orders) or self._transport_sources(orders) or self._carriers():
            kinds.append("T")
        if self._permissions(orders):
            kinds.append("G")
        if any(isinstance(o, Disband) for o in orders) or self._decoy_slot() is not None:
            kinds.append("D")
        if _of_role(orders, self.options.role(R.DAMAGE)):
            kinds.append("X")
        if self.slot is None and (self._engineer_slot() is not None or self._placement() is not None):
            kinds.append("E")
        return kinds

    def _kind_words(self, key: str) -> str:
        label = self.kind_label(key)
        return label[:1].lower() + label[1:]

    def kind_label(self, key: str) -> str:
        """What a kind key does for the selected unit (the flyout's button text)."""
        if key == "T" and self.selected is not None and not self._railway_targets(self._current()[1]):
            if self._transport_sources(self._current()[1]) or self._carriers():
                return TRANSPORT_LABEL
        if key == "D" and self._decoy_slot() is not None:
            return DECOY_LABEL
        if key == "E" and self._placement() is not None and self._engineer_slot() is None:
            return "Place the engineer"
        return KIND_KEYS.get(key, key)

    def selected_location(self) -> str | None:
        """The location of the selected unit (its coast included), for placing menus beside it."""
        if self.selected is None:
            return None
        unit = _unit_of(self._current()[1])
        return getattr(unit, "loc", None) or self.selected

    # --- movement and retreats --------------------------------------------------------------------

    def _select(self, prov: str | None, badge: tuple[str, str, str] | None = None) -> None:
        if prov is None:
            return
        if badge is not None:
            self._select_stacked(badge)
            return
        entry = self.options.by_province.get(prov)
        if entry is None:
            here = self.options.stacked_in(prov)
            if here and self.options.phase_type is PhaseType.MOVEMENT:
                self._select_stacked(here[0])  # an engineer with no unit of its power beside it
            elif prov in self.options.biddable:
                self._ask_for_bid(prov)
            else:
                self.prompt = f"{self._name(prov)}: nothing you can order there"
            return
        self.selected, self.target, self.slot = prov, None, None
        self.step = Step.UNIT
        self._show_unit_targets()

    def _show_unit_targets(self) -> None:
        assert self.selected is not None
        _, orders = self._current()
        targets = self._move_targets(orders)
        rail = self._railway_targets(orders)
        self._light(targets, rail)
        unit = self._unit_text()
        if self.slot is not None:
            self._stacked_prompt(bool(targets))
            return
        if self.options.phase_type is PhaseType.RETREATS:
            where = "click a lit province to retreat, D to disband" if targets else "it has nowhere to go: D to disband"
            self.prompt = f"{unit} (dislodged): {where}; Esc cancels"
            return
        keys = " · ".join(f"{k} {self._kind_words(k)}" for k in self.available_kinds() if k != "M")
        rides = ""
        if rail:
            also = "; T to ride where it could also walk" if set(rail) & set(targets) else ""
            rides = f" (orange: by the Trans-Siberian Railroad{also})"
        self.prompt = f"{unit}: click a lit province to move{rides}, or {keys}; Esc cancels"

    def _move_targets(self, orders: Sequence[Order]) -> dict[str, list[Order]]:
        """Destination province -> the orders that move there (walking moves before convoyed ones);
        railway moves are :meth:`_railway_targets`."""
        out: dict[str, list[Order]] = {}
        for o in orders:
            if isinstance(o, Move) and not o.via_convoy and o.route is None:
                out.setdefault(province_of(o.dest), []).append(o)
            elif isinstance(o, Retreat):
                out.setdefault(province_of(o.dest), []).append(o)
            elif _plays(o, self.options.role(R.STACKED_MOVE)):
                out.setdefault(province_of(_field(o, "dest")), []).append(o)
        for o in orders:
            if isinstance(o, Move) and o.via_convoy and province_of(o.dest) not in out:
                out.setdefault(province_of(o.dest), []).append(o)
        return out

    def _via_targets(self, orders: Sequence[Order]) -> dict[str, list[Order]]:
        """Destinations reached by convoy: explicit via-convoy moves, or moves past the army's neighbours."""
        out: dict[str, list[Order]] = {}
        for o in orders:
            if not isinstance(o, Move) or o.unit.type is not UnitType.ARMY or o.route is not None:
                continue
            dest = province_of(o.dest)
            if o.via_convoy or dest not in self.options.board.army_adjacent(o.unit.loc):
                out.setdefault(dest, []).append(o)
        return out

    def _railway_targets(self, orders: Sequence[Order]) -> dict[str, list[Order]]:
        """Destination province -> the moves there along a special route (the Trans-Siberian Railroad)."""
        out: dict[str, list[Order]] = {}
        for o in orders:
            if isinstance(o, Move) and o.route is not None:
                out.setdefault(province_of(o.dest), []).append(o)
        return out

    def _support_targets(self, orders: Sequence[Order]) -> set[str]:
        return {province_of(o.target.loc) for o in orders if isinstance(o, (SupportHold, SupportMove))}

    def _click_destination(self, prov: str | None) -> None:
        assert self.selected is not None
        power, orders = self._current()
        if prov is None:
            return
        if self.step is Step.UNIT and prov == self.selected:
            if self.options.phase_type is PhaseType.MOVEMENT:
                self._emit_first(power, orders, (Hold, *self.options.role(R.STACKED_HOLD)), "can't hold")
            return
        if self.step is Step.VIA:
            targets = self._via_targets(orders)
        elif self.step is Step.RAIL:
            targets = self._railway_targets(orders)
        else:
            # A plain click walks where the unit can walk, and rides where it can only ride.
            targets = {**self._railway_targets(orders), **self._move_targets(orders)}
        choices = targets.get(prov)
        if choices is None:
            if self.step is Step.UNIT and (prov in self.options.by_province or self.options.stacked_in(prov)):
                self._select(prov)  # another of the operator's units: select it instead
                return
            self.prompt = f"{self._unit_text()} can't go to {self._name(prov)}"
            return
        if self.step is Step.VIA:
            choices = [o for o in choices if isinstance(o, Move) and o.via_convoy] or choices
        self._emit_or_ask_coast(power, choices)

    def _emit_or_ask_coast(self, power: str, choices: Sequence[Order]) -> None:
        by_dest: dict[str, Order] = {}
        for o in choices:
            by_dest.setdefault(getattr(o, "dest"), o)
        if len(by_dest) == 1:
            self._emit(power, next(iter(by_dest.values())))
            return
        prov = province_of(next(iter(by_dest)))
        actions: dict[str, Callable[[], None]] = {}
        labels = []
        for dest, order in sorted(by_dest.items()):
            key = (coast_of(dest) or dest)[:1].upper()
            actions[key] = partial(self._emit, power, order)
            labels.append(Choice(key, self._coast_name(dest)))
        self._ask(Question(f"Which coast of {self._name(prov)}?", tuple(labels), prov), actions)

    def _click_support_target(self, prov: str | None) -> None:
        assert self.selected is not None
        _, orders = self._current()
        if prov is None or prov not in self._support_targets(orders):
            if prov is not None:
                self.prompt = f"{self._unit_text()} can't support a unit in {self._name(prov)}"
            return
        self.target = prov
        self.step = Step.SUPPORT_DEST
        dests = self._support_dests(orders, prov)
        self._light(dests)
        held = prov in dests and any(isinstance(o, SupportHold) for o in dests[prov])
        also = f", or {self._name(prov)} itself to support it holding" if held else ""
        self.prompt = f"{self._unit_text()} supports {self._target_text()}: click where it goes{also}"

    def _support_dests(self, orders: Sequence[Order], target: str) -> dict[str, list[Order]]:
        out: dict[str, list[Order]] = {}
        for o in orders:
            if isinstance(o, SupportHold) and province_of(o.target.loc) == target:
                out.setdefault(target, []).append(o)
            elif isinstance(o, SupportMove) and province_of(o.target.loc) == target:
                out.setdefault(province_of(o.dest), []).append(o)
        return out

    def _click_support_dest(self, prov: str | None) -> None:
        assert self.selected is not None and self.target is not None
        power, orders = self._current()
        dests = self._support_dests(orders, self.target)
        if prov is None or prov not in dests:
            if prov is not None:
                self.prompt = f"{self._target_text()} can't be supported into {self._name(prov)}"
            return
        choices = dests[prov]
        if len(choices) > 1:
            # Several coasts of one province: support names the province only (the coast isn't needed).
            first = choices[0]
            assert isinstance(first, SupportMove)
            self._emit(power, SupportMove(first.unit, first.target, prov))
        else:
            self._emit(power, choices[0])

    def _click_convoy_army(self, prov: str | None) -> None:
        assert self.selected is not None
        _, orders = self._current()
        armies = {province_of(o.target.loc) for o in orders if isinstance(o, Convoy)}
        if prov is None or prov not in armies:
            if prov is not None:
                self.prompt = f"{self._unit_text()} can't convoy a unit from {self._name(prov)}"
            return
        self.target = prov
        self.step = Step.CONVOY_DEST
        self._light(province_of(o.dest) for o in orders if isinstance(o, Convoy) and province_of(o.target.loc) == prov)
        self.prompt = f"{self._unit_text()} convoys {self._target_text()}: click the destination"

    def _click_convoy_dest(self, prov: str | None) -> None:
        assert self.selected is not None and self.target is not None
        power, orders = self._current()
        for o in orders:
            if isinstance(o, Convoy) and province_of(o.target.loc) == self.target and province_of(o.dest) == prov:
                self._emit(power, o)
                return
        if prov is not None:
            self.prompt = f"{self._target_text()} can't be convoyed to {self._name(prov)}"

    # --- the Suez Canal ---------------------------------------------------------------------------

    def _permissions(self, orders: Sequence[Order]) -> list[PermissionOrder]:
        return _of_role(orders, self.options.role(R.PERMISSION))

    def _offer_suez(self, power: str, orders: Sequence[Order]) -> None:
        """G on the unit in Egypt: grant the one passage at once, or ask which fleet (grant or withdraw)."""
        permissions = self._permissions(orders)
        if not permissions:
            self.prompt = f"{self._unit_text()} can't open the Suez Canal to anyone now"
            return
        granted = [p for p in permissions if self.draft.order_for(power, order_key(as_order(p))) is not None]
        if len(permissions) == 1 and not granted:
            self._grant(power, permissions[0])
            return
        actions: dict[str, Callable[[], None]] = {}
        labels: list[Choice] = []
        for number, permission in enumerate(permissions, start=1):
            key = str(number)
            if permission in granted:
                actions[key] = partial(self._withdraw, power, permission)
                labels.append(Choice(key, f"Withdraw the passage of {permission.fleet}"))
            else:
                actions[key] = partial(self._grant, power, permission)
                labels.append(Choice(key, f"Grant Suez passage to {permission.fleet} (to {permission.dest})"))
        assert self.selected is not None
        self._ask(Question("Suez Canal:", tuple(labels), self.selected), actions)

    def _grant(self, power: str, permission: PermissionOrder) -> None:
        self.draft.put(power, as_order(permission))
        self._still_selected(f"Granted: {permission}")

    def _withdraw(self, power: str, permission: PermissionOrder) -> None:
        self.draft.remove(power, order_key(as_order(permission)))
        self._still_selected(f"Withdrawn: {permission}")

    def _still_selected(self, done: str) -> None:
        """After a side order the unit stays selected: it still needs (or keeps) its own order."""
        if self.selected is None:
            self.prompt = done
            return
        self.step, self.target = Step.UNIT, None
        self._show_unit_targets()
        power, orders = self._current()
        unit = _unit_of(orders)
        own = self.draft.order_for(power, province_of(unit.loc)) if unit is not None else None  # type: ignore[attr-defined]
        then = f"{self._unit_text()} keeps {own}" if own is not None else self.prompt
        self.prompt = f"{done}. {then}"


    # --- Hugh's Engineered Diplomacy: engineers, decoys, transports, damage, bids -------------------

    def _current(self) -> tuple[str, list[Order]]:
        """(power, legal orders) of the selected unit: a stacked one, or the province's unit."""
        if self.slot is not None:
            return self.slot[2], self.options.stacked[self.slot]
        assert self.selected is not None
        return self.options.by_province[self.selected]

    def _own_badge(self, badge: tuple[str, str, str] | None) -> tuple[str, str, str] | None:
        """The clicked badge as a slot the operator may order this phase, else ``None``."""
        if badge is None or self.options.phase_type is not PhaseType.MOVEMENT:
            return None
        power, letter, prov = badge
        slot = (province_of(prov), letter, power)
        return slot if slot in self.options.stacked else None

    def _badge_selects(self, slot: tuple[str, str, str]) -> bool:
        """With a unit selected, a click on one of the operator's badges selects that unit, unless the
        badge's province is where the selected unit may go (the click then orders the move)."""
        if self.slot == slot:
            return False
        prov = slot[0]
        return prov == self.selected or prov not in self._move_targets(self._current()[1])

    def _select_stacked(self, slot: tuple[str, str, str]) -> None:
        self.selected, self.target, self.slot = slot[0], None, slot
        self.step = Step.UNIT
        self._show_unit_targets()

    def _stacked_prompt(self, can_move: bool) -> None:
        assert self.slot is not None
        letter = self.slot[1]
        unit = self._unit_text()
        if letter == UnitType.ENGINEER.value:
            go = "click a lit province to go with a unit of yours moving there" if can_move else "no unit of yours can carry it"
            fetch = " · T fetch it with a unit" if self._carriers() else ""
            self.prompt = f"{unit}: {go}, or H stay{fetch}; Esc cancels"
        else:
            go = "click a lit province to move" if can_move else "it can't move"
            self.prompt = f"{unit}: {go}, or H hold; Esc cancels"

    def _engineer_slot(self) -> tuple[str, str, str] | None:
        """The operator's engineer beside the selected unit (its own power's first)."""
        if self.selected is None or self.options.phase_type is not PhaseType.MOVEMENT:
            return None
        owner = self._current()[0] if self.slot is None else None
        here = [k for k in self.options.stacked_in(self.selected) if k[1] == UnitType.ENGINEER.value]
        here.sort(key=lambda k: k[2] != owner)
        return here[0] if here else None

    def _decoy_slot(self) -> tuple[str, str, str] | None:
        """The decoy beside the selected unit, when the unit itself is selected."""
        if self.selected is None or self.slot is not None or self.options.phase_type is not PhaseType.MOVEMENT:
            return None
        owner = self._current()[0]
        slot = (self.selected, UnitType.DECOY.value, owner)
        return slot if slot in self.options.stacked else None

    def _placement(self) -> CreateEngineerOrder | None:
        """The first spring's placement of the power's engineer with the selected unit (rule 1a)."""
        if self.selected is None or self.slot is not None or self.options.phase_type is not PhaseType.MOVEMENT:
            return None
        power = self._current()[0]
        for o in _of_role(self.options.side.get((power, UnitType.ENGINEER.value), ()), self.options.role(R.CREATE_ENGINEER)):
            if o.engineer.province == self.selected:
                return o  # type: ignore[no-any-return]
        return None

    def _engineer_key(self, power: str) -> None:
        """E on a unit: select the engineer beside it, or place the first engineer with it."""
        slot = self._engineer_slot()
        if slot is not None:
            self._select_stacked(slot)
            return
        placement = self._placement()
        if placement is None:
            self.prompt = f"{self._unit_text()} has no engineer of yours beside it"
            return
        self.draft.put(power, as_order(placement))  # one placement slot per power: a new one replaces the last
        self._still_selected(f"Engineer placed: {placement}")

    def _transport_sources(self, orders: Sequence[Order]) -> dict[str, TransportOrder]:
        """Province of an engineer -> the selected unit's order fetching it."""
        if self.slot is not None:
            return {}
        return {province_of(o.engineer.loc): o for o in _of_role(orders, self.options.role(R.TRANSPORT))}

    def _has_transports(self) -> bool:
        transport = self.options.role(R.TRANSPORT)
        return any(isinstance(o, transport) for _, orders in self.options.by_province.values() for o in orders)

    def _carriers(self) -> dict[str, tuple[str, TransportOrder]]:
        """With an engineer selected: province of a unit that may fetch it -> (power, that order)."""
        if self.slot is None or self.slot[1] != UnitType.ENGINEER.value:
            return {}
        prov, _, power = self.slot
        out: dict[str, tuple[str, TransportOrder]] = {}
        transport = self.options.role(R.TRANSPORT)
        for where, (owner, orders) in self.options.by_province.items():
            for o in _of_role(orders, transport):
                if o.engineer.power == power and o.engineer.province == prov:
                    out[where] = (owner, o)
        return out

    def _start_transport(self, orders: Sequence[Order]) -> None:
        sources = self._transport_sources(orders)
        self.step, self.target = Step.TRANSPORT, None
        self._light(sources)
        self.prompt = f"{self._unit_text()} fetches an engineer of its power: click the engineer (Esc cancels)"

    def _click_transported(self, prov: str | None) -> None:
        power, orders = self._current()
        sources = self._transport_sources(orders)
        if prov is None:
            return
        order = sources.get(prov)
        if order is None:
            self.prompt = f"{self._unit_text()} can't fetch an engineer from {self._name(prov)}"
            return
        self._emit(power, order)

    def _start_carrier(self) -> None:
        carriers = self._carriers()
        if not carriers:
            self.prompt = f"{self._unit_text()}: no unit of its power can fetch it"
            return
        self.step, self.target = Step.CARRIER, None
        self._light(carriers)
        self.prompt = f"{self._unit_text()}: click the unit that fetches it (its whole order this turn; Esc cancels)"

    def _click_carrier(self, prov: str | None) -> None:
        if prov is None:
            return
        found = self._carriers().get(prov)
        if found is None:
            self.prompt = f"No unit in {self._name(prov)} can fetch {self._unit_text()}"
            return
        self._emit(*found)

    def _start_damage(self, orders: Sequence[Order]) -> None:
        targets = {province_of(o.target.loc) for o in _of_role(orders, self.options.role(R.DAMAGE))}
        if not targets:
            self.prompt = f"{self._unit_text()} can't damage anything"
            return
        self.step, self.target = Step.DAMAGE_TARGET, None
        self._light(targets)
        self.prompt = f"{self._unit_text()} damages: click the unit to damage (Esc cancels)"

    def _damage_dests(self, orders: Sequence[Order], target: str) -> dict[str, DamageOrder]:
        """Where the damaged unit goes -> the damage order; its own province: damage the unit itself."""
        out: dict[str, DamageOrder] = {}
        for o in _of_role(orders, self.options.role(R.DAMAGE)):
            if province_of(o.target.loc) == target:
                out[province_of(o.dest) if o.dest else target] = o
        return out

    def _click_damage_target(self, prov: str | None) -> None:
        _, orders = self._current()
        if prov is None:
            return
        dests = self._damage_dests(orders, prov)
        if not dests:
            self.prompt = f"{self._unit_text()} can't damage a unit in {self._name(prov)}"
            return
        self.target = prov
        self.step = Step.DAMAGE_DEST
        self._light(dests)
        itself = f", or {self._name(prov)} itself to damage the unit (its supports)" if prov in dests else ""
        self.prompt = f"{self._unit_text()} damages {self._target_text()}: click the move it makes{itself}"

    def _click_damage_dest(self, prov: str | None) -> None:
        assert self.target is not None
        power, orders = self._current()
        if prov is None:
            return
        order = self._damage_dests(orders, self.target).get(prov)
        if order is None:
            self.prompt = f"{self._target_text()} can't be damaged moving to {self._name(prov)}"
            return
        self._emit(power, order)

    def _ask_for_bid(self, prov: str | None) -> None:
        powers = tuple(sorted({p for p, _ in self.options.by_province.values()}))
        if self.focus_power in powers:
            powers = (self.focus_power,)  # the game master bids for the power in focus
        if not powers:
            self.prompt = "Only a power with units may bid"
            return
        self._reset()
        self.bid_request = BidRequest(powers, prov)
        what = f"the madman unit in {self._name(prov)}" if prov else "a madman unit"
        whose = "the bidding power's" if self.game_master else "your"
        self.prompt = f"Bid for {what}: choose {whose} units to offer and the order you want"

    def place_bid(self, power: str, bid: Order) -> None:
        """The dialog's answer: the bid joins ``power``'s orders (a new bid for the same unit replaces it)."""
        self.bid_request = None
        self.draft.put(power, as_order(bid))
        self.prompt = f"Ordered: {bid}"
        self._notify()

    def drop_bid_request(self) -> None:
        if self.bid_request is not None:
            self.bid_request = None
            self._idle_prompt()
            self._notify()

    def _offer_votes(self) -> None:
        """V in the winter (advanced level): vote a power out (rule F1)."""
        votes = [(power, o) for (power, slot), orders in self.options.side.items() if slot == "VOTE"
                 for o in _of_role(orders, self.options.role(R.VOTE))]
        if self.focus_power is not None:
            votes = [(p, o) for p, o in votes if p == self.focus_power]
        if not votes:
            self.prompt = "No vote to cast this winter"
            return
        if len({p for p, _ in votes}) > 1:
            self.prompt = "Choose the power that votes first"
            return
        actions: dict[str, Callable[[], None]] = {}
        labels: list[Choice] = []
        for number, (power, vote) in enumerate(votes, start=1):
            key = str(number)
            actions[key] = partial(self._emit, power, vote)
            labels.append(Choice(key, f"Vote out {self._power_word(vote.target)}"))
        voter = votes[0][0]
        homes = self.options.board.powers[voter].home_centers if voter in self.options.board.powers else ()
        at = self.selected or (homes[0] if homes else next(iter(self.options.board.provinces)))
        self._ask(Question("Vote a power out:", tuple(labels), at), actions)

    def _power_word(self, power: str) -> str:
        info = self.options.board.powers.get(power)
        return info.name if info is not None else power.title()

    def _winter_menu(self, prov: str, entry: tuple[str, list[Order]] | None,
                     slots: list[tuple[str, str, str]]) -> None:
        """One menu for everything that can be done in ``prov`` this winter: builds and removals, and the
        engineers' and prisons' orders (create, convert, make a decoy, disband)."""
        actions: dict[str, Callable[[], None]] = {}
        labels: list[Choice] = []

        def offer(preferred: str, label: str, action: Callable[[], None]) -> None:
            key = preferred
            if key in actions:
                key = next(str(n) for n in range(1, 10) if str(n) not in actions)
            actions[key] = action
            labels.append(Choice(key, label))

        if entry is not None:
            power, orders = entry
            for o in orders:
                if isinstance(o, Disband):
                    offer("R", f"Remove {o.unit}", partial(self._remove_unit, power, o))
            existing = self.draft.order_for(power, f"build:{prov}")
            if existing is not None or self._builds_left(power) > 0:
                builds = [o for o in orders if isinstance(o, Build)]
                fleets = [b for b in builds if b.unit.type is UnitType.FLEET]
                for b in builds:
                    if b.unit.type is UnitType.FLEET and len(fleets) > 1:
                        key, label = (coast_of(b.unit.loc) or "F")[:1].upper(), f"Build a fleet ({self._coast_name(b.unit.loc)})"
                    else:
                        key = b.unit.type.value
                        label = f"Build {UNIT_NAMES.get(key, f'unit {key}').lower()}"
                    offer(key, label, partial(self._emit, power, b))
            if existing is not None:
                offer("X", f"No build in {self._name(prov)}", partial(self._remove_build, power, prov))
        for slot in slots:
            for o in _of_role(self.options.stacked[slot], (object,)):
                power = slot[2]
                if _plays(o, self.options.role(R.CREATE_ENGINEER)):
                    offer("E", "Create an engineer", partial(self._emit, power, o))
                elif _plays(o, self.options.role(R.CREATE_DECOY)):
                    if self._builds_left(power) > 0:
                        offer("D", f"Make a decoy of {o.decoy} (takes a build)", partial(self._emit, power, o))
                elif _plays(o, self.options.role(R.CONVERT)):
                    word = STACKED_WORDS.get(o.converter.type.value, "unit")
                    into = UNIT_NAMES.get(o.into.type.value, o.into.type.value).lower()
                    where = f" ({self._coast_name(o.into.loc)})" if coast_of(o.into.loc) else ""
                    offer("1", f"The {word} converts it into a{'n' if into[:1] in 'aeiou' else ''} {into}{where}",
                          partial(self._emit, power, o))
                elif _plays(o, self.options.role(R.DISBAND_STACKED)):
                    offer("1", f"Disband the {STACKED_WORDS.get(o.stacked.type.value, 'unit')} {o.stacked}",
                          partial(self._emit, power, o))
        if not actions:
            self.prompt = f"{self._name(prov)}: nothing more to do there this winter"
            return
        self._ask(Question(f"Winter in {self._name(prov)}:", tuple(labels), prov), actions)

    def _remove_unit(self, power: str, order: Disband) -> None:
        owed = self.options.removals_owed.get(power, 0)
        prov = province_of(order.unit.loc)
        if self.draft.order_for(power, prov) is None and self.draft.count(power, Disband) >= owed:
            self.prompt = f"{power} already removes {owed} unit{'s' if owed != 1 else ''}; undo one first"
            return
        self._emit(power, order)

    # --- adjustments ------------------------------------------------------------------------------

    def _click_adjustment(self, prov: str | None) -> None:
        self._reset()
        if prov is None:
            self._idle_prompt()
            return
        entry = self.options.by_province.get(prov)
        slots = self.options.stacked_in(prov)
        if slots:
            self._winter_menu(prov, entry, slots)
            return
        if entry is None:
            self.prompt = f"{self._name(prov)}: nothing to build or remove there"
            return
        power, orders = entry
        removals = [o for o in orders if isinstance(o, Disband)]
        if removals:
            owed = self.options.removals_owed.get(power, 0)
            already = self.draft.order_for(power, prov) is not None
            if not already and self.draft.count(power, Disband) >= owed:
                self.prompt = f"{power} already removes {owed} unit{'s' if owed != 1 else ''}; undo one first"
                return
            self._emit(power, removals[0])
            return
        builds = [o for o in orders if isinstance(o, Build)]
        existing = self.draft.order_for(power, f"build:{prov}")
        if existing is None and self._builds_left(power) <= 0:
            self.prompt = f"{power} has no builds left; remove one from the list first"
            return
        actions: dict[str, Callable[[], None]] = {}
        labels: list[Choice] = []
        fleets = [b for b in builds if b.unit.type is UnitType.FLEET]
        for b in builds:
            if b.unit.type is UnitType.FLEET and len(fleets) > 1:
                key = (coast_of(b.unit.loc) or "F")[:1].upper()
                label = f"Fleet ({self._coast_name(b.unit.loc)})"
            else:
                key = b.unit.type.value
                label = UNIT_NAMES.get(key, f"Unit {key}")
            actions[key] = partial(self._emit, power, b)
            labels.append(Choice(key, label))
        if existing is not None:
            actions["X"] = lambda: self._remove_build(power, prov)
            labels.append(Choice("X", f"No build in {self._name(prov)}"))
        if len(builds) == 1 and existing is None:
            self._emit(power, builds[0])
            return
        self._ask(Question(f"Build in {self._name(prov)}:", tuple(labels), prov), actions)

    def _remove_build(self, power: str, prov: str) -> None:
        self.draft.remove(power, f"build:{prov}")
        self._reset()
        self._idle_prompt()

    def _builds_left(self, power: str) -> int:
        # A decoy takes one of the winter's builds (Engineered, rule 2b).
        used = sum(1 for o in self.draft.orders(power) if o.uses_build)  # builds, waives, decoys (uses_build)
        return self.options.build_allowance.get(power, 0) - used

    # --- helpers ----------------------------------------------------------------------------------

    def _emit_first(self, power: str, orders: Sequence[Order], kind: type | tuple[type, ...], refusal: str) -> None:
        for o in orders:
            if isinstance(o, kind):
                self._emit(power, o)
                return
        self.prompt = f"{self._unit_text()} {refusal}"

    def _emit(self, power: str, order: object) -> None:
        """Put ``order`` (a standard one or the variant's own kind) in the draft and start over."""
        self.draft.put(power, as_order(order))
        self._reset()
        self.prompt = f"Ordered: {order}"

    def _ask(self, question: Question, actions: dict[str, Callable[[], None]]) -> None:
        self._return_step = self.step
        self.step = Step.QUESTION
        self.question = question
        self._choices = actions
        self.prompt = question.prompt + " " + " · ".join(f"{c.key} {c.label}" for c in question.choices)

    def _answer(self, action: Callable[[], None]) -> None:
        self.question = None
        self._choices = {}
        self.step = self._return_step
        action()
        self._notify()

    def _reset(self) -> None:
        self.step = Step.IDLE
        self.selected = None
        self.slot = None
        self.target = None
        self.question = None
        self._choices = {}
        self.highlights = frozenset()
        self.railway_highlights = frozenset()

    def _light(self, targets: Iterable[str], railway: Iterable[str] = ()) -> None:
        self.highlights = frozenset(targets)
        self.railway_highlights = frozenset(railway)

    def _idle_prompt(self) -> None:
        kind = self.options.phase_type
        options = self.options
        if not options.by_province and not options.build_allowance and not options.stacked and not options.side:
            self.prompt = "Nothing to order this phase"
        elif kind is PhaseType.MOVEMENT:
            if self.game_master:
                self.prompt = "Click any power's unit to order it"
            else:
                self.prompt = "Click one of your units to order it"
            if any(slot == UnitType.ENGINEER.value for _p, slot in options.side):
                whose = "its power's" if self.game_master else "your"
                self.prompt += f"; E on a unit places {whose} first engineer there"
            if options.biddable:
                self.prompt += "; click a madman unit (or B) to bid for it"
        elif kind is PhaseType.RETREATS:
            self.prompt = "Click a dislodged unit to retreat or disband it"
        elif options.build_allowance:
            self.prompt = "Click an empty home centre to build (A army, F fleet), or W to waive"
        elif options.by_province:
            self.prompt = "Click a unit to remove it"
        else:
            self.prompt = "No builds or removals"
        if kind is PhaseType.ADJUSTMENTS and options.stacked:
            self.prompt += "; click an engineer's or a prison's area for its winter orders"
        if kind is PhaseType.ADJUSTMENTS and any(slot == "VOTE" for _p, slot in options.side):
            self.prompt += "; V to vote a power out"

    def _notify(self) -> None:
        for callback in list(self._listeners):
            callback()

    def _name(self, prov: str) -> str:
        p = self.options.board.provinces.get(prov)
        return p.name if p is not None else prov

    def _coast_name(self, loc: str) -> str:
        coast = coast_of(loc)
        if coast is None:
            return self._name(province_of(loc))
        p = self.options.board.provinces[province_of(loc)]
        names = dict(zip(p.coasts, p.coast_names))
        return names.get(coast, coast) or coast

    def _unit_text(self) -> str:
        if self.selected is None:
            return ""
        unit = _unit_of(self._current()[1])
        text = str(unit) if unit is not None else self.selected
        if self.slot is not None:
            text += f" ({STACKED_WORDS.get(self.slot[1], 'unit')})"
        return text

    def _target_text(self) -> str:
        if self.target is None or self.selected is None:
            return ""
        for o in self._current()[1]:
            target = getattr(o, "target", None)
            if target is not None and province_of(target.loc) == self.target:
                return str(target)
        return self.target


def _plays(order: object, classes: tuple[type, ...]) -> bool:
    """Does ``order`` play the role these classes play? (No narrowing: the role's fields are read as ``Any``.)"""
    return isinstance(order, classes)


def _field(order: object, name: str) -> Any:
    return getattr(order, name)


def _of_role(orders: Iterable[object], classes: tuple[type, ...]) -> list[Any]:
    """The orders of the classes that play one entry role (a variant's own kinds, whose fields the role's
    protocol in ``engine.entry_roles`` names)."""
    return [o for o in orders if isinstance(o, classes)]
