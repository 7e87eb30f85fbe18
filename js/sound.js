/**
 * Short sound cues synthesized with the Web Audio API (no audio files): a few notes each, with a
 * soft attack and release so that they do not click. The audio context is made on the first user
 * gesture (browsers refuse sound before one) and the mute choice is remembered in localStorage.
 *
 * `cue(name)` plays one of CUES; `cuesFor(prev, msg)` says which cues a `tv` message brings.
 * Every cue asked for is noted in `window.lastcardSound.log` with what became of it ("played",
 * "muted", "locked": no gesture yet) so that a test can check the scheduling, not the speaker.
 */

const KEY = "lastcard.muted";

/** Each cue: [frequency Hz, start s, length s, wave] notes. */
export const CUES = {
  turn: [[660, 0, 0.08, "sine"], [880, 0.09, 0.1, "sine"]],
  yourTurn: [[523, 0, 0.1, "triangle"], [659, 0.11, 0.1, "triangle"], [784, 0.22, 0.16, "triangle"]],
  last: [[988, 0, 0.08, "square"], [988, 0.12, 0.08, "square"], [1319, 0.24, 0.18, "square"]],
  melee: [[392, 0, 0.07, "sawtooth"], [523, 0.08, 0.07, "sawtooth"], [392, 0.16, 0.07, "sawtooth"], [523, 0.24, 0.12, "sawtooth"]],
  penalty: [[311, 0, 0.14, "sawtooth"], [233, 0.15, 0.24, "sawtooth"]],
  handOver: [[523, 0, 0.12, "triangle"], [659, 0.13, 0.12, "triangle"], [784, 0.26, 0.12, "triangle"], [1047, 0.39, 0.3, "triangle"]],
};

const VOLUME = 0.18;
const PENALTY_DRAWS = new Set(["pickup", "chain", "last", "penalty"]);

let context = null;
const voices = new Map(); // wave -> the voices of `context` (`voice`)
const state = { log: [] };
if (typeof window !== "undefined") window.lastcardSound = state;

function storage() {
  try {
    return window.localStorage;
  } catch {
    return null; // storage refused (private mode, a sandbox): the choice lasts for the page
  }
}

let mutedNow = storage()?.getItem(KEY) === "1";

/** Is sound off (the remembered choice)? */
export function muted() {
  return mutedNow;
}

/** Turn sound off or on, and remember it. */
export function setMuted(value) {
  mutedNow = Boolean(value);
  try {
    storage()?.setItem(KEY, mutedNow ? "1" : "0");
  } catch {
    // a full or refused storage: the choice still holds for this page
  }
  if (!mutedNow) unlock();
}

/** Make (or wake) the audio context; call it from a user gesture. */
export function unlock() {
  const Context = window.AudioContext ?? window.webkitAudioContext;
  if (!Context) return;
  if (!context) context = new Context();
  if (context.state === "suspended") context.resume().catch(() => {});
}

/** Unlock audio on the first click, tap or key press anywhere on the page. */
export function unlockOnGesture() {
  const once = () => {
    unlock();
    for (const type of ["pointerdown", "keydown"]) document.removeEventListener(type, once, true);
  };
  for (const type of ["pointerdown", "keydown"]) document.addEventListener(type, once, true);
}

/** Play cue `name` now (unless muted or no gesture has allowed audio yet). */
export function cue(name) {
  const notes = CUES[name];
  if (!notes) throw new Error(`unknown cue: ${name}`);
  const entry = { cue: name, at: Date.now(), result: "played" };
  state.log.push(entry);
  if (state.log.length > 200) state.log.shift();
  if (mutedNow) {
    entry.result = "muted";
    return;
  }
  if (!context || context.state === "closed") {
    entry.result = "locked";
    return;
  }
  const start = context.currentTime + 0.02;
  const used = new Map(); // wave -> its voice for this cue, whose notes follow one another
  notes.forEach(([freq, at, length, wave], i) => {
    if (!used.has(wave)) used.set(wave, voice(wave, start));
    const { osc, gain } = used.get(wave);
    const t0 = start + at;
    osc.frequency.setValueAtTime(freq, t0);
    gain.gain.setValueAtTime(0, t0);
    gain.gain.linearRampToValueAtTime(VOLUME, t0 + 0.01);
    gain.gain.exponentialRampToValueAtTime(0.001, t0 + length);
    // the voice's next note starts from 0; after its last, the voice fades to 0 and is free
    if (!notes.slice(i + 1).some((note) => note[3] === wave)) {
      gain.gain.linearRampToValueAtTime(0, t0 + length + 0.02);
      used.get(wave).free = t0 + length + 0.02;
    }
  });
  entry.notes = notes.length;
  entry.start = start;
}

/**
 * A voice of `wave` that is silent from `start` on: an oscillator started once, its gain at 0
 * between notes, made when every voice of that wave is still sounding (cues overlap). A cue
 * only schedules its notes' frequencies and envelopes: no audio node is made, connected or
 * ended per cue, each a task or a lock shared with the audio thread on the page's main thread
 * (the tasks of ended nodes took 56-101 ms of a TV's main thread at 4x: docs/benchmarks.md).
 */
function voice(wave, start) {
  if (!voices.has(wave)) voices.set(wave, []);
  const pool = voices.get(wave);
  const idle = pool.find((v) => v.free <= start);
  if (idle) return idle;
  const osc = context.createOscillator();
  const gain = context.createGain();
  osc.type = wave;
  gain.gain.value = 0;
  osc.connect(gain).connect(context.destination);
  osc.start();
  const made = { osc, gain, free: 0 };
  pool.push(made);
  return made;
}

/**
 * The seats whose last card is announced in `msg` and was not in `prev`: a call, or the
 * automatic announcement of a ruleset without a call button («Последняя»), which has no event.
 */
export function newlyCalled(prev, msg) {
  const before = new Set(prev?.phase === "playing" ? prev.view?.called ?? [] : []);
  return msg.phase === "playing" ? (msg.view?.called ?? []).filter((seat) => !before.has(seat)) : [];
}

/**
 * The cues a new `tv` message brings after `prev`: the end of a hand, a melee, a last card (called
 * or announced), a
 * penalty, else a new turn (one cue per message, the most telling). A full resend
 * (`events_reset`: a reload, a refresh) brings none.
 */
export function cuesFor(prev, msg) {
  if (!prev || msg.events_reset) return [];
  const events = msg.events ?? [];
  const has = (test) => events.some(test);
  if (has((e) => e.type === "hand_over")) return ["handOver"];
  if (has((e) => e.type === "melee")) return ["melee"];
  if (has((e) => e.type === "call") || newlyCalled(prev, msg).length) return ["last"];
  if (has((e) => e.type === "draw" && PENALTY_DRAWS.has(e.reason))) return ["penalty"];
  const turn = (m) => (m.phase === "playing" ? (m.awaiting ?? []).join(",") : "");
  if (msg.phase === "playing" && turn(msg) && turn(msg) !== turn(prev)) return ["turn"];
  return [];
}
