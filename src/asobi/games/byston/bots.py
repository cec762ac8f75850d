"""The rule bot of ドレイクの野望: one per seat, playing every country the seat runs.

Nothing in this game is hidden, so the bot reads the whole position from ``obs.position()`` (for
a game of perfect information, what ``obs.determinize`` gives without copying the state) and uses
the game's own queries on it; it never changes it (the siege odds work on a copy). Its rules, decision by decision:

- declare only a war that costs its camp no income (5.3, 6.3: a country standing by collects
  nothing until a war wakes it, and Drake's war on Rau lets Na in, 31.4) — so Drake takes Mi on
  at once but leaves Ah and Rau be, and Rau and Na declare as soon as they may; share an income
  hex evenly (6.7);
- develop when the dearest roll still leaves a chit's GP (a failed payment loses everything,
  7.5), twice at once with three times that; Drake stops short of TL 7 while it would arm a Na
  standing by whose land yields more than Ku's (29.2, 31.2); Rau, once it may make the Goraon,
  stops developing until it is at war while the final count it can foresee (:func:`_projection`)
  is not yet Sheela's camp's (above −25, 27.2): the GP go to the Goraon, which opens Rau's war
  (30.2) and so Na's (31.4), whose land then counts for Sheela's camp;
- produce one action chit first (no chit, no action phase, 14; an ABS chit once it has an ABS on
  the map), a second and third with 15 and 25 GP in hand, then ships before ABs, each the kind
  with the most combat value per GP, into the building with the most of the country's ships;
  with the factory box empty of what it may make, add (増産, 9) the best kind it can make at
  once, unless it is saving for a flagship its TL allows; never destroy its own machines, never
  pull down its buildings;
- repair what it can afford; decline a joint wait and act at once; declare a surprise when held;
- move each ship, by a way found over the hexes the rules let it enter, back to a hex of its camp
  with Drake himself or a building that a strong enemy near outweighs, otherwise to besiege the
  enemy building most worth taking (its income hex twice, more for a castle, most for the Kiron
  and Elf Castles) that the country's ships within 3 hexes, with the ABs and characters they
  carry, at least match in weight and would remove within two battles with an even chance or
  better — by the rules' own dice and blocks (:mod:`.forecast`) — otherwise towards the
  nearest enemy stack its hex outweighs or income hex its camp does not collect but could (not
  in a surviving ally's land, 6.6, nor under an enemy building, 6.4 ①), up to 30 hexes away;
  only countries at war (and their characters) weigh as enemies, since no other leaves its land
  (17.12); loading every AB and character it may take but Drake himself; a ship stays where the
  enemy is, and the last ship stays with Drake, at a building with a stronger enemy within 4
  hexes, or on an income hex taken from the enemy unless three ABs hold it (6.4 ②, ③), leaving
  those three behind when it goes on; a ship follows the way planned when it set out
  (one it did not set out, as when a search asks it, gets its way planned at its first step);
- in the last turns (from :data:`ENDGAME_TURN`) it plays for the final count: a ship's goal is
  the one worth the most to it (an income hex the enemy collects twice its GP, one nobody
  collects its GP, an enemy stack by its weight), less a GP for every phase's move away, and no
  two ships of a seat go for the same hex in a turn;
- in battle: sortie all, board the strongest unit, bomb, place hits on the enemy units whose loss
  costs the most per hit, and its own camp's hits on its cheapest units.
"""

from __future__ import annotations

import math
from bisect import bisect_left
from collections.abc import Callable, Iterator, Mapping, Sequence
from functools import cache
from operator import itemgetter
from random import Random
from typing import Any

from asobi.core import Agent
from asobi.core.actions import Action
from asobi.core.agent import Observation

from .board import BOX, COLLAPSED, DRAKE, DRAKE_CAMP, KU, NA, NEUTRAL, RAU, WAR, building_at, static
from .control import all_collectors, camp_income
from .forecast import plan_for
from .odds import dice_of, pool_float
from .rules import combat
from .rules.collapse import serving_country
from .rules.combat import BOMBER, NO_ROLE, SORTIED, is_ab, may_carry, may_ride
from .rules.develop import modifier
from .rules.move import may_enter
from .state import DRAKE_CHAR, BystonState


@cache
def _counter_strength() -> tuple[float, ...]:
    """A rough combat weight per counter (face up): an AB's air and bombing, a ship's guns,
    defence for all."""
    st = static()
    out = []
    for i in range(len(st.counter_unit)):
        side = st.t.unit(st.unit_id(i)).front
        out.append(
            side.air
            + 0.5 * side.bomb
            + side.guns * side.gun / 3
            + side.aa_guns * side.aa / 6
            + side.defence / 2
        )
    return tuple(out)


@cache
def _character_strength() -> tuple[float, ...]:
    """A rough combat weight per character: its attack adds hits (21, 23, 24: an ace's +2 is
    worth more than a plain AB's air 2), its defence and command less."""
    st = static()
    out = []
    for cid in st.char_ids:
        ch = st.t.characters[cid]
        out.append(
            1.5 * (ch.ab_attack + ch.as_attack)
            + 0.5 * (ch.ab_defence + ch.as_defence)
            + ch.ab_command
            + ch.as_command
        )
    return tuple(out)


@cache
def _within(h: int, r: int) -> frozenset[int]:
    """The hexes at most ``r`` steps from ``h`` (terrain aside: the distance of B-23)."""
    adjacency = static().t.map.grid.adjacency
    seen = {h}
    frontier = [h]
    for _ in range(r):
        nxt = []
        for x in frontier:
            for n in adjacency[x]:
                if n not in seen:
                    seen.add(n)
                    nxt.append(n)
        frontier = nxt
    return frozenset(seen)


@cache
def _around(h: int, r: int) -> frozenset[int]:
    """The hexes at most ``r`` hex steps from ``h``, whatever lies between (the map grid's
    ``distance``)."""
    return frozenset(static().t.map.grid.within(h, r))


_DONE = ("done",)
_AFTER_CHITS = ("chit", math.inf)
"""Sorts after every ("chit", k) and before every other verb's action."""
_EXTRA = ("extra",)
_MAKE = ("make",)
"""Each sorts before every action of its verb and after every action of the verbs before it."""
_SURPRISE = ("surprise",)
_QUICK = {"sortie_all": ("sortie_all",), "bomb": ("bomb",), "act": ("act",), "build": _DONE}
"""The bot's answer, whatever the position, to a decision known by its first legal action (the
actions are sorted, and each of these verbs belongs to one decision only): sortie all (20.1),
bomb (22.1), act at once rather than wait for a joint operation (15.3), build nothing (12: done,
:meth:`RuleBot._on_build`); and, known by its last, declare the surprise attack (16.3: draw <
surprise)."""

def _keep(table: dict[Any, Any], key: Any, value: Any, most: int = 16384) -> None:
    """``table[key] = value``, the table emptied first once it holds more than ``most`` entries
    (a :class:`BotMemo` table of odds or walks stays bounded)."""
    if len(table) > most:
        table.clear()
    table[key] = value


class BotMemo:
    """What the rule bots of one factory (:class:`BotFactory`) keep from one decision and one game
    to the next: memos of pure functions of what they key on, so that emptying the memo at any
    time (:meth:`clear`) changes no decision, only how fast one is taken
    (``tests/byston/test_bots_memo.py`` plays games with it emptied before every decision). A
    batch's speed rests on their staying warm from game to game. Every table keeps its answers
    unchanged once stored (callers share them); the tables of many keys empty themselves past a
    bound (:func:`_keep`).

    By table, what it keeps and what it is keyed on:

    - ``odds``: siege odds (:meth:`RuleBot._siege_odds`), by all they depend on: the besieging
      camp's counters in the target hex once the group has moved in — each one's kind, face,
      whether it is the secret factory (30.6.3) and the characters aboard it as the bot boards
      them — and the building's kind and face. Nothing else in the hex counts: the defenders'
      fire is not weighed, their characters board nothing and the hits go to the building alone;
      the dice do not read the map.
    - ``boarded``: the same odds, by what the bot's boarding reads before it boards: the camp's
      counters in the target hex once the group has moved in, in counter order (kind, face, owner,
      whether it is the secret factory), each character of the group with the country it serves,
      and the building's kind and face.
    - ``fires``: the hits of a besieging force (:func:`_fire`) in bombing and in shelling, by the
      force as ``odds`` keys it.
    - ``sizes``: the blocks of a building under siege (B-30), by its kind and face.
    - ``removals``: :func:`_removal_odds`, by its arguments.
    - ``walks``: ways over the map (:meth:`RuleBot._walk`), by the ship's country, whether it is
      the Zelana, its hex and the countries' states (all that ``may_enter`` reads besides the map).
    - ``open``: by the ship's country, whether it is the Zelana and the countries' states: per hex,
      whether the ship may enter it (``may_enter``), and per hex its neighbours the ship may enter,
      in the map's order.
    - ``war_counters``: :func:`_war_counters`, by the counters' owners and which countries are at war.
    - ``country_ships``: by country, the owners :func:`_country_ships` last read and its answer.
    - ``open_income``: by camp, what :func:`_open_income` last read (the collecting camps, the
      enemy's building hexes, the countries' states) and its answer.
    - ``last_strengths``: the last position :meth:`RuleBot._work_out_strengths` worked out (where,
      flipped, char_at, status, owner) and its answer.
    - ``last_collecting``: the last position :func:`_collecting_camps` worked out (the stacks of
      the income hexes, status, owner) and its answer.
    - ``last_layout``: the last :class:`_Layout` (:func:`_layout`): where the building counters
      are, the owners, the secret factory and whether it is found, and the layout.
    - ``last_chars``: the last :func:`_chars_by_hex` (:meth:`RuleBot._chars_by_hex`): char_at and
      its answer.
    """

    __slots__ = (
        "boarded",
        "country_ships",
        "fires",
        "last_chars",
        "last_collecting",
        "last_layout",
        "last_strengths",
        "odds",
        "open",
        "open_income",
        "removals",
        "sizes",
        "walks",
        "war_counters",
    )

    def __init__(self) -> None:
        self.odds: dict[tuple[Any, ...], float] = {}
        self.boarded: dict[tuple[Any, ...], float] = {}
        self.fires: dict[tuple[Any, ...], tuple[Any, Any]] = {}
        self.sizes: dict[tuple[int, int] | None, tuple[int, ...]] = {}
        self.removals: dict[tuple[Any, ...], float] = {}
        self.walks: dict[tuple[Any, ...], tuple[_Routes, list[int]]] = {}
        self.open: dict[tuple[Any, ...], tuple[list[bool], tuple[tuple[int, ...], ...]]] = {}
        self.war_counters: dict[tuple[tuple[int, ...], tuple[bool, ...]], tuple[tuple[int, int, float], ...]] = {}
        self.country_ships: dict[int, tuple[tuple[int, ...], tuple[int, ...]]] = {}
        self.open_income: dict[int, tuple[Any, ...]] = {}
        self.last_strengths: tuple[Any, ...] | None = None
        self.last_collecting: tuple[Any, ...] | None = None
        self.last_layout: tuple[Any, ...] | None = None
        self.last_chars: tuple[Any, ...] | None = None

    def clear(self) -> None:
        """Empty every table (no decision changes)."""
        self.__init__()  # type: ignore[misc]


