/**
 * The rules screens, written from shared/spec/rules/*.md (their binding "Decisions"), in Russian
 * and English. Plain text, rendered through the escaping `html` tag.
 */
import { html } from "./html.js";
import { lang, otherLang, t } from "./i18n.js";

/**
 * Each game's player range: the engine's own (MIN_PLAYERS..MAX_PLAYERS of py/lastcard/rulesets,
 * checked equal by tests/js/test_js_units.py). The home page, the rules and the lobby all say it.
 */
export const PLAYERS = {
  poslednyaya: [2, 10],
  "last-one": [2, 6],
  "last-card": [2, 6],
  "posledniy-igrok": [2, 6],
};

/** "2–6": the player range of `ruleset` as the texts print it. */
export function playersText(ruleset) {
  const [min, max] = PLAYERS[ruleset] ?? PLAYERS.poslednyaya;
  return `${min}–${max}`;
}

/** The timer lines: the table's own times (`timers` of the lobby message) or, without a table
 * (the home page), the defaults the host may change. */
function timeSection(timers) {
  const turn = timers ? timers.turn : 20;
  const grace = timers ? timers.grace : 30;
  const items = [
    turn === null || turn === undefined ? t("rules.time.none") : t(timers ? "rules.time.turn" : "rules.time.default", { n: turn }),
    t("rules.time.timeout"),
    grace === null || grace === undefined ? t("rules.time.noGrace") : t("rules.time.grace", { n: grace }),
    t("rules.time.pause"),
  ];
  return [t("rules.time"), items];
}

