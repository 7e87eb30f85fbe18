/**
 * The TV / laptop screen: lobby, join panel text, table, local seats, results, host controls,
 * the remove confirmation and the rules overlay. `tvScreen(state)` is pure markup for the store
 * state of js/table.js; clicks carry `data-act` and are interpreted there.
 */
import { html } from "./html.js";
import { num, t, otherLang, words } from "./i18n.js";
import { eventLog, houseLine, matchLine, pile, results, seatList, seatName, seatNames, turnLine, waitingFor, whyNotLine } from "./board.js";
import { awayBanner, explained, handPanel, held, muteButton, NO_PICK, tableFull } from "./hand-ui.js";
import { rulesDialog } from "./rules.js";
import { LEVELS, agreeText, awayQuestions, offerList, removedWord, settingsFields, timerFields } from "./host-ui.js";

export { LEVELS, agreeText };

/** The level select's value of a bot saved in this browser's lab: this prefix and its name. */
export const OWN_BOT = "own:";

/** The spectators, each with its state, a button that lets a removed one play again and one that
 * removes it (both asked first: a removed phone comes back only to watch; the remote's focus falls
 * on neither by itself, nor on the crown). The ✕ stays on the line of the name; what is before it
 * wraps. `lead` opens the first line (a full table's `fullNote`). */
function spectators(msg, lead = "") {
  if (!msg.spectators?.length) return html``;
  return html`<div class="muted spectators" data-key="spectators" data-testid="spectators">${lead} ${t("lobby.spectators")}:
    <ul class="spectators__list">${msg.spectators.map((x) => html`<li data-key="sp-${x.id}" class="${x.connected ? "" : "seat--offline"}"><span class="spectators__who">
      ${x.host ? html`<span class="crown" aria-label="${t("host.crown")}">♛</span> ` : ""}${x.play ? t("lobby.wantsToPlay", { name: x.name }) : x.name}${x.host || x.removed ? "" : html` <button type="button" class="btn btn--small btn--ghost" data-host="make-host" data-id="${x.id}" data-risky aria-label="${t("host.makeHostName", { name: x.name })}">♛</button>`}${x.connected ? "" : html` <span class="muted">(${t("seat.offline")})</span>`}
      ${x.removed ? html`<span class="muted">(${removedWord(x)})</span> <button type="button" class="btn btn--small" data-host="let-in" data-id="${x.id}" data-risky aria-label="${t("host.letInName", { name: x.name })}">${t("host.letIn")}</button>` : ""}</span>
      <button type="button" class="btn btn--icon btn--inline" data-act="remove-spectator" data-id="${x.id}" data-risky aria-label="${t("seat.removeName", { name: x.name })}" title="${t("seat.remove")}">✕</button></li>`)}</ul></div>`;
}

/**
 * A full table's note in the lobby, where its controls that add a player were (a full table has
 * none): every seat is taken, on the spectators' first line when phones wait for a seat (the
 * screen has no line to spare with ten players of long names: tests/e2e/test_sofa_lobby.py).
 * When those controls go, the remote's focus falls on it, a press of OK on it doing nothing
 * (js/spatial.js `keepFocus`): it fell on "Start the game", and one OK more from the sofa,
 * pressed to add a player, started a game nobody had asked for.
 */
function fullNote() {
  return html`<span id="lobby-full" data-key="full" tabindex="0">${t("hand.spectatorFull")}</span>`;
}

/** Above this many seats the TV's lobby gives the players more of its width, in two columns. */
const MANY_IN_LOBBY = 5;

