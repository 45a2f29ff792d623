"""The unit vocabulary is open: a variant declares a kind of unit with what it is, and validation, options,
adjudication and saves handle it without editing the engine's enum."""
from __future__ import annotations

from typing import ClassVar

import pytest

from engine import savefile
from engine.phases import process_phase
from engine.state import GameState
from engine.types import OrderError, Unit, UnitSpec, UnitType, declare_unit_type, unit_spec
from engine.variants import Variant

from test_legality import _check_position  # tests/engine is on the path (no package)

CAVALRY = declare_unit_type(UnitSpec("K", "cavalry", "army", convoyable=False, words=("k", "cavalry")))


class CavalryVariant(Variant):
    """Standard, with France's army in Paris replaced by cavalry: it moves like an army but is never convoyed."""

    id: ClassVar[str] = "test-cavalry"
    name: ClassVar[str] = "Cavalry (test)"
    aliases: ClassVar[tuple[str, ...]] = ()
    unit_types: ClassVar[tuple[UnitType, ...]] = (UnitType.ARMY, UnitType.FLEET, CAVALRY, UnitType.SQUADRON)

    def initial_state(self) -> GameState:
        start = super().initial_state()
        units = [u for u in start.units.values() if u.loc not in ("PAR", "BRE")]
        units += [Unit("FRANCE", CAVALRY, "PAR"), Unit("FRANCE", CAVALRY, "BRE")]
        return self.make_state(start.phase, units, start.centers)


def test_a_declared_letter_is_a_unit_type_value() -> None:
    assert UnitType("K") is CAVALRY and CAVALRY == "K"
    assert str(Unit("FRANCE", CAVALRY, "PAR")) == "K PAR"
    assert unit_spec("K").name == "cavalry" and unit_spec(UnitType.ARMY).convoyable
    with pytest.raises(ValueError):
        UnitType("Q")  # never declared
    with pytest.raises(ValueError, match="already declared"):
        declare_unit_type(UnitSpec("K", "knight"))


def test_a_variant_unit_moves_supports_and_is_offered_like_its_spec_says() -> None:
    variant = CavalryVariant()
    state = variant.initial_state()
    assert str(variant.validate(variant.parse("cavalry Paris - Burgundy"), state, "FRANCE")) == "K PAR - BUR"
    assert str(variant.validate(variant.parse("A MAR S K PAR - BUR"), state, "FRANCE")) == "A MAR S K PAR - BUR"
    fleet_at_sea = variant.make_state(state.phase, [Unit("FRANCE", CAVALRY, "BRE"), Unit("FRANCE", UnitType.FLEET, "ENG")],
                                      state.centers)
    with pytest.raises(OrderError, match="only armies can be convoyed"):
        variant.validate(variant.parse("F ENG C K BRE - LON"), fleet_at_sea, "FRANCE")
    with pytest.raises(OrderError):
        variant.validate(variant.parse("K BRE - LON"), fleet_at_sea, "FRANCE")
    options = {str(o) for o in variant.legal_orders(state)["FRANCE"]["PAR"]}
    assert {"K PAR H", "K PAR - BUR", "K PAR S A MAR - BUR"} <= options
    _check_position(variant, state)
    _check_position(variant, fleet_at_sea)
    # A squadron (a declared fleet-like unit that can convoy) convoys an army; cavalry stays ashore.
    squadron = variant.make_state(state.phase, [Unit("FRANCE", UnitType.SQUADRON, "ENG"), Unit("FRANCE", UnitType.ARMY, "BRE"),
                                                Unit("FRANCE", CAVALRY, "PIC"), Unit("ENGLAND", UnitType.FLEET, "NTH")],
                                  state.centers)
    assert str(variant.validate(variant.parse("S ENG C A BRE - LON"), squadron, "FRANCE")) == "S ENG C A BRE - LON"
    assert "A BRE - LON" in {str(o) for o in variant.legal_orders(squadron)["FRANCE"]["BRE"]}
    _check_position(variant, squadron)
    after = process_phase(variant, state, {"FRANCE": ["K PAR - BUR"]}).state
    assert after.units["BUR"] == Unit("FRANCE", CAVALRY, "BUR")
    stored = savefile.state_to_dict(after)
    assert savefile.state_from_dict(variant.id, stored).units["BUR"].type is CAVALRY
