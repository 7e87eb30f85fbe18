/**
 * The escaping `html` tag and an idempotent, keyed DOM update.
 *
 * Every piece of markup in the UI is built with `html`: interpolated values are escaped unless
 * they are themselves `html` results, arrays are joined, `null`/`undefined`/`false` render as
 * nothing. `morph(root, markup)` brings an existing element to the new markup while keeping the
 * nodes that did not change (focus, scroll and CSS transitions survive a re-render); children
 * with a `data-key` are matched by key, the rest by position.
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

function morphAttributes(from, to) {
  for (const { name } of [...from.attributes]) {
    if (!to.hasAttribute(name)) from.removeAttribute(name);
  }
  for (const { name, value } of [...to.attributes]) {
    if (from.getAttribute(name) !== value) from.setAttribute(name, value);
  }
  // Form state lives in properties, not attributes.
  if (from instanceof HTMLInputElement && from !== document.activeElement) {
    if (from.type === "checkbox" || from.type === "radio") from.checked = to.checked;
    else if (from.value !== to.value) from.value = to.value;
  }
}

function morphChildren(from, to) {
  const keyed = new Map();
  for (const child of from.childNodes) {
    const key = keyOf(child);
    if (key !== null) keyed.set(key, child);
  }
  let cursor = from.firstChild;
  for (const next of [...to.childNodes]) {
    const key = keyOf(next);
    let match = null;
    if (key !== null) match = keyed.get(key) ?? null;
    else if (cursor && keyOf(cursor) === null && sameKind(cursor, next)) match = cursor;
    if (match && sameKind(match, next)) {
      if (match !== cursor) from.insertBefore(match, cursor);
      morphNode(match, next);
      cursor = match.nextSibling;
    } else {
      from.insertBefore(next, cursor);
    }
  }
  while (cursor) {
    const after = cursor.nextSibling;
    from.removeChild(cursor);
    cursor = after;
  }
}

function morphNode(from, to) {
  if (from.nodeType === Node.TEXT_NODE || from.nodeType === Node.COMMENT_NODE) {
    if (from.nodeValue !== to.nodeValue) from.nodeValue = to.nodeValue;
    return;
  }
  morphAttributes(from, to);
  morphChildren(from, to);
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
  morphChildren(root, template.content);
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
