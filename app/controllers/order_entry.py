"""Entering orders by clicking, unit first: a state machine that narrows the engine's legal orders by clicks
and keys, writing the one left to a draft.

Every order kind says how it is picked (``engine/entry.py``: a key, the places clicked after it, the words):
this module knows no kind's steps, no variant and no adjacency rule. Click one of your units: the places of
its plain kinds light up (moves, retreats; a click on the unit itself holds; places a kind lights in its
own style, such as a railway ride, go to :attr:`OrderEntry.railway_highlights`). A key picks a kind
(S support, C convoy, X a fighter's damage...): the places of its next pick light up, each click keeps
the candidates whose place it is, and when one is left it is ordered; several that no click tells apart
(two coasts, two fleets a permission could be for) are a question. A side order (Colonial's Suez
permission) leaves the unit selected. A kind whose ``start`` names another unit is picked from that unit
(T on an engineer lights the units that may fetch it). A stacked unit is selected by its badge, or by its
letter on the unit it stands beside. In an adjustment phase a click on a place offers everything that can
be done there (builds, removals, the stacked units' orders, worded by each kind's ``choice``); a key of a
power's order of no unit (V: vote) asks which. Bids go to a side panel the variant describes
(``Variant.bid_targets``): a click on a unit others bid for, or B. Esc or a right click cancels.
"""
from __future__ import annotations

import enum
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from functools import partial

from engine.entry import STANDARD_ENTRIES, Entry, coast_name, pick_location, pick_place, words
from engine.orders import Build, Disband, Order, Waive
from engine.types import PhaseType, coast_of, province_of

from .drafts import OrderDraft, as_order, order_key
from .entry_options import Candidate, EntryOptions, Slot, unit_name, unit_of

__all__ = ["BidRequest", "Choice", "Click", "EntryOptions", "OrderEntry", "Question", "Step"]



@dataclass(frozen=True, slots=True)
class Click:
    """A click on the map: the location under the pointer (``None`` off the board) and the button.

    ``badge`` names the stacked unit whose badge was clicked, as (power, unit letter, province)."""

    loc: str | None
    button: str = "left"  # "left" | "right"
    badge: tuple[str, str, str] | None = None


