// The table's mark: its id (the fingerprint of its DTLS certificate, js/sdp.js `tableIdOf`) as two
// made-up words people can compare between the TV and a phone (docs/design.md, "The table proves
// who it is"): Latin syllables, read alike in both languages, drawn by any font. Loaded by the
// TV, and by a phone once it has joined.

const CONSONANTS = "BDFGHKLMNPRSTVWZ";
const VOWELS = "AEIO";

/**
 * Two words of five syllables (64 each, 30 bits of the id), e.g. "Bako Dilema".
 * @param {string} id
 * @returns {string}
 */
export function fingerprintWords(id) {
  const bytes = Uint8Array.from(atob(id.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0));
  const bits = ((bytes[0] << 24) | (bytes[1] << 16) | (bytes[2] << 8) | bytes[3]) >>> 0;
  const syllables = Array.from({ length: 5 }, (_, i) => {
    const n = (bits >>> (26 - 6 * i)) & 63;
    return CONSONANTS[n >> 2] + VOWELS[n & 3].toLowerCase();
  });
  const word = (parts) => parts[0] + parts.slice(1).join("").toLowerCase();
  return `${word(syllables.slice(0, 2))} ${word(syllables.slice(2))}`;
}
