"""Players' own bots at a real table (docs/bots.md, "Seat it at a table"), in Chromium with two
phones joined through the relay (loopback broker). The TV seats bots saved in its browser's lab,
a phone offers one saved in its own lab and the TV seats it. Each runs in a worker of its own:
one that loops loses its turns to the time-out, stopped in its own worker at its line (the
worker kept), one that took that stop away is ended and restarted, both logged on the TV, and
the table goes on; one that walks the interpreter's objects and the JavaScript globals finds no
game and no other hand (its garbage answer says what it found, and is a time-out); a bot from
the lab plays a hand to the results with the phones."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from lastcard.userbot import STARTER
from playwright.sync_api import Locator, Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from .conftest import PageLog, join_by_link
from .test_table_game import fixed_seed, take_phone_turn

BOT_TIMEOUT = 90_000  # ms: a seated bot's worker starts its own Python before its first move
MAX_MOVES = 400
# The TV's log changed, or the hand is over (the last move's line may come with the results).
LOG_CHANGED = """(before) => document.querySelector('[data-testid=results]')
  || document.querySelector('[data-testid=log]')?.innerText !== before"""
# Every event the TV is sent, in order (the log on screen shows the last lines only).
EVENTS = """
window.events = [];
document.addEventListener("lastcard-out", (event) => {
  for (const [to, text] of event.detail) {
    if (to === "tv") window.events.push(...(JSON.parse(text).events ?? []));
  }
});
"""
# Loops, twice: its first move is stopped in its worker at the loop's line (8 or 9), and the worker
# is kept, its state too, so its second move takes the stop away and loops on (lines 10-12): the
# table ends that worker from outside. (Had the first stop cost the worker, the second move would
# be a fresh worker's first and stop at line 8 or 9 again.)
LOOPER = """import sys

moves = []


def move(view, events):
    moves.append(1)
    while len(moves) == 1:
        pass
    sys.settrace(None)
    while True:
        pass
"""
# Pixels from the lobby's left margin (its screen's padding) to the offer form's words: none.
BRING_INDENT = """() => {
  const screen = document.querySelector('section.screen');
  const left = (e) => e.getBoundingClientRect().left;
  const margin = left(screen) + parseFloat(getComputedStyle(screen).paddingLeft);
  return left(document.querySelector('[data-testid=bring-bot] label')) - margin;
}"""
# Looks everywhere it can for the table's game or another hand, and says what it found as its
# answer (a string that is no action: a time-out for its seat, logged with the answer).
PEEKER = """
import gc
import sys


def move(view, events):
    found = []
    mine = sorted(view["hand"])
    for thing in gc.get_objects():
        kind = type(thing).__name__
        hands = getattr(thing, "hands", None) if kind in ("Game", "Table") else None
        if kind == "Table" or (isinstance(hands, list) and mine in map(sorted, hands)):
            found.append(kind)
    others = [e for e in events if e.get("type") == "draw" and e.get("seat") != view["seat"]]
    if any("cards" in e for e in others):
        found.append("draws")
    if "hands" in view:
        found.append("view")
    import js
    names = ("caches", "indexedDB", "localStorage", "lastcardTable", "Worker", "BroadcastChannel",
             "postMessage", "fetch", "XMLHttpRequest", "WebSocket", "EventSource")
    for name in names:
        if getattr(js, name, None) is not None:
            found.append(name)
    if getattr(js.navigator, "locks", None) is not None:
        found.append("locks")
    bridge = sys.modules.get("bridge")
    if bridge is not None and [v for v in vars(bridge).values() if type(v).__name__ == "Bridge"]:
        found.append("bridge")
    return "saw " + (" ".join(found) or "nothing")
"""


def saved(bots: dict[str, str]) -> str:
    """An init script: this browser's lab saved ``bots``."""
    return f"localStorage.setItem('lastcard.bots', {json.dumps(json.dumps(bots))})"


