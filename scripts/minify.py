"""``dist/``: the site's own scripts and style sheets as the browser gets them, comments and
layout whitespace taken out (esbuild, pinned in ``package.json``).

Why: a phone opening the page from a QR code on mobile data pays for every byte of its modules,
and about a third of ours are comments and indentation (``docs/benchmarks.md``, "The phone
page's weight"). The sources stay as written, and a copy of the repository served by any static
server still works (with the larger files).

``dist/`` mirrors the paths: ``js/hand.js`` is served from ``dist/js/hand.js``, ``css/app.css``
from ``dist/css/app.css``. Only whitespace and comments change (``--minify-whitespace``: names,
syntax and strings are printed as written, for the same browsers), so a module's imports,
exports and ``import.meta.url`` are those of its source. The table's bundle
(``js/table.bundle.js``) is served as built.

``scripts/bootstrap.py`` builds it at every set-up, before the site manifest, which hashes what
is served (``served``); ``scripts/serve.py`` serves it, building it again when a source changed
since (``ensure``), and serves a source newer than its copy as it is meanwhile, so an edit
always reaches the next load. The Pages workflow puts ``dist/`` over the collected site.
``python3 scripts/minify.py`` builds it by hand.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import threading
from pathlib import Path

from bundle import BUNDLE, esbuild

ROOT = Path(__file__).resolve().parent.parent
OUT = "dist"
TREES = {"js": "*.js", "css": "*.css"}
#: the site paths that have copies: under one of the trees
COPIED = tuple(f"{tree}/" for tree in TREES)

_lock = threading.Lock()


def sources(root: Path) -> list[Path]:
    """The files ``dist/`` holds copies of: our scripts (not the bundle) and style sheets."""
    found = [p for tree, pattern in TREES.items() for p in (root / tree).rglob(pattern)]
    return sorted(p for p in found if p.relative_to(root).as_posix() != BUNDLE)


def served(root: Path, path: str) -> Path:
    """The file sent for the site path ``path``: its copy in ``dist/`` when there is one at
    least as new as the source, else the file itself."""
    source = root / path
    if not path.startswith(COPIED) or path == BUNDLE:
        return source
    copy = root / OUT / path
    try:
        if copy.stat().st_mtime_ns >= source.stat().st_mtime_ns:
            return copy
    except FileNotFoundError:
        pass
    return source


def stale(root: Path) -> bool:
    """Is a copy missing, or older than its source?"""
    return any(served(root, p.relative_to(root).as_posix()) == p for p in sources(root))


def build(root: Path = ROOT) -> None:
    """Write every copy afresh: esbuild writes them into a staging folder, from which each
    replaces its old copy atomically, so a page never loads half of one."""
    files = [p.relative_to(root).as_posix() for p in sources(root)]
    # each copy takes its source's time as read now: a source edited while esbuild runs is newer
    # than its copy, so it is served as it is, and copied again at the next ``ensure``
    times = {path: (root / path).stat().st_mtime_ns for path in files}
    with tempfile.TemporaryDirectory(dir=root, prefix=".dist.") as staging:
        command = [
            str(esbuild(root)),
            *files,
            "--minify-whitespace",
            "--charset=utf8",  # the Russian words as they are, not \u escapes
            "--legal-comments=inline",
            "--log-level=warning",
            f"--outdir={Path(staging).relative_to(root)}",
            "--outbase=.",
        ]
        result = subprocess.run(
            command, cwd=root, capture_output=True, encoding="utf-8", check=False
        )
        if result.returncode:
            raise RuntimeError(
                f"esbuild could not copy the site's sources:\n{result.stderr.strip()}"
            )
        for path in files:
            target = root / OUT / path
            target.parent.mkdir(parents=True, exist_ok=True)
            os.replace(Path(staging) / path, target)
            os.utime(target, ns=(times[path], times[path]))
    for old in (root / OUT).rglob("*"):  # copies of sources since deleted
        if old.is_file() and not (root / old.relative_to(root / OUT)).is_file():
            old.unlink()


def ensure(root: Path = ROOT) -> None:
    """Build ``dist/`` if a copy is missing or older than its source (``scripts/serve.py``); a
    copy of the site without the build tool (the collected site of a deploy) is served as it
    is."""
    with _lock:
        if esbuild(root).is_file() and stale(root):
            build(root)


if __name__ == "__main__":
    build(Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT)
