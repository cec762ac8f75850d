"""Discovering Rau's secret factory (30.6.5–30.6.7, B-37, B-60): at the end of a Drake-camp
country's movement, with a Drake-camp unit in the secret factory's hex, its runner may check:
GP spent first are added to two dice; 10 or more discovers it, for good."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..board import DRAKE_CAMP, static

if TYPE_CHECKING:
    from ..types import State

FOUND_AT = 10
"""30.6.6."""

MOST_WORTH_SPENDING = FOUND_AT - 2
"""B-60: two dice make at least 2, so 8 GP already make the check certain."""

NO_SEARCH = ("no_search",)


def task_discovery(s: State, country: int) -> None:
    """30.6.5: once, after the country's movement, if the factory is hidden and a Drake-camp unit
    is in its hex (B-37)."""
    if s.secret < 0 or s.secret_found:
        return
    at = s.where[s.secret]
    if at < 0:  # the factory left the map with Rau's collapse (35.3): nothing is left to find
        return
    camp = static().camp
    if any(w == at and camp[o] == DRAKE_CAMP for w, o in zip(s.where, s.owner, strict=True)):
        s.ask("search", s.seat_of(country), country)


def legal_search(s: State) -> list[tuple[Any, ...]]:
    assert s.pending is not None
    gp = s.gp[s.pending[2]]
    return [NO_SEARCH, *(("search", n) for n in range(min(gp, MOST_WORTH_SPENDING) + 1))]


def apply_search(s: State, action: tuple[Any, ...], pending: tuple[Any, ...]) -> None:
    if action[0] == "no_search":
        return
    country = pending[2]
    spent = action[1]
    s.gp[country] -= spent
    # 30.6.5: a Drake-camp unit at the factory after the camp's movement
    s.cite("30.6.6", ("30.6.5",), "search", ("country", country), ("gp", spent))
    s.chance = ("search_first", country, spent)


def chance_search_first(s: State, action: tuple[Any, ...], country: int, spent: int) -> None:
    s.chance = ("search_second", country, spent, action[1])


def chance_search_second(
    s: State, action: tuple[Any, ...], country: int, spent: int, first: int
) -> None:
    """30.6.6: the two dice plus the GP spent; 30.6.7: once found, found for good."""
    second = action[1]
    total = first + second + spent
    found = total >= FOUND_AT
    s.say("30.6.6", "search_roll", ("dice", f"{first}+{second}"), ("gp", spent), ("total", total))
    if found:
        s.secret_found = True
        # 30.6.4: from now on battles are fought in its hex
        s.cite("30.6.7", ("30.6.4",), "secret_found", ("country", country), ("hex", s.where[s.secret]))


TASKS = {
    "discovery": task_discovery,
    "chance_search_first": chance_search_first,
    "chance_search_second": chance_search_second,
}
DECISIONS = {"search": (legal_search, apply_search, "30.6.5")}
