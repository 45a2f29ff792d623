"""World Diplomacy's own order kinds: the militia's orders (slots of their own beside the occupant's), and
the finance sheet's lines: maintenance, bribes and the target's guess, rebellions and their pacification,
World Bank loans and money transfers. Builds are the standard ``Build`` order, given in Winter and Summer.

Every kind has a canonical text that the variant's parser reads back (``MAINTAIN F ECH``,
``BRIBE F ECH $12``, ``GUESS F ECH $10``, ``REBELLION ECH``, ``PACIFY ECH``, ``LOAN $25 1 YEAR``,
``TRANSFER $10 TO FRANCE``). Amounts are US dollars in the basic game and the ordering country's own money
in the advanced game (see ``money.py``); they are kept in cents.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ...entry import Entry
from ...orders import Hold, Move, Order, SupportHold, SupportMove
from ...types import Unit, UnitType, province_of
from .money import BRIBE_MINIMUM, shown

MILITIA = UnitType.MILITIA  # declared with the common kinds: moves over land, supports, is never convoyed


def dollars(cents: int) -> str:
    """An order's amount: ``$12`` or ``$12.50``."""
    whole, part = divmod(cents, 100)
    return f"${whole}" if not part else f"${whole}.{part:02d}"


def militia_slot(unit: Unit) -> str:
    return f"M:{unit.loc.partition('/')[0]}"  # (province_of, inline: every militia order asks)


@dataclass(frozen=True, slots=True)
class MilitiaHold(Hold):
    """A militia holds (and, beside an army or fleet of its country, adds one to its defence)."""

    def slot(self) -> str | None:
        return militia_slot(self.unit)


@dataclass(frozen=True, slots=True)
class MilitiaMove(Move):
    """A militia moves: only into a province left free of other countries' units (it never attacks)."""

    def slot(self) -> str | None:
        return militia_slot(self.unit)


@dataclass(frozen=True, slots=True)
class MilitiaSupportHold(SupportHold):
    """A militia supports a unit holding: next to it, or the army or fleet in its own province."""

    def slot(self) -> str | None:
        return militia_slot(self.unit)


@dataclass(frozen=True, slots=True)
class MilitiaSupportMove(SupportMove):
    def slot(self) -> str | None:
        return militia_slot(self.unit)


MILITIA_ORDERS = (MilitiaHold, MilitiaMove, MilitiaSupportHold, MilitiaSupportMove)


_MAINTAIN_SLOTS: dict[Unit, str] = {}  # a unit -> its upkeep order's slot (units of the maps in use)
_MAINTAIN_SLOTS_KEPT = 50_000  # bounded by the maps' places and countries in practice; a cap all the same


@dataclass(frozen=True, slots=True)
class Maintain(Order):
    """Pay a unit's upkeep in Winter or Summer; a unit nobody pays for disappears (seed §2.5, §6.3)."""

    kind: ClassVar[str] = "MAINTAIN"
    words: ClassVar[tuple[str, ...]] = ("maintain", "maintains", "keep")
    # K on the unit, beside its own order (the unit stays selected; a drafted upkeep can be withdrawn); the
    # upkeep has a slot of its own, so it is found from the selected unit (``start``).
    entry: ClassVar[Entry | None] = Entry(
        "K", "Pay upkeep", start="unit", side=True, done="Paid", choice="Pay the upkeep of {unit}",
        withdraw="Stop paying the upkeep of {unit}", none="{unit} has no upkeep to pay now")
    note: ClassVar[str] = "upkeep"
    unit: Unit

    @property
    def power(self) -> str:
        return self.unit.power

    def slot(self) -> str | None:
        unit = self.unit
        known = _MAINTAIN_SLOTS.get(unit)  # (every unit's upkeep line asks, several times a phase)
        if known is None:
            known = f"maintain:{unit.type._value_}:{unit.loc.partition('/')[0]}"
            if len(_MAINTAIN_SLOTS) >= _MAINTAIN_SLOTS_KEPT:
                _MAINTAIN_SLOTS.clear()
            _MAINTAIN_SLOTS[unit] = known
        return known

    def __str__(self) -> str:
        return f"MAINTAIN {self.unit}"


