"""The economy as variant data: every country's money, home centres, the land it controls, rebellions,
World Bank loans and bribes awaiting their target's guess, kept in ``GameState.extra``.

One typed record (:class:`Ledger`) read from and written to the plain JSON that save files and the
contract carry; :meth:`Ledger.read` checks it and names the first bad part.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Mapping

from ...types import Phase, PositionError, Unit, UnitType

KEYS = ("money", "homes", "control", "rebellions", "loans", "bribes")


@dataclass(frozen=True, slots=True)
class Loan:
    """A World Bank loan: ``owed`` (US cents, interest included) falls due at the start of ``due``."""

    power: str
    owed: int
    due: Phase


@dataclass(frozen=True, slots=True)
class PendingBribe:
    """A bribe offered in ``since``: the briber's price (US cents) for ``unit``, decided in the next phase
    by its owner's one guess. Secret from everyone but the briber."""

    briber: str
    unit: Unit
    price: int
    since: Phase


@dataclass(frozen=True, slots=True)
class Ledger:
    money: Mapping[str, int] = field(default_factory=dict)  # power -> cents of its own currency
    homes: Mapping[str, tuple[str, ...]] = field(default_factory=dict)  # power -> home centres, sorted
    control: Mapping[str, str] = field(default_factory=dict)  # land province -> controlling power
    rebellions: tuple[str, ...] = ()  # provinces in rebellion, sorted
    loans: tuple[Loan, ...] = ()
    bribes: tuple[PendingBribe, ...] = ()

    def balance(self, power: str) -> int:
        return self.money.get(power, 0)

    def with_money(self, power: str, cents: int) -> Ledger:
        return replace(self, money={**self.money, power: cents})

    def home_of(self, prov: str) -> str | None:
        for power, homes in self.homes.items():
            if prov in homes:
                return power
        return None

    # --- plain data ----------------------------------------------------------------------------------

    def plain(self) -> dict[str, Any]:
        return {
            "money": dict(sorted(self.money.items())),
            "homes": {p: list(h) for p, h in sorted(self.homes.items())},
            "control": _by_key(self.control),
            "rebellions": list(self.rebellions),
            "loans": [{"power": ln.power, "owed": ln.owed, "due": str(ln.due)} for ln in self.loans],
            "bribes": [{"briber": b.briber, "unit": [b.unit.power, b.unit.type._value_, b.unit.loc],
                        "price": b.price, "since": str(b.since)} for b in self.bribes],
        }

    @classmethod
    def read(cls, extra: Mapping[str, Any], powers: Mapping[str, object], places: set[str] | frozenset[str]) -> Ledger:
        """The ledger in ``extra``; :class:`PositionError` naming the first bad part."""
        unknown = sorted(set(map(str, extra)) - set(KEYS))
        if unknown:
            raise PositionError("extra", f"World Diplomacy keeps {', '.join(KEYS)}; unknown keys {unknown}")

        def power(value: object, where: str) -> str:
            if not isinstance(value, str) or value not in powers:
                raise PositionError(f"extra.{where}", f"{value!r} is not a power of this game")
            return value

        def place(value: object, where: str) -> str:
            if not isinstance(value, str) or value not in places:
                raise PositionError(f"extra.{where}", f"{value!r} is not a province of this map")
            return value

        def cents(value: object, where: str, minimum: int | None = None) -> int:
            if isinstance(value, bool) or not isinstance(value, int) or (minimum is not None and value < minimum):
                raise PositionError(f"extra.{where}", f"expected a whole number of cents, got {value!r}")
            return value

        def mapping(key: str) -> Mapping[Any, Any]:
            value = extra.get(key, {})
            if not isinstance(value, Mapping):
                raise PositionError(f"extra.{key}", "must be an object")
            return value

        def listing(key: str) -> list[Any]:
            value = extra.get(key, [])
            if not isinstance(value, list):
                raise PositionError(f"extra.{key}", "must be a list")
            return value

        def phase(value: object, where: str) -> Phase:
            try:
                return Phase.parse(str(value))
            except Exception as exc:  # Phase.parse names what is wrong
                raise PositionError(f"extra.{where}", str(exc)) from None

        given = mapping("money")
        if all(type(p) is str and p in powers and type(v) is int and v >= 0 for p, v in given.items()):
            money = dict(given)  # all well formed (the common case): the checks below would name a bad one
        else:
            money = {power(p, "money"): cents(v, f"money.{p}", 0) for p, v in given.items()}
        homes: dict[str, tuple[str, ...]] = {}
        for p, provs in mapping("homes").items():
            if type(provs) is list and type(p) is str and p in powers \
                    and all(type(x) is str for x in provs) and places.issuperset(provs):
                homes[p] = tuple(sorted(set(provs)))  # well formed (the common case)
                continue
            if not isinstance(provs, list):
                raise PositionError(f"extra.homes.{p}", "must be a list of provinces")
            homes[power(p, "homes")] = tuple(sorted({place(x, f"homes.{p}") for x in provs}))
        given = mapping("control")
        if places.issuperset(given) and _all_known(given.values(), powers):
            control = dict(given)
        else:
            control = {place(k, "control"): power(v, f"control.{k}") for k, v in given.items()}
        rebellions = tuple(sorted({place(x, "rebellions") for x in listing("rebellions")}))
        loans = []
        for i, entry in enumerate(listing("loans")):
            if not isinstance(entry, Mapping) or set(entry) != {"power", "owed", "due"}:
                raise PositionError(f"extra.loans[{i}]", "expected {power, owed, due}")
            loans.append(Loan(power(entry["power"], f"loans[{i}]"), cents(entry["owed"], f"loans[{i}].owed", 1),
                              phase(entry["due"], f"loans[{i}].due")))
        bribes = []
        for i, entry in enumerate(listing("bribes")):
            if not isinstance(entry, Mapping) or set(entry) != {"briber", "unit", "price", "since"}:
                raise PositionError(f"extra.bribes[{i}]", "expected {briber, unit, price, since}")
            raw = entry["unit"]
            if not (isinstance(raw, list) and len(raw) == 3 and all(isinstance(x, str) for x in raw)):
                raise PositionError(f"extra.bribes[{i}].unit", "expected [power, kind, location]")
            try:
                kind = UnitType(raw[1])
            except ValueError:
                raise PositionError(f"extra.bribes[{i}].unit", f"unknown unit kind {raw[1]!r}") from None
            place(raw[2].partition("/")[0], f"bribes[{i}].unit")
            bribes.append(PendingBribe(power(entry["briber"], f"bribes[{i}]"),
                                       Unit(power(raw[0], f"bribes[{i}].unit"), kind, raw[2]),
                                       cents(entry["price"], f"bribes[{i}].price", 1), phase(entry["since"], f"bribes[{i}].since")))
        return cls(money, homes, control, rebellions, tuple(loans), tuple(bribes))


def _by_key(mapping: Mapping[str, str]) -> dict[str, str]:
    """``dict(sorted(mapping.items()))``; a mapping already in order (control read back from a position,
    changed in place) is copied as it is."""
    keys = list(mapping)
    ordered = sorted(keys)
    return dict(mapping) if keys == ordered else {key: mapping[key] for key in ordered}


def _all_known(values: Any, powers: Mapping[str, object]) -> bool:
    """Every value is a power of ``powers`` (in one step: a ledger controls hundreds of provinces)."""
    try:
        return powers.keys() >= set(values)
    except TypeError:  # an unhashable value: the checks one by one name it
        return False


__all__ = ["KEYS", "Ledger", "Loan", "PendingBribe"]
