"""The package boundaries hold: the engine never imports Qt or the app; each engine layer imports only the
layers below it (the table in docs/ARCHITECTURE.md is the specification); Qt-free controllers stay
Qt-free; the app does not reach into particular variants' modules."""
from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ENGINE = ROOT / "engine"
APP = ROOT / "app"
ARCHITECTURE = ROOT / "docs" / "ARCHITECTURE.md"
QT = ("PySide6", "PyQt5", "PyQt6", "shiboken6")
FORBIDDEN_IN_ENGINE = (*QT, "app")


def _module_name(path: Path, root: Path = ROOT) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _imports(path: Path, root: Path = ROOT) -> list[str]:
    """Every module ``path`` imports, absolute, including imports inside functions and ``from x import sub``
    (listed as ``x.sub``: it may be a submodule)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    is_package = path.name == "__init__.py"
    here = _module_name(path, root) if path.is_relative_to(root) else path.stem
    package = here.split(".") if is_package else here.split(".")[:-1]
    names: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.extend(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - (node.level - 1)]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            if node.module:
                names.append(module)
            names.extend(f"{module}.{alias.name}" for alias in node.names if alias.name != "*")
        elif isinstance(node, ast.Call) and getattr(node.func, "attr", getattr(node.func, "id", "")) == "import_module":
            if node.args and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str):
                names.append(node.args[0].value)
    return names


# --- the engine never imports Qt or the app ------------------------------------------------------------


def test_engine_imports_neither_qt_nor_app() -> None:
    offenders = []
    files = sorted(ENGINE.rglob("*.py"))
    assert len(files) > 10, "the engine package was not found"
    for path in files:
        for name in _imports(path):
            if name.split(".")[0] in FORBIDDEN_IN_ENGINE:
                offenders.append(f"{path.relative_to(ROOT)} imports {name}")
    assert offenders == []


def test_boundary_check_catches_a_qt_import(tmp_path: Path) -> None:
    bad = tmp_path / "bad.py"
    bad.write_text("from PySide6.QtGui import QImage\nimport app.cli\n")
    assert [n.split(".")[0] for n in _imports(bad)] == ["PySide6", "PySide6", "app"]


# --- engine layers -------------------------------------------------------------------------------------


def architecture_layers(text: str) -> dict[str, int]:
    """The engine layer table of ARCHITECTURE.md as {module or package path: rank}, rank 0 the lowest."""
    section = text.split("## Engine layers", 1)[1].split("\n## ", 1)[0]
    ranks: dict[str, int] = {}
    rows = [line for line in section.splitlines() if line.startswith("|") and "`" in line.split("|")[2]]
    for rank, row in enumerate(rows):
        for entry in re.findall(r"`([^`]+)`", row.split("|")[2]):
            ranks[entry.removesuffix("/").removesuffix(".py")] = rank
    return ranks


def _layer_of(module: str, ranks: dict[str, int]) -> int | None:
    """The rank of an ``engine.x.y`` module: its own row, or its package's (``net/`` covers ``net.host``)."""
    parts = module.split(".")[1:]
    for n in range(len(parts), 0, -1):
        key = "/".join(parts[:n])
        if key in ranks:
            return ranks[key]
    return None


def upward_imports(ranks: dict[str, int], files: list[Path], root: Path = ROOT) -> list[str]:
    problems = []
    for path in files:
        module = _module_name(path, root)
        if module == "engine":
            continue  # the package facade re-exports the public entry points from the top
        own = _layer_of(module, ranks)
        if own is None:
            problems.append(f"{module} is in no row of the layer table in docs/ARCHITECTURE.md")
            continue
        for name in _imports(path, root):
            if not name.startswith("engine.") or name == "engine":
                continue
            theirs = _layer_of(name, ranks)
            if theirs is not None and theirs > own:
                problems.append(f"{module} (layer {own}) imports {name} (layer {theirs})")
    return sorted(set(problems))


def test_the_layer_table_is_parsed() -> None:
    ranks = architecture_layers(ARCHITECTURE.read_text(encoding="utf-8"))
    assert ranks["types"] == 0
    assert ranks["resolver"] < ranks["phases"] < ranks["options"] < ranks["variants"] < ranks["game"]
    assert ranks["mapformats"] == ranks["mapdata"] and ranks["cli"] == ranks["contract"]


def test_no_engine_layer_imports_a_higher_one() -> None:
    ranks = architecture_layers(ARCHITECTURE.read_text(encoding="utf-8"))
    assert upward_imports(ranks, sorted(ENGINE.rglob("*.py"))) == []


def test_layer_check_catches_an_upward_import_and_an_unlisted_module(tmp_path: Path) -> None:
    ranks = {"types": 0, "phases": 1, "variants": 2}
    (tmp_path / "engine" / "variants").mkdir(parents=True)
    (tmp_path / "engine" / "phases.py").write_text("from .types import Unit\nfrom .variants.base import Variant\n")
    (tmp_path / "engine" / "variants" / "base.py").write_text("from ..phases import Submission\n")
    (tmp_path / "engine" / "newthing.py").write_text("import engine.types\n")
    files = sorted((tmp_path / "engine").rglob("*.py"))

    assert upward_imports(ranks, files, root=tmp_path) == [
        "engine.newthing is in no row of the layer table in docs/ARCHITECTURE.md",
        "engine.phases (layer 1) imports engine.variants.base (layer 2)",
        "engine.phases (layer 1) imports engine.variants.base.Variant (layer 2)",
    ]


# --- the app -------------------------------------------------------------------------------------------


def _variant_modules() -> set[str]:
    """The particular variants' modules: every module or package of engine/variants/ but the base record."""
    found = {p.stem for p in (ENGINE / "variants").glob("*.py")} | {
        p.parent.name for p in (ENGINE / "variants").glob("*/__init__.py")
    }
    return {f"engine.variants.{name}" for name in found - {"__init__", "base"}}


def app_variant_imports(files: list[Path]) -> set[tuple[str, str]]:
    """(app module, variant module) for every app module importing a particular variant's module."""
    variant_modules = _variant_modules()
    pairs = set()
    for path in files:
        for name in _imports(path):
            parts = name.split(".")
            if len(parts) >= 3 and ".".join(parts[:3]) in variant_modules:
                pairs.add((_module_name(path), ".".join(parts[:3])))
    return pairs


def test_no_app_module_imports_a_particular_variant() -> None:
    """The app asks the variant (its hooks, option specs, unit specs, order marks and order kinds' entries) and never
    imports a particular variant's module."""
    found = app_variant_imports(sorted(APP.rglob("*.py")))
    assert sorted(found) == [], "ask the variant through its hooks instead"


def test_app_variant_check_catches_a_new_import(tmp_path: Path) -> None:
    bad = tmp_path / "bad.py"
    bad.write_text("from engine.variants import colonial\nfrom engine.variants import find_variant\n")
    pairs = {name for name in _imports(bad) if name.startswith("engine.variants.")}
    assert pairs == {"engine.variants.colonial", "engine.variants.find_variant"}
    assert "engine.variants.colonial" in _variant_modules()
    assert "engine.variants.find_variant" not in _variant_modules()


def test_controllers_never_import_qt() -> None:
    offenders = [
        f"{path.relative_to(ROOT)} imports {name}"
        for path in sorted((APP / "controllers").rglob("*.py"))
        for name in _imports(path)
        if name.split(".")[0] in QT
    ]
    assert len(list((APP / "controllers").rglob("*.py"))) > 5, "app/controllers was not found"
    assert offenders == []
