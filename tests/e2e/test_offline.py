"""Offline after the first visit (sw.js, js/offline.js, scripts/sitefiles.py), in Chromium.

Each test serves the site itself, so it can take the server away: "the network is off" is the
server stopped and the browser context set offline, both (for the camera join only the server
goes: Chromium's offline switch would also cut the local link between phone and table). A
second visit then boots from what the service worker kept: the table to a game against the
computer; the table and a phone that visited before, to a phone joining by the table's camera;
the phone page to its screen. A new
deploy (files changed, so the site manifest changed) is fetched in the background of the next
load (served from the cache at once, the old version whole) and served from the load after it;
only the changed files are fetched again, and their old versions leave the cache. The web app
manifest makes the table installable (Chromium's own installability check).
"""

from __future__ import annotations

import functools
import shutil
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from fakecam import write_y4m
from playwright.sync_api import Browser, BrowserContext, Page, expect
from serve import ROOT, Server, StaticHandler

from .test_table_game import take_turn

BOOT_TIMEOUT = 90_000  # ms: a Pyodide boot on a busy two-core machine, with a wide margin
KEEP_TIMEOUT = 120_000  # ms: the first visit's copy of the table's files (16 MB)
JOIN_TIMEOUT = 20_000  # ms: WebRTC and the controller round trip on a busy two-core machine
TURNS = 3  # the human's turns played offline, each answered by the computer
TABLE = "table.html?new&join=camera&stun=none"  # camera joining, no STUN: nothing beyond loopback
CACHE = "lastcard-v1"
# True once the service worker has kept `set` (its state is written after every file is in).
KEPT = """async (set) => {
  const registration = await navigator.serviceWorker.getRegistration();
  if (!registration?.active) return false;
  const saved = await (await caches.open(CACHE)).match(registration.scope + "__offline-state__");
  if (!saved) return false;
  const state = await saved.json();
  return state.manifest !== null && state.sets.includes(set);
}""".replace("CACHE", repr(CACHE))
# True once the service worker has fetched a new deploy whole, to serve from the next load on.
STAGED = """async () => {
  const registration = await navigator.serviceWorker.getRegistration();
  const saved = await (await caches.open(CACHE)).match(registration.scope + "__offline-state__");
  return Boolean(saved && (await saved.json()).next);
}""".replace("CACHE", repr(CACHE))
# The cache keys the service worker holds, as "path?v=hash" from the site root.
CACHED = """async () => {
  const scope = (await navigator.serviceWorker.getRegistration()).scope;
  const keys = await (await caches.open(CACHE)).keys();
  return keys.map((request) => request.url.slice(scope.length));
}""".replace("CACHE", repr(CACHE))


@dataclass
class Site:
    """A static server of one site root, which a test can stop (the network goes away);
    ``fetched`` lists the paths it was asked for."""

    url: str
    stop: Callable[[], None]
    fetched: list[str]


