"""Joining and messaging over real WebRTC in headless Debian Chromium, on loopback.

Measured on the transport harness page (tests/e2e/pages/transport.html: the real js/ modules,
without the Python controller), each device in its own browser context:

- URL open → link open, per mode. Camera mode: the phone opens ``…#o=<offer>``, answers and shows
  its answer QR; the QR's text is handed to the table (the webcam read itself is not timed) and
  the clock stops when the phone's channel is open. Relay mode: the phone opens ``…#r=…&k=…``,
  its offer crosses a loopback amqtt broker and the clock stops once the key is proven.
- Tap → every screen updated: one phone sends, the table sends a message to each of 10 phones;
  latency to the last phone, p50 and p99.
- Messages per second the table takes in from 10 phones sending at once, and sends out to them.
- What ``hand.html`` transfers (gzip) with everything it loads, per mode.

Prints markdown. ``python bench/bench_rtc.py [--quick]``.
"""

from __future__ import annotations

import argparse
import contextlib
import gzip
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from pathlib import Path

from playwright.sync_api import Browser, Page, sync_playwright

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent
sys.path.insert(0, str(ROOT / "scripts"))

from bench_boot import CHROMIUM, CHROMIUM_ARGS  # noqa: E402
from serve import make_server  # noqa: E402

HARNESS = "/tests/e2e/pages/transport.html"
PHONES = 10
PHONE_START = """() => {
  const join = new T.joinPhone.PhoneJoin({answerBox: document.querySelector("#answer")});
  T.join = join;
  join.addEventListener("status", (e) => {
    if (e.detail.state === "open") T.openAt = performance.now();
  });
  join.start(location);
}"""
RELAY_TABLE = """([handUrl, broker]) => {
  T.join = new T.joinTable.TableJoin({qrBox: document.querySelector("#qr"), handUrl,
    config: {mode: "relay", brokers: [broker], stun: ["none"], iceServers: []}});
  T.join.addEventListener("invite", (e) => (T.url = e.detail.url));
  return T.join.start();
}"""
# Table side of the messaging runs: a Link per phone; on a "tap", one message to every phone.
TABLE_LINKS = """() => {
  T.received = 0;
  T.broadcast = (text) => T.links.forEach((link) => link.send(text));
}"""
OFFER = """async () => {
  const link = new T.rtc.Link();
  T.links.push(link);
  link.addEventListener("message", (e) => {
    T.received += 1;
    if (e.detail.text.startsWith('{"tap"')) T.broadcast('{"view":' + e.detail.text + '}');
  });
  return T.sdp.encodeDescription(await link.offer(), T.links.length - 1);
}"""
ANSWER = """async (digits) => {
  const {fields} = T.sdp.decodeDescription(digits);
  const link = new T.rtc.Link();
  T.link = link;
  T.got = {};
  link.addEventListener("message", (e) => {
    const seq = JSON.parse(e.detail.text).view?.tap;
    if (seq !== undefined) T.got[seq] = performance.timeOrigin + performance.now();
  });
  const opened = new Promise((resolve) => link.addEventListener("open", resolve));
  const sdp = await link.answer(T.sdp.buildRemote(fields, "offer"));
  T.opened = opened;
  return T.sdp.encodeDescription(sdp, 0);
}"""
ACCEPT = """([tag, digits]) => T.links[tag].accept(
  T.sdp.buildRemote(T.sdp.decodeDescription(digits).fields, "answer"))"""
TAPS = """async (count) => {
  const sent = {};
  for (let seq = 0; seq < count; seq++) {
    sent[seq] = performance.timeOrigin + performance.now();
    T.link.send(JSON.stringify({tap: seq}));
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  await new Promise((resolve) => setTimeout(resolve, 300));
  return sent;
}"""
FLOOD = """async (count) => {
  for (let i = 0; i < count; i++) T.link.send('{"flood":' + i + '}');
}"""


def device(browser: Browser, url: str, *, phone: bool) -> Page:
    """A new browser context showing ``url`` (the harness), modules loaded."""
    viewport = {"width": 390, "height": 844} if phone else {"width": 1280, "height": 720}
    page = browser.new_context(viewport=viewport, is_mobile=phone).new_page()  # type: ignore[arg-type]
    page.goto(url)
    page.wait_for_function("document.body.dataset.ready === '1'")
    return page


def camera_join_ms(browser: Browser, base: str) -> float:
    """Camera mode: phone URL open → channel open (answer QR text handed over directly)."""
    table = device(browser, base + HARNESS, phone=False)
    table.evaluate(TABLE_LINKS)
    offer = table.evaluate(OFFER)
    phone = device(browser, f"{base}{HARNESS}#o={offer}", phone=True)
    phone.evaluate(PHONE_START)
    answer = phone.locator("#answer svg").get_attribute("data-text", timeout=10_000)
    table.evaluate(ACCEPT, [0, answer])
    phone.wait_for_function("T.openAt !== undefined")
    elapsed = float(phone.evaluate("T.openAt"))
    table.context.close()
    phone.context.close()
    return elapsed


def relay_join_ms(browser: Browser, base: str, broker: str) -> float:
    """Relay mode: phone URL open → channel open and key proven, through a loopback broker."""
    table = device(browser, base + HARNESS, phone=False)
    table.evaluate(RELAY_TABLE, [base + HARNESS, broker])
    table.wait_for_function("T.url !== undefined")
    phone = device(browser, str(table.evaluate("T.url")), phone=True)
    phone.evaluate(PHONE_START)
    phone.wait_for_function("T.openAt !== undefined", timeout=20_000)
    elapsed = float(phone.evaluate("T.openAt"))
    table.context.close()
    phone.context.close()
    return elapsed


