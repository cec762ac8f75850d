"""The printed numbers of the game flow."""

from __future__ import annotations

CHIPS = 20
"""2.1.1: each player plays with 20 chips."""
DECK_SIZE = 60
"""2.1.1: a deck is 60 cards."""
OPENING_HAND = 7
"""2.1.3: the opening hand."""
HAND_LIMIT = 7
"""2.5.6: the hand is cut to 7 in the end phase."""
CHIPS_PER_UNIT_STEP = 3
"""2.3.8: at most three more 気力 chips in one unit step."""
CANCELS_PER_UNIT_STEP = 3
"""C-36: a deploy being chosen may be cancelled this many times in one unit step (so that a step,
and so a game, has a bounded number of decisions)."""
DRAWN = 2
"""``winner`` of a game that ended with neither player winning (C-25's tiebreak found no
difference)."""
