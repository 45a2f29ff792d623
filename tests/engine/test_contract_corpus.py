"""The contract answers a recorded corpus of requests with exactly the recorded bytes.

``tests/data/contract_corpus/corpus.json.gz`` holds requests from seeded random games of every variant
(movement, retreat and adjustment phases, orders in other notations and orders that can't be used mixed in,
and spoiled requests) with the response text ``engine.adjudicate`` / ``engine.legal_orders`` gave, or the
``RequestError`` raised. Work on the engine's speed must leave every answer byte for byte as it was;
``record.py`` beside the corpus writes it again when an answer is meant to change.
"""
from __future__ import annotations

import gzip
import json
import re
from pathlib import Path
from typing import Any

import pytest

import engine
from engine.contract import forget_positions
from engine.types import RequestError
from engine.variants import variant_ids

CORPUS = Path(__file__).resolve().parents[1] / "data" / "contract_corpus" / "corpus.json.gz"
CALLS = {"adjudicate": engine.adjudicate, "legal_orders": engine.legal_orders}


def _records() -> list[dict[str, Any]]:
    with gzip.open(CORPUS, "rt", encoding="utf-8") as f:
        records: list[dict[str, Any]] = json.load(f)
    return records


RECORDS = _records()


KNOWN_VARIANTS = re.compile(r"\(known: [^)]*\)")


def current_error(error: list[str]) -> list[str]:
    """A recorded error as it reads today: an unknown variant's message lists the variants registered now
    (test fixtures and new variants add to the recorded three)."""
    field, message = error
    return [field, KNOWN_VARIANTS.sub(f"(known: {', '.join(variant_ids())})", message)]


def sorted_lists(legal: dict[str, dict[str, list[str]]]) -> dict[str, dict[str, list[str]]]:
    return {power: {place: sorted(texts) for place, texts in per.items()} for power, per in legal.items()}


def test_corpus_covers_every_variant_and_phase_type() -> None:
    seen = {(r["request"].get("variant"), str(r["request"].get("phase"))[-1]) for r in RECORDS if "response" in r}
    for variant in ("standard", "colonial", "engineered"):
        assert {(variant, "M"), (variant, "R"), (variant, "A")} <= seen
    assert sum("error" in r for r in RECORDS) > 50


@pytest.mark.parametrize("start", range(0, len(RECORDS), 50))
def test_contract_answers_are_unchanged(start: int) -> None:
    for record in RECORDS[start:start + 50]:
        call = CALLS[record["call"]]
        request = json.loads(json.dumps(record["request"]))  # a fresh copy: a call must not depend on sharing
        if "error" in record:
            with pytest.raises(RequestError) as caught:
                call(request)
            assert [caught.value.field, str(caught.value)] == current_error(record["error"])
        elif record["call"] == "legal_orders":
            # Each unit's list is in no particular order (set order varies with the interpreter's hash seed);
            # everything else, the order of powers and places included, is compared as written.
            assert json.dumps(sorted_lists(call(request))) == json.dumps(
                sorted_lists(json.loads(record["response"]))), record["request"]["phase"]
        else:
            assert json.dumps(call(request)) == record["response"], record["request"]["phase"]
        assert request == record["request"], "the call changed its request"


TEXT_CALLS = {"adjudicate": engine.adjudicate_json, "legal_orders": engine.legal_orders_json}


@pytest.mark.parametrize("start", range(0, len(RECORDS), 50))
def test_text_entries_write_what_json_dumps_writes(start: int) -> None:
    """``adjudicate_json`` / ``legal_orders_json`` answer the request's JSON text with exactly the text
    ``json.dumps`` gives the dict entry's answer (and the same errors), asked twice: first and kept."""
    for record in RECORDS[start:start + 50]:
        text = json.dumps(record["request"])
        call = TEXT_CALLS[record["call"]]
        forget_positions()  # the first call reads the request afresh, the second finds it kept
        for _ in range(2):
            if "error" in record:
                with pytest.raises(RequestError) as caught:
                    call(text)
                assert [caught.value.field, str(caught.value)] == current_error(record["error"])
            elif record["call"] == "legal_orders":
                # Written from the map's JSON fragments (first) or kept: the dict entry's texts in its order.
                answer = call(text)
                assert answer == json.dumps(CALLS["legal_orders"](json.loads(text)))
                assert json.dumps(sorted_lists(json.loads(answer))) == json.dumps(
                    sorted_lists(json.loads(record["response"]))), record["request"]["phase"]
            else:
                assert call(text) == record["response"], record["request"]["phase"]
