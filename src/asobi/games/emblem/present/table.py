"""What an emblem player may read at the table: every visible unit and card in full, and the
game's Japanese terms explained in English."""

from __future__ import annotations

from typing import Any

from asobi.core.hooks import Item

from ..cards import UNIT, pool
from ..messages import SEAT_NAMES, card_name
from ..rules.field import square_name
from .render import ATTACK_NAMES, MOVE_NAMES

GLOSSARY: tuple[tuple[str, str], ...] = (
    ("気力", "kiryoku, a unit's morale: the chips on it. Damage takes 気力 chips off (to its owner's used "
     "chips); a unit left with none retreats to 戦場外. The card prints its maximum."),
    ("攻", "attack: the damage a unit deals when it attacks (per strike), before its weapon or magic."),
    ("反", "counter: the damage a unit deals back when attacked, if its own attack type reaches the attacker."),
    ("出撃マス", "sortie squares: each player's nearest row of three. Units are deployed there; a unit that "
     "moves onto the enemy's 出撃マス wins the game."),
    ("戦場外", "off the battlefield: the public discard pile (retreated units, removed equipment, replaced "
     "land and guardian cards, discarded cards)."),
    ("国外", "out of the country: a public zone for mulliganed hands and captured units; cards there never "
     "come back."),
    ("未使用 / 使用済み", "unused / used chips: every cost and every 気力 chip is paid from unused chips; spent and "
     "lost chips become used, and come back unused at the start of their owner's turn."),
    ("国力フェイズ", "kokuryoku (strength) phase: draw, deploy a unit and chips, attach cards. Each turn has "
     "both players' phases."),
    ("侵攻フェイズ", "invasion phase: the turn player's units move and act one at a time."),
    ("世代交代", "succession: in your end phase, a child unit replaces its parent on the field (keeping its "
     "chips and cards), or a child is filled with chips by showing its parent from the hand."),
    ("歩兵 / 騎兵 / 飛兵", "infantry (1 square orthogonally) / cavalry (also 1 diagonally forward) / flier "
     "(1 square in any direction)."),
    ("直接 / 間接 / 魔法 / 回復", "direct (distance 1) / indirect (distance 2) / magic (1–2) attacks / healing "
     "(another friendly unit at 1–2)."),
    ("【Symbol】【Training】【Legacy】【Honing】【Capture】", "【象徴】【修練】【伝承】【練磨】【捕獲】 on the cards: "
     "keyword effects; each card's English text says what its keyword does."),
    ("毒", "poison: a poisoned unit loses a 気力 chip at the start of its owner's turn."),
)


def _card_lines(card_id: str, lang: str) -> list[str]:
    """A card's full text: its names, kind, numbers and printed text."""
    info = pool().by_id.get(card_id)
    if info is None:
        return [card_name(card_id, lang)]
    ja = lang == "ja"
    m = info.model
    lines = [f"{m.name_ja}" if ja else f"{m.name_en} ({m.name_ja})"]
    kinds = {"unit": "ユニット", "weapon": "武器", "magic": "魔法", "item": "アイテム", "land": "土地",
             "guardian": "守護"}
    if info.kind == UNIT:
        move = MOVE_NAMES[m.move or "infantry"][0 if ja else 1]
        attack = ATTACK_NAMES[m.attack_type or "direct"][0 if ja else 1]
        if ja:
            lines.append(f"ユニット：気力{m.morale} 攻{m.attack} 反{m.counter} 武器Lv{m.level} {move} {attack}"
                         + (f" {m.strikes}回攻撃" if m.strikes > 1 else ""))
        else:
            lines.append(f"unit: 気力 {m.morale}, 攻 {m.attack}, 反 {m.counter}, weapon level {m.level}, {move}, "
                         f"{attack}" + (f", {m.strikes} strikes" if m.strikes > 1 else ""))
        if m.parent:
            lines.append(("親：" if ja else "parent (世代交代): ") + card_name(m.parent, lang))
    elif m.kind in ("weapon", "magic"):
        if ja:
            lines.append(f"{kinds[m.kind]}：Lv{m.level} 攻+{m.bonus} コスト{m.cost}")
        else:
            lines.append(f"{m.kind}: level {m.level}, 攻 +{m.bonus} when used, cost {m.cost} chip(s) per use")
    else:
        lines.append(kinds[m.kind] if ja else m.kind)
    lines.append(m.text_ja if ja else m.text_en)
    return lines


