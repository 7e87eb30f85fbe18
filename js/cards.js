/**
 * Card faces for both decks, as accessible HTML + inline SVG, shared by the TV and the phone.
 *
 * Notation (docs/engine-api.md): colour deck `R5`, `GS`, `BR`, `Y+2`, `W`, `W+4`; French deck
 * `10H`, `QS`, `JOKER`, `JOKER=QH`. Every colour and suit has its own shape, so colour is never
 * the only cue (rule 000 §12): red ▲, yellow ★, blue drop, green ■; ♠ ♥ ♦ ♣.
 */
import { html } from "./html.js";
import { t } from "./i18n.js";

const SHAPES = {
  R: "M12 2.5 22.5 21h-21z",
  Y: "m12 1.8 2.9 6.6 7.2.7-5.4 4.8 1.6 7.1L12 17.3 5.7 21l1.6-7.1L1.9 9.1l7.2-.7z",
  B: "M12 1.5S4.5 10.2 4.5 15a7.5 7.5 0 0 0 15 0C19.5 10.2 12 1.5 12 1.5z",
  G: "M3.5 3.5h17v17h-17z",
};
const SUITS = { S: "♠", H: "♥", D: "♦", C: "♣" };
const COLOURS = "RYBG";

/** Parse a card string into its parts; `null` for something that is not a card. */
export function parseCard(card) {
  if (typeof card !== "string") return null;
  if (card === "W" || card === "W+4") return { deck: "colour", colour: null, rank: card };
  if (card.startsWith("JOKER")) {
    const named = card.startsWith("JOKER=") ? parseCard(card.slice(6)) : null;
    return { deck: "french", joker: true, named };
  }
  if (COLOURS.includes(card[0]) && card.length >= 2) {
    return { deck: "colour", colour: card[0], rank: card.slice(1) };
  }
  const suit = card.at(-1);
  if (!(suit in SUITS)) return null;
  return { deck: "french", rank: card.slice(0, -1), suit, joker: false };
}

/** Inline SVG icon of a colour (`R`…) or a suit (`S`…); decorative, the text carries the name. */
export function icon(letter, extra = "") {
  if (letter in SHAPES) {
    return html`<svg class="icon icon--${letter} ${extra}" viewBox="0 0 24 24" aria-hidden="true"><path d="${SHAPES[letter]}"/></svg>`;
  }
  if (letter in SUITS) return html`<span class="icon suit suit--${letter} ${extra}" aria-hidden="true">${SUITS[letter]}&#xFE0E;</span>`;
  return html``;
}

/** The readable name of a colour or suit letter (`R` → "red"). */
export function letterName(letter) {
  return t(`letter.${letter}`);
}

function colourRank(rank) {
  return { S: "⊘", R: "⇄", "+2": "+2", W: "", "W+4": "+4" }[rank] ?? rank;
}

/** The spoken/readable name of a card: "red 5", "queen of hearts", "joker as 8 of spades". */
export function cardName(card) {
  const p = parseCard(card);
  if (!p) return String(card);
  if (p.joker) return p.named ? t("card.jokerAs", { card: cardName(card.slice(6)) }) : t("card.joker");
  if (p.deck === "colour") {
    if (!p.colour) return t(`card.${p.rank}`);
    const rank = /^\d$/.test(p.rank) ? p.rank : t(`card.${p.rank}`);
    return t("card.coloured", { colour: letterName(p.colour), rank });
  }
  const rank = /^\d+$/.test(p.rank) ? p.rank : t(`rank.${p.rank}`);
  return t("card.french", { rank, suit: t(`suitOf.${p.suit}`) });
}

function wildWheel() {
  return html`<svg class="wheel" viewBox="0 0 24 24" aria-hidden="true">
    <path class="fill-R" d="M12 12V2a10 10 0 0 1 10 10z"/><path class="fill-Y" d="M12 12h10a10 10 0 0 1-10 10z"/>
    <path class="fill-B" d="M12 12v10A10 10 0 0 1 2 12z"/><path class="fill-G" d="M12 12H2A10 10 0 0 1 12 2z"/></svg>`;
}

/** Corners wider than their mark, in ems of the corner's text (DejaVu Sans Bold, among the widest
 * of the usual fonts: a 10 is 1.39, a +2 or +4 1.53, a wild card's W 1.10). */
const WIDE_CORNERS = { 10: 1.4, "+2": 1.55, "+4": 1.55, W: 1.1 };

/** How wide `card`'s corner (its rank over its colour or suit) is, in ems of its text: 1, its
 * mark's, unless its rank is wider (a 10, a +2, a +4, a wild card's W; a joker named as one).
 * A hand fanned out on the TV keeps the widest of its corners in sight (js/hand-ui.js `fan`). */
