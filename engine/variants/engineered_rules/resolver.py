"""The movement resolver with fighter fields and decoys (unit power chart and rules 7a-7g, 8a).

- A fighter field has zero moving and holding power: it moves only when unopposed or with more support
  than the opposition (7d), and holds against an army or fleet only with support (7b). Its support counts
  one and is cut neither by an attack on its field nor by its dislodgement (7a, 7e): only damage cuts it.
- Damage (7f, 7g) is fixed by the orders alone, so it is worked out before the resolver runs: damage on a
  move cuts the supports of that move; damage on a supporting or holding unit cuts its support and the
  supports it receives. When the damaged unit or move has fighter supports, the damage defeats those and
  no longer touches armies' and fleets' supports (nor, for an army or fleet, its own support order).
- A decoy has zero power, gives nothing by supporting and receives nothing (8a); a decoy fleet can't
  carry an army. Whether its bluff holds is decided by the caller (see ``movement.py``).

"Unopposed" needs a rule the standard resolver never meets, a zero-strength move: a move into an area
that nobody holds and nobody else enters succeeds even with strength 0; any unit staying there, or any
other move into it that could succeed, opposes it.
"""
from __future__ import annotations

from typing import Mapping

from ...mapdata import MapData
from ...orders import Move, Order, SupportHold, SupportMove
from ...outcomes import shown_number
from ...resolver import MovementResolver, MovementResult, Outcome, Tracer
from ...types import Unit, UnitType, province_of
from .orders import Damage, Transport


