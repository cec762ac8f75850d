"""The building phase (12.1–12.10, B-14), Rau's forts on the カラカラ山脈 (30.4) and the secret
factory at the Rian coast (30.6.1–30.6.2, B-37)."""

from __future__ import annotations

from bisect import bisect_left
from itertools import compress
from typing import TYPE_CHECKING, Any

from ..board import (
    BOX,
    COLLAPSED,
    DRAKE,
    ELF_CASTLE_BUILT,
    NEXT_SHEET,
    RAU,
    SHEET_COUNTRIES,
    ZELANA,
    ask_in_order_of_play,
    building_at,
    holds_two,
    owns_just_its_own,
    static,
)
from ..tables import Terrain
from .characters import after_removal
from .fast_check import DONE, opening
from .tables import BUILDINGS, derived

if TYPE_CHECKING:
    from ..types import State

SECRET = ("secret",)
RAZE = tuple(("raze", h) for h in range(static().t.map.grid.size))
"""The prebuilt ("raze", hex) actions (12.11)."""

_STATIC = static()
"""The numbering, read as a global (a call of the cached ``static()`` costs more)."""
_DERIVED = derived()
"""The tables derived once from the data, read as a global likewise."""
PRINTED = _STATIC.printed_owner
"""Every counter's printed country: ``owner`` is this very tuple while no counter changed hands
(:func:`.board.owns_just_its_own`, whose usual answer is then had without a call)."""


def task_build_phase(s: State) -> None:
    ask_in_order_of_play(s, "build", SHEET_COUNTRIES[0])


def task_build_ask(s: State, country: int) -> None:
    """Asked while it may build or pull down, then the next country in the order of play; one
    that has collapsed, or with nothing it may do, passes."""
    ask_in_order_of_play(s, "build", country)


def _blocked(
    s: State, country: int, hexes: set[int] | frozenset[int]
) -> tuple[set[int], set[int], set[int]]:
    """Of ``hexes``: those with a building (12.6); those the enemy forbids (12.10: a ship, a
    building, or three or more ABs of the other camp); those with a Zelana ship of the Zelana
    (30.6.2). Reads only the stacks of ``hexes``."""
    st = _STATIC
    d = _DERIVED
    kinds = d.counter_kind
    owner = s.owner
    stacks = s.stacks
    camp = st.camp
    mine = camp[country]
    built: set[int] = set()
    forbidden: set[int] = set()
    zelana: set[int] = set()
    zelana_ships = d.zelana_ships
    for h in hexes:
        enemy_abs = 0
        for i in stacks[h]:
            kind = kinds[i]
            if kind == "castle" or kind == "fort":
                built.add(h)
            if camp[owner[i]] != mine:
                if kind == "AB":
                    enemy_abs += 1
                    if enemy_abs >= 3:
                        forbidden.add(h)
                else:
                    forbidden.add(h)
            elif i in zelana_ships and owner[i] == ZELANA:
                zelana.add(h)
    return built, forbidden, zelana


def _kinds(s: State, country: int) -> list[str]:
    """12.2: the buildings the country has in its factory box and can pay for."""
    gp = s.gp[country]
    in_box_n = s.in_box_n
    out = []  # (a plain loop: a comprehension is a call)
    for kind, group, cost in _DERIVED.building_kinds[country]:
        if cost <= gp and in_box_n[group]:
            out.append(kind)
    return out


def sites(s: State, country: int) -> list[tuple[Any, ...]]:
    """Every legal ("build", kind, hex) for ``country`` (12.3–12.10, 30.4), sorted."""
    kinds = _kinds(s, country)
    if not kinds:
        return []
    abroad, blocked = _survey(s, country, kinds)
    return _site_actions(country, kinds, abroad, blocked)


