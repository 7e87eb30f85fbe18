"""The pieces a ruleset's words are built from, in English and Russian: counted nouns, the
player range, the card points. Every ruleset module writes its rules and event words with them
(``Game.rules``, ``Game.event_words``), so that every number comes from the ruleset's facts and
the table's current options and timers.

>>> cards("ru", 2), cards("ru", 5), cards("en", 1)
('2 карты', '5 карт', '1 card')
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import TypeVar

from .base import Event, PublicView, Timer

#: the ranks as the rules texts name them, by language (ranks not listed: as written): in
#: English the letters of the card faces; in Russian words, since the faces' letters are Latin
#: (A, K, Q, J) and a Russian deck's letters would match none of them
RANKS = {
    "en": {"JOKER": "joker"},
    "ru": {"JOKER": "джокер", "A": "туз", "K": "король", "Q": "дама", "J": "валет"},
}

#: an event (the engine's ``Event``, or a plain mapping)
E = TypeVar("E", bound=Mapping[str, object])


def ru_plural(n: int, one: str, few: str, many: str) -> str:
    """The Russian form for ``n``: 1, 21 -> ``one``; 2-4, 22 -> ``few``; 5, 11-14 -> ``many``."""
    if n % 10 == 1 and n % 100 != 11:
        return one
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return few
    return many


def number(value: float, lang: str = "en") -> str:
    """A count or a number of seconds as the texts print it (``5.0`` -> ``5``), with a decimal
    comma in Russian (``0.5`` -> ``0,5``)."""
    text = f"{value:g}"
    return text.replace(".", ",") if lang == "ru" else text


def counted(lang: str, n: float, forms: str) -> str:
    """The number ``n`` and the noun of ``forms`` that agrees with it: "card|cards" (one,
    other); «карту|карты|карт» (1 and 21; 2-4 and 22; 5-20 and the rest; a fraction takes the
    second: «2,5 секунды»). js/i18n.js's ``fill`` picks the forms of ``{n:card|cards}`` alike."""
    one, *rest = forms.split("|")
    few = rest[0] if rest else one
    many = rest[1] if len(rest) > 1 else few
    if lang != "ru":
        return f"{number(n)} {one if n == 1 else few}"
    word = ru_plural(int(n), one, few, many) if n == int(n) else few
    return f"{number(n, lang)} {word}"


def cards(lang: str, n: int) -> str:
    """``n`` cards as the object of a draw: "2 cards", «2 карты» (accusative)."""
    return counted(lang, n, "карту|карты|карт" if lang == "ru" else "card|cards")


def seconds(lang: str, n: float) -> str:
    """``n`` seconds: "5 seconds", «5 секунд»."""
    return counted(lang, n, "секунда|секунды|секунд" if lang == "ru" else "second|seconds")


def hands(lang: str, n: int) -> str:
    """``n`` hands of a match: "5 hands", «5 раздач»."""
    return counted(lang, n, "раздача|раздачи|раздач" if lang == "ru" else "hand|hands")


def players(low: int, high: int) -> str:
    """The player range: "2–6"."""
    return f"{low}–{high}"


def score(lang: str, n: int) -> str:
    """``n`` points of a score: "250 points", «250 очков»."""
    return counted(lang, n, "очко|очка|очков" if lang == "ru" else "point|points")


_PLACEHOLDER = re.compile(r"\{(\w+)(?::([^{}]*))?\}")


def fill(text: str, values: Mapping[str, object], lang: str = "en") -> str:
    """``text`` (event words) with its ``{name}`` placeholders filled from ``values`` (others
    kept as they are), ``{n:card|cards}`` with the noun that agrees with the number, as
    js/i18n.js's ``fill`` does on the pages."""

    def one(match: re.Match[str]) -> str:
        name, forms = match.groups()
        if name not in values:
            return match.group(0)
        value = values[name]
        if forms is None or not isinstance(value, int | float) or isinstance(value, bool):
            return str(value)
        return counted(lang, value, forms)

    return _PLACEHOLDER.sub(one, text)


