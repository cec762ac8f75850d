"""The fast listings and checks of ドレイクの野望 equal the plain ones.

The indexes a state keeps of where its counters are (``stacks`` per hex, the counts per group of
counters alike) equal ones rebuilt from scratch after every step of random games, in clones and
after reading JSON.

The production, building and repair listings (and B-15's sweep for stranded characters) work from
tables derived once (``rules/tables.py``) and look only at the counters that can matter. The plain
versions below walk the authored tables and every counter, as the rules first did. Random games
compare the two at every call (so a game goes the same step for step), shaken states (counters
thrown onto a few crowded hexes, flipped, changed hands; GP, TL and states redrawn) compare them
for every country, and the fast ``is_legal`` checks agree with membership in the listing for
every action listed and its near misses.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from random import Random
from typing import Any

import pytest

from asobi.core import CHANCE, TERMINAL
from asobi.core.errors import BadRecordError
from asobi.games.byston.board import (
    BOX,
    COLLAPSED,
    GONE,
    NA,
    RAU,
    SUPPLY,
    ZELANA,
    counts_of,
    in_box,
    in_supply,
    stacks_of,
    static,
)
from asobi.games.byston.control import (
    CONTESTED,
    all_collectors,
    collectors,
    controllers,
    income_collection,
    income_hex_control,
)
from asobi.games.byston.rules import FLOW, characters
from asobi.games.byston.rules.collapse import serving_country
from asobi.games.byston.rules.income import _passed_over, _withheld
from asobi.games.byston.rules.move import hosts
from asobi.games.byston.state import BystonState
from asobi.games.byston.tables import Terrain
from support.play import played, random_playout

# ---- the plain listings ------------------------------------------------------------------------


def plain_placement_hexes(s: BystonState, country: int, ship: bool) -> list[int]:
    st = static()
    out = []
    for i in range(len(s.where)):
        if s.where[i] >= 0 and s.owner[i] == country and i != s.secret:
            kind = st.unit_kind[st.counter_unit[i]]
            if kind == "castle" or (kind == "fort" and not ship):
                out.append(s.where[i])
    return sorted(set(out))


def plain_chits(s: BystonState, country: int) -> list[int]:
    st = static()
    t = st.t
    limit = t.countries[st.country_ids[country]].chit_limit or 0
    out = []
    for k, chit in enumerate(t.chits.values()):
        if st.country_ids[country] not in chit.producers or chit.gp > s.gp[country]:
            continue
        used = s.chit_cup[k] + s.chit_open[k] + (1 if chit.kind == "surprise" and s.surprise_held else 0)
        if used >= chit.count:
            continue
        if chit.kind == "shot":
            if not any(s.where[i] >= 0 for i in st.counters_of(0, "spriggan")):
                continue
        elif chit.kind != "zelana" and s.chits_made[country] >= limit:
            continue
        out.append(k)
    return out


def plain_destroyable(s: BystonState, country: int) -> list[tuple[Any, ...]]:
    st = static()
    mine = [i for i in range(len(s.where)) if s.where[i] >= 0 and s.owner[i] == country]
    if len(mine) < 2:
        return []
    return sorted(
        {
            ("destroy", st.counter_unit[i], s.where[i], s.flipped[i])
            for i in mine
            if st.counter_country[i] == country and st.kind(i) in ("AB", "AS", "ABS")
        }
    )


def plain_produce(s: BystonState) -> list[tuple[Any, ...]]:
    assert s.pending is not None
    country = s.pending[2]
    st = static()
    t = st.t
    gp, tl, where = s.gp[country], s.tl[country], s.where
    out: list[tuple[Any, ...]] = [("chit", k) for k in plain_chits(s, country)]
    out.append(("done",))
    for unit_id, kind in t.countries[st.country_ids[country]].counters.items():
        m = t.machines.get(unit_id)
        if m is None:
            continue
        u = st.unit_number[unit_id]
        counters = st.ranges[(country, u)]
        boxed = BOX in where[counters.start : counters.stop]
        if boxed and m.gp is not None and m.gp <= gp and m.tl <= tl:
            out.extend(("make", u, h) for h in plain_placement_hexes(s, country, m.is_ship))
        if m.extra_gp is not None and m.extra_gp <= gp and m.tl <= tl and in_supply(s, country, unit_id):
            out.append(("extra", u))
        if (
            boxed
            and kind.upgrade_to is not None
            and kind.upgrade_gp is not None
            and kind.upgrade_gp <= gp
            and t.machines[kind.upgrade_to].tl <= tl
            and in_supply(s, country, kind.upgrade_to)
        ):
            out.append(("convert", u))
    out.extend(plain_destroyable(s, country))
    out.sort()
    return out


def plain_survey(s: BystonState, country: int) -> tuple[set[int], set[int], set[int], set[int]]:
    st = static()
    mine = st.camp[country]
    built: set[int] = set()
    forbidden: set[int] = set()
    enemy_abs: dict[int, int] = {}
    ships: set[int] = set()
    zelana: set[int] = set()
    for i in range(len(s.where)):
        h = s.where[i]
        if h < 0:
            continue
        kind = st.kind(i)
        if kind in ("castle", "fort"):
            built.add(h)
        if st.camp[s.owner[i]] != mine:
            if kind == "AB":
                enemy_abs[h] = enemy_abs.get(h, 0) + 1
                if enemy_abs[h] >= 3:
                    forbidden.add(h)
            else:
                forbidden.add(h)
        elif kind in ("AS", "ABS"):
            unit = st.unit_id(i)
            if s.owner[i] == country and not s.flipped[i] and unit not in ("zelana", "spriggan"):
                ships.add(h)
            if unit == "zelana" and s.owner[i] == ZELANA:
                zelana.add(h)
    return built, forbidden, ships, zelana


def plain_build(s: BystonState) -> list[tuple[Any, ...]]:
    assert s.pending is not None
    country = s.pending[2]
    st = static()
    t = st.t
    out: list[tuple[Any, ...]] = [("done",)]
    kinds = [k for k in ("castle", "fort") if in_box(s, country, k) and t.buildings[k].gp <= s.gp[country]]
    built, forbidden, ships, zelana = plain_survey(s, country)
    if kinds:
        for h in sorted(set(ships) | {h for h in range(len(st.nation)) if st.nation[h] == country}):
            if h in built or h in forbidden:
                continue
            land = st.nation[h]
            if land != country:
                if land >= 0 and st.camp[land] == st.camp[country] and s.status[land] != COLLAPSED:
                    continue
                if h not in ships:
                    continue
            ground = t.map.terrain_of[h]
            for k in kinds:
                fort_ground = ground is Terrain.HIGHLAND or (country == RAU and h in st.karakara)
                if ground is Terrain.PLAIN or (k == "fort" and fort_ground):
                    out.append(("build", k, h))
    mine = [i for i in range(len(s.where)) if s.where[i] >= 0 and s.owner[i] == country]
    if len(mine) >= 2:
        out.extend(
            ("raze", s.where[i]) for i in mine if st.counter_country[i] == country and st.is_building(i)
        )
    if (
        country == RAU
        and not s.secret_built
        and in_box(s, RAU, "fort")
        and t.buildings["fort"].gp <= s.gp[RAU]
        and st.rian_coast in zelana
        and st.rian_coast not in built
        and st.rian_coast not in forbidden
    ):
        out.append(("secret",))
    out.sort()
    return out


def plain_repair(s: BystonState) -> list[tuple[Any, ...]]:
    assert s.pending is not None
    country = s.pending[2]
    st = static()
    building_of = {s.where[i]: i for i in range(len(s.where)) if s.where[i] >= 0 and st.is_building(i)}
    keys = set()
    for i in range(len(s.where)):
        h = s.where[i]
        b = building_of.get(h)
        if h < 0 or not s.flipped[i] or b is None or st.t.unit(st.unit_id(i)).repair_gp > s.gp[country]:
            continue
        if s.owner[i] == country and i == b:
            keys.add((s.owner[i], st.counter_unit[i], h))
            continue
        own = s.owner[i] == country and st.camp[s.owner[b]] == st.camp[country]
        zelana = s.owner[i] == ZELANA and country in (RAU, NA) and s.owner[b] == country
        if (own or zelana) and not (st.kind(i) == "ABS" and st.kind(b) == "fort"):
            keys.add((s.owner[i], st.counter_unit[i], h))
    return [("done",), *(("repair", *key) for key in sorted(keys))]


def plain_stranded(s: BystonState, clause: str) -> list[tuple[Any, ...]]:
    """The tasks B-15's sweep pushes, one at a time (so the last runs first)."""
    tasks = []
    for k, at in enumerate(s.char_at):
        ok = hosts(serving_country(s, k))
        if at >= 0 and not any(w == at and s.owner[i] in ok for i, w in enumerate(s.where)):
            tasks.append(("place_char", k, clause) if clause == "8.12" else ("place_near", k, at, clause))
    return tasks


