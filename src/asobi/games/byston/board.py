"""The game's fixed numbering of everything the state keeps per item, and queries on a state.

The state keeps flat lists indexed by number: one entry per counter (about 200), per character,
per country, per chit type. :func:`static` numbers them once from the authored tables: the
counters of one country and one machine or building are a contiguous range, so "how many Drumlo
does Drake have in its factory box" is a scan of a few entries. Nothing here changes a state.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from operator import itemgetter
from typing import TYPE_CHECKING, Any

from .tables import COUNTRIES, Tables, tables

if TYPE_CHECKING:
    from .types import State

# Countries, in the order of play (2.9, B-2).
DRAKE, KU, RAU, NA, AH, MI, ZELANA = range(7)
SHEET_COUNTRIES = (DRAKE, KU, RAU, NA, AH, MI)
"""Countries with a management sheet: GP, TL, a factory box (the Zelana has none, B-7)."""
NEXT_SHEET = tuple(
    SHEET_COUNTRIES[SHEET_COUNTRIES.index(c) + 1] if c in SHEET_COUNTRIES[:-1] else -1 for c in range(7)
)
"""Per country with a sheet: the next one in the order of play (−1 after the last), whom a
management phase asks when it is done."""

SEATINGS: dict[int, tuple[tuple[str, ...], tuple[int, ...]]] = {
    # players → (seat names, the seat of each country Drake, Ku, Rau, Na, Ah, Mi; the Zelana's is
    # worked out each time, B-1)
    4: (("drake", "ku", "rau", "na"), (0, 1, 2, 3, 3, 3)),
    3: (("drake_camp", "rau", "na"), (0, 0, 1, 2, 2, 2)),
    2: (("drake_camp", "sheela_camp"), (0, 0, 1, 1, 1, 1)),
}
"""1.2 and B-1: who runs which country for 2, 3 and 4 players."""

# Camps (3.1–3.3).
DRAKE_CAMP, SHEELA_CAMP = 0, 1

# Country states (3.4) and collapse (35).
NEUTRAL, ARMED, WAR, COLLAPSED = 0, 1, 2, 3
STATE_NAMES = ("neutral", "armed", "war", "collapsed")

# Where a counter is: a hex index (0 …), or one of these.
SUPPLY = -1
"""Not yet in play: the component's spare counters (9.5, B-9)."""
BOX = -2
"""In its country's factory box (8.3)."""
GONE = -3
"""Out of the game (35.2, 35.3, B-7)."""
OFF_MAP = (SUPPLY, BOX, GONE)

# Where a character is: a hex index, or one of these.
NOT_ENTERED = -1
CUP = -2
"""Lightly wounded, in the cup (26.2.3, 14.3)."""
HEAVY = -3
"""Heavily wounded, in the 重傷者 box (26.2.4)."""
DEAD = -4
"""Removed from the game (26.2.5)."""
LEFT = -5
"""On leave (Bern, Todd ①: 26.2.5, B-16)."""
GROWN = -6
"""Exchanged for its next version (26.2.1)."""

# Milestones: the turn something first happened (0: not yet). The rules' "from the turn (after) X".
TL7_DRAKE, TL7_KU = 0, 1
MADE_GEA_GRING, MADE_GORAON, MADE_BILLBINE = 2, 3, 4
MADE_WILL_WIPPS, MADE_ZWARTH, MADE_VIERRES, MADE_BUBULY = 5, 6, 7, 8
ELF_CASTLE_BUILT = 9
TODD_WOUNDED = 10
RIMMEL_ENTERED = 11
MILESTONES = 12
WAR_SINCE = 12
"""``marks[WAR_SINCE + country]``: the turn the country went to war (0: at the start or never —
read with its state)."""
N_MARKS = WAR_SINCE + 7

MADE_MARK = {
    "gea_gring": MADE_GEA_GRING,
    "goraon": MADE_GORAON,
    "billbine": MADE_BILLBINE,
    "will_wipps": MADE_WILL_WIPPS,
    "zwarth": MADE_ZWARTH,
    "vierres": MADE_VIERRES,
    "bubuly": MADE_BUBULY,
}
"""Machines whose first production a rule waits for (29.3, 30.2, 31.3, 13.3.2–13.3.4, 13.3.9)."""


