"""The pages' code uses nothing newer than the engines it must run on (docs/browsers.md).

Phones' pages run from Chromium 92 and the table from Chromium 95, below what a developer's
browser has for years: a newer built-in slips in unnoticed, and breaks an old TV or phone only
where the old-engine tests (tests/e2e/test_tv_engines.py) do not pass. This reads the source for
the usual ones, each with the Chromium version that brought it.
"""

from __future__ import annotations

import re

from bootstrap import ROOT
from bundle import sources

# A built-in newer than Chromium 92 -> (the version that brought it, what to use instead).
NEWER = {
    r"\.findLast(Index)?\(": ("97", "a loop, or filter then .at(-1)"),
    r"\bObject\.hasOwn\(": ("93", "Object.prototype.hasOwnProperty.call"),
    r"\bstructuredClone\(": ("98", "JSON, or a copy by hand"),
    r"\.(toSorted|toReversed|toSpliced)\(": ("110", "a copy, then sort/reverse/splice"),
    r"\b(Object|Map)\.groupBy\(": ("117", "a loop"),
    r"\bPromise\.withResolvers\(": ("119", "new Promise"),
    r"\bArray\.fromAsync\(": ("121", "a for await loop"),
    r"\.checkVisibility\(": ("105", "getBoundingClientRect"),
    r"\bAbortSignal\.timeout\(": ("103", "an AbortController and a timer"),
}
# Where one of them is used behind a check that the engine has it.
GUARDED = {("js/table-lock.js", r"\bAbortSignal\.timeout\(")}
# CSS the phone's pages load (css/table.css is the TV's: it degrades there, docs/browsers.md).
PHONE_CSS = ("css/app.css", "css/hand.css", "css/home.css", "css/host.css")
NEWER_CSS = {r":has\(": "105", r"\d(cqw|cqh|cqi|cqb)\b": "105", r"\bcontainer-type\b": "105"}


def test_page_code_uses_no_built_in_newer_than_its_oldest_engine() -> None:
    found = []
    for path in sorted(sources(ROOT)):  # our modules (the table's bundle is built from them)
        name = path.relative_to(ROOT).as_posix()
        text = path.read_text(encoding="utf-8")
        for pattern, (version, instead) in NEWER.items():
            if (name, pattern) in GUARDED:
                continue
            for match in re.finditer(pattern, text):
                line = text.count("\n", 0, match.start()) + 1
                found.append(f"{name}:{line}: {match.group(0)} is Chromium {version}+: {instead}")
    assert not found, "\n".join(found)


def test_the_phones_css_uses_nothing_newer_than_chromium_92() -> None:
    found = []
    for name in PHONE_CSS:
        text = (ROOT / name).read_text(encoding="utf-8")
        for pattern, version in NEWER_CSS.items():
            found += [
                f"{name}: {m.group(0)} is Chromium {version}+" for m in re.finditer(pattern, text)
            ]
    assert not found, "\n".join(found)
