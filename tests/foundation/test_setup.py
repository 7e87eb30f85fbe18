"""What the set-up leaves behind and the static server: vendor/ as mapped, and exact MIME types."""

from __future__ import annotations

import hashlib
import json
import os
import urllib.request
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from bootstrap import ROOT, VENDOR, VENDOR_MAP, engine_wheel_name
from bundle import BUNDLE, stale
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


def test_the_server_bundles_the_table_page_again_after_a_module_changed(tmp_path: Path) -> None:
    # scripts/bundle.py: `make play` serves an edit of a table module at the next load.
    (tmp_path / "node_modules").symlink_to(ROOT / "node_modules")
    (tmp_path / "js").mkdir()
    (tmp_path / "js" / "table.js").write_text('import { seats } from "./seats.js";\nseats();\n')
    module = tmp_path / "js" / "seats.js"
    module.write_text('export const seats = () => "four seats";\n')
    with serving(tmp_path) as base:
        first = urllib.request.urlopen(f"{base}/{BUNDLE}").read().decode()
        assert "four seats" in first and not stale(tmp_path)
        module.write_text('export const seats = () => "six seats";\n')
        built = (tmp_path / BUNDLE).stat().st_mtime_ns
        os.utime(module, ns=(built + 1_000_000, built + 1_000_000))
        again = urllib.request.urlopen(f"{base}/{BUNDLE}").read().decode()
    assert "six seats" in again and "four seats" not in again


def test_a_site_without_the_build_tool_is_served_as_it_is(tmp_path: Path) -> None:
    # The collected site of a deploy has the bundle and no node_modules: nothing is built.
    (tmp_path / "js").mkdir()
    (tmp_path / BUNDLE).write_text("// built at set-up\n")
    module = tmp_path / "js" / "table.js"
    module.write_text("export {};\n")
    built = (tmp_path / BUNDLE).stat().st_mtime_ns
    os.utime(module, ns=(built + 1_000_000, built + 1_000_000))
    assert stale(tmp_path)
    with serving(tmp_path) as base:
        assert urllib.request.urlopen(f"{base}/{BUNDLE}").read() == b"// built at set-up\n"