const RULES = {
  poslednyaya: {
    en: [
      ["Goal", ["{players} players, one hand. Be the first to get rid of all your cards.", "108 cards in four colours — red ▲, yellow ★, blue drop, green ■ — numbers 0–9, Skip, Reverse, Draw Two, Wild and Wild Draw Four."]],
      ["Start", ["Everyone gets 7 cards; your hand is only on your phone.", "The first player is random; the first face-up card is always a number."]],
      ["Your turn", ["Play one card matching the top card by colour, number or symbol. Legal cards are highlighted.", "Or draw one card (even if you could play). If the drawn card fits, play it or press “End turn”; no other card may be played after drawing."]],
      ["Special cards", ["Skip: the next player misses a turn. Reverse: the direction changes (with two players it works as Skip).", "Draw Two: the next player draws 2 and misses the turn. Wild: choose any colour.", "Wild Draw Four: choose a colour; the next player draws 4 and misses the turn. Only when you hold no card of the current colour.", "Penalties never stack or pass on. With two players, after Draw Two or Wild Draw Four you move again."]],
      ["Last card and the end", ["Holding one card is announced automatically — no button, no penalty.", "You may go out on any card; its effect still applies before the results.", "If nothing can be drawn and a full round passes with no play and no draw, the fewest cards win (ties share the win).", "After the results the host may start a rematch."]],
    ],
    ru: [
      ["Цель", ["{players} игроков, одна раздача. Первым избавьтесь от всех карт.", "108 карт четырёх цветов — красный ▲, жёлтый ★, синий (капля), зелёный ■: числа 0–9, пропуск, разворот, «Возьми две», выбор цвета и «Возьми четыре»."]],
      ["Начало", ["Каждый получает 7 карт; вашу руку видно только на вашем телефоне.", "Первый игрок выбирается случайно; начальная открытая карта всегда числовая."]],
      ["Ваш ход", ["Сбросьте одну карту, совпадающую с открытой по цвету, числу или действию. Доступные карты подсвечены.", "Или возьмите одну карту (даже если есть ход). Если она подходит — сыграйте её или нажмите «Завершить ход»; другие карты после взятия играть нельзя."]],
      ["Особые карты", ["Пропуск: следующий пропускает ход. Разворот: направление меняется (вдвоём — как пропуск).", "«Возьми две»: следующий берёт 2 и пропускает ход. Выбор цвета: назовите любой цвет.", "«Возьми четыре»: назовите цвет; следующий берёт 4 и пропускает ход. Можно, только если у вас нет карт текущего цвета.", "Штрафы не складываются и не переводятся. Вдвоём после «Возьми две» и «Возьми четыре» вы ходите снова."]],
      ["Последняя карта и конец", ["Когда у игрока остаётся одна карта, игра объявляет это сама — без кнопки и без штрафа.", "Выйти можно любой картой; её действие выполняется до итогов.", "Если брать нечего и круг прошёл без сброса и взятия, побеждают те, у кого меньше всего карт.", "После итогов ведущий может начать реванш."]],
    ],
  },
  "last-one": {
    en: [
      ["Goal", ["{players} players, 52 cards + 2 jokers, several hands. Penalty points add up; reach the threshold (250) and you are out. The last player left wins."]],
      ["A hand", ["Everyone gets the same number of cards (4–8, default 7; 9 only if every player agrees).", "The top stock card starts the pile and counts as played by the dealer.", "Play one card matching the top card by suit or rank, or draw one card — drawing ends your turn."]],
      ["Special cards", ["2: the next player draws 2 and misses the turn. J: the next player is skipped. A: the direction reverses.", "3: you may lay any one more card on it (or end the turn).", "8: playable on anything; name the suit to follow.", "Joker: play it as any card that would be legal now; it acts as that card.", "4: starts a melee. Anyone (except the attacker) may play the next card of that suit — 5, then 6, … up to 10 — out of turn. When nobody does, the last defender draws the value of the last card and loses the turn."]],
      ["Last one", ["With one card left, press “Last card!” before the next player plays, or draw 2."]],
      ["Scoring", ["The hand ends when someone goes out (the final card has no effect).", "The winner and anyone holding one card score 0; others add: joker 40, 8 = 25, A = 15, J/Q/K = 10, others face value."]],
    ],
    ru: [
      ["Цель", ["{players} игроков, 52 карты и 2 джокера, несколько раздач. Штрафные очки копятся; набрал порог (250) — выбыл. Побеждает оставшийся последним."]],
      ["Раздача", ["Всем поровну карт (4–8, обычно 7; 9 — только если согласны все).", "Верхняя карта колоды открывает сброс и считается сыгранной сдающим.", "Положите карту той же масти или достоинства или возьмите одну карту — взятие заканчивает ход."]],
      ["Особые карты", ["2: следующий берёт 2 и пропускает ход. В: следующий пропускает ход. Т: направление меняется.", "3: можно положить сверху ещё одну любую карту (или завершить ход).", "8: кладётся на что угодно; назовите масть.", "Джокер: играется как любая карта, которую сейчас можно сыграть, и действует как она.", "4: начинается схватка. Любой (кроме нападающего) может вне очереди положить следующую карту этой масти — 5, затем 6, … до 10. Если никто не кладёт, последний защищающийся берёт столько карт, сколько очков на последней карте, и пропускает ход."]],
      ["Последняя", ["Осталась одна карта — нажмите «Последняя!», пока следующий не сыграл, иначе возьмёте 2."]],
      ["Очки", ["Раздача кончается, когда кто-то вышел (последняя карта не действует).", "Вышедший и все, у кого одна карта, получают 0; остальные: джокер 40, 8 — 25, туз 15, В/Д/К — 10, остальные по номиналу."]],
    ],
  },
  "last-card": {
    en: [
      ["Goal", ["New Zealand house rules, {players} players (two in the original, more as a house option), 52 cards, 7 each. Win hands to score; first to 250 wins the match."]],
      ["Your turn", ["Play one or more cards of one rank; at least one must match the suit in force or the top card's rank. The last card laid sets the suit.", "If you can play, you must. Otherwise draw one; if it fits you may play it (with others of that rank) or end the turn."]],
      ["Special cards", ["2 and 5: the next player picks up 2 or 5, or counters with another 2 on a 2, 5 on a 5, or a 2/5 of the same suit; pickups add up.", "10: the next player misses a turn (two players: you play again).", "Ace: wild — playable on anything except a waiting pickup; name the suit."]],
      ["Last card", ["When a play would leave you one card, press “Last card!” first. Going out on a single card without the call: the card is played, you pick up two and stay in. Going out with two or more cards of one rank needs no call."]],
      ["Start and scoring", ["The starter’s effect applies to the non-dealer: 2 or 5 — pick up, then play; 10 — skipped; Ace — name the suit first.", "The hand winner scores the opponents’ cards: A, 2, 5, 10 = 20; J, Q, K = 10; others face value."]],
    ],
    ru: [
      ["Цель", ["Новозеландские домашние правила, {players} игроков (в оригинале двое, больше — по договорённости), 52 карты, по 7. Выигранные раздачи приносят очки; кто первым набрал 250, выиграл матч."]],
      ["Ваш ход", ["Положите одну или несколько карт одного достоинства; хотя бы одна должна совпадать с мастью или достоинством верхней. Последняя положенная задаёт масть.", "Если можете ходить — обязаны. Иначе возьмите карту; если подходит, можно сыграть её (с картами того же достоинства) или завершить ход."]],
      ["Особые карты", ["2 и 5: следующий берёт 2 или 5 либо отвечает: 2 на 2, 5 на 5, или 2/5 той же масти; штрафы складываются.", "10: следующий пропускает ход (вдвоём — вы ходите снова).", "Туз: кладётся на что угодно, кроме ждущего штрафа; назовите масть."]],
      ["Последняя карта", ["Если после хода останется одна карта — сначала нажмите «Последняя!». Вышли одной картой без объявления: карта сыграна, вы берёте две и продолжаете. Выход двумя и более картами одного достоинства объявления не требует."]],
      ["Начало и очки", ["Начальная карта действует на не-сдающего: 2 или 5 — берёт и ходит; 10 — пропускает ход; туз — сначала называет масть.", "Победитель раздачи получает очки за карты соперников: Т, 2, 5, 10 — 20; В, Д, К — 10; остальные по номиналу."]],
    ],
  },
  "posledniy-igrok": {
    en: [
      ["Goal", ["{players} players, 52 cards + 2 jokers, a fixed number of hands (default 5). Collect the fewest penalty points."]],
      ["A hand", ["Everyone gets 4–8 cards (default 7); no card is turned up. The player left of the dealer leads any card.", "Then play one card of the same rank or suit. Draw only when you cannot play (drawing ends the turn); pass when nothing can be drawn."]],
      ["Special cards", ["2: the next player draws one card and misses the turn. J: the next player is skipped. A: the direction reverses.", "3: you may lay any one more card on it. 8: playable on anything; you may name a suit.", "4: a chain — each next player must play the same suit one higher (5, 6, … 10) or draw the value of the top card and miss the turn. After a 10 the next player draws 10.", "Joker: any card that would be legal now, acting as it."]],
      ["Last card", ["With one card left press “Last card!” before the next player plays, or draw one card."]],
      ["Scoring", ["Everyone with cards left scores them: joker 40, 8 = 25, A = 15, K/Q/J/10 = 10, others face value. Lowest total after the last hand wins."]],
    ],
    ru: [
      ["Цель", ["{players} игроков, 52 карты и 2 джокера, заранее заданное число раздач (обычно 5). Наберите меньше всех штрафных очков."]],
      ["Раздача", ["Всем по 4–8 карт (обычно 7); карта не открывается. Игрок слева от сдающего кладёт любую карту.", "Дальше кладите карту того же достоинства или масти. Брать карту — только если нечем ходить (ход кончается); если брать нечего — пас."]],
      ["Особые карты", ["2: следующий берёт одну карту и пропускает ход. В: следующий пропускает ход. Т: направление меняется.", "3: можно положить сверху ещё одну любую карту. 8: кладётся на что угодно; масть можно назвать.", "4: цепочка — каждый следующий кладёт ту же масть на одну выше (5, 6, … 10) или берёт столько карт, сколько очков на верхней, и пропускает ход. После 10 следующий берёт 10.", "Джокер: любая карта, которую сейчас можно сыграть, и действует как она."]],
      ["Последняя карта", ["Осталась одна карта — нажмите «Последняя!», пока следующий не сыграл, иначе возьмёте одну карту."]],
      ["Очки", ["Все, у кого остались карты, получают очки: джокер 40, 8 — 25, туз 15, К/Д/В/10 — 10, остальные по номиналу. После последней раздачи побеждает меньшая сумма."]],
    ],
  },
};

