"""The EMG turn report (rules 8.0, RG-REP-1..5; Age of Discovery's map, RG-AOD-3/4/5/7): golden reports from
data (tests/data/variants/emg_reports/, written by make_reports.py there), and the rules of each section."""
from __future__ import annotations

import json
import re
from typing import Any

import pytest

import emg_examples  # noqa: F401  (registers the examples board)

from conformance import DATA
from engine.contract import state_from_request
from engine.game import Game
from engine.report import phase_report
from engine.state import GameState
from engine.types import Phase, Unit, UnitType
from engine.variants import find_variant
from engine.variants.base import PUBLIC_VIEW
from engine.variants.emg.report import Report, Turn, power_codes, power_letters

REPORTS = DATA / "variants" / "emg_reports"
SUITE = json.loads((REPORTS / "reports.json").read_text(encoding="utf-8"))


def play(case: dict[str, Any]) -> Game:
    """The game after the case's turns, every command accepted (as make_reports.py plays it)."""
    variant = find_variant(case["variant"], case.get("options"))
    if "units" in case:
        _, state = state_from_request({k: case[k] for k in ("variant", "phase", "units", "centers", "extra")}
                                      | {"options": case.get("options", {})})
        game = Game(variant, state)
    else:
        game = Game.new(variant)
    for orders in case["turns"]:
        for power, lines in orders.items():
            checks = game.set_orders(power, lines, ready=True)
            assert all(c.ok for c in checks), [(c.text, c.error) for c in checks if not c.ok]
        game.process()
    return game


GOLDEN = [(case, index, viewer) for case in SUITE["cases"] for index, viewers in case["reports"].items()
          for viewer in viewers]


@pytest.mark.parametrize("case,index,viewer", GOLDEN,
                         ids=[f"{c['id']}-turn{int(i) + 1}-{v}" for c, i, v in GOLDEN])
def test_golden_report(case: dict[str, Any], index: str, viewer: str) -> None:
    game = play(case)
    expected = (REPORTS / f"{case['id']}.turn{int(index) + 1}.{viewer}.txt").read_text(encoding="utf-8")
    assert phase_report(game, int(index), None if viewer == "GM" else viewer) == expected


@pytest.fixture(scope="module")
def examples_game() -> Game:
    return play(SUITE["cases"][0])


def _sections(text: str) -> dict[str, str]:
    """The report's sections by their first word (HIGHLIGHTS, AREAS, RELATIONS, NEWS, RESULTS, POSSIBLE, MAP)."""
    out = {}
    for block in text.split("\n\n"):
        first = block.split()[0] if block.strip() else ""
        out[first] = block
    return out


def test_the_body_lists_own_areas_then_a_double_underline_then_areas_of_interest(examples_game: Game) -> None:
    """RG-REP-2: own areas and areas with own units above the double underline, spied and neighbouring areas
    below; **** is the reader; the unit at the start and its command; -/R for a unit forced out."""
    body = _sections(phase_report(examples_game, 0, "ENGLAND"))["AREAS"]
    own, interest = body.split("=" * 76)
    assert re.search(r"PIC Picardy\s+FRAN\s+\*\*\*\*\s+A FRAN\s+-/R ART", own)  # taken from France this turn
    assert re.search(r"BUR Burgundy\s+\*\*\*\*\s+FRAN\s+A \*\*\*\*\s+MO BUR PIC", own)
    assert "VER Veracruz" in interest and "MEX Mexico" in interest  # spied on this turn (RG-ORD-19)
    assert "PAR Paris" in interest and "SAX" not in body and "POR" not in body  # no hidden areas


