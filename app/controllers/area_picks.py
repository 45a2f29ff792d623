"""Picking the areas of one order on the map, one click each (EMG's spies, a grant of chosen areas): a
Qt-free machine over the variant's ``AreaPicking`` (``Variant.area_picks``), whose order
(``Variant.area_pick_order``) is read back through the order reader before it replaces the draft's.

A click on an area adds it, a second click takes it out; an area not allowed or one too many is refused with
the reason. The draft always holds the order for the areas picked (none picked: no order).
"""
from __future__ import annotations

from engine.game import Game
from engine.state import GameState
from engine.types import ChancelleryError, province_of
from engine.variants.base import AreaPicking

from .drafts import OrderDraft


def area_pickings(game: Game, view: GameState, power: str | None) -> tuple[AreaPicking, ...]:
    """``power``'s orders picked on the map this phase, from its own view (none when the game is over)."""
    if power is None or game.is_over:
        return ()
    return game.variant.area_picks(view, power)


def picked(game: Game, draft: OrderDraft, power: str, picking: AreaPicking) -> tuple[str, ...]:
    """The areas ``power``'s draft names for ``picking``."""
    order = draft.order_for(power, picking.slot)
    return game.variant.picked_areas(order) if order is not None else ()


class AreaPicker:
    """One picking under way: clicks in, the draft's order kept up to date, a prompt and the lit areas out."""

    def __init__(self, game: Game, view: GameState, draft: OrderDraft, power: str, picking: AreaPicking) -> None:
        self.game, self.view, self.draft, self.power, self.picking = game, view, draft, power, picking
        self.prompt = ""
        self._say()

    @property
    def areas(self) -> tuple[str, ...]:
        return picked(self.game, self.draft, self.power, self.picking)

    def reach(self) -> frozenset[str]:
        """The areas that may still be picked, where the rules limit them (Age of Discovery's spies, a grant's
        own areas); none when any area may be (Global Diplomacy's spies)."""
        allowed = self.picking.allowed
        return frozenset() if allowed is None else frozenset(allowed) - set(self.areas)

    def count_text(self) -> str:
        most = self.picking.most
        n = len(self.areas)
        return f"{n} of {most}" if most is not None else f"{n} area{'s' if n != 1 else ''}"

    def click(self, loc: str | None) -> None:
        if loc is None:
            return
        area = province_of(loc)
        board = self.game.variant.board
        name = board.provinces[area].name if area in board.provinces else area
        areas = list(self.areas)
        if area in areas:
            areas.remove(area)
        elif self.picking.allowed is not None and area not in self.picking.allowed:
            self._say(f"{name} can't be picked for {self.picking.title.lower()}")
            return
        elif self.picking.most is not None and len(areas) >= self.picking.most:
            self._say(f"{self.picking.title}: {self.picking.most} at most; click a picked area to take it out")
            return
        else:
            areas.append(area)
        try:
            self._keep(tuple(areas))
        except ChancelleryError as exc:
            self._say(str(exc))
            return
        self._say()

    def _keep(self, areas: tuple[str, ...]) -> None:
        order = self.game.variant.area_pick_order(self.view, self.power, self.picking.key, areas)
        if order is None:
            self.draft.remove(self.power, self.picking.slot)
            return
        check = self.game.check_line(self.power, str(order))
        if check.order is None:
            raise ChancelleryError(f"{order}: {check.error or 'not an order now'}")
        self.draft.put(self.power, check.order)

    def _say(self, first: str = "") -> None:
        lead = f"{first}. " if first else ""
        where = " (orange: those that may be picked)" if self.picking.allowed is not None else ""
        self.prompt = (f"{lead}{self.picking.title} ({self.count_text()}): click {self.picking.hint or 'areas'}"
                       f"{where}; a picked area again takes it out; Esc ends")


__all__ = ["AreaPicker", "area_pickings", "picked"]
