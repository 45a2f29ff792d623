"""The lean path (``engine/lean``) answers exactly what the general path answers.

Every request goes through both: ``engine.lean.adjudicate_text`` (which must serve it) and the contract with
the lean path switched off (``engine.lean.ENABLED``); the response texts must be equal byte for byte, and
``engine.adjudicate`` must give the same dict either way. The phases come from random games (random and
coherent orders, so battles, cut supports, dislodgements, convoys and their paradoxes happen), with orders
rewritten in other notations, illegal orders, a unit ordered twice (the same order, or two different
ones), and, in some autumns, the centres handed to one power so that the phase may end the game; and from the
DATC's movement cases.
"""
from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

import pytest

import conformance
from engine import contract, lean
from engine.bots import random_orders
from engine.contract import centers_by_power, forget_positions, units_by_power
from engine.game import Game
from engine.types import PhaseType, UnitType
from random_games import coherent_orders, phase_orders

QUICK_GAMES = 10  # about 40 movement phases each: a few hundred phases in the quick suite
SLOW_GAMES = 120


def random_requests(games: int, seed: int) -> Iterator[dict[str, Any]]:
    """Every movement phase of ``games`` random games as a request, orders rewritten as above."""
    for game_seed in range(seed, seed + games):
        rng = random.Random(game_seed)
        game = Game.new("standard")
        coherent = game_seed % 2 == 0
        while not game.is_over and game.state.phase.year <= 1915:
            state = game.state
            if state.phase.type is PhaseType.MOVEMENT and coherent:
                orders = coherent_orders(game, rng)
            else:
                orders = {power: random_orders(game, power, rng) for power in game.powers_to_order()}
            if state.phase.type is PhaseType.MOVEMENT:
                centers = dict(state.centers)
                if state.phase.season == "F" and rng.random() < 0.2:  # one power near victory
                    leader = rng.choice(sorted({u.power for u in state.units.values()}))
                    for centre in centers:
                        if rng.random() < 0.9:
                            centers[centre] = leader
                yield {"variant": "standard", "phase": str(state.phase), "units": units_by_power(state.units.values()),
                       "centers": centers_by_power(centers), "orders": phase_orders(game, orders, rng)}
            for power, texts in orders.items():
                game.set_orders(power, texts, ready=True)
            game.process()


def assert_both_paths_agree(request: dict[str, Any]) -> str:
    """The lean answer to ``request`` (which it must serve) equals the general path's, text and dict."""
    text = json.dumps(request)
    forget_positions()
    variant = contract._variant(request)
    quick = lean.adjudicate_text(json.loads(text), variant, lambda: contract._orders(request, variant))
    assert quick is not None, "the lean path did not serve a plain request"
    lean.ENABLED = False
    try:
        forget_positions()
        general = contract.adjudicate_json(text)
        general_dict = contract.adjudicate(json.loads(text))
    finally:
        lean.ENABLED = True
    assert quick == general, f"request {text}"
    forget_positions()
    assert contract.adjudicate_json(text) == general
    assert contract.adjudicate(json.loads(text)) == general_dict
    return quick


def test_random_phases_answer_as_the_general_path() -> None:
    seen = {"dislodged": 0, "retreat phase": 0, "convoy": 0, "paradox": 0, "invalid": 0,
            "several": 0, "winner": 0, "adjustments": 0, "odd": 0}
    for request in random_requests(QUICK_GAMES, seed=1):
        answer = assert_both_paths_agree(request)
        _count(seen, request, answer)
    assert all(seen.values()), f"the random phases missed a case: {seen}"


@pytest.mark.slow
def test_many_random_phases_answer_as_the_general_path() -> None:
    for request in random_requests(SLOW_GAMES, seed=1000):
        assert_both_paths_agree(request)


