/**
 * A player's own hand and move controls (shared by the phone and the TV's local seat), and the
 * phone's screens: joining, name, lobby, hand, spectator, removed, reconnecting.
 *
 * Moves are picked only from `view.legal` through js/moves.js. The panel's state is
 * `{selection: string[], choice: object|null}`; `handIntent` turns a click into a new panel state
 * and/or one legal action to send.
 *
 * The table itself (js/board.js) is not imported here: a phone showing its answer QR needs none
 * of it, so js/hand.js loads it once the link opens and hands it to `phoneScreen`.
 */
import { html } from "./html.js";
import { cardInner, cardName, cornerEms, icon, letterName, parseCard } from "./cards.js";
import { otherLang, t, words } from "./i18n.js";
import * as moves from "./moves.js";

export const NO_PICK = moves.NO_PICK; // the empty panel state

function handButtons(view, pick) {
  const legal = view.legal ?? [];
  const playable = pick.selection.length ? moves.extendable(legal, pick.selection) : moves.playableCards(legal);
  const seen = new Map();
  return (view.hand ?? []).map((card) => {
    const copy = seen.get(card) ?? 0;
    seen.set(card, copy + 1);
    const order = pick.selection.indexOf(card);
    const selected = order >= 0 && copy === 0;
    const ok = playable.has(card) || selected;
    const label = cardName(card) + (selected ? ` (${order + 1})` : "");
    return html`<li data-key="${card}-${copy}"><button type="button" class="hand__card ${ok ? "is-legal" : ""} ${selected ? "is-selected" : ""}"
      data-act="card" data-card="${card}" aria-label="${label}" aria-disabled="${ok ? "false" : "true"}" data-testid="card-${card}">
      ${cardInner(card)}${selected ? html`<span class="hand__order">${order + 1}</span>` : ""}</button></li>`;
  });
}

/**
 * How the TV lays out its own player's hand (css/table.css), as CSS variables: on `--rows` rows
 * of `--per` cards (the last row may have fewer), each card leaving in sight a strip as wide as
 * `--k` ems of a corner, the hand's widest (js/cards.js `cornerEms`). The counts keep every
 * corner clear in the narrowest hand, at 720p beside ten seats: 33 --u wide (the TV's smallest
 * text, a corner's at least), a full card 4.8. On one row of full cards, whose run before the last
 * card is 28.2 --u, up to 1 + 25.3 / (k + 0.4): each card's corner and its offset, k + 0.4 --u,
 * with about a ninth to spare (19 cards whose corners are their marks, 15 with a 10, 13 with a +2);
 * else on as few rows as keep the smaller cards 2.6 --u wide at least, 1 + 30.4 / (k + 0.375) a
 * row (23 cards, 18 with a 10, 16 with a +2). CSS's round() would count them in the page, but a
 * 2024 TV's Chromium 108 has none.
 * @param {string[]} hand
 */
function fan(hand) {
  const k = Math.max(1, ...hand.map(cornerEms));
  const rows = hand.length <= 1 + Math.floor(25.3 / (k + 0.4)) ? 1 : Math.max(2, Math.ceil(hand.length / (1 + Math.floor(30.4 / (k + 0.375)))));
  return `--rows: ${rows}; --per: ${Math.ceil(hand.length / rows)}; --k: ${k}`;
}

function letterLabel(option, card) {
  if (option.choice) return html`${icon(option.choice)}<span>${letterName(option.choice)}</span>`;
  const own = parseCard(card)?.suit ?? parseCard(card)?.named?.suit;
  return html`<span>${t("act.keepSuit", { suit: own ? letterName(own) : "—" })}</span>`;
}

/** A seat to aim a play at (a seven-zero 7's swap): its player's name and cards in hand. */
function seatLabel(option, view, names) {
  const count = view.counts?.[option.seat];
  return html`<span class="choice__who">${names[option.seat] ?? `#${option.seat + 1}`}</span>${count === undefined ? "" : html`<span class="choice__count">${t("seat.cards", { n: count })}</span>`}`;
}

