"""Saves that are checked (issue 15): ``Table.restore`` refuses a damaged snapshot with a
ValueError that says why, and a snapshot it accepts restores to a table that plays on.

The fuzz test mutates real snapshots (of every ruleset, in the lobby, mid-hand and between hands,
with spectators, computer and local seats) in seeded ways — values replaced, fields dropped or
added, numbers nudged, cards duplicated, lost or moved — and requires each one to be refused with
a message or to restore to a table that then plays correctly: no exception, no ``internal`` error,
and its own snapshot restores again.
"""

from __future__ import annotations

import copy
import json
import os
import random
from typing import Any

import pytest
from lastcard import RULESETS
from tablehost import Table
from tablehost.saves import check_snapshot

from .conftest import FakeClock, Net, full_deck

MUTATED = int(os.environ.get("LASTCARD_MUTATED_SNAPSHOTS", "600"))
CARDS = ["R5", "W", "W+4", "QH", "10S", "JOKER", "JOKER=QH", "Z9", ""]
ODD_VALUES: list[Any] = [None, True, False, -1, 0, 1, 2, 7, 99, 2**60, 1.5, "x", "", [], {}, [0]]


def play_randomly(net: Net, rng: random.Random, steps: int) -> None:
    """Random legal play, time, the host's commands and phones coming and going."""
    for _ in range(steps):
        tv = net.tv()
        roll = rng.random()
        if roll < 0.55 and tv["phase"] == "playing":
            movers = [
                (peer, action)
                for peer in sorted(net.tokens)
                if net.table._peers.get(peer) is not None
                for message in [net.last(peer, "view")]
                if message["seat"] is not None and message["phase"] == "playing"
                for action in (message["view"] or {}).get("legal", [])
            ]
            if movers:
                peer, action = rng.choice(movers)
                net.act(peer, action)
                continue
        if roll < 0.75:
            net.tick(rng.choice([0.5, 3.0, 25.0]))
        elif roll < 0.9:
            command = rng.choice(
                [
                    {"type": "rematch"},
                    {"type": "next_hand"},
                    {"type": "lobby"},
                    {"type": "start"},
                    {"type": "pause"},
                    {"type": "resume"},
                    {"type": "refresh"},
                    {"type": "remove", "seat": rng.randrange(4)},
                    {"type": "add_bot", "level": "easy"},
                ]
            )
            net.host(**command)
        elif net.tokens:
            peer = rng.choice(sorted(net.tokens))
            if net.table._peers.get(peer) is None:
                net.rejoin_as_a_phone_does(peer)
            else:
                net.disconnect(peer)


def real_snapshots() -> list[dict[str, Any]]:
    """Snapshots of real tables: every ruleset, every phase, seats of every kind."""
    snaps: list[dict[str, Any]] = []
    for index, ruleset in enumerate(sorted(RULESETS)):
        for variant in range(3):
            rng = random.Random(index * 10 + variant)
            clock = FakeClock()
            net = Net(Table(clock, index * 10 + variant, bot_playouts=2), clock)
            net.host(type="configure", ruleset=ruleset, timers={"bot_pause": 0.5})
            net.join("a")
            net.join("b")
            net.host(type="add_bot", level=("easy", "normal", "hard")[variant])
            if variant == 1:
                net.host(type="add_local", name="Sofa")
            net.join("watcher", play=False)
            snaps.append(net.table.snapshot())  # the lobby
            net.host(type="start")
            for _ in range(6):
                play_randomly(net, rng, 12)
                snaps.append(net.table.snapshot())
            if net.tv()["phase"] == "lobby":
                net.host(type="start")
            for seat in range(4):  # the host removes seats until the hand stops: over
                if net.tv()["phase"] != "playing":
                    break
                net.host(type="remove", seat=seat)
            net.join("again", "A")  # if "a" was removed: its name, from another browser
            snaps.append(net.table.snapshot())
    return [json.loads(json.dumps(s)) for s in snaps]


SNAPSHOTS = real_snapshots()


