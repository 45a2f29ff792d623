"""The EMG rule family as a variant: what Global Diplomacy and Age of Discovery share (rules v1.38).

A turn is one movement phase with everything in it (declarations, adds, moves, supports, retreats): there is
no retreat or adjustment phase (:mod:`.turn`). Commands are read in the seed's two-letter form (``MO 20 19``,
``SA 233 17``, ``DA 3``, ``GA 3 all``, ``AA 16``); the engine's own texts (``A PIC - BEL``) are read too.
"""
from __future__ import annotations

from typing import Any, ClassVar, Mapping, Sequence

from ...hooks import PhaseEnd
from ...order_effects import NO_EFFECT, OrderEffect
from ...order_marks import OrderMark
from ...phases import OrderResult
from ...orders import Hold, Move, Order, RawOrder, tokenize
from ...resolver import MovementResult, Tracer, outcome as settled
from ...state import GameState
from ...types import ChancelleryError, IllegalOrderError, OrderError, OrderSyntaxError, Phase, PhaseType, PositionError, Season, Unit, UnitType, \
    province_of
from ...outcomes import Sight
from ...validate import MovePermission
from ...variant_options import OptionSpec, OptionType
from ..base import AccountPanel, AreaPicking, DraftForm, FormField, MasterPanel, PanelTable, RelationOffer, Variant, \
    VictoryProgress, VictoryRule, reworded
from . import fog
from .orders import (ADD_WORDS, DOWNGRADE, UPGRADE, Add, CallToArms, ConvoyRoute, Declare, Downgrade, EMG_ORDERS,
                     GrantAccess, Remove, DECLARE_ALLIANCE, DECLARE_NEUTRALITY, DECLARE_WAR, Spy, SupportAttack, SupportDefence, Upgrade, UNIT_POINTS, carries)
from .envelope import EmgMail
from .aod_map import area_at, cell_index, coordinates
from .relations import ALLY, NEUTRAL, WAR, relation
from . import client, messages, victory
from .turn import ORDER_TAKEN, TurnResult, entry_rule, owners, play_turn
from .messages import Message
from .victory import VictoryVote

EXTRA_KEYS = frozenset({"relations", "owned", "penalty", "calls", "spied", "known",
                        "votes", "victory", "start_vp", "standing", "ended", "inbox", "mail", "received"})
_RELATION_WORDS = ("da", "dn", "dw")
_UNIT_WORDS = ("uu", "du", "ru")


