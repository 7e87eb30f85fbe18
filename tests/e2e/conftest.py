"""Shared browser fixtures for the end-to-end tests: Playwright for Python driving Debian Chromium,
and scripts/firefox.py driving Debian Firefox (puppeteer-core over WebDriver BiDi).

Every test in ``tests/e2e/`` is marked ``e2e``. Fixtures and helpers, for reuse by every e2e test:

``base_url`` (session)
    Base URL (``http://127.0.0.1:<random port>``, no trailing slash) of a static server of the
    repository root: the server of ``make play`` (``scripts/serve.py``), so MIME types match.
    The set-up (``make test`` runs it first) has filled ``vendor/`` and built the engine wheel.
``browser`` (session)
    One headless Chromium (``$CHROMIUM`` or ``/usr/bin/chromium``) with the project's flags.
    Make one context per device: the fixtures below do.
``tv``
    A desktop-sized page (1280x720) for table.html, on the session's one TV (``tv_context``):
    the TV of a home that hosts evening after evening, its profile on disk. Its HTTP cache (with
    the code compiled from Pyodide's WebAssembly) and its Python snapshot (js/python-boot.js)
    carry over from test to test, so its tables boot as a returning TV's do (about 2
    CPU-seconds, against 8 in a context of ``browser``, 13 on a first visit). Nothing else
    does: after each test
    its pages are closed, its routes removed and the site's storage cleared (local storage,
    IndexedDB with the table's identity, cookies).
``new_tv``
    The same page in a context of its own: a TV opening the site for the first time, or a
    test that changes its TV's context (a route on it). Closed after the test.
    The contexts of ``tv``, ``new_tv`` and ``new_phone`` block service workers, so a test's
    page does not copy the site into a cache behind its back; tests/e2e/test_offline.py tests
    them.
``new_phone``
    A factory: ``phone = new_phone()`` gives a page in a new phone context (390x844, is_mobile,
    has_touch); call it once per phone. All are closed after the test.
``watch``
    A function: ``log = watch(page)`` before ``page.goto`` gives a ``PageLog``:
    ``log.console_errors`` (console errors and uncaught page errors, as text), ``log.requests``
    (every request URL) and ``log.foreign(base_url)`` (the requests that left the local origin).
``resize`` (a function of this module: ``from .conftest import resize``)
    ``resize(page, width, height)`` instead of ``page.set_viewport_size``: the page's window,
    then its viewport, then a wait (bounded) for the page's next frame.
``open_table``
    A function: ``log = open_table(page, query="")`` watches ``page``, opens
    ``table.html?<query>`` and waits (up to ``BOOT_TIMEOUT``) until ``<main data-testid="table">``
    has ``data-state="ready"``: Pyodide is up and py/bridge.py has imported the engine.
``open_pyodide``
    A function: ``open_pyodide(page)`` opens ``tests/e2e/pages/pyodide.html``, the vendored
    Pyodide without PyScript, with the engine wheel installed, and waits until it is ready;
    then ``page.evaluate("(code) => pyodide.runPython(code)", source)`` runs Python there.

``mqtt_broker`` (session)
    A loopback MQTT-over-WebSocket broker (amqtt, ``scripts/broker.py``): its ``ws://`` URL.
``relay_table``
    A function: ``url = relay_table(page)`` opens a fresh table (``open_table``) joining by relay
    through ``mqtt_broker``, with no STUN, and waits (up to ``RELAY_TIMEOUT``) until its join link
    shows the relay's link; it returns that element (``url.inner_text()``: the link). To read the
    page's console errors too, ``log = watch(page)`` first.
``webcam_browser``
    ``(browser, video)``: a Chromium whose fake webcam plays the y4m file ``video``;
    ``write_y4m(video, png)`` puts a picture in front of it (``None``: a white frame).
``firefox`` (session)
    One headless Firefox (``$FIREFOX`` or ``/usr/bin/firefox-esr``; see ``scripts/firefox.py``).
``fox_tv`` / ``new_fox_phone``
    A desktop-sized Firefox page, and a factory of phone-sized ones, each in its own browser
    context (a ``FoxPage``: a small Playwright-like surface). All are closed after the test.
``open_fox_table``
    ``open_fox_table(page, query="")``: ``open_table`` for a Firefox page.

Before the first test, the session rebuilds the engine wheel from ``py/`` (as ``make setup``
does), so the browser always runs the code the tests import natively.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import quote

import pytest
from bootstrap import engine_wheel_name, rebuild_engine_wheel
from broker import amqtt_broker
from chromium import CHROMIUM, CHROMIUM_ARGS
from fakecam import write_y4m
from firefox import Firefox, FoxPage
from playwright.sync_api import (
    Browser,
    BrowserContext,
    Locator,
    Page,
    Playwright,
    ViewportSize,
    expect,
    sync_playwright,
)
from serve import serving

TV_VIEWPORT: ViewportSize = {"width": 1280, "height": 720}
# The TVs a layout must hold on: 1080p, 720p and 540p.
TV_SIZES = ((1920, 1080), (1280, 720), (960, 540))
PHONE_VIEWPORT: ViewportSize = {"width": 390, "height": 844}
BOOT_TIMEOUT = 90_000  # ms: a cold Pyodide boot on a busy two-core machine, with a wide margin
RELAY_TIMEOUT = 20_000  # ms: the relay link on a busy two-core machine

HERE = Path(__file__).resolve().parent


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark every test under tests/e2e with ``e2e`` (``-m "not e2e"`` skips the browser)."""
    for item in items:
        if HERE in item.path.parents:
            item.add_marker(pytest.mark.e2e)


