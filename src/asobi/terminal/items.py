"""A thing on the table a player may read (:class:`Item`), and finding one by what they typed."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Item:
    """One thing on the table a player may read.

    :ivar key: what the player types to read it (a square ``b3``, a piece ``A1``, ``hb2``…).
    :ivar title: one line naming it.
    :ivar lines: its full text.
    """

    key: str
    title: str
    lines: list[str]


def find(items: list[Item], query: str) -> list[Item]:
    """The items ``query`` names: by key (exact, any case), else every title containing it."""
    q = query.strip().lower()
    exact = [it for it in items if it.key.lower() == q]
    if exact:
        return exact
    return [it for it in items if q and q in it.title.lower()]
