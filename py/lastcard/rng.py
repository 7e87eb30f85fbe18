"""The engine's own seeded PRNG: the same numbers on every Python, CPython or Pyodide.

SplitMix64 (Steele, Lea and Flood, 2014): the whole state is one 64-bit integer, so it
serialises as a plain int. ``randbelow`` is unbiased (rejection sampling); ``shuffle`` is
Fisher-Yates, and ``shuffle_lazily`` the same shuffle done only as far as the list is read
from its end (a stock is drawn from the top: most of a deck's shuffle is never needed).
"""

from __future__ import annotations

from functools import cache
from struct import Struct
from typing import Any, TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15
_CHUNK_MASK = (1 << 21) - 1
_CHUNK_LIMIT = 1 << 20
#: items ``reveal`` places beyond those asked for (a call's fixed cost, ``_chunks`` included,
#: is that of about six steps; 30 measured best of 15, 21, 30 and 45 at 2 and 4 players)
_AHEAD = 30


#: outputs ``_chunks`` works out in one go at most (a shuffle of up to 120 items: any deck)
_BATCH = 40
#: bits per output in ``_chunks``'s packed integers: room for a 64-bit value times a 64-bit
#: constant
_LANE = 128


@cache
def _lanes(count: int) -> tuple[int, int, int, int, int, int, Struct]:
    """For ``_chunks(state, count)``, lane by lane: a 1, the increments ``(i + 1) * _GAMMA``,
    the 64-bit mask, the masks of the three chunks' places in the result (bits 0, 32 and 64),
    and the unpacking of those three places."""
    ones = sum(1 << (_LANE * i) for i in range(count))
    steps = sum((((i + 1) * _GAMMA) & _MASK) << (_LANE * i) for i in range(count))
    chunk = ones * _CHUNK_MASK
    return ones, steps, ones * _MASK, chunk, chunk << 32, chunk << 64, Struct("<" + "3I4x" * count)


def _chunks(state: int, count: int) -> tuple[int, ...]:
    """The 21-bit chunks of the next ``count`` outputs of the generator at ``state``, in the
    order a shuffle uses them (three per output, low bits first; the caller advances the state
    by the outputs it uses).

    Why not ``next64`` in a loop: in pure Python each of its dozen 64-bit operations costs about
    as much as a whole step of a shuffle, and a shuffle needs an output for every three steps.
    Here the outputs are worked out side by side, lane ``i`` of one big integer holding output
    ``i`` (``_LANE`` bits apart): the same dozen operations for all of them, each lane masked to
    64 bits before a multiplication (the bits a right shift brings down from the lane above are
    dropped there); then each lane's three chunks are moved to whole 32-bit words and unpacked
    at once. About a third of ``next64``'s cost per output for a deck's shuffle."""
    ones, steps, mask, low, middle, high, words = _lanes(count)
    z = (state * ones + steps) & mask  # lane i: the state after i + 1 outputs
    z = (((z ^ (z >> 30)) & mask) * 0xBF58476D1CE4E5B9) & mask
    z = (((z ^ (z >> 27)) & mask) * 0x94D049BB133111EB) & mask
    z ^= z >> 31
    z = (z & low) | ((z << 11) & middle) | ((z << 22) & high)
    return words.unpack(z.to_bytes(16 * count, "little"))


