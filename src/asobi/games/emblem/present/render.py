"""The terminal drawing of a view: the 3×4 field as a grid, the hands, chips and zones."""

from __future__ import annotations

import unicodedata
from typing import Any

from ..cards import ATTACK_TYPES, MOVES, UNIT, pool
from ..messages import SEAT_NAMES, card_name, deck_name
from ..rules import flow
from ..rules.field import COLS, ROWS

CELL = 18


def width(text: str) -> int:
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def pad(text: str, n: int = CELL) -> str:
    while width(text) > n:
        text = text[:-1]
    return text + " " * (n - width(text))


def short_name(card_id: str, lang: str) -> str:
    """The character part of a card's name (レオン, Leon), or the whole name of a generic unit."""
    name = card_name(card_id, lang)
    if lang == "ja":
        return name.split(" ")[-1]
    return name.split(",")[0]


MOVE_MARKS = {"infantry": ("歩", "Inf"), "cavalry": ("騎", "Cav"), "flier": ("飛", "Fly")}
ATTACK_MARKS = {
    "direct": ("直", "Dir"),
    "indirect": ("間", "Ind"),
    "magic": ("魔", "Mag"),
    "healing": ("回", "Heal"),
}
MOVE_NAMES = {"infantry": ("歩兵", "infantry"), "cavalry": ("騎兵", "cavalry"), "flier": ("飛兵", "flier")}
ATTACK_NAMES = {
    "direct": ("直接", "direct"),
    "indirect": ("間接", "indirect"),
    "magic": ("魔法", "magic"),
    "healing": ("回復", "healing"),
}


def card_line(card_id: str, lang: str) -> str:
    """One hand card: its name, then its numbers (a unit) or its text (any other card)."""
    ja = lang == "ja"
    info = pool().by_id.get(card_id)
    name = card_name(card_id, lang)
    if info is None:
        return name
    if info.kind == UNIT:
        move = MOVE_NAMES[MOVES[info.move]][0 if ja else 1]
        attack = ATTACK_NAMES[ATTACK_TYPES[info.attack_type]][0 if ja else 1]
        if ja:
            stats = f"気力{info.morale} 攻{info.attack} 反{info.counter} {move} {attack} 武器Lv{info.level}"
        else:
            stats = (
                f"気力 {info.morale}, 攻 {info.attack}, 反 {info.counter}, {move}, {attack}, "
                f"weapon level {info.level}"
            )
        text = info.model.text_ja if ja else info.model.text_en
        return f"{name} — {stats}" + (f" — {text}" if text else "")
    return f"{name} — {info.model.text_ja if ja else info.model.text_en}"


def cell(u: dict[str, Any] | None, lang: str) -> tuple[str, str, str]:
    if u is None:
        return ("", "", "")
    ja = lang == "ja"
    state = ("立" if u["ready"] else "横") if ja else ("ready" if u["ready"] else "stby")
    line1 = f"{SEAT_NAMES[u['owner']]} {short_name(u['card'], lang)}"
    line2 = f"気{u['chips']}/{u['max']} 攻{u['attack']} 反{u['counter']}"
    i = 0 if ja else 1
    marks = [MOVE_MARKS[u["move"]][i] + "/" + ATTACK_MARKS[u["attack_type"]][i], state]
    if u["poison"]:
        marks.append("毒" if ja else "psn")
    eq = [short_name(u[k], lang)[:6] for k in ("weapon", "magic", "item") if u[k]]
    line3 = " ".join(marks + eq)
    return (line1, line2, line3)


def render(view: dict[str, Any], seat: int | None, lang: str = "en") -> str:
    ja = lang == "ja"
    me = 0 if seat is None else seat
    rows = range(ROWS - 1, -1, -1) if me == 0 else range(ROWS)
    field = view["field"]
    out: list[str] = []
    head = "    " + " ".join(pad(f" {'abc'[c]}") for c in range(COLS))
    out.append(head)
    border = "   +" + "+".join("-" * CELL for _ in range(COLS)) + "+"
    for r in rows:
        out.append(border)
        cells = [cell(field[r * COLS + c], lang) for c in range(COLS)]
        sortie = {0: " A出撃" if ja else " A's 出撃マス", ROWS - 1: " B出撃" if ja else " B's 出撃マス"}.get(
            r, ""
        )
        for line in range(3):
            label = f"{r + 1:>2} " if line == 0 else "   "
            out.append(
                label + "|" + "|".join(pad(c[line]) for c in cells) + "|" + (sortie if line == 0 else "")
            )
    out.append(border)
    for p in (1 - me, me):
        pl = view["players"][p]
        name = SEAT_NAMES[p]
        deck = deck_name(pl["deck_name"], lang)
        land = card_name(pl["land"], lang) if pl["land"] else "-"
        guardian = card_name(pl["guardian"], lang) if pl["guardian"] else "-"
        if ja:
            out.append(
                f"{name}（{deck}）: 未使用チップ{pl['unused']} 使用済み{pl['used']} 山札{pl['deck']} "
                f"手札{pl['hand_count']} 戦場外{len(pl['offfield'])} 国外{len(pl['kokugai'])} 土地:{land} 守護:{guardian}"
            )
        else:
            out.append(
                f"{name} ({deck}): unused chips {pl['unused']}, used {pl['used']}, deck {pl['deck']}, "
                f"hand {pl['hand_count']}, 戦場外 {len(pl['offfield'])}, 国外 {len(pl['kokugai'])}, land: {land}, guardian: {guardian}"
            )
        if pl["hand"] is not None:
            out.append("  手札:" if ja else "  hand:")
            out.extend(f"    {card_line(c, lang)}" for c in pl["hand"])
            if not pl["hand"]:
                out.append("    -")
    names = {row.key: (row.name_ja, row.name_en) for row in flow.STEPS}
    step = names.get(view["step"], (view["step"], view["step"]))[0 if ja else 1]
    turn_player = view["turn_player"]
    who = SEAT_NAMES[turn_player] if turn_player is not None and turn_player >= 0 else "-"
    if ja:
        out.append(f"第{view['turn']}ターン（{who}のターン）・{step}")
    else:
        out.append(f"turn {view['turn']} ({who}'s turn), {step}")
    return "\n".join(out)
