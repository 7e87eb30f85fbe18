"""TableJoin and PhoneJoin on the harness page: camera mode through a fake webcam."""

from __future__ import annotations

import socket
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from .conftest import lose_next_frame

pytestmark = pytest.mark.e2e

HARNESS = "/tests/e2e/pages/transport.html"


def invite_url(table: Page) -> str:
    """The join URL of the table's current QR, once shown."""
    table.wait_for_function("T.events.some((e) => e.type === 'invite')")
    return str(table.evaluate("T.events.filter((e) => e.type === 'invite').at(-1).url"))


def scan_answer(phone: Page, video: Path, write_y4m: Callable[[Path, bytes | None], None]) -> None:
    """Photograph the phone's answer QR and put it in front of the table's webcam."""
    answer = phone.get_by_role("img", name="answer QR")
    expect(answer).to_be_visible()
    write_y4m(video, answer.screenshot())


def test_camera_mode_join_and_rotation(
    webcam_browser: tuple[Browser, Path],
    new_phone: Callable[[], Page],
    base_url: str,
    write_y4m: Callable[[Path, bytes | None], None],
) -> None:
    table_browser, video = webcam_browser
    table = table_browser.new_page()
    table.goto(base_url + HARNESS)
    table.wait_for_function("document.body.dataset.ready === '1'")
    config = {"mode": "camera", "brokers": [], "stun": [], "iceServers": []}
    table.evaluate("([url, config]) => T.startTable(url, config)", [base_url + HARNESS, config])
    first = invite_url(table)
    assert "#o=" in first
    expect(table.get_by_role("img", name="join QR")).to_be_visible()

    phone = new_phone()
    phone.goto(first)
    phone.wait_for_function("document.body.dataset.ready === '1'")
    phone.evaluate("T.startPhone()")
    scan_answer(phone, video, write_y4m)

    table.wait_for_function("T.events.some((e) => e.type === 'open')", timeout=15000)
    phone.wait_for_function("T.events.some((e) => e.type === 'open')")
    # The QR rotated to a fresh offer.
    table.wait_for_function("T.events.filter((e) => e.type === 'invite').length === 2")
    assert invite_url(table) != first
    peer = table.evaluate("T.events.find((e) => e.type === 'open').peer")
    table.evaluate('(peer) => T.join.send(peer, \'{"type":"hi"}\')', peer)
    phone.wait_for_function("T.events.some((e) => e.type === 'message')")
    phone.evaluate('T.join.send(\'{"type":"back"}\')')
    table.wait_for_function("T.events.some((e) => e.type === 'message' && e.peer)")

    # A reload of the phone: the table reports the loss, the phone asks for a fresh scan.
    phone.reload()
    phone.wait_for_function("document.body.dataset.ready === '1'")
    phone.evaluate("T.startPhone()")
    phone.wait_for_function("T.events.some((e) => e.state === 'scan-again')")
    table.wait_for_function("T.events.some((e) => e.type === 'close')", timeout=5000)


def start_relay_table(table: Page, base_url: str, *brokers: str) -> str:
    """Start a relay-mode TableJoin on the harness page; its join URL."""
    table.goto(base_url + HARNESS)
    table.wait_for_function("document.body.dataset.ready === '1'")
    config = {"mode": "relay", "brokers": list(brokers), "stun": ["none"], "iceServers": []}
    table.evaluate("([url, config]) => T.startTable(url, config)", [base_url + HARNESS, config])
    return invite_url(table)


