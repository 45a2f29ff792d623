"""Game-master corrections of units that stand beside another unit (World Diplomacy's militia, Engineered's
engineers and prisons): added by power and kind only where the variant lets them stand, removed one by one,
checked as saves and the contract check positions, and undone or rolled back like any other correction."""
from __future__ import annotations

import pytest

from app.controllers.gm import GameMaster
from app.controllers.setup import Mode, NewGameSpec, create_game
from engine import savefile
from engine.state import StackedUnit
from engine.types import ChancelleryError, UnitType


def gm_game(variant: str) -> GameMaster:
    return GameMaster(create_game(NewGameSpec(variant, Mode.GM)))


def test_world_militia_beside_its_countrys_army_is_added_removed_undone_and_rolled_back() -> None:
    gm = gm_game("world31")
    game, variant = gm.game, gm.game.variant
    prov, army = next((p, u) for p, u in game.state.units.items() if u.type is UnitType.ARMY)
    other = next(p for p in variant.powers if p != army.power)
    offered = variant.stacked_additions(game.state, prov)
    assert StackedUnit(army.power, UnitType.MILITIA, prov) in offered
    assert {s.power for s in offered} == {army.power}  # never beside another country's army

    gm.add_unit(army.power, UnitType.MILITIA, prov)
    assert game.state.units[prov] == army  # the army still holds the province
    assert game.state.stacked_in(prov) == [StackedUnit(army.power, UnitType.MILITIA, prov)]
    variant.check_state(game.state)
    assert variant.stacked_additions(game.state, prov) == []  # one militia per province
    with pytest.raises(ChancelleryError, match="militia"):
        gm.add_unit(army.power, UnitType.MILITIA, prov)
    before = game.state
    with pytest.raises(ChancelleryError, match="another country"):
        gm.add_unit(other, UnitType.MILITIA, next(p for p, u in game.state.units.items()
                                                  if u.power != other and u.type is UnitType.ARMY and p != prov))
    assert game.state is before  # a refused correction leaves the position alone

    loaded = savefile.loads(savefile.dumps(game))  # the corrected position saves and loads
    assert loaded.state.stacked_in(prov) == game.state.stacked_in(prov)
    # The militia takes orders in its own slot beside the army's.
    assert game.check_line(army.power, f"M {prov} H").ok

    gm.remove_stacked(StackedUnit(army.power, UnitType.MILITIA, prov))
    assert game.state.stacked_in(prov) == [] and game.state.units[prov] == army
    with pytest.raises(ChancelleryError, match="no M"):
        gm.remove_stacked(StackedUnit(army.power, UnitType.MILITIA, prov))
    gm.undo_edit()
    assert len(game.state.stacked_in(prov)) == 1
    gm.redo_edit()
    assert game.state.stacked_in(prov) == []
    gm.undo_edit()

    gm.adjudicate()
    assert game.history
    gm.rollback(0)  # the start of the first phase is the corrected position, militia included
    assert game.state.stacked_in(prov) == [StackedUnit(army.power, UnitType.MILITIA, prov)]


def test_world_militia_alone_in_an_empty_province() -> None:
    gm = gm_game("world31")
    game, variant = gm.game, gm.game.variant
    empty = next(p for p, prov in variant.board.provinces.items()
                 if p not in game.state.units and variant.can_stand(UnitType.MILITIA, p))
    offered = {s.power for s in variant.stacked_additions(game.state, empty)}
    assert offered == set(variant.powers)  # any country's militia may stand in an empty area
    gm.add_unit(variant.powers[3], UnitType.MILITIA, empty)
    assert game.state.stacked_in(empty)[0].power == variant.powers[3] and empty not in game.state.units


