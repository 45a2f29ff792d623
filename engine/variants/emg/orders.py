"""The EMG commands (rules v1.38, section 7) that are not standard moves and holds: relations, grants, calls
to arms, adds and upgrades, forced downgrades and removals, and the supports of attack and defence.

Each is a frozen order with a canonical text in the seed's two-letter form (``DA FRANCE``, ``AA 16``,
``SA 233 17``), which :func:`parse_command` reads back. Moves stay the engine's :class:`~engine.orders.Move`.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ...entry import Entry, Pick
from ...orders import Order, UnitOrder
from ...types import Unit, UnitType, province_of

# Relations ----------------------------------------------------------------------------------------------

DECLARE_ALLIANCE, DECLARE_NEUTRALITY, DECLARE_WAR = "DA", "DN", "DW"


@dataclass(frozen=True, slots=True)
class Declare(Order):
    """``DA``/``DN``/``DW`` towards one Great Power or several (``DA 3 10``, RG-ORD-12): ``target`` and then
    ``more``. One declaration per set of powers and turn (a second is a clash); two different declarations
    towards one power in a turn both fail (``relations.pair_verdicts``)."""

    kind: ClassVar[str] = "DECLARE"
    words: ClassVar[tuple[str, ...]] = ("da", "dn", "dw")
    note: ClassVar[str] = "declaration"
    power: str
    what: str  # DA, DN or DW
    target: str
    more: tuple[str, ...] = ()  # further powers named by the same command

    @property
    def targets(self) -> tuple[str, ...]:
        return (self.target, *self.more)

    def slot(self) -> str | None:
        return f"REL {self.power} {' '.join(self.targets)}"

    def __str__(self) -> str:
        return f"{self.what} {' '.join(self.targets)}"


@dataclass(frozen=True, slots=True)
class GrantAccess(Order):
    """``GA GP areas…``; no areas (``GA GP``, ``GA GP all``, ``GA GP 0``) grants every area. This turn only."""

    kind: ClassVar[str] = "GA"
    words: ClassVar[tuple[str, ...]] = ("ga",)
    note: ClassVar[str] = "access granted"
    power: str
    target: str
    areas: tuple[str, ...] = ()  # empty: all of the granter's areas

    def slot(self) -> str | None:
        return f"GA {self.power} {self.target}"

    def __str__(self) -> str:
        return f"GA {self.target} " + (" ".join(self.areas) if self.areas else "ALL")


@dataclass(frozen=True, slots=True)
class CallToArms(Order):
    """``CA GP1 GP2``: the caller, allied with GP1 and at war with GP2, calls GP1 to war on GP2."""

    kind: ClassVar[str] = "CA"
    words: ClassVar[tuple[str, ...]] = ("ca",)
    note: ClassVar[str] = "call to arms"
    power: str
    ally: str
    enemy: str

    def slot(self) -> str | None:
        return f"CA {self.power} {self.ally} {self.enemy}"

    def __str__(self) -> str:
        return f"CA {self.ally} {self.enemy}"


# Adds, upgrades, downgrades, removals ----------------------------------------------------------------------

ADD_WORDS: dict[str, UnitType] = {"AA": UnitType.ARMY, "AC": UnitType.CORPS, "AF": UnitType.FLEET,
                                  "AS": UnitType.SQUADRON}
UNIT_POINTS: dict[UnitType, int] = {UnitType.ARMY: 2, UnitType.FLEET: 2, UnitType.CORPS: 1, UnitType.SQUADRON: 1}
UPGRADE: dict[UnitType, UnitType] = {UnitType.CORPS: UnitType.ARMY, UnitType.SQUADRON: UnitType.FLEET}
DOWNGRADE: dict[UnitType, UnitType] = {v: k for k, v in UPGRADE.items()}


def carries(naval: UnitType, land: UnitType) -> bool:
    """RG-ORD-9: fleets carry armies and corps, squadrons corps only."""
    return naval is UnitType.FLEET or (naval is UnitType.SQUADRON and land is UnitType.CORPS)


def points(kind: UnitType) -> int:
    """A unit's points (RG-UNI-1): army and fleet 2, corps and squadron 1."""
    return UNIT_POINTS.get(kind, 0)


@dataclass(frozen=True, slots=True)
class Add(Order):
    """``AA``/``AC``/``AF``/``AS area``: a new unit at an empty own supply centre, inside the turn."""

    kind: ClassVar[str] = "ADD"
    words: ClassVar[tuple[str, ...]] = ("aa", "ac", "af", "as")
    entry: ClassVar[Entry | None] = Entry("", "Add a unit", choice="Add {unit:a_kind}{unit:coast}",
                                          hint="click {whose} empty supply centres to add units")
    note: ClassVar[str] = "new unit"
    uses_build: ClassVar[bool] = True
    unit: Unit

    @property
    def power(self) -> str:
        return self.unit.power

    def slot(self) -> str | None:
        return province_of(self.unit.loc)

    def __str__(self) -> str:
        word = next(w for w, k in ADD_WORDS.items() if k is self.unit.type)
        return f"{word} {self.unit.loc}"