@dataclass(frozen=True)
class Static:
    """Everything numbered once: counters, characters, chits, and the map facts the rules use."""

    t: Tables
    country_ids: tuple[str, ...]
    camp: tuple[int, ...]
    unit_ids: tuple[str, ...]
    """Every machine and building id; ``unit_of`` holds indices into this."""
    unit_kind: tuple[str, ...]
    """"AB", "AS", "ABS", "castle" or "fort", per unit id index."""
    counter_unit: tuple[int, ...]
    counter_country: tuple[int, ...]
    ranges: dict[tuple[int, int], range]
    """(country, unit index) → its counters."""
    ranges_of: tuple[range, ...]
    """Per country: all its counters (contiguous, in the order of play)."""
    versions: dict[str, tuple[int, ...]]
    """Per person: the characters that are its versions (①②③), in character order."""
    printed_owner: tuple[int, ...]
    """``counter_country``: a state's ``owner`` is this very tuple while no counter has changed
    hands (35.3), so ``owner is printed_owner`` says so at once."""
    char_ids: tuple[str, ...]
    char_country: tuple[int, ...]
    chit_ids: tuple[str, ...]
    chit_country: tuple[int, ...]
    chit_kind: tuple[str, ...]
    rase_wau: int
    elf_castle: int
    kiron_castle: int
    rian_coast: int
    karakara: frozenset[int]
    kustanga: frozenset[int]
    nation: tuple[int, ...]
    """Each hex's land owner as a country index, −1 for no nation's land."""
    income_hexes: tuple[int, ...]
    income_hex_set: frozenset[int]
    unit_number: dict[str, int]
    char_number: dict[str, int]
    building_counters: tuple[int, ...]
    """Every castle and fort counter, in counter order."""
    unit_counters: tuple[tuple[int, ...], ...]
    """Per unit index: every counter of that unit (all countries), in counter order."""
    is_building_counter: tuple[bool, ...]
    """Per counter: whether it is a castle or a fort."""
    groups: tuple[range, ...]
    """Every group of counters alike — one country's counters of one unit, a contiguous range (the
    values of ``ranges``) — in counter order: a state counts each group's counters by place."""
    group_of: tuple[int, ...]
    """Per counter: its group."""
    group_number: dict[tuple[int, int], int]
    """(country, unit index) → its group."""
    groups_of: tuple[range, ...]
    """Per country: its groups (contiguous, as its counters are)."""

    def unit_index(self, unit_id: str) -> int:
        return self.unit_number[unit_id]

    def char_index(self, char_id: str) -> int:
        return self.char_number[char_id]

    def chit_index(self, chit_id: str) -> int:
        return self.chit_ids.index(chit_id)

    def counters_of(self, country: int, unit_id: str) -> range:
        return self.ranges.get((country, self.unit_number[unit_id]), _EMPTY)

    def is_ship(self, counter: int) -> bool:
        return self.unit_kind[self.counter_unit[counter]] in ("AS", "ABS")

    def is_building(self, counter: int) -> bool:
        return self.unit_kind[self.counter_unit[counter]] in ("castle", "fort")

    def kind(self, counter: int) -> str:
        return self.unit_kind[self.counter_unit[counter]]

    def unit_id(self, counter: int) -> str:
        return self.unit_ids[self.counter_unit[counter]]


@cache
def static() -> Static:
    t = tables()
    unit_ids = (*t.machines, *t.buildings)
    unit_kind = tuple(t.machines[u].kind if u in t.machines else u for u in unit_ids)
    counter_unit: list[int] = []
    counter_country: list[int] = []
    ranges: dict[tuple[int, int], range] = {}
    for c, cid in enumerate(COUNTRIES):
        for unit, kind in t.countries[cid].counters.items():
            u = unit_ids.index(unit)
            lo = len(counter_unit)
            counter_unit.extend([u] * kind.count)
            counter_country.extend([c] * kind.count)
            ranges[(c, u)] = range(lo, len(counter_unit))
    m = t.map
    return Static(
        t=t,
        country_ids=COUNTRIES,
        camp=tuple(DRAKE_CAMP if t.countries[c].camp == "drake" else SHEELA_CAMP for c in COUNTRIES),
        unit_ids=unit_ids,
        unit_kind=unit_kind,
        counter_unit=tuple(counter_unit),
        counter_country=tuple(counter_country),
        ranges=ranges,
        printed_owner=tuple(counter_country),
        versions={
            person: tuple(k for k, ch in enumerate(t.characters.values()) if ch.person == person)
            for person in dict.fromkeys(ch.person for ch in t.characters.values())
        },
        ranges_of=tuple(
            range(counter_country.index(c), len(counter_country) - counter_country[::-1].index(c))
            if c in counter_country
            else range(0)
            for c in range(len(COUNTRIES))
        ),
        char_ids=tuple(t.characters),
        char_country=tuple(COUNTRIES.index(ch.country) for ch in t.characters.values()),
        chit_ids=tuple(t.chits),
        chit_country=tuple(COUNTRIES.index(ch.country) for ch in t.chits.values()),
        chit_kind=tuple(ch.kind for ch in t.chits.values()),
        rase_wau=m.place_hex("rase_wau"),
        elf_castle=m.place_hex("elf_castle"),
        kiron_castle=m.place_hex("kiron_castle"),
        rian_coast=m.place_hex("rian_coast"),
        karakara=frozenset(m.place_hexes("karakara")),
        kustanga=frozenset(m.place_hexes("kustanga")),
        nation=tuple(COUNTRIES.index(n) if n else -1 for n in m.nation_of),
        income_hexes=tuple(h.index for h in m.hexes if h.income),
        income_hex_set=frozenset(h.index for h in m.hexes if h.income),
        unit_number={u: k for k, u in enumerate(unit_ids)},
        char_number={c: k for k, c in enumerate(t.characters)},
        building_counters=tuple(i for i, u in enumerate(counter_unit) if unit_kind[u] in ("castle", "fort")),
        unit_counters=tuple(
            tuple(i for i, x in enumerate(counter_unit) if x == u) for u in range(len(unit_ids))
        ),
        is_building_counter=tuple(unit_kind[u] in ("castle", "fort") for u in counter_unit),
        groups=tuple(ranges.values()),
        group_of=tuple(g for g, r in enumerate(ranges.values()) for _ in r),
        group_number={key: g for g, key in enumerate(ranges)},
        groups_of=tuple(
            range(min(gs), max(gs) + 1) if gs else range(0)
            for c in range(len(COUNTRIES))
            for gs in ([g for g, (d, _u) in enumerate(ranges) if d == c],)
        ),
    )


