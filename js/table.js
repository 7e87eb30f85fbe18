/**
 * Entry of table.html (the TV / laptop). Wires the store, the renderer, the Python table
 * (py/bridge.py, through `lastcard-ready` / `lastcard-out` events and `window.lastcardTable`) and
 * the join transport (js/join-table.js). Outputs of the controller go to the TV renderer ("tv")
 * or to a phone through the transport.
 */
import { morph, whenParsed } from "./html.js";
import { createStore } from "./store.js";
import { fontSamples, joinText, LEVELS, OWN_BOT, tvScreen } from "./table-ui.js";
import { handIntent, NO_PICK } from "./hand-ui.js";
import { carryPick } from "./moves.js";
import { lang, onLangChange, otherLang, setLang, t } from "./i18n.js";
import { errorText, received, startTicker, tick, whenIdle } from "./live.js";
import { taskRenderer } from "./table-render.js";
import { keepOffline } from "./offline.js";
import { DAMAGED_KEY, TableEngine, freshRequested } from "./table-engine.js";
import { TableLock } from "./table-lock.js";
import { focusNow, remoteControl, topModal } from "./spatial.js";
import { cue, cuesFor, muted, setMuted, unlockOnGesture } from "./sound.js";
import { hostIntent, removeIntent } from "./host-ui.js";
import { BOTS_KEY, botNames, MAX_SOURCE, savedBots } from "./saved-bots.js";

/** What this browser lacks to host (js/host-check.js, run by table.html first; empty when
 * nothing): then the table does not start, and says why in the TV's language. */
const missing = document.documentElement.dataset.hostProblems ?? "";

/** The name last used on this screen for "Play against the computer". */
const SOLO_NAME_KEY = "lastcard.soloName";
/** A change's sound cue plays once the TV is idle (after the change is drawn), this late at most. */
const CUE_WAIT_MS = 150;

/** Each local seat's panel state carried over to the newest views (js/moves.js `carryPick`). */
function carryPicks(picks, local) {
  return Object.fromEntries(Object.entries(picks).map(([seat, pick]) => [seat, carryPick(local[seat]?.legal ?? [], pick)]));
}

const store = createStore(
  {
    boot: (s, a) => ({ ...s, boot: a.boot, error: a.error ?? null }),
    progress: (s, a) => ({ ...s, progress: a.progress }),
    damaged: (s, a) => ({ ...s, damaged: a.damaged }),
    tv: (s, a) => ({
      ...s,
      ...received(s, a.msg, a.at),
      // a local seat's open choice survives an unrelated change while it still applies
      picks: s.msg?.state === a.msg.state ? s.picks : carryPicks(s.picks, a.msg.local ?? {}),
      rulesOpen: s.rulesOpen,
      sent: null,
    }),
    // A local seat's move is on its way to the table (in the worker): its hand is not "your
    // turn" again until the table answers (a new screen, or an error).
    sent: (s, a) => ({ ...s, sent: a.state }),
    tick,
    pick: (s, a) => ({ ...s, picks: { ...s.picks, [a.seat]: a.pick } }),
    rules: (s, a) => ({ ...s, rulesOpen: a.open }),
    confirm: (s, a) => ({ ...s, confirm: a.confirm }),
    solo: (s, a) => ({ ...s, solo: a.solo }),
    level: (s, a) => ({ ...s, level: a.level }),
    ownBots: (s) => ({ ...s, ownBots: botNames(), level: s.level.startsWith(OWN_BOT) && !(s.level.slice(OWN_BOT.length) in savedBots()) ? "normal" : s.level }),
    toast: (s, a) => ({ ...s, toast: a.text }),
    invite: (s, a) => ({ ...s, invite: a.invite }),
    joinStatus: (s, a) => ({ ...s, joinStatus: a.status }),
    lang: (s) => ({ ...s }),
    sound: (s) => ({ ...s, muted: muted() }),
  },
  { muted: muted(), boot: missing ? "unsupported" : "loading", missing, error: null, msg: null, receivedAt: 0, left: null, picks: {}, rulesOpen: false, confirm: null, solo: null, level: "normal", ownBots: botNames(), toast: null, invite: null, joinStatus: null, progress: null, damaged: null, sent: null },
);

