"""The observation tensor: what a seat's view shows, as a flat list of floats of one length for
every option set (6 seat slots, 5 dice a cup at most).

Layout, in order (``S`` = 6 seat slots, ``F`` = 6 faces):

- per seat slot: in the game (a seat of this table), dice / 5, out (no dice left), this seat, to
  call, rolling, opener (7 × S);
- this seat's cup: how many dice show each face / 5 (F), dice rolled so far / 5;
- the bid standing: none, quantity / 30, face one-hot (F), bidder one-hot (S);
- each seat's last bid this round: made, quantity / 30, face one-hot (S × (2 + F));
- options: wild ones, spot on, starting dice / 5, players one-hot 2..6 (5);
- the table: dice on it / 30, round / 30 (at most 1), game over;
- the last reveal: made, each cup's count of each face / 5 (S × F), the call (challenge, spot
  on), the count / 30.

Nothing in it reads another cup's faces before a reveal, so it is equal across hidden variants.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from asobi.core.state import CHANCE

from .model import FACES, MOST_DICE, MOST_PLAYERS, Table

SLOTS = MOST_PLAYERS
MOST_ON_TABLE = MOST_PLAYERS * MOST_DICE
ROUND_SCALE = 30
SIZE = (
    7 * SLOTS
    + len(FACES) + 1
    + 1 + 1 + len(FACES) + SLOTS
    + SLOTS * (2 + len(FACES))
    + 3 + (MOST_PLAYERS - 1)
    + 3
    + 1 + SLOTS * len(FACES) + 2 + 1
)


def observation_shape(options: Mapping[str, Any]) -> tuple[int, ...]:
    """The same shape whatever the options (6 seat slots)."""
    return (SIZE,)


def _one_hot(index: int | None, size: int) -> list[float]:
    out = [0.0] * size
    if index is not None:
        out[index] = 1.0
    return out


def _faces(cup: tuple[int, ...] | list[int]) -> list[float]:
    return [cup.count(f) / MOST_DICE for f in FACES]


def observation_tensor(s: Table, seat: int) -> list[float]:
    current = s.current_seat
    rolling = s.chance[1] if current == CHANCE and s.chance is not None else None
    out: list[float] = []
    for p in range(SLOTS):
        here = p < s.n
        count = s.counts[p] if here else 0
        out += [
            float(here),
            count / MOST_DICE,
            float(here and count == 0),
            float(p == seat),
            float(p == current),
            float(p == rolling),
            float(here and p == s.opener),
        ]
    own = s.dice[seat]
    out += _faces(own)
    out.append(len(own) / MOST_DICE)
    bid = s.bid
    out += [float(bid is None), bid.quantity / MOST_ON_TABLE if bid else 0.0]
    out += _one_hot(bid.face - 1 if bid else None, len(FACES))
    out += _one_hot(bid.seat if bid else None, SLOTS)
    latest = {b.seat: b for b in s.bids}
    for p in range(SLOTS):
        b = latest.get(p)
        out += [float(b is not None), b.quantity / MOST_ON_TABLE if b else 0.0]
        out += _one_hot(b.face - 1 if b else None, len(FACES))
    out += [float(s.wild_ones), float(s.spot_on), s.start_dice / MOST_DICE]
    out += _one_hot(s.n - 2, MOST_PLAYERS - 1)
    out += [sum(s.counts) / MOST_ON_TABLE, min(s.round, ROUND_SCALE) / ROUND_SCALE, float(s.ended is not None)]
    shown = s.shown
    out.append(float(shown is not None))
    for p in range(SLOTS):
        out += _faces(shown.dice[p]) if shown is not None and p < len(shown.dice) else [0.0] * len(FACES)
    out += [float(shown is not None and shown.call == "challenge"), float(shown is not None and shown.call == "spot_on")]
    out.append(shown.counted / MOST_ON_TABLE if shown is not None else 0.0)
    return out
