"""Starting LAN play from the GUI: host a game (with seats played here), or join a host by address.

A :class:`NetworkSession` is what a network game page runs: the table of this machine's seats, one
:class:`SeatConnection` per seat and, when hosting, the :class:`HostThread` (and the LAN announcement).
Everything here raises :class:`ChancelleryError` (or the client's ``RequestRefused``) with a message
naming what was wrong; nothing is left running after a failure.
"""
from __future__ import annotations

import logging
import os
import uuid
from collections.abc import Mapping, Sequence
from functools import partial
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from app.controllers.network_seat import NetworkSeat, NetworkTable
from engine.game import Game
from engine.net.client import Client, ConnectionLost, RequestRefused
from engine.net.clock import DeadlinePolicy
from engine.net.host import Host, HostSettings, HostThread
from engine.savefile import load_game
from engine.types import ChancelleryError, Phase
from engine.variants import find_variant

from .connection import Endpoint, SeatConnection, connect_error_text
from .tokens import TokenStore, game_key_for_address, game_key_for_file

log = logging.getLogger("chancellery.app.net.session")

DEFAULT_PORT = 8737  # docs/protocol.md, "Frames"
CONNECT_TIMEOUT = 5.0


@dataclass(frozen=True, slots=True)
class HostSpec:
    """What the Host game dialog asks."""

    variant: str = "standard"
    game_file: Path | None = None  # host this saved game instead of a new one (it is kept up to date)
    port: int = DEFAULT_PORT
    bind: str = "0.0.0.0"
    password: str | None = None
    deadlines: DeadlinePolicy = field(default_factory=DeadlinePolicy)
    ready_public: bool = True
    cd_unclaimed: bool = False
    name: str = "Chancellery host"
    local_powers: tuple[str, ...] = ()  # seats played at this machine, hot-seat style
    advertise: bool = False
    options: Mapping[str, object] = field(default_factory=dict)  # a new game's variant options (``option_specs``)
    daide_port: int | None = None  # also open a DAIDE port for bots (docs/daide.md); None: no port


@dataclass(frozen=True, slots=True)
class JoinChoice:
    """Which seat to take: ``claim`` a free power, ``resume`` with a saved token, or ``observe``."""

    kind: str  # "claim" | "resume" | "observe"
    power: str | None = None
    token: str | None = None


class NetworkSession:
    def __init__(self, table: NetworkTable, connections: Sequence[SeatConnection], *,
                 host: HostThread | None = None, advertiser: Any = None, title: str = "",
                 notes: Sequence[str] = (), daide: Any = None) -> None:
        self.table = table
        self.daide = daide  # the DAIDE port on the host's loop, if one was opened
        self.connections = list(connections)  # same order as table.seats
        self.host = host
        self.advertiser = advertiser
        self.title = title
        self.notes = list(notes)  # things the user should know (e.g. why the game isn't announced)
        self.closed = False
        for seat, conn in zip(table.seats, self.connections):
            conn.frame_received.connect(lambda frame, s=seat: self.table.apply(s, frame))

    def connection_of(self, seat: NetworkSeat) -> SeatConnection:
        return self.connections[self.table.seats.index(seat)]

    def close(self) -> None:
        """Leave the game: close every connection and, when hosting, stop the host (it saves first)."""
        if self.closed:
            return
        self.closed = True
        for conn in self.connections:
            conn.close()
        if self.advertiser is not None:
            try:
                self.advertiser.close()
            except Exception as exc:  # zeroconf's own errors: withdrawing the announcement is best effort
                log.info("withdrawing the LAN announcement failed: %s", exc)
        if self.host is not None:
            try:
                if self.daide is not None:
                    self.host.call(self.daide.close())
                self.host.stop()
            except (ChancelleryError, OSError, TimeoutError) as exc:
                log.warning("the host did not stop cleanly: %s", exc)


# --- joining ------------------------------------------------------------------------------------------

