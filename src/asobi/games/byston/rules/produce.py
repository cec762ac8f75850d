"""The production phase (8.1–8.11): production from the factory box (8.3–8.10), 増産 (9.1–9.5),
換装 (10.1–10.6) and action chits (8.11h, 8.11.1–8.11.4, 16.1–16.2), in any order and number
(8.2), each country in the order of play until it is done."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..board import (
    BOX,
    COLLAPSED,
    MADE_MARK,
    OFF_MAP,
    SHEET_COUNTRIES,
    SUPPLY,
    find_counter,
    holds_two,
    owns_just_its_own,
    static,
)
from .fast_check import DONE, opening
from .tables import CHIT_SHOT, CHIT_SURPRISE, CHIT_ZELANA, ChitRow, derived

if TYPE_CHECKING:
    from ..state import BystonState


def task_produce_phase(s: BystonState) -> None:
    s.push(*(("produce_ask", c) for c in SHEET_COUNTRIES if s.status[c] != COLLAPSED))


def task_produce_ask(s: BystonState, country: int) -> None:
    """Asked while it has anything to do; a country with nothing it can afford passes (public).
    A country that collapsed by its own destruction (8.11, B-35) has nothing left to produce with."""
    if s.status[country] == COLLAPSED:
        return
    s.ask("produce", s.seat_of(country), country)
    if len(s.legal_actions()) == 1:
        s.pending = None
        s.legal_cache = None


def placement_hexes(s: BystonState, country: int, ship: bool) -> list[int]:
    """8.7 (B-11): the country's own castles for a ship, own castles and forts for an AB; never
    the secret factory (30.6.3)."""
    return _placements(s, country, owns_just_its_own(s, country))[ship]


def _placements(s: BystonState, country: int, own: bool) -> tuple[list[int], list[int]]:
    """:func:`placement_hexes` for an AB and for a ship; ``own``: the country owns just the
    counters printed in its colour (:func:`.board.owns_just_its_own`)."""
    d = derived()
    where = s.where
    secret = s.secret
    if own:  # its castles and forts are its own ranges: their places, less the off-map ones
        castles = d.castles_of[country]
        forts = d.forts_of[country]
        castle_hexes = set(where[castles.start : castles.stop])
        castle_hexes.difference_update(OFF_MAP)
        fort_hexes = set(where[forts.start : forts.stop])
        fort_hexes.difference_update(OFF_MAP)
        if secret in forts:
            fort_hexes.discard(where[secret])  # the secret factory's hex holds no other building (12.6)
        return sorted(castle_hexes | fort_hexes), sorted(castle_hexes)
    owner = s.owner
    fort_counters = d.fort_counters
    ab: set[int] = set()
    ship: set[int] = set()
    for i in d.building_counters:
        if where[i] >= 0 and owner[i] == country and i != secret:
            ab.add(where[i])
            if i not in fort_counters:
                ship.add(where[i])
    return sorted(ab), sorted(ship)


def chit_choices(s: BystonState, country: int) -> list[int]:
    """8.11.1–8.11.4, 16.1, B-12: the chits ``country`` may produce now."""
    return [row.chit for row in _chit_rows(s, country)]


def _chit_rows(s: BystonState, country: int) -> list[ChitRow]:
    d = derived()
    gp = s.gp[country]
    at_limit = s.chits_made[country] >= d.chit_limit[country]
    cup = s.chit_cup
    opened = s.chit_open
    out = []
    for row in d.chits_of[country]:
        k, chit_gp, count, kind, _action = row
        if chit_gp > gp:
            continue
        used = cup[k] + opened[k] + (1 if kind == CHIT_SURPRISE and s.surprise_held else 0)
        if used >= count:
            continue
        if kind == CHIT_SHOT:
            # 8.11.4: only while the Spriggan is on the map; outside the limit.
            if not s.on_map_n[d.spriggan_group]:
                continue
        elif kind != CHIT_ZELANA and at_limit:
            continue
        out.append(row)
    return out


def destroyable(s: BystonState, country: int) -> list[tuple[Any, ...]]:
    """8.11 (B-9): ("destroy", unit, hex, flipped) for the country's own aura machines on the map,
    face up or flipped, unless it is its last counter on the map (B-51); sorted."""
    on_map_n = s.on_map_n
    own = owns_just_its_own(s, country)
    out: list[tuple[Any, ...]] = []
    for p in derived().production[country]:
        if on_map_n[p.group]:
            _add_destroys(s, country, p.unit, p.lo, p.hi, own, out)
    return _last_counter_kept(s, country, out)


def _add_destroys(
    s: BystonState, country: int, unit: int, lo: int, hi: int, own: bool, out: list[tuple[Any, ...]]
) -> None:
    """The destroy actions of one unit's counters ``lo:hi``; ``own``: as in :func:`_placements`."""
    if own:  # they are all the country's: one key per (hex, face), deduplicated in C
        places = zip(s.where[lo:hi], s.flipped[lo:hi], strict=True)
        out.extend([("destroy", unit, at, f) for at, f in set(places) if at >= 0])
    else:
        where = s.where
        owner = s.owner
        flipped = s.flipped
        out.extend(
            {
                ("destroy", unit, where[i], flipped[i])
                for i in range(lo, hi)
                if where[i] >= 0 and owner[i] == country
            }
        )


