// Headless Debian Firefox for the tests, driven by puppeteer-core over WebDriver BiDi (no driver
// binary, no browser download). scripts/firefox.py starts this with Node and talks to it through
// stdin/stdout, one JSON object per line:
//
//   request  {"id": 1, "op": "click", "page": 2, "selector": "::-p-aria(...)", ...}
//   answer   {"id": 1, "result": ...}   or   {"id": 1, "error": "..."}
//
// The first line on stdout is {"ready": "<browser version>"} once Firefox is up. The process
// ends, closing Firefox, when stdin closes. Selectors are puppeteer's: CSS, `::-p-aria(...)`
// (the accessible name and role a person sees), `::-p-text(...)`, combined with CSS combinators.

import { createInterface } from "node:readline";
import puppeteer from "puppeteer-core";

const settings = JSON.parse(process.argv[2] ?? "{}");
const browser = await puppeteer.launch({
  browser: "firefox",
  executablePath: settings.executablePath,
  headless: true,
  extraPrefsFirefox: settings.prefs ?? {},
  args: settings.args ?? [],
});

const pages = new Map(); // id -> {page, context, log: {errors: []}}
let nextPage = 1;

function entry(id) {
  const found = pages.get(id);
  if (!found) throw new Error(`no page ${id}`);
  return found;
}

/** Everything a test asks to know about the elements a selector matches, in one round trip. */
async function probe(page, selector) {
  const handles = await page.$$(selector);
  const first = handles[0];
  const state = first
    ? await first.evaluate((el) => ({
        text: el instanceof HTMLElement ? el.innerText : el.textContent,
        visible: el.checkVisibility ? el.checkVisibility() : true,
        disabled: Boolean(el.disabled) || el.getAttribute("aria-disabled") === "true",
        value: "value" in el ? String(el.value) : null,
        attributes: Object.fromEntries(Array.from(el.attributes, (a) => [a.name, a.value])),
      }))
    : null;
  await Promise.all(handles.map((h) => h.dispose()));
  return { count: handles.length, first: state };
}

const ops = {
  async newPage({ width, height }) {
    // Its own window, not a tab: Firefox hides every tab but a window's front one (no
    // animation frames, throttled timers), and each device here is a screen of its own.
    const context = await browser.createBrowserContext();
    const page = await context.newPage({ type: "window" });
    await page.setViewport({ width, height });
    const id = nextPage++;
    const log = { errors: [] };
    page.on("console", (m) => {
      if (m.type() === "error") log.errors.push(m.text());
    });
    page.on("pageerror", (e) => log.errors.push(`uncaught: ${e?.message ?? e}`));
    pages.set(id, { page, context, log });
    return id;
  },
  async closePage({ page }) {
    const { context } = entry(page);
    pages.delete(page);
    await context.close();
  },
  async addInitScript({ page, source }) {
    // A BiDi preload script of this page's browsing context: it runs before the page's own
    // scripts at every later load of the page (navigation or reload), as Playwright's does.
    await entry(page).page.evaluateOnNewDocument(source);
  },
  async goto({ page, url }) {
    await entry(page).page.goto(url, { waitUntil: "load" });
  },
  async reload({ page }) {
    await entry(page).page.reload({ waitUntil: "load" });
  },
  async url({ page }) {
    return entry(page).page.url();
  },
  async evaluate({ page, source, arg }) {
    // `source` is a function expression, called with `arg`; its result comes back as JSON.
    return entry(page).page.evaluate(`(${source})(${JSON.stringify(arg ?? null)})`);
  },
  async probe({ page, selector }) {
    return probe(entry(page).page, selector);
  },
  async click({ page, selector, timeout }) {
    await entry(page).page.locator(selector).setTimeout(timeout).click();
  },
  async fill({ page, selector, value, timeout }) {
    // <input> and <textarea> get typed text; a <select> gets the option with this value.
    await entry(page).page.locator(selector).setTimeout(timeout).fill(value);
  },
  async screenshot({ page, selector, timeout }) {
    const handle = await entry(page).page.locator(selector).setTimeout(timeout).waitHandle();
    const png = await handle.screenshot({ encoding: "base64" });
    await handle.dispose();
    return png;
  },
  async errors({ page }) {
    return entry(page).log.errors;
  },
};

const write = (message) => process.stdout.write(JSON.stringify(message) + "\n");
write({ ready: await browser.version() });

const lines = createInterface({ input: process.stdin });
lines.on("line", async (line) => {
  const { id, op, ...args } = JSON.parse(line);
  try {
    if (!(op in ops)) throw new Error(`unknown op ${op}`);
    write({ id, result: (await ops[op](args)) ?? null });
  } catch (error) {
    write({ id, error: String(error?.stack ?? error) });
  }
});
lines.on("close", async () => {
  await browser.close();
  process.exit(0);
});
