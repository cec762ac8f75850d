"""Combat details (18–26, B-25–B-32, B-70–B-77) that the scenarios of ``test_combat.py`` leave open:
what is left of the hits after an allocation, the defender's unplaced command share, who runs a
camp, a survivor's seat in its unit, the battle as the views show it — each on hex 1017 with the
dice chosen by the test."""

from __future__ import annotations

from asobi.games.byston.board import BOX, CUP, static
from asobi.games.byston.forecast import camp_step
from asobi.games.byston.rules.combat import NO_ROLE, SORTIED, battle_hexes, battle_view
from support.scenario import rule

from .helpers import C, ch, chit, events, game, h, put
from .test_combat import HEX, at, fight, go, logged, miss, pool, roll, zelana_counter


@rule("25.5", "25.3")
def test_hits_lost_leave_nothing_to_place_while_the_other_camp_allocates():
    s = game()
    for _ in range(3):
        put(s, "drake", "drumlo", HEX)
    flipped = put(s, "drake", "drumlo", HEX, flipped=True)  # two kinds of Drumlo: Rau chooses
    put(s, "rau", "bozune", HEX)
    put(s, "rau", "bozune", HEX)
    fight(s)
    roll(s, 3)  # a Bozune takes 2; the third hit fits nothing (25.5)
    roll(s, 2)
    assert s.pending[0] == "allocate" and s.pending[1] == s.seat_of(C["rau"])
    assert flipped in [a[1] for a in s.legal_actions()]
    assert logged(s, "hits_lost") == [{"hits": 1}]
    assert s.hits == (0, 2)
    assert battle_view(s)["hits_to_place"] == [0, 2]


@rule("B-72", "25.9.3", "25.9.1", "B-31")
def test_the_defenders_command_share_it_cannot_place_goes_back_to_the_attacker():
    s = game()
    for _ in range(4):
        put(s, "drake", "drumlo", HEX)
    gunan = put(s, "rau", "gunan", HEX, flipped=True)  # one block of 1 removes it
    b1 = put(s, "rau", "bozune", HEX)
    b2 = put(s, "rau", "bozune", HEX)
    foizon, show = at(s, "foizon"), at(s, "show3")  # AB defence 1; AB command 2, AB defence 2
    fight(s)
    assert s.pending[0] == "mount" and s.pending[3] == foizon
    s.apply(("mount", b1))  # the Bozune takes 2 + 1
    assert s.pending[0] == "mount" and s.pending[3] == show
    s.apply(("mount", b2))  # 2 + 2
    roll(s, 4)
    roll(s, 5)  # Foizon's and Show's AB attack, 1 + 4; every die misses
    # Show's command: 2 of the 4 hits for Rau to place; only the Gunan (1) fits them, and the
    # hit left of the two goes back to Drake (B-72), whose 3 now fit the Bozune with Foizon
    assert logged(s, "command") == [{"country": C["rau"], "hits": 2}]
    assert s.blocks[gunan] == 1 and s.blocks[b1] == 1 and s.blocks[b2] == 0
    assert s.command == 0 and s.hits[0] == 0
    assert not events(s, "hits_lost")
    go(s, "fate")
    assert s.chance == ("fate", foizon, 1)  # the Bozune flipped, Foizon rolls
    assert s.flipped[b1] and s.where[gunan] != h(HEX)
    assert s.command == 0


# --- 18: where battles happen -----------------------------------------------------------------


@rule("18.4")
def test_on_shots_chit_the_spriggan_fights_on_the_first_hex_of_the_map_too():
    s = game()
    corner = static().t.map.grid.parse("0101")  # hex number 0, a mountain no nation owns
    spriggan = put(s, "drake", "spriggan", "0101")
    put(s, "rau", "bozune", "0101")
    s.phase_chit = chit("shot")
    assert s.where[spriggan] == corner == 0
    assert battle_hexes(s, C["drake"]) == [corner]


@rule("18.4")
def test_on_shots_chit_a_spriggan_in_the_factory_box_fights_nowhere():
    s = game()
    [spriggan] = static().counters_of(C["drake"], "spriggan")
    assert s.where[spriggan] == BOX
    put(s, "drake", "drumlo", HEX)
    put(s, "rau", "bozune", HEX)
    grid = static().t.map.grid
    for n, unit in ((1, "bozune"), (2, "botune"), (3, "gunan")):
        # the map's last hexes (a place off the map, read as a hex number, would be one of them)
        put(s, "drake", "drumlo", grid.hex_id(grid.size - n))
        put(s, "rau", unit, grid.hex_id(grid.size - n))
    s.phase_chit = chit("shot")
    assert battle_hexes(s, C["drake"]) == []
    s.phase_chit = chit("drake_as")
    assert len(battle_hexes(s, C["drake"])) == 4


