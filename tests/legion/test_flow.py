"""Round flow (2.1), the end of the game (2.2, 2.3, L-9) and event time (3.1, 3.2, 1.5, L-1, L-8)."""

from __future__ import annotations

from asobi.core import CHANCE, TERMINAL
from asobi.games.legion.cards import ARMY
from asobi.games.legion.rules.turn import finish
from support.scenario import rule

from .helpers import clauses, code, events, keys, kind, position, run
from .test_stack import attack_position


@rule("2.1")
def test_a_round_is_each_player_then_the_enemy_then_the_event_time():
    s = position(3, hands=[["γ1"], ["γ1"], ["γ1"]], shield=["α1", "β1", "γ3"])
    s.round = 0
    run(s, ("round",))
    order = []
    while s.current_seat != TERMINAL and s.round == 1:
        if s.current_seat == CHANCE:
            s.apply(s.chance_outcomes()[0][0])
        else:
            legal = s.legal_actions()
            s.apply(("end",) if ("end",) in legal else ("draw", 0) if ("draw", 0) in legal else legal[0])
    for e in s.log:
        if e.key in ("turn", "enemy_turn", "event_count"):
            order.append(e.key if e.key != "turn" else "ABC"[dict(e.args)["seat"]])
    assert order[:5] == ["A", "B", "C", "enemy_turn", "event_count"]
    assert "2.1" in clauses(s)


@rule("2.2")
def test_the_players_win_when_the_enemy_life_reaches_zero():
    s = position(3, enemy_life=1, pieces=["s1", None, None], hands=[["α1", "α3", "β3"]])
    run(s, ("main", 0))
    s.apply(("develop",))
    assert s.pending == ("develop", 0, 4, 0)  # 5.7: square number 1 + level 3
    s.apply(("dev", 0, code("α3")))
    s.apply(("dev", 0, code("α1")))
    assert s.is_terminal()
    out = s.outcome()
    assert out is not None and out.reason == "won" and out.clause == "2.2" and out.winners == (0, 1, 2)


@rule("2.3", "7.5", "L-14")
def test_an_attack_lowers_the_space_life_and_the_players_lose_at_zero():
    s = position(3, space_life=1, pieces=["s1", None, None])
    run(s, ("attack", 0))
    assert s.space_life == 0 and s.enemy_life == 6  # L-14: the Space life, not the enemy's
    assert "attack_hits" in keys(s)
    out = s.outcome()
    assert out is not None and out.reason == "lost" and out.clause == "2.3" and out.winners == ()


@rule("2.3")
def test_play_stops_the_moment_the_space_life_reaches_zero():
    # two attacks are due; the first ends the game, so the second never resolves
    s = position(3, space_life=1, pieces=["s1", "s2", None])
    run(s, ("attack", 0), ("attack", 1), ("end_turn", 0))
    assert s.space_life == 0 and len([e for e in s.log if e.key == "attack_hits"]) == 1
    assert s.log[-1].key == "lost" and s.is_terminal() and s.legal_actions() == ()


@rule("L-9", "2.1")
def test_the_round_limit_ends_the_game_in_defeat():
    s = position(3)
    s.round = s.round_limit - 1
    run(s, ("round",))  # the last round is played: it starts and is logged, seat A's turn first
    assert s.outcome() is None and s.round == s.round_limit
    assert [dict(e.args)["round"] for e in events(s, "round")] == [s.round_limit] and s.turn == 0
    s = position(3)
    s.round = s.round_limit
    run(s, ("round",))
    out = s.outcome()
    assert out is not None and out.reason == "timeout" and out.clause == "L-9"
    assert s.round == s.round_limit  # the round that would follow was never played
    assert [dict(e.args)["rounds"] for e in events(s, "round_limit")] == [s.round_limit]
    assert not events(s, "round")


@rule("3.1", "1.5", "L-1")
def test_the_event_count_moves_down_and_fires_on_one_every_third_round():
    s = position(3, event_count=3)
    run(s, ("event_time",), then=("turn", 0))
    assert s.event_count == 2 and s.chance != ("event",)
    run(s, ("event_time",), then=("turn", 0))
    assert s.event_count == 1 and s.chance != ("event",)
    run(s, ("event_time",), then=("turn", 0))
    assert s.event_count == 3 and s.chance == ("event",)
    assert [e.clause for e in events(s, "event_fires")] == ["3.1"]


@rule("3.2", "L-8")
def test_a_used_event_card_goes_to_the_bottom_and_comes_back_in_order():
    s = position(3, event_count=1, space_life=5)
    run(s, ("event_time",), then=("turn", 0))
    s.apply(("event", 3))  # V04: the Space heals 1
    assert s.space_life == 6
    assert s.event_queue == (3,) and s.event_unseen[3] == 0
    assert events(s, "card_to_bottom")[-1].clause == "3.2"
    # once every card has been seen, the next one is the oldest used card, with no chance node
    s.event_unseen = (0,) * 12
    s.event_queue = (3, 5)
    s.event_count = 1
    run(s, ("event_time",), then=("turn", 0))
    assert events(s, "card_played")[-1].args[1] == ("card", "V04")
    assert s.event_queue == (5, 3)


@rule("2.3")
def test_the_game_ends_with_every_card_put_away_whatever_was_in_play():
    # the game ends while a strategy waits on the stack, an enemy card is on its way to the
    # bottom and a weapon is being placed: each is put away, and every card is somewhere (the
    # invariants count them all)
    s = attack_position(hands=[["S05", "α1"], ["S01", "α2", "W02", "β1"]], space_life=5)
    s.apply(("strategy", kind("S05"), 0))  # S05 on the stack over the attack
    s.enemy_unseen = tuple(0 if k == 4 else n for k, n in enumerate(s.enemy_unseen))
    s.agenda.append(("card_bottom", "enemy", 4))
    s.hands[1].remove(ARMY + kind("W02"))
    s.hands[1].remove(code("β1"))
    s.pending = ("place", 1, kind("W02"), code("β1"))
    assert s.invariant_errors() == []
    finish(s, "lost", "2.3")
    assert s.invariant_errors() == []
    assert s.army_discard[kind("S05")] == 1
    assert s.army_discard[kind("W02")] == 1 and s.code_discard[code("β1")] == 1
    assert s.enemy_queue[-1] == 4 and s.stack == () and s.agenda == [] and s.is_terminal()


@rule("2.2")
def test_the_win_is_logged_with_its_clause():
    s = position(3, enemy_life=1, pieces=["s1", None, None], hands=[["α1", "α3", "β3"]])
    run(s, ("main", 0))
    s.apply(("develop",))
    s.apply(("dev", 0, code("α3")))
    s.apply(("dev", 0, code("α1")))
    assert (s.log[-1].clause, s.log[-1].key) == ("2.2", "won")
