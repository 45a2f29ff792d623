"""Optional LAN discovery with zeroconf (mDNS/DNS-SD): hosts announce themselves, clients list them.

zeroconf is an optional dependency (``pip install chancellery[zeroconf]``) and multicast may be blocked
on a network: everything else works by address, and these functions say clearly when they can't help.
"""
from __future__ import annotations

import importlib
import socket
import time
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..types import ChancelleryError
from .schema import PROTOCOL_VERSION

SERVICE_TYPE = "_chancellery._tcp.local."


class DiscoveryUnavailable(ChancelleryError):
    """zeroconf isn't installed, or the network refused multicast."""


@dataclass(frozen=True, slots=True)
class HostAdvert:
    """One host found on the LAN."""

    name: str
    address: str
    port: int
    variant: str
    protocol: int
    password: bool


def service_properties(variant: str, password: bool) -> dict[str, str]:
    """The TXT record a host publishes (no seat or order information: anyone on the LAN can read it)."""
    return {"protocol": str(PROTOCOL_VERSION), "variant": variant, "password": "yes" if password else "no"}


def advert_from_record(name: str, address: str, port: int, properties: Mapping[Any, Any]) -> HostAdvert:
    """Read a TXT record leniently: a host from a later version still lists, with what can be read."""
    def text(key: str) -> str:
        value = properties.get(key.encode(), properties.get(key))
        if isinstance(value, bytes):
            return value.decode("utf-8", "replace")
        return "" if value is None else str(value)

    try:
        protocol = int(text("protocol"))
    except ValueError:
        protocol = 0
    label = name[: -len(SERVICE_TYPE) - 1] if name.endswith("." + SERVICE_TYPE) else name
    return HostAdvert(label, address, port, text("variant"), protocol, text("password") == "yes")


def _zeroconf() -> Any:
    try:
        return importlib.import_module("zeroconf")
    except ImportError:
        raise DiscoveryUnavailable(
            "LAN discovery needs the optional 'zeroconf' package (pip install zeroconf); join by address instead"
        ) from None


def local_address() -> str:
    """This machine's address on the LAN (the interface a default route would use), or loopback."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("10.255.255.255", 1))  # UDP connect sends nothing; it only picks an interface
        return str(probe.getsockname()[0])
    except OSError:
        return "127.0.0.1"
    finally:
        probe.close()


class Advertiser:
    """A registered announcement; :meth:`close` withdraws it."""

    def __init__(self, zc: Any, info: Any) -> None:
        self._zc, self._info = zc, info

    @classmethod
    def start(cls, name: str, port: int, variant: str, password: bool, address: str | None = None) -> Advertiser:
        zeroconf = _zeroconf()
        ip = address or local_address()
        safe = "".join(ch for ch in name if ch.isprintable() and ch != ".")[:60] or "Chancellery host"
        info = zeroconf.ServiceInfo(SERVICE_TYPE, f"{safe}.{SERVICE_TYPE}", addresses=[socket.inet_aton(ip)],
                                    port=port, properties=service_properties(variant, password))
        try:
            zc = zeroconf.Zeroconf()
            zc.register_service(info, allow_name_change=True)
        except (OSError, zeroconf.Error) as exc:
            raise DiscoveryUnavailable(f"can't announce on the LAN: {exc}") from None
        return cls(zc, info)

    def close(self) -> None:
        try:
            self._zc.unregister_service(self._info)
        finally:
            self._zc.close()


def browse(seconds: float = 2.0) -> list[HostAdvert]:
    """Listen for ``seconds`` and return the hosts that answered."""
    zeroconf = _zeroconf()
    names: set[str] = set()

    def on_change(zeroconf: Any, service_type: str, name: str, state_change: Any) -> None:
        names.add(name)

    try:
        zc = zeroconf.Zeroconf()
    except OSError as exc:
        raise DiscoveryUnavailable(f"can't listen on the LAN: {exc}") from None
    try:
        browser = zeroconf.ServiceBrowser(zc, SERVICE_TYPE, handlers=[on_change])
        time.sleep(seconds)
        browser.cancel()
        found = []
        for name in sorted(names):
            info = zc.get_service_info(SERVICE_TYPE, name, timeout=1000)
            if info is None or not info.addresses:
                continue
            found.append(advert_from_record(name, socket.inet_ntoa(info.addresses[0]), int(info.port),
                                            info.properties or {}))
        return found
    finally:
        zc.close()


__all__ = [
    "SERVICE_TYPE",
    "Advertiser",
    "DiscoveryUnavailable",
    "HostAdvert",
    "advert_from_record",
    "browse",
    "local_address",
    "service_properties",
]
