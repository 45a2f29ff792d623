"""What a plain (non-editable) install ships: every package, and the data files the code looks for."""
from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_every_code_folder_is_a_package() -> None:
    missing = [str(d.relative_to(ROOT)) for top in ("engine", "app") for d in (ROOT / top).rglob("*")
               if d.is_dir() and not d.name.startswith((".", "__")) and any(d.glob("*.py"))
               and not (d / "__init__.py").exists()]
    assert missing == []


def test_package_data_patterns_cover_every_resource_file() -> None:
    import fnmatch

    patterns = ["icons/*", "maps/*/*", "maps/*/source/*", "rules/*"]  # as in setup.py
    setup_text = (ROOT / "setup.py").read_text()
    assert all(f'"{p}"' in setup_text for p in patterns)
    resources = ROOT / "resources"
    files = [p.relative_to(resources).as_posix() for p in resources.rglob("*")
             if p.is_file() and "__pycache__" not in p.parts and p.name != "__init__.py"]
    uncovered = [f for f in files if not any(fnmatch.fnmatch(f, pat) and f.count("/") == pat.count("/")
                                             for pat in patterns)]
    assert files and uncovered == []


def test_ci_runs_the_readme_test_command_verbatim() -> None:
    readme = (ROOT / "README.md").read_text()
    quick_start = readme.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    commands = [line.strip() for line in quick_start.splitlines() if line.startswith("    ")]
    assert len(commands) == 2, commands  # one to install and launch, one to install and run the tests
    assert "chancellery" in commands[0] and "pytest" in commands[1]
    ci = (ROOT / ".ci" / "run").read_text().splitlines()
    assert commands[1] in [line.strip() for line in ci]
