"""Combat (18–26): after its movement the acting country fights in every hex where it meets the
enemy (18), each battle in five steps (19.1): preparation — which ABs sortie, where the others
are stowed, which unit each character boards (20) — air combat (21), AA fire (22), bombing (23)
and shelling (24). Each step's hits are allocated by the attacker, the defender first placing
as many as one character's command (25.9), damage is applied at once (25.2, 25.4) and the
characters in damaged units roll for survival (26).

A camp's dice in a step are one chance node (``("pool", step, camp, dice, bonus, units)``)
whose outcomes are hit counts with their exact probabilities (:mod:`..odds`); a survival roll is
one node whose outcomes are the fates of the character's row (``("fate", char, removed)``).

The battle lives in the state while it is fought: ``fight`` = (acting country, hex), and per
counter ``role`` (:data:`SORTIED`, :data:`BOMBER`, the carrier it is stowed in, or
:data:`NO_ROLE`) and ``blocks`` (hit blocks given to it this step, B-30), per character
``aboard`` (the counter it rides), per camp ``hits`` still to place; ``command`` is the part of
the hits the defender is placing (25.9.3).
"""

from __future__ import annotations

from functools import cache, lru_cache
from typing import TYPE_CHECKING, Any

from ..board import (
    BOX,
    CUP,
    DEAD,
    DRAKE_CAMP,
    GONE,
    GROWN,
    HEAVY,
    LEFT,
    NA,
    RAU,
    TODD_WOUNDED,
    ZELANA,
    owned_hexes,
    static,
)
from ..odds import Dice, dice_text, pool_float, survival_float
from .collapse import serving_country

if TYPE_CHECKING:
    from ..types import State

NO_ROLE = -1
"""Not in a battle, or not yet decided (also a character's ``aboard`` when it rides nothing)."""
SORTIED = -2
"""An AB that sortied (20.1) and fights in the air (21.3, B-26)."""
BOMBER = -3
"""A sortied AB of a camp that declared bombing (22.1, 23.1, B-28)."""

STEPS = ("air", "aa", "bombing", "shelling")
ROLL_CLAUSE = {"air": "21.5", "aa": "22.4", "bombing": "23.4", "shelling": "24.4"}
BONUS_CLAUSE = {"air": "21.6", "aa": "22.5", "bombing": "23.5", "shelling": "24.6"}
POOL_CLAUSES = {
    "air": ("21.3", "21.2", "21.4", "21.8"),
    "aa": ("22.2", "22.3", "22.8"),
    "bombing": ("23.1", "23.3", "23.7"),
    "shelling": ("24.2", "24.3", "24.1", "24.5", "24.9"),
}
"""The clauses that say which units roll in a step and how many dice, and what the roll is: the
step compulsory (21.2, 24.1), both camps rolling and their damage applied together (21.4, 24.9),
what bombing aims at (23.3), and the camp's total being the damage it deals (21.8, 22.8, 23.7,
24.5) (cited beside the roll)."""
ALL_RIDERS_CLAUSE = {"air": "21.7", "aa": "22.6", "bombing": "23.6", "shelling": "24.7"}
"""The clause that counts the attack of every character aboard a unit (cited beside the bonus)."""
NOT_FROM_BUILDINGS = {"aa": "22.7", "shelling": "24.8"}
"""The clause that leaves out the AS attack of characters in a building (cited when one fires)."""
COMBAT_CHANCES = frozenset({"pool", "fate"})

_AB_TARGETS = frozenset({"air", "aa"})
"""25.9.1: the steps whose damage falls on ABs (AB command); bombing and shelling hit ships and
buildings (25.9.2: AS command, B-27)."""


def _set(s: State, field: str, i: int, value: int) -> None:
    """Write one item of a battle field: they are tuples, shared by clones until a battle
    changes them (a game spends most of its steps outside battles)."""
    items = list(getattr(s, field))  # (a list written and turned back: fewer copies than slices)
    items[i] = value
    setattr(s, field, tuple(items))


def _set_roles(s: State, counters: list[int], value: int) -> None:
    """Give each of ``counters`` the role ``value``: one new tuple for them all."""
    if counters:
        role = list(s.role)
        for i in counters:
            role[i] = value
        s.role = tuple(role)


def _set_hits(s: State, camp: int, value: int) -> None:
    """Write one camp's hits still to place (a pair, written at every roll and placing)."""
    hits = s.hits
    s.hits = (value, hits[1]) if camp == 0 else (hits[0], value)


# --- the fixed values -------------------------------------------------------------------------


@cache
def _unit_values() -> tuple[tuple[str, Any, Any, int], ...]:
    """Per unit index: (kind, front side, back side, AB capacity or −1 for any number)."""
    st = static()
    out = []
    for uid, kind in zip(st.unit_ids, st.unit_kind, strict=True):
        thing = st.t.unit(uid)
        capacity = getattr(thing, "capacity", None)
        out.append((kind, thing.front, thing.back, -1 if capacity is None else capacity))
    return tuple(out)


