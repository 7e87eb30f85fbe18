// Unit tests of js/cards.js (node --test): the smallest card face and the others.
import { test } from "node:test";
import assert from "node:assert/strict";
import { cardFace, cardGroups, cardName, cornerEms } from "../../js/cards.js";
import { setLang } from "../../js/i18n.js";

const count = (markup, part) => markup.text.split(part).length - 1;

test("the smallest card shows its sign and rank only, every other size its corner too", () => {
  for (const card of ["R5", "Y+2", "W+4", "10H", "QS", "JOKER"]) {
    const small = cardFace(card, { size: "card--xs" });
    assert.equal(count(small, "card__corner"), 0, card);
    assert.equal(count(small, "card__label"), 0, card);
    assert.equal(count(small, "card__big"), 1, card);
    assert.ok(small.text.includes(`data-card="${card}"`), card);
    for (const size of ["", "card--md", "card--xl"]) assert.equal(count(cardFace(card, { size }), "card__corner"), 1, `${card} ${size}`);
  }
  // a colour card: its colour's sign, on every size (the shape is for players who tell colours apart badly)
  assert.equal(count(cardFace("R5", { size: "card--xs" }), "icon--pip"), 1);
  assert.equal(count(cardFace("JOKER"), "card__label"), 1);
});

test("a named joker shows the named card's corner alone, not the star's over it", () => {
  for (const size of ["", "card--xl"]) {
    const face = cardFace("JOKER=10H", { size });
    assert.equal(count(face, "card__corner"), 1, size);
    assert.equal(count(face, "★"), 0, size);
    assert.equal(count(face, "card__label"), 1, size);
  }
  assert.equal(count(cardFace("JOKER"), "★"), 2); // the joker itself: its star in the corner and the middle
});

test("a corner is as wide as its mark unless its rank is wider: a 10, a +2, a +4, a wild card's W", () => {
  for (const card of ["R5", "GS", "BR", "QS", "AH", "9D", "JOKER", "JOKER=QH"]) assert.equal(cornerEms(card), 1, card);
  for (const card of ["10H", "JOKER=10S"]) assert.equal(cornerEms(card), 1.4, card);
  for (const card of ["R+2", "W+4"]) assert.equal(cornerEms(card), 1.55, card);
  assert.equal(cornerEms("W"), 1.1);
  assert.equal(cornerEms("nonsense"), 1);
});

test("a card's name keeps its rank on the line of the word after or before it (a no-break space)", async () => {
  // «3 бубен» wrapped with the 3 alone at a line's end (the move bar's hint, the log)
  const names = {
    ru: { "3D": "3\u00a0бубен", "10H": "10\u00a0червей", QS: "дама\u00a0пик", R5: "5\u00a0(красный)", "JOKER=7C": "джокер как 7\u00a0треф" },
    en: { "3D": "3\u00a0of diamonds", "10H": "10\u00a0of hearts", QS: "queen\u00a0of spades", R5: "red\u00a05", "JOKER=7C": "joker as 7\u00a0of clubs" },
  };
  for (const [lang, cards] of Object.entries(names)) {
    await setLang(lang);
    for (const [card, name] of Object.entries(cards)) assert.equal(cardName(card), name, `${lang} ${card}`);
  }
  await setLang("en");
});

test("a hand's cards left go a chip per colour or suit, named by every card, wild cards and jokers a chip each", async () => {
  await setLang("en");
  const chips = cardGroups(["R5", "R+2", "RR", "G7", "W", "W+4", "B1"]);
  assert.deepEqual(chips.map((c) => /data-cards?="([^"]*)"/.exec(c.text)[1]), ["R5 R+2 RR", "G7", "W", "W+4", "B1"]);
  // one mark of the colour, its ranks in the hand's order, every card in the name
  assert.equal(count(chips[0], "icon--pip"), 1);
  assert.ok(chips[0].text.includes("5\u2009+2\u2009⇄"), chips[0].text);
  const named = ["R5", "R+2", "RR"].map(cardName).join(", ");
  assert.ok(chips[0].text.includes(`aria-label="${named}"`), chips[0].text);
  const french = cardGroups(["10H", "QH", "JOKER", "2S", "AS"]);
  assert.deepEqual(french.map((c) => /data-cards?="([^"]*)"/.exec(c.text)[1]), ["10H QH", "JOKER", "2S AS"]);
  assert.ok(french[0].text.includes("10\u2009Q"), french[0].text);
  assert.deepEqual(cardGroups([]), []);
});
