"""Readable from the sofa: every visible text on the TV, in the lobby, during play and on the
results, at 1920x1080 and 1280x720: none smaller than 24 px at 1080p (16 px at 720p: the type
scales with the screen), card faces included; long names on one line; the pause marker clear of
the turn line; the join QR at least 300 px at 1080p during play."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator
from typing import Any
from urllib.parse import quote

import pytest
from broker import amqtt_broker
from playwright.sync_api import Page, expect

from .test_table_game import lobby_for_solo, play_to_results

SIZES = ((1920, 1080), (1280, 720))
LONG_NAME = "Konstantinopolskaya-Anna"  # 24 characters, no space to break at
JOIN_TIMEOUT = 20_000  # ms: the relay's QR, on a busy machine


@pytest.fixture(scope="module")
def broker_url() -> Iterator[str]:
    """A loopback MQTT broker: relay joining, so the TV shows its QR."""
    with amqtt_broker() as url:
        yield url


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
    const size = parseFloat(getComputedStyle(el).fontSize);
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


def check_names(tv: Page) -> None:
    """Every seat name is one line, whole or cut with an ellipsis, and every seat fits its list."""
    for name in tv.locator(".seat__name").all():
        lines = name.evaluate(
            "(el) => Math.round(el.getBoundingClientRect().height"
            " / parseFloat(getComputedStyle(el).lineHeight || '0') || 1)"
        )
        height = name.evaluate("(el) => el.getBoundingClientRect().height")
        font = name.evaluate("(el) => parseFloat(getComputedStyle(el).fontSize)")
        assert height < 1.8 * font, (name.inner_text(), height, font, lines)
    # a seat stays inside its list: nothing runs on under the join QR beside it
    for seat in tv.locator(".seats .seat").all():
        sticks_out = seat.evaluate(
            "(el) => el.getBoundingClientRect().right"
            " - el.parentElement.getBoundingClientRect().right"
        )
        assert sticks_out <= 0.5, (seat.inner_text(), sticks_out)


def each_size(tv: Page, state: str, extra: Callable[[Page], None] | None = None) -> None:
    for width, height in SIZES:
        tv.set_viewport_size({"width": width, "height": height})
        tv.wait_for_timeout(200)
        check_texts(tv, state)
        check_names(tv)
        if extra:
            extra(tv)


def test_the_tv_reads_from_the_sofa(
    tv: Page, open_table: Callable[..., Any], broker_url: str
) -> None:
    open_table(tv, f"new&join=relay&broker={quote(broker_url, safe='')}&stun=none")
    expect(tv.get_by_test_id("join-url")).to_contain_text("hand.html#r=", timeout=JOIN_TIMEOUT)
    # the code is typed on the home page: its short address, with the table's own broker
    home = tv.url.split("://")[1].split("table.html")[0]
    expect(tv.get_by_test_id("join-home")).to_have_text(
        f"{home}?broker={quote(broker_url, safe='')}&stun=none"
    )
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
BIG_HAND = """async (size) => {
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
  const msg = { type: "tv", phase: "playing", state: 9, seats, spectators: [], awaiting: [0],
    remaining: null, paused: false, waiting: false, local: { 0: view }, view, events: [],
    lobby: { ruleset: "poslednyaya", options: {}, timers: {},
      description: { id: "poslednyaya", features: { last_call: false, melee: false } } },
    result: null };
  document.body.dataset.phase = "playing";
  morph(document.getElementById("app"), tvScreen({ boot: "ready", msg, picks: {}, sent: null,
    left: null, solo: null, confirm: null, rulesOpen: false, toast: null, damaged: null }));
}"""


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
def test_a_long_hand_on_the_tv_fans_out_on_one_row_above_its_moves(
    tv: Page, open_table: Callable[..., Any], size: tuple[int, int]
) -> None:
    tv.set_viewport_size({"width": size[0], "height": size[1]})
    open_table(tv, "new&join=camera&stun=none")
    expect(tv.get_by_role("heading", name="New game")).to_be_visible()
    for cards in (7, 16, 30):
        tv.evaluate(BIG_HAND, cards)
        hand = tv.get_by_test_id("hand")
        expect(hand.get_by_role("listitem")).to_have_count(cards)
        boxes = [
            box
            for card in hand.get_by_role("listitem").all()
            if (box := card.bounding_box()) is not None
        ]
        area = hand.bounding_box()
        assert area
        assert max(box["y"] for box in boxes) - min(box["y"] for box in boxes) < boxes[0]["height"]
        assert all(
            area["x"] <= box["x"] and box["x"] + box["width"] <= area["x"] + area["width"]
            for box in boxes
        ), (cards, area, boxes[-1])
        # each card keeps its corner (rank and suit) in sight: a fifth of a card at the least
        steps = [b["x"] - a["x"] for a, b in itertools.pairwise(boxes)]
        assert min(steps) >= boxes[0]["width"] / 5, (cards, min(steps))
        draw = hand.get_by_role("button", name="Draw", exact=True)
        box = draw.bounding_box()
        assert box and box["y"] + box["height"] <= size[1], (cards, box)
        assert tv.evaluate("document.scrollingElement.scrollHeight") <= size[1], cards
        # under the pointer too: each card's left strip is that card, a picked one's neighbours too
        tv.evaluate("document.querySelectorAll('.hand__card')[3].classList.add('is-selected')")
        assert tv.evaluate(STRIPS) == list(range(cards)), cards
    # the remote walks the fan card by card, however much each card hides of the one before
    cards_now = hand.get_by_role("listitem").get_by_role("button")
    cards_now.first.focus()
    for index in range(1, 30):
        tv.keyboard.press("ArrowRight")
        expect(cards_now.nth(index)).to_be_focused()
    tv.keyboard.press("ArrowLeft")
    expect(cards_now.nth(28)).to_be_focused()
