"""World Diplomacy's rules beyond single adjudications: the seed's notation, canonical texts of every order
kind, the calendar, money kept private per viewer, victory by continents, draws, currencies, the economy's
stored form, and random games that keep every invariant (on the test board, tests/world31_board)."""
from __future__ import annotations

import random

import pytest
from world31_board import WorldTestBoard

from engine import savefile
from engine.bots import play_random_phase
from engine.game import Game
from engine.orders import Build, Move
from engine.phases import process_phase
from engine.state import GameState, StackedUnit
from engine.types import ChancelleryError, OrderError, OrderSyntaxError, Phase, PhaseType, PositionError, Unit, UnitType
from engine.variants import find_variant
from engine.variants.world31.money import CURRENCIES, city_factor, convert, currency_of, shown
from engine.variants.world31.orders import MILITIA, Bribe, Guess, Maintain, MilitiaMove, MilitiaSupportHold

A, F, M = UnitType.ARMY, UnitType.FLEET, MILITIA


def _state(phase: str, units: dict[str, list[str]], **extra: object) -> GameState:
    variant = WorldTestBoard()
    listed = [Unit(power, UnitType(text.split()[0]), text.split()[1]) for power, texts in units.items() for text in texts]
    return variant.make_state(Phase.parse(phase), listed, {}, extra=dict(extra))


def _read(state: GameState, power: str, text: str) -> object:
    variant = WorldTestBoard()
    return variant.validate(variant.parse(text), state, power)


# --- notation ---------------------------------------------------------------------------------------------


def test_the_seeds_notation_reads_as_the_codes_do_and_prints_back() -> None:
    variant = WorldTestBoard()
    state = _state("S2001M", {"UK": ["F SCO", "F FAL"]})
    assert _read(state, "UK", "{EP} F 3 - NWG") == _read(state, "UK", "F SCO - NWG") == Move(Unit("UK", F, "SCO"), "NWG")
    assert _read(state, "UK", "{SA} F 99 - CoA") == Move(Unit("UK", F, "FAL"), "COA")
    assert variant.seed_text("F SCO - NWG") == "{EP} F 3 - NWG"
    assert variant.seed_text("F FAL - COA") == "{SA} F 99 - COA"
    assert variant.seed_text("A PAR - BUR") == "{EP} A 13 - 14"  # one tag for one continent
    with pytest.raises(OrderSyntaxError, match=r"\{EP\} 98"):
        variant.parse("{EP} F 98 - NWG")
    buy = _state("U2001M", {})
    assert _read(buy, "UK", "build {EP} F 23") == Build(Unit("UK", F, "GIB"))


def test_every_order_kind_has_a_canonical_text_that_reads_back() -> None:
    variant = WorldTestBoard()
    state = _state("U2001M", {"FRANCE": ["A PAR", "M PAR", "A BUR"], "UK": ["F SCO"]},
                   rebellions=["PIC"], money={"UK": 5000, "FRANCE": 5000})
    texts = {"FRANCE": ["M PAR H", "M PAR S A PAR", "M PAR - PIC", "M PAR S A BUR", "M PAR S A BUR - PIC",
                        "maintain M PAR", "maintain {EP} A 13", "build F BRE", "build M PIC", "PACIFY PIC",
                        "GUESS A BUR $9.50", "LOAN $25 2 YEARS", "TRANSFER $3 TO UK"],
             "UK": ["BRIBE {EP} A 14 $8", "BRIBE M PAR $12.25", "REBELLION BUR", "transfer $1 to France",
                    "LOAN $4.50 1 YEAR"]}
    kinds = set()
    for power, lines in texts.items():
        for line in lines:
            order = variant.validate(variant.parse(line), state, power)
            again = variant.validate(variant.parse(str(order)), state, power)
            assert again == order, (line, str(order))
            assert variant.order_key(order), line
            kinds.add(type(order))
    assert {Bribe, Guess, Maintain, MilitiaMove, MilitiaSupportHold} <= kinds
    assert len({variant.order_key(variant.validate(variant.parse(t), state, "FRANCE"))
                for t in ("M PAR H", "A PAR H")}) == 2  # the militia's slot is its own


