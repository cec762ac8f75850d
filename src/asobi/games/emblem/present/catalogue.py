"""Every card of the emblem decks with its full text and numbers in Japanese and English, for the
browser's inspector: printed data, the same for every seat."""

from __future__ import annotations

from typing import Any

from asobi.core.hooks import CatalogueEntry as Entry
from asobi.core.hooks import catalogue_entry as _entry

from ..cards import pool


def catalogue() -> dict[str, Entry]:
    out: dict[str, Entry] = {}
    for card in pool().cards:
        m = card.model
        facts: dict[str, Any] = {}
        if m.kind == "unit":
            facts = {"気力 morale": m.morale, "攻 attack": m.attack, "反 counter": m.counter, "level": m.level,
                     "move": m.move, "attack type": m.attack_type}
            if m.strikes > 1:
                facts["strikes"] = m.strikes
            if m.parent:
                facts["世代交代 succeeds"] = m.parent
        elif m.kind in ("weapon", "magic"):
            facts = {"level": m.level, "bonus": m.bonus, "cost": m.cost}
            if m.weapon_type:
                facts["type"] = m.weapon_type
        out[m.id] = _entry(m.id, m.kind, (m.name_ja, m.name_en), (m.text_ja, m.text_en), facts)
    return out
