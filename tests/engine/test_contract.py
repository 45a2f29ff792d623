"""The public JSON contract and its command line: results, defaults, skip rules, and clear refusals."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import engine
from engine.types import RequestError

ROOT = Path(__file__).resolve().parents[2]


def test_response_shape_and_skip_rules() -> None:
    r = engine.adjudicate({
        "phase": "F1901M",
        "units": {"FRANCE": ["A PAR", "A MAR"], "GERMANY": ["A BUR"], "RUSSIA": ["F STP/SC"]},
        "centers": {"FRANCE": ["PAR", "MAR", "BRE"], "GERMANY": ["MUN", "BER", "KIE"], "RUSSIA": ["STP"]},
        "orders": {"FRANCE": ["A PAR - BUR", "A MAR S A PAR - BUR", "F BRE - MAO"], "RUSSIA": ["F STP/SC - BOT"]},
    })
    assert r["phase"] == "F1901M" and r["next_phase"] == "F1901R"
    assert [(o["power"], o["order"], o["result"]) for o in r["orders"]] == [
        ("FRANCE", "A PAR - BUR", "succeeds"),
        ("FRANCE", "A MAR S A PAR - BUR", "succeeds"),
        ("FRANCE", "F BRE - MAO", "invalid"),
        ("RUSSIA", "F STP/SC - BOT", "succeeds"),
        ("GERMANY", "A BUR H", "fails"),  # generated: the unordered unit holds, and is dislodged
    ]
    assert r["orders"][2]["reason"] == "no unit at BRE"
    assert r["orders"][4]["default"] is True and "default" not in r["orders"][0]
    assert r["units"] == {"FRANCE": ["A BUR", "A MAR"], "RUSSIA": ["F BOT"]}
    assert r["dislodged"] == {"GERMANY": [{"unit": "A BUR", "attacker": "PAR", "via_convoy": False,
                                           "retreats": ["BEL", "GAS", "MUN", "PIC", "RUH"]}]}
    # Centres change only after the retreats of a Fall phase.
    assert r["centers"]["GERMANY"] == ["BER", "KIE", "MUN"]


def test_retreat_phase_then_winter_only_when_needed() -> None:
    base = {"phase": "F1901R", "units": {"FRANCE": ["A BUR", "A MAR"]},
            "centers": {"FRANCE": ["PAR", "MAR", "BRE"], "GERMANY": ["MUN", "BER", "KIE"]},
            "dislodged": {"GERMANY": [{"unit": "A MUN", "attacker": "BUR"}]}}
    r = engine.adjudicate(dict(base, orders={"GERMANY": ["A MUN R KIE"]}))
    assert r["units"]["GERMANY"] == ["A KIE"]
    # France has 3 centres, 2 units and empty home centres: a winter follows.
    assert r["next_phase"] == "W1901A"
    r = engine.adjudicate(dict(base, orders={}, centers={"FRANCE": ["PAR", "MAR"]}))
    assert r["next_phase"] == "S1902M"  # nobody builds or removes: winter is skipped
    assert r["orders"] == [{"power": "GERMANY", "order": "A MUN D", "result": "succeeds",
                            "reason": "no retreat ordered: disbanded", "default": True,
                            "outcome": {"code": "no_retreat_disbanded", "data": {}}}]


def test_a_convoyed_attacker_leaves_its_origin_open() -> None:
    r = engine.adjudicate({"phase": "S1901R", "units": {"ENGLAND": ["A BEL"]},
                           "dislodged": {"FRANCE": [{"unit": "A HOL", "attacker": "BEL", "via_convoy": True}]}})
    assert r["orders"][0]["order"] == "A HOL D"
    r = engine.legal_orders({"phase": "S1901R", "units": {"ENGLAND": ["A BEL"]},
                             "dislodged": {"FRANCE": [{"unit": "A PIC", "attacker": "BEL", "via_convoy": True}]}})
    assert "A PIC R BEL" not in r["FRANCE"]["PIC"]  # occupied
    r = engine.legal_orders({"phase": "S1901R", "units": {"ENGLAND": ["A RUH"]},
                             "dislodged": {"FRANCE": [{"unit": "A BEL", "attacker": "HOL", "via_convoy": True}]}})
    assert "A BEL R HOL" in r["FRANCE"]["BEL"]


@pytest.mark.parametrize(
    "request_, field",
    [
        ({"phase": "S1901M"}, "units"),
        ({"units": {}}, "phase"),
        ({"phase": "X1901M", "units": {}}, "phase"),
        ({"phase": "S1901M", "units": {"NARNIA": ["A PAR"]}}, "units.NARNIA"),
        ({"phase": "S1901M", "units": {"FRANCE": ["A PRX"]}}, "units.FRANCE[0]"),
        ({"phase": "S1901M", "units": {"FRANCE": ["F PAR"]}}, "units.FRANCE[0]"),
        ({"phase": "S1901M", "units": {"FRANCE": ["F SPA"]}}, "units.FRANCE[0]"),
        ({"phase": "S1901M", "units": {"FRANCE": ["A PAR", "A PAR"]}}, "units"),
        ({"phase": "S1901M", "units": {}, "centers": {"FRANCE": ["BUR"]}}, "centers.FRANCE[0]"),
        ({"phase": "S1901M", "units": {}, "orders": {"FRANCE": [5]}}, "orders.FRANCE[0]"),
        ({"phase": "S1901M", "units": {}, "variant": "nope"}, "variant"),
        ({"phase": "S1901M", "units": {}, "dislodged": {"FRANCE": [{"unit": "A PAR", "attacker": "BUR"}]}},
         "dislodged"),
        ([1, 2], "request"),
    ],
)
def test_malformed_requests_name_the_field(request_: object, field: str) -> None:
    with pytest.raises(RequestError) as info:
        engine.adjudicate(request_)  # type: ignore[arg-type]
    assert info.value.field == field


def _cli(*args: str, stdin: str = "", env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "app", *args], input=stdin, capture_output=True, text=True,
                          cwd=ROOT, timeout=60, env=None if env is None else {**os.environ, **env})


def test_command_line_adjudicate_and_errors(tmp_path: Path) -> None:
    request = {"phase": "S1901M", "units": {"FRANCE": ["A PAR"]}, "orders": {"FRANCE": ["A PAR - BUR"]}}
    done = _cli("adjudicate", stdin=json.dumps(request))
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["units"] == {"FRANCE": ["A BUR"]}
    path = tmp_path / "req.json"
    path.write_text(json.dumps(request))
    assert "A PAR H" in json.loads(_cli("legal-orders", str(path)).stdout)["FRANCE"]["PAR"]
    bad = _cli("adjudicate", stdin='{"phase": "S1901M", "units": {"FRANCE": ["A PRX"]}}')
    assert bad.returncode == 2 and "units.FRANCE[0]" in bad.stderr and bad.stdout == ""
    broken = _cli("adjudicate", stdin="{not json")
    assert broken.returncode == 2 and "not valid JSON" in broken.stderr
    missing = _cli("adjudicate", str(tmp_path / "none.json"))
    assert missing.returncode == 2 and "can't read" in missing.stderr


def test_reasons_say_what_happened() -> None:
    r = engine.adjudicate({
        "phase": "S1901M",
        "units": {"FRANCE": ["A PAR", "A MAR", "A GAS"], "GERMANY": ["A MUN", "A RUH"], "ITALY": ["A PIE"]},
        "orders": {"FRANCE": ["A PAR - BUR", "A MAR S A PAR - BUR", "A GAS - SPA"],
                   "GERMANY": ["A MUN - BUR", "A RUH S A MUN - BUR"], "ITALY": ["A PIE - MAR"]}})
    reasons = {o["order"]: (o["result"], o["reason"]) for o in r["orders"]}
    assert reasons["A MAR S A PAR - BUR"] == ("fails", "cut by A PIE")
    assert reasons["A PAR - BUR"] == ("fails", "beaten to BUR by A MUN (1 vs 2)")  # its support was cut
    assert reasons["A MUN - BUR"] == ("succeeds", "moves")
    assert reasons["A GAS - SPA"] == ("succeeds", "moves")
    r = engine.adjudicate({
        "phase": "S1901M", "units": {"FRANCE": ["A PAR", "A MAR"], "GERMANY": ["A MUN"]},
        "orders": {"FRANCE": ["A PAR - BUR", "A MAR S A PAR - BUR"], "GERMANY": ["A MUN - BUR"]}})
    assert r["orders"][2]["reason"] == "beaten to BUR by A PAR (1 vs 2)"
    r = engine.adjudicate({"phase": "S1901M", "units": {"FRANCE": ["A PAR"], "GERMANY": ["A MUN"]},
                           "orders": {"FRANCE": ["A PAR - BUR"], "GERMANY": ["A MUN - BUR"]}})
    assert r["orders"][0]["reason"] == "bounced with A MUN in BUR (1 vs 1)"
    assert r["contested"] == [] and r["next_phase"] == "F1901M"


def test_requests_in_any_notation_give_the_same_position() -> None:
    """Canonical texts take a shortcut through per-map tables; other spellings take the general reading.
    Both must build the same position."""
    from engine.contract import state_from_request

    canonical = {"phase": "F1903M", "units": {"RUSSIA": ["F STP/SC", "A MOS"], "ENGLAND": ["F NTH", "A EDI"]},
                 "centers": {"RUSSIA": ["STP", "MOS"], "ENGLAND": ["EDI"]}}
    spelled = {"phase": "F1903M", "units": {"russia": ["f stp/sc", "a mos"], "England": ["F nth", "A Edi"]},
               "centers": {"Russia": ["stp", "Moscow"], "ENGLAND": ["edi"]}}
    _, a = state_from_request(canonical)
    _, b = state_from_request(spelled)
    assert a.units == b.units and a.centers == b.centers
    assert str(a.units["STP"]) == "F STP/SC" and a.units["MOS"].power == "RUSSIA"
    # An army given a coast stands in the province; a fleet left without one is refused by both readings.
    _, c = state_from_request({"phase": "S1901M", "units": {"RUSSIA": ["A STP/NC"]}})
    assert str(c.units["STP"]) == "A STP"
    with pytest.raises(RequestError):
        state_from_request({"phase": "S1901M", "units": {"RUSSIA": ["F STP"]}})


def test_command_line_legal_orders_are_the_same_every_run() -> None:
    request = json.dumps({"phase": "F1904M", "units": {"ENGLAND": ["F NTH", "F NWG", "A YOR", "A EDI"],
                                                        "GERMANY": ["F HEL", "A DEN", "A KIE"]}})
    runs = [_cli("legal-orders", stdin=request, env={"PYTHONHASHSEED": seed}) for seed in ("1", "2")]
    assert all(r.returncode == 0 for r in runs)
    assert runs[0].stdout == runs[1].stdout
    listed = json.loads(runs[0].stdout)["ENGLAND"]["NTH"]
    assert listed == sorted(listed) and "F NTH C A YOR - DEN" in listed


def test_a_position_read_before_gives_the_same_answers_and_the_same_errors() -> None:
    """The contract keeps positions it has read; a request equal to one of them in every part that makes
    the position is answered from it, anything else is read again (so its errors still come)."""
    from engine.contract import forget_positions

    forget_positions()
    request = {"variant": "standard", "phase": "S1901M",
               "units": {"FRANCE": ["A PAR", "F BRE"], "GERMANY": ["A MUN"]},
               "centers": {"FRANCE": ["PAR", "BRE"], "GERMANY": ["MUN"]}, "dislodged": {}, "contested": [],
               "orders": {"FRANCE": ["A PAR - BUR"], "GERMANY": ["A MUN - BUR"]}}
    first = json.dumps(engine.adjudicate(request))
    legal = engine.legal_orders(request)
    legal["FRANCE"]["PAR"].clear()  # the caller's copy: the kept answer must not change with it
    assert engine.legal_orders(request)["FRANCE"]["PAR"]
    assert json.dumps(engine.adjudicate(request)) == first
    forget_positions()
    assert json.dumps(engine.adjudicate(request)) == first
    assert engine.legal_orders(request) == engine.legal_orders(json.loads(json.dumps(request)))
    for field, value in [("dislodged", 0), ("dislodged", []),
                         ("dislodged", {"FRANCE": [{"unit": "A PAR", "attacker": "BUR"}]}), ("contested", 5),
                         ("contested", ["XYZ"]), ("options", {"victory_centers": 0}), ("extra", 5),
                         ("phase", "W1901M")]:
        with pytest.raises(RequestError):
            engine.adjudicate({**request, field: value})
        with pytest.raises(RequestError):  # the position kept is no answer to it
            engine.legal_orders({**request, field: value})
    with pytest.raises(RequestError):
        engine.adjudicate({**request, "units": {"FRANCE": "A PAR"}})
    with pytest.raises(RequestError):
        engine.adjudicate({**request, "centers": {"FRANCE": "PAR"}})
    # Another order set for the same position is adjudicated afresh.
    other = engine.adjudicate({**request, "orders": {"FRANCE": ["A PAR - BUR"]}})
    assert other["units"]["FRANCE"] == ["F BRE", "A BUR"]
    # The centres left out (the variant's starting ownership) and given are different positions.
    assert engine.adjudicate({k: v for k, v in request.items() if k != "centers"})["centers"] != json.loads(first)["centers"]


def test_the_positions_kept_are_bounded() -> None:
    from engine.contract import _POSITIONS, _POSITIONS_KEPT, forget_positions

    forget_positions()
    base = {"phase": "S1901M", "units": {"FRANCE": ["A PAR"]}, "centers": {"FRANCE": ["PAR"]}}
    answers = [engine.legal_orders({**base, "phase": f"S{1901 + i}M"}) for i in range(_POSITIONS_KEPT + 6)]
    assert len(_POSITIONS) == _POSITIONS_KEPT
    assert engine.legal_orders({**base, "phase": "S1901M"}) == answers[0]  # forgotten, read again alike
