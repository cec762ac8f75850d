"""The production phase (8.1–8.11): production from the factory box (8.3–8.10), 増産 (9.1–9.5),
換装 (10.1–10.6) and action chits (8.11h, 8.11.1–8.11.4, 16.1–16.2), in any order and number
(8.2), each country in the order of play until it is done."""

from __future__ import annotations

from bisect import bisect_left
from itertools import compress
from typing import TYPE_CHECKING, Any

from ..board import (
    AH,
    BOX,
    COLLAPSED,
    MADE_MARK,
    MI,
    NEXT_SHEET,
    SHEET_COUNTRIES,
    SUPPLY,
    ask_in_order_of_play,
    find_counter,
    holds_two,
    owns_just_its_own,
    static,
)
from .characters import after_removal
from .fast_check import DONE, opening
from .tables import CHIT_SHOT, CHIT_SURPRISE, CHIT_ZELANA, ChitRow, Production, derived

if TYPE_CHECKING:
    from ..types import State

_DERIVED = derived()
"""The tables derived once from the data (a global read: a call of the cached ``derived()`` costs
more, and a listing reads them several times)."""
PRINTED = static().printed_owner
"""Every counter's printed country: ``owner`` is this very tuple while no counter changed hands
(:func:`.board.owns_just_its_own`)."""


def task_produce_phase(s: State) -> None:
    ask_in_order_of_play(s, "produce", SHEET_COUNTRIES[0])


def task_produce_ask(s: State, country: int) -> None:
    """Asked while it has anything to do, then the next country in the order of play; a country
    with nothing it can afford passes (public). A country that collapsed, at the start of the
    phase or by its own destruction (8.11, B-35), has nothing left to produce with."""
    ask_in_order_of_play(s, "produce", country)


def placement_hexes(s: State, country: int, ship: bool) -> list[int]:
    """8.7 (B-11): the country's own castles for a ship, own castles and forts for an AB; never
    the secret factory (30.6.3)."""
    return _placements(s, country, owns_just_its_own(s, country))[ship]


def _placements(s: State, country: int, own: bool) -> tuple[list[int], list[int]]:
    """:func:`placement_hexes` for an AB and for a ship; ``own``: the country owns just the
    counters printed in its colour (:func:`.board.owns_just_its_own`)."""
    d = _DERIVED
    where = s.where
    secret = s.secret
    if own:  # its castles and forts are its own ranges, and on_map_n counts those on the map
        on_map_n = s.on_map_n
        castles = d.castles_of[country]
        forts = d.forts_of[country]
        # Sorted, a range's places on the map are its last ones (off the map is negative); none
        # or one on the map (the usual counts) are had without a sort.
        n = on_map_n[d.castle_group[country]] if castles else 0
        if n > 1:
            castle_hexes = sorted(where[castles.start : castles.stop])
            del castle_hexes[: len(castles) - n]
        else:
            castle_hexes = [max(where[castles.start : castles.stop])] if n else []
        fort_hexes = [] if forts and not on_map_n[d.fort_group[country]] else where[forts.start : forts.stop]
        if fort_hexes:
            off_map = len(forts) - on_map_n[d.fort_group[country]]
            if secret in forts and where[secret] >= 0:
                fort_hexes[secret - forts.start] = SUPPLY  # never the secret factory (30.6.3)
                off_map += 1
            fort_hexes.sort()
            del fort_hexes[:off_map]
        if len(castle_hexes) > 1:  # two castles in a hex break 12.6, but a hand-made state may
            castle_hexes = list(dict.fromkeys(castle_hexes))
        if not fort_hexes:
            return castle_hexes, castle_hexes
        return sorted({*castle_hexes, *fort_hexes}), castle_hexes
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


def chit_choices(s: State, country: int) -> list[int]:
    """8.11.1–8.11.4, 16.1, B-12: the chits ``country`` may produce now."""
    return [row[0] for row in _chit_rows(s, country)]


def _chit_rows(s: State, country: int) -> list[ChitRow]:
    d = _DERIVED
    gp = s.gp[country]
    at_limit = s.chits_made[country] >= d.chit_limit[country]
    cup = s.chit_cup
    opened = s.chit_open
    out: list[ChitRow] = []
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


def destroyable(s: State, country: int) -> list[tuple[Any, ...]]:
    """8.11 (B-9): ("destroy", unit, hex, flipped) for the country's own aura machines on the map,
    face up or flipped, unless it is its last counter on the map (B-51); sorted."""
    lo, hi, rows, in_order = _DERIVED.destroy_rows[country]
    out: list[tuple[Any, ...]] = []
    on_map_n = s.on_map_n
    if s.owner is PRINTED or owns_just_its_own(s, country):  # (the usual case without a call)
        for p in compress(rows, on_map_n[lo:hi]):  # the groups with counters on the map
            if p is not None:  # not a building
                _add_own_destroys(s, p, out)
        if len(out) < 2:  # B-51: its groups (lo, hi) count all it has on the map
            return out if out and sum(on_map_n[lo:hi]) >= 2 else []
    else:
        for p in compress(rows, on_map_n[lo:hi]):
            if p is not None:
                _add_destroys(s, country, p, out)
        if len(out) < 2:
            return out if out and holds_two(s, country) else []  # B-51
    if not in_order:  # the groups are not in unit order: sort
        out.sort()
    return out


