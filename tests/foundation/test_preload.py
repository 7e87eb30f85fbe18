"""table.html's module preloads (issue 12: the join QR within half a second of navigation): the
modules the QR waits for are asked for at once, not one level of imports at a time."""

from __future__ import annotations

import posixpath
import re
from html.parser import HTMLParser

from bootstrap import ROOT

# A static `import … from "…"`, `export … from "…"` or bare `import "…"` (not `import(…)`).
STATIC_IMPORT = re.compile(
    r"""^\s*(?:import|export)\s[^;()]*?\bfrom\s*["']([^"']+)["']|^\s*import\s*["']([^"']+)["']""",
    re.MULTILINE,
)


def static_imports(path: str) -> list[str]:
    """The site paths a module imports statically (relative specifiers only)."""
    text = (ROOT / path).read_text(encoding="utf-8")
    found = []
    for match in STATIC_IMPORT.finditer(text):
        spec = match.group(1) or match.group(2)
        if spec.startswith("."):
            found.append(posixpath.normpath(posixpath.join(posixpath.dirname(path), spec)))
    return found


def closure(*starts: str) -> set[str]:
    """The modules ``starts`` load before they run: themselves and their static imports, deep."""
    seen: set[str] = set()
    todo = list(starts)
    while todo:
        path = todo.pop()
        if path not in seen:
            seen.add(path)
            todo += static_imports(path)
    return seen


class Preloads(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.hrefs: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        if tag == "link" and values.get("rel") == "modulepreload" and values.get("href"):
            self.hrefs.append(str(values["href"]))


def table_preloads() -> list[str]:
    parser = Preloads()
    parser.feed((ROOT / "table.html").read_text(encoding="utf-8"))
    return parser.hrefs


def test_the_closure_finds_static_imports_only() -> None:
    assert {"js/rtc.js", "js/qr.js", "vendor/qrcode-generator/qrcode.mjs"} <= closure(
        "js/join-table.js"
    )
    assert "js/relay.js" not in closure("js/join-table.js")  # import("./relay.js"): on demand


def test_table_html_preloads_every_module_the_qr_waits_for() -> None:
    preloads = table_preloads()
    assert len(preloads) == len(set(preloads)), "a module is preloaded twice"
    assert all((ROOT / href).is_file() for href in preloads), "a preload names no file"
    # The page's entry and the join layer with the relay (the QR is drawn once js/relay.js runs;
    # the code's exchange, js/pake.js and its curves, is not waited for); both languages, since
    # js/i18n.js waits for the current one before js/table.js runs, and js/table.js for its part.
    needed = closure("js/table.js", "js/join-table.js", "js/relay.js") - {"js/table.js"}
    needed |= {"js/i18n/en.js", "js/i18n/ru.js", "js/i18n/table-en.js", "js/i18n/table-ru.js"}
    missing = sorted(needed - set(preloads))
    assert not missing, f"add to table.html: <link rel=modulepreload> for {missing}"
    # Nothing the QR does not wait for competes with it.
    assert not sorted(set(preloads) - needed)
