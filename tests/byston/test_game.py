"""The turn (4.1), the end (27.1–27.3, B-33, B-34, B-49), dice pools, and whole random games
through everything that exists (invariants, clone, JSON, labels, views, clause ids)."""

from __future__ import annotations

import json
from fractions import Fraction
from math import comb
from random import Random

import pytest

from asobi.core.registry import get_game
from asobi.core.state import CHANCE
from asobi.games.byston.board import DEAD, WAR
from asobi.games.byston.dice import pool_outcomes
from asobi.games.byston.rules.turn import band
from asobi.games.byston.spec import SPEC
from asobi.games.byston.spec import SPEC as _BYSTON
from asobi.games.byston.state import BystonState
from support.play import random_action
from support.scenario import rule

from .helpers import C, ch, chit, clear, events, game, phase, put, stay

NOTHING = {
    "declare": ("pass",),
    "develop": ("develop", 0),
    "produce": ("done",),
    "repair": ("done",),
    "build": ("done",),
}


@rule("4.1")
def test_a_turn_runs_its_phases_in_order():
    s = game()
    s.gp = [50] * 6 + [0]
    phase(s, "war_status")
    order = []
    for _ in range(100):
        if s.pending is None:
            break
        kind = s.pending[0]
        if not order or order[-1] != kind:
            order.append(kind)
        drake_buys_a_chit = (
            kind == "produce" and s.pending[2] == C["drake"] and not s.chit_cup[chit("drake_as")]
        )
        s.apply(("chit", chit("drake_as")) if drake_buys_a_chit else NOTHING[kind])
    assert order == ["declare", "develop", "produce", "build"]  # nothing to repair
    assert s.chance == ("draw",)
    s.apply(("chit", chit("drake_as")))
    stay(s)  # Drake's action phase: it moves nothing
    assert s.turn == 2 and s.pending is not None and s.pending[0] == "declare"
    keys = [e.key for e in s.log]
    assert keys.index("income") < keys.index("chit_made") < keys.index("cup") < keys.index("turn_end")


@rule("27.2")
def test_the_bands():
    assert [band(d) for d in (20, 19, 1, 0, -24, -25, -29, -30)] == [
        "drake_complete",
        "drake_ahead",
        "drake_ahead",
        "draw",
        "draw",
        "sheela_ahead",
        "sheela_ahead",
        "sheela_complete",
    ]


@rule("27.1", "27.2", "B-33", "B-49")
def test_the_game_ends_after_turn_16_on_the_incomes():
    s = game(turn=16)
    phase(s, "end_turn")
    assert s.is_terminal()
    [e] = events(s, "final_income")
    assert e.clause == "27.2" and dict(e.args) == {
        "drake": 20,
        "sheela": 21,
        "difference": -1,
        "band": "draw",
    }
    o = s.outcome()
    assert o is not None and o.reason == "draw" and o.winners == () and o.scores == (0.5,) * 4
    s = game(turn=16)
    s.status[C["na"]] = WAR
    s.status[C["ah"]] = WAR
    phase(s, "end_turn")
    o = s.outcome()
    assert o.reason == "sheela_complete" and o.winners == (2, 3) and o.scores == (0.0, 0.0, 1.0, 1.0)
    s = BystonState(3)
    s.turn = 16
    s.status[C["na"]] = WAR  # 20 against 42: a draw, until Rau takes Drake's 3-GP hex 1017
    clear(s, "1017")
    put(s, "rau", "grimley", "1017")
    phase(s, "end_turn")
    assert s.outcome().reason == "sheela_ahead" and s.outcome().scores == (0.25, 0.75, 0.75)


@rule("27.3", "B-34", "28.8")
def test_drake_removed_ends_the_game_at_once():
    s = game()
    s.char_at[ch("drake")] = DEAD
    phase(s, "war_status")
    assert s.is_terminal() and s.outcome().reason == "sheela_complete" and s.outcome().clause == "27.3"
    assert s.legal_actions() == ()
    assert [e.clauses for e in s.log if e.key == "drake_removed"] == [("27.3", "28.8")]  # his army collapses too


