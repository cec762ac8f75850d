"""The main phase (4.2, 5.1–5.8) and weapons (6.1–6.3)."""

from __future__ import annotations

import pytest

from asobi.core import IllegalActionError
from asobi.games.legion.rules.blackout import black_out
from asobi.games.legion.rules.main_phase import DEVELOP, SUPPLY
from support.scenario import rule

from .helpers import army, clauses, code, events, kind, position, run, sq


def main(players: int = 3, **fields):
    s = position(players, **fields)
    return run(s, ("main", 0), then=("shield_phase", 0))


@rule("4.2")
def test_each_main_action_at_most_once_in_any_order():
    s = main(hands=[["α1", "α2", "β1", "γ1", "W02"]], pieces=["s1", None, None])
    s.apply(("supply", code("γ1")))
    s.apply(("army", kind("S09")))
    assert s.used & SUPPLY
    assert not any(a[0] == "supply" for a in s.legal_actions())
    s.apply(("develop",))  # needs 1 + level 1 = 2 with α codes
    s.apply(("dev", 0, code("α1")))
    assert s.pending is not None and s.pending[0] == "develop"
    with pytest.raises(IllegalActionError):
        s.apply(("dev", 0, code("β1")))  # 5.8: β is not an enemy alphabet
    s.apply(("dev", 0, code("α2")))
    assert s.enemy_life == 5 and s.pending == ("main", 0)
    assert ("develop",) not in s.legal_actions()
    s.apply(("end",))
    assert events(s, "main_end")[0].clause == "4.2"


@rule("4.2")
def test_launch_and_move_are_not_offered_again_in_the_same_main_phase():
    s = main(players=2, hands=[["α1", "α2", "W02", "W03"]], ship="e5")
    s.apply(("launch", kind("W02"), code("α1")))
    s.apply(("place", sq("b2")))
    assert s.pending == ("main", 0)
    assert not any(a[0] == "launch" for a in s.legal_actions())  # W03 and α2 are still in hand
    s.apply(("move", 0, sq("b3")))  # A's weapon from zone 1 (A1)
    assert s.pending == ("main", 0) and not any(a[0] == "move" for a in s.legal_actions())


@rule("L-24", "5.5")
def test_operate_is_one_action_its_halves_cannot_straddle_another_main_action():
    # W02 strikes when the ship is next to it: move b2→b3 (next to c3), then activate
    s = main(hands=[["α1", "β1"]], weapons=[("b2", 0, "W02", "α2")], ship="c3")
    s.apply(("move", 0, sq("b3")))
    assert ("activate", 0, 0) in s.legal_actions()  # the other half, straight after
    s.apply(("supply", code("β1")))
    s.apply(("army", kind("W01")))
    assert s.pending == ("main", 0) and ("activate", 0, 0) not in s.legal_actions()
    # activating first and moving after, with nothing in between, is still one 操作
    s = main(hands=[["α1"]], weapons=[("b3", 0, "W02", "α2")], ship="c3")
    s.apply(("activate", 0, 0))
    assert ("move", 0, sq("a3")) in s.legal_actions()


@rule("4.2", "L-25")
def test_a_main_phase_with_a_code_in_hand_is_asked_even_with_only_end_left():
    # S03 moves a weapon or negates a blackout: with no weapon and an empty stack it does
    # nothing, and α1 cannot develop against the γ of the barrier core. Only "end" is left, but
    # that depends on which cards the hand holds, which the table does not see: A is asked.
    s = main(hands=[["α1", "β1"]])
    s.apply(("supply", code("β1")))
    s.apply(("army", kind("S03")))
    assert s.pending == ("main", 0) and s.legal_actions() == (("end",),)
    s.apply(("end",))
    assert s.hands[0] == [code("α1"), army("S03")] and events(s, "main_end")


