"""Chancellery's Diplomacy engine: maps, orders, adjudication and game lifecycle. Pure Python, no Qt.

The public entry points are re-exported here; see docs/adjudication-contract.md for the JSON contract.
"""
from __future__ import annotations

__version__ = "0.1.0"

from .contract import adjudicate, legal_orders
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
    "legal_orders",
]