def _survey(s: State, country: int, kinds: list[str]) -> tuple[list[int], set[int]]:
    """For building ``kinds``: the hexes outside its land where an own face-up ship lets it build
    (12.8, not an ally's that stands, 12.9), and of those and its land's sites for ``kinds`` the
    blocked ones (12.6, 12.10)."""
    st = _STATIC
    d = _DERIVED
    where = s.where
    owner = s.owner
    flipped = s.flipped
    nation = st.nation
    # 12.8: hexes outside its land where an own face-up ship lets it build.
    # While no counter changed hands (35.3) its ships are among its own counters.
    builders = d.builder_ships_of[country] if owner is st.printed_owner else d.builder_ships
    ships = set()  # (a plain loop: a comprehension is a call)
    for i in builders:
        at = where[i]
        if at >= 0 and owner[i] == country and not flipped[i] and nation[at] != country:
            ships.add(at)
    abroad = []
    for h in ships:
        host = nation[h]
        if host >= 0 and st.camp[host] == st.camp[country] and s.status[host] != COLLAPSED:
            continue  # 12.9
        abroad.append(h)
    # The sites holding any counter (only those can be blocked), and the ships' hexes abroad.
    stacks = s.stacks
    key = len(kinds) == 1 and kinds[0]
    occupied = set(compress(d.land_site_list[country][key], d.land_site_stacks[country][key](stacks)))
    if abroad:
        occupied.update(abroad)  # a ship is there
    blocked: set[int] = set()
    if occupied:
        built, forbidden, _ = _blocked(s, country, occupied)
        blocked = built | forbidden
    return abroad, blocked


def _site_actions(country: int, kinds: list[str], abroad: list[int], blocked: set[int]) -> list[tuple[Any, ...]]:
    """The ("build", kind, hex) of ``kinds`` at its land's sites and the hexes ``abroad``, but the
    ``blocked`` ones (:func:`_survey`), sorted."""
    d = _DERIVED
    land = d.land_sites[country]
    allowed = d.site_kinds[country]
    out: list[tuple[Any, ...]] = []
    for kind in kinds:
        actions = d.site_action[kind]
        if abroad:
            here = [h for h in land[kind] if h not in blocked]
            here.extend(h for h in abroad if kind in allowed[h] and h not in blocked)
            here.sort()
            out.extend([actions[h] for h in here])
        elif blocked:
            out.extend(_without(d.land_site_actions[country][kind], land[kind], blocked))
        else:
            out.extend(d.land_site_actions[country][kind])
    return out


def _without(actions: tuple[tuple[Any, ...], ...], hexes: tuple[int, ...], blocked: set[int]) -> list[tuple[Any, ...]]:
    """``actions``, one for each of the sorted ``hexes``, but those of the ``blocked`` hexes: the
    few blocked ones are found by bisection and taken out, rather than each hex looked up among
    them."""
    out = list(actions)
    for h in sorted(blocked, reverse=True):
        k = bisect_left(hexes, h)
        if k < len(hexes) and hexes[k] == h:
            del out[k]
    return out


def secret_allowed(s: State, country: int) -> bool:
    """30.6.1–30.6.2: once a game, Rau, with the Zelana (face up or not) at the Rian coast."""
    if country != RAU or s.secret_built:
        return False
    if "fort" not in _kinds(s, RAU):
        return False
    h = _STATIC.rian_coast
    built, forbidden, zelana = _blocked(s, RAU, {h})
    return h in zelana and h not in built and h not in forbidden


def razable(s: State, country: int) -> list[int]:
    """12.11: hexes of the country's own buildings it may destroy to build again elsewhere (not its
    last counter on the map, B-51)."""
    where = s.where
    if s.owner is PRINTED or owns_just_its_own(s, country):  # its buildings are its castle and fort ranges
        d = _DERIVED
        on_map_n = s.on_map_n
        n = 0
        for group in d.building_groups[country]:
            n += on_map_n[group]
        if not n:
            return []
        castles = d.castles_of[country]
        forts = d.forts_of[country]
        places = where[castles.start : castles.stop] + where[forts.start : forts.stop]
        if n == 1:  # (the usual case: one on the map, the largest place, off the map being negative)
            groups = _STATIC.groups_of[country]
            # B-51: never the last counter on the map (its groups count all it has there)
            return [max(places)] if sum(on_map_n[groups.start : groups.stop]) >= 2 else []
        places.sort()
        del places[:-n]  # off the map (negative)
        return places
    owner = s.owner
    places = sorted([where[i] for i in _DERIVED.buildings_of[country] if where[i] >= 0 and owner[i] == country])
    if len(places) == 1 and not holds_two(s, country):
        return []  # B-51: never the last counter on the map
    return places


