"""Monte Carlo tree search that plans only on states sampled from a seat's observation.

Both searches see the game through :class:`~asobi.core.agent.Observation` alone: every state they
walk comes from ``obs.determinize(rng)`` (for a game of perfect information, an exact copy), so a
bot never reads the true state.

- :class:`MCTSAgent` — UCT on one sampled state per decision (exact for open information).
- :class:`ISMCTSAgent` — information-set MCTS (single observer, with partially observable
  moves): a fresh sample every iteration, and one tree whose nodes are what the searching seat
  has seen. Other seats' decisions and chance outcomes are keyed by their redacted form for the
  searching seat (``state.redact``): moves it cannot tell apart share a node, and which of them is
  played is drawn at random. A node's children are scored over the iterations in which they were
  available (availability counts), since samples allow different actions.

Either may take a prior (the game's rule bot): the searching seat then tries the rule bot's choice
first at each of its nodes and favours it while the node knows little (progressive bias).

Values are per seat: a finished game's scores or the game's heuristic for each seat, and the seat
deciding at a node picks by its own value (co-operating seats share theirs). Chance nodes draw
outcomes by their probabilities. Search is deterministic for a given seed and iteration budget; a
time budget stops by the clock, so two runs may differ.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass
from random import Random
from typing import Any

from ..core.actions import Action
from ..core.agent import Agent, Observation
from ..core.state import CHANCE, TERMINAL, GameState
from .evaluate import Evaluator

Prior = Callable[[GameState, int], Action]
"""A policy that suggests a seat's action on a sampled state (the game's rule bot, deciding from
that seat's observation of it)."""
PRIOR_WEIGHT = 1.0
"""The bonus a node's suggested action gets in its UCT score, fading as ``1 / (visits + 1)``."""


@dataclass(frozen=True)
class Budget:
    """When a search stops: after ``iterations`` samples or ``seconds`` of wall-clock time,
    whichever comes first (``None``: no such limit; at least one must be set)."""

    iterations: int | None = None
    seconds: float | None = None


@dataclass
class SearchStats:
    """What the last decision's search did (for benchmarks and the curious)."""

    iterations: int = 0
    seconds: float = 0.0
    nodes: int = 0

    @property
    def per_second(self) -> float:
        return self.iterations / self.seconds if self.seconds > 0 else 0.0


class _Edge:
    """A move out of a node: its statistics for the seat that chooses it, and the node it leads to."""

    __slots__ = ("available", "child", "total", "visits")

    def __init__(self) -> None:
        self.visits = 0
        self.available = 0
        self.total = 0.0
        self.child: dict[Any, _Edge] | None = None


