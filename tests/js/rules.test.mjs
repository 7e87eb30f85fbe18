// The rules screen says the engine's own rules text (built from the table's options and timers)
// and the table's own times.
import { test } from "node:test";
import assert from "node:assert/strict";
import { playersText, rulesText } from "../../js/rules.js";

const text = (...args) => String(rulesText(...args).map(String).join(""));
const RULES = { en: [["Goal", ["2–6 players; first to 300."]]], ru: [["Цель", ["2–6 игроков; до 300."]]] };

test("the time section says the table's turn and grace times", () => {
  assert.match(text(RULES, { turn: 120, grace: 30 }), /120 seconds per decision at this table/);
  assert.doesNotMatch(text(RULES, { turn: 120, grace: 30 }), /[^0-9]20 seconds/);
  assert.match(text(RULES, { turn: null, grace: 30 }), /No time limit per decision/);
  assert.match(text(RULES, { turn: 20, grace: 45 }), /45 seconds to return/);
  assert.match(text(RULES), /20 seconds per decision unless the host sets another time/);
});

test("the ruleset's own sections come first, in the current language", () => {
  assert.match(text(RULES), /<h3>Goal<\/h3><ul><li>2–6 players; first to 300.<\/li>/);
  assert.equal(playersText({ min: 2, max: 6 }), "2–6");
});

test("the host's section names the host phone's button as every phone shows it: its crown", async () => {
  const { setLang } = await import("../../js/i18n.js");
  await setLang("en");
  assert.match(text(RULES), /Its ♛ button opens the lobby/);
  await setLang("ru");
  assert.match(text(RULES), /Его кнопка ♛ открывает выбор игры/);
  await setLang("en");
});
