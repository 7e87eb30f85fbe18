/**
 * What both page entries (js/table.js, js/hand.js) do with the table's messages: keep the event
 * log across messages, count the decision timer down between them, put an error code into
 * words, and render at most once a frame. The reducers here are plain functions of the store
 * state (js/store.js).
 */
import { t } from "./i18n.js";

/** How many events a page keeps for its log (the table keeps as many). */
export const KEPT_EVENTS = 40;

/** How often (ms) the countdown is refreshed while a timer runs. */
export const TICK_MS = 250;

/**
 * A `tv` or `view` message with its full event log and the ruleset's words (`texts`: rules and
 * event words): the table sends only the events new since the recipient's previous message, or
 * the recent log with `events_reset`, and a phone the words only when they changed, and in
 * play the lobby's `description` and `rulesets` with them (docs/protocol.md).
 * @param {object | null} prev  the previous message as this function returned it
 * @param {object} msg  the message as it arrived
 */
export function withLog(prev, msg) {
  const events = msg.events_reset || !prev ? msg.events : [...(prev.events ?? []), ...msg.events].slice(-KEPT_EVENTS);
  const out = { ...msg, events, texts: msg.texts ?? prev?.texts ?? null };
  // in play, a phone's `lobby` leaves out what it had as it is: the description, the rulesets
  if (msg.lobby && !("description" in msg.lobby) && prev?.lobby) {
    out.lobby = { ...msg.lobby, description: prev.lobby.description, rulesets: prev.lobby.rulesets };
  }
  return out;
}

/** Seconds left on the decision timer, counting down from when the message arrived. */
export function secondsLeft(msg, receivedAt, now) {
  if (msg.remaining === null || msg.remaining === undefined) return null;
  if (msg.paused || msg.waiting) return Math.ceil(msg.remaining);
  return Math.max(0, Math.ceil(msg.remaining - (now - receivedAt) / 1000));
}

/**
 * The state fields a newly arrived `tv` or `view` message sets: the message with its log, when it
 * arrived (`performance.now()` ms) and the seconds left; spread into the page's reducer.
 */
export function received(s, msg, at) {
  return { msg: withLog(s.msg, msg), receivedAt: at, left: secondsLeft(msg, at, at) };
}

/** The `tick` reducer: the countdown at `action.now`. */
export function tick(s, action) {
  return { ...s, left: s.msg ? secondsLeft(s.msg, s.receivedAt, action.now) : null };
}

/**
 * Check the countdown every `TICK_MS` while the message on screen has a running timer, and
 * dispatch `tick` when the seconds shown change (a render a second, not four).
 */
export function startTicker(store, now = () => performance.now()) {
  return setInterval(() => {
    const s = store.state();
    const msg = s.msg;
    if (msg?.remaining === null || msg?.remaining === undefined || msg.paused) return;
    const at = now();
    if (secondsLeft(msg, s.receivedAt, at) !== s.left) store.dispatch({ type: "tick", now: at });
  }, TICK_MS);
}

/** An `error` message's code in words (docs/protocol.md codes; a generic line for a new one). */
export function errorText(code) {
  const key = `error.${code}`;
  const text = t(key);
  return text === key ? t("error.generic", { code }) : text;
}

/**
 * Call `fn` once the main thread is idle (after the task and the frame under way), and at the
 * latest after `timeoutMs`: work that must not lengthen a change's own tasks on a TV's slow
 * main thread. `requestIdleCallback` (Chromium 47, Firefox 55); where it is missing (Safari) a
 * timer stands in.
 * @param {() => void} fn
 * @param {number} timeoutMs
 */
export function whenIdle(fn, timeoutMs) {
  if (typeof requestIdleCallback === "function") requestIdleCallback(() => fn(), { timeout: timeoutMs });
  else setTimeout(fn, 0);
}

/**
 * `render` once for however many `schedule()` calls came before `wait(flush)` calls it back
 * (`wait` returns how to cancel that); `flush()` renders now what is waiting. A hidden page
 * renders at once: its DOM stays current for whatever reads it.
 */
export function coalesced(render, wait) {
  let pending = false;
  let cancel = () => {};
  function flush() {
    if (!pending) return;
    pending = false;
    cancel();
    render();
  }
  function schedule() {
    if (document.hidden) {
      pending = true;
      return flush();
    }
    if (pending) return;
    pending = true;
    cancel = wait(flush);
  }
  return { schedule, flush };
}

/**
 * Call `render` at the next animation frame, once for however many `schedule()` calls came
 * before it: a burst of messages costs one render, and a message's task is only its reading.
 * `flush()` renders now what is waiting (after the player's own input, which shows at once).
 * A hidden page gets no frames: it renders at once, and a timer stands in for a frame that does
 * not come (the page hidden meanwhile).
 * @param {() => void} render
 * @returns {{schedule: () => void, flush: () => void}}
 */
export function frameRenderer(render, fallbackMs = 100) {
  return coalesced(render, (flush) => {
    const frame = requestAnimationFrame(flush);
    const timer = setTimeout(flush, fallbackMs);
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  });
}