def join(new_phone: Callable[[], Page], url: str, name: str, bots: dict[str, str]) -> Page:
    phone = new_phone()
    phone.add_init_script(saved(bots))
    return join_by_link(phone, url, name)


# The seat on turn on the TV ("seat-2", "" between turns, null once the results show) and the
# log's text then, read together (a computer's move may come in between two reads).
ON_TURN = """() => [document.querySelector('[data-testid=results]') ? null
  : document.querySelector('[data-testid^=seat-][aria-current=true]')?.dataset.testid ?? '',
  document.querySelector('[data-testid=log]')?.innerText ?? '']"""


def play(tv: Page, phones: dict[int, Page], done: Callable[[], bool]) -> None:
    """The phones take their turns, the computers theirs, until ``done()`` or the results."""
    results = tv.get_by_test_id("results")
    on_turn = tv.locator("[data-testid^=seat-][aria-current=true]")
    for _ in range(MAX_MOVES):
        if done():
            return
        expect(results.or_(on_turn).first).to_be_visible()
        seat, before = tv.evaluate(ON_TURN)
        if seat is None:
            return
        if not seat:
            continue
        number = int(seat.split("-")[1])
        phone = phones.get(number)
        if phone is None:
            tv.wait_for_function(LOG_CHANGED, arg=before, timeout=BOT_TIMEOUT)
            continue
        take_phone_turn(tv, phone, number)
        try:  # a tap that lands as the table moves on is refused (stale): look at the turn again
            tv.wait_for_function(LOG_CHANGED, arg=before, timeout=15_000)
        except PlaywrightTimeout:
            continue
    raise AssertionError("the hand makes no progress")


def events(tv: Page, name: str, kind: str) -> list[dict[str, Any]]:
    """The TV's events of ``kind`` for the seat called ``name``."""
    names = [s.inner_text() for s in tv.locator("[data-testid^=seat-] .seat__name").all()]
    seat = names.index(name)
    return [e for e in tv.evaluate("window.events") if e.get("seat") == seat and e["type"] == kind]


def faults(tv: Page, name: str) -> list[dict[str, Any]]:
    return events(tv, name, "bot_fault")


