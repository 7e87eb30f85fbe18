"""The table on a 2024 TV's browser engine (Chromium 108) at a TV's CPU speed.

A TV's system-on-chip is several times slower than a laptop. Chromium's CPU throttling (the
DevTools protocol's ``Emulation.setCPUThrottlingRate``: the page's renderer runs at 1/rate of
its speed) stands in for it, on the headless Chromium 108 that the tests run as a 2024 TV
(``scripts/tv_chromium.py``), at 1x (this machine), 4x and 6x:

- **boot**, cold, each in a new context, then **again** in the same context (the HTTP cache,
  V8's code cache and Python's snapshot: a TV that opened the table before): navigation → the
  join QR on screen → table ready (relay joining through a loopback amqtt broker, so the QR does
  not wait on a webcam or the internet), and the longest main-thread task of the boot (a long
  task: over 50 ms, Chromium's ``longtask`` observer);
- **a hand of four ``hard`` computer players** (no thinking pause, no turn timer) to its end:
  the time between one computer move and the next on the TV (the bots' worker thinks, the
  table's worker applies the move, the page renders it: ``lastcard-out`` events), and every
  long task on the TV's main thread meanwhile.

The goal (issue 26): QR within 1 s and ready within 6 s at 4x; no main-thread task over 50 ms
during play. Prints markdown. ``python bench/bench_tv.py [--quick]`` (``--quick``: 1x and 4x, one
boot each), or ``make bench``; ``--hands N --rates 4,6``: no boots, N hands at each rate, one row
each (for A/B runs in the same minutes); ``--trace`` with ``--hands``: each hand's main-thread
tasks also by the thread's own CPU time, from a DevTools trace (``cpu_tasks``), which waiting for
a core does not lengthen, as the wall clock's ``longtask`` entries are on a busy machine, and the
thread time of the deal's and the results' renders in each hand, long or not, from the Start
(or Rematch) click on; ``--per-page K`` plays K hands on each TV page. Chromium's throttling
thread runs at real-time priority where this machine allows it (``steady_throttling``: starved
of a core, it makes the page slower than 1/rate); the output says whether it did.
``--keep-traces DIR`` writes each traced hand's trace there (``4x-0.json``...: Chromium's trace
viewer or DevTools open them).
Without the unpacked build (``make setup``) it says so and stops.
"""

from __future__ import annotations

import argparse
import contextlib
import itertools
import json
import os
import sys
import threading
from pathlib import Path
from urllib.parse import quote

from playwright.sync_api import Browser, Page, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))

from bench_table import spread  # noqa: E402
from broker import amqtt_broker  # noqa: E402
from serve import make_server  # noqa: E402
from tv_chromium import executable, tv_browser  # noqa: E402

MAJOR = 108
LONG = 50  # ms: a long task
TIMEOUT = 300_000  # ms: a cold boot at 6x on a busy machine, with a wide margin
# Before the page's scripts: every long task, when the QR and "ready" first appear, and when
# each of the table's changes reaches the page.
PROBE = """
window.longTasks = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) window.longTasks.push([e.startTime, e.duration]);
}).observe({ type: "longtask", buffered: true });
window.outs = [];
document.addEventListener("lastcard-out", () => window.outs.push(performance.now()));
new MutationObserver(() => {
  if (window.qrAt === undefined && document.querySelector("#join-qr svg")) {
    window.qrAt = performance.now();
  }
  if (window.readyAt === undefined && document.querySelector("main[data-state=ready]")) {
    window.readyAt = performance.now();
  }
  const state = document.querySelector("main")?.dataset.state;
  if (state && state !== "booting") window.endState ??= state;
}).observe(document, { subtree: true, childList: true, attributes: true });
"""


def throttled_page(browser: Browser, rate: int) -> Page:
    """A fresh TV-sized context whose page runs at 1/``rate`` of the CPU, the probe installed,
    the throttling's clock kept on time where this machine allows (``steady_throttling``)."""
    context = browser.new_context(viewport={"width": 1280, "height": 720})
    context.add_init_script(PROBE)
    page = context.new_page()
    context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": rate})
    if rate > 1:
        steady_throttling()
    return page


# The renderer's throttling thread (``CPUThrottlingThread``; a thread's name is cut to 15 bytes).
THROTTLER = "CPUThrottlingTh"
# Whether the throttling threads run at real-time priority; else why not (printed with the rows).
steady: dict[str, str] = {}


