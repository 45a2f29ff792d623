"""One source of legality, for every registered variant: the legal options are exactly what validation accepts.

On random positions of each variant (and of a small test variant whose rule closes provinces): every
offered option validates to itself and its text round-trips (text -> parse -> the same order); every order
of the usual kinds that validation accepts for a unit is among that unit's options; the fast text path
gives the same orders as the typed one. A variant forbids moves in one place, ``Variant.move_permission``,
and the options follow it.
"""
from __future__ import annotations

import random
from typing import ClassVar

import pytest

from engine.bots import play_random_phase
from engine.game import Game
from engine.options import legal_orders_for_state
from engine.state import GameState
from engine.types import OrderError, PhaseType, Season, Unit, UnitType, province_of
from engine.validate import MovePermission
from engine.variants import Variant, find_variant, variant_ids


class FrozenVariant(Variant):
    """Standard, except that in Fall nothing may enter the frozen provinces, and nothing may leave them."""

    id: ClassVar[str] = "test-frozen"
    name: ClassVar[str] = "Frozen provinces (test)"
    aliases: ClassVar[tuple[str, ...]] = ()
    FROZEN: ClassVar[frozenset[str]] = frozenset({"BUR", "NTH", "GAL", "BLA", "TYR"})

    def move_permission(self, state: GameState) -> MovePermission | None:
        if state.phase.season is not Season.FALL:
            return None

        def permit(unit: Unit, dest: str) -> str | None:
            if dest in self.FROZEN:
                return f"{dest} is frozen"
            if unit.province in self.FROZEN:
                return f"{unit} is frozen in {unit.province}"
            return None

        return permit


def _variant(name: str) -> Variant:
    return FrozenVariant() if name == FrozenVariant.id else find_variant(name)


VARIANT_NAMES = [*variant_ids(), FrozenVariant.id]


def _positions(variant: Variant, seed: int, count: int) -> list[GameState]:
    """Positions of a random game of ``variant``: mostly movement phases, some retreats and adjustments."""
    rng = random.Random(seed)
    game = Game(variant, variant.initial_state())
    out = [game.state]
    while len(out) < count and not game.is_over:
        play_random_phase(game, rng)
        if game.state.phase.type is not PhaseType.MOVEMENT or rng.random() < 0.4:
            out.append(game.state)
    return out


def _candidates(variant: Variant, state: GameState, unit: Unit) -> list[str]:
    """Order texts of the usual kinds for ``unit``, legal or not: moves anywhere near, supports of units near
    it to places near it, convoys of armies near it."""
    board = variant.board
    here = province_of(unit.loc)
    dist = board.distances_from([here])

    def locations(within: int) -> list[str]:
        out = []
        for p, d in dist.items():
            if d <= within and board.provinces[p].is_passable:
                out += [p, *board.coast_locations(p)] if board.provinces[p].coasts else [p]
        return out

    near = locations(3)
    texts = [f"{unit} H"]
    for loc in near:
        texts += [f"{unit} - {loc}", f"{unit} - {loc} VIA"]
    if variant.id == "colonial":
        texts += [f"{unit} - {p} VIA TSR" for p in variant.places.route]  # type: ignore[attr-defined]
    close = locations(2)
    for prov, other in state.units.items():
        if prov == here or dist.get(prov, 99) > 3:
            continue
        texts.append(f"{unit} S {other.type.value} {prov}")
        for loc in close:
            texts.append(f"{unit} S {other.type.value} {prov} - {loc}")
            if unit.type is UnitType.FLEET and other.type is UnitType.ARMY:
                texts.append(f"{unit} C A {prov} - {loc}")
    return texts


def _check_position(variant: Variant, state: GameState) -> int:
    """Assert the three properties in ``state``; returns how many options were checked."""
    options = variant.legal_orders(state)
    checked = 0
    for power, per_slot in options.items():
        for slot, orders in per_slot.items():
            for order in orders:
                assert isinstance(order, variant.order_kinds), (type(order), variant.order_kinds)
                assert order.power == power
                text = str(order)
                typed = variant.validate(variant.parse(text), state, power)
                assert typed == order, (str(state.phase), slot, text, typed)
                assert str(typed) == text
                checked += 1
    if state.phase.type is not PhaseType.MOVEMENT:
        return checked
    texts = legal_orders_for_state(variant, state)
    for power, per_slot in options.items():
        typed_texts = {slot: sorted(str(o) for o in orders) for slot, orders in per_slot.items()}
        fast = {slot: sorted(t) for slot, t in texts.get(power, {}).items()}
        assert fast == typed_texts, power
    for unit in state.units.values():
        offered = {str(o) for o in options.get(unit.power, {}).get(unit.loc, ())}
        for text in _candidates(variant, state, unit):
            try:
                typed = variant.validate(variant.parse(text), state, unit.power)
            except OrderError:
                continue
            canonical = str(typed)
            # DATC 4.B.4: a support of a fleet into a two-coast province may omit the coast; the options
            # name the coast.
            if canonical not in offered and any(o.startswith(canonical + "/") for o in offered):
                continue
            assert canonical in offered, (str(state.phase), unit, text, canonical)
    return checked


@pytest.mark.parametrize("name", VARIANT_NAMES)
def test_options_are_what_validation_accepts(name: str) -> None:
    variant = _variant(name)
    checked = 0
    for state in _positions(variant, seed=11, count=5):
        checked += _check_position(variant, state)
    assert checked > 100


def test_a_frozen_province_is_never_offered_and_always_refused() -> None:
    variant = FrozenVariant()
    game = Game(variant, variant.initial_state())
    rng = random.Random(3)
    falls = 0
    while falls < 3 and not game.is_over:
        if game.state.phase.season is Season.FALL and game.state.phase.type is PhaseType.MOVEMENT:
            falls += 1
            _check_position(variant, game.state)
            texts = legal_orders_for_state(variant, game.state)
            for per in texts.values():
                for orders in per.values():
                    for text in orders:
                        parts = text.split(" ")
                        if "-" in parts:  # a move, or a support or convoy of one: its mover and destination
                            i = parts.index("-")
                            assert not {province_of(parts[i - 1]), province_of(parts[i + 1])} & FrozenVariant.FROZEN
                        if parts[2] == "S":  # a supporter acts only where it may go
                            assert province_of(parts[1]) not in FrozenVariant.FROZEN, text
        play_random_phase(game, rng)
    assert falls == 3


def test_a_frozen_move_is_refused_with_the_rules_reason() -> None:
    variant = FrozenVariant()
    spring = variant.initial_state()
    fall = spring.replace(phase=spring.phase._replace(season=Season.FALL))
    paris = variant.parse("A PAR - BUR")
    assert str(variant.validate(paris, spring, "FRANCE")) == "A PAR - BUR"
    with pytest.raises(OrderError, match="BUR is frozen"):
        variant.validate(paris, fall, "FRANCE")
    with pytest.raises(OrderError, match="BUR is frozen"):
        variant.validate(variant.parse("A MAR S A PAR - BUR"), fall, "FRANCE")
    assert "A PAR - BUR" in legal_orders_for_state(variant, spring)["FRANCE"]["PAR"]
    assert "A PAR - BUR" not in legal_orders_for_state(variant, fall)["FRANCE"]["PAR"]
    assert all(str(o) != "A PAR - BUR" for o in variant.legal_orders(fall)["FRANCE"]["PAR"])
    # The game refuses what the options don't offer.
    game = Game(variant, fall)
    [check] = game.set_orders("FRANCE", ["A PAR - BUR"])
    assert not check.ok and "frozen" in (check.error or "")
