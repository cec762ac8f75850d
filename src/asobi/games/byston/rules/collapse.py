"""National collapse (35, B-35, B-90–B-93): each country's condition is checked after every step of
combat damage and after a building is pulled down, and a country that meets it collapses at once.

- Ah with its Elf Castle (33.4), Mi with its Kiron Castle and Pinegan (32.4): everything leaves the
  game (35.2).
- Ku with Bishot (29.4): its units leave the game, its characters go to the nearest hex with a
  Drake's-army ship and serve Drake from then on (35.4).
- Rau with Foizon, Elle, the Goraon and every castle in its land (30.5), Na with Sheela, the Gran
  Garan and every castle in its land (31.5): the factory box leaves the game, the units on the map
  become the other's remnants (35.3), its characters serve the other.

Drake's own end (28.8) is the end of the game (27.3, ``BystonState.stopped``). A character's
country is fixed in the data; :func:`serving_country` gives the one it serves after 35.3 or 35.4.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..board import (
    AH,
    BOX,
    COLLAPSED,
    CUP,
    DEAD,
    DRAKE,
    GONE,
    HEAVY,
    KU,
    MI,
    NA,
    NOT_ENTERED,
    RAU,
    building_at,
    static,
)

if TYPE_CHECKING:
    from ..types import State

NAMED_CASTLES = ((MI, "kiron_castle", "32.4"), (AH, "elf_castle", "33.4"))

HEIR = {KU: DRAKE, RAU: NA, NA: RAU}
"""35.3, 35.4: who takes over a collapsed country's characters (and Rau's and Na's map units)."""

LEADERS: tuple[tuple[int, tuple[str, ...], tuple[str, ...], bool, str], ...] = (
    # country, its characters and units that must all be removed, whether its castles count, clause
    (KU, ("bishot",), (), False, "29.4"),
    (RAU, ("foizon", "elle"), ("goraon",), True, "30.5"),
    (NA, ("sheela",), ("gran_garan",), True, "31.5"),
)

_NO_ROLE = -1
"""combat.NO_ROLE (a character riding nothing); combat imports this module, so not from there."""


def serving_country(s: State, k: int) -> int:
    """The country character ``k`` serves: its own, or after its country's collapse the heir's —
    Ku's characters Drake's (35.4), Rau's Na's and Na's Rau's (35.3, B-92) — while the heir stands."""
    country = _STATIC.char_country[k]
    heir = HEIR.get(country)  # (country_served's test, without a second call)
    if heir is not None and s.status[country] == COLLAPSED and s.status[heir] != COLLAPSED:
        return heir
    return country


def country_served(s: State, country: int) -> int:
    """The country the characters of ``country`` serve (:func:`serving_country`)."""
    heir = HEIR.get(country)
    if heir is not None and s.status[country] == COLLAPSED and s.status[heir] != COLLAPSED:
        return heir
    return country


def _in_play(at: int) -> bool:
    """B-35: on the map, in the cup or in the 重傷者 box; anything else is "removed"."""
    return at >= 0 or at in (CUP, HEAVY)


def condition_met(s: State, country: int, chars: tuple[str, ...], units: tuple[str, ...], castles: bool) -> bool:
    """29.4, 30.5, 31.5 (B-35, B-90): each named character out of play, no counter of each named
    unit of the country on the map, and no castle (城塞, not a fort) of the country in its land."""
    st = static()
    return _met(
        s,
        country,
        tuple(st.char_index(c) for c in chars),
        tuple(st.counters_of(country, unit) for unit in units),
        castles,
    )


def _met(s: State, country: int, chars: tuple[int, ...], units: tuple[range, ...], castles: bool) -> bool:
    """:func:`condition_met` with the characters and the units' counters by number."""
    char_at = s.char_at
    for k in chars:
        at = char_at[k]
        if at >= 0 or at in (CUP, HEAVY):  # in play (B-35): the usual answer, at once
            return False
    where = s.where
    owner = s.owner
    for counters in units:
        for i in counters:
            if where[i] >= 0 and owner[i] == country:
                return False
    if castles:
        nation = static().nation
        for i in CASTLE_COUNTERS:  # any colour: remnants change hands (35.3)
            at = where[i]
            if at >= 0 and owner[i] == country and nation[at] == country:
                return False
    return True


def task_collapse_check(s: State) -> None:
    status = s.status
    for country, h, clause in NAMED_CASTLE_HEXES:
        if status[country] == COLLAPSED:
            continue
        b = building_at(s, h)
        if b >= 0 and s.owner[b] == country and b in CASTLES:
            continue
        collapses(s, country, clause)
        remove_country(s, country)
    char_at = s.char_at
    for country, chars, units, castles, clause in LEADER_COUNTERS:
        if status[country] == COLLAPSED:
            continue
        for k in chars:
            if char_at[k] >= 0 or char_at[k] in (CUP, HEAVY):
                break  # a named character in play (B-35): it stands (the usual answer, had without a call)
        else:
            if _met(s, country, chars, units, castles):
                _leader_lost(s, country, clause)


def collapses(s: State, country: int, clause: str) -> None:
    """35: the country collapses (``clause`` the condition met). What production kept of a
    country's listing to hand on (``produce_kept``) is dropped: counters and chits are about to
    leave the game or change hands."""
    s.status[country] = COLLAPSED
    s.say(clause, "collapsed", ("country", country))
    s.produce_kept = None


def _leader_lost(s: State, country: int, clause: str) -> None:
    """29.4, 30.5, 31.5: the country collapses; 35.4 for Ku, 35.3 for Rau and Na."""
    collapses(s, country, clause)
    if country == KU:
        _ku_collapses(s)
    else:
        _remnants(s, country)


