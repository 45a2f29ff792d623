"""Rule editions and DATC options as configuration values, not adjudicator forks."""
from __future__ import annotations

import enum
from dataclasses import dataclass


class ConvoyParadox(enum.Enum):
    """DATC 4.A.2: how a convoy paradox (a cycle of decisions with no single answer through a convoy) is broken."""

    SZYKMAN = "szykman"  # the paradox's convoys fail, the rest is adjudicated as usual (DATC v3.0 preference)
    ALL_HOLD = "all_hold"  # every unit in the paradox holds: its moves fail, its supports and convoys are not given


@dataclass(frozen=True, slots=True)
class Rulebook:
    """The edition options the adjudicator follows; the default is the 2023 rulebook with the DATC v3.0
    preferences. A variant passes its rulebook to its resolver (``MovementResolver.rulebook``).

    The other DATC choices are fixed, because every modern rulebook agrees on them and a variant that wants
    otherwise overrides the resolver hook instead: 4.A.1 a multi-route convoy is disrupted only when every
    route is; 4.A.3 an army uses a convoy to an adjacent province when it says "via convoy" or a fleet of
    its own power convoys it; 4.A.5 a unit dislodged by a convoyed army may retreat to the army's origin;
    4.D.8 civil-disorder removals follow the 2023 rule (docs/datc-conformance.md)."""

    convoy_paradox: ConvoyParadox = ConvoyParadox.SZYKMAN


DEFAULT_RULEBOOK = Rulebook()
