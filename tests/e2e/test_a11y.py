"""Every page through an accessibility engine (axe-core, from node_modules: a test's tool, never
served to players): the home page with a game's rules, the lab, the phone's code screen; a real
table of a phone, a player on the TV and a computer: the TV's lobby, a hand in play with its
rules, the phone's seat offline, the results; the phone's join screen, its lobby with the host
panel, its hand, its rules, the results, and a phone watching. Each in English and in Russian,
with the page's ``lang`` the language's: no violation of impact "serious" or "critical"
anywhere, but those ``LEFT`` says why."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Locator, Page, expect

from .conftest import join_by_link
from .test_phone_screen import open_idle
from .test_sofa import RESULTS, still_drawn, switch_language
from .test_table_game import lobby_for_solo

AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"
JOIN_TIMEOUT = 20_000  # ms: the relay's QR, on a busy machine

# The page's violations of impact "serious" or "critical", each as a line: the rule, where, why.
# The pages' background is a radial gradient (css/app.css, body), whose colour behind a text axe
# cannot tell: it leaves every text's contrast unchecked ("incomplete"). The run paints the body
# with the gradient's lightest colour, its centre's (--panel): the worst case for the pages' light
# text, so each text's contrast is checked against the least it may have.
# Violations left on purpose (``LEFT``) are dropped: a rule's on the elements its selector matches.
AXE_RUN = """async (left) => {
  const body = document.body.style;
  body.setProperty("background", "var(--panel)", "important");
  try {
    const options = { resultTypes: ["violations"], elementRef: true };
    const { violations } = await axe.run(document, options);
    return violations.filter((v) => v.impact === "serious" || v.impact === "critical")
      .flatMap((v) => v.nodes.filter((n) => !(left[v.id] && n.element.matches(left[v.id])))
        .map((n) => `${v.id} (${v.impact}) at ${n.target.join(" ")}: ${v.help};`
          + ` ${n.failureSummary}`));
  } finally {
    body.removeProperty("background");
  }
}"""


# What axe asks for that the pages leave, each rule on the elements of its selector, and why.
LEFT = {
    # A card in a hand is a button whose inside is the picture of the card (aria-hidden): its
    # rank twice (the corner's and the centre's, read together as "22") or an action's symbol
    # ("+2"). Its name is the card's ("red 2", "blue Draw Two"), the words a player says of it;
    # a name holding the picture's text ("red 2 2", "+2 +2") would read worse to everyone.
    "label-content-name-mismatch": ".hand__card",
}


def accessible(page: Page, state: str, lang: str) -> None:
    """``page``, showing ``state`` in ``lang`` (its ``<html lang>``), has no serious or critical
    violation of axe's rules. The page shows no motion (the reduced-motion preference, which the
    pages honour): a card landing or a dialog fading in has its colours mid-way, read as they
    happen to be."""
    expect(page.locator("html")).to_have_attribute("lang", lang)
    page.emulate_media(reduced_motion="reduce")
    if not page.evaluate("typeof axe === 'object'"):
        page.add_script_tag(path=AXE)
    found = page.evaluate(AXE_RUN, LEFT)
    assert not found, f"{state} ({lang}):\n" + "\n".join(found)


def other(lang: str) -> str:
    return "ru" if lang == "en" else "en"


def in_both_languages(page: Page, state: str, *, tv: bool = False) -> None:
    """``accessible`` in the page's language, then (its language button pressed) in the other,
    then back in the first. The button is pressed with its click alone: a dialog may be over it.
    The TV's waits for the table's answer (``switch_language``); elsewhere the button's own
    ``lang`` (the other language's) says the page drew the switch."""
    first = page.locator("html").get_attribute("lang") or "en"
    for lang in (first, other(first)):
        accessible(page, state, lang)
        if tv:
            switch_language(page, other(lang), under=True)
        else:
            page.locator("[data-act=lang]").first.dispatch_event("click")
            expect(page.locator("[data-act=lang]").first).to_have_attribute("lang", lang)


def test_the_home_page_the_lab_and_the_phones_code_screen(
    tv: Page, new_phone: Callable[[], Page], base_url: str
) -> None:
    tv.goto(f"{base_url}/index.html")
    expect(tv.get_by_test_id("host-link")).to_be_visible()
    in_both_languages(tv, "the home page")
    tv.get_by_test_id("rules-last-one").click()
    expect(tv.get_by_test_id("rules")).to_be_visible()
    in_both_languages(tv, "the rules on the home page")
    tv.goto(f"{base_url}/lab.html")
    expect(tv.get_by_test_id("lab")).to_have_attribute("data-state", "ready", timeout=90_000)
    in_both_languages(tv, "the lab")
    phone = new_phone()
    open_idle(phone, base_url)
    in_both_languages(phone, "the phone's code screen")


# The phone's results of a match, drawn by its own renderer (js/hand-ui.js) into an idle phone
# page: the same match as RESULTS, seen from seat 0.
PHONE_RESULTS = """async () => {
  const { phoneScreen, NO_PICK } = await import("./js/hand-ui.js");
  const { morph } = await import("./js/html.js");
  const board = await import("./js/board.js");
  const seats = ["Ann", "Bob", "Cid"].map((name, seat) => ({ seat, name, kind: "phone",
    level: null, connected: true, lang: "en", removed: false, count: 2, score: 0, id: seat + 1,
    host: seat === 0 }));
  const history = [1, 2].map((hand) => ({ hand, winners: [hand % 3], eliminated: [],
    scores: seats.map((s) => hand * (s.seat * 7 + 11)) }));
  const last = history.at(-1).scores;
  seats.forEach((s) => { s.score = last[s.seat]; });
  const revealed = seats.map((s) => ["R5", "G7", "B1"].slice(0, 1 + s.seat));
  const view = { ruleset: "posledniy-igrok", seat: 0, hand: revealed[0], legal: [],
    counts: revealed.map((h) => h.length), top: "R5", active: "R", direction: 1, stock: 40,
    pending: null, called: [], turn: 0, discard: 1, revealed, dealer: 0, hand_number: 2,
    removed: [], eliminated: [], over: true };
  const result = { winners: [0], scores: last, match_over: true, match_winners: [0],
    stopped: false, blocked: false, history, record: true };
  const msg = { type: "view", phase: "over", state: 99, seat: 0, role: "player", view, seats,
    spectators: [], awaiting: [], remaining: null, paused: false, waiting: false, result,
    match: { hand: 2, of: 2, out_at: null, first_to: null, dealer: 0 }, events: [],
    events_reset: true, play: null, host: true,
    lobby: { ruleset: "posledniy-igrok", options: {}, timers: {},
      description: { id: "posledniy-igrok", features: { match: "hands" } } } };
  const state = { name: "Ann", link: "open", wasOpen: true, msg, left: null, pick: NO_PICK };
  morph(document.getElementById("app"), phoneScreen(state, { board }));
}"""


def test_a_table_its_phones_and_the_results(
    tv: Page,
    new_phone: Callable[[], Page],
    relay_table: Callable[[Page], Locator],
    base_url: str,
) -> None:
    link = relay_table(tv).inner_text()

    # the phone's join screen, then the phone at the table: the host, its panel open
    ann = new_phone()
    ann.goto(link)
    expect(ann.get_by_label("Your name")).to_be_visible()
    in_both_languages(ann, "the phone's join screen")
    join_by_link(ann, link, "Ann")
    in_both_languages(ann, "the phone in the lobby")
    ann.get_by_test_id("host-open").click()
    expect(ann.get_by_test_id("host-panel")).to_be_visible()
    in_both_languages(ann, "the host panel")
    ann.locator("[data-act=host-close]").click()

    # the TV's lobby: the phone, a player on the TV and a computer, every house rule on
    lobby_for_solo(tv)
    tv.locator("#local-name").fill("Anna")
    tv.locator("#local-name").press("Enter")
    tv.locator("[data-act=add-bot]").click()
    expect(tv.get_by_test_id("seat-2")).to_be_visible()
    for box in tv.get_by_test_id("house").locator("input[type=checkbox]").all():
        box.check()
        expect(box).to_have_attribute("checked", "")  # the table took it
    in_both_languages(tv, "the TV's lobby", tv=True)

    # a hand in play, on the TV (its player's cards) and on the phone; then the rules
    tv.locator("[data-command=start]").click()
    expect(tv.get_by_test_id("hand")).to_be_visible()
    expect(ann.get_by_role("region", name="Your cards")).to_be_visible()
    ann.get_by_test_id("host-open").click()  # paused from the host panel: nothing moves any more
    ann.get_by_test_id("host-panel").get_by_role("button", name="Pause").click()
    expect(tv.locator(".paused-mark")).to_be_visible()
    in_both_languages(ann, "the host panel during a hand")
    ann.get_by_test_id("host-panel").locator("[data-command=lobby]").click()  # End the game?
    expect(ann.get_by_test_id("host-confirm")).to_be_visible()
    accessible(ann, "the host's question", "en")
    ann.locator("[data-act=host-cancel]").click()
    ann.locator("[data-act=host-close]").click()
    in_both_languages(tv, "the TV during a hand", tv=True)
    tv.locator("[data-host=cmd][data-command=lobby]").click()  # End the game? on the TV
    expect(tv.get_by_role("alertdialog")).to_be_visible()
    accessible(tv, "the TV's question", "en")
    tv.locator("[data-act=close-confirm]").click()
    in_both_languages(ann, "the phone during a hand")
    for page in (tv, ann):
        for lang in ("en", "ru"):
            page.locator("[data-act=rules-open]").first.click()
            expect(page.get_by_test_id("rules")).to_be_visible()
            accessible(page, "the rules during a hand", lang)
            page.keyboard.press("Escape")
            expect(page.get_by_test_id("rules")).to_have_count(0)
            if page is tv:
                switch_language(tv, other(lang))
            else:
                page.locator("[data-act=lang]").click()
                expect(page.locator("[data-act=lang]")).to_have_attribute("lang", lang)

    # a phone that joins during the hand watches it
    bob = join_by_link(new_phone(), link, "Bob", seated=False)
    in_both_languages(bob, "a watching phone")

    # the TV with the phone gone: its seat dimmed, offline
    ann.close()
    expect(tv.locator(".seat--offline")).to_be_visible(timeout=JOIN_TIMEOUT)
    in_both_languages(tv, "the TV with a phone offline", tv=True)

    # the results of a match, drawn on the TV (over its paused hand) and on an idle phone
    for lang in ("en", "ru"):
        tv.evaluate(RESULTS, {"players": 5, "hands": 6, "lang": lang})
        still_drawn(tv, "the results", "over")
        accessible(tv, "the TV's results", lang)
    for lang in ("en", "ru"):
        phone = new_phone()
        open_idle(phone, base_url, lang)
        phone.evaluate(PHONE_RESULTS)
        expect(phone.get_by_test_id("results")).to_be_visible()
        accessible(phone, "the phone's results", lang)
