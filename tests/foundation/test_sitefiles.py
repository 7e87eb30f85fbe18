"""The site manifest the service worker reads (scripts/sitefiles.py): what it lists, how the
set-up writes it, how the dev server keeps it current, and the Pages workflow's check."""

from __future__ import annotations

import hashlib
import json
import shutil
import urllib.request
from pathlib import Path

import pytest
from bootstrap import ROOT, engine_wheel_name
from minify import served
from serve import serving
from sitefiles import MANIFEST, PHONE_SKIPS, TABLE_SKIPS, main, manifest, write_manifest


def test_the_repository_manifest_lists_every_file_a_page_loads_with_its_hash() -> None:
    files = manifest(ROOT)["files"]
    for path in (
        "index.html",
        "table.html",
        "hand.html",
        "manifest.webmanifest",
        "assets/icon-192.png",
        "js/hand.js",
        "js/offline.js",
        "css/app.css",
        "py/bridge.py",
        "vendor/pyodide/pyodide.asm.wasm",
        "vendor/qrcode-generator/qrcode.mjs",
        f"vendor/{engine_wheel_name()}",
    ):
        digest = hashlib.sha256(served(ROOT, path).read_bytes()).hexdigest()[:16]
        assert files[path] == digest, path
    assert not [p for p in files if p.endswith(".map") or "/." in f"/{p}" or p == MANIFEST]
    assert not [p for p in files if p.startswith(("py/lastcard/", "py/tablehost/", "tests/"))]
    assert "sw.js" not in files  # the browser checks the worker's own script itself


def test_phones_skip_python_the_webcam_reader_and_the_relay_client() -> None:
    files = manifest(ROOT)["files"]
    phone = [p for p in files if not p.startswith(PHONE_SKIPS)]
    assert {"hand.html", "index.html", "js/hand.js", "vendor/qrcode-generator/qrcode.mjs"} <= set(
        phone
    )
    skipped = ("pyodide", "pyscript", "lab", "zxing", "mqtt", ".whl", "py/", "table", "bot-worker")
    assert not [p for p in phone if p.startswith("js/custom-bot")]
    assert not [p for p in phone if any(part in p for part in skipped)]


def test_only_the_lab_loads_pyscript() -> None:
    files = manifest(ROOT)["files"]
    table = [p for p in files if not p.startswith(TABLE_SKIPS)]
    assert {"table.html", "js/table.js", "vendor/pyodide/pyodide.asm.wasm"} <= set(table)
    assert not [p for p in table if "pyscript" in p or "lab" in p]
    assert {"lab.html", "js/lab.js", "py/lab_worker.py", "vendor/pyscript/core.js"} <= set(files)


def site_copy(tmp: Path) -> Path:
    root = tmp / "site"
    for folder in ("js", "css"):
        shutil.copytree(ROOT / folder, root / folder)
    (root / "vendor").mkdir()
    shutil.copy2(ROOT / "hand.html", root)
    return root


def test_the_version_follows_the_content_and_the_check_compares_it(tmp_path: Path) -> None:
    root = site_copy(tmp_path)
    written = json.loads(write_manifest(root).read_text())
    assert written == manifest(root)
    main(["--check", str(root)])
    (root / "js" / "store.js").write_text("// changed\n")
    changed = manifest(root)
    assert changed["version"] != written["version"]
    assert {p for p in written["files"] if written["files"][p] != changed["files"][p]} == {
        "js/store.js"
    }
    with pytest.raises(SystemExit, match=r"js/store\.js"):
        main(["--check", str(root)])


def test_the_dev_server_computes_the_manifest_afresh(tmp_path: Path) -> None:
    root = site_copy(tmp_path)
    write_manifest(root)
    with serving(root) as url:
        (root / "hand.html").write_text("<!doctype html><title>changed</title>\n")

        def served() -> dict[str, str]:
            with urllib.request.urlopen(f"{url}/{MANIFEST}") as response:
                assert response.headers.get_content_type() == "application/json"
                assert response.headers["Cache-Control"] == "no-cache"
                files: dict[str, str] = json.load(response)["files"]
                return files

        assert served()["hand.html"] == manifest(root)["files"]["hand.html"]
        assert served() != json.loads((root / MANIFEST).read_text())["files"]
