"""Combat (18–26, B-25–B-32, B-41, B-44, B-45, B-70–B-77): where battles happen, the five steps,
hit allocation with command, damage and survival rolls — each scenario built on an empty hex
(1017, Drake's land, nobody there at the start) with the dice outcomes chosen by the test."""

from __future__ import annotations

import json
from typing import Any

import pytest

from asobi.core.errors import IllegalActionError
from asobi.games.byston.board import BOX, CUP, DEAD, GONE, GROWN, HEAVY, LEFT, NA, TODD_WOUNDED, WAR, static
from asobi.games.byston.rules.combat import BOMBER, NO_ROLE, SORTIED, battle_hexes
from support.play import random_playout
from support.scenario import rule

from .helpers import C, ch, chit, events, game, h, put, u

HEX = "1017"


def fight(s, country: str = "drake", *more: str) -> None:
    """Run the battles of ``country`` (and of ``more`` acting in the same phase) until the first
    decision or die; when they are over a chit draw waits (the cup holds one chit)."""
    s.chit_cup = [0] * len(s.chit_cup)
    s.chit_cup[0] = 1
    s.agenda = [("next_draw",), *(("battles", C[c]) for c in reversed(more)), ("battles", C[country])]
    s.run()


def over(s) -> bool:
    return s.chance == ("draw",)


def go(s, until: str | None = None, **choose: Any) -> None:
    """Answer decisions with simple defaults (every AB sorties, the first unit is boarded, no
    bombing, the first target is hit) until a decision or chance node of kind ``until``."""
    defaults = {"sortie": ("sortie_all",), "bomb": ("no_bomb",), **choose}
    for _ in range(200):
        if over(s):
            assert until is None, f"the battle ended before {until}"
            return
        kind = s.pending[0] if s.pending is not None else s.chance[0]
        if kind == until:
            return
        if s.pending is None:
            raise AssertionError(f"a {s.chance} node came before {until}")
        s.apply(defaults.get(kind, s.legal_actions()[0]))
    raise AssertionError("no end")


def roll(s, hits: int) -> None:
    assert s.chance is not None and s.chance[0] == "pool", s.chance
    s.apply(("hits", hits))


def miss(s) -> None:
    """The fewest hits the pending pool can score."""
    roll(s, s.chance_outcomes()[0][0][1])


def quiet(s) -> None:
    """Play the rest with the fewest hits every time and the default choices."""
    for _ in range(200):
        if over(s):
            return
        if s.chance is not None:
            s.apply(s.chance_outcomes()[0][0])
        else:
            kind = s.pending[0]
            s.apply({"sortie": ("sortie_all",), "bomb": ("no_bomb",)}.get(kind, s.legal_actions()[0]))
    raise AssertionError("no end")


def pool(s) -> tuple[str, int, tuple[tuple[int, int], ...], int, int]:
    """(step, camp, dice, characters' hits, units firing) of the pending pool."""
    assert s.chance is not None and s.chance[0] == "pool", (s.pending, s.chance)
    return s.chance[1:]


def logged(s, key: str) -> list[dict[str, Any]]:
    return [dict(e.args) for e in events(s, key)]


def at(s, char: str, hex_id: str = HEX) -> int:
    k = ch(char)
    s.char_at[k] = h(hex_id)
    return k


def air_duel(drake: int = 3, rau: int = 2):
    s = game()
    ds = [put(s, "drake", "drumlo", HEX) for _ in range(drake)]
    rs = [put(s, "rau", "bozune", HEX) for _ in range(rau)]
    return s, ds, rs


# --- 18: where battles happen -----------------------------------------------------------------


@rule("18.1", "18.2", "B-70")
def test_a_battle_where_the_acting_country_meets_the_other_camp_only():
    s = game()
    put(s, "drake", "drumlo", HEX)
    put(s, "ah", "drumlo", HEX)  # Ah is standing by (静観): still the other camp (B-70)
    put(s, "ku", "drumlo", "1016")
    put(s, "drake", "drumlo", "1016")  # allies only: no battle
    put(s, "rau", "bozune", "1018")
    put(s, "ku", "drumlo", "1018")  # 18.2: enemies meet, but not Drake's units
    assert battle_hexes(s, C["drake"]) == [h(HEX)]
    assert battle_hexes(s, C["ku"]) == [h("1018")]
    assert battle_hexes(s, C["rau"]) == [h("1018")]