class _TreeSearch(Agent):
    """The search loop shared by both agents (see the module's description)."""

    resample_each_iteration = False
    keys_as_seen = False

    def __init__(self, seed: int, budget: Budget, evaluator: Evaluator, exploration: float = 1.0,
                 prior: Prior | None = None) -> None:
        if budget.iterations is None and budget.seconds is None:
            raise ValueError("a search needs an iteration or a time budget")
        self.rng = Random(seed)
        self.budget = budget
        self.evaluator = evaluator
        self.exploration = exploration
        self.prior = prior
        self.stats = SearchStats()

    def act(self, obs: Observation) -> Action:
        legal = obs.legal
        if len(legal) == 1:
            self.stats = SearchStats()
            return legal[0]
        root = self.search(obs)
        best: Action | None = None
        best_key: tuple[int, float] = (-1, 0.0)
        for action in legal:  # in sorted order: ties go to the first
            edge = root.get(action)
            if edge is None or edge.visits == 0:
                continue
            key = (edge.visits, edge.total / edge.visits)
            if key > best_key:
                best, best_key = action, key
        return best if best is not None else legal[0]

    def search(self, obs: Observation) -> dict[Any, _Edge]:
        """Run the budget and return the root's edges (keyed by the seat's own actions)."""
        rng = self.rng
        seat = obs.seat
        root: dict[Any, _Edge] = {}
        iterations_cap = self.budget.iterations
        seconds = self.budget.seconds
        started = time.perf_counter()
        deadline = started + seconds if seconds is not None else math.inf
        sample: GameState | None = None if self.resample_each_iteration else obs.determinize(rng)
        done = 0
        nodes = 0
        hints: dict[int, Action] = {}
        while (iterations_cap is None or done < iterations_cap) and (done == 0 or time.perf_counter() < deadline):
            state = obs.determinize(rng) if sample is None else sample.clone()
            nodes += self._iterate(state, root, seat, rng, hints)
            done += 1
        self.stats = SearchStats(done, time.perf_counter() - started, nodes)
        return root

    def _iterate(
        self, state: GameState, root: dict[Any, _Edge], searcher: int, rng: Random, hints: dict[int, Action]
    ) -> int:
        """One iteration: select down the tree, add one node, evaluate, back up. Returns the
        number of nodes added.

        With a prior, the searching seat's nodes try its suggestion first and favour it while
        they know little. ``hints`` keeps each node's suggestion, made on the first sample that
        reached it: a node of the searching seat stands for what that seat has seen, so samples
        reaching it mostly agree (where a later reveal makes one differ, the kept suggestion is at
        worst not among its actions, and gets no bonus)."""
        node = root
        prior = self.prior
        path: list[tuple[_Edge, int]] = []
        as_seen = self.keys_as_seen
        c = self.exploration
        added = 0
        while True:
            seat = state.current_seat
            if seat == TERMINAL:
                break
            if seat == CHANCE:
                outcome = state.sample_chance(rng)
                key = state.redact(outcome, searcher) if as_seen else outcome
                state.apply_unchecked(outcome)
                edge = node.get(key)
                if edge is None:
                    edge = node[key] = _Edge()
                    added += 1
                if edge.child is None:
                    edge.child = {}
                node = edge.child
                continue
            legal = state.legal_actions()
            groups: dict[Any, list[Action]] | None = None
            if as_seen and seat != searcher:
                groups = {}
                for a in legal:
                    groups.setdefault(state.redact(a, searcher), []).append(a)
                keys: Any = groups
            else:
                keys = legal
            hint: Any = None
            if prior is not None and seat == searcher and len(legal) > 1:
                hint = hints.get(id(node))
                if hint is None:
                    hint = hints[id(node)] = prior(state, seat)
            untried: list[Any] = []
            best_key: Any = None
            best_score = -math.inf
            for key in keys:
                edge = node.get(key)
                if edge is None:
                    edge = node[key] = _Edge()
                    added += 1
                edge.available += 1
                if edge.visits == 0:
                    untried.append(key)
                elif not untried:
                    score = edge.total / edge.visits + c * math.sqrt(math.log(edge.available) / edge.visits)
                    if key == hint:
                        score += PRIOR_WEIGHT / (edge.visits + 1)
                    if score > best_score:
                        best_key, best_score = key, score
            expanding = bool(untried)
            if not expanding:
                key = best_key
            elif hint is not None and hint in untried:
                key = hint
            else:
                key = untried[int(rng.random() * len(untried))]
            if groups is not None:
                options = groups[key]
                action = options[int(rng.random() * len(options))] if len(options) > 1 else options[0]
            else:
                action = key
            edge = node[key]
            state.apply_unchecked(action)
            path.append((edge, seat))
            if expanding and len(keys) > 1:
                break  # a new node: evaluate from here (a forced move is passed through)
            if edge.child is None:
                edge.child = {}
            node = edge.child
        values = self.evaluator(state, rng)
        for edge, seat in path:
            edge.visits += 1
            edge.total += values[seat]
        return added


class MCTSAgent(_TreeSearch):
    """UCT on one state sampled from the observation per decision (the exact position when
    nothing is hidden)."""


class ISMCTSAgent(_TreeSearch):
    """Information-set MCTS: a new sample from the observation every iteration, one tree over
    what the searching seat sees."""

    resample_each_iteration = True
    keys_as_seen = True
