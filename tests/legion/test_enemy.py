"""The enemy turn (7.1–7.7), enemy levels (8.1–8.3), the ship and blackouts (9.1–9.3)."""

from __future__ import annotations

from asobi.games.legion.content import content
from asobi.games.legion.rules.lives import enemy_level
from support.scenario import rule

from .helpers import clauses, code, events, position, run, sq, square_index


@rule("7.1", "L-12")
def test_each_piece_advances_by_its_number_around_the_loop():
    s = position(3, pieces=["s11", "s10", "s1"], shield=["α1", "β1", "γ1"], enemy_life=2)
    run(s, ("enemy_turn",))
    assert s.pieces == [square_index("core"), square_index("core") + 0, square_index("s4")]
    assert [e.clause for e in events(s, "piece_advanced")] == ["7.1"] * 3


@rule("7.2")
def test_the_ship_moves_before_the_square_effect_in_piece_order():
    # s1: toNorth, then black out the ship's square
    s = position(3, pieces=["s1", None, None], ship="c3")
    run(s, ("square", 0))
    assert s.ship == sq("c2") and s.black[sq("c2")]
    moved = next(i for i, e in enumerate(s.log) if e.key == "ship_moved")
    black = next(i for i, e in enumerate(s.log) if e.key == "blackout")
    assert moved < black and s.log[moved].clause == "7.2"


@rule("7.3")
def test_players_choose_their_discards_and_an_empty_hand_misses():
    s = position(3, hands=[["α1", "W01"], [], ["γ2"]])
    run(s, ("announce", ("square", "s5", "discard_hand", (), -1, False)))
    assert s.pending == ("respond", 0)  # A holds an army card and a code card (L-16)
    s.apply(("pass",))
    assert s.pending == ("discard", 0)
    assert s.legal_actions() == (("discard", code("α1")), ("discard", 100 + content().army_index["W01"]))
    s.apply(("discard", code("α1")))
    assert events(s, "miss_hand")[0].clause == "7.3"  # B has nothing
    assert s.pending == ("discard", 2)
    s.apply(("discard", code("γ2")))
    assert s.hands[2] == [] and s.code_discard[code("γ2")] == 1


@rule("7.3")
def test_discarding_a_shield_code_with_none_is_a_miss():
    s = position(3)
    run(s, ("announce", ("square", "s2", "discard_shield", (("count", 1),), -1, False)))
    assert events(s, "miss_shield")[0].clause == "7.3"


@rule("7.4", "7.7")
def test_card_play_draws_an_enemy_card_which_then_goes_to_the_bottom():
    s = position(3, space_life=5)
    run(s, ("announce", ("square", "s3", "enemy_card", (), -1, False)))
    assert s.chance == ("enemy",) and len(s.chance_outcomes()) == 13
    s.apply(("enemy", 6))  # E07: 1 damage to the Space
    assert s.space_life == 4
    assert s.enemy_queue == (6,) and events(s, "card_to_bottom")[0].clause == "7.7"
    assert events(s, "card_played")[0].clause == "7.4"


@rule("7.5")
def test_attacks_go_piece_one_two_three():
    s = position(3, pieces=["s1", "s2", "s3"], enemy_life=2, space_life=9)
    run(s, ("attack", 0), ("attack", 1), ("attack", 2))
    pieces = [dict(e.args)["piece"] for e in events(s, "attack_hits")]
    assert pieces == ["1", "2", "3"] and s.space_life == 6


@rule("7.2", "7.5")
def test_the_enemy_turn_runs_each_square_in_piece_order_then_every_attack_in_piece_order():
    # after 7.1: piece 1 core→s1 (toNorth, black out the ship's square), piece 2 s4→s6 (toEast,
    # black out the ship's square), piece 3 s2→s5 (toNorth, each player discards: empty hands miss)
    s = position(3, pieces=["core", "s4", "s2"], enemy_life=2, space_life=9, ship="c3")
    run(s, ("enemy_turn",))
    at = {k: [i for i, e in enumerate(s.log) if e.key == k] for k in ("ship_moved", "blackout", "miss_hand")}
    attacks = [i for i, e in enumerate(s.log) if e.key == "attack_hits"]
    moves, effects = at["ship_moved"], [*at["blackout"], at["miss_hand"][0]]
    assert len(moves) == 3 and len(effects) == 3 and len(attacks) == 3
    order = [moves[0], effects[0], moves[1], effects[1], moves[2], effects[2], *attacks]
    assert order == sorted(order)
    assert [dict(s.log[i].args)["square"] for i in at["blackout"]] == [sq("c2"), sq("d2")]
    assert [dict(s.log[i].args)["piece"] for i in attacks] == ["1", "2", "3"]
    assert [s.log[i].clause for i in moves] == ["7.2"] * 3 and s.space_life == 6


@rule("8.1")
def test_enemy_level_follows_life():
    assert [enemy_level(life) for life in (6, 5, 4, 3, 2, 1)] == [1, 1, 2, 2, 3, 3]


@rule("8.2")
def test_level_up_puts_pieces_two_and_three_on_the_barrier_core():
    s = position(3, enemy_life=5)
    run(s, ("announce", ("card", "V02(1)", "damage_enemy", (("amount", 1),), -1, False)))
    core = content().barrier_core
    assert s.enemy_life == 4 and s.pieces[1] == core and s.pieces[2] == -1
    s.enemy_life = 3
    run(s, ("announce", ("card", "V02(1)", "damage_enemy", (("amount", 1),), -1, False)))
    assert s.pieces[2] == core
    assert [e.clause for e in events(s, "level_up")] == ["8.2", "8.2"]


