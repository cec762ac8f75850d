"""Movement in an action phase (17.1–17.15.9, B-20–B-24, B-53–B-60): the acting country moves its
ships one at a time as a sequence of small choices — which ship, what it takes aboard in its start
hex, then hex by hex — and the ship sets its load down where it stops.

The state keeps the ship being moved (``ship``), its movement points left (``mp``), what it carries
(``cargo`` counters, ``crew`` characters) and what has already moved this phase (``moved``,
``chars_moved``); a carried counter is always in its ship's hex (``where``), so combat finds every
unit of a hex by ``where`` alone. A refused choice names the movement clause that forbids it
(``REFUSALS``, which the state's ``why_illegal`` asks).
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Any

from ..board import (
    AH,
    COLLAPSED,
    DRAKE,
    NA,
    RAU,
    SEATINGS,
    SHEELA_CAMP,
    WAR,
    ZELANA,
    characters_in,
    counters_at,
    static,
)
from ..tables import PRINTED_CAPACITY
from .collapse import serving_country

if TYPE_CHECKING:
    from collections.abc import Iterable

    from ..types import State

# What a chit lets move (17.7–17.11): the kinds a "move" decision carries.
AS_ONLY, ALL_SHIPS, ZELANA_ONLY, SPRIGGAN_ONLY, SURPRISE = 1, 2, 3, 4, 5
KIND_OF_CHIT = {
    "AS": AS_ONLY,
    "ABS": ALL_SHIPS,
    "zelana": ZELANA_ONLY,
    "shot": SPRIGGAN_ONLY,
    "surprise": SURPRISE,
}
KIND_CLAUSE = {
    AS_ONLY: "17.7",
    ALL_SHIPS: "17.8",
    ZELANA_ONLY: "17.9",
    SPRIGGAN_ONLY: "17.10",
    SURPRISE: "17.11",
}

MOVEMENT_POINTS = 3
"""17.4."""

# The (name, value) pairs the movement's events keep, made once: an event a step, and the log
# keeps every one.
HEX_ARG = tuple(("hex", h) for h in range(static().t.map.grid.size))
COUNTRY_ARG = tuple(("country", c) for c in range(7))
UNIT_ARG = tuple(("unit", u) for u in range(len(static().unit_ids)))
CHAR_ARG = tuple(("char", k) for k in range(len(static().char_ids)))
MP_ARG = tuple(("mp", mp) for mp in range(MOVEMENT_POINTS + 1))

DONE = ("done",)
GO = ("go",)
STOP = ("stop",)
STEP = tuple(("step", h) for h in range(static().t.map.grid.size))
"""The prebuilt ("step", hex) actions."""


@cache
def _tables() -> tuple[tuple[int | None, ...], tuple[bool, ...], tuple[bool, ...], int, int, int]:
    """Per unit index: AB capacity (``None``: any number, 17.15.8), whether it is an AS, whether it
    is a ship; and the unit indices of the Zelana and the Spriggan, and the AB kind marker."""
    st = static()
    capacity: list[int | None] = []
    is_as: list[bool] = []
    is_ship: list[bool] = []
    for uid, kind in zip(st.unit_ids, st.unit_kind, strict=True):
        m = st.t.machines.get(uid)
        capacity.append(m.capacity if m is not None else 0)
        is_as.append(kind == "AS")
        is_ship.append(kind in ("AS", "ABS"))
    return (
        tuple(capacity),
        tuple(is_as),
        tuple(is_ship),
        st.unit_index("zelana"),
        st.unit_index("spriggan"),
        len(st.unit_ids),
    )


_STATIC = static()
_TABLES = _tables()
"""The hottest checks (:func:`may_enter`, :func:`ship_allowed`) read these globals: a call of a
cached function costs more than the read."""


@cache
def _is_ab() -> tuple[bool, ...]:
    return tuple(k == "AB" for k in static().unit_kind)


@cache
def _ship_counters() -> tuple[int, ...]:
    """Every ship counter's number (a few dozen of the two hundred counters)."""
    st = _STATIC
    is_ship = _tables()[2]
    return tuple(i for i, unit in enumerate(st.counter_unit) if is_ship[unit])


