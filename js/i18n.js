/**
 * Russian and English strings. The language comes from the browser (`navigator.languages`),
 * can be switched, and the choice is remembered. Every visible string goes through `t()`.
 */

const STORAGE_KEY = "lastcard.lang";
export const LANGS = ["ru", "en"];

const STRINGS = {
  en: {
    "app.title": "Last Card",
    "lang.switch": "Русский",
    "letter.R": "red", "letter.Y": "yellow", "letter.B": "blue", "letter.G": "green",
    "letter.S": "spades", "letter.H": "hearts", "letter.D": "diamonds", "letter.C": "clubs",
    "suitOf.S": "spades", "suitOf.H": "hearts", "suitOf.D": "diamonds", "suitOf.C": "clubs",
    "card.coloured": "{colour} {rank}", "card.S": "skip", "card.R": "reverse", "card.+2": "draw two",
    "card.W": "wild", "card.W+4": "wild draw four", "card.french": "{rank} of {suit}",
    "card.joker": "joker", "card.jokerAs": "joker as {card}",
    "rank.A": "ace", "rank.J": "jack", "rank.Q": "queen", "rank.K": "king",
    "ruleset.poslednyaya": "Poslednyaya (colour deck)", "ruleset.last-one": "Last One",
    "ruleset.last-card": "Last Card (NZ)", "ruleset.posledniy-igrok": "Posledniy igrok",
    "opt.hand_size": "Cards per hand", "opt.threshold": "Elimination score",
    "opt.last_call_penalty": "Missed-call penalty (cards)", "opt.target": "Match target score",
    "opt.hands": "Hands in the match", "opt.two_draws": "Cards a 2 makes draw",
    "opt.turn": "Turn timer", "opt.bot_pause": "Computer thinking pause", "opt.melee": "Melee window", "opt.off": "off", "opt.seconds": "{n} s",
    "solo.name": "You", "solo.level": "Computer level", "solo.start": "Deal",
    "solo.public": "Players on phones ({n}) will play too, and your cards will be face up on this screen, where everyone can see them.",
    "solo.dealAnyway": "Deal my hand on this screen", "bot.name": "Bot {n}", "lobby.title": "New game", "lobby.ruleset": "Game", "lobby.options": "Options",
    "lobby.seats": "Players", "lobby.addBot": "Add computer player", "lobby.level": "Level",
    "lobby.addLocal": "Add a player on this screen", "lobby.start": "Start the game",
    "lobby.solo": "Play against the computer", "lobby.spectators": "Spectators", "lobby.wantsToPlay": "{name} (wants to play)",
    "lobby.vote9": "9-card hands: {yes} of {n} agreed", "lobby.need": "Need {min}–{max} players",
    "lobby.name": "Your name",
    "level.easy": "easy", "level.normal": "normal", "level.hard": "hard",
    "seat.bot": "computer ({level})", "seat.local": "on this screen", "seat.phone": "phone",
    "seat.offline": "offline", "seat.online": "connected", "seat.remove": "Remove", "seat.removeName": "Remove {name}",
    "seat.removeConfirm": "Remove {name} from the game? Their cards go back into the stock.",
    "seat.cards": "{n} cards", "seat.card": "1 card", "seat.score": "{n} pts",
    "seat.out": "out", "seat.turn": "to move",
    "join.title": "Join with your phone", "join.scan": "Scan the code with the phone camera",
    "join.url": "or open", "join.code": "and type the code",
    "join.mode.camera": "Camera mode: show the phone’s answer code to this computer’s camera.",
    "join.mode.relay": "Internet mode: phones connect through a relay.",
    "join.use.camera": "Use the camera instead", "join.use.relay": "Use the internet instead",
    "join.error": "Joining is not available: {error}",
    "join.camera.NotFoundError": "No camera found on this computer. Switch to internet joining: phones connect through a relay.",
    "join.camera.NotAllowedError": "The browser blocked the camera. Allow it (the camera icon in the address bar) and try again, or switch to internet joining.",
    "join.camera.NotReadableError": "The camera is busy in another app. Close that app and try again, or switch to internet joining.",
    "join.camera.OverconstrainedError": "This camera cannot be used for joining. Switch to internet joining.",
    "join.camera.SecurityError": "Cameras work only on a secure (https) page. Switch to internet joining.",
    "join.camera.AbortError": "The camera did not start. Try again, or switch to internet joining.",
    "join.camera.other": "The camera did not start ({error}). Try again, or switch to internet joining.",
    "join.camera.retry": "Try the camera again",
    "table.turn": "{name} to move", "table.time": "{n} s left", "table.direction.1": "Clockwise",
    "table.direction.-1": "Counter-clockwise", "table.stock": "Stock: {n}",
    "table.active": "In force", "table.log": "What happened", "table.called": "Last card!",
    "table.paused": "Paused", "table.waiting": "Every player is offline: the game waits for someone to come back", "table.spectating": "Watching the table",
    "pending.drawn": "{name} drew a card: play it or end the turn",
    "pending.pickup": "{name} must pick up {count} or counter",
    "pending.melee": "Melee in {suit}: next card {need} — {defender} draws {count} if nobody plays it",
    "pending.free": "{name} may lay any one card",
    "pending.chain": "Chain: {name} must play {need} or draw {count}",
    "pending.suit": "{name} names the suit",
    "host.pause": "Pause", "host.resume": "Resume", "host.rematch": "Rematch", "host.nextHand": "Next hand",
    "host.rules": "Rules", "host.close": "Close", "host.newGame": "New game", "host.confirm": "Remove",
    "host.cancel": "Cancel",
    "results.title": "Hand over", "results.winner": "{names} won!", "results.nowinner": "Stopped, no winner",
    "results.match": "Match over: {names} won!",
    "results.left": "Cards left", "results.waitHost": "The host starts what comes next.", "results.score": "Score",
    "act.draw": "Draw", "act.take": "Pick up {n}", "act.pass": "End turn", "act.last": "Last card!",
    "act.suit": "Name the suit", "act.play": "Play", "act.playN": "Play {n} cards", "act.cancel": "Cancel",
    "act.chooseColour": "Choose a colour", "act.chooseSuit": "Choose a suit", "act.chooseCard": "The joker is…",
    "act.keepSuit": "Keep {suit}", "act.yourTurn": "Your turn", "act.waiting": "Waiting for {name}",
    "act.select": "Tap more cards of this rank, then Play",
    "event.play": "{name} played {cards}", "event.playColour": "{name} played {cards} and chose {colour}",
    "event.draw": "{name} drew {n}", "event.drawCards": "{name} drew {cards}", "event.drawPenalty": "{name} picked up {n} as a penalty",
    "event.drawPickup": "{name} picked up {n}", "event.pass": "{name} ended the turn", "event.skip": "{name} is skipped",
    "event.reverse": "Direction reversed", "event.call": "{name}: last card!", "event.melee": "Melee: {name} attacks, {count} cards at stake", "event.suit": "{name} named {suit}",
    "event.reshuffle": "The discard pile was shuffled into the stock", "event.removed": "{name} left the game",
    "event.hand_over": "Hand over", "event.match_over": "Match over", "event.deal": "Hand {hand} dealt",
    "link.connecting": "Connecting to the table…", "link.answering": "Connecting to the table…",
    "link.show-answer": "Show this code to the table’s camera", "link.reconnecting": "Connection lost — reconnecting…",
    "link.scan-again": "Connection lost: scan the QR code on the TV again", "link.refused": "The table did not answer. Check the code and try again.",
    "hand.rename": "Change name", "hand.agree": "Agree", "hand.disagree": "Disagree", "hand.watch": "Watch the table",
    "hand.wantPlay": "I want to play the next game", "hand.wantPlayOn": "You will play in the next game (tap to cancel)",
    "hand.connecting": "Connecting to the table…", "hand.reconnecting": "Connection lost — reconnecting…",
    "hand.joined": "You are at the table", "hand.waitStart": "Waiting for the host to start",
    "hand.nameSave": "Join", "hand.removed": "The host removed you from this game.",
    "hand.removedHint": "You can watch the table or ask the host for the rematch.",
    "hand.spectator": "You are watching. You can play from the rematch.",
    "code.title": "Type the code from the TV", "code.label": "Table code", "code.join": "Join",
    "code.hint": "The 5 letters shown on the TV under the QR code.",
    "code.empty": "Type the 5-letter code shown on the TV.", "code.invalid": "A table code is 5 Latin letters, like KQXMP.",
    "code.scan": "Or scan the QR code on the TV with the phone’s camera.",
    "home.tagline": "A card party game: the TV is the table, every phone is a hand. Nothing to install.",
    "home.host": "Host a table", "home.hostHint": "Open it on the TV or laptop everyone can see; phones join by scanning its QR code.",
    "home.unsupported": "This browser cannot host a table (missing: {missing}). Connect a laptop to the TV over HDMI, or use a newer browser (recent Chrome, Edge, Firefox or Safari). Phones can still join.",
    "home.join": "Join with a code", "home.games": "Four games", "home.rules": "Rules",
    "home.game.poslednyaya": "Match the colour, number or symbol; 2–10 players, one quick hand.",
    "home.game.last-one": "Suits and jokers over several hands; too many penalty points and you are out.",
    "home.game.last-card": "New Zealand rules for two: play a whole rank at once, stack the 2s and 5s.",
    "home.game.posledniy-igrok": "A set number of hands; collect the fewest penalty points.",
    "home.support": "The table runs in a recent Chrome, Edge, Firefox or Safari on a laptop, desktop or smart TV; phones need only their browser. No account, no server: the game runs in the table’s tab.",
    "hand.yourHand": "Your cards", "hand.empty": "No cards",
    "rules.title": "Rules: {name}", "rules.notPaused": "The game keeps running while you read.",
    "error.illegal": "That move is not allowed now", "error.stale": "The table moved on — try again",
    "error.generic": "Something went wrong: {code}",
    "error.full": "Every seat is taken", "error.too_few": "Not enough players yet", "error.too_many": "Too many players for this game",
    "error.vote": "9-card hands need every phone to agree", "error.bad_options": "That setting is out of range",
    "error.not_allowed": "Not possible now", "error.paused": "The game is paused", "error.not_playing": "No hand is being played", "error.rate_limited": "Too fast — wait a moment",
    "boot.loading": "Starting the table…", "boot.failed": "The table could not start: {error}",
    "boot.fetch": "Downloading the game: {loaded} of {total} MB", "boot.fetchUnknown": "Downloading the game: {loaded} MB",
    "boot.python": "Starting Python…", "boot.game": "Loading the game…",
    "boot.joinNow": "Phones can join already: they are seated as soon as the table is up.",
    "tab.elsewhere": "This table is already open in another tab.", "tab.take": "Move the table here",
    "tab.moved": "The table moved to another tab. Its game is saved there; this tab no longer answers phones.",
    "tab.takeBack": "Move the table back here", "tab.taking": "Moving the table here…",
    "damaged.title": "The saved game could not be restored",
    "damaged.text": "The save in this browser is damaged, so a new table has started. The damaged save is kept aside: you can download it as a file.",
    "damaged.download": "Download the damaged save", "damaged.dismiss": "OK",
    "hand.starting": "The table is starting… You will be seated in a moment.",
  },
  ru: {
    "app.title": "Последняя карта",
    "lang.switch": "English",
    "letter.R": "красный", "letter.Y": "жёлтый", "letter.B": "синий", "letter.G": "зелёный",
    "letter.S": "пики", "letter.H": "черви", "letter.D": "бубны", "letter.C": "трефы",
    "suitOf.S": "пик", "suitOf.H": "червей", "suitOf.D": "бубен", "suitOf.C": "треф",
    "card.coloured": "{rank}, {colour}", "card.S": "пропуск", "card.R": "разворот", "card.+2": "возьми две",
    "card.W": "выбор цвета", "card.W+4": "возьми четыре", "card.french": "{rank} {suit}",
    "card.joker": "джокер", "card.jokerAs": "джокер как {card}",
    "rank.A": "туз", "rank.J": "валет", "rank.Q": "дама", "rank.K": "король",
    "ruleset.poslednyaya": "Последняя (цветная колода)", "ruleset.last-one": "Last One",
    "ruleset.last-card": "Last Card (Новая Зеландия)", "ruleset.posledniy-igrok": "Последний игрок",
    "opt.hand_size": "Карт на руки", "opt.threshold": "Порог выбывания (очки)",
    "opt.last_call_penalty": "Штраф за невызов (карт)", "opt.target": "Очки для победы в матче",
    "opt.hands": "Раздач в матче", "opt.two_draws": "Сколько берут за двойку",
    "opt.turn": "Время на ход", "opt.bot_pause": "Пауза компьютера", "opt.melee": "Окно схватки", "opt.off": "выкл.", "opt.seconds": "{n} с",
    "solo.name": "Вы", "solo.level": "Уровень компьютера", "solo.start": "Раздать",
    "solo.public": "Телефонов за столом: {n}, они тоже сыграют, а ваши карты будут открыты на этом экране, и их увидят все.",
    "solo.dealAnyway": "Раздать мне на этом экране", "bot.name": "Компьютер {n}", "lobby.title": "Новая игра", "lobby.ruleset": "Игра", "lobby.options": "Настройки",
    "lobby.seats": "Игроки", "lobby.addBot": "Добавить компьютер", "lobby.level": "Уровень",
    "lobby.addLocal": "Добавить игрока за этим экраном", "lobby.start": "Начать игру",
    "lobby.solo": "Играть с компьютером", "lobby.spectators": "Зрители", "lobby.wantsToPlay": "{name} (хочет играть)",
    "lobby.vote9": "Раздача по 9 карт: согласны {yes} из {n}", "lobby.need": "Нужно {min}–{max} игроков",
    "lobby.name": "Ваше имя",
    "level.easy": "лёгкий", "level.normal": "средний", "level.hard": "сильный",
    "seat.bot": "компьютер ({level})", "seat.local": "за этим экраном", "seat.phone": "телефон",
    "seat.offline": "не в сети", "seat.online": "в сети", "seat.remove": "Убрать", "seat.removeName": "Убрать: {name}",
    "seat.removeConfirm": "Убрать {name} из игры? Его карты вернутся в колоду.",
    "seat.cards": "карт: {n}", "seat.card": "1 карта", "seat.score": "очков: {n}",
    "seat.out": "выбыл", "seat.turn": "ходит",
    "join.title": "Присоединяйтесь с телефона", "join.scan": "Наведите камеру телефона на код",
    "join.url": "или откройте", "join.code": "и введите код",
    "join.mode.camera": "Режим камеры: покажите код ответа с телефона камере этого компьютера.",
    "join.mode.relay": "Режим интернета: телефоны подключаются через посредника.",
    "join.use.camera": "Через камеру", "join.use.relay": "Через интернет",
    "join.error": "Подключение недоступно: {error}",
    "join.camera.NotFoundError": "У этого компьютера нет камеры. Переключитесь на подключение через интернет: телефоны подключатся через посредника.",
    "join.camera.NotAllowedError": "Браузер запретил камеру. Разрешите её (значок камеры в адресной строке) и попробуйте снова или подключайтесь через интернет.",
    "join.camera.NotReadableError": "Камера занята другой программой. Закройте её и попробуйте снова или подключайтесь через интернет.",
    "join.camera.OverconstrainedError": "Эта камера не подходит для подключения. Подключайтесь через интернет.",
    "join.camera.SecurityError": "Камера работает только на защищённой (https) странице. Подключайтесь через интернет.",
    "join.camera.AbortError": "Камера не включилась. Попробуйте снова или подключайтесь через интернет.",
    "join.camera.other": "Камера не включилась ({error}). Попробуйте снова или подключайтесь через интернет.",
    "join.camera.retry": "Попробовать камеру снова",
    "table.turn": "Ходит {name}", "table.time": "осталось {n} с", "table.direction.1": "По часовой",
    "table.direction.-1": "Против часовой", "table.stock": "Колода: {n}",
    "table.active": "Масть/цвет", "table.log": "Ход игры", "table.called": "Последняя!",
    "table.paused": "Пауза", "table.waiting": "Все игроки не в сети: игра ждёт, пока кто-нибудь вернётся", "table.spectating": "Вы смотрите игру",
    "pending.drawn": "{name} взял карту: сыграть её или завершить ход",
    "pending.pickup": "{name} должен взять {count} или ответить",
    "pending.melee": "Схватка в {suit}: нужна {need}, иначе {defender} берёт {count}",
    "pending.free": "{name} может положить любую карту",
    "pending.chain": "Цепочка: {name} кладёт {need} или берёт {count}",
    "pending.suit": "{name} называет масть",
    "host.pause": "Пауза", "host.resume": "Продолжить", "host.rematch": "Реванш", "host.nextHand": "Следующая раздача",
    "host.rules": "Правила", "host.close": "Закрыть", "host.newGame": "Новая игра", "host.confirm": "Убрать",
    "host.cancel": "Отмена",
    "results.title": "Раздача окончена", "results.winner": "Победа: {names}!", "results.nowinner": "Игра остановлена, без победителя",
    "results.match": "Матч окончен, победа: {names}!",
    "results.left": "Осталось карт", "results.waitHost": "Что дальше, решает ведущий.", "results.score": "Очки",
    "act.draw": "Взять карту", "act.take": "Взять {n}", "act.pass": "Завершить ход", "act.last": "Последняя!",
    "act.suit": "Назвать масть", "act.play": "Сыграть", "act.playN": "Сыграть {n} карты", "act.cancel": "Отмена",
    "act.chooseColour": "Выберите цвет", "act.chooseSuit": "Выберите масть", "act.chooseCard": "Джокер будет…",
    "act.keepSuit": "Оставить {suit}", "act.yourTurn": "Ваш ход", "act.waiting": "Ходит {name}",
    "act.select": "Добавьте карты того же достоинства и нажмите «Сыграть»",
    "event.play": "{name} сыграл {cards}", "event.playColour": "{name} сыграл {cards} и выбрал: {colour}",
    "event.draw": "{name} взял карт: {n}", "event.drawCards": "{name} взял {cards}", "event.drawPenalty": "{name} взял штраф: {n}",
    "event.drawPickup": "{name} взял {n}", "event.pass": "{name} завершил ход", "event.skip": "{name} пропускает ход",
    "event.reverse": "Направление сменилось", "event.call": "{name}: последняя!", "event.melee": "Схватка: нападает {name}, на кону {count}", "event.suit": "{name} назвал масть: {suit}",
    "event.reshuffle": "Сброс перемешан в колоду", "event.removed": "{name} покинул игру",
    "event.hand_over": "Раздача окончена", "event.match_over": "Матч окончен", "event.deal": "Раздача {hand}",
    "link.connecting": "Подключаемся к столу…", "link.answering": "Подключаемся к столу…",
    "link.show-answer": "Покажите этот код камере стола", "link.reconnecting": "Связь потеряна — переподключаемся…",
    "link.scan-again": "Связь потеряна: отсканируйте QR-код на ТВ ещё раз", "link.refused": "Стол не ответил. Проверьте код и попробуйте снова.",
    "hand.rename": "Изменить имя", "hand.agree": "Согласен", "hand.disagree": "Против", "hand.watch": "Смотреть игру",
    "hand.wantPlay": "Хочу играть в следующей игре", "hand.wantPlayOn": "Вы сыграете в следующей игре (нажмите, чтобы отменить)",
    "hand.connecting": "Подключаемся к столу…", "hand.reconnecting": "Связь потеряна — переподключаемся…",
    "hand.joined": "Вы за столом", "hand.waitStart": "Ждём, когда ведущий начнёт игру",
    "hand.nameSave": "Войти", "hand.removed": "Ведущий убрал вас из этой игры.",
    "hand.removedHint": "Можно смотреть игру или попросить ведущего о реванше.",
    "hand.spectator": "Вы зритель. Сыграть можно с реванша.",
    "code.title": "Введите код с телевизора", "code.label": "Код стола", "code.join": "Войти",
    "code.hint": "5 букв под QR-кодом на экране телевизора.",
    "code.empty": "Введите код из 5 букв с экрана телевизора.", "code.invalid": "Код стола — 5 латинских букв, например KQXMP.",
    "code.scan": "Или отсканируйте QR-код на телевизоре камерой телефона.",
    "home.tagline": "Карточная игра для компании: телевизор — стол, телефоны — карты в руках. Ничего не нужно устанавливать.",
    "home.host": "Открыть стол", "home.hostHint": "Откройте на телевизоре или ноутбуке, который видят все; телефоны подключаются по QR-коду.",
    "home.unsupported": "Этот браузер не может открыть стол (нет: {missing}). Подключите ноутбук к телевизору по HDMI или возьмите браузер поновее (свежие Chrome, Edge, Firefox или Safari). Телефоны подключаться могут.",
    "home.join": "Войти по коду", "home.games": "Четыре игры", "home.rules": "Правила",
    "home.game.poslednyaya": "Кладите карту того же цвета, числа или символа; 2–10 игроков, одна быстрая раздача.",
    "home.game.last-one": "Масти и джокеры, несколько раздач; набрал слишком много штрафных очков — выбыл.",
    "home.game.last-card": "Новозеландские правила на двоих: кладите сразу все карты одного достоинства, складывайте двойки и пятёрки.",
    "home.game.posledniy-igrok": "Заданное число раздач; наберите меньше всех штрафных очков.",
    "home.support": "Стол работает в свежих Chrome, Edge, Firefox или Safari на ноутбуке, компьютере или смарт-ТВ; телефонам нужен только браузер. Без регистрации и без сервера: игра идёт во вкладке стола.",
    "hand.yourHand": "Ваши карты", "hand.empty": "Карт нет",
    "rules.title": "Правила: {name}", "rules.notPaused": "Игра продолжается, пока вы читаете.",
    "error.illegal": "Так сейчас ходить нельзя", "error.stale": "Стол уже сменился — попробуйте ещё раз",
    "error.generic": "Ошибка: {code}",
    "error.full": "Все места заняты", "error.too_few": "Пока мало игроков", "error.too_many": "Слишком много игроков для этой игры",
    "error.vote": "Для раздачи по 9 карт нужно согласие всех телефонов", "error.bad_options": "Значение вне допустимых пределов",
    "error.not_allowed": "Сейчас так нельзя", "error.paused": "Игра на паузе", "error.not_playing": "Раздача не идёт", "error.rate_limited": "Слишком быстро — подождите",
    "boot.loading": "Запускаем стол…", "boot.failed": "Стол не запустился: {error}",
    "boot.fetch": "Загружаем игру: {loaded} из {total} МБ", "boot.fetchUnknown": "Загружаем игру: {loaded} МБ",
    "boot.python": "Запускаем Python…", "boot.game": "Загружаем игру…",
    "boot.joinNow": "Телефоны уже могут подключаться: они сядут за стол, как только он запустится.",
    "tab.elsewhere": "Этот стол уже открыт в другой вкладке.", "tab.take": "Перенести стол сюда",
    "tab.moved": "Стол перенесён в другую вкладку. Игра сохранена там; эта вкладка больше не отвечает телефонам.",
    "tab.takeBack": "Вернуть стол сюда", "tab.taking": "Переносим стол сюда…",
    "damaged.title": "Сохранённую игру не удалось восстановить",
    "damaged.text": "Сохранение в этом браузере повреждено, поэтому начат новый стол. Повреждённое сохранение отложено: его можно скачать файлом.",
    "damaged.download": "Скачать повреждённое сохранение", "damaged.dismiss": "Понятно",
    "hand.starting": "Стол запускается… Вы сядете за него через мгновение.",
  },
};

