"""Every bad input gets a clear error naming what was wrong: contract requests, the command line, save
files; and what the engine writes it reads back."""
from __future__ import annotations

import json
import reprlib
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

import engine
from engine import savefile
from engine.contract import MAX_ORDER_LENGTH, MAX_ORDERS
from engine.game import Game
from engine.types import ChancelleryError, RequestError, SaveFileError

ROOT = Path(__file__).resolve().parents[2]
START = {"phase": "S1901M", "units": {"FRANCE": ["A PAR"]}}


def _refused(request: Any) -> RequestError:
    with pytest.raises(RequestError) as info:
        engine.adjudicate(request)
    return info.value


def _id(value: Any) -> str:
    """Test ids that stay short (the values include huge integers and deep nesting)."""
    try:
        return reprlib.repr(value)[:40]
    except ValueError:
        return "huge-int"


def _deep(depth: int) -> list[Any]:
    top: list[Any] = []
    inner = top
    for _ in range(depth):
        inner.append([])
        inner = inner[0]
    return top


# --- options ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("options", [[1, 2], "complex", 5, True])
def test_options_that_are_not_an_object_are_refused(options: Any) -> None:
    error = _refused({**START, "options": options})
    assert error.field == "options" and "must be an object" in str(error)


def test_unknown_option_names_are_refused_naming_the_known_ones() -> None:
    error = _refused({**START, "variant": "colonial", "phase": "S1870M", "units": {}, "options": {"tsr_rule": "x"}})
    assert error.field == "options"
    assert "'tsr_rule'" in str(error) and "tsr_rules" in str(error) and "victory_centers" in str(error)
    error = _refused({**START, "variant": "engineered", "options": {"levels": "simple"}})
    assert "level," in str(error) and "engineer_builds_on" in str(error)
    with pytest.raises(ChancelleryError, match="unknown option 'colour'"):
        Game.new("standard", options={"colour": "red"})


@pytest.mark.parametrize("target", [0, -3, 35, "18", 17.5, True, None, 10**5000], ids=_id)
def test_victory_target_must_be_a_reachable_whole_number(target: Any) -> None:
    error = _refused({**START, "options": {"victory_centers": target}})
    assert error.field == "options" and "victory_centers: expected a whole number from 1 to 34" in str(error)


def test_a_valid_victory_target_is_used() -> None:
    r = engine.adjudicate({"phase": "F1901M", "units": {"FRANCE": ["A PAR"]}, "centers": {"FRANCE": ["PAR", "BRE"]},
                           "options": {"victory_centers": 2}})
    assert r["winner"] == "FRANCE"


# --- phases ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("phase, words", [
    ("W1901M", "no movement or retreat phase in season W"),
    ("U1901M", "no movement or retreat phase in season U"),
    ("W1901R", "no movement or retreat phase in season W"),
    ("S1901A", "no adjustment phase in season S (its seasons: W)"),
    ("F1901A", "no adjustment phase in season F (its seasons: W)"),
    ("S-5M", "year -5 is outside"),
    ("S0M", "year 0 is outside"),
    ("S1900M", "year 1900 is outside"),
    ("S99999M", "year 99999 is outside"),
    ("S12345678901234567890M", "expected season letter"),
])
def test_phases_the_calendar_does_not_have_are_refused(phase: str, words: str) -> None:
    error = _refused({"phase": phase, "units": {}})
    assert error.field == "phase" and words in str(error)


def test_colonial_years_start_in_1870() -> None:
    assert engine.adjudicate({"variant": "colonial", "phase": "S1870M", "units": {}})["next_phase"] == "F1870M"
    assert _refused({"variant": "colonial", "phase": "S1869M", "units": {}}).field == "phase"


def test_a_retreat_phase_needs_a_dislodged_unit() -> None:
    error = _refused({"phase": "F1901R", "units": {"FRANCE": ["A PAR"]}})
    assert error.field == "dislodged" and "no unit is dislodged" in str(error)


# --- Hugh's Engineered variant data ----------------------------------------------------------------


