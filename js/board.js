/**
 * The public table, shared by the TV and a phone in spectator mode: pile, colour/suit in force,
 * direction, whose turn with the time left, seats, pending state, the event log and the results.
 * Input is a `tv` or `view` message of docs/protocol.md; output is `html` markup.
 */
import { html } from "./html.js";
import { activeChip, cardBack, cardFace, cardGroups, cardName, letterName } from "./cards.js";
import { fill, lang, t, words } from "./i18n.js";

/** The display name of a seat number. */
export function seatName(msg, seat) {
  return msg.seats?.find((s) => s.seat === seat)?.name ?? `#${seat + 1}`;
}

/** Every seat's display name, by seat number (a seven-zero 7's seat picker). */
export function seatNames(msg) {
  return (msg.seats ?? []).map((s) => s.name);
}

function names(msg, seats) {
  return (seats ?? []).map((s) => seatName(msg, s)).join(", ");
}

/** The reasons a lobby cannot start that are said in the error's own words (the others: the player range). */
const SAID_WHY_NOT = new Set(["vote", "hand_too_big"]);

/**
 * Why the lobby cannot start yet, in words, or "" when it can (the TV under its Start button,
 * the host phone under its own): a vote or a hand the deck cannot deal in the error's words,
 * else the game's player range.
 */
export function whyNotLine(lobby) {
  if (!lobby || lobby.can_start) return "";
  if (SAID_WHY_NOT.has(lobby.why_not)) return t(`error.${lobby.why_not}`);
  const bounds = lobby.rulesets?.[lobby.ruleset] ?? {};
  return bounds.min ? t("lobby.need", { min: bounds.min, max: bounds.max }) : "";
}

/** The host phone's Start button with, under it, why the lobby cannot start yet (its own lobby
 * screen and the host's panel draw the same). */
export function startButton(lobby) {
  const whyNot = whyNotLine(lobby);
  return html`<button type="button" class="btn btn--primary btn--big" data-host="cmd" data-command="start" ${lobby?.can_start ? "" : "disabled"}>${t("lobby.start")}</button>${whyNot ? html`<p class="muted" data-testid="why-not">${whyNot}</p>` : ""}`;
}

/** Whom a seat waits for while it is not its turn (the first awaited seat), or null. */
export function waitingFor(msg, myTurn) {
  const awaiting = msg.awaiting ?? [];
  return !myTurn && msg.phase === "playing" && awaiting.length ? seatName(msg, awaiting[0]) : null;
}

/** The key of an event's words (as py/lastcard/words.py's `event_key` gives it). */
function eventKey(e) {
  if (e.type === "draw") return e.reason && e.reason !== "draw" ? `draw.${e.reason}` : e.cards?.length ? "draw.cards" : "draw";
  if (e.type === "suit") return e.timed_out ? "suit.time_out" : "suit";
  if (e.type === "time_out") return e.pending === "melee" ? "time_out.melee" : "time_out";
  if (e.type === "challenge") return e.cards?.length ? "challenge.cards" : "challenge";
  // a pass as the table marks it (`told_passes`): the drawn card kept, a 3's free card not laid,
  // nothing to play or draw; a melee's, or one not marked, is a pass
  if (e.type === "pass") return e.blocked ? "pass.blocked" : e.pending === "drawn" || e.pending === "free" ? `pass.${e.pending}` : "pass";
  if (e.type !== "play") return e.type;
  const action = (e.action ?? "").split(" ");
  return action.length > 1 && /^[RYBGSHDC]$/.test(action.at(-1)) ? "play.named" : "play";
}

/**
 * One readable line for an engine/controller event: the ruleset's words for it (`texts.events`
 * of the table's message, py/lastcard/words.py), else the table's own (`event.*`).
 */
