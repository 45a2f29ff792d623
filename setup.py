"""Packaging glue that pyproject.toml can't express: the top-level ``resources/`` folder (maps, icons) is
installed as the data package ``chancellery_resources``, and the modules in ``COMPILED`` are compiled with
mypyc when this machine can.

Compiling is an optional speed-up: the Python sources are always installed too, and the install goes on
without the compiled modules (saying so in one line) when mypyc is missing or fails, when there is no C
compiler or the compile fails, or when ``CHANCELLERY_PURE_PYTHON=1`` is set. A successful build records each
compiled source's hash in ``engine/compiled_sources.json``; ``engine/compiled.py`` runs a compiled module
only while its sources still match that record.
"""
from __future__ import annotations

import hashlib
import json
import os
import sys
import tempfile
from pathlib import Path

from setuptools import find_packages, setup
from setuptools.command.build_ext import build_ext

# The modules compiled with mypyc, from the repository root. They compile unchanged (no mypyc-only code), and
# they are compiled together: add a module by adding its path here.
COMPILED = [
    "engine/option_texts.py",
    "engine/lean/tables.py",
    "engine/lean/reader.py",
    "engine/lean/battle.py",
    "engine/lean/turn_end.py",
    "engine/lean/writer.py",
    "engine/variants/world31/economy.py",
    "engine/variants/world31/reading.py",
    "engine/variants/world31/ledger.py",
    "engine/variants/world31/lean_economy.py",
    "engine/variants/world31/lean/reading.py",
    "engine/variants/world31/lean/position.py",
    "engine/variants/world31/lean/answer.py",
    "engine/variants/world31/lean/writer.py",
]
LIBRARY_GROUP = "chancellery"  # the compiled modules share the runtime library chancellery__mypyc
RECORD = Path("engine", "compiled_sources.json")  # must match engine/compiled.py's RECORD_NAME
PURE_SWITCH = "CHANCELLERY_PURE_PYTHON"
ROOT = Path(__file__).resolve().parent


def say(message: str) -> None:
    print(f"chancellery: {message}", flush=True)


def brief(error: BaseException) -> str:
    """An error in a few words (a failed compile's message is the whole compiler command)."""
    text = f"{type(error).__name__}: {error}".replace("\n", " ")
    return text if len(text) <= 160 else f"{text[:100]} ... {text[-50:]}"


def module_name(path: str) -> str:
    return path.removesuffix(".py").replace("/", ".")


def source_hashes() -> dict[str, str]:
    return {module_name(path): hashlib.sha256((ROOT / path).read_bytes()).hexdigest() for path in COMPILED}


TRANSLATED: dict[str, str] = {}  # the hashes of the sources as mypyc read them


def compiled_extensions() -> list:
    """mypyc's extension modules for ``COMPILED``, or none (saying why) when they can't or shouldn't be made."""
    if os.environ.get(PURE_SWITCH, "") not in ("", "0"):
        say(f"{PURE_SWITCH} is set: installing pure Python only")
        return []
    try:
        from mypyc.build import mypycify
    except Exception as error:  # noqa: BLE001  (any failure to import it means: no mypyc here)
        say(f"mypyc is not available ({brief(error)}): installing pure Python only")
        return []
    # A configuration of mypyc's own: pyproject.toml's [tool.mypy] is for checking the whole project, and the
    # build environment lacks the runtime dependencies (shapely, numpy), which the compiled modules don't use.
    with tempfile.TemporaryDirectory() as folder:
        config = Path(folder, "mypyc.ini")
        config.write_text("[mypy]\nignore_missing_imports = True\n", encoding="utf-8")
        try:
            TRANSLATED.update(source_hashes())
            extensions = mypycify(["--config-file", str(config), *COMPILED], opt_level="3", group_name=LIBRARY_GROUP)
        except (Exception, SystemExit) as error:  # mypyc exits when it can't type-check or translate a module
            say(f"mypyc could not translate the modules ({brief(error)}): installing pure Python only")
            return []
    return extensions


class BuildCompiledOrPure(build_ext):
    """``build_ext`` that never fails the install: if a compiled module can't be built, none is installed.
    After a full build it records the hash of each compiled source (``RECORD``)."""

    def run(self) -> None:
        if not self.extensions:
            return
        try:
            super().run()
        except (Exception, SystemExit) as error:  # no C compiler, or the compile failed
            self._discard()
            say(f"the compiled modules could not be built ({brief(error)}): installing pure Python only")
            return
        hashes = source_hashes()
        if hashes != TRANSLATED:
            self._discard()
            say("a compiled module's source changed during the build: installing pure Python only")
            return
        record = self._record_path()
        record.parent.mkdir(parents=True, exist_ok=True)
        record.write_text(json.dumps({"library": f"{LIBRARY_GROUP}__mypyc", "modules": hashes}, indent=1) + "\n",
                          encoding="utf-8")
        say(f"compiled with mypyc: {', '.join(sorted(hashes))}")

    def _record_path(self) -> Path:
        return (ROOT if self.inplace else Path(self.build_lib)) / RECORD

    def _discard(self) -> None:
        """Remove what a failed build left, so no half-built module is installed."""
        for extension in self.extensions:
            Path(self.get_ext_fullpath(extension.name)).unlink(missing_ok=True)
        self._record_path().unlink(missing_ok=True)

    def get_outputs(self) -> list[str]:
        built = [path for path in super().get_outputs() if os.path.exists(path)]
        record = self._record_path()
        return built + [str(record)] if record.exists() else built


def forget_compiled_builds() -> None:
    """A pure-Python install must not pick up what an earlier compiled build left: its record (in place for an
    editable install, or in setuptools' build folder, whose files all go into the wheel) and modules."""
    (ROOT / RECORD).unlink(missing_ok=True)
    for build_lib in (ROOT / "build").glob("lib*"):
        (build_lib / RECORD).unlink(missing_ok=True)
        stale = [build_lib.glob(f"{LIBRARY_GROUP}__mypyc.*")]
        stale += [build_lib.joinpath(module_name(path).replace(".", "/")).parent.glob(Path(path).stem + ".*")
                  for path in COMPILED]
        for found in stale:
            for file in found:
                if file.suffix in (".so", ".pyd"):
                    file.unlink()


# pip runs this file once per step (requirements, metadata, the build); only the build needs mypyc's work.
BUILDS = {"build", "build_ext", "bdist_wheel", "editable_wheel", "develop", "install", "bdist"}
building = not BUILDS.isdisjoint(sys.argv[1:])
extensions = compiled_extensions() if building else []
if building and not extensions:
    forget_compiled_builds()

setup(
    packages=find_packages(include=["engine", "engine.*", "app", "app.*"]) + ["chancellery_resources"],
    package_dir={"chancellery_resources": "resources"},
    package_data={
        "chancellery_resources": ["icons/*", "maps/*/*", "maps/*/source/*", "rules/*"],
        "engine": ["py.typed"],
        "app": ["py.typed"],
    },
    ext_modules=extensions,
    cmdclass={"build_ext": BuildCompiledOrPure},
)