PLAIN: dict[str, Callable[[BystonState], list[tuple[Any, ...]]]] = {
    "produce": plain_produce,
    "build": plain_build,
    "repair": plain_repair,
}


# ---- the comparison --------------------------------------------------------------------------


@contextmanager
def compared_listings(seen: dict[str, set[tuple[Any, ...]]]) -> Iterator[None]:
    """Every call of a fast listing is checked against its plain one; actions seen are kept."""
    saved = {kind: FLOW.decisions[kind].legal for kind in PLAIN}

    def checked(kind: str) -> Callable[[BystonState], list[tuple[Any, ...]]]:
        fast = saved[kind]

        def listing(s: BystonState) -> list[tuple[Any, ...]]:
            got = list(fast(s))
            want = PLAIN[kind](s)
            assert got == want, (kind, s.pending, sorted(set(got) ^ set(want)))
            seen[kind].update(got)
            return got

        return listing

    fast_stranded = FLOW.tasks["stranded"]

    def stranded(s: BystonState, clause: str, *hex_and_collapsed: int) -> None:
        # After a destruction the fast sweep looks at the one hex a counter left (unless a country
        # collapsed since); the plain one at every character on the map, and they must agree.
        want = plain_stranded(s, clause)
        before = len(s.agenda)
        fast_stranded(s, clause, *hex_and_collapsed)
        assert s.agenda[before:] == want, (s.agenda[before:], want)
        seen["stranded"].update([("swept",), *want])

    try:
        for kind in PLAIN:
            FLOW.decisions[kind].legal = checked(kind)
        FLOW.tasks["stranded"] = stranded
        characters.task_stranded = stranded  # (as a destruction calls it: ``after_removal``)
        yield
    finally:
        for kind, fn in saved.items():
            FLOW.decisions[kind].legal = fn
        FLOW.tasks["stranded"] = fast_stranded
        characters.task_stranded = fast_stranded


