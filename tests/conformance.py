"""The one conformance runner: every adjudication suite (DATC, each variant's cases) is a data file in the
format of tests/data/conformance.schema.json, and each case runs through the public contract
(``engine.adjudicate``) with the same checks:

- the phase adjudicated, and the next phase when the case gives it;
- the whole board after the phase, both ways (nothing missing, nothing extra), every power;
- the dislodged units, both ways, with their retreats when the case gives them;
- the centres' owners, when given;
- the result of every order the case names (matched by position: a power's n-th answer is its n-th order);
- texts in the reasons of the engine's own entries (captures, exposures), when given;
- the variant's own data after the phase (World Diplomacy's money), key by key, when given.

A suite's test is one parametrized function::

    SUITE = conformance.load(PATH)

    @pytest.mark.parametrize("case", conformance.params(SUITE), ids=conformance.ids(SUITE))
    def test_case(case): conformance.check(case)
"""
from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any, Callable

import pytest

import engine
from engine.variants import find_variant
from engine.variants.world31.ledger import KEYS as WORLD_KEYS
import world31_board  # noqa: F401 - registers World Diplomacy on its test board (its cases' variant)

DATA = Path(__file__).resolve().parent / "data"
SCHEMA_FILE = DATA / "conformance.schema.json"
# Every suite in the shared format; a new variant's cases are one more file here.
SUITE_FILES = (DATA / "datc" / "datc_v3.json", *sorted((DATA / "variants").glob("*/cases.json")))

REQUEST_KEYS = ("variant", "options", "phase", "units", "centers", "dislodged", "contested", "orders")


def load(path: Path) -> dict[str, Any]:
    suite: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return suite


def params(suite: dict[str, Any]) -> list[Any]:
    """The cases as pytest parameters; a case with ``xfail`` must fail (strictly), naming the deviation."""
    return [
        pytest.param(case, marks=pytest.mark.xfail(reason=case["xfail"], strict=True)) if "xfail" in case else case
        for case in suite["cases"]
    ]


def ids(suite: dict[str, Any]) -> list[str]:
    return [case["id"] for case in suite["cases"]]


# --- the data files ---------------------------------------------------------------------------------


def schema_problems(suite: dict[str, Any]) -> list[str]:
    """Where ``suite`` breaks the shared schema, then what the schema can't say (powers the variant lacks,
    expected results naming no order or two). Needs jsonschema (a test dependency)."""
    import jsonschema

    schema = json.loads(SCHEMA_FILE.read_text(encoding="utf-8"))
    validator_class = jsonschema.validators.validator_for(schema)
    validator_class.check_schema(schema)
    problems = [
        f"{'/'.join(str(part) for part in error.absolute_path)}: {error.message}"
        for error in validator_class(schema).iter_errors(suite)
    ]
    return problems or content_problems(suite)


def content_problems(suite: dict[str, Any]) -> list[str]:
    problems = []
    seen: set[str] = set()
    for case in suite["cases"]:
        name = case["id"]
        if name in seen:
            problems.append(f"{name}: duplicate case id")
        seen.add(name)
        variant = find_variant(case["variant"], case.get("options"))
        powers = set(variant.board.powers) | set(variant.pseudo_powers)
        named = [
            (label, power)
            for label, holder in (("units", case["units"]), ("orders", case["orders"]),
                                  ("centers", case.get("centers", {})), ("dislodged", case.get("dislodged", {})),
                                  ("expect.units", case["expect"]["units"]),
                                  ("expect.dislodged", case["expect"].get("dislodged", {})))
            for power in holder
        ]
        problems += [f"{name}: {label} names {power!r}, not a power of {variant.id}" for label, power in named
                     if power not in powers]
        written = [order for orders in case["orders"].values() for order in orders]
        problems += [f"{name}: {order!r} matches {written.count(order)} orders"
                     for order in case["expect"].get("results", {}) if written.count(order) != 1]
        unknown = set(case.get("variant_data", {})) - set(_VARIANT_DATA.get(case["variant"], (set(), None))[0])
        problems += [f"{name}: variant_data {key!r} means nothing to {case['variant']}" for key in sorted(unknown)]
    return problems


# --- the request --------------------------------------------------------------------------------------


