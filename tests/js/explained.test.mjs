// Explained events (issue 25): the phone says what a melee or a blocked hand lets its player do,
// a missed "last card" call says so on the penalised phone, and a last card announced by the game
// itself («Последняя») is a cue on the TV.
import { test } from "node:test";
import assert from "node:assert/strict";
import { setLang, t } from "../../js/i18n.js";
import { challenged, handPanel, missedCall, NO_PICK, phoneScreen, timedOut } from "../../js/hand-ui.js";
import * as board from "../../js/board.js";
import { eventLine, eventLog, pile, seatList } from "../../js/board.js";
import { cuesFor, newlyCalled } from "../../js/sound.js";
import { tvScreen } from "../../js/table-ui.js";

await setLang("en");
/** Markup as read: its text, every run of spaces one plain space (a card's name keeps its rank
 * on the line of its word with a no-break space, js/i18n). */
const text = (markup) => String(markup).replace(/<[^>]*>/g, " ").replace(/\s+/g, " ").trim();
const melee = { kind: "melee", suit: "H", need: "5H", defender: 1, count: 4 };

test("a melee says what this player may answer with, or that the others answer", () => {
  const view = { seat: 0, hand: ["5H", "JOKER", "7D"], legal: ["play 5H", "play JOKER=5H", "pass"], pending: melee };
  assert.match(text(handPanel(view, NO_PICK, { myTurn: true })), /Answer the melee: 5 of hearts or joker — or pass/);
  assert.match(text(handPanel({ ...view, legal: ["pass"] }, NO_PICK, { myTurn: true })), /Nothing to answer the melee with: pass/);
  assert.match(text(handPanel({ ...view, legal: [] }, NO_PICK, { waitingFor: "Борис" })), /Melee: the others may answer/);
  assert.doesNotMatch(text(handPanel(view, NO_PICK, { myTurn: true })), /End turn|Your turn/);
});

test("a blocked hand says why its only move is to end the turn", () => {
  const view = { seat: 0, hand: ["7D"], legal: ["pass"], pending: null };
  assert.match(text(handPanel(view, NO_PICK, { myTurn: true })), /Nothing to play and nothing to draw: end your turn/);
  assert.match(text(handPanel({ ...view, legal: ["draw", "pass"] }, NO_PICK, { myTurn: true })), /Your turn/);
});

test("a waiting pickup offers an answer on its seat's phone only when the seat has one to play", async () => {
  const seats = [{ seat: 0, name: "Анна" }, { seat: 1, name: "Борис" }];
  const pending = { kind: "pickup", seat: 0, count: 4 };
  const view = { seat: 0, hand: ["R5", "G+2"], legal: ["draw", "play G+2"], pending, top: "B+2", stock: 20, direction: 1, discard: 3 };
  const line = (msg) => text(pile({ seats, ...msg }));
  assert.match(line({ view }), /Анна must pick up 4 cards or counter/);
  // nothing to answer with: take the cards, said plainly
  const none = { ...view, hand: ["R5", "Y7"], legal: ["draw"] };
  assert.match(line({ view: none }), /Анна must pick up 4 cards/);
  assert.doesNotMatch(line({ view: none }), /counter/);
  // the TV and another seat's phone do not know the hand: the rule's choice, whatever it holds
  const { seat, hand, legal, ...open } = none;
  assert.match(line({ view: open }), /Анна must pick up 4 cards or counter/);
  assert.match(line({ view: { ...none, seat: 1, legal: [] } }), /Анна must pick up 4 cards or counter/);
  await setLang("ru");
  assert.match(line({ view: none }), /Анна: взять 4 карты(?! или)/);
  assert.match(line({ view }), /Анна: взять 4 карты или ответить/);
  await setLang("en");
});

