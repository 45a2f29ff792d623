"""Seats and their secret tokens. The host keeps only a hash of each token, so a save file can't be used
to take a seat; a token (192 random bits) alone lets a client act for its power or reconnect to it.
"""
from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from .schema import ProtocolError


def hash_token(token: str) -> str:
    # A plain hash is enough: the tokens are long random strings, not guessable passwords.
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


@dataclass(slots=True)
class Seat:
    power: str
    token_hash: str | None = None
    player: str = ""

    @property
    def is_claimed(self) -> bool:
        return self.token_hash is not None


class SeatTable:
    """One seat per power of the variant."""

    def __init__(self, powers: Iterable[str]) -> None:
        self.seats: dict[str, Seat] = {p: Seat(p) for p in powers}

    def find_power(self, name: str) -> str:
        key = name.strip().upper()
        if key not in self.seats:
            raise ProtocolError("unknown_power", f"no power {name!r} in this game (powers: {', '.join(self.seats)})")
        return key

    def claim(self, name: str, player: str = "") -> tuple[str, str]:
        """Claim a free seat: returns (power, token). The token is shown once and never stored."""
        power = self.find_power(name)
        seat = self.seats[power]
        if seat.is_claimed:
            raise ProtocolError("seat_taken", f"{power} already has a player; only its token can resume it")
        token = secrets.token_urlsafe(24)
        seat.token_hash, seat.player = hash_token(token), player
        return power, token

    def power_for_token(self, token: str) -> str:
        digest = hash_token(token)
        found = None
        for seat in self.seats.values():
            # Compare every seat, in constant time each, so timing says nothing about which one matched.
            if seat.token_hash is not None and hmac.compare_digest(seat.token_hash, digest):
                found = seat.power
        if found is None:
            raise ProtocolError("bad_token", "no seat has this token")
        return found

    def release(self, power: str) -> None:
        """Free a seat (the host's decision, e.g. to let a substitute take over); its token stops working."""
        seat = self.seats[self.find_power(power)]
        seat.token_hash, seat.player = None, ""

    def is_claimed(self, power: str) -> bool:
        seat = self.seats.get(power)
        return seat is not None and seat.is_claimed

    def claimed(self) -> dict[str, bool]:
        return {p: s.is_claimed for p, s in self.seats.items()}

    def to_dict(self) -> dict[str, Any]:
        return {p: {"token_sha256": s.token_hash, "player": s.player} for p, s in self.seats.items() if s.is_claimed}

    def restore(self, data: Mapping[str, Any]) -> None:
        for power, entry in data.items():
            if power in self.seats and isinstance(entry, Mapping) and isinstance(entry.get("token_sha256"), str):
                self.seats[power].token_hash = entry["token_sha256"]
                self.seats[power].player = str(entry.get("player", ""))
