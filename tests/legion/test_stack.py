"""Strategies and the stack (6.4–6.6, 7.4, 7.6, L-4, L-5, L-16, L-19, L-20)."""

from __future__ import annotations

from asobi.core import CHANCE
from support.scenario import rule

from .helpers import army, code, events, kind, position, run, sq


def attack_position(**fields):
    fields.setdefault("pieces", ["s1", None, None])
    s = position(3, **fields)
    return run(s, ("attack", 0))


@rule("6.4")
def test_a_strategy_shows_a_code_whose_alphabet_picks_the_effect_and_keeps_it():
    s = position(3, hands=[["S09", "β1"]], space_life=5)
    run(s, ("main", 0), then=("shield_phase", 0))
    # S09: α heals, β removes a blackout (none here), γ draws: only α…γ with a code shown
    assert [a for a in s.legal_actions() if a[0] == "strategy"] == []
    s = position(3, hands=[["S09", "α3"]], space_life=5)
    run(s, ("main", 0), then=("shield_phase", 0))
    s.apply(("strategy", kind("S09"), 0))
    assert s.space_life == 6
    assert s.hands[0] == [code("α3")]  # the shown code stays in hand
    assert events(s, "strategy_played")[0].clause == "6.4"


@rule("6.5", "7.6", "L-19")
def test_an_attack_is_answered_and_the_answer_can_be_answered_last_played_first():
    s = attack_position(hands=[["S05", "α1"], ["S01", "α2"]], space_life=5)
    # the attack is on the stack; A can negate it, B too
    assert s.pending == ("respond", 0) and s.window == (0, 1)
    s.apply(("strategy", kind("S05"), 0))  # A: deflect the attack
    assert s.pending == ("respond", 1)
    start = len(s.log)
    s.apply(("strategy", kind("S01"), 0))  # B: negate A's strategy (the effect it answers)
    # 6.5: last played, first resolved: B's S01 negates A's S05, then the attack resolves
    resolved = [(e.key, dict(e.args).get("label")) for e in s.log.since(start) if e.key != "announced"]
    assert resolved[:4] == [
        ("strategy_played", None),
        ("negated", "S05"),
        ("negated_resolves", "S05"),
        ("attack_hits", None),
    ]
    assert s.space_life == 4  # B's answer resolved first, A's was negated, the attack hit
    negations = events(s, "negated")
    assert dict(negations[0].args)["label"] == "S05"
    assert s.army_discard[kind("S05")] == 1 and s.army_discard[kind("S01")] == 1  # L-19


@rule("7.6", "L-13")
def test_a_matching_shield_code_negates_the_attack_and_stays():
    s = attack_position(shield=["α1"], space_life=5)
    assert s.space_life == 5 and s.shield == [code("α1")]
    assert events(s, "attack_shielded")[0].clause == "7.6"


@rule("7.6")
def test_a_shield_code_of_another_number_does_not_negate():
    s = attack_position(shield=["α2"], space_life=5)
    assert s.space_life == 4


@rule("7.6")
def test_a_shield_code_of_the_same_number_but_another_alphabet_does_not_negate():
    s = attack_position(shield=["β1"], space_life=5)  # the attack of s1 is α1
    assert s.space_life == 4 and not events(s, "attack_shielded")
    assert events(s, "attack_hits")[0].clause == "7.5"


@rule("7.6", "6.5")
def test_a_code_put_into_the_shield_in_answer_to_an_attack_negates_it():
    # S04 α: put a code card from hand into the shield; A shows α1 and then shields it
    s = attack_position(hands=[["S04", "α1"]], space_life=5)
    assert s.pending == ("respond", 0)
    s.apply(("strategy", kind("S04"), 0))
    assert s.pending == ("to_shield", 0, "6.4")
    s.apply(("shield", code("α1")))
    assert s.space_life == 5 and s.shield == [code("α1")]
    shielded = events(s, "attack_shielded")
    assert len(shielded) == 1 and shielded[0].clause == "7.6" and not events(s, "attack_hits")


@rule("L-23", "L-16", "L-20", "6.4", "7.2")
def test_a_weapon_can_be_moved_out_of_the_ships_way_before_a_square_moves_it():
    # s1: toNorth then black out the ship's square; A's weapon stands on c2, north of the ship
    s = position(
        3, hands=[["S03", "α1"]], weapons=[("c2", 0, "W02", "α2")], pieces=["s1", None, None], ship="c3"
    )
    run(s, ("square", 0))
    assert s.pending == ("respond", 0) and s.stack[-1][:3] == ("move", "s1", "ship_move")
    assert events(s, "announced")[0].clause == "7.2" and s.ship == sq("c3")
    s.apply(("strategy", kind("S03"), 0))  # α: move one of your weapons
    assert s.pending == ("move_weapon", 0, "6.4")
    s.apply(("move", 0, sq("b2")))
    assert s.ship == sq("c2") and s.black[sq("c2")]  # then the ship moved and the square blacked out
    assert s.weapons == [(sq("b2"), 0, kind("W02"), code("α2"), 0)] and not events(s, "weapon_destroyed")


