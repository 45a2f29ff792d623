"""A plain-text results report for one adjudicated phase: orders and results per power, dislodged units
with their retreats, centre changes and counts, and what the next phase owes (for e-mail or print); a
variant with a report layout of its own (``Variant.turn_report``: EMG's) writes that instead."""
from __future__ import annotations

from .game import Game
from .phases import FAILS, INVALID, OrderResult
from .state import GameState
from .types import ChancelleryError, PhaseType


def state_after(game: Game, index: int) -> GameState:
    """The position right after ``game.history[index]`` was adjudicated."""
    if not 0 <= index < len(game.history):
        raise ChancelleryError(f"no phase {index} in the history (it has {len(game.history)})")
    return game.history[index + 1].state if index + 1 < len(game.history) else game.state


def _verdict(r: OrderResult) -> str:
    if r.result == INVALID:
        return f"INVALID: {r.reason}" if r.reason else "INVALID"
    if r.default and r.result != FAILS and r.reason:
        return r.reason  # "no order: holds", "no retreat ordered: disbanded", ...
    word = "fails" if r.result == FAILS else "succeeds"
    note = f" ({r.reason})" if r.reason and (r.result == FAILS or r.default) else ""
    return word + note


def centre_changes(before: GameState, after: GameState) -> list[tuple[str, str | None, str]]:
    """(centre, old owner or None, new owner) for every centre that changed hands, sorted by centre."""
    return [(c, before.centers.get(c), p) for c, p in sorted(after.centers.items()) if before.centers.get(c) != p]


def phase_report(game: Game, index: int, viewer: str | None = None) -> str:
    """The report of ``game.history[index]`` as ``viewer`` may read it: a power id (its own secret orders
    and only the others' a variant reveals, :meth:`~engine.variants.base.Variant.results_for`),
    ``PUBLIC_VIEW`` for a shared screen, or ``None`` for the game master's full report."""
    record = game.history[index] if 0 <= index < len(game.history) else None
    if record is None:
        raise ChancelleryError(f"no phase {index} in the history (it has {len(game.history)})")
    before, after = record.state, state_after(game, index)
    variant = game.variant
    own = variant.turn_report([r.state for r in game.history] + [game.state], index, record.results, viewer)
    if own is not None:
        return own  # the variant's own layout (EMG's turn report)
    results = record.results if viewer is None else variant.results_for(before, record.results, viewer)
    lines = [f"{variant.name}: {before.phase.long_name} — results", ""]
    shown = {r.order: variant.report_order(r.order) for r in results}  # the variant's notation ({EP} F 3 - NWG)
    width = max((len(text) for text in shown.values()), default=10) + 2
    for power in [*variant.powers, *variant.pseudo_powers]:
        mine = [r for r in results if r.power == power]
        if not mine:
            continue
        lines.append(variant.power_name(power).upper())
        for r in mine:
            lines.append(f"  {shown[r.order]:<{width}} {_verdict(r)}")
        lines.append("")
    if after.dislodged:
        lines.append("Dislodged")
        for d in sorted(after.dislodged.values(), key=lambda d: d.unit.loc):
            where = ", ".join(d.retreats) if d.retreats else "nowhere: it must disband"
            lines.append(f"  {d.unit} ({variant.power_adjective(d.unit.power)}), attacked from {d.attacker}; may retreat to {where}")
        lines.append("")
    changes = centre_changes(before, after)
    if changes:
        lines.append("Supply centres changing hands")
        for centre, old, new in changes:
            # Colonial's Hong Kong, taken by China, is held but is no centre of China's.
            note = "" if variant.counts_as_center(centre, new) else \
                f" (not a supply centre for {variant.power_name(new)}: it doesn't count)"
            lines.append(f"  {centre}: {variant.power_name(old) if old else 'neutral'} → {variant.power_name(new)}{note}")
        lines.append("")
    if before.phase.type is not PhaseType.RETREATS or changes:
        counts = []
        width = max([12, *(len(variant.power_name(p)) for p in variant.powers)])  # the World's "United Kingdom"
        for power in variant.powers:
            now = variant.center_count(after, power)
            was = variant.center_count(before, power)
            diff = f" ({now - was:+d})" if now != was else ""
            counts.append(f"  {variant.power_name(power):<{width}} {now:>3}{diff}")
        lines.append("Supply centres")
        lines.extend(counts)
        leader = variant.leader_line(after)
        if leader:
            lines.append(f"  {leader}")
        lines.append("")
        held = [(c, p) for c, p in sorted(after.centers.items())
                if p in variant.board.powers and not variant.counts_as_center(c, p)]
        if held:
            lines.append("Held, not counted")
            lines.extend(f"  {c}: held by {variant.power_name(p)}, not one of its supply centres" for c, p in held)
            lines.append("")
    lines.append(f"Next: {after.phase.long_name}")
    if after.phase.type is PhaseType.ADJUSTMENTS:
        for power in variant.powers_in_game(after):
            if power not in variant.board.powers:
                continue  # an unplayed owner (the madman) never builds
            delta = variant.adjustment_delta(after, power)
            if delta > 0:
                lines.append(f"  {variant.power_name(power)} builds {delta}")
            elif delta < 0:
                lines.append(f"  {variant.power_name(power)} removes {-delta}")
    if index == len(game.history) - 1 and game.winner:
        lines.append(f"{variant.power_name(game.winner)} wins with {variant.center_count(game.state, game.winner)} centres.")
    return "\n".join(lines).rstrip() + "\n"


def game_report(game: Game, viewer: str | None = None) -> str:
    """Every adjudicated phase's report, oldest first, as ``viewer`` may read it (``None``: all of it)."""
    return "\n".join(phase_report(game, i, viewer) for i in range(len(game.history)))
