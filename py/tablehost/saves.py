"""Checking a saved table before it is trusted (issue 15, "saves that are checked").

:func:`check_snapshot` refuses a snapshot that breaks an invariant of the controller (seats,
spectators, tokens, timers, phase, the event log) or of the engine (the game rebuilt from it: seats,
hands, counts, every card of the deck accounted for exactly once, whose turn, what is pending) with
a :class:`ValueError` whose text says what is wrong. A snapshot it accepts restores to a table
that plays on: the game is rebuilt and tried on a copy (its time-out, every legal action of the
seats it waits on, the computer players' choices) before the table takes it.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import partial
from typing import Any

from lastcard import RULESETS, Game, replay
from lastcard.bots import LEVELS, choose
from lastcard.cards import BASE, COLOURS, RANK, SUITS

from tablehost.events import KEPT_EVENTS
from tablehost.lobby import (
    CUSTOM,
    MAX_REMOVED,
    TABLE_TIMERS,
    Member,
    check_options,
    offable,
    player_range,
    timer_ranges,
)
from tablehost.protocol import LANGS, MAX_FIELD, MAX_SOURCE, ProtocolError, clean_name, visible

PHASES = ("lobby", "playing", "over")
KINDS = ("phone", "bot", "local")
MEMBER_FIELDS = {
    "name",
    "kind",
    "token",
    "level",
    "lang",
    "removed",
    "want",
    "barred",
    "held",
    "id",
    "misses",
    "stand_in",
    "kept",
    "source",
    "bot_number",
}
TOP_FIELDS = {
    "format", "seed", "games", "phase", "ruleset", "options", "timers", "seats", "spectators",
    "votes", "game", "state", "events", "event_n", "paused", "rules_open", "deadline",
    "grace_used", "bots_due",
}  # fmt: skip
# absent from saves made before they were kept
OPTIONAL_FIELDS = {
    "event_owners", "joins", "host", "record", "away_bot", "removed_tokens", "removed_names",
    "lang",
}  # fmt: skip
NAMES_SEEN = ("", *COLOURS, *SUITS)  # the colour or suit in force of a seen position
RANKS = frozenset(RANK.values())
TRIED_ACTIONS = 64  # at most this many actions are tried on copies of a restored game


class Damaged(ValueError):
    """A snapshot that must not be restored; the text says why."""


def _need(ok: bool, why: str) -> None:
    if not ok:
        raise Damaged(why)


def _is_int(value: Any, low: int = 0, high: int = 2**53) -> bool:
    return type(value) is int and low <= value <= high


def _is_number(value: Any) -> bool:
    return type(value) in (int, float) and math.isfinite(value) and abs(value) <= 1e12


def check_snapshot(snap: Any) -> Game | None:
    """Raise :class:`Damaged` (a ValueError) unless ``snap`` is a table snapshot every invariant
    holds in; return its game, rebuilt and tried (``None`` if it has none)."""
    try:
        return _check(snap)
    except Damaged:
        raise
    except Exception as exc:  # damage of a kind no check foresaw: refused all the same
        raise Damaged(f"the save is damaged: {type(exc).__name__}: {exc}"[:240]) from None


def _check(snap: Any) -> Game | None:
    _need(isinstance(snap, dict), "a table snapshot is a JSON object")
    missing = TOP_FIELDS - set(snap)
    extra = set(snap) - TOP_FIELDS - OPTIONAL_FIELDS
    _need(not missing, f"fields missing: {', '.join(sorted(missing))}")
    _need(not extra, f"unknown fields: {', '.join(sorted(map(str, extra)))[:200]}")
    _need(_is_int(snap["seed"], high=2**128), "seed is not a whole number in 0..2**128")
    _need(_is_int(snap["games"]), "games is not a whole number >= 0")
    for name in ("state", "event_n"):  # a message may name a state up to 2**53: room to play on
        _need(_is_int(snap[name], high=2**52), f"{name} is not a whole number in 0..2**52")
    for name in ("paused", "rules_open", "grace_used"):
        _need(type(snap[name]) is bool, f"{name} is not true or false")
    _need(snap["phase"] in PHASES, f"unknown phase {snap['phase']!r:.64}")
    ruleset = snap["ruleset"]
    _need(isinstance(ruleset, str) and ruleset in RULESETS, f"unknown ruleset {ruleset!r:.64}")
    _check_settings(snap)
    members = _check_members(snap)
    game = _check_game(snap) if snap["game"] is not None else None
    phase = snap["phase"]
    if phase != "lobby":
        _need(game is not None, f"the table is {phase} but holds no game")
        assert game is not None
        _need(game.players == len(snap["seats"]), "the game's seats are not the table's seats")
        _need(game.over == (phase == "over"), f"the table is {phase} but the game says otherwise")
        for seat, member in enumerate(snap["seats"]):
            _need(
                game.removed[seat] == member["removed"],
                f"seat {seat} is out of the game but not removed at the table"
                if game.removed[seat]
                else f"seat {seat} is removed at the table but still in the game",
            )
    else:
        # a lobby may hold more seats than its game takes (seated under a larger game, then the
        # game changed: the lobby says `too_many`), never more than the largest game takes
        high = max(player_range(name)[1] for name in RULESETS)
        _need(
            len(snap["seats"]) <= high,
            f"{len(snap['seats'])} seats; no game takes more than {high}",
        )
    _check_clock(snap, game)
    _check_log(snap, members)
    _check_record(snap, game)
    if game is not None and phase != "lobby":
        _try(game, snap)
    return game


def _check_settings(snap: dict[str, Any]) -> None:
    options, timers = snap["options"], snap["timers"]
    try:  # the ruleset judges options, as in the lobby
        check_options(snap["ruleset"], options)
    except ProtocolError as exc:
        raise Damaged(f"options refused: {exc.text}") from None
    ranges = timer_ranges()
    _need(  # a ruleset's own timer added since the save is filled in with its default
        isinstance(timers, dict) and set(TABLE_TIMERS) <= set(timers) <= set(ranges),
        "timers are not the table's",
    )
    for key, value in timers.items():
        low, high = ranges[key]
        ok = (value is None and offable(key)) or (
            type(value) in (int, float) and low <= value <= high
        )
        _need(ok, f"timer {key}: not off and not seconds in {low:g}..{high:g}")


def _check_members(snap: dict[str, Any]) -> dict[int, dict[str, Any]]:
    """Seats and spectators; their tokens and phones' ids are each unique; the host phone and
    the count of joins agree with them. Returns phone id -> member."""
    seats, spectators = snap["seats"], snap["spectators"]
    _need(isinstance(seats, list) and isinstance(spectators, list), "seats are not lists")
    tokens: set[str] = set()
    ids: dict[int, dict[str, Any]] = {}
    for where, member in [("seat", m) for m in seats] + [("spectator", m) for m in spectators]:
        _need(isinstance(member, dict), f"a {where} is not an object")
        _need(set(member) <= MEMBER_FIELDS and "name" in member, f"a {where} has unknown fields")
        name, kind = member["name"], member.get("kind", "phone")
        _need(
            isinstance(name, str) and clean_name(name) == name and visible(name),
            f"a {where}'s name is not a clean name",
        )
        _need(kind in KINDS, f"{name!r}: unknown kind {kind!r:.64}")
        _need(where == "seat" or kind == "phone", f"{name!r}: a spectator is a phone")
        token, level, lang = member.get("token"), member.get("level"), member.get("lang")
        _need(
            token is None or (isinstance(token, str) and 0 < len(token) <= MAX_FIELD),
            f"{name!r}: a bad token",
        )
        _need(token is None or kind == "phone", f"{name!r}: only a phone has a token")
        _need(
            token is not None or kind != "phone" or member.get("removed", False),
            f"{name!r}: a phone with no token could never come back",
        )
        _need(token is None or token not in tokens, f"{name!r}: a token used twice")
        if token is not None:
            tokens.add(token)
        _need(
            (level in LEVELS or level == CUSTOM) == (kind == "bot"),
            f"{name!r}: a level is for bots only",
        )
        source = member.get("source")
        _need(
            (source is None) != (level == CUSTOM)
            and (source is None or (isinstance(source, str) and len(source) <= MAX_SOURCE)),
            f"{name!r}: a bad source (only a custom bot has one)",
        )
        _need(lang is None or lang in LANGS, f"{name!r}: unknown language")
        number = member.get("bot_number")
        _need(
            number is None or (kind == "bot" and _is_int(number, 1, 2**31)),
            f"{name!r}: a bot number is for bots only",
        )
        for flag in ("removed", "want", "barred", "stand_in", "kept"):
            _need(type(member.get(flag, False)) is bool, f"{name!r}: {flag} is not a boolean")
        held = member.get("held")
        _need(
            held is None or (isinstance(held, str) and 0 < len(held) <= MAX_FIELD),
            f"{name!r}: held is not a name",
        )
        _need(held is None or member.get("barred", False), f"{name!r}: held but not barred")
        _need(where == "seat" or not member.get("removed", False), "a removed spectator")
        _need(where == "spectator" or not member.get("barred", False), "a barred seat")
        _need(_is_int(member.get("misses", 0), 0, 2**31), f"{name!r}: misses is not a count")
        ident = member.get("id", 0)  # 0: not a phone, or a phone saved before ids were kept
        _need(_is_int(ident, 0, 2**31) and ident not in ids, f"{name!r}: an id used twice")
        _need(ident == 0 or kind == "phone", f"{name!r}: only a phone has an id")
        if ident:
            ids[ident] = member
    joins, host = snap.get("joins", 0), snap.get("host")
    _need(_is_int(joins, 0, 2**31) and all(i <= joins for i in ids), "the count of joins")
    _need(host is None or (type(host) is int and host in ids), "the host phone is not here")
    _need(host is None or not ids[host].get("removed", False), "the host phone was removed")
    _need(type(snap.get("away_bot", False)) is bool, "away_bot is not true or false")
    _need(snap.get("lang", "en") in LANGS, "the table's language is unknown")
    removed = snap.get("removed_tokens", [])
    _need(
        isinstance(removed, list)
        and len(removed) <= MAX_REMOVED
        and all(isinstance(t, str) and 0 < len(t) <= MAX_FIELD for t in removed)
        and len(set(removed)) == len(removed)
        and not tokens & set(removed),
        "removed_tokens are not distinct tokens of nobody at the table",
    )
    names = snap.get("removed_names", [])
    _need(
        isinstance(names, list)
        and len(names) <= MAX_REMOVED
        and all(isinstance(n, str) and n == n.casefold() and 0 < len(n) <= MAX_FIELD for n in names)
        and len(set(names)) == len(names),
        "removed_names are not distinct casefolded names",
    )
    votes = snap["votes"]
    _need(isinstance(votes, dict), "votes are not an object")
    for token, agree in votes.items():
        _need(token in tokens and type(agree) is bool, "a vote of nobody at the table")
    return ids


def _check_record(snap: dict[str, Any], game: Game | None) -> None:
    """The game's record (lastcard.replay), if any: well formed, of this table's game."""
    record = snap.get("record")
    if record is None:
        return
    try:
        replay.check(record, sealed=False)
    except replay.RecordError as exc:
        raise Damaged(f"the game record: {exc}"[:240]) from None
    _need(
        _is_int(record["seed"]) and _is_number(record.get("started", 0.0)),
        "the game record has no seed or start time",
    )
    if game is not None and snap["phase"] != "lobby":
        _need(
            record["ruleset"] == snap["ruleset"] and record["players"] == game.players,
            "the game record is of another game",
        )


def _check_game(snap: dict[str, Any]) -> Game:
    """Rebuild the game and check the engine's invariants on it (``Game.check``)."""
    data = snap["game"]
    _need(isinstance(data, dict), "the game is not an object")
    _need(data.get("ruleset") == snap["ruleset"], "the game's ruleset is not the table's")
    _need(_is_int(data.get("rng"), 0, 2**64), "the game's random state is damaged")
    _check_seen(data)  # before the engine reads it: its position table is shared by all games
    try:
        game = RULESETS[snap["ruleset"]].from_dict(data)
    except Exception as exc:  # a damaged game may fail in any way: say so, and stop here
        raise Damaged(f"the game cannot be rebuilt: {type(exc).__name__}: {exc}"[:240]) from None
    try:
        game.check()
    except ValueError as exc:
        raise Damaged(f"the game: {str(exc)[:200]}") from None
    return game


