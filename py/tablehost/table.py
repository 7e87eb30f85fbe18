"""The table controller: the authority between the engine and the connections.

It owns everything that is not a card rule: the lobby, seats and tokens, spectators, the decision
timers, pause, the reconnection grace, bots' turns, per-recipient views and persistence (rules 000
sections I and K, applied to every ruleset). Messages and connection events come in; per-recipient
messages go out as ``(to, message)`` pairs, ``to`` being a peer id or ``"tv"``. The clock is
injected: nothing here reads the time by itself.

The parts: :mod:`tablehost.lobby` (participants and the next deal's settings),
:mod:`tablehost.clock` (game time and what is due in it), :mod:`tablehost.events` (the event log),
:mod:`tablehost.views` (each recipient's message, pure functions) and :mod:`tablehost.protocol`
(the validating decoder). This module routes messages and drives the engine.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import lastcard
from lastcard import Game, IllegalAction
from lastcard.bots import choose
from lastcard.game import Event, PublicView
from lastcard.replay import Recorder
from lastcard.userbot import seat_events
from lastcard.words import jumped, time_out_event, timed_out, told, window_timer

from tablehost import views
from tablehost.clock import DEADLINE, Clock, GameClock
from tablehost.events import TV_OWNER, EventLog
from tablehost.lobby import AWAY_AFTER, CUSTOM, WHY_NOT, Lobby, Member, Texts
from tablehost.protocol import (
    HOST,
    RENAME_BURST,
    RENAME_RATE,
    VERSION,
    Message,
    ProtocolError,
    RateLimit,
    check,
    decode,
    decode_command,
)
from tablehost.saves import Damaged, check_snapshot

Out = list[tuple[str, Message]]

TV = "tv"
TICK_STEPS = 10_000  # bound on the timer/bot steps one tick() may take
SPECTATOR_GONE = 60.0  # seconds a disconnected spectator keeps its place
SNAPSHOT_FORMAT = 1
HOST_AWAY = 30.0  # seconds a host phone may be away before the role moves (when grace is off)
# host commands a host phone may not send
TV_ONLY = ("local_action", "local_back", "rules", "refresh", "lang")


class Thinking:
    """The type of :data:`THINKING`."""

    def __repr__(self) -> str:
        return "THINKING"


THINKING = Thinking()
"""What an injected ``choose`` returns while the move is still being worked out elsewhere: the
tick stops there, the move stays due, and the next tick asks again."""


@dataclass(frozen=True)
class Fault:
    """What an injected ``choose`` returns for a player's own bot (level ``custom``) that gave
    no move: ``kind`` is ``slow`` (over its time budget, or its worker would not start),
    ``error`` (its code raised) or ``illegal`` (an answer that is not a legal action now);
    ``detail`` is one line for the log (the exception, or the answer), ``line`` the line of the
    bot's code a ``slow`` move was stopped at by its own worker (``lastcard.userbot.Deadline``).
    On the bot's turn the table plays the time-out (``Game.time_out``); out of turn it declines.
    Either way the TV's log says so (a ``bot_fault`` event)."""

    kind: str
    detail: str = ""
    line: int | None = None


FAULT_DETAIL = 60  # characters of a fault's detail kept for the log


@dataclass(frozen=True)
class BotTurn:
    """A computer player's move that falls due in the current state: the arguments its
    ``choose`` call will get (``seat``, ``level``, ``seed``), the ``state`` id it answers and
    ``at``, the injected clock's time it is due at. A host that thinks for bots elsewhere (the
    browser's bot worker) asks for these moves ahead and hands the answers in through the
    ``choose`` it gives the table."""

    seat: int
    level: str
    seed: int
    state: int
    at: float


STAND_IN_LEVEL = "normal"  # the computer that plays for an away seat (lobby setting away_bot)
STAND_IN_PAUSE = 3.0  # seconds at least before it does: time for the phone to act first
#: decisions in a row the table makes alone (time-outs, computer players, stand-ins) before it
#: pauses the game: nobody is playing, and a hand among computers may go round for ever (in
#: Last One, three Draw Twos passed on while every other card is held). A hand takes a few
#: hundred; six `easy` computers playing at random, up to about 4,500 (tests/controller/
#: test_away.py); at a second a computer's move, 5,000 is well over an hour of nobody there
UNATTENDED = 5000


#: a table's seed below this is one a test fixed (or a table saved before seeds grew to 128
#: bits, 2026-12-05): its games keep the four-byte seeds they had, and so their deals
LEGACY_SEEDS = 2**32


def game_seed(table_seed: int, games: int) -> int:
    """The seed of the table's ``games``-th game: a hash of the table's secret seed (128 random
    bits), so that one game's seed (shown in its record once it is over) says nothing of the
    next game's deal. 53 bits: too many to search for from one's own hand (about eight years of
    one core at 35 million deals a second, docs/protocol.md "What a phone cannot learn"), and
    few enough that the record's seed survives JavaScript's numbers, which the TV's download
    goes through."""
    digest = hashlib.sha256(f"lastcard-game:{table_seed}:{games}".encode()).digest()
    if table_seed < LEGACY_SEEDS:
        return int.from_bytes(digest[:4], "big")
    return int.from_bytes(digest[:8], "big") >> 11