function choiceDialog(choice, view, names) {
  if (!choice) return html``;
  const colourDeck = choice.kind === "letter" && choice.options.some((o) => "RYBG".includes(o.choice ?? "-"));
  const title = choice.kind === "named" ? t("act.chooseCard") : choice.kind === "seat" ? t("act.chooseSeat") : colourDeck ? t("act.chooseColour") : t("act.chooseSuit");
  const body = choice.kind === "named"
    ? choice.options.map((o, i) => html`<button type="button" class="choice__card" data-act="named" data-index="${i}" aria-label="${cardName(o.card)}">${cardInner(o.card.slice(6))}</button>`)
    : choice.kind === "seat"
      ? choice.options.map((o) => html`<button type="button" class="choice__seat" data-act="send" data-action="${o.action}" data-testid="swap-${o.seat}">${seatLabel(o, view, names)}</button>`)
      : choice.options.map((o) => html`<button type="button" class="choice__letter choice--${o.choice ?? "keep"}" data-act="send" data-action="${o.action}">${letterLabel(o, choice.card)}</button>`);
  return html`<div class="choice" role="dialog" aria-modal="true" aria-labelledby="choice-title" data-testid="choice">
    <h2 id="choice-title">${title}</h2><div class="choice__options choice__options--${choice.kind}">${body}</div>
    <button type="button" class="btn btn--ghost" data-act="cancel">${t("act.cancel")}</button></div>`;
}

/**
 * What the seat may do now, where "Your turn" would not say it: in a melee (answer out of turn
 * with the cards named, or pass), with a blocked hand (nothing to play or draw: pass), out of
 * turn in a melee, that the others answer, and out of turn with a card to jump in with (the
 * jump-in house rule: the legal list has it). Null: the plain turn line.
 */
function turnHint(view, myTurn) {
  const legal = view.legal ?? [];
  const answers = [...moves.playableCards(legal)].map((card) => cardName(card));
  if (view.pending?.kind === "melee") {
    if (!myTurn) return t("act.meleeWait");
    return answers.length ? t("act.melee", { cards: answers.join(t("act.or")) }) : t("act.meleeNone");
  }
  if (!myTurn && answers.length) return t("act.jumpIn", { cards: answers.join(t("act.or")) });
  if (myTurn && !view.pending && legal.length === 1 && legal[0] === "pass") return t("act.blocked");
  return null;
}

/**
 * What to do with a multi-card selection, in the move bar (the phone keeps it in sight, its cards
 * may run under it): the cards that may be added (raised in the hand), by name, and whether Play
 * plays it as it stands; nothing once none may be added. Last in the bar, shown first (css/app.css).
 */
function selectHint(legal, selection, selectionPlay) {
  const more = [...moves.extendable(legal, selection)].map((card) => cardName(card));
  if (!more.length) return "";
  const key = selectionPlay.send || selectionPlay.choice ? "act.addMore" : "act.add";
  return html`<p class="hand__hint" role="status">${t(key, { cards: more.join(t("act.or")) })}</p>`;
}

/** Whether the view `after` is a seat's hand in play that was not in play (or paused) in `before`. */
export function dealtOrResumed(before, after) {
  const playing = (msg) => msg?.phase === "playing" && !msg.paused;
  return playing(after) && after.seat != null && !playing(before);
}

/**
 * Whether a host's open question ("Remove Bob?") still stands when the message `after` follows
 * `before`: it names a seat by its number, which a deal or a new phase may give to someone else.
 */
export function hostQuestionStands(before, after) {
  return !dealtOrResumed(before, after) && before?.phase === after.phase;
}

/** A phone's offered bot after the table answered an error: one still waiting was refused (the toast says why). */
export function offerAfterError(bring) {
  return bring?.status === "waiting" ? null : bring;
}