@cache
def _capitals_that_end() -> tuple[int, int]:
    """The Elf and Kiron Castles' hexes: their loss ends Ah and Mi (33.4, 32.4)."""
    st = static()
    return (st.elf_castle, st.t.map.place_hex("kiron_castle"))


@cache
def _flagships() -> tuple[tuple[int, int], ...]:
    """Every ABS counter with the TL that makes it (8.3)."""
    st = static()
    return tuple(
        (i, getattr(st.t.unit(st.unit_id(i)), "tl", 0) or 0)
        for i in range(len(st.counter_unit))
        if st.kind(i) == "ABS"
    )


@cache
def _is_ship() -> tuple[bool, ...]:
    """Per counter, whether it is a ship (AS or ABS)."""
    st = static()
    return tuple(st.is_ship(i) for i in range(len(st.counter_unit)))


@cache
def _is_ab() -> tuple[bool, ...]:
    """Per counter, whether it is an AB."""
    st = static()
    return tuple(st.kind(i) == "AB" for i in range(len(st.counter_unit)))


@cache
def _ship_counters() -> tuple[int, ...]:
    st = static()
    return tuple(i for i in range(len(st.counter_unit)) if st.is_ship(i))


@cache
def _building_counters() -> tuple[int, ...]:
    st = static()
    return tuple(i for i in range(len(st.counter_unit)) if st.is_building(i))


@cache
def _fort_counters() -> tuple[int, ...]:
    st = static()
    fort = st.unit_index("fort")
    return tuple(i for i in range(len(st.counter_unit)) if st.counter_unit[i] == fort)


@cache
def _fort_gp() -> int:
    return static().t.buildings["fort"].gp


@cache
def _land_income_hexes(country: int) -> tuple[int, ...]:
    st = static()
    return tuple(h for h in st.income_hexes if st.nation[h] == country)


@cache
def _goraon_tl() -> int:
    return int(static().t.machines["goraon"].tl)


@cache
def _zelana_unit() -> int:
    return static().unit_index("zelana")


@cache
def _defence() -> tuple[int, ...]:
    st = static()
    return tuple(st.t.unit(st.unit_id(i)).front.defence for i in range(len(st.counter_unit)))


@cache
def _unit_value() -> tuple[float, ...]:
    """How much a unit kind is worth: its GP (buildings and machines alike), at least 1."""
    st = static()
    out = []
    for u in st.unit_ids:
        thing = st.t.unit(u)
        out.append(float(getattr(thing, "gp", None) or 1))
    return tuple(out)


@cache
def _machine_score() -> tuple[float, ...]:
    """Combat value per GP of each unit kind (for choosing what to produce)."""
    st = static()
    out = []
    for u in st.unit_ids:
        thing = st.t.unit(u)
        side = thing.front
        value = (
            side.air + 0.5 * side.bomb + side.guns * side.gun / 3 + side.aa_guns * side.aa / 6 + side.defence
        )
        gp = getattr(thing, "gp", None) or 1
        capacity = getattr(thing, "capacity", 0) or 0
        out.append((value + capacity) / gp)
    return tuple(out)


@cache
def _costs() -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Per unit kind: the GP to make it (8.4) and to add it to the factory box (9.2; a large
    number where 9.4 forbids it)."""
    st = static()
    make = []
    extra = []
    for u in st.unit_ids:
        thing = st.t.unit(u)
        make.append(getattr(thing, "gp", None) or 0)
        e = getattr(thing, "extra_gp", None)
        extra.append(10**6 if e is None else e)
    return tuple(make), tuple(extra)


def _make_gp(unit: int) -> int:
    return _costs()[0][unit]


def _extra_gp(unit: int) -> int:
    return _costs()[1][unit]


def _saving_for_flagship(s: BystonState, country: int) -> bool:
    """Whether the country's factory box holds a flagship (ABS) its TL allows: no extra production
    then, so the GP pile up for it (once they pay, it is made first, being a ship); the Goraon and
    the Gea Gring also open wars (29.3, 30.2)."""
    tl = s.tl[country]
    where = s.where
    owner = s.owner
    return any(where[i] == BOX and owner[i] == country and need <= tl for i, need in _flagships())


ATTACK_MARGIN = 1.2
"""A ship heads for an enemy stack when the weight of its own hex is this many times the enemy's."""
DEFEND_BUILDINGS = True
"""Whether ships also go back to threatened buildings (off: against random bots it costs more
income than it saves), or only to Drake himself."""
THREAT_RANGE = 2
"""Enemy stacks this near a hex threaten it (a ship moves 3 hexes a phase, 17.4)."""
THREAT_LEAST = 20.0
"""Less enemy weight than this (a few ABs) near a hex is no threat worth turning back for."""
DEFEND_WITHIN = 6
"""A ship goes back to a threatened hex of its camp two phases' moves away or nearer (17.4: 3 hexes a
phase); the ``hard`` level's bot (:class:`BoldBot`) only one phase's."""
BOLD_DEFEND_WITHIN = 3
""":data:`DEFEND_WITHIN` for :class:`BoldBot`: a threatened hex one phase's move away or nearer
(17.4). Against the rule bot, 2, 3 and 4 all won (3 the most) and 0 (never turning back) lost
(``docs/byston/strength.md``, "The levels")."""
GOAL_REACH = 30
"""A ship sets out for a goal at most this many hexes away (about ten action phases, 17.4): Rau
and Na reach Drake's land only round Ah's and Ku's, which stay closed while they stand by (17.13)."""
HOLD_WITH_ABS = 3
"""6.4 ③: three ABs control a hex without a ship."""
CHIT_RESERVE = (0, 15, 25)
"""The GP a country must have to produce its first, second and third chit of a turn."""
SIEGE_ODDS = 0.5
"""A group of ships besieges an enemy building when :data:`SIEGE_BATTLES` battles remove it with at
least this chance (bombing, then shelling, every hit on the building first; exact, :mod:`.forecast`)."""
SIEGE_BATTLES = 2
"""Battles a siege counts on: a flipped building is repaired only in its owner's repair phase (11.6,
11.7), so a second action phase of the same turn finishes what the first began."""
SIEGE_STEPS_PER_GP = 6.0
"""A siege target this many hexes further away (two phases' moves) must be worth a GP more."""
GORAON_FIRST = True
"""While Sheela's camp is not winning (:func:`_projection` above −25), Rau stops developing at the
Goraon's TL until it is at war (30.2: the Goraon opens Rau's war, 31.4 then Na's)."""
SHEELA_AHEAD = -25
"""27.2: Sheela's camp is ahead at −25 or less."""
ENDGAME_TURN = 9
"""From this turn on the bot plays for the final count (27.2): a ship's goal is the one worth the
most to it (:meth:`RuleBot._raid_worth`, less a GP for every :data:`RAID_STEPS_PER_GP` hexes away)
rather than the nearest, and no two ships of a seat go for the same hex in one turn. Turn 9 of
16: the second half of the game played for the count spreads the final difference more than the
last four turns did (turn 13: 60.5% draws in 200 games against 54.5% from turn 9, with 7 and 5
both about 63%; ``docs/byston/balance.md``)."""
RAID_STEPS_PER_GP = 3.0
"""In the last turns, a goal this many hexes further away (one phase's move) must be worth a GP more."""
RAID_WEIGHT_PER_GP = 10.0
"""In the last turns, an enemy stack is worth a GP of the final count for this much of its weight."""
FORTIFY_CAMP = DRAKE_CAMP
"""The camp whose ``hard`` bot (:class:`BoldBot`) builds forts on its income hexes (12.2, 6.4 ①)."""
GROUP_RANGE = 3
"""A country's ships this near each other (one phase's move, 17.4) count as one besieging group,
so the ships of a stack set out together and keep together on the way."""


DEVELOP_RESERVE = 3
"""GP a development must leave for the turn's first action chit (14: no chit, no action)."""


def _land_income(country: int) -> int:
    """The GP of the income hexes in a country's land (6.2)."""
    st = static()
    income = st.t.map.income_of
    return sum(income[h] for h in st.income_hexes if st.nation[h] == country)


def _joins(s: BystonState, country: int, target: int) -> tuple[int, ...]:
    """The countries a war on ``target`` brings in: the target, and Na with Rau (31.4)."""
    if country in (DRAKE, KU) and target == RAU and s.status[NA] == NEUTRAL:
        return (RAU, NA)
    return (target,)


def _war_cost(s: BystonState, country: int, target: int) -> int:
    """The income the declaring camp's enemy gains at once by this war (5.3): a target standing
    by starts collecting (6.3), and Drake's war on Rau lets Na declare and collect too (31.4)."""
    return sum(_land_income(c) for c in _joins(s, country, target) if s.status[c] == NEUTRAL)


def _may_collect(s: BystonState, camp: int, h: int) -> bool:
    """6.6: a camp collects nothing in a surviving ally's land (Ku's, for Drake's army)."""
    land = static().nation[h]
    return land < 0 or static().camp[land] != camp or s.status[land] == COLLAPSED


def _mount_choice(k: int, units: Sequence[int]) -> int:
    """The unit character ``k`` boards (20.4): Drake himself a building, else the toughest ship
    (27.3); anyone else the strongest unit (:func:`_counter_strength`)."""
    st = static()
    if k == DRAKE_CHAR:
        safe = [i for i in units if st.is_building(i)] or [i for i in units if st.is_ship(i)]
        if safe:
            defence = _defence()
            return max(safe, key=lambda i: (defence[i], -i))
    weight = _counter_strength()
    return max(units, key=lambda i: (weight[i], -i))