class EmgVariant(Variant):
    """Shared by the EMG boards; each registers a subclass naming its map."""

    unit_types: ClassVar[tuple[UnitType, ...]] = (UnitType.ARMY, UnitType.FLEET, UnitType.CORPS, UnitType.SQUADRON)
    order_kinds: ClassVar[tuple[type[Order], ...]] = (Hold, Move, *EMG_ORDERS, VictoryVote, Message)
    movement_seasons: ClassVar[tuple[str, ...]] = (Season.SPRING, Season.FALL)
    phase_types: ClassVar[frozenset[PhaseType]] = frozenset({PhaseType.MOVEMENT})
    spies_per_turn: ClassVar[int] = 6  # RG-ORD-19 (Age of Discovery: 12)
    spy_range: ClassVar[int | None] = None  # steps from known areas a spy may go (Age of Discovery: 2)
    remembers_areas: ClassVar[bool] = False  # the map shows every area ever seen (Age of Discovery)
    vote_percent: ClassVar[tuple[int, int]] = victory.VOTE_PERCENT  # RG-ORD-21 (Age of Discovery: RG-AOD-11)

    # --- the calendar: turns only --------------------------------------------------------------------

    def adjusts_after(self, season: str) -> bool:
        return False

    def centers_change_after(self, season: str) -> bool:
        return False  # ownership is the turn's own business (turn.py)

    def needs_adjustments(self, state: GameState) -> bool:
        return False

    def is_first_turn(self, state: GameState) -> bool:
        return state.phase == Phase.parse(self.board.start_phase)

    def winner(self, state: GameState) -> str | None:
        """The sole winner of a game that has ended (the end itself is decided after each turn, ``after_phase``:
        the voted turns or percentage, RG-VIC-2); ``None`` while it goes on or when first place is shared."""
        winners = state.extra.get("ended", {}).get("winners", [])
        return winners[0] if len(winners) == 1 else None

    # --- victory: the options, the votes, the standing (emg/victory.py) ---------------------------------

    @property
    def option_specs(self) -> tuple[OptionSpec, ...]:
        total = len(self.board.supply_centers)
        return (OptionSpec("victory_centers", OptionType.INT, self.board.victory_centers,
                           "Supply centres that end the game",
                           help="A game master's shortcut: a Great Power owning this many supply centres ends the "
                           "game (the highest ranked wins). The rules' own end is the voted turn or percentage.",
                           minimum=1, maximum=total),
                *self.victory_option_specs())

    def victory_option_specs(self) -> tuple[OptionSpec, ...]:
        low, high = self.vote_percent
        return (
            OptionSpec("victory_vote", OptionType.BOOL, True, "Victory conditions voted",
                       help="Each Great Power votes on the first turn (VC) for the game's length and the percentage "
                       "increase that wins; the averages decide, and no one is told them. Off: the length and "
                       "percentage below apply."),
            OptionSpec("victory_turns", OptionType.INT, 25, "Game length in turns",
                       help="When the vote is off, or no Great Power votes.", minimum=victory.VOTE_TURNS[0],
                       maximum=victory.VOTE_TURNS[1]),
            OptionSpec("victory_percent", OptionType.INT, (low + high) // 2, "Percentage increase to win",
                       help="When the vote is off, or no Great Power votes.", minimum=low, maximum=high))

    def victory_rule(self) -> VictoryRule:
        """Won by the greatest increase in victory points when the game ends (RG-VIC-2); the supply-centre
        count only ends it, and by default needs every centre."""
        if self.options.get("victory_vote", True):
            ends = ("It ends after the number of turns the Great Powers vote for on the first turn, or when one's "
                    "points have grown by the voted percentage (both kept secret)")
        else:
            turns = int(self.options.get("victory_turns", 25))
            percent = int(self.options.get("victory_percent", sum(self.vote_percent) // 2))
            ends = f"It ends after {turns} turns, or when a Great Power's points have grown by {percent}%"
        total = len(self.board.supply_centers)
        count = self.victory_centers
        shortcut = (f"; a Great Power owning {count} of the {total} supply centres also ends it" if count < total
                    else f"; a Great Power owning all {total} supply centres also ends it")
        spec = next((s for s in self.option_specs if s.name == "victory_centers"), None)
        return VictoryRule("The Great Power with the greatest percentage increase in victory points when the game "
                           f"ends wins (first place shared: a draw). {ends}{shortcut}.", spec)

    def victory_progress(self, state: GameState) -> dict[str, VictoryProgress] | None:
        """None shown: what wins, the increase in victory points, is secret until the game ends (RG-VIC-1)."""
        return None

    def victory_conditions(self, state: GameState) -> dict[str, float | int]:
        """The game's conditions: as voted on the first turn, else the options' length and percentage."""
        return dict(state.extra.get("victory") or {"turns": int(self.options.get("victory_turns", 25)),
                                                   "percent": int(self.options.get("victory_percent",
                                                                                   sum(self.vote_percent) // 2))})

    def victory_terms(self, state: GameState) -> tuple[float, int]:
        """The % increase that wins and the turns left to play from ``state`` (the report's "doing VERY WELL"
        news, RG-REP-4)."""
        conditions = self.victory_conditions(state)
        return float(conditions["percent"]), max(0, int(conditions["turns"]) - self.turn_number(state) + 1)

    def turn_number(self, state: GameState) -> int:
        return victory.turn_number(self.board, self.movement_seasons, state.phase)

    def _standing_state(self, state: GameState, start: GameState) -> GameState:
        """``state`` with its victory points' base (from ``start`` when it has none) and its standing."""
        extra = dict(state.extra)
        base = extra.get("start_vp") or {p: round(v, 2) for p, v in
                                          victory.all_victory_points(self.board, start).items()}
        extra["start_vp"] = base
        extra["standing"] = victory.standing(self.board, state, base)
        return state.replace(extra=extra)

    def _settle_victory(self, before: GameState, after: GameState, submitted: Mapping[str, Sequence[Order]]
                        ) -> tuple[GameState, tuple[str, ...] | None]:
        """After a turn: the first turn's votes and their averages, each power's standing, and whether the
        game ends (RG-VIC-1/2)."""
        after = self._standing_state(after, before)
        extra = dict(after.extra)
        if self.is_first_turn(before):
            votes = victory.votes_of(submitted)
            if votes:
                extra["votes"] = votes
            if "victory" not in extra:
                fixed = self.victory_conditions(before)
                extra["victory"] = victory.averaged(votes.values() if self.options.get("victory_vote", True) else (),
                                                    int(fixed["turns"]), int(fixed["percent"]))
        conditions = self.victory_conditions(after.replace(extra=extra))
        centres = {p: 0 for p in self.board.powers}
        for power in after.centers.values():
            centres[power] = centres.get(power, 0) + 1
        rich = next((p for p, n in sorted(centres.items()) if n >= self.victory_centers), None)
        ended = victory.game_end(extra["standing"], conditions, self.turn_number(before), rich)
        if ended is not None:
            extra["ended"] = ended
        return after.replace(extra=extra), tuple(ended["winners"]) if ended is not None else None

    # --- the position ---------------------------------------------------------------------------------

    def check_extra(self, state: GameState) -> None:
        unknown = set(state.extra) - EXTRA_KEYS
        if unknown:
            raise PositionError("extra", f"{self.name} keeps {sorted(EXTRA_KEYS)}, not {sorted(unknown)}")
        powers = set(self.board.powers)
        for key, rel in state.extra.get("relations", {}).items():
            pair = str(key).split()
            if len(pair) != 2 or not set(pair) <= powers or rel not in ("ally", "war"):
                raise PositionError("extra", f"relations: {key!r}: {rel!r} is not 'POWER POWER': ally|war")
        for area, power in state.extra.get("owned", {}).items():
            if area not in self.board.provinces or power not in powers:
                raise PositionError("extra", f"owned: {area!r} by {power!r} names no area or power of the board")
        problem = victory.check_victory_extra(state.extra, powers) or messages.check_inbox(state.extra, powers)
        if problem is not None:
            raise PositionError("extra", problem)
        for key in ("spied", "known"):
            for power, areas in state.extra.get(key, {}).items():
                if power not in powers or not isinstance(areas, list) \
                        or any(a not in self.board.provinces for a in areas):
                    raise PositionError("extra", f"{key}: {power!r}: {areas!r} is not a Great Power's list of areas")

    def request_extra(self, state: GameState) -> dict[str, Any]:
        return {k: v for k, v in state.extra.items() if k in EXTRA_KEYS}

    def initial_state(self) -> GameState:
        state = super().initial_state()
        homes = self.board.extra.get("home_areas", {})
        owned = {a: p for p, areas in homes.items() for a in areas if a not in self.board.supply_centers}
        state = state.replace(extra={"owned": owned} if owned else {})
        return self._standing_state(state, state)

    # --- reading and checking commands ----------------------------------------------------------------

    def power_code(self, token: str) -> str:
        """A Great Power by id, name or number (1 = the first in alphabetical order, as the seed numbers them)."""
        ids = sorted(self.board.powers)
        if token.isdigit() and 1 <= int(token) <= len(ids):
            return ids[int(token) - 1]
        for pid, info in self.board.powers.items():
            if token.upper() == pid or token.lower() == info.name.lower():
                return pid
        raise OrderSyntaxError(f"no Great Power {token!r}")

    def _area(self, token: str, text: str) -> str:
        code = self.board.lookup(token)
        if code is None:
            raise OrderSyntaxError(f"unknown area {token!r} in {text.strip()!r}")
        return code

    def _spy_target(self, token: str, text: str) -> str:
        """A spy's target: an area id or name, or on a board with per-player coordinates four digits X Y
        (``0201`` = X 2 Y 1, RG-AOD-7), kept as ``@0201`` until the power is known (``validate``)."""
        if "origins" in self.board.extra and len(token) == 4 and token.isdigit():
            return "@" + token
        return self._area(token, text)

    def parse(self, text: str) -> RawOrder:
        said = messages.COMMAND.match(text) if isinstance(text, str) else None
        if said is not None:  # the message's words are kept as written: not tokenized
            addressee = messages.EVERYONE if said.group(1).lower() in ("all", "0") else self.power_code(said.group(1))
            return RawOrder("emg_me", route=f"{addressee} {said.group(2) or ''}", text=text)
        tokens = tokenize(text, self.board) if isinstance(text, str) else []
        if len(tokens) >= 2 and tokens[1] == ":":
            tokens = tokens[2:]
        if not tokens:
            return super().parse(text)
        word, rest = tokens[0], [t for t in tokens[1:] if t != "-"]
        if word == "mo" and len(rest) == 2:
            return RawOrder("move", None, self._area(rest[0], text), dest=self._area(rest[1], text), text=text)
        if word == "sa" and len(rest) in (2, 3):
            gp = self.power_code(rest[2]) if len(rest) == 3 else None
            return RawOrder("emg_sa", None, self._area(rest[0], text), dest=self._area(rest[1], text), route=gp,
                            text=text)
        if word == "sd" and len(rest) == 2:
            return RawOrder("emg_sd", None, self._area(rest[0], text), dest=self._area(rest[1], text), text=text)
        if word in _RELATION_WORDS and rest:  # one Great Power or several (RG-ORD-12)
            return RawOrder("emg_" + word, route=" ".join(self.power_code(t) for t in rest), text=text)
        if word == "vc" and len(rest) == 2 and all(t.isdigit() for t in rest):
            return RawOrder("emg_vc", route=" ".join(rest), text=text)
        if word == "ga" and rest:
            areas = [] if rest[1:] in ([], ["all"], ["0"]) else [self._area(t, text) for t in rest[1:]]
            return RawOrder("emg_ga", route=" ".join([self.power_code(rest[0]), *areas]), text=text)
        if word == "ca" and len(rest) == 2:
            return RawOrder("emg_ca", route=f"{self.power_code(rest[0])} {self.power_code(rest[1])}", text=text)
        if word == "co" and len(rest) >= 3:
            places = [self._area(t, text) for t in rest]
            return RawOrder("emg_co", None, places[0], dest=places[-1], route=" ".join(places[1:-1]), text=text)
        if word == "sp" and rest:
            return RawOrder("emg_sp", route=" ".join(self._spy_target(t, text) for t in rest), text=text)
        if word.upper() in ADD_WORDS and len(rest) == 1:
            return RawOrder("emg_add", ADD_WORDS[word.upper()], self._area(rest[0], text), text=text)
        if word in _UNIT_WORDS and len(rest) == 1:
            return RawOrder("emg_" + word, None, self._area(rest[0], text), text=text)
        if word == "vc":
            raise OrderSyntaxError("VC takes the game's length in turns and the percentage increase: VC 20 400")
        if word == "me":
            raise OrderSyntaxError("ME takes a Great Power (or all) and the message: ME 3 Hello there")
        if word in _RELATION_WORDS:
            raise OrderSyntaxError(f"{word.upper()} names one Great Power or several: {word.upper()} 3 10")
        return super().parse(text)

    def validate(self, raw: RawOrder, state: GameState, power: str | None) -> Order:
        if state.phase.type is not PhaseType.MOVEMENT:
            raise IllegalOrderError(f"{self.name} has only turns of movement")
        kind = raw.kind
        if kind in ("emg_vc", "emg_me"):
            if power is None:
                raise IllegalOrderError("say which Great Power gives this command")
            return self._vote(raw, state, power) if kind == "emg_vc" else self._message(raw, power)
        if kind == "emg_sp":
            if power is None:
                raise IllegalOrderError("say which Great Power sends the spies")
            return self._spies(power, tuple(dict.fromkeys((raw.route or "").split())), state)
        if kind in ("emg_da", "emg_dn", "emg_dw", "emg_ga", "emg_ca", "emg_add"):
            if power is None:
                raise IllegalOrderError("say which Great Power gives this command")
            if kind == "emg_add":
                return self._add(raw, state, power)
            targets = (raw.route or "").split()
            if kind == "emg_ga":
                return GrantAccess(power, targets[0], tuple(targets[1:]))
            if kind == "emg_ca":
                return CallToArms(power, targets[0], targets[1])
            named = tuple(dict.fromkeys(targets))
            if power in named:
                raise IllegalOrderError("a Great Power has no relations with itself")
            return Declare(power, kind[4:].upper(), named[0], named[1:])
        if kind == "hold":
            return Hold(self._own_unit(raw, state, power))
        if kind == "move":
            unit = self._own_unit(raw, state, power)
            dest = province_of(raw.dest or "")
            self._reach(unit, dest)
            return Move(unit, dest)
        if kind == "emg_sa":
            unit = self._own_unit(raw, state, power)
            dest = province_of(raw.dest or "")
            self._reach(unit, dest)
            return SupportAttack(unit, dest, raw.route if raw.route != unit.power else None)
        if kind == "emg_sd":
            unit = self._own_unit(raw, state, power)
            area = province_of(raw.dest or "")
            self._reach(unit, area)
            if area not in state.units and area not in state.centers:
                # An empty centre may get a unit added this turn, which may be supported (5.32 tip).
                raise IllegalOrderError(f"no unit in {area}: an empty area can't be supported")
            return SupportDefence(unit, area)
        if kind == "emg_co":
            return self._convoy(self._own_unit(raw, state, power), tuple((raw.route or "").split()),
                                province_of(raw.dest or ""), state)
        if kind in ("emg_uu", "emg_du", "emg_ru"):
            unit = self._own_unit(raw, state, power)
            if kind == "emg_uu":
                if unit.type not in UPGRADE:
                    raise IllegalOrderError(f"{unit} has two points already")
                if state.centers.get(province_of(unit.loc)) != unit.power:
                    raise IllegalOrderError(f"{unit} is not on a supply centre of its own")
                return Upgrade(unit)
            if kind == "emg_du":
                if unit.type not in DOWNGRADE:
                    raise IllegalOrderError(f"{unit} has one point: remove it instead")
                return Downgrade(unit)
            return Remove(unit)
        raise IllegalOrderError(f"{raw.text.strip() or kind}: {self.name} commands are MO, SA, SD, CO, DA, DN, DW, GA, "
                                "CA, AA, AC, AF, AS, UU, DU, RU, SP, ME and VC")

    def _vote(self, raw: RawOrder, state: GameState, power: str) -> VictoryVote:
        """RG-ORD-21: ``VC turns percent``, on the first turn only, within the rules' ranges."""
        if not self.is_first_turn(state):
            raise IllegalOrderError("victory conditions are voted on the first turn only")
        if not self.options.get("victory_vote", True):
            raise IllegalOrderError("this game's victory conditions were set by its game master: no vote")
        turns, percent = (int(t) for t in (raw.route or "0 0").split())
        (t_low, t_high), (p_low, p_high) = victory.VOTE_TURNS, self.vote_percent
        if not t_low <= turns <= t_high:
            raise IllegalOrderError(f"a game lasts {t_low} to {t_high} turns, not {turns}")
        if not p_low <= percent <= p_high:
            raise IllegalOrderError(f"the increase to win is {p_low} to {p_high}%, not {percent}")
        return VictoryVote(power, turns, percent)

    def _message(self, raw: RawOrder, power: str) -> Message:
        """RG-ORD-15: ``ME GP text`` (``GP`` all or 0: every other Great Power), at most 45 characters."""
        to, _, body = (raw.route or "").partition(" ")
        if to == power:
            raise IllegalOrderError("a message to oneself is a note, not a message")
        return Message(power, to, messages.checked_text(body))

    def _own_unit(self, raw: RawOrder, state: GameState, power: str | None) -> Unit:
        area = province_of(raw.loc or "")
        unit = state.units.get(area)
        if unit is None:
            raise IllegalOrderError(f"no unit in {area}")
        if power is not None and unit.power != power:
            raise IllegalOrderError(f"the unit in {area} belongs to {unit.power}, not {power}")
        if raw.unit_type is not None and raw.unit_type is not unit.type:
            raise IllegalOrderError(f"the unit in {area} is {unit}")
        return unit

    def _reach(self, unit: Unit, area: str) -> None:
        """Moves and supports reach adjacent areas by the unit's kind (RG-UNI-2/5, RG-SUP-1/3/4)."""
        if area not in self.board.provinces:
            raise IllegalOrderError(f"unknown area {area}")
        if not self.board.reaches_province(unit.type, unit.loc, area):
            raise IllegalOrderError(f"{unit} can't reach {area}")

    def _convoy(self, unit: Unit, seas: tuple[str, ...], dest: str, state: GameState) -> ConvoyRoute:
        """RG-ORD-8..10: a land unit on a coast, carried sea by sea (never along a coast or across a coastal
        area) by its power's own naval units able to carry it, to a coastal area."""
        board = self.board
        if unit.type not in (UnitType.ARMY, UnitType.CORPS):
            raise IllegalOrderError(f"only armies and corps are convoyed, not {unit}")
        if not seas:
            raise IllegalOrderError("a convoy crosses at least one sea area")
        for sea in seas:
            if not board.provinces[sea].is_sea:
                raise IllegalOrderError(f"{sea} is not a sea area: convoys never pass along coasts")
            carrier = state.units.get(sea)
            if carrier is None or carrier.power != unit.power:
                raise IllegalOrderError(f"no naval unit of {unit.power} in {sea} to carry {unit}")
            if not carries(carrier.type, unit.type):
                raise IllegalOrderError(f"{carrier} can't carry {unit}: squadrons carry corps only")
        if not board.provinces[dest].is_coastal or dest == province_of(unit.loc):
            raise IllegalOrderError(f"a convoy lands on another coastal area, not {dest}")
        stops = (province_of(unit.loc), *seas, dest)
        for a, b in zip(stops, stops[1:]):
            if b not in {province_of(x) for x in board.fleet_adjacent(a)}:
                raise IllegalOrderError(f"{a} and {b} are not adjacent by sea")
        return ConvoyRoute(unit, seas, dest)

    def _spies(self, power: str, targets: tuple[str, ...], state: GameState) -> Spy:
        areas = tuple(dict.fromkeys(self._spy_area(power, t) for t in targets))
        if len(areas) > self.spies_per_turn:
            raise IllegalOrderError(f"at most {self.spies_per_turn} spies a turn, not {len(areas)}")
        if self.spy_range is not None:
            known = set(state.extra.get("known", {}).get(power, ())) | self.visible_areas(state, power)
            far = [a for a in areas if not self._near(a, known, self.spy_range)]
            if far:
                raise IllegalOrderError(f"spies go at most {self.spy_range} areas beyond what "
                                        f"{power} knows: {', '.join(far)} is too far")
        return Spy(power, areas)

    def _near(self, area: str, known: set[str], steps: int) -> bool:
        """Is ``area`` at most ``steps`` areas from one of ``known``? (Searched from the area: a spy's few
        targets are cheaper to walk out from than everything a power knows.)"""
        seen, ring = {area}, {area}
        for _ in range(steps):
            if seen & known:
                return True
            ring = {b for a in ring for b in self.board.any_adjacent(a)} - seen
            seen |= ring
        return bool(seen & known)

    def _spy_area(self, power: str, target: str) -> str:
        if not target.startswith("@"):
            return target
        if power not in self.board.extra["origins"]:
            raise IllegalOrderError(f"{power} has no coordinates on this map")
        x, y = int(target[1:3]), int(target[3:5])
        index = self.__dict__.get("_cell_index")
        if index is None:
            index = self.__dict__["_cell_index"] = cell_index(self.board.extra)
        area = area_at(self.board.extra, power, x, y, index)
        if area is None:
            raise IllegalOrderError(f"no area at X {x} Y {y}")
        return area

    def _add(self, raw: RawOrder, state: GameState, power: str) -> Add:
        area = province_of(raw.loc or "")
        assert raw.unit_type is not None
        if not self.board.can_stand(raw.unit_type, area):
            raise IllegalOrderError(f"a {raw.unit_type.name.lower()} can't stand in {area}")
        if state.centers.get(area) != power:
            raise IllegalOrderError(f"{area} is not a supply centre of {power}")
        if area in state.units:
            raise IllegalOrderError(f"{area} is not empty")
        return Add(Unit(power, raw.unit_type, area))

    def move_permission(self, state: GameState) -> MovePermission | None:
        """None at the start of a turn: declarations and grants of the same turn change where a unit may go
        (declare war and attack at once, RG-REL-6), so the seed judges entry when the turn is played and a
        move it forbids "fails" (RG-MOV-2). :meth:`entry_permission` is that rule for a given set of grants."""
        return None

    def entry_permission(self, state: GameState, grants: Mapping[tuple[str, str], frozenset[str]]) -> MovePermission:
        """Where units may go under ``state``'s relations and these grants (``turn.entry_rule``)."""
        return entry_rule(self.board, owners(state), state.extra.get("relations", {}), grants)

    # --- what the commands do, for the bots ---------------------------------------------------------------

    def order_effect(self, order: Order) -> OrderEffect:
        """Adds and upgrades put units on the board; a move is a move. Supports name an area, not a unit, so
        they are left undescribed (a bot doesn't give them) until bots can read a position's supports."""
        if isinstance(order, Add):
            return OrderEffect(adds=(order.unit,))
        if isinstance(order, Upgrade):
            return OrderEffect(removes=(order.unit,), adds=(Unit(order.unit.power, UPGRADE[order.unit.type],
                                                                 order.unit.loc),))
        if isinstance(order, (Hold, Move)):
            return super().order_effect(order)
        return NO_EFFECT

    # --- options ----------------------------------------------------------------------------------------

    def legal_orders(self, state: GameState) -> dict[str, dict[str, list[Order]]]:
        out: dict[str, dict[str, list[Order]]] = {}
        if state.phase.type is not PhaseType.MOVEMENT:
            return out
        for prov, unit in state.units.items():
            options: list[Order] = [Hold(unit)]
            for area in sorted({province_of(x) for x in self.board.adjacent(unit.type, unit.loc)}):
                options.append(Move(unit, area))
                options.append(SupportAttack(unit, area))
                if area in state.units:
                    options.append(SupportDefence(unit, area))
            if unit.type in UPGRADE and state.centers.get(prov) == unit.power:
                options.append(Upgrade(unit))
            out.setdefault(unit.power, {})[prov] = options
        for area, power in state.centers.items():
            if area in state.units:
                continue
            adds: list[Order] = [Add(Unit(power, k, area)) for k in ADD_WORDS.values() if self.board.can_stand(k, area)]
            if adds:
                out.setdefault(power, {})[area] = adds
        client.more_unit_options(self.board, state, out)
        return out

    # --- the turn -----------------------------------------------------------------------------------------

    def adjudicate_movement(self, state: GameState, orders: Mapping[str, Order],
                            tracer: Tracer | None = None) -> MovementResult:
        result = play_turn(self.board, state, orders, self.is_first_turn(state), tracer)
        for slot, order in orders.items():
            if isinstance(order, VictoryVote):
                result.outcomes[slot] = settled(True, ORDER_TAKEN, what="vote counted")
            elif isinstance(order, Message):
                to = "every Great Power" if order.to == messages.EVERYONE else order.to
                result.outcomes[slot] = settled(True, ORDER_TAKEN, what=f"delivered to {to} without your name")
        return result

    def after_phase(self, before: GameState, after: GameState, submitted: Mapping[str, Sequence[Order]],
                    outcome: MovementResult | None) -> PhaseEnd:
        if isinstance(outcome, TurnResult) and outcome.next_state is not None:
            state = self._remember(before, outcome.next_state, submitted)
            extra = dict(state.extra)
            extra.pop("inbox", None)  # last turn's messages were read with last turn's results
            inbox = messages.inboxes(submitted, sorted(self.board.powers))
            if inbox:
                extra["inbox"] = inbox
            mail = messages.mail_of(submitted, self.turn_number(before))
            if mail:  # kept for the whole game: each recipient reads its own again, the game master all
                extra["mail"] = [*before.extra.get("mail", []), *mail]
            state, over = self._settle_victory(before, state.replace(extra=extra), submitted)
            return PhaseEnd(state, notes=tuple(outcome.notes), game_over=over)
        return PhaseEnd(after)

    def _remember(self, before: GameState, after: GameState, submitted: Mapping[str, Sequence[Order]]) -> GameState:
        """This turn's spied areas (seen in this turn's report only), and with ``remembers_areas`` every area
        each power has seen so far (RG-AOD-3)."""
        extra = dict(after.extra)
        spied = {power: sorted({a for o in orders if isinstance(o, Spy) for a in o.areas})
                 for power, orders in submitted.items()}
        spied = {p: areas for p, areas in sorted(spied.items()) if areas}
        extra.pop("spied", None)
        if spied:
            extra["spied"] = spied
        if self.remembers_areas:
            extra["known"] = fog.remember(self.board, before, after, spied, self._area_key)
        return after.replace(extra=extra)

    def _area_key(self, area: str) -> tuple[int, str]:
        number = self.board.provinces[area].number
        return (number if number is not None else 10**6, area)

    # --- what the board and side panels show --------------------------------------------------------

    def owned_areas(self, state: GameState) -> Mapping[str, str]:
        return dict(state.extra.get("owned", {}))

    def relations_panel(self, state: GameState) -> tuple[tuple[str, str, str], ...] | None:
        rels = state.extra.get("relations", {})
        powers = sorted(self.board.powers)
        return tuple((a, b, relation(rels, a, b)) for i, a in enumerate(powers) for b in powers[i + 1:])

    def relation_orders(self, state: GameState, power: str) -> Mapping[str, tuple[RelationOffer, ...]]:
        return client.relation_orders(self.board, state, power, self.is_first_turn(state), self.power_name)

    def relation_order_target(self, order: Order) -> str | None:
        return client.relation_target(order)

    def relation_order_targets(self, order: Order) -> tuple[str, ...]:
        return client.relation_targets(order)

    def relation_order_without(self, order: Order, power: str) -> Order | None:
        return client.relation_without(order, power)

    def draft_options(self, state: GameState, power: str, options: Sequence[Order],
                      drafted: Sequence[Order]) -> tuple[Order, ...]:
        return client.drafted_supports(state, power, options, drafted)

    def relation_notes(self, state: GameState, power: str) -> tuple[str, ...]:
        return client.relation_notes(state, power, self.power_name)

    def area_picks(self, state: GameState, power: str) -> tuple[AreaPicking, ...]:
        known = frozenset(state.extra.get("known", {}).get(power, ())) | self.visible_areas(state, power)
        reach = client.spy_reach(self.board, known, self.spy_range)
        return client.area_picks(self.board, state, power, self.spies_per_turn, reach, self.power_name)

    def area_pick_order(self, state: GameState, power: str, key: str, areas: Sequence[str]) -> Order | None:
        return client.area_pick_order(power, key, areas)

    def picked_areas(self, order: Order) -> tuple[str, ...]:
        return client.picked_areas(order)

    def order_marks(self, order: Order, *, failed: bool = False, phase_type: PhaseType | None = None,
                    results: Sequence[OrderResult] | None = None) -> tuple[OrderMark, ...]:
        marks = client.order_marks(order, failed)
        return marks if marks is not None else super().order_marks(order, failed=failed, phase_type=phase_type,
                                                                    results=results)

    def order_mark_notes(self) -> tuple[tuple[str, str], ...]:
        return client.MARK_NOTES

    def unit_badge(self, unit: Unit) -> str | None:
        return client.unit_badge(unit.type, UNIT_POINTS)

    def unit_badge_note(self) -> str | None:
        return "A unit's points: army and fleet 2, corps and squadron 1"

    def pending_declarations(self, orders: Sequence[Order], power: str) -> tuple[tuple[str, str], ...]:
        asked = {DECLARE_ALLIANCE: ALLY, DECLARE_NEUTRALITY: NEUTRAL, DECLARE_WAR: WAR}
        return tuple((target, asked.get(o.what, o.what)) for o in orders
                     if isinstance(o, Declare) and o.power == power for target in o.targets)

    def account_panel(self, state: GameState, power: str) -> AccountPanel | None:
        """A power's standing and messages, from its own view: its victory points, increase and rank, the
        first four (whom the news name), its vote, this turn's anonymous messages; the forms for the first
        turn's vote (VC) and for a message (ME)."""
        if power not in self.board.powers:
            return None
        view = self.view_for(state, power)
        names = self.power_name
        lines: list[tuple[str, str]] = [("Turn", str(self.turn_number(state)))]
        mine = view.extra.get("standing", {}).get(power)
        if mine is not None and "vp" in mine:
            lines += [("Victory points", f"{mine['vp']:g}"), ("Increase since the start", f"{mine['percent']:+.1f}%"),
                      ("Rank", f"{mine['rank']} of {len(self.board.powers)}")]
        top = victory.leaders(view.extra.get("standing", {}))
        if top:
            lines.append(("Doing very well", ", ".join(names(p) for p in top)))
        vote = view.extra.get("votes", {}).get(power)
        if vote is not None:
            lines.append(("Your victory vote", f"{vote[0]} turns, {vote[1]}%"))
        ended = view.extra.get("ended")
        if ended is not None:
            lines.append(("Game over", f"{' and '.join(names(p) for p in ended['winners'])} ranked first: "
                                       f"{ended['why']}"))
        now = view.extra.get("inbox", {}).get(power, ())
        got = view.extra.get("received", {}).get(power, ())
        if got:
            lines.append(("Anonymous messages", f"{len(now)} with last turn's results, {len(got)} in all"))
        log = tuple((f"Turn {turn}", text) for turn, text in got)
        forms: list[DraftForm] = []
        if self.is_first_turn(state) and self.options.get("victory_vote", True):
            low, high = self.vote_percent
            forms.append(DraftForm("vote", "Victory conditions (VC)", (
                FormField("turns", "Game length in turns", "number", minimum=victory.VOTE_TURNS[0],
                          maximum=victory.VOTE_TURNS[1]),
                FormField("percent", "Percentage increase to win", "number", minimum=low, maximum=high)),
                note="First turn only. The averages of every Great Power's votes decide; no one is told them."))
        others = tuple((p, names(p)) for p in sorted(self.board.powers, key=names) if p != power)
        forms.append(DraftForm("message", "Anonymous message (ME)", (
            FormField("to", "To", "choice", choices=((messages.EVERYONE, "Every Great Power"), *others)),
            FormField("text", "Message", "text", maximum=messages.MESSAGE_LENGTH)),
            note=f"Delivered with this turn's results; the recipient is not told who sent it. "
                 f"Longer than {messages.MESSAGE_LENGTH} characters: sent as several messages."))
        return AccountPanel("Standing and messages", tuple(lines), tuple(forms), (VictoryVote, Message), log)

    def game_master_panel(self, state: GameState) -> MasterPanel | None:
        """Every power's victory points, increase, rank and vote, the conditions the votes made, and every
        anonymous message with its sender, turn by turn (the players see only their own, RG-ORD-15)."""
        names = self.power_name
        lines = state.extra.get("standing") or victory.standing(self.board, state, state.extra.get("start_vp", {}))
        votes = state.extra.get("votes", {})
        order = sorted(lines, key=lambda p: (int(lines[p]["rank"]), names(p)))
        rows = tuple((names(p), f"{lines[p]['vp']:g}", f"{lines[p]['percent']:+.1f}%", str(lines[p]["rank"]),
                      f"{votes[p][0]} turns, {votes[p][1]}%" if p in votes else "—") for p in order)
        conditions = self.victory_conditions(state)
        how = "the averaged votes" if "victory" in state.extra and votes else \
            "the game's options" + ("" if "victory" in state.extra else " until the first turn's votes are in")
        note = (f"Turn {self.turn_number(state)}. The game ends after {conditions['turns']} turns or at a "
                f"{conditions['percent']:g}% increase ({how}); the powers are not told.")
        ended = state.extra.get("ended")
        if ended is not None:
            note += f" Game over: {' and '.join(names(p) for p in ended['winners'])} ranked first ({ended['why']})."
        standings = PanelTable("Standings", ("Great Power", "Victory points", "Increase", "Rank", "Vote"), rows, note)
        mail = tuple((str(turn), names(sender), "every Great Power" if to == messages.EVERYONE else names(to), text)
                     for turn, sender, to, text in state.extra.get("mail", []))
        letters = PanelTable("Anonymous messages", ("Turn", "From", "To", "Message"), mail,
                             "The recipients never see who sent them; this turn's are sealed orders until it is "
                             "played.")
        return MasterPanel("Game master", (standings, letters))

    def account_order(self, state: GameState, power: str, form: str, values: Mapping[str, str]) -> str:
        """The vote's line, or the message's lines (one per 45-character piece)."""
        if form == "vote":
            turns, percent = values.get("turns", "").strip(), values.get("percent", "").strip()
            if not (turns.isdigit() and percent.isdigit()):
                raise ChancelleryError("the vote needs a number of turns and a percentage")
            return f"VC {turns} {percent}"
        if form == "message":
            to, text = values.get("to", "").strip(), values.get("text", "")
            if not to:
                raise ChancelleryError("say whom the message is for")
            parts = messages.pieces(text)
            if not parts:
                raise ChancelleryError("the message has no text")
            return "\n".join(f"ME {to} {part}" for part in parts)
        return super().account_order(state, power, form, values)

    def leader_line(self, state: GameState) -> str | None:
        """The first four, as the rules' news name them (public: no points or percentages)."""
        ended = state.extra.get("ended")
        if ended is not None:
            return f"Game over: {' and '.join(self.power_name(p) for p in ended['winners'])} ranked first"
        top = victory.leaders(state.extra.get("standing", {}))
        if not top or self.is_first_turn(state):  # at the start everyone is first
            return None
        return "Doing very well: " + ", ".join(self.power_name(p) for p in top)

    # --- the turn report (emg/report.py) ----------------------------------------------------------------

    def turn_report(self, states: Sequence[GameState], index: int, results: Sequence[Any],
                    viewer: str | None) -> str | None:
        """The EMG report (RG-REP, RG-AOD-3): highlights, areas, relations, news, results, commands, map."""
        from .report import Turn, turn_report

        return turn_report(self, Turn(states[0], states[index], states[index + 1], results), viewer)

    def mail_format(self) -> EmgMail:
        return EmgMail(self.board)  # the EMGSTART … EMGEND envelope (9.0, emg/envelope.py)

    # --- fog of war (emg/fog.py) --------------------------------------------------------------------

    def visible_areas(self, state: GameState, power: str) -> frozenset[str]:
        """The areas ``power`` sees (RG-REP-2, RG-AOD-3): those it owns or holds a unit in, and their
        neighbours (its "areas of interest")."""
        return fog.visible_areas(self.board, state, power)

    def seen_areas(self, state: GameState, power: str | None) -> frozenset[str] | None:
        if power is None:
            return None
        if power not in self.board.powers:
            return frozenset()
        return fog.seen_areas(self.board, state, power)

    def area_labels(self, power: str | None) -> Mapping[str, str]:
        """On a board with per-player coordinates (RG-AOD-5): each area's id and its X Y name for ``power``
        (``81 0302``), so a player reads the names it writes spy targets in."""
        extra = self.board.extra
        if power is None or power not in extra.get("origins", {}):
            return {}
        made: dict[str, dict[str, str]] = self.__dict__.setdefault("_area_labels", {})
        cached = made.get(power)
        if cached is None:
            cached = made[power] = {
                a: "{} {:02d}{:02d}".format(a, *coordinates(extra, power, a)) for a in self.board.provinces}
        return cached

    def explored_areas(self, state: GameState, power: str | None) -> frozenset[str] | None:
        """Age of Discovery's map is the game's own: a power knows only the areas it has seen (RG-AOD-3)."""
        if not self.remembers_areas or power is None or power not in self.board.powers:
            return None
        return self.known_areas(state, power)

    def known_areas(self, state: GameState, power: str) -> frozenset[str]:
        """Every area ``power`` has seen or spied on so far (with ``remembers_areas``), and those it sees now."""
        return fog.known_areas(self.board, state, power)

    def view_for(self, state: GameState, power: str | None) -> GameState:
        if power is None or power not in self.board.powers:
            if power is None:
                return state
            public = {k: v for k, v in state.extra.items() if k == "relations"}
            return state.replace(units={}, extra={**public, **victory.seen_by(state.extra, None)})
        view = fog.view(self.board, state, power)
        extra = dict(view.extra)
        for key in ("inbox", "penalty"):
            if power in state.extra.get(key, {}):
                extra[key] = {power: state.extra[key][power]}
        mail = state.extra.get("mail")  # the whole record names senders: a power gets its own texts alone
        got = messages.received(mail, power) if mail is not None else state.extra.get("received", {}).get(power)
        if got:
            extra["received"] = {power: got}
        extra.update(victory.seen_by(state.extra, power))
        calls = [c for c in state.extra.get("calls", []) if power in c[:2]]  # its own calls, made or answered
        if calls:
            extra["calls"] = calls
        return view.replace(extra=extra)

    def results_for(self, before: GameState, results: Sequence[Any], power: str | None) -> list[Any]:
        """A power reads its own results and those of the units in its sight when the turn began, or in the
        areas its spies went to that turn; their reasons name no other unit (:func:`fog.shown_results`)."""
        if power is None:
            return list(results)
        if power not in self.board.powers:
            return []
        shown, sees = fog.shown_results(self.board, before, self.typed_results(before, results), power)
        return reworded(shown, sees)

    def typed_results(self, before: GameState, results: Sequence[Any]) -> list[Any]:
        """``results`` with the orders of those read from a save file or the network (words only) typed again
        from their text against ``before``, so that whose unit each names is known; rule notes stay words."""
        out = []
        for r in results:
            if r.typed is None and not r.default:
                try:
                    r = r._replace(typed=self.validate(self.parse(r.order), before, r.power))
                except (OrderError, ValueError):
                    pass
            out.append(r)
        return out

    def sight(self, before: GameState, power: str | None) -> Sight | None:
        """Its own units and those in its areas of interest when the turn began (spies add theirs through
        :meth:`results_for`, which knows where they went)."""
        if power is None:
            return None
        areas = fog.visible_areas(self.board, before, power) if power in self.board.powers else frozenset()
        return lambda unit: unit.power == power or province_of(unit.loc) in areas