ENGINEERED = {"variant": "engineered", "phase": "S1901M", "units": {"RUSSIA": ["A MOS", "E MOS"]}}


@pytest.mark.parametrize("extra, field, words", [
    ({"missed": {"RUSSIA": "two"}}, "extra.missed.RUSSIA", "whole number of turns"),
    ({"missed": {"RUSSIA": -1}}, "extra.missed.RUSSIA", "whole number of turns"),
    ({"missed": {"RUSSIA": 10**5000}}, "extra.missed.RUSSIA", "whole number of turns"),
    ({"missed": None}, "extra.missed", "expected an object"),
    ({"missed": [1, 2]}, "extra.missed", "expected an object"),
    ({"missed": {"MARS": 1}}, "extra.missed.MARS", "unknown power 'MARS'"),
    ({"decoys": 5}, "extra.decoys", "expected a list of provinces"),
    ({"decoys": [["MOS"]]}, "extra.decoys[0]", "expected a province code"),
    ({"decoys": ["WAR"]}, "extra.decoys", "where no unit stands"),
    ({"stacked": 5}, "extra.stacked", "expected a list of stacked units"),
    ({"stacked": [5]}, "extra.stacked[0]", "expected {"),
    ({"stacked": [{"power": "MARS", "kind": "E", "loc": "WAR"}]}, "extra.stacked[0].power", "unknown power 'MARS'"),
    ({"stacked": [{"power": "RUSSIA", "kind": "A", "loc": "WAR"}]}, "extra.stacked[0].kind", "one of E, P, D"),
    ({"stacked": [{"power": "RUSSIA", "kind": "E", "loc": "XYZ"}]}, "extra.stacked[0].loc", "can't stand"),
    ({"stacked": [{"power": "RUSSIA", "kind": "P", "loc": "WAR", "from": 7}]}, "extra.stacked[0].from",
     "unknown power 7"),
    ({"dislodged_decoys": 7}, "extra.dislodged_decoys", "expected a list of provinces"),
    ({"stack": []}, "extra", "unknown key 'stack'"),
], ids=_id)
def test_engineered_extra_with_wrong_types_names_the_field(extra: dict[str, Any], field: str, words: str) -> None:
    error = _refused({**ENGINEERED, "extra": extra})
    assert error.field == field and words in str(error), str(error)


def test_engineered_powers_must_exist() -> None:
    assert _refused({**ENGINEERED, "units": {"MARS": ["E MOS"]}}).field == "units.MARS"


def test_engineered_extra_is_read_when_well_formed() -> None:
    r = engine.adjudicate({**ENGINEERED, "extra": {"missed": {"RUSSIA": 1}}})
    assert "E MOS" in r["units"]["RUSSIA"]


def test_an_engineer_carried_at_sea_is_accepted_back() -> None:
    """Engineers ride on fleets (rule 4c): the engine writes ``E BLA``, and reads it back."""
    request = {"variant": "engineered", "phase": "S1901M", "units": {"RUSSIA": ["F BLA", "E BLA"]}}
    r = engine.adjudicate(request)
    assert "E BLA" in r["units"]["RUSSIA"]
    again = engine.adjudicate({"variant": "engineered", "phase": r["next_phase"], "units": r["units"]})
    assert again["units"] == r["units"]
    assert _refused({**request, "units": {"RUSSIA": ["E XYZ"]}}).field == "units.RUSSIA[0]"


# --- sizes and shapes a parser can choke on --------------------------------------------------------


def test_order_lists_are_capped() -> None:
    too_many = {**START, "orders": {"FRANCE": ["A PAR H"] * (MAX_ORDERS + 1)}}
    error = _refused(too_many)
    assert error.field == "orders" and str(MAX_ORDERS) in str(error)
    long_line = {**START, "orders": {"FRANCE": ["A PAR - " + "B" * MAX_ORDER_LENGTH]}}
    assert _refused(long_line).field == "orders.FRANCE[0]"
    fine = engine.adjudicate({**START, "orders": {"FRANCE": ["A PAR H"] * 100}})
    assert fine["units"] == {"FRANCE": ["A PAR"]}