test("the pass button ends the turn on one's own turn (000 rule 18: «Завершить ход»), and passes in a melee", async () => {
  const drawn = { seat: 0, hand: ["7D", "R5"], legal: ["play R5", "pass"], pending: { kind: "drawn", seat: 0 } };
  assert.match(text(handPanel(drawn, NO_PICK, { myTurn: true })), /End turn/);
  assert.doesNotMatch(text(handPanel(drawn, NO_PICK, { myTurn: true })), /\bPass\b/);
  const inMelee = { seat: 0, hand: ["7D"], legal: ["pass"], pending: melee };
  assert.match(text(handPanel(inMelee, NO_PICK, { myTurn: true })), /\bPass\b/);
  await setLang("ru");
  assert.match(text(handPanel(drawn, NO_PICK, { myTurn: true })), /Завершить ход/);
  await setLang("en");
});

test("the penalised phone is told of its missed call until it moves again", () => {
  const draw = { type: "draw", seat: 0, count: 2, reason: "last", cards: ["7D", "8D"], n: 5 };
  assert.equal(missedCall({ seat: 0, events: [draw] }), 2);
  assert.equal(missedCall({ seat: 0, events: [draw, { type: "play", seat: 1, n: 6 }] }), 2);
  assert.equal(missedCall({ seat: 0, events: [draw, { type: "play", seat: 0, n: 6 }] }), 0);
  assert.equal(missedCall({ seat: 1, events: [draw] }), 0);
  // caught by a Skip or a Draw Two that also lands on it: still told (it has not moved)
  const skip = { type: "skip", seat: 0, n: 7 };
  const drawTwo = { type: "draw", seat: 0, count: 2, reason: "penalty", n: 7 };
  assert.equal(missedCall({ seat: 0, events: [{ type: "play", seat: 1, n: 5 }, draw, skip] }), 2);
  assert.equal(missedCall({ seat: 0, events: [draw, drawTwo, { ...skip, n: 8 }] }), 2);
  assert.equal(missedCall({ seat: 0, events: [draw, skip, { type: "draw", seat: 0, count: 1, reason: "draw", n: 9 }] }), 0);
  // its own log line keeps the reason though the cards are shown to it
  const msg = { seats: [{ seat: 0, name: "Анна" }], texts: { events: { en: { "draw.last": "{name} did not call in time and drew {n}", "draw.cards": "{name} drew {cards}" } } } };
  assert.equal(eventLine(msg, draw), "Анна did not call in time and drew 2");
});

test("the challenger's phone says what hand it was shown and what the challenge cost", () => {
  const play = { type: "play", seat: 1, cards: ["W+4"], action: "play W+4 G", n: 4 };
  const shown = { type: "challenge", seat: 0, aggressor: 1, cards: ["YS", "B9"], guilty: false, n: 5 };
  const lost = { type: "draw", seat: 0, count: 6, reason: "challenge", cards: ["R1", "R2", "R3", "R4", "R5", "R6"], n: 6 };
  assert.deepEqual(challenged({ seat: 0, events: [play, shown, lost] }), { seat: 1, cards: ["YS", "B9"], guilty: false, n: 6 });
  assert.deepEqual(challenged({ seat: 0, events: [play, shown, lost, { type: "play", seat: 1, n: 7 }] })?.n, 6);
  const bluff = { ...shown, guilty: true, cards: ["R7"] };
  const caught = { type: "draw", seat: 1, count: 4, reason: "bluff", n: 6 };
  assert.deepEqual(challenged({ seat: 0, events: [play, bluff, caught] }), { seat: 1, cards: ["R7"], guilty: true, n: 4 });
  // gone once the challenger moves again; never on another phone (no cards there)
  assert.equal(challenged({ seat: 0, events: [play, bluff, caught, { type: "play", seat: 0, n: 7 }] }), null);
  assert.equal(challenged({ seat: 2, events: [play, { ...shown, cards: undefined }, lost] }), null);
  assert.equal(challenged({ seat: 1, events: [play, shown, lost] }), null);
  assert.equal(t("hand.challengeLost", { name: "Bot 1", cards: "yellow Skip, blue 9", n: 6 }), "Bot 1 showed you their hand: yellow Skip, blue 9. No bluff: you drew 6 cards and lost your turn.");
});

