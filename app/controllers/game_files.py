"""One line saying what a saved game is ("World Diplomacy, Winter 2003 Movement, hot-seat"), for the recent
games on the start page and in the menu. Qt-free.

A saved game holds its whole history (a long World Diplomacy game is megabytes), and the start page lists up
to eighteen files as the program starts, so each file's line is kept in the data folder beside its size and
time of change, and a file is read again only when it changed.
"""
from __future__ import annotations

import json
import logging
from pathlib import Path
from typing import Any

from engine.savefile import write_atomic
from engine.types import Phase

from .setup import Mode

LABELS_FILE = "game_file_labels.json"
_KEPT = 64  # lines kept: the recent games and autosaves listed, with room to spare

log = logging.getLogger("chancellery.app.game_files")


def variant_name(data: dict[str, Any]) -> str:
    """A saved game's variant as people call it: the name the file gives (files written before it gave
    one: the id, spaced and capitalised), without loading every variant before the start page shows."""
    name = data.get("variant_name")
    if isinstance(name, str) and name.strip():
        return name.strip()
    words = str(data["variant"]).replace("_", " ").split()
    return " ".join(w if w in ("of", "the") and i else w[:1].upper() + w[1:] for i, w in enumerate(words))


def read_label(path: Path) -> str | None:
    """"Variant, phase, mode" read from the file itself, or ``None`` when it isn't a readable saved game."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        phase = Phase.parse(data["state"]["phase"]).long_name
        mode = "game master" if data.get("meta", {}).get("mode") == Mode.GM.value else "hot-seat"
        return f"{variant_name(data)}, {phase}, {mode}"
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return None


class GameFileLabels:
    """Each saved game's line, kept in ``folder`` (``LABELS_FILE``) by path with the file's size and time of
    change; ``save`` writes what changed. A damaged or missing record is started afresh."""

    def __init__(self, folder: Path) -> None:
        self.path = folder / LABELS_FILE
        self._kept: dict[str, tuple[int, int, str | None]] = {}
        self._asked: list[str] = []
        self._changed = False
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
            for name, (changed_ns, size, label) in data.items():
                if type(changed_ns) is int and type(size) is int and (label is None or type(label) is str):
                    self._kept[str(name)] = (changed_ns, size, label)
        except FileNotFoundError:
            pass
        except (OSError, ValueError, TypeError, AttributeError) as exc:
            log.info("starting the saved games' lines afresh (%s: %s)", self.path, exc)

    def label(self, path: Path) -> str | None:
        """``read_label(path)``, read from the file only when it changed since its line was kept."""
        name = str(path)
        self._asked.append(name)
        try:
            stat = path.stat()
        except OSError:
            return None
        kept = self._kept.get(name)
        if kept is not None and kept[0] == stat.st_mtime_ns and kept[1] == stat.st_size:
            return kept[2]
        label = read_label(path)
        self._kept[name] = (stat.st_mtime_ns, stat.st_size, label)
        self._changed = True
        return label

    def save(self) -> None:
        """Write the lines kept, when any changed: those asked for since this was made first, then the others
        up to ``_KEPT``."""
        if not self._changed:
            return
        order = list(dict.fromkeys([*self._asked, *self._kept]))[:_KEPT]
        record = {name: list(self._kept[name]) for name in order if name in self._kept}
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            write_atomic(self.path, json.dumps(record, indent=1) + "\n")
            self._changed = False
        except OSError as exc:
            log.warning("can't keep the saved games' lines in %s: %s", self.path, exc)
