"""What a Parallel Legion player may read at the table: army cards in hands and on the map, the
enemy map's squares and pieces, the enemy and event cards already revealed, and the stack."""

from __future__ import annotations

from typing import Any

from asobi.core.hooks import Item

from ..content import content
from ..messages import card_name, localize, square_name


def _army_lines(card_id: str, lang: str) -> list[str]:
    c = content()
    k = c.army_index[card_id]
    name_ja, name_en = c.army_names[k]
    kind = ("ウェポン" if lang == "ja" else "weapon") if c.is_weapon[k] else ("ストラテジー" if lang == "ja" else "strategy")
    title = f"{name_ja}（{kind}）" if lang == "ja" else f"{name_en} ({name_ja}), {kind}"
    return [title, c.army_text[k][0 if lang == "ja" else 1]]


def _queue_lines(ids: tuple[str, ...], names: tuple[tuple[str, str], ...], texts: tuple[tuple[str, str], ...],
                 card_id: str, lang: str) -> list[str]:
    k = ids.index(card_id)
    i = 0 if lang == "ja" else 1
    title = names[k][0] if lang == "ja" else f"{names[k][1]} ({names[k][0]})"
    return [title, texts[k][i]]


_DIRECTIONS = {"north": ("北", "north"), "south": ("南", "south"), "east": ("東", "east"), "west": ("西", "west"),
               "none": ("なし", "none")}


def items(view: dict[str, Any], lang: str) -> list[Item]:
    ja = lang == "ja"
    c = content()
    out: list[Item] = []
    for w in view["space_map"]["weapons"]:
        lines = _army_lines(w["card"], lang)
        where = (f"{square_name(w['square'])}、付属数字{w['number']}" if ja
                 else f"on {square_name(w['square'])}, attached number {w['number']}")
        out.append(Item(w["piece"], f"{w['piece']} {card_name(w['card'], lang)} ({where})", [*lines, where]))
    for h in view["hands"]:
        for i, card in enumerate(h["cards"] or [], 1):
            if card in c.army_index:
                key = f"h{h['seat'].lower()}{i}"
                out.append(Item(key, f"{h['seat']} {'手札' if ja else 'hand'} {i}: {card_name(card, lang)}",
                                _army_lines(card, lang)))
    pieces = {p["square"]: p["piece"] for p in view["enemy_map"]["pieces"] if p}
    for sq in view["enemy_map"]["squares"]:
        k = c.square_ids.index(sq["id"])
        text = c.square_text[k][0 if ja else 1]
        here = sq["id"] in pieces
        extra = ((f"（エネミーコマ{pieces[sq['id']]}）" if ja else f" (enemy piece {pieces[sq['id']]})") if here else "")
        title = f"{sq['id']} {sq['code']}{extra}"
        to = _DIRECTIONS.get(sq["to"], (sq["to"], sq["to"]))[0 if ja else 1]
        lines = [title, text, f"エネミーシップの移動：{to}" if ja else f"enemy ship moves: {to}"]
        out.append(Item(sq["id"], title, lines))
    decks = view["decks"]
    for label_ja, label_en, ids, names, texts, used in (
        ("エネミーカード", "enemy card", c.enemy_ids, c.enemy_names, c.enemy_text, decks["enemy_used"]),
        ("イベントカード", "event card", c.event_ids, c.event_names, c.event_text, decks["event_used"]),
    ):
        for card in used:
            out.append(Item(card, f"{label_ja if ja else label_en} {card}: {card_name(card, lang)}",
                            _queue_lines(ids, names, texts, card, lang)))
    for i, it in enumerate(reversed(view["stack"]), 1):
        label = localize("label", it["label"], lang)
        verb = localize("verb", it["verb"], lang)
        out.append(Item(f"s{i}", f"{'スタック' if ja else 'stack'} {i}: {label}", [label, verb]))
    return out


GLOSSARY = (
    ("code card", "α/β/γ × 1/2/3: pay with them, shield with them, develop with them."),
    ("shield", "at most 3 codes (4.3) in front of the players; a shield code equal to an attacking square's code "
     "cancels that attack (7.6)."),
    ("develop", "discard codes of the enemy pieces' alphabets worth at least the total shown on the board: "
     "1 damage to the enemy (5.7, 5.8)."),
    ("blackout (##)", "a blacked-out square: no weapon may stand there; blacking out one again blacks out "
     "every square of its colour (9.3)."),
)


GLOSSARY_JA = (
    ("コードカード", "α・β・γ × 1・2・3。支払い、シールド、開発に使う。"),
    ("シールド", "プレイヤーの前に置くコード（3枚まで、4.3）。攻撃するマスのコードと同じシールドコードがあれば、その攻撃を防ぐ（7.6）。"),
    ("開発", "エネミーコマのアルファベットのコードを、盤面に示された合計以上捨てる：エネミーに1ダメージ（5.7, 5.8）。"),
    ("ブラックアウト（##）", "ブラックアウトしたマス：ウェポンを置けない。もう一度ブラックアウトすると、その色のマスがすべてブラックアウトする（9.3）。"),
)
"""The same terms explained in Japanese (``t`` in the terminal)."""


def glossary(lang: str) -> list[str]:
    return [f"{term}: {meaning}" for term, meaning in (GLOSSARY_JA if lang == "ja" else GLOSSARY)]