def _engineered_data(request: dict[str, Any], data: dict[str, Any]) -> None:
    """Engineered: ``prisons`` {province: the power whose engineer it was} for prisons listed in ``units``;
    ``missed_turns`` {power: turns missed in a row}. Given to the variant as a save file stores them."""
    prisons: dict[str, str] = data.get("prisons", {})
    stacked = []
    for power, units in request["units"].items():
        kept = []
        for text in units:
            kind, loc = text.split()
            if kind == "P" and loc in prisons:
                stacked.append({"power": power, "kind": "P", "loc": loc, "from": prisons[loc]})
            else:
                kept.append(text)
        request["units"][power] = kept
    placed = {entry["loc"] for entry in stacked}
    if set(prisons) - placed:
        raise ValueError(f"variant_data.prisons names {sorted(set(prisons) - placed)}, where units list no P")
    request["extra"] = {"stacked": stacked, "missed": dict(data.get("missed_turns", {}))}


def _world_data(request: dict[str, Any], data: dict[str, Any]) -> None:
    """World Diplomacy: the economy (money in cents, homes, control, rebellions, loans, bribes), as save
    files store it; keys left out take the variant's start values."""
    request["extra"] = data


EMG_KEYS = ("owned", "relations", "penalty", "start_vp", "votes", "victory")


def _emg_data(request: dict[str, Any], data: dict[str, Any]) -> None:
    """EMG: ``owned`` {area: power} for owned areas that are no supply centres; ``relations``
    {"POWER POWER": "ally" | "war"} (a pair not listed is neutral); ``penalty`` {power: turns served};
    ``start_vp`` {power: victory points at the start}; ``votes`` {power: [turns, percent]}; ``victory``
    {"turns", "percent"} (emg/victory.py). Given as save files store them."""
    request["extra"] = {key: dict(data[key]) for key in EMG_KEYS if data.get(key)}


# variant id -> (the variant_data keys it reads, how they enter the request)
_VARIANT_DATA: dict[str, tuple[set[str], Callable[[dict[str, Any], dict[str, Any]], None]]] = {
    "engineered": ({"prisons", "missed_turns"}, _engineered_data),
    "world31_testboard": (set(WORLD_KEYS), _world_data),
    "world31": (set(WORLD_KEYS), _world_data),
    "emg_examples": (set(EMG_KEYS), _emg_data),
    "global_diplomacy": (set(EMG_KEYS), _emg_data),
}


def _load_test_variants() -> None:
    """Variants kept as test fixtures beside their tests register themselves when imported (the EMG
    examples board: tests/variants/emg_examples.py)."""
    import importlib
    import sys

    folder = str(Path(__file__).resolve().parent / "variants")
    if folder not in sys.path:
        sys.path.append(folder)
    importlib.import_module("emg_examples")


_load_test_variants()


def request(case: dict[str, Any]) -> dict[str, Any]:
    """The ``engine.adjudicate`` request a case describes."""
    out = {key: copy.deepcopy(case[key]) for key in REQUEST_KEYS if key in case}
    if "variant_data" in case:
        _VARIANT_DATA[case["variant"]][1](out, copy.deepcopy(case["variant_data"]))
    return out


# --- the checks ---------------------------------------------------------------------------------------


def _board(units_by_power: dict[str, list[str]]) -> dict[str, set[str]]:
    return {power.upper(): {unit.strip().upper() for unit in units} for power, units in units_by_power.items() if units}


def board_problems(expected: dict[str, list[str]], actual: dict[str, list[str]]) -> list[str]:
    expected_board, actual_board = _board(expected), _board(actual)
    problems = []
    for power in sorted(set(expected_board) | set(actual_board)):
        missing = sorted(expected_board.get(power, set()) - actual_board.get(power, set()))
        extra = sorted(actual_board.get(power, set()) - expected_board.get(power, set()))
        if missing:
            problems.append(f"board: {power} should have {missing}")
        if extra:
            problems.append(f"board: {power} should not have {extra}")
    return problems


def dislodged_problems(expected: dict[str, list[dict[str, Any]]], actual: dict[str, list[dict[str, Any]]]) -> list[str]:
    """Every expected unit is reported (one expected with no retreats may also be already removed), nothing
    else is, and retreats are exactly those expected when the case lists them."""
    actual_retreats = {
        (power.upper(), entry["unit"].strip().upper()): {location.upper() for location in entry.get("retreats", [])}
        for power, entries in actual.items()
        for entry in entries
    }
    problems = []
    expected_keys = set()
    for power, entries in expected.items():
        for entry in entries:
            key = (power, entry["unit"])
            expected_keys.add(key)
            retreats = entry.get("retreats")
            if key not in actual_retreats:
                if retreats != []:
                    problems.append(f"dislodged: {power} {entry['unit']} should be dislodged")
                continue
            if retreats is not None and actual_retreats[key] != set(retreats):
                problems.append(f"dislodged: {power} {entry['unit']} retreats should be {sorted(retreats)}, "
                                f"got {sorted(actual_retreats[key])}")
    for power, unit in sorted(set(actual_retreats) - expected_keys):
        problems.append(f"dislodged: {power} {unit} should not be dislodged")
    return problems


