"""The results list's model: an adjudicated phase grouped by power, each order with a verdict word and the
engine's reason (Qt-free)."""
from __future__ import annotations

from app.controllers.describe import rule_notes
from app.controllers.gm import GameMaster
from app.controllers.results import BOUNCED, CUT, DISLODGED, FAILS, INVALID, SUCCEEDS, VOID, phase_results, verdict_of
from app.controllers.setup import Mode, NewGameSpec, create_game
from engine.phases import OrderResult
from engine.report import state_after
from engine.savefile import load_game, save_game
from engine.orders import Move
from engine.types import Unit, UnitType


def adjudicated_spring() -> GameMaster:
    """Spring 1901 with a German army added in Burgundy and an Italian one in Tyrolia: a dislodgement, a
    cut support, bounces and successes."""
    gm = GameMaster(create_game(NewGameSpec("standard", Mode.GM)))
    gm.add_unit("GERMANY", UnitType.ARMY, "BUR")
    gm.add_unit("ITALY", UnitType.ARMY, "TYR")
    orders = {"FRANCE": ["A PAR - BUR", "A MAR S A PAR - BUR"], "ITALY": ["A TYR - VIE"],
              "AUSTRIA": ["A VIE S A BUD - GAL", "A BUD - GAL"], "RUSSIA": ["A WAR - GAL"],
              "ENGLAND": ["F LON S F EDI - NTH", "F EDI - NTH"]}
    for power, lines in orders.items():
        for line in lines:
            check = gm.game.check_line(power, line)
            assert check.ok and check.order is not None, check
            gm.draft.put(power, check.order)
    gm.adjudicate()
    return gm


def test_results_are_grouped_by_power_with_verdicts_and_reasons() -> None:
    game = adjudicated_spring().game
    results = phase_results(game.variant.board, game.variant.powers, "Spring 1901 Movement",
                            game.history[0].results, state_after(game, 0))
    groups = {g.power: g for g in results.powers}
    assert [g.power for g in results.powers] == [p for p in game.variant.powers if p in groups]
    rows = {(g.power, r.order): r for g in results.powers for r in g.rows}
    assert (rows["FRANCE", "A PAR - BUR"].verdict, rows["FRANCE", "A PAR - BUR"].reason) == (SUCCEEDS, "moved")
    assert rows["FRANCE", "A MAR S A PAR - BUR"].reason == "support given"
    assert rows["AUSTRIA", "A VIE S A BUD - GAL"].verdict == CUT
    assert rows["AUSTRIA", "A VIE S A BUD - GAL"].reason == "cut by A TYR"
    assert rows["AUSTRIA", "A BUD - GAL"].verdict == BOUNCED and "A WAR" in rows["AUSTRIA", "A BUD - GAL"].reason
    assert rows["RUSSIA", "A WAR - GAL"].verdict == BOUNCED
    assert rows["ITALY", "A TYR - VIE"].verdict == BOUNCED and "VIE" in rows["ITALY", "A TYR - VIE"].reason
    burgundy = rows["GERMANY", "A BUR H"]
    assert burgundy.verdict == DISLODGED and burgundy.reason == "dislodged by A PAR" and burgundy.default
    # The orders a power gave come before the holds the engine filled in.
    italy = [r.order for r in groups["ITALY"].rows]
    assert italy[0] == "A TYR - VIE" and all(r.default for r in groups["ITALY"].rows[1:])
    assert groups["AUSTRIA"].summary() == "2 orders, 2 failed; 1 unit without orders"
    assert groups["ENGLAND"].summary() == "2 orders, all succeed; 1 unit without orders"
    assert groups["ITALY"].summary() == "1 order, 1 failed; 3 units without orders"
    assert groups["TURKEY"].summary() == "no orders given (3 units)"


def test_verdict_words_for_every_kind_of_outcome() -> None:
    def result(verdict: str, reason: str) -> OrderResult:
        return OrderResult("FRANCE", "A PAR - BUR", verdict, reason)

    assert verdict_of(result("invalid", "BUR is not next to MOS")) == (INVALID, "BUR is not next to MOS")
    assert verdict_of(result("invalid", ""))[0] == INVALID
    assert verdict_of(result("fails", "void: A MUN was not ordered to BUR")) == (VOID, "void: A MUN was not ordered to BUR")
    assert verdict_of(result("fails", "beaten to BUR by A MUN (1 vs 2)"))[0] == BOUNCED
    assert verdict_of(result("fails", "lost head-to-head battle with A BUR (1 vs 2)"))[0] == BOUNCED
    assert verdict_of(result("fails", "no convoy route")) == (FAILS, "no convoy route")
    assert verdict_of(result("succeeds", "moves")) == (SUCCEEDS, "moved")


def test_a_failed_move_of_a_unit_that_was_dislodged_says_both() -> None:
    move = Move(Unit("GERMANY", UnitType.ARMY, "BUR"), "BEL")
    bounced = OrderResult("GERMANY", str(move), "fails", "bounced off BEL (1 vs 1)", typed=move)
    assert verdict_of(bounced, dislodged=()) == (BOUNCED, "bounced off BEL (1 vs 1)")
    assert verdict_of(bounced, dislodged={"BUR"}) == (DISLODGED, "bounced off BEL (1 vs 1); dislodged")
    assert verdict_of(bounced, dislodged={"PAR"})[0] == BOUNCED


def test_results_read_back_from_a_save_file_list_the_same(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """A saved game's history (and a LAN frame) keeps no typed orders: engine-filled holds must still be
    listed under their power, not as rule notes, and a dislodged unit still marked."""
    game = adjudicated_spring().game
    path = tmp_path / "game.json"
    save_game(game, path)
    loaded = load_game(path)
    assert all(r.typed is None for r in loaded.history[0].results)

    def listing(g):  # type: ignore[no-untyped-def]
        record = g.history[0]
        return phase_results(g.variant.board, g.variant.powers, "", record.results, state_after(g, 0), record.state)

    fresh, reread = listing(game), listing(loaded)
    assert not reread.notes
    assert reread.powers == fresh.powers
    assert rule_notes(loaded.history[0].results, loaded.history[0].state) == []
