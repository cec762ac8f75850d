"""What a seat may see: everything (the game hides nothing, ``spec.public_views``), as a view.

There is no redaction (every action is public), no hidden information to sample
(``determinize`` and ``hidden_variants`` keep the core's defaults) and the labels are in
``labels.py``.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Any

from .board import CUP, DEAD, GROWN, HEAVY, LEFT, NOT_ENTERED, STATE_NAMES, static
from .rules.combat import battle_view

if TYPE_CHECKING:
    from .types import State

CHARACTER_PLACES = {CUP: "cup", HEAVY: "heavy_wounds", DEAD: "removed", LEFT: "on_leave"}
"""Where a character off the map is, as a view says it."""


@cache
def _view_names() -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Each hex's printed id and each counter's unit id, for views (a view names every counter on
    the map; working them out each time cost most of a view)."""
    st = static()
    grid = st.t.map.grid
    return tuple(grid.hex_id(h) for h in range(grid.size)), tuple(map(st.unit_id, range(len(st.counter_unit))))


@cache
def _group_names() -> tuple[tuple[str, str], ...]:
    """Each group of counters alike (``Static.groups``) as (country id, unit id)."""
    st = static()
    names = {g: (st.country_ids[c], st.unit_ids[u]) for (c, u), g in st.group_number.items()}
    return tuple(names[g] for g in range(len(st.groups)))


@cache
def _counter_tags() -> tuple[tuple[tuple[str, ...], ...], ...]:
    """How a view names a counter on the map, ``country:unit`` (``*`` after it when flipped), by
    owner then counter: ``tags[flipped][owner][counter]`` (a counter changes hands in 35.3)."""
    country_ids = static().country_ids
    _, unit_ids = _view_names()
    return tuple(
        tuple(tuple(f"{country}:{unit}{mark}" for unit in unit_ids) for country in country_ids) for mark in ("", "*")
    )


def view(s: State, seat: int | None) -> dict[str, Any]:
    """Everything is public in this step: the map, the sheets, the cup's contents (a random
    cup, not a secret one) and the surprise chit Drake holds (produced in the open)."""
    st = static()
    hex_ids, unit_ids = _view_names()
    owner = s.owner
    flipped = s.flipped
    tags = _counter_tags()
    stacks: dict[str, list[str]] = {}
    for at, stack in enumerate(s.stacks):  # (hex order; each stack in counter order)
        if stack:
            stacks[hex_ids[at]] = [tags[flipped[i]][owner[i]][i] for i in stack]
    box: dict[str, dict[str, int]] = {}
    for (country, unit), n in zip(_group_names(), s.in_box_n, strict=True):
        if n:
            box.setdefault(country, {})[unit] = n
    return {
        "turn": s.turn,
        "countries": {
            cid: {
                "state": STATE_NAMES[s.status[c]],
                "gp": s.gp[c],
                "tl": s.tl[c],
                "chits_made": s.chits_made[c],
                "seat": s.seat_of(c),
            }
            for c, cid in enumerate(st.country_ids)
        },
        "map": stacks,
        "factory": box,
        "characters": {
            cid: (hex_ids[at] if at >= 0 else CHARACTER_PLACES[at])
            for cid, at in zip(st.char_ids, s.char_at, strict=True)
            if at != NOT_ENTERED and at != GROWN
        },
        "cup": {st.chit_ids[k]: n for k, n in enumerate(s.chit_cup) if n}
        | {st.char_ids[k]: 1 for k, at in enumerate(s.char_at) if at == CUP},
        "open_box": {st.chit_ids[k]: n for k, n in enumerate(s.chit_open) if n},
        "surprise_held": s.surprise_held,
        "waiting": [st.country_ids[c] for c, w in enumerate(s.waiting) if w],
        "moving": None
        if s.ship < 0
        else {
            "unit": unit_ids[s.ship],
            "hex": hex_ids[s.where[s.ship]],
            "mp": s.mp,
            "cargo": [f"{st.country_ids[s.owner[i]]}:{st.unit_id(i)}" for i in s.cargo],
            "crew": [st.char_ids[k] for k in s.crew],
        },
        "secret_factory": None if s.secret < 0 else {"found": s.secret_found},
        "pending": None if s.pending is None else [s.pending[0], s.pending[1]],
        "chance": None if s.chance is None else list(s.chance),
        "battle": battle_view(s),
    }
