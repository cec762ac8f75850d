"""The production phase (8.1–8.11): production from the factory box (8.3–8.10), 増産 (9.1–9.5),
換装 (10.1–10.6) and action chits (8.11h, 8.11.1–8.11.4, 16.1–16.2), in any order and number
(8.2), each country in the order of play until it is done."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..board import (
    BOX,
    COLLAPSED,
    DRAKE,
    MADE_MARK,
    SHEET_COUNTRIES,
    SUPPLY,
    find_counter,
    in_box,
    in_supply,
    static,
)

if TYPE_CHECKING:
    from ..state import BystonState

DONE = ("done",)


def task_produce_phase(s: BystonState) -> None:
    s.push(*(("produce_ask", c) for c in SHEET_COUNTRIES if s.status[c] != COLLAPSED))


def task_produce_ask(s: BystonState, country: int) -> None:
    """Asked while it has anything to do; a country with nothing it can afford passes (public)."""
    s.ask("produce", s.seat_of(country), country)
    if len(s.legal_actions()) == 1:
        s.pending = None
        s.legal_cache = None


def placement_hexes(s: BystonState, country: int, ship: bool) -> list[int]:
    """8.7 (B-11): the country's own castles for a ship, own castles and forts for an AB; never
    the secret factory (30.6.3)."""
    st = static()
    where = s.where
    owner = s.owner
    out = []
    for i in range(len(where)):
        if where[i] >= 0 and owner[i] == country and i != s.secret:
            kind = st.unit_kind[st.counter_unit[i]]
            if kind == "castle" or (kind == "fort" and not ship):
                out.append(where[i])
    return sorted(set(out))


def chit_choices(s: BystonState, country: int) -> list[int]:
    """8.11.1–8.11.4, 16.1, B-12: the chits ``country`` may produce now."""
    st = static()
    t = st.t
    limit = t.countries[st.country_ids[country]].chit_limit or 0
    gp = s.gp[country]
    out = []
    for k, chit in enumerate(t.chits.values()):
        if st.country_ids[country] not in chit.producers or chit.gp > gp:
            continue
        used = s.chit_cup[k] + s.chit_open[k] + (1 if chit.kind == "surprise" and s.surprise_held else 0)
        if used >= chit.count:
            continue
        if chit.kind == "shot":
            # 8.11.4: only while the Spriggan is on the map; outside the limit.
            if not any(s.where[i] >= 0 for i in st.counters_of(DRAKE, "spriggan")):
                continue
        elif chit.kind != "zelana" and s.chits_made[country] >= limit:
            continue
        out.append(k)
    return out


def destroyable(s: BystonState, country: int) -> list[tuple[int, int, int]]:
    """8.11 (B-9): the country's own aura machines on the map, face up or flipped, unless it is its
    last counter on the map (B-51)."""
    st = static()
    where = s.where
    owner = s.owner
    kinds = st.unit_kind
    unit = st.counter_unit
    mine = [i for i in range(len(where)) if where[i] >= 0 and owner[i] == country]
    if len(mine) < 2:
        return []  # B-51: never the last counter on the map
    return sorted(
        {
            (unit[i], where[i], s.flipped[i])
            for i in mine
            if st.counter_country[i] == country and kinds[unit[i]] in MACHINES
        }
    )


MACHINES = frozenset({"AB", "AS", "ABS"})


def legal_produce(s: BystonState) -> list[tuple[Any, ...]]:
    assert s.pending is not None
    country = s.pending[2]
    st = static()
    t = st.t
    gp = s.gp[country]
    tl = s.tl[country]
    where = s.where
    out: list[tuple[Any, ...]] = [("chit", k) for k in chit_choices(s, country)]
    out.append(DONE)
    ab_hexes: list[int] | None = None
    ship_hexes: list[int] | None = None
    for unit_id, kind in t.countries[st.country_ids[country]].counters.items():
        m = t.machines.get(unit_id)
        if m is None:
            continue
        u = st.unit_number[unit_id]
        counters = st.ranges[(country, u)]
        boxed = BOX in where[counters.start : counters.stop]
        if boxed and m.gp is not None and m.gp <= gp and m.tl <= tl:
            if m.is_ship:
                if ship_hexes is None:
                    ship_hexes = placement_hexes(s, country, True)
                out.extend(("make", u, h) for h in ship_hexes)
            else:
                if ab_hexes is None:
                    ab_hexes = placement_hexes(s, country, False)
                out.extend(("make", u, h) for h in ab_hexes)
        if (
            m.extra_gp is not None
            and m.extra_gp <= gp
            and m.tl <= tl
            and SUPPLY in where[counters.start : counters.stop]
        ):
            out.append(("extra", u))
        if boxed and kind.upgrade_to is not None and kind.upgrade_gp is not None and kind.upgrade_gp <= gp:
            target = t.machines[kind.upgrade_to]
            if target.tl <= tl and in_supply(s, country, kind.upgrade_to):
                out.append(("convert", u))
    out.extend(("destroy", *key) for key in destroyable(s, country))
    out.sort()
    return out


def apply_produce(s: BystonState, action: tuple[Any, ...], pending: tuple[Any, ...]) -> None:
    country = pending[2]
    verb = action[0]
    if verb == "done":
        return
    st = static()
    t = st.t
    if verb == "destroy":
        # 8.11: back to the factory box, usable at once; 8.12 for characters left without a unit.
        i = find_counter(s, country, action[1], action[2], action[3])
        s.say("8.11", "destroyed", country=country, unit=action[1], hex=action[2])
        s.where[i] = BOX
        s.flipped[i] = 0
        s.push(("stranded", "8.12"), ("produce_ask", country))
        return
    if verb == "chit":
        k = action[1]
        chit = list(t.chits.values())[k]
        s.gp[country] -= chit.gp
        if chit.kind == "surprise":
            s.surprise_held = True
            s.say("16.2", "chit_made_held", country=country, chit=k, gp=chit.gp)
        else:
            s.chit_cup[k] += 1
            clause = {"shot": "8.11.4", "zelana": "8.11.3"}.get(chit.kind, "8.11.1")
            s.say(clause, "chit_made", country=country, chit=k, gp=chit.gp)
        if chit.kind not in ("shot", "zelana"):
            s.chits_made[country] += 1
    else:
        unit_id = st.unit_ids[action[1]]
        m = t.machines[unit_id]
        if verb == "make":
            i = in_box(s, country, unit_id)[0]
            s.where[i] = action[2]
            s.flipped[i] = 0
            assert m.gp is not None
            s.gp[country] -= m.gp
            s.say("8.7", "made", country=country, unit=action[1], hex=action[2], gp=m.gp)
            mark = MADE_MARK.get(unit_id)
            if mark is not None and not s.marks[mark]:
                s.marks[mark] = s.turn
        elif verb == "extra":
            i = in_supply(s, country, unit_id)[0]
            s.where[i] = BOX
            assert m.extra_gp is not None
            s.gp[country] -= m.extra_gp
            s.say("9.2", "extra", country=country, unit=action[1], gp=m.extra_gp)
        else:  # convert (10.3)
            kind = t.countries[st.country_ids[country]].counters[unit_id]
            assert kind.upgrade_to is not None and kind.upgrade_gp is not None
            old = in_box(s, country, unit_id)[0]
            new = in_supply(s, country, kind.upgrade_to)[0]
            s.where[old] = SUPPLY
            s.where[new] = BOX
            s.gp[country] -= kind.upgrade_gp
            s.say(
                "10.3",
                "converted",
                country=country,
                unit=action[1],
                to=st.unit_index(kind.upgrade_to),
                gp=kind.upgrade_gp,
            )
    s.push(("produce_ask", country))


TASKS = {"produce_phase": task_produce_phase, "produce_ask": task_produce_ask}
DECISIONS = {"produce": (legal_produce, apply_produce, "8.2")}