// The new table's seed: 128 bits of the browser's cryptographic generator, as a decimal string
// (beyond JavaScript's exact numbers), so that no phone can search for the deals from its own hand
// (docs/protocol.md, "What a phone cannot learn"). A test fixes it (`lastcardFixedSeed`).
const SEED = window.lastcardFixedSeed ?? crypto.getRandomValues(new Uint32Array(4)).reduce((n, word) => (n << 32n) | BigInt(word), 0n).toString();
// Sent by this page (not the controller) to a phone admitted while Python boots.
const STARTING = JSON.stringify({ v: 1, type: "starting" });
// The host phone hears when the code way pauses, and may ask for a new code (docs/protocol.md):
// its message is the page's, not the controller's, however the JSON is written.
const isCodeResume = (text) => {
  if (typeof text !== "string" || !text.includes("code_resume")) return false;
  try {
    const message = JSON.parse(text);
    return message?.v === 1 && message.type === "code_resume";
  } catch {
    return false;
  }
};
let codePaused = false;
let hostPeer = null; // while the code way is paused: the host phone, read from its views

let engine = null; // the Python table in its worker (js/table-engine.js), from page load
let join = null; // the TableJoin transport, started at page load (phones join through it)
const lock = new TableLock(); // one table per browser
lock.onTake = () => handOver();

// Started as soon as this module runs, at once (issue 12: the QR within 0.5 s of navigation):
// the lock that says whether this tab is the table, and meanwhile the join layer's modules and the
// phones' address (js/join-table.js `prepareJoin`), which answer no phone before the lock. The
// table's worker starts once the lock is granted: started earlier, its WebAssembly compiling on
// the same cores held up the QR (and, from the service worker, the boot itself) in A/B loads.
let freshAsked = freshRequested(); // `?new`: the first boot of this page only
performance.mark("lock-asked");
const lockAsked = missing ? null : lock.acquire();
const joinLayer = missing ? null : import("./join-table.js").then((layer) => ({ layer, early: layer.prepareJoin() }));
let remote = null; // the remote keys (js/spatial.js), once the page is there
let toastTimer = 0;

function host(command) {
  if (engine?.ready) engine.host(JSON.stringify(command));
}

function toast(text) {
  store.dispatch({ type: "toast", text });
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => store.dispatch({ type: "toast", text: null }), 4000);
}

/**
 * Route a batch of the controller's `[to, text]` pairs: each phone's text goes out as it is,
 * first, so that rendering the TV ("tv") does not hold up the phones' messages.
 */
function route(batch) {
  for (const [to, text] of batch) if (to !== "tv") join?.send(to, text);
  if (codePaused) for (const [to, text] of batch) if (to !== "tv") watchHost(to, text);
  for (const [to, text] of batch) {
    if (to !== "tv") continue;
    const message = JSON.parse(text);
    if (message.type === "record") download(message);
    else if (message.type === "tv") {
      const cues = cuesFor(store.state().msg, message);
      if (cues.length) whenIdle(() => cues.forEach(cue), CUE_WAIT_MS);
      store.dispatch({ type: "tv", msg: message, at: performance.now() });
    } else if (message.type === "error") {
      store.dispatch({ type: "sent", state: null });
      if (message.code === "bad_options") showAppliedOptions();
      toast(errorText(message.code));
    }
  }
}

/** While the code way is paused: tell the host phone (a new one too) so, once. */
function watchHost(peer, text) {
  let host;
  try {
    host = JSON.parse(text).host === true;
  } catch {
    return;
  }
  if (host && hostPeer !== peer) {
    hostPeer = peer;
    join?.send(peer, JSON.stringify({ v: 1, type: "code_paused", paused: true }));
  } else if (!host && hostPeer === peer) hostPeer = null;
}