@cache
def _char_values() -> tuple[Any, ...]:
    st = static()
    return tuple(st.t.characters[cid] for cid in st.char_ids)


_STATIC = static()
_COUNTER_VALUES = tuple(_unit_values()[u] for u in _STATIC.counter_unit)
"""Per counter: its unit's :func:`_unit_values` (read per counter, not through its unit)."""
KIND = tuple(values[0] for values in _COUNTER_VALUES)
"""Per counter: its unit's kind ("AB", "AS", "ABS", "castle" or "fort")."""
IS_AB = tuple(kind == "AB" for kind in KIND)
BUILDING_KINDS = ("castle", "fort")
SHIP_KINDS = ("AS", "ABS")


def _kind(i: int) -> str:
    return KIND[i]


def _side(s: State, i: int, flipped: int | None = None) -> Any:
    values = _COUNTER_VALUES[i]
    return values[2] if (s.flipped[i] if flipped is None else flipped) else values[1]


def is_ab(i: int) -> bool:
    return IS_AB[i]


def is_vessel(i: int) -> bool:
    """A ship or a building: what AA fire and shelling use and bombing and shelling hit."""
    return not IS_AB[i]


# --- who meets whom (18) ----------------------------------------------------------------------


def battle_hexes(s: State, country: int) -> list[int]:
    """18.1–18.4, 30.6.4: the hexes where ``country``'s units meet an enemy-camp unit. The
    Zelana fights where the Zelana ship is (18.3, 18.5, 18.6, B-75); in the phase of Shot's chit
    only the Spriggan fights (18.4); an undiscovered secret factory's hex has no battle."""
    st = static()
    where = s.where
    owner = s.owner
    camp = st.camp
    if country == ZELANA:
        acting: range | None = st.counters_of(ZELANA, "zelana")
    elif s.phase_chit >= 0 and st.chit_kind[s.phase_chit] == "shot":
        acting = st.counters_of(country, "spriggan")
    else:
        acting = None  # all its units
    if acting is None:
        mine = owned_hexes(s, country)
    else:
        mine = {where[i] for i in acting if where[i] >= 0 and owner[i] == country}
    if s.secret >= 0 and not s.secret_found:
        mine.discard(where[s.secret])
    enemy_camp = 1 - camp[country]
    stacks = s.stacks
    met = []  # (plain loops: an any() of a generator per hex costs more than the scan)
    for h in mine:
        for i in stacks[h]:
            if camp[owner[i]] == enemy_camp:
                met.append(h)
                break
    met.sort()
    return met


def task_battles(s: State, country: int) -> None:
    """18.1, 18.7: a battle, compulsory, in every hex where the acting country meets the enemy.
    Countries acting together in one phase (15, 34.4) follow each other on the agenda; each hex
    is fought once, for the first of them with a unit there (B-75)."""
    countries = [country]
    while s.agenda and s.agenda[-1][0] == "battles":
        countries.append(s.agenda.pop()[1])
    fights: dict[int, int] = {}
    for c in countries:
        for h in battle_hexes(s, c):
            fights.setdefault(h, c)
    if fights:
        s.push(("battle_pick", country, tuple(sorted(fights.items()))))


def task_battle_pick(s: State, country: int, fights: tuple[tuple[int, int], ...]) -> None:
    """19.1, B-25: hex by hex, in the order the drawing country's runner chooses."""
    if len(fights) == 1:
        s.push(("battle", fights[0][1], fights[0][0]))
    elif fights:
        s.ask("battle_order", s.seat_of(country), country, fights)


def legal_battle_order(s: State) -> list[tuple[Any, ...]]:
    assert s.pending is not None
    return [("fight", h) for h, _ in s.pending[3]]


def apply_battle_order(s: State, action: tuple[Any, ...], pending: tuple[Any, ...]) -> None:
    fights = pending[3]
    acting = dict(fights)[action[1]]
    rest = tuple(f for f in fights if f[0] != action[1])
    s.push(("battle", acting, action[1]), ("battle_pick", pending[2], rest))


# --- the battle -------------------------------------------------------------------------------


def _in_hex(s: State) -> tuple[int, ...]:
    assert s.fight is not None
    return s.stacks[s.fight[1]]


def _camp_order(s: State) -> tuple[int, int]:
    """(the acting camp, the other): the acting camp is the attacker (B-25) and goes first."""
    assert s.fight is not None
    a = static().camp[s.fight[0]]
    return a, 1 - a


def runner(s: State, camp: int) -> int:
    """B-29: the country that decides for a camp: the acting country for its camp, else the
    earliest (B-2) country of the camp with a unit in the hex."""
    assert s.fight is not None
    country = s.fight[0]
    st = static()
    if st.camp[country] == camp:
        return country
    present = [s.owner[i] for i in _camp_units(s, camp)]
    return min(present) if present else min(c for c in range(7) if st.camp[c] == camp)


