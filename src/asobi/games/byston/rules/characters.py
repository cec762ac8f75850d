"""The character phase (13.1–13.3.9, B-15, B-43) and placing a character anywhere with an own
unit (13.2, 14.10)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..board import (
    COLLAPSED,
    DEAD,
    DRAKE,
    ELF_CASTLE_BUILT,
    LEFT,
    MADE_BUBULY,
    MADE_VIERRES,
    MADE_WILL_WIPPS,
    MADE_ZWARTH,
    NOT_ENTERED,
    RIMMEL_ENTERED,
    TODD_WOUNDED,
    building_at,
    character_hex,
    characters_in,
    own_unit_hexes,
    static,
)
from .collapse import country_served, serving_country, task_collapse_check
from .move import hosts

if TYPE_CHECKING:
    from ..types import State

GONE_FOR_GOOD = (DEAD, LEFT)

# clause, who enters, the milestone, whether it is "the turn after" (13.3.5–13.3.7), where
# (a person's hex), the fallback if that person is out of the game, and a condition to wait for.
ENTRIES: tuple[tuple[str, str, int, bool, str, str, str], ...] = (
    ("13.3.1", "rimmel", ELF_CASTLE_BUILT, False, "nie", "", ""),
    ("13.3.2", "elle", MADE_WILL_WIPPS, False, "foizon", "abe", ""),
    ("13.3.3", "black_knight1", MADE_ZWARTH, False, "drake", "", "bern_left"),
    ("13.3.4", "todd2", MADE_VIERRES, False, "bishot", "", "todd1_left"),
    ("13.3.5", "allen1", TODD_WOUNDED, True, "@rase_wau", "", "rase_wau_castle"),
    ("13.3.6", "jeril1", TODD_WOUNDED, True, "@rase_wau", "", "rase_wau_castle"),
    ("13.3.7", "fei", TODD_WOUNDED, True, "@rase_wau", "", "rase_wau_castle"),
    ("13.3.8", "musiy1", RIMMEL_ENTERED, False, "shot", "@rase_wau", ""),
    ("13.3.9", "jabba", MADE_BUBULY, False, "shot", "@rase_wau", ""),
)


def _waits_for(s: State, condition: str) -> bool:
    """Whether an entry is still postponed (13.3.3–13.3.7)."""
    st = static()
    if condition == "bern_left":
        return s.char_at[st.char_index("bern")] != LEFT
    if condition == "todd1_left":
        return s.char_at[st.char_index("todd1")] != LEFT
    if condition == "rase_wau_castle":
        b = building_at(s, st.rase_wau)
        return b < 0 or st.kind(b) != "castle" or s.owner[b] != DRAKE  # B-43: Drake's castle
    return False


def _where(s: State, person: str, fallback: str) -> int | str | None:
    """The hex to enter at; ``"any"`` for 13.2's free choice (B-43); ``None`` to wait."""
    if person == "@rase_wau":
        return static().rase_wau
    at = character_hex(s, person)
    if at >= 0:
        return at
    if at in GONE_FOR_GOOD:
        if person == "nie":
            return "never"  # 13.3.1: Rimmel does not enter
        if fallback:
            return _where(s, fallback, "")
        return "any"
    return None  # wounded (in the cup or the 重傷者 box) or not yet in play: wait (B-43)


def task_character_phase(s: State) -> None:
    """13.3.x in clause order (Rimmel before Musiy, who waits for her)."""
    task_enter(s, 0)


def task_enter(s: State, first: int) -> None:
    """The entries from the ``first`` on, in order; one whose character its owner places (13.2,
    a decision) is placed before the entries after it are looked at."""
    for k in range(first, len(ENTRIES)):
        if not s.marks[ENTRIES[k][2]]:
            continue  # the usual case: its milestone has not happened
        free = _enter(s, k)
        if free >= 0:
            s.push(("place_char", free, ENTRIES[k][0]), ("enter", k + 1))
            return


def _enter(s: State, k: int) -> int:
    """Entry ``k`` once its milestone has happened: its character is placed, or waits (−1); or
    the character its owner is to place anywhere (13.2)."""
    clause, who, mark, after, person, fallback, condition = ENTRIES[k]
    when = s.marks[mark]
    c = static().char_index(who)
    if s.char_at[c] != NOT_ENTERED or (after and when >= s.turn):
        return -1
    if condition and _waits_for(s, condition):
        return -1
    hex_index = _where(s, person, fallback)
    if hex_index is None or hex_index == "never":
        return -1
    if hex_index == "any":
        return c
    assert isinstance(hex_index, int)
    place(s, c, hex_index, clause)
    return -1


def place(s: State, c: int, hex_index: int, clause: str, free: bool = False) -> None:
    """Put character ``c`` on a hex by ``clause``; ``free``: in a hex its owner could choose
    among those with an own unit (13.2, cited beside an entry)."""
    st = static()
    s.char_at[c] = hex_index
    key = "enters" if clause.startswith("13.") else "placed"
    if free and clause.startswith("13.3"):
        s.cite(clause, ("13.2",), key, ("char", c), ("hex", hex_index))
    else:
        s.say(clause, key, ("char", c), ("hex", hex_index))
    if st.char_ids[c] == "rimmel" and not s.marks[RIMMEL_ENTERED]:
        s.set_mark(RIMMEL_ENTERED, s.turn)
    rimmel = st.char_number["rimmel"]
    if (
        clause == "14.10"
        and st.t.characters[st.char_ids[c]].person == "nie"
        and s.marks[ELF_CASTLE_BUILT]
        and s.char_at[rimmel] == NOT_ENTERED
    ):
        place(s, rimmel, hex_index, "13.3.1")  # 13.3.1: she comes with Nie's return (B-43)