@rule("18.7", "19.1", "19.2", "B-25", "18.1", "18.2")
def test_the_battle_is_fought_without_being_asked_and_in_five_steps():
    s, _, _ = air_duel()
    put(s, "drake", "namwan", HEX)
    put(s, "rau", "fort", HEX)
    fight(s)
    # nothing asks whether to fight: the preparation step asks the acting camp first
    assert s.pending[0] == "sortie" and s.pending[2] == C["drake"]
    assert [e.key for e in s.log][:1] == ["battle"]
    assert s.log[0].clauses == ("19.1", "18.1", "18.2", "18.7")  # where the camps meet, its units there; compulsory
    go(s, "pool")
    assert pool(s)[:2] == ("air", 0)
    roll(s, 0)
    assert pool(s)[:2] == ("air", 1)
    roll(s, 0)
    go(s, "bomb")
    assert s.pending[2] == 0
    s.apply(("no_bomb",))
    assert s.pending[0] == "bomb" and s.pending[2] == 1
    s.apply(("bomb",))
    assert [dict(e.args) for e in events(s, "bombs")] == [{"country": C["rau"]}]
    assert pool(s)[:2] == ("aa", 0)  # Drake's Namwan fires at Rau's bombers; Drake does not bomb
    roll(s, 0)
    go(s, "pool")
    assert pool(s)[:2] == ("bombing", 1)
    roll(s, 0)
    go(s, "pool")
    assert pool(s)[:2] == ("shelling", 0)
    roll(s, 0)
    assert pool(s)[:2] == ("shelling", 1)
    roll(s, 0)
    go(s)
    steps = [
        e.clause for e in s.log if e.key.startswith("pool_") or e.key in ("battle", "sortie", "battle_end")
    ]
    assert steps == ["19.1", "20.1", "20.1", "21.5", "21.5", "22.4", "23.4", "24.4", "24.4", "19.3"]


@rule("19.1", "B-25")
def test_the_acting_runner_orders_several_battles():
    s = game()
    put(s, "drake", "drumlo", HEX)
    put(s, "rau", "bozune", HEX)
    put(s, "drake", "drumlo", "1016")
    put(s, "rau", "bozune", "1016")
    fight(s)
    assert s.pending[0] == "battle_order" and s.pending[1] == s.seat_of(C["drake"])
    assert set(s.legal_actions()) == {("fight", h(HEX)), ("fight", h("1016"))}
    s.apply(("fight", h(HEX)))
    assert events(s, "battle")[0].args[1] == ("hex", h(HEX))
    quiet(s)
    assert [dict(e.args)["hex"] for e in events(s, "battle")] == [h(HEX), h("1016")]


@rule("19.3")
def test_the_battle_ends_after_shelling_with_enemies_left():
    s, ds, rs = air_duel(1, 1)
    fight(s)
    roll(s, 0)
    roll(s, 0)
    go(s)
    assert over(s) and events(s, "battle_end")
    assert s.where[ds[0]] == h(HEX) and s.where[rs[0]] == h(HEX)
    assert s.fight is None and s.role[ds[0]] == NO_ROLE


def zelana_counter(s, unit: str, hex_id: str, flipped: bool = False) -> int:
    """Move the Zelana's own counter of ``unit`` (it has no spares, B-7)."""
    [i] = static().counters_of(C["zelana"], unit)[:1]
    s.set_where(i, h(hex_id))
    s.flipped[i] = int(flipped)
    return i


@rule("18.3", "B-75")
def test_the_zelana_fights_only_where_the_zelana_is():
    s = game()
    zelana_counter(s, "zelana", HEX)
    zelana_counter(s, "dunbine", "1016")
    put(s, "drake", "drumlo", HEX)
    put(s, "drake", "drumlo", "1016")
    s.phase_chit = chit("zelana")
    assert battle_hexes(s, C["zelana"]) == [h(HEX)]
    fight(s, "zelana")
    assert [e.clauses for e in s.log if e.key == "battle"] == [("19.1", "18.1", "18.2", "18.7", "18.3")]


@rule("18.4")
def test_on_shots_chit_only_the_spriggan_fights():
    s = game()
    put(s, "drake", "spriggan", HEX)
    put(s, "rau", "bozune", HEX)
    put(s, "drake", "drumlo", "1016")
    put(s, "rau", "bozune", "1016")
    s.phase_chit = chit("shot")
    assert battle_hexes(s, C["drake"]) == [h(HEX)]
    s.phase_chit = chit("drake_as")
    assert battle_hexes(s, C["drake"]) == [h("1016"), h(HEX)]


@rule("18.5", "18.6", "B-75")
def test_the_zelana_acting_with_its_host_fights_once_per_hex():
    for na_state in (0, WAR):
        s = game()
        s.status[NA] = na_state
        [zelana] = static().counters_of(C["zelana"], "zelana")
        s.set_where(zelana, h(HEX))
        put(s, "drake", "drumlo", HEX)
        host = "na" if na_state == WAR else "rau"
        put(s, host, "bozune", HEX)  # the host is there too: still one battle
        fight(s, host, "zelana")
        go(s, "pool")
        assert len(events(s, "battle")) == 1
        assert dict(events(s, "battle")[0].args)["country"] == C[host]


