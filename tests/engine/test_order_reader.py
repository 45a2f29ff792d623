"""The fast order reader gives exactly what the general parser and validation give, on every map.

``OrderReader.read`` must equal ``variant.validate(variant.parse(text), state, power)`` for every text:
the same typed order, or the same error family with the same message. Texts come from random games of
every variant (every phase type), as the legal orders in canonical notation and rewritten in other
notations, with illegal and malformed variants of each.
"""
from __future__ import annotations

import random
from typing import Any

import pytest

from engine.bots import random_orders
from engine.game import Game
from engine.order_reader import (OrderReader, _decided_by_map, _split_read, _supports_by_map, _vocabulary, forget_read_texts,
                                 raw_order, read_orders)
from engine.orders import order_key, parse_raw
from engine.state import GameState
from engine.types import OrderError, PhaseType
from engine.variants import Variant, find_variant, variant_ids

from random_games import snapshots


def general(variant: Variant, state: GameState, power: str | None, text: Any) -> object:
    try:
        return variant.validate(variant.parse(text), state, power)
    except OrderError as exc:
        return (type(exc), str(exc))


def fast(reader: OrderReader, power: str | None, text: Any) -> object:
    """``reader.read``'s answer, after checking that ``reader.entry`` (which may answer from the map's
    tables of orders read in other positions) gives the same order with its canonical text and slot."""
    try:
        order = reader.read(power, text)
    except OrderError as exc:
        with pytest.raises(type(exc)) as again:
            reader.entry(power, text)
        assert str(again.value) == str(exc)
        return (type(exc), str(exc))
    assert reader.entry(power, text) == (order, str(order), order_key(order))
    return order


def rewrites(text: str, rng: random.Random, variant: Variant) -> list[str]:
    """``text`` as people write it, and broken in the ways people break it."""
    board = variant.board
    places = list(board.provinces)
    names = [p.name for p in board.provinces.values()]
    words = text.split()
    out = [
        text, text.lower(), text.title(), text.replace(" - ", "-"), text.replace(" - ", " -> "),
        text.replace(" - ", " \u2192 "), text.replace(" ", "   "), "\t" + text + "  ",
        " ".join(w for w in words if w not in ("A", "F")),
        " ".join({"A": "Army", "F": "Fleet", "S": "supports", "C": "convoys", "H": "holds", "-": "moves to"}.get(w, w)
                 for w in words),
        " ".join(board.provinces[w].name if w in board.provinces else w for w in words),
        text.replace("/NC", "(nc)").replace("/SC", " (south coast)").replace("/EC", "/ec"),
        text + " VIA", text + " VIA CONVOY", text + " VIA TSR", text + " VC", text + " H", text + "!", text + " -",
        text + "/EC", text.replace(" - ", " R "), text.replace(" - ", " D "), text + " D", text + " B",
        text.replace(" S ", " C "), text.replace(" C ", " S "),
        text.replace("A ", "F ", 1), text.replace("F ", "A ", 1),
        f"{variant.powers[0]}: {text}", "\u0131" + text, text.replace("A", "\u0410"),
        "WAIVE", "waive", "BUILD " + text, "SUEZ " + text, "permit " + text, "", "   ", "A", "-", "A PAR", "H", "S",
    ]
    for _ in range(5):  # one word swapped for a place, a name or a keyword
        changed = list(words)
        if changed:
            changed[rng.randrange(len(changed))] = rng.choice(
                places + names + ["-", "S", "C", "H", "VIA", "A", "F", "B", "D", "R", "TO", "WAIVE"]
                + [f"{p}/NC" for p in places[:6]] + [f"{p}/SC" for p in places[-6:]])
            out.append(" ".join(changed))
    return out


