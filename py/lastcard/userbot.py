"""Bots written by players (``lab.html``, ``docs/bots.md``): Python source defining
``move(view, events)``.

A player's bot sees what its seat's phone sees, nothing more: ``view`` is the engine's
``Game.view(seat)`` (the public view, the seat's hand and its legal actions) and ``events`` the
events of the hand so far, oldest first, with a draw's cards only in the seat's own draws. It
returns one of ``view["legal"]``; anything else (``None`` included) lets the seat's time run
out, as a player who does not act. ``STARTER`` is the bot the lab opens with.

>>> bot = UserBot(load(STARTER))
>>> from lastcard import new_game
>>> game = new_game("poslednyaya", 2, seed=3)
>>> bot(game, game.turn, []) in game.legal_actions(game.turn)
True
"""

from __future__ import annotations

import json
import linecache
import sys
import time
import traceback
from collections.abc import Callable, Sequence
from types import FrameType, TracebackType
from typing import Any, cast

from .base import PRIVATE_CARDS, Event, SeatView
from .game import Game

#: the file name a bot's code is compiled under (tracebacks point at its lines)
FILENAME = "bot.py"

#: what a bot's code defines
Move = Callable[[SeatView, list[Event]], Any]

#: seconds a move of the bot (or its code's loading) runs before its :class:`Deadline` stops it,
#: unless it is given its own (the lab: ``js/lab.js``, a table: ``js/custom-bots.js``)
SECONDS = 10.0
#: the most events of the hand a bot is given, its latest, in the lab as at a table (whose log
#: keeps as many: ``tablehost.events.KEPT_EVENTS``)
EVENTS_GIVEN = 40

STARTER = '''\
"""A first bot: call "last" when it may; else play a card of the colour or suit it holds most,
so that it can follow it on its next turn (several cards of one rank at once when it may, a wild
card only when nothing else goes); else draw or pass."""

from lastcard.cards import COLOURS, SUIT, SUITS  # a card's colour or suit: SUIT["R5"] == "R"


def move(view, events):
    legal = view["legal"]  # e.g. ["play R5", "play W G", "draw"]; return one of them
    if "last" in legal:
        return "last"
    held = [SUIT[card] for card in view["hand"]]

    def follow(action):  # "play R5"; "play 3H 3D": two cards; "play W G": a wild card naming green
        words = action.split()
        if words[-1] in COLOURS + SUITS:  # a colour or suit named: a wild card, kept for last
            return held.count(words[-1]) - 10
        cards = [word for word in words if word in SUIT]  # the cards laid, the last one on top
        return held.count(SUIT[cards[-1]]) + len(cards) - 1  # one more per card beyond the first

    plays = [action for action in legal if action.startswith("play ")]
    return max(plays, key=follow) if plays else legal[0]
'''


class BotError(Exception):
    """A bot's code failed: ``text`` is the Python traceback, cut to the bot's own frames,
    and ``line`` the line of ``bot.py`` it points at (``None`` when none of it is the bot's)."""

    def __init__(self, text: str, line: int | None) -> None:
        super().__init__(text)
        self.text = text
        self.line = line

    @classmethod
    def of(cls, error: BaseException) -> BotError:
        """The traceback of ``error``, raised in the bot's code, as the bot's author needs it:
        the frames of ``bot.py`` (and what they called), not the machinery that ran it (nor,
        for :class:`BotTooSlow`, the tracer that raised it)."""
        trace = traceback.TracebackException.from_exception(error)
        frames = trace.stack
        at = [i for i, f in enumerate(frames) if f.filename == FILENAME]
        first = at[0] if at else len(frames)
        last = at[-1] + 1 if at and isinstance(error, BotTooSlow) else len(frames)
        trace.stack = traceback.StackSummary.from_list(frames[first:last])
        mine = [f.lineno for f in trace.stack if f.filename == FILENAME]
        line = mine[-1] if mine else None
        if isinstance(error, SyntaxError) and error.filename == FILENAME:
            line = error.lineno
        return cls("".join(trace.format()), line)


class BotTooSlow(BaseException):
    """Raised by :class:`Deadline` in the bot's own frame, at the line it was on, when its code
    runs past its time. A ``BaseException`` (as ``KeyboardInterrupt``), so that the bot's own
    ``except Exception`` does not swallow it."""


