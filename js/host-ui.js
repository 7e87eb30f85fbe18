/**
 * The host controls shared by the TV and the host phone (docs/protocol.md, "The host phone").
 *
 * `hostIntent(el, msg)` turns one control (an element with `data-host`) into the command dict the
 * TV sends to `Table.host` — the host phone wraps the same dict in a `host` message —, with a
 * question to confirm first where a slip would hurt (removing a player, letting a removed one back
 * in, handing the host role over, ending a hand). Markup:
 * `timerFields(msg)` (the timers, in the lobby and on the pause screen), `optionField(spec, value)`
 * (one option of the ruleset's description) and `hostPanel(msg, ui)`,
 * the phone's Host panel, a sheet over its own screen.
 */
import { html } from "./html.js";
import { t, words } from "./i18n.js";
import { seatName, startButton } from "./board.js";

// The Host panel's look comes with it (the phone's first download stays within its budget).
if (globalThis.document && !document.querySelector("link[data-host-css]")) {
  const link = Object.assign(document.createElement("link"), { rel: "stylesheet", href: new URL("../css/host.css", import.meta.url).href });
  link.dataset.hostCss = "";
  document.head.append(link);
}


export const LEVELS = ["easy", "normal", "hard"];
/** The choices of the table's own timers (seconds; `null`: off). */
export const TIMER_CHOICES = { turn: [null, 10, 20, 30, 60, 120], bot_pause: [0, 0.5, 1, 2, 3] };
/** The choices of a ruleset's own timer (an out-of-turn window), within its bounds. */
const WINDOW_CHOICES = [null, 3, 5, 10, 20];

function timerSelect(prefix, name, label, choices, current) {
  // a value set otherwise (a host command, a saved table) is shown as it is, among the choices
  if (current !== undefined && !choices.includes(current)) choices = [...choices, current].sort((a, b) => (a ?? -1) - (b ?? -1));
  return html`<div class="field" data-key="timer-${name}"><label for="${prefix}timer-${name}">${label}</label><select id="${prefix}timer-${name}" data-act="timer" data-host="timer" name="${name}">
    ${choices.map((v) => html`<option value="${v ?? "off"}" ${v === current ? "selected" : ""}>${v === null ? t("opt.off") : t("opt.seconds", { n: v })}</option>`)}</select></div>`;
}

/** The choices of a ruleset timer (`description.timers`): the window choices within its bounds
 * and its default. */
function windowChoices(spec) {
  const inside = WINDOW_CHOICES.filter((v) => v === null || (v >= spec.min && v <= spec.max));
  return inside.includes(spec.default) ? inside : [...inside, spec.default].sort((a, b) => (a ?? -1) - (b ?? -1));
}

/** The timers of the table (turn, the ruleset's own such as a melee window, computer pace);
 * `prefix` keeps the ids apart when two sets are on one page. */
export function timerFields(msg, prefix = "") {
  const timers = msg.lobby?.timers ?? {};
  const own = msg.lobby?.description?.timers ?? [];
  return html`${timerSelect(prefix, "turn", t("opt.turn"), TIMER_CHOICES.turn, timers.turn ?? null)}
    ${own.map((spec) => timerSelect(prefix, spec.name, words(spec.label), windowChoices(spec), timers[spec.name] ?? null))}
    ${timerSelect(prefix, "bot_pause", t("opt.bot_pause"), TIMER_CHOICES.bot_pause, timers.bot_pause ?? 1)}`;
}

/**
 * One option of the ruleset's description (docs/protocol.md, `lobby.description.options`): a
 * number field within the option's bounds (up to `agree_max`: values above `max` need every
 * phone's agreement, said next to it), with the option's `hint` under it when it has one (what
 * a value means: «Последняя»'s call penalty of 0), or a checkbox. `prefix` keeps the ids apart.
 */
