"""The observation tensor of ドレイクの野望: what a seat sees, as a flat list of floats of fixed length.

Everything in this game is open (the cup is random, not secret; the surprise chit Drake holds was
produced in the open, 16.2), so the tensor is the whole position seen from one seat. It is built
from the state's fields directly; its length depends on the data, not on the options.

Layout, in order (``H`` hexes, ``U`` unit kinds, ``K`` characters, ``C`` chit types, ``D``
decision kinds, 7 countries, 4 seat slots):

- game: players one-hot (2, 3, 4), the seat one-hot (4), turn / 16, whether it is over;
- per country: state one-hot (neutral, armed, war, collapsed), GP / 100, TL / TL max, chits made
  / 3, waiting for a joint operation, run by this seat;
- per hex and country: its ABs, ships and buildings face up and flipped (6 counts / 4), so
  ``H × 7 × 6`` numbers;
- per country and unit kind: the counters in its factory box / 4;
- per character: where (on the map, not in yet, cup, heavy wounds, removed, on leave, grown) and
  its hex / H;
- per chit type: in the cup / 4, on the open box / 4; the surprise chit held; the secret factory
  built and found; the milestone marks / 16;
- movement: a ship moving, its hex / H, MP / 3, cargo / 6, crew / 6;
- combat: a battle under way, its hex / H, each camp's hits to place / 10, command / 5;
- the decision: kind one-hot (D), seat one-hot (4), whether it is this seat's; chance one-hot
  (draw, die, pool, fate, other).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import TYPE_CHECKING, Any

from .board import (
    ARMED,
    BOX,
    COLLAPSED,
    CUP,
    DEAD,
    GROWN,
    HEAVY,
    LEFT,
    N_MARKS,
    NEUTRAL,
    NOT_ENTERED,
    WAR,
    static,
)
from .rules import DECISIONS

if TYPE_CHECKING:
    from .types import State

SEAT_SLOTS = 4
COUNTRIES = 7
PLAYERS = (2, 3, 4)
STATES = (NEUTRAL, ARMED, WAR, COLLAPSED)
CLASSES = 6
"""Per hex and country: AB, ship, building, each face up and flipped."""
CHARACTER_PLACES = (NOT_ENTERED, CUP, HEAVY, DEAD, LEFT, GROWN)
_DECISIONS = tuple(sorted(DECISIONS))
_CHANCES = ("draw", "develop", "kustanga", "search_first", "search_second", "pool", "fate")


@cache
def _class_of() -> tuple[int, ...]:
    """Each counter's class: 0 AB, 1 ship, 2 building (the face is added when read)."""
    st = static()
    return tuple(
        0 if st.kind(i) == "AB" else 1 if st.kind(i) in ("AS", "ABS") else 2
        for i in range(len(st.counter_unit))
    )


@cache
def size() -> int:
    st = static()
    hexes = st.t.map.grid.size
    n = len(PLAYERS) + SEAT_SLOTS + 2
    n += COUNTRIES * (len(STATES) + 5)
    n += hexes * COUNTRIES * CLASSES
    n += COUNTRIES * len(st.unit_ids)
    n += len(st.char_ids) * (1 + len(CHARACTER_PLACES) + 1)
    n += 2 * len(st.chit_ids) + 3 + N_MARKS
    n += 5
    n += 5
    n += len(_DECISIONS) + SEAT_SLOTS + 1 + len(_CHANCES)
    return n


def observation_shape(options: Mapping[str, Any]) -> tuple[int, ...]:
    return (size(),)


def observation_tensor(s: State, seat: int) -> list[float]:
    st = static()
    t = st.t
    hexes = t.map.grid.size
    out: list[float] = []
    add = out.append
    out.extend(1.0 if s.players == p else 0.0 for p in PLAYERS)
    out.extend(1.0 if seat == k else 0.0 for k in range(SEAT_SLOTS))
    add(s.turn / 16)
    add(1.0 if s.ended is not None else 0.0)
    for c in range(COUNTRIES):
        out.extend(1.0 if s.status[c] == x else 0.0 for x in STATES)
        add(s.gp[c] / 100)
        add(s.tl[c] / t.tl_max)
        add(s.chits_made[c] / 3)
        add(1.0 if s.waiting[c] else 0.0)
        add(1.0 if s.seat_of(c) == seat else 0.0)
    grid = [0.0] * (hexes * COUNTRIES * CLASSES)
    box = [0.0] * (COUNTRIES * len(st.unit_ids))
    classes = _class_of()
    counter_unit = st.counter_unit
    for i, at in enumerate(s.where):
        if at >= 0:
            grid[(at * COUNTRIES + s.owner[i]) * CLASSES + classes[i] * 2 + s.flipped[i]] += 0.25
        elif at == BOX:
            box[st.counter_country[i] * len(st.unit_ids) + counter_unit[i]] += 0.25
    out.extend(grid)
    out.extend(box)
    for at in s.char_at:
        add(1.0 if at >= 0 else 0.0)
        out.extend(1.0 if at == x else 0.0 for x in CHARACTER_PLACES)
        add(at / hexes if at >= 0 else 0.0)
    out.extend(n / 4 for n in s.chit_cup)
    out.extend(n / 4 for n in s.chit_open)
    add(1.0 if s.surprise_held else 0.0)
    add(1.0 if s.secret_built else 0.0)
    add(1.0 if s.secret_found else 0.0)
    out.extend(m / 16 for m in s.marks)
    moving = s.ship >= 0
    add(1.0 if moving else 0.0)
    add(s.where[s.ship] / hexes if moving else 0.0)
    add(s.mp / 3)
    add(len(s.cargo) / 6)
    add(len(s.crew) / 6)
    fight = s.fight
    add(1.0 if fight is not None else 0.0)
    add(fight[1] / hexes if fight is not None else 0.0)
    add(s.hits[0] / 10)
    add(s.hits[1] / 10)
    add(s.command / 5)
    pending = s.pending
    out.extend(1.0 if pending is not None and pending[0] == d else 0.0 for d in _DECISIONS)
    out.extend(1.0 if pending is not None and pending[1] == k else 0.0 for k in range(SEAT_SLOTS))
    add(1.0 if pending is not None and pending[1] == seat else 0.0)
    chance = s.chance
    out.extend(1.0 if chance is not None and chance[0] == x else 0.0 for x in _CHANCES)
    return out
