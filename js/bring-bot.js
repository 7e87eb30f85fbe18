/**
 * A phone brings a bot it saved in its own lab (lab.html) to the table: loaded by js/hand.js only
 * in a table's lobby, and only when this browser holds saved bots (the phone's first download
 * stays within its budget). The phone sends `bring_bot` (docs/protocol.md); the host seats it or
 * turns it away, and the phone hears which (`bot_answer`).
 */
import { html } from "./html.js";
import { t } from "./i18n.js";
import { botNames, MAX_SOURCE, savedBots } from "./saved-bots.js";

/**
 * The lobby's form to offer a saved bot, with what became of the last one offered
 * (`bring`: {name, status: "waiting" | "seated" | "refused"} or null).
 */
export function bringForm(bring) {
  const names = botNames();
  if (!names.length) return html``;
  return html`<form class="row bring" data-act="bring-bot" data-testid="bring-bot">
    <div class="field field--inline"><label for="bring-name">${t("bring.label")}</label><select id="bring-name" name="bot">
      ${names.map((name) => html`<option value="${name}" ${name === bring?.name ? "selected" : ""}>${name}</option>`)}</select></div>
    <button type="submit" class="btn">${t("bring.send")}</button>
    ${bring ? html`<p class="muted" role="status" data-testid="bring-status">${t(`bring.${bring.status}`, { name: bring.name })}</p>` : ""}</form>`;
}

/** The `bring_bot` message for the saved bot `name`, or `{error}` (an error code) if it cannot go. */
export function bringMessage(name) {
  const source = savedBots()[name];
  if (source === undefined) return { error: "not_found" };
  if (source.length > MAX_SOURCE) return { error: "too_large" };
  return { type: "bring_bot", name, source };
}
