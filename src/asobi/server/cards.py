"""Every card of a game with its full text in Japanese and English, for the client's inspector.

The card texts are the game's printed (or authored) data, the same for every game and every
seat: knowing what a card says tells nothing about where any card is. The client asks for the
whole catalogue once and opens the entries of the ids it is shown.

Each game that has cards gives a builder here; a game without one has an empty catalogue (its
board is still drawn, nothing can be opened).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

from ..core.errors import AsobiError
from ..core.registry import get_game
from ..games.byston.tables import tables as byston_tables
from ..games.emblem.cards import pool
from ..games.legion.content import ALPHABETS, content
from .errors import ServerError

Entry = dict[str, Any]
"""``{"id", "kind", "name_ja", "name_en", "text_ja", "text_en", "facts": {label: value}}``."""


def _entry(card_id: str, kind: str, names: tuple[str, str], texts: tuple[str, str],
           facts: dict[str, Any] | None = None) -> Entry:
    return {"id": card_id, "kind": kind, "name_ja": names[0], "name_en": names[1],
            "text_ja": texts[0], "text_en": texts[1], "facts": facts or {}}


def _legion() -> dict[str, Entry]:
    c = content()
    out: dict[str, Entry] = {}
    for alphabet in ALPHABETS:
        for number in (1, 2, 3):
            code = f"{alphabet}{number}"
            out[code] = _entry(code, "code", (f"コードカード {code}", f"code card {code}"),
                               (f"アルファベット {alphabet}・数字 {number}（各{c.code_copies}枚）",
                                f"alphabet {alphabet}, number {number} ({c.code_copies} copies)"))
    for i, card_id in enumerate(c.army_ids):
        kind = "weapon" if c.is_weapon[i] else "strategy"
        out[card_id] = _entry(card_id, kind, c.army_names[i], c.army_text[i], {"copies": c.army_copies[i]})
    for i, card_id in enumerate(c.enemy_ids):
        out[card_id] = _entry(card_id, "enemy", c.enemy_names[i], c.enemy_text[i])
    for i, card_id in enumerate(c.event_ids):
        out[card_id] = _entry(card_id, "event", c.event_names[i], c.event_text[i])
    for i, square in enumerate(c.square_ids):
        code = f"{ALPHABETS[c.square_code[i] // 3]}{c.square_code[i] % 3 + 1}"
        out[square] = _entry(square, "enemy square", (f"エネミーマップ {square}", f"enemy map {square}"),
                             c.square_text[i], {"code": code, "to": c.square_to[i]})
    return out


def _emblem() -> dict[str, Entry]:
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


def _side(side: Any) -> str:
    return (f"air {side.air} · bomb {side.bomb} · AA {side.aa_guns}×{side.aa} · guns {side.guns}×{side.gun}"
            f" · defence {side.defence}")


def _byston() -> dict[str, Entry]:
    """Every machine, building, character and chit (their counters and the board open to these)."""
    t = byston_tables()
    out: dict[str, Entry] = {}
    for m in t.machines.values():
        facts: dict[str, Any] = {"kind": m.kind, "GP": m.gp, "TL": m.tl, "front 表": _side(m.front), "back 裏": _side(m.back)}
        if m.capacity:
            facts["capacity 搭載"] = m.capacity
        out[m.id] = _entry(m.id, m.kind, (m.ja, m.en), (f"{m.kind}（生産 {m.gp} GP・TL {m.tl}・修理 {m.repair_gp} GP）",
                                                        f"{m.kind} (made for {m.gp} GP at TL {m.tl}, repaired for {m.repair_gp} GP)"), facts)
    for b in t.buildings.values():
        out[b.id] = _entry(b.id, "building", (b.ja, b.en), (f"建物（建築 {b.gp} GP・修理 {b.repair_gp} GP）",
                                                            f"building (built for {b.gp} GP, repaired for {b.repair_gp} GP)"),
                           {"front 表": _side(b.front), "back 裏": _side(b.back)})
    for c in t.characters.values():
        country = t.countries[c.country]
        facts = {"AB attack/defence/command": f"{c.ab_attack}/{c.ab_defence}/{c.ab_command}",
                 "AS attack/defence/command": f"{c.as_attack}/{c.as_defence}/{c.as_command}",
                 "survival (flipped)": c.survival_flipped, "survival (removed)": c.survival_removed}
        out[c.id] = _entry(c.id, "character", (c.ja, c.en), (f"{country.ja}のキャラクター", f"a character of {country.en}"), facts)
    for k in t.chits.values():
        country = t.countries[k.country]
        out[k.id] = _entry(k.id, "chit", (k.ja, k.en), (f"{country.ja}の{k.kind}チット（{k.gp} GP、{k.count}枚）",
                                                        f"{country.en}'s {k.kind} chit ({k.gp} GP, {k.count} made at most)"),
                           {"kind": k.kind, "GP": k.gp})
    return out


BUILDERS: dict[str, Callable[[], dict[str, Entry]]] = {"legion": _legion, "emblem": _emblem, "byston": _byston}


@cache
def card_catalogue(game: str) -> dict[str, Entry]:
    """Card id → its entry, for game ``game`` (empty for a game without cards here).

    :raises ServerError: if the game's card data cannot be read.
    """
    builder = BUILDERS.get(game)
    if builder is None:
        return {}
    try:
        return builder()
    except Exception as e:  # a broken data file: said plainly, not a traceback
        raise ServerError(f"{game}: the card texts cannot be read ({e})", status=500) from None


@cache
def card_name_table(game: str, lang: str) -> dict[str, str]:
    """Card id → the name the game's localizer gives it in ``lang``, for every card of the
    catalogue it names (what the boards draw with). Public, the same in every game: a socket is
    sent it once instead of the names of the cards in each view. Not to be changed (it is kept).
    """
    localize = get_game(game).localize
    table: dict[str, str] = {}
    if localize is None:
        return table
    for card_id in card_catalogue(game):
        try:
            said = localize("card", card_id, lang)
        except (AsobiError, KeyError, IndexError, TypeError, ValueError, AttributeError):
            continue
        if said is not None and said != card_id:
            table[card_id] = said
    return table
