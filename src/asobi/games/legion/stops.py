"""Legion's strategy windows as clients' stops name them (the printed timing asks often, L-28).

- ``answer``: an effect is announced on the stack (a respond window);
- ``turn``: a step window in the seat's own turn (after its draw phase or shield phase);
- ``others``: a step window in another seat's turn (after its draw phase, each of its main actions,
  its shield phase);
- ``enemy``: a step window of the enemy turn (after the pieces advance, 7.1; after the attacks, 7.5);
- ``all``: every window, even with nothing the seat may play (only "pass" to choose).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...core.actions import Action
from ...core.hooks import StopHooks

_WINDOWS = frozenset({"respond", "priority"})
_ENEMY_STEPS = frozenset({"7.1", "7.5"})


def window(view: Mapping[str, Any], legal: Sequence[Action]) -> tuple[str, bool] | None:
    """The stop a decision's window belongs to, and whether the seat may play a strategy there."""
    if ("pass",) not in legal:
        return None
    pending = view.get("pending") or {}
    kind = pending.get("kind")
    if kind not in _WINDOWS:
        return None
    playable = any(a[0] == "strategy" for a in legal)
    if kind == "respond":
        return "answer", playable
    if pending.get("step") in _ENEMY_STEPS:
        return "enemy", playable
    return ("turn" if view.get("turn") == view.get("seat") else "others"), playable


STOPS = StopHooks(
    names=("answer", "turn", "others", "enemy", "all"),
    default=frozenset({"answer", "turn"}),
    window=window,
    pass_action=("pass",),
    descriptions={
        "answer": ("効果への応答", "answering an effect"),
        "turn": ("自分の手番", "your own turn"),
        "others": ("他のプレイヤーの手番", "another player's turn"),
        "enemy": ("エネミーターン", "the enemy turn"),
        "all": ("出せるカードがなくてもすべての機会", "every window, even with nothing to play"),
    },
)
