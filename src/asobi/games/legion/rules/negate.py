"""Negating an effect on the stack (6.5): which effects a "negate" strategy fits."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..types import State


def cancel_fits(kind: str, item: tuple[Any, ...]) -> bool:
    if item[5] or item[0] == "move":
        return False  # L-23: a square's "to〜" ship move is answerable but not an effect to negate
    if kind == "any":
        return True
    if kind == "blackout":
        return bool(item[2] == "blackout")
    return bool(item[0] == kind)


def cancel(s: State, kind: str, label: str) -> None:
    """6.5: a strategy that negates negates the effect it answered (the one below it)."""
    if s.stack and cancel_fits(kind, s.stack[-1]):
        item = s.stack[-1]
        s.stack = (*s.stack[:-1], (*item[:5], True))
        s.say("6.5", "negated", label=item[1], by=label)
    else:
        s.say("6.5", "nothing_to_negate", by=label)