_STATIC = static()
"""The numbering, read as a global where the check runs after every destruction."""
NAMED_CASTLE_HEXES = tuple((c, static().t.map.place_hex(place), clause) for c, place, clause in NAMED_CASTLES)
LEADER_COUNTERS = tuple(
    (
        country,
        tuple(static().char_index(c) for c in chars),
        tuple(static().counters_of(country, unit) for unit in units),
        castles,
        clause,
    )
    for country, chars, units, castles, clause in LEADERS
)
CASTLE_COUNTERS = static().unit_counters[static().unit_index("castle")]
CASTLES = frozenset(CASTLE_COUNTERS)
"""NAMED_CASTLES and LEADERS with hexes, characters and counters by number (looked up once: the
check runs after every destruction)."""


def remove_country(s: State, country: int) -> None:
    """35.2: every unit of the country on the map and in its factory box leaves the game, its
    characters (32.4: Pinegan with the Kiron Castle) and its chits too (B-35)."""
    st = static()
    _units_leave(s, country, on_map=True)
    for k, at in enumerate(s.char_at):
        if st.char_country[k] == country and (at >= 0 or at in (CUP, HEAVY)):
            s.char_at[k] = DEAD
    _chits_leave(s, country)
    s.say("35.2", "left_the_game", ("country", country))


def _units_leave(s: State, country: int, on_map: bool) -> None:
    """The country's counters in its factory box (and ``on_map``, on the map) leave the game, in
    counter order: those of its range while no counter has changed hands (35.3), else any."""
    where = s.where
    owner = s.owner
    st = _STATIC
    for i in st.ranges_of[country] if owner is st.printed_owner else range(len(where)):
        at = where[i]
        if owner[i] == country and (at == BOX or (on_map and at >= 0)):
            s.set_where(i, GONE)
            s.flipped[i] = 0


def _chits_leave(s: State, country: int) -> None:
    for k, owner in enumerate(static().chit_country):
        if owner == country:
            s.chit_cup[k] = 0


def _never_enter(s: State, country: int) -> None:
    """B-92: a collapsed country's characters not yet in play never enter (their entries, 13.3,
    belong to the country)."""
    st = static()
    for k, at in enumerate(s.char_at):
        if st.char_country[k] == country and at == NOT_ENTERED:
            s.char_at[k] = DEAD


def _ku_collapses(s: State) -> None:
    """35.4 (B-91): Ku's units on the map and in the box leave the game; each of its characters on
    the map goes to the nearest hex with a Drake's-army ship (its own hex first) and is Drake's from
    then on; wounded ones return to Drake's units as any wounded character does."""
    st = static()
    _units_leave(s, KU, on_map=True)
    _chits_leave(s, KU)
    s.say("35.4", "left_the_game", ("country", KU))
    _never_enter(s, KU)
    moves = [("defect", k, at) for k, at in enumerate(s.char_at) if st.char_country[k] == KU and at >= 0]
    s.push(*moves)


def task_defect(s: State, k: int, origin: int) -> None:
    """35.4, B-23: one Ku character to the nearest hex holding a ship of Drake's army (Drake's
    runner choosing among ties, with the characters' ``place`` decision); none on the map: it
    leaves the game."""
    st = static()
    if s.char_at[k] != origin:
        return  # moved meanwhile
    _dismount(s, k)
    where = s.where
    ships = {where[i] for i in range(len(where)) if s.owner[i] == DRAKE and where[i] >= 0 and st.is_ship(i)}
    hexes = st.t.map.grid.nearest(origin, ships)
    if not hexes:
        s.char_at[k] = DEAD
        s.say("B-23", "no_place", ("char", k))
    elif len(hexes) == 1:
        s.char_at[k] = hexes[0]
        s.say("35.4", "placed", ("char", k), ("hex", hexes[0]))
    else:
        s.ask("place", s.seat_of(DRAKE), k, "35.4", hexes)


def _dismount(s: State, k: int) -> None:
    """In a battle the unit it rode has left the game (or it leaves the hex): it rides nothing
    (B-73)."""
    if s.aboard[k] != _NO_ROLE:
        s.aboard = (*s.aboard[:k], _NO_ROLE, *s.aboard[k + 1 :])


def _remnants(s: State, country: int) -> None:
    """35.3 (B-35, B-92): the factory box leaves the game; the units on the map become the other
    country's remnants (out of the game once removed, ``combat._remove``) — or leave the game too
    if the other has collapsed already; the characters serve the other from now on."""
    st = static()
    heir = HEIR[country]
    _units_leave(s, country, on_map=s.status[heir] == COLLAPSED)
    _chits_leave(s, country)
    s.say("35.3", "box_left_the_game", ("country", country))
    _never_enter(s, country)
    if s.status[heir] == COLLAPSED:
        for k, at in enumerate(s.char_at):
            if st.char_country[k] in (country, heir) and _in_play(at):
                s.char_at[k] = DEAD
                _dismount(s, k)
        s.say("B-35", "left_the_game", ("country", country))
        return
    s.set_owners({i: heir for i, at in enumerate(s.where) if at >= 0 and s.owner[i] == country})
    s.say("35.3", "remnants", ("country", country), ("heir", heir))
    # B-1 (34.8): the Zelana is run by the partner that stands, whatever the seating chose.
    s.zelana_runner = st.country_ids[heir]
    s.say("B-1", "zelana_runner", ("country", heir))


TASKS = {"collapse_check": task_collapse_check, "defect": task_defect}
DECISIONS: dict[str, Any] = {}