def destroyed_at_once(response: dict[str, Any]) -> dict[str, list[dict[str, Any]]]:
    """Dislodged units with nowhere to go: the engine plays their retreat phase at once and reports each as
    destroyed among the results; they count as dislodged with no retreats."""
    out: dict[str, list[dict[str, Any]]] = {}
    for entry in response.get("orders", []):
        if (entry.get("outcome") or {}).get("code") == "destroyed_no_retreat":
            out.setdefault(entry["power"], []).append({"unit": entry["order"].removesuffix(" D"), "retreats": []})
    return out


def centers_problems(expected: dict[str, list[str]], actual: dict[str, list[str]]) -> list[str]:
    want = {power: sorted(centers) for power, centers in expected.items() if centers}
    got = {power: sorted(centers) for power, centers in actual.items() if centers}
    return [] if want == got else [f"centres should be {want}, got {got}"]


def result_problems(case: dict[str, Any], answers: list[dict[str, Any]]) -> list[str]:
    """Results are matched by position: the n-th answer of a power is about that power's n-th order."""
    by_power: dict[str, list[dict[str, Any]]] = {}
    for entry in answers:
        by_power.setdefault(str(entry.get("power", "")).upper(), []).append(entry)
    problems = []
    for order, expected in case["expect"].get("results", {}).items():
        power = next(power for power, orders in case["orders"].items() if order in orders)
        index = case["orders"][power].index(order)
        entries = by_power.get(power, [])
        if index >= len(entries):
            problems.append(f"result: no answer for {power} {order!r} (order #{index + 1} of {power})")
            continue
        entry = entries[index]
        if entry.get("result") != expected:
            problems.append(f"result: {power} {order!r} should be {expected}, got {entry.get('result')!r} "
                            f"(answered as {entry.get('order')!r}, reason {entry.get('reason')!r})")
    return problems


def note_problems(expected: dict[str, list[str]], answers: list[dict[str, Any]]) -> list[str]:
    problems = []
    for power, texts in expected.items():
        reasons = [str(e.get("reason", "")) for e in answers if e.get("power") == power and e.get("default")]
        problems += [f"note: none for {power} says {text!r} (got {reasons})" for text in texts
                     if not any(text in reason for reason in reasons)]
    return problems


def problems(case: dict[str, Any], response: dict[str, Any]) -> list[str]:
    """Every way ``response`` (an ``engine.adjudicate`` answer) differs from what ``case`` expects."""
    expect = case["expect"]
    found = []
    if response.get("phase") != case["phase"]:
        found.append(f"phase: should be {case['phase']}, got {response.get('phase')!r}")
    if "phase" in expect and response.get("next_phase") != expect["phase"]:
        found.append(f"next phase: should be {expect['phase']}, got {response.get('next_phase')!r}")
    found += board_problems(expect["units"], response.get("units", {}))
    dislodged = destroyed_at_once(response)
    for power, entries in (response.get("dislodged") or {}).items():
        dislodged.setdefault(power, []).extend(entries)
    if "dislodged" in expect or dislodged:
        found += dislodged_problems(expect.get("dislodged", {}), dislodged)
    if "centers" in expect:
        found += centers_problems(expect["centers"], response.get("centers", {}))
    answers = response.get("orders", [])
    found += result_problems(case, answers)
    found += note_problems(expect.get("notes", {}), answers)
    extra = response.get("extra") or {}
    found += [f"extra: {key} should be {value!r}, got {extra.get(key)!r}"
              for key, value in expect.get("extra", {}).items() if extra.get(key) != value]
    return found


def describe(case: dict[str, Any], response: dict[str, Any]) -> str:
    lines = [f"{case['variant']} {case['id']} {case['title']} ({case['phase']})"]
    if "datc" in case:
        lines.append(f"  DATC: {case['datc']}")
    lines.append("  orders:")
    lines += [f"    {power}: {order}" for power, orders in case["orders"].items() for order in orders]
    lines.append("  engine answered:")
    lines += [f"    {e.get('power')}: {e.get('order')} -> {e.get('result')} ({e.get('reason', '')})"
              for e in response.get("orders", [])]
    return "\n".join(lines)


def check(case: dict[str, Any]) -> None:
    """Adjudicate ``case`` through the public contract and fail with every difference, if any."""
    response = engine.adjudicate(request(case))
    found = problems(case, response)
    if found:
        pytest.fail("\n".join(found) + "\n" + describe(case, response), pytrace=False)