function codeWayChanged(status) {
  const paused = status.ways?.code?.state === "paused";
  if (paused === codePaused) return;
  codePaused = paused;
  // Every phone's view again, to find the host's (a table still starting does so once it is up).
  if (paused && engine?.ready) engine.refresh();
  else if (hostPeer) join?.send(hostPeer, JSON.stringify({ v: 1, type: "code_paused", paused: false }));
  if (!paused) hostPeer = null;
}

/** Save the game record the table sent (docs/protocol.md, "record") as a JSON file. */
function download(message) {
  const blob = new Blob([JSON.stringify(message.record, null, 1)], { type: "application/json" });
  const a = document.createElement("a");
  a.href = URL.createObjectURL(blob);
  a.download = message.name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
}

/** The last renders' timings (ms), newest last: {build, morph, style, focus} (docs/design.md). */
const renders = [];
const KEPT_RENDERS = 1000;
/**
 * The TV renders in a task of its own, soon, once for however many changes came meanwhile: the
 * phones' messages are already out (route), a burst of changes costs one render, and the frame
 * that draws it is another task: on a TV's slow main thread, render and frame in one task were
 * long tasks (docs/benchmarks.md). The render resolves the new DOM's style itself, so that the
 * frame only lays out and paints: a frame that came first after a whole new screen (the deal,
 * the results) did all three, and was the longest task of the hand. The focus is settled in
 * the task after the render's (`settleFocus`). A key renders what is waiting, and settles its
 * focus, first; so does what a player does on this screen (`showNow`).
 */
const renderer = taskRenderer(render);
const focuser = taskRenderer(settleFocus, { urgent: true });
/** The store state the screen shows (the last one rendered): the focus is settled for it, the
 * screen's newer state waiting for its own render and focus. */
let shown = store.state();

/** Render what is waiting and settle its focus now: before a key is handled, after a click. */
function showNow() {
  renderer.flush();
  focuser.flush();
}

/**
 * Bring the screen to the store's state; its focus follows in the next task (`settleFocus`),
 * before anything else of this page's: a key or a click settles it first (`showNow`), and a render
 * that finds it still waiting settles it first.
 */
function render() {
  focuser.flush();
  const s = store.state();
  shown = s;
  const started = performance.now();
  const screen = tvScreen(s);
  const join = joinText(s.invite, s.joinStatus);
  const built = performance.now();
  remote?.beforeRender();
  const marked = performance.now();
  const app = document.getElementById("app");
  morph(app, screen);
  if (document.title !== t("app.title")) document.title = t("app.title");
  morph(document.getElementById("join-text"), join);
  const phase = s.msg?.phase ?? "boot";
  if (document.body.dataset.phase !== phase) document.body.dataset.phase = phase;
  const morphed = performance.now();
  // the new DOM's style resolved here: the frame that draws it lays it out and paints
  void getComputedStyle(app).display;
  const styled = performance.now();
  renders.push({ build: built - started, morph: morphed - marked, style: styled - morphed, focus: marked - built });
  if (renders.length > KEPT_RENDERS) renders.shift();
  focuser.schedule();
}

/**
 * Keep or place the focus for the screen the last render made (js/spatial.js `keepFocus`, and a
 * local seat's likely move). No layout is read here; the browser's `focus()`, when the focus
 * moves, lays the page out (Chromium 108 does), so a whole new screen (the deal, the results)
 * lays out in this task rather than in the render's: on a TV's slow main thread the two
 * together were a long task (docs/benchmarks.md).
 */
function settleFocus() {
  const s = shown;
  const started = performance.now();
  keepJoinSwitch();
  if (s.boot === "elsewhere" || s.boot === "moved") {
    remote?.keepFocus(); // "Move the table here": its button, not nothing
  } else if (s.boot === "ready" && s.msg) {
    remote?.keepFocus();
    focusTurn(s);
    focusJumpIn(s);
    warmFonts(s);
  }
  const last = renders.at(-1);
  if (last) last.focus += performance.now() - started;
}

