// A paused game offers no move (rules section I, 45: nobody acts until it is resumed): on the
// phone and on the TV's own hand, the hand stays in sight with no card raised, no move button on
// and no "Your turn" or jump-in line; the table would refuse the move with "The game is paused".
import { test } from "node:test";
import assert from "node:assert/strict";
import { setLang } from "../../js/i18n.js";
import * as board from "../../js/board.js";
import { handIntent, held, NO_PICK, phoneScreen } from "../../js/hand-ui.js";
import { tvScreen } from "../../js/table-ui.js";

const VIEW = { seat: 0, hand: ["B4", "B8", "G2"], counts: [3, 5], top: "B1", active: "B", direction: 1, pending: null, legal: ["draw", "play B4", "play B8"] };
const SEATS = [
  { seat: 0, name: "Женя", kind: "phone", connected: true, id: "p0" },
  { seat: 1, name: "Мария", kind: "phone", connected: true, host: true, id: "p1" },
];
const message = (paused) => ({ phase: "playing", seat: 0, seats: SEATS, spectators: [], awaiting: [0], paused, events: [], view: VIEW, lobby: {} });
const phone = (paused) => String(phoneScreen({ name: "Женя", muted: false, link: "open", msg: message(paused), pick: NO_PICK }, { board }));
const enabled = (markup) => markup.match(/<button[^>]*data-act="(card|send)"[^>]*>/g)?.filter((b) => !/disabled/.test(b)) ?? [];

test("the phone on its turn in a paused game: the hand shown, nothing to tap, no turn line", async () => {
  await setLang("ru");
  const playing = phone(false);
  assert.match(playing, /data-testid="your-turn"/);
  assert.ok(enabled(playing).length > 0);
  const paused = phone(true);
  assert.match(paused, /data-testid="paused"/);
  assert.match(paused, /data-card="B4"/);
  assert.doesNotMatch(paused, /is-legal|data-testid="your-turn"|data-testid="jump-in"/);
  assert.deepEqual(enabled(paused), []);
  assert.doesNotMatch(paused, /Ждём/);
});

test("the TV's own hand in a paused game: no card raised, no move on, no waiting on itself", async () => {
  await setLang("en");
  const msg = { ...message(true), seat: undefined, view: undefined, local: { 0: VIEW } };
  const s = { boot: "ready", msg, picks: {}, sent: null, left: 5, invite: null, join: null };
  const tv = String(tvScreen(s));
  assert.match(tv, /data-card="B4"/);
  assert.doesNotMatch(tv, /is-legal|data-testid="your-turn"|data-testid="jump-in"|Waiting for/);
  assert.deepEqual(enabled(tv), []);
});

test("a tap on a paused hand's card does nothing: no move sent, no picker opened (js/hand.js taps the held view)", () => {
  const view = { ...VIEW, hand: ["B4", "W"], legal: ["play B4", "play W R", "play W Y", "play W B", "play W G", "draw"] };
  for (const card of ["B4", "W"]) {
    const intent = handIntent({ dataset: { act: "card", card } }, held(view), NO_PICK);
    assert.equal(intent?.send, undefined, card);
    assert.equal(intent?.pick?.choice ?? null, null, card);
  }
  assert.equal(handIntent({ dataset: { act: "send", action: "draw" } }, held(view), NO_PICK).send, undefined);
});
