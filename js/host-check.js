/*
 * Whether this browser can host a table: a classic script, not a module, loaded before anything
 * else by index.html and table.html, so that it runs, and explains, in browsers too old for
 * modules (old smart TVs). It writes what is missing into `<html data-host-problems>` (empty when
 * nothing is), and the page's plain English notice into `window.lastcardCannotHost` (empty too):
 * the pages' classic scripts show that at once; js/home.js and js/table.js, where modules run,
 * say it again in the reader's language.
 * What each Chromium version brings: docs/browsers.md.
 */
(function () {
  "use strict";

  // What the table tab needs: Pyodide in a browser tab, WebRTC to the phones.
  function hostProblems() {
    var problems = [];
    if (!("noModule" in HTMLScriptElement.prototype)) problems.push("JavaScript modules");
    var wasm = typeof WebAssembly === "object" && typeof WebAssembly.validate === "function";
    if (!wasm) problems.push("WebAssembly");
    // Pyodide needs WebAssembly exception handling (a module declaring a tag: Chromium 95) and BigInt.
    var tagModule = new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0, 1, 4, 1, 96, 0, 0, 13, 3, 1, 0, 0]);
    if (wasm && !WebAssembly.validate(tagModule)) problems.push("WebAssembly exceptions");
    if (typeof BigInt64Array !== "function") problems.push("BigInt");
    if (typeof RTCPeerConnection !== "function") problems.push("WebRTC");
    return problems;
  }

  var problems = hostProblems().join(", ");
  document.documentElement.setAttribute("data-host-problems", problems);
  window.lastcardCannotHost = problems
    ? "This browser cannot host a table (missing: " + problems + "). Connect a laptop to the TV " +
      "over HDMI, or use a newer browser (recent Chrome, Edge, Firefox or Safari). Phones can still join."
    : "";
})();