// What the table sends when a turn's time runs out (tablehost's `_missed` and `Game.time_out`, as
// tests/controller/test_timers.py and test_classic_table.py see them): whose time ran out and on
// what decision (`pending`), then what the table did for the seat, for every decision a time-out
// makes (docs/engine-api.md, "Timers, removal, seats"); each pass marked with what it answered.
const late = (seat, n, pending) => ({ type: "time_out", seat, n, ...(pending ? { pending } : {}) });
const owed = (reason, count, n) => ({ type: "draw", seat: 0, count, cards: ["B1", "B2", "B3", "B4", "B5"].slice(0, count), reason, n });
const TIMED_OUT = {
  drew: [late(0, 1), { type: "draw", seat: 0, count: 1, cards: ["R7"], reason: "draw", n: 2 }, { type: "pass", seat: 0, pending: "drawn", n: 3 }],
  kept: [{ type: "draw", seat: 0, count: 1, cards: ["R7"], reason: "draw", n: 1 }, late(0, 2, "drawn"), { type: "pass", seat: 0, pending: "drawn", n: 3 }],
  // nothing to draw: the turn ends
  blocked: [late(0, 2), { type: "pass", seat: 0, blocked: true, n: 3 }],
  // a 3 played: any card may go on it (Last One, «Последний игрок»)
  free: [{ type: "play", seat: 0, cards: ["3H"], n: 1 }, late(0, 2, "free"), { type: "pass", seat: 0, pending: "free", n: 3 }],
  // a Draw Two stacked on (the house rule), Last Card's 2s and 5s: all picked up
  pickup: [{ type: "play", seat: 1, cards: ["R+2", "G+2"], n: 1 }, late(0, 2, "pickup"), owed("pickup", 4, 3)],
  // a Classic Wild Draw Four: not challenged, drawn
  challenge: [late(0, 2, "challenge"), owed("penalty", 4, 3)],
  // «Последний игрок»'s 4-chain: the 5 of its suit not played
  chain: [{ type: "play", seat: 1, cards: ["4S"], n: 1 }, late(0, 2, "chain"), owed("chain", 4, 3)],
  // Last One's melee: its window runs out on the defender, which draws the last card's pips
  melee: [{ type: "play", seat: 1, cards: ["4H"], n: 1 }, { type: "melee", seat: 1, count: 4, n: 2 }, late(0, 3, "melee"), owed("melee", 4, 4)],
  // a Classic Wild starter: the table names a colour; Last Card's ace starter: its suit stands
  colour: [late(0, 1, "suit"), { type: "suit", seat: 0, active: "G", timed_out: true, n: 2 }],
  suit: [late(0, 1, "suit"), { type: "suit", seat: 0, active: "S", timed_out: true, n: 2 }],
};

