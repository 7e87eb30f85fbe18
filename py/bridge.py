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
- ``snapshot()``: the table's snapshot as JSON text; ``changed_snapshot()`` the same, or
  ``None`` when the table has not changed since the last one (a ping, a refused message): the
  worker posts it with every output, and the page saves it only when there is one;
- ``delay_ms()``: milliseconds until ``tick()`` is due, or ``None``.

The controller's clock is the worker's ``performance.now()`` in seconds (monotonic; a snapshot
keeps deadlines as remaining durations, so a reload resumes with the time that was left).

Computer players think in a second worker (``js/bot-worker.js``), so a ``hard`` player's search
never holds up a phone's message: after every change ``requests()`` lists the bot moves the
controller will want (``Table.bot_turns``), the table worker sends them with the snapshot to the
bot worker, which runs :func:`think`, and ``answer()`` hands each answer back. The controller's
injected ``choose`` returns a waiting answer, or thinks here as before if there is none (the bot
worker still booting, or too slow). ``delay_ms()`` holds a tick whose bot move is still being
worked out, at most ``ANSWER_WAIT`` seconds.

A player's own bot (level ``custom``, docs/bots.md) runs in a worker of its own per seat
(``js/custom-bot-worker.js``, started by the table worker when ``custom_bots()`` says it is
seated). Its question carries only the seat's input (``Table.seat_input``: what the seat's phone
gets), never the snapshot; its answer is a move or a fault (``tablehost.Fault``), and it is
never thought out here: a question unanswered for ``CUSTOM_WAIT`` seconds is a ``slow`` fault.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from pyodide.ffi import to_js

import js

REFRESH = {"type": "refresh"}
# How long a due bot move may wait for the bot worker's answer before this worker thinks itself
# (a search takes about 0.2 s; this covers a bot worker that hangs, a failed search says so).
ANSWER_WAIT = 10.0
# How long a player's own bot's move may wait before it is a time-out, whatever its worker does
# (the worker's own budget, js/custom-bots.js, ends it much sooner; this covers a worker that
# cannot start at all, Python's boot included).
CUSTOM_WAIT = 60.0
# the level of a player's own bot: ``tablehost.lobby.CUSTOM``, named again here because the bot
# worker, which also runs this module, imports only the engine, never ``tablehost``
CUSTOM = "custom"
Out = list[tuple[str, dict[str, Any]]]


def clock() -> float:
    """Seconds of the worker's monotonic clock."""
    return float(js.performance.now()) / 1000


def turn_key(seat: int, level: str, seed: int) -> str:
    """One bot decision's key. The seed is drawn from the table's seed, the state id and the
    seat, so it tells the decisions of one table apart."""
    return f"{seat}:{level}:{seed}"


class Answers:
    """The bot worker's answers and the questions in flight; ``choose`` is the controller's."""

    def __init__(self) -> None:
        self.ready: dict[str, Any] = {}  # key -> the move, None, or a Fault
        self.asked: dict[str, float] = {}  # key -> clock time it was asked
        self.enabled = False  # the bot worker is up

    def choose(self, game: Any, seat: int, level: str, seed: int, **kwargs: Any) -> Any:
        """The bot worker's answer for this decision if it came; ``THINKING`` while it is being
        worked out there (the question goes out after this call); else think here (a player's
        own bot: a ``slow`` fault once it has waited ``CUSTOM_WAIT``)."""
        from lastcard.bots import choose
        from tablehost import THINKING, Fault

        key = turn_key(seat, level, seed)
        if key in self.ready:
            self.asked.pop(key, None)
            return self.ready.pop(key)
        asked = self.asked.get(key)
        if level == CUSTOM:
            if asked is None or clock() - asked < CUSTOM_WAIT:
                return THINKING
            self.asked.pop(key)
            return Fault("slow", f"no answer in {CUSTOM_WAIT:g} s")
        if self.enabled and (asked is None or clock() - asked < ANSWER_WAIT):
            return THINKING
        self.asked.pop(key, None)
        return choose(game, seat, level, seed, **kwargs)