@pytest.mark.parametrize("variant_id", variant_ids())
def test_reader_gives_what_parse_and_validate_give(variant_id: str) -> None:
    rng = random.Random(7)
    compared = kinds = 0
    seen_phase_types = set()
    for seed in range(2):
        for game in snapshots(variant_id, seed, 7):
            variant, state = game.variant, game.state
            seen_phase_types.add(state.phase.type)
            reader = OrderReader(variant, state)
            legal = [str(o) for per in variant.legal_orders(state).values() for opts in per.values() for o in opts]
            rng.shuffle(legal)
            powers = [None, *variant.powers[:3]]
            for text in legal[:16]:
                for line in rewrites(text, rng, variant):
                    for power in powers:
                        expected = general(variant, state, power, line)
                        assert fast(reader, power, line) == expected, (variant_id, str(state.phase), power, line)
                        compared += 1
                        kinds += not isinstance(expected, tuple)
    assert compared > 3000 and kinds > 300  # enough texts, and not only errors
    assert {PhaseType.MOVEMENT, PhaseType.ADJUSTMENTS} & find_variant(variant_id).phase_types <= seen_phase_types


@pytest.mark.parametrize("variant_id", variant_ids())
def test_split_reader_gives_the_parsers_raw_order(variant_id: str) -> None:
    """On every variant's map, whatever the split reader reads is what the general parser reads (even
    where the variant parses with a parser of its own)."""
    variant = find_variant(variant_id)
    board = variant.board
    vocab = _vocabulary(board, ())
    rng = random.Random(3)
    read = 0
    for game in snapshots(variant.id, 1, 4):
        per_unit = game.variant.legal_orders(game.state).values()
        legal = [str(o) for per in per_unit for opts in per.values() for o in opts]
        for text in rng.sample(legal, min(120, len(legal))):
            for line in rewrites(text, rng, variant):
                shape = _split_read(vocab, line)
                if shape is None:
                    continue
                read += 1
                try:
                    expected: object = parse_raw(line, board)
                except OrderError as exc:
                    expected = exc
                assert raw_order(shape, line) == expected, line
    assert read > 1000


COMMON = ["A PAR - BUR", "a par-bur", "A Par - Bur", "PAR - BUR", "A PAR H", "a par hold", "A MUN S A PAR - BUR",
          "A MUN S PAR-BUR", "A MUN SUPPORTS A BER", "F NTH C A LON - NWY", "F NTH convoys A LON - NWY",
          "A LON - NWY VIA", "A LON - NWY VIA CONVOY", "F STP/SC - BOT", "Army PAR - BUR", "F BRE - MAO",
          "A PAR -> BUR", "Army MUN supports Army PAR -> BUR", "F BRE=>MAO", "PAR H", "par hold"]