HANDED_ON = ("handed_on",)
"""The mark of ``build_kept`` as :func:`apply_build` hands it to the listing that follows.

``build_kept`` is ``(decision, country, abroad, blocked, places)``: the pending decision it was
listed for (or ``HANDED_ON``), its country, the hexes abroad and the blocked sites of
:func:`_survey` (``None``: not surveyed, the country having nothing to build), and the hexes of
its buildings on the map it may pull down (:func:`razable`; ``None``: list them again)."""


def legal_build(s: State) -> list[tuple[Any, ...]]:
    """Built in sorted order: build < done < raze < secret.

    What the survey of the sites found and the buildings it may pull down are kept in
    ``build_kept`` with the decision they were listed for; a building built hands them on to the
    country's next listing (:func:`apply_build`): the site built on is blocked now (12.6) and a
    building more may be pulled down (12.11); nothing else a survey reads has changed."""
    pending = s.pending
    assert pending is not None
    country = pending[2]
    kept = s.build_kept
    abroad: list[int] | None
    blocked: set[int] | None
    places: list[int] | None
    if kept is not None and kept[0] is HANDED_ON and kept[1] == country:
        _, _, abroad, blocked, places = kept
    else:
        abroad = blocked = places = None
    kinds = _kinds(s, country)  # (fewer after a building built, never more: its survey holds)
    if kinds:
        if abroad is None or blocked is None:
            abroad, blocked = _survey(s, country, kinds)
        out = _site_actions(country, kinds, abroad, blocked)
    else:
        out = []
    out.append(DONE)
    if places is None:
        places = razable(s, country)
    for h in places:
        out.append(RAZE[h])
    if country == RAU and secret_allowed(s, country):  # (30.6.1: Rau's alone)
        out.append(SECRET)
    s.build_kept = (pending, country, abroad, blocked, places)
    return out


def is_legal_build(s: State, action: tuple[Any, ...]) -> bool:
    """Whether ``action`` is in :func:`legal_build`, looking only at what it names."""
    opened = opening(s, action)
    if isinstance(opened, bool):
        return opened
    country, verb = opened
    if verb == "secret":
        return action == SECRET and secret_allowed(s, country)
    if verb == "raze":
        return len(action) == 2 and action[1] in razable(s, country)
    if verb == "build":
        return action in sites(s, country)
    return False


def apply_build(s: State, action: tuple[Any, ...], pending: tuple[Any, ...]) -> None:
    country = pending[2]
    kept = s.build_kept
    s.build_kept = None
    if action[0] == "done":
        ask_in_order_of_play(s, "build", NEXT_SHEET[country])
        return
    st = _STATIC
    if action[0] == "raze":
        i = building_at(s, action[1])
        s.say("12.11", "razed", ("country", country), ("unit", st.counter_unit[i]), ("hex", action[1]))
        s.set_where(i, BOX)
        s.flipped[i] = 0
        if i == s.secret:
            s.secret = -1  # the fort counter is an ordinary one again; 30.6.1 allows no second
        # 32.4, 33.4 may follow (B-35); characters left without an own unit move (B-15).
        # the sweep in that hex alone; asked again after what pulling it down brings about
        after_removal(s, "B-15", action[1], s.status.count(COLLAPSED), ("build_ask", country))
        return
    if action[0] == "secret":
        kind, h = "fort", st.rian_coast
    else:
        kind, h = action[1], action[2]
    mine = st.counters_of(country, kind)
    i = s.where.index(BOX, mine.start, mine.stop)  # the first of them in the factory box
    cost = st.t.buildings[kind].gp
    s.set_where(i, h)
    s.flipped[i] = 0
    s.gp[country] -= cost
    if action[0] == "secret":
        s.secret = i
        s.secret_built = True
        # 30.6.2: a fort's GP, with the Zelana at the coast
        s.cite("30.6.1", ("30.6.2",), "secret_built", ("country", country), ("hex", h), ("gp", cost))
    else:
        # 12.3/12.4/30.4: the ground that admits it; 12.7/12.8: its own land, or a ship of its own
        ground = st.t.map.terrain_of[h]
        admits = "12.3" if ground is Terrain.PLAIN else "12.4" if ground is Terrain.HIGHLAND else "30.4"
        # 12.10: the other camp has 1 or 2 ABs there at most
        camp = st.camp
        owner = s.owner
        near: tuple[str, ...] = ()
        for j in s.stacks[h]:  # (a plain loop: an any() of a generator costs more)
            if j != i and camp[owner[j]] != camp[country]:
                near = ("12.10",)
                break
        s.cite("12.2", (admits, "12.7" if st.nation[h] == country else "12.8", *near), "built",
               ("country", country), ("unit", st.unit_index(kind)), ("hex", h), ("gp", cost))
        if country == DRAKE and kind == "castle" and h == st.elf_castle and not s.marks[ELF_CASTLE_BUILT]:
            s.set_mark(ELF_CASTLE_BUILT, s.turn)
    if kept is not None and kept[0] is pending and s.owner is PRINTED:
        # Only hex h changed, by a building of its own: blocked now (12.6), and one more to pull
        # down; B-51 took none away if any was listed (else list them again).
        _, _, abroad, blocked, places = kept
        if blocked is not None:
            blocked = blocked | {h}
        if places:
            k = bisect_left(places, h)
            places = [*places[:k], h, *places[k:]]
        else:
            places = None
        s.build_kept = (HANDED_ON, country, abroad, blocked, places)
    # Asked again at once, by the seat it was asked by (nothing happens between two of its choices,
    # and it has not collapsed); else the next country in the order of play.
    if not s.ask_if_choice("build", pending[1], country):
        ask_in_order_of_play(s, "build", NEXT_SHEET[country])


