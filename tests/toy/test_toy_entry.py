"""The toy's bombardment through the Qt-free click machine (the GUI test drives the same steps with real
clicks): the order kind describes its own entry (``Bombard.entry``: X, then the target); no client code knows it."""
from __future__ import annotations

import toy_variant  # noqa: F401  (registers the variant)

from app.controllers.drafts import OrderDraft
from app.controllers.order_entry import Click, EntryOptions, OrderEntry, Step
from engine.contract import state_from_request
from engine.game import Game


def test_a_bombardment_is_entered_by_its_own_description() -> None:
    game = Game.new("toy")
    _, state = state_from_request({"variant": "toy", "phase": "U1901M",
                                   "units": {"NORTH": ["Z EAS", "F NOR"], "SOUTH": ["Z MID", "F SOU", "A DUN"]}})
    game.replace_state(state)
    draft = OrderDraft(["NORTH", "SOUTH"])
    entry = OrderEntry(EntryOptions.from_game(game, ["NORTH", "SOUTH"]), draft)
    entry.click(Click("EAS"))
    assert "X" in entry.available_kinds() and entry.kind_label("X") == "Bombard" and "X bombard" in entry.prompt
    entry.key("X")
    assert entry.step is Step.PICK and entry.stage == "bombard_target"
    assert entry.highlights == {"MID", "DUN"}  # foreign units next to it
    assert entry.prompt == "Z EAS bombards: click the unit to bombard (Esc cancels)"
    entry.click(Click("NOR"))
    assert entry.prompt == "Z EAS can't bombard a unit in Nordhaven" and entry.stage == "bombard_target"
    entry.click(Click("DUN"))  # one bombardment of that unit: ordered
    assert draft.lines("NORTH") == ["Z EAS BOMBARD A DUN"] and entry.step is Step.IDLE
    # A fleet has no bombardment to offer.
    entry.click(Click("NOR"))
    assert "X" not in entry.available_kinds()
    entry.key("X")
    assert entry.prompt == "F NOR has nothing to bombard"
