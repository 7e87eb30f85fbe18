/**
 * Entry of hand.html (the phone; plain ES modules, no Python). Wires the store, the renderer
 * (js/hand-ui.js) and the link to the table (js/join-phone.js). The protocol is docs/protocol.md:
 * `hello` with the remembered name and seat token when the channel opens, `action` with the
 * state id of the view it answers, `vote`, `play`.
 */
import { html, morph, whenParsed } from "./html.js";
import { createStore } from "./store.js";
import { dealtOrResumed, focusChoice, handIntent, held, hostQuestionStands, NO_PICK, offerAfterError, offerAgain, phoneScreen } from "./hand-ui.js";
import { carryPick } from "./moves.js";
import { lang, onLangChange, otherLang, setLang, t } from "./i18n.js";
import { errorText, frameRenderer, received, startTicker, tick } from "./live.js";
import { PhoneJoin } from "./join-phone.js";
import { keepOffline } from "./offline.js";

const NAME_KEY = "lastcard.name";
// host commands that deal cards or play on: the Host panel closes on the host's own cards
const BACK_TO_CARDS = new Set(["start", "next_hand", "rematch", "resume"]);
// The one seat token of earlier versions went to any table: dropped (its phone joins anew once).
localStorage.removeItem("lastcard.token");
/** A fragment that invites to a table (camera offer, relay room or code; see js/join-phone.js). */
const INVITE = /^#(.*&)?[orc]=/;

const store = createStore(
  {
    name: (s, a) => ({ ...s, name: a.name, editingName: false, refusedHello: null }),
    // the name the table keeps for this phone (`welcome`): "Anna 2" if someone there is "Anna"
    named: (s, a) => ({ ...s, name: a.name, tableName: a.name }),
    // a message refused (a rename too soon after others: rate_limited): the header shows the
    // name the table kept, not one it did not take; an offered bot still waiting was refused
    refused: (s) => ({ ...s, name: s.tableName ?? s.name, bring: offerAfterError(s.bring) }),
    editName: (s) => ({ ...s, editingName: true }),
    link: (s, a) => ({ ...s, link: a.state, wasOpen: s.wasOpen || a.state === "open" }),
    mark: (s, a) => ({ ...s, mark: a.mark }),
    codePaused: (s, a) => ({ ...s, codePaused: a.paused }),
    starting: (s) => ({ ...s, starting: true }),
    view: (s, a) => ({
      ...s,
      starting: false,
      ...received(s, a.msg, a.at),
      // a pause closes a pick: the hand is held, its cards and choices inert until the resume
      pick: a.msg.paused ? NO_PICK : s.msg?.state === a.msg.state ? s.pick : carryPick(a.msg.view?.legal ?? [], s.pick),
      refusedHello: null,
      removed: false,
      replaced: false,
      // the host role came to this phone while it was at the table (the host's hand-over, or an
      // away host's) during a game: said until the player opens the Host panel (the lobby's own
      // words say who runs the table)
      hostNews: Boolean(a.msg.host) && a.msg.phase !== "lobby" && (s.hostNews || (s.msg !== null && !s.msg.host)),
      // a deal or a resume, from the TV too, gives the screen back to the player's cards: the
      // rules close, and the host's panel
      ...(dealtOrResumed(s.msg, a.msg) ? { rulesOpen: false, ...(s.hostOpen && { hostOpen: false }) } : {}),
      ...(hostQuestionStands(s.msg, a.msg) ? {} : { hostConfirm: null }),
    }),
    tick,
    pick: (s, a) => ({ ...s, pick: a.pick }),
    removed: (s) => ({ ...s, removed: true, msg: null, pick: NO_PICK }),
    rejoin: (s) => ({ ...s, removed: false }),
    // another tab or phone said hello with this phone's token: the table no longer hears this one
    replaced: (s, a) => ({ ...s, replaced: a.replaced, msg: null, pick: NO_PICK }),
    error: (s, a) => ({ ...s, error: a.text }),
    // the table refused this phone's hello (a name it cannot take, a full table): said until
    // the next try, on the screen that would otherwise say "Connecting…" for ever
    refusedHello: (s, a) => ({ ...s, refusedHello: a.text, editingName: a.rename || s.editingName }),
    rules: (s, a) => ({ ...s, rulesOpen: a.open }),
    more: (s, a) => ({ ...s, moreOpen: a.open }),
    hostOpen: (s, a) => ({ ...s, hostOpen: a.open, hostConfirm: null, hostNews: s.hostNews && !a.open }),
    hostConfirm: (s, a) => ({ ...s, hostConfirm: a.confirm }),
    hostLevel: (s, a) => ({ ...s, hostLevel: a.level }),
    bring: (s, a) => ({ ...s, bring: a.bring }),
    lang: (s) => ({ ...s }),
    sound: (s) => ({ ...s, muted: sound ? sound.muted() : s.muted }),
  },
  {
    muted: storedMute(),
    name: localStorage.getItem(NAME_KEY),
    tableName: null, // the name the table keeps for this phone (its last `welcome`)
    editingName: false,
    link: INVITE.test(location.hash) ? "connecting" : "idle",
    wasOpen: false,
    msg: null,
    receivedAt: 0,
    left: null,
    pick: NO_PICK,
    removed: false,
    replaced: false,
    error: null,
    rulesOpen: false,
    moreOpen: false, // the drawer of players and the log under the game
    hostOpen: false,
    hostConfirm: null,
    hostNews: false, // the host role has just come to this phone
    hostLevel: "normal", // the level the Host panel adds a computer player at
    bring: null, // the bot this phone last offered the table: {name, status}
    starting: false, // the table said it is still starting: the hello waits there
    mark: null, // the table's mark, two words (js/fingerprint.js), to compare with the TV's
    codePaused: false, // host phone: the table's code way is paused (the table page says so)
  },
);