class TooSlow(BotError):
    """A ``BotError`` for code stopped by its :class:`Deadline`: ``seconds``, its time."""

    def __init__(self, text: str, line: int | None, seconds: float) -> None:
        super().__init__(text, line)
        self.seconds = seconds


class Deadline:
    """Stops the bot's code where it is once it has run ``seconds``: ``with Deadline(s):``
    around a call into the bot's code installs a trace function (``sys.settrace``) that hands a
    local tracer only to the frames of ``bot.py``, so only the bot's own lines pay for it (the
    engine's frames, and everything outside the ``with``, run untraced). Every ``EVERY`` lines
    of the bot the tracer reads the clock, and past the time raises :class:`BotTooSlow` in the
    bot's frame, which the ``with`` turns into :class:`TooSlow` (the traceback, the line). Once
    the time has passed (``passed``) the call is over its time even if the bot caught the
    exception and returned. What the tracer cannot stop (one long call into C, a bot that
    removes the tracer) is left to whoever runs the bot: it ends the worker from outside."""

    EVERY = 20

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self.end = 0.0
        self.left = self.EVERY
        self.passed = False
        self.where = 0  # the line of bot.py it was stopped at
        self.before: Any = None

    def __enter__(self) -> Deadline:
        self.end = time.monotonic() + self.seconds
        self.left = self.EVERY
        self.passed = False
        self.before = sys.gettrace()  # a debugger's or a coverage tool's, put back on exit
        sys.settrace(self.call)
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, _: TracebackType | None
    ) -> None:
        sys.settrace(self.before)
        if isinstance(error, BotTooSlow):
            stopped = BotError.of(error)
            raise TooSlow(stopped.text, stopped.line, self.seconds) from None
        if self.passed:  # the bot caught it: over its time all the same
            text = f"BotTooSlow: {self.message()} (the bot caught it and went on)\n"
            raise TooSlow(text, self.where, self.seconds) from None

    def message(self) -> str:
        """What the stop says: the time it had."""
        return f"the bot's code ran for over {self.seconds:g} s and was stopped here"

    def call(self, frame: FrameType, event: str, arg: Any) -> Any:
        """The global tracer: a new frame is traced only when it runs the bot's code."""
        return self.line if frame.f_code.co_filename == FILENAME else None

    def line(self, frame: FrameType, event: str, arg: Any) -> Any:
        """The local tracer of the bot's frames: the clock, every ``EVERY`` events."""
        self.left -= 1
        if not self.left:
            self.left = self.EVERY
            if time.monotonic() > self.end:
                self.passed = True
                self.where = frame.f_lineno
                raise BotTooSlow(self.message())
        return self.line


def load(source: str, seconds: float = SECONDS) -> Move:
    """The ``move`` function that ``source`` defines, its top-level code given ``seconds``;
    raises ``BotError`` when the code does not compile, fails as it runs (``TooSlow``: runs
    past its time), or defines no ``move``."""
    namespace: dict[str, Any] = {"__name__": "bot"}
    # tracebacks quote the bot's lines (the latest bot loaded in this process)
    linecache.cache[FILENAME] = (len(source), None, source.splitlines(True), FILENAME)
    try:
        code = compile(source, FILENAME, "exec")
        with Deadline(seconds):
            exec(code, namespace)
    except BotError:
        raise
    except (Exception, SystemExit) as error:
        raise BotError.of(error) from None
    move = namespace.get("move")
    if not callable(move):
        raise BotError("bot.py defines no function move(view, events)\n", None)
    return move  # type: ignore[no-any-return]


def seat_events(events: Sequence[Event], seat: int) -> list[Event]:
    """``events`` as ``seat`` may see them, copies of their own down to their lists: the hidden
    cards of another seat's events removed (its draws, the hand a challenge showed it:
    ``PRIVATE_CARDS``)."""
    return [
        cast(Event, {k: _own(v) for k, v in e.items() if k != "cards"})
        if e.get("type") in PRIVATE_CARDS and e.get("seat") != seat and "cards" in e
        else cast(Event, {k: _own(v) for k, v in e.items()})
        for e in events
    ]


def _own(value: object) -> object:
    """``value`` with its lists (and theirs) copied: an event's ``cards`` is the game's own."""
    return [_own(v) for v in value] if isinstance(value, list) else value