@pytest.mark.parametrize("text, why", [
    ("BRIBE A BUR $7", "bribes start at US\\$8.00"),
    ("BRIBE F SCO $9", "already UK's"),
    ("LOAN $25.01 1 YEAR", "lends up to"),
    ("GUESS A BUR $9", "one of your own units"),
    ("maintain A BUR", "not UK's to maintain"),
    ("M PAR H", "not UK's"),
    ("REBELLION NWG", "no land province"),
    ("PACIFY PIC", "not in rebellion"),
])
def test_finance_orders_are_checked_with_a_reason(text: str, why: str) -> None:
    state = _state("U2001M", {"FRANCE": ["A BUR", "M PAR"], "UK": ["F SCO"]})
    with pytest.raises(OrderError, match=why):
        _read(state, "UK", text)


# --- the calendar --------------------------------------------------------------------------------------------------


def test_four_movement_seasons_from_winter_2000_and_no_adjustment_phase() -> None:
    game = Game.new("world31_testboard")
    seen = []
    for _ in range(6):
        seen.append(str(game.state.phase))
        game.process()
    assert seen == ["W2000M", "S2000M", "U2000M", "F2000M", "W2001M", "S2001M"]
    variant = WorldTestBoard()
    assert not variant.is_economy_phase(Phase.parse("W2000M")) and variant.is_economy_phase(Phase.parse("W2001M"))
    assert variant.is_economy_phase(Phase.parse("U2000M")) and not variant.is_economy_phase(Phase.parse("F2001M"))
    assert variant.phase_problem(Phase.parse("W2001A")) is not None


# --- privacy ------------------------------------------------------------------------------------------------------


def test_money_loans_and_bribes_are_seen_by_their_own_country_only() -> None:
    variant = WorldTestBoard()
    state = _state("S2001M", {"FRANCE": ["A BUR"]}, money={"UK": 1000, "FRANCE": 300})
    result = process_phase(variant, state, {"UK": ["BRIBE A BUR $9", "LOAN $5 1 YEAR"], "FRANCE": ["A BUR H"]})
    after = result.state
    french = variant.view_for(after, "FRANCE").extra
    assert set(french["money"]) == {"FRANCE"} and french["bribes"] == [] and french["loans"] == []
    british = variant.view_for(after, "UK").extra
    assert [b["price"] for b in british["bribes"]] == [900] and british["money"] == {"UK": 1000 + 500 + 1500}
    told = variant.results_for(state, result.results, "FRANCE")
    words = " ".join(r.order + " " + r.reason for r in told)
    assert "bribe offered for your units" in words
    assert "BRIBE A" not in words and "$9" not in words and "9.00" not in words and "LOAN" not in words
    assert all("UK" != r.power for r in told if r.order == "FINANCES")
    assert any(r.order == "FINANCES" and "savings" in r.reason for r in told if r.power == "FRANCE")
    public = variant.view_for(after, "*").extra
    assert public["money"] == {} and public["homes"] == after.extra["homes"]


def test_a_finance_sheet_for_every_country_in_every_report() -> None:
    game = Game.new("world31_testboard")
    game.process()
    sheets = {r.power: r.reason for r in game.history[-1].results if r.order == "FINANCES"}
    assert set(sheets) == {"UK", "FRANCE", "ZAIRE"}
    game.process()  # Spring: taxes
    sheets = {r.power: r.reason for r in game.history[-1].results if r.order == "FINANCES"}
    assert "taxes (0 sea zones, 0 provinces, 5 cities)" in sheets["UK"] and "savings US$15.00" in sheets["UK"]


# --- victory and draws ------------------------------------------------------------------------------------------------