def _count(seen: dict[str, int], request: dict[str, Any], answer: str) -> None:
    """Tally what a response shows, so the test knows its phases met every case it is meant to."""
    response = json.loads(answer)
    codes = {entry["outcome"]["code"] for entry in response["orders"]}
    seen["dislodged"] += "dislodged_by" in codes
    seen["retreat phase"] += response["next_phase"].endswith("R")
    seen["convoy"] += "moves_by_convoy" in codes
    seen["paradox"] += bool(codes & {"paradox_convoy_fails", "paradox_fleet_holds", "no_convoy_route"})
    seen["invalid"] += "invalid" in codes
    seen["several"] += "several_orders" in codes
    seen["winner"] += "winner" in response
    seen["adjustments"] += response["next_phase"].endswith("A")
    written = [line for lines in request["orders"].values() for line in lines]
    seen["odd"] += any(entry["order"] != line and entry["result"] != "invalid"
                       for entry, line in zip(response["orders"], written))


# Dislodged units with nowhere to go: the retreat phase is played at once (destroyed), in spring and in an
# autumn that ends the game.
NO_RETREAT = {"units": {"ENGLAND": ["A BEL", "F ENG"], "FRANCE": ["A PIC", "A SPA"], "GERMANY": ["A BUR", "A PAR", "F BRE"]},
              "orders": {"ENGLAND": ["A BEL - PIC", "F ENG S A BEL - PIC"], "FRANCE": ["A PIC H", "A SPA - POR"]}}


@pytest.mark.parametrize("phase, centers", [
    ("S1905M", None),
    ("F1905M", {"GERMANY": ["BER", "KIE", "MUN", "HOL", "DEN", "SWE", "NWY", "PAR", "BRE", "MAR", "SPA", "POR",
                            "LON", "LVP", "EDI", "VEN", "ROM", "NAP", "TUN", "GRE"], "ENGLAND": ["BEL"]}),
])
def test_units_destroyed_for_want_of_a_retreat_answer_as_the_general_path(phase: str, centers: Any) -> None:
    request = {"variant": "standard", "phase": phase, **NO_RETREAT}
    if centers is not None:
        request["centers"] = centers
    response = json.loads(assert_both_paths_agree(request))
    destroyed = [entry for entry in response["orders"] if entry["outcome"]["code"] == "destroyed_no_retreat"]
    assert [entry["order"] for entry in destroyed] == ["A PIC D"] and response["dislodged"] == {}
    assert response.get("winner") == ("GERMANY" if centers else None)


DATC = conformance.load(conformance.DATA / "datc" / "datc_v3.json")
DATC_MOVEMENT = [case for case in DATC["cases"] if case["phase"].endswith("M") and not case.get("options")]


@pytest.mark.parametrize("case", DATC_MOVEMENT, ids=[case["id"] for case in DATC_MOVEMENT])
def test_datc_movement_cases_answer_as_the_general_path(case: dict[str, Any]) -> None:
    request = {key: case[key] for key in ("variant", "phase", "units", "centers", "orders") if key in case}
    assert_both_paths_agree(request)


@pytest.mark.parametrize("changed", [
    {"centers": {"FRANCE": ["PAR", "BRE"], "GERMANY": ["BRE", "MUN"]}},  # a centre listed twice: the later owner
    {"variant": "classic", "options": {}, "contested": [], "dislodged": {}, "extra": None},
    {"orders": {}},
    {"orders": {"ITALY": ["A VEN - TRI", "F NAP H"], "FRANCE": ["A PAR - BUR", "a par-bur", "A PAR H"]}},
    {"units": {"FRANCE": ["A PAR", "F BRE"], "GERMANY": [], "ENGLAND": ["F ENG"]}},
])
def test_plain_requests_of_every_shape_answer_as_the_general_path(changed: dict[str, Any]) -> None:
    request = {"phase": "F1901M", "units": {"FRANCE": ["A PAR", "F BRE"], "GERMANY": ["A MUN"]},
               "centers": {"FRANCE": ["PAR"], "GERMANY": ["MUN"]},
               "orders": {"FRANCE": ["A PAR - BUR", "F BRE - ENG"], "GERMANY": ["A MUN - BUR"]}, **changed}
    assert_both_paths_agree(request)


