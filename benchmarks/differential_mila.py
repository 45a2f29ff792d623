"""Differential check: adjudicate random positions with Chancellery and with the MILA ``diplomacy`` package.

Random games (seeded) give positions of every phase type with the orders the random player chose. Each
phase is adjudicated by both engines from the same position and orders and the resulting boards (units,
dislodged units and their retreats, centre owners, next phase) are compared. Where they differ, the
script tries to explain the difference by MILA's known deviations from DATC v3.0:

* 6.B.9  MILA ignores the coast named in a support order;
* 6.G.8  MILA moves an army bound for a neighbouring province over land when the convoy it was to take
         ("via convoy", or ordered by a fleet of its own power) carries nothing (the DATC v2.4 fallback);
* 6.G.10 after an attack by convoy MILA offers the dislodged unit every neighbouring province, including
         one left empty by a standoff (and, it turns out, occupied ones);
* 6.J    MILA removes units in civil disorder by the pre-2023 rule.
* (2023 rules: no support to dislodge one's own unit) where a convoy is involved, MILA counts such a
         support for an attack by convoy, and takes a convoy as disrupted when its fleet is attacked with
         such a support even though the attack fails.

For 6.B.9 and 6.G.8 our engine re-adjudicates with MILA's reading of the orders; if the boards then agree
the difference is explained. MILA also skips a retreat phase in which no dislodged unit can go anywhere,
where we stop; such boards are compared one phase later. Anything left over is printed with the exact
position and orders (as an ``engine.adjudicate`` request) because it may be a bug in our engine, and the
exit status is 1. Orders MILA refuses at ``set_orders`` are listed and left out on both sides. With
``--legal-orders`` the legal-order lists of both engines are compared too. Run in the MILA environment
(benchmarks/README.md):

    .venv-mila/bin/python benchmarks/differential_mila.py [--positions 600] [--seed 0] [--legal-orders]
"""
from __future__ import annotations

import argparse
import json
import sys
import time
import traceback
from collections import Counter, defaultdict
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Callable, Mapping

sys.path.insert(0, str(Path(__file__).resolve().parent))

from mila_bridge import Board, give_orders, mila_board, mila_game, our_board  # noqa: E402
from random_positions import Sample, random_samples  # noqa: E402

from engine.options import legal_order_objects  # noqa: E402
from engine.orders import Convoy, Disband, Hold, Move, Order, SupportMove, Waive  # noqa: E402
from engine.phases import INVALID, PhaseResult, Submission  # noqa: E402
from engine.state import GameState  # noqa: E402
from engine.types import OrderError, PhaseType, UnitType, province_of  # noqa: E402
from engine.variants import Variant, find_variant  # noqa: E402

TypedOrders = dict[str, list[Order]]


# --- reading orders the same way on both sides ----------------------------------------------------------


def read_order(variant: Variant, state: GameState, power: str, text: str) -> Order | None:
    try:
        return variant.validate(variant.parse(text), state, power)
    except OrderError:
        return None


def normal_form(variant: Variant, order: Order) -> str:
    """Order text with notation-only differences removed: "VIA" on a move that can't go by land (our
    text leaves it out, MILA's may have it). Units are written with their coast on both sides."""
    if type(order) is Move and order.via_convoy and order.unit.type is UnitType.ARMY and \
            order.dest not in variant.board.army_adjacent(order.unit.loc):
        order = Move(order.unit, order.dest)
    return str(order)


def listing_form(variant: Variant, order: Order) -> str:
    """:func:`normal_form` for comparing lists of legal orders: a support names the destination province
    only (we list "S F CON - BUL/EC", MILA "S F CON - BUL"; both are legal, DATC 4.B.4)."""
    if type(order) is SupportMove and "/" in order.dest:
        order = SupportMove(order.unit, order.target, province_of(order.dest))
    return normal_form(variant, order)


def order_key(variant: Variant, state: GameState, power: str, text: str) -> str:
    """What an order means, for matching MILA's copy of an order with ours; unreadable text is kept."""
    order = read_order(variant, state, power, text)
    return normal_form(variant, order) if order is not None else "unreadable: " + " ".join(text.upper().split())


