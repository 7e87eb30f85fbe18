// A phone that joins a lobby whose every seat is taken watches: it says so, and shows who sits
// at the table. It said "You are watching. You can play from the rematch." with nobody in sight,
// before any game, where there is neither a game to watch nor a rematch.
import { test } from "node:test";
import assert from "node:assert/strict";
import { setLang } from "../../js/i18n.js";
import * as board from "../../js/board.js";
import { NO_PICK, phoneScreen } from "../../js/hand-ui.js";

const NAMES = ["Ann", "Bob", "Cid", "Dee", "Eve", "Fay", "Gus", "Hal", "Ida", "Jon"];
const seats = (n) => NAMES.slice(0, n).map((name, seat) => ({ seat, name, kind: "phone", connected: true, id: seat + 1, host: seat === 0 }));
const lobby = { ruleset: "poslednyaya", options: {}, timers: {}, description: { id: "poslednyaya", name: "Last", players: { min: 2, max: 10 }, features: {} } };
const message = (n, phase = "lobby", play = true) => ({ type: "view", phase, state: 1, seat: null, role: "spectator", view: null, seats: seats(n), spectators: [{ name: "Zoë", connected: true, play, id: 11 }], awaiting: [], paused: false, waiting: false, lobby, result: null, events: [], play, host: false });
const screen = (msg) => String(phoneScreen({ name: "Zoë", muted: false, link: "open", msg, pick: NO_PICK }, { board }));

test("a phone watching a full lobby says every seat is taken and shows who sits there", async () => {
  for (const [lang, full, rematch] of [["en", "Every seat at the table is taken.", /rematch/], ["ru", "Все места за столом заняты.", /реванш/]]) {
    await setLang(lang);
    const markup = screen(message(10));
    assert.ok(markup.includes(full), lang);
    assert.doesNotMatch(markup, rematch);
    for (const name of NAMES) assert.ok(markup.includes(`>${name}<`), `${lang}: ${name} listed`);
  }
  await setLang("en");
  assert.ok(screen(message(3, "lobby", false)).includes("You are not at the table.")); // watching by choice
});

test("a new phone held for a removed player's name says why it only watches", async () => {
  for (const [lang, held, removed] of [
    ["en", "The host removed someone with this name", "The host removed you"],
    ["ru", "Кого-то с этим именем уже убрали", "Вас убрали"],
  ]) {
    await setLang(lang);
    const msg = { ...message(3), play: false, removed: true };
    assert.ok(screen({ ...msg, name_removed: true }).includes(held), lang);
    assert.ok(!screen({ ...msg, name_removed: true }).includes(removed), lang);
    assert.ok(screen({ ...msg, name_removed: false }).includes(removed), lang);
  }
  await setLang("en");
});

test("the TV's list tells a phone held for a removed player's name from a removed phone", async () => {
  const { tvScreen } = await import("../../js/table-ui.js");
  const row = (nameRemoved) => ({ name: "bea", connected: true, play: false, id: 12, host: false, removed: true, name_removed: nameRemoved });
  const tv = (nameRemoved) => String(tvScreen({ boot: "ready", picks: {}, sent: null, left: 5, invite: null, join: null,
    msg: { phase: "playing", seats: seats(3), spectators: [row(nameRemoved)], awaiting: [1], events: [], lobby: {}, local: {},
      view: { counts: [7, 7, 7], top: "B1", active: "B", direction: 1, pending: null } } }));
  for (const [lang, held, removed] of [["en", "(name of a removed player)", "(removed)"], ["ru", "(имя убранного игрока)", "(вне игры)"]]) {
    await setLang(lang);
    assert.ok(tv(true).includes(held) && !tv(true).includes(removed), lang);
    assert.ok(tv(false).includes(removed) && !tv(false).includes(held), lang);
  }
  await setLang("en");
});

test("the host phone says why it cannot start, as the TV does under its Start button", async () => {
  const host = (why) => {
    const lob = { ...lobby, can_start: why === null, why_not: why, rulesets: { poslednyaya: { min: 2, max: 10 } } };
    return screen({ ...message(3), seat: 0, role: "player", host: true, lobby: lob });
  };
  for (const [lang, deck, need] of [
    ["en", "The deck cannot deal that many cards to this many players", "Need 2–10 players"],
    ["ru", "Колоды не хватит, чтобы раздать столько карт каждому", "Нужно 2–10 игроков"],
  ]) {
    await setLang(lang);
    assert.ok(host("hand_too_big").includes(deck), lang);
    assert.ok(host("too_few").includes(need), lang);
    assert.equal(board.whyNotLine({ ...lobby, can_start: true }), "");
    assert.doesNotMatch(host(null), /data-testid="why-not"/);
  }
  await setLang("en");
});
