"""The observation tensor of ドレイクの野望: what a seat sees, as a flat list of floats of fixed length.

Everything in this game is open (the cup is random, not secret; the surprise chit Drake holds was
produced in the open, 16.2), so the tensor is the whole position seen from one seat. It is built
from the state's fields directly; its length depends on the data, not on the options.
``write_observation`` writes it, setting only the entries that are not zero of a buffer of zeros
(most of it is the map, which holds a few hundred counters), so an adapter fills a preallocated
array in place; ``observation_tensor`` is that buffer as a list. It is the information-state
tensor too.

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

from collections.abc import Mapping, MutableSequence
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
_DECISION_INDEX = {d: k for k, d in enumerate(_DECISIONS)}
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
    """What ``seat`` sees, as :func:`observation_shape` floats (the layout above)."""
    out = [0.0] * size()
    write_observation(s, seat, out)
    return out


def write_observation(s: State, seat: int, out: MutableSequence[float]) -> None:
    """Write :func:`observation_tensor` into ``out``, a flat buffer of :func:`size` zeros (a list,
    or an array an adapter fills in place), setting only the entries that are not zero: the map,
    most of the tensor, holds a few hundred counters."""
    st = static()
    t = st.t
    hexes = t.map.grid.size
    if s.players in PLAYERS:
        out[PLAYERS.index(s.players)] = 1.0
    i = len(PLAYERS)
    if 0 <= seat < SEAT_SLOTS:
        out[i + seat] = 1.0
    i += SEAT_SLOTS
    out[i] = s.turn / 16
    if s.ended is not None:
        out[i + 1] = 1.0
    i += 2
    for c in range(COUNTRIES):
        status = s.status[c]
        if status in STATES:
            out[i + STATES.index(status)] = 1.0
        i += len(STATES)
        out[i] = s.gp[c] / 100
        out[i + 1] = s.tl[c] / t.tl_max
        out[i + 2] = s.chits_made[c] / 3
        if s.waiting[c]:
            out[i + 3] = 1.0
        if s.seat_of(c) == seat:
            out[i + 4] = 1.0
        i += 5
    grid = i
    box = grid + hexes * COUNTRIES * CLASSES
    units = len(st.unit_ids)
    classes = _class_of()
    counter_unit = st.counter_unit
    counter_country = st.counter_country
    owner = s.owner
    flipped = s.flipped
    for k, at in enumerate(s.where):
        if at >= 0:
            out[grid + (at * COUNTRIES + owner[k]) * CLASSES + classes[k] * 2 + flipped[k]] += 0.25
        elif at == BOX:
            out[box + counter_country[k] * units + counter_unit[k]] += 0.25
    i = box + COUNTRIES * units
    for at in s.char_at:
        if at >= 0:
            out[i] = 1.0
            if at:
                out[i + 1 + len(CHARACTER_PLACES)] = at / hexes
        elif at in CHARACTER_PLACES:
            out[i + 1 + CHARACTER_PLACES.index(at)] = 1.0
        i += 2 + len(CHARACTER_PLACES)
    for n in s.chit_cup:
        if n:
            out[i] = n / 4
        i += 1
    for n in s.chit_open:
        if n:
            out[i] = n / 4
        i += 1
    if s.surprise_held:
        out[i] = 1.0
    if s.secret_built:
        out[i + 1] = 1.0
    if s.secret_found:
        out[i + 2] = 1.0
    i += 3
    for m in s.marks:
        if m:
            out[i] = m / 16
        i += 1
    if s.ship >= 0:
        out[i] = 1.0
        out[i + 1] = s.where[s.ship] / hexes
    out[i + 2] = s.mp / 3
    out[i + 3] = len(s.cargo) / 6
    out[i + 4] = len(s.crew) / 6
    i += 5
    fight = s.fight
    if fight is not None:
        out[i] = 1.0
        out[i + 1] = fight[1] / hexes
    out[i + 2] = s.hits[0] / 10
    out[i + 3] = s.hits[1] / 10
    out[i + 4] = s.command / 5
    i += 5
    pending = s.pending
    if pending is not None:
        if pending[0] in _DECISION_INDEX:
            out[i + _DECISION_INDEX[pending[0]]] = 1.0
        if 0 <= pending[1] < SEAT_SLOTS:
            out[i + len(_DECISIONS) + pending[1]] = 1.0
        if pending[1] == seat:
            out[i + len(_DECISIONS) + SEAT_SLOTS] = 1.0
    i += len(_DECISIONS) + SEAT_SLOTS + 1
    chance = s.chance
    if chance is not None and chance[0] in _CHANCES:
        out[i + _CHANCES.index(chance[0])] = 1.0


information_state_shape = observation_shape
"""A seat's information-state tensor is its observation tensor: nothing is hidden from any seat (the
module's description), so the position seen from the seat is all it knows of the present; the way
the game reached it (perfect recall) is not kept."""
write_information_state = write_observation
