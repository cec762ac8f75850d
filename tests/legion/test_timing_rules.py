"""The printed strategy timing (6.4 「いつでも好きなタイミングで」, 6.5 against any effect), L-28 and
L-29, against the narrowed ``simple`` timing that L-16 and L-20 describe."""

from __future__ import annotations

import json

import pytest

from asobi.games.legion.rules.ship import move_ship
from support.scenario import rule

from .helpers import events, kind, position, run, sq


def _pass_all(s, kinds=("respond", "priority")):
    """Every seat asked passes, until a decision of another kind."""
    while s.pending is not None and s.pending[0] in kinds:
        s.apply(("pass",))


@rule("6.5", "L-29")
def test_a_weapon_activation_goes_on_the_stack_and_a_strategy_can_negate_it():
    s = position(
        3,
        hands=[["S05", "α1"], ["S01", "α2"], ["β1"]],
        weapons=[("b3", 0, "W02", "α1")],
        ship="c3",
    )
    run(s, ("main", 0), then=("shield_phase", 0))
    s.apply(("activate", 0, 0))
    # announced, not applied: the seats holding an army card and a code card are asked (A, B)
    assert s.enemy_life == 6 and s.stack[-1][:3] == ("weapon", "W02", "strike_adjacent")
    assert s.pending == ("respond", 0)
    s.apply(("pass",))
    assert s.pending == ("respond", 1)
    assert ("strategy", kind("S01"), 0) in s.legal_actions()  # α: negate any effect (6.5)
    s.apply(("strategy", kind("S01"), 0))
    _pass_all(s)
    assert s.enemy_life == 6 and [e.args for e in events(s, "negated")]
    assert s.pending == ("main", 0) and s.stack == ()


@rule("6.5", "L-29")
def test_an_unanswered_weapon_activation_resolves_after_the_window():
    s = position(3, hands=[["S05", "α1"], ["S01", "α2"]], weapons=[("b3", 0, "W02", "α1")], ship="c3")
    run(s, ("main", 0), then=("shield_phase", 0))
    s.apply(("activate", 0, 0))
    assert s.enemy_life == 6 and s.pending == ("respond", 0)
    s.apply(("pass",))
    s.apply(("pass",))
    assert s.enemy_life == 5 and s.stack == ()


@pytest.mark.parametrize("timing", ["printed", "simple"])
@rule("6.5", "L-20", "L-29")
def test_a_mine_set_off_by_the_ship_can_be_answered_only_with_the_printed_timing(timing):
    s = position(3, hands=[[], ["S01", "α2"]], weapons=[("b2", 0, "W05", "α1")], ship="c3", timing=timing)
    s.agenda = [("round",), ("end_turn", 0)]
    move_ship(s, "north", "7.2")  # c3 → c2, next to the mine on b2 (6.1)
    s.run()
    if timing == "simple":  # L-20: the mine goes off at once
        assert s.enemy_life == 5 and s.weapons == []
        return
    assert s.enemy_life == 6 and s.stack[-1][:2] == ("weapon", "W05") and s.pending == ("respond", 1)
    s.apply(("strategy", kind("S01"), 0))
    _pass_all(s)
    # L-29: negated, the mine does nothing and is not spent
    assert s.enemy_life == 6 and [w[0] for w in s.weapons] == [sq("b2")]


@rule("6.4", "L-28")
def test_other_seats_may_play_a_strategy_between_the_main_actions_of_a_turn():
    s = position(
        3,
        hands=[["S05", "α1"], ["S04", "β1"], ["S10"]],
        weapons=[("b3", 0, "W02", "α1")],
        ship="c3",
    )
    run(s, ("main", 0), then=("shield_phase", 0))
    s.apply(("move", 0, sq("b4")))
    # the seat whose main phase it is plays strategies as main actions: only B is asked (C has no code)
    assert s.pending == ("priority", 1, "4.2", 0) and s.turn == 0
    assert s.view(None)["pending"] == {"kind": "priority", "seat": "B", "step": "4.2"}
    s.apply(("strategy", kind("S04"), 1))  # β: 1 damage to the enemy (6.4: any time)
    _pass_all(s, ("respond",))
    assert s.enemy_life == 5
    # the window opens again after the strategy; B, with no army card left, is not asked
    assert s.pending == ("main", 0)


