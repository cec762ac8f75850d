"""Who controls an income hex and who may collect its GP (6.3–6.8, B-5, B-6), and each camp's
income at the end (27.2, B-33).

Both the income phase and the end score read these; they change nothing.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache, lru_cache
from itertools import compress
from typing import TYPE_CHECKING

from .board import COLLAPSED, DRAKE_CAMP, NA, NEUTRAL, RAU, SHEELA_CAMP, WAR, ZELANA, items_at, static

if TYPE_CHECKING:
    from .types import State

CONTESTED = -1
NOBODY = -2


def controllers(s: State, hex_index: int) -> tuple[int, tuple[int, ...], str]:
    """The camp that controls a hex, the countries whose units decide it, and the 6.4 item that
    decided (B-5): items ① buildings, ② ships, ③ three or more ABs of a camp, ④ the land's owner.

    The camp is ``CONTESTED`` when both camps meet the deciding item (6.5) and ``NOBODY`` for a
    hex of no nation's land that no unit holds.
    """
    return _decide(hex_index, _holders(s, (hex_index,)).get(hex_index))


def income_hex_control(s: State) -> list[tuple[int, tuple[int, tuple[int, ...], str]]]:
    """``controllers`` of every income hex, in hex order, in one pass over their stacks."""
    stacks = s.stacks
    empty = _empty_control()
    if s.owner is static().printed_owner:  # no counter has changed hands (35.3): the stack decides
        return [(h, _printed_control(h, tuple(stacks[h])) if stacks[h] else control) for h, control in empty]
    return [(h, _decide(h, _holders(s, (h,))[h]) if stacks[h] else control) for h, control in empty]


@lru_cache(maxsize=8192)
def _printed_control(hex_index: int, stack: tuple[int, ...]) -> tuple[int, tuple[int, ...], str]:
    """``controllers`` of a hex holding ``stack`` while every counter is its printed country's: a
    function of the hex and the stack alone, kept for the stacks seen most (the server derives
    every income hex's control after each action, and few stacks change in one)."""
    return _decide(hex_index, _stack_holders(stack, static().printed_owner))


@cache
def _empty_control() -> tuple[tuple[int, tuple[int, tuple[int, ...], str]], ...]:
    """Each income hex with the control it has while no counter stands on it (6.4 ④)."""
    return tuple((h, _decide(h, None)) for h in static().income_hexes)


def _holders(s: State, hexes: Iterable[int]) -> dict[int, tuple[list[int], list[int], list[int]]]:
    """For each of ``hexes`` holding any counter, the countries of its buildings, of its ships and
    of its ABs (one entry per counter)."""
    owner = s.owner
    stacks = s.stacks
    return {h: _stack_holders(stacks[h], owner) for h in hexes if stacks[h]}


def _stack_holders(stack: Iterable[int], owner: tuple[int, ...]) -> tuple[list[int], list[int], list[int]]:
    """The countries of a stack's buildings, of its ships and of its ABs (one entry per counter)."""
    st = static()
    kinds = st.unit_kind
    unit = st.counter_unit
    entry: tuple[list[int], list[int], list[int]] = ([], [], [])
    for i in stack:
        k = kinds[unit[i]]
        entry[2 if k == "AB" else 1 if k == "AS" or k == "ABS" else 0].append(owner[i])
    return entry


def _decide(
    hex_index: int, held: tuple[list[int], list[int], list[int]] | None
) -> tuple[int, tuple[int, ...], str]:
    st = static()
    camp = st.camp
    if held is not None:
        buildings, ships, abs_ = held
        for item, holders in (("①", buildings), ("②", ships)):
            if holders:
                camps = {camp[c] for c in holders}
                if len(camps) == 2:
                    return CONTESTED, (), item
                return camps.pop(), tuple(sorted(set(holders))), item
        by_camp = [0, 0]
        for c in abs_:
            by_camp[camp[c]] += 1
        meets = [k for k in (DRAKE_CAMP, SHEELA_CAMP) if by_camp[k] >= 3]
        if len(meets) == 2:
            return CONTESTED, (), "③"
        if meets:
            return meets[0], tuple(sorted({c for c in abs_ if camp[c] == meets[0]})), "③"
    land = st.nation[hex_index]
    if land < 0:
        return NOBODY, (), "④"
    return camp[land], (land,), "④"


def collectors(s: State, hex_index: int) -> tuple[int, ...]:
    """The countries that may collect a hex's GP this income phase, in the order of play.

    6.3: a country standing by (or collapsed) collects nothing. 6.8: a hex the Zelana controls
    counts for Rau and Na, each only if at war. 6.6: in a surviving ally's land only that ally
    may collect.
    """
    return _collectors(s, hex_index, controllers(s, hex_index))


def all_collectors(s: State) -> list[tuple[int, tuple[int, ...]]]:
    """(hex, its collectors) for every income hex, in hex order."""
    return [(h, who) for h, who, _control in income_collection(s)]


Control = tuple[int, tuple[int, ...], str]


def income_collection(s: State) -> list[tuple[int, tuple[int, ...], Control | None]]:
    """(hex, its collectors, its ``controllers``) for every income hex, in hex order. The control
    is ``None`` on a hex that no unit holds or only its land owner's units hold: the owner
    controls it (6.4 ④, or ①–③ met by its units alone) and collects unless it stands by or has
    collapsed (6.3), and the 6.4 item that decided is not worked out (:func:`held_income`)."""
    status = s.status
    owners = [ALONE[c] if status[c] != NEUTRAL and status[c] != COLLAPSED else () for c in range(7)]
    held = {h: (who, control) for h, who, control in held_income(s)}
    return [(h, *held[h]) if h in held else (h, owners[land], None) for h, land, _mine in INCOME_LANDS]


def held_income(s: State) -> list[tuple[int, tuple[int, ...], Control]]:
    """(hex, its collectors, its ``controllers``) for each income hex that is not simply its land
    owner's, in hex order: one holding a unit of another country, and one of no nation's land or
    the Zelana's. Every other income hex — no unit on it, or only its land owner's — the owner
    controls (6.4 ④, or ①–③ met by its units alone) and collects unless it stands by or has
    collapsed (6.3); only the hexes holding a counter are looked at (their stacks read at once)."""
    st = _STATIC
    stacks = s.stacks
    # While no counter changed hands (35.3) a country's counters are its range, and a stack (in
    # counter order) is all the land owner's when its first and last counters are in that range.
    printed = s.owner is st.printed_owner
    entries: Iterable[tuple[int, int, range | None]] = compress(INCOME_LANDS, _income_stacks(stacks))
    if UNOWNED_INCOME:  # (none in the printed map)
        entries = sorted({*entries, *UNOWNED_INCOME})
    out: list[tuple[int, tuple[int, ...], Control]] = []
    for h, _land, mine in entries:
        stack = stacks[h]
        if mine is not None and printed and stack[0] in mine and stack[-1] in mine:
            continue
        if not printed or not stack:
            control = _decide(h, _holders(s, (h,)).get(h))
        else:  # (every counter its printed country's: the stack's control is kept)
            control = _printed_control(h, tuple(stack))
        out.append((h, _collectors(s, h, control), control))
    return out


ALONE = tuple((c,) for c in range(7))
"""Each country alone, as the collectors of a hex (made once)."""


def _collectors(s: State, hex_index: int, control: tuple[int, tuple[int, ...], str]) -> tuple[int, ...]:
    camp, holders, _item = control
    if camp < 0:
        return ()
    status = s.status
    out: set[int] = set()
    for c in holders:
        if c == ZELANA:
            out.update(x for x in (RAU, NA) if status[x] == WAR)
        elif status[c] != NEUTRAL and status[c] != COLLAPSED:
            out.add(c)
    land = _STATIC.nation[hex_index]
    if land >= 0 and _STATIC.camp[land] == camp and status[land] != COLLAPSED:
        out &= {land}
    return tuple(sorted(out))


def camp_income(s: State) -> tuple[int, int]:
    """Each camp's income (Drake's, Sheela's) if the income were collected now (27.2, B-33)."""
    st = static()
    income = st.t.map.income_of
    totals = [0, 0]
    for h, who in all_collectors(s):
        if who:
            totals[st.camp[who[0]]] += income[h]
    return totals[0], totals[1]


_STATIC = static()
"""The numbering, read as a global (a call of the cached ``static()`` costs more)."""
INCOME_LANDS = tuple(
    (h, land, static().ranges_of[land] if land >= 0 and land != ZELANA else None)
    for h in static().income_hexes
    for land in (static().nation[h],)
)
"""Each income hex, its land's owner and, but for no nation's land and the Zelana's, the range of
that owner's counters (for :func:`held_income`)."""
UNOWNED_INCOME = tuple(entry for entry in INCOME_LANDS if entry[2] is None)
"""The income hexes of no nation's land and of the Zelana's (their control is worked out, held or not)."""


_income_stacks = items_at(static().income_hexes)
"""The stacks of the income hexes, in hex order."""
