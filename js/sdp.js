// Compact codec for the few SDP fields a data-channel connection needs.
//
// The local description is never edited: `summarize` reads it, `pack` turns the summary into a
// few dozen bytes, `toDigits` into decimal digits (a QR code's numeric mode packs 3.3 bits a
// digit, so this costs almost nothing over raw bytes), and the other side rebuilds a complete
// REMOTE description with `buildRemote`. Fields kept: ICE ufrag and pwd, the DTLS fingerprint,
// the DTLS setup role and the UDP candidates of component 1 (IPv4, IPv6, mDNS `<uuid>.local`
// names, other names); everything else of a data-channel-only SDP is fixed.

const VERSION = 1;
const SETUPS = ["actpass", "active", "passive"];
const HASHES = [["sha-256", 32], ["sha-384", 48], ["sha-512", 64], ["sha-1", 20]];
const TYPES = ["host", "srflx", "prflx", "relay"];
const TYPE_PREFERENCE = { host: 126, srflx: 100, prflx: 110, relay: 0 };
const ADDR_IPV4 = 0;
const ADDR_IPV6 = 1;
const ADDR_MDNS = 2;
const ADDR_NAME = 3;
const MAX_CANDIDATES = 8;
const MDNS = /^([0-9a-f]{8})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{12})\.local$/;
const ICE_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/** Error thrown for input that is not a description this codec can carry or read back. */
export class CodecError extends Error {}

/**
 * Read the fields that matter from an SDP text.
 * @param {string} sdp
 * @returns {{ufrag: string, pwd: string, hash: string, fingerprint: Uint8Array, setup: string,
 *            candidates: {type: string, address: string, port: number}[]}}
 */
export function summarize(sdp) {
  const lines = sdp.split(/\r?\n/);
  const value = (prefix) => {
    const line = lines.find((l) => l.startsWith(prefix));
    if (line === undefined) throw new CodecError(`SDP lacks ${prefix}`);
    return line.slice(prefix.length).trim();
  };
  const [hash, hex] = value("a=fingerprint:").split(" ");
  const candidates = [];
  for (const line of lines) {
    if (!line.startsWith("a=candidate:")) continue;
    const f = line.slice("a=candidate:".length).trim().split(" ");
    // foundation component transport priority address port "typ" type ...
    if (f[1] !== "1" || f[2].toLowerCase() !== "udp" || !TYPES.includes(f[7])) continue;
    candidates.push({ type: f[7], address: f[4], port: Number(f[5]) });
  }
  return {
    ufrag: value("a=ice-ufrag:"),
    pwd: value("a=ice-pwd:"),
    hash: hash.toLowerCase(),
    fingerprint: Uint8Array.from(hex.split(":"), (h) => parseInt(h, 16)),
    setup: value("a=setup:"),
    candidates: candidates.slice(0, MAX_CANDIDATES),
  };
}