/**
 * The offer to make again on a `welcome` (the phone back at the table): a table that reloaded
 * forgot the offers it had not answered (they are not saved), so the one still waiting here is
 * sent again; a table that kept it takes it as the same phone's offer, replacing it. Else null.
 * @param {object|null} bring  the phone's offer state ({name, status})
 * @param {object|null} offered  the `bring_bot` message it sent
 */
export function offerAgain(bring, offered) {
  return bring?.status === "waiting" && offered?.name === bring.name ? offered : null;
}

/**
 * A seat's view while the game is paused: its hand with nothing to do (no card raised, every move
 * button off, no turn or jump-in line), since the table refuses every move until it is resumed.
 * @param {object} view  the engine's `view(seat)`
 */
export function held(view) {
  return { ...view, legal: [] };
}

/**
 * The hand with legal cards highlighted and the action buttons, for one seat's engine view.
 * @param {object} view  the engine's `view(seat)` (with `hand` and `legal`)
 * @param {{selection: string[], choice: object|null}} pick
 * @param {{myTurn?: boolean, moving?: boolean, waitingFor?: string|null, features?: object, names?: string[]}} [opts]
 *   `moving`: the seat's own move is on its way to the table (the TV's hand, until the table
 *   answers): no line over the cards, since its legal list is the turn's, not a jump-in's.
 *   `features`: the ruleset's (`lobby.description.features`); with `last_call` the call button is
 *   always shown. `names`: the players' names by seat (a seven-zero 7 asks whom to swap with)
 */
export function handPanel(view, pick, { myTurn = false, moving = false, waitingFor = null, features = {}, names = [] } = {}) {
  const legal = view.legal ?? [];
  const draw = moves.simple(legal, "draw");
  const pending = view.pending;
  const pickup = pending && pending.seat === view.seat && ["pickup", "chain", "challenge"].includes(pending.kind) ? pending.count : null;
  const selecting = pick.selection.length > 0;
  const selectionPlay = selecting ? moves.playSelection(legal, pick.selection) : {};
  const suits = moves.suitOptions(legal);
  const hint = moving ? null : turnHint(view, myTurn);
  const jumpIn = !myTurn && !moving && view.pending?.kind !== "melee" && moves.playableCards(legal).size > 0;
  return html`<section class="hand ${myTurn ? "hand--turn" : ""}" aria-label="${t("hand.yourHand")}" data-testid="hand">
    ${myTurn ? html`<p class="hand__turn" data-testid="your-turn">${hint ?? t("act.yourTurn")}</p>`
      : jumpIn ? html`<p class="hand__turn hand__jump" data-testid="jump-in">${hint}</p>`
      : hint || waitingFor ? html`<p class="hand__wait muted ${hint ? "" : "hand__who"}">${hint ?? t("act.waiting", { name: waitingFor })}</p>` : ""}
    <ul class="hand__cards" style="${fan(view.hand ?? [])}">${view.hand?.length ? handButtons(view, pick) : html`<li class="muted">${t("hand.empty")}</li>`}</ul>
    <div class="hand__actions">
      ${selecting ? html`
        <button type="button" class="btn btn--primary" data-act="play-selection" ${selectionPlay.send || selectionPlay.choice ? "" : "disabled"}>${pick.selection.length > 1 ? t("act.playN", { n: pick.selection.length }) : t("act.play")}</button>
        <button type="button" class="btn" data-act="cancel">${t("act.cancel")}</button>` : ""}
      <button type="button" class="btn" data-act="send" data-action="draw" ${draw ? "" : "disabled"}>${pickup ? t("act.take", { n: pickup }) : t("act.draw")}</button>
      <button type="button" class="btn" data-act="send" data-action="pass" ${legal.includes("pass") ? "" : "disabled"}>${t(view.pending?.kind === "melee" ? "act.pass" : "act.endTurn")}</button>
      ${legal.includes("challenge") ? html`<button type="button" class="btn btn--primary" data-act="send" data-action="challenge">${t("act.challenge")}</button>` : ""}
      ${legal.includes("last") || features?.last_call ? html`<button type="button" class="btn btn--call" data-act="send" data-action="last" ${legal.includes("last") ? "" : "disabled"}>${t("act.last")}</button>` : ""}
      ${suits.length ? html`<button type="button" class="btn btn--primary" data-act="suit">${t(suits.some((o) => "RYBG".includes(o.choice)) ? "act.chooseColour" : "act.suit")}</button>` : ""}
      ${selecting ? selectHint(legal, pick.selection, selectionPlay) : ""}
    </div>
    ${choiceDialog(pick.choice, view, names)}
  </section>`;
}

