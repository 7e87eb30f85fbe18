"""The bot lab (lab.html): linked from the home page, it boots PyScript's worker on the vendored
Pyodide, runs the starting bot's seeded tournament to a win rate with its interval, shows a
broken bot's traceback beside the failing line, counts a garbage answer as a time-out, and keeps
the bot in the browser."""

from __future__ import annotations

import json
import re

from playwright.sync_api import Dialog, Page, expect
from tablehost.protocol import MAX_SOURCE

from .conftest import PHONE_VIEWPORT, TV_VIEWPORT, resize

#: Python starts in the lab's worker (the first load of the page's files included)
BOOT_MS = 120_000

BROKEN = """def move(view, events):
    legal = view["legal"]
    return legal[len(view["hand"]) + 100]
"""
#: a bot taller than the editor that fails on its next-to-last line, 44
LONG = "".join(f"X{i} = {i}\n" for i in range(40)) + "\n\ndef move(view, events):\n"
LONG += "    return view['legal'][X3 * 100]\n"
#: a bot whose first move takes longer than a table gives a move (5 s)
SLOW = """import time

late = [5.2]


def move(view, events):
    end = time.monotonic() + (late.pop() if late else 0)
    while time.monotonic() < end:
        pass
    return view["legal"][0]
"""
#: from now on the page's ``performance.now`` runs the given number of times as fast
CLOCK_FAST = """(times) => {
  const now = (window.realNow = performance.now.bind(performance));
  const from = now();
  performance.now = () => from + (now() - from) * times;
}"""
#: the page's ``performance.now`` the real one again
CLOCK_REAL = "() => { performance.now = window.realNow; }"
GARBAGE = """def move(view, events):
    return "pass the salt"
"""
#: a bot whose moves never end
LOOPER = """def move(view, events):
    while True:
        pass
"""
#: a bot whose move never ends in one call into C, where no line of bot.py runs to be stopped at
C_LOOPER = """def move(view, events):
    return sum(range(10**18))
"""
#: a bot one character longer than a table takes
HUGE = GARBAGE + "#" * (MAX_SOURCE + 1 - len(GARBAGE))

#: the element is wholly in the window (from its top to its bottom)
IN_SIGHT = """(selector) => {
  const box = document.querySelector(selector).getBoundingClientRect();
  return box.top >= 0 && box.bottom <= innerHeight;
}"""

#: the failing line in the editor's box, and its traceback whole in it, just under or over it
BESIDE = """() => {
  const box = (selector) => document.querySelector(selector).getBoundingClientRect();
  const editor = box('.lab-editor'), trace = box('#lab-trace'), line = box('#lab-gutter .is-error');
  const inside = (b) => b.top >= editor.top && b.bottom <= editor.bottom;
  const touching = Math.abs(trace.top - line.bottom) < 2 || Math.abs(trace.bottom - line.top) < 2;
  return inside(line) && inside(trace) && touching;
}"""

#: pixels between the saved bots' label's words and their list (beside them, or under them)
LABEL_GAP = """() => {
  const list = document.querySelector('[data-testid=lab-bots]');
  const words = document.createRange();
  words.selectNodeContents(list.closest('label').firstChild);
  const w = words.getBoundingClientRect(), l = list.getBoundingClientRect();
  return l.top >= w.bottom ? l.top - w.bottom : l.left - w.right;
}"""


