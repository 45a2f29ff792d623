"""Age of Discovery's fog of war as an invariant over seeded random 12-player games: no seat ever receives a
unit, order, result or reason outside its view — not in its view of the position, its results, the contract's
form of its view, its turn report, nor its view of a saved and loaded game; and every area it has seen stays
on its map (RG-REP-2, RG-ORD-19, RG-AOD-3). The LAN frames are checked in tests/net/test_aod_fog_lan.py."""
from __future__ import annotations

import json
import random
import re

import pytest

from aod_fog import find_hidden, hidden_texts, random_commands, sight, spies_of
from engine.contract import position_of
from engine.game import Game
from engine.report import phase_report
from engine.savefile import dumps, loads
from engine.types import Unit, province_of
from engine.variants import find_variant

TURNS = 6


def _legal_texts(variant, state):  # type: ignore[no-untyped-def]
    return {p: {slot: [str(o) for o in options] for slot, options in slots.items()}
            for p, slots in variant.legal_orders(state).items()}


def _report_rows(report: str) -> list[tuple[str, str]]:
    """(area id, unit-at-start column) for each row of the report's body."""
    body = report.split("AREAS OWNED OR HELD", 1)[1].split("\n\n", 1)[0]
    rows = []
    for line in body.splitlines():
        found = re.match(r"^\s+(\d+) \d{4}\s", line)
        if found:
            rows.append((found.group(1), line[40:53].strip()))
    return rows


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_no_seat_ever_receives_a_unit_outside_its_view(seed: int) -> None:
    variant = find_variant("age_of_discovery", {"players": 12, "seed": seed})
    board = variant.board
    game = Game.new(variant)
    rng = random.Random(seed)
    checked_results = 0
    for turn in range(TURNS):
        before = game.state
        commands = random_commands(variant, before, rng, _legal_texts(variant, before), first_turn=turn == 0)
        spied = {p: spies_of(variant, lines, p, before) for p, lines in commands.items()}
        for power, lines in commands.items():
            checks = game.set_orders(power, lines, ready=True)
            assert all(c.ok for c in checks), [(c.text, c.error) for c in checks if not c.ok]
        game.process()
        after, record = game.state, game.history[-1]
        for power in board.powers:
            start, end = sight(board, before, power, spied[power]), sight(board, after, power, spied[power])
            view = variant.view_for(after, power)
            assert all(u.power == power or a in end for a, u in view.units.items())
            assert set(view.centers) <= end and set(view.extra.get("owned", {})) <= end
            assert set(view.extra.get("known", {})) <= {power} and set(view.extra.get("spied", {})) <= {power}
            results = variant.results_for(before, record.results, power)
            for r in results:
                unit = getattr(r.typed, "unit", None)
                assert r.power == power or (isinstance(unit, Unit) and province_of(unit.loc) in start), r
                for named in (r.outcome.units() if r.outcome is not None else ()):
                    assert named.power == power or province_of(named.loc) in start, (power, r)
                checked_results += r.power != power
            report = phase_report(game, turn, power)
            rows = _report_rows(report)
            assert {a for a, _ in rows} <= start | end
            assert all(unit == "?" for a, unit in rows if a not in start)
            sent = json.dumps([[r.order, r.reason] for r in results]) + json.dumps(position_of(variant, view)) + report
            hidden = hidden_texts(board, before, after, power, spied[power])
            assert not find_hidden(hidden, sent), (power, turn, find_hidden(hidden, sent))
            known = set(after.extra["known"][power])
            assert start | end <= known  # RG-AOD-3: every area seen or spied on stays known
            assert set(before.extra.get("known", {}).get(power, ())) <= known
    assert checked_results > 0  # other powers' results were seen (and checked), not just one's own
    loaded = loads(dumps(game))
    for power in board.powers:
        assert variant.view_for(loaded.state, power) == variant.view_for(game.state, power)
        assert phase_report(loaded, TURNS - 1, power) == phase_report(game, TURNS - 1, power)


def test_a_spy_sent_by_coordinates_reports_that_turn_and_is_remembered() -> None:
    """RG-AOD-5/7/3: ``SP XXYY`` in the sender's own coordinates; the area is in that turn's view and results,
    and stays on the sender's map afterwards, without its units."""
    from engine.variants.emg.aod_map import coordinates

    variant = find_variant("age_of_discovery", {"players": 9, "seed": 4})
    board = variant.board
    game = Game.new(variant)
    state = game.state
    known = variant.known_areas(state, "AMBER")
    target = next(a for a, d in sorted(board.distances_from(sorted(known)).items(), key=lambda x: int(x[0]))
                  if d == 2)
    x, y = coordinates(board.extra, "AMBER", target)
    other = next(p for p in board.powers if p != "AMBER")
    assert coordinates(board.extra, other, target) != (x, y)  # each power names areas its own way
    checks = game.set_orders("AMBER", [f"SP {x:02d}{y:02d}"], ready=True)
    assert checks[0].ok and str(checks[0].order) == f"SP {target}"
    game.process()
    assert target in variant.seen_areas(game.state, "AMBER") and target in game.state.extra["known"]["AMBER"]
    game.process()
    assert target not in variant.seen_areas(game.state, "AMBER")  # the spy reported one turn only
    assert target in variant.known_areas(game.state, "AMBER")  # but the map remembers the area
    far = next(a for a, d in board.distances_from(sorted(variant.known_areas(game.state, "AMBER"))).items() if d > 2)
    checks = game.set_orders("AMBER", [f"SP {far}"], ready=True)
    assert not checks[0].ok and "too far" in str(checks[0].error)  # RG-AOD-9


def test_another_powers_refused_command_tells_nothing_of_the_board_beyond_its_unit() -> None:
    """A reason that reads the area a command aimed at (whose unit stands there, who owns it) is cut to its
    verdict for other powers: England sees France's corps in Paris refused a support, not that the unit it
    wanted to support is German (Burgundy is out of England's sight)."""
    import emg_examples  # noqa: F401  (registers the examples board)
    from engine.contract import state_from_request
    from engine.phases import process_phase

    variant, state = state_from_request({"variant": "emg_examples", "phase": "F1901M", "units": {
        "ENGLAND": ["A KEN"], "FRANCE": ["C PAR"], "GERMANY": ["C BUR"]}, "centers": {
        "ENGLAND": ["REE", "REF"], "FRANCE": ["RFG", "RFH"], "GERMANY": ["RGI", "RGJ"]}})
    assert "BUR" not in variant.view_for(state, "ENGLAND").units and "PAR" in variant.view_for(state, "ENGLAND").units
    result = process_phase(variant, state, {"FRANCE": ["SD 18 21"]})
    full = next(r for r in result.results if r.power == "FRANCE" and r.order.startswith("SD"))
    assert "GERMANY" in full.reason
    english = next(r for r in variant.results_for(state, result.results, "ENGLAND") if r.power == "FRANCE")
    assert english.result == "fails" and english.reason == "support refused"
    french = next(r for r in variant.results_for(state, result.results, "FRANCE") if r.power == "FRANCE")
    assert french.reason == full.reason  # its own reason, whole
