"""Helpers for the Engineered Diplomacy tests: a seeded random player that uses every order kind, and the
invariants a position must keep after every phase."""
from __future__ import annotations

import json
import random

from engine.game import Game
from engine.orders import Build, Disband, Move, Order, Waive
from engine.state import GameState
from engine.types import PhaseType, UnitType, province_of
from engine.variants.engineered import Engineered
from engine.variants.engineered_rules.orders import (
    Bid,
    Convert,
    CreateDecoy,
    CreateEngineer,
    DisbandStacked,
    VoteOut,
)
from engine.variants.engineered_rules.stacks import (
    NEUTRAL,
    decoy_provinces,
    dislodged_decoy_provinces,
    stacked_units,
)


def random_orders(variant: Engineered, state: GameState, options: dict[str, dict[str, list[Order]]],
                  power: str, rng: random.Random) -> list[str]:
    per = options.get(power, {})
    ptype = state.phase.type
    chosen: list[Order] = []
    if ptype is PhaseType.MOVEMENT:
        for slot, orders in per.items():
            if slot == "E":
                if rng.random() < 0.9:
                    chosen.append(rng.choice(orders))
                continue
            moves = [o for o in orders if isinstance(o, Move) or type(o).__name__ == "StackedMove"]
            if moves and rng.random() < 0.55:
                chosen.append(rng.choice(moves))
            elif rng.random() < 0.85:
                chosen.append(rng.choice(orders))
        madmen = [u for u in state.units.values() if u.power == NEUTRAL]
        mine = [u for u in state.units_of(power) if u.province not in decoy_provinces(state)]
        if madmen and mine and variant.settings.madman and rng.random() < 0.5:
            target = rng.choice(madmen)
            wanted = rng.choice(options[NEUTRAL][target.loc])
            offered = rng.sample(mine, k=min(len(mine), rng.choice((1, 1, 2))))
            chosen.append(Bid(power, tuple(offered), wanted))
        return [str(o) for o in chosen]
    if ptype is PhaseType.RETREATS:
        return [str(rng.choice(orders)) for orders in per.values() if rng.random() < 0.9]
    delta = variant.adjustment_delta(state, power)
    builds = [slot for slot, orders in per.items() if any(isinstance(o, (Build, Waive)) for o in orders)]
    rng.shuffle(builds)
    for slot in builds[:max(delta, 0)]:
        chosen.append(rng.choice(per[slot]))
    removals = [o for orders in per.values() for o in orders if isinstance(o, Disband)]
    if delta < 0:
        rng.shuffle(removals)
        chosen.extend(removals[:-delta if rng.random() < 0.7 else rng.randrange(0, -delta)])
    for slot, orders in per.items():
        extra = [o for o in orders if isinstance(o, (Convert, CreateDecoy, CreateEngineer, VoteOut))]
        if extra and rng.random() < 0.7:
            chosen.append(rng.choice(extra))
        elif rng.random() < 0.05:
            chosen.extend(o for o in orders if isinstance(o, DisbandStacked))
    return [str(o) for o in chosen]


def play_phase(game: Game, rng: random.Random) -> None:
    variant = game.variant
    assert isinstance(variant, Engineered)
    options = variant.legal_orders(game.state)
    for power in variant.powers:
        lines = random_orders(variant, game.state, options, power, rng)
        checks = game.set_orders(power, lines, ready=True)
        bad = [(c.text, c.error) for c in checks if not c.ok]
        assert not bad, f"{game.phase} {power}: legal options refused: {bad}"
    game.process()


def check_invariants(variant: Engineered, state: GameState) -> None:
    board = variant.board
    settings = variant.settings
    players = set(board.powers) | ({NEUTRAL} if settings.madman else set())
    json.dumps(state.extra)  # save files write it as it is
    for prov, unit in state.units.items():
        assert province_of(unit.loc) == prov
        assert unit.power in players, unit
        assert unit.type in (UnitType.ARMY, UnitType.FLEET, UnitType.FIGHTER), unit
        assert board.can_stand(unit.type, unit.loc), unit
        assert settings.fighters or unit.type is not UnitType.FIGHTER
    assert set(state.centers.values()) <= players
    for prov, d in state.dislodged.items():
        assert d.unit.province == prov
        for r in d.retreats:
            assert province_of(r) not in state.units
    marks = decoy_provinces(state)
    assert marks <= set(state.units), "a decoy mark without a unit"
    assert dislodged_decoy_provinces(state) <= set(state.dislodged)
    assert settings.use_decoys or not marks
    stacks = stacked_units(state)
    phase = state.phase
    for s in stacks:
        assert board.provinces[s.province].is_passable
        assert s.power in players
    if phase.type is PhaseType.RETREATS:
        return
    assert not state.dislodged and not dislodged_decoy_provinces(state)
    by_area: dict[str, list] = {}
    for s in stacks:
        by_area.setdefault(s.province, []).append(s)
    for prov, here in by_area.items():
        kinds = [s.kind for s in here]
        occupant = state.units.get(prov)
        assert kinds.count(UnitType.ENGINEER) <= 1, f"two engineers in {prov} (6a)"
        if UnitType.ENGINEER in kinds:
            assert UnitType.PRISON not in kinds, f"an engineer and a prison in {prov} (6a)"
            engineer = next(s for s in here if s.kind is UnitType.ENGINEER)
            assert occupant is None or occupant.power == engineer.power, f"an uncaptured engineer in {prov} (4a)"
        for s in here:
            if s.kind is UnitType.PRISON:
                assert occupant is not None and occupant.power == s.power, f"{s} without its captor (4c)"
                assert s.origin != s.power
                assert phase.season is not phase.season.SPRING or phase.type is not PhaseType.MOVEMENT, \
                    "prisons last until the spring (4b)"
            if s.kind is UnitType.DECOY:
                assert phase.season is phase.season.SPRING and phase.type is PhaseType.MOVEMENT, \
                    "a decoy stands alone after the spring (8b)"
                assert occupant is not None and occupant == s.disguise
    if phase.type is PhaseType.MOVEMENT and phase.season is phase.season.SPRING:
        for power in board.powers:
            mine = sum(1 for s in stacks if s.kind is UnitType.ENGINEER and s.power == power)
            assert mine <= variant.engineer_allowance(state, power), f"{power} has too many engineers (3d)"
    for power in board.powers:
        view = variant.view_for(state, power)
        assert all(view.units[p].power == power for p in decoy_provinces(view)), "another power's decoy shown"
        assert all(s.power == power for s in stacked_units(view) if s.kind is UnitType.DECOY)
