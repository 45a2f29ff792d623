"""The EMG turn envelope (rules section 9.0): ``EMGSTART``, the account id, the game id, one command a line,
``EMGEND``; spacing and indentation don't matter, and lines outside the envelope (a mail's headers and
signature, a quoted earlier mail) are ignored. A later envelope replaces an earlier one, so the last one is
read. :class:`EmgMail` is the variant's mail format: it reads a pasted mail as one power's whole turn and
writes a power's orders as a mail.

A game at one table has no EMG accounts, so the account line names the Great Power: by the number the rules
give it (1 = the first in alphabetical order of ids, as the turn report's header prints it), its id, name or
adjective. The game id is the board's id, as the turn report's header prints it (``global1890``)."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ...mapdata import MapData
from ...orders import Hold, Move, Order
from ...types import province_of
from ..base import MailError, MailFormat, MailTurn
from .messages import EVERYONE, Message
from .orders import CallToArms, Declare, GrantAccess, SupportAttack

START, END = "EMGSTART", "EMGEND"
REPORT_REQUEST = "EMGREPORT"  # the subject of a mail asking for the report again (9.0): it gives no turn


@dataclass(frozen=True, slots=True)
class Envelope:
    account: str
    game: str
    commands: tuple[str, ...]
    # 1-based line numbers in the mail: of EMGSTART, the account, the game id and each command
    start: int = 0
    account_line: int = 0
    game_line: int = 0
    command_lines: tuple[int, ...] = ()


def holds_envelope(text: str) -> bool:
    return any(line.strip().upper() == START for line in text.splitlines())


def read_envelope(text: str) -> Envelope:
    """The last envelope in ``text``; raises :class:`~engine.variants.base.MailError` naming the line at fault
    (an ``EMGSTART`` with no ``EMGEND`` after it, an envelope without the account or game id)."""
    lines = [line.strip() for line in text.splitlines()]
    starts = [i for i, line in enumerate(lines) if line.upper() == START]
    if not starts:
        raise MailError(f"no {START} line: a turn starts with {START}", 1)
    first = starts[-1]
    end = next((i for i in range(first + 1, len(lines)) if lines[i].upper() == END), None)
    if end is None:
        raise MailError(f"{START} with no {END} after it: the commands must end with {END}", first + 1)
    body = [(i + 1, line) for i, line in enumerate(lines[first + 1:end], start=first + 1) if line]
    if len(body) < 2:
        raise MailError(f"after {START} come the account id and the game id, then the commands", first + 1)
    (account_line, account), (game_line, game), *commands = body
    return Envelope(account, game, tuple(" ".join(c.split()) for _, c in commands), first + 1, account_line,
                    game_line, tuple(n for n, _ in commands))


class EmgMail(MailFormat):
    """``EMGSTART`` / account / game id / commands / ``EMGEND`` for one board (``Variant.mail_format``)."""

    title = "EMG mail"
    sending = "send it with the subject EMGTURN"

    def __init__(self, board: MapData) -> None:
        self.board = board
        self.game_id = board.id
        self.numbers = {power: n for n, power in enumerate(sorted(board.powers), start=1)}

    def holds_mail(self, text: str) -> bool:
        return holds_envelope(text)

    def account_power(self, account: str) -> str | None:
        """The Great Power an account line names (its number, id, name or adjective, any case), or ``None``."""
        word = account.strip().lower()
        for power, number in self.numbers.items():
            info = self.board.powers[power]
            if word in (str(number), power.lower(), info.name.lower(), info.adjective.lower()):
                return power
        return None

    def read(self, text: str) -> MailTurn:
        asks_report = any(line.strip().upper().replace(" ", "") == f"SUBJECT:{REPORT_REQUEST}"
                          for line in text.splitlines())
        envelope = read_envelope(text)
        if asks_report:
            raise MailError(f"this mail asks for the report again (subject {REPORT_REQUEST}); it gives no turn",
                            envelope.start)
        if envelope.game.lower() != self.game_id.lower():
            raise MailError(f"the mail is for game {envelope.game!r}, but this game is {self.game_id!r}",
                            envelope.game_line)
        power = self.account_power(envelope.account)
        if power is None:
            raise MailError(f"no Great Power has the account {envelope.account!r}: write the power's number "
                            f"(1 to {len(self.numbers)}, as its report's header shows it), id or name",
                            envelope.account_line)
        return MailTurn(power, envelope.account_line, tuple(zip(envelope.command_lines, envelope.commands)))

    def write(self, power: str, orders: Sequence[Order]) -> str:
        commands = [c for c in (self.command(o) for o in orders) if c]
        return "\n".join([START, str(self.numbers[power]), self.game_id, *commands, END]) + "\n"

    def command(self, order: Order) -> str:
        """``order`` as the rules write it (``MO 20 19``, Great Powers by number); ``""`` for a unit that
        stays where it is, which takes no command."""
        n = self._number
        if isinstance(order, Hold):
            return ""
        if isinstance(order, Move):
            return f"MO {province_of(order.unit.loc)} {province_of(order.dest)}"
        if isinstance(order, Declare):
            return f"{order.what} " + " ".join(n(p) for p in order.targets)
        if isinstance(order, GrantAccess):
            return f"GA {n(order.target)} " + (" ".join(order.areas) if order.areas else "all")
        if isinstance(order, CallToArms):
            return f"CA {n(order.ally)} {n(order.enemy)}"
        if isinstance(order, SupportAttack) and order.beneficiary:
            return f"SA {order.unit.loc} {order.dest} {n(order.beneficiary)}"
        if isinstance(order, Message):
            return f"ME {'all' if order.to == EVERYONE else n(order.to)} {order.text}"
        return str(order)  # adds, upgrades, supports, convoys, spies and votes are written in the rules' form

    def _number(self, power: str) -> str:
        return str(self.numbers.get(power, power))
