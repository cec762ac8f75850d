"""The rules of ドレイクの野望: the printed clause inventory (``clauses.tsv``) and our decisions on
its gaps (``completion.tsv``, ids ``B-n``, explained in ``docs/byston/rules-notes.md``), and one module
per phase of the turn (4.1) that declares its tasks and decisions.

Modules never call each other to go on with the game: each schedules the next task by name.
``TASKS`` maps a task name to its function (``chance_<kind>`` tasks apply a chance outcome);
``DECISIONS`` maps a pending decision's kind to (its legal actions, applying one, the clause an
illegal choice breaks).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from asobi.core.flow import Flow

from . import (
    action,
    build,
    characters,
    collapse,
    combat,
    cup,
    develop,
    discovery,
    income,
    move,
    produce,
    repair,
    turn,
    war,
)

_MODULES = (
    turn,
    war,
    income,
    develop,
    produce,
    repair,
    build,
    characters,
    collapse,
    cup,
    action,
    move,
    discovery,
    combat,
)

TASKS: dict[str, Callable[..., None]] = {}
DECISIONS: dict[str, tuple[Callable[[Any], Any], Callable[[Any, Any, Any], None], str]] = {}
for _module in _MODULES:
    for _name, _fn in _module.TASKS.items():
        assert _name not in TASKS, _name
        TASKS[_name] = _fn
    DECISIONS.update(_module.DECISIONS)

FLOW = Flow.from_tables(TASKS, DECISIONS)
for _module in _MODULES:
    # ``CHECKS``: decision kind → whether one action is legal without listing them all.
    for _kind, _check in getattr(_module, "CHECKS", {}).items():
        FLOW.decisions[_kind].is_legal(_check)
FLOW.check()

REFUSALS: dict[str, Callable[[Any, Any], tuple[str, str] | None]] = {}
"""Decision kind → the clause and reason that refuse an illegal action of it (``None``: the
decision's own clause is cited)."""
for _module in _MODULES:
    REFUSALS.update(getattr(_module, "REFUSALS", {}))
