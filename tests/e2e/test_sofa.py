"""Readable from the sofa: every visible text on the TV, in the lobby, during play and on the
results, at 1920x1080, 1280x720 and 960x540 (a 1080p TV's browser at twice the density): none
smaller than 24 px at 1080p (16 px at 720p, 12 at 540: the type scales with the screen), card
faces and the results' chart included; no two texts overlapping and none cut off by its box, in
both languages, with the longest names the lobby allows (whole, on at most two lines); every
game's lobby with five such players, and with ten, without a scroll; the results of long matches
for 2 to 10 players without a scroll, the winner's line in view; the pause marker clear of the
turn line; the join QR at least 300 px at 1080p during play; every text style of the deal and
the results laid out in the lobby beforehand; the top bar's title and buttons on one row; every
seat of a table of ten in sight during play, and a hand played on the TV with its moves; the
join heading's words whole; the join panel on the screen in every way of joining and every
state of it (the relay answering or not, a webcam or none), in the lobby and during play, its
QR as large as the room allows and read back."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest
from broker import amqtt_broker, free_port
from playwright.sync_api import Browser, Locator, Page, expect

from .conftest import BOOT_TIMEOUT, TV_VIEWPORT, resize
from .conftest import TV_SIZES as SIZES
from .test_table_game import choose_game, lobby_for_solo, play_to_results
from .test_tv_engines import read_qr

#: screen sizes, width by height, each a layout is checked at (``each_size``)
Sizes = tuple[tuple[int, int], ...]

LONG_NAME = "Konstantinopolskaya-Anna"  # 24 characters, no space to break at
JOIN_TIMEOUT = 20_000  # ms: the relay's QR, on a busy machine
HAND_TIMEOUT = 90_000  # ms: a hand of three computer players, no pause, on a busy machine


# Every element that shows text (its own non-blank text node, or a form field's value), visible
# on screen: its computed font size, with a short description for the failure message.
TEXTS = """() => {
  const out = [];
  const visible = (el) => {
    const r = el.getBoundingClientRect();
    if (r.width < 2 || r.height < 2) return false;
    for (let e = el; e; e = e.parentElement) {
      const s = getComputedStyle(e);
      const gone = s.display === "none" || s.visibility === "hidden";
      if (gone || Number(s.opacity) === 0) return false;
    }
    return true;
  };
  for (const el of document.body.querySelectorAll("*")) {
    if (el.closest("option, script, style, template")) continue;
    const own = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
    const field = el.matches("input:not([type=hidden]), select, textarea");
    if (!(own || field) || !visible(el)) continue;
    const text = field ? (el.value || el.placeholder || "") : el.textContent.trim();
    if (!text) continue;
    // an SVG's text is drawn at its font size times the SVG's scale
    const svg = el.closest("svg");
    const box = svg?.viewBox?.baseVal;
    const scale = box?.width ? svg.getBoundingClientRect().width / box.width : 1;
    const size = parseFloat(getComputedStyle(el).fontSize) * scale;
    out.push({ size, text: text.slice(0, 30), cls: el.className?.baseVal ?? el.className });
  }
  return out;
}"""


def check_texts(tv: Page, state: str) -> None:
    """No visible text under 24 px at 1080p, scaled to the viewport's height."""
    size = tv.viewport_size
    assert size is not None
    floor = 24 * min(size["height"] / 1080, size["width"] / 1920) - 0.05
    texts = tv.evaluate(TEXTS)
    assert len(texts) > 5, texts
    small = [t for t in texts if t["size"] < floor]
    assert not small, f"{state} at {size}: text under {floor:.1f} px: {small}"


# Each seat name's height and font size, and how far each seat of the lobby's list sticks out past
# the list's right edge: one look at the page, whatever the number of seats.
NAMES = """() => ({
  names: [...document.querySelectorAll(".seat__name")].map((el) => ({ text: el.innerText,
    height: el.getBoundingClientRect().height, font: parseFloat(getComputedStyle(el).fontSize) })),
  out: [...document.querySelectorAll(".seats .seat")].map((el) => ({ text: el.innerText,
    by: el.getBoundingClientRect().right - el.parentElement.getBoundingClientRect().right })),
})"""


def check_names(tv: Page) -> None:
    """Every seat name is whole on at most two lines (check_layout: none is cut off), and every
    seat fits its list: nothing runs on under the join QR beside it."""
    found = tv.evaluate(NAMES)
    for name in found["names"]:
        assert name["height"] < 2.8 * name["font"], name
    for seat in found["out"]:
        assert seat["by"] <= 0.5, seat


# Each name (the first text of each element ``selector`` finds) whose words do not each lie on one
# line: the text, and how many lines each of its words takes (a hyphenated word's parts counted
# apart: a name may break after its hyphen).
NAMES_BROKEN_IN_A_WORD = """(selector) => [...document.querySelectorAll(selector)]
  .map((el) => {
    const text = [...el.childNodes].find((node) => node.nodeType === Node.TEXT_NODE
      && node.textContent.trim());
    const lines = [];
    for (const word of text.textContent.matchAll(/[^\\s-]+-?/g)) {
      const range = document.createRange();
      range.setStart(text, word.index);
      range.setEnd(text, word.index + word[0].length);
      lines.push(range.getClientRects().length);
    }
    return { name: text.textContent.trim(), lines };
  })
  .filter(({ lines }) => lines.some((n) => n !== 1))"""


def seat_names_whole(page: Page) -> None:
    """No seat name beside the game is broken inside a word."""
    assert page.evaluate(NAMES_BROKEN_IN_A_WORD, ".game__side .seat__name") == [], (
        page.viewport_size
    )


# The bottom edge of every element ``selector`` matches (one look at the page).
BOTTOMS = "(all) => all.map((el) => el.getBoundingClientRect().bottom)"


def below_the_screen(page: Page, selector: str) -> list[float]:
    """The bottom edges of ``selector``'s elements that lie below the screen's (none: all in
    sight); fails when nothing matches."""
    size = page.viewport_size
    assert size
    bottoms = page.locator(selector).evaluate_all(BOTTOMS)
    assert bottoms, selector
    return [bottom for bottom in bottoms if bottom > size["height"]]


@pytest.fixture(autouse=True)
def still(tv: Page) -> None:
    """The TV shows no motion (the reduced-motion preference, which the page honours by turning
    every animation and transition off): a resize's layout is then final at once, and the checks
    read it with no wait on an animation's end. (A run of the suite once hung for five minutes on
    a frame waited for with no bound just after a resize: conftest's ``resize`` bounds its
    wait.)"""
    tv.emulate_media(reduced_motion="reduce")


#: where the tests that only draw states open their table (the TV's camera way: no relay to wait on)
DRAWING_TABLE = "new&join=camera&stun=none"


@pytest.fixture(scope="module")
def drawing_table(browser: Browser, base_url: str) -> Iterator[Page]:
    """One table for this file's tests that only draw states into its page (SEATS_IN_PLAY,
    BIG_HAND, JOKER_CHOICE): they need its page, its styles and its join panel, not a game. A
    table's boot costs about 8 CPU-seconds (Python in two workers: 5.8 until it is ready, 2.5
    after it), and every test of the file opening its own took a minute of the suite's two
    cores; so the module opens it once, and ``drawn_tv`` gives it to each test as opened."""
    context = browser.new_context(viewport=TV_VIEWPORT, service_workers="block")
    page = context.new_page()
    page.emulate_media(reduced_motion="reduce")  # as ``still`` does for ``tv``
    page.goto(f"{base_url}/table.html?{DRAWING_TABLE}")
    expect(page.get_by_test_id("table")).to_have_attribute(
        "data-state", "ready", timeout=BOOT_TIMEOUT
    )
    yield page
    context.close()


# The drawn states' modules (not the page's bundle) back in English, the focus and the scroll let
# go.
UNDRAW = """async () => {
  await (await import("./js/i18n.js")).setLang("en");
  document.activeElement?.blur();
  scrollTo(0, 0);
}"""


@pytest.fixture
def drawn_tv(drawing_table: Page) -> Page:
    """The module's table page as it was opened (``drawing_table``): its own lobby, in English,
    at the TV's size, nothing drawn over it. The page's morph skips the markup it drew last, so
    only a screen of its own that differs from its last one draws over a drawn state: the page's
    language button, pressed once or twice (its click alone: the drawn state may have a dialog
    over it), ends on English with a screen in the other language before it."""
    page = drawing_table
    resize(page, TV_VIEWPORT["width"], TV_VIEWPORT["height"])
    page.evaluate(UNDRAW)
    for _ in range(2):
        page.evaluate(HEAR_ANSWER)
        page.locator("[data-act=lang]").first.dispatch_event("click")
        page.wait_for_function("() => window.sofaAnswered()")
        if page.locator("html").get_attribute("lang") == "en":
            break
    expect(page.get_by_role("heading", name="New game")).to_be_visible()
    still_drawn(page, "the table's own lobby", "lobby")
    return page


# The vertical extent of the top bar's title (with the game's name under it), of each of its
# buttons, and of the line of the house rules in play (null when none is on).
TOP_BAR = """() => {
  const bar = document.querySelector(".topbar");
  const extent = (el) => el && [el.getBoundingClientRect().top, el.getBoundingClientRect().bottom];
  return { heading: extent(bar.querySelector(".topbar__heading")),
    buttons: [...bar.querySelectorAll(".btn")].map(extent),
    house: extent(bar.querySelector(".house-line")) };
}"""


def check_top_bar(tv: Page, state: str) -> None:
    """The top bar's title and its buttons on one row (a bar that wraps costs the game a row of
    the screen), or on a narrow screen held upright (640 px wide or less), where height is not
    short, the buttons on one row of their own under the title; the house rules in play, if any,
    on a row of their own under them."""
    bar = tv.evaluate(TOP_BAR)
    top, bottom = bar["heading"]
    beside = [b for b in bar["buttons"] if b[0] < bottom and b[1] > top]
    size = tv.viewport_size
    assert size
    if beside != bar["buttons"] and size["width"] <= 640 < size["height"]:
        first = bar["buttons"][0]
        beside = [b for b in bar["buttons"] if b[0] >= bottom - 1 and abs(b[0] - first[0]) < 1]
    assert beside == bar["buttons"], f"{state} at {size}: {bar}"
    if bar["house"]:
        assert bar["house"][0] >= max(bottom, *(b[1] for b in beside)) - 1, (state, bar)


