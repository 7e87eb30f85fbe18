// English strings of the bot lab (lab.html), loaded by that page only (`<html data-strings>`, js/i18n.js).
// Every language has the same keys and placeholders (tests/js/i18n.test.mjs checks).
export default {
  "lab.title": "Bot lab", "lab.intro": "Write a player in Python: move(view, events) returns one of view[\"legal\"].", "lab.home": "Home",
  "lab.name": "Bot name", "lab.defaultName": "My bot", "lab.game": "Game", "lab.against": "Against", "lab.players": "Players",
  "lab.games": "Hands", "lab.seed": "Seed", "lab.run": "Run", "lab.stop": "Stop", "lab.reset": "Starting bot",
  "lab.booting": "Starting Python…", "lab.failed": "Python could not start here: {error}",
  "lab.hint": "Run plays seeded hands, your bot in one seat and the computer players in the others; the seats rotate every hand.",
  "lab.starting": "Dealing…", "lab.interval": "of hands won (95\u00a0% interval {low} to {high})", "lab.fair": "a fair share is {fair}",
  "lab.progress": "{played} of {games:hand|hands}", "lab.done": "{hands:hand|hands} played.",
  "lab.bad": "Answers that were not legal actions: {n} (on the bot's turn, each is a time-out). The first: {answer}, when the legal actions were {legal}.",
  "lab.measured": "{game}: your bot against {n:computer player|computer players} at the {level} level, seed {seed}.",
  "lab.slow": "Moves that took longer than the {s} s a table gives a move: {n} (at a table, each would be a time-out).",
  "lab.confirmDelete": "Delete “{name}”? Its code cannot be brought back.", "lab.confirmReset": "Replace the code of “{name}” with the starting bot? The code there now cannot be brought back.",
  "lab.stopped": "Stopped.", "lab.stuck": "One game took more than {s} s (an endless loop in your bot?): the run is stopped.",
  "lab.help": "How a bot works",
  "lab.help.view": "view: what the seat's phone sees — hand (its cards), legal (its legal actions now), top, active (the colour or suit in force), counts (cards per seat), turn, direction, pending, scores…",
  "lab.help.events": "events: the hand so far, oldest first (play, draw, pass, call…); other seats' draws without their cards.",
  "lab.help.answer": "Return one of view[\"legal\"]. Anything else counts as a time-out for the seat. The bot may import the engine (lastcard) and the standard library.",
  "lab.help.errors": "An error in the code stops the run and shows the traceback beside its line; a bot that thinks for a minute is stopped. A table gives a move 5 s: the lab counts the moves that take longer. What the bot prints goes to the browser's console (F12).",
  "lab.taken": "Another bot is called “{name}”: this one keeps its name.", "lab.bots": "Saved bots", "lab.new": "New bot", "lab.delete": "Delete", "lab.deleted": "“{name}” is gone.", "lab.table": "Your saved bots sit at a table: pick one in the lobby's computer level on this device's table, or offer it from your phone's lobby.",
  "lab.tooLong": "This bot's code has {size} characters: a table takes {max} at most.",
};
