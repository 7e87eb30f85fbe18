/**
 * The TV page with a remote alone: arrows, OK (Enter) and Back (Escape, Backspace).
 *
 * - An arrow moves the focus to the nearest focusable element in that direction (`nearest`, a
 *   pure function of rectangles; Left and Right look in the screen's part the focus is in first,
 *   `REGION`, Up and Down in its group of controls, a fieldset); with nothing there it scrolls
 *   the scrollable box it is in.
 * - OK is the browser's own Enter (a button clicks, a form submits); on a checkbox it ticks or
 *   unticks it, as Space does. On a `<select>` or a number
 *   field it starts editing in place: the arrows then step the value (each step is a `change`)
 *   and OK or Back ends the editing. A text field takes typing, Up/Down leave it, and Left/Right
 *   leave it at either end of its text.
 * - Back calls `onBack()` (close the dialog, drop the picked cards); Backspace in a text field
 *   deletes, as usual.
 * - Focus stays inside the topmost open modal dialog (`[aria-modal="true"]`), Tab included, and
 *   goes back where it was when that dialog closes; `keepFocus()` after every render puts the
 *   focus on `preferred()` whenever nothing is focused, and moves it on to the new `preferred()`
 *   when the screen's main control changes while the focus is still on the old one where it put
 *   it (the lobby's "Start the game" in place of "Play against the computer" once phones have
 *   joined, and back when a phone leaves and Start greys out); never from a control the player
 *   moved to. It runs in the render's own task (a key
 *   never finds a new screen with the old focus) and reads no layout: what it needs comes from
 *   the DOM (what is connected, enabled, not hidden; document order), and the browser's own
 *   `focus()` lays out only when the focus moves (docs/benchmarks.md).
 * - A control marked `data-risky` (one that changes the table with one press: it removes someone,
 *   lets a removed player back in, hands the host role away, answers for an away player or a
 *   phone's bot, or changes how phones join) is reached only by the arrows: the focus never falls
 *   on it by itself. When the focused control goes away, the focus falls on its neighbours in
 *   its group of controls (`group`: the lobby's options, its players) or, outside one, in the same
 *   part of the screen (`REGION`) only, never across into another; with none there, on what the
 *   render put in that group (a full table's note that every seat is taken, where the controls
 *   that add a player were); with none, on `preferred()`.
 * - `<body data-input>` is `"keys"` after a key and `"pointer"` after a pointer press: the big
 *   focus ring of css/table.css shows with keys (a TV remote), and from the start.
 */

// The rules' text box (js/rules.js) takes the focus for a keyboard's Tab where this module does
// not run (the phone): here the arrows scroll it from the dialog's buttons, never stopping on it.
const FOCUSABLE = "button, a[href], input:not([type=hidden]), select, textarea, summary, [tabindex]:not([tabindex='-1']):not(.rules)";
const DIRECTIONS = { ArrowUp: "up", ArrowDown: "down", ArrowLeft: "left", ArrowRight: "right" };
/** The keys that page through the rules screen (a keyboard's; some remotes send PageUp and PageDown too). */
const PAGE_KEYS = new Set(["PageUp", "PageDown", "Home", "End"]);
const TEXT_TYPES = new Set(["text", "search", "email", "url", "tel", "password", ""]);
/** The parts of a screen (the top bar, the lobby, the game, its side column, the join panel…):
 * a control that goes away hands the focus to a neighbour in its own part only. */
const REGION = "header, aside, section";

/**
 * The best candidate in direction `dir` from the rectangle `from` (pure; rectangles are
 * `{left, top, right, bottom}`), or null. A candidate counts when its centre lies beyond `from`'s
 * centre in that direction and it does not reach back past `from`'s middle. The score is the
 * CSS Spatial Navigation draft's: the distance between the nearest edges plus their offset
 * across the direction weighted 30 times going left/right and twice going up/down (rows of
 * controls are read along), the centres' offset breaking ties.
 * @template T
 * @param {{left: number, top: number, right: number, bottom: number}} from
 * @param {{rect: {left: number, top: number, right: number, bottom: number}, item: T}[]} candidates
 * @param {"up" | "down" | "left" | "right"} dir
 * @returns {T | null}
 */
