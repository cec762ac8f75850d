"""The search bots: right answers on tiny games, chance by its odds, per-seat values, the same
choice for the same seed, and never a look at the true state."""

from __future__ import annotations

from random import Random
from typing import Any

import pytest

from asobi.agents import Budget, ISMCTSAgent, MCTSAgent
from asobi.agents.evaluate import random_rollout
from asobi.core.agent import Observation
from asobi.core.bots import make_bot
from asobi.core.match import Match
from asobi.core.registry import get_game
from asobi.core.state import GameState

from .toys import GAMBLE, KINGMAKER, NIM

SEARCHES = (MCTSAgent, ISMCTSAgent)


def decide(agent_class: type, state: GameState, iterations: int, seed: int = 1) -> Any:
    agent = agent_class(seed, Budget(iterations=iterations), random_rollout(1000))
    return agent.act(Observation(state, state.current_seat))


@pytest.mark.parametrize("agent_class", SEARCHES)
def test_finds_the_forced_win_at_nim(agent_class):
    for seed in range(3):
        assert decide(agent_class, NIM.new_state({}), 600, seed) == ("take", 3)


@pytest.mark.parametrize("agent_class", SEARCHES)
def test_finds_the_win_deeper_in_nim(agent_class):
    state = NIM.new_state({})
    state.apply(("take", 2))  # 5 left: the second seat wins by taking 1
    assert decide(agent_class, state, 600) == ("take", 1)


@pytest.mark.parametrize("agent_class", SEARCHES)
def test_chance_is_drawn_by_its_probabilities(agent_class):
    assert decide(agent_class, GAMBLE.new_state({}), 800) == ("pick", "safe")


@pytest.mark.parametrize("agent_class", SEARCHES)
def test_each_seat_plays_for_its_own_value(agent_class):
    state = KINGMAKER.new_state({})
    assert decide(agent_class, state, 400) == ("go", "left")
    state.apply(("go", "left"))
    assert decide(agent_class, state, 200) == ("end", 0)  # B's own best: 0.3 against 0.2


def test_a_single_legal_action_needs_no_search():
    state = NIM.new_state({})
    state.stones = 1
    agent = MCTSAgent(1, Budget(iterations=50), random_rollout(10))
    assert agent.act(Observation(state, 0)) == ("take", 1)
    assert agent.stats.iterations == 0


def midgame(game: str, options: dict[str, Any], seed: int, steps: int) -> GameState:
    spec = get_game(game)
    match = Match(spec, spec.validate_options(options), ["bot:random"] * len(spec.seat_names(
        spec.validate_options(options))), seed=seed, journal=False)
    match.play(max_steps=steps)
    while match.state.current_seat < 0 and not match.is_over():
        match.step()
    return match.state


def tree_of(agent: Any, state: GameState) -> dict[Any, tuple[int, float]]:
    root = agent.search(Observation(state, state.current_seat))
    return {k: (e.visits, round(e.total, 9)) for k, e in root.items()}


BOTS = ("mcts:iters=3", "ismcts:iters=3", "mcts:iters=12:depth=40", "ismcts:iters=12:depth=40:c=0.5",
        "ismcts:iters=6:rollout=rule:depth=30", "mcts:iters=10:rollout=heuristic", "ismcts:iters=8:depth=20:prior=rule",
        "mcts:iters=8:depth=20:prior=rule")
"""Small budgets: rollouts to the end of an emblem game are some 700 random steps."""


@pytest.mark.parametrize("name", BOTS)
def test_same_seed_same_search(name):
    spec = get_game("emblem")
    state = midgame("emblem", {}, 4, 40)
    seat = state.current_seat
    first = make_bot(spec, name, seat, 7, {})
    second = make_bot(spec, name, seat, 7, {})
    assert tree_of(first, state) == tree_of(second, state)
    assert first.act(Observation(state, seat)) == second.act(Observation(state, seat))


HIDDEN_CASES = [("emblem", {}, 40), ("emblem", {}, 90), ("legion", {"players": 3}, 30), ("legion", {"players": 2}, 60)]