_NEAR_ELF_CASTLE = frozenset(
    h for h in range(_STATIC.t.map.grid.size) if _STATIC.t.map.grid.distance(h, _STATIC.elf_castle) < 3
)
"""28.4 (B-22): the hexes under three hexes from the Elf Castle (worked out once, not per test)."""
_AB_COUNTERS = tuple(_is_ab()[u] for u in _STATIC.counter_unit)
"""Per counter: whether it is an AB (read per counter, not through its unit)."""
SHIPS_OF = tuple(tuple(i for i in _ship_counters() if i in r) for r in _STATIC.ranges_of)
"""Per country, the ship counters printed in its colour."""


def riders(owner: int) -> tuple[int, ...]:
    """17.15.2–17.15.4 (B-42): the countries whose ABs and characters a ship of ``owner`` carries:
    its own; Zelana-colour units also on Rau's and Na's ships; Rau's and Na's also on the Zelana."""
    if owner == ZELANA:
        return (RAU, NA, ZELANA)
    if owner in (RAU, NA):
        return (owner, ZELANA)
    return (owner,)


def hosts(country: int) -> tuple[int, ...]:
    """B-42, B-54: the countries whose units a character of ``country`` may be with in a hex."""
    if country in (RAU, NA, ZELANA):
        return (RAU, NA, ZELANA)
    return (country,)


def may_enter(s: State, country: int, unit: int, h: int) -> bool:
    """Whether a ship of ``country`` (of unit ``unit``) may enter hex ``h`` at all
    (:func:`enterable`)."""
    return bool(enterable(s, country, unit, (h,)))


def enterable(s: State, country: int, unit: int, hexes: Iterable[int]) -> list[int]:
    """The hexes of ``hexes`` a ship of ``country`` (of unit ``unit``) may enter at all (17.12,
    17.13, 17.14.1, 17.14.2, 28.4, 34.6, B-3, B-22), in their order: one call for the hexes around
    a ship, where a call a hex cost more than the tests."""
    st = _STATIC
    kustanga = st.kustanga
    nation = st.nation
    status = s.status
    at_war = status[country] == WAR
    zelana = unit == _TABLES[3]
    out = []
    for h in hexes:
        if h in kustanga and not zelana:
            continue  # 17.14.1, 17.14.2: only the Zelana enters the Kustanga hills
        land = nation[h]
        if land == country:
            out.append(h)
        elif not at_war:
            continue  # 17.12: a country not at war moves in its own land only
        elif land < 0 or status[land] == WAR or status[land] == COLLAPSED:
            out.append(h)  # B-3: a collapsed country's land is open
        elif country == ZELANA and st.camp[land] == SHEELA_CAMP:
            out.append(h)  # 34.6
        elif country == DRAKE and land == AH and h not in _NEAR_ELF_CASTLE:
            out.append(h)  # 28.4 (B-22): Drake's army in Ah's land three hexes or more from the Elf Castle
        # else 17.13: nobody enters the land of a country not at war
    return out


Opening = tuple[tuple[int, ...], tuple[tuple[Any, ...], ...]]
"""The hexes next to a hex that a ship may enter, sorted, and the step decision's actions for
them (each ("step", hex), then ``STOP``)."""

OPEN_TABLES = 4096
"""How many tables :func:`opening` keeps at most (a game sees a few dozen)."""
_OPEN: dict[tuple[int, bool, tuple[int, ...]], list[Opening | None]] = {}
""":func:`opening`'s answers, by country, whether the ship is the Zelana and the countries'
states (which alone decide :func:`enterable` besides the map), per hex (``None``: not asked yet):
each worked out once."""


