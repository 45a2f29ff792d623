"""``chancellery maps import-dpjudge``: a DPjudge/MILA ``.map`` file becomes a ``map.json`` that loads.

The board below is written for this test in the format's notation (three land areas, a two-coast one, two
seas), with the things real files hold that are not board data: a power whose name has a hyphen, a
``RULES`` line and an ``UNPLAYED`` line."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.cli import maps_main
from engine.mapdata import MapData
from engine.mapformats.dpjudge import parse_dpjudge

TINY_MAP = """\
BEGIN SPRING 1901 MOVEMENT
RULES BUILD_ANY
North Sea = NTH north
Baltic Sea = BAL baltic
Alpha = ALP
Beta = BET
Gamma = GAM
Gamma (north coast) = GAM/NC
Gamma (south coast) = GAM/SC
WATER NTH ABUTS ALP BET GAM/NC BAL
WATER BAL ABUTS GAM/SC NTH
COAST ALP ABUTS NTH BET gam
COAST BET ABUTS NTH ALP GAM
COAST gam ABUTS ALP BET
COAST GAM/NC ABUTS NTH
COAST GAM/SC ABUTS BAL
NORTH-LAND (North+Landish) ALP
A ALP
SOUTH BET
F BET
UNPLAYED SOUTH
UNOWNED GAM
"""


def test_a_hyphenated_power_and_rules_lines_import_to_a_board_that_loads() -> None:
    notes: list[str] = []
    doc = parse_dpjudge(TINY_MAP, map_id="tiny", notes=notes)
    board = MapData.from_dict(doc)
    assert set(board.powers) == {"NORTH-LAND", "SOUTH"}
    assert board.powers["NORTH-LAND"].name == "North Land" and board.powers["NORTH-LAND"].adjective == "North Landish"
    assert board.powers["NORTH-LAND"].home_centers == ("ALP",)
    assert [n.split("'")[1] for n in notes] == ["RULES BUILD_ANY", "UNPLAYED SOUTH"]
    assert set(board.provinces["GAM"].coasts) == {"NC", "SC"}
    assert board.provinces["GAM"].is_supply_center and not board.provinces["NTH"].is_supply_center


def test_the_command_writes_the_map_and_says_what_it_left_out(tmp_path: Path,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    src = tmp_path / "tiny.map"
    src.write_text(TINY_MAP, encoding="utf-8")
    assert maps_main(["import-dpjudge", str(src)]) == 0
    out, err = capsys.readouterr()
    doc = json.loads(out)
    assert doc["id"] == "tiny" and MapData.from_dict(doc).powers
    assert "note: left out 'RULES BUILD_ANY'" in err


@pytest.mark.parametrize("content, words", [
    (None, "No such file"),
    (b"\xff\xfe\x00bad", "utf-8"),
    (TINY_MAP.replace("NORTH-LAND (North+Landish) ALP", "NORTH-LAND (North+Landish) ZZZ"), "ZZZ"),
])
def test_a_file_that_cant_be_read_or_loaded_exits_2_and_writes_nothing(
        content: bytes | str | None, words: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    src = tmp_path / "bad.map"
    if isinstance(content, str):
        src.write_text(content, encoding="utf-8")
    elif content is not None:
        src.write_bytes(content)
    assert maps_main(["import-dpjudge", str(src)]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.startswith("chancellery maps import-dpjudge: ") and words in err
    assert "Traceback" not in err
