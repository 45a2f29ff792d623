"""DAIDE codec and translation: round trips between bytes, tokens and text; the map, positions and orders."""
from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.bots import play_random_phase
from engine.game import Game
from engine.net.daide import codec
from engine.net.daide import tokens as tk
from engine.net.daide import translate as tr
from engine.net.views import position_to_wire
from engine.types import UnitType, coast_of, province_of
from engine.variants import find_variant

NAMED = sorted(tk.NAMES)
token = st.one_of(st.sampled_from(NAMED), st.integers(0, 0x3FFF), st.integers(0x4B20, 0x4B7E))


@given(st.lists(token, max_size=60))
@settings(max_examples=300)
def test_tokens_survive_bytes_and_text(tokens: list[int]) -> None:
    data = codec.tokens_to_bytes(tokens)
    assert codec.bytes_to_tokens(data) == tuple(tokens)
    assert codec.parse_text(codec.to_text(tokens)) == tuple(tokens)


@given(st.binary(max_size=64))
def test_any_body_is_tokens_or_a_clear_error(body: bytes) -> None:
    try:
        tokens = codec.bytes_to_tokens(body)
    except codec.DaideError as exc:
        assert exc.code in (codec.ErrorCode.INVALID_TOKEN, codec.ErrorCode.MESSAGE_TOO_SHORT)
    else:
        assert codec.tokens_to_bytes(tokens) == body


@given(st.binary(max_size=200), st.integers(1, 7))
def test_the_reader_cuts_any_stream_without_crashing(data: bytes, chunk: int) -> None:
    reader = codec.MessageReader(max_body=64)
    try:
        for i in range(0, len(data), chunk):
            reader.feed(data[i:i + chunk])
            while reader.next_message() is not None:
                pass
    except codec.DaideError as exc:
        assert exc.code is codec.ErrorCode.UNKNOWN_MESSAGE


def test_framing_and_numbers() -> None:
    assert codec.initial_message() == bytes.fromhex("000000040001da10")
    assert codec.error_message(codec.ErrorCode.INVALID_TOKEN) == bytes.fromhex("04000002000e")
    assert codec.to_text(codec.parse_text("TME (-1) (8191) (-8192)")) == "TME ( -1 ) ( 8191 ) ( -8192 )"
    with pytest.raises(codec.DaideError):
        codec.parse_text("TME (8192)")
    with pytest.raises(codec.DaideError):
        codec.tree(codec.parse_text("SUB ((FRA AMY PAR) MTO BUR"))


def test_the_token_table_holds_the_published_values() -> None:
    expected = {"BRA": 0x4000, "TUR": 0x4106, "FLT": 0x4201, "WVE": 0x4382, "YSC": 0x4413, "RET": 0x4506,
                "NWC": 0x460E, "WIN": 0x4704, "SMR": 0x481E, "DSD": 0x490D, "BOH": 0x5000, "WAR": 0x510D,
                "WES": 0x5220, "YOR": 0x542F, "VEN": 0x5547, "STP": 0x574A}
    assert {k: tk.VALUES[k] for k in expected} == expected
    assert len(tk.PROVINCE_NAMES) == 75


def test_mdf_describes_our_standard_board_edge_for_edge() -> None:
    board = find_variant("standard").board
    cur = tr.Cursor(tr.mdf(board))
    cur.expect(tk.VALUES["MDF"])
    end = cur.group_end()
    assert [tr.POWERS_BACK[tk.NAMES[v]] for v in cur.tokens[cur.pos + 1:end]] == list(tr.POWERS)
    cur.pos = end + 1
    cur.pos = cur.group_end() + 1  # past the provinces
    cur.expect(codec.BRA)
    seen = 0
    while not cur.accept(codec.KET):
        cur.expect(codec.BRA)
        prov = tr.read_province(cur)
        while not cur.accept(codec.KET):
            cur.expect(codec.BRA)
            if cur.accept(codec.BRA):
                cur.expect(tk.VALUES["FLT"])
                coast = tr.COASTS_BACK[tk.NAMES[cur.take()]]
                cur.expect(codec.KET)
                kind, loc = UnitType.FLEET, f"{prov}/{coast}"
            else:
                kind = tr.UNIT_TYPES_BACK[cur.take()]
                loc = prov
            targets = set()
            while not cur.accept(codec.KET):
                targets.add(tr.read_loc(cur))
            real = board.army_adjacent(prov) if kind is UnitType.ARMY else board.fleet_adjacent(loc)
            assert targets == set(real), (prov, kind)
            seen += 1
        assert prov != "SWI"
    assert seen > 75


def test_positions_and_every_legal_order_translate_both_ways() -> None:
    variant = find_variant("standard")
    game = Game.new("standard")
    rng = random.Random(7)
    for _ in range(24):
        state = game.state
        wire = position_to_wire(state, variant)
        assert tr.position_from(tr.now(wire), tr.sco(wire, variant.board), variant) == state
        for power, per_unit in variant.legal_orders(state).items():
            for options in per_unit.values():
                for order in options:
                    text = str(order)
                    tokens = tr.order_tokens(power, text, wire, state.phase.type,
                                             ["NTH"] if text.endswith("VIA") else [])
                    cur = tr.Cursor((codec.BRA, *tokens, codec.KET))
                    back = tr.read_order(cur)
                    cur.finish()
                    assert back.tokens == tokens
                    # DAIDE names a support's destination by province only: "S F CON - BUL/EC" reads back as
                    # "S F CON - BUL", which supports the same move.
                    words = text.split()
                    expected = " ".join(words[:-1] + [province_of(words[-1])]) if len(words) > 2 and words[2] == "S" \
                        else text
                    if back.kind == "MTO" or back.kind == "RTO":
                        assert back.dest == text.split()[-1]
                    assert game.check_line(power, back.text).text == game.check_line(power, expected).text, text
        if game.is_over:
            break
        play_random_phase(game, rng)


def test_results_map_typed_outcomes_to_daide() -> None:
    V = tk.VALUES
    assert tr.result_tokens({"order": "A PAR - BUR", "result": "succeeds", "outcome": {"code": "moves"}}, False) == (V["SUC"],)
    assert tr.result_tokens({"order": "A PAR - BUR", "result": "fails", "outcome": {"code": "bounced_with"}}, True) \
        == (V["BNC"], V["RET"])
    assert tr.result_tokens({"order": "A MUN S A PAR - BUR", "result": "fails", "outcome": {"code": "support_cut"}},
                            False) == (V["CUT"],)
    assert tr.result_tokens({"order": "A MUN S A PAR - BUR", "result": "fails",
                             "outcome": {"code": "void_not_ordered"}}, False) == (V["NSO"],)
    assert tr.result_tokens({"order": "A LON - NWY VIA", "result": "fails", "outcome": {"code": "no_convoy_route"}},
                            False) == (V["DSR"],)
    assert tr.result_tokens({"order": "A PAR H", "result": "fails", "outcome": {"code": "dislodged_by"}}, True) \
        == (V["BNC"], V["RET"])


def test_convoy_paths_follow_the_fleets() -> None:
    board = find_variant("standard").board
    assert tr.convoy_path(board, "LON", "NWY", ["NTH"]) == ["NTH"]
    assert tr.convoy_path(board, "BRE", "NAF", ["MAO"]) == ["MAO"]
    assert tr.convoy_path(board, "LVP", "NWY", ["NAO", "NWG"]) in (["NAO", "NWG"],)
    assert tr.convoy_path(board, "LON", "TUN", ["NTH"]) == []
    _ = (coast_of, province_of)
