"""Headless Debian Firefox for the tests, driven from Python by puppeteer-core (WebDriver BiDi).

Playwright's Firefox is a patched build it downloads; Debian's ``firefox-esr`` speaks WebDriver
BiDi, which puppeteer-core (pinned in package.json, no browser download) drives. This module
starts ``scripts/firefox-driver.mjs`` with Node and gives the tests a small, synchronous,
Playwright-like surface over it::

    with Firefox() as firefox:
        page = firefox.new_page(390, 844)          # a new browser context: one device
        page.add_init_script(source)               # before the page's own, at every load
        page.goto(url)
        page.get_by_label("Your name").fill("Ann")
        page.get_by_role("button", "Join").click()  # a real click, after waiting until it can be
        page.get_by_test_id("link").expect_text("at the table", timeout=20_000)

Locators are puppeteer selectors (CSS, ``::-p-aria(...)``, ``::-p-text(...)``) found again on
each use; the ``expect_*`` methods poll until the page agrees or the timeout passes. Timeouts are
in milliseconds, as in Playwright, so helpers can drive a page of either engine.
``$FIREFOX`` overrides the executable; ``FIREFOX_PREFS`` are the preferences the tests need.
"""

from __future__ import annotations

import base64
import json
import os
import re
import subprocess
import time
from pathlib import Path
from types import TracebackType
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
DRIVER = ROOT / "scripts" / "firefox-driver.mjs"
FIREFOX = os.environ.get("FIREFOX", "/usr/bin/firefox-esr")
FIREFOX_PREFS: dict[str, str | int | bool] = {
    # WebRTC between two browsers on one machine: offer the loopback address as a candidate, and
    # the real host address instead of an mDNS name (there is no mDNS responder in a test run).
    "media.peerconnection.ice.loopback": True,
    "media.peerconnection.ice.obfuscate_host_addresses": False,
    # A camera for camera mode: Firefox's fake one (a changing solid colour), without a prompt.
    "media.navigator.streams.fake": True,
    "media.navigator.permission.disabled": True,
}
STEP_TIMEOUT = 30_000  # ms: a click or fill waits this long for its element to be actionable
POLL = 0.1  # s between two looks of an expect_*


class FirefoxError(RuntimeError):
    """The driver or the browser failed a request."""


class Firefox:
    """One headless Firefox; ``new_page`` gives each device its own browser context."""

    def __init__(self, prefs: dict[str, str | int | bool] | None = None) -> None:
        settings = {"executablePath": FIREFOX, "prefs": {**FIREFOX_PREFS, **(prefs or {})}}
        self._process = subprocess.Popen(
            ["node", str(DRIVER), json.dumps(settings)],
            cwd=ROOT,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            encoding="utf-8",
        )
        self._next = 1
        ready = self._read_line()
        if "ready" not in ready:
            raise FirefoxError(f"Firefox did not start: {ready}")
        self.version: str = ready["ready"]

    def _read_line(self) -> dict[str, Any]:
        """The driver's next line. Every request ends in bounded time (its own timeout, or the
        driver's end); pytest-timeout guards against a browser that hangs anyway."""
        assert self._process.stdout is not None
        line = self._process.stdout.readline()
        if not line:
            code = self._process.wait()
            raise FirefoxError(f"the Firefox driver ended (exit {code})")
        message: dict[str, Any] = json.loads(line)
        return message

    def call(self, op: str, **args: Any) -> Any:
        """Send one request to the driver and wait for its answer."""
        assert self._process.stdin is not None
        request_id = self._next
        self._next += 1
        self._process.stdin.write(json.dumps({"id": request_id, "op": op, **args}) + "\n")
        self._process.stdin.flush()
        answer = self._read_line()
        if answer.get("id") != request_id:
            raise FirefoxError(f"answer out of order: {answer}")
        if "error" in answer:
            raise FirefoxError(f"{op}: {answer['error']}")
        return answer.get("result")

    def new_page(self, width: int = 1280, height: int = 720) -> FoxPage:
        """A page in a new browser context (its own storage): one device."""
        return FoxPage(self, self.call("newPage", width=width, height=height))

    def close(self) -> None:
        """Close Firefox and end the driver."""
        if self._process.poll() is None:
            assert self._process.stdin is not None
            self._process.stdin.close()
            try:
                self._process.wait(30)
            except subprocess.TimeoutExpired:
                self._process.kill()
                self._process.wait()

    def __enter__(self) -> Firefox:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        value: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.close()


