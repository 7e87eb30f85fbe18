"""The TV page's main thread, with the table's Python in Web Workers, in headless Debian Chromium.

Chromium's long-task observer (``PerformanceObserver``, ``longtask``: main-thread tasks over
50 ms) on ``table.html``:

- boot, cold cache: navigation → join QR on screen → table ready; the longest main-thread task
  after the QR is on screen (while Python boots in its worker), and over the whole boot;
- 60 s of play: four ``hard`` computer players (no thinking pause) and two phones that play
  their turns at once (relay through a loopback amqtt broker); every long task of the window.
- The camera way on: a table in camera mode whose fake webcam (1280x720, as a TV's webcam
  asks for) shows a QR code, 20 s; every long task, and how many frames the QR reader read.

And where the time of a change goes (``window.lastcardTimings``, the last changes): the
controller call in Python (with the serialization of its messages, also given alone), the
snapshot, the worker → page hand-over, and on the page sending to the phones plus rendering the
TV (``route``) and saving.

Prints markdown. ``python bench/bench_table.py [--quick]`` (``--quick``: 20 s of play).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path
from urllib.parse import quote

from playwright.sync_api import Browser, Page, sync_playwright

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent
sys.path.insert(0, str(ROOT / "scripts"))

from broker import amqtt_broker  # noqa: E402
from chromium import CHROMIUM, CHROMIUM_ARGS  # noqa: E402
from fakecam import write_y4m  # noqa: E402
from serve import make_server  # noqa: E402

TIMEOUT = 120_000  # ms
# Before the page's scripts: every long task, and when the QR and "ready" first appear.
PROBE = """
window.longTasks = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) window.longTasks.push([e.startTime, e.duration]);
}).observe({ type: "longtask", buffered: true });
// Long animation frames (over 50 ms, a frame's tasks with their rendering): [start, duration,
// rendering (style and layout), the longest script's source].
window.longFrames = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) {
    const script = [...e.scripts].sort((a, b) => b.duration - a.duration)[0];
    const source = script
      ? `${script.invoker || script.invokerType} ${Math.round(script.duration)} ms` : "";
    const rendering = e.renderStart ? e.startTime + e.duration - e.renderStart : 0;
    window.longFrames.push([e.startTime, e.duration, rendering, source]);
  }
}).observe({ type: "long-animation-frame", buffered: true });
new MutationObserver(() => {
  if (window.qrAt === undefined && document.querySelector("#join-qr svg")) {
    window.qrAt = performance.now();
  }
  if (window.readyAt === undefined && document.querySelector("main[data-state=ready]")) {
    window.readyAt = performance.now();
  }
}).observe(document, { subtree: true, childList: true, attributes: true });
"""
# A phone that plays its turn as soon as it has one: a legal card (with the first colour, suit or
# card named), else draw, else end the turn.
AUTOPLAY = """
setInterval(() => {
  if (!document.querySelector(".hand--turn")) return;
  const choice = document.querySelector("[data-testid=choice] button:not(.btn--ghost)");
  if (choice) return choice.click();
  const card = document.querySelector(".hand--turn [data-act=card][aria-disabled=false]");
  if (card) {
    card.click();
    document.querySelector(".hand--turn [data-act=play-selection]:not([disabled])")?.click();
    return;
  }
  const suit = document.querySelector(".hand--turn [data-act=suit]");
  if (suit) return suit.click();
  for (const action of ["draw", "pass"]) {
    const button = document.querySelector(
      `.hand--turn [data-act=send][data-action=${action}]:not([disabled])`);
    if (button) return button.click();
  }
}, 100);
"""


def tv_page(browser: Browser) -> Page:
    """A fresh (cold) desktop context with the probe installed."""
    context = browser.new_context(viewport={"width": 1280, "height": 720})
    context.add_init_script(PROBE)
    return context.new_page()


def boot(browser: Browser, base: str, broker: str) -> tuple[float, float, float, float, int]:
    """(ms to QR, ms to ready, longest task after the QR, longest task overall, long tasks)."""
    tv = tv_page(browser)
    tv.goto(f"{base}/table.html?new&join=relay&broker={quote(broker, safe='')}&stun=none")
    tv.wait_for_function(
        "window.readyAt !== undefined && window.qrAt !== undefined", timeout=TIMEOUT
    )
    tv.wait_for_timeout(300)  # the observer reports a task after it ends
    qr_at, ready_at, tasks = tv.evaluate("[window.qrAt, window.readyAt, window.longTasks]")
    after_qr = [d for start, d in tasks if start >= qr_at and start <= ready_at]
    tv.context.close()
    return (
        float(qr_at),
        float(ready_at),
        max(after_qr, default=0.0),
        max((d for _, d in tasks), default=0.0),
        len(tasks),
    )


def join_phone(browser: Browser, url: str, name: str) -> Page:
    """A phone context that joins ``url`` as ``name`` and plays its turns by itself."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
    context.add_init_script(f"localStorage.setItem('lastcard.name', {name!r});" + AUTOPLAY)
    phone = context.new_page()
    phone.goto(url)
    phone.get_by_text("You are at the table").wait_for(timeout=30_000)
    return phone


