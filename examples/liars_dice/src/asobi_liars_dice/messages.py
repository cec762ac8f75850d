"""The message catalogue: events and action labels, key → (日本語, English), and how an event's
arguments read (a seat as its letter, a reveal as every cup)."""

from __future__ import annotations

from typing import Any

from .model import SEATS

MESSAGES: dict[str, tuple[str, str]] = {
    "setup": (
        "{players}人、各{dice}個のダイスで開始（1のワイルド：{wild_ones}、ぴったり：{spot_on}）",
        "{players} players with {dice} dice each (wild ones: {wild_ones}, spot on: {spot_on})",
    ),
    "round": ("第{round}ラウンド：親は{seat}", "round {round}: {seat} opens"),
    "rolled": ("全員がダイスを振る（{counts}、計{total}個）", "every cup is rolled ({counts}; {total} dice)"),
    "bid": ("{seat}のビッド：{face}の目が{quantity}個", "{seat} bids {quantity} × {face}"),
    "no_raise": (
        "{seat}は{total}個を超えずに上回れない：ダウトかぴったりのみ",
        "{seat} cannot raise without naming more than {total} dice: challenge or spot on only",
    ),
    "challenge": ("{seat}が{bidder}のビッドにダウト", "{seat} challenges {bidder}'s bid"),
    "spot_on": ("{seat}が{bidder}のビッドをぴったりと宣言", "{seat} calls {bidder}'s bid spot on"),
    "reveal": ("カップを上げる：{cups}", "the cups are lifted: {cups}"),
    "count": ("{face}の目は{count}個（ビッドは{quantity}個）", "{count} dice count as {face} (the bid said {quantity})"),
    "bid_stands": ("ビッドは成立：{seat}がダイスを失う", "the bid stands: {seat} loses a die"),
    "bid_falls": ("ビッドは不成立：{seat}がダイスを失う", "the bid falls: {seat} loses a die"),
    "spot_on_right": ("ぴったり的中：{seat}以外の全員がダイスを失う", "spot on is right: everyone but {seat} loses a die"),
    "spot_on_wrong": ("ぴったりは外れ：{seat}がダイスを失う", "spot on is wrong: {seat} loses a die"),
    "lost_die": ("{seat}のダイスは残り{left}個", "{seat} has {left} dice left"),
    "out": ("{seat}は脱落", "{seat} is out"),
    "last_cup": ("ダイスが残っているのは{seat}だけ", "only {seat} has dice left"),
    "won": ("{seat}の勝ち", "{seat} wins"),
}
"""Events (and the outcome, ``won``) by message key."""

LABELS: dict[str, tuple[str, str]] = {
    "bid": ("ビッド：{face}の目が{quantity}個", "bid {quantity} × {face}"),
    "challenge": ("ダウト", "challenge"),
    "spot_on": ("ぴったり", "spot on"),
    "roll": ("ダイスを振る：{face}", "roll: {face}"),
    "roll_hidden": ("ダイスを振る（非公開）", "roll a die (hidden)"),
}
"""Action labels by verb (``roll_hidden``: a roll another seat may not see)."""

LABEL_ARGS: dict[str, tuple[str, ...]] = {"bid": ("quantity", "face"), "roll": ("face",)}
"""The names of each verb's parameters in its label."""

_SEAT_ARGS = frozenset({"seat", "bidder"})
_YES_NO = {True: ("あり", "on"), False: ("なし", "off")}


def seat_name(seat: int) -> str:
    return SEATS[seat]


def cups_text(dice: tuple[tuple[int, ...], ...], lang: str) -> str:
    """Every cup's dice: ``A 1 3 3 · B 2 5`` (a seat out of the game shows nothing)."""
    sep = "　" if lang == "ja" else " · "
    return sep.join(f"{SEATS[p]} {' '.join(map(str, cup))}" for p, cup in enumerate(dice) if cup)


def localize(name: str, value: Any, lang: str) -> str:
    """An event argument as text."""
    if name in _SEAT_ARGS and isinstance(value, int):
        return seat_name(value)
    if name == "cups":
        return cups_text(value, lang)
    if name == "counts":
        return ", ".join(f"{SEATS[p]} {c}" for p, c in enumerate(value) if c)
    if isinstance(value, bool):
        return _YES_NO[value][0 if lang == "ja" else 1]
    return str(value)
