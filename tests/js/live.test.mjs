// js/live.js: the page's event log rebuilt from the table's messages (docs/protocol.md,
// `events_reset`), the countdown between messages, error codes in words and one render a frame.
import { test } from "node:test";
import assert from "node:assert/strict";
import { errorText, frameRenderer, KEPT_EVENTS, received, secondsLeft, tick, withLog } from "../../js/live.js";
import { taskRenderer } from "../../js/table-render.js";
import { setLang } from "../../js/i18n.js";

const events = (from, to) => Array.from({ length: to - from + 1 }, (_, i) => ({ type: "pass", n: from + i }));

test("new events are added to the kept log", () => {
  const first = withLog(null, { state: 1, events: events(1, 3), events_reset: true });
  const next = withLog(first, { state: 2, events: events(4, 4), events_reset: false });
  assert.deepEqual(next.events.map((e) => e.n), [1, 2, 3, 4]);
  assert.equal(next.state, 2);
  assert.deepEqual(withLog(next, { events: [], events_reset: false }).events, next.events);
});

test("a reset replaces the log, and the log keeps only the latest events", () => {
  const long = withLog(null, { events: events(1, KEPT_EVENTS), events_reset: true });
  const more = withLog(long, { events: events(KEPT_EVENTS + 1, KEPT_EVENTS + 5), events_reset: false });
  assert.equal(more.events.length, KEPT_EVENTS);
  assert.equal(more.events.at(-1).n, KEPT_EVENTS + 5);
  assert.deepEqual(withLog(more, { events: events(90, 91), events_reset: true }).events.map((e) => e.n), [90, 91]);
});

test("a phone keeps the ruleset's description and the rulesets while a message in play leaves them out", () => {
  const lobby = { ruleset: "poslednyaya", timers: { turn: 20 }, description: { id: "poslednyaya" }, rulesets: { poslednyaya: {} } };
  const first = withLog(null, { phase: "lobby", lobby, texts: { rules: {} }, events: [], events_reset: true });
  const { description, rulesets, ...lean } = lobby;
  const next = withLog(first, { phase: "playing", lobby: { ...lean, timers: { turn: 30 } }, events: [], events_reset: false });
  assert.deepEqual(next.lobby, { ...lobby, timers: { turn: 30 } });
  assert.equal(next.lobby.description, description);
  assert.equal(next.lobby.rulesets, rulesets);
  const other = { ...lobby, ruleset: "last-one", description: { id: "last-one" } };
  assert.equal(withLog(next, { phase: "lobby", lobby: other, events: [], events_reset: false }).lobby.description.id, "last-one");
});

test("the countdown runs from the message's arrival and stops while paused or waiting", () => {
  const msg = { remaining: 10, events: [], events_reset: true };
  let s = { msg: null, receivedAt: 0, left: null, other: "kept" };
  s = { ...s, ...received(s, msg, 1000) };
  assert.equal(s.left, 10);
  assert.equal(tick(s, { now: 4500 }).left, 7);
  assert.equal(tick(s, { now: 60000 }).left, 0);
  assert.equal(tick(s, { now: 4500 }).other, "kept");
  assert.equal(secondsLeft({ ...msg, paused: true }, 1000, 9000), 10);
  assert.equal(secondsLeft({ ...msg, waiting: true }, 1000, 9000), 10);
  assert.equal(secondsLeft({ remaining: null }, 0, 0), null);
  assert.equal(tick({ msg: null }, { now: 1 }).left, null);
});

test("an error code is put into words, a new one generically", () => {
  setLang("en");
  assert.equal(errorText("stale"), "The table moved on — try again");
  assert.equal(errorText("no_such_code"), "Something went wrong: no_such_code");
});

test("changes render once, at the next frame, or now when flushed", () => {
  const frames = [];
  globalThis.document = { hidden: false };
  globalThis.requestAnimationFrame = (fn) => frames.push(fn);
  globalThis.cancelAnimationFrame = () => {};
  let renders = 0;
  const frame = frameRenderer(() => (renders += 1), 60_000);
  frame.schedule();
  frame.schedule();
  assert.equal(renders, 0); // nothing in the change's own task
  frames.shift()();
  assert.equal(renders, 1); // one render for both changes
  frame.flush();
  assert.equal(renders, 1); // nothing was waiting
  frame.schedule();
  frame.flush();
  assert.equal(renders, 2); // the waiting render, now
  frames.shift()();
  assert.equal(renders, 2); // and not again at the frame
  document.hidden = true;
  frame.schedule();
  assert.equal(renders, 3); // a hidden page gets no frames: at once
  delete globalThis.document;
  delete globalThis.requestAnimationFrame;
  delete globalThis.cancelAnimationFrame;
});

test("the TV's renderer renders once, in a task of its own, for a burst of changes", async () => {
  globalThis.document = { hidden: false };
  let renders = 0;
  const task = taskRenderer(() => (renders += 1));
  const nextTask = () => new Promise((done) => setTimeout(done, 0));
  task.schedule();
  task.schedule();
  assert.equal(renders, 0); // nothing in the change's own task
  await nextTask();
  assert.equal(renders, 1); // one render for both changes
  task.schedule();
  task.flush();
  assert.equal(renders, 2); // the waiting render, now
  await nextTask();
  assert.equal(renders, 2); // and not again in its task
  document.hidden = true;
  task.schedule();
  assert.equal(renders, 3); // a hidden page: at once
  delete globalThis.document;
});

test("an urgent task renderer asks for a user-blocking task, and a flush cancels it", () => {
  globalThis.document = { hidden: false };
  const posted = [];
  globalThis.scheduler = {
    postTask(fn, options) {
      posted.push({ fn, options });
      return Promise.resolve();
    },
  };
  let renders = 0;
  const task = taskRenderer(() => (renders += 1), { urgent: true });
  task.schedule();
  task.schedule();
  assert.equal(posted.length, 1); // one task for both
  assert.equal(posted[0].options.priority, "user-blocking");
  task.flush();
  assert.equal(renders, 1);
  assert.equal(posted[0].options.signal.aborted, true); // the task asked for is called off
  posted[0].fn();
  assert.equal(renders, 1); // and would render nothing
  delete globalThis.scheduler;
  delete globalThis.document;
});