def test_the_lab_runs_a_tournament_and_shows_what_a_bot_does_wrong(tv: Page, base_url: str) -> None:
    requests: list[str] = []
    tv.on("request", lambda request: requests.append(request.url))
    tv.goto(f"{base_url}/index.html")
    tv.get_by_test_id("lab-link").click()
    expect(tv).to_have_url(re.compile(r"/lab\.html$"))
    lab = tv.get_by_test_id("lab")
    expect(lab).to_have_attribute("data-state", "ready", timeout=BOOT_MS)
    code = tv.get_by_test_id("lab-code")
    expect(code).to_have_value(re.compile(r"^\"\"\"A first bot"))
    assert not [u for u in requests if not u.startswith((base_url, "blob:"))]  # no CDN
    assert any("/vendor/pyodide/pyodide.asm.wasm" in url for url in requests)

    # the first bot's name is the one it opened with, whatever the language when it is saved
    name = tv.get_by_test_id("lab-name")
    expect(name).to_have_value("My bot")
    tv.get_by_role("button", name="Русский").click()
    code.press("End")
    tv.keyboard.type("\n")
    assert json.loads(tv.evaluate("localStorage.getItem('lastcard.bots')")).keys() == {"My bot"}
    tv.keyboard.press("Backspace")
    tv.get_by_role("button", name="English").click()

    # how a bot works, a click away: what it is given, what it answers, where its prints go
    tv.get_by_text("How a bot works").click()
    expect(tv.get_by_test_id("lab-help")).to_contain_text("prints goes to the browser's console")
    # and what its cards and moves look like, with the engine's tables that read a card
    expect(tv.get_by_test_id("lab-help")).to_contain_text('"play W G" (a wild card naming green)')
    expect(tv.get_by_test_id("lab-help")).to_contain_text('RANK["R5"] == "5"')
    tv.get_by_text("How a bot works").click()

    # the editor made taller by its corner's handle: its line numbers all the way down
    heights = "[e.style.height = '600px', e.offsetHeight, e.previousElementSibling.offsetHeight]"
    _, editor, numbers = code.evaluate(f"(e) => {heights}")
    assert numbers == editor == 600
    code.evaluate("(e) => e.style.height = ''")

    # a number field shows what a run will use: a whole number within the field's bounds (it
    # showed 99999 games and ran 2000; a seed of 1e308 ran as int(1e308) and was named 1e+308)
    for field, typed, kept in (
        ("lab-games", "99999", "2000"),
        ("lab-seed", "1e308", str(2**53 - 1)),
        ("lab-seed", "1e400", "0"),  # no number at all to the browser
        ("lab-seed", "1", "1"),
    ):
        tv.get_by_test_id(field).fill(typed)
        tv.get_by_test_id(field).dispatch_event("change")
        expect(tv.get_by_test_id(field)).to_have_value(kept)

    # the starting bot against `normal`, 12 seeded hands at two seats
    tv.get_by_test_id("lab-games").fill("12")
    tv.get_by_test_id("lab-games").dispatch_event("change")
    tv.get_by_test_id("lab-run").click()
    result = tv.get_by_test_id("lab-result")
    expect(result).to_have_attribute("data-done", "yes", timeout=60_000)
    game = tv.get_by_test_id("lab-ruleset").locator("option:checked").inner_text()
    measured = f"{game}: your bot against 1 computer player at the normal level, seed 1."
    expect(result).to_contain_text(f"{measured} 12 hands played.")
    assert " %" not in result.inner_text()  # a percent sign stays with its number
    tv.get_by_test_id("lab-level").select_option("hard")  # the next run's: this one's stays
    expect(result).to_contain_text(measured)
    tv.get_by_test_id("lab-level").select_option("normal")
    low, rate, high = (
        float(result.get_attribute(f"data-{x}") or -1) for x in ("low", "rate", "high")
    )
    assert 0 <= low <= rate <= high <= 1
    # what the interval says, in words: 12 hands cannot tell the starting bot from `normal`
    assert low < 0.5 < high
    verdict = tv.get_by_test_id("lab-verdict")
    expect(verdict).to_have_text(re.compile(r"^Too close to call: a fair share is within the "))
    expect(verdict).to_contain_text("stronger or weaker than the normal level.")
    trace = tv.get_by_test_id("lab-trace")
    expect(trace).to_be_hidden()
    # under the editor, in sight with the Run button on a laptop's screen
    assert tv.evaluate(IN_SIGHT, "[data-testid=lab-result]") and tv.evaluate("scrollY") == 0

    # a long bot fails near the editor's foot (the caret's line), then out of sight (the caret
    # at the top): its line comes into sight, the traceback whole beside it
    code.fill(LONG)
    for caret in ("End", "Control+Home"):
        code.press(caret)
        tv.get_by_test_id("lab-run").click()
        expect(lab).to_have_attribute("data-state", "ready")
        expect(trace).to_have_attribute("data-line", "44")
        assert tv.evaluate(BESIDE), caret

    # a bot too slow for a table: the lab plays on, and says how many moves would time out there
    code.fill(SLOW)
    tv.get_by_test_id("lab-run").click()
    expect(result).to_have_attribute("data-done", "yes", timeout=60_000)
    slow = "Moves that took longer than the 5 s a table gives a move: 1 (at a table, each would"
    expect(tv.get_by_test_id("lab-slow")).to_contain_text(slow)

    # a broken bot, on a phone: its traceback beside line 3, where it fails, in sight
    resize(tv, PHONE_VIEWPORT["width"], PHONE_VIEWPORT["height"])
    code.fill(BROKEN)
    tv.get_by_test_id("lab-run").click()
    expect(trace).to_be_visible(timeout=30_000)
    expect(trace).to_have_attribute("data-line", "3")
    expect(trace).to_contain_text('File "bot.py", line 3, in move')
    expect(trace).to_contain_text("IndexError")
    expect(tv.locator("#lab-gutter .is-error")).to_have_text("3")
    assert "lab_worker" not in trace.inner_text()  # the bot's frames, not the lab's machinery
    assert tv.evaluate(IN_SIGHT, "#lab-trace")
    # one that leaves Python's way out fails as any: it left the lab "running" for ever
    code.fill("import sys\n\n\ndef move(view, events):\n    sys.exit()\n")
    tv.get_by_test_id("lab-run").click()
    expect(trace).to_have_attribute("data-line", "5", timeout=30_000)
    expect(trace).to_contain_text("SystemExit")
    expect(lab).to_have_attribute("data-state", "ready")

    # a bot that answers garbage loses its turns to the time-out, and the lab counts them
    code.fill(GARBAGE)
    tv.get_by_test_id("lab-run").click()
    expect(result).to_have_attribute("data-done", "yes", timeout=60_000)
    bad = tv.get_by_test_id("lab-bad")
    expect(bad).to_contain_text("The first: 'pass the salt', when the legal actions were ['")
    weaker = "Weaker than the normal level here: even the interval's high end is below a fair"
    expect(tv.get_by_test_id("lab-verdict")).to_have_text(f"{weaker} share.")
    expect(tv.get_by_test_id("lab-trace")).to_be_hidden()
    assert tv.evaluate(IN_SIGHT, "[data-testid=lab-result]")

    # in Russian, every word of the standings and numbers as Russian writes them
    tv.get_by_role("button", name="Русский").click()
    expect(bad).to_contain_text("Первый: 'pass the salt', а допустимы были ['")  # noqa: RUF001
    expect(tv.get_by_test_id("lab-rate")).to_have_text(re.compile(r"^\d+,\d\u00a0%$"))
    expect(result).to_contain_text(re.compile(r"от \d+,\d\u00a0% до \d+,\d\u00a0%"))
    expect(tv.get_by_test_id("lab-verdict")).to_have_text(
        "Здесь бот слабее уровня «средний»: даже верхняя граница интервала ниже равной доли."
    )
    assert " %" not in result.inner_text()  # a percent sign stays with its number
    tv.get_by_role("button", name="English").click()
    resize(tv, TV_VIEWPORT["width"], TV_VIEWPORT["height"])

    # the bot is kept in this browser, under its name
    saved = json.loads(tv.evaluate("localStorage.getItem('lastcard.bots')"))
    assert saved == {"My bot": GARBAGE}

    # the saved bots' list keeps clear of its label's words
    assert tv.evaluate(LABEL_GAP) >= 3

    # the saved bots: renamed, a new one from the starting bot, one deleted
    name.fill("Salt")
    name.dispatch_event("change")
    expect(tv.get_by_test_id("lab-bots")).to_have_value("Salt")
    tv.get_by_test_id("lab-new").click()
    expect(code).to_have_value(re.compile(r"^\"\"\"A first bot"))
    expect(name).to_have_value("My bot")
    saved = json.loads(tv.evaluate("localStorage.getItem('lastcard.bots')"))
    assert saved.keys() == {"Salt", "My bot"} and saved["Salt"] == GARBAGE
    status = tv.get_by_test_id("lab-status")
    name.fill("Salt")  # taken: the bot keeps its name, and the page says why
    name.dispatch_event("change")
    expect(name).to_have_value("My bot")
    expect(status).to_have_text("Another bot is called “Salt”: this one keeps its name.")
    name.fill("Pepper")
    name.dispatch_event("change")
    expect(tv.get_by_test_id("lab-bots")).to_have_value("Pepper")
    expect(status).to_have_text("")  # that word was for the name refused

    # Delete and Starting bot ask first, and what the author says no to stays
    answers, asked = ["no", "yes", "no"], []

    def answer(dialog: Dialog) -> None:
        asked.append(dialog.message)
        (dialog.accept if answers.pop(0) == "yes" else dialog.dismiss)()

    tv.on("dialog", answer)
    tv.get_by_test_id("lab-delete").click()
    expect(tv.get_by_test_id("lab-bots")).to_have_value("Pepper")
    tv.get_by_test_id("lab-delete").click()
    expect(status).to_have_text("“Pepper” is gone.")
    expect(tv.get_by_test_id("lab-bots")).to_have_value("Salt")
    expect(code).to_have_value(GARBAGE)
    tv.get_by_test_id("lab-reset").click()
    expect(code).to_have_value(GARBAGE)
    deleting = "Delete “Pepper”? Its code cannot be brought back."
    resetting = "Replace the code of “Salt” with the starting bot? The code there now cannot be"
    assert asked[:2] == [deleting, deleting] and asked[2].startswith(resetting)
    assert json.loads(tv.evaluate("localStorage.getItem('lastcard.bots')")) == {"Salt": GARBAGE}

    # a long run is stopped halfway: what it had played stays, and a fresh Python is ready again
    tv.get_by_test_id("lab-level").select_option("hard")
    tv.get_by_test_id("lab-games").fill("200")
    tv.get_by_test_id("lab-games").dispatch_event("change")
    tv.get_by_test_id("lab-run").click()
    progress = tv.get_by_test_id("lab-progress")
    expect(progress).to_contain_text(re.compile(r"\d+ of 200 hands"), timeout=60_000)
    assert progress.evaluate("(e) => e.getClientRects().length") == 1  # the bar beside its count
    tv.get_by_test_id("lab-stop").click()
    expect(tv.get_by_test_id("lab-status")).to_have_text("Stopped.", timeout=BOOT_MS)
    expect(lab).to_have_attribute("data-state", "ready", timeout=BOOT_MS)
    expect(progress).to_be_visible()