@pytest.mark.parametrize("request_", [
    {"phase": "S1901M", "units": {"FRANCE": [_deep(5000)]}},
    {"phase": "S1901M", "units": {"FRANCE": ["A PAR"]}, "orders": {"FRANCE": [_deep(5000)]}},
    {"phase": _deep(5000), "units": {}},
    {"phase": "S1901M", "units": {}, "centers": {"FRANCE": [_deep(5000)]}},
    {"phase": "S1901M", "units": {}, "variant": _deep(5000)},
    {"phase": "S1901M", "units": {}, "contested": [10**5000]},
    {"phase": "S1901M", "units": {"FRANCE": [10**5000]}},
], ids=range(7))
def test_deep_and_huge_values_in_a_request_are_named_not_crashed_on(request_: dict[str, Any]) -> None:
    error = _refused(request_)
    assert len(str(error)) < 400


def _cli(*args: str, stdin: bytes = b"", env: dict[str, str] | None = None) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run([sys.executable, "-m", "app", *args], input=stdin, capture_output=True, cwd=ROOT,
                          timeout=60, env=None if env is None else {**os.environ, **env})


@pytest.mark.parametrize("stdin, words", [
    (b"[" * 100_000 + b"]" * 100_000, b"nested too deeply"),
    (b'{"phase": "S1901M", "units": {}, "options": {"victory_centers": 1' + b"0" * 5000 + b"}}", b"request:"),
    (b'{"phase": "S1901M", "units": {"FRANCE": ["A PAR\xff"]}}', b"not UTF-8"),
    (b'{"phase": "S1901M", "units": {}, "options": []}', b"options: must be an object"),
    (b'{"phase": "W1901M", "units": {}}', b"phase: W1901M"),
    (b'{"variant": "engineered", "phase": "S1901M", "units": {}, "extra": {"missed": {"RUSSIA": "two"}}}',
     b"extra.missed.RUSSIA"),
], ids=range(6))
def test_command_line_exits_2_with_a_message(stdin: bytes, words: bytes) -> None:
    done = _cli("adjudicate", stdin=stdin)
    assert done.returncode == 2, done.stderr
    assert b"Traceback" not in done.stderr and words in done.stderr and done.stdout == b""
    assert done.stderr.startswith(b"chancellery adjudicate: ")


# --- empty retreat phases --------------------------------------------------------------------------


NO_RETREAT = {"phase": "S1901M",
              "units": {"FRANCE": ["A PIC", "A BUR", "F ENG"], "GERMANY": ["A BEL"]},
              "orders": {"FRANCE": ["A PIC - BEL", "A BUR S A PIC - BEL", "F ENG S A PIC - BEL"]},
              "centers": {"FRANCE": ["PAR"], "GERMANY": ["BER"], "ENGLAND": ["LON"]}}


def test_a_unit_with_nowhere_to_go_is_destroyed_at_once() -> None:
    # BEL's neighbours: PIC (attacker), BUR, HOL, RUH, NTH, ENG; fill the others.
    request = json.loads(json.dumps(NO_RETREAT))
    request["units"]["ENGLAND"] = ["F NTH"]
    request["units"]["GERMANY"] += ["A HOL", "A RUH"]
    r = engine.adjudicate(request)
    assert r["next_phase"] == "F1901M" and r["dislodged"] == {}
    assert r["orders"][-1]["outcome"] == {"code": "destroyed_no_retreat", "data": {}}
    assert {k: v for k, v in r["orders"][-1].items() if k != "outcome"} == {"power": "GERMANY", "order": "A BEL D", "result": "succeeds",
                               "reason": "no retreat possible: destroyed", "default": True}
    assert "A BEL" not in r["units"]["GERMANY"]
    # With a retreat open, the retreat phase is played as usual.
    request["units"]["GERMANY"].remove("A RUH")
    assert engine.adjudicate(request)["next_phase"] == "S1901R"