@rule("30.6.4", "30.6.3")
def test_no_battle_at_an_undiscovered_secret_factory_and_it_never_fires():
    s = game()
    fort = put(s, "rau", "fort", "1017")
    s.secret = fort
    put(s, "drake", "namwan", HEX)
    assert battle_hexes(s, C["drake"]) == []
    s.secret_found = True
    assert battle_hexes(s, C["drake"]) == [h(HEX)]
    fight(s)
    go(s, "pool")
    step, camp, _, _, _n = pool(s)
    assert (step, camp) == ("shelling", 0)  # the factory has nothing to fire with
    roll(s, 0)
    go(s)
    assert not [e for e in events(s, "pool_shelling") if dict(e.args)["country"] != C["drake"]]


# --- 20: preparation --------------------------------------------------------------------------


@rule("20.1", "20.3", "B-26", "B-76")
def test_stowed_abs_do_not_fight_and_fall_with_their_carrier():
    s = game()
    ship = put(s, "drake", "namwan", HEX, flipped=True)  # def 3, flipped: 3 hits remove it
    d1 = put(s, "drake", "drumlo", HEX)
    d2 = put(s, "drake", "drumlo", HEX)
    put(s, "rau", "bozune", HEX)
    put(s, "rau", "grimley", HEX)
    fight(s)
    assert s.pending[0] == "sortie" and s.pending[2] == C["drake"]
    assert set(s.legal_actions()) == {("sortie_all",), ("stow", d1, ship)}  # d1, d2 alike (B-74)
    s.apply(("stow", d1, ship))
    assert s.role[d1] == ship
    st = static()
    assert [dict(e.args) for e in events(s, "stow")] == [{"unit": st.counter_unit[d1], "to": st.counter_unit[ship]}]
    from asobi.games.byston.rules.combat import battle_view

    shown = {u["counter"]: u for u in battle_view(s)["units"]}
    assert {d1, d2, ship} <= set(shown) and (shown[d1]["part"], shown[d1]["stowed_in"]) == ("stowed", ship)
    assert (shown[ship]["part"], shown[ship]["stowed_in"]) == ("", None)
    s.apply(("sortie_all",))
    assert s.role[d2] == SORTIED
    go(s, "pool")
    assert pool(s)[:3] == ("air", 0, ((2, 1),))  # only the sortied Drumlo flies
    roll(s, 0)
    roll(s, 0)
    go(s, "pool")
    assert pool(s)[:2] == ("shelling", 0)
    roll(s, 0)
    roll(s, 3)
    go(s)
    assert s.where[ship] == BOX and s.where[d1] == BOX  # 20.3: the stowed Drumlo went with it
    st = static()
    removed = {dict(e.args)["unit"]: e.also for e in s.log if e.key == "removed"}
    assert removed[st.counter_unit[d1]] == ("20.3", "25.2", "24.9")  # with its carrier, hit by nobody
    assert removed[st.counter_unit[ship]] == ("25.3", "25.2", "24.9")
    assert s.where[d2] == h(HEX)


@rule("20.1", "B-26")
def test_with_nowhere_to_stow_every_ab_sorties():
    s, ds, rs = air_duel(2, 1)
    fight(s)
    assert s.pending is None and pool(s)[0] == "air"
    assert all(s.role[i] == SORTIED for i in ds + rs)


@rule("17.15.5", "B-76")
def test_a_ship_holds_no_more_stowed_abs_than_its_capacity():
    s = game()
    ship = put(s, "drake", "namwan", HEX)  # 6 ABs (17.15.5)
    abs_ = [put(s, "drake", "drumlo", HEX) for _ in range(7)]
    put(s, "rau", "bozune", HEX)
    fight(s)
    for _ in range(6):
        assert s.pending[0] == "sortie"
        [stow] = [a for a in s.legal_actions() if a[0] == "stow"]  # the seven are alike (B-74)
        s.apply(stow)
    # full: nothing left to choose, the seventh sorties
    assert s.pending is None
    assert sorted(s.role[i] for i in abs_) == [SORTIED] + [ship] * 6


@rule("20.4", "20.5", "20.6", "20.7", "B-41", "B-74", "B-76")
def test_characters_board_one_to_an_ab_and_any_number_to_a_ship():
    s = game()
    ship = put(s, "drake", "namwan", HEX)
    ab = put(s, "drake", "drumlo", HEX)
    put(s, "rau", "bozune", HEX)
    shot, bern, todd = at(s, "shot"), at(s, "bern"), at(s, "todd1")
    fight(s)
    s.apply(("sortie_all",))
    assert s.pending[0] == "mount" and s.pending[3] == shot
    assert set(s.legal_actions()) == {("mount", ab), ("mount", ship)}
    s.apply(("mount", ship))
    assert s.pending[3] == bern
    s.apply(("mount", ab))
    # 20.5: the Drumlo carries Bern now, so Todd can only take the ship (given at once, B-74)
    assert s.pending is None
    assert s.aboard[shot] == ship and s.aboard[bern] == ab and s.aboard[todd] == ship
    assert [e.clauses for e in s.log if e.key == "mounts"] == [("20.4", "20.6", "20.7"), ("20.4", "20.5", "20.7"), ("20.4", "20.6", "20.7")]
    assert [dict(e.args)["char"] for e in events(s, "mounts")] == [shot, bern, todd]