let link = null;
let errorTimer = 0;
let rules = null; // js/rules.js (the rules screen), loaded when the rules are opened
let firstGame = null; // without a table: the first game of vendor/rulesets.json, for its rules
let loading = null; // the two above while they load
let board = null; // js/board.js, the table: loaded once the link opens (the answer QR needs none of it)
let hostUi = null; // js/host-ui.js
let wake = null; // js/wake.js
let codeEntry = null; // js/code-entry.js, once the code form is shown (a phone that came by QR never needs it)
let bringBot = null; // js/bring-bot.js, in a lobby when this browser's lab saved a bot
let offered = null; // the bring_bot message of the offer waiting for the host's answer

/** The seat token of the table linked to (kept by its id, js/join-phone.js `table`: a token goes
 * only to the table that gave it); with `value`, keep it (null: forget it). */
function token(value) {
  const key = link?.table && `lastcard.token.${link.table.id}`;
  if (!key || value === undefined) return key && localStorage.getItem(key);
  if (value === null) localStorage.removeItem(key);
  else localStorage.setItem(key, value);
}

// the last move not yet answered (by a view of another state, or an error): sent again after the
// next hello to the same table, in case it went down with the link (docs/protocol.md)
let move = null;

function send(message) {
  const text = JSON.stringify({ v: 1, ...message });
  if (message.type === "action") move = { text, state: message.state, table: link?.table?.id };
  link?.send(text);
}

/** Say hello: with the seat token if there is one; `watch` joins as a spectator not asking to play
 * (a removed player who comes back to watch asks to play again only by saying so). */
function hello({ watch = false } = {}) {
  const mine = token();
  send({ type: "hello", name: store.state().name, lang: lang(), ...(mine ? { token: mine } : {}), ...(watch ? { play: false } : {}) });
}

function showError(code) {
  store.dispatch({ type: "error", text: errorText(code) });
  clearTimeout(errorTimer);
  errorTimer = setTimeout(() => store.dispatch({ type: "error", text: null }), 3500);
}