def missed_call(lang: str, penalty: int) -> str:
    """What a missed "last card" call costs, as the end of the rules' sentence on the call (its
    time: before another player plays): "otherwise you draw 2 cards", or, with no penalty, that
    the call is still closed by that play."""
    if lang == "ru":
        if penalty:
            return f"иначе возьмёте {cards(lang, penalty)}"
        return "штрафа за этим столом нет, но потом объявлять уже поздно"
    if penalty:
        return f"otherwise you draw {cards(lang, penalty)}"
    return "no penalty at this table, but after that the call is too late"


def points(lang: str, table: Mapping[str, int]) -> str:
    """The points of the cards left in hand: ranks of one value together, the highest first,
    then the rest at face value ("joker = 40, 8 = 25, A = 15, J/Q/K = 10, others face value";
    «джокер — 40, 8 — 25, туз — 15, валет/дама/король — 10, прочие — по номиналу»)."""
    by_value: dict[int, list[str]] = {}
    for rank, value in table.items():
        by_value.setdefault(value, []).append(RANKS[lang].get(rank, rank))
    sep, rest = (" — ", "прочие — по номиналу") if lang == "ru" else (" = ", "others face value")
    parts = [f"{'/'.join(ranks)}{sep}{value}" for value, ranks in sorted(by_value.items())[::-1]]
    return ", ".join([*parts, rest])


#: the words of the engine's events, in each language, by key (``event_key``): what the log on
#: the pages and the replay's log say. Placeholders: ``{name}`` (the seat's), ``{n}`` (cards
#: drawn), ``{cards}`` (cards laid or drawn), ``{colour}`` / ``{suit}`` (a name in force),
#: ``{count}`` (cards at stake), ``{target}`` (the other seat's name in a seven-zero swap);
#: a count followed by its noun as ``{n:card|cards}`` / ``{n:карту|карты|карт}`` (``fill``).
#: Russian in the present tense or noun phrases: the same for a player of any gender (English
#: keeps the simple past). A ruleset changes or adds keys with ``EVENT_WORDS``.
EVENTS: dict[str, dict[str, str]] = {
    "play": {"en": "{name} played {cards}", "ru": "{name} кладёт: {cards}"},
    "play.named": {
        "en": "{name} played {cards} and chose {colour}",
        "ru": "{name} кладёт: {cards} — и называет: {colour}",
    },
    "draw": {"en": "{name} drew {n:card|cards}", "ru": "{name} берёт {n:карту|карты|карт}"},
    "draw.cards": {"en": "{name} drew {cards}", "ru": "{name} берёт: {cards}"},
    "draw.penalty": {
        "en": "{name} drew {n:card|cards} and lost the turn",
        "ru": "{name} берёт {n:карту|карты|карт} и пропускает ход",
    },
    # a waiting pile of draw cards taken (the stacking house rule, H2): its taker also loses the
    # turn, as a draw card's draw says without stacking ("draw.penalty"); Last Card says its own
    "draw.pickup": {
        "en": "{name} picked up {n:card|cards} and lost the turn",
        "ru": "{name} забирает {n:карту|карты|карт} и пропускает ход",
    },
    "draw.melee": {
        "en": "{name} lost the melee and drew {n:card|cards}",
        "ru": "{name} проигрывает схватку и берёт {n:карту|карты|карт}",
    },
    "draw.chain": {
        "en": "{name} could not follow the chain and drew {n:card|cards}",
        "ru": "{name} не продолжает цепочку и берёт {n:карту|карты|карт}",
    },
    "draw.last": {
        "en": "{name} did not call “Last card!” in time and drew {n:card|cards}",
        "ru": "{name} берёт {n:карту|карты|карт}: последняя карта не объявлена вовремя",
    },
    "draw.bluff": {
        "en": "{name} was caught bluffing and drew {n:card|cards}",
        "ru": "{name} попадается на блефе и берёт {n:карту|карты|карт}",
    },
    "draw.challenge": {
        "en": "{name} lost the challenge, drew {n:card|cards} and lost the turn",
        "ru": "{name} проигрывает спор, берёт {n:карту|карты|карт} и пропускает ход",
    },
    "challenge": {
        "en": "{name} challenged the Wild Draw Four",
        "ru": "{name} оспаривает «Возьми четыре»",
    },
    "challenge.cards": {
        "en": "{name} challenged the Wild Draw Four and saw: {cards}",
        "ru": "{name} оспаривает «Возьми четыре» и видит карты: {cards}",
    },
    # a pass as the log marks it (``told_passes``): a melee's (and one the log knows nothing
    # of) is a pass; the others end the turn after a draw, on a 3, or with nothing to do
    "pass": {"en": "{name} passed", "ru": "{name} пасует"},
    "pass.drawn": {
        "en": "{name} kept the drawn card",
        "ru": "{name} оставляет взятую карту себе",
    },
    "pass.free": {
        "en": "{name} laid no card on the 3",
        "ru": "{name} ничего не кладёт на тройку",
    },
    "pass.blocked": {
        "en": "{name} could not play or draw",
        "ru": "{name} не может ни сыграть, ни взять карту",
    },
    "skip": {"en": "{name} is skipped", "ru": "{name} пропускает ход"},
    "reverse": {"en": "Direction reversed", "ru": "Направление меняется"},
    "call": {"en": "{name}: last card!", "ru": "{name}: последняя!"},
    "suit": {"en": "{name} named {suit}", "ru": "{name} называет масть: {suit}"},
    # the time ran out on a choice of suit: the table let the suit stand or named it (002 D12)
    "suit.time_out": {"en": "In force: {suit}", "ru": "Действует масть: {suit}"},
    "melee": {
        "en": "Melee: {name} attacks, {count} cards at stake",
        "ru": "Схватка: нападает {name}; на кону карт: {count}",
    },
    "reshuffle": {
        "en": "The discard pile was shuffled into the stock",
        "ru": "Сброс перемешивается и становится колодой",
    },
    "swap": {
        "en": "{name} swapped hands with {target}",
        "ru": "{name} и {target} меняются картами",
    },
    "rotate": {
        "en": "Every hand passed on to the next player",
        "ru": "Все передают свои карты дальше по кругу",
    },
    "removed": {  # only the host takes a seat out of a game (000 D16)
        "en": "The host removed {name} from the game",
        "ru": "{name} — вне игры по решению ведущего",
    },
    "blocked": {
        "en": "Nobody could play or draw: the hand is blocked",
        "ru": "Никто не может ни сыграть, ни взять карту: раздача заблокирована",
    },
    "eliminated": {"en": "{name} is out of the match", "ru": "{name} выбывает из матча"},
    "deal": {"en": "Hand {hand}: {name} starts", "ru": "Раздача {hand}: начинает {name}"},
    # the table's own events of a game (``time_out_event``, ``jumped``): in its record too
    "time_out": {"en": "{name}’s time ran out", "ru": "{name}: время на ход вышло"},
    "time_out.melee": {
        "en": "Time for the melee ran out",
        "ru": "Время на ответ в схватке вышло",
    },
    "jump_in": {"en": "{name} jumped in out of turn", "ru": "{name} перехватывает ход!"},
    "hand_over": {"en": "Hand over", "ru": "Раздача окончена"},
    "match_over": {"en": "Match over", "ru": "Матч окончен"},
}