def play(browser: Browser, base: str, broker: str, seconds: float) -> dict[str, object]:
    """Long tasks on the TV during ``seconds`` of play: four hard bots and two phones."""
    tv = tv_page(browser)
    tv.goto(f"{base}/table.html?new&join=relay&broker={quote(broker, safe='')}&stun=none")
    tv.wait_for_selector("main[data-state=ready][data-bots=ready]", timeout=TIMEOUT)
    url = tv.get_by_test_id("join-url")
    url.filter(has_text="hand.html#").wait_for(timeout=30_000)
    phones = [join_phone(browser, url.inner_text(), f"Phone {n}") for n in (1, 2)]
    tv.get_by_label("Turn timer").select_option("10")
    tv.get_by_label("Computer thinking pause").select_option("0")
    for seat in range(2, 6):
        tv.get_by_label("Level").select_option("hard")
        tv.get_by_role("button", name="Add computer player").click()
        tv.get_by_test_id(f"seat-{seat}").filter(has_text="hard").wait_for()
    tv.evaluate(
        "() => { window.longTasks = []; window.longFrames = [];"
        " window.lastcardTimings.length = 0; window.lastcardRenders.length = 0; }"
    )
    start = tv.evaluate("performance.now()")
    tv.get_by_role("button", name="Start the game").click()
    deadline = time.monotonic() + seconds
    hands = 0
    while time.monotonic() < deadline:
        tv.wait_for_timeout(500)
        again = tv.get_by_role("button", name="Rematch").or_(
            tv.get_by_role("button", name="Next hand")
        )
        if again.count() and again.first.is_enabled():  # a hand is over: play on
            hands += 1
            again.first.click()
    tasks = tv.evaluate("window.longTasks")
    frames = tv.evaluate("window.longFrames")
    timings = tv.evaluate("window.lastcardTimings.slice()")
    renders = tv.evaluate("window.lastcardRenders.slice()")
    for page in [tv, *phones]:
        page.context.close()
    durations = [d for s, d in tasks if s >= start]
    frames = [f for f in frames if f[0] >= start]
    return {
        "tasks": durations,
        "frames": frames,
        "timings": timings,
        "renders": renders,
        "hands": hands,
    }


def camera(browser: Browser, base: str, seconds: float) -> tuple[list[float], int]:
    """Long tasks on the TV (and frames read) during ``seconds`` with the camera way on and a QR
    code in front of a 1280x720 webcam: the table's own join QR, as a photo."""
    with tempfile.TemporaryDirectory() as folder:
        video = Path(folder) / "camera.y4m"
        write_y4m(video, None, 1280, 720)
        webcam = browser.browser_type.launch(
            executable_path=CHROMIUM,
            args=[
                *CHROMIUM_ARGS,
                "--use-fake-device-for-media-stream",
                "--use-fake-ui-for-media-stream",
                f"--use-file-for-fake-video-capture={video}",
            ],
        )
        tv = tv_page(webcam)
        tv.goto(f"{base}/table.html?new&join=camera&stun=none")
        tv.wait_for_selector("main[data-state=ready]", timeout=TIMEOUT)
        write_y4m(video, tv.get_by_role("img", name="join QR").screenshot(), 1280, 720)
        scanned = "Number(document.querySelector('video[aria-label=camera]')?.dataset.scanned)"
        tv.wait_for_function(f"{scanned} > 0", timeout=TIMEOUT)
        start, before = tv.evaluate(f"[performance.now(), {scanned}]")
        tv.wait_for_timeout(seconds * 1000)
        tasks, after = tv.evaluate(f"[window.longTasks, {scanned}]")
        webcam.close()
    return [d for s, d in tasks if s >= start], int(after) - int(before)


