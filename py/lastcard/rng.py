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
_CHUNK_MASK = (1 << 21) - 1
_CHUNK_LIMIT = 1 << 20


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
        """Shuffle ``items`` in place: Fisher-Yates. Each index comes from a 21-bit third of an
        output by Lemire's multiply-shift with rejection (unbiased); lists longer than 2**20
        use ``randbelow``."""
        if len(items) > _CHUNK_LIMIT:
            for i in range(len(items) - 1, 0, -1):
                j = self.randbelow(i + 1)
                items[i], items[j] = items[j], items[i]
            return
        state = self.state
        n = len(items)  # the next index is drawn below n, for the item at n - 1
        pool = left = 0  # the unused 21-bit chunks of the last output, and how many
        while n > 3:  # an output's three chunks in a row, until one may be a rejection
            state = (state + _GAMMA) & _MASK
            z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            pool = z ^ (z >> 31)
            m = (pool & _CHUNK_MASK) * n
            if (m & _CHUNK_MASK) < n:  # maybe rejected: the loop below decides
                left = 3
                break
            n -= 1
            j = m >> 21
            items[n], items[j] = items[j], items[n]
            m = ((pool >> 21) & _CHUNK_MASK) * n
            if (m & _CHUNK_MASK) < n:
                pool >>= 21
                left = 2
                break
            n -= 1
            j = m >> 21
            items[n], items[j] = items[j], items[n]
            m = ((pool >> 42) & _CHUNK_MASK) * n
            if (m & _CHUNK_MASK) < n:
                pool >>= 42
                left = 1
                break
            n -= 1
            j = m >> 21
            items[n], items[j] = items[j], items[n]
        while n > 1:  # one chunk at a time, Lemire's rejection in full
            if not left:
                state = (state + _GAMMA) & _MASK
                z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
                z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
                pool, left = z ^ (z >> 31), 3
            m = (pool & _CHUNK_MASK) * n
            pool >>= 21
            left -= 1
            low = m & _CHUNK_MASK
            if low < n and low < (_CHUNK_MASK + 1 - n) % n:
                continue
            n -= 1
            j = m >> 21
            items[n], items[j] = items[j], items[n]
        self.state = state
