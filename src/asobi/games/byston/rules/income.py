"""The income phase (6.1–6.9): each country adds the GP of the income hexes it controls.

Control is worked out by :mod:`..control` (6.4 ①–④, 6.5, 6.6, 6.8 as B-5 reads them). Where
several allies may collect one hex (6.7), the earliest of them in the order of play gives its
GP to one of them or splits them (B-2).
"""

from __future__ import annotations

from itertools import product
from typing import TYPE_CHECKING, Any

from ..board import static
from ..control import CONTESTED, all_collectors, income_hex_control

if TYPE_CHECKING:
    from ..types import State


def task_income(s: State) -> None:
    st = static()
    income = st.t.map.income_of
    gained = [0] * 7
    hexes = [0] * 7
    shared: list[tuple[Any, ...]] = []
    for h, who in all_collectors(s):
        if len(who) == 1:
            gained[who[0]] += income[h]
            hexes[who[0]] += 1
        elif who:
            shared.append(("income_share", h, who))
    for h, (camp, _holders, item) in income_hex_control(s):
        if camp == CONTESTED:
            s.say("6.5", "income_contested", hex=h, item=item)
    for c in range(7):
        if hexes[c]:
            s.gp[c] += gained[c]
            # 6.4: who controls each hex it collects (①–④)
            s.cite("6.2", ("6.4",), "income", country=c, gp=gained[c], hexes=hexes[c], total=s.gp[c])
    s.push(*shared)


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
            s.say("6.7", "income_share", country=c, gp=gp, hex=hex_index, total=s.gp[c])


TASKS = {"income": task_income, "income_share": task_income_share}
DECISIONS = {"income_share": (legal_income_share, apply_income_share, "6.7")}