# --- 20: preparation --------------------------------------------------------------------------


@rule("20.4", "B-42", "19.1")
def test_a_character_whose_country_has_no_unit_in_the_hex_still_boards():
    s = game()
    b1 = put(s, "rau", "bozune", HEX)
    gunan = put(s, "rau", "gunan", HEX)
    show = at(s, "show1")  # a Zelana character, the Zelana has no unit here (B-42: Rau's carry it)
    put(s, "drake", "drumlo", HEX)
    fight(s)
    assert s.pending[0] == "mount" and s.pending[2] == C["zelana"] and s.pending[3] == show
    assert set(s.legal_actions()) == {("mount", b1), ("mount", gunan)}
    s.apply(("mount", b1))
    assert s.aboard[show] == b1
    # Na's one character, Sheela, with Rau's units and none of Na's
    s = game()
    b1 = put(s, "rau", "bozune", HEX)
    gunan = put(s, "rau", "gunan", HEX)
    sheela = at(s, "sheela")
    put(s, "drake", "drumlo", HEX)
    fight(s)
    assert s.pending[0] == "mount" and s.pending[2] == C["na"] and s.pending[3] == sheela
    s.apply(("mount", gunan))
    assert s.aboard[sheela] == gunan


def zelana_and_raus_bozune_attacked():
    """The Zelana's ship and Rau's Bozune in one hex, Drake's Drumlo attacking: Rau sorties first."""
    s = game()
    zelana = zelana_counter(s, "zelana", HEX)
    bozune = put(s, "rau", "bozune", HEX)
    put(s, "drake", "drumlo", HEX)
    fight(s, "drake")
    return s, zelana, bozune


@rule("20.1", "17.15.3", "17.15.4", "B-26", "B-42")
def test_the_zelana_stows_raus_abs_and_raus_ships_stow_the_zelanas():
    s, zelana, bozune = zelana_and_raus_bozune_attacked()
    assert s.pending[0] == "sortie" and s.pending[2] == C["rau"]
    assert set(s.legal_actions()) == {("sortie_all",), ("stow", bozune, zelana)}
    s = game()
    grimley = put(s, "rau", "grimley", HEX)
    dunbine = zelana_counter(s, "dunbine", HEX)
    put(s, "drake", "drumlo", HEX)
    fight(s, "drake")
    assert s.pending[0] == "sortie" and s.pending[2] == C["zelana"]
    assert set(s.legal_actions()) == {("sortie_all",), ("stow", dunbine, grimley)}


@rule("34.3", "20.1", "20.7")
def test_a_stow_between_the_zelana_and_rau_cites_34_3_and_one_within_a_country_does_not():
    s, zelana, bozune = zelana_and_raus_bozune_attacked()
    s.apply(("stow", bozune, zelana))  # Rau's AB in the Zelana's ship: an exchange (34.3)
    assert [e.clauses for e in events(s, "stow")] == [("20.1", "20.7", "34.3")]
    s = game()
    namwan = put(s, "drake", "namwan", HEX)
    drumlo = put(s, "drake", "drumlo", HEX)
    put(s, "rau", "bozune", HEX)
    fight(s)
    s.apply(("stow", drumlo, namwan))  # Drake's AB in Drake's ship
    assert [e.clauses for e in events(s, "stow")] == [("20.1", "20.7")]


@rule("20.1", "17.15.8", "B-76")
def test_an_abs_stows_any_number_of_abs():
    s = game()
    abs_ship = put(s, "drake", "will_wipps", HEX)
    drumlos = [put(s, "drake", "drumlo", HEX) for _ in range(8)]
    put(s, "rau", "bozune", HEX)
    fight(s)
    for _ in range(8):
        assert s.pending[0] == "sortie"
        [stow] = [a for a in s.legal_actions() if a[0] == "stow"]  # the Drumlos left are alike (B-74)
        s.apply(stow)
    assert [s.role[i] for i in drumlos] == [abs_ship] * 8
    assert C["drake"] not in [e["country"] for e in logged(s, "sortie")]  # none left to sortie


