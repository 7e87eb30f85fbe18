"""The TV page with a remote alone: arrows, OK (Enter) and Back (Escape/Backspace), nothing else.

Every step on the TV here is ``page.keyboard.press``: no click, no mouse, no ``fill`` or
``select_option``. The page is only read (which element has the focus, what is on screen). Phones,
where a test has them, are tapped as phones are.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any
from urllib.parse import quote

import pytest
from playwright.sync_api import Locator, Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from .conftest import TV_SIZES, join_by_link, resize
from .test_table_game import OFFLINE, fixed_seed

MAX_TURNS = 400
FOCUSED = """() => {
  const el = document.activeElement;
  if (!el || el === document.body) return null;
  const d = el.dataset;
  return el.id || (d.act ?? d.host) + (d.command ? ":" + d.command : "")
    + (d.seat ? ":" + d.seat : "") + (d.id ? ":" + d.id : "") + (d.card ? ":" + d.card : "")
    + (d.action ? ":" + d.action : "");
}"""


class Remote:
    """A TV remote on ``page``: counts every key it presses."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.presses = 0

    def press(self, key: str, times: int = 1) -> None:
        for _ in range(times):
            self.page.keyboard.press(key)
            self.presses += 1

    def focused(self) -> str | None:
        """What has the focus once it has settled: after a change the table sent, the TV places
        the focus in the task after the render's (js/table.js), so this waits a moment for it;
        None if nothing takes it."""
        try:
            self.page.wait_for_function(f"() => ({FOCUSED})() !== null", timeout=5_000)
        except PlaywrightTimeoutError:
            return None
        return str(self.page.evaluate(FOCUSED))

    def go(self, key: str, target: str, limit: int = 12) -> None:
        """Press ``key`` until ``target`` (an id, or ``act[:command][:seat][:id]``, a host
        control's ``data-host`` for ``act``) has the focus."""
        trail = [self.focused()]
        for _ in range(limit):
            if trail[-1] == target:
                return
            self.press(key)
            trail.append(self.focused())
        assert trail[-1] == target, f"{key} never reached {target}: {trail}"

    def inside(self, selector: str) -> bool:
        return bool(
            self.page.evaluate("(s) => Boolean(document.activeElement?.closest(s))", selector)
        )


def expect_focus(page: Page, target: str) -> None:
    """Wait (up to 10 s) until ``target`` has the focus; fail saying what has it instead."""
    try:
        page.wait_for_function(f"() => ({FOCUSED})() === {target!r}", timeout=10_000)
    except PlaywrightTimeoutError:
        raise AssertionError(f"the focus is on {page.evaluate(FOCUSED)}, not {target}") from None


