"""``js/table.bundle.js``: the table page's modules in one file, built by esbuild (pinned in
``package.json``).

Why: a TV's browser frees every finished fetch's loader (and the shared memory of its data pipe)
at the first sweep of Blink's heap after the page's first major collection, and it sweeps a few
pages between two looks at its 5 ms deadline. With the table's page fetching about fifty module
files at boot, that sweep was one task of 80-140 ms at 4x CPU throttling on Chromium 108,
whenever it came: in the lobby, or in the first hand (the one main-thread task over 50 ms left
in play, issue 26). One script instead of fifty takes it down to a few ms
(``docs/benchmarks.md``, "Why the first sweep of Blink's heap is long").

The bundle sits in ``js/`` beside its sources, so that each ``new URL("./…", import.meta.url)``
in them (the workers' scripts, ``sw.js``, the host's style sheet) names the same file as before.
What a table loads only on demand stays a file of its own, loaded as before: the MQTT client
(``vendor/mqtt``, relay joining) and the code exchange (``js/pake.js`` and its curves). The phone's
page, the landing page, the bot lab and the workers load their modules unbundled.

``scripts/bootstrap.py`` builds it at every set-up (``make play``, ``make test``), and
``scripts/serve.py`` again when a file under ``js/`` changed since (``ensure``), so an edit while
``make play`` runs reaches the next load. ``python3 scripts/bundle.py`` builds it by hand.
"""

from __future__ import annotations

import os
import subprocess
import sys
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ENTRY = "js/table.js"
BUNDLE = "js/table.bundle.js"
# Imports left as they are written, resolved by the browser next to the bundle (it is in js/, as
# the modules that import them are), and fetched when the code asks for them, as before.
ON_DEMAND = ("../vendor/mqtt/mqtt.esm.js", "./pake.js")

_lock = threading.Lock()


def esbuild(root: Path) -> Path:
    """The build tool, installed by the set-up's ``npm ci`` (pinned in package.json)."""
    return root / "node_modules" / ".bin" / "esbuild"


def sources(root: Path) -> list[Path]:
    """The bundle's inputs that change between set-ups: our modules (the vendored ones change
    only at a set-up, which builds the bundle anyway)."""
    return [path for path in (root / "js").rglob("*.js") if path.name != Path(BUNDLE).name]


def stale(root: Path) -> bool:
    """Is the bundle missing, or older than one of its sources?"""
    try:
        built = (root / BUNDLE).stat().st_mtime_ns
    except FileNotFoundError:
        return True
    return any(path.stat().st_mtime_ns > built for path in sources(root))


def build(root: Path = ROOT) -> None:
    """Build the bundle; replaced atomically, so a page never loads half of one."""
    staged = root / "js" / f".table.bundle.{os.getpid()}.{threading.get_ident()}.tmp"
    command = [
        str(esbuild(root)),
        ENTRY,
        "--bundle",
        "--format=esm",
        "--target=esnext",  # the sources as written: the table needs Chromium 95+ anyway
        "--charset=utf8",
        "--legal-comments=inline",
        "--log-level=warning",
        f"--outfile={staged.relative_to(root)}",
        *(f"--external:{path}" for path in ON_DEMAND),
    ]
    result = subprocess.run(command, cwd=root, capture_output=True, encoding="utf-8", check=False)
    if result.returncode or not staged.is_file():
        staged.unlink(missing_ok=True)
        raise RuntimeError(f"esbuild could not bundle {ENTRY}:\n{result.stderr.strip()}")
    os.replace(staged, root / BUNDLE)


def ensure(root: Path = ROOT) -> None:
    """Build the bundle if it is missing or older than a source (``scripts/serve.py``); a copy
    of the site without the build tool (the collected site of a deploy) is served as it is."""
    with _lock:
        if esbuild(root).is_file() and stale(root):
            build(root)


if __name__ == "__main__":
    build(Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT)
