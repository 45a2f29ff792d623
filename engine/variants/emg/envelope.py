"""The EMG turn envelope (rules section 9.0): ``EMGSTART``, the account id, the game id, one command a line,
``EMGEND``; spacing and indentation don't matter, and lines outside the envelope (a mail's headers and
signature) are ignored. A later envelope replaces an earlier one, so the last complete one is read."""
from __future__ import annotations

from dataclasses import dataclass

from ...types import ChancelleryError

START, END = "EMGSTART", "EMGEND"


@dataclass(frozen=True, slots=True)
class Envelope:
    account: str
    game: str
    commands: tuple[str, ...]


def read_envelope(text: str) -> Envelope:
    """The last complete envelope in ``text``; raises :class:`ChancelleryError` saying what is missing."""
    lines = [line.strip() for line in text.splitlines()]
    starts = [i for i, line in enumerate(lines) if line.upper() == START]
    if not starts:
        raise ChancelleryError(f"no {START} line: a turn starts with {START}")
    for first in reversed(starts):
        end = next((i for i in range(first + 1, len(lines)) if lines[i].upper() == END), None)
        if end is None:
            continue
        body = [line for line in lines[first + 1:end] if line]
        if len(body) < 2:
            raise ChancelleryError(f"after {START} come the account id and the game id, then the commands")
        account, game, *commands = body
        return Envelope(account, game, tuple(" ".join(c.split()) for c in commands))
    raise ChancelleryError(f"no {END} line after {START}: the commands must end with {END}")
