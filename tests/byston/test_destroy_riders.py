"""B-61: which characters a voluntary destruction moves (8.12) when Rau's, Na's and the Zelana's
characters may ride each other's units (17.15.3, 17.15.4, B-42, B-51)."""

from __future__ import annotations

from support.scenario import rule

from .helpers import ch, destroy, events, game, h, phase, put, turn_of


@rule("8.12", "B-42", "B-51", "B-61")
def test_a_destroyed_unit_moves_only_the_characters_left_with_nothing_to_ride():
    s = game()
    s.gp = [0] * 7
    # 0103 (no nation's land): a Rau and a Na AB with Foizon; 0203: a Rau AB alone with Show
    rau_ab = put(s, "rau", "bozune", "0103")
    put(s, "na", "bozune", "0103")
    lone_ab = put(s, "rau", "bozune", "0203")
    s.char_at[ch("foizon")] = h("0103")
    s.char_at[ch("show1")] = h("0203")
    turn_of(phase(s, "produce_phase"), "produce", "rau")
    s.apply(destroy(s, rau_ab))
    # no unit of Rau is left at 0103, but the Na AB is one Foizon may ride (B-42): he stays
    assert s.char_at[ch("foizon")] == h("0103")
    assert not events(s, "placed")
    s.apply(destroy(s, lone_ab))
    # Show had only that Rau AB: he goes to a hex with a Zelana unit (自軍), here only the
    # Zelana's own stack at 0912, so without a question
    assert s.char_at[ch("show1")] == h("0912")
    placed = events(s, "placed")
    assert [e.clause for e in placed] == ["8.12"]