def _last_counter_kept(s: BystonState, country: int, keys: list[tuple[Any, ...]]) -> list[tuple[Any, ...]]:
    """B-51: nothing to destroy when it would be the country's last counter on the map."""
    if not keys or (len(keys) == 1 and not holds_two(s, country)):
        return []
    keys.sort()
    return keys


def legal_produce(s: BystonState) -> list[tuple[Any, ...]]:
    """Built in sorted order (chit < convert < destroy < done < extra < make, each by its
    arguments; the sheet's rows are by unit index), so no sort is needed."""
    assert s.pending is not None
    country = s.pending[2]
    gp = s.gp[country]
    tl = s.tl[country]
    on_map_n = s.on_map_n
    in_box_n = s.in_box_n
    in_supply_n = s.in_supply_n
    own = owns_just_its_own(s, country)
    converts: list[tuple[Any, ...]] = []
    extras: list[tuple[Any, ...]] = []
    makes: list[tuple[Any, ...]] = []
    placements: tuple[list[int], list[int]] | None = None  # for an AB, for a ship
    destroys: list[tuple[Any, ...]] = []  # 8.11
    for (
        u,
        lo,
        hi,
        make_gp,
        need_tl,
        is_ship,
        extra_gp,
        up_gp,
        _,
        up_tl,
        _,
        _,
        extra,
        convert,
        group,
        up_group,
        cheapest,
    ) in derived().production[country]:
        if on_map_n[group]:
            _add_destroys(s, country, u, lo, hi, own, destroys)
        if cheapest > gp:
            continue
        if in_box_n[group]:
            if make_gp <= gp and need_tl <= tl:
                if placements is None:
                    placements = _placements(s, country, own)
                makes.extend([("make", u, h) for h in placements[is_ship]])
            if up_gp <= gp and up_tl <= tl and in_supply_n[up_group]:
                converts.append(convert)
        if extra_gp <= gp and need_tl <= tl and in_supply_n[group]:
            extras.append(extra)
    out: list[tuple[Any, ...]] = [row.action for row in _chit_rows(s, country)]
    out.extend(converts)
    out.extend(_last_counter_kept(s, country, destroys))
    out.append(DONE)
    out.extend(extras)
    out.extend(makes)
    return out