def test_own_bots_play_at_a_table_and_can_neither_see_nor_stall_it(
    tv: Page,
    new_phone: Callable[[], Page],
    watch: Callable[[Page], PageLog],
    relay_table: Callable[[Page], Locator],
) -> None:
    bots = {"Clever": STARTER, "Looper": LOOPER, "Peeker": PEEKER}
    tv.add_init_script(fixed_seed(0.1))  # deals of a steady length (28 s in all, twice alike)
    tv.add_init_script(saved(bots))
    tv.add_init_script(EVENTS)
    log = watch(tv)
    url = relay_table(tv)
    ann = join(new_phone, url.inner_text(), "Ann", {})
    bob = join(new_phone, url.inner_text(), "Bob", {"Gift": STARTER})
    tv.get_by_label("Turn timer").select_option("off")
    tv.get_by_label("Computer thinking pause").select_option("0")
    expect(tv.get_by_label("Computer thinking pause")).to_have_value("0")
    expect(ann.get_by_test_id("bring-bot")).to_have_count(0)  # nothing saved in its lab

    # the TV seats a bot of its own lab that loops, and the hand goes on without it: its first
    # move stopped in its worker, at its line, the worker kept; its second ended from outside
    level = tv.get_by_label("Level", exact=True)
    level.select_option("own:Looper")
    tv.get_by_role("button", name="Add computer player").click()
    expect(tv.get_by_test_id("seat-2")).to_contain_text("computer (own bot)")
    tv.get_by_role("button", name="Start the game").click()
    phones = {0: ann, 1: bob}
    log_lines = tv.get_by_test_id("log")
    play(tv, phones, lambda: len(faults(tv, "Looper")) >= 1)  # the phones wait: the log stays
    stopped = faults(tv, "Looper")[0]
    assert stopped["fault"] == "slow" and stopped["line"] in (8, 9)
    told = f"Looper: too slow, stopped at line {stopped['line']} of its code, the turn timed out"
    expect(log_lines).to_contain_text(told)
    play(tv, phones, lambda: len(faults(tv, "Looper")) >= 2)
    ended = faults(tv, "Looper")[1]
    assert ended["fault"] == "slow" and "line" not in ended  # the same worker's second move
    expect(log_lines).to_contain_text("Looper: no move in time, the turn timed out")
    expect(tv.get_by_test_id("table")).to_have_attribute("data-state", "ready")

    # back to the lobby: the loopers go, the Clever and the Peeker come, and Bob offers his own
    tv.evaluate("window.lastcardTable.host(JSON.stringify({type: 'lobby'}))")
    tv.evaluate("window.events = []")  # the new seats' events only (the looper's was at 2)
    tv.evaluate("window.lastcardTable.host(JSON.stringify({type: 'remove', seat: 2}))")
    for seat, name in ((2, "Clever"), (3, "Peeker")):
        level.select_option(f"own:{name}")
        tv.get_by_role("button", name="Add computer player").click()
        expect(tv.get_by_test_id(f"seat-{seat}")).to_contain_text(name)
    bring = bob.get_by_test_id("bring-bot")
    expect(bring).to_be_visible()
    assert abs(bob.evaluate(BRING_INDENT)) < 1  # in line with the lobby, clear of the edge
    bring.get_by_label("Your bot").select_option("Gift")
    bring.get_by_role("button", name="Offer it to the table").click()
    expect(bob.get_by_test_id("bring-status")).to_have_text("“Gift” waits for the host's answer.")
    offer = tv.get_by_test_id("offers")
    expect(offer).to_contain_text(f"Bob brings the bot “Gift” ({len(STARTER)} characters of code).")
    offer.get_by_role("button", name="Seat Gift").click()
    expect(tv.get_by_test_id("seat-4")).to_contain_text("Gift")
    expect(bob.get_by_test_id("bring-status")).to_have_text("“Gift” is at the table.")
    expect(offer).to_have_count(0)

    # a hand to the results: the lab's bots play their own moves, the Peeker finds nothing
    tv.get_by_role("button", name="Start the game").click()
    play(tv, phones, lambda: False)
    expect(tv.get_by_test_id("results")).to_be_visible()
    peeked = faults(tv, "Peeker")
    assert peeked and {(f["fault"], f["detail"]) for f in peeked} == {("illegal", "'saw nothing'")}
    for name in ("Clever", "Gift"):  # their own moves (one may be over its time on a busy machine)
        assert events(tv, name, "play")
        assert {f["fault"] for f in faults(tv, name)} <= {"slow"}
    assert not log.console_errors, log.console_errors


def test_the_host_phone_is_asked_about_a_bot_offered_on_its_own_screen(
    tv: Page, new_phone: Callable[[], Page], relay_table: Callable[[Page], Locator]
) -> None:
    """Bob offers a bot from his lab: Ann's host phone asks about it on its lobby screen, with
    the panel closed (the offer waited in the Host panel, under its settings, and the host phone
    showed nothing of it), seats it there, and the question goes."""
    url = relay_table(tv)
    ann = join(new_phone, url.inner_text(), "Ann", {})
    bob = join(new_phone, url.inner_text(), "Bob", {"Gift": STARTER})
    bob.get_by_test_id("bring-bot").get_by_role("button", name="Offer it to the table").click()
    asked = ann.get_by_role("group", name="Bob brings the bot “Gift”", exact=False)
    expect(asked).to_contain_text(f"Bob brings the bot “Gift” ({len(STARTER)} characters of code).")
    asked.get_by_role("button", name="Seat Gift").click()
    expect(tv.get_by_test_id("seat-2")).to_contain_text("Gift")
    expect(bob.get_by_test_id("bring-status")).to_have_text("“Gift” is at the table.")
    expect(asked).to_have_count(0)