def _put_among(s: State, c: int, hexes: tuple[int, ...], clause: str) -> None:
    """Place a character in one of ``hexes``: at once if there is one, by its owner's choice if
    several, out of the game if none (B-23)."""
    if not hexes:
        s.char_at[c] = DEAD
        s.say("B-23", "no_place", ("char", c))
    elif len(hexes) == 1:
        place(s, c, hexes[0], clause, free=True)
    else:
        s.ask("place", s.seat_of(serving_country(s, c)), c, clause, hexes)


def task_place_char(s: State, c: int, clause: str) -> None:
    """13.2, 8.12, 14.10: its owner puts it in any hex with an own unit."""
    _put_among(s, c, tuple(own_unit_hexes(s, serving_country(s, c))), clause)


def task_place_near(s: State, c: int, origin: int, clause: str) -> None:
    """B-15, B-23 (26.4): to the nearest hex with an own unit, the owner choosing among ties."""
    candidates = [h for h in own_unit_hexes(s, serving_country(s, c)) if h != origin]
    _put_among(s, c, static().t.map.grid.nearest(origin, candidates), clause)


def task_stranded(s: State, clause: str, left: int = -1, collapsed: int = 0) -> None:
    """B-15: a character on a hex with no unit of a country it may be with — its own, and for
    Rau, Na and the Zelana any of the three (B-42, B-54) — must go: anywhere with an own unit after
    a voluntary destruction (8.12, B-51; only those left with nothing to ride, B-61), else to the
    nearest (B-23).

    ``left``: the hex a counter was just taken from (8.11, 12.11), every character having had a
    unit to be with before (B-15), and ``collapsed`` how many countries had collapsed then: unless
    one has collapsed since (its units left the game or changed hands everywhere, 35.2–35.4), only
    the characters in that hex can be left without one, and only they are looked at."""
    char_at = s.char_at
    if left >= 0 and s.status.count(COLLAPSED) == collapsed:
        if left not in char_at:
            return  # (the usual answer, without a call)
        chars = characters_in(char_at, left)
    elif max(char_at) < 0:
        return  # no character on the map
    else:
        chars = [k for k, at in enumerate(char_at) if at >= 0]
    stacks = s.stacks
    owner = s.owner
    # After a collapse some characters serve an heir (35.3, 35.4); else each serves its own.
    hosts_of = _hosts_after_collapse(s) if COLLAPSED in s.status else HOSTS
    stranded = []  # in character order
    for k in chars:
        ok = hosts_of[CHAR_COUNTRY[k]]
        for i in stacks[char_at[k]]:
            if owner[i] in ok:
                break
        else:
            stranded.append(k)
    for k in stranded:
        s.push(("place_char", k, clause) if clause == "8.12" else ("place_near", k, char_at[k], clause))


def after_removal(s: State, clause: str, left: int, collapsed: int, then: tuple[Any, ...]) -> None:
    """What a country's own counter taken from hex ``left`` (8.11, 12.11) brings about, at once:
    35's collapse check (B-35: 30.5, 31.5, 32.4 or 33.4 may follow), then B-15's sweep
    (:func:`task_stranded`, ``collapsed`` countries having collapsed before) — scheduled after
    the moves a collapse schedules (35.4), if it does; then the task ``then`` (the country's
    next choice), scheduled after all they schedule."""
    s.agenda.append(then)  # (``s.push`` of one task, without a call)
    before = len(s.agenda)
    task_collapse_check(s)
    if len(s.agenda) == before:
        task_stranded(s, clause, left, collapsed)
    else:
        s.agenda.insert(before, ("stranded", clause, left, collapsed))  # below those moves


HOSTS = tuple(hosts(c) for c in range(7))
"""Per country: the countries whose units its characters may be with (B-42, B-54)."""
_HOSTS_BY_STATUS: dict[tuple[int, ...], tuple[tuple[int, ...], ...]] = {}
""":data:`HOSTS` with each country's characters serving its heir (35.3, 35.4), by the countries'
states, which alone decide whom they serve (:func:`.collapse.country_served`): made once each."""


def _hosts_after_collapse(s: State) -> tuple[tuple[int, ...], ...]:
    key = tuple(s.status)
    hosts_of = _HOSTS_BY_STATUS.get(key)
    if hosts_of is None:
        hosts_of = _HOSTS_BY_STATUS[key] = tuple(HOSTS[country_served(s, c)] for c in range(7))
    return hosts_of
CHAR_COUNTRY = static().char_country


def legal_place(s: State) -> list[tuple[Any, ...]]:
    assert s.pending is not None
    return [("place", h) for h in s.pending[4]]


def apply_place(s: State, action: tuple[Any, ...], pending: tuple[Any, ...]) -> None:
    place(s, pending[2], action[1], pending[3], free=True)


TASKS = {
    "character_phase": task_character_phase,
    "enter": task_enter,
    "place_char": task_place_char,
    "place_near": task_place_near,
    "stranded": task_stranded,
}
DECISIONS = {"place": (legal_place, apply_place, "13.2")}