def test_the_game_skips_an_empty_retreat_phase_too() -> None:
    variant_request = json.loads(json.dumps(NO_RETREAT))
    variant_request["units"]["ENGLAND"] = ["F NTH"]
    variant_request["units"]["GERMANY"] += ["A HOL", "A RUH"]
    from engine.contract import state_from_request

    variant, state = state_from_request(variant_request)
    game = Game(variant, state)
    for power, lines in variant_request["orders"].items():
        game.set_orders(power, lines, ready=True)
    game.process()
    assert game.phase == "F1901M" and not game.state.dislodged
    assert any(r.order == "A BEL D" and r.reason == "no retreat possible: destroyed" for r in game.history[-1].results)
    assert game.phases() == ["S1901M", "F1901M"]


# --- draws -----------------------------------------------------------------------------------------


def test_no_draw_vote_at_engineered_advanced_level() -> None:
    game = Game.new("engineered", options={"level": "advanced"})
    with pytest.raises(ChancelleryError, match="no draws at the advanced level"):
        game.vote_draw("FRANCE")
    assert game.draw_votes == set() and not game.drawn
    game.vote_draw("FRANCE", False)  # withdrawing a vote that was never cast is harmless
    complex_game = Game.new("engineered", options={"level": "complex"})
    complex_game.vote_draw("FRANCE")
    assert complex_game.draw_votes == {"FRANCE"}
    assert complex_game.variant.draw_refusal(complex_game.state) is None


# --- Colonial --------------------------------------------------------------------------------------


def test_colonial_impassable_spaces_are_not_called_seas() -> None:
    r = engine.adjudicate({"variant": "colonial", "phase": "S1870M", "units": {"RUSSIA": ["A PER", "F BLA"]},
                           "orders": {"RUSSIA": ["A PER - CAS", "F BLA - CAS"]}})
    reasons = [o["reason"] for o in r["orders"][:2]]
    assert reasons[0] == "an army can't go to CAS: it is impassable", reasons
    assert "sea" not in reasons[0] and "impassable" in reasons[1], reasons
    sea = engine.adjudicate({"phase": "S1901M", "units": {"FRANCE": ["A BRE"]}, "orders": {"FRANCE": ["A BRE - MAO"]}})
    assert sea["orders"][0]["reason"] == "an army can't go to MAO: it is a sea"


# --- save files ------------------------------------------------------------------------------------


def _save_dict() -> dict[str, Any]:
    return savefile.game_to_dict(Game.new())


def _edit_state(change: Any) -> dict[str, Any]:
    data = _save_dict()
    change(data["state"])
    return data


def _set(key: str, value: Any) -> Any:
    return lambda state: state.__setitem__(key, value)


