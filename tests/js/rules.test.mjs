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

test("with the turn timer off the time section describes no time-out; with it on, its seconds as set", async () => {
  const { setLang } = await import("../../js/i18n.js");
  const off = { turn: null, grace: 30, bot_pause: 1 };
  const on = { turn: 30, grace: 30, bot_pause: 1 };
  await setLang("en");
  assert.match(text(RULES, off), /No time limit per decision at this table\./);
  assert.match(text(RULES, off), /Pause stops the game/);
  assert.doesNotMatch(text(RULES, off), /time runs out|time out|seconds to return|turn's own time/);
  assert.match(text(RULES, {}), /No time limit/); // a message without the timers: none set
  assert.match(text(RULES, on), /30 seconds per decision at this table; the time starts again after drawing a playable card\./);
  assert.match(text(RULES, on), /When time runs out the game makes the default move for you/);
  assert.match(text(RULES, on), /two turns in a row time out is shown as away/);
  // what becomes of an away seat: the host's computer, one after five, a move of its own
  assert.match(text(RULES, on), /the host may let a computer play for them, and after five a computer does; a move of their own or “I&#39;m back” brings them back/);
  await setLang("ru");
  assert.match(text(RULES, off), /За этим столом время на решение не ограничено\./);
  assert.match(text(RULES, off), /Пауза останавливает игру/);
  assert.doesNotMatch(text(RULES, off), /истечении времени|истекает время|на возвращение|время хода/);
  assert.match(text(RULES, on), /30 секунд на решение за этим столом; после взятия подходящей карты отсчёт начинается заново\./);
  assert.match(text(RULES, on), /По истечении времени игра делает ход за вас/);
  assert.match(text(RULES, on), /ведущий может передать ходы этого игрока компьютеру, а после пяти таких ходов компьютер начинает играть сам\. Чтобы вернуться, достаточно сделать ход или нажать «Я здесь»/);
  await setLang("en");
});

test("the Russian turn time agrees with any number of seconds the table sets (21: «секунда», never «новые 21»)", async () => {
  const { setLang } = await import("../../js/i18n.js");
  await setLang("ru");
  for (const [n, words] of [[21, "21 секунда"], [22, "22 секунды"], [45, "45 секунд"]]) {
    const said = text(RULES, { turn: n, grace: 30, bot_pause: 1 });
    assert.match(said, new RegExp(`${words} на решение за этим столом; после взятия подходящей карты отсчёт начинается заново\\.`));
    assert.doesNotMatch(said, /новые/);
  }
  assert.match(text(RULES), /20 секунд на решение \(ведущий может выбрать другое время\); после взятия подходящей карты отсчёт начинается заново\./);
  await setLang("en");
});

test("a time-out ends the turn in the button's words ('End turn', «Завершить ход»), not 'pass'", async () => {
  const { setLang } = await import("../../js/i18n.js");
  const on = { turn: 30, grace: 30, bot_pause: 1 };
  await setLang("en");
  assert.match(text(RULES, on), /it draws one card and ends the turn/);
  assert.doesNotMatch(text(RULES, on), /\bpass/);
  await setLang("ru");
  assert.match(text(RULES, on), /берёт карту и завершает ход/);
  assert.doesNotMatch(text(RULES, on), /передаёт ход|пас/);
  await setLang("en");
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

test("the host's section says what the End the game button ends, in its own words: the game, back to the lobby", async () => {
  const { setLang, t } = await import("../../js/i18n.js");
  for (const code of ["en", "ru"]) {
    await setLang(code);
    const said = text(RULES);
    assert.ok(said.includes(`“${t("host.end")}”`) || said.includes(`«${t("host.end")}»`), `${code}: ${t("host.end")}`);
    assert.doesNotMatch(said, /end a hand at any moment|закончить раздачу в любой момент/);
  }
  await setLang("en");
});
