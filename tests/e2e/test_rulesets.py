# ruff: noqa: RUF001  (Russian phrases the rules must say)
"""Rulesets on the real pages (issue 23), one TV and one phone joined through the loopback relay:

- the rules screens follow the table's options and timers: each numeric option of each ruleset
  (and the turn and melee timers) is changed in the TV's lobby, and its new number is read in the
  rules on the TV and on the phone, in English and in Russian; with the turn timer off, the rules
  say there is no time limit and describe no time-out;
- a ruleset registered from a test file alone (tests/rulesets/crazy_eights.py, appended to the
  bridge the table's workers load, as a deployment would add a module) is offered by its name,
  explains itself with its own option, and is dealt and played, with a computer player.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Locator, Page, Route, expect

from .conftest import PageLog
from .test_table_game import choose_game

JOIN_TIMEOUT = 20_000  # ms: relay hand-shake and WebRTC on a busy two-core machine
EIGHTS = Path(__file__).resolve().parent.parent / "rulesets" / "crazy_eights.py"

#: per ruleset: the options typed in the lobby, then what its rules must say, in each language
CHANGES: list[tuple[str, dict[str, int], dict[str, list[str]]]] = [
    (
        "last-one",
        {"hand_size": 5, "threshold": 137, "last_call_penalty": 3},
        {
            "en": ["Everyone gets 5 cards", "reach 137", "otherwise you draw 3 cards",
                   "Each answer has 10 seconds", "60 seconds per decision"],
            "ru": ["Всем по 5 карт", "наберёт 137 очков", "иначе возьмёте 3 карты",
                   "У каждого 10 секунд на ответ", "60 секунд на решение"],
        },
    ),
    ("last-card", {"target": 173}, {"en": ["first to 173"], "ru": ["раньше всех наберёт 173"]}),
    (
        "posledniy-igrok",
        {"hands": 3, "two_draws": 2, "last_call_penalty": 4, "hand_size": 6},
        {
            "en": ["a match of 3 hands", "the next player draws 2 cards",
                   "otherwise you draw 4 cards", "Everyone gets 6 cards"],
            "ru": ["3 раздачи в матче", "следующий берёт 2 карты", "иначе возьмёте 4 карты",
                   "Всем по 6 карт"],
        },
    ),
]  # fmt: skip

#: with the turn timer off, what the rules' time section says, and the time-out it no longer does
NO_TIMER = {
    "en": ["No time limit per decision at this table.", "Pause stops the game"],
    "ru": ["За этим столом время на решение не ограничено.", "Пауза останавливает игру"],
}
TIME_OUT = {
    "en": ["When time runs out", "seconds to return", "time out"],
    "ru": ["По истечении времени", "на возвращение", "истекает время"],
}


def with_crazy_eights(page: Page) -> None:
    """Every worker of ``page``'s context loads the bridge with Crazy Eights registered after it
    (run in a namespace of its own, as its own module would be)."""
    source = EIGHTS.read_text(encoding="utf-8")
    namespace = '{"__name__": "crazy_eights"}'
    code = f'\n\nexec(compile({source!r}, "crazy_eights.py", "exec"), {namespace})\n'

    def handle(route: Route) -> None:
        response = route.fetch()
        route.fulfill(response=response, body=response.text() + code)

    page.context.route("**/py/bridge.py", handle)


def read_rules(
    page: Page, wanted: dict[str, list[str]], unwanted: dict[str, list[str]] | None = None
) -> None:
    """Open the rules on ``page``, find every wanted phrase (and none of the unwanted) in
    English, then in Russian; close them in English again."""
    page.get_by_role("button", name="Rules", exact=True).click()
    dialog = page.get_by_test_id("rules")
    unwanted = unwanted or {"en": [], "ru": []}
    for phrase in wanted["en"]:
        expect(dialog).to_contain_text(phrase)
    for phrase in unwanted["en"]:
        expect(dialog).not_to_contain_text(phrase)
    dialog.get_by_role("button", name="Русский").click()
    for phrase in wanted["ru"]:
        expect(dialog).to_contain_text(phrase)
    for phrase in unwanted["ru"]:
        expect(dialog).not_to_contain_text(phrase)
    dialog.get_by_role("button", name="English").click()
    dialog.get_by_role("button", name="Close").click()
    expect(dialog).to_have_count(0)


def set_option(tv: Page, name: str, value: int) -> None:
    field = tv.locator(f"#opt-{name}")
    field.fill(str(value))
    field.press("Tab")  # the change is committed
    expect(field).to_have_attribute("value", str(value))  # the table applied it


def test_rules_follow_the_options_and_an_extra_ruleset_plays(
    tv: Page,
    new_phone: Callable[[], Page],
    watch: Callable[[Page], PageLog],
    relay_table: Callable[[Page], Locator],
) -> None:
    with_crazy_eights(tv)
    log = watch(tv)
    url = relay_table(tv)
    phone = new_phone()
    phone.goto(url.inner_text())
    phone.get_by_label("Your name").fill("Ann")
    phone.get_by_role("button", name="Join").click()
    expect(phone.get_by_text("You are at the table")).to_be_visible(timeout=JOIN_TIMEOUT)

    game = tv.get_by_label("Game", exact=True)
    for ruleset, options, wanted in CHANGES:
        choose_game(game, ruleset)
        for name, value in options.items():
            set_option(tv, name, value)
        if ruleset == "last-one":
            tv.locator("#timer-turn").select_option("60")
            tv.locator("#timer-melee").select_option("10")
        read_rules(tv, wanted)
        read_rules(phone, wanted)
    # the turn timer off: nothing times out, and the time section says so and no more
    tv.locator("#timer-turn").select_option("off")
    expect(tv.locator("#timer-turn")).to_have_value("off")
    for page in (tv, phone):
        read_rules(page, NO_TIMER, TIME_OUT)

    expect(game.locator("option", has_text="Crazy Eights")).to_have_count(1)
    choose_game(game, "crazy-eights")
    set_option(tv, "hand_size", 4)
    expect(phone.get_by_text("Crazy Eights")).to_be_visible()
    read_rules(phone, {"en": ["Everyone gets 4 cards"], "ru": ["Каждый получает 4 карты"]})
    tv.get_by_role("button", name="Add computer player").click()
    tv.get_by_role("button", name="Start the game").click()
    expect(phone.locator("[data-act=card]")).to_have_count(4)  # its option, dealt
    expect(phone.get_by_text("Your turn")).to_be_visible(timeout=JOIN_TIMEOUT)  # after the bot
    playable = phone.locator("[data-act=card][aria-disabled=false]")
    if playable.count():  # an eight asks for the suit
        playable.first.click()
        choice = phone.get_by_test_id("choice")
        if choice.count():
            choice.locator("[data-act=send]").first.click()
        expect(tv.get_by_text("Ann played")).to_be_visible()
    else:
        phone.get_by_role("button", name="Draw").click()
        expect(tv.get_by_text("Ann drew")).to_be_visible()
    assert not log.console_errors