def task_battle(s: State, country: int, h: int) -> None:
    """19.1: the five steps in one hex."""
    s.fight = (country, h)
    # 18.1: where the acting country's units meet the other camp's; 18.7: compulsory; the
    # Zelana (18.3) and the Spriggan in Shot's phase (18.4) fight only in their own hex
    # (in the phase of Rau's chit, 18.5, or of Na's, 18.6, where the Zelana acts with its host,
    # 34.4); 18.2: only where the acting country has units
    st = static()
    which = None
    if country == ZELANA:
        host = st.chit_country[s.phase_chit] if s.phase_chit >= 0 else ZELANA
        which = "18.5" if host == RAU else "18.6" if host == NA else "18.3"
    elif s.phase_chit >= 0 and st.chit_kind[s.phase_chit] == "shot":
        which = "18.4"
    # 30.6.4: at the secret factory only once it is found
    also = ("18.1", "18.2", "18.7", which) if which else ("18.1", "18.2", "18.7")
    if s.secret >= 0 and s.where[s.secret] == h:
        also = (*also, "30.6.4")
    s.cite("19.1", also, "battle", ("country", country), ("hex", h))
    st = static()
    a, d = _camp_order(s)
    present = {s.owner[i] for i in _in_hex(s)}
    present.update(serving_country(s, k) for k, at in enumerate(s.char_at) if at == h)
    order = [c for c in range(7) if c in present and st.camp[c] == a]
    order += [c for c in range(7) if c in present and st.camp[c] == d]
    s.push(
        *(("sortie_next", c) for c in order),
        *(("board_next", c) for c in order),
        ("combat_step", "air"),
        ("bomb_ask", a),
        ("bomb_ask", d),
        ("combat_step", "aa"),
        ("combat_step", "bombing"),
        ("combat_step", "shelling"),
        ("battle_end",),
    )


# --- 20: preparation --------------------------------------------------------------------------


def may_carry(carrier_owner: int, ab_owner: int) -> bool:
    """17.15.2–17.15.4 (B-42), for stowing too (20.1, B-26): own units; the Zelana carries Rau's
    and Na's, their ships and buildings carry the Zelana's."""
    return (
        carrier_owner == ab_owner
        or (carrier_owner == ZELANA and ab_owner in (RAU, NA))
        or (ab_owner == ZELANA and carrier_owner in (RAU, NA))
    )


def may_ride(unit_owner: int, char_country: int) -> bool:
    """20.4 (B-15, B-42): a character boards a unit of its own country; the Zelana's, Rau's and
    Na's characters board each other's."""
    return unit_owner == char_country or (
        unit_owner in (RAU, NA, ZELANA) and char_country in (RAU, NA, ZELANA)
    )


def _room(s: State, carrier: int, here: tuple[int, ...]) -> bool:
    values = _COUNTER_VALUES[carrier]
    capacity = values[3]
    if capacity < 0 or values[0] in BUILDING_KINDS:
        return True
    return sum(1 for i in here if s.role[i] == carrier) < capacity


def _riding(aboard: tuple[int, ...], i: int) -> list[int]:
    """The characters aboard counter ``i`` (``aboard``: the state's), in character order: most
    counters carry none and a few one, found without a loop over every character."""
    n = aboard.count(i)
    if not n:
        return []
    out = [aboard.index(i)]
    while len(out) < n:
        out.append(aboard.index(i, out[-1] + 1))
    return out


def _distinct(s: State, counters: list[int]) -> list[int]:
    """One counter of each kind a player cannot tell apart (same owner, unit, face, part and
    hits, nothing aboard and nothing stowed in it): choices name that one (B-74)."""
    if len(counters) < 2:
        return list(counters)  # (one counter or none: nothing to tell apart)
    roles = s.role
    carriers: set[int] | None = None  # (made at the first ship or building: an AB carries nothing)
    aboard = s.aboard
    owner = s.owner
    flipped = s.flipped
    blocks = s.blocks
    counter_unit = _STATIC.counter_unit
    seen: dict[tuple[Any, ...], int] = {}
    for i in counters:
        role = roles[i]
        if i in aboard:
            key: tuple[Any, ...] = ("one", i)
        else:
            if not IS_AB[i] and carriers is None:
                # Roles are given only to counters in the battle's hex (and taken back when one
                # leaves it), so the carriers are among its counters' roles.
                carriers = {roles[j] for j in _in_hex(s)}
            if carriers is not None and i in carriers:
                key = ("one", i)
            else:
                key = (owner[i], counter_unit[i], flipped[i], role if role < 0 else -9, blocks[i])
        seen.setdefault(key, i)
    return sorted(seen.values())


def _stow_options(s: State, country: int) -> list[tuple[int, int]]:
    here = _in_hex(s)
    abs_ = _distinct(s, [i for i in here if s.owner[i] == country and is_ab(i) and s.role[i] == NO_ROLE])
    if not abs_:
        return []  # (no AB left to stow: the carriers need not be looked for)
    carriers = _distinct(
        s, [j for j in here if is_vessel(j) and may_carry(s.owner[j], country) and _room(s, j, here)]
    )
    return [(i, j) for i in abs_ for j in carriers if may_carry(s.owner[j], s.owner[i])]