@rule("L-23")
def test_a_ship_move_can_be_answered_but_not_negated():
    # S06 γ negates any effect; the "to〜" move is not one: no window opens on it
    s = position(3, hands=[["S06", "γ1"]], pieces=["s1", None, None], ship="c3")
    run(s, ("square", 0))
    # A holds an army card and a code card, so it is asked on the move too (L-16), with no way to
    # negate it: only pass
    assert s.pending == ("respond", 0) and s.stack[-1][0] == "move"
    assert s.legal_actions() == (("autopass", 1), ("pass",))
    s.apply(("pass",))
    assert s.ship == sq("c2") and s.pending == ("respond", 0)
    assert s.stack[-1][0] == "square" and s.stack[-1][2] == "blackout"
    # nobody able to answer: the move resolves at once, with no window (L-16)
    s = position(3, pieces=["s1", None, None], ship="c3")
    run(s, ("square", 0))
    assert s.ship == sq("c2") and s.black[sq("c2")] and s.stack == ()


@rule("6.6")
def test_each_numbered_part_of_a_card_is_answered_separately():
    # E01: (1) black out the ship's square (2) black out north of it; A negates only (2)
    s = position(3, hands=[["S03", "β1"]], ship="c3")
    run(s, ("draw_ordered", "enemy"))
    s.apply(("enemy", 0))
    assert s.pending == ("respond", 0) and s.stack[-1][1] == "E01(1)"
    s.apply(("pass",))
    assert s.black[sq("c3")]
    assert s.pending == ("respond", 0) and s.stack[-1][1] == "E01(2)"
    s.apply(("strategy", kind("S03"), 1))  # β: negate a blackout
    assert not s.black[sq("c2")]
    assert [e.clause for e in events(s, "announced")][:2] == ["6.6", "6.6"]


@rule("7.4")
def test_an_enemy_square_effect_can_be_answered():
    s = position(3, hands=[["S06", "β1"]], pieces=["s5", None, None])
    run(s, ("square", 0))
    # the ship move (7.2) comes first: A is asked (L-16) and passes; then the window on the effect
    assert s.pending == ("respond", 0) and s.stack[-1][0] == "move"
    s.apply(("pass",))
    assert s.pending == ("respond", 0)
    assert [e.clause for e in events(s, "announced")] == ["7.2", "7.4"]
    s.apply(("strategy", kind("S06"), 1))  # β: negate an enemy-square effect
    assert s.hands[0] == [code("β1")]  # the discard of s5 was negated
    assert events(s, "negated")


@rule("L-16")
def test_a_window_asks_every_seat_holding_an_army_card_and_a_code_card():
    s = attack_position(hands=[["W01", "α1"], ["S05", "γ1"], ["S05"]], space_life=5)
    # A holds a weapon and a code (nothing to play, but the table cannot know that): asked.
    # B can answer: asked. C has no code card: not asked. In seat order.
    assert s.window == (0, 1) and s.pending == ("respond", 0)
    assert s.legal_actions() == (("autopass", 1), ("pass",))  # A has nothing playable
    s.apply(("pass",))
    assert s.pending == ("respond", 1)
    assert any(a[0] == "strategy" for a in s.legal_actions())


@rule("L-16")
def test_who_is_asked_in_a_window_does_not_depend_on_the_hidden_hand():
    # the same counts (one army card, one code card) with and without a playable strategy
    for hand in (["S05", "α1"], ["W01", "α1"], ["S03", "γ3"]):
        s = attack_position(hands=[[], hand], space_life=5)
        assert s.window == (1,) and s.pending == ("respond", 1), hand
    s = attack_position(hands=[[], ["S05", "S01"]], space_life=5)  # no code card: nobody asked
    assert s.space_life == 4 and s.pending != ("respond", 1)


@rule("L-5")
def test_pass_unless_i_choose_otherwise():
    s = attack_position(hands=[["S05", "α1"]], space_life=5)
    s.apply(("autopass", 1))
    assert s.autopass[0] == 1 and s.space_life == 4
    s2 = attack_position(hands=[["S05", "α1"]], space_life=5, autopass=[1, 0, 0])
    assert s2.space_life == 4 and not events(s2, "passed")
    run(s2, ("main", 0), then=("shield_phase", 0))
    assert ("autopass", 0) in s2.legal_actions()
    s2.apply(("autopass", 0))
    assert s2.autopass[0] == 0


@rule("L-4")
def test_table_choices_are_made_by_seat_a():
    s = position(3, shield=["α1", "β2"], hands=[[], ["γ1"]])
    run(s, ("announce", ("card", "E06(1)", "discard_shield", (("count", 1),), -1, False)))
    assert s.pending == ("unshield", 0)
    s.apply(("unshield", code("β2")))
    assert s.shield == [code("α1")]


@rule("L-20")
def test_weapon_effects_do_not_open_a_window():
    s = position(
        3, hands=[["S05", "α1"], ["S01", "β1"]], weapons=[("b3", 0, "W02", "α1")], ship="c3", timing="simple"
    )
    run(s, ("main", 0), then=("shield_phase", 0))
    s.apply(("activate", 0, 0))
    assert s.enemy_life == 5 and s.pending == ("main", 0) and s.stack == ()


def test_a_strategy_in_the_main_phase_can_be_answered_by_others():
    s = position(3, hands=[["S04", "β1"], ["S01", "α1"]])
    run(s, ("main", 0), then=("shield_phase", 0))
    s.apply(("strategy", kind("S04"), 1))  # β: 1 damage to the enemy
    assert s.pending == ("respond", 0) or s.pending == ("respond", 1)
    while s.pending and s.pending[0] == "respond":
        s.apply(("pass",))
    assert s.enemy_life == 5 and s.current_seat != CHANCE
    assert army("S04") not in s.hands[0]