def spread(values: list[float]) -> str:
    """p50 / p99 / max of ``values`` in ms."""
    if not values:
        return "— / — / —"
    ordered = sorted(values)
    p99 = ordered[min(len(ordered) - 1, round(0.99 * (len(ordered) - 1)))]
    return f"{statistics.median(ordered):.1f} / {p99:.1f} / {ordered[-1]:.1f}"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="one boot and 20 s of play")
    args = parser.parse_args(argv)
    boots, seconds = (1, 20.0) if args.quick else (3, 60.0)

    server = make_server("127.0.0.1", 0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}"
    with sync_playwright() as playwright, amqtt_broker() as broker:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        boot_runs = [boot(browser, base, broker) for _ in range(boots)]
        played = play(browser, base, broker, seconds)
        camera_tasks, frames_read = camera(browser, base, 20.0)
        browser.close()

    print(f"Boot, cold cache, {boots} run(s), TV main thread (long task = over 50 ms):\n")
    print("| run | navigation → QR | → ready | longest after the QR | longest | long tasks |")
    print("|---:|---:|---:|---:|---:|---:|")
    for n, (qr, ready, after, longest, count) in enumerate(boot_runs, 1):
        print(
            f"| {n} | {qr:.0f} ms | {ready:.0f} ms | {after:.0f} ms | {longest:.0f} ms | {count} |"
        )
    tasks = played["tasks"]
    timings = played["timings"]
    assert isinstance(tasks, list) and isinstance(timings, list)
    print(
        f"\n{seconds:.0f} s of play, four hard computer players (no pause) and two phones"
        f" ({len(timings)} changes, {played['hands']} hands finished): {len(tasks)} long tasks"
        f" on the TV's main thread, longest {max(tasks, default=0):.0f} ms.\n"
    )
    frames = played["frames"]
    assert isinstance(frames, list)
    print(
        f"Long animation frames (over 50 ms, a frame's tasks and its rendering): {len(frames)},"
        f" longest {max((f[1] for f in frames), default=0):.0f} ms; the longest five"
        " (duration / of which rendering / longest script):\n"
    )
    for f in sorted(frames, key=lambda f: -f[1])[:5]:
        print(f"- {f[1]:.0f} ms / {f[2]:.0f} ms / {f[3] or '—'}")
    print()
    print("Where a change's time goes (ms, p50 / p99 / max):\n")
    print("| part | where | p50 / p99 / max |")
    print("|---|---|---:|")
    for key, where, label in (
        ("python", "table worker", "controller call in Python (with serialization)"),
        ("dumps", "table worker", "of which serializing the messages"),
        ("snapshot", "table worker", "snapshot for the save"),
        ("transfer", "worker → page", "postMessage hand-over"),
        ("route", "page", "send to the phones, hand the TV's message to the store"),
        ("save", "page", "localStorage write"),
    ):
        print(f"| {label} | {where} | {spread([float(t[key]) for t in timings])} |")
    renders = played["renders"]
    assert isinstance(renders, list)
    print(f"\nThe TV's renders (one a task, {len(renders)} in the window; ms, p50 / p99 / max):\n")
    print("| part | p50 / p99 / max |")
    print("|---|---:|")
    for key, label in (
        ("build", "markup of the screen"),
        ("morph", "bringing the DOM to it (morph)"),
        ("style", "its style resolved"),
        ("focus", "the focus (lays out only when it moves)"),
    ):
        print(f"| {label} | {spread([float(r[key]) for r in renders])} |")
    print(
        f"\nThe camera way on, a QR in front of a 1280x720 webcam, 20 s: {frames_read} frames"
        f" read, {len(camera_tasks)} long tasks on the TV's main thread, longest"
        f" {max(camera_tasks, default=0):.0f} ms."
    )


if __name__ == "__main__":
    main()
