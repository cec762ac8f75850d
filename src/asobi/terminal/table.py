"""Reading the table: what a seat may read in full, the game's terms, and what each choice would do.

Each comes from the game's presentation (``spec.present``): ``items`` lists what a seat may read
in its view (only the view: nothing the seat may not see can be inspected), ``glossary`` explains
the game's Japanese terms for English play, ``annotate`` writes a choice's forecast after its
label, ``choice_group`` puts choices into groups the person opens one at a time
(:func:`choice_menu`), and ``shortcuts`` lists decisions in a row taken by typing a key
(:func:`typed_shortcuts`). A game without one of them simply has nothing of that kind.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..core.actions import Action
from ..core.hooks import Item, Shortcut
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


@dataclass(frozen=True)
class MenuEntry:
    """One line of a choice menu: a choice (``members`` its one index into the legal actions,
    ``label`` empty: the choice's own label is shown) or a group of two or more choices the person
    opens (``label`` the group's)."""

    label: str
    members: tuple[int, ...]

    @property
    def is_group(self) -> bool:
        return len(self.members) > 1


def choice_menu(spec: GameSpec, state: GameState, legal: Sequence[Action], lang: str) -> list[MenuEntry] | None:
    """The top level of a two-level menu of ``legal``: the choices the game lists on their own and
    its groups (``spec.present.choice_group``), in the order of each group's first choice; a
    group of one choice is listed as that choice. ``None`` where nothing is grouped (the flat
    list)."""
    group_of = spec.present.choice_group
    if group_of is None:
        return None
    entries: list[tuple[str | None, str, list[int]]] = []
    keyed: dict[str, list[int]] = {}
    for i, action in enumerate(legal):
        found = group_of(state, action, lang)
        if found is None:
            entries.append((None, "", [i]))
            continue
        key, label = found
        if key in keyed:
            keyed[key].append(i)
        else:
            keyed[key] = [i]
            entries.append((key, label, keyed[key]))
    if not any(len(members) > 1 for _, _, members in entries):
        return None
    return [MenuEntry(label if len(members) > 1 else "", tuple(members)) for _, label, members in entries]


def typed_shortcuts(spec: GameSpec, state: GameState, lang: str) -> dict[str, Shortcut]:
    """The shortcuts the person to decide may type, by key in lower case (none where the game
    has none)."""
    listed = spec.present.shortcuts
    if listed is None:
        return {}
    return {cut.key.lower(): cut for cut in listed(state, lang) if cut.actions}
