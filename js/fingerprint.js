// The table's mark: its id (the fingerprint of its DTLS certificate, js/sdp.js `tableIdOf`) as five
// pictures people can compare between the TV and a phone (docs/design.md, "The table proves who
// it is"). Loaded by the TV, and by a phone once it has joined.

/** 64 pictures, 6 bits each: five of them (30 bits) are shown; both languages read them alike. */
const SYMBOLS = [..."🐶🐱🐭🐰🦊🐻🐼🐨🐯🦁🐮🐷🐸🐵🐔🐧🐦🦆🦉🐴🦄🐝🐛🦋🐌🐞🐢🐍🐙🦀🐬🐳🌵🌲🌻🌹🍄🍎🍋🍌🍉🍇🍓🍒🍍🥕🌽🍞🧀🍕🎈🎁⚽🏀🎸🎺🚲🚀⛵🔑🔔💎🌙⭐"];

/**
 * Five pictures for a table id: what the TV shows and a joined phone shows, to compare.
 * @param {string} id
 * @returns {string}
 */
export function fingerprintSymbols(id) {
  const bytes = Uint8Array.from(atob(id.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0));
  let bits = 0n;
  for (const b of bytes.subarray(0, 4)) bits = (bits << 8n) | BigInt(b);
  return Array.from({ length: 5 }, (_, i) => SYMBOLS[Number((bits >> BigInt(26 - 6 * i)) & 63n)]).join(" ");
}