/** The join panel's switch (its way, or a paused code's resume) was pressed: until the focus
 * goes elsewhere, the control that replaces it after the panel changes takes the focus. */
let joinPressed = false;

/**
 * Keep the focus on the join panel's switch when pressing it re-renders the panel: the pressed
 * button goes (the camera fails: "Use the internet instead"; back: "Use the camera instead"),
 * and the focus would fall on the screen's main control ("Start the game"), where a second OK
 * starts the game. The switch is `data-risky` (the focus never falls on it by itself); here
 * the player pressed it.
 */
function keepJoinSwitch() {
  if (!joinPressed) return;
  const panel = document.getElementById("join-text");
  const at = document.activeElement;
  if (at && at !== document.body) {
    if (!panel.contains(at)) joinPressed = false; // the player went elsewhere
    return;
  }
  const next = panel.querySelector("[data-act=join-mode], [data-act=code-resume]");
  if (!next || topModal() || !focusNow(next)) joinPressed = false;
}

let fontsWarmed = false;

/**
 * Once the lobby shows with its invite: lay the game screen's text styles out out of sight
 * (`fontSamples`), one sample an idle moment, each taken away in the task that laid it out, so
 * that the deal finds their fonts known (their look-ups were most of its task on a TV's slow
 * main thread: docs/benchmarks.md).
 */
function warmFonts(s) {
  if (fontsWarmed || s.msg?.phase !== "lobby" || !s.invite?.url) return;
  fontsWarmed = true;
  const samples = fontSamples(s.invite);
  const next = () => {
    const markup = samples.shift();
    if (!markup) return;
    const box = document.createElement("div");
    box.className = "font-samples";
    box.setAttribute("aria-hidden", "true");
    box.inert = true;
    box.innerHTML = markup.text;
    document.body.append(box);
    void box.offsetWidth; // lays it out, and its fonts are looked up
    box.remove();
    whenIdle(next, 1000);
  };
  whenIdle(next, 1000);
}

/** The local seat the game waits on now (a hand played on this screen), or null. */
function localTurn(msg) {
  if (msg?.phase !== "playing" || msg.paused) return null;
  const seat = (msg.awaiting ?? []).find((n) => String(n) in (msg.local ?? {}));
  return seat === undefined ? null : seat;
}

/** What a player on this screen most likely does next: a legal card, else the first enabled
 * move button (name the suit, draw, end turn), else any card of the hand. */
function turnTarget() {
  const hand = document.querySelector("#app .local [data-testid=hand]");
  if (!hand) return null;
  return hand.querySelector(".hand__card.is-legal") ?? hand.querySelector(".hand__actions .btn:not(:disabled)") ?? hand.querySelector(".hand__card");
}

let turnKey = null;

/** When a local seat's decision starts, put the focus on its likely move (unless a dialog is
 * open or the host is on the top bar, the seats or the join panel). */
function focusTurn(s) {
  const seat = localTurn(s.msg);
  const key = seat === null ? null : `${seat}:${s.msg.state}`;
  if (key === turnKey) return;
  turnKey = key;
  if (key === null || topModal()) return;
  if (document.activeElement?.closest(".topbar, .game__side, #join-text")) return;
  focusNow(turnTarget());
}

let jumpKey = null;

/**
 * When the hand on this screen may jump in (the jump-in house rule: a card identical to the one
 * just played, out of turn), put the focus on that card, as a turn puts it on its likely move:
 * the chance lasts a computer's thinking pause, too short for arrows. Only from inside that
 * hand or from nothing: never away from a dialog, the top bar, the seats or the join panel.
 */
function focusJumpIn(s) {
  const hand = document.querySelector("#app .local");
  const line = hand?.querySelector("[data-testid=jump-in]");
  const key = line ? `${hand.dataset.seat}:${s.msg.state}` : null;
  if (key === jumpKey) return;
  jumpKey = key;
  if (key === null || topModal()) return;
  const at = document.activeElement;
  if (at && at !== document.body && !hand.contains(at)) return;
  focusNow(hand.querySelector(".hand__card.is-legal"));
}