export function nearest(from, candidates, dir) {
  const horizontal = dir === "left" || dir === "right";
  const sign = dir === "right" || dir === "down" ? 1 : -1;
  const [lo, hi, alo, ahi] = horizontal ? ["left", "right", "top", "bottom"] : ["top", "bottom", "left", "right"];
  const centre = (r, a, b) => (r[a] + r[b]) / 2;
  let best = null;
  let bestScore = Infinity;
  for (const { rect, item } of candidates) {
    const along = sign * (centre(rect, lo, hi) - centre(from, lo, hi));
    if (along <= 0.5) continue;
    // the near edge of the candidate must not lie behind the middle of `from`
    const nearEdge = sign > 0 ? rect[lo] : rect[hi];
    if (sign * (nearEdge - centre(from, lo, hi)) < 0) continue;
    const gap = Math.max(0, sign > 0 ? rect[lo] - from[hi] : from[lo] - rect[hi]);
    const across = Math.max(0, rect[alo] - from[ahi], from[alo] - rect[ahi]);
    const offset = Math.abs(centre(rect, alo, ahi) - centre(from, alo, ahi));
    const score = Math.hypot(gap, across) + (horizontal ? 30 : 2) * across + 0.01 * offset;
    if (score < bestScore) {
      bestScore = score;
      best = item;
    }
  }
  return best;
}

/**
 * The card (a hand's `<li>`) in the row above or below `card`'s (`dir`) whose left edge is
 * nearest to its own: the same place along the row, where each card shows its corner. Null when
 * the hand has no row that way. The rows are read from the `<li>`s, which the focused card's rise
 * and scale (css/table.css) do not move: from the middle of a risen card of the second row the
 * first row's bottom edge lay below, and `nearest` took Up out of the hand, past the first row.
 * @param {Element} card
 * @param {"up" | "down"} dir
 * @returns {Element | null}
 */
function rowCard(card, dir) {
  const sign = dir === "down" ? 1 : -1;
  const at = card.getBoundingClientRect();
  const cards = [...card.parentElement.children].map((li) => ({ li, rect: li.getBoundingClientRect() }));
  const away = (rect) => sign * (rect.top - at.top);
  const next = Math.min(...cards.map(({ rect }) => away(rect)).filter((by) => by >= 1));
  let best = null;
  for (const { li, rect } of cards) {
    if (Math.abs(away(rect) - next) >= 1) continue;
    if (!best || Math.abs(rect.left - at.left) < Math.abs(best.rect.left - at.left)) best = { li, rect };
  }
  return best?.li ?? null;
}

/** The outermost part of the screen (`REGION`) that holds `el` inside `root`, or null. */
function part(el, root) {
  let outer = null;
  for (let at = el.closest(REGION); at && at !== root && root.contains(at); at = at.parentElement?.closest(REGION)) outer = at;
  return outer;
}

/** Where the focus stays when `el` goes: its outermost fieldset (the lobby's options, its
 * players), else its part of the screen (`REGION`), else the page. When the lobby's controls that
 * add a player went (the table full), the focus fell across the players onto the options' last
 * box, where an OK ticked it. */
function group(el) {
  let outer = null;
  for (let at = el.closest("fieldset"); at; at = at.parentElement?.closest("fieldset")) outer = at;
  return outer ?? el.closest(REGION) ?? document;
}

/** Whether `el` can take the focus now: enabled, rendered, not hidden or inert. */
export function canFocus(el) {
  if (!el?.isConnected || el.disabled || el.closest("[inert], [hidden]")) return false;
  const rect = el.getBoundingClientRect();
  if (rect.width <= 0 || rect.height <= 0) return false;
  return getComputedStyle(el).visibility !== "hidden";
}

/** The focusable elements under `scope`, in document order. */
export function focusables(scope) {
  return [...scope.querySelectorAll(FOCUSABLE)].filter(canFocus);
}

/** The focusable elements the focus may fall on by itself (not `data-risky` ones). */
function safe(scope) {
  return focusables(scope).filter((el) => !el.hasAttribute("data-risky"));
}

/** Whether `el` can keep the focus as far as the DOM says (no layout read): connected, enabled,
 * not inside a hidden or inert part. */
function holds(el) {
  return Boolean(el?.isConnected) && !el.disabled && !el.closest("[inert], [hidden]");
}

/** The open modal dialogs, in document order (the pages render a dialog only while it is open). */
function modals() {
  return [...document.querySelectorAll("[aria-modal='true']")].filter(holds);
}

/** The topmost open modal dialog (the last one in document order), or null. */
export function topModal() {
  return modals().at(-1) ?? null;
}

function isText(el) {
  return el instanceof HTMLTextAreaElement || (el instanceof HTMLInputElement && TEXT_TYPES.has(el.type));
}

function isStepper(el) {
  return el instanceof HTMLSelectElement || (el instanceof HTMLInputElement && el.type === "number");
}