export function cornerEms(card) {
  const p = parseCard(card);
  const face = p?.joker ? p.named : p;
  if (!face) return 1;
  return WIDE_CORNERS[face.deck === "colour" ? colourRank(face.rank) || "W" : face.rank] ?? 1;
}

/** The inside of a card face; `compact` (the smallest size): no corner or joker's label, which
 * it cannot show readably, and fewer elements for a TV's results (docs/benchmarks.md). */
function faceBody(p, compact = false) {
  const corner = (inside) => (compact ? "" : html`<span class="card__corner">${inside}</span>`);
  if (p.deck === "colour") {
    const rank = colourRank(p.rank);
    if (!p.colour) return html`${corner(rank || "W")}${wildWheel()}<span class="card__big">${rank}</span>`;
    return html`${corner(html`${rank}${icon(p.colour, "icon--corner")}`)}${icon(p.colour, "icon--pip")}<span class="card__big">${rank}</span>`;
  }
  if (p.joker) {
    // a named joker: the named card's face, its corner in the joker's place (the star's corner
    // and the card's lay one over the other), and the joker's word under it
    const label = compact ? "" : html`<span class="card__label">${t("card.joker")}</span>`;
    return html`${p.named ? faceBody(p.named, compact) : html`${corner("★")}<span class="card__big joker-star">★</span>`}${label}`;
  }
  return html`${corner(html`${p.rank}${icon(p.suit, "icon--corner")}`)}${icon(p.suit, "icon--pip")}<span class="card__big">${p.rank}</span>`;
}

/** CSS classes of a card face: deck, colour/suit, joker. */
function faceClasses(p) {
  const base = p.joker ? (p.named ? faceClasses(p.named) : []) : [];
  if (p.joker) return ["card--joker", ...base];
  if (p.deck === "colour") return [`card--colour`, p.colour ? `card--${p.colour}` : "card--wild"];
  return ["card--french", `card--${p.suit}`];
}

/**
 * The face of one card as a non-interactive element with an accessible name.
 * @param {string} card  @param {{size?: string}} [opts]
 */
export function cardFace(card, { size = "" } = {}) {
  const p = parseCard(card);
  if (!p) return html`<span class="card card--unknown ${size}" role="img" aria-label="${card}">?</span>`;
  return html`<span class="card ${faceClasses(p).join(" ")} ${size}" role="img" aria-label="${cardName(card)}" data-card="${card}">${faceBody(p, size === "card--xs")}</span>`;
}

/** The inside of a card face, for an interactive wrapper (a button) that carries the name itself. */
export function cardInner(card) {
  const p = parseCard(card);
  if (!p) return html`<span class="card card--unknown" aria-hidden="true">?</span>`;
  return html`<span class="card ${faceClasses(p).join(" ")}" aria-hidden="true" data-card="${card}">${faceBody(p)}</span>`;
}

/**
 * A hand's cards a chip per colour or suit, its ranks side by side after the colour's or suit's
 * mark (wild cards and jokers a chip each, as `cardFace`'s smallest): a hand of fourteen cards
 * a line high, where a chip per card took three lines (the TV's results of many players). Each
 * chip is named by its cards, in the hand's order.
 * @param {string[]} hand
 */
export function cardGroups(hand) {
  const groups = [];
  for (const card of hand) {
    const p = parseCard(card);
    const letter = p?.deck === "colour" ? p.colour : p && !p.joker ? p.suit : null;
    const last = groups.at(-1);
    const rank = p?.deck === "colour" ? colourRank(p.rank) : p?.rank;
    if (letter && last?.letter === letter) {
      last.cards.push(card);
      last.ranks.push(rank);
    } else groups.push({ letter, p, cards: [card], ranks: [rank] });
  }
  return groups.map(({ letter, p, cards, ranks }) => {
    if (!letter || cards.length === 1) return cardFace(cards[0], { size: "card--xs" });
    return html`<span class="card ${faceClasses(p).join(" ")} card--xs card--group" role="img" aria-label="${cards.map(cardName).join(", ")}" data-cards="${cards.join(" ")}">${icon(letter, "icon--pip")}<span class="card__big">${ranks.join("\u2009")}</span></span>`;
  });
}

/** A face-down card (stock, other players' hands). */
export function cardBack({ size = "" } = {}) {
  return html`<span class="card card--back ${size}" aria-hidden="true"><span class="card__back-mark">★</span></span>`;
}

/** A chip showing the colour or suit in force, icon + name. */
export function activeChip(letter) {
  if (!letter) return html``;
  return html`<span class="chip chip--${letter}" data-testid="active">${icon(letter)}<span>${letterName(letter)}</span></span>`;
}
