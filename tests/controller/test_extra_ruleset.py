"""A ruleset is one module (issue 23): Crazy Eights, registered from tests/rulesets/ alone, is
offered by the lobby with its names and option, explains itself and is played out on the real
controller, with a computer player, a save and a restore; and the rules the table sends follow
its options and timers, once per phone and change."""

from __future__ import annotations

import importlib.util
from collections.abc import Iterator
from pathlib import Path

import lastcard
import pytest
from tablehost import Table
from tablehost.saves import check_snapshot

EIGHTS = Path(__file__).parent.parent / "rulesets" / "crazy_eights.py"


@pytest.fixture
def eights() -> Iterator[type[lastcard.Game]]:
    """Crazy Eights registered while the test runs (its module, run from its file)."""
    spec = importlib.util.spec_from_file_location("crazy_eights", EIGHTS)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    yield module.CrazyEights
    lastcard.unregister("crazy-eights")


def test_an_extra_ruleset_is_offered_explained_and_played_out(eights, make_net, clock):
    net = make_net()
    net.join("ann")
    lobby = net.tv()["lobby"]
    assert lobby["rulesets"]["crazy-eights"] == {
        "min": 2,
        "max": 5,
        "name": {"en": "Crazy Eights", "ru": "Сумасшедшие восьмёрки"},
    }
    net.host(type="configure", ruleset="crazy-eights", options={"hand_size": 4})
    tv = net.tv()
    assert [o["label"]["en"] for o in tv["lobby"]["description"]["options"]] == ["Cards per hand"]
    assert "Everyone gets 4 cards." in str(tv["texts"]["rules"]["en"])
    assert "Каждый получает 4 карты." in str(net.view("ann")["texts"]["rules"]["ru"])
    net.host(type="configure", options={"hand_size": 8})  # its own bounds: 3..7
    assert net.error("tv") == "bad_options"
    assert net.tv()["lobby"]["options"] == {"hand_size": 4}
    net.host(type="add_bot", level="normal")
    net.host(type="start")
    assert net.tv()["phase"] == "playing"
    assert isinstance(check_snapshot(net.table.snapshot()), eights)
    restored = Table.restore(net.table.snapshot(), clock)
    assert restored.snapshot()["game"] == net.table.snapshot()["game"]
    for _ in range(400):
        if net.tv()["phase"] != "playing":
            break
        legal = net.view("ann")["view"]["legal"]
        if legal:
            net.act("ann", legal[0])
        else:
            net.tick(2.0)  # the computer's pause
    assert net.tv()["phase"] == "over"
    assert net.tv()["result"] is not None


def test_the_rules_follow_the_settings_and_reach_each_phone_once_per_change(make_net):
    net = make_net()
    net.join("ann")
    net.host(type="configure", ruleset="last-one", options={"threshold": 137})
    assert "reach 137" in str(net.view("ann")["texts"]["rules"]["en"])
    net.host(type="add_bot", level="easy")
    assert "texts" not in net.view("ann")  # the same settings: not sent again
    assert "reach 137" in str(net.tv()["texts"]["rules"]["en"])  # the TV's message always has them
    net.host(type="configure", timers={"melee": 10})
    assert "10 seconds" in str(net.view("ann")["texts"]["rules"]["en"])
    assert "10 секунд" in str(net.view("ann")["texts"]["rules"]["ru"])
    net.host(type="configure", timers={"turn": 60})  # the rules screen's own time section
    assert "texts" not in net.view("ann") and net.view("ann")["lobby"]["timers"]["turn"] == 60
    net.disconnect("ann")
    net.rejoin("ann")
    assert "reach 137" in str(net.view("ann")["texts"]["rules"]["en"])  # back: sent anew
    eliminated = net.view("ann")["texts"]["events"]["ru"]["eliminated"]
    assert eliminated.startswith("{name} выбывает из матча")


def test_a_blocked_hand_is_announced_before_its_end(make_net):
    """Nothing to play and nothing to draw for a full round (000 D7): the log says why the hand
    ended, in the ruleset's words."""
    setup = {"hands": [["G5", "G6"], ["B7", "B8"]], "starter": "R1", "stock": [], "first": 0}
    net = make_net(players=2, setup=setup)
    net.act("p0", "pass")
    net.act("p1", "pass")
    types = [e["type"] for e in net.tv()["events"]]
    assert types[-2:] == ["blocked", "hand_over"]
    words = net.tv()["texts"]["events"]
    assert "blocked" in words["en"]["blocked"] and "заблокирована" in words["ru"]["blocked"]
