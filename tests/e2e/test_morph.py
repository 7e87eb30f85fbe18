"""js/html.js `morph` in a real DOM: the timer fields of the lobby when a ruleset with a melee
window replaces one without (and back). A field that appears must not take over the element of the
one after it: a remote's focus, or a test's handle, would end up on the wrong control.

The page is the table's, booting beside the test: once it is ready its own lobby holds timer
fields of the same ids, before the test's root in the document, so the test looks for its
fields in its root (``PAUSE``), never by id in the whole document."""

from __future__ import annotations

from playwright.sync_api import Page

MORPH = """async (melee) => {
  const { morph } = await import("./js/html.js");
  const { timerFields } = await import("./js/host-ui.js");
  const root = document.getElementById("morph-root") ?? document.body.appendChild(
    Object.assign(document.createElement("div"), { id: "morph-root" }));
  const window = { name: "melee", default: 5, min: 1, max: 600, label: { en: "Melee window" } };
  const msg = { lobby: { timers: { turn: null, melee: 5, bot_pause: 0 },
    description: { timers: melee ? [window] : [] } } };
  morph(root, timerFields(msg));
}"""

FIELDS = """() => [...document.querySelectorAll("#morph-root select")].map(
  (s) => [s.id, [...s.options].map((o) => o.value).join(","), s.value])"""
# the test's own computer-pause field (the table's lobby, once drawn, has one of the same id)
PAUSE = "document.querySelector('#morph-root #timer-bot_pause')"


def test_a_timer_field_that_appears_keeps_the_others_in_their_elements(
    tv: Page, base_url: str
) -> None:
    tv.goto(f"{base_url}/table.html?new&join=camera&stun=none")
    tv.evaluate(MORPH, False)
    tv.evaluate(f"() => {{ window.pause = {PAUSE}; }}")
    tv.evaluate(MORPH, True)
    assert tv.evaluate(FIELDS) == [
        ["timer-turn", "off,10,20,30,60,120", "off"],
        ["timer-melee", "off,3,5,10,20", "5"],
        ["timer-bot_pause", "0,0.5,1,2,3", "0"],
    ]
    assert tv.evaluate(f"() => window.pause === {PAUSE}")
    tv.evaluate(MORPH, False)
    assert tv.evaluate(f"() => window.pause === {PAUSE}")
    assert [field[0] for field in tv.evaluate(FIELDS)] == ["timer-turn", "timer-bot_pause"]


FORM = """async ({ label, name, sync }) => {
  const { html, morph } = await import("./js/html.js");
  const root = document.getElementById("form-root") ?? document.body.appendChild(
    Object.assign(document.createElement("div"), { id: "form-root" }));
  morph(root, html`<label>${label}<input id="typed" value="${name}"></label>
    <input type="checkbox" id="ticked">
    <input type="number" id="held" data-sync value="${sync}">
    <button id="away">${label}</button>`);
}"""

VALUES = """() => [document.getElementById("typed").value,
  document.getElementById("ticked").checked, document.getElementById("held").value]"""


def test_a_redraw_keeps_what_was_typed_unless_the_markup_changes_or_the_table_holds_it(
    tv: Page, base_url: str
) -> None:
    tv.goto(f"{base_url}/table.html?new&join=camera&stun=none")
    tv.evaluate(FORM, {"label": "Name", "name": "", "sync": 5})
    tv.locator("#typed").fill("Ann")
    tv.locator("#ticked").check()
    tv.locator("#held").fill("9")
    tv.locator("#away").focus()  # the player is in none of the fields
    # The same fields drawn again in another language: the typed name and the tick stay; the
    # table's option (data-sync) shows the table's value, 5 (it refused 9, say).
    tv.evaluate(FORM, {"label": "Имя", "name": "", "sync": 5})
    assert tv.evaluate(VALUES) == ["Ann", True, "5"]
    # The markup's value itself changes: the field shows it.
    tv.evaluate(FORM, {"label": "Name", "name": "Bob", "sync": 7})
    assert tv.evaluate(VALUES) == ["Bob", True, "7"]
    # The field the player is in is never touched.
    tv.locator("#typed").fill("Cy")
    tv.evaluate(FORM, {"label": "Имя", "name": "Dee", "sync": 7})
    assert tv.evaluate(VALUES) == ["Cy", True, "7"]