@rule("L-25")
def test_a_main_phase_with_no_code_in_hand_ends_by_itself_when_nothing_public_is_open():
    # an army card alone can do nothing but repair, and there is no weapon to repair next to
    s = main(hands=[["S03"]])
    assert s.pending != ("main", 0) and not events(s, "main_end")
    s = main(hands=[[]])
    assert s.pending != ("main", 0)
    # something public is open (a weapon's move): asked
    s = main(hands=[["S03"]], weapons=[("b2", 0, "W06", "α2")], ship="e5")
    assert s.pending == ("main", 0) and ("end",) in s.legal_actions()
    # auto-pass can be turned off
    s = main(hands=[[]], autopass=[1, 0, 0])
    assert s.pending == ("main", 0) and s.legal_actions() == (("autopass", 0), ("end",))


@rule("L-25")
def test_whether_the_main_phase_is_asked_does_not_depend_on_the_hidden_hand():
    # the same public position (one code card, no weapon, supply used): whatever the code, asked
    for card in ("α1", "β1", "γ3"):
        s = main(hands=[[card, "β2"]])
        s.apply(("supply", code("β2")))
        s.apply(("army", kind("S03")))
        assert s.pending == ("main", 0), card


@rule("5.1")
def test_supply_discards_a_code_and_draws_an_army_card():
    s = main(hands=[["α2"]])
    s.apply(("supply", code("α2")))
    assert s.chance == ("army", 0, "5.1") and s.code_discard[code("α2")] == 1
    s.apply(("army", kind("W01")))
    assert s.hands[0] == [army("W01")]


@rule("5.2", "5.3", "L-3", "6.3")
def test_launch_attaches_a_code_and_places_the_weapon_anywhere_free():
    s = main(hands=[["α2", "W02"]], ship="c3", black=["a1"])
    s.apply(("launch", kind("W02"), code("α2")))
    assert s.pending == ("place", 0, kind("W02"), code("α2"))
    # L-3: any square but the ship's and the blackouts
    assert [a[1] for a in s.legal_actions()] == [q for q in range(len(s.black)) if q not in (sq("c3"), sq("a1"))]
    s.apply(("place", sq("b3")))
    assert s.weapons == [(sq("b3"), 0, kind("W02"), code("α2"), 0)]  # the piece of zone 1 (A1)
    assert s.hands[0] == []  # the attached number is no longer a card in hand
    assert "5.2" in clauses(s) and "5.3" in clauses(s)
    assert [e.clauses for e in s.log if e.key == "launch"] == [("5.2", "6.3")]  # within the weapon limit


@rule("5.4")
def test_a_removed_weapon_discards_its_card_and_attached_number():
    s = position(3, weapons=[("c2", 0, "W02", "β3")], ship="c3")
    run(s, ("announce", ("square", "s1", "ship_move", (("direction", "north"),), -1, False)))
    assert s.weapons == [] and s.army_discard[kind("W02")] == 1 and s.code_discard[code("β3")] == 1
    assert "5.4" in clauses(s) and "9.1" in clauses(s)


@rule("5.5", "L-3")
def test_operate_moves_a_weapon_orthogonally_to_a_free_square_and_activates_one():
    s = main(weapons=[("b2", 0, "W02", "α1"), ("c2", 1, "W02", "α1")], black=["b1"], ship="a2")
    moves = {a for a in s.legal_actions() if a[0] == "move"}
    # not onto the ship (a2) or a blackout (b1); onto another weapon (c2, L-3) yes; diagonals never
    assert moves == {("move", 0, sq("b3")), ("move", 0, sq("c2"))}
    assert ("activate", 0, 0) in s.legal_actions()  # the ship is next to it
    s.apply(("activate", 0, 0))
    assert s.enemy_life == 5
    s.apply(("move", 0, sq("c2")))
    assert sorted(w[0] for w in s.weapons) == [sq("c2"), sq("c2")]  # two pieces share c2
    assert not any(a[0] in ("move", "activate") for a in s.legal_actions())