/** Focus `el` and bring it into view (the nearest edge only). */
export function focusOn(el) {
  if (!el) return;
  el.focus({ preventScroll: true });
  el.scrollIntoView?.({ block: "nearest", inline: "nearest" });
}

/**
 * Focus `el` now if it takes the focus (the browser refuses one that is not rendered) and bring
 * it into view at the next frame, whose layout that is anyway: no layout is read here beyond
 * what the browser's `focus()` does itself. True if `el` has the focus.
 */
export function focusNow(el) {
  if (!holds(el)) return false;
  if (document.activeElement !== el) el.focus({ preventScroll: true });
  if (document.activeElement !== el) return false;
  requestAnimationFrame(() => {
    if (document.activeElement === el) el.scrollIntoView?.({ block: "nearest", inline: "nearest" });
  });
  return true;
}

/** Focus the first of `els` that takes the focus (nulls skipped). */
function focusFirst(els) {
  for (const el of els) if (el && focusNow(el)) return;
}

/** The focusable elements under `scope` the focus may fall on by itself, in document order,
 * as far as the DOM says (no layout read; `focusNow` finds out whether one is rendered). */
function* candidates(scope) {
  for (const el of scope.querySelectorAll(FOCUSABLE)) if (!el.hasAttribute("data-risky") && holds(el)) yield el;
}

function scrollable(el, vertical) {
  for (let box = el; box && box !== document.documentElement; box = box.parentElement) {
    const style = getComputedStyle(box);
    const overflow = vertical ? style.overflowY : style.overflowX;
    const room = vertical ? box.scrollHeight > box.clientHeight + 1 : box.scrollWidth > box.clientWidth + 1;
    if (room && (overflow === "auto" || overflow === "scroll")) return box;
  }
  return null;
}

/** Step a select or a number field by `delta` and tell the page (`input` and `change`). */
function step(el, delta) {
  if (el instanceof HTMLSelectElement) {
    const index = Math.min(el.options.length - 1, Math.max(0, el.selectedIndex + delta));
    if (index === el.selectedIndex) return;
    el.selectedIndex = index;
  } else {
    const before = el.value;
    try {
      if (delta > 0) el.stepUp();
      else el.stepDown();
    } catch {
      return; // not a steppable value (empty): leave it for typing
    }
    if (el.value === before) return;
  }
  el.dispatchEvent(new Event("input", { bubbles: true }));
  el.dispatchEvent(new Event("change", { bubbles: true }));
}

/**
 * Turn the remote keys on for the page.
 * @param {{onBack?: () => boolean | void, preferred?: () => Element | null, screen?: () => string}} opts
 *   `onBack()` handles Back (return false when it had nothing to do); `preferred()` is the
 *   element to focus when nothing is (a screen's main control, never a risky one); `screen()`
 *   names the screen: when the focused element goes away (a seat removed, a card played) the
 *   focus moves to the one that followed it (else preceded it) in its part of the same screen,
 *   and to `preferred()` on a new screen or when that part has none. Call `beforeRender()`
 *   before each render and `keepFocus()` after it, in its task.
 * @returns {{beforeRender: () => void, keepFocus: () => void, editing: () => Element | null}}
 */