@dataclass(frozen=True, slots=True)
class Bribe(Order):
    """Offer ``price`` for another country's ``unit`` (seed §6.4); paid only if the bribe succeeds."""

    kind: ClassVar[str] = "BRIBE"
    words: ClassVar[tuple[str, ...]] = ("bribe", "bribes")
    note: ClassVar[str] = "bribe"
    power: str
    unit: Unit
    price: int

    def slot(self) -> str | None:
        return f"bribe:{self.power}:{province_of(self.unit.loc)}:{self.unit.type._value_}"

    def caution(self) -> str | None:
        return f"costs {dollars(self.price)} if {self.unit} changes sides; at least {shown(BRIBE_MINIMUM)}"

    def __str__(self) -> str:
        return f"BRIBE {self.unit} {dollars(self.price)}"


@dataclass(frozen=True, slots=True)
class Guess(Order):
    """A bribed country's one guess: which of its units is bribed, and its counter-bid (seed §6.4)."""

    kind: ClassVar[str] = "GUESS"
    words: ClassVar[tuple[str, ...]] = ("guess", "counter", "counterbid")
    note: ClassVar[str] = "counter-bid"
    power: str
    unit: Unit
    price: int

    def slot(self) -> str | None:
        return f"guess:{self.power}"

    def caution(self) -> str | None:
        return f"costs {dollars(self.price)} if the guess is right"

    def __str__(self) -> str:
        return f"GUESS {self.unit} {dollars(self.price)}"


@dataclass(frozen=True, slots=True)
class Rebellion(Order):
    """Start a rebellion in a province ($9, or $12 with a city): it pays no tax until pacified (§6.5)."""

    kind: ClassVar[str] = "REBELLION"
    words: ClassVar[tuple[str, ...]] = ("rebellion", "rebel", "revolt")
    note: ClassVar[str] = "rebellion"
    power: str
    province: str

    def slot(self) -> str | None:
        return f"rebellion:{self.province}"

    def __str__(self) -> str:
        return f"REBELLION {self.province}"


@dataclass(frozen=True, slots=True)
class Pacify(Order):
    """End a rebellion in a province for $15 (§6.5)."""

    kind: ClassVar[str] = "PACIFY"
    words: ClassVar[tuple[str, ...]] = ("pacify", "pacifies")
    note: ClassVar[str] = "pacification"
    power: str
    province: str

    def slot(self) -> str | None:
        return f"pacify:{self.province}"

    def __str__(self) -> str:
        return f"PACIFY {self.province}"


@dataclass(frozen=True, slots=True)
class Loan(Order):
    """Borrow from the World Bank: up to $25, for 1 year at 20 % or 2 years at 50 % (§6.6)."""

    kind: ClassVar[str] = "LOAN"
    words: ClassVar[tuple[str, ...]] = ("loan", "borrow")
    note: ClassVar[str] = "World Bank loan"
    power: str
    amount: int
    years: int

    def slot(self) -> str | None:
        return f"loan:{self.power}"

    def caution(self) -> str | None:
        return f"repaid with interest in {self.years} year{'s' if self.years > 1 else ''}"

    def __str__(self) -> str:
        return f"LOAN {dollars(self.amount)} {self.years} YEAR{'S' if self.years > 1 else ''}"


@dataclass(frozen=True, slots=True)
class Transfer(Order):
    """Send money to another country (§6.7), converted into its currency in the advanced game."""

    kind: ClassVar[str] = "TRANSFER"
    words: ClassVar[tuple[str, ...]] = ("transfer", "pay", "send")
    note: ClassVar[str] = "transfer"
    power: str
    amount: int
    to: str

    def slot(self) -> str | None:
        return f"transfer:{self.power}:{self.to}"

    def __str__(self) -> str:
        return f"TRANSFER {dollars(self.amount)} TO {self.to}"


FINANCE_ORDERS: tuple[type[Order], ...] = (Maintain, Bribe, Guess, Rebellion, Pacify, Loan, Transfer)

__all__ = [
    "Bribe", "FINANCE_ORDERS", "Guess", "Loan", "MILITIA", "MILITIA_ORDERS", "Maintain", "MilitiaHold",
    "MilitiaMove", "MilitiaSupportHold", "MilitiaSupportMove", "Pacify", "Rebellion", "Transfer", "dollars",
    "militia_slot",
]
