"""The frame codec and message checks: round trips, clear errors, and fuzzing that never crashes."""
from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.net.codec import HEADER_SIZE, FrameDecoder, FrameError, encode_frame
from engine.net.schema import ERROR_CODES, ProtocolError, check_client_message

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-10**12, 10**12) | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=20),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4),
    max_leaves=20,
)
messages = st.dictionaries(st.text(max_size=8), json_values, max_size=5).map(lambda d: d | {"type": "x"})


def _frame(body: bytes) -> bytes:
    return len(body).to_bytes(HEADER_SIZE, "big") + body


def _drain(decoder: FrameDecoder) -> list[Any]:
    """Every message or error the decoder can produce from what it holds (bounded: one per frame)."""
    out: list[Any] = []
    for _ in range(10_000):
        try:
            message = decoder.next_message()
        except FrameError as exc:
            out.append(exc)
            if exc.fatal:
                break
            continue
        if message is None:
            break
        out.append(message)
    return out


@given(st.lists(messages, max_size=6), st.integers(1, 64))
@settings(max_examples=150, deadline=None)
def test_messages_round_trip_whatever_the_chunking(items: list[dict[str, Any]], chunk: int) -> None:
    stream = b"".join(encode_frame(m) for m in items)
    decoder = FrameDecoder()
    got: list[Any] = []
    for i in range(0, len(stream), chunk):
        decoder.feed(stream[i : i + chunk])
        got.extend(_drain(decoder))
    assert got == items
    assert decoder.at_frame_boundary()


@given(st.binary(max_size=2048), st.integers(1, 512))
@settings(max_examples=400, deadline=None)
def test_random_bytes_only_ever_give_messages_or_frame_errors(data: bytes, chunk: int) -> None:
    decoder = FrameDecoder(max_size=4096)
    for i in range(0, len(data), chunk):
        decoder.feed(data[i : i + chunk])
        for item in _drain(decoder):
            assert isinstance(item, (dict, FrameError))
            if isinstance(item, dict):
                assert isinstance(item["type"], str)
            else:
                assert item.code in ERROR_CODES


@given(st.binary(max_size=300))
@settings(max_examples=300, deadline=None)
def test_random_frame_bodies_are_read_or_refused_without_losing_the_next_frame(body: bytes) -> None:
    decoder = FrameDecoder()
    decoder.feed(_frame(body) + encode_frame({"type": "ping"}))
    first = _drain(decoder)
    assert first[-1] == {"type": "ping"}
    assert len(first) == 2 and isinstance(first[0], (dict, FrameError))


@given(messages, st.data())
@settings(max_examples=150, deadline=None)
def test_a_truncated_frame_waits_for_more_and_never_yields_a_message(message: dict[str, Any], data: st.DataObject) -> None:
    frame = encode_frame(message)
    cut = data.draw(st.integers(0, len(frame) - 1))
    decoder = FrameDecoder()
    decoder.feed(frame[:cut])
    assert decoder.next_message() is None
    assert decoder.at_frame_boundary() == (cut == 0)
    decoder.feed(frame[cut:])
    assert decoder.next_message() == message


@given(st.integers(1025, 2**32 - 1))
@settings(max_examples=100, deadline=None)
def test_an_oversized_header_is_fatal_at_once_and_stays_fatal(size: int) -> None:
    decoder = FrameDecoder(max_size=1024)
    decoder.feed(size.to_bytes(4, "big") + b"{")
    with pytest.raises(FrameError) as err:
        decoder.next_message()
    assert err.value.fatal and err.value.code == "frame_too_large"
    assert decoder.buffered == 0  # nothing of the oversized frame is kept
    decoder.feed(encode_frame({"type": "ping"}))
    with pytest.raises(FrameError):
        decoder.next_message()


@pytest.mark.parametrize("body, words", [
    (b"\xff\xfe", "UTF-8"),
    (b"{\"type\": ", "not JSON"),
    (b"[1, 2]", "not an object"),
    (b"{\"id\": 1}", "\"type\""),
    (b"{\"type\": 5}", "\"type\""),
    (b"{\"type\": \"x\", \"n\": NaN}", "NaN"),
    (b"[" * 100_000 + b"]" * 100_000, "nested"),
    (b"{\"type\": \"x\", \"n\": " + b"9" * 5000 + b"}", "refused"),
    (b"", "frame is empty, so not JSON"),
    (b"  \r\n", "frame is empty, so not JSON"),
])
def test_bad_bodies_are_refused_with_a_clear_reason(body: bytes, words: str) -> None:
    decoder = FrameDecoder(max_size=1 << 20)
    decoder.feed(_frame(body))
    with pytest.raises(FrameError) as err:
        decoder.next_message()
    assert words in str(err.value) and not err.value.fatal