def opening(s: State, country: int, unit: int, status: tuple[int, ...], h: int) -> Opening:
    """The hexes next to hex ``h`` that a ship of ``country`` (of unit ``unit``) may enter
    (:func:`enterable`), sorted, and the steps into them, ``status`` being ``tuple(s.status)``:
    a ship's steps and B-57's test read this, where listing them at every step cost more than
    the step."""
    key = (country, unit == _TABLES[3], status)
    table = _OPEN.get(key)
    if table is None:
        if len(_OPEN) >= OPEN_TABLES:
            _OPEN.clear()  # (a long-lived process: start again rather than grow)
        table = _OPEN[key] = [None] * _STATIC.t.map.grid.size
    found = table[h]
    if found is None:
        around = tuple(sorted(enterable(s, country, unit, _STATIC.t.map.grid.adjacency[h])))
        found = table[h] = (around, (*[STEP[n] for n in around], STOP))
    return found


def ship_allowed(kind: int, owner: int, unit: int) -> bool:
    """17.7–17.11 (B-56): whether a chit of ``kind`` moves a ship of ``unit`` owned by ``owner``."""
    _cap, is_as, is_ship, zelana, spriggan, _n = _TABLES
    if not is_ship[unit]:
        return False  # 17.2, 17.3: ABs and buildings never move by themselves
    if kind == ALL_SHIPS:
        return True
    if kind == AS_ONLY:
        return is_as[unit]
    if kind == SURPRISE:
        return owner == DRAKE and is_as[unit]
    if kind == ZELANA_ONLY:
        return unit == zelana
    return unit == spriggan  # SPRIGGAN_ONLY


def movable_ships(s: State, country: int, kind: int) -> list[tuple[int, int, int]]:
    """(unit, hex, flipped) of the country's ships that this chit moves, not moved yet this phase
    (B-20, B-53), with at least one hex next to them they may enter (B-57)."""
    unit_of = _STATIC.counter_unit
    where = s.where
    owner = s.owner
    moved = s.moved
    status = tuple(s.status)
    out = set()
    # While no counter changed hands (35.3), the country's ships are those of its own range.
    for i in SHIPS_OF[country] if owner is _STATIC.printed_owner else _ship_counters():
        at = where[i]
        if at < 0 or owner[i] != country or i in moved:
            continue
        u = unit_of[i]
        if not ship_allowed(kind, country, u):
            continue
        if opening(s, country, u, status, at)[0]:
            out.add((u, at, s.flipped[i]))
    return sorted(out)


def _find(s: State, owners: tuple[int, ...], unit: int, h: int, flipped: int, skip: tuple[int, ...]) -> int:
    """The first counter of ``unit`` owned by one of ``owners`` on ``h`` with that face, not in
    ``skip`` nor moved this phase (counters alike in all of these are interchangeable)."""
    where = s.where
    for i in _STATIC.unit_counters[unit]:
        if (
            where[i] == h
            and s.owner[i] in owners
            and s.flipped[i] == flipped
            and i not in skip
            and i not in s.moved
        ):
            return i
    raise AssertionError("no such counter")


# ---- the "move" decision: which ship next, or done (17.1) ------------------------------------


def _ask_unless_only(s: State, kind: str, country: int, ships: int | None = None) -> bool:
    """Ask ``kind`` of the country's runner (about the kind of ``ships`` that may move, for a
    move), unless its one legal choice is the way out (B-57); the listing made here stays cached
    for the choice."""
    # (a country with a sheet has its seat by the seating, 1.2)
    seat = s.seat_of(country) if country == ZELANA else SEATINGS[s.players][1][country]
    if ships is None:
        return s.ask_if_choice(kind, seat, country)
    return s.ask_if_choice(kind, seat, country, ships)


def task_move_ask(s: State, country: int, kind: int) -> None:
    """17.1: the country may move all, some or none of its ships; asked while one can move."""
    _ask_unless_only(s, "move", country, kind)


