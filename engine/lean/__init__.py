"""The lean path of the JSON contract: a standard movement phase from request to response text, fast.

``adjudicate_text(request, variant, orders)`` answers what the general path (``Submission.from_texts``,
``Submission.process``, the contract's writers) answers, byte for byte, for the usual request: the standard
rules without options, a movement phase, units and centres in canonical notation, no dislodged units,
standoffs or variant data. It answers ``None`` for anything else, and the general path takes the request.
Modules: ``tables`` (per-map tables, made once per board), ``reader`` (the request into per-unit records),
``battle`` (the resolver over them; given ``Militia``, World Diplomacy's), ``turn_end`` (the next position),
``writer`` (the response text).
``tests/engine/test_lean_path.py`` compares both paths over random games, odd notations, illegal orders
and the DATC cases. These modules are compiled with mypyc when the machine can (``setup.py``); ``COMPILED``
says whether the compiled ones run (``engine.compiled`` decides).
"""
from __future__ import annotations

from importlib import import_module
from typing import Any, Callable, Mapping

from ..compiled import runs_compiled
from ..rules import DEFAULT_RULEBOOK
from ..variants import Variant
from .battle import Militia, fight
from .reader import Unsupported, plain_order_lines, read_orders, read_position
from .tables import tables_for
from .turn_end import turn_end
from .writer import response_text

ENABLED = True
"""Switch for tests and benchmarks: ``False`` sends every request down the general path."""

COMPILED = all(runs_compiled(import_module(f"{__name__}.{name}"))
               for name in ("tables", "reader", "battle", "turn_end", "writer"))
"""Whether this path runs compiled (mypyc) rather than from its Python source."""


def serves(variant: Variant) -> bool:
    """Whether the lean path knows ``variant``'s rules: the standard ones, without options."""
    return type(variant) is Variant and not variant.options and (
        variant.rulebook is DEFAULT_RULEBOOK or variant.rulebook == DEFAULT_RULEBOOK)


def adjudicate_text(request: Mapping[str, Any], variant: Variant,
                    orders_of: Callable[[], Mapping[str, list[str]]], most_lines: int = 0,
                    longest: int = 0) -> str | None:
    """The response text to a plain request of a movement phase of ``variant`` (see the module doc), or
    ``None``. ``orders_of`` reads the request's order lines (raising the contract's errors), called once the
    position has been read, as the general path reads them; when ``most_lines`` is given, lines that are
    plainly good (at most ``most_lines`` of at most ``longest`` characters, keyed by the powers' names) are
    read here instead."""
    if not ENABLED or not serves(variant):
        return None
    tables = tables_for(variant)
    if not tables.plain:
        return None
    position = read_position(request, variant, tables)
    if position is None:
        return None
    texts = plain_order_lines(request.get("orders"), tables, most_lines, longest) if most_lines else None
    if texts is None:
        texts = orders_of()
    try:
        orders = read_orders(position, texts)
    except Unsupported:
        return None
    battle = fight(position, orders)
    return response_text(variant.id, position.phase_text, orders, battle, turn_end(battle))


__all__ = ["COMPILED", "ENABLED", "Militia", "adjudicate_text", "fight", "plain_order_lines", "read_orders",
           "read_position", "response_text", "serves", "tables_for", "turn_end"]
