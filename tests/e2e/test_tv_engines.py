"""The table on a smart TV's browser engine, and every page honest on engines too old for it.

A TV's browser is a Chromium years behind (docs/browsers.md). These tests run the pages on the
old builds of ``@sparticuz/chromium`` that the set-up unpacks (``scripts/tv_chromium.py``):

- Chromium 108 (a 2024 TV) hosts a whole evening: boot, the join QR (decoded from the pixels
  the page drew), a phone joining by that QR and one by the code, through the real test broker,
  with Debian's Chromium as the phones; a hand to the results with the TV's remote for its own
  seat; a phone reload and a table reload (Python restored from its snapshot) in the middle.
- Chromium 119 (a 2025 TV runs 120): a boot that fails (a module that does not load, then an
  error in the boot) says so and offers Try again; then the table deals a hand to the remote.
- Chromium 92 (a 2021-2022 TV, and a phone's WebView of that age): table.html and index.html say
  this browser cannot host, in its language; hand.html joins a table and plays.

A build that is not unpacked (``make setup`` does it) skips its tests, saying so.
"""

from __future__ import annotations

import base64
import re
from collections.abc import Callable, Iterator
from urllib.parse import quote

import pytest
from playwright.sync_api import Browser, Locator, Page, expect
from tv_chromium import executable, tv_browser

from .conftest import BOOT_TIMEOUT, TV_VIEWPORT, PageLog, resize
from .test_remote import Remote, expect_focus
from .test_table_game import fixed_seed, take_phone_turn

JOIN_TIMEOUT = 20_000  # ms: relay hand-shake and WebRTC on a busy two-core machine
# ms: a deal can open with the computer's move (a Reverse or a Skip turned up, say), and the
# computers' first move waits for their Python worker to start beside the table's
FIRST_TURN_TIMEOUT = 30_000
MAX_MOVES = 400
# The texts of the QR codes in a PNG (base64), read by the site's own QR reader
# (js/qr-worker.js: zxing-wasm where the browser has no BarcodeDetector).
READ_QR = """async (png) => {
  const blob = await (await fetch("data:image/png;base64," + png)).blob();
  const frame = await createImageBitmap(blob);
  const worker = new Worker("js/qr-worker.js", { type: "module" });
  try {
    return await new Promise((resolve, reject) => {
      worker.onmessage = ({ data }) => {
        if (data.ready) worker.postMessage(frame, [frame]);
        else if (data.texts) resolve(data.texts);
        else reject(new Error(data.failed ?? data.error));
      };
    });
  } finally {
    worker.terminate();
  }
}"""

# Web Locks that fail at the first load of the page (the next load has them).
LOCKS_FAIL_ONCE = """
if (!sessionStorage.getItem("failedOnce")) {
  sessionStorage.setItem("failedOnce", "1");
  navigator.locks.request = () => Promise.reject(new Error("no locks today"));
}
// what a page embedding the table hears (docs/design.md, "Controller")
document.addEventListener("lastcard-failed", (event) => { window.failedBoot = event.detail; });"""
# The width a page taller than the screen leaves to its content: the whole width when the page
# shows no scrollbar. This engine draws classic scrollbars (Playwright's own headless Chromium
# hides them all).
TALL_PAGE_WIDTH = """() => {
  const tall = document.createElement("div");
  tall.style.height = "300vh";
  document.body.append(tall);
  const width = document.documentElement.clientWidth;
  tall.remove();
  return [width, innerWidth];
}"""
LOG_CHANGED = "(before) => document.querySelector('[data-testid=log]').innerText !== before"


def engine(browser: Browser, major: int) -> Iterator[Browser]:
    """Chromium ``major`` for a module's tests, or a skip that says why it is missing."""
    if not executable(major).is_file():
        pytest.skip(f"Chromium {major} is not unpacked (make setup: scripts/tv_chromium.py)")
    with tv_browser(browser.browser_type, major) as old:
        yield old


@pytest.fixture(scope="module")
def chromium108(browser: Browser) -> Iterator[Browser]:
    yield from engine(browser, 108)


@pytest.fixture(scope="module")
def chromium119(browser: Browser) -> Iterator[Browser]:
    yield from engine(browser, 119)


@pytest.fixture(scope="module")
def chromium92(browser: Browser) -> Iterator[Browser]:
    yield from engine(browser, 92)


def tv_page(old: Browser, locale: str = "en-GB") -> Page:
    """A TV-sized page of an old engine, in a context of its own (closed with the browser)."""
    return old.new_context(viewport=TV_VIEWPORT, locale=locale).new_page()


