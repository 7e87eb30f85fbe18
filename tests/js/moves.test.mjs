// Unit tests of js/moves.js (node --test): every action comes from the legal list.
import { test } from "node:test";
import assert from "node:assert/strict";
import * as moves from "../../js/moves.js";

const WILD = ["draw", "play R5", "play W B", "play W G", "play W R", "play W Y"];
const NZ = ["play 7H", "play 7H 7S", "play 7S 7H", "play AS C", "play AS D", "play AS H", "play AS S", "play 9D 9C", "last"];
const JOKER = ["pass", "play JOKER=8S C", "play JOKER=8S H", "play JOKER=QH", "play 8D", "play 8D S"];

test("a card with one legal play is sent at once", () => {
  assert.deepEqual(moves.tapCard(WILD, [], "R5"), { send: "play R5" });
});

test("a card that is not legal does nothing", () => {
  assert.deepEqual(moves.tapCard(WILD, [], "G7"), {});
  assert.deepEqual(moves.playSelection(NZ, ["9C"]), {});
});

test("a wild asks for the colour, with exactly the legal actions", () => {
  const { choice } = moves.tapCard(WILD, [], "W");
  assert.equal(choice.kind, "letter");
  assert.deepEqual(choice.options.map((o) => o.action), ["play W B", "play W G", "play W R", "play W Y"]);
  assert.deepEqual(choice.options.map((o) => o.choice), ["B", "G", "R", "Y"]);
});

test("an optional suit offers keeping the card's own", () => {
  const { choice } = moves.tapCard(JOKER, [], "8D");
  assert.deepEqual(choice.options, [{ action: "play 8D", choice: null }, { action: "play 8D S", choice: "S" }]);
});

test("a joker names a card first, then a suit when that card needs one", () => {
  const { choice } = moves.tapCard(JOKER, [], "JOKER");
  assert.equal(choice.kind, "named");
  assert.deepEqual(choice.options.map((o) => o.card), ["JOKER=8S", "JOKER=QH"]);
  assert.deepEqual(moves.pickNamed(choice.options[1]), { send: "play JOKER=QH" });
  const suits = moves.pickNamed(choice.options[0]).choice;
  assert.deepEqual(suits.options.map((o) => o.action), ["play JOKER=8S C", "play JOKER=8S H"]);
});

test("multi-card plays are picked in order and only as listed", () => {
  assert.deepEqual(moves.tapCard(NZ, [], "7H"), { selection: ["7H"] });
  assert.deepEqual([...moves.extendable(NZ, ["7H"])], ["7S"]);
  assert.deepEqual(moves.playSelection(NZ, ["7H"]), { send: "play 7H" });
  assert.deepEqual(moves.tapCard(NZ, ["7H"], "7S"), { selection: ["7H", "7S"] });
  assert.deepEqual(moves.playSelection(NZ, ["7H", "7S"]), { send: "play 7H 7S" });
  assert.deepEqual(moves.tapCard(NZ, ["7H", "7S"], "7H"), { selection: [] });
  assert.deepEqual(moves.tapCard(NZ, [], "9D"), { selection: ["9D"] });
  assert.deepEqual(moves.playSelection(NZ, ["9D"]), {});
});

test("aces carry the suit choice; simple words only when listed", () => {
  assert.equal(moves.tapCard(NZ, [], "AS").choice.options.length, 4);
  assert.equal(moves.simple(NZ, "last"), "last");
  assert.equal(moves.simple(NZ, "draw"), null);
  assert.deepEqual(moves.suitOptions(["suit H", "suit S", "draw"]), [{ action: "suit H", choice: "H" }, { action: "suit S", choice: "S" }]);
  assert.deepEqual([...moves.playableCards(JOKER)].sort(), ["8D", "JOKER"]);
});