def task_sortie_next(s: State, country: int) -> None:
    """20.1: the country's ABs sortie or are stowed; with nowhere to stow them they sortie."""
    stow = _stow_options(s, country)
    if stow:
        s.ask("sortie", s.seat_of(country), country)
        s.legal_cache = (SORTIE_ALL, *[("stow", i, j) for i, j in stow])  # (legal_sortie's, listed once)
    else:
        _sortie_rest(s, country)


def _sortie_rest(s: State, country: int) -> None:
    owner = s.owner
    role = s.role
    going = [i for i in _in_hex(s) if owner[i] == country and IS_AB[i] and role[i] == NO_ROLE]
    n = len(going)
    if n:
        _set_roles(s, going, SORTIED)
        s.cite("20.1", ("20.7",), "sortie", ("country", country), ("n", n))  # 20.7: the acting camp first


SORTIE_ALL = ("sortie_all",)


def legal_sortie(s: State) -> list[tuple[Any, ...]]:
    assert s.pending is not None
    return [SORTIE_ALL] + [("stow", i, j) for i, j in _stow_options(s, s.pending[2])]


def apply_sortie(s: State, action: tuple[Any, ...], pending: tuple[Any, ...]) -> None:
    country = pending[2]
    if action[0] == "sortie_all":
        _sortie_rest(s, country)
        return
    i, j = action[1], action[2]
    _set(s, "role", i, j)
    # 20.7: the acting camp first; 34.3: the Zelana's with Rau's or Na's
    swap = ("34.3",) if s.owner[i] != s.owner[j] else ()
    s.cite("20.1", ("20.7", *swap), "stow", ("unit", static().counter_unit[i]), ("to", static().counter_unit[j]))
    s.push(("sortie_next", country))


def _board_options(s: State, k: int) -> list[int]:
    country = serving_country(s, k)  # 35.3, 35.4
    aboard = s.aboard
    owner = s.owner
    units = [
        j
        for j in _in_hex(s)
        if may_ride(owner[j], country) and not (IS_AB[j] and j in aboard)  # 20.5, B-41
    ]
    return _distinct(s, units)


def task_board_next(s: State, country: int) -> None:
    """20.4–20.6: each character of the country in the hex boards an AB (one each), a ship or a
    building; one choice at a time, made for the player when there is only one."""
    assert s.fight is not None
    h = s.fight[1]
    for k, at in enumerate(s.char_at):
        if at == h and s.aboard[k] == NO_ROLE and serving_country(s, k) == country:
            options = _board_options(s, k)
            if not options:
                continue
            if len(options) == 1:
                _board(s, k, options[0])
                continue
            s.ask("mount", s.seat_of(country), country, k)
            s.legal_cache = tuple([("mount", j) for j in options])  # (legal_board's, listed once)
            return


def _board(s: State, k: int, j: int) -> None:
    _set(s, "aboard", k, j)
    # 20.5: one character on an AB; 20.6: any number in a ship or a building; 20.7: the acting
    # camp first; 34.3: a character of the Zelana's, Rau's or Na's on another of them
    swap = ("34.3",) if s.owner[j] != serving_country(s, k) else ()
    s.cite("20.4", ("20.5" if is_ab(j) else "20.6", "20.7", *swap), "mounts", ("char", k), ("unit", static().counter_unit[j]))


def legal_board(s: State) -> list[tuple[Any, ...]]:
    assert s.pending is not None
    return [("mount", j) for j in _board_options(s, s.pending[3])]


def apply_board(s: State, action: tuple[Any, ...], pending: tuple[Any, ...]) -> None:
    _board(s, pending[3], action[1])
    s.push(("board_next", pending[2]))


# --- 22.1, 23.1: who bombs --------------------------------------------------------------------


def _camp_units(s: State, camp: int) -> tuple[int, ...]:
    """``camp``'s counters in the battle's hex, in counter order.

    A battle's every step asks this of both camps, again and again, while the hex's counters
    change only when one is removed: the split is kept (``camps_kept``) with the stack and the
    owners it was made from, both tuples that a change replaces, so it is made again only when
    either is a new one."""
    assert s.fight is not None
    stack = s.stacks[s.fight[1]]
    owner = s.owner
    kept = s.camps_kept
    if kept is None or kept[0] is not stack or kept[1] is not owner:
        c = _STATIC.camp
        drake = tuple([i for i in stack if c[owner[i]] == DRAKE_CAMP])
        sheela = tuple([i for i in stack if c[owner[i]] != DRAKE_CAMP])
        kept = s.camps_kept = (stack, owner, drake, sheela)
    return kept[2 + camp]


def task_bomb_ask(s: State, camp: int) -> None:
    """B-28: a camp with sortied ABs left and an enemy ship or building in the hex says whether
    it bombs."""
    if any(s.role[i] == SORTIED for i in _camp_units(s, camp)) and any(
        is_vessel(i) for i in _camp_units(s, 1 - camp)
    ):
        s.ask("bomb", s.seat_of(runner(s, camp)), camp)


