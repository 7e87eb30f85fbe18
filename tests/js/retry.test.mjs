// When a phone tries the relay again (js/join-phone.js, `retryDelay`): the back-off counts from
// the start of the try that failed, so a try that waited its 8 s at the broker goes again at once.
import { test } from "node:test";
import assert from "node:assert/strict";
import { retryDelay } from "../../js/join-phone.js";

test("a try that failed at once backs off, longer each time, up to 8 s", () => {
  assert.deepEqual([0, 1, 2, 3, 4, 9].map((attempt) => retryDelay(attempt, 20)), [500, 980, 1980, 3980, 7980, 7980]);
});

test("a try that waited for the table has waited its back-off: the next goes half a second later", () => {
  assert.equal(retryDelay(4, 8000), 500);
  assert.equal(retryDelay(9, 8100), 500);
  assert.equal(retryDelay(4, 5000), 3000); // a try that failed sooner waits out the rest
});
