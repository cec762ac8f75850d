"""The action phases' cup (14.2–14.10, B-17) and the surprise attack (16.3–16.5, B-19); each chit
drawn runs an action phase (14.5, B-47; tests/byston/test_move.py and test_joint.py)."""

from __future__ import annotations

from random import Random

import pytest

from asobi.core import IllegalActionError
from asobi.games.byston.board import CUP, HEAVY
from asobi.games.byston.rules.cup import _cup, draw_sample
from support.scenario import rule

from .helpers import C, ch, chit, events, game, h, phase, stay


def cup(**fields):
    s = game(**fields)
    return phase(s, "action_phases")


@rule("14.2", "14.4", "14.5", "14.6", "14.7", "B-47")
def test_chits_are_drawn_one_by_one_onto_the_open_box_and_each_country_acts():
    s = game()
    s.chit_cup[chit("drake_as")] = 2
    s.chit_cup[chit("rau_abs")] = 1
    phase(s, "action_phases")
    assert s.chance == ("draw",)
    assert [(e.clause, dict(e.args)) for e in events(s, "cup")] == [("14.2", {"chits": 3})]
    assert s.chance_outcomes() == ((("chit", chit("drake_as")), 2 / 3), (("chit", chit("rau_abs")), 1 / 3))
    s.apply(("chit", chit("rau_abs")))
    assert s.chit_open[chit("rau_abs")] == 1 and s.chit_cup[chit("rau_abs")] == 0
    [d] = events(s, "drawn")
    assert d.clause == "14.6" and dict(d.args)["country"] == C["rau"] and d.also == ("14.4",)
    [p] = events(s, "action")
    assert p.clause == "14.5" and dict(p.args)["country"] == C["rau"]
    assert s.pending == ("joint", 2, C["rau"], chit("rau_abs"))  # 15.3 (test_joint.py)
    s.apply(("act",))
    while s.pending is not None and s.pending[0] == "move":  # Rau's, then the Zelana's (34.4)
        s.apply(("done",))
    assert s.phase_chit == -1 and s.chance == ("draw",)  # the phase is over, the next draw
    assert s.chance_outcomes() == ((("chit", chit("drake_as")), 1.0),)
    with pytest.raises(IllegalActionError) as e:
        s.apply(("chit", chit("rau_abs")))
    assert e.value.clause == "14.4"


@rule("14.8", "14.9", "B-17")
def test_the_turn_ends_when_no_chit_is_left_and_the_chits_go_back():
    s = game()
    s.chit_cup[chit("drake_as")] = 1
    s.chits_made[C["drake"]] = 1
    s.char_at[ch("todd1")] = CUP  # a character left in the cup does not keep the turn going
    phase(s, "action_phases")
    s.apply(("chit", chit("drake_as")))
    stay(s)
    assert s.turn == 2 and s.chit_open == [0] * len(s.chit_open) and s.chits_made == [0] * 7
    assert events(s, "turn_end")[0].clauses == ("14.9", "14.8")
    assert s.char_at[ch("todd1")] == CUP


@rule("14.3")
def test_the_heavily_wounded_go_into_the_cup():
    s = game()
    s.char_at[ch("todd1")] = HEAVY
    s.chit_cup[chit("drake_as")] = 1
    phase(s, "action_phases")
    assert s.char_at[ch("todd1")] == CUP and events(s, "to_cup")[0].clause == "14.3"
    assert dict(s.chance_outcomes()) == {("char", ch("todd1")): 0.5, ("chit", chit("drake_as")): 0.5}


@rule("14.10", "B-17")
def test_a_drawn_character_comes_back_to_a_hex_of_its_own_and_the_draw_goes_on():
    s = game()
    s.char_at[ch("todd1")] = CUP
    s.chit_cup[chit("drake_as")] = 1
    phase(s, "action_phases")
    s.apply(("char", ch("todd1")))
    assert s.pending is not None and s.pending[:4] == ("place", 0, ch("todd1"), "14.10")
    assert s.legal_actions() == (("place", h("1114")), ("place", h("0916")))
    s.apply(("place", h("1114")))
    assert s.char_at[ch("todd1")] == h("1114")
    assert s.chance == ("draw",) and not events(s, "action")  # not an action phase


@rule("16.3", "16.4", "16.5", "B-19")
def test_drake_may_cut_in_with_the_surprise_before_any_draw():
    s = game()
    s.surprise_held = True
    s.chit_cup[chit("rau_as")] = 1
    phase(s, "action_phases")
    assert s.pending == ("surprise", 0)
    assert s.legal_actions() == (("draw",), ("surprise",))
    s.apply(("surprise",))
    assert events(s, "surprise")[0].clauses == ("16.4", "16.3", "16.5")
    assert dict(events(s, "action")[0].args)["country"] == C["drake"]
    assert s.pending == ("move", 0, C["drake"], 5)  # 17.11: Drake's AS move (test_move.py)
    s.apply(("done",))
    assert not s.surprise_held and s.chance == ("draw",)  # back in the box (16.5): the draw goes on
    # Kept: asked again before the next draw
    s = game()
    s.surprise_held = True
    s.chit_cup[chit("rau_as")] = 2
    phase(s, "action_phases")
    s.apply(("draw",))
    s.apply(("chit", chit("rau_as")))
    stay(s)
    assert s.pending == ("surprise", 0)


@rule("16.2")
def test_a_held_surprise_stays_in_hand_across_turns():
    s = game()
    s.surprise_held = True
    phase(s, "action_phases")  # an empty cup: no draw, no surprise
    assert s.turn == 2 and s.surprise_held


def _plain_sample(s, r):
    """The draw by walking the cup's items in order (characters, then chits)."""
    items = _cup(s)
    pick = r * sum(n for _, n in items)
    acc = 0
    for item, n in items:
        acc += n
        if pick < acc:
            return item
    return items[-1][0]


def test_a_sampled_draw_is_the_item_the_running_totals_give():
    """``draw_sample``'s bisection over the chits' running totals picks what walking the items
    does, with and without characters in the cup, at the edges of each item and for r near 1."""
    rng = Random(5)
    s = game()
    chars = len(s.char_at)
    for _ in range(300):
        s.chit_cup[:] = [rng.choice((0, 0, 1, 2, 3)) for _ in s.chit_cup]
        in_cup = rng.sample(range(chars), rng.choice((0, 0, 1, 2)))
        for k in range(chars):
            if s.char_at[k] == CUP:
                s.char_at[k] = HEAVY
        for k in in_cup:
            s.char_at[k] = CUP
        total = sum(s.chit_cup) + len(in_cup)
        if not total:
            continue
        for r in (0.0, 1 - 2**-53, *(rng.random() for _ in range(5)), *(j / total for j in range(total))):
            assert draw_sample(s, r) == _plain_sample(s, r), (s.chit_cup, in_cup, r)


@rule("14.10")
def test_a_drawn_character_is_logged():
    s = game()
    s.char_at[ch("todd1")] = CUP
    s.chit_cup[chit("drake_as")] = 1
    phase(s, "action_phases")
    s.apply(("char", ch("todd1")))
    assert [dict(e.args) for e in events(s, "drawn_character")] == [{"char": ch("todd1")}]
