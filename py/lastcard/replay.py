"""The record of a game, and its replay: ``python -m lastcard.replay FILE``.

A record holds what describes a game completely (engine-api.md, "Randomness"): the ruleset, the
number of seats, the seed and the options, then every step the table took with its time offset —
a seat's action, a timer running out, the host removing a seat, the next hand dealt — and each
hand's public result (winners, scores, the cards left in hand that the table shows at the end).
It holds no card the table would not show: actions are public, drawn cards are not written, and
while a match can still deal more hands the seed is kept back (``seed`` is ``None``), because the
seed deals them. A checksum over the content refuses a record damaged or edited by hand.

:func:`replay` plays a record through the engine, checks that every hand ends as recorded and
returns the game log; anything wrong raises :class:`RecordError` with a sentence saying what.
"""

from __future__ import annotations

import hashlib
import json
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, TypedDict

from . import RULESETS, IllegalAction, new_game
from .game import Event, Game, PublicView
from .words import event_key, fill, jumped, time_out_event, timed_out, told, window_timer

FORMAT = "lastcard-record"
VERSION = 1
#: the public result fields of a hand (its number and dealer too) that a replay reproduces
RESULT_KEYS = (
    "winners", "scores", "eliminated", "match_over", "match_winners", "revealed", "hand", "dealer",
)  # fmt: skip
STEPS = ("action", "time_out", "remove", "next_hand")


class RecordError(ValueError):
    """A record that is not one, is damaged or edited, or does not replay as recorded."""


class HandResult(TypedDict):
    """The public result of a hand (``hand_result``): the fields ``RESULT_KEYS`` names."""

    winners: list[int] | None
    scores: list[int] | None
    eliminated: list[int]
    match_over: bool | None
    match_winners: list[int] | None
    revealed: list[list[str]] | None
    hand: int
    dealer: int


def hand_result(game: Game) -> HandResult:
    """The public result of the hand that just ended (what the table shows at its end)."""
    view = game.public_view()
    return {
        "winners": view["winners"],
        "scores": view["scores"],
        "eliminated": view["eliminated"],
        "match_over": view["match_over"],
        "match_winners": view["match_winners"],
        "revealed": view["revealed"],
        "hand": view["hand_number"],
        "dealer": view["dealer"],
    }