def test_a_whole_evening_with_the_remote_alone(tv: Page, open_table: Callable[..., Any]) -> None:
    log = open_table(tv, OFFLINE)
    remote = Remote(tv)
    expect_focus(tv, "solo")  # something is focused as soon as the table is ready

    # choose a ruleset: OK on the list, arrows step it, OK again
    remote.go("ArrowDown", "ruleset")
    remote.press("Enter")
    remote.press("ArrowDown", 3)
    remote.press("Enter")
    expect(tv.locator("#ruleset")).to_have_value("posledniy-igrok")
    expect(tv.locator(".topbar__name")).to_have_text("Last Player")
    # one hand in the match, no turn timer, computers without a pause: numbers and lists alike
    remote.go("ArrowDown", "opt-hands")
    remote.press("Enter")
    remote.press("ArrowDown", 4)
    remote.press("Enter")
    expect(tv.locator("#opt-hands")).to_have_value("1")
    remote.go("ArrowDown", "timer-turn")
    remote.press("Enter")
    remote.press("ArrowUp", 2)
    remote.press("Enter")
    expect(tv.locator("#timer-turn")).to_have_value("off")
    remote.go("ArrowDown", "timer-bot_pause")
    remote.press("Enter")
    remote.press("ArrowUp", 2)
    remote.press("Escape")  # Back also ends the editing, and closes nothing
    expect(tv.locator("#timer-bot_pause")).to_have_value("0")
    assert remote.focused() == "timer-bot_pause"
    remote.go("ArrowDown", "away-bot")
    remote.press("Enter")  # OK ticks a box (a remote has no Space)
    expect(tv.locator("[name=away_bot]")).to_be_checked()

    # two computer players: over to the seats column, up to the button, OK twice
    remote.press("ArrowRight")
    remote.go("ArrowUp", "add-bot")
    remote.press("Enter", 2)
    expect(tv.get_by_test_id("seat-1")).to_contain_text("computer (normal)")
    assert remote.focused() == "add-bot"

    # the remove confirmation: focus on Cancel, Back closes it, the focus comes back; once a
    # seat is removed the focus falls on the nearest control that removes nobody
    remote.go("ArrowUp", "bot-level")
    remote.go("ArrowRight", "ask-remove:1")
    remote.press("Enter")
    assert remote.focused() == "close-confirm"
    remote.press("Escape")
    assert remote.focused() == "ask-remove:1"
    remote.press("Enter")
    remote.go("ArrowLeft", "confirm-yes")
    remote.press("Enter")
    expect(tv.get_by_test_id("seat-1")).to_have_count(0)
    assert remote.focused() not in ("ask-remove:0", None)
    every_control_can_be_left(tv, "lobby")
    remote.go("ArrowDown", "local-name")
    remote.go("ArrowUp", "add-bot")
    remote.press("Enter")
    expect(tv.get_by_test_id("seat-1")).to_be_visible()

    # the rules: focus trapped inside, the arrows scroll them, Back closes, focus returns
    for _ in range(6):  # up to the top bar (above the big Start button: its sound or its Rules)
        if remote.inside(".topbar"):
            break
        remote.press("ArrowUp")
    remote.go("ArrowLeft", "rules-open")
    remote.press("Enter")
    rules = tv.get_by_role("dialog", name="Rules: Last Player")
    expect(rules).to_be_visible()
    for _ in range(4):
        remote.press("Tab")
        assert remote.inside("[data-testid=rules]")
    remote.press("ArrowUp")
    assert remote.inside("[data-testid=rules]")
    # a keyboard's page keys go through them too (they did nothing: only the arrows scrolled)
    box = tv.locator("[data-testid=rules] .rules")
    remote.press("End")
    tv.wait_for_function("(box) => box.scrollTop > 0", arg=box.element_handle())
    remote.press("Home")
    tv.wait_for_function("(box) => box.scrollTop === 0", arg=box.element_handle())
    remote.press("PageDown")
    tv.wait_for_function("(box) => box.scrollTop > 0", arg=box.element_handle())
    remote.press("Backspace")
    expect(rules).to_be_hidden()
    assert remote.focused() == "rules-open"

    # "Play against the computer": the name is asked, OK deals
    remote.go("ArrowDown", "host:start")
    remote.go("ArrowLeft", "solo")
    remote.press("Enter")
    dialog = tv.get_by_test_id("solo-dialog")
    expect(dialog).to_be_visible()
    assert remote.focused() == "solo-name"
    remote.press("Enter")
    expect(dialog).to_be_hidden()
    expect(tv.get_by_test_id("seat-2")).to_contain_text("on this screen")

    # the hand, on the table screen: OK on the focused move, OK on the first colour/suit/card
    results = tv.get_by_test_id("results")
    my_turn = tv.locator(".hand--turn")
    moved = False
    for _ in range(MAX_TURNS):
        expect(results.or_(my_turn).first).to_be_visible()
        if results.is_visible():
            break
        tv.wait_for_function("() => document.activeElement?.closest('.local, .choice')")
        beside = """() => {
          const card = document.activeElement.closest('.hand__card');
          const next = card?.parentElement.nextElementSibling;
          const top = (el) => el.getBoundingClientRect().top;
          return Boolean(next) && top(next) === top(card.parentElement);
        }"""
        if not moved and tv.evaluate(beside):
            before = remote.focused()
            remote.press("ArrowRight")
            remote.press("ArrowLeft")
            assert remote.focused() == before  # the arrows walk the hand and back
            moved = True
        remote.press("Enter")
        choice = tv.get_by_test_id("choice")
        while choice.count() and choice.is_visible():
            assert remote.inside("[data-testid=choice]")
            remote.press("Enter")
    expect(results).to_be_visible()
    assert moved

    # the results: a dialog that keeps the focus; OK on Rematch deals again
    expect_focus(tv, "host:rematch")
    every_control_can_be_left(tv, "results")
    for _ in range(3):
        remote.press("Tab")
        assert remote.inside("[aria-labelledby=results-title]")
    # the results' Rules: Back closes them and gives the focus back to that button, not Rematch
    remote.go("ArrowUp", "rules-open")
    assert remote.inside(".results__top")
    remote.press("Enter")
    expect(tv.get_by_role("dialog", name="Rules: Last Player")).to_be_visible()
    assert remote.inside("[data-testid=rules]")
    remote.press("Escape")
    expect(tv.get_by_test_id("rules")).to_have_count(0)
    assert remote.focused() == "rules-open"
    assert remote.inside(".results__top")
    remote.press("ArrowDown")
    remote.go("ArrowLeft", "host:rematch")
    remote.press("Enter")
    expect(results).to_be_hidden()
    expect(tv.locator("body")).to_have_attribute("data-phase", "playing")  # a new game is dealt
    expect(tv.get_by_test_id("hand").get_by_role("listitem").first).to_be_visible()
    every_control_can_be_left(tv, "play")

    # ending the game: asked first (Cancel focused), then the lobby with the focus on Start
    for _ in range(6):
        if remote.inside(".topbar"):
            break
        remote.press("ArrowUp")
    # the top bar's "End the game" (right of Pause)
    remote.go("ArrowRight" if remote.focused() == "host:pause" else "ArrowLeft", "cmd:lobby")
    remote.press("Enter")
    assert remote.focused() == "close-confirm"
    remote.go("ArrowLeft", "confirm-yes")
    remote.press("Enter")
    expect(tv.get_by_role("heading", name="New game")).to_be_visible()
    expect_focus(tv, "host:start")
    assert log.console_errors == []