export function eventLine(msg, e) {
  const name = e.seat !== undefined && e.seat !== null ? seatName(msg, e.seat) : "";
  const vars = {
    name, n: e.count, count: e.count, hand: e.hand,
    cards: (e.cards ?? []).map(cardName).join(", "),
    colour: letterName((e.action ?? "").split(" ").at(-1)),
    suit: e.active ? letterName(e.active) : "",
    target: typeof e.target === "number" ? seatName(msg, e.target) : "", // a seven-zero swap's other seat
    detail: e.detail ?? "",
  };
  const text = msg.texts?.events?.[lang()]?.[eventKey(e)];
  if (text) return fill(text, vars);
  // a player's own bot that gave no move: on its turn the table played the time-out, out of turn
  // (`declined`) it only declined; a `slow` move its worker stopped says the line it was on
  if (e.type === "bot_fault") {
    const kind = e.fault === "slow" && e.line ? "slowLine" : e.fault;
    return t(`event.bot_fault.${kind}`, { ...vars, line: e.line }) + (e.declined ? "" : t("event.bot_fault.turn"));
  }
  return t(`event.${e.type}`, vars);
}

function pendingLine(msg, pending) {
  if (!pending) return "";
  const name = pending.seat !== undefined ? seatName(msg, pending.seat) : "";
  if (pending.kind === "melee") {
    return t("pending.melee", { suit: letterName(pending.suit), need: cardName(pending.need), defender: seatName(msg, pending.defender), count: pending.count });
  }
  if (pending.kind === "chain") return t("pending.chain", { name, need: cardName(pending.need), count: pending.count });
  // the seat's own phone, whose view has its legal moves, offers an answer only with one to play
  // (the TV and the others' phones do not know the hand: the rule's choice stays)
  const own = pending.seat === msg.view?.seat && Array.isArray(msg.view?.legal);
  if (pending.kind === "pickup" && own && !msg.view.legal.some((a) => a.startsWith("play "))) return t("pending.pickupOnly", { name, count: pending.count });
  // a suit named outside a play (a wild starter, Classic): a colour in the colour deck
  const kind = pending.kind === "suit" && msg.lobby?.description?.deck === "colour" ? "colour" : pending.kind;
  return t(`pending.${kind}`, { name, count: pending.count });
}

function seatTile(msg, s, { turn, host }) {
  const view = msg.view;
  const count = view?.counts?.[s.seat] ?? s.count;
  const called = view?.called?.includes(s.seat) && count > 0; // no "Last card!" on an empty hand
  const kind = s.kind === "bot" ? t("seat.bot", { level: t(`level.${s.level}`) }) : s.kind === "local" ? t("seat.local") : t("seat.phone");
  const out = view?.eliminated?.includes(s.seat);
  // a removed seat has no phone any more (its player, if still here, watches as a spectator)
  const online = s.kind === "phone" && !s.removed;
  const classes = ["seat", turn ? "seat--turn" : "", s.connected || s.removed ? "" : "seat--offline", s.removed || out ? "seat--removed" : ""].join(" ");
  return html`<li class="${classes}" data-key="seat-${s.seat}" data-testid="seat-${s.seat}" aria-current="${turn ? "true" : "false"}">
    <span data-key="name" class="seat__name">${s.name}</span>
    <span data-key="kind" class="seat__kind">${kind}${online ? html` · <span class="${s.connected ? "ok" : "warn"}">${s.connected ? t("seat.online") : t("seat.offline")}</span>` : ""}</span>
    ${count !== null && count !== undefined ? html`<span data-key="count" class="seat__count" data-testid="count-${s.seat}">${t("seat.cards", { n: count })}</span>` : ""}
    ${s.score !== null && s.score !== undefined ? html`<span data-key="score" class="seat__score">${t("seat.score", { n: s.score })}</span>` : ""}
    ${s.host ? html`<span data-key="host" class="seat__host" data-testid="crown-${s.seat}">♛ ${t("host.crown")}</span>` : ""}
    ${called ? html`<span data-key="called" class="seat__called">${t("table.called")}</span>` : ""}
    ${s.removed ? html`<span data-key="removed" class="seat__out">${t("seat.removed")}</span>` : ""}
    ${out && !s.removed ? html`<span data-key="out" class="seat__out" data-testid="eliminated-${s.seat}">${t("seat.out")}</span>` : ""}
    ${s.away && !s.removed ? html`<span data-key="away" class="seat__away" data-testid="away-${s.seat}">${t(s.stand_in ? "seat.standIn" : "seat.away")}</span>` : ""}
    ${view && view.dealer === s.seat && msg.match ? html`<span data-key="dealer" class="seat__dealer" title="${t("match.dealer", { name: s.name })}">${t("match.dealerMark")}</span>` : ""}
    ${turn ? html`<span data-key="turn" class="seat__turn">${t("seat.turn")}</span>` : ""}
    ${host && !s.removed && s.kind === "phone" && !s.host ? html`<button data-key="crown" type="button" class="btn btn--icon btn--crown" data-host="make-host" data-id="${s.id}" data-risky aria-label="${t("host.makeHostName", { name: s.name })}">♛</button>` : ""}
    ${host && !s.removed ? html`<button data-key="remove" type="button" class="btn btn--icon" data-act="ask-remove" data-seat="${s.seat}" data-risky aria-label="${t("seat.removeName", { name: s.name })}" title="${t("seat.remove")}">✕</button>` : ""}
  </li>`;
}