@rule("20.1")
def test_the_sortie_is_logged_with_how_many_abs_sortied_and_not_at_all_without_one():
    s = game()
    put(s, "drake", "drumlo", HEX)
    put(s, "drake", "doro", HEX)
    put(s, "rau", "grimley", HEX)  # Rau has no AB: nothing sorties for it
    fight(s)
    assert logged(s, "sortie") == [{"country": C["drake"], "n": 2}]


@rule("21.6", "20.5", "B-41")
def test_a_pilot_on_the_first_counter_of_all_adds_his_attack():
    s = game()
    doro = 0  # counter number 0: one of Drake's Doro
    assert static().unit_id(doro) == "doro" and s.owner[doro] == C["drake"]
    s.set_where(doro, h(HEX))
    s.flipped[doro] = 0
    other = put(s, "drake", "doro", HEX, flipped=True)
    bern = at(s, "bern")  # AB attack 2
    put(s, "rau", "bozune", HEX)
    fight(s)
    assert s.pending[0] == "mount" and set(s.legal_actions()) == {("mount", doro), ("mount", other)}
    s.apply(("mount", doro))
    assert s.aboard[bern] == doro
    assert pool(s) == ("air", 0, ((0, 1), (1, 1)), 2, 2)
    assert battle_view(s)["aboard"] == {"bern": doro}


# --- 21–25: targets and hits ------------------------------------------------------------------


@rule("25.4", "B-30", "25.5")
def test_a_unit_takes_no_more_blocks_than_remove_it():
    for flipped, hits in ((False, 6), (True, 4)):  # defence 2: two blocks remove it face up, one flipped
        s = game()
        drumlo = put(s, "drake", "drumlo", HEX, flipped=flipped)
        for _ in range(6):
            put(s, "rau", "botune", HEX)
        fight(s)
        roll(s, 0)
        roll(s, hits)
        go(s)
        assert s.where[drumlo] == BOX and logged(s, "hits_lost") == [{"hits": 2}]


@rule("B-27", "21.4", "20.1")
def test_air_combat_hits_only_the_abs_in_the_air_never_one_stowed_or_a_ship():
    s = game()
    for _ in range(3):
        put(s, "drake", "drumlo", HEX)
    stowed = put(s, "rau", "botune", HEX)
    flying = put(s, "rau", "botune", HEX)
    grimley = put(s, "rau", "grimley", HEX)
    fight(s)
    assert s.pending[0] == "sortie"
    s.apply(("stow", stowed, grimley))
    s.apply(("sortie_all",))
    assert s.role[flying] == SORTIED
    roll(s, 2)
    miss(s)
    # the flying Botune is the one target: nothing to choose, the others are never offered
    assert s.pending[0] == "bomb" and s.flipped[flying]
    assert not s.flipped[stowed] and not s.flipped[grimley]


@rule("B-27", "22.1", "22.3")
def test_aa_fire_hits_only_the_bombers_never_an_ab_stowed_in_a_ship():
    s = game()
    namwan = put(s, "drake", "namwan", HEX)
    stowed = put(s, "drake", "drumlo", HEX)
    doro = put(s, "drake", "doro", HEX)
    put(s, "rau", "grimley", HEX)  # AA 3×3
    fight(s)
    assert s.pending[0] == "sortie"
    s.apply(("stow", stowed, namwan))
    s.apply(("sortie_all",))
    assert s.pending[0] == "bomb"
    s.apply(("bomb",))
    assert pool(s)[:2] == ("aa", 1)
    roll(s, 3)
    # the Doro (defence 1) is the only target: it takes two blocks, the third hit is lost
    assert s.pending is None and logged(s, "hits_lost") == [{"hits": 1}]
    assert s.where[doro] == BOX and s.where[stowed] == h(HEX) and not s.flipped[stowed]


@rule("25.9.3", "B-31")
def test_a_command_share_that_fits_no_unit_is_not_taken():
    s = game()
    d1 = put(s, "drake", "drumlo", HEX)
    put(s, "drake", "drumlo", HEX, flipped=True)
    bern = at(s, "bern")  # AB command 1: no Drake unit here takes a block of 1
    for _ in range(3):
        put(s, "rau", "botune", HEX)
    fight(s)
    s.apply(("mount", d1))
    assert s.aboard[bern] == d1
    miss(s)  # Bern's AB attack 2: Drake's hits go to the Botunes
    roll(s, 3)
    assert logged(s, "command") == [] and s.command == 0
    assert s.pending[0] == "allocate" and s.pending[4] == 0 and s.hits[1] == 3


