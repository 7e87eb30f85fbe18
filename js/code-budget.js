// The table's failure budget for typed-code exchanges (js/relay.js `serveCode`; the odds it
// gives a guesser are worked out in docs/design.md, "The typed code").

/** Code exchanges the table may have answered unconfirmed before its code way pauses... */
export const CODE_BUDGET = 20;
/** ...and how fast that allowance comes back: one every 2 minutes (30 an hour), up to CODE_BUDGET. */
export const CODE_REFILL_MS = 120_000;

/**
 * The table's failure budget for typed-code exchanges, one for its lifetime (not per code): every
 * exchange the table answers is charged when it answers and given back when the phone confirms;
 * a malformed hello is charged and not given back. At most `capacity` charges are outstanding,
 * and one more becomes available every `refillMs` (a cool-down, in wall-clock time, so it holds
 * across reloads: `saved` is what `state` returned last time; `onChange` is called after every
 * charge and refund, to save it).
 */
export class CodeBudget {
  constructor({ capacity = CODE_BUDGET, refillMs = CODE_REFILL_MS, saved = null, now = () => Date.now(), onChange = () => {} } = {}) {
    this.capacity = capacity;
    this.onChange = onChange;
    this.refillMs = refillMs;
    this.now = now;
    const valid = saved && Number.isFinite(saved.left) && Number.isFinite(saved.at);
    this.left = valid ? Math.min(capacity, Math.max(0, Math.floor(saved.left))) : capacity;
    this.at = valid ? Math.min(saved.at, now()) : now();
    /** Exchanges that failed (expired unconfirmed, or malformed), over the table's lifetime. */
    this.failed = valid && Number.isInteger(saved.failed) ? saved.failed : 0;
  }

  /** One charge back for every whole `refillMs` since the last one came back. */
  #refill() {
    const now = this.now();
    const back = Math.floor((now - this.at) / this.refillMs);
    this.left += back;
    this.at += back * this.refillMs;
    if (this.left >= this.capacity) {
      this.left = this.capacity;
      this.at = now;
    }
  }

  /** Charges available now. */
  get available() {
    this.#refill();
    return this.left;
  }

  /** Charge one exchange; false (nothing charged) when the budget is spent. */
  charge() {
    this.#refill();
    if (this.left < 1) return false;
    this.left -= 1;
    this.onChange();
    return true;
  }

  /** A charged exchange was confirmed: give its charge back. */
  refund() {
    this.left = Math.min(this.capacity, this.left + 1);
    this.onChange();
  }

  /** What to keep across a reload. */
  get state() {
    this.#refill();
    return { left: this.left, at: this.at, failed: this.failed };
  }
}
