"""The engine's own seeded PRNG: the same numbers on every Python, CPython or Pyodide.

SplitMix64 (Steele, Lea and Flood, 2014): the whole state is one 64-bit integer, so it
serialises as a plain int. ``randbelow`` is unbiased (rejection sampling); ``shuffle`` is
Fisher-Yates.
"""

from __future__ import annotations

from typing import TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15


class Rng:
    """SplitMix64 generator with an integer state."""

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & _MASK

    def next64(self) -> int:
        """The next 64-bit output."""
        self.state = (self.state + _GAMMA) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def randbelow(self, n: int) -> int:
        """A uniform integer in ``range(n)`` (``n`` ≥ 1), by rejection of the top bits."""
        if n <= 1:
            return 0
        shift = 64 - (n - 1).bit_length()
        while True:
            r = self.next64() >> shift
            if r < n:
                return r

    def shuffle(self, items: list[T]) -> None:
        """Shuffle ``items`` in place: Fisher-Yates, each index from one 32-bit half of an
        output by Lemire's multiply-shift with rejection (unbiased; at most 2**32 items)."""
        state = self.state
        spare = -1  # the unused low half of the last output, or -1
        for i in range(len(items) - 1, 0, -1):
            n = i + 1
            while True:
                if spare < 0:
                    state = (state + _GAMMA) & _MASK
                    z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
                    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
                    z ^= z >> 31
                    r, spare = z >> 32, z & 0xFFFFFFFF
                else:
                    r, spare = spare, -1
                m = r * n
                if (m & 0xFFFFFFFF) >= n or (m & 0xFFFFFFFF) >= (0x100000000 - n) % n:
                    break
            j = m >> 32
            items[i], items[j] = items[j], items[i]
        self.state = state