@pytest.mark.parametrize("text", COMMON)
def test_common_notations_skip_the_general_parser(text: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The notations programs and players write most are read without the general parser (the speed the
    contract and the LAN host rely on), and still give the general path's answer."""
    variant = find_variant("standard")
    state = variant.initial_state()
    expected = general(variant, state, None, text)

    def no_parser(_text: str) -> None:
        raise AssertionError("the general parser was used")

    monkeypatch.setattr(variant, "parse", no_parser)
    assert fast(OrderReader(variant, state), None, text) == expected


def test_read_orders_reports_each_line() -> None:
    variant = find_variant("standard")
    state = variant.initial_state()
    checked = read_orders(variant, state, {"FRANCE": ["A PAR - BUR", "A PAR - MOS", "F LON - NTH", "nonsense"]})
    move, far, foreign, nonsense = checked["FRANCE"]
    assert str(move) == "A PAR - BUR"
    assert isinstance(far, OrderError) and "MOS is not adjacent to PAR" in str(far)
    assert isinstance(foreign, OrderError) and "belongs to ENGLAND, not FRANCE" in str(foreign)
    assert isinstance(nonsense, OrderError)


def test_reader_checks_convoys_against_the_position() -> None:
    """Convoy moves and convoys depend on where the fleets are: the reader sees this position's fleets."""
    variant = find_variant("standard")
    request_units = {"ENGLAND": ["A LON", "F NTH"], "FRANCE": ["F ENG"]}
    from engine.contract import state_from_request

    _, state = state_from_request({"phase": "S1901M", "units": request_units})
    reader = OrderReader(variant, state)
    for power, text in [("ENGLAND", "A LON - NWY"), ("ENGLAND", "A LON - BEL VIA"), ("ENGLAND", "F NTH C A LON - NWY"),
                        ("FRANCE", "F ENG C A LON - BRE"), ("FRANCE", "F ENG S A LON - BEL"),
                        ("ENGLAND", "A LON - MOS"), ("ENGLAND", "F NTH C A LON - MOS")]:
        assert fast(reader, power, text) == general(variant, state, power, text), text
    assert str(reader.read("ENGLAND", "A LON - NWY")) == "A LON - NWY"
    assert str(reader.read("FRANCE", "F ENG S A LON - BEL")) == "F ENG S A LON - BEL"


def test_orders_read_in_one_position_are_not_reused_where_the_fleets_differ() -> None:
    """The map keeps orders read before only when the map and the units they name decide them: a support
    or move that needs a convoy is checked again in a position with other fleets."""
    from engine.contract import state_from_request

    variant = find_variant("standard")
    with_fleet = state_from_request({"phase": "S1901M", "units": {"ENGLAND": ["A LON", "F NTH"], "FRANCE": ["F ENG"]}})[1]
    without = state_from_request({"phase": "S1901M", "units": {"ENGLAND": ["A LON"], "FRANCE": ["F ENG"]}})[1]
    texts = [("FRANCE", "F ENG S A LON - BEL"), ("ENGLAND", "A LON - NWY"), ("ENGLAND", "A LON - BEL VIA"),
             ("ENGLAND", "A LON - WAL"), ("FRANCE", "F ENG S A LON - WAL")]
    for first, second in [(with_fleet, without), (without, with_fleet)]:
        forget_read_texts()
        for state in (first, second, first):
            reader = OrderReader(variant, state)
            for power, text in texts:
                assert fast(reader, power, text) == general(variant, state, power, text), (text, state.units)
    assert isinstance(general(variant, without, "FRANCE", "F ENG S A LON - BEL"), tuple)  # refused without F NTH


@pytest.mark.parametrize("variant_id", variant_ids())
def test_word_salad_reads_alike(variant_id: str) -> None:
    """Random sequences of the words the split reader knows (places, unit and action words, dashes), in
    any case and spacing: the fast and general paths still agree on every one."""
    variant = find_variant(variant_id)
    vocab = _vocabulary(variant.board, tuple(variant.unit_words().items()), variant.own_order_words or frozenset())
    words = [*rng_sample(vocab.places, 40), *vocab.unit_words, *vocab.actions, "VIA", "CONVOY", "WAIVE", "TO", "-",
             "XYZ", "(NC)", ":"]
    units, places, actions = list(vocab.unit_words), rng_sample(vocab.places, 40), list(vocab.actions)
    # Order-like templates: U unit word, P place, X action word, W any word; each filled at random.
    templates = ["U P X", "P X", "U P X P", "U P X P VIA", "U P X P VIA CONVOY", "U P X U P", "U P X P - P",
                 "U P X U P - P", "P X P - P", "U P X U P X", "W W W", "W W W W W", "U P X W", "U P X U P - W"]
    fill = {"U": units, "P": places, "X": actions, "W": words}
    rng = random.Random(11)
    games = snapshots(variant_id, 2, 3)
    read = 0
    for game in games:
        reader = OrderReader(game.variant, game.state)
        board = game.variant.board
        here = [u.loc for u in game.state.units.values()]  # places near units, where orders can be legal
        fill["P"] = places + here + [p for loc in here for p in board.any_adjacent(loc.partition("/")[0])]
        for _ in range(1500):
            picked = [rng.choice(fill[w]) if w in fill else w for w in rng.choice(templates).split()]
            line = rng.choice([" ", "  ", "-", " - "]).join(picked)
            line = rng.choice([line, line.lower(), line.title()])
            power = rng.choice([None, *game.variant.powers])
            expected = general(game.variant, game.state, power, line)
            assert fast(reader, power, line) == expected, line
            read += _split_read(vocab, line) is not None
    assert read > 300  # many are read by the split reader, not left to the parser


@pytest.mark.parametrize("variant_id", variant_ids())
def test_map_tables_hold_texts_of_a_unit_letter_and_place(variant_id: str) -> None:
    """Every text of the map's tables of holds, moves and supports starts with a unit's one letter and a blank:
    ``OrderReader.entry`` hands a text of another shape (World Diplomacy's "MAINTAIN A NA5") to the variant's
    own reading without looking it up there."""
    variant = find_variant(variant_id)
    if variant.standard_reading()[0] is None:
        return  # (the variant parses every text itself: no tables)
    vocab = _vocabulary(variant.board, tuple(variant.unit_words().items()), variant.own_order_words or frozenset())
    decided, supports = _decided_by_map(vocab, variant.board), _supports_by_map(vocab, variant.board)
    assert decided
    for text in [*decided, *supports]:
        assert text[1:2] == " " and text[:1].isupper(), text


def rng_sample(places: dict[str, str], count: int) -> list[str]:
    """A fixed spread of the vocabulary's place words, coasts included."""
    ordered = sorted(places)
    return ordered[:: max(1, len(ordered) // count)]


def test_reader_follows_a_variants_move_rule_as_validation_does() -> None:
    """Under a move rule (frozen provinces) the reader checks moves and supports itself; every text still
    reads as parse + validate read it, in the phases the rule applies and in the others."""
    from test_legality import FrozenVariant

    variant = FrozenVariant()
    rng = random.Random(11)
    game = Game(variant, variant.initial_state())
    compared = refused = 0
    while game.state.phase.year < 1904 and not game.is_over:
        state = game.state
        if state.phase.type is PhaseType.MOVEMENT:
            reader = OrderReader(variant, state)
            legal = [str(o) for per in variant.legal_orders(state).values() for opts in per.values() for o in opts]
            units = list(state.units.values())
            texts = legal + [f"{u.type._value_} {u.loc} - {d}" for u in units
                             for d in sorted(variant.board.adjacent(u.type, u.loc))]
            texts += [f"{u.type._value_} {u.loc} S {t.type._value_} {t.loc}" for u in units for t in units[:6]]
            for text in texts:
                for power in (None, variant.powers[0]):
                    expected = general(variant, state, power, text)
                    assert fast(reader, power, text) == expected, (str(state.phase), power, text)
                    compared += 1
                    refused += isinstance(expected, tuple) and "frozen" in expected[1]
        for power in game.powers_to_order():
            game.set_orders(power, random_orders(game, power, rng), ready=True)
        game.process()
    assert compared > 2000 and refused > 50


def test_a_text_naming_a_stacked_kind_is_the_variants_to_read() -> None:
    """A World Diplomacy militia beside an army: ``M X H`` orders the militia, ``A X H`` the army."""
    variant = find_variant("world31")
    game = Game.new("world31")
    state = game.state
    for _ in range(12):
        if state.stacked and any(s.province in state.units for s in state.stacked):
            break
        for power in game.powers_to_order():
            game.set_orders(power, random_orders(game, power, random.Random(5)), ready=True)
        game.process()
        state = game.state
    shared = [s for s in state.stacked if s.province in state.units]
    assert shared, "no militia beside an army or fleet in twelve phases"
    reader = OrderReader(variant, state)
    for s in shared:
        occupant = state.units[s.province]
        for text in (f"M {s.loc} H", f"{occupant.type._value_} {occupant.loc} H"):
            assert fast(reader, s.power, text) == general(variant, state, s.power, text)
        assert reader.read(s.power, f"M {s.loc} H").unit == s.unit  # type: ignore[attr-defined]