function onMessage(text) {
  let message;
  try {
    message = JSON.parse(text);
  } catch {
    return;
  }
  switch (message?.type) {
    case "code_paused":
      store.dispatch({ type: "codePaused", paused: message.paused === true });
      break;
    case "starting":
      store.dispatch({ type: "starting" });
      break;
    case "welcome":
      token(String(message.token));
      // the header shows the name as the table stores it (a number added to a taken one); this
      // browser keeps the name as typed, for the next table
      if (typeof message.name === "string" && message.name) store.dispatch({ type: "named", name: message.name });
      if (offerAgain(store.state().bring, offered)) send(offered);
      break;
    case "view":
      if (message.state !== move?.state) move = null;
      store.dispatch({ type: "view", msg: message, at: performance.now() });
      break;
    case "bot_answer":
      store.dispatch({ type: "bring", bring: { name: String(message.name), status: message.seated ? "seated" : "refused" } });
      break;
    case "removed":
      // the token is kept: with it the table knows this phone was removed, and seats it only
      // when the host lets it in (a reload or a fresh hello would otherwise sit down again)
      store.dispatch({ type: "removed" });
      break;
    case "error":
      move = null;
      if (message.code === "bad_token") {
        token(null);
        hello();
      } else if (message.code === "replaced") {
        store.dispatch({ type: "replaced", replaced: true });
      } else if (message.code === "stale") {
        // The table moved on before the tap landed: its fresh view came first on this ordered
        // channel and is already on screen, so there is nothing to report; just drop the pick.
        store.dispatch({ type: "pick", pick: NO_PICK });
      } else if (!store.state().msg) {
        // not at the table yet: its hello was refused; a name it cannot take is asked again
        const rename = message.code === "bad_message";
        store.dispatch({ type: "refusedHello", text: rename ? t("hand.nameRefused") : errorText(message.code), rename });
      } else {
        store.dispatch({ type: "refused" });
        showError(message.code);
      }
      break;
    default:
      break; // pong and anything newer: nothing to show
  }
}

function startLink() {
  if (link) return;
  link = new PhoneJoin({ answerBox: document.getElementById("answer"), caption: () => t("link.show-answer") });
  link.addEventListener("open", () => {
    store.dispatch({ type: "link", state: "open" });
    if (store.state().replaced) return; // its place is on another screen until "Continue here"
    hello();
    if (move && move.table === link.table?.id) link.send(move.text);
    // the table's drawing, asked for with the hello (until it comes, a view shows as connecting)
    if (!board) import("./board.js").then((m) => render((board = m)));
    const id = link.table?.id;
    store.dispatch({ type: "mark", mark: null });
    if (!id?.startsWith("room:")) import("./fingerprint.js").then((m) => store.dispatch({ type: "mark", mark: id && m.fingerprintWords(id) }));
  });
  link.addEventListener("message", (e) => onMessage(e.detail.text));
  link.addEventListener("close", () => store.dispatch({ type: "link", state: "reconnecting" }));
  link.addEventListener("status", (e) => store.dispatch({ type: "link", state: e.detail.state }));
  link.start(location);
}

let sound = null; // js/sound.js, loaded on the first tap or key (audio needs a gesture anyway)

/** The remembered mute choice, read without loading js/sound.js (its key). */
function storedMute() {
  try {
    return localStorage.getItem("lastcard.muted") === "1";
  } catch {
    return false;
  }
}

/** Load js/sound.js (once) and wake its audio: called from a user gesture. */
function loadSound() {
  return import("./sound.js").then((module) => {
    if (!sound) {
      sound = module;
      store.dispatch({ type: "sound" });
    }
    module.unlock();
    return module;
  });
}

let wasMyTurn = false;

/** A short vibration when the phone's turn starts (where the phone supports it). */
function buzzOnTurn(s) {
  const myTurn = Boolean(s.msg?.phase === "playing" && s.msg.seat !== null && s.msg.awaiting?.includes(s.msg.seat));
  if (myTurn && !wasMyTurn) {
    navigator.vibrate?.(150);
    sound?.cue("yourTurn");
  }
  wasMyTurn = myTurn;
}

let calledBefore = null; // the seats announced with one card at the last message (null: none yet)

/**
 * Two short pulses when a player's last card is announced: called, or announced by the game
 * itself in «Последняя», which has no call to hear (not at the first message: a reload).
 */
function buzzOnLastCard(s) {
  const called = s.msg?.phase === "playing" ? s.msg.view?.called ?? [] : [];
  if (calledBefore && called.some((seat) => !calledBefore.includes(seat))) navigator.vibrate?.([60, 80, 60]);
  calledBefore = s.msg ? called : null;
}

/**
 * The phone renders at its next frame, once for however many changes came before it: a view's
 * message task is only its reading, so on a busy device the next message (or the next phone's,
 * on a shared machine) is not queued behind a render; what the player does shows at once.
 */
const frames = frameRenderer(render);

