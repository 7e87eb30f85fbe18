/**
 * The public table, shared by the TV and a phone in spectator mode: pile, colour/suit in force,
 * direction, whose turn with the time left, seats, pending state, the event log and the results.
 * Input is a `tv` or `view` message of docs/protocol.md; output is `html` markup.
 */
import { html } from "./html.js";
import { activeChip, cardBack, cardFace, cardName, letterName } from "./cards.js";
import { cardsCount, t } from "./i18n.js";

/** The display name of a seat number. */
export function seatName(msg, seat) {
  return msg.seats?.find((s) => s.seat === seat)?.name ?? `#${seat + 1}`;
}

function names(msg, seats) {
  return (seats ?? []).map((s) => seatName(msg, s)).join(", ");
}

/** The sound switch (js/sound.js), the same on the TV and the phone. */
export function muteButton(isMuted, small = "") {
  return html`<button type="button" class="btn btn--ghost ${small}" data-act="mute" data-testid="mute" aria-pressed="${isMuted ? "true" : "false"}"
    title="${t(isMuted ? "sound.unmute" : "sound.mute")}" aria-label="${t(isMuted ? "sound.unmute" : "sound.mute")}">${isMuted ? "🔇" : "🔊"}</button>`;
}

/** One readable line for an engine/controller event. */
export function eventLine(msg, e) {
  const name = e.seat !== undefined && e.seat !== null ? seatName(msg, e.seat) : "";
  switch (e.type) {
    case "play": {
      const cards = (e.cards ?? []).map(cardName).join(", ");
      const chosen = (e.action ?? "").split(" ").at(-1);
      return /^[RYBGSHDC]$/.test(chosen)
        ? t("event.playColour", { name, cards, colour: letterName(chosen) })
        : t("event.play", { name, cards });
    }
    case "draw":
      if (e.cards?.length) return t("event.drawCards", { name, cards: e.cards.map(cardName).join(", ") });
      if (e.reason === "penalty" || e.reason === "last") return t("event.drawPenalty", { name, n: e.count });
      if (e.reason === "pickup" || e.reason === "melee" || e.reason === "chain") return t("event.drawPickup", { name, n: e.count });
      return t("event.draw", { name, n: e.count });
    case "suit":
      return t("event.suit", { name, suit: letterName(e.active) });
    case "reshuffle":
      return t("event.reshuffle");
    case "reverse":
      return t("event.reverse");
    default:
      return t(`event.${e.type}`, { name, count: e.count, hand: e.hand });
  }
}

function pendingLine(msg, pending) {
  if (!pending) return "";
  const name = pending.seat !== undefined ? seatName(msg, pending.seat) : "";
  if (pending.kind === "melee") {
    return t("pending.melee", { suit: letterName(pending.suit), need: cardName(pending.need), defender: seatName(msg, pending.defender), count: pending.count });
  }
  if (pending.kind === "chain") return t("pending.chain", { name, need: cardName(pending.need), count: pending.count });
  return t(`pending.${pending.kind}`, { name, count: pending.count });
}

function seatTile(msg, s, { turn, host }) {
  const view = msg.view;
  const count = view?.counts?.[s.seat] ?? s.count;
  const called = view?.called?.includes(s.seat);
  const kind = s.kind === "bot" ? t("seat.bot", { level: t(`level.${s.level}`) }) : s.kind === "local" ? t("seat.local") : t("seat.phone");
  const classes = ["seat", turn ? "seat--turn" : "", s.connected ? "" : "seat--offline", s.removed ? "seat--removed" : ""].join(" ");
  return html`<li class="${classes}" data-key="seat-${s.seat}" data-testid="seat-${s.seat}" aria-current="${turn ? "true" : "false"}">
    <span class="seat__name">${s.name}</span>
    <span class="seat__kind">${kind}${s.kind === "phone" ? html` · <span class="${s.connected ? "ok" : "warn"}">${s.connected ? t("seat.online") : t("seat.offline")}</span>` : ""}</span>
    ${count !== null && count !== undefined ? html`<span class="seat__count" data-testid="count-${s.seat}">${cardsCount(count)}</span>` : ""}
    ${s.score !== null && s.score !== undefined ? html`<span class="seat__score">${t("seat.score", { n: s.score })}</span>` : ""}
    ${called ? html`<span class="seat__called">${t("table.called")}</span>` : ""}
    ${s.removed ? html`<span class="seat__out">${t("seat.out")}</span>` : ""}
    ${turn ? html`<span class="seat__turn">${t("seat.turn")}</span>` : ""}
    ${host && !s.removed ? html`<button type="button" class="btn btn--icon" data-act="ask-remove" data-seat="${s.seat}" aria-label="${t("seat.removeName", { name: s.name })}" title="${t("seat.remove")}">✕</button>` : ""}
  </li>`;
}

/** The seat list with counts, connection, scores, calls and whose turn. */
export function seatList(msg, { host = false } = {}) {
  const awaiting = new Set(msg.awaiting ?? []);
  return html`<ol class="seats" aria-label="${t("lobby.seats")}">${(msg.seats ?? []).map((s) => seatTile(msg, s, { turn: awaiting.has(s.seat), host }))}</ol>`;
}

