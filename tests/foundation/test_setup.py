"""What the set-up leaves behind and the static server: vendor/ as mapped, and exact MIME types."""

from __future__ import annotations

import hashlib
import json
import urllib.request
from collections.abc import Iterator

import pytest
from bootstrap import ROOT, VENDOR, VENDOR_MAP, engine_wheel_name
from serve import serving


def test_every_mapped_npm_file_is_in_vendor() -> None:
    mapped = json.loads(VENDOR_MAP.read_text())["npm"]
    assert [target for target in mapped.values() if not (VENDOR / target).exists()] == []


def test_pyodide_lock_matches_the_vendored_pypi_wheels() -> None:
    lock = json.loads((VENDOR / "pyodide" / "pyodide-lock.json").read_text())
    for name in json.loads(VENDOR_MAP.read_text())["pyodide_lock_from_pypi"]:
        entry = lock["packages"][name]
        wheel = VENDOR / "pyodide" / entry["file_name"]
        assert hashlib.sha256(wheel.read_bytes()).hexdigest() == entry["sha256"], name


def test_table_page_loads_the_wheel_the_set_up_builds() -> None:
    assert (VENDOR / engine_wheel_name()).is_file()
    assert f'"vendor/{engine_wheel_name()}"' in (ROOT / "js" / "table-worker.js").read_text()


@pytest.fixture(scope="module")
def server_url() -> Iterator[str]:
    with serving() as url:
        yield url


@pytest.mark.parametrize(
    ("path", "mime"),
    [
        ("table.html", "text/html"),
        ("vendor/pyodide/pyodide.mjs", "text/javascript"),
        ("vendor/pyodide/pyodide.asm.wasm", "application/wasm"),
        ("vendor/pyodide/pyodide-lock.json", "application/json"),
        (f"vendor/{engine_wheel_name()}", "application/zip"),
    ],
)
def test_server_sends_exact_mime_types_and_no_cache(server_url: str, path: str, mime: str) -> None:
    with urllib.request.urlopen(f"{server_url}/{path}") as response:
        assert response.headers.get_content_type() == mime
        assert response.headers["Cache-Control"] == "no-cache"
        assert response.read() == (ROOT / path).read_bytes()
