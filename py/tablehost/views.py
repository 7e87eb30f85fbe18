"""What each recipient is sent: pure functions from the table's state to messages.

The TV gets the public view plus everything the host screen needs; a seated phone its own view
(its hand and legal actions); a spectator the public view. The engine's public view is built once
per change by the table and shared by every message of a broadcast: nothing here mutates it, and
no message carries a card another seat may not see (docs/protocol.md).
"""

from __future__ import annotations

from typing import Any, NotRequired, TypedDict

from lastcard import RULESETS, Game
from lastcard.base import Options, Timers, Words
from lastcard.game import PRIVATE_CARDS, Event, PublicView, SeatView
from lastcard.registry import Description
from lastcard.replay import HandResult

from tablehost.events import TV_OWNER
from tablehost.lobby import Agreement, Lobby, Member, Texts, description, player_range
from tablehost.protocol import VERSION, Message


class RulesetEntry(TypedDict):
    """A ruleset in the lobby message's ``rulesets``: its player range and its names."""

    min: int
    max: int
    name: Words


class HandLine(TypedDict):
    """One hand's line in a result's ``history``."""

    hand: int
    winners: list[int] | None
    scores: list[int] | None
    eliminated: list[int]


class Result(TypedDict):
    """``result``: how the hand (and the match) that just ended came out."""

    winners: list[int] | None
    scores: list[int] | None
    match_over: bool | None
    match_winners: list[int] | None
    blocked: bool
    stopped: bool
    history: list[HandLine]
    record: bool


class MatchPart(TypedDict):
    """``match``: which hand of a scored match this is, what ends it and who dealt."""

    hand: int
    of: int | bool | None
    out_at: int | bool | None
    first_to: int | bool | None
    dealer: int


class SeatRow(TypedDict):
    """A row of ``seats``: who sits there and how they are doing."""

    seat: int
    name: str
    kind: str
    level: str | None
    connected: bool
    lang: str | None
    removed: bool
    away: bool
    stand_in: bool
    kept: bool
    count: int | None
    score: int | None
    id: int | None
    host: bool


class SpectatorRow(TypedDict):
    """A row of ``spectators``."""

    name: str
    connected: bool
    play: bool
    id: int
    host: bool
    removed: bool
    name_removed: NotRequired[bool]  # only there (true) for a phone held for its name


#: a bot a phone brought, waiting for the host's answer (``from`` is a keyword: the functional form)
OfferRow = TypedDict("OfferRow", {"id": int, "name": str, "from": int, "by": str, "size": int})


class LobbyPart(TypedDict):
    """``lobby``: the next game's settings, the votes and whether it can start."""

    ruleset: str
    options: Options
    timers: Timers
    #: (both absent from a phone's message in play when it has them as they are: ``lean``)
    rulesets: NotRequired[dict[str, RulesetEntry]]
    votes: dict[str, bool]
    vote_needed: bool
    agree: list[Agreement]
    description: NotRequired[Description]
    away_bot: bool
    can_start: bool
    why_not: str | None
    offers: list[OfferRow]


class Shared(TypedDict):
    """What the TV and every phone see alike (``shared``)."""

    phase: str
    state: int
    seats: list[SeatRow]
    spectators: list[SpectatorRow]
    awaiting: list[int]
    remaining: float | None
    paused: bool
    waiting: bool
    lobby: LobbyPart
    match: MatchPart | None
    result: Result | None


def ruleset_list() -> dict[str, RulesetEntry]:
    """The lobby message's ``rulesets``: id -> ``{"min", "max"}`` players and ``name`` (in
    every language), in the engine's order."""
    out: dict[str, RulesetEntry] = {}
    for ruleset in RULESETS:
        low, high = player_range(ruleset)
        out[ruleset] = {"min": low, "max": high, "name": description(ruleset)["name"]}
    return out


def seat_view(game: Game, public: PublicView, seat: int) -> SeatView:
    """``game.view(seat)`` built on the public view already made for this change."""
    return {
        **public,
        "seat": seat,
        "hand": list(game.hands[seat]),
        "legal": game.legal_actions(seat),
    }


