"""Typed or pasted orders, one per line, read with the engine's parser; every line gets a verdict.

Lines may carry a power (``France: A PAR - BUR``), or a line naming only a power (``FRANCE`` or
``France:``) sets the power of the lines below it, as in a game master's order sheets. When several
powers are entered at this machine and a line names none, the power is taken from the unit it orders.
Blank lines, ``#`` comments and list numbers ("1)", "2.") are ignored.

A variant with a mail layout of its own for a whole turn (``Variant.mail_format``: EMG's ``EMGSTART …
EMGEND`` envelope) has a pasted mail in that layout read as one power's turn: the mail names the power, its
commands replace that power's orders (a later set of commands overwrites the earlier one, EMG rules 9.0),
and each verdict names the command's line in the mail. A power's draft is written out in the same layout
(:func:`mail_text`), only ever the one power's.
"""
from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace

from engine.game import Game
from engine.orders import Build, Disband, Hold, Move, Order, Retreat, SupportMove
from engine.types import ChancelleryError, OrderError, PhaseType, province_of
from engine.variants.base import MailError, MailFormat

from .drafts import OrderDraft, order_key
from .entry_options import EntryOptions

_LIST_NUMBER = re.compile(r"^\s*(?:\d+\s*[.)]|[-*•])\s+")


@dataclass(frozen=True, slots=True)
class LineOutcome:
    number: int  # 1-based line number in the text
    text: str
    power: str | None
    order: Order | None
    error: str | None = None
    retype: str | None = None  # what goes back in the box to edit, when not ``text`` (a refused mail: all of it)

    @property
    def ok(self) -> bool:
        return self.error is None and self.order is not None


def power_named(game: Game, text: str) -> str | None:
    """The power a word names (id, name or adjective, any case), or ``None``."""
    word = text.strip().rstrip(":").strip().lower()
    if not word:
        return None
    for p in game.variant.board.powers.values():
        if word in (p.id.lower(), p.name.lower(), p.adjective.lower()):
            return p.id
    return None


def infer_power(game: Game, line: str) -> str | None:
    """The power whose unit (or build site) a written order names, or ``None`` if it can't be told."""
    try:
        raw = game.variant.parse(line)
    except OrderError:
        return None
    if raw.loc is None:
        return None
    prov = province_of(raw.loc)
    state = game.state
    phase = state.phase.type
    dislodged = state.dislodged_at(prov) if phase is PhaseType.RETREATS else None
    if dislodged is not None:
        return dislodged.unit.power
    if phase is PhaseType.ADJUSTMENTS and raw.kind == "build":
        owner = state.centers.get(prov)
        return owner if owner is not None else game.variant.board.home_power(prov)
    unit = state.units.get(prov)
    return unit.power if unit is not None else None


@dataclass(frozen=True, slots=True)
class TextOrders:
    """What a typed or pasted text gave: a verdict per line, and the powers whose whole orders it replaces
    (a mail's power) rather than adds to."""

    outcomes: list[LineOutcome]
    replaces: tuple[str, ...] = ()


def read_text_orders(game: Game, text: str, allowed_powers: Sequence[str],
                     default_power: str | None = None) -> TextOrders:
    """Read ``text`` for one of ``allowed_powers``: a mail in the variant's own layout when it holds one,
    else order lines (:func:`read_order_lines`)."""
    mail = game.variant.mail_format()
    if mail is not None and mail.holds_mail(text):
        return _read_mail(game, mail, text, allowed_powers)
    return TextOrders(read_order_lines(game, text, allowed_powers, default_power))


def _read_mail(game: Game, mail: MailFormat, text: str, allowed_powers: Sequence[str]) -> TextOrders:
    """One power's turn from a mail; a mail that gives none (another game, an unknown account, a power not
    ordered here) changes nothing and stays in the box whole."""
    try:
        turn = mail.read(text)
        if turn.power not in allowed_powers:
            raise MailError(f"the {mail.title} gives {turn.power}'s orders, which are not entered here",
                            turn.power_line)
    except MailError as exc:
        return TextOrders([LineOutcome(exc.line, mail.title, None, None, str(exc), retype=text)])
    outcomes = []
    for number, command in turn.commands:
        check = game.check_line(turn.power, command)
        error = f"line {number}: {check.error}" if check.error is not None else None
        outcomes.append(LineOutcome(number, check.text, turn.power, check.order, error,
                                    retype=f"{turn.power}: {command}" if error else None))
    return TextOrders(outcomes, (turn.power,))


def read_order_text(game: Game, text: str, allowed_powers: Sequence[str],
                    default_power: str | None = None) -> list[LineOutcome]:
    """The verdicts of :func:`read_text_orders` (a mail's included)."""
    return read_text_orders(game, text, allowed_powers, default_power).outcomes


