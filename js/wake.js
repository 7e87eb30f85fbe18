/**
 * A screen wake lock held while the page wants it (the Screen Wake Lock API, where the browser
 * has it). The browser drops the lock when the page is hidden; it is taken again when the page is
 * visible and still wants it.
 */

/**
 * @param {{wakeLock?: {request: (type: string) => Promise<{release: () => Promise<void>}>}}} [nav]
 * @param {Document} [doc]
 * @returns {{want: (on: boolean) => void, held: () => boolean}}
 *   `want(on)` after every change of what is on screen; `held()` whether a lock is taken or asked for
 */
export function wakeKeeper(nav = globalThis.navigator, doc = globalThis.document) {
  let lock = null; // the promise of the current lock (null: none)
  let wanted = false;

  function want(on) {
    wanted = on;
    if (on && !lock && nav?.wakeLock && doc.visibilityState === "visible") {
      lock = nav.wakeLock.request("screen").catch(() => null);
    } else if (!on && lock) {
      const held = lock;
      lock = null;
      held.then((sentinel) => sentinel?.release()).catch(() => {});
    }
  }

  doc.addEventListener("visibilitychange", () => {
    lock = null; // hidden: the browser released it; visible: take it again if still wanted
    if (doc.visibilityState === "visible") want(wanted);
  });
  return { want, held: () => lock !== null };
}
