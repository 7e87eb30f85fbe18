"""The table page's Python entry, run by PyScript: the only module that touches the browser.

It installs the engine wheel from ``vendor/`` (the same wheel the tests import as source), imports
the engine, and marks ``<main data-state="ready">`` (``"error"`` if the boot fails).
"""

import asyncio
import importlib.util

import pyodide_js

import js

# The wheel scripts/bootstrap.py builds: "<name>-<version>-py3-none-any.whl" from pyproject.toml.
ENGINE_WHEEL = "vendor/lastcard-0.1.0-py3-none-any.whl"


async def load_engine() -> None:
    """Install the engine wheel with Pyodide's loadPackage (no micropip), unless already there."""
    if importlib.util.find_spec("lastcard") is None:
        await pyodide_js.loadPackage(js.URL.new(ENGINE_WHEEL, js.document.baseURI).href)


def set_state(state: str) -> None:
    """Show the boot state on ``<main>``: the page's single source of truth for tests."""
    main = js.document.querySelector("main")
    main.dataset.state = state
    main.setAttribute("aria-busy", "false")


async def boot() -> None:
    """Load the engine and mark the table ready."""
    await load_engine()
    importlib.import_module("lastcard")
    set_state("ready")


def on_boot_done(task: asyncio.Future[None]) -> None:
    """Mark the table failed if the boot raised; the re-raise prints the traceback."""
    if task.exception() is not None:
        set_state("error")
        task.result()


BOOT = asyncio.ensure_future(boot())
BOOT.add_done_callback(on_boot_done)
