"""The building phase (12.1–12.10, B-14), Rau's forts on the カラカラ山脈 (30.4) and the secret
factory at the Rian coast (30.6.1–30.6.2, B-37)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..board import (
    BOX,
    COLLAPSED,
    DRAKE,
    ELF_CASTLE_BUILT,
    RAU,
    SHEET_COUNTRIES,
    ZELANA,
    building_at,
    in_box,
    static,
)
from ..tables import Terrain

if TYPE_CHECKING:
    from ..state import BystonState

DONE = ("done",)
SECRET = ("secret",)
NOT_FOR_BUILDING = frozenset({"zelana", "spriggan"})
"""12.8: these ships do not let their country build outside its land."""


def task_build_phase(s: BystonState) -> None:
    s.push(*(("build_ask", c) for c in SHEET_COUNTRIES if s.status[c] != COLLAPSED))


def task_build_ask(s: BystonState, country: int) -> None:
    s.ask("build", s.seat_of(country), country)
    if len(s.legal_actions()) == 1:
        s.pending = None
        s.legal_cache = None


def _survey(s: BystonState, country: int) -> tuple[set[int], set[int], set[int], set[int]]:
    """One pass over the counters: hexes with a building; hexes the enemy forbids (12.10: a
    ship, a building, or three or more ABs); hexes with an own face-up ship that allows building
    (12.8); hexes with a Zelana ship (30.6.2)."""
    st = static()
    where = s.where
    owner = s.owner
    camp = st.camp
    mine = camp[country]
    built: set[int] = set()
    forbidden: set[int] = set()
    enemy_abs: dict[int, int] = {}
    ships: set[int] = set()
    zelana: set[int] = set()
    for i in range(len(where)):
        h = where[i]
        if h < 0:
            continue
        kind = st.unit_kind[st.counter_unit[i]]
        if kind == "castle" or kind == "fort":
            built.add(h)
        if camp[owner[i]] != mine:
            if kind == "AB":
                enemy_abs[h] = enemy_abs.get(h, 0) + 1
                if enemy_abs[h] >= 3:
                    forbidden.add(h)
            else:
                forbidden.add(h)
        elif kind == "AS" or kind == "ABS":
            unit = st.unit_ids[st.counter_unit[i]]
            if owner[i] == country and not s.flipped[i] and unit not in NOT_FOR_BUILDING:
                ships.add(h)
            if unit == "zelana" and owner[i] == ZELANA:
                zelana.add(h)
    return built, forbidden, ships, zelana


def sites(s: BystonState, country: int) -> list[tuple[Any, ...]]:
    """Every legal ("build", kind, hex) for ``country`` (12.3–12.10, 30.4)."""
    st = static()
    t = st.t
    kinds = [k for k in ("castle", "fort") if in_box(s, country, k) and t.buildings[k].gp <= s.gp[country]]
    if not kinds:
        return []
    built, forbidden, ships, _ = _survey(s, country)
    nation = st.nation
    terrain = t.map.terrain_of
    status = s.status
    camp = st.camp
    candidates = set(ships) | {h for h in range(len(nation)) if nation[h] == country}
    out: list[tuple[Any, ...]] = []
    for h in sorted(candidates):
        if h in built or h in forbidden:
            continue  # 12.6, 12.10
        land = nation[h]
        if land != country:
            if land >= 0 and camp[land] == camp[country] and status[land] != COLLAPSED:
                continue  # 12.9
            if h not in ships:
                continue  # 12.8
        ground = terrain[h]
        for k in kinds:
            if ground is Terrain.PLAIN:
                out.append(("build", k, h))  # 12.3
            elif ground is Terrain.HIGHLAND:
                if k == "fort":
                    out.append(("build", k, h))  # 12.4
            elif k == "fort" and country == RAU and h in st.karakara:
                out.append(("build", k, h))  # 30.4 (otherwise 12.5)
    return out


def secret_allowed(s: BystonState, country: int) -> bool:
    """30.6.1–30.6.2: once a game, Rau, with the Zelana (face up or not) at the Rian coast."""
    if country != RAU or s.secret_built:
        return False
    st = static()
    if not in_box(s, RAU, "fort") or st.t.buildings["fort"].gp > s.gp[RAU]:
        return False
    built, forbidden, _, zelana = _survey(s, RAU)
    h = st.rian_coast
    return h in zelana and h not in built and h not in forbidden


def razable(s: BystonState, country: int) -> list[int]:
    """12.11: hexes of the country's own buildings it may destroy to build again elsewhere (not its
    last counter on the map, B-51)."""
    st = static()
    where = s.where
    mine = [i for i in range(len(where)) if where[i] >= 0 and s.owner[i] == country]
    if len(mine) < 2:
        return []  # B-51: never the last counter on the map
    return sorted(where[i] for i in mine if st.counter_country[i] == country and st.is_building(i))


def legal_build(s: BystonState) -> list[tuple[Any, ...]]:
    assert s.pending is not None
    country = s.pending[2]
    out = sites(s, country)
    out.append(DONE)
    out.extend(("raze", h) for h in razable(s, country))
    if secret_allowed(s, country):
        out.append(SECRET)
    out.sort()
    return out


def apply_build(s: BystonState, action: tuple[Any, ...], pending: tuple[Any, ...]) -> None:
    if action[0] == "done":
        return
    country = pending[2]
    st = static()
    if action[0] == "raze":
        i = building_at(s, action[1])
        s.say("12.11", "razed", country=country, unit=st.counter_unit[i], hex=action[1])
        s.where[i] = BOX
        s.flipped[i] = 0
        if i == s.secret:
            s.secret = -1  # the fort counter is an ordinary one again; 30.6.1 allows no second
        # 32.4, 33.4 may follow (B-35); characters left without an own unit move (B-15).
        s.push(("collapse_check",), ("stranded", "B-15"), ("build_ask", country))
        return
    if action[0] == "secret":
        kind, h = "fort", st.rian_coast
    else:
        kind, h = action[1], action[2]
    i = in_box(s, country, kind)[0]
    cost = st.t.buildings[kind].gp
    s.where[i] = h
    s.flipped[i] = 0
    s.gp[country] -= cost
    if action[0] == "secret":
        s.secret = i
        s.secret_built = True
        s.say("30.6.1", "secret_built", country=country, hex=h, gp=cost)
    else:
        s.say("12.2", "built", country=country, unit=st.unit_index(kind), hex=h, gp=cost)
        if country == DRAKE and kind == "castle" and h == st.elf_castle and not s.marks[ELF_CASTLE_BUILT]:
            s.marks[ELF_CASTLE_BUILT] = s.turn
    s.push(("build_ask", country))


TASKS = {"build_phase": task_build_phase, "build_ask": task_build_ask}
DECISIONS = {"build": (legal_build, apply_build, "12.1")}
