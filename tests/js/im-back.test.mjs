// "I'm back" (docs/protocol.md `back`, `local_back`): a seat shown away says how to be back, a move
// or the button, on its own phone and, for a seat played on the TV, beside its name there; nobody
// else's screen offers it (the TV asks the host about an away phone instead).
import { test } from "node:test";
import assert from "node:assert/strict";
import { setLang } from "../../js/i18n.js";
import * as board from "../../js/board.js";
import { NO_PICK, phoneScreen } from "../../js/hand-ui.js";
import { tvScreen } from "../../js/table-ui.js";

const VIEW = { seat: 0, hand: ["B4", "G2"], counts: [2, 5], top: "B1", active: "B", direction: 1, pending: null, legal: [] };
const seats = (kind, away) => [
  { seat: 0, name: "Саша", kind, connected: true, id: kind === "phone" ? 1 : null, away, stand_in: away },
  { seat: 1, name: "Женя", kind: "phone", connected: true, host: true, id: 2 },
];
const message = (kind, away, seat) => ({ phase: "playing", seat, seats: seats(kind, away), spectators: [], awaiting: [1], events: [], view: VIEW, lobby: {} });
const phone = (away, seat = 0) => String(phoneScreen({ name: "Саша", muted: false, link: "open", msg: message("phone", away, seat), pick: NO_PICK }, { board }));
const tv = (kind, away) => String(tvScreen({ boot: "ready", picks: {}, sent: null, left: 5, invite: null, join: null,
  msg: { ...message(kind, away, undefined), view: { ...VIEW, hand: undefined }, local: kind === "local" ? { 0: VIEW } : {} } }));
/** The away banner's words and its button's, as read. */
const banner = (markup) => {
  const found = markup.match(/<p class="banner banner--away"[^>]*data-testid="away"[^>]*>([^<]*)<button[^>]*data-act="back"[^>]*>([^<]*)<\/button><\/p>/);
  return found && [found[1].trim(), found[2].replace("&#39;", "'")];
};

test("an away seat's phone says both ways back, with its button; no other phone does", async () => {
  await setLang("en");
  assert.deepEqual(banner(phone(true)), ["Two of your turns ran out: make a move or press", "I'm back"]);
  await setLang("ru");
  assert.deepEqual(banner(phone(true)), ["Два хода подряд без ответа: сделайте ход или нажмите", "Я здесь"]);
  assert.doesNotMatch(phone(false), /data-act="back"/); // a player who is here
  assert.doesNotMatch(phone(true, null), /data-act="back"/); // a spectator watching Саша
});

test("the TV offers it beside a seat played on it that is away, and for no phone's seat", async () => {
  await setLang("en");
  const local = tv("local", true);
  assert.deepEqual(banner(local), ["Two of your turns ran out: make a move or press", "I'm back"]);
  assert.match(local, /<div class="local__head"><h2 class="local__name">Саша<\/h2><p class="banner banner--away"/);
  assert.doesNotMatch(tv("local", false), /data-act="back"/);
  assert.doesNotMatch(tv("phone", true), /data-act="back"/);
});
