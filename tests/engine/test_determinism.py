"""Same seed and actions, same game: golden values of the engine's own RNG, and the same digest
of seeded replays in CPython and in Pyodide (Python 3.14 in WebAssembly, run by Node)."""

from __future__ import annotations

import json
import random
import shutil
import subprocess
from pathlib import Path

import pytest
from lastcard import new_game
from lastcard.rng import _BATCH, Rng, _chunks

from .replay_digest import digest

ROOT = Path(__file__).resolve().parents[2]
PYODIDE = ROOT / "vendor" / "pyodide" / "pyodide.mjs"


def test_rng_golden_values() -> None:
    rng = Rng(2024)
    assert [rng.next64() for _ in range(3)] == [
        11487996472437173461,
        1793612131670815442,
        5507758030568793471,
    ]
    items = list(range(20))
    Rng(7).shuffle(items)
    assert items == [16, 17, 19, 2, 4, 6, 5, 13, 12, 18, 10, 9, 1, 7, 0, 3, 15, 14, 8, 11]
    assert [Rng(9).randbelow(n) for n in (1, 2, 3, 10, 108)] == [0, 1, 2, 4, 87]


def test_randbelow_and_shuffle_are_uniform_enough() -> None:
    rng = Rng(1)
    counts = [0] * 6
    for _ in range(60_000):
        counts[rng.randbelow(6)] += 1
    assert all(9_500 < c < 10_500 for c in counts)
    seen: dict[tuple[int, ...], int] = {}
    for _ in range(60_000):
        items = [0, 1, 2]
        rng.shuffle(items)
        seen[tuple(items)] = seen.get(tuple(items), 0) + 1
    assert len(seen) == 6 and all(9_500 < c < 10_500 for c in seen.values())


def test_golden_poslednyaya_deal() -> None:
    game = new_game("poslednyaya", 3, seed=2024)
    assert (game.turn, game.discard, len(game.stock)) == (2, ["Y1"], 86)
    assert game.view(2)["hand"] == GOLDEN_HAND


GOLDEN_HAND = ["R0", "R5", "R7", "R+2", "Y8", "BR", "GS"]


@pytest.mark.skipif(
    shutil.which("node") is None or not PYODIDE.exists(), reason="needs node and vendor/pyodide"
)
def test_pyodide_replays_the_same_games(tmp_path: Path) -> None:
    script = tmp_path / "digest.mjs"
    script.write_text(
        f"""
import {{ loadPyodide }} from {json.dumps(PYODIDE.as_uri())};
const py = await loadPyodide({{ indexURL: {json.dumps(str(PYODIDE.parent) + "/")} }});
py.FS.mkdirTree("/lc/py"); py.FS.mkdirTree("/lc/tests");
py.mountNodeFS("/lc/py", {json.dumps(str(ROOT / "py"))});
py.mountNodeFS("/lc/tests", {json.dumps(str(Path(__file__).parent))});
py.runPython(`
import sys, json
sys.path[:0] = ["/lc/py", "/lc/tests"]
from replay_digest import digest
print(json.dumps({{"python": sys.version_info[:2], "digest": digest()}}))
`);
""",
        encoding="utf-8",
    )
    result = subprocess.run(
        ["node", str(script)], capture_output=True, text=True, timeout=180, check=True
    )
    found = json.loads(result.stdout.strip().splitlines()[-1])
    assert found["python"] >= [3, 12]  # Pyodide's own Python, not this one
    assert found["digest"] == json.loads(json.dumps(digest()))


def _reference_shuffle(rng: Rng, items: list[int]) -> None:
    """Fisher-Yates as ``Rng.shuffle`` documents it, one 21-bit chunk at a time (the plain form
    of the unrolled loop the engine runs)."""
    mask = (1 << 21) - 1
    pool = left = 0
    for i in range(len(items) - 1, 0, -1):
        n = i + 1
        while True:
            if not left:
                pool, left = rng.next64(), 3
            m = (pool & mask) * n
            pool >>= 21
            left -= 1
            low = m & mask
            if low >= (mask + 1 - n) % n:  # Lemire: accepted
                break
        j = m >> 21
        items[i], items[j] = items[j], items[i]


def test_chunks_side_by_side_are_next64s() -> None:
    """``_chunks`` (a shuffle's outputs worked out together) gives the 21-bit chunks of
    ``next64``'s numbers, low bits first."""
    pick = random.Random(16)
    seeds = [
        0,
        1,
        (1 << 64) - 1,
        (1 << 64) - 0x9E3779B97F4A7C15,
        *(pick.getrandbits(64) for _ in range(50)),
    ]
    for seed in seeds:
        for count in (1, 2, 3, pick.randrange(4, _BATCH), _BATCH):
            rng = Rng(seed)
            outputs = [rng.next64() for _ in range(count)]
            chunks = [(z >> shift) & ((1 << 21) - 1) for z in outputs for shift in (0, 21, 42)]
            assert list(_chunks(seed, count)) == chunks


def test_shuffle_is_the_plain_fisher_yates() -> None:
    pick = random.Random(14)
    sizes = [*range(12), 52, 54, 108, *(pick.randrange(300) for _ in range(300))]
    sizes += [pick.randrange(700_000, 1 << 20)]  # long lists: many chunks are rejected
    for size in sizes:
        seed = pick.getrandbits(64)
        ours, plain = list(range(size)), list(range(size))
        rng, ref = Rng(seed), Rng(seed)
        rng.shuffle(ours)
        _reference_shuffle(ref, plain)
        assert ours == plain and rng.state == ref.state, size


def test_a_lazy_shuffle_drawn_from_its_end_is_the_same_shuffle() -> None:
    """``shuffle_lazily`` with ``reveal`` before each draw from the end gives the cards of
    ``shuffle`` in the same order, however the draws are split, and the generator goes on as
    after ``shuffle``: any other use of it (``state`` included) finishes the shuffle first."""
    pick = random.Random(15)
    for size in [*range(8), 54, 108, *(pick.randrange(2, 300) for _ in range(300))]:
        seed = pick.getrandbits(64)
        expected, ref = list(range(size)), Rng(seed)
        ref.shuffle(expected)
        items, rng = list(range(size)), Rng(seed)
        rng.shuffle_lazily(items)
        drawn: list[int] = []
        while items and pick.random() < 0.9:
            count = min(pick.randrange(1, 20), len(items))
            rng.reveal(items, count)
            drawn += reversed(items[-count:])
            del items[-count:]
        if pick.random() < 0.5:
            assert rng.state == ref.state, size
        assert rng.next64() == ref.next64(), size
        assert drawn + items[::-1] == expected[::-1], size
