"""Seat tokens kept between runs, so a restarted client (or host) can resume its seats.

Qt-free. One JSON file in the app's data folder holds, per game, the seats this machine holds and their
tokens, plus the address last joined. A token alone resumes a seat, so the file is written readable by
its owner only, and a damaged file reads as empty (with a warning) instead of stopping the program.
"""
from __future__ import annotations

import json
import logging
import os
from dataclasses import asdict, dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from engine.savefile import write_atomic

TOKENS_FILE = "lan-seats.json"
FILE_FORMAT = 1
MAX_SEATS = 200  # oldest entries are dropped beyond this

log = logging.getLogger("chancellery.app.net.tokens")


@dataclass(frozen=True, slots=True)
class SavedSeat:
    game: str  # "address:port" of a host joined, or "file:/path" of a game hosted here
    power: str
    token: str
    host_name: str = ""
    variant: str = ""
    saved: str = ""  # ISO time, for the user's choice between old entries


def game_key_for_address(address: str, port: int) -> str:
    return f"{address.strip().lower()}:{port}"


def game_key_for_file(path: str | os.PathLike[str]) -> str:
    return f"file:{Path(path).resolve()}"


class TokenStore:
    def __init__(self, data_dir: Path) -> None:
        self.path = data_dir / TOKENS_FILE

    def _read(self) -> dict[str, Any]:
        if not self.path.exists():
            return {}
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
            log.warning("the seat tokens file %s can't be read (%s); starting without saved seats", self.path, exc)
            return {}
        if not isinstance(data, dict):
            log.warning("the seat tokens file %s holds %s, not an object; ignoring it", self.path, type(data).__name__)
            return {}
        return data

    def _write(self, data: dict[str, Any]) -> None:
        data["format"] = FILE_FORMAT
        try:
            write_atomic(self.path, json.dumps(data, indent=1) + "\n")  # a private temporary file, renamed
        except OSError as exc:
            log.warning("can't write the seat tokens file %s: %s", self.path, exc.strerror or exc)

    def seats(self, game: str | None = None) -> list[SavedSeat]:
        """Saved seats, newest first; only those of ``game`` when given."""
        out = []
        for entry in self._read().get("seats") or []:
            if not isinstance(entry, dict):
                continue
            try:
                seat = SavedSeat(str(entry["game"]), str(entry["power"]), str(entry["token"]),
                                 str(entry.get("host_name", "")), str(entry.get("variant", "")), str(entry.get("saved", "")))
            except KeyError:
                continue
            if game is None or seat.game == game:
                out.append(seat)
        return out

    def token_for(self, game: str, power: str) -> str | None:
        return next((s.token for s in self.seats(game) if s.power == power), None)

    def remember(self, game: str, power: str, token: str, host_name: str = "", variant: str = "") -> None:
        data = self._read()
        kept = [e for e in data.get("seats") or [] if isinstance(e, dict)
                and not (e.get("game") == game and e.get("power") == power)]
        now = datetime.now(timezone.utc).isoformat(timespec="seconds")
        kept.insert(0, asdict(SavedSeat(game, power, token, host_name, variant, now)))
        data["seats"] = kept[:MAX_SEATS]
        self._write(data)

    def forget(self, game: str, power: str) -> None:
        data = self._read()
        seats = [e for e in data.get("seats") or [] if isinstance(e, dict)]
        kept = [e for e in seats if not (e.get("game") == game and e.get("power") == power)]
        if len(kept) != len(seats):
            data["seats"] = kept
            self._write(data)

    @property
    def last_address(self) -> str:
        value = self._read().get("last_address")
        return value if isinstance(value, str) else ""

    @last_address.setter
    def last_address(self, value: str) -> None:
        data = self._read()
        data["last_address"] = value
        self._write(data)
