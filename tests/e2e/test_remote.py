"""The TV page with a remote alone: arrows, OK (Enter) and Back (Escape/Backspace), nothing else.

Every step here is ``page.keyboard.press``: no click, no mouse, no ``fill`` or ``select_option``.
The page is only read (which element has the focus, what is on screen).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from playwright.sync_api import Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from .test_table_game import OFFLINE

MAX_TURNS = 400
FOCUSED = """() => {
  const el = document.activeElement;
  if (!el || el === document.body) return null;
  const d = el.dataset;
  return el.id || d.act + (d.command ? ":" + d.command : "") + (d.seat ? ":" + d.seat : "")
    + (d.card ? ":" + d.card : "") + (d.action ? ":" + d.action : "");
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
        """Press ``key`` until ``target`` (an id, or ``act[:command][:seat]``) has the focus."""
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
    page.wait_for_function(f"() => ({FOCUSED})() === {target!r}", timeout=10_000)


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
    remote.go("ArrowUp", "rules-open")
    remote.press("Enter")
    rules = tv.get_by_role("dialog", name="Rules: Last Player")
    expect(rules).to_be_visible()
    for _ in range(4):
        remote.press("Tab")
        assert remote.inside("[data-testid=rules]")
    remote.press("ArrowUp")
    assert remote.inside("[data-testid=rules]")
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
    remote.go("ArrowRight" if remote.focused() == "host:pause" else "ArrowLeft", "undefined:lobby")
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