# --- emulating MILA's known deviations on our side -----------------------------------------------------


def strip_support_coasts(variant: Variant, state: GameState, orders: TypedOrders) -> TypedOrders:
    """6.B.9: MILA drops the coast named in a support order."""
    return {
        power: [SupportMove(o.unit, o.target, province_of(o.dest)) if type(o) is SupportMove and "/" in o.dest else o
                for o in items]
        for power, items in orders.items()
    }


def land_fallback(variant: Variant, state: GameState, orders: TypedOrders) -> TypedOrders:
    """6.G.8 (and 4.A.3 generally): when an army bound for a neighbouring province is to go by convoy
    ("via convoy", or a fleet of its own power convoys it) and no convoy carries it, MILA walks it.

    Emulated by dropping "via" from such a move and turning its own power's convoy orders, which carry
    nothing anyway, into holds."""
    board = variant.board
    by_province: dict[str, Order] = {province_of(o.unit.loc): o for items in orders.values() for o in items}
    for prov, unit in state.units.items():
        by_province.setdefault(prov, Hold(unit))
    resolver = variant.resolver_class(board, state.units, by_province)
    resolver.run()
    walkers = {
        origin for origin in resolver.convoyed
        if resolver.move_dest[origin] in board.army_adjacent(state.units[origin].loc) and not resolver.has_path(origin)
    }
    idle_fleets = {f for origin in walkers for f in resolver.convoyers.get(origin, ())
                   if state.units[f].power == state.units[origin].power}

    def emulate(o: Order) -> Order:
        prov = province_of(o.unit.loc)
        if prov in walkers:
            return Move(o.unit, o.dest)
        if prov in idle_fleets:
            return Hold(o.unit)
        return o

    return {power: [emulate(o) for o in items] for power, items in orders.items()}


def own_support_disrupts_convoy(variant: Variant, state: GameState, orders: TypedOrders) -> TypedOrders:
    """MILA takes a convoy as disrupted when its fleet is attacked with a support given by the fleet's own
    power, though that support can't help dislodge it and the attack fails. Emulated by turning such a
    fleet's convoy order into a hold."""
    by_province = {province_of(o.unit.loc): o for items in orders.values() for o in items}
    disrupted = set()
    for o in by_province.values():
        if type(o) is SupportMove:
            target = by_province.get(province_of(o.dest))
            if type(target) is Convoy and target.unit.power == o.unit.power:
                disrupted.add(province_of(o.dest))
    return {power: [Hold(o.unit) if province_of(o.unit.loc) in disrupted else o for o in items]
            for power, items in orders.items()}


OWN_SUPPORT_LABEL = "(2023 rules) MILA counts a support against the supporter's own unit where a convoy is involved"
_STAND_IN = "STAND-IN"  # a power no unit has: what a renamed supporter belongs to while we re-adjudicate


def own_support_for_convoyed_attack(variant: Variant, state: GameState, orders: TypedOrders
                                    ) -> tuple[GameState, TypedOrders, dict[str, str]] | None:
    """MILA counts a support given to an attack by convoy on the supporter's own unit. Emulated by handing
    the supporter to a stand-in power while we adjudicate; returns the changed position and orders and
    the supporters' provinces with their real powers (``None`` when no order is of that kind)."""
    by_province = {province_of(o.unit.loc): o for items in orders.values() for o in items}
    real: dict[str, str] = {}
    for prov, o in by_province.items():
        if type(o) is SupportMove:
            move = by_province.get(province_of(o.target.loc))
            defender = state.units.get(province_of(o.dest))
            convoyed = type(move) is Move and (move.via_convoy or province_of(move.dest)
                                               not in variant.board.army_adjacent(move.unit.loc))
            if convoyed and defender is not None and defender.power == o.unit.power:
                real[prov] = o.unit.power
    if not real:
        return None
    units = [u._replace(power=_STAND_IN) if p in real else u for p, u in state.units.items()]
    changed: TypedOrders = {}
    for power, items in orders.items():
        for o in items:
            prov = province_of(o.unit.loc)
            if prov in real:
                o = replace(o, unit=o.unit._replace(power=_STAND_IN))
            changed.setdefault(_STAND_IN if prov in real else power, []).append(o)
    return state.replace(units={province_of(u.loc): u for u in units}), changed, real