# Every control on screen, one by one: some arrow takes the focus somewhere else (none traps it).
TRAPS = """() => {
  const all = [...document.querySelectorAll("button, a[href], input:not([type=hidden]), select,"
    + " textarea, summary, [tabindex]:not([tabindex='-1'])")].filter((el) => {
    const r = el.getBoundingClientRect();
    return !el.disabled && r.width > 0 && r.height > 0 && !el.closest("[inert], [hidden]");
  });
  const modal = [...document.querySelectorAll("[aria-modal=true]")].at(-1);
  const before = document.activeElement;
  const trapped = [];
  for (const el of all.filter((e) => !modal || modal.contains(e))) {
    const moves = ["ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight"].some((key) => {
      el.focus();
      if (el.setSelectionRange && el.value !== undefined) {
        try { el.setSelectionRange(0, 0); } catch { /* not a text field */ }
      }
      document.activeElement.dispatchEvent(new KeyboardEvent("keydown", { key, bubbles: true }));
      return document.activeElement !== el;
    });
    if (!moves) trapped.push(el.outerHTML.slice(0, 80));
  }
  before?.focus();
  return trapped;
}"""


def every_control_can_be_left(tv: Page, screen: str) -> None:
    assert tv.evaluate(TRAPS) == [], screen


def test_two_presses_start_a_game_against_two_computer_players(
    tv: Page, open_table: Callable[..., Any]
) -> None:
    """The count in the changelog: a fresh table to a dealt hand against two computers."""
    open_table(tv, OFFLINE)
    remote = Remote(tv)
    expect_focus(tv, "solo")
    remote.press("Enter")  # "Play against the computer": asks the name
    remote.press("Enter")  # deal
    expect(tv.get_by_test_id("top").get_by_role("img")).to_be_visible()
    expect(tv.get_by_test_id("seat-1")).to_contain_text("computer (normal)")
    expect(tv.get_by_test_id("seat-2")).to_contain_text("computer (normal)")
    assert remote.presses == 2


def test_down_walks_every_option_in_order_and_right_goes_to_the_players(
    tv: Page, open_table: Callable[..., Any]
) -> None:
    """The lobby's options (labels left, every control in one column at the right): Down from
    the game's list visits each control of «Последняя», its house rules' boxes included, in the
    order they are listed, and Right from each goes over to the players."""
    open_table(tv, OFFLINE)
    remote = Remote(tv)
    expect_focus(tv, "solo")
    remote.go("ArrowDown", "ruleset")
    controls = tv.locator(".lobby__rules").locator("input, select")
    order = [str(i) for i in controls.evaluate_all("(all) => all.map((el) => el.id)")]
    assert len(order) >= 8, order  # the game, the house rules (numbers and boxes), the timers
    seen = [remote.focused()]
    for _ in order[1:]:
        remote.press("ArrowDown")
        seen.append(remote.focused())
    assert seen == order
    for control in order:
        tv.locator(f"#{control}").focus()
        remote.press("ArrowRight")
        assert remote.inside(".lobby__seats"), (control, remote.focused())


def test_right_from_every_option_goes_to_the_players_not_the_join_panel(
    tv: Page, open_table: Callable[..., Any], mqtt_broker: str
) -> None:
    """Four players in the lobby, the join panel's "Use the camera instead" level with the lower
    options, at each TV size: Right from every option goes over to the players' column. From the
    lowest ones (below the players' last control) it went to that switch, across the screen."""
    tv.emulate_media(reduced_motion="reduce")  # a resize's layout is final at once
    open_table(tv, f"new&join=relay&broker={quote(mqtt_broker, safe='')}&stun=none")
    remote = Remote(tv)
    expect_focus(tv, "solo")
    tv.locator("[data-act=add-bot]").focus()
    remote.press("Enter", 3)
    tv.locator("#local-name").focus()
    remote.press("Enter")
    expect(tv.get_by_test_id("seat-3")).to_be_visible()
    expect(tv.locator("#join-text [data-act=join-mode]")).to_be_visible(timeout=JOIN_TIMEOUT)
    controls = tv.locator(".lobby__rules").locator("input, select")
    order = [str(i) for i in controls.evaluate_all("(all) => all.map((el) => el.id)")]
    for width, height in TV_SIZES:
        resize(tv, width, height)
        for control in order:
            tv.locator(f"#{control}").focus()
            remote.press("ArrowRight")
            assert remote.inside(".lobby__seats"), (width, control, remote.focused())