def is_legal_produce(s: BystonState, action: tuple[Any, ...]) -> bool:
    """Whether ``action`` is in :func:`legal_produce`, looking only at what it names."""
    opened = opening(s, action)
    if isinstance(opened, bool):
        return opened
    country, verb = opened
    if verb == "chit":
        return any(row.action == action for row in _chit_rows(s, country))
    if verb == "destroy":
        return action in destroyable(s, country)
    if len(action) < 2:
        return False
    row = None
    for p in derived().production[country]:
        if p.unit == action[1]:
            row = p
            break
    if row is None:
        return False
    gp = s.gp[country]
    tl = s.tl[country]
    boxed = s.in_box_n[row.group] > 0
    if verb == "make":
        return (
            len(action) == 3
            and boxed
            and row.make_gp <= gp
            and row.tl <= tl
            and action[2] in placement_hexes(s, country, row.is_ship)
        )
    if verb == "extra":
        return action == row.extra and row.extra_gp <= gp and row.tl <= tl and s.in_supply_n[row.group] > 0
    if verb == "convert":
        return (
            action == row.convert
            and boxed
            and row.upgrade_gp <= gp
            and row.upgrade_tl <= tl
            and s.in_supply_n[row.upgrade_group] > 0
        )
    return False


def apply_produce(s: BystonState, action: tuple[Any, ...], pending: tuple[Any, ...]) -> None:
    country = pending[2]
    verb = action[0]
    if verb == "done":
        return
    st = static()
    if verb == "destroy":
        # 8.11: back to the factory box, usable at once; 30.5 or 31.5 may follow (a flagship off
        # the map, B-35); 8.12 for characters left without a unit.
        i = find_counter(s, country, action[1], action[2], action[3])
        s.say("8.11", "destroyed", country=country, unit=action[1], hex=action[2])
        s.set_where(i, BOX)
        s.flipped[i] = 0
        s.push(("collapse_check",), ("stranded", "8.12"), ("produce_ask", country))
        return
    if verb == "chit":
        k = action[1]
        d = derived()
        chit_gp = d.chit_gp[k]
        chit_kind = d.chit_kind[k]
        s.gp[country] -= chit_gp
        if chit_kind == CHIT_SURPRISE:
            s.surprise_held = True
            s.say("16.2", "chit_made_held", country=country, chit=k, gp=chit_gp)
        else:
            s.chit_cup[k] += 1
            clause = (
                "8.11.4" if chit_kind == CHIT_SHOT else "8.11.3" if chit_kind == CHIT_ZELANA else "8.11.1"
            )
            s.say(clause, "chit_made", country=country, chit=k, gp=chit_gp)
        if chit_kind != CHIT_SHOT and chit_kind != CHIT_ZELANA:
            s.chits_made[country] += 1
    else:
        p = derived().production_of[country][action[1]]
        where = s.where
        if verb == "make":
            i = where.index(BOX, p.lo, p.hi)  # the first of them in the factory box
            s.set_where(i, action[2])
            s.flipped[i] = 0
            s.gp[country] -= p.make_gp
            s.say("8.7", "made", country=country, unit=action[1], hex=action[2], gp=p.make_gp)
            mark = MADE_MARK.get(st.unit_ids[p.unit])
            if mark is not None and not s.marks[mark]:
                s.marks[mark] = s.turn
        elif verb == "extra":
            s.set_where(where.index(SUPPLY, p.lo, p.hi), BOX)
            s.gp[country] -= p.extra_gp
            s.say("9.2", "extra", country=country, unit=action[1], gp=p.extra_gp)
        else:  # convert (10.3)
            old = where.index(BOX, p.lo, p.hi)
            new = where.index(SUPPLY, p.upgrade_lo, p.upgrade_hi)
            s.set_where(old, SUPPLY)
            s.set_where(new, BOX)
            s.gp[country] -= p.upgrade_gp
            s.say("10.3", "converted", country=country, unit=action[1], to=p.upgrade_unit, gp=p.upgrade_gp)
    s.push(("produce_ask", country))


TASKS = {"produce_phase": task_produce_phase, "produce_ask": task_produce_ask}
DECISIONS = {"produce": (legal_produce, apply_produce, "8.2")}
CHECKS = {"produce": is_legal_produce}