def test_the_labs_note_goes_with_the_bot_it_is_about_and_speaks_the_pages_language(
    tv: Page, base_url: str
) -> None:
    """The note under the lab's bar says what became of the bot being edited: it goes when
    another bot is opened or started (it stayed: "this one keeps its name" then named another
    bot), and it is read in the page's language when that switches (it kept the one it was said
    in). A bot whose code is longer than a table takes is said to be while it is (the lab saved
    and ran it, and only the table turned it away), in the page's language."""
    tv.goto(f"{base_url}/lab.html")
    bots = json.dumps({"Salt": GARBAGE, "Pepper": BROKEN, "Sugar": HUGE})
    tv.evaluate(f"localStorage.setItem('lastcard.bots', {json.dumps(bots)})")
    tv.evaluate("localStorage.setItem('lastcard.lab.current', 'Pepper')")
    tv.reload()
    name, status = tv.get_by_test_id("lab-name"), tv.get_by_test_id("lab-status")
    expect(name).to_have_value("Pepper")
    expect(tv.get_by_test_id("lab")).to_have_attribute("data-state", "ready", timeout=BOOT_MS)
    too_long = tv.get_by_test_id("lab-too-long")
    expect(too_long).to_have_count(0)

    name.fill("")  # no name: the bot keeps its own (it was renamed to "My bot", or refused as
    name.dispatch_event("change")  # "another bot is called “My bot”" when one was)
    expect(name).to_have_value("Pepper")
    expect(status).to_have_text("A bot needs a name: this one keeps “Pepper”.")
    assert json.loads(tv.evaluate("localStorage.getItem('lastcard.bots')")).keys() == {
        "Salt",
        "Pepper",
        "Sugar",
    }

    name.fill("Salt")  # taken
    name.dispatch_event("change")
    taken = "Another bot is called “Salt”: this one keeps its name."
    expect(status).to_have_text(taken)
    tv.get_by_role("button", name="Русский").click()
    expect(status).to_have_text("Имя «Salt» уже занято: у бота остаётся прежнее.")  # noqa: RUF001
    tv.get_by_role("button", name="English").click()
    expect(status).to_have_text(taken)
    tv.get_by_test_id("lab-bots").select_option("Salt")
    expect(tv.get_by_test_id("lab-code")).to_have_value(GARBAGE)
    expect(status).to_have_text("")

    name.fill("Pepper")  # taken
    name.dispatch_event("change")
    expect(status).to_have_text("Another bot is called “Pepper”: this one keeps its name.")
    tv.get_by_test_id("lab-new").click()
    expect(name).to_have_value("My bot")
    expect(status).to_have_text("")

    tv.on("dialog", lambda dialog: dialog.accept())
    tv.get_by_test_id("lab-delete").click()
    expect(status).to_have_text("“My bot” is gone.")
    tv.get_by_role("button", name="Русский").click()
    expect(status).to_have_text("Бота «My bot» больше нет.")

    code = tv.get_by_test_id("lab-code")
    tv.get_by_test_id("lab-bots").select_option("Sugar")
    expect(code).to_have_value(HUGE)
    size, most = (f"{n:,}".replace(",", "\u00a0") for n in (MAX_SOURCE + 1, MAX_SOURCE))
    ru = f"Знаков в коде бота: {size}, а стол принимает не больше {most}."  # noqa: RUF001
    expect(too_long).to_have_text(ru)
    tv.get_by_role("button", name="English").click()
    en = f"This bot's code has {size} characters: a table takes {most} at most."
    expect(too_long).to_have_text(en)
    expect(code).to_have_accessible_description(en)  # read with the editor, while it shows
    code.press("Control+End")
    code.press("Backspace")  # as long as a table takes
    expect(too_long).to_have_count(0)
    expect(code).not_to_have_attribute("aria-describedby", re.compile(".*"))
    code.press("#")
    expect(too_long).to_have_text(en)
    tv.get_by_test_id("lab-bots").select_option("Salt")
    expect(too_long).to_have_count(0)
    expect(code).not_to_have_attribute("aria-describedby", re.compile(".*"))