@pytest.mark.parametrize("timing", ["printed", "simple"])
@rule("6.4", "L-16", "L-28")
def test_the_steps_of_a_turn_and_of_the_enemy_turn_open_windows_only_with_the_printed_timing(timing):
    s = position(3, hands=[["S05", "α1"], ["S04", "β1"]], pieces=["s11", None, None], timing=timing)
    run(s)  # A's turn
    assert s.pending[0] == "draw_count"
    s.apply(("draw", 0))
    if timing == "simple":
        assert s.pending == ("main", 0)
    else:  # after the draw phase (4.1), every seat in order, the seat whose turn it is too
        assert s.pending == ("priority", 0, "4.1", -1)
        s.apply(("pass",))
        assert s.pending == ("priority", 1, "4.1", -1)
        s.apply(("pass",))
        assert s.pending == ("main", 0)
    run(s, ("enemy_turn",), then=("event_time",))
    assert s.turn == -1 and events(s, "piece_advanced")
    if timing == "simple":  # L-16: the first window is on the first stack item
        assert s.pending == ("respond", 0) and s.stack
    else:  # after the pieces advance (7.1), before anything is on the stack
        assert s.pending == ("priority", 0, "7.1", -1) and s.stack == ()
        s.apply(("pass",))
        s.apply(("pass",))
        assert s.pending == ("respond", 0) and s.stack


@rule("6.4", "L-28", "L-17")
def test_who_a_step_window_asks_follows_public_counts_and_auto_pass():
    # A: codes only; B: army card and code (nothing it may play now); C: auto-pass on
    s = position(3, hands=[["α1", "β2"], ["S05", "α1"], ["S04", "β1"]], autopass=[0, 0, 1])
    run(s, ("priority", "4.3", -1), then=("end_turn", 0))
    assert s.pending == ("priority", 1, "4.3", -1)
    # S05 cancels attacks (nothing on the stack) or heals a Space at full life: nothing playable
    assert s.legal_actions() == (("autopass", 1), ("pass",))
    s.apply(("autopass", 1))
    assert s.autopass == [0, 1, 1]
    assert s.pending is None or s.pending[0] != "priority"


@rule("6.4", "L-28")
def test_a_step_window_with_nobody_to_ask_asks_nobody():
    s = position(3, hands=[["α1"], ["S05"], []])
    run(s, ("priority", "7.5", -1), then=("event_time",))
    assert s.pending is None or s.pending[0] != "priority"


@rule("L-28", "L-29")
def test_the_rule_bot_passes_step_windows_and_its_tables_weapon_effects():
    from asobi.core.agent import Observation
    from asobi.games.legion.bots import RuleBot

    s = position(3, hands=[["S04", "β1"], [], []])  # S04 β would damage the enemy
    run(s, ("priority", "7.1", -1), then=("event_time",))
    assert ("strategy", kind("S04"), 1) in s.legal_actions()
    assert RuleBot(0, 1).act(Observation(s, 0)) == ("pass",)
    s = position(3, hands=[["S05", "α1"], ["S01", "α2"]], weapons=[("b3", 0, "W02", "α1")], ship="c3")
    run(s, ("main", 0), then=("shield_phase", 0))
    s.apply(("activate", 0, 0))
    s.apply(("pass",))
    assert s.pending == ("respond", 1) and ("strategy", kind("S01"), 0) in s.legal_actions()
    assert RuleBot(1, 1).act(Observation(s, 1)) == ("pass",)  # never negates its own table's strike


@rule("L-28")
def test_a_game_made_before_rules_version_6_replays_with_the_simple_timing():
    from pathlib import Path

    from asobi.core import GameRecord, replay
    from asobi.core.replay import read_record

    golden = json.loads((Path(__file__).parents[1] / "golden" / "legion-simple.record.json").read_text("utf-8"))
    old = {**golden, "rules_version": "5", "options": {k: v for k, v in golden["options"].items() if k != "timing"}}
    record = read_record(old)
    assert record.options["timing"] == "simple" and record.migrated_from == "5"
    assert replay(record).outcome() is not None
    # the same options under the current version mean the printed timing, where the game differs
    current = GameRecord.from_json({**old, "rules_version": golden["rules_version"]})
    assert current.options["timing"] == "printed"


