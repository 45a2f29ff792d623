"""LAN discovery is optional: without zeroconf it says so clearly; the announcement record is pure data."""
from __future__ import annotations

import sys

import pytest

from engine.net import discovery
from engine.net.discovery import SERVICE_TYPE, DiscoveryUnavailable, advert_from_record, service_properties


def test_without_zeroconf_discovery_explains_itself(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "zeroconf", None)  # makes "import zeroconf" fail
    with pytest.raises(DiscoveryUnavailable, match="zeroconf.*join by address"):
        discovery.browse(0.1)
    with pytest.raises(DiscoveryUnavailable, match="zeroconf"):
        discovery.Advertiser.start("Table", 8737, "standard", password=False)


def test_the_announcement_carries_no_game_secrets_and_reads_back() -> None:
    props = service_properties("standard", password=True)
    assert props == {"protocol": "1", "variant": "standard", "password": "yes"}
    record = {k.encode(): v.encode() for k, v in props.items()}
    advert = advert_from_record(f"Friday night.{SERVICE_TYPE}", "192.168.1.20", 8737, record)
    assert (advert.name, advert.address, advert.port, advert.variant, advert.protocol, advert.password) == (
        "Friday night", "192.168.1.20", 8737, "standard", 1, True)


def test_a_record_from_an_unknown_version_still_lists() -> None:
    advert = advert_from_record("odd", "10.0.0.2", 9000, {b"protocol": b"two", b"extra": b"\xff"})
    assert advert.protocol == 0 and advert.variant == "" and not advert.password


def test_the_local_address_is_an_ipv4_address() -> None:
    parts = discovery.local_address().split(".")
    assert len(parts) == 4 and all(p.isdigit() for p in parts)
