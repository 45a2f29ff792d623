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
"""
from __future__ import annotations

import enum
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field

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
from engine.types import PhaseType, UnitType, coast_of, province_of
from engine.variants.colonial import SuezPermission

from .drafts import OrderDraft, order_key


@dataclass(frozen=True, slots=True)
class Click:
    """A click on the map: the location under the pointer (``None`` off the board) and the button."""

    loc: str | None
    button: str = "left"  # "left" | "right"


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
    QUESTION = "question"


# Names of unit types in build menus (variants add their own types to army and fleet).
UNIT_NAMES: Mapping[str, str] = {"A": "Army", "F": "Fleet", "E": "Engineer", "P": "Prison", "W": "Fighter",
                                 "D": "Decoy", "M": "Militia", "C": "Corps", "S": "Squadron"}

# Which order kinds a selected unit may switch to, by key.
KIND_KEYS: Mapping[str, str] = {"M": "Move", "H": "Hold", "S": "Support", "C": "Convoy", "V": "Via convoy",
                                 "T": "By railway", "G": "Grant Suez passage", "D": "Disband"}


@dataclass(slots=True)
class EntryOptions:
    """The legal orders the operator may give this phase, by province of the unit or build site."""

    phase_type: PhaseType
    board: MapData
    by_province: dict[str, tuple[str, list[Order]]] = field(default_factory=dict)  # province -> (power, orders)
    build_allowance: dict[str, int] = field(default_factory=dict)  # power -> builds it may order
    removals_owed: dict[str, int] = field(default_factory=dict)  # power -> units it must remove

    @classmethod
    def from_game(cls, game: Game, powers: Iterable[str]) -> EntryOptions:
        variant, state = game.variant, game.state
        options = cls(state.phase.type, variant.board)
        for power in powers:
            for key, orders in game.legal_orders(power).items():
                options.by_province[province_of(key)] = (power, list(orders))
            if state.phase.type is PhaseType.ADJUSTMENTS:
                delta = variant.adjustment_delta(state, power)
                if delta > 0:
                    options.build_allowance[power] = min(delta, len(variant.build_sites(state, power)))
                elif delta < 0:
                    options.removals_owed[power] = -delta
        return options

    def powers(self) -> list[str]:
        return sorted({p for p, _ in self.by_province.values()} | set(self.build_allowance))


def _kind_words(key: str) -> str:
    """A kind's label inside a sentence ("via convoy", "grant Suez passage")."""
    label = KIND_KEYS[key]
    return label[:1].lower() + label[1:]


def _unit_of(orders: Sequence[Order]) -> object | None:
    for o in orders:
        unit = getattr(o, "unit", None)
        if unit is not None and not isinstance(o, Build):
            return unit
    return None