@contextmanager
def serve_site(root: Path) -> Iterator[Site]:
    """Serve ``root`` with the handler of ``make play`` on 127.0.0.1 at a free port."""
    fetched: list[str] = []

    class Recording(StaticHandler):
        def do_GET(self) -> None:
            fetched.append(self.path)
            super().do_GET()

    server = Server(("127.0.0.1", 0), functools.partial(Recording, directory=str(root)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    stopped = threading.Event()

    def stop() -> None:
        if not stopped.is_set():
            stopped.set()
            server.shutdown()
            server.server_close()

    try:
        yield Site(f"http://127.0.0.1:{server.server_address[1]}", stop, fetched)
    finally:
        stop()


def go_offline(context: BrowserContext, site: Site) -> None:
    """Stop the server and cut the context's network."""
    site.stop()
    context.set_offline(True)


def tv_context(browser: Browser) -> BrowserContext:
    return browser.new_context(viewport={"width": 1280, "height": 720}, service_workers="allow")


def phone_context(browser: Browser) -> BrowserContext:
    return browser.new_context(
        viewport={"width": 390, "height": 844},
        is_mobile=True,
        has_touch=True,
        service_workers="allow",
    )


def keeps(page: Page, kept: str) -> None:
    """Wait until the service worker has kept the set ``kept`` ("phone" or "table")."""
    deadline = time.monotonic() + KEEP_TIMEOUT / 1000
    while not page.evaluate(KEPT, kept):  # wait_for_function does not await a promise
        assert time.monotonic() < deadline, f"the service worker did not keep {kept!r}"
        page.wait_for_timeout(250)


def staged(page: Page) -> None:
    """Wait until the service worker holds a new deploy whole, to be served from the next load."""
    deadline = time.monotonic() + KEEP_TIMEOUT / 1000
    while not page.evaluate(STAGED):
        assert time.monotonic() < deadline, "the service worker did not fetch the new deploy"
        page.wait_for_timeout(100)


def play_turns(tv: Page, turns: int) -> None:
    """Start a solo game (no thinking pause, no timer) and play ``turns`` turns: each time the
    first legal card (the first choice if one is asked), else draw, else end the turn; the
    computer plays in between."""
    tv.get_by_label("Computer thinking pause").select_option("0")
    tv.get_by_label("Turn timer").select_option("off")
    tv.get_by_role("button", name="Play against the computer").click()
    tv.get_by_test_id("solo-dialog").get_by_role("button", name="Deal").click()
    hand = tv.get_by_test_id("hand")
    results = tv.get_by_test_id("results")
    my_turn = tv.locator(".hand--turn")
    played = 0
    while played < turns:
        expect(results.or_(my_turn).first).to_be_visible()
        if results.is_visible():
            return
        take_turn(tv, hand)
        played += 1
    expect(tv.get_by_test_id("log").get_by_role("listitem").first).to_be_visible()


def test_second_visit_boots_the_table_offline_and_a_solo_game_plays(browser: Browser) -> None:
    with serve_site(ROOT) as site:
        context = tv_context(browser)
        first = context.new_page()
        first.goto(f"{site.url}/{TABLE}")
        expect(first.get_by_test_id("table")).to_have_attribute(
            "data-state", "ready", timeout=BOOT_TIMEOUT
        )
        keeps(first, "table")
        # Chromium's own checks: the web app manifest parses, and with its icons and the service
        # worker the table is installable (but for the test's private browsing context).
        cdp = context.new_cdp_session(first)
        assert cdp.send("Page.getAppManifest")["errors"] == []
        errors = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
        assert [e["errorId"] for e in errors if e["errorId"] != "in-incognito"] == []
        first.close()

        go_offline(context, site)
        tv = context.new_page()
        errors: list[str] = []
        tv.on("pageerror", lambda error: errors.append(str(error)))
        tv.goto(f"{site.url}/{TABLE}")
        expect(tv.get_by_test_id("table")).to_have_attribute(
            "data-state", "ready", timeout=BOOT_TIMEOUT
        )
        expect(tv.get_by_role("heading", name="New game")).to_be_visible()
        play_turns(tv, TURNS)
        assert errors == []
        context.close()


def test_phone_page_offline_and_a_new_deploy_on_the_next_load(
    browser: Browser, tmp_path: Path
) -> None:
    # A deployable copy of the site: pages and scripts copied (the test changes them), the big
    # folders linked.
    root = tmp_path / "site"
    root.mkdir()
    for page in [*ROOT.glob("*.html"), ROOT / "sw.js", ROOT / "manifest.webmanifest"]:
        shutil.copy2(page, root)
    for folder in ("js", "css", "assets"):
        shutil.copytree(ROOT / folder, root / folder)
    for folder in ("py", "vendor"):
        (root / folder).symlink_to(ROOT / folder)

    with serve_site(root) as site:
        context = phone_context(browser)
        phone = context.new_page()
        phone.goto(f"{site.url}/hand.html")
        expect(phone.get_by_label("Table code")).to_be_visible()
        keeps(phone, "phone")
        before = phone.evaluate(CACHED)
        assert not [k for k in before if k.startswith(("vendor/pyodide/", "py/", "vendor/mqtt/"))]
        assert any(key.startswith("vendor/qrcode-generator/") for key in before)

        # A deploy: one script and the phone page change.
        store = root / "js" / "store.js"
        store.write_text(store.read_text() + "\nwindow.deployed = 2;\n")
        hand = root / "hand.html"
        marked = hand.read_text().replace("<head>", '<head><meta name="deploy" content="2">')
        hand.write_text(marked)
        site.fetched.clear()
        # The next load is served from the cache at once, the old version whole; the worker
        # finds the deploy meanwhile and fetches it as the next version...
        phone.reload()
        expect(phone.get_by_label("Table code")).to_be_visible()
        assert phone.evaluate("window.deployed") is None
        expect(phone.locator("meta[name=deploy]")).to_have_count(0)
        staged(phone)
        # ...which the load after it serves.
        phone.reload()
        expect(phone.locator("meta[name=deploy]")).to_have_count(1)
        assert phone.evaluate("window.deployed") == 2
        after = phone.evaluate(CACHED)
        changed = {key for key in before if key.startswith(("js/store.js?", "hand.html?"))}
        assert len(changed) == 2 and not changed & set(after)  # the old versions are gone
        assert len([k for k in after if k.startswith(("js/store.js?", "hand.html?"))]) == 2
        assert set(before) - changed <= set(after)
        # Only the manifest (once per load) and the changed files came over the network.
        fetched = sorted(set(site.fetched))
        assert fetched == ["/hand.html", "/js/store.js", "/vendor/site-files.json"]
        assert len(site.fetched) <= 4

        go_offline(context, site)
        phone.reload()
        expect(phone.get_by_label("Table code")).to_be_visible()
        expect(phone.locator("meta[name=deploy]")).to_have_count(1)
        assert phone.evaluate("window.deployed") == 2
        context.close()


def test_offline_a_phone_that_visited_before_joins_by_the_camera(
    browser: Browser, webcam_browser: tuple[Browser, Path]
) -> None:
    table_browser, video = webcam_browser
    with serve_site(ROOT) as site:
        table = tv_context(table_browser)
        first = table.new_page()
        first.goto(f"{site.url}/{TABLE}")
        expect(first.get_by_test_id("table")).to_have_attribute(
            "data-state", "ready", timeout=BOOT_TIMEOUT
        )
        keeps(first, "table")
        first.close()
        phone_side = phone_context(browser)
        visit = phone_side.new_page()
        visit.goto(f"{site.url}/hand.html")
        keeps(visit, "phone")
        visit.close()

        # No internet at all, but the room's own network stays: the browser's offline switch
        # would cut the phone-to-table link too, so here the site's server is what goes away.
        site.stop()
        tv = table.new_page()
        tv.goto(f"{site.url}/{TABLE}")
        expect(tv.get_by_test_id("table")).to_have_attribute(
            "data-state", "ready", timeout=BOOT_TIMEOUT
        )
        url = tv.get_by_test_id("join-url")
        expect(url).to_contain_text("hand.html#o=", timeout=JOIN_TIMEOUT)

        phone = phone_side.new_page()
        phone.goto(url.inner_text())
        phone.get_by_label("Your name").fill("Анна")
        phone.get_by_role("button", name="Join").click()
        answer = phone.get_by_role("img", name="answer QR")
        expect(answer).to_be_visible(timeout=JOIN_TIMEOUT)
        write_y4m(video, answer.screenshot())
        expect(phone.get_by_text("You are at the table")).to_be_visible(timeout=JOIN_TIMEOUT)
        expect(tv.get_by_test_id("seat-0")).to_contain_text("Анна")
        expect(tv.get_by_test_id("seat-0")).to_contain_text("connected")
        table.close()
        phone_side.close()
