/**
 * The escaping `html` tag and an idempotent, keyed DOM update.
 *
 * Every piece of markup in the UI is built with `html`: interpolated values are escaped unless
 * they are themselves `html` results, arrays are joined, `null`/`undefined`/`false` render as
 * nothing. `morph(root, markup)` brings an existing element to the new markup while keeping the
 * nodes that did not change (focus, scroll and CSS transitions survive a re-render); children
 * with a `data-key` are matched by key, the rest by position, and a subtree equal to its new
 * markup (compared natively, `isEqualNode`) is left without walking it.
 */

const ESCAPES = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;", "`": "&#96;" };

/** Markup that is already safe: only `html` creates it. */
export class Safe {
  constructor(text) {
    this.text = text;
  }

  toString() {
    return this.text;
  }
}

/** Escape a plain value for use in text or a quoted attribute. */
export function escape(value) {
  return String(value).replace(/[&<>"'`]/g, (ch) => ESCAPES[ch]);
}

function part(value) {
  if (value === null || value === undefined || value === false) return "";
  if (value instanceof Safe) return value.text;
  if (Array.isArray(value)) return value.map(part).join("");
  return escape(value);
}

/** Tagged template: `html\`<b>${name}</b>\`` escapes `name`. */
export function html(strings, ...values) {
  let out = strings[0];
  for (let i = 0; i < values.length; i += 1) out += part(values[i]) + strings[i + 1];
  return new Safe(out);
}

function keyOf(node) {
  return node.nodeType === Node.ELEMENT_NODE ? node.getAttribute("data-key") : null;
}

function sameKind(a, b) {
  return a.nodeType === b.nodeType && a.nodeName === b.nodeName && keyOf(a) === keyOf(b);
}

/** Elements whose state lives in properties (a value typed, a box ticked, an option chosen). */
const FORM_FIELDS = "input, select, textarea";
const FORM_TAGS = new Set(["INPUT", "SELECT", "TEXTAREA"]);

function morphAttributes(from, to) {
  const field = from instanceof HTMLInputElement && from !== document.activeElement;
  const tick = field && (from.type === "checkbox" || from.type === "radio");
  const said = field && (tick ? from.defaultChecked : from.defaultValue); // the old markup's
  const old = from.attributes;
  for (let i = old.length - 1; i >= 0; i -= 1) {
    const { name } = old[i];
    if (!to.hasAttribute(name)) from.removeAttribute(name);
  }
  const next = to.attributes;
  for (let i = 0; i < next.length; i += 1) {
    const { name, value } = next[i];
    if (from.getAttribute(name) !== value) from.setAttribute(name, value);
  }
  // Form state lives in properties: a field the player is not in takes the markup's when that
  // changed, or always if `data-sync`; else it keeps what was typed (docs/design.md, Forms)
  if (!field || (!from.hasAttribute("data-sync") && (tick ? to.defaultChecked : to.defaultValue) === said)) return;
  if (tick) from.checked = to.checked;
  else if (from.value !== to.value) from.value = to.value;
}

/**
 * Whether the live node already is the new one: equal attributes, text and children
 * (`isEqualNode`, compared natively). Form fields are always walked, since what a player typed or
 * picked lives in properties that the comparison does not see.
 */
function unchanged(from, to, forms) {
  if (from.nodeType !== Node.ELEMENT_NODE || !from.firstChild) return false;
  if (forms && (FORM_TAGS.has(to.nodeName) || to.querySelector(FORM_FIELDS))) return false;
  return from.isEqualNode(to);
}

function morphChildren(from, to, forms) {
  let keyed = null; // the old children by data-key, made on the first keyed new child
  let cursor = from.firstChild;
  let next = to.firstChild;
  while (next) {
    const following = next.nextSibling; // before `next` may move into the live tree
    const key = keyOf(next);
    let match = null;
    if (key !== null) {
      if (!keyed) {
        keyed = new Map();
        for (let child = from.firstChild; child; child = child.nextSibling) {
          const old = keyOf(child);
          if (old !== null) keyed.set(old, child);
        }
      }
      match = keyed.get(key) ?? null;
    } else if (cursor && keyOf(cursor) === null && sameKind(cursor, next)) match = cursor;
    if (match && sameKind(match, next)) {
      if (match !== cursor) from.insertBefore(match, cursor);
      if (!unchanged(match, next, forms)) morphNode(match, next, forms);
      cursor = match.nextSibling;
    } else {
      from.insertBefore(next, cursor);
    }
    next = following;
  }
  while (cursor) {
    const after = cursor.nextSibling;
    from.removeChild(cursor);
    cursor = after;
  }
}

function morphNode(from, to, forms) {
  if (from.nodeType === Node.TEXT_NODE || from.nodeType === Node.COMMENT_NODE) {
    if (from.nodeValue !== to.nodeValue) from.nodeValue = to.nodeValue;
    return;
  }
  morphAttributes(from, to);
  morphChildren(from, to, forms);
  // A select's value names one of its options: set it once the options are the new ones.
  if (from instanceof HTMLSelectElement && from !== document.activeElement) from.value = to.value;
}

const rendered = new WeakMap();

/**
 * Render `markup` (an `html` result) into `root`; a repeat with the same markup does nothing.
 */
export function morph(root, markup) {
  if (!(markup instanceof Safe)) throw new TypeError("morph() takes html`...` markup only");
  if (rendered.get(root) === markup.text) return;
  rendered.set(root, markup.text);
  const template = document.createElement("template");
  template.innerHTML = markup.text;
  morphChildren(root, template.content, template.content.querySelector(FORM_FIELDS) !== null);
}

/**
 * Run `start` once the document is parsed: now if it already is. An entry module wires itself
 * through this, not a bare `DOMContentLoaded` listener: a module that waits for something at its
 * top level (js/i18n.js loads its strings) can finish evaluating after that event has fired.
 * @param {() => void} start
 */
export function whenParsed(start) {
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start, { once: true });
  else start();
}
