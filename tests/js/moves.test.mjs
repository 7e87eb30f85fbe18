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

// Seven-zero (docs/house-rules.md): a 7 is listed once per seat it may swap with, `play R7 @2`.
const SEVEN = ["draw", "play R7 @0", "play R7 @2", "play R7 @3", "play R2", "play G0"];

test("a seven-zero 7 asks whom to swap with, with exactly the legal actions", () => {
  const { choice } = moves.tapCard(SEVEN, [], "R7");
  assert.equal(choice.kind, "seat");
  assert.deepEqual(choice.options, [{ action: "play R7 @0", seat: 0 }, { action: "play R7 @2", seat: 2 }, { action: "play R7 @3", seat: 3 }]);
  assert.deepEqual(moves.tapCard(SEVEN, [], "G0"), { send: "play G0" }); // a 0 needs no choice
  assert.deepEqual(moves.tapCard(["play R7"], [], "R7"), { send: "play R7" }); // the last card
  assert.deepEqual(moves.plays(["play R7 @12"])[0], { action: "play R7 @12", cards: ["R7"], choice: null, target: 12 });
});

test("an open seat choice follows a newer list (a seat gone) and closes when the 7 is no longer legal", () => {
  const open = moves.step(SEVEN, moves.NO_PICK, { act: "card", card: "R7" }).pick;
  const fewer = moves.carryPick(["play R7 @0", "play R7 @3"], open);
  assert.deepEqual(fewer.choice.options.map((o) => o.seat), [0, 3]);
  assert.deepEqual(moves.carryPick(["draw"], open), moves.NO_PICK);
});

// A newer view while a choice is open (a bot's "last card", a timer tick, another seat's move).
test("an open colour choice survives an unrelated newer view, its options from the newest list", () => {
  const { pick } = moves.step(WILD, moves.NO_PICK, { act: "card", card: "W" });
  assert.equal(pick.choice.kind, "letter");
  const later = ["draw", "play W B", "play W G", "play W R", "play W Y", "last"];
  const carried = moves.carryPick(later, pick);
  assert.deepEqual(carried.choice.options.map((o) => o.action), ["play W B", "play W G", "play W R", "play W Y"]);
  assert.equal(carried.choice.card, "W");
  // picking then sends one of the newest legal actions
  assert.ok(later.includes(carried.choice.options[2].action));
});

test("an open choice closes when it no longer applies", () => {
  const { pick } = moves.step(WILD, moves.NO_PICK, { act: "card", card: "W" });
  assert.equal(moves.carryPick([], pick), moves.NO_PICK); // not this seat's turn
  assert.equal(moves.carryPick(["last"], pick), moves.NO_PICK); // only an out-of-turn word left
  assert.equal(moves.carryPick(["draw", "play R5"], pick), moves.NO_PICK); // the wild is gone
  assert.equal(moves.carryPick(["draw", "play W B"], pick), moves.NO_PICK); // one option left: never sent by itself
});

test("a joker's suit choice is carried through the card it names", () => {
  const first = moves.step(JOKER, moves.NO_PICK, { act: "card", card: "JOKER" }).pick;
  const { pick } = moves.step(JOKER, first, { act: "named", card: "JOKER=8S" });
  assert.deepEqual(pick.choice.options.map((o) => o.action), ["play JOKER=8S C", "play JOKER=8S H"]);
  const later = ["pass", "play JOKER=8S C", "play JOKER=8S H", "play JOKER=QH", "play 8D", "play 8D S", "last"];
  assert.deepEqual(moves.carryPick(later, pick), pick);
  assert.equal(moves.carryPick(["pass", "play JOKER=QH"], first), moves.NO_PICK);
});

test("a multi-card selection and its choice are carried while still legal", () => {
  const ACES = ["play AS", "play AS AH", "play AS AH C", "play AS AH D", "draw"];
  const selected = moves.step(ACES, moves.NO_PICK, { act: "card", card: "AS" }).pick;
  const two = moves.step(ACES, selected, { act: "card", card: "AH" }).pick;
  assert.deepEqual(two, { selection: ["AS", "AH"], choice: null });
  const { pick } = moves.step(ACES, two, { act: "play-selection" });
  assert.deepEqual(pick.choice.options.map((o) => o.action), ["play AS AH", "play AS AH C", "play AS AH D"]);
  assert.deepEqual(moves.carryPick([...ACES, "last"], pick), pick);
  assert.deepEqual(moves.carryPick(["play AS AH", "draw"], pick), { selection: ["AS", "AH"], choice: null });
  assert.equal(moves.carryPick(["play AS", "draw"], pick), moves.NO_PICK);
  assert.equal(moves.carryPick(["draw"], pick), moves.NO_PICK);
});

test("an ace that wins the hand is played at a tap: no suit is asked (last-card rule 30)", () => {
  assert.deepEqual(moves.tapCard(["play AH"], [], "AH"), { send: "play AH" });
  const both = ["play AH", "play AH AS", "play AS", "play AS AH"];
  assert.deepEqual(moves.tapCard(both, [], "AH"), { selection: ["AH"] });
  assert.deepEqual(moves.playSelection(both, ["AH", "AS"]), { send: "play AH AS" });
});
