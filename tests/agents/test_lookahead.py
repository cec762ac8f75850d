"""The lookahead bot: the game's own bot, but where a choice is few it plays each action out and
leaves the bot's choice only for one better by the game's margin."""

from __future__ import annotations

from dataclasses import replace
from random import Random
from typing import Any

import pytest

from asobi.agents.lookahead import LookaheadAgent, LookaheadSettings, parse_lookahead
from asobi.core import StudyHooks
from asobi.core.agent import Agent, Observation
from asobi.core.bots import BotNameError, bot_kinds, bot_names, check_bot_name, make_bot, seat_kind
from asobi.core.hooks import Level, Levels
from asobi.core.registry import get_game
from asobi.core.state import CHANCE

from .toys import GAMBLE, Gamble


class _Scored(Gamble):
    """The gamble with a margin: +1 for the seat that won, −1 for the other; 0 before the draw."""

    def clone(self) -> _Scored:
        c = _Scored()
        c.choice, c.roll = self.choice, self.roll
        return c

    def metrics(self) -> dict[str, float]:
        return {} if self.roll is None else {"lead": 1.0 if self.roll != 0 else -1.0}


class _Pick(Agent):
    def __init__(self, which: int) -> None:
        self.which = which

    def act(self, obs: Observation) -> Any:
        return obs.legal[self.which]


def _margin(metrics, clause, options):
    if "lead" not in metrics:
        return None
    return (metrics["lead"], -metrics["lead"])


SPEC = replace(
    GAMBLE,
    new_state=lambda options: _Scored(),
    state_class=_Scored,
    bots={"rule": lambda seat, seed, options: _Pick(0), "last": lambda seat, seed, options: _Pick(-1)},
    levels=Levels(hard=Level("rule", 1.0)),
    study=StudyHooks(margin=_margin, margin_name="lead"),
)
"""The gamble: ``rule`` takes the risky pick (wins 30%), ``last`` the safe one (wins 60%)."""


def _choice(name: str, seed: int = 1) -> tuple[Any, LookaheadAgent]:
    agent = make_bot(SPEC, name, 0, seed, {})
    assert isinstance(agent, LookaheadAgent)
    state = SPEC.new_game({})
    return agent.act(SPEC.observe(state, 0)), agent


def test_parsing_gives_the_settings_and_defaults():
    assert parse_lookahead(SPEC, "lookahead") == LookaheadSettings("rule", None, 4, 8, None, 0.5, 2.0, True)
    settings = parse_lookahead(SPEC, "lookahead:base=last:verbs=pick+go:options=3:rollouts=20:depth=40:lead=0:z=1.5:screen=no")
    assert settings == LookaheadSettings("last", frozenset({"pick", "go"}), 3, 20, 40, 0.0, 1.5, False)
    assert parse_lookahead(SPEC, "lookahead:time=2.5").seconds == 2.5
    assert parse_lookahead(SPEC, "lookahead:base=hard").base == "rule"  # a level whose bot is the game's own
    assert check_bot_name(SPEC, "lookahead:rollouts=2") == "lookahead:rollouts=2"


@pytest.mark.parametrize(
    ("name", "says"),
    [
        ("lookahead:rollouts=0", "rollouts must be a whole number ≥ 1, not '0'"),
        ("lookahead:rollouts=many", "rollouts must be a whole number ≥ 1"),
        ("lookahead:options=1", "options must be a whole number ≥ 2"),
        ("lookahead:depth=0", "depth must be a whole number ≥ 1 or end"),
        ("lookahead:lead=-1", "lead must be a number ≥ 0"),
        ("lookahead:lead=nan", "lead must be a number ≥ 0"),
        ("lookahead:z=-2", "z must be a number ≥ 0"),
        ("lookahead:screen=maybe", "screen must be yes or no"),
        ("lookahead:verbs=pick+", "verbs must be verbs joined by +"),
        ("lookahead:base=mcts", "base must be one of"),
        ("lookahead:base=expert", "expert level is the bot"),
        ("lookahead:width=3", "has no parameter 'width'"),
        ("lookahead:time=0", "time must be a number of seconds > 0"),
        ("lookahead:time=-1", "time must be a number of seconds > 0"),
        ("lookahead:time=soon", "time must be a number of seconds > 0"),
    ],
)
def test_bad_parameters_get_a_clear_error(name, says):
    with pytest.raises(BotNameError, match=says.replace("+", r"\+")):
        check_bot_name(SPEC, name)


def test_a_game_without_a_margin_is_refused_and_not_offered():
    marginless = replace(SPEC, study=StudyHooks())
    with pytest.raises(BotNameError, match="lookahead cannot play toy-gamble, which has no margin"):
        check_bot_name(marginless, "lookahead")
    assert "lookahead" in bot_kinds(SPEC) and "lookahead" not in bot_kinds(marginless)
    assert "lookahead" in bot_names(SPEC) and "lookahead" not in bot_names(marginless)
    with pytest.raises(BotNameError, match="no seat kind 'bot:lookahead'") as refused:
        seat_kind(marginless, "bot:lookahead")
    assert "lookahead" not in str(refused.value).split("no seat kind")[1].replace("'bot:lookahead'", "")


