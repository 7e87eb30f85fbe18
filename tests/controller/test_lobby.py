"""The lobby: ruleset and options, seats of every kind, the start conditions, the 9-card vote,
local seats, and the Last One melee window."""

from __future__ import annotations

import json

import pytest
from lastcard import RULESETS
from tablehost import Table


def test_the_host_chooses_the_ruleset_and_the_engine_judges_the_options(make_net):
    net = make_net()
    net.host(type="configure", ruleset="last-one", options={"hand_size": 5, "threshold": 100})
    lobby = net.tv()["lobby"]
    assert lobby["ruleset"] == "last-one"
    assert lobby["options"] == {"hand_size": 5, "threshold": 100}
    assert {k: lobby["rulesets"]["poslednyaya"][k] for k in ("min", "max")} == {"min": 2, "max": 10}
    before = net.table.snapshot()
    for bad in (
        {"ruleset": "snap"},
        {"options": {"hand_size": 3}},
        {"options": {"colour": "red"}},
        {"options": {"hand_size": 9, "agreed": True}},  # agreement comes from the vote only
        {"options": []},
        {"ruleset": 7},
    ):
        net.host(type="configure", **bad)
        assert net.error("tv") in ("bad_options", "bad_message"), bad
    assert net.table.snapshot() == before
    net.host(type="configure", ruleset="poslednyaya")
    assert net.tv()["lobby"]["options"] == {}  # a new ruleset starts from its defaults


def test_start_needs_the_rulesets_minimum_and_at_most_its_maximum(make_net):
    net = make_net()
    net.join("a")
    net.host(type="start")
    assert net.error("tv") == "too_few"
    assert net.tv()["lobby"]["can_start"] is False
    assert net.tv()["lobby"]["why_not"] == "too_few"
    for _ in range(5):
        net.host(type="add_bot", level="easy")
    for peer in ("b", "c", "d", "e"):
        assert net.join(peer)["role"] == "player"
    assert len(net.tv()["seats"]) == 10
    assert net.join("f")["role"] == "spectator"
    net.host(type="configure", ruleset="last-one")  # 2..6
    assert net.tv()["lobby"]["why_not"] == "too_many"
    net.host(type="start")
    assert net.error("tv") == "too_many"
    net.host(type="configure", ruleset="poslednyaya")
    assert net.tv()["lobby"]["can_start"] is True
    net.host(type="add_local", name="Sofa")
    assert net.error("tv") == "full"
    net.host(type="start")
    assert net.tv()["phase"] == "playing"
    assert net.tv()["view"]["players"] == 10


def test_computer_and_local_seats(make_net):
    net = make_net()
    net.host(type="add_bot", level="hard")
    net.host(type="add_bot", level="easy", name="Robo")
    net.host(type="add_local", name="Granny")
    net.host(type="add_bot", level="genius")
    assert net.error("tv") == "bad_message"
    seats = net.tv()["seats"]
    assert [(s["name"], s["kind"], s["level"]) for s in seats] == [
        ("Bot 1", "bot", "hard"),
        ("Robo", "bot", "easy"),
        ("Granny", "local", None),
    ]
    assert all(s["connected"] for s in seats)


