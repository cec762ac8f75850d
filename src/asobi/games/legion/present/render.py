"""The terminal drawing of a view: both maps as text grids, the tracks, hands, shield, weapons,
the enemy pieces with the squares they reach next, and the stack."""

from __future__ import annotations

from typing import Any

from ..content import content
from ..messages import STEP_WORDS, card_name, enemy_square_name, localize, square_name

_T = {
    "space": ("スペースマップ（上が北）", "Space map (north is up)"),
    "enemy": ("エネミーマップ", "Enemy map"),
    "tracks": (
        "スペースライフ {s}/{smax}　エネミーライフ {e}（レベル{lv}）　イベントカウント {c}　ラウンド {r}/{rl}",
        "Space life {s}/{smax}   Enemy life {e} (level {lv})   Event count {c}   Round {r}/{rl}",
    ),
    "legend": (
        "S=エネミーシップ ##=ブラックアウト 小文字=色 大文字=ウェポンの持ち主",
        "S=enemy ship ##=blackout lower case=colour, capital=weapon owner",
    ),
    "pieces": ("エネミーコマ", "Enemy pieces"),
    "next": ("次", "next"),
    "shield": ("シールド", "Shield"),
    "hand": ("手札", "hand"),
    "weapons": ("ウェポン", "Weapons"),
    "stack": ("スタック（上が先に解決）", "Stack (top resolves first)"),
    "decide": ("{seat}の選択：{kind}", "{seat} to decide: {kind}"),
    "develop": ("開発に必要 {need}（使える {al}）", "Development needs {need} (alphabets {al})"),
    "decks": (
        "デッキ：コード{code} アーミー{army} エネミー未公開{eu} イベント未公開{vu}",
        "Decks: code {code}, army {army}, enemy unseen {eu}, event unseen {vu}",
    ),
    "hidden": ("非公開（コード{code}枚、アーミー{army}枚）", "hidden (code {code}, army {army})"),
    "negated": ("（無効化）", " (negated)"),
    "after": ("（{step}の後）", " (after {step})"),
}

_DIRECTIONS = {"north": ("北", "N"), "east": ("東", "E"), "south": ("南", "S"), "west": ("西", "W")}
"""Where a square sends the enemy ship ("to〜" on the map): a Japanese word, or the print's initial."""



def _army_text(card_id: str, lang: str) -> str:
    """The printed text of an army card, in ``lang``."""
    c = content()
    return c.army_text[c.army_index[card_id]][0 if lang == "ja" else 1]


def _square_text(square_id: str, lang: str) -> str:
    """The printed text of an enemy-map square ("to〜" and effects), in ``lang``.

    The print writes the ship's move in English even in Japanese (``toNorth／…``); the Japanese
    screen says it in Japanese (``北へ移動／…``) so that no English shows there.
    """
    c = content()
    i = c.square_ids.index(square_id)
    if lang != "ja":
        return c.square_text[i][1]
    text = c.square_text[i][0]
    direction = _DIRECTIONS.get(c.square_to[i])
    if direction is not None and "／" in text:
        text = f"{direction[0]}へ移動／{text.split('／', 1)[1]}"
    return text


def _heading(to: str, lang: str) -> str:
    """The short mark of where a square sends the ship: ``toN`` / ``→北``, ``-`` for nowhere."""
    direction = _DIRECTIONS.get(to)
    if direction is None:
        return "-" if lang == "ja" else "to-"
    return "→" + direction[0] if lang == "ja" else "to" + direction[1]


def _t(key: str, lang: str, **kw: Any) -> str:
    return _T[key][0 if lang == "ja" else 1].format(**kw)


