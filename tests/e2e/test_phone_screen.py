"""The phone's screen in a phone-sized context, rendered by js/hand-ui.js from a table message
(the page's own renderer and CSS, no table behind it): with a hand of 27 cards, Draw, End turn
and Last card are on screen and can be tapped without scrolling; "Paused" shows while paused."""

from __future__ import annotations

from collections.abc import Callable

from playwright.sync_api import Page, expect

COLOURS = "RYBG"

RENDER = """async ({ hand, paused }) => {
  const { phoneScreen, NO_PICK } = await import("./js/hand-ui.js");
  const { morph } = await import("./js/html.js");
  const seats = [0, 1, 2].map((seat) => ({ seat, name: ["Ann", "Bob", "Cid"][seat],
    kind: "phone", level: null, connected: true, lang: "en", removed: false,
    count: seat ? 7 : hand.length, score: null, id: seat + 1, host: seat === 0 }));
  const view = { ruleset: "last-one", seat: 0, hand, legal: ["draw", "play " + hand[0]],
    counts: [hand.length, 7, 7], top: "R5", active: "R", direction: 1, stock: 40, pending: null,
    called: [], turn: 0, discard: 1 };
  const msg = { type: "view", phase: "playing", state: 3, seat: 0, role: "player", view, seats,
    spectators: [], awaiting: [0], remaining: 12, paused, waiting: false,
    lobby: { ruleset: "last-one", options: {}, timers: {},
      description: { id: "last-one",
        features: { last_call: true, melee: true, scores: true, match: "threshold" } } },
    result: null, events: [],
    events_reset: true, play: null, host: true };
  const state = { name: "Ann", link: "open", wasOpen: true, msg, left: 12, pick: NO_PICK };
  morph(document.getElementById("app"), phoneScreen(state));
}"""


def hand_of(size: int) -> list[str]:
    cards = [f"{c}{n}" for n in range(10) for c in COLOURS]
    return cards[:size]


def test_the_move_buttons_stay_on_screen_with_a_huge_hand(
    new_phone: Callable[[], Page], base_url: str
) -> None:
    phone = new_phone()
    phone.goto(f"{base_url}/hand.html")
    expect(phone.get_by_test_id("code-screen")).to_be_visible()
    for size in (7, 27, 40):
        phone.evaluate(RENDER, {"hand": hand_of(size), "paused": False})
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


def test_paused_shows_on_the_phone(new_phone: Callable[[], Page], base_url: str) -> None:
    phone = new_phone()
    phone.goto(f"{base_url}/hand.html")
    expect(phone.get_by_test_id("code-screen")).to_be_visible()
    phone.evaluate(RENDER, {"hand": hand_of(27), "paused": True})
    expect(phone.get_by_test_id("paused")).to_have_text("Paused")
    expect(phone.get_by_test_id("paused")).to_be_in_viewport()
    phone.evaluate(RENDER, {"hand": hand_of(27), "paused": False})
    expect(phone.get_by_test_id("paused")).to_have_count(0)
