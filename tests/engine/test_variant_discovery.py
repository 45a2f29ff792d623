"""Variants are found, not listed: a module dropped into engine/variants/ and an installed distribution's
``chancellery.variants`` entry point both become findable, without any list to edit."""
from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Iterator

import pytest

import engine.variants as registry
from engine.types import ChancelleryError

VARIANT_MODULE = """
from engine.variants import Variant, register


@register
class {cls}(Variant):
    id = "{vid}"
    name = "{cls}"
    aliases = ("{vid}-alias",)
"""


@pytest.fixture
def clean_registry(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Run discovery afresh and put the registry back as it was afterwards."""
    registry.discover()
    saved_variants = dict(registry.VARIANTS)
    saved_problems = dict(registry.DISCOVERY_PROBLEMS)
    saved_modules = set(sys.modules)
    monkeypatch.setattr(registry, "__path__", list(registry.__path__))
    yield
    registry.VARIANTS.clear()
    registry.VARIANTS.update(saved_variants)
    registry.DISCOVERY_PROBLEMS.clear()
    registry.DISCOVERY_PROBLEMS.update(saved_problems)
    for name in set(sys.modules) - saved_modules:
        del sys.modules[name]


def test_built_in_variants_are_found_by_scanning_the_package() -> None:
    ids = registry.variant_ids()
    assert {"standard", "colonial", "engineered"} <= set(ids)
    assert registry.find_variant("Colonial").id == "colonial"


def test_a_module_dropped_into_the_variants_package_registers_itself(
    tmp_path: Path, clean_registry: None
) -> None:
    (tmp_path / "dropped_in.py").write_text(VARIANT_MODULE.format(cls="DroppedIn", vid="dropped"))
    registry.__path__.append(str(tmp_path))
    with pytest.raises(ChancelleryError, match="unknown variant 'dropped'"):
        registry.find_variant("dropped")  # discovery already ran; a later module needs a fresh scan

    registry.discover(force=True)

    variant = registry.find_variant("DROPPED-alias")
    assert type(variant).__name__ == "DroppedIn"
    assert type(variant).__module__ == "engine.variants.dropped_in"
    assert "dropped" in registry.variant_ids()


def _install_fake_distribution(site: Path, entry_points: str) -> None:
    """A minimal installed distribution on ``site``: what pip leaves behind, entry points included."""
    info = site / "chancellery_fake_variants-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: chancellery-fake-variants\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text(textwrap.dedent(entry_points))


def test_an_installed_distribution_adds_variants_through_the_entry_point_group(
    tmp_path: Path, clean_registry: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    pkg = tmp_path / "fake_variants"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    # One entry point names a module (which registers itself), one names a class left undecorated.
    (pkg / "by_module.py").write_text(VARIANT_MODULE.format(cls="ByModule", vid="plugin-module"))
    (pkg / "by_class.py").write_text(
        "from engine.variants import Variant\n\n\nclass ByClass(Variant):\n    id = 'plugin-class'\n"
    )
    _install_fake_distribution(
        tmp_path,
        """
        [chancellery.variants]
        module = fake_variants.by_module
        klass = fake_variants.by_class:ByClass
        broken = fake_variants.missing_module
        """,
    )
    monkeypatch.syspath_prepend(str(tmp_path))

    registry.discover(force=True)

    assert type(registry.find_variant("plugin-module")).__name__ == "ByModule"
    assert type(registry.find_variant("plugin-class")).__name__ == "ByClass"
    # The broken plug-in is reported by name and the rest of the registry still works.
    assert list(registry.DISCOVERY_PROBLEMS) == ["broken = fake_variants.missing_module"]
    assert "fake_variants.missing_module" in registry.DISCOVERY_PROBLEMS["broken = fake_variants.missing_module"]
    assert registry.find_variant("colonial").id == "colonial"


def test_a_variant_may_not_take_another_variants_id(clean_registry: None) -> None:
    class Impostor(registry.Variant):
        id = "colonial"

    with pytest.raises(ChancelleryError, match="'colonial' is taken"):
        registry.register(Impostor)
    assert registry.find_variant("colonial").id == "colonial"
    assert type(registry.find_variant("colonial")).__name__ != "Impostor"


def test_importing_the_engine_does_not_import_any_variant_module() -> None:
    # A fresh interpreter: discovery is lazy, so only a lookup imports the variant modules.
    probe = (
        "import sys, engine.variants, engine.game\n"
        "loaded = sorted(m for m in sys.modules if m.startswith('engine.variants.') and m != 'engine.variants.base')\n"
        "print(loaded)\n"
        "engine.variants.variant_ids()\n"
        "print('engine.variants.colonial' in sys.modules)\n"
    )
    root = Path(__file__).resolve().parents[2]
    out = subprocess.run([sys.executable, "-c", probe], cwd=root, capture_output=True, text=True, check=True)
    assert out.stdout.split("\n")[:2] == ["[]", "True"]