def render(view: dict[str, Any], seat: int | None = None, lang: str = "en") -> str:
    out: list[str] = []
    out.append(
        _t(
            "tracks",
            lang,
            s=view["space_life"],
            smax=view["space_life_max"],
            e=view["enemy_life"],
            lv=view["enemy_level"],
            c=view["event_count"],
            r=view["round"],
            rl=view["round_limit"],
        )
    )
    sm = view["space_map"]
    cols = sm["cols"]
    weapons: dict[int, list[dict[str, Any]]] = {}
    for w in sm["weapons"]:
        weapons.setdefault(w["square"], []).append(w)
    black = set(sm["blackouts"])
    out.append(_t("space", lang) + "   " + _t("legend", lang))
    out.append("    " + " ".join(f" {'abcdefgh'[c]} " for c in range(cols)))
    for r, row in enumerate(sm["rows"]):
        cells = []
        for c, colour in enumerate(row):
            sq = r * cols + c
            if sq in black:
                cell = "##" + ("S" if sm["ship"] == sq else " ")
            elif sm["ship"] == sq:
                cell = colour.lower() + "S "
            elif sq in weapons:  # a piece (A1), or how many share the square (L-3)
                shared = weapons[sq]
                cell = colour.lower() + (shared[0]["piece"] if len(shared) == 1 else f"*{len(shared)}")
            else:
                cell = colour.lower() + "  "
            cells.append(f"[{cell}]")
        out.append(f" {r + 1}  " + "".join(cells))
    em = view["enemy_map"]
    squares = em["squares"]
    here: dict[str, list[str]] = {}
    nxt: dict[str, list[str]] = {}
    for p in em["pieces"]:
        if p:
            here.setdefault(p["square"], []).append(str(p["piece"]))
            nxt.setdefault(p["next"], []).append(str(p["piece"]))
    out.append(_t("enemy", lang) + f" (★={enemy_square_name(em['barrier_core'], lang)})")
    cells = []
    for sq in squares:
        mark = ("*" + "".join(here[sq["id"]])) if sq["id"] in here else ""
        soon = (">" + "".join(nxt[sq["id"]])) if sq["id"] in nxt else ""
        star = "★" if sq["id"] == em["barrier_core"] else ""
        cells.append(
            f"[{star}{enemy_square_name(sq['id'], lang)} {sq['code']} {_heading(sq['to'], lang)} {mark}{soon}]"
        )
    for i in range(0, len(cells), 4):
        out.append("  " + " ".join(cells[i : i + 4]))
    out.append(_t("pieces", lang) + ":")
    for p in em["pieces"]:
        if p:
            out.append(
                f"  {p['piece']}: {enemy_square_name(p['square'], lang)} {p['code']} → {_t('next', lang)}"
                f" {enemy_square_name(p['next'], lang)} {p['next_code']}"
                f": {_square_text(p['next'], lang)}"
            )
    out.append(
        f"{_t('shield', lang)} ({len(view['shield'])}/{view['shield_limit']}): {' '.join(view['shield']) or '-'}"
    )
    out.append(_t("develop", lang, need=view["develop_need"], al="".join(view["develop_alphabets"])))
    out.append(_t("weapons", lang) + ":")
    for w in sm["weapons"]:
        out.append(
            f"  {w['piece']} {card_name(w['card'], lang)} [{w['number']}] @ {square_name(w['square'])}"
            f": {_army_text(w['card'], lang)}"
        )
    for h in view["hands"]:
        if h["cards"] is None:
            shown = _t("hidden", lang, code=h["codes"], army=h["army"])
        else:
            shown = " ".join(card_name(c, lang) if c[0] in "WS" else c for c in h["cards"]) or "-"
        out.append(f"{h['seat']} {_t('hand', lang)}: {shown}")
        if h["cards"] is not None and h["seat"] == view["seat"]:
            for card_id in dict.fromkeys(c for c in h["cards"] if c[0] in "WS"):
                out.append(f"  {card_name(card_id, lang)}: {_army_text(card_id, lang)}")
    d = view["decks"]
    out.append(_t("decks", lang, code=d["code"], army=d["army"], eu=d["enemy_unseen"], vu=d["event_unseen"]))
    if view["stack"]:
        out.append(_t("stack", lang) + ":")
        for item in reversed(view["stack"]):
            neg = _t("negated", lang) if item["negated"] else ""
            who = f" [{item['by']}]" if item["by"] else ""
            label = localize("label", item["label"], lang)
            out.append(f"  {label}{who}: {localize('verb', item['verb'], lang)}{neg}")
    if view["pending"]:
        kind = view["pending"]["kind"]
        label = STEP_WORDS.get(kind, (kind, kind))[0 if lang == "ja" else 1]
        extra = ""
        if kind == "develop":
            extra = f" {view['pending']['total']}/{view['pending']['need']}"
        elif kind == "priority":
            extra = _t("after", lang, step=view["pending"]["step"])
        out.append(_t("decide", lang, seat=view["pending"]["seat"], kind=label) + extra)
    return "\n".join(out)