function render() {
  const s = store.state();
  const app = document.getElementById("app");
  const lobby = s.msg?.phase === "lobby";
  morph(app, phoneScreen(s, { board, codeEntry, hostQuestions: s.msg?.host && hostUi ? html`${hostUi.offerQuestions(s.msg)}${hostUi.awayQuestions(s.msg)}` : "", bring: lobby && bringBot ? bringBot.bringForm(s.bring) : "" }));
  codeEntry?.keepMessages(app);
  if (lobby && !bringBot && localStorage.getItem("lastcard.bots")?.length > 2) import("./bring-bot.js").then((m) => render((bringBot = m)));
  if (!codeEntry && app.querySelector("[data-act=code]")) {
    import("./code-entry.js").then((m) => {
      m.upperCaseCodes(app);
      render((codeEntry = m));
      link?.prepareCode();
    });
  }
  focusChoice(app);
  const title = wasMyTurn ? `● ${t("act.yourTurn")} · ${t("app.title")}` : t("app.title");
  if (document.title !== title) document.title = title; // a write replaces the title's text node
  const host = s.msg?.host && hostUi;
  // a question asked from the host phone's own screen (an away seat's Remove) shows without the panel
  morph(document.getElementById("overlay"), s.rulesOpen ? rulesOverlay(s)
    : host && s.hostOpen ? hostUi.hostPanel(s.msg, { confirm: s.hostConfirm, level: s.hostLevel })
      : host && s.hostConfirm ? hostUi.confirmDialog(s.hostConfirm) : html``);
  if (s.msg?.host && !hostUi) import("./host-ui.js").then((m) => render((hostUi = m)));
}

function hostControl(el) {
  const intent = hostUi?.hostIntent(el, store.state().msg);
  if (!intent) return;
  if (intent.confirm) store.dispatch({ type: "hostConfirm", confirm: { text: intent.confirm, yes: intent.yes, command: intent.command } });
  else send({ type: "host", command: intent.command });
  // a new deal, or play going on: the panel gives the screen back to the host's own cards
  if (BACK_TO_CARDS.has(intent.command.type)) store.dispatch({ type: "hostOpen", open: false });
}

function playingHere(s) {
  return s.msg?.phase === "playing" && s.msg.seat != null;
}

function keepAwake(s) {
  if (wake) wake.want(playingHere(s));
  else if (playingHere(s)) {
    import("./wake.js").then((module) => {
      wake ??= module.wakeKeeper();
      wake.want(playingHere(store.state()));
    });
  }
}

/**
 * The rules dialog; nothing until js/rules.js has loaded (then it renders again). The table sends
 * its game's rules with every message; a phone not at a table yet shows the first game's, as the
 * landing page has them (vendor/rulesets.json, loaded then).
 */
function rulesOverlay(s) {
  const game = s.msg?.texts ? { description: s.msg.lobby?.description, rules: s.msg.texts.rules } : firstGame;
  if (rules && game) return rules.rulesDialog(game, { playing: s.msg?.phase === "playing", timers: s.msg?.lobby?.timers ?? null });
  loading ??= Promise.all([
    import("./rules.js").then((module) => { rules = module; }),
    game ? null : fetch(new URL("../vendor/rulesets.json", import.meta.url)).then((r) => r.json()).then(({ rulesets: [game] }) => { firstGame = { description: game, rules: game.rules }; }),
  ]).then(() => { loading = null; render(); }, () => { loading = null; });
  return html``;
}