ODD_TEXTS = [
    "A PAR - XYZ", "qwerty", "army paris moves to xyz", "army paris moves xyz", "F BRE - XYZ VIA", "a", "-", "- -",
    "waive", "waive x", "build par", "a par", "A PAR -", "A PAR moves to", "A XYZ H", "x-y-z", "north sea - xyz",
    "A PAR R XYZ", "A PAR S A XYZ", "F BRE C A PAR - XYZ", "A PAR - BUR - XYZ", "par", "PAR - xyz", "A PAR - BUR VIA",
    "A PAR - BUR via convoy", "A Paris -> Burgundy", "a par => bur", "F BRE - MAO", "f bre-mao", "F BRE - MAO/NC",
    "F MAO - SPA", "F MAO - SPA/NC", "A PAR - PAR", "A PAR S A PAR", "F BRE S F BRE - MAO", "A PAR S F BRE - PIC",
    "A PAR S F BRE - MAO", "F BRE C A PAR - LON", "F MAO C A BRE - LON", "A BRE - LON", "A BRE - LON VIA",
    "F MAO C A BRE - WAL", "A PIC S A BRE - LON", "A PIC S A BRE - WAL", "A PIC S A BRE - PIC", "England: F LON H",
    "F LON (nc) - NTH", "A PAR. - BUR", "A PAR\t- BUR", "A PAR - BUR\n", "A PÄR - BUR", "F STP - BOT", "F STP/NC - BOT",
    "F STP/SC - BOT", "A MUN S F KIE", "A MUN S F KIE H", "F KIE S A MUN", "F KIE - BER", "F KIE - MUN",
    "F English Channel - North Sea", "F Mid-Atlantic Ocean - North Africa", "fleet english channel s army wales - london",
    "English Channel - Irish Sea", "F eng ch - nth", "F English Channel ch - NTH", "F North Sea Sea - NWY",
    "F Mid-Atlantic Ocean - Spain", "F Mid-Atlantic Ocean - Spain north coast", "F mid atlantic ocean h",
    "F St Petersburg - Gulf of Bothnia", "F St. Petersburg - Gulf of Bothnia", "A Paris - North Sea",
]


def test_texts_in_every_notation_and_illegal_ones_answer_as_the_general_path() -> None:
    units = {"FRANCE": ["A PAR", "F BRE", "A PIC", "F MAO"], "ENGLAND": ["F LON", "A WAL", "F ENG"],
             "GERMANY": ["A MUN", "F KIE"], "RUSSIA": ["F STP/SC"]}
    results = set()
    for power in units:
        request = {"phase": "S1902M", "units": units, "orders": {power: ODD_TEXTS}}  # several orders per unit
        assert_both_paths_agree(request)
        for text in ODD_TEXTS:  # each alone
            response = json.loads(assert_both_paths_agree({**request, "orders": {power: [text]}}))
            results.add(response["orders"][0]["result"])
    assert results == {"succeeds", "fails", "invalid"}


def test_requests_outside_the_plain_form_take_the_general_path() -> None:
    base = {"phase": "S1901M", "units": {"FRANCE": ["A PAR"]}, "orders": {"FRANCE": ["A PAR - BUR"]}}
    variant = contract._variant(base)
    for changed in ({"phase": "S1901R"}, {"phase": "s1901m"}, {"units": {"FRANCE": ["a par"]}},
                    {"units": {"france": ["A PAR"]}}, {"centers": {"FRANCE": ["Paris"]}}, {"extra": {}},
                    {"contested": ["BUR"]}, {"dislodged": {"FRANCE": []}},
                    {"units": {"FRANCE": ["A PAR"], "GERMANY": ["A PAR"]}}):
        request = {**base, **changed}
        assert lean.adjudicate_text(request, variant, lambda: contract._orders(request, variant)) is None, changed
    assert not lean.serves(contract._variant({"options": {"victory_centers": 10}}))
    assert not lean.serves(contract._variant({"variant": "colonial"}))