def _siege_worth(s: BystonState, h: int) -> float:
    """What taking the enemy building in ``h`` is worth, in GP of the final count (27.2): its
    income hex changes hands (6.4 ①, ②), twice over; a castle also counts for Rau's and Na's end
    (30.5, 31.5) and the Kiron and Elf Castles end Mi and Ah (32.4, 33.4)."""
    st = static()
    b = building_at(s, h)
    worth = 2.0 * st.t.map.income_of[h]
    if b >= 0 and st.kind(b) == "castle":
        worth += 2.0
        if h in _capitals_that_end():
            worth += 6.0
    return worth


def _fire(s: BystonState, step: str, camp: int) -> tuple[tuple[tuple[int, float], ...], int]:
    """A camp's hits in one step of the battle under way in ``s`` and the command the other
    camp's defender places elsewhere (25.9), by the rules' dice and bonuses: what
    :func:`.forecast.camp_step` reads, in floats."""
    dice, bonus, n = combat.attackers(s, step, camp)
    if not n or not combat.targets(s, step, 1 - camp):  # task_roll's test (B-71)
        return ((0, 1.0),), 0
    hits = pool_float(dice, bonus)
    return hits, min(combat.command(s, step, 1 - camp), hits[-1][0])


Fire = tuple[tuple[tuple[int, float], ...], int]
"""A camp's hits in one step of a battle and the command the other camp places elsewhere (:func:`_fire`)."""


@cache
def _unit_sides() -> tuple[tuple[str, Any, Any], ...]:
    """Per unit kind: its kind (AB, AS, ABS, castle…), its front and its back."""
    st = static()
    return tuple((kind, st.t.unit(u).front, st.t.unit(u).back) for u, kind in zip(st.unit_ids, st.unit_kind, strict=True))


@cache
def _char_attacks() -> tuple[tuple[int, int], ...]:
    """Per character: its AB attack and its AS attack (23.5, 24.6)."""
    st = static()
    return tuple((st.t.characters[cid].ab_attack, st.t.characters[cid].as_attack) for cid in st.char_ids)


def _force_fires(force: tuple[tuple[int, int, bool, tuple[int, ...]], ...]) -> tuple[Fire, Fire] | None:
    """What :func:`_fire` gives in bombing and in shelling on a copy of the position with a
    besieging force moved in beside an enemy building, read off the force alone — each of the
    camp's counters there as :meth:`RuleBot._siege_odds` keys it (kind, face, whether it is the
    secret factory, the characters aboard it) — without the copy: :func:`.rules.combat.attackers`'
    dice, for a siege in which every AB of the camp bombs (22.1) and the building stands to be hit
    (B-71): an AB rolls its bombing value, with its riders' AB attack (23.4, 23.5); each ship and
    building but the secret factory (30.6.3) its guns, a ship with its riders' AS attack (24.4,
    24.6–24.8). Nobody of the defenders boards, so their command is nil (25.9). For an enemy
    building only; ``None`` for a force with a kind of unit this does not know (the copy decides
    then)."""
    sides = _unit_sides()
    attack = _char_attacks()
    bomb_values: list[int] = []
    bomb_bonus = 0
    gun_values: list[int] = []
    gun_bonus = 0
    firing = 0
    for unit, flipped, secret, riders in force:
        kind, front, back = sides[unit]
        side = back if flipped else front
        if kind == "AB":
            bomb_values.append(side.bomb)
            bomb_bonus += sum([attack[k][0] for k in riders])
        elif kind in ("AS", "ABS", "castle", "fort"):
            if secret:
                continue
            gun_values.extend([side.gun] * side.guns)
            if kind != "castle" and kind != "fort":
                gun_bonus += sum([attack[k][1] for k in riders])
            firing += 1
        else:
            return None
    bombing: Fire = (pool_float(dice_of(bomb_values), bomb_bonus), 0) if bomb_values else _NO_FIRE
    shelling: Fire = (pool_float(dice_of(gun_values), gun_bonus), 0) if firing else _NO_FIRE
    return bombing, shelling


_NO_FIRE: Fire = (((0, 1.0),), 0)
"""No hits (:func:`_fire` where nothing fires)."""


def _removal_odds(
    bombing: tuple[tuple[tuple[int, float], ...], int],
    shelling: tuple[tuple[tuple[int, float], ...], int],
    sizes: tuple[int, ...],
    memo: BotMemo,
) -> float:
    """The chance that a building whose blocks take ``sizes`` hits, in order (B-30; 2 blocks face
    up, 1 flipped), is removed within :data:`SIEGE_BATTLES` battles by these hits in bombing and
    shelling (:func:`_fire`: the distribution and the defender's command, 25.9) — the last part of
    :meth:`RuleBot._siege_odds`, which many groups and buildings share; kept in ``memo``."""
    key = (bombing, shelling, sizes)
    cached = memo.removals.get(key)
    if cached is not None:
        return cached
    # the building's state: 2 face up, 1 flipped, 0 removed; each block in turn (B-30), the
    # defender's command first placing its share elsewhere (25.9)
    n = len(sizes)
    # per state, the blocks still to place, in order (the hits a state needs to reach each next)
    needs = [[sum(sizes[n - state : n - state + k]) for k in range(1, state + 1)] for state in range(n + 1)]
    # per step and state, the state each count of hits leaves, with its chance (in the pool's order)
    moves = []
    for step_hits, step_command in (bombing, shelling):
        per_state = []
        for state in range(n + 1):
            need = needs[state]
            to = []
            for hits, q in step_hits:
                on_building = hits - step_command
                now = state
                for total in need:
                    if on_building < total:
                        break
                    now -= 1
                to.append((now, q))
            per_state.append(to)
        moves.append(per_state)
    left: dict[int, float] = {n: 1.0}
    for _battle in range(SIEGE_BATTLES):
        for per_state in moves:
            after: dict[int, float] = {}
            for state, p in left.items():
                for now, q in per_state[state]:
                    after[now] = after.get(now, 0.0) + p * q
            left = after
    odds = left.get(0, 0.0)
    _keep(memo.removals, key, odds)
    return odds


def _projection(s: BystonState) -> int:
    """The final count (27.2, Drake's camp less Sheela's) if nothing changed hands and the
    countries that enter in every game entered: income as it counts now (B-33), with Ku's land
    for Drake's camp while Ku stands by (29.2: Drake's TL 7 arms it) and Na's for Sheela's (31.2,
    31.4: Drake's TL 7 or Rau's war brings it in)."""
    drake, sheela = camp_income(s)
    projected = drake - sheela
    if s.status[KU] == NEUTRAL:
        projected += _land_income(KU)
    if s.status[NA] == NEUTRAL:
        projected -= _land_income(NA)
    return projected


def _siege_sites(s: BystonState, camp: int) -> list[int]:
    """The hexes of the other camp's buildings a siege may go for (:meth:`RuleBot._sieges`):
    castles, and forts on income hexes, in counter order (castles first)."""
    st = static()
    out = []
    where = s.where
    owner = s.owner
    for kind in ("castle", "fort"):
        for i in st.unit_counters[st.unit_index(kind)]:
            at = where[i]
            if (
                at >= 0
                and st.camp[owner[i]] != camp
                and (kind == "castle" or at in st.income_hex_set)
                and not (i == s.secret and not s.secret_found)  # 30.6.4: no battle there
            ):
                out.append(at)
    return out


class _Layout:
    """What the bot reads of where the buildings stand — :func:`_siege_sites` and each site's
    :func:`_siege_worth` per camp, and per camp the hexes of its buildings (:meth:`RuleBot._threats`)
    — worked out for a camp when first asked. It reads only where the building counters are,
    the owners and the secret factory (:func:`_layout`), which a game changes seldom (a fort
    built or removed, a castle taken), so it is kept from one decision to the next
    (:attr:`BotMemo.last_layout`)."""

    __slots__ = ("_places", "_sites", "_walled", "_worth")

    def __init__(self) -> None:
        self._sites: list[list[int] | None] = [None, None]
        self._worth: list[dict[int, float] | None] = [None, None]
        self._places: list[tuple[int, ...] | None] = [None, None]
        self._walled: list[frozenset[int] | None] = [None, None]

    def sites(self, s: BystonState, camp: int) -> list[int]:
        """:func:`_siege_sites` (shared, never changed)."""
        found = self._sites[camp]
        if found is None:
            found = self._sites[camp] = _siege_sites(s, camp)
        return found

    def worth(self, s: BystonState, camp: int) -> dict[int, float]:
        """Per site (:meth:`sites`), :func:`_siege_worth` (shared, never changed)."""
        found = self._worth[camp]
        if found is None:
            found = self._worth[camp] = {h: _siege_worth(s, h) for h in self.sites(s, camp)}
        return found

    def places(self, s: BystonState, camp: int) -> tuple[int, ...]:
        """The hexes of the camp's buildings, each once, in counter order (of the first there)."""
        found = self._places[camp]
        if found is None:
            camp_of = static().camp
            where = s.where
            owner = s.owner
            found = self._places[camp] = tuple(
                dict.fromkeys([where[i] for i in _building_counters() if where[i] >= 0 and camp_of[owner[i]] == camp])
            )
        return found

    def walled(self, s: BystonState, camp: int) -> frozenset[int]:
        """The hexes of the other camp's buildings (:meth:`places`; every country is of one camp
        or the other)."""
        found = self._walled[camp]
        if found is None:
            found = self._walled[camp] = frozenset(self.places(s, 1 - camp))
        return found


def _layout(s: BystonState, memo: BotMemo) -> _Layout:
    """The :class:`_Layout` of ``s``: the last one (``memo``) while the building counters stand
    where they stood, with the same owners and secret factory."""
    at = _pick_buildings()(s.where)
    owner = s.owner
    last = memo.last_layout
    if (
        last is not None
        and last[0] == at
        and (last[1] is owner or last[1] == owner)
        and last[2] == s.secret
        and last[3] == s.secret_found
    ):
        found: _Layout = last[4]
        return found
    layout = _Layout()
    memo.last_layout = (at, owner, s.secret, s.secret_found, layout)
    return layout


@cache
def _pick_buildings() -> Callable[[Sequence[int]], tuple[int, ...]]:
    """Picks out of ``where`` the places of the building counters (:func:`_building_counters`)."""
    return itemgetter(*_building_counters())


def _chars_by_hex(char_at: Sequence[int]) -> dict[int, tuple[int, ...]]:
    """Per hex with characters, those characters in order."""
    out: dict[int, list[int]] = {}
    for k, at in enumerate(char_at):
        if at >= 0:
            out.setdefault(at, []).append(k)
    return {h: tuple(ks) for h, ks in out.items()}


