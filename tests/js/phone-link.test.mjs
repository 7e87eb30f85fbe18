// What the phone says about its link to the table (js/hand-ui.js, its banner): a table that does
// not answer yet is being asked again, and a new QR code on the TV is the way to a new table.
import { test } from "node:test";
import assert from "node:assert/strict";
import { setLang } from "../../js/i18n.js";
import { phoneScreen } from "../../js/hand-ui.js";

const text = (markup) => String(markup).replace(/<[^>]*>/g, " ").replace(/\s+/g, " ").trim();
const phone = (link, extra = {}) => text(phoneScreen({ name: "Борис", muted: false, link, wasOpen: false, msg: null, ...extra }));

test("a table that does not answer yet: trying again, and a new QR code would be the way", async () => {
  await setLang("en");
  const said = phone("refused");
  assert.match(said, /The table is not answering yet; trying again… If the TV shows a new QR code, scan it\./);
  assert.doesNotMatch(said, /code and try again/); // no code was typed: the QR's link
  await setLang("ru");
  assert.match(phone("refused"), /Стол пока не отвечает; пробуем снова… Если на телевизоре новый QR-код, отсканируйте его\./);
});

test("a link lost after it was open says it reconnects; no broker, that the internet is down", async () => {
  await setLang("en");
  assert.match(phone("connecting", { wasOpen: true }), /Connection lost — reconnecting…/);
  assert.match(phone("offline"), /can’t be reached over the internet right now/);
});