def _without_cards(event: Event) -> Event:
    shown = event.copy()
    del shown["cards"]
    return shown


def redact(events: list[Event], owners: dict[int, int], viewer: int | None) -> list[Event]:
    """``events`` as the phone ``viewer`` (its :attr:`Member.id`; ``None`` for the TV) may see
    them: a draw's cards (and a challenge's shown hand) only if ``viewer`` is the phone that drew
    them (that challenged: ``owners``). The TV sees the hand a challenge showed a seat played on
    it (``TV_OWNER``): the TV is that challenger's screen. Its draws stay out of the TV's log, as
    every seat's do: they are in the hand the TV shows."""

    def seen(e: Event) -> bool:
        owner = owners.get(e["n"])
        if viewer is None:
            return e.get("type") == "challenge" and owner == TV_OWNER
        return owner == viewer

    return [
        _without_cards(e) if e.get("type") in PRIVATE_CARDS and "cards" in e and not seen(e) else e
        for e in events
    ]


def result(
    public: PublicView, history: list[HandResult], record: bool, blocked: bool = False
) -> Result:
    """The outcome of the hand (and the match) that just ended, every hand's result so far
    (``history``: running scores, winners, eliminated seats), whether the TV may offer the
    game's record, and whether the hand ended ``blocked`` (nobody could play or draw)."""
    return {
        "winners": public["winners"],
        "scores": public["scores"],
        "match_over": public["match_over"],
        "match_winners": public["match_winners"],
        "blocked": blocked,
        # the hand, or the match (a removal between hands), stopped with no winner
        "stopped": not blocked and (public["winners"] == [] or public["match_winners"] == []),
        "history": [
            {
                "hand": hand["hand"],
                "winners": hand["winners"],
                "scores": hand["scores"],
                "eliminated": hand["eliminated"],
            }
            for hand in history
        ],
        "record": record,
    }


def match_part(public: PublicView | None, options: Options) -> MatchPart | None:
    """Which hand of a scored match this is, what ends the match and who dealt (``None`` for a
    one-hand game): ``of`` hands in all, ``out_at`` an elimination score, ``first_to`` a target.
    ``options`` are the game's options as the engine took them (defaults included)."""
    if public is None or public["scores"] is None:
        return None
    return {
        "hand": public["hand_number"],
        "of": options.get("hands"),
        "out_at": options.get("threshold"),
        "first_to": options.get("target"),
        "dealer": public["dealer"],
    }


def seat_rows(
    seats: list[Member],
    public: PublicView | None,
    host: Member | None = None,
    away_bot: bool = False,
) -> list[SeatRow]:
    """One row per seat: who sits there, whether they are here, their card count and score,
    the phone's public ``id``, whether it is the ``host`` phone, and for an away seat whether a
    computer plays for it (``stand_in``) or the host chose to keep waiting (``kept``)."""
    counts = None if public is None else public["counts"]
    scores = None if public is None else public["scores"]
    return [
        {
            "seat": seat,
            "name": m.name,
            "kind": m.kind,
            "level": m.level,
            "connected": m.connected,
            "lang": m.lang,
            "removed": m.removed,
            "away": m.away,
            "stand_in": m.played_by_computer(away_bot),
            "kept": m.kept,
            "count": None if counts is None else counts[seat],
            "score": None if scores is None else scores[seat],
            "id": m.id if m.kind == "phone" else None,
            "host": m is host,
        }
        for seat, m in enumerate(seats)
    ]


def spectator_rows(spectators: list[Member], host: Member | None) -> list[SpectatorRow]:
    """One row per spectator: name, connection, whether it asked to play, id, host, and
    whether the host removed it (``removed``: it only watches until the host lets it in; with
    ``name_removed`` a new phone held for a removed phone's name)."""
    rows: list[SpectatorRow] = []
    for m in spectators:
        row: SpectatorRow = {
            "name": m.name,
            "connected": m.connected,
            "play": m.want,
            "id": m.id,
            "host": m is host,
            "removed": m.barred,
        }
        if m.held is not None:
            row["name_removed"] = True
        rows.append(row)
    return rows