@pytest.mark.parametrize("data, words", [
    (_edit_state(lambda s: s["units"].append(["FRANCE", "A", "XYZ"])), "state.units.XYZ: a unit A can't stand in 'XYZ'"),
    (_edit_state(lambda s: s["units"].append(["FRANCE", "F", "TYR"])), "state.units.TYR: a unit F can't stand in 'TYR'"),
    (_edit_state(lambda s: s["units"].append(["FRANCE", "A", "NTH"])), "can't stand in 'NTH'"),
    (_edit_state(lambda s: s["units"].append(["MARS", "A", "BUR"])), "unknown power 'MARS'"),
    (_edit_state(lambda s: s["units"].append(["FRANCE", "A", "PAR"])), "state.units: two units in PAR"),
    (_edit_state(lambda s: s["units"].append(["FRANCE", "Q", "BUR"])), "unknown unit type 'Q'"),
    (_edit_state(lambda s: s["units"].append("A BUR")), "state.units[22]: expected [power, unit letter, location]"),
    (_edit_state(_set("phase", "W1901M")), "state.phase: W1901M"),
    (_edit_state(_set("phase", "S1901R")), "no unit is dislodged"),
    (_edit_state(_set("phase", 1901)), "state.phase: bad phase 1901: expected season letter"),
    (_edit_state(_set("centers", {"BUR": "FRANCE"})), "state.centers.BUR: 'BUR' is not a supply centre"),
    (_edit_state(_set("centers", {"PAR": "MARS"})), "state.centers.PAR: unknown power 'MARS'"),
    (_edit_state(_set("centers", ["PAR"])), "state.centers: expected an object"),
    (_edit_state(_set("contested", ["XYZ"])), "state.contested: unknown province 'XYZ'"),
    (_edit_state(_set("extra", {"money": 5})), "state.extra: Standard keeps no variant data"),
    (_edit_state(_set("dislodged", [{"unit": ["FRANCE", "A", "BUR"], "attacker": "XYZ"}])),
     "only retreat phases have dislodged units"),
    (dict(_save_dict(), winner=[1]), "winner: expected a power"),
    (dict(_save_dict(), winner="MARS"), "winner: expected a power"),
    (dict(_save_dict(), drawn="yes"), "drawn: expected true or false"),
    (dict(_save_dict(), ready=["MARS"]), "ready: expected a list of powers"),
    (dict(_save_dict(), draw_votes="FRANCE"), "draw_votes: expected a list of powers"),
    (dict(_save_dict(), sealed_orders="%%%"), "sealed_orders: damaged"),
    (dict(_save_dict(), options={"victory_centers": 0}), "victory_centers"),
    (dict(_save_dict(), options=[1]), "options must be an object"),
    (dict(_save_dict(), history=[{"state": {"phase": "S1901M", "units": [["FRANCE", "A", "XYZ"]]}}]),
     "history[0].state.units.XYZ: a unit A can't stand in 'XYZ'"),
    (dict(_save_dict(), history=[5]), "history[0]: expected an object"),
], ids=lambda v: v if isinstance(v, str) else "")
def test_save_file_positions_are_checked(tmp_path: Path, data: dict[str, Any], words: str) -> None:
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    before = path.read_bytes()
    with pytest.raises(SaveFileError) as info:
        savefile.load_game(path)
    assert words in str(info.value) and str(info.value).startswith("the saved game is damaged: "), str(info.value)
    assert path.read_bytes() == before


@pytest.mark.parametrize("content, words", [
    (b"[" * 100_000 + b"]" * 100_000, "nested too deeply"),
    (b'{"format": "chancellery-save", "format_version": 1' + b"0" * 5000 + b"}", "not valid JSON"),
    (b'{"format": "chancellery-save"\xff}', "not a text file"),
    (json.dumps({**_save_dict(), "meta": {"x": _deep(400)}}).encode(), None),
], ids=["deep", "huge-int", "not-utf8", "deep-meta"])
def test_unreadable_save_files_give_save_file_errors(tmp_path: Path, content: bytes, words: str | None) -> None:
    path = tmp_path / "bad.json"
    path.write_bytes(content)
    if words is None:  # deep but legal JSON in free-form metadata loads
        assert savefile.load_game(path).meta["x"]
        return
    with pytest.raises(SaveFileError, match=words):
        savefile.load_game(path)
    assert path.read_bytes() == content


def test_engineered_save_round_trips_and_refuses_bad_extra(tmp_path: Path) -> None:
    game = Game.new("engineered", options={"level": "advanced"})
    path = tmp_path / "e.json"
    savefile.save_game(game, path)
    assert savefile.load_game(path).state == game.state
    data = json.loads(path.read_text())
    data["state"]["extra"]["missed"] = {"RUSSIA": "two"}
    path.write_text(json.dumps(data))
    with pytest.raises(SaveFileError, match="state.extra.missed.RUSSIA: expected a whole number"):
        savefile.load_game(path)


