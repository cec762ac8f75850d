"""The fast reads of a battle equal the plain ones.

A battle's steps read the hex's counters split by camp (kept on the state with the stack and the
owners they were split from, ``camps_kept``), which characters ride a counter (found by
``tuple.count`` and ``index``) and which counters carry ABs (the roles of the hex's counters
only). The plain versions below read every counter and character, as the rules first did. At
every step of rule-bot games (which fight many battles) and of random games, inside a battle,
the two agree for both camps, every step kind and every counter in the hex; a clone and a state
read back from JSON agree too, as do a camp's dice in every step (counted per unit, not per die)
with the plain count of one value per die, and the units a block of hits may go to (B-30) with
the plain reads of the targets, their block sizes and the kinds told apart. The battle's choices a task lists as it asks (sortie, mount,
allocate) equal the decision's own listing.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from asobi.core import TERMINAL
from asobi.core.match import Match
from asobi.core.registry import get_game
from asobi.games.byston.board import static
from asobi.games.byston.odds import Dice, dice_of, dice_text
from asobi.games.byston.rules import FLOW, combat
from asobi.games.byston.rules.combat import STEPS
from asobi.games.byston.state import BystonState
from support.scenario import rule

from .helpers import game, put, random_step
from .test_combat import HEX, fight

# ---- the plain reads -------------------------------------------------------------------------


def plain_camp_units(s: BystonState, camp: int) -> list[int]:
    assert s.fight is not None
    st = static()
    return [i for i in s.stacks[s.fight[1]] if st.camp[s.owner[i]] == camp]


def plain_riders(s: BystonState) -> dict[int, list[int]]:
    out: dict[int, list[int]] = {}
    for k, j in enumerate(s.aboard):
        if j >= 0:
            out.setdefault(j, []).append(k)
    return out


def plain_distinct(s: BystonState, counters: list[int]) -> list[int]:
    riders = plain_riders(s)
    carriers = {r for r in s.role if r >= 0}
    counter_unit = static().counter_unit
    seen: dict[tuple[Any, ...], int] = {}
    for i in counters:
        role = s.role[i]
        if i in riders or i in carriers:
            key: tuple[Any, ...] = ("one", i)
        else:
            key = (s.owner[i], counter_unit[i], s.flipped[i], role if role < 0 else -9, s.blocks[i])
        seen.setdefault(key, i)
    return sorted(seen.values())


def plain_block_size(s: BystonState, i: int) -> int:
    st = static()
    kind = st.kind(i)
    thing = st.t.unit(st.unit_id(i))
    size: int = (thing.back if (s.flipped[i] or s.blocks[i]) else thing.front).defence
    if kind in ("castle", "fort"):
        return size
    aboard = [k for k, j in enumerate(s.aboard) if j == i]
    if not aboard:
        return size
    chars = [st.t.characters[cid] for cid in st.char_ids]
    if kind == "AB":
        return size + max(chars[k].ab_defence for k in aboard)
    return size + max(chars[k].as_defence for k in aboard)


def plain_bonus(s: BystonState, step: str, camp: int) -> int:
    """The characters' hits a camp adds in a step (21.6, 22.5, 23.5, 24.6), over every rider."""
    if step == "aa" and not any(s.role[i] == combat.BOMBER for i in plain_camp_units(s, 1 - camp)):
        return 0
    st = static()
    chars = [st.t.characters[cid] for cid in st.char_ids]
    riders = plain_riders(s)
    bonus = 0
    for i in plain_camp_units(s, camp):
        kind = st.kind(i)
        if step in ("air", "bombing"):
            roles = (combat.SORTIED, combat.BOMBER) if step == "air" else (combat.BOMBER,)
            if kind == "AB" and s.role[i] in roles:
                bonus += sum(chars[k].ab_attack for k in riders.get(i, ()))
        elif kind in ("AS", "ABS") and i != s.secret:
            bonus += sum(chars[k].as_attack for k in riders.get(i, ()))
    return bonus


def plain_dice(s: BystonState, step: str, camp: int) -> tuple[Dice, int]:
    """A camp's dice in a step as one value per die, counted by odds.dice_of (21.5, 22.4, 23.4,
    24.4), and how many units fire."""
    if step == "aa" and not any(s.role[i] == combat.BOMBER for i in plain_camp_units(s, 1 - camp)):
        return (), 0
    st = static()
    values: list[int] = []
    n = 0
    for i in plain_camp_units(s, camp):
        thing = st.t.unit(st.unit_id(i))
        side = thing.back if s.flipped[i] else thing.front
        if step in ("air", "bombing"):
            roles = (combat.SORTIED, combat.BOMBER) if step == "air" else (combat.BOMBER,)
            if st.kind(i) == "AB" and s.role[i] in roles:
                values.append(side.air if step == "air" else side.bomb)
                n += 1
        elif st.kind(i) != "AB" and i != s.secret:
            values += [side.aa if step == "aa" else side.gun] * (side.aa_guns if step == "aa" else side.guns)
            n += 1
    return dice_of(values), n


