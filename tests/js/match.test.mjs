// A match you can follow: the score sheet's per-hand points, eliminations, the loser of a
// penalty-points match, the running-totals chart, and which sound cue a TV message brings.
import { test } from "node:test";
import assert from "node:assert/strict";
import { chartTicks, eliminatedIn, handPoints, keepNumber, matchLine, matchLosers, results, scoreChart, seatList, seatStrip } from "../../js/board.js";
import { cuesFor } from "../../js/sound.js";

const seats = (n) => Array.from({ length: n }, (_, seat) => ({ seat, name: `P${seat}`, removed: false }));

test("per-hand points are the differences of the running totals", () => {
  const history = [{ hand: 1, scores: [0, 12, 30] }, { hand: 2, scores: [5, 12, 70] }];
  assert.deepEqual(handPoints(history), [[0, 12, 30], [5, 0, 40]]);
});

test("each seat's elimination hand is the first hand that lists it", () => {
  const history = [{ hand: 1, eliminated: [] }, { hand: 2, eliminated: [2] }, { hand: 3, eliminated: [0, 2] }];
  assert.deepEqual(eliminatedIn(history, 3), [3, null, 2]);
});

test("a fixed-hands penalty match names the highest total as the loser (rule 003 31)", () => {
  const history = [{ hand: 5, scores: [40, 95, 60], eliminated: [] }];
  const msg = { seats: seats(3), result: { match_winners: [0] } };
  assert.deepEqual(matchLosers(msg, history), [1]);
  // a match won by the highest total (first to a target) has no loser
  assert.deepEqual(matchLosers({ seats: seats(3), result: { match_winners: [1] } }, history), []);
  // an elimination match: the eliminated seats are "out", not a loser line
  assert.deepEqual(matchLosers(msg, [{ hand: 3, scores: [40, 260, 60], eliminated: [1] }]), []);
});

