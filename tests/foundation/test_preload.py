"""table.html's one script (issue 12: the join QR within half a second of navigation; issue 26:
a TV's first sweep of Blink's heap): the modules the QR waits for come in one file, the bundle
that ``scripts/bundle.py`` builds, not one level of imports at a time. The phone's page and the
home page ask for their modules from their heads instead (``modulepreload``)."""

from __future__ import annotations

import posixpath
import re
from html.parser import HTMLParser

import pytest
from bootstrap import ROOT
from bundle import BUNDLE, ensure

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


class Scripts(HTMLParser):
    """A page's module scripts and module preloads."""

    def __init__(self) -> None:
        super().__init__()
        self.modules: list[str] = []
        self.preloads: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        if tag == "script" and values.get("type") == "module" and values.get("src"):
            self.modules.append(str(values["src"]))
        if tag == "link" and values.get("rel") == "modulepreload" and values.get("href"):
            self.preloads.append(str(values["href"]))


def page_scripts(page: str) -> Scripts:
    parser = Scripts()
    parser.feed((ROOT / page).read_text(encoding="utf-8"))
    return parser


def bundled() -> set[str]:
    """The site paths of the modules in the table's bundle (esbuild heads each with its path)."""
    ensure(ROOT)
    text = (ROOT / BUNDLE).read_text(encoding="utf-8")
    return set(re.findall(r"^// ((?:js|vendor)/\S+\.m?js)$", text, re.MULTILINE))


def test_the_closure_finds_static_imports_only() -> None:
    assert {"js/rtc.js", "js/qr.js", "vendor/qrcode-generator/qrcode.mjs"} <= closure(
        "js/join-table.js"
    )
    assert "js/relay.js" not in closure("js/join-table.js")  # import("./relay.js"): on demand


def test_table_html_loads_one_script_with_every_module_the_qr_waits_for() -> None:
    # One module script, the bundle (scripts/bundle.py), and no module fetched beside it: the QR
    # waits on one round trip, and a TV's first sweep of Blink's heap frees one loader, not fifty.
    page = page_scripts("table.html")
    assert page.modules == [BUNDLE]
    assert page.preloads == []
    # The page's entry and the join layer with the relay (the QR is drawn once js/relay.js runs),
    # both languages (js/i18n.js waits for the current one before js/table.js runs).
    needed = closure("js/table.js", "js/join-table.js", "js/relay.js")
    needed |= {"js/i18n/en.js", "js/i18n/ru.js", "js/i18n/table-en.js", "js/i18n/table-ru.js"}
    missing = sorted(needed - bundled())
    assert not missing, f"not in {BUNDLE}: {missing}"


def test_what_the_table_loads_on_demand_stays_out_of_the_bundle() -> None:
    # The code's exchange (a code typed or served) and the MQTT client (relay joining) are
    # fetched when they are used, as before the bundle.
    inside = bundled()
    assert "js/pake.js" not in inside
    assert not [
        path for path in inside if path.startswith(("vendor/mqtt/", "vendor/noble/curves/"))
    ]


@pytest.mark.parametrize(
    ("page", "entry"), [("hand.html", "js/hand.js"), ("index.html", "js/home.js")]
)
def test_a_page_asks_for_every_module_its_entry_imports_at_once(page: str, entry: str) -> None:
    # The phone's page and the home page are not bundled (the phone's ways of joining load
    # different parts on demand, within byte budgets): each head asks for its entry's whole
    # static graph, so that a browser far from the host waits one round trip for it, not one per
    # level (what the phone loads by import() is asked for by its head's script,
    # tests/e2e/test_phone_weight.py).
    scripts = page_scripts(page)
    assert scripts.modules == [entry]
    assert len(scripts.preloads) == len(set(scripts.preloads))
    assert set(scripts.preloads) == closure(entry) - {entry}
