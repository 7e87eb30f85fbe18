"""The lobby: who sits where and what the next game is (rules 000 sections I and K).

:class:`Lobby` keeps the participants — seats (phones, bots, local players) and spectators — and
the settings of the next deal: ruleset, options, timers and the phones' agreement to options that
need it. It decides who is dealt in (:meth:`Lobby.roster`) and why a deal cannot start
(:meth:`Lobby.why_not`). It knows nothing of connections, the clock or the game being played.
"""

from __future__ import annotations

import re
import secrets
from dataclasses import asdict, dataclass
from typing import Any, TypedDict

from lastcard import RULESETS, Game, describe, rules_text
from lastcard.base import AGREED, Options, Timers
from lastcard.registry import Description, RulesText

from tablehost.protocol import MAX_NAME, Message, ProtocolError

DEFAULT_RULESET = next(iter(RULESETS))  # the engine's first
TABLE_TIMERS: dict[str, tuple[float, float, float | None]] = {
    "turn": (5.0, 3600.0, 20.0),
    "grace": (5.0, 3600.0, 30.0),
    "bot_pause": (0.0, 10.0, 1.0),
}
"""The table's own timers: name -> (fewest seconds, most, default). A ruleset adds its own
(``Game.TIMERS``: last-one's melee window)."""
MAX_SPECTATORS = 32
AWAY_AFTER = 2  # decisions in a row a seat lets time out before it is shown away
FORCE_STAND_IN = 5  # ... after which a computer plays for it even with away_bot off (a hand ends)
MAX_REMOVED = 64  # removed phones' tokens and names remembered (they come back only to watch)
CUSTOM = "custom"  # the level of a player's own bot (its ``source`` runs in a worker of its own)
MAX_OFFERS = 8  # bots brought by phones waiting for the host's answer
BOT_NAMES = {"en": "Bot {n}", "ru": "Компьютер {n}"}
"""A computer seat's name when the host gives it none, in the table's language (``Lobby.lang``)
with the seat's number; it follows the language when that changes."""
WHY_NOT = {
    "too_few": "not enough players for this ruleset",
    "too_many": "too many players for this ruleset",
    "vote": "these options need every seated phone to agree",
    "hand_too_big": "the deck cannot deal this many cards to this many players",
}


@dataclass(eq=False)
class Member:
    """A participant: a seat (phone, bot or local) or a spectator (always a phone). Compared by
    identity: two local seats may carry the same name."""

    name: str
    kind: str = "phone"
    token: str | None = None  # phones only: the secret that brings a phone back to its place
    level: str | None = None  # bots only: easy, normal, hard or CUSTOM
    source: str | None = None  # a CUSTOM bot's Python source (docs/bots.md)
    lang: str | None = None
    removed: bool = False  # a seat the host removed during the game (until the next deal)
    want: bool = True  # a spectator asked to play at the rematch
    barred: bool = False  # a spectator the host removed: it watches, seated only if let back in
    held: str | None = None  # barred for its name alone: the removed phone's name it joined under
    id: int = 0  # phones: the join order (1, 2, ...), public; names the phone in host commands
    misses: int = 0  # decisions in a row its timer ran out on (reset when it acts itself)
    stand_in: bool = False  # the host let a computer play for it (until it acts itself)
    kept: bool = False  # the host chose to keep waiting for it (until it acts itself)
    bot_number: int | None = None  # a bot the table named: its number ("Bot 2", BOT_NAMES)
    peer: str | None = None  # the connected channel; never persisted
    gone: float | None = None  # clock time its phone disconnected (phones only); not persisted

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready, without the peer (a restored table waits for every phone to return)."""
        data = asdict(self)
        del data["peer"], data["gone"]
        for field in ("source", "bot_number", "held"):  # a custom bot, a bot the table named,
            if data[field] is None:  # a phone held for its name: only theirs
                del data[field]
        return data

    @property
    def away(self) -> bool:
        """It let :data:`AWAY_AFTER` decisions in a row time out and has not acted since."""
        return self.misses >= AWAY_AFTER

    def played_by_computer(self, away_bot: bool) -> bool:
        """A computer plays for this seat now: it is away and the host says so, or the lobby's
        ``away_bot`` does and the host did not choose to keep waiting for this seat (``kept``),
        or it let :data:`FORCE_STAND_IN` decisions in a row time out (so that no hand waits for
        good on a phone nobody holds)."""
        if self.kind == "bot" or not self.away:
            return False
        return self.stand_in or (away_bot and not self.kept) or self.misses >= FORCE_STAND_IN

    @property
    def connected(self) -> bool:
        """Bots and local seats are always there; a phone while it has a channel."""
        return self.kind != "phone" or self.peer is not None


@dataclass(eq=False)
class Offer:
    """A bot a phone brought (``bring_bot``), waiting for the host to seat it or refuse it.
    Not saved: after a reload the phone brings it again."""

    id: int
    phone: Member
    name: str
    source: str


class Agreement(TypedDict):
    """An option whose value needs every seated phone's agreement now (``lobby.agree``)."""

    name: str
    value: int | bool


