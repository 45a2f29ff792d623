"""The legal orders a click machine narrows: one phase's options of the operator's powers, filed by the
unit's province, a stacked unit's slot or a power's slot of no place, with how each order is picked
(``Variant.order_entries``, cached)."""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from engine.entry import STANDARD_ENTRIES, Entry
from engine.game import Game
from engine.mapdata import MapData
from engine.orders import Build, Hold, Order
from engine.state import GameState
from engine.types import PhaseType, Unit, province_of, unit_spec
from engine.variants import Variant

Slot = tuple[str, str, str]  # a stacked unit: (province, unit letter, power)
Candidate = tuple[str, Order]  # (the power giving it, a legal order)


def unit_name(letter: str) -> str:
    """A unit kind's name ("engineer"), from its declared spec."""
    try:
        return unit_spec(letter).name
    except KeyError:
        return f"unit {letter}"


def _is_unit_letter(letter: str) -> bool:
    try:
        unit_spec(letter)
    except KeyError:
        return False
    return True


@dataclass(slots=True)
class EntryOptions:
    """The legal orders the operator may give this phase, by province of the unit or build site."""

    phase_type: PhaseType
    board: MapData
    by_province: dict[str, tuple[str, list[Order]]] = field(default_factory=dict)  # province -> (power, orders)
    build_allowance: dict[str, int] = field(default_factory=dict)  # power -> builds it may order
    removals_owed: dict[str, int] = field(default_factory=dict)  # power -> units it must remove
    # Units beside another unit (engineers, prisons, decoys by their twins): (province, letter, power) -> orders.
    stacked: dict[Slot, list[Order]] = field(default_factory=dict)
    # A power's orders of no unit on the map (the first engineer's placement "E", "VOTE"): (power, slot) -> orders.
    side: dict[tuple[str, str], list[Order]] = field(default_factory=dict)
    biddable: frozenset[str] = frozenset()  # provinces of units others may bid for (Engineered's madman, D3)
    bid_owner: str = ""  # whose units they are, for prompts ("madman")
    variant: Variant | None = None  # words each order's entry (``Variant.order_entries``); None: the kinds' own
    state: GameState | None = None  # the position the options are for (as the operator sees it)
    _entries: dict[Order, tuple[Entry, ...]] = field(default_factory=dict)
    _known: list[Entry] | None = None
    _started: dict[object, list[tuple[Entry, Candidate]]] | None = None

    @classmethod
    def from_game(cls, game: Game, powers: Iterable[str]) -> EntryOptions:
        variant, state = game.variant, game.state
        options = cls(state.phase.type, variant.board, variant=variant)
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
        self.variant, self.state = variant, state
        if variant.takes_bids() and state.phase.type is PhaseType.MOVEMENT:
            targets = variant.bid_targets(state)
            self.biddable = frozenset(u.province for u, _ in targets)
            self.bid_owner = variant.power_name(targets[0][0].power).lower() if targets else ""

    def stacked_words(self) -> str:
        """The kinds of unit that stand beside others, for prompts ("an engineer's or a prison's")."""
        kinds = sorted(self.variant.stacking_types) if self.variant is not None else []
        names = [unit_name(k.value) for k in kinds]
        return " or ".join(f"{'an' if n[:1] in 'aeiou' else 'a'} {n}'s" for n in names) or "a stacked unit's"

    def add(self, power: str, slot: str, orders: Iterable[Order]) -> None:
        """File one slot of ``power``'s legal orders: a unit's location, ``E MOS`` (a stacked unit), or a
        slot of no place (``E``, ``VOTE``)."""
        letter, _, rest = slot.partition(" ")
        if rest and province_of(rest) in self.board.provinces and _is_unit_letter(letter):
            self.stacked[(province_of(rest), letter, power)] = list(orders)
        elif province_of(slot) not in self.board.provinces:
            # A slot of no place may still be a unit's (World's militia, "M:PROV") or a place's purchases
            # in a movement phase (World's "build:PROV"): filed where a click finds them.
            unit = _own_unit(orders)
            place = _purchase_place(orders) if self.phase_type is PhaseType.MOVEMENT else None
            if unit is not None:
                self.stacked[(province_of(unit.loc), unit.type.value, power)] = list(orders)
            elif place is not None and place not in self.by_province:
                self.by_province[place] = (power, list(orders))
            else:
                self.side[(power, slot)] = list(orders)
        else:
            self.by_province[province_of(slot)] = (power, list(orders))

    def sort_slots(self) -> None:
        """Move slots filed by province that are no province (``E MOS``, ``VOTE``) to where they belong."""
        for key in [k for k in self.by_province if k not in self.board.provinces]:
            power, orders = self.by_province.pop(key)
            self.add(power, key, orders)

    def stacked_in(self, prov: str, powers: Iterable[str] | None = None) -> list[Slot]:
        """The stacked slots in ``prov`` (of ``powers``), by unit letter then power."""
        wanted = None if powers is None else set(powers)
        return sorted(k for k in self.stacked if k[0] == prov and (wanted is None or k[2] in wanted))

    def powers(self) -> list[str]:
        return sorted({p for p, _ in self.by_province.values()} | set(self.build_allowance)
                      | {k[2] for k in self.stacked} | {p for p, _ in self.side})

    def drafted_options(self, power: str, orders: Sequence[Order], drafted: Sequence[Order]) -> list[Order]:
        """The orders ``power``'s own drafted orders open to a unit beyond its legal ``orders``
        (``Variant.draft_options``: EMG's support of a power it declares an alliance with this turn)."""
        if self.variant is None or self.state is None:
            return []
        return list(self.variant.draft_options(self.state, power, orders, drafted))

    def entries(self, order: Order) -> tuple[Entry, ...]:
        """How ``order`` is picked (cached: the same legal orders are narrowed click after click)."""
        found = self._entries.get(order)
        if found is None:
            found = self.variant.order_entries(order) if self.variant is not None else order.entries(self.board)
            self._entries[order] = found
        return found

    def all_orders(self) -> Iterable[Candidate]:
        for power, orders in self.by_province.values():
            yield from ((power, o) for o in orders)
        for (_, _, power), orders in self.stacked.items():
            yield from ((power, o) for o in orders)
        for (power, _), orders in self.side.items():
            yield from ((power, o) for o in orders)

    def known_entries(self) -> list[Entry]:
        """Every entry this phase's orders are picked by, then the variant's kinds' and the standard ones
        (for the words of a key that finds nothing to pick)."""
        if self._known is None:
            seen: dict[Entry, None] = {}
            for _, order in self.all_orders():
                seen.update(dict.fromkeys(self.entries(order)))
            kinds = self.variant.order_kinds if self.variant is not None else ()
            seen.update(dict.fromkeys(k.entry for k in kinds if k.entry is not None))
            seen.update(dict.fromkeys(STANDARD_ENTRIES))
            self._known = list(seen)
        return self._known

    def started_from(self, unit: Unit | None, province: str, power: str) -> list[tuple[Entry, Candidate]]:
        """The orders picked from ``unit`` though not its own: those whose entry's ``start`` field is that
        unit (an engineer's transports), or a unit ``power`` is to make in ``province`` (``by_place``)."""
        if self._started is None:
            self._started = {}
            for who, order in self.all_orders():
                for e in self.entries(order):
                    value = getattr(order, e.start, None) if e.start else None
                    if isinstance(value, Unit):
                        key = ("place", value.province, who) if e.by_place else value
                        self._started.setdefault(key, []).append((e, (who, order)))
        found = list(self._started.get(unit, ())) if unit is not None else []
        return found + self._started.get(("place", province, power), [])


def _own_unit(orders: Iterable[Order]) -> Unit | None:
    """The one unit whose own orders these are (a hold of it among them), else ``None``."""
    units = {getattr(o, "unit", None) for o in orders}
    unit = next(iter(units)) if len(units) == 1 else None
    if isinstance(unit, Unit) and any(isinstance(o, Hold) for o in orders):
        return unit
    return None


def _purchase_place(orders: Iterable[Order]) -> str | None:
    """The one province these orders all buy a unit in, else ``None``."""
    places = {province_of(o.unit.loc) if isinstance(o, Build) else None for o in orders}
    place = next(iter(places)) if len(places) == 1 else None
    return place


def unit_of(orders: Sequence[Order]) -> Unit | None:
    for o in orders:
        unit = getattr(o, "unit", None)
        if isinstance(unit, Unit) and not isinstance(o, Build):
            return unit
    for o in orders:  # a stacked unit's own orders
        unit = getattr(o, "stacked", None)
        if isinstance(unit, Unit):
            return unit
    return None
