// The timers' lists show the table's value even when it is none of their choices: a turn of 45 s
// or a melee window of 600 s (a host command, a saved table) showed "off" while the rules said 45.
import { test } from "node:test";
import assert from "node:assert/strict";
import { setLang } from "../../js/i18n.js";
import { timerFields } from "../../js/host-ui.js";

const melee = { name: "melee", label: { en: "Melee window" }, min: 1, max: 600, default: 5 };
const msg = (timers) => ({ lobby: { timers, description: { timers: [melee] } } });
const selected = (markup, name) => markup.match(new RegExp(`name="${name}">[^]*?<option value="([^"]+)" selected`))?.[1];

test("a timer set to a value off the list is shown as it is, among the choices", async () => {
  await setLang("en");
  const markup = String(timerFields(msg({ turn: 45, melee: 600, bot_pause: 1 })));
  assert.equal(selected(markup, "turn"), "45");
  assert.equal(selected(markup, "melee"), "600");
  assert.ok(markup.indexOf('value="30"') < markup.indexOf('value="45"') && markup.indexOf('value="45"') < markup.indexOf('value="60"'));
  const usual = String(timerFields(msg({ turn: 20, melee: null, bot_pause: 1 })));
  assert.equal(selected(usual, "turn"), "20");
  assert.equal(selected(usual, "melee"), "off");
  assert.ok(!usual.includes('value="45"'));
});
