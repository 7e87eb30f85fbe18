"""The wire protocol: the validating decoder, identity, errors to the sender only, the doc table."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from tablehost import protocol
from tablehost.table import WHY_NOT

DOC = Path(__file__).resolve().parents[2] / "docs" / "protocol.md"


def test_protocol_doc_lists_every_message_type_and_error_code():
    doc = DOC.read_text(encoding="utf-8")
    table_cells = set(re.findall(r"^\| `([a-z_0-9]+)`", doc, flags=re.M))
    for kind in [*protocol.PHONE, *protocol.HOST, *protocol.TO_PHONE, *protocol.TO_TV]:
        assert kind in table_cells, f"message type {kind!r} is missing from docs/protocol.md"
    source = "".join(
        p.read_text(encoding="utf-8") for p in (Path(protocol.__file__).parent).glob("*.py")
    )
    codes = set(re.findall(r'ProtocolError\(\s*"([a-z_]+)"', source)) | set(WHY_NOT)
    for code in codes:
        assert f"`{code}`" in doc, f"error code {code!r} is missing from docs/protocol.md"


def test_hello_takes_seats_in_join_order_with_plain_text_names(make_net):
    net = make_net()
    first = net.join("a", name="  <b>Ann</b>\u0007\n  ")
    assert first["seat"] == 0 and first["name"] == "<b>Ann</b>"
    assert net.join("b", name="x" * 80)["name"] == "x" * protocol.MAX_NAME
    assert net.join("c", name="Zoë  Ω", lang="ru")["seat"] == 2
    assert protocol.clean_name("\u202eevil\u200b 👩\u200d👧") == "evil 👩\u200d👧"
    seats = net.tv()["seats"]
    assert [s["name"] for s in seats] == ["<b>Ann</b>", "x" * 24, "Zoë Ω"]
    assert [s["lang"] for s in seats] == [None, None, "ru"]
    assert all(s["kind"] == "phone" and s["connected"] for s in seats)


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("not json", "bad_json"),
        ("[1, 2]", "bad_message"),
        ('{"v": 1, "type": "ping", "t": NaN}', "bad_json"),
        ('{"type": "ping"}', "bad_version"),
        ('{"v": true, "type": "ping"}', "bad_version"),
        ('{"v": 2, "type": "ping"}', "bad_version"),
        ('{"v": 1, "type": "shout"}', "bad_message"),
        ('{"v": 1}', "bad_message"),
        ('{"v": 1, "type": "hello"}', "bad_message"),
        ('{"v": 1, "type": "hello", "name": "   "}', "bad_message"),
        ('{"v": 1, "type": "hello", "name": 7}', "bad_message"),
        ('{"v": 1, "type": "hello", "name": "a", "admin": true}', "bad_message"),
        ('{"v": 1, "type": "hello", "name": "a", "lang": "fr"}', "bad_message"),
        ('{"v": 1, "type": "action", "action": "draw", "state": "1"}', "bad_message"),
        ('{"v": 1, "type": "action", "action": "draw", "state": true}', "bad_message"),
        ('{"v": 1, "type": "action", "action": "draw", "state": -1}', "bad_message"),
        ('{"v": 1, "type": "action", "action": "' + "x" * 65 + '", "state": 1}', "bad_message"),
        ('{"v": 1, "type": "ping", "t": "' + "x" * 5000 + '"}', "too_large"),
        ("[" * 3000 + "]" * 3000, "too_large"),
        ("[" * 2000 + "]" * 2000, "bad_json"),
    ],
)
def test_a_malformed_message_gets_an_error_to_its_sender_only(make_net, text, code):
    net = make_net(players=2)
    before = net.table.snapshot()
    out = net.raw("p0", text)
    assert [(to, m["type"], m["code"]) for to, m in out] == [("p0", "error", code)]
    assert net.table.snapshot() == before


def test_ping_gets_pong_before_and_after_hello(make_net):
    net = make_net()
    net.connect("a")
    assert net.send("a", type="ping", t=12.5) == [("a", {"v": 1, "type": "pong", "t": 12.5})]
    net.join("b")
    assert net.send("b", type="ping") == [("b", {"v": 1, "type": "pong", "t": None})]


def test_hello_comes_first_and_again_renames(make_net):
    net = make_net()
    net.connect("a")
    net.send("a", type="vote", topic="options", agree=True)
    assert net.error("a") == "hello_first"
    net.join("a")
    net.join("b")
    net.send("a", type="hello", name="Anna", lang="en", token=net.tokens["a"])
    assert net.last("a", "welcome") == {
        "v": 1,
        "type": "welcome",
        "seat": 0,
        "token": net.tokens["a"],
        "role": "player",
        "name": "Anna",
    }
    net.send("a", type="hello", name="Ann")
    assert [(s["name"], s["lang"]) for s in net.tv()["seats"]] == [("Ann", "en"), ("b", None)]
    before = net.table.snapshot()
    net.send("a", type="hello", name="thief", token=net.tokens["b"])
    assert net.error("a") == "already_joined"
    assert net.table.snapshot() == before


def test_a_forged_token_is_refused(make_net):
    net = make_net(players=2)
    before = net.table.snapshot()
    net.connect("mallory")
    token = net.tokens["p0"]
    for forged in (token[:-1] + ("B" if token.endswith("A") else "A"), "", token.upper() + "x"):
        net.send("mallory", type="hello", name="m", token=forged)
        assert net.error("mallory") == "bad_token"
    assert net.table.snapshot() == before


def test_a_token_used_elsewhere_moves_the_seat_to_the_new_channel(make_net):
    net = make_net(players=2)
    out = net.rejoin("p0", "p0-tab2")
    assert out["seat"] == 0
    assert net.last("p0", "error")["code"] == "replaced"
    net.act("p0", "draw")
    assert net.error("p0") == "hello_first"
    assert net.view("p0-tab2")["seat"] == 0


def test_a_stale_state_id_is_refused(make_net):
    net = make_net(players=2)
    tv = net.tv()
    turn = tv["awaiting"][0]
    peer = f"p{turn}"
    before = net.table.snapshot()
    net.send(peer, type="action", action="draw", state=tv["state"] - 1)
    assert net.error(peer) == "stale"
    net.send(peer, type="action", action="draw", state=tv["state"] + 1)
    assert net.error(peer) == "stale"
    assert net.table.snapshot() == before
    net.act(peer, "draw")
    assert net.tv()["state"] == tv["state"] + 1


def test_an_illegal_action_is_refused_by_the_engine(make_net):
    net = make_net(players=2)
    turn = net.tv()["awaiting"][0]
    before = net.table.snapshot()
    net.act(f"p{1 - turn}", "draw")
    net.act(f"p{turn}", "play NOPE")
    assert net.error(f"p{1 - turn}") == net.error(f"p{turn}") == "illegal"
    assert net.table.snapshot() == before


def test_a_flood_is_rate_limited_per_peer(make_net, clock):
    net = make_net(players=2)
    net.connect("q")
    codes = [net.send("q", type="ping")[0][1]["type"] for _ in range(45)]
    assert codes[:40] == ["pong"] * 40 and set(codes[40:]) == {"error"}
    assert net.error("q") == "rate_limited"
    assert net.send("p1", type="ping")[0][1]["type"] == "pong"
    clock.advance(1.0)
    assert net.send("q", type="ping")[0][1]["type"] == "pong"


def test_messages_from_an_unknown_channel_are_handled(make_net):
    net = make_net()
    net.raw("ghost", json.dumps({"v": 1, "type": "hello", "name": "g"}))
    assert net.last("ghost", "welcome")["seat"] == 0


def test_a_host_command_comes_as_a_dict_or_its_json_text_and_bad_text_is_told(make_net):
    """The TV page's bridge hands the controller the command's text as it came (docs/design.md,
    "Controller"): text that is no command gets an error to the TV and changes nothing."""
    net = make_net()
    net.join("p0")
    before = net.table.snapshot()
    refused = {"not JSON": "bad_json", "[1]": "bad_message", '{"type": 1}': "bad_message"}
    for text, code in refused.items():
        out = net.table.host(text)
        assert [(to, m["type"], m["code"]) for to, m in out] == [("tv", "error", code)]
    assert net.table.snapshot() == before
    net._deliver(net.table.host(json.dumps({"type": "add_bot", "level": "easy"})))
    assert len(net.tv()["seats"]) == 2


def test_refresh_resends_everything_and_changes_nothing(make_net):
    net = make_net(players=2)
    net.join("watcher")
    before = net.table.snapshot()
    out = net.host(type="refresh")
    assert sorted(to for to, _ in out) == ["p0", "p1", "tv", "watcher"]
    assert net.table.snapshot() == before


def test_a_bug_answers_internal_and_resyncs_instead_of_raising(make_net, monkeypatch):
    net = make_net(players=2)
    turn = net.tv()["awaiting"][0]

    def broken(seat, action):
        raise RuntimeError("engine bug")

    monkeypatch.setattr(net.table._game, "apply", broken)
    out = net.act(f"p{turn}", "draw")
    assert out[0] == (
        f"p{turn}",
        {"v": 1, "type": "error", "code": "internal", "message": "the table failed here"},
    )
    assert {to for to, _ in out[1:]} == {"p0", "p1", "tv"}


def test_protocol_doc_names_every_field_of_the_messages(make_net):
    doc = DOC.read_text(encoding="utf-8")
    net = make_net(players=2)
    net.join("watcher")
    messages = [net.tv(), net.view("p0"), net.view("watcher"), net.last("p0", "welcome")]
    nested = [net.tv()["lobby"], net.tv()["seats"][0]]
    net.host(type="remove", seat=1)
    nested.append(net.tv()["result"])
    for message in messages + nested:
        for key in message:
            assert f"`{key}`" in doc, f"field {key!r} is missing from docs/protocol.md"