def lobby_part(lobby: Lobby, in_lobby: bool) -> LobbyPart:
    """The ``lobby`` object: the next game's settings, the votes and whether it can start."""
    why_not = lobby.why_not(lobby.seats) if in_lobby else None
    return {
        "ruleset": lobby.ruleset,
        "options": lobby.options,
        "timers": lobby.timers,
        "rulesets": ruleset_list(),
        "votes": {
            str(seat): lobby.votes[m.token]
            for seat, m in enumerate(lobby.seats)
            if m.token in lobby.votes
        },
        "vote_needed": lobby.vote_needed(),
        "agree": lobby.needing_agreement(),
        "description": description(lobby.ruleset),
        "away_bot": lobby.away_bot,
        "can_start": in_lobby and why_not is None,
        "why_not": why_not,
        "offers": [
            {
                "id": o.id,
                "name": o.name,
                "from": o.phone.id,
                "by": o.phone.name,
                "size": len(o.source),
            }
            for o in lobby.offers
        ],
    }


def shared(
    *,
    phase: str,
    state: int,
    lobby: Lobby,
    public: PublicView | None,
    awaiting: list[int],
    remaining: float | None,
    paused: bool,
    waiting: bool,
    match: MatchPart | None = None,
    history: list[HandResult] | None = None,
    record: bool = False,
    blocked: bool = False,
) -> Shared:
    """What the TV and every phone see alike (``public``: the game's public view, if any)."""
    return {
        "phase": phase,
        "state": state,
        "seats": seat_rows(lobby.seats, public, lobby.host, lobby.away_bot),
        "spectators": spectator_rows(lobby.spectators, lobby.host),
        "awaiting": awaiting,
        "remaining": remaining,
        "paused": paused,
        "waiting": waiting,
        "lobby": lobby_part(lobby, phase == "lobby"),
        "match": match,
        "result": (
            result(public, history or [], record, blocked)
            if phase == "over" and public is not None
            else None
        ),
    }


def tv_message(
    common: Shared,
    public: PublicView | None,
    events: tuple[list[Event], bool],
    owners: dict[int, int],
    local: dict[str, Any],
    rules_open: bool,
    texts: Texts,
) -> Message:
    """The TV's message: the public view, every local seat's own view (the spectators are in
    ``common``, as for every phone) and the ruleset's words for its settings (``texts``)."""
    return {
        "v": VERSION,
        "type": "tv",
        **common,
        "texts": texts,
        "view": public,
        "events": redact(events[0], owners, None),
        "events_reset": events[1],
        "local": local,
        "rules_open": rules_open,
    }


def phone_message(
    common: Shared,
    view: PublicView | None,
    seat: int | None,
    events: tuple[list[Event], bool],
    owners: dict[int, int],
    member: Member,
    host: bool = False,
    texts: Texts | None = None,
) -> Message:
    """``member``'s phone's message: its own view if seated (``seat``), else the public one;
    ``host``: this phone holds the host role (it may send ``host`` commands); ``texts``: the
    ruleset's words, when this phone has not had them as they are now (else left out, and in
    play the lobby's ruleset description and list of rulesets with them: ``lean``)."""
    message: Message = {
        "v": VERSION,
        "type": "view",
        **common,
        "seat": seat,
        "role": "spectator" if seat is None else "player",
        "view": view,
        "events": redact(events[0], owners, member.id or None),
        "events_reset": events[1],
        "play": None if seat is not None else member.want,
        "removed": member.barred,
        "host": host,
    }
    if member.held is not None:  # only then, so that every other message is as it was
        message["name_removed"] = True
    if texts is not None:
        message["texts"] = texts
    elif common["phase"] != "lobby":
        message["lobby"] = lean(common["lobby"])
    return message


def lean(lobby: LobbyPart) -> LobbyPart:
    """``lobby`` without the ruleset's description and the list of rulesets: what a phone's
    message in play leaves out when the phone has them as they are (it keeps the last it got,
    as it does ``texts``). They were 2.9 KB of every move's message to a phone, 8.4 KB with
    ten phones: the tap's time to the last phone followed (docs/protocol.md)."""
    out = lobby.copy()
    del out["description"], out["rulesets"]
    return out