def test_the_default_limit_is_one_mebibyte_on_both_sides() -> None:
    big = {"type": "x", "pad": "a" * (1024 * 1024)}
    with pytest.raises(FrameError, match="exceeds the limit"):
        encode_frame(big)
    decoder = FrameDecoder()
    decoder.feed((1024 * 1024 + 1).to_bytes(4, "big"))
    with pytest.raises(FrameError, match="limit"):
        decoder.next_message()


def test_encoding_refuses_what_json_cannot_carry() -> None:
    with pytest.raises(FrameError, match="JSON"):
        encode_frame({"type": "x", "v": float("nan")})
    with pytest.raises(FrameError, match="JSON"):
        encode_frame({"type": "x", "v": object()})


def test_frames_are_utf8_json_behind_a_big_endian_length() -> None:
    frame = encode_frame({"type": "press", "text": "Grüße"})
    body = frame[4:]
    assert int.from_bytes(frame[:4], "big") == len(body)
    assert json.loads(body.decode("utf-8")) == {"type": "press", "text": "Grüße"}


@pytest.mark.parametrize("message, code, words", [
    ({"type": "launch"}, "unknown_type", "launch"),
    ({"type": "hello"}, "bad_message", "versions"),
    ({"type": "hello", "versions": []}, "bad_message", "versions"),
    ({"type": "hello", "versions": [True]}, "bad_message", "versions"),
    ({"type": "hello", "versions": [1], "protocol": "daide"}, "unsupported_version", "daide"),
    ({"type": "claim", "power": 7}, "bad_message", "power"),
    ({"type": "orders", "phase": "S1901M"}, "bad_message", "orders"),
    ({"type": "orders", "phase": "S1901M", "orders": ["A PAR H", 3]}, "bad_message", "orders[1]"),
    ({"type": "orders", "phase": "S1901M", "orders": ["x"] * 300}, "bad_message", "more than"),
    ({"type": "orders", "phase": "S1901M", "orders": ["A" * 201]}, "bad_message", "longer"),
    ({"type": "ready", "phase": "S1901M", "ready": "yes"}, "bad_message", "ready"),
    ({"type": "press", "to": [], "text": "   "}, "bad_message", "empty"),
    ({"type": "press", "to": "FRANCE", "text": "hi"}, "bad_message", "to"),
    ({"type": "history", "start": -1}, "bad_message", "start"),
    ({"type": "history", "start": 0, "count": 500}, "bad_message", "count"),
    ({"type": "ping", "id": [1]}, "bad_message", "id"),
    ({"type": "draw", "vote": 1}, "bad_message", "vote"),
])
def test_client_messages_are_checked_field_by_field(message: dict[str, Any], code: str, words: str) -> None:
    with pytest.raises(ProtocolError) as err:
        check_client_message(message)
    assert err.value.code == code and words in str(err.value)


def test_well_formed_client_messages_pass_unchanged() -> None:
    for message in (
        {"type": "hello", "versions": [1, 2], "client": "Ann", "password": "x"},
        {"type": "orders", "phase": "S1901M", "orders": ["A PAR - BUR"], "ready": True, "id": 3},
        {"type": "press", "to": ["ENGLAND"], "text": "Channel stays empty?", "id": "a"},
        {"type": "history", "start": 0, "count": 5},
    ):
        assert check_client_message(message) is message


def test_the_protocol_document_lists_every_error_code_the_host_can_send() -> None:
    import re
    from pathlib import Path

    from engine.net.schema import ERROR_CODES

    doc = (Path(__file__).resolve().parents[2] / "docs" / "protocol.md").read_text(encoding="utf-8")
    documented = set(re.findall(r"^\| `([a-z_]+)` \| (?:no|\*\*yes\*\*)", doc, re.MULTILINE))
    assert documented == set(ERROR_CODES)
