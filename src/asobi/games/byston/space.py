"""The declared action spaces of ドレイクの野望: every decision's actions and every chance outcome,
with fixed ids (:mod:`asobi.core.spaces`).

The verbs and their shapes are those the rules modules list (``legal_*`` in :mod:`.rules`); their
values come from the authored data: hexes of the map (0 … size − 1), countries in the order of
play (0 … 6), unit kinds (machines and buildings, :func:`.board.static`'s ``unit_ids``), counters
(0 … 211, combat names a counter, B-74), characters, chit types. The spaces do not depend on the
options: the same ids for 2, 3 and 4 players.

``max_legal`` is derived from the counter mix, the map and the rules, decision by decision
(:func:`decision_bounds`); the largest is the answer.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from math import comb
from typing import Any

from asobi.core.spaces import ActionSpace, Choice, IntRange, Verb

from .board import DRAKE_CAMP, SHEELA_CAMP, static
from .odds import FATES
from .rules.develop import CONCENTRATED, NONE
from .rules.discovery import MOST_WORTH_SPENDING
from .rules.income import SHARE_WIDTH

NEIGHBOURS = 6
"""A hex has at most six neighbours (17.5: one step at a time)."""


def _machines(kinds: tuple[str, ...]) -> Choice:
    st = static()
    return Choice(u for u, k in enumerate(st.unit_kind) if k in kinds)


@cache
def _verbs() -> tuple[Verb, ...]:
    st = static()
    t = st.t
    hexes = IntRange(0, t.map.grid.size - 1)
    country = IntRange(0, len(st.country_ids) - 1)
    face = IntRange(0, 1)
    counter = IntRange(0, len(st.counter_unit) - 1)
    machines = _machines(("AB", "AS", "ABS"))
    gp_share = IntRange(0, max(t.map.income_of))
    return (
        Verb("act"),  # 15.3: act on the drawn chit
        Verb("board", IntRange(0, len(st.char_ids) - 1)),  # 17.15.9: a character aboard
        Verb("bomb"),  # 22.1, B-28
        Verb("build", Choice(("castle", "fort")), hexes),  # 12.1
        Verb("chit", IntRange(0, len(st.chit_ids) - 1)),  # 8.11: produce an action chit
        Verb("convert", machines),  # 10.1: 換装 of a machine kind in the box
        Verb("declare", country),  # 5.1
        Verb("destroy", machines, hexes, face),  # 8.12 (B-51): own machine, its hex, its face
        Verb("develop", IntRange(NONE, CONCENTRATED)),  # 7.2–7.6
        Verb("done"),  # end of producing, building, repairing, moving
        Verb("draw"),  # 16.3: no surprise, draw
        Verb("extra", machines),  # 9.1: 増産
        Verb("fight", hexes),  # B-25: the next battle
        Verb("go"),  # 17.15: set off
        Verb("hit", counter),  # 25.3, B-30: a block of hits on a counter
        Verb("load", country, _machines(("AB",)), face),  # 17.15.1: an AB aboard
        Verb("make", machines, hexes),  # 8.2: produce into a building's hex
        Verb("mount", counter),  # 20.4: a character boards a counter
        Verb("no_bomb"),  # 22.1, B-28
        Verb("no_search"),  # 30.6.5
        Verb("pass"),  # 5.1: no declaration
        Verb("place", hexes),  # 13.2, 14.10: a character placed
        Verb("raze", hexes),  # 12.11
        Verb("repair", country, IntRange(0, len(st.unit_ids) - 1), hexes),  # 11.2
        Verb("search", IntRange(0, MOST_WORTH_SPENDING)),  # 30.6.6: GP spent
        Verb("secret"),  # 30.6.1
        Verb("share", *([gp_share] * SHARE_WIDTH)),  # 6.7: GP per ally concerned, 0-padded
        Verb("ship", _machines(("AS", "ABS")), hexes, face),  # 17.1: the ship to move
        Verb("sortie_all"),  # 20.1
        Verb("step", hexes),  # 17.5
        Verb("stop"),  # 17.5: the move ends here
        Verb("stow", counter, counter),  # 20.1: an AB into a ship or building
        Verb("surprise"),  # 16.3
        Verb("wait"),  # 15.4
    )


@cache
def _chance_verbs() -> tuple[Verb, ...]:
    st = static()
    return (
        Verb("char", IntRange(0, len(st.char_ids) - 1)),  # 14.4, 14.10: a character drawn
        Verb("chit", IntRange(0, len(st.chit_ids) - 1)),  # 14.4: a chit drawn
        Verb("die", IntRange(1, 6)),  # 7.4, 17.14.4, 30.6.6
        Verb("fate", Choice(FATES)),  # 26.2: a survival roll's result
        Verb("hits", IntRange(0, most_hits())),  # 21–24: a camp's hits in a step (B-77)
    )


def camp_counters(camp: int) -> list[int]:
    st = static()
    return [i for i, c in enumerate(st.counter_country) if st.camp[c] == camp]


@cache
def most_hits() -> int:
    """The most hits a camp can score in one step: a die per AB and per gun of every counter of
    the camp (both faces' most) in one hex, plus every character's best attack (21.6, 24.6)."""
    st = static()
    t = st.t
    best = 0
    for camp in (DRAKE_CAMP, SHEELA_CAMP):
        dice = 0
        for i in camp_counters(camp):
            thing = t.unit(st.unit_id(i))
            sides = (thing.front, thing.back)
            dice += max(1 if st.kind(i) == "AB" else 0, *(max(x.aa_guns, x.guns) for x in sides))
        bonus = sum(
            max(ch.ab_attack, ch.as_attack)
            for k, ch in enumerate(t.characters.values())
            if st.camp[st.char_country[k]] == camp
        )
        best = max(best, dice + bonus)
    return best


@cache
def decision_bounds() -> dict[str, int]:
    """The most actions each decision can list at once, from the counter mix and the map.

    A camp's counters bound every list that names counters or their hexes: ownership moves only
    within a camp (remnants, 35.3), so a country never holds more than its camp's counters.

    - declare: each other country + pass; develop: 3; joint, surprise, bomb: 2;
    - income_share: the ways to split a hex's GP among up to ``SHARE_WIDTH`` allies;
    - produce: every chit type + done + per machine kind (make into each building hex of the camp,
      増産, 換装) + a destroy per machine counter of the camp (distinct unit, hex and face);
    - repair: done + a flipped counter of the camp; build: done + secret + castle/fort on each
      hex of the largest land or under a ship of the camp + raze each building of the camp;
    - place, battle order, mount, hit: a hex or counter of a camp; move: done + each ship;
      load: go + each AB + each character; step: stop + 6 neighbours; search: no + 0 … most;
    - sortie: sortie_all + each AB of the camp × each ship or building of it.
    """
    st = static()
    t = st.t
    n_countries = len(st.country_ids)
    machine_kinds = sum(1 for k in st.unit_kind if k in ("AB", "AS", "ABS"))
    most_land = max(sum(1 for n in st.nation if n == c) for c in range(n_countries))
    by_camp = []
    for camp in (DRAKE_CAMP, SHEELA_CAMP):
        mine = camp_counters(camp)
        kinds = [st.kind(i) for i in mine]
        by_camp.append(
            {
                "all": len(mine),
                "ab": kinds.count("AB"),
                "ship": kinds.count("AS") + kinds.count("ABS"),
                "building": kinds.count("castle") + kinds.count("fort"),
                "machine": sum(1 for k in kinds if k in ("AB", "AS", "ABS")),
            }
        )
    most = {key: max(camp[key] for camp in by_camp) for key in by_camp[0]}
    vessels = max(camp["ship"] + camp["building"] for camp in by_camp)
    share_gp = max(t.map.income_of)
    return {
        "declare": n_countries - 1 + 1,
        "income_share": comb(share_gp + SHARE_WIDTH - 1, SHARE_WIDTH - 1),
        "develop": CONCENTRATED - NONE + 1,
        "produce": len(st.chit_ids) + 1 + machine_kinds * (most["building"] + 2) + most["machine"],
        "repair": 1 + most["all"],
        "build": 2 + 2 * (most_land + most["ship"]) + most["building"],
        "place": most["all"],
        "surprise": 2,
        "joint": 2,
        "move": 1 + most["ship"],
        "load": 1 + most["ab"] + len(st.char_ids),
        "step": 1 + NEIGHBOURS,
        "search": 1 + MOST_WORTH_SPENDING + 1,
        "battle_order": most["all"],
        "sortie": 1 + max(camp["ab"] * vessels for camp in by_camp),
        "mount": most["all"],
        "bomb": 2,
        "allocate": most["all"],
    }


def action_space(options: Mapping[str, Any]) -> ActionSpace:
    return _action_space()


@cache
def _action_space() -> ActionSpace:
    return ActionSpace(_verbs(), max(decision_bounds().values()))


def chance_space(options: Mapping[str, Any]) -> ActionSpace:
    return _chance_space()


@cache
def _chance_space() -> ActionSpace:
    """The most outcomes at once: a draw from a cup holding every chit type and every character,
    or a pool's hit counts."""
    st = static()
    return ActionSpace(_chance_verbs(), max(len(st.chit_ids) + len(st.char_ids), most_hits() + 1, 6))