export function optionField(spec, value, prefix = "") {
  const id = `${prefix}opt-${spec.name}`;
  const label = html`<label for="${id}">${words(spec.label)}</label>`;
  if (spec.type === "bool") {
    return html`<div class="field field--check" data-key="${id}"><input type="checkbox" id="${id}" data-act="option" data-host="option" data-sync name="${spec.name}" ${value ? "checked" : ""}>${label}</div>`;
  }
  const top = spec.agree_max ?? spec.max;
  const hint = words(spec.hint);
  return html`<div class="field" data-key="${id}">${label}
    <input type="number" inputmode="numeric" id="${id}" data-act="option" data-host="option" data-sync name="${spec.name}" ${spec.min !== null ? html`min="${spec.min}"` : ""} ${top !== null ? html`max="${top}"` : ""} step="1" value="${value}" ${hint ? html`aria-describedby="${id}-hint"` : ""}>
    ${hint ? html`<small class="muted" id="${id}-hint" data-testid="${id}-hint">${hint}</small>` : ""}
    ${spec.agree_max !== null && spec.max !== null ? html`<small class="muted">${t("lobby.agreeAbove", { max: spec.max })}</small>` : ""}</div>`;
}

/** The options that need every phone's agreement now (`lobby.agree`), in words ("Cards per
 * hand: 9"), named by the ruleset's description (`lobby.description`). */
export function agreeText(lobby) {
  const labels = Object.fromEntries((lobby?.description?.options ?? []).map((spec) => [spec.name, spec.label]));
  return (lobby?.agree ?? []).map((o) => `${words(labels[o.name]) || o.name}: ${o.value}`).join(", ");
}

/**
 * The next game's settings, one form for the TV's lobby and the host phone's panel: the game
 * (every ruleset by its name), its options, its house rules (the options its description marks
 * `house`) under their own heading, and the timers. Each control's `data-host` is what both
 * screens send (`hostIntent`), its `data-act` what the TV's page reads of it besides;
 * `prefix` keeps the ids apart. `gameList`: the games as a list of choices, each name whole on
 * the narrowest phone (a drop-down cut «Последняя (цветная колода)» short at 360 px).
 */
export function settingsFields(msg, prefix = "", { gameList = false } = {}) {
  const lob = msg.lobby ?? {};
  const description = lob.description ?? { options: [] };
  const options = lob.options ?? {};
  const field = (spec) => optionField(spec, options[spec.name] ?? spec.default, prefix);
  const house = description.options.filter((spec) => spec.house);
  const games = Object.entries(lob.rulesets ?? {});
  return html`${gameList
    ? html`<fieldset data-key="games"><legend>${t("lobby.ruleset")}</legend>${games.map(([id, game]) => html`<div class="field field--check"><input type="radio" id="${prefix}ruleset-${id}" data-host="ruleset" data-sync name="ruleset" value="${id}" ${id === lob.ruleset ? "checked" : ""}><label for="${prefix}ruleset-${id}">${words(game.name)}</label></div>`)}</fieldset>`
    : html`<div class="field"><label for="${prefix}ruleset">${t("lobby.ruleset")}</label><select id="${prefix}ruleset" data-act="ruleset" data-host="ruleset" name="ruleset">
      ${games.map(([id, game]) => html`<option value="${id}" ${id === lob.ruleset ? "selected" : ""}>${words(game.name)}</option>`)}</select></div>`}
    ${description.options.filter((spec) => !spec.house).map(field)}
    ${house.length ? html`<fieldset class="house" data-key="house" data-testid="${prefix}house"><legend>${t("lobby.houseRules")}</legend>${house.map(field)}</fieldset>` : ""}
    ${timerFields(msg, prefix)}
    <div class="field field--check"><input type="checkbox" id="${prefix}away-bot" data-act="away-bot" data-host="away-bot" data-sync name="away_bot" ${lob.away_bot ? "checked" : ""}><label for="${prefix}away-bot">${t("opt.away_bot")}</label></div>`;
}

/** Removing `seat`, asked first (on the host phone and the TV's seat tiles alike). */
export function removeIntent(msg, seat) {
  const question = msg.phase === "lobby" ? "seat.removeLobbyConfirm" : "seat.removeConfirm";
  return { command: { type: "remove", seat }, confirm: t(question, { name: seatName(msg, seat) }), yes: t("seat.remove") };
}

/**
 * What a host control means: `{command, confirm?, yes?}` — `confirm` is the question to ask
 * before sending, `yes` the words of the button that answers it (the action named where it has a
 * name, "Remove" as on the TV's own question, else "Yes") — or null when `el` is not a host
 * control.
 * @param {HTMLElement} el  an element with `data-host`
 * @param {object} msg  the `tv` or `view` message on screen
 */