def _add_own_destroys(s: State, p: Production, out: list[tuple[Any, ...]]) -> None:
    """The destroy actions of row ``p``'s counters, all the country's own, sorted."""
    unit, lo, hi = p.unit, p.lo, p.hi
    where = s.where
    table = _DERIVED.destroy_action[unit]
    n = s.on_map_n[p.group]
    if n == 1:  # the usual case: one on the map, the largest place
        at = max(where[lo:hi])
        out.append(table[2 * at + s.flipped[where.index(at, lo, hi)]])
        return
    if 1 in s.flipped[lo:hi]:
        for at, face in sorted(set(zip(where[lo:hi], s.flipped[lo:hi], strict=True))):
            if at >= 0:
                out.append(table[2 * at + face])
        return
    # All face up: sorted, the places on the map are the last n (off the map is negative).
    places = where[lo:hi]
    places.sort()
    last = -1
    for at in places[hi - lo - n :]:
        if at != last:
            out.append(table[2 * at])
            last = at


def _add_destroys(s: State, country: int, p: Production, out: list[tuple[Any, ...]]) -> None:
    """The destroy actions of row ``p``'s counters that ``country`` still owns, sorted."""
    where = s.where
    owner = s.owner
    flipped = s.flipped
    table = _DERIVED.destroy_action[p.unit]
    places = {2 * where[i] + flipped[i] for i in range(p.lo, p.hi) if where[i] >= 0 and owner[i] == country}
    out.extend([table[k] for k in sorted(places)])


HANDED_ON = ("handed_on",)
"""The mark of ``produce_kept`` as :func:`apply_produce` hands it to the listing that follows.

``produce_kept`` is ``(decision, country, chits, destroys, placements)``: the pending decision
it was listed for (or ``HANDED_ON``), its country, and the parts of the listing that a choice may leave as they were (``None``: list it again) —
the chit rows it may produce (:func:`_chit_rows`), the machines it may destroy
(:func:`destroyable`) and the hexes it may make an AB and a ship at (:func:`_placements`)."""


def legal_produce(s: State) -> list[tuple[Any, ...]]:
    """Built in sorted order (chit < convert < destroy < done < extra < make, each by its
    arguments; the sheet's rows are by unit index), so no sort is needed. Only the rows the
    country can afford at its TL and GP are read (``derived().sheet_rows``), and
    plain loops rather than comprehensions fill the lists (a comprehension using a local makes
    that local a cell).

    The chits it may produce (8.11.1), the machines it may destroy (8.11) and the hexes it may
    place at (8.7) are kept in ``produce_kept`` with the decision they were listed for; the
    country's choice hands them on, changed by what it did, to the listing of its next choice
    (:func:`apply_produce`), unless a country collapsed in between (35: counters and chits leave
    the game or change hands), which drops what was kept (:func:`.collapse.collapses`)."""
    pending = s.pending
    assert pending is not None
    country = pending[2]
    kept = s.produce_kept
    chits: list[ChitRow] | None
    destroys: list[tuple[Any, ...]] | None
    placements: tuple[list[int], list[int]] | None  # for an AB, for a ship
    if kept is not None and kept[0] is HANDED_ON and kept[1] == country:
        _, _, chits, destroys, placements = kept
    else:
        chits = destroys = placements = None
    gp = s.gp[country]
    in_box_n = s.in_box_n
    in_supply_n = s.in_supply_n
    out: list[tuple[Any, ...]] = []
    if chits is None:
        chits = _chit_rows(s, country)
    for _, _, _, _, action in chits:
        out.append(action)
    # Only the rows it may buy at its TL (8.5, 9.3, 10.4) and GP (8.4, 9.4, 10.3) are read, and
    # of those only whether the counters are there: each kind's rows are by unit, so the actions
    # come out sorted.
    by_gp = _DERIVED.sheet_rows[country][s.tl[country]]
    converts, extra_rows, make_rows = by_gp[gp] if gp < len(by_gp) else by_gp[-1]
    for group, up_group, convert in converts:
        if in_box_n[group] and in_supply_n[up_group]:  # 10.2: in the box, and a counter to become
            out.append(convert)
    if destroys is None:
        destroys = destroyable(s, country)
    out.extend(destroys)  # 8.11
    out.append(DONE)
    for group, extra in extra_rows:
        if in_supply_n[group]:  # 9.5: a spare counter
            out.append(extra)
    for group, is_ship, make_action in make_rows:
        if in_box_n[group]:  # 8.3: from the factory box
            if placements is None:
                placements = _placements(s, country, s.owner is PRINTED or owns_just_its_own(s, country))
            for h in placements[is_ship]:
                out.append(make_action[h])
    s.produce_kept = (pending, country, chits, destroys, placements)
    return out