def connect(endpoint: Endpoint) -> Client:
    """Open a connection and say hello; raises ChancelleryError naming what failed."""
    if not endpoint.address.strip():
        raise ChancelleryError("give the host's address (a name or an IP address such as 192.168.1.20)")
    if not 1 <= endpoint.port <= 65535:
        raise ChancelleryError(f"the port must be from 1 to 65535, not {endpoint.port}")
    try:
        return Client.connect(endpoint.address.strip(), endpoint.port, name=endpoint.name,
                              password=endpoint.password, timeout=CONNECT_TIMEOUT)
    except RequestRefused as exc:
        if exc.code == "bad_password":
            if endpoint.password is None:
                raise ChancelleryError("this host needs a password: type it in the Password field") from None
            raise ChancelleryError("the password is wrong (the host's password was not the one typed)") from None
        raise ChancelleryError(f"the host refused the connection: {exc.reason}") from None
    except ConnectionLost as exc:
        raise ChancelleryError(f"can't join {endpoint.label}: {exc}") from None
    except (ChancelleryError, OSError, TimeoutError) as exc:
        raise ChancelleryError(f"can't reach {endpoint.label}: {connect_error_text(exc)}") from None


def join(client: Client, endpoint: Endpoint, choice: JoinChoice, tokens: TokenStore | None) -> NetworkSession:
    """Take a seat (or watch) on a connected client; the token of a claimed seat is saved for later.

    A refusal (seat taken, unknown token) raises ``RequestRefused`` and leaves ``client`` usable, so
    the dialog can offer another choice.
    """
    welcome = client.welcome
    try:
        find_variant(str(welcome.get("variant", "")))
    except ChancelleryError:
        raise ChancelleryError(f"this host plays {welcome.get('variant_name') or welcome.get('variant')!r}, a variant "
                               "this version of Chancellery doesn't know") from None
    key = game_key_for_address(endpoint.address, endpoint.port)
    conn = SeatConnection(client, endpoint, observer=choice.kind == "observe")
    try:
        if choice.kind == "claim":
            if not choice.power:
                raise ChancelleryError("choose a power to play, or observe")
            token = client.claim(choice.power, CONNECT_TIMEOUT)
            power: str | None = client.power
            if tokens is not None and power is not None:
                tokens.remember(key, power, token, str(welcome.get("host", "")), str(welcome.get("variant", "")))
            conn.token = token
        elif choice.kind == "resume":
            if not choice.token:
                raise ChancelleryError("no saved token to resume with")
            try:
                power = client.resume(choice.token, CONNECT_TIMEOUT)
            except RequestRefused as exc:
                if exc.code == "bad_token" and tokens is not None and choice.power:
                    tokens.forget(key, choice.power)  # the host released it, or this is another game
                raise
            conn.token = choice.token
        elif choice.kind == "observe":
            client.observe(CONNECT_TIMEOUT)
            power = None
        else:
            raise ChancelleryError(f"unknown way to join {choice.kind!r}")
    except BaseException:
        client.set_event_callback(None)
        conn.deleteLater()
        raise
    if tokens is not None:
        tokens.last_address = endpoint.label
    seat = NetworkSeat.from_welcome(welcome, power, conn)
    found = ((client.state or {}).get("you") or {}).get("orders") or [] if choice.kind == "claim" else []
    if found:  # a bot's (or a released player's): the newcomer isn't ready until they say so
        n = len(found)
        seat.notice = (f"This seat came with {n} order{'s' if n != 1 else ''} for this phase, from the bot or the "
                       "player before you: keep or change them, then mark ready.")
    table = NetworkTable([seat])
    who = power.title() if power else "observer"
    return NetworkSession(table, [conn], title=f"{welcome.get('host', 'LAN game')} ({endpoint.label}), {who}")


# --- hosting ------------------------------------------------------------------------------------------

def host_save_path(data_dir: Path, game: Game) -> Path:
    gid = game.meta.get("id")
    if not isinstance(gid, str) or not gid.isalnum():
        gid = uuid.uuid4().hex
        game.meta["id"] = gid
    return data_dir / "lan-host" / f"{game.variant.id}-{gid}.json"