def legal_move(s: State) -> list[tuple[Any, ...]]:
    assert s.pending is not None
    _kind, _seat, country, kind = s.pending
    out: list[tuple[Any, ...]] = [DONE]  # ("done",) sorts before every ("ship", …)
    for unit, h, face in movable_ships(s, country, kind):
        out.append(("ship", unit, h, face))
    return out


def apply_move(s: State, action: tuple[Any, ...], pending: tuple[Any, ...]) -> None:
    country, kind = pending[2], pending[3]
    if action[0] == "done":
        return
    _verb, unit, h, flipped = action
    i = _find(s, (country,), unit, h, flipped, ())
    s.ship = i
    s.mp = MOVEMENT_POINTS
    s.cargo = ()
    s.crew = ()
    s.moved += (i,)
    s.cite(KIND_CLAUSE[kind], ("17.4",), "ship_moves", COUNTRY_ARG[country], UNIT_ARG[unit], HEX_ARG[h])  # 17.4: 3 MP
    s.push(("move_ask", country, kind))  # (after it has moved)
    # its loading, asked by the seat that moves it (task_load_ask's question)
    if not s.ask_if_choice("load", pending[1], country):
        depart(s, country)


# ---- the "load" decision: what the ship takes aboard in its start hex (17.15, B-20) -----------


def _load_choices(s: State) -> tuple[tuple[Any, ...], tuple[Any, ...], tuple[tuple[int, ...], ...]]:
    """The ("board", k) actions, the ("load", owner, unit, face) actions, each sorted, and per
    load action the counters it may take aboard, in counter order (the first is the one
    :func:`_find` finds)."""
    unit_of = _STATIC.counter_unit
    ship = s.ship
    owner = s.owner
    here = s.where[ship]
    ok = riders(owner[ship])
    room = ROOM[ship]
    cargo = s.cargo
    loads: tuple[Any, ...] = ()
    counters: tuple[tuple[int, ...], ...] = ()
    if room is None or len(cargo) < room:
        is_ab = _AB_COUNTERS
        moved = s.moved
        flipped = s.flipped
        found: dict[tuple[Any, ...], list[int]] = {}
        for i in s.stacks[here]:
            if is_ab[i] and owner[i] in ok and i not in cargo and i not in moved:
                key = ("load", owner[i], unit_of[i], flipped[i])
                same = found.get(key)
                if same is None:
                    found[key] = [i]
                else:
                    same.append(i)
        if found:
            loads = tuple(sorted(found))
            counters = tuple([tuple(found[key]) for key in loads])
    crew = s.crew
    chars_moved = s.chars_moved
    boards = []
    for k in characters_in(s.char_at, here):  # (in character order: sorted)
        # 35.3, 35.4 (B-91, B-92): a character of a collapsed country serves its heir
        if serving_country(s, k) in ok and k not in crew and k not in chars_moved:
            boards.append(("board", k))
    return tuple(boards), loads, counters


def task_load_ask(s: State, country: int) -> None:
    """B-20: loading in the start hex; skipped when there is nothing to take (B-57)."""
    if not _ask_unless_only(s, "load", country):
        depart(s, country)


def legal_load(s: State) -> tuple[tuple[Any, ...], ...]:
    """B-20: the boardings, ``GO``, then the loads (in sorted order: ("board", …) < ("go",) <
    ("load", …)), kept in ``load_kept`` for the decision they were listed for.

    ``load_kept`` is ``(decision, boards, loads, counters)``: the pending decision and
    :func:`_load_choices`' answer for it. One choice
    changes the next listing only by what it took, so :func:`apply_load` makes the next listing
    from the kept one (and keeps it in turn): a load takes the first of its counters (the action
    goes with the last of them, every load when the ship is full, 17.15.5–17.15.8), a boarding
    takes its character; nothing else moves while a ship loads."""
    boards, loads, counters = _load_choices(s)
    s.load_kept = (s.pending, boards, loads, counters)
    return (*boards, GO, *loads)


