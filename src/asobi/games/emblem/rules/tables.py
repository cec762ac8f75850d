"""Per-card tables of the card pool, built once at import for the rules' hot paths (a module
global is read faster than ``s.cards`` — a class attribute read through the state — and a tuple
index faster than a card's attribute)."""

from __future__ import annotations

from ..cards import GUARDIAN, ITEM, LAND, MAGIC, UNIT, WEAPON, pool

POOL = pool()
CARDS = POOL.cards
CARD_ARGS = POOL.card_args
"""``("card", id)``: the event argument naming each card."""
KIND = tuple(c.kind for c in CARDS)
CHARACTER = tuple(c.character for c in CARDS)
"""A unit card's character (C-27), or ``""``."""
UNIT_CARDS = frozenset(c.index for c in CARDS if c.kind == UNIT)
EQUIPMENT_CARDS = frozenset(c.index for c in CARDS if c.kind in (WEAPON, MAGIC, ITEM))
PLACEABLE_CARDS = frozenset(c.index for c in CARDS if c.kind in (LAND, GUARDIAN))
ENEMY_ONLY = tuple(c.enemy_only for c in CARDS)
END_KEYWORD = POOL.end_keyword
"""Whether a unit card has an end-phase keyword (象徴, 修練, 伝承, 練磨)."""
FAMILY = tuple(bool(c.children or c.parent >= 0) for c in CARDS)
"""Whether a unit card has a child or a parent: 世代交代 may apply to it (2.5.4, 2.5.5)."""
MOST = tuple((*(c.morale + bonus for bonus in POOL.morale_bonus), c.morale) for c in CARDS)
"""``MOST[unit card][item]``: a unit's maximum 気力 (C-33) — its card's, plus the bonus of the item
it holds; ``item`` is -1 for none, which indexes the last entry (no bonus)."""
