"""One action phase (14.5): who acts on the drawn chit — the chit's country, the Zelana with its
host (34.4, B-36), allies released from a joint operation's wait (15.1–15.8, B-18, B-55) — then
each of them moves (:mod:`.move`) and fights where it meets the enemy (18, the ``battles`` task).

``waiting`` keeps, per country, the widest kind of the chits it waits with (0: not waiting);
``phase_chit`` the chit of the phase under way (−1 between phases), which combat may read
(18.3, 18.4).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..board import DRAKE_CAMP, NA, RAU, SHEELA_CAMP, WAR, ZELANA, static
from .move import KIND_OF_CHIT, SURPRISE

if TYPE_CHECKING:
    from ..types import State

JOINT = (RAU, NA, ZELANA)
"""15.2: the countries that may declare a joint operation."""

ACT = ("act",)
WAIT = ("wait",)

_STATIC = static()
"""The numbering, read as a global (a call of the cached ``static()`` costs more)."""


def zelana_host(s: State) -> int:
    """34.4: the Zelana acts on Rau's chits while Na is not at war, on Na's once it is (after
    Rau's collapse, with Na not at war, that leaves its own chit only, 34.5, B-93)."""
    return NA if s.status[NA] == WAR else RAU


def task_action(s: State, country: int, chit: int) -> None:
    """14.5: the drawn chit's country acts. 15.3, 15.6: Rau, Na or the Zelana may wait instead,
    unless an ally is waiting, whom this draw releases to act together now (15.5, B-55)."""
    s.phase_chit = chit
    if country == ZELANA:
        s.cite("14.5", ("34.5",), "action", ("country", country), ("chit", chit))  # 34.5: on its own chit
    else:
        s.say("14.5", "action", ("country", country), ("chit", chit))
    kind = KIND_OF_CHIT[_STATIC.chit_kind[chit]]
    if country in JOINT and kind != SURPRISE:
        waiting = s.waiting
        for c in JOINT:  # (a plain loop: an any() of a generator costs more)
            if c != country and waiting[c]:
                break
        else:
            s.ask("joint", s.seat_of(country), country, chit)
            return
    start(s, country, kind)


def legal_joint(s: State) -> list[tuple[Any, ...]]:
    return [ACT, WAIT]


def apply_joint(s: State, action: tuple[Any, ...], pending: tuple[Any, ...]) -> None:
    country, chit = pending[2], pending[3]
    kind = KIND_OF_CHIT[_STATIC.chit_kind[chit]]
    if action[0] == "act":
        start(s, country, kind)
        return
    # 15.4: no action this phase, the chit waits face down; 15.8: waiting again adds up to one
    # action, with the widest of the waiting chits (B-55).
    # 15.2, 15.3: one of the three declares a joint operation; 15.6: a waiting one chose to wait on
    again = s.waiting[country] != 0
    s.waiting[country] = max(s.waiting[country], kind)
    if again:
        s.cite("15.8", ("15.6",), "keeps_waiting", ("country", country), ("chit", chit))
    else:
        s.cite("15.4", ("15.2", "15.3"), "waits", ("country", country), ("chit", chit))
    s.phase_chit = -1


def start(s: State, country: int, kind: int) -> None:
    """B-52: the movers in order — the drawer, the allies it releases (B-2 order), the Zelana with
    its host — each moves; a Drake-camp country may then look for the secret factory (30.6.5,
    B-37); then each fights, then the phase ends."""
    movers = [(country, kind)]
    waiting = s.waiting
    if waiting[country]:
        waiting[country] = 0
        s.cite("15.7", ("15.6",), "wait_void", ("country", country))  # 15.6: it chose to act
    if _STATIC.camp[country] == SHEELA_CAMP:
        for c in JOINT:
            if c != country and waiting[c]:
                movers.append((c, waiting[c]))
                waiting[c] = 0
                s.cite("15.5", ("15.1",), "released", ("country", c))  # 15.1: it acts with the drawer
    # (plain loops: a generator is a call at every item, a comprehension a call)
    for c, _ in movers:
        if c == ZELANA:
            break
    else:  # the Zelana acts with its host (34.4)
        host = zelana_host(s)
        for c, k in movers:
            if c == host:
                movers.append((ZELANA, k))
                s.say("34.4", "zelana_joins", ("country", host))
                break
    tasks: list[tuple[Any, ...]] = []
    for c, k in movers:
        tasks.append(("move_ask", c, k))
    if _STATIC.camp[country] == DRAKE_CAMP:
        tasks.append(("discovery", country))
    for c, _ in movers:
        tasks.append(("battles", c))
    tasks.append(("action_end",))
    s.push(*tasks)


def task_action_end(s: State) -> None:
    """B-53: what moved this phase may move again in the next."""
    s.moved = ()
    s.chars_moved = ()
    s.phase_chit = -1


def lapse_waits(s: State) -> None:
    """B-18: a wait still open when the cup is empty lapses."""
    for c in JOINT:
        if s.waiting[c]:
            s.waiting[c] = 0
            s.say("B-18", "wait_lapsed", ("country", c))


TASKS = {"action": task_action, "action_end": task_action_end}
DECISIONS = {"joint": (legal_joint, apply_joint, "15.3")}
