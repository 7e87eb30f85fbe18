"""The wire protocol between phones, the TV page and the table controller (docs/protocol.md).

Every incoming message goes through :func:`decode` (phones, JSON text) or :func:`check` (host
commands, dicts from the TV page): a validating decoder with explicit limits. A refused message
raises :class:`ProtocolError`, which the controller turns into an ``error`` message for the sender.
"""

from __future__ import annotations

import json
import unicodedata
from collections.abc import Callable, Mapping
from typing import Any

VERSION = 1
MAX_TEXT = 4096  # characters of one incoming phone message
MAX_SOURCE = 16_000  # characters of a player's bot (``bring_bot``, ``add_custom_bot``)
MAX_BOT_TEXT = 40_000  # characters of a ``bring_bot`` message (its source JSON-escaped)
MAX_NAME = 24  # characters of a cleaned name
MAX_FIELD = 64  # characters of a token or an action string
RATE = 20.0  # messages per second per peer, sustained
BURST = 40.0  # messages per peer in one burst
RENAME_RATE = 4 / 60  # renames per second per participant, sustained (4 a minute)
RENAME_BURST = 3.0  # renames in one burst
MAX_MARKS = 2  # combining marks kept on one character of a name
LANGS = ("ru", "en")
ZWJ = "\u200d"
BLANK_LETTERS = frozenset("\u115f\u1160\u3164\uffa0\u2800\u17b4\u17b5\u034f\u180e")
"""Characters that draw nothing although Unicode does not class them as blanks or controls
(Hangul fillers, the blank Braille pattern, Khmer inherent vowels, ...)."""

Message = dict[str, Any]
Check = Callable[[Any], Any]


class ProtocolError(Exception):
    """A refused message: ``code`` is stable (docs/protocol.md), ``text`` is for people."""

    def __init__(self, code: str, text: str) -> None:
        super().__init__(f"{code}: {text}")
        self.code = code
        self.text = text

    def message(self) -> Message:
        """The ``error`` message sent back to whoever sent the refused one."""
        return {"v": VERSION, "type": "error", "code": self.code, "message": self.text}


def clean_name(raw: str) -> str:
    """Plain text for a name: control and format characters dropped (but the joiner inside
    emoji), at most ``MAX_MARKS`` combining marks on a character, counted decomposed (so a name
    stays on its line), composed (NFC), blanks collapsed, trimmed, at most ``MAX_NAME``
    characters. Nothing is escaped or interpreted."""
    kept: list[str] = []
    marks = MAX_MARKS  # a mark with no character before it is dropped
    for ch in unicodedata.normalize("NFD", raw):
        category = unicodedata.category(ch)
        if category in ("Mn", "Me"):
            if marks < MAX_MARKS:
                kept.append(ch)
            marks += 1
        elif ch == ZWJ or ch.isspace() or not category.startswith("C"):
            kept.append(ch)
            marks = 0 if not ch.isspace() else MAX_MARKS
    composed = unicodedata.normalize("NFC", "".join(kept))
    return " ".join(composed.split())[:MAX_NAME].strip()


def visible(text: str) -> bool:
    """Whether ``text`` draws anything: a letter, digit, symbol or punctuation that is not one
    of the :data:`BLANK_LETTERS` (marks, blanks and format characters alone draw nothing)."""
    return any(unicodedata.category(ch)[0] in "LNPS" and ch not in BLANK_LETTERS for ch in text)


def _refuse(field: str, why: str) -> ProtocolError:
    return ProtocolError("bad_message", f"field {field!r}: {why}")


def text(limit: int) -> Check:
    """A string of at most ``limit`` characters."""

    def check(value: Any) -> str:
        if not isinstance(value, str):
            raise TypeError("a string")
        if len(value) > limit:
            raise ValueError(f"at most {limit} characters")
        return value

    return check


def name(value: Any) -> str:
    """A person's name, cleaned by :func:`clean_name`; it must show at least one character."""
    cleaned = clean_name(text(4 * MAX_NAME)(value))
    if not visible(cleaned):
        raise ValueError("a name needs a visible character")
    return cleaned


def choice(*allowed: str) -> Check:
    """One of the given strings."""

    def check(value: Any) -> str:
        if value not in allowed:
            raise ValueError(f"one of {', '.join(allowed)}")
        return str(value)

    return check


def integer(low: int, high: int) -> Check:
    """An integer (not a bool) in ``low..high``."""

    def check(value: Any) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise TypeError("an integer")
        if not low <= value <= high:
            raise ValueError(f"in {low}..{high}")
        return value

    return check


def flag(value: Any) -> bool:
    """A JSON boolean."""
    if not isinstance(value, bool):
        raise TypeError("true or false")
    return value


def number(value: Any) -> float | int:
    """A finite JSON number (not a bool)."""
    if (
        isinstance(value, bool)
        or not isinstance(value, (int, float))
        or value != value
        or abs(value) > 1e15
    ):
        raise TypeError("a finite number")
    return value


def obj(value: Any) -> dict[str, Any]:
    """A JSON object (its contents are checked by whoever uses it)."""
    if not isinstance(value, dict):
        raise TypeError("an object")
    return value


# type -> field -> (check, required)
Schema = Mapping[str, Mapping[str, tuple[Check, bool]]]

STATE = integer(0, 2**53)

PHONE: Schema = {
    "hello": {
        "name": (name, True),
        "token": (text(MAX_FIELD), False),
        "lang": (choice(*LANGS), False),
        "play": (flag, False),
    },
    "action": {"action": (text(MAX_FIELD), True), "state": (STATE, True)},
    # a vote is always on the options that need agreement as they are now: its ``topic`` (older
    # phones name one) says nothing more
    "vote": {"topic": (text(MAX_FIELD), False), "agree": (flag, True)},
    "play": {"want": (flag, True)},
    "ping": {"t": (number, False)},
    "host": {"command": (obj, True)},
    "bring_bot": {"name": (name, True), "source": (text(MAX_SOURCE), True)},
    "back": {},
}
"""Phone -> table messages (besides ``v`` and ``type``)."""