#: the fields of a last play the table has seen (``beliefs.Seen``), with a 7's ``target`` too
SEEN_KEYS = {"cards", "name", "active", "direction", "discard", "held"}


def _check_seen(data: dict[str, Any]) -> None:
    """What the table has seen of each hand (``ruled_out``, ``last_play``): positions and plays
    made of real colours, suits, ranks and cards, one entry per seat and per card held."""
    players, hands = data.get("players"), data.get("hands")
    _need(_is_int(players, 1, 64), "the game's player count")
    if not isinstance(hands, list) or len(hands) != players:
        raise Damaged("the game's hands per seat")
    _need(all(isinstance(h, list) for h in hands), "a hand is not a list")
    ruled_out, last_play = data.get("ruled_out"), data.get("last_play")
    if ruled_out is not None:
        _need(
            isinstance(ruled_out, list)
            and len(ruled_out) == players
            and all(
                isinstance(held, list) and len(held) == len(hand)
                for held, hand in zip(ruled_out, hands, strict=True)
            ),
            "what the table has seen of each hand",
        )
        for held in ruled_out:
            for known in held:
                _need(isinstance(known, list), "a position the table has seen")
                for position in known:
                    _need(
                        isinstance(position, list)
                        and len(position) == 2
                        and position[0] in NAMES_SEEN
                        and position[1] in RANKS,
                        "a position the table has seen",
                    )
    if last_play is not None:
        _need(isinstance(last_play, list) and len(last_play) == players, "the last plays")
        for seen in last_play:
            if seen is None:
                continue
            _need(
                isinstance(seen, dict)
                and set(seen) - {"target"} == SEEN_KEYS
                and ("target" not in seen or _is_int(seen["target"], 0, players - 1))
                and isinstance(seen["cards"], list)
                and all(isinstance(c, str) and c in BASE for c in seen["cards"])
                and (seen["name"] is None or seen["name"] in COLOURS + SUITS)
                and (seen["active"] is None or seen["active"] in COLOURS + SUITS)
                and seen["direction"] in (1, -1)
                and _is_int(seen["discard"])
                and _is_int(seen["held"]),
                "a last play the table has seen",
            )


