"""Monte Carlo tree search that plans only on states sampled from a seat's observation.

Both searches see the game through :class:`~asobi.core.agent.Observation` alone: every state they
walk comes from ``obs.determinize(rng)`` (for a game of perfect information, an exact copy), so a
bot never reads the true state.

- :class:`MCTSAgent` — UCT on one sampled state per decision (exact for open information). It
  keeps its tree between decisions: the next decision starts from the subtree of the position
  actually reached, found by walking the kept tree from the old sample and matching the new one's
  fingerprint (a fresh tree when no node matches, as after a hidden card was resampled).
- :class:`ISMCTSAgent` — information-set MCTS (single observer, with partially observable
  moves): a fresh sample every iteration, and one tree whose nodes are what the searching seat
  has seen. Other seats' decisions and chance outcomes are keyed by their redacted form for the
  searching seat (``state.redact``): moves it cannot tell apart share a node, and which of them is
  played is drawn at random. A node's children are scored over the iterations in which they were
  available (availability counts), since samples allow different actions.

Neither searches a decision with one legal action, nor a window of the game's
(:class:`~asobi.core.hooks.StopHooks`) where the seat has nothing to play and may only pass or
pass for good: it passes there at once.

Either may take a prior (the game's rule bot): the searching seat then tries the rule bot's choice
first at each of its nodes and favours it while the node knows little (progressive bias).

Values are per seat: a finished game's scores or the game's heuristic for each seat, and the seat
deciding at a node picks by its own value (co-operating seats share theirs). Chance nodes draw
outcomes by their probabilities. Search is deterministic for a given seed and iteration budget
(and, with a kept tree, the same observations before); a time budget stops by the clock, so two
runs may differ.

Why :class:`ISMCTSAgent` keeps no tree: its nodes are information sets, which hold no state to
compare with, and an agent is told only the new observation, not the moves (as its seat saw them)
that led there, so it cannot tell which node of the old tree the new information set is. Guessing
by the seat's view would merge positions that differ in what the seat saw on the way.
"""

from __future__ import annotations

import math
import time
from collections import deque
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
REUSE_WALK_LIMIT = 50_000
"""At most this many edges of a kept tree are replayed looking for the position reached."""


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
    reused: int = 0
    """Visits the root already had from the kept tree (0: a fresh tree)."""
    reuse_seconds: float = 0.0
    """Of ``seconds``, the time spent looking for the position in the kept tree."""

    @property
    def per_second(self) -> float:
        return self.iterations / self.seconds if self.seconds > 0 else 0.0


def only_passes(obs: Observation) -> Action | None:
    """The game's pass when this decision is one of its windows (:class:`~asobi.core.hooks.
    StopHooks`) with nothing the seat may play — pass or its variants, such as passing for good:
    there is nothing to search, and plain passing keeps the seat asked next time."""
    stops = obs.stops
    if stops is None or stops.pass_action not in obs.legal:
        return None  # (the view is built only for a decision that may be a window)
    found = stops.window(obs.view, obs.legal)
    return stops.pass_action if found is not None and not found[1] else None


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
                 prior: Prior | None = None, reuse: bool = True) -> None:
        if budget.iterations is None and budget.seconds is None:
            raise ValueError("a search needs an iteration or a time budget")
        self.rng = Random(seed)
        self.budget = budget
        self.evaluator = evaluator
        self.exploration = exploration
        self.prior = prior
        self.stats = SearchStats()
        # Tree reuse (one sample per decision only): the last search's sample and root.
        self.reuse = reuse and not self.resample_each_iteration
        self._kept: tuple[GameState, dict[Any, _Edge], int] | None = None

    def act(self, obs: Observation) -> Action:
        legal = obs.legal
        if len(legal) == 1:
            self.stats = SearchStats()
            return legal[0]
        passing = only_passes(obs)
        if passing is not None:
            self.stats = SearchStats()
            return passing
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
        iterations_cap = self.budget.iterations
        seconds = self.budget.seconds
        started = time.perf_counter()
        deadline = started + seconds if seconds is not None else math.inf
        sample: GameState | None = None if self.resample_each_iteration else obs.determinize(rng)
        root: dict[Any, _Edge] | None = None
        if self.reuse and sample is not None and self._kept is not None:
            root = self._subtree_at(sample, seat, obs)
        reuse_seconds = time.perf_counter() - started if self._kept is not None else 0.0
        self._kept = None
        if root is None:
            root = {}
        reused = sum(edge.visits for edge in root.values())
        done = 0
        nodes = 0
        hints: dict[int, Action] = {}
        while (iterations_cap is None or done < iterations_cap) and (done == 0 or time.perf_counter() < deadline):
            state = obs.determinize(rng) if sample is None else sample.clone()
            nodes += self._iterate(state, root, seat, rng, hints)
            done += 1
        self.stats = SearchStats(done, time.perf_counter() - started, nodes, reused, reuse_seconds)
        if self.reuse and sample is not None:
            self._kept = (sample, root, seat)  # iterations played on clones: ``sample`` is the root
        return root

    def _subtree_at(self, sample: GameState, seat: int, obs: Observation) -> dict[Any, _Edge] | None:
        """The kept tree's node for the position ``sample`` (this decision's sample), or ``None``.

        The kept tree is replayed from its own sample, breadth first, and a node matches when its
        state has ``sample``'s fingerprint (the whole state, hidden parts included): so a reused
        tree is always the tree of the very position being searched. A game that hides something
        from the seat gives a differently sampled position each decision, which no node matches;
        a second sample from a generator of its own detects that (without touching the search's
        generator) and saves the walk. Logs only grow, so branches whose log is already longer
        than ``sample``'s are not followed.
        """
        assert self._kept is not None
        kept_state, kept_root, kept_seat = self._kept
        if kept_seat != seat:
            return None
        target = sample.fingerprint()
        if obs.determinize(Random(0)).fingerprint() != target:
            return None  # the seat's position has hidden parts: samples differ
        length = sample.log_length()

        def matches(state: GameState) -> bool:
            return (state.current_seat == seat and state.log_length() == length
                    and state.fingerprint() == target)

        if matches(kept_state):
            return kept_root
        # A position reached by several orders of moves (a transposition) has several nodes: the
        # most visited one is kept (the first, breadth first, on a tie).
        found: dict[Any, _Edge] | None = None
        found_visits = -1
        queue = deque([(kept_state, kept_root)])
        walked = 0
        while queue:
            state, node = queue.popleft()
            for key, edge in node.items():
                child = edge.child
                if not child:
                    continue
                walked += 1
                if walked > REUSE_WALK_LIMIT:
                    return found
                after = state.clone()
                after.apply_unchecked(key)
                if after.log_length() > length:
                    continue
                if matches(after):
                    visits = sum(e.visits for e in child.values())
                    if visits > found_visits:
                        found, found_visits = child, visits
                    continue  # a later node is a later position (a longer log or a later turn)
                queue.append((after, child))
        return found

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
    nothing is hidden), keeping the tree of the position reached for the next decision unless
    made with ``reuse=False``."""


class ISMCTSAgent(_TreeSearch):
    """Information-set MCTS: a new sample from the observation every iteration, one tree over
    what the searching seat sees."""

    resample_each_iteration = True
    keys_as_seen = True
