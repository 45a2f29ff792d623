"""The Variant record: a map plus named hooks whose defaults are the standard rules.

A new variant is one subclass that overrides the hooks it changes (see docs/ARCHITECTURE.md for the
list and which rule systems use which), plus one ``resources/maps/<id>/`` folder.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from abc import ABC, abstractmethod
from typing import Any, ClassVar, Mapping, Sequence

from ..hooks import OwnReader, PhaseEnd, PhaseNote
from ..mapdata import MapData, load_map
from ..orders import STANDARD_ORDERS, Hold, Move, Order, UnitOrder, RawOrder, order_key, parse_raw
from ..outcomes import Sight, word
from ..resources import RESOURCES, add_map_folder
from ..resolver import MovementResolver, MovementResult, Tracer
from ..rules import DEFAULT_RULEBOOK, Rulebook
from ..state import Dislodged, GameState, StackedUnit
from ..types import (
    ChancelleryError,
    Phase,
    PhaseType,
    PositionError,
    Season,
    Unit,
    UnitSpec,
    UnitType,
    declare_season,
    province_of,
    unit_spec,
)
from ..position_check import check_state, shown
from ..phases import OrderResult
from ..entry import Entry
from ..order_marks import OrderMark, standard_marks
from ..order_effects import OrderEffect, standard_effect
from ..validate import MovePermission, validate_for_phase
from ..variant_options import OptionSpec, OptionType, check_options


PUBLIC_VIEW = "*"
"""The viewer for a shared screen or an observer: what every power may know, no power's secrets. (A power
id is that power's view; ``None`` is the omniscient game master's.)"""


@dataclass(frozen=True, slots=True)
class AllocationPanel:
    """A side panel where a power shares out points this turn among units it doesn't own, one order each
    (1815's Diplomacy Points for the minor powers' units): ``Variant.allocation_panel`` describes it."""

    title: str  # "Diplomacy Points"
    points: int  # what the power may share out this turn
    targets: tuple[tuple[Unit, tuple[Order, ...]], ...]  # each unit points may go to, with the orders they may ask


@dataclass(frozen=True, slots=True)
class FormField:
    """One field of a drafting form: ``kind`` is ``"amount"`` (a sum of money as typed, such as ``12.50``),
    ``"number"`` (a whole number from ``minimum`` to ``maximum``), ``"choice"`` (one of ``choices``, each
    a value and its words) or ``"text"`` (words as typed; ``maximum``, when set, is the length of one order's
    text, the variant cutting longer text into several orders)."""

    name: str
    label: str
    kind: str
    choices: tuple[tuple[str, str], ...] = ()
    minimum: int = 0
    maximum: int = 0


@dataclass(frozen=True, slots=True)
class DraftForm:
    """A kind of order a power drafts from a side panel by filling fields (a loan, a transfer, a bribe);
    ``note`` says what to know before sending it (who sees it, what it costs)."""

    key: str
    title: str
    fields: tuple[FormField, ...]
    note: str = ""


@dataclass(frozen=True, slots=True)
class AccountPanel:
    """A power's private side panel (World Diplomacy's treasury): lines of what it alone may know, from the
    view the variant gives it, and the forms that draft its orders of ``order_kinds`` into its sealed
    orders. ``Variant.account_panel`` describes it; ``Variant.account_order`` turns a filled form into a line."""

    title: str  # "Treasury"
    lines: tuple[tuple[str, str], ...]  # (words, value): balance, taxes due, upkeep ...
    forms: tuple[DraftForm, ...]
    order_kinds: tuple[type, ...] = ()  # the drafted orders the panel lists
    log: tuple[tuple[str, str], ...] = ()  # (when, words): what the power may read again (EMG's messages by turn)


@dataclass(frozen=True, slots=True)
class PanelTable:
    """A table of a side panel: a title, column headings and rows of words."""

    title: str
    columns: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    note: str = ""


@dataclass(frozen=True, slots=True)
class VictoryRule:
    """How a game of the variant is won, for people (``Variant.victory_rule``): ``text``, the condition in a
    sentence or two, with the game's own numbers; ``centre_option``, the supply-centre count a new game asks
    for (the ``victory_centers`` spec, whose label says what the count does: wins, or only ends the game), or
    ``None`` where no count of centres decides anything (World Diplomacy: continents)."""

    text: str
    centre_option: OptionSpec | None


@dataclass(frozen=True, slots=True)
class VictoryProgress:
    """One power's way towards winning (``Variant.victory_progress``): ``reached`` of the ``target`` that wins
    (a front end's bar), in ``unit`` ("centres", "continents"), and ``note``, what it holds towards it when the
    count alone doesn't say (World Diplomacy: the continents conquered, by name)."""

    power: str
    reached: int
    target: int
    unit: str = "centres"
    note: str = ""


@dataclass(frozen=True, slots=True)
class MasterPanel:
    """What only the game master reads of a game beyond the board (EMG: every power's standing and vote,
    every anonymous message with its sender). ``Variant.game_master_panel`` describes it."""

    title: str
    tables: tuple[PanelTable, ...]


@dataclass(frozen=True, slots=True)
class RelationOffer:
    """One order a power may give towards another from a relations grid (EMG's declarations, a grant of
    every area, a call to arms), with its words for a menu. The client sends ``str(order)`` through the
    order reader, so the engine checks it like a typed line."""

    label: str  # "Declare an alliance"
    order: Order


@dataclass(frozen=True, slots=True)
class AreaPicking:
    """An order of a power made of areas picked one by one on the map (EMG's spies, a grant of chosen
    areas): ``Variant.area_picks`` describes each, ``Variant.area_pick_order`` makes the order."""

    key: str  # which picking ("SP", "GA FRANCE"), handed back to ``area_pick_order``
    title: str  # "Spies"
    slot: str  # the slot of the order in the power's draft
    most: int | None = None  # how many areas at most; None: any number
    allowed: frozenset[str] | None = None  # the areas that may be picked; None: every area of the board
    hint: str = ""  # what the areas are for ("areas your spies report on this turn")


@dataclass(frozen=True, slots=True)
class MailTurn:
    """One power's whole turn as a mail gives it (``Variant.mail_format``): its commands, each with the
    1-based number of its line in the mail, so a message about a command names the line."""

    power: str
    power_line: int  # the line naming the power
    commands: tuple[tuple[int, str], ...]


class MailError(ChancelleryError):
    """A mail that gives no turn (no envelope, another game, an unknown account); ``line`` is the 1-based
    number of the line at fault."""

    def __init__(self, message: str, line: int) -> None:
        super().__init__(f"line {line}: {message}")
        self.line = line


class MailFormat(ABC):
    """A variant's own mail layout for one power's whole turn (EMG's ``EMGSTART … EMGEND``, rules 9.0): a
    pasted mail in it replaces that power's orders, and a power's draft is written out in it."""

    title: ClassVar[str] = "mail"  # words for menus: "EMG mail"
    sending: ClassVar[str] = ""  # how such a mail is sent, for people: "send it with the subject EMGTURN"

    @abstractmethod
    def holds_mail(self, text: str) -> bool:
        """Does ``text`` hold a mail in this layout (rather than order lines)?"""

    @abstractmethod
    def read(self, text: str) -> MailTurn:
        """The power and the commands of the mail in ``text``; :class:`MailError` when it gives no turn."""

    @abstractmethod
    def write(self, power: str, orders: Sequence[Order]) -> str:
        """``power``'s orders as a mail that :meth:`read` reads back (orders that need no command, such as
        a unit holding, are left out)."""


_PSEUDO_POWER_NAMES: dict[str, str] = {}


def pseudo_power_name(power: str) -> str | None:
    """The name a loaded variant gives one of its pseudo-powers (Engineered's ``NEUTRAL``: "Madman"), so that
    words about a power need no variant at hand; ``None`` for any other power."""
    return _PSEUDO_POWER_NAMES.get(power)


class Variant:
    """Standard Diplomacy. Subclasses set class attributes and override hooks."""

    id: ClassVar[str] = "standard"
    name: ClassVar[str] = "Standard"
    map_id: ClassVar[str] = "standard"
    # The folder of the variant's map (``map.json``, ``geometry.json``, ``icons/``) when it lives outside
    # ``resources/maps/`` (an installed plug-in's package data, a test fixture): registered for ``map_id``
    # when the class is defined, so the engine and the client find the board, its drawing and its icons.
    map_folder: ClassVar[Path | None] = None
    aliases: ClassVar[tuple[str, ...]] = ("classic", "classical")
    description: ClassVar[str] = "The 1901 game of seven powers in Europe."
    # The module of the variant's own lean path, if it has one: its ``adjudicate_text(variant, request, state_of,
    # orders_of, text)`` answers the contract's usual requests of this variant byte for byte as the general path
    # does, or ``None`` (the contract imports it by name when first asked, from above every variant's layer).
    lean_path: ClassVar[str | None] = None
    movement_seasons: ClassVar[tuple[str, ...]] = (Season.SPRING, Season.FALL)
    # Names of the variant's own season letters ({"M": "Monsoon"}); the common ones are known already.
    season_names: ClassVar[Mapping[str, str]] = {}
    resolver_class: ClassVar[type[MovementResolver]] = MovementResolver
    unit_types: ClassVar[tuple[UnitType, ...]] = (UnitType.ARMY, UnitType.FLEET)
    # The order classes the variant's parser and validation produce: the standard ones plus its own kinds
    # (each an ``engine.orders.Order`` subclass declaring its canonical text and slot).
    order_kinds: ClassVar[tuple[type[Order], ...]] = STANDARD_ORDERS
    # Owners of units or centres that no player plays (Engineered's madman country).
    pseudo_powers: ClassVar[tuple[str, ...]] = ()
    pseudo_power_names: ClassVar[Mapping[str, str]] = {}  # their names for people
    # For a variant whose ``parse`` adds order kinds of its own that start with these words (upper case,
    # Colonial's ``SUEZ``) and reads every other text as the standard parser does: the fast order reader
    # (engine.order_reader) then serves it too. ``None`` when ``parse`` is the standard one or differs more.
    own_order_words: ClassVar[frozenset[str] | None] = None
    # The variant's ``validate`` reads only its own kinds (texts starting with ``own_order_words``) and hands
    # every other order to ``Variant.validate`` unchanged, so the fast reader may check standard orders itself.
    # It may also judge the orders the reader never takes itself: builds in a movement phase, orders naming a
    # kind other than the province's occupant (a stacked unit's), and convoys while a move rule applies.
    validates_only_own_kinds: ClassVar[bool] = False
    # Unit kinds that stand beside a province's occupant without occupying it (``GameState.stacked``):
    # Engineered's engineers and prisons, World Diplomacy's militia. Standard: none.
    stacking_types: ClassVar[frozenset[UnitType]] = frozenset()
    # The kinds of phase the calendar has: EMG's turns hold everything (no retreat or adjustment phase).
    phase_types: ClassVar[frozenset[PhaseType]] = frozenset(PhaseType)

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        for letter, name in cls.season_names.items():
            declare_season(letter, name)
        _PSEUDO_POWER_NAMES.update(cls.pseudo_power_names)
        if "map_folder" in cls.__dict__ and cls.map_folder is not None:
            add_map_folder(cls.map_id, cls.map_folder)

    def __init__(self, rulebook: Rulebook = DEFAULT_RULEBOOK, options: Mapping[str, Any] | None = None) -> None:
        self.rulebook = rulebook
        # Checked against ``option_specs`` (``variant_options.check_options``): an unknown or misspelt option
        # is refused naming the known ones, a bad value naming the option; values kept in canonical form.
        self.options: dict[str, Any] = {} if options is None else check_options(self.option_specs, options, self.name)

    @property
    def option_names(self) -> tuple[str, ...]:
        """The names of the options this variant takes (``option_specs``)."""
        return tuple(spec.name for spec in self.option_specs)

    # --- data -------------------------------------------------------------------------------------

    @cached_property
    def board(self) -> MapData:
        return load_map(self.map_id)

    @property
    def powers(self) -> list[str]:
        return list(self.board.powers)

    def power_name(self, power: str) -> str:
        """A power's name for people ("Russia"); variants name their pseudo-powers (Engineered's madman)."""
        info = self.board.powers.get(power)
        return info.name if info else power.title()

    def power_adjective(self, power: str) -> str:
        info = self.board.powers.get(power)
        return info.adjective if info else power.title()

    def report_order(self, text: str) -> str:
        """An order's canonical text as reports print it (a variant with a notation of its own rewrites it)."""
        return text

    def can_stand(self, kind: UnitType, loc: str) -> bool:
        """Can a unit of ``kind`` stand at ``loc``? (Variants with units carried at sea widen this.)"""
        return self.board.can_stand(kind, loc)

    def check_state(self, state: GameState) -> None:
        """Raise :class:`PositionError` naming what makes ``state`` unplayable (``position_check``)."""
        check_state(self, state)

    def stack_refusal(self, state: GameState, unit: StackedUnit) -> str | None:
        """Why ``unit`` can't stand in its province beside what stands there in ``state`` (a game master's
        correction asks before adding it), or ``None`` when it can. Standard: only the kinds of
        ``stacking_types`` stand beside others, wherever their kind can stand; variants add their rules."""
        name = unit_spec(unit.kind.value).name
        if unit.kind not in self.stacking_types:
            return f"no {name} stands beside other units in {self.name}"
        if not self.can_stand(unit.kind, unit.loc):
            return f"a {name} can't stand in {unit.loc}"
        return None

    def stacked_additions(self, state: GameState, prov: str) -> list[StackedUnit]:
        """The units a correction may add in ``prov`` beside (or without) its occupant: each kind of
        ``stacking_types`` at each of the province's places, of each power, that ``stack_refusal`` lets
        stand. Standard: none, as nothing stacks."""
        if not self.stacking_types or prov not in self.board.provinces:
            return []
        places = dict.fromkeys((prov, *self.board.coast_locations(prov)))
        out: list[StackedUnit] = []
        for kind in self.unit_types:
            if kind not in self.stacking_types:
                continue
            for loc in places:
                if self.can_stand(kind, loc):
                    out.extend(s for power in self.powers
                               if self.stack_refusal(state, s := StackedUnit(power, kind, loc)) is None)
        return out

    def check_extra(self, state: GameState) -> None:
        """Check the variant's own data in ``state.extra``; raise :class:`PositionError` naming the bad part.
        Standard: no variant data is used, so anything there is refused."""
        if state.extra:
            raise PositionError("extra", f"{self.name} keeps no variant data, got keys {shown(sorted(map(str, state.extra)))}")

    def request_extra(self, state: GameState) -> dict[str, Any]:
        """The part of ``state.extra`` a contract response carries as ``extra``: what its unit lists can't
        say, so that the response read back is the same position. Standard: nothing."""
        return {}

    def draw_refusal(self, state: GameState) -> str | None:
        """Why a draw can't be voted in this game, or ``None`` when draws are allowed (standard)."""
        return None

    def draw_passes(self, state: GameState, votes: frozenset[str], survivors: frozenset[str]) -> bool:
        """Do the draw votes ``votes`` end the game? Standard: only a draw that every survivor votes for
        (1815 also ends it when the powers voting yes hold enough centres)."""
        return survivors <= votes

    # --- words and side panels for front ends -----------------------------------------------------

    def order_note(self, order: Order) -> str:
        """A note after ``order`` in a power's order list ("bid", "by railway"); empty for a plain order.
        Standard: the order kind's own ``note``."""
        return type(order).note

    def draft_warnings(self, state: GameState, power: str, orders: Sequence[Order]) -> tuple[str, ...]:
        """Warnings a front end shows before ``power`` submits ``orders`` this phase, beyond the common
        ones (World Diplomacy: the units nobody pays upkeep for, which disappear). Standard: none."""
        return ()

    def order_entries(self, order: Order) -> tuple[Entry, ...]:
        """How a click-driven front end picks ``order`` among the legal ones (``engine/entry.py``).
        Standard: what the order's kind declares (``Order.entries``)."""
        return order.entries(self.board)

    def order_marks(self, order: Order, *, failed: bool = False, phase_type: PhaseType | None = None,
                    results: Sequence[OrderResult] | None = None) -> tuple[OrderMark, ...]:
        """How ``order`` is drawn (none: nothing to draw). ``results``: the adjudicated phase's results
        when a past phase is drawn (Colonial splits a railway move where its train stopped). Standard:
        the standard orders' marks."""
        return standard_marks(order, failed=failed, phase_type=phase_type)

    def order_effect(self, order: Order) -> OrderEffect:
        """What ``order`` does in plain terms (``order_effects.py``): units moved, added, removed or kept,
        the order it backs, the units it hinders. Bots weigh a variant's own kinds through it; an order
        described as doing nothing is never given by a bot. Standard: the standard kinds' effects."""
        return standard_effect(order)

    def uncounted_centre_note(self) -> str | None:
        """The board key's words for an owned centre that doesn't count for its owner (Colonial: Hong Kong
        held by China), or ``None`` when every owned centre counts."""
        board = self.board
        for centre in sorted(board.supply_centers):
            for power in board.powers:
                if not self.counts_as_center(centre, power):
                    return f"{centre} held by {self.power_name(power)}: no centre"
        return None

    def rules_summary(self) -> str | None:
        """The variant's rules in brief for the app's help (``resources/rules/<id>.md``, plain text with
        light Markdown; a plug-in variant overrides this), or ``None`` when it has none."""
        path = RESOURCES / "rules" / f"{self.id}.md"
        try:
            return path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            return None

    def allocation_panel(self, state: GameState, power: str) -> AllocationPanel | None:
        """The points ``power`` may share out this turn among units it doesn't own, and the orders they may
        ask of each (1815: Diplomacy Points for minor units), or ``None``: no such panel. Standard: none."""
        return None

    def allocation_order(self, power: str, points: int, order: Order) -> Order:
        """The allocation of ``points`` by ``power`` to ``order`` (its text is checked like any order's)."""
        raise ChancelleryError(f"{self.name} has no points to allocate")

    def shaded_places(self, state: GameState) -> Mapping[str, str]:
        """Provinces a front end shades on the board this phase, each with the reason in words (World
        Diplomacy's frozen polar regions). Standard: none."""
        return {}

    def shaded_note(self) -> str | None:
        """The board key's words for :meth:`shaded_places`' wash, or ``None`` when nothing is ever shaded.
        Standard: none."""
        return None

    def account_panel(self, state: GameState, power: str) -> AccountPanel | None:
        """``power``'s private panel (balance, dues, forms for its money orders), built from ``state`` as
        ``view_for(state, power)`` shows it, or ``None``: no such panel. Standard: none."""
        return None

    def account_order(self, state: GameState, power: str, form: str, values: Mapping[str, str]) -> str:
        """The order line ``power`` drafts by filling ``form`` with ``values`` (checked like any order's;
        several lines, one per order, when the form makes several); raises :class:`ChancelleryError` naming a
        missing or bad field."""
        raise ChancelleryError(f"{self.name} has no {form} orders")

    def game_master_panel(self, state: GameState) -> MasterPanel | None:
        """The game master's own panel, from the whole ``state`` (never shown to a power), or ``None``: the
        board and the orders say everything. Standard: none."""
        return None

    def leader_line(self, state: GameState) -> str | None:
        """A line for headers and reports on who leads, where the victory rule turns on it (1815: one power
        alone in first place), or ``None`` to show none. Standard: none (the counts say enough)."""
        return None

    def takes_bids(self) -> bool:
        """Do powers bid for other units in this game (Engineered's madman units, rule D3)?"""
        return False

    def bid_targets(self, state: GameState) -> list[tuple[Unit, tuple[Order, ...]]]:
        """The units a power may bid for, each with the orders a bid may ask of it. Standard: none."""
        return []

    def bid_offerable(self, state: GameState, power: str) -> list[Unit]:
        """The units ``power`` may offer in a bid. Standard: none."""
        return []

    def bid_order(self, power: str, offered: Sequence[Unit], order: Order) -> Order:
        """The bid of ``power`` offering ``offered`` for ``order`` (its text is checked like any order's)."""
        raise ChancelleryError(f"{self.name} has no units to bid for")

    @property
    def option_specs(self) -> tuple[OptionSpec, ...]:
        """The options this variant takes (``Game.new(options=...)``), typed: the new-game dialog and the LAN
        host build their widgets from them and :func:`check_options` checks a game's options against them.
        Every variant takes ``victory_centers``; subclasses add theirs after it."""
        total = len(self.board.supply_centers)
        return (OptionSpec("victory_centers", OptionType.INT, self.board.victory_centers, "Supply centres to win",
                           help="Owning this many counting supply centres wins the game.", minimum=1, maximum=total),)

    @property
    def victory_centers(self) -> int:
        return int(self.options.get("victory_centers", self.board.victory_centers))

    def victory_rule(self) -> VictoryRule:
        """How this game is won, in words with its numbers, and the centre count a new game asks for (see
        :class:`VictoryRule`). Standard: the most centres, at least ``victory_centers``, wins."""
        spec = next((s for s in self.option_specs if s.name == "victory_centers"), None)
        return VictoryRule(f"A power owning {self.victory_centers} of the {len(self.board.supply_centers)} supply "
                           "centres wins.", spec)

    def victory_progress(self, state: GameState) -> dict[str, VictoryProgress] | None:
        """Each power's progress in ``state`` towards what wins (:class:`VictoryProgress`), for every viewer
        (so from the public board only), or ``None`` when none can be shown. Standard: its counting centres
        out of ``victory_centers``."""
        target = self.victory_centers
        return {p: VictoryProgress(p, self.center_count(state, p), target) for p in self.powers}

    def make_state(self, phase: Phase, units: list[Unit], centers: Mapping[str, str],
                   dislodged: list[Dislodged] = (), contested: tuple[str, ...] = (),  # type: ignore[assignment]
                   extra: Mapping[str, Any] | None = None) -> GameState:
        """Build a position from plain lists (used by the JSON contract and the GUI's editor).

        Units of the ``stacking_types`` go to ``GameState.stacked``; every other unit occupies its
        province, one per province: a second occupant is an error naming the province, never dropped.
        Variants whose stacked units carry more (a prison's former owner) override this.
        """
        if not self.stacking_types:
            return GameState.build(self.id, phase, units, centers, dislodged, contested, extra)
        occupants = [u for u in units if u.type not in self.stacking_types]
        stacked = [StackedUnit(u.power, u.type, u.loc) for u in units if u.type in self.stacking_types]
        return GameState.build(self.id, phase, occupants, centers, dislodged, contested, extra, stacked)

    def initial_state(self) -> GameState:
        units = [Unit(p.id, kind, loc) for p in self.board.powers.values() for kind, loc in p.start_units]
        centers = {c: p.id for p in self.board.powers.values() for c in p.home_centers + p.start_centers}
        return GameState.build(self.id, self.board.start_phase, units, centers)

    # --- orders -----------------------------------------------------------------------------------

    def unit_words(self) -> dict[str, UnitType]:
        """Extra words the parser reads as unit types (beyond A/army/F/fleet): the declared words of the
        variant's other unit types (:class:`~engine.types.UnitSpec`)."""
        return {w: t for t in self.unit_types if t not in (UnitType.ARMY, UnitType.FLEET)
                for w in unit_spec(t).words}

    @property
    def unit_specs(self) -> dict[UnitType, UnitSpec]:
        """What each of the variant's unit types is (moves like, convoyable, strength, stacking)."""
        return {t: unit_spec(t) for t in self.unit_types}

    def parse(self, text: str) -> RawOrder:
        return parse_raw(text, self.board, self.unit_words())

    def validate(self, raw: RawOrder, state: GameState, power: str | None) -> Order:
        sites = self.build_sites(state, power) if (power and state.phase.type is PhaseType.ADJUSTMENTS) else frozenset()
        return validate_for_phase(raw, state, self.board, power, sites, self.move_permission(state))

    def move_permission(self, state: GameState) -> MovePermission | None:
        """The variant's rule on where units may go in ``state``, or ``None`` when adjacency, convoys and
        the variant's special routes are the only limits (standard; the option tables stay on their fast path).

        The one place to forbid moves (freezing provinces, access to neutral powers' areas): validation,
        the typed options, the option texts, retreats and the bots all consult it. The function returns
        why ``unit`` may not enter a province, or ``None``; it also closes the province to the unit's
        supports, as a unit supports only where it could move."""
        return None

    def refused_orders(self, state: GameState, orders: Mapping[str, Sequence[Order]]) -> dict[Order, str]:
        """Orders that are legal one by one but not together (Colonial: one railway move per turn).

        Called with every power's usable orders of a movement or retreat phase, after DATC 4.D.3; each
        returned order is reported invalid with the given reason and left out. Standard: none.
        """
        return {}

    def void_orders(self, state: GameState, power: str, orders: Sequence[Order]) -> dict[Order, str]:
        """Orders of ``power`` that would do nothing beside its other ``orders``, whatever the other powers
        order, each with the reason (Engineered: an engineer whose carrier doesn't go its way, an engineer
        created beyond the allowance). Legal, and adjudicated as failing; bots leave them out. Standard: none.
        """
        return {}

    def extra_moves(self, state: GameState, unit: Unit) -> list[Move]:
        """Legal moves beyond adjacency and convoys (a variant's special routes), for the legal options."""
        return []

    def extra_orders(self, state: GameState, unit: Unit) -> list[Order]:
        """Further legal orders offered with ``unit`` in the legal options (a variant's own order kinds)."""
        return []

    def has_standard_options(self) -> bool:
        """Does this variant offer exactly the standard movement orders (so the fast text tables apply)?"""
        cls = type(self)
        if cls not in _STANDARD_OPTIONS:  # the answer depends on the class alone
            _STANDARD_OPTIONS[cls] = (
                cls.extra_moves is Variant.extra_moves and cls.extra_orders is Variant.extra_orders
                and cls.legal_orders is Variant.legal_orders and set(cls.unit_types) <= {UnitType.ARMY, UnitType.FLEET})
        return _STANDARD_OPTIONS[cls]

    def own_reader(self, state: GameState) -> OwnReader | None:
        """A fast reading of the variant's own order lines in ``state``, which the order reader asks first
        (for a known power): a function giving what ``validate(parse(text), state, power)`` gives, with the
        order's canonical text and slot, or ``None`` to leave a text to the reader. Standard: none."""
        return None

    def convoys_follow_move_rule(self) -> bool:
        """Whether ``validate`` judges a convoy under the variant's move rule (``move_permission``) as the
        standard checks plus the rule asked for the army's move to the destination and for the convoying
        fleet's own province; the order reader then checks such convoys itself. Standard: no (a variant's
        validation may judge convoys its own way)."""
        return False

    def standard_reading(self) -> tuple[frozenset[str] | None, bool]:
        """How the fast order reader may read this variant's texts: ``None`` if the variant parses texts its
        own way throughout, else the first words that start its own order kinds (read by its parser); and
        whether orders are checked by the standard rules (so the reader may check them itself)."""
        cls = type(self)
        known = _STANDARD_READING.get(cls)
        if known is None:  # the answer depends on the class alone
            own = frozenset() if cls.parse is Variant.parse else cls.own_order_words
            standard = cls.validate is Variant.validate or (cls.validates_only_own_kinds and own is not None)
            known = _STANDARD_READING[cls] = (own, standard)
        return known

    # --- centres and builds -------------------------------------------------------------------------

    def counts_as_center(self, prov: str, power: str) -> bool:
        """Does owning ``prov`` count as a supply centre for ``power``? (Colonial: Hong Kong for China.)"""
        return True

    def counted_centers(self, state: GameState, power: str) -> list[str]:
        """The supply centres that count for ``power``, sorted (owned centres less e.g. Colonial's Hong Kong
        for China): what a list of a power's centres shows."""
        return sorted(c for c, p in state.centers.items() if p == power and self.counts_as_center(c, power))

    def center_count(self, state: GameState, power: str) -> int:
        return sum(1 for c, p in state.centers.items() if p == power and self.counts_as_center(c, power))

    def home_centers(self, state: GameState, power: str) -> tuple[str, ...]:
        return self.board.powers[power].home_centers if power in self.board.powers else ()

    def build_sites(self, state: GameState | None, power: str | None) -> frozenset[str]:
        """Empty home centres that ``power`` still owns."""
        if state is None or power is None:
            return frozenset()
        return frozenset(
            c for c in self.home_centers(state, power) if state.centers.get(c) == power and c not in state.units
        )

    def adjustment_delta(self, state: GameState, power: str) -> int:
        """Builds allowed (positive) or removals required (negative) for ``power``."""
        units = sum(1 for u in state.units.values() if u.power == power)
        return self.center_count(state, power) - units

    # --- movement ---------------------------------------------------------------------------------

    def adjudicate_movement(
        self, state: GameState, orders: Mapping[str, Order], tracer: Tracer | None = None
    ) -> MovementResult:
        """``orders`` holds one order per unit, by province."""
        resolver = self.resolver_class(self.board, state.units, orders, tracer)
        resolver.rulebook = self.rulebook
        return resolver.run()

    def order_key(self, order: Order) -> str | None:
        """The slot an order fills: :func:`engine.orders.order_key`. Each order class declares its own slot
        (variants with stacked units give their orders slots of their own there), so every caller agrees."""
        return order_key(order)

    def default_order(self, unit: Unit) -> Order:
        """The order a unit gets when its power gives it none in a movement phase."""
        return Hold(unit)

    def after_phase(self, before: GameState, after: GameState, submitted: Mapping[str, Sequence[Order]],
                    outcome: MovementResult | None) -> PhaseEnd:
        """The variant's own end-of-phase rules (captures, carried units, orders of its own kinds).

        Called once per phase, after the standard processing and before the calendar advances: ``before``
        is the phase's position, ``after`` the position the standard rules produced (still in the same
        phase), ``submitted`` the usable orders per power, ``outcome`` the movement result (``None`` after
        retreats and adjustments). Orders the standard adjustment rules don't know are judged here, in
        ``PhaseEnd.verdicts``. Standard: nothing changes.
        """
        return PhaseEnd(after)

    # --- calendar ---------------------------------------------------------------------------------
    # The calendar is the movement seasons in order, which of them are followed by an adjustment phase and
    # with which season letter, and which of them change centre ownership. ``next_phase`` puts them
    # together; a variant with a calendar of another shape (builds inside a movement turn) overrides it.

    def next_phase(self, state: GameState) -> Phase:
        """The phase after ``state``'s, given ``state`` holding the phase's results (centres already updated):
        after a movement season that has adjustments, its adjustment phase when anybody has something to
        adjust, else the next movement season. (Retreats after dislodgements come first, in the phase
        processor.)"""
        phase = state.phase
        if phase.type is not PhaseType.ADJUSTMENTS and self.adjusts_after(phase.season):
            adjust = Phase(self.adjustment_season(phase.season), phase.year, PhaseType.ADJUSTMENTS)
            if self.needs_adjustments(state.replace(phase=adjust)):
                return adjust
        return self.next_movement_phase(phase)

    def next_movement_phase(self, phase: Phase) -> Phase:
        """The movement phase after ``phase``: the next season of the calendar, or the first of next year.
        An adjustment phase leads on from the season it carries when that is a movement season (an
        adjustment after Summer keeps the year), and to next year's first season otherwise (Winter)."""
        seasons = self.movement_seasons
        if phase.season not in seasons:
            return Phase(seasons[0], phase.year + 1, PhaseType.MOVEMENT)
        i = seasons.index(phase.season)
        if i + 1 < len(seasons):
            return Phase(seasons[i + 1], phase.year, PhaseType.MOVEMENT)
        return Phase(seasons[0], phase.year + 1, PhaseType.MOVEMENT)

    def phase_problem(self, phase: Phase) -> str | None:
        """Why ``phase`` is not in this variant's calendar (a season it doesn't have), or ``None``."""
        seasons = self.movement_seasons
        if phase.type not in self.phase_types:  # (EMG: one movement phase a turn holds everything)
            kinds = {PhaseType.MOVEMENT: "movement", PhaseType.RETREATS: "retreat", PhaseType.ADJUSTMENTS: "adjustment"}
            return (f"{phase}: {self.name} has no {kinds[phase.type]} phases "
                    f"(its phases: {', '.join(kinds[k] for k in PhaseType if k in self.phase_types)})")
        if phase.type is PhaseType.ADJUSTMENTS:
            allowed = {self.adjustment_season(s) for s in seasons if self.adjusts_after(s)}
        else:
            allowed = set(seasons)
        if phase.season in allowed:
            return None
        what = "adjustment" if phase.type is PhaseType.ADJUSTMENTS else "movement or retreat"
        return (f"{phase}: {self.name} has no {what} phase in season {phase.season!s} "
                f"(its seasons: {', '.join(str(s) for s in sorted(allowed))})")

    def adjusts_after(self, season: str) -> bool:
        """Is this movement season followed by an adjustment phase? Standard: the year's last."""
        return self.is_last_movement_season(season)

    def adjustment_season(self, season: str) -> str:
        """The season letter of the adjustment phase after ``season``'s movement. Standard: Winter."""
        return self.winter_season()

    def winter_season(self) -> str:
        """The season letter of the standard calendar's adjustment phase."""
        return Season.WINTER

    def is_last_movement_season(self, season: str) -> bool:
        return season == self.movement_seasons[-1]

    def centers_change_after(self, season: str) -> bool:
        """Centres change hands at the end of this season's movement (and retreats)."""
        return self.adjusts_after(season)

    def needs_adjustments(self, state: GameState) -> bool:
        deltas = self._standard_deltas(state)
        for power in self.powers_in_game(state):
            delta = deltas.get(power, 0) if deltas is not None else self.adjustment_delta(state, power)
            if delta < 0 or (delta > 0 and self.build_sites(state, power)):
                return True
        return False

    def powers_in_game(self, state: GameState) -> list[str]:
        owners = set(state.centers.values()) | {u.power for u in state.units.values()}
        return [p for p in self.powers if p in owners]

    # --- victory and views ------------------------------------------------------------------------

    def winner(self, state: GameState) -> str | None:
        counts = self._standard_center_counts(state)
        count = counts.__getitem__ if counts is not None else (lambda p: self.center_count(state, p))
        best = max(self.powers, key=count, default=None)
        if best is not None and count(best) >= self.victory_centers:
            return best
        return None

    def _standard_center_counts(self, state: GameState) -> Counter[str] | None:
        """Every power's centre count in one pass, when the variant counts centres the standard way
        (``None`` otherwise): the calendar asks for all of them after every Fall turn."""
        cls = type(self)
        if cls.center_count is not Variant.center_count or cls.counts_as_center is not Variant.counts_as_center:
            return None
        return Counter(state.centers.values())

    def _standard_deltas(self, state: GameState) -> Counter[str] | None:
        """Every power's ``adjustment_delta`` in one pass, when the variant keeps the standard rule."""
        counts = self._standard_center_counts(state)
        if counts is None or type(self).adjustment_delta is not Variant.adjustment_delta:
            return None
        counts.subtract(u.power for u in state.units.values())
        return counts

    def view_for(self, state: GameState, power: str | None) -> GameState:
        """What ``power`` may see of ``state`` (fog of war, hidden decoys); everything by default.

        ``power`` is a power id, :data:`PUBLIC_VIEW` for what everyone may see, or ``None`` for everything."""
        return state

    def options_view(self, state: GameState, power: str) -> GameState:
        """The position ``power``'s legal orders are worked out from (the LAN host sends a seat only its
        own): its view. A variant whose views hide only what no option depends on (World Diplomacy's
        money) returns ``state`` itself, so that every seat shares one working-out."""
        return self.view_for(state, power)

    def owned_areas(self, state: GameState) -> Mapping[str, str]:
        """Areas a power owns that are not supply centres, area -> power (EMG: land stays owned when its
        unit leaves), drawn in their owner's colour. Standard: none (only centres are owned)."""
        return {}

    def seen_areas(self, state: GameState, power: str | None) -> frozenset[str] | None:
        """The areas ``power`` sees under fog of war (the rest is shaded on its board), or ``None``: it
        sees the whole board. Standard: ``None``."""
        return None

    def explored_areas(self, state: GameState, power: str | None) -> frozenset[str] | None:
        """The areas whose lie ``power`` knows (ever seen); the board draws the others blank, without
        names or centres. ``None`` (standard): the whole map is known to everyone."""
        return None

    def area_labels(self, power: str | None) -> Mapping[str, str]:
        """What the board writes on each area for ``power`` when it is not the area's id (Age of Discovery:
        the id and the power's own X Y name of the area). Standard: nothing (ids)."""
        return {}

    def relations_panel(self, state: GameState) -> tuple[tuple[str, str, str], ...] | None:
        """Every pair of powers with their relation ("neutral", "ally" or "war") for a side panel, or
        ``None``: no such panel. Standard: none."""
        return None

    def pending_declarations(self, orders: Sequence[Order], power: str) -> tuple[tuple[str, str], ...]:
        """The relation changes ``power`` asks for in its own ``orders`` (other power, relation asked),
        shown only to that power at its orders. Standard: none."""
        return ()

    def relation_orders(self, state: GameState, power: str) -> Mapping[str, tuple[RelationOffer, ...]]:
        """The orders ``power`` may give towards each other power from a relations grid, by that power (a
        call to arms under the ally called), from ``state`` as ``view_for(state, power)`` shows it.
        Standard: none."""
        return {}

    def relation_order_target(self, order: Order) -> str | None:
        """The other power a drafted order of the relations grid is shown under, or ``None``: not such an
        order. Standard: none."""
        return None

    def relation_order_targets(self, order: Order) -> tuple[str, ...]:
        """Every power whose column a drafted order of the relations grid shows in (a declaration naming
        several powers shows under each). Standard: :meth:`relation_order_target`'s one, or none."""
        target = self.relation_order_target(order)
        return (target,) if target is not None else ()

    def relation_order_without(self, order: Order, power: str) -> Order | None:
        """``order`` with ``power`` left out, when it names several powers (withdrawing it from one column
        of the grid keeps the rest), or ``None``: nothing is left of it. Standard: ``None``."""
        return None

    def draft_options(self, state: GameState, power: str, options: Sequence[Order],
                      drafted: Sequence[Order]) -> tuple[Order, ...]:
        """Orders ``power``'s own ``drafted`` orders open to one unit beyond its legal ``options`` this phase
        (EMG: supporting the attack of a power it declares an alliance with in the same turn), from ``state``
        as its view shows it; a front end offers them beside the options. Standard: none."""
        return ()

    def relation_notes(self, state: GameState, power: str) -> tuple[str, ...]:
        """Lines for ``power`` beside the relations grid (a call to arms it must answer), from its own view.
        Standard: none."""
        return ()

    def area_picks(self, state: GameState, power: str) -> tuple[AreaPicking, ...]:
        """The orders of ``power`` made of areas picked on the map this phase. Standard: none."""
        return ()

    def area_pick_order(self, state: GameState, power: str, key: str, areas: Sequence[str]) -> Order | None:
        """The order of picking ``key`` for these areas (``None``: no areas, no order); its text is checked
        like any order's."""
        raise ChancelleryError(f"{self.name} has no orders picked on the map")

    def picked_areas(self, order: Order) -> tuple[str, ...]:
        """The areas a drafted order of an :class:`AreaPicking` names. Standard: none."""
        return ()

    def unit_badge(self, unit: Unit) -> str | None:
        """A short mark drawn on ``unit``'s corner (EMG: its points), or ``None``. Standard: none."""
        return None

    def order_mark_notes(self) -> tuple[tuple[str, str], ...]:
        """The board key's words for the order mark styles this variant draws beyond the common ones
        (``MarkStyle`` values: EMG's spied and granted areas). Standard: none."""
        return ()

    def unit_badge_note(self) -> str | None:
        """The board key's words for :meth:`unit_badge`'s marks, or ``None``: no marks. Standard: none."""
        return None

    def mail_format(self) -> MailFormat | None:
        """The variant's own mail layout for a whole turn's orders (EMG's envelope), or ``None``. Standard:
        none (orders are pasted as lines)."""
        return None

    def turn_report(self, states: Sequence[GameState], index: int, results: Sequence[Any],
                    viewer: str | None) -> str | None:
        """The variant's own text report of the phase that began at ``states[index]`` and ended at
        ``states[index + 1]`` (``states[0]`` is the game's first position; ``results`` are all of the phase's
        results, uncut), as ``viewer`` may read it (a power, :data:`PUBLIC_VIEW`, or ``None``: the game master).
        ``None`` (standard): the engine's report (``engine/report.py``)."""
        return None

    def results_for(self, before: GameState, results: Sequence[Any], power: str | None) -> list[Any]:
        """The results (``OrderResult``) of a phase that began at ``before``, as ``power`` may read them.

        Everything, unless :meth:`view_for` hides units: then a power reads its own results and those of
        units it could see when the phase began."""
        view = self.view_for(before, power)
        if view is before:
            return list(results)
        shown = []
        for r in results:
            prov = province_of(r.typed.unit.loc) if isinstance(r.typed, UnitOrder) else None
            if r.power == power or (prov is not None and prov in view.units and view.units[prov].power == r.power):
                shown.append(r)
        return reworded(shown, self.sight(before, power))

    def sight(self, before: GameState, power: str | None) -> Sight | None:
        """Which units ``power`` may see in the phase that began at ``before`` (``None``: all of them).

        Results are worded through it (:func:`reworded`), so a reason names no unit the viewer can't see
        and shows no strengths such a unit's support made. By default: its own units and those
        :meth:`view_for` shows, on the board or dislodged."""
        view = self.view_for(before, power)
        if view is before or power is None:
            return None
        seen = set(self.all_units(view)) | {d.unit for d in view.dislodged.values()}
        return lambda unit: unit.power == power or unit in seen

    def all_units(self, state: GameState) -> list[Unit]:
        """Every unit on the board as orders name them: the occupants, then the stacked units (variants
        with disguised units say what they are)."""
        return state.all_units()

    def legal_orders(self, state: GameState) -> dict[str, dict[str, list[Order]]]:
        """Every legal order per power and slot (unit location, or build site in adjustments)."""
        from ..options import legal_order_objects

        return legal_order_objects(self, state)

    def orderable_powers(self, state: GameState) -> list[str]:
        """The powers that have something to order in this phase."""
        from ..options import standard_orderable_powers

        return [p for p in standard_orderable_powers(self, state) if p in self.board.powers]

    def press_allowed(self, state: GameState, sender: str, recipients: tuple[str, ...]) -> str | None:
        """Why a message from ``sender`` to ``recipients`` (empty: everyone) is refused, or ``None`` if allowed.

        Standard: full press. Variants restrict it (anonymous press, no press in some phases)."""
        return None


_STANDARD_READING: dict[type, tuple[frozenset[str] | None, bool]] = {}
_STANDARD_OPTIONS: dict[type[Variant], bool] = {}



def reworded(results: Sequence[Any], sees: Sight | None) -> list[Any]:
    """``results`` (``OrderResult``) with their reasons worded, and their data cut, for a viewer who sees
    what ``sees`` accepts (unchanged when it sees everything)."""
    if sees is None:
        return list(results)
    out = []
    for r in results:
        if r.outcome is None:
            out.append(r)
            continue
        seen = r.outcome.seen_by(sees)
        out.append(r if seen is r.outcome else r._replace(reason=word(seen), outcome=seen))
    return out


__all__ = ["PUBLIC_VIEW", "PhaseEnd", "PhaseNote", "Variant", "VictoryProgress", "VictoryRule", "reworded"]
