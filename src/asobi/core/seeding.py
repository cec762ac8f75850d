"""Where every random number of a game comes from: seeds derived from a seed, the chance source,
and each bot seat's seed — in one place, so that a seed means the same everywhere.

A seeded game (bot games, tests, studies) is reproducible: everything is derived from its seed by
:func:`derive_seed`, a hash stable across runs and platforms. A live game has no seed at all:
chance and bots draw from a secret source (:class:`random.SystemRandom`), so nothing shown to a
player can predict a card or a die.
"""

from __future__ import annotations

import hashlib
from random import Random, SystemRandom


def derive_seed(seed: int | str, *labels: object) -> int:
    """A 63-bit seed derived from ``seed`` and labels, stable across runs and platforms."""
    text = ":".join(str(x) for x in (seed, *labels))
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big") >> 1


def secret_seed() -> int:
    """A seed from the secret source, for what must not be predictable (a live game's bot)."""
    return SystemRandom().randrange(2**63)


def chance_source(seed: int | None, played: int = 0) -> Random:
    """The generator that picks chance outcomes: secret without a seed, else reproducible.

    A seeded game resumed after ``played`` actions continues from a generator derived from the
    seed and that count, so the same saved game goes on the same way.
    """
    if seed is None:
        return SystemRandom()
    if played:
        return Random(derive_seed(seed, "chance", played))
    return Random(derive_seed(seed, "chance"))


def bot_seed(seed: int | None, seat: int) -> int:
    """A seat's bot seed: derived from the game's seed, or secret when the game has none."""
    return derive_seed(seed, "seat", seat) if seed is not None else secret_seed()
