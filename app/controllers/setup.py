"""A new game's settings, how they are stored in the game, and orders for powers nobody plays.

The choices live in ``Game.meta`` so a saved game reopens in the same mode:
``{"id", "mode": "hotseat" | "gm", "humans": [...], "bots": {power: strength}, "missing_orders": "hold" | "random"}``.
"""
from __future__ import annotations

import enum
import random
import uuid
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timezone

from engine.game import Game
from engine.seat_bots import BotSeat, bot_seats_from, check_strength
from engine.types import ChancelleryError
from engine.variant_options import OptionSpec
from engine.variants import find_variant

VICTORY_CENTERS = "victory_centers"


class Mode(enum.StrEnum):
    HOTSEAT = "hotseat"  # each power at this machine enters sealed orders in turn
    GM = "gm"  # one operator enters every power's orders (face-to-face game master, sandbox)


class MissingOrders(enum.StrEnum):
    HOLD = "hold"  # civil disorder: units hold, retreats disband, builds are waived, removals by the rule
    RANDOM = "random"  # a random legal order for each power nobody plays here

    @property
    def label(self) -> str:
        return {
            MissingOrders.HOLD: "Civil disorder: units hold, retreats disband",
            MissingOrders.RANDOM: "Random legal orders",
        }[self]


@dataclass(frozen=True, slots=True)
class NewGameSpec:
    variant: str = "standard"
    mode: Mode = Mode.HOTSEAT
    humans: tuple[str, ...] = ()  # powers played at this machine (hot-seat); empty means all
    victory_centers: int | None = None  # None: the variant's own target
    missing_orders: MissingOrders = MissingOrders.HOLD
    title: str = ""
    extra_options: dict[str, object] = field(default_factory=dict)
    bots: dict[str, str] = field(default_factory=dict)  # hot-seat powers a bot plays: power -> strength


def variant_options(variant_id: str) -> tuple[OptionSpec, ...]:
    """The variant's own options for the new-game dialog: its typed specs less the supply-centre count, which
    the dialog asks for with the victory rule (``Variant.option_specs``)."""
    return tuple(s for s in find_variant(variant_id).option_specs if s.name != VICTORY_CENTERS)


def offered_options(variant_id: str) -> tuple[OptionSpec, ...]:
    """Every option a new game of the variant offers (the LAN host's form): the supply-centre count only
    where one decides something (``VictoryRule.centre_option``; World Diplomacy's continents need none)."""
    variant = find_variant(variant_id)
    offered = variant.victory_rule().centre_option is not None
    return tuple(s for s in variant.option_specs if offered or s.name != VICTORY_CENTERS)


def victory_option(variant_id: str, options: Mapping[str, object] | None = None) -> OptionSpec | None:
    """The supply-centre count a new game asks for (range and default from the variant's map, as ``options``
    make it), or ``None`` where no count of centres wins or ends the game."""
    return find_variant(variant_id, options).victory_rule().centre_option


def create_game(spec: NewGameSpec) -> Game:
    """A new game from ``spec``; raises :class:`ChancelleryError` naming a bad choice."""
    variant = find_variant(spec.variant)
    powers = variant.powers
    humans = list(spec.humans) or list(powers)
    unknown = [p for p in humans if p not in powers]
    if unknown:
        raise ChancelleryError(f"unknown power(s) for {variant.name}: {', '.join(unknown)}")
    bots: dict[str, str] = {}
    if spec.mode is Mode.HOTSEAT:
        for power, strength in spec.bots.items():
            if power not in powers:
                raise ChancelleryError(f"unknown power for {variant.name}: {power}")
            if power in spec.humans:
                raise ChancelleryError(f"{power} can't be played both here and by a bot")
            bots[power] = check_strength(strength)
        if not spec.humans:
            humans = [p for p in powers if p not in bots]
        if not humans:
            raise ChancelleryError("a hot-seat game needs at least one power played at this machine")
    options: dict[str, object] = dict(spec.extra_options)
    if spec.victory_centers is not None:
        options[VICTORY_CENTERS] = spec.victory_centers
    meta = {
        "id": uuid.uuid4().hex,
        "mode": spec.mode.value,
        "humans": humans if spec.mode is Mode.HOTSEAT else list(powers),
        "missing_orders": spec.missing_orders.value,
        "bots": bots,
        "created": datetime.now(timezone.utc).isoformat(timespec="seconds"),
    }
    if spec.title:
        meta["title"] = spec.title
    return Game.new(spec.variant, options=options, meta=meta)


def game_mode(game: Game) -> Mode:
    try:
        return Mode(game.meta.get("mode", Mode.GM.value))
    except ValueError:
        return Mode.GM


def human_powers(game: Game) -> list[str]:
    """The powers people play at this machine: all of them unless the game names some. A list naming no power
    of the variant (a damaged or hand-edited file) counts as none named, so that opening the file never plays
    a phase with nobody asked for orders."""
    humans = game.meta.get("humans")
    named = [p for p in game.variant.powers if p in humans] if isinstance(humans, list) else []
    return named or list(game.variant.powers)


def bot_seats(game: Game) -> dict[str, BotSeat]:
    """The powers a bot plays in a hot-seat game (none in GM mode, where the operator enters every order)."""
    if game_mode(game) is not Mode.HOTSEAT:
        return {}
    humans = set(human_powers(game))
    return {p: s for p, s in bot_seats_from(game.meta.get("bots"), game.variant.powers).items() if p not in humans}


def missing_orders_policy(game: Game) -> MissingOrders:
    try:
        return MissingOrders(game.meta.get("missing_orders", MissingOrders.HOLD.value))
    except ValueError:
        return MissingOrders.HOLD


def ensure_game_id(game: Game) -> str:
    """The game's id for its autosave file (older or foreign saves get one now)."""
    gid = game.meta.get("id")
    if not isinstance(gid, str) or not gid.isalnum():
        gid = uuid.uuid4().hex
        game.meta["id"] = gid
    return gid


def fill_missing_orders(game: Game, powers: Sequence[str], rng: random.Random) -> None:
    """Give the powers nobody plays here their orders, by the game's policy (before adjudication)."""
    if missing_orders_policy(game) is not MissingOrders.RANDOM:
        return
    from engine.bots import random_orders  # the bots are needed only here, never before the first paint

    for power in powers:
        if power in game.powers_to_order() and not game.has_submitted(power):
            game.set_orders(power, random_orders(game, power, rng), ready=True)
