"""Idempotent set-up: everything `make play`, `make test` and `make bench` need, from pinned files.

Run with any Python 3.11+ (``python3 scripts/bootstrap.py``); it creates what is missing and redoes
a step only when its inputs changed (a stamp file holds the inputs' hash):

1. ``.venv/`` with ``requirements-dev.txt`` installed (stamp: the requirements' hash);
2. ``node_modules/`` from ``package-lock.json`` through ``npm ci`` (stamp: the lock's hash);
3. ``vendor/``: the files mapped in ``scripts/vendor.json`` copied from ``node_modules/``, plus
   the wheels Pyodide's lock file names under ``pyodide_lock_from_pypi``, downloaded from PyPI,
   with their lock entries rewritten to the downloaded files, plus the ES-module packages under
   ``npm_esm_packages`` (their ``.js`` files only, with bare imports of each other, such as
   ``'@noble/hashes/sha2.js'``, rewritten to relative paths so a browser loads them without an
   import map or a bundler) (stamp: map, npm lock, this script);
4. the engine wheel ``vendor/lastcard-<version>-py3-none-any.whl``, built from ``py/`` every
   time (it is our code), with the pyproject's setuptools backend, plus its modules compiled to
   bytecode by the vendored Pyodide's own Python under node (``scripts/pyc.mjs``; kept in
   ``vendor/.engine-pyc.zip`` until a module or Pyodide changes), so the browser does not
   compile the source at every boot;
   with ``vendor/rulesets.json`` beside it: every ruleset as the engine describes itself, with
   its rules text at the default options and timers
   (``lastcard.describe``), for the landing page, which has no Python;
5. ``js/table.bundle.js``, the table page's modules in one file (``scripts/bundle.py``, esbuild),
   and ``dist/``, our scripts and style sheets as served, without comments and layout whitespace
   (``scripts/minify.py``), both built every time with the wheel;
6. ``vendor/site-files.json``, the content hashes of the site's files that the service worker
   keeps offline (``scripts/sitefiles.py``), written after the wheel, every time;
7. ``.tv-chromium/<major>/chromium``: the old Chromium builds the tests run as smart TVs' browsers
   (``scripts/tv_chromium.py``), unpacked from their npm packages (stamp: the package's version).

Steps 1 and 2 (with 7, which needs only ``node_modules/``) run side by side: on a fresh
two-core machine the Python packages take about 23 s and the npm side about 13 s, one after the
other 36 s. Several developers may run it at once in one tree: a file lock serialises the runs,
and files in ``vendor/`` are replaced atomically.
"""

from __future__ import annotations

import base64
import fcntl
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import tomllib
import zipfile
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from pathlib import Path

import bundle
import minify
from sitefiles import write_manifest
from tv_chromium import unpack_tv_chromiums

ROOT = Path(__file__).resolve().parent.parent
VENV = ROOT / ".venv"
VENV_PYTHON = VENV / "bin" / "python"
VENDOR = ROOT / "vendor"
NODE_MODULES = ROOT / "node_modules"
VENDOR_MAP = ROOT / "scripts" / "vendor.json"
PYODIDE_LOCK = VENDOR / "pyodide" / "pyodide-lock.json"