@dataclass(frozen=True, slots=True)
class Upgrade(UnitOrder):
    """``UU area``: a 1-point unit standing on a supply centre becomes a 2-point unit."""

    kind: ClassVar[str] = "UU"
    words: ClassVar[tuple[str, ...]] = ("uu",)
    entry: ClassVar[Entry | None] = Entry("U", "Upgrade", choice="Upgrade {unit}", none="{unit} can't be upgraded now")
    note: ClassVar[str] = "upgrade"
    unit: Unit

    def __str__(self) -> str:
        return f"UU {self.unit.loc}"


@dataclass(frozen=True, slots=True)
class Downgrade(UnitOrder):
    """``DU area``: a 2-point unit becomes a 1-point unit; only when the power's units outgrow its supply."""

    kind: ClassVar[str] = "DU"
    words: ClassVar[tuple[str, ...]] = ("du",)
    entry: ClassVar[Entry | None] = Entry("W", "Downgrade", choice="Downgrade {unit}", none="{unit} can't be downgraded now")
    note: ClassVar[str] = "downgrade"
    unit: Unit

    def __str__(self) -> str:
        return f"DU {self.unit.loc}"


@dataclass(frozen=True, slots=True)
class Remove(UnitOrder):
    """``RU area``: a unit is removed; only when the power's units outgrow its supply."""

    kind: ClassVar[str] = "RU"
    words: ClassVar[tuple[str, ...]] = ("ru",)
    entry: ClassVar[Entry | None] = Entry("R", "Remove", choice="Remove {unit}", none="{unit} can't be removed now")
    note: ClassVar[str] = "removal"
    unit: Unit

    def __str__(self) -> str:
        return f"RU {self.unit.loc}"


# Supports ----------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SupportAttack(UnitOrder):
    """``SA from to [GP]``: support whichever unit of ``beneficiary`` (the supporter's own power when not
    named) attacks ``dest``. The seed names the area attacked, not the attacking unit."""

    kind: ClassVar[str] = "SA"
    words: ClassVar[tuple[str, ...]] = ("sa",)
    entry: ClassVar[Entry | None] = Entry("S", "Support an attack", (
        Pick(("dest",), "{unit} supports an attack: click the area attacked (Esc cancels)",
             "{unit} can't support an attack on {place}", "support_attack"),),
        choice="Support the attack on {dest:place}{beneficiary:by}", none="{unit} can't support an attack now")
    unit: Unit
    dest: str
    beneficiary: str | None = None

    def __str__(self) -> str:
        return f"SA {self.unit.loc} {self.dest}" + (f" {self.beneficiary}" if self.beneficiary else "")


@dataclass(frozen=True, slots=True)
class SupportDefence(UnitOrder):
    """``SD from to``: support the defence of the unit standing in ``area`` (own or an ally's)."""

    kind: ClassVar[str] = "SD"
    words: ClassVar[tuple[str, ...]] = ("sd",)
    entry: ClassVar[Entry | None] = Entry("P", "Support the defence", (
        Pick(("area",), "{unit} supports a defence: click the unit defended (Esc cancels)",
             "{unit} can't support the defence of {place}", "support_defence"),),
        choice="Support the defence of {area:place}", none="{unit} can't support a defence now")
    unit: Unit
    area: str

    def __str__(self) -> str:
        return f"SD {self.unit.loc} {self.area}"


EMG_ORDERS: tuple[type[Order], ...] = (Declare, GrantAccess, CallToArms, Add, Upgrade, Downgrade, Remove,
                                       SupportAttack, SupportDefence)


@dataclass(frozen=True, slots=True)
class ConvoyRoute(UnitOrder):
    """``CO from sea1 … seaN to``: the land unit in ``from`` is carried by its power's own naval units across
    the seas named, in order, to the coastal area ``to`` (RG-ORD-8..11). A command of the land unit; the naval
    units on the route do nothing else that turn."""

    kind: ClassVar[str] = "CO"
    words: ClassVar[tuple[str, ...]] = ("co",)
    entry: ClassVar[Entry | None] = Entry("V", "By convoy", (
        Pick(("dest",), "{unit} goes by convoy: click the landing area (Esc cancels)",
             "{unit} can't be convoyed to {place}", "convoy_landing"),),
        choice="By convoy to {dest:place} across {seas:places}", none="{unit} has no convoy route now")
    note: ClassVar[str] = "by convoy"
    unit: Unit
    seas: tuple[str, ...]
    dest: str

    def __str__(self) -> str:
        return f"CO {self.unit.loc} {' '.join(self.seas)} {self.dest}"


EMG_ORDERS = (*EMG_ORDERS, ConvoyRoute)


@dataclass(frozen=True, slots=True)
class Spy(Order):
    """``SP a1 … aN``: spies sent to these areas; the power sees them in this turn's report (RG-ORD-19)."""

    kind: ClassVar[str] = "SP"
    words: ClassVar[tuple[str, ...]] = ("sp",)
    note: ClassVar[str] = "spies"
    power: str
    areas: tuple[str, ...]

    def slot(self) -> str | None:
        return f"SP {self.power}"

    def __str__(self) -> str:
        return "SP " + " ".join(self.areas)


EMG_ORDERS = (*EMG_ORDERS, Spy)
