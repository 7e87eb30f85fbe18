// The table's failure budget for typed codes (js/code-budget.js) and the table's fingerprint
// symbols (js/fingerprint.js): the figures docs/design.md states.
import { test } from "node:test";
import assert from "node:assert/strict";
import { CODE_BUDGET, CodeBudget } from "../../js/code-budget.js";
import { fingerprintOf, fingerprintSymbols } from "../../js/fingerprint.js";

const HOUR = 3_600_000;

/** Exchanges a guesser gets answered over `hours` of a flood that asks every second. */
function flood(budget, clock, hours) {
  let answered = 0;
  for (const end = clock.t + hours * HOUR; clock.t <= end; clock.t += 1000) while (budget.charge()) answered += 1;
  return answered;
}

test("a flood gets the budget, then 30 exchanges an hour: under 0.1 % over a 4-hour evening", () => {
  const clock = { t: 0 };
  const answered = flood(new CodeBudget({ now: () => clock.t }), clock, 4);
  assert.equal(answered, CODE_BUDGET + 4 * 30);
  const secrets = 24 ** 4; // the code's last four letters
  assert.ok(answered / secrets < 0.001, `${answered} guesses of ${secrets}`);
});

test("a reload keeps what was spent, and a confirmed exchange gives its charge back", () => {
  const clock = { t: 0 };
  const budget = new CodeBudget({ now: () => clock.t });
  for (let i = 0; i < CODE_BUDGET; i += 1) assert.ok(budget.charge());
  assert.equal(budget.charge(), false);
  budget.refund();
  const reloaded = new CodeBudget({ now: () => clock.t, saved: JSON.parse(JSON.stringify(budget.state)) });
  assert.equal(reloaded.available, 1);
  clock.t += 60_000;
  assert.equal(reloaded.available, 1); // nothing back after a minute
  clock.t += 60_000;
  assert.equal(reloaded.available, 2);
  // A damaged or missing save is a full budget; a save from the future refills nothing early.
  assert.equal(new CodeBudget({ saved: { left: "x" } }).available, CODE_BUDGET);
  assert.equal(new CodeBudget({ now: () => 0, saved: { left: 0, at: 10 * HOUR } }).available, 0);
});

test("a description's fingerprint names the table; symbols are five of 64 pictures", () => {
  const hex = Array.from({ length: 32 }, (_, i) => (i * 7).toString(16).padStart(2, "0").toUpperCase()).join(":");
  const sdp = `v=0\r\na=fingerprint:sha-256 ${hex}\r\nm=application\r\na=fingerprint:sha-256 ${hex}\r\n`;
  const id = fingerprintOf(sdp);
  assert.equal(id.length, 22);
  assert.equal(fingerprintOf(sdp.replace(/sha-256 00/, "sha-256 01")), null); // two that disagree
  assert.equal(fingerprintOf("v=0\r\n"), null);
  const symbols = fingerprintSymbols(id).split(" ");
  assert.equal(symbols.length, 5);
  assert.notEqual(fingerprintSymbols(id), fingerprintSymbols(fingerprintOf(sdp.replaceAll("sha-256 00", "sha-256 80"))));
});