@pytest.fixture(scope="session")
def base_url() -> Iterator[str]:
    """Serve the repository root on 127.0.0.1 at a free port for the whole session (the engine
    wheel built first, unless ``make test``'s set-up has just built it for every run at once:
    scripts/run_tests.py)."""
    if not os.environ.get("LASTCARD_WHEEL_BUILT"):
        rebuild_engine_wheel()
    with serving() as url:
        yield url


@pytest.fixture(scope="session")
def playwright() -> Iterator[Playwright]:
    """Playwright, started once for the session (every Chromium of it comes from here)."""
    with sync_playwright() as started:
        yield started


@pytest.fixture(scope="session")
def browser(playwright: Playwright) -> Iterator[Browser]:
    """One headless Debian Chromium for the session."""
    chromium = playwright.chromium.launch(
        executable_path=CHROMIUM,
        args=CHROMIUM_ARGS,
        headless=True,
    )
    yield chromium
    chromium.close()


#: what a returning TV forgets between tests: all of the site's storage but Cache Storage (the
#: Python snapshot; with service workers blocked, nothing else is kept there)
FORGOTTEN = "cookies,file_systems,indexeddb,local_storage,websql"


@pytest.fixture(scope="session")
def tv_context(
    playwright: Playwright, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[BrowserContext]:
    """The session's TV: one desktop context that the ``tv`` pages share, test after test. A
    browser profile on disk, as a TV's is (a Chromium of its own): only such a profile keeps
    the code compiled from Pyodide's WebAssembly (the code cache; an in-memory profile, a new
    context of ``browser``, has none), so a returning TV's table boots in about 2 CPU-seconds,
    not 8."""
    context = playwright.chromium.launch_persistent_context(
        tmp_path_factory.mktemp("tv-profile"),
        executable_path=CHROMIUM,
        args=CHROMIUM_ARGS,
        headless=True,
        viewport=TV_VIEWPORT,
        service_workers="block",
    )
    for page in context.pages:  # the window it opens with
        page.close()
    yield context
    context.close()


def forget(context: BrowserContext, origin: str) -> None:
    """Close ``context``'s pages, remove its routes and clear ``origin``'s storage but Cache
    Storage: the returning TV of the next test."""
    for page in context.pages:
        page.close()
    context.unroute_all(behavior="ignoreErrors")
    blank = context.new_page()
    cdp = context.new_cdp_session(blank)
    cdp.send("Storage.clearDataForOrigin", {"origin": origin, "storageTypes": FORGOTTEN})
    cdp.detach()
    blank.close()


@pytest.fixture
def tv(tv_context: BrowserContext, base_url: str) -> Iterator[Page]:
    """A desktop-sized page (the TV or laptop running table.html) on the session's TV."""
    yield tv_context.new_page()
    forget(tv_context, base_url)


@pytest.fixture
def new_tv(browser: Browser) -> Iterator[Page]:
    """A desktop-sized page in a context of its own: a TV on its first visit."""
    context = browser.new_context(viewport=TV_VIEWPORT, service_workers="block")
    yield context.new_page()
    context.close()


@pytest.fixture
def new_phone(browser: Browser) -> Iterator[Callable[[], Page]]:
    """A factory of phone pages, each in its own phone-sized touch context."""
    contexts: list[BrowserContext] = []

    def make() -> Page:
        context = browser.new_context(
            viewport=PHONE_VIEWPORT,
            is_mobile=True,
            has_touch=True,
            device_scale_factor=2,
            service_workers="block",
        )
        contexts.append(context)
        return context.new_page()

    yield make
    for context in contexts:
        context.close()


@dataclass
class PageLog:
    """What a page did: console errors (with uncaught exceptions) and every request URL."""

    console_errors: list[str] = field(default_factory=list)
    requests: list[str] = field(default_factory=list)

    def foreign(self, origin: str) -> list[str]:
        """Request URLs outside ``origin`` (data: and blob: URLs are local by nature)."""
        local = (origin + "/", "data:", "blob:")
        return [url for url in self.requests if not url.startswith(local)]


def start_log(page: Page) -> PageLog:
    """Record ``page``'s console errors and requests from now on."""
    log = PageLog()
    page.on("console", lambda m: log.console_errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda error: log.console_errors.append(f"uncaught: {error}"))
    page.on("request", lambda request: log.requests.append(request.url))
    return log


#: true at the page's next frame, false when none comes in 10 s
NEXT_FRAME = """() => new Promise((resolve) => {
  setTimeout(() => resolve(false), 10_000);
  requestAnimationFrame(() => resolve(true));
})"""


def join_by_link(phone: Page, url: str, name: str, *, seated: bool = True) -> Page:
    """``phone`` opens the table's join link ``url``, types ``name`` and joins: seated, or
    watching when a hand is under way (``seated=False``); ``phone`` back."""
    phone.goto(url)
    phone.get_by_label("Your name").fill(name)
    phone.get_by_role("button", name="Join").click()
    said = "You are at the table" if seated else "You are watching."
    expect(phone.get_by_text(said)).to_be_visible(timeout=20_000)  # relay and WebRTC, under load
    return phone


def resize(page: Page, width: int, height: int) -> None:
    """Give ``page`` a screen of ``width`` x ``height``: its window, then its viewport, one after
    the other; then wait for the page's next frame.

    Playwright's ``set_viewport_size`` changes both at once. Once, under the whole suite's load,
    headless Chromium then drew no frame for 30 s, and a click (which waits for its target to
    keep still over two frames) timed out; 1,200 resizes done that way under load did not bring
    it back, so the window goes first here, and a page that stops drawing fails at the resize,
    with its size, not at the next click.

    That still happened, rarely: once in a fresh clone's `make test` (2026-12-05), the page of the
    session's TV drew no frame for 10 s after going from 1920x1080 to 1280x720 (a stall that could
    not be brought back on purpose: the 1,800 resizes made under the same load drew every frame).
    Then the viewport is set once more, a pixel taller and back, which has the browser size the
    page's surface again, and the page gets 10 s more; only a page that still draws nothing
    fails, with its size. A stall is written to the test's output either way."""
    cdp = page.context.new_cdp_session(page)
    try:
        window = cdp.send("Browser.getWindowForTarget")["windowId"]
        bounds = {"width": width, "height": height}
        cdp.send("Browser.setWindowBounds", {"windowId": window, "bounds": bounds})
    finally:
        cdp.detach()
    page.set_viewport_size({"width": width, "height": height})
    if page.evaluate(NEXT_FRAME):
        return
    print(f"resize: no frame drawn in 10 s at {width}x{height}; the viewport set again")
    page.set_viewport_size({"width": width, "height": height + 1})
    page.set_viewport_size({"width": width, "height": height})
    assert page.evaluate(NEXT_FRAME), f"no frame drawn in 2 x 10 s at {width}x{height}"


@pytest.fixture
def watch() -> Callable[[Page], PageLog]:
    """``watch(page)``: start recording a page's console errors and requests (before goto)."""
    return start_log


@pytest.fixture
def open_table(base_url: str) -> Callable[..., PageLog]:
    """``open_table(page, query="")``: open table.html and wait for ``data-state="ready"``."""

    def open_(page: Page, query: str = "") -> PageLog:
        log = start_log(page)
        page.goto(f"{base_url}/table.html" + (f"?{query}" if query else ""))
        expect(page.get_by_test_id("table")).to_have_attribute(
            "data-state", "ready", timeout=BOOT_TIMEOUT
        )
        return log

    return open_


@pytest.fixture
def open_pyodide(base_url: str) -> Callable[[Page], None]:
    """``open_pyodide(page)``: open the bare Pyodide page with the engine wheel installed."""

    def open_(page: Page) -> None:
        page.goto(f"{base_url}/tests/e2e/pages/pyodide.html?wheel=vendor/{engine_wheel_name()}")
        expect(page.locator("body")).to_have_attribute("data-state", "ready", timeout=BOOT_TIMEOUT)

    return open_


@pytest.fixture(scope="session")
def mqtt_broker() -> Iterator[str]:
    """A loopback MQTT-over-WebSocket broker for the session (see `amqtt_broker`)."""
    with amqtt_broker() as url:
        yield url


@pytest.fixture
def relay_table(open_table: Callable[..., PageLog], mqtt_broker: str) -> Callable[[Page], Locator]:
    """``relay_table(page)``: open a fresh table joining by relay through the test broker, and
    return its join link's element once that shows the relay's link."""

    def start(tv: Page) -> Locator:
        open_table(tv, f"new&join=relay&broker={quote(mqtt_broker, safe='')}&stun=none")
        url = tv.get_by_test_id("join-url")
        expect(url).to_contain_text("hand.html#r=", timeout=RELAY_TIMEOUT)
        return url

    return start


@pytest.fixture
def webcam_browser(browser: Browser, tmp_path: Path) -> Iterator[tuple[Browser, Path]]:
    """A Chromium whose fake webcam plays a y4m file the test rewrites (blank to start with)."""
    video = tmp_path / "camera.y4m"
    write_y4m(video, None)
    args = [
        *CHROMIUM_ARGS,
        "--use-fake-device-for-media-stream",
        "--use-fake-ui-for-media-stream",
        f"--use-file-for-fake-video-capture={video}",
    ]
    webcam = browser.browser_type.launch(executable_path=CHROMIUM, args=args, headless=True)
    yield webcam, video
    webcam.close()


@pytest.fixture(name="write_y4m")
def write_y4m_fixture() -> Callable[[Path, bytes | None], None]:
    """The function that puts a picture in front of the fake webcam (see `write_y4m`)."""
    return write_y4m


@pytest.fixture(scope="session")
def firefox() -> Iterator[Firefox]:
    """One headless Debian Firefox for the session, started when a test first needs it."""
    with Firefox() as browser:
        yield browser


@pytest.fixture
def new_fox_phone(firefox: Firefox) -> Iterator[Callable[[], FoxPage]]:
    """A factory of phone-sized Firefox pages, each in its own browser context."""
    pages: list[FoxPage] = []

    def make() -> FoxPage:
        pages.append(firefox.new_page(PHONE_VIEWPORT["width"], PHONE_VIEWPORT["height"]))
        return pages[-1]

    yield make
    for page in pages:
        page.close()


@pytest.fixture
def fox_tv(firefox: Firefox) -> Iterator[FoxPage]:
    """A desktop-sized Firefox page (the TV or laptop running table.html) in its own context."""
    page = firefox.new_page(TV_VIEWPORT["width"], TV_VIEWPORT["height"])
    yield page
    page.close()


@pytest.fixture
def open_fox_table(base_url: str) -> Callable[..., None]:
    """``open_fox_table(page, query="")``: open table.html in Firefox and wait until it is ready."""

    def open_(page: FoxPage, query: str = "") -> None:
        page.goto(f"{base_url}/table.html" + (f"?{query}" if query else ""))
        page.get_by_test_id("table").expect_attribute("data-state", "ready", timeout=BOOT_TIMEOUT)

    return open_