def test_the_bots_the_table_named_follow_its_language_and_given_names_stay(make_net, clock):
    """The TV tells the table its language: the computers the table named ("Bot 1") are named
    in it, in the lobby and during a game, for the TV and every phone, and after a restore; a
    name the host gave stays. A bot whose name a player has takes a number after it."""
    net = make_net()
    net.join("p0", "Компьютер 1")
    net.host(type="add_bot", level="hard")
    net.host(type="add_bot", level="easy", name="Robo")
    net.host(type="add_bot", level="easy")

    def names(to: str = "tv") -> list[str]:
        message = net.tv() if to == "tv" else net.view(to)
        return [s["name"] for s in message["seats"]]

    assert names() == ["Компьютер 1", "Bot 1", "Robo", "Bot 3"]
    net.host(type="lang", lang="ru")
    russian = ["Компьютер 1", "Компьютер 1 2", "Robo", "Компьютер 3"]
    assert names() == names("p0") == russian
    net.host(type="start")
    net.host(type="lang", lang="en")
    assert names() == names("p0") == ["Компьютер 1", "Bot 1", "Robo", "Bot 3"]
    net.host(type="lang", lang="ru")
    restored = Table.restore(json.loads(json.dumps(net.table.snapshot())), clock)
    assert [s["name"] for s in restored.snapshot()["seats"]] == russian
    assert restored.host({"type": "lang", "lang": "ru"}) == []  # nothing changes
    restored.host({"type": "lang", "lang": "en"})
    assert [s["name"] for s in restored.snapshot()["seats"]][1] == "Bot 1"
    # the table's language is the TV's: a host phone does not set it
    net.clear()
    net.send("p0", type="host", command={"type": "lang", "lang": "en"})
    assert net.error("p0") == "not_allowed"


def test_a_computer_the_table_names_takes_the_next_free_number(make_net):
    """A bot a phone brought named "Bot 2" (or a seat named so) leaves the table's next computer
    "Bot 3", not "Bot 2 2"; the language's word counts as the same name whatever its case."""
    net = make_net()
    net.join("p0", "Ann")
    net.host(type="add_bot", level="easy")
    net.host(type="add_custom_bot", name="bot 2", source="def choose(view):\n    return None\n")
    net.host(type="add_bot", level="normal")
    net.host(type="add_local", name="Bot 4")
    net.host(type="add_bot", level="hard")
    names = [s["name"] for s in net.tv()["seats"]]
    assert names == ["Ann", "Bot 1", "bot 2", "Bot 3", "Bot 4", "Bot 5"]


def test_a_table_saved_before_it_named_its_bots_names_them_in_the_tvs_language(make_net, clock):
    """A save made before the table named its computers (no ``lang``, no ``bot_number``): the
    pages named them, in the language of the moment. Restored, the computers with such a name
    follow the TV's language from its first word on, though it may be the one the table
    assumed, in the game's record too; a custom bot, a local seat and a given name stay."""
    from tablehost.saves import check_snapshot

    net = make_net()
    net.join("p0", "Ann")
    for name in ("Компьютер 1", "Bot 2", "Robo", "Компьютер 01"):
        net.host(type="add_bot", level="easy", name=name)
    net.host(type="add_custom_bot", name="Bot 5", source="def choose(view):\n    return None\n")
    net.host(type="add_local", name="Компьютер 6")
    net.host(type="start")
    old = json.loads(json.dumps(net.table.snapshot()))
    del old["lang"]
    assert all("bot_number" not in m for m in old["seats"])
    check_snapshot(old)
    restored = Table.restore(old, clock)
    said = restored.host({"type": "lang", "lang": "en"})  # the language the table assumed
    assert [to for to, _ in said].count("tv") == 1
    named = ["Ann", "Bot 1", "Bot 2", "Robo", "Компьютер 01", "Bot 5", "Компьютер 6"]
    assert [s["name"] for s in restored.snapshot()["seats"]] == named
    assert restored.snapshot()["record"]["names"] == named
    assert restored.host({"type": "lang", "lang": "en"}) == []  # nothing changes now
    restored.host({"type": "lang", "lang": "ru"})
    again = Table.restore(json.loads(json.dumps(restored.snapshot())), clock)
    assert [s["name"] for s in again.snapshot()["seats"]][1:3] == ["Компьютер 1", "Компьютер 2"]
    again.host({"type": "lang", "lang": "en"})
    assert [s["name"] for s in again.snapshot()["seats"]] == named