/**
 * The control the focus goes to when nothing has it: the screen's main control. In a game, the
 * move of a hand played on this screen, else Pause (Resume), else Rules: never the first button
 * that comes, which in a game with phones alone was a spectator's "Let back in" (a kick undone by
 * one OK after a rematch) or the join panel's switch.
 */
function preferred() {
  const s = shown;
  const app = document.getElementById("app");
  if (s.boot !== "ready" || !s.msg) return app.querySelector("[data-act=take-table]");
  if (s.msg?.phase === "lobby") return app.querySelector(s.msg.lobby?.can_start ? "[data-command=start]:not(:disabled)" : "[data-act=solo]");
  return turnTarget() ?? app.querySelector(".topbar [data-key=pause]") ?? app.querySelector(".topbar [data-key=rules]");
}

/** Back (Escape, Backspace): close the topmost dialog, else drop the picked cards. */
function back() {
  const s = store.state();
  if (s.rulesOpen) {
    store.dispatch({ type: "rules", open: false });
    host({ type: "rules", open: false });
  } else if (s.solo) {
    store.dispatch({ type: "solo", solo: null });
  } else if (s.confirm) {
    store.dispatch({ type: "confirm", confirm: null });
  } else if (Object.values(s.picks).some((pick) => pick.selection.length || pick.choice)) {
    for (const seat of Object.keys(s.picks)) store.dispatch({ type: "pick", seat, pick: NO_PICK });
  } else {
    return false;
  }
  return true;
}

let wakeLock = null;

/** Keep the TV screen on while a game is on (where the browser allows it). */
function keepAwake(s) {
  const playing = s.msg && s.msg.phase !== "lobby";
  if (playing && !wakeLock && document.visibilityState === "visible") {
    wakeLock = navigator.wakeLock?.request("screen").catch(() => null) ?? null;
  } else if (!playing && wakeLock) {
    wakeLock.then((lock) => lock?.release());
    wakeLock = null;
  }
}

/** Add a computer seat: the table names it in its language ("Bot 2", «Компьютер 2»), which is
 * this screen's (`tellLang`), or a bot saved in this browser's lab by its own name. */
function addBot(level) {
  if (level.startsWith(OWN_BOT)) return addOwnBot(level.slice(OWN_BOT.length));
  host({ type: "add_bot", level });
}

/** The table's language is this screen's: the computer seats it named follow it. */
function tellLang() {
  host({ type: "lang", lang: lang() });
}

/** Seat a bot saved in this browser's lab (docs/bots.md, "Seat it at a table"). */
function addOwnBot(name) {
  const source = savedBots()[name];
  if (source === undefined) return store.dispatch({ type: "ownBots" }); // deleted meanwhile
  if (source.length > MAX_SOURCE) return toast(t("error.too_large"));
  host({ type: "add_custom_bot", name, source });
}

/** "Play against the computer": ask the player's name and the computer level first. */
function askSolo() {
  store.dispatch({ type: "solo", solo: { name: localStorage.getItem(SOLO_NAME_KEY) ?? t("solo.name"), level: LEVELS.includes(store.state().level) ? store.state().level : "normal" } });
}

/** A seat on this screen for `name`, computer players of `level` up to the ruleset's solo
 * table, and the deal. */
function solo(name, level) {
  const msg = store.state().msg;
  const { players, solo_bots: soloBots } = msg.lobby.description;
  let seats = msg.seats.length;
  if (!msg.seats.some((seat) => seat.kind === "local")) {
    host({ type: "add_local", name });
    seats += 1;
  }
  const want = Math.max(players.min, 1 + soloBots);
  for (; seats < want; seats += 1) addBot(level);
  host({ type: "start" });
}

/** Put every lobby option box back to the value the table applies (its `value` attribute). */
function showAppliedOptions() {
  for (const input of document.querySelectorAll("[data-act=option]")) input.value = input.defaultValue;
}

/**
 * An option number out of its bounds (or not a whole number), which `hostIntent` does not send:
 * the box goes back to the value the table applies and a note says why.
 */