def apply_load(s: State, action: tuple[Any, ...], pending: tuple[Any, ...]) -> None:
    country = pending[2]
    verb = action[0]
    kept = s.load_kept
    s.load_kept = None
    if verb == "go":
        depart(s, country)
        return
    ship = s.ship
    here = s.where[ship]
    carrier = s.owner[ship]
    if kept is not None and kept[0] is not pending:
        kept = None  # listed for another decision: found again
    if verb == "load":
        _verb, owner, unit, flipped = action
        if kept is None:
            i = _find(s, (owner,), unit, here, flipped, s.cargo)
        else:
            _, boards, loads, counters = kept
            j = loads.index(action)
            left = counters[j]
            i = left[0]  # (the first in counter order, as _find finds it)
        cargo = s.cargo = (*s.cargo, i)
        s.cite("17.15.1", LOAD_CLAUSES[ship][carrier][owner], "loaded", COUNTRY_ARG[owner], UNIT_ARG[unit], HEX_ARG[here])
        if kept is not None:
            room = ROOM[ship]
            if room is not None and len(cargo) >= room:
                loads, counters = (), ()  # full
            elif len(left) == 1:
                loads = loads[:j] + loads[j + 1 :]
                counters = counters[:j] + counters[j + 1 :]
            else:
                counters = (*counters[:j], left[1:], *counters[j + 1 :])
    else:
        k = action[1]
        s.crew = (*s.crew, k)
        s.cite("17.15.9", _whose_clause(carrier, serving_country(s, k)), "boarded", CHAR_ARG[k], HEX_ARG[here])
        if kept is not None:
            _, boards, loads, counters = kept
            j = boards.index(action)
            boards = boards[:j] + boards[j + 1 :]
    # Asked again at once, by the seat it was asked by: with what was kept, the listing is the
    # kept one less what was taken (as legal_load would make it), asked and kept here.
    if kept is None:
        if not s.ask_if_choice("load", pending[1], country):
            depart(s, country)
    elif boards or loads:
        s.ask("load", pending[1], country)
        s.legal_cache = (*boards, GO, *loads)
        s.load_kept = (s.pending, boards, loads, counters)
    else:
        depart(s, country)  # ("go" alone is left: B-57)


def _whose_clause(carrier: int, rider: int) -> tuple[str, ...]:
    """17.15.2–17.15.4: the clause that lets a ship of ``carrier`` take ``rider``'s unit aboard,
    with 34.3 where the Zelana and Rau or Na exchange units."""
    if rider == carrier:
        return ("17.15.2",)
    return ("17.15.4", "34.3") if carrier == ZELANA else ("17.15.3", "34.3")


def _room_clause(ship: int) -> str:
    """17.15.5–17.15.8: the clause that sets how many ABs the ship carries (an ABS: no limit)."""
    st = _STATIC
    room = _tables()[0][st.counter_unit[ship]]
    if room is None:
        return "17.15.8"
    return PRINTED_CAPACITY.get(st.unit_id(ship), (room, "17.15.2"))[1]


ROOM = tuple(_tables()[0][unit] for unit in _STATIC.counter_unit)
"""Per counter, how many ABs it carries (``None``: any number, 17.15.8)."""
LOAD_CLAUSES = tuple(
    tuple(tuple((*_whose_clause(carrier, rider), _room_clause(i)) for rider in range(7)) for carrier in range(7))
    if _tables()[2][unit]
    else ()
    for i, unit in enumerate(_STATIC.counter_unit)
)
"""Per ship counter, the country that owns it and the country of the AB it takes aboard, the
clauses a load cites beside 17.15.1 (:func:`_whose_clause`, :func:`_room_clause`): worked out
once, not per load."""


