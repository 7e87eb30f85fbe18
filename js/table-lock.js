/**
 * One table per browser: the tab that holds the Web Lock "lastcard.table" is the table; another
 * table tab of the same site sees it and may ask for it ("Move the table here"). The holder then
 * stops answering, saves, says so and lets the lock go; the asking tab gets it and boots. So there
 * are never two authorities answering phones or writing the same save.
 *
 * Without Web Locks (a page that is not a secure context, e.g. a plain-http LAN address) a
 * BroadcastChannel stands in: a starting tab asks "who is the table?" and waits a moment for an
 * answer. That covers tabs that are already running, though not two tabs started at the same
 * instant.
 */

const NAME = "lastcard.table";
// A reloaded tab's own old document may still hold the lock for a moment: wait that long first.
const RELOAD_GRACE_MS = 1000;
const ASK_MS = 300;

/** `AbortSignal.timeout(ms)`, which Chromium has from 103 only (docs/browsers.md). */
function timeoutSignal(ms) {
  if (AbortSignal.timeout) return AbortSignal.timeout(ms);
  const controller = new AbortController();
  setTimeout(() => controller.abort(), ms); // an AbortError
  return controller.signal;
}

export class TableLock {
  /** Set `onTake` (async): it runs when another tab takes the table, before the lock goes. */
  constructor() {
    this.channel = typeof BroadcastChannel === "function" ? new BroadcastChannel(NAME) : null;
    this.locks = navigator.locks ?? null;
    this.held = false;
    this.release = () => {};
    this.onTake = async () => {};
    this.channel?.addEventListener("message", (event) => this.#onMessage(event.data));
  }

  /** Become the table if no other tab is: true if this tab is now the table. */
  async acquire() {
    if (!this.locks) {
      const other = await this.#ask();
      this.held = !other;
      return this.held;
    }
    // Free now (the usual case): taken at once, whatever the machine's load; held, perhaps by this
    // tab's own old document in a reload: wait for it, a moment at most.
    if (await this.#hold({ ifAvailable: true })) return true;
    try {
      await this.#hold({ signal: timeoutSignal(RELOAD_GRACE_MS) });
      return true;
    } catch (error) {
      if (error?.name === "TimeoutError" || error?.name === "AbortError") return false;
      throw error;
    }
  }

  /** Ask the tab that is the table to hand over, and wait until this tab is the table. */
  async take() {
    if (!this.locks) {
      const released = new Promise((resolve) => {
        const listen = (event) => event.data?.type === "released" && (this.channel.removeEventListener("message", listen), resolve());
        this.channel.addEventListener("message", listen);
      });
      this.channel.postMessage({ type: "take" });
      await released;
      this.held = true;
      return;
    }
    const held = this.#hold({});
    this.channel?.postMessage({ type: "take" });
    await held;
  }

  /** Resolves true once the lock is granted (false: not available, with `ifAvailable`); the lock
   * is kept until `this.release()`. */
  #hold(options) {
    return new Promise((resolve, reject) => {
      this.locks
        .request(NAME, options, (lock) => {
          if (!lock) return resolve(false);
          this.held = true;
          resolve(true);
          return new Promise((release) => {
            this.release = () => {
              this.held = false;
              release();
            };
          });
        })
        .catch(reject);
    });
  }

  /** Whether another tab answers that it is the table (the fallback without Web Locks). */
  #ask() {
    if (!this.channel) return Promise.resolve(false);
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(false), ASK_MS);
      const listen = (event) => {
        if (event.data?.type !== "here") return;
        clearTimeout(timer);
        this.channel.removeEventListener("message", listen);
        resolve(true);
      };
      this.channel.addEventListener("message", listen);
      this.channel.postMessage({ type: "who" });
    });
  }

  async #onMessage(data) {
    if (!this.held) return;
    if (data?.type === "who") this.channel.postMessage({ type: "here" });
    if (data?.type !== "take") return;
    await this.onTake();
    this.release();
    this.held = false;
    this.channel.postMessage({ type: "released" });
  }
}
