/**
 * The TV's render scheduling (table.html only: js/table.js): renders in tasks of their own,
 * built on js/live.js's `coalesced`. Kept out of js/live.js, which the phone loads too.
 */
import { coalesced } from "./live.js";

/**
 * Call `render` in a task of its own, soon, once for however many `schedule()` calls came before
 * it; `flush()` and a hidden page as in js/live.js `frameRenderer`. The frame that then draws
 * the change (style, layout, paint) is a task of its own too, where a render in a frame's
 * callback shares the frame's task: on a TV's slow main thread either half is short of a long
 * task, the two together were not (docs/benchmarks.md).
 * `urgent`: in a task ahead of the page's timers and, as a rule, of the next frame
 * (`scheduler.postTask` at "user-blocking" priority, Chromium 94; a zero-delay timer where it is
 * missing).
 * @param {() => void} render
 * @param {{urgent?: boolean}} [opts]
 * @returns {{schedule: () => void, flush: () => void}}
 */
export function taskRenderer(render, { urgent = false } = {}) {
  if (urgent && typeof scheduler === "object" && typeof scheduler.postTask === "function") {
    return coalesced(render, (flush) => {
      const controller = new AbortController();
      scheduler.postTask(flush, { priority: "user-blocking", signal: controller.signal }).catch(() => {});
      return () => controller.abort();
    });
  }
  return coalesced(render, (flush) => {
    const timer = setTimeout(flush, 0);
    return () => clearTimeout(timer);
  });
}
