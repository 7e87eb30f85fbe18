"""The table on a laptop, read from the sofa (tests/e2e/test_sofa.py's checks): many hosts open
table.html on a laptop rather than a TV, at 1366x768 and 1536x864 (the two most common laptop
screens), 1440x900 (a MacBook Air's), 1024x768 (an old 4:3 laptop or a projector) or 1280x1024
(a 5:4 office monitor). A screen narrower for its height than 16:9 scales the type with its width
(css/table.css, --u): there the width binds. One table page for the file, its states drawn, not
played."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from .conftest import resize
from .test_sofa import (
    ADD_BOT,
    CORNERS_COVERED,
    JOIN_PANEL,
    LONG_NAMES,
    MORE_LONG_NAMES,
    MOVES,
    RESULTS,
    SEATS_IN_PLAY,
    SHOWN_PAUSED,
    below_the_screen,
    choice_beside_the_hand,
    drawing_table,  # noqa: F401
    drawn_tv,  # noqa: F401
    each_size,
    every_seat_in_sight,
    join_panel_holds,
    long_results,
    still_drawn,
)
from .test_table_game import choose_game
from .test_tv_engines import read_qr

LAPTOP_SIZES = ((1366, 768), (1536, 864), (1440, 900), (1024, 768), (1280, 1024))
# How many players' results hold without a scroll at each laptop width (test_sofa.HOLD's): all.
LAPTOP_HOLD = {width: 10 for width, _ in LAPTOP_SIZES}

# The join panel as relay mode draws it (the drawing table joins by camera, and has none): the QR
# of a join link, the address to type and the code. Drawn again after the page's own text, it is
# drawn from nothing: morph() skips the markup it drew last into the box.
RELAY_JOIN = """async () => {
  const { joinText } = await import("./js/table-ui.js");
  const { html, morph } = await import("./js/html.js");
  const { renderQr } = await import("./js/qr.js");
  const { setLang } = await import("./js/i18n.js");  // these modules' own copy: the page's language
  await setLang(document.documentElement.lang);
  const url = new URL("hand.html#r=QWERTY&t=Ab3dEf9hIj2lMn5pQr8tUv1xYz4", location.href).href;
  renderQr(document.getElementById("join-qr"), url, { label: "join QR" });
  const invite = { url, code: "QWERTY", mode: "relay", search: "" };
  const ways = { relay: { state: "ready" }, code: { state: "ready" } };
  morph(document.getElementById("join-text"), html``);
  morph(document.getElementById("join-text"), joinText(invite, { joinMode: "relay", ways }));
}"""


def qr_scannable(page: Page) -> None:
    """The join panel holds on the screen, its QR at least 300 px at 1080p scaled by the screen's
    height, as on a TV (scannable from across a room), on a 4:3 or 5:4 screen too."""
    size = page.viewport_size
    assert size
    panel = page.evaluate(JOIN_PANEL)
    assert panel["bottom"] <= size["height"] + 0.5 and not panel["scrolls"], (size, panel)
    qr = panel["qr"]
    assert qr and qr["width"] >= 300 * size["height"] / 1080 - 0.5, (size, panel)


def panel_holds(page: Page) -> None:
    """``join_panel_holds`` at a laptop's sizes (its QR read back at the smallest)."""
    join_panel_holds(page, LAPTOP_SIZES)