def messaging(browser: Browser, base: str, taps: int) -> tuple[list[float], float, float]:
    """(tap → last phone latencies in ms, messages/s in, messages/s out) with PHONES phones."""
    table = device(browser, base + HARNESS, phone=False)
    table.evaluate(TABLE_LINKS)
    phones = []
    for tag in range(PHONES):
        offer = table.evaluate(OFFER)
        phone = device(browser, base + HARNESS, phone=True)
        table.evaluate(ACCEPT, [tag, phone.evaluate(ANSWER, offer)])
        phone.evaluate("T.opened")
        phones.append(phone)
    sent = phones[0].evaluate(TAPS, taps)
    got = [phone.evaluate("T.got") for phone in phones]
    latencies = [max(g[seq] for g in got) - sent[seq] for seq in sent if all(seq in g for g in got)]

    flood = 500
    table.evaluate("() => { T.received = 0; }")
    start = time.perf_counter()
    for phone in phones:
        phone.evaluate(FLOOD, flood)
    table.wait_for_function(f"T.received >= {flood * PHONES}", timeout=60_000)
    rate_in = flood * PHONES / (time.perf_counter() - start)

    out = table.evaluate(
        """async (count) => {
          const start = performance.now();
          for (let i = 0; i < count; i++) T.broadcast('{"out":' + i + '}');
          while (T.links.some((l) => l.channel.bufferedAmount > 0)) {
            await new Promise((resolve) => setTimeout(resolve, 1));
          }
          return count * T.links.length / ((performance.now() - start) / 1000);
        }""",
        flood,
    )
    for page in [table, *phones]:
        page.context.close()
    return latencies, rate_in, float(out)


@contextlib.contextmanager
def amqtt_broker() -> Iterator[str]:
    """A loopback amqtt broker with a WebSocket listener: its ws:// URL."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    with tempfile.TemporaryDirectory() as folder:
        config = Path(folder) / "broker.yaml"
        config.write_text(
            f"listeners:\n  default:\n    type: ws\n    bind: 127.0.0.1:{port}\n"
            "plugins:\n  amqtt.plugins.authentication.AnonymousAuthPlugin:\n"
            "    allow_anonymous: true\n"
        )
        amqtt = Path(sys.executable).with_name("amqtt")
        broker = subprocess.Popen([amqtt, "-c", config], stderr=subprocess.DEVNULL)
        try:
            for _ in range(200):
                with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port)):
                    break
                time.sleep(0.1)
            yield f"ws://127.0.0.1:{port}/mqtt"
        finally:
            broker.terminate()
            broker.wait(10)


def hand_transfer(browser: Browser, url: str) -> tuple[int, int, int]:
    """(files, raw bytes, gzip bytes) hand.html fetches, cold, up to pressing Join."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
    page = context.new_page()
    responses = []
    page.on("response", lambda response: responses.append(response))
    page.goto(url)
    page.get_by_label("Your name").fill("Bench")
    page.get_by_role("button", name="Join").click()
    page.wait_for_timeout(1500)
    page.wait_for_load_state("networkidle")
    bodies = [r.body() for r in responses if r.ok and r.url.startswith(("http:", "https:"))]
    context.close()
    return len(bodies), sum(map(len, bodies)), sum(len(gzip.compress(b, 6)) for b in bodies)


def percentile(values: list[float], q: float) -> float:
    """The q-th percentile (0..100), nearest rank."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q / 100 * (len(ordered) - 1)))]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer runs and taps")
    args = parser.parse_args(argv)
    runs, taps = (2, 60) if args.quick else (5, 300)

    server = make_server("127.0.0.1", 0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}"
    with sync_playwright() as playwright, amqtt_broker() as broker:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        camera = [camera_join_ms(browser, base) for _ in range(runs)]
        relay = [relay_join_ms(browser, base, broker) for _ in range(runs)]
        latencies, rate_in, rate_out = messaging(browser, base, taps)
        offer = "1" + "0" * 200  # any well-formed offer: the phone page loads the same files
        sizes = {
            "camera (#o=)": hand_transfer(browser, f"{base}/hand.html#o={offer}"),
            "relay (#r=&k=)": hand_transfer(
                browser, f"{base}/hand.html#r=bench&k=AAAAAAAAAAAAAAAAAAAAAA&b={broker}"
            ),
        }
        browser.close()

    print("| joining (harness page, loopback) | median | max |")
    print("|---|---:|---:|")
    for name, values in (("camera: URL open → open", camera), ("relay: URL open → open", relay)):
        print(f"| {name} | {statistics.median(values):.0f} ms | {max(values):.0f} ms |")
    print()
    print(f"| messaging, {PHONES} phones | value |")
    print("|---|---:|")
    print(
        f"| tap → every screen, p50 ({len(latencies)} taps) | {percentile(latencies, 50):.1f} ms |"
    )
    print(f"| tap → every screen, p99 | {percentile(latencies, 99):.1f} ms |")
    print(f"| table in, messages/s | {rate_in:.0f} |")
    print(f"| table out, messages/s | {rate_out:.0f} |")
    print()
    print("| hand.html by mode | files | raw | gzip |")
    print("|---|---:|---:|---:|")
    for name, (files, raw, packed) in sizes.items():
        print(f"| {name} | {files} | {raw / 1024:.0f} KB | {packed / 1024:.0f} KB |")


if __name__ == "__main__":
    main()
