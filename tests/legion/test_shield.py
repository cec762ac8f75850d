"""The shield phase (4.3, 4.4, L-11, L-18)."""

from __future__ import annotations

from asobi.games.legion.rules.weapons import destroy_weapons_at
from support.scenario import rule

from .helpers import clauses, code, position, run, sq


def shield_phase(**fields):
    s = position(3, **fields)
    return run(s, ("shield_phase", 0), then=("enemy_turn",))


@rule("4.3")
def test_codes_go_into_the_shield_up_to_three():
    s = shield_phase(hands=[["α1", "β2", "γ3", "γ1"]])
    for c in ("α1", "β2", "γ3"):
        s.apply(("shield", code(c)))
    assert s.shield == [code("α1"), code("β2"), code("γ3")]
    assert not any(a[0] == "shield" for a in s.legal_actions())
    assert "4.3" in clauses(s)


@rule("4.4", "L-18")
def test_a_shield_code_swaps_for_a_hand_code_of_the_same_alphabet_or_number():
    s = shield_phase(hands=[["α2", "β1", "γ3"]], shield=["α1"])
    swaps = {a for a in s.legal_actions() if a[0] == "swap"}
    assert swaps == {("swap", code("α1"), code("α2")), ("swap", code("α1"), code("β1"))}
    s.apply(("swap", code("α1"), code("β1")))
    assert s.shield == [code("β1")]
    assert code("α1") in s.hands[0]  # L-18: the old code goes back to the hand
    assert "4.4" in clauses(s)


@rule("L-11")
def test_a_code_put_in_this_phase_cannot_be_swapped_out_again():
    s = shield_phase(hands=[["α1", "α2"]])
    s.apply(("shield", code("α1")))
    assert not any(a[0] == "swap" for a in s.legal_actions())


@rule("L-25")
def test_a_shield_phase_with_a_code_in_hand_is_asked_even_when_only_end_is_left():
    # the shield is full (3) and neither code in hand shares an alphabet or number with a shield
    # code: nothing can be done, but which codes the hand holds is hidden, so A is asked
    s = shield_phase(hands=[["γ3"]], shield=["α1", "α2", "β1"])
    assert s.pending == ("shield", 0) and s.legal_actions() == (("end",),)
    s.apply(("end",))
    assert s.pending != ("shield", 0)


@rule("L-25")
def test_a_shield_phase_with_no_code_in_hand_ends_by_itself():
    for hand in ([], ["W01", "S03"]):
        s = shield_phase(hands=[hand], shield=["α1"])
        assert s.pending != ("shield", 0) and not any(e.key == "shield_end" for e in s.log)


@rule("4.3", "L-27")
def test_a_fourth_shield_code_stays_when_the_barrier_generator_leaves_but_no_code_joins():
    # W07 lets the shield hold a 4th code; when W07 is destroyed, 4.3 forbids *making* the shield 4
    # or more, and discards nothing: the 4 stay, none joins, swaps (which keep the count) go on
    s = shield_phase(hands=[["α1", "α3", "β2"]], shield=["α2", "β1", "γ1"], weapons=[("b2", 1, "W07", "γ2")])
    assert ("shield", code("α1")) in s.legal_actions()
    s.apply(("shield", code("α1")))
    assert len(s.shield) == 4
    destroy_weapons_at(s, sq("b2"), "9.2")
    assert len(s.shield) == 4 and s.invariant_errors() == []
    assert not any(a[0] == "shield" for a in s.legal_actions())
    assert ("swap", code("α2"), code("α3")) in s.legal_actions()
    s.apply(("swap", code("α2"), code("α3")))
    assert len(s.shield) == 4