SEAT = integer(0, 63)

HOST: Schema = {
    "configure": {
        "ruleset": (text(MAX_FIELD), False),
        "options": (obj, False),
        "set_options": (obj, False),
        "timers": (obj, False),
        "away_bot": (flag, False),
    },
    "add_bot": {"level": (choice("easy", "normal", "hard"), True), "name": (name, False)},
    "add_local": {"name": (name, True)},
    "add_custom_bot": {"name": (name, True), "source": (text(MAX_SOURCE), True)},
    "answer_bot": {"id": (integer(1, 2**31), True), "accept": (flag, True)},
    "remove": {"seat": (SEAT, True)},
    "remove_spectator": {"id": (integer(1, 2**31), True)},
    "let_in": {"id": (integer(1, 2**31), True)},
    "stand_in": {"seat": (SEAT, True), "on": (flag, True)},
    "start": {},
    "pause": {},
    "resume": {},
    "rules": {"open": (flag, True)},
    "refresh": {},
    "local_action": {
        "seat": (SEAT, True),
        "action": (text(MAX_FIELD), True),
        "state": (STATE, True),
    },
    "local_back": {"seat": (SEAT, True)},
    "next_hand": {},
    "rematch": {},
    "lobby": {},
    "make_host": {"id": (integer(1, 2**31), True)},
    "record": {},
    "lang": {"lang": (choice(*LANGS), True)},
}
"""Host commands from the TV page (``Table.host``)."""

TO_PHONE = ("welcome", "view", "error", "removed", "pong", "bot_answer")
"""Table -> phone message types."""

TO_TV = ("tv", "error", "record")
"""Table -> TV message types."""


def check(message: Any, schema: Schema, *, versioned: bool) -> Message:
    """Validate one decoded message against ``schema``; return it with its fields cleaned.

    ``versioned`` messages must carry ``"v": VERSION``. Unknown types, missing or extra fields and
    values of the wrong type or out of range raise :class:`ProtocolError`.
    """
    if not isinstance(message, dict):
        raise ProtocolError("bad_message", "a message is a JSON object")
    if versioned and (message.get("v") != VERSION or isinstance(message.get("v"), bool)):
        raise ProtocolError("bad_version", f"protocol version {VERSION} expected")
    kind = message.get("type")
    fields = schema.get(kind) if isinstance(kind, str) else None
    if fields is None:
        raise ProtocolError("bad_message", f"unknown message type {str(kind)[:MAX_FIELD]!r}")
    envelope = {"type", "v"} if versioned else {"type"}
    extra = set(message) - set(fields) - envelope
    if extra:
        raise _refuse(sorted(extra)[0][:MAX_FIELD], "not part of this message")
    clean: Message = {"type": kind}
    for field, (check_value, required) in fields.items():
        if field not in message:
            if required:
                raise _refuse(field, "missing")
            continue
        try:
            clean[field] = check_value(message[field])
        except (TypeError, ValueError) as exc:
            raise _refuse(field, str(exc)) from None
    return clean


def decode(raw: Any) -> Message:
    """Decode and validate one phone message (raw JSON text)."""
    if not isinstance(raw, str):
        raise ProtocolError("bad_json", "a message is JSON text")
    long = len(raw) > MAX_TEXT  # only a ``bring_bot`` may be, up to MAX_BOT_TEXT
    too_large = ProtocolError(
        "too_large", f"a message has at most {MAX_TEXT} characters ({MAX_BOT_TEXT} to bring a bot)"
    )
    if len(raw) > MAX_BOT_TEXT:
        raise too_large
    try:
        message = json.loads(raw, parse_constant=_no_constant)
    except (ValueError, RecursionError):
        raise too_large if long else ProtocolError("bad_json", "not JSON") from None
    if long and not (isinstance(message, dict) and message.get("type") == "bring_bot"):
        raise too_large
    return check(message, PHONE, versioned=True)


def decode_command(raw: Any) -> Message:
    """Decode and validate one host command: a dict, or its JSON text (the TV page's bridge
    passes the text as it came, so that text that is not a JSON object is told, not lost)."""
    if isinstance(raw, str):
        try:
            raw = json.loads(raw, parse_constant=_no_constant)
        except (ValueError, RecursionError):
            raise ProtocolError("bad_json", "a host command is JSON text") from None
    return check(raw, HOST, versioned=False)


def encode(message: Mapping[str, Any]) -> str:
    """One message of the table's (to a phone or the TV) as JSON text: no space after a comma
    or a colon, and its words as they are (a Cyrillic letter escaped as ``\\u0410`` is six
    bytes on the wire, two in UTF-8 as it is)."""
    return json.dumps(message, separators=(",", ":"), ensure_ascii=False)


def _no_constant(token: str) -> None:
    raise ValueError(f"{token} is not JSON")


class RateLimit:
    """A token bucket on the injected clock: ``rate`` per second, bursts of ``burst`` (by
    default ``RATE`` and ``BURST``, the limit on a peer's messages)."""

    def __init__(self, now: float, *, rate: float = RATE, burst: float = BURST) -> None:
        self._rate = rate
        self._burst = burst
        self._tokens = burst
        self._at = now

    def allow(self, now: float) -> bool:
        """Take one token if there is one."""
        self._tokens = min(self._burst, self._tokens + max(0.0, now - self._at) * self._rate)
        self._at = now
        if self._tokens < 1.0:
            return False
        self._tokens -= 1.0
        return True
