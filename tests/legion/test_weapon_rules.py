"""Weapons on the map (5.3–5.5, 6.1, 6.2, L-10): the attached number as a reach, what each 起動
effect needs and does, and what the log says of a weapon placed, moved, triggered or destroyed
(written against the survivors of scripts/mutate.py)."""

from __future__ import annotations

import dataclasses

import pytest

from asobi.games.legion.content import Tables, content
from asobi.games.legion.rules.draw import hand_limit
from support.scenario import rule

from .helpers import code, events, kind, position, run, sq

TIMINGS = pytest.mark.parametrize("timing", ["printed", "simple"])
"""Weapon effects take another path with each strategy timing (L-29): both are checked."""


def main(players: int = 3, space_down: int = 0, **fields):
    """Seat A's main phase; ``space_down``: how far the Space life is below its start."""
    s = position(players, **fields)
    s.space_life = s.max_space - space_down
    return run(s, ("main", 0), then=("shield_phase", 0))


def activations(s) -> list[tuple]:
    return [a for a in s.legal_actions() if a[0] == "activate"]


@TIMINGS
@rule("5.3", "6.2")
def test_launching_a_supply_base_fires_its_placed_trigger(timing):
    s = main(hands=[["α1", "W06"]], timing=timing)
    s.apply(("launch", kind("W06"), code("α1")))
    s.apply(("place", sq("b4")))
    assert s.chance == ("code", 0, "6.2")  # W06: its owner draws a code card
    assert [(e.clause, dict(e.args)) for e in events(s, "weapon_triggered")] == [
        ("6.2", {"card": "W06", "square": sq("b4")})
    ]
    # L-29: with the printed timing the trigger is announced on the stack first (it can be answered)
    assert len(events(s, "announced")) == (1 if timing == "printed" else 0)


@TIMINGS
@rule("5.5", "6.2")
def test_a_move_is_logged_from_square_to_square_and_the_placed_trigger_names_the_new_square(timing):
    s = main(weapons=[("b2", 0, "W06", "α1")], ship="e5", timing=timing)
    s.apply(("move", 0, sq("b3")))
    assert [(e.clause, dict(e.args)) for e in events(s, "weapon_moved")] == [
        ("5.5", {"seat": 0, "card": "W06", "frm": sq("b2"), "to": sq("b3")})
    ]
    assert [dict(e.args) for e in events(s, "weapon_triggered")] == [{"card": "W06", "square": sq("b3")}]


@rule("5.4", "9.1")
def test_a_destroyed_weapon_is_logged_with_its_owner_card_square_and_attached_number():
    s = position(3, weapons=[("d3", 1, "W03", "β2")], ship="c3")
    run(s, ("announce", ("card", "E09(1)", "ship_move", (("direction", "east"),), -1, False)))
    assert [(e.clause, dict(e.args)) for e in events(s, "weapon_destroyed")] == [
        ("9.1", {"seat": 1, "card": "W03", "square": sq("d3")})
    ]
    assert [(e.clause, dict(e.args)) for e in events(s, "weapon_discarded")] == [
        ("5.4", {"card": "W03", "code": code("β2")})
    ]


@rule("6.1", "L-10")
def test_a_torpedo_reaches_as_many_orthogonal_steps_as_its_attached_number():
    # the ship on c3; β1 reaches 1 step, α2 reaches 2
    for square, attached, offered in (
        ("c2", "β1", True),
        ("c1", "β1", False),
        ("a3", "α2", True),
        ("a2", "α2", False),
    ):
        s = main(weapons=[(square, 0, "W01", attached)], ship="c3")
        assert (activations(s) == [("activate", 0, 0)]) is offered, (square, attached)


@rule("6.1", "L-10", "L-26")
def test_a_repair_drone_reaches_as_many_king_steps_as_its_attached_number_around_itself():
    # B's drone on d4 with γ2 reaches 2 steps: b2 yes, a1 (3 steps) no; A activates it (L-26)
    s = main(weapons=[("d4", 1, "W03", "γ2")], black=["a1", "b2"])
    s.apply(("activate", 1, 0))
    assert s.pending == ("clear", 0, (sq("b2"),), "6.1")
    s.apply(("clear", sq("b2")))
    assert [i for i, b in enumerate(s.black) if b] == [sq("a1")]
    # α1 reaches 1 step only: b2 is 2 steps from d4, so the drone has nothing to do (L-10)
    s = main(weapons=[("d4", 1, "W03", "α1")], black=["b2"])
    assert activations(s) == []


