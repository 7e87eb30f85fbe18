"""The host phone in Chromium: two phones join the real table through the relay (loopback
broker); the first is the host, runs the table from its Host panel (game, options, two of them
at once, timers, computer players, start, pause with "Paused" on every phone, timers on the
pause, removal and ending the hand, each confirmed), then hands the role to the other phone. The
TV shows all of it. Phones hold a screen wake lock while their hand is played, and release it
after."""

from __future__ import annotations

import re
from collections.abc import Callable

from playwright.sync_api import Locator, Page, expect

from .conftest import PageLog, join_by_link

JOIN_TIMEOUT = 20_000  # ms: relay hand-shake and WebRTC on a busy two-core machine
# The Screen Wake Lock API, recorded: `wakeLog` lists "request" and "release" in order.
WAKE_LOG = """
window.wakeLog = [];
Object.defineProperty(navigator, "wakeLock", { configurable: true, value: {
  request: async (type) => {
    window.wakeLog.push("request " + type);
    return { release: async () => { window.wakeLog.push("release"); } };
  },
}});
"""


def join(new_phone: Callable[[], Page], url: str, name: str) -> Page:
    phone = new_phone()
    phone.add_init_script(WAKE_LOG)
    return join_by_link(phone, url, name)


def wake_log(phone: Page) -> list[str]:
    return list(phone.evaluate("window.wakeLog"))


def test_the_host_phone_runs_the_table(
    tv: Page,
    new_phone: Callable[[], Page],
    watch: Callable[[Page], PageLog],
    relay_table: Callable[[Page], Locator],
) -> None:
    log = watch(tv)
    url = relay_table(tv)
    ann = join(new_phone, url.inner_text(), "Ann")
    bob = join(new_phone, url.inner_text(), "Bob")

    # the first phone is the host: a crown on its seat on the TV, the Host button on the phone
    expect(tv.get_by_test_id("crown-0")).to_be_visible()
    expect(tv.get_by_test_id("crown-1")).to_have_count(0)
    expect(bob.get_by_test_id("host-open")).to_have_count(0)
    # the host phone reads as the host's: it starts the game, it does not wait for a host
    expect(ann.get_by_text("You are the host: start the game when")).to_be_visible()
    expect(bob.get_by_text("Waiting for the host to start")).to_be_visible()
    ann.get_by_test_id("host-open").click()
    panel = ann.get_by_test_id("host-panel")
    expect(panel).to_be_visible()

    # the lobby from the phone: game, options, timers, a computer player with its level
    panel.get_by_role("radio", name="Last Player").check()
    expect(tv.locator(".topbar__name")).to_have_text("Last Player")
    hands = panel.get_by_label("Hands in the match")
    hands.fill("1")
    hands.dispatch_event("change")
    expect(tv.get_by_label("Hands in the match")).to_have_value("1")
    # two options ticked in one moment, before the phone hears back from the table: both kept
    panel.evaluate("""(panel) => {
      for (const name of ["stacking", "draw_until_play"]) {
        const box = panel.querySelector(`#host-opt-${name}`);
        box.checked = true;
        box.dispatchEvent(new Event("change", { bubbles: true }));
      }
    }""")
    for name in ("stacking", "draw_until_play"):
        expect(tv.locator(f"#opt-{name}")).to_be_checked()
        expect(ann.locator(f"#host-opt-{name}")).to_be_checked()
    expect(tv.get_by_label("Hands in the match")).to_have_value("1")
    panel.get_by_label("Turn timer").select_option("off")
    panel.get_by_label("Computer thinking pause").select_option("3")
    expect(tv.get_by_label("Turn timer")).to_have_value("off")
    panel.get_by_label("A computer plays for away players", exact=False).check()
    expect(tv.locator("[name=away_bot]")).to_be_checked()
    panel.get_by_label("Level").select_option("hard")
    panel.get_by_role("button", name="Add computer player").click()
    expect(tv.get_by_test_id("seat-2")).to_contain_text("computer (hard)")
    assert wake_log(ann) == []  # no hand yet, no lock

    panel.get_by_role("button", name="Start the game").click()
    expect(tv.locator("body")).to_have_attribute("data-phase", "playing")
    expect(bob.get_by_role("region", name="Your cards")).to_be_visible()
    bob.wait_for_function("window.wakeLog.length === 1")
    assert wake_log(bob) == ["request screen"]
    expect(panel).to_have_count(0)  # after Start the panel gives the screen back to her cards
    expect(ann.get_by_role("region", name="Your cards")).to_be_visible()
    ann.get_by_test_id("host-open").click()

    # pause: "Paused" on the TV and on every phone; the timers change on the pause
    panel.get_by_role("button", name="Pause").click()
    expect(tv.get_by_role("button", name="Resume")).to_be_visible()
    for phone in (ann, bob):
        expect(phone.get_by_test_id("paused")).to_have_text("Paused")
    panel.get_by_label("Turn timer").select_option("60")
    expect(tv.get_by_test_id("pause-panel").get_by_label("Turn timer")).to_have_value("60")
    expect(tv.get_by_test_id("timer")).to_have_text("60 s left")
    panel.get_by_role("button", name="Resume").click()
    expect(bob.get_by_test_id("paused")).to_have_count(0)
    expect(panel).to_have_count(0)  # after Resume too, the panel gives the screen back to her cards
    expect(ann.get_by_role("region", name="Your cards")).to_be_visible()
    ann.get_by_test_id("host-open").click()

    # remove a player: asked first, cancelled, then done
    panel.get_by_role("button", name="Remove Bot 1").click()
    confirm = panel.get_by_test_id("host-confirm")
    expect(confirm).to_contain_text("Remove Bot 1 from the game?")
    confirm.get_by_role("button", name="Cancel").click()
    expect(confirm).to_have_count(0)
    expect(tv.get_by_test_id("seat-2")).not_to_contain_text("removed")
    panel.get_by_role("button", name="Remove Bot 1").click()
    # its button names the action, as the TV's does ("Remove", not "Yes")
    panel.get_by_test_id("host-confirm").get_by_role("button", name="Remove").click()
    expect(tv.get_by_test_id("seat-2")).to_contain_text("removed")

    # end the hand for everyone: back in the lobby, seats and names kept, locks released
    panel.get_by_role("button", name="End the game").click()
    panel.get_by_test_id("host-confirm").get_by_role("button", name="Yes").click()
    expect(tv.get_by_role("heading", name="New game")).to_be_visible()
    expect(tv.get_by_test_id("seat-0")).to_contain_text("Ann")
    expect(tv.get_by_test_id("seat-1")).to_contain_text("Bob")
    expect(bob.get_by_text("You are at the table")).to_be_visible()
    bob.wait_for_function("window.wakeLog.length === 2")
    assert wake_log(bob) == ["request screen", "release"]

    # a host command from the other phone is refused to it alone
    bob.evaluate(
        """() => {
          const send = RTCDataChannel.prototype.send;
          RTCDataChannel.prototype.send = function (data) {
            window.channel = this;  // the heartbeat goes out every second or so
            return send.call(this, data);
          };
        }"""
    )
    bob.wait_for_function("Boolean(window.channel)")
    start = {"v": 1, "type": "host", "command": {"type": "start"}}
    bob.evaluate("(m) => window.channel.send(JSON.stringify(m))", start)
    expect(bob.get_by_role("alert")).to_have_text("Only the host phone can do that")
    expect(tv.get_by_role("heading", name="New game")).to_be_visible()

    # hand the role over from the phone: the crown moves, the panel follows it
    panel.get_by_role("button", name="Make host").click()  # asked first: one tap gives it away
    panel.get_by_test_id("host-confirm").get_by_role("button", name="Yes").click()
    expect(tv.get_by_test_id("crown-1")).to_be_visible()
    expect(ann.get_by_test_id("host-panel")).to_have_count(0)
    expect(ann.get_by_test_id("host-open")).to_have_count(0)
    bob.get_by_test_id("host-open").click()
    expect(bob.get_by_test_id("host-panel")).to_be_visible()
    # and back from the TV
    tv.get_by_role("button", name="Make Ann the host").click()
    tv.get_by_role("alertdialog").get_by_role("button", name="Yes").click()
    expect(tv.get_by_test_id("crown-0")).to_be_visible()
    expect(ann.get_by_test_id("host-open")).to_be_visible()
    assert [e for e in log.console_errors if not re.search(r"favicon", e)] == []


