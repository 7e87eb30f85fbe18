"""Joining and messaging over real WebRTC in headless Debian Chromium, on loopback.

Through the real pages (table.html with the Python controller, hand.html), each device in its
own browser context:

- URL open → seated ("You are at the table" on the phone), per mode. Camera mode: the table's
  fake webcam plays a y4m of a screenshot of the phone's answer QR (made as in the e2e tests);
  the clock includes taking that screenshot. Relay mode: through a loopback amqtt broker.
- Tap → every screen: 10 phones play games of poslednyaya by themselves (a script in each phone
  page taps, on its turn, what a player would, 150 ms after its last view); from the click that
  sends the move until the last of the 10 phones has received its new view (phone → table page
  → the table's worker (Python controller) → 10 views → every phone: the message event on the
  phone's page, before the page handles it), and, stricter, until the last phone's page has
  handled it and the frame that draws it has run its animation-frame callbacks (where the
  page's render is, or after it), at least 200 taps; again
  with four ``hard`` computer players at the table (no thinking pause: they think in their own
  worker between the phones' turns), six phones playing and four watching. The 10 phones are
  10 renderer processes on the same machine as the table: on 2 cores they compete with it.

On the transport harness page (tests/e2e/pages/transport.html: the real js/ transport modules,
without the Python controller):

- URL open → link open, per mode. Camera mode: the phone opens ``…#o=<offer>``, answers and shows
  its answer QR; the QR's text is handed to the table (the webcam read itself is not timed) and
  the clock stops when the phone's channel is open. Relay mode: the phone opens ``…#r=…&k=…``,
  its offer crosses a loopback amqtt broker and the clock stops once the key is proven.
- Tap → every screen updated: one phone sends, the table sends a message to each of 10 phones;
  latency to the last phone, p50 and p99.
- Messages per second the table takes in from 10 phones sending at once, and sends out to them;
  how long after a phone's last heartbeat the table reports it lost.
- What ``hand.html`` transfers (gzip) with everything it loads, per mode, and the QR version of
  a real offer URL on a GitHub Pages origin.

Prints markdown. ``python bench/bench_rtc.py [--quick] [--taps-only] [--taps N]``.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import NamedTuple
from urllib.parse import quote

from playwright.sync_api import Browser, Page, sync_playwright

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent
sys.path.insert(0, str(ROOT / "scripts"))

from broker import amqtt_broker  # noqa: E402
from chromium import CHROMIUM, CHROMIUM_ARGS  # noqa: E402
from fakecam import write_y4m  # noqa: E402
from serve import make_server  # noqa: E402
from transfer import print_sizes, transfer_bytes  # noqa: E402

SEATED_PROBE = """
localStorage.setItem("lastcard.name", NAME);
// Every "view" message the phone receives, on the shared clock; and the time of the last tap.
window.views = [];
window.viewStates = []; // each view's state id
// The stricter end, for each view of window.views (null: not seen): the page has handled the
// view and the frame that draws it has run its animation-frame callbacks, the page's render
// among them (a page that renders in the message's task has done it before; one that renders
// at its next frame registered that callback in its handler, before this one's).
window.rendered = [];
const createDataChannel = RTCPeerConnection.prototype.createDataChannel;
RTCPeerConnection.prototype.createDataChannel = function (...args) {
  const channel = createDataChannel.apply(this, args);
  let view = false; // the message being handled is a view
  let after = false; // a listener added after the page's own (onmessage) runs after it
  channel.addEventListener("message", (event) => {
    if (!after) {
      after = true;
      channel.addEventListener("message", () => {
        if (!view) return;
        const index = window.views.length - 1;
        requestAnimationFrame(() => {
          window.rendered[index] = performance.timeOrigin + performance.now();
        });
      });
    }
    const message = event.data[0] === "{" ? JSON.parse(event.data) : null;
    view = message?.type === "view";
    if (view) {
      window.views.push(performance.timeOrigin + performance.now());
      window.viewStates.push(message.state);
      window.rendered.push(null);
    }
  });
  return channel;
};
// Autoplay (on while window.autoplay): on its turn, once the last change has settled (150 ms
// after this phone's last view), the phone taps what a player would: the choice asked for, a
// legal card (then Play when several go together), else Draw, else End turn. window.taps: the
// time of every tap that sent a move (the click's own time, before the page handles it) and the
// state id it answered (the views it causes have a later one).
window.taps = [];
window.autoplay = false;
let clickAt = 0;
let movedAt = -1; // how many views there were when this phone last sent a move
const channelSend = RTCDataChannel.prototype.send;
RTCDataChannel.prototype.send = function (data) {
  if (window.autoplay && typeof data === "string" && data.includes('"type":"action"')) {
    window.taps.push([clickAt, JSON.parse(data).state]);
    movedAt = window.views.length;
  }
  return channelSend.call(this, data);
};
const tapOn = (el) => {
  clickAt = performance.timeOrigin + performance.now();
  el.click();
};
setInterval(() => {
  if (!window.autoplay || !document.querySelector(".hand--turn")) return;
  if (window.views.length === movedAt) return; // one move per view: wait for the answer
  if (performance.timeOrigin + performance.now() - (window.views.at(-1) ?? 0) < 150) return;
  const choice = document.querySelector("[data-testid=choice] button:not(.btn--ghost)");
  if (choice) return tapOn(choice);
  const play = ".hand--turn [data-act=play-selection]:not([disabled])";
  const card = document.querySelector(
    ".hand--turn [data-act=card][aria-disabled=false]:not(.is-selected)");
  if (card) {
    tapOn(card);
    const more = document.querySelector(play);
    if (more) tapOn(more);
    return;
  }
  if (document.querySelector(play)) return tapOn(document.querySelector(play));
  const suit = document.querySelector(".hand--turn [data-act=suit]");
  if (suit) return tapOn(suit);
  for (const action of ["draw", "pass"]) {
    const button = document.querySelector(
      `.hand--turn [data-act=send][data-action=${action}]:not([disabled])`);
    if (button) return tapOn(button);
  }
}, 20);
// Seated: "You are at the table" on screen; the observer then stops (it would read the whole
// page's text after every render, load that is the bench's, not the game's).
const seated = new MutationObserver(() => {
  const text = document.body?.textContent ?? "";
  if (window.seatedAt === undefined && text.includes("You are at the table")) {
    window.seatedAt = performance.now();
    seated.disconnect();
  }
});
seated.observe(document, {subtree: true, childList: true, characterData: true});
"""

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


def offer_qr(browser: Browser, base: str) -> tuple[int, int]:
    """(QR version at level M, digits) of a real offer URL on a GitHub Pages origin."""
    table = device(browser, base + HARNESS, phone=False)
    version, digits = table.evaluate(
        """async () => {
          const link = new T.rtc.Link();
          const digits = T.sdp.encodeDescription(await link.offer(), 0);
          link.close();
          const url = "https://name.github.io/repo/hand.html#o=" + digits;
          return [T.qr.makeQr(T.qr.segmentsOf(url), "M").version, digits.length];
        }"""
    )
    table.context.close()
    return int(version), int(digits)


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


def link_phone(browser: Browser, base: str, table: Page, tag: int) -> Page:
    """A harness phone linked to ``table`` (its ``tag``-th link), the offer and answer handed
    over directly; returns once the phone's channel is open."""
    offer = table.evaluate(OFFER)
    phone = device(browser, base + HARNESS, phone=True)
    table.evaluate(ACCEPT, [tag, phone.evaluate(ANSWER, offer)])
    phone.evaluate("T.opened")
    return phone