@dataclass
class Recorder:
    """The record of one engine game as the table plays it (one match, or one hand of
    «Последняя»). The table calls :meth:`step` after each change it makes to the game and
    :meth:`export` for the download; :meth:`to_dict` / :meth:`from_dict` keep it in a snapshot."""

    ruleset: str
    players: int
    seed: int
    options: dict[str, Any]
    names: list[str]
    started: float = 0.0  # the table clock when the game was dealt; offsets count from it
    steps: list[dict[str, Any]] = field(default_factory=list)
    hands: list[HandResult] = field(default_factory=list)

    def step(
        self,
        now: float,
        kind: str,
        game: Game,
        *,
        seat: int | None = None,
        action: str | None = None,
    ) -> None:
        """Note a step just applied to ``game`` (``kind`` in :data:`STEPS`) at clock ``now``;
        when it ended a hand, note the hand's result too."""
        if kind not in STEPS:
            raise ValueError(f"unknown step {kind!r}")
        entry: dict[str, Any] = {"t": round(max(0.0, now - self.started), 1), "step": kind}
        if seat is not None:
            entry["seat"] = seat
        if action is not None:
            entry["action"] = action
        self.steps.append(entry)
        if game.over and len(self.hands) < game.hand_number:
            self.hands.append(hand_result(game))

    def final(self, game: Game) -> bool:
        """No further hand can come from this game (so the seed may be shown)."""
        view = game.public_view()
        return bool(view["over"]) and (view["match_over"] is not False)

    def to_dict(self) -> dict[str, Any]:
        """The whole record, JSON-ready, seed included (for the table's own snapshot)."""
        return {
            "format": FORMAT,
            "version": VERSION,
            "ruleset": self.ruleset,
            "players": self.players,
            "seed": self.seed,
            "options": self.options,
            "names": self.names,
            "started": self.started,
            "steps": self.steps,
            "hands": self.hands,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Recorder:
        """Back from :meth:`to_dict` (checked as a record first)."""
        check(data, sealed=False)
        return cls(
            ruleset=data["ruleset"],
            players=data["players"],
            seed=data["seed"],
            options=dict(data["options"]),
            names=list(data["names"]),
            started=float(data.get("started", 0.0)),
            steps=[dict(s) for s in data["steps"]],
            hands=[h.copy() for h in data["hands"]],
        )

    def export(self, final: bool) -> dict[str, Any]:
        """The record as the TV offers it for download: sealed with its checksum, the seed only
        when ``final`` (no later hand can be dealt from it)."""
        data = self.to_dict()
        del data["started"]
        data["complete"] = final
        if not final:
            data["seed"] = None
        return seal(data)


def _normal(value: Any) -> Any:
    """``value`` with every whole float as an int: a record that went through JavaScript (the
    TV's download) has lost the ``.0`` of its whole time offsets, and must hash the same."""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, dict):
        return {k: _normal(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_normal(v) for v in value]
    return value


def _canonical(data: dict[str, Any]) -> bytes:
    text = json.dumps(_normal(data), sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return text.encode()


def checksum(data: dict[str, Any]) -> str:
    """The checksum of a record's content (every key but ``checksum`` itself)."""
    body = {k: v for k, v in data.items() if k != "checksum"}
    return "sha256:" + hashlib.sha256(_canonical(body)).hexdigest()


def seal(data: dict[str, Any]) -> dict[str, Any]:
    """``data`` with its checksum."""
    return {**data, "checksum": checksum(data)}


def _need(ok: bool, message: str) -> None:
    if not ok:
        raise RecordError(message)


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def check(data: Any, *, sealed: bool = True) -> None:
    """Raise :class:`RecordError` unless ``data`` is a well-formed record (and, if ``sealed``,
    its checksum matches its content)."""
    _need(isinstance(data, dict), "not a Last Card record: the file holds no JSON object")
    _need(
        data.get("format") == FORMAT,
        f"not a Last Card record: 'format' should be {FORMAT!r}",
    )
    _need(
        _is_int(data.get("version")) and data["version"] == VERSION,
        f"a record of version {data.get('version')!r}; this replay reads version {VERSION}",
    )
    if sealed:
        _need(isinstance(data.get("checksum"), str), "the record has no checksum")
        _need(
            data["checksum"] == checksum(data),
            "the record was damaged or edited after the table wrote it (its checksum does not"
            " match its content)",
        )
    for key in ("ruleset", "players", "options", "names", "steps", "hands"):
        _need(key in data, f"not a Last Card record: no {key!r}")
    _need(
        isinstance(data["ruleset"], str) and data["ruleset"] in RULESETS,
        f"unknown ruleset {str(data['ruleset'])[:40]!r}",
    )
    _need(_is_int(data["players"]) and data["players"] > 0, "'players' is not a seat count")
    _need(data.get("seed") is None or _is_int(data["seed"]), "'seed' is not a whole number")
    if "complete" in data:  # a download: its seed is there exactly when it is complete
        _need(
            data["complete"] is (data.get("seed") is not None),
            "'complete' does not match the record's seed (a complete record shows its seed)",
        )
    _need(isinstance(data["options"], dict), "'options' is not an object")
    names = data["names"]
    _need(
        isinstance(names, list)
        and len(names) == data["players"]
        and all(isinstance(n, str) for n in names),
        "'names' should hold one name per seat",
    )
    _need(isinstance(data["steps"], list), "'steps' is not a list")
    for number, entry in enumerate(data["steps"], 1):
        _need(isinstance(entry, dict), f"step {number} is not an object")
        _need(entry.get("step") in STEPS, f"step {number}: unknown kind {entry.get('step')!r}")
        t = entry.get("t")
        _need(
            isinstance(t, (int, float)) and not isinstance(t, bool) and t >= 0,
            f"step {number}: no time offset",
        )
        if entry["step"] in ("action", "remove"):
            _need(_is_int(entry.get("seat")), f"step {number}: no seat")
        if entry["step"] == "action":
            _need(isinstance(entry.get("action"), str), f"step {number}: no action")
    _need(isinstance(data["hands"], list), "'hands' is not a list")
    for number, hand in enumerate(data["hands"], 1):
        _need(isinstance(hand, dict), f"hand {number}'s result is not an object")
        for key in RESULT_KEYS:
            _need(key in hand, f"hand {number}'s result has no {key!r}")


@dataclass
class Replayed:
    """What :func:`replay` found: the game at the end, the log (one line per event, as the TV's
    log tells them) and the events those lines tell, the table's own among them."""

    game: Game
    log: list[str]
    hands: int
    events: list[Event]


def replay(data: Any) -> Replayed:
    """Play a record through the engine and check that it reproduces every recorded hand;
    :class:`RecordError` otherwise (nothing here raises anything else for a bad record)."""
    check(data)
    _need(
        data.get("seed") is not None,
        "this record was saved during a match: the seed that deals the next hands is kept back"
        " until the match is over; replay the record saved at its end",
    )
    names: list[str] = data["names"]
    dealt: list[Event] = []  # what the starter set off, then the deal
    try:
        game = new_game(
            data["ruleset"],
            data["players"],
            seed=data["seed"],
            options=data["options"],
            events=dealt,
        )
    except ValueError as exc:
        raise RecordError(f"the engine refuses this game: {exc}") from None
    say = _Log(names, type(game).event_words()["en"])
    timers = type(game).TIMERS

    def tell(events: list[Event], before: PublicView | None) -> PublicView:
        """Log one change's events as the TV's log tells them; the public view after it."""
        after = game.public_view()
        events = told(events, before, after, game.blocked())
        said.extend(events)
        events = _fold_draws(events)
        pairs = zip([None, *events], events, strict=False)  # each event with the one before it
        for previous, e in pairs:
            if not _said_before(e, previous):
                line = say(e)
                if e.get("type") == "deal" and after["top"] is not None:
                    line += f", on {after['top']}"  # the starter, as the table shows it
                log.append(line)
        return after

    log = [f"{data['ruleset']}, {data['players']} seats: {', '.join(names)}"]
    said: list[Event] = []
    view = tell(dealt, None)
    results: list[dict[str, Any]] = data["hands"]
    hands = 0
    for number, entry in enumerate(data["steps"], 1):
        kind = entry["step"]
        seat = entry.get("seat")
        where = f"step {number} ({_describe(entry, names)})"
        _need(not game.over or kind in ("next_hand", "remove"), f"{where}: the hand is over")
        window = window_timer(view, timers) is not None  # a melee: every seat may act
        try:
            if kind == "action":
                action = entry["action"]
                events = [*jumped(view, seat, action, window), *game.apply(seat, action)]
            elif kind == "time_out":
                events = _late(game, view, window) + timed_out(game.time_out())
            elif kind == "remove":
                events = game.remove_seat(seat)
            else:
                events = game.next_hand()
        except IllegalAction as exc:
            raise RecordError(f"{where} is not legal in the replayed game: {exc}") from None
        view = tell(events, view)
        if game.over and hands < game.hand_number:
            hands += 1
            _need(
                hands <= len(results),
                f"{where}: hand {hands} ends here, but the record has no result for it",
            )
            _compare(results[hands - 1], hand_result(game), hands)
    _need(
        hands == len(results),
        f"the record has results for {len(results)} hands, the replay ended {hands}",
    )
    return Replayed(game, log, hands, said)


def _compare(recorded: Mapping[str, object], replayed: Mapping[str, object], hand: int) -> None:
    for key in RESULT_KEYS:
        _need(
            recorded[key] == replayed[key],
            f"hand {hand}: the record says {key} {recorded[key]!r}, the replay gives"
            f" {replayed[key]!r}",
        )


def _late(game: Game, view: PublicView, window: bool) -> list[Event]:
    """Whose time ran out, as the table says it before its time-out (``time_out_event``): in an
    out-of-turn ``window`` (a melee) only while its defender had an answer left to give."""
    if window and not any(a != "last" for a in game.legal_actions(view["turn"])):
        return []
    return [time_out_event(view)]


def _describe(entry: dict[str, Any], names: list[str]) -> str:
    seat: Any = entry.get("seat")
    who = names[seat] if _is_int(seat) and 0 <= seat < len(names) else f"seat {seat}"
    if entry["step"] == "action":
        return f"{who}: {entry['action']}"
    if entry["step"] == "remove":
        return f"{who} removed"
    return str(entry["step"]).replace("_", " ")


def _plain_draw(e: Event | None) -> bool:
    """Is ``e`` a turn's own draw (not a pickup, a penalty, a melee's or a chain's)?"""
    return e is not None and e.get("type") == "draw" and e.get("reason", "draw") == "draw"


def _fold_draws(events: list[Event]) -> list[Event]:
    """``events`` with a seat's plain draws in a row told as one draw, their counts added and
    their cards joined: draw until you can play draws one card an event (docs/house-rules.md
    H11). As the pages' log folds them (js/board.js ``foldDraws``)."""
    out: list[Event] = []
    for e in events:
        last = out[-1] if out else None
        if last is not None and _plain_draw(e) and _plain_draw(last) and last["seat"] == e["seat"]:
            count = last.get("count", 1) + e.get("count", 1)
            out[-1] = {**e, "count": count, "cards": [*last.get("cards", []), *e.get("cards", [])]}
        else:
            out.append(e)
    return out


def _said_before(e: Event, before: Event | None) -> bool:
    """Is ``e`` said already by the event ``before`` it (``None`` at the start)? A skip of the
    seat that has just drawn a card's penalty is: those words end "and lost the turn". As the
    pages' log folds it (js/board.js ``saidBefore``)."""
    return (
        e.get("type") == "skip"
        and before is not None
        and before.get("type") == "draw"
        and before.get("reason") == "penalty"
        and before.get("seat") == e.get("seat")
    )


class _Log:
    """English log lines for engine events: the ruleset's event words (``Game.event_words``,
    the ones the pages show), with cards and names in force as their codes."""

    def __init__(self, names: Sequence[str], words: dict[str, str]) -> None:
        self.names = names
        self.words = words

    def name(self, seat: Any) -> str:
        if _is_int(seat) and 0 <= seat < len(self.names):
            return str(self.names[seat])
        return "?"

    def __call__(self, e: Event) -> str:
        winners = e.get("match_winners", []) if e["type"] == "match_over" else e.get("winners")
        text = self.words.get(event_key(e))
        if text is None:
            return f"{e.get('type')}: {e}"
        line = fill(
            text,
            {
                "name": self.name(e.get("seat")),
                "n": e.get("count", 1),
                "count": e.get("count"),
                "cards": " ".join(e.get("cards", [])),
                "colour": (str(e.get("action", "")).split() or [""])[-1],
                "suit": e.get("active"),
                "target": self.name(e.get("target")),
                "hand": e.get("hand"),
            },
        )
        if e.get("type") in ("hand_over", "match_over"):
            line += ": " + (", ".join(self.name(s) for s in winners or []) or "no winner")
        return line


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m lastcard.replay FILE``: replay a record, print its log, say if it holds."""
    args = list(sys.argv[1:] if argv is None else argv)
    if len(args) != 1 or args[0] in ("-h", "--help"):
        print("usage: python -m lastcard.replay FILE.json", file=sys.stderr)
        return 2
    try:
        with open(args[0], encoding="utf-8") as f:
            data = json.load(f)
    except OSError as exc:
        print(f"cannot read {args[0]}: {exc.strerror}", file=sys.stderr)
        return 2
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        print(f"refused: {args[0]} is not a JSON file ({exc})", file=sys.stderr)
        return 1
    try:
        result = replay(data)
    except RecordError as exc:
        print(f"refused: {exc}", file=sys.stderr)
        return 1
    print("\n".join(result.log))
    print(f"OK: {result.hands} hand(s) replayed; every result matches the record.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
