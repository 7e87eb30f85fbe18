"""Names (issue 15): a visible character required, combining marks limited, renames limited on
their own, and nothing saved for what changes nothing."""

from __future__ import annotations

import unicodedata

import pytest
from tablehost import protocol

INVISIBLE = [
    "\u200d",  # zero-width joiner
    "\u3164",  # Hangul filler
    "\u2800",  # Braille pattern blank
    "\u115f\u1160",  # Hangul choseong / jungseong fillers
    "\uffa0",  # halfwidth Hangul filler
    "\u200d\u3164\u2800 \u200d",
    "\u0301\u0301",  # marks with nothing to sit on
    "\u200b\u2060\ufeff",  # zero-width space, word joiner, BOM (format characters)
    "\u3000\u2003",  # wide blanks
]


@pytest.mark.parametrize("name", INVISIBLE)
def test_a_name_with_no_visible_character_is_refused(make_net, name):
    net = make_net()
    net.connect("ghost")
    net.send("ghost", type="hello", name=name)
    assert net.error("ghost") == "bad_message"
    assert net.table.snapshot()["seats"] == []


@pytest.mark.parametrize(
    ("raw", "shown"),
    [
        ("👩\u200d👩\u200d👧", "👩\u200d👩\u200d👧"),  # an emoji sequence keeps its joiners
        ("\u3164Ann", "\u3164Ann"),  # a filler beside letters is harmless
        ("Nguyễn", "Nguyễn"),
        ("Nguye\u0302\u0303n", "Nguyễn"),  # decomposed: composed first
        ("1\ufe0f\u20e3", "1\ufe0f\u20e3"),  # a keycap: two marks
        ("Z" + "\u0301\u0300\u0303\u0304\u0308" * 5 + "oe", "Z\u0301\u0300oe"),
    ],
)
def test_names_keep_their_letters_and_at_most_two_marks_on_one(raw, shown):
    assert protocol.clean_name(raw) == unicodedata.normalize("NFC", shown)
    assert protocol.visible(protocol.clean_name(raw))


def most_marks(name: str) -> int:
    """The most combining marks on one character of ``name`` (decomposed)."""
    most = run = 0
    for ch in unicodedata.normalize("NFD", name):
        run = run + 1 if unicodedata.category(ch) in ("Mn", "Me") else 0
        most = max(most, run)
    return most


def test_a_zalgo_name_stays_on_its_line(make_net):
    net = make_net()
    zalgo = "".join(ch + "\u0336\u0301\u0300\u0303\u0304\u0308\u0351\u0352" * 3 for ch in "Eve")
    assert most_marks(zalgo) == 24
    name = net.join("z", name=zalgo)["name"]
    assert most_marks(name) == 2 and most_marks(net.tv()["seats"][0]["name"]) == 2
    letters = [ch for ch in unicodedata.normalize("NFD", name) if not unicodedata.combining(ch)]
    assert letters == ["E", "v", "e"]


def test_renames_have_their_own_limit(make_net, clock):
    net = make_net()
    net.join("a")
    for n in range(int(protocol.RENAME_BURST)):
        net.send("a", type="hello", name=f"Ann {n}")
        assert net.tv()["seats"][0]["name"] == f"Ann {n}"
    net.send("a", type="hello", name="Ann again")
    assert net.error("a") == "rate_limited"
    assert net.tv()["seats"][0]["name"] == "Ann 2"
    net.send("a", type="ping")  # other messages are not held up
    assert net.last("a")["type"] == "pong"
    clock.advance(1 / protocol.RENAME_RATE)  # one more rename after a quarter of a minute
    net.send("a", type="hello", name="Ann again")
    assert net.tv()["seats"][0]["name"] == "Ann again"
    net.send("a", type="hello", name="Ann once more")
    assert net.error("a") == "rate_limited"


def test_a_ping_or_the_same_name_changes_nothing_to_save(make_net):
    net = make_net()
    net.join("a", lang="en")
    revision = net.table.revision
    assert net.send("a", type="ping", t=1) == [("a", {"v": 1, "type": "pong", "t": 1})]
    assert net.send("a", type="hello", name="a") == []  # the same name again: nothing
    assert net.send("a", type="hello", name="a", lang="en") == []
    net.send("a", type="action", action="draw", state=0)  # refused: not playing
    assert net.table.revision == revision
    net.send("a", type="hello", name="Ann")
    assert net.table.revision == revision + 1


def test_a_hello_again_with_the_name_as_typed_costs_no_rename(make_net):
    """A phone numbered by the table ("маша" → "маша 2", someone there is "Маша") that says hello
    again on its channel with the name as typed (a retried hello before its welcome came) is
    renamed to nothing new: it keeps its name and uses none of its renames, which a real rename
    after several such hellos still finds (it was refused once they had used the burst)."""
    net = make_net()
    net.join("a", name="Маша")
    assert net.join("b", name="маша")["name"] == "маша 2"
    for _ in range(int(protocol.RENAME_BURST) + 2):
        out = net.send("b", type="hello", name="маша")
        assert [m for _, m in out if m["type"] == "error"] == []
        assert net.tv()["seats"][1]["name"] == "маша 2"
    out = net.send("b", type="hello", name="Даша")
    assert [m for _, m in out if m["type"] == "error"] == []
    assert net.tv()["seats"][1]["name"] == "Даша"