def test_a_local_seat_plays_on_the_tv_which_carries_its_view(make_net):
    setup = {"hands": [["R5", "G1"], ["B2", "R9"]], "starter": "R3", "stock": ["Y8"], "first": 1}
    net = make_net(setup=setup)
    net.join("p0")
    net.host(type="add_local", name="Sofa")
    net.host(type="start")
    tv = net.tv()
    assert tv["local"] == {"1": net.table._game.view(1)}
    assert sorted(tv["local"]["1"]["hand"]) == ["B2", "R9"]
    assert "hand" not in tv["view"]
    net.host(type="local_action", seat=0, action="play R5", state=tv["state"])
    assert net.error("tv") == "not_seated"
    net.host(type="local_action", seat=1, action="play R9", state=tv["state"] - 1)
    assert net.error("tv") == "stale"
    net.host(type="local_action", seat=1, action="play R9", state=tv["state"])
    assert net.tv()["view"]["top"] == "R9"
    assert net.tv()["local"]["1"]["hand"] == ["B2"]


def nine_card_lobby(make_net):
    """A last-one lobby asking for 9-card hands (a vote), phones a and b seated."""
    net = make_net()
    net.host(type="configure", ruleset="last-one", options={"hand_size": 9})
    net.join("a")
    net.join("b")
    return net


def test_last_one_nine_cards_need_every_seated_phone_to_agree(make_net):
    net = nine_card_lobby(make_net)
    net.host(type="add_bot", level="easy")
    lobby = net.tv()["lobby"]
    assert lobby["vote_needed"] is True and lobby["why_not"] == "vote"
    net.send("a", type="vote", topic="options", agree=True)
    net.send("b", type="vote", topic="options", agree=False)
    assert net.tv()["lobby"]["votes"] == {"0": True, "1": False}
    net.host(type="start")
    assert net.error("tv") == "vote"
    net.send("b", type="vote", topic="options", agree=True)
    net.join("late-spectator", play=False)  # spectators do not vote
    net.send("late-spectator", type="vote", topic="options", agree=False)
    assert net.error("late-spectator") == "not_seated"
    net.host(type="start")
    assert net.tv()["phase"] == "playing"
    assert net.table._game.options["agreed"] is True
    assert net.tv()["view"]["counts"] == [9, 9, 9]
    net.send("a", type="vote", topic="options", agree=False)
    assert net.error("a") == "not_lobby"


def test_a_hand_size_the_deck_cannot_deal_to_the_seats_is_said_before_start(make_net):
    """H12: the options check knows only the fewest players; the lobby says a hand that does not
    fit the seats dealt in (it offered Start, then refused it as bad options), at a rematch too."""
    net = make_net()
    for peer in "abcdefghij":
        net.join(peer)
    net.host(type="configure", options={"hand_size": 12})  # 10 x 12 + 1 > 108
    lobby = net.tv()["lobby"]
    assert lobby["options"] == {"hand_size": 12}
    assert (lobby["can_start"], lobby["why_not"]) == (False, "hand_too_big")
    before = net.table.snapshot()
    net.host(type="start")
    assert net.error("tv") == "hand_too_big"
    assert net.table.snapshot() == before
    net.host(type="remove", seat=9)  # 9 x 12 + 1 does not fit either
    assert net.tv()["lobby"]["why_not"] == "hand_too_big"
    net.host(type="remove", seat=8)  # 8 x 12 + 1 does
    assert net.tv()["lobby"]["can_start"] is True
    net.host(type="configure", ruleset="last-one", options={"hand_size": 9})  # 6 x 9 + 1 > 54
    for peer in "abcdef":
        net.send(peer, type="vote", topic="options", agree=True)
    assert net.tv()["lobby"]["why_not"] == "too_many"
    for seat in (7, 6):
        net.host(type="remove", seat=seat)
    assert net.tv()["lobby"]["why_not"] == "hand_too_big"  # six phones agreed to what cannot be
    net.host(type="remove", seat=5)
    assert net.tv()["lobby"]["why_not"] is None


def test_changing_the_options_resets_the_votes(make_net):
    net = nine_card_lobby(make_net)
    net.send("a", type="vote", topic="options", agree=True)
    net.host(type="configure", options={"hand_size": 8})
    assert net.tv()["lobby"]["votes"] == {} and net.tv()["lobby"]["vote_needed"] is False
    net.host(type="start")
    assert net.table._game.options.get("agreed") is False
    assert net.tv()["view"]["counts"] == [8, 8]