def near_misses(action: tuple[Any, ...]) -> list[tuple[Any, ...]]:
    """Actions one argument away from ``action`` (most of them illegal)."""
    out = []
    for k in range(1, len(action)):
        if isinstance(action[k], int):
            for delta in (-1, 1):
                out.append((*action[:k], action[k] + delta, *action[k + 1 :]))
    out.append((*action, 0))
    if len(action) > 1:
        out.append(action[:-1])
    return out


def play(seed: int, players: int, seen: dict[str, set[tuple[Any, ...]]], check_every: int) -> int:
    """A random game; every ``check_every`` decisions of a kind with a fast check, the check
    agrees with the listing on the actions seen so far and their near misses."""
    s = BystonState(players)
    steps = 0
    for _ in random_playout(s, Random(seed), unchecked=True):
        if s.current_seat < 0:  # chance, or the end
            continue
        legal = s.legal_actions()
        kind = s.pending[0] if s.pending else ""
        check = FLOW.decisions[kind].check
        if check is not None and steps % check_every == 0:
            fresh = s.clone()
            fresh.legal_cache = None
            pool = set(seen.get(kind, ())) | set(legal)
            for a in list(pool):
                pool.update(near_misses(a))
            for a in sorted(pool, key=repr):
                assert check(fresh, a) == (a in legal), (kind, a, s.pending)
            assert not check(fresh, ("no such verb",)) and not check(fresh, ())
        steps += 1
    return steps