export function hostIntent(el, msg) {
  switch (el.dataset.host) {
    case "cmd": {
      const command = { type: el.dataset.command };
      if (command.type === "lobby" && msg.phase === "playing") return { command, confirm: t("host.endConfirm"), yes: t("host.yes") };
      return { command };
    }
    case "add-bot": {
      const level = el.closest("[data-host-scope]")?.querySelector("[name=level]")?.value ?? "normal";
      return { command: { type: "add_bot", level } };
    }
    case "remove":
      return removeIntent(msg, Number(el.dataset.seat));
    case "make-host": {
      const id = Number(el.dataset.id);
      const name = [...(msg.seats ?? []), ...(msg.spectators ?? [])].find((x) => x.id === id && x.kind !== "bot")?.name ?? "";
      return { command: { type: "make_host", id }, confirm: t("host.makeHostConfirm", { name }), yes: t("host.yes") };
    }
    case "remove-spectator": {
      // a watching phone, as the TV's ✕ beside it: it watches on, barred, until let in
      const id = Number(el.dataset.id);
      const name = (msg.spectators ?? []).find((x) => x.id === id)?.name ?? "";
      return { command: { type: "remove_spectator", id }, confirm: t("host.removeSpectatorConfirm", { name }), yes: t("seat.remove") };
    }
    case "let-in": {
      // asked first, as a removal is: one press must not undo a removal
      const id = Number(el.dataset.id);
      const name = (msg.spectators ?? []).find((x) => x.id === id)?.name ?? "";
      return { command: { type: "let_in", id }, confirm: t("host.letInConfirm", { name }), yes: t("host.yes") };
    }
    case "answer-bot":
      return { command: { type: "answer_bot", id: Number(el.dataset.id), accept: el.dataset.accept === "true" } };
    case "ruleset":
      return { command: { type: "configure", ruleset: el.value } };
    case "option": {
      if (el.type === "checkbox") return { command: { type: "configure", set_options: { [el.name]: el.checked } } };
      const value = Number(el.value);
      const low = el.min === "" ? -Infinity : Number(el.min);
      const high = el.max === "" ? Infinity : Number(el.max);
      if (el.value.trim() === "" || !Number.isInteger(value) || value < low || value > high) return null;
      return { command: { type: "configure", set_options: { [el.name]: value } } };
    }
    case "away-bot":
      return { command: { type: "configure", away_bot: el.checked } };
    case "stand-in":
      return { command: { type: "stand_in", seat: Number(el.dataset.seat), on: el.dataset.on === "true" } };
    case "timer":
      return { command: { type: "configure", timers: { [el.name]: el.value === "off" ? null : Number(el.value) } } };
    default:
      return null;
  }
}

/**
 * The bots phones brought (`lobby.offers`), each with the host's two answers: seat it, or turn
 * it away (on the TV and the host phone; the TV remote's focus falls on neither by itself).
 */
export function offerList(msg) {
  const offers = msg.lobby?.offers ?? [];
  if (!offers.length) return html``;
  return html`<ul class="offers" data-testid="offers">${offers.map((o) => html`<li data-key="offer-${o.id}" data-testid="offer-${o.id}">
    <p>${t("lobby.offer", { by: o.by, name: o.name, size: o.size })}</p>
    ${offerAnswers(o)}</li>`)}</ul>`;
}

function offerAnswers(o) {
  return html`<div class="row"><button type="button" class="btn btn--primary btn--small" data-host="answer-bot" data-id="${o.id}" data-accept="true" data-risky aria-label="${t("lobby.offerSeatName", { name: o.name })}">${t("lobby.offerSeat")}</button>
    <button type="button" class="btn btn--small" data-host="answer-bot" data-id="${o.id}" data-accept="false" data-risky aria-label="${t("lobby.offerRefuseName", { name: o.name })}">${t("lobby.offerRefuse")}</button></div>`;
}

/**
 * The host phone's own lobby screen asks about each bot a phone offers, as it asks about an away
 * seat during play: the Host panel lists the offers too, but under its settings, out of sight.
 */
export function offerQuestions(msg) {
  if (msg.phase !== "lobby") return html``;
  return (msg.lobby?.offers ?? []).map((o) => question(`offer-q-${o.id}`, `offer-question-${o.id}`, t("lobby.offer", { by: o.by, name: o.name, size: o.size }), offerAnswers(o)));
}