def test_a_bot_that_loops_for_ever_is_said_to_while_the_lab_waits(tv: Page, base_url: str) -> None:
    """A move that loops in the bot's code is stopped after 10 s at the line it is on, shown as
    an error is, the worker kept (the lab waited a minute, then ended the worker with no line).
    One that never ends in a single call into C holds the worker: once no hand has ended for
    15 s the status line says so, counting, with what ends it; Stop ends it at once, and the
    count does not come back. Rather than wait those 15 s out, the test runs the page's clock
    (``performance.now``) 16 times as fast from the Run on (the lab's worker call is then a
    second old at 15 s, whichever call holds the worker) and puts the real one back before Stop.
    It does not use Playwright's clock, which is installed for a whole browser context (here
    the session's TV). The bot's worker keeps the real clock, and its 10 s are waited."""
    tv.goto(f"{base_url}/lab.html")
    lab = tv.get_by_test_id("lab")
    expect(lab).to_have_attribute("data-state", "ready", timeout=BOOT_MS)
    code = tv.get_by_test_id("lab-code")
    code.fill(LOOPER)
    tv.get_by_test_id("lab-run").click()
    status = tv.get_by_test_id("lab-status")
    trace = tv.locator("#lab-trace")
    expect(trace).to_have_attribute("data-line", re.compile("^[23]$"), timeout=30_000)
    line = trace.get_attribute("data-line")
    expect(tv.locator("#lab-gutter .is-error")).to_have_text(str(line))
    expect(trace).to_contain_text(f'File "bot.py", line {line}, in move')
    expect(trace).to_contain_text("BotTooSlow: the bot's code ran for over 10 s")
    expect(status).to_have_text(
        f"A move ran for over 10\u00a0s and was stopped at line {line}, marked beside the code "
        "(a table gives a move 5\u00a0s). A loop that never ends?"
    )
    expect(lab).to_have_attribute("data-state", "ready")  # the same worker, at once
    tv.get_by_role("button", name="Русский").click()
    said = (
        f"Ход длился дольше 10\u00a0с и был остановлен на строке {line}\u00a0— она "  # noqa: RUF001
        "отмечена в коде (за столом на ход даётся 5\u00a0с). "  # noqa: RUF001
        "Может быть, это бесконечный цикл?"
    )
    expect(status).to_have_text(said)
    tv.get_by_role("button", name="English").click()

    code.fill(C_LOOPER)
    tv.evaluate(CLOCK_FAST, 16)
    tv.get_by_test_id("lab-run").click()
    waiting = re.compile(
        r"^No hand has ended for (?:1[5-9]|[2-9]\d|\d{3,})\u00a0s\. Is the bot stuck in a loop\? "
        r"Stop ends the run now; after 60\u00a0s the lab ends it itself\.$"
    )
    expect(status).to_have_text(waiting, timeout=30_000)
    tv.evaluate(CLOCK_REAL)
    expect(tv.get_by_test_id("lab-result")).to_have_text("Dealing…")
    tv.get_by_role("button", name="Русский").click()
    expect(status).to_contain_text("не заканчивается ни одна раздача. Бот зациклился?")
    tv.get_by_role("button", name="English").click()
    tv.get_by_test_id("lab-stop").click()
    # the worker ended; the status says "Starting Python…" until a fresh one is ready (as long as
    # a boot: seconds on a busy machine), then that the run was stopped, with no count since
    expect(lab).to_have_attribute("data-state", "ready", timeout=BOOT_MS)
    expect(status).to_have_text("Stopped.")
