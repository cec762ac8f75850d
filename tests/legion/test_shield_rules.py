"""The shield phase (4.3, 4.4, L-11) beyond test_shield.py: a code swapped in is new too, the end
of the phase is logged, and which codes may swap (written against the survivors of
scripts/mutate.py)."""

from __future__ import annotations

from asobi.games.legion.content import code_name
from asobi.games.legion.rules.shield import same_alphabet_or_number
from support.scenario import rule

from .helpers import code, events, position, run


def shield_phase(**fields):
    s = position(3, **fields)
    return run(s, ("shield_phase", 0), then=("enemy_turn",))


@rule("L-11", "4.4")
def test_a_code_swapped_into_the_shield_cannot_be_swapped_out_again_in_the_same_phase():
    s = shield_phase(hands=[["α2", "γ2"]], shield=["α1", "γ3"])
    s.apply(("swap", code("α1"), code("α2")))
    assert s.shield == [code("α2"), code("γ3")] and s.hands[0] == [code("α1"), code("γ2")]
    # α2 came in this phase: it stays; γ3 was there before and may still swap
    assert [a for a in s.legal_actions() if a[0] == "swap"] == [("swap", code("γ3"), code("γ2"))]
    assert not s.is_legal(("swap", code("α2"), code("α1")))


@rule("4.3")
def test_the_end_of_a_shield_phase_is_logged_for_its_seat():
    s = shield_phase(hands=[["α2"]])
    s.apply(("end",))
    assert [(e.clause, dict(e.args)) for e in events(s, "shield_end")] == [("4.3", {"seat": 0})]


@rule("4.4")
def test_two_codes_may_swap_exactly_when_they_differ_and_share_their_alphabet_or_their_number():
    # read from the codes' printed names (α1 … γ3), not from their numbering
    for a in range(9):
        for b in range(9):
            x, y = code_name(a), code_name(b)
            expected = x != y and (x[0] == y[0] or x[1] == y[1])
            assert same_alphabet_or_number(a, b) is expected, (x, y)