def nodes(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path into a JSON value."""
    found = [path]
    if isinstance(value, dict):
        for key, inner in value.items():
            found += nodes(inner, (*path, key))
    elif isinstance(value, list):
        for index, inner in enumerate(value):
            found += nodes(inner, (*path, index))
    return found


def mutate(snap: dict[str, Any], rng: random.Random) -> str:
    """Damage ``snap`` in place in one seeded way; say how."""
    paths = [p for p in nodes(snap) if p]
    path = rng.choice(paths)
    parent = snap
    for key in path[:-1]:
        parent = parent[key]
    key = path[-1]
    old = parent[key]
    how = rng.choice(["replace", "replace", "drop", "nudge", "card", "twice", "swap", "extra"])
    if how == "drop":
        del parent[key]
    elif how == "nudge" and type(old) is int:
        parent[key] = old + rng.choice([-1, 1, -old - 1, 1000])
    elif how == "card" and isinstance(old, str):
        parent[key] = rng.choice(CARDS)
    elif how == "twice" and isinstance(parent, list):
        parent.insert(key, copy.deepcopy(old))
    elif how == "swap" and isinstance(old, list) and len(old) > 1:
        i, j = rng.sample(range(len(old)), 2)
        old[i], old[j] = old[j], old[i]
    elif how == "extra" and isinstance(old, dict):
        old["extra"] = rng.choice(ODD_VALUES)
    else:
        how = "replace"
        parent[key] = copy.deepcopy(rng.choice([v for v in ODD_VALUES if v != old] or [None]))
    return f"{how} {'/'.join(map(str, path))}"


def move_a_card(snap: dict[str, Any], rng: random.Random) -> str:
    """A card lost, doubled or moved between hands and piles (the card count's own mutations)."""
    game = snap.get("game")
    shaped = (
        isinstance(game, dict)
        and isinstance(game.get("hands"), list)
        and all(isinstance(h, list) for h in game["hands"])
        and isinstance(game.get("stock"), list)
        and isinstance(game.get("discard"), list)
    )
    if not shaped:
        return "no game to move a card in"
    piles = [("hands", i) for i in range(len(game["hands"]))] + [("stock", None), ("discard", None)]

    def pile(where: tuple[str, int | None]) -> list[str]:
        name, index = where
        return game[name] if index is None else game[name][index]

    source = rng.choice([p for p in piles if pile(p)] or piles)
    if not pile(source):
        return "no card"
    card = pile(source).pop(rng.randrange(len(pile(source))))
    how = rng.choice(["lose", "double", "move"])
    if how != "lose":
        pile(rng.choice(piles)).append(card)
    if how == "double":
        pile(source).append(card)
    return f"{how} {card} from {source}"


def plays_on(snap: dict[str, Any], clock: FakeClock, seed: int) -> None:
    """Restore ``snap``, bring its phones back and play on; nothing may fail."""
    table = Table.restore(snap, clock, bot_playouts=2)
    net = Net(table, clock)
    members = snap["seats"] + snap["spectators"]
    for n, member in enumerate(members):
        if member.get("kind", "phone") == "phone" and member.get("token"):
            peer = f"m{n}"
            net.tokens[peer] = member["token"]
            net.rejoin_as_a_phone_does(peer)
    net.host(type="refresh")
    play_randomly(net, random.Random(seed), 30)
    for to, messages in net.inbox.items():
        for message in messages:
            assert message.get("code") != "internal", (to, message)
    again = json.loads(json.dumps(net.table.snapshot()))
    check_snapshot(again)  # the table's own snapshot is always good
    Table.restore(again, clock, bot_playouts=2)


def test_every_real_snapshot_is_accepted_and_plays_on():
    assert len(SNAPSHOTS) >= 60
    assert any(m.get("held") for s in SNAPSHOTS for m in s["spectators"])  # a name held
    phases = {s["phase"] for s in SNAPSHOTS}
    assert phases == {"lobby", "playing", "over"}
    for n, snap in enumerate(SNAPSHOTS):
        check_snapshot(copy.deepcopy(snap))
        plays_on(copy.deepcopy(snap), FakeClock(), n)


def test_mutated_snapshots_are_refused_with_a_reason_or_play_on():
    rng = random.Random(int(os.environ.get("LASTCARD_FUZZ_SEED", "15")))
    refused = accepted = 0
    reasons: set[str] = set()
    for n in range(MUTATED):
        snap = copy.deepcopy(rng.choice(SNAPSHOTS))
        hows = [
            (move_a_card if rng.random() < 0.25 else mutate)(snap, rng)
            for _ in range(rng.choice([1, 1, 1, 2, 3]))
        ]
        snap = json.loads(json.dumps(snap))
        clock = FakeClock()
        try:
            Table.restore(snap, clock, bot_playouts=2)
        except ValueError as exc:
            assert str(exc).strip(), hows
            reasons.add(str(exc).split(":")[0][:40])
            refused += 1
            continue
        try:
            plays_on(snap, clock, n)
        except Exception as exc:  # pragma: no cover - the failure report
            raise AssertionError(f"accepted after {hows}, then failed: {exc!r}") from exc
        accepted += 1
    assert refused + accepted == MUTATED
    assert refused > MUTATED // 4 and accepted > MUTATED // 10, (refused, accepted)
    assert len(reasons) > 10  # refusals say different things for different damage


def test_a_lobby_with_more_seats_than_its_game_takes_is_restored():
    """Seven phones seated for «Последняя», then Last One (six at most) chosen: the lobby says
    ``too_many`` and the host removes one; a reload meanwhile restores it as it was."""
    clock = FakeClock()
    net = Net(Table(clock, 1), clock)
    for n in range(7):
        net.join(f"p{n}")
    net.host(type="configure", ruleset="last-one")
    assert len(net.tv()["seats"]) == 7 and net.tv()["lobby"]["why_not"] == "too_many"
    snap = json.loads(json.dumps(net.table.snapshot()))
    assert Table.restore(snap, clock).snapshot() == snap


def test_a_tables_seed_is_128_bits_and_its_games_seeds_53():
    """The seed a page draws (128 bits) is saved and restored; each game's seed (in its record,
    which the TV's download takes through JavaScript's numbers) is below 2**53."""
    clock = FakeClock()
    seed = 2**128 - 12345
    net = Net(Table(clock, seed), clock)
    net.join("p0")
    net.host(type="add_bot", level="easy")
    net.host(type="start")
    snap = json.loads(json.dumps(net.table.snapshot()))
    assert snap["seed"] == seed and 2**32 <= snap["record"]["seed"] < 2**53
    again = Table.restore(snap, clock).snapshot()
    assert (again["seed"], again["record"]) == (seed, snap["record"])
    snap["seed"] = 2**128 + 1
    with pytest.raises(ValueError, match="seed"):
        Table.restore(snap, clock)


@pytest.mark.parametrize(
    ("damage", "reason"),
    [
        (lambda s: s["game"]["hands"][0].__setitem__(0, s["game"]["hands"][1][0]), "once"),
        (lambda s: s["game"]["stock"].pop(), "cards not accounted"),
        (lambda s: s["game"].update(turn=9), "whose turn"),
        (lambda s: s["seats"].pop(), "seats"),
        (lambda s: s.update(phase="dancing"), "unknown phase"),
        (lambda s: s["seats"][0].update(name="\u3164"), "clean name"),
        (lambda s: s["spectators"][0].update(token=s["seats"][0]["token"]), "token used twice"),
        (lambda s: s["timers"].update(turn=-5), "timer turn"),
        (lambda s: s.update(format=2), "not a table snapshot"),
        (lambda s: s.pop("game"), "fields missing"),
        (lambda s: s["bots_due"].update({"0": 1.0}), "not a computer"),
        (lambda s: s.update(removed_names=["Ann"]), "removed_names"),
        (lambda s: s["spectators"][0].update(held="ann"), "held but not barred"),
        # a state a phone's action could soon not name (a message's state is at most 2**53)
        (lambda s: s.update(state=2**53 - 1), "state is not a whole number in 0..2"),
        (lambda s: s.update(event_n=2**53), "event_n is not"),
        # a seat the table says is gone while the game still waits on it: nobody could act
        (lambda s: s["seats"][s["game"]["turn"]].update(removed=True), "but still in the game"),
    ],
)
def test_a_damaged_save_is_refused_with_its_reason(damage, reason):
    snap = copy.deepcopy(next(s for s in SNAPSHOTS if s["phase"] == "playing"))
    damage(snap)
    with pytest.raises(ValueError, match=reason):
        Table.restore(snap, FakeClock())


def test_a_seven_zero_7s_target_is_saved_checked_and_restored(make_net, clock):
    """The last play the table has seen keeps the seat a 7 swapped with (the bots' worker
    rebuilds the game from the snapshot for every move); a target of no seat is damage."""
    setup = {
        "hands": [["R7", "B2", "B3", "G4"], ["G5", "G6", "Y1"], ["Y5", "Y6", "B9"]],
        "starter": "R3", "first": 0, "stock": ["G9", "Y8", "B1", "B5"],
    }  # fmt: skip
    net = make_net(setup=full_deck(setup))
    net.host(type="configure", options={"seven_zero": True})
    for peer in ("p0", "p1", "p2"):
        net.join(peer)
    net.host(type="start")
    net.act("p0", "play R7 @2")
    snap = json.loads(json.dumps(net.table.snapshot()))
    assert snap["game"]["last_play"][0]["target"] == 2
    restored = Table.restore(copy.deepcopy(snap), clock)
    assert restored.snapshot()["game"]["last_play"] == snap["game"]["last_play"]
    snap["game"]["last_play"][0]["target"] = 3
    with pytest.raises(ValueError, match="a last play the table has seen"):
        Table.restore(snap, clock)
