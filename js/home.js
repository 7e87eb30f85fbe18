/**
 * Entry of index.html, the landing page (plain ES modules, no Python): what Last Card is,
 * "Host a table", joining with a typed code, the four games with their rules, and what browsers
 * it needs. Whether this browser can host was decided by index.html's classic script (it must
 * run, and explain, in browsers too old for modules): `<html data-host-problems>` lists what is
 * missing, empty when nothing is.
 */
import { html, morph } from "./html.js";
import { cardFace } from "./cards.js";
import { lang, onLangChange, otherLang, setLang, t, words } from "./i18n.js";
import { playersText, rulesDialog } from "./rules.js";
import { codeField, keepMessages, readCode, upperCaseCodes } from "./code-entry.js";
import { keepOffline } from "./offline.js";
import { configFromLocation, fragmentOf } from "./join-config.js";
import { remoteControl } from "./spatial.js";

/**
 * The games as the engine describes them (`vendor/rulesets.json`, written by scripts/bootstrap.py
 * from `lastcard.describe`; docs/protocol.md), loaded once; empty until then.
 */
let games = [];

/** A card that shows a game's deck. */
function deckCard(game) {
  if (game.deck !== "french") return "R7";
  return game.deck_size > 52 ? "JOKER" : "AS";
}
const FAN = ["Y+2", "W", "QH", "R7"];
const RULES_HASH = /^#rules=([a-z-]+)$/;

function hostBlock(problems) {
  if (!problems) {
    return html`<a class="btn btn--hero home__host" href="table.html" data-testid="host-link">${t("home.host")}</a>
      <p class="muted">${t("home.hostHint")}</p>`;
  }
  return html`<a class="btn btn--hero home__host" aria-disabled="true" data-testid="host-link">${t("home.host")}</a>
    <p class="home__unsupported" role="alert" data-testid="host-unsupported">${t("home.unsupported", { missing: problems })}</p>`;
}

function gameTiles() {
  return games.map(({ id, ...game }) => html`<li class="game-tile" data-key="${id}">
    ${cardFace(deckCard(game), { size: "card--xs" })}
    <div><h3>${words(game.name)}</h3><p>${words(game.blurb, { players: playersText(game.players) })}</p>
    <a href="#rules=${id}" data-testid="rules-${id}">${t("home.rules")}</a></div></li>`);
}

function page(problems) {
  return html`<header class="home-bar">
      <button type="button" class="btn btn--small btn--ghost" data-act="lang" lang="${otherLang()}">${t("lang.switch")}</button></header>
    <section class="home-hero">
      <div class="home-hero__text"><h1>${t("app.title")}</h1><p class="home-hero__tagline">${t("home.tagline")}</p>${hostBlock(problems)}</div>
      <div class="home-hero__fan" aria-hidden="true">${FAN.map((card) => cardFace(card, { size: "card--md" }))}</div>
    </section>
    <section class="home-join" aria-labelledby="join-title">
      <h2 id="join-title">${t("home.join")}</h2><p class="muted">${t("code.hint")}</p>
      <form id="join-form" class="home-join__form" data-testid="join-form" novalidate>${codeField("join-code")}
        <button type="submit" class="btn btn--primary btn--big">${t("code.join")}</button></form>
    </section>
    <section class="home-games" aria-labelledby="games-title"><h2 id="games-title">${t("home.games")}</h2>
      <ul class="home-games__list">${gameTiles()}</ul></section>
    <section class="home-lab"><a class="home-lab__link" href="lab.html" data-testid="lab-link">${t("home.lab")}</a>
      <p class="muted">${t("home.labHint")}</p></section>
    <footer class="home-foot"><p>${t("home.support")}</p></footer>`;
}

/** A TV's remote (arrows, OK, Back), as on the table's page: the first arrow puts the focus on
 * "Host a table" (nothing has it as the page opens, so a phone shows no ring), Back closes the
 * rules, and once a key has been pressed the focus is kept after each render (into the rules as
 * they open, back to their link as they close). */
const remote = remoteControl({
  onBack: () => {
    if (!RULES_HASH.test(location.hash)) return false;
    closeRules();
  },
  preferred: () => document.querySelector("[data-testid=host-link]:not([aria-disabled])"),
});
let keyed = false;
document.addEventListener("keydown", () => {
  keyed = true;
}, true);

function render() {
  if (keyed) remote.beforeRender();
  const problems = document.documentElement.dataset.hostProblems ?? "";
  morph(document.getElementById("app"), page(problems));
  keepMessages(document.getElementById("app"));
  const ruleset = RULES_HASH.exec(location.hash)?.[1];
  const game = games.find((each) => each.id === ruleset);
  morph(document.getElementById("overlay"), game ? rulesDialog({ description: game, rules: game.rules }, { playing: false }) : html``);
  if (keyed) remote.keepFocus();
  else if (game && !document.getElementById("overlay").contains(document.activeElement)) {
    document.querySelector("[data-act=rules-close]").focus();
  }
  document.title = t("app.title");
}

function closeRules() {
  history.replaceState(null, "", location.pathname + location.search);
  render();
}

document.documentElement.lang = lang();
render();
fetch("vendor/rulesets.json")
  .then((response) => (response.ok ? response.json() : Promise.reject(new Error(response.statusText))))
  .then((data) => {
    games = data.rulesets;
    render();
  })
  .catch((error) => console.warn(`the list of games could not be loaded: ${error}`));
onLangChange(render);
addEventListener("hashchange", render);
upperCaseCodes(document.getElementById("app"));
document.addEventListener("click", (event) => {
  const act = event.target.closest("[data-act]")?.dataset.act;
  if (act === "lang") setLang(otherLang());
  else if (act === "rules-close" || event.target.classList.contains("overlay")) closeRules();
});
document.getElementById("app").addEventListener("submit", (event) => {
  event.preventDefault();
  const code = readCode(event.target);
  if (!code) return;
  // the join settings this page was opened with (`?broker=…&stun=…`, as the TV shows its address)
  // go on to the phone page, as the QR's fragment carries them
  const brokers = new URLSearchParams(location.search).has("broker");
  const fragment = new URLSearchParams([["c", code], ...fragmentOf(configFromLocation(location), brokers)]);
  location.href = `hand.html#${fragment}`;
});
keepOffline("phone");