/** Move the keyboard focus into an open choice dialog under `root` (first option). */
export function focusChoice(root) {
  const dialog = root.querySelector("[data-testid=choice]");
  if (dialog && !dialog.contains(document.activeElement)) dialog.querySelector("button")?.focus();
}

/**
 * What a click inside the hand panel means: `{pick, send}` (either may be missing), or null when
 * the element is not one of the panel's controls.
 * @param {HTMLElement} el  the clicked element with a `data-act`
 */
export function handIntent(el, view, pick) {
  const legal = view.legal ?? [];
  const act = el.dataset.act;
  switch (act) {
    case "card":
      return moves.step(legal, pick, { act, card: el.dataset.card });
    case "play-selection":
    case "suit":
      return moves.step(legal, pick, { act });
    case "named":
      return moves.step(legal, pick, { act, card: pick.choice?.options[Number(el.dataset.index)]?.card });
    case "send":
      return legal.includes(el.dataset.action) ? { send: el.dataset.action, pick: NO_PICK } : { pick };
    case "cancel":
      return { pick: NO_PICK };
    default:
      return null;
  }
}

/** The sound switch (js/sound.js), the same on the TV and the phone. */
export function muteButton(isMuted, small = "") {
  return html`<button type="button" class="btn btn--ghost ${small}" data-act="mute" data-testid="mute" aria-pressed="${isMuted ? "true" : "false"}"
    title="${t(isMuted ? "sound.unmute" : "sound.mute")}" aria-label="${t(isMuted ? "sound.unmute" : "sound.mute")}"><svg class="icon" viewBox="0 0 24 24" width="1em" height="1em" aria-hidden="true"><path d="M3 9h4l5-4v14l-5-4H3z" fill="currentColor"/><path d="${isMuted ? "M16 9l6 6m0-6-6 6" : "M16 8a5 5 0 0 1 0 8"}" fill="none" stroke="currentColor" stroke-width="2"/></svg></button>`;
}

function phoneBar(s) {
  // a removed or replaced phone has no place to rename: its name is not a button there
  const renamable = s.name && !s.removed && !s.replaced;
  return html`<header class="phone-head">
    ${renamable ? html`<button type="button" class="phone-head__name" data-act="rename" title="${t("hand.rename")}">${s.name}</button>` : html`<span class="phone-head__name">${s.name || t("app.title")}</span>`}
    ${s.msg?.host ? html`<button type="button" class="btn btn--small btn--host" data-act="host-open" data-testid="host-open">♛<span> ${t("host.open")}</span></button>` : ""}
    <button type="button" class="btn btn--small" data-act="rules-open">${t("host.rules")}</button>
    ${muteButton(s.muted, "btn--small")}
    <button type="button" class="btn btn--small btn--ghost" data-act="lang" lang="${otherLang()}">${t("lang.switch")}</button></header>`;
}

/** Why the table refused this phone's hello (a name it cannot take, a full table), until the next try. */
function refusal(s) {
  return s.refusedHello ? html`<p class="toast" role="alert" data-testid="hello-refused">${s.refusedHello}</p>` : "";
}

function linkBanner(s) {
  if (s.link === "open") return html``;
  const key = s.link === "connecting" && s.wasOpen ? "link.reconnecting" : `link.${s.link}`;
  return html`<p class="banner" role="status" data-testid="link">${t(key)}</p>`;
}