def legal_bomb(s: State) -> list[tuple[Any, ...]]:
    return [("bomb",), ("no_bomb",)]


def apply_bomb(s: State, action: tuple[Any, ...], pending: tuple[Any, ...]) -> None:
    if action[0] != "bomb":
        return
    camp = pending[2]
    role = s.role
    _set_roles(s, [i for i in _camp_units(s, camp) if role[i] == SORTIED], BOMBER)
    s.say("22.1", "bombs", ("country", runner(s, camp)))


# --- 21–24: the steps -------------------------------------------------------------------------


def task_step(s: State, step: str) -> None:
    """21.4, 22.1, 23.2, 24.9 (B-45): both camps roll, the acting camp places its hits, then
    the other, and the damage of both is applied together (25.2, 25.9.4)."""
    a, d = _camp_order(s)
    s.push(
        ("roll", step, a),
        ("roll", step, d),
        ("place", step, a),
        ("place", step, d),
        ("damage", step),
    )


def attackers(s: State, step: str, camp: int) -> tuple[Dice, int, int]:
    """The camp's dice in a step, the characters' hits added to them and how many units fire:
    21.3, 21.5, 21.6; 22.2–22.7; 23.1, 23.4–23.5; 24.2–24.4, 24.6–24.8 (30.6.3: a secret factory
    never fires)."""
    units = _camp_units(s, camp)
    aboard = s.aboard
    role = s.role
    flipped = s.flipped
    chars = _char_values()
    counts: dict[int, int] = {}  # value → dice (odds.dice_of's counting, a unit's guns at once)
    bonus = 0
    n = 0
    if step in ("air", "bombing"):
        roles = (SORTIED, BOMBER) if step == "air" else (BOMBER,)
        for i in units:
            if IS_AB[i] and role[i] in roles:
                counter = _COUNTER_VALUES[i]
                side = counter[2] if flipped[i] else counter[1]
                value = side.air if step == "air" else side.bomb
                counts[value] = counts.get(value, 0) + 1
                if i in aboard:  # (most carry nobody: no call to find them)
                    for k in _riding(aboard, i):
                        bonus += chars[k].ab_attack
                n += 1
    else:
        if step == "aa" and not any(role[i] == BOMBER for i in _camp_units(s, 1 - camp)):
            return (), 0, 0  # 22.1: no AA fire at a camp that does not bomb
        secret = s.secret
        for i in units:
            if not IS_AB[i] and i != secret:
                counter = _COUNTER_VALUES[i]
                side = counter[2] if flipped[i] else counter[1]
                guns, value = (side.aa_guns, side.aa) if step == "aa" else (side.guns, side.gun)
                if guns:
                    counts[value] = counts.get(value, 0) + guns
                if counter[0] in SHIP_KINDS and i in aboard:  # 22.7, 24.8: not from a building
                    for k in _riding(aboard, i):
                        bonus += chars[k].as_attack
                n += 1
    return tuple(sorted(counts.items())), bonus, n


def _alive(s: State, i: int) -> bool:
    """Still able to take a hit block this step (a flipped unit with one block, or a face-up one
    with two, is already removed, 25.4)."""
    b = s.blocks[i]
    return b == 0 or (b == 1 and not s.flipped[i])


def targets(s: State, step: str, camp: int) -> list[int]:
    """B-27: what a step's hits may go to among ``camp``'s units: sortied ABs in air combat,
    bombing ABs in AA fire, ships and buildings in bombing and shelling."""
    out = []
    blocks = s.blocks
    flipped = s.flipped
    units = _camp_units(s, camp)
    # (a loop per step: the step is not compared again for every unit)
    if step in _AB_TARGETS:
        role = s.role
        roles = (SORTIED, BOMBER) if step == "air" else (BOMBER,)
        for i in units:
            if IS_AB[i] and role[i] in roles:
                b = blocks[i]
                if not b or (b == 1 and not flipped[i]):  # (_alive)
                    out.append(i)
    else:
        for i in units:
            if not IS_AB[i]:
                b = blocks[i]
                if not b or (b == 1 and not flipped[i]):  # (_alive)
                    out.append(i)
    return out


def block_size(s: State, i: int) -> int:
    """B-30, 25.4, 25.6–25.8 (B-44): the hits one block on ``i`` takes: its defence (on the
    face it has at that moment), plus the AB defence of the character on an AB or the best AS
    defence aboard a ship; nothing for a building's characters."""
    counter = _COUNTER_VALUES[i]
    size: int = (counter[2] if (s.flipped[i] or s.blocks[i]) else counter[1]).defence
    kind = counter[0]
    if kind in BUILDING_KINDS or i not in s.aboard:  # (most carry nobody: no call to find them)
        return size
    aboard = _riding(s.aboard, i)
    if not aboard:
        return size
    chars = _char_values()
    if kind == "AB":
        return size + max(chars[k].ab_defence for k in aboard)
    return size + max(chars[k].as_defence for k in aboard)