def silence_to_close_ms(browser: Browser, base: str) -> float:
    """A linked phone stops its heartbeat (asleep, network gone): ms until the table's `close`."""
    table = device(browser, base + HARNESS, phone=False)
    table.evaluate(TABLE_LINKS)
    phone = link_phone(browser, base, table, 0)
    table.evaluate(
        "() => T.links[0].addEventListener('close', () => { T.closedAt = performance.now(); })"
    )
    phone.wait_for_timeout(1200)  # a few heartbeats first
    phone.evaluate("clearInterval(T.link.timer)")
    table.wait_for_function("T.closedAt !== undefined", timeout=10_000)
    # From the last frame the table heard (the phone's last heartbeat) to the `close`.
    elapsed = float(table.evaluate("T.closedAt - T.links[0].lastSeen"))
    table.context.close()
    phone.context.close()
    return elapsed


def messaging(browser: Browser, base: str, taps: int) -> tuple[list[float], float, float]:
    """(tap → last phone latencies in ms, messages/s in, messages/s out) with PHONES phones."""
    table = device(browser, base + HARNESS, phone=False)
    table.evaluate(TABLE_LINKS)
    phones = [link_phone(browser, base, table, tag) for tag in range(PHONES)]
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


def join(page: Page) -> None:
    """Settle hand.html's load: press Join and let it fetch what joining needs."""
    page.get_by_label("Your name").fill("Bench")
    page.get_by_role("button", name="Join").click()
    page.wait_for_timeout(1500)


