"""The table controller: the authority between the engine and the connections.

It owns everything that is not a card rule: the lobby, seats and tokens, spectators, the decision
timers, pause, the reconnection grace, bots' turns, per-recipient views and persistence (rules 000
sections I and K, applied to every ruleset). Messages and connection events come in; per-recipient
messages go out as ``(to, message)`` pairs, ``to`` being a peer id or ``"tv"``. The clock is
injected: nothing here reads the time by itself.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from dataclasses import asdict, dataclass
from typing import Any

import lastcard
from lastcard import RULESETS, IllegalAction
from lastcard.bots import choose

from tablehost.protocol import HOST, VERSION, Message, ProtocolError, RateLimit, check, decode

Clock = Callable[[], float]
Out = list[tuple[str, Message]]

TV = "tv"
DEFAULT_TIMERS: dict[str, float | None] = {
    "turn": 20.0,
    "grace": 30.0,
    "melee": 5.0,
    "bot_pause": 1.0,
}
TIMER_RANGES = {
    "turn": (5.0, 3600.0),
    "grace": (5.0, 3600.0),
    "melee": (1.0, 600.0),
    "bot_pause": (0.0, 10.0),
}
OFFABLE = ("turn", "grace", "melee")  # bots always move, after at most their pause
MAX_SPECTATORS = 32
KEPT_EVENTS = 40  # the last events the table keeps (and saves)
RECENT_EVENTS = 12  # the recent log a full resend carries (a phone that joins or comes back)
TICK_STEPS = 10_000  # bound on the timer/bot steps one tick() may take
SNAPSHOT_FORMAT = 1
WHY_NOT = {
    "too_few": "not enough players for this ruleset",
    "too_many": "too many players for this ruleset",
    "vote": "the 9-card hand needs every seated phone to agree",
}


@dataclass
class Member:
    """A participant: a seat (phone, bot or local) or a spectator (always a phone)."""

    name: str
    kind: str = "phone"
    token: str | None = None  # phones only: the secret that brings a phone back to its place
    level: str | None = None  # bots only
    lang: str | None = None
    removed: bool = False  # a seat the host removed during the game (until the next deal)
    want: bool = True  # a spectator asked to play at the rematch
    peer: str | None = None  # the connected channel; never persisted

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready, without the peer (a restored table waits for every phone to return)."""
        data = asdict(self)
        del data["peer"]
        return data

    @property
    def connected(self) -> bool:
        """Bots and local seats are always there; a phone while it has a channel."""
        return self.kind != "phone" or self.peer is not None


def player_range(ruleset: str) -> tuple[int, int]:
    """The fewest and most players the ruleset allows."""
    game = RULESETS[ruleset]
    return game.MIN_PLAYERS, game.MAX_PLAYERS