@pytest.mark.parametrize("players", [2, 3, 4])
def test_fast_listings_equal_plain_ones_in_random_games(players: int) -> None:
    seen: dict[str, set[tuple[Any, ...]]] = {kind: set() for kind in (*PLAIN, "stranded")}
    with compared_listings(seen):
        for g in range(3):
            play(100 * players + g, players, seen, check_every=7)
    # every listing was met, and the B-15 sweep ran
    assert all(seen.values()), {k: len(v) for k, v in seen.items()}


def scrambled(seed: int) -> BystonState:
    """A state from a random game, then shaken: counters moved between a few crowded hexes (mostly
    Rian-coast and Karakara ones, to meet 30.4 and 30.6), the box and the supply, some flipped,
    some changed hands (as 35.3's remnants do), GP, TL, states and chit counts redrawn."""
    rng = Random(seed)
    s = BystonState(rng.choice((2, 3, 4)))
    played(s, rng, rng.randrange(300), unchecked=True)
    st = static()
    n = len(s.where)
    hot = [st.rian_coast, *sorted(st.karakara)[:2], *rng.sample(range(len(st.nation)), 6)]
    for i in rng.sample(range(n), 60):
        s.set_where(i, rng.choice([*hot, *hot, BOX, SUPPLY]))
    for i in rng.sample(range(n), 30):
        s.flipped[i] = int(s.where[i] >= 0 and rng.random() < 0.6)
    s.set_owners({i: rng.randrange(7) for i in rng.sample(range(n), rng.choice((0, 0, 8)))})
    for c in range(7):
        s.gp[c] = rng.randrange(40)
        s.tl[c] = rng.randrange(st.t.tl_max + 1)
        s.status[c] = rng.choice((0, 1, 2, 2, 3))
        s.chits_made[c] = rng.randrange(3)
    for k in range(len(s.chit_cup)):
        s.chit_cup[k] = rng.randrange(3)
    s.surprise_held = rng.random() < 0.5
    s.secret_built = rng.random() < 0.3
    forts = [i for i in st.counters_of(RAU, "fort") if s.where[i] == st.rian_coast]
    s.secret = forts[0] if forts and rng.random() < 0.5 else -1
    for k in range(len(s.char_at)):
        if rng.random() < 0.3:
            s.char_at[k] = rng.choice(hot)
    # What production and building kept to hand on from the game's last choice (caches, read only
    # by the very next listing of the country that chose) does not survive changes made by hand.
    s.produce_kept = None
    s.build_kept = None
    return s


@pytest.mark.parametrize("chunk", range(4))
def test_fast_listings_and_checks_on_shaken_states(chunk: int) -> None:
    """Every country, every listing, on states no game would reach in a few hundred steps."""
    for seed in range(chunk * 25, chunk * 25 + 25):
        s = scrambled(seed)
        for kind, plain in PLAIN.items():
            for country in range(7):
                s.pending = (kind, 0, country)
                s.legal_cache = None
                want = plain(s)
                assert list(FLOW.decisions[kind].legal(s)) == want, (seed, kind, country)
                check = FLOW.decisions[kind].check
                assert check is not None
                pool = set(want)
                for a in want:
                    pool.update(near_misses(a))
                for a in sorted(pool, key=repr):
                    assert check(s, a) == (a in want), (seed, kind, country, a)
        s.pending = None
        before = len(s.agenda)
        FLOW.tasks["stranded"](s, "8.12")
        assert s.agenda[before:] == plain_stranded(s, "8.12"), seed