/** The seat list with counts, connection, scores, calls and whose turn. */
export function seatList(msg, { host = false } = {}) {
  const awaiting = new Set(msg.awaiting ?? []);
  return html`<ol class="seats" aria-label="${t("lobby.seats")}">${(msg.seats ?? []).map((s) => seatTile(msg, s, { turn: awaiting.has(s.seat), host }))}</ol>`;
}

/** A compact strip of every seat's name and card count (the phone's view of the others), with
 * the mark of a match's dealer. */
export function seatStrip(msg) {
  const awaiting = new Set(msg.awaiting ?? []);
  const counts = msg.view?.counts ?? [];
  return html`<ul class="strip" aria-label="${t("lobby.seats")}">${(msg.seats ?? []).map((s) => html`<li data-key="strip-${s.seat}"
    class="strip__seat ${awaiting.has(s.seat) ? "strip__seat--turn" : ""} ${s.seat === msg.seat ? "strip__seat--me" : ""} ${s.connected ? "" : "seat--offline"}">
    <span class="strip__name">${s.name}</span> <span class="strip__count">${counts[s.seat] ?? s.count ?? ""}</span>
    ${msg.view?.called?.includes(s.seat) && (counts[s.seat] ?? s.count) > 0 ? html`<span class="seat__called">!</span>` : ""}
    ${msg.view?.eliminated?.includes(s.seat) || s.removed ? html`<span class="seat__out">${t(s.removed ? "seat.removed" : "seat.out")}</span>` : ""}
    ${s.away && !s.removed ? html`<span class="seat__away">${t(s.stand_in ? "seat.standIn" : "seat.away")}</span>` : ""}
    ${s.kind === "phone" && !s.connected && !s.removed ? html`<span class="seat__away">${t("seat.offline")}</span>` : ""}
    ${msg.match?.dealer === s.seat ? html`<span class="seat__dealer">${t("match.dealerMark")}</span>` : ""}</li>`)}</ul>`;
}

/**
 * The house rules on at this table (the options the description marks `house`: a checkbox that
 * is ticked, then a number off its default, each in the description's order), in the words of
 * their `short` with the number filled in: `["Stacking", "Jump-in", "9 cards dealt"]`.
 * @param {object} lobby  the message's `lobby` (its `description` and `options`)
 */
export function houseRules(lobby) {
  const options = lobby?.options ?? {};
  const house = (lobby?.description?.options ?? []).filter((spec) => spec.house);
  const on = (spec) => (spec.type === "bool" ? options[spec.name] === true : (options[spec.name] ?? spec.default) !== spec.default);
  return [...house.filter((spec) => spec.type === "bool"), ...house.filter((spec) => spec.type !== "bool")]
    .filter(on)
    .map((spec) => words(spec.short, { n: options[spec.name] }));
}

