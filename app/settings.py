"""User settings, recent games and where files live, in the platform's usual folders (platformdirs).

Qt-free. ``SettingsStore`` reads and writes one JSON file; a damaged file gives the defaults (and a
warning in the log) instead of stopping the program, and is kept as ``settings.damaged.json``. ``CHANCELLERY_CONFIG_DIR`` and
``CHANCELLERY_DATA_DIR`` override the folders (portable installs, tests).
"""
from __future__ import annotations

import json
import logging
import os
import shutil
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any

import platformdirs

from engine.savefile import write_atomic

APP_NAME = "chancellery"
SETTINGS_FILE = "settings.json"
DAMAGED_SETTINGS_FILE = "settings.damaged.json"
MAX_RECENT = 10

log = logging.getLogger("chancellery.app.settings")


@dataclass(slots=True)
class Settings:
    colour_blind: bool = False
    show_labels: bool = True
    show_units: bool = True
    show_orders: bool = True
    last_variant: str = "standard"
    recent_games: list[str] = field(default_factory=list)  # most recent first

    def add_recent(self, path: str | os.PathLike[str]) -> None:
        text = str(Path(path).resolve())
        self.recent_games = [text] + [p for p in self.recent_games if p != text]
        del self.recent_games[MAX_RECENT:]

    def existing_recent(self) -> list[str]:
        return [p for p in self.recent_games if Path(p).is_file()]


def default_config_dir() -> Path:
    override = os.environ.get("CHANCELLERY_CONFIG_DIR")
    return Path(override) if override else Path(platformdirs.user_config_dir(APP_NAME, appauthor=False))


def default_data_dir() -> Path:
    override = os.environ.get("CHANCELLERY_DATA_DIR")
    return Path(override) if override else Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


class SettingsStore:
    """The settings file plus the folders for saves and autosaves."""

    def __init__(self, config_dir: Path | None = None, data_dir: Path | None = None) -> None:
        self.config_dir = config_dir if config_dir is not None else default_config_dir()
        self.data_dir = data_dir if data_dir is not None else default_data_dir()

    @property
    def settings_path(self) -> Path:
        return self.config_dir / SETTINGS_FILE

    @property
    def saves_dir(self) -> Path:
        return self.data_dir / "saves"

    @property
    def autosave_dir(self) -> Path:
        return self.data_dir / "autosave"

    def load(self) -> Settings:
        path = self.settings_path
        if not path.exists():
            return Settings()
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, json.JSONDecodeError, RecursionError) as exc:
            kept = self._keep_damaged()
            log.warning("settings file %s can't be read (%s); using the defaults%s", path, exc,
                        f" (the file is kept as {kept})" if kept else "")
            return Settings()
        return settings_from_dict(data)

    @property
    def damaged_path(self) -> Path:
        return self.config_dir / DAMAGED_SETTINGS_FILE

    def _keep_damaged(self) -> Path | None:
        """A copy of a settings file that can't be read, before the next save replaces it (a hand edit with
        one comma wrong would otherwise lose every setting and recent game in it)."""
        try:
            shutil.copyfile(self.settings_path, self.damaged_path)
        except OSError:
            return None
        return self.damaged_path

    def save(self, settings: Settings) -> None:
        """Write ``settings``; recent games another window of the program added to the file since it was read
        are kept (after this window's, which become the merged list too)."""
        if self.settings_path.is_file():
            others = [p for p in self.load().recent_games if p not in settings.recent_games]
            settings.recent_games = (settings.recent_games + others)[:MAX_RECENT]
        try:
            write_atomic(self.settings_path, json.dumps(asdict(settings), indent=1) + "\n")
        except OSError as exc:
            log.warning("can't write the settings file %s: %s", self.settings_path, exc)


def settings_from_dict(data: Any) -> Settings:
    """Settings from parsed JSON; unknown keys are ignored and wrongly typed values take the default."""
    settings = Settings()
    if not isinstance(data, dict):
        log.warning("settings file holds %s, not an object; using the defaults", type(data).__name__)
        return settings
    for f in fields(Settings):
        if f.name not in data:
            continue
        value = data[f.name]
        default = getattr(settings, f.name)
        if isinstance(default, bool):
            ok = isinstance(value, bool)
        elif isinstance(default, list):
            ok = isinstance(value, list) and all(isinstance(v, str) for v in value)
        else:
            ok = isinstance(value, type(default))
        if ok:
            setattr(settings, f.name, list(value) if isinstance(value, list) else value)
        else:
            log.warning("setting %s=%r has the wrong type; using %r", f.name, value, default)
    del settings.recent_games[MAX_RECENT:]
    return settings