test("a seat whose time ran out is told what the table did for it until it moves again", () => {
  const away = { type: "away", seat: 0, n: 4 };
  assert.deepEqual(timedOut({ seat: 0, events: TIMED_OUT.drew }), { kind: "draw", n: 1 });
  assert.deepEqual(timedOut({ seat: 0, events: [...TIMED_OUT.drew, away] }), { kind: "draw", n: 1 });
  // a card drawn before the time ran out stays: the table only ended the turn
  assert.deepEqual(timedOut({ seat: 0, events: TIMED_OUT.kept }), { kind: "end", n: 0 });
  assert.deepEqual(timedOut({ seat: 0, events: TIMED_OUT.blocked }), { kind: "end", n: 0 });
  assert.deepEqual(timedOut({ seat: 0, events: TIMED_OUT.free }), { kind: "free", n: 0 });
  // cards it owed (stacking, Last Card's chain, a Wild Draw Four not challenged, a 4-chain, a
  // melee): taken
  assert.deepEqual(timedOut({ seat: 0, events: TIMED_OUT.pickup }), { kind: "pickup", n: 4 });
  assert.deepEqual(timedOut({ seat: 0, events: TIMED_OUT.challenge }), { kind: "challenge", n: 4 });
  assert.deepEqual(timedOut({ seat: 0, events: TIMED_OUT.chain }), { kind: "chain", n: 4 });
  assert.deepEqual(timedOut({ seat: 0, events: TIMED_OUT.melee }), { kind: "melee", n: 4 });
  // a colour named, a suit let stand: said while the seat plays the turn they leave it
  assert.deepEqual(timedOut({ seat: 0, events: TIMED_OUT.colour }), { kind: "colour", n: 0, active: "G" });
  assert.deepEqual(timedOut({ seat: 0, events: TIMED_OUT.suit }), { kind: "suit", n: 0, active: "S" });
  assert.equal(timedOut({ seat: 0, events: [...TIMED_OUT.suit, { type: "play", seat: 0, cards: ["5S"], n: 3 }] }), null);
  // a table that named no decision (a table of an older version): the plain turn's words
  const { pending, ...bare } = TIMED_OUT.free[1];
  assert.deepEqual(timedOut({ seat: 0, events: [TIMED_OUT.free[0], bare, TIMED_OUT.free[2]] }), { kind: "end", n: 0 });
  // the others' moves, and what lands on it (a Draw Two, a Skip), leave it said
  const others = [{ type: "play", seat: 1, n: 5 }, { type: "draw", seat: 0, count: 2, reason: "penalty", n: 6 }, { type: "skip", seat: 0, n: 7 }];
  assert.deepEqual(timedOut({ seat: 0, events: [...TIMED_OUT.drew, ...others] }), { kind: "draw", n: 1 });
  assert.deepEqual(timedOut({ seat: 0, events: [...TIMED_OUT.melee, ...others] }), { kind: "melee", n: 4 });
  // gone with its own next move, at a new deal, and never on another seat's phone
  assert.equal(timedOut({ seat: 0, events: [...TIMED_OUT.drew, { type: "play", seat: 1, n: 4 }, { type: "play", seat: 0, n: 5 }] }), null);
  assert.equal(timedOut({ seat: 0, events: [...TIMED_OUT.drew, { type: "draw", seat: 0, count: 1, reason: "draw", n: 4 }] }), null);
  assert.equal(timedOut({ seat: 0, events: [...TIMED_OUT.drew, { type: "deal", hand: 2, seat: 1, n: 4 }] }), null);
  for (const events of Object.values(TIMED_OUT)) assert.equal(timedOut({ seat: 1, events }), null);
  // a missed call's penalty after it is the latest: said by its own banner
  const missed = { type: "draw", seat: 0, count: 2, reason: "last", n: 4 };
  assert.equal(timedOut({ seat: 0, events: [...TIMED_OUT.drew, missed] }), null);
  assert.equal(missedCall({ seat: 0, events: [...TIMED_OUT.drew, missed] }), 2);
});

/** Every time-out's banner on a phone, in both languages: what the table did, concretely. */
const BANNERS = {
  ru: {
    drew: "Время на ход вышло: игра взяла за вас карту и завершила ход.",
    kept: "Время на ход вышло: игра завершила ваш ход.",
    blocked: "Время на ход вышло: игра завершила ваш ход.",
    free: "Время на ход вышло: игра ничего не положила на вашу тройку и завершила ход.",
    pickup: "Время на ход вышло: игра забрала за вас 4 карты, и вы пропустили ход.",
    challenge: "Время на ход вышло: игра не стала оспаривать «Возьми четыре», забрала за вас 4 карты, и вы пропустили ход.",
    chain: "Время на ход вышло: игра не продолжила цепочку, взяла за вас 4 карты, и вы пропустили ход.",
    melee: "Время на ответ в схватке вышло: схватка проиграна, вы взяли 4 карты и пропустили ход.",
    colour: "Время на ход вышло: игра назвала за вас цвет — зелёный. Ход по-прежнему ваш.",
    suit: "Время на ход вышло: остаётся масть туза — пики. Ход по-прежнему ваш.",
  },
  en: {
    drew: "Your time ran out: the game drew a card for you and ended your turn.",
    kept: "Your time ran out: the game ended your turn.",
    blocked: "Your time ran out: the game ended your turn.",
    free: "Your time ran out: the game laid no card on your 3 and ended your turn.",
    pickup: "Your time ran out: the game picked up 4 cards for you, and you lost your turn.",
    challenge: "Your time ran out: the game did not challenge the Wild Draw Four; it drew 4 cards for you, and you lost your turn.",
    chain: "Your time ran out: the game did not follow the chain; it drew 4 cards for you, and you lost your turn.",
    melee: "Time for the melee ran out: you lost it, drew 4 cards and missed your turn.",
    colour: "Your time ran out: the game named green for you. It is still your turn.",
    suit: "Your time ran out: the ace’s suit, spades, stays in force. It is still your turn.",
  },
};