/** The line under the game's name that names its house rules ("Stacking · Jump-in"); nothing
 * when none is on. `label`: with "House rules:" before them (the phones' lobby). `scrolls`: one
 * line that scrolls sideways (the phone during play: css/hand.css), which a keyboard then focuses
 * to scroll it. */
export function houseLine(msg, { label = false, scrolls = false } = {}) {
  const rules = houseRules(msg.lobby);
  if (!rules.length) return html``;
  return html`<p class="house-line" data-testid="house-rules" ${scrolls ? html`tabindex="0"` : ""}>${label ? html`<span class="muted">${t("lobby.houseRules")}:</span> ` : ""}${rules.map((rule, i) => html`${i ? " · " : ""}<span class="nowrap">${rule}</span>`)}</p>`;
}

/** Which hand of the match this is, what ends the match and who dealt ("Hand 3 of 5 · Out at 250
 * · Ann dealt"). The phone leaves out who dealt: its strip of players marks the dealer. */
export function matchLine(msg) {
  const m = msg.match;
  if (!m || msg.phase === "lobby") return html``;
  const parts = [m.of ? t("match.handOf", { n: m.hand, of: m.of }) : t("match.hand", { n: m.hand })];
  if (m.out_at) parts.push(t("match.outAt", { n: m.out_at }));
  if (m.first_to) parts.push(t("match.firstTo", { n: m.first_to }));
  const dealt = m.dealer !== null && m.dealer !== undefined;
  return html`<p class="match" data-testid="match">${parts.join(" · ")}${dealt ? html`<span class="match__dealer"> · ${t("match.dealer", { name: seatName(msg, m.dealer) })}</span>` : ""}</p>`;
}

/**
 * Whose turn and the timer. On a seated phone (`phone`) a melee shows as such: the hand says what
 * this player may do, not a list of everyone who may answer.
 */
export function turnLine(msg, left, { phone = false } = {}) {
  const awaiting = msg.awaiting ?? [];
  if (msg.phase !== "playing" || !awaiting.length) return html``;
  const who = phone && msg.view?.pending?.kind === "melee" ? t("table.melee") : t("table.turn", { name: names(msg, awaiting) });
  return html`<p class="turn" data-testid="turn" aria-live="polite"><span>${who}</span>
    ${left !== null ? html` <span class="timer ${left <= 5 ? "timer--low" : ""}" data-testid="timer">${t("table.time", { n: left })}</span>` : ""}
    ${msg.paused ? html` <span class="badge">${t("table.paused")}</span>` : ""}</p>`;
}

/**
 * Top card, colour/suit in force, direction, stock and the pending state.
 * @param {{size?: string, land?: boolean}} [opts]  `land`: a new top card lands (a short
 *   animation; the TV shows every one, a phone its own player's)
 */
export function pile(msg, { size = "card--xl", land = true } = {}) {
  const v = msg.view;
  if (!v) return html``;
  return html`<div class="pile">
    <div class="pile__stock">${cardBack({ size })}<span class="pile__count">${t("table.stock", { n: v.stock })}</span></div>
    <div class="pile__top" data-testid="top">${v.top ? html`<span class="pile__card ${land ? "pile__card--land" : ""}" data-key="top-${v.discard}-${v.top}">${cardFace(v.top, { size })}</span>` : html`<span class="card card--empty ${size}"></span>`}</div>
    <div class="pile__info">
      ${v.active ? html`<p class="pile__active"><span class="muted">${t(/^[RYBG]$/.test(v.active) ? "table.activeColour" : "table.activeSuit")}</span> ${activeChip(v.active)}</p>` : ""}
      <p class="direction" data-testid="direction"><span class="direction__arrow ${v.direction === -1 ? "ccw" : "cw"}" aria-hidden="true">⟳</span> ${t(`table.direction.${v.direction === -1 ? -1 : 1}`)}</p>
    </div>
    ${v.pending ? html`<p class="pending" data-testid="pending">${pendingLine(msg, v.pending)}</p>` : ""}
  </div>`;
}