def every_lobby(tv: Page, what: str = "", extra: Callable[[Page], None] | None = None) -> list[str]:
    """``each_size`` on the lobby of every game, in the TV's language then in the other (the TV
    is left in the other: in Russian if it was in English); the games' ids."""
    rulesets = tv.locator("#ruleset option").evaluate_all("(all) => all.map((o) => o.value)")
    first = tv.locator("html").get_attribute("lang") or "en"
    for lang in (first, "ru" if first == "en" else "en"):
        if lang != first:
            tv.locator("[data-act=lang]").click()
        expect(tv.locator("html")).to_have_attribute("lang", lang)
        for ruleset in rulesets:
            choose_game(tv.locator("#ruleset"), ruleset)
            each_size(tv, f"{lang} lobby of {ruleset}{what}", extra)
    return rulesets


def each_size(
    tv: Page,
    state: str,
    extra: Callable[[Page], None] | None = None,
    sizes: Sizes = SIZES,
) -> None:
    """The screen ``tv`` shows, readable from the sofa (``check_texts``, ``check_names``,
    ``check_layout``, ``check_top_bar``) and passing ``extra`` at each of ``sizes``."""
    for width, height in sizes:
        resize(tv, width, height)
        # the page's own size, set with the reply (the boxes below are laid out on demand)
        assert tv.evaluate("[innerWidth, innerHeight]") == [width, height]
        check_texts(tv, state)
        check_names(tv)
        check_layout(tv, state)
        check_top_bar(tv, state)
        if extra:
            extra(tv)


def test_the_tv_reads_from_the_sofa(
    tv: Page, relay_table: Callable[[Page], Locator], mqtt_broker: str
) -> None:
    relay_table(tv)
    # the code is typed on the home page: its short address, with the table's own broker
    # written as it is typed (not percent-encoded)
    home = tv.url.split("://")[1].split("table.html")[0]
    expect(tv.get_by_test_id("join-home")).to_have_text(f"{home}?broker={mqtt_broker}&stun=none")
    lobby_for_solo(tv)
    tv.get_by_label("Your name").fill(LONG_NAME)
    tv.get_by_role("button", name="Add a player on this screen").click()
    tv.get_by_role("button", name="Add computer player").click()
    expect(tv.get_by_test_id("seat-1")).to_be_visible()
    each_size(tv, "lobby")

    tv.get_by_role("button", name="Start the game").click()
    expect(tv.get_by_test_id("top").get_by_role("img")).to_be_visible()
    tv.get_by_role("button", name="Pause").click()
    expect(tv.locator(".paused-mark")).to_be_visible()

    def clear_and_scannable(page: Page) -> None:
        mark = page.locator(".paused-mark").bounding_box()
        turn = page.get_by_test_id("turn").bounding_box()
        assert mark and turn
        apart = (
            mark["y"] + mark["height"] <= turn["y"]
            or turn["y"] + turn["height"] <= mark["y"]
            or mark["x"] + mark["width"] <= turn["x"]
            or turn["x"] + turn["width"] <= mark["x"]
        )
        assert apart, (mark, turn)
        qr = page.locator("#join-qr svg, #join-qr canvas, #join-qr img").first
        box = qr.bounding_box()
        size = page.viewport_size
        assert box and size
        assert box["width"] >= 300 * size["height"] / 1080, (size, box)  # scannable from a sofa

    each_size(tv, "play", clear_and_scannable)
    tv.get_by_role("button", name="Resume").click()

    results = play_to_results(tv)
    expect(results.locator(".card").first).to_be_visible()
    each_size(tv, "results")


# The TV's screen during play with one local seat of `size` cards (js/table-ui.js, tvScreen),
# drawn into the real page: the layout, the join panel and the styles are the table's own.
BIG_HAND = """async (size, spectators = []) => {
  const { tvScreen } = await import("./js/table-ui.js");
  const { morph } = await import("./js/html.js");
  const colours = ["R", "G", "B", "Y"];
  const hand = Array.from({ length: size }, (_, i) => colours[i % 4] + (i % 10));
  const seats = [0, 1, 2].map((seat) => ({ seat, name: ["Anna", "Bot 1", "Bot 2"][seat],
    kind: seat ? "bot" : "local", level: seat ? "normal" : null, connected: true, lang: "en",
    removed: false, count: seat ? 2 : size, score: null, id: seat + 1, host: false }));
  const view = { ruleset: "poslednyaya", seat: 0, hand, legal: ["draw", "play " + hand[0]],
    counts: [size, 2, 2], top: "R5", active: "R", direction: 1, stock: 40, pending: null,
    called: [], turn: 0, discard: 1 };
  const msg = { type: "tv", phase: "playing", state: 9, seats, spectators, awaiting: [0],
    remaining: null, paused: false, waiting: false, local: { 0: view }, view, events: [],
    lobby: { ruleset: "poslednyaya", options: {}, timers: {},
      description: { id: "poslednyaya", features: { last_call: false, melee: false } } },
    result: null };
  document.body.dataset.phase = "playing";
  morph(document.getElementById("app"), tvScreen({ boot: "ready", msg, picks: {}, sent: null,
    left: null, solo: null, confirm: null, rulesOpen: false, toast: null, damaged: null }));
}"""


# How many lines each word of an element's text takes (a word broken across lines: two).
WORD_LINES = """(el) => {
  const text = el.firstChild;
  let at = 0;
  return text.textContent.split(" ").map((word) => {
    const range = document.createRange();
    range.setStart(text, at);
    range.setEnd(text, at + word.length);
    at += word.length + 1;
    return range.getClientRects().length;
  });
}"""


def test_the_join_heading_keeps_its_words_whole_during_play(drawn_tv: Page) -> None:
    """During play the join panel is narrow, and «Присоединяйтесь» is one long word: at the TV's
    sizes and at a laptop's smaller screens no word of the heading is broken."""
    switch_language(drawn_tv, "ru")
    heading = drawn_tv.locator("#join-title")
    expect(heading).to_have_text("Присоединяйтесь с телефона")  # noqa: RUF001
    drawn_tv.evaluate(BIG_HAND, 7)
    for width, height in (*SIZES, (1366, 768), (1024, 768)):
        resize(drawn_tv, width, height)
        still_drawn(drawn_tv, f"a hand at {width}x{height}")
        assert heading.evaluate(WORD_LINES) == [1, 1, 1], (width, height)


# The TV's screen during play at a table of phones (js/table-ui.js, tvScreen), drawn into the
# real page: the longest names the lobby allows, one phone away, with the house rules' row in the
# top bar when `house`. With `local`, seat 0 is a player on the TV instead, whose turn it is, and
# the log under the seats has eight lines. With `melee`, a hand of a Last One match instead (the
# match's line over the pile, the scores), seat 0's in a melee with nothing to answer it with:
# the melee's line under the pile (a joker named as the 5 of spades on top), the hand's own line
# over its cards (French ones, a 10 among them). With `lang`, in that language (the page's)
# rather than in English. The seats in `called` have called their last card. With `cards`, seat
# 0's hand has that many cards instead of seven: colour ones, or `faces` over and over; with
# `legal`, its moves are those; with `choose`, that card of it was picked and its choice is open
# (a colour, a suit, the seat a seven-zero 7 swaps with: as `legal` has it). With `pickup`,
# seat 0 must pick up that many cards or counter (the notice under the pile); with `paused`, the
# host has paused the game (a melee's window among the timers). A render of the page's own
# after it would come over it: `switch_language`, `still_drawn`.
SEATS_IN_PLAY = """async ({ names, house, local = false, melee = false, lang = null,
  called = [], cards = 0, faces = null, legal = ["draw", "play R1"], choose = null,
  pickup = 0, paused = false, match = false }) => {
  const { tvScreen } = await import("./js/table-ui.js");
  const { html, morph } = await import("./js/html.js");
  const moves = await import("./js/moves.js");
  // in `lang`, the page's (these modules are not the page's bundle's, nor is their language);
  // not with the page's own button, which tells the table, and whose answer the page renders
  // whenever it comes (switch_language waits for it)
  if (lang) await (await import("./js/i18n.js")).setLang(lang);
  const seats = names.map((name, seat) => ({ seat, name, kind: local && !seat ? "local" : "phone",
    level: null, connected: seat !== 4, lang: "ru", removed: false,
    count: cards && !seat ? cards : 7 + seat,
    score: melee || match ? 0 : null, id: seat + 1, host: !local && seat === 0 }));
  const hand = melee ? ["AH", "4H", "6H", "7H", "10H", "4C", "6C", "9C", "QC", "KC"]
    : cards ? Array.from({ length: cards },
      (_, i) => faces?.[i % faces.length] ?? "RGBY"[i % 4] + (i % 10))
    : ["R1", "G2", "B3", "Y4", "R5", "G6", "B7"];
  const view = { ruleset: "poslednyaya", counts: seats.map((s) => s.count), top: "R5", active: "R",
    direction: 1, stock: 20, pending: pickup ? { kind: "pickup", seat: 0, count: pickup } : null,
    called, turn: local ? 0 : 3, discard: 9,
    ...(local ? { seat: 0, hand, legal } : {}),
    ...(melee ? { ruleset: "last-one", top: "JOKER=5S", active: "S", direction: -1, dealer: 3,
      legal: ["draw", "pass"], pending: { kind: "melee", suit: "S", need: "6S", aggressor: 5,
        defender: 1, count: 5, passed: [] } } : {}) };
  const events = local ? names.slice(0, 8).map((_, n) => ({ n, type: "jump_in", seat: n })) : [];
  // the house rules' short words as the rulesets give them, all six of «Последняя»'s (the
  // Russian run to two lines at 720p)
  const ru = ["Штрафы складываются", "Перехват", "Семь-ноль", "Брать, пока нет хода",
    "Забыли «Последняя!»: 4 карты", "12 карт на руки"];
  const rules = ["Stacking", "Jump-in", "Seven-zero", "Draw until play", "Missed call: 4 cards",
    "12 cards per hand"].map((en, i) => ({ name: `rule${i}`, type: "bool", default: false,
    house: true, short: { en, ru: ru[i] } }));
  const msg = { type: "tv", phase: "playing", state: 9, seats, spectators: [],
    awaiting: [local ? 0 : 3], remaining: 12, paused, waiting: false,
    local: local ? { 0: view } : {}, view, events, events_reset: true,
    lobby: { ruleset: melee ? "last-one" : "poslednyaya", timers: {},
      options: house ? Object.fromEntries(rules.map((rule) => [rule.name, true])) : {},
      description: { id: melee ? "last-one" : "poslednyaya", options: rules,
        timers: melee ? [{ name: "melee", default: 5, min: 1, max: 600, pending: "melee",
          label: { en: "Melee window", ru: "Время на схватку" } }] : [],
        name: { en: melee ? "Last One" : "Final Card (colour deck)" },
        features: { last_call: melee, melee,
          ...(melee ? { scores: true, match: "threshold" } : {}),
          ...(match ? { scores: true, match: "target" } : {}) } } },
    match: melee ? { hand: 1, out_at: 250, dealer: 3 }
      : match ? { hand: 1, first_to: 500, dealer: 3 } : null, result: null };
  document.body.dataset.phase = "playing";
  // this morph (these modules' own) skips a markup it drew last, though the page may have drawn
  // its own screen there since (its lobby): emptied first, a state drawn before is drawn again
  const app = document.getElementById("app");
  morph(app, html``);
  const picks = choose
    ? { 0: moves.step(legal, moves.NO_PICK, { act: "card", card: choose }).pick } : {};
  morph(app, tvScreen({ boot: "ready", msg, picks, sent: null, left: 12, solo: null,
    confirm: null, rulesOpen: false, toast: null, damaged: null }));
}"""