def is_legal_produce(s: State, action: tuple[Any, ...]) -> bool:
    """Whether ``action`` is in :func:`legal_produce`, looking only at what it names."""
    opened = opening(s, action)
    if isinstance(opened, bool):
        return opened
    country, verb = opened
    if verb == "chit":
        return any(row[4] == action for row in _chit_rows(s, country))
    if verb == "destroy":
        return action in destroyable(s, country)
    if len(action) < 2:
        return False
    row = None
    for p in _DERIVED.production[country]:
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


def apply_produce(s: State, action: tuple[Any, ...], pending: tuple[Any, ...]) -> None:
    country = pending[2]
    verb = action[0]
    kept = s.produce_kept
    s.produce_kept = None
    if verb == "done":
        ask_in_order_of_play(s, "produce", NEXT_SHEET[country])
        return
    if verb == "destroy":
        # 8.11: back to the factory box, usable at once; 30.5 or 31.5 may follow (a flagship off
        # the map, B-35); 8.12 for characters left without a unit.
        i = find_counter(s, country, action[1], action[2], action[3])
        s.say("8.11", "destroyed", ("country", country), ("unit", action[1]), ("hex", action[2]))
        s.set_where(i, BOX)
        s.flipped[i] = 0
        collapsed = s.status.count(COLLAPSED)
        if kept is not None and kept[0] is pending and s.owner is PRINTED:
            _, _, chits, destroys, placements = kept
            p = _DERIVED.production_of[country][action[1]]
            if p.group == _DERIVED.spriggan_group:
                chits = None  # 8.11.4: the shot chit needs the Spriggan on the map
            destroys = _after_destroy(s, destroys, action, p)
            s.produce_kept = (HANDED_ON, country, chits, destroys, placements)
        # the sweep in that hex alone; asked again after what the destruction brings about
        after_removal(s, "8.12", action[2], collapsed, ("produce_ask", country))
        return
    if verb == "chit":
        k = action[1]
        d = _DERIVED
        chit_gp = d.chit_gp[k]
        chit_kind = d.chit_kind[k]
        s.gp[country] -= chit_gp
        if chit_kind == CHIT_SURPRISE:
            s.surprise_held = True
            s.cite("16.2", ("16.1",), "chit_made_held", ("country", country), ("chit", k), ("gp", chit_gp))  # Drake's alone
        else:
            s.chit_cup[k] += 1
            clause = (
                "8.11.4" if chit_kind == CHIT_SHOT else "8.11.3" if chit_kind == CHIT_ZELANA else "8.11.1"
            )
            limit = ("8.11.2",) if clause == "8.11.1" and country in (AH, MI) else ()  # Ah and Mi: 1 only
            s.cite(clause, limit, "chit_made", ("country", country), ("chit", k), ("gp", chit_gp))
        if chit_kind != CHIT_SHOT and chit_kind != CHIT_ZELANA:
            s.chits_made[country] += 1
    else:
        p = _DERIVED.production_of[country][action[1]]
        where = s.where
        if verb == "make":
            i = where.index(BOX, p.lo, p.hi)  # the first of them in the factory box
            # 8.3 from the factory box, 8.4 its GP paid, 8.5 its TL reached; 8.2, 8.6: productions
            # are not counted; 8.8 a hex holds any number; 8.9 enemy units there do not stop it
            also = _placed_among(s, country, action[2])
            s.set_where(i, action[2])
            s.flipped[i] = 0
            s.gp[country] -= p.make_gp
            s.cite("8.7", ("8.3", "8.4", "8.5", "8.2", "8.6", *also), "made",
                   ("country", country), ("unit", action[1]), ("hex", action[2]), ("gp", p.make_gp))
            mark = MADE_MARK.get(static().unit_ids[p.unit])
            if mark is not None and not s.marks[mark]:
                s.set_mark(mark, s.turn)
        elif verb == "extra":
            s.set_where(where.index(SUPPLY, p.lo, p.hi), BOX)
            s.gp[country] -= p.extra_gp
            # 9.3 its TL, 9.4 a set GP; 8.2, 9.5: extra productions are not counted
            s.cite("9.2", ("9.3", "9.4", "8.2", "9.5"), "extra", ("country", country), ("unit", action[1]), ("gp", p.extra_gp))
        else:  # convert (10.3)
            old = where.index(BOX, p.lo, p.hi)
            new = where.index(SUPPLY, p.upgrade_lo, p.upgrade_hi)
            s.set_where(old, SUPPLY)
            s.set_where(new, BOX)
            s.gp[country] -= p.upgrade_gp
            # 10.2 an AB, 10.4 the TL of what it becomes; 8.2, 10.5, 10.6: conversions are not
            # counted, and the unit made may be converted again
            s.cite("10.3", ("10.2", "10.4", "8.2", "10.5", "10.6"), "converted",
                   ("country", country), ("unit", action[1]), ("to", p.upgrade_unit), ("gp", p.upgrade_gp))
    if kept is not None and kept[0] is pending:
        # No building moved and nothing changed hands: the places to make at are as they were,
        # and so are the machines to destroy unless one was just made; the chits are those the
        # GP left still buy, unless a chit was made (8.11.1–8.11.2 count them) or the Spriggan.
        _, _, chits, destroys, placements = kept
        if verb == "chit" or chits is None:
            chits = None
        elif verb == "make" and p.group == _DERIVED.spriggan_group:  # (``p``: the row made, above)
            chits = None  # 8.11.4: the shot chit needs the Spriggan on the map
        else:
            gp = s.gp[country]
            left = []  # (a plain loop: a comprehension is a call)
            for row in chits:
                if row[1] <= gp:  # its cost
                    left.append(row)
            chits = left
        if verb == "make":
            destroys = _after_make(s, destroys, action)
        s.produce_kept = (HANDED_ON, country, chits, destroys, placements)
    # Asked again at once, by the seat it was asked by (nothing happens between two of its choices,
    # and it has not collapsed); else the next country in the order of play.
    if not s.ask_if_choice("produce", pending[1], country):
        ask_in_order_of_play(s, "produce", NEXT_SHEET[country])