/** The table's mark to compare with the TV's (in the lobby), and for the host phone the paused
 * code way with the control that shows a new code. */
function joinNotes(s) {
  return html`${s.mark && s.msg?.phase === "lobby" ? html`<p class="muted table-mark" data-testid="table-mark">${t("link.tableMark", { words: s.mark })}</p>` : ""}
    ${s.codePaused && s.msg?.host ? html`<div class="banner" role="alert" data-testid="host-code-paused"><p>${t("host.codePaused")}</p>
      <button type="button" class="btn btn--small" data-act="code-resume">${t("join.code.resume")}</button></div>` : ""}`;
}

/** Every seat the next game has is taken: a phone that wants to play waits for one to free up. */
export function tableFull(msg) {
  return (msg.seats?.length ?? 0) >= (msg.lobby?.description?.players?.max ?? Infinity);
}

function spectatorBox(msg) {
  if (msg.removed) return html`<div class="screen spectator" data-testid="removed-watching"><p>${t(msg.name_removed ? "hand.nameRemovedWatching" : "hand.removedWatching")}</p></div>`;
  // in the lobby there is no game to watch nor rematch to wait for: every seat is taken (or this
  // phone chose to watch), and it is seated as soon as one frees up
  const line = msg.phase !== "lobby" ? "hand.spectator" : tableFull(msg) ? "hand.spectatorFull" : "hand.spectatorLobby";
  return html`<div class="screen spectator" data-testid="spectator"><p>${t(line)}</p>
    <button type="button" class="btn ${msg.play ? "" : "btn--primary"}" data-act="want-play" data-want="${msg.play ? "false" : "true"}" aria-pressed="${msg.play ? "true" : "false"}">
      ${msg.play ? t("hand.wantPlayOn") : t("hand.wantPlay")}</button></div>`;
}

/** The options that need every phone's agreement, in words ("Cards per hand: 9"), named by
 * the ruleset's description (js/host-ui.js's `agreeText`, which the phone loads only as host). */
function agreeWords(lobby) {
  const labels = Object.fromEntries((lobby.description?.options ?? []).map((spec) => [spec.name, spec.label]));
  return (lobby.agree ?? []).map((o) => `${words(labels[o.name]) || o.name}: ${o.value}`).join(", ");
}

function lobbyScreen(msg, mine, board) {
  const votes = msg.lobby?.votes ?? {};
  const mineVote = mine ? votes[String(msg.seat)] : undefined;
  return html`<section class="screen"><p class="big">${t("hand.joined")}</p><p>${t(msg.host ? "hand.youStart" : "hand.waitStart")}</p>
    ${msg.host ? board.startButton(msg.lobby) : ""}
    <p class="muted">${words(msg.lobby?.description?.name)}</p>${board.houseLine(msg, { label: true })}
    ${msg.lobby?.vote_needed && mine ? html`<div class="row"><span>${t("lobby.agreeVotes", { what: agreeWords(msg.lobby), yes: Object.values(votes).filter(Boolean).length, n: msg.seats.filter((x) => x.kind === "phone").length })}</span>
      <button type="button" class="btn" data-act="vote" data-agree="true" aria-pressed="${mineVote === true ? "true" : "false"}">${t("hand.agree")}</button>
      <button type="button" class="btn" data-act="vote" data-agree="false" aria-pressed="${mineVote === false ? "true" : "false"}">${t("hand.disagree")}</button></div>` : ""}
    ${board.seatList(msg)}</section>`;
}

/**
 * Whether the top card is this phone's own play: only then does it land on the phone's pile (the
 * TV shows every landing; a phone that animated every player's card would be moving for most of
 * a game, for a change its player sees on the TV).
 */
function playedLast(msg) {
  const plays = (msg.events ?? []).filter((e) => e.type === "play"); // not findLast: Chromium 97+
  return plays.at(-1)?.seat === msg.seat;
}