def test_it_leaves_the_base_bots_choice_for_a_better_one():
    action, agent = _choice("lookahead:rollouts=64:lead=0.1")
    assert action == ("pick", "safe")
    assert agent.last is not None and agent.last[("pick", "safe")] > agent.last[("pick", "risky")] + 0.1


def test_it_plays_the_base_bots_choice_where_none_is_better():
    assert _choice("lookahead:base=last:rollouts=64:lead=0")[0] == ("pick", "safe")  # the base's choice is best
    assert _choice("lookahead:rollouts=64:lead=5")[0] == ("pick", "risky")  # no mean is 5 better
    assert _choice("lookahead:verbs=go:rollouts=64:lead=0")[0] == ("pick", "risky")  # not a verb it looks at
    assert _choice("lookahead:options=2:rollouts=64:lead=0")[0] == ("pick", "safe")  # two options: looked at


def test_a_difference_within_its_noise_keeps_the_base_bots_choice():
    """Over 64 playouts the safe pick's lead (0.6 on average) is far beyond 2 standard errors
    (about 0.1); over seed 3's three (differences 2, 2 and 0) it is not beyond 30, though above 0."""
    assert _choice("lookahead:rollouts=64:lead=0:z=2")[0] == ("pick", "safe")
    assert _choice("lookahead:rollouts=3:lead=0:z=0:screen=no", seed=3)[0] == ("pick", "safe")
    assert _choice("lookahead:rollouts=3:lead=0:z=30:screen=no", seed=3)[0] == ("pick", "risky")


def test_common_random_numbers_give_each_action_the_same_draws():
    """Both picks' playouts of one index draw chance from the same number: the risky pick wins on
    a draw of 0.7 or more, the safe one on 0.4 or more, so wherever the risky pick's playout won,
    the safe one's did too (with draws of their own, some seed would show the risky one winning
    alone: a 12% chance a seed)."""
    for seed in range(40):
        means = _choice("lookahead:rollouts=1:lead=0:z=0:screen=no", seed=seed)[1].last
        assert means is not None and means[("pick", "safe")] >= means[("pick", "risky")]


def test_screening_plays_the_second_half_only_for_actions_ahead():
    """With screening, a pick not ahead of the base's choice after the first half is dropped: the
    base bot ``last`` takes the safe pick, which the risky one never beats on a common draw, so the
    risky pick is dropped and the safe one stands alone; unscreened, both are played out."""
    for screen, kept in (("yes", {("pick", "safe")}), ("no", {("pick", "safe"), ("pick", "risky")})):
        agent = make_bot(SPEC, f"lookahead:base=last:rollouts=4:lead=0:z=0:screen={screen}", 0, 4, {})
        assert isinstance(agent, LookaheadAgent)
        assert agent.act(SPEC.observe(SPEC.new_game({}), 0)) == ("pick", "safe")
        assert agent.last is not None and set(agent.last) == kept


class _Counted(LookaheadAgent):
    """Counts its playouts."""

    playouts = 0

    def play_out(self, state, seed, seat):
        self.playouts += 1
        return super().play_out(state, seed, seat)


def test_a_time_limit_starts_no_round_of_playouts_once_it_is_up():
    """The playouts go in rounds, one index for every action: a time already up when the first
    round ends leaves that round alone; a time never reached changes nothing."""
    def looked(name: str) -> _Counted:
        agent = _Counted(SPEC, parse_lookahead(SPEC, name), 9, {})
        agent.act(SPEC.observe(SPEC.new_game({}), 0))
        return agent

    cut = looked("lookahead:rollouts=8:lead=0:screen=no:time=0.000000001")
    assert cut.playouts == 2 and cut.last is not None and set(cut.last) == {("pick", "safe"), ("pick", "risky")}
    free, timed = looked("lookahead:rollouts=8:lead=0:screen=no"), looked("lookahead:rollouts=8:lead=0:screen=no:time=1000")
    assert free.playouts == timed.playouts == 16 and free.last == timed.last
    screened = looked("lookahead:base=last:rollouts=8:lead=0:z=0:time=0.000000001")
    assert screened.playouts == 2  # the first half cut to one round: no second half


def test_a_seed_repeats_its_playouts():
    first = _choice("lookahead:rollouts=5:lead=0", seed=7)[1].last
    assert first == _choice("lookahead:rollouts=5:lead=0", seed=7)[1].last
    others = [_choice("lookahead:rollouts=5:lead=0", seed=s)[1].last for s in range(8, 16)]
    assert any(found != first for found in others)


def test_byston_as_its_hard_bot_where_nothing_is_looked_at():
    """With no decision looked at (a verb no action has), the bot plays hard's game move for move."""
    spec = get_game("byston")
    options = spec.validate_options({"players": 4})
    looking = make_bot(spec, "lookahead:base=hard:verbs=nothing", 0, 5, options)
    hard = make_bot(spec, "hard", 0, 5, options)
    state = spec.new_game(options)
    rng = Random(5)
    others = [make_bot(spec, "hard", seat, 5, options) for seat in range(4)]
    for _ in range(600):
        seat = state.current_seat
        if seat == CHANCE:
            state.apply(state.sample_chance(rng))
            continue
        obs = spec.observe(state, seat)
        if seat == 0:
            action = looking.act(obs)
            assert action == hard.act(obs)
        else:
            action = others[seat].act(obs)
        state.apply(action)