def start_host(spec: HostSpec, data_dir: Path, tokens: TokenStore | None) -> NetworkSession:
    """Start hosting ``spec`` on its own thread, with this machine's seats claimed (or resumed)."""
    if not 0 <= spec.port <= 65535:
        raise ChancelleryError(f"the port must be from 0 to 65535, not {spec.port}")
    if spec.game_file is not None:
        game = load_game(spec.game_file)
        save_path = spec.game_file
    else:
        game = Game.new(spec.variant, options=dict(spec.options), meta={"id": uuid.uuid4().hex, "mode": "lan"})
        save_path = host_save_path(data_dir, game)
    unknown = [p for p in spec.local_powers if p not in game.variant.powers]
    if unknown:
        raise ChancelleryError(f"no power {', '.join(unknown)} in {game.variant.name}")
    settings = HostSettings(name=spec.name.strip() or "Chancellery host", password=spec.password or None,
                            deadlines=spec.deadlines, ready_public=spec.ready_public, cd_unclaimed=spec.cd_unclaimed)
    host = Host(game, settings, save_path)
    thread = HostThread(host)
    try:
        address = thread.start(spec.bind, spec.port)
    except OSError as exc:
        thread.stop()
        if spec.game_file is None:
            save_path.unlink(missing_ok=True)  # the stopped host saved a game that never started
        raise ChancelleryError(f"can't listen on {spec.bind}:{spec.port}: {exc.strerror or exc}") from None
    key = game_key_for_file(save_path)
    connections: list[SeatConnection] = []
    seats: list[NetworkSeat] = []
    try:
        welcome_powers = spec.local_powers or (None,)
        for power in welcome_powers:
            client = thread.local_client(f"{(power or 'host').lower()} (host)")
            conn = SeatConnection(client, None)
            connections.append(conn)
            if power is None:
                client.observe()
            elif thread.run(partial(host.seats.is_claimed, power)):
                token = tokens.token_for(key, power) if tokens is not None else None
                if token is None:
                    raise ChancelleryError(f"{power} already has a player in this saved game; "
                                           "only that player's token can resume the seat")
                client.resume(token)
                conn.token = token
            else:
                token = client.claim(power)
                conn.token = token
                if tokens is not None:
                    tokens.remember(key, power, token, settings.name, game.variant.id)
            seats.append(NetworkSeat.from_welcome(client.welcome, power, conn))
    except BaseException:
        for conn in connections:
            conn.close()
        thread.stop()
        raise
    notes = []
    advertiser = None
    if spec.advertise:
        from engine.net.discovery import Advertiser, DiscoveryUnavailable

        try:
            advertiser = Advertiser.start(settings.name, address[1], game.variant.id, settings.password is not None)
        except DiscoveryUnavailable as exc:
            notes.append(f"Not announced on the LAN: {exc}")
    daide = None
    if spec.daide_port is not None:
        from engine.net.daide.server import DaideServer

        try:
            daide = DaideServer(host)
            daide_address = thread.call(daide.start(spec.bind, spec.daide_port))
            notes.append(f"DAIDE bots may join on port {daide_address[1]}")
        except (ChancelleryError, OSError) as exc:
            daide = None
            notes.append(f"No DAIDE port: {getattr(exc, 'strerror', None) or exc}")
    log.info("hosting %s on port %d", game.variant.id, address[1])
    return NetworkSession(NetworkTable(seats), connections, host=thread, advertiser=advertiser,
                          title=f"Hosting {settings.name} on port {address[1]}", notes=notes, daide=daide)


def phase_words(phase: object) -> str:
    """A host's phase code as a player reads it ("Spring 1901 Movement"), or the code itself if unreadable."""
    try:
        return Phase.parse(phase).long_name
    except (ChancelleryError, TypeError, ValueError):
        return f"phase {phase}"


def player_name() -> str:
    """A name the host shows for this machine's connection (the login name, if there is one)."""
    for var in ("USER", "USERNAME", "LOGNAME"):
        value = os.environ.get(var)
        if value:
            return value[:64]
    return "chancellery"
