// Russian strings of the bot lab (lab.html), loaded by that page only (`<html data-strings>`, js/i18n.js).
// Every language has the same keys and placeholders (tests/js/i18n.test.mjs checks).
export default {
  "lab.title": "Лаборатория ботов", "lab.intro": "Игрок на Python: move(view, events) возвращает один из ходов view[\"legal\"].", "lab.home": "На главную",
  "lab.name": "Имя бота", "lab.defaultName": "Мой бот", "lab.game": "Игра", "lab.against": "Соперники", "lab.players": "Игроков",
  "lab.games": "Раздач", "lab.seed": "Зерно", "lab.run": "Запустить", "lab.stop": "Остановить", "lab.reset": "Начальный бот",
  "lab.booting": "Запускается Python…", "lab.failed": "Python здесь не запустился: {error}",
  "lab.hint": "Запуск сыграет раздачи с заданным зерном: ваш бот на одном месте, компьютерные игроки на остальных, места меняются каждую раздачу.",
  "lab.starting": "Раздаём…", "lab.interval": "выигранных раздач (95-процентный интервал от {low} до {high})", "lab.fair": "равная доля — {fair}",
  "lab.progress": "{played} из {games:раздачи|раздач|раздач}", "lab.done": "Сыграно раздач: {hands}.",
  "lab.bad": "Ответов не из числа допустимых ходов: {n} (в ход бота каждый такой ответ — то же, что вышедшее время). Первый: {answer}, а допустимы были {legal}.",
  "lab.stopped": "Остановлено.", "lab.stuck": "Бот думал дольше {s} с (бесконечный цикл?): запуск остановлен.",
  "lab.help": "Как устроен бот",
  "lab.help.view": "view — то, что видит телефон этого места: hand (свои карты), legal (допустимые сейчас ходы), top, active (цвет или масть в игре), counts (карт у каждого места), turn, direction, pending, scores…",
  "lab.help.events": "events — события раздачи с её начала (play, draw, pass, call…); какие карты добрали другие места, не показано.",
  "lab.help.answer": "Верните один из ходов view[\"legal\"]. Любой другой ответ засчитывается месту как истёкшее время. Бот может импортировать движок (lastcard) и стандартную библиотеку.",
  "lab.help.errors": "Ошибка в коде останавливает запуск, и трассировка показывается рядом с её строкой; бот, который думает минуту, останавливается.",
  "lab.taken": "Имя «{name}» уже занято: у бота остаётся прежнее.", "lab.bots": "Сохранённые боты", "lab.new": "Новый бот", "lab.delete": "Удалить", "lab.deleted": "Бота «{name}» больше нет.", "lab.table": "Сохранённые боты садятся за стол: выберите бота среди уровней компьютера в лобби стола на этом устройстве или предложите его из лобби на телефоне.",
};