/** A compact strip of every seat's name and card count (the phone's view of the others). */
export function seatStrip(msg) {
  const awaiting = new Set(msg.awaiting ?? []);
  const counts = msg.view?.counts ?? [];
  return html`<ul class="strip" aria-label="${t("lobby.seats")}">${(msg.seats ?? []).map((s) => html`<li data-key="strip-${s.seat}"
    class="strip__seat ${awaiting.has(s.seat) ? "strip__seat--turn" : ""} ${s.seat === msg.seat ? "strip__seat--me" : ""} ${s.connected ? "" : "seat--offline"}">
    <span class="strip__name">${s.name}</span> <span class="strip__count">${counts[s.seat] ?? s.count ?? ""}</span>
    ${msg.view?.called?.includes(s.seat) ? html`<span class="seat__called">!</span>` : ""}</li>`)}</ul>`;
}

/** Whose turn and the timer. */
export function turnLine(msg, left) {
  const awaiting = msg.awaiting ?? [];
  if (msg.phase !== "playing" || !awaiting.length) return html``;
  const who = t("table.turn", { name: names(msg, awaiting) });
  return html`<p class="turn" data-testid="turn" aria-live="polite"><span>${who}</span>
    ${left !== null ? html` <span class="timer ${left <= 5 ? "timer--low" : ""}" data-testid="timer">${t("table.time", { n: left })}</span>` : ""}
    ${msg.paused ? html` <span class="badge">${t("table.paused")}</span>` : ""}</p>`;
}

/** Top card, colour/suit in force, direction, stock and the pending state. */
export function pile(msg, { size = "card--xl" } = {}) {
  const v = msg.view;
  if (!v) return html``;
  return html`<div class="pile">
    <div class="pile__stock">${cardBack({ size })}<span class="pile__count">${t("table.stock", { n: v.stock })}</span></div>
    <div class="pile__top" data-testid="top">${v.top ? html`<span class="pile__card" data-key="top-${v.discard}-${v.top}">${cardFace(v.top, { size })}</span>` : html`<span class="card card--empty ${size}"></span>`}</div>
    <div class="pile__info">
      ${v.active ? html`<p class="pile__active"><span class="muted">${t("table.active")}</span> ${activeChip(v.active)}</p>` : ""}
      <p class="direction" data-testid="direction"><span class="direction__arrow ${v.direction === -1 ? "ccw" : "cw"}" aria-hidden="true">⟳</span> ${t(`table.direction.${v.direction === -1 ? -1 : 1}`)}</p>
    </div>
    ${v.pending ? html`<p class="pending" data-testid="pending">${pendingLine(msg, v.pending)}</p>` : ""}
  </div>`;
}

/** The last events, newest first, as short lines. */
export function eventLog(msg, { limit = 8 } = {}) {
  const events = (msg.events ?? []).slice(-limit).reverse();
  return html`<section class="log" aria-label="${t("table.log")}"><h2 class="visually-hidden">${t("table.log")}</h2>
    <ol class="log__lines" data-testid="log">${events.map((e) => html`<li data-key="e${e.n}">${eventLine(msg, e)}</li>`)}</ol></section>`;
}

/** The results of a finished hand, with match totals where the ruleset keeps scores. */
export function results(msg, { host = false } = {}) {
  const r = msg.result;
  if (!r) return html``;
  const v = msg.view ?? {};
  const headline = r.stopped || !r.winners?.length ? t("results.nowinner") : t("results.winner", { names: names(msg, r.winners) });
  const scored = (msg.seats ?? []).some((s) => s.score !== null && s.score !== undefined);
  const multi = v.ruleset && v.ruleset !== "poslednyaya";
  return html`<section class="results" data-testid="results" aria-labelledby="results-title">
    <h2 id="results-title">${t("results.title")}</h2>
    <p class="results__headline">${headline}</p>
    ${r.match_over ? html`<p class="results__match">${t("results.match", { names: names(msg, r.match_winners) || "—" })}</p>` : ""}
    <table class="results__table"><thead><tr><th></th><th>${t("results.left")}</th>${scored ? html`<th>${t("results.score")}</th>` : ""}</tr></thead>
    <tbody>${(msg.seats ?? []).map((s) => html`<tr data-key="r${s.seat}"><th scope="row">${s.name}</th>
      <td class="results__cards">${(v.revealed?.[s.seat] ?? []).map((c) => cardFace(c, { size: "card--xs" }))}</td>
      ${scored ? html`<td>${s.score ?? ""}</td>` : ""}</tr>`)}</tbody></table>
    ${host ? html`<div class="row">
      ${multi && !r.match_over ? html`<button type="button" class="btn btn--primary" data-act="host" data-command="next_hand">${t("host.nextHand")}</button>` : ""}
      ${!multi || r.match_over ? html`<button type="button" class="btn btn--primary" data-act="host" data-command="rematch">${t("host.rematch")}</button>` : ""}
      <button type="button" class="btn" data-act="host" data-command="lobby">${t("host.newGame")}</button></div>` : html`<p class="muted">${t("results.waitHost")}</p>`}
  </section>`;
}
