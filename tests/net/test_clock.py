"""Deadlines per phase type, and the host's pause / resume / extend."""
from __future__ import annotations

import pytest
from lan_support import STEP, SkippableTime, run_with_skips, seat, settle

from engine.game import Game
from engine.net.clock import DeadlinePolicy, PhaseClock
from engine.net.host import Host, HostSettings
from engine.types import ChancelleryError, PhaseType


class FakeTime:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_deadline_policies_read_per_phase_type_or_one_number() -> None:
    policy = DeadlinePolicy.parse("movement=900, retreats=120")
    assert policy.for_phase(PhaseType.MOVEMENT) == 900 and policy.for_phase(PhaseType.RETREATS) == 120
    assert policy.for_phase(PhaseType.ADJUSTMENTS) is None
    assert DeadlinePolicy.parse("60") == DeadlinePolicy(60, 60, 60)
    for bad, words in (("winter=5", "unknown phase type"), ("movement=-1", "more than 0"), ("soon", "bad deadline")):
        with pytest.raises(ChancelleryError, match=words):
            DeadlinePolicy.parse(bad)
    for bad, shown in (("soon", "'soon' is not a number of seconds"), ("movement=900,retreats", "'' is not a number")):
        with pytest.raises(ChancelleryError) as error:
            DeadlinePolicy.parse(bad)
        assert shown in str(error.value) and "float" not in str(error.value)


def test_the_clock_pauses_resumes_extends_and_survives_a_save() -> None:
    t = FakeTime()
    clock = PhaseClock(t)
    clock.start(600)
    t.now += 100
    assert clock.remaining() == 500
    clock.pause()
    t.now += 1000
    assert clock.remaining() == 500 and not clock.expired()
    clock.extend(60)
    clock.resume()
    t.now += 500
    assert clock.remaining() == 60
    restored = PhaseClock(t)
    restored.restore(clock.to_dict())
    assert restored.remaining() == 60 and not restored.paused
    t.now += 60
    assert clock.expired() and restored.expired()
    with pytest.raises(ChancelleryError, match="more than 0 seconds"):
        clock.extend(0)
    untimed = PhaseClock(t)
    untimed.start(None)
    assert untimed.remaining() is None and not untimed.expired()
    untimed.extend(30)
    assert untimed.remaining() == 30


async def timed_host(clock: SkippableTime, deadlines: DeadlinePolicy) -> Host:
    host = Host(Game.new("standard"), HostSettings(deadlines=deadlines))
    host.clock = PhaseClock(clock)
    host.position_changed()  # a fresh phase clock, on the skippable time
    await host.start("127.0.0.1", 0)
    return host


def test_at_the_deadline_the_phase_runs_with_what_was_submitted_and_defaults_for_the_rest() -> None:
    async def play(clock: SkippableTime) -> None:
        host = await timed_host(clock, DeadlinePolicy(movement=900))
        france = await seat(host, "FRANCE")
        assert france.state is not None and 870 < france.state["clock"]["deadline_in"] <= 900
        await france.submit_orders(["A PAR - PIC"])  # never marked ready
        # Real time passes too while the test runs (seconds on a loaded machine): skip to well before the
        # deadline, then past it.
        clock.skip(870)
        await settle()
        assert host.game.phase == "S1901M", "processed before the deadline"
        clock.skip(30)
        results = await france.next_event("results", STEP)
        assert results["reason"] == "deadline"
        mine = [r for r in results["results"] if r["power"] == "FRANCE" and not r.get("default")]
        assert [r["order"] for r in mine] == ["A PAR - PIC"]
        assert all(r.get("default") for r in results["results"] if r["power"] == "GERMANY")
        await france.close()
        await host.close()

    run_with_skips(play)


def test_a_paused_host_holds_the_phase_until_it_resumes_and_clients_hear_of_it() -> None:
    async def play(clock: SkippableTime) -> None:
        host = await timed_host(clock, DeadlinePolicy(movement=900))
        france = await seat(host, "FRANCE")
        host.pause()
        paused = await france.next_event("clock", STEP)
        assert paused["paused"] is True
        clock.skip(5000)  # long past the deadline
        await settle()
        assert host.game.phase == "S1901M"
        host.extend(60)
        extended = await france.next_event("clock", STEP)
        assert extended["paused"] is True and extended["deadline_in"] == pytest.approx(paused["deadline_in"] + 60, abs=1)
        host.resume()
        resumed = await france.next_event("clock", STEP)
        assert resumed["paused"] is False and resumed["deadline_in"] == pytest.approx(extended["deadline_in"], abs=1)
        clock.skip(resumed["deadline_in"] - 30)  # a margin for the real time the test itself takes
        await settle()
        assert host.game.phase == "S1901M", "the extension was lost"
        clock.skip(30)
        results = await france.next_event("results", STEP)
        assert results["reason"] == "deadline" and host.game.phase == "F1901M"
        await france.close()
        await host.close()

    run_with_skips(play)


@pytest.mark.parametrize("seconds", [float("inf"), float("nan"), -1.0, 0.0, 400 * 86400.0])
def test_an_extension_must_be_a_real_stretch_of_time(seconds: float) -> None:
    """``extend inf`` (or nan) at the host's console was taken: the clock then held a value no frame can carry."""
    clock = PhaseClock(now=lambda: 100.0)
    clock.start(60)
    with pytest.raises(ChancelleryError, match="extension"):
        clock.extend(seconds)
    assert clock.remaining() == 60


def test_the_console_answers_each_command_in_words(capsys: pytest.CaptureFixture[str]) -> None:
    """The host's console printed nothing after pause, resume, extend or release, and its status showed the clock
    as a Python dict."""
    from engine.net.host import _console_command

    host = Host(Game.new("standard"), HostSettings(deadlines=DeadlinePolicy(movement=600)))
    host.clock = PhaseClock(now=FakeTime())
    host.clock.start(600)
    host.seats.claim("FRANCE")

    def say(*words: str) -> str:
        _console_command(host, list(words))
        return capsys.readouterr().out.strip()

    assert say("status") == ("Spring 1901 Movement: waiting for AUSTRIA, ENGLAND, FRANCE, GERMANY, ITALY, RUSSIA, "
                             "TURKEY; 0 connections; deadline in 10:00")
    assert say("pause") == "clock paused with 10:00 left"
    assert say("extend", "60") == "clock paused with 11:00 left"
    assert say("resume") == "clock running: deadline in 11:00"
    assert say("extend", "soon") == "extend: give the seconds as a number, e.g. extend 300"
    assert say("release", "france") == "FRANCE's seat is free; its old token no longer works"
    assert say("bot", "italy", "easy") == "a bot (easy) plays ITALY"
    assert say("unbot", "italy") == "ITALY has no bot now"