class UserBot:
    """A player's ``move`` as a seat of ``lastcard.tournament``: called with the game, the seat
    and the events of the hand, it hands the bot copies of what the seat may see and returns
    its action when legal, else ``None`` (the seat declines; on its turn the time-out applies).
    A move that runs past ``seconds`` is stopped where it is (:class:`Deadline`, ``TooSlow``).
    ``bad`` counts the answers that were not legal actions (``None`` on the seat's turn, where
    it is a time-out, but not out of turn, where it declines), ``first_bad`` keeps the first."""

    def __init__(self, move: Move, seconds: float = SECONDS) -> None:
        self.move = move
        self.deadline = Deadline(seconds)
        self.bad = 0
        self.first_bad: dict[str, str] | None = None  # {"answer", "legal"}: Python reprs

    def __call__(self, game: Game, seat: int, events: Sequence[Event]) -> str | None:
        view = game.view(seat)
        if not view["legal"]:
            return None
        seen = seat_events(events[-EVENTS_GIVEN:], seat)
        try:
            with self.deadline:
                action = self.move(view, seen)
        except BotError:
            raise
        except (Exception, SystemExit) as error:  # ``exit()`` too: the bot's code failed
            raise BotError.of(error) from None
        if isinstance(action, str) and action in game.legal_actions(seat):
            return action
        if action is not None or seat == game.turn:
            self.bad += 1
            if self.first_bad is None:
                self.first_bad = {"answer": repr(action), "legal": repr(game.legal_actions(seat))}
        return None


#: characters of an answer's detail (the exception, or the answer that is no action)
DETAIL = 60


class SeatBot:
    """A player's bot seated at a table, in a worker of its own (``js/custom-bot-worker.js``):
    it is handed only what its seat's phone gets, as JSON text (``{"view", "events"}``, the
    controller's ``Table.seat_input``), and answers JSON text: ``{"action": action}`` (checked by
    the table), ``{"action": null}`` (no move: out of turn it declines), or ``{"fault": kind,
    "detail": one line}`` for code that fails to load or raises (``error``), runs past
    ``seconds`` (``slow``, with the ``line`` of ``bot.py`` it was stopped at: :class:`Deadline`)
    or answers something that is not a string (``illegal``). A move stopped so leaves the bot
    ready for the next one.

    >>> bot = SeatBot("def move(view, events):\n    return view['legal'][0]\n")
    >>> bot.answer('{"view": {"legal": ["draw"]}, "events": []}')
    '{"action": "draw"}'
    """

    def __init__(self, source: str, seconds: float = SECONDS) -> None:
        self.move: Move | None = None
        self.deadline = Deadline(seconds)
        self.failed: dict[str, Any] = {}  # the answer to every move when the code did not load
        try:
            self.move = load(source, seconds)
        except BotError as error:
            self.failed = _fault(error)
        except BaseException as error:  # as in ``answer``
            self.failed = _fault(BotError.of(error))

    def answer(self, ask: str) -> str:
        """The bot's answer to one move (see the class)."""
        if self.move is None:
            return json.dumps(self.failed)
        given = json.loads(ask)
        try:
            with self.deadline:
                action = self.move(given["view"], given["events"])
        except BotError as error:
            return json.dumps(_fault(error))
        except BaseException as error:  # in its own worker whatever escapes the code is its fault
            return json.dumps(_fault(BotError.of(error)))
        if action is None or isinstance(action, str):
            return json.dumps({"action": action})
        return json.dumps({"fault": "illegal", "detail": repr(action)[:DETAIL]})


def _fault(error: BotError) -> dict[str, Any]:
    """A ``SeatBot``'s answer for ``error``: ``slow`` with its line when the code ran past its
    time, else ``error``."""
    if isinstance(error, TooSlow):
        detail = f"line {error.line}: over {error.seconds:g} s"
        return {"fault": "slow", "detail": detail, "line": error.line}
    return {"fault": "error", "detail": _detail(error)}


def _detail(error: BotError) -> str:
    """The line of ``bot.py`` the error points at and the traceback's last line (``line 2:
    ZeroDivisionError: division by zero``), shortened."""
    lines = error.text.strip().splitlines()
    where = "" if error.line is None else f"line {error.line}: "
    return (where + (lines[-1] if lines else ""))[:DETAIL]