def steady_throttling() -> None:
    """Run every renderer's throttling thread at real-time priority, when this machine lets us.

    Chromium throttles a page's main thread with a thread of its own: every 200 µs it lets the
    main thread run 1/rate of the time, then signals it, and the main thread spins in the signal
    handler until the throttling thread wakes again and releases it. On a machine whose cores are
    all busy (two cores: the bots' worker thinking at full speed, the page and the harness) that
    thread waits for a core, and the main thread spins on meanwhile, in whatever task it is
    running: with two other processes busy, a task of fixed work (about 5.5 ms at 1x) measured
    p90 35 ms and at most 47-55 ms of thread time at 4x, and p90 29 ms, at most 38, with the
    thread at real-time priority (docs/benchmarks.md). Real-time priority wakes it on time, so
    the emulated TV runs at 1/rate of this machine, not slower; the thread sleeps nearly all the
    time, so the priority takes no measurable CPU from the rest."""
    try:
        param = os.sched_param(os.sched_get_priority_min(os.SCHED_FIFO))
        for pid in (name for name in os.listdir("/proc") if name.isdigit()):
            for tid in threads(pid):
                if thread_name(pid, tid) == THROTTLER:
                    with contextlib.suppress(ProcessLookupError):  # gone meanwhile
                        os.sched_setscheduler(int(tid), os.SCHED_FIFO, param)
        steady["ok"] = "the throttling thread at real-time priority"
    # not Linux, or no CAP_SYS_NICE
    except (AttributeError, FileNotFoundError, PermissionError) as error:
        steady["why not"] = f"the throttling thread at normal priority ({error})"


def threads(pid: str) -> list[str]:
    """The thread ids of process ``pid``; none if it is gone."""
    try:
        return os.listdir(f"/proc/{pid}/task")
    except (FileNotFoundError, ProcessLookupError):
        return []


def thread_name(pid: str, tid: str) -> str:
    """The name of thread ``tid`` of process ``pid``; "" if it is gone."""
    try:
        return Path(f"/proc/{pid}/task/{tid}/comm").read_text().strip()
    except (FileNotFoundError, ProcessLookupError):
        return ""


def throttling() -> str:
    """How the throttling threads ran, for the output: the reason when any could not be raised."""
    return steady.get("why not") or steady.get("ok") or "none (no throttled page)"


def table_url(base: str, broker: str) -> str:
    return f"{base}/table.html?new&join=relay&broker={quote(broker, safe='')}&stun=none"


# ms to the QR, ms to ready, the longest task until ready; or the state a boot ended in instead
Boot = tuple[float, float, float] | str


def measured(tv: Page) -> Boot:
    """The boot of the load under way on ``tv``, once it is over."""
    tv.wait_for_function(
        "window.endState && (window.endState !== 'ready' || window.qrAt !== undefined)",
        timeout=TIMEOUT,
    )
    if tv.evaluate("window.endState") != "ready":
        return str(
            tv.evaluate(
                "`${endState}: ${document.querySelector('[data-testid=boot]')?.innerText.trim()}`"
            )
        )
    qr_at, ready_at, tasks = tv.evaluate("[window.qrAt, window.readyAt, window.longTasks]")
    longest = max((d for start, d in tasks if start <= ready_at), default=0.0)
    return float(qr_at), float(ready_at), float(longest)


def boot(browser: Browser, rate: int, base: str, broker: str) -> tuple[Boot, Boot]:
    """A cold load, then the same page loaded again once the bots' worker has kept Python's
    snapshot: the HTTP cache, V8's code cache and the snapshot, as on a TV that has opened the
    table before."""
    tv = throttled_page(browser, rate)
    tv.goto(table_url(base, broker))
    cold = measured(tv)
    if isinstance(cold, str):
        tv.context.close()
        return cold, cold
    tv.wait_for_selector("main[data-bots=ready]", timeout=TIMEOUT)
    tv.reload()
    again = measured(tv)
    tv.context.close()
    return cold, again


Tasks = list[dict[str, float]]  # cpu_tasks' rows