/** A question to the host (a bot offered, an away seat): a group named by its sentence, then
 * the answers. `key` is its morph key, `testid` its test id (and its sentence's id's stem). */
function question(key, testid, text, answers) {
  return html`<div class="away-question" role="group" aria-labelledby="${testid}-text" data-key="${key}" data-testid="${testid}">
    <p id="${testid}-text">${text}</p>${answers}</div>`;
}

/**
 * The host's question about each away seat nobody plays for (on the TV and the host phone): a
 * computer plays for it, remove it (asked first) or keep waiting; the TV remote's focus falls on
 * none of the three by itself. The host phone is not asked about its own seat: whoever reads it is
 * there, and its banner says that a move of theirs, or its "I'm back", takes the seat back.
 */
export function awayQuestions(msg) {
  if (msg.phase !== "playing") return html``;
  const away = (msg.seats ?? []).filter((s) => s.away && !s.removed && !s.stand_in && !s.kept && s.seat !== msg.seat);
  return away.map((s) => question(`away-${s.seat}`, `away-question-${s.seat}`, t("away.question", { name: s.name }), html`<div class="row"><button type="button" class="btn btn--primary" data-host="stand-in" data-seat="${s.seat}" data-on="true" data-risky>${t("away.computer")}</button>
    <button type="button" class="btn" data-host="remove" data-seat="${s.seat}" data-risky aria-label="${t("away.removeName", { name: s.name })}">${t("seat.remove")}</button>
    <button type="button" class="btn btn--ghost" data-host="stand-in" data-seat="${s.seat}" data-on="false" data-risky>${t("away.wait")}</button></div>`));
}

/** What a removed spectator's row says of it (the TV's list and the host panel's): removed, or
 * held for the name of a removed player. */
export function removedWord(spectator) {
  return t(spectator.name_removed ? "spectator.nameRemoved" : "spectator.removed");
}

function lobbyPart(msg, level) {
  const lob = msg.lobby ?? {};
  return html`<fieldset><legend>${t("lobby.options")}</legend>${settingsFields(msg, "host-", { gameList: true })}
      ${lob.vote_needed && msg.seat !== null && msg.seat !== undefined ? html`<div class="row" data-testid="host-vote"><span>${t("lobby.agreeVotes", { what: agreeText(lob), yes: Object.values(lob.votes ?? {}).filter(Boolean).length, n: (msg.seats ?? []).filter((x) => x.kind === "phone").length })}</span>
        <button type="button" class="btn" data-act="vote" data-agree="true" aria-pressed="${lob.votes?.[String(msg.seat)] === true ? "true" : "false"}">${t("hand.agree")}</button>
        <button type="button" class="btn" data-act="vote" data-agree="false" aria-pressed="${lob.votes?.[String(msg.seat)] === false ? "true" : "false"}">${t("hand.disagree")}</button></div>` : ""}</fieldset>
    <div class="row" data-host-scope><div class="field field--inline"><label for="host-level">${t("lobby.level")}</label><select id="host-level" name="level" data-act="host-level">
      ${LEVELS.map((l) => html`<option value="${l}" ${l === level ? "selected" : ""}>${t(`level.${l}`)}</option>`)}</select></div>
      <button type="button" class="btn" data-host="add-bot">${t("lobby.addBot")}</button></div>
    ${offerList(msg)}`;
}

