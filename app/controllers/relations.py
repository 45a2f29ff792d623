"""The relations grid of the power at its orders (EMG's alliances, wars, grants and calls to arms): what each
cell shows and the orders a click on it may draft, all from the variant's hooks (``relations_panel``,
``relation_orders``, ``relation_order_target``, ``relation_notes``); nothing here knows a variant.

Relations are public; a cell's drafted orders and offers are the viewing power's own, read from its own draft
and built from its own view, so no other power's sealed orders ever reach the grid. A drafted order goes
through the order reader (``Game.check_line``) like a typed line before it is kept.
"""
from __future__ import annotations

from dataclasses import dataclass

from engine.game import Game
from engine.orders import Order
from engine.state import GameState
from engine.types import ChancelleryError
from engine.variants.base import RelationOffer

from .drafts import OrderDraft, order_key


@dataclass(frozen=True, slots=True)
class Cell:
    """One cell of the grid: the pair's relation, and in the viewer's row its drafted orders and offers."""

    row: str
    column: str
    relation: str  # "neutral" | "ally" | "war"; "" on the diagonal
    drafted: tuple[Order, ...] = ()
    offers: tuple[RelationOffer, ...] = ()


@dataclass(frozen=True, slots=True)
class RelationsGrid:
    powers: tuple[str, ...]
    viewer: str | None  # the power at its orders, whose row can be clicked; None: nobody's
    cells: dict[tuple[str, str], Cell]
    notes: tuple[str, ...]

    def cell(self, row: str, column: str) -> Cell:
        return self.cells[(row, column)]


def relations_grid(game: Game, view: GameState, viewer: str | None, draft: OrderDraft | None) -> RelationsGrid | None:
    """The grid as ``viewer`` sees it from ``view`` (its own view of the board), or ``None``: the variant has
    no relations. ``draft`` is read for ``viewer`` only."""
    variant = game.variant
    pairs = variant.relations_panel(view)
    if pairs is None:
        return None
    powers = tuple(sorted(variant.board.powers))
    between = {(a, b): rel for a, b, rel in pairs} | {(b, a): rel for a, b, rel in pairs}
    mine: list[Order] = []
    if viewer is not None and draft is not None:
        try:
            mine = draft.orders(viewer)
        except ChancelleryError:  # the viewer has no draft here
            viewer = None
    offers = variant.relation_orders(view, viewer) if viewer is not None and not game.is_over else {}
    cells: dict[tuple[str, str], Cell] = {}
    for row in powers:
        for column in powers:
            if row == column:
                cells[(row, column)] = Cell(row, column, "")
                continue
            relation = between.get((row, column), "neutral")
            if row == viewer:
                drafted = tuple(o for o in mine if column in variant.relation_order_targets(o))
                shown = tuple(offer for offer in offers.get(column, ())
                              if not any(_covers(game, o, offer.order, column) for o in drafted))
                cells[(row, column)] = Cell(row, column, relation, drafted, shown)
            else:
                cells[(row, column)] = Cell(row, column, relation)
    notes = variant.relation_notes(view, viewer) if viewer is not None else ()
    return RelationsGrid(powers, viewer, cells, notes)


def _covers(game: Game, drafted: Order, offer: Order, column: str) -> bool:
    """Does ``drafted`` already give ``offer`` (``DA 3 10`` gives ``DA 3`` in column 3)?"""
    variant = game.variant
    part: Order | None = drafted
    for other in variant.relation_order_targets(drafted):
        if other != column and part is not None:
            part = variant.relation_order_without(part, other)
    return part == offer


def draft_relation_order(game: Game, draft: OrderDraft, power: str, order: Order) -> Order:
    """Put ``order`` (an offer of the grid) into ``power``'s draft as the order reader reads its text, and
    return it; raises :class:`ChancelleryError` naming what is wrong, the draft then untouched."""
    check = game.check_line(power, str(order))
    if check.order is None:
        raise ChancelleryError(f"{order}: {check.error or 'not an order now'}")
    draft.put(power, check.order)
    return check.order


def withdraw_relation_order(draft: OrderDraft, power: str, order: Order, column: str | None = None,
                            game: Game | None = None) -> None:
    """Take ``order`` out of ``power``'s draft; from one ``column`` only when it names several powers (``DA 3
    10`` withdrawn under 3 leaves ``DA 10``, read back through the order reader)."""
    if draft.order_for(power, order_key(order)) != order:
        return
    rest = game.variant.relation_order_without(order, column) if game is not None and column is not None else None
    if rest is not None:
        assert game is not None
        check = game.check_line(power, str(rest))
        if check.order is None:
            raise ChancelleryError(f"{rest}: {check.error or 'not an order now'}")
        draft.remove(power, order_key(order))
        draft.put(power, check.order)
        return
    draft.remove(power, order_key(order))


__all__ = ["Cell", "RelationsGrid", "draft_relation_order", "relations_grid", "withdraw_relation_order"]
