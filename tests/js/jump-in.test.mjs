// The TV's own hand between its move and the table's answer (js/table.js `sent`): its legal list
// is still its turn's, which is no jump-in. It said "Jump in out of turn with …" for that moment
// (and the remote's focus went to that card), or "Waiting for" its own player.
import { test } from "node:test";
import assert from "node:assert/strict";
import { setLang } from "../../js/i18n.js";
import { tvScreen } from "../../js/table-ui.js";

const VIEW = { seat: 0, hand: ["B4", "B8", "G2"], counts: [3, 5], top: "B1", active: "B", direction: 1, pending: null, legal: ["draw", "play B4", "play B8"] };
const SEATS = [
  { seat: 0, name: "Zoe", kind: "local", connected: true, id: "l0" },
  { seat: 1, name: "Bot 1", kind: "bot", connected: true, id: "b1" },
];
const screen = ({ awaiting, sent }) => {
  const msg = { phase: "playing", state: 7, seats: SEATS, spectators: [], awaiting, paused: false, events: [], local: { 0: VIEW }, lobby: {} };
  return String(tvScreen({ boot: "ready", msg, picks: {}, sent, left: 5, invite: null, join: null }));
};

test("the TV's hand says it may jump in out of turn, and not while its own move is on its way", async () => {
  await setLang("en");
  assert.match(screen({ awaiting: [1], sent: null }), /data-testid="jump-in"/); // a jump-in
  assert.match(screen({ awaiting: [0], sent: null }), /data-testid="your-turn"/);
  const moving = screen({ awaiting: [0], sent: 7 });
  assert.doesNotMatch(moving, /data-testid="jump-in"|data-testid="your-turn"|Waiting for/);
});