def test_up_from_the_computer_level_goes_to_the_last_player(
    tv: Page, open_table: Callable[..., Any]
) -> None:
    """Up from the computer level, under the players' rows (whose one control, ✕, is at their
    far end), goes to the last player's ✕ at each TV size: it went past the players to "Start
    the game", straight above the level."""
    tv.emulate_media(reduced_motion="reduce")  # a resize's layout is final at once
    open_table(tv, OFFLINE)
    remote = Remote(tv)
    expect_focus(tv, "solo")
    tv.locator("[data-act=add-bot]").focus()
    remote.press("Enter", 3)
    expect(tv.get_by_test_id("seat-2")).to_be_visible()
    for width, height in TV_SIZES:
        resize(tv, width, height)
        tv.locator("#bot-level").focus()
        remote.press("ArrowUp")
        assert remote.focused() == "ask-remove:2", (width, remote.focused())


# The lobby's controls that add a player, by the names the test gives them.
ADD_CONTROLS = {
    "level": "#bot-level",
    "computer": "[data-act=add-bot]",
    "name": "#local-name",
    "player": "[data-act=add-local] [type=submit]",
}
# Which of ADD_CONTROLS has the focus (its name), or null when none has.
ADDING = """(controls) => Object.keys(controls)
  .find((name) => document.activeElement === document.querySelector(controls[name])) ?? null"""


def test_down_from_the_computer_level_goes_to_the_name_field(
    tv: Page, open_table: Callable[..., Any]
) -> None:
    """The lobby's computer level and name field, each with its button beside or under it, at
    1080p, 720p and 540p, in both languages. With few players, Down from the level reaches the
    name field. With six or more, where each field shares a line with its button, Down goes
    straight down the two columns and Up back: from the level to the name field (it went past
    it to the taller "Add a player on this screen" beside it, whose edge was nearer) and from
    "Add computer player" to "Add a player on this screen"."""
    tv.emulate_media(reduced_motion="reduce")  # a resize's layout is final at once
    open_table(tv, OFFLINE)
    remote = Remote(tv)
    expect_focus(tv, "solo")

    def on(control: str) -> None:
        tv.locator(ADD_CONTROLS[control]).focus()

    def each_layout(check: Callable[[str], None]) -> None:
        for lang in ("en", "ru"):
            if tv.locator("html").get_attribute("lang") != lang:
                tv.locator("[data-act=lang]").focus()
                remote.press("Enter")
                expect(tv.locator("html")).to_have_attribute("lang", lang)
            for width, height in TV_SIZES:
                resize(tv, width, height)
                check(f"{lang} at {width}x{height}")

    def few(where: str) -> None:
        on("level")
        walk = [tv.evaluate(ADDING, ADD_CONTROLS)]
        while walk[-1] is not None and len(walk) < 5:
            remote.press("ArrowDown")
            walk.append(tv.evaluate(ADDING, ADD_CONTROLS))
        assert "name" in walk, (where, walk)

    def many(where: str) -> None:
        for start, key, to in (
            ("level", "ArrowDown", "name"),
            ("name", "ArrowUp", "level"),
            ("computer", "ArrowDown", "player"),
            ("player", "ArrowUp", "computer"),
        ):
            on(start)
            remote.press(key)
            assert tv.evaluate(ADDING, ADD_CONTROLS) == to, (where, start, key)

    each_layout(few)
    on("computer")
    remote.press("Enter", 6)
    expect(tv.locator(".lobby--many")).to_be_visible()
    expect(tv.get_by_test_id("seat-5")).to_be_visible()
    each_layout(many)


JOIN_TIMEOUT = 20_000  # ms: relay hand-shake and WebRTC on a busy two-core machine
# The question before a removed player is let back in (TV and host phone alike).
LET_BOB_IN = "Allow Bob to play again? They will be dealt in at the next game with a free seat."
# Whether the removed spectator ``id``'s "Let back in" is above the focused control.
LET_IN_ABOVE = """(id) => {
  const button = document.querySelector(`[data-host=let-in][data-id="${id}"]`);
  const focused = document.activeElement;
  return button.getBoundingClientRect().bottom <= focused.getBoundingClientRect().top;
}"""