class Bridge:
    """Owns the controller: the worker calls :meth:`call`, :meth:`snapshot`, :meth:`delay_ms`,
    :meth:`requests` and :meth:`answer`."""

    def __init__(self, table: Any, answers: Answers) -> None:
        from tablehost.protocol import encode  # (the table's worker only: see ``CUSTOM``)

        self.encode = encode
        self.table = table
        self.answers = answers
        self.dumps_ms = 0.0
        self._saved = -1  # the table's revision at the last changed_snapshot() (none yet)
        self._customs = ""  # the players' own bots last told (custom_bots())
        self._steps: dict[str, Callable[[Any, Any], Out]] = {
            "host": lambda text, _: self.table.host(text),
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
        started = clock()
        pairs = [[to, self.encode(message)] for to, message in out]
        self.dumps_ms = (clock() - started) * 1000  # the messages' serialization, for benchmarks
        return to_js(pairs)

    def snapshot(self) -> str:
        """The table's snapshot as JSON text (the page saves it in ``localStorage``)."""
        return json.dumps(self.table.snapshot())

    def changed_snapshot(self) -> str | None:
        """The snapshot if the table changed since the last one this returned (its
        ``revision``), else ``None``: nothing to save for a ping or a refused message."""
        if self.table.revision == self._saved:
            return None
        self._saved = self.table.revision
        return self.snapshot()

    def delay_ms(self) -> float | None:
        """Milliseconds until :meth:`call` ``("tick")`` is due, or ``None`` (nothing pending).
        A due bot move whose answer is still being worked out waits for it (the answer calls
        for a new delay), at most ``ANSWER_WAIT`` seconds after it was asked."""
        deadline: float | None = self.table.next_deadline()
        if deadline is None:
            return None
        answers = self.answers
        for turn in self.table.bot_turns():
            if turn.at > deadline:
                break
            asked = answers.asked.get(turn_key(turn.seat, turn.level, turn.seed))
            if asked is not None:  # due first and still being worked out
                wait = CUSTOM_WAIT if turn.level == CUSTOM else ANSWER_WAIT
                deadline = max(deadline, asked + wait)
                break
        return max(0.0, deadline - clock()) * 1000

    def requests(self) -> Any:
        """The bot moves to ask for now (not asked or answered yet), as a JS array of ``{key,
        seat, level, seed}`` for the bot worker (once it is up) and ``{key, seat, level,
        input}`` for a player's own bot (``input``: ``Table.seat_input`` as JSON text, all it
        is given); questions of earlier states are forgotten."""
        enabled = self.answers.enabled
        turns = [t for t in self.table.bot_turns() if enabled or t.level == CUSTOM]
        keys = {turn_key(turn.seat, turn.level, turn.seed): turn for turn in turns}
        answers = self.answers
        answers.ready = {key: action for key, action in answers.ready.items() if key in keys}
        answers.asked = {key: at for key, at in answers.asked.items() if key in keys}
        new = [key for key in keys if key not in answers.ready and key not in answers.asked]
        now = clock()
        for key in new:
            answers.asked[key] = now
        asks = [self._ask(key, keys[key]) for key in new]
        return to_js(asks, dict_converter=js.Object.fromEntries)

    def _ask(self, key: str, turn: Any) -> dict[str, Any]:
        if turn.level == CUSTOM:
            given = json.dumps(self.table.seat_input(turn.seat))
            return {"key": key, "seat": turn.seat, "level": turn.level, "input": given}
        return {"key": key, "seat": turn.seat, "level": turn.level, "seed": turn.seed}

    def custom_bots(self) -> str | None:
        """The players' own bots seated now, ``{seat: source}`` as JSON text, when they changed
        since the last call (the table worker then starts and ends their workers), else
        ``None``."""
        customs = json.dumps(self.table.custom_bots())
        if customs == self._customs:
            return None
        self._customs = customs
        return customs

    def answer(
        self,
        key: str,
        action: str | None,
        failed: bool = False,
        fault: str | None = None,
        detail: str = "",
        line: int | None = None,
    ) -> None:
        """A worker's answer to a question of :meth:`requests` (late ones are dropped);
        ``failed``: the bot worker could not think, so the controller thinks here when the
        move is due; ``fault``: a player's own bot gave no move (``tablehost.Fault``, with the
        ``line`` of its code a ``slow`` move was stopped at)."""
        from tablehost import Fault

        answers = self.answers
        if key not in answers.asked:
            return
        if fault is not None:
            del answers.asked[key]
            answers.ready[key] = Fault(
                str(fault), str(detail or ""), None if line is None else int(line)
            )
        elif failed:
            answers.asked[key] = clock() - ANSWER_WAIT  # think here at once
        else:
            del answers.asked[key]
            # a declined move is JS null, which reaches Python as Pyodide's ``jsnull``, not None
            answers.ready[key] = action if isinstance(action, str) else None

    def bots_ready(self) -> None:
        """The bot worker is up: from now on bots think there (see :meth:`requests`)."""
        self.answers.enabled = True


def think(snapshot: str, seat: int, level: str, seed: int) -> str | None:
    """The bot worker's side: ``level``'s move for ``seat`` in the game of a table snapshot,
    exactly as the controller would choose it (same seed; ``hard`` bounded by this worker's
    clock, as in the table)."""
    from lastcard import Game
    from lastcard.bots import choose

    game = Game.from_dict(json.loads(snapshot)["game"])
    return choose(game, seat, level, seed, clock=clock)


def restored(saved: str, answers: Answers) -> Any:
    """The table of a saved snapshot, checked by the first calls a booted table makes (its first
    screen, its next deadline and its snapshot): a save that restores and then fails would
    otherwise fail on every call. Raises whatever restoring or those calls raise."""
    from tablehost import Table

    table = Table.restore(json.loads(saved), clock, choose=answers.choose)
    table.host(REFRESH)
    table.next_deadline()
    table.snapshot()
    return table


def open_table(saved: str | None, fresh: bool, seed: str) -> tuple[Bridge, str | None]:
    """``(bridge, damaged)``: the saved table unless ``fresh`` or there is none, else a new one
    dealt from ``seed`` (the page draws it, 128 bits as a decimal string, so tests can fix it);
    ``damaged`` says why a saved table could not be restored (the page keeps that save aside and
    tells the host), else ``None``.
    """
    from tablehost import Table

    damaged = None
    answers = Answers()
    if saved and not fresh:
        try:
            return Bridge(restored(saved, answers), answers), None
        except Exception as exc:  # the controller refuses a bad save with ValueError; anything
            damaged = f"{type(exc).__name__}: {exc}"  # else it raises is damage too
            js.console.warn(f"saved table not restored: {damaged}")
    return Bridge(Table(clock, seed=int(seed), choose=answers.choose), answers), damaged
