"""The space map's edges and corners (7.2, 9.2, 9.3, L-2): the north-west corner square a1 is
square 0, a real square, and the centre (written against the survivors of scripts/mutate.py)."""

from __future__ import annotations

from asobi.games.legion.content import content
from support.scenario import rule

from .helpers import events, kind, position, run, sq


def card_part(s, label: str, verb: str, **params):
    return run(s, ("announce", ("card", label, verb, tuple(params.items()), -1, False)))


@rule("9.2", "L-2")
def test_a_blackout_north_of_the_ship_reaches_the_corner_square_a1():
    s = card_part(position(3, ship="a2"), "E01(2)", "blackout", target="ship_north")
    assert s.black == [1] + [0] * 24 and not events(s, "blackout_off_map")  # a black piece is 1


@rule("7.2", "9.1")
def test_the_ship_moves_onto_the_corner_square_a1_and_destroys_a_weapon_there():
    s = position(3, ship="b1", weapons=[("a1", 0, "W02", "α1")])
    card_part(s, "E05(1)", "ship_move", direction="west")
    assert s.ship == sq("a1") and s.weapons == [] and not events(s, "ship_at_edge")
    assert [(e.clause, dict(e.args)) for e in events(s, "ship_moved")] == [
        ("6.6", {"direction": "west", "square": sq("a1")})
    ]


@rule("L-2", "6.4")
def test_a_push_offers_every_direction_that_stays_on_the_map_the_corner_included():
    for ship, directions in (("b1", ["east", "south", "west"]), ("a1", ["east", "south"])):
        s = position(3, hands=[[], ["S07", "α1"]], ship=ship, pieces=["s8", None, None])
        run(s, ("attack", 0))
        s.apply(("strategy", kind("S07"), 0))
        assert s.pending == ("push", 1, "6.4")
        assert [a[1] for a in s.legal_actions()] == directions, ship


@rule("9.2")
def test_a_blackout_of_the_centre_hits_c3_wherever_the_ship_is():
    s = card_part(position(3, ship="a1"), "E13(1)", "blackout", target="centre")
    assert [i for i, b in enumerate(s.black) if b] == [sq("c3")]


@rule("9.3")
def test_a_black_chain_blacks_out_only_the_squares_of_the_colour_not_yet_black():
    # b3 is red; a1 (red) is black already: the chain logs a blackout for each other red square
    red = [i for i, col in enumerate(content().colour) if col == "R"]
    s = position(3, ship="b3", black=["b3", "a1"])
    card_part(s, "E01(1)", "blackout", target="ship")
    blacked = [dict(e.args)["square"] for e in events(s, "blackout")]
    assert sorted(blacked) == sorted(set(red) - {sq("b3"), sq("a1")})
    assert {e.clause for e in events(s, "blackout")} == {"9.3"}
    assert s.black == [1 if i in red else 0 for i in range(len(s.black))]  # each a black piece, 1
