"""The enemy turn (7.1, 7.5, 7.6) beyond test_enemy.py: what the log says of each piece's advance
and of a shielded attack, and whose turn it is (written against the survivors of
scripts/mutate.py)."""

from __future__ import annotations

from support.scenario import rule

from .helpers import code, events, position, run


@rule("7.1")
def test_each_advance_is_logged_with_the_piece_and_the_square_it_reaches():
    s = position(3, pieces=["core", "s3", None], shield=["α1", "γ1", "β3"], enemy_life=4)
    run(s, ("enemy_turn",))
    assert [(e.clause, dict(e.args)) for e in events(s, "piece_advanced")] == [
        ("7.1", {"piece": 1, "esq": "s1"}),
        ("7.1", {"piece": 2, "esq": "s5"}),
    ]


@rule("7.6", "L-13")
def test_a_shielded_attack_is_logged_with_its_piece_and_code():
    s = position(3, pieces=["s1", "s2", None], shield=["β2"], enemy_life=4, space_life=5)
    run(s, ("attack", 0), ("attack", 1))
    assert [(e.clause, dict(e.args)) for e in events(s, "attack_shielded")] == [
        ("7.6", {"piece": 2, "code": code("β2")})
    ]
    assert s.space_life == 4  # piece 1's α1 hit


@rule("7.1", "L-16")
def test_no_seat_has_the_turn_during_the_enemy_turn():
    # a window on the enemy turn's first item: A is asked, but it is nobody's turn
    s = position(3, hands=[["S05", "α1"]], pieces=["s11", None, None], space_life=5, timing="simple")
    s.turn = 2
    run(s, ("enemy_turn",))
    assert s.pending is not None and s.pending[0] == "respond" and s.turn == -1
