"""The order parser: every notation the issue lists, canonical output, round trips and clear errors."""
from __future__ import annotations

import pytest

from engine.game import Game
from engine.mapdata import load_map
from engine.orders import parse_raw
from engine.types import OrderSyntaxError

BOARD = load_map("standard")

# (text as a player might write it, canonical order against the standard start position)
MOVEMENT_CASES = [
    ("A PAR - BUR", "A PAR - BUR"),
    ("A Par-Bur", "A PAR - BUR"),
    ("A Par -> Bur", "A PAR - BUR"),
    ("a paris - burgundy", "A PAR - BUR"),
    ("PAR - BUR", "A PAR - BUR"),  # DATC 4.C.1: a missing unit type is fine
    ("F PAR - BUR", "A PAR - BUR"),  # DATC 4.C.2: a wrong unit type is ignored
    ("A PAR H", "A PAR H"),
    ("A Paris holds", "A PAR H"),
    ("A MUN S A BER", "A MUN S A BER"),
    ("A MUN S A BER - KIE", "A MUN S A BER - KIE"),
    ("A Munich supports A Berlin -> Kiel", "A MUN S A BER - KIE"),
    ("F STP/SC - BOT", "F STP/SC - BOT"),
    ("F St. Petersburg (south coast) - Gulf of Bothnia", "F STP/SC - BOT"),
    ("F StP - GOB", "F STP/SC - BOT"),
    ("F BRE - MID", "F BRE - MAO"),
    ("F Brest - Mid-Atlantic Ocean", "F BRE - MAO"),
    ("F LON - ECH", "F LON - ENG"),
    ("F EDI - NRG", "F EDI - NWG"),
    ("England: F Edinburgh - Norwegian Sea", "F EDI - NWG"),
]


@pytest.mark.parametrize("text, canonical", MOVEMENT_CASES)
def test_movement_notations(text: str, canonical: str) -> None:
    game = Game.new()
    power = game.state.unit_at(parse_raw(text, BOARD).loc).power  # type: ignore[arg-type, union-attr]
    check = game.check_line(power, text)
    assert check.error is None, check.error
    assert check.text == canonical
    # The canonical form reads back to itself.
    assert game.check_line(power, canonical).text == canonical


@pytest.mark.parametrize(
    "alias, code",
    [("MAO", "MAO"), ("MID", "MAO"), ("NAO", "NAO"), ("NAT", "NAO"), ("NWG", "NWG"), ("NRG", "NWG"),
     ("LYO", "LYO"), ("GOL", "LYO"), ("BOT", "BOT"), ("GOB", "BOT"), ("EAS", "EAS"), ("EMS", "EAS"),
     ("ENG", "ENG"), ("ECH", "ENG"), ("english channel", "ENG"), ("Gulf of Lyon", "LYO"), ("nwy", "NWY")],
)
def test_province_aliases(alias: str, code: str) -> None:
    assert BOARD.lookup(alias) == code
    assert BOARD.lookup(alias.lower()) == code


@pytest.mark.parametrize(
    "text, kind, fields",
    [
        ("F NTH C A LON - NWY", "convoy", {"loc": "NTH", "target_loc": "LON", "dest": "NWY"}),
        ("A LON - NWY VIA", "move", {"via_convoy": True}),
        ("A lon-nwy via convoy", "move", {"via_convoy": True}),
        ("A Lon-Bel by convoy", "move", {"via_convoy": True}),
        ("F Bar-StP(nc)", "move", {"dest": "STP/NC"}),
        ("F Bar - St Petersburg (north coast)", "move", {"dest": "STP/NC"}),
        ("A BUR R PIC", "retreat", {"dest": "PIC"}),
        ("A BUR D", "disband", {"loc": "BUR"}),
        ("remove A par", "disband", {"loc": "PAR"}),
        ("BUILD A PAR", "build", {"loc": "PAR"}),
        ("A PAR B", "build", {"loc": "PAR"}),
        ("F STP/NC B", "build", {"loc": "STP/NC"}),
        ("Build F stp", "build", {"loc": "STP"}),
        ("WAIVE", "waive", {}),
        ("A Mos - Sev via TSR", "move", {"route": "TSR"}),
    ],
)
def test_raw_parse(text: str, kind: str, fields: dict[str, object]) -> None:
    raw = parse_raw(text, BOARD)
    assert raw.kind == kind
    for name, value in fields.items():
        assert getattr(raw, name) == value


@pytest.mark.parametrize(
    "text, message",
    [
        ("", "empty order"),
        ("A PAR", "no action after PAR"),
        ("A XYZ - BUR", "unknown place 'XYZ'"),
        ("A PAR - BUR BUR", "unexpected 'BUR'"),
        ("A PAR Q BUR", "unknown action 'Q'"),
        ("F NTH C A LON", "needs a destination"),
    ],
)
def test_syntax_errors_name_the_problem(text: str, message: str) -> None:
    with pytest.raises(OrderSyntaxError, match=message):
        parse_raw(text, BOARD)


@pytest.mark.parametrize(
    "power, text, message",
    [
        ("GERMANY", "A MUN - BUR - XX", "unexpected"),
        ("FRANCE", "A BUR - PAR", "no unit at BUR"),
        ("ENGLAND", "A LVP - LON", "LON is not adjacent to LVP"),
        ("GERMANY", "A PAR - BUR", "belongs to FRANCE"),
        ("RUSSIA", "F SEV - STP", "STP is not adjacent to STP/SC|not adjacent"),
        ("ENGLAND", "A LVP - IRI", "it is a sea"),
        ("FRANCE", "F BRE - PAR", "inland"),
        ("ENGLAND", "F LON S F LON", "can't support itself"),
        ("ENGLAND", "A LVP - LVP", "its own province"),
    ],
)
def test_illegal_orders_are_reported_not_raised(power: str, text: str, message: str) -> None:
    check = Game.new().check_line(power, text)
    assert check.order is None
    assert check.error is not None
    import re

    assert re.search(message, check.error), check.error


def test_ambiguous_coast_is_reported() -> None:
    game = Game.new()
    from engine.contract import state_from_request

    _, state = state_from_request({"phase": "S1901M", "units": {"FRANCE": ["F MAO"]}})
    game.replace_state(state)
    check = game.check_line("FRANCE", "F MAO - SPA")
    assert check.error == "ambiguous coast: say SPA/NC or SPA/SC"
    assert game.check_line("FRANCE", "F MAO - SPA/SC").text == "F MAO - SPA/SC"
    # DATC 4.B.2: a single reachable coast is inferred.
    _, state = state_from_request({"phase": "S1901M", "units": {"FRANCE": ["F GAS"]}})
    game.replace_state(state)
    assert game.check_line("FRANCE", "F GAS - SPA").text == "F GAS - SPA/NC"
