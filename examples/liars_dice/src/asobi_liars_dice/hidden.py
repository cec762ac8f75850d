"""Hidden information: the faces under the other seats' cups (2.1), and nothing else.

Everything else — how many dice each cup holds, who rolls, every bid and call, every reveal — is
public, and no event names a hidden face (a seat reads its own dice in its view), so the log
needs no rewriting: a determinization or a hidden variant changes only the other cups' faces.
"""

from __future__ import annotations

from random import Random
from typing import Any

from .model import FACES, Table

VARIANTS = 3
"""How many hidden variants the conformance harness gets per seat."""


def _reroll(s: Any, seat: int, rng: Random) -> None:
    """Every die under a cup other than ``seat``'s lands anew: a cup's size is public, its faces are
    not, and any faces are consistent with every bid (a bid shows nothing for certain)."""
    for p in range(s.n):
        if p != seat and s.dice[p]:
            s.dice[p] = sorted(rng.choice(FACES) for _ in range(len(s.dice[p])))


def determinize(s: Table, seat: int, rng: Random) -> Any:
    """A full state consistent with what ``seat`` knows, the other cups rolled anew.

    An approximation, as search takes it: every face is equally likely, as if the other seats'
    bids said nothing about their dice (a person reads a bid as a hint; this sample does not)."""
    d = s.clone()
    _reroll(d, seat, rng)
    return d


def hidden_variants(s: Table, seat: int, rng: Random) -> list[Any]:
    """States ``seat`` cannot tell from this one: the other cups' faces rolled anew."""
    if not any(s.dice[p] for p in range(s.n) if p != seat):
        return []
    out = []
    for _ in range(VARIANTS):
        v = s.clone()
        _reroll(v, seat, rng)
        out.append(v)
    return out