/** Is `e` said already by the event `before` it? A skip of the seat that has just drawn a card's
 * penalty is: those words end "and lost the turn" (a challenge lost, or a Draw Four taken, has no
 * skip after it). As py/lastcard/replay.py's log folds it. */
const saidBefore = (e, before) => e.type === "skip" && before?.type === "draw" && before.reason === "penalty" && before.seat === e.seat;

/** A turn's own draw (not a pickup, a penalty, a melee's or a chain's). */
const plainDraw = (e) => e?.type === "draw" && (e.reason ?? "draw") === "draw";

/** `events` with a seat's plain draws in a row told as one draw, their counts added (and their
 * cards, on the drawer's own screen): draw until you can play draws one card an event, and a
 * line a card pushed the rest of the log out. As py/lastcard/replay.py's log folds them. */
function foldDraws(events) {
  const out = [];
  for (const e of events) {
    const last = out.at(-1);
    if (plainDraw(e) && plainDraw(last) && last.seat === e.seat) {
      const cards = last.cards && e.cards ? [...last.cards, ...e.cards] : undefined;
      out[out.length - 1] = { ...e, count: (last.count ?? 1) + (e.count ?? 1), cards };
    } else out.push(e);
  }
  return out;
}

/** The last events, newest first, as short lines. */
export function eventLog(msg, { limit = 8 } = {}) {
  const all = foldDraws(msg.events ?? []);
  const events = all.filter((e, i) => !saidBefore(e, all[i - 1])).slice(-limit).reverse();
  return html`<section class="log" aria-label="${t("table.log")}"><h2 class="visually-hidden">${t("table.log")}</h2>
    <ol class="log__lines" data-testid="log">${events.map((e) => html`<li data-key="e${e.n}">${eventLine(msg, e)}</li>`)}</ol></section>`;
}

/** The points each hand added, per seat: the differences of the running totals. */
export function handPoints(history) {
  return history.map((h, i) => h.scores.map((total, seat) => total - (i ? history[i - 1].scores[seat] ?? 0 : 0)));
}

/** The hand (1-based) in which each seat was eliminated, or null. */
export function eliminatedIn(history, seats) {
  const out = new Array(seats).fill(null);
  for (const h of history) for (const seat of h.eliminated ?? []) if (out[seat] === null) out[seat] = h.hand;
  return out;
}

/**
 * Who loses a match scored in penalty points: when the match winners hold the lowest total and
 * nobody was eliminated on the way (a fixed number of hands, rule 003 31), the highest total loses.
 */
export function matchLosers(msg, history) {
  const last = history.at(-1);
  const winners = msg.result?.match_winners ?? [];
  if (!last || !winners.length || (last.eliminated ?? []).length) return [];
  const seats = (msg.seats ?? []).filter((s) => !s.removed).map((s) => s.seat);
  const totals = seats.map((seat) => last.scores[seat]);
  const low = Math.min(...totals);
  const high = Math.max(...totals);
  if (high === low || !winners.every((seat) => last.scores[seat] === low)) return [];
  return seats.filter((seat) => last.scores[seat] === high);
}

/** The seats the results show: a seat removed during the game took no part in what follows. */
function resultSeats(msg) {
  return (msg.seats ?? []).filter((s) => !s.removed);
}

/**
 * Every hand's points per player: hands as columns, the totals at the end, each player's name
 * after the line that stands for them in the chart. With `recent`, a match of more hands shows
 * the last `recent - 1` of them and, before them, one column of the totals up to then ("1–7"):
 * the TV's sheet stays as wide as the screen allows, however long the match.
 */