class Table:
    """One table: lobby, seats, game, timers. See docs/design.md ("Controller") for the API and
    docs/protocol.md for the messages."""

    def __init__(
        self,
        clock: Clock,
        seed: int = 0,
        *,
        bot_playouts: int | None = None,
        new_game: Callable[..., lastcard.Game] = lastcard.new_game,
    ) -> None:
        """``clock`` gives seconds; ``seed`` makes the deals and bots reproducible;
        ``bot_playouts`` bounds the hard bot (else it uses the clock's time budget);
        ``new_game`` deals a game like :func:`lastcard.new_game` (tests pass one with ``setup``)."""
        self._clock = clock
        self._seed = seed
        self._bot_playouts = bot_playouts
        self._new_game = new_game
        self._games = 0  # games dealt so far (each new game gets its own seed)
        self._phase = "lobby"
        self._ruleset = "poslednyaya"
        self._options: dict[str, Any] = {}
        self._timers = dict(DEFAULT_TIMERS)
        self._seats: list[Member] = []
        self._spectators: list[Member] = []
        self._votes: dict[str, bool] = {}  # token -> agrees to the 9-card hand
        self._game: Any = None
        self._state = 0  # the state id actions must answer
        self._events: list[dict[str, Any]] = []
        self._event_n = 0
        self._paused = False
        self._rules_open = False
        # game time runs only while the game runs (not paused, not holding); deadlines are in it
        now = clock()
        self._gtime = 0.0
        self._since = now
        self._running = False
        self._deadline: float | None = None
        self._grace_used = False
        self._bots_due: dict[int, float] = {}
        self._peers: dict[str, Member | None] = {}
        self._limits: dict[str, RateLimit] = {}
        self._sent: dict[str, int] = {}  # recipient -> the last event number it was sent
        self._dirty = False

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
        """A command from the TV page (docs/protocol.md, "Host commands"). Never raises: a
        refused command gets an ``error`` to the TV and changes nothing."""
        return self._run(lambda now: self._host(check(command, HOST, versioned=False)), reply_to=TV)

    def tick(self) -> Out:
        """Fire the timers and bot moves that are due."""
        return self._run(lambda now: self._tick())

    def next_deadline(self) -> float | None:
        """The clock time at which :meth:`tick` is due next, or ``None``."""
        due = self._next_due()
        if due is None or not self._running:
            return None
        return self._since + max(0.0, due[0] - self._gtime)

    def snapshot(self) -> dict[str, Any]:
        """The whole table, JSON-ready; timers as remaining durations."""
        now = self._game_now()
        return {
            "format": SNAPSHOT_FORMAT,
            "seed": self._seed,
            "games": self._games,
            "phase": self._phase,
            "ruleset": self._ruleset,
            "options": self._options,
            "timers": self._timers,
            "seats": [m.to_dict() for m in self._seats],
            "spectators": [m.to_dict() for m in self._spectators],
            "votes": self._votes,
            "game": None if self._game is None else self._game.to_dict(),
            "state": self._state,
            "events": self._events,
            "event_n": self._event_n,
            "paused": self._paused,
            "rules_open": self._rules_open,
            "deadline": None if self._deadline is None else self._deadline - now,
            "grace_used": self._grace_used,
            "bots_due": {str(seat): due - now for seat, due in self._bots_due.items()},
        }

    @classmethod
    def restore(cls, snap: dict[str, Any], clock: Clock, **kwargs: Any) -> Table:
        """Resume a :meth:`snapshot` (``kwargs`` as for the constructor); every phone is
        disconnected until it says ``hello`` with its token again."""
        if snap.get("format") != SNAPSHOT_FORMAT:
            raise ValueError("not a table snapshot of this version")
        table = cls(clock, snap["seed"], **kwargs)
        table._games = snap["games"]
        table._phase = snap["phase"]
        table._ruleset = snap["ruleset"]
        table._options = dict(snap["options"])
        table._timers = dict(snap["timers"])
        table._seats = [Member(**m) for m in snap["seats"]]
        table._spectators = [Member(**m) for m in snap["spectators"]]
        table._votes = dict(snap["votes"])
        if snap["game"] is not None:
            table._game = RULESETS[table._ruleset].from_dict(snap["game"])
        table._state = snap["state"]
        table._events = list(snap["events"])
        table._event_n = snap["event_n"]
        table._paused = snap["paused"]
        table._rules_open = snap["rules_open"]
        table._deadline = snap["deadline"]
        table._grace_used = snap["grace_used"]
        table._bots_due = {int(seat): due for seat, due in snap["bots_due"].items()}
        table._grace()
        table._running = table._should_run()
        return table

    # ----------------------------------------------------------------- the frame of every call
    def _run(self, step: Callable[[float], Out], reply_to: str | None = None) -> Out:
        now = self._clock()
        if self._running:
            self._gtime += now - self._since
        self._since = now
        self._dirty = False
        try:
            out = step(now)
        except ProtocolError as refused:
            out = [] if reply_to is None else [(reply_to, refused.message())]
        except Exception:  # a bug must not take the table down: resync everyone
            if reply_to is None:
                raise
            out = [(reply_to, ProtocolError("internal", "the table failed here").message())]
            self._sent.clear()
            self._dirty = True
        self._running = self._should_run()
        if self._dirty:
            out.extend(self._broadcast())
        return out

    def _game_now(self) -> float:
        return self._gtime + (self._clock() - self._since if self._running else 0.0)

    def _should_run(self) -> bool:
        return self._phase == "playing" and not self._paused and not self._holding()

    def _holding(self) -> bool:
        """Rule 000 54: every human player is disconnected (and there is one)."""
        humans = [m for m in self._active() if m.kind != "bot"]
        return bool(humans) and not any(m.connected for m in humans)

    def _active(self) -> list[Member]:
        return [m for m in self._seats if not m.removed]

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
        return []

    def _drop_peer(self, peer: str) -> None:
        member = self._peers.pop(peer, None)
        self._limits.pop(peer, None)
        self._sent.pop(peer, None)
        if member is not None:
            member.peer = None
            self._dirty = True

    def _grace(self) -> None:
        """Rules 000 42/44: a disconnected awaited seat (not in a melee window) gets the grace,
        once per decision."""
        grace = self._timers["grace"]
        if self._phase != "playing" or self._grace_used or grace is None or self._melee():
            return
        if not self._seats[self._awaited()[0]].connected:
            self._deadline = self._game_now() + grace
            self._grace_used = True

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
            return self._hello(peer, member, message)
        if member is None:
            raise ProtocolError("hello_first", "say hello first")
        if kind == "play":
            if member not in self._spectators:
                raise ProtocolError("not_allowed", "only a spectator asks to play")
            member.want = message["want"]
            if self._phase == "lobby":
                self._fill_seats()
            self._dirty = True
            return []
        seat = self._seat_of(member)
        if kind == "vote":
            if self._phase == "playing":
                raise ProtocolError("not_lobby", "votes are taken between games")
            assert member.token is not None
            self._votes[member.token] = message["agree"]
            self._dirty = True
            return []
        return self._act(seat, message["action"], message["state"])

    def _seat_of(self, member: Member) -> int:
        if member not in self._seats or member.removed:
            raise ProtocolError("not_seated", "spectators do not play")
        return self._seats.index(member)

    def _hello(self, peer: str, member: Member | None, message: Message) -> Out:
        """Join (no token), come back (a token), or rename (again on the same channel)."""
        token = message.get("token")
        out: Out = []
        if member is not None:  # a rename: the same participant, a new name
            if token is not None and token != member.token:
                raise ProtocolError("already_joined", "this channel is someone else already")
            member.name = message["name"]
        elif token is not None:
            member = self._by_token(token)
            if member is None:
                raise ProtocolError("bad_token", "unknown token; say hello without one")
            if member.peer is not None and member.peer != peer:
                out.append((member.peer, ProtocolError("replaced", "opened elsewhere").message()))
                self._peers[member.peer] = None
        else:
            member = Member(name=message["name"], token=secrets.token_urlsafe(16))
            member.want = message.get("play", True)
            if self._phase == "lobby" and member.want and len(self._seats) < self._max_players():
                self._seats.append(member)
            elif len(self._spectators) < MAX_SPECTATORS:
                self._spectators.append(member)
            else:
                raise ProtocolError("full", "no room left, not even to watch")
        member.lang = message.get("lang", member.lang)
        member.peer = peer
        self._peers[peer] = member
        self._sent.pop(peer, None)  # its next view is a full one
        seat = self._seats.index(member) if member in self._seats else None
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

    def _by_token(self, token: str) -> Member | None:
        for member in self._seats + self._spectators:
            if member.token is not None and secrets.compare_digest(member.token, token):
                return member
        return None

    # ----------------------------------------------------------------- the game
    def _act(self, seat: int, action: str, state: int) -> Out:
        if self._phase != "playing":
            raise ProtocolError("not_playing", "no hand is being played")
        if self._paused:
            raise ProtocolError("paused", "the game is paused")
        if state != self._state:
            raise ProtocolError("stale", f"the table is at state {self._state}")
        try:
            events = self._game.apply(seat, action)
        except IllegalAction as exc:
            raise ProtocolError("illegal", str(exc)[:200]) from None
        self._changed(events)
        return []

    def _changed(self, events: list[dict[str, Any]]) -> None:
        """After every engine change: a new state id, the events kept, a fresh decision."""
        self._state += 1
        for event in events:
            self._event_n += 1
            self._events.append({**event, "n": self._event_n})
        del self._events[:-KEPT_EVENTS]
        self._dirty = True
        self._grace_used = False
        self._bots_due = {}
        if self._game.public_view()["over"]:
            self._phase = "over"
            self._deadline = None
            return
        now = self._game_now()
        length = self._timers["melee" if self._melee() else "turn"]
        self._deadline = None if length is None else now + length
        self._grace()
        pause = self._timers["bot_pause"] or 0.0
        for seat, member in enumerate(self._seats):
            if member.kind == "bot" and not member.removed and self._game.legal_actions(seat):
                self._bots_due[seat] = now + pause

    def _melee(self) -> bool:
        pending = self._game.public_view()["pending"]
        return isinstance(pending, dict) and pending.get("kind") == "melee"

    def _awaited(self) -> list[int]:
        """Who the game waits on (design.md): the melee responders, else the turn seat."""
        if self._phase != "playing":
            return []
        if self._melee():
            return [
                seat
                for seat, member in enumerate(self._seats)
                if not member.removed and any(a != "last" for a in self._game.legal_actions(seat))
            ]
        return [int(self._game.public_view()["turn"])]

    def _next_due(self) -> tuple[float, int] | None:
        """The earliest of the bots' moves (seat >= 0) and the decision deadline (seat -1)."""
        dues = [(due, seat) for seat, due in self._bots_due.items()]
        if self._deadline is not None:
            dues.append((self._deadline, -1))
        return min(dues) if dues else None

    def _tick(self) -> Out:
        for _ in range(TICK_STEPS):
            due = self._next_due()
            if not self._running or due is None or due[0] > self._gtime:
                break
            seat = due[1]
            if seat < 0:
                events = self._game.time_out()
            else:
                action = self._bot_choice(seat)
                if action is None:  # it declines for now: the decision timer runs on
                    del self._bots_due[seat]
                    continue
                events = self._game.apply(seat, action)
            self._changed(events)
            self._running = self._should_run()
        return []

    def _bot_choice(self, seat: int) -> str | None:
        member = self._seats[seat]
        seed = (self._seed * 1_000_003 + self._state * 64 + seat) % 2**32
        level = member.level or "normal"
        return choose(self._game, seat, level, seed, clock=self._clock, playouts=self._bot_playouts)

    # ----------------------------------------------------------------- host commands
    def _host(self, command: Message) -> Out:
        kind = command["type"]
        if kind == "pause":
            self._need_phase("playing")
            self._paused = True
        elif kind == "resume":
            self._need_phase("playing")
            self._paused = False
        elif kind == "rules":
            self._rules_open = command["open"]
        elif kind == "refresh":  # nothing changes; the TV and every phone get full messages again
            self._sent.clear()
        elif kind == "local_action":
            if (
                not (0 <= command["seat"] < len(self._seats))
                or self._seats[command["seat"]].kind != "local"
            ):
                raise ProtocolError("not_seated", "not a local seat")
            return self._act(
                self._seat_of(self._seats[command["seat"]]), command["action"], command["state"]
            )
        elif kind == "remove":
            return self._remove(command["seat"])
        elif kind == "next_hand":
            self._need_phase("over")
            self._next_hand()
        elif kind == "rematch":
            self._need_phase("over")
            self._rematch()
        elif kind == "lobby":
            self._need_phase("over")
            self._to_lobby()
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
            self._configure(command)
        elif kind == "start":
            self._deal(self._seats)
        else:  # add_bot, add_local
            if len(self._seats) >= self._max_players():
                raise ProtocolError("full", "every seat is taken")
            if kind == "add_bot":
                level = command["level"]
                number = 1 + sum(m.kind == "bot" for m in self._seats)
                self._seats.append(
                    Member(name=command.get("name", f"Bot {number}"), kind="bot", level=level)
                )
            else:
                self._seats.append(Member(name=command["name"], kind="local"))

    def _configure(self, command: Message) -> None:
        ruleset = command.get("ruleset", self._ruleset)
        if ruleset not in RULESETS:
            raise ProtocolError("bad_options", f"unknown ruleset {ruleset[:64]!r}")
        options = dict(command.get("options", self._options if ruleset == self._ruleset else {}))
        if "agreed" in options:
            raise ProtocolError("bad_options", "the 9-card agreement comes from the phones' vote")
        timers = {**self._timers, **command.get("timers", {})}
        for key, value in timers.items():
            if key not in TIMER_RANGES:
                raise ProtocolError("bad_options", f"unknown timer {key[:64]!r}")
            low, high = TIMER_RANGES[key]
            if value is None and key in OFFABLE:
                continue
            if (
                isinstance(value, bool)
                or not isinstance(value, (int, float))
                or not low <= value <= high
            ):
                raise ProtocolError("bad_options", f"timer {key}: seconds in {low:g}..{high:g}")
        try:  # the engine is the judge of options
            lastcard.new_game(
                ruleset, player_range(ruleset)[0], seed=0, options=_engine_options(options, True)
            )
        except (ValueError, TypeError) as exc:
            raise ProtocolError("bad_options", str(exc)[:200]) from None
        if options != self._options or ruleset != self._ruleset:
            self._votes = {}
        self._ruleset, self._options = ruleset, options
        self._timers = {
            key: None if value is None else float(value) for key, value in timers.items()
        }
        self._fill_seats()

    def _vote_needed(self) -> bool:
        return bool(self._options.get("hand_size") == 9)

    def _roster(self) -> list[Member]:
        """Who sits at the next deal: the seats still in, then the spectators who asked to play,
        in join order, while there is room."""
        seats = self._active()
        keen = [m for m in self._spectators if m.want]
        return seats + keen[: max(0, self._max_players() - len(seats))]

    def _why_not(self, roster: list[Member]) -> str | None:
        """Why no game can be dealt to ``roster`` (an error code), or ``None``."""
        low, high = player_range(self._ruleset)
        if len(roster) < low:
            return "too_few"
        if len(roster) > high:
            return "too_many"
        phones = [m for m in roster if m.kind == "phone"]
        if self._vote_needed() and not all(self._votes.get(m.token or "") for m in phones):
            return "vote"
        return None

    def _max_players(self) -> int:
        return player_range(self._ruleset)[1]

    def _fill_seats(self, roster: list[Member] | None = None) -> None:
        """Seat ``roster`` (by default: spectators who asked to play move up while there is
        room, and removed seats go)."""
        self._seats = self._roster() if roster is None else roster
        self._spectators = [m for m in self._spectators if m not in self._seats]

    def _deal(self, roster: list[Member]) -> None:
        """Deal a new game to ``roster``; refused (changing nothing) if it cannot be dealt."""
        why = self._why_not(roster)
        if why is not None:
            raise ProtocolError(why, WHY_NOT[why])
        seed = (self._seed * 7919 + self._games) % 2**32
        options = _engine_options(self._options, self._vote_needed())
        try:
            self._game = self._new_game(self._ruleset, len(roster), seed=seed, options=options)
        except ValueError as exc:
            raise ProtocolError("bad_options", str(exc)[:200]) from None
        self._games += 1
        self._events = []
        self._sent.clear()  # a new game's log replaces the last one's everywhere
        self._fill_seats(roster)
        self._play([])

    def _play(self, events: list[dict[str, Any]]) -> None:
        self._phase = "playing"
        self._paused = False
        self._changed(events)

    def _next_hand(self) -> None:
        try:
            events = self._game.next_hand()
        except IllegalAction as exc:
            raise ProtocolError("not_allowed", str(exc)[:200]) from None
        self._play(events)

    def _rematch(self) -> None:
        """Rule 000 D12: the same seats plus spectators who asked to play, tokens kept."""
        match_over = self._game.public_view()["match_over"]
        if match_over is False:
            raise ProtocolError("not_allowed", "the match goes on; deal the next hand")
        roster = self._roster()
        if roster == self._seats and match_over is None:
            self._next_hand()  # a one-hand game (poslednyaya): next_hand() is the rematch
        else:
            self._deal(roster)

    def _to_lobby(self) -> None:
        self._phase = "lobby"
        self._deadline = None
        self._bots_due = {}
        self._fill_seats()

    def _remove(self, seat: int) -> Out:
        if not 0 <= seat < len(self._seats) or self._seats[seat].removed:
            raise ProtocolError("not_seated", f"no seat {seat}")
        member = self._seats[seat]
        if self._phase == "lobby":
            del self._seats[seat]
            self._fill_seats()
        elif self._phase == "playing":
            member.removed = True
            self._changed(self._game.remove_seat(seat))
        else:
            member.removed = True
        self._votes.pop(member.token or "", None)
        member.token = None  # its phone may come back only as a new spectator
        self._dirty = True
        if member.peer is None:
            return []
        peer, member.peer = member.peer, None
        self._peers[peer] = None
        return [(peer, {"v": VERSION, "type": "removed", "message": "removed by the host"})]

    # ----------------------------------------------------------------- outgoing messages
    def _broadcast(self) -> Out:
        """The TV's and every connected phone's message, the shared part built once."""
        public = self._public()
        shared = self._shared(public)
        in_game = self._game is not None and self._phase != "lobby"
        local = {
            str(seat): self._game.view(seat)
            for seat, m in enumerate(self._seats)
            if m.kind == "local" and not m.removed and in_game
        }
        tv = {
            "v": VERSION,
            "type": "tv",
            **shared,
            "view": public,
            **self._events_for(TV, None),
            "local": local,
            "spectators": [
                {"name": m.name, "connected": m.connected, "play": m.want} for m in self._spectators
            ],
            "rules_open": self._rules_open,
        }
        out: Out = [(TV, tv)]
        for peer, member in self._peers.items():
            if member is not None:
                out.append((peer, self._phone_message(peer, member, shared, public)))
        return out

    def _phone_message(
        self, peer: str, member: Member, shared: dict[str, Any], public: dict[str, Any] | None
    ) -> Message:
        seated = member in self._seats and not member.removed
        seat = self._seats.index(member) if seated else None
        view = public if seat is None or public is None else self._game.view(seat)
        return {
            "v": VERSION,
            "type": "view",
            **shared,
            "seat": seat,
            "role": "player" if seated else "spectator",
            "view": view,
            **self._events_for(peer, seat),
            "play": None if seated else member.want,
        }

    def _public(self) -> dict[str, Any] | None:
        return (
            self._game.public_view() if self._game is not None and self._phase != "lobby" else None
        )

    def _shared(self, public: dict[str, Any] | None) -> dict[str, Any]:
        """What the TV and every phone see alike (``public``: the game's public view, if any)."""
        remaining = (
            None
            if self._deadline is None
            else max(0.0, round(self._deadline - self._game_now(), 1))
        )
        result = None
        if self._phase == "over" and public is not None:
            result = {
                "winners": public["winners"],
                "scores": public["scores"],
                "match_over": public["match_over"],
                "match_winners": public["match_winners"],
                "stopped": public["winners"] == [],
            }
        seats = [
            {
                "seat": seat,
                "name": m.name,
                "kind": m.kind,
                "level": m.level,
                "connected": m.connected,
                "lang": m.lang,
                "removed": m.removed,
                "count": None if public is None else public["counts"][seat],
                "score": None
                if public is None or public["scores"] is None
                else public["scores"][seat],
            }
            for seat, m in enumerate(self._seats)
        ]
        why_not = self._why_not(self._seats) if self._phase == "lobby" else None
        lobby = {
            "ruleset": self._ruleset,
            "options": self._options,
            "timers": self._timers,
            "rulesets": {
                name: dict(zip(("min", "max"), player_range(name), strict=True))
                for name in RULESETS
            },
            "votes": {
                str(seat): self._votes[m.token]
                for seat, m in enumerate(self._seats)
                if m.token in self._votes
            },
            "vote_needed": self._vote_needed(),
            "can_start": self._phase == "lobby" and why_not is None,
            "why_not": why_not,
        }
        return {
            "phase": self._phase,
            "state": self._state,
            "seats": seats,
            "awaiting": self._awaited(),
            "remaining": remaining,
            "paused": self._paused,
            "waiting": self._phase == "playing" and self._holding(),
            "lobby": lobby,
            "result": result,
        }

    def _events_for(self, to: str, seat: int | None) -> dict[str, Any]:
        """The ``events`` of ``to``'s next message, as ``seat`` may see them (drawn cards only in
        its own draws): the ones since its previous message, or with ``events_reset`` the recent
        log when it has none yet (joined, came back, refresh, a new game)."""
        reset = to not in self._sent
        if reset:
            events = self._events[-RECENT_EVENTS:]
        else:
            after = self._sent[to]
            events = [e for e in self._events if e["n"] > after]
        self._sent[to] = self._event_n
        return {
            "events": [
                e
                if e.get("type") != "draw" or e.get("seat") == seat
                else {k: v for k, v in e.items() if k != "cards"}
                for e in events
            ],
            "events_reset": reset,
        }


def _engine_options(options: dict[str, Any], agreed: bool) -> dict[str, Any]:
    """The lobby's options as the engine takes them: ``agreed`` only for the 9-card hand."""
    if options.get("hand_size") == 9 and agreed:
        return {**options, "agreed": True}
    return dict(options)
