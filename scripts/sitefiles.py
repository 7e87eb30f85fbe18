"""The site's files and their content hashes: what the service worker (``sw.js``) keeps offline.

The manifest, ``vendor/site-files.json``, is JSON::

    {"version": "<16 hex>",                  # hash of every path and file hash below
     "files": {"js/hand.js": "<16 hex>", ...},  # path from the site root -> sha256 (16 hex)
     "phone_skips": ["py/", "vendor/pyodide/", ...],  # prefixes a phone's copy leaves out
     "table_skips": ["lab.html", "vendor/pyscript/", ...]}  # and the table's (the bot lab)

Every file the browser may load is listed: the pages, the web app manifest, ``js/``, ``css/``,
``assets/``, the page-level Python (``py/*.py``; the packages reach the browser in the engine
wheel) and ``vendor/`` (Pyodide, PyScript for the bot lab, the JS libraries, the engine wheel),
without source maps and dot files. The service worker keeps the files of the sets its pages
asked for: a phone's pages ask for ``phone`` (every file not under a ``phone_skips`` prefix),
the table for ``table`` (every file but the bot lab's, ``table_skips``). A file's entry in the
worker's cache is keyed by its hash, so a new deploy fetches only the files that changed. The
hash is of what is served: a script's or style sheet's copy in ``dist/`` (``scripts/minify.py``).

``scripts/bootstrap.py`` writes the manifest after building the engine wheel (the Pages workflow
runs it, then ``python3 scripts/sitefiles.py --check _site`` checks that the collected site is
exactly what the manifest lists); ``scripts/serve.py`` computes it afresh on every request, so a
file edited while ``make play`` runs is picked up on the next load.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import sys
from pathlib import Path
from typing import Any

from minify import served

MANIFEST = "vendor/site-files.json"
PAGES = ("*.html", "manifest.webmanifest")
TREES = ("js", "css", "assets", "vendor")
# What a phone's copy leaves out: the table's Python, pages and scripts, the webcam QR reader
# (phones scan with their camera app), the installed app's large icon, the relay's MQTT
# client (the 6-letter code needs the internet anyway; relay mode fetches it when it is used),
# the seated bots' workers, and the bot lab with PyScript (a page of its own, loaded when it is
# opened).
PHONE_SKIPS = (
    "assets/icon-512.png",
    "css/lab.css",
    "css/table.css",
    "js/bot-worker.js",
    "js/custom-bot",
    "js/i18n/lab-",
    "js/i18n/table-",
    "js/join-table.js",
    "js/lab.js",
    "js/python-boot.js",
    "js/qr-worker.js",
    "js/table",
    "lab.html",
    "py/",
    "table.html",
    "vendor/barcode-detector/",
    "vendor/lastcard-",
    "vendor/mqtt/",
    "vendor/pyodide/",
    "vendor/pyscript/",
    "vendor/zxing-wasm/",
)
# What the table's copy leaves out: the bot lab and PyScript, which only lab.html loads.
TABLE_SKIPS = (
    "css/lab.css",
    "js/i18n/lab-",
    "js/lab.js",
    "lab.html",
    "py/lab_worker.py",
    "vendor/pyscript/",
)
SKIPPED_SUFFIXES = (".map", ".d.ts", ".tmp")

# (size, mtime_ns) -> hash per path: serve.py hashes a file again only when it changed.
_known: dict[Path, tuple[tuple[int, int], str]] = {}


def site_paths(root: Path) -> list[str]:
    """Every file of the site under ``root``, as sorted paths from the root with ``/``."""
    found = [p for pattern in PAGES for p in root.glob(pattern)]
    found += root.glob("py/*.py")
    for tree in TREES:
        found += (p for p in (root / tree).rglob("*") if p.is_file())
    paths = {p.relative_to(root).as_posix() for p in found if p.is_file()}
    return sorted(
        path
        for path in paths
        if path != MANIFEST
        and not any(part.startswith(".") or part == "__pycache__" for part in path.split("/"))
        and not path.endswith(SKIPPED_SUFFIXES)
    )


def file_hash(path: Path) -> str:
    """The first 16 hex digits of the file's sha256, remembered while size and mtime stay."""
    stat = path.stat()
    key = (stat.st_size, stat.st_mtime_ns)
    known = _known.get(path)
    if known and known[0] == key:
        return known[1]
    digest = hashlib.sha256(path.read_bytes()).hexdigest()[:16]
    _known[path] = (key, digest)
    return digest


def manifest(root: Path) -> dict[str, Any]:
    """The manifest of the site under ``root`` (see the module docstring)."""
    files = {path: file_hash(served(root, path)) for path in site_paths(root)}
    listing = "".join(f"{path} {digest}\n" for path, digest in files.items())
    version = hashlib.sha256(listing.encode()).hexdigest()[:16]
    return {
        "version": version,
        "files": files,
        "phone_skips": list(PHONE_SKIPS),
        "table_skips": list(TABLE_SKIPS),
    }


def manifest_bytes(root: Path) -> bytes:
    """The manifest as compact JSON bytes, as served."""
    return json.dumps(manifest(root), separators=(",", ":")).encode()


def write_manifest(root: Path) -> Path:
    """Write ``vendor/site-files.json`` under ``root`` (atomically); returns its path."""
    target = root / MANIFEST
    staged = target.with_name(f".{target.name}.tmp")
    staged.write_bytes(manifest_bytes(root))
    os.replace(staged, target)
    return target


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--check",
        type=Path,
        metavar="SITE",
        required=True,
        help="exit non-zero unless SITE's manifest lists exactly its files",
    )
    args = parser.parse_args(argv)
    written = json.loads((args.check / MANIFEST).read_text())
    actual = manifest(args.check)
    if written != actual:
        stale = sorted(set(written["files"].items()) ^ set(actual["files"].items()))
        sys.exit(f"{args.check / MANIFEST} does not match the files: {stale}")
    print(f"{MANIFEST}: {len(actual['files'])} files, version {actual['version']}")


if __name__ == "__main__":
    main()