def test_the_lobby_play_a_pause_a_choice_and_the_results_hold_on_a_laptop(
    drawn_tv: Page,  # noqa: F811 (the fixture imported above)
) -> None:
    """At each laptop size: Classic's lobby (the most options) beside five computer players of
    the longest names, then beside ten, in both languages; a hand on the screen beside four
    seats and beside ten (19 cards, the most on one row), a paused game and the TV player's
    choice open beside ten long names; the join panel beside them all with relay mode's QR,
    scannable from across a room (at least 300 px at 1080p scaled by the height, as on a TV);
    the results of long matches: no text under 24 px at 1080p (scaled by the smaller of the
    height's and the width's scale), none overlapping or cut off, nothing under the screen's
    edge, every card's corner in sight. At 1024x768 the rem of the paddings stayed 16 px while
    the type shrank to 12.8: the hand beside ten seats was narrower for its type than at 720p,
    and 19 cards on one row lay over each other's corners. At 1440x900 the QR during play was
    242 px, not 250 (28 % of the height); with ten seats, in the lobby and during play, it was
    187 px at 1024x768, not 213, and 234 at 1280x1024, not 284. At 1280x1024 the results laid
    the hand over the match, not beside it."""
    tv = drawn_tv
    choose_game(tv.locator("#ruleset"), "classic")
    for seat, name in enumerate(LONG_NAMES):
        tv.evaluate(ADD_BOT, name)
        expect(tv.get_by_test_id(f"seat-{seat}")).to_contain_text(name)
    tv.evaluate(RELAY_JOIN)
    expect(tv.get_by_test_id("join-code")).to_have_text("QWERTY")
    for lang in ("en", "ru"):
        if lang == "ru":
            tv.locator("[data-act=lang]").click()
        expect(tv.locator("html")).to_have_attribute("lang", lang)
        each_size(tv, f"{lang} lobby, five long names", panel_holds, LAPTOP_SIZES)
    for seat, name in enumerate(MORE_LONG_NAMES, start=len(LONG_NAMES)):
        tv.evaluate(ADD_BOT, name)
        expect(tv.get_by_test_id(f"seat-{seat}")).to_contain_text(name)
    expect(tv.locator(".lobby--many")).to_be_visible()
    for lang in ("ru", "en"):
        if lang == "en":
            tv.locator("[data-act=lang]").click()
        expect(tv.locator("html")).to_have_attribute("lang", lang)
        each_size(tv, f"{lang} lobby, ten long names", panel_holds, LAPTOP_SIZES)

    longest = [*LONG_NAMES, *MORE_LONG_NAMES]
    four = ["Бабушка Зина", "Bot 1", "Bot 2", "Bot 3"]
    for names, cards in ((four, 7), (longest, 19)):
        seats = len(names)
        drawn_tv.evaluate(
            SEATS_IN_PLAY, {"names": names, "house": True, "local": True, "cards": cards}
        )
        expect(tv.get_by_test_id("hand").locator(".hand__card")).to_have_count(cards)

        def hand_in_sight(page: Page, seats: int = seats, cards: int = cards) -> None:
            every_seat_in_sight(page, seats)
            assert page.evaluate(CORNERS_COVERED) == [], (cards, page.viewport_size)
            assert below_the_screen(page, MOVES) == [], (cards, page.viewport_size)
            qr_scannable(page)

        each_size(tv, f"a hand of {cards} beside {seats} seats", hand_in_sight, LAPTOP_SIZES)
        still_drawn(tv, f"a hand of {cards} beside {seats} seats")

    paused = {"names": longest, "house": True, "local": True, "melee": True, "paused": True}
    tv.evaluate(SEATS_IN_PLAY, {**paused, "lang": "ru"})
    expect(tv.locator(".paused-mark")).to_be_visible()

    def holds_paused(page: Page) -> None:
        every_seat_in_sight(page)
        assert below_the_screen(page, SHOWN_PAUSED) == [], page.viewport_size
        qr_scannable(page)

    each_size(tv, "ru: paused beside a hand and ten seats", holds_paused, LAPTOP_SIZES)
    still_drawn(tv, "ru: paused beside a hand and ten seats")

    swaps = ["draw", *(f"play R7 @{n}" for n in range(1, 10))]
    choosing = {"names": longest, "house": True, "local": True, "cards": 7}
    tv.evaluate(
        SEATS_IN_PLAY,
        {**choosing, "lang": "en", "faces": ["R7", "W", "G2"], "legal": swaps, "choose": "R7"},
    )
    expect(tv.get_by_test_id("choice").locator(".choice__options button")).to_have_count(9)
    each_size(
        tv,
        "en: choosing whom to swap with",
        lambda page: choice_beside_the_hand(page, "choosing", may_scroll=True),
        LAPTOP_SIZES,
    )
    still_drawn(tv, "en: choosing whom to swap with")
    tv.evaluate(RELAY_JOIN)
    expect(tv.get_by_test_id("join-code")).to_have_text("QWERTY")
    each_size(tv, "en: choosing, the relay's join panel", qr_scannable, LAPTOP_SIZES)
    still_drawn(tv, "en: choosing, the relay's join panel")

    long_results(tv, "ru", LAPTOP_SIZES, LAPTOP_HOLD)


# A tablet held upright: an 8-inch Android tablet's 600x960, the iPad's 768x1024 and the iPad Air's
# 820x1180 (css/table.css).
TABLET_SIZES = ((600, 960), (768, 1024), (820, 1180))

# The page's width and height, the join panel's width and its QR's, and the lobby's lists that
# cut their value short: a list's value is drawn in the box its padding and its arrow leave (the
# arrow about as wide as a line is high), a text no element of the page lays out.
UPRIGHT = """() => {
  const join = document.querySelector(".join").getBoundingClientRect();
  const qr = document.querySelector("#join-qr svg").getBoundingClientRect();
  const canvas = document.createElement("canvas").getContext("2d");
  const cut = [...document.querySelectorAll(".lobby select")].filter((select) => {
    const style = getComputedStyle(select);
    canvas.font = style.font;
    const text = canvas.measureText(select.selectedOptions[0]?.text ?? "").width;
    const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight)
      - parseFloat(style.fontSize);
    return text > room + 0.5;
  }).map((select) => `${select.id}: ${select.selectedOptions[0]?.text}`);
  const page = document.scrollingElement;
  return { width: page.scrollWidth, height: page.scrollHeight, join: join.width, qr: qr.width,
    cut };
}"""