def test_after_a_rematch_the_focus_lets_no_removed_player_in_nor_switches_the_join_way(
    tv: Page, new_phone: Callable[[], Page], relay_table: Callable[[Page], Locator]
) -> None:
    """QA's evening: the host phone removes a player mid-hand, she comes back to watch, and the
    host phone deals a rematch. The TV's focus falls on Pause (the game's main control with no
    hand on this screen), not on her "Let back in" nor on the join way's switch, so two OKs
    let nobody in and keep the QR with the code. Letting her in from the TV is asked first."""
    url = relay_table(tv)
    remote = Remote(tv)
    ann = join_by_link(new_phone(), url.inner_text(), "Ann")  # the first phone is the host
    bob = join_by_link(new_phone(), url.inner_text(), "Bob")
    ann.get_by_test_id("host-open").click()
    panel = ann.get_by_test_id("host-panel")
    panel.get_by_label("Turn timer").select_option("off")
    expect(tv.get_by_label("Turn timer")).to_have_value("off")
    panel.get_by_role("button", name="Start the game").click()
    expect(tv.locator("body")).to_have_attribute("data-phase", "playing")
    join_by_link(new_phone(), url.inner_text(), "Cat", seated=False)  # dealt in at the rematch

    # the host phone removes Bob (Ann alone is left: the hand ends); Bob comes back to watch
    ann.get_by_test_id("host-open").click()
    panel.get_by_role("button", name="Remove Bob").click()
    panel.get_by_test_id("host-confirm").get_by_role("button", name="Remove").click()
    results = tv.get_by_test_id("results")
    expect(results).to_be_visible()
    bob.get_by_role("button", name="Watch the table").click()
    expect(bob.get_by_test_id("removed-watching")).to_be_visible(timeout=JOIN_TIMEOUT)
    spectators = tv.get_by_test_id("spectators")
    expect(spectators).to_contain_text("Bob (removed)")
    bob_id = tv.get_by_role("button", name="Let Bob play again").get_attribute("data-id")
    let_in = f"let-in:{bob_id}"
    switch = tv.locator("#join-text [data-act=join-mode]")
    expect(switch).to_have_text("Use the camera instead")
    # the host phone asks first too, in words of its own (not its button's with a "?"): Cancel
    panel.get_by_role("button", name="Let Bob play again").click()
    asked = panel.get_by_test_id("host-confirm")
    expect(asked).to_contain_text(LET_BOB_IN)
    asked.get_by_role("button", name="Cancel").click()
    expect(asked).to_have_count(0)

    # the rematch, from the host phone: Ann and Cat are dealt, the TV's focus on Pause
    panel.get_by_role("button", name="Rematch").click()
    expect(results).to_have_count(0)
    expect(tv.get_by_test_id("seat-1")).to_contain_text("Cat")
    expect_focus(tv, "host:pause")
    remote.press("Enter")  # OK twice on what the focus fell on: the game pauses, then goes on
    expect(tv.get_by_role("button", name="Resume", exact=True)).to_be_visible()
    assert remote.focused() == "host:resume"
    remote.press("Enter")
    expect(tv.get_by_role("button", name="Pause", exact=True)).to_be_visible()
    expect(spectators).to_contain_text("Bob (removed)")
    expect(bob.get_by_test_id("removed-watching")).to_be_visible()
    expect(switch).to_have_text("Use the camera instead")
    expect(tv.get_by_test_id("join-code")).to_be_visible()
    expect(tv.get_by_test_id("join-problem")).to_have_count(0)

    # Bob's "Let back in" is reached with the arrows (down into the spectators, then left of his
    # ✕, or above it where the ✕ goes to the next line), and asks first: Cancel keeps him out
    for _ in range(12):
        if remote.inside("[data-testid=spectators]"):
            break
        remote.press("ArrowDown")
    if remote.focused() != let_in:
        above = tv.evaluate(LET_IN_ABOVE, bob_id)
        remote.press("ArrowUp" if above else "ArrowLeft")
    assert remote.focused() == let_in
    remote.press("Enter")
    dialog = tv.get_by_role("alertdialog")
    expect(dialog).to_contain_text(LET_BOB_IN)
    assert remote.focused() == "close-confirm"
    remote.press("Enter")
    expect(dialog).to_have_count(0)
    assert remote.focused() == let_in
    expect(spectators).to_contain_text("Bob (removed)")
    remote.press("Enter")
    remote.go("ArrowLeft", "confirm-yes")
    remote.press("Enter")
    expect(spectators).to_contain_text("Bob (wants to play)")
    expect_focus(tv, "host:pause")  # his row has only a crown and a ✕ left: back to the game's
    expect(
        bob.get_by_role("button", name="You will play in the next game with a free seat")
    ).to_be_visible()


TESTID = "() => document.activeElement?.dataset.testid ?? null"
# The width of the focused element's ring, in pixels (0 when it has none).
RING = """() => { const style = getComputedStyle(document.activeElement);
  return style.outlineStyle === "none" ? 0 : parseFloat(style.outlineWidth); }"""


