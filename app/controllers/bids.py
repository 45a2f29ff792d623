"""Bids for other units (Hugh's Engineered Diplomacy's madman units, rule D3), for the bid dialog: what a power
may offer, which units it may bid for with the orders a bid may ask of them, and the bid itself, checked by
the engine's parser and validator. The variant says all of it (``Variant.takes_bids``, ``bid_targets``,
``bid_offerable``, ``bid_order``); nothing here knows a variant.

Engineered's bid reads ``BID <own units> FOR <madman order>``: if it wins, the offered units go into civil
disorder (they hold, their own orders void) and the madman unit carries out the order. The engine doesn't
list bids among the legal orders (offered units times madman orders is too many); they are built here from
its lists: the units that may be offered and each target unit's legal orders of the biddable kinds.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.game import Game
from engine.orders import Order
from engine.types import ChancelleryError, Unit


@dataclass(frozen=True, slots=True)
class BidTarget:
    """A unit to bid for and the orders a bid may ask of it."""

    unit: Unit
    orders: tuple[Order, ...]


@dataclass(frozen=True, slots=True)
class BidChoices:
    power: str
    offerable: tuple[Unit, ...]  # the power's units that may be offered (Engineered: military units, no decoys)
    targets: tuple[BidTarget, ...]

    def target_at(self, prov: str | None) -> BidTarget | None:
        return next((t for t in self.targets if t.unit.province == prov), None)


def can_bid(game: Game) -> bool:
    """Does this game have units to bid for (Engineered, complex and advanced levels)?"""
    return game.variant.takes_bids()


def bid_choices(game: Game, power: str) -> BidChoices:
    """What ``power`` may bid with and for in the current movement phase."""
    if not can_bid(game):
        raise ChancelleryError(f"{game.variant.name} has no units to bid for")
    state = game.state
    offerable = tuple(game.variant.bid_offerable(state, power))
    targets = tuple(BidTarget(unit, orders) for unit, orders in game.variant.bid_targets(state))
    return BidChoices(power, offerable, targets)


def make_bid(game: Game, power: str, offered: Sequence[Unit], order: Order) -> Order:
    """The bid of ``power`` offering ``offered`` for ``order``, as the engine reads it; raises
    :class:`ChancelleryError` saying what is wrong."""
    if not offered:
        raise ChancelleryError("offer at least one of your units")
    bid = game.variant.bid_order(power, offered, order)
    text = str(bid)
    check = game.check_line(power, text)
    if check.order is None or type(check.order) is not type(bid):
        raise ChancelleryError(f"{text}: {check.error or 'not a bid'}")
    return check.order
