// Spatial navigation's choice of the next control (js/spatial.js `nearest`, pure geometry).
import { test } from "node:test";
import assert from "node:assert/strict";
import { nearest } from "../../js/spatial.js";

const box = (left, top, width, height, item) => ({ rect: { left, top, right: left + width, bottom: top + height }, item });
const from = (left, top, width, height) => box(left, top, width, height).rect;

test("the next control in a row or a column wins", () => {
  const row = [box(0, 0, 50, 30, "a"), box(60, 0, 50, 30, "b"), box(120, 0, 50, 30, "c"), box(60, 40, 50, 30, "below")];
  assert.equal(nearest(from(60, 0, 50, 30), row, "right"), "c");
  assert.equal(nearest(from(60, 0, 50, 30), row, "left"), "a");
  assert.equal(nearest(from(60, 0, 50, 30), row, "down"), "below");
  assert.equal(nearest(from(60, 0, 50, 30), row, "up"), null);
});

test("going sideways prefers what is level with the focus over what is nearer but higher", () => {
  const items = [box(300, 10, 80, 30, "top bar"), box(400, 180, 30, 30, "remove"), box(0, 400, 50, 30, "far below")];
  assert.equal(nearest(from(100, 200, 100, 40), items, "right"), "remove");
});

test("nothing behind the middle of the focus counts", () => {
  const overlapping = [box(40, 0, 100, 30, "overlaps"), box(0, 50, 200, 30, "wide below")];
  assert.equal(nearest(from(0, 0, 100, 30), overlapping, "right"), null);
  assert.equal(nearest(from(0, 0, 100, 30), overlapping, "down"), "wide below");
});