def test_failed_commands_are_in_brackets_and_dead_units_marked() -> None:
    variant = find_variant("emg_examples")
    _, state = state_from_request({"variant": "emg_examples", "phase": "F1901M", "units": {
        "ENGLAND": ["A BUR"], "FRANCE": ["A PIC", "C PAR", "C BEL"]}, "centers": {"ENGLAND": ["REE", "REF"],
        "FRANCE": ["RFG", "RFH"]}, "extra": {"owned": {"PIC": "FRANCE", "BUR": "ENGLAND", "BEL": "FRANCE"},
                                             "relations": {"ENGLAND FRANCE": "war"}}})
    game = Game(variant, state)
    game.set_orders("ENGLAND", ["MO 21 17"], ready=True)
    game.set_orders("FRANCE", ["SD 18 17", "MO 20 21", "SA 17 21"], ready=True)
    game.process()
    english = _sections(phase_report(game, 0, "ENGLAND"))["AREAS"]
    # England has nothing left at the end of the turn, so it sees nothing of the board after it ("?").
    assert re.search(r"BUR Burgundy\s+\*\*\*\*\s+\?\s+A \*\*\*\*\s+\(MO BUR PIC\) -/DEAD", english)
    assert re.search(r"PIC Picardy\s+FRAN\s+\?\s+A FRAN\s+\(SA PIC BUR\)$", english, re.M)
    french = phase_report(game, 0, "FRANCE")
    assert re.search(r"BUR Burgundy\s+ENGL\s+\*\*\*\*\s+A ENGL\s+\(MO BUR PIC\) -/DEAD", french)
    assert "A BUR                        destroyed" not in french  # another power's note is not France's result


def test_the_relations_matrix_shows_war_and_alliances(examples_game: Game) -> None:
    """RG-REP-3: WWWW war, AAAA allied, blank neutral, both ways."""
    matrix = _sections(phase_report(examples_game, 0, "USA"))["RELATIONS"].splitlines()
    row = {line.split()[0]: line for line in matrix[2:]}
    header = matrix[1]
    col = {code: header.index(code) for code in header.split()}
    assert row["ENGL"][col["FRAN"]:col["FRAN"] + 4] == "WWWW" and row["FRAN"][col["ENGL"]:col["ENGL"] + 4] == "WWWW"
    assert row["GERM"][col["SPAI"]:col["SPAI"] + 4] == "AAAA" and row["SPAI"][col["GERM"]:col["GERM"] + 4] == "AAAA"
    assert row["ENGL"][col["GERM"]:col["GERM"] + 4].strip() == ""


def _vp_turn(gain: int, power: str = "ENGLAND") -> Report:
    """A turn in which ``power`` gains ``gain`` owned land areas (one victory point each; a loss when < 0)."""
    variant = find_variant("emg_examples")
    land = [a for a, p in sorted(variant.board.provinces.items()) if not p.is_sea and not p.is_supply_center
            and not a.startswith("R")][:12]
    units = [Unit("ENGLAND", UnitType.ARMY, "LON"), Unit("FRANCE", UnitType.ARMY, "PAR"),
             Unit("USA", UnitType.CORPS, "VER"), Unit("GERMANY", UnitType.CORPS, "SAX"), Unit("SPAIN", UnitType.CORPS, "POR")]
    centres = {"LON": "ENGLAND", "PAR": "FRANCE", "MEX": "USA", "RGI": "GERMANY", "RSS": "SPAIN"}
    start = abs(gain) if gain < 0 else 0
    before = variant.make_state(Phase.parse("F1901M"), units, centres, extra={"owned": {a: power for a in land[:start]}}
                                if start else {})
    after = before.replace(extra={"owned": {a: power for a in land[:start + gain]}} if start + gain else {})
    return Report(variant, Turn(before, before, after, []), None)


@pytest.mark.parametrize("gain,word", [(2, None), (3, "Minor gains"), (6, "Minor gains"), (7, "Major gains"),
                                       (10, "Major gains"), (11, "Spectacular gains"), (-3, "Minor losses"),
                                       (-8, "Major losses"), (-11, "Spectacular losses")])
def test_news_sorts_gains_and_losses_by_the_rules_thresholds(gain: int, word: str | None) -> None:
    """RG-REP-4: 3-6 victory points minor, 7-10 major, over 10 spectacular."""
    news = _vp_turn(gain).news()
    found = [line.strip() for line in news.splitlines() if "gains" in line or "losses" in line]
    if word is None:
        assert found == []
    else:
        assert found == [f"{word} for England ({gain:+d} victory points)."]
    assert "England captured" not in news  # areas taken from nobody are no captures between powers


