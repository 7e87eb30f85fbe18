"""The bot lab's worker (``lab.html``, ``js/lab.js``): a PyScript worker that plays a seeded
tournament between a player's bot and the built-in levels, about a second of games per call, so
the page shows the standings as they grow. See ``docs/bots.md``.

The page calls, through PyScript's worker exports (``__export__``): ``starter()`` → the
starting bot's code; ``start(json)`` with ``{source, ruleset, players, level, games, seed,
move_seconds, stop_seconds}`` (``move_seconds``: the time a table gives a move,
js/custom-bots.js; ``stop_seconds``: the time after which a move of the bot, or its code's
loading, is stopped where it is, ``lastcard.userbot.Deadline``) → the bot's error or
``{"ok": true}``; then ``advance(seconds)`` until it says ``done`` →
``{played, games, hands, rate, low, high, fair, bad, first_bad, slow, done}`` (the bot's hands won
per seat, with the 95 % Wilson interval; ``first_bad``: the first answer that was no legal
action and the legal actions then, ``{answer, legal}``, both as Python writes them; ``slow``:
the moves that took longer than ``move_seconds``, each a time-out at a table) or the
bot's error. An error is
``{"error": traceback, "line": line of bot.py or null}``, plus ``"stopped": seconds`` when the
bot's code ran past ``stop_seconds`` and was stopped at that line.
"""

from __future__ import annotations

import json
import sysconfig
import time
import traceback
import zipfile
from collections.abc import Iterator
from typing import Any

# the engine wheel, fetched by PyScript (``files`` in the page's config), unpacked in place
zipfile.ZipFile("engine.whl").extractall(sysconfig.get_paths()["purelib"])

from lastcard.tournament import Record, Standings, games  # noqa: E402
from lastcard.userbot import STARTER, BotError, Move, TooSlow, UserBot, load  # noqa: E402

#: the bot's name among the tournament's levels
MINE = "mine"


class Timed:
    """A bot's ``move`` that counts the calls taking longer than ``limit`` seconds."""

    def __init__(self, move: Move, limit: float) -> None:
        self.move = move
        self.limit = limit
        self.slow = 0

    def __call__(self, view: Any, events: Any) -> Any:
        start = time.monotonic()
        try:
            return self.move(view, events)
        finally:
            self.slow += time.monotonic() - start > self.limit


class Run:
    """One tournament: the player's bot in one seat, ``level`` in the others."""

    def __init__(self, options: dict[str, Any]) -> None:
        stop = float(options["stop_seconds"])
        self.timed = Timed(load(options["source"], stop), float(options["move_seconds"]))
        self.bot = UserBot(self.timed, stop)
        players = int(options["players"])
        levels = [MINE] + [options["level"]] * (players - 1)
        self.total = int(options["games"])
        self.standings = Standings(levels, players)
        self.games: Iterator[tuple[list[str], Record]] = games(
            options["ruleset"],
            players,
            self.total,
            levels,
            int(options["seed"]),
            single_hand=True,
            bots={MINE: self.bot},
        )
        self.played = 0

    def advance(self, seconds: float) -> dict[str, Any]:
        """Play games for about ``seconds`` (one at least); the standings so far."""
        end = time.monotonic() + seconds
        for seats, record in self.games:
            self.standings.add(seats, record)
            self.played += 1
            if time.monotonic() >= end:
                break
        tally = self.standings.hands[MINE]
        rate, low, high = tally.per_seat()
        return {
            "played": self.played,
            "games": self.total,
            "hands": tally.seat_hands,
            "rate": rate,
            "low": low,
            "high": high,
            "fair": 1 / self.standings.players,
            "bad": self.bot.bad,
            "first_bad": self.bot.first_bad,
            "slow": self.timed.slow,
            "done": self.played >= self.total,
        }


run: Run | None = None


def _error(error: BotError) -> str:
    stopped = {"stopped": error.seconds} if isinstance(error, TooSlow) else {}
    return json.dumps({"error": error.text, "line": error.line, **stopped})


def _failed() -> str:
    """The run's error when what failed is not the bot's code: Python's traceback, as it is."""
    return json.dumps({"error": traceback.format_exc(), "line": None})


def start(options: str) -> str:
    """Load the bot and set up the tournament (``options``: JSON, see the module's doc)."""
    global run
    try:
        run = Run(json.loads(options))
    except BotError as error:
        run = None
        return _error(error)
    except Exception:  # not the bot's code: the lab's own failure, said as the run's error
        run = None
        return _failed()
    return json.dumps({"ok": True})


def advance(seconds: float) -> str:
    """Play games for about ``seconds`` more; the standings so far (JSON)."""
    if run is None:
        return json.dumps({"error": "nothing to run: start first\n", "line": None})
    try:
        return json.dumps(run.advance(float(seconds)))
    except BotError as error:
        return _error(error)
    except Exception:  # a hand with no end (``tournament.MAX_STEPS``), or the lab's own failure
        return _failed()


def starter() -> str:
    """The bot the lab opens with (``lastcard.userbot.STARTER``)."""
    return STARTER


#: what the page may call (PyScript's named exports of a worker script)
__export__ = ["advance", "start", "starter"]
