"""Old Chromium builds standing in for smart TVs' browsers, for tests and benchmarks.

A TV's browser is a Chromium that lags years behind (LG webOS 22: Chromium 87, webOS 24: 108,
webOS 25: 120; Samsung's Tizen follows a similar schedule): docs/browsers.md. The npm package
``@sparticuz/chromium`` ships one headless Linux build per Chromium major; package.json pins the
ones used here under aliases (``chromium-108`` is ``@sparticuz/chromium@108.0.3``). Each holds
``bin/chromium.br``, the browser binary compressed with Brotli (the package inflates it with
node's zlib at run time; so does the set-up, with node, once):
``.tv-chromium/<major>/chromium``, git-ignored. The package's other archives (SwiftShader's GL,
Amazon Linux libraries, fonts) are not needed on Debian with ``--disable-gpu``.

``tv_browser(playwright.chromium, major)`` starts one headless and connects Playwright to it over
the DevTools protocol (``connect_over_cdp``: Playwright's own launcher expects a newer browser).
"""

from __future__ import annotations

import json
import shutil
import subprocess
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

from chromium import CHROMIUM_ARGS

if TYPE_CHECKING:
    from playwright.sync_api import Browser, BrowserType

ROOT = Path(__file__).resolve().parent.parent
UNPACKED = ROOT / ".tv-chromium"
# Chromium major -> the package alias in package.json.
BUILDS = {92: "chromium-92", 108: "chromium-108", 119: "chromium-119"}
START_TIMEOUT = 30  # s: a cold start on a busy two-core machine, with a wide margin
INFLATE = """
const fs = require("fs"), zlib = require("zlib"), { pipeline } = require("stream");
const [source, target] = process.argv.slice(1);
pipeline(fs.createReadStream(source), zlib.createBrotliDecompress({ chunkSize: 2 ** 21 }),
  fs.createWriteStream(target, { mode: 0o755 }), (error) => { if (error) throw error; });
"""


def executable(major: int) -> Path:
    """Where the set-up puts the Chromium ``major`` binary (it may be missing)."""
    return UNPACKED / str(major) / "chromium"


def unpack_tv_chromiums(log: Callable[[str], None]) -> None:
    """Inflate each pinned build's binary from node_modules, when its version changed."""
    node = shutil.which("node")
    for major, alias in BUILDS.items():
        package = ROOT / "node_modules" / alias
        if not node or not (package / "package.json").is_file():
            log(f"{alias} is not installed (or no node): the TV-engine tests will be skipped")
            continue
        version = json.loads((package / "package.json").read_text())["version"]
        folder = UNPACKED / str(major)
        stamp = folder / ".version"
        if stamp.is_file() and stamp.read_text() == version and executable(major).is_file():
            continue
        log(f"unpacking Chromium {major} ({alias} {version}) into .tv-chromium/")
        shutil.rmtree(folder, ignore_errors=True)
        folder.mkdir(parents=True)
        staged = folder / "chromium.tmp"
        inflated = subprocess.run(
            [node, "-e", INFLATE, str(package / "bin" / "chromium.br"), str(staged)],
            capture_output=True,
            text=True,
            check=False,
        )
        if inflated.returncode:
            shutil.rmtree(folder, ignore_errors=True)
            log(f"Chromium {major} could not be unpacked (its tests will be skipped):")
            log(inflated.stderr.strip())
            continue
        staged.rename(executable(major))
        stamp.write_text(version)


def wait_endpoint(process: subprocess.Popen[bytes], profile: Path, log: Path) -> str:
    """The browser's DevTools websocket URL, from the ``DevToolsActivePort`` file it writes into
    its profile once it listens (its port, then its path)."""
    active = profile / "DevToolsActivePort"
    deadline = time.monotonic() + START_TIMEOUT
    while not active.is_file() or len(active.read_text().split()) < 2:
        if process.poll() is not None or time.monotonic() > deadline:
            raise RuntimeError(f"Chromium did not start:\n{log.read_text()[-2000:]}")
        time.sleep(0.05)
    port, path = active.read_text().split()[:2]
    return f"ws://127.0.0.1:{port}{path}"


@contextmanager
def tv_browser(chromium: BrowserType, major: int, args: tuple[str, ...] = ()) -> Iterator[Browser]:
    """Chromium ``major``, headless, in a fresh profile, driven by Playwright over CDP."""
    profile = Path(tempfile.mkdtemp(prefix=f"lastcard-tv{major}-"))
    log = profile / "stderr.log"
    command = [
        str(executable(major)),
        "--headless",
        "--remote-debugging-port=0",
        f"--user-data-dir={profile}",
        *CHROMIUM_ARGS,
        *args,
        "about:blank",
    ]
    with open(log, "wb") as stderr:
        process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=stderr)
    try:
        browser = chromium.connect_over_cdp(wait_endpoint(process, profile, log))
        try:
            yield browser
        finally:
            browser.close()
    finally:
        process.kill()
        process.wait()
        shutil.rmtree(profile, ignore_errors=True)
