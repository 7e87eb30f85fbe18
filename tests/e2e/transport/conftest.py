"""Fixtures for the transport tests: the harness page per device, and a link made between two.

The loopback broker, the relay table (`relay_table`) and the fake webcam are shared by every e2e
test: see ../conftest.py."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
from playwright.sync_api import Locator, Page
from turn import TurnServer, coturn

HARNESS = "/tests/e2e/pages/transport.html"

# Records every event of a Link into T.events (type, text, reason, time) and keeps it in T.links.
WATCH = """(link) => {
  T.links.push(link);
  for (const type of ["open", "message", "control", "close"]) {
    link.addEventListener(type, (e) =>
      T.events.push({type, ...(e.detail || {}), at: performance.now()}));
  }
  return link;
}"""

# The next frame of this page whose text matches `pattern` (a RegExp source) never goes out, as if
# the other end went away before reading it; `window.frameLost` is set once it is gone.
LOSE_NEXT = """(pattern) => {
  const send = RTCDataChannel.prototype.send;
  RTCDataChannel.prototype.send = function (data) {
    if (!window.frameLost && typeof data === "string" && new RegExp(pattern).test(data)) {
      window.frameLost = true;
      return undefined;
    }
    return send.call(this, data);
  };
}"""


def lose_next_frame(page: Page, pattern: str) -> None:
    """Drop the next frame ``page`` sends whose text matches ``pattern`` (see ``LOSE_NEXT``)."""
    page.evaluate(LOSE_NEXT, pattern)


def harness(page: Page, base_url: str) -> Page:
    """Show the harness page on a device, modules loaded and T.events recording."""
    page.goto(base_url + HARNESS)
    page.wait_for_function("document.body.dataset.ready === '1'")
    page.evaluate(f"() => {{ window.watch = {WATCH}; }}")
    return page


def link_pair(table: Page, phone: Page) -> None:
    """Table offers, phone answers; only packed digits cross; waits until both links are open."""
    offer = table.evaluate(
        "async () => T.sdp.encodeDescription(await watch(new T.rtc.Link()).offer(), 7)"
    )
    answer = phone.evaluate(
        """async (digits) => {
          const {fields} = T.sdp.decodeDescription(digits);
          const sdp = await watch(new T.rtc.Link()).answer(T.sdp.buildRemote(fields, "offer"));
          return T.sdp.encodeDescription(sdp, 7);
        }""",
        offer,
    )
    table.evaluate(
        """(digits) => T.links[0].accept(
             T.sdp.buildRemote(T.sdp.decodeDescription(digits).fields, "answer"))""",
        answer,
    )
    for page in (table, phone):
        page.wait_for_function("T.events.some((e) => e.type === 'open')")


@pytest.fixture
def table(tv: Page, base_url: str) -> Page:
    """The table's device (desktop-sized) on the harness page."""
    return harness(tv, base_url)


@pytest.fixture
def phone(new_phone: Callable[[], Page], base_url: str) -> Page:
    """A phone-sized device on the harness page."""
    return harness(new_phone(), base_url)


@pytest.fixture
def connect_pair() -> Callable[[Page, Page], None]:
    """The function that links a table page and a phone page (see `link_pair`)."""
    return link_pair


@pytest.fixture
def turn_server() -> Iterator[TurnServer]:
    """Debian's coturn on loopback for one test (see `coturn`)."""
    with coturn() as server:
        yield server


def ann_beside_a_computer(
    tv: Page, new_phone: Callable[[], Page], relay_table: Callable[[Page], Locator]
) -> Page:
    """A relay table on ``tv``, in its lobby, with Ann's phone joined by its link and one
    computer player added; Ann's page."""
    from ..conftest import join_by_link
    from ..test_table_game import lobby_for_solo

    url = relay_table(tv)
    lobby_for_solo(tv)
    ann = join_by_link(new_phone(), url.inner_text(), "Ann")
    tv.get_by_role("button", name="Add computer player").click()
    return ann
