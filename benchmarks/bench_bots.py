"""How strong and how fast the heuristic player is, on seeded games; figures printed beside their targets.

1. On Standard, one "normal" bot against six random players (the bot's power turns with the game number):
   outright wins by 1930 in % of the games (target ≥ 90 %) and its mean centres at the end of 1910 (a game
   won earlier counts its final centres; target ≥ 12).
2. One "normal" bot against six "easy" bots: % of games it finishes first (most centres when the game ends
   at a win or in 1930; a shared first place counts as a share), against the 1-in-7 share of 14.3 %.
3. Seven "normal" bots play a full Standard game to a result or 1930: seconds per game.
4. One bot's orders for one power (the one with most units), legal options included, on middle-game
   positions of every registered variant: median and worst seconds (target < 0.5 s; < 2 s on the largest
   map).
5. The EMG rules: one "normal" bot against random players on Global Diplomacy (11 powers) and Age of
   Discovery (12 players), its power turning with the game number, 30 turns or to a win: its outright wins,
   % of games it finishes first (shares split), and its mean centres at the end beside the random players'.

    python benchmarks/bench_bots.py [--games 100] [--easy-games 35] [--full-games 3] [--positions 20]
                                    [--emg-games 12] [--emg-turns 30] [--seed 1]
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from engine.bots import EASY, NORMAL, RANDOM, bot_orders, play_bot_phase
from engine.game import Game
from engine.state import GameState
from engine.types import PhaseType
from engine.variants import find_variant, variant_ids

LAST_YEAR = 1929  # games stop when 1930 begins
MEASURE_YEAR = 1910


def play(game: Game, rng: random.Random, strengths: dict[str, str], until: int = LAST_YEAR,
         measure: str | None = None) -> int | None:
    """Play ``game`` until a result or the end of ``until``; return ``measure``'s centres at the end of
    1910 (its final centres when the game ends sooner)."""
    measured: int | None = None
    while not game.is_over and game.state.phase.year <= until:
        play_bot_phase(game, rng, strengths)
        if measure is not None and measured is None and game.state.phase.year > MEASURE_YEAR:
            measured = game.variant.center_count(game.state, measure)
    if measure is not None and measured is None:
        measured = game.variant.center_count(game.state, measure)
    return measured


def against(opponents: str, games: int, seed: int) -> tuple[float, float, float, float, float | None]:
    """One normal bot against six of ``opponents``: (% wins, mean centres in 1910, % first, seconds, median
    year of its wins)."""
    wins = 0
    win_years: list[int] = []
    firsts = 0.0
    centres: list[int] = []
    start = time.perf_counter()
    powers = find_variant("standard").powers
    for n in range(games):
        game = Game.new("standard")
        bot = powers[n % len(powers)]
        strengths = {p: (NORMAL if p == bot else opponents) for p in powers}
        measured = play(game, random.Random(seed * 100_003 + n), strengths, measure=bot)
        assert measured is not None
        centres.append(measured)
        if game.winner == bot:
            wins += 1
            win_years.append(game.history[-1].state.phase.year)
        counts = game.center_counts()
        top = max(counts.values())
        leaders = [p for p, c in counts.items() if c == top]
        if game.winner is not None:
            leaders = [game.winner]
        if bot in leaders:
            firsts += 1 / len(leaders)
    seconds = time.perf_counter() - start
    median_year = statistics.median(win_years) if win_years else None
    return 100 * wins / games, statistics.mean(centres), 100 * firsts / games, seconds, median_year


def full_games(games: int, seed: int) -> list[tuple[float, str, str]]:
    out = []
    for n in range(games):
        game = Game.new("standard")
        start = time.perf_counter()
        play(game, random.Random(seed + n), {p: NORMAL for p in game.variant.powers})
        result = f"{game.winner} wins" if game.winner else "no winner"
        out.append((time.perf_counter() - start, game.phase, result))
    return out


def middle_game_positions(variant_id: str, count: int, seed: int) -> list[GameState]:
    """Movement positions from seeded games of normal bots, from the fourth year on."""
    rng = random.Random(seed)
    positions: list[GameState] = []
    game_no = 0
    while len(positions) < count and game_no < 20:
        game = Game.new(variant_id)
        first = game.state.phase.year
        game_no += 1
        while not game.is_over and len(positions) < count and game.state.phase.year < first + 12:
            if game.state.phase.type is PhaseType.MOVEMENT and game.state.phase.year >= first + 3:
                positions.append(game.state)
            play_bot_phase(game, rng, {p: NORMAL for p in game.variant.powers})
    return positions


def order_times(variant_id: str, count: int, seed: int) -> tuple[float, float, int]:
    variant = find_variant(variant_id)
    times = []
    for n, state in enumerate(middle_game_positions(variant_id, count, seed)):
        power = max(variant.powers, key=lambda p: (len(state.units_of(p)), p))
        game = Game(variant, state)  # a fresh game: the legal options are worked out inside the timing
        start = time.perf_counter()
        bot_orders(game, power, random.Random(n), NORMAL)
        times.append(time.perf_counter() - start)
    return statistics.median(times), max(times), len(times)


def emg_against_random(variant_id: str, options: dict[str, object], games: int, turns: int,
                       seed: int) -> tuple[float, float, float, float, float]:
    """One normal bot against random players on an EMG board: (% wins, % first, its mean centres, the random
    players' mean centres, seconds)."""
    wins = 0
    firsts = 0.0
    bot_centres: list[int] = []
    random_centres: list[float] = []
    start = time.perf_counter()
    powers = sorted(find_variant(variant_id, options).powers)
    for n in range(games):
        game = Game.new(variant_id, options=options)
        bot = powers[n % len(powers)]
        rng = random.Random(seed * 100_003 + n)
        for _ in range(turns):
            if game.is_over:
                break
            play_bot_phase(game, rng, {bot: NORMAL})  # every other power plays at random
        counts = game.center_counts()
        bot_centres.append(counts.get(bot, 0))
        random_centres.append(statistics.mean(c for p, c in counts.items() if p != bot))
        wins += game.winner == bot
        top = max(counts.values())
        leaders = [game.winner] if game.winner else [p for p, c in counts.items() if c == top]
        firsts += 1 / len(leaders) if bot in leaders else 0
    seconds = time.perf_counter() - start
    return (100 * wins / games, 100 * firsts / games, statistics.mean(bot_centres), statistics.mean(random_centres),
            seconds)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100, help="games against random players (default 100)")
    parser.add_argument("--easy-games", type=int, default=35, help="games against easy bots (default 35)")
    parser.add_argument("--full-games", type=int, default=3, help="full games of seven bots (default 3)")
    parser.add_argument("--positions", type=int, default=20, help="positions per variant to time (default 20)")
    parser.add_argument("--emg-games", type=int, default=12, help="EMG games per board (default 12)")
    parser.add_argument("--emg-turns", type=int, default=30, help="turns per EMG game (default 30)")
    parser.add_argument("--emg-only", action="store_true", help="only the EMG figures (section 5)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    if not args.emg_only:
        standard_figures(args)
    emg_figures(args)


def standard_figures(args: argparse.Namespace) -> None:
    print(f"Standard: one normal bot against six random players, {args.games} games to a result or 1930")
    win, centres, first, seconds, year = against(RANDOM, args.games, args.seed)
    print(f"  outright wins          {win:6.1f} %   (target >= 90 %; median year of a win: {year})")
    print(f"  mean centres, 1910     {centres:6.1f}     (target >= 12)")
    print(f"  finished first         {first:6.1f} %   ({seconds:.0f} s for the games)")

    print(f"Standard: one normal bot against six easy bots, {args.easy_games} games")
    win, centres, first, seconds, year = against(EASY, args.easy_games, args.seed)
    print(f"  finished first         {first:6.1f} %   (target: well over the 1-in-7 share, 14.3 %)")
    print(f"  outright wins          {win:6.1f} %   (median year of a win: {year})")
    print(f"  mean centres, 1910     {centres:6.1f}     ({seconds:.0f} s for the games)")

    print(f"Standard: seven normal bots, {args.full_games} full games to a result or 1930")
    for seconds, phase, result in full_games(args.full_games, args.seed):
        print(f"  {seconds:6.2f} s   ended {phase}, {result}   (target: a few seconds)")

    print(f"One bot's orders for the power with most units, {args.positions} middle-game positions per variant")
    largest = max(variant_ids(), key=lambda v: len(find_variant(v).board.provinces))
    for variant_id in variant_ids():
        median, worst, n = order_times(variant_id, args.positions, args.seed)
        target = 2.0 if variant_id == largest else 0.5
        note = ", the largest map" if variant_id == largest else ""
        print(f"  {variant_id:12} median {median:6.3f} s   worst {worst:6.3f} s   over {n} positions"
              f"   (target < {target} s{note})")


def emg_figures(args: argparse.Namespace) -> None:
    for variant_id, options, label in (("global_diplomacy", {}, "Global Diplomacy, 11 powers"),
                                       ("age_of_discovery", {"players": 12, "seed": args.seed},
                                        "Age of Discovery, 12 players")):
        print(f"{label}: one normal bot against random players, {args.emg_games} games of {args.emg_turns} turns")
        win, first, mine, theirs, seconds = emg_against_random(variant_id, options, args.emg_games, args.emg_turns,
                                                               args.seed)
        print(f"  outright wins          {win:6.1f} %")
        share = 100 / len(find_variant(variant_id, options).powers)
        print(f"  finished first         {first:6.1f} %   (a fair share: {share:.1f} %)")
        print(f"  mean centres at the end {mine:5.1f}     (a random player's: {theirs:.1f}; {seconds:.0f} s)")


if __name__ == "__main__":
    main()
