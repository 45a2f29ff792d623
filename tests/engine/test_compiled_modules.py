"""A compiled module runs only while it matches its source: ``engine.compiled`` lets Python import a module
compiled by setup.py only while every source the build recorded still has its recorded hash (and the shared
runtime library is there); otherwise the sources run. Staleness is simulated on a throwaway package with
empty files named as extension modules, which Python prefers to a source beside them (and can't load)."""
from __future__ import annotations

import ast
import hashlib
import importlib
import json
import os
import sys
from importlib.machinery import EXTENSION_SUFFIXES, ExtensionFileLoader, ModuleSpec, SourceFileLoader
from pathlib import Path
from typing import Iterator

import pytest

import engine
import engine.compiled as compiled
import engine.lean
import engine.variants.world31 as world31
import engine.variants.world31.lean as world31_lean
from engine.compiled import PURE_SWITCH, RECORD_NAME, CompiledOrSource, runs_compiled

ROOT = Path(__file__).resolve().parents[2]
SUFFIX = EXTENSION_SUFFIXES[0]


class Build:
    """A package ``pkgx`` with modules ``mod`` and ``other``, each as source and as a (fake) compiled file,
    the shared library ``pkgx_lib__mypyc`` and the build's record."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.package = root / "pkgx"
        self.package.mkdir()
        (self.package / "__init__.py").write_text("")
        for name in ("mod", "other"):
            (self.package / f"{name}.py").write_text(f'WHERE = "source of {name}"\n')
            (self.package / f"{name}{SUFFIX}").write_bytes(b"")
        (root / f"pkgx_lib__mypyc{SUFFIX}").write_bytes(b"")
        self.write_record()

    def write_record(self, **changes: object) -> None:
        record: dict[str, object] = {"library": "pkgx_lib__mypyc", "modules": {
            f"pkgx.{name}": hashlib.sha256((self.package / f"{name}.py").read_bytes()).hexdigest()
            for name in ("mod", "other")}}
        record.update(changes)
        (self.package / RECORD_NAME).write_text(json.dumps(record))

    def spec(self, name: str = "mod") -> ModuleSpec | None:
        """What a fresh finder answers for ``pkgx.<name>`` (a new one: the verdict is kept per process)."""
        return CompiledOrSource("pkgx", self.package).find_spec(f"pkgx.{name}", [str(self.package)])


@pytest.fixture
def build(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Build]:
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delenv(PURE_SWITCH, raising=False)
    yield Build(tmp_path)
    for name in [n for n in sys.modules if n == "pkgx" or n.startswith("pkgx.")]:
        del sys.modules[name]


def _is_compiled(spec: ModuleSpec | None) -> bool:
    return spec is not None and isinstance(spec.loader, ExtensionFileLoader) and str(spec.origin).endswith(SUFFIX)


def _is_source(spec: ModuleSpec | None, name: str = "mod") -> bool:
    return spec is not None and isinstance(spec.loader, SourceFileLoader) and str(spec.origin).endswith(f"{name}.py")


def test_a_build_matching_its_sources_is_used(build: Build) -> None:
    assert _is_compiled(build.spec("mod")) and _is_compiled(build.spec("other"))
    assert CompiledOrSource("pkgx", build.package).verdict() == (frozenset({"pkgx.mod", "pkgx.other"}), "")


def test_an_edited_source_runs_instead_of_its_compiled_module(build: Build) -> None:
    (build.package / "mod.py").write_text('WHERE = "edited"\n')
    assert _is_source(build.spec("mod"))
    assert CompiledOrSource("pkgx", build.package).verdict() == (
        frozenset(), f"{Path('pkgx', 'mod.py')} changed since the compiled modules were built")


def test_one_edited_source_sends_every_compiled_module_back_to_its_source(build: Build) -> None:
    # Modules compiled together call each other's compiled code directly, so they run all compiled or none.
    (build.package / "other.py").write_text('WHERE = "edited"\n')
    assert _is_source(build.spec("mod"))


def test_new_file_times_alone_keep_the_build(build: Build) -> None:
    # A checkout or a copy gives files new times without changing them.
    later = (build.package / f"mod{SUFFIX}").stat().st_mtime + 3600
    for name in ("mod.py", "other.py"):
        os.utime(build.package / name, (later, later))
    assert _is_compiled(build.spec("mod"))


@pytest.mark.parametrize("damage, reason", [
    ("no record", "no compiled modules were built"),
    ("garbled record", "no compiled modules were built"),
    ("no modules", f"{RECORD_NAME} is malformed"),
    ("no library", "the compiled modules' runtime library pkgx_lib__mypyc is missing"),
    ("missing source", f"{Path('pkgx', 'other.py')} is missing"),
])
def test_a_build_that_cannot_be_vouched_for_gives_way_to_the_sources(build: Build, damage: str, reason: str) -> None:
    if damage == "no record":
        (build.package / RECORD_NAME).unlink()
    elif damage == "garbled record":
        (build.package / RECORD_NAME).write_text("{not json")
    elif damage == "no modules":
        build.write_record(modules={})
    elif damage == "no library":
        (build.root / f"pkgx_lib__mypyc{SUFFIX}").unlink()
    elif damage == "missing source":
        (build.package / "other.py").unlink()
        (build.package / f"other{SUFFIX}").unlink()
    assert _is_source(build.spec("mod"))
    assert CompiledOrSource("pkgx", build.package).verdict() == (frozenset(), reason)


@pytest.mark.parametrize("value, pure", [("1", True), ("yes", True), ("0", False), ("", False)])
def test_the_pure_python_switch_runs_the_sources_of_a_good_build(build: Build, monkeypatch: pytest.MonkeyPatch,
                                                                 value: str, pure: bool) -> None:
    monkeypatch.setenv(PURE_SWITCH, value)
    assert _is_source(build.spec("mod")) if pure else _is_compiled(build.spec("mod"))
    assert CompiledOrSource("pkgx", build.package).verdict()[1] == (f"{PURE_SWITCH} is set" if pure else "")


def test_a_module_without_source_beside_it_keeps_its_compiled_file(build: Build) -> None:
    (build.package / "mod.py").unlink()
    assert _is_compiled(build.spec("mod"))


def test_other_packages_and_plain_modules_are_left_to_the_import_system(build: Build) -> None:
    finder = CompiledOrSource("pkgx", build.package)
    assert finder.find_spec("pkgxother.mod", [str(build.package)]) is None
    assert finder.find_spec("pkgx", None) is None
    (build.package / f"plain{SUFFIX}").unlink(missing_ok=True)
    (build.package / "plain.py").write_text("")
    assert finder.find_spec("pkgx.plain", [str(build.package)]) is None


def test_through_the_import_system_a_stale_build_imports_the_source(build: Build,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    # Without the finder Python takes the (here unloadable) compiled file over the source beside it ...
    with pytest.raises(ImportError):
        importlib.import_module("pkgx.mod")
    sys.modules.pop("pkgx.mod", None)
    # ... with it, an edited source is what runs.
    monkeypatch.setattr(sys, "meta_path", [CompiledOrSource("pkgx", build.package), *sys.meta_path])
    (build.package / "mod.py").write_text('WHERE = "edited"\n')
    module = importlib.import_module("pkgx.mod")
    assert module.WHERE == "edited" and not runs_compiled(module)


# --- the engine ------------------------------------------------------------------------------------------


def test_the_engine_guards_its_imports_and_reports_what_runs() -> None:
    assert compiled.ENGINE in sys.meta_path and compiled.ENGINE.folder == Path(engine.__file__).resolve().parent
    running = compiled.compiled_modules()
    # All or none of the build, and the lean path's flag agrees with its modules.
    assert running in ((), compiled.built_modules())
    lean = [m for m in compiled.built_modules() if m.startswith("engine.lean.")]
    assert engine.lean.COMPILED == (bool(running) and len(lean) == 5)
    world = [m for m in compiled.built_modules() if m.startswith("engine.variants.world31.")]
    world_lean = [m for m in world if m.startswith("engine.variants.world31.lean")]  # (its lean path, lean_economy)
    assert world31.COMPILED == (bool(running) and len(world) - len(world_lean) == 3)
    assert world31_lean.COMPILED == (bool(running) and len(world_lean) == 5)
    assert compiled.summary().startswith("compiled with mypyc: " if running else "pure Python (")
    assert not runs_compiled(compiled)


def test_setup_compiles_engine_modules_and_writes_the_record_the_engine_reads() -> None:
    tree = ast.parse((ROOT / "setup.py").read_text(encoding="utf-8"))
    values = {node.targets[0].id: node.value for node in tree.body
              if isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Name)}
    paths = ast.literal_eval(values["COMPILED"])
    assert paths and all((ROOT / path).is_file() and path.startswith("engine/") for path in paths)
    assert not any(path.endswith("__init__.py") or path == "engine/compiled.py" for path in paths)
    assert ast.literal_eval(values["PURE_SWITCH"]) == PURE_SWITCH
    record = values["RECORD"]
    assert isinstance(record, ast.Call) and [ast.literal_eval(a) for a in record.args] == ["engine", RECORD_NAME]