test("the results show each seat's cards left, and a winner who went out as such, not a blank", () => {
  const msg = { phase: "over", seats: seats(3), view: { revealed: [["R7", "B+2"], [], ["G1"]] }, result: { winners: [1] } };
  const rows = [...String(results(msg)).matchAll(/<tr data-key="r(\d)"([^>]*)>([\s\S]*?)<\/tr>/g)];
  assert.deepEqual(rows.map((m) => m[1]), ["0", "1", "2"]);
  const [lost, won, other] = rows;
  assert.doesNotMatch(lost[2], /results__winner/);
  assert.match(won[2], /class="results__winner"/);
  assert.match(won[3], /<span class="results__none">none<\/span>/);
  assert.equal([...lost[3].matchAll(/class="card /g)].length, 2);
  assert.doesNotMatch(other[3], /results__none/);
  // before the hands are shown (no revealed view): no word, no cards
  assert.doesNotMatch(String(results({ ...msg, view: {} })), /results__none|class="card /);
});

test("the results keep a name's trailing number on its line (Компьютер 1 did not wrap as Компьютер / 1)", () => {
  assert.equal(keepNumber("Компьютер 1"), "Компьютер\u00a01");
  assert.equal(keepNumber("Anna Maria"), "Anna Maria");
  assert.equal(keepNumber("R2 D2"), "R2 D2");
  const msg = { phase: "over", seats: [{ seat: 0, name: "Bot 12", removed: false }], view: { revealed: [[]] }, result: { winners: [0] } };
  assert.match(String(results(msg)), /<th scope="row">Bot\u00a012<\/th>/);
});

test("the chart draws one line per seat through every hand, starting at zero", () => {
  const history = [{ hand: 1, scores: [10, 0] }, { hand: 2, scores: [25, 40] }];
  const svg = String(scoreChart({ seats: seats(2) }, history));
  const lines = [...svg.matchAll(/<polyline[^>]*points="([^"]+)"/g)].map((m) => m[1].split(" "));
  assert.equal(lines.length, 2);
  assert.ok(lines.every((points) => points.length === 3));
  assert.match(svg, /<svg viewBox="0 0 640 240"/);
});

test("the chart's scale: round steps to the highest total, or the match's goal and its half", () => {
  assert.deepEqual(chartTicks(null, 55), [0, 20, 40, 60]);
  assert.deepEqual(chartTicks(undefined, 7), [0, 2, 4, 6, 8]);
  assert.deepEqual(chartTicks(null, 1), [0, 1]);
  assert.deepEqual(chartTicks(null, 800), [0, 200, 400, 600, 800]);
  for (let high = 1; high < 5000; high += 7) {
    const ticks = chartTicks(null, high);
    assert.ok(ticks.length >= 2 && ticks.length <= 5 && ticks.at(-1) >= high && ticks.every(Number.isInteger), `${high}: ${ticks}`);
  }
  assert.deepEqual(chartTicks(250, 55), [0, 125, 250]);
  // a hand far past the goal: the round steps, the goal among them only where its label is clear
  assert.deepEqual(chartTicks(50, 1092), [0, 500, 1000, 1500]);
  assert.deepEqual(chartTicks(500, 1600), [0, 500, 1000, 1500, 2000]);
  assert.deepEqual(chartTicks(300, 1000), [0, 250, 500, 750, 1000]);
  assert.deepEqual(chartTicks(100, 800), [0, 100, 200, 400, 600, 800]);
  // an elimination score on the scale, a line of its own, though every total is far below it
  const history = [{ hand: 1, scores: [10, 55] }];
  const out = { seats: seats(2), match: { hand: 1, of: null, out_at: 250, first_to: null, dealer: 0 } };
  const svg = String(scoreChart(out, history));
  assert.deepEqual([...svg.matchAll(/text-anchor="end">(\d+)</g)].map((m) => m[1]), ["0", "125", "250"]);
  assert.equal([...svg.matchAll(/chart__goal/g)].length, 1);
  assert.equal([...String(scoreChart({ seats: seats(2) }, history)).matchAll(/chart__goal/g)].length, 0);
});

test("the match line says the hand, what ends the match and who dealt", () => {
  const msg = { phase: "playing", seats: seats(3), match: { hand: 3, of: 5, out_at: null, first_to: null, dealer: 1 } };
  assert.match(String(matchLine(msg)).replace(/<[^>]*>/g, ""), /Hand 3 of 5 · P1 dealt/);
  // who dealt in a part of its own, which the phone leaves out: its strip marks the dealer
  assert.match(String(matchLine(msg)), /<span class="match__dealer"> · P1 dealt<\/span>/);
  const marked = String(seatStrip(msg)).split("</li>").map((seat) => seat.includes("seat__dealer"));
  assert.deepEqual(marked, [false, true, false, false]);
  const out = { ...msg, match: { hand: 2, of: null, out_at: 250, first_to: null, dealer: 0 } };
  assert.match(String(matchLine(out)), /Hand 2 · Out at 250/);
  assert.equal(String(matchLine({ ...msg, match: null })), "");
});

test("cues: the end of a hand first, then a melee, a last card, a penalty, a new turn", () => {
  const prev = { phase: "playing", awaiting: [0] };
  const next = (events, awaiting = [0]) => ({ phase: "playing", awaiting, events, events_reset: false });
  assert.deepEqual(cuesFor(prev, next([{ type: "call" }, { type: "hand_over" }])), ["handOver"]);
  assert.deepEqual(cuesFor(prev, next([{ type: "melee" }])), ["melee"]);
  assert.deepEqual(cuesFor(prev, next([{ type: "call", seat: 1 }], [1])), ["last"]);
  assert.deepEqual(cuesFor(prev, next([{ type: "draw", reason: "pickup", count: 2 }], [1])), ["penalty"]);
  assert.deepEqual(cuesFor(prev, next([{ type: "play" }], [1])), ["turn"]);
  assert.deepEqual(cuesFor(prev, next([{ type: "call" }])), ["last"]);
  assert.deepEqual(cuesFor(prev, next([])), []);
  // a reload or a refresh resends the log: no cue
  assert.deepEqual(cuesFor(prev, { ...next([{ type: "hand_over" }]), events_reset: true }), []);
  assert.deepEqual(cuesFor(null, next([{ type: "hand_over" }])), []);
});

test("the Last card! mark is never on a player with no cards left", () => {
  const msg = { phase: "over", seats: seats(2), view: { called: [0, 1], counts: [0, 1], eliminated: [] } };
  const list = String(seatList(msg));
  assert.equal((list.match(/Last card!/g) ?? []).length, 1);
  assert.equal((String(seatStrip(msg)).match(/seat__called/g) ?? []).length, 1);
});

test("eliminated seats are marked out, away seats away, on the TV and the phones", () => {
  const msg = { phase: "playing", seats: [{ ...seats(2)[0], away: true }, seats(2)[1]], view: { called: [], counts: [3, 0], eliminated: [1] } };
  const list = String(seatList(msg));
  assert.match(list, /data-testid="eliminated-1"/);
  assert.match(list, /data-testid="away-0"/);
  assert.match(String(seatStrip(msg)), /away/);
  assert.match(String(seatStrip(msg)), /out/);
});

// The results' title and the lines under it that say who won (the TV's with `host`), as text.
const said = (msg, host = false) =>
  [...String(results(msg, { host })).matchAll(/<(h2|p class="results__\w+")[^>]*>([\s\S]*?)<\/(h2|p)>/g)].map((m) => m[2].trim());

test("a match's end names its winner once, the last hand's too only when another won it", async () => {
  const { setLang } = await import("../../js/i18n.js");
  const end = (result) => ({ seats: seats(3), view: { revealed: [[], [], []] }, result: { winners: [1], match_over: true, match_winners: [1], history: [], ...result } });
  for (const host of [false, true]) {
    assert.deepEqual(said(end({}), host), ["Match over", "P1 won!"]);
    assert.deepEqual(said(end({ winners: [0] }), host), ["Match over", "P1 won!", "P0 won the last hand."]);
    assert.deepEqual(said(end({ blocked: true }), host), ["Match over", "P1 won!", "Nobody could play or draw: the hand is blocked."]);
    // stopped with no winner: said once, with no empty winner name
    assert.deepEqual(said(end({ winners: [], stopped: true, match_winners: [] }), host), ["Match over", "Stopped, no winner"]);
    // a hand within the match: the hand's winner, as ever
    assert.deepEqual(said(end({ match_over: false, match_winners: null }), host), ["Hand over", "P1 won!"]);
  }
  await setLang("ru");
  try {
    assert.deepEqual(said(end({})), ["Матч окончен", "Победа: P1!"]);
    assert.deepEqual(said(end({ winners: [0] }), true), ["Матч окончен", "Победа: P1!", "Победа в последней раздаче: P0."]);
    assert.deepEqual(said(end({ winners: [], stopped: true, match_winners: [] })), ["Матч окончен", "Игра остановлена, без победителя"]);
  } finally {
    await setLang("en");
  }
});