def test_dice_pools_are_one_node_with_binomial_counts():
    three = dict(pool_outcomes((3, 3, 3, 3)))
    for k in range(5):
        assert three[k] == pytest.approx(comb(4, k) / 16)
    mixed = dict(pool_outcomes((6, 1)))
    assert mixed == pytest.approx({1: 5 / 6, 2: 1 / 6})
    assert dict(pool_outcomes((0, 0))) == {0: 1.0}
    exact = sum(Fraction(p).limit_denominator(6**6) for _, p in pool_outcomes((2, 4, 5)))
    assert exact == 1


def test_the_game_is_registered_under_its_id():
    assert get_game("byston") is SPEC


def playout(seed: int, players: int):
    rng = Random(seed)
    s = BystonState(players)
    known = _BYSTON.clauses()
    steps = 0
    while not s.is_terminal():
        assert not s.invariant_errors(), (seed, steps, s.invariant_errors())
        if s.current_seat == CHANCE:
            outcomes = s.chance_outcomes()
            assert abs(sum(p for _, p in outcomes) - 1) < 1e-9 and list(outcomes) == sorted(outcomes)
        else:
            legal = s.legal_actions()
            assert isinstance(legal, tuple) and list(legal) == sorted(set(legal)) and legal
        action = random_action(s, rng)
        if s.current_seat != CHANCE:
            assert s.is_legal(action)
            assert s.action_label(action, "en") and s.action_label(action, "ja")
        if steps % 37 == 0:
            copy = s.clone()
            back = BystonState.from_json(json.loads(json.dumps(s.to_json())))
            assert back.fingerprint() == s.fingerprint() == copy.fingerprint()
            json.dumps(s.view(0))
        s.apply(action)
        steps += 1
    assert all(e.clause in known for e in s.log), {e.clause for e in s.log} - set(known)
    outcome = s.outcome()
    assert outcome is not None and (s.turn == 16 or outcome.clause == "27.3")  # 27.3 may end it early
    return s, steps


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_end_cleanly(players):
    for seed in range(8):
        s, steps = playout(seed * 10 + players, players)
        assert 100 < steps < 20_000
        text = [SPEC.event_text(e, "ja") for e in s.log] + [SPEC.event_text(e, "en") for e in s.log]
        assert all("{" not in t for t in text)


def test_a_clone_is_independent():
    s = BystonState(4)
    copy = s.clone()
    s.apply(("declare", C["mi"]))
    assert copy.status[C["mi"]] != WAR and copy.pending == ("declare", 0, C["drake"])
    copy.gp[0] = 99
    assert s.gp[0] != 99


def test_bad_submissions_leave_the_state_untouched():
    from asobi.core.errors import IllegalActionError, MalformedActionError, NotYourTurnError

    s = BystonState(4)
    before = s.fingerprint()
    with pytest.raises(NotYourTurnError):
        s.apply(("pass",), seat=2)
    with pytest.raises(IllegalActionError) as e:
        s.apply(("declare", C["na"]), seat=0)
    assert e.value.clause == "28.3" and before not in str(e.value)  # never on Na
    with pytest.raises(MalformedActionError):
        s.apply([["pass"]], seat=0)  # type: ignore[arg-type]
    assert s.fingerprint() == before
    s.apply(("pass",), seat=0)


@rule("4.1", "27.1")
def test_each_new_turn_and_the_last_one_are_logged():
    s = game(turn=3)
    phase(s, "end_turn")
    assert s.turn == 4 and [dict(e.args) for e in events(s, "turn")] == [{"turn": 4}]
    s = game(turn=16)
    phase(s, "end_turn")
    assert [dict(e.args) for e in events(s, "game_over")] == [{"turn": 16}] and not events(s, "turn")
