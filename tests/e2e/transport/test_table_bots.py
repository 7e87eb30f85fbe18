"""Computer players think in their own worker: a phone's taps are answered while a `hard` player
thinks (issue 16).

The test makes each of the bots' searches last THINK_MS (py/bridge.py is served with a busy
wait before each decision of the bots' worker), far longer than a phone's tap and its answer, so
the tap can only be answered before the bot moves if the table answers during the search: the
TV's log is checked to hold no new move when the phone has its answer."""

from __future__ import annotations

import re
from collections.abc import Callable

from playwright.sync_api import Locator, Page, Route, expect

JOIN_TIMEOUT = 20_000  # ms: relay hand-shake and WebRTC on a busy two-core machine
BOOT_TIMEOUT = 90_000
THINK_MS = 8_000  # below the table's wait for an answer (py/bridge.py, ANSWER_WAIT)
# Appended to py/bridge.py as served: `think` (the bots' worker's entry) busy-waits first.
SLOW_THINK = f"""

_think = think


def think(*args):
    until = js.performance.now() + {THINK_MS}
    while js.performance.now() < until:
        pass
    return _think(*args)
"""


def slow_bots(route: Route) -> None:
    """Serve py/bridge.py with a long busy wait before each of the bots' decisions."""
    source = route.fetch().text()
    assert "\ndef think(" in source, "py/bridge.py changed: update this test"
    route.fulfill(body=source + SLOW_THINK, content_type="text/x-python")


def test_a_phone_is_answered_while_a_hard_player_thinks(
    tv: Page,
    new_phone: Callable[[], Page],
    relay_table: Callable[[Page], Locator],
) -> None:
    tv.route(re.compile(r"/py/bridge\.py$"), slow_bots)
    url = relay_table(tv)
    table = tv.get_by_test_id("table")
    expect(table).to_have_attribute("data-bots", "ready", timeout=BOOT_TIMEOUT)

    # Six hard players fill a Last One table, so the phone watches (and may ask to play).
    tv.get_by_label("Game", exact=True).select_option("last-one")
    tv.get_by_label("Turn timer").select_option("off")
    tv.get_by_label("Computer thinking pause").select_option("0")
    expect(tv.get_by_label("Computer thinking pause")).to_have_value("0")
    for seat in range(6):
        tv.get_by_label("Level").select_option("hard")  # the lobby's next screen resets it
        tv.get_by_role("button", name="Add computer player").click()
        expect(tv.get_by_test_id(f"seat-{seat}")).to_contain_text("hard")
    phone = new_phone()
    phone.goto(url.inner_text())
    phone.get_by_label("Your name").fill("Юлия")
    phone.get_by_role("button", name="Join").click()
    want = phone.get_by_role("button", name=re.compile("next game"))
    expect(want).to_be_visible(timeout=JOIN_TIMEOUT)

    tv.get_by_role("button", name="Start the game").click()
    log = tv.get_by_test_id("log")
    expect(tv.get_by_test_id("turn")).to_contain_text("Bot")  # a hard player is thinking
    moves_before = log.inner_text()
    pressed = want.get_attribute("aria-pressed")
    want.click()
    expect(want).not_to_have_attribute("aria-pressed", pressed or "", timeout=JOIN_TIMEOUT)
    # The bot has not moved yet: the tap was answered while it was thinking.
    assert log.inner_text() == moves_before