/** The table id fields name (docs/design.md): 128 bits of a SHA-256 fingerprint, base64url. */
export function tableIdOf({ hash, fingerprint }) {
  if (hash !== "sha-256" || fingerprint.length !== 32) return null;
  return btoa(String.fromCharCode(...fingerprint.subarray(0, 16))).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/**
 * Pack a summary (see `summarize`) and a one-byte tag into bytes.
 * @param {ReturnType<typeof summarize>} fields
 * @param {number} tag 0..255, e.g. the id of the offer an answer belongs to
 * @returns {Uint8Array}
 */
export function pack(fields, tag = 0) {
  const out = [];
  const setup = SETUPS.indexOf(fields.setup);
  const hash = HASHES.findIndex(([name, size]) => name === fields.hash && size === fields.fingerprint.length);
  if (setup < 0) throw new CodecError(`unknown setup ${fields.setup}`);
  if (hash < 0) throw new CodecError(`unknown fingerprint ${fields.hash}`);
  out.push((VERSION << 4) | (hash << 2) | setup, tag & 0xff);
  packIceString(out, fields.ufrag);
  packIceString(out, fields.pwd);
  out.push(...fields.fingerprint, fields.candidates.length);
  for (const c of fields.candidates) {
    const { kind, bytes } = packAddress(c.address);
    out.push((TYPES.indexOf(c.type) << 4) | kind, ...bytes, c.port >> 8, c.port & 0xff);
  }
  return Uint8Array.from(out);
}

/**
 * Inverse of `pack`.
 * @param {Uint8Array} bytes
 * @returns {{tag: number, fields: ReturnType<typeof summarize>}}
 */
export function unpack(bytes) {
  let at = 0;
  const take = (n) => {
    if (at + n > bytes.length) throw new CodecError("truncated description");
    at += n;
    return bytes.subarray(at - n, at);
  };
  const [head, tag] = take(2);
  if (head >> 4 !== VERSION) throw new CodecError("unknown codec version");
  const hash = HASHES[(head >> 2) & 3];
  const setup = SETUPS[head & 3];
  if (setup === undefined) throw new CodecError("bad setup");
  const ufrag = unpackIceString(take);
  const pwd = unpackIceString(take);
  const fingerprint = Uint8Array.from(take(hash[1]));
  const count = take(1)[0];
  if (count > MAX_CANDIDATES) throw new CodecError("too many candidates");
  const candidates = [];
  for (let i = 0; i < count; i++) {
    const [kindByte] = take(1);
    const type = TYPES[kindByte >> 4];
    if (type === undefined) throw new CodecError("bad candidate type");
    const address = unpackAddress(kindByte & 0xf, take);
    const [hi, lo] = take(2);
    candidates.push({ type, address, port: (hi << 8) | lo });
  }
  if (at !== bytes.length) throw new CodecError("trailing bytes");
  return { tag, fields: { ufrag, pwd, hash: hash[0], fingerprint, setup, candidates } };
}

/**
 * Bytes to decimal digits (QR numeric mode); a leading 1 keeps leading zero bytes.
 * @param {Uint8Array} bytes
 * @returns {string}
 */
export function toDigits(bytes) {
  let n = 1n;
  for (const b of bytes) n = (n << 8n) | BigInt(b);
  return n.toString(10);
}

/**
 * Inverse of `toDigits`.
 * @param {string} digits
 * @returns {Uint8Array}
 */
export function fromDigits(digits) {
  if (!/^[1-9][0-9]{0,1200}$/.test(digits)) throw new CodecError("not a packed description");
  const hex = BigInt(digits).toString(16);
  if (hex.length % 2 !== 1 || hex[0] !== "1") throw new CodecError("not a packed description");
  const out = new Uint8Array((hex.length - 1) / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.slice(1 + 2 * i, 3 + 2 * i), 16);
  return out;
}

/**
 * Encode a local description for a QR code or URL: decimal digits.
 * @param {string} sdp the local description's SDP, untouched
 * @param {number} tag 0..255
 */
export function encodeDescription(sdp, tag = 0) {
  return toDigits(pack(summarize(sdp), tag));
}

/**
 * Decode digits made by `encodeDescription`.
 * @param {string} digits
 * @returns {{tag: number, fields: ReturnType<typeof summarize>}}
 */
export function decodeDescription(digits) {
  return unpack(fromDigits(digits));
}

/**
 * Rebuild a complete remote description for a data channel from decoded fields.
 * @param {ReturnType<typeof summarize>} fields
 * @param {"offer" | "answer"} type
 * @returns {RTCSessionDescriptionInit}
 */
export function buildRemote(fields, type) {
  const fingerprint = Array.from(fields.fingerprint, (b) => b.toString(16).padStart(2, "0"))
    .join(":")
    .toUpperCase();
  const candidates = fields.candidates.map((c, i) => {
    const priority = TYPE_PREFERENCE[c.type] * 2 ** 24 + (65535 - i) * 2 ** 8 + 255;
    const related = c.type === "host" ? "" : " raddr 0.0.0.0 rport 0";
    return `a=candidate:${i + 1} 1 udp ${priority} ${c.address} ${c.port} typ ${c.type}${related}`;
  });
  const sdp = [
    "v=0",
    "o=- 1 2 IN IP4 127.0.0.1",
    "s=-",
    "t=0 0",
    "a=group:BUNDLE 0",
    "a=msid-semantic: WMS",
    "m=application 9 UDP/DTLS/SCTP webrtc-datachannel",
    "c=IN IP4 0.0.0.0",
    ...candidates,
    "a=end-of-candidates",
    `a=ice-ufrag:${fields.ufrag}`,
    `a=ice-pwd:${fields.pwd}`,
    `a=fingerprint:${fields.hash} ${fingerprint}`,
    `a=setup:${fields.setup}`,
    "a=mid:0",
    "a=sctp-port:5000",
    "a=max-message-size:262144",
    "",
  ].join("\r\n");
  return { type, sdp };
}

function packIceString(out, text) {
  // ICE ufrag/pwd use the base64 alphabet: 6 bits a character, preceded by the length.
  if (text.length > 255 || [...text].some((ch) => !ICE_CHARS.includes(ch))) {
    throw new CodecError("ICE credential outside the ice-char set");
  }
  out.push(text.length);
  let acc = 0;
  let bits = 0;
  for (const ch of text) {
    acc = (acc << 6) | ICE_CHARS.indexOf(ch);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out.push((acc >> bits) & 0xff);
    }
  }
  if (bits > 0) out.push((acc << (8 - bits)) & 0xff);
}

