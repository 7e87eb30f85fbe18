"""The phone turned sideways (a short, wide window: css/hand.css lays the board beside the hand):
on the player's turn, the top card, the turn line with its timer, the first card it may play and
the Draw button are all on screen at once, the page one screen high (no scrolling up to the card
to match, down to the hand), with a usual hand and a long one, in both languages. Before, the
page was one column, about 565 px high in a window of 360-390: the board sat above the hand and
the move buttons covered the long hand's first row. The players' drawer, open, takes the board's
column, the hand still beside it, the page still one screen high: under the board it squeezed the
board to a sliver, the top card cut, and the page ran 55-223 px below the screen."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import Page

from .conftest import resize
from .test_phone_screen import FIVE, RENDER, hand_of, open_idle

# Each part that must show (a name → its selector): the element a tap (or a look) at its centre
# lands on, and that it lies whole inside the window.
IN_SIGHT = """(parts) => {
  return Object.fromEntries(Object.entries(parts).map(([part, selector]) => {
    const el = document.querySelector(selector);
    const box = el.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    const whole = box.top >= 0 && box.left >= 0
      && box.bottom <= innerHeight && box.right <= innerWidth;
    return [part, whole && el.contains(hit)];
  }));
}"""
# On the player's turn. The first playable card is the hand's first (RENDER's legal move).
TURN = {
    "top": "[data-testid=top] .pile__card",
    "turn": "[data-testid=turn]",
    "card": ".hand__card.is-legal",
    "draw": "[data-action=draw]",
}
# The players' drawer open: its first player, and the hand's card and Draw beside it.
DRAWER = {
    "player": ".phone-more .seats > li:first-child",
    "card": TURN["card"],
    "draw": TURN["draw"],
}
# RENDER with the drawer of players and the log open
RENDER_DRAWER = RENDER.replace("pick: NO_PICK };", "pick: NO_PICK, moreOpen: true };")
assert RENDER_DRAWER != RENDER
# how far the page is scrolled, and how much taller and wider than the window it is
PAGE = """() => {
  const page = document.documentElement;
  return [scrollY, page.scrollHeight - innerHeight, page.scrollWidth - innerWidth];
}"""


@pytest.mark.parametrize(
    ("size", "lang"),
    [((844, 390), "ru"), ((844, 390), "en"), ((740, 360), "ru"), ((740, 360), "en")],
    ids=str,
)
def test_a_phone_on_its_side_shows_the_top_card_beside_the_hand(
    new_phone: Callable[[], Page], base_url: str, size: tuple[int, int], lang: str
) -> None:
    phone = new_phone()
    resize(phone, *size)
    open_idle(phone, base_url, lang)
    # a usual hand among three players; a long one among five, with every house rule and a
    # match line above the players' strip (the board's longest)
    usual = {"hand": hand_of(12), "paused": False}
    match = {"hand": 1, "of": None, "out_at": None, "first_to": 200, "dealer": 1}
    long = {"hand": hand_of(27), "paused": False, "house": True, "names": ["Маша", *FIVE]}
    for state in (usual, {**long, "match": match}):
        for render, parts in ((RENDER, TURN), (RENDER_DRAWER, DRAWER)):
            phone.evaluate(render, state)
            where = (len(state["hand"]), parts is DRAWER)
            assert phone.evaluate(PAGE) == [0, 0, 0], (where, phone.evaluate(PAGE))
            seen = phone.evaluate(IN_SIGHT, parts)
            assert all(seen.values()), (where, seen)
