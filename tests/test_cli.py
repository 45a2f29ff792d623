"""The headless command line: ``chancellery`` dispatch, help texts, exit statuses and messages (no Qt needed)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from app.cli import HEADLESS, USAGE, main


def test_usage_names_every_command_and_the_exit_statuses(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--help"]) == 0
    out = capsys.readouterr().out
    assert out == USAGE
    for command in HEADLESS:
        assert f"chancellery {command} " in out
    for action in ("list", "build", "check", "import-dpjudge"):
        assert action in out
    assert "Status 0" in out and "2: bad input" in out


@pytest.mark.parametrize("command", ["adjudicate", "legal-orders"])
def test_contract_commands_help_says_what_they_do_and_their_statuses(
        command: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "400")  # (no line breaks inside the words looked for)
    with pytest.raises(SystemExit) as stop:
        main([command, "--help"])
    assert stop.value.code == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "docs/adjudication-contract.md" in out and "Exit status: 0" in out
    assert f"chancellery {command}: bad request" in out


def test_a_mistyped_command_is_named_not_opened_as_a_game(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["adjudicat"]) == 2
    err = capsys.readouterr().err
    assert "unknown command 'adjudicat'" in err and "adjudicate" in err


BAD_REQUESTS = [
    ('{"phase": "S1901M", "units": {"ITALIA": ["A ROM"]}}', "units.ITALIA"),
    ('{"variant": "nope", "phase": "S1901M", "units": {}}', "variant"),
    ('{"phase": "S1901X", "units": {}}', "phase"),
    ('{"phase": "S1901A", "units": {}}', "phase"),
    ('{"phase": "S1901M", "units": {"ITALY": ["A ROM"]}, "orders": {"ITALY": [5]}}', "orders.ITALY[0]"),
    ('{"phase": "S1901M", "units": {"ITALY": ["A ROM"]}, "dislodged": {"ITALY": [{"unit": "A VEN", '
     '"attacker": "TRI"}]}}', "dislodged"),
    ('{"phase": "S1901M",', "request"),
    ('[]', "request"),
    ('', "request"),
]


@pytest.mark.parametrize("command, text, field", [
    (command, text, field) for command in ("adjudicate", "legal-orders") for text, field in BAD_REQUESTS
    if not (command == "legal-orders" and field.startswith("orders"))])  # (legal-orders ignores the orders)
def test_bad_requests_exit_2_naming_the_field(command: str, text: str, field: str, tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "request.json"
    path.write_text(text, encoding="utf-8")
    assert main([command, str(path)]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.startswith(f"chancellery {command}: bad request: {field}: ") and err.count("\n") == 1


def test_an_unreadable_file_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["adjudicate", str(tmp_path / "missing.json")]) == 2
    assert "can't read" in capsys.readouterr().err
    assert main(["adjudicate", str(tmp_path)]) == 2
    assert "can't read" in capsys.readouterr().err


def test_legal_orders_are_sorted_and_indented(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "request.json"
    path.write_text('{"phase": "S1901M", "units": {"TURKEY": ["F ANK"], "ITALY": ["A ROM"]}}', encoding="utf-8")
    assert main(["legal-orders", str(path)]) == 0
    out = capsys.readouterr().out
    legal = json.loads(out)
    assert list(legal) == ["ITALY", "TURKEY"]
    assert legal["ITALY"]["ROM"] == sorted(legal["ITALY"]["ROM"]) and "A ROM - VEN" in legal["ITALY"]["ROM"]
    assert out.startswith("{\n")


def test_maps_list_names_the_installed_maps(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["maps", "list"]) == 0
    assert "standard" in capsys.readouterr().out.split()


@pytest.mark.parametrize("variant, phase, words", [
    ("age_of_discovery", "W1901A", "Age of Discovery has no adjustment phases (its phases: movement)"),
    ("global_diplomacy", "W1890A", "Global Diplomacy has no adjustment phases (its phases: movement)"),
    ("world31", "W2000A", "World Diplomacy has no adjustment phases (its phases: movement, retreat)"),
    ("standard", "S1901A", "Standard has no adjustment phase in season S (its seasons: W)"),
])
def test_a_phase_type_the_variant_lacks_is_named(variant: str, phase: str, words: str,
                                                 capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "request.json"
    path.write_text(json.dumps({"variant": variant, "phase": phase, "units": {}}), encoding="utf-8")
    assert main(["adjudicate", str(path)]) == 2
    assert capsys.readouterr().err == f"chancellery adjudicate: bad request: phase: {phase}: {words}\n"


@pytest.mark.parametrize("variant", ["age_of_discovery", "global_diplomacy"])
def test_a_retreat_phase_is_refused_where_the_variant_has_none(variant: str) -> None:
    # EMG settles retreats inside its one movement phase: a retreat request, even with a dislodged unit,
    # describes no position of the game (it used to be answered, disbanding the unit).
    from engine.contract import adjudicate, position_of
    from engine.game import Game
    from engine.types import RequestError
    from engine.variants import find_variant

    game = Game.new(find_variant(variant))
    request = position_of(game.variant, game.state)
    power, units = next(iter(request["units"].items()))
    request["units"][power] = units[1:]
    request["phase"] = request["phase"][:-1] + "R"
    request["dislodged"] = {power: [{"unit": units[0], "attacker": units[0].split()[1]}]}
    with pytest.raises(RequestError) as error:
        adjudicate(request)
    assert error.value.field == "phase" and "has no retreat phases" in str(error.value)

