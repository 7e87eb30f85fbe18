/**
 * Entry of table.html (the TV / laptop). Wires the store, the renderer, the Python table
 * (py/bridge.py, through `lastcard-ready` / `lastcard-out` events and `window.lastcardTable`) and
 * the join transport (js/join-table.js). Outputs of the controller go to the TV renderer ("tv")
 * or to a phone through the transport.
 */
import { morph } from "./html.js";
import { createStore } from "./store.js";
import { joinText, tvScreen } from "./table-ui.js";
import { focusChoice, handIntent, NO_PICK } from "./hand-ui.js";
import { lang, onLangChange, otherLang, setLang, t } from "./i18n.js";
import { errorText, received, startTicker, tick } from "./live.js";
import { keepOffline } from "./offline.js";

const SOLO_BOTS = { poslednyaya: 2, "last-one": 2, "last-card": 1, "posledniy-igrok": 2 };

const store = createStore(
  {
    boot: (s, a) => ({ ...s, boot: a.boot, error: a.error ?? null }),
    tv: (s, a) => ({
      ...s,
      ...received(s, a.msg, a.at),
      picks: s.msg?.state === a.msg.state ? s.picks : {},
      rulesOpen: s.rulesOpen,
    }),
    tick,
    pick: (s, a) => ({ ...s, picks: { ...s.picks, [a.seat]: a.pick } }),
    rules: (s, a) => ({ ...s, rulesOpen: a.open }),
    confirm: (s, a) => ({ ...s, confirm: a.seat }),
    toast: (s, a) => ({ ...s, toast: a.text }),
    invite: (s, a) => ({ ...s, invite: a.invite }),
    joinStatus: (s, a) => ({ ...s, joinStatus: a.status }),
    lang: (s) => ({ ...s }),
  },
  { boot: "loading", error: null, msg: null, receivedAt: 0, left: null, picks: {}, rulesOpen: false, confirm: null, toast: null, invite: null, joinStatus: null },
);

let api = null; // the Python table (py/bridge.py), once it is ready
let join = null; // the TableJoin transport, once started (phones join through it)
let toastTimer = 0;

function host(command) {
  api?.host(JSON.stringify(command));
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
  for (const [to, text] of batch) {
    if (to !== "tv") continue;
    const message = JSON.parse(text);
    if (message.type === "tv") store.dispatch({ type: "tv", msg: message, at: performance.now() });
    else if (message.type === "error") toast(errorText(message.code));
  }
}

