// The host's question about an away seat (js/host-ui.js `awayQuestions`): the TV asks about every
// away seat nobody plays for, the host phone about every one but its own (its player is there,
// reading it; its banner says a move takes the seat back), so it never offers to remove itself.
import { test } from "node:test";
import assert from "node:assert/strict";
import { setLang } from "../../js/i18n.js";
import { awayQuestions } from "../../js/host-ui.js";

const SEATS = [
  { seat: 0, name: "Мария", kind: "phone", host: true, away: true },
  { seat: 1, name: "Женя", kind: "phone" },
  { seat: 2, name: "Саша", kind: "phone", away: true },
];
const asked = (msg) => [...String(awayQuestions(msg)).matchAll(/data-testid="away-question-(\d+)"/g)].map((m) => Number(m[1]));

test("the TV asks about every away seat; the host phone about all but its own", async () => {
  await setLang("ru");
  assert.deepEqual(asked({ phase: "playing", seats: SEATS }), [0, 2]);
  assert.deepEqual(asked({ phase: "playing", seats: SEATS, seat: 0 }), [2]);
  assert.doesNotMatch(String(awayQuestions({ phase: "playing", seats: SEATS, seat: 0 })), /Мария/);
  // a host phone that watches (no seat) is asked about them all
  assert.deepEqual(asked({ phase: "playing", seats: SEATS, seat: null }), [0, 2]);
});