def test_victory_is_seven_conquered_continents() -> None:
    variant = WorldTestBoard()
    cities = {"SCO", "WAL", "ENG", "GIB", "PAR", "BRE", "FAL", "KIN", "ZMO", "NYK", "DEL", "DAM", "SYD"}
    six = {p: "UK" for p in cities - {"SYD"}}
    assert variant.winner(_state("F2001M", {}, control=six)) is None
    assert variant.conquered(_state("F2001M", {}, control=six), "UK") == ["NA", "SA", "EP", "AS", "AF", "ME"]
    seven = {**six, "SYD": "UK"}
    assert variant.winner(_state("F2001M", {}, control=seven)) == "UK"
    # Antarctica has no city: conquering it takes its land.
    assert "AA" in variant.conquered(_state("F2001M", {}, control={"GRA": "UK"}), "UK")
    # Option: every land province, not only the cities.
    strict = find_variant("world31_testboard", {"conquest": "provinces"})
    assert strict.winner(_state("F2001M", {}, control=seven)) is None


def test_a_game_is_won_when_the_seventh_continent_falls() -> None:
    variant = WorldTestBoard()
    cities = {"SCO", "WAL", "ENG", "GIB", "PAR", "BRE", "FAL", "KIN", "ZMO", "NYK", "DEL", "DAM"}
    state = _state("S2001M", {"UK": ["F SOC"]}, control={p: "UK" for p in cities})
    result = process_phase(variant, state, {"UK": ["F SOC - SYD"]})
    assert result.winner == "UK"


def test_only_survivors_vote_on_a_draw() -> None:
    game = Game.new("world31_testboard")
    state = game.state
    units = {p: u for p, u in state.units.items() if u.power != "ZAIRE"}
    centers = {c: p for c, p in state.centers.items() if p != "ZAIRE"}
    game.state = state.replace(units=units, centers=centers)
    assert "ZAIRE" not in game.survivors()
    with pytest.raises(ChancelleryError, match="only surviving powers vote"):
        game.vote_draw("ZAIRE")
    game.vote_draw("UK")
    assert not game.drawn
    game.vote_draw("FRANCE")
    assert game.drawn


# --- money --------------------------------------------------------------------------------------------------------------


def test_the_seeds_currency_table_and_city_factors() -> None:
    assert len(CURRENCIES) == 31 and CURRENCIES["Turkey"] == ("Turkish Lira", 74421.50)
    assert [city_factor(n) for n in (0, 1, 2, 3, 10, 11, 20, 21, 55, 100, 101, 500)] == \
        [1.5, 1.3, 1.1, 1.0, 1.0, 0.9, 0.9, 0.8, 0.5, 0.1, 0.09, 0.09]
    yen = currency_of("Japan", 12)
    assert yen.rate == pytest.approx(95 * 0.9)
    assert convert(100, currency_of("United States", 5), yen) == round(100 * 95 * 0.9)
    assert shown(123456) == "US$1,234.56" and shown(-50) == "-US$0.50"


def test_the_economy_is_checked_when_a_position_is_read() -> None:
    variant = WorldTestBoard()
    good = _state("S2001M", {"FRANCE": ["A BUR", "M BUR"]})
    variant.check_state(good)
    for bad, where in [({"money": {"UK": -1}}, "money"), ({"money": {"ATLANTIS": 1}}, "money"),
                       ({"treasure": {}}, "unknown keys"), ({"rebellions": ["XXX"]}, "rebellions"),
                       ({"loans": [{"power": "UK", "owed": 5}]}, "loans"),
                       ({"bribes": [{"briber": "UK", "unit": ["FRANCE", "Q", "BUR"], "price": 800, "since": "S2001M"}]}, "bribes")]:
        with pytest.raises(PositionError, match=where):
            variant.check_state(good.replace(extra={**good.extra, **bad}))
    with pytest.raises(PositionError, match="another country"):
        variant.check_state(_state("S2001M", {"FRANCE": ["M BUR"], "ZAIRE": ["A BUR"]}))


