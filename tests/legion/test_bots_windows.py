"""The rule bot in the strategy windows of the printed timing (L-28 step windows, L-29 and the
stack's answers): it plays a strategy where it clearly helps and passes otherwise."""

from __future__ import annotations

from asobi.core.agent import Observation
from asobi.games.legion.bots import RuleBot

from .helpers import kind, position, run, sq


def _bot_choice(s, seat=0):
    assert s.pending is not None and s.pending[1] == seat
    return RuleBot(seat, 1).act(Observation(s, seat))


def _step_window(enemy_life):
    s = position(3, hands=[["S04", "β1"], [], []], enemy_life=enemy_life)  # S04 β: 1 damage to the enemy
    run(s, ("priority", "7.1", -1), then=("event_time",))
    assert s.pending == ("priority", 0, "7.1", -1) and ("strategy", kind("S04"), 1) in s.legal_actions()
    return s


def test_a_step_window_gets_the_blow_that_wins_the_game():
    s = _step_window(enemy_life=1)
    assert _bot_choice(s) == ("strategy", kind("S04"), 1)
    s.apply(("strategy", kind("S04"), 1))
    while s.pending is not None:
        s.apply(("pass",))
    assert s.ended == ("won", "2.2")


def test_a_step_window_with_a_blow_that_does_not_win_is_passed():
    # 1 damage in the middle of the enemy turn could bring a new piece in (L-22): kept for later
    assert _bot_choice(_step_window(enemy_life=2)) == ("pass",)


def test_an_attack_is_answered_by_the_winning_blow_rather_than_negated():
    s = position(3, hands=[["S04", "S05", "α1", "β1"]], pieces=["s1", None, None], enemy_life=1, space_life=5)
    run(s, ("attack", 0))
    assert s.pending == ("respond", 0) and ("strategy", kind("S05"), 0) in s.legal_actions()
    assert _bot_choice(s) == ("strategy", kind("S04"), 1)


def _blackout_on_the_ship(black):
    """A blackout aimed at the ship's square c3, with A holding Emergency repair (α: remove 1
    blackout) and no negation."""
    s = position(3, hands=[["S02", "α1"], [], []], ship="c3", black=black)
    s.turn = 0
    run(s, ("announce", ("square", "s1", "blackout", (("target", "ship"),), -1, False)), then=("main", 0))
    assert s.pending == ("respond", 0)
    return s


def test_a_blackout_that_would_black_out_a_whole_colour_is_defused_by_clearing_its_square():
    s = _blackout_on_the_ship(["c3", "c2"])  # 9.3: c3 is already black
    assert _bot_choice(s) == ("strategy", kind("S02"), 0)
    s.apply(("strategy", kind("S02"), 0))  # A, with no army card left, is not asked about it
    assert s.pending[:2] == ("clear", 0)
    # c2 lies on the ship's coming path too, but clearing c3 is what stops the chain
    assert _bot_choice(s) == ("clear", sq("c3"))
    s.apply(("clear", sq("c3")))
    while s.pending is not None and s.pending[0] == "respond":
        s.apply(("pass",))
    assert sum(s.black) == 2  # c3 black again and c2: no other square of c3's colour


def test_a_blackout_on_a_clear_square_with_no_weapon_is_let_through():
    assert _bot_choice(_blackout_on_the_ship(["c2"])) == ("pass",)


def _ship_move_north(weapon_square):
    """The ship on c3 about to move north (a square's "to〜", L-23); A's beam battery on
    ``weapon_square``; A holds Evasive manoeuvre (α: move one of its weapons 1 square)."""
    s = position(3, hands=[["S03", "α1"], [], []], weapons=[(weapon_square, 0, "W02", "α2")], ship="c3")
    s.turn = 0
    run(s, ("announce", ("move", "s1", "ship_move", (("direction", "north"),), -1, False)), then=("main", 0))
    assert s.pending == ("respond", 0) and ("strategy", kind("S03"), 0) in s.legal_actions()
    return s


def test_a_weapon_where_the_ship_is_about_to_arrive_is_moved_away():
    s = _ship_move_north("c2")  # 9.1: the ship arriving on c2 would destroy it
    assert _bot_choice(s) == ("strategy", kind("S03"), 0)
    s.apply(("strategy", kind("S03"), 0))
    assert s.pending[:2] == ("move_weapon", 0)
    s.apply(_bot_choice(s))
    while s.pending is not None and s.pending[0] == "respond":
        s.apply(("pass",))
    assert s.ship == sq("c2") and len(s.weapons) == 1 and s.weapons[0][0] != sq("c2")


def test_a_weapon_the_ship_move_does_not_reach_stays_and_the_card_is_kept():
    # b3 is next to the ship's path but the ship arriving on c2 does not touch it
    assert _bot_choice(_ship_move_north("b3")) == ("pass",)


def _step_window_with_a_blackout(step, black):
    """Piece 1 on s1 (toNorth: the ship c3 → c2, then its square blacked out), A holding Emergency
    repair (α: remove 1 blackout)."""
    s = position(3, hands=[["S02", "α1"], [], []], pieces=["s1", None, None], ship="c3", black=black)
    run(s, ("priority", step, -1), then=("event_time",))
    assert s.pending == ("priority", 0, step, -1) and ("strategy", kind("S02"), 0) in s.legal_actions()
    return s


def test_after_the_pieces_advance_a_blackout_by_the_ships_coming_path_is_cleared():
    # 7.1: the ship is about to move c3 → c2, so c1 (next to c2) is in the way of its blackouts
    assert _bot_choice(_step_window_with_a_blackout("7.1", ["c1"])) == ("strategy", kind("S02"), 0)
    # far from the path: the card is kept
    assert _bot_choice(_step_window_with_a_blackout("7.1", ["a5"])) == ("pass",)


def test_before_the_enemy_turn_the_path_is_the_one_the_pieces_will_take():
    # 4.3: piece 1 will advance onto s2 (toEast: c3 → d3); c1 is away from that path
    assert _bot_choice(_step_window_with_a_blackout("4.3", ["c1"])) == ("pass",)
    assert _bot_choice(_step_window_with_a_blackout("4.3", ["e3"])) == ("strategy", kind("S02"), 0)
