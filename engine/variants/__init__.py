"""The variant registry: ``find_variant("colonial")`` returns a ready :class:`Variant`."""
from __future__ import annotations

from typing import Any, Mapping

from ..types import ChancelleryError
from .base import Variant

VARIANTS: dict[str, type[Variant]] = {}


def register(cls: type[Variant]) -> type[Variant]:
    VARIANTS[cls.id] = cls
    return cls


register(Variant)


_BUILTIN = ("colonial", "engineered")
_loaded = False


def _load_builtin() -> None:
    # Variant modules register themselves on import; imported on first lookup so that importing the
    # engine stays cheap.
    global _loaded
    if _loaded:
        return
    _loaded = True
    import importlib

    for name in _BUILTIN:
        try:
            importlib.import_module(f"{__name__}.{name}")
        except ModuleNotFoundError as exc:
            if exc.name != f"{__name__}.{name}":
                raise


def find_variant(name: str, options: Mapping[str, Any] | None = None) -> Variant:
    """Look up a variant by id or alias (any case) and instantiate it."""
    _load_builtin()
    key = str(name).strip().lower()
    for cls in VARIANTS.values():
        if key == cls.id or key in cls.aliases:
            return cls(options=options)
    known = ", ".join(sorted(VARIANTS))
    raise ChancelleryError(f"unknown variant {name!r} (known: {known})")


def variant_ids() -> list[str]:
    _load_builtin()
    return sorted(VARIANTS)


__all__ = ["VARIANTS", "Variant", "find_variant", "register", "variant_ids"]