function keepOption(input) {
  const label = document.querySelector(`label[for="${input.id}"]`)?.textContent ?? input.name;
  toast(t("lobby.optionKept", { name: label, min: input.min || "…", max: input.max || "…", value: input.defaultValue }));
  input.value = input.defaultValue;
}

/** Ask the host the question of a host control's intent (`hostIntent`) before sending it. */
function ask(intent) {
  store.dispatch({ type: "confirm", confirm: { text: intent.confirm, yes: intent.yes, command: intent.command } });
}

function onClick(event) {
  const el = event.target.closest("[data-act], [data-host]");
  if (!el || el.tagName === "FORM" || el.tagName === "SELECT" || el.tagName === "INPUT") return;
  const s = store.state();
  if (!el.dataset.act) {
    // the host controls the TV shares with the host phone (js/host-ui.js)
    const intent = hostIntent(el, s.msg);
    if (intent?.confirm) ask(intent);
    else if (intent) host(intent.command);
    return;
  }
  const localBox = el.closest(".local");
  if (localBox) {
    const seat = Number(localBox.dataset.seat);
    if (el.dataset.act === "back") return host({ type: "local_back", seat });
    const view = s.msg.local[String(seat)];
    const intent = handIntent(el, view, s.picks[seat] ?? NO_PICK);
    if (!intent) return;
    if (intent.pick) store.dispatch({ type: "pick", seat, pick: intent.pick });
    if (intent.send) {
      store.dispatch({ type: "sent", state: s.msg.state });
      host({ type: "local_action", seat, action: intent.send, state: s.msg.state });
    }
    return;
  }
  switch (el.dataset.act) {
    case "host":
      host({ type: el.dataset.command });
      break;
    case "solo":
      askSolo();
      break;
    case "solo-cancel":
      store.dispatch({ type: "solo", solo: null });
      break;
    case "add-bot":
      addBot(s.level);
      break;
    case "ask-remove":
      ask(removeIntent(s.msg, Number(el.dataset.seat)));
      break;
    case "remove-spectator": {
      const id = Number(el.dataset.id);
      const name = s.msg.spectators?.find((x) => x.id === id)?.name ?? "";
      store.dispatch({ type: "confirm", confirm: { text: t("spectator.removeConfirm", { name }), yes: t("seat.remove"), command: { type: "remove_spectator", id } } });
      break;
    }
    case "confirm-yes":
      host(s.confirm.command);
      store.dispatch({ type: "confirm", confirm: null });
      break;
    case "close-confirm":
      store.dispatch({ type: "confirm", confirm: null });
      break;
    case "rules-open":
    case "rules-close": {
      const open = el.dataset.act === "rules-open";
      store.dispatch({ type: "rules", open });
      host({ type: "rules", open });
      break;
    }
    case "lang":
      setLang(otherLang());
      break;
    case "take-table":
      takeTable();
      break;
    case "reload":
      location.reload();
      break;
    case "download-damaged":
      downloadDamaged();
      break;
    case "dismiss-damaged":
      store.dispatch({ type: "damaged", damaged: null });
      break;
    case "mute":
      setMuted(!muted());
      store.dispatch({ type: "sound" });
      break;
    default:
      throw new Error(`unknown control: ${el.dataset.act}`);
  }
}

function onChange(event) {
  const el = event.target;
  const act = el.dataset.act;
  if (el.dataset.host) {
    // the next game's settings, one form with the host phone's (js/host-ui.js)
    const intent = hostIntent(el, store.state().msg);
    if (intent) host(intent.command);
    else if (act === "option") keepOption(el);
  } else if (act === "level") store.dispatch({ type: "level", level: el.value });
  else if (act === "solo-name") store.dispatch({ type: "solo", solo: { ...store.state().solo, name: el.value } });
  else if (act === "solo-level") store.dispatch({ type: "solo", solo: { ...store.state().solo, level: el.value } });
}