def engine_wheel_name() -> str:
    """The engine wheel's file name: stable for a given version in pyproject.toml."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    return f"{project['name']}-{project['version']}-py3-none-any.whl"


def log(message: str) -> None:
    print(f"[setup] {message}", file=sys.stderr, flush=True)


def run(*args: str | Path, quiet: bool = False) -> None:
    """Run a command in the repository root; with ``quiet``, show its output only if it fails."""
    result = subprocess.run(
        [str(a) for a in args], cwd=ROOT, capture_output=quiet, text=True, check=False
    )
    if result.returncode:
        if quiet:
            sys.stderr.write(result.stdout + result.stderr)
        raise SystemExit(f"[setup] failed ({result.returncode}): {' '.join(map(str, args))}")


def digest(*parts: Path | str) -> str:
    """sha256 over files (by content) and literal strings, in order."""
    h = hashlib.sha256()
    for part in parts:
        h.update(part.read_bytes() if isinstance(part, Path) else part.encode())
        h.update(b"\0")
    return h.hexdigest()


def file_sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def stale(stamp: Path, wanted: str) -> bool:
    return not stamp.is_file() or stamp.read_text().strip() != wanted


@contextmanager
def locked() -> Iterator[None]:
    with open(ROOT / ".setup.lock", "w") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def ensure_venv() -> None:
    if not VENV_PYTHON.exists():
        log("creating .venv")
        run(sys.executable, "-m", "venv", VENV)
    stamp = VENV / ".requirements.sha256"
    wanted = digest(ROOT / "requirements-dev.txt")
    if stale(stamp, wanted):
        log("installing requirements-dev.txt into .venv")
        run(
            VENV_PYTHON,
            "-m",
            "pip",
            "install",
            "--disable-pip-version-check",
            "-q",
            "-r",
            ROOT / "requirements-dev.txt",
        )
        stamp.write_text(wanted)


def ensure_node_modules() -> None:
    stamp = NODE_MODULES / ".package-lock.sha256"
    wanted = digest(ROOT / "package-lock.json")
    if stale(stamp, wanted):
        log("npm ci")
        # puppeteer-core drives Debian's Firefox: no browser download (it has no install step
        # today; the variable keeps it so should a later version add one).
        os.environ["PUPPETEER_SKIP_DOWNLOAD"] = "1"
        run("npm", "ci", "--no-audit", "--no-fund", "--loglevel=error")
        stamp.write_text(wanted)


def copy_entry(source: Path, target: Path) -> None:
    target.parent.mkdir(parents=True, exist_ok=True)
    if source.is_dir():
        shutil.copytree(source, target, dirs_exist_ok=True)
    else:
        shutil.copy2(source, target)


# A bare specifier in an import/export statement: `from '@noble/hashes/sha2.js'` (not in comments,
# which carry examples like ` * import { x } from '@noble/...'`: those lines start with `*`).
BARE_IMPORT = re.compile(
    r"^((?:import|export)\b[^\n]*?\bfrom\s*|import\s*)(['\"])(@[\w.-]+/[\w.-]+)/", re.M
)


def copy_esm_package(package: str, target: Path, packages: dict[str, str]) -> None:
    """Copy a package's ``.js`` files (not its ``src/``) and make its bare imports relative."""
    source = NODE_MODULES / package
    for path in sorted(source.rglob("*.js")):
        relative = path.relative_to(source)
        if relative.parts[0] in ("src", "node_modules"):
            continue
        out = target / relative

        def local(match: re.Match[str], folder: Path = out.parent) -> str:
            where = VENDOR / packages[match.group(3)]
            return f"{match.group(1)}{match.group(2)}{os.path.relpath(where, folder)}/"

        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(BARE_IMPORT.sub(local, path.read_text()))
    shutil.copy2(source / "LICENSE", target / "LICENSE")


def download_for_pyodide_lock(names: list[str]) -> None:
    """Fetch the lock's pure-Python wheels from PyPI and point the lock entries at them."""
    lock = json.loads(PYODIDE_LOCK.read_text())
    with tempfile.TemporaryDirectory() as tmp:
        pins = [f"{name}=={lock['packages'][name]['version']}" for name in names]
        run(
            VENV_PYTHON,
            "-m",
            "pip",
            "download",
            "--disable-pip-version-check",
            "-q",
            "--only-binary=:all:",
            "--python-version",
            "3.14",
            "--no-deps",
            "-d",
            tmp,
            *pins,
        )
        for name in names:
            entry = lock["packages"][name]
            prefix = f"{name.replace('-', '_')}-{entry['version']}-"
            (wheel,) = [p for p in Path(tmp).glob("*.whl") if p.name.lower().startswith(prefix)]
            shutil.move(wheel, PYODIDE_LOCK.parent / wheel.name)
            entry["file_name"] = wheel.name
            entry["sha256"] = file_sha256(PYODIDE_LOCK.parent / wheel.name)
    PYODIDE_LOCK.write_text(json.dumps(lock, separators=(",", ":")))


def ensure_vendor() -> None:
    stamp = VENDOR / ".vendor.sha256"
    wanted = digest(VENDOR_MAP, ROOT / "package-lock.json", Path(__file__))
    if not stale(stamp, wanted):
        return
    log("filling vendor/ from node_modules/ and PyPI")
    shutil.rmtree(VENDOR, ignore_errors=True)
    VENDOR.mkdir()
    spec = json.loads(VENDOR_MAP.read_text())
    for source, target in spec["npm"].items():
        copy_entry(NODE_MODULES / source, VENDOR / target)
    esm = spec.get("npm_esm_packages", {})
    for package, target in esm.items():
        copy_esm_package(package, VENDOR / target, esm)
    download_for_pyodide_lock(spec["pyodide_lock_from_pypi"])
    stamp.write_text(wanted)


