"""The entry steps a click-driven front end knows, named by role, and the fields each role's order kind
has: a variant maps the roles its own order kinds play (``Variant.entry_kinds``), so the client drives
Colonial's Suez permission or Engineered's transports without importing either variant.

Each role is one narrowing over the legal options a click machine already walks:

========================  ====================================================================================
role                      steps (a key on the selected unit, then clicks on lit places)
========================  ====================================================================================
``PERMISSION``            G on the unit that grants: the only fleet at once, or a question which fleet
``STACKED_HOLD/MOVE``     a stacked unit's badge or letter key, then its destinations (H to stay)
``TRANSPORT``             T on a unit: the lit stacked units it may fetch (or on the stacked unit: its carriers)
``DAMAGE``                X on a unit: the lit targets, then the target's destination or the target itself
``BID``                   B, or a click on a unit others bid for: the bid panel (``Variant.bid_targets``)
``CREATE_ENGINEER``       E, or the winter menu of a province
``CREATE_DECOY``          the winter menu (takes a build)
``CONVERT``               the winter menu
``DISBAND_STACKED``       the winter menu
``VOTE``                  V in an adjustment phase: a question which power
========================  ====================================================================================
"""
from __future__ import annotations

import enum
from typing import Protocol

from .orders import UnitOrder
from .types import Unit


class EntryRole(enum.StrEnum):
    PERMISSION = "permission"
    STACKED_HOLD = "stacked_hold"
    STACKED_MOVE = "stacked_move"
    TRANSPORT = "transport"
    DAMAGE = "damage"
    BID = "bid"
    CREATE_ENGINEER = "create_engineer"
    CREATE_DECOY = "create_decoy"
    CONVERT = "convert"
    DISBAND_STACKED = "disband_stacked"
    VOTE = "vote"


# The fields each role's steps read (the variant's classes have them).

class PermissionOrder(Protocol):
    @property
    def power(self) -> str: ...
    @property
    def fleet(self) -> Unit: ...
    @property
    def dest(self) -> str: ...


class StackedOrder(Protocol):
    @property
    def stacked(self) -> Unit: ...


class TransportOrder(Protocol):
    @property
    def unit(self) -> Unit: ...
    @property
    def engineer(self) -> Unit: ...


class DamageOrder(Protocol):
    @property
    def unit(self) -> Unit: ...
    @property
    def target(self) -> Unit: ...
    @property
    def dest(self) -> str | None: ...


class BidOrder(Protocol):
    @property
    def power(self) -> str: ...
    @property
    def offered(self) -> tuple[Unit, ...]: ...
    @property
    def order(self) -> UnitOrder: ...


class CreateEngineerOrder(Protocol):
    @property
    def engineer(self) -> Unit: ...


class CreateDecoyOrder(Protocol):
    @property
    def decoy(self) -> Unit: ...


class ConvertOrder(Protocol):
    @property
    def converter(self) -> Unit: ...
    @property
    def into(self) -> Unit: ...


class VoteOrder(Protocol):
    @property
    def power(self) -> str: ...
    @property
    def target(self) -> str: ...