def enter_text_orders(draft: OrderDraft, game: Game, text: str, allowed_powers: Sequence[str],
                      default_power: str | None = None) -> TextOrders:
    """Read ``text`` into ``draft``, one undoable step per power: a mail replaces its power's orders with
    the commands that can be used, order lines are added to the orders there."""
    read = read_text_orders(game, text, allowed_powers, default_power)
    by_power: dict[str, list[Order]] = {power: [] for power in read.replaces}
    for o in read.outcomes:
        if o.ok and o.power is not None and o.order is not None:
            by_power.setdefault(o.power, []).append(o.order)
    mail = game.variant.mail_format()
    for power, orders in by_power.items():
        if power in read.replaces and mail is not None:
            draft.replace_all(power, orders, f"{mail.title} for {power}")
        else:
            draft.merge(power, orders, f"{len(orders)} typed order{'s' if len(orders) != 1 else ''}")
    return read


def mail_text(game: Game, draft: OrderDraft, power: str) -> str:
    """``power``'s drafted orders, and no other power's, as a mail in the variant's layout; raises
    :class:`ChancelleryError` when the variant has none or ``power`` is not drafted here."""
    mail = game.variant.mail_format()
    if mail is None:
        raise ChancelleryError(f"{game.variant.name} has no mail format for orders")
    if power not in draft.powers:
        raise ChancelleryError(f"{power}'s orders are not entered here")
    return mail.write(power, draft.orders(power))


def read_order_lines(game: Game, text: str, allowed_powers: Sequence[str],
                     default_power: str | None = None) -> list[LineOutcome]:
    """Read every line of ``text`` for one of ``allowed_powers``; lines for other powers are errors."""
    allowed = list(allowed_powers)
    current = default_power if default_power in allowed else (allowed[0] if len(allowed) == 1 else None)
    outcomes: list[LineOutcome] = []
    for number, raw_line in enumerate(text.splitlines(), start=1):
        line = _LIST_NUMBER.sub("", raw_line).strip()
        if not line or line.startswith("#"):
            continue
        named = power_named(game, line)
        if named is not None:  # a header line: the lines below belong to this power
            if named not in allowed:
                outcomes.append(LineOutcome(number, line, named, None, f"{named} is not ordered here"))
                current = None
            else:
                current = named
            continue
        power = current
        head, colon, rest = line.partition(":")
        if colon and power_named(game, head) is not None:
            power = power_named(game, head)
            line = rest.strip()
        if power is None and len(allowed) > 1:
            power = infer_power(game, line)
        if power is None:
            try:
                game.variant.parse(line)
                error = "which power? start the line with the power's name (\"France: ...\")"
                # When every power would be told the same (no unit at a place), that is what is wrong.
                errors = {game.check_line(p, line).error for p in allowed}
                if len(errors) == 1 and None not in errors:
                    error = errors.pop() or error
            except OrderError as exc:
                error = str(exc)  # not readable at all: say that rather than asking for a power
            outcomes.append(LineOutcome(number, line, None, None, error))
            continue
        if power not in allowed:
            outcomes.append(LineOutcome(number, line, power, None, f"{power}'s orders are not entered here"))
            continue
        check = game.check_line(power, line)
        outcomes.append(LineOutcome(number, check.text, power, check.order, check.error))
    return _refuse_clashes(outcomes)


def _refuse_clashes(outcomes: list[LineOutcome]) -> list[LineOutcome]:
    """Different orders for one slot (a unit ordered twice, two builds on one site) in one text: the draft
    would keep the later one alone and the earlier would vanish unseen, so neither is entered; each goes
    back to the box naming the other's line, for the one who typed them to keep one."""
    lines_by_slot: dict[tuple[str, str], list[LineOutcome]] = {}
    for o in outcomes:
        if o.ok and o.power is not None and o.order is not None and order_key(o.order) != "waive":
            lines_by_slot.setdefault((o.power, order_key(o.order)), []).append(o)
    clashing: dict[int, str] = {}
    for same_slot in lines_by_slot.values():
        if len({str(o.order) for o in same_slot}) < 2:
            continue  # one order written twice is one order
        for o in same_slot:
            others = ", ".join(f"line {x.number} ({x.text})" for x in same_slot if x is not o)
            clashing[o.number] = f"clashes with {others}: only one can stand, keep one"
    if not clashing:
        return outcomes
    return [replace(o, order=None, error=clashing[o.number]) if o.number in clashing else o for o in outcomes]


def example_orders(options: EntryOptions, power: str, count: int = 3) -> list[str]:
    """A few of ``power``'s legal orders, of different kinds where it has them (a move, a support, a build…), to
    show in the empty order box: the board's own names and the variant's own notation, never another board's."""
    mine = [o for _prov, (owner, orders) in sorted(options.by_province.items()) if owner == power for o in orders]
    picks: list[Order] = []
    # Only orders about the power's own units: a support of another power's move, shown to one power, could
    # read as that power's sealed order.
    plain = [o for o in mine if not (isinstance(o, Move) and o.via_convoy)
             and not (isinstance(o, SupportMove) and o.target.power != power)]
    for kind in (Move, SupportMove, Build, Retreat, Hold, Disband):
        found = next((o for o in plain if isinstance(o, kind)), None)
        if found is not None and len(picks) < count:
            picks.append(found)
    return [str(o) for o in picks]