@rule("6.5", "L-29")
def test_a_repair_drone_answered_by_a_repair_that_clears_its_blackout_finds_nothing_left_to_clear():
    s = position(3, hands=[["S02", "α1"], ["β1"]], weapons=[("b3", 0, "W03", "α1")], black=["b4"], ship="e5")
    run(s, ("main", 0), then=("shield_phase", 0))
    s.apply(("activate", 0, 0))
    assert s.stack[-1][:3] == ("weapon", "W03", "repair_near") and s.pending == ("respond", 0)
    s.apply(("strategy", kind("S02"), 0))  # α: remove 1 blackout — the only one, answering the drone
    _pass_all(s)
    assert s.legal_actions() == (("clear", sq("b4")),)  # the strategy resolves first (6.5)
    s.apply(("clear", sq("b4")))
    assert s.black[sq("b4")] == 0
    # the drone resolves with no blackout in reach: it says so, and play goes on (no empty choice)
    assert events(s, "no_blackout") and s.pending is not None and s.legal_actions()


@rule("6.5", "L-29")
def test_a_repair_drone_moved_in_answer_to_its_activation_clears_around_where_it_is_then():
    # B's drone on b3 (β1: reach 1) reaches the blackout on b4; B answers its own activation by
    # moving it to b2 (S03 α), out of b4's reach and into c1's
    s = position(3, hands=[[], ["S03", "α2"]], weapons=[("b3", 1, "W03", "β1")], black=["b4", "c1"], ship="e5")
    run(s, ("main", 1), then=("shield_phase", 1))
    s.apply(("activate", 1, 0))
    s.apply(("strategy", kind("S03"), 0))
    _pass_all(s)
    assert s.pending[:2] == ("move_weapon", 1)
    s.apply(("move", 0, sq("b2")))
    assert s.pending[:2] == ("clear", 1) and s.legal_actions() == (("clear", sq("c1")),)


@rule("6.5", "L-29", "9.1")
def test_a_repair_drone_destroyed_in_answer_to_its_activation_still_clears_around_its_last_square():
    # C answers B's drone by towing the ship onto it (S07 α: the ship moves south from b2 to b3,
    # and a weapon where the ship arrives is destroyed, 9.1); the effect was announced, so it
    # resolves as it was: B chooses a blackout in reach of b3
    s = position(3, hands=[[], ["α2"], ["S07", "α1"]], weapons=[("b3", 1, "W03", "α1")], black=["b4"], ship="b2")
    run(s, ("main", 1), then=("shield_phase", 1))
    s.apply(("activate", 1, 0))
    assert s.pending == ("respond", 2)
    s.apply(("strategy", kind("S07"), 0))
    _pass_all(s)
    s.apply(("push", "south"))
    assert s.weapons == [] and [dict(e.args)["card"] for e in events(s, "weapon_destroyed")] == ["W03"]
    assert s.pending[:2] == ("clear", 1) and s.legal_actions() == (("clear", sq("b4")),)


@rule("6.4", "L-28", "L-5")
def test_after_a_strategy_played_in_a_step_window_the_window_opens_again():
    s = position(3, hands=[["S05", "α1"], ["S04", "S05", "β1"]], pieces=["s11", None, None])
    run(s)  # A's turn
    s.apply(("draw", 0))
    assert s.pending == ("priority", 0, "4.1", -1)
    s.apply(("pass",))
    assert s.pending == ("priority", 1, "4.1", -1)
    s.apply(("strategy", kind("S04"), 1))  # β: 1 damage to the enemy, after the draw phase (6.4)
    _pass_all(s, ("respond",))
    assert s.enemy_life == 5
    # resolved, the step's window opens again from the first seat (B still holds S05 and β1)
    assert s.pending == ("priority", 0, "4.1", -1)
    s.apply(("autopass", 1))  # L-5: A will not be asked again, and the table is told
    assert s.autopass[0] == 1 and [e.args for e in events(s, "autopass_on")]
    assert s.pending == ("priority", 1, "4.1", -1)