@rule("20.7", "B-26")
def test_the_acting_camp_prepares_first():
    for acting in ("drake", "rau"):
        s = game()
        put(s, "drake", "namwan", HEX)
        put(s, "drake", "drumlo", HEX)
        put(s, "rau", "grimley", HEX)
        put(s, "rau", "bozune", HEX)
        fight(s, acting)
        assert s.pending[0] == "sortie" and s.pending[2] == C[acting]


# --- 21: air combat ---------------------------------------------------------------------------


@rule("21.1", "21.2", "21.3", "21.4", "21.5", "21.6", "21.7", "21.8", "B-41", "B-77")
def test_air_combat_rolls_each_sortied_ab_against_its_air_value_and_adds_the_pilot():
    s = game()
    put(s, "drake", "drumlo", HEX)
    put(s, "drake", "drumlo", HEX, flipped=True)  # back: air 1
    put(s, "drake", "doro", HEX)  # air 1
    put(s, "rau", "bozune", HEX)
    at(s, "bern")  # AB attack 2 (21.6)
    fight(s)
    go(s, "pool")
    step, camp, dice, bonus, n = pool(s)
    assert (step, camp, n) == ("air", 0, 3)
    assert dice == ((1, 2), (2, 1)) and bonus == 2
    # two dice at 1, one at 2, plus Bern's 2: (5/6)²(2/3), …, exactly
    assert dict(s.chance_outcomes()) == pytest.approx(
        {("hits", 2): 50 / 108, ("hits", 3): 45 / 108, ("hits", 4): 12 / 108, ("hits", 5): 1 / 108}
    )
    roll(s, 3)
    args = logged(s, "pool_air")[0]
    assert args == {"country": C["drake"], "units": 3, "dice": "1×2, 2×1", "bonus": 2, "hits": 3}
    assert [e.clauses for e in s.log if e.key == "pool_air"] == [
        ("21.5", "21.3", "21.2", "21.4", "21.8", "21.6", "21.7")
    ]  # all ABs, compulsory, both camps, the total; Bern's attack (all riders')
    assert s.hits[0] == 3


@rule("21.2", "21.4", "B-45")
def test_air_combat_is_simultaneous():
    s, ds, rs = air_duel(2, 2)
    fight(s)
    roll(s, 2)  # Drake's Drumlos flip a Bozune (def 2) …
    roll(s, 2)  # … and that Bozune still fires back in the same step
    go(s)
    assert sum(s.flipped[i] for i in ds) == 1 and sum(s.flipped[i] for i in rs) == 1


# --- 22, 23: AA fire and bombing --------------------------------------------------------------


def bombing_scene():
    s = game()
    ab = put(s, "drake", "doro", HEX)  # bomb 3
    ship = put(s, "rau", "grimley", HEX)  # AA 3×3
    fort = put(s, "rau", "fort", HEX)  # AA 2×2
    return s, ab, ship, fort


@rule("22.1", "B-28", "B-71")
def test_no_aa_fire_unless_the_enemy_bombs():
    s = bombing_scene()[0]
    fight(s)
    # nobody in the air to fight: no air-combat roll; Drake is asked whether it bombs
    assert s.pending[0] == "bomb" and s.legal_actions() == (("bomb",), ("no_bomb",))
    s.apply(("no_bomb",))
    assert over(s) and not events(s, "pool_aa") and not events(s, "pool_air")
    s, _ab, _ship, _fort = bombing_scene()
    fight(s)
    s.apply(("bomb",))
    assert pool(s)[:2] == ("aa", 1)


@rule("22.2", "22.3", "22.4", "22.5", "22.6", "22.7", "22.8", "23.1", "B-27")
def test_aa_fire_from_every_ship_and_building_with_the_crews_attack():
    s, ab, ship, fort = bombing_scene()
    foizon = at(s, "foizon")  # AS attack 1
    abe = at(s, "abe")  # AS attack 1
    fight(s)
    assert s.pending[0] == "mount" and s.pending[3] == foizon
    s.apply(("mount", ship))
    assert s.pending[3] == abe
    s.apply(("mount", fort))
    s.apply(("bomb",))
    assert s.role[ab] == BOMBER
    step, camp, dice, bonus, n = pool(s)
    assert (step, camp, n) == ("aa", 1, 2)
    assert dice == ((2, 2), (3, 3)) and bonus == 1  # 22.7: Abe in the fort adds nothing
    roll(s, 1)
    assert [e.clauses for e in s.log if e.key == "pool_aa"] == [
        ("22.4", "22.2", "22.3", "22.8", "22.5", "22.6", "22.7")
    ]  # the crews' attack, but none from the building's characters
    go(s, "pool")
    # the Doro (def 1) took the hit: flipped, it still bombs (23.1) with its back's 2
    assert s.flipped[ab]
    assert pool(s)[:3] == ("bombing", 0, ((2, 1),))