#: the rules-text lines of the house rules (``docs/house-rules.md``) that read alike in every
#: game offering them, in each language (``{two}``: the cards a 2 makes draw)
HOUSE_RULES_TEXT: dict[str, dict[str, str]] = {
    "stacking.twos": {
        "en": "2s stack: on a 2 the next player may lay another 2 (a joker too, as a 2) instead"
        " of drawing; whoever does not add draws the total and misses the turn.",
        "ru": "Двойки складываются: на двойку следующий может вместо взятия положить свою"
        " (или джокер как двойку); кто не добавляет, берёт всё и пропускает ход.",
    },
    "jump_in.colour": {
        "en": "Jump-in: anyone holding a card identical to the face-up one (same colour and"
        " value; not a Wild or a Wild Draw Four) may play it out of turn. No one may jump in"
        " while someone is deciding on a pickup, a drawn card or a colour. Play goes on from"
        " that player.",
        "ru": "Перехват: точно такую же карту, как открытая (тот же цвет и значение; не «Выбор"
        " цвета» и не «Возьми четыре»), любой игрок может сыграть вне очереди. Нельзя, пока"
        " кто-то решает, брать ли штраф, что делать со взятой картой или какой назвать цвет."
        " Дальше игра идёт от этого игрока.",
    },
    "seven_zero": {
        "en": "Seven-zero: after playing a 7, swap hands with any player you choose; after a 0"
        " everyone passes their hand to the next player in the direction of play. Going out on"
        " a 7 or a 0 swaps nothing: the hand is over.",
        "ru": "Семь-ноль: сыграв 7, поменяйтесь картами с любым игроком на выбор; после 0 все"
        " передают свои карты следующему по направлению игры. Если 7 или 0 — последняя карта,"
        " обмена нет: раздача окончена.",
    },
    "draw_until_play": {
        "en": "Draw until a card fits, then play it or keep it with “End turn”; when nothing is"
        " left to draw, the turn passes on.",
        "ru": "Берите карты по одной, пока не придёт подходящая, — её можно сыграть или оставить"
        " («Завершить ход»); если брать больше нечего, ход переходит дальше.",
    },
}


