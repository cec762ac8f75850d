"""The income phase (6.1–6.9): each country adds the GP of the income hexes it controls.

Control is worked out by :mod:`..control` (6.4 ①–④, 6.5, 6.6, 6.8 as B-5 reads them). Where
several allies may collect one hex (6.7), the earliest of them in the order of play gives its
GP to one of them or splits them (B-2).
"""

from __future__ import annotations

from itertools import product
from typing import TYPE_CHECKING, Any

from ..board import COLLAPSED, NA, NEUTRAL, RAU, WAR, ZELANA, static
from ..control import CONTESTED, INCOME_LANDS, held_income

if TYPE_CHECKING:
    from ..types import State


def task_income(s: State) -> None:
    income = INCOME_OF
    status = s.status
    gained = [0] * 7
    hexes = [0] * 7
    standing_by = [0] * 7
    shared: list[tuple[Any, ...]] = []
    passed_over: list[set[str]] = [set() for _ in range(7)]
    contested: list[tuple[int, str]] = []
    withheld: list[tuple[str, int, int]] = []
    alone_gp = list(LAND_GP)
    alone_n = list(LAND_HEXES)
    for h, who, (camp, holders, item) in held_income(s):  # in hex order
        if h in OWNED_INCOME:  # not its land owner's alone, after all
            alone_gp[NATION[h]] -= income[h]
            alone_n[NATION[h]] -= 1
        if len(who) == 1:
            gained[who[0]] += income[h]
            hexes[who[0]] += 1
            if holders != who:
                passed_over[who[0]].update(_passed_over(s, h, holders, who[0]))
        elif who:
            shared.append(("income_share", h, who))
        elif camp == CONTESTED:
            contested.append((h, item))
        elif camp >= 0:
            if len(holders) == 1 and status[holders[0]] == NEUTRAL:  # the usual case: 6.3
                standing_by[holders[0]] += 1
            else:
                _withheld(s, h, holders, standing_by, withheld)
    # The hexes no unit or only their land owner's units hold: the owner collects them all, or
    # stands by (6.3); a collapsed owner collects nothing (no reason given here).
    for c in range(7):
        if alone_n[c]:
            if status[c] != NEUTRAL and status[c] != COLLAPSED:
                gained[c] += alone_gp[c]
                hexes[c] += alone_n[c]
            elif status[c] == NEUTRAL:
                standing_by[c] += alone_n[c]
    for h, item in contested:
        s.say("6.5", "income_contested", ("hex", h), ("item", item))
    for c in range(7):
        if standing_by[c]:
            s.say("6.3", "income_standing_by", ("country", c), ("hexes", standing_by[c]))
    for clause, h, c in withheld:
        s.say(clause, "income_lost" if clause == "6.8" else "income_ally_land", ("hex", h), ("country", c))
    for c in range(7):
        if hexes[c]:
            s.gp[c] += gained[c]
            # 6.4: who controls each hex it collects (①–④); 6.3, 6.6, 6.8: who was passed over or
            # stood for whom; 6.9: the total carries over from turn to turn
            s.cite("6.2", ("6.4", *sorted(passed_over[c]), "6.9"), "income",
                   ("country", c), ("gp", gained[c]), ("hexes", hexes[c]), ("total", s.gp[c]))
    s.push(*shared)


INCOME_OF = static().t.map.income_of
"""Each hex's GP (6.2)."""
NATION = static().nation
"""Each hex's land owner (−1: no nation's)."""
OWNED_INCOME = frozenset(h for h, _land, mine in INCOME_LANDS if mine is not None)
"""The income hexes of a nation's land but the Zelana's: while no other country's unit holds
one, its land's owner settles it (:func:`.control.held_income`)."""
LAND_GP = tuple(sum(INCOME_OF[h] for h in OWNED_INCOME if NATION[h] == c) for c in range(7))
LAND_HEXES = tuple(sum(1 for h in OWNED_INCOME if NATION[h] == c) for c in range(7))
"""Per country: the GP and the number of the :data:`OWNED_INCOME` hexes in its land."""


def _withheld(
    s: State, h: int, holders: tuple[int, ...], standing_by: list[int], withheld: list[tuple[str, int, int]]
) -> None:
    """Why nobody collects hex ``h`` that ``holders`` of one camp control: 6.3 they stand by
    (counted per country in ``standing_by``); 6.8 the Zelana holds it with neither Rau nor Na at
    war, and its GP are lost; 6.6 it is the land of a surviving ally of theirs (both noted in
    ``withheld``). A collapsed holder (35) is no reason given here."""
    status = s.status
    takers: set[int] = set()
    for c in holders:
        if c == ZELANA:
            takers.update(x for x in (RAU, NA) if status[x] == WAR)
        elif status[c] != NEUTRAL and status[c] != COLLAPSED:
            takers.add(c)
    if takers:
        withheld.append(("6.6", h, static().nation[h]))
        return
    for c in holders:
        if c == ZELANA:
            withheld.append(("6.8", h, ZELANA))
        elif status[c] == NEUTRAL:
            standing_by[c] += 1


def _passed_over(s: State, h: int, holders: tuple[int, ...], collector: int) -> set[str]:
    """The clauses that made ``collector`` the one to collect hex ``h`` that ``holders`` control:
    6.3 a holder standing by collects nothing; 6.6 the land of a surviving ally is its owner's
    alone, and a collapsed ally's land is open to its camp; 6.8 the Zelana holds it for Rau and Na."""
    st = static()
    out: set[str] = set()
    status = s.status
    if ZELANA in holders:
        out.add("6.8")
    if any(c != ZELANA and status[c] == NEUTRAL for c in holders):
        out.add("6.3")
    land = st.nation[h]
    if land >= 0 and land != collector and st.camp[land] == st.camp[collector]:
        out.add("6.6")  # a collapsed ally's land
    elif land == collector and any(c != land for c in holders):
        out.add("6.6")  # an ally's units in its own land
    return out


def task_income_share(s: State, hex_index: int, who: tuple[int, ...]) -> None:
    """6.7, B-2: the earliest ally concerned chooses how the hex's GP are shared."""
    s.ask("income_share", s.seat_of(who[0]), hex_index, who)


SHARE_WIDTH = 4
"""The most allies that can collect one hex (Rau, Na, Ah, Mi): a ``share`` action always has this
many amounts, the ones past the allies concerned 0, so that it has one shape (space.py)."""


def shares(gp: int, n: int) -> list[tuple[int, ...]]:
    """Every way to split ``gp`` whole GP between ``n`` countries, in sorted order."""
    return [split for split in product(range(gp + 1), repeat=n) if sum(split) == gp]


def legal_income_share(s: State) -> list[tuple[Any, ...]]:
    assert s.pending is not None
    _, _, hex_index, who = s.pending
    pad = (0,) * (SHARE_WIDTH - len(who))
    return [("share", *split, *pad) for split in shares(static().t.map.income_of[hex_index], len(who))]


def apply_income_share(s: State, action: tuple[Any, ...], pending: tuple[Any, ...]) -> None:
    _, _, hex_index, who = pending
    for c, gp in zip(who, action[1 : 1 + len(who)], strict=True):
        if gp:
            s.gp[c] += gp
            s.say("6.7", "income_share", ("country", c), ("gp", gp), ("hex", hex_index), ("total", s.gp[c]))


TASKS = {"income": task_income, "income_share": task_income_share}
DECISIONS = {"income_share": (legal_income_share, apply_income_share, "6.7")}