# Set before the page's language button is pressed: `sofaAnswered()` (in the page) is true once
# the table has answered the change (a message to the TV, which sends the new language to the
# table) and the page has rendered after that answer.
HEAR_ANSWER = """() => {
  window.sofaAnswered = () => false;
  const heard = (event) => {
    if (!event.detail.some(([to]) => to === "tv")) return;
    document.removeEventListener("lastcard-out", heard);
    const before = window.lastcardRenders.at(-1);  // the page's render is a task later
    window.sofaAnswered = () => window.lastcardRenders.at(-1) !== before;
  };
  document.addEventListener("lastcard-out", heard);
}"""


def switch_language(tv: Page, lang: str, *, under: bool = False) -> None:
    """Press the page's language button (``under`` a drawn dialog: its click only) to switch to
    ``lang``, and wait until the table's answer has come and the page has rendered it. The button
    tells the table, and the page renders the answer whenever it comes: over a state a script drew
    before it (SEATS_IN_PLAY). The page's morph skips the markup it drew last (the lobby), so the
    drawn screen stayed, but the body took the table's phase again, and with it the lobby's wider
    join panel: at 720p the fanned hand of a melee beside ten long names was squeezed until its
    cards' suits lay over each other (CI at 9d03b94)."""
    tv.evaluate(HEAR_ANSWER)
    button = tv.locator("[data-act=lang]")
    if under:
        button.dispatch_event("click")
    else:
        button.click()
    expect(tv.locator("html")).to_have_attribute("lang", lang)
    tv.wait_for_function("() => window.sofaAnswered()")


def still_drawn(tv: Page, state: str, phase: str = "playing") -> None:
    """The state a script drew is still what the page shows: the page has rendered nothing of its
    own since (a render sets the body's phase back to the table's, and only a drawing sets it to
    ``phase``), which would have checked the lobby, or a drawn screen beside its join panel."""
    shown = tv.evaluate("document.body.dataset.phase")
    assert shown == phase, f"{state}: the page rendered its own state ({shown}) over the drawn one"


# Each seat tile's test id and bottom edge (0 when it is not laid out).
SEAT_BOTTOMS = """(all) => all.map((el) => [el.dataset.testid,
  el.getClientRects().length ? el.getBoundingClientRect().bottom : 0])"""


def every_seat_in_sight(page: Page, seats: int = 10) -> None:
    """The ``seats`` seat tiles, all laid out and above the screen's bottom edge, and the page
    no taller than the screen."""
    size = page.viewport_size
    assert size
    shown = page.locator(".seat[data-testid^=seat-]").evaluate_all(SEAT_BOTTOMS)
    assert [name for name, _ in shown] == [f"seat-{seat}" for seat in range(seats)], shown
    assert all(0 < bottom <= size["height"] for _, bottom in shown), (size, shown)
    assert page.evaluate("document.scrollingElement.scrollHeight") <= size["height"], size


COUNTS = """() => [...document.querySelectorAll(".seat")].map((seat) => {
  const count = seat.querySelector(".seat__count").getBoundingClientRect();
  const turn = seat.querySelector(".seat__turn")?.getBoundingClientRect();
  return { count: Math.round(count.right), below: !turn || turn.top >= count.bottom - 1 };
})"""


def counts_in_one_column(page: Page) -> None:
    """Compact tiles keep every seat's card count at one right edge, whatever the name's length
    and whether the tile has a crown button, and the marks under it (the count never moves
    sideways as the turn goes round)."""
    seats = page.evaluate(COUNTS)
    assert len({s["count"] for s in seats}) == 1, seats
    assert all(s["below"] for s in seats), seats


def test_ten_phones_keep_every_seat_on_the_tv_screen(drawn_tv: Page) -> None:
    """Seven seats or more take compact tiles (the count beside the name's last line, of the
    kind of seat only an away phone's "offline"): at ten, every seat is in sight at each size,
    with short names and with ten of the longest the lobby allows, in both languages, with the
    house rules' row or none, with a hand played on the TV (its moves in sight too) or none;
    every name broken only between its words or after a hyphen."""
    names = [LONG_NAME, "Бабушка Галина Петровна", *(f"Игрок {n}" for n in range(3, 11))]
    drawn_tv.evaluate(SEATS_IN_PLAY, {"names": names, "house": False})
    expect(drawn_tv.get_by_test_id("seat-9")).to_be_visible()

    def ten_in_sight(page: Page) -> None:
        every_seat_in_sight(page)
        counts_in_one_column(page)
        seat_names_whole(page)
        away = page.get_by_test_id("seat-4").locator(".seat__kind .warn")  # "offline" alone
        expect(away).to_be_visible()
        expect(page.get_by_test_id("seat-3").locator(".seat__kind")).to_be_hidden()

    each_size(drawn_tv, "ten phones", ten_in_sight)
    drawn_tv.evaluate(SEATS_IN_PLAY, {"names": names, "house": True})
    expect(drawn_tv.get_by_test_id("house-rules")).to_be_visible()
    each_size(drawn_tv, "ten phones, house rules", ten_in_sight)

    def moves_in_sight(page: Page) -> None:
        ten_in_sight(page)
        size = page.viewport_size
        moves = page.get_by_test_id("hand").locator(".hand__actions").bounding_box()
        assert size and moves and moves["y"] + moves["height"] <= size["height"], (size, moves)

    # ten of the longest names (two lines each at most): each way once in each language, and in
    # a match (a score in every tile) under the Russian house rules' two lines (737 pixels at
    # 720p before the tiles drew closer in a match)
    longest = [*LONG_NAMES, *MORE_LONG_NAMES]
    for lang, local, house, match in (
        ("ru", False, True, False),
        ("ru", False, True, True),
        ("ru", True, False, False),
        ("en", False, False, False),
        ("en", True, True, False),
    ):
        drawn_tv.evaluate(
            SEATS_IN_PLAY,
            {"names": longest, "house": house, "local": local, "lang": lang, "match": match},
        )
        expect(drawn_tv.get_by_test_id("seat-9")).to_contain_text(longest[9])
        expect(drawn_tv.get_by_test_id("count-9")).to_have_text(
            "16 карт" if lang == "ru" else "16 cards"
        )
        state = f"{lang}: ten long names, hand on TV {local}, house rules {house}, match {match}"
        each_size(drawn_tv, state, moves_in_sight if local else ten_in_sight)


# Each tile beside the game: whether its count is on its kind of seat's line (null when its kind
# is not shown), whether the count is on the line right under the name, and whether a line of its
# name runs under its remove or crown button.
TILES = """() => [...document.querySelectorAll(".game__side .seat")].map((seat) => {
  const kind = seat.querySelector(".seat__kind");
  const count = seat.querySelector(".seat__count").getBoundingClientRect();
  const name = seat.querySelector(".seat__name");
  const range = document.createRange();
  range.selectNodeContents(name);
  const lines = [...range.getClientRects()];
  const buttons = [...seat.querySelectorAll(".btn--icon")].map((b) => b.getBoundingClientRect());
  const meet = (a, b) => Math.min(a.right, b.right) - Math.max(a.left, b.left) > 1
    && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 1;
  const shown = kind.getClientRects().length > 0;
  return { beside: shown ? count.top < kind.getBoundingClientRect().bottom - 1 : null,
    under: count.top - name.getBoundingClientRect().bottom < count.height / 2,
    clear: !lines.some((line) => buttons.some((b) => meet(line, b))) };
})"""
# Six seats with long names: two (each two lines on a whole tile at most), then six of the longest
# names the lobby allows, two of them where the remove and crown buttons both stand beside them.
SIX_WITH_TWO_LONG = [
    "Саша",
    "Бабушка Галина Петровна",
    "Оля",
    "Мария-Антуанетта Иванова",
    "Дед Михаил",
    "Петя",
]
SIX_LONG = [
    LONG_NAME,
    "Бабушка Галина Петровна",
    "Александра Константинова",
    "Мария-Антуанетта Иванова",
    "Вильгельмина Шереметьева",
    "Maximilian Wolfgang Moor",
]


def test_whole_seat_tiles_hold_beside_the_game_with_long_names(drawn_tv: Page) -> None:
    """Up to six seats during play (whole tiles, not compact): each tile has its name, never under
    the buttons that remove a player or make a phone the host, and under it, up to five seats, its
    kind of seat with its cards («телефон · в сети  8 карт»), then the marks (the host's crown, to
    move, a match's score and its dealer), on the host's tile as on the others; six seats show the
    kind only for a phone that is away («не в сети» alone), the cards first under the name. Every
    seat is in sight and every name whole on two lines at most, with the house rules' row, at
    1080p, 720p and 540p: short names, two and three with «Konstantinopolskaya-Anna» (beside the
    remove button, and the crown button too), five and six of the longest, two long ones among
    six, in a match, in both languages, with a last card called; every name broken only between
    its words or after a hyphen. In a side of 18 --u, at 1.1 times the body's size, the first part
    of «Konstantinopolskaya-Anna» was wider than the line beside the buttons at each size, and it
    broke inside its word («Konstantinopolskay / a-Anna»).

    The whole tile kept clear of its buttons once: the host's tile, the only one without the crown
    button, had room for «8 карт» beside its kind, and the others put it on a line of its own. Then
    the whole name did (at 720p 177 px of the tile beside both buttons): «Бабушка Галина Петровна»
    and «Мария-Антуанетта Иванова» took three lines, and six seats in a match ran under the
    screen's edge: 740 pixels tall at 720p in Russian with short names, 878 with those two and
    the house rules' row."""
    short = ["Саша", "Женя", "Оля", "Дед Михаил", "Бабушка Галя", "Петя"]
    ways = (
        ("ru", short[:2], False, []),
        ("ru", ["Оля", LONG_NAME], False, []),
        ("en", [LONG_NAME, "Бабушка Галина Петровна", "Maximilian Wolfgang Moor"], True, []),
        ("ru", short, False, []),
        ("en", short[:4], True, []),
        ("ru", short[:5], True, []),
        ("ru", SIX_LONG[:5], True, [1]),
        ("en", SIX_LONG[:5], True, []),
        *((lang, SIX_WITH_TWO_LONG, True, []) for lang in ("ru", "en")),
        *((lang, SIX_LONG, True, [1]) for lang in ("ru", "en")),
    )
    for lang, names, match, called in ways:
        seats = len(names)
        drawn_tv.evaluate(
            SEATS_IN_PLAY,
            {"names": names, "house": True, "melee": match, "lang": lang, "called": called},
        )
        expect(drawn_tv.get_by_test_id(f"seat-{seats - 1}")).to_contain_text(names[-1])
        expect(drawn_tv.get_by_test_id("crown-0")).to_be_visible()
        if seats == 6:  # seat 4's phone is away
            expect(drawn_tv.get_by_test_id("seat-4").locator(".seat__kind .warn")).to_be_visible()

        def tiles_hold(page: Page, seats: int = seats) -> None:
            tiles = page.evaluate(TILES)
            state = (seats, page.viewport_size, tiles)
            assert all(tile["clear"] for tile in tiles), state
            seat_names_whole(page)
            if seats < 6:
                assert all(tile["beside"] for tile in tiles), state
            else:
                shown = [tile["beside"] is not None for tile in tiles]
                assert shown == [seat == 4 for seat in range(6)], state
                assert all(tile["under"] for tile in tiles), state
            every_seat_in_sight(page, seats)

        state = f"{lang}: {seats} seats ({names[1]}), a match {match}, called {called}"
        each_size(drawn_tv, state, tiles_hold)


