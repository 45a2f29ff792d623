"""The toy's bombardment through the Qt-free click machine (the GUI test drives the same steps with real
clicks): the variant maps its order kind to the damage step (``Variant.entry_kinds``), no client code knows it."""
from __future__ import annotations

import toy_variant  # noqa: F401  (registers the variant)

from app.controllers.drafts import OrderDraft
from app.controllers.order_entry import Click, EntryOptions, OrderEntry, Step
from engine.contract import state_from_request
from engine.game import Game


def test_a_bombardment_is_entered_by_the_damage_step() -> None:
    game = Game.new("toy")
    _, state = state_from_request({"variant": "toy", "phase": "U1901M",
                                   "units": {"NORTH": ["Z EAS", "F NOR"], "SOUTH": ["Z MID", "F SOU", "A DUN"]}})
    game.replace_state(state)
    draft = OrderDraft(["NORTH", "SOUTH"])
    entry = OrderEntry(EntryOptions.from_game(game, ["NORTH", "SOUTH"]), draft)
    entry.click(Click("EAS"))
    assert "X" in entry.available_kinds()
    entry.key("X")
    assert entry.step is Step.DAMAGE_TARGET and entry.highlights == {"MID", "DUN"}  # foreign units next to it
    entry.click(Click("DUN"))
    assert entry.step is Step.DAMAGE_DEST and entry.highlights == {"DUN"}  # a bombardment hits the unit itself
    entry.click(Click("DUN"))
    assert draft.lines("NORTH") == ["Z EAS BOMBARD A DUN"]
    # A fleet has no bombardment to offer.
    entry.click(Click("NOR"))
    assert "X" not in entry.available_kinds()
