"""World Diplomacy (31 countries, 8 continents): militia, four seasons with freezing, an economy of taxes,
upkeep, purchases, bribes, rebellions, loans and transfers, and victory by continents.

``variant.WorldDiplomacy`` is the rules, registered (importing this package registers it) as ``world31``
on the ``world31`` map (see docs/variants/world31.md). Modules: ``money`` (prices and currencies), ``ledger`` (the
economy as variant data), ``orders`` (the order kinds), ``notation`` (the seed's ``{EP} F 3``),
``resolver`` (militia in adjudication), ``economy`` (one phase's money and militia), ``reading`` (its own
order lines read fast), ``tables`` (the map's facts, made once per map), ``variant``.
"""
from __future__ import annotations

from .variant import WorldDiplomacy

__all__ = ["WorldDiplomacy"]
