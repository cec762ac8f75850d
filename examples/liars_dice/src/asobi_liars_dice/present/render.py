"""The terminal drawing of a view: the cups (one's own open), the bids of the round, whose call it
is, and the last time the cups were lifted."""

from __future__ import annotations

from typing import Any

from ..messages import cups_text
from ..model import SEATS

_T = {
    "title": ("ライアーズダイス　第{round}ラウンド　卓上のダイス{total}個", "Liar's Dice · round {round} · {total} dice on the table"),
    "wild": ("1はワイルド", "ones are wild"),
    "spot": ("ぴったりあり", "spot on is played"),
    "dice": ("{count}個", "{count} dice"),
    "die": ("1個", "1 die"),
    "out": ("脱落", "out"),
    "you": ("（あなた）", " (you)"),
    "opens": ("（親）", "  (opens)"),
    "bid": ("ビッド：{seat}　{face}の目が{quantity}個", "Bid: {seat} — {quantity} × {face}"),
    "no_bid": ("まだビッドなし", "No bid yet"),
    "history": ("このラウンド：{bids}", "This round: {bids}"),
    "to_call": ("{seat}のコール", "{seat} to call"),
    "rolling": ("{seat}がダイスを振っている", "{seat} is rolling"),
    "winner": ("{seat}の勝ち", "{seat} wins"),
    "last": ("前回：{caller}が{bidder}の{quantity}×{face}に{call}、{count}個　{dice}",
             "Last reveal: {caller} called {call} on {bidder}'s {quantity} × {face}; {count} counted — {dice}"),
    "challenge": ("ダウト", "challenge"),
    "spot_on": ("ぴったり", "spot on"),
}


def _t(key: str, lang: str, **args: Any) -> str:
    return _T[key][0 if lang == "ja" else 1].format(**args)


def _bid_text(bid: dict[str, int]) -> str:
    return f"{SEATS[bid['seat']]} {bid['quantity']}×{bid['face']}"


def render(view: dict[str, Any], seat: int | None, lang: str = "en") -> str:
    head = [_t("title", lang, round=view["round"], total=view["total"])]
    if view["wild_ones"]:
        head.append(_t("wild", lang))
    if view["spot_on"]:
        head.append(_t("spot", lang))
    lines = [("　" if lang == "ja" else " · ").join(head)]
    for cup in view["cups"]:
        p = cup["seat"]
        mark = "▶" if p in (view["turn"], view["rolling"]) else " "
        if cup["count"] == 0:
            lines.append(f"{mark} {SEATS[p]}  {_t('out', lang)}")
            continue
        faces = cup["dice"]  # one's own (rolled so far), or None
        known = [str(d) for d in faces] if faces is not None else []
        unknown = "·" if faces is not None else "?"  # not rolled yet / hidden
        shown = " ".join(known + [unknown] * (cup["count"] - len(known)))
        extra = _t("you", lang) if p == seat else ""
        if p == view["opener"] and view["winner"] is None:
            extra += _t("opens", lang)
        lines.append(f"{mark} {SEATS[p]}  {_t('die' if cup['count'] == 1 else 'dice', lang, count=cup['count']):>7}  [{shown}]{extra}")
    bid = view["bid"]
    if bid is None:
        lines.append(_t("no_bid", lang))
    else:
        lines.append(_t("bid", lang, seat=SEATS[bid["seat"]], quantity=bid["quantity"], face=bid["face"]))
        if len(view["bids"]) > 1:
            lines.append(_t("history", lang, bids=", ".join(_bid_text(b) for b in view["bids"])))
    if view["winner"] is not None:
        lines.append(_t("winner", lang, seat=SEATS[view["winner"]]))
    elif view["turn"] is not None:
        lines.append(_t("to_call", lang, seat=SEATS[view["turn"]]))
    elif view["rolling"] is not None:
        lines.append(_t("rolling", lang, seat=SEATS[view["rolling"]]))
    last = view["last"]
    if last is not None:
        b = last["bid"]
        dice = cups_text(tuple(tuple(c) for c in last["dice"]), lang)
        lines.append(_t("last", lang, caller=SEATS[last["caller"]], call=_t(last["call"], lang), bidder=SEATS[b["seat"]],
                        quantity=b["quantity"], face=b["face"], count=last["count"], dice=dice))
    return "\n".join(lines)
