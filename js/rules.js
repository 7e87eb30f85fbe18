/**
 * The rules screens: each ruleset's own text, which its engine module writes in Russian and
 * English from the table's options and timers (docs/rules/*.md, their binding
 * "Decisions"), then the table's time section and host help. Plain text, rendered through the
 * escaping `html` tag.
 */
import { html } from "./html.js";
import { lang, otherLang, t, words } from "./i18n.js";

/** "2–6": a ruleset's player range (`players` of its description) as the texts print it. */
export function playersText(players) {
  return `${players.min}–${players.max}`;
}

/** The timer lines: the table's own times (`timers` of the lobby message) or, without a table
 * (the home page), the defaults the host may change. With the turn timer off nothing times out
 * (the grace only lengthens a turn's own time, docs/protocol.md), so no time-out is described. */
function timeSection(timers) {
  const turn = timers ? timers.turn : 20;
  const grace = timers ? timers.grace : 30;
  if (turn === null || turn === undefined) return [t("rules.time"), [t("rules.time.none"), t("rules.time.pauseOnly")]];
  const items = [
    t(timers ? "rules.time.turn" : "rules.time.default", { n: turn }),
    t("rules.time.timeout"),
    grace === null || grace === undefined ? t("rules.time.noGrace") : t("rules.time.grace", { n: grace }),
    t("rules.time.pause"),
  ];
  return [t("rules.time"), items];
}

/** The same for every game: who runs the table, and the TV with a remote. */
const HOST_HELP = {
  en: ["The host", [
    "The TV runs the table, and so does one phone, the host (♛): the first phone to join. Its ♛ button opens the lobby, pause, timers, computer players, removing a player, rematch and ending the game. The TV shows what the host does.",
    "The host role can be handed to another phone, on the TV or on the host phone. If the host phone is removed, or stays away longer than 30 seconds, the next phone to have joined takes it.",
    "The host's “End the game” works at any moment: everyone goes back to the lobby with their seats and names, and a match's scores start again. Timers can be changed on the pause.",
    "On the TV a remote is enough: the arrows move, OK chooses (on a list or a number: OK, then the arrows change it, OK again), Back closes.",
  ]],
  ru: ["Ведущий", [
    "Столом управляет телевизор и один телефон — ведущий (♛): тот, что подключился к столу первым. Его кнопка ♛ открывает выбор игры, паузу, таймеры, компьютерных игроков, удаление игрока, реванш и конец игры. Что делает ведущий, видно на телевизоре.",
    "Роль ведущего можно передать другому телефону — с телевизора или с телефона ведущего. Если телефон ведущего убрали или его нет дольше 30 секунд, ведущим становится следующий по порядку подключения.",
    "Кнопка ведущего «Закончить игру» работает в любой момент: все вернутся к выбору игры со своими местами и именами, а счёт матча начнётся заново. Таймеры можно поменять на паузе.",
    "На телевизоре хватит пульта: стрелки переходят, OK выбирает (на списке или числе: OK, затем стрелки меняют значение, снова OK), «Назад» закрывает.",
  ]],
};

/**
 * A ruleset's rules in the current language, as sections of short lists: the engine's own text
 * (`rules` of the lobby message, built from the table's options and timers; `lastcard.rules_text`)
 * and the table's time section (its `timers`; none on the home page) and host help.
 */
export function rulesText(rules, timers = null) {
  const sections = [...(rules?.[lang()] ?? rules?.en ?? []), timeSection(timers), HOST_HELP[lang()]];
  return sections.map(([title, items]) => html`<section><h3>${title}</h3><ul>${items.map((item) => html`<li>${item}</li>`)}</ul></section>`);
}

/**
 * The rules overlay of a ruleset, in the current language.
 * @param {{description?: object, rules?: object}} game  the ruleset's description (`lobby.description`
 *   of the table's message, or a game of vendor/rulesets.json) and its rules text (the message's
 *   `rules`, or that game's)
 * @param {{playing?: boolean, timers?: object}} [opts]  `playing: false` (landing page, lobby)
 *   leaves out the note that the game keeps running; `timers` are the table's (lobby message)
 */
export function rulesDialog(game, { playing = true, timers = null } = {}) {
  return html`<div class="overlay overlay--rules"><div class="dialog dialog--rules" role="dialog" aria-modal="true" aria-labelledby="rules-title" data-testid="rules">
    <h2 id="rules-title">${t("rules.title", { name: words(game?.description?.name) })}</h2>
    ${playing ? html`<p class="muted">${t("rules.notPaused")}</p>` : ""}
    <div class="rules" tabindex="0" role="region" aria-labelledby="rules-title">${rulesText(game?.rules, timers)}</div>
    <div class="row"><button type="button" class="btn btn--primary" data-act="rules-close">${t("host.close")}</button>
    <button type="button" class="btn btn--ghost" data-act="lang" lang="${otherLang()}">${t("lang.switch")}</button></div></div></div>`;
}
