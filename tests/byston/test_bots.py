"""The rule bot of ドレイクの野望: it finishes games for every seating with legal choices only, keeps
its rules (a chit first, no self-destruction, Drake kept off moving ships, hits placed by value),
and beats random bots."""

from __future__ import annotations

import statistics

import pytest

from asobi.core import get_game
from asobi.core.agent import Observation
from asobi.games.byston.board import static
from asobi.games.byston.bots import RuleBot
from asobi.games.byston.state import DRAKE_CHAR
from support.play import play_recorded

from .helpers import C, chit, game, h, phase, put, u

SPEC = get_game("byston")


def lead(state) -> int:
    args = dict(state.outcome().args)
    return args["drake"] - args["sheela"]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_rule_bots_finish_a_game_with_legal_choices(players):
    record, state = play_recorded(SPEC, {"players": players}, ["rule"] * players, seed=players)
    assert state.outcome() is not None and record.actions
    keys = {e.key for e in state.log}
    assert "razed" not in keys and "destroyed" not in keys  # never its own buildings or machines


def test_the_first_choice_of_production_is_an_action_chit():
    s = phase(game(gp=[30, 30, 30, 30, 30, 30, 0]), "produce_phase")
    choice = RuleBot(0, 1).act(Observation(s, 0))
    assert choice[0] == "chit" and static().chit_country[choice[1]] == C["drake"]


def test_drake_himself_is_not_taken_aboard():
    s = game()
    s.chit_cup[chit("drake_as")] = 1
    phase(s, "action_phases")
    s.apply(("chit", chit("drake_as")))
    s.char_at[DRAKE_CHAR] = h("0916")
    s.apply(("ship", u("namwan"), h("0916"), 0))
    bot = RuleBot(0, 1)
    seen = []
    while s.pending is not None and s.pending[0] == "load":
        choice = bot.act(Observation(s, 0))
        seen.append(choice)
        s.apply(choice)
    assert ("board", DRAKE_CHAR) not in seen and seen[-1] == ("go",)
    assert any(a[0] == "load" for a in seen)  # its ABs go along


def test_hits_go_to_the_dearest_enemy_and_the_cheapest_own_unit():
    s = game()
    gunan = put(s, "rau", "gunan", "1210")
    grimley = put(s, "rau", "grimley", "1210")
    legal = (("hit", gunan), ("hit", grimley))
    bot = RuleBot(0, 1)
    assert bot._on_allocate(s, ("allocate", 0, "shelling", 0, 0), legal) == ("hit", grimley)
    assert bot._on_allocate(s, ("allocate", 2, "shelling", 0, 1), legal) == ("hit", gunan)


def test_rule_bots_beat_random_bots():
    """Sheela's camp by rule bots removes a random Drake; Drake's camp by rule bots leads a random
    Sheela's camp by more than random bots do (the draw band of 27.2 is 0 to −24, so the lead is
    the finer measure). Two seeds each; `asobi simulate` gives the full study."""
    sheela = [play_recorded(SPEC, {"players": 2}, ["random", "rule"], seed=k)[1] for k in (1, 2)]
    assert all(s.outcome().scores[1] > 0.5 for s in sheela)
    ruled = [lead(play_recorded(SPEC, {"players": 2}, ["rule", "random"], seed=k)[1]) for k in (1, 2)]
    random_ = [lead(play_recorded(SPEC, {"players": 2}, ["random", "random"], seed=k)[1]) for k in (1, 2)]
    assert statistics.mean(ruled) > statistics.mean(random_) + 5