def open_on(page: Page, url: str, watch: Callable[[Page], PageLog]) -> PageLog:
    """``open_table`` for a page of an old engine: open ``url``, wait until the table is ready."""
    log = watch(page)
    page.goto(url)
    expect(page.get_by_test_id("table")).to_have_attribute(
        "data-state", "ready", timeout=BOOT_TIMEOUT
    )
    return log


def read_qr(reader: Page, qr: Locator) -> str:
    """Decode the QR code shown in ``qr`` (its screenshot) on the page ``reader``."""
    (text,) = reader.evaluate(READ_QR, base64.b64encode(qr.screenshot()).decode())
    return str(text)


def join(phone: Page, url: str | None, name: str, old: bool = False) -> Page:
    """Open ``url`` (None: the phone page is open), type the name, tap Join. ``old``: the page's
    engine is older than Playwright's visibility checks (Chromium 105), so no check is asked for."""
    if url is not None:
        phone.goto(url)
    phone.get_by_label("Your name").fill(name, force=old)
    # CSS and text, not a role: Playwright's role queries check visibility (Chromium 105+)
    phone.locator("button", has_text=re.compile("^Join$")).click(force=old)
    expect(phone.get_by_text("You are at the table")).to_have_count(1, timeout=JOIN_TIMEOUT)
    return phone


def remote_turn(tv: Page, remote: Remote) -> None:
    """The TV's own seat plays with OK alone: the focus is on its likely move, then on the first
    colour, suit or card of a choice."""
    expect(tv.locator(".hand--turn")).to_be_visible(timeout=FIRST_TURN_TIMEOUT)
    tv.wait_for_function("() => document.activeElement?.closest('.local, .choice')")
    remote.press("Enter")
    choice = tv.get_by_test_id("choice")
    while choice.count() and choice.is_visible():
        remote.press("Enter")


def test_a_2024_tv_hosts_phones_through_a_whole_hand(
    chromium108: Browser,
    new_phone: Callable[[], Page],
    base_url: str,
    mqtt_broker: str,
    watch: Callable[[Page], PageLog],
) -> None:
    tv = tv_page(chromium108)
    # a fixed deal, whose hand runs 25 moves: random deals ran 25 to 140 in four tries, and this
    # test 12 to 66 s
    tv.add_init_script(fixed_seed(0.2))
    log = open_on(
        tv,
        f"{base_url}/table.html?new&join=relay&broker={quote(mqtt_broker, safe='')}&stun=none",
        watch,
    )
    assert tv.evaluate("navigator.userAgent").count("Chrome/108.")
    link = tv.get_by_test_id("join-url")
    expect(link).to_contain_text("hand.html#r=", timeout=JOIN_TIMEOUT)
    code = tv.get_by_test_id("join-code").inner_text()

    # One phone scans the QR the TV drew, one types the address and the code the TV shows; both
    # through the relay.
    ann = new_phone()
    ann.goto(f"{base_url}/index.html")
    scanned = read_qr(ann, tv.locator("#join-qr"))
    assert scanned == link.inner_text()
    join(ann, scanned, "Ann")
    bob = new_phone()
    bob.goto("http://" + tv.get_by_test_id("join-home").inner_text())
    bob.get_by_label("Table code").fill(code)
    bob.get_by_label("Table code").press("Enter")
    expect(bob).to_have_url(f"{base_url}/hand.html#c={code}&b={quote(mqtt_broker, safe='')}&s=none")
    join(bob, None, "Bob")
    for seat, name in enumerate(("Ann", "Bob")):
        expect(tv.get_by_test_id(f"seat-{seat}")).to_contain_text(name)

    # The remote: no turn timer, then "Play against the computer" seats the TV's own player
    # beside the phones (three players: no computer needed) and deals. With two phones in, the
    # focus is on "Start the game", the big button now.
    remote = Remote(tv)
    expect_focus(tv, "host:start")
    remote.go("ArrowLeft", "solo")
    remote.go("ArrowDown", "timer-turn")
    remote.press("Enter")
    remote.press("ArrowUp", 2)
    remote.press("Enter")
    expect(tv.locator("#timer-turn")).to_have_value("off")
    remote.go("ArrowUp", "solo")
    remote.press("Enter", 2)
    expect(tv.get_by_test_id("seat-2")).to_contain_text("on this screen")
    expect(tv.locator("body")).to_have_attribute("data-phase", "playing")
    # The TV's own hand laid out as on today's engines: full-sized cards (4rem at least), never
    # collapsed by CSS this engine lacks (its cards were 18 px wide with round(), Chromium 125)
    card = tv.locator(".game__local .hand__card").first
    expect(card).to_be_visible()
    box = card.bounding_box()
    assert box is not None and box["width"] >= 64 and box["height"] > box["width"], box
    # Python's snapshot made: the bots' worker boots Python from it (as long as a boot when busy)
    expect(tv.get_by_test_id("table")).to_have_attribute("data-bots", "ready", timeout=BOOT_TIMEOUT)

    # The hand, each move by the seat the TV shows on turn; the TV's log changes with each.
    players: list[Page | None] = [ann, bob, None]
    results = tv.get_by_test_id("results")
    on_turn = tv.locator("[data-testid^=seat-][aria-current=true]")
    reloaded: set[str] = set()
    for move in range(MAX_MOVES):
        expect(results.or_(on_turn).first).to_be_visible()
        if results.is_visible():
            break
        seat = int(str(on_turn.get_attribute("data-testid")).split("-")[1])
        phone = players[seat]
        before = tv.get_by_test_id("log").inner_text()
        if phone is None:
            remote_turn(tv, remote)
        else:
            take_phone_turn(tv, phone, seat)
        tv.wait_for_function(LOG_CHANGED, arg=before)
        if move == 6 and "phone" not in reloaded:
            # A phone reloads: back to its seat and its cards, by itself.
            reloaded.add("phone")
            ann.reload()
            expect(ann.get_by_test_id("hand").get_by_role("listitem").first).to_be_visible(
                timeout=JOIN_TIMEOUT
            )
            expect(tv.get_by_test_id("seat-0")).to_contain_text("connected")
        if move == 12 and "table" not in reloaded:
            # The table reloads: the saved game, Python from its snapshot, both phones back.
            reloaded.add("table")
            tv.reload()
            expect(tv.get_by_test_id("table")).to_have_attribute(
                "data-state", "ready", timeout=BOOT_TIMEOUT
            )
            assert tv.evaluate("window.lastcardBoot.restored") is True
            for page in (ann, bob):
                expect(page.get_by_test_id("link")).to_have_count(0, timeout=JOIN_TIMEOUT)
    expect(results).to_be_visible()
    assert reloaded == {"phone", "table"}
    # no scrollbar narrows the TV's page, even while the page is taller than the screen
    width, screen = tv.evaluate(TALL_PAGE_WIDTH)
    assert width == screen, (width, screen)
    for page in (ann, bob):
        expect(page.get_by_test_id("results")).to_be_visible()
    assert log.console_errors == []


