"""Bids for madman units (Hugh's Engineered Diplomacy, rule D3), for the bid dialog: what a power may offer,
which madman units it may bid for with the orders a bid may ask of them, and the bid itself, checked by
the engine's parser and validator.

A bid reads ``BID <own units> FOR <madman order>``: if it wins, the offered units go into civil disorder
(they hold, their own orders void) and the madman unit carries out the order. The engine doesn't list bids
among the legal orders (offered units times madman orders is too many); they are built here from its
lists: the power's units that may be offered and the madman unit's legal orders of the biddable kinds.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.game import Game
from engine.orders import Order
from engine.types import ChancelleryError, Unit
from engine.variants.engineered import Engineered
from engine.variants.engineered_rules.options import biddable_units
from engine.variants.engineered_rules.orders import BIDDABLE, Bid
from engine.variants.engineered_rules.stacks import NEUTRAL, decoy_provinces


@dataclass(frozen=True, slots=True)
class BidTarget:
    """A madman unit and the orders a bid may ask of it."""

    unit: Unit
    orders: tuple[Order, ...]


@dataclass(frozen=True, slots=True)
class BidChoices:
    power: str
    offerable: tuple[Unit, ...]  # the power's units that may be offered (military units, no decoys)
    targets: tuple[BidTarget, ...]

    def target_at(self, prov: str | None) -> BidTarget | None:
        return next((t for t in self.targets if t.unit.province == prov), None)


def can_bid(game: Game) -> bool:
    """Does this game have a madman to bid for (Engineered, complex and advanced levels)?"""
    variant = game.variant
    return isinstance(variant, Engineered) and variant.settings.madman


def bid_choices(game: Game, power: str) -> BidChoices:
    """What ``power`` may bid with and for in the current movement phase."""
    if not can_bid(game):
        raise ChancelleryError(f"{game.variant.name} has no madman units to bid for")
    state = game.state
    decoys = decoy_provinces(state)  # a decoy can't be offered (rule 8a)
    offerable = tuple(sorted((u for u in state.units_of(power) if u.province not in decoys), key=lambda u: u.loc))
    legal = game.variant.legal_orders(state).get(NEUTRAL, {})
    targets = []
    for unit in biddable_units(state):
        orders = tuple(o for o in legal.get(unit.loc, ()) if isinstance(o, BIDDABLE))
        if orders:
            targets.append(BidTarget(unit, orders))
    return BidChoices(power, offerable, tuple(targets))


def make_bid(game: Game, power: str, offered: Sequence[Unit], order: Order) -> Bid:
    """The bid of ``power`` offering ``offered`` for the madman ``order``, as the engine reads it;
    raises :class:`ChancelleryError` saying what is wrong."""
    if not offered:
        raise ChancelleryError("offer at least one of your units")
    text = str(Bid(power, tuple(offered), order))  # type: ignore[arg-type]
    check = game.check_line(power, text)
    if check.order is None or not isinstance(check.order, Bid):
        raise ChancelleryError(f"{text}: {check.error or 'not a bid'}")
    return check.order
