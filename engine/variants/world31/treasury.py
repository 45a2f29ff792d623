"""A country's treasury panel: what it alone knows of its money (from the view the variant gives it) and the
forms that draft its finance orders (loan, transfer, bribe, counter-bid, rebellion, pacification)."""
from __future__ import annotations

import re
from typing import TYPE_CHECKING, Mapping

from ...orders import Build
from ...state import GameState
from ...types import ChancelleryError, province_of
from ..base import AccountPanel, DraftForm, FormField
from .money import (
    BRIBE_MINIMUM,
    COST_ARMY_OR_FLEET,
    COST_MILITIA,
    LOAN_LIMIT,
    LOAN_TERMS,
    TAX_CITY,
    TAX_PROVINCE,
    TAX_SEA,
    shown,
)
from .orders import FINANCE_ORDERS, MILITIA

if TYPE_CHECKING:
    from .variant import WorldDiplomacy

_AMOUNT = re.compile(r"^\$?\s*\d+(?:\.\d{1,2})?$")


def _taxes_due(variant: WorldDiplomacy, state: GameState, power: str) -> int:
    """What the next Spring or Fall tax brings on today's board (US cents), as ``settle_season`` counts it."""
    ledger = variant.ledger(state)
    board = variant.board
    rebels = set(ledger.rebellions)
    seas = sum(1 for prov, u in state.units.items() if u.power == power and board.provinces[prov].is_sea)
    held = [prov for prov, p in ledger.control.items() if p == power and prov not in rebels]
    cities = sum(1 for prov in held if variant.has_city(prov))
    return seas * TAX_SEA + (len(held) - cities) * TAX_PROVINCE + cities * TAX_CITY


def panel(variant: WorldDiplomacy, state: GameState, power: str, bribes_against: int = 0) -> AccountPanel | None:
    if power not in variant.board.powers or not state.extra:
        return None
    ledger = variant.ledger(state)
    currency = variant.currency(state, power)
    own = [u for u in state.all_units() if u.power == power]
    upkeep = sum(COST_MILITIA if u.type is MILITIA else COST_ARMY_OR_FLEET for u in own)
    when = "this phase" if variant.is_economy_phase(state.phase) else "next Winter or Summer"
    lines: list[tuple[str, str]] = [
        ("Balance", shown(ledger.balance(power), currency)),
        ("Taxes due (next Spring or Fall)", shown(currency.from_dollars(_taxes_due(variant, state, power)), currency)),
        (f"Upkeep of {len(own)} units ({when})", shown(currency.from_dollars(upkeep), currency)),
        ("Purchases", f"army or fleet {shown(currency.from_dollars(COST_ARMY_OR_FLEET), currency)}, "
                      f"militia {shown(currency.from_dollars(COST_MILITIA), currency)}"),
    ]
    lines += [("World Bank loan", f"{shown(ln.owed)} due by {ln.due}") for ln in ledger.loans if ln.power == power]
    lines += [("Bribe offered", f"{b.unit} for {shown(b.price)} since {b.since}")
              for b in ledger.bribes if b.briber == power]
    if bribes_against:  # a count alone: never the briber, the unit or the price (seed §6.4)
        lines.append(("Bribes offered for your units",
                      f"{bribes_against}: a right counter-bid (GUESS) this phase foils "
                      f"{'one' if bribes_against > 1 else 'it'}"))
    frozen = variant.frozen(state)
    others = sorted((str(u), f"{u} ({variant.power_name(u.power)})") for u in state.all_units()
                    if u.power != power and province_of(u.loc) not in frozen)
    mine = sorted((str(u), str(u)) for u in own)
    lands = sorted((p.id, p.id) for p in variant.board.provinces.values()
                   if p.is_land and p.id not in frozen and p.id not in ledger.rebellions)
    rebels = sorted((p, p) for p in ledger.rebellions if p not in frozen)
    countries = tuple((p, variant.power_name(p)) for p in sorted(variant.board.powers) if p != power)
    amount = FormField("amount", "Amount", "amount")
    forms = [
        DraftForm("loan", "World Bank loan", (amount, FormField("years", "Years", "choice",
                  tuple((str(y), f"{y} year{'s' if y > 1 else ''} ({pct} % interest)") for y, pct in LOAN_TERMS.items()))),
                  f"up to {shown(currency.from_dollars(LOAN_LIMIT), currency)}; one loan at a time"),
        DraftForm("transfer", "Transfer", (amount, FormField("to", "To", "choice", countries)),
                  "the receiver learns of it after the phase"),
        DraftForm("bribe", "Bribe", (FormField("unit", "Unit", "choice", tuple(others)), amount),
                  f"at least {shown(currency.from_dollars(BRIBE_MINIMUM), currency)}; "
                  "the target never learns your name or price"),
        DraftForm("guess", "Counter-bid", (FormField("unit", "Your unit", "choice", tuple(mine)), amount),
                  "your guess at a bribe for your unit: right, and the unit stays yours"),
        DraftForm("rebellion", "Rebellion", (FormField("province", "Province", "choice", tuple(lands)),)),
        DraftForm("pacify", "Pacify", (FormField("province", "Province", "choice", tuple(rebels)),)),
    ]
    return AccountPanel("Treasury", tuple(lines), tuple(f for f in forms if all(
        fld.kind != "choice" or fld.choices for fld in f.fields)), (*FINANCE_ORDERS, Build))


def order_line(variant: WorldDiplomacy, state: GameState, power: str, form: str, values: Mapping[str, str]) -> str:
    def value(name: str) -> str:
        got = str(values.get(name, "")).strip()
        if not got:
            raise ChancelleryError(f"{form}: the {name} is missing")
        if name == "amount" and not _AMOUNT.match(got):
            raise ChancelleryError(f"{form}: {got!r} is not an amount (such as 12 or 12.50)")
        return got.lstrip("$ ")

    if form == "loan":
        years = value("years")
        return f"LOAN ${value('amount')} {years} YEAR{'' if years == '1' else 'S'}"
    if form == "transfer":
        return f"TRANSFER ${value('amount')} TO {value('to')}"
    if form == "bribe":
        return f"BRIBE {value('unit')} ${value('amount')}"
    if form == "guess":
        return f"GUESS {value('unit')} ${value('amount')}"
    if form == "rebellion":
        return f"REBELLION {value('province')}"
    if form == "pacify":
        return f"PACIFY {value('province')}"
    raise ChancelleryError(f"{variant.name} has no {form} orders")
