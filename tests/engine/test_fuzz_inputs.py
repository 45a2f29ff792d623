"""Seeded fuzzing of contract requests and save files: mutated inputs give an answer or the documented error
(``RequestError`` for requests, ``SaveFileError`` for save files), never another exception. A short run is
in the quick suite; a longer one under the ``slow`` marker."""
from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest

import engine
from engine import savefile
from engine.bots import play_random_phase
from engine.cli import parse_request_text
from engine.contract import position_of
from engine.game import Game
from engine.types import RequestError, SaveFileError

WORDS = ["S1901M", "F1901R", "W1901A", "W1901M", "S1870M", "PAR", "STP/NC", "NTH", "CAS", "XYZ", "A PAR", "F NTH",
         "E BLA", "D NTH", "P SEV", "W DEN", "A PAR - BUR", "FRANCE", "NEUTRAL", "MARS", "level", "advanced",
         "victory_centers", "tsr_rules", "missed", "decoys", "stacked", "kind", "loc", "power", "", " ", "\x00",
         "é", "\ud800"]


def _deep(rng: random.Random) -> Any:
    value: Any = rng.choice([[], {}, "x", 1])
    for _ in range(rng.choice([10, 200, 3000])):
        value = [value] if rng.random() < 0.5 else {"k": value}
    return value


def junk(rng: random.Random, depth: int = 0) -> Any:
    roll = rng.random()
    if roll < 0.3:
        return rng.choice(WORDS)
    if roll < 0.4:
        return rng.choice([0, 1, -1, 2, 34, 10**6, 10**5000, -(10**5000), 1.5, float("nan"), float("inf")])
    if roll < 0.5:
        return rng.choice([None, True, False])
    if roll < 0.55:
        return _deep(rng)
    if depth > 2:
        return rng.choice(WORDS)
    if roll < 0.8:
        return [junk(rng, depth + 1) for _ in range(rng.randrange(4))]
    return {rng.choice(WORDS): junk(rng, depth + 1) for _ in range(rng.randrange(4))}


def mutate(value: Any, rng: random.Random) -> Any:
    """A copy of ``value`` with one to three places replaced by junk (keys added, items dropped ...)."""
    value = copy.deepcopy(value)
    for _ in range(rng.randrange(1, 4)):
        value = _mutate_once(value, rng)
    return value


def _mutate_once(value: Any, rng: random.Random) -> Any:
    if isinstance(value, dict) and value and rng.random() < 0.8:
        key = rng.choice(list(value))
        roll = rng.random()
        if roll < 0.15:
            del value[key]
        elif roll < 0.3:
            value[rng.choice(WORDS)] = junk(rng)
        else:
            value[key] = _mutate_once(value[key], rng)
        return value
    if isinstance(value, list) and value and rng.random() < 0.8:
        i = rng.randrange(len(value))
        roll = rng.random()
        if roll < 0.15:
            del value[i]
        elif roll < 0.3:
            value.append(value[i])  # duplicates: two units in one place
        else:
            value[i] = _mutate_once(value[i], rng)
        return value
    return junk(rng)


def _positions() -> list[dict[str, Any]]:
    """Valid requests to start from: a few phases of random games of each variant."""
    out = []
    rng = random.Random(5)
    for variant, options in (("standard", {}), ("colonial", {}), ("engineered", {"level": "advanced"})):
        game = Game.new(variant, options=options)
        for _ in range(8):
            out.append({**position_of(game.variant, game.state),
                        "orders": {p: [str(o[0]) for o in per.values()][:3]
                                   for p, per in game.variant.legal_orders(game.state).items()}})
            play_random_phase(game, rng)
    return out


POSITIONS = _positions()


def fuzz_requests(seed: int, rounds: int) -> int:
    rng = random.Random(seed)
    answered = 0
    for _ in range(rounds):
        request = mutate(rng.choice(POSITIONS), rng)
        for call in (engine.adjudicate, engine.legal_orders):
            try:
                call(request)
                answered += 1
            except RequestError as exc:
                assert str(exc) and len(str(exc)) < 2000
    return answered


def fuzz_request_text(seed: int, rounds: int) -> None:
    rng = random.Random(seed)
    for _ in range(rounds):
        text = json.dumps(rng.choice(POSITIONS))
        cut = list(text)
        for _ in range(rng.randrange(1, 5)):
            i = rng.randrange(len(cut))
            cut[i] = rng.choice(['"', "{", "}", "[", "]", ",", ":", "9" * 5000, "[" * 2000, "\\", "x", ""])
        try:
            engine.adjudicate(parse_request_text("".join(cut)))
        except RequestError:
            pass


def _saves() -> list[dict[str, Any]]:
    out = []
    rng = random.Random(9)
    for variant, options in (("standard", {}), ("colonial", {}), ("engineered", {"level": "complex"})):
        game = Game.new(variant, options=options)
        for _ in range(4):
            play_random_phase(game, rng)
        out.append(savefile.game_to_dict(game))
    return out


SAVES = _saves()


def fuzz_saves(seed: int, rounds: int) -> int:
    rng = random.Random(seed)
    loaded = 0
    for _ in range(rounds):
        data = mutate(rng.choice(SAVES), rng)
        try:
            text = json.dumps(data)
        except (ValueError, RecursionError):
            continue  # junk JSON can't hold (nan is fine; deep nesting is not): nothing to load
        if rng.random() < 0.2:
            raw = bytearray(text.encode())
            raw[rng.randrange(len(raw))] = rng.randrange(256)
            text = raw.decode("utf-8", errors="replace") if rng.random() < 0.5 else text
        try:
            game = savefile.loads(text)
        except SaveFileError as exc:
            assert str(exc)
            continue
        # A file that loads is a game that can be played and saved again.
        loaded += 1
        game.powers_to_order()
        savefile.dumps(game)
        if not game.is_over:
            game.process()
    return loaded


def test_fuzzed_requests_give_answers_or_request_errors() -> None:
    assert fuzz_requests(1, 300) > 0  # some mutations leave a valid request, which is answered
    fuzz_request_text(2, 100)


def test_fuzzed_save_files_load_or_give_save_file_errors() -> None:
    assert fuzz_saves(3, 200) > 0


@pytest.mark.slow
def test_long_fuzz_run() -> None:
    for seed in range(10, 30):
        fuzz_requests(seed, 500)
        fuzz_request_text(seed, 200)
        fuzz_saves(seed, 300)