def hands(
    browser: Browser,
    rate: int,
    base: str,
    broker: str,
    count: int = 1,
    trace: bool = False,
    keep: Path | None = None,
) -> list[tuple[dict[str, list[float]], Tasks]]:
    """``count`` hands of four hard bots on one TV page: the first from the lobby's Start, the
    others from the results' Rematch, as a family's evening goes. Each hand, ms: between the
    moves ("moves"), the main-thread long tasks meanwhile ("tasks"), and the TV's renders
    (``window.lastcardRenders``: "build" the screen's markup, "morph" it into the page, "style"
    resolved, "focus" kept or moved, in the task after the render's); with ``trace``, the hand's
    main-thread tasks by thread time ("cpu"), and the long ones with their parts
    (``cpu_tasks``); each hand's trace written to ``keep`` (a file name; ``-K`` added for the
    K-th hand of the page after the first)."""
    tv = throttled_page(browser, rate)
    tv.goto(table_url(base, broker))
    tv.wait_for_selector("main[data-state=ready][data-bots=ready]", timeout=TIMEOUT)
    tv.get_by_label("Turn timer").select_option("off")
    tv.get_by_label("Computer thinking pause").select_option("0")
    tv.get_by_label("Level").select_option("hard")
    for seat in range(4):
        tv.get_by_role("button", name="Add computer player").click()
        tv.get_by_test_id(f"seat-{seat}").filter(has_text="hard").wait_for()
    played = []
    for k in range(count):
        kept = keep and (keep.with_name(f"{keep.stem}-{k}{keep.suffix}") if k else keep)
        played.append(one_hand(tv, browser, "Rematch" if k else "Start the game", trace, kept))
    tv.context.close()
    return played


def one_hand(
    tv: Page, browser: Browser, button: str, trace: bool, keep: Path | None
) -> tuple[dict[str, list[float]], Tasks]:
    """A hand dealt by the TV's ``button`` and played to its results (``hands``)."""
    start = float(
        tv.evaluate("window.outs = []; window.lastcardRenders.length = 0; performance.now()")
    )
    if trace:
        browser.start_tracing(page=tv, categories=TRACE_CATEGORIES)
        # Starting a trace may collect the page's garbage, Blink's heap then swept in a task
        # of its own (60-100 ms at 4x): let that run before the hand. The hand starts with
        # the button's click, which marks it in the trace (``cpu_tasks`` counts from the task
        # that holds the mark on; Playwright's checks before a click take 0.1-0.2 s at 4x,
        # and their tasks are the lobby's).
        tv.wait_for_timeout(TRACE_SETTLE)
        tv.evaluate(
            f"addEventListener('click', () => console.timeStamp({START_MARK!r}),"
            " {capture: true, once: true})"
        )
    tv.get_by_role("button", name=button).click()
    # the last hand's results gone, then this one's: polled twice a second (Playwright's own
    # waiting polls in the page at every frame)
    tv.wait_for_function(
        "!document.querySelector('[data-testid=results]')", timeout=TIMEOUT, polling=500
    )
    tv.wait_for_function(
        "document.querySelector('[data-testid=results]')", timeout=TIMEOUT, polling=500
    )
    outs, tasks, renders = tv.evaluate("[window.outs, window.longTasks, window.lastcardRenders]")
    traced = []
    if trace:
        raw = browser.stop_tracing()
        if keep:
            keep.write_bytes(raw)
        traced = cpu_tasks(raw)
    return {
        "cpu": [task["cpu"] for task in traced],
        **screens(traced),
        "moves": [later - earlier for earlier, later in itertools.pairwise(outs)],
        "tasks": [float(d) for s, d in tasks if s >= start],
        **{part: [float(r[part]) for r in renders] for part in RENDER_PARTS},
    }, [task for task in traced if task["cpu"] >= LONG]


def screens(traced: Tasks) -> dict[str, list[float]]:
    """The thread time of the deal's render (the longest task in the trace's first second: the
    lobby's screen replaced by the game's) and of the results' (the longest in its last second,
    the trace stopping within half a second of the results), long or not."""
    if not traced:
        return {}
    end = traced[-1]["at"]
    return {
        "deal": [max(t["cpu"] for t in traced if t["at"] < 1)],
        "results": [max(t["cpu"] for t in traced if t["at"] > end - 1)],
    }