function lobby(s) {
  const msg = s.msg;
  const lob = msg.lobby ?? {};
  const whyNot = whyNotLine(lob);
  const seats = msg.seats ?? [];
  const yes = Object.values(lob.votes ?? {}).filter(Boolean).length;
  const phones = seats.filter((x) => x.kind === "phone").length;
  // a full table adds no player: a note saying so (`fullNote`) and the spectators waiting for a
  // seat take the place of its controls
  const full = tableFull(msg);
  // the big button is what the room most likely does next: play alone, or start once it may
  return html`<section class="lobby panel ${seats.length > MANY_IN_LOBBY ? "lobby--many" : ""}" data-key="lobby" aria-labelledby="lobby-title">
    <h1 id="lobby-title">${t("lobby.title")}</h1>
    <div class="row lobby__go">
      <button type="button" class="btn ${lob.can_start ? "btn--big" : "btn--hero"}" data-act="solo" data-testid="solo">${t("lobby.solo")}</button>
      <button type="button" class="btn ${lob.can_start ? "btn--hero" : "btn--primary btn--big"}" data-act="host" data-command="start" ${lob.can_start ? "" : "disabled"}>${t("lobby.start")}</button>
      ${whyNot ? html`<span class="muted">${whyNot}</span>` : ""}
    </div>
    <div class="lobby__grid">
      <fieldset class="lobby__rules"><legend>${t("lobby.options")}</legend>
        ${settingsFields(msg)}
        ${lob.vote_needed && phones ? html`<p class="vote" data-testid="vote">${t("lobby.agreeVotes", { what: agreeText(lob), yes, n: phones })}</p>` : ""}
      </fieldset>
      <fieldset class="lobby__seats"><legend>${t("lobby.seats")}</legend>
        ${seatList(msg, { host: true })}
        ${full ? "" : html`<div class="row" data-key="add-bot">
          <div class="field field--inline"><label for="bot-level">${t("lobby.level")}</label><select id="bot-level" name="level" data-act="level">
            ${LEVELS.map((l) => html`<option value="${l}" ${l === (s.level ?? "normal") ? "selected" : ""}>${t(`level.${l}`)}</option>`)}
            ${s.ownBots?.length ? html`<optgroup label="${t("lobby.ownBots")}">${s.ownBots.map((name) => html`<option value="${OWN_BOT}${name}" ${OWN_BOT + name === s.level ? "selected" : ""}>${name}</option>`)}</optgroup>` : ""}</select></div>
          <button type="button" class="btn" data-act="add-bot">${t("lobby.addBot")}</button>
        </div>`}
        ${offerList(msg)}
        ${full ? "" : html`<form class="row" data-key="add-local" data-act="add-local"><div class="field field--inline"><label for="local-name">${t("lobby.name")}</label>
          <input id="local-name" name="name" maxlength="24" placeholder="${t("solo.name")}"></div>
          <button class="btn" type="submit">${t("lobby.addLocal")}</button></form>`}
        ${full && !msg.spectators?.length ? html`<p class="muted lobby__full">${fullNote()}</p>` : ""}
        ${spectators(msg, full ? fullNote() : "")}
      </fieldset>
    </div>
  </section>`;
}

function localSeats(s) {
  const msg = s.msg;
  const local = Object.entries(msg.local ?? {}).map(([seat, view]) => ({ seat: Number(seat), view }));
  if (!local.length) return html``;
  const awaiting = msg.awaiting ?? [];
  const shown = local.length === 1 ? local : local.filter((l) => awaiting.includes(l.seat)).slice(0, 1);
  return shown.map(({ seat, view }) => {
    const playing = awaiting.includes(seat) && msg.phase === "playing" && !msg.paused;
    const myTurn = playing && s.sent === null;
    const moving = playing && s.sent !== null; // its move on the way: no jump-in line meanwhile
    // what just happened to this seat, as its phone would say it (a shown hand's cards come in
    // the TV's events for a seat played on it alone: tablehost.views.redact)
    const told = msg.phase === "playing" ? explained({ ...msg, seat }, { seatName }) : "";
    // shown away as a phone's seat is, with its "I'm back" (`local_back`)
    const away = msg.seats?.[seat]?.away ? awayBanner() : "";
    return html`<div class="local" data-key="local-${seat}" data-seat="${seat}">
      <div class="local__head"><h2 class="local__name">${seatName(msg, seat)}</h2>${away}${told}</div>
      ${handPanel(msg.paused ? held(view) : view, s.picks[seat] ?? NO_PICK, { myTurn, moving, waitingFor: msg.paused || moving ? null : waitingFor(msg, myTurn), features: msg.lobby?.description?.features, names: seatNames(msg) })}</div>`;
  });
}

/**
 * Above this many seats the TV's side is wider and its seat tiles compact, so that every seat
 * stays in sight. Beside a hand played on the TV, whose log shares the side with the seats (and
 * gives way to them), the tiles are compact above the second figure already.
 */