def test_a_2024_tv_lays_a_long_hand_on_rows_with_every_corner_in_sight(
    chromium108: Browser, base_url: str, watch: Callable[[Page], PageLog]
) -> None:
    """The TV's own long hand on Chromium 108 lies as on today's engines: on the rows the page
    counts (two from 20 plain cards, 16 with a French 10, 14 with a +2; more past 46), no card
    over another's corner, the moves on the screen, at 1080p and 720p. Its CSS keeps to what
    this engine has (calc, min, max, clamp, cqw): CSS round() (Chromium 125) once collapsed
    every card of this engine's hand to 18 px. The choice of whom to swap hands with stands
    beside the hand, as on today's engines (it lay over the hand: this engine made the hand's
    query container the choice's containing block)."""
    from .test_sofa import (  # test_sofa imports this module: its helpers are read at run time
        CORNERS_COVERED,
        FRENCH,
        LONG_NAME,
        MARKS,
        SEATS_IN_PLAY,
        WIDE,
        choice_beside_the_hand,
        hand_rows,
        still_drawn,
    )

    tv = tv_page(chromium108)
    log = open_on(tv, f"{base_url}/table.html?new&join=camera&stun=none", watch)
    names = ["Бабушка Галина Петровна", LONG_NAME, *(f"Компьютер {n}" for n in range(1, 9))]
    hand = tv.get_by_test_id("hand")
    for faces, cards, rows in ((MARKS, 25, 2), (FRENCH, 40, 3), (WIDE, 60, 4)):
        local = {"names": names, "house": True, "local": True, "cards": cards, "faces": faces}
        tv.evaluate(SEATS_IN_PLAY, local)
        expect(hand.locator(".hand__card")).to_have_count(cards)
        for width, height in ((1920, 1080), (1280, 720)):
            resize(tv, width, height)
            state = f"{cards} cards from {faces[0]} at {width}x{height}"
            still_drawn(tv, state)
            assert tv.evaluate(CORNERS_COVERED) == [], state
            assert len(hand_rows(tv)[0]) == rows, state
            box = hand.locator(".hand__card").first.bounding_box()
            assert box is not None and box["width"] >= 40, (state, box)
            box = hand.locator(".hand__actions").bounding_box()
            assert box and box["y"] + box["height"] <= height, (state, box)
    # the choice of whom a seven-zero 7 swaps with stands over the centre, beside the hand, its
    # cards where they were (the choice's place is the grid's cell of the centre, the game's grid
    # its containing block: no query container between them, which this engine's would be)
    swaps = ["draw", *(f"play R7 @{n}" for n in range(1, 10))]
    choose = {"names": names, "house": True, "local": True, "legal": swaps, "choose": "R7"}
    for faces, cards in ((["R7", "G2"], 7), (["R7", *WIDE], 60)):
        tv.evaluate(SEATS_IN_PLAY, {**choose, "cards": cards, "faces": faces})
        expect(tv.get_by_test_id("choice").locator(".choice__seat")).to_have_count(9)
        for width, height in ((1920, 1080), (1280, 720)):
            resize(tv, width, height)
            state = f"choosing whom to swap with beside {cards} cards at {width}x{height}"
            still_drawn(tv, state)
            choice_beside_the_hand(tv, state, may_scroll=True)
    assert log.console_errors == []


