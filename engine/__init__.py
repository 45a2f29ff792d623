"""Chancellery's Diplomacy engine: maps, orders, adjudication and game lifecycle. Pure Python, no Qt.

The public entry points are re-exported here; see docs/adjudication-contract.md for the JSON contract.
"""
from __future__ import annotations

__version__ = "0.1.0"

from . import compiled  # first: it decides whether compiled modules or their sources are imported
from .contract import adjudicate, adjudicate_json, legal_orders, legal_orders_json
from .types import ChancelleryError, OrderError, Phase, RequestError, Unit, UnitType

__all__ = [
    "ChancelleryError",
    "OrderError",
    "Phase",
    "RequestError",
    "Unit",
    "UnitType",
    "__version__",
    "adjudicate",
    "adjudicate_json",
    "legal_orders",
    "legal_orders_json",
]