def test_the_host_phone_removes_an_away_player_from_its_own_screen(
    tv: Page, new_phone: Callable[[], Page], relay_table: Callable[[Page], Locator]
) -> None:
    """Bob leaves his phone mid-hand; after his two decisions timed out, the host phone (Ann's,
    watching) asks about him on its own screen. Its Remove asks first there, without the Host
    panel (the question went into the closed panel and the button did nothing), and Cancel or
    Escape leave Bob seated."""
    url = relay_table(tv)
    bob = join(new_phone, url.inner_text(), "Bob")
    bob.get_by_test_id("host-open").click()
    panel = bob.get_by_test_id("host-panel")
    panel.get_by_label("Turn timer").select_option("10")
    panel.get_by_label("Computer thinking pause").select_option("0")
    panel.get_by_role("button", name="Add computer player").click()
    expect(tv.get_by_test_id("seat-1")).to_contain_text("computer")
    expect(tv.get_by_label("Turn timer")).to_have_value("10")
    panel.get_by_role("button", name="Start the game").click()
    expect(bob.get_by_role("region", name="Your cards")).to_be_visible()  # and Bob plays no more
    ann = join_by_link(new_phone(), url.inner_text(), "Ann", seated=False)
    tv.get_by_role("button", name="Make Ann the host").click()
    tv.get_by_role("alertdialog").get_by_role("button", name="Yes").click()
    expect(ann.get_by_test_id("host-open")).to_be_visible()

    question = ann.get_by_test_id("away-question-0")
    question.get_by_role("button", name="Remove Bob").click(timeout=60_000)
    asked = ann.get_by_role("alertdialog")
    expect(asked).to_contain_text("Remove Bob from the game?")
    asked.get_by_role("button", name="Cancel").click()
    expect(asked).to_have_count(0)
    question.get_by_role("button", name="Remove Bob").click()
    ann.keyboard.press("Escape")
    expect(asked).to_have_count(0)
    expect(tv.get_by_test_id("seat-0")).not_to_contain_text("removed")
    question.get_by_role("button", name="Remove Bob").click()
    asked.get_by_role("button", name="Remove").click()
    expect(tv.get_by_test_id("results")).to_be_visible()  # the computer is left alone: it wins