@pytest.mark.parametrize(("game", "options", "steps"), HIDDEN_CASES)
@pytest.mark.parametrize("name", BOTS)
def test_the_same_on_states_the_seat_cannot_tell_apart(game, options, steps, name):
    """Hidden variants of a position (other hands changed) give the same whole search."""
    spec = get_game(game)
    options = spec.validate_options(options)
    compared = 0
    for seed in range(3):
        state = midgame(game, options, seed, steps)
        if state.is_terminal():
            continue
        seat = state.current_seat
        variants = state.hidden_variants(seat, Random(seed))
        tree = tree_of(make_bot(spec, name, seat, seed, options), state)
        for variant in variants:
            assert variant.fingerprint() != state.fingerprint()
            assert tree_of(make_bot(spec, name, seat, seed, options), variant) == tree
            compared += 1
    assert compared > 0, "no hidden variants to compare"


class OnlyDeterminize:
    """A state that answers nothing but ``determinize``: a bot that read anything else of the
    true state would fail."""

    def __init__(self, state: GameState) -> None:
        self._real = state

    def determinize(self, seat: int, rng: Random) -> GameState:
        return self._real.determinize(seat, rng)

    def __getattr__(self, name: str) -> Any:
        raise AssertionError(f"the bot read state.{name}")


@pytest.mark.parametrize("name", BOTS)
def test_reads_nothing_of_the_state_but_samples(name):
    spec = get_game("emblem")
    state = midgame("emblem", {}, 2, 60)
    seat = state.current_seat
    guarded = spec.observe(OnlyDeterminize(state), seat, legal=state.legal_actions())  # type: ignore[arg-type]
    plain = spec.observe(state, seat)
    assert make_bot(spec, name, seat, 3, {}).act(guarded) == make_bot(spec, name, seat, 3, {}).act(plain)


def test_searches_play_whole_games_for_every_seat():
    """A short legion game with a search in every seat of the co-operating table, and emblem."""
    for game, options, seats in (
        ("legion", {"players": 3, "difficulty": "easy"}, ["bot:ismcts:iters=3:depth=10", "bot:mcts:iters=3:depth=10",
                                                          "bot:rule"]),
        ("emblem", {}, ["bot:mcts:iters=2:depth=20", "bot:ismcts:iters=2:rollout=heuristic"]),
    ):
        spec = get_game(game)
        match = Match(spec, spec.validate_options(options), seats, seed=5, journal=False)
        match.play()
        assert match.is_over()


@pytest.mark.parametrize("kind", ["mcts", "ismcts"])
def test_a_rule_prior_is_tried_first(kind):
    """With one iteration, the only move searched is the rule bot's suggestion."""
    spec = get_game("emblem")
    for seed in range(3):
        state = midgame("emblem", {}, seed, 30 + 25 * seed)
        seat = state.current_seat
        suggested = spec.bots["rule"](seat, 0, {}).act(spec.observe(state, seat))
        bot = make_bot(spec, f"{kind}:iters=1:depth=0:prior=rule", seat, seed, {})
        assert bot.act(spec.observe(state, seat)) == suggested


def legion_window(playable: bool) -> GameState:
    """A legion decision that is a strategy window (L-28's step windows, the stack's answers) in
    which the seat may play a strategy, or may only pass (pass, or pass for good)."""
    spec = get_game("legion")
    stops = spec.stops
    assert stops is not None
    for seed in range(20):
        match = Match(spec, spec.validate_options({"players": 3}), ["bot:rule"] * 3, seed=seed, journal=False)
        while not match.is_over():
            state = match.state
            if state.current_seat >= 0:
                obs = spec.observe(state, state.current_seat)
                found = stops.window(obs.view, obs.legal)
                if found is not None and found[1] == playable and len(obs.legal) > 1:
                    return state
            match.step()
    raise AssertionError("no such window in 20 games")


@pytest.mark.parametrize("kind", ["mcts", "ismcts"])
def test_a_window_with_only_passes_is_passed_without_a_search(kind):
    spec = get_game("legion")
    options = spec.validate_options({"players": 3})
    state = legion_window(playable=False)
    seat = state.current_seat
    assert sorted(a[0] for a in state.legal_actions()) == ["autopass", "pass"]
    bot = make_bot(spec, f"{kind}:iters=20", seat, 1, options)
    assert bot.act(spec.observe(state, seat)) == ("pass",)
    assert bot.stats.iterations == 0
    # a window where a strategy may be played is searched as usual
    state = legion_window(playable=True)
    seat = state.current_seat
    bot = make_bot(spec, f"{kind}:iters=20", seat, 1, options)
    assert bot.act(Observation(state, seat)) in state.legal_actions()
    assert bot.stats.iterations == 20
