"""Snapshots of seeded random games, and the order lines of random phases (coherent orders, written in other
notations, illegal ones), shared by the tests that hold a fast path to the general one."""
from __future__ import annotations

import random
import string

from engine.bots import random_orders
from engine.game import Game
from engine.mapdata import MapData
from engine.options import legal_order_objects
from engine.orders import Convoy, Hold, Move, Order, SupportHold, SupportMove
from engine.types import PhaseType, province_of


def snapshots(variant_id: str, seed: int, phases: int, movement_only: bool = False) -> list[Game]:
    """One ``Game`` per phase of a random game of ``phases`` phases (or of its movement phases alone),
    each its own game on that phase's state."""
    rng = random.Random(seed)
    game = Game.new(variant_id)
    out = []
    for _ in range(phases):
        if game.is_over:
            break
        if not movement_only or game.state.phase.type is PhaseType.MOVEMENT:
            out.append(Game(game.variant, game.state))
        for power in game.powers_to_order():
            game.set_orders(power, random_orders(game, power, rng), ready=True)
        game.process()
    return out


def _backs(order: Order, chosen: dict[str, Order]) -> bool:
    """Does the support or convoy ``order`` match the order its unit was given?"""
    if type(order) is SupportHold:
        return type(chosen.get(province_of(order.target.loc))) is not Move
    if isinstance(order, (SupportMove, Convoy)):
        target = chosen.get(province_of(order.target.loc))
        return isinstance(target, Move) and province_of(target.dest) == province_of(order.dest)
    return False


def coherent_orders(game: Game, rng: random.Random) -> dict[str, list[str]]:
    """Moves and holds, then supports and convoys that mostly back them: battles and convoys galore."""
    per_unit = {province_of(loc): options
                for per in legal_order_objects(game.variant, game.state).values() for loc, options in per.items()}
    chosen: dict[str, Order] = {}
    helpers = []
    for prov, options in per_unit.items():
        roll = rng.random()
        moves = [o for o in options if type(o) is Move]
        if roll < 0.5 and moves:
            chosen[prov] = rng.choice(moves)
        elif roll < 0.6:
            chosen[prov] = Hold(game.state.units[prov])
        else:
            helpers.append(prov)
    rng.shuffle(helpers)
    for prov in helpers:
        backing = [o for o in per_unit[prov] if _backs(o, chosen)]
        chosen[prov] = rng.choice(backing) if backing and rng.random() < 0.85 else rng.choice(per_unit[prov])
    orders: dict[str, list[str]] = {}
    for prov, order in chosen.items():
        orders.setdefault(game.state.units[prov].power, []).append(str(order))
    return orders


def other_notation(text: str, board: MapData, rng: random.Random) -> str:
    """The same order as people write it."""
    words = text.split()
    style = rng.randrange(7)
    if style == 0:
        return text.lower()
    if style == 1:
        return text.replace(" - ", "-").title()
    if style == 2:
        return " ".join({"A": "Army", "F": "Fleet", "S": "supports", "C": "convoys", "H": "holds",
                         "-": "->"}.get(w, w) for w in words)
    if style == 3:
        return " ".join(board.provinces[w].name if w in board.provinces else w for w in words)
    if style == 4:
        return " ".join(w for w in words if w not in ("A", "F"))
    if style == 5:
        return "  " + text + " "
    return " ".join({"A": "F", "F": "A"}.get(w, w) for w in words)  # the other unit letters


def illegal_order(game: Game, power: str, rng: random.Random) -> str:
    state, board = game.state, game.variant.board
    own = [u for u in state.units.values() if u.power == power]
    others = [u for u in state.units.values() if u.power != power] or own
    provinces = list(board.provinces)
    unit = rng.choice(own)
    far = rng.choice([p for p in provinces if not board.reaches_province(unit.type, unit.loc, p)])
    empty = rng.choice([p for p in provinces if p not in state.units])
    stranger = rng.choice(others)
    return rng.choice([
        # another power's move (to its own province for an army with nowhere to walk: one on a World island)
        f"{stranger} - {rng.choice(sorted(board.adjacent(stranger.type, stranger.loc)) or [province_of(stranger.loc)])}",
        f"{unit} - {far}", f"{unit} - {far} VIA", f"A {empty} - {rng.choice(provinces)}", f"{rng.choice(others)} H",
        f"{unit} - XYZ", f"{unit} S A {empty}", f"{unit} S {rng.choice(others)} - {far}", f"{unit} R {far}",
        f"{unit} D", f"{unit} C {rng.choice(others)} - {far}", f"{unit} - {province_of(unit.loc)}", "WAIVE", "",
        f"{rng.choice(others)} S {unit}", "".join(rng.choice(string.ascii_letters + " -/") for _ in range(rng.randrange(1, 30))),
    ])


def phase_orders(game: Game, orders: dict[str, list[str]], rng: random.Random) -> dict[str, list[str]]:
    board = game.variant.board
    out: dict[str, list[str]] = {}
    for power, texts in orders.items():
        lines = []
        for text in texts:
            roll = rng.random()
            if roll < 0.10:
                lines.append(illegal_order(game, power, rng))
            elif roll < 0.28:
                lines.append(other_notation(text, board, rng))
            else:
                lines.append(text)
            if rng.random() < 0.03:  # the same unit again: the same order, or another one (DATC 4.D.3)
                lines.append(text if rng.random() < 0.5 else " ".join(text.split()[:2]) + " H")
        out[power] = lines
    return out