@rule("25.9.3", "B-31")
def test_the_defender_is_asked_for_its_command_share_as_the_defender():
    s = game()
    for _ in range(4):
        put(s, "drake", "drumlo", HEX)
    gunan = put(s, "rau", "gunan", HEX, flipped=True)  # block 1
    bozune = put(s, "rau", "bozune", HEX)
    b2 = put(s, "rau", "bozune", HEX)  # block 2
    show = at(s, "show3")  # AB command 2, AB defence 2
    fight(s)
    s.apply(("mount", bozune))  # the two Bozunes are alike: the first is named (B-74)
    assert s.aboard[show] == bozune
    roll(s, 4)
    roll(s, 4)  # Show's AB attack 4, every die misses
    assert logged(s, "command") == [{"country": C["rau"], "hits": 2}]
    assert s.pending == ("allocate", s.seat_of(C["rau"]), "air", 0, 1)
    assert set(s.legal_actions()) == {("hit", gunan), ("hit", b2)}
    s.apply(("hit", b2))
    assert s.command == 0 and s.blocks[b2] == 1
    assert s.pending[:2] == ("allocate", s.seat_of(C["drake"])) and s.pending[4] == 0


# --- 25.4: damage; 26: survival -----------------------------------------------------------------


@rule("25.4", "20.3")
def test_a_removed_unit_leaves_the_battle_with_no_blocks_and_no_part():
    s = game()
    namwan = put(s, "drake", "namwan", HEX, flipped=True)  # one block of 3 removes it
    stowed = put(s, "drake", "drumlo", HEX)
    flying = put(s, "drake", "drumlo", HEX, flipped=True)  # one block of 2 removes it
    todd = at(s, "todd1")
    for _ in range(3):
        put(s, "rau", "botune", HEX)
    put(s, "rau", "grimley", HEX)
    fight(s)
    s.apply(("stow", stowed, namwan))
    s.apply(("sortie_all",))
    go(s, "mount")  # (Rau's Botunes sortie)
    s.apply(("mount", namwan))
    miss(s)
    roll(s, 2)  # air combat: the flipped Drumlo is removed
    assert s.pending[0] == "bomb"
    assert s.where[flying] == BOX and s.blocks[flying] == 0 and s.role[flying] == NO_ROLE
    s.apply(("no_bomb",))
    go(s, "pool")
    assert pool(s)[:2] == ("shelling", 0)
    miss(s)
    roll(s, 3)  # the flipped Namwan's 3 (Todd adds no AS defence): removed
    go(s, "fate")
    assert s.chance[:2] == ("fate", todd)
    for i in (namwan, stowed):  # 20.3: the stowed Drumlo went with its ship
        assert s.where[i] == BOX and s.blocks[i] == 0 and s.role[i] == NO_ROLE


@rule("B-32", "25.8", "26.4")
def test_a_character_in_a_damaged_building_rolls_nothing_and_is_no_longer_aboard():
    s = game()
    fort = put(s, "drake", "fort", HEX)  # defence 3
    zet = at(s, "zet")
    for _ in range(3):
        put(s, "rau", "botune", HEX)  # bomb 2
    put(s, "rau", "grimley", HEX)
    fight(s)
    go(s, "bomb")  # (Rau's Botunes sortie)
    assert s.aboard[zet] == fort  # the one unit Zet may board
    assert s.pending == ("bomb", s.seat_of(C["rau"]), 1)
    s.apply(("bomb",))
    miss(s)  # the fort's AA fire
    roll(s, 3)
    # the fort flipped; Zet rolls no survival die (B-32) and is aboard nothing now
    assert s.flipped[fort] and s.chance is not None and s.chance[:2] == ("pool", "shelling")
    assert s.aboard[zet] == NO_ROLE and battle_view(s)["aboard"] == {}
    assert [e.key for e in s.log if e.key.startswith("fate")] == []