def depart(s: State, country: int) -> None:
    """B-54 (B-15): characters that would be left with no unit they may be with go aboard; one the
    ship may not carry goes to the nearest such unit after the move (B-23)."""
    ship = s.ship
    here = s.where[ship]
    leaving = [ship, *s.cargo]
    owner = s.owner
    staying = {owner[i] for i in counters_at(s, here) if i not in leaving}
    ok = riders(s.owner[ship])
    later: list[tuple[Any, ...]] = []
    for k in characters_in(s.char_at, here):
        if k in s.crew:
            continue
        c = serving_country(s, k)
        if not staying.isdisjoint(hosts(c)):
            continue
        if c in ok and k not in s.chars_moved:
            s.crew += (k,)
            s.say("B-54", "goes_along", ("char", k), ("hex", here))
        else:
            later.append(("place_near", k, here, "B-54"))
    if later:
        s.push(*later)  # (after the move)
    task_step_ask(s, country)


# ---- the "step" decision: hex by hex (17.4–17.6, 17.12–17.14) --------------------------------


def _hostile(s: State, country: int, hexes: Iterable[int]) -> set[int]:
    """17.6 (B-21): which of ``hexes`` hold a counter of the other camp (buildings included)."""
    camp = _STATIC.camp
    mine = camp[country]
    owner = s.owner
    stacks = s.stacks
    hostile = set()  # (plain loops: an any() of a generator per hex costs more than the scan)
    for h in hexes:
        for i in stacks[h]:
            if camp[owner[i]] != mine:
                hostile.add(h)
                break
    return hostile


def task_step_ask(s: State, country: int) -> None:
    """The ship goes on while it can; its move ends by itself when no hex is left (B-57)."""
    if not _ask_unless_only(s, "step", country):
        finish_move(s, country)


def legal_step(s: State) -> tuple[tuple[Any, ...], ...]:
    """The steps into the hexes next to the moving ship that it may enter with the points it has
    left, then ``STOP`` (("stop",) sorts after every ("step", …)). A hex costs 1 point, or 2
    holding the other camp (17.5, 17.6): with two left every hex the ship may enter is within
    reach, and which are hostile matters only with one."""
    ship = s.ship
    country = s.owner[ship]
    hexes, steps = opening(s, country, _STATIC.counter_unit[ship], tuple(s.status), s.where[ship])
    mp = s.mp
    if mp >= 2:
        return steps
    if mp < 1 or not hexes:
        return (STOP,)
    hostile = _hostile(s, country, hexes)
    if not hostile:
        return steps
    return (*[STEP[n] for n in hexes if n not in hostile], STOP)


def apply_step(s: State, action: tuple[Any, ...], pending: tuple[Any, ...]) -> None:
    country = pending[2]
    if action[0] == "stop":
        finish_move(s, country)
        return
    to = action[1]
    cost = 1
    camp = _STATIC.camp
    mine = camp[country]
    owner = s.owner
    for i in s.stacks[to]:  # (_hostile's test of one hex, without a list and a set)
        if camp[owner[i]] != mine:
            cost = 2  # 17.6
            break
    s.mp -= cost
    if s.cargo:
        s.move_together((s.ship, *s.cargo), to)
    else:
        s.set_where(s.ship, to)
    for k in s.crew:
        s.char_at[k] = to
    also = entry_clauses(s, country, _STATIC.counter_unit[s.ship], to)
    s.cite("17.6" if cost > 1 else "17.5", also, "step", HEX_ARG[to], MP_ARG[s.mp])
    if to in _STATIC.kustanga:
        # 17.14.3: the move ends at once; 17.14.4: a die at its end (B-24).
        ship = s.ship
        finish_move(s, country)
        s.say("17.14.3", "kustanga_stop", ("hex", to))
        s.chance = ("kustanga", ship)
        return
    # asked again at once, by the seat it was asked by (task_step_ask's question)
    if not s.ask_if_choice("step", pending[1], country):
        finish_move(s, country)


