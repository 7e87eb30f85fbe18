// The address the TV shows for typing before the code (js/table-ui.js `homeAddress`): short,
// readable as typed, and read back by the home page's query into the same settings.
import { test } from "node:test";
import assert from "node:assert/strict";
import { homeAddress } from "../../js/table-ui.js";

const LINK = "http://192.168.1.20:8000/hand.html#r=abc";
const text = (markup) => String(markup).replace(/<wbr>/g, "").replace(/&amp;/g, "&");

test("without settings of its own the table shows the bare home address", () => {
  assert.equal(String(homeAddress(LINK, "?new&join=relay")), "192.168.1.20:8000/");
  assert.equal(String(homeAddress("https://example.org/lastcard/hand.html#r=x")), "example.org/lastcard/");
});

test("the table's join settings are written as typed, not percent-encoded", () => {
  const search = "?new&broker=wss%3A%2F%2Fmq.example.org%3A8884%2Fmqtt&stun=none&turn=turn%3Aturn.example.org%3A3478&turnuser=ann%40home";
  const shown = text(homeAddress(LINK, search));
  assert.equal(shown, "192.168.1.20:8000/?broker=wss://mq.example.org:8884/mqtt&stun=none&turn=turn:turn.example.org:3478&turnuser=ann@home");
  // the lines break before the query and before each further setting
  assert.equal(String(homeAddress(LINK, search)).split("<wbr>").length, 5);
});

test("what the query needs escaped stays escaped, and reads back as the table's settings", () => {
  const settings = [["broker", "wss://mq.example/mqtt?a=1&b=2"], ["turncred", "p+ss w#rd%"], ["turnuser", "Анна"]];
  const shown = text(homeAddress(LINK, `?${new URLSearchParams(settings)}`));
  assert.doesNotMatch(shown.split("?").slice(1).join("?"), /[ #+]|&b=2/);
  assert.deepEqual([...new URL(`http://${shown}`).searchParams], settings);
});