# ARIA roles under the name Firefox's accessibility tree gives them (ARIA 1.3 spells img "image").
FIREFOX_ROLES = {"img": "image"}


def aria(role: str, name: str) -> str:
    """The puppeteer selector of the element with this role and exact accessible name."""
    quoted = name.replace("\\", "\\\\").replace('"', '\\"')
    return f'::-p-aria([name="{quoted}"][role="{FIREFOX_ROLES.get(role, role)}"])'


class _Scope:
    """What a page and a locator share: finding elements by role, label, test id or selector."""

    page: FoxPage
    selector: str

    def _within(self, selector: str) -> FoxLocator:
        return FoxLocator(self.page, f"{self.selector} {selector}".strip())

    def locator(self, selector: str) -> FoxLocator:
        """Elements matching a puppeteer selector, inside this scope."""
        return self._within(selector)

    def get_by_role(self, role: str, name: str) -> FoxLocator:
        """The element with this ARIA role and exact accessible name, inside this scope."""
        return self._within(aria(role, name))

    def get_by_label(self, label: str, role: str = "textbox") -> FoxLocator:
        """The form control labelled ``label`` (``role="combobox"`` for a <select>)."""
        return self._within(aria(role, label))

    def get_by_test_id(self, test_id: str) -> FoxLocator:
        """The element whose ``data-testid`` is ``test_id``, inside this scope."""
        return self._within(f'[data-testid="{test_id}"]')


class FoxPage(_Scope):
    """A page of a Firefox browser context: one device."""

    def __init__(self, firefox: Firefox, page_id: int) -> None:
        self.firefox = firefox
        self.id = page_id
        self.page = self
        self.selector = ""

    def _call(self, op: str, **args: Any) -> Any:
        return self.firefox.call(op, page=self.id, **args)

    def add_init_script(self, source: str) -> None:
        """Run the script ``source`` in the page before its own scripts, at every later load of
        the page (a navigation or a reload), as Playwright's ``add_init_script`` does."""
        self._call("addInitScript", source=source)

    def goto(self, url: str) -> None:
        """Open a URL and wait for its load event."""
        self._call("goto", url=url)

    def reload(self) -> None:
        """Reload, as a person pulling to refresh."""
        self._call("reload")

    @property
    def url(self) -> str:
        """The page's current URL."""
        url: str = self._call("url")
        return url

    def evaluate(self, source: str, arg: Any = None) -> Any:
        """Call a JavaScript function expression with ``arg`` in the page; its JSON result."""
        return self._call("evaluate", source=source, arg=arg)

    def wait_for_function(self, source: str, arg: Any = None, timeout: float = 30_000) -> Any:
        """Poll ``evaluate(source, arg)`` until it returns something truthy; return that."""
        deadline = time.monotonic() + timeout / 1000
        while True:
            result = self.evaluate(source, arg)
            if result:
                return result
            if time.monotonic() > deadline:
                raise AssertionError(f"timed out after {timeout} ms waiting for {source}")
            time.sleep(POLL)

    def console_errors(self) -> list[str]:
        """Console errors and uncaught exceptions since the page opened."""
        errors: list[str] = self._call("errors")
        return errors

    def close(self) -> None:
        """Close the page and its browser context."""
        self._call("closePage")