def _after_make(s: State, destroys: list[tuple[Any, ...]], action: tuple[Any, ...]) -> list[tuple[Any, ...]] | None:
    """:func:`destroyable` after ``action`` made a unit, face up, from the country's listing
    ``destroys`` before it: the same with the new one's action in its sorted place, while the
    counters are their printed countries' (else ``None``: list them again). B-51 cannot take
    any away: a country that makes a unit has a building on the map (8.10) beside it."""
    if s.owner is not PRINTED:
        return None
    made = _DERIVED.destroy_action[action[1]][2 * action[2]]
    if made in destroys:
        return destroys
    k = bisect_left(destroys, made)
    return [*destroys[:k], made, *destroys[k:]]


def _after_destroy(
    s: State, destroys: list[tuple[Any, ...]], action: tuple[Any, ...], p: Production
) -> list[tuple[Any, ...]] | None:
    """:func:`destroyable` after ``action`` sent one of the country's own counters of row ``p``
    back to the box, from the country's listing ``destroys`` before it: the same while a counter
    like it (its hex, its face) is left there, else without that action; ``None`` (list them
    again) when fewer than two would be left, for B-51 to be read again."""
    if len(destroys) < 3:
        return None
    _, _, h, face = action
    where = s.where
    flipped = s.flipped
    for i in range(p.lo, p.hi):
        if where[i] == h and flipped[i] == face:
            return destroys
    out = destroys.copy()
    out.remove(action)  # (listed once: each destroy action names a distinct hex and face)
    return out


def _placed_among(s: State, country: int, h: int) -> tuple[str, ...]:
    """8.8 where a unit is made in a hex that holds units already, 8.9 where some are the other
    camp's."""
    stack = s.stacks[h]
    if not stack:
        return ()
    camp = static().camp
    mine = camp[country]
    owner = s.owner
    for i in stack:  # (a plain loop: an any() of a generator costs more)
        if camp[owner[i]] != mine:
            return ("8.8", "8.9")
    return ("8.8",)


def refuse_produce(s: State, action: tuple[Any, ...]) -> tuple[str, str] | None:
    """8.10: a unit is made only where the country has a building on the map; 30.6.3 never at the
    secret factory; ``None`` for any other refusal (the decision's own clause, 8.2, is cited)."""
    assert s.pending is not None
    if action[:1] != ("make",) or len(action) != 3 or type(action[1]) is not int:
        return None
    country = s.pending[2]
    if not _placements(s, country, owns_just_its_own(s, country))[0]:
        return "8.10", "the country has no building on the map to make units at"
    if s.secret >= 0 and s.owner[s.secret] == country and action[2] == s.where[s.secret]:
        return "30.6.3", "nothing made is placed at the secret factory"
    return None


TASKS = {"produce_phase": task_produce_phase, "produce_ask": task_produce_ask}
DECISIONS = {"produce": (legal_produce, apply_produce, "8.2")}
CHECKS = {"produce": is_legal_produce}
REFUSALS = {"produce": refuse_produce}
