"""Reading the table: the visible cards, units and pieces of a view, each with its full text.

Each game with a terminal reader lists what a seat may read in its view (only the view: nothing
the seat may not see can be inspected) and, for English play, explains its Japanese terms.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from . import inspect_byston, inspect_emblem, inspect_legion
from .items import Item

READERS: dict[str, tuple[Callable[[dict[str, Any], str], list[Item]], Callable[[str], list[str]]]] = {
    "byston": (inspect_byston.items, inspect_byston.glossary),
    "emblem": (inspect_emblem.items, inspect_emblem.glossary),
    "legion": (inspect_legion.items, inspect_legion.glossary),
}
"""Per game: what a seat may read in a view, and the game's terms explained."""


def visible_items(game: str, view: dict[str, Any], lang: str) -> list[Item]:
    """What a seat may read in ``view`` (empty for a game without a reader)."""
    reader = READERS.get(game)
    return reader[0](view, lang) if reader else []


def glossary(game: str, lang: str) -> list[str]:
    """The game's terms explained, one line each (empty where there is nothing to explain)."""
    reader = READERS.get(game)
    return reader[1](lang) if reader else []


