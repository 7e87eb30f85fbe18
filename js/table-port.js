// The table worker's end of the line, in a worker the page starts for it (the computer players'
// js/bot-worker.js, a player's own js/custom-bot-worker.js): the table's worker asks the page
// for the worker and the page hands over, as the worker's first message, a MessagePort whose
// other end the table's worker holds; the two then talk over it directly, the page out of it.
// The table's worker does not start them itself: in Firefox a worker that starts another waits,
// handling no message, for the page's thread to set the new one up, and in the Firefox table test
// that held the table's worker just after it opened, and every phone with it, for 20-30 s
// (docs/design.md, "Who starts the bots' workers").

/** @type {Promise<MessagePort>} */
export const tablePort = new Promise((resolve) => {
  self.addEventListener("message", (event) => resolve(event.ports[0]), { once: true });
});

/**
 * Send to the table's worker once the port is here (in order: one promise carries them all).
 * @param {unknown} message
 */
export function toTable(message) {
  tablePort.then((port) => port.postMessage(message));
}
