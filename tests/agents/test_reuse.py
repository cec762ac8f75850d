"""Tree reuse of ``mcts``: the next decision starts from the subtree of the position actually
reached, the same for the same seed and observations, and a fresh tree when no node is that
position (a hidden part resampled, a position off the tree)."""

from __future__ import annotations

from random import Random
from typing import Any

import pytest

from asobi.agents import Budget, MCTSAgent
from asobi.agents.evaluate import random_rollout
from asobi.agents.names import parse_search
from asobi.core.agent import Observation
from asobi.core.bots import BotNameError, make_bot
from asobi.core.match import Match
from asobi.core.registry import get_game
from asobi.core.state import GameState

from .test_search import midgame
from .toys import NIM


def nim_agent(reuse: bool = True, seed: int = 1) -> MCTSAgent:
    return MCTSAgent(seed, Budget(iterations=300), random_rollout(100), reuse=reuse)


def summary(root: dict[Any, Any]) -> dict[Any, tuple[int, int, float]]:
    return {k: (e.visits, e.available, round(e.total, 9)) for k, e in root.items()}


def test_the_next_decision_starts_from_the_subtree_of_the_moves_played():
    agent = nim_agent()
    state = NIM.new_state({})
    first = agent.search(Observation(state, 0))
    own = ("take", 3)
    state.apply(own)
    answer = ("take", 1)
    state.apply(answer)  # 3 stones left, seat 0 to move again
    # Walk the actions actually played through the kept tree, and the other orders of moves that
    # reach the same position (3 stones, seat 0): the new root is the most visited of those nodes.
    nodes = []
    for a in (1, 2, 3):
        node = first[("take", a)].child
        if node and ("take", 4 - a) in node and node[("take", 4 - a)].child:
            nodes.append(node[("take", 4 - a)].child)
    assert first[own].child is not None and first[own].child[answer].child in nodes
    expected = max(nodes, key=lambda n: sum(e.visits for e in n.values()))
    carried = sum(e.visits for e in expected.values())
    assert carried > 0 and set(expected) == set(state.legal_actions())
    root = agent.search(Observation(state, 0))
    assert root is expected
    assert agent.stats.reused == carried
    assert sum(e.visits for e in root.values()) == carried + 300
    assert agent.act(Observation(state, 0)) == ("take", 3)


def test_a_position_the_tree_never_reached_gets_a_fresh_tree():
    agent = nim_agent()
    state = NIM.new_state({})
    agent.search(Observation(state, 0))
    other = NIM.new_state({})
    other.stones, other.turn = 4, 4  # never on the tree: four turns take at least four stones
    fresh = nim_agent()
    fresh.rng.setstate(agent.rng.getstate())
    reused_root = agent.search(Observation(other, 0))
    assert agent.stats.reused == 0
    assert summary(reused_root) == summary(fresh.search(Observation(other, 0)))


def test_the_same_seed_and_observations_give_the_same_trees():
    spec = get_game("legion")
    options = spec.validate_options({"players": 2, "open_hands": True})
    runs = []
    for _ in range(2):
        match = Match(spec, options, ["bot:mcts:iters=40:depth=20"] * 2, seed=5, journal=False)
        trees = []
        for _ in range(25):
            if match.is_over():
                break
            seat = match.current_seat
            match.step()
            agent = match.agents[seat] if seat >= 0 else None
            if isinstance(agent, MCTSAgent) and agent._kept is not None:
                trees.append((agent.stats.reused, summary(agent._kept[1])))
        runs.append((trees, match.state.fingerprint()))
    assert runs[0] == runs[1]
    assert any(reused for reused, _ in runs[0][0]), "no decision reused a tree"


def test_open_hands_legion_reuses_only_the_real_position():
    """Every reused root lists exactly the real position's legal actions (a wrong node would
    list another position's)."""
    spec = get_game("legion")
    options = spec.validate_options({"players": 3, "open_hands": True})
    match = Match(spec, options, ["bot:mcts:iters=40:depth=20"] * 3, seed=2, journal=False)
    reused = 0
    for _ in range(40):
        if match.is_over():
            break
        seat = match.current_seat
        if seat < 0:
            match.step()
            continue
        legal = match.state.legal_actions()
        agent = match.agents[seat]
        match.step()
        if isinstance(agent, MCTSAgent) and agent.stats.reused:
            assert agent._kept is not None
            assert set(agent._kept[1]) == set(legal)
            reused += 1
    assert reused > 0


@pytest.mark.parametrize("steps", [40, 90])
def test_hidden_information_gets_a_fresh_tree(steps):
    """Emblem hides the other hand: each decision's sample is drawn anew, no node of the kept
    tree is that sample, and the search is the one a bot without reuse makes."""
    spec = get_game("emblem")
    state = midgame("emblem", {}, 3, steps)
    seat = state.current_seat
    keeping, plain = (make_bot(spec, f"mcts:iters=6:depth=30:reuse={r}", seat, 9, {}) for r in ("yes", "no"))
    later: GameState = state.clone()
    keeping.search(Observation(state, seat))
    plain.search(Observation(state, seat))
    while later.current_seat == seat:  # the seat's own moves keep its hand hidden from no one but the other
        later.apply(later.legal_actions()[0])
    chance = Random(0)
    while later.current_seat != seat and not later.is_terminal():
        later.apply(later.sample_chance(chance) if later.current_seat < 0 else later.legal_actions()[-1])
    if later.is_terminal():
        pytest.skip("the game ended")
    a = keeping.search(Observation(later, seat))
    assert keeping.stats.reused == 0
    assert summary(a) == summary(plain.search(Observation(later, seat)))


def test_reuse_is_a_parameter_of_mcts_only():
    spec = get_game("emblem")
    assert parse_search(spec, "mcts:iters=5").reuse is True  # type: ignore[union-attr]
    assert parse_search(spec, "mcts:iters=5:reuse=no").reuse is False  # type: ignore[union-attr]
    with pytest.raises(BotNameError, match="reuse must be yes or no"):
        parse_search(spec, "mcts:reuse=maybe")
    with pytest.raises(BotNameError, match="ismcts keeps no tree"):
        parse_search(spec, "ismcts:reuse=yes")