def _collecting_camps(s: BystonState, memo: BotMemo | None = None) -> dict[int, int]:
    """Per income hex that some country collects now (6.4–6.8), its camp. What it reads (the
    stacks of the income hexes, the countries' states and the owners) often stands as it stood at
    the decision before — a ship that moved between other hexes changes none of it — so the last
    answer is kept in ``memo`` (shared, never changed)."""
    if memo is None:
        memo = BotMemo()
    held = _pick_income_hexes()(s.stacks)
    last = memo.last_collecting
    if last is not None and last[0] == held and last[1] == s.status and last[2] == s.owner:
        found: dict[int, int] = last[3]
        return found
    camp = static().camp
    found = {h: camp[who[0]] for h, who in all_collectors(s) if who}
    memo.last_collecting = (held, list(s.status), s.owner, found)
    return found


@cache
def _pick_income_hexes() -> Callable[[Sequence[tuple[int, ...]]], tuple[tuple[int, ...], ...]]:
    """Picks out of ``stacks`` the stacks of the income hexes, in their order."""
    return itemgetter(*static().income_hexes)


def _may_remove(s: BystonState, counters: Sequence[int], chars: Sequence[int], building: int) -> bool:
    """Whether ``counters`` and ``chars`` could remove ``building`` at all in :data:`SIEGE_BATTLES`
    battles if every die hit (23, 24) and every character's attack counted in both steps (21.6,
    24.8): each of its blocks (25.4, B-30: a building's is its side's defence) needs one step with
    that many hits, and all of them together need that many over the battles. When not, its odds
    (:meth:`RuleBot._siege_odds`) are 0 and need no working out."""
    return _may_remove_with(s, _siege_dice_of(s, counters, chars), building)


def _siege_dice_of(s: BystonState, counters: Sequence[int], chars: Sequence[int]) -> tuple[int, int, int]:
    """:func:`_may_remove`'s count of ``counters`` and ``chars``: their dice in bombing and in
    shelling, and the characters' hits."""
    dice = _siege_dice()
    flipped = s.flipped
    bombing = shelling = 0
    for i in counters:
        b, g = dice[i][1 if flipped[i] else 0]
        bombing += b
        shelling += g
    char_hits = _char_hits()
    return bombing, shelling, sum([char_hits[k] for k in chars])


def _may_remove_with(s: BystonState, force: tuple[int, int, int], building: int) -> bool:
    """:func:`_may_remove` of a force counted by :func:`_siege_dice_of` (the counts of two
    forces add up)."""
    bombing, shelling, bonus = force
    most = max(bombing, shelling) + bonus
    front, back = _two_defences()[building]
    blocks = (back,) if s.flipped[building] else (front, back)
    return most >= max(blocks) and SIEGE_BATTLES * (bombing + shelling + 2 * bonus) >= sum(blocks)


@cache
def _siege_dice() -> tuple[tuple[tuple[int, int], tuple[int, int]], ...]:
    """Per counter, face up and flipped: the dice it rolls in a siege's bombing (one if its side
    bombs at all, 23) and shelling (its guns, 24)."""
    st = static()
    out = []
    for i in range(len(st.counter_unit)):
        thing = st.t.unit(st.unit_id(i))
        front = thing.front
        back = thing.back
        out.append(((int(front.bomb > 0), front.guns), (int(back.bomb > 0), back.guns)))
    return tuple(out)


@cache
def _carried_by(country: int) -> tuple[frozenset[int], frozenset[int]]:
    """The countries whose ABs a ship of ``country`` may carry (17.15, :func:`.rules.combat.may_carry`)
    and those whose characters may ride it (20.4, :func:`.rules.combat.may_ride`)."""
    countries = range(len(static().camp))
    return (
        frozenset([o for o in countries if may_carry(country, o)]),
        frozenset([c for c in countries if may_ride(country, c)]),
    )


@cache
def _capacity() -> tuple[int, ...]:
    """Per counter, the ABs it may carry (17.15; a ship without a capacity carries any number)."""
    st = static()
    out = []
    for i in range(len(st.counter_unit)):
        capacity = getattr(st.t.unit(st.unit_id(i)), "capacity", None)
        out.append(10**6 if capacity is None else capacity)
    return tuple(out)


@cache
def _two_defences() -> tuple[tuple[int, int], ...]:
    st = static()
    out = []
    for i in range(len(st.counter_unit)):
        thing = st.t.unit(st.unit_id(i))
        out.append((thing.front.defence, thing.back.defence))
    return tuple(out)


@cache
def _char_hits() -> tuple[int, ...]:
    st = static()
    return tuple(
        max(st.t.characters[cid].ab_attack, 0) + max(st.t.characters[cid].as_attack, 0) for cid in st.char_ids
    )


def _load_choice(legal: Sequence[Action]) -> Action:
    """An AB to load (17.15), else a character to board but Drake himself (27.3), else go."""
    for action in legal:
        if action[0] == "load":
            return action
    for action in legal:
        if action[0] == "board" and action[1] != DRAKE_CHAR:
            return action
    return ("go",)


def _tl7_pays(s: BystonState) -> bool:
    """Drake's TL 7 arms Ku (29.2) and Na (31.2): worth it once Na collects anyway, or when Ku's
    land gives more than Na's."""
    return s.status[NA] != NEUTRAL or s.status[KU] != NEUTRAL or _land_income(KU) >= _land_income(NA)


def _war_counters(
    owner: tuple[int, ...], at_war: tuple[bool, ...], memo: BotMemo
) -> tuple[tuple[int, int, float], ...]:
    """The counters of the countries at war, in counter order: each with its camp and its weight
    (:func:`_counter_strength`), for :meth:`RuleBot._strengths`. Owners
    change rarely (35.3) and wars only once a country enters, so the list is kept by both (``memo``)."""
    key = (owner, at_war)
    found = memo.war_counters.get(key)
    if found is None:
        camp_of = static().camp
        weight = _counter_strength()
        found = tuple((i, camp_of[o], weight[i]) for i, o in enumerate(owner) if at_war[o])
        _keep(memo.war_counters, key, found, 256)
    return found


@cache
def _war_characters(at_war: tuple[bool, ...]) -> tuple[tuple[int, int, float], ...]:
    """The characters of the countries at war (their printed country's), in order: each with its
    camp and its weight (:func:`_character_strength`), for :meth:`RuleBot._strengths`."""
    st = static()
    weight = _character_strength()
    return tuple((k, st.camp[country], weight[k]) for k, country in enumerate(st.char_country) if at_war[country])


def _country_ships(owner: tuple[int, ...], country: int, memo: BotMemo) -> tuple[int, ...]:
    """The ship counters ``owner`` gives to ``country``, in counter order; kept in ``memo`` while
    the owners stand (they change only as a country collapses, 35.3)."""
    last = memo.country_ships.get(country)
    if last is not None and (last[0] is owner or last[0] == owner):
        return last[1]
    found = tuple([i for i in _ship_counters() if owner[i] == country])
    memo.country_ships[country] = (owner, found)
    return found


def _open_income(
    s: BystonState, camp: int, collecting: Mapping[int, int], walled: frozenset[int], memo: BotMemo
) -> tuple[int, ...]:
    """The income hexes, in order, that the camp does not collect (``collecting``:
    :func:`_collecting_camps`, never changed), that hold no building of the other camp
    (``walled``) and that it could collect (6.6, :func:`_may_collect`): kept in ``memo`` while
    those three and the countries' states stand (they change seldom)."""
    status = s.status
    last = memo.open_income.get(camp)
    if last is not None and last[0] is collecting and last[1] is walled and last[2] == status:
        found: tuple[int, ...] = last[3]
        return found
    ours = {h for h, c in collecting.items() if c == camp}
    found = tuple(
        [h for h in static().income_hexes if h not in ours and h not in walled and _may_collect(s, camp, h)]
    )
    memo.open_income[camp] = (collecting, walled, list(status), found)
    return found


class _Routes(Mapping[int, tuple[int, int]]):
    """A walk's hexes (:meth:`RuleBot._routes`): hex → (steps, first hex of the way), read from
    two lists indexed by hex (-1: not reached)."""

    __slots__ = ("dist", "first")

    def __init__(self, dist: list[int], first: list[int]) -> None:
        self.dist = dist
        self.first = first

    def __getitem__(self, h: int) -> tuple[int, int]:
        d = self.dist[h]
        if d < 0:
            raise KeyError(h)
        return (d, self.first[h])

    def __contains__(self, h: object) -> bool:
        return isinstance(h, int) and 0 <= h < len(self.dist) and self.dist[h] >= 0

    def __iter__(self) -> Iterator[int]:
        return (h for h, d in enumerate(self.dist) if d >= 0)

    def __len__(self) -> int:
        return sum(1 for d in self.dist if d >= 0)


class _Threats:
    """The hexes of a camp a threat would call a ship back to (:meth:`RuleBot._threatened`): its
    places, hex → rank (0 Drake himself, 1 a building), each weighed against the enemy within
    :data:`THREAT_RANGE` only when :meth:`rank` first asks for it — a decision asks for the few
    places within a ship's reach, not all of them."""

    __slots__ = ("enemy", "known", "ours", "places")

    def __init__(self, places: dict[int, int], enemy: dict[int, float], ours: dict[int, float]) -> None:
        self.places = places
        self.enemy = enemy
        self.ours = ours
        self.known: dict[int, bool] = {}

    def rank(self, at: int) -> int | None:
        """The rank of ``at`` if it is a place of the camp that the enemy's weight within
        :data:`THREAT_RANGE` outweighs (what stands there, and at least :data:`THREAT_LEAST`);
        ``None`` if not."""
        rank = self.places.get(at)
        if rank is None:
            return None
        threatened = self.known.get(at)
        if threatened is None:
            near = _within(at, THREAT_RANGE)
            danger = sum([w for h, w in self.enemy.items() if h in near])
            threatened = self.known[at] = danger > max(self.ours.get(at, 0.0), THREAT_LEAST)
        return rank if threatened else None


