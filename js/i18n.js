/**
 * Russian and English: the browser's language, switchable and remembered; every visible string
 * goes through `t()`. The strings of a language (js/i18n/<code>.js, the same keys in each) load
 * only when shown, a page's own part (js/i18n/<part>-<code>.js) only on the page that names it
 * (`<html data-strings="table">`), asked for with the language's own file: one round trip.
 * The current language is awaited at the top level, so an entry module wires itself with
 * `whenParsed` (js/html.js). Why and how: docs/design.md ("js/i18n.js").
 */

const STORAGE_KEY = "lastcard.lang";
export const LANGS = ["ru", "en"];

/** Strings by language code, as they are loaded. */
const STRINGS = {};
/** The parts of its own strings the page names (`<html data-strings>`), and the files loaded
 * ("en", "lab-en"). */
const parts = new Set(globalThis.document?.documentElement.dataset.strings?.split(" ") ?? []);
const loaded = new Set();

async function load(code) {
  const files = [code, ...[...parts].map((part) => `${part}-${code}`)].filter((file) => !loaded.has(file));
  const modules = await Promise.all(files.map((file) => import(`./i18n/${file}.js`)));
  for (const module of modules) Object.assign((STRINGS[code] ??= {}), module.default);
  for (const file of files) loaded.add(file);
}

function pick() {
  const saved = globalThis.localStorage?.getItem(STORAGE_KEY);
  if (LANGS.includes(saved)) return saved;
  for (const tag of globalThis.navigator?.languages ?? []) {
    const base = tag.toLowerCase().split("-")[0];
    if (LANGS.includes(base)) return base;
  }
  return "en";
}

let current = pick();
await load(current);
const listeners = new Set();

/** The current language code, `ru` or `en`. */
export function lang() {
  return current;
}

/**
 * Switch language (once its strings are loaded), remember it, update `<html lang>` and tell the
 * subscribers.
 * @param {string} code
 * @returns {Promise<void>} resolves once switched
 */
export async function setLang(code) {
  if (!LANGS.includes(code)) throw new Error(`unknown language: ${code}`);
  await load(code);
  current = code;
  globalThis.localStorage?.setItem(STORAGE_KEY, code);
  if (globalThis.document) document.documentElement.lang = code;
  for (const listener of listeners) listener(code);
}

/** Call `listener(code)` after every language switch. */
export function onLangChange(listener) {
  listeners.add(listener);
}

/** The other language, for the switch button. */
export function otherLang() {
  return current === "ru" ? "en" : "ru";
}

/** A number as the current language writes it: a decimal comma in Russian ("0,5"). */
export function num(value) {
  return current === "ru" ? String(value).replace(".", ",") : String(value);
}

/** Plural rules by language, made once: `fill` runs at every draw. */
const plurals = {};

/** `text` with its `{name}` placeholders filled from `vars` (others kept as they are; numbers
 * written as the current language writes them; `{n:card|cards}`, «{n:карту|карты|карт}», adds
 * the noun that agrees: one, few, many). */
export function fill(text, vars = {}) {
  return text.replace(/\{(\w+)(?::([^{}]*))?\}/g, (whole, name, forms) => {
    const v = vars[name];
    if (typeof v !== "number") return name in vars ? String(v) : whole;
    return forms ? `${num(v)} ${forms.split("|")[{ one: 0, many: 2 }[(plurals[current] ??= new Intl.PluralRules(current)).select(v)] ?? 1]}` : num(v);
  });
}

/** Translate `key`, filling `{name}` placeholders from `vars`; a missing key shows itself. */
export function t(key, vars = {}) {
  return fill(STRINGS[current][key] ?? STRINGS.en?.[key] ?? key, vars);
}

/**
 * A text the engine wrote in every language (`{"en": ..., "ru": ...}`: a ruleset's name, an
 * option's label, its rules), in the current one, with `{name}` placeholders filled from `vars`.
 */
export function words(text, vars = {}) {
  return fill(text?.[current] ?? text?.en ?? "", vars);
}