function handsTable(msg, history, { recent = Infinity } = {}) {
  const points = handPoints(history);
  const out = eliminatedIn(history, msg.seats?.length ?? 0);
  const winners = new Set(msg.result?.match_winners ?? []);
  const folded = history.length > recent ? history.length - recent + 1 : 0; // hands in one column
  const shown = history.slice(folded);
  const upTo = history[folded - 1];
  const span = upTo ? `1–${upTo.hand}` : "";
  return html`<div class="sheet-box"><table class="sheet" data-testid="score-sheet"><caption>${t("results.sheet")}</caption>
    <thead><tr><th scope="col">${t("results.player")}</th>${upTo ? html`<th scope="col" class="sheet__folded" aria-label="${t("results.handsUpTo", { n: upTo.hand })}">${span}</th>` : ""}${shown.map((h) => html`<th scope="col" aria-label="${t("results.handN", { n: h.hand })}">${h.hand}</th>`)}<th scope="col">${t("results.total")}</th></tr></thead>
    <tbody>${resultSeats(msg).map((s, i) => html`<tr data-key="sheet-${s.seat}" class="${winners.has(s.seat) ? "sheet__winner" : ""}">
      <th scope="row">${lineKey(i, "sheet__key")} <span class="sheet__name">${s.name}</span>${out[s.seat] ? html` <span class="seat__out" data-testid="out-${s.seat}">${t("results.outIn", { n: out[s.seat] })}</span>` : ""}</th>
      ${upTo ? html`<td class="sheet__folded">${upTo.scores[s.seat]}</td>` : ""}
      ${points.slice(folded).map((row, i) => html`<td class="${shown[i].winners?.includes(s.seat) ? "sheet__won" : ""}">${out[s.seat] && shown[i].hand > out[s.seat] ? "—" : row[s.seat]}</td>`)}
      <td class="sheet__total">${history.at(-1).scores[s.seat]}</td></tr>`)}</tbody></table></div>`;
}

/** Line colours for the chart, distinct in hue and in dash pattern (colour is not the only cue). */
const CHART_STYLES = [["#e4572e", ""], ["#2e86de", "10 6"], ["#f2c14e", "3 5"], ["#17bebb", "14 5 3 5"], ["#a86bd6", "6 3"], ["#76b041", "2 3"], ["#ff8fab", "12 3 3 3"], ["#c9c9c9", "1 4"], ["#f08a24", "8 8"], ["#5bc0eb", "16 4"]];

/** The sample of the chart's `i`th line: its colour and dash, in the legend and the sheet. */
function lineKey(i, cls = "") {
  const [colour, dash] = CHART_STYLES[i % CHART_STYLES.length];
  return html`<svg class="${cls}" width="36" height="12" viewBox="0 0 36 12" aria-hidden="true"><line x1="0" x2="36" y1="6" y2="6" stroke="${colour}" stroke-width="4" stroke-dasharray="${dash}"></line></svg>`;
}

/**
 * The marks of the chart's scale: 0, half the match's `goal` (its target or elimination score)
 * and the goal; with no goal, 0 and at most four equal round steps to the `high` total or just
 * above it (0, 20, 40, 60 for 55). A total far past the goal (1,092 against a target of 50)
 * takes the round steps, with the goal among them where its label keeps clear of theirs (0, 25
 * and 50 were printed over each other at the foot of the scale).
 */
export function chartTicks(goal, high) {
  if (goal && high <= goal * 1.5) return [0, Math.round(goal / 2), goal];
  const steps = roundSteps(high);
  const room = steps.at(-1) / 8;
  return goal && steps.every((v) => Math.abs(v - goal) >= room) ? [...steps, goal].sort((a, b) => a - b) : steps;
}

/** 0 and at most four equal round steps to `high` or just above it. */
function roundSteps(high) {
  const power = 10 ** Math.max(0, Math.floor(Math.log10(high / 4)) - 1);
  const step = power * [1, 2, 5, 10, 20, 25, 50, 100].find((m) => m * power * 4 >= high);
  return Array.from({ length: Math.ceil(high / step) + 1 }, (_, i) => i * step);
}

/** The running totals across hands as an inline SVG line chart, large enough for a TV; the
 * match's goal, if it has one, a line of its own. */