def test_stray_temporaries_are_removed_on_the_next_save(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    stray = tmp_path / ".game.json.abcd1234.tmp"
    stray.write_text("half a save")
    other = tmp_path / ".other.json.abcd1234.tmp"
    other.write_text("another game's")
    for left in (stray, other):  # left by saves killed an hour ago
        os.utime(left, (time.time() - 3600, time.time() - 3600))
    savefile.save_game(Game.new(), path)
    assert not stray.exists() and other.exists()
    assert savefile.load_game(path).phase == "S1901M"
    assert savefile.remove_stale_temporaries_in(tmp_path) == [other]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json"]


def test_lone_decoys_and_prisons_read_back_as_written() -> None:
    request = {"variant": "engineered", "phase": "S1901M",
               "units": {"ENGLAND": ["D NTH", "D STP/NC", "D LON"], "RUSSIA": ["A MOS", "P MOS"]},
               "extra": {"stacked": [{"power": "RUSSIA", "kind": "P", "loc": "MOS", "from": "TURKEY"}],
                         "missed": {"ENGLAND": 2}}}
    r = engine.adjudicate(request)
    assert r["units"]["ENGLAND"] == ["D LON", "D NTH", "D STP/NC"]
    assert r["units"]["RUSSIA"] == ["A MOS", "P MOS"]  # listed once, though units and extra both name it
    assert r["extra"] == {"missed": {"ENGLAND": 3, "RUSSIA": 1},  # nobody gave orders
                          "stacked": [{"power": "RUSSIA", "kind": "P", "loc": "MOS", "from": "TURKEY"}]}
    from engine.contract import state_from_request

    _, state = state_from_request({**request, "units": r["units"], "extra": r["extra"], "phase": r["next_phase"]})
    assert [str(state.units[p]) for p in ("NTH", "STP", "LON")] == ["F NTH", "F STP/NC", "A LON"]


def test_units_that_passed_the_position_check_before_are_still_checked_where_they_stand() -> None:
    """The check remembers units it accepted on a board; a remembered unit filed under another province,
    or one whose kind is a plain letter instead of a unit type, is refused all the same."""
    from engine.position_check import check_state
    from engine.types import PositionError, Unit, UnitType
    from engine.variants import find_variant

    variant = find_variant("standard")
    state = variant.initial_state()
    check_state(variant, state)
    check_state(variant, state)  # every unit remembered now
    paris = state.units["PAR"]
    misfiled = state.replace(units={**state.units, "BUR": paris})
    with pytest.raises(PositionError, match="wrong province"):
        check_state(variant, misfiled)
    letter = Unit(paris.power, "A", paris.loc)  # type: ignore[arg-type]
    assert letter == paris and hash(letter) == hash(paris)
    with pytest.raises(PositionError):
        check_state(variant, state.replace(units={**state.units, "PAR": letter}))
    assert type(paris.type) is UnitType


@pytest.mark.parametrize("variant_id", ["standard", "world31"])
def test_the_position_check_refuses_a_unit_of_no_power_or_where_its_kind_cannot_stand(variant_id: str) -> None:
    """The table of places where each kind stands (the powers kept apart) lets through only the units the
    checks one by one accept: every unit of the start, and no unit of an unknown power, no kind the variant
    doesn't use, no army at sea and no fleet inland, on a board where each of those places holds other kinds."""
    from engine.position_check import check_state
    from engine.types import PositionError, Unit, UnitType
    from engine.variants import find_variant

    variant = find_variant(variant_id)
    state = variant.initial_state()
    check_state(variant, state)
    board = variant.board
    prov, unit = next((p, u) for p, u in state.units.items() if u.type is UnitType.ARMY)
    sea = next(p.id for p in board.provinces.values() if p.is_sea and p.id not in state.units)
    inland = next(p.id for p in board.provinces.values() if p.is_land and not p.is_coastal and p.id not in state.units)
    unused = next(k for k in UnitType if k not in variant.unit_types)
    for where, wrong in ((prov, Unit("MARS", UnitType.ARMY, unit.loc)), (prov, Unit(unit.power, unused, unit.loc)),
                         (sea, Unit(unit.power, UnitType.ARMY, sea)), (inland, Unit(unit.power, UnitType.FLEET, inland))):
        units = {p: u for p, u in state.units.items() if p != prov}
        with pytest.raises(PositionError):
            check_state(variant, state.replace(units={**units, where: wrong}))