@rule("23.2", "23.3", "23.4", "23.5", "23.7", "B-27")
def test_bombing_hits_ships_and_buildings():
    s = game()
    d = put(s, "drake", "drumlo", HEX)  # bomb 2
    put(s, "drake", "drumlo", HEX)
    bern = at(s, "bern")  # AB attack 2
    ship = put(s, "rau", "grimley", HEX)
    fort = put(s, "rau", "fort", HEX)
    fight(s)
    assert s.aboard[bern] == d  # two alike Drumlo: one choice, made for the player (B-74)
    s.apply(("bomb",))
    roll(s, 0)  # AA misses
    assert pool(s) == ("bombing", 0, ((2, 2),), 2, 2)
    roll(s, 4)
    assert s.pending[0] == "allocate"
    assert set(s.legal_actions()) == {("hit", ship), ("hit", fort)}  # never an AB
    s.apply(("hit", fort))
    go(s)
    assert s.flipped[fort] and not s.flipped[ship]
    assert logged(s, "hits_lost") == [{"hits": 1}]
    [bombing] = [e for e in s.log if e.key == "pool_bombing"]
    assert bombing.also[:3] == ("23.1", "23.3", "23.7")  # ships and buildings; the camp's total


@rule("23.6", "21.7", "B-41")
def test_one_character_to_an_ab_so_one_pilot_adds_to_its_attack():
    s = game()
    d = put(s, "drake", "drumlo", HEX)
    castle = put(s, "drake", "castle", HEX)
    bern, todd = at(s, "bern"), at(s, "todd1")
    put(s, "rau", "fort", HEX)
    fight(s)
    s.apply(("sortie_all",))
    assert s.pending[3] == bern
    s.apply(("mount", d))
    assert s.aboard[todd] == castle  # the Drumlo is taken: only the castle is left for Todd
    s.apply(("bomb",))
    miss(s)  # AA
    assert pool(s)[:4] == ("bombing", 0, ((2, 1),), 2)


# --- 24: shelling -----------------------------------------------------------------------------


@rule("24.1", "24.2", "24.3", "24.4", "24.5", "24.6", "24.7", "24.8", "24.9", "B-27")
def test_shelling_by_every_ship_and_building_at_ships_and_buildings_only():
    s = game()
    namwan = put(s, "drake", "namwan", HEX)  # guns 2×2
    castle = put(s, "drake", "castle", HEX)  # guns 3×3
    drake, shot, zet = at(s, "drake"), at(s, "shot"), at(s, "zet")  # AS attack 2, 1, 0
    grimley = put(s, "rau", "grimley", HEX)
    bozune = put(s, "rau", "bozune", HEX)
    fight(s)
    assert s.pending[0] == "sortie" and s.pending[2] == C["rau"]
    s.apply(("sortie_all",))
    for k, j in ((drake, namwan), (shot, namwan), (zet, castle)):
        assert s.pending[0] == "mount" and s.pending[3] == k
        s.apply(("mount", j))
    go(s, "pool")
    # 24.7: both on the Namwan add their AS attack; 24.8: Zet in the castle does not
    assert pool(s) == ("shelling", 0, ((2, 2), (3, 3)), 3, 2)
    roll(s, 4)
    assert [e.clauses for e in s.log if e.key == "pool_shelling"] == [
        ("24.4", "24.2", "24.3", "24.1", "24.5", "24.9", "24.6", "24.7", "24.8")
    ]
    roll(s, 3)
    go(s)
    # Drake's 4 hits may go only to the Grimley (def 4), never to the Bozune (B-27)
    assert s.flipped[grimley] and not s.flipped[bozune]
    # Rau's 3 hits fit nothing: the Namwan is 3 + Drake's AS defence 2 (25.7), the castle 6
    assert not s.flipped[namwan] and logged(s, "hits_lost") == [{"hits": 3}]
    assert len(events(s, "pool_shelling")) == 2  # 24.9: both fired


# --- 25: hits ---------------------------------------------------------------------------------


@rule("25.1", "25.2", "25.3", "25.4", "B-29", "B-30")
def test_the_attacker_allocates_blocks_a_unit_flips_then_goes_to_the_factory_box():
    s = game()
    d1 = put(s, "drake", "drumlo", HEX)
    d2 = put(s, "drake", "drumlo", HEX, flipped=True)
    for _ in range(4):
        put(s, "rau", "botune", HEX)
    fight(s)
    roll(s, 0)
    roll(s, 4)
    assert s.pending[0] == "allocate" and s.pending[1] == s.seat_of(C["rau"])
    assert set(s.legal_actions()) == {("hit", d1), ("hit", d2)}
    s.apply(("hit", d1))
    assert s.flipped[d1] == 0  # 25.9.4: nothing is applied before the allocation is over
    s.apply(("hit", d1))  # a face-up unit may take a second block (B-30)
    go(s)
    assert s.where[d1] == BOX and s.where[d2] == h(HEX) and s.flipped[d2]
    assert [e.key for e in s.log if e.clause == "25.4"] == ["removed"]


