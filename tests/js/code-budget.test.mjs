// The table's failure budget for typed codes (js/code-budget.js), the figures docs/design.md
// states, and the table's id and mark (js/sdp.js `tableIdOf`, js/fingerprint.js).
import { test } from "node:test";
import assert from "node:assert/strict";
import { CODE_BUDGET, CodeBudget } from "../../js/code-budget.js";
import { fingerprintWords } from "../../js/fingerprint.js";
import { summarize, tableIdOf } from "../../js/sdp.js";

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

test("a certificate's SHA-256 fingerprint names the table; its mark is two words of 30 bits", () => {
  const fingerprint = Uint8Array.from({ length: 32 }, (_, i) => i * 7);
  const id = tableIdOf({ hash: "sha-256", fingerprint });
  assert.equal(id, "AAcOFRwjKjE4P0ZNVFtiaQ"); // 128 bits, base64url
  assert.equal(tableIdOf({ hash: "sha-1", fingerprint: fingerprint.subarray(0, 20) }), null);
  const hex = Array.from(fingerprint, (b) => b.toString(16).padStart(2, "0").toUpperCase()).join(":");
  const sdp = ["v=0", "a=ice-ufrag:abcd", "a=ice-pwd:abcdefghijklmnopqrstuv", `a=fingerprint:sha-256 ${hex}`, "a=setup:actpass", ""].join("\r\n");
  assert.equal(tableIdOf(summarize(sdp)), id);
  assert.equal(fingerprintWords(id), "Baba Magide"); // the top 30 bits of 00 07 0E 15: 0, 0, 28, 14, 5
  const other = tableIdOf({ hash: "sha-256", fingerprint: fingerprint.map((b) => b ^ 0xff) });
  assert.match(fingerprintWords(other), /^[A-Z][a-z]{3} [A-Z][a-z]{5}$/);
  assert.notEqual(fingerprintWords(other), fingerprintWords(id));
});
