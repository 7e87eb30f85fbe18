// English strings of the home page only (index.html), loaded by that page (`<html data-strings>`, js/i18n.js).
// Every language has the same keys and placeholders (tests/js/i18n.test.mjs checks).
export default {
  "home.tagline": "A card party game: the TV is the table, every phone is a hand. Nothing to install.",
  "home.host": "Host a table", "home.hostHint": "Open it on the TV or laptop everyone can see; phones join by scanning its QR code.",
  "home.join": "Join with a code", "home.games": "The games", "home.rules": "Rules",
  "home.support": "The table runs in a recent Chrome, Edge, Firefox or Safari on a laptop, desktop or smart TV; phones need only their browser. No account, no server: the game runs in the table’s tab.",
  "home.lab": "Write your own computer player in Python", "home.labHint": "The bot lab: a dozen lines to start from, a tournament against the built-in players, your bot kept in this browser.",
};