@pytest.mark.parametrize("stacked, message", [
    (StackedUnit("FRANCE", M, "NTH"), "can't stand in 'NTH'"),  # a militia at sea
    (StackedUnit("ATLANTIS", M, "BUR"), "unknown power 'ATLANTIS'"),
    (StackedUnit("FRANCE", M, "XXX"), "can't stand in 'XXX'"),
    (StackedUnit("FRANCE", A, "BUR"), "A units don't stack"),
])
def test_a_stacked_unit_is_checked_where_it_stands(stacked: StackedUnit, message: str) -> None:
    """The position check reads militia from the map's table of where each kind may stand; a stacked unit the
    table doesn't hold is checked field by field and the error names it (``stacked[i]``)."""
    variant = WorldTestBoard()
    good = _state("S2001M", {"FRANCE": ["A PAR", "M PAR", "M BUR"]})
    variant.check_state(good)
    bad = good.replace(stacked=(*good.stacked, stacked))
    with pytest.raises(PositionError, match=message) as raised:
        variant.check_state(bad)
    assert raised.value.field == "stacked[2]"


def test_saves_keep_the_economy() -> None:
    game = Game.new("world31_testboard", options={"currencies": "advanced"})
    for _ in range(3):
        game.process()
    text = savefile.dumps(game)
    again = savefile.loads(text)
    assert again.state.extra == game.state.extra and again.variant.advanced
    assert savefile.dumps(again) == text


# --- random games -----------------------------------------------------------------------------------------------------------


def _check_invariants(game: Game) -> None:
    state, variant = game.state, game.variant
    variant.check_state(state)
    for prov, unit in state.units.items():
        assert variant.can_stand(unit.type, unit.loc) and unit.type in (A, F)
    provinces = [s.province for s in state.stacked]
    assert len(provinces) == len(set(provinces))
    for s in state.stacked:
        assert s.kind is M and variant.board.provinces[s.province].is_land
        occupant = state.units.get(s.province)
        assert occupant is None or occupant.power == s.power
    ledger = variant.ledger(state)  # type: ignore[attr-defined]
    assert all(cents >= 0 for cents in ledger.money.values())
    homes = [p for h in ledger.homes.values() for p in h]
    assert len(homes) == len(set(homes))
    if state.phase.type is not PhaseType.RETREATS:
        assert not state.dislodged


@pytest.mark.parametrize("seed", range(3))
@pytest.mark.parametrize("options", [{}, {"currencies": "advanced", "upkeep": "automatic"}])
def test_random_games_keep_every_invariant_and_save_round_trips(seed: int, options: dict[str, str]) -> None:
    rng = random.Random(seed)
    game = Game.new("world31_testboard", options=options)
    bought = 0
    while not game.is_over and game.state.phase.year < 2006:
        play_random_phase(game, rng)
        _check_invariants(game)
        bought += sum(1 for r in game.history[-1].results if r.order.endswith(" B") and r.result == "succeeds")
        text = savefile.dumps(game)
        assert savefile.dumps(savefile.loads(text)) == text
    assert len(game.history) >= 20 and bought > 0


# --- the World board ------------------------------------------------------------------------------------------------


def test_the_variant_plays_the_world_board_from_the_seeds_start() -> None:
    variant = find_variant("world31")
    state = variant.initial_state()
    assert str(state.phase) == "W2000M" and len(state.units) == 132 and len(variant.powers) == 31
    assert variant.frozen_in["W"] and variant.frozen_in["U"]
    spring = state.replace(phase=Phase.parse("S2001M"))
    lines = ["{EP} F 3 - NWG", "{EP} F 6 - IRS", "{EP} F 7 - NTH", "{EP} F 23 - SoG", "{SA} F 99 - CoA"]
    result = process_phase(variant, spring, {"UNITED_KINGDOM": lines})
    mine = [r for r in result.results if r.power == "UNITED_KINGDOM" and r.typed is not None and not r.default]
    assert [r.result for r in mine] == ["succeeds"] * 5, [(r.order, r.reason) for r in mine]
    assert [variant.seed_text(r.order) for r in mine] == [line.replace("SoG", "SOG").replace("CoA", "COA") for line in lines]
    # Every starting unit written in the seed's notation (New York's fleet as "{NA} F 25 (sc)") reads back.
    for unit in state.units.values():
        hold = variant.validate(variant.parse(f"{unit} H"), state, unit.power)
        assert variant.validate(variant.parse(variant.seed_text(hold)), state, unit.power) == hold
    assert variant.seed_text("F NA25/SC H") == "{NA} F 25 (sc) H"