function people(msg) {
  const seatRows = (msg.seats ?? []).filter((s) => !s.removed).map((s) => html`<li class="host-person" data-key="hs-${s.seat}">
    <span class="host-person__name">${s.host ? html`<span class="crown" aria-hidden="true">♛</span> ` : ""}${s.name}</span>
    ${s.kind === "bot" ? html`<span class="muted">${t("seat.bot", { level: t(`level.${s.level}`) })}</span>` : ""}
    ${s.kind === "phone" && !s.host ? html`<button type="button" class="btn btn--small" data-host="make-host" data-id="${s.id}">${t("host.makeHost")}</button>` : ""}
    ${s.host ? "" : html`<button type="button" class="btn btn--small btn--ghost" data-host="remove" data-seat="${s.seat}" aria-label="${t("seat.removeName", { name: s.name })}">${t("seat.remove")}</button>`}</li>`);
  const watching = (msg.spectators ?? []).map((x) => html`<li class="host-person" data-key="hw-${x.id}">
    <span class="host-person__name">${x.host ? html`<span class="crown" aria-hidden="true">♛</span> ` : ""}${x.name}</span><span class="muted">${x.removed ? removedWord(x) : t("host.watching")}</span>
    ${x.removed ? html`<button type="button" class="btn btn--small" data-host="let-in" data-id="${x.id}" aria-label="${t("host.letInName", { name: x.name })}">${t("host.letIn")}</button>` : ""}
    ${x.host || x.removed ? "" : html`<button type="button" class="btn btn--small" data-host="make-host" data-id="${x.id}">${t("host.makeHost")}</button>`}
    ${x.host || x.removed ? "" : html`<button type="button" class="btn btn--small btn--ghost" data-host="remove-spectator" data-id="${x.id}" aria-label="${t("seat.removeName", { name: x.name })}">${t("seat.remove")}</button>`}</li>`);
  return html`<fieldset><legend>${t("lobby.seats")}</legend><ul class="host-people">${seatRows}${watching}</ul></fieldset>`;
}

function mainButtons(msg) {
  const r = msg.result;
  if (msg.phase === "lobby") {
    return startButton(msg.lobby);
  }
  if (msg.phase === "playing") {
    return html`${msg.paused
      ? html`<button type="button" class="btn btn--primary" data-host="cmd" data-command="resume">${t("host.resume")}</button>`
      : html`<button type="button" class="btn btn--primary" data-host="cmd" data-command="pause">${t("host.pause")}</button>`}
      <button type="button" class="btn btn--danger" data-host="cmd" data-command="lobby">${t("host.end")}</button>`;
  }
  const multi = r && r.match_over === false;
  return html`${multi
    ? html`<button type="button" class="btn btn--primary" data-host="cmd" data-command="next_hand">${t("host.nextHand")}</button>`
    : html`<button type="button" class="btn btn--primary" data-host="cmd" data-command="rematch">${t("host.rematch")}</button>`}
    <button type="button" class="btn" data-host="cmd" data-command="lobby">${t("host.newGame")}</button>`;
}

function confirmBox(confirm) {
  return html`<div class="host-confirm" role="alertdialog" aria-modal="true" aria-labelledby="host-confirm-text" data-testid="host-confirm">
      <p id="host-confirm-text">${confirm.text}</p>
      <div class="row"><button type="button" class="btn btn--danger" data-act="host-confirm">${confirm.yes}</button>
      <button type="button" class="btn" data-act="host-cancel">${t("host.cancel")}</button></div></div>`;
}

/**
 * A host's question asked outside the Host panel (the away question's Remove, on the host phone's
 * own screen): the same box as in the panel, over the screen.
 * @param {{text: string, yes: string}} confirm
 */
export function confirmDialog(confirm) {
  return html`<div class="overlay">${confirmBox(confirm)}</div>`;
}

/**
 * The host phone's Host panel for the `view` message `msg`.
 * @param {object} msg
 * @param {{confirm?: {text: string, yes?: string} | null, level?: string}} [ui]  a question waiting
 *   for an answer, with its button's words (`hostIntent`); the computer level chosen for the next
 *   computer player (kept by the page: a re-render keeps it)
 */
export function hostPanel(msg, { confirm = null, level = "normal" } = {}) {
  return html`<div class="overlay overlay--sheet"><section class="dialog host-panel" role="dialog" aria-modal="true" aria-labelledby="host-title" data-testid="host-panel">
    <header class="host-panel__head"><h2 id="host-title"><span class="crown" aria-hidden="true">♛</span> ${t("host.panel")}</h2>
      <button type="button" class="btn btn--small" data-act="host-close">${t("host.close")}</button></header>
    ${confirm ? confirmBox(confirm) : ""}
    <p class="muted">${words(msg.lobby?.description?.name)} · ${t(`host.phase.${msg.phase}`)}</p>
    <div class="row host-panel__main">${mainButtons(msg)}</div>
    ${msg.phase === "lobby" ? lobbyPart(msg, level) : msg.paused ? html`<fieldset><legend>${t("host.timers")}</legend>${timerFields(msg, "host-")}</fieldset>` : ""}
    ${people(msg)}
    <p class="muted">${t("host.tvToo")}</p></section></div>`;
}