@dataclass(frozen=True, slots=True)
class BidRequest:
    """The operator asked to bid for a unit others bid for: the window shows the variant's bid panel."""

    powers: tuple[str, ...]  # who may bid from this seat
    unit_province: str | None  # the unit clicked, or None (B pressed: choose in the panel)


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
    UNIT = "unit"  # a unit is selected: clicks are its plain kinds' places (moves)
    PICK = "pick"  # a kind was chosen by its key: clicks are its next pick's places (:attr:`OrderEntry.stage`)
    QUESTION = "question"


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
        self.stage = ""  # the name of the pick under way (``Pick.name``: "support_target")
        self.selected: str | None = None  # province of the selected unit
        self.slot: Slot | None = None  # the selected stacked unit
        self.bid_request: BidRequest | None = None  # set when the operator asks to bid; the window answers
        self.question: Question | None = None
        self.prompt = ""
        self.highlights: frozenset[str] = frozenset()
        self.railway_highlights: frozenset[str] = frozenset()  # places lit in a kind's own style (a railway)
        self._entry: Entry | None = None  # the kind being picked
        self._candidates: list[Candidate] = []  # its orders still possible
        self._picked = 0  # how many of its picks are made
        # The selected unit's kinds, kept while the unit and the draft (which may open orders) stay the same.
        self._kinds_of: tuple[tuple[str, Slot | None, int], list[tuple[Entry, list[Candidate]]]] | None = None
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
        elif prov is not None and self.step is Step.UNIT:
            self._click_plain(prov)
        elif prov is not None and self.step is Step.PICK:
            self._click_pick(prov)
        self._notify()

    def key(self, key: str) -> None:
        """A key press: an order kind (its entry's key), a build (A F W), a menu answer, or Escape."""
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
        if self.options.biddable and k in (e.key for e in self.options.known_entries() if e.panel):
            self._ask_for_bid(None)
        elif self.selected is None or self.options.phase_type is PhaseType.ADJUSTMENTS:
            self._power_orders(k)
        elif k == "M":
            self._show_unit_targets()
        else:
            self._kind_key(k)
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
        elif self._builds_left(who) <= 0:
            self.prompt = f"{who} has no builds left to waive"
        else:
            self.draft.put(who, Waive(who))
            self._reset()
            self.prompt = f"{who} waives a build"
        self._notify()

    def available_kinds(self) -> list[str]:
        """The keys of the kinds the selected unit can be given (M: back to moves), for a flyout menu."""
        if self.selected is None or self.options.phase_type is PhaseType.ADJUSTMENTS:
            return []
        kinds = self._kinds()
        keys = [e.key for e, _ in kinds]
        if any(e.plain and e.picks for e, _ in kinds):
            keys.insert(0, "M")
        keys += [slot[1] for slot in self._stacked_beside() if slot[1] not in keys]
        standard = "".join(e.key for e in STANDARD_ENTRIES)
        return sorted(dict.fromkeys(keys), key=lambda k: standard.find(k) if k in standard else len(standard))

    def kind_label(self, key: str) -> str:
        """What a kind key does for the selected unit (the flyout's button text)."""
        for entry, _ in self._kinds(key):
            return entry.label
        for slot in self._stacked_beside():
            if slot[1] == key:
                name = unit_name(key)
                return name[:1].upper() + name[1:]
        return next((e.label for e in self.options.known_entries() if e.key == key), key)

    def selected_location(self) -> str | None:
        """The location of the selected unit (its coast included), for placing menus beside it."""
        if self.selected is None:
            return None
        unit = unit_of(self._current()[1])
        return unit.loc if unit is not None else self.selected

    # --- selecting a unit and its plain clicks ----------------------------------------------------

    def _select(self, prov: str | None, badge: Slot | None = None) -> None:
        if prov is None:
            return
        if badge is not None:
            self._select_stacked(badge)
            return
        if prov not in self.options.by_province:
            here = self.options.stacked_in(prov)
            if here and self.options.phase_type is PhaseType.MOVEMENT:
                self._select_stacked(here[0])  # a stacked unit with no unit of the operator's beside it
            elif prov in self.options.biddable:
                self._ask_for_bid(prov)
            else:
                self.prompt = f"{self._name(prov)}: nothing you can order there"
            return
        power, orders = self.options.by_province[prov]
        if orders and all(self._from_menu(o) for o in orders):
            self._offer_menu(prov, power, orders)
            return
        self.selected, self.slot = prov, None
        self._show_unit_targets()

    def _from_menu(self, order: Order) -> bool:
        """Is ``order`` picked from a menu at its place, with no key and no clicks (EMG's adds in the turn)?"""
        first = self.options.entries(order)[:1]
        return bool(first) and not first[0].key and not first[0].plain and not first[0].picks and not first[0].start

    def _offer_menu(self, prov: str, power: str, orders: Sequence[Order]) -> None:
        """A place whose orders are all menu kinds (a new unit in a movement phase): a menu keyed by each new
        unit's letter, with X to drop the one drafted there."""
        actions: dict[str, Callable[[], None]] = {}
        labels: list[Choice] = []
        drafted = next((o for o in orders if self.draft.order_for(power, order_key(o)) is not None), None)
        if drafted is not None:
            actions["X"] = partial(self._drop_menu_order, power, drafted)
            labels.append(Choice("X", f"Nothing in {self._name(prov)}"))
        for number, order in enumerate(orders, start=1):
            unit = getattr(order, "unit", None)
            letter = str(unit.type.value) if unit is not None else ""
            key = letter if letter and letter not in actions else str(number)
            actions[key] = partial(self._emit, power, order)
            labels.append(Choice(key, self._words(self.options.entries(order)[0].choice, order)))
        label = self.options.entries(orders[0])[0].label
        self._ask(Question(f"{label} in {self._name(prov)}:", tuple(labels), prov), actions)

    def _drop_menu_order(self, power: str, order: Order) -> None:
        self.draft.remove(power, order_key(order))
        self._reset()
        self._idle_prompt()

    def _select_stacked(self, slot: Slot) -> None:
        self.selected, self.slot = slot[0], slot
        self._show_unit_targets()

    def _plain_targets(self) -> dict[str, list[tuple[Entry, Candidate]]]:
        """Place -> the plain kinds' orders a click there picks (the unit's own place: kinds of no pick)."""
        assert self.selected is not None
        power, orders = self._current()
        out: dict[str, list[tuple[Entry, Candidate]]] = {}
        for o in orders:
            for e in self.options.entries(o):
                if e.plain and not e.start:
                    place = pick_place(o, e.picks[0]) if e.picks else self.selected
                    if place is not None:
                        out.setdefault(place, []).append((e, (power, o)))
        return out

    def _show_unit_targets(self) -> None:
        self.step, self.stage, self._entry, self._candidates = Step.UNIT, "", None, []
        targets = self._plain_targets()
        lit = {p for p, found in targets.items() if any(e.picks and not e.lit for e, _ in found)}
        styled = {p for p, found in targets.items() if any(e.picks and e.lit for e, _ in found)}
        self._light(lit, styled)
        unit = self._unit_text() + (" (dislodged)" if self.options.phase_type is PhaseType.RETREATS else "")
        keys = " · ".join(f"{k} {self._kind_words(k)}" for k in self.available_kinds() if k != "M")
        asks = [e.picks[0].ask for found in targets.values() for e, _ in found if e.picks and not e.lit and not e.prefer]
        go = f"{asks[0]}" if asks else ("it can't move" if not styled else "click a lit province")
        notes = {e.lit_note: e.key for found in targets.values() for e, _ in found if e.lit and e.lit_note}
        for note, key in notes.items():
            also = f"; {key} to take it where it could also go otherwise" if lit & styled else ""
            go += f" ({note}{also})"
        self.prompt = f"{unit}: {go}" + (f", or {keys}" if keys else "") + "; Esc cancels"

    def _click_plain(self, prov: str) -> None:
        found = self._plain_targets().get(prov)
        if not found:
            mine = prov in self.options.by_province or self.options.stacked_in(prov)
            if prov != self.selected and mine:
                self._select(prov)  # another of the operator's units: select it instead
            elif prov != self.selected:
                self.prompt = self._say("{unit} can't go to {place}", place=prov)
            return
        # The plainest way there wins: a walk before a ride in its own style, before a way by convoy.
        best = min(found, key=lambda f: (bool(f[0].lit), bool(f[0].prefer)))[0]
        self._entry = best
        self._candidates = [c for e, c in found if e is best]
        self._picked = 1 if best.picks else 0
        self._settle()

    def _badge_selects(self, slot: Slot) -> bool:
        """With a unit selected, a click on one of the operator's badges selects that unit, unless the
        badge's province is where the selected unit may go (the click then orders the move)."""
        if self.slot == slot:
            return False
        return slot[0] == self.selected or slot[0] not in self._plain_targets()

    def _own_badge(self, badge: tuple[str, str, str] | None) -> Slot | None:
        """The clicked badge as a slot the operator may order this phase, else ``None``."""
        if badge is None or self.options.phase_type is not PhaseType.MOVEMENT:
            return None
        power, letter, prov = badge
        slot = (province_of(prov), letter, power)
        return slot if slot in self.options.stacked else None

    # --- a kind picked by its key -----------------------------------------------------------------

    def _kinds(self, key: str | None = None) -> list[tuple[Entry, list[Candidate]]]:
        """The selected unit's kinds (of ``key``) with their candidates: its own orders, then orders of other
        slots whose ``start`` field is the selected unit."""
        if self.selected is None:
            return []
        if self._kinds_of is None or self._kinds_of[0] != (self.selected, self.slot, self.draft.version):
            power, orders = self._current()
            orders = [*orders, *self.options.drafted_options(power, orders, self.draft.orders(power))]
            found: dict[Entry, list[Candidate]] = {}
            for o in orders:
                for e in self.options.entries(o):
                    if not e.start and e.key and not e.panel:
                        found.setdefault(e, []).append((power, o))
            for e, candidate in self.options.started_from(unit_of(orders), self.selected, power):
                if not (e.by_place and self.slot is not None):
                    found.setdefault(e, []).append(candidate)
            self._kinds_of = ((self.selected, self.slot, self.draft.version), list(found.items()))
        return [(e, list(c)) for e, c in self._kinds_of[1] if key is None or e.key == key]

    def _stacked_beside(self) -> list[Slot]:
        """The operator's stacked units beside the selected unit (its own power's first)."""
        if self.selected is None or self.slot is not None or self.options.phase_type is not PhaseType.MOVEMENT:
            return []
        owner = self._current()[0]
        here = self.options.stacked_in(self.selected, self.options.powers())
        return sorted(here, key=lambda k: k[2] != owner)

    def _kind_key(self, key: str) -> None:
        kinds = self._kinds(key)
        if kinds:
            self._entry, self._candidates = kinds[0]
            self._picked = 0
            self._settle()
            return
        beside = [slot for slot in self._stacked_beside() if slot[1] == key]
        if beside:
            self._select_stacked(beside[0])
            return
        known = [e for e in self.options.known_entries() if e.key == key and e.none and not e.start]
        if known:
            self.prompt = self._say(known[0].none)

    def _settle(self) -> None:
        """Light the next pick's places, or order the one candidate left, or ask which."""
        entry = self._entry
        assert entry is not None
        one_left = len(self._candidates) == 1 and self._picked > 0  # auto-complete, once something is clicked
        if self._picked < len(entry.picks) and not one_left:
            pick = entry.picks[self._picked]
            places = {p for _, o in self._candidates if (p := pick_place(o, pick)) is not None}
            self.step, self.stage = Step.PICK, pick.name
            self._light(() if entry.lit else places, places if entry.lit else ())
            before = pick_place(self._candidates[0][1], entry.picks[self._picked - 1]) if self._picked else None
            itself = self._say(pick.itself, place=before) if before in places and pick.itself else ""
            self.prompt = self._say(pick.ask) + itself
            return
        candidates = self._candidates
        if entry.prefer:
            candidates = [c for c in candidates if getattr(c[1], entry.prefer, False)] or candidates
        if entry.side:
            self._side_order(entry, candidates)
        elif len(candidates) == 1:
            self._emit(*candidates[0])
        elif entry.picks and self._differ_in_coast(entry, candidates):
            self._ask_coast(entry, candidates)
        else:
            self._ask_which(entry, candidates, self.selected or "")

    def _click_pick(self, prov: str) -> None:
        entry = self._entry
        assert entry is not None
        pick = entry.picks[self._picked]
        kept = [c for c in self._candidates if pick_place(c[1], pick) == prov]
        if not kept:
            self.prompt = self._say(pick.refusal, place=prov)
            return
        self._candidates = kept
        self._picked += 1
        self._settle()

    def _differ_in_coast(self, entry: Entry, candidates: list[Candidate]) -> bool:
        pick = entry.picks[-1]
        one_place = len({pick_place(o, pick) for _, o in candidates}) == 1
        return one_place and len({pick_location(o, pick) for _, o in candidates}) == len(candidates) > 1

    def _ask_coast(self, entry: Entry, candidates: list[Candidate]) -> None:
        pick = entry.picks[-1]
        if pick.drop_coast:  # the order names the province only (a support needn't name the coast)
            power, first = candidates[0]
            name = next(n for n in pick.fields if getattr(first, n, None) is not None)
            self._emit(power, replace(first, **{name: province_of(getattr(first, name))}))  # type: ignore[type-var]
            return
        by_loc = {pick_location(o, pick) or "": (p, o) for p, o in reversed(candidates)}
        actions: dict[str, Callable[[], None]] = {}
        labels = []
        for loc, (power, order) in sorted(by_loc.items()):
            key = (coast_of(loc) or loc)[:1].upper()
            actions[key] = partial(self._emit, power, order)
            labels.append(Choice(key, coast_name(self.options.board, loc)))
        prov = province_of(next(iter(by_loc)))
        self._ask(Question(f"Which coast of {self._name(prov)}?", tuple(labels), prov), actions)

    def _ask_which(self, entry: Entry, candidates: Sequence[Candidate], at: str, drafted: Sequence[bool] = ()) -> None:
        actions: dict[str, Callable[[], None]] = {}
        labels: list[Choice] = []
        for number, (power, order) in enumerate(candidates, start=1):
            key = str(number)
            if drafted and drafted[number - 1]:
                actions[key] = partial(self._withdraw, power, order)
                labels.append(Choice(key, self._words(entry.withdraw or "Withdraw {order}", order)))
            else:
                actions[key] = partial(self._emit, power, order)
                labels.append(Choice(key, self._words(entry.choice, order)))
        self._ask(Question(f"{entry.label}:", tuple(labels), at), actions)

    # --- side orders and a power's orders of no unit ----------------------------------------------

    def _side_order(self, entry: Entry, candidates: list[Candidate]) -> None:
        """A side order beside the unit's own: the one at once, else a question (drafted ones withdrawn)."""
        drafted = [self.draft.order_for(p, order_key(o)) == o for p, o in candidates]
        if len(candidates) == 1 and not drafted[0]:
            self._emit(*candidates[0])
            return
        assert self.selected is not None
        self._ask_which(entry, candidates, self.selected, drafted)

    def _withdraw(self, power: str, order: Order) -> None:
        self.draft.remove(power, order_key(order))
        self._still_selected(f"Withdrawn: {order}")

    def _still_selected(self, done: str) -> None:
        """After a side order the unit stays selected: it still needs (or keeps) its own order."""
        if self.selected is None:
            self.prompt = done
            return
        self._show_unit_targets()
        power, orders = self._current()
        unit = unit_of(orders)
        own = self.draft.order_for(power, province_of(unit.loc)) if unit is not None and self.slot is None else None
        then = f"{self._unit_text()} keeps {own}" if own is not None else self.prompt
        self.prompt = f"{done}. {then}"

    def _power_orders(self, key: str) -> None:
        """A key of a power's order of no unit (V: vote), asked as a question."""
        found: list[Candidate] = []
        entry: Entry | None = None
        for (power, _), orders in self.options.side.items():
            for o in orders:
                for e in self.options.entries(o):
                    if e.key == key and not e.start and (self.focus_power is None or power == self.focus_power):
                        entry = entry or e
                        found.append((power, o))
        if entry is None:  # ``hint`` marks a power's order of no unit
            known = [e for e in self.options.known_entries() if e.key == key and e.hint and e.none and not e.start]
            if known:
                self.prompt = self._say(known[0].none)
            return
        if len({p for p, _ in found}) > 1:
            self.prompt = "Choose the power that gives it first"
            return
        homes = self.options.board.powers[found[0][0]].home_centers if found[0][0] in self.options.board.powers else ()
        at = self.selected or (homes[0] if homes else next(iter(self.options.board.provinces)))
        self._ask_which(entry, found, at)

    # --- bids -------------------------------------------------------------------------------------

    def _ask_for_bid(self, prov: str | None) -> None:
        powers = tuple(sorted({p for p, _ in self.options.by_province.values()}))
        if self.focus_power in powers:
            powers = (self.focus_power,)  # the game master bids for the power in focus
        if not powers:
            self.prompt = "Only a power with units may bid"
            return
        self._reset()
        self.bid_request = BidRequest(powers, prov)
        owner = self.options.bid_owner or "other powers'"
        what = f"the {owner} unit in {self._name(prov)}" if prov else f"a {owner} unit"
        whose = "the bidding power's" if self.game_master else "your"
        self.prompt = f"Bid for {what}: choose {whose} units to offer and the order you want"

    def place_bid(self, power: str, bid: Order) -> None:
        """The panel's answer: the bid joins ``power``'s orders (a new bid for the same unit replaces it)."""
        self.bid_request = None
        self.draft.put(power, as_order(bid))
        self.prompt = f"Ordered: {bid}"
        self._notify()

    def drop_bid_request(self) -> None:
        if self.bid_request is not None:
            self.bid_request = None
            self._idle_prompt()
            self._notify()

    # --- adjustments ------------------------------------------------------------------------------

    def _click_adjustment(self, prov: str | None) -> None:
        """Everything that can be done at ``prov`` this winter: a removal or a single build at once, else a
        menu of the builds and the stacked units' orders, each worded by its kind's ``choice``."""
        self._reset()
        if prov is None:
            self._idle_prompt()
            return
        entry, slots = self.options.by_province.get(prov), self.options.stacked_in(prov)
        offers: list[tuple[str, Candidate]] = []  # (preferred key, order)
        extra: list[Choice] = []
        actions: dict[str, Callable[[], None]] = {}
        others: list[Order] = []
        if entry is not None:
            power, orders = entry
            removals = [o for o in orders if isinstance(o, Disband)]
            builds = [o for o in orders if isinstance(o, Build)]
            # A variant's own winter orders at the place (1815's Convert) are lines of the same menu.
            others = [o for o in orders if not isinstance(o, (Build, Disband))
                      and any(e.key == "" and not e.start for e in self.options.entries(o)[:1])]
            existing = self.draft.order_for(power, f"build:{prov}")
            if removals and not slots and not others:
                self._remove_unit(power, removals[0])
                return
            if builds and existing is None and self._builds_left(power) <= 0:
                if not slots:
                    self.prompt = f"{power} has no builds left; remove one from the list first"
                    return
                builds = []
            if len(builds) == 1 and existing is None and not slots and not others:
                self._emit(power, builds[0])
                return
            for o in removals:
                actions["R"] = partial(self._remove_unit, power, o)
                extra.append(Choice("R", f"Remove {o.unit}"))
            kinds = [b.unit.type for b in builds]
            offers += [((coast_of(b.unit.loc) or "F")[:1] if kinds.count(b.unit.type) > 1 else b.unit.type.value,
                        (power, b)) for b in builds]  # two fleets: keyed by their coasts
            offers += [(self.options.entries(o)[0].key, (power, o)) for o in others]
            if existing is not None:
                actions["X"] = partial(self._remove_build, power, prov)
                extra.append(Choice("X", f"No build in {self._name(prov)}"))
        for slot in slots:
            offers += [(e.key, (slot[2], o)) for o in self.options.stacked[slot] for e in self.options.entries(o)[:1]
                       if not (o.uses_build and self._builds_left(slot[2]) <= 0)]
        labels = list(extra)
        for preferred, (power, order) in offers:
            key = preferred.upper() if preferred and preferred.upper() not in actions else \
                next(str(n) for n in range(1, 10) if str(n) not in actions)
            actions[key] = partial(self._emit, power, order)
            labels.append(Choice(key, self._words(self.options.entries(order)[0].choice, order)))
        if not actions:
            what = "nothing more to do there this winter" if slots else "nothing to build or remove there"
            self.prompt = f"{self._name(prov)}: {what}"
            return
        title = "Winter in" if slots or others else "Build in"
        self._ask(Question(f"{title} {self._name(prov)}:", tuple(labels), prov), actions)

    def _remove_unit(self, power: str, order: Disband) -> None:
        owed = self.options.removals_owed.get(power, 0)
        prov = province_of(order.unit.loc)
        if self.draft.order_for(power, order_key(order)) is None and self.draft.order_for(power, prov) is None \
                and self.draft.count(power, Disband) >= owed:
            self.prompt = f"{power} already removes {owed} unit{'s' if owed != 1 else ''}; undo one first"
            return
        self._emit(power, order)

    def _remove_build(self, power: str, prov: str) -> None:
        self.draft.remove(power, f"build:{prov}")
        self._reset()
        self._idle_prompt()

    def _builds_left(self, power: str) -> int:
        used = sum(1 for o in self.draft.orders(power) if o.uses_build)  # builds, waives, a variant's (decoys)
        return self.options.build_allowance.get(power, 0) - used

    # --- helpers ----------------------------------------------------------------------------------

    def _emit(self, power: str, order: Order) -> None:
        """Put ``order`` in the draft; start over (or keep the unit selected after a side order)."""
        self.draft.put(power, as_order(order))
        entry = next(iter(self.options.entries(order)), None)
        if entry is not None and entry.side and self.selected is not None:
            self._still_selected(f"{entry.done}: {order}")
            return
        self._reset()
        self.prompt = f"{entry.done if entry is not None else 'Ordered'}: {order}"

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
        self.step, self.stage = Step.IDLE, ""
        self.selected = None
        self.slot = None
        self.question = None
        self._entry, self._candidates, self._picked = None, [], 0
        self._choices = {}
        self.highlights = frozenset()
        self.railway_highlights = frozenset()

    def _light(self, targets: Iterable[str], styled: Iterable[str] = ()) -> None:
        self.highlights = frozenset(targets)
        self.railway_highlights = frozenset(styled)

    def _idle_prompt(self) -> None:
        kind = self.options.phase_type
        options = self.options
        whose = "its power's" if self.game_master else "your"
        side = [o for orders in options.side.values() for o in orders]
        menus = [o for _, orders in options.by_province.values() for o in orders[:1] if self._from_menu(o)]
        hints = list(dict.fromkeys(self._say(e.hint, whose=whose) for o in [*side, *menus]
                                   for e in options.entries(o)[:1] if e.hint))
        if not options.by_province and not options.build_allowance and not options.stacked and not options.side:
            self.prompt = "Nothing to order this phase"
        elif kind is PhaseType.MOVEMENT:
            self.prompt = "Click any power's unit to order it" if self.game_master else "Click one of your units to order it"
            self.prompt += "".join(f"; {h}" for h in hints)
            if options.biddable:
                keys = "".join(e.key for e in options.known_entries() if e.panel)
                self.prompt += f"; click a {options.bid_owner or 'biddable'} unit (or {keys}) to bid for it"
        elif kind is PhaseType.RETREATS:
            self.prompt = "Click a dislodged unit to retreat or disband it"
        else:
            if options.build_allowance:
                self.prompt = "Click an empty home centre to build (A army, F fleet), or W to waive"
            elif options.by_province:
                self.prompt = "Click a unit to remove it"
            else:
                self.prompt = "No builds or removals"
            if options.stacked:
                self.prompt += f"; click {self.options.stacked_words()} area for its winter orders"
            self.prompt += "".join(f"; {h}" for h in hints)

    def _notify(self) -> None:
        for callback in list(self._listeners):
            callback()

    def _current(self) -> tuple[str, list[Order]]:
        """(power, legal orders) of the selected unit: a stacked one, or the province's unit."""
        if self.slot is not None:
            return self.slot[2], self.options.stacked[self.slot]
        assert self.selected is not None
        return self.options.by_province[self.selected]

    def _name(self, prov: str) -> str:
        p = self.options.board.provinces.get(prov)
        return p.name if p is not None else prov

    def _coast(self, loc: str) -> str:
        return coast_name(self.options.board, loc)

    def _kind_words(self, key: str) -> str:
        label = self.kind_label(key)
        return label[:1].lower() + label[1:]

    def _unit_text(self) -> str:
        if self.selected is None:
            return ""
        unit = unit_of(self._current()[1])
        text = str(unit) if unit is not None else self.selected
        if self.slot is not None:
            text += f" ({unit_name(self.slot[1])})"
        return text

    def _words(self, template: str, order: object) -> str:
        return words(template, order, self.options.board, unit=self._unit_text())

    def _say(self, template: str, place: str | None = None, whose: str = "") -> str:
        """A prompt from an entry's words: the selected unit, the place clicked and a candidate's fields."""
        order = self._candidates[0][1] if self._candidates else None
        return words(template, order, self.options.board, unit=self._unit_text(),
                     place=self._name(place) if place else "", whose=whose)
