// Unit tests of the escaping tag of js/html.js (node --test; morph needs a DOM and is covered by e2e).
import { test } from "node:test";
import assert from "node:assert/strict";
import { escape, html, Safe } from "../../js/html.js";

test("interpolated text is escaped, in text and in attributes", () => {
  const name = `<img src=x onerror="alert('x')">&\``;
  const out = html`<b title="${name}">${name}</b>`;
  assert.ok(out instanceof Safe);
  assert.equal(String(out), `<b title="${escape(name)}">${escape(name)}</b>`);
  assert.ok(!String(out).includes("<img"));
  assert.equal(escape(`<>&"'\``), "&lt;&gt;&amp;&quot;&#39;&#96;");
});

test("nested markup, arrays and empty values", () => {
  const items = ["a<", "b"].map((x) => html`<li>${x}</li>`);
  assert.equal(String(html`<ul>${items}</ul>`), "<ul><li>a&lt;</li><li>b</li></ul>");
  assert.equal(String(html`${null}${undefined}${false}${0}`), "0");
});
