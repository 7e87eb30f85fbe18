// Renders every line a player reads about a player, for tests/js/test_words.py: every event kind
// of every ruleset (its event words, through js/board.js's eventLine), every string of the pages
// (js/i18n/<code>.js), and the seat list, strip and results in each state a seat can be in, in
// both languages, for the players «Анна» and «Борис». Reads the rulesets' event words (JSON) on
// stdin; writes {lang: [line, ...]} as JSON.
import { readFileSync } from "node:fs";
import { LANGS, setLang, t } from "../../js/i18n.js";
import { eventLine, results, seatList, seatStrip, matchLine, turnLine } from "../../js/board.js";
import { handPanel, NO_PICK } from "../../js/hand-ui.js";

const rulesets = JSON.parse(readFileSync(0, "utf8"));
const strings = Object.fromEntries(await Promise.all(LANGS.map(async (code) => [code, (await import(`../../js/i18n/${code}.js`)).default])));
const NAMES = ["Анна", "Борис"];
const text = (markup) => String(markup).replace(/<[^>]*>/g, " ").replace(/\s+/g, " ").trim();

/** An event of each key (py/lastcard/words.py's `event_key`) about `seat`. */
function eventFor(key, seat) {
  const [type, reason] = key.split(".");
  if (type === "draw") return reason === "cards" ? { type, seat, count: 2, reason: "draw", cards: ["R7", "B+2"] } : { type, seat, count: 2, reason: reason ?? "draw" };
  if (key === "play.named") return { type: "play", seat, action: "play W+4 R", cards: ["W+4"] };
  if (type === "play") return { type, seat, action: "play +2B", cards: ["B+2", "QH"] };
  if (key === "suit.time_out") return { type: "suit", seat, active: "H", timed_out: true };
  if (key === "pass.blocked") return { type, seat, blocked: true };
  if (type === "pass") return { type, seat, ...(reason ? { pending: reason } : {}) };
  return { type, seat, count: 4, active: "H", hand: 2 };
}

function seats(state) {
  return NAMES.map((name, seat) => ({ seat, name, kind: "phone", connected: seat === 0 || state !== "offline", score: 10, host: seat === 0, removed: state === "removed" && seat === 0, away: state === "away" || state === "standIn", stand_in: state === "standIn", id: `p${seat}` }));
}

function tableStates() {
  const lines = [];
  for (const state of ["playing", "removed", "offline", "away", "standIn", "out"]) {
    const msg = {
      phase: "playing", seat: 0, seats: seats(state), awaiting: [0, 1], match: { hand: 2, of: 5, dealer: 0 },
      view: { counts: [1, 3], called: [0], eliminated: state === "out" ? [0] : [], dealer: 0, active: "H", pending: { kind: "melee", suit: "H", need: "5H", defender: 0, count: 4 }, hand: ["5H"], legal: ["play 5H", "pass"], seat: 0 },
    };
    lines.push(text(seatList(msg, { host: true })), text(seatStrip(msg)), text(matchLine(msg)), text(turnLine(msg, 5)), text(handPanel(msg.view, NO_PICK, { myTurn: true })));
  }
  const history = [1, 2, 3].map((hand) => ({ hand, winners: [1], scores: [hand * 100, 0], eliminated: hand === 3 ? [0] : [] }));
  for (const winners of [[0], [1], []]) {
    const msg = { phase: "over", seats: seats("over"), view: {}, lobby: { description: { features: { match: "score" } } }, result: { winners, match_winners: winners, match_over: true, blocked: !winners.length, history } };
    lines.push(text(results(msg, { host: true })), text(results(msg)));
  }
  return lines;
}

const VARS = { name: "Анна", names: "Анна, Борис", defender: "Анна", n: 2, count: 2, of: 5, hand: 2, min: 2, max: 10, value: 7, yes: 1, suit: "черви", need: "5 червей", cards: "5 червей", colour: "красный", rank: "7", card: "7", level: "лёгкий", what: "Карт на руки: 9", error: "—", missing: "—", loaded: 1, total: 9, words: "кот, дом", code: "x" };
const out = {};
for (const code of LANGS) {
  await setLang(code);
  const lines = [];
  for (const [ruleset, words] of Object.entries(rulesets)) {
    const msg = { seats: NAMES.map((name, seat) => ({ seat, name })), texts: { events: words } };
    for (const key of Object.keys(words[code])) for (const seat of [0, 1]) lines.push(`${ruleset} ${key}: ${eventLine(msg, eventFor(key, seat))}`);
  }
  for (const key of Object.keys(strings[code])) lines.push(`${key}: ${t(key, VARS)}`);
  lines.push(...tableStates());
  out[code] = lines;
}
process.stdout.write(JSON.stringify(out));