class OrderEntry:
    """Clicks and keys in, orders out (into ``draft``); ``highlights``/``prompt``/``question`` for the view."""

    def __init__(self, options: EntryOptions, draft: OrderDraft, focus_power: str | None = None) -> None:
        self.options = options
        self.draft = draft
        self.focus_power = focus_power  # the power a WAIVE is for when several powers are entered here
        self.step = Step.IDLE
        self.selected: str | None = None  # province of the selected unit
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
        if self.options.phase_type is PhaseType.ADJUSTMENTS:
            self._click_adjustment(prov)
        elif self.step is Step.IDLE:
            self._select(prov)
        elif self.step in (Step.UNIT, Step.VIA, Step.RAIL):
            self._click_destination(prov)
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
        if self.selected is None:
            return
        power, orders = self.options.by_province[self.selected]
        if k == "H":
            self._emit_first(power, orders, Hold, "can't hold")
        elif k == "D":
            self._emit_first(power, orders, Disband, "can't disband now")
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
        _, orders = self.options.by_province[self.selected]
        kinds = []
        if any(isinstance(o, (Move, Retreat)) for o in orders):
            kinds.append("M")
        if any(isinstance(o, Hold) for o in orders):
            kinds.append("H")
        if self._support_targets(orders):
            kinds.append("S")
        if any(isinstance(o, Convoy) for o in orders):
            kinds.append("C")
        if self._via_targets(orders):
            kinds.append("V")
        if self._railway_targets(orders):
            kinds.append("T")
        if self._permissions(orders):
            kinds.append("G")
        if any(isinstance(o, Disband) for o in orders):
            kinds.append("D")
        return kinds

    # --- movement and retreats --------------------------------------------------------------------

    def _select(self, prov: str | None) -> None:
        if prov is None:
            return
        entry = self.options.by_province.get(prov)
        if entry is None:
            self.prompt = f"{self._name(prov)}: nothing you can order there"
            return
        self.selected, self.target = prov, None
        self.step = Step.UNIT
        self._show_unit_targets()

    def _show_unit_targets(self) -> None:
        assert self.selected is not None
        _, orders = self.options.by_province[self.selected]
        targets = self._move_targets(orders)
        rail = self._railway_targets(orders)
        self._light(targets, rail)
        unit = self._unit_text()
        if self.options.phase_type is PhaseType.RETREATS:
            where = "click a lit province to retreat, D to disband" if targets else "it has nowhere to go: D to disband"
            self.prompt = f"{unit} (dislodged): {where}; Esc cancels"
            return
        keys = " · ".join(f"{k} {_kind_words(k)}" for k in self.available_kinds() if k != "M")
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
        power, orders = self.options.by_province[self.selected]
        if prov is None:
            return
        if self.step is Step.UNIT and prov == self.selected:
            if self.options.phase_type is PhaseType.MOVEMENT:
                self._emit_first(power, orders, Hold, "can't hold")
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
            if self.step is Step.UNIT and prov in self.options.by_province:
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
        actions = {}
        labels = []
        for dest, order in sorted(by_dest.items()):
            key = (coast_of(dest) or dest)[:1].upper()
            actions[key] = (lambda o=order: self._emit(power, o))
            labels.append(Choice(key, self._coast_name(dest)))
        self._ask(Question(f"Which coast of {self._name(prov)}?", tuple(labels), prov), actions)

    def _click_support_target(self, prov: str | None) -> None:
        assert self.selected is not None
        _, orders = self.options.by_province[self.selected]
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
        power, orders = self.options.by_province[self.selected]
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
        _, orders = self.options.by_province[self.selected]
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
        power, orders = self.options.by_province[self.selected]
        for o in orders:
            if isinstance(o, Convoy) and province_of(o.target.loc) == self.target and province_of(o.dest) == prov:
                self._emit(power, o)
                return
        if prov is not None:
            self.prompt = f"{self._target_text()} can't be convoyed to {self._name(prov)}"

    # --- the Suez Canal ---------------------------------------------------------------------------

    def _permissions(self, orders: Sequence[Order]) -> list[SuezPermission]:
        return [o for o in orders if isinstance(o, SuezPermission)]

    def _offer_suez(self, power: str, orders: Sequence[Order]) -> None:
        """G on the unit in Egypt: grant the one passage at once, or ask which fleet (grant or withdraw)."""
        permissions = self._permissions(orders)
        if not permissions:
            self.prompt = f"{self._unit_text()} can't open the Suez Canal to anyone now"
            return
        granted = [p for p in permissions if self.draft.order_for(power, order_key(p)) is not None]
        if len(permissions) == 1 and not granted:
            self._grant(power, permissions[0])
            return
        actions: dict[str, Callable[[], None]] = {}
        labels: list[Choice] = []
        for number, permission in enumerate(permissions, start=1):
            key = str(number)
            if permission in granted:
                actions[key] = lambda p=permission: self._withdraw(power, p)
                labels.append(Choice(key, f"Withdraw the passage of {permission.fleet}"))
            else:
                actions[key] = lambda p=permission: self._grant(power, p)
                labels.append(Choice(key, f"Grant Suez passage to {permission.fleet} (to {permission.dest})"))
        assert self.selected is not None
        self._ask(Question("Suez Canal:", tuple(labels), self.selected), actions)

    def _grant(self, power: str, permission: SuezPermission) -> None:
        self.draft.put(power, permission)
        self._still_selected(f"Granted: {permission}")

    def _withdraw(self, power: str, permission: SuezPermission) -> None:
        self.draft.remove(power, order_key(permission))
        self._still_selected(f"Withdrawn: {permission}")

    def _still_selected(self, done: str) -> None:
        """After a side order the unit stays selected: it still needs (or keeps) its own order."""
        if self.selected is None:
            self.prompt = done
            return
        self.step, self.target = Step.UNIT, None
        self._show_unit_targets()
        power, orders = self.options.by_province[self.selected]
        unit = _unit_of(orders)
        own = self.draft.order_for(power, province_of(unit.loc)) if unit is not None else None  # type: ignore[attr-defined]
        then = f"{self._unit_text()} keeps {own}" if own is not None else self.prompt
        self.prompt = f"{done}. {then}"

    # --- adjustments ------------------------------------------------------------------------------

    def _click_adjustment(self, prov: str | None) -> None:
        self._reset()
        if prov is None:
            self._idle_prompt()
            return
        entry = self.options.by_province.get(prov)
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
            actions[key] = (lambda o=b: self._emit(power, o))
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
        return self.options.build_allowance.get(power, 0) - self.draft.count(power, (Build, Waive))

    # --- helpers ----------------------------------------------------------------------------------

    def _emit_first(self, power: str, orders: Sequence[Order], kind: type, refusal: str) -> None:
        for o in orders:
            if isinstance(o, kind):
                self._emit(power, o)
                return
        self.prompt = f"{self._unit_text()} {refusal}"

    def _emit(self, power: str, order: Order) -> None:
        self.draft.put(power, order)
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
        if not self.options.by_province and not self.options.build_allowance:
            self.prompt = "Nothing to order this phase"
        elif kind is PhaseType.MOVEMENT:
            self.prompt = "Click one of your units to order it"
        elif kind is PhaseType.RETREATS:
            self.prompt = "Click a dislodged unit to retreat or disband it"
        elif self.options.build_allowance:
            self.prompt = "Click an empty home centre to build (A army, F fleet), or W to waive"
        else:
            self.prompt = "Click a unit to remove it"

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
        unit = _unit_of(self.options.by_province[self.selected][1])
        return str(unit) if unit is not None else self.selected

    def _target_text(self) -> str:
        if self.target is None or self.selected is None:
            return ""
        for o in self.options.by_province[self.selected][1]:
            target = getattr(o, "target", None)
            if target is not None and province_of(target.loc) == self.target:
                return str(target)
        return self.target
