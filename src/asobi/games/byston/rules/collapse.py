"""National collapse as far as it can happen before combat exists (B-35): Ah with its Elf Castle
(33.4) and Mi with its Kiron Castle (32.4), both then leaving the game whole (35.1, 35.2).

The other countries' conditions (28.8 is the end of the game, 27.3; 29.4, 30.5, 31.5) need a
character removed, which only combat does; they come with it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..board import AH, BOX, COLLAPSED, CUP, DEAD, GONE, HEAVY, MI, building_at, static

if TYPE_CHECKING:
    from ..state import BystonState

NAMED_CASTLES = ((MI, "kiron_castle", "32.4"), (AH, "elf_castle", "33.4"))


def task_collapse_check(s: BystonState) -> None:
    st = static()
    for country, place, clause in NAMED_CASTLES:
        if s.status[country] == COLLAPSED:
            continue
        b = building_at(s, st.t.map.place_hex(place))
        if b >= 0 and s.owner[b] == country and st.kind(b) == "castle":
            continue
        s.status[country] = COLLAPSED
        s.say(clause, "collapsed", country=country)
        remove_country(s, country)


def remove_country(s: BystonState, country: int) -> None:
    """35.2: every unit of the country on the map and in its factory box leaves the game, its
    characters (32.4: Pinegan with the Kiron Castle) and its chits too (B-35)."""
    st = static()
    for i, at in enumerate(s.where):
        if s.owner[i] == country and (at >= 0 or at == BOX):
            s.where[i] = GONE
            s.flipped[i] = 0
    for k, at in enumerate(s.char_at):
        if st.char_country[k] == country and (at >= 0 or at in (CUP, HEAVY)):
            s.char_at[k] = DEAD
    for k, owner in enumerate(st.chit_country):
        if owner == country:
            s.chit_cup[k] = 0
    s.say("35.2", "left_the_game", country=country)


TASKS = {"collapse_check": task_collapse_check}
DECISIONS: dict[str, object] = {}
