"""A DAIDE client written against the published framing and syntax, for the port's tests.

It keeps every message it receives, builds the position from NOW and SCO (``translate.position_from``)
and chooses random legal orders with the engine's option generator, sent in DAIDE syntax.
"""
from __future__ import annotations

import asyncio
import random
from typing import Any

from engine.net.daide import codec, translate as tr
from engine.net.daide import tokens as tk
from engine.net.daide.codec import MessageReader, MessageType
from engine.net.views import position_to_wire
from engine.orders import Build, Disband, Move, Waive
from engine.state import GameState
from engine.types import PhaseType
from engine.variants import find_variant

STEP = 10.0
V = tk.VALUES


class DaideClient:
    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader, self.writer = reader, writer
        self.messages = MessageReader(max_body=0xFFFF)
        self.received: list[tuple[MessageType, bytes]] = []
        self.raw = bytearray()
        self.closed = False

    @classmethod
    async def open(cls, address: tuple[str, int], handshake: bool = True) -> DaideClient:
        reader, writer = await asyncio.wait_for(asyncio.open_connection(*address), STEP)
        client = cls(reader, writer)
        if handshake:
            client.send_bytes(codec.initial_message())
            kind, _ = await client.next_raw()
            assert kind is MessageType.RM
        return client

    def send_bytes(self, data: bytes) -> None:
        self.writer.write(data)

    def send(self, message: str | tuple[int, ...]) -> None:
        tokens = codec.parse_text(message) if isinstance(message, str) else message
        self.send_bytes(codec.diplomatic_message(tokens))

    async def next_raw(self, timeout: float = STEP) -> tuple[MessageType, bytes]:
        while True:
            message = self.messages.next_message()
            if message is not None:
                self.received.append(message)
                return message
            data = await asyncio.wait_for(self.reader.read(65536), timeout)
            if not data:
                self.closed = True
                raise ConnectionError("the server closed the connection")
            self.raw += data
            self.messages.feed(data)

    async def next_dm(self, timeout: float = STEP) -> tuple[int, ...]:
        while True:
            kind, body = await self.next_raw(timeout)
            if kind is MessageType.DM:
                return codec.bytes_to_tokens(body)
            if kind is MessageType.EM:
                raise AssertionError(f"EM {body.hex()}")

    async def expect(self, head: str, timeout: float = STEP) -> tuple[int, ...]:
        """Messages until one starting with ``head`` (others are kept in ``seen``)."""
        while True:
            tokens = await self.next_dm(timeout)
            if tokens and tokens[0] == V[head]:
                return tokens

    async def join(self, name: str = "testbot") -> tuple[str, int]:
        """NME, accept the map (asking for MDF first); returns (power, passcode) from HLO."""
        self.send(f"NME ('{name}') ('1.0')")
        yes = await self.next_dm()
        assert codec.to_text(yes).startswith("YES ( NME"), codec.to_text(yes)
        assert codec.to_text(await self.next_dm()) == "MAP ( 'STANDARD' )"
        self.send("MDF")
        await self.expect("MDF")
        self.send("YES (MAP ('STANDARD'))")
        hlo = await self.expect("HLO")
        return tr.POWERS_BACK[tk.NAMES[hlo[2]]], tk.number_value(hlo[5])

    def close(self) -> None:
        self.writer.close()


def choose_orders(state: GameState, power: str, rng: random.Random) -> list[tuple[int, ...]]:
    """Random legal orders for ``power`` as DAIDE order tokens (convoyed moves left out: they need a path)."""
    variant = find_variant("standard")
    wire = position_to_wire(state, variant)
    per_unit = variant.legal_orders(state).get(power, {})
    kind = state.phase.type
    chosen = []
    if kind is PhaseType.ADJUSTMENTS:
        delta = variant.adjustment_delta(state, power)
        if delta > 0:
            sites = sorted(per_unit)
            rng.shuffle(sites)
            for site in sites[:delta]:
                builds = [o for o in per_unit[site] if isinstance(o, Build)]
                chosen.append(rng.choice(builds) if builds and rng.random() < 0.8 else Waive(power))
            chosen += [Waive(power)] * max(0, delta - len(sites))
        elif delta < 0:
            removals = [opts[0] for opts in per_unit.values() if isinstance(opts[0], Disband)]
            rng.shuffle(removals)
            chosen += removals[:-delta]
    else:
        for _, options in sorted(per_unit.items()):
            plain = [o for o in options if not (isinstance(o, Move) and o.via_convoy)]
            chosen.append(rng.choice(plain or options))
    return [tr.order_tokens(power, str(o), wire, kind) for o in chosen]


async def play(client: DaideClient, power: str, rng: random.Random, *, draw_from: int = 10_000,
               gof: bool = False, log: list[tuple[int, ...]] | None = None) -> tuple[int, ...]:
    """Play until the game ends (SLO or DRW); returns the SMR. Votes for a draw from year ``draw_from``."""
    variant = find_variant("standard")
    sco: tuple[int, ...] | None = None
    voted = False
    while True:
        tokens = await client.next_dm(30.0)
        if log is not None:
            log.append(tokens)
        head = tk.NAMES.get(tokens[0], "") if tokens else ""
        if head == "SCO":
            sco = tokens
        elif head == "NOW" and sco is not None:
            state = tr.position_from(tokens, sco, variant)
            orders = choose_orders(state, power, rng)
            if orders:
                client.send((V["SUB"], *(x for o in orders for x in (codec.BRA, *o, codec.KET))))
                if gof:
                    client.send("GOF")
            if state.phase.year >= draw_from and not voted:
                client.send("DRW")
                voted = True
        elif head == "THX":
            note = tokens[-2]
            assert note == V["MBV"], codec.to_text(tokens)
        elif head == "SMR":
            return tokens
        elif head in ("HUH", "PRN"):
            raise AssertionError(codec.to_text(tokens))


def texts(log: list[tuple[int, ...]]) -> list[str]:
    return [codec.to_text(m) for m in log]


__all__ = ["DaideClient", "choose_orders", "play", "texts"]
_ = Any
