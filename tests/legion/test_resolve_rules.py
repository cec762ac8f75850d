"""Effect verbs as they resolve (6.4, 6.6, 7.3, L-4): who draws, who chooses, and an effect that
finds nothing left to act on (written against the survivors of scripts/mutate.py)."""

from __future__ import annotations

from support.scenario import rule

from .helpers import army, code, events, kind, position, run, sq


def attack_position(**fields):
    fields.setdefault("pieces", ["s1", None, None])
    s = position(3, **fields)
    return run(s, ("attack", 0))


def play_event(s, card: int):
    """Event card ``card`` (0 = V01) is drawn and played (3.1, 6.6)."""
    run(s, ("draw_ordered", "event"))
    s.apply(("event", card))
    return s


@rule("6.6")
def test_an_event_drawing_for_each_player_gives_every_seat_a_code_card_in_seat_order():
    s = play_event(position(3), 0)  # V01: each player draws 1 code card
    seats = []
    while s.chance is not None:
        assert s.chance[0] == "code" and s.chance[2] == "6.6"
        seats.append(s.chance[1])
        s.apply(("code", code("α1")))
    assert seats == [0, 1, 2] and [len(h) for h in s.hands] == [1, 1, 1]


@rule("6.6")
def test_an_event_drawing_army_cards_draws_from_the_army_deck():
    s = play_event(position(3), 5)  # V06: each player draws 1 army card
    assert s.chance == ("army", 0, "6.6")


@rule("6.4", "6.5")
def test_a_strategy_drawing_for_its_owner_draws_for_the_seat_that_played_it_only():
    # B answers the attack with S08 β (draw 1 code card): B draws, A and C do not
    s = attack_position(hands=[[], ["S08", "β1"]], space_life=5)
    assert s.pending == ("respond", 1)
    s.apply(("strategy", kind("S08"), 1))
    assert s.chance == ("code", 1, "6.4")
    s.apply(("code", code("γ2")))
    assert s.hands[1] == [code("β1"), code("γ2")] and s.space_life == 4  # then the attack hit
    assert [dict(e.args)["seat"] for e in events(s, "drew_hidden") if e.clause == "6.4"] == [1]


@rule("6.6", "L-4")
def test_an_event_removing_blackouts_lets_seat_a_choose_each_of_them():
    s = play_event(position(3, black=["b2", "d4", "e5"]), 2)  # V03: remove 2 blackouts
    assert s.pending == ("clear", 0, (sq("b2"), sq("d4"), sq("e5")), "6.6")
    s.apply(("clear", sq("d4")))
    assert s.pending == ("clear", 0, (sq("b2"), sq("e5")), "6.6")
    s.apply(("clear", sq("b2")))
    assert [i for i, b in enumerate(s.black) if b] == [sq("e5")]
    assert [e.clause for e in events(s, "blackout_cleared")] == ["6.6", "6.6"]


@rule("6.6")
def test_an_event_removing_a_blackout_with_none_on_the_map_does_nothing():
    s = play_event(position(3), 11)  # V12: remove 1 blackout
    assert s.pending is None or s.pending[0] != "clear"
    assert [e.clause for e in events(s, "no_blackout")] == ["6.6"]


@rule("6.4", "L-4")
def test_a_strategy_pushing_the_ship_asks_the_seat_that_played_it_for_a_direction():
    s = attack_position(hands=[[], ["S07", "α1"]], space_life=5, ship="c3")
    s.apply(("strategy", kind("S07"), 0))  # α: move the enemy ship 1 square
    assert s.pending == ("push", 1, "6.4")
    assert s.legal_actions() == (("push", "east"), ("push", "north"), ("push", "south"), ("push", "west"))
    s.apply(("push", "west"))
    assert s.ship == sq("b3") and events(s, "ship_moved")[0].clause == "6.4"