export function scoreChart(msg, history) {
  const seats = resultSeats(msg).map((s) => s.seat);
  const series = seats.map((seat) => [0, ...history.map((h) => h.scores[seat] ?? 0)]);
  const goal = msg.match?.first_to ?? msg.match?.out_at;
  const high = Math.max(1, ...series.flat());
  const ticks = chartTicks(goal, high);
  const top = Math.max(high, ticks.at(-1));
  const W = 640;
  const H = 240;
  const pad = { l: 56, r: 16, t: 16, b: 40 };
  const every = Math.ceil(history.length / 12); // a long match's hands: every other one, or fewer, named
  const x = (i) => pad.l + (i * (W - pad.l - pad.r)) / Math.max(1, history.length);
  const y = (v) => H - pad.b - (v * (H - pad.t - pad.b)) / top;
  return html`<figure class="chart" data-testid="score-chart"><figcaption>${t("results.chart")}</figcaption>
    <svg viewBox="0 0 ${W} ${H}" role="img" aria-label="${t("results.chart")}" class="chart__svg">
      ${ticks.map((v) => html`<line class="chart__grid ${v === goal ? "chart__goal" : ""}" x1="${pad.l}" x2="${W - pad.r}" y1="${y(v)}" y2="${y(v)}"></line><text class="chart__label" x="${pad.l - 8}" y="${y(v) + 6}" text-anchor="end">${v}</text>`)}
      ${[0, ...history.map((h) => h.hand)].map((n, i) => (i === history.length || (i % every === 0 && history.length - i >= every) ? html`<text class="chart__label" x="${x(i)}" y="${H - 12}" text-anchor="middle">${n}</text>` : ""))}
      ${series.map((points, i) => {
        const [colour, dash] = CHART_STYLES[i % CHART_STYLES.length];
        const coords = points.map((v, j) => `${x(j).toFixed(1)},${y(v).toFixed(1)}`).join(" ");
        return html`<polyline class="chart__line" data-seat="${seats[i]}" points="${coords}" stroke="${colour}" stroke-dasharray="${dash}"></polyline>
          <circle cx="${x(points.length - 1)}" cy="${y(points.at(-1))}" r="6" fill="${colour}"></circle>`;
      })}
    </svg>
    <ul class="chart__legend">${seats.map((seat, i) => html`<li>${lineKey(i)} ${seatName(msg, seat)}</li>`)}</ul>
  </figure>`;
}

/** A seat's cards left at the end of a hand, face up, or a word when it has none (it went out). */
function leftCards(hand, grouped) {
  if (!hand) return "";
  if (!hand.length) return html`<span class="results__none">${t("results.none")}</span>`;
  return grouped ? cardGroups(hand) : hand.map((c) => cardFace(c, { size: "card--xs" }));
}

/** Above this many players shown the TV's results are compact: the cards left a line high. */
const MANY_RESULTS = 4;
/** The most hands' columns in the TV's sheet: a longer match folds its first hands into one. */
const SHEET_HANDS = 9;

/** A name with its trailing number kept on its line ("Bot 1", «Компьютер 1», "Ann 2"): the
 * results' narrow name column broke it before the number, which then stood alone. */
export function keepNumber(name) {
  return String(name).replace(/ (\d{1,3})$/, "\u00a0$1");
}