function unpackIceString(take) {
  const [length] = take(1);
  const bytes = take(Math.ceil((length * 6) / 8));
  let text = "";
  let acc = 0;
  let bits = 0;
  for (const b of bytes) {
    acc = ((acc << 8) | b) & 0xffff;
    bits += 8;
    while (bits >= 6 && text.length < length) {
      bits -= 6;
      text += ICE_CHARS[(acc >> bits) & 63];
    }
  }
  return text;
}

function packAddress(address) {
  const mdns = MDNS.exec(address.toLowerCase());
  if (mdns) return { kind: ADDR_MDNS, bytes: hexBytes(mdns.slice(1).join("")) };
  if (/^\d+\.\d+\.\d+\.\d+$/.test(address)) {
    return { kind: ADDR_IPV4, bytes: address.split(".").map(Number) };
  }
  if (address.includes(":")) return { kind: ADDR_IPV6, bytes: ipv6Bytes(address) };
  const name = new TextEncoder().encode(address);
  if (name.length > 255) throw new CodecError("candidate name too long");
  return { kind: ADDR_NAME, bytes: [name.length, ...name] };
}

function unpackAddress(kind, take) {
  if (kind === ADDR_IPV4) return Array.from(take(4)).join(".");
  if (kind === ADDR_IPV6) {
    const b = take(16);
    const groups = [];
    for (let i = 0; i < 16; i += 2) groups.push(((b[i] << 8) | b[i + 1]).toString(16));
    return groups.join(":");
  }
  if (kind === ADDR_MDNS) {
    const h = Array.from(take(16), (x) => x.toString(16).padStart(2, "0")).join("");
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}.local`;
  }
  if (kind === ADDR_NAME) return new TextDecoder().decode(take(take(1)[0]));
  throw new CodecError("bad address kind");
}

function hexBytes(hex) {
  return Array.from({ length: hex.length / 2 }, (_, i) => parseInt(hex.slice(2 * i, 2 * i + 2), 16));
}

function ipv6Bytes(address) {
  const [head, tail] = address.split("%")[0].split("::");
  const part = (s) => (s ? s.split(":") : []);
  let groups = part(head);
  if (tail !== undefined) {
    const rest = part(tail);
    groups = [...groups, ...Array(8 - groups.length - rest.length).fill("0"), ...rest];
  }
  if (groups.length !== 8 || groups.some((g) => !/^[0-9a-f]{1,4}$/i.test(g))) {
    throw new CodecError(`bad IPv6 address ${address}`);
  }
  return groups.flatMap((g) => [parseInt(g, 16) >> 8, parseInt(g, 16) & 0xff]);
}