class Texts(TypedDict):
    """A ruleset's words for a table's settings (the messages' ``texts``): its rules text and
    its event words, each in every language."""

    rules: RulesText
    events: dict[str, dict[str, str]]


_DESCRIPTIONS: dict[type[Game], Description] = {}


def description(ruleset: str) -> Description:
    """The ruleset as the engine describes it (players, options, timers, names, features): the
    lobby checks against it and the pages render from it; no ruleset is named here. Worked out
    once per ruleset class (shared: callers do not change it)."""
    kind = RULESETS[ruleset]
    found = _DESCRIPTIONS.get(kind)
    if found is None:
        found = _DESCRIPTIONS[kind] = describe(ruleset)
    return found


_RULES: dict[tuple[object, ...], Texts] = {}


def texts(ruleset: str, options: Options, timers: Timers) -> Texts:
    """The words of ``ruleset`` for these options and timers, in every language: its rules
    text (``rules``) and its event words (``events``): the messages' ``texts``, worked out once
    for each such setting."""
    key = (RULESETS[ruleset], *sorted(options.items()), *sorted(timers.items()))
    found = _RULES.get(key)
    if found is None:
        if len(_RULES) > 64:
            _RULES.clear()
        found = _RULES[key] = {
            "rules": rules_text(ruleset, options, timers),
            "events": RULESETS[ruleset].event_words(),
        }
    return found


def player_range(ruleset: str) -> tuple[int, int]:
    """The fewest and most players the ruleset allows."""
    kind = RULESETS[ruleset]
    return kind.MIN_PLAYERS, kind.MAX_PLAYERS


def timer_ranges() -> dict[str, tuple[float, float]]:
    """Every timer a table keeps: its own and every ruleset's, name -> (fewest, most seconds)."""
    ranges = {name: (low, high) for name, (low, high, _) in TABLE_TIMERS.items()}
    for kind in RULESETS.values():
        ranges.update({name: (t.low, t.high) for name, t in kind.TIMERS.items()})
    return ranges


def default_timers() -> dict[str, float | None]:
    """Every timer at its default (the table's own and every ruleset's)."""
    timers = {name: default for name, (_, _, default) in TABLE_TIMERS.items()}
    for kind in RULESETS.values():
        timers.update({name: t.default for name, t in kind.TIMERS.items()})
    return timers


def offable(name: str) -> bool:
    """The timer may be off (``None``): every timer but the computers' pause (bots always
    move, after at most their pause)."""
    return name != "bot_pause"


def needing_agreement(ruleset: str, options: Options) -> list[Agreement]:
    """The options whose values need every seated phone's agreement (above the option's high
    bound, up to what agreement allows), as ``{"name", "value"}``."""
    return [
        {"name": name, "value": options[name]}
        for name, spec in RULESETS[ruleset].OPTIONS.items()
        if spec.agree_high is not None
        and spec.high is not None
        and type(options.get(name)) is int
        and options[name] > spec.high
    ]


