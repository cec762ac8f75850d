"""Drawing (4.1, 1.7, L-8, L-17, L-21): the empty-hand cap option with room to spare, recycling a
single discarded card, the code deck running dry, and what a draw tells the table (written against
the survivors of scripts/mutate.py)."""

from __future__ import annotations

from asobi.games.legion.rules.draw import sample_chance
from support.scenario import FixedRandom, rule

from .helpers import code, events, position, run


@rule("4.1", "L-15")
def test_the_empty_hand_cap_option_still_draws_three_when_there_is_room():
    # three players: 8 − 3 leaves room for 4, so the cap does not bite and the hand draws 3
    s = position(3, empty_hand_cap=True)
    run(s, ("draw_phase", 0), then=("main", 0))
    assert dict(events(s, "draw_empty_hand")[0].args)["count"] == 3
    for c in ("α1", "β2", "γ3"):
        s.apply(("code", code(c)))
    assert len(s.hands[0]) == 3 and s.chance is None


@rule("1.7", "L-21")
def test_an_empty_code_deck_takes_back_a_single_discarded_card_before_the_draw():
    s = position(3)
    s.code_deck = [0] * 9
    s.code_discard = [0] * 9
    s.code_discard[code("β3")] = 1
    run(s, ("draw_code", 1, "4.1"), then=("main", 0))
    assert s.chance == ("code", 1, "4.1") and s.chance_outcomes() == ((("code", code("β3")), 1.0),)
    assert [(e.clause, dict(e.args)) for e in events(s, "recycled")] == [
        ("1.7", {"deck": "code", "count": 1})
    ]


@rule("1.7", "L-21")
def test_a_code_draw_with_both_the_deck_and_its_discard_pile_empty_draws_nothing():
    s = position(3)
    s.code_deck = [0] * 9
    s.code_discard = [0] * 9
    run(s, ("draw_code", 2, "6.6"), then=("main", 0))
    assert s.hands[2] == [] and not events(s, "drew_hidden")
    # (the game then goes on, and every later code draw finds the decks empty too)
    first = events(s, "deck_exhausted")[0]
    assert (first.clause, dict(first.args)) == ("1.7", {"deck": "code", "seat": 2})


@rule("L-17")
def test_a_hidden_draw_tells_the_table_only_who_drew_from_which_deck():
    for card in ("γ2", "α1"):  # the public side is the same whatever was drawn
        s = position(3)
        run(s, ("draw_code", 1, "4.1"), then=("main", 0))
        s.apply(("code", code(card)))
        drawn = [e for e in s.log if e.key in ("drew_hidden", "drew_card")]
        assert [(e.key, e.args, e.seats) for e in drawn] == [
            ("drew_hidden", (("seat", 1), ("deck", "code")), None),
            ("drew_card", (("seat", 1), ("deck", "code"), ("card", code(card))), (1,)),
        ], card


@rule("L-17")
def test_with_open_hands_a_draw_is_logged_once_for_everyone():
    s = position(3, open_hands=True)
    run(s, ("draw_code", 0, "4.1"), then=("main", 0))
    s.apply(("code", code("α3")))
    drawn = [e for e in s.log if e.key in ("drew_hidden", "drew_card")]
    assert [(e.key, e.args, e.seats) for e in drawn] == [
        ("drew_card", (("seat", 0), ("deck", "code"), ("card", code("α3"))), None)
    ]


@rule("L-8")
def test_an_event_draw_picks_the_first_card_whose_running_chance_exceeds_the_number_drawn():
    # two unseen event cards, each 1/2: 0.5 is not past the first card's 1/2, so it picks the
    # second, as the base class's sampling over the outcomes does
    s = position(3)
    s.event_unseen = tuple(1 if k in (3, 7) else 0 for k in range(len(s.event_unseen)))
    run(s, ("draw_ordered", "event"), then=("main", 0))
    assert s.chance_outcomes() == ((("event", 3), 0.5), (("event", 7), 0.5))
    assert sample_chance(s, FixedRandom(0.0)) == ("event", 3)
    assert sample_chance(s, FixedRandom(0.4999)) == ("event", 3)
    assert sample_chance(s, FixedRandom(0.5)) == ("event", 7)