def test_a_2025_tv_recovers_from_a_failed_boot_and_deals_a_hand(
    chromium119: Browser, base_url: str, watch: Callable[[Page], PageLog]
) -> None:
    tv = tv_page(chromium119)
    # The page's script (the bundle of its modules) does not load: the page's own script says
    # so, with a way out.
    tv.route("**/js/table.bundle.js", lambda route: route.abort())
    tv.goto(f"{base_url}/table.html?new&join=camera&stun=none")
    table = tv.get_by_test_id("table")
    expect(table).to_have_attribute("data-state", "error")
    expect(tv.get_by_test_id("boot")).to_contain_text("The table could not start")
    tv.unroute("**/js/table.bundle.js")
    # A failure later in the boot, once: js/table.js says so, and Try again boots the table.
    tv.add_init_script(LOCKS_FAIL_ONCE)
    tv.get_by_role("button", name="Try again").click()
    expect(tv.get_by_test_id("boot")).to_contain_text("The table could not start: no locks today")
    assert tv.evaluate("window.failedBoot") == "no locks today"  # told as the worker's failure is
    log = watch(tv)
    tv.get_by_role("button", name="Try again").click()
    expect(table).to_have_attribute("data-state", "ready", timeout=BOOT_TIMEOUT)

    remote = Remote(tv)
    expect_focus(tv, "solo")
    remote.press("Enter", 2)
    expect(tv.get_by_test_id("top").get_by_role("img")).to_be_visible()
    remote_turn(tv, remote)
    assert log.console_errors == []


def test_a_2021_tv_says_it_cannot_host_and_its_phone_page_plays(
    chromium92: Browser,
    tv: Page,
    base_url: str,
    watch: Callable[[Page], PageLog],
    relay_table: Callable[[Page], Locator],
) -> None:
    old = tv_page(chromium92, locale="ru-RU")
    # table.html opened directly (a bookmark): the notice, in the TV's language, not a hang.
    old.goto(f"{base_url}/table.html")
    table = old.get_by_test_id("table")
    expect(table).to_have_attribute("data-state", "unsupported")
    expect(old.get_by_test_id("boot")).to_contain_text(
        "Этот браузер не может открыть стол (нет: WebAssembly exceptions)"
    )
    expect(old.locator(".join")).to_have_attribute("hidden", "")
    # The landing page says it too, and still lets a phone type a code.
    old.goto(f"{base_url}/index.html")
    expect(old.get_by_test_id("host-unsupported")).to_contain_text("WebAssembly exceptions")
    expect(old.get_by_test_id("host-link")).not_to_have_attribute("href", re.compile("."))
    expect(old.get_by_label("Код стола")).to_have_count(1)

    # hand.html on the same engine (a phone's WebView of that age) joins a table and plays.
    link = relay_table(tv)
    hand_page = chromium92.new_context(
        viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True, locale="en-GB"
    ).new_page()
    phone_log = watch(hand_page)
    join(hand_page, link.inner_text(), "Vera", old=True)
    tv.get_by_label("Turn timer").select_option("off")
    tv.get_by_label("Computer thinking pause").select_option("0")
    tv.get_by_role("button", name="Add computer player").click()
    tv.get_by_role("button", name="Start the game").click()
    hand = hand_page.get_by_test_id("hand")
    expect(hand.get_by_text("Your turn")).to_have_count(1, timeout=JOIN_TIMEOUT)
    legal = hand.locator(".hand__card.is-legal")
    if legal.count():  # the first legal card, then the first colour if asked
        legal.first.click(force=True)
        choice = hand_page.get_by_test_id("choice")
        if choice.count():
            choice.locator("button").first.click(force=True)
    else:
        hand.locator("button", has_text=re.compile("^Draw$")).click(force=True)
    expect(tv.get_by_test_id("log")).to_contain_text("Vera")
    assert phone_log.console_errors == []