@rule("5.3", "5.5", "L-3")
def test_weapons_sharing_a_square_are_named_by_their_pieces_and_all_go_when_it_is_hit():
    # two of A's weapons and one of B's on b3: each piece acts alone; a blackout there takes all
    s = main(
        players=2,
        hands=[["α1"]],
        weapons=[("b3", 0, "W02", "α1"), ("b3", 0, "W01", "α2"), ("b3", 1, "W02", "β1")],
        ship="c3",
    )
    assert [a for a in s.legal_actions() if a[0] == "activate"] == [
        ("activate", 0, 0), ("activate", 0, 1), ("activate", 1, 0)
    ]
    assert [a for a in s.legal_actions() if a[0] == "move" and a[2] == sq("a3")] == [
        ("move", 0, sq("a3")), ("move", 1, sq("a3"))
    ]
    labels = {s.action_label(a) for a in s.legal_actions() if a[0] == "activate"}
    assert len(labels) == 3 and any("A2" in text for text in labels)
    s.apply(("move", 1, sq("a3")))  # A2 (the torpedo) alone leaves
    assert sorted((w[0], w[4]) for w in s.weapons if w[1] == 0) == [(sq("a3"), 1), (sq("b3"), 0)]
    black_out(s, sq("b3"))
    assert [(w[0], w[1]) for w in s.weapons] == [(sq("a3"), 0)]
    assert len(events(s, "weapon_destroyed")) == 2 and s.invariant_errors() == []


@rule("5.6")
def test_repair_removes_blackouts_next_to_own_weapons_one_per_card():
    s = main(hands=[["α1", "W01"]], weapons=[("b2", 0, "W02", "α1")], black=["a1", "c3", "e5"])
    targets = {a[1] for a in s.legal_actions() if a[0] == "repair"}
    assert targets == {sq("a1"), sq("c3")}  # diagonal neighbours count; e5 is far
    s.apply(("repair", sq("a1"), code("α1")))
    assert s.pending == ("repair", 0)
    s.apply(("repair", sq("c3"), army("W01")))
    assert s.black[sq("e5")] and sum(s.black) == 1 and s.hands[0] == []
    assert [e.clause for e in events(s, "blackout_cleared")] == ["5.6", "5.6"]


@rule("5.7", "5.8")
def test_develop_needs_squares_plus_level_plus_blackouts_from_enemy_alphabets():
    s = main(
        hands=[["β2", "β3", "γ3", "α3"]],
        shield=["β1"],
        pieces=["s2", None, None],
        black=["a1"],
    )
    # s2 is β2: 2 + level 1 + 1 blackout = 4; only β codes count (5.8)
    s.apply(("develop",))
    assert s.pending == ("develop", 0, 4, 0)
    assert {a[2] for a in s.legal_actions()} == {code("β1"), code("β2"), code("β3")}
    s.apply(("dev", 1, code("β1")))  # from the shield
    s.apply(("dev", 0, code("β3")))
    assert s.enemy_life == 5 and s.shield == [] and s.used & DEVELOP
    assert events(s, "enemy_damaged")[0].clause == "5.7"


@rule("5.8")
def test_develop_is_not_offered_without_enough_of_the_enemy_alphabets():
    s = main(hands=[["α3", "γ3", "γ3"]], pieces=["s2", None, None])
    assert ("develop",) not in s.legal_actions()


@rule("L-7")
def test_develop_always_needs_at_least_one():
    s = main(
        hands=[["α1"]],
        pieces=["s1", None, None],
        weapons=[("a1", 1, "W10", "α1"), ("e5", 2, "W10", "α1")],
    )
    from asobi.games.legion.rules.level import develop_threshold

    assert develop_threshold(s) == 1


@rule("6.1", "L-10")
def test_weapon_effects_activate_trigger_and_persistent():
    # activate: a torpedo in range hits and is spent; L-10: out of range it is not offered
    s = main(weapons=[("a1", 0, "W01", "α2")], ship="c3")
    assert ("activate", 0, 0) not in s.legal_actions()  # 4 steps > 2
    s = main(weapons=[("b2", 0, "W01", "α2")], ship="c3")
    s.apply(("activate", 0, 0))
    assert s.enemy_life == 5 and s.weapons == []
    # trigger: a mine goes off when the ship moves next to it
    s = position(3, weapons=[("c1", 1, "W05", "γ1")], ship="c3")
    run(s, ("announce", ("square", "s1", "ship_move", (("direction", "north"),), -1, False)))
    assert s.enemy_life == 5 and s.weapons == []
    assert "6.1" in {e.clause for e in events(s, "weapon_triggered")}
    # persistent: a radar net raises its owner's hand limit
    from asobi.games.legion.rules.draw import hand_limit

    s = position(3, weapons=[("a1", 0, "W04", "α1")])
    assert hand_limit(s, 0) == 6 and hand_limit(s, 1) == 5