@rule("6.4", "6.5", "9.1")
def test_a_weapon_move_finds_nothing_to_do_once_an_answer_has_destroyed_the_weapon():
    # A answers the attack with S03 α (move one of A's weapons); B answers that with S07 α and
    # pushes the ship onto A's only weapon (9.1). S03 then resolves with no weapon to move.
    s = attack_position(hands=[["S03", "α2"], ["S07", "α3"]], weapons=[("b3", 0, "W02", "β1")], ship="c3")
    s.apply(("strategy", kind("S03"), 0))
    assert s.pending == ("respond", 1)
    s.apply(("strategy", kind("S07"), 0))
    s.apply(("push", "west"))
    assert s.ship == sq("b3") and s.weapons == []
    assert s.pending is None or s.pending[0] != "move_weapon"
    assert [dict(e.args)["label"] for e in events(s, "no_effect")] == ["S03"]
    assert events(s, "no_effect")[0].clause == "6.4"


@rule("6.4", "4.3")
def test_a_strategy_shielding_from_hand_does_nothing_when_the_shield_filled_up_meanwhile():
    # A plays S04 α (put a code from hand into the shield) with two shield codes; B answers with
    # S04 α too and fills the shield: A's strategy then finds it full
    s = position(3, hands=[["S04", "α1"], ["S04", "α3"]], shield=["γ1", "γ2"])
    run(s, ("main", 0), then=("shield_phase", 0))
    s.apply(("strategy", kind("S04"), 0))
    assert s.pending == ("respond", 1)
    s.apply(("strategy", kind("S04"), 0))
    assert s.pending == ("to_shield", 1, "6.4")
    s.apply(("shield", code("α3")))
    assert s.shield == [code("α3"), code("γ1"), code("γ2")]
    assert [e.clause for e in events(s, "shielded")] == ["6.4"]
    assert s.pending == ("main", 0) and s.hands[0] == [code("α1")]
    assert [dict(e.args)["label"] for e in events(s, "no_effect")] == ["S04"]


@rule("6.4", "4.3")
def test_a_strategy_shielding_from_hand_does_nothing_when_the_hand_has_no_code_card_left():
    # A plays S04 α and answers it with its second S04 α, which shields A's only code card: the
    # first then finds only an army card (W01) in A's hand, which is not a code card
    s = position(3, hands=[["S04", "S04", "W01", "α1"]])
    run(s, ("main", 0), then=("shield_phase", 0))
    s.apply(("strategy", kind("S04"), 0))
    assert s.pending == ("respond", 0)
    s.apply(("strategy", kind("S04"), 0))
    assert s.pending == ("respond", 0)  # A still holds an army card and a code card (L-16)
    s.apply(("pass",))
    assert s.pending == ("to_shield", 0, "6.4")
    assert s.legal_actions() == (("shield", code("α1")),)  # the weapon card cannot go in
    s.apply(("shield", code("α1")))
    assert s.shield == [code("α1")] and s.hands[0] == [army("W01")]
    assert s.pending is None or s.pending[0] != "to_shield"
    assert [dict(e.args)["label"] for e in events(s, "no_effect")] == ["S04"]


@rule("7.3")
def test_each_discard_is_logged_with_the_seat_and_the_card():
    s = position(3, hands=[["β2"], [], []], shield=["α3"])
    run(s, ("announce", ("card", "E02(1)", "discard_hand", (), -1, False)))
    s.apply(("discard", code("β2")))
    assert [dict(e.args) for e in events(s, "discarded")] == [{"seat": 0, "card": code("β2")}]
    run(s, ("announce", ("card", "E06(1)", "discard_shield", (("count", 1),), -1, False)))
    s.apply(("unshield", code("α3")))
    assert s.shield == [] and s.code_discard[code("α3")] == 1
    assert [(e.clause, dict(e.args)) for e in events(s, "shield_discarded")] == [
        ("7.3", {"code": code("α3")})
    ]