def build_engine_wheel() -> Path:
    """Build the wheel from py/ into vendor/ under its stable name; always, it is our code."""
    name = engine_wheel_name()
    shutil.rmtree(ROOT / "build", ignore_errors=True)  # setuptools would reuse stale files
    with tempfile.TemporaryDirectory() as tmp:
        run(
            VENV_PYTHON,
            "-m",
            "build",
            "-q",
            "--wheel",
            "--no-isolation",
            "--outdir",
            tmp,
            quiet=True,
        )
        built = Path(tmp) / name
        staged = VENDOR / f".{name}.tmp"
        shutil.copyfile(built, staged)
        add_bytecode(staged)
        os.replace(staged, VENDOR / name)
    shutil.rmtree(ROOT / "build", ignore_errors=True)
    write_rulesets()
    bundle.build(ROOT)  # the table page's modules as they are now (scripts/bundle.py)
    minify.build(ROOT)  # the scripts and style sheets as served (scripts/minify.py)
    write_manifest(ROOT)  # the wheel's, the bundle's and the served copies' hashes changed
    log(f"built vendor/{name}")
    return VENDOR / name


PYC_SCRIPT = ROOT / "scripts" / "pyc.mjs"
PYC_CACHE = VENDOR / ".engine-pyc.zip"  # a dot file: not one of the site's files


def record_line(name: str, data: bytes) -> str:
    """A wheel RECORD line: path, urlsafe-base64 sha256 without padding, size."""
    hashed = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={hashed},{len(data)}"


def add_bytecode(wheel: Path) -> None:
    """Add the wheel's modules compiled by Pyodide's Python (``scripts/pyc.mjs``, unchecked-hash
    ``.pyc`` files in ``__pycache__``) to the wheel and its RECORD. Importing the engine and the
    controller from source cost the table's worker a few hundred ms of compiling in
    WebAssembly at every boot. Without node the wheel keeps its source only (it still works)."""
    node = shutil.which("node")
    if not node:
        log("node not found: the engine wheel is built without bytecode")
        return
    with zipfile.ZipFile(wheel) as source:
        infos = source.infolist()
        files = {info.filename: source.read(info) for info in infos}
    sources = [f"{name}:{hashlib.sha256(data).hexdigest()}" for name, data in files.items()]
    wanted = digest(PYC_SCRIPT, PYODIDE_LOCK, *sorted(sources))
    stamp = VENDOR / ".engine-pyc.stamp"
    if stale(stamp, wanted) or not PYC_CACHE.is_file():
        run(node, PYC_SCRIPT, wheel, PYC_CACHE, quiet=True)
        stamp.write_text(wanted)
    with zipfile.ZipFile(PYC_CACHE) as compiled:
        pycs = {info.filename: compiled.read(info) for info in compiled.infolist()}
    (record,) = [info for info in infos if info.filename.endswith(".dist-info/RECORD")]
    lines = files[record.filename].decode().splitlines()
    lines += [record_line(name, data) for name, data in pycs.items()]
    with zipfile.ZipFile(wheel, "w", zipfile.ZIP_DEFLATED) as out:
        for info in infos:
            if info is not record:
                out.writestr(info, files[info.filename])
        for name, data in pycs.items():
            out.writestr(
                zipfile.ZipInfo(name, date_time=record.date_time), data, zipfile.ZIP_DEFLATED
            )
        out.writestr(record, "\n".join(lines) + "\n")


RULESETS_SCRIPT = """
import json, sys
from lastcard import RULESETS, describe, rules_text
games = [{**describe(ruleset), "rules": rules_text(ruleset)} for ruleset in RULESETS]
json.dump({"rulesets": games}, sys.stdout, indent=1, ensure_ascii=False)
"""


def write_rulesets() -> None:
    """``vendor/rulesets.json`` from the engine in ``py/`` (the standard library only)."""
    result = subprocess.run(
        [str(VENV_PYTHON), "-c", RULESETS_SCRIPT],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT / "py"), "PYTHONIOENCODING": "utf-8"},
        capture_output=True,
        encoding="utf-8",
        check=False,
    )
    if result.returncode:
        sys.stderr.write(result.stderr)
        raise SystemExit("[setup] failed: the rulesets' descriptions")
    staged = VENDOR / ".rulesets.json.tmp"
    staged.write_text(result.stdout + "\n", encoding="utf-8")
    os.replace(staged, VENDOR / "rulesets.json")


def rebuild_engine_wheel() -> Path:
    """Build the engine wheel (and the site manifest) under the set-up lock (for test sessions
    and benchmarks)."""
    with locked():
        return build_engine_wheel()


def ensure_npm_side() -> None:
    ensure_node_modules()
    unpack_tv_chromiums(log)


def main() -> None:
    with locked():
        with ThreadPoolExecutor(2) as pool:  # independent until vendor/ needs both
            for step in [pool.submit(ensure_venv), pool.submit(ensure_npm_side)]:
                step.result()
        ensure_vendor()
        build_engine_wheel()


if __name__ == "__main__":
    main()
