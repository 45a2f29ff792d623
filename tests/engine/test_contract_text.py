"""The contract's text entries: ``adjudicate_json`` and ``legal_orders_json`` read JSON text and write it.

Their answers are checked against ``json.dumps`` of the dict entries on the whole recorded corpus
(``test_contract_corpus.py``); here, what only the text path meets: text that isn't a request, and the
command line that uses it.
"""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

import engine
from engine.types import RequestError

ROOT = Path(__file__).resolve().parents[2]
OPENING = {"phase": "S1901M", "units": {"FRANCE": ["A PAR", "F BRE"], "GERMANY": ["A MUN"]},
           "orders": {"FRANCE": ["A PAR - BUR", "F BRE - MAO", "Army Paris holds"], "GERMANY": ["a mun-bur"]}}


@pytest.mark.parametrize("text, words", [
    ('{"phase": "S1901M", "units": ', "not valid JSON (line 1, column 30)"),
    ("[" * 100_000 + "]" * 100_000, "nested too deeply"),
    ('{"options": {"victory_centers": 1' + "0" * 5000 + "}}", "not valid JSON"),
    (b'{"phase": "S1901M", "units": {"FRANCE": ["A PAR\xff"]}}', "not UTF-8 text (bad byte at offset 47)"),
    ("[1, 2]", "must be a JSON object"),
])
@pytest.mark.parametrize("call", [engine.adjudicate_json, engine.legal_orders_json])
def test_text_that_is_no_request_is_a_request_error(call, text: str | bytes, words: str) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(RequestError) as caught:
        call(text)
    assert caught.value.field == "request" and words in str(caught.value)


@pytest.mark.parametrize("text", [
    "", " ", "{", '{"a": 1} x', '{"a": 1}  \n', ' \r\n{"a": 1}', "\t1 x", "\n[1]\n", "1", "[1]]", "[1, 2", "\ufeff{}", '{"a": "\\ud800"}', "NaN", "1e999", '"x"',
    '{"a":1,}', "tru", '{"a" 1}', '{"a": "\x01"}', "9" * 5000, "[" * 100_000, json.dumps(OPENING),
])
def test_the_request_text_is_read_as_json_loads_reads_it(text: str) -> None:
    """The text entries call ``json.loads``'s own scanner directly: the same value, the same errors."""
    from engine.contract import _parse_json

    def outcome(read):  # type: ignore[no-untyped-def]
        try:
            return ("read", read(text))
        except json.JSONDecodeError as exc:
            return ("not JSON", exc.msg, exc.pos, exc.lineno, exc.colno)
        except (RecursionError, ValueError) as exc:
            return (type(exc).__name__, str(exc))

    expected = outcome(json.loads)
    assert outcome(_parse_json) == expected
    assert expected[0] != "read" or text.strip()  # (blank text is no JSON)


def test_utf8_bytes_and_text_get_the_same_answer() -> None:
    text = json.dumps({**OPENING, "orders": {"FRANCE": ["A PAR - Bourgogne \u00e9"]}})
    assert engine.adjudicate_json(text.encode("utf-8")) == engine.adjudicate_json(text) \
        == json.dumps(engine.adjudicate(json.loads(text)))
    assert '"result": "invalid"' in engine.adjudicate_json(text)


def test_several_orders_and_defaults_are_written_as_the_dict_entry_gives_them() -> None:
    text = json.dumps(OPENING)
    answer = engine.adjudicate_json(text)
    assert answer == json.dumps(engine.adjudicate(OPENING))
    orders = json.loads(answer)["orders"]
    assert [(o["order"], o["result"], o.get("default", False)) for o in orders] == [
        ("A PAR - BUR", "invalid", False), ("F BRE - MAO", "succeeds", False), ("A PAR H", "invalid", False),
        ("A MUN - BUR", "succeeds", False), ("A PAR H", "succeeds", True)]


def test_the_command_line_writes_the_text_entry_answer() -> None:
    text = json.dumps(OPENING)
    done = subprocess.run([sys.executable, "-m", "app", "adjudicate"], input=text.encode(), capture_output=True,
                          cwd=ROOT, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.decode() == engine.adjudicate_json(text) + "\n"


@pytest.mark.parametrize("data", [
    {}, {"dest": "STP/NC"}, {"by": (engine.Unit("FRANCE", engine.UnitType.ARMY, "PAR"),)},
    {"attack": 1.5, "resist": 2, "backing": ()}, {"arrived": True, "path": ("MOS", "OMS"), "cause": None},
    {"text": "caf\u00e9 \"quoted\" \\ \ud800"}, {"nested": ((1, "a"), ())}, {"big": 10 ** 30, "neg": -3},
])
def test_an_outcome_written_directly_is_what_json_dumps_writes(data: dict[str, object]) -> None:
    from engine.outcomes import Reason, encode, encoded_json

    reason = Reason("some_code", data)
    assert encoded_json(reason) == json.dumps(encode(reason))
    assert encoded_json(reason) is encoded_json(reason)  # made once
