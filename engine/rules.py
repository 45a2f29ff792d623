"""Rule editions and DATC options as configuration values, not adjudicator forks."""
from __future__ import annotations

import enum
from dataclasses import dataclass


class AdjacentConvoy(enum.Enum):
    """DATC 4.A.3: when does an army that could walk use an ordered convoy instead?"""

    RULES_2000 = "2000"  # "via convoy" or a convoying fleet of the same power; no land fallback (DATC v3.0)


class CivilDisorderRemoval(enum.Enum):
    """DATC 4.D.8: which unit goes when removals are missing."""

    RULES_2023 = "2023"  # farthest from the nearest owned centre over land and sea; fleets first; alphabetical


@dataclass(frozen=True, slots=True)
class Rulebook:
    """The options the adjudicator follows. Defaults are the 2023 rulebook with DATC v3.0 preferences."""

    edition: str = "2023"
    adjacent_convoy: AdjacentConvoy = AdjacentConvoy.RULES_2000
    civil_disorder: CivilDisorderRemoval = CivilDisorderRemoval.RULES_2023
    # 4.A.1 multi-route convoys are disrupted only when every route is; 4.A.2 Szykman for paradoxes;
    # 4.A.5 a unit dislodged by a convoyed army may retreat to the army's origin. These are fixed: every
    # modern rulebook agrees, and a variant that wants otherwise overrides the resolver hook instead.
    allow_waive: bool = True

    @classmethod
    def edition_2023(cls) -> Rulebook:
        return cls()


DEFAULT_RULEBOOK = Rulebook()
