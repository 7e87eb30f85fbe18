// House rules on the pages (issue 24): the line under the game's name, the seven-zero seat
// picker and the jump-in hint, from the description's `house`/`short` and the seat's legal list;
// an option's control names only that option.
import { test } from "node:test";
import assert from "node:assert/strict";
import { houseLine, houseRules } from "../../js/board.js";
import { handPanel, NO_PICK } from "../../js/hand-ui.js";
import { hostIntent, optionField } from "../../js/host-ui.js";
import * as moves from "../../js/moves.js";

const DESCRIPTION = {
  options: [
    { name: "hand_size", type: "int", default: 7, house: true, short: { en: "{n} cards dealt", ru: "Раздача по {n}" } },
    { name: "target", type: "int", default: 250, house: false },
    { name: "stacking", type: "bool", default: false, house: true, short: { en: "Stacking", ru: "Штрафы копятся" } },
    { name: "jump_in", type: "bool", default: false, house: true, short: { en: "Jump-in", ru: "Перехват" } },
  ],
};

test("the line names the house rules on (the rules, then the numbers off their defaults)", () => {
  const lobby = (options) => ({ description: DESCRIPTION, options });
  assert.deepEqual(houseRules(lobby({})), []);
  assert.deepEqual(houseRules(lobby({ hand_size: 7, target: 500, stacking: false })), []);
  assert.deepEqual(houseRules(lobby({ jump_in: true, hand_size: 9, stacking: true })), ["Stacking", "Jump-in", "9 cards dealt"]);
  assert.equal(String(houseLine({ lobby: lobby({}) })), "");
  // each rule kept whole on its line: "Jump-in" never broken at its hyphen
  assert.match(String(houseLine({ lobby: lobby({ stacking: true, jump_in: true }) })),
    /<span class="nowrap">Stacking<\/span> · <span class="nowrap">Jump-in<\/span>/);
  assert.match(String(houseLine({ lobby: lobby({ stacking: true }) }, { label: true })), /House rules:/);
});

const VIEW = { seat: 1, hand: ["R7", "G3"], counts: [4, 2, 6], legal: ["draw", "play R7 @0", "play R7 @2"], pending: null };

test("a seven-zero 7 opens a picker of the other players by name, each button one legal action", () => {
  const pick = moves.step(VIEW.legal, NO_PICK, { act: "card", card: "R7" }).pick;
  const panel = String(handPanel(VIEW, pick, { myTurn: true, names: ["Ann", "Ben", "Cleo"] }));
  assert.match(panel, /Swap hands with…/);
  assert.match(panel, /data-action="play R7 @0"[^>]*>.*Ann.*4 cards/s);
  assert.match(panel, /data-action="play R7 @2"[^>]*>.*Cleo.*6 cards/s);
  assert.doesNotMatch(panel, /Ben<\/span>/);
});

test("out of turn, a card the seat may jump in with is playable and said so", () => {
  const view = { seat: 1, hand: ["R5", "G3"], counts: [4, 2], legal: ["play R5"], pending: null };
  const panel = String(handPanel(view, NO_PICK, { myTurn: false, waitingFor: "Ann" }));
  assert.match(panel, /data-testid="jump-in"/);
  assert.match(panel, /hand__card is-legal[^>]*data-card="R5"/);
  const waiting = String(handPanel({ ...view, legal: [] }, NO_PICK, { myTurn: false, waitingFor: "Ann" }));
  assert.doesNotMatch(waiting, /jump-in/);
  assert.match(waiting, /Waiting for Ann/);
});

test("an option's control sends only that option (`set_options`), so it undoes no other change", () => {
  const msg = { lobby: { description: DESCRIPTION, options: { jump_in: true } } };
  const box = { dataset: { host: "option" }, type: "checkbox", name: "stacking", checked: true };
  assert.deepEqual(hostIntent(box, msg), { command: { type: "configure", set_options: { stacking: true } } });
  const number = { dataset: { host: "option" }, type: "number", name: "hand_size", value: "9", min: "3", max: "10" };
  assert.deepEqual(hostIntent(number, msg), { command: { type: "configure", set_options: { hand_size: 9 } } });
  assert.equal(hostIntent({ ...number, value: "11" }, msg), null);
});

test("a number option's hint (what a value means) is said under its field, and read with it", async () => {
  const { setLang } = await import("../../js/i18n.js");
  const spec = { name: "last_call_penalty", type: "int", default: 0, min: 0, max: 4, agree_max: null,
    label: { en: "Missed-call penalty (cards)", ru: "Штраф" },
    hint: { en: "0: the game announces a last card itself.", ru: "0 — объявляет сама игра." } };
  const field = String(optionField(spec, 0, "host-"));
  assert.match(field, /aria-describedby="host-opt-last_call_penalty-hint"/);
  assert.match(field, /<small class="muted" id="host-opt-last_call_penalty-hint"[^>]*>0: the game announces a last card itself\.<\/small>/);
  await setLang("ru");
  assert.match(String(optionField(spec, 0)), /id="opt-last_call_penalty-hint"[^>]*>0 — объявляет сама игра\.</);
  await setLang("en");
  const plain = String(optionField({ ...spec, hint: undefined }, 2));
  assert.doesNotMatch(plain, /aria-describedby|<small/);
});
