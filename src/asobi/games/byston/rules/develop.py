"""The development phase (7.1–7.8) with Drake's Rase Wau modifiers (28.5–28.7, B-8, B-40)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..board import (
    COLLAPSED,
    DRAKE,
    KU,
    NEXT_SHEET,
    SEATINGS,
    SHEET_COUNTRIES,
    TL7_DRAKE,
    TL7_KU,
    character_hex,
    static,
)

if TYPE_CHECKING:
    from ..types import State

_STATIC = static()
"""The numbering, read as a global (a call of the cached ``static()`` costs more)."""

NONE, NORMAL, CONCENTRATED = 0, 1, 2
"""7.2 none, 7.4 normal (+1 TL), 7.6 concentrated (+2 TL for three times the GP)."""


def task_develop_phase(s: State) -> None:
    """7.3: once a turn for each country with a sheet, in the order of play."""
    task_develop_ask(s, SHEET_COUNTRIES[0])


def task_develop_ask(s: State, country: int) -> None:
    """Asks ``country``, or the next in the order of play if it has collapsed or its TL is at the
    top of the track (B-40)."""
    while country >= 0:
        if s.status[country] != COLLAPSED and s.tl[country] < _STATIC.t.tl_max:
            # (a country with a sheet has its seat by the seating, 1.2)
            s.ask("develop", SEATINGS[s.players][1][country], country)
            return
        country = NEXT_SHEET[country]


DEVELOPMENTS = tuple(("develop", k) for k in (NONE, NORMAL, CONCENTRATED))


def legal_develop(s: State) -> list[tuple[Any, ...]]:
    """B-40: a development that would pass the top of the TL track is not offered."""
    assert s.pending is not None
    room = _STATIC.t.tl_max - s.tl[s.pending[2]]
    return list(DEVELOPMENTS[: room + 1])  # (the kinds are their extra TL: 0, 1, 2)


def apply_develop(s: State, action: tuple[Any, ...], pending: tuple[Any, ...]) -> None:
    """B-8: the kind is chosen before the die, for good."""
    country = pending[2]
    kind = action[1]
    # 7.3: its one development this turn
    s.cite(("7.2", "7.4", "7.6")[kind], ("7.3",), "develop_chosen", ("country", country), ("kind", kind))
    if kind != NONE:
        s.chance = ("develop", country, kind)
    else:
        task_develop_ask(s, NEXT_SHEET[country])


def modifier(s: State, country: int) -> tuple[int, str]:
    """28.5–28.7: what Drake takes off the die, and the clause (B-8: 28.7 replaces the others)."""
    if country != DRAKE:
        return 0, ""
    rase_wau = _STATIC.rase_wau
    shot = character_hex(s, "shot") == rase_wau
    zet = character_hex(s, "zet") == rase_wau
    if shot and zet:
        return 3, "28.7"
    if shot:
        return 2, "28.5"
    if zet:
        return 1, "28.6"
    return 0, ""


def chance_develop(s: State, action: tuple[Any, ...], country: int, kind: int) -> None:
    """The die of a development; then the next country is asked."""
    _develop(s, action[1], country, kind)
    task_develop_ask(s, NEXT_SHEET[country])


def _develop(s: State, die: int, country: int, kind: int) -> None:
    """7.4/7.7: pay (die + 4), three times that if concentrated, for 1 or 2 TL; 7.5/7.8: short of
    GP, all GP are lost and the TL stays."""
    rolled = die
    minus, clause = modifier(s, country)
    if minus:
        modified = max(1, die - minus)
        s.say(clause, "develop_modifier", ("country", country), ("die", die), ("minus", minus), ("modified", modified))
        die = modified
    cost = (die + 4) * (3 if kind == CONCENTRATED else 1)
    rule = "7.7" if kind == CONCENTRATED else "7.4"
    if s.gp[country] < cost:
        lost = s.gp[country]
        s.gp[country] = 0
        s.say(
            "7.8" if kind == CONCENTRATED else "7.5", "develop_failed", ("country", country), ("cost", cost), ("lost", lost)
        )
        return
    s.gp[country] -= cost
    s.tl[country] += 2 if kind == CONCENTRATED else 1
    s.say(rule, "developed", ("country", country), ("die", rolled), ("cost", cost), ("tl", s.tl[country]), ("gp", s.gp[country]))
    if s.tl[country] >= 7:
        mark = TL7_DRAKE if country == DRAKE else TL7_KU if country == KU else -1
        if mark >= 0 and not s.marks[mark]:
            s.set_mark(mark, s.turn)


TASKS = {
    "develop_phase": task_develop_phase,
    "develop_ask": task_develop_ask,
    "chance_develop": chance_develop,
}
DECISIONS = {"develop": (legal_develop, apply_develop, "7.3")}