@rule("6.2")
def test_placed_trigger_also_fires_on_a_move():
    s = main(weapons=[("b2", 0, "W06", "α1")], ship="e5")
    s.apply(("move", 0, sq("b3")))
    assert s.chance == ("code", 0, "6.2")
    assert events(s, "weapon_triggered")[0].clause == "6.2"


@rule("6.3")
@pytest.mark.parametrize(("players", "limit"), [(2, 3), (3, 2), (4, 2), (5, 1)])
def test_weapon_limit_per_player(players, limit):
    weapons = [(sqn, 0, w, "α1") for sqn, w in zip(("a1", "b1", "d1"), ("W02", "W04", "W07"), strict=False)][
        :limit
    ]
    s = main(players, hands=[["α2", "W03"]], weapons=weapons)
    assert not any(a[0] == "launch" for a in s.legal_actions())
    s = main(players, hands=[["α2", "W03"]], weapons=weapons[:-1])
    assert ("launch", kind("W03"), code("α2")) in s.legal_actions()


@rule("6.3")
def test_the_weapon_limit_counts_only_the_seats_own_weapons():
    # five players: one weapon each; B's and C's weapons on the map leave A's launch open
    def fresh():
        return main(5, hands=[["α2", "W03"]], weapons=[("a1", 1, "W02", "α1"), ("b1", 2, "W04", "α1")])

    assert fresh().is_legal(("launch", kind("W03"), code("α2")))  # checked without the listing
    assert ("launch", kind("W03"), code("α2")) in fresh().legal_actions()


@rule("6.3", "4.2")
def test_an_illegal_launch_names_the_weapon_limit_and_changes_nothing():
    s = main(5, hands=[["α2", "W03"]], weapons=[("a1", 0, "W02", "α1")])
    before = s.fingerprint()
    with pytest.raises(IllegalActionError) as err:
        s.apply(("launch", kind("W03"), code("α2")))
    assert err.value.clause == "6.3" and s.fingerprint() == before
    with pytest.raises(IllegalActionError) as err:
        s.apply(("develop",))
    assert err.value.clause == "5.7"


@rule("5.5", "L-26")
def test_operate_may_activate_another_seats_weapon_and_its_choices_are_the_activators():
    # 5.5 says 自分の for the move only: seat A uses B's beam (next to the ship) and B's repair
    # drone, whose blackout choice is A's
    s = main(weapons=[("c2", 1, "W02", "α1")], ship="c3")
    assert ("activate", 1, 0) in s.legal_actions() and s.is_legal(("activate", 1, 0))
    s.apply(("activate", 1, 0))
    assert s.enemy_life == 5
    assert events(s, "weapon_activated_of")[0].args == (
        ("seat", 0), ("owner", 1), ("card", "W02"), ("square", sq("c2"))
    )
    s = main(weapons=[("b2", 1, "W03", "α2")], black=["b3"])
    s.apply(("activate", 1, 0))
    assert s.pending is not None and s.pending[:2] == ("clear", 0)


@rule("5.5", "L-26")
def test_the_own_weapons_only_option_activates_only_the_seats_weapons():
    weapons = [("b2", 0, "W02", "α1"), ("b4", 1, "W02", "α1")]  # both next to the ship on b3
    s = main(weapons=weapons, ship="b3")
    assert [a for a in s.legal_actions() if a[0] == "activate"] == [("activate", 0, 0), ("activate", 1, 0)]
    s = main(weapons=weapons, ship="b3", own_weapons_only=True)
    assert [a for a in s.legal_actions() if a[0] == "activate"] == [("activate", 0, 0)]
    assert not s.is_legal(("activate", 1, 0))
    with pytest.raises(IllegalActionError) as err:
        s.apply(("activate", 1, 0))
    assert err.value.clause == "5.5"