def plain_options(s: BystonState, step: str, camp: int, hits: int) -> list[int]:
    """B-27, B-30, B-74: the other camp's units a block of ``camp``'s hits may go to, one of each
    kind a player cannot tell apart."""
    st = static()
    if step in ("air", "aa"):
        roles = (combat.SORTIED, combat.BOMBER) if step == "air" else (combat.BOMBER,)
        units = [i for i in plain_camp_units(s, 1 - camp) if st.kind(i) == "AB" and s.role[i] in roles]
    else:
        units = [i for i in plain_camp_units(s, 1 - camp) if st.kind(i) != "AB"]
    alive = [i for i in units if s.blocks[i] == 0 or (s.blocks[i] == 1 and not s.flipped[i])]
    return plain_distinct(s, [i for i in alive if plain_block_size(s, i) <= hits])


# ---- the comparison --------------------------------------------------------------------------


def compare(s: BystonState) -> int:
    """Compare the fast reads with the plain ones in ``s`` (in a battle); how many were compared."""
    assert s.fight is not None
    here = list(s.stacks[s.fight[1]])
    n = 0
    for camp in (0, 1):
        assert list(combat._camp_units(s, camp)) == plain_camp_units(s, camp)
        for step in STEPS:
            dice, bonus, units = combat.attackers(s, step, camp)
            assert bonus == plain_bonus(s, step, camp), (step, camp)
            assert (dice, units) == plain_dice(s, step, camp), (step, camp)
            assert combat._dice_text(dice) == dice_text(dice)
            for hits in (1, 2, 3, 5, 8):
                assert combat._options(s, step, camp, hits) == plain_options(s, step, camp, hits), (step, camp, hits)
            n += 1
    for i in here:
        assert combat.block_size(s, i) == plain_block_size(s, i), i
    for part in (here, [i for i in here if combat.is_ab(i)], [i for i in here if not combat.is_ab(i)], [], here[-1:]):
        assert combat._distinct(s, part) == plain_distinct(s, part)
    return n + len(here)


LISTED_WHEN_ASKED = ("sortie", "mount", "allocate")
"""The battle's decisions whose task lists the choices as it asks and keeps them for the decision."""


def battles_compared(s: BystonState, step_once: Any, asked: Counter[str]) -> tuple[int, int]:
    """Play ``s`` to its end by ``step_once``, comparing at every step inside a battle (and in a
    clone and a state read back, now and then); (steps in battles, steps with a rider aboard).
    At each decision of :data:`LISTED_WHEN_ASKED` the choices kept equal a new listing (counted
    in ``asked``)."""
    in_battle = ridden = 0
    while s.current_seat != TERMINAL:
        if s.fight is not None:
            compare(s)
            in_battle += 1
            if s.pending is not None and s.pending[0] in LISTED_WHEN_ASKED:
                listed = s.legal_actions()  # (what the task that asked kept)
                assert listed == tuple(FLOW.listings[s.pending[0]](s)), s.pending
                asked[s.pending[0]] += 1
            ridden += any(j >= 0 for j in s.aboard)
            if in_battle % 23 == 0:
                compare(s.clone())
                compare(BystonState.from_json(s.to_json()))
        step_once()
    return in_battle, ridden


@pytest.mark.parametrize("seed", [3, 11])
def test_the_fast_battle_reads_equal_plain_ones_in_rule_bot_games(seed: int) -> None:
    spec = get_game("byston")
    options = spec.validate_options({})
    match = Match(spec, options, ["bot:normal"] * 4, seed=seed, journal=False, checked=False)
    state = match.state
    assert isinstance(state, BystonState)
    asked: Counter[str] = Counter()
    in_battle, ridden = battles_compared(state, match.step, asked)
    assert in_battle > 200 and ridden > 50, (in_battle, ridden)  # the games fought, with riders
    assert all(asked[kind] > 3 for kind in LISTED_WHEN_ASKED), asked


def test_the_fast_battle_reads_equal_plain_ones_in_random_games() -> None:
    from random import Random

    fought = 0
    for g in range(6):
        rng = Random(g)
        s = BystonState(4)

        fought += battles_compared(s, random_step(s, rng), Counter())[0]
    assert fought > 20, fought


@rule("B-74")
def test_a_ship_with_an_ab_stowed_is_told_apart_from_one_alike_without() -> None:
    """The carriers are found among the roles of the hex's counters, whatever comes first in the
    list asked about: ships alone, or ships before ABs."""
    s = game()
    ships = [put(s, "drake", "namwan", HEX) for _ in range(2)]
    d = put(s, "drake", "drumlo", HEX)
    put(s, "rau", "bozune", HEX)
    fight(s)
    [stow] = [a for a in s.legal_actions() if a[0] == "stow"]  # the two ships alike (B-74)
    s.apply(stow)
    assert s.role[d] == stow[2]
    for counters in (ships, [*ships, d], [ships[1], ships[0]]):
        assert combat._distinct(s, counters) == plain_distinct(s, counters) == sorted(ships + [d] * (d in counters))
