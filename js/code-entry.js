/**
 * Typing a table's 6-letter code (index.html and hand.html): the field, upper-casing as it is
 * typed, and a message that says what is wrong instead of the browser's generic bubble.
 */
import { html } from "./html.js";
import { t } from "./i18n.js";

const CODE = /^[A-Z]{6}$/;
/** Each field's message (a words key) by input id, said again after a page is drawn anew. */
const said = new Map();

/**
 * The label, the code input and its message line, for a `<form novalidate>`.
 * @param {string} id  the input's id (its message is `${id}-error`)
 */
export function codeField(id) {
  return html`<label for="${id}">${t("code.label")}</label>
    <input id="${id}" name="code" class="code-input" maxlength="6" autocomplete="off" autocapitalize="characters"
      spellcheck="false" enterkeyhint="go" aria-describedby="${id}-error" data-code>
    <p id="${id}-error" class="code-error" aria-live="polite" data-testid="code-error"></p>`;
}

function say(input, key) {
  if (key) said.set(input.id, key);
  else said.delete(input.id);
  document.getElementById(input.getAttribute("aria-describedby")).textContent = key ? t(key) : "";
  if (key) input.setAttribute("aria-invalid", "true");
  else input.removeAttribute("aria-invalid");
}

/**
 * Say again what each code field under `root` was told, once `root` is drawn anew (`morph` brings
 * a field's message back to the empty line the markup has).
 */
export function keepMessages(root) {
  for (const [id, key] of said) {
    const input = root.querySelector(`#${id}`);
    if (input) say(input, key);
  }
}

/** Upper-case every code field under `root` as it is typed, and clear its message. */
export function upperCaseCodes(root) {
  root.addEventListener("input", (event) => {
    const input = event.target;
    if (!(input instanceof HTMLInputElement) || !("code" in input.dataset)) return;
    const value = input.value.toUpperCase().replace(/\s+/g, "");
    if (value !== input.value) input.value = value;
    say(input, null);
  });
}

/**
 * The code typed in `form` (upper case), or null after saying, next to the field, what is wrong.
 * @param {HTMLFormElement} form
 */
export function readCode(form) {
  const input = form.elements.namedItem("code");
  const code = input.value.trim().toUpperCase();
  if (CODE.test(code)) {
    say(input, null);
    return code;
  }
  say(input, code ? "code.invalid" : "code.empty");
  input.focus();
  return null;
}
