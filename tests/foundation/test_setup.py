"""What the set-up leaves behind and the static server: vendor/ as mapped, and exact MIME types."""

from __future__ import annotations

import hashlib
import json
import urllib.request
import zipfile
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
    assert f'"vendor/{engine_wheel_name()}"' in (ROOT / "js" / "python-boot.js").read_text()


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


def test_the_engine_wheel_carries_bytecode_for_every_module() -> None:
    """scripts/bootstrap.py adds each module compiled by Pyodide's own Python (scripts/pyc.mjs):
    unchecked-hash .pyc files (PEP 552), used although the unpacked source has a new time stamp,
    and listed in the wheel's RECORD."""
    with zipfile.ZipFile(VENDOR / engine_wheel_name()) as wheel:
        names = wheel.namelist()
        (record,) = [name for name in names if name.endswith(".dist-info/RECORD")]
        listed = {line.split(",")[0] for line in wheel.read(record).decode().splitlines()}
        modules = [name for name in names if name.endswith(".py")]
        assert modules
        for module in modules:
            folder, file = module.rsplit("/", 1)
            prefix = f"{folder}/__pycache__/{file.removesuffix('.py')}.cpython-"
            (pyc,) = [name for name in names if name.startswith(prefix) and name.endswith(".pyc")]
            assert pyc in listed
            flags = int.from_bytes(wheel.read(pyc)[4:8], "little")
            assert flags == 0b01, f"{pyc}: not an unchecked hash-based .pyc"