# The hand's cards whose corner (its rank and suit mark) a card drawn over it covers: the index
# of the covered card and of the one over it. A card later in the hand is drawn over an earlier.
CORNERS_COVERED = """() => {
  const cards = [...document.querySelectorAll("[data-testid=hand] .hand__card")];
  const boxes = cards.map((card) => card.querySelector(".card").getBoundingClientRect());
  const covered = [];
  cards.forEach((card, i) => {
    const corner = card.querySelector(".card__corner").getBoundingClientRect();
    for (let j = i + 1; j < cards.length; j++) {
      const over = boxes[j];
      const x = Math.min(corner.right, over.right) - Math.max(corner.left, over.left);
      const y = Math.min(corner.bottom, over.bottom) - Math.max(corner.top, over.top);
      if (x > 0.5 && y > 0.5) covered.push([i, j, Math.round(x)]);
    }
  });
  return covered.slice(0, 6);
}"""


def test_a_hand_on_the_tv_keeps_its_moves_and_every_seat_on_the_screen(drawn_tv: Page) -> None:
    """Beside a hand played on the TV the log shares the side with the seats: from four seats on
    the tiles are compact, and the log takes only the height the seats leave. From a solo game
    against three computers to a table of ten, the page is no taller than the screen, and beside
    ten seats a hand of 45 cards keeps every card's corner (rank and suit) clear of the others: on
    one row of 528 pixels at 720p they lay over each other from 20 cards on."""
    names = ["Бабушка Галина Петровна", LONG_NAME, *(f"Компьютер {n}" for n in range(1, 9))]
    # and beside ten seats long hands of stacked pickups: the most cards on one row, the fewest on
    # two and the most «Последняя» deals in a long game (45), every card's corner in sight
    for seats, cards in ((4, 0), (6, 0), (7, 0), (10, 0), (10, 19), (10, 20), (10, 45)):
        drawn_tv.evaluate(
            SEATS_IN_PLAY,
            {"names": names[:seats], "house": seats == 10, "local": True, "cards": cards},
        )
        expect(drawn_tv.get_by_test_id(f"seat-{seats - 1}")).to_be_visible()
        expect(drawn_tv.get_by_test_id("hand").get_by_role("listitem")).to_have_count(cards or 7)
        expect(drawn_tv.get_by_test_id("log").get_by_role("listitem")).to_have_count(min(seats, 8))

        def hand_and_seats_in_sight(page: Page, seats: int = seats, cards: int = cards) -> None:
            every_seat_in_sight(page, seats)
            assert page.evaluate(CORNERS_COVERED) == [], (cards, page.viewport_size)
            counts_in_one_column(page)
            size = page.viewport_size
            box = page.get_by_test_id("hand").bounding_box()
            assert size and box and box["y"] + box["height"] <= size["height"], (seats, box)
            # the newest line whole inside the log's box (not moved out of sight beside it)
            lines = page.locator(".game__side .log__lines").bounding_box()
            newest = page.get_by_test_id("log").get_by_role("listitem").first.bounding_box()
            assert lines and newest, seats
            assert (
                lines["x"] <= newest["x"]
                and newest["y"] + newest["height"]
                <= min(lines["y"] + lines["height"], size["height"]) + 0.5
            ), (seats, newest, lines)

        each_size(drawn_tv, f"a hand of {cards or 7} beside {seats} seats", hand_and_seats_in_sight)
        still_drawn(drawn_tv, f"a hand of {cards or 7} beside {seats} seats")

    # A hand of a Last One match in a melee beside six long names (the most the game seats): the
    # match's line over the pile, the melee's under it, the hand's own over its cards, and in
    # English the house rules' row too; the Draw and Pass buttons stay on the screen. Then the
    # same state with ten scored seats of long names (a match of ten, as Classic's may be), in
    # both languages, with the house rules' row and without: the centre beside the wider side of
    # ten seats is narrower. The French faces' texts, in the pile and in the fanned hand, are
    # laid out clear of each other (check_layout).
    longest = [*LONG_NAMES, *MORE_LONG_NAMES]
    for seats, lang, house in (
        (6, "ru", False),
        (6, "en", True),
        (10, "en", False),
        (10, "en", True),
        (10, "ru", True),
        (10, "ru", False),
    ):
        drawn_tv.evaluate(
            SEATS_IN_PLAY,
            {"names": longest[:seats], "house": house, "local": True, "melee": True, "lang": lang},
        )
        expect(drawn_tv.get_by_test_id("pending")).to_be_visible()
        expect(drawn_tv.get_by_test_id("match")).to_be_visible()
        expect(drawn_tv.get_by_test_id(f"seat-{seats - 1}")).to_contain_text(longest[seats - 1])
        moves = drawn_tv.get_by_test_id("hand").locator(".hand__actions .btn")
        expect(moves).to_have_count(3)  # Draw, Pass and the call
        state = f"{lang}: a melee beside {seats} long names, house rules {house}"
        for width, height in SIZES:
            resize(drawn_tv, width, height)
            still_drawn(drawn_tv, f"{state} at {width}x{height}")
            check_texts(drawn_tv, state)
            check_names(drawn_tv)
            check_layout(drawn_tv, state)
            every_seat_in_sight(drawn_tv, seats)
            assert below_the_screen(drawn_tv, MOVES) == [], (state, width)


#: the moves of the TV's hand
MOVES = "[data-testid=hand] .hand__actions .btn"
#: what stays in sight while paused beside the TV's hand: the sign, the turn line, the notice,
#: the timers, the hand's moves and cards
SHOWN_PAUSED = (
    ".paused-mark, [data-testid=turn], [data-testid=pending], [data-testid=pause-panel] select,"
    " [data-testid=hand] .hand__actions .btn, [data-testid=hand] .hand__card"
)


def test_a_paused_game_holds_beside_the_tv_players_hand(drawn_tv: Page) -> None:
    """Paused beside a hand played on the TV, the page is no taller than the screen, as during
    play: the sign and the timers stand where the pile's cards were, the hand's cards and moves,
    the notice, the turn line (clear of the sign) and every seat in sight, at 1080p, 720p and
    540p, in both languages: four seats with a pickup to answer and the house rules' row, and ten
    scored seats of the longest names in a melee of a match (three timers). Over the pile, the
    sign and the panel of timers made the page 1,104 pixels tall at 1080p with four seats (797
    at 720p), 1,318 with ten (943 at 720p, 665 at 540p): the hand's moves under the screen's
    edge, and the remote's Down onto a card scrolled the top bar away."""
    four = ["Бабушка Зина", "Bot 1", "Bot 2", "Bot 3"]
    longest = [*LONG_NAMES, *MORE_LONG_NAMES]
    for lang in ("en", "ru"):
        for names, melee in ((four, False), (longest, True)):
            seats = len(names)
            drawn_tv.evaluate(
                SEATS_IN_PLAY,
                {
                    "names": names,
                    "house": True,
                    "local": True,
                    "melee": melee,
                    "lang": lang,
                    "pickup": 0 if melee else 2,
                    "paused": True,
                },
            )
            expect(drawn_tv.locator(".paused-mark")).to_be_visible()
            expect(drawn_tv.get_by_test_id("pending")).to_be_visible()
            timers = drawn_tv.get_by_test_id("pause-panel").locator("select")
            expect(timers).to_have_count(3 if melee else 2)
            state = f"{lang}: paused beside a hand and {seats} seats"

            def holds(page: Page, seats: int = seats, state: str = state) -> None:
                size = page.viewport_size
                assert size
                every_seat_in_sight(page, seats)  # the page no taller than the screen, too
                assert below_the_screen(page, SHOWN_PAUSED) == [], (state, size)
                mark = page.locator(".paused-mark").bounding_box()
                turn = page.get_by_test_id("turn").bounding_box()
                assert mark and turn and mark["y"] + mark["height"] <= turn["y"], (mark, turn)

            each_size(drawn_tv, state, holds)
            still_drawn(drawn_tv, state)


# The open choice's box, its options' and the TV's hand's (its cards and moves); for each option,
# once scrolled into view in the choice, whether it is the element under its middle (a mouse
# reaches it there); the cards that lie elsewhere with the choice taken out of the page (and put
# back at once).
CHOICE_PLACES = """() => {
  const box = (el) => { const r = el.getBoundingClientRect();
    return { left: r.left, top: r.top, right: r.right, bottom: r.bottom }; };
  const choice = document.querySelector("[data-testid=choice]");
  const cards = () => [...document.querySelectorAll("[data-testid=hand] .hand__card")].map(box);
  const open = cards();
  const [parent, next] = [choice.parentNode, choice.nextSibling];
  choice.remove();
  const closed = cards();
  parent.insertBefore(choice, next);
  const moved = open.map((card, i) => [card, closed[i]])
    .filter(([a, b]) => Object.keys(a).some((side) => Math.abs(a[side] - b[side]) > 0.5));
  const options = [...choice.querySelectorAll(".choice__options button")].map((el) => {
    el.scrollIntoView({ block: "nearest" });
    const r = el.getBoundingClientRect();
    const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return { ...box(el), reached: el.contains(top), text: el.innerText };
  });
  choice.scrollTop = 0;
  const hand = document.querySelector("[data-testid=hand]");
  return { choice: box(choice), options, cancel: box(choice.querySelector("[data-act=cancel]")),
    hand: [...hand.querySelectorAll(".hand__card, .hand__actions .btn")].map(box),
    scrolls: choice.scrollHeight > choice.clientHeight + 1, moved };
}"""