function pick() {
  const saved = globalThis.localStorage?.getItem(STORAGE_KEY);
  if (LANGS.includes(saved)) return saved;
  for (const tag of globalThis.navigator?.languages ?? []) {
    const base = tag.toLowerCase().split("-")[0];
    if (LANGS.includes(base)) return base;
  }
  return "en";
}

let current = pick();
const listeners = new Set();

/** The current language code, `ru` or `en`. */
export function lang() {
  return current;
}

/** Switch language, remember it, update `<html lang>` and tell the subscribers. */
export function setLang(code) {
  if (!LANGS.includes(code)) throw new Error(`unknown language: ${code}`);
  current = code;
  globalThis.localStorage?.setItem(STORAGE_KEY, code);
  if (globalThis.document) document.documentElement.lang = code;
  for (const listener of listeners) listener(code);
}

/** Call `listener(code)` after every language switch. */
export function onLangChange(listener) {
  listeners.add(listener);
}

/** The other language, for the switch button. */
export function otherLang() {
  return current === "ru" ? "en" : "ru";
}

/** Translate `key`, filling `{name}` placeholders from `vars`; a missing key shows itself. */
export function t(key, vars = {}) {
  const text = STRINGS[current][key] ?? STRINGS.en[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in vars ? String(vars[name]) : whole));
}

/** Plural-aware "N cards" for seat lines. */
export function cardsCount(n) {
  return n === 1 ? t("seat.card") : t("seat.cards", { n });
}