def command(s: State, step: str, camp: int) -> int:
    """25.9.1, 25.9.2, 25.9.5 (B-31, B-44): the best command among ``camp``'s characters aboard
    units that can be hit in this step — AB command on ABs in air combat and AA fire, AS command
    on ships in bombing and shelling; never from a building."""
    chars = _char_values()
    best = 0
    aboard = s.aboard
    ab_step = step in _AB_TARGETS
    for j in targets(s, step, camp):
        if j in aboard and (ab_step or KIND[j] in SHIP_KINDS):
            for k in _riding(aboard, j):
                best = max(best, chars[k].ab_command if ab_step else chars[k].as_command)
    return best


def task_roll(s: State, step: str, camp: int) -> None:
    _set_hits(s, camp, 0)
    dice, bonus, n = attackers(s, step, camp)
    if not n or not targets(s, step, 1 - camp):
        return  # B-71: nothing fires, or nothing it may hit is there
    s.chance = ("pool", step, camp, dice, bonus, n)


def chance_pool(
    s: State, action: tuple[Any, ...], step: str, camp: int, dice: Dice, bonus: int, n: int
) -> None:
    _set_hits(s, camp, action[1])
    also = POOL_CLAUSES[step]
    if bonus:
        also = (*also, BONUS_CLAUSE[step], ALL_RIDERS_CLAUSE[step])
    if step in NOT_FROM_BUILDINGS and _building_riders(s, camp):
        also = (*also, NOT_FROM_BUILDINGS[step])
    if step in NOT_FROM_BUILDINGS and s.secret >= 0 and s.secret in _camp_units(s, camp):
        also = (*also, "30.6.3")  # the secret factory among them does not fire
    if step in ("bombing", "shelling") and _building_riders(s, 1 - camp):
        also = (*also, "25.9.5")  # the other camp's characters in a building give it no command
    if step == "bombing" and camp != _camp_order(s)[0] and any(s.role[i] == BOMBER for i in _camp_units(s, 1 - camp)):
        also = (*also, "23.2")  # both camps bomb: each is resolved
    s.cite(
        ROLL_CLAUSE[step],
        also,
        "pool_" + step,
        ("country", runner(s, camp)),
        ("units", n),
        ("dice", _dice_text(dice)),
        ("bonus", bonus),
        ("hits", action[1]),
    )


_dice_text = lru_cache(maxsize=1024)(dice_text)
"""odds.dice_text, kept per pool: a battle's steps roll the same few pools again and again."""


def _building_riders(s: State, camp: int) -> bool:
    """Whether a character sits in a building of ``camp`` in the battle's hex."""
    aboard = s.aboard
    for i in _camp_units(s, camp):  # noqa: SIM110 (a plain loop: no generator in a battle's steps)
        if KIND[i] in BUILDING_KINDS and i in aboard:
            return True
    return False


def task_place(s: State, step: str, camp: int) -> None:
    """25.3, 25.9.3: the defender first places up to one character's command of the hits on
    its own units (B-31, B-44); the attacker places the rest."""
    hits = s.hits[camp]
    if not hits:
        return
    portion = min(command(s, step, 1 - camp), hits)
    if portion and _options(s, step, camp, portion):
        _set_hits(s, camp, hits - portion)
        s.command = portion
        # 25.9.1 an AB command in air combat and AA fire, 25.9.2 an AS command in bombing and shelling
        # 25.9.4: the damage waits until both have placed
        s.cite("25.9.3", ("25.9.1" if step in _AB_TARGETS else "25.9.2", "25.9.4"), "command",
               ("country", runner(s, 1 - camp)), ("hits", portion))
        s.push(("allocate", step, camp, 1), ("allocate", step, camp, 0))
    else:
        s.push(("allocate", step, camp, 0))


def _options(s: State, step: str, camp: int, hits: int) -> list[int]:
    return _distinct(s, [i for i in targets(s, step, 1 - camp) if block_size(s, i) <= hits])


def task_allocate(s: State, step: str, camp: int, by_defender: int) -> None:
    """B-30: blocks of hits, one at a time, while a target's block fits in what is left; with
    one kind of target the engine gives it (B-50); the rest is lost (25.5), or for the
    defender's part goes back to the attacker (B-72)."""
    left = s.command if by_defender else s.hits[camp]
    options = _options(s, step, camp, left) if left else []
    if not options:
        if by_defender:
            _set_hits(s, camp, s.hits[camp] + s.command)
            s.command = 0
        elif left:
            _set_hits(s, camp, 0)
            s.say("25.5", "hits_lost", ("hits", left))
        return
    if len(options) == 1:
        _give(s, options[0], camp, by_defender)
        s.push(("allocate", step, camp, by_defender))
        return
    placer = 1 - camp if by_defender else camp
    s.ask("allocate", s.seat_of(runner(s, placer)), step, camp, by_defender)
    s.legal_cache = tuple([("hit", i) for i in options])  # (legal_allocate's, listed once)


def _give(s: State, i: int, camp: int, by_defender: int) -> None:
    size = block_size(s, i)
    _set(s, "blocks", i, s.blocks[i] + 1)
    if by_defender:
        s.command -= size
    else:
        _set_hits(s, camp, s.hits[camp] - size)


