// A phone whose hello the table refuses (a name it cannot take, a full table) says so, where it
// would otherwise say "Connecting to the table…" for ever; a name it cannot take is asked again.
import { test } from "node:test";
import assert from "node:assert/strict";
import { setLang } from "../../js/i18n.js";
import * as board from "../../js/board.js";
import { NO_PICK, phoneScreen } from "../../js/hand-ui.js";
import { errorText } from "../../js/live.js";

const screen = (s) => String(phoneScreen({ name: "Anna", muted: false, link: "open", msg: null, pick: NO_PICK, ...s }, { board }));

test("a refused hello is said on the screen that waits for the table", async () => {
  await setLang("en");
  assert.match(screen({}), /Connecting to the table/);
  const full = screen({ refusedHello: errorText("full") });
  assert.match(full, /data-testid="hello-refused"[^>]*>Every seat is taken/);
  assert.doesNotMatch(full, /Connecting to the table/);
  const renamed = screen({ refusedHello: "The table cannot take that name: type another.", editingName: true });
  assert.match(renamed, /class="screen name-form"/);
  assert.match(renamed, /role="alert"[^>]*>The table cannot take that name/);
});

test("every error a phone may be answered has its own words, in both languages", async () => {
  const codes = ["bad_message", "bad_json", "bad_version", "hello_first", "already_joined", "full", "paused", "stale"];
  for (const lang of ["en", "ru"]) {
    await setLang(lang);
    for (const code of codes) assert.doesNotMatch(errorText(code), /: [a-z_]+$|Ошибка:/, `${lang} ${code}`);
  }
});
