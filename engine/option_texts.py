"""The legal movement orders of a whole position as text, fast.

:mod:`engine.options` is the reference: it builds typed orders one unit at a time (what the GUI and
variants extend). Listing every order of every unit as text is what bots, the JSON contract and the LAN
host ask for on every phase, so this module does it from per-map tables of prebuilt text. It covers the
standard rules (armies and fleets, no special routes); ``tests/engine/test_options.py`` checks that both
give exactly the same orders.
"""
from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from functools import lru_cache

from .mapdata import MapData
from .state import GameState
from .types import UnitType, province_of
from .validate import fleet_groups, minimal_convoy_routes, sea_coasts


@dataclass(slots=True)
class _Tables:
    """Per map, per unit key ("A PAR", "F STP/SC"): the texts that don't depend on the position."""

    hold: dict[str, str] = field(default_factory=dict)
    moves: dict[str, list[str]] = field(default_factory=dict)
    near: dict[str, list[str]] = field(default_factory=dict)  # provinces the unit can support into, sorted
    short: dict[str, str] = field(default_factory=dict)  # "F STP/SC" -> "F STP" (how orders name other units)
    move_suffixes: dict[str, dict[str, list[str]]] = field(default_factory=dict)  # key -> dest -> ["F MAO - SPA/NC", ...]
    adjacent: dict[str, frozenset[str]] = field(default_factory=dict)
    # Everything the per-unit loop needs, in one lookup: key -> (hold and move texts, the keys of units it
    # could support, every support it could give each of them (to hold, to move), provinces it can
    # support into)
    record: dict[str, tuple[list[str], frozenset[str], dict[str, list[str]], frozenset[str]]] = field(
        default_factory=dict)
    key_of: dict[tuple[str, str], str] = field(default_factory=dict)  # (unit letter, location) -> key
    # army key -> coastal destination -> (the convoy move's text, its support suffix when it can't walk there)
    convoy_move: dict[str, dict[str, tuple[str, str | None]]] = field(default_factory=dict)
    networks: dict[frozenset[str], _Network] = field(default_factory=dict)  # memo, see _network()
    sea_coasts: dict[str, frozenset[str]] = field(default_factory=dict)  # sea -> coastal provinces it touches
    sea_fleet_keys: frozenset[str] = frozenset()  # "F MAO": fleets that could convoy
    coastal_army_keys: frozenset[str] = frozenset()  # "A BRE": armies that could sail


@lru_cache(maxsize=None)
def _tables(board: MapData) -> _Tables:
    t = _Tables()
    for kind in (UnitType.ARMY, UnitType.FLEET):
        for loc in board.locations(kind):
            key = f"{kind.value} {loc}"
            short = f"{kind.value} {province_of(loc)}"
            t.hold[key] = f"{key} H"
            t.short[key] = short
            if kind is UnitType.FLEET:
                dests = sorted(board.fleet_adjacent(loc))
                t.near[key] = sorted(board.fleet_adjacent_provinces(loc))
            else:
                dests = sorted(board.army_adjacent(loc))
                t.near[key] = dests
            t.moves[key] = [f"{key} - {d}" for d in dests]
            suffixes: dict[str, list[str]] = defaultdict(list)
            for d in dests:
                suffixes[province_of(d)].append(f"{short} - {d}")
            t.move_suffixes[key] = dict(suffixes)
            t.adjacent[key] = frozenset(province_of(d) for d in dests)
    all_keys = list(t.hold)
    for key in all_keys:
        near = set(t.near[key])
        here = province_of(key[2:])
        prefix = f"{key} S "
        supports: dict[str, list[str]] = {}
        for other in all_keys:
            if province_of(other[2:]) == here:
                continue
            texts = [prefix + t.short[other]] if province_of(other[2:]) in near else []
            texts += [prefix + suf for dest in t.near[key] for suf in t.move_suffixes[other].get(dest, ())]
            if texts:
                supports[other] = texts
        t.record[key] = ([t.hold[key], *t.moves[key]], frozenset(supports), supports, frozenset(near))
        t.key_of[(key[0], key[2:])] = key
    t.sea_coasts = sea_coasts(board)
    coastal = [p for p, v in board.provinces.items() if v.is_coastal]
    t.coastal_army_keys = frozenset(f"A {p}" for p in coastal)
    t.sea_fleet_keys = frozenset(f"F {p}" for p, v in board.provinces.items() if v.can_convoy and not v.coasts)
    for army in coastal:
        key = f"A {army}"
        t.convoy_move[key] = {
            dest: ((f"{key} - {dest} VIA", None) if dest in t.adjacent[key] else (f"{key} - {dest}", f"{key} - {dest}"))
            for dest in coastal if dest != army
        }
    return t


def clear_memos(board: MapData) -> None:
    """Forget what was memoised from earlier positions (benchmarks use this to time a cold call)."""
    _tables(board).networks.clear()


@dataclass(slots=True)
class _Network:
    """One connected group of fleets at sea and what it offers, memoised per map by the fleets in it:
    the same groups recur from position to position."""

    fleets: frozenset[str]
    coasts: frozenset[str]
    moves: dict[str, tuple[list[str], list[tuple[str, str]]]] = field(default_factory=dict)
    convoys: dict[tuple[str, str], list[str]] = field(default_factory=dict)
    cut: dict[str, list[frozenset[str]]] = field(default_factory=dict)  # busy fleet -> coasts of what remains