def _played_by_computer(member: dict[str, Any], away_bot: bool) -> bool:
    """A bot, or a seat a computer stands in for (:meth:`Member.played_by_computer`)."""
    seat = Member(**member)  # its fields are checked already (_check_members)
    return seat.kind == "bot" or seat.played_by_computer(away_bot)


def _check_clock(snap: dict[str, Any], game: Game | None) -> None:
    _need(snap["deadline"] is None or _is_number(snap["deadline"]), "the decision deadline")
    bots = snap["bots_due"]
    _need(isinstance(bots, dict), "the computer players' moves")
    for seat, due in bots.items():
        _need(isinstance(seat, str) and seat.isdigit() and _is_number(due), "a computer's move")
        number = int(seat)
        _need(
            snap["phase"] == "playing"
            and number < len(snap["seats"])
            and _played_by_computer(snap["seats"][number], snap.get("away_bot", False))
            and not snap["seats"][number].get("removed", False),
            f"a move due for seat {number}, which is not a computer in play",
        )


def _check_log(snap: dict[str, Any], members: dict[int, dict[str, Any]]) -> None:
    events = snap["events"]
    _need(isinstance(events, list) and len(events) <= KEPT_EVENTS, "the event log")
    last = 0
    for event in events:
        _need(isinstance(event, dict) and isinstance(event.get("type"), str), "an event")
        n = event.get("n")
        _need(_is_int(n, last + 1, snap["event_n"]), "the events' numbers")
        last = n
    owners = snap.get("event_owners", {})
    _need(isinstance(owners, dict), "who drew which cards")
    numbers = {str(e["n"]) for e in events}
    for n, who in owners.items():
        _need(n in numbers and type(who) is int, "who drew which cards")