test("the phone says above the hand what its time-out did, whatever the decision", async () => {
  const seats = [{ seat: 0, name: "Саша", kind: "phone", connected: true, id: 1 }, { seat: 1, name: "Женя", kind: "phone", connected: true, id: 2 }];
  const view = { seat: 0, hand: ["B4", "R7"], counts: [2, 5], top: "B1", active: "B", direction: 1, pending: null, legal: [] };
  const screen = (events, seat = 0) => {
    const msg = { phase: "playing", seat, seats, spectators: [], awaiting: [1], events, view, lobby: {} };
    const banner = String(phoneScreen({ name: "Саша", link: "open", msg, pick: NO_PICK }, { board })).match(/<p class="banner"[^>]*data-testid="timed-out"[^>]*>([^<]*)</);
    return banner?.[1] ?? null;
  };
  assert.deepEqual(Object.keys(BANNERS.en).sort(), Object.keys(TIMED_OUT).sort());
  for (const code of ["ru", "en"]) {
    await setLang(code);
    for (const [kind, events] of Object.entries(TIMED_OUT)) {
      assert.equal(screen(events), BANNERS[code][kind], `${code} ${kind}`);
      assert.equal(screen(events, 1), null, `${code} ${kind} on another phone`);
    }
  }
  await setLang("en");
});

test("a melee's window that ran out is said as the melee's, not as a turn's", () => {
  // the words are the ruleset's (py/lastcard/words.py EVENTS), keyed as its event_key keys them
  const words = { time_out: "{name}’s time ran out", "time_out.melee": "Time for the melee ran out" };
  const msg = { seats: [{ seat: 0, name: "Анна" }], texts: { events: { en: words } } };
  assert.equal(eventLine(msg, late(0, 1)), "Анна’s time ran out");
  assert.equal(eventLine(msg, late(0, 1, "free")), "Анна’s time ran out");
  assert.equal(eventLine(msg, late(0, 1, "melee")), "Time for the melee ran out");
});

test("a penalty that costs the turn is one line, the skip after it folded in", () => {
  const words = { play: "{name} played {cards}", "draw.penalty": "{name} drew {n} and lost the turn", skip: "{name} is skipped" };
  const msg = { seats: [{ seat: 0, name: "Анна" }, { seat: 1, name: "Борис" }], texts: { events: { en: words } } };
  const play = { type: "play", seat: 0, cards: ["R+2"], action: "play R+2", n: 1 };
  const draw = { type: "draw", seat: 1, count: 2, reason: "penalty", n: 2 };
  const lines = (events) => [...String(eventLog({ ...msg, events })).matchAll(/<li[^>]*>([^<]*)<\/li>/g)].map((m) => text(m[1]));
  assert.deepEqual(lines([play, draw, { type: "skip", seat: 1, n: 3 }]), ["Борис drew 2 and lost the turn", "Анна played red Draw Two"]);
  // a skip of its own (a Skip card) is a line
  assert.deepEqual(lines([play, { type: "skip", seat: 1, n: 2 }]), ["Борис is skipped", "Анна played red Draw Two"]);
});