@rule("25.5")
def test_hits_that_fit_no_unit_are_lost():
    s, _ds, rs = air_duel(3, 1)
    fight(s)
    roll(s, 3)
    roll(s, 0)
    go(s)
    assert s.flipped[rs[0]] and logged(s, "hits_lost") == [{"hits": 1}]


@rule("25.6", "25.8", "25.2", "25.3", "B-44")
def test_a_pilot_adds_his_ab_defence_but_a_buildings_characters_add_nothing():
    s = game()
    d = put(s, "drake", "drumlo", HEX)
    fort = put(s, "drake", "fort", HEX)
    drake, _bern = at(s, "drake"), at(s, "bern")
    for _ in range(3):
        put(s, "rau", "botune", HEX)
    put(s, "rau", "grimley", HEX)
    fight(s)
    go(s, "mount")
    assert s.pending[3] == drake
    s.apply(("mount", fort))  # Drake: AS defence 2, in a building (25.8)
    s.apply(("mount", d))  # Bern: AB defence 1
    miss(s)
    roll(s, 2)  # 2 hits: the Drumlo with Bern needs 3
    go(s, "pool")
    assert not s.flipped[d] and logged(s, "hits_lost") == [{"hits": 2}]
    assert pool(s)[:2] == ("shelling", 0)
    miss(s)
    roll(s, 3)  # the fort takes 3, Drake inside adds nothing
    go(s)
    assert s.flipped[fort]
    flipped = [e for e in s.log if e.key == "flipped" and dict(e.args)["unit"] == u("fort")]
    assert [e.clauses for e in flipped] == [("25.4", "25.8", "25.3", "25.2", "24.9")]


@rule("25.6", "25.4")
def test_a_piloted_ab_flipped_cites_the_pilots_defence():
    s = game()
    d = put(s, "drake", "drumlo", HEX)
    fort = put(s, "drake", "fort", HEX)
    drake, _bern = at(s, "drake"), at(s, "bern")
    for _ in range(3):
        put(s, "rau", "botune", HEX)
    put(s, "rau", "grimley", HEX)
    fight(s)
    go(s, "mount")
    assert s.pending[3] == drake
    s.apply(("mount", fort))
    s.apply(("mount", d))  # Bern: AB defence 1
    miss(s)
    roll(s, 3)  # the Drumlo's 2 and Bern's 1
    go(s, "fate")  # Bern's survival roll (26.1) after the damage
    flipped = [e for e in s.log if e.key == "flipped" and dict(e.args)["unit"] == u("drumlo")]
    assert s.flipped[d] and [e.clauses for e in flipped] == [("25.4", "25.6", "25.3", "25.2", "21.4")]


@rule("25.7", "B-44")
def test_a_ship_adds_the_best_as_defence_aboard_only():
    s = game()
    ship = put(s, "drake", "namwan", HEX)  # def 3
    at(s, "drake")  # AS defence 2
    at(s, "shot")  # AS defence 1
    put(s, "rau", "grimley", HEX)
    put(s, "rau", "grimley", HEX)
    fight(s)
    go(s, "pool")
    assert pool(s)[:2] == ("shelling", 0)
    miss(s)
    roll(s, 5)  # 3 + 2 = 5 (not 3 + 2 + 1)
    quiet(s)
    assert s.flipped[ship] and {"hits": 5} not in logged(s, "hits_lost")
    flipped = [e for e in s.log if e.key == "flipped" and dict(e.args)["unit"] == u("namwan")]
    assert [e.clauses for e in flipped] == [("25.4", "25.7", "25.3", "25.2", "24.9")]


@rule("25.9", "25.9.1", "25.9.3", "25.9.4", "B-31", "B-72")
def test_the_defender_places_its_commanders_share_first():
    s = game()
    d1 = put(s, "drake", "drumlo", HEX)
    d2 = put(s, "drake", "drumlo", HEX)
    doro = put(s, "drake", "doro", HEX)
    at(s, "bern")  # AB command 1
    for _ in range(4):
        put(s, "rau", "botune", HEX)
    fight(s)
    assert set(s.legal_actions()) == {("mount", d1), ("mount", doro)}  # d1, d2 alike (B-74)
    s.apply(("mount", d1))
    miss(s)
    roll(s, 4)
    # Bern's command (1) fits only the Doro (def 1): placed for Drake; Rau places the other 3
    assert logged(s, "command") == [{"country": C["drake"], "hits": 1}]
    assert [e.clauses for e in s.log if e.key == "command"] == [("25.9.3", "25.9.1", "25.9.4")]  # an AB command
    assert s.pending[0] == "allocate" and s.pending[1] == s.seat_of(C["rau"]) and s.pending[4] == 0
    assert s.hits[1] == 3 and s.blocks[doro] == 1
    assert set(s.legal_actions()) == {("hit", d1), ("hit", d2), ("hit", doro)}  # d1 takes 3 with Bern
    s.apply(("hit", d1))
    go(s, "fate")
    assert s.flipped[d1] and s.flipped[doro] and not s.flipped[d2]