class EngineeredResolver(MovementResolver):
    """``units`` and ``orders`` are keyed by province, plus ``D:<province>`` for a decoy beside its twin."""

    def __init__(
        self,
        board: MapData,
        units: Mapping[str, Unit],
        orders: Mapping[str, Order],
        tracer: Tracer | None = None,
        decoys: frozenset[str] = frozenset(),
    ) -> None:
        super().__init__(board, units, orders, tracer)
        self.decoys = decoys
        if decoys:
            self.convoyers = {o: [f for f in fs if f not in decoys] for o, fs in self.convoyers.items()}
            self.convoyed = {p for p in self.move_dest if self.uses_convoy(p)}
        self.damage_cuts: dict[str, list[str]] = {}  # damage order -> the supports it cuts
        self.damage_void: dict[str, str] = {}  # damage order -> why it does nothing
        self.absorbed: set[str] = set()  # damage orders that met fighter supports (7g)
        self.cut_by_damage: dict[str, list[str]] = {}  # supporter -> the fighters whose damage cut it
        self._work_out_damage()

    def is_fighter(self, key: str) -> bool:
        return self.units[key].type is UnitType.FIGHTER

    # --- damage (7f, 7g) ------------------------------------------------------------------------------

    def _work_out_damage(self) -> None:
        for key, order in self.orders.items():
            if not isinstance(order, Damage):
                continue
            target = province_of(order.target.loc)
            target_order = self.orders.get(target)
            moving = isinstance(target_order, Move)
            if order.dest is not None:
                if not isinstance(target_order, Move) or province_of(target_order.dest) != order.dest:
                    self.damage_void[key] = f"void: {self.units[target]} was not ordered to {order.dest}"
                    continue
                supporters = self.move_supporters.get(target, [])
                own_support: list[str] = []
            else:
                if moving:
                    self.damage_void[key] = f"void: {self.units[target]} moved (damage its move instead)"
                    continue
                supporters = self.hold_supporters.get(target, [])
                own_support = [target] if type(target_order) in (SupportHold, SupportMove) else []
            fighters = [s for s in supporters if self.is_fighter(s) and s not in self.decoys]
            if fighters:
                self.absorbed.add(key)
                cuts = fighters + [t for t in own_support if self.is_fighter(t)]
            else:
                cuts = list(supporters) + own_support
            self.damage_cuts[key] = cuts
            if key in self.decoys:
                continue  # a decoy's damage is only a bluff
            for s in cuts:
                self.cut_by_damage.setdefault(s, []).append(key)

    # --- strengths ------------------------------------------------------------------------------------

    def unit_strength(self, prov: str) -> float:
        return 0 if prov in self.decoys or self.is_fighter(prov) else 1

    def support_value(self, supporter: str) -> float:
        return 0 if supporter in self.decoys else 1

    def supports(self, origin: str, exclude_power: str | None = None) -> float:
        return 0 if origin in self.decoys else super().supports(origin, exclude_power)

    def hold_strength(self, prov: str) -> float:
        if prov in self.decoys and prov not in self.move_dest:
            return 0  # a decoy can't receive support
        return super().hold_strength(prov)

    # --- rules ----------------------------------------------------------------------------------------

    def defender_stays(self, dest: str) -> bool:
        return dest in self.units and not (dest in self.move_dest and self.resolve(dest))

    def opposes(self, other: str) -> bool:
        """Could the move from ``other`` contest its destination (path, not beaten head to head)?"""
        if not self.has_path(other):
            return False
        opponent = self.is_head_to_head(other)
        return not (opponent is not None and self.resolve(opponent))

    def move_succeeds(self, prov: str) -> bool:
        if not self.has_path(prov):
            return False
        attack = self.attack_strength(prov)
        dest = self.move_dest[prov]
        opponent = self.is_head_to_head(prov)
        if opponent is not None:
            if attack <= self.defend_strength(opponent):
                return False
        elif self.defender_stays(dest) and attack <= self.hold_strength(dest):
            return False
        for other in self.moves_into[dest]:
            if other != prov and self.opposes(other) and attack <= self.prevent_strength(other):
                return False
        return True

    def adjudicate(self, prov: str) -> bool:
        kind = type(self.orders[prov])
        if (kind is SupportHold or kind is SupportMove) and self.is_fighter(prov):
            return not self.support_is_cut(prov)  # 7a: an attack on the field doesn't stop its support
        return super().adjudicate(prov)

    def support_is_cut(self, prov: str) -> bool:
        if prov in self.cut_by_damage:
            return True
        if self.is_fighter(prov):
            return False  # 7e
        return super().support_is_cut(prov)

    def run(self) -> MovementResult:
        result = super().run()
        # A standoff of zero-strength moves (two fighters, say) leaves the area contested too.
        occupied = {province_of(d) for d in result.moved.values()} | {
            p for p in self.units if p not in result.moved and p not in result.dislodged}
        for prov, dest in self.move_dest.items():
            if not self.result[prov] and dest not in occupied and self.opposes(prov):
                result.contested.add(dest)
        return result

    # --- reasons --------------------------------------------------------------------------------------

    def explain(self, prov: str, dislodged: Mapping[str, tuple[str, bool]]) -> Outcome:
        order = self.orders[prov]
        kind = type(order)
        if isinstance(order, Damage):
            if prov in self.damage_void:
                return Outcome(False, self.damage_void[prov])
            cuts = self.damage_cuts.get(prov, [])
            if not cuts:
                return Outcome(False, f"{order.target} has no support to cut")
            names = ", ".join(str(self.units[s]) for s in cuts)
            if prov in self.absorbed:
                return Outcome(True, f"defeats the fighter support of {names}; "
                                     "armies and fleets are untouched (rule 7g)")
            return Outcome(True, f"cuts the support of {names}")
        if isinstance(order, Transport):
            return Outcome(prov not in dislodged, "holds" if prov not in dislodged else "dislodged")
        if kind is Move and not self.result[prov] and self.has_path(prov):
            return self._explain_failed_move(prov)
        field_taken = (kind is SupportHold or kind is SupportMove) and self.is_fighter(prov) and prov in dislodged
        if field_taken:
            dislodged = {k: v for k, v in dislodged.items() if k != prov}
        outcome = super().explain(prov, dislodged)
        if not outcome.succeeded and prov in self.cut_by_damage and outcome.reason.startswith("cut"):
            by = ", ".join(str(self.units[d]) for d in self.cut_by_damage[prov])
            return Outcome(False, f"cut by damage from {by}")
        if field_taken and outcome.succeeded:
            return Outcome(True, outcome.reason + "; its field was taken but the support counts (rule 7a)")
        return outcome

    def _explain_failed_move(self, prov: str) -> Outcome:
        return self.explain_failed_move(prov, self.attack_strength(prov), opposes=self.opposes, number=shown_number,
                                        tell_beaten=False)

    def blames_own_unit(self, prov: str) -> bool:
        return self.unit_strength(prov) > 0

