"""Seeded random numbers whose whole state is one JSON-safe integer.

Python's ``random.Random`` keeps a 625-word state and its helpers may change between
versions; a game state must replay identically on CPython 3.11 and Pyodide's 3.14, and
must dump to JSON, so the engines use this small SplitMix64 generator instead.
"""
from __future__ import annotations

import hashlib
from typing import MutableSequence, Sequence, TypeVar

T = TypeVar("T")
_MASK = (1 << 64) - 1


class Rng:
    """SplitMix64. ``Rng(seed).state`` is an int; ``Rng(state)`` resumes exactly there."""

    __slots__ = ("state",)

    def __init__(self, state: int) -> None:
        self.state = int(state) & _MASK

    def next64(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """Uniform integer in ``[0, n)`` (rejection sampling, no modulo bias)."""
        if n <= 0:
            raise ValueError("below(n) needs n > 0")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next64()
            if x < limit:
                return x % n

    def randint(self, a: int, b: int) -> int:
        """Uniform integer in ``[a, b]``, both ends included (a die is ``randint(1, 6)``)."""
        return a + self.below(b - a + 1)

    def choice(self, seq: Sequence[T]) -> T:
        return seq[self.below(len(seq))]

    def shuffle(self, seq: MutableSequence[T]) -> None:
        """Fisher–Yates in place."""
        for i in range(len(seq) - 1, 0, -1):
            j = self.below(i + 1)
            seq[i], seq[j] = seq[j], seq[i]

    def random(self) -> float:
        """Float in ``[0, 1)`` with 53 random bits."""
        return (self.next64() >> 11) / float(1 << 53)


def derive_seed(seed: int, *labels: object) -> int:
    """A sub-seed for an independent stream (a bot's own thoughts, say): SHA-256 of the seed
    and the labels, so distinct labels never collide in practice."""
    text = "\x1f".join([str(int(seed))] + [str(label) for label in labels])
    return int.from_bytes(hashlib.sha256(text.encode("utf-8")).digest()[:8], "big")
