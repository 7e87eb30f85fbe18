// The strings of every language (js/i18n/<code>.js, and the parts of one page: the bot lab's
// js/i18n/lab-<code>.js, the table's js/i18n/table-<code>.js, the home page's
// js/i18n/home-<code>.js): the same keys and the same placeholders; no key in two files.
import { readFile } from "node:fs/promises";
import { test } from "node:test";
import assert from "node:assert/strict";
import { lang, LANGS, setLang, t } from "../../js/i18n.js";

const PARTS = ["", "lab-", "table-", "home-"];
const files = async (code) => Promise.all(PARTS.map(async (part) => (await import(`../../js/i18n/${part}${code}.js`)).default));
const byFile = Object.fromEntries(await Promise.all(LANGS.map(async (code) => [code, await files(code)])));
const strings = Object.fromEntries(LANGS.map((code) => [code, Object.assign({}, ...byFile[code])]));
const placeholders = (text) => [...text.matchAll(/\{(\w+)(?::[^{}]*)?\}/g)].map((m) => m[1]).sort();

test("every language has every key", () => {
  const [first, ...others] = LANGS;
  for (const code of others) assert.deepEqual(Object.keys(strings[code]).sort(), Object.keys(strings[first]).sort(), code);
});

test("a part's keys are its own, in every language", () => {
  for (const code of LANGS) {
    const counts = byFile[code].map((part) => Object.keys(part).length);
    assert.equal(Object.keys(strings[code]).length, counts.reduce((a, b) => a + b), `${code}: a key in two files`);
    assert.deepEqual(byFile[code].map((part) => Object.keys(part).sort()), byFile.en.map((part) => Object.keys(part).sort()), code);
  }
});

test("a page's part, named by its <html data-strings>, loads with the language and with a switch", async () => {
  globalThis.document = { documentElement: { dataset: { strings: "lab" }, lang: "" } };
  try {
    const page = await import("../../js/i18n.js?page=lab"); // a module of its own, as on that page
    assert.equal(page.t("lab.title"), strings[page.lang()]["lab.title"]);
    const other = page.otherLang();
    await page.setLang(other);
    assert.equal(page.t("lab.title"), strings[other]["lab.title"]);
    assert.equal(globalThis.document.documentElement.lang, other);
  } finally {
    delete globalThis.document;
  }
  assert.equal(t("lab.title"), "lab.title"); // a page that names no part has none of its words
});

test("a translation fills the same placeholders", () => {
  for (const key of Object.keys(strings.en)) {
    for (const code of LANGS) assert.deepEqual(placeholders(strings[code][key]), placeholders(strings.en[key]), `${code} ${key}`);
  }
});

