"""What order kinds and variants tell a front end without it knowing the variant: a kind's note in an order
list, a caution before sending, whether it takes a build, pseudo-powers' names and the bid side panel."""
from __future__ import annotations

import pytest

from engine.game import Game
from engine.orders import Build, Hold, Move, Waive
from engine.types import ChancelleryError, Unit, UnitType
from engine.variants import find_variant, variant_ids
from engine.variants.base import pseudo_power_name

A, F = UnitType.ARMY, UnitType.FLEET


def test_standard_orders_have_no_note_and_builds_and_waives_take_a_build() -> None:
    standard = find_variant("standard")
    hold = Hold(Unit("FRANCE", A, "PAR"))
    assert standard.order_note(hold) == "" and hold.caution() is None and not hold.uses_build
    assert Build(Unit("FRANCE", A, "PAR")).uses_build and Waive("FRANCE").uses_build


def test_colonial_words_its_railway_moves_and_suez_permissions() -> None:
    colonial = find_variant("colonial")
    game = Game.new("colonial")
    typed = game.check_line("RUSSIA", "A MOS - VLA VIA TSR").order
    assert typed is not None and colonial.order_note(typed) == "by railway"
    assert colonial.order_note(Move(Unit("RUSSIA", A, "MOS"), "PRM")) == ""
    kinds = {k.__name__: k for k in colonial.order_kinds}
    assert kinds["SuezPermission"].note == "Suez passage granted"


def test_engineered_bids_are_described_by_the_variant() -> None:
    standard = Game.new("standard")
    assert not standard.variant.takes_bids() and standard.variant.bid_targets(standard.state) == []
    with pytest.raises(ChancelleryError, match="no units to bid for"):
        standard.variant.bid_order("FRANCE", [Unit("FRANCE", A, "PAR")], Hold(Unit("FRANCE", A, "PAR")))
    game = Game.new("engineered", options={"level": "complex"})
    variant = game.variant
    assert variant.takes_bids() and pseudo_power_name("NEUTRAL") == "Madman" == variant.power_name("NEUTRAL")
    assert pseudo_power_name("FRANCE") is None
    assert all(u.power == "NEUTRAL" for u, _ in variant.bid_targets(game.state))
    assert variant.bid_offerable(game.state, "RUSSIA") == sorted(game.state.units_of("RUSSIA"), key=lambda u: u.loc)
    assert not Game.new("engineered", options={"level": "simple"}).variant.takes_bids()
    offered = [Unit("RUSSIA", A, "MOS")]
    madman_order = Hold(Unit("NEUTRAL", F, "BLA"))
    bid = variant.bid_order("RUSSIA", offered, madman_order)
    assert str(bid) == "BID A MOS FOR F BLA H" and type(bid).note == "bid"
    assert bid.caution() == "BID A MOS FOR F BLA H — if the bid wins, A MOS holds in civil disorder and its own order is void"


def test_variants_say_how_their_orders_are_drawn() -> None:
    from engine.order_marks import MarkKind, MarkStyle
    from engine.orders import SupportHold

    standard = find_variant("standard")
    support = SupportHold(Unit("FRANCE", A, "PAR"), Unit("FRANCE", A, "BUR"))
    (mark,) = standard.order_marks(support)
    assert (mark.kind, mark.at, mark.to, mark.style) == (MarkKind.SUPPORT_HOLD, "PAR", "BUR", MarkStyle.NORMAL)
    assert standard.order_marks(Waive("FRANCE")) == ()
    colonial = Game.new("colonial")
    ride = colonial.check_line("RUSSIA", "A MOS - VLA VIA TSR").order
    assert ride is not None
    (track,) = colonial.variant.order_marks(ride)
    assert track.style is MarkStyle.RAILWAY and track.via == ("PRM", "OMS", "KRA", "IRK")
    assert colonial.variant.uncounted_centre_note() == "HON held by China: no centre"
    assert standard.uncounted_centre_note() is None
    engineered = find_variant("engineered", {"level": "complex"})
    bid = engineered.bid_order("RUSSIA", [Unit("RUSSIA", A, "MOS")], Hold(Unit("NEUTRAL", F, "BLA")))
    (held,) = engineered.order_marks(bid)  # a bid is drawn as the order it asks for
    assert (held.kind, held.at) == (MarkKind.HOLD, "BLA")


ROLE_FIELDS = {
    "permission": ("power", "fleet", "dest"), "stacked_hold": ("stacked",), "stacked_move": ("stacked", "dest"),
    "transport": ("unit", "engineer"), "damage": ("unit", "target", "dest"), "bid": ("power", "offered", "order"),
    "create_engineer": ("engineer",), "create_decoy": ("decoy",), "convert": ("converter", "into"),
    "disband_stacked": ("stacked",), "vote": ("power", "target"),
}


@pytest.mark.parametrize("vid", variant_ids())
def test_entry_roles_are_played_by_declared_order_kinds_with_the_roles_fields(vid: str) -> None:
    import dataclasses

    from engine.entry_roles import EntryRole

    variant = find_variant(vid)
    assert {str(r) for r in EntryRole} == set(ROLE_FIELDS)
    for role, classes in variant.entry_kinds.items():
        for cls in classes:
            assert any(issubclass(cls, kind) or issubclass(kind, cls) for kind in variant.order_kinds), cls
            names = {f.name for f in dataclasses.fields(cls)} | {n for n in dir(cls) if not n.startswith("_")}
            assert set(ROLE_FIELDS[role]) <= names, (role, cls)
    if vid == "colonial":
        assert [c.__name__ for c in variant.entry_kinds[EntryRole.PERMISSION]] == ["SuezPermission"]
    if vid == "standard":
        assert variant.entry_kinds == {}
