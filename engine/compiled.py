"""Which engine modules run compiled: a module compiled with mypyc is used only if it was built from the source
beside it; otherwise that source runs.

``setup.py`` compiles a few hot modules with mypyc when the machine can, and records the SHA-256 of each
source it compiled in ``compiled_sources.json`` (next to this file) with the name of their shared runtime
library. Python would import a compiled module in preference to its source, so the engine puts a finder in
front of the import system that lets a compiled engine module load only when every recorded source still
has its recorded hash and the library is there; otherwise (no record, a source edited since the build, a
checkout, a missing library) every compiled module gives way to its source. All or none, because compiled
modules built together call each other's compiled code directly, bypassing the import system.
A hash, not a modification time, because a checkout or a copy changes times without changing sources.
A frozen bundle (PyInstaller) carries no sources to compare, so it runs what it was built with.
``CHANCELLERY_PURE_PYTHON=1`` in the environment (as for setup.py) runs the sources of a compiled build too:
the pure-Python form without reinstalling, for comparing the two.
"""
from __future__ import annotations

import hashlib
import importlib
import json
import os
import sys
from importlib.abc import MetaPathFinder
from importlib.machinery import EXTENSION_SUFFIXES, ExtensionFileLoader, ModuleSpec, PathFinder
from importlib.util import find_spec, spec_from_file_location
from pathlib import Path
from types import ModuleType
from typing import Sequence

RECORD_NAME = "compiled_sources.json"
"""The build's record, in the package folder: ``{"library": name, "modules": {module: sha256 of source}}``."""
PURE_SWITCH = "CHANCELLERY_PURE_PYTHON"
"""Set (to anything but "" or "0") when the process starts, the sources run whatever was built."""


def runs_compiled(module: ModuleType) -> bool:
    """Whether ``module`` was loaded from a compiled extension rather than from Python source."""
    return isinstance(getattr(module.__spec__, "loader", None), ExtensionFileLoader) or str(
        getattr(module, "__file__", "") or "").endswith(tuple(EXTENSION_SUFFIXES))


class CompiledOrSource(MetaPathFinder):
    """The import finder for one package: its compiled modules load only while the build's record vouches for
    them (see the module doc); any other compiled module of the package loads from its source instead."""

    def __init__(self, package: str, folder: Path) -> None:
        self.package = package
        self.folder = folder
        self._verdict: tuple[frozenset[str], str] | None = None

    def record(self) -> dict[str, object] | None:
        """The build's record, or ``None`` if there is none or it can't be read."""
        try:
            data = json.loads((self.folder / RECORD_NAME).read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return None
        return data if isinstance(data, dict) else None

    def built_modules(self) -> tuple[str, ...]:
        """The modules the record says were compiled (whether or not they may run)."""
        modules = (self.record() or {}).get("modules")
        return tuple(sorted(modules)) if isinstance(modules, dict) else ()

    def verdict(self) -> tuple[frozenset[str], str]:
        """(the compiled modules that may load, why none may if none), decided once per process."""
        if self._verdict is None:
            self._verdict = self._judge()
        return self._verdict

    def _judge(self) -> tuple[frozenset[str], str]:
        if os.environ.get(PURE_SWITCH, "") not in ("", "0"):
            return frozenset(), f"{PURE_SWITCH} is set"
        record = self.record()
        if record is None:
            return frozenset(), "no compiled modules were built"
        modules, library = record.get("modules"), record.get("library")
        if not isinstance(modules, dict) or not modules or not isinstance(library, str):
            return frozenset(), f"{RECORD_NAME} is malformed"
        for name, digest in sorted(modules.items()):
            source = self._source_of(str(name))
            try:
                actual = hashlib.sha256(source.read_bytes()).hexdigest()
            except OSError:
                return frozenset(), f"{self._shown(source)} is missing"
            if actual != digest:
                return frozenset(), f"{self._shown(source)} changed since the compiled modules were built"
        if find_spec(library) is None:
            return frozenset(), f"the compiled modules' runtime library {library} is missing"
        return frozenset(str(name) for name in modules), ""

    def _source_of(self, module: str) -> Path:
        parts = module.split(".")[1:]
        return self.folder.joinpath(*parts).with_suffix(".py")

    def _shown(self, path: Path) -> str:
        return str(Path(self.package, path.relative_to(self.folder)))

    def find_spec(self, fullname: str, path: Sequence[str] | None = None,
                  target: ModuleType | None = None) -> ModuleSpec | None:
        if path is None or not fullname.startswith(self.package + "."):
            return None
        found = PathFinder.find_spec(fullname, path)
        if found is None or not isinstance(found.loader, ExtensionFileLoader) or found.origin is None:
            return None
        source = Path(found.origin).with_name(fullname.rpartition(".")[2] + ".py")
        if not source.is_file():
            return found  # a sourceless install: nothing to fall back to
        if fullname in self.verdict()[0]:
            return found
        return spec_from_file_location(fullname, source)

    def compiled_modules(self) -> tuple[str, ...]:
        """The recorded modules that run compiled in this process (each is imported to find out)."""
        return tuple(name for name in self.built_modules() if runs_compiled(importlib.import_module(name)))

    def summary(self) -> str:
        """One line saying what runs: the compiled modules in use, or why the source runs."""
        running = self.compiled_modules()
        if running:
            return f"compiled with mypyc: {', '.join(running)}"
        reason = self.verdict()[1] or "the compiled modules could not be imported"
        return f"pure Python ({reason})"


ENGINE = CompiledOrSource(__name__.rpartition(".")[0], Path(__file__).resolve().parent)
"""The engine package's finder, installed when the engine is first imported (unless frozen)."""

if not getattr(sys, "frozen", False) and not any(isinstance(f, CompiledOrSource) and f.package == ENGINE.package
                                                 for f in sys.meta_path):
    sys.meta_path.insert(0, ENGINE)


def compiled_modules() -> tuple[str, ...]:
    """The engine modules that run compiled in this process (empty: all pure Python)."""
    return ENGINE.compiled_modules()


def built_modules() -> tuple[str, ...]:
    """The engine modules the installed build compiled (empty: none was compiled)."""
    return ENGINE.built_modules()


def summary() -> str:
    """One line for benchmarks and diagnostics: the compiled modules in use, or why the source runs."""
    return ENGINE.summary()