def test_random_games_on_the_world_board_keep_every_invariant() -> None:
    rng = random.Random(5)
    game = Game.new("world31")
    while game.state.phase.year < 2002:
        play_random_phase(game, rng)
        _check_invariants(game)
    text = savefile.dumps(game)
    assert savefile.dumps(savefile.loads(text)) == text


def test_searching_convoy_chains_directly_agrees_with_the_table() -> None:
    from engine.mapdata import load_map
    from engine.validate import _chains_through, chains_formed, convoy_chains

    board = load_map("standard")
    seas = sorted(p for p, prov in board.provinces.items() if prov.can_convoy)
    rng = random.Random(3)
    for _ in range(60):
        fleets = frozenset(rng.sample(seas, rng.randrange(1, len(seas))))
        for origin in ("LON", "NWY", "TUN", "SYR", "BRE"):
            table = sorted((tuple(sorted(c.seas)), c.lands) for c in chains_formed(convoy_chains(board)[origin], fleets))
            direct = sorted((tuple(sorted(seas)), lands) for seas, lands in _chains_through(board, origin, fleets))
            assert table == direct


def test_the_maps_table_of_upkeep_lines_reads_as_the_parser_does() -> None:
    """Canonical upkeep lines come from a per-map table; each entry is what the general reading gives."""
    variant = find_variant("world31")
    table = variant.tables.upkeep_lines()
    assert len(table) > 700
    for text, raw in table.items():
        assert variant.read_text(text) == raw, text


def test_every_country_reads_the_same_options_in_its_own_view() -> None:
    """The LAN host works a World position's options out once for every seat (``options_view``): a
    country's options must not depend on the money its view hides or shows."""
    rng = random.Random(4)
    game = Game.new("world31")
    variant = game.variant
    for _ in range(6):
        for power in game.powers_to_order():
            game.set_orders(power, play_orders(game, power, rng), ready=True)
        game.process()
    state = game.state
    whole = {p: {k: [str(o) for o in v] for k, v in per.items()} for p, per in variant.legal_orders(state).items()}
    for power in game.powers_to_order()[:8]:
        view = variant.view_for(state, power)
        assert view.extra != state.extra and variant.options_view(state, power) is state
        seen = variant.legal_orders(view).get(power, {})
        assert {k: [str(o) for o in v] for k, v in seen.items()} == whole[power]


def play_orders(game: Game, power: str, rng: random.Random) -> list[str]:
    from engine.bots import random_orders

    return random_orders(game, power, rng)


def test_a_loan_worth_less_than_a_us_cent_still_owes_one_and_the_position_reads_back() -> None:
    import engine

    request = {"variant": "world31", "phase": "U2001M", "options": {"currencies": "advanced"}, "units": {},
               "orders": {"FRANCE": ["LOAN $0.01 1 YEAR"]}}
    answer = engine.adjudicate(request)
    assert answer["extra"]["loans"] == [{"power": "FRANCE", "owed": 1, "due": "U2002M"}]
    again = engine.adjudicate({"variant": "world31", "phase": answer["next_phase"], "options": {"currencies": "advanced"},
                               "units": answer["units"], "centers": answer["centers"], "extra": answer["extra"]})
    assert again["extra"]["loans"] == answer["extra"]["loans"]