REMOVE = """(seat) => window.lastcardTable.host(JSON.stringify({ type: "remove", seat }))"""


def upright(page: Page, *, read: bool = True) -> None:
    """On a tablet held upright nothing runs past the screen's sides, nor under its bottom; the
    join panel is a band across the screen, its QR at least 30 % of the width, read back at the
    smaller size if ``read`` (not under the results' dialog); every list of the lobby shows its
    value whole."""
    size = page.viewport_size
    assert size
    found = page.evaluate(UPRIGHT)
    width, height = size["width"], size["height"]
    wrong = {
        "sideways": found["width"] > width,
        "scrolls": found["height"] > height,
        "join narrow": found["join"] < 0.8 * width,
        "QR small": found["qr"] < 0.3 * width,
        "lists cut": found["cut"] != [],
    }
    assert not any(wrong.values()), f"{size}: {found} {wrong}"
    if read and (width, height) == min(TABLET_SIZES):
        drawn = page.locator("#join-qr svg")
        assert read_qr(page, drawn) == drawn.get_attribute("data-text"), size


# The table played on a phone held upright (the one-person game on the table's page).
PHONE_SIZES = ((360, 740), (390, 844))


def not_sideways(page: Page, state: str) -> None:
    """On a phone's width the table's page scrolls down, never sideways."""
    for width, height in PHONE_SIZES:
        resize(page, width, height)
        wide = page.evaluate("document.scrollingElement.scrollWidth")
        assert wide <= width, f"{state} at {width}x{height}: {wide} px wide"


def test_the_lobby_a_hand_and_the_results_hold_on_a_tablet_held_upright(
    drawn_tv: Page,  # noqa: F811 (the fixture imported above)
) -> None:
    """At 600x960, 768x1024 and 820x1180, in Russian: the lobby of four players, a hand played on
    the table's screen beside four seats and the results, each on the screen without a scroll,
    beside the join panel, which spans the screen's width under them, its QR scannable from a
    couple of metres. Laid out as a landscape screen's, the join panel was a column 190-255 px
    wide at the bottom left, the rest of its band empty, the turn timer's «выкл.» read «выкл», and
    the pages were 1,028 to 1,268 px tall; at 600x960, laid out as 768x1024's, the lobby was
    1,021 px tall, its QR's band cut at the bottom, and in play the top bar's buttons took two
    rows. The join panel is drawn in the page's language (it was in English here until 12-05).
    On a phone's width (the table played on a phone) the lobby and the hand scroll down, never
    sideways: a hand played was 370 px wide at 360 (the piles 2rem apart)."""
    tv = drawn_tv
    seated = tv.locator(".lobby .seats .seat")  # the module's earlier tests' players first out
    for seat in reversed(range(seated.count())):
        tv.evaluate(REMOVE, seat)
    expect(seated).to_have_count(0)
    names = ["Анна", "Компьютер 1", "Компьютер 2", "Компьютер 3"]
    for seat, name in enumerate(names):
        tv.evaluate(ADD_BOT, name)
        expect(tv.get_by_test_id(f"seat-{seat}")).to_contain_text(name)
    tv.locator("#timer-turn").select_option("off")
    tv.locator("[data-act=lang]").click()
    expect(tv.locator("html")).to_have_attribute("lang", "ru")
    tv.evaluate(RELAY_JOIN)
    expect(tv.get_by_test_id("join-code")).to_have_text("QWERTY")
    each_size(tv, "ru lobby, four players", upright, TABLET_SIZES)
    not_sideways(tv, "ru lobby, four players")
    tv.evaluate(SEATS_IN_PLAY, {"names": names, "house": False, "local": True, "lang": "ru"})
    expect(tv.get_by_test_id("hand").locator(".hand__card")).to_have_count(7)
    each_size(tv, "ru: a hand beside four seats", upright, TABLET_SIZES)
    not_sideways(tv, "ru: a hand beside four seats")
    still_drawn(tv, "ru: a hand beside four seats")
    for width, height in TABLET_SIZES:
        resize(tv, width, height)
        tv.evaluate(RESULTS, {"players": 4, "hands": 3, "lang": "ru"})
        still_drawn(tv, f"ru results at {width}x{height}", "over")
        upright(tv, read=False)