def house_line(lang: str, key: str) -> str:
    """A house rule's rules-text line in ``lang`` (``HOUSE_RULES_TEXT``)."""
    return HOUSE_RULES_TEXT[key][lang]


#: a deal's words in a game of one hand (``MATCH`` "single"), where it has no number
DEAL_SINGLE = {"en": "Cards dealt: {name} starts", "ru": "Карты розданы, начинает {name}"}


#: the decisions a ``pass`` may answer that have words of their own (``event_key``): the drawn
#: card kept (End turn), a 3's free card not laid; a melee's pass is a pass
PASSES = frozenset({"drawn", "free"})


def event_key(event: Mapping[str, object]) -> str:
    """The key of ``event``'s words in ``EVENTS``: its type, and for a draw what it was for
    (its ``reason``, even where the cards are shown; a plain draw with its cards shown:
    ``draw.cards``), for a play whether it named a colour or suit, for a challenge whether its
    shown hand is there (``challenge.cards``: the challenger's own log), for a pass what it
    answered (``told_passes``: ``pass.drawn``, ``pass.free``, ``pass.blocked``; a melee's, or
    one not marked, ``pass``), for a time-out whether it closed a melee (``time_out.melee``)."""
    kind = str(event.get("type"))
    if kind == "pass":
        if event.get("blocked"):
            return "pass.blocked"
        return f"pass.{event['pending']}" if event.get("pending") in PASSES else kind
    if kind == "suit":
        return "suit.time_out" if event.get("timed_out") else kind
    if kind == "time_out":  # a melee's window runs out on its defender: no turn's time
        return "time_out.melee" if event.get("pending") == "melee" else kind
    if kind == "challenge":
        return "challenge.cards" if event.get("cards") else kind
    if kind == "draw":
        reason = event.get("reason")
        if reason not in (None, "draw"):
            return f"draw.{reason}"
        return "draw.cards" if event.get("cards") else "draw"
    if kind == "play":
        action = str(event.get("action", "")).split()
        return "play.named" if len(action) > 1 and action[-1] in NAMES_IN_FORCE else "play"
    return kind


def reading_order(events: list[E]) -> list[E]:
    """``events`` in the order a log tells them: a hand's ``deal`` first, then what its starter
    set off (the engine lists the ``deal`` last: ``Game.next_hand``, ``new_game(events=...)``)."""
    return [e for e in events if e.get("type") == "deal"] + [
        e for e in events if e.get("type") != "deal"
    ]


def timed_out(events: list[Event]) -> list[Event]:
    """The events of ``Game.time_out`` as a log tells them: a suit in force after it is the
    table's doing, not the seat's choice (marked ``timed_out``: ``suit.time_out``'s words)."""
    return [{**e, "timed_out": True} if e.get("type") == "suit" else e for e in events]


def told_passes(events: list[Event], pending: str | None) -> list[Event]:
    """The events of one change to a game as a log tells them: each ``pass`` (copied) marked
    with what it answered, the engine's one event for all of them. ``pending`` is the kind of
    the decision the game waited on before the change (``None``: a plain turn); the pass says it
    (``pending``: ``drawn``, the drawn card kept, End turn; ``free``, a 3's free card not laid;
    ``melee``), or, on a plain turn, ``pending: "drawn"`` after the seat's own draw in the same
    change (a time-out draws a card and ends the turn), else ``blocked: true`` (nothing to play
    or draw). Other events are left as they are."""
    out: list[Event] = []
    drew: set[object] = set()
    for e in events:
        kind = e.get("type")
        if kind == "draw" and e.get("reason", "draw") == "draw":
            drew.add(e.get("seat"))
        elif kind == "pass":
            if pending is not None:
                e = {**e, "pending": pending}
            elif e.get("seat") in drew:
                e = {**e, "pending": "drawn"}
            else:
                e = {**e, "blocked": True}
        out.append(e)
    return out


