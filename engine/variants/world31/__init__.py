"""World Diplomacy (31 countries, 8 continents): militia, four seasons with freezing, an economy of taxes,
upkeep, purchases, bribes, rebellions, loans and transfers, and victory by continents.

``variant.WorldDiplomacy`` is the rules, registered (importing this package registers it) as ``world31``
on the ``world31`` map (see docs/variants/world31.md). Modules: ``money`` (prices and currencies), ``ledger`` (the
economy as variant data), ``orders`` (the order kinds), ``notation`` (the seed's ``{EP} F 3``),
``resolver`` (militia in adjudication), ``economy`` (one phase's money and militia), ``reading`` (its own
order lines read fast), ``tables`` (the map's facts, made once per map), ``variant``. ``economy``,
``reading`` and ``ledger`` are compiled with mypyc when the machine can (``setup.py``); ``COMPILED`` says
whether the compiled ones run (``engine.compiled`` decides).
"""
from __future__ import annotations

from importlib import import_module

from ...compiled import runs_compiled
from .variant import WorldDiplomacy

COMPILED = all(runs_compiled(import_module(f"{__name__}.{name}")) for name in ("economy", "reading", "ledger"))
"""Whether the World's hot modules run compiled (mypyc) rather than from their Python source."""

__all__ = ["COMPILED", "WorldDiplomacy"]