def test_news_names_the_top_four_and_who_is_near_victory(monkeypatch: pytest.MonkeyPatch) -> None:
    """RG-REP-4: the top four are "doing very well"; anyone within 20% of the voted increase, or within 70% of
    it with 3 turns or fewer left, is "doing VERY WELL" (when the game keeps victory terms)."""
    report = _vp_turn(7)
    news = report.news()
    assert sum(line.endswith("is doing very well.") for line in news.splitlines()) == 4
    assert "VERY WELL" not in news  # no voted terms: nobody is measured against them
    increase = next(pct for p, _, pct in report.standings() if p == "ENGLAND")
    assert increase > 0
    monkeypatch.setattr(report.variant, "victory_terms", lambda state: (increase / 0.85, 10), raising=False)
    assert "England is doing VERY WELL." in report.news()  # within 20%
    monkeypatch.setattr(report.variant, "victory_terms", lambda state: (increase / 0.75, 10), raising=False)
    assert "VERY WELL" not in report.news()
    monkeypatch.setattr(report.variant, "victory_terms", lambda state: (increase / 0.75, 3), raising=False)
    assert "England is doing VERY WELL." in report.news()  # 70% with three turns left


def test_the_results_section_has_the_readers_commands_and_errors_only(examples_game: Game) -> None:
    """RG-REP-5: results of the reader's commands with error messages; the possible commands for next turn."""
    sections = _sections(phase_report(examples_game, 0, "ENGLAND"))
    results = sections["RESULTS"]
    assert "DN FRANCE                    FAILED: FRANCE did not declare neutrality too" in results
    assert "MO PAR BUR" not in results and "DA" not in results
    possible = sections["POSSIBLE"]
    assert "A PIC   MO/SA to ART PAR BEL BUR" in possible and "3 spare supply points" in possible


def test_an_observer_reads_relations_and_news_only(examples_game: Game) -> None:
    text = phase_report(examples_game, 0, PUBLIC_VIEW)
    assert "RELATIONS" in text and "NEWS" in text
    assert "AREAS" not in text and "RESULTS" not in text and "PIC" not in text


def test_the_game_masters_report_has_every_area_and_command(examples_game: Game) -> None:
    text = phase_report(examples_game, 0)
    assert "SAX Saxony" in text and "POR Portugal" in text and "DA GERMANY" in text and "MO PAR BUR" in text


def test_codes_and_map_letters_are_unique() -> None:
    aod = find_variant("age_of_discovery", {"players": 20, "seed": 1})
    letters = power_letters(list(aod.board.powers))
    assert len(set(letters.values())) == 20 and letters["AMBER"] == "A" and letters["AZURE"] == "Z"
    codes = power_codes(["SPAIN", "SPAIN_B", "SPAIX"])
    assert len(set(codes.values())) == 3


def test_the_age_of_discovery_map_shows_known_areas_in_the_readers_own_coordinates() -> None:
    """RG-AOD-3/4/5: the map has every area the power has seen or spied on, squares never seen left blank; its
    X Y count from the power's own origin (its start is at X 1 Y 1)."""
    case = SUITE["cases"][1]
    game = play(case)
    amber = phase_report(game, 2, "AMBER")
    board = game.variant.board
    start = next(loc for kind, loc in board.powers["AMBER"].start_units if kind is UnitType.ARMY)
    assert re.search(rf"^\s+{start} 0101\s", amber, re.M)
    known = set(game.state.extra["known"]["AMBER"])
    drawn = set(re.findall(r"\|\s*(\d+) ", amber.split("MAP OF")[1]))
    assert drawn == known  # the remembered areas, no others
    azure_known = set(game.state.extra["known"]["AZURE"])
    assert not (azure_known - known) & drawn


def test_reports_are_quick_to_write_for_twenty_players() -> None:
    """Not a timing: every power's report of a 20-player turn is written (the benchmark times it)."""
    variant = find_variant("age_of_discovery", {"players": 20, "seed": 3})
    game = Game.new(variant)
    game.process()
    states: list[GameState] = [game.history[0].state, game.state]
    for power in variant.powers:
        text = variant.turn_report(states, 0, game.history[0].results, power)
        assert text is not None and "MAP OF THE AREAS YOU KNOW" in text


def test_the_reports_victory_points_are_the_rules_count() -> None:
    """The report counts every power's points in one pass; it must agree with ``turn.victory_points``."""
    from engine.variants.emg.report import raw_victory_points
    from engine.variants.emg.turn import victory_points

    game = play(SUITE["cases"][0])
    variant = game.variant
    capitals = {p.capital: pid for pid, p in variant.board.powers.items() if p.capital}
    for state in (game.history[0].state, game.state):
        table = raw_victory_points(variant, state)
        for power in variant.board.powers:
            assert table.get(power, 0.0) == victory_points(variant.board, state, power, capitals), power
