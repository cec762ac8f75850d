"""A unit on the field: a small list of ints indexed by the ``U_*`` constants.

Plain lists keep ``clone`` cheap (one slice per unit) and moving a unit is moving one reference.
"""

from __future__ import annotations

U_CARD, U_OWNER, U_CHIPS, U_READY, U_WEAPON, U_MAGIC, U_ITEM, U_ITEM_OWNER = range(8)
U_HONE, U_POISON, U_USED, U_ACTED, U_ATTACHED = range(8, 13)
UNIT_FIELDS = [
    "card",
    "owner",
    "chips",
    "ready",
    "weapon",
    "magic",
    "item",
    "item_owner",
    "hone",
    "poison",
    "used",
    "acted",
    "attached",
]
"""The names of the fields, in index order (the JSON form of a unit)."""

SLOTS = (U_WEAPON, U_MAGIC, U_ITEM)
"""Where attached cards sit: slot 0 weapon, 1 magic, 2 item (one of each kind, 2.3.10)."""

# Once-per-turn uses recorded in U_USED.
USED_SYMBOL, USED_TRAINING, USED_LEGACY, USED_HONING = 1, 2, 4, 8


def new_unit(card: int, owner: int, chips: int) -> list[int]:
    """A unit just deployed: ready (C-2), nothing attached, no poison."""
    return [card, owner, chips, 1, -1, -1, -1, -1, 0, 0, 0, 0, 0]
