"""The examples of ``docs/adjudication-contract.md`` work as written: each request is answered (through the
Python API and ``chancellery adjudicate``), and the response shown is the one the first request gets."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from engine.cli import adjudicate_main
from engine.contract import adjudicate

DOC = Path(__file__).resolve().parents[2] / "docs" / "adjudication-contract.md"


def _json_blocks() -> list[dict]:
    return [json.loads(block) for block in re.findall(r"```json\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)]


def test_the_doc_shows_two_requests_and_the_first_ones_response() -> None:
    movement, retreat, response = _json_blocks()
    assert movement["phase"].endswith("M") and retreat["phase"].endswith("R") and "next_phase" in response
    assert adjudicate(movement) == response


def test_the_retreat_example_is_the_response_sent_back() -> None:
    movement, retreat, response = _json_blocks()
    for key in ("units", "contested", "centers"):
        assert retreat[key] == response[key]
    assert retreat["phase"] == response["next_phase"]
    assert retreat["dislodged"] == {power: [{k: v for k, v in d.items() if k != "retreats"} for d in items]
                                    for power, items in response["dislodged"].items()}
    answer = adjudicate(retreat)
    assert [(o["order"], o["result"]) for o in answer["orders"]] == [("F SEV R ARM", "succeeds")]
    assert answer["units"]["RUSSIA"] == ["F ARM"]


@pytest.mark.parametrize("index", [0, 1])
def test_the_command_line_answers_each_example_request(index: int, tmp_path: Path,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    request = _json_blocks()[index]
    path = tmp_path / "request.json"
    path.write_text(json.dumps(request), encoding="utf-8")
    assert adjudicate_main([str(path)]) == 0
    out, err = capsys.readouterr()
    assert err == "" and out.count("\n") == 1  # one line of JSON
    assert json.loads(out) == adjudicate(request)


def test_the_error_example_is_what_the_command_prints(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    shown = re.search(r"`(chancellery adjudicate: bad request: units\.FRANCE\[0\]: [^`]*)`", DOC.read_text()).group(1)
    path = tmp_path / "request.json"
    path.write_text('{"phase": "S1901M", "units": {"FRANCE": ["A PRX"]}}', encoding="utf-8")
    assert adjudicate_main([str(path)]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err == shown + "\n"