def finish_move(s: State, country: int) -> None:
    """B-20: the ship sets its load down where it stopped; none of it moves again this phase."""
    ship = s.ship
    s.say("17.1", "ship_stops", COUNTRY_ARG[country], UNIT_ARG[_STATIC.counter_unit[ship]], HEX_ARG[s.where[ship]])
    s.moved += s.cargo
    s.chars_moved += s.crew
    s.ship = -1
    s.mp = 0
    s.cargo = ()
    s.crew = ()


def chance_kustanga(s: State, action: tuple[Any, ...], ship: int) -> None:
    """17.14.4: a 6 flips the Zelana (no effect if it is already flipped)."""
    die = action[1]
    s.say("17.14.4", "kustanga_die", ("die", die))
    if die == 6 and not s.flipped[ship]:
        s.flipped[ship] = 1
        s.say("17.14.4", "kustanga_flip", ("unit", _STATIC.counter_unit[ship]), ("hex", s.where[ship]))


# ---- why a movement choice is refused (the clause that forbids it, for the error message) -----

Refusal = tuple[str, str] | None
"""(clause, why), or ``None`` when no movement clause names the fault (the decision's clause is
cited then)."""

def entry_refusal(s: State, country: int, unit: int, h: int) -> Refusal:
    """Why a ship of ``country`` (of unit ``unit``) may not enter hex ``h``: the clause of
    :func:`may_enter` that forbids it (``None`` when it may enter)."""
    st = _STATIC
    if h in st.kustanga and unit != _tables()[3]:
        return "17.14.1", "only the Zelana enters the Kustanga hills (17.14.2)"
    land = st.nation[h]
    if land == country:
        return None
    status = s.status
    if status[country] != WAR:
        return "17.12", "a country not at war moves only in its own land"
    if land < 0 or status[land] == WAR or status[land] == COLLAPSED:
        return None
    if country == ZELANA and st.camp[land] == SHEELA_CAMP:
        return None
    if country == DRAKE and land == AH:
        if st.t.map.grid.distance(h, st.elf_castle) >= 3:
            return None
        return "28.4", "before war with Ah, Drake's army enters Ah's land only 3 or more hexes from the Elf Castle"
    return "17.13", "nobody enters the land of a country not at war"


def entry_clauses(s: State, country: int, unit: int, h: int) -> tuple[str, ...]:
    """The clauses of :func:`may_enter` that open hex ``h`` to a ship that enters it (cited by
    the step): 17.14.2 (the Zelana in the Kustanga hills), 17.12 (a country not at war, in its own
    land), 17.13 (the land of another country, at war), 34.6 (the Zelana in Sheela-camp land),
    28.4 (Drake's army in Ah's land, far enough from the Elf Castle); none for land of no nation
    or of a collapsed country (B-3)."""
    st = _STATIC
    out: tuple[str, ...] = ("17.14.2",) if h in st.kustanga else ()
    land = st.nation[h]
    status = s.status
    if status[country] != WAR:
        return (*out, "17.12")
    if land < 0 or land == country or status[land] == COLLAPSED:
        return out
    if status[land] == WAR:
        return (*out, "17.13")
    return (*out, "34.6" if country == ZELANA else "28.4")


def _int_at(action: tuple[Any, ...], n: int, size: int) -> bool:
    """Whether ``action`` has ``n`` arguments after its verb, the first a number below ``size``."""
    return len(action) == n + 1 and type(action[1]) is int and 0 <= action[1] < size