# The parts of a TV's render (``window.lastcardRenders``, docs/design.md).
RENDER_PARTS = ("build", "morph", "style", "focus")
# ms between a trace's start and the hand's: a sweep the trace's start causes runs within
# 0.1 s of it
TRACE_SETTLE = 1000
# The trace's mark of the hand's start, the Start button's click (a ``TimeStamp`` event): the
# tasks that ended before it do not count.
START_MARK = "lastcard-hand"
# The trace's categories: the main thread's tasks with their thread time, and what ran in them.
TRACE_CATEGORIES = [
    "toplevel",
    "devtools.timeline",
    "disabled-by-default-devtools.timeline",
    "cppgc",  # Blink's heap: its sweeps run in V8's tasks, which show nothing else
]
# What a long task's thread time went to, by the trace events that take it (nested events aside).
PARTS = {
    "script": (
        "FunctionCall",
        "TimerFire",
        "EventDispatch",
        "FireAnimationFrame",
        "FireIdleCallback",
        "V8.Execute",
    ),
    "parse": ("ParseHTML",),
    "style": ("UpdateLayoutTree", "RecalculateStyles"),
    "layout": ("Layout",),
    "paint": ("Paint", "PrePaint", "UpdateLayer", "UpdateLayerTree", "Layerize", "CompositeLayers"),
    "gc": ("MinorGC", "MajorGC", "V8.GCScavenger", "V8.GCFinalizeMC"),
    "sweep": ("CppGC.IncrementalSweep",),  # Blink's own heap swept (the DOM's objects among others)
}


def cpu_tasks(trace: bytes) -> list[dict[str, float]]:
    """The page's main-thread tasks in a DevTools trace from the one that holds ``START_MARK``
    on (from its start when it has none): each one's thread time ("cpu", ms), when it began
    ("at", s from the mark) and the parts of ``PARTS`` in it. Chromium's throttling holds the
    thread back by keeping it busy, so a throttled task's thread time is
    already its throttled length (a loop of 3-5 ms at 1x took 14-21 ms of thread time at 4x,
    docs/benchmarks.md), without the waits for a core that lengthen its wall-clock time on a
    busy machine."""
    events = json.loads(trace)
    events = events["traceEvents"] if isinstance(events, dict) else events
    mains = {
        (e["pid"], e["tid"])
        for e in events
        if e.get("ph") == "M"
        and e.get("name") == "thread_name"
        and e["args"].get("name") == "CrRendererMain"
    }
    timed = [
        e for e in events if e.get("ph") == "X" and (e["pid"], e["tid"]) in mains and "tdur" in e
    ]
    kinds = {name: part for part, names in PARTS.items() for name in names}
    marks = [
        e["ts"]
        for e in events
        if e.get("name") == "TimeStamp"
        and e.get("args", {}).get("data", {}).get("message") == START_MARK
    ]
    since = min(marks, default=0)
    tasks = sorted(
        (e for e in timed if e["name"] == "RunTask" and e["ts"] + e["dur"] >= since),
        key=lambda e: e["ts"],
    )
    inner = sorted((e for e in timed if e["name"] in kinds), key=lambda e: e["ts"])
    result = []
    first = 0
    for task in tasks:
        end = task["ts"] + task["dur"]
        row = {"cpu": task["tdur"] / 1000, "at": (task["ts"] - (since or tasks[0]["ts"])) / 1e6}
        covered = {part: 0.0 for part in PARTS}  # nested events are in their parent's time
        scripts = []
        while first < len(inner) and inner[first]["ts"] < task["ts"]:
            first += 1
        for e in inner[first:]:
            if e["ts"] >= end:
                break
            part = kinds[e["name"]]
            if (e["pid"], e["tid"]) != (task["pid"], task["tid"]) or e["ts"] < covered[part]:
                continue
            covered[part] = e["ts"] + e["dur"]
            row[part] = row.get(part, 0.0) + e["tdur"] / 1000
            if part == "script":
                scripts.append(e)
            elif any(s["ts"] <= e["ts"] < s["ts"] + s["dur"] for s in scripts):
                row["script"] -= e["tdur"] / 1000  # run by the script: counted as its part
        result.append(row)
    return result


def print_hand(rate: int, played: dict[str, list[float]], long_cpu: Tasks, trace: bool) -> None:
    """One hand's row of the ``--hands`` table."""
    tasks, cpu = played["tasks"], played["cpu"]
    traced = (
        f"{len(long_cpu)}, {sum(1 for d in cpu if d >= 2 * LONG)} | {max(cpu, default=0):.0f}"
        f" | {played['deal'][0]:.0f} | {played['results'][0]:.0f}"
        if trace
        else "| | |"
    )
    print(
        f"| {rate}x | {len(tasks)}/{len(played['moves'])} | {max(tasks, default=0):.0f}"
        f" | {max(played['morph'], default=0):.0f} | {len(played['morph'])} | {traced} |",
        flush=True,
    )