/**
 * The cards this seat drew for a missed "last card" call, while that is still its latest event
 * (until it moves again), or 0. What the catching play does to the seat besides is not a move of
 * its own: a Skip's skip, a Draw Two's draw (`penalty`) come after the call's draw.
 */
export function missedCall(msg) {
  const undergone = (e) => e.type === "skip" || (e.type === "draw" && e.reason === "penalty");
  const mine = (msg.events ?? []).filter((e) => e.seat === msg.seat && !undergone(e)); // not findLast: Chromium 97+
  const last = mine.at(-1);
  return last?.type === "draw" && last.reason === "last" ? last.count : 0;
}

/**
 * The Wild Draw Four this seat challenged, while the challenge is still its latest move: the
 * hand it was shown (the challenge event's `cards`, sent to the challenger alone: Classic D8),
 * whose, whether it was a bluff and the cards it cost (its player's or the challenger's); or
 * null. The log has it too, but in a drawer: the phone says it where the hand is.
 */
export function challenged(msg) {
  const events = msg.events ?? [];
  const cost = (e) => e.type === "draw" && (e.reason === "challenge" || e.reason === "bluff");
  const mine = events.filter((e) => e.seat === msg.seat && !cost(e) && e.type !== "skip");
  const last = mine.at(-1);
  if (last?.type !== "challenge" || !last.cards) return null;
  const drawn = events.slice(events.indexOf(last)).find(cost);
  return { seat: last.aggressor, cards: last.cards, guilty: !!last.guilty, n: drawn?.count ?? 0 };
}

/** The draws a time-out makes for a seat that owed them, by reason: a pickup waiting on it
 * (stacking, Last Card's 2s and 5s), a 4-chain it did not follow («Последний игрок»), a Wild
 * Draw Four it did not challenge (Classic: drawn as a `penalty`), a melee it lost (Last One). */
const OWED = { pickup: "pickup", chain: "chain", penalty: "challenge", melee: "melee" };

/**
 * What the table did for this seat when its time ran out, while that is still the latest thing
 * that happened to it (until it moves again, or a new hand is dealt): `{kind, n}`, `n` the cards
 * drawn for it, `kind` what the table did (`Game.time_out` for the decision waiting on it, which
 * the table's `time_out` event names, `pending`, when there was one):
 * - `draw`: a card drawn and the turn ended; `end`: the turn ended (it had drawn already, or had
 *   nothing to draw); `free`: its 3's free card not laid, the turn ended;
 * - `pickup`, `chain`, `challenge`, `melee`: the cards it owed taken (`OWED`), the turn lost (a
 *   melee's window runs out on its defender);
 * - `colour` or `suit`, with `active`: the colour the table named for a Classic Wild starter, or
 *   the Last Card ace starter's suit it let stand (the engine's `suit` event): the turn goes on.
 * Or null. The table's `time_out` event comes first, then the engine's time-out; what lands on
 * the seat afterwards (a Draw Two, a Skip) is not a move of its own.
 */
export function timedOut(msg) {
  const events = msg.events ?? [];
  let at = events.length - 1; // not findLastIndex: Chromium 97+
  while (at >= 0 && !(events[at].type === "time_out" && events[at].seat === msg.seat)) at -= 1;
  if (at < 0) return null;
  const pending = events[at].pending;
  let told = null;
  let n = 0;
  for (const e of events.slice(at + 1)) {
    if (e.type === "deal") return null;
    if (e.seat !== msg.seat || e.type === "away" || e.type === "skip") continue;
    if (told) {
      if (e.type === "draw" && e.reason === "penalty") continue; // a Draw Two that lands on it
      return null; // its own move since (a missed call's penalty: said by its own banner)
    }
    if (e.type === "draw" && e.reason === "draw") n += e.count; // then the pass
    else if (e.type === "draw") told = { kind: OWED[e.reason] ?? "pickup", n: e.count };
    else if (e.type === "pass") told = { kind: pending === "free" ? "free" : n ? "draw" : "end", n };
    else if (e.type === "suit") told = { kind: /^[RYBG]$/.test(e.active) ? "colour" : "suit", n: 0, active: e.active };
    else return null;
  }
  return told;
}