@pytest.mark.skipif("last-one" not in RULESETS, reason="last-one not registered yet")
def test_the_melee_response_window_is_5s(make_net):
    setup = {
        "hands": [["4H", "KS", "QC"], ["9C", "QD"], ["5H", "2C", "9D"]],
        "starter": "7H",
        "stock": ["3D", "6C", "8D", "10S", "JC", "QS", "KD"],
        "first": 0,
    }
    net = make_net(setup=setup)
    net.host(type="configure", ruleset="last-one")
    for peer in ("p0", "p1", "p2"):
        net.join(peer)
    net.host(type="start")
    net.act("p0", "play 4H")
    tv = net.tv()
    assert tv["view"]["pending"]["kind"] == "melee"
    assert tv["awaiting"] == [1, 2]
    assert net.remaining() == 5.0
    net.act("p2", "play 5H")  # p2 attacks: p0 defends now
    assert net.tv()["awaiting"] == [0, 1]
    assert net.remaining() == 5.0
    net.disconnect("p0")  # no reconnection grace inside the window
    assert net.remaining() == 5.0
    net.tick(5)
    tv = net.tv()
    assert tv["view"]["pending"] is None
    assert tv["seats"][0]["count"] == 2 + 5  # the last defender drew the pips of the 5


def test_the_lobby_sends_the_rulesets_description_and_what_needs_agreement(make_net):
    from lastcard import describe

    net = make_net()
    for ruleset in RULESETS:
        net.host(type="configure", ruleset=ruleset)
        lobby = net.tv()["lobby"]
        assert lobby["description"] == describe(ruleset)
        assert lobby["rulesets"][ruleset] == {
            **describe(ruleset)["players"],
            "name": describe(ruleset)["name"],
        }
        assert lobby["agree"] == [] and lobby["vote_needed"] is False
    needy = [
        (ruleset, spec)
        for ruleset in RULESETS
        for spec in describe(ruleset)["options"]
        if spec["agree_max"] is not None
    ]
    assert needy, "some option needs agreement"
    for ruleset, spec in needy:
        net.host(type="configure", ruleset=ruleset, options={spec["name"]: spec["agree_max"]})
        lobby = net.tv()["lobby"]
        assert lobby["agree"] == [{"name": spec["name"], "value": spec["agree_max"]}]
        assert lobby["vote_needed"] is True
        net.host(type="configure", options={spec["name"]: spec["agree_max"] + 1})
        assert net.error("tv") == "bad_options"
        net.host(type="configure", options={spec["needs"]: True})
        assert net.error("tv") == "bad_options"  # the agreement comes from the phones


def test_options_are_checked_against_the_description(make_net):
    from lastcard import describe

    net = make_net()
    for ruleset in RULESETS:
        net.host(type="configure", ruleset=ruleset)
        for spec in describe(ruleset)["options"]:
            name = spec["name"]
            wrong = [1.5, "7", None] if spec["type"] == "int" else [1, "yes"]
            if spec["min"] is not None:
                wrong.append(spec["min"] - 1)
            for value in wrong:
                before = net.table.snapshot()
                net.host(type="configure", options={name: value})
                assert net.error("tv") == "bad_options", (ruleset, name, value)
                assert net.table.snapshot() == before
            net.host(type="configure", options={name: spec["default"]})
            assert net.tv()["lobby"]["options"] == {name: spec["default"]}


def test_the_generic_vote_topic_is_the_nine_card_vote(make_net):
    net = nine_card_lobby(make_net)
    net.send("a", type="vote", topic="options", agree=True)
    net.send("b", type="vote", agree=True)  # no topic: the same vote
    assert net.tv()["lobby"]["votes"] == {"0": True, "1": True}
    assert net.tv()["lobby"]["why_not"] is None
    net.host(type="start")
    assert net.tv()["view"]["counts"] == [9, 9]