test("a draw of one card at a time is one line: the seat's plain draws in a row, added up", () => {
  const words = { draw: "{name} drew {n:card|cards}", "draw.cards": "{name} drew {cards}", "draw.pickup": "{name} picked up {n}", reshuffle: "Shuffled" };
  const msg = { seats: [{ seat: 0, name: "Анна" }, { seat: 1, name: "Борис" }], texts: { events: { en: words } } };
  const lines = (events) => [...String(eventLog({ ...msg, events })).matchAll(/<li[^>]*>([^<]*)<\/li>/g)].map((m) => text(m[1]));
  const draw = (seat, n, more = {}) => ({ type: "draw", seat, count: 1, reason: "draw", n, ...more });
  assert.deepEqual(lines([draw(0, 1), draw(0, 2), draw(0, 3)]), ["Анна drew 3 cards"]);
  assert.deepEqual(lines([draw(0, 1), draw(1, 2), draw(1, 3)]), ["Борис drew 2 cards", "Анна drew 1 card"]);
  assert.deepEqual(lines([{ type: "draw", seat: 0, count: 2, reason: "pickup", n: 1 }, draw(0, 2)]), ["Анна drew 1 card", "Анна picked up 2"]);
  assert.deepEqual(lines([draw(0, 1), { type: "reshuffle", count: 40, n: 2 }, draw(0, 3)]), ["Анна drew 1 card", "Shuffled", "Анна drew 1 card"]);
  // the drawer's own screen names the cards, all of them
  assert.deepEqual(lines([draw(0, 1, { cards: ["R5"] }), draw(0, 2, { cards: ["G7"] })]), ["Анна drew red 5, green 7"]);
  // the newest line keeps the newest event's key (a new draw is a new line to the screen)
  assert.match(String(eventLog({ ...msg, events: [draw(0, 1), draw(0, 2)] })), /data-key="e2"/);
});

test("a pass says what it answered: the drawn card kept, a 3's free card not laid, nothing to do, a melee's pass", async () => {
  const words = {
    en: { pass: "{name} passed", "pass.drawn": "{name} kept the drawn card", "pass.free": "{name} laid no card on the 3", "pass.blocked": "{name} could not play or draw" },
    ru: { pass: "{name} пасует", "pass.drawn": "{name} оставляет взятую карту себе", "pass.free": "{name} ничего не кладёт на тройку", "pass.blocked": "{name} не может ни сыграть, ни взять карту" },
  };
  const msg = { seats: [{ seat: 0, name: "Анна" }], texts: { events: words } };
  const pass = (more) => ({ type: "pass", seat: 0, n: 1, ...more });
  const said = () => [pass({ pending: "drawn" }), pass({ pending: "free" }), pass({ blocked: true }), pass({ pending: "melee" }), pass({})].map((e) => eventLine(msg, e));
  assert.deepEqual(said(), ["Анна kept the drawn card", "Анна laid no card on the 3", "Анна could not play or draw", "Анна passed", "Анна passed"]);
  await setLang("ru");
  assert.deepEqual(said(), ["Анна оставляет взятую карту себе", "Анна ничего не кладёт на тройку", "Анна не может ни сыграть, ни взять карту", "Анна пасует", "Анна пасует"]);
  await setLang("en");
});

test("a suit the clock let stand is not said as the player's choice", () => {
  const words = { suit: "{name} named {suit}", "suit.time_out": "In force: {suit}" };
  const msg = { seats: [{ seat: 0, name: "Анна" }], texts: { events: { en: words } } };
  assert.equal(eventLine(msg, { type: "suit", seat: 0, active: "S", n: 1 }), "Анна named spades");
  assert.equal(eventLine(msg, { type: "suit", seat: 0, active: "S", timed_out: true, n: 2 }), "In force: spades");
});

test("a removed seat says it is out of the game, not that its phone is offline", () => {
  const seat = { seat: 0, name: "Анна", kind: "phone", connected: false, count: 3 };
  assert.match(text(seatList({ seats: [seat] })), /phone · offline/);
  const removed = text(seatList({ seats: [{ ...seat, removed: true }] }));
  assert.match(removed, /removed/);
  assert.doesNotMatch(removed, /offline/);
});

test("a last card announced by the game is a cue, once", () => {
  const before = { phase: "playing", awaiting: [1], view: { called: [] } };
  const after = { phase: "playing", awaiting: [1], view: { called: [0] }, events: [] };
  assert.deepEqual(newlyCalled(before, after), [0]);
  assert.deepEqual(cuesFor(before, after), ["last"]);
  assert.deepEqual(cuesFor(after, { ...after }), []);
});