def restore_powers(after: GameState, real: dict[str, str]) -> GameState:
    """Give the units (and centres) a stand-in power held back to their real owners; a supporter stays
    where it was, or is dislodged from there."""
    units = {p: u._replace(power=real[p]) if u.power == _STAND_IN else u for p, u in after.units.items()}
    restored = [replace(d, unit=d.unit._replace(power=real[d.unit.province])) if d.unit.power == _STAND_IN else d
                for d in after.dislodged.values()]
    dislodged = {d.unit: d for d in restored}
    centers = {c: real[c] if owner == _STAND_IN else owner for c, owner in after.centers.items()}
    return after.replace(units=units, dislodged=dislodged, centers=centers)


Emulation = Callable[[Variant, GameState, TypedOrders], TypedOrders]
EMULATIONS: list[tuple[str, list[Emulation]]] = [
    ("6.B.9 support coast ignored", [strip_support_coasts]),
    ("6.G.8 land-route fallback when a convoy to a neighbouring province fails", [land_fallback]),
    ("6.B.9 support coast ignored", [strip_support_coasts, land_fallback]),
    (OWN_SUPPORT_LABEL, [own_support_disrupts_convoy]),
]
RETREAT_LABEL = "6.G.10 retreats after a convoyed attack ignore standoffs and occupied provinces"
DISORDER_LABEL = "6.J pre-2023 civil disorder"
HOPELESS_LABEL = "(convention) MILA skips a retreat phase in which no unit can retreat"


# --- comparing boards --------------------------------------------------------------------------------------


def board_differences(mila: Board, after: GameState) -> tuple[list[str], set[str]]:
    """Differences between MILA's board and our state after the phase (empty when they agree), and the
    labels of known deviations that were seen on the way.

    MILA leaves out a dislodged unit with nowhere to go (it is disbanded at once). After an attack by
    convoy it offers retreats into every neighbouring province, even occupied ones and ones left empty by
    a standoff (its reading of DATC 6.G.10); extra options of that kind are labelled, not counted.
    """
    ours = our_board(after)
    diffs: list[str] = []
    labels: set[str] = set()
    if mila.next_phase != ours.next_phase:
        diffs.append(f"next phase: MILA {mila.next_phase}, ours {ours.next_phase}")
    if mila.units != ours.units:
        diffs.append(f"units only in MILA: {sorted(mila.units - ours.units)}; only in ours: {sorted(ours.units - mila.units)}")
    convoyed = {f"{d.unit.power} {d.unit}" for d in after.dislodged.values() if d.via_convoy}
    blocked = set(after.units) | set(after.contested)
    for unit in sorted(mila.dislodged.keys() | ours.dislodged.keys()):
        m, o = set(mila.dislodged.get(unit, ())), set(ours.dislodged.get(unit, ()))
        if unit not in ours.dislodged:
            diffs.append(f"{unit} dislodged only in MILA (retreats {sorted(m)})")
        elif m == o:
            continue
        elif o < m and unit in convoyed and all(province_of(loc) in blocked for loc in m - o):
            labels.add(RETREAT_LABEL)
        else:
            diffs.append(f"retreats of {unit}: MILA {sorted(m)}, ours {sorted(o)}")
    if mila.centers != ours.centers:
        diffs.append(f"centres only in MILA: {sorted(mila.centers - ours.centers)}; "
                     f"only in ours: {sorted(ours.centers - mila.centers)}")
    return diffs, labels


def civil_disorder_powers(variant: Variant, state: GameState, orders: TypedOrders) -> set[str]:
    """Powers that must remove units but ordered too few removals (the civil-disorder rule applies)."""
    out = set()
    for power in variant.powers_in_game(state):
        delta = variant.adjustment_delta(state, power)
        ordered = {province_of(o.unit.loc) for o in orders.get(power, ()) if type(o) is Disband}
        if delta < 0 and len(ordered) < -delta:
            out.add(power)
    return out


