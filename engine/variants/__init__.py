"""The variant registry: ``find_variant("colonial")`` returns a ready :class:`Variant`.

Variants are found, not listed: every module in this package registers its class with ``@register`` when
imported, and installed distributions add variants through the ``chancellery.variants`` entry-point
group (see docs/writing-a-variant.md). Discovery runs on the first lookup, so importing the engine stays
cheap.
"""
from __future__ import annotations

import importlib
import logging
import pkgutil
from importlib import metadata
from typing import Any, Iterable, Mapping

from ..types import ChancelleryError
from .base import Variant

ENTRY_POINT_GROUP = "chancellery.variants"
"""Installed packages name a variant module or :class:`Variant` subclass in this entry-point group."""

# Modules of this package that are not variants.
_NOT_VARIANTS = frozenset({"base"})

VARIANTS: dict[str, type[Variant]] = {}

# Entry points that could not be loaded, by ``name = value``, with the reason. One broken plug-in must not
# take the built-in variants down with it; front ends may show these.
DISCOVERY_PROBLEMS: dict[str, str] = {}

_log = logging.getLogger(__name__)


def register(cls: type[Variant]) -> type[Variant]:
    """Class decorator: make ``cls`` findable by its ``id`` and ``aliases``."""
    if not (isinstance(cls, type) and issubclass(cls, Variant)):
        raise ChancelleryError(f"register() takes a Variant subclass, not {cls!r}")
    known = VARIANTS.get(cls.id)
    if known is not None and known is not cls and _qualname(known) != _qualname(cls):
        raise ChancelleryError(f"variant id {cls.id!r} is taken by {_qualname(known)}; {_qualname(cls)} needs another")
    VARIANTS[cls.id] = cls
    return cls


def _qualname(cls: type) -> str:
    return f"{cls.__module__}.{cls.__qualname__}"


register(Variant)

_discovered = False


def _package_modules() -> Iterable[str]:
    for info in pkgutil.iter_modules(__path__):
        if not info.name.startswith("_") and info.name not in _NOT_VARIANTS:
            yield f"{__name__}.{info.name}"


def _load_entry_point(entry: metadata.EntryPoint) -> None:
    try:
        loaded = entry.load()
        # A class is registered here; a module registered its classes when it was imported.
        if isinstance(loaded, type):
            register(loaded)
    except Exception as exc:  # a third-party plug-in's failure is reported, never fatal
        label = f"{entry.name} = {entry.value}"
        DISCOVERY_PROBLEMS[label] = f"{type(exc).__name__}: {exc}"
        _log.warning("variant entry point %s could not be loaded: %s", label, exc)


def discover(force: bool = False) -> None:
    """Import every variant module of this package, then load the ``chancellery.variants`` entry points.

    Runs once (``force`` runs it again, for a package path or distribution added since). Errors in this
    package's own modules propagate: they are bugs, not plug-in trouble."""
    global _discovered
    if _discovered and not force:
        return
    _discovered = True
    for module in _package_modules():
        importlib.import_module(module)
    for entry in metadata.entry_points(group=ENTRY_POINT_GROUP):
        _load_entry_point(entry)


def find_variant(name: str, options: Mapping[str, Any] | None = None) -> Variant:
    """Look up a variant by id or alias (any case) and instantiate it."""
    discover()
    key = str(name).strip().lower()
    for cls in VARIANTS.values():
        if key == cls.id or key in cls.aliases:
            return cls(options=options)
    known = ", ".join(sorted(VARIANTS))
    raise ChancelleryError(f"unknown variant {name!r} (known: {known})")


def variant_ids() -> list[str]:
    discover()
    return sorted(VARIANTS)


__all__ = [
    "DISCOVERY_PROBLEMS",
    "ENTRY_POINT_GROUP",
    "VARIANTS",
    "Variant",
    "discover",
    "find_variant",
    "register",
    "variant_ids",
]