def _try(game: Game, snap: dict[str, Any]) -> None:
    """Play the game on copies: its views, its time-out, the actions of the seats it waits on and
    the computer players' choices must all work."""
    tries: list[tuple[str, Callable[[], object]]] = []
    players = game.players
    for seat in range(players):
        tries.append((f"seat {seat}'s view", partial(game.view, seat)))
    tries.append(("the public view", game.public_view))
    tries.append(("a time-out", lambda: game.clone().time_out()))
    if game.over:
        tries.append(("the next hand", lambda: _next_hand(game.clone())))
    budget = TRIED_ACTIONS
    for seat in range(players):
        actions = game.legal_actions(seat)
        for action in actions[: max(0, budget)]:
            tries.append((f"seat {seat}'s {action!r}", partial(_apply, game, seat, action)))
        budget -= len(actions)
        member = snap["seats"][seat]
        if member.get("kind") == "bot" and member.get("level") != CUSTOM and actions:
            level = member.get("level") or "normal"
            tries.append((f"computer {seat}", partial(choose, game, seat, level, 0, playouts=2)))
    for what, step in tries:
        try:
            step()
        except Exception as exc:
            raise Damaged(f"the game fails on {what}: {type(exc).__name__}: {exc}"[:240]) from None


def _apply(game: Game, seat: int, action: str) -> None:
    game.clone().apply(seat, action)


def _next_hand(game: Game) -> None:
    if not game.match_over and len(game.seats_in_play()) >= 2:
        game.next_hand()
