/**
 * Turning taps into action strings, using only the legal action list of the seat's view.
 *
 * Nothing here builds an action from parts: every action sent is one of `legal`, picked by the
 * cards tapped and the choice made (colour/suit letter, the card a joker names, the seat a
 * seven-zero 7 swaps with — its `@N` suffix —, the order of a multi-card play). Pure functions,
 * shared by the phone and the TV's local seat.
 */

const CHOICE_LETTERS = new Set(["R", "Y", "B", "G", "S", "H", "D", "C"]);

/** The empty panel state `{selection, choice}`; an open choice also has `card` and `path` (below). */
export const NO_PICK = Object.freeze({ selection: [], choice: null });

/** The card in hand a played token comes from: `JOKER=QH` → `JOKER`. */
export function handCard(token) {
  return token.startsWith("JOKER=") ? "JOKER" : token;
}

/**
 * Parse the `play ...` actions of a legal list: the cards, the colour/suit named and the seat
 * aimed at (`play R7 @2`: seat 2).
 * @param {string[]} legal
 * @returns {{action: string, cards: string[], choice: string|null, target: number|null}[]}
 */
export function plays(legal) {
  const out = [];
  for (const action of legal) {
    const words = action.split(" ");
    if (words[0] !== "play") continue;
    const rest = words.slice(1);
    const target = rest.length > 1 && /^@\d+$/.test(rest.at(-1)) ? Number(rest.pop().slice(1)) : null;
    const choice = rest.length > 1 && CHOICE_LETTERS.has(rest.at(-1)) ? rest.pop() : null;
    out.push({ action, cards: rest, choice, target });
  }
  return out;
}

function startsWith(cards, prefix) {
  return prefix.every((card, i) => handCard(cards[i] ?? "") === card);
}

/** Cards of the hand that can start a legal play now. */
export function playableCards(legal) {
  return new Set(plays(legal).map((p) => handCard(p.cards[0])));
}

/** The legal action among `legal` that is exactly `word` (`draw`, `pass`, `last`), or null. */
export function simple(legal, word) {
  return legal.includes(word) ? word : null;
}

/** `suit X` actions, as `{action, choice}` options. */
export function suitOptions(legal) {
  return legal.filter((a) => a.startsWith("suit ")).map((a) => ({ action: a, choice: a.slice(5) }));
}

/**
 * The next step after the player picked a set of candidate plays (all with the same cards so far):
 * `{send}` when one action remains, else `{choice}` listing what to ask: the card a joker names,
 * the seat aimed at (`seat`, options `{action, seat}`) or the colour/suit letter.
 */
function narrow(candidates) {
  if (candidates.length === 1) return { send: candidates[0].action };
  const named = new Set(candidates.map((p) => p.cards[0]));
  if (named.size > 1 && candidates.every((p) => p.cards.length === 1)) {
    return { choice: { kind: "named", options: [...named].map((card) => ({ card, plays: candidates.filter((p) => p.cards[0] === card) })) } };
  }
  if (candidates.some((p) => p.target !== null)) {
    return { choice: { kind: "seat", options: candidates.map((p) => ({ action: p.action, seat: p.target })) } };
  }
  return { choice: { kind: "letter", options: candidates.map((p) => ({ action: p.action, choice: p.choice })) } };
}

/**
 * A tap on `card` in hand, given the selection so far (for multi-card plays).
 * Returns one of `{send: action}`, `{choice}`, `{selection: cards[]}` or `{}` (nothing to do).
 */
export function tapCard(legal, selection, card) {
  const all = plays(legal);
  const at = selection.indexOf(card);
  if (at >= 0) return { selection: selection.slice(0, at) };
  const next = [...selection, card];
  const candidates = all.filter((p) => startsWith(p.cards, next));
  if (candidates.length === 0) return {};
  if (selection.length === 0 && candidates.every((p) => p.cards.length === 1)) return narrow(candidates);
  return { selection: next };
}

/** Cards that may be added to the current multi-card selection. */
export function extendable(legal, selection) {
  const out = new Set();
  for (const p of plays(legal)) {
    if (p.cards.length > selection.length && startsWith(p.cards, selection)) out.add(handCard(p.cards[selection.length]));
  }
  return out;
}

/** Play the selection as it stands: `{send}`, `{choice}` or `{}` when it is not a legal play. */
export function playSelection(legal, selection) {
  const exact = plays(legal).filter((p) => p.cards.length === selection.length && startsWith(p.cards, selection));
  return exact.length ? narrow(exact) : {};
}

/** After a `named` choice (joker), the step for the named card. */
export function pickNamed(option) {
  return narrow(option.plays);
}

/** A step of picking (`{act, card?}`, as a click's data-act) → `{pick, send?}`; a choice keeps its steps in `path`. */
export function step(legal, pick, how) {
  const { act, card } = how;
  const named = pick.choice?.kind === "named" && pick.choice.options.find((o) => o.card === card);
  const r = act === "card" ? tapCard(legal, pick.selection, card)
    : act === "play-selection" ? playSelection(legal, pick.selection)
    : act === "named" ? (named ? pickNamed(named) : {})
    : suitOptions(legal).length ? { choice: { kind: "letter", options: suitOptions(legal) } } : {};
  if (r.send) return { send: r.send, pick: NO_PICK };
  if (r.choice) {
    const path = [...(act === "named" ? pick.choice.path : []), how];
    return { pick: { ...pick, choice: { ...r.choice, card: act === "play-selection" ? pick.selection[0] : card ?? null, path } } };
  }
  return { pick: r.selection ? { selection: r.selection, choice: null } : pick };
}

/** `pick` on a newer `legal`: kept while its steps still lead there (options anew), else closed; never sends. */
export function carryPick(legal, pick) {
  const { selection } = pick;
  const kept = selection.length && (extendable(legal, selection).size || playSelection(legal, selection).send || playSelection(legal, selection).choice);
  const base = kept ? { selection, choice: null } : NO_PICK;
  let next = base;
  for (const how of pick.choice?.path ?? []) {
    const r = step(legal, next, how);
    if (r.send || !r.pick.choice) return base;
    next = r.pick;
  }
  return next;
}
