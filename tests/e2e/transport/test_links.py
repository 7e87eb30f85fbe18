"""The transport modules in Chromium: SDP codec over real descriptions, links, heartbeat, QR size.

Runs the real ES modules on a bare harness page (tests/e2e/pages/transport.html); each device is
its own browser context, and descriptions cross between them only in the codec's packed form.
"""

from __future__ import annotations

import ipaddress
from collections.abc import Callable

import pytest
from playwright.sync_api import Page

pytestmark = pytest.mark.e2e
Connect = Callable[[Page, Page], None]

REAL_OFFER_FIELDS = """async () => {
  const link = new T.rtc.Link();
  const sdp = await link.offer();
  link.close();
  return sdp;
}"""


def test_codec_round_trips_a_real_offer_and_answer(table: Page, phone: Page) -> None:
    offer = table.evaluate(REAL_OFFER_FIELDS)
    result = table.evaluate(
        """(sdp) => {
          const fields = T.sdp.summarize(sdp);
          const back = T.sdp.decodeDescription(T.sdp.encodeDescription(sdp, 200));
          const rebuilt = T.sdp.summarize(T.sdp.buildRemote(back.fields, "offer").sdp);
          const same = (a, b) => JSON.stringify({...a, fingerprint: [...a.fingerprint]})
            === JSON.stringify({...b, fingerprint: [...b.fingerprint]});
          return {tag: back.tag, same: same(fields, back.fields) && same(fields, rebuilt),
                  setup: fields.setup, n: fields.candidates.length};
        }""",
        offer,
    )
    assert result == {"tag": 200, "same": True, "setup": "actpass", "n": result["n"]}
    assert result["n"] >= 1


@pytest.mark.parametrize(
    "address",
    [
        "192.168.1.20",
        "fe80::1c2a:3bff:fe4d:5e6f",
        "2001:db8::1",
        "::1",
        "0d2c9b43-6fa1-4a06-9c8d-2f2a6a3e9b11.local",
        "table-laptop.example",
    ],
)
def test_codec_carries_each_kind_of_candidate_address(table: Page, address: str) -> None:
    offer = table.evaluate(REAL_OFFER_FIELDS)
    back = table.evaluate(
        """([sdp, address]) => {
          const line = `a=candidate:1 1 udp 2122260223 ${address} 50123 typ srflx`
            + " raddr 0.0.0.0 rport 0";
          const withCandidate = sdp.replace("a=ice-ufrag:", line + "\\r\\na=ice-ufrag:");
          const {fields} = T.sdp.decodeDescription(T.sdp.encodeDescription(withCandidate));
          return fields.candidates.find((c) => c.port === 50123);
        }""",
        [offer, address],
    )
    assert back["type"] == "srflx" and back["port"] == 50123
    if ":" in address:
        assert ipaddress.ip_address(back["address"]) == ipaddress.ip_address(address)
    else:
        assert back["address"] == address


def test_codec_rejects_garbage(table: Page) -> None:
    errors = table.evaluate(
        """() => ["", "0123", "1" + "9".repeat(40), "12a"].map((digits) => {
          try { T.sdp.decodeDescription(digits); return "accepted"; }
          catch (e) { return e instanceof T.sdp.CodecError ? "CodecError" : String(e); }
        })"""
    )
    assert errors == ["CodecError"] * 4


def test_rebuilt_descriptions_connect_two_devices(
    table: Page, phone: Page, connect_pair: Connect
) -> None:
    connect_pair(table, phone)
    phone.evaluate("T.links[0].send('{\"hello\":1}')")
    table.wait_for_function(
        "T.events.some((e) => e.type === 'message' && e.text === '{\"hello\":1}')"
    )


def test_send_says_whether_the_message_went_out(
    table: Page, phone: Page, connect_pair: Connect
) -> None:
    """A message the channel cannot take is reported, not said to be sent (`PhoneJoin.send`
    returns it): a channel closing before its link has heard of it took messages in silence."""
    connect_pair(table, phone)
    assert phone.evaluate("T.links[0].send('{\"n\":1}')") is True
    # The channel closing before the link hears of it (its `close` comes later), then closed.
    going = """() => { const link = T.links[0]; link.channel.onclose = null; link.channel.close();
      return [link.closed, link.channel.readyState !== 'open', link.send('{"n":2}')]; }"""
    assert phone.evaluate(going) == [False, True, False]
    phone.evaluate("T.links[0].close()")
    assert phone.evaluate("T.links[0].send('{\"n\":3}')") is False
    table.wait_for_function("T.events.some((e) => e.type === 'message' && e.text === '{\"n\":1}')")


def test_lost_peer_is_reported_by_heartbeat(
    table: Page, phone: Page, connect_pair: Connect
) -> None:
    connect_pair(table, phone)
    # Stop the phone's heartbeat without closing anything: as if the phone went to sleep.
    phone.evaluate("clearInterval(T.links[0].timer)")
    table.wait_for_function("T.events.some((e) => e.type === 'close')")
    closed = table.evaluate("T.events.find((e) => e.type === 'close')")
    assert closed["reason"] == "timeout"  # how fast: bench/bench_rtc.py


@pytest.mark.parametrize(
    "flood",
    [
        "for (let i = 0; i < 12; i++) link.sendControl('x' + i)",  # more than a link needs
        "for (let i = 0; i < 200; i++) link.sendControl('h')",  # heartbeats, far too fast
        "link.sendControl('p' + 'A'.repeat(4000))",  # one frame longer than any proof
    ],
    ids=["count", "rate", "length"],
)
def test_a_peer_flooding_control_frames_is_cut_off(
    table: Page, phone: Page, connect_pair: Connect, flood: str
) -> None:
    """A hostile peer's "#" frames are bounded before anything else reads them: the link closes,
    and the table keeps no more than a few of them."""
    connect_pair(table, phone)
    phone.evaluate(f"() => {{ const link = T.links[0]; {flood}; }}")
    table.wait_for_function("T.events.some((e) => e.type === 'close')")
    closed = table.evaluate("T.events.find((e) => e.type === 'close')")
    assert closed["reason"] == "control flood"
    assert table.evaluate("T.links[0].controls.length") <= table.evaluate("T.rtc.MAX_CONTROLS")


def test_offer_qr_fits_version_10_at_level_m_for_a_pages_origin(table: Page) -> None:
    offer = table.evaluate(REAL_OFFER_FIELDS)
    versions = table.evaluate(
        """(sdp) => {
          const base = "https://name.github.io/repo/hand.html#o=";
          const extra = [
            "a=candidate:9 1 udp 2122260223 192.168.1.20 50123 typ host",
            "a=candidate:9 1 udp 2122194687 10.0.0.7 50124 typ host",
            "a=candidate:9 1 udp 2122129151 2001:db8:85a3::8a2e:370:7334 50125 typ host",
          ].join("\\r\\n");
          const worst = sdp.replace("a=ice-ufrag:", extra + "\\r\\na=ice-ufrag:");
          const url = (s) => base + T.sdp.encodeDescription(s, 255);
          return [sdp, worst].map((s) => T.qr.makeQr(T.qr.segmentsOf(url(s))).version);
        }""",
        offer,
    )
    assert max(versions) <= 10, versions