_EMPTY = range(0)


def items_at(indices: tuple[int, ...]) -> Callable[[list[Any]], tuple[Any, ...]]:
    """A function giving the items of a list at ``indices``, as a tuple, in one call into C (say
    the stacks of some hexes; ``itemgetter`` of one index gives the item itself, of none fails:
    those are made by hand)."""
    if len(indices) > 1:
        return itemgetter(*indices)
    return lambda items: tuple([items[i] for i in indices])


# --- queries on a state ----------------------------------------------------------------------


def stacks_of(where: list[int]) -> list[tuple[int, ...]]:
    """Per hex, the counters on it in counter order: the index a state keeps as ``stacks``
    (built from scratch here; :meth:`BystonState.set_where` keeps it in step)."""
    stacks: list[tuple[int, ...]] = [()] * static().t.map.grid.size
    for i, at in enumerate(where):
        if at >= 0:
            stacks[at] += (i,)
    return stacks


def counts_of(where: list[int]) -> tuple[list[int], list[int], list[int]]:
    """Per group of counters (``Static.groups``), how many are on the map, in the factory box
    and in the supply: the counts a state keeps as ``on_map_n``, ``in_box_n`` and
    ``in_supply_n`` (counted from scratch here; :meth:`BystonState.set_where` keeps them)."""
    st = static()
    counts: tuple[list[int], list[int], list[int]] = ([], [], [])
    on_map, boxed, spare = counts
    for r in st.groups:
        places = where[r.start : r.stop]
        on_map.append(sum(1 for at in places if at >= 0))
        boxed.append(places.count(BOX))
        spare.append(places.count(SUPPLY))
    return counts


def counters_at(s: State, hex_index: int) -> tuple[int, ...]:
    """The counters on a hex, in counter order."""
    return s.stacks[hex_index]


def building_at(s: State, hex_index: int) -> int:
    """The building counter on a hex, or −1 (12.6: at most one)."""
    is_building = _STATIC.is_building_counter
    for i in s.stacks[hex_index]:
        if is_building[i]:
            return i
    return -1


def in_box(s: State, country: int, unit_id: str) -> list[int]:
    """The country's counters of a unit in its factory box."""
    where = s.where
    return [i for i in static().counters_of(country, unit_id) if where[i] == BOX]


def in_supply(s: State, country: int, unit_id: str) -> list[int]:
    where = s.where
    return [i for i in static().counters_of(country, unit_id) if where[i] == SUPPLY]


def on_map(s: State, country: int, unit_id: str) -> list[int]:
    where = s.where
    return [i for i in static().counters_of(country, unit_id) if where[i] >= 0]


def camp_of(country: int) -> int:
    return static().camp[country]


def is_at_war(s: State, country: int) -> bool:
    return s.status[country] == WAR


def character_hex(s: State, person: str) -> int:
    """The hex of a person (any version) on the map, or the location code of the latest version
    not on the map (B-15): ``CUP``/``HEAVY`` while wounded, ``DEAD``/``LEFT`` once out."""
    found = NOT_ENTERED
    char_at = s.char_at
    for k in static().versions.get(person, ()):
        at = char_at[k]
        if at >= 0:
            return at
        if at != GROWN and at != NOT_ENTERED:
            found = at
    return found


