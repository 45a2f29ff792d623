"""Relations between Great Powers (EMG section 4): neutral, allied or at war, changed by declarations.

All pairs start neutral (RG-REL-1). An alliance needs both sides' ``DA`` in one turn; a war one side's ``DW``,
never on the first turn; an alliance ends by one ``DN``, a war by both sides' ``DN``; alliance and war are
reached only from neutral (RG-REL-3..5). Each declaration is judged against the relations at the start of
the turn, so an ally needs two turns to turn on you (RG-REL-7).

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


def apply_declarations(relations: Mapping[str, str], declarations: Iterable[Declare],
                       first_turn: bool) -> tuple[dict[str, str], dict[Declare, str | None]]:
    """The relations after this turn's declarations, and for each declaration ``None`` when it took effect
    or the reason it did not (a lone ``DA`` or a lone ``DN`` in a war waits for the other side)."""
    given = {(d.power, d.target, d.what) for d in declarations}
    out = dict(relations)
    verdicts: dict[Declare, str | None] = {}
    for d in sorted(set(declarations), key=lambda d: (d.power, d.target, d.what)):
        problem = declaration_problem(relations, d, first_turn)
        if problem is not None:
            verdicts[d] = problem
            continue
        now = relation(relations, d.power, d.target)
        mutual = (d.target, d.power, d.what) in given
        key = pair_key(d.power, d.target)
        if d.what == DECLARE_WAR:
            out[key] = WAR
            verdicts[d] = None
        elif d.what == DECLARE_ALLIANCE:
            if mutual:
                out[key] = ALLY
                verdicts[d] = None
            else:
                verdicts[d] = f"{d.target} did not declare an alliance too"
        else:  # DN
            if now == ALLY or mutual:
                out.pop(key, None)
                verdicts[d] = None
            else:
                verdicts[d] = f"{d.target} did not declare neutrality too: the war goes on"
    # A war declared by one side beats the other side's alliance offer in the same turn (both judged from neutral).
    return {k: v for k, v in sorted(out.items()) if v != NEUTRAL}, verdicts