def legal_allocate(s: State) -> list[tuple[Any, ...]]:
    assert s.pending is not None
    _, _, step, camp, by_defender = s.pending
    left = s.command if by_defender else s.hits[camp]
    return [("hit", i) for i in _options(s, step, camp, left)]


def apply_allocate(s: State, action: tuple[Any, ...], pending: tuple[Any, ...]) -> None:
    _, _, step, camp, by_defender = pending
    _give(s, action[1], camp, by_defender)
    s.push(("allocate", step, camp, by_defender))


# --- 25.4: damage; 26: survival -----------------------------------------------------------------


def _remove(s: State, i: int, applied: tuple[str, ...], with_carrier: bool = False) -> None:
    """25.4: back to its country's factory box — out of the game for the Zelana's (B-7) and for
    remnants (35.3); 20.3: ABs stowed in it go with it (``with_carrier``: ``i`` is one of them).
    ``applied``: the clauses that applied the step's damage (:data:`STEP_DAMAGE`)."""
    st = static()
    gone = s.owner[i] == ZELANA or s.owner[i] != st.counter_country[i]
    s.set_where(i, GONE if gone else BOX)
    s.flipped[i] = 0
    if s.blocks[i]:  # (task_damage has cleared them all)
        _set(s, "blocks", i, 0)
    if s.role[i] != NO_ROLE:
        _set(s, "role", i, NO_ROLE)
    if with_carrier:  # no hit was placed on it (25.3): it goes with its carrier
        s.cite("25.4", ("20.3", *applied[1:]), "removed", ("country", s.owner[i]), ("unit", st.counter_unit[i]))
    else:
        s.cite("25.4", (*_defence_clauses(s, i), *applied), "removed", ("country", s.owner[i]), ("unit", st.counter_unit[i]))


STEP_DAMAGE = {
    "air": ("25.3", "25.2", "21.4"),
    "aa": ("25.3", "25.2"),
    "bombing": ("25.3", "25.2"),
    "shelling": ("25.3", "25.2", "24.9"),
}
"""The clauses that apply a step's damage when the step is over: hits placed by the attacker
(25.3, the defender's command aside), the damage applied before the next step (25.2), both camps'
together in air combat (21.4) and shelling (24.9) (cited beside 25.4)."""


def _defence_clauses(s: State, i: int) -> tuple[str, ...]:
    """25.6–25.8: the clause that set a damaged unit's block by the characters aboard it — an AB
    rider's AB defence, the best AS defence aboard a ship, none in a building (B-44)."""
    if i not in s.aboard:
        return ()
    kind = _kind(i)
    return ("25.6",) if kind == "AB" else ("25.7",) if kind in ("AS", "ABS") else ("25.8",)


def task_damage(s: State, step: str) -> None:
    """25.4: a unit given one block flips, a flipped one (or a face-up one given two) is removed;
    26.1, 26.3 (B-32): then each character aboard a damaged AB or ship rolls."""
    assert s.fight is not None
    st = static()
    applied = STEP_DAMAGE[step]
    damaged: dict[int, int] = {}  # counter → 1 flipped, 2 removed
    blocks = s.blocks
    for i in _in_hex(s):
        b = blocks[i]
        if not b:
            continue
        if s.flipped[i] or b >= 2:
            damaged[i] = 2
        else:
            damaged[i] = 1
            s.flipped[i] = 1
            s.cite("25.4", (*_defence_clauses(s, i), *applied), "flipped", ("country", s.owner[i]), ("unit", st.counter_unit[i]))
    if damaged:
        # every block given this step is spent: on a flipped unit or a removed one (25.4)
        s.blocks = (0,) * len(blocks)
    for i in [i for i, how in damaged.items() if how == 2]:
        for j in _in_hex(s):
            if s.role[j] == i:  # 20.3
                damaged[j] = 2
                _remove(s, j, applied, with_carrier=True)
        _remove(s, i, applied)
    rolls = []
    for k, j in enumerate(s.aboard) if damaged else ():
        if j in damaged:
            if _kind(j) in ("castle", "fort"):
                _set(s, "aboard", k, NO_ROLE)  # B-32: no roll; 26.4 at the battle's end if left alone
            else:
                rolls.append(("survive", k, damaged[j]))
    s.push(*rolls, ("collapse_check",))


def task_survive(s: State, k: int, how: int) -> None:
    assert s.fight is not None
    if s.char_at[k] == s.fight[1]:
        s.chance = ("fate", k, how)


def _row(k: int, how: int) -> str:
    ch = _char_values()[k]
    return str(ch.survival_removed if how == 2 else ch.survival_flipped)


