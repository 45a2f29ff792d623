"""Typed variant options: each option a variant takes is an :class:`OptionSpec` (name, type, default, choices,
range, words for people), and :func:`check_options` is the one place a game's options are checked against them.

Front ends build their option widgets from the specs (the new-game dialog, the LAN host), so a variant's new
option needs no client code; the contract, save files and the command line get the same errors.
"""
from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .types import ChancelleryError, shown as _shown


class OptionType(enum.StrEnum):
    CHOICE = "choice"  # one of ``choices`` (text values, read case-insensitively)
    INT = "int"  # a whole number in ``minimum``..``maximum``
    BOOL = "bool"
    TEXT = "text"


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """One option of a variant. ``optional``: ``None`` (or leaving the option out) is a value of its own, shown
    as ``none_label`` (Engineered's "never hand a power to the madman")."""

    name: str
    type: OptionType
    default: object
    label: str
    help: str = ""
    choices: tuple[tuple[str, str], ...] = ()  # (value, label) of a choice
    minimum: int | None = None
    maximum: int | None = None
    optional: bool = False
    none_label: str = "none"

    def expected(self) -> str:
        """What a value of this option must be, in words for an error message."""
        if self.type is OptionType.CHOICE:
            return "one of " + ", ".join(value for value, _ in self.choices)
        if self.type is OptionType.BOOL:
            return "true or false"
        if self.type is OptionType.TEXT:
            return "text"
        if self.minimum is not None and self.maximum is not None:
            return f"a whole number from {self.minimum} to {self.maximum}"
        if self.minimum is not None:
            return f"a whole number of at least {self.minimum}"
        if self.maximum is not None:
            return f"a whole number of at most {self.maximum}"
        return "a whole number"

    def check(self, value: object) -> object:
        """``value`` in its canonical form (a choice's own spelling); raises :class:`ChancelleryError`
        naming this option and what it expects."""
        if value is None and self.optional:
            return None
        if self.type is OptionType.CHOICE:
            if isinstance(value, str):
                folded = value.strip().casefold()
                for choice, _ in self.choices:
                    if choice.casefold() == folded:
                        return choice
        elif self.type is OptionType.BOOL:
            if isinstance(value, bool):
                return value
        elif self.type is OptionType.TEXT:
            if isinstance(value, str):
                return value
        elif isinstance(value, int) and not isinstance(value, bool):
            if (self.minimum is None or value >= self.minimum) and (self.maximum is None or value <= self.maximum):
                return value
        raise ChancelleryError(f"option {self.name}: expected {self.expected()}, got {_shown(value)}")

    def label_of(self, value: object) -> str:
        """How ``value`` reads for people (a choice's label, ``none_label`` for no value)."""
        if value is None:
            return self.none_label
        for choice, label in self.choices:
            if choice == value:
                return label
        if isinstance(value, bool):
            return "yes" if value else "no"
        return str(value)


def check_options(specs: Sequence[OptionSpec], options: Mapping[str, Any], variant_name: str) -> dict[str, Any]:
    """``options`` checked against ``specs``, values in canonical form; raises :class:`ChancelleryError`
    naming an unknown option (and the known ones) or the option whose value is wrong."""
    if not isinstance(options, Mapping):
        raise ChancelleryError(f"options must be an object of option names and values, not {_shown(options)}")
    by_name = {spec.name: spec for spec in specs}
    checked: dict[str, Any] = {}
    for name, value in options.items():
        spec = by_name.get(name) if isinstance(name, str) else None
        if spec is None:
            known = ", ".join(by_name) or "none"
            raise ChancelleryError(f"unknown option {_shown(name)} for {variant_name} (options: {known})")
        checked[name] = spec.check(value)
    return checked


