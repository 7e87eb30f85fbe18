"""A phone joins the real table through the relay (loopback broker) and plays a card.

The test sets the pace: the turn timer is off (a slow machine cannot time the phone out) and the
computers think for 3 s, so the phone's move is still in the TV's 8-line log when the test looks
(at 0 s, two bots' replies could push it out before the assertion polls). The phone taps only when
its own screen says it is its turn."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from playwright.sync_api import Locator, Page, expect

from ..test_table_game import fixed_seed
from .conftest import lose_next_frame

JOIN_TIMEOUT = 20_000  # ms: relay hand-shake and WebRTC on a busy two-core machine
BOT_PAUSE = "3"  # s: the longest choice; see the module docstring
# The phone's next action goes out with an old state id, as if the table had moved on meanwhile;
# `staleSeen` is set once the page has handled the table's `stale` answer (listeners run in order).
STALE_ONCE = """() => {
  const send = RTCDataChannel.prototype.send;
  window.staleNext = true;
  RTCDataChannel.prototype.send = function (data) {
    if (window.staleNext && typeof data === "string" && data.includes('"type":"action"')) {
      window.staleNext = false;
      const message = JSON.parse(data);
      data = JSON.stringify({ ...message, state: message.state - 1 });
      this.addEventListener("message", (e) => {
        if (e.data.startsWith("{") && JSON.parse(e.data).code === "stale") window.staleSeen = true;
      });
    }
    return send.call(this, data);
  };
}"""


def test_phone_joins_sees_its_hand_and_plays(
    tv: Page,
    new_phone: Callable[[], Page],
    relay_table: Callable[[Page], Locator],
    watch: Callable[[Page], Any],
) -> None:
    # A fixed deal where the phone moves first: on some deals the computers' Draw Twos and
    # skips keep it from a turn for longer than a wait (3 s a computer move).
    tv.add_init_script(fixed_seed(0.001))
    url = relay_table(tv)
    expect(tv.get_by_test_id("join-code")).to_have_text(re.compile(r"^[A-Z]{6}$"))

    phone = new_phone()
    phone_log = watch(phone)
    phone.goto(url.inner_text())
    phone.get_by_label("Your name").fill("Пётр")
    phone.get_by_role("button", name="Join").click()
    expect(phone.get_by_text("You are at the table")).to_be_visible(timeout=JOIN_TIMEOUT)
    seat = tv.get_by_test_id("seat-0")
    expect(seat).to_contain_text("Пётр")
    expect(seat).to_contain_text("connected")

    tv.get_by_label("Turn timer").select_option("off")
    tv.get_by_label("Computer thinking pause").select_option(BOT_PAUSE)
    for _ in range(2):
        tv.get_by_role("button", name="Add computer player").click()
    tv.get_by_role("button", name="Start the game").click()

    hand = phone.get_by_role("region", name="Your cards")
    expect(hand.get_by_text("Your turn")).to_be_visible(timeout=JOIN_TIMEOUT)
    # the join tap allowed audio: "your turn" is a Web Audio cue (js/sound.js) besides the buzz
    phone.wait_for_function(
        "window.lastcardSound.log.some((e) => e.cue === 'yourTurn' && e.result === 'played')"
    )
    cards = hand.get_by_role("listitem").get_by_role("button")
    count = tv.get_by_test_id("count-0")
    expect(count).to_have_text(f"{cards.count()} cards")
    legal = hand.get_by_role("listitem").get_by_role("button", disabled=False)

    def tap() -> str:
        """Play the first legal card (naming the first suit or colour if asked), else draw."""
        if not legal.count():
            hand.get_by_role("button", name="Draw", exact=True).click()
            return "Пётр drew"
        expect(legal.first).to_have_class(re.compile("is-legal"))
        played = legal.first.get_attribute("aria-label")
        legal.first.click()
        choice = phone.get_by_test_id("choice")
        if choice.count():
            choice.get_by_role("button").first.click()
        return f"Пётр played {played}"

    # A tap the table refuses as stale: no alarm, the same screen, and the next tap plays.
    phone.evaluate(STALE_ONCE)
    tap()
    phone.wait_for_function("window.staleSeen === true")
    # The page has handled the answer (rendering is synchronous): a toast would be up right now,
    # so look once instead of waiting for a condition that a vanishing toast would also meet.
    assert phone.get_by_role("alert").count() == 0
    expect(hand.get_by_text("Your turn")).to_be_visible()
    # The drawer of players and the log, opened, stays open through the table's changes: the
    # move shows in the drawer's log (a re-render closed it before).
    drawer = phone.locator("details.phone-more")
    drawer.get_by_text("Players", exact=True).click()
    expect(drawer.get_by_role("list", name="Players")).to_contain_text("Пётр")
    move = tap()
    expect(tv.get_by_test_id("log")).to_contain_text(move)
    expect(drawer.get_by_test_id("log")).to_contain_text(move)
    expect(drawer).to_have_attribute("open", "")
    drawer.get_by_text("Players", exact=True).click()
    expect(drawer.get_by_role("list", name="Players")).to_have_count(0)

    # A reload: the phone comes back with its seat token to the same seat and its hand.
    phone.reload()
    expect(hand.get_by_role("listitem").first).to_be_visible(timeout=JOIN_TIMEOUT)
    expect(seat).to_contain_text("connected")
    expect(phone.get_by_role("button", name="Пётр")).to_be_visible()

    # A move the table never read (its tab went away meanwhile) is not lost: once the phone is
    # back at the table it goes out again (js/hand.js `move`), and is played once.
    expect(hand.get_by_text("Your turn")).to_be_visible(timeout=JOIN_TIMEOUT)
    lose_next_frame(phone, '"type":"action"')
    move = tap()
    phone.wait_for_function("window.frameLost === true")
    tv.reload()
    expect(tv.get_by_test_id("log")).to_contain_text(move, timeout=JOIN_TIMEOUT)
    expect(seat).to_contain_text("connected")

    # The table's tab reloads on the phone's turn: a move made while the phone's link is down
    # is not lost either, it goes out once the phone is back at the table.
    expect(hand.get_by_text("Your turn")).to_be_visible(timeout=JOIN_TIMEOUT)
    tv.reload()
    expect(phone.get_by_test_id("link")).to_be_visible(timeout=JOIN_TIMEOUT)
    move = tap()
    expect(phone.get_by_test_id("link")).to_have_count(0, timeout=JOIN_TIMEOUT)
    expect(tv.get_by_test_id("log")).to_contain_text(move, timeout=JOIN_TIMEOUT)
    expect(seat).to_contain_text("connected")

    # The host removes the phone's seat: it is told, and may come back to watch, only to watch
    # (a reload keeps it out too) until the host lets it play again.
    tv.get_by_role("button", name="Remove Пётр").click()
    tv.get_by_role("alertdialog").get_by_role("button", name="Remove").click()
    expect(seat).to_contain_text("removed")
    expect(phone.get_by_test_id("removed")).to_contain_text("The host removed you")
    phone.get_by_role("button", name="Watch the table").click()
    expect(phone.get_by_test_id("removed-watching")).to_be_visible()
    phone.reload()
    expect(phone.get_by_test_id("removed-watching")).to_be_visible(timeout=JOIN_TIMEOUT)
    spectators = tv.get_by_test_id("spectators")
    expect(spectators).to_contain_text("Пётр (removed)")
    spectators.get_by_role("button", name="Let Пётр play again").click()
    asked = tv.get_by_role("alertdialog", name="Allow Пётр to play again?")  # asked first
    asked.get_by_role("button", name="Yes").click()
    expect(phone.get_by_text("You are watching.")).to_be_visible()
    expect(
        phone.get_by_role("button", name="You will play in the next game with a free seat")
    ).to_be_visible()
    expect(phone.get_by_test_id("top").get_by_role("img")).to_be_visible()
    expect(phone.get_by_role("region", name="Your cards")).to_have_count(0)
    assert phone_log.console_errors == []
