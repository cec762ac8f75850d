"""Reading the table: what a seat may read in full, the game's terms, and what each choice would do.

Each comes from the game's presentation (``spec.present``): ``items`` lists what a seat may read
in its view (only the view: nothing the seat may not see can be inspected), ``glossary`` explains
the game's Japanese terms for English play, and ``annotate`` writes a choice's forecast after its
label. A game without one of them simply has nothing of that kind.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..core.actions import Action
from ..core.hooks import Item
from ..core.spec import GameSpec
from ..core.state import GameState


def visible_items(spec: GameSpec, view: dict[str, Any], lang: str) -> list[Item]:
    """What a seat may read in ``view``."""
    items = spec.present.items
    return items(view, lang) if items is not None else []


def glossary(spec: GameSpec, lang: str) -> list[str]:
    """The game's terms explained, one line each (empty where there is nothing to explain)."""
    explain = spec.present.glossary
    return explain(lang) if explain is not None else []


def choice_notes(spec: GameSpec, state: GameState, legal: Sequence[Action], lang: str) -> dict[int, str]:
    """Per index into ``legal``, what that choice would do (only where the game forecasts it)."""
    annotate = spec.present.annotate
    if annotate is None:
        return {}
    out = {}
    for i, action in enumerate(legal):
        note = annotate(state, action, lang)
        if note:
            out[i] = note
    return out


def find(items: list[Item], query: str) -> list[Item]:
    """The items ``query`` names: by key (exact, any case), else every title containing it."""
    q = query.strip().lower()
    exact = [it for it in items if it.key.lower() == q]
    if exact:
        return exact
    return [it for it in items if q and q in it.title.lower()]
