"""Playing a whole hand from phones of either engine: a Chromium page (Playwright) or a Firefox
page (``FoxPage``, scripts/firefox.py) alike.

``play(phones, taps=None)`` is a fixture: each phone taps only when its own screen says it is its
turn, as a person would: the first choice of an open choice dialog, else its "Last card!" call
when that is open, else the first highlighted card (more of them, then Play, for a multi-card
play), else the suit button, else Draw, else Pass. After each tap it waits until the phone's hand
changes on screen (the table's answer, or the phone's own pick) before the next look, so no tap
goes out twice; when the screen changes under the finger (another seat's move closes an open
choice) it looks again. It stops after ``taps`` taps, or, without a count, once every phone shows
the results; it returns the number of taps.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import Any

import pytest

HAND_TIMEOUT = 240.0  # s: a whole hand of a few dozen taps on a busy two-core machine
TAP_TIMEOUT = 20.0  # s: from a tap to the changed screen (WebRTC and the table's engine)
CLICK_TIMEOUT = 10_000  # ms for a control to be tappable (Playwright and FoxPage alike)
QUIET = 0.5  # s without a change on any phone's hand before ``settle`` calls the table still

# Which control a person would tap now, as a selector (null when it is not this phone's turn).
NEXT_TAP = """() => {
  const hand = document.querySelector("[data-testid=hand].hand--turn");
  if (!hand) return null;
  const scope = "[data-testid=hand] ";
  const has = (sel) => (hand.querySelector(sel) !== null ? scope + sel : null);
  const open = (sel) => (hand.querySelector(sel)?.disabled === false ? scope + sel : null);
  if (has("[data-testid=choice]")) return scope + "[data-testid=choice] button";
  if (has("[data-act=play-selection]")) {
    return open("[data-act=play-selection]")
      ?? has(".hand__card.is-legal:not(.is-selected)")
      ?? scope + "[data-act=cancel]";
  }
  return open("[data-action=last]") ?? has(".hand__card.is-legal")
    ?? open("[data-act=suit]") ?? open("[data-action=draw]") ?? open("[data-action=pass]");
}"""
HAND_SCREEN = """() => document.querySelector("[data-testid=hand]")?.outerHTML ?? ''"""
# What only the table's answer changes: whether it is this phone's turn, and its cards.
HAND_STATE = """() => {
  const hand = document.querySelector("[data-testid=hand]");
  const cards = [...(hand?.querySelectorAll(".hand__card") ?? [])];
  return JSON.stringify([hand?.classList.contains("hand--turn") ?? false,
    cards.map((card) => card.getAttribute("aria-label"))]);
}"""
CHOICE = """() => document.querySelector("[data-testid=hand] [data-testid=choice]") !== null"""
OVER = """() => document.querySelector("[data-testid=results]") !== null"""
# What a phone shows of the game and its link, for a failure's message.
SEEN = """() => ["turn", "link", "results"].map((id) => {
  const el = document.querySelector(`[data-testid=${id}]`);
  return `${id}: ${el ? JSON.stringify(el.textContent.trim().slice(0, 80)) : "-"}`;
}).join("; ")"""


def wait_until(
    check: Callable[[], Any], timeout: float, what: str, phones: Sequence[Any] = ()
) -> Any:
    """Poll ``check`` until it returns something truthy; fail after ``timeout`` seconds, saying
    what ``phones`` show then."""
    deadline = time.monotonic() + timeout
    while not (result := check()):
        if time.monotonic() > deadline:
            seen = " | ".join(phone.evaluate(SEEN) for phone in phones)
            raise AssertionError(f"timed out after {timeout} s: {what}; the phones show: {seen}")
        time.sleep(0.1)
    return result


def tap_once(phone: Any) -> bool:
    """Tap what a person would if it is this phone's turn; wait for the screen to answer."""
    target = phone.evaluate(NEXT_TAP)
    if not target:
        return False
    before = phone.evaluate(HAND_SCREEN)
    state = phone.evaluate(HAND_STATE)
    try:
        phone.locator(target).first.click(timeout=CLICK_TIMEOUT)
    except Exception:
        # The screen changed under the finger (another seat's move or call came in, which
        # closes an open choice; a fresh view after a reconnection, maybe even before the look
        # above was taken): look again. A control still on offer that never became tappable
        # fails.
        if phone.evaluate(HAND_SCREEN) == before and phone.evaluate(NEXT_TAP) == target:
            raise
        return True

    def answered() -> bool:
        return bool(phone.evaluate(HAND_SCREEN) != before)

    wait_until(answered, TAP_TIMEOUT, f"answer to {target}", [phone])
    if "[data-testid=choice]" in target:
        # A choice closes on screen at once, before the table has the move: until the table's
        # answer (the card gone, the turn over, or another choice) the phone still shows its
        # turn, and a tap on the card just played would wait for a button the answer then
        # disables (a whole CLICK_TIMEOUT per wild card played).
        def table_answered() -> bool:
            return bool(phone.evaluate(HAND_STATE) != state or phone.evaluate(CHOICE))

        wait_until(table_answered, TAP_TIMEOUT, f"the table's answer to {target}", [phone])
    return True


def play_phones(phones: Sequence[Any], taps: int | None = None) -> int:
    """Let the phones play (see the module docstring); the number of taps made."""
    made = 0
    deadline = time.monotonic() + HAND_TIMEOUT
    while taps is None or made < taps:
        if all(phone.evaluate(OVER) for phone in phones):
            break
        acted = False
        for phone in phones:
            if tap_once(phone):
                made += 1
                acted = True
        if not acted:
            assert time.monotonic() < deadline, f"no result after {made} taps"
            time.sleep(0.1)
    return made


def settle(phones: Sequence[Any]) -> None:
    """Wait until nothing moves: it is a phone's turn (the computer's move is in), or the hand is
    over, and no phone's hand has changed for ``QUIET`` seconds. A phone can show its turn while
    its own tap is still on its way (a tap that closes a dialog answers on screen at once), and
    the TV draws a change at its next frame: the quiet spell covers both."""

    def quiet() -> bool:
        if not (
            any(phone.evaluate(NEXT_TAP) for phone in phones)
            or all(phone.evaluate(OVER) for phone in phones)
        ):
            return False
        before = [phone.evaluate(HAND_SCREEN) for phone in phones]
        time.sleep(QUIET)
        return [phone.evaluate(HAND_SCREEN) for phone in phones] == before

    wait_until(quiet, TAP_TIMEOUT, "a phone's turn or the results, then quiet", phones)


@pytest.fixture
def settled() -> Callable[[Sequence[Any]], None]:
    """``settled(phones)``: wait until it is a phone's turn or the hand is over and the phones'
    hands are still (with the timers off, nothing moves then)."""
    return settle


@pytest.fixture
def play() -> Callable[..., int]:
    """``play(phones, taps=None)``: phones of either engine play (see the module docstring)."""
    return play_phones
