// A card that is played only together with another of its rank (Last Card: 3♠ on a 2♥, with 3♥ in
// hand) selected: the move bar says which card to add, on the phone and on the TV's own hand.
// The line said nothing of which card, under the cards, where the phone's move bar (fixed at the
// foot) covered it: a tap on 3♠ showed a greyed Play and no word of 3♥.
import { test } from "node:test";
import assert from "node:assert/strict";
import { setLang } from "../../js/i18n.js";
import * as board from "../../js/board.js";
import { phoneScreen } from "../../js/hand-ui.js";
import { tvScreen } from "../../js/table-ui.js";

const LEGAL = ["draw", "play 3H", "play 3H 3S", "play 3S 3H", "play 3H 3S 3D", "play 3S 3H 3D", "play 3H 3D 3S", "play 3S 3D 3H"];
const VIEW = { seat: 0, hand: ["3S", "8S", "3H", "QC", "3D"], counts: [5, 5], top: "2H", active: "H", direction: 1, pending: null, legal: LEGAL };
const SEATS = [
  { seat: 0, name: "Sam", kind: "phone", connected: true, id: "p0" },
  { seat: 1, name: "Alex", kind: "phone", connected: true, host: true, id: "p1" },
];
const msg = { phase: "playing", seat: 0, seats: SEATS, spectators: [], awaiting: [0], paused: false, events: [], view: VIEW, lobby: {} };
const phone = (selection) => String(phoneScreen({ name: "Sam", muted: false, link: "open", msg, pick: { selection, choice: null } }, { board }));
const tv = (selection) => {
  const local = { ...msg, seat: undefined, view: undefined, local: { 0: VIEW }, seats: [{ ...SEATS[0], kind: "local" }, SEATS[1]] };
  return String(tvScreen({ boot: "ready", msg: local, picks: { 0: { selection, choice: null } }, sent: null, left: 5, invite: null, join: null }));
};
/** The move bar's line (inside `.hand__actions`, which the phone keeps in sight), as text read
 * (a card's name keeps its rank on its word's line with a no-break space: a plain one here). */
const bar = (markup) => {
  const actions = markup.slice(markup.indexOf('class="hand__actions'));
  return actions.match(/<p class="hand__hint"[^>]*>([^<]*)<\/p>/)?.[1].replace(/\s/g, " ") ?? null;
};
const play = (markup) => markup.match(/<button[^>]*data-act="play-selection"[^>]*>/)[0];

for (const [where, screen] of [["the phone", phone], ["the TV's own hand", tv]]) {
  test(`${where}: a card played only with another says which to add`, async () => {
    await setLang("en");
    const alone = screen(["3S"]);
    assert.match(play(alone), /disabled/);
    assert.equal(bar(alone), "Add 3 of hearts or 3 of diamonds, then press Play");
    assert.equal(bar(screen(["3S", "3D"])), "Add 3 of hearts, then press Play");
    const playable = screen(["3H"]);
    assert.doesNotMatch(play(playable), /disabled/);
    assert.equal(bar(playable), "Press Play, or add 3 of spades or 3 of diamonds too");
    assert.equal(bar(screen(["3H", "3S", "3D"])), null); // nothing left to add: Play says it
    await setLang("ru");
    assert.equal(bar(screen(["3S"])), "Добавьте карту: 3 червей или 3 бубен — и нажмите «Сыграть»");
    assert.equal(bar(screen(["3H"])), "Нажмите «Сыграть» или добавьте ещё карту: 3 пик или 3 бубен");
  });
}