const MANY_SEATS = 6;
const MANY_SEATS_BESIDE_A_HAND = 3;

function game(s) {
  const msg = s.msg;
  const local = Object.keys(msg.local ?? {}).length > 0;
  const paused = msg.paused && msg.phase === "playing";
  const seats = (msg.seats ?? []).length;
  const many = seats > MANY_SEATS;
  const compact = many || (local && seats > MANY_SEATS_BESIDE_A_HAND);
  const kind = [local ? "game--hand" : "", many ? "game--many" : "", compact ? "game--compact" : ""];
  const mark = paused ? html`<p class="paused-mark" role="status">${t("table.paused")}</p>` : "";
  const timers = paused ? html`<div class="pause-panel" data-testid="pause-panel"><p>${t("table.pausedTimers")}</p><div class="row">${timerFields(msg, "pause-")}</div></div>` : "";
  // beside a hand on the TV, or with many seats, which leave the centre no height to spare, the
  // pause's sign and timers take the place of the pile's cards (css/table.css,
  // .game__pile--paused)
  const over = paused && (local || many);
  return html`<section class="game ${kind.join(" ")}" data-key="game" aria-label="${t("app.title")}">
    <div class="game__center">${over ? "" : mark}${matchLine(msg)}<div class="game__pile${over ? " game__pile--paused" : ""}">${pile(msg)}${over ? html`<div class="game__paused">${mark}${timers}</div>` : ""}</div>${turnLine(msg, s.left)}
      ${over ? "" : timers}
      ${msg.waiting ? html`<p class="banner" role="status">${t("table.waiting")}</p>` : ""}${awayQuestions(msg)}${local ? "" : eventLog(msg)}</div>
    <aside class="game__side">${seatList(msg, { host: true })}${spectators(msg)}${local ? eventLog(msg) : ""}</aside>
    <div class="game__local">${localSeats(s)}</div>
    ${msg.phase === "over" ? html`<div class="overlay" role="dialog" aria-modal="true" aria-labelledby="results-title">${results(msg, { host: true })}</div>` : ""}
  </section>`;
}

/** A question before a host command (`s.confirm`: `{text, yes, command}`). */
function confirmDialog(s) {
  if (!s.confirm) return html``;
  return html`<div class="overlay"><div class="dialog" role="alertdialog" aria-modal="true" aria-labelledby="confirm-title">
    <p id="confirm-title">${s.confirm.text}</p>
    <div class="row"><button type="button" class="btn btn--danger" data-act="confirm-yes">${s.confirm.yes}</button>
    <button type="button" class="btn" data-act="close-confirm" data-autofocus>${t("host.cancel")}</button></div></div></div>`;
}

/** "Play against the computer": the player's name and the computer level; with phones seated,
 * a warning that this hand is dealt face up on the public screen. */
function soloDialog(s) {
  if (!s.solo) return html``;
  const phones = (s.msg.seats ?? []).filter((x) => x.kind === "phone" && !x.removed).length;
  return html`<div class="overlay"><form class="dialog" role="dialog" aria-modal="true" aria-labelledby="solo-title" data-act="solo-start" data-testid="solo-dialog">
    <h2 id="solo-title">${t("lobby.solo")}</h2>
    ${phones ? html`<p class="warn" data-testid="solo-public">${t("solo.public", { n: phones })}</p>` : ""}
    <div class="field"><label for="solo-name">${t("lobby.name")}</label>
      <input id="solo-name" name="name" maxlength="24" autocomplete="off" placeholder="${t("solo.name")}" value="${s.solo.name}" data-act="solo-name" data-autofocus></div>
    <div class="field"><label for="solo-level">${t("solo.level")}</label><select id="solo-level" name="level" data-act="solo-level">
      ${LEVELS.map((l) => html`<option value="${l}" ${l === s.solo.level ? "selected" : ""}>${t(`level.${l}`)}</option>`)}</select></div>
    <div class="row"><button type="submit" class="btn btn--primary">${phones ? t("solo.dealAnyway") : t("solo.start")}</button>
    <button type="button" class="btn" data-act="solo-cancel">${t("host.cancel")}</button></div></form></div>`;
}

