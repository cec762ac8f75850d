"""Action labels in 日本語 and English: a template per verb, filled like an event's message.

Each verb's label is one entry of :data:`LABELS`, its parameters named in :data:`PARAMS` and made
text by the game's :func:`~.messages.localize` (the one the log uses), through
:class:`asobi.core.labels.ActionLabels`. A parameter that names a square with a unit on it
(``at``, ``onto``, ``units``) is given as the unit's card and the square (``card@b2``), read from
the state. A label uses the action and public information only (never the hidden hand): no
"forced" labels saying why an option is the only one (C-29).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from asobi.core.labels import ActionLabels, LabelArgs

from .messages import localize
from .units import U_CARD

if TYPE_CHECKING:
    from .types import State

LABELS: dict[str, tuple[str, str]] = {
    "first": ("{seat}が先攻", "{seat} goes first"),
    "next": ("次へ進む", "next (done with this step)"),
    "keep": ("手札をそのまま使う", "keep the hand"),
    "mulligan": ("マリガンする", "mulligan"),
    "draw": ("{card}を引く", "draw {card}"),
    "deploy": ("{card}を配置する（次にマス、気力を選ぶ）", "deploy {card} (then pick a square and chips)"),
    "square": ("{sq}に配置", "deploy on {sq}"),
    "cancel": ("配置をやめて戻る", "cancel (back to the unit step)"),
    "chips": ("チップ{n}枚", "chips: {n}"),
    "capture": ("{at}の【捕獲】を処理", "resolve 【Capture】 of {at}"),
    "poison": ("{at}の毒を処理（気力-1）", "resolve the poison on {at} (-1 気力)"),
    "land": ("土地の効果：{units}にチップ1枚ずつ", "land: one chip each on {units}"),
    "land_now": (  # C-34: chosen before a poison makes room, it finds no unit to take a chip
        "土地の効果を今処理（気力に空きのあるユニットはまだない）",
        "land: resolve it now (no unit has room for a chip yet)",
    ),
    "chip": ("{at}に気力チップ+1", "+1 気力 chip on {at}"),
    "equip": ("{card}を{onto}に付与", "attach {card} to {onto}"),
    "unequip": ("{at}の{slot}を外す", "remove the {slot} of {at}"),
    "shed": ("{card}を捨てて{at}のアイテムを外す", "discard {card} to free {at}"),
    "place": ("{card}を配置", "place {card}"),
    "activate": ("{at}を行動させる", "activate {at}"),
    "move": ("{sq}へ移動", "move to {sq}"),
    "attack": ("{at}を攻撃", "attack {at}"),
    "heal": ("{at}を回復", "heal {at}"),
    "equipment": ("武器・魔法を使う", "use the weapon/magic"),
    "no_equipment": ("武器・魔法を使わない", "fight without it"),
    "rally": ("{at}にチップを乗せる（土地）", "land: chips on {at}"),
    "symbol": ("{at}の【象徴】：{units}に1枚ずつ", "【Symbol】 of {at}: a chip each on {units}"),
    "training": ("{at}の【修練】", "【Training】 of {at}"),
    "honing": ("{at}の【練磨】", "【Honing】 of {at}"),
    "legacy": ("{at}の【伝承】：{slot}を{onto}へ", "【Legacy】: {slot} of {at} to {onto}"),
    "succeed": ("世代交代：{at}を{card}に", "世代交代: {at} → {card}"),
    "inherit": ("世代交代：{card}を明示して{at}に気力", "世代交代: show {card}, fill {at}"),
    "discard": ("{card}を捨てる", "discard {card}"),
}
"""Each label's template: key (the verb, or a form of it) → (日本語, English)."""

HIDDEN_LABELS: dict[str, tuple[str, str]] = {
    "deploy": ("カードを配置する", "deploy a card"),
    "square": ("マスを選んで配置する", "deploy on a square"),
    "draw": ("カードを1枚引く", "draw a card"),
}
"""Labels of the redacted actions another seat sees (C-36, 2.3.5): the verb, no card or square."""

PARAMS: dict[str, tuple[str, ...]] = {
    "first": ("seat",),
    "draw": ("card",),
    "deploy": ("card",),
    "square": ("sq",),
    "chips": ("n",),
    "capture": ("at",),
    "poison": ("at",),
    "land": ("units",),
    "chip": ("at",),
    "equip": ("card", "onto"),
    "unequip": ("at", "slot"),
    "shed": ("at", "card"),
    "place": ("card",),
    "activate": ("at",),
    "move": ("sq",),
    "attack": ("at",),
    "heal": ("at",),
    "rally": ("at",),
    "symbol": ("at", "units"),
    "training": ("at",),
    "honing": ("at",),
    "legacy": ("at", "onto", "slot"),
    "succeed": ("at", "card"),
    "inherit": ("at", "card"),
    "discard": ("card",),
}
"""The names of each verb's parameters, in the action's order (how ``localize`` reads them)."""

_ON_SQUARE = frozenset({"at", "onto"})
"""The parameters that name a square, labelled with the unit on it."""


def _unit_at(s: State | None, square: int) -> tuple[str | None, int]:
    """The card of the unit on ``square`` (``None``: no unit, or no state to read) and the square."""
    u = s.field[square] if s is not None else None
    return (None if u is None or s is None else s.card_id(u[U_CARD])), square


def _with_units(verb: str) -> Callable[[State | None, tuple[Any, ...]], tuple[str, LabelArgs]]:
    """The label form of a verb whose parameters name squares: each with the unit on it."""
    names = PARAMS[verb]

    def form(s: State | None, a: tuple[Any, ...]) -> tuple[str, LabelArgs]:
        args = []
        for name, value in zip(names, a[1:], strict=False):
            if name in _ON_SQUARE:
                value = _unit_at(s, value)
            elif name == "units":
                value = tuple(_unit_at(s, sq) for sq in value)
            args.append((name, value))
        return verb, tuple(args)

    return form


_LAND_UNITS = _with_units("land")


def _land(s: State | None, a: tuple[Any, ...]) -> tuple[str, LabelArgs]:
    return _LAND_UNITS(s, a) if a[1] else ("land_now", ())


def _equipment(s: State | None, a: tuple[Any, ...]) -> tuple[str, LabelArgs]:
    return ("equipment" if a[1] else "no_equipment"), ()


FORMS = {
    **{verb: _with_units(verb) for verb, names in PARAMS.items() if {"at", "onto", "units"} & set(names)},
    "land": _land,
    "equipment": _equipment,
}
"""The verbs whose label reads the state (the units on squares) or has several forms."""

ACTION_LABELS = ActionLabels(LABELS, localize, PARAMS, FORMS, HIDDEN_LABELS)


def action_label(s: State | None, action: tuple[Any, ...], lang: str = "en") -> str:
    """The label of ``action`` chosen in ``s``, in ``lang`` (with no state, squares read bare)."""
    return ACTION_LABELS.label(s, action, lang)