class RuleBot(Agent):
    """Plays every country of its seat by the rules in the module's docstring."""

    defend_within = DEFEND_WITHIN
    """How far away a threatened hex of the camp still calls a ship back (:meth:`_goal`)."""
    attack_margin: tuple[float, float] = (ATTACK_MARGIN, ATTACK_MARGIN)
    """By camp (Drake's, Sheela's): :data:`ATTACK_MARGIN`."""
    siege_odds: tuple[float, float] = (SIEGE_ODDS, SIEGE_ODDS)
    """By camp: :data:`SIEGE_ODDS`."""
    endgame_turn: tuple[int, int] = (ENDGAME_TURN, ENDGAME_TURN)
    """By camp: :data:`ENDGAME_TURN`."""

    def __init__(self, seat: int, seed: int, memo: BotMemo | None = None) -> None:
        self.seat = seat
        self.rng = Random(seed)
        self.memo = memo if memo is not None else BotMemo()
        """What the bot keeps from one decision and game to the next (:class:`BotMemo`), shared
        with the other bots of its factory."""
        self._memo: dict[Any, Any] | None = None
        """What one decision has worked out about its position (:meth:`_once`)."""
        self._claimed: set[int] = set()
        """The goals ships of this seat set out for this turn (:data:`ENDGAME_TURN`)."""
        self._claimed_turn = -1
        self._plan_country = -1
        """The country of the ship :attr:`_plan` moves."""
        self._plan: tuple[int, int, list[int]] | None = None
        """The ship moving now: its unit, the hex it should be in, and the hexes still to go
        (:meth:`_on_move` plans the way once; :meth:`_on_step` follows it)."""

    def act(self, obs: Observation) -> Action:
        legal = obs.legal
        if len(legal) == 1:
            return legal[0]
        quick = _QUICK.get(legal[0][0])  # decisions the bot takes without looking at the position
        if quick is not None:
            return quick
        if legal[-1] == _SURPRISE:
            return _SURPRISE
        if legal[0] == _DONE and legal[-1][0] in ("raze", "secret"):
            return _DONE  # :meth:`_on_build`, with nothing to build
        plan = self._plan
        if plan is not None and ("go",) in legal and not self._taken(self._plan_country, plan[1]):
            return _load_choice(legal)  # :meth:`_on_load`, away from a hex to hold
        state = obs.position()  # read only: what determinize gives, without the copy
        assert isinstance(state, BystonState)
        pending = state.pending
        if pending is None:
            return legal[0]
        choose = getattr(self, "_on_" + pending[0], None)
        self._memo = {}
        try:
            action = choose(state, pending, legal) if choose is not None else None
        finally:
            self._memo = None
        return action if action is not None and action in legal else legal[0]

    def _once(self, key: Any, make: Callable[[], Any]) -> Any:
        """``make()``, worked out once per decision (the position does not change within one)."""
        memo = self._memo
        if memo is None:
            return make()
        if key not in memo:
            memo[key] = make()
        return memo[key]

    # ---- management --------------------------------------------------------------------------
    def _on_declare(self, s: BystonState, pending: tuple[Any, ...], legal: Sequence[Action]) -> Action:
        """Only a war that costs the camp no income (:func:`_war_cost`): a country standing by
        collects nothing (6.3) until a war wakes it, and the bot cannot count on taking its
        castles afterwards."""
        country = pending[2]
        wars = [a for a in legal if a[0] == "declare" and _war_cost(s, country, a[1]) <= 0]
        if wars:
            return wars[0]
        return ("pass",)

    def _on_income_share(self, s: BystonState, pending: tuple[Any, ...], legal: Sequence[Action]) -> Action:
        return min(legal, key=lambda a: (max(a[1:]) - min(a[1 : 1 + len(pending[3])]), a))

    def _on_develop(self, s: BystonState, pending: tuple[Any, ...], legal: Sequence[Action]) -> Action:
        """Develop when the dearest roll (7.4, 7.7) still leaves a chit's GP: a failed payment
        loses everything (7.5); Drake stops short of the TL that arms Na (31.2) while Na
        stands by and its income would outweigh Ku's."""
        country = pending[2]
        gp = s.gp[country]
        if country == DRAKE and not _tl7_pays(s) and s.tl[DRAKE] + 1 >= 7:
            return ("develop", 0)
        if (
            GORAON_FIRST
            and country == RAU
            and s.status[RAU] != WAR
            and s.tl[RAU] >= _goraon_tl()
            and _projection(s) > SHEELA_AHEAD
        ):
            return ("develop", 0)  # 30.2: the Goraon first, for Rau's war, while Sheela's camp is not winning
        dearest = 10 - modifier(s, country)[0] if country == DRAKE else 10
        if (
            gp >= 3 * dearest + DEVELOP_RESERVE
            and ("develop", 2) in legal
            and (country != DRAKE or _tl7_pays(s) or s.tl[DRAKE] + 2 < 7)
        ):
            return ("develop", 2)
        if gp >= max(dearest, 5) + DEVELOP_RESERVE and ("develop", 1) in legal:
            return ("develop", 1)
        return ("develop", 0)

    def _on_produce(self, s: BystonState, pending: tuple[Any, ...], legal: Sequence[Action]) -> Action:
        country = pending[2]
        # the legal actions are sorted (chit < … < extra < make): each verb's are one slice
        chits = legal[: bisect_left(legal, _AFTER_CHITS)]
        made = s.chits_made[country]
        if chits and s.gp[country] >= CHIT_RESERVE[min(made, len(CHIT_RESERVE) - 1)]:
            return max(chits, key=lambda a: self._chit_worth(s, country, a[1]))
        first_make = bisect_left(legal, _MAKE)
        makes = legal[first_make:]
        if makes:
            score = _machine_score()
            kinds = static().unit_kind
            # ships first: each one carries ABs and holds an income hex (6.4 ②)
            best_unit = max({a[1] for a in makes}, key=lambda u: (kinds[u] != "AB", score[u], u))
            hexes = [a[2] for a in makes if a[1] == best_unit]
            ships_at = self._ships_by_hex(s, country)
            return ("make", best_unit, max(hexes, key=lambda h: (ships_at.get(h, 0), -h)))
        extra = self._extra(s, country, legal[bisect_left(legal, _EXTRA) : first_make])
        return extra if extra is not None else ("done",)

    @staticmethod
    def _extra(s: BystonState, country: int, extras: Sequence[Action]) -> Action | None:
        """9.1: with the factory box empty of what it may make, add to it the kind (ships first,
        then the most combat value per GP) whose extra and making GP (9.2, 8.4) it can pay for
        now, so the GP become machines this very phase (8.2) and do not lie idle."""
        st = static()
        if _saving_for_flagship(s, country):
            return None
        score = _machine_score()
        kinds = st.unit_kind
        gp = s.gp[country]
        affordable = [a for a in extras if _extra_gp(a[1]) + _make_gp(a[1]) <= gp]
        if not affordable:
            return None
        return max(affordable, key=lambda a: (kinds[a[1]] != "AB", score[a[1]], a[1]))

    def _chit_worth(self, s: BystonState, country: int, chit: int) -> tuple[int, int, int]:
        """An ABS chit moves every ship (17.8), worth it once the country has an ABS on the map;
        otherwise the cheapest; the surprise last (B-19: Drake's AS only)."""
        st = static()
        c = st.t.chits[st.chit_ids[chit]]
        where = s.where
        owner = s.owner
        useful = c.kind == "ABS" and self._once(
            ("has_abs", country), lambda: any(where[i] >= 0 and owner[i] == country for i, _tl in _flagships())
        )
        return (0 if c.kind == "surprise" else 1, 1 if useful else 0, -c.gp)

    def _ships_by_hex(self, s: BystonState, country: int) -> dict[int, int]:
        """Per hex, how many of the country's ships are there."""
        out: dict[int, int] = {}
        where = s.where
        for i in _country_ships(s.owner, country, self.memo):
            at = where[i]
            if at >= 0:
                out[at] = out.get(at, 0) + 1
        return out

    def _on_repair(self, s: BystonState, pending: tuple[Any, ...], legal: Sequence[Action]) -> Action:
        repairs = [a for a in legal if a[0] == "repair"]
        return repairs[0] if repairs else ("done",)

    def _on_build(self, s: BystonState, pending: tuple[Any, ...], legal: Sequence[Action]) -> Action:
        return ("done",)

    def _on_place(self, s: BystonState, pending: tuple[Any, ...], legal: Sequence[Action]) -> Action:
        st = static()
        country = st.char_country[pending[2]]
        ships = self._ships_by_hex(s, country)
        return max(legal, key=lambda a: (ships.get(a[1], 0), -a[1]))

    def _on_surprise(self, s: BystonState, pending: tuple[Any, ...], legal: Sequence[Action]) -> Action:
        return ("surprise",)

    def _on_joint(self, s: BystonState, pending: tuple[Any, ...], legal: Sequence[Action]) -> Action:
        return ("act",)

    def _on_search(self, s: BystonState, pending: tuple[Any, ...], legal: Sequence[Action]) -> Action:
        searches = [a for a in legal if a[0] == "search"]
        return (
            max(searches, key=lambda a: a[1])
            if searches and s.gp[pending[2]] >= 20
            else (searches[0] if searches else ("no_search",))
        )

    # ---- movement ----------------------------------------------------------------------------
    def _strengths(self, s: BystonState) -> tuple[dict[int, float], dict[int, float]]:
        """Per hex, the weight of each camp's counters there, of the countries at war only: one
        standing by or armed neither leaves its land nor may be attacked in it (17.12)."""
        strengths: tuple[dict[int, float], dict[int, float]] = self._once(
            "strengths", lambda: self._work_out_strengths(s, self.memo)
        )
        return strengths

    @staticmethod
    def _work_out_strengths(s: BystonState, memo: BotMemo) -> tuple[dict[int, float], dict[int, float]]:
        """:meth:`_strengths`; what it reads (where the counters and characters are, which are
        flipped, the owners and the countries' states) often stands as it stood at the move
        decision before (the last ship stayed, another country moves), so the last answer is kept
        (in ``memo``, shared, never changed)."""
        last = memo.last_strengths
        if (
            last is not None
            and last[0] == s.where
            and last[1] == s.flipped
            and last[2] == s.char_at
            and last[3] == s.status
            and last[4] == s.owner
        ):
            found: tuple[dict[int, float], dict[int, float]] = last[5]
            return found
        camps: tuple[dict[int, float], dict[int, float]] = ({}, {})
        at_war = tuple([x == WAR for x in s.status])
        where = s.where
        flipped = s.flipped
        for i, camp, weight in _war_counters(s.owner, at_war, memo):
            at = where[i]
            if at >= 0:
                d = camps[camp]
                d[at] = d.get(at, 0.0) + (weight * 0.5 if flipped[i] else weight)
        char_at = s.char_at
        for k, camp, weight in _war_characters(at_war):
            at = char_at[k]
            if at >= 0:
                d = camps[camp]
                d[at] = d.get(at, 0.0) + weight
        memo.last_strengths = (list(s.where), list(s.flipped), list(char_at), list(s.status), s.owner, camps)
        return camps

    def _routes(self, s: BystonState, country: int, unit: int, here: int) -> Mapping[int, tuple[int, int]]:
        """Every hex the ship may reach over turns, hex → (steps, first hex of the way), by a
        breadth-first walk over the hexes it may enter (17.12, 17.13 through the rules' own
        ``may_enter``). ``may_enter`` reads only the map, the countries' states and whether the
        unit is the Zelana, so a walk is kept for those (the returned mapping is shared)."""
        return self._walk(s, country, unit, here)[0]

    def _walk(self, s: BystonState, country: int, unit: int, here: int) -> tuple[_Routes, list[int]]:
        """:meth:`_routes` and, per hex reached, the hex it was reached from."""
        status = tuple(s.status)
        zelana = unit == _zelana_unit()
        key = (country, zelana, here, status)
        memo = self.memo
        walk = memo.walks.get(key)
        if walk is not None:
            return walk
        open_key = (country, zelana, status)
        adjacency = static().t.map.grid.adjacency
        size = len(adjacency)
        found = memo.open.get(open_key)
        if found is None:
            enterable = [may_enter(s, country, unit, n) for n in range(size)]
            found = memo.open[open_key] = (enterable, tuple(tuple([n for n in a if enterable[n]]) for a in adjacency))
        enterable, open_adjacency = found
        dist = [-1] * size
        first = [-1] * size
        parent = [-1] * size
        dist[here] = 0
        first[here] = here
        for n in adjacency[here]:  # the first step: each hex is its own way's first hex
            if enterable[n] and dist[n] < 0:
                dist[n] = 1
                first[n] = n
                parent[n] = here
        frontier = [n for n in adjacency[here] if parent[n] == here]
        steps = 1
        while frontier:
            steps += 1
            nxt = []
            for h in frontier:
                way = first[h]
                for n in open_adjacency[h]:
                    if dist[n] < 0:
                        dist[n] = steps
                        first[n] = way
                        parent[n] = h
                        nxt.append(n)
            frontier = nxt
        routes = _Routes(dist, first)
        if len(memo.open) > 1024:
            memo.open.clear()
        walk = (routes, parent)
        _keep(memo.walks, key, walk, 4096)
        return walk

    def _path(self, s: BystonState, country: int, unit: int, here: int, goal: int) -> list[int]:
        """The hexes from ``here`` (not included) to ``goal`` along :meth:`_routes`' way."""
        parent = self._walk(s, country, unit, here)[1]
        path = []
        h = goal
        while h != here:
            path.append(h)
            h = parent[h]
        path.reverse()
        return path

    def _goal(
        self,
        s: BystonState,
        country: int,
        unit: int,
        here: int,
        strengths: tuple[dict[int, float], dict[int, float]] | None = None,
        threatened: _Threats | None = None,
    ) -> tuple[int, int, int] | None:
        """(steps, first hex) towards the nearest threatened hex of the camp (:meth:`_threats`)
        within reach, else the enemy building its group would take (:meth:`_sieges`) that is worth
        the most (:func:`_siege_worth`, less a GP for every :data:`SIEGE_STEPS_PER_GP` hexes away),
        else the nearest enemy stack the hex's force outweighs or income hex the camp does not
        collect; ``None`` to stay. The goal is (steps, first hex of the way, the goal's hex)."""
        st = static()
        camp = st.camp[country]
        if strengths is None:
            strengths = self._strengths(s)
        force = strengths[camp].get(here, 0.0)
        routes = self._walk(s, country, unit, here)[0]
        if threatened is None:
            threatened = self._threats(s, camp, strengths)
        if threatened.rank(here) is not None:
            return None
        dist = routes.dist
        within = self.defend_within
        near = [h for h in threatened.places if 0 <= dist[h] <= within and threatened.rank(h) is not None]
        if near:
            rank = threatened.places
            best = min(near, key=lambda h: (rank[h], dist[h], h))
            return (*routes[best], best)
        sieges = self._sieges(s, country, here, routes, best_only=True)
        if sieges:
            best = sieges[0]
            return (*routes[best], best) if best != here else None
        collecting: dict[int, int] = self._once("collecting", lambda: _collecting_camps(s, self.memo))
        goals = self._targets(
            s, camp, force, strengths, routes, collecting, self.attack_margin[camp], self._layout(s), self.memo
        )
        endgame = s.turn >= self.endgame_turn[camp]
        if endgame:
            goals = [h for h in goals if h not in self._claimed]
        if not goals:
            return None
        if endgame:
            best = max(
                goals,
                key=lambda h: (
                    self._raid_worth(s, camp, h, strengths, collecting) - routes[h][0] / RAID_STEPS_PER_GP,
                    -h,
                ),
            )
        else:
            best = min(goals, key=lambda h: (routes[h][0], h))
        return (*routes[best], best) if best != here else None

    @staticmethod
    def _raid_worth(
        s: BystonState,
        camp: int,
        h: int,
        strengths: tuple[dict[int, float], dict[int, float]],
        collecting: Mapping[int, int],
    ) -> float:
        """What going to ``h`` is worth to the final count (27.2) in the last turns: an income hex
        the enemy collects twice its GP (it changes sides), one nobody collects its GP; an enemy
        stack a GP for every :data:`RAID_WEIGHT_PER_GP` of its weight."""
        st = static()
        gp = st.t.map.income_of[h] if h in st.income_hex_set else 0
        worth = float(gp)
        if gp and collecting.get(h) == 1 - camp:
            worth += gp
        return worth + strengths[1 - camp].get(h, 0.0) / RAID_WEIGHT_PER_GP

    # ---- sieges ------------------------------------------------------------------------------
    def _sieges(
        self,
        s: BystonState,
        country: int,
        here: int,
        routes: Mapping[int, tuple[int, int]],
        best_only: bool = False,
    ) -> list[int]:
        """The enemy buildings within reach that the group of ``here`` (:meth:`_group`) would remove
        within :data:`SIEGE_BATTLES` battles with a chance of :data:`SIEGE_ODDS` or more
        (:meth:`_siege_odds`), and whose hex's enemy weight it at least matches: castles (a
        capital's loss ends Ah and Mi, 32.4, 33.4; every castle counts for Rau's and Na's, 30.5,
        31.5) and buildings on income hexes (6.4 ①: the building holds the hex until removed).
        With ``best_only``, only the first of them by rank (the odds, dearest to work out, are read
        for as few as may be): the worth of the building (:func:`_siege_worth`) less a GP for every
        :data:`SIEGE_STEPS_PER_GP` hexes of the way, the hex breaking a tie."""
        st = static()
        camp = st.camp[country]
        dist = routes.dist if isinstance(routes, _Routes) else [routes[h][0] if h in routes else -1
                                                                for h in range(st.t.map.grid.size)]
        candidates = [at for at in self._siege_sites(s, camp) if 0 <= dist[at] <= GOAL_REACH]
        if not candidates:
            return []
        counters, chars = self._group(s, country, here)
        if not counters:
            return []
        weight = _counter_strength()
        char_weight = _character_strength()
        ours = sum([weight[i] for i in counters]) + sum([char_weight[k] for k in chars])
        out = []
        if best_only:
            worth = self._layout(s).worth(s, camp)
            # the rank, each building's worth read once per decision
            candidates.sort(key=lambda h: (dist[h] / SIEGE_STEPS_PER_GP - worth[h], h))
        camp_of = st.camp
        owner = s.owner
        chars_at = self._chars_by_hex(s)
        group_dice = _siege_dice_of(s, counters, chars)
        for target in candidates:
            stack = s.stacks[target]
            theirs = sum([weight[i] for i in stack if camp_of[owner[i]] != camp])
            if theirs > ours:
                continue
            # :func:`_may_remove` of the group with the camp's counters and the characters there
            dice = group_dice
            joined = [i for i in stack if camp_of[owner[i]] == camp]
            there = chars_at.get(target, ())
            if joined or there:
                more = _siege_dice_of(s, joined, there)
                dice = (dice[0] + more[0], dice[1] + more[1], dice[2] + more[2])
            if not _may_remove_with(s, dice, building_at(s, target)):
                continue
            if self._siege_odds(s, country, counters, chars, target) >= self.siege_odds[camp]:
                out.append(target)
                if best_only:
                    break
        return out

    def _siege_sites(self, s: BystonState, camp: int) -> list[int]:
        """:func:`_siege_sites`, as the layout keeps it (:func:`_layout`)."""
        return self._layout(s).sites(s, camp)

    def _layout(self, s: BystonState) -> _Layout:
        """:func:`_layout`, once per decision."""
        layout: _Layout = self._once("layout", lambda: _layout(s, self.memo))
        return layout

    def _chars_by_hex(self, s: BystonState) -> dict[int, tuple[int, ...]]:
        """Per hex with characters, those characters in order (once per decision; the last answer
        while the characters stand where they stood, :attr:`BotMemo.last_chars`)."""

        def make() -> dict[int, tuple[int, ...]]:
            char_at = s.char_at
            last = self.memo.last_chars
            if last is not None and last[0] == char_at:
                kept: dict[int, tuple[int, ...]] = last[1]
                return kept
            made = _chars_by_hex(char_at)
            self.memo.last_chars = (list(char_at), made)
            return made

        found: dict[int, tuple[int, ...]] = self._once("chars_at", make)
        return found

    def _group(self, s: BystonState, country: int, here: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """What a siege from ``here`` would bring: the country's ships within :data:`GROUP_RANGE`
        (less one at Drake's own hex, where the last ship stays, 27.3), the ABs in their hexes
        they may carry up to their capacity (17.15), and the characters there that may ride them
        (all but Drake himself)."""
        weight = _counter_strength()
        ships_at: dict[int, list[int]] = {}
        where = s.where
        owner = s.owner
        near = _within(here, GROUP_RANGE)
        for i in _country_ships(owner, country, self.memo):
            at = where[i]
            if at in near:
                ships_at.setdefault(at, []).append(i)
        drake_at = s.char_at[DRAKE_CHAR]
        counters: list[int] = []
        chars: list[int] = []
        chars_at = self._chars_by_hex(s) if ships_at else {}
        is_ab_counter = _is_ab()
        capacity = _capacity()
        # every ship is the country's, and what may carry or take aboard reads of a ship its owner
        carried, riding = _carried_by(country)
        for at in sorted(ships_at):
            ships = ships_at[at]
            if at == drake_at:
                ships = sorted(ships, key=lambda i: (weight[i], i))[1:]
                if not ships:
                    continue
            counters += ships
            room = sum([capacity[i] for i in ships])
            for i in s.stacks[at]:
                if room and is_ab_counter[i] and owner[i] in carried:
                    counters.append(i)
                    room -= 1
            for k in chars_at.get(at, ()):
                if k != DRAKE_CHAR and serving_country(s, k) in riding:
                    chars.append(k)
        return tuple(sorted(counters)), tuple(chars)

    def _siege_odds(
        self,
        s: BystonState,
        country: int,
        counters: tuple[int, ...],
        chars: tuple[int, ...],
        target: int,
    ) -> float:
        """The chance that ``counters`` and ``chars``, moved into ``target``, remove its building
        within :data:`SIEGE_BATTLES` battles: every AB sorties and bombs (23), the characters board
        as the bot boards them (20.4, 20.5, :func:`_mount_choice`), and the camp's hits go to the building in
        bombing and again in shelling (24), by the rules' own dice, blocks and command
        (:func:`.forecast.camp_step`). The defenders' fire (21, 22, 24) is not counted:
        :data:`SIEGE_ODDS` and the weight test of :meth:`_sieges` leave room for it.

        The boarding is worked out here on the position itself; the dice only on a copy, and only
        for a force and building not met before (:attr:`BotMemo.odds`)."""
        st = static()
        camp_of = st.camp
        camp = camp_of[country]
        owner = s.owner
        stack = s.stacks[target]
        unit = st.counter_unit
        flipped = s.flipped
        secret = s.secret
        building = building_at(s, target)
        there = (unit[building], flipped[building]) if building >= 0 else None
        # the camp's counters in the target hex once the group has moved in, in counter order: the
        # group's (read once per decision, :meth:`_force`) and those of the camp already there
        ours, in_ours, ours_key, chars_key = self._force(s, camp, counters, chars)
        joined = [i for i in stack if camp_of[owner[i]] == camp and i not in in_ours]
        if joined:
            mine = sorted([*ours, *joined])
            ours_key = tuple([(unit[i], flipped[i], owner[i], i == secret) for i in mine])
        else:
            mine = list(ours)
        # all the boarding reads: the camp's counters in counter order (a tie goes to the first,
        # :func:`_mount_choice`), their owners, and whom each character serves (35.3, 35.4)
        boarded = (ours_key, chars_key, there)
        memo = self.memo
        cached = memo.boarded.get(boarded)
        if cached is not None:
            return cached
        aboard: dict[int, int] = {}
        taken: set[int] = set()
        for k in sorted(chars):  # 20.4 as the bot boards them (:meth:`_on_mount`), one per AB (20.5)
            served = serving_country(s, k)
            units = [i for i in mine if may_ride(owner[i], served) and not (is_ab(i) and i in taken)]
            if units:
                aboard[k] = j = _mount_choice(k, units)
                taken.add(j)
        riders: dict[int, list[int]] = {}
        for k, j in aboard.items():
            riders.setdefault(j, []).append(k)
        key = (
            tuple(sorted([(unit[i], flipped[i], i == secret, tuple(riders.get(i, ()))) for i in mine])),
            there,
        )
        cached = memo.odds.get(key)
        if cached is not None:
            _keep(memo.boarded, boarded, cached)
            return cached
        # the hits each step gives read only the force (the defenders' command is nil: none of
        # their characters boards), and the blocks only the building's kind and face (B-30)
        force = key[0]
        fires = None
        if building >= 0:
            fires = memo.fires.get(force)
            if fires is None and camp_of[owner[building]] != camp:  # (an enemy building: a target, B-71)
                fires = _force_fires(force)
                if fires is not None:
                    _keep(memo.fires, force, fires)
        sizes = memo.sizes.get(there)
        if fires is None or sizes is None:
            # the target's stack once the group has moved in (a counter already there stays in place)
            final = [*stack, *[i for i in counters if i not in stack]]
            copy: Any = s.clone()
            for i in counters:
                copy.set_where(i, target)
            for k in chars:
                copy.char_at[k] = target
            role = [NO_ROLE] * len(copy.where)
            for i in final:
                if is_ab(i):  # the bot sorties all and bombs (20.1, 22.1)
                    role[i] = BOMBER if camp_of[owner[i]] == camp else SORTIED
            on = [NO_ROLE] * len(copy.char_at)
            for k, j in aboard.items():
                on[k] = j
            copy.role = tuple(role)
            copy.aboard = tuple(on)
            copy.blocks = (0,) * len(copy.where)
            copy.hits = (0, 0)
            copy.command = 0
            copy.fight = (country, target)
            if fires is None:
                fires = (_fire(copy, "bombing", camp), _fire(copy, "shelling", camp))
                if building >= 0:
                    _keep(memo.fires, force, fires)
            if sizes is None:
                sizes = tuple(b.size for b in plan_for(copy, "shelling", camp, (building,)))
                memo.sizes[there] = sizes
        bombing, shelling = fires
        odds = _removal_odds(bombing, shelling, sizes, memo)
        _keep(memo.odds, key, odds)
        _keep(memo.boarded, boarded, odds)
        return odds

    def _force(
        self, s: BystonState, camp: int, counters: tuple[int, ...], chars: tuple[int, ...]
    ) -> tuple[tuple[int, ...], frozenset[int], tuple[Any, ...], tuple[Any, ...]]:
        """What :meth:`_siege_odds` reads of a group wherever it goes, once per decision: the
        camp's counters of ``counters`` in counter order, as a set, their boarding key (kind,
        face, owner, whether each is the secret factory) and the characters' (whom each serves)."""

        def make() -> tuple[tuple[int, ...], frozenset[int], tuple[Any, ...], tuple[Any, ...]]:
            camp_of = static().camp
            unit = static().counter_unit
            owner = s.owner
            flipped = s.flipped
            secret = s.secret
            ours = tuple(sorted([i for i in counters if camp_of[owner[i]] == camp]))
            return (
                ours,
                frozenset(ours),
                tuple([(unit[i], flipped[i], owner[i], i == secret) for i in ours]),
                tuple([(k, serving_country(s, k)) for k in chars]),
            )

        found: tuple[tuple[int, ...], frozenset[int], tuple[Any, ...], tuple[Any, ...]] = self._once(
            ("force", camp, counters, chars), make
        )
        return found

    @staticmethod
    def _targets(
        s: BystonState,
        camp: int,
        force: float,
        strengths: tuple[dict[int, float], dict[int, float]],
        routes: Mapping[int, tuple[int, int]],
        collecting: Mapping[int, int] | None = None,
        margin: float = ATTACK_MARGIN,
        layout: _Layout | None = None,
        memo: BotMemo | None = None,
    ) -> list[int]:
        """The hexes within ``routes`` worth going to: enemy stacks ``force`` outweighs ``margin``
        times over, and income hexes the camp does not collect but could by holding them — not
        in a surviving ally's land (6.6), not under an enemy building (6.4 ①: a building holds its
        hex against any ship, so it is a goal only as a stack to beat). ``collecting``: :func:`_collecting_camps`
        of ``s``, if already worked out (never changed afterwards); ``layout``: :func:`_layout` of ``s``, if
        already worked out; ``memo``: the bot's (:class:`BotMemo`), if any."""
        st = static()
        dist = routes.dist if isinstance(routes, _Routes) else [routes[h][0] if h in routes else -1
                                                                for h in range(st.t.map.grid.size)]
        goals = [h for h, w in strengths[1 - camp].items() if w * margin < force and dist[h] >= 0]
        if memo is None:
            memo = BotMemo()
        if collecting is None:
            collecting = _collecting_camps(s, memo)
        if layout is None:
            layout = _layout(s, memo)
        own = strengths[camp]
        goals += [
            h for h in _open_income(s, camp, collecting, layout.walled(s, camp), memo) if dist[h] >= 0 and h not in own
        ]
        return goals

    def _threatened(
        self, s: BystonState, camp: int, strengths: tuple[dict[int, float], dict[int, float]]
    ) -> dict[int, int]:
        """The camp's hexes with Drake himself (rank 0) or a building (rank 1) where the enemy
        within 3 hexes outweighs what stands there: hex → rank."""
        threats = self._threats(s, camp, strengths)
        out: dict[int, int] = {}
        for at in threats.places:
            rank = threats.rank(at)
            if rank is not None:
                out[at] = rank
        return out

    def _threats(self, s: BystonState, camp: int, strengths: tuple[dict[int, float], dict[int, float]]) -> _Threats:
        """:meth:`_threatened`, each place weighed only when first asked for (:class:`_Threats`)."""
        places: dict[int, int] = {}
        if not strengths[1 - camp]:
            return _Threats(places, strengths[1 - camp], strengths[camp])
        camp_of = static().camp
        owner = s.owner
        drake_at = s.char_at[DRAKE_CHAR]
        buildings = self._layout(s).places(s, camp) if DEFEND_BUILDINGS else ()
        if drake_at >= 0 and any(camp_of[owner[i]] == camp for i in s.stacks[drake_at]):
            # Drake himself first, at rank 0 even where a building of the camp stands
            places[drake_at] = 0
            places.update(dict.fromkeys(buildings, 1))
            places[drake_at] = 0
        else:
            places = dict.fromkeys(buildings, 1)
        return _Threats(places, strengths[1 - camp], strengths[camp])

    def _on_move(self, s: BystonState, pending: tuple[Any, ...], legal: Sequence[Action]) -> Action:
        country = pending[2]
        camp = static().camp[country]
        strengths = self._strengths(s)
        threatened = self._threats(s, camp, strengths)
        self._plan = None
        if self._claimed_turn != s.turn:
            self._claimed_turn = s.turn
            self._claimed.clear()
        zelana = _zelana_unit()
        # where ships stay: what decides it reads only the hex and whether the ship is the Zelana
        # (:meth:`_walk`), so the other ships of that kind there stay too
        stays: set[tuple[int, bool]] = set()
        for action in legal:
            if action[0] != "ship":
                continue
            here = action[2]
            kind = (here, action[1] == zelana)
            if kind in stays:
                continue
            if strengths[1 - camp].get(here):
                continue  # the enemy is here: stay and fight
            if self._guards(s, country, here, strengths):
                stays.add(kind)
                continue
            goal = self._goal(s, country, action[1], here, strengths, threatened)
            if goal is None or goal[0] > GOAL_REACH:
                stays.add(kind)
            else:
                self._plan = (action[1], here, self._path(s, country, action[1], here, goal[2]))
                self._plan_country = country
                self._claimed.add(goal[2])
                return action
        return _DONE

    def _guards(
        self, s: BystonState, country: int, here: int, strengths: tuple[dict[int, float], dict[int, float]]
    ) -> bool:
        """The last ship of the country in a hex with Drake himself (27.3), or with a building
        while an enemy stack is within 4 hexes, stays. (Any building: one of a country at war with
        the camp weighs in the enemy's strength there, and :meth:`_on_move` keeps the ship for that
        fight before asking this.)"""
        st = static()
        owner = s.owner
        is_ship = _is_ship()
        ships = 0
        for i in s.stacks[here]:
            if is_ship[i] and owner[i] == country:
                ships += 1
        if ships > 1:
            return False
        if s.char_at[DRAKE_CHAR] == here:
            return True
        if self._taken(country, here):
            return self._abs_at(s, here, country) < HOLD_WITH_ABS  # 6.4 ②, ③: who holds it

        if building_at(s, here) < 0:
            return False
        camp = st.camp[country]
        around = _around(here, 4)
        near = [w for h, w in strengths[1 - camp].items() if h in around]
        if not near:
            return False
        # a stack that outweighs every enemy near goes out to meet it rather than wait
        force = strengths[camp].get(here, 0.0)
        return force < self.attack_margin[camp] * max(near)

    @staticmethod
    def _taken(country: int, h: int) -> bool:
        """An income hex outside the camp's lands (taken, or to take, from the enemy)."""
        st = static()
        land = st.nation[h]
        return h in st.income_hex_set and (land < 0 or st.camp[land] != st.camp[country])

    @staticmethod
    def _abs_at(s: BystonState, h: int, country: int, skip: Sequence[int] = ()) -> int:
        camp_of = static().camp
        camp = camp_of[country]
        is_ab_counter = _is_ab()
        owner = s.owner
        return sum([1 for i in s.stacks[h] if is_ab_counter[i] and camp_of[owner[i]] == camp and i not in skip])

    def _on_load(self, s: BystonState, pending: tuple[Any, ...], legal: Sequence[Action]) -> Action:
        """Every AB and character aboard, except Drake himself (27.3: losing him loses the game)
        and, on an income hex taken from the enemy, the three ABs that hold it (6.4 ③)."""
        here = s.where[s.ship]
        if self._taken(pending[2], here) and self._abs_at(s, here, pending[2], s.cargo) <= HOLD_WITH_ABS:
            legal = [a for a in legal if a[0] != "load"]
        return _load_choice(legal)

    def _on_step(self, s: BystonState, pending: tuple[Any, ...], legal: Sequence[Action]) -> Action:
        """The next hex of the way :meth:`_on_move` planned for this ship; stop at its end, or if
        the way is no longer open. A ship this bot did not set out (a search asking it for its
        choice in a position it did not play to) gets its way planned now, as :meth:`_on_move`
        would have, or stops where it has no goal."""
        st = static()
        here = s.where[s.ship]
        plan = self._plan
        unit = st.counter_unit[s.ship]
        if plan is None or plan[0] != unit or plan[1] != here:
            country = pending[2]
            goal = self._goal(s, country, unit, here)
            if goal is None or goal[0] > GOAL_REACH:
                self._plan = None
                return ("stop",)
            plan = (unit, here, self._path(s, country, unit, here, goal[2]))
        if not plan[2]:
            self._plan = None
            return ("stop",)
        step = ("step", plan[2][0])
        if step not in legal:
            self._plan = None
            return ("stop",)
        self._plan = (plan[0], plan[2][0], plan[2][1:])
        return step

    # ---- combat ------------------------------------------------------------------------------
    def _on_battle_order(self, s: BystonState, pending: tuple[Any, ...], legal: Sequence[Action]) -> Action:
        return legal[0]

    def _on_sortie(self, s: BystonState, pending: tuple[Any, ...], legal: Sequence[Action]) -> Action:
        return ("sortie_all",)

    def _on_mount(self, s: BystonState, pending: tuple[Any, ...], legal: Sequence[Action]) -> Action:
        """The strongest unit; Drake himself into a building, else the toughest ship (27.3)."""
        return ("mount", _mount_choice(pending[3], [a[1] for a in legal]))

    def _on_bomb(self, s: BystonState, pending: tuple[Any, ...], legal: Sequence[Action]) -> Action:
        return ("bomb",)

    def _on_allocate(self, s: BystonState, pending: tuple[Any, ...], legal: Sequence[Action]) -> Action:
        """``pending``: (kind, seat, step, the camp whose hits these are, placed by the defender)."""
        st = static()
        value = _unit_value()
        by_defender = pending[4]
        if by_defender:  # 25.9: the defender places a share of the hits on its own units
            return min(
                legal, key=lambda a: (value[st.counter_unit[a[1]]] * (0.5 if s.flipped[a[1]] else 1.0), a)
            )
        return max(
            legal, key=lambda a: (value[st.counter_unit[a[1]]] * (2.0 if s.flipped[a[1]] else 1.0), -a[1])
        )


class BoldBot(RuleBot):
    """The rule bot, but a ship turns back for a threatened hex of its camp only when it is one
    phase's move away or nearer (:data:`BOLD_DEFEND_WITHIN`), not two: ships further out keep to
    their sieges and raids. The ``hard`` level: it beats the rule bot on 27.2's count
    (``docs/byston/strength.md``).

    Drake's camp (:data:`FORTIFY_CAMP`) plays a plan of its own: it holds its land with forts
    (:meth:`_fort_sites`) and presses its attacks (:attr:`attack_margin`, :attr:`siege_odds`,
    :attr:`endgame_turn`). Drake's army is alone at war on its side against Rau, Na and the
    Zelana, and cannot keep ships on every income hex; a fort holds one against any ship (6.4 ①)
    until a siege removes it, and the bot's ships come back for a threatened building, so its
    ships are free to go out. Sheela's camp plays as the rule bot but for the 3 hexes
    (``docs/byston/balance.md``, "The `hard` level")."""

    defend_within = BOLD_DEFEND_WITHIN
    attack_margin = (1.0, ATTACK_MARGIN)
    """Drake's camp goes for an enemy stack its hex merely outweighs, and its last ship at a
    building goes out to meet an enemy it outweighs (:meth:`RuleBot._guards`)."""
    siege_odds = (0.7, SIEGE_ODDS)
    """Drake's camp besieges only at 70% odds: it has no ships to lose on a siege that fails."""
    endgame_turn = (15, ENDGAME_TURN)
    """Drake's camp plays for the final count from turn 15: until then its ships go for the
    nearest enemy stack or open income hex."""

    def act(self, obs: Observation) -> Action:
        legal = obs.legal
        if len(legal) > 1 and legal[0][0] == "build":  # the rule bot builds nothing (:data:`_QUICK`)
            state = obs.position()
            assert isinstance(state, BystonState)
            pending = state.pending
            if pending is not None and pending[0] == "build":
                for h in self._fort_sites(state, pending[2]):
                    action = ("build", "fort", h)
                    if action in legal:
                        return action
            return _DONE
        return super().act(obs)

    @staticmethod
    def _fort_sites(s: BystonState, country: int) -> list[int]:
        """Where the country would build a fort (12.2), best first: a country of
        :data:`FORTIFY_CAMP` at war, with a fort in its factory box, fortifies every income hex of
        its land with no building and no enemy counter (12.7, 12.10), and every enemy land's
        income hex one of its face-up ships holds (12.8; worth twice its GP: the enemy loses it).
        Empty for any other country."""
        st = static()
        camp = st.camp[country]
        if camp != FORTIFY_CAMP or s.status[country] != WAR:
            return []
        where = s.where
        owner = s.owner
        if not any(where[i] == BOX and owner[i] == country for i in _fort_counters()):
            return []
        nation = st.nation
        income = st.t.map.income_of
        camp_of = st.camp
        stacks = s.stacks

        def open_hex(h: int) -> bool:
            return building_at(s, h) < 0 and not any(camp_of[owner[j]] != camp for j in stacks[h])

        sites = [h for h in _land_income_hexes(country) if open_hex(h)]
        flipped = s.flipped
        for i in _ship_counters():
            h = where[i]
            if (
                h >= 0
                and owner[i] == country
                and not flipped[i]
                and h in st.income_hex_set
                and nation[h] >= 0
                and camp_of[nation[h]] != camp
                and h not in sites
                and open_hex(h)
            ):
                sites.append(h)
        return sorted(sites, key=lambda h: (-income[h] * (1 if nation[h] == country else 2), h))

    def _on_produce(self, s: BystonState, pending: tuple[Any, ...], legal: Sequence[Action]) -> Action:
        """As the rule bot, but once the turn's first chit is made, a country with a fort to build
        (:meth:`_fort_sites`) keeps its GP (12.2) for the building phase that follows (4.1)."""
        country = pending[2]
        if s.chits_made[country] >= 1 and self._fort_sites(s, country):
            room = s.gp[country] - _fort_gp()
            reserve = CHIT_RESERVE[min(s.chits_made[country], len(CHIT_RESERVE) - 1)]
            legal = [
                a
                for a in legal
                if (a[0] == "chit" and room >= reserve)
                or (a[0] == "make" and _make_gp(a[1]) <= room)
                or (a[0] == "extra" and _extra_gp(a[1]) + _make_gp(a[1]) <= room)
                or a[0] not in ("chit", "make", "extra")
            ]
        return super()._on_produce(s, pending, legal)


class BotFactory:
    """Makes the bots of one level (:class:`RuleBot` or :class:`BoldBot`) for a game's seats, every
    one sharing the factory's :class:`BotMemo`: what one game's bots work out stays for the next
    games the factory makes bots for (a batch's worker plays many)."""

    def __init__(self, bot: type[RuleBot], memo: BotMemo) -> None:
        self.bot = bot
        self.memo = memo

    def __call__(self, seat: int, seed: int, options: Mapping[str, Any]) -> Agent:
        return self.bot(seat, seed, self.memo)


def bot_factories() -> dict[str, BotFactory]:
    """The spec's bots (``rule``, ``bold``), with one memo between them (it keys on nothing a
    level changes)."""
    memo = BotMemo()
    return {"rule": BotFactory(RuleBot, memo), "bold": BotFactory(BoldBot, memo)}