@rule("20.3", "26.1", "26.2")
def test_a_pilot_in_an_ab_stowed_in_a_removed_ship_rolls_on_the_lower_row():
    s = game()
    namwan = put(s, "drake", "namwan", HEX, flipped=True)
    stowed = put(s, "drake", "drumlo", HEX)
    put(s, "drake", "drumlo", HEX, flipped=True)
    bern = at(s, "bern")
    put(s, "rau", "grimley", HEX)
    fight(s)
    s.apply(("stow", stowed, namwan))
    s.apply(("sortie_all",))
    assert s.pending[0] == "mount" and ("mount", stowed) in s.legal_actions()
    s.apply(("mount", stowed))
    go(s, "pool")
    assert pool(s)[:2] == ("shelling", 0)
    miss(s)
    roll(s, 3)
    assert s.where[namwan] == BOX and s.where[stowed] == BOX
    assert s.chance == ("fate", bern, 2)  # removed with its ship: the lower row (26.2)


def pilot_flipped(char: str, ab: int | None = None):
    """``char`` flies a Drumlo (or counter ``ab``) that the Botunes' 3 hits flip in air combat;
    a Rau fort is there, so Drake is asked whether it bombs after the survival roll."""
    s = game()
    if ab is None:
        ab = put(s, "drake", "drumlo", HEX)
    else:
        s.set_where(ab, h(HEX))
        s.flipped[ab] = 0
    put(s, "drake", "drumlo", HEX, flipped=True)
    k = at(s, char)
    for _ in range(3):
        put(s, "rau", "botune", HEX)
    put(s, "rau", "fort", HEX)
    fight(s)
    go(s, "mount")  # (Rau's Botunes sortie)
    s.apply(("mount", ab))
    miss(s)
    return s, ab, k


@rule("26.2.3", "26.2", "21.6", "23.5")
def test_a_wounded_pilot_leaves_his_ab_and_adds_nothing_to_its_bombing():
    s, ab, todd = pilot_flipped("todd1")  # AB defence 1, AB attack 1
    roll(s, 3)
    assert s.pending[0] == "allocate"
    s.apply(("hit", ab))
    go(s, "fate")
    s.apply(("fate", "L"))
    assert s.char_at[todd] == CUP and s.flipped[ab]
    assert s.pending == ("bomb", s.seat_of(C["drake"]), 0)
    assert s.aboard[todd] == NO_ROLE and battle_view(s)["aboard"] == {}
    s.apply(("bomb",))
    miss(s)  # the fort's AA fire
    assert pool(s)[:4] == ("bombing", 0, ((1, 2),), 0)  # two flipped Drumlos, no pilot


@rule("26.2.2", "26.2")
def test_an_unhurt_pilot_stays_aboard_his_flipped_ab_even_the_first_counter():
    s, ab, bern = pilot_flipped("bern", ab=0)  # counter 0, a Doro: defence 1 + Bern's 1
    roll(s, 2)
    assert s.pending[0] == "allocate"
    s.apply(("hit", ab))
    go(s, "fate")
    s.apply(("fate", "-"))
    assert s.flipped[ab] and s.pending[0] == "bomb"
    assert s.aboard[bern] == ab == 0 and battle_view(s)["aboard"] == {"bern": 0}


@rule("26.2.2", "26.4")
def test_an_unhurt_pilot_of_a_removed_ab_is_aboard_nothing():
    s = game()
    ab = put(s, "drake", "drumlo", HEX, flipped=True)
    put(s, "drake", "fort", HEX)
    todd = at(s, "todd1")
    for _ in range(3):
        put(s, "rau", "botune", HEX)
    fight(s)
    go(s, "mount")  # the Drumlo sorties
    s.apply(("mount", ab))
    miss(s)
    roll(s, 3)  # 2 + Todd's AB defence 1: removed
    go(s, "fate")
    s.apply(("fate", "-"))
    assert s.where[ab] == BOX and s.char_at[todd] == h(HEX)
    assert s.pending == ("bomb", s.seat_of(C["rau"]), 1)
    assert s.aboard[todd] == NO_ROLE and battle_view(s)["aboard"] == {}


@rule("26.2.1")
def test_a_grown_character_takes_the_seat_and_the_young_one_leaves_it():
    s = game()
    ab = zelana_counter(s, "dunbine", HEX)
    zelana_counter(s, "zelana", HEX)
    show = at(s, "show1")
    for _ in range(3):
        put(s, "drake", "drumlo", HEX)
    put(s, "drake", "fort", HEX)
    fight(s)
    go(s, "mount")
    s.apply(("mount", ab))
    roll(s, 3)
    miss(s)
    go(s, "fate")
    s.apply(("fate", "G"))
    show2 = ch("show2")
    assert s.aboard[show2] == ab and s.aboard[show] == NO_ROLE
    assert battle_view(s)["aboard"] == {"show2": ab}


