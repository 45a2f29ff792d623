"""Read a JSON file, turning every way it can fail into one error type that names the file."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any


def read_json(path: str | Path, error: type[Exception] = ValueError) -> Any:
    """Parse ``path``; raise ``error`` saying why it can't be read or isn't JSON."""
    file = Path(path)
    try:
        text = file.read_text(encoding="utf-8")
    except OSError as exc:
        raise error(f"{file} can't be read: {exc.strerror or exc}") from exc
    except UnicodeDecodeError:
        raise error(f"{file} is not a text file") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise error(f"{file} is not valid JSON (line {exc.lineno}, column {exc.colno}): {exc.msg}") from None