# --- one phase -------------------------------------------------------------------------------------------------


@dataclass(slots=True)
class Finding:
    sample: Sample
    verdict: str  # agree | explained | unexplained | error
    labels: list[str] = field(default_factory=list)
    details: list[str] = field(default_factory=list)
    orders: dict[str, list[str]] = field(default_factory=dict)  # the orders both engines adjudicated
    refused_by_mila: list[str] = field(default_factory=list)
    refused_by_us: list[str] = field(default_factory=list)


def compare_with(variant: Variant, state: GameState, orders: TypedOrders, mila: Board
                 ) -> tuple[PhaseResult, list[str], set[str]]:
    """Adjudicate ``orders`` on our side and compare with MILA's board.

    If we stop in a retreat phase where no dislodged unit can go anywhere, the board one phase later is
    compared as well, since MILA skips that phase.
    """
    result = Submission.from_orders(variant, state, orders).process()
    diffs, labels = board_differences(mila, result.state)
    after = result.state
    if diffs and after.phase.type is PhaseType.RETREATS and not any(d.retreats for d in after.dislodged.values()):
        skipped = Submission.from_orders(variant, after, {}).process()
        skipped_diffs, skipped_labels = board_differences(mila, skipped.state)
        if not skipped_diffs:
            return result, [], skipped_labels | {HOPELESS_LABEL}
    return result, diffs, labels


def _result_lines(result: PhaseResult, mila_results: Mapping[str, Any]) -> list[str]:
    lines = []
    for r in result.results:
        unit = " ".join(r.order.split()[:2])
        theirs = [str(x) for x in mila_results.get(unit, ())] if unit in mila_results else "-"
        lines.append(f"{r.order:30} ours: {r.result} ({r.reason}); MILA: {theirs}")
    return lines


def check_phase(variant: Variant, sample: Sample) -> Finding:
    state = sample.state
    finding = Finding(sample, "agree")
    # Orders our own validator refuses even though the random player picked them from our legal orders.
    ours_typed: TypedOrders = {}
    for power, texts in sample.orders.items():
        for text in texts:
            order = read_order(variant, state, power, text)
            if order is None:
                finding.refused_by_us.append(f"{power}: {text}")
            else:
                ours_typed.setdefault(power, []).append(order)
    game = mila_game(state)
    phase_name = game.get_current_phase()
    kept = give_orders(game, sample.orders)
    kept_keys = {(p, order_key(variant, state, p, t)) for p, texts in kept.items() for t in texts}
    kept_loose = {(p, _loose(k)) for p, k in kept_keys}
    common: TypedOrders = {}
    for power, items in ours_typed.items():
        for order in items:
            key = normal_form(variant, order)
            if (power, key) in kept_keys or (power, _loose(key)) in kept_loose or type(order) is Waive:
                # (MILA keeps waives out of its order list but honours them.)
                common.setdefault(power, []).append(order)
            else:
                finding.refused_by_mila.append(f"{power}: {order}")
    # Both engines judge exactly the orders MILA kept.
    if finding.refused_by_mila:
        game = mila_game(state)
        give_orders(game, {p: [str(o) for o in items] for p, items in common.items()})
    finding.orders = {p: [str(o) for o in items] for p, items in common.items()}
    game.process()
    mila = mila_board(game)
    result, diffs, labels = compare_with(variant, state, common, mila)
    if diffs and state.phase.type is PhaseType.MOVEMENT:
        for label, steps in EMULATIONS:
            changed = common
            for step in steps:
                changed = step(variant, state, changed)
            if changed == common:
                continue
            _, alt_diffs, alt_labels = compare_with(variant, state, changed, mila)
            if not alt_diffs:
                labels = alt_labels | {label}
                if land_fallback in steps:
                    labels.add("6.G.8 land-route fallback when a convoy to a neighbouring province fails")
                diffs = []
                break
    if diffs and state.phase.type is PhaseType.MOVEMENT:
        for with_fallback in (False, True):
            orders = land_fallback(variant, state, common) if with_fallback else common
            emulated = own_support_for_convoyed_attack(variant, state, orders)
            if emulated is None:
                continue
            alt_state, alt_orders, real = emulated
            alt = Submission.from_orders(variant, alt_state, alt_orders).process()
            alt_diffs, alt_labels = board_differences(mila, restore_powers(alt.state, real))
            if not alt_diffs:
                labels = alt_labels | {OWN_SUPPORT_LABEL}
                if with_fallback:
                    labels.add("6.G.8 land-route fallback when a convoy to a neighbouring province fails")
                diffs = []
                break
    if diffs and state.phase.type is PhaseType.ADJUSTMENTS:
        disorder = civil_disorder_powers(variant, state, common)
        units_powers = {u.split()[0] for u in our_board(result.state).units ^ mila.units}
        if disorder and units_powers <= disorder and all(d.startswith("units") for d in diffs):
            labels.add(DISORDER_LABEL)
            diffs = []
    finding.labels = sorted(labels)
    invalid = [r for r in result.results if r.result == INVALID]
    if diffs or invalid:
        finding.verdict = "unexplained"
        finding.details = diffs + [f"our engine refused: {r.order} ({r.reason})" for r in invalid]
        finding.details += _result_lines(result, game.result_history[phase_name])
    elif labels - {HOPELESS_LABEL}:
        finding.verdict = "explained"
    return finding


