/**
 * The bots saved in this browser by the bot lab (lab.html): `localStorage["lastcard.bots"]`, a
 * name → Python source map. The lab lists, renames and deletes them; the table's lobby offers
 * them as computer players, and a phone brings one of its own to a table (docs/bots.md, "Seat it
 * at a table"). Only pages read them: a worker, where a seated bot runs, has no localStorage.
 */

export const BOTS_KEY = "lastcard.bots";
/** The longest bot a table takes (characters; the controller's MAX_SOURCE). */
export const MAX_SOURCE = 16_000;

/** The saved bots, `{name: source}` (empty when none, or the storage is unreadable). */
export function savedBots(storage = globalThis.localStorage) {
  try {
    const bots = JSON.parse(storage?.getItem(BOTS_KEY) ?? "{}");
    if (!bots || typeof bots !== "object" || Array.isArray(bots)) return {};
    return Object.fromEntries(Object.entries(bots).filter(([, source]) => typeof source === "string"));
  } catch {
    return {};
  }
}

/** Keep `bots` (`{name: source}`) as the saved bots. */
export function keepBots(bots, storage = globalThis.localStorage) {
  storage.setItem(BOTS_KEY, JSON.stringify(bots));
}

/** The saved bots' names, in the order of the current language. */
export function botNames(bots = savedBots()) {
  return Object.keys(bots).sort((a, b) => a.localeCompare(b));
}