/** The top bar: the title over the game's name, the buttons (pause or resume, end, rules, sound,
 * language), and in play the house rules on. */
function topBar(s) {
  const msg = s.msg;
  const playing = msg && msg.phase !== "lobby";
  return html`<header class="topbar"><span class="topbar__heading"><span class="topbar__title">${t("app.title")}</span>
    ${msg?.lobby?.ruleset ? html`<span class="topbar__name">${words(msg.lobby.description?.name)}</span>` : ""}</span>
    ${playing ? houseLine(msg) : ""}
    ${playing && msg.phase === "playing" ? (msg.paused
      ? html`<button type="button" class="btn" data-key="pause" data-act="host" data-command="resume">${t("host.resume")}</button>`
      : html`<button type="button" class="btn" data-key="pause" data-act="host" data-command="pause">${t("host.pause")}</button>`) : ""}
    ${playing && msg.phase === "playing" ? html`<button type="button" class="btn" data-key="end" data-host="cmd" data-command="lobby">${t("host.end")}</button>` : ""}
    <button type="button" class="btn" data-key="rules" data-act="rules-open">${t("host.rules")}</button>
    ${muteButton(s.muted)}
    <button type="button" class="btn btn--ghost" data-act="lang" lang="${otherLang()}">${t("lang.switch")}</button></header>`;
}

/** The whole TV screen for the store state of js/table.js. */
const MB = 1024 * 1024;

/** What the boot is doing now, in words, with the bytes fetched of the known total. */
function bootProgress(progress) {
  if (!progress) return html`<span class="spinner" aria-hidden="true"></span>${t("boot.loading")}`;
  if (progress.stage !== "fetch") return html`<span class="spinner" aria-hidden="true"></span>${t(`boot.${progress.stage}`)}`;
  const loaded = num((progress.loaded / MB).toFixed(1));
  if (!progress.total) return html`<span class="spinner" aria-hidden="true"></span>${t("boot.fetchUnknown", { loaded })}`;
  return html`<label for="boot-bar">${t("boot.fetch", { loaded, total: num((progress.total / MB).toFixed(1)) })}</label>
    <progress id="boot-bar" data-testid="boot-bar" max="${progress.total}" value="${progress.loaded}"></progress>`;
}

/** Before the table is up: boot progress, or why this tab is not the table. */
function bootScreen(s) {
  if (s.boot === "elsewhere" || s.boot === "moved") {
    return html`<div class="boot boot--tab" role="alert" data-testid="boot">
      <p>${t(s.boot === "moved" ? "tab.moved" : "tab.elsewhere")}</p>
      <button type="button" class="btn btn--primary btn--big" data-act="take-table">${t(s.boot === "moved" ? "tab.takeBack" : "tab.take")}</button></div>`;
  }
  if (s.boot === "taking") return html`<div class="boot" role="status" data-testid="boot"><span class="spinner" aria-hidden="true"></span>${t("tab.taking")}</div>`;
  if (s.boot === "failed") {
    return html`<div class="boot boot--tab" role="alert" data-testid="boot"><p>${t("boot.failed", { error: s.error ?? "" })}</p>
      <button type="button" class="btn btn--primary btn--big" data-act="reload">${t("boot.retry")}</button></div>`;
  }
  if (s.boot === "unsupported") return html`<div class="boot boot--tab" role="alert" data-testid="boot"><p>${t("home.unsupported", { missing: s.missing })}</p></div>`;
  return html`<div class="boot" role="status" data-testid="boot" data-stage="${s.progress?.stage ?? "page"}">${bootProgress(s.progress)}
    ${s.invite ? html`<p class="muted">${t("boot.joinNow")}</p>` : ""}</div>`;
}

/** The host is told when the saved game could not be restored (and can download it). */
function damagedNotice(s) {
  if (!s.damaged) return html``;
  return html`<section class="notice panel" role="alert" data-testid="damaged" aria-labelledby="damaged-title">
    <h2 id="damaged-title">${t("damaged.title")}</h2>
    <p>${t("damaged.text")}</p>
    <div class="row">
      <button type="button" class="btn btn--primary" data-act="download-damaged">${t("damaged.download")}</button>
      <button type="button" class="btn btn--ghost" data-act="dismiss-damaged">${t("damaged.dismiss")}</button></div></section>`;
}

