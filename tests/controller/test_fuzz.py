"""Hypothesis fuzzing of incoming phone messages and host commands: no exception escapes, a refused
message is answered with an error to its sender only, and the table (its snapshot) is unchanged."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tablehost import Table
from tablehost.protocol import HOST, MAX_TEXT, PHONE

from .conftest import FakeClock, Net

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=30),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)
field_names = st.sampled_from(sorted({f for fields in PHONE.values() for f in fields} | {"v", "x"}))


@st.composite
def shaped(draw: st.DrawFn) -> dict[str, Any]:
    """A message that looks like a real one: a known type, known and unknown fields."""
    message: dict[str, Any] = {"v": draw(st.sampled_from([1, 1, 1, 0, 2, "1", True]))}
    message["type"] = draw(st.sampled_from([*PHONE, "welcome", "view", "", "HELLO"]))
    for name in draw(st.lists(field_names, max_size=4)):
        message[name] = draw(json_values | st.sampled_from(["draw", "pass", "play R5", 7, -1]))
    return message


def forged(draw: st.DrawFn, net: Net) -> dict[str, Any]:
    token = draw(st.sampled_from(sorted(net.tokens.values())))
    bad = draw(st.sampled_from([token[:-1], token + "x", token.upper(), token[::-1], "", "x" * 64]))
    return {"v": 1, "type": "hello", "name": "mallory", "token": bad}


@st.composite
def bad_message(draw: st.DrawFn, net: Net) -> str:
    """Text that the table must refuse (or answer without any change)."""
    state = net.tv()["state"]
    kind = draw(st.sampled_from(["text", "json", "shaped", "big", "forged", "stale", "illegal"]))
    if kind == "text":
        return draw(st.text(max_size=200))
    if kind == "json":
        return json.dumps(draw(json_values))
    if kind == "big":
        return json.dumps({"v": 1, "type": "ping", "t": 1, "pad": "x" * MAX_TEXT})
    if kind == "forged":
        return json.dumps(forged(draw, net))
    if kind == "stale":
        stale = draw(st.integers(min_value=0, max_value=2**53).filter(lambda n: n != state))
        return json.dumps({"v": 1, "type": "action", "action": "draw", "state": stale})
    if kind == "illegal":
        action = draw(st.sampled_from(["play ZZ", "play W", "play R5 Q", "suit H", "last", ""]))
        return json.dumps({"v": 1, "type": "action", "action": action, "state": state})
    message = draw(shaped())
    if message.get("type") == "hello" and "token" not in message:
        message["token"] = "not-a-token"  # a good hello without a token would seat a spectator
    if message.get("type") in ("vote", "play"):
        message["v"] = 0  # these are good messages mid-game for some senders; keep them refused
    return json.dumps(message)


def playing_table() -> Net:
    clock = FakeClock()
    net = Net(Table(clock, seed=5), clock)
    for peer in ("p0", "p1", "p2"):
        net.join(peer)
    net.host(type="start")
    net.join("watcher")
    return net


SLOW = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SLOW
@given(data=st.data())
def test_bad_phone_messages_change_nothing(data: st.DataObject) -> None:
    net = playing_table()
    before = net.table.snapshot()
    for _ in range(data.draw(st.integers(1, 5))):
        peer = data.draw(st.sampled_from(["p0", "p1", "p2", "watcher", "stranger"]))
        text = data.draw(bad_message(net))
        out = net.table.receive(peer, text)
        if [(to, m["type"]) for to, m in out] != [(peer, "pong")]:
            assert [(to, m["type"]) for to, m in out] == [(peer, "error")], (text, out)
            assert out[0][1]["code"] != "internal"
        assert net.table.snapshot() == before


@SLOW
@given(payload=st.one_of(st.binary(max_size=64), json_values, st.text(max_size=5000)))
def test_anything_at_all_never_raises(payload: Any) -> None:
    net = playing_table()
    before = net.table.snapshot()
    out = net.table.receive("p1", payload)
    assert [m["type"] for _, m in out] in (["error"], ["pong"])
    assert net.table.snapshot() == before


host_fields = st.sampled_from(sorted({f for fields in HOST.values() for f in fields} | {"x"}))


@SLOW
@given(data=st.data())
def test_malformed_host_commands_change_nothing(data: st.DataObject) -> None:
    net = playing_table()
    before = net.table.snapshot()
    command: dict[str, Any] = {"type": data.draw(st.sampled_from([*HOST, "shutdown", 3]))}
    for name in data.draw(st.lists(host_fields, min_size=1, max_size=3)):
        command[name] = data.draw(json_values)
    command["x"] = 1  # an unknown field: always refused
    out = net.table.host(command)
    assert [(to, m["type"]) for to, m in out] == [("tv", "error")]
    assert net.table.snapshot() == before


KNOWN_GOOD = [
    {"type": "start"},
    {"type": "pause"},
    {"type": "resume"},
    {"type": "lobby"},
    {"type": "rematch"},
    {"type": "make_host", "id": 2},
    {"type": "add_bot", "level": "easy"},
    {"type": "configure", "timers": {"turn": 30, "bot_pause": 0}},
    {"type": "remove", "seat": 1},
    {"type": "rules", "open": True},
]


@st.composite
def host_command(draw: st.DrawFn) -> Any:
    """A host command as a phone would wrap it: real ones, broken ones, anything at all."""
    pick = draw(st.integers(0, 3))
    if pick == 0:
        return draw(json_values)
    if pick == 1:
        return draw(st.sampled_from(KNOWN_GOOD))
    real: dict[str, Any] = {"type": draw(st.sampled_from([*HOST, "shutdown", 3]))}
    for name in draw(st.lists(host_fields, max_size=3)):
        real[name] = draw(json_values | st.sampled_from([0, 1, 2, 9, "easy", "last-one", True]))
    return real


def _wire(cmd: Any) -> str | None:
    """The phone's ``host`` message, or None when the command is not JSON (an infinity)."""
    try:
        return json.dumps({"v": 1, "type": "host", "command": cmd}, allow_nan=False)
    except ValueError:
        return None