@rule("8.3", "L-6")
def test_healing_lowers_the_level_and_removes_pieces_and_never_exceeds_six():
    s = position(3, enemy_life=2, pieces=["s1", "s4", "s7"])
    run(s, ("announce", ("card", "E04(1)", "heal_enemy", (("amount", 1),), -1, False)))
    assert s.enemy_life == 3 and s.pieces[2] == -1 and s.pieces[1] == square_index("s4")
    s.enemy_life = 4
    run(s, ("announce", ("card", "E04(1)", "heal_enemy", (("amount", 1),), -1, False)))
    assert s.enemy_life == 5 and s.pieces[1] == -1
    assert [e.clause for e in events(s, "level_down")] == ["8.3", "8.3"]
    run(s, ("announce", ("card", "E04(1)", "heal_enemy", (("amount", 2),), -1, False)))
    assert s.enemy_life == 6
    run(s, ("announce", ("card", "E04(1)", "heal_enemy", (("amount", 1),), -1, False)))
    assert s.enemy_life == 6 and events(s, "enemy_life_capped")[0].clause == "L-6"
    # back up again: the piece re-enters at the barrier core
    run(s, ("announce", ("card", "V02(1)", "damage_enemy", (("amount", 2),), -1, False)))
    assert s.pieces[1] == content().barrier_core


@rule("9.1")
def test_the_ship_destroys_a_weapon_where_it_arrives():
    s = position(3, weapons=[("d3", 1, "W03", "β2")], ship="c3")
    run(s, ("announce", ("card", "E09(1)", "ship_move", (("direction", "east"),), -1, False)))
    assert s.ship == sq("d3") and s.weapons == []
    assert events(s, "weapon_destroyed")[0].clause == "9.1"


@rule("9.2")
def test_a_blackout_destroys_a_weapon_and_the_ship_may_enter_a_blackout():
    s = position(3, weapons=[("c2", 1, "W03", "β2")], ship="c3")
    run(s, ("announce", ("card", "E01(2)", "blackout", (("target", "ship_north"),), -1, False)))
    assert s.black[sq("c2")] and s.weapons == []
    run(s, ("announce", ("card", "E05(1)", "ship_move", (("direction", "north"),), -1, False)))
    assert s.ship == sq("c2")
    assert "9.2" in clauses(s)


@rule("9.3")
def test_blacking_out_a_black_square_blacks_out_its_whole_colour():
    s = position(3, black=["c3"], ship="b3", weapons=[("a1", 0, "W02", "α1")])
    red = [i for i, col in enumerate(content().colour) if col == "R"]
    run(s, ("announce", ("card", "E01(1)", "blackout", (("target", "ship"),), -1, False)))
    assert s.ship == sq("b3") and content().colour[sq("b3")] == "R"
    assert s.black[sq("b3")]  # first time: only that square
    run(s, ("announce", ("card", "E01(1)", "blackout", (("target", "ship"),), -1, False)))
    assert all(s.black[i] for i in red) and s.weapons == []  # a1 is red too
    assert events(s, "black_chain")[0].clause == "9.3"
    # only that colour: every square of another colour stays as it was (c3 was black already)
    assert [i for i, b in enumerate(s.black) if b] == sorted([*red, sq("c3")])


@rule("L-2")
def test_a_move_or_blackout_off_the_map_does_nothing():
    s = position(3, ship="c1")
    run(s, ("announce", ("card", "E05(1)", "ship_move", (("direction", "north"),), -1, False)))
    assert s.ship == sq("c1") and events(s, "ship_at_edge")[0].clause == "L-2"
    run(s, ("announce", ("card", "E01(2)", "blackout", (("target", "ship_north"),), -1, False)))
    assert not any(s.black) and events(s, "blackout_off_map")


@rule("L-22", "8.2")
def test_a_piece_entering_during_the_enemy_turn_acts_from_the_barrier_core():
    # s1 moves the ship north onto c2, next to a mine on b2: the enemy drops to level 2 mid-turn
    s = position(3, enemy_life=5, pieces=["s1", None, None], ship="c3", weapons=[("b2", 0, "W05", "α1")])
    run(s, ("square", 0), ("square", 1), ("attack", 0), ("attack", 1))
    assert s.enemy_life == 4 and s.pieces[1] == content().barrier_core
    attackers = [dict(e.args)["piece"] for e in events(s, "attack_hits")]
    assert attackers == ["1", "2"]  # piece 2 attacks with the barrier core's γ3


@rule("7.4", "5.4")
def test_destroy_weapons_takes_the_ships_row_or_column_and_nothing_else():
    weapons = [("a3", 0, "W02", "α1"), ("e3", 1, "W04", "α2"), ("c1", 2, "W02", "β1"), ("b2", 0, "W03", "β2")]
    for line, gone in (("row", {sq("a3"), sq("e3")}), ("column", {sq("c1")})):
        s = position(3, weapons=weapons, ship="c3")
        run(s, ("announce", ("square", "s1", "destroy_weapons", (("line", line),), -1, False)))
        left = {w[0] for w in s.weapons}
        assert left == {sq(w[0]) for w in weapons} - gone, line
        assert len([e for e in s.log if e.key == "weapon_destroyed"]) == len(gone)
        assert s.invariant_errors() == []