def test_relay_mode_join_key_proof_and_reconnect(
    tv: Page, new_phone: Callable[[], Page], base_url: str, mqtt_broker: str
) -> None:
    url = start_relay_table(tv, base_url, mqtt_broker)
    assert "#r=" in url and "&k=" in url and "b=" in url
    code = tv.evaluate("T.events.find((e) => e.type === 'invite').code")
    assert len(code) == 6

    phone = new_phone()
    phone.goto(url)
    phone.wait_for_function("document.body.dataset.ready === '1'")
    phone.evaluate("T.startPhone()")
    phone.wait_for_function("T.events.some((e) => e.type === 'open')", timeout=15000)
    tv.wait_for_function("T.events.some((e) => e.type === 'open')")
    phone.evaluate('T.join.send(\'{"type":"hello"}\')')
    tv.wait_for_function("T.events.some((e) => e.type === 'message')")

    # The phone reloads: the table loses it, and it comes back by itself through the broker.
    phone.reload()
    phone.wait_for_function("document.body.dataset.ready === '1'")
    phone.evaluate("T.startPhone()")
    tv.wait_for_function("T.events.some((e) => e.type === 'close')", timeout=5000)
    phone.wait_for_function("T.events.some((e) => e.type === 'open')", timeout=15000)
    tv.wait_for_function("T.events.filter((e) => e.type === 'open').length === 2")

    # A phone that typed the code joins the same table.
    typed = new_phone()
    typed.goto(base_url + HARNESS + "#b=" + mqtt_broker + "&s=none")
    typed.wait_for_function("document.body.dataset.ready === '1'")
    typed.evaluate("T.startPhone()")
    typed.evaluate("(code) => T.join.joinCode(code)", code.lower())
    typed.wait_for_function("T.events.some((e) => e.type === 'open')", timeout=15000)
    tv.wait_for_function("T.events.filter((e) => e.type === 'open').length === 3")


def test_relay_phone_without_the_tables_key_proof_tries_again(
    tv: Page, new_phone: Callable[[], Page], base_url: str, mqtt_broker: str
) -> None:
    """No proof within the time (a table still booting after a reload, say) is a failed attempt,
    tried again, not a refusal: the phone joins with the next link."""
    url = start_relay_table(tv, base_url, mqtt_broker)
    lose_next_frame(tv, "^#p")  # the table's first key proof
    phone = new_phone()
    phone.goto(url)
    phone.wait_for_function("document.body.dataset.ready === '1'")
    phone.evaluate("T.startPhone()")
    phone.wait_for_function("T.events.some((e) => e.type === 'open')", timeout=30000)
    assert tv.evaluate("window.frameLost") is True
    assert not phone.evaluate("T.events.some((e) => e.state === 'refused')")
    tv.wait_for_function("T.events.some((e) => e.type === 'open')")


def test_relay_mode_refuses_a_joiner_with_the_wrong_key(
    tv: Page, new_phone: Callable[[], Page], base_url: str, mqtt_broker: str
) -> None:
    url = start_relay_table(tv, base_url, mqtt_broker)
    key = url.split("k=")[1].split("&")[0]
    wrong = url.replace(f"k={key}", "k=" + ("A" if key[0] != "A" else "B") + key[1:])
    phone = new_phone()
    phone.goto(wrong)
    phone.wait_for_function("document.body.dataset.ready === '1'")
    phone.evaluate("T.startPhone()")
    phone.wait_for_function("T.events.some((e) => e.state === 'refused')", timeout=15000)
    assert not tv.evaluate("T.events.some((e) => e.type === 'open')")
    assert not phone.evaluate("T.events.some((e) => e.type === 'open')")


def test_relay_phone_that_went_silent_is_kept_through_a_stall_then_dropped_and_reconnects(
    tv: Page, new_phone: Callable[[], Page], base_url: str, mqtt_broker: str
) -> None:
    # Brokers run in parallel: one that cannot be reached does not hold the join up.
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        dead = f"ws://127.0.0.1:{probe.getsockname()[1]}/mqtt"
    phone = new_phone()
    phone.goto(start_relay_table(tv, base_url, dead, mqtt_broker))
    phone.wait_for_function("document.body.dataset.ready === '1'")
    phone.evaluate("T.startPhone()")
    tv.wait_for_function("T.events.some((e) => e.type === 'open')", timeout=15000)
    # As if the phone slept or lost the network: its heartbeat stops.
    phone.evaluate("clearInterval(T.join.link.timer)")
    # A stall of a few seconds (Wi-Fi power saving, a busy phone) keeps the link...
    tv.wait_for_function(
        "performance.now() - [...T.join.peers.values()][0].lastSeen > 3000", timeout=10000
    )
    assert not tv.evaluate("T.events.some((e) => e.type === 'close')")
    # ...6 s of silence drops it.
    tv.wait_for_function("T.events.some((e) => e.type === 'close')")
    phone.wait_for_function("T.events.some((e) => e.state === 'reconnecting')")
    tv.wait_for_function("T.events.filter((e) => e.type === 'open').length === 2", timeout=15000)
    phone.wait_for_function("T.events.filter((e) => e.type === 'open').length === 2")
