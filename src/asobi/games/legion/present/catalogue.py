"""Every card and enemy-map square of パラレルレギオン with its full text in Japanese and English,
for the browser's inspector: printed data, the same for every seat."""

from __future__ import annotations

from asobi.core.hooks import CatalogueEntry as Entry
from asobi.core.hooks import catalogue_entry as _entry

from ..content import ALPHABETS, content


def catalogue() -> dict[str, Entry]:
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
