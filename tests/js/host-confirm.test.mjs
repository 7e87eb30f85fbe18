// The host's question before a removal (js/host-ui.js `hostIntent`, `hostPanel`): its button
// names the action, «Убрать» / "Remove", on the host phone as on the TV (js/table.js), where
// a bare «Да» / "Yes" answered a question that ends with the player's cards in the stock.
import { test } from "node:test";
import assert from "node:assert/strict";
import { setLang } from "../../js/i18n.js";
import { hostIntent, hostPanel } from "../../js/host-ui.js";
import { hostQuestionStands, offerAfterError, offerAgain } from "../../js/hand-ui.js";

const SEATS = [
  { seat: 0, name: "Мария", kind: "phone", host: true, id: 1 },
  { seat: 1, name: "Женя", kind: "phone", id: 2 },
];
const msg = (phase) => ({ phase, seat: 0, host: true, seats: SEATS, spectators: [], lobby: {} });
const control = (dataset) => ({ dataset, closest: () => null });
/** The host phone's confirm button under the question `hostIntent` asks for `dataset`. */
function answer(phase, dataset) {
  const intent = hostIntent(control(dataset), msg(phase));
  const panel = String(hostPanel(msg(phase), { confirm: { text: intent.confirm, yes: intent.yes, command: intent.command } }));
  return panel.match(/data-act="host-confirm">([^<]*)</)?.[1];
}

test("a removal is confirmed with Remove, on the host phone as on the TV; other questions with Yes", async () => {
  for (const [lang, remove, yes] of [["ru", "Убрать", "Да"], ["en", "Remove", "Yes"]]) {
    await setLang(lang);
    assert.equal(answer("playing", { host: "remove", seat: "1" }), remove, lang);
    assert.equal(answer("lobby", { host: "remove", seat: "1" }), remove, lang);
    assert.equal(answer("playing", { host: "cmd", command: "lobby" }), yes, lang);
    assert.equal(answer("lobby", { host: "make-host", id: "2" }), yes, lang);
  }
});

// The host phone's own seat has no Remove in its panel: removing it barred the phone reading the
// panel («Вас убрали из этой игры… вернуть в игру может только ведущий») and passed the host
// role away, asked about in the third person («Убрать из игры: Мария?»). The others have theirs.
test("the host panel offers no Remove for the host phone's own seat", async () => {
  await setLang("ru");
  for (const phase of ["lobby", "playing"]) {
    const panel = String(hostPanel(msg(phase)));
    assert.doesNotMatch(panel, /data-host="remove" data-seat="0"/, phase);
    assert.match(panel, /data-host="remove" data-seat="1"/, phase);
  }
});

test("a host's open question does not outlive a deal or a new phase: it names a seat by number", () => {
  const playing = { phase: "playing", seat: 0, paused: false };
  assert.equal(hostQuestionStands(playing, { ...playing }), true); // a move: the question stays
  assert.equal(hostQuestionStands(playing, { phase: "over", seat: 0 }), false); // the hand ends
  assert.equal(hostQuestionStands({ phase: "over", seat: 0 }, playing), false); // a rematch deals
  assert.equal(hostQuestionStands({ ...playing, paused: true }, playing), false); // a resume
  assert.equal(hostQuestionStands(null, playing), false);
  // an offered bot the table answered with an error is no longer waiting; one seated stays said
  assert.equal(offerAfterError({ name: "Gift", status: "waiting" }), null);
  assert.deepEqual(offerAfterError({ name: "Gift", status: "seated" }), { name: "Gift", status: "seated" });
  assert.equal(offerAfterError(null), null);
});

test("an offered bot still waiting is offered again when the phone is back at a table that reloaded", () => {
  const offered = { v: 1, type: "bring_bot", name: "Gift", source: "def move(view, events): ..." };
  assert.equal(offerAgain({ name: "Gift", status: "waiting" }, offered), offered); // forgotten: again
  assert.equal(offerAgain({ name: "Gift", status: "seated" }, offered), null); // answered: never
  assert.equal(offerAgain({ name: "Gift", status: "refused" }, offered), null);
  assert.equal(offerAgain({ name: "Clever", status: "waiting" }, offered), null); // not this one
  assert.equal(offerAgain(null, offered), null);
  assert.equal(offerAgain({ name: "Gift", status: "waiting" }, null), null);
});