def test_engineered_engineers_and_prisons_are_corrected_where_the_rules_let_them_stand() -> None:
    gm = gm_game("engineered")
    game, variant = gm.game, gm.game.variant
    assert game.state.units["MOS"].power == "RUSSIA" and game.state.units["VIE"].power == "AUSTRIA"
    engineers = [s for s in variant.stacked_additions(game.state, "MOS") if s.kind is UnitType.ENGINEER]
    assert [s.power for s in engineers] == ["RUSSIA"]  # another power's engineer would be captured (4a)
    prisons = [s for s in variant.stacked_additions(game.state, "MOS") if s.kind is UnitType.PRISON]
    assert {s.power for s in prisons} == {"RUSSIA"} and "RUSSIA" not in {s.origin for s in prisons}
    assert {s.origin for s in prisons} == set(variant.powers) - {"RUSSIA"}

    gm.add_unit("RUSSIA", UnitType.ENGINEER, "MOS")
    assert game.state.stacked_in("MOS") == [StackedUnit("RUSSIA", UnitType.ENGINEER, "MOS")]
    assert game.state.units["MOS"].power == "RUSSIA"
    with pytest.raises(ChancelleryError, match="rule 4a"):
        gm.add_unit("AUSTRIA", UnitType.ENGINEER, "MOS")
    with pytest.raises(ChancelleryError, match="rule 6a"):  # an engineer and a prison can't share an area
        gm.add_stacked(StackedUnit("RUSSIA", UnitType.PRISON, "MOS", origin="TURKEY"))
    gm.add_stacked(StackedUnit("AUSTRIA", UnitType.PRISON, "VIE", origin="ITALY"))
    assert game.state.stacked_in("VIE") == [StackedUnit("AUSTRIA", UnitType.PRISON, "VIE", origin="ITALY")]
    with pytest.raises(ChancelleryError, match="whose engineer"):
        gm.add_unit("AUSTRIA", UnitType.PRISON, "VIE")
    with pytest.raises(ChancelleryError, match="rule 4c"):  # a prison stays with a unit of its captor
        gm.add_stacked(StackedUnit("AUSTRIA", UnitType.PRISON, "BUR", origin="ITALY"))
    assert not [s for s in variant.stacked_additions(game.state, "BUR") if s.kind is UnitType.PRISON]
    gm.add_unit("FRANCE", UnitType.ENGINEER, "BUR")  # alone in an empty area
    variant.check_state(game.state)
    loaded = savefile.loads(savefile.dumps(game))
    assert loaded.state.stacked == game.state.stacked
    assert game.check_line("RUSSIA", "E MOS H").ok

    gm.remove_stacked(StackedUnit("AUSTRIA", UnitType.PRISON, "VIE", origin="ITALY"))
    assert game.state.stacked_in("VIE") == []
    gm.undo_edit()
    assert len(game.state.stacked_in("VIE")) == 1
    gm.adjudicate()
    gm.rollback(0)
    assert len(game.state.stacked) == 3


def test_removing_a_lone_decoy_forgets_its_disguise_so_the_save_loads() -> None:
    gm = gm_game("engineered")
    game = gm.game
    state = game.state
    army = state.units["BUD"]
    game.replace_state(state.replace(disguised={army: UnitType.DECOY}))
    gm.remove_unit("BUD")
    assert not game.state.disguised
    savefile.loads(savefile.dumps(game))


def test_variants_without_stacking_offer_nothing_and_every_correction_is_checked() -> None:
    gm = gm_game("standard")
    game, variant = gm.game, gm.game.variant
    assert variant.stacked_additions(game.state, "PAR") == []
    with pytest.raises(ChancelleryError, match="stands beside other units in Standard"):
        gm.add_stacked(StackedUnit("FRANCE", UnitType.ARMY, "PAR"))


def test_a_correction_leaving_an_unplayable_position_is_refused_and_changes_nothing() -> None:
    gm = gm_game("engineered")
    game = gm.game
    decoy = StackedUnit("AUSTRIA", UnitType.DECOY, "BUD", mimic=UnitType.ARMY)
    game.replace_state(game.state.replace(stacked=(decoy,)))
    before = game.state
    with pytest.raises(ChancelleryError, match="decoy in BUD stands beside no unit"):
        gm.remove_unit("BUD")  # its twin: the decoy would be left beside nothing
    assert game.state is before and not gm.can_undo_edit
    gm.remove_stacked(decoy)  # the decoy first, then its twin
    gm.remove_unit("BUD")
    assert "BUD" not in game.state.units and not game.state.stacked