class FoxLocator(_Scope):
    """Elements matching a selector in a page, looked up anew on every use."""

    def __init__(self, page: FoxPage, selector: str) -> None:
        self.page = page
        self.selector = selector

    def __repr__(self) -> str:
        return f"FoxLocator({self.selector!r})"

    @property
    def first(self) -> FoxLocator:
        """The same locator: its actions and reads always take the first match."""
        return self

    def _probe(self) -> dict[str, Any]:
        state: dict[str, Any] = self.page._call("probe", selector=self.selector)
        return state

    def count(self) -> int:
        """How many elements match now."""
        count: int = self._probe()["count"]
        return count

    def inner_text(self) -> str:
        """The first match's rendered text (an error when nothing matches)."""
        first = self._probe()["first"]
        if first is None:
            raise AssertionError(f"{self} matches nothing")
        text: str = first["text"]
        return text

    def get_attribute(self, name: str) -> str | None:
        """An attribute of the first match (None when absent or nothing matches)."""
        first = self._probe()["first"]
        return None if first is None else first["attributes"].get(name)

    def is_visible(self) -> bool:
        """Whether the first match exists and is rendered."""
        first = self._probe()["first"]
        return first is not None and bool(first["visible"])

    def is_enabled(self) -> bool:
        """Whether the first match exists and is not disabled."""
        first = self._probe()["first"]
        return first is not None and not first["disabled"]

    def click(self, timeout: float = STEP_TIMEOUT) -> None:
        """Click the first match once it is visible, enabled and still (real pointer events)."""
        self.page._call("click", selector=self.selector, timeout=int(timeout))

    def fill(self, value: str, timeout: float = STEP_TIMEOUT) -> None:
        """Type into the first match, replacing its text (real key events)."""
        self.page._call("fill", selector=self.selector, value=value, timeout=int(timeout))

    def select_option(self, value: str, timeout: float = STEP_TIMEOUT) -> None:
        """Choose the option with this value in the first match, a <select>."""
        self.fill(value, timeout)

    def screenshot(self, timeout: float = STEP_TIMEOUT) -> bytes:
        """A PNG of the first match."""
        png: str = self.page._call("screenshot", selector=self.selector, timeout=int(timeout))
        return base64.b64decode(png)

    def _expect(self, what: str, test: Any, timeout: float) -> dict[str, Any]:
        deadline = time.monotonic() + timeout / 1000
        while True:
            state = self._probe()
            if test(state):
                return state
            if time.monotonic() > deadline:
                raise AssertionError(f"{self}: expected {what} within {timeout} ms; saw {state}")
            time.sleep(POLL)

    def expect_visible(self, timeout: float = 5_000) -> None:
        """Wait until the first match is rendered."""
        self._expect("visible", lambda s: s["first"] and s["first"]["visible"], timeout)

    def expect_count(self, count: int, timeout: float = 5_000) -> None:
        """Wait until exactly ``count`` elements match."""
        self._expect(f"{count} matches", lambda s: s["count"] == count, timeout)

    def expect_text(self, text: str | re.Pattern[str], timeout: float = 5_000) -> str:
        """Wait until the first match's text contains ``text`` (or matches the pattern)."""

        def test(state: dict[str, Any]) -> bool:
            shown = state["first"] and state["first"]["text"]
            if not isinstance(shown, str):
                return False
            return bool(text.search(shown)) if isinstance(text, re.Pattern) else text in shown

        state = self._expect(f"text {text!r}", test, timeout)
        shown: str = state["first"]["text"]
        return shown

    def expect_no_text(self, text: str, timeout: float = 5_000) -> None:
        """Wait until the first match's text no longer contains ``text``."""
        self._expect(
            f"no text {text!r}",
            lambda s: s["first"] is not None and text not in s["first"]["text"],
            timeout,
        )

    def expect_attribute(self, name: str, value: str, timeout: float = 5_000) -> None:
        """Wait until the first match's attribute ``name`` is ``value``."""
        self._expect(
            f"{name}={value!r}",
            lambda s: s["first"] is not None and s["first"]["attributes"].get(name) == value,
            timeout,
        )
