// A phone the host removed, or whose place another tab or phone took, has no place at the table
// to rename: its name at the top is plain text there. As a button, a tap on it did nothing on
// that screen and brought up the name form later, once the phone watched again.
import { test } from "node:test";
import assert from "node:assert/strict";
import { setLang } from "../../js/i18n.js";
import { NO_PICK, phoneScreen } from "../../js/hand-ui.js";

const screen = (more) => String(phoneScreen({ name: "Саша", muted: false, link: "open", msg: null, pick: NO_PICK, ...more }));

test("a removed or replaced phone shows its name, not a rename button", async () => {
  await setLang("ru");
  for (const state of [{ removed: true }, { replaced: true }]) {
    const markup = screen(state);
    assert.doesNotMatch(markup, /data-act="rename"/, JSON.stringify(state));
    assert.match(markup, /<span class="phone-head__name">Саша<\/span>/, JSON.stringify(state));
  }
  assert.match(screen({}), /<button[^>]*data-act="rename"[^>]*>Саша<\/button>/); // elsewhere it is one
});