@SLOW
@given(data=st.data())
def test_host_commands_from_other_phones_change_nothing(data: st.DataObject) -> None:
    """Only the host phone (p0, the first to join) may send ``host``: from any other phone or a
    stranger, whatever the command, the answer is ``not_host`` (or ``hello_first``) to it alone."""
    net = playing_table()
    before = net.table.snapshot()
    for _ in range(data.draw(st.integers(1, 4))):
        peer = data.draw(st.sampled_from(["p1", "p2", "watcher", "stranger"]))
        cmd = data.draw(host_command())
        text = _wire(cmd)
        out = net.table.receive(peer, json.dumps({"v": 1, "type": "host", "command": cmd}))
        code = "hello_first" if peer == "stranger" else "not_host"
        if text is None:
            code = "bad_json"
        elif not isinstance(cmd, dict):
            code = "bad_message"  # the envelope's schema comes first
        assert [(to, m["type"], m.get("code")) for to, m in out] == [(peer, "error", code)], out
    assert net.table.snapshot() == before


@SLOW
@given(data=st.data())
def test_host_commands_from_the_host_phone_are_judged_like_the_tvs(data: st.DataObject) -> None:
    """The host phone's commands go through the TV's validation: a refused one is an error to
    that phone alone and changes nothing; an accepted one changes what the TV's would."""
    net, twin = playing_table(), playing_table()
    for _ in range(data.draw(st.integers(1, 4))):
        cmd = data.draw(host_command())
        before = net.table.snapshot()
        out = net.table.receive("p0", json.dumps({"v": 1, "type": "host", "command": cmd}))
        if _wire(cmd) is None:
            assert [(to, m["code"]) for to, m in out] == [("p0", "bad_json")]
            continue
        errors = [(to, m["code"]) for to, m in out if m["type"] == "error"]
        if errors:
            assert len(out) == 1 and out[0][0] == "p0", out
            assert errors[0][1] != "internal"
            assert net.table.snapshot() == before
            continue
        assert isinstance(cmd, dict) and cmd.get("type") not in ("local_action", "rules")
        twin_out = twin.table.host(cmd)  # the TV sending the same command does the same
        assert [m["type"] for _, m in twin_out][:1] != ["error"], twin_out
        assert _comparable(net.table.snapshot()) == _comparable(twin.table.snapshot())


def _comparable(snap: dict[str, Any]) -> dict[str, Any]:
    """A snapshot without the phones' secret tokens (two tables draw different ones)."""

    def strip(members: list[dict[str, Any]]) -> list[dict[str, Any]]:
        return [{k: v for k, v in m.items() if k != "token"} for m in members]

    return {
        **snap,
        "seats": strip(snap["seats"]),
        "spectators": strip(snap["spectators"]),
        "votes": len(snap["votes"]),
        "removed_tokens": len(snap.get("removed_tokens", [])),
    }