function onSubmit(event) {
  const form = event.target.closest("form[data-act]");
  if (!form) return;
  event.preventDefault();
  // with no name typed, the name "Play against the computer" offers ("Player": the table makes
  // a second one "Player 2"), never the browser's own "Please fill out this field", in its language
  const typed = form.elements.name.value.trim().slice(0, 24);
  const name = typed || t("solo.name");
  if (form.dataset.act === "solo-start") {
    if (typed) localStorage.setItem(SOLO_NAME_KEY, typed);
    store.dispatch({ type: "solo", solo: null });
    solo(name, form.elements.level.value);
    return;
  }
  host({ type: "add_local", name });
  form.reset();
}

async function startJoin(fresh) {
  const { layer, early: prepared } = await joinLayer;
  join = new layer.TableJoin({ qrBox: document.getElementById("join-qr"), cameraBox: document.getElementById("join-camera"), fresh, early: prepared });
  join.addEventListener("open", (e) => {
    if (!engine.ready) join.send(e.detail.peer, STARTING);
    engine.connect(e.detail.peer);
  });
  join.addEventListener("message", (e) => {
    if (!isCodeResume(e.detail.text)) engine.receive(e.detail.peer, e.detail.text);
    else if (e.detail.peer === hostPeer) join.resumeCode();
  });
  join.addEventListener("close", (e) => engine.disconnect(e.detail.peer));
  join.addEventListener("invite", (e) => store.dispatch({ type: "invite", invite: { ...e.detail, search: location.search } }));
  join.addEventListener("status", (e) => {
    store.dispatch({ type: "joinStatus", status: e.detail });
    codeWayChanged(e.detail);
  });
  await join.start();
}

/** `<main data-state>`: "booting", "ready", "error", "elsewhere" (another tab is the table),
 * "unsupported" (set by table.html). */
function setState(state) {
  const main = document.querySelector("main");
  main.dataset.state = state;
  main.setAttribute("aria-busy", String(state === "booting"));
}

/**
 * Boot the table in this tab: the Python worker and the join layer start together, so the QR is
 * up while Python loads; phones admitted meanwhile are told the table is starting, and what they
 * send waits in the worker until the table is open.
 */
function begin() {
  const fresh = freshAsked;
  freshAsked = false; // a table taken back from another tab boots from the save
  engine = new TableEngine({ fresh, seed: SEED });
  window.lastcardTimings = engine.timings; // diagnostics (bench/bench_table.py): docs/design.md
  window.lastcardRenders = renders;
  window.lastcardBoot = engine.bootMarks;
  engine.addEventListener("progress", (e) => store.dispatch({ type: "progress", progress: e.detail }));
  engine.addEventListener("bots", () => {
    document.querySelector("main").dataset.bots = "ready";
  });
  engine.addEventListener("out", (e) => document.dispatchEvent(new CustomEvent("lastcard-out", { detail: e.detail })));
  engine.addEventListener("failed", (e) => {
    setState("error");
    document.dispatchEvent(new CustomEvent("lastcard-failed", { detail: e.detail }));
  });
  engine.addEventListener("ready", (e) => {
    if (e.detail.damaged) store.dispatch({ type: "damaged", damaged: e.detail.damaged });
    // The documented API (docs/design.md): calls are forwarded to the worker; what the table
    // answers comes as lastcard-out events, as before, only no longer inside the call.
    window.lastcardTable = {
      host: (json) => engine.host(json),
      connect: (peer) => engine.connect(peer),
      disconnect: (peer) => engine.disconnect(peer),
      receive: (peer, text) => engine.receive(peer, text),
      refresh: () => engine.refresh(),
      fresh,
    };
    store.dispatch({ type: "boot", boot: "ready" });
    setState("ready");
    tellLang();
    engine.refresh();
    document.dispatchEvent(new CustomEvent("lastcard-ready", { detail: "" }));
  });
  engine.start();
  startJoin(fresh);
}