def ask_in_order_of_play(s: State, kind: str, country: int) -> None:
    """A management phase's question ``kind`` put to ``country``, or to the next in the order of
    play (2.9, B-2) with a choice to make: a country that has collapsed, or whose one choice is to
    pass (public), is passed over. After the last, nothing is asked: the phase's next task runs."""
    seats = SEATINGS[s.players][1]  # (a country with a sheet has its seat by the seating: 1.2, B-1)
    while country >= 0:
        if s.status[country] != COLLAPSED and s.ask_if_choice(kind, seats[country], country):
            return
        country = NEXT_SHEET[country]


def characters_in(char_at: list[int], h: int) -> list[int]:
    """The characters in hex ``h`` (``char_at`` a state's), in character order, found by
    ``count`` and ``index`` rather than a walk of them all: a hex holds a few of the 36 at most."""
    n = char_at.count(h)
    if not n:
        return []
    k = char_at.index(h)
    chars = [k]
    while len(chars) < n:
        k = char_at.index(h, k + 1)
        chars.append(k)
    return chars


def own_unit_hexes(s: State, country: int) -> list[int]:
    """Hexes holding a counter of the country (13.2, 14.10: where its characters may be placed)."""
    return sorted(owned_hexes(s, country))


def holds_two(s: State, country: int) -> bool:
    """Whether ``country`` owns at least two counters on the map (B-51: a country never destroys
    its last counter on the map)."""
    if owns_just_its_own(s, country):
        groups = _STATIC.groups_of[country]
        return sum(s.on_map_n[groups.start : groups.stop]) >= 2
    return len(owned_on_map(s, country)) >= 2


def owned_on_map(s: State, country: int) -> list[int]:
    """The counters on the map ``country`` owns, in counter order. Counters change hands only
    as remnants (35.3): a country's range whose owners are all as printed is skipped at once."""
    st = static()
    where = s.where
    owner = s.owner
    printed = st.printed_owner
    out: list[int] = []
    for d, r in enumerate(st.ranges_of):
        lo, hi = r.start, r.stop
        if owner[lo:hi] == printed[lo:hi]:
            if d == country:
                out.extend([i for i in r if where[i] >= 0])
        else:
            out.extend([i for i in r if owner[i] == country and where[i] >= 0])
    return out


def owned_hexes(s: State, country: int) -> set[int]:
    """The hexes holding a counter ``country`` owns."""
    st = static()
    where = s.where
    owner = s.owner
    printed = st.printed_owner
    if owner is printed:
        mine = st.ranges_of[country]
        # Sorted, its places on the map are the last ones (off the map is negative): only those
        # are hashed (a set of ints past 256 compares each one that collides).
        places = where[mine.start : mine.stop]
        places.sort()
        return set(places[bisect_left(places, 0) :])
    else:
        hexes = set()
        for d, r in enumerate(st.ranges_of):
            lo, hi = r.start, r.stop
            if owner[lo:hi] == printed[lo:hi]:
                if d == country:
                    hexes.update(where[lo:hi])
            else:
                hexes.update([where[i] for i in r if owner[i] == country])
    hexes.difference_update(OFF_MAP)
    return hexes


def owns_just_its_own(s: State, country: int) -> bool:
    """Whether the counters ``country`` owns are exactly the ones printed in its colour (no
    remnants changed hands, 35.3), so a scan of its own range finds all of them."""
    owner = s.owner
    st = _STATIC
    printed = st.printed_owner
    if owner is printed:  # no counter changed hands (the usual case): shared, not compared
        return True
    for d, r in enumerate(st.ranges_of):
        lo, hi = r.start, r.stop
        owners = owner[lo:hi]
        if owners != printed[lo:hi] and (d == country or country in owners):
            return False
    return True


def find_counter(s: State, owner: int, unit: int, hex_index: int, flipped: int) -> int:
    """The first counter of ``owner`` and ``unit`` on a hex with that face. Counters alike in all
    four are interchangeable, so actions name them by these and not by number (a player cannot
    tell two face-up Drumlo in one hex apart)."""
    where = s.where
    st = _STATIC
    # While no counter has changed hands (35.3), the owner's counters of the unit are its range.
    counters = st.ranges.get((owner, unit), _EMPTY) if s.owner is st.printed_owner else st.unit_counters[unit]
    for i in counters:
        if where[i] == hex_index and s.owner[i] == owner and s.flipped[i] == flipped:
            return i
    raise AssertionError("no such counter")


_STATIC = static()
"""The numbering, read as a global by the helpers the rules call every step (a call of the cached
``static()`` costs more)."""