/** The same for every game: who runs the table, and the TV with a remote. */
const HOST_HELP = {
  en: ["The host", [
    "The TV runs the table, and so does one phone, the host (♛): the first phone to join. Its “Host” button opens the lobby, pause, timers, computer players, removing a player, rematch and ending the game. The TV shows what the host does.",
    "The host role can be handed to another phone, on the TV or on the host phone. If the host phone is removed, or stays away longer than 30 seconds, the next phone to have joined takes it.",
    "The host can end a hand at any moment: everyone goes back to the lobby with their seats and names. Timers can be changed on the pause.",
    "On the TV a remote is enough: the arrows move, OK chooses (on a list or a number: OK, then the arrows change it, OK again), Back closes.",
  ]],
  ru: ["Ведущий", [
    "Столом управляет телевизор и один телефон — ведущий (♛): тот, кто подключился первым. Его кнопка «Ведущий» открывает выбор игры, паузу, таймеры, компьютерных игроков, удаление игрока, реванш и конец игры. Что делает ведущий, видно на телевизоре.",
    "Роль ведущего можно передать другому телефону — с телевизора или с телефона ведущего. Если телефон ведущего убрали или его нет дольше 30 секунд, ведущим становится следующий по порядку подключения.",
    "Ведущий может закончить раздачу в любой момент: все вернутся к выбору игры со своими местами и именами. Таймеры можно поменять на паузе.",
    "На телевизоре хватит пульта: стрелки переходят, OK выбирает (на списке или числе: OK, затем стрелки меняют значение, снова OK), «Назад» закрывает.",
  ]],
};