test("a player's own bot that gave no move: the turn timed out on its turn, out of turn it only declined", async () => {
  const msg = { seats: [{ seat: 0, name: "Clever" }] };
  const fault = { type: "bot_fault", seat: 0, fault: "error", detail: "KeyError: 'x'" };
  assert.equal(eventLine(msg, fault), "Clever: the bot's code failed (KeyError: 'x'), the turn timed out");
  assert.equal(eventLine(msg, { ...fault, fault: "slow", declined: true }), "Clever: no move in time");
  await setLang("ru");
  assert.equal(eventLine(msg, { ...fault, fault: "illegal", detail: "42" }), "Clever: недопустимый ход (42), время на ход вышло");
  assert.equal(eventLine(msg, { ...fault, declined: true }), "Clever: ошибка в коде бота (KeyError: 'x')");
  await setLang("en");
});

test("the TV says beside the hand played on it what just happened to that seat, as its phone would", async () => {
  // Саша plays on the TV (seat 0), Женя on a phone (seat 1), a bot (seat 2)
  const seats = [{ seat: 0, name: "Саша", kind: "local", connected: true, id: null }, { seat: 1, name: "Женя", kind: "phone", connected: true, id: 2 },
    { seat: 2, name: "Bot 2", kind: "bot", connected: true, id: null }];
  const view = { seat: 0, hand: ["B4", "R7"], counts: [2, 5, 4], top: "R1", active: "R", direction: 1, pending: null, legal: [] };
  const tv = (events, phase = "playing") => String(tvScreen({ boot: "ready", picks: {}, sent: null, left: 5, invite: null, join: null,
    msg: { phase, seats, spectators: [], awaiting: [1], events, view: { ...view, hand: undefined, legal: undefined }, local: { 0: view }, lobby: {} } }));
  const said = (markup, testid) => {
    const line = markup.match(new RegExp(`<p class="banner"[^>]*data-testid="${testid}"[^>]*>([^<]*)<`));
    return line && text(line[1]);
  };
  const play = { type: "play", seat: 2, cards: ["W+4"], action: "play W+4 R", n: 4 };
  const shown = { type: "challenge", seat: 0, aggressor: 2, cards: ["YS", "B9"], guilty: false, n: 5 };
  const lost = { type: "draw", seat: 0, count: 6, reason: "challenge", n: 6 };
  await setLang("en");
  const markup = tv([play, shown, lost]);
  assert.equal(said(markup, "challenged"), "Bot 2 showed you their hand: yellow Skip, blue 9. No bluff: you drew 6 cards and lost your turn.");
  assert.match(markup, /<div class="local__head"><h2 class="local__name">Саша<\/h2><p class="banner"/); // beside the seat's name
  const bluff = { ...shown, guilty: true, cards: ["R7"] };
  assert.equal(said(tv([play, bluff, { type: "draw", seat: 2, count: 4, reason: "bluff", n: 6 }]), "challenged"), "Bot 2 showed you their hand: red 7. A bluff: Bot 2 drew 4 cards, and it is your turn.");
  // a phone's challenge comes to the TV without its cards: nothing said, nothing of the hand shown
  const phones = tv([{ ...play, seat: 0 }, { type: "challenge", seat: 1, aggressor: 0, guilty: false, n: 5 }, { ...lost, seat: 1 }]);
  assert.equal(said(phones, "challenged"), null);
  assert.doesNotMatch(phones, /showed you/);
  // the missed call and the time-out, in the phone's words
  await setLang("ru");
  assert.equal(said(tv([{ type: "draw", seat: 0, count: 2, reason: "last", n: 4 }]), "missed-call"), "Вы не нажали «Последняя!» вовремя и взяли 2 штрафные карты.");
  assert.equal(said(tv(TIMED_OUT.drew), "timed-out"), "Время на ход вышло: игра взяла за вас карту и завершила ход.");
  assert.equal(said(tv(TIMED_OUT.suit), "timed-out"), "Время на ход вышло: остаётся масть туза — пики. Ход по-прежнему ваш.");
  assert.equal(said(tv(TIMED_OUT.melee), "timed-out"), "Время на ответ в схватке вышло: схватка проиграна, вы взяли 4 карты и пропустили ход.");
  // gone once the seat moves again, and never at the results
  assert.equal(said(tv([play, shown, lost, { type: "play", seat: 0, cards: ["B4"], n: 7 }]), "challenged"), null);
  assert.equal(said(tv([play, shown, lost], "over"), "challenged"), null);
  await setLang("en");
});
