// The strings of every language (js/i18n/<code>.js): the same keys and the same placeholders.
import { test } from "node:test";
import assert from "node:assert/strict";
import { lang, LANGS, t } from "../../js/i18n.js";

const strings = Object.fromEntries(await Promise.all(LANGS.map(async (code) => [code, (await import(`../../js/i18n/${code}.js`)).default])));
const placeholders = (text) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

test("every language has every key", () => {
  const [first, ...others] = LANGS;
  for (const code of others) assert.deepEqual(Object.keys(strings[code]).sort(), Object.keys(strings[first]).sort(), code);
});

test("a translation fills the same placeholders", () => {
  for (const key of Object.keys(strings.en)) {
    for (const code of LANGS) assert.deepEqual(placeholders(strings[code][key]), placeholders(strings.en[key]), `${code} ${key}`);
  }
});

test("t() reads the language loaded at start and fills placeholders", () => {
  assert.equal(t("app.title"), strings[lang()]["app.title"]);
  assert.equal(t("seat.cards", { n: 3 }), strings[lang()]["seat.cards"].replace("{n}", "3"));
  assert.equal(t("no.such.key"), "no.such.key");
});

test("Russian writes a fraction with a decimal comma, English with a point", async () => {
  const { num, setLang } = await import("../../js/i18n.js");
  await setLang("ru");
  assert.equal(t("opt.seconds", { n: 0.5 }), "0,5 с");
  assert.equal(num("12.5"), "12,5");
  await setLang("en");
  assert.equal(t("opt.seconds", { n: 0.5 }), "0.5 s");
});