/**
 * The rules of `ruleset` in the current language, as sections of short lists, with the table's
 * `timers` (the lobby message's; none on the home page) in the time section.
 */
export function rulesText(ruleset, timers = null) {
  const known = ruleset in RULES ? ruleset : "poslednyaya";
  const players = playersText(known);
  const sections = [...RULES[known][lang()], timeSection(timers), HOST_HELP[lang()]];
  return sections.map(([title, items]) => html`<section><h3>${title}</h3><ul>${items.map((item) => html`<li>${item.replaceAll("{players}", players)}</li>`)}</ul></section>`);
}

/**
 * The rules overlay of a ruleset, in the current language.
 * @param {string} ruleset
 * @param {{playing?: boolean, timers?: object}} [opts]  `playing: false` (landing page, lobby)
 *   leaves out the note that the game keeps running; `timers` are the table's (lobby message)
 */
export function rulesDialog(ruleset, { playing = true, timers = null } = {}) {
  ruleset = Object.prototype.hasOwnProperty.call(RULES, ruleset ?? "") ? ruleset : Object.keys(RULES)[0]; // none yet: the first
  return html`<div class="overlay overlay--rules"><div class="dialog dialog--rules" role="dialog" aria-modal="true" aria-labelledby="rules-title" data-testid="rules">
    <h2 id="rules-title">${t("rules.title", { name: t(`ruleset.${ruleset}`) })}</h2>
    ${playing ? html`<p class="muted">${t("rules.notPaused")}</p>` : ""}
    <div class="rules">${rulesText(ruleset, timers)}</div>
    <div class="row"><button type="button" class="btn btn--primary" data-act="rules-close">${t("host.close")}</button>
    <button type="button" class="btn btn--ghost" data-act="lang" lang="${otherLang()}">${t("lang.switch")}</button></div></div></div>`;
}