def test_the_home_page_with_the_remote_alone(tv: Page, base_url: str) -> None:
    """The home page on a TV, where the family types the site's address: nothing has the focus
    as it opens (a phone's page shows no ring), the first arrow puts it on "Host a table", the
    arrows reach a game's Rules, OK opens them with the focus inside, Down scrolls them, Back
    closes them and gives the focus back to their link; up again, OK on "Host a table" opens the
    table. The focus has the table's thick ring. The arrows did nothing there: the page had no
    focus and no way to give it one."""
    tv.goto(f"{base_url}/index.html")
    expect(tv.get_by_test_id("rules-classic")).to_be_visible()  # the games are listed
    remote = Remote(tv)
    assert tv.evaluate(TESTID) is None
    remote.press("ArrowDown")
    assert tv.evaluate(TESTID) == "host-link"
    for _ in range(12):
        if str(tv.evaluate(TESTID)).startswith("rules-"):
            break
        remote.press("ArrowDown")
    link = str(tv.evaluate(TESTID))
    assert link.startswith("rules-"), link
    assert tv.evaluate(RING) >= 3  # seen from the sofa (a link's own ring was a pixel wide)
    remote.press("Enter")
    rules = tv.get_by_test_id("rules")
    expect(rules).to_be_visible()
    assert remote.inside("[data-testid=rules]")
    remote.press("ArrowDown")
    expect(rules.locator(".rules")).not_to_have_js_property("scrollTop", 0)
    assert remote.inside("[data-testid=rules]")
    remote.press("Escape")
    expect(rules).to_have_count(0)
    assert tv.evaluate(TESTID) == link
    for _ in range(12):
        if tv.evaluate(TESTID) == "host-link":
            break
        remote.press("ArrowUp")
    assert tv.evaluate(TESTID) == "host-link"
    remote.press("Enter")
    expect(tv).to_have_url(re.compile(r"/table\.html$"))


def test_an_empty_name_adds_a_player_named_as_the_computer_game_names_one(
    tv: Page, open_table: Callable[..., Any]
) -> None:
    """OK on "Add a player on this screen" (or in its name field) with no name typed adds a
    player named as "Play against the computer" names one ("Player", then "Player 2"), as its
    dialog does with its name deleted: the browser's own "Please fill out this field" bubble,
    tiny and in the browser's language, stopped it."""
    open_table(tv, OFFLINE)
    remote = Remote(tv)
    expect_focus(tv, "solo")
    tv.locator("#local-name").focus()
    remote.press("Enter")
    expect(tv.get_by_test_id("seat-0")).to_contain_text("Player")
    expect(tv.get_by_test_id("seat-0")).to_contain_text("on this screen")
    remote.press("ArrowDown")
    assert remote.focused() is not None and remote.inside("[data-act=add-local]")
    remote.press("Enter")
    expect(tv.get_by_test_id("seat-1")).to_contain_text("Player 2")
    # the computer game's dialog with its name deleted: dealt with the same name
    tv.locator("[data-command=start]").focus()
    remote.go("ArrowLeft", "solo")
    remote.press("Enter")
    assert remote.focused() == "solo-name"
    length = len(tv.locator("#solo-name").input_value())
    tv.evaluate("() => document.activeElement.setSelectionRange(99, 99)")  # caret at the end
    remote.press("Backspace", length)
    expect(tv.locator("#solo-name")).to_have_value("")
    remote.press("Enter")
    expect(tv.get_by_test_id("solo-dialog")).to_be_hidden()
    expect(tv.locator("body")).to_have_attribute("data-phase", "playing")


LEGAL_FOCUSED = "() => Boolean(document.activeElement?.matches('.local .hand__card.is-legal'))"


