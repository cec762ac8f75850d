"""What a seat may read at the table: in full (the terminal's ``i KEY``) each cup, the bids of
the round, the last reveal and the table's options, built from the view alone; and the glossary
of the game's words."""

from __future__ import annotations

from typing import Any

from asobi.core.hooks import Item

from ..messages import cups_text
from ..model import SEATS


def _cup(view: dict[str, Any], cup: dict[str, Any], lang: str) -> Item:
    ja = lang == "ja"
    name = SEATS[cup["seat"]]
    count = cup["count"]
    if count == 0:
        title = f"{name}：脱落" if ja else f"{name}: out"
        return Item(name.lower(), title, [title])
    title = f"{name}のカップ：{count}個" if ja else f"{name}'s cup: {count} dice"
    lines = [title]
    if cup["dice"] is not None:
        lines.append(("目：" if ja else "faces: ") + " ".join(map(str, cup["dice"])))
    else:
        lines.append("目は本人にしか見えない（2.1）" if ja else "only its owner sees the faces (2.1)")
    mine = [b for b in view["bids"] if b["seat"] == cup["seat"]]
    if mine:
        said = ", ".join(f"{b['quantity']}×{b['face']}" for b in mine)
        lines.append(("このラウンドのビッド：" if ja else "bids this round: ") + said)
    return Item(name.lower(), title, lines)


def items(view: dict[str, Any], lang: str = "en") -> list[Item]:
    ja = lang == "ja"
    out = [_cup(view, cup, lang) for cup in view["cups"]]
    bids = view["bids"]
    title = "このラウンドのビッド" if ja else "Bids this round"
    lines = [title] + [f"{SEATS[b['seat']]} {b['quantity']}×{b['face']}" for b in bids]
    if not bids:
        lines.append("まだなし" if ja else "none yet")
    out.append(Item("bids", title, lines))
    last = view["last"]
    if last is not None:
        b = last["bid"]
        call = ("ダウト" if last["call"] == "challenge" else "ぴったり") if ja else last["call"].replace("_", " ")
        title = "前回のカップ" if ja else "Last reveal"
        dice = cups_text(tuple(tuple(c) for c in last["dice"]), lang)
        said = (f"{SEATS[last['caller']]}が{SEATS[b['seat']]}の{b['quantity']}×{b['face']}に{call}：{last['count']}個"
                if ja else f"{SEATS[last['caller']]} called {call} on {SEATS[b['seat']]}'s {b['quantity']} × {b['face']}: "
                f"{last['count']} counted")
        out.append(Item("last", title, [title, said, dice]))
    title = "このゲームのルール" if ja else "This table's rules"
    yes_no = (lambda on: "あり" if on else "なし") if ja else (lambda on: "on" if on else "off")
    lines = [
        title,
        (f"{view['players']}人、各{view['start_dice']}個から" if ja
         else f"{view['players']} players, {view['start_dice']} dice each to start"),
        (f"1のワイルド（4.1）：{yes_no(view['wild_ones'])}" if ja else f"wild ones (4.1): {yes_no(view['wild_ones'])}"),
        (f"ぴったり（5.3）：{yes_no(view['spot_on'])}" if ja else f"spot on (5.3): {yes_no(view['spot_on'])}"),
    ]
    out.append(Item("rules", title, lines))
    return out


GLOSSARY: tuple[tuple[str, str], ...] = (
    ("カップ：自分のダイスを隠して振る入れ物。中の目は自分だけが見られる（2.1）。",
     "cup: where a player rolls and hides their dice; only they see the faces (2.1)."),
    ("ビッド：「卓上の全ダイスのうち、この目が少なくともこの個数ある」という宣言（3.1）。",
     "bid: \"at least this many of all the dice on the table show this face\" (3.1)."),
    ("ダウト：直前のビッドを疑ってカップを上げさせること。ペルードのドゥド（5.1）。",
     "challenge: doubting the last bid, so every cup is lifted; Perudo's dudo (5.1)."),
    ("ぴったり：直前のビッドがちょうど正しいという宣言。ペルードのカルサ（5.3）。",
     "spot on: calling the last bid exactly right; Perudo's calza (5.3)."),
    ("ワイルド：1の目は他の目へのビッドでその目として数える（4.1）。",
     "wild ones: a one counts as the face of a bid on any other face (4.1)."),
    ("親：ラウンドの最初にビッドするプレイヤー（2.2、6.2）。",
     "opener: the player who bids first in a round (2.2, 6.2)."),
)


def glossary(lang: str = "en") -> list[str]:
    """The game's words, a line each."""
    return [pair[0 if lang == "ja" else 1] for pair in GLOSSARY]
