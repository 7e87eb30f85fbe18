// Russian strings of the home page only (index.html), loaded by that page (`<html data-strings>`, js/i18n.js).
// Every language has the same keys and placeholders (tests/js/i18n.test.mjs checks).
export default {
  "home.tagline": "Карточная игра для компании: телевизор — стол, телефоны — карты в руках. Ничего не нужно устанавливать.",
  "home.host": "Открыть стол", "home.hostHint": "Откройте на телевизоре или ноутбуке, который видят все; телефоны подключаются по QR-коду.",
  "home.join": "Войти по коду", "home.games": "Игры", "home.rules": "Правила",
  "home.support": "Стол работает в свежих Chrome, Edge, Firefox или Safari на ноутбуке, компьютере или смарт-ТВ; телефонам нужен только браузер. Без регистрации и без сервера: игра идёт во вкладке стола.",
  "home.lab": "Напишите своего компьютерного игрока на Python", "home.labHint": "Лаборатория ботов: готовый бот на десяток строк для начала, турнир со встроенными игроками, ваш бот хранится в этом браузере.",
};
