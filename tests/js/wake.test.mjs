// The phone's screen wake lock (js/wake.js): taken while wanted, released after, again on return.
import { test } from "node:test";
import assert from "node:assert/strict";
import { wakeKeeper } from "../../js/wake.js";

function fakes() {
  const calls = [];
  const listeners = [];
  const doc = { visibilityState: "visible", addEventListener: (type, fn) => listeners.push(fn) };
  const nav = {
    wakeLock: {
      request: async (type) => {
        calls.push(`request ${type}`);
        return { release: async () => calls.push("release") };
      },
    },
  };
  const show = (state) => {
    doc.visibilityState = state;
    for (const fn of listeners) fn();
  };
  return { calls, doc, nav, show };
}

test("a lock is asked for once while wanted and released when not", async () => {
  const { calls, doc, nav } = fakes();
  const keeper = wakeKeeper(nav, doc);
  keeper.want(false);
  assert.deepEqual(calls, []);
  keeper.want(true);
  keeper.want(true);
  assert.equal(keeper.held(), true);
  keeper.want(false);
  await new Promise((resolve) => setTimeout(resolve, 0));
  assert.deepEqual(calls, ["request screen", "release"]);
  assert.equal(keeper.held(), false);
});

test("after the page was hidden the lock is taken again if still wanted", async () => {
  const { calls, doc, nav, show } = fakes();
  const keeper = wakeKeeper(nav, doc);
  keeper.want(true);
  show("hidden");
  assert.equal(keeper.held(), false);
  show("visible");
  assert.equal(keeper.held(), true);
  assert.deepEqual(calls, ["request screen", "request screen"]);
});

test("without the API nothing happens", () => {
  const { doc } = fakes();
  const keeper = wakeKeeper({}, doc);
  keeper.want(true);
  assert.equal(keeper.held(), false);
});
