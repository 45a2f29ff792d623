"""Relations between Great Powers (EMG section 4): neutral, allied or at war, changed by declarations.

All pairs start neutral (RG-REL-1). An alliance needs both sides' ``DA`` in one turn; a war one side's ``DW``,
never on the first turn; an alliance ends by one ``DN``, a war by both sides' ``DN``; alliance and war are
reached only from neutral (RG-REL-3..5). Each declaration is judged against the relations at the start of
the turn, so an ally needs two turns to turn on you (RG-REL-7). One command may name several powers
(``DA 3 10``): each pair is judged on its own.

Relations are stored in ``GameState.extra["relations"]`` as ``{"A B": "ally" | "war"}`` with the two powers
sorted; a pair not listed is neutral.
"""
from __future__ import annotations

from typing import Iterable, Mapping

from .orders import DECLARE_ALLIANCE, DECLARE_NEUTRALITY, DECLARE_WAR, Declare

NEUTRAL, ALLY, WAR = "neutral", "ally", "war"


def pair_key(a: str, b: str) -> str:
    return " ".join(sorted((a, b)))


def relation(relations: Mapping[str, str], a: str, b: str) -> str:
    if a == b:
        return ALLY
    return relations.get(pair_key(a, b), NEUTRAL)


def declaration_problem(relations: Mapping[str, str], order: Declare, first_turn: bool) -> str | None:
    """Why a declaration can't take effect on its own terms (``None`` when it may), judged against the
    relations at the start of the turn."""
    now = relation(relations, order.power, order.target)
    if order.power == order.target:
        return "a Great Power has no relations with itself"
    if order.what == DECLARE_WAR:
        if first_turn:
            return "no war may be declared on the first turn"
        if now == ALLY:
            return f"allied with {order.target}: end the alliance (DN) a turn before declaring war"
        if now == WAR:
            return f"already at war with {order.target}"
    elif order.what == DECLARE_ALLIANCE:
        if now == WAR:
            return f"at war with {order.target}: make peace (DN) a turn before an alliance"
        if now == ALLY:
            return f"already allied with {order.target}"
    elif order.what == DECLARE_NEUTRALITY and now == NEUTRAL:
        return f"already neutral towards {order.target}"
    return None


def pair_verdicts(relations: Mapping[str, str], declarations: Iterable[Declare],
                  first_turn: bool) -> dict[tuple[str, str], tuple[str, str | None]]:
    """Each (power, target) pair this turn's declarations name, with the declaration made (``DA``, ``DN`` or
    ``DW``) and ``None`` when it takes effect or the reason it does not. One command may name several powers
    (``DA 3 10``, RG-ORD-12); two different declarations towards one power in a turn both fail."""
    asked: dict[tuple[str, str], set[str]] = {}
    for d in declarations:
        for target in d.targets:
            asked.setdefault((d.power, target), set()).add(d.what)
    # A power's clashing declarations towards another count for nothing, even as the other side of a pair.
    given = {(p, t, what) for (p, t), whats in asked.items() if len(whats) == 1 for what in whats}
    out: dict[tuple[str, str], tuple[str, str | None]] = {}
    for (power, target), whats in sorted(asked.items()):
        if len(whats) > 1:
            shown = " and ".join(sorted(whats))
            for what in whats:
                out[(power, target)] = (what, f"{shown} both towards {target} this turn: neither is taken")
            continue
        what = next(iter(whats))
        problem = declaration_problem(relations, Declare(power, what, target), first_turn)
        if problem is not None:
            out[(power, target)] = (what, problem)
            continue
        now = relation(relations, power, target)
        mutual = (target, power, what) in given
        if what == DECLARE_WAR:
            out[(power, target)] = (what, None)
        elif what == DECLARE_ALLIANCE:
            out[(power, target)] = (what, None if mutual else f"{target} did not declare an alliance too")
        else:  # DN
            out[(power, target)] = (what, None if now == ALLY or mutual
                                    else f"{target} did not declare neutrality too: the war goes on")
    return out


def apply_declarations(relations: Mapping[str, str], declarations: Iterable[Declare],
                       first_turn: bool) -> tuple[dict[str, str], dict[Declare, str | None]]:
    """The relations after this turn's declarations, and for each declaration ``None`` when it took effect
    towards every power it names, or the reasons it did not (a lone ``DA`` or a lone ``DN`` in a war waits
    for the other side), one per power that refused it."""
    declarations = list(declarations)
    pairs = pair_verdicts(relations, declarations, first_turn)
    out = dict(relations)
    for (power, target), (what, problem) in pairs.items():
        if problem is not None:
            continue
        key = pair_key(power, target)
        if what == DECLARE_WAR:
            out[key] = WAR
        elif what == DECLARE_ALLIANCE:
            out[key] = ALLY
        else:
            out.pop(key, None)
    # A war declared by one side beats the other side's alliance offer in the same turn (both judged from
    # neutral: the offer is not mutual). Sorted pairs make the outcome independent of the commands' order.
    verdicts: dict[Declare, str | None] = {}
    for d in declarations:
        problems = [(t, pairs[(d.power, t)][1]) for t in d.targets]
        failed = [f"{t}: {why}" if len(d.targets) > 1 else str(why) for t, why in problems if why is not None]
        verdicts[d] = "; ".join(failed) if failed else None
    return {k: v for k, v in sorted(out.items()) if v != NEUTRAL}, verdicts