def phone_page(browser: Browser, name: str) -> Page:
    """A phone context whose stored player name is ``name``, probing when it is seated."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
    context.add_init_script(SEATED_PROBE.replace("NAME", repr(name)))
    return context.new_page()


def boot_table(browser: Browser, base: str, query: str) -> tuple[Page, str]:
    """table.html?new&<query> booted; (page, current join URL)."""
    tv = browser.new_context(viewport={"width": 1280, "height": 720}).new_page()
    tv.goto(f"{base}/table.html?new&{query}")
    tv.wait_for_selector("main[data-state=ready]", timeout=120_000)
    url = tv.get_by_test_id("join-url")
    url.filter(has_text="hand.html#").wait_for(timeout=30_000)
    return tv, url.inner_text()


def seated_camera_ms(
    webcam: Browser, video: Path, browser: Browser, base: str, runs: int
) -> list[float]:
    """Camera mode, real pages: phone URL open → seated, through the fake webcam."""
    tv, _ = boot_table(webcam, base, "join=camera")
    times = []
    for run in range(runs):
        url = tv.get_by_test_id("join-url").inner_text()
        phone = phone_page(browser, f"Camera {run}")
        phone.goto(url)
        answer = phone.get_by_role("img", name="answer QR")
        answer.wait_for(timeout=20_000)
        write_y4m(video, answer.screenshot())
        phone.wait_for_function("window.seatedAt !== undefined", timeout=30_000)
        times.append(float(phone.evaluate("window.seatedAt")))
        tv.get_by_test_id("join-url").filter(has_not_text=url).wait_for(timeout=20_000)
        phone.context.close()
    tv.context.close()
    return times


# On the TV, as its host would: a game is over, Rematch; back in the lobby, Start the game.
NEXT_GAME = """() => document.querySelector(
  "#app [data-command=rematch]:not(:disabled), #app [data-command=start]:not(:disabled)"
)?.click()"""


class Taps(NamedTuple):
    """What :func:`seated_relay` measured (ms, except ``played``)."""

    seated: list[float]  # URL open → seated, per phone
    received: list[float]  # tap → the last phone's page has the new view (its message event)
    rendered: list[float]  # tap → the last phone's frame that draws it (its rAF callbacks run)
    played: float  # seconds of play


def seated_relay(
    browser: Browser, base: str, broker: str, phones: int, taps: int, bots: int = 0
) -> Taps:
    """Relay mode, real pages: URL open → seated per phone, tap → every phone's view (received,
    and handled: the phone's screen re-rendered).

    With ``bots``, that many ``hard`` computer players (no thinking pause) take the first seats,
    so they think between the phones' turns; phones beyond the free seats watch (and get every
    view as well). The phones play by themselves (the autoplay of ``SEATED_PROBE``) until
    ``taps`` taps are in."""
    tv, url = boot_table(browser, base, f"join=relay&broker={quote(broker, safe='')}&stun=none")
    if bots:
        tv.wait_for_selector("main[data-bots=ready]", timeout=120_000)
        tv.get_by_label("Computer thinking pause").select_option("0")
        for seat in range(bots):
            tv.get_by_label("Level").select_option("hard")
            tv.get_by_role("button", name="Add computer player").click()
            tv.get_by_test_id(f"seat-{seat}").filter(has_text="hard").wait_for()
    pages = []
    times = []
    for index in range(phones):
        phone = phone_page(browser, f"Relay {index}")
        phone.goto(url)
        if index < phones - max(0, bots + phones - 10):  # a seat is free for it
            phone.wait_for_function("window.seatedAt !== undefined", timeout=30_000)
            times.append(float(phone.evaluate("window.seatedAt")))
        else:  # it watches: its first view is enough
            phone.wait_for_function("window.views.length > 0", timeout=30_000)
        pages.append(phone)
    tv.get_by_label("Turn timer").select_option("off")
    tv.get_by_role("button", name="Start the game").click()
    for page in pages:
        page.evaluate("() => { window.autoplay = true; }")
    started = progress = time.monotonic()
    done = 0
    while done < taps:
        # Once a second, and light (one querySelector on the TV, one read per phone): this loop
        # runs on the pages' main threads while they are being timed.
        tv.wait_for_timeout(1000)
        count = sum(page.evaluate("window.taps.length") for page in pages)
        if count > done:
            done, progress = count, time.monotonic()
        elif time.monotonic() - progress > 60:
            raise RuntimeError(f"the phones stopped playing after {done} taps")
        tv.evaluate(NEXT_GAME)
    played = time.monotonic() - started
    for page in pages:
        page.evaluate("() => { window.autoplay = false; }")
    tv.wait_for_timeout(1000)  # the last taps' views arrive
    tapped = [
        (float(at), int(state)) for page in pages for at, state in page.evaluate("window.taps")
    ]
    views = [
        list(
            zip(
                page.evaluate("window.views"),
                page.evaluate("window.viewStates"),
                page.evaluate("window.rendered"),
                strict=True,
            )
        )
        for page in pages
    ]
    latencies: list[float] = []
    rendered: list[float] = []
    for tap, state in sorted(tapped):
        # each phone's first view of a later state than the one the tap answered
        firsts = [
            next(((at, done) for at, s, done in got if at > tap and s > state), None)
            for got in views
        ]
        if all(first is not None and first[0] - tap < 5000 for first in firsts):  # each, in time
            latencies.append(max(first[0] for first in firsts if first is not None) - tap)
            if all(first is not None and first[1] is not None for first in firsts):
                rendered.append(max(first[1] for first in firsts if first is not None) - tap)
    for page in [tv, *pages]:
        page.context.close()
    return Taps(times, latencies, rendered, played)


def percentile(values: list[float], q: float) -> float:
    """The q-th percentile (0..100), nearest rank."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q / 100 * (len(ordered) - 1)))]


