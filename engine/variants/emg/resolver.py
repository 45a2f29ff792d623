"""The EMG conflict rules (section 5) as overrides of the engine's resolver.

- Strength is points (RG-UNI-1, RG-SUP-5): a unit adds its own points, a support its supporter's points.
- A unit ordered to move does not defend the area it leaves, whether or not its move succeeds: a unit
  that fails goes back afterwards if the area is still free, and otherwise retreats (RG-RET-1, the 5.2
  tips: two own units may follow each other, and a bounced unit whose start was taken is pushed on).
- Own units never fight (RG-MOV-5): a move into an area an own unit keeps fails.
- A support is cut only by an attack at least as strong as the supporter's points, counting the attacker's
  supports of attack (RG-CUT-1..3); defence given to the supporter does not protect it, and there is no
  exception for an attack from the area the support is aimed at (A8: the seed states none).
- Head-to-head moves: the stronger wins, equal both fail (RG-CON-6, A12).
- Supports that cut each other: since a support is cut by an attack only as strong as the supports behind
  it, two supports can each stand only if the other is cut (each supporter is attacked by the move the other
  supports). The rules give no answer; ours is that every support in such a cycle is cut, so that neither
  side wins by the order of areas or of commands (like the Szykman rule: the orders making the paradox fail).
"""
from __future__ import annotations

from typing import Callable, Mapping

from ...mapdata import MapData
from ...orders import Order, SupportHold, SupportMove
from ...outcomes import Reason, wording
from ...resolver import _RESOLVED, _UNRESOLVED, MovementResolver, Outcome, Tracer, outcome
from ...types import Unit
from .orders import points


SUPPORT_PARADOX = "emg_support_paradox"


@wording(SUPPORT_PARADOX)
def _word_support_paradox(r: Reason) -> str:
    return "cut: supports that cut each other are all cut"


class EmgResolver(MovementResolver):
    """Adjudicates an EMG turn's unit orders (after declarations, adds and legality have been applied).

    ``convoyed`` holds the origins of moves whose convoy got through (decided before, in ``turn.py``): their
    path is known, and like the engine's convoyed moves they meet no one head to head."""

    def __init__(self, board: MapData, units: Mapping[str, Unit], orders: Mapping[str, Order],
                 tracer: Tracer | None = None, convoyed: frozenset[str] = frozenset(),
                 may_fight: Callable[[str, str, str], bool] | None = None) -> None:
        self.emg_convoyed = convoyed
        # may_fight(attacker's power, defender's power, area): whether a unit may fight one standing there
        # (allies fight only at sea, or in the attacker's own area; RG-CON-1/7, RG-REL-15). Default: always.
        self.may_fight = may_fight or (lambda attacker, defender, area: True)
        super().__init__(board, units, orders, tracer)
        self.cut_by_paradox: set[str] = set()  # supports the backup rule cut (see the module doc)

    def uses_convoy(self, origin: str) -> bool:
        return False  # EMG convoys are settled before the conflicts; the resolver sees a plain move

    def is_head_to_head(self, origin: str) -> str | None:
        if origin in self.emg_convoyed or self.move_dest.get(origin) in self.emg_convoyed:
            return None
        return super().is_head_to_head(origin)

    def unit_strength(self, prov: str) -> float:
        return points(self.units[prov].type)

    def support_value(self, supporter: str) -> float:
        return points(self.units[supporter].type)

    def hold_strength(self, prov: str) -> float:
        if prov not in self.units or prov in self.move_dest:
            return 0  # a moving unit leaves its area undefended, even when its move fails
        return super().hold_strength(prov)

    def attack_strength(self, origin: str) -> float:
        if not self.has_path(origin):
            return 0
        dest = self.move_dest[origin]
        defender = self.units.get(dest)
        if defender is None or (dest in self.move_dest and self.is_head_to_head(origin) is None):
            return self.unit_strength(origin) + self.supports(origin)
        attacker = self.units[origin].power
        if defender.power == attacker or not self.may_fight(attacker, defender.power, dest):
            return 0  # own units never fight; allies fight only at sea or in the attacker's own area
        return self.unit_strength(origin) + self.supports(origin, exclude_power=defender.power)

    def support_is_cut(self, prov: str) -> bool:
        power = self.units[prov].power
        size = self.unit_strength(prov)
        for attacker in self.moves_into.get(prov, ()):
            if self.units[attacker].power == power or not self.has_path(attacker) \
                    or not self.may_fight(self.units[attacker].power, power, prov):
                continue
            if self.unit_strength(attacker) + self.supports(attacker) >= size:
                return True
        return False

    def backup_rule(self, cycle: list[str]) -> None:
        supports = [p for p in cycle if type(self.orders[p]) in (SupportHold, SupportMove)]
        if not supports:
            super().backup_rule(cycle)  # circular movement: every move in it succeeds
            return
        if self.tracer:
            self.tracer(f"supports cutting each other among {sorted(cycle)}: {sorted(supports)} are cut")
        for p in cycle:
            self.state[p] = _UNRESOLVED
        for p in supports:
            self.result[p] = False
            self.state[p] = _RESOLVED
            self.cut_by_paradox.add(p)

    def explain(self, prov: str, dislodged: Mapping[str, tuple[str, bool]]) -> Outcome:
        if prov in self.cut_by_paradox and prov not in dislodged:
            return outcome(False, SUPPORT_PARADOX)
        return super().explain(prov, dislodged)
