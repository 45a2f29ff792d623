"""A power's private account panel (World Diplomacy's treasury): what it alone may know of its money and
the forms that draft its money orders. The variant says all of it (``Variant.account_panel``,
``account_order``), built from the view it gives that power; nothing here knows a variant.

A drafted line is an order of the power's like any other: it goes into the power's draft (its slot) and so
into its sealed orders, checked by the engine before it is kept.
"""
from __future__ import annotations

from collections.abc import Mapping

from engine.game import Game
from engine.orders import Order
from engine.types import ChancelleryError
from engine.variants.base import AccountPanel

from .drafts import OrderDraft


def account_panel(game: Game, power: str | None) -> AccountPanel | None:
    """The panel ``power`` sees this phase, or ``None`` (no such rule, not a power, game over)."""
    if power is None or game.is_over:
        return None
    return game.variant.account_panel(game.state, power)


def drafted(draft: OrderDraft, power: str, panel: AccountPanel) -> list[Order]:
    """``power``'s drafted orders of the panel's kinds, in the draft's order."""
    return [o for o in draft.orders(power) if isinstance(o, panel.order_kinds)]


def draft_form(game: Game, draft: OrderDraft, power: str, form: str, values: Mapping[str, str]) -> Order:
    """Put the order ``power`` fills ``form`` with into its draft (replacing one in the same slot) and return
    it as the engine reads it; a form that makes several orders (a long message in pieces) puts them all and
    returns the last. Raises :class:`ChancelleryError` saying what is wrong, and then the draft is untouched."""
    panel = account_panel(game, power)
    if panel is None or all(f.key != form for f in panel.forms):
        raise ChancelleryError(f"no {form} orders for {power} now")
    text = game.variant.account_order(game.state, power, form, values)
    orders = []
    for line in text.splitlines() or [text]:
        check = game.check_line(power, line)
        if check.order is None:
            raise ChancelleryError(f"{line}: {check.error or 'not an order now'}")
        orders.append(check.order)
    for order in orders:
        draft.put(power, order)
    return orders[-1]


def withdraw(draft: OrderDraft, power: str, order: Order) -> None:
    """Drop one drafted order (nothing if it is not there)."""
    draft.remove_order(power, order)
