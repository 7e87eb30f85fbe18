/**
 * The players' own bots seated at the table (docs/bots.md, "Seat it at a table"), run by the
 * table's worker (js/table-worker.js): one worker each (js/custom-bot-worker.js, with its own
 * Python), which the page starts for it (`startWorker`) as soon as the bot is seated and ends
 * when it leaves. A bot gets one question at a time and `MOVE_MS` to answer it (its code's
 * loading too, once Python is up): its worker stops a move that runs longer where it is
 * (py/lastcard/userbot.py `Deadline`) and answers a `slow` fault with the line of its code it was
 * on (the table plays the time-out), ready for the next question. What that stop cannot reach
 * (one long call into C, a bot that removed it) gets `STOP_GRACE_MS` more, then is a `slow` fault
 * too and the worker is ended and started again, so a bot that loops for ever costs its own turns
 * only. A bot whose code loops while it loads, whose Python cannot start, or whose worker throws,
 * answers `slow` at once from then on.
 */

/** A player's bot's time for one move (or for loading its code), ms. */
export const MOVE_MS = 5000;
/** How much longer than `MOVE_MS` a bot's worker is given to stop its code itself and answer,
 * before it is ended from outside, ms. */
const STOP_GRACE_MS = 2000;

/**
 * A worker started for the table's worker (js/table-worker.js `startWorker`): its port, and `end`.
 * @typedef {{port: MessagePort, end: () => void}} Started
 * @typedef {(kind: string, onError: (error: string) => void) => Started} StartWorker
 */

class SeatedBot {
  /**
   * @param {string} source  the bot's code
   * @param {(key: string, answer: {action?: string|null, fault?: string, detail?: string, line?: number}) => void} onAnswer
   * @param {StartWorker} startWorker
   */
  constructor(source, onAnswer, startWorker) {
    this.source = source;
    this.onAnswer = onAnswer;
    this.startWorker = startWorker;
    this.queue = [];
    this.current = null; // the question being answered
    this.broken = null; // why every question is a fault at once
    this.timer = 0;
    this.#start();
  }

  ask(question) {
    if (this.broken) this.onAnswer(question.key, { fault: "slow", detail: this.broken });
    else {
      this.queue.push(question);
      this.#next();
    }
  }

  stop() {
    clearTimeout(this.timer);
    this.worker.end();
  }

  #start() {
    this.ready = false;
    this.worker = this.startWorker("custom-bot", (error) => this.#giveUp(error));
    this.worker.port.onmessage = ({ data }) => this.#message(data);
    this.worker.port.postMessage({ op: "load", source: this.source, seconds: MOVE_MS / 1000 });
  }

  #message(data) {
    if (data.op === "python") {
      this.timer = setTimeout(() => this.#giveUp(`its code did not load in ${MOVE_MS / 1000} s`), MOVE_MS + STOP_GRACE_MS);
    } else if (data.op === "ready") {
      clearTimeout(this.timer);
      this.ready = true;
      this.#next();
    } else if (data.op === "answer" && data.key === this.current?.key) {
      clearTimeout(this.timer);
      this.current = null;
      let answer;
      try {
        answer = JSON.parse(data.answer);
      } catch {
        answer = { fault: "illegal", detail: "" };
      }
      this.onAnswer(data.key, answer);
      this.#next();
    } else if (data.op === "failed") {
      this.#giveUp(String(data.error).slice(0, 60));
    }
  }

  #next() {
    if (!this.ready || this.current || !this.queue.length) return;
    this.current = this.queue.shift();
    this.worker.port.postMessage({ op: "ask", key: this.current.key, input: this.current.input });
    this.timer = setTimeout(() => this.#stuck(), MOVE_MS + STOP_GRACE_MS);
  }

  /** Over its time and not stopped by its worker: the move is a fault, and a fresh worker takes
   * the next question. */
  #stuck() {
    const { key } = this.current;
    this.current = null;
    this.worker.end();
    this.onAnswer(key, { fault: "slow", detail: "" });
    this.#start();
  }

  /** It cannot answer at all: this and every later question is a fault at once. */
  #giveUp(why) {
    clearTimeout(this.timer);
    this.worker.end();
    this.broken = why;
    for (const question of [this.current, ...this.queue.splice(0)]) if (question) this.onAnswer(question.key, { fault: "slow", detail: why });
    this.current = null;
  }
}

export class CustomBots {
  /**
   * @param {(key: string, answer: object) => void} onAnswer  each answer, in the table worker
   * @param {StartWorker} startWorker  starts a bot's worker (through the page)
   */
  constructor(onAnswer, startWorker) {
    this.onAnswer = onAnswer;
    this.startWorker = startWorker;
    /** @type {Map<number, SeatedBot>} */
    this.seats = new Map();
    this.waiting = []; // questions for seats whose worker is not started yet
  }

  /**
   * The bots seated now (`{seat: source}`, JSON text from py/bridge.py `custom_bots()`): a new
   * or changed one starts its worker, one gone ends it.
   */
  sync(json) {
    const wanted = new Map(Object.entries(JSON.parse(json)).map(([seat, source]) => [Number(seat), source]));
    for (const [seat, bot] of this.seats) {
      if (wanted.get(seat) !== bot.source) {
        bot.stop();
        this.seats.delete(seat);
      }
    }
    for (const [seat, source] of wanted) if (!this.seats.has(seat)) this.seats.set(seat, new SeatedBot(source, this.onAnswer, this.startWorker));
    for (const question of this.waiting.splice(0)) this.ask(question, true);
  }

  /**
   * @param {{key: string, seat: number, input: string}} question
   * @param {boolean} [synced] the seats are as the table has them: no worker, no bot there
   */
  ask(question, synced = false) {
    const bot = this.seats.get(question.seat);
    if (bot) bot.ask(question);
    else if (synced) this.onAnswer(question.key, { fault: "slow", detail: "" });
    else this.waiting.push(question); // its worker starts with the next sync()
  }

  stop() {
    for (const bot of this.seats.values()) bot.stop();
    this.seats.clear();
  }
}