def check_options(ruleset: str, options: object) -> Options:
    """The host's options for ``ruleset``, checked by the ruleset (``Game.check_options``: names,
    types, bounds up to what agreement allows, the hand fitting the deck); ProtocolError
    ``bad_options`` says what is wrong. The agreement itself is the phones' (their votes)."""
    kind = RULESETS[ruleset]
    if not isinstance(options, dict):
        raise ProtocolError("bad_options", "options are an object")
    if AGREED in options:
        raise ProtocolError("bad_options", f"{AGREED!r} comes from the phones' agreement")
    try:
        kind.check_options(engine_options(ruleset, options, True))
    except ValueError as exc:
        raise ProtocolError("bad_options", str(exc)[:200]) from None
    return dict(options)


def engine_options(ruleset: str, options: Options, agreed: bool) -> Options:
    """The lobby's options as the engine takes them: with ``agreed``, the phones' agreement is
    given where an option needs it."""
    if agreed and needing_agreement(ruleset, options):
        return {**options, AGREED: True}
    return dict(options)


class Lobby:
    """The participants and the settings of the next deal."""

    def __init__(self) -> None:
        self.ruleset = DEFAULT_RULESET
        self.options: Options = {}
        self.timers = default_timers()
        self.seats: list[Member] = []
        self.spectators: list[Member] = []
        self.votes: dict[str, bool] = {}  # token -> agrees to the options that need it
        self.joins = 0  # phones joined so far (the next one's id is joins + 1)
        self.host: Member | None = None  # the host phone (besides the TV), if any
        self.away_bot = False  # a computer plays for away seats until their phone acts again
        self.lang = "en"  # the table's (the TV's) language: that of the bots' names it gave
        self.removed_tokens: list[str] = []  # of phones the host removed that are not here now
        #: the names of phones the host removed (casefolded), until the host lets one in: a new
        #: phone under one of them (the removed player from another browser) joins barred too
        self.removed_names: list[str] = []
        self.offers: list[Offer] = []  # bots phones brought, waiting for the host's answer
        self.offered = 0  # offers made so far (the next one's id is offered + 1)

    # ----------------------------------------------------------------- who is here
    def active(self) -> list[Member]:
        """The seats still in (not removed by the host)."""
        return [m for m in self.seats if not m.removed]

    def seat_of(self, member: Member) -> int | None:
        """``member``'s seat number, or ``None`` for a spectator or a removed seat."""
        if member.removed:
            return None
        for seat, other in enumerate(self.seats):
            if other is member:
                return seat
        return None

    def by_token(self, token: str) -> Member | None:
        """The participant holding ``token`` (compared in constant time)."""
        for member in self.seats + self.spectators:
            if member.token is not None and secrets.compare_digest(member.token, token):
                return member
        return None

    def max_players(self) -> int:
        """The most players the current ruleset allows."""
        return player_range(self.ruleset)[1]

    # ----------------------------------------------------------------- joining and seating
    def join(self, name: str, want: bool, in_lobby: bool, *, barred: bool = False) -> Member:
        """A new phone: seated if it wants to play, the table is in the lobby and a seat is
        free; else a spectator; refused (``full``) past the spectators' limit. A ``barred`` phone
        (one the host removed), or one named as a removed phone was (``held``), only watches,
        not asking to play, until the host lets it in."""
        held = name.casefold() if name.casefold() in self.removed_names and not barred else None
        member = Member(
            name=self.unique(name),
            token=secrets.token_urlsafe(16),
            want=want and not (barred or held),
            barred=barred or held is not None,
            held=held,
            id=self.joins + 1,
        )
        if in_lobby and member.want and len(self.seats) < self.max_players():
            self.seats.append(member)
        elif len(self.spectators) < MAX_SPECTATORS:
            self.spectators.append(member)
        else:
            raise ProtocolError("full", "no room left, not even to watch")
        self.joins += 1
        if self.host is None and not member.barred:  # the first phone to join becomes the host
            self.host = member
        return member

    # ----------------------------------------------------------------- the host phone
    def phones(self) -> list[Member]:
        """Every phone still at the table (seated and not removed, or watching), in join order."""
        here = [m for m in self.seats if m.kind == "phone" and not m.removed and m.token]
        return sorted(here + [m for m in self.spectators if m.token], key=lambda m: m.id)

    def by_id(self, number: int) -> Member | None:
        """The phone with the public id ``number`` still at the table, or ``None``."""
        return next((m for m in self.phones() if m.id == number), None)

    def next_host(self, after: Member) -> Member | None:
        """Who takes the host role from ``after``: the next phone in join order (wrapping round),
        a connected one first, never one the host removed (``barred``); ``None`` when no other
        phone is here."""
        others = [m for m in self.phones() if m is not after and not m.barred]
        ordered = [m for m in others if m.id > after.id] + [m for m in others if m.id < after.id]
        return next((m for m in ordered if m.connected), ordered[0] if ordered else None)

    def add(
        self,
        kind: str,
        name: str | None = None,
        level: str | None = None,
        source: str | None = None,
    ) -> Member:
        """The host adds a bot (``level``; a CUSTOM one with its ``source``) or a local seat
        (``name``), under ``name`` made unique; the seat. A bot without a ``name`` is named by
        the table, in its language, with its number ("Bot 2", «Компьютер 2»)."""
        if len(self.seats) >= self.max_players():
            raise ProtocolError("full", "every seat is taken")
        if kind == "bot":
            number = None
            if not name:  # the next number whose name is free ("Bot 3" past a custom "Bot 2")
                number = 1 + sum(m.kind == "bot" for m in self.seats)
                taken = self._taken()
                while self.bot_name(number).casefold() in taken:
                    number += 1
            name = self.unique(name or self.bot_name(number))
            member = Member(name=name, kind="bot", level=level, source=source, bot_number=number)
        else:
            member = Member(name=self.unique(name or ""), kind="local")
        self.seats.append(member)
        return member

    def bot_name(self, number: int | None) -> str:
        """The name of the table's bot ``number`` in the table's language."""
        return BOT_NAMES[self.lang].format(n=number)

    def speak(self, lang: str) -> bool:
        """The table's language is now ``lang``: the bots it named are named in it (a name the
        host gave stays as it is). Whether anything changed: the language, or a name not yet in
        it (a table saved before it named its bots, :meth:`from_dict`)."""
        changed = lang != self.lang
        self.lang = lang
        for member in self.seats:
            if member.bot_number is not None:
                name = self.unique(self.bot_name(member.bot_number), member)
                changed = changed or name != member.name
                member.name = name
        return changed

    def offer(self, phone: Member, name: str, source: str) -> Offer:
        """A phone brings a bot: it waits for the host's answer (a phone's newer offer replaces
        its older one); refused (``full``) past :data:`MAX_OFFERS`."""
        self.offers = [o for o in self.offers if o.phone is not phone]
        if len(self.offers) >= MAX_OFFERS:
            raise ProtocolError("full", "too many bots are waiting for the host's answer")
        self.offered += 1
        found = Offer(self.offered, phone, name, source)
        self.offers.append(found)
        return found

    def offer_of(self, number: int) -> Offer:
        """The offer ``number`` waiting for the host (``not_found`` if there is none)."""
        found = next((o for o in self.offers if o.id == number), None)
        if found is None:
            raise ProtocolError("not_found", f"no bot {number} waiting")
        return found

    def unique(self, name: str, member: Member | None = None) -> str:
        """``name``, or with a distinguishing suffix ("Anna 2") if someone else here has it."""
        taken = self._taken(member)
        if name.casefold() not in taken:
            return name
        for number in range(2, 2 + len(taken) + 1):
            suffix = f" {number}"
            candidate = name[: MAX_NAME - len(suffix)] + suffix
            if candidate.casefold() not in taken:
                return candidate
        raise AssertionError("unreachable: fewer names are taken than tried")

    def _taken(self, member: Member | None = None) -> set[str]:
        """The names (case-folded) of everyone here but ``member``."""
        others = [m for m in self.seats + self.spectators if m is not member and not m.removed]
        return {m.name.casefold() for m in others}

    def roster(self, *, present: bool = False) -> list[Member]:
        """Who sits at the next deal: the seats still in, then the spectators who asked to play
        and are here, in join order, while there is room. With ``present`` (a rematch), a seat
        whose phone is away is not dealt in either."""
        seats = [m for m in self.active() if m.connected or not present]
        keen = [m for m in self.spectators if m.want and m.connected and not m.barred]
        return seats + keen[: max(0, self.max_players() - len(seats))]

    def fill(self, roster: list[Member] | None = None) -> None:
        """Seat ``roster`` (by default: spectators who asked to play move up while there is
        room, and removed seats go). A seat still in but not in ``roster`` (its phone was away
        at a rematch) watches, asking to play at the next deal."""
        roster = self.roster() if roster is None else roster
        for member in self.active():
            if member not in roster:
                member.want = True
                self.spectators.append(member)
        self.seats = roster
        self.spectators = [m for m in self.spectators if m not in roster]

    def forget(self, member: Member, *, removed: bool = True) -> None:
        """A participant that left for good: its vote and its token go; the host role passes to
        the next phone. A ``removed`` one (the host removed it, or it was barred) is remembered:
        its phone comes back only as a barred spectator (:meth:`was_removed`); any other's old
        token is simply unknown."""
        if self.host is member:
            self.host = self.next_host(member)
        self.offers = [o for o in self.offers if o.phone is not member]
        self.votes.pop(member.token or "", None)
        if removed and member.token is not None:
            self.removed_tokens.append(member.token)
            del self.removed_tokens[:-MAX_REMOVED]
            name = member.name.casefold()
            if name not in self.removed_names:
                self.removed_names.append(name)
                del self.removed_names[:-MAX_REMOVED]
        member.token = None

    def was_removed(self, token: str) -> bool:
        """``token`` was a phone's the host removed (then it is spent: true once; the phone
        comes back with a new token, and that one is remembered when it leaves again)."""
        for kept in self.removed_tokens:
            if secrets.compare_digest(kept, token):
                self.removed_tokens.remove(kept)
                return True
        return False

    # ----------------------------------------------------------------- the next deal
    def configure(self, command: Message) -> None:
        """The host's ``configure``: checked whole (the ruleset judges the options), then
        applied; a refused one changes nothing. ``options`` replaces the options (a new ruleset
        starts from its defaults), ``set_options`` changes only the ones it names: the TV and
        the host phone each send just what they changed, so neither undoes the other's change
        from a lobby it had not seen yet."""
        ruleset = command.get("ruleset", self.ruleset)
        if ruleset not in RULESETS:
            raise ProtocolError("bad_options", f"unknown ruleset {ruleset[:64]!r}")
        options = command.get("options", self.options if ruleset == self.ruleset else {})
        options = check_options(ruleset, {**options, **command.get("set_options", {})})
        timers = self.checked_timers(command.get("timers", {}))
        if options != self.options or ruleset != self.ruleset:
            self.votes = {}
        self.away_bot = command.get("away_bot", self.away_bot)
        self.ruleset, self.options = ruleset, options
        self.timers = timers
        self.fill()

    def checked_timers(self, changes: dict[str, Any]) -> dict[str, float | None]:
        """The timers with ``changes`` applied, checked (``bad_options``), not yet kept."""
        timers = {**default_timers(), **self.timers, **changes}
        ranges = timer_ranges()
        for key, value in timers.items():
            if key not in ranges:
                raise ProtocolError("bad_options", f"unknown timer {key[:64]!r}")
            low, high = ranges[key]
            if value is None and offable(key):
                continue
            if (
                isinstance(value, bool)
                or not isinstance(value, (int, float))
                or not low <= value <= high
            ):
                raise ProtocolError("bad_options", f"timer {key}: seconds in {low:g}..{high:g}")
        return {key: None if value is None else float(value) for key, value in timers.items()}

    def let_in(self, member: Member) -> None:
        """The host lets a barred spectator play again: it asks to play (and, in the lobby,
        moves up when a seat is free), and takes the host role if nobody has it, as a phone that
        joins does."""
        if member.held in self.removed_names:
            self.removed_names.remove(member.held)
        member.barred, member.held = False, None
        member.want = True
        if self.host is None:
            self.host = member

    def vote(self, member: Member, agree: bool) -> None:
        """A seated phone agrees (or not) to the options that need it (any change of the
        options clears the votes, so an agreement is always to the options as they are)."""
        assert member.token is not None
        self.votes[member.token] = agree

    def needing_agreement(self) -> list[Agreement]:
        """The options that need every seated phone's agreement, ``{"name", "value"}``."""
        return needing_agreement(self.ruleset, self.options)

    def vote_needed(self) -> bool:
        """The options ask for every seated phone's agreement."""
        return bool(self.needing_agreement())

    def why_not(self, roster: list[Member]) -> str | None:
        """Why no game can be dealt to ``roster`` (an error code), or ``None``."""
        low, high = player_range(self.ruleset)
        if len(roster) < low:
            return "too_few"
        if len(roster) > high:
            return "too_many"
        try:  # the hand size fits the deck for these seats (checked for the fewest until now)
            RULESETS[self.ruleset].check_options(
                engine_options(self.ruleset, self.options, True), len(roster)
            )
        except ValueError:
            return "hand_too_big"
        phones = [m for m in roster if m.kind == "phone"]
        if self.vote_needed() and not all(self.votes.get(m.token or "") for m in phones):
            return "vote"
        return None

    def texts(self) -> Texts:
        """The words of the next game's ruleset, options and timers (:func:`texts`): only the
        ruleset's own timers enter them (the turn time is the rules screen's own section)."""
        own = RULESETS[self.ruleset].TIMERS
        return texts(self.ruleset, self.engine_options(), {k: self.timers.get(k) for k in own})

    def engine_options(self) -> Options:
        """The options as the engine takes them (with the phones' agreement where needed)."""
        return engine_options(self.ruleset, self.options, self.vote_needed())

    # ----------------------------------------------------------------- persistence
    def to_dict(self) -> dict[str, Any]:
        """The lobby's part of a table snapshot."""
        return {
            "ruleset": self.ruleset,
            "options": dict(self.options),
            "timers": dict(self.timers),
            "seats": [m.to_dict() for m in self.seats],
            "spectators": [m.to_dict() for m in self.spectators],
            "votes": dict(self.votes),
            "joins": self.joins,
            "host": None if self.host is None else self.host.id,
            "away_bot": self.away_bot,
            "removed_tokens": list(self.removed_tokens),
            "removed_names": list(self.removed_names),
            "lang": self.lang,
        }

    @classmethod
    def from_dict(cls, snap: dict[str, Any]) -> Lobby:
        """The lobby of a table snapshot (:meth:`to_dict`'s keys)."""
        lobby = cls()
        lobby.ruleset = snap["ruleset"]
        lobby.options = dict(snap["options"])
        lobby.timers = {**default_timers(), **snap["timers"]}
        lobby.seats = [Member(**m) for m in snap["seats"]]
        lobby.spectators = [Member(**m) for m in snap["spectators"]]
        lobby.votes = dict(snap["votes"])
        lobby.joins = snap.get("joins", 0)
        lobby.host = None if snap.get("host") is None else lobby.by_id(snap["host"])
        for member in lobby.seats + lobby.spectators:  # a phone saved before ids were kept
            if member.kind == "phone" and not member.id:
                lobby.joins += 1
                member.id = lobby.joins
        lobby.away_bot = bool(snap.get("away_bot", False))
        lobby.removed_tokens = list(snap.get("removed_tokens", []))
        lobby.removed_names = list(snap.get("removed_names", []))
        if "lang" in snap:
            lobby.lang = snap["lang"]
        else:  # saved before the table named its bots: the pages did, in their language then
            for member in lobby.seats:
                if member.kind == "bot" and member.level != CUSTOM:
                    member.bot_number = _bot_number(member.name)
        return lobby


def _bot_number(name: str) -> int | None:
    """The number in ``name`` when it is a name the table gives a bot, in any language ("Bot 2",
    «Компьютер 2»: :data:`BOT_NAMES`), else ``None``."""
    for pattern in BOT_NAMES.values():
        before, after = (re.escape(part) for part in pattern.split("{n}"))
        found = re.fullmatch(f"{before}([1-9][0-9]{{0,8}}){after}", name)
        if found:
            return int(found[1])
    return None