def refuse_build(s: State, action: tuple[Any, ...]) -> tuple[str, str] | None:
    """12.2–12.10, 30.4, 30.6.1: the clause that refuses a building where ``action`` puts it (a
    castle on a highland: 12.4), checked in the order a player would ask; ``None`` for any other
    action (the decision's own clause, 12.1, is cited)."""
    assert s.pending is not None
    country = s.pending[2]
    st = _STATIC
    if action == SECRET:
        if country != RAU or s.secret_built:
            return "30.6.1", "Rau alone builds the secret factory, once a game"
        return "30.6.2", "the secret factory needs a fort in the box, its GP, and the Zelana at a free Rian coast"
    size = len(st.t.map.terrain_of)
    if len(action) != 3 or action[0] != "build" or action[1] not in BUILDINGS:
        return None
    kind, h = action[1], action[2]
    if type(h) is not int or not 0 <= h < size:
        return None
    row = next((r for r in _DERIVED.building_rows[country] if r[0] == kind), None)
    if row is None or BOX not in s.where[row[1] : row[2]]:
        return "12.2", f"no {kind} is left in the country's factory box"
    if row[3] > s.gp[country]:
        return "12.2", f"a {kind} costs {row[3]} GP and the country has {s.gp[country]}"
    if kind not in _DERIVED.site_kinds[country][h]:
        ground = st.t.map.terrain_of[h]
        if ground is Terrain.HIGHLAND:
            return "12.4", "only a fort may be built on a highland"
        if country == RAU and h in st.karakara:
            return "30.4", "Rau builds only forts in the Karakara mountains"
        return ("12.5", "nothing may be built on a mountain") if ground is Terrain.MOUNTAIN else (
            "12.3", "castles and forts are built on plains")
    built, forbidden, _ = _blocked(s, country, {h})
    if h in built:
        return "12.6", "a hex holds one building only"
    if h in forbidden:
        return "12.10", "the other camp holds the hex (a ship, a building, or three or more ABs)"
    host = st.nation[h]
    if host != country:
        if host >= 0 and st.camp[host] == st.camp[country] and s.status[host] != COLLAPSED:
            return "12.9", "not in the land of an ally that has not collapsed"
        return "12.8", "outside its land a country builds only where a ship of its own, face up, is"
    return None


TASKS = {"build_phase": task_build_phase, "build_ask": task_build_ask}
DECISIONS = {"build": (legal_build, apply_build, "12.1")}
CHECKS = {"build": is_legal_build}
REFUSALS = {"build": refuse_build}
