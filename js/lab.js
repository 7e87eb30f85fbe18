/**
 * Entry of lab.html, the bot lab: write a Last Card player in Python (`move(view, events)`,
 * docs/bots.md), run a seeded tournament against the computer players and read its win rate
 * with the 95 % interval; an error shows as the Python traceback beside the failing line.
 *
 * The tournament runs in a PyScript worker (`<script type="py" worker>`, py/lab_worker.py) on
 * the vendored Pyodide, about a second of games per call, so the standings grow on screen and
 * Stop ends the worker at once. A move of the bot that runs `STOP_MS` is stopped in the worker,
 * at the line it is on (py/lastcard/userbot.py `Deadline`), and shows as an error does. A call
 * that does not come back in `STUCK_MS` (a bot the stop cannot reach: one long call into C)
 * ends the worker, and a fresh one boots. PyScript is loaded by this page only.
 *
 * The bots written here are kept in this browser (js/saved-bots.js: {name: source}), listed,
 * renamed and deleted here; the one being edited is there on the next visit, and a table opened
 * in this browser (or a phone's lobby, on a phone) offers them as players. A bot longer than a
 * table takes (`MAX_SOURCE`) is kept and runs here, and the lab says so while it is.
 */
import { html, morph } from "./html.js";
import { lang, num, onLangChange, otherLang, setLang, t, words } from "./i18n.js";
import { MOVE_MS } from "./custom-bots.js";
import { botNames, keepBots, MAX_SOURCE, savedBots } from "./saved-bots.js";

const ROOT = new URL("../", import.meta.url);
const url = (path) => new URL(path, ROOT).href;
const CURRENT_KEY = "lastcard.lab.current";
// Seconds of games per worker call (at least one game): the standings refresh after each call.
const CALL_SECONDS = 1;
// A move of the bot (or its code's loading) that runs this long is stopped where it is, its line
// marked: twice what a table gives a move, so that the moves a table would time out are counted
// (`slow`) while the run goes on, and a loop is stopped within seconds.
const STOP_MS = 2 * MOVE_MS;
// A worker call this long has a bot stuck where the stop cannot reach it, one long call into C
// (Stop ends one sooner): a call is one hand at least, and a hand with five `hard` seats takes
// tens of seconds in the lab's worker.
const STUCK_MS = 60_000;
// A call this long says so while it lasts (a loop the stop did not end?), and how to end it sooner.
const WAIT_MS = STOP_MS + 5_000;
// Python has not started in this long: say so rather than wait for ever.
const BOOT_MS = 180_000;
const LEVELS = ["easy", "normal", "hard"];

const state = {
  status: "booting", // booting | ready | running | failed
  rulesets: [],
  options: { ruleset: null, level: "normal", players: 2, games: 100, seed: 1 },
  ran: null, // the options of the last run, which its result measured
  result: null,
  error: null, // {error: traceback, line}
  note: null, // what became of the bot or the run, [key, vars] of its words (read in the page's language)
  name: "",
  help: false, // "How a bot works" is open
};

let worker = null;
let runId = 0;
let resolveStarter;
const starter = new Promise((resolve) => (resolveStarter = resolve)); // the worker gives it

// ---------------------------------------------------------------- saved bots
/** The name the bot being edited is saved under. */
const current = () => state.name.trim() || t("lab.defaultName");

function save() {
  const bots = savedBots();
  bots[current()] = code().value;
  keepBots(bots);
  localStorage.setItem(CURRENT_KEY, current());
}

/** Edit the saved bot `name` (its code in the editor), with `note` under the bar: what was said of
 * the bot edited until now goes with it. */
function open(name, note = null) {
  state.error = null;
  state.note = note;
  code().value = savedBots()[name] ?? "";
  localStorage.setItem(CURRENT_KEY, name);
  showName(name);
}

/** The bot being edited is `name`: its name in the field (which keeps what was typed otherwise). */
function showName(name) {
  state.name = name;
  render();
  document.getElementById("lab-name").value = name;
}

/** The bot being edited is saved under the name just typed (a name taken, or none, keeps the old
 * one). */
function rename(input) {
  const bots = savedBots();
  const old = localStorage.getItem(CURRENT_KEY) ?? current();
  const name = input.value.trim().slice(0, 24);
  if (name === old) return;
  if (!name) {
    // it took the default name, or was refused as "another bot is called “My bot”"
    state.note = ["lab.unnamed", { name: old }];
    return showName(old);
  }
  if (name in bots) {
    state.note = ["lab.taken", { name }];
    return showName(old);
  }
  delete bots[old];
  state.name = name;
  state.note = null;
  bots[name] = code().value;
  keepBots(bots);
  localStorage.setItem(CURRENT_KEY, name);
  render();
}

