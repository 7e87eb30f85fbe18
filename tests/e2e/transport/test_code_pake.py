"""The typed code's CPace exchange against hostile parties on the real test broker (amqtt).

A table (TableJoin on the harness page, relay mode) serves its code; every other party is a
separate browser context speaking MQTT to the same broker with the real js/relay.js: a sniffer
that records every message under ``lastcard/#``, a guesser that knows no code, a fake table
answering in the code room, a replayer, and a flood. None of them gets the table's room key, a
link, a seat or a token; the table counts the failed attempts and changes its code.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any
from urllib.parse import quote

import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.e2e

HARNESS = "/tests/e2e/pages/transport.html"
LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ"

# A party that speaks MQTT with the real relay module: window.H.relay, H.hub (Brokers), H.log
# (every message seen under lastcard/#, as [topic, payload]).
START_PARTY = """async (brokers) => {
  const relay = await import("/js/relay.js");
  await relay.loadMqtt();
  const hub = new relay.Brokers(brokers);
  const log = [];
  const client = hub.clients[0];
  await new Promise((ok) => client.connected ? ok() : client.once("connect", ok));
  client.subscribe("lastcard/#");
  client.on("message", (topic, payload) => log.push([topic, payload.toString()]));
  window.H = {relay, hub, log};
}"""


def page_at(page: Page, base_url: str, fragment: str = "") -> Page:
    """Open the harness page (optionally with a fragment) and wait for its modules."""
    page.goto(base_url + HARNESS + fragment)
    page.wait_for_function("document.body.dataset.ready === '1'")
    return page


def start_table(page: Page, base_url: str, broker: str) -> str:
    """A relay-mode table on the harness page; its 5-letter code."""
    page_at(page, base_url)
    config = {"mode": "relay", "brokers": [broker], "stun": ["none"], "iceServers": []}
    page.evaluate("([url, config]) => T.startTable(url, config)", [base_url + HARNESS, config])
    page.wait_for_function("T.events.some((e) => e.type === 'invite')")
    page.wait_for_function("T.events.some((e) => e.way === 'code' && e.state === 'ready')")
    return str(page.evaluate("T.events.filter((e) => e.type === 'invite').at(-1).code"))


def party(page: Page, base_url: str, broker: str) -> Page:
    """A hostile or recording MQTT party on its own device."""
    page_at(page, base_url)
    page.evaluate(START_PARTY, [broker])
    return page


def wrong_codes(code: str, n: int) -> list[str]:
    """Codes in the same public code room (first two letters) that are not `code`."""
    out = []
    for letter in LETTERS:
        guess = code[:2] + letter * 3
        if guess != code:
            out.append(guess)
    return out[:n]


def guess(page: Page, broker: str, code: str) -> str:
    """One online guess with the real exchange; the RelayError reason, or "JOINED"."""
    return str(
        page.evaluate(
            """async ([brokers, code]) => {
              try {
                await H.relay.exchangeCode({brokers, code, timeoutMs: 6000});
                return "JOINED";
              } catch (error) { return error.reason ?? String(error); }
            }""",
            [[broker], code],
        )
    )


def opens(page: Page) -> int:
    return int(page.evaluate("T.events.filter((e) => e.type === 'open').length"))


def test_typed_code_joins_and_the_broker_sees_nothing_to_test_codes_with(
    tv: Page, new_phone: Callable[[], Page], base_url: str, mqtt_broker: str
) -> None:
    code = start_table(tv, base_url, mqtt_broker)
    sniffer = party(new_phone(), base_url, mqtt_broker)
    joined = []
    for _ in range(2):  # two phones type the same code
        phone = page_at(new_phone(), base_url, f"#b={mqtt_broker}&s=none")
        phone.evaluate("T.startPhone()")
        phone.evaluate("(code) => T.join.joinCode(code)", code.lower())
        phone.wait_for_function("T.events.some((e) => e.type === 'open')", timeout=20000)
        joined.append(phone)
    assert opens(tv) == 2
    # After the exchange the phone holds the QR's room and key, not the code: a reload rejoins
    # with the 128-bit key, whatever the table's code becomes.
    invite = tv.evaluate("T.events.filter((e) => e.type === 'invite').at(-1).url")
    room_key = invite.split("#")[1].split("&")[:2]
    for phone in joined:
        fragment = phone.evaluate("location.hash")
        assert "c=" not in fragment
        assert fragment.lstrip("#").split("&")[:2] == room_key
    tv.wait_for_timeout(7000)  # longer than the table waits for a confirmation
    assert tv.evaluate("T.events.filter((e) => e.way === 'code').at(-1).failures") == 0

    log: list[list[str]] = sniffer.evaluate("H.log")
    code_room = [m for m in log if m[0].startswith("lastcard/1/code/")]
    assert {m[0].split("/")[3] for m in code_room} == {code[:2]}
    hellos = [json.loads(m[1]) for m in code_room if json.loads(m[1]).get("t") == "pake"]
    assert len(hellos) >= 4  # two phones' shares and two table replies
    shares = [h["y"] for h in hellos]
    assert len(set(shares)) == len(shares)  # fresh randomness in every share
    # Nothing on the broker carries the code, or the pre-CPace room the code alone derived.
    old_room = sniffer.evaluate(
        """async (code) => {
          const d = new Uint8Array(await crypto.subtle.digest("SHA-256",
            new TextEncoder().encode("lastcard code " + code)));
          return "c" + H.relay.b64url(d.subarray(0, 10));
        }""",
        code,
    )
    for topic, payload in log:
        assert code not in topic and code not in payload
        assert old_room not in topic
    assert room_key[1][2:] not in json.dumps(log)  # the table's key never crosses in clear


def test_guesser_fails_visibly_each_guess_counts_and_the_code_changes(
    tv: Page, new_phone: Callable[[], Page], base_url: str, mqtt_broker: str
) -> None:
    code = start_table(tv, base_url, mqtt_broker)
    guesser = party(new_phone(), base_url, mqtt_broker)
    guesses = wrong_codes(code, 5)
    for attempt in guesses:  # five online guesses, each told "wrong code"
        assert guess(guesser, mqtt_broker, attempt) == "code"
    # The fifth failure: a new code, the count starts again, the host saw every step.
    tv.wait_for_function(
        "T.events.filter((e) => e.way === 'code').at(-1).codeChanges === 1", timeout=20000
    )
    seen = tv.evaluate("T.events.filter((e) => e.way === 'code').map((e) => e.failures)")
    assert [n for i, n in enumerate(seen) if i == 0 or n != seen[i - 1]] == [0, 1, 2, 3, 4, 0]
    # The new code's invite may come a moment after the status that says it changed.
    fresh = tv.wait_for_function(
        "(old) => { const code = T.events.filter((e) => e.type === 'invite').at(-1).code;"
        " return code !== old && code; }",
        arg=code,
    ).json_value()
    assert opens(tv) == 0
    # The old code is gone: a broker answers, no table does (unless the new code shares the room).
    if fresh[:2] != code[:2]:
        assert guess(guesser, mqtt_broker, code) == "no answer"
    # The real code still joins.
    phone = page_at(new_phone(), base_url, f"#b={mqtt_broker}&s=none")
    phone.evaluate("T.startPhone()")
    phone.evaluate("(code) => T.join.joinCode(code)", fresh)
    phone.wait_for_function("T.events.some((e) => e.type === 'open')", timeout=20000)


def test_fake_table_in_the_code_room_gets_nothing_and_the_phone_finds_the_real_one(
    tv: Page, new_phone: Callable[[], Page], base_url: str, mqtt_broker: str
) -> None:
    code = start_table(tv, base_url, mqtt_broker)
    fake = party(new_phone(), base_url, mqtt_broker)
    # The fake table serves a guessed code in the same room, handing out its own room and key.
    fake.evaluate(
        """async (code) => {
          H.results = [];
          H.server = await H.relay.serveCode({hub: H.hub, code,
            credentials: {room: "fakeroom", key: H.relay.randomKey()},
            onResult: (ok) => H.results.push(ok)});
        }""",
        wrong_codes(code, 1)[0],
    )
    phone = page_at(new_phone(), base_url, f"#b={mqtt_broker}&s=none")
    phone.evaluate("T.startPhone()")
    phone.evaluate("(code) => T.join.joinCode(code)", code)
    phone.wait_for_function("T.events.some((e) => e.type === 'open')", timeout=20000)
    assert "r=fakeroom" not in phone.evaluate("location.hash")
    fake.wait_for_function("H.server.stats.answered >= 1")
    # The fake heard one share and answered; no confirmation came back to it.
    fake.wait_for_function("H.results.length === 1", timeout=20000)
    assert fake.evaluate("H.results") == [False]

    # Alone in a room (the real table gone), the fake makes the phone say "wrong code" and stop.
    tv.evaluate("T.join.stop()")
    lonely = page_at(new_phone(), base_url, f"#b={mqtt_broker}&s=none")
    lonely.evaluate("T.startPhone()")
    lonely.evaluate("(code) => T.join.joinCode(code)", code)
    lonely.wait_for_function("T.events.some((e) => e.state === 'wrong-code')", timeout=20000)
    assert not lonely.evaluate("T.events.some((e) => e.type === 'open')")
    assert "c=" in lonely.evaluate("location.hash")  # nothing from the fake was taken


def test_replayed_and_flooded_offers_get_no_link(
    tv: Page, new_phone: Callable[[], Page], base_url: str, mqtt_broker: str
) -> None:
    code = start_table(tv, base_url, mqtt_broker)
    recorder = party(new_phone(), base_url, mqtt_broker)
    phone = page_at(new_phone(), base_url, f"#b={mqtt_broker}&s=none")
    phone.evaluate("T.startPhone()")
    phone.evaluate("(code) => T.join.joinCode(code)", code)
    phone.wait_for_function("T.events.some((e) => e.type === 'open')", timeout=20000)
    tv.wait_for_function("T.events.filter((e) => e.way === 'code').length > 0")
    recorder.wait_for_function("H.log.some(([t]) => t.endsWith('/table') && !t.includes('/code/'))")
    log: list[list[str]] = recorder.evaluate("H.log")
    stats: dict[str, Any] = tv.evaluate("({...T.join.codeServer.stats})")

    # Replay every message the phone sent: its code share, its confirmation, its offer.
    sent = [m for m in log if m[0].endswith("/table")]
    assert len(sent) >= 3
    recorder.evaluate("(sent) => { for (const [t, p] of sent) H.hub.publish(t, p); }", sent)
    # A replayed share with a new session id: the table answers, the replayer cannot read it.
    share = next(json.loads(p) for t, p in sent if json.loads(p).get("t") == "pake")
    recorder.evaluate(
        """([topic, share]) => {
          const from = H.relay.b64url(crypto.getRandomValues(new Uint8Array(16)));
          H.hub.publish(topic, JSON.stringify({...share, from}));
        }""",
        [next(t for t, p in sent if "/code/" in t), share],
    )
    tv.wait_for_function(
        "(n) => T.join.codeServer.stats.answered === n + 1", arg=stats["answered"], timeout=10000
    )

    # A flood: 60 fresh shares in the code room, 60 replays of the offer with fresh senders
    # cannot be made without the key, so 60 copies of the recorded offer go to the QR room.
    offer_topic, offer = next((t, p) for t, p in sent if "/code/" not in t)
    tv.evaluate("T.server = T.join.codeServer")  # the code may change during the flood
    recorder.evaluate(
        """async ([codeTopic, offerTopic, offer, code]) => {
          const pake = await import("/js/pake.js");
          for (let i = 0; i < 60; i += 1) {
            const sid = crypto.getRandomValues(new Uint8Array(16));
            const enc = new TextEncoder();
            const room = enc.encode("lastcard code room " + code.slice(0, 2));
            const {share} = pake.share(enc.encode(code), room, sid);
            const y = H.relay.b64url(share);
            H.hub.publish(codeTopic, JSON.stringify({t: "pake", from: H.relay.b64url(sid), y}));
            H.hub.publish(offerTopic, offer);
          }
        }""",
        [next(t for t, p in sent if "/code/" in t), offer_topic, offer, wrong_codes(code, 1)[0]],
    )
    tv.wait_for_function(
        "(n) => T.server.stats.answered + T.server.stats.refused >= n",
        arg=stats["answered"] + stats["refused"] + 1 + 60,  # the replay and the whole flood
        timeout=30000,
    )
    after = tv.evaluate("({...T.server.stats})")
    assert after["refused"] >= 50
    assert after["answered"] <= stats["answered"] + 1 + 6 + 3  # the burst, and a few refills
    # Only the real phone ever opened; every share the table answered (the replay, the flood's
    # first few) counts as a failed attempt once its confirmation is overdue (unless the code
    # changed first: exchanges still open under the old code no longer count); the rest were
    # refused by the rate limit before any work.
    tv.wait_for_function(
        """(answered) => {
          const last = T.events.filter((e) => e.way === 'code').at(-1);
          const counted = last.failures + last.codeChanges * last.maxFailures;
          return counted === answered - 1 || (last.codeChanges > 0 && counted <= answered - 1);
        }""",
        arg=after["answered"],
        timeout=20000,
    )
    assert opens(tv) == 1
    assert tv.evaluate("T.join.relayLinks.size") == 0


def test_the_tv_shows_wrong_codes_to_the_host_and_no_seat_is_taken(
    tv: Page,
    new_phone: Callable[[], Page],
    base_url: str,
    mqtt_broker: str,
    open_table: Callable[..., Any],
) -> None:
    open_table(tv, f"new&join=relay&broker={quote(mqtt_broker, safe='')}&stun=none")
    code_box = tv.get_by_test_id("join-code")
    expect(code_box).to_have_text(re.compile(r"^[A-Z]{5}$"), timeout=20000)
    code = code_box.inner_text()
    guesser = party(new_phone(), base_url, mqtt_broker)
    for attempt in wrong_codes(code, 2):
        assert guess(guesser, mqtt_broker, attempt) == "code"
    attempts = tv.get_by_test_id("code-attempts")
    expect(attempts).to_contain_text("Wrong codes tried: 2", timeout=20000)
    expect(tv.get_by_test_id("seat-0")).to_have_count(0)
    expect(code_box).to_have_text(code)