/** Another tab takes the table: stop answering, save, close the phones' links, and say so. */
async function handOver() {
  join?.stop();
  await engine?.stop();
  join = null;
  engine = null;
  window.lastcardTable = null;
  document.getElementById("join-qr").replaceChildren();
  store.dispatch({ type: "invite", invite: null });
  store.dispatch({ type: "joinStatus", status: null });
  store.dispatch({ type: "boot", boot: "moved" });
  setState("elsewhere");
}

/** "Move the table here": the other tab hands over, then this one boots. */
async function takeTable() {
  store.dispatch({ type: "boot", boot: "taking" });
  setState("booting");
  await lock.take();
  store.dispatch({ type: "boot", boot: "loading" });
  store.dispatch({ type: "progress", progress: null });
  begin();
}

/** Offer the damaged save (kept aside in localStorage) as a file. */
function downloadDamaged() {
  const aside = localStorage.getItem(DAMAGED_KEY);
  if (!aside) return;
  const link = document.createElement("a");
  link.href = URL.createObjectURL(new Blob([aside], { type: "application/json" }));
  link.download = `lastcard-damaged-save-${JSON.parse(aside).at.replace(/[:.]/g, "-")}.json`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 1000);
}

/**
 * An error while the table starts (outside the Python worker, which reports its own) fails the
 * boot with a way out, rather than "Starting the table…" for ever: the boot's own chain, and any
 * error nobody caught meanwhile (older engines do not all report unhandled rejections).
 */
function bootFailed(error) {
  if (store.state().boot !== "loading") return;
  const text = String(error?.message ?? error);
  store.dispatch({ type: "boot", boot: "failed", error: text });
  setState("error");
  document.dispatchEvent(new CustomEvent("lastcard-failed", { detail: text })); // docs/design.md
}
addEventListener("error", (event) => bootFailed(event.error ?? event.message));
addEventListener("unhandledrejection", (event) => bootFailed(event.reason));

whenParsed(() => {
  store.subscribe(renderer.schedule);
  store.subscribe(keepAwake);
  unlockOnGesture();
  document.addEventListener("visibilitychange", () => {
    wakeLock = null; // the browser drops the lock when the tab is hidden
    keepAwake(store.state());
  });
  onLangChange(() => {
    tellLang();
    store.dispatch({ type: "lang" });
  });
  // the lab (another tab of this browser) saved, renamed or deleted a bot
  addEventListener("storage", (event) => event.key === null || event.key === BOTS_KEY ? store.dispatch({ type: "ownBots" }) : null);
  document.documentElement.lang = lang();
  const app = document.getElementById("app");
  // What a player does on this screen shows at once, its focus too (the table's changes wait a task).
  app.addEventListener("click", (event) => {
    onClick(event);
    showNow();
  });
  document.getElementById("join-text").addEventListener("click", (event) => {
    const button = event.target.closest("[data-act=join-mode], [data-act=code-resume]");
    if (button) joinPressed = true;
    if (button?.dataset.act === "code-resume") join?.resumeCode();
    else if (button) join?.setMode(button.dataset.mode);
  });
  app.addEventListener("change", (event) => {
    onChange(event);
    showNow();
  });
  app.addEventListener("submit", (event) => {
    onSubmit(event);
    showNow();
  });
  // A key finds the screen and its focus as they are: a waiting render (and its focus) first.
  addEventListener("keydown", showNow, true);
  remote = remoteControl({ onBack: () => {
    const done = back();
    showNow();
    return done;
  }, preferred, screen: () => `${shown.boot}:${shown.msg?.phase}:${shown.msg?.state}` });
  document.addEventListener("lastcard-out", (e) => route(e.detail));
  document.addEventListener("lastcard-failed", (e) => store.dispatch({ type: "boot", boot: "failed", error: e.detail }));
  lockAsked?.then((mine) => {
    if (mine) {
      performance.mark("lock-granted"); // diagnostics: docs/design.md
      begin();
    } else {
      store.dispatch({ type: "boot", boot: "elsewhere" });
      setState("elsewhere");
    }
  }).catch(bootFailed);
  startTicker(store);
  render();
  keepOffline("table");
});