@rule("6.1", "L-10")
def test_a_hospital_ship_is_offered_only_below_full_life_and_heals_one():
    assert activations(main(weapons=[("b2", 0, "W08", "α1")])) == []
    s = main(weapons=[("b2", 0, "W08", "α1")], space_down=2)
    s.apply(("activate", 0, 0))
    assert s.space_life == s.max_space - 1 and s.weapons == []  # spent
    assert [e.clause for e in events(s, "space_healed")] == ["6.1"]


@rule("6.1", "L-10")
def test_a_tractor_beam_is_offered_at_full_life_and_lets_its_user_push_the_ship():
    s = main(weapons=[("a1", 0, "W09", "α1")], ship="c3")
    assert activations(s) == [("activate", 0, 0)]
    s.apply(("activate", 0, 0))
    assert s.pending == ("push", 0, "6.1")
    s.apply(("push", "east"))
    assert s.ship == sq("d3") and [e.clause for e in events(s, "ship_moved")] == ["6.1"]


@rule("5.5")
def test_activating_ones_own_weapon_is_logged_as_ones_own():
    s = main(weapons=[("b3", 0, "W02", "α1")], ship="c3")
    s.apply(("activate", 0, 0))
    assert [(e.clause, dict(e.args)) for e in events(s, "weapon_activated")] == [
        ("5.5", {"seat": 0, "card": "W02", "square": sq("b3")})
    ]
    assert events(s, "weapon_activated_of") == []


@rule("6.1")
def test_a_persistent_effect_no_weapon_card_has_adds_nothing():
    # W04 (radar net) raises its owner's hand limit by one, and only its owner's
    s = position(3, weapons=[("a1", 0, "W04", "α1")])
    assert (hand_limit(s, 0), hand_limit(s, 1)) == (8 - 3 + 1, 8 - 3)
    # content replacing the cards may leave out a persistent verb: its table is then all zeros
    c = content()
    without = dataclasses.replace(c, weapon_effect=tuple(None for _ in c.weapon_effect))
    t = Tables(without)
    assert t.persistent == {}
    assert t.hand_bonus == t.shield_bonus == t.develop_discount == (0,) * len(c.weapon_effect)


@TIMINGS
@rule("6.1")
def test_a_mine_going_off_is_logged_with_its_card_and_square(timing):
    # B's mine on c1 (attached α2): the ship moves north onto c2, next to it
    s = position(3, weapons=[("c1", 1, "W05", "α2")], ship="c3", timing=timing)
    run(s, ("announce", ("card", "E05(1)", "ship_move", (("direction", "north"),), -1, False)))
    assert [(e.clause, dict(e.args)) for e in events(s, "weapon_triggered")] == [
        ("6.1", {"card": "W05", "square": sq("c1")})
    ]
    assert s.enemy_life == 5 and s.weapons == []


@TIMINGS
@rule("6.1")
def test_the_ship_coming_next_to_a_weapon_without_that_trigger_sets_nothing_off(timing):
    # a supply base (誘発 when placed), a drone (起動) and a radar net (永続) next to c2, where the
    # ship moves: only a weapon whose 誘発 is the ship coming next to it goes off
    weapons = [("b2", 0, "W06", "α1"), ("d2", 1, "W03", "α2"), ("c1", 2, "W04", "α3")]
    s = position(3, ship="c3", weapons=weapons, timing=timing)
    run(s, ("announce", ("card", "E05(1)", "ship_move", (("direction", "north"),), -1, False)))
    assert s.ship == sq("c2") and len(s.weapons) == 3
    assert not events(s, "weapon_triggered") and s.stack == () and s.enemy_life == 6


@TIMINGS
@rule("2.2", "6.1")
def test_a_second_mine_does_not_go_off_once_the_first_has_won_the_game(timing):
    # both mines are next to c2, where the ship moves; the first takes the enemy's last life
    s = position(
        3, enemy_life=1, ship="c3", weapons=[("b2", 0, "W05", "α1"), ("d2", 1, "W05", "α2")], timing=timing
    )
    run(s, ("announce", ("card", "E05(1)", "ship_move", (("direction", "north"),), -1, False)))
    assert len(events(s, "weapon_triggered")) == 1
    assert s.ended == ("won", "2.2")
    assert not events(s, "enemy_life_capped")
    assert len(s.weapons) == 1  # the second mine stays on the map, unspent
