"""The repair phase (11.1–11.7, 34.7, B-13): flipped units are turned face up for their repair GP
in a hex with a friendly-camp building; a fort (and the secret factory, 30.6.3) cannot repair an
ABS; a building repairs itself."""

from __future__ import annotations

from itertools import compress
from typing import TYPE_CHECKING, Any

from ..board import NA, NEXT_SHEET, RAU, SHEET_COUNTRIES, ZELANA, ask_in_order_of_play, find_counter, static
from .fast_check import DONE, opening
from .tables import derived

if TYPE_CHECKING:
    from ..types import State


def task_repair_phase(s: State) -> None:
    ask_in_order_of_play(s, "repair", SHEET_COUNTRIES[0])


def task_repair_ask(s: State, country: int) -> None:
    """Asked while it has anything to repair, then the next country in the order of play; one
    that has collapsed, or with nothing it may repair, passes."""
    ask_in_order_of_play(s, "repair", country)


def repairable(s: State, country: int) -> list[int]:
    """The flipped counters ``country`` may repair and pay for now."""
    flipped = s.flipped
    owner = s.owner
    st = _STATIC
    # Only its own counters, and for Rau and Na the Zelana's (34.7), may be repaired: while no
    # counter has changed hands (35.3), those of its range and the Zelana's; the flipped ones are
    # picked out in one call into C.
    if owner is st.printed_owner:
        flipped_ids: list[int] = []
        for r in _REPAIRED_RANGES[country]:
            flipped_ids.extend(compress(r, flipped[r.start : r.stop]))
    else:
        flipped_ids = list(compress(range(len(flipped)), flipped))
    if not flipped_ids:
        return []
    d = _DERIVED
    where = s.where
    camp = st.camp
    kinds = d.counter_kind
    building_of = {where[b]: b for b in d.building_counters if where[b] >= 0}
    repair_gp = d.repair_gp
    gp = s.gp[country]
    out = []
    for i in flipped_ids:
        h = where[i]
        if h < 0:
            continue
        b = building_of.get(h)
        if b is None or repair_gp[i] > gp:
            continue
        if owner[i] == country:
            if i == b:
                out.append(i)  # 11.6
                continue
            if camp[owner[b]] != camp[country]:
                continue  # 11.2: a friendly-camp building
        elif owner[i] == ZELANA and country in (RAU, NA) and owner[b] == country:
            pass  # 34.7: at Rau's or Na's building, paid by its owner
        else:
            continue
        if kinds[i] == "ABS" and kinds[b] == "fort":
            continue  # 11.4 (the secret factory is a fort counter, B-13)
        out.append(i)
    return out


_STATIC = static()
_DERIVED = derived()
_REPAIRED_RANGES = tuple(
    (_STATIC.ranges_of[c], _STATIC.ranges_of[ZELANA]) if c in (RAU, NA) else (_STATIC.ranges_of[c],)
    for c in range(len(_STATIC.ranges_of))
)
"""Per country: the ranges of the counters printed in the colours it repairs (its own, and for
Rau and Na the Zelana's, 34.7), in counter order."""


def legal_repair(s: State) -> list[tuple[Any, ...]]:
    assert s.pending is not None
    counters = repairable(s, s.pending[2])
    if not counters:
        return [DONE]
    unit = static().counter_unit
    keys = {(s.owner[i], unit[i], s.where[i]) for i in counters}
    return [DONE, *(("repair", *key) for key in sorted(keys))]


def is_legal_repair(s: State, action: tuple[Any, ...]) -> bool:
    """Whether ``action`` is in :func:`legal_repair`."""
    opened = opening(s, action)
    if isinstance(opened, bool):
        return opened
    country, verb = opened
    if verb != "repair" or len(action) != 4:
        return False
    unit = static().counter_unit
    return any((s.owner[i], unit[i], s.where[i]) == action[1:] for i in repairable(s, country))


def apply_repair(s: State, action: tuple[Any, ...], pending: tuple[Any, ...]) -> None:
    country = pending[2]
    if action[0] == "done":
        ask_in_order_of_play(s, "repair", NEXT_SHEET[country])
        return
    st = static()
    i = find_counter(s, action[1], action[2], action[3], 1)
    cost = st.t.unit(st.unit_id(i)).repair_gp
    s.gp[country] -= cost
    s.flipped[i] = 0
    clause = "34.7" if s.owner[i] == ZELANA else "11.6" if st.is_building(i) else "11.5"
    # 11.2: at a building of its camp; 11.4: what a castle or a fort repairs; 11.3: the repairing
    # country pays at an ally's building; 11.7: enemy units in the hex do not stop it
    also = ["11.2", "11.4"]
    camp = st.camp
    stack = s.stacks[s.where[i]]
    if any(st.is_building(j) and s.owner[j] != country for j in stack) and not any(
        st.is_building(j) and s.owner[j] == country for j in stack
    ):
        also.append("11.3")
    if any(camp[s.owner[j]] != camp[country] for j in stack):
        also.append("11.7")
    s.cite(clause, tuple(also), "repaired", ("country", country), ("unit", st.counter_unit[i]), ("hex", s.where[i]), ("gp", cost))
    # Asked again at once, by the seat it was asked by (nothing happens between two of its choices,
    # and it has not collapsed); else the next country in the order of play.
    if not s.ask_if_choice("repair", pending[1], country):
        ask_in_order_of_play(s, "repair", NEXT_SHEET[country])


TASKS = {"repair_phase": task_repair_phase, "repair_ask": task_repair_ask}
DECISIONS = {"repair": (legal_repair, apply_repair, "11.2")}
CHECKS = {"repair": is_legal_repair}
