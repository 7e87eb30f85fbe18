// Someone who knows the TV's typed code poses as the table (docs/design.md, "The typed code"): the
// code's exchange is theirs to answer, with a room, a key and a certificate of their own. A phone
// refuses a box that names no certificate (it would show no table mark to compare with the TV),
// and one that joined the real table by this code before refuses another certificate, whatever
// room the box names. The real modules (js/relay.js, js/join-phone.js) over an in-memory broker.
import { register } from "node:module";
import { after, test } from "node:test";
import assert from "node:assert/strict";

register("./support/hooks.mjs", import.meta.url);
const memory = () => {
  const m = new Map();
  return { getItem: (k) => (m.has(k) ? m.get(k) : null), setItem: (k, v) => m.set(k, String(v)), removeItem: (k) => m.delete(k), clear: () => m.clear() };
};
Object.assign(globalThis, {
  localStorage: memory(),
  sessionStorage: memory(),
  location: { hash: "", search: "" },
  history: { replaceState: (_s, _t, url) => (globalThis.location.hash = url) },
  document: { addEventListener() {}, visibilityState: "visible" },
  addEventListener() {},
  removeEventListener() {},
});
const relay = await import("../../js/relay.js");
const { PhoneJoin } = await import("../../js/join-phone.js");

const hex = (bytes) => Array.from(bytes, (x) => x.toString(16).padStart(2, "0").toUpperCase()).join(":");
const random = (n) => crypto.getRandomValues(new Uint8Array(n));
const idOf = (fp) => relay.b64url(fp.slice(0, 16));
const sdp = (fp, type) =>
  `v=0\r\no=- 1 2 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\nm=application 9 UDP/DTLS/SCTP webrtc-datachannel\r\na=ice-ufrag:abcd\r\na=ice-pwd:abcdefghijklmnopqrstuv\r\na=fingerprint:sha-256 ${hex(fp)}\r\na=setup:${type === "offer" ? "actpass" : "active"}\r\n`;
const phoneFp = random(32);
// The phone's peer connection: offers, takes the answer, opens no channel (nothing here needs one).
globalThis.RTCPeerConnection = class {
  constructor() {
    this.iceGatheringState = "complete";
    this.connectionState = "new";
  }
  createDataChannel() {
    return { readyState: "connecting", send() {}, close() {} };
  }
  async setLocalDescription() {
    this.localDescription = { type: "offer", sdp: sdp(phoneFp, "offer") };
  }
  async setRemoteDescription(description) {
    globalThis.applied = description.sdp;
  }
  addEventListener() {}
  removeEventListener() {}
  close() {}
};
await relay.loadMqtt();
// A phone that joined keeps trying to open its link (no channel opens here) and retries for ever:
// once the tests are done, so is the process.
after(() => setImmediate(() => process.exit(process.exitCode ?? 0)));

/** A table on the code way (real or fake): the code's exchange and its room's answers. */
async function serve(code, fp, { room = relay.randomRoom(), named = true } = {}) {
  const hub = new relay.Brokers(["wss://memory"]);
  const key = relay.randomKey();
  const credentials = { room, key, ...(named ? { fp: idOf(fp) } : {}) };
  await relay.serveCode({ hub, code, credentials, budget: new relay.CodeBudget() });
  await relay.serveRoom({ hub, room, key, onOffer: async () => sdp(fp, "answer") });
  return { stop: () => hub.close() };
}

/** A phone types `code`: the first status that settles it ("wrong-code", or "connecting" on to an answer applied). */
async function typeCode(code) {
  globalThis.applied = null;
  const phone = new PhoneJoin({ answerBox: {} });
  const states = [];
  phone.addEventListener("status", (e) => states.push(e.detail.state));
  phone.joinCode(code);
  for (let i = 0; i < 400 && !states.includes("wrong-code") && !globalThis.applied; i++) await new Promise((ok) => setTimeout(ok, 10));
  phone.stop?.();
  return { refused: states.includes("wrong-code"), applied: globalThis.applied };
}

test("a box that names no certificate is refused: the phone would show no table mark", async () => {
  const code = relay.randomCode();
  const fake = await serve(code, random(32), { named: false });
  const { refused, applied } = await typeCode(code);
  fake.stop();
  assert.equal(refused, true);
  assert.equal(applied, null);
});

test("a phone that joined the table by this code refuses another certificate in a room of its own", async () => {
  const code = relay.randomCode();
  const realFp = random(32);
  const real = await serve(code, realFp);
  const first = await typeCode(code);
  real.stop();
  assert.equal(first.refused, false);
  assert.ok(first.applied.includes(hex(realFp)));
  assert.equal(relay.pinnedTable(`code:${code}`), idOf(realFp));

  const fakeFp = random(32);
  const fake = await serve(code, fakeFp); // the code, a room, a key and a certificate of its own
  const second = await typeCode(code);
  fake.stop();
  assert.equal(second.refused, true);
  assert.equal(second.applied, null);
});