function render() {
  const s = store.state();
  const app = document.getElementById("app");
  morph(app, tvScreen(s));
  focusChoice(app);
  document.title = t("app.title");
  morph(document.getElementById("join-text"), joinText(s.invite, s.joinStatus));
  document.body.dataset.phase = s.msg?.phase ?? "boot";
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

/** Add a computer seat with a name in the current language ("Bot 2", "Компьютер 2"). */
function addBot(level) {
  const bots = store.state().msg.seats.filter((seat) => seat.kind === "bot").length;
  host({ type: "add_bot", level, name: t("bot.name", { n: bots + 1 }) });
}

function solo() {
  const msg = store.state().msg;
  const ruleset = msg.lobby.ruleset;
  if (!msg.seats.some((seat) => seat.kind === "local")) host({ type: "add_local", name: t("solo.name") });
  const want = Math.max(msg.lobby.rulesets?.[ruleset]?.min ?? 2, 1 + SOLO_BOTS[ruleset]);
  for (let n = store.state().msg.seats.length; n < want; n += 1) addBot("normal");
  host({ type: "start" });
}

function configureOption(input) {
  const lobby = store.state().msg.lobby;
  const value = Number(input.value);
  if (!Number.isInteger(value) || value < Number(input.min) || value > Number(input.max)) {
    input.setCustomValidity(`${input.min}–${input.max}`);
    input.reportValidity();
    return;
  }
  input.setCustomValidity("");
  host({ type: "configure", options: { ...lobby.options, [input.name]: value } });
}

function onClick(event) {
  const el = event.target.closest("[data-act]");
  if (!el || el.tagName === "FORM" || el.tagName === "SELECT" || el.tagName === "INPUT") return;
  const s = store.state();
  const localBox = el.closest(".local");
  if (localBox) {
    const seat = Number(localBox.dataset.seat);
    const view = s.msg.local[String(seat)];
    const intent = handIntent(el, view, s.picks[seat] ?? NO_PICK);
    if (!intent) return;
    if (intent.pick) store.dispatch({ type: "pick", seat, pick: intent.pick });
    if (intent.send) host({ type: "local_action", seat, action: intent.send, state: s.msg.state });
    return;
  }
  switch (el.dataset.act) {
    case "host":
      host({ type: el.dataset.command });
      break;
    case "solo":
      solo();
      break;
    case "add-bot":
      addBot(document.querySelector("[name=level]").value);
      break;
    case "ask-remove":
      if (s.msg.phase === "lobby") host({ type: "remove", seat: Number(el.dataset.seat) });
      else store.dispatch({ type: "confirm", seat: Number(el.dataset.seat) });
      break;
    case "remove":
      host({ type: "remove", seat: Number(el.dataset.seat) });
      store.dispatch({ type: "confirm", seat: null });
      break;
    case "close-confirm":
      store.dispatch({ type: "confirm", seat: null });
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
    default:
      throw new Error(`unknown control: ${el.dataset.act}`);
  }
}

function onChange(event) {
  const el = event.target;
  const act = el.dataset.act;
  if (act === "ruleset") host({ type: "configure", ruleset: el.value });
  else if (act === "option") configureOption(el);
  else if (act === "timer") host({ type: "configure", timers: { [el.name]: el.value === "off" ? null : Number(el.value) } });
}

function onSubmit(event) {
  const form = event.target.closest("form[data-act=add-local]");
  if (!form) return;
  event.preventDefault();
  const name = form.elements.name.value.trim();
  if (name) host({ type: "add_local", name });
  form.reset();
}

async function startJoin() {
  const { TableJoin } = await import("./join-table.js");
  join = new TableJoin({ qrBox: document.getElementById("join-qr"), cameraBox: document.getElementById("join-camera"), fresh: Boolean(api.fresh) });
  join.addEventListener("open", (e) => api.connect(e.detail.peer));
  join.addEventListener("message", (e) => api.receive(e.detail.peer, e.detail.text));
  join.addEventListener("close", (e) => api.disconnect(e.detail.peer));
  join.addEventListener("invite", (e) => store.dispatch({ type: "invite", invite: e.detail }));
  join.addEventListener("status", (e) => store.dispatch({ type: "joinStatus", status: e.detail }));
  await join.start();
}

function connectBridge(table) {
  api = table;
  store.dispatch({ type: "boot", boot: "ready" });
  api.refresh();
  startJoin();
}

document.addEventListener("DOMContentLoaded", () => {
  store.subscribe(render);
  store.subscribe(keepAwake);
  document.addEventListener("visibilitychange", () => {
    wakeLock = null; // the browser drops the lock when the tab is hidden
    keepAwake(store.state());
  });
  onLangChange(() => store.dispatch({ type: "lang" }));
  document.documentElement.lang = lang();
  const app = document.getElementById("app");
  app.addEventListener("click", onClick);
  document.getElementById("join-text").addEventListener("click", (event) => {
    const button = event.target.closest("[data-act=join-mode]");
    if (button) join?.setMode(button.dataset.mode);
  });
  app.addEventListener("change", onChange);
  app.addEventListener("submit", onSubmit);
  document.addEventListener("keydown", (event) => {
    if (event.key !== "Escape") return;
    const s = store.state();
    if (s.rulesOpen) {
      store.dispatch({ type: "rules", open: false });
      host({ type: "rules", open: false });
    } else if (s.confirm !== null) {
      store.dispatch({ type: "confirm", seat: null });
    } else {
      for (const seat of Object.keys(s.picks)) store.dispatch({ type: "pick", seat, pick: NO_PICK });
    }
  });
  document.addEventListener("lastcard-out", (e) => route(e.detail));
  document.addEventListener("lastcard-failed", (e) => store.dispatch({ type: "boot", boot: "failed", error: e.detail }));
  if (window.lastcardTable) connectBridge(window.lastcardTable);
  else document.addEventListener("lastcard-ready", () => connectBridge(window.lastcardTable), { once: true });
  startTicker(store);
  render();
  keepOffline("table");
});
