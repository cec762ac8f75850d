"""The flow of the game (2.2) as data: every step, who decides in it, and its hooks.

Each step is one row of :data:`STEPS`: its names, the clause that defines it, and up to four
hooks — ``enter`` (the ★ work done on arrival, which may move on at once), ``legal`` (the
decisions it offers), ``act`` (apply one of them) and ``idle`` (public information alone shows
there is nothing to do: the step passes by itself, C-30). :func:`goto` is the one way to change
step. Chance steps (who goes first, a card drawn) have no ``legal``; the state lists outcomes.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, NamedTuple

if TYPE_CHECKING:
    from ..state import EmblemState

NEXT = ("next",)
"""End an optional step (or the invasion phase) without doing more (2.3.2, 2.4.3, 2.4.4)."""
CANCEL = ("cancel",)
"""Step back out of a deploy being chosen, before anything is applied (2.3.6)."""

(
    FIRST,
    DEAL,
    MULLIGAN,
    START,
    DRAW,
    UNIT,
    ITEM,
    READY,
    SELECT,
    MOVE,
    ACT,
    ATTACK_EQUIPMENT,
    COUNTER_EQUIPMENT,
    END_START,
    END_EFFECTS,
    DISCARD,
    OVER,
    START_EFFECTS,
    AMOUNT,
    DEPLOY_SQUARE,
    DEPLOY_CHIPS,
) = range(21)

CHANCE_STEPS = frozenset({FIRST, DEAL, DRAW})

Hook = Callable[["EmblemState"], Any]


class Step(NamedTuple):
    key: str
    name_ja: str
    name_en: str
    clause: str
    enter: Hook | None = None
    legal: Callable[[EmblemState], list[tuple[Any, ...]]] | None = None
    act: Callable[[EmblemState, tuple[Any, ...]], None] | None = None
    idle: Callable[[EmblemState], bool] | None = None


STEPS: list[Step] = []
"""Filled in by :mod:`asobi.games.emblem.rules` once every rules module is imported."""

ENTER_HOOKS: list[Hook | None] = []
LEGAL_HOOKS: list[Callable[[EmblemState], list[tuple[Any, ...]]] | None] = []
ACT_HOOKS: list[Callable[[EmblemState, tuple[Any, ...]], None] | None] = []
IDLE_HOOKS: list[Callable[[EmblemState], bool] | None] = []
"""The hooks of :data:`STEPS` column by column (an ``idle`` hook only where the step has ``act``),
so that a step change reads one list each instead of a row's fields."""


def index_hooks() -> None:
    """Fill the ``*_HOOKS`` lists from :data:`STEPS`."""
    ENTER_HOOKS[:] = [r.enter for r in STEPS]
    LEGAL_HOOKS[:] = [r.legal for r in STEPS]
    ACT_HOOKS[:] = [r.act for r in STEPS]
    IDLE_HOOKS[:] = [r.idle if r.act is not None else None for r in STEPS]


PHASES: dict[str, Hook] = {}
"""Where the game goes on from one section of the rules into another (a turn begins, the invasion
phase begins, a unit goes to standby…), by name: filled in by :mod:`asobi.games.emblem.rules`, so
that a rules module hands over to the next section without importing it."""


def then(s: EmblemState, phase: str) -> None:
    """Go on with the rules section ``phase`` (see :data:`PHASES`)."""
    PHASES[phase](s)


def goto(s: EmblemState, step: int) -> None:
    """Enter ``step``: run its ★ work and pass it at once when it is idle (C-30)."""
    s.step = step
    enter = ENTER_HOOKS[step]
    if enter is not None:
        enter(s)
        if s.step != step:
            return
    idle = IDLE_HOOKS[step]
    if idle is not None and idle(s):
        ACT_HOOKS[step](s, NEXT)  # type: ignore[misc]
