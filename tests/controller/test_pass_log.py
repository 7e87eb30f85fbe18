"""The table's log marks each ``pass`` with the decision it answered (docs/protocol.md, the
``events`` row; ``lastcard.words.told_passes``), so the TV's, the phones' and the replay's logs
say End turn after a draw, a 3's free card not laid, a turn with nothing to play or draw and a
melee's Pass each in its own words: they all said "passed" / «пасует»."""

from __future__ import annotations

from typing import Any

from lastcard import RULESETS
from lastcard.words import event_key

from .test_timers import FRENCH, PLAIN

MELEE = {**FRENCH, "hands": [["4H", *FRENCH["hands"][0]], *FRENCH["hands"][1:]], "first": 0}


def started(make_net: Any, ruleset: str, deal: dict[str, Any]) -> Any:
    net = make_net(setup={**deal, "first": 0})
    net.host(type="configure", ruleset=ruleset)
    for n in range(len(deal["hands"])):
        net.join(f"p{n}")
    net.host(type="start")
    return net


def passes(net: Any, peer: str = "p0") -> list[dict[str, Any]]:
    """The pass events new in ``peer``'s last message (the TV's alike), without their running
    number."""
    events = net.view(peer)["events"]
    tv = [{k: v for k, v in e.items() if k != "n"} for e in net.tv()["events"]]
    mine = [{k: v for k, v in e.items() if k != "n"} for e in events]
    assert [e for e in mine if e["type"] == "pass"] == [e for e in tv if e["type"] == "pass"]
    return [e for e in mine if e["type"] == "pass"]


def test_end_turn_after_a_draw_is_said_as_the_drawn_card_kept(make_net):
    net = started(make_net, "poslednyaya", PLAIN)
    net.act("p0", "draw")
    net.act("p0", "pass")
    assert passes(net) == [{"type": "pass", "seat": 0, "pending": "drawn"}]
    words = RULESETS["poslednyaya"].event_words()
    key = event_key(passes(net)[0])
    assert (words["en"][key], words["ru"][key]) == (
        "{name} kept the drawn card",
        "{name} оставляет взятую карту себе",  # noqa: RUF001 (Russian words)
    )


def test_a_time_out_that_draws_and_ends_the_turn_keeps_the_card(make_net):
    net = started(make_net, "poslednyaya", PLAIN)
    net.tick(net.remaining())
    assert passes(net) == [{"type": "pass", "seat": 0, "pending": "drawn"}]


def test_a_3s_free_card_not_laid(make_net):
    deal = {**FRENCH, "hands": [["3H", *FRENCH["hands"][0]], *FRENCH["hands"][1:]]}
    net = started(make_net, "last-one", deal)
    net.act("p0", "play 3H")
    net.act("p0", "pass")
    assert passes(net) == [{"type": "pass", "seat": 0, "pending": "free"}]


def test_a_melee_pass_out_of_turn_is_a_pass(make_net):
    net = started(make_net, "last-one", MELEE)
    net.act("p0", "play 4H")
    net.act("p2", "pass")
    assert passes(net) == [{"type": "pass", "seat": 2, "pending": "melee"}]
    assert event_key(passes(net)[0]) == "pass"


def test_nothing_to_play_or_draw_is_a_blocked_pass(make_net):
    deal = {**PLAIN, "hands": [["B1", "B2"], ["G1", "G2"]], "stock": []}
    net = started(make_net, "poslednyaya", deal)
    assert net.view("p0")["view"]["legal"] == ["pass"]
    net.act("p0", "pass")
    assert passes(net) == [{"type": "pass", "seat": 0, "blocked": True}]
    net.tick(net.remaining())  # seat 1's time runs out: the table passes for it
    assert passes(net) == [{"type": "pass", "seat": 1, "blocked": True}]
    assert net.tv()["phase"] == "over"  # a blocked hand
