"""The phone's screen in a phone-sized context, rendered by js/hand-ui.js from a table message
(the page's own renderer and CSS, no table behind it): with a hand of 27 cards, Draw, Pass
and Last card are on screen and can be tapped without scrolling; on a short phone the hand's
first row shows above them, on the smallest phones under any two banners too; "Paused" shows
while paused; the header is one row on the join page and the host's phone from 320 px on, and a
header too full for one row keeps its buttons together at the right; a watching phone says so
once."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect
from tablehost.views import ruleset_list

from .conftest import resize

COLOURS = "RYBG"

# Every house rule of «Последняя» on (the longest line under the game's name), as the
# description names them.
HOUSE = """[["stacking", "Stacking"], ["jump_in", "Jump-in"], ["seven_zero", "Seven-zero"],
  ["draw_until_play", "Draw until play"]].map(([name, en]) => ({ name, type: "bool",
  default: false, house: true, short: { en, ru: en } })).concat(
  [{ name: "hand_size", type: "int", default: 7, house: true, short: { en: "{n} cards dealt" } },
   { name: "last_call_penalty", type: "int", default: 0, house: true,
     short: { en: "Penalty {n}" } }])"""

RENDER = """async ({ hand, paused, house, names = ["Ann", "Bob", "Cid"], host = true,
  away = false, match = null, link = "open", events = [], watching = false }) => {
  const { phoneScreen, NO_PICK } = await import("./js/hand-ui.js");
  const { morph } = await import("./js/html.js");
  const board = await import("./js/board.js");
  const seats = names.map((name, seat) => ({ seat, name,
    kind: "phone", level: null, connected: true, lang: "en", removed: false,
    count: seat ? 7 : hand.length, score: null, id: seat + 1, host: host && seat === 0,
    away: away && seat === 0 }));
  const view = { ruleset: "last-one", seat: 0, hand, legal: ["draw", "play " + hand[0]],
    counts: seats.map((s) => s.count), top: "R5", active: "R", direction: 1, stock: 40,
    pending: null, called: [], turn: 0, discard: 1 };
  const msg = { type: "view", phase: "playing", state: 3, seat: watching ? null : 0, role: "player",
    view, seats, spectators: [], awaiting: [0], remaining: 12, paused, waiting: false, match,
    lobby: { ruleset: "last-one", timers: {},
      options: house ? { stacking: true, jump_in: true, seven_zero: true, draw_until_play: true,
        hand_size: 12, last_call_penalty: 4 } : {},
      description: { id: "last-one", options: house ? HOUSE : [],
        features: { last_call: true, melee: true, scores: true, match: "threshold" } } },
    result: null, events,
    events_reset: true, play: null, host };
  const state = { name: names[0], link, wasOpen: true, msg, left: 12, pick: NO_PICK };
  morph(document.getElementById("app"), phoneScreen(state, { board }));
}""".replace("HOUSE", HOUSE)


def hand_of(size: int) -> list[str]:
    cards = [f"{c}{n}" for n in range(10) for c in COLOURS]
    return cards[:size]


def open_idle(phone: Page, base_url: str, lang: str | None = None) -> None:
    """Open the phone page (in ``lang``, as the player chose it before, when given) and wait
    until it is idle: its code screen finished, with the code field that js/code-entry.js adds
    once loaded. The page renders again when that module arrives, so a screen drawn before then
    by a test would be replaced under it."""
    if lang is not None:
        phone.add_init_script(f"localStorage.setItem('lastcard.lang', '{lang}')")
    phone.goto(f"{base_url}/hand.html")
    expect(phone.locator("[data-testid=code-screen] input[data-code]")).to_be_visible()


def test_the_move_buttons_stay_on_screen_with_a_huge_hand(
    new_phone: Callable[[], Page], base_url: str
) -> None:
    phone = new_phone()
    open_idle(phone, base_url)
    for size in (7, 27, 40):  # the largest under every house rule's line as well
        phone.evaluate(RENDER, {"hand": hand_of(size), "paused": False, "house": size == 40})
        expect(phone.get_by_test_id("house-rules")).to_have_count(1 if size == 40 else 0)
        cards = phone.get_by_role("region", name="Your cards").get_by_role("listitem")
        expect(cards).to_have_count(size)
        assert phone.evaluate("scrollY") == 0
        height = phone.viewport_size["height"] if phone.viewport_size else 0
        for name in ("Draw", "End turn", "Last card!"):
            button = phone.get_by_role("button", name=name, exact=True)
            box = button.bounding_box()
            assert box and box["y"] >= 0 and box["y"] + box["height"] <= height, (size, name, box)
            # nothing covers it: the button itself is what a tap at its centre lands on
            hit = phone.evaluate(
                "([x, y]) => document.elementFromPoint(x, y)?.closest('button')?.innerText.trim()",
                [box["x"] + box["width"] / 2, box["y"] + box["height"] / 2],
            )
            assert hit == name, (size, name, hit)
        phone.get_by_role("button", name="Draw", exact=True).click(trial=True)


# The cards of the hand's first row (by their place in the row, not raised as playable ones are).
FIRST_ROW = """() => {
  const cards = [...document.querySelectorAll(".hand__cards > li")];
  return cards.filter((li) => li.offsetTop === cards[0].offsetTop).length;
}"""
# Each way of the board's lines on a short phone: what to press, what the match line says and
# the away banner, in each language.
UNDER_BANNERS = {
    "ru": (
        ("Взять карту", "Завершить ход", "Последняя!"),
        "Раздача 1 · До 200 очков",
        "Два хода подряд без ответа: сделайте ход или нажмите Я здесь",
    ),
    "en": (
        ("Draw", "End turn", "Last card!"),
        "Hand 1 · First to 200 points",
        "Two of your turns ran out: make a move or press I'm back",
    ),
}


@pytest.mark.parametrize(
    ("size", "lang"),
    [
        ((360, 640), "ru"),
        ((390, 664), "ru"),
        ((360, 640), "en"),
        ((390, 844), "ru"),
        ((412, 800), "ru"),
        ((320, 568), "en"),
    ],
    ids=str,
)
def test_the_move_buttons_stay_on_screen_under_banners(
    new_phone: Callable[[], Page], base_url: str, size: tuple[int, int], lang: str
) -> None:
    """A small Android (360 x 640) or an iPhone in Safari (390 x 664), in a match of five
    players (its line: the hand, the target and who dealt), every house rule on, paused and
    shown as away (two banners above the table): the move buttons are still on screen, and the
    hand's first row of cards whole above them. The buttons stuck to the bottom of the hand's
    own box, which then began too low for them to rise whole into the screen; "Последняя!" (and
    "Оспорить" in a challenge) was cut off. Then the lines above the hand (the house rules over
    three lines, the match over two, the away banner over four) left no card on screen. So too
    on taller screens, above the short phones' compact layout: a whole iPhone (390 x 844) and an
    Android with its bars (412 x 800), where the banners in large type and the players' names
    whole (one to a row) put every card under the buttons. And on the smallest phone still sold
    (320 x 568, in English), where the header's two rows and the players' strip on four rows left
    no card above the buttons: the header is one row and the strip's smaller type puts the five
    seats on three."""
    phone = new_phone()
    resize(phone, *size)
    open_idle(phone, base_url, lang)
    # the page's title, before the player has a name, whole (it wraps): «Последняя карта» cut
    # to «Последня…» read as the game «Последняя»
    title = phone.locator("span.phone-head__name")
    assert title.evaluate("(el) => el.scrollWidth <= el.clientWidth"), title.inner_text()
    names = ["Саша", *FIVE]
    match = {"hand": 1, "of": None, "out_at": None, "first_to": 200, "dealer": 3}
    state = {"hand": hand_of(7), "paused": True, "house": True, "names": names, "away": True}
    phone.evaluate(RENDER, {**state, "match": match})
    buttons, line, said = UNDER_BANNERS[lang]
    # what to do, true whether or not a computer plays for the seat meanwhile (the players'
    # list says which): not "the table shows you away", under "the computer plays for Саша";
    # then its "I'm back" button
    expect(phone.get_by_test_id("away")).to_have_text(said)
    # the hand and the target on the match line, the dealer marked in the players' strip
    expect(phone.get_by_test_id("match")).to_have_text(re.compile(f"^{line}"))
    expect(phone.get_by_test_id("match")).to_be_in_viewport()
    dealer = phone.get_by_role("list", name="Players" if lang == "en" else "Игроки").first
    expect(dealer.get_by_role("listitem").nth(3)).to_contain_text(
        "dealer" if lang == "en" else "сдаёт"
    )
    assert phone.evaluate("scrollY") == 0
    for name in buttons:
        box = phone.get_by_role("button", name=name, exact=True).bounding_box()
        assert box and box["y"] >= 0 and box["y"] + box["height"] <= size[1], (name, box)
    row = phone.evaluate(FIRST_ROW)
    assert row >= 4 and phone.evaluate(VISIBLE) >= row, (row, phone.evaluate(VISIBLE))


# Phones as their browsers leave them, the address and tool bars taken off (a 390 x 844 iPhone
# shows about 390 x 664 in Safari), and how many of a 7-card hand's cards must show whole
# between the header and the move buttons without scrolling: all of them from 360 x 640 on,
# the host's phone too (its header has one button more), the first row on the smallest phone
# still sold (320 x 568). Five players, one with a long name: the board's longest usual lines.
SHORT_PHONES = [
    ((360, 640), "ru", "Александр", False, 7),
    ((360, 640), "en", "Ann", True, 7),
    ((390, 664), "ru", "Ann", True, 7),
    ((320, 568), "en", "Ann", True, 4),
]
FIVE = ["Констанция-Александра", "Bartholomew", "Компьютер 1", "Компьютер 2"]
VISIBLE = """() => {
  const top = document.querySelector(".phone-head").getBoundingClientRect().bottom;
  const bottom = document.querySelector(".hand__actions").getBoundingClientRect().top;
  return [...document.querySelectorAll(".hand__cards .card")]
    .filter((card) => {
      const box = card.getBoundingClientRect();
      return box.top >= top && box.bottom <= bottom;
    }).length;
}"""


@pytest.mark.parametrize(("size", "lang", "me", "host", "whole"), SHORT_PHONES, ids=str)
def test_a_short_phone_shows_its_hand_without_scrolling(
    new_phone: Callable[[], Page],
    base_url: str,
    size: tuple[int, int],
    lang: str,
    me: str,
    host: bool,
    whole: int,
) -> None:
    phone = new_phone()
    resize(phone, *size)
    open_idle(phone, base_url, lang)
    names = [me, *FIVE]
    phone.evaluate(RENDER, {"hand": hand_of(7), "paused": False, "names": names, "host": host})
    mine = phone.get_by_role("region", name="Your cards" if lang == "en" else "Ваши карты")
    expect(mine.get_by_role("listitem")).to_have_count(7)
    assert phone.evaluate("scrollY") == 0
    assert phone.evaluate(VISIBLE) >= whole


# The banners a phone shows at once during play, two by two: the link's (the table not answering,
# or out of reach; the phone keeps the last view it was sent) beside the table's pause or the
# seat's own (shown away, a "Last card!" call missed and paid for, a turn's time run out: the
# second in a row shows the seat away too).
MISSED = [{"type": "draw", "seat": 0, "reason": "last", "count": 2}]
TIMED_OUT = [
    {"type": "time_out", "seat": 0},
    {"type": "draw", "seat": 0, "reason": "draw", "count": 1, "cards": ["Y8"]},
    {"type": "pass", "seat": 0},
    {"type": "away", "seat": 0},
]
TWO_BANNERS = [
    {"paused": True, "away": True},
    {"away": True, "events": TIMED_OUT},
    {"link": "refused", "away": True},
    {"link": "refused", "events": MISSED},
    {"link": "offline", "paused": True},
]


@pytest.mark.parametrize(
    ("size", "lang"),
    [((320, 568), "ru"), ((320, 568), "en"), ((360, 640), "ru"), ((360, 640), "en")],
    ids=str,
)
def test_the_smallest_phones_show_the_hand_under_two_banners(
    new_phone: Callable[[], Page], base_url: str, size: tuple[int, int], lang: str
) -> None:
    """The smallest phones still carried (320 x 568, 360 x 640), in a match of five with every
    house rule on, under any two banners: the move buttons on screen and the hand's first row of
    cards whole above them, without scrolling. In Russian at 320 px no card showed: the header
    took two rows (the language button alone on the second), the three move buttons three rows
    («Взять карту», «Завершить ход», «Последняя!», each as wide as the screen) and each banner
    three lines. In Russian at 360 px, and in English at 320 px, the link's banner (the table not
    answering) with another left the first row under the buttons."""
    phone = new_phone()
    resize(phone, *size)
    open_idle(phone, base_url, lang)
    match = {"hand": 1, "of": None, "out_at": None, "first_to": 200, "dealer": 3}
    board = {"hand": hand_of(7), "paused": False, "house": True, "names": ["Саша", *FIVE]}
    for banners in TWO_BANNERS:
        phone.evaluate(RENDER, {**board, "match": match, **banners})
        expect(phone.locator("#app > .banner")).to_have_count(2)
        assert phone.evaluate("scrollY") == 0
        for name in UNDER_BANNERS[lang][0]:
            box = phone.get_by_role("button", name=name, exact=True).bounding_box()
            assert box and box["y"] >= 0 and box["y"] + box["height"] <= size[1], (banners, box)
        row = phone.evaluate(FIRST_ROW)
        shown = phone.evaluate(VISIBLE)
        assert row >= 4 and shown >= row, (banners, row, shown)


# The players' strip, name by name: its text, whether it is cut, how a cut one ends and whether
# its seat takes the strip's whole width; and whether the strip is wider than the screen.
STRIP_NAMES = """() => {
  const strip = document.querySelector(".phone-board .strip");
  return { over: strip.scrollWidth > strip.clientWidth,
    names: [...strip.querySelectorAll(".strip__name")].map((name) => ({ name: name.textContent,
      cut: name.scrollWidth > name.clientWidth, ends: getComputedStyle(name).textOverflow,
      full: name.closest("li").getBoundingClientRect().width >= strip.clientWidth - 1 })) };
}"""
# Ten names of up to 24 characters (the longest a name may be), the phone's own first.
LONG_NAMES = [
    "Шахерезада Шумилова-Жмых",
    "Констанция-Александра",
    "Bartholomew Fitzgerald",
    "Мария-Антуанетта Иванова",
    "Компьютер 1",
    "Александр Сергеевич",
    "Ann",
    "Бабушка Галина Петровна",
    "Christopher Alexander",
    "Женя",
]


@pytest.mark.parametrize("size", [(390, 844), (412, 915)], ids=str)
def test_a_tall_phone_shows_the_players_names_whole_where_they_fit(
    new_phone: Callable[[], Page], base_url: str, size: tuple[int, int]
) -> None:
    """A tall phone (above the short phones' 760 px) from two players to ten: the players' strip
    shows a name whole, as the "Players" list does, wherever its seat fits on a row; only a name
    too long for a whole row (the phone's own, shown away) is cut, with "…". Every name was cut
    at 8em there («Констанция-…» beside room for the rest); the short phones keep that cut, for
    the first row of cards. The hand's first row stays above the move buttons."""
    phone = new_phone()
    resize(phone, *size)
    open_idle(phone, base_url, "ru")
    for count in range(2, 11):
        names = LONG_NAMES[:count]
        phone.evaluate(RENDER, {"hand": hand_of(7), "paused": False, "names": names, "away": True})
        strip = phone.evaluate(STRIP_NAMES)
        assert [seat["name"] for seat in strip["names"]] == names
        assert not strip["over"], count
        for seat in strip["names"]:
            assert not seat["cut"] or (seat["full"] and seat["ends"] == "ellipsis"), (count, seat)
        assert not strip["names"][1]["cut"], count
        assert phone.evaluate(VISIBLE) >= phone.evaluate(FIRST_ROW), count


def test_paused_shows_on_the_phone(new_phone: Callable[[], Page], base_url: str) -> None:
    phone = new_phone()
    open_idle(phone, base_url)
    phone.evaluate(RENDER, {"hand": hand_of(27), "paused": True})
    expect(phone.get_by_test_id("paused")).to_have_text("Paused")
    expect(phone.get_by_test_id("paused")).to_be_in_viewport()
    phone.evaluate(RENDER, {"hand": hand_of(27), "paused": False})
    expect(phone.get_by_test_id("paused")).to_have_count(0)


# The host phone at the end of a hand of a match, in Russian, with long names (the phone's own
# renderer and CSS): the results, the host's next step, the board and its own cards.
OVER = """async () => {
  const { phoneScreen, NO_PICK } = await import("./js/hand-ui.js");
  const { morph } = await import("./js/html.js");
  const board = await import("./js/board.js");
  const names = ["Бабушка Галина Петровна", "Константин", "Александра", "Ян"];
  const hand = ["R1", "G2", "B3", "Y4", "R5", "G6", "B7"];
  const seats = names.map((name, seat) => ({ seat, name, kind: "phone", level: null,
    connected: seat !== 3, lang: "ru", removed: false, away: false, stand_in: false, kept: false,
    count: seat ? 3 : hand.length, score: 10 * seat, id: seat + 1, host: seat === 0 }));
  const history = [1, 2, 3].map((n) => ({ hand: n, winners: [n % 4],
    scores: seats.map((s) => 5 * n * s.seat), eliminated: [] }));
  const revealed = seats.map((s) => (s.seat ? ["R7", "G8", "B9"] : hand));
  const view = { ruleset: "posledniy-igrok", seat: 0, hand, legal: [], counts: [7, 3, 3, 3],
    top: "R5", active: "R", direction: 1, stock: 40, pending: null, called: [], turn: 1,
    discard: 1, revealed, dealer: 0, hand_number: 3, removed: [], eliminated: [], over: true };
  const msg = { type: "view", phase: "over", state: 30, seat: 0, role: "player", view, seats,
    spectators: [], awaiting: [], remaining: null, paused: false, waiting: false,
    match: { hand: 3, of: 5, out_at: null, first_to: null, dealer: 0 },
    lobby: { ruleset: "posledniy-igrok", options: {}, timers: {},
      description: { id: "posledniy-igrok", features: { scores: true, match: "hands" } } },
    result: { winners: [1], scores: history.at(-1).scores, match_over: false,
      match_winners: null, blocked: false, stopped: false, history, record: true },
    events: [], events_reset: true, play: null, host: true, removed: false };
  const state = { name: names[0], link: "open", wasOpen: true, msg, left: null, pick: NO_PICK };
  morph(document.getElementById("app"), phoneScreen(state, { board }));
}""".replace("HOUSE", HOUSE)


# The phone header's parts (the name, then its buttons) by row: the gaps between neighbours and
# the room at the row's right, in CSS pixels.
HEADER_ROWS = """() => {
  const head = document.querySelector(".phone-head");
  const end = head.getBoundingClientRect().right - parseFloat(getComputedStyle(head).paddingRight);
  const boxes = [...head.children].map((b) => b.getBoundingClientRect());
  const rows = new Map();
  for (const box of boxes) {
    const middle = Math.round((box.top + box.bottom) / 2);
    rows.set(middle, [...(rows.get(middle) || []), box]);
  }
  return [...rows.values()].map((row) => {
    row.sort((a, b) => a.left - b.left);
    return { gaps: row.slice(1).map((box, i) => box.left - row[i].right),
      right: end - row[row.length - 1].right };
  });
}"""


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_host_phone_header_is_one_row(
    new_phone: Callable[[], Page], base_url: str, lang: str
) -> None:
    """The host's phone on the usual phones (360, 375 and 390 px wide) and the smallest (320 px),
    a long name: its name, Host, Rules, the sound and the language on one row, the buttons
    together at the right and the name cut with "…". The header took two rows there: the name
    whole on the first (at least 9em of it on taller screens, 6em on shorter ones), and the
    buttons, Host's word among them («♛ Ведущий»), on a second. On a phone the Host button is its
    crown, its word kept for screen readers. At 320 px in Russian the language button («English»)
    still went alone to a second row; the header's buttons are narrower there."""
    phone = new_phone()
    open_idle(phone, base_url, lang)
    for width, height in ((320, 568), (360, 640), (375, 667), (390, 844)):
        resize(phone, width, height)
        phone.evaluate(RENDER, {"hand": hand_of(7), "paused": False, "names": [FIVE[0], "Bob"]})
        host = "Host" if lang == "en" else "Ведущий"
        expect(phone.get_by_role("button", name=f"♛ {host}")).to_be_visible()
        rows = phone.evaluate(HEADER_ROWS)
        assert len(rows) == 1, (width, rows)
        assert all(gap < 12 for gap in rows[0]["gaps"]) and rows[0]["right"] < 1, (width, rows)
        name = phone.locator("button.phone-head__name")
        cut = name.evaluate(
            "(el) => el.scrollWidth > el.clientWidth && getComputedStyle(el).textOverflow"
        )
        assert cut == "ellipsis", (width, cut)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_join_page_header_is_one_row(
    new_phone: Callable[[], Page], base_url: str, lang: str
) -> None:
    """The join page (its code field, no name yet) from 320 to 390 px wide: the page's title,
    Rules, the sound and the language on one row, the title whole (on two lines where it must)
    and the language button at the row's right, beside the title. At 320 px in Russian
    «Последняя карта» on two lines left no room for «English» beside it: the button went alone
    to a second row, under the others."""
    phone = new_phone()
    open_idle(phone, base_url, lang)
    other = phone.get_by_role("button", name="English" if lang == "ru" else "Русский")
    title = phone.locator("span.phone-head__name")
    for width, height in ((320, 568), (360, 640), (390, 844)):
        resize(phone, width, height)
        rows = phone.evaluate(HEADER_ROWS)
        assert len(rows) == 1, (width, rows)
        assert all(gap < 12 for gap in rows[0]["gaps"]) and rows[0]["right"] < 1, (width, rows)
        assert title.evaluate("(el) => el.scrollWidth <= el.clientWidth"), width
        words, button = title.bounding_box(), other.bounding_box()
        assert words and button, width
        assert button["x"] >= words["x"] + words["width"], (width, words, button)
        assert button["y"] < words["y"] + words["height"], (width, words, button)


# What a watching phone says of itself, once.
SPECTATOR = {
    "ru": "Вы смотрите игру. Сыграть можно с реванша.",  # noqa: RUF001
    "en": "You are watching. You can play from the rematch.",
}


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_a_watching_phone_says_so_once(
    new_phone: Callable[[], Page], base_url: str, lang: str
) -> None:
    """A phone that watches says so once, in its box with the button to ask to play, in sight
    under the table from 320 to 390 px, its header on one row. The header said it too, in a
    badge («Вы смотрите игру», "Watching the table") that took the header to two rows on every
    one of those phones."""
    phone = new_phone()
    open_idle(phone, base_url, lang)
    state = {"hand": hand_of(7), "paused": False, "names": ["Маша", *FIVE], "host": False}
    for width, height in ((320, 568), (360, 640), (390, 664)):
        resize(phone, width, height)
        phone.evaluate(RENDER, {**state, "house": True, "watching": True})
        said = phone.get_by_text(re.compile("смотрите|watching", re.IGNORECASE))
        expect(said).to_have_count(1)
        expect(said).to_have_text(SPECTATOR[lang])
        expect(said).to_be_in_viewport()
        assert len(phone.evaluate(HEADER_ROWS)) == 1, width


def test_a_wrapped_header_keeps_its_buttons_together_at_the_right(
    new_phone: Callable[[], Page], base_url: str
) -> None:
    # The host's phone in Russian on the narrowest screen about (a Galaxy Fold's outer screen,
    # 280 px): its name and four buttons («♛», «Правила», the sound, «English») do not fit on one
    # row.
    phone = new_phone()
    resize(phone, 280, 653)
    open_idle(phone, base_url, "ru")
    state = {"hand": hand_of(7), "paused": False, "names": ["Маша", "Bob"], "host": True}
    phone.evaluate(RENDER, state)
    expect(phone.get_by_test_id("host-open")).to_be_visible()
    rows = phone.evaluate(HEADER_ROWS)
    assert len(rows) == 2, rows
    # each row's buttons side by side (the header's gap, 0.35 rem here), the last at the right edge
    for row in rows:
        assert all(gap < 12 for gap in row["gaps"]), rows
        assert row["right"] < 1, rows
    # it stays on top as the page scrolls: opaque, the colour chip and the cards pass under it
    # unseen (see-through, they showed dimmed among its buttons)
    colour = phone.locator(".phone-head").evaluate("(el) => getComputedStyle(el).backgroundColor")
    assert colour.startswith("rgb("), colour


# How many rows each seat's cards take in the results.
CARD_ROWS = """() => [...document.querySelectorAll(".results__cards")].map((cards) =>
  new Set([...cards.children].map((card) => Math.round(card.getBoundingClientRect().top))).size)"""


def test_the_host_phone_after_a_hand_in_russian(
    new_phone: Callable[[], Page], base_url: str
) -> None:
    from .test_sofa import OVERLAPS

    phone = new_phone()
    open_idle(phone, base_url, "ru")
    phone.evaluate(OVER)
    # its own words and its own next step, not "the host decides"
    expect(phone.get_by_test_id("host-next")).to_contain_text("Игру ведёте вы")
    expect(phone.get_by_role("button", name="Следующая раздача")).to_be_visible()
    expect(phone.get_by_text("Что дальше, решает ведущий")).to_have_count(0)
    # the name on the header's button is one line
    name = phone.locator("button.phone-head__name")
    lines = name.evaluate(
        "(el) => el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).lineHeight)"
    )
    assert lines < 1.5, lines
    # the names leave the cards their room: the seven cards left lie on two rows at most, not
    # two or three to a row beside "Бабушка Галина Петровна"
    rows = phone.evaluate(CARD_ROWS)
    assert max(rows) <= 2, rows
    # nothing overlaps or is cut off; the phone's own cards are whole under the results
    found = phone.evaluate(OVERLAPS)
    assert found == {"overlaps": [], "clipped": []}, found


# A game in which seat 1 is away and nobody plays for it: the host phone is asked what to do.
AWAY = """async (asHost) => {
  const { phoneScreen, NO_PICK } = await import("./js/hand-ui.js");
  const { awayQuestions } = await import("./js/host-ui.js");
  const { morph } = await import("./js/html.js");
  const board = await import("./js/board.js");
  const hand = ["R1", "G2", "B3"];
  const seats = ["Ann", "Bob", "Cid"].map((name, seat) => ({ seat, name, kind: "phone",
    level: null, connected: seat !== 1, lang: "en", removed: false, away: seat > 0,
    stand_in: seat === 2, kept: false, count: 3, score: null, id: seat + 1, host: seat === 0 }));
  const view = { ruleset: "poslednyaya", seat: 0, hand, legal: [], counts: [3, 3, 3], top: "R5",
    active: "R", direction: 1, stock: 40, pending: null, called: [], turn: 1, discard: 1 };
  const msg = { type: "view", phase: "playing", state: 3, seat: 0, role: "player", view, seats,
    spectators: [], awaiting: [1], remaining: 12, paused: false, waiting: false,
    lobby: { ruleset: "poslednyaya", options: {}, timers: {},
      description: { id: "poslednyaya", features: {} } },
    result: null, events: [], events_reset: true, play: null, host: asHost, removed: false };
  const state = { name: "Ann", link: "open", wasOpen: true, msg, left: 12, pick: NO_PICK,
    moreOpen: true };
  morph(document.getElementById("app"),
    phoneScreen(state, { board, hostQuestions: asHost ? awayQuestions(msg) : "" }));
}"""


def test_phones_show_who_is_away_offline_or_played_by_a_computer(
    new_phone: Callable[[], Page], base_url: str
) -> None:
    phone = new_phone()
    open_idle(phone, base_url)
    phone.evaluate(AWAY, True)
    question = phone.get_by_test_id("away-question-1")
    expect(question).to_contain_text("Bob is not answering.")
    for name in ("Let a computer play", "Remove Bob", "Keep waiting"):
        expect(question.get_by_role("button", name=name)).to_be_visible()
    expect(phone.get_by_test_id("away-question-2")).to_have_count(0)  # a computer plays for Cid
    strip = phone.get_by_role("list", name="Players").first
    expect(strip.get_by_role("listitem").nth(1)).to_contain_text("offline")
    expect(strip.get_by_role("listitem").nth(2)).to_contain_text("computer plays")
    phone.evaluate(AWAY, False)  # another phone: told, not asked
    expect(phone.get_by_test_id("away-question-1")).to_have_count(0)
    expect(strip.get_by_role("listitem").nth(2)).to_contain_text("computer plays")


def test_a_long_chooser_keeps_its_heading_above_its_options(
    new_phone: Callable[[], Page], base_url: str
) -> None:
    """Choosing which card a joker is (a long list of named cards): scrolled, the options pass
    under the chooser's heading, never over it."""
    phone = new_phone()
    open_idle(phone, base_url)
    phone.evaluate(RENDER, {"hand": hand_of(7), "paused": False})
    phone.evaluate(
        """async () => {
          const { phoneScreen } = await import("./js/hand-ui.js");
          const { morph } = await import("./js/html.js");
          const board = await import("./js/board.js");
          const ranks = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"];
          const cards = ranks.flatMap((r) => ["H", "D", "C", "S"].map((s) => r + s));
          const options = cards.map((card) => ({ card: "named " + card, plays: [] }));
          const app = document.getElementById("app");
          morph(app, phoneScreen({ name: "Ann", link: "open", wasOpen: true, left: 12,
            msg: { type: "view", phase: "playing", state: 3, seat: 0, role: "player",
              seats: [], spectators: [], awaiting: [0], paused: false, result: null, events: [],
              lobby: { description: { features: {} } },
              view: { seat: 0, hand: ["R1"], legal: ["draw"], counts: [1], top: "R5",
                active: "R", direction: 1, stock: 3, pending: null, called: [], turn: 0 } },
            pick: { selection: [], choice: { kind: "named", options, path: [] } } }, { board }));
          document.querySelector("[data-testid=choice]").scrollTop = 400;
        }"""
    )
    heading = phone.locator("#choice-title")
    box = heading.bounding_box()
    assert box
    hit = phone.evaluate(
        "([x, y]) => document.elementFromPoint(x, y)?.closest('h2')?.id ?? null",
        [box["x"] + 8, box["y"] + box["height"] / 2],
    )
    assert hit == "choice-title"


# The host panel's list of players, with two long names alike, on the phone's own page and style.
HOST_PANEL = """async ([names, phase = "playing", rulesets = {}]) => {
  const { hostPanel } = await import("./js/host-ui.js");
  const { morph } = await import("./js/html.js");
  await new Promise((loaded) => document.head.append(Object.assign(document.createElement("link"),
    { rel: "stylesheet", href: "css/host.css", onload: loaded })));
  const seats = names.map((name, seat) => ({ seat, name, kind: "phone", level: null,
    connected: true, lang: "ru", removed: false, count: 5, score: null, id: seat + 1,
    host: seat === 0 }));
  const msg = { type: "view", phase, state: 3, seat: 0, role: "player", seats,
    spectators: [], awaiting: [1], paused: true, host: true, result: null, events: [],
    lobby: { ruleset: "poslednyaya", options: {}, timers: {}, rulesets,
      description: { id: "poslednyaya", options: [], features: {} } } };
  morph(document.getElementById("app"), hostPanel(msg));
}"""


def test_the_host_panel_shows_long_names_whole(
    new_phone: Callable[[], Page], base_url: str
) -> None:
    phone = new_phone()
    open_idle(phone, base_url, "ru")
    names = ["Мария-Антуанетта Иванова", "Мария-Антуанетта Петрова", "Женя"]
    phone.evaluate(HOST_PANEL, [names])
    shown = phone.locator(".host-person__name")
    expect(shown).to_have_count(3)
    for i, name in enumerate(names):
        box = shown.nth(i)
        assert box.inner_text().strip().endswith(name)
        cut = box.evaluate("(el) => el.scrollWidth > el.clientWidth + 1")
        assert not cut, f"{name} is cut off"


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_host_panel_shows_every_game_whole(
    new_phone: Callable[[], Page], base_url: str, lang: str
) -> None:
    """The lobby's settings on the smallest phones (320 and 360 px): each game a choice with its
    whole name, inside the sheet. A drop-down cut the chosen one short («Последняя (цветная
    колод», "Final Card (colour dec" at 320 px), and before that the longest name's width pushed
    the settings box past the sheet's right edge (the sheet scrolled sideways). The sheet covers
    the whole screen: the phone page's padding of its dialogs' overlay left a strip of the page
    on each side."""
    phone = new_phone()
    open_idle(phone, base_url, lang)
    games = ruleset_list()
    sheet = phone.get_by_test_id("host-panel")
    for width in (320, 360):
        resize(phone, width, 640)
        phone.evaluate(HOST_PANEL, [["Саша", "Женя"], "lobby", games])
        box = sheet.evaluate(SCREEN_BOX)
        assert box["sheet"] == box["screen"], (width, box)
        right = box["sheet"][2]
        for game in games.values():
            choice = sheet.get_by_role("radio", name=game["name"][lang], exact=True)
            expect(choice).to_be_visible()
            label = sheet.locator(f"label[for='{choice.get_attribute('id')}']")
            box = label.evaluate(WHOLE)
            assert box["whole"] and box["right"] <= right, (width, game, box, right)
        expect(sheet.get_by_role("radio", checked=True)).to_have_attribute("value", "poslednyaya")
        wide = sheet.evaluate("(el) => [el.scrollWidth, el.clientWidth]")
        assert wide[0] <= wide[1], (width, wide)


# An element's box (left, top, right, bottom) beside the screen's.
SCREEN_BOX = """(el) => { const r = el.getBoundingClientRect();
  return { sheet: [r.left, r.top, r.right, r.bottom],
    screen: [0, 0, innerWidth, innerHeight] }; }"""


# Whether an element's text is all in sight in its box, and where its right edge is.
WHOLE = """(el) => ({ whole: el.scrollWidth <= el.clientWidth + 1,
  right: el.getBoundingClientRect().right })"""


# Last Card on a 2♥, 3♠ tapped: it is played only with 3♥ (or 3♦), a long hand running under the
# move bar.
SELECTED = """async ({ selection }) => {
  const { phoneScreen } = await import("./js/hand-ui.js");
  const { morph } = await import("./js/html.js");
  const board = await import("./js/board.js");
  const hand = ["3S", "8S", "TS", "AH", "3H", "QH", "8D", "9D", "JD", "3D", "4C", "6C", "7C",
    "TC", "JC", "QC", "KC"];
  const legal = ["draw", "play 3H", "play 3D", "play 3S 3H", "play 3S 3D", "play 3H 3S",
    "play 3D 3S", "play 3H 3D", "play 3D 3H"];
  const seats = ["Sam", "Alex"].map((name, seat) => ({ seat, name, kind: "phone", level: null,
    connected: true, lang: "en", removed: false, count: seat ? 16 : hand.length, score: null,
    id: seat + 1, host: seat === 1, away: false }));
  const view = { ruleset: "last-card", seat: 0, hand, legal, counts: [hand.length, 16],
    top: "2H", active: "H", direction: 1, stock: 20, pending: null, called: [], turn: 0,
    discard: 1 };
  const msg = { type: "view", phase: "playing", state: 3, seat: 0, role: "player", view, seats,
    spectators: [], awaiting: [0], remaining: 15, paused: false, waiting: false, match: null,
    lobby: { ruleset: "last-card", timers: {}, options: {},
      description: { id: "last-card", options: [], features: { last_call: true } } },
    result: null, events: [], events_reset: true, play: null, host: false };
  const pick = { selection, choice: null };
  morph(document.getElementById("app"), phoneScreen({ name: "Sam", link: "open", wasOpen: true,
    msg, left: 15, pick }, { board }));
}"""


@pytest.mark.parametrize(("size", "lang"), [((360, 640), "ru"), ((390, 844), "en")], ids=str)
def test_a_card_played_only_with_another_says_which(
    new_phone: Callable[[], Page], base_url: str, size: tuple[int, int], lang: str
) -> None:
    """3♠ tapped, playable only with 3♥ or 3♦: Play is off, and the move bar says which card to
    add, on screen and uncovered, over its buttons (the line under the cards, "Tap more cards of
    this rank", lay under the bar fixed at the foot, and named no card); 3♥ added, Play is on."""
    phone = new_phone()
    resize(phone, *size)
    open_idle(phone, base_url, lang)
    phone.evaluate(SELECTED, {"selection": ["3S"]})
    play = phone.locator("[data-act=play-selection]")
    expect(play).to_be_disabled()
    hint = phone.locator(".hand__actions .hand__hint")
    words = {
        "en": "Add 3 of hearts or 3 of diamonds, then press Play",
        "ru": "Добавьте карту: 3 червей или 3 бубен — и нажмите «Сыграть»",
    }
    expect(hint).to_have_text(words[lang])
    box = hint.bounding_box()
    assert box and box["y"] >= 0 and box["y"] + box["height"] <= size[1], box
    hit = phone.evaluate(
        "([x, y]) => document.elementFromPoint(x, y)?.className",
        [box["x"] + 4, box["y"] + box["height"] / 2],
    )
    assert hit == "hand__hint", hit
    assert box["y"] < (play.bounding_box() or {"y": 0})["y"]  # over the buttons
    phone.evaluate(SELECTED, {"selection": ["3S", "3H"]})
    expect(play).to_be_enabled()
    expect(hint).to_have_count(0)