def test_a_place_opened_in_a_second_tab_leaves_the_first_saying_so(
    tv: Page, new_phone: Callable[[], Page], relay_table: Callable[[Page], Locator]
) -> None:
    """Bob opens the table's link again in a second tab: the table hears the new tab, and the
    first says where his place went, with a button to take it back (it kept the table's last
    screen, with a clock still running, and every tap got "Error: hello_first")."""
    url = relay_table(tv)
    join(new_phone, url.inner_text(), "Ann")
    bob = join(new_phone, url.inner_text(), "Bob")
    again = bob.context.new_page()
    again.goto(url.inner_text())  # his name and token are this browser's: no name asked
    expect(again.get_by_text("You are at the table")).to_be_visible(timeout=JOIN_TIMEOUT)
    replaced = bob.get_by_test_id("replaced")
    expect(replaced).to_contain_text("Your place at the table is now in another tab")
    expect(bob.get_by_text("You are at the table")).to_have_count(0)
    expect(bob.get_by_role("alert")).to_have_count(0)  # no "Error: replaced"
    expect(tv.get_by_test_id("seat-1")).to_contain_text("Bob")
    replaced.get_by_role("button", name="Continue here").click()
    expect(bob.get_by_text("You are at the table")).to_be_visible(timeout=JOIN_TIMEOUT)
    expect(again.get_by_test_id("replaced")).to_be_visible()
    expect(tv.get_by_test_id("seat-1")).to_contain_text("connected")
    expect(tv.get_by_test_id("seat-2")).to_have_count(0)  # still one Bob


def test_the_host_phone_removes_a_watching_phone(
    tv: Page, new_phone: Callable[[], Page], relay_table: Callable[[Page], Locator]
) -> None:
    """A phone that joined mid-hand watches; the host phone removes it from its Host panel,
    asked first, as the TV's ✕ beside a spectator does (the panel had no way to): it is told,
    and back to watch it is listed as removed."""
    url = relay_table(tv)
    ann = join(new_phone, url.inner_text(), "Ann")
    join(new_phone, url.inner_text(), "Bob")
    ann.get_by_test_id("host-open").click()
    panel = ann.get_by_test_id("host-panel")
    panel.get_by_role("button", name="Start the game").click()
    expect(tv.locator("body")).to_have_attribute("data-phase", "playing")
    cat = join_by_link(new_phone(), url.inner_text(), "Cat", seated=False)
    ann.get_by_test_id("host-open").click()
    panel.get_by_role("button", name="Remove Cat").click()
    asked = panel.get_by_test_id("host-confirm")
    expect(asked).to_contain_text("Remove Cat from the table? Only you can let them play again.")
    asked.get_by_role("button", name="Remove").click()
    expect(cat.get_by_test_id("removed")).to_be_visible()
    cat.get_by_role("button", name="Watch the table").click()
    expect(tv.get_by_test_id("spectators")).to_contain_text("Cat (removed)", timeout=JOIN_TIMEOUT)
    expect(panel.get_by_role("button", name="Let Cat play again")).to_be_visible()


def test_a_phone_given_the_host_role_mid_game_is_told(
    tv: Page, new_phone: Callable[[], Page], relay_table: Callable[[Page], Locator]
) -> None:
    """The TV hands the host role to Bob during a hand: his phone says that he runs the table now
    and where its controls are (only the ♛ button appeared in its header), until he opens them.
    Ann, whose phone held the role, is not told anything of the kind."""
    url = relay_table(tv)
    ann = join(new_phone, url.inner_text(), "Ann")
    bob = join(new_phone, url.inner_text(), "Bob")
    tv.get_by_label("Turn timer").select_option("off")
    tv.get_by_role("button", name="Start the game").click()
    expect(bob.get_by_role("region", name="Your cards")).to_be_visible()
    news = bob.get_by_test_id("host-news")
    expect(news).to_have_count(0)
    tv.get_by_role("button", name="Make Bob the host").click()
    tv.get_by_role("alertdialog").get_by_role("button", name="Yes").click()
    expect(news).to_have_text("You run the table now: its controls are under ♛.")
    expect(ann.get_by_test_id("host-open")).to_have_count(0)
    expect(ann.get_by_test_id("host-news")).to_have_count(0)
    bob.get_by_test_id("host-open").click()
    bob.get_by_test_id("host-panel").get_by_role("button", name="Close").click()
    expect(news).to_have_count(0)