export function tvScreen(s) {
  if (s.boot !== "ready" || !s.msg) return html`${topBar(s)}${bootScreen(s)}`;
  return html`${topBar(s)}${damagedNotice(s)}<div class="tv tv--${s.msg.phase}">
    ${s.msg.phase === "lobby" ? lobby(s) : game(s)}
    ${s.toast ? html`<p class="toast" role="alert">${s.toast}</p>` : ""}</div>
    ${confirmDialog(s)}${soloDialog(s)}${s.rulesOpen ? rulesDialog({ description: s.msg.lobby?.description, rules: s.msg.texts?.rules }, { playing: s.msg.phase === "playing", timers: s.msg.lobby?.timers ?? null }) : ""}`;
}

/**
 * Samples of the text styles that the game's screen and its results show for the first time:
 * the pile with a card of each deck, the turn line, the log, the join panel as it is in play
 * (`invite`: the join panel's) and the results with the cards left in a hand (as pictures, and
 * as the chips of five players or more). js/table.js lays them out out of sight in the lobby, one
 * an idle moment: each font size and weight that a page lays out for the first time costs
 * Chromium on Linux a synchronous call to the browser process, and the deal's own task made
 * eight of them, the results' one (docs/benchmarks.md).
 */
export function fontSamples(invite) {
  const msg = { phase: "playing", awaiting: [0], seats: [], events: [] };
  const table = (top) => html`<div class="tv tv--playing"><section class="game"><div class="game__center">
    ${pile({ ...msg, view: { top, stock: 1, direction: 1, discard: 0 } })}${turnLine(msg, null)}${eventLog(msg)}</div></section></div>`;
  const over = { phase: "over", seats: [{ seat: 0, name: "" }], result: { winners: [0] }, view: { revealed: { 0: ["R5", "10H"] } } };
  // five players and more: the cards left as chips (css/table.css)
  const many = { ...over, seats: [0, 1, 2, 3, 4].map((seat) => ({ seat, name: "" })) };
  return [table("R5"), table("10H"), html`<aside class="join join--play">${joinText(invite, null)}</aside>`,
    html`<div class="overlay">${results(over, { host: true })}</div>`, html`<div class="overlay">${results(many, { host: true })}</div>`];
}

/** Camera failures (getUserMedia's DOMException names) that have their own advice. */
const CAMERA_ERRORS = new Set(["NotFoundError", "NotAllowedError", "NotReadableError", "OverconstrainedError", "SecurityError", "AbortError"]);

/**
 * What went wrong with the camera, in words that say what to do, and the buttons that do it
 * (`joinMode`: "camera" when the URL asked for the camera alone, so switching is offered). Like
 * every control that changes the join way, the remote's focus falls on none by itself.
 */
function joinProblem(status, joinMode) {
  if (status.mode !== "camera") return html`<p class="warn" role="status">${t("join.error", { error: status.error ?? "" })}</p>`;
  const reason = CAMERA_ERRORS.has(status.reason) ? status.reason : "other";
  return html`<div class="join__problem" role="alert" data-testid="join-problem">
    <p>${t(`join.camera.${reason}`, { error: status.error ?? "" })}</p>
    ${joinMode === "camera" ? html`<button type="button" class="btn btn--primary" data-act="join-mode" data-mode="relay" data-risky>${t("join.use.relay")}</button>` : ""}
    ${reason === "NotFoundError" ? "" : html`<button type="button" class="btn btn--small btn--ghost" data-act="join-mode" data-mode="${joinMode ?? "camera"}" data-risky>${t("join.camera.retry")}</button>`}</div>`;
}

/** How the typed code is doing: relay down (code greyed), wrong codes tried, paused (in place of
 * the code, with the one control that shows a new code). */
function codeState(code) {
  if (!code) return "";
  if (code.state === "offline") return html`<p class="warn" role="status" data-testid="join-relay-down">${t("join.relay.down")}</p>`;
  if (code.state === "error") return html`<p class="warn" role="status">${t("join.error", { error: code.error ?? "" })}</p>`;
  if (code.state === "paused") {
    return html`<div class="join__problem" role="alert" data-testid="code-paused"><p>${t("join.code.paused", { n: code.failures })}</p>
      <button type="button" class="btn btn--small" data-act="code-resume" data-risky>${t("join.code.resume")}</button></div>`;
  }
  if (!(code.failures > 0)) return "";
  return html`<p class="join__attempts" role="status" data-testid="code-attempts">${t("join.code.failures", { n: code.failures })}</p>`;
}