@rule("25.9.2", "25.9.5", "B-31", "B-72")
def test_as_command_in_shelling_never_from_a_building():
    def scene(sheela_in: str):
        s = game()
        for _ in range(2):
            put(s, "drake", "bull_beggar", HEX)  # 6 dice
        grimley = put(s, "na", "grimley", HEX)
        fort = put(s, "na", "fort", HEX)
        at(s, "sheela")  # AS command 3, AS defence 2
        fight(s)
        assert s.pending[0] == "mount"
        s.apply(("mount", grimley if sheela_in == "ship" else fort))
        assert pool(s)[:2] == ("shelling", 0)
        roll(s, 6)
        miss(s)
        return s, grimley, fort

    s, grimley, fort = scene("ship")
    # Sheela's 3 of the 6 hits: the fort (3) is the only unit they fit (the Grimley is 4 + 2)
    assert logged(s, "command") == [{"country": C["na"], "hits": 3}]
    s, grimley, fort = scene("fort")
    assert not logged(s, "command")  # 25.9.5
    [shelling] = [e for e in s.log if e.key == "pool_shelling" and dict(e.args)["country"] == C["drake"]]
    assert "25.9.5" in shelling.also  # Drake's hits fall on Na without Sheela's command
    assert s.pending[0] == "allocate" and s.pending[1] == s.seat_of(C["drake"])
    assert set(s.legal_actions()) == {("hit", grimley), ("hit", fort)}


@rule("B-7")
def test_a_removed_zelana_unit_leaves_the_game():
    s = game()
    dunbine = zelana_counter(s, "dunbine", HEX, flipped=True)
    put(s, "drake", "drumlo", HEX)
    put(s, "drake", "drumlo", HEX)
    fight(s)
    roll(s, 2)
    miss(s)
    go(s)
    assert s.where[dunbine] == GONE


# --- 26: survival -----------------------------------------------------------------------------


def pilot_hit(char: str, flipped: bool, hits: int):
    s = game()
    ab = put(s, "drake", "drumlo", HEX, flipped=flipped)
    k = at(s, char)
    for _ in range(3):
        put(s, "rau", "botune", HEX)
    fight(s)
    miss(s)
    roll(s, hits)
    go(s, "fate")
    return s, ab, k


@rule("26.1", "26.2", "26.2.2", "26.3", "B-32", "B-77")
def test_a_character_in_a_flipped_unit_rolls_on_the_upper_row():
    s, ab, k = pilot_hit("todd1", False, 3)  # Drumlo 2 + Todd's AB defence 1
    assert s.flipped[ab] and s.chance == ("fate", k, 1)
    assert logged(s, "flipped") == [{"country": s.owner[ab], "unit": static().counter_unit[ab]}]
    assert dict(s.chance_outcomes()) == pytest.approx(
        {("fate", "-"): 3 / 6, ("fate", "L"): 2 / 6, ("fate", "H"): 1 / 6}
    )
    s.apply(("fate", "-"))
    assert s.char_at[k] == h(HEX)
    assert logged(s, "fate") == [{"char": k, "row": "---LLH", "fate": "-"}]
    assert [e.clauses for e in s.log if e.key == "fate"] == [("26.2", "26.1", "26.3", "26.2.2")]


@rule("26.2", "26.2.3", "26.2.4", "B-16", "B-32")
def test_the_lower_row_for_a_removed_unit_wounds_to_the_cup_or_the_box():
    s, ab, k = pilot_hit("todd1", True, 3)
    assert s.where[ab] == BOX and s.chance == ("fate", k, 2)
    assert dict(s.chance_outcomes())[("fate", "D")] == pytest.approx(1 / 6)
    s.apply(("fate", "L"))
    assert s.char_at[k] == CUP and s.marks[TODD_WOUNDED] == s.turn
    assert s.aboard[k] == NO_ROLE and logged(s, "fate_L") == [{"char": k}]
    s, ab, k = pilot_hit("garalia", True, 3)
    s.apply(("fate", "H"))
    assert s.char_at[k] == HEAVY
    assert not s.marks[TODD_WOUNDED]  # only Todd's wound is remembered (13.3.5)


@rule("26.2.5", "B-16", "B-34")
def test_d_removes_a_character_or_sends_bern_on_leave():
    s, _, k = pilot_hit("garalia", True, 3)
    s.apply(("fate", "D"))
    assert s.char_at[k] == DEAD
    s, _, k = pilot_hit("bern", True, 3)
    s.apply(("fate", "D"))
    assert s.char_at[k] == LEFT
    s, _, k = pilot_hit("drake", True, 2)  # Drake flies a flipped Drumlo (AB defence 0)
    s.apply(("fate", "D"))
    assert s.char_at[k] == DEAD and s.ended is not None and s.ended[:2] == ("sheela_complete", "27.3")