def test_a_jump_in_puts_the_focus_on_its_card(tv: Page, open_table: Callable[..., Any]) -> None:
    """Classic with the jump-in house rule, the TV's own hand against computers that think for
    3 s: when that hand may jump in (a card identical to the one just played), the focus goes to
    that card, from wherever it was in the hand, as it goes to a move on the hand's turn; OK
    jumps in. It stayed where it was, on a card that cannot be played, and with the computers'
    pause nobody could press Right, Right, OK in time."""
    tv.add_init_script(fixed_seed(0.4))  # a deal whose first hand has a jump-in soon
    open_table(tv, OFFLINE)
    remote = Remote(tv)
    expect_focus(tv, "solo")
    remote.go("ArrowDown", "ruleset")
    remote.press("Enter")
    for _ in range(8):
        if tv.locator("#ruleset").input_value() == "classic":
            break
        remote.press("ArrowDown")
    remote.press("Enter")
    expect(tv.locator("#ruleset")).to_have_value("classic")
    jump = tv.locator("#opt-jump_in")
    if not jump.is_checked():
        remote.go("ArrowDown", "opt-jump_in")
        remote.press("Enter")
    expect(jump).to_be_checked()
    remote.go("ArrowDown", "timer-turn")
    remote.press("Enter")
    remote.press("ArrowUp", 2)
    remote.press("Enter")
    expect(tv.locator("#timer-turn")).to_have_value("off")
    tv.locator("[data-act=solo]").focus()
    remote.press("Enter", 2)  # the computer game: the name asked, OK deals
    expect(tv.locator("body")).to_have_attribute("data-phase", "playing")

    results = tv.get_by_test_id("results")
    my_turn = tv.locator(".local .hand--turn")
    jump_in = tv.locator(".local").get_by_test_id("jump-in")
    for _ in range(MAX_TURNS):
        expect(results.or_(my_turn).or_(jump_in).first).to_be_visible(timeout=40_000)
        if jump_in.is_visible():
            break
        assert not results.is_visible(), "the hand ended with no jump-in"
        if my_turn.is_visible():
            tv.wait_for_function("() => document.activeElement?.closest('.local, .choice')")
            remote.press("Enter")
            choice = tv.get_by_test_id("choice")
            while choice.count() and choice.is_visible():
                remote.press("Enter")
    else:
        raise AssertionError("no jump-in")
    try:
        tv.wait_for_function(LEGAL_FOCUSED, timeout=2_000)
    except PlaywrightTimeoutError:
        raise AssertionError(f"a jump-in, the focus on {remote.focused()}") from None
    remote.press("Enter")
    expect(tv.locator("[data-testid=log], .log").first).to_contain_text("jumped in")


# The text of the join panel's switch when it has the focus, else null.
JOIN_SWITCH = """() => document.activeElement?.closest("#join-text [data-act=join-mode]")
  ?.textContent ?? null"""


def test_the_join_way_switch_keeps_the_focus_after_it_is_pressed(
    tv: Page, open_table: Callable[..., Any], mqtt_broker: str
) -> None:
    """OK on "Use the camera instead": the panel changes (here: no camera, "Use the internet
    instead"), and the focus stays on its switch, so a second OK switches back rather than
    starting the game. The focus went to "Start the game", the lobby's main control, since the
    switch is one the focus never falls on by itself."""
    open_table(tv, f"new&join=relay&broker={quote(mqtt_broker, safe='')}&stun=none")
    remote = Remote(tv)
    expect_focus(tv, "solo")
    remote.press("Enter", 2)  # a game needs players: the computer game's seats (then its lobby)
    expect(tv.locator("body")).to_have_attribute("data-phase", "playing")
    tv.locator("[data-command=lobby]").focus()
    remote.press("Enter")
    remote.go("ArrowLeft", "confirm-yes")
    remote.press("Enter")
    expect_focus(tv, "host:start")
    switch = tv.locator("#join-text [data-act=join-mode]")
    expect(switch).to_have_text("Use the camera instead", timeout=JOIN_TIMEOUT)
    for _ in range(12):
        if tv.evaluate(JOIN_SWITCH):
            break
        remote.press("ArrowRight")
    assert tv.evaluate(JOIN_SWITCH) == "Use the camera instead"
    remote.press("Enter")
    expect(tv.get_by_test_id("join-problem")).to_be_visible()
    tv.wait_for_function(f"() => ({JOIN_SWITCH})() === 'Use the internet instead'")
    remote.press("Enter")
    expect(switch).to_have_text("Use the camera instead", timeout=JOIN_TIMEOUT)
    tv.wait_for_function(f"() => ({JOIN_SWITCH})() === 'Use the camera instead'")
    expect(tv.locator("body")).to_have_attribute("data-phase", "lobby")


# A phone joins through the table's own calls (window.lastcardTable, docs/design.md) without a
# transport: its `hello` as a phone's, seated in the lobby (or watching, with `play` false).
PHONE_JOINS = """async ({ name, play = true }) => {
  const table = window.lastcardTable;
  await table.connect(name);
  await table.receive(name, JSON.stringify({ v: 1, type: "hello", name, lang: "en", play }));
}"""


# Resolves once the focus of the render that came before has settled (js/table.js places it in
# a task after the render's, ahead of the page's timers).
SETTLED = "() => new Promise((resolve) => setTimeout(resolve))"


