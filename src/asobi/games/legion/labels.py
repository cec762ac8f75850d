"""Action labels in 日本語 and English: a template per verb, filled like an event's message.

Each verb's label is one entry of :data:`LABELS`, its parameters named in :data:`PARAMS` and made
text by the game's :func:`~.messages.localize` (the one the log uses), through
:class:`asobi.core.labels.ActionLabels`. The verbs whose label reads the state (a weapon's card
and square) or has several forms give their template and arguments in :data:`FORMS`. A label uses
the action and public information only.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from asobi.core.labels import ActionLabels, LabelArgs

from .cards import SEATS
from .messages import localize
from .rules.weapons import weapon_of

if TYPE_CHECKING:
    from .types import State

LABELS: dict[str, tuple[str, str]] = {
    "code": ("{code}を引く", "draw {code}"),
    "army": ("{army_card}を引く", "draw {army_card}"),
    "enemy": ("{enemy_card}を引く", "draw {enemy_card}"),
    "event": ("{event_card}を引く", "draw {event_card}"),
    "end": ("終了", "end"),
    "done": ("終わる", "done"),
    "pass": ("パス", "pass"),
    "develop": ("開発", "develop"),
    "draw": ("{count}枚ドロー", "draw {count}"),
    "supply": ("補給（{code}を破棄）", "supply (discard {code})"),
    "launch": ("起動：{army_card}＋{code}", "launch {army_card} with {code}"),
    "place": ("{square}に置く", "place on {square}"),
    "move": ("操作：{weapon}→{to}", "move {weapon} → {to}"),
    "activate": ("起動効果：{weapon}", "activate {weapon}"),
    "repair": ("修復 {square}（{entry}を破棄）", "repair {square} (discard {entry})"),
    "dev": ("開発に{source}の{code}", "develop with {code} from {source}"),
    "strategy": ("ストラテジー {army_card}（{alpha}：{verb}）", "strategy {army_card} ({alpha}: {verb})"),
    "strategy_cancel": (
        "ストラテジー {army_card}（{alpha}：{verb} [{cancel}]）",
        "strategy {army_card} ({alpha}: {verb} [{cancel}])",
    ),
    "autopass": ("パス（以後自動でパス）", "pass, and pass unless I choose otherwise"),
    "autopass_off": ("自動パスを解除", "stop passing automatically"),
    "shield": ("{code}をシールドへ", "shield {code}"),
    "swap": ("シールド{old}を{new}と交換", "swap shield {old} for {new}"),
    "discard": ("{entry}を破棄", "discard {entry}"),
    "unshield": ("シールド{code}を破棄", "discard shield {code}"),
    "clear": ("{square}のブラックアウトを消去", "clear the blackout on {square}"),
    "push": ("エネミーシップを{direction}へ", "move the enemy ship {direction}"),
}
"""Each label's template: key (the verb, or a form of it) → (日本語, English)."""

HIDDEN_LABELS: dict[str, tuple[str, str]] = {
    "code": ("コードカードを1枚引く", "draw a code card"),
    "army": ("アーミーカードを1枚引く", "draw an army card"),
}
"""A card drawn into a hand the viewer does not see (the redacted draw, L-17)."""

PARAMS: dict[str, tuple[str, ...]] = {
    "code": ("code",),
    "army": ("army_card",),
    "enemy": ("enemy_card",),
    "event": ("event_card",),
    "draw": ("count",),
    "supply": ("code",),
    "launch": ("army_card", "code"),
    "place": ("square",),
    "repair": ("square", "entry"),
    "shield": ("code",),
    "swap": ("old", "new"),
    "discard": ("entry",),
    "unshield": ("code",),
    "clear": ("square",),
    "push": ("direction",),
}
"""The names of each verb's parameters, in the action's order (how ``localize`` reads them)."""


def _weapon(s: State, owner: int, zone: int) -> tuple[str, str | None, int | None]:
    """A weapon piece as its label names it: the piece (A1), its card and its square (none when
    the zone holds no weapon)."""
    w = weapon_of(s, owner, zone)
    piece = f"{SEATS[owner]}{zone + 1}"
    return (piece, None, None) if w is None else (piece, s.content.army_ids[w[2]], w[0])


def _move(s: State, a: tuple[Any, ...]) -> tuple[str, LabelArgs]:
    seat = s.pending[1] if s.pending is not None else 0
    return "move", (("weapon", _weapon(s, seat, a[1])), ("to", a[2]))


def _activate(s: State, a: tuple[Any, ...]) -> tuple[str, LabelArgs]:
    return "activate", (("weapon", _weapon(s, a[1], a[2])),)


def _dev(s: State, a: tuple[Any, ...]) -> tuple[str, LabelArgs]:
    return "dev", (("source", "shield" if a[1] else "hand"), ("code", a[2]))


def _strategy(s: State, a: tuple[Any, ...]) -> tuple[str, LabelArgs]:
    effects = s.content.strategy_effects[a[1]]
    effect = effects[a[2]] if effects else None
    args: LabelArgs = (("army_card", a[1]), ("alpha", "αβγ"[a[2]]), ("verb", effect.verb if effect else ""))
    if effect is not None and effect.verb == "cancel":
        return "strategy_cancel", (*args, ("cancel", effect.get("kind")))
    return "strategy", args


def _autopass(s: State, a: tuple[Any, ...]) -> tuple[str, LabelArgs]:
    return ("autopass" if a[1] else "autopass_off"), ()


FORMS = {"move": _move, "activate": _activate, "dev": _dev, "strategy": _strategy, "autopass": _autopass}
"""The verbs whose label reads the state or has several forms: the template and its arguments."""

ACTION_LABELS = ActionLabels(LABELS, localize, PARAMS, FORMS, HIDDEN_LABELS)


def action_label(s: State, action: tuple[Any, ...], lang: str = "en") -> str:
    """The label of ``action`` chosen in ``s``, in ``lang``."""
    return ACTION_LABELS.label(s, action, lang)