def _unit_lines(u: dict[str, Any], sq: int, lang: str) -> list[str]:
    ja = lang == "ja"
    who = SEAT_NAMES[u["owner"]]
    state = ("行動可能" if u["ready"] else "待機") if ja else ("ready" if u["ready"] else "standby")
    if ja:
        now = f"{square_name(sq)}の{who}のユニット：気力{u['chips']}/{u['max']} 攻{u['attack']} 反{u['counter']} {state}"
    else:
        now = (f"{who}'s unit on {square_name(sq)}: 気力 {u['chips']}/{u['max']}, 攻 {u['attack']}, "
               f"反 {u['counter']}, {state}")
    if u["poison"]:
        now += "、毒" if ja else ", poisoned"
    if u["hone"]:
        now += f"、練磨+{u['hone']}" if ja else f", honed +{u['hone']}"
    lines = [now, *("  " + line for line in _card_lines(u["card"], lang))]
    for slot in ("weapon", "magic", "item"):
        if u[slot]:
            attached = _card_lines(u[slot], lang)
            lines.append(("  付与：" if ja else "  attached: ") + attached[0])
            lines.extend("    " + line for line in attached[1:])
    return lines


SHORT_TERMS = (("気力", "morale chips, the unit's life"), ("攻", "attack"), ("反", "counter"),
               ("出撃マス", "sortie squares"), ("戦場外", "the discard pile"), ("国外", "out of the game"))


def _with_terms(lines: list[str], lang: str) -> list[str]:
    """In English, the Japanese terms the text uses, each named in a word (``t`` explains them)."""
    if lang == "ja":
        return lines
    text = "\n".join(lines)
    used = [f"{term} = {meaning}" for term, meaning in SHORT_TERMS if term in text]
    return [*lines, f"({'; '.join(used)}; t explains every term)"] if used else lines


def items(view: dict[str, Any], lang: str) -> list[Item]:
    """Everything the viewing seat may read: units on the field (by square), then each player's
    land, guardian, hand (if shown), 戦場外 and 国外."""
    return [Item(it.key, it.title, _with_terms(it.lines, lang)) for it in _items(view, lang)]


def _items(view: dict[str, Any], lang: str) -> list[Item]:
    ja = lang == "ja"
    out: list[Item] = []
    for sq, u in enumerate(view["field"]):
        if u is not None:
            title = f"{SEAT_NAMES[u['owner']]} {card_name(u['card'], lang)}"
            out.append(Item(square_name(sq), title, _unit_lines(u, sq, lang)))
    zones = (("land", "土地", "land"), ("guardian", "守護", "guardian"))
    for p, pl in enumerate(view["players"]):
        who = SEAT_NAMES[p]
        for key, name_ja, name_en in zones:
            if pl[key]:
                out.append(Item(f"{key}{who.lower()}", f"{who} {name_ja if ja else name_en}: "
                                f"{card_name(pl[key], lang)}", _card_lines(pl[key], lang)))
        piles = [("h", "手札", "hand", pl["hand"] or []), ("o", "戦場外", "戦場外", pl["offfield"]),
                 ("k", "国外", "国外", pl["kokugai"])]
        for prefix, name_ja, name_en, cards in piles:
            for i, card in enumerate(cards, 1):
                key = f"{prefix}{who.lower()}{i}"
                out.append(Item(key, f"{who} {name_ja if ja else name_en} {i}: {card_name(card, lang)}",
                                _card_lines(card, lang)))
    return out


GLOSSARY_JA: tuple[tuple[str, str], ...] = (
    ("気力", "ユニットに置かれたチップ。ダメージを受けると気力チップを失い（持ち主の使用済みへ）、0になると戦場外へ撤退する。最大値はカードに印刷。"),
    ("攻 / 反", "攻撃力（攻撃するときのダメージ、武器・魔法の前）/ 反撃力（攻撃されたとき、攻撃タイプが届けば返すダメージ）。"),
    ("出撃マス", "各プレイヤーの手前の3マス。ユニットはここに配置する。敵の出撃マスに移動したユニットの持ち主が勝つ。"),
    ("戦場外 / 国外", "公開の捨て札置き場 / マリガンした手札と捕獲されたユニットの置き場（二度と戻らない）。"),
    ("未使用 / 使用済み", "コストと気力チップは未使用チップから払う。使ったチップは使用済みになり、持ち主のターン開始時に未使用に戻る。"),
    ("国力フェイズ / 侵攻フェイズ", "ドロー・ユニットとチップの配置・カードの付与 / ターンプレイヤーのユニットが1体ずつ移動して行動する。"),
    ("世代交代", "エンドフェイズに子ユニットが場の親ユニットと入れ替わる（チップとカードは引き継ぐ）か、手札の親を明示して子に気力を置く。"),
    ("歩兵 / 騎兵 / 飛兵", "縦横1マス / 斜め前1マスにも / 全方向1マス移動する。"),
    ("直接 / 間接 / 魔法 / 回復", "距離1 / 距離2 / 距離1〜2の攻撃 / 距離1〜2の味方ユニットを回復。"),
    ("【象徴】【修練】【伝承】【練磨】【捕獲】", "キーワード効果。効果は各カードのテキストのとおり。"),
    ("毒", "毒状態のユニットは、持ち主のターン開始時に気力チップを1枚失う。"),
)
"""The same terms explained in Japanese (``t`` in the terminal)."""


def glossary(lang: str) -> list[str]:
    return [f"{term}: {meaning}" for term, meaning in (GLOSSARY_JA if lang == "ja" else GLOSSARY)]