def test_start_takes_the_focus_from_the_computer_game_once_phones_have_joined(
    tv: Page, open_table: Callable[..., Any]
) -> None:
    """The lobby's big button is "Play against the computer" while nobody may start, and the
    focus falls on it; once two phones have joined "Start the game" is, and the focus goes with
    it, so OK starts their game. It stayed on "Play against the computer", whose OK opened the
    dialog of a game on the TV's screen (with its warning). When a phone leaves (the host removes
    it) and Start greys out, the focus follows the main control back to "Play against the
    computer" (it went to the game's list), and on to Start when a phone joins again. A control
    the player moved to keeps the focus."""
    open_table(tv, OFFLINE)
    remote = Remote(tv)
    expect_focus(tv, "solo")
    for seat, name in enumerate(("Ann", "Bob")):
        tv.evaluate(PHONE_JOINS, {"name": name})
        expect(tv.get_by_test_id(f"seat-{seat}")).to_contain_text("phone")
    expect(tv.get_by_role("button", name="Start the game")).to_be_enabled()
    expect_focus(tv, "host:start")
    tv.evaluate("() => window.lastcardTable.host(JSON.stringify({ type: 'remove', seat: 1 }))")
    expect(tv.get_by_role("button", name="Start the game")).to_be_disabled()
    expect_focus(tv, "solo")
    tv.evaluate(PHONE_JOINS, {"name": "Cat"})
    expect(tv.get_by_role("button", name="Start the game")).to_be_enabled()
    expect_focus(tv, "host:start")
    remote.press("Enter")
    expect(tv.locator("body")).to_have_attribute("data-phase", "playing")
    expect(tv.get_by_test_id("solo-dialog")).to_have_count(0)

    # back in the lobby with one phone: the player goes to the game's list, and the second phone
    # that joins leaves the focus there
    tv.evaluate("() => window.lastcardTable.host(JSON.stringify({ type: 'lobby' }))")
    expect(tv.get_by_role("heading", name="New game")).to_be_visible()
    tv.evaluate("() => window.lastcardTable.host(JSON.stringify({ type: 'remove', seat: 1 }))")
    expect(tv.get_by_test_id("seat-1")).to_have_count(0)
    expect(tv.get_by_role("button", name="Start the game")).to_be_disabled()
    remote.go("ArrowDown", "ruleset")
    tv.evaluate(PHONE_JOINS, {"name": "Dee"})  # not Cat: a removed phone's name waits for the host
    expect(tv.get_by_role("button", name="Start the game")).to_be_enabled()
    tv.evaluate(SETTLED)
    assert remote.focused() == "ruleset"


@pytest.mark.parametrize(("ruleset", "seats"), [("poslednyaya", 10), ("last-card", 6)])
def test_one_ok_too_many_on_add_computer_player_starts_no_game(
    tv: Page, open_table: Callable[..., Any], ruleset: str, seats: int
) -> None:
    """Someone on the sofa adds computer players with OK on "Add computer player", one press
    each, until the table is full (ten seats in «Последняя», six with the French deck). A full
    table adds no player and its controls that add one go: the focus falls on the note that says
    every seat is taken, in their place, so one OK more does nothing. It fell on "Start the game",
    the lobby's main control, and that OK started a game nobody had asked for (before that, on the
    options' last box, which it ticked). When a seat is free again, the focus goes on to the
    computer level, the first of the controls that add a player."""
    open_table(tv, OFFLINE)
    remote = Remote(tv)
    expect_focus(tv, "solo")
    remote.go("ArrowDown", "ruleset")
    remote.press("Enter")
    for _ in range(6):
        if tv.locator("#ruleset").input_value() == ruleset:
            break
        remote.press("ArrowDown")
    remote.press("Enter")
    expect(tv.locator("#ruleset")).to_have_value(ruleset)
    remote.go("ArrowDown", "away-bot")
    remote.press("ArrowRight")
    remote.go("ArrowUp", "add-bot")
    for seat in range(seats - 1):
        remote.press("Enter")
        expect(tv.get_by_test_id(f"seat-{seat}")).to_be_visible()
        assert remote.focused() == "add-bot"
    boxes = tv.locator(".lobby__rules [type=checkbox]")
    ticked = boxes.evaluate_all("(all) => all.map((box) => box.checked)")
    remote.press("Enter")  # the last seat
    expect(tv.get_by_test_id(f"seat-{seats - 1}")).to_be_visible()
    expect(tv.locator("[data-act=add-bot], [data-act=add-local]")).to_have_count(0)
    expect_focus(tv, "lobby-full")
    expect(tv.locator("#lobby-full")).to_have_text("Every seat at the table is taken.")
    every_control_can_be_left(tv, "a full lobby")
    remote.press("Enter")  # once more, not knowing the table is full
    tv.evaluate(SETTLED)
    expect(tv.locator("body")).to_have_attribute("data-phase", "lobby")
    assert remote.focused() == "lobby-full"
    assert boxes.evaluate_all("(all) => all.map((box) => box.checked)") == ticked
    tv.evaluate("() => window.lastcardTable.host(JSON.stringify({ type: 'remove', seat: 0 }))")
    expect(tv.get_by_test_id(f"seat-{seats - 1}")).to_have_count(0)
    expect_focus(tv, "bot-level")