@pytest.mark.parametrize("chunk", range(2))
def test_income_control_of_every_hex_equals_the_one_hex_rule(chunk: int) -> None:
    """``all_collectors`` (which skips the 6.4 items on a hex only its land owner's units hold)
    agrees with ``collectors`` hex by hex, on shaken states with counters of every country (and
    remnants that changed hands) put on income hexes."""
    st = static()
    printed_states = 0
    alone = 0
    for seed in range(chunk * 25, chunk * 25 + 25):
        s = scrambled(seed)
        rng = Random(seed)
        for i in rng.sample(range(len(s.where)), 40):
            s.set_where(i, rng.choice(st.income_hexes))
        assert all_collectors(s) == [(h, collectors(s, h)) for h in st.income_hexes], seed
        # (``income_collection`` leaves out the control of a hex its land owner alone holds, which
        # is then the owner's camp and the owner)
        for h, _who, control in income_collection(s):
            land = st.nation[h]
            assert control == controllers(s, h) or (control is None and controllers(s, h)[:2] == (st.camp[land], (land,)))
            alone += control is None
        # (and ``income_hex_control``, which keeps each stack's control while no counter changed hands)
        assert income_hex_control(s) == [(h, controllers(s, h)) for h in st.income_hexes], seed
        printed = s.owner is st.printed_owner
        printed_states += printed
    assert 0 < printed_states < 25, "both kinds of state: every counter its printed country's, and not"
    assert 0 < alone < 25 * len(st.income_hexes), "hexes held by the land owner alone, and others"


def plain_income(s: BystonState) -> tuple[list[Any], list[tuple[Any, ...]]]:
    """The income phase hex by hex (6.2–6.8), each hex's collectors and controllers worked out by
    the one-hex rule: the events it logs and the tasks it pushes."""
    st = static()
    status = s.status
    gained, hexes, standing_by = [0] * 7, [0] * 7, [0] * 7
    passed_over: list[set[str]] = [set() for _ in range(7)]
    shared, contested, withheld, events = [], [], [], []
    for h in st.income_hexes:
        who = collectors(s, h)
        camp, holders, item = controllers(s, h)
        if len(who) == 1:
            gained[who[0]] += st.t.map.income_of[h]
            hexes[who[0]] += 1
            if holders != who:
                passed_over[who[0]].update(_passed_over(s, h, holders, who[0]))
        elif who:
            shared.append(("income_share", h, who))
        elif camp == CONTESTED:
            contested.append((h, item))
        elif camp >= 0:
            if len(holders) == 1 and status[holders[0]] == 0:  # neutral
                standing_by[holders[0]] += 1
            else:
                _withheld(s, h, holders, standing_by, withheld)
    events += [("6.5", "income_contested", (("hex", h), ("item", item)), None) for h, item in contested]
    events += [("6.3", "income_standing_by", (("country", c), ("hexes", n)), None) for c, n in enumerate(standing_by) if n]
    events += [(clause, "income_lost" if clause == "6.8" else "income_ally_land", (("hex", h), ("country", c)), None)
               for clause, h, c in withheld]
    for c in range(7):
        if hexes[c]:
            total = s.gp[c] + gained[c]
            args = (("country", c), ("gp", gained[c]), ("hexes", hexes[c]), ("total", total))
            events.append(("6.2", "income", args, None, ("6.4", *sorted(passed_over[c]), "6.9")))
    return events, shared[::-1]


@pytest.mark.parametrize("chunk", range(2))
def test_income_phase_equals_the_one_hex_rule(chunk: int) -> None:
    """The income phase, which settles together the hexes of a land that no other country's unit
    holds, logs and schedules what working out every hex by the one-hex rule does, on shaken
    states (counters of every country and remnants put on income hexes, states redrawn)."""
    st = static()
    for seed in range(chunk * 25, chunk * 25 + 25):
        s = scrambled(seed)
        rng = Random(seed)
        for i in rng.sample(range(len(s.where)), rng.choice((0, 10, 40))):
            s.set_where(i, rng.choice(st.income_hexes))
        want_events, want_tasks = plain_income(s)
        before, agenda = len(s.log), len(s.agenda)
        FLOW.tasks["income"](s)
        assert [tuple(e) for e in s.log_tail[len(s.log_tail) - (len(s.log) - before):]] == want_events, seed
        assert s.agenda[agenda:] == want_tasks, seed