def choice_beside_the_hand(page: Page, state: str, *, may_scroll: bool) -> None:
    """The open choice lies on the screen clear of the TV's hand, its cards and its moves; every
    option is reached by the mouse there (scrolled into view inside the choice when it does not
    all fit, which only ``may_scroll`` allows); the page is no taller than the screen; the cards
    lie where they lie with no choice open."""
    size = page.viewport_size
    assert size
    places = page.evaluate(CHOICE_PLACES)
    where = (state, size, places["choice"])
    assert places["scrolls"] is False or may_scroll, where
    inside = [places["choice"], places["cancel"], *places["options"]]
    assert all(b["top"] >= 0 and b["bottom"] <= size["height"] for b in inside), where
    assert all(b["left"] >= 0 and b["right"] <= size["width"] for b in inside), where
    for card in places["hand"]:
        apart = min(card["right"], places["choice"]["right"]) <= max(
            card["left"], places["choice"]["left"]
        ) or min(card["bottom"], places["choice"]["bottom"]) <= max(
            card["top"], places["choice"]["top"]
        )
        assert apart, (*where, card)
        assert card["bottom"] <= size["height"], (*where, card)
    assert all(option["reached"] for option in places["options"]), (*where, places["options"])
    assert places["moved"] == [], where
    assert page.evaluate("document.scrollingElement.scrollHeight") <= size["height"], where


def test_the_tv_players_choice_stands_beside_the_hand(drawn_tv: Page) -> None:
    """The TV player's choice (a colour, a suit, whom a seven-zero 7 swaps hands with) stands
    over the table's centre, clear of the hand's cards and moves, at 1080p, 720p and 540p in both
    languages: four seats choosing a colour or a suit; ten of the longest names choosing whom to
    swap with (nine names: at 720p they may scroll inside the choice). The remote's arrows go
    from option to option, and to Cancel, inside it. As the phone's bottom sheet it covered the
    whole hand at 720p."""
    four = ["Бабушка Зина", "Bot 1", "Bot 2", "Bot 3"]
    longest = [*LONG_NAMES, *MORE_LONG_NAMES]
    colours = ["draw", *(f"play W {c}" for c in "RYBG")]
    suits = ["draw", *(f"play 8H {s}" for s in "SHDC")]
    swaps = ["draw", *(f"play R7 @{n}" for n in range(1, 10))]
    ways = (
        ("en", four, ["W", "R7", "G2"], colours, "W", 4),
        ("ru", four, ["8H", "QS", "10C"], suits, "8H", 4),
        ("ru", longest, ["R7", "W", "G2"], swaps, "R7", 9),
        ("en", longest, ["R7", "W", "G2"], swaps, "R7", 9),
    )
    for lang, names, faces, legal, card, count in ways:
        drawn_tv.evaluate(
            SEATS_IN_PLAY,
            {
                "names": names,
                "house": True,
                "local": True,
                "lang": lang,
                "cards": 7,
                "faces": faces,
                "legal": legal,
                "choose": card,
            },
        )
        options = drawn_tv.get_by_test_id("choice").locator(".choice__options button")
        expect(options).to_have_count(count)
        state = f"{lang}: choosing among {count} beside {len(names)} seats"
        each_size(
            drawn_tv,
            state,
            lambda page, state=state, count=count: choice_beside_the_hand(
                page, state, may_scroll=count > 4
            ),
        )
        still_drawn(drawn_tv, state)
        # the remote: Right from the first option to the second, Up from it to Cancel
        options.first.focus()
        drawn_tv.keyboard.press("ArrowRight")
        expect(options.nth(1)).to_be_focused()
        drawn_tv.keyboard.press("ArrowUp")
        expect(drawn_tv.get_by_test_id("choice").locator("[data-act=cancel]")).to_be_focused()


# Where each card of the TV's hand lies: its row's top and its left edge, its <li>'s (the focused
# card rises over them); and the index of the focused card (-1: none of the hand's).
HAND_PLACES = """() => [...document.querySelectorAll("[data-testid=hand] .hand__cards > li")]
  .map((li) => [Math.round(li.getBoundingClientRect().top), li.getBoundingClientRect().left])"""
FOCUSED_CARD = """() => [...document.querySelectorAll("[data-testid=hand] .hand__card")]
  .indexOf(document.activeElement)"""


def hand_rows(tv: Page) -> tuple[list[list[int]], list[float]]:
    """The TV's hand as it lies: its rows, top first, each the indices of its cards, and each
    card's left edge."""
    places = tv.evaluate(HAND_PLACES)
    tops = sorted({top for top, _ in places})
    return [[i for i, (top, _) in enumerate(places) if top == row] for row in tops], [
        left for _, left in places
    ]


def test_the_remote_goes_up_and_down_the_rows_of_a_long_hand(drawn_tv: Page) -> None:
    """On the TV's own hand on two rows (20 cards and more) or three (47) beside ten seats, at
    1080p, 720p and 540p, the remote's Up and Down go from every card to the nearest card of the
    row above or below (at the same place along the row); Down from the last row goes to the
    moves, Up from each move back to the last row, and Up from the first row leaves the hand, as
    from a hand on one row (19 cards). Every card is walked at 720p, where the rows are
    tightest; at the other sizes each row's ends. Up from a card of the second row
    went past the first to the top bar: the focused card rises, and the first row's bottom edge
    then lay below its middle, from where the nearest control up is sought."""
    names = ["Бабушка Галина Петровна", LONG_NAME, *(f"Компьютер {n}" for n in range(1, 9))]
    hand = drawn_tv.get_by_test_id("hand")
    cards_at = hand.locator(".hand__card")
    moves = hand.locator(".hand__actions .btn")
    legal = ["draw", "pass", "play R1"]
    for cards, lie in ((19, 1), (25, 2), (47, 3)):
        local = {"names": names, "house": True, "local": True, "cards": cards, "legal": legal}
        drawn_tv.evaluate(SEATS_IN_PLAY, local)
        expect(cards_at).to_have_count(cards)
        expect(moves).to_have_count(2)  # Draw and End turn
        for width, height in SIZES:
            resize(drawn_tv, width, height)
            state = f"a hand of {cards} at {width}x{height}"
            still_drawn(drawn_tv, state)
            rows, lefts = hand_rows(drawn_tv)
            assert len(rows) == lie, state
            for at, row in enumerate(rows):
                # every card at the narrowest size; elsewhere each row's ends
                walked = row if height == 720 else sorted({row[0], row[-1]})
                for card in walked:
                    for key, to in (("ArrowUp", at - 1), ("ArrowDown", at + 1)):
                        cards_at.nth(card).focus()
                        drawn_tv.keyboard.press(key)
                        if 0 <= to < len(rows):
                            near = min(rows[to], key=lambda other: abs(lefts[other] - lefts[card]))
                            expect(
                                cards_at.nth(near), f"{state}: {key} from {card}"
                            ).to_be_focused()
                        elif key == "ArrowDown":
                            expect(hand.locator(".hand__actions .btn:focus")).to_have_count(1)
                        else:
                            expect(cards_at.nth(card)).not_to_be_focused()
                            assert drawn_tv.evaluate(FOCUSED_CARD) == -1, (state, card)
            for move in moves.all():
                move.focus()
                drawn_tv.keyboard.press("ArrowUp")
                expect(move).not_to_be_focused()
                assert drawn_tv.evaluate(FOCUSED_CARD) in rows[-1], (state, move.inner_text())


# Long hands' faces: colour cards whose corner is as wide as its mark (a digit, a skip, a reverse),
# colour cards whose rank is wider (+2, +4, a wild card's W), and French ones: a 10 (the widest
# French corner), picture cards, aces, jokers (one named as a 10, one not).
MARKS = ["R1", "G2", "B3", "Y4", "RS", "GR"]
WIDE = ["R+2", "G5", "B+4", "W+4", "Y2", "W", "GS", "B9"]
FRENCH = ["10H", "QS", "10C", "KD", "JOKER", "10S", "AH", "9D", "JOKER=10D", "JC"]