def cell(boot: Boot, part: int) -> str:
    """One figure of a boot, in ms, or how the boot ended instead."""
    return f"{boot[part]:.0f}" if isinstance(boot, tuple) else f"({' '.join(boot.split())})"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="1x and 4x, one boot each")
    parser.add_argument("--hands", type=int, default=0, help="only N hands at each rate")
    parser.add_argument(
        "--per-page",
        type=int,
        default=1,
        metavar="K",
        help="with --hands: K hands on each TV page (Start, then Rematch), each a row",
    )
    parser.add_argument("--rates", default="", help="CPU rates, e.g. 4,6")
    parser.add_argument("--trace", action="store_true", help="with --hands: tasks by thread time")
    parser.add_argument(
        "--keep-traces",
        type=Path,
        metavar="DIR",
        help="with --trace: write each hand's trace there",
    )
    args = parser.parse_args(argv)
    rates: tuple[int, ...] = (1, 4) if args.quick else (1, 4, 6)
    boots = 1 if args.quick else 3
    if args.rates:
        rates = tuple(int(rate) for rate in args.rates.split(","))
    if not executable(MAJOR).is_file():
        print(f"Chromium {MAJOR} is not unpacked (make setup: scripts/tv_chromium.py).")
        return

    server = make_server("127.0.0.1", 0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}"
    rows = []
    with (
        sync_playwright() as playwright,
        amqtt_broker() as broker,
        tv_browser(playwright.chromium, MAJOR) as browser,
    ):
        version = browser.version
        if args.hands:
            print(f"Chromium {version}; a hand of four hard computer players, ms.\n")
            print(
                "| CPU | long tasks / moves | longest | morph max | renders"
                " | by thread time: long tasks, ≥ 100 ms | longest | deal | results |"
            )
            print("|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
            long_ones = []
            for rate in rates:
                for n in range(args.hands):
                    keep = args.keep_traces and args.keep_traces / f"{rate}x-{n}.json"
                    page = hands(browser, rate, base, broker, args.per_page, args.trace, keep)
                    for k, (played, long_cpu) in enumerate(page):
                        which = f"{n}, its page's hand {k + 1}" if args.per_page > 1 else f"{n}"
                        long_ones.append((rate, which, long_cpu))
                        print_hand(rate, played, long_cpu, args.trace)
            print(f"\nThrottling: {throttling()}.")
            if args.trace:
                print("\nThe long tasks by thread time, ms, and their parts:\n")
                for rate, which, long_cpu in long_ones:
                    for task in long_cpu:
                        parts = ", ".join(
                            f"{name} {task[name]:.0f}" for name in PARTS if task.get(name, 0) >= 1
                        )
                        print(
                            f"- {rate}x, hand {which}, at {task['at']:.1f} s: {task['cpu']:.0f}"
                            f" ({parts})"
                        )
            return
        for rate in rates:
            runs = [boot(browser, rate, base, broker) for _ in range(boots)]
            rows.append((rate, runs, hands(browser, rate, base, broker)[0][0]))

    print(f"Chromium {version} (headless), CPU throttled by the DevTools protocol; ms.\n")
    print("| CPU | load | navigation → QR | → ready | longest main-thread task |")
    print("|---:|---|---:|---:|---:|")
    for rate, runs, _ in rows:
        for n, load in enumerate(("cold", "again")):
            row = [" · ".join(cell(run[n], i) for run in runs) for i in range(3)]
            print(f"| {rate}x | {load} | {' | '.join(row)} |")
    print(f"\nThrottling: {throttling()}.")
    print("\nThe hand of four hard computer players:\n")
    print("| CPU | computer move, p50 / p99 / max | long tasks | longest |")
    print("|---:|---:|---:|---:|")
    for rate, _, played in rows:
        moves, tasks = played["moves"], played["tasks"]
        print(
            f"| {rate}x | {spread(moves)} ({len(moves)} moves) | {len(tasks)}"
            f" | {max(tasks, default=0):.0f} |"
        )
    print("\nThe TV's renders in the hand, ms, p50 / p99 / max:\n")
    print(f"| CPU | renders | {' | '.join(RENDER_PARTS)} |")
    print(f"|---:|---:|{'---:|' * len(RENDER_PARTS)}")
    for rate, _, played in rows:
        parts = " | ".join(spread(played[part]) for part in RENDER_PARTS)
        print(f"| {rate}x | {len(played['build'])} | {parts} |")


if __name__ == "__main__":
    main()