/** A new bot, from the starting one, under a name not taken yet (with `note`, as `open`). */
async function newBot(note = null) {
  const bots = savedBots();
  let name = t("lab.defaultName");
  for (let n = 2; name in bots; n += 1) name = `${t("lab.defaultName")} ${n}`;
  code().value = await starter;
  state.name = name;
  state.error = null;
  state.note = note;
  save();
  showName(name);
}

/** Delete the bot being edited, once its author says so; the next saved one (or a new one)
 * takes its place. */
function remove() {
  const bots = savedBots();
  const name = current();
  if (!confirm(t("lab.confirmDelete", { name }))) return;
  delete bots[name];
  keepBots(bots);
  const note = ["lab.deleted", { name }];
  const next = botNames(bots)[0];
  if (next !== undefined) open(next, note);
  else newBot(note);
}

// ---------------------------------------------------------------- the worker
async function boot() {
  state.status = "booting";
  render();
  await import("../vendor/pyscript/core.js");
  // PyScript's worker script (what its own `donkey` helper builds): the vendored Pyodide, the
  // engine wheel fetched into the worker's file system; py/lab_worker.py exports its functions.
  const script = document.createElement("script");
  script.type = "py";
  script.src = url("py/lab_worker.py");
  script.toggleAttribute("worker", true);
  script.setAttribute("config", JSON.stringify({
    interpreter: url("vendor/pyodide/pyodide.mjs"),
    files: { [url("vendor/lastcard-0.1.0-py3-none-any.whl")]: "./engine.whl" },
  }));
  document.body.append(script);
  worker = script;
  resolveStarter(await ready(script));
  state.status = "ready";
  render();
}

/**
 * Resolves to the starting bot once the worker's Python has run py/lab_worker.py. Without
 * SharedArrayBuffer (no cross-origin isolation on a static host) PyScript sends no `py:done`
 * for a worker, so the page asks until it answers: a call made before the worker listens is
 * lost, one made before Python defined the function fails.
 */