/** The words of each thing a time-out did (`timedOut`'s `kind`). */
const TIMED_OUT = {
  draw: "hand.timedOutDrew", end: "hand.timedOut", free: "hand.timedOutFree", pickup: "hand.timedOutTook", chain: "hand.timedOutChain",
  challenge: "hand.timedOutChallenge", melee: "hand.timedOutMelee", colour: "hand.timedOutColour", suit: "hand.timedOutSuit",
};

/**
 * What happened to this seat that its phone says above the hand, while it is the seat's latest:
 * a missed call's penalty (`missedCall`), what its challenge showed and cost (`challenged`),
 * what the table did when its time ran out (`timedOut`). The log has them too, but in a drawer.
 * The TV says them beside the name of a seat played on it (js/table-ui.js: `msg.seat` that
 * seat); `board`: what has `seatName` (js/board.js).
 */
export function explained(msg, board) {
  const banner = (testid, text) => html`<p class="banner" role="status" data-testid="${testid}">${text}</p>`;
  const missed = missedCall(msg);
  if (missed) return banner("missed-call", t("hand.missedCall", { n: missed }));
  const shown = challenged(msg);
  if (shown) {
    const vars = { name: board.seatName(msg, shown.seat), cards: shown.cards.map(cardName).join(", "), n: shown.n };
    return banner("challenged", t(shown.guilty ? "hand.challengeWon" : "hand.challengeLost", vars));
  }
  const late = timedOut(msg);
  if (late) {
    const named = late.active ? letterName(late.active) : "";
    return banner("timed-out", t(TIMED_OUT[late.kind], { n: late.n, colour: named, suit: named }));
  }
  return "";
}

/** The seat is shown away: how to be back, and the "I'm back" button (`data-act="back"`), on its
 * phone and, for a seat played on the TV, beside its name there. */
export function awayBanner() {
  return html`<p class="banner banner--away" role="status" data-testid="away">${t("hand.away")} <button type="button" class="btn btn--small" data-act="back">${t("hand.back")}</button></p>`;
}

function nameField(s) {
  return html`<label for="name">${t("lobby.name")}</label>
    <input id="name" name="name" maxlength="24" required autocomplete="nickname" value="${s.name ?? ""}">`;
}

/**
 * The whole phone screen for the store state of js/hand.js. Link state "idle" means the page
 * has no invitation in its fragment (the address was typed): it asks for the code on the TV.
 * `moreOpen`: the drawer of players and the log is open (its contents are built only then).
 * `board`: js/board.js, which draws every screen at a table (until it has loaded, a table's
 * message shows as the connecting screen, never a table with parts missing); `codeEntry`:
 * js/code-entry.js, the code field; `hostQuestions`: the host phone's questions about away seats
 * and, in the lobby, about the bots phones offer (js/host-ui.js).
 */