def _loose(key: str) -> str:
    """6.B.9 on MILA's side: it stores "F AEG S F CON - BUL/SC" as "... - BUL"."""
    words = key.split()
    if len(words) >= 7 and words[2] == "S" and "/" in words[-1]:
        words[-1] = province_of(words[-1])
    return " ".join(words)


# --- legal orders ------------------------------------------------------------------------------------------------


def legal_order_differences(variant: Variant, sample: Sample) -> tuple[set[str], set[str], set[str]]:
    """Orders only we list, orders only MILA lists, and MILA's orders our validator refuses."""
    state = sample.state
    ours: set[str] = set()
    for power, per in legal_order_objects(variant, state).items():
        for items in per.values():
            ours.update(f"{power}: {listing_form(variant, o)}" for o in items)
    possible = mila_game(state).get_all_possible_orders()
    theirs: set[str] = set()
    refused: set[str] = set()
    for prov, unit in state.units.items():
        texts = set(possible.get(unit.loc, ())) | set(possible.get(prov, ()))
        for text in texts:
            order = read_order(variant, state, unit.power, text)
            if order is None:
                refused.add(f"{unit.power}: {text}")
            else:
                theirs.add(f"{unit.power}: {listing_form(variant, order)}")
    return ours - theirs, theirs - ours, refused


def where(sample: Sample) -> str:
    """Enough to find a sample again: game seed, order style and phase."""
    return f"game {sample.game_seed}{' coherent' if sample.coherent else ''} {sample.phase}"


def order_shape(text: str) -> str:
    """A coarse kind for grouping: "support move", "convoy", "move via convoy", ..."""
    words = text.split(": ", 1)[-1].split()
    if len(words) < 3:
        return "other"
    action = words[2]
    if action == "H":
        return "hold"
    if action == "-":
        return "move via convoy" if words[-1] == "VIA" else "move"
    if action == "S":
        return "support move" if "-" in words else "support hold"
    if action == "C":
        return "convoy"
    return action


