"""The table's Python entry, run by ``js/table-worker.js`` in a Web Worker: the only module that
touches the browser (``js``, ``pyodide``).

The worker installs the engine wheel from ``vendor/`` (the same wheel the tests import as source),
writes this file next to it and calls :func:`open_table` with what the page read from
``localStorage`` (a worker cannot reach it: the page stays the only writer). The result is a
:class:`Bridge`, which the worker drives with strings only:

- ``call(op, a, b)``: ``op`` is ``host`` (``a``: the command's JSON), ``connect`` / ``disconnect``
  (``a``: peer id), ``receive`` (``a``: peer id, ``b``: the phone's text), ``refresh`` (the TV
  asks for its first screen: the controller resends everything, changing nothing) or ``tick``;
  it returns the controller's outputs as a JS array of ``[to, text]`` pairs (``text`` is the
  message's JSON, serialized once; ``to`` is ``"tv"`` or a phone's peer id), or ``None``;
- ``snapshot()``: the table's snapshot as JSON text, posted to the page after every change;
- ``delay_ms()``: milliseconds until ``tick()`` is due, or ``None``.

The controller's clock is the worker's ``performance.now()`` in seconds (monotonic; a snapshot
keeps deadlines as remaining durations, so a reload resumes with the time that was left).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from pyodide.ffi import to_js

import js

REFRESH = {"type": "refresh"}
Out = list[tuple[str, dict[str, Any]]]


def clock() -> float:
    """Seconds of the worker's monotonic clock."""
    return float(js.performance.now()) / 1000


class Bridge:
    """Owns the controller: the worker calls :meth:`call`, :meth:`snapshot`, :meth:`delay_ms`."""

    def __init__(self, table: Any) -> None:
        self.table = table
        self._steps: dict[str, Callable[[Any, Any], Out]] = {
            "host": lambda text, _: self.table.host(json.loads(text)),
            "connect": lambda peer, _: self.table.connect(peer),
            "disconnect": lambda peer, _: self.table.disconnect(peer),
            "receive": lambda peer, text: self.table.receive(peer, text),
            "refresh": lambda _a, _b: self.table.host(REFRESH),
            "tick": lambda _a, _b: self.table.tick(),
        }

    def call(self, op: str, a: Any = None, b: Any = None) -> Any:
        """Run one controller call; its outputs as a JS array of ``[to, text]``, or ``None``."""
        try:
            out = self._steps[op](a, b)
        except Exception as exc:  # a bug must not stop the table; the console shows it
            js.console.error(f"table error in {op}: {exc!r}")
            return None
        if not out:
            return None
        return to_js([[to, json.dumps(message)] for to, message in out])

    def snapshot(self) -> str:
        """The table's snapshot as JSON text (the page saves it in ``localStorage``)."""
        return json.dumps(self.table.snapshot())

    def delay_ms(self) -> float | None:
        """Milliseconds until :meth:`call` ``("tick")`` is due, or ``None`` (nothing pending)."""
        deadline = self.table.next_deadline()
        return None if deadline is None else max(0.0, deadline - clock()) * 1000


def restored(saved: str) -> Any:
    """The table of a saved snapshot, checked by the first calls a booted table makes (its first
    screen, its next deadline and its snapshot): a save that restores and then fails would
    otherwise fail on every call. Raises whatever restoring or those calls raise."""
    from tablehost import Table

    table = Table.restore(json.loads(saved), clock)
    table.host(REFRESH)
    table.next_deadline()
    table.snapshot()
    return table


def open_table(saved: str | None, fresh: bool, seed: int) -> tuple[Bridge, str | None]:
    """``(bridge, damaged)``: the saved table unless ``fresh`` or there is none, else a new one
    dealt from ``seed`` (the page draws it, so tests can fix it); ``damaged`` says why a saved
    table could not be restored (the page keeps that save aside and tells the host), else ``None``.
    """
    from tablehost import Table

    damaged = None
    if saved and not fresh:
        try:
            return Bridge(restored(saved)), None
        except Exception as exc:  # the controller refuses a bad save with ValueError; anything
            damaged = f"{type(exc).__name__}: {exc}"  # else it raises is damage too
            js.console.warn(f"saved table not restored: {damaged}")
    return Bridge(Table(clock, seed=seed)), damaged