@pytest.mark.parametrize("orders", [
    None, {}, {"FRANCE": []}, {"FRANCE": ["A PAR - BUR"], "GERMANY": ["A MUN - BUR", "A MUN H"]},
    {"france": ["A PAR - BUR"]}, {"France": ["A PAR - BUR"]}, {"SPAIN": ["A PAR - BUR"]}, {"FRANCE": "A PAR - BUR"},
    {"FRANCE": ["A PAR - BUR", 7]}, {"FRANCE": ["A PAR - BUR", None]}, {"FRANCE": ["A PAR - BUR" + " " * 2000]},
    {"FRANCE": ["A PAR H"] * 10_001}, {"FRANCE": ["A PAR H"] * 6_000, "GERMANY": ["A MUN H"] * 4_001},
    {"FRANCE": ["A PAR - BUR"], "france": ["A PAR H"]}, {"FRANCE": ("A PAR - BUR",)}, [["FRANCE", ["A PAR H"]]],
    {"FRANCE": ["QQ\udc80 ZZ", "A PAR - BUR"]}, {"FRANCE": ["A PAR - BUR\ud800"]},  # lone surrogates (JSON allows them)
])
def test_order_lines_are_read_or_refused_as_the_general_path_does(orders: Any) -> None:
    """The lean path reads plainly good order lines itself: any others go to the contract's reading, so the
    answer, or the error, is the general path's."""
    request = {"phase": "S1901M", "units": {"FRANCE": ["A PAR"], "GERMANY": ["A MUN"]}, "orders": orders}

    def answer() -> Any:
        try:
            return contract.adjudicate(request)
        except contract.RequestError as exc:
            return ("error", str(exc))

    forget_positions()
    lean_answer = answer()
    lean.ENABLED = False
    try:
        forget_positions()
        general = answer()
    finally:
        lean.ENABLED = True
    assert lean_answer == general


def test_supports_of_fleets_on_coasts_written_with_the_province_answer_as_the_general_path() -> None:
    units = {"FRANCE": ["A MAR", "F SPA/SC", "A GAS"], "RUSSIA": ["F STP/SC", "A MOS", "F FIN", "A SEV"],
             "TURKEY": ["F BUL/SC", "A SER", "A CON"]}
    orders = {"FRANCE": ["A MAR S F SPA", "A GAS S F SPA - MAR", "F SPA/SC - MAR"],
              "RUSSIA": ["F FIN S F STP", "A MOS S F STP - LVN", "F STP/SC - LVN", "A SEV S F BUL - RUM"],
              "TURKEY": ["A SER S F BUL - RUM", "a con s f bul - aeg", "F BUL/SC - AEG"]}
    response = json.loads(assert_both_paths_agree({"phase": "S1902M", "units": units, "orders": orders}))
    results = {entry["order"]: entry["result"] for entry in response["orders"]}
    assert results["A GAS S F SPA - MAR"] == "succeeds" and results["A SER S F BUL - RUM"] == "invalid"


def _far_fields(far: Any) -> tuple[Any, ...] | None:
    return None if far is None else (far.kind, far.unit, far.origin, far.dest, far.via, far.quoted)


def test_texts_by_convoy_read_from_their_words_are_what_the_map_lists() -> None:
    """A map of many seas lists no moves by convoy, convoys or supports of them (``MapTables.far_listed``): the
    reader reads each text from its words (``far_entry``). On Standard, which lists them, every listed text reads
    so to its listed entry, and every other text of those shapes to none."""
    from engine.lean.tables import far_entry

    tables = lean.tables_for(Game.new("standard").variant)
    assert tables.far_listed and tables.far
    board = tables.board
    rng = random.Random(3)
    places = sorted(board.provinces) + ["XYZ", "SPA/NC", ""]
    units = [f"{kind.value} {loc}" for kind in (UnitType.ARMY, UnitType.FLEET) for loc in sorted(board.locations(kind))]
    candidates = set(tables.far) | set(tables.tabled)
    for text in tables.far:
        candidates |= {text.lower(), text + " ", text.replace(" - ", "-"), text.replace(" VIA", ""), text + " VIA",
                       text.replace("A ", "F ", 1), text.replace(" C A ", " S A "), text.replace(" S A ", " C A ")}
    for here in places:
        for dest in places:
            candidates |= {f"A {here} - {dest}", f"A {here} - {dest} VIA", f"F {here} - {dest}"}
            candidates.update(f"{unit} S A {here} - {dest}" for unit in rng.sample(units, 6) + ["A XYZ", "F SPA"])
            candidates.update(f"F {sea} C A {here} - {dest}" for sea in rng.sample(places, 4))
    listed = 0
    for text in candidates:
        expected = tables.far.get(text)
        listed += expected is not None
        assert _far_fields(far_entry(tables, text)) == _far_fields(expected), text
    assert listed == len(tables.far)