def test_every_corner_of_a_long_hand_on_the_tv_is_in_sight(drawn_tv: Page) -> None:
    """Beside ten seats at 1080p, 720p and 540p, no card of a long hand on the TV lies over the
    corner (rank and suit) of another, in either deck, however wide its rank, and the hand, its
    moves and every seat stay on the screen: each card's strip is as wide as the hand's widest
    corner (a 10's or a +2's two characters half as wide again as a mark), on one row, on two of
    smaller cards, or on more for the longest hands (past 46 cards, 36 with a 10, 32 with a +2),
    up to five (80 cards with a +2). A French 10's corner lay under the next card on one row of
    19 and on two rows of 40 and 45; a +2's from 16 cards on one row and on two rows of 35 and
    45. And the rows are as the page counted them (the last one no longer): 20 to 22 cards lay
    on three rows of 9, 9 and 2, or 10, 10 and 1 or 2, at some of the sizes (a row's cards that
    did not overlap took more than the row). Five rows (65 to 80 cards with a +2) ran the moves 5
    pixels under the screen's edge at 720p."""
    names = ["Бабушка Галина Петровна", LONG_NAME, *(f"Компьютер {n}" for n in range(1, 9))]
    hand = drawn_tv.get_by_test_id("hand")
    for faces, cards, rows in (
        (MARKS, 19, 1),
        (MARKS, 20, 2),
        (MARKS, 22, 2),
        (MARKS, 46, 2),
        (MARKS, 47, 3),
        (WIDE, 13, 1),
        (WIDE, 14, 2),
        (WIDE, 32, 2),
        (WIDE, 33, 3),
        (WIDE, 60, 4),
        (WIDE, 65, 5),
        (WIDE, 80, 5),
        (FRENCH, 15, 1),
        (FRENCH, 16, 2),
        (FRENCH, 36, 2),
        (FRENCH, 40, 3),
    ):
        local = {"names": names, "house": True, "local": True, "cards": cards, "faces": faces}
        drawn_tv.evaluate(SEATS_IN_PLAY, local)
        expect(hand.locator(".hand__card")).to_have_count(cards)
        for width, height in SIZES:
            resize(drawn_tv, width, height)
            state = f"{cards} cards from {faces[0]} at {width}x{height}"
            still_drawn(drawn_tv, state)
            assert drawn_tv.evaluate(CORNERS_COVERED) == [], state
            laid = [len(row) for row in hand_rows(drawn_tv)[0]]
            per = -(-cards // rows)
            assert laid == [per] * (rows - 1) + [cards - per * (rows - 1)], (state, laid)
            every_seat_in_sight(drawn_tv)
            box = hand.locator(".hand__actions").bounding_box()
            assert box and box["y"] + box["height"] <= height, (state, box)


# The index of the card a click lands on at the left strip of each card of the hand.
STRIPS = """() => {
  const cards = [...document.querySelectorAll("[data-testid=hand] .hand__card")];
  return cards.map((card) => {
    const box = card.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + 4, box.top + box.height / 2);
    return cards.indexOf(hit?.closest(".hand__card"));
  });
}"""


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_long_hand_on_the_tv_fans_out_above_its_moves(
    drawn_tv: Page, size: tuple[int, int]
) -> None:
    """A hand of up to 19 cards fans out on one row, a longer one on two (30 cards were on one
    row, where each card lay over the right part of the one before's corner: a third of a card
    wide, not the fifth this test asked for), every card's corner clear of the others."""
    resize(drawn_tv, *size)
    for cards in (7, 16, 30):
        drawn_tv.evaluate(BIG_HAND, cards)
        hand = drawn_tv.get_by_test_id("hand")
        expect(hand.get_by_role("listitem")).to_have_count(cards)
        boxes = [
            box
            for card in hand.get_by_role("listitem").all()
            if (box := card.bounding_box()) is not None
        ]
        area = hand.bounding_box()
        assert area
        assert len({round(box["y"]) for box in boxes}) == (1 if cards < 20 else 2), cards
        assert all(
            area["x"] <= box["x"] and box["x"] + box["width"] <= area["x"] + area["width"]
            for box in boxes
        ), (cards, area, boxes[-1])
        # each card keeps its corner (rank and suit) in sight
        assert drawn_tv.evaluate(CORNERS_COVERED) == [], cards
        draw = hand.get_by_role("button", name="Draw", exact=True)
        box = draw.bounding_box()
        assert box and box["y"] + box["height"] <= size[1], (cards, box)
        assert drawn_tv.evaluate("document.scrollingElement.scrollHeight") <= size[1], cards
        # under the pointer too: each card's left strip is that card, a picked one's neighbours too
        drawn_tv.evaluate(
            "document.querySelectorAll('.hand__card')[3].classList.add('is-selected')"
        )
        assert drawn_tv.evaluate(STRIPS) == list(range(cards)), cards
    # the remote walks the fan card by card, however much each card hides of the one before
    cards_now = hand.get_by_role("listitem").get_by_role("button")
    cards_now.first.focus()
    for index in range(1, 30):
        drawn_tv.keyboard.press("ArrowRight")
        expect(cards_now.nth(index)).to_be_focused()
    drawn_tv.keyboard.press("ArrowLeft")
    expect(cards_now.nth(28)).to_be_focused()

    # spectators: each one's remove button sits in its row of the list (not over the join QR),
    # and no control of the screen keeps the remote's focus
    from .test_remote import TRAPS

    watchers = [
        {
            "name": name,
            "connected": True,
            "play": False,
            "id": 9 + n,
            "host": False,
            "removed": n == 1,
        }
        for n, name in enumerate(["Zoë", "Бабушка Галина Петровна"])
    ]
    drawn_tv.evaluate(f"([size, watchers]) => ({BIG_HAND})(size, watchers)", [7, watchers])
    listing = drawn_tv.get_by_test_id("spectators").bounding_box()
    assert listing
    for remove in (
        drawn_tv.get_by_test_id("spectators").locator("[data-act=remove-spectator]").all()
    ):
        box = remove.bounding_box()
        assert box, remove
        inside_x = listing["x"] <= box["x"] <= listing["x"] + listing["width"] - box["width"]
        inside_y = listing["y"] <= box["y"] <= listing["y"] + listing["height"] - box["height"]
        assert inside_x and inside_y, (box, listing)
    expect(
        drawn_tv.get_by_role("button", name="Let Бабушка Галина Петровна play again")
    ).to_be_visible()
    assert drawn_tv.evaluate(TRAPS) == []


# The TV's results after `hands` hands of a scored match for `players` players with the longest
# names the lobby allows (24 characters), drawn into the real page in `lang`: the per-hand
# sheet, the chart and the winner's line as the table would show them. Seat 1 is a computer
# removed in the first hand (it is left out of the results).
RESULTS = """async ({ players, hands, lang, kept = false }) => {
  const { tvScreen } = await import("./js/table-ui.js");
  const { morph } = await import("./js/html.js");
  // the modules imported here are not the page's bundle: their language is set here
  await (await import("./js/i18n.js")).setLang(lang);
  const names = ["Konstantinopolskaya-Anna", "Бабушка Галина Петровна", "Wolfgang Amadeus Mozart",
    "Александра Константинова", "Maximiliana Oppenheimer", "Владислава Станиславовна"];
  const seats = Array.from({ length: players }, (_, seat) => ({ seat,
    name: seat === 1 ? "Bot 1"
      : names[seat % names.length].slice(0, 21) + (seat >= names.length ? " " + seat : ""),
    kind: seat === 1 ? "bot" : "phone", level: seat === 1 ? "hard" : null, connected: true, lang,
    removed: seat === 1 && players > 2 && !kept, away: false, stand_in: false, kept: false,
    count: 3, score: 0, id: seat + 1, host: seat === 0 }));
  const history = [];
  for (let hand = 1; hand <= hands; hand++) {
    const scores = seats.map((s) => (s.removed ? 0 : (hand * (s.seat * 7 + 11)) % 97 + hand * 20));
    history.push({ hand, winners: [hand % players], scores, eliminated: [] });
  }
  const last = history.at(-1).scores;
  seats.forEach((s) => { s.score = last[s.seat]; });
  // the cards left as a hand holds them, in order: up to thirteen, of every colour and the wilds
  const deck = ["R5", "R+2", "RR", "Y0", "Y2", "Y7", "G3", "G7", "GS", "B1", "B9", "B+2", "W",
    "W+4"];
  const revealed = seats.map((s) => (s.removed || s.seat === 0 ? []
    : deck.filter((_, i) => (i * 7 + s.seat) % 14 < 1 + (s.seat * 5) % 14)));
  const view = { ruleset: "posledniy-igrok", counts: revealed.map((h) => h.length), top: "R5",
    active: "R", direction: 1, stock: 40, pending: null, called: [], turn: 0, discard: 1,
    revealed, dealer: 0, hand_number: hands, removed: [], eliminated: [], over: true };
  const result = { winners: [0], scores: last, match_over: true, match_winners: [0],
    stopped: false, blocked: false, history, record: true };
  const msg = { type: "tv", phase: "over", state: 99, seats, spectators: [], awaiting: [],
    remaining: null, paused: false, waiting: false, local: {}, view, events: [], result,
    match: { hand: hands, of: hands, out_at: null, first_to: null, dealer: 0 },
    lobby: { ruleset: "posledniy-igrok", options: {}, timers: {},
      description: { id: "posledniy-igrok", features: { match: "hands" } } } };
  document.body.dataset.phase = "over";
  morph(document.getElementById("app"), tvScreen({ boot: "ready", msg, picks: {}, sent: null,
    left: null, solo: null, confirm: null, rulesOpen: false, toast: null, damaged: null }));
  document.querySelector("[aria-labelledby=results-title] [data-command]")?.focus();
}"""

# Every visible text box (each line of each text node, as laid out) that two of them overlap, and
# every text its own box or a box that hides what overflows it cuts off (a scrolled box does not
# count: its text is scrolled to, not cut; nor does a text wholly outside the box: it is not seen).
OVERLAPS = """() => {
  const boxes = [];
  const clipped = [];
  // under an open modal dialog only the dialog is seen
  const modals = [...document.querySelectorAll("[aria-modal=true]")]
    .filter((el) => el.getClientRects().length);
  const walker = document.createTreeWalker(modals.at(-1) ?? document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    const skip = "option, script, style, template, .visually-hidden, svg";
    if (!node.textContent.trim() || el.closest(skip)) continue;
    const style = getComputedStyle(el);
    if (style.visibility === "hidden" || el.closest("[hidden]")) continue;
    if (!el.getClientRects().length) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    for (const r of range.getClientRects()) {
      if (r.width < 1 || r.height < 1) continue;
      boxes.push({ r, text: node.textContent.trim().slice(0, 24), el });
      // an ellipsis box shows what fits and "…": its text box is the element's
      if (style.textOverflow === "ellipsis" && style.overflowX !== "visible") {
        const e = el.getBoundingClientRect();
        boxes[boxes.length - 1].r = new DOMRect(Math.max(r.left, e.left), r.top,
          Math.min(r.right, e.right) - Math.max(r.left, e.left), r.height);
        continue;
      }
      // the nearest box that hides or scrolls what overflows it: a text wholly outside it is not
      // seen, so it overlaps nothing and is not cut (a scrolled-away text; a line of the TV's log
      // that does not fit whole, moved out of sight)
      const up = [];
      for (let e = el; e && e !== document.body; e = e.parentElement) up.push(e);
      const overflow = (e) => [getComputedStyle(e).overflowX, getComputedStyle(e).overflowY];
      const hider = up.find((e) => overflow(e).some((o) => o !== "visible"));
      const b = hider?.getBoundingClientRect();
      const unseen = b
        && (r.right <= b.left || r.left >= b.right || r.bottom <= b.top || r.top >= b.bottom);
      // wider than its own box (a word too long for it) or, unless it scrolls or is not seen,
      // than the screen
      const own = el.getBoundingClientRect();
      const scrolled = unseen || up.some((e) => /auto|scroll/.test(getComputedStyle(e).overflowX));
      const right = scrolled ? own.right : Math.min(own.right, innerWidth);
      if (r.right > right + 1 || r.left < (scrolled ? own.left : Math.max(own.left, 0)) - 1) {
        clipped.push(node.textContent.trim().slice(0, 30));
      }
      if (unseen) {
        boxes.pop();
        continue;
      }
      // partly outside a box that hides what overflows it: cut off
      const hides = hider && !overflow(hider).some((o) => o === "auto" || o === "scroll");
      if (hides && [b.left - r.left, r.right - b.right, b.top - r.top, r.bottom - b.bottom]
        .some((by) => by > 1)) {
        clipped.push(node.textContent.trim().slice(0, 30));
      }
    }
  }
  const overlaps = [];
  for (let i = 0; i < boxes.length; i++) {
    for (let j = i + 1; j < boxes.length; j++) {
      const a = boxes[i].r, b = boxes[j].r;
      const x = Math.min(a.right, b.right) - Math.max(a.left, b.left);
      const y = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
      if (x > 2 && y > 2 && boxes[i].el !== boxes[j].el) {
        overlaps.push([boxes[i].text, boxes[j].text]);
      }
    }
  }
  return { overlaps: overlaps.slice(0, 8), clipped: [...new Set(clipped)].slice(0, 8) };
}"""


def check_layout(tv: Page, state: str) -> None:
    """No two text boxes overlap and no text is cut off by its box."""
    found = tv.evaluate(OVERLAPS)
    assert found == {"overlaps": [], "clipped": []}, f"{state} at {tv.viewport_size}: {found}"


# How many players' results hold on the TV's screen without a scroll, by its width (the longest
# names, both languages, hands of up to thirteen cards): every count the games seat, ten shown,
# with the hand beside the match and, from five players shown, the cards left a line high (a chip
# per colour, js/cards.js cardGroups; css/table.css).
HOLD = {1920: 10, 1280: 10, 960: 10}
# The most hands' columns in the TV's sheet (js/board.js SHEET_HANDS): a longer match folds its
# first hands into one column of their totals.
SHEET_HANDS = 9

SHEET_SCROLLS = """() => { const box = document.querySelector(".sheet-box");
  return box.scrollWidth > box.clientWidth + 1; }"""


def holds_results(tv: Page, state: str) -> None:
    """The results' dialog holds its content without a scroll, the sheet its columns (the
    totals in view)."""
    box = tv.locator(".results")
    assert box.evaluate("(el) => el.scrollHeight <= el.clientHeight"), (state, tv.viewport_size)
    assert not tv.evaluate(SHEET_SCROLLS), (state, tv.viewport_size)


# The names the per-hand sheet cuts with "…".
NAMES_CUT = """() => [...document.querySelectorAll("[data-testid=score-sheet] .sheet__name")]
  .filter((name) => name.scrollWidth > name.clientWidth + 1).map((name) => name.textContent)"""


def long_results(tv: Page, lang: str, sizes: Sizes = SIZES, hold: dict[int, int] = HOLD) -> None:
    """The results of long matches for 2, 5, 6 and 7 players (RESULTS, a seat removed) and for ten
    (every seat kept), and of a long match of sixteen hands for ten (a seat removed), at each of
    ``sizes``, in ``lang``; the results of as many players
    as ``hold`` gives for the screen's width hold without a scroll, the hand beside the match.
    The other counts up to ten are checked for that alone. Up to six players' names (of 21
    characters) are whole in the sheet beside six hands: they take the width the hands' columns
    leave (at 8em they were cut with half the row empty)."""
    # (players, hands, every seat kept: none removed during the match)
    cases = ((2, 6, False), (5, 6, False), (6, 6, False), (7, 6, False), (10, 9, True))
    cases += ((10, 16, False),)
    for players, hands, kept in cases:
        state = f"{players} players, {hands} hands, {'all kept, ' if kept else ''}{lang}"
        for width, height in sizes:
            resize(tv, width, height)
            tv.evaluate(RESULTS, {"players": players, "hands": hands, "lang": lang, "kept": kept})
            sheet = tv.get_by_test_id("score-sheet")
            expect(sheet.locator("thead th")).to_have_count(min(hands, SHEET_HANDS) + 2)
            if hands > SHEET_HANDS:  # the first hands in one column, read out as such
                upto = hands - SHEET_HANDS + 1
                ru = f"Раздачи с 1-й по {upto}-ю"  # noqa: RUF001
                said = {"en": f"Hands 1 to {upto}", "ru": ru}[lang]
                expect(sheet.locator("th.sheet__folded")).to_have_attribute("aria-label", said)
            still_drawn(tv, f"{state} at {width}x{height}", "over")
            check_texts(tv, state)
            check_layout(tv, state)
            # the winner's line is in view as the dialog opens, the focus on its first action
            headline = tv.locator(".results__headline").bounding_box()
            size = tv.viewport_size
            assert headline and size and 0 <= headline["y"] <= size["height"] - headline["height"]
            # the per-hand sheet never runs under the chart
            table = sheet.bounding_box()
            chart = tv.get_by_test_id("score-chart").bounding_box()
            assert table and chart
            assert (
                table["y"] + table["height"] <= chart["y"]
                or table["x"] + table["width"] <= chart["x"]
            ), (state, table, chart)
            # a computer removed during the match is not in the results
            shown_bot = players == 2 or kept
            assert (tv.locator(".results").get_by_text("Bot 1").count() > 0) == shown_bot
            if players <= 6 and hands <= 6:
                assert tv.evaluate(NAMES_CUT) == [], (state, tv.viewport_size)
            shown = players - 1 if players > 2 and not kept else players  # seat 1 was removed
            if shown <= hold[width]:
                holds_results(tv, state)
                hand = tv.locator(".results__hand").bounding_box()
                assert hand and hand["x"] + hand["width"] <= table["x"], (state, hand, table)
    for players in (3, 4, 8, 9):
        for width, height in sizes:
            resize(tv, width, height)
            tv.evaluate(RESULTS, {"players": players, "hands": 9, "lang": lang})
            if players - 1 <= hold[width]:
                holds_results(tv, f"{players} players, 9 hands, {lang}")


def test_every_lobby_a_game_and_long_results_in_both_languages(
    tv: Page, open_table: Callable[..., Any]
) -> None:
    """Every ruleset's lobby in both languages (its options' hints included) with the longest
    names the lobby allows, a game in Russian, and the results of long matches in both
    languages: no text under 24 px at 1080p, no two texts overlapping, none cut off (the join
    heading, the game's name in the top bar, the buttons)."""
    open_table(tv, "new&join=camera&stun=none")
    lobby_for_solo(tv)
    for name in ("Бабушка Галина Петровна", LONG_NAME):
        tv.locator("#local-name").fill(name)
        tv.locator("#local-name").press("Enter")
    tv.locator("[data-act=add-bot]").click()
    expect(tv.get_by_test_id("seat-2")).to_be_visible()
    rulesets = every_lobby(tv)
    choose_game(tv.locator("#ruleset"), rulesets[0])
    house = tv.get_by_test_id("house")  # every house rule on: the longest line under the name
    number = house.locator("input[type=number]").first.bounding_box()
    assert number
    for box in house.locator("input[type=checkbox]").all():
        # the box sits on its label's line, after it, centred in the one column of the options'
        # controls at the right (not alone above it, as if the field above's)
        tick = box.bounding_box()
        label = tv.locator(f"label[for='{box.get_attribute('id')}']").bounding_box()
        assert tick and label, box
        middle = tick["y"] + tick["height"] / 2
        assert label["y"] <= middle <= label["y"] + label["height"], (tick, label)
        assert label["x"] + label["width"] <= tick["x"], (tick, label)
        centre = number["x"] + number["width"] / 2
        assert abs(tick["x"] + tick["width"] / 2 - centre) <= 1, (tick, number)
        box.check()
        expect(box).to_have_attribute("checked", "")  # the table took it (as drawn from its answer)
    for field in house.locator("input[type=number]").all():
        top = field.get_attribute("max") or ""
        field.fill(top)
        field.press("Tab")
        expect(field).to_have_attribute("value", top)
    tv.locator("[data-command=start]").click()
    expect(tv.get_by_test_id("top").get_by_role("img")).to_be_visible()
    tv.locator("[data-command=pause]").click()
    expect(tv.locator(".paused-mark")).to_be_visible()
    each_size(tv, "ru play")
    tv.locator("[data-host=cmd][data-command=lobby]").click()  # end it: nothing moves any more
    tv.locator("[data-act=confirm-yes]").click()
    expect(tv.get_by_role("heading", name="Новая игра")).to_be_visible()
    long_results(tv, "ru")
    switch_language(tv, "en", under=True)  # the join panel beside the results in English too
    long_results(tv, "en")


# Five computer players with the longest names the lobby allows (24 characters, LONG_NAME's with
# no space to break at), seated with the table's own command (the lobby's button names its
# computers "Bot 1", …; a bot from a phone's lab, like a phone, may bear such a name).
LONG_NAMES = (
    LONG_NAME,
    "Александра Константинова",
    "Владислава Станиславовна",
    "Вильгельмина Шереметьева",
    "Maximilian Wolfgang Moor",
)
# Five more, for a table of ten (the most any game seats).
MORE_LONG_NAMES = (
    "Бабушка Галина Петровна",
    "Christopher Fitzwilliams",
    "Екатерина Великолепная",
    "Bartholomew Fitzgerald",
    "Станислава Владимировна",
)
ADD_BOT = """(name) => window.lastcardTable.host(
  JSON.stringify({ type: "add_bot", level: "normal", name }))"""


def holds(page: Page) -> None:
    """The page is no taller than the screen: nothing to scroll to."""
    size = page.viewport_size
    assert size
    height = page.evaluate("document.scrollingElement.scrollHeight")
    assert height <= size["height"], (size, height)


def test_every_lobby_of_five_and_of_ten_long_names_holds_without_a_scroll_in_both_languages(
    tv: Page, open_table: Callable[..., Any]
) -> None:
    """Every ruleset's lobby (Classic's options are the most) beside five computer players with
    the longest names, then beside ten (the players in two columns), in both languages: the
    options, the players and the buttons that start hold on the screen without a scroll at each
    size, readable (no text under 24 px at 1080p, none overlapping or cut off, the names whole
    on at most two lines); with ten, the remote can leave every control."""
    from .test_remote import TRAPS

    open_table(tv, "new&join=camera&stun=none")
    expect(tv.get_by_role("heading", name="New game")).to_be_visible()
    for seat, name in enumerate(LONG_NAMES):
        tv.evaluate(ADD_BOT, name)
        expect(tv.get_by_test_id(f"seat-{seat}")).to_contain_text(name)
    every_lobby(tv, ", five long names", holds)
    for seat, name in enumerate(MORE_LONG_NAMES, start=len(LONG_NAMES)):
        tv.evaluate(ADD_BOT, name)
        expect(tv.get_by_test_id(f"seat-{seat}")).to_contain_text(name)
    expect(tv.locator(".lobby--many")).to_be_visible()
    every_lobby(tv, ", ten long names", join_panel_holds)  # the join panel narrower
    assert tv.evaluate(TRAPS) == []


# The text styles (first font family, size, weight, style) of every element with text of its
# own under `root`, hidden or not.
STRIKES = """(root) => [...new Set([...root.querySelectorAll("*")]
  .filter((el) => [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim()))
  .map((el) => { const s = getComputedStyle(el);
    return [s.fontFamily.split(",")[0], s.fontSize, s.fontWeight, s.fontStyle].join(" "); }))]"""
# Before the page's scripts: the styles of each box of font samples the lobby lays out
# (js/table.js, warmFonts), taken as the page takes the box away.
SAMPLES = f"""(() => {{
  window.sampled = [];
  const remove = Element.prototype.remove;
  Element.prototype.remove = function () {{
    if (this.classList.contains("font-samples")) window.sampled.push(({STRIKES})(this));
    return remove.call(this);
  }};
}})()"""


def test_the_lobby_lays_out_every_text_style_the_deal_and_the_results_show_first(
    tv: Page, open_table: Callable[..., Any], mqtt_broker: str
) -> None:
    # Each font size and weight a page lays out for the first time costs Chromium on Linux a
    # synchronous call to the browser process, tens of ms on a TV's slow main thread
    # (docs/benchmarks.md), so the lobby lays the game's and the results' styles out while idle
    # (once it has its invite: the relay's here).
    tv.add_init_script(SAMPLES)
    open_table(tv, f"new&join=relay&broker={quote(mqtt_broker, safe='')}&stun=none")
    lobby_for_solo(tv)
    for seat in range(3):
        tv.get_by_role("button", name="Add computer player").click()
        expect(tv.get_by_test_id(f"seat-{seat}")).to_be_visible()
    samples = tv.evaluate(
        "async () => (await import('./js/table-ui.js')).fontSamples({ url: 'x' }).length"
    )
    tv.wait_for_function("(n) => window.sampled.length === n", arg=samples)
    known = set(tv.evaluate(STRIKES, tv.locator("body").element_handle()))
    known.update(*tv.evaluate("window.sampled"))

    tv.get_by_role("button", name="Start the game").click()
    expect(tv.get_by_test_id("top").get_by_role("img")).to_be_visible()
    dealt = set(tv.evaluate(STRIKES, tv.locator("main").element_handle()))
    assert dealt <= known, dealt - known
    results = tv.get_by_test_id("results")
    expect(results).to_be_visible(timeout=HAND_TIMEOUT)
    shown = set(tv.evaluate(STRIKES, results.element_handle()))
    assert shown <= known | dealt, shown - known - dealt


# The join panel (table.html's aside): how far down its content reaches, whether it scrolls, the
# width its content has, where its padding ends, and the QR's box.
JOIN_PANEL = """() => {
  const join = document.querySelector(".join");
  const shown = [...join.querySelectorAll("*")]
    .filter((el) => el.getClientRects().length && !el.closest(".visually-hidden"));
  const style = getComputedStyle(join);
  const qr = join.querySelector("#join-qr :is(svg, canvas, img)")?.getBoundingClientRect();
  return { bottom: Math.max(...shown.map((el) => el.getBoundingClientRect().bottom)),
    scrolls: join.scrollHeight > join.clientHeight + 1,
    room: join.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight),
    end: innerHeight - parseFloat(style.paddingBottom),
    qr: qr ? { width: qr.width, height: qr.height } : null };
}"""
# Four phones at play (SEATS_IN_PLAY): the join panel as it is during play.
AT_PLAY = {"names": ["Бабушка Галина Петровна", LONG_NAME, "Оля", "Дед Михаил"], "house": False}


def join_panel_holds(page: Page, sizes: Sizes = SIZES) -> None:
    """The page and the join panel in it hold on the screen (nothing of the panel below it, no
    scroll inside it), and its QR, if any, is as large as the room allows, still at least 300 px
    at 1080p, and reads back as the link it stands for (where it is smallest: at the smallest of
    ``sizes``)."""
    holds(page)
    size = page.viewport_size
    assert size
    panel = page.evaluate(JOIN_PANEL)
    assert panel["bottom"] <= size["height"] + 0.5 and not panel["scrolls"], (size, panel)
    if panel["qr"] is None:
        return
    qr = panel["qr"]
    assert abs(qr["width"] - qr["height"]) <= 1, (size, qr)
    assert qr["width"] >= 300 * size["height"] / 1080 - 0.5, (size, panel)  # from across a room
    # as wide as the panel, or as tall as the height the texts leave it
    assert qr["width"] >= panel["room"] - 1 or panel["bottom"] >= panel["end"] - 2, (size, panel)
    # read back where it is drawn smallest: the same code drawn larger reads at least as well (a
    # screenshot and a decode at every size cost this file's run about 10 s under load)
    if (size["width"], size["height"]) == min(sizes):
        drawn = page.locator("#join-qr svg")
        assert read_qr(page, drawn) == drawn.get_attribute("data-text"), size


def join_panel_everywhere(tv: Page, state: str) -> None:
    """The join panel in the lobby, then during play, in both languages (the other than the
    TV's first, then the TV's own), at each size. The page's language button switches the lobby,
    which is the page's own screen, drawn again in the new language (over the state drawn
    before it): only once the table's answer has been rendered is the state at play drawn, in
    the same language (SEATS_IN_PLAY's, not the button's)."""
    for _ in range(2):
        lang = "en" if tv.locator("html").get_attribute("lang") == "ru" else "ru"
        switch_language(tv, lang)
        expect(tv.get_by_test_id("solo")).to_be_visible()
        each_size(tv, f"{state}, {lang} lobby", join_panel_holds)
        tv.evaluate(SEATS_IN_PLAY, {**AT_PLAY, "lang": lang})
        expect(tv.get_by_test_id("count-3")).to_have_text("10 карт" if lang == "ru" else "10 cards")
        each_size(tv, f"{state}, {lang} play", join_panel_holds)
        still_drawn(tv, f"{state}, {lang} play")


def test_the_join_panel_holds_in_relay_mode_with_the_relay_up_and_down(
    tv: Page, open_table: Callable[..., Any]
) -> None:
    """Relay mode as the tests open it (the test broker's address in the one to type), with the
    relay answering, then with none answering (the code greyed, the warning), then switched to the
    camera on a TV that has none (the advice and its buttons): the join panel holds on the screen
    in the lobby and during play, in both languages, at each size, its QR as large as the room
    allows."""
    port = free_port()
    broker = quote(f"ws://127.0.0.1:{port}/mqtt", safe="")
    with amqtt_broker(port=port):
        open_table(tv, f"new&join=relay&broker={broker}&stun=none")
        code = tv.get_by_test_id("join-code")
        expect(code).to_have_text(re.compile(r"^[A-Z]{6}$"), timeout=JOIN_TIMEOUT)
        expect(tv.locator("#join-text [data-act=join-mode]")).to_be_visible()
        join_panel_everywhere(tv, "relay mode")
    expect(tv.get_by_test_id("join-relay-down")).to_be_visible(timeout=JOIN_TIMEOUT)
    join_panel_everywhere(tv, "relay mode, no relay answering")
    tv.locator("#join-text [data-act=join-mode]").click()
    expect(tv.get_by_test_id("join-problem")).to_be_visible(timeout=JOIN_TIMEOUT)
    join_panel_everywhere(tv, "camera mode, no camera")


def test_the_join_panel_holds_with_every_way_at_once_and_a_webcam(
    webcam_browser: tuple[Browser, Path], open_table: Callable[..., Any]
) -> None:
    """A TV with a webcam, every way at once (the default): the relay's link and code, the
    camera's preview and its word; then no relay answering (the longest panel: the warning too);
    then camera mode: the join panel holds on the screen in the lobby and during play, in both
    languages, at each size, its QR as large as the room allows."""
    table_browser, _ = webcam_browser
    context = table_browser.new_context(
        viewport={"width": 1280, "height": 720}, service_workers="block"
    )
    tv = context.new_page()
    tv.emulate_media(reduced_motion="reduce")
    port = free_port()
    broker = quote(f"ws://127.0.0.1:{port}/mqtt", safe="")
    with amqtt_broker(port=port):
        open_table(tv, f"new&broker={broker}&stun=none")
        expect(tv.get_by_test_id("join-code")).to_have_text(
            re.compile(r"^[A-Z]{6}$"), timeout=JOIN_TIMEOUT
        )
        expect(tv.get_by_test_id("join-camera-on")).to_be_visible(timeout=JOIN_TIMEOUT)
        expect(tv.locator("#join-camera video")).to_be_visible()
        join_panel_everywhere(tv, "every way")
    expect(tv.get_by_test_id("join-relay-down")).to_be_visible(timeout=JOIN_TIMEOUT)
    join_panel_everywhere(tv, "every way, no relay answering")
    open_table(tv, "new&join=camera&stun=none")
    expect(tv.locator("#join-text [data-act=join-mode]")).to_be_visible(timeout=JOIN_TIMEOUT)
    expect(tv.locator("#join-camera video")).to_be_visible()
    join_panel_everywhere(tv, "camera mode")


# The TV player's joker, tapped: the choice of the card it will be (the 13 of the suit in force
# and the 5s of the other suits), drawn from a Last One state with a hand on the TV.
JOKER_CHOICE = """async ({ lang }) => {
  const { tvScreen } = await import("./js/table-ui.js");
  const { morph } = await import("./js/html.js");
  const moves = await import("./js/moves.js");
  if (lang) await (await import("./js/i18n.js")).setLang(lang);
  const seats = ["Ann", "Bob", "Cid"].map((name, seat) => ({ seat, name,
    kind: seat ? "bot" : "local", level: "normal", connected: true, lang: "en", removed: false,
    count: 7, score: 0, id: seat + 1, host: false }));
  const hand = ["AH", "4H", "6H", "7H", "10H", "JOKER", "9C"];
  const named = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
    .map((rank) => `${rank}H`).concat(["5S", "5D", "5C"]);
  const legal = ["draw", "play 4H", "play 6H", "play 7H", "play 10H", "play AH",
    ...named.map((card) => `play JOKER=${card}`)];
  const pick = moves.step(legal, moves.NO_PICK, { act: "card", card: "JOKER" }).pick;
  const view = { ruleset: "last-one", counts: [7, 7, 7], top: "5H", active: "H", direction: 1,
    stock: 20, pending: null, called: [], turn: 0, discard: 9, seat: 0, hand, legal, dealer: 2 };
  const features = { last_call: true, melee: true, scores: true, match: "threshold" };
  const msg = { type: "tv", phase: "playing", state: 9, seats, spectators: [], awaiting: [0],
    remaining: 12, paused: false, waiting: false, local: { 0: view }, view, events: [],
    events_reset: true, lobby: { ruleset: "last-one", timers: {}, options: {},
      description: { id: "last-one", options: [], name: { en: "Last One" }, features } },
    match: { hand: 1, out_at: 250, dealer: 2 }, result: null };
  document.body.dataset.phase = "playing";
  morph(document.getElementById("app"), tvScreen({ boot: "ready", msg, picks: { 0: pick },
    sent: null, left: 12, solo: null, confirm: null, rulesOpen: false, toast: null,
    damaged: null }));
  return pick.choice?.kind;
}"""


def test_the_tv_players_joker_choice_reads_at_every_size(drawn_tv: Page) -> None:
    """The small cards of the joker's choice show their middle only, as the results' do: a
    corner's suit touched the middle suit at 1080p and 720p."""
    for lang in ("en", "ru"):
        assert drawn_tv.evaluate(JOKER_CHOICE, {"lang": lang}) == "named"
        expect(drawn_tv.locator(".choice__card")).to_have_count(16)
        for width, height in SIZES:
            resize(drawn_tv, width, height)
            check_layout(drawn_tv, f"{lang}: the joker's choice")
            check_texts(drawn_tv, f"{lang}: the joker's choice")
