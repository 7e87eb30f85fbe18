// The page's event log rebuilt from the table's messages (docs/protocol.md, `events_reset`).
import { test } from "node:test";
import assert from "node:assert/strict";
import { KEPT_EVENTS, withLog } from "../../js/board.js";

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