/** The results of a finished hand, with match totals where the ruleset keeps scores. */
export function results(msg, { host = false } = {}) {
  const r = msg.result;
  if (!r) return html``;
  const v = msg.view ?? {};
  // The title says what ended, the hand or the match, and the headline who won it. At a match's
  // end the last hand's winners are named too only when they are others (a player who won both
  // is named once), and a blocked last hand says why it ended.
  const matchWon = r.match_over && r.match_winners?.length ? r.match_winners : null;
  const wonBoth = matchWon && r.winners?.length === matchWon.length && r.winners.every((seat) => matchWon.includes(seat));
  const won = r.winners?.length && !wonBoth ? t(matchWon ? "results.lastHand" : "results.winner", { names: names(msg, r.winners) }) : null;
  // a blocked hand says why it ended (nobody could play or draw), whether or not it has winners
  const hand = r.blocked ? `${t("results.blocked")} ${won ?? (wonBoth ? "" : t("results.blockedNone"))}`.trim() : r.stopped || !r.winners?.length ? t("results.nowinner") : won;
  const scored = (msg.seats ?? []).some((s) => s.score !== null && s.score !== undefined);
  const match = msg.lobby?.description?.features?.match;
  const multi = Boolean(match) && match !== "single"; // a match of hands: next hand until it is over
  const history = (r.history ?? []).filter((h) => Array.isArray(h.scores));
  const losers = r.match_over ? matchLosers(msg, history) : [];
  const winners = new Set(r.winners ?? []);
  const sheet = scored && history.length > 0;
  const shown = resultSeats(msg);
  const title = t(r.match_over ? "results.matchTitle" : "results.title");
  // the hand (its winner, the host's actions, the cards left) and, in a match, the match (the
  // per-hand sheet and the chart): side by side on a wide TV, more compact for many players
  // (css/table.css); for many players on the TV the cards left a chip per colour or suit
  const many = shown.length > MANY_RESULTS;
  const kind = [sheet ? "results--match" : "", many ? "results--many" : ""];
  return html`<section class="results ${kind.join(" ")}" data-testid="results" aria-labelledby="results-title">
    <div class="results__hand">
    ${host // the TV: its top bar is behind the results, so the rules are a button here too
      ? html`<div class="row results__top"><h2 id="results-title">${title}</h2><button type="button" class="btn btn--ghost btn--small" data-act="rules-open">${t("host.rules")}</button></div>`
      : html`<h2 id="results-title">${title}</h2>`}
    <p class="results__headline">${matchWon ? t("results.winner", { names: names(msg, matchWon) }) : hand}</p>
    ${matchWon && hand ? html`<p class="results__match">${hand}</p>` : ""}
    ${losers.length ? html`<p class="results__loser" data-testid="loser">${t("results.loser", { names: names(msg, losers) })}</p>` : ""}
    ${host ? html`<div class="row results__actions">
      ${multi && !r.match_over ? html`<button type="button" class="btn btn--primary" data-act="host" data-command="next_hand" data-autofocus>${t("host.nextHand")}</button>` : ""}
      ${!multi || r.match_over ? html`<button type="button" class="btn btn--primary" data-act="host" data-command="rematch" data-autofocus>${t("host.rematch")}</button>` : ""}
      <button type="button" class="btn" data-act="host" data-command="lobby">${t("host.newGame")}</button>
      ${r.record ? html`<button type="button" class="btn btn--ghost btn--small" data-act="host" data-command="record" data-testid="download" title="${t("results.downloadHint")}">${t("results.download")}</button>` : ""}</div>` : ""}
    <table class="results__table"><thead><tr><th></th><th>${t("results.left")}</th>${scored ? html`<th>${t("results.score")}</th>` : ""}</tr></thead>
    <tbody>${shown.map((s) => html`<tr data-key="r${s.seat}" class="${winners.has(s.seat) ? "results__winner" : ""}"><th scope="row">${keepNumber(s.name)}</th>
      <td><div class="results__cards">${leftCards(v.revealed?.[s.seat], host && many)}</div></td>
      ${scored ? html`<td>${s.score ?? ""}</td>` : ""}</tr>`)}</tbody></table>
    </div>
    ${sheet ? html`<div class="results__match-sheet">${handsTable(msg, history, { recent: host ? SHEET_HANDS : Infinity })}${scoreChart(msg, history)}</div>` : ""}
    ${host ? "" : msg.host ? html`<div class="row results__actions" data-testid="host-next"><span>${t("results.youDecide")}</span>
      <button type="button" class="btn btn--primary" data-host="cmd" data-command="${multi && !r.match_over ? "next_hand" : "rematch"}">${t(multi && !r.match_over ? "host.nextHand" : "host.rematch")}</button>
      <button type="button" class="btn" data-host="cmd" data-command="lobby">${t("host.newGame")}</button></div>` : html`<p class="muted">${t("results.waitHost")}</p>`}
  </section>`;
}
