"""What phase processing and the legal options ask of a variant: the :class:`VariantRules` protocol, and the
records a variant's end-of-phase hook returns.

``phases`` and ``options`` sit below ``variants/`` and depend on this protocol, never on the ``Variant``
class itself (lower layers never import higher ones); ``variants.base.Variant`` implements it.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Mapping, NamedTuple, Protocol, Sequence

from .mapdata import MapData
from .orders import Move, Order, RawOrder
from .resolver import MovementResult, Tracer
from .outcomes import Reason
from .state import GameState
from .types import Phase, Unit, UnitType
from .validate import MovePermission


class PhaseNote(NamedTuple):
    """A rule effect that no order asked for (a capture, a unit lost), reported beside the order results."""

    power: str
    order: str  # the unit or order it concerns, in order notation ("E MOS H")
    succeeded: bool
    reason: str | Reason  # words, or a typed reason (engine.outcomes) worded per viewer


@dataclass(frozen=True, slots=True)
class PhaseEnd:
    """What a variant's ``after_phase`` hook hands back to the phase processor."""

    state: GameState
    # Results for orders the standard processing doesn't know (a variant's adjustment orders).
    verdicts: Mapping[Order, tuple[bool, str | Reason]] = field(default_factory=dict)
    notes: tuple[PhaseNote, ...] = ()
    # The game ends with this phase, won by these powers (several: a shared first place, which the game
    # records as drawn). ``None``: the calendar's victory check (``winner``) decides. EMG's voted end.
    game_over: tuple[str, ...] | None = None


# A variant's fast reading of its own order lines in one position (``Variant.own_reader``): (power, text) ->
# what ``validate(parse(text), state, power)`` gives, as (order, canonical text, slot), or ``None`` when it
# leaves the text to the order reader (it never raises).
OwnReader = Callable[[str, str], "tuple[Order, str, str | None] | None"]


class VariantRules(Protocol):
    """The hooks of ``Variant`` (docs/ARCHITECTURE.md, "Variant hooks") that ``phases`` and ``options`` call."""

    @property
    def board(self) -> MapData: ...

    @property
    def unit_types(self) -> tuple[UnitType, ...]: ...

    def parse(self, text: str) -> RawOrder: ...

    def validate(self, raw: RawOrder, state: GameState, power: str | None) -> Order: ...

    def refused_orders(self, state: GameState, orders: Mapping[str, Sequence[Order]]) -> dict[Order, str]: ...

    def extra_moves(self, state: GameState, unit: Unit) -> list[Move]: ...

    def extra_orders(self, state: GameState, unit: Unit) -> list[Order]: ...

    def has_standard_options(self) -> bool: ...

    def standard_reading(self) -> tuple[frozenset[str] | None, bool]: ...

    def own_reader(self, state: GameState) -> OwnReader | None: ...

    def convoys_follow_move_rule(self) -> bool: ...

    def unit_words(self) -> dict[str, UnitType]: ...

    def build_sites(self, state: GameState | None, power: str | None) -> frozenset[str]: ...

    def adjustment_delta(self, state: GameState, power: str) -> int: ...

    def adjudicate_movement(
        self, state: GameState, orders: Mapping[str, Order], tracer: Tracer | None = None
    ) -> MovementResult: ...

    def order_key(self, order: Order) -> str | None: ...

    def default_order(self, unit: Unit) -> Order: ...

    def after_phase(self, before: GameState, after: GameState, submitted: Mapping[str, Sequence[Order]],
                    outcome: MovementResult | None) -> PhaseEnd: ...

    def next_movement_phase(self, phase: Phase) -> Phase: ...

    def next_phase(self, state: GameState) -> Phase: ...

    def winter_season(self) -> str: ...

    def is_last_movement_season(self, season: str) -> bool: ...

    def centers_change_after(self, season: str) -> bool: ...

    def move_permission(self, state: GameState) -> MovePermission | None: ...

    def needs_adjustments(self, state: GameState) -> bool: ...

    def powers_in_game(self, state: GameState) -> list[str]: ...

    def winner(self, state: GameState) -> str | None: ...

    def legal_orders(self, state: GameState) -> dict[str, dict[str, list[Order]]]: ...

    def orderable_powers(self, state: GameState) -> list[str]: ...


__all__ = ["OwnReader", "PhaseEnd", "PhaseNote", "VariantRules"]