# --- more of 18–25 ------------------------------------------------------------------------------


@rule("19.1", "B-25")
def test_the_acting_runner_orders_three_battles_one_choice_at_a_time():
    s = game()
    for hx, unit in ((HEX, "bozune"), ("1016", "botune"), ("1018", "gunan")):
        put(s, "drake", "drumlo", hx)
        put(s, "rau", unit, hx)
    fight(s)
    assert s.pending[:3] == ("battle_order", s.seat_of(C["drake"]), C["drake"])
    s.apply(("fight", h("1016")))
    quiet_until_order(s)
    # the second choice is Drake's again, between the two hexes left
    assert s.pending[:3] == ("battle_order", s.seat_of(C["drake"]), C["drake"])
    assert set(s.legal_actions()) == {("fight", h(HEX)), ("fight", h("1018"))}


def quiet_until_order(s) -> None:
    """Play the battle under way with the fewest hits and the first choices until the next
    battle_order decision."""
    for _ in range(200):
        if s.pending is not None and s.pending[0] == "battle_order":
            return
        if s.chance is not None:
            s.apply(s.chance_outcomes()[0][0])
        else:
            s.apply({"sortie": ("sortie_all",), "bomb": ("no_bomb",)}.get(s.pending[0], s.legal_actions()[0]))
    raise AssertionError("no battle_order decision")


@rule("19.1", "18.1", "18.2", "18.7", "18.4")
def test_a_battle_cites_18_4_in_shots_phase_only():
    for chit_id, also in (("drake_as", ()), ("shot", ("18.4",))):
        s = game()
        put(s, "drake", "spriggan", HEX)
        put(s, "rau", "bozune", HEX)
        s.phase_chit = chit(chit_id)
        fight(s)
        assert [e.clauses for e in events(s, "battle")] == [("19.1", "18.1", "18.2", "18.7", *also)]


@rule("22.2", "22.3", "24.2", "24.3")
def test_aa_fire_rolls_the_aa_guns_and_shelling_the_guns():
    s = game()
    put(s, "drake", "spriggan", HEX)  # AA 4 guns at 3; 4 guns at 4
    put(s, "rau", "bozune", HEX)
    put(s, "rau", "grimley", HEX)  # AA 3 at 3; 3 at 3
    fight(s)
    go(s, "bomb")
    assert s.pending[2] == 1  # Drake has nothing in the air: Rau is asked
    s.apply(("bomb",))
    assert pool(s) == ("aa", 0, ((3, 4),), 0, 1)
    miss(s)
    go(s, "pool")
    assert pool(s)[:2] == ("bombing", 1)
    miss(s)
    go(s, "pool")
    assert pool(s) == ("shelling", 0, ((4, 4),), 0, 1)


@rule("25.9.3", "B-31", "B-29")
def test_the_defender_of_the_drake_camp_is_asked_for_its_command_share():
    s = game()
    d1 = put(s, "drake", "drumlo", HEX)
    doro = put(s, "drake", "doro", HEX)  # block 1
    flipped = put(s, "drake", "doro", HEX, flipped=True)  # block 1, told apart from the other
    bern = at(s, "bern")  # AB command 1
    for _ in range(4):
        put(s, "rau", "botune", HEX)
    fight(s)
    s.apply(("mount", d1))
    assert s.aboard[bern] == d1
    miss(s)
    roll(s, 4)
    assert logged(s, "command") == [{"country": C["drake"], "hits": 1}]
    assert s.pending == ("allocate", s.seat_of(C["drake"]), "air", 1, 1)
    assert set(s.legal_actions()) == {("hit", doro), ("hit", flipped)}


@rule("22.1", "B-71")
def test_the_forecast_shows_no_aa_fire_at_a_camp_that_does_not_bomb():
    s = game()
    at(s, "drake")  # AS attack 2, in the Namwan
    put(s, "drake", "namwan", HEX)
    put(s, "rau", "bozune", HEX)
    fight(s)
    go(s, "bomb")
    cs = camp_step(s, "aa", 0)  # Drake's AA fire, while Rau has not said it bombs
    assert (cs.fires, cs.dice, cs.bonus, cs.units) == (False, (), 0, 0)
