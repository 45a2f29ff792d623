"""What a power still has to do, and warnings before its orders are submitted.

``review(game, power, orders, known)`` gives the guidance line ("3 of 5 units ordered", "Build 2") and
soft warnings: unordered units, unused builds or removals, and supports or convoys that don't match the
other unit's order when that order is known (one's own units, or every unit in game-master mode).
Warnings never block a submission.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from engine.game import Game
from engine.orders import Build, Convoy, Disband, Hold, Move, Order, Retreat, SupportHold, SupportMove, UnitOrder
from engine.types import PhaseType, UnitType, province_of

from .allocations import allocation_panel, allocations_among, points_of


@dataclass(frozen=True, slots=True)
class Review:
    guidance: str
    done: int
    needed: int
    warnings: tuple[str, ...] = field(default_factory=tuple)

    @property
    def complete(self) -> bool:
        return self.done >= self.needed


def _own_order(o: Order) -> bool:
    """Is ``o`` its unit's own order (it fills the slot of the unit's province)? A line that names a unit
    beside its order (World's upkeep, a bribe of another country's unit, a militia stacked with an army)
    is not."""
    unit = getattr(o, "unit", None)
    return unit is not None and not isinstance(o, Build) and o.slot() == province_of(unit.loc)


def known_orders(orders: Iterable[Order]) -> dict[str, Order]:
    """Orders by the province of their unit, for cross-checking supports and convoys."""
    return {province_of(o.unit.loc): o for o in orders if _own_order(o)}  # type: ignore[attr-defined]


def review(game: Game, power: str, orders: Sequence[Order], known: Mapping[str, Order] | None = None,
           known_powers: Iterable[str] = ()) -> Review:
    """Guidance and warnings for ``power``'s ``orders``.

    ``known`` holds every order the operator can see (by unit province); units of ``known_powers``
    without an entry are treated as holding. By default only ``power``'s own orders are known.
    """
    if known is None:
        known = known_orders(orders)
    visible = set(known_powers) | {power}
    phase = game.state.phase.type
    if phase is PhaseType.MOVEMENT:
        return _review_movement(game, power, orders, known, visible)
    if phase is PhaseType.RETREATS:
        return _review_retreats(game, power, orders)
    return _review_adjustments(game, power, orders)


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _review_movement(game: Game, power: str, orders: Sequence[Order], known: Mapping[str, Order],
                     visible: set[str]) -> Review:
    state, board = game.state, game.variant.board
    units = sorted(state.units_of(power), key=lambda u: u.loc)
    # Side orders (a Suez permission) have no unit: they order nothing but leave the units' orders be.
    ordered = {province_of(o.unit.loc) for o in orders if isinstance(o, UnitOrder) and _own_order(o)}
    done = sum(1 for u in units if u.province in ordered)
    warnings: list[str] = []
    missing = [str(u) for u in units if u.province not in ordered]
    if missing:
        warnings.append(f"No order for {', '.join(missing)}: {'it holds' if len(missing) == 1 else 'they hold'}")

    def order_of(prov: str) -> Order | None:
        unit = state.units.get(prov)
        if unit is None or unit.power not in visible:
            return None  # another power's secret
        return known.get(prov) or Hold(unit)

    def doing(other: Order) -> str:
        unit = getattr(other, "unit")
        return f"{unit} is ordered: {other}" if unit.province in known else f"{unit} has no order (it holds)"

    for o in orders:
        if isinstance(o, SupportHold):
            other = order_of(province_of(o.target.loc))
            if isinstance(other, Move):
                warnings.append(f"{o} — but {other.unit} is ordered to move ({other})")
        elif isinstance(o, SupportMove):
            other = order_of(province_of(o.target.loc))
            if other is not None and not (isinstance(other, Move) and province_of(other.dest) == province_of(o.dest)):
                warnings.append(f"{o} — but {doing(other)}")
        elif isinstance(o, Convoy):
            other = order_of(province_of(o.target.loc))
            if other is not None and not (isinstance(other, Move) and province_of(other.dest) == province_of(o.dest)):
                warnings.append(f"{o} — but {doing(other)}")
        elif isinstance(o, Move) and o.unit.type is UnitType.ARMY and o.route is None:
            by_convoy = o.via_convoy or province_of(o.dest) not in board.army_adjacent(o.unit.loc)
            if by_convoy:
                convoys = [c for c in known.values() if isinstance(c, Convoy)
                           and province_of(c.target.loc) == o.unit.province and province_of(c.dest) == province_of(o.dest)]
                if not convoys:
                    warnings.append(f"{o} needs a convoy, and none of the orders you can see convoys it")
    panel = allocation_panel(game, power)
    allocations = allocations_among(game, power, panel, orders) if panel is not None else []
    if panel is not None and allocations:
        # The points are counted here, so a warning comes only when they are overspent (which forfeits them all),
        # not with every allocation.
        spent = sum(points_of(o) for o in allocations)
        if spent > panel.points:
            warnings.append(f"{spent} {panel.title} allocated, {panel.points} this turn: overspent, all of them "
                            "are forfeited")
    warnings += game.variant.draft_warnings(state, power, orders)  # the variant's own (World: unpaid upkeep)
    for o in orders:
        caution = o.caution()  # what the order kind says a player should know (a bid's price)
        if caution and o not in allocations:
            warnings.append(caution)
    railway = [o for o in orders if isinstance(o, Move) and o.route is not None]
    if len(railway) > 1:
        warnings.append(f"Only one army may ride the railway a turn: {railway[0]} does; "
                        f"{', '.join(str(o) for o in railway[1:])} will be refused and hold")
    guidance = f"{done} of {_plural(len(units), 'unit')} ordered" if units else "No units to order"
    return Review(guidance, done, len(units), tuple(warnings))


def _review_retreats(game: Game, power: str, orders: Sequence[Order]) -> Review:
    dislodged = sorted((d.unit for d in game.state.dislodged.values() if d.unit.power == power), key=lambda u: u.loc)
    ordered = {province_of(o.unit.loc) for o in orders if isinstance(o, (Retreat, Disband))}
    missing = [str(u) for u in dislodged if u.province not in ordered]
    done = len(dislodged) - len(missing)
    warnings = (f"No retreat for {', '.join(missing)}: {'it is' if len(missing) == 1 else 'they are'} disbanded",) if missing else ()
    return Review(f"{done} of {_plural(len(dislodged), 'dislodged unit')} ordered", done, len(dislodged), warnings)


def _review_adjustments(game: Game, power: str, orders: Sequence[Order]) -> Review:
    variant, state = game.variant, game.state
    delta = variant.adjustment_delta(state, power)
    if delta > 0:
        sites = len(variant.build_sites(state, power))
        allowed = min(delta, sites)
        used = sum(1 for o in orders if o.uses_build)  # builds, waives, and a variant's kinds that take one
        guidance = f"Build {allowed}" if used == 0 else f"Build {allowed}: {used} ordered"
        if allowed < delta:
            guidance += f" ({delta} owed, only {_plural(sites, 'free home centre')})"
        warnings = (f"{_plural(allowed - used, 'build')} not used: waived",) if used < allowed else ()
        if used > allowed:  # typed orders can ask for more than clicks allow
            warnings = (f"{used} builds and waives ordered, {allowed} allowed: the last {used - allowed} in the list "
                        "will fail (no builds left)",)
        return Review(guidance, used, allowed, warnings)
    if delta < 0:
        owed = -delta
        used = sum(1 for o in orders if isinstance(o, Disband))
        guidance = f"Remove {owed}" if used == 0 else f"Remove {owed}: {used} ordered"
        warnings = (f"{_plural(owed - used, 'removal')} not ordered: the civil-disorder rule chooses",) if used < owed else ()
        if used > owed:
            warnings = (f"{used} removals ordered, {owed} owed: the last {used - owed} in the list will fail "
                        "(too many removals)",)
        return Review(guidance, used, owed, warnings)
    return Review("No builds or removals", 0, 0)