@rule("26.2.1", "26.4", "B-73")
def test_g_grows_the_character_and_26_4_moves_the_stranded():
    s = game()
    ab = zelana_counter(s, "dunbine", HEX)
    zelana_counter(s, "zelana", HEX)
    show = at(s, "show1")
    for _ in range(3):
        put(s, "drake", "drumlo", HEX)
    fight(s)
    go(s, "mount")
    s.apply(("mount", ab))
    roll(s, 3)  # Dunbine 2 + Show's AB defence 1
    miss(s)
    go(s, "fate")
    s.apply(("fate", "G"))
    show2 = ch("show2")
    assert s.char_at[show] == GROWN and s.char_at[show2] == h(HEX) and s.aboard[show2] == ab
    assert logged(s, "grows") == [{"char": show, "to_char": show2}]
    s = game()
    ab = zelana_counter(s, "dunbine", HEX, flipped=True)
    show = at(s, "show1")
    for _ in range(3):
        put(s, "drake", "drumlo", HEX)
    fight(s)
    roll(s, 3)
    miss(s)
    go(s, "fate")
    s.apply(("fate", "-"))
    go(s)
    # the Dunbine is gone: Show has no Zelana unit left here and goes to the nearest one (26.4)
    [zelana] = static().counters_of(C["zelana"], "zelana")
    assert s.where[ab] == GONE and s.char_at[show] == s.where[zelana] != h(HEX)


@rule("26.3", "B-45")
def test_survival_is_rolled_after_each_steps_damage():
    s = game()
    ab = put(s, "drake", "drumlo", HEX)
    k = at(s, "todd1")
    for _ in range(3):
        put(s, "rau", "botune", HEX)
    put(s, "rau", "fort", HEX)
    fight(s)
    go(s, "pool")
    miss(s)
    roll(s, 3)
    go(s, "fate")
    assert not events(s, "bombs")  # still in the air-combat step
    s.apply(("fate", "-"))
    assert s.pending[0] == "bomb"
    assert s.aboard[k] == ab


# --- whole battles at random ------------------------------------------------------------------


def big_battle(seed: int):
    from random import Random

    rng = Random(seed)
    s = game()
    for unit, n in (("drumlo", 3), ("doro", 2), ("namwan", 2), ("castle", 1)):
        for _ in range(n):
            put(s, "drake", unit, HEX, flipped=rng.random() < 0.3)
    for unit, n in (("botune", 3), ("gunan", 1), ("grimley", 2)):
        for _ in range(n):
            put(s, "rau", unit, HEX, flipped=rng.random() < 0.3)
    for name in ("drake", "shot", "bern", "todd1", "garalia", "foizon", "abe"):
        at(s, name)
    return s, rng


@pytest.mark.parametrize("seed", range(12))
def test_random_big_battles_end_cleanly(seed):
    s, rng = big_battle(seed)
    fight(s)
    for _ in random_playout(s, rng, 500):
        assert not s.invariant_errors(), s.invariant_errors()
        assert s.clone().to_json() == s.to_json()
        view = s.view(0)
        json.dumps(view)
        assert (view["battle"] is None) == (s.fight is None)
        if over(s) or s.ended is not None:
            break
        if s.chance is not None:
            assert sum(p for _, p in s.chance_outcomes()) == pytest.approx(1.0)
        else:
            legal = s.legal_actions()
            assert legal and list(legal) == sorted(legal)
            for a in legal:
                assert s.action_label(a, "ja") and s.action_label(a, "en")
    assert over(s) or s.ended is not None
    if s.ended is None:
        assert s.fight is None and all(r == NO_ROLE for r in s.role) and all(a == NO_ROLE for a in s.aboard)
        assert {"19.1", "19.3"} <= {e.clause for e in s.log}


def test_an_illegal_allocation_is_refused_with_its_clause():
    s = game()
    put(s, "drake", "drumlo", HEX)
    put(s, "drake", "doro", HEX)
    put(s, "rau", "botune", HEX)
    put(s, "rau", "botune", HEX)
    fight(s)
    roll(s, 0)
    roll(s, 2)
    assert s.pending[0] == "allocate"
    before = s.to_json()
    with pytest.raises(IllegalActionError):
        s.apply(("hit", 9999))
    assert s.why_illegal(("hit", 9999))[0] == "25.3"
    assert s.to_json() == before


@rule("25.3", "25.4")
def test_after_a_battle_no_hits_command_or_damage_marks_are_left_over():
    s = game()
    put(s, "drake", "drumlo", HEX)
    put(s, "drake", "drumlo", HEX)
    put(s, "rau", "botune", HEX)
    put(s, "rau", "botune", HEX)
    fight(s)
    for _ in range(200):  # every roll scores the most hits it can
        if over(s):
            break
        if s.chance is not None:
            s.apply(s.chance_outcomes()[-1][0])
        else:
            s.apply({"sortie": ("sortie_all",), "bomb": ("no_bomb",)}.get(s.pending[0], s.legal_actions()[0]))
    assert over(s)
    assert s.blocks == (0,) * len(s.blocks) and s.hits == (0, 0) and s.command == 0