def chance_fate(s: State, action: tuple[Any, ...], k: int, how: int) -> None:
    """26.2, 26.2.1–26.2.5: the upper row for a flipped unit, the lower for a removed one."""
    st = static()
    fate = action[1]
    ch = _char_values()[k]
    unit = s.aboard[k]
    unit_left = unit >= 0 and s.where[unit] == s.char_at[k]
    # 26.1: a character aboard a damaged unit rolls; 26.3: in the step of the damage; 26.2.2: "−" leaves it unhurt
    s.cite("26.2", ("26.1", "26.3", "26.2.2") if fate == "-" else ("26.1", "26.3"), "fate", ("char", k), ("row", _row(k, how)), ("fate", fate))
    if fate == "G" and ch.grows_to:
        grown = st.char_index(ch.grows_to)
        s.char_at[grown] = s.char_at[k]
        _set(s, "aboard", grown, unit if unit_left else NO_ROLE)
        s.char_at[k] = GROWN
        _set(s, "aboard", k, NO_ROLE)
        s.say("26.2.1", "grows", ("char", k), ("to_char", grown))
        return
    if fate in ("G", "-"):
        if not unit_left:
            _set(s, "aboard", k, NO_ROLE)
        return
    _set(s, "aboard", k, NO_ROLE)
    if fate == "L":
        s.char_at[k] = CUP
        clause = "26.2.3"
    elif fate == "H":
        s.char_at[k] = HEAVY
        clause = "26.2.4"
    else:
        s.char_at[k] = LEFT if ch.leaves_on_d else DEAD
        clause = "26.2.5"
    if fate in ("L", "H") and st.char_ids[k] == "todd1" and not s.marks[TODD_WOUNDED]:
        s.set_mark(TODD_WOUNDED, s.turn)
    s.say(clause, "fate_" + fate, ("char", k))


def task_battle_end(s: State) -> None:
    """19.3: after the five steps the battle ends, enemies left or not; 26.4 (B-15, B-23): a
    character with no unit of its own left in the hex goes to the nearest one."""
    assert s.fight is not None
    s.say("19.3", "battle_end", ("hex", s.fight[1]))
    clear_battle(s)
    s.push(("stranded", "26.4"))


def clear_battle(s: State) -> None:
    """No battle under way: nobody sortied, stowed, aboard or hit (as after 19.3, and before the
    first battle)."""
    s.role = (NO_ROLE,) * len(s.role)
    s.blocks = (0,) * len(s.blocks)
    s.aboard = (NO_ROLE,) * len(s.aboard)
    s.hits = (0, 0)
    s.command = 0
    s.fight = None


def battle_view(s: State) -> dict[str, Any] | None:
    """The battle under way as the views show it (everything in it is public)."""
    if s.fight is None:
        return None
    st = static()
    country, h = s.fight
    parts = {SORTIED: "sortied", BOMBER: "bombing"}
    units = []
    for i in _in_hex(s):
        role = s.role[i]
        units.append(
            {
                "counter": i,
                "country": st.country_ids[s.owner[i]],
                "unit": st.unit_id(i),
                "flipped": bool(s.flipped[i]),
                "part": parts.get(role, "stowed" if role >= 0 else ""),
                "stowed_in": role if role >= 0 else None,
                "hit_blocks": s.blocks[i],
            }
        )
    return {
        "hex": st.t.map.grid.hex_id(h),
        "acting": st.country_ids[country],
        "units": units,
        "aboard": {st.char_ids[k]: j for k, j in enumerate(s.aboard) if j >= 0},
        "hits_to_place": list(s.hits),
    }


# --- chance nodes -----------------------------------------------------------------------------


def combat_outcomes(chance: tuple[Any, ...]) -> tuple[tuple[tuple[Any, ...], float], ...]:
    if chance[0] == "pool":
        return _pool_outcomes(chance[3], chance[4])
    return _fate_outcomes(_row(chance[1], chance[2]))


@cache
def _pool_outcomes(dice: Dice, bonus: int) -> tuple[tuple[tuple[Any, ...], float], ...]:
    return tuple((("hits", k), p) for k, p in pool_float(dice, bonus))


@cache
def _fate_outcomes(row: str) -> tuple[tuple[tuple[Any, ...], float], ...]:
    # sorted like every other listing (the survival table's own order is G - L H D)
    return tuple(sorted((("fate", f), p) for f, p in survival_float(row)))


TASKS: dict[str, Any] = {
    "battles": task_battles,
    "battle_pick": task_battle_pick,
    "battle": task_battle,
    "sortie_next": task_sortie_next,
    "board_next": task_board_next,
    "bomb_ask": task_bomb_ask,
    "combat_step": task_step,
    "roll": task_roll,
    "chance_pool": chance_pool,
    "place": task_place,
    "allocate": task_allocate,
    "damage": task_damage,
    "survive": task_survive,
    "chance_fate": chance_fate,
    "battle_end": task_battle_end,
}
DECISIONS: dict[str, Any] = {
    "battle_order": (legal_battle_order, apply_battle_order, "19.1"),
    "sortie": (legal_sortie, apply_sortie, "20.1"),
    "mount": (legal_board, apply_board, "20.4"),
    "bomb": (legal_bomb, apply_bomb, "22.1"),
    "allocate": (legal_allocate, apply_allocate, "25.3"),
}