#: the letters a play may name (colours, suits) as the last word of its action
NAMES_IN_FORCE = frozenset("RYBGSHDC")


def window_timer(view: PublicView | None, timers: Mapping[str, Timer]) -> str | None:
    """The name of the ruleset's own timer (``Game.TIMERS``: last-one's melee) whose pending
    state the game waits on in ``view``, or ``None`` (the turn timer runs): such a state is an
    out-of-turn window, in which every seat may act."""
    pending = None if view is None else view["pending"]
    if pending is not None:
        for name, timer in timers.items():
            if timer.pending == pending["kind"]:
                return name
    return None


def jumped(view: PublicView | None, seat: int, action: str, window: bool) -> list[Event]:
    """The table's own ``jump_in`` event, said before ``seat``'s ``action`` lands when it is a
    play out of turn that answers no out-of-turn ``window`` (a melee): the jump-in house rule
    (docs/house-rules.md). ``view``: the public view before the action."""
    if view is None or window or not action.startswith("play ") or view["turn"] == seat:
        return []
    return [{"type": "jump_in", "seat": seat}]


def time_out_event(view: PublicView) -> Event:
    """The table's own ``time_out`` event for the decision ``view`` waits on: whose time ran
    out (the seat on turn; in a melee its defender) and, as ``pending``, the kind of decision
    that was waiting (none on a plain turn)."""
    event: Event = {"type": "time_out", "seat": view["turn"]}
    if view["pending"] is not None:
        event["pending"] = str(view["pending"]["kind"])
    return event


def told(
    events: list[Event], before: PublicView | None, after: PublicView | None, blocked: bool
) -> list[Event]:
    """One change's ``events`` as the log tells them, on the TV and in a record's replay: a deal
    before what its starter set off, a blocked hand before the hand's end, the table's own
    lines (``announcements``) before the match's end; each pass marked with the decision it
    answered (``told_passes``). ``before`` and ``after``: the public views around the change;
    ``blocked``: the hand just ended blocked (``Game.blocked``: no engine event says it)."""
    waiting = before["pending"] if before is not None else None
    out = reading_order(told_passes(events, waiting["kind"] if waiting else None))
    ends = [i for i, e in enumerate(out) if e.get("type") == "hand_over"]
    if ends and blocked:
        out.insert(ends[0], {"type": "blocked"})
    over = [i for i, e in enumerate(out) if e.get("type") == "match_over"]
    at = over[0] if over else len(out)
    return [*out[:at], *announcements(before, after, events), *out[at:]]


def announcements(
    before: PublicView | None, after: PublicView | None, events: list[Event]
) -> list[Event]:
    """The table's own log lines for what the engine shows but does not announce: a melee's
    first attack (the engine says only the answers: last-one D5), a seat that now holds one card
    under an automatic call (000 rule 34), and a seat eliminated."""
    if after is None:
        return []
    out: list[Event] = []
    melee = after["pending"]
    if (
        melee is not None
        and melee["kind"] == "melee"
        and not (before is not None and before["pending"] and before["pending"]["kind"] == "melee")
        and not any(e.get("type") == "melee" for e in events)
    ):
        out.append({"type": "melee", "seat": melee["aggressor"], "count": melee["count"]})
    called = set(before["called"]) if before is not None else set()
    said = {e.get("seat") for e in events if e.get("type") == "call"}
    for seat in after["called"]:
        if seat not in called and seat not in said and after["counts"][seat] > 0:
            out.append({"type": "call", "seat": seat, "auto": True})
    gone = set(before.get("eliminated") or []) if before is not None else set()
    out.extend(
        {"type": "eliminated", "seat": seat}
        for seat in after.get("eliminated") or []
        if seat not in gone
    )
    return out