function onClick(event) {
  const el = event.target.closest("[data-act], [data-host]");
  if (!el || el.tagName === "FORM" || el.tagName === "SELECT" || el.tagName === "INPUT") return;
  const s = store.state();
  const act = el.dataset.act;
  if (act === "rules-open" || act === "rules-close") return store.dispatch({ type: "rules", open: act === "rules-open" });
  if (act === "more") {
    // The drawer opens and closes through the store (a re-render keeps it as the player left it)
    event.preventDefault(); // not also by the summary's own toggle
    return store.dispatch({ type: "more", open: !s.moreOpen });
  }
  if (act === "lang") return setLang(otherLang());
  if (act === "mute") {
    return loadSound().then((module) => {
      module.setMuted(!module.muted());
      store.dispatch({ type: "sound" });
    });
  }
  if (act === "host-open" || act === "host-close") return store.dispatch({ type: "hostOpen", open: act === "host-open" });
  if (act === "host-cancel") return store.dispatch({ type: "hostConfirm", confirm: null });
  if (act === "host-confirm") {
    send({ type: "host", command: s.hostConfirm.command });
    return store.dispatch({ type: "hostConfirm", confirm: null });
  }
  if (!act) return hostControl(el);
  if (act === "rename") return store.dispatch({ type: "editName" });
  if (act === "rename-cancel") return store.dispatch({ type: "name", name: s.name });
  if (act === "code-resume") {
    store.dispatch({ type: "codePaused", paused: false });
    return send({ type: "code_resume" });
  }
  if (act === "vote") return send({ type: "vote", agree: el.dataset.agree === "true" });
  if (act === "want-play") return send({ type: "play", want: el.dataset.want === "true" });
  if (act === "back") return send({ type: "back" }); // "I'm back": the seat is shown away
  if (act === "take-back") {
    // a hello with the token takes the place back (the other screen is told it is replaced)
    store.dispatch({ type: "replaced", replaced: false });
    return hello();
  }
  if (act === "rejoin") {
    store.dispatch({ type: "rejoin" });
    return hello({ watch: true });
  }
  const view = s.msg?.paused ? s.msg.view && held(s.msg.view) : s.msg?.view; // paused: inert
  if (!view) return;
  const intent = handIntent(el, view, s.pick);
  if (!intent) throw new Error(`unknown control: ${act}`);
  // The move leaves before this screen re-renders: the table (and every other phone) waits on it.
  if (intent.send) send({ type: "action", action: intent.send, state: s.msg.state });
  if (intent.pick) store.dispatch({ type: "pick", pick: intent.pick });
}

function onSubmit(event) {
  const form = event.target.closest("form[data-act]");
  if (!form) return;
  event.preventDefault();
  if (form.dataset.act === "name") {
    const name = form.elements.name.value.trim().slice(0, 24);
    if (!name) return;
    localStorage.setItem(NAME_KEY, name);
    store.dispatch({ type: "name", name });
    // a rename while joined keeps the seat: a hello again on the open channel renames it at the
    // table (py/tablehost/table.py, _hello), so the TV and the other phones show the new name
    if (link && store.state().link === "open") hello();
    else startLink();
  } else if (form.dataset.act === "bring-bot") {
    const message = bringBot.bringMessage(form.elements.bot.value);
    if (message.error) return showError(message.error);
    send((offered = message));
    store.dispatch({ type: "bring", bring: { name: message.name, status: "waiting" } });
  } else if (form.dataset.act === "code") {
    const code = codeEntry?.readCode(form);
    const name = form.elements.name.value.trim().slice(0, 24);
    if (!code) return;
    if (!name) return form.elements.name.reportValidity();
    localStorage.setItem(NAME_KEY, name);
    store.dispatch({ type: "name", name });
    startLink();
    link.joinCode(code);
  }
}

whenParsed(() => {
  document.documentElement.lang = lang();
  store.subscribe(buzzOnTurn); // first: it decides whose turn the title shows
  store.subscribe(buzzOnLastCard);
  for (const type of ["pointerdown", "keydown"]) document.addEventListener(type, () => loadSound(), { capture: true });
  store.subscribe(frames.schedule);
  store.subscribe(keepAwake);
  onLangChange(() => store.dispatch({ type: "lang" }));
  for (const root of [document.getElementById("app"), document.getElementById("overlay")]) {
    root.addEventListener("click", (event) => {
      onClick(event);
      frames.flush();
    });
  }
  document.getElementById("app").addEventListener("submit", (event) => {
    onSubmit(event);
    frames.flush();
  });
  document.getElementById("overlay").addEventListener("change", (event) => {
    if (event.target.dataset.host) hostControl(event.target);
    else if (event.target.dataset.act === "host-level") store.dispatch({ type: "hostLevel", level: event.target.value });
  });
  document.addEventListener("keydown", (event) => {
    if (event.key !== "Escape") return;
    if (store.state().rulesOpen) store.dispatch({ type: "rules", open: false });
    else if (store.state().hostConfirm) store.dispatch({ type: "hostConfirm", confirm: null });
    else if (store.state().hostOpen) store.dispatch({ type: "hostOpen", open: false });
    else store.dispatch({ type: "pick", pick: NO_PICK });
    frames.flush();
  });
  startTicker(store);
  render();
  if (store.state().name) startLink();
  keepOffline("phone");
});