async function ready(script) {
  const started = performance.now();
  while (performance.now() - started < BOOT_MS) {
    const call = script.xworker?.sync.starter(); // PyScript sets `xworker` once it sees the script
    const answer = call && (await Promise.race([call.catch(() => null), sleep(500)]));
    if (typeof answer === "string") return answer;
    await sleep(100);
  }
  throw new Error(`no answer from Python in ${BOOT_MS / 1000} s`);
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function restart(note) {
  worker?.xworker.terminate();
  worker?.remove();
  worker = null;
  state.note = note;
  boot().catch(failed);
}

function failed(error) {
  state.status = "failed";
  state.note = ["lab.failed", { error: String(error?.message ?? error) }];
  render();
}

/** A worker call, or `null` if it did not answer in `STUCK_MS` (the worker is then ended).
 * Past `WAIT_MS` the status line counts the seconds it has taken (a bot looping for ever gave
 * a minute of "Dealing…" before the lab said a word). */
async function call(name, ...args) {
  let timer = 0;
  const stuck = new Promise((resolve) => (timer = setTimeout(() => resolve(null), STUCK_MS)));
  const id = runId;
  const started = performance.now();
  const waiting = setInterval(() => {
    if (id !== runId) return clearInterval(waiting); // stopped: the worker is gone
    const s = Math.floor((performance.now() - started) / 1000);
    if (s * 1000 < WAIT_MS) return;
    state.note = ["lab.waiting", { s, max: STUCK_MS / 1000 }];
    render();
  }, 1000);
  let answer;
  try {
    answer = await Promise.race([worker.xworker.sync[name](...args), stuck]);
  } catch (error) {
    // what py/lab_worker.py could not turn into an answer itself: said as the run's error
    answer = JSON.stringify({ error: String(error?.message ?? error), line: null });
  } finally {
    clearTimeout(timer);
    clearInterval(waiting);
  }
  if (state.note?.[0] === "lab.waiting") state.note = null;
  return answer === null ? null : JSON.parse(answer);
}

async function run() {
  if (state.status !== "ready") return;
  save();
  const id = ++runId;
  Object.assign(state, { status: "running", ran: { ...state.options }, result: null, error: null, note: null });
  render();
  const sent = { ...state.options, source: code().value, move_seconds: MOVE_MS / 1000, stop_seconds: STOP_MS / 1000 };
  const started = await call("start", JSON.stringify(sent));
  let answer = started;
  while (answer && !answer.error && !answer.done && id === runId) {
    answer = await call("advance", CALL_SECONDS);
    if (id !== runId) return; // stopped meanwhile
    if (answer && !answer.error) state.result = answer;
    render();
  }
  if (id !== runId) return;
  if (answer === null) {
    state.status = "booting";
    restart(["lab.stuck", { s: STUCK_MS / 1000 }]);
    return;
  }
  state.status = "ready";
  state.error = answer.error ? answer : null;
  // stopped over its time: where, in words (the traceback says it in Python's)
  const vars = { s: answer.stopped, line: answer.line, table: MOVE_MS / 1000 };
  if (answer.stopped) state.note = [answer === started ? "lab.tooSlow.load" : "lab.tooSlow", vars];
  if (state.error?.line) lineInSight(state.error.line);
  render();
  // what the run says in sight: on a phone the traceback and the standings are under the editor
  document.getElementById(state.error ? "lab-editor" : "lab-foot").scrollIntoView({ block: "nearest" });
}

function stop() {
  runId += 1;
  restart(["lab.stopped"]);
}

// ---------------------------------------------------------------- the screen
const code = () => document.getElementById("lab-code");

/** A count of characters, its thousands apart ("16 000"), as the table's refusal writes it. */
function grouped(n) {
  return String(n).replace(/\B(?=(\d{3})+$)/g, "\u00a0");
}

/** A share as a percentage, "44.5 %" («44,5 %»), the sign never on a line of its own. */
function percent(x) {
  return `${num((100 * x).toFixed(1))}\u00a0%`;
}

/** What a finished run says of the bot, in words: stronger or weaker than the level it played,
 * when the whole interval is on one side of a fair share, else too close to call. */
function verdict(r) {
  const side = r.low > r.fair ? "better" : r.high < r.fair ? "worse" : "even";
  return t(`lab.verdict.${side}`, { level: t(`level.${state.ran.level}`) });
}

/** What the last run measured: its game, the computer players against the bot, its seed. */
function measured() {
  const { ruleset, level, players, seed } = state.ran;
  const game = words(state.rulesets.find((r) => r.id === ruleset)?.name) || ruleset;
  return t("lab.measured", { game, n: players - 1, level: t(`level.${level}`), seed });
}

function resultBlock() {
  const r = state.result;
  if (!r) return html`<p class="lab-result muted" data-testid="lab-result">${t(state.status === "running" ? "lab.starting" : "lab.hint")}</p>`;
  const interval = t("lab.interval", { low: percent(r.low), high: percent(r.high) });
  return html`<div class="lab-result" data-testid="lab-result" data-done="${r.done ? "yes" : "no"}" data-rate="${r.rate}" data-low="${r.low}" data-high="${r.high}">
    <p><strong data-testid="lab-rate">${percent(r.rate)}</strong> ${interval};
      <span class="muted">${t("lab.fair", { fair: percent(r.fair) })}</span></p>
    <p>${measured()} ${r.done ? t("lab.done", { hands: r.hands }) : html`<span class="nowrap" data-testid="lab-progress"><progress max="${r.games}" value="${r.played}"></progress> ${t("lab.progress", { played: r.played, games: r.games })}</span>`}</p>
    ${r.done ? html`<p data-testid="lab-verdict">${verdict(r)}</p>` : ""}
    ${r.slow ? html`<p class="warn" data-testid="lab-slow">${t("lab.slow", { n: r.slow, s: MOVE_MS / 1000 })}</p>` : ""}
    ${r.bad ? html`<p class="warn" data-testid="lab-bad">${t("lab.bad", { n: r.bad, ...r.first_bad })}</p>` : ""}
  </div>`;
}

/** The saved bots: pick one to edit, start a new one, delete this one. */
function botsBar() {
  const names = botNames();
  const mine = current();
  return html`<div class="lab-bots row">
    <label>${t("lab.bots")}<select data-act="pick-bot" data-testid="lab-bots">${(names.includes(mine) ? names : [mine, ...names]).map(
      (name) => html`<option value="${name}" ${name === mine ? "selected" : ""}>${name}</option>`,
    )}</select></label>
    <button type="button" class="btn btn--small" data-act="new-bot" data-testid="lab-new">${t("lab.new")}</button>
    <button type="button" class="btn btn--small btn--ghost" data-act="delete-bot" data-testid="lab-delete">${t("lab.delete")}</button>
    <span class="muted">${t("lab.table")}</span></div>`;
}

function options() {
  const o = state.options;
  const ruleset = state.rulesets.find((r) => r.id === o.ruleset);
  const max = Math.min(ruleset?.players.max ?? 4, 6);
  const min = ruleset?.players.min ?? 2;
  const busy = state.status !== "ready";
  return html`<div class="lab-options">
    <label>${t("lab.name")}<input id="lab-name" data-testid="lab-name" maxlength="24" value="${state.name}" placeholder="${t("lab.defaultName")}"></label>
    <label>${t("lab.game")}<select data-opt="ruleset" data-testid="lab-ruleset">${state.rulesets.map(
      (r) => html`<option value="${r.id}" ${r.id === o.ruleset ? "selected" : ""}>${words(r.name)}</option>`,
    )}</select></label>
    <label>${t("lab.against")}<select data-opt="level" data-testid="lab-level">${LEVELS.map(
      (level) => html`<option value="${level}" ${level === o.level ? "selected" : ""}>${t(`level.${level}`)}</option>`,
    )}</select></label>
    <label>${t("lab.players")}<input type="number" data-opt="players" data-testid="lab-players" min="${min}" max="${max}" value="${o.players}"></label>
    <label>${t("lab.games")}<input type="number" data-opt="games" data-testid="lab-games" min="1" max="2000" value="${o.games}"></label>
    <label>${t("lab.seed")}<input type="number" data-opt="seed" data-testid="lab-seed" min="0" value="${o.seed}"></label>
    ${state.status === "running"
      ? html`<button type="button" class="btn btn--primary" data-act="stop" data-testid="lab-stop">${t("lab.stop")}</button>`
      : html`<button type="button" class="btn btn--primary" data-act="run" data-testid="lab-run" ${busy ? "disabled" : ""}>${t("lab.run")}</button>`}
    <button type="button" class="btn btn--ghost" data-act="reset" data-testid="lab-reset">${t("lab.reset")}</button>
  </div>`;
}

function render() {
  const main = document.querySelector("[data-testid=lab]");
  main.dataset.state = state.status;
  const status = state.status === "booting" ? t("lab.booting") : state.note ? t(...state.note) : "";
  const size = code().value.length; // as the table's lobby and a phone measure it before sending
  morph(document.getElementById("lab-head"), html`<header class="lab-bar">
      <h1>${t("lab.title")}</h1><p class="muted">${t("lab.intro")}</p>
      <a href="index.html">${t("lab.home")}</a>
      <button type="button" class="btn btn--small btn--ghost" data-act="lang" lang="${otherLang()}">${t("lang.switch")}</button>
    </header>
    <details class="lab-help" data-testid="lab-help" ${state.help ? "open" : ""}><summary>${t("lab.help")}</summary>
      <ul>${["view", "cards", "events", "answer", "errors"].map((part) => html`<li>${t(`lab.help.${part}`)}</li>`)}</ul></details>
    ${botsBar()}${options()}
    <p role="status" class="muted" data-testid="lab-status">${status}</p>
    ${size > MAX_SOURCE && html`<p class="warn" id="lab-too-long" data-testid="lab-too-long">${t("lab.tooLong", { size: grouped(size), max: grouped(MAX_SOURCE) })}</p>`}`);
  // the editor is described by the warning while there is one (an id that names nothing is none)
  if (size > MAX_SOURCE) code().setAttribute("aria-describedby", "lab-too-long");
  else code().removeAttribute("aria-describedby");
  morph(document.getElementById("lab-foot"), resultBlock());
  showError();
  document.title = t("lab.title");
}

function gutter() {
  const lines = code().value.split("\n").length;
  const marked = state.error?.line;
  const box = document.getElementById("lab-gutter");
  box.replaceChildren(
    ...Array.from({ length: lines }, (_, i) => {
      const span = document.createElement("span");
      span.textContent = String(i + 1);
      if (i + 1 === marked) span.className = "is-error";
      return span;
    }),
  );
  box.scrollTop = code().scrollTop;
}

/** Where the editor's lines are: their height, and the top of line `n` (from 1) in its box. */
function lines() {
  const style = getComputedStyle(code());
  const height = parseFloat(style.lineHeight) || 20;
  return { height, top: (n) => parseFloat(style.paddingTop) + (n - 1) * height - code().scrollTop };
}

/** The editor scrolled to `line` of bot.py (a third of the way down) unless it is in sight. */
function lineInSight(line) {
  const { height, top } = lines();
  const editor = code();
  if (top(line) < 0 || top(line) + height > editor.clientHeight) editor.scrollTop += top(line) - editor.clientHeight / 3;
}

/** The traceback beside its line, under it or, where the editor has no room left, over it (at
 * the top when no line of bot.py is in it); on a phone, under the editor. */
function showError() {
  const trace = document.getElementById("lab-trace");
  const error = state.error;
  trace.hidden = !error;
  gutter();
  if (!error) return;
  trace.textContent = error.error;
  trace.dataset.line = error.line ?? "";
  const { height, top } = lines();
  const line = top(Math.max(error.line ?? 1, 1));
  const room = code().clientHeight - trace.offsetHeight;
  const under = line + height <= room ? line + height : line - trace.offsetHeight;
  trace.style.top = `${Math.max(0, Math.min(under, room))}px`;
}

// ---------------------------------------------------------------- events
document.addEventListener("click", (event) => {
  const act = event.target.closest("[data-act]")?.dataset.act;
  if (act === "lang") setLang(otherLang());
  else if (act === "run") run();
  else if (act === "stop") stop();
  else if (act === "new-bot") newBot();
  else if (act === "delete-bot") remove();
  else if (act === "reset") starter.then(reset);
});

/** The starting bot in the editor, once the author says the code there may go. */
function reset(text) {
  if (code().value !== text && !confirm(t("lab.confirmReset", { name: current() }))) return;
  code().value = text;
  state.error = null;
  save();
  render();
}
document.addEventListener("change", (event) => {
  if (event.target.id === "lab-name") return rename(event.target);
  if (event.target.dataset?.act === "pick-bot") return open(event.target.value);
  const opt = event.target.dataset?.opt;
  if (!opt) return;
  const field = event.target;
  if (field.type === "number") {
    // what a run will use, shown in the field: a whole number within the field's own bounds
    const top = field.max === "" ? Number.MAX_SAFE_INTEGER : Number(field.max);
    state.options[opt] = Math.min(Math.max(Math.trunc(Number(field.value)) || 0, Number(field.min)), top);
    field.value = state.options[opt];
  } else state.options[opt] = field.value;
  const ruleset = state.rulesets.find((r) => r.id === state.options.ruleset);
  if (ruleset) {
    state.options.players = Math.min(Math.max(state.options.players, ruleset.players.min), Math.min(ruleset.players.max, 6));
  }
  render();
});
document.addEventListener("input", (event) => {
  if (event.target.id === "lab-code") {
    save();
    // the note on a bot longer than a table takes: counted while it is, gone once it is not
    if (code().value.length > MAX_SOURCE || document.getElementById("lab-too-long")) render();
    else gutter();
  }
});
document.addEventListener("keydown", (event) => {
  if (event.target.id !== "lab-code" || event.key !== "Tab" || event.shiftKey) return;
  event.preventDefault();
  document.execCommand("insertText", false, "    "); // keeps the editor's undo history
});
document.addEventListener("toggle", (event) => {
  if (event.target.dataset?.testid === "lab-help") state.help = event.target.open;
}, true);
code().addEventListener("scroll", () => {
  document.getElementById("lab-gutter").scrollTop = code().scrollTop;
  if (state.error) showError();
});

// ---------------------------------------------------------------- start
document.documentElement.lang = lang();
state.name = localStorage.getItem(CURRENT_KEY) ?? t("lab.defaultName"); // kept in every language
const kept = savedBots()[state.name];
if (kept !== undefined) code().value = kept;
else {
  code().placeholder = t("lab.booting");
  starter.then((text) => {
    if (!code().value) code().value = text;
    gutter();
  });
}
render();
onLangChange(render);
fetch(url("vendor/rulesets.json"))
  .then((response) => response.json())
  .then((data) => {
    state.rulesets = data.rulesets;
    state.options.ruleset ??= data.rulesets[0]?.id ?? null; // the first game until one is chosen
    render();
  })
  .catch((error) => console.warn(`the list of games could not be loaded: ${error}`));
boot().catch(failed);