_NETWORK_MEMO_LIMIT = 50_000


def _network(t: _Tables, fleets: frozenset[str]) -> _Network:
    net = t.networks.get(fleets)
    if net is None:
        if len(t.networks) > _NETWORK_MEMO_LIMIT:
            t.networks.clear()
        coasts: set[str] = set()
        for f in fleets:
            coasts |= t.sea_coasts[f]
        net = t.networks[fleets] = _Network(fleets, frozenset(coasts))
    return net


def _convoy_moves(t: _Tables, net: _Network, army: str) -> tuple[list[str], list[tuple[str, str]]]:
    """An army's convoy moves through ``net``: the order texts, and (destination, support text) pairs for
    the destinations it can't walk to."""
    hit = net.moves.get(army)
    if hit is None:
        reachable = t.convoy_move[f"A {army}"]
        texts, suffixes = [], []
        for dest in sorted(net.coasts - {army}):
            text, suffix = reachable[dest]
            texts.append(text)
            if suffix is not None:
                suffixes.append((dest, suffix))
        hit = net.moves[army] = (texts, suffixes)
    return hit


def _fleet_convoys(board: MapData, net: _Network, sea: str, army: str) -> list[str]:
    """The convoys the fleet in ``sea`` may give the army in ``army``: to every coast that some minimal route
    of ``net``'s fleets through ``sea`` reaches (DATC 6.G.19)."""
    hit = net.convoys.get((sea, army))
    if hit is None:
        routes = minimal_convoy_routes(board, army, net.fleets)
        for fleet in net.fleets:
            net.convoys[(fleet, army)] = [f"F {fleet} C A {army} - {d}" for d in sorted(routes) if fleet in routes[d]]
        hit = net.convoys[(sea, army)]
    return hit


def _coasts_without(board: MapData, t: _Tables, nets: list[_Network], net: _Network,
                    busy: str) -> list[frozenset[str]]:
    """The coasts each group of fleets touches when the fleet in ``busy`` (part of ``net``) is busy."""
    parts = net.cut.get(busy)
    if parts is None:
        coasts = t.sea_coasts
        parts = net.cut[busy] = [
            frozenset().union(*(coasts[f] for f in group)) for group in fleet_groups(board, net.fleets - {busy})
        ]
    return parts + [other.coasts for other in nets if other is not net]


def movement_order_texts(board: MapData, state: GameState) -> dict[str, dict[str, list[str]]]:
    """``{power: {location: [order text, ...]}}`` for every unit in a movement phase."""
    t = _tables(board)
    units = state.units
    key_of = t.key_of
    keys: dict[str, str] = {}
    fleets: set[str] = set()
    sailors: list[str] = []  # armies on coasts
    sea_fleets, coastal_armies = t.sea_fleet_keys, t.coastal_army_keys
    for prov, u in units.items():
        key = keys[prov] = key_of[(u.type._value_, u.loc)]
        if key in sea_fleets:
            fleets.add(prov)
        elif key in coastal_armies:
            sailors.append(prov)
    present = frozenset(keys.values())

    # Convoys: fleets at sea in connected groups; armies on the coasts they touch may sail.
    nets = [_network(t, group) for group in fleet_groups(board, fleets)] if fleets else []
    net_of = {f: net for net in nets for f in net.fleets}
    convoy_moves: dict[str, list[str]] = {}
    sea_movers: dict[str, list[tuple[str, str]]] = defaultdict(list)  # dest -> (origin, support text)
    if nets:
        for prov in sailors:
            touching = [net for net in nets if prov in net.coasts]
            if not touching:
                continue
            if len(touching) == 1:
                texts, suffixes = _convoy_moves(t, touching[0], prov)
            else:  # an army between two separate groups of fleets: rare, so built here
                reachable = t.convoy_move[keys[prov]]
                dests = sorted(frozenset().union(*(net.coasts for net in touching)) - {prov})
                texts = [reachable[d][0] for d in dests]
                suffixes = [(d, reachable[d][1]) for d in dests if reachable[d][1] is not None]  # type: ignore[misc]
            convoy_moves[prov] = texts
            for dest, suffix in suffixes:
                sea_movers[dest].append((prov, suffix))  # type: ignore[arg-type]

    out: dict[str, dict[str, list[str]]] = {}
    record = t.record
    sea_dests = frozenset(sea_movers)
    for prov, unit in units.items():
        key = keys[prov]
        moves_text, support_keys, supports, near = record[key]
        texts = moves_text.copy()
        if prov in convoy_moves:
            texts.extend(convoy_moves[prov])
        for other in support_keys & present:
            texts.extend(supports[other])
        net = net_of.get(prov)
        if sea_dests and not near.isdisjoint(sea_dests):
            prefix = f"{key} S "
            # A fleet can't both support a convoyed move and be the only route for it (DATC 6.D.31).
            routes = None if net is None else _coasts_without(board, t, nets, net, prov)
            for n in near & sea_dests:
                for origin, suffix in sea_movers[n]:
                    if origin != prov and (routes is None or any(origin in c and n in c for c in routes)):
                        texts.append(prefix + suffix)
        if net is not None:
            for army_prov in net.coasts:
                army = units.get(army_prov)
                if army is not None and army.type is UnitType.ARMY:
                    texts.extend(_fleet_convoys(board, net, prov, army_prov))
        out.setdefault(unit.power, {})[unit.loc] = texts
    return out