export function remoteControl({ onBack = () => false, preferred = () => null, screen = () => "" } = {}) {
  let editing = null; // the select or number field whose value the arrows step
  const opened = new Map(); // open modal dialog -> what had the focus before it opened
  let last = null; // where the focus was last: {el, screen}
  let around = null; // before a render: the focusable elements after and before `last.el`
  let placed = null; // `preferred()` as `keepFocus` gave it the focus, until the focus moves
  document.body.dataset.input = "keys";

  const setEditing = (el) => {
    editing = el;
    if (el) document.body.dataset.editing = "";
    else delete document.body.dataset.editing;
  };

  const focused = () => {
    const el = document.activeElement;
    return el && el !== document.body && el !== document.documentElement && canFocus(el) ? el : null;
  };

  function move(dir) {
    const from = focused();
    const root = topModal() ?? document.body;
    if (!from || !root.contains(from)) {
      focusOn((root === document.body ? preferred() : null) ?? safe(root)[0]);
      return;
    }
    // A hand is a row of cards that may overlap (fanned out on the TV): Left and Right go to the
    // card beside, in the row's order, however much of it the overlap hides. A long hand on the TV
    // lies on rows, each over the corners of the one above: Up and Down go to the nearest card of
    // the row above or below, if there is one.
    const card = from.closest(".hand__cards > li");
    const horizontal = dir === "left" || dir === "right";
    const next = card && (horizontal ? (dir === "left" ? card.previousElementSibling : card.nextElementSibling) : rowCard(card, dir));
    const beside = next?.querySelector(FOCUSABLE);
    if (beside && canFocus(beside)) {
      focusOn(beside);
      return;
    }
    // Left and Right look in the screen's part the focus is in first (the lobby, the game, the
    // join panel: `part`), then across the whole screen: from the lobby's lower options, level
    // with the join panel's switch and below the last of the players' controls, Right went to
    // the switch, past the players' column. Up and Down look in the group of controls first (a
    // fieldset: the lobby's options, its players): from the computer level, under the players'
    // rows whose one control (✕) is at their far end, Up went to "Start the game" above them.
    const all = focusables(root).filter((el) => el !== from);
    const at = from.getBoundingClientRect();
    const best = (els) => nearest(at, els.map((el) => ({ rect: el.getBoundingClientRect(), item: el })), dir);
    const group = from.closest("fieldset");
    const own = horizontal ? part(from, root) : group && root.contains(group) ? group : null;
    const target = (own && best(all.filter((el) => own.contains(el)))) ?? best(all);
    if (target) {
      focusOn(target);
      return;
    }
    const vertical = dir === "up" || dir === "down";
    const box = scrollable(from, vertical) ?? (root === document.body ? null : root.querySelector(".rules")) ?? document.scrollingElement;
    const amount = (vertical ? box.clientHeight : box.clientWidth) * 0.4 * (dir === "up" || dir === "left" ? -1 : 1);
    box.scrollBy(vertical ? { top: amount } : { left: amount });
  }

  function onKey(event) {
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
    document.body.dataset.input = "keys";
    const el = document.activeElement;
    const key = event.key;
    if (key === "Tab") {
      const root = topModal();
      const inside = root ? focusables(root) : [];
      if (!inside.length) return;
      event.preventDefault();
      const at = inside.indexOf(el);
      focusOn(inside[(at + (event.shiftKey ? -1 : 1) + inside.length) % inside.length] ?? inside[0]);
      return;
    }
    if (editing && editing !== el) setEditing(null);
    if (editing) {
      if (key === "Enter" || key === "Escape" || key === "Backspace") {
        event.preventDefault();
        event.stopImmediatePropagation();
        if (editing instanceof HTMLInputElement) editing.dispatchEvent(new Event("change", { bubbles: true }));
        setEditing(null);
      } else if (key in DIRECTIONS) {
        event.preventDefault();
        const forward = key === "ArrowRight" || (el instanceof HTMLSelectElement ? key === "ArrowDown" : key === "ArrowUp");
        step(el, forward ? 1 : -1);
      }
      return;
    }
    if (key === "Enter" && el instanceof HTMLInputElement && (el.type === "checkbox" || el.type === "radio")) {
      event.preventDefault(); // OK ticks a box as Space does (a remote has no Space)
      el.click();
      return;
    }
    if (key === "Enter" && isStepper(el)) {
      event.preventDefault();
      if (el instanceof HTMLInputElement) el.dispatchEvent(new Event("change", { bubbles: true })); // what was typed counts
      setEditing(el);
      return;
    }
    const pages = PAGE_KEYS.has(key) && !isText(el) ? topModal()?.querySelector(".rules") : null;
    if (pages) { // a keyboard's (or a remote's) page keys through the rules: the arrows go by 40 %
      event.preventDefault();
      const page = pages.clientHeight * 0.9;
      const top = { Home: 0, End: pages.scrollHeight, PageUp: pages.scrollTop - page, PageDown: pages.scrollTop + page }[key];
      pages.scrollTo({ top });
      return;
    }
    if (key in DIRECTIONS) {
      const dir = DIRECTIONS[key];
      if (isText(el) && (dir === "left" || dir === "right")) {
        const caret = el.selectionStart ?? 0;
        const atEdge = el.selectionStart === el.selectionEnd && (dir === "left" ? caret === 0 : caret === el.value.length);
        if (!atEdge) return; // the caret moves inside the text
      }
      event.preventDefault();
      move(dir);
      return;
    }
    if (key === "Escape" || (key === "Backspace" && !(el instanceof HTMLInputElement) && !(el instanceof HTMLTextAreaElement))) {
      if (onBack() !== false) event.preventDefault();
    }
  }

  document.addEventListener("keydown", onKey);
  document.addEventListener(
    "pointerdown",
    () => {
      document.body.dataset.input = "pointer";
    },
    true,
  );
  document.addEventListener("focusout", (event) => {
    if (event.target === editing) setEditing(null);
  });
  document.addEventListener("focusin", (event) => {
    if (event.target !== placed) placed = null;
    if (event.target instanceof Element && !topModal()) last = { el: event.target, screen: screen() };
  });

  /** What has the focus, as far as the DOM says (no layout read), or null. */
  const current = () => {
    const el = document.activeElement;
    return el && el !== document.body && el !== document.documentElement && holds(el) ? el : null;
  };

  /** Before a render: where the focus last was, its group (`group`) and the focusable elements
   * around it there, in document order, for `keepFocus` to fall back on if the render removes it. */
  function beforeRender() {
    around = null;
    if (!last?.el.isConnected) return;
    const scope = group(last.el);
    const all = [...scope.querySelectorAll(FOCUSABLE)];
    const at = all.indexOf(last.el);
    if (at >= 0) around = { screen: last.screen, scope, after: all.slice(at + 1), before: all.slice(0, at).reverse() };
  }

  /** Where the focus last was on this screen: that control, else (the render removed it) the
   * controls that followed it in its group, then those before it, nearest first, then what the
   * group holds now, in document order (none risky): what the render put in the place of what
   * went. A full table's note that every seat is taken stands where the lobby's controls that add
   * a player were (the players' group holds nothing else but ✕ and crowns), and they stand in its
   * place again once a seat is free. The focus fell on "Start the game" from "Add computer
   * player", where an OK pressed once more, not knowing the table was full, started a game. */
  function* nearLast() {
    if (!last || last.screen !== screen()) return;
    if (!last.el.hasAttribute("data-risky")) yield last.el;
    if (around?.screen !== last.screen) return;
    for (const el of [...around.after, ...around.before]) if (!el.hasAttribute("data-risky")) yield el;
    if (around.scope !== document && around.scope.isConnected) yield* candidates(around.scope);
  }

  /**
   * After a render, in its task: focus a dialog that just opened, give the focus back where it
   * was when a dialog closed, keep it inside the open one, and put it on `preferred()` when
   * nothing has it, or when it is still on (or just lost) the one it put it on and `preferred()`
   * is another now. No layout is read: the focus moves, when it must, by `focusNow`.
   */
  function keepFocus() {
    const open = modals();
    const top = open.at(-1) ?? null;
    let restore = null;
    for (const [dialog, prev] of opened) {
      if (!open.includes(dialog)) {
        opened.delete(dialog);
        restore = prev;
      }
    }
    const now = current();
    if (top) {
      if (!opened.has(top)) opened.set(top, restore ?? remembered(now));
      // a dialog opened from this one (the rules from the results) closed: back to its opener
      else if (backTo(restore, top)) return;
      if (!top.contains(now)) focusFirst([top.querySelector("[data-autofocus]:not(:disabled)"), ...candidates(top)]);
      return;
    }
    if (backTo(restore, document.body)) return;
    if (now && now !== placed) return;
    const main = preferred();
    if (now) {
      // the screen's main control changed, the focus still where this put it: onto the new one
      if (main && main !== now && focusNow(main)) placed = main;
      return;
    }
    // the focus went from a control: the player's own goes to its neighbours, the one this put
    // it on (greyed out: Start when a phone left) to the screen's main control
    const mine = placed === null;
    if (mine) focusFirst(nearLast());
    if (current()) return;
    if (focusNow(main)) placed = main;
    else focusFirst([...(mine ? [] : nearLast()), ...candidates(document.body)]);
  }

  /** Give the focus back where it was before a dialog opened (`restore`, as `remembered` noted
   * it), if that is inside `scope`: the same control, or its like after a re-render (never a
   * risky one standing where the removed one was). True if it took the focus. */
  function backTo(restore, scope) {
    if (!restore) return false;
    const like = restore.selector ? scope.querySelector(restore.selector) : null;
    const back = holds(restore.el) && scope.contains(restore.el) ? restore.el : like?.hasAttribute("data-risky") ? null : like;
    return Boolean(back) && focusNow(back);
  }

  return { beforeRender, keepFocus, editing: () => editing };
}

/** An element and a selector that finds its like again if a render replaced it. */
function remembered(el) {
  if (!el) return null;
  const attrs = ["data-act", "data-command", "data-seat", "data-card", "id"].filter((name) => el.hasAttribute(name));
  const selector = attrs.length ? attrs.map((name) => `[${name}="${CSS.escape(el.getAttribute(name))}"]`).join("") : null;
  return { el, selector };
}