def test_every_big_decision_has_a_fast_check() -> None:
    for kind in PLAIN:
        assert FLOW.decisions[kind].check is not None, kind


# ---- the indexes of where the counters are ---------------------------------------------------


def _place_kind(at: int) -> str:
    return "map" if at >= 0 else {SUPPLY: "supply", BOX: "box", GONE: "gone"}[at]


def rebuilt(s: BystonState) -> tuple[Any, ...]:
    """The indexes of ``s`` built from ``where`` alone."""
    return (stacks_of(s.where), *counts_of(s.where))


def kept(s: BystonState) -> tuple[Any, ...]:
    return (s.stacks, s.on_map_n, s.in_box_n, s.in_supply_n)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_indexes_match_the_counters_after_every_step(players: int) -> None:
    """A missed update of the indexes by any rule that moves a counter fails here: they are
    rebuilt from ``where`` after every step and compared; a clone's indexes are its own."""
    moves: set[tuple[str, str]] = set()
    for g in range(3):
        rng = Random(1000 * players + g)
        s = BystonState(players)
        assert kept(s) == rebuilt(s)
        before = list(s.where)
        for steps in random_playout(s, rng, unchecked=True):
            if steps:  # after the steps-th action
                assert kept(s) == rebuilt(s), (players, g, steps)
                moved = [(a, b) for a, b in zip(before, s.where, strict=True) if a != b]
                moves.update((_place_kind(a), _place_kind(b)) for a, b in moved)
                if steps % 97 == 0:
                    twin = s.clone()
                    counter = next(i for i, at in enumerate(twin.where) if at >= 0)
                    twin.set_where(counter, SUPPLY)
                    assert kept(s) == rebuilt(s) and kept(twin) == rebuilt(twin)
                    assert kept(BystonState.from_json(s.to_json())) == kept(s)
            before = list(s.where)
    # the games moved counters every way the rules do: made, destroyed or razed or shot down,
    # added, converted, moved by ship, and out of the game (in battle or with a collapse)
    wanted = {("box", "map"), ("map", "box"), ("supply", "box"), ("box", "supply"), ("map", "map")}
    wanted |= {("map", "gone"), ("box", "gone")}
    assert wanted <= moves, sorted(moves)


@pytest.mark.parametrize("place", [BOX, SUPPLY, 0])
def test_a_counter_moved_behind_the_indexes_is_an_invariant_error(place: int) -> None:
    s = BystonState(4)
    assert s.invariant_errors() == []
    i = next(i for i, at in enumerate(s.where) if at >= 0 and at != place)
    s.where[i] = place  # not through set_where
    assert any("stacks" in e or "counts" in e for e in s.invariant_errors())


def test_reading_a_state_rebuilds_its_indexes_and_rejects_a_counter_off_the_map() -> None:
    s = BystonState(3)
    data = s.to_json()
    assert not {"stacks", "on_map_n", "in_box_n", "in_supply_n"} & set(data)
    assert kept(BystonState.from_json(data)) == kept(s)
    data["where"][5] = 10_000
    with pytest.raises(BadRecordError, match="where"):
        BystonState.from_json(data)


def test_current_seat_slot_is_the_seat_the_state_names() -> None:
    """``current_seat`` is a slot the kernel's loop sets: after every step of random games it is
    the seat the pending decision, the chance node or the end names, and a clone and a state read
    from JSON have the same."""
    steps = 0
    for players in (2, 4):
        s = BystonState(players)
        for step in random_playout(s, Random(players), unchecked=True):
            pending = s.pending
            named = pending[1] if pending is not None else TERMINAL if s.ended is not None else CHANCE
            assert s.current_seat == named, (players, step)
            if step % 61 == 0:
                assert s.clone().current_seat == named
                assert BystonState.from_json(s.to_json()).current_seat == named
            steps += 1
    assert s.current_seat == TERMINAL and steps > 500