class Table:
    """One table: lobby, seats, game, timers. See docs/design.md ("Controller") for the API and
    docs/protocol.md for the messages."""

    def __init__(
        self,
        clock: Clock,
        seed: int = 0,
        *,
        bot_playouts: int | None = None,
        new_game: Callable[..., Game] = lastcard.new_game,
        choose: Callable[..., str | Thinking | Fault | None] = choose,
    ) -> None:
        """``clock`` gives seconds; ``seed`` makes the deals and bots reproducible;
        ``bot_playouts`` bounds the hard bot (else it uses the clock's time budget);
        ``new_game`` deals a game like :func:`lastcard.new_game` (tests pass one with ``setup``);
        ``choose`` decides a bot's move like :func:`lastcard.bots.choose` (a browser host passes
        one that returns the answers its bot worker works out, see :meth:`bot_turns`, or
        :data:`THINKING` while one is not there yet). A player's own bot (level ``custom``) is
        decided by the same ``choose``, from :meth:`seat_input` alone, and may answer a
        :class:`Fault`."""
        self._clock = GameClock(clock)
        self._seed = seed
        self._bot_playouts = bot_playouts
        self._new_game = new_game
        self._choose = choose
        self._games = 0  # games dealt so far (each new game gets its own seed)
        self._phase = "lobby"
        self._lobby = Lobby()
        self._game: Game | None = None
        self._public: PublicView | None = None  # the game's public view, once per change
        self._awaiting: list[int] = []  # who the game waits on, once per change
        self._state = 0  # the state id actions must answer
        self._log = EventLog()
        self._paused = False
        self._unattended = 0  # decisions the table made alone since a person's (not saved)
        #: per seat of a player's own bot, the fault the log last said this hand, until the bot
        #: makes a move: the same fault again is not said again (not saved)
        self._faults_said: dict[int, Fault] = {}
        self._rules_open = False
        self._grace_used = False
        self._record: Recorder | None = None  # the record of the game being played (or over)
        self._peers: dict[str, Member | None] = {}
        #: the channels still open that the host removed a phone from: their token (a hello
        #: there without one is that phone's, back only to watch)
        self._removed_on: dict[str, str] = {}
        #: per peer, the ruleset's words it was last sent (``Lobby.texts``: one per setting)
        self._texts_sent: dict[str, Texts] = {}
        self._limits: dict[str, RateLimit] = {}
        self._host_due: float | None = None  # clock time the away host phone's role moves at
        self._renames: dict[int, RateLimit] = {}  # phone id -> its renames' own limit
        self._dirty = False
        self.revision = 0
        """Counts the calls that changed the table: a host saves :meth:`snapshot` when it moved
        (a ping, a refused message or a repeated rename changes nothing)."""

    # ----------------------------------------------------------------- public API
    def connect(self, peer: str) -> Out:
        """A transport channel opened; the phone must say ``hello`` next."""
        return self._run(lambda now: self._connect(peer, now))

    def disconnect(self, peer: str) -> Out:
        """A channel closed or its heartbeat was lost. Never removes a seat."""
        return self._run(lambda now: self._disconnect(peer))

    def receive(self, peer: str, raw: Any) -> Out:
        """One message from a phone (JSON text). Never raises: a refused message gets an
        ``error`` to ``peer`` only and changes nothing."""
        return self._run(lambda now: self._receive(peer, raw, now), reply_to=peer)

    def host(self, command: Any) -> Out:
        """A command from the TV page (docs/protocol.md, "Host commands"): a dict, or its JSON
        text. Never raises: a refused command gets an ``error`` to the TV and changes nothing."""
        return self._run(lambda now: self._host(decode_command(command)), reply_to=TV)

    def tick(self) -> Out:
        """Fire the timers and bot moves that are due (and move an away host phone's role)."""
        return self._run(lambda now: self._tick(now))

    def next_deadline(self) -> float | None:
        """The clock time at which :meth:`tick` is due next, or ``None``."""
        dues = [self._clock.next_wall(), self._host_due, self._next_expiry()]
        return min((due for due in dues if due is not None), default=None)

    def bot_turns(self) -> list[BotTurn]:
        """The computer players' moves due in the current state, earliest first; empty while
        game time stands still (paused, holding, no game)."""
        turns = []
        for seat, at in sorted(self._clock.bots.items(), key=lambda item: item[1]):
            wall = self._clock.wall_at(at)
            if wall is not None:
                level, seed = self._bot_decision(seat)
                turns.append(BotTurn(seat, level, seed, self._state, wall))
        return turns

    def custom_bots(self) -> dict[int, str]:
        """The players' own bots at the table: seat -> the bot's source (each runs apart from
        the game, given only :meth:`seat_input`)."""
        return {
            seat: m.source
            for seat, m in enumerate(self._lobby.seats)
            if m.level == CUSTOM and m.source is not None and not m.removed
        }

    def seat_input(self, seat: int) -> dict[str, Any]:
        """What a player's own bot in ``seat`` is given for a move, exactly what the seat's phone
        gets: ``view``, the seat's view (the public view, its hand, its legal actions), and
        ``events``, the events of the hand so far that the table keeps (its last 40), with
        hidden cards only in the seat's own draws and challenges (docs/bots.md)."""
        game = self._playing()
        public = self._public if self._public is not None else game.public_view()
        events = self._log.events
        starts = [i for i, e in enumerate(events) if e.get("type") == "deal"]
        hand = events[starts[-1] :] if starts else events
        return {"view": views.seat_view(game, public, seat), "events": seat_events(hand, seat)}

    def snapshot(self) -> dict[str, Any]:
        """The whole table, JSON-ready; timers as remaining durations."""
        return {
            "format": SNAPSHOT_FORMAT,
            "seed": self._seed,
            "games": self._games,
            "phase": self._phase,
            **self._lobby.to_dict(),
            "game": None if self._game is None else self._game.to_dict(),
            "state": self._state,
            **self._log.to_dict(),
            "paused": self._paused,
            "rules_open": self._rules_open,
            **self._clock.to_dict(),
            "grace_used": self._grace_used,
            "record": None if self._record is None else self._record.to_dict(),
        }

    @classmethod
    def restore(cls, snap: dict[str, Any], clock: Clock, **kwargs: Any) -> Table:
        """Resume a :meth:`snapshot` (``kwargs`` as for the constructor); every phone is
        disconnected until it says ``hello`` with its token again. A snapshot that breaks an
        invariant of the table or of the game is refused with a ValueError that says why
        (:func:`tablehost.saves.check_snapshot`); nothing else escapes."""
        if not isinstance(snap, dict) or snap.get("format") != SNAPSHOT_FORMAT:
            raise ValueError("not a table snapshot of this version")
        game = check_snapshot(snap)
        try:
            return cls._resume(snap, game, clock, kwargs)
        except Exception as exc:  # checked, yet it fails: refuse it all the same
            raise Damaged(f"the table cannot resume: {type(exc).__name__}: {exc}"[:240]) from None

    @classmethod
    def _resume(
        cls, snap: dict[str, Any], game: Game | None, clock: Clock, kwargs: dict[str, Any]
    ) -> Table:
        table = cls(clock, snap["seed"], **kwargs)
        table._games = snap["games"]
        table._phase = snap["phase"]
        table._lobby = Lobby.from_dict(snap)
        table._game = game
        table._state = snap["state"]
        table._log = EventLog.from_dict(snap)
        if table._phase == "lobby":
            table._log.clear()  # an older save may hold the last game's events
        table._paused = snap["paused"]
        table._rules_open = snap["rules_open"]
        table._clock.load(snap["deadline"], snap["bots_due"])
        table._grace_used = snap["grace_used"]
        now = table._clock.wall()
        for member in table._lobby.seats + table._lobby.spectators:
            if member.kind == "phone":
                member.gone = now
        if snap.get("record") is not None:
            table._record = Recorder.from_dict(snap["record"])
        table._looked()
        table._grace()
        table._watch_host()
        table._clock.run(table._should_run())
        table._broadcast()  # every message can be built
        table._log.resend()
        return table

    # ----------------------------------------------------------------- the frame of every call
    def _run(self, step: Callable[[float], Out], reply_to: str | None = None) -> Out:
        now = self._clock.catch_up()
        self._dirty = False
        self._expire(now)
        try:
            out = step(now)
        except ProtocolError as refused:
            out = [] if reply_to is None else [(reply_to, refused.message())]
        except Exception:  # a bug must not take the table down: resync everyone
            if reply_to is None:
                raise
            out = [(reply_to, ProtocolError("internal", "the table failed here").message())]
            self._log.resend()
            self._dirty = True
        self._clock.run(self._should_run())
        if self._dirty:
            self.revision += 1
            out.extend(self._broadcast())
        return out

    def _should_run(self) -> bool:
        return self._phase == "playing" and not self._paused and not self._holding()

    def _holding(self) -> bool:
        """Rule 000 54: every human player is disconnected (and there is one)."""
        humans = [m for m in self._lobby.active() if m.kind != "bot"]
        return bool(humans) and not any(m.connected for m in humans)

    def _playing(self) -> Game:
        """The game being played (or just over); a bug if there is none."""
        assert self._game is not None, "no game"
        return self._game

    # ----------------------------------------------------------------- connections
    def _connect(self, peer: str, now: float) -> Out:
        self._drop_peer(peer)
        self._peers[peer] = None
        self._limits[peer] = RateLimit(now)
        return []

    def _disconnect(self, peer: str) -> Out:
        member = self._peers.get(peer)
        self._drop_peer(peer)
        if member is not None:
            self._grace()
            self._watch_host()
        return []

    # ----------------------------------------------------------------- the host phone
    def _heir(self) -> Member | None:
        """The connected phone the host role would move to now, if the host is away."""
        host = self._lobby.host
        if host is None or host.connected:
            return None
        heir = self._lobby.next_host(host)
        return heir if heir is not None and heir.connected else None

    def _watch_host(self) -> None:
        """A host phone away, with another phone here to take over, starts its grace (30 s, the
        reconnection grace); back in time, nothing moves (see :meth:`_host_away`)."""
        if self._heir() is None:
            self._host_due = None
        elif self._host_due is None:
            self._host_due = self._clock.wall() + (self._lobby.timers["grace"] or HOST_AWAY)

    def _host_away(self, now: float) -> None:
        """The away host's grace is over: the role goes to the next connected phone in join
        order."""
        if self._host_due is None or now < self._host_due:
            return
        self._host_due = None
        heir = self._heir()
        if heir is not None:
            self._lobby.host = heir
            self._dirty = True

    def _make_host(self, member: Member) -> None:
        self._lobby.host = member
        self._host_due = None
        self._watch_host()

    def _drop_peer(self, peer: str) -> None:
        member = self._peers.pop(peer, None)
        self._removed_on.pop(peer, None)
        self._limits.pop(peer, None)
        self._texts_sent.pop(peer, None)
        self._log.resend(peer)
        if member is not None:
            member.peer = None
            member.gone = self._clock.wall()
            self._dirty = True

    def _expire(self, now: float) -> None:
        """Spectators disconnected for :data:`SPECTATOR_GONE` seconds lose their place (and
        their token): the places free up for others."""
        lobby = self._lobby
        gone = [
            m for m in lobby.spectators if m.gone is not None and now - m.gone >= SPECTATOR_GONE
        ]
        for member in gone:
            self._drop_member(member, removed=member.barred)

    def _next_expiry(self) -> float | None:
        """The clock time the next disconnected spectator is dropped, or ``None``."""
        gone = [m.gone for m in self._lobby.spectators if m.gone is not None]
        return min(gone) + SPECTATOR_GONE if gone else None

    def _drop_member(self, member: Member, *, removed: bool) -> Out:
        """A spectator leaves the table for good (gone too long, or ``removed`` by the host); a
        connected phone is told (``removed``). A removed or barred one comes back barred."""
        token = member.token if removed else None
        self._lobby.spectators.remove(member)
        self._lobby.forget(member, removed=removed)
        self._renames.pop(member.id, None)
        self._dirty = True
        return self._tell_removed(member, token)

    def _tell_removed(self, member: Member, token: str | None) -> Out:
        """Tell a phone it left the table; its channel stays open, and a hello there is the
        removed phone's (``token``, spent by its return), however it says hello."""
        if member.peer is None:
            return []
        peer, member.peer = member.peer, None
        self._peers[peer] = None
        if token is not None:
            self._removed_on[peer] = token
        return [(peer, {"v": VERSION, "type": "removed", "message": "removed by the host"})]

    def _grace(self) -> None:
        """Rules 000 42/44 and D14: a disconnected awaited seat (not in a ruleset's own window,
        such as a melee's) has until
        the later of the decision's own deadline and the grace after the drop, once per
        decision. The grace only ever extends: with no turn timer there is nothing to extend."""
        grace = self._lobby.timers["grace"]
        if self._phase != "playing" or self._grace_used or grace is None or self._window():
            return
        if not self._lobby.seats[self._awaiting[0]].connected:
            self._grace_used = True
            deadline = self._clock.deadline
            if deadline is not None:
                self._clock.deadline = max(deadline, self._clock.now() + grace)

    # ----------------------------------------------------------------- phone messages
    def _receive(self, peer: str, raw: Any, now: float) -> Out:
        if peer not in self._peers:
            self._connect(peer, now)
        if not self._limits[peer].allow(now):
            raise ProtocolError("rate_limited", "too many messages; slow down")
        message = decode(raw)
        kind = message["type"]
        if kind == "ping":
            return [(peer, {"v": VERSION, "type": "pong", "t": message.get("t")})]
        member = self._peers[peer]
        if kind == "hello":
            return self._hello(peer, member, message, now)
        if member is None:
            raise ProtocolError("hello_first", "say hello first")
        if kind == "host":
            if member is not self._lobby.host:
                raise ProtocolError("not_host", "only the host phone runs the table")
            command = check(message["command"], HOST, versioned=False)
            if command["type"] in TV_ONLY:
                raise ProtocolError("not_allowed", "only the TV screen does that")
            return self._host(command)
        if kind == "play":
            if member not in self._lobby.spectators:
                raise ProtocolError("not_allowed", "only a spectator asks to play")
            if member.barred:
                raise ProtocolError("barred", "the host removed this phone; the host lets it in")
            member.want = message["want"]
            if self._phase == "lobby":
                self._lobby.fill()
            self._dirty = True
            return []
        if kind == "bring_bot":
            return self._bring_bot(member, message["name"], message["source"])
        seat = self._seat_of(member)
        if kind == "back":
            return self._come_back(seat)
        if kind == "vote":
            if self._phase == "playing":
                raise ProtocolError("not_lobby", "votes are taken between games")
            self._lobby.vote(member, message["agree"])
            self._dirty = True
            return []
        return self._act(seat, message["action"], message["state"])

    def _bring_bot(self, phone: Member, name: str, source: str) -> Out:
        """A phone brings its own bot (docs/protocol.md, ``bring_bot``): it waits for the host's
        answer; the host phone's own is seated at once."""
        self._need_phase("lobby")
        if phone is self._lobby.host:
            seated = self._lobby.add("bot", name, CUSTOM, source)
            self._dirty = True
            return self._tell_offer(phone, seated.name, True)
        self._lobby.offer(phone, name, source)
        self._dirty = True
        return []

    def _seat_of(self, member: Member) -> int:
        seat = self._lobby.seat_of(member)
        if seat is None:
            raise ProtocolError("not_seated", "spectators do not play")
        return seat

    def _local(self, seat: int) -> int:
        """``seat``, a seat played on the TV screen (``not_seated`` otherwise)."""
        seats = self._lobby.seats
        if not 0 <= seat < len(seats) or seats[seat].kind != "local":
            raise ProtocolError("not_seated", "not a local seat")
        return self._seat_of(seats[seat])

    def _hello(self, peer: str, member: Member | None, message: Message, now: float) -> Out:
        """Join (no token), come back (a token), or rename (again on the same channel). On a
        channel the host removed a phone from, a hello is that phone's, token or not."""
        token = message.get("token", self._removed_on.get(peer))
        out: Out = []
        if member is not None:  # a rename: the same participant, a new name
            if token is not None and token != member.token:
                raise ProtocolError("already_joined", "this channel is someone else already")
            # the name as the table would keep it: a hello again with the name as typed ("маша"
            # for one numbered "маша 2", a retried hello) is nothing new and costs no rename
            name = self._lobby.unique(message["name"], member)
            if name == member.name and message.get("lang", member.lang) == member.lang:
                return []  # nothing new: nothing to send or save
            limit = self._renames.setdefault(
                member.id, RateLimit(now, rate=RENAME_RATE, burst=RENAME_BURST)
            )
            if not limit.allow(now):
                raise ProtocolError("rate_limited", "renamed too often; wait a little")
            member.name = name
            self._name_record()
        elif token is not None and self._lobby.was_removed(token):
            # a phone the host removed (told or not, reloaded or not): back only to watch, barred
            # from every deal until the host lets it in (000 D16)
            member = self._lobby.join(message["name"], False, self._phase == "lobby", barred=True)
        elif token is not None:
            member = self._lobby.by_token(token)
            if member is None:
                raise ProtocolError("bad_token", "unknown token; say hello without one")
            if member.peer is not None and member.peer != peer:
                out.append((member.peer, ProtocolError("replaced", "opened elsewhere").message()))
                self._peers[member.peer] = None
        else:
            member = self._lobby.join(
                message["name"], message.get("play", True), self._phase == "lobby"
            )
        member.lang = message.get("lang", member.lang)
        member.peer = peer
        member.gone = None
        if self._phase == "lobby":
            self._lobby.fill()  # a spectator back in the lobby who asked to play moves up
        self._peers[peer] = member
        self._removed_on.pop(peer, None)
        self._watch_host()
        self._log.resend(peer)  # its next view is a full one
        seat = self._lobby.seat_of(member)
        welcome = {
            "v": VERSION,
            "type": "welcome",
            "seat": seat,
            "token": member.token,
            "role": "spectator" if seat is None else "player",
            "name": member.name,
        }
        out.append((peer, welcome))
        self._dirty = True
        return out

    # ----------------------------------------------------------------- the game
    def _act(self, seat: int, action: str, state: int) -> Out:
        if self._phase != "playing":
            raise ProtocolError("not_playing", "no hand is being played")
        if self._paused:
            raise ProtocolError("paused", "the game is paused")
        if state != self._state:
            raise ProtocolError("stale", f"the table is at state {self._state}")
        jump = jumped(self._public, seat, action, self._window())
        try:
            events = self._playing().apply(seat, action)
        except IllegalAction as exc:
            raise ProtocolError("illegal", str(exc)[:200]) from None
        self._note("action", seat=seat, action=action)
        self._unattended = 0
        self._changed(jump + events + self._back(seat), out_of_turn=_out_of_turn(action))
        return []

    def _note(self, kind: str, *, seat: int | None = None, action: str | None = None) -> None:
        """Write a step just applied to the game into its record."""
        if self._record is not None:
            self._record.step(self._clock.wall(), kind, self._playing(), seat=seat, action=action)

    def _back(self, seat: int) -> list[Event]:
        """The seat's own phone (or local player) acted: it is not away any more."""
        member = self._lobby.seats[seat]
        was_away = member.away
        member.misses = 0
        member.stand_in = member.kept = False
        return [{"type": "back", "seat": seat}] if was_away else []

    def _come_back(self, seat: int) -> Out:
        """The away seat's player says they are back ("I'm back" on its phone, or on the TV for
        a seat played there): as a move of its own would (:meth:`_back`), and no computer plays
        for it any more, not even a move already due. A seat that is not away: ``not_away``."""
        if not self._lobby.seats[seat].away:
            raise ProtocolError("not_away", "this seat is not away")
        self._clock.bots.pop(seat, None)
        self._unattended = 0
        self._log.add(self._back(seat), self._owner)
        self._dirty = True
        return []

    def _missed(self) -> tuple[list[Event], list[Event]]:
        """The decision timer ran out: the events the log says before what the table does for
        the seat (whose time ran out, and on what: ``pending``, the kind of decision that was
        waiting on it, none on a plain turn: its phone says what the table did, a 3's free card
        not laid, a melee lost...) and after it (one more miss in a row; at :data:`AWAY_AFTER`
        the seat is away, shown, never removed). An out-of-turn window (a melee) runs out on
        the seat the game waits on, its defender, who loses it: no miss, as every seat could
        act in it; and no time-out at all when the defender has answered (passed) already."""
        public = self._public
        if public is None or not self._awaiting:
            return [], []
        seat = int(public["turn"])  # the turn seat, in a melee its defender
        late = [time_out_event(public)]
        if self._window():
            return (late if seat in self._awaiting else []), []
        member = self._lobby.seats[seat]
        if member.kind == "bot":
            return late, []
        member.misses += 1
        return late, [{"type": "away", "seat": seat}] if member.misses == AWAY_AFTER else []

    def _looked(self) -> None:
        """Look at the game once after it changed: its public view and who it waits on."""
        if self._game is None or self._phase == "lobby":
            self._public, self._awaiting = None, []
            return
        game = self._game
        public = self._public = game.public_view()
        if self._phase != "playing":
            self._awaiting = []
        elif self._window():  # an out-of-turn window (a melee): every seat may act
            self._awaiting = [
                seat
                for seat, member in enumerate(self._lobby.seats)
                if not member.removed and any(a != "last" for a in game.legal_actions(seat))
            ]
        else:
            self._awaiting = [int(public["turn"])]

    def _changed(self, events: list[Event], *, out_of_turn: bool = False) -> None:
        """After every engine change: a new state id, the events kept (with the table's own:
        automatic last-card announcements, eliminations, a blocked hand), and a fresh decision —
        unless the change was another seat's out-of-turn move that left the decision as it was
        (000 D15: a decision's clock runs from when it began; no second grace)."""
        game = self._playing()
        before = self._public
        decision = self._decision()
        self._state += 1
        self._dirty = True
        if game.over:
            self._phase = "over"
        self._looked()
        self._log.add(told(events, before, self._public, game.blocked()), self._owner)
        if self._phase == "over":
            self._clock.clear()
            return
        now = self._clock.now()
        timers = self._lobby.timers
        bots = self._clock.bots
        self._clock.bots = {}
        if not (out_of_turn and decision is not None and decision == self._decision()):
            self._grace_used = False
            length = timers[self._timer()]
            self._clock.deadline = None if length is None else now + length
            bots = {}
            self._grace()
        self._computers(bots)

    def _computers(self, bots: dict[int, float]) -> None:
        """Schedule every computer move the game now allows: bots after the bot pause (a bot's
        "last" call out of turn at once, as a player says it with the card), and a stand-in for
        an away seat (:meth:`Member.played_by_computer`) after at least :data:`STAND_IN_PAUSE`;
        ``bots`` holds moves already due that keep their time."""
        game = self._playing()
        now = self._clock.now()
        pause = self._lobby.timers["bot_pause"] or 0.0
        away_bot = self._lobby.away_bot
        for seat, member in enumerate(self._lobby.seats):
            legal = () if member.removed or seat in self._clock.bots else game.legal_actions(seat)
            if not legal:
                continue
            if member.kind == "bot":
                # a "last card" call goes with the card that left one: no pause before it
                calls = seat != game.turn and "last" in legal
                self._clock.bots[seat] = bots.get(seat, now if calls else now + pause)
            elif member.played_by_computer(away_bot):  # a stand-in for an away seat
                self._clock.bots[seat] = bots.get(seat, now + max(pause, STAND_IN_PAUSE))

    def _owner(self, seat: int) -> int | None:
        """The phone id sitting at ``seat`` (who may see the cards it drew), ``TV_OWNER`` for a
        seat played on the TV, or ``None``."""
        seats = self._lobby.seats
        if not 0 <= seat < len(seats):
            return None
        return TV_OWNER if seats[seat].kind == "local" else (seats[seat].id or None)

    def _decision(self) -> tuple[Any, ...] | None:
        """What identifies the decision the game waits on: whose turn and what is pending
        (a melee's card, not who has passed it)."""
        public = self._public
        if public is None or self._phase != "playing":
            return None
        pending = public["pending"]
        if not isinstance(pending, dict):
            return (public["turn"], None)
        return (public["turn"], pending.get("kind"), pending.get("need"), pending.get("seat"))

    def _on_turn(self, seat: int) -> bool:
        """The game waits on ``seat``'s own turn, not on an out-of-turn window."""
        return self._awaiting == [seat] and not self._window()

    def _window(self) -> bool:
        """The game waits on an out-of-turn window with a timer of the ruleset's own (a melee):
        every seat may act in it, and no grace extends it."""
        return self._timer() != "turn"

    def _timer(self) -> str:
        """The timer of the decision the game waits on: the ruleset's own for its pending
        state (``Game.TIMERS``: last-one's melee window), else the turn timer."""
        own = None if self._game is None else window_timer(self._public, self._game.TIMERS)
        return own or "turn"

    def _tick(self, now: float) -> Out:
        self._host_away(now)
        clock = self._clock
        for _ in range(TICK_STEPS):
            due = clock.due()
            if not clock.running or due is None or due[0] > clock.caught_up():
                break
            seat = due[1]
            game = self._playing()
            if seat == DEADLINE:
                late, missed = self._missed()
                events = late + timed_out(game.time_out()) + missed
                self._note("time_out")
                self._changed(events)
                self._alone()
            else:
                action = self._bot_choice(seat)
                if isinstance(action, Thinking):  # worked out elsewhere: tick again later
                    break
                if isinstance(action, Fault):
                    del clock.bots[seat]
                    self._fault(seat, action)
                    clock.run(self._should_run())
                    continue
                if action is None:  # it declines for now: the decision timer runs on
                    del clock.bots[seat]
                    continue
                jump = jumped(self._public, seat, action, self._window())
                events = game.apply(seat, action)
                self._faults_said.pop(seat, None)
                self._note("action", seat=seat, action=action)
                self._changed(jump + events, out_of_turn=_out_of_turn(action))
                self._alone()
            clock.run(self._should_run())
        return []

    def _alone(self) -> None:
        """The table made one more decision alone: at :data:`UNATTENDED` in a row, while the
        hand goes on, it pauses the game (the host's Resume plays on) and says why."""
        self._unattended += 1
        if self._unattended >= UNATTENDED and self._phase == "playing":
            self._paused = True
            self._log.add([{"type": "unattended"}], self._owner)

    def _bot_decision(self, seat: int) -> tuple[str, int]:
        """The bot in ``seat``: its level and the seed of its decision in this state."""
        seed = (self._seed * 1_000_003 + self._state * 64 + seat) % 2**32
        return self._lobby.seats[seat].level or STAND_IN_LEVEL, seed

    def _bot_choice(self, seat: int) -> str | Thinking | Fault | None:
        level, seed = self._bot_decision(seat)
        game = self._playing()
        if level != CUSTOM:
            return self._choose(
                game, seat, level, seed, clock=self._clock.wall, playouts=self._bot_playouts
            )
        try:  # a player's own bot: whatever comes back is checked here
            action = self._choose(game, seat, level, seed, clock=self._clock.wall)
        except Exception as exc:
            return Fault("error", f"{type(exc).__name__}: {exc}"[:FAULT_DETAIL])
        if action is None and self._on_turn(seat):  # no move: the turn timer may be off
            return Fault("illegal", "None")
        if action is None or isinstance(action, (Thinking, Fault)):
            return action
        if not isinstance(action, str) or action not in game.legal_actions(seat):
            return Fault("illegal", repr(action)[:FAULT_DETAIL])
        return action

    def _fault(self, seat: int, fault: Fault) -> None:
        """A player's own bot gave no move (:class:`Fault`): the log says so, and on its own
        turn (not an out-of-turn window) the table plays the time-out. Out of turn it declines,
        said in the log only when every screen can see the question asked (a call for a card
        left, a melee): a jump-in is asked only of a seat holding the top card's twin. The same
        fault again this hand, with no move of the bot's between (a bot whose code cannot load
        faults at every turn), is not said again: its turns' time-outs are."""
        again = self._faults_said.get(seat) == fault
        self._faults_said[seat] = fault
        told: Event = {"type": "bot_fault", "seat": seat, "fault": fault.kind}
        if fault.detail:
            told["detail"] = fault.detail[:FAULT_DETAIL]
        if fault.line is not None:
            told["line"] = fault.line
        if self._on_turn(seat):
            events = timed_out(self._playing().time_out())
            self._note("time_out")
            self._changed(events if again else [told, *events])
        else:
            game = self._playing()
            if game.pending is None and any(a.startswith("play") for a in game.legal_actions(seat)):
                return  # a jump-in it declines: nothing said, nothing shown of its hand
            if again:
                return
            told["declined"] = True  # out of turn: no time-out, the bot simply did not act
            self._log.add([told], self._owner)
            self._dirty = True

    # ----------------------------------------------------------------- host commands
    def _host(self, command: Message) -> Out:
        kind = command["type"]
        if kind == "pause":
            self._need_phase("playing")
            self._paused = True
        elif kind == "resume":
            self._need_phase("playing")
            self._paused = False
            self._unattended = 0
        elif kind == "rules":
            self._rules_open = command["open"]
        elif kind == "lang":  # the TV's language: the bots the table named are named in it
            if not self._lobby.speak(command["lang"]):
                return []  # nothing changes: nothing to send or save
            self._name_record()
        elif kind == "refresh":  # nothing changes; the TV and every phone get full messages again
            self._log.resend()
        elif kind == "record":
            return [(TV, self._record_message())]
        elif kind == "local_action":
            return self._act(self._local(command["seat"]), command["action"], command["state"])
        elif kind == "local_back":
            return self._come_back(self._local(command["seat"]))
        elif kind == "remove":
            return self._remove(command["seat"])
        elif kind == "remove_spectator":
            found = [m for m in self._lobby.spectators if m.id == command["id"]]
            if not found:
                raise ProtocolError("not_found", "no such spectator")
            return self._drop_member(found[0], removed=True)
        elif kind == "let_in":
            found = [m for m in self._lobby.spectators if m.id == command["id"] and m.barred]
            if not found:
                raise ProtocolError("not_found", "no such removed spectator")
            self._lobby.let_in(found[0])
            if self._phase == "lobby":
                self._lobby.fill()
        elif kind == "next_hand":
            self._need_phase("over")
            self._next_hand()
        elif kind == "rematch":
            self._need_phase("over")
            self._rematch()
        elif kind == "lobby":  # end the hand or match: everyone back to the lobby, seats kept
            if self._phase == "lobby":
                raise ProtocolError("not_allowed", "the table is in the lobby already")
            self._to_lobby()
        elif kind == "stand_in":
            self._stand_in(command["seat"], command["on"])
        elif kind == "answer_bot":
            return self._answer_bot(command["id"], command["accept"])
        elif kind == "make_host":
            member = self._lobby.by_id(command["id"])
            if member is None:
                raise ProtocolError("no_phone", f"no phone {command['id']} at the table")
            if member.barred:
                raise ProtocolError("not_allowed", "the host removed that phone: let it in first")
            self._make_host(member)
        elif kind == "configure" and self._phase != "lobby":
            if set(command) - {"type", "timers"}:
                raise ProtocolError("not_lobby", "the game and its options change in the lobby")
            before = self._lobby.timers
            self._lobby.timers = self._lobby.checked_timers(command.get("timers", {}))
            self._retime(before)
        else:
            self._lobby_command(command)
        self._dirty = True
        return []

    def _need_phase(self, phase: str) -> None:
        if self._phase != phase:
            code = {"lobby": "not_lobby", "playing": "not_playing", "over": "not_allowed"}[phase]
            raise ProtocolError(code, f"only when the table is in {phase}")

    def _lobby_command(self, command: Message) -> None:
        self._need_phase("lobby")
        kind = command["type"]
        if kind == "configure":
            self._lobby.configure(command)
        elif kind == "start":
            self._deal(self._lobby.seats)
        elif kind == "add_bot":
            self._lobby.add("bot", command.get("name"), command["level"])
        elif kind == "add_custom_bot":
            self._lobby.add("bot", command["name"], CUSTOM, command["source"])
        else:
            self._lobby.add("local", command["name"])

    def _answer_bot(self, number: int, accept: bool) -> Out:
        """The host's answer to a bot a phone brought: seated (in the lobby, with a seat free;
        otherwise refused with nothing changed) or turned away; the phone is told."""
        offer = self._lobby.offer_of(number)
        name = offer.name
        if accept:
            self._need_phase("lobby")
            name = self._lobby.add("bot", offer.name, CUSTOM, offer.source).name
        self._lobby.offers.remove(offer)
        self._dirty = True
        return self._tell_offer(offer.phone, name, accept)

    def _tell_offer(self, phone: Member, name: str, seated: bool) -> Out:
        """The phone that offered a bot hears the answer: seated under ``name`` (its offer's,
        or as the table had to make it unique: "Clever 2"), or turned away."""
        if phone.peer is None:
            return []
        answer = {"v": VERSION, "type": "bot_answer", "name": name, "seated": seated}
        return [(phone.peer, answer)]

    def _deal(self, roster: list[Member]) -> None:
        """Deal a new game to ``roster``; refused (changing nothing) if it cannot be dealt."""
        lobby = self._lobby
        why = lobby.why_not(roster)
        if why is not None:
            raise ProtocolError(why, WHY_NOT[why])
        seed = game_seed(self._seed, self._games)
        options = lobby.engine_options()
        dealt: list[Event] = []  # what the starter set off, then the deal
        try:
            self._game = self._new_game(
                lobby.ruleset, len(roster), seed=seed, options=options, events=dealt
            )
        except ValueError as exc:
            raise ProtocolError("bad_options", str(exc)[:200]) from None
        names = [m.name for m in roster]
        started = self._clock.wall()
        self._record = Recorder(lobby.ruleset, len(roster), seed, options, names, started)
        for member in roster:
            member.misses = 0
        self._games += 1
        self._log.clear()  # a new game's log replaces the last one's everywhere
        lobby.fill(roster)
        self._play(dealt)

    def _play(self, events: list[Event]) -> None:
        self._phase = "playing"
        self._paused = False
        self._unattended = 0
        self._faults_said.clear()
        self._changed(events)

    def _next_hand(self) -> None:
        if self._playing().match_over is None:  # a one-hand game: its next is a rematch (D12)
            raise ProtocolError("not_allowed", "a game of one hand: deal a rematch")
        try:
            events = self._playing().next_hand()
        except IllegalAction as exc:
            raise ProtocolError("not_allowed", str(exc)[:200]) from None
        self._note("next_hand")
        self._play(events)

    def _rematch(self) -> None:
        """Rule 000 D12: the same seats plus spectators who asked to play (and are here), tokens
        kept; a new game with a new seed, so that the finished game's record (its seed shown)
        tells nothing of the next deal."""
        if self._playing().match_over is False:
            raise ProtocolError("not_allowed", "the match goes on; deal the next hand")
        self._deal(self._lobby.roster(present=True))

    def _to_lobby(self) -> None:
        """Everyone back to the lobby: missed turns mean nothing there, so no seat stays away
        (nor the host's answer about it); a phone that went shows as gone, as any."""
        for member in self._lobby.seats + self._lobby.spectators:
            member.misses = 0
            member.stand_in = member.kept = False
        self._phase = "lobby"
        self._paused = False
        self._clock.clear()
        self._log.clear()  # nothing of the last game reaches anyone in the lobby
        self._lobby.fill()
        self._looked()

    def _retime(self, before: dict[str, float | None]) -> None:
        """Timers changed during a game (they were ``before``): a change of the current
        decision's own timer starts that decision again with the new length (a disconnected
        seat keeps its grace), a change of the computers' pause moves them after the new one;
        any other change (or none) leaves the clocks as they run, paused or not."""
        if self._phase != "playing":
            return
        now = self._clock.now()
        timers = self._lobby.timers
        timer = self._timer()
        if timers[timer] != before.get(timer) and not self._grace_used:
            length = timers[timer]
            self._clock.deadline = None if length is None else now + length
        if timers["bot_pause"] != before.get("bot_pause"):
            pause = timers["bot_pause"] or 0.0
            self._clock.bots = {seat: now + pause for seat in self._clock.bots}

    def _remove(self, seat: int) -> Out:
        seats = self._lobby.seats
        if not 0 <= seat < len(seats) or seats[seat].removed:
            raise ProtocolError("not_seated", f"no seat {seat}")
        member = seats[seat]
        if self._phase == "lobby":
            del seats[seat]
            self._lobby.fill()
        else:  # playing, or between hands: the engine takes it out of the match (000 D16)
            member.removed = True
            events = self._playing().remove_seat(seat)
            self._note("remove", seat=seat)
            self._changed(events)
        token = member.token
        self._lobby.forget(member)
        self._watch_host()
        self._dirty = True
        return self._tell_removed(member, token)

    def _stand_in(self, seat: int, on: bool) -> None:
        """The host's answer about an away seat: a computer plays for it (``on``) or the table
        keeps waiting for it, whatever the lobby's ``away_bot`` says (a stand-in's move already
        due is dropped); either holds until its phone (or local player) acts itself."""
        seats = self._lobby.seats
        if self._phase == "lobby":
            raise ProtocolError("not_allowed", "only during a game")
        if not 0 <= seat < len(seats) or seats[seat].removed or seats[seat].kind == "bot":
            raise ProtocolError("not_seated", f"no player at seat {seat}")
        member = seats[seat]
        if not member.away:  # the question is asked of an away seat only: it was answered
            raise ProtocolError("not_found", f"seat {seat} is not away (any more)")
        member.stand_in, member.kept = on, not on
        if not member.played_by_computer(self._lobby.away_bot):
            self._clock.bots.pop(seat, None)
        if self._phase == "playing":
            self._computers({})

    def _blocked(self) -> bool:
        """The hand just over ended blocked: a full round of seats in play passed with nothing
        to play or draw (000 D7: the engine's ``idle`` count reached them), not stopped."""
        game = self._game
        if game is None or self._phase != "over":
            return False
        in_play = len(game.seats_in_play())
        return in_play >= 2 and game.idle >= in_play

    def _name_record(self) -> None:
        """The game's record names the players as every screen does now (after a rename, or a
        language switch that renamed the computers the table named); in the lobby the seats are
        no longer the game's, and the finished game's record stays as it is."""
        if self._record is not None and self._phase != "lobby":
            for seat, member in enumerate(self._lobby.seats):
                self._record.names[seat] = member.name

    def _record_message(self) -> Message:
        """The ``record`` message: the game's record as the TV offers it for download (after a
        hand or a match; docs/protocol.md)."""
        if self._record is None or self._phase != "over":
            raise ProtocolError("not_allowed", "the record is offered once a hand is over")
        game = self._playing()
        record = self._record.export(self._record.final(game))
        name = f"lastcard-{record['ruleset']}-{self._games}-hand{game.hand_number}.json"
        return {"v": VERSION, "type": "record", "name": name, "record": record}

    # ----------------------------------------------------------------- outgoing messages
    def _broadcast(self) -> Out:
        """The TV's and every connected phone's message, the shared part built once."""
        public, game, lobby = self._public, self._game, self._lobby
        common = views.shared(
            phase=self._phase,
            state=self._state,
            lobby=lobby,
            public=public,
            awaiting=self._awaiting,
            remaining=self._clock.remaining(),
            paused=self._paused,
            waiting=self._phase == "playing" and self._holding(),
            match=None if game is None else views.match_part(public, game.options),
            history=None if self._record is None else self._record.hands,
            record=self._record is not None,
            blocked=self._blocked(),
        )
        local = (
            {}
            if game is None or public is None
            else {
                str(seat): views.seat_view(game, public, seat)
                for seat, m in enumerate(lobby.seats)
                if m.kind == "local" and not m.removed
            }
        )
        log = self._log
        texts = lobby.texts()  # the same object while the settings stay the same
        tv = views.tv_message(
            common, public, log.take(TV), log.owners, local, self._rules_open, texts
        )
        out: Out = [(TV, tv)]
        for peer, member in self._peers.items():
            if member is None:
                continue
            seat = lobby.seat_of(member)
            view = (
                public
                if seat is None or game is None or public is None
                else views.seat_view(game, public, seat)
            )
            events = log.take(peer)
            new = events[1] or self._texts_sent.get(peer) is not texts
            self._texts_sent[peer] = texts
            message = views.phone_message(
                common,
                view,
                seat,
                events,
                log.owners,
                member,
                member is lobby.host,
                texts if new else None,
            )
            out.append((peer, message))
        return out


def _out_of_turn(action: str) -> bool:
    """An action another seat may take while a decision runs: a last-card call, a melee pass
    (000 D15: neither restarts the decision's clock when the decision stays the same)."""
    return action in ("last", "pass")