class Rng:
    """SplitMix64 generator with an integer state."""

    __slots__ = ("_lazy", "_state", "unsettled")

    def __init__(self, seed: int) -> None:
        self._state = seed & _MASK
        #: a shuffle under way (``shuffle_lazily``): [the list, unused 21-bit chunks of the
        #: last output, how many]
        self._lazy: list[Any] | None = None
        #: the items of the list being shuffled lazily below this index are not yet in their
        #: final places (0: no shuffle under way); ``reveal`` places them
        self.unsettled = 0

    @property
    def state(self) -> int:
        """The whole state, as it stands once a shuffle under way is finished."""
        if self._lazy is not None:
            self.finish()
        return self._state

    def next64(self) -> int:
        """The next 64-bit output."""
        if self._lazy is not None:
            self.finish()
        self._state = (self._state + _GAMMA) & _MASK
        z = self._state
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
        """Shuffle ``items`` in place: Fisher-Yates, from the last item down. Each index comes
        from a 21-bit third of an output by Lemire's multiply-shift with rejection (unbiased);
        lists longer than 2**20 use ``randbelow``."""
        if len(items) > _CHUNK_LIMIT:
            for i in range(len(items) - 1, 0, -1):
                j = self.randbelow(i + 1)
                items[i], items[j] = items[j], items[i]
            return
        self.shuffle_lazily(items)
        self.finish()

    def shuffle_lazily(self, items: list[T]) -> None:
        """Begin ``shuffle(items)`` and do each step only when needed: ``reveal`` places the
        last items (Fisher-Yates places them first), and any other use of the generator, its
        ``state`` included, finishes the shuffle first. Until then the items below those
        revealed are not in their final order; the list may lose items from its end and gain
        some there, but nothing else may change it."""
        if self._lazy is not None:
            self.finish()
        if len(items) > _CHUNK_LIMIT:
            self.shuffle(items)
        elif len(items) > 1:
            self._lazy = [items, 0, 0]
            self.unsettled = len(items)

    def reveal(self, items: list[T], count: int) -> None:
        """Put (at least) the last ``count`` items of ``items`` in their final places, if a lazy
        shuffle of ``items`` is under way (else nothing to do)."""
        lazy = self._lazy
        if lazy is not None and lazy[0] is items and self.unsettled > len(items) - count:
            self._advance(lazy, len(items) - count - _AHEAD)

    def finish(self) -> None:
        """Finish a lazy shuffle under way."""
        if self._lazy is not None:
            self._advance(self._lazy, 1)

    def _advance(self, lazy: list[Any], stop: int) -> None:
        """Run the lazy shuffle's steps until at most ``stop`` items are left to place (all of
        them when ``stop`` ≤ 1). The chunks are used in the same order however the steps are
        split between calls."""
        items, pool, left = lazy
        n = self.unsettled
        stop = max(stop, 1)
        state = self._state
        while left and n > stop:  # the rest of an output begun earlier
            m = (pool & _CHUNK_MASK) * n
            pool >>= 21
            left -= 1
            low = m & _CHUNK_MASK
            if low < n and low < (_CHUNK_MASK + 1 - n) % n:
                continue
            n -= 1
            j = m >> 21
            items[n], items[j] = items[j], items[n]
        # then the chunks of outputs worked out together (``_chunks``), as many as the steps
        # left need, until one may be a rejection (a chunk of 21 random bits ``c`` places an
        # item at ``c * n >> 21``, Lemire's method, unless ``c * n`` modulo 2**21 is below ``n``)
        while n > stop + 2:
            chunks = _chunks(state, min((n - stop) // 3, _BATCH))
            begun = n
            for chunk in chunks:
                m = chunk * n
                if (m & _CHUNK_MASK) < n:  # maybe rejected: the loop below decides
                    break
                n -= 1
                j = m >> 21
                items[n], items[j] = items[j], items[n]
            used = begun - n  # chunks, every one placed an item
            outputs, at = divmod(used, 3)
            if used == len(chunks):
                state = (state + outputs * _GAMMA) & _MASK
                continue
            # the output begun, and the rest of its chunks, ``used`` first
            state = (state + (outputs + 1) * _GAMMA) & _MASK
            left = 3 - at
            pool = sum(chunks[used + i] << (21 * i) for i in range(left))
            break
        while n > stop:  # one chunk at a time, Lemire's rejection in full
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
        self._state = state
        if n > 1:
            lazy[1:] = pool, left
            self.unsettled = n
        else:
            self._lazy = None
            self.unsettled = 0