export function phoneScreen(s, { board = null, codeEntry = null, hostQuestions = "", bring = "" } = {}) {
  if (s.removed) {
    return html`${phoneBar(s)}<section class="screen" data-testid="removed"><h1>${t("hand.removed")}</h1><p>${t("hand.removedHint")}</p>
      <button type="button" class="btn btn--primary" data-act="rejoin">${t("hand.watch")}</button></section>`;
  }
  if (s.replaced) {
    return html`${phoneBar(s)}<section class="screen" data-testid="replaced"><h1>${t("hand.replaced")}</h1><p>${t("hand.replacedHint")}</p>
      <button type="button" class="btn btn--primary" data-act="take-back">${t("hand.replacedBack")}</button></section>`;
  }
  if (s.link === "idle" || s.link === "wrong-code" || s.link === "code-paused") {
    return html`${phoneBar(s)}${s.link === "idle" ? "" : linkBanner(s)}<form class="screen code-form" data-act="code" data-testid="code-screen" novalidate>
      <h1>${t("code.title")}</h1><p class="muted">${t("code.hint")}</p>
      ${codeEntry?.codeField("code") ?? ""}${nameField(s)}
      <button class="btn btn--primary btn--big" type="submit">${t("code.join")}</button>
      <p class="muted">${t("code.scan")}</p></form>`;
  }
  if (!s.name || s.editingName) {
    // a rename (the name in the header tapped) saves or is left; a first name joins
    const rename = Boolean(s.name);
    return html`${phoneBar(s)}<form class="screen name-form" data-act="name">${refusal(s)}${nameField(s)}
      <button class="btn btn--primary" type="submit">${t(rename ? "hand.renameSave" : "hand.nameSave")}</button>
      ${rename ? html`<button type="button" class="btn" data-act="rename-cancel">${t("act.cancel")}</button>` : ""}</form>`;
  }
  const msg = s.msg;
  if (!msg || !board) {
    const status = s.refusedHello ? refusal(s) : html`<p class="big" data-testid="hand-status">${t(s.starting ? "hand.starting" : "hand.connecting")}</p>`;
    return html`${phoneBar(s)}${linkBanner(s)}<section class="screen">${status}</section>`;
  }
  const mine = msg.seat !== null && msg.seat !== undefined;
  const toast = s.error ? html`<p class="toast" role="alert">${s.error}</p>` : "";
  if (msg.phase === "lobby") return html`${phoneBar(s)}${linkBanner(s)}${joinNotes(s)}${hostQuestions}${mine ? lobbyScreen(msg, mine, board) : html`${spectatorBox(msg)}${board.houseLine(msg, { label: true })}<section class="screen">${board.seatList(msg)}</section>`}${bring}${toast}`;
  const { eventLog, houseLine, matchLine, pile, results, seatList, seatNames, seatStrip, turnLine, waitingFor } = board;
  const awaiting = msg.awaiting ?? [];
  const paused = msg.paused && msg.phase === "playing";
  const myTurn = mine && awaiting.includes(msg.seat) && msg.phase === "playing" && !paused;
  return html`${phoneBar(s)}${linkBanner(s)}${joinNotes(s)}
    ${msg.paused ? html`<p class="banner banner--paused" role="status" data-testid="paused">${t("table.paused")}</p>` : ""}
    ${msg.phase === "over" ? results(msg) : ""}
    ${mine && msg.seats?.[msg.seat]?.away ? awayBanner() : ""}
    ${s.hostNews && msg.host ? html`<p class="banner" role="status" data-testid="host-news">${t("host.news")}</p>` : ""}
    ${mine && msg.phase === "playing" ? explained(msg, board) : ""}
    ${hostQuestions}
    <div class="phone-play ${msg.phase === "over" ? "phone-play--over" : ""} ${s.moreOpen ? "phone-play--more" : ""}">
    <section class="phone-board">${houseLine(msg, { scrolls: true })}${matchLine(msg)}${seatStrip(msg)}${pile(msg, { size: "card--md", land: mine && playedLast(msg) })}${turnLine(msg, s.left, { phone: mine })}</section>
    ${mine && msg.view?.hand ? html`<div class="phone-hand ${msg.phase === "over" ? "hand-done" : ""}">${handPanel(paused ? held(msg.view) : msg.view, s.pick, { myTurn, waitingFor: paused ? null : waitingFor(msg, myTurn), features: msg.lobby?.description?.features, names: seatNames(msg) })}</div>` : spectatorBox(msg)}
    ${toast}
    <details class="phone-more" ${s.moreOpen ? "open" : ""}><summary data-act="more">${t("lobby.seats")}</summary>${s.moreOpen ? html`${seatList(msg)}${eventLog(msg, { limit: 6 })}` : ""}</details></div>`;
}
