// The rules screen says the table's own times and each game's player range.
import { test } from "node:test";
import assert from "node:assert/strict";
import { playersText, rulesText } from "../../js/rules.js";

const text = (...args) => String(rulesText(...args).map(String).join(""));

test("the time section says the table's turn and grace times", () => {
  assert.match(text("poslednyaya", { turn: 120, grace: 30 }), /120 seconds per decision at this table/);
  assert.doesNotMatch(text("poslednyaya", { turn: 120, grace: 30 }), /[^0-9]20 seconds/);
  assert.match(text("last-one", { turn: null, grace: 30 }), /No time limit per decision/);
  assert.match(text("last-card", { turn: 20, grace: 45 }), /45 seconds to return/);
  assert.match(text("poslednyaya"), /20 seconds per decision unless the host sets another time/);
});

test("every game's rules name its player range", () => {
  assert.equal(playersText("last-card"), "2–6");
  assert.match(text("last-card"), /2–6 players/);
  assert.match(text("poslednyaya"), /2–10 players/);
  assert.doesNotMatch(text("posledniy-igrok"), /\{players\}/);
});