def print_taps(plain: Taps, bots: Taps, *, header: bool = True) -> None:
    """The tap cases' rows (p50 / p99), under their own table header if ``header``."""
    if header:
        print("| real pages, loopback | median | p90 | p99 |")
        print("|---|---:|---:|---:|")
    for case, taps_ in (
        (f"tap → every phone's view, {PHONES} phones", plain),
        ("the same with 4 hard computer players thinking between (6 phones play, 4 watch)", bots),
    ):
        for end, values in (("received", taps_.received), ("rendered", taps_.rendered)):
            p90 = f" | {percentile(values, 90):.0f} ms" if header else ""
            print(
                f"| {case}, {end} ({len(values)} taps) | {percentile(values, 50):.0f} ms{p90}"
                f" | {percentile(values, 99):.0f} ms |"
            )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer runs and taps")
    parser.add_argument(
        "--taps-only", action="store_true", help="only the tap cases on the real pages"
    )
    parser.add_argument("--taps", type=int, help="taps per tap case (default 220, quick 40)")
    args = parser.parse_args(argv)
    runs, taps, rounds = (2, 60, 40) if args.quick else (3, 300, 220)
    rounds = args.taps or rounds

    server = make_server("127.0.0.1", 0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}"
    with sync_playwright() as playwright, amqtt_broker() as broker:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        if args.taps_only:
            plain = seated_relay(browser, base, broker, PHONES, rounds)
            bots = seated_relay(browser, base, broker, PHONES, rounds, bots=4)
            browser.close()
            print_taps(plain, bots)
            return
        with tempfile.TemporaryDirectory() as folder:
            video = Path(folder) / "camera.y4m"
            write_y4m(video, None)
            webcam = playwright.chromium.launch(
                executable_path=CHROMIUM,
                args=[
                    *CHROMIUM_ARGS,
                    "--use-fake-device-for-media-stream",
                    "--use-fake-ui-for-media-stream",
                    f"--use-file-for-fake-video-capture={video}",
                ],
            )
            seated_camera = seated_camera_ms(webcam, video, browser, base, runs)
            webcam.close()
        plain = seated_relay(browser, base, broker, PHONES, rounds)
        bots = seated_relay(browser, base, broker, PHONES, rounds, bots=4)
        seated = plain.seated
        qr_version, qr_digits = offer_qr(browser, base)
        camera = [camera_join_ms(browser, base) for _ in range(runs)]
        relay = [relay_join_ms(browser, base, broker) for _ in range(runs)]
        latencies, rate_in, rate_out = messaging(browser, base, taps)
        silences = [silence_to_close_ms(browser, base) for _ in range(runs)]
        offer = "1" + "0" * 200  # any well-formed offer: the phone page loads the same files
        sizes = {
            "camera (#o=)": transfer_bytes(browser, f"{base}/hand.html#o={offer}", join),
            "relay (#r=&k=)": transfer_bytes(
                browser, f"{base}/hand.html#r=bench&k=AAAAAAAAAAAAAAAAAAAAAA&b={broker}", join
            ),
        }
        browser.close()

    print("| real pages, loopback | median | p99 / max |")
    print("|---|---:|---:|")
    print(
        f"| camera: URL open → seated ({runs} phones) | {statistics.median(seated_camera):.0f} ms"
        f" | {max(seated_camera):.0f} ms |"
    )
    print(
        f"| relay: URL open → seated ({PHONES} phones) | {statistics.median(seated):.0f} ms"
        f" | {max(seated):.0f} ms |"
    )
    print_taps(plain, bots, header=False)
    print()
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
    print(f"| phone silent → table's close, max of {runs} | {max(silences):.0f} ms |")
    print(f"| table in, messages/s | {rate_in:.0f} |")
    print(f"| table out, messages/s | {rate_out:.0f} |")
    print()
    print(
        f"Offer QR for https://name.github.io/repo/hand.html#o=…: version {qr_version} at level M"
        f" ({qr_digits} digits, this machine's candidates)."
    )
    print()
    print_sizes("hand.html by mode", sizes)


if __name__ == "__main__":
    main()