test("t() reads the language loaded at start and fills placeholders", () => {
  assert.equal(t("app.title"), strings[lang()]["app.title"]);
  assert.equal(t("match.hand", { n: 3 }), strings[lang()]["match.hand"].replace("{n}", "3"));
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

test("a count takes the noun that agrees with it, in each language", async () => {
  const { fill, setLang } = await import("../../js/i18n.js");
  const back = lang();
  await setLang("ru");
  const forms = "{n:карту|карты|карт}";
  const said = [1, 2, 4, 5, 11, 12, 21, 22, 25, 111].map((n) => fill(forms, { n }));
  assert.deepEqual(said, ["1 карту", "2 карты", "4 карты", "5 карт", "11 карт", "12 карт", "21 карту", "22 карты", "25 карт", "111 карт"]);
  assert.equal(fill("{n:секунда|секунды|секунд}", { n: 2.5 }), "2,5 секунды");
  assert.equal(t("pending.pickup", { name: "Анна", count: 4 }), "Анна: взять 4 карты или ответить");
  assert.deepEqual([1, 3, 7].map((n) => t("seat.cards", { n })), ["1 карта", "3 карты", "7 карт"]);
  assert.deepEqual([2, 5].map((n) => t("act.take", { n })), ["Взять 2 карты", "Взять 5 карт"]);
  await setLang("en");
  assert.deepEqual([1, 2].map((n) => fill("{n:card|cards}", { n })), ["1 card", "2 cards"]);
  assert.equal(t("act.take", { n: 4 }), "Pick up 4 cards");
  assert.equal(fill("{x:card|cards} {n}", { n: "two" }), "{x:card|cards} two"); // unknown kept, words as they are
  await setLang(back);
});

test("no module of a phone or the home page asks for a string of another page's part", async () => {
  // The modules hand.html and index.html load, static and dynamic imports alike; a key of a
  // page's part (table-, lab-; home- but in js/home.js, whose page names it) would show there as
  // its own name.
  const source = async (path) => readFile(new URL(`../../${path}`, import.meta.url), "utf8");
  const seen = new Set();
  const todo = ["js/hand.js", "js/home.js"];
  while (todo.length) {
    const path = todo.pop();
    if (seen.has(path)) continue;
    seen.add(path);
    for (const [, spec] of (await source(path)).matchAll(/(?:from\s*|import\s*\(\s*)"\.\/([\w-]+\.js)"/g)) todo.push(`js/${spec}`);
  }
  const own = { "js/home.js": "home-" };
  for (const path of seen) {
    const text = await source(path);
    const prefixes = [...text.matchAll(/`([\w.]+\.)\$\{/g)].map((m) => m[1]);
    const pages = byFile.en.flatMap((part, i) => (i && PARTS[i] !== own[path] ? Object.keys(part) : []));
    for (const key of pages) {
      assert.ok(!text.includes(`"${key}"`) && !prefixes.some((prefix) => key.startsWith(prefix)), `${path}: ${key}`);
    }
  }
  assert.ok(seen.has("js/board.js") && seen.has("js/host-ui.js"), [...seen].join(" "));
});

test("the missed call's banner says the cards were taken, as they were (it shows after the draw)", () => {
  // «берёте» read as a penalty still to come, on the phone whose hand had already grown
  assert.match(strings.ru["hand.missedCall"], /взяли/);
  assert.match(strings.en["hand.missedCall"], /drew/);
});

test("the bot lab's Russian keeps a count with its words: a no-break space before it, and before «с»", () => {
  assert.match(strings.ru["lab.done"], /:\u00a0\{hands\}/);
  assert.match(strings.ru["lab.stuck"], /\{s\}\u00a0с /);
});

test("the sound button's label fits a TV remote, a mouse and a finger alike (no «tap»)", () => {
  // the TV's top bar has it too, where the button is pressed with OK, never tapped
  for (const code of LANGS) {
    for (const key of ["sound.mute", "sound.unmute"]) assert.doesNotMatch(strings[code][key], /\btap/i, `${code} ${key}`);
  }
});

test("the Russian rules screen's words name the player, not «он», «ему», «его» (fit for any gender)", () => {
  const pronoun = /(?<![а-яё])(?:он|ему|его|него|нему|нём)(?![а-яё])/i;
  const rules = Object.keys(strings.ru).filter((key) => key.startsWith("rules."));
  assert.ok(rules.length > 5, rules.join(" "));
  for (const key of rules) assert.doesNotMatch(strings.ru[key], pronoun, key);
});

// The codes of the table's errors no person should meet (a page's own bug, or a state a page
// handles with a screen of its own: a replaced tab, a forgotten token); every other code the
// controller sends has its own words, not "Something went wrong: not_seated".
const MACHINE_ONLY = new Set(["bad_json", "bad_message", "bad_version", "hello_first", "replaced", "bad_token", "already_joined"]);

test("every error the table sends a person has words of its own", async () => {
  const { readdir } = await import("node:fs/promises");
  const dir = new URL("../../py/tablehost/", import.meta.url);
  const sources = await Promise.all((await readdir(dir)).filter((f) => f.endsWith(".py")).map((f) => readFile(new URL(f, dir), "utf8")));
  const codes = new Set(sources.flatMap((text) => [...text.matchAll(/ProtocolError\(\s*"(\w+)"/g)].map((m) => m[1])));
  assert.ok(codes.size > 15, [...codes].join());
  for (const code of LANGS.flatMap((l) => [...codes].filter((c) => !MACHINE_ONLY.has(c)).map((c) => [l, c]))) {
    assert.ok(strings[code[0]][`error.${code[1]}`], `${code[0]}: no words for error.${code[1]}`);
  }
});
