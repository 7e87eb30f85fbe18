"""The table page's Python entry, run by PyScript: the only module that touches the browser.

It installs the engine wheel from ``vendor/`` (the same wheel the tests import as source), creates
the table controller (``tablehost.Table``) or restores the one saved in ``localStorage``, and talks
to ``js/table.js`` in JSON strings only:

- ``window.lastcardTable``: ``host(json)``, ``connect(peer)``, ``disconnect(peer)``,
  ``receive(peer, text)``, ``refresh()``, and ``fresh`` (the URL asked for a new table, so joining
  must not reuse the saved relay room); announced by a ``lastcard-ready`` event on ``document``;
- every batch of controller outputs ``[(to, message), ...]`` is a ``lastcard-out`` event whose
  ``detail`` is an array of ``[to, text]`` pairs, ``text`` being the message's JSON (``to`` is
  ``"tv"`` or a phone's peer id): each message is serialized once, and a phone's goes out as is.

Timers: the controller's clock is ``performance.now()`` in seconds (monotonic; a snapshot keeps
deadlines as remaining durations, so a reload resumes with the time that was left). ``tick()`` is
scheduled with ``setTimeout`` at ``next_deadline()``. After every change the snapshot is saved.
``<main data-state>`` shows the boot state (``booting``, ``ready``, ``error``).
"""

import asyncio
import importlib
import importlib.util
import json
from collections.abc import Callable
from typing import Any

import pyodide_js
from pyodide.ffi import create_proxy, to_js

import js

# The wheel scripts/bootstrap.py builds: "<name>-<version>-py3-none-any.whl" from pyproject.toml.
ENGINE_WHEEL = "vendor/lastcard-0.1.0-py3-none-any.whl"
# Where the table is saved between reloads (a fresh table: table.html?new).
SNAPSHOT_KEY = "lastcard.table"
REFRESH = {"type": "refresh"}


async def load_engine() -> None:
    """Install the engine wheel with Pyodide's loadPackage (no micropip), unless already there."""
    if importlib.util.find_spec("lastcard") is None:
        await pyodide_js.loadPackage(js.URL.new(ENGINE_WHEEL, js.document.baseURI).href)


def set_state(state: str) -> None:
    """Show the boot state on ``<main>``: the page's single source of truth for tests."""
    main = js.document.querySelector("main")
    main.dataset.state = state
    main.setAttribute("aria-busy", "false")


def clock() -> float:
    """Seconds of the page's monotonic clock."""
    return float(js.performance.now()) / 1000


def emit(name: str, detail: Any) -> None:
    """Dispatch a ``CustomEvent`` on ``document`` with ``detail`` (a string, or lists of them)."""
    init = to_js({"detail": detail}, dict_converter=js.Object.fromEntries)
    js.document.dispatchEvent(js.CustomEvent.new(name, init))


class Bridge:
    """Owns the controller, its timer and its persistence; the JS side sees only ``api``."""

    def __init__(self, table: Any, fresh: bool) -> None:
        self.table = table
        self._timeout: Any = None
        self._proxies = [create_proxy(self._tick)]  # kept alive as long as the bridge
        self.api = js.Object.new()
        self.api.fresh = fresh  # a new table: joining must not reuse the saved relay room
        for name, method in {
            "host": lambda text: self._call(lambda: self.table.host(json.loads(text))),
            "connect": lambda peer: self._call(lambda: self.table.connect(peer)),
            "disconnect": lambda peer: self._call(lambda: self.table.disconnect(peer)),
            "receive": lambda peer, text: self._call(lambda: self.table.receive(peer, text)),
            # The TV asks for its first screen: the controller resends everything, changing nothing.
            "refresh": lambda: self._call(lambda: self.table.host(REFRESH)),
        }.items():
            proxy = create_proxy(method)
            self._proxies.append(proxy)
            setattr(self.api, name, proxy)

    def _call(self, step: Callable[[], list[tuple[str, dict[str, Any]]]]) -> None:
        try:
            out = step()
        except Exception as exc:  # a bug must not stop the table; the console shows it
            js.console.error(f"table error: {exc!r}")
            out = []
        if out:
            emit("lastcard-out", [[to, json.dumps(message)] for to, message in out])
            self._save()
        self._schedule()

    def _tick(self) -> None:
        self._timeout = None
        self._call(self.table.tick)

    def _schedule(self) -> None:
        if self._timeout is not None:
            js.clearTimeout(self._timeout)
            self._timeout = None
        deadline = self.table.next_deadline()
        if deadline is not None:
            delay = max(0.0, deadline - clock()) * 1000
            self._timeout = js.setTimeout(self._proxies[0], delay)

    def _save(self) -> None:
        try:
            js.localStorage.setItem(SNAPSHOT_KEY, json.dumps(self.table.snapshot()))
        except Exception as exc:  # storage full or disabled: the game goes on unsaved
            js.console.warn(f"table not saved: {exc!r}")


def fresh_requested() -> bool:
    """Whether the URL asks for a new table (``?new``); the switch is removed from the address,
    so a reload of this tab resumes the new table instead of starting another."""
    url = js.URL.new(js.location.href)
    if not url.searchParams.has("new"):
        return False
    url.searchParams.delete("new")
    js.history.replaceState(None, "", url.href)
    return True


def open_table(fresh: bool) -> Any:
    """The saved table if there is one (unless ``fresh`` asks for a new one), else a new one."""
    from tablehost import Table

    saved = None if fresh else js.localStorage.getItem(SNAPSHOT_KEY)
    if saved:
        try:
            return Table.restore(json.loads(saved), clock)
        except Exception as exc:  # an old or damaged save: start over
            js.console.warn(f"saved table not restored: {exc!r}")
    js.localStorage.removeItem(SNAPSHOT_KEY)
    seed = int(js.Math.floor(js.Math.random() * 2**31))
    return Table(clock, seed=seed)


async def boot() -> Bridge:
    """Load the engine, open the table and hand its API to the page."""
    try:
        await load_engine()
        fresh = fresh_requested()
        bridge = Bridge(open_table(fresh), fresh)
    except Exception as exc:
        set_state("error")
        emit("lastcard-failed", repr(exc))
        raise
    js.window.lastcardTable = bridge.api
    set_state("ready")
    emit("lastcard-ready", "")
    return bridge


# Kept so the boot task is not garbage-collected while it runs.
BOOT: asyncio.Task[Bridge] = asyncio.get_event_loop().create_task(boot())