# --- the run -------------------------------------------------------------------------------------------------------


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--positions", type=int, default=600,
                        help="random phases to compare per order style (default 600)")
    parser.add_argument("--orders", choices=("random", "coherent", "both"), default="both",
                        help="movement orders from engine.bots.random_orders, from random_positions.coherent_orders "
                             "(supports and convoys that back real moves), or both (default)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the first random game (default 0)")
    parser.add_argument("--max-year", type=int, default=1920, help="play each random game up to this year")
    parser.add_argument("--show", type=int, default=5, help="unexplained cases to print in full (default 5)")
    parser.add_argument("--legal-orders", action="store_true", help="also compare the legal orders of both engines")
    args = parser.parse_args(argv)
    if args.positions < 1:
        parser.error("--positions must be at least 1")
    started = time.perf_counter()
    variant = find_variant("standard")
    samples: list[Sample] = []
    for style in (("random", "coherent") if args.orders == "both" else (args.orders,)):
        batch = random_samples(args.positions, seed=args.seed, max_year=args.max_year,
                               phase_types=frozenset(PhaseType), coherent=style == "coherent")
        kinds = Counter(s.state.phase.type.name.lower() for s in batch)
        print(f"{len(batch)} phases with {style} orders from games seeded {args.seed}..{batch[-1].game_seed} "
              f"({', '.join(f'{n} {k}' for k, n in kinds.items())})")
        samples.extend(batch)

    findings: list[Finding] = []
    for sample in samples:
        try:
            findings.append(check_phase(variant, sample))
        except Exception:  # a crash on either side is a finding, not the end of the run
            findings.append(Finding(sample, "error", details=traceback.format_exc().splitlines()[-6:]))
    verdicts = Counter(f.verdict for f in findings)
    labels = Counter(label for f in findings for label in f.labels)
    print(f"agree: {verdicts['agree']}, explained by known MILA deviations: {verdicts['explained']}, "
          f"unexplained: {verdicts['unexplained']}, errors: {verdicts['error']}")
    for label, n in labels.most_common():
        print(f"  {n:4} x {label}")

    refused_mila = Counter(order_shape(o) for f in findings for o in f.refused_by_mila)
    if refused_mila:
        print(f"orders MILA refused at set_orders (its unit holds; both engines then judge the rest): "
              f"{sum(refused_mila.values())} ({', '.join(f'{n} {k}' for k, n in refused_mila.most_common())})")
        examples = [(where(f.sample), o) for f in findings for o in f.refused_by_mila]
        for place, order in examples[:8]:
            print(f"  {place}: {order}")
    refused_us = [(where(f.sample), o) for f in findings for o in f.refused_by_us]
    if refused_us:
        print(f"orders our random player chose from our legal orders but our validator refuses: {len(refused_us)}")
        for place, order in refused_us[:8]:
            print(f"  {place}: {order}")

    bad = [f for f in findings if f.verdict in ("unexplained", "error")]
    for f in bad[: args.show]:
        print(f"\n--- {f.verdict}: {where(f.sample)}"
              f"{' (known: ' + ', '.join(f.labels) + ')' if f.labels else ''}")
        for line in f.details:
            print("  " + line)
        print("  request: " + json.dumps(f.sample.request(f.orders or None)))
    if len(bad) > args.show:
        print(f"\n({len(bad) - args.show} more not shown; use --show)")

    if args.legal_orders:
        compare_legal_orders(variant, [s for s in samples if s.state.phase.type is PhaseType.MOVEMENT])
    print(f"\n(whole run {time.perf_counter() - started:.1f} s)")
    return 1 if bad else 0


def compare_legal_orders(variant: Variant, samples: list[Sample]) -> None:
    only_ours: dict[str, list[tuple[str, str]]] = defaultdict(list)
    only_theirs: dict[str, list[tuple[str, str]]] = defaultdict(list)
    refused: dict[str, list[tuple[str, str]]] = defaultdict(list)
    for s in samples:
        a, b, c = legal_order_differences(variant, s)
        for o in a:
            only_ours[order_shape(o)].append((where(s), o))
        for o in b:
            only_theirs[order_shape(o)].append((where(s), o))
        for o in c:
            refused[order_shape(o)].append((where(s), o))
    print(f"\nLegal orders in {len(samples)} movement phases (after notation is normalised):")
    for title, table in (("listed by us, not by MILA", only_ours), ("listed by MILA, not by us", only_theirs),
                         ("listed by MILA, refused by our validator", refused)):
        total = sum(len(v) for v in table.values())
        print(f"  {title}: {total}")
        for shape, items in sorted(table.items(), key=lambda kv: -len(kv[1])):
            print(f"    {len(items):6} {shape}, e.g. " + "; ".join(f"{place}: {o}" for place, o in items[:3]))


if __name__ == "__main__":
    sys.exit(main())