/** The table's join settings a phone needs (brokers, STUN, TURN), as the home page reads them. */
const JOIN_SETTINGS = ["broker", "stun", "turn", "turnuser", "turncred", "ice"];

/** A setting's value as a person types it: escaped where a query needs it (`&`, `+`, `#`, `%`,
 * spaces, non-ASCII), so `wss://host:8884/mqtt` reads as itself, not as `wss%3A%2F%2Fhost…`. */
const typeable = (value) => encodeURIComponent(value).replace(/%(3A|2F|40|2C)/gi, (_, hex) => String.fromCharCode(parseInt(hex, 16)));

/**
 * The home page's address a phone types before the code (`192.168.1.20:8000/`, `example.org/`):
 * where the phone page of `url` lives, without the scheme, with the table's own join settings
 * from `search` (the table's query) when it has any, each written as it is typed. The lines may
 * break before the query and before each further setting.
 * @param {string} url  the join link (hand.html#…)
 * @param {string} search  the table page's `location.search`
 */
export function homeAddress(url, search = "") {
  const home = new URL("./", url);
  const settings = [...new URLSearchParams(search)].filter(([name]) => JOIN_SETTINGS.includes(name));
  return html`${home.host}${home.pathname}${settings.map(([name, value], i) => html`<wbr>${i ? "&" : "?"}${name}=${typeable(value)}`)}`;
}

/**
 * The join panel's text (the QR itself is rendered by js/join-table.js): the link, the code
 * (greyed while no relay answers), each way's state; the mode switch only when the URL chose
 * one way (`?join=camera|relay`), `data-risky` as the new code is: one OK on it changes how
 * phones join (a TV without a camera loses its QR and code), so the remote's focus falls on
 * neither by itself.
 */
export function joinText(invite, status) {
  const ways = status?.ways ?? (status ? { [status.way ?? status.mode]: status } : {});
  const joinMode = status?.joinMode ?? invite?.mode;
  const camera = ways.camera;
  const relay = ways.relay;
  const codeDown = ways.code?.state === "offline" || relay?.state === "offline";
  const single = joinMode === "camera" || joinMode === "relay";
  const other = joinMode === "camera" ? "relay" : "camera";
  const cameraFailed = camera?.state === "error";
  return html`<h2 id="join-title">${t("join.title")}</h2>
    ${invite?.url ? html`<p>${t("join.scan")}</p><span class="visually-hidden" data-testid="join-url">${invite.url}</span>
      ${invite.code && ways.code?.state !== "paused" ? html`<p class="join__url${codeDown ? " join__code--off" : ""}">${t("join.url")} <strong data-testid="join-home">${homeAddress(invite.url, invite.search)}</strong></p>
      <p class="join__code${codeDown ? " join__code--off" : ""}" aria-disabled="${codeDown ? "true" : "false"}">${t("join.code")} <strong data-testid="join-code">${invite.code}</strong></p>` : ""}` : ""}
    ${codeState(ways.code ?? (relay?.state === "offline" ? relay : null))}
    ${invite?.url && invite.fingerprint ? html`<p class="muted join__id">${t("join.symbols")} <strong data-testid="table-mark">${invite.fingerprint.words}</strong></p>` : ""}
    ${relay?.state === "error" && !ways.code ? html`<p class="warn" role="status">${t("join.error", { error: relay.error ?? "" })}</p>` : ""}
    ${cameraFailed ? joinProblem(camera, joinMode) : ""}
    ${!single && camera?.state === "ready" ? html`<p class="muted" data-testid="join-camera-on">${t("join.camera.on")}</p>` : ""}
    ${single && !(cameraFailed && joinMode === "camera") ? html`<p class="muted">${t(`join.mode.${joinMode}`)}</p>
      <button type="button" class="btn btn--small" data-act="join-mode" data-mode="${other}" data-risky>${t(`join.use.${other}`)}</button>` : ""}`;
}
