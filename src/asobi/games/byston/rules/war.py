"""The declaration of war phase (5.1–5.3) with each country's conditions (28.2, 28.3, 29.3,
30.2, 30.3, 31.3, 31.4, 32.2, 33.2) as B-4 reads them."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..board import (
    AH,
    COLLAPSED,
    DRAKE,
    KU,
    MADE_BILLBINE,
    MADE_GEA_GRING,
    MADE_GORAON,
    MI,
    NA,
    RAU,
    WAR,
    WAR_SINCE,
)

if TYPE_CHECKING:
    from ..types import State

DECLARERS = (DRAKE, KU, RAU, NA)
"""32.2, 33.2: Ah and Mi never declare; the Zelana is at war from the start (34.1)."""


def war_targets(s: State, country: int) -> list[int]:
    """The countries ``country`` may declare war on now (B-4: only one not yet at war is worth a
    declaration for the target; Rau and Na declare only while they are not at war themselves)."""
    status = s.status
    marks = s.marks
    turn = s.turn
    if status[country] == COLLAPSED:
        return []
    if country == DRAKE:
        # 28.2 on Mi, Ah, Rau at any time; 28.3 never on Na.
        return [t for t in (RAU, AH, MI) if status[t] != WAR and status[t] != COLLAPSED]
    if country == KU:
        # 29.3: from the turn after the Gea Gring was produced, on any Sheela-camp country.
        if 0 < marks[MADE_GEA_GRING] < turn:
            return [t for t in (RAU, NA, AH, MI) if status[t] != WAR and status[t] != COLLAPSED]
        return []
    if status[country] == WAR:
        return []
    if country == RAU:
        # 30.2 the turn after the Goraon was produced; 30.3 from the turn Na is at war.
        if 0 < marks[MADE_GORAON] < turn or status[NA] == WAR:
            return [DRAKE]
        return []
    # Na: 31.3 the turn after the Billbine was produced; 31.4 the turn after Rau went to war.
    billbine = 0 < marks[MADE_BILLBINE] < turn
    if country == NA and (billbine or (status[RAU] == WAR and marks[WAR_SINCE + RAU] < turn)):
        return [DRAKE]
    return []


NEVER_DECLARE = {MI: "32.2", AH: "33.2"}
"""The countries that never declare war themselves, and the clause that says so."""


def declaration_clause(s: State, country: int) -> str:
    """The clause whose condition lets ``country`` declare now (read before the declaration
    changes any state): 28.2 Drake's army, 29.3 Ku, 30.2/30.3 Rau, 31.3/31.4 Na."""
    marks = s.marks
    if country == DRAKE:
        return "28.2"
    if country == KU:
        return "29.3"
    if country == RAU:
        return "30.2" if 0 < marks[MADE_GORAON] < s.turn else "30.3"
    return "31.3" if 0 < marks[MADE_BILLBINE] < s.turn else "31.4"


def task_declare_round(s: State) -> None:
    """B-4: each country in the order of play may declare; the round repeats while anyone did."""
    s.declared = False
    task_declare_ask(s, DECLARERS[0])


def task_declare_ask(s: State, country: int) -> None:
    """``country`` is asked if it may declare war on anyone, else the next in the order of play;
    after the last, the round repeats if anyone declared (B-4)."""
    while country >= 0:
        if war_targets(s, country):
            s.ask("declare", s.seat_of(country), country)
            return
        country = NEXT_DECLARER[country]
    if s.declared:
        s.push(("declare_round",))


NEXT_DECLARER = dict(zip(DECLARERS, (*DECLARERS[1:], -1), strict=True))
"""Each of :data:`DECLARERS`: the next in the order of play (−1 after the last)."""


def legal_declare(s: State) -> list[tuple[Any, ...]]:
    assert s.pending is not None
    return [("declare", t) for t in war_targets(s, s.pending[2])] + [("pass",)]


def apply_declare(s: State, action: tuple[Any, ...], pending: tuple[Any, ...]) -> None:
    country = pending[2]
    if action[0] != "pass":
        _declare(s, country, action[1])
    task_declare_ask(s, NEXT_DECLARER[country])


def _declare(s: State, country: int, target: int) -> None:
    """5.2: ``country`` declares war on ``target``; 5.3: both are at war."""
    # 2.9: declarations in the order of play (B-4)
    s.cite("5.2", (declaration_clause(s, country), "2.9"), "declare", ("country", country), ("target", target))
    for c in (country, target):
        if s.status[c] != WAR:
            s.status[c] = WAR
            s.set_mark(WAR_SINCE + c, s.turn)
            if c in NEVER_DECLARE:  # Ah and Mi go to war only when war is declared on them
                s.cite("5.3", (NEVER_DECLARE[c],), "at_war", ("country", c))
            else:
                s.say("5.3", "at_war", ("country", c))
    s.declared = True


def refuse_declare(s: State, action: tuple[Any, ...]) -> tuple[str, str] | None:
    """Why a declaration on that country may not be made: 28.3 never on Na by Drake's army; the
    declaring country's own clause where the target is not one it may ever declare on (28.2,
    29.3, and 30.2 or 31.3 read with 30.3, 31.4: Rau and Na on Drake's army only); ``None`` for a
    target already at war or collapsed (5.1 is cited: nothing to declare)."""
    assert s.pending is not None
    country = s.pending[2]
    if action[:1] != ("declare",) or len(action) != 2 or type(action[1]) is not int:
        return None
    target = action[1]
    if country == DRAKE:
        if target == NA:
            return "28.3", "Drake's army never declares war on Na"
        if target not in (RAU, AH, MI):
            return "28.2", "Drake's army declares war on Mi, Ah and Rau"
    elif country == KU:
        if target not in (RAU, NA, AH, MI):
            return "29.3", "Ku declares war on the countries of Sheela's camp"
    elif target != DRAKE:
        return declaration_clause(s, country), "Rau and Na declare war on Drake's army only"
    return None


TASKS = {
    "declare_round": task_declare_round,
    "declare_ask": task_declare_ask,
}
DECISIONS = {"declare": (legal_declare, apply_declare, "5.1")}
REFUSALS = {"declare": refuse_declare}