def refuse_move(s: State, action: tuple[Any, ...]) -> Refusal:
    """17.1–17.3, 17.7–17.11, B-53, B-57: why ("ship", unit, hex, face) may not move now."""
    assert s.pending is not None
    st = _STATIC
    country, kind = s.pending[2], s.pending[3]
    if action[:1] != ("ship",) or not _int_at(action, 3, len(st.unit_ids)):
        return None
    unit, h, flipped = action[1:]
    if not _tables()[2][unit]:
        if st.unit_kind[unit] == "AB":
            return "17.2", "an AB moves only aboard a ship"
        return "17.3", "a building never moves"
    if not ship_allowed(kind, country, unit):
        return KIND_CLAUSE[kind], "this phase's chit does not move that ship"
    here = [
        i
        for i in st.unit_counters[unit]
        if s.where[i] == h and s.owner[i] == country and s.flipped[i] == flipped
    ]
    if not here:
        return "17.1", "the country has no such ship there"
    if all(i in s.moved for i in here):
        return "B-53", "that ship has moved in this phase already"
    return "B-57", "no hex next to that ship may be entered"


def refuse_load(s: State, action: tuple[Any, ...]) -> Refusal:
    """17.15.2–17.15.8, B-53: why an AB or a character may not go aboard the moving ship."""
    st = _STATIC
    ship = s.ship
    carrier = s.owner[ship]
    ok = riders(carrier)
    if action[:1] == ("board",) and _int_at(action, 1, len(st.char_ids)):
        k = action[1]
        if s.char_at[k] != s.where[ship] or k in s.crew:
            return None
        if serving_country(s, k) not in ok:
            return "17.15.2", "a ship carries its own country's characters (17.15.3, 17.15.4 for the Zelana's)"
        return ("B-53", "that character has been carried in this phase already") if k in s.chars_moved else None
    if action[:1] != ("load",) or len(action) != 4 or type(action[1]) is not int:
        return None
    if action[1] not in ok:
        return "17.15.2", "a ship carries its own country's ABs (17.15.3, 17.15.4 for the Zelana's)"
    room = _tables()[0][st.counter_unit[ship]]
    if room is not None and len(s.cargo) >= room:
        clause = PRINTED_CAPACITY.get(st.unit_id(ship), (room, "17.15.2"))[1]
        return clause, f"the ship carries at most {room} ABs"
    return None


def refuse_step(s: State, action: tuple[Any, ...]) -> Refusal:
    """17.4–17.6, 17.12–17.14.2, 28.4, 34.6: why the moving ship may not enter a hex."""
    st = _STATIC
    grid = st.t.map.grid
    if action[:1] in (("load",), ("board",)):
        return _late_load(s, action)
    if action[:1] != ("step",) or not _int_at(action, 1, grid.size):
        return None
    to = action[1]
    ship = s.ship
    country = s.owner[ship]
    if to not in grid.adjacency[s.where[ship]]:
        return "17.5", "a ship enters a hex next to the one it is in"
    refusal = entry_refusal(s, country, st.counter_unit[ship], to)
    if refusal is not None:
        return refusal
    cost = 2 if _hostile(s, country, [to]) else 1
    if cost > s.mp:
        return ("17.6" if cost > 1 else "17.4"), f"entering costs {cost} MP and the ship has {s.mp} left"
    return None


def _late_load(s: State, action: tuple[Any, ...]) -> Refusal:
    """17.15.2–17.15.8, B-20: why an AB or a character may not go aboard once loading is over (the
    ship was full, or nothing else could board, so the game went on to its steps): the clause
    that would refuse it in the start hex (a seventh AB on a Namwan: 17.15.5), else B-20."""
    if s.mp == MOVEMENT_POINTS:
        refusal = refuse_load(s, action)
        if refusal is not None:
            return refusal
    return "B-20", "ABs and characters go aboard in the ship's start hex, before it moves"


TASKS = {
    "move_ask": task_move_ask,
    "load_ask": task_load_ask,
    "step_ask": task_step_ask,
    "chance_kustanga": chance_kustanga,
}
DECISIONS = {
    "move": (legal_move, apply_move, "17.1"),
    "load": (legal_load, apply_load, "17.15.2"),
    "step": (legal_step, apply_step, "17.5"),
}
REFUSALS = {"move": refuse_move, "load": refuse_load, "step": refuse_step}
