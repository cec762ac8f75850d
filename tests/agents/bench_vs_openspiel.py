"""Our search bots against OpenSpiel's Python ``MCTSBot`` on an asobi game (through
``asobi.interop.openspiel``), with random rollouts: simulations per second at equal wall-clock
time, and a head-to-head match. A benchmark script, not a test (needs the ``interop`` extra):

    .venv/bin/python tests/agents/bench_vs_openspiel.py speed --game emblem --states 6 --sims 8
    .venv/bin/python tests/agents/bench_vs_openspiel.py match --game emblem --games 10 --seconds 0.25

``speed``: on mid-game states of seeded random games, OpenSpiel's bot searches ``--sims``
simulations (timed); ours then searches for exactly that long, and we count its simulations.
``match``: ours with ``time=T`` against OpenSpiel's bot with as many simulations as it runs in
``T`` on this machine (measured first), seats swapped every game. OpenSpiel's bot searches the
true state (it sees every hidden card); ours only samples from its seat's observation.
"""

from __future__ import annotations

import argparse
import statistics
import time
from random import Random

import numpy as np
import pyspiel
from open_spiel.python.algorithms import mcts

from asobi.agents.evaluate import random_rollout
from asobi.agents.search import Budget, ISMCTSAgent, MCTSAgent
from asobi.core.agent import Observation
from asobi.core.registry import get_game
from asobi.core.seeding import derive_seed
from asobi.interop import openspiel as aos

UCT_C = 2.0
"""OpenSpiel's usual exploration constant for its MCTS bot (its examples use 2)."""


def midgame_states(game: pyspiel.Game, n: int, seed: int) -> list[pyspiel.State]:
    """``n`` OpenSpiel states, each some random steps into a seeded game, at a decision with a
    choice."""
    rng = Random(seed)
    states = []
    while len(states) < n:
        state = game.new_initial_state()
        target = rng.randrange(20, 120)
        steps = 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
                continue
            legal = state.legal_actions()
            if steps >= target and len(legal) > 1:
                states.append(state)
                break
            state.apply_action(legal[rng.randrange(len(legal))])
            steps += 1
    return states


def openspiel_bot(game: pyspiel.Game, sims: int, seed: int) -> mcts.MCTSBot:
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(seed))
    return mcts.MCTSBot(game, UCT_C, sims, evaluator, solve=False, random_state=np.random.RandomState(seed + 1))


def speed(game_id: str, n_states: int, sims: int, seed: int) -> None:
    spec = get_game(game_id)
    game = pyspiel.load_game(aos.short_name(spec))
    rows = []
    for i, state in enumerate(midgame_states(game, n_states, seed)):
        bot = openspiel_bot(game, sims, seed + i)
        started = time.perf_counter()
        bot.step(state.clone())
        seconds = time.perf_counter() - started
        core = state.core
        ours = {}
        for name, cls in (("mcts", MCTSAgent), ("ismcts", ISMCTSAgent)):
            agent = cls(derive_seed(seed, i, name), Budget(seconds=seconds), random_rollout(spec.info.max_steps))
            agent.act(Observation(core, core.current_seat))
            ours[name] = agent.stats.per_second
        rows.append((sims / seconds, ours["mcts"], ours["ismcts"], seconds))
        print(f"state {i}: {seconds:.2f} s each; simulations/s: OpenSpiel MCTSBot {sims / seconds:.1f}, "
              f"mcts {ours['mcts']:.1f}, ismcts {ours['ismcts']:.1f}", flush=True)
    for j, name in enumerate(("OpenSpiel MCTSBot", "asobi mcts", "asobi ismcts")):
        values = [r[j] for r in rows]
        print(f"{name}: simulations/s mean {statistics.fmean(values):.1f}, median {statistics.median(values):.1f} "
              f"over {len(values)} states")


def match(game_id: str, n_games: int, seconds: float, seed: int, kind: str) -> None:
    spec = get_game(game_id)
    game = pyspiel.load_game(aos.short_name(spec))
    # OpenSpiel's simulations in ``seconds``, from its rate on a few states
    probe = midgame_states(game, 3, seed + 99)
    rates = []
    for state in probe:
        bot = openspiel_bot(game, 6, seed)
        started = time.perf_counter()
        bot.step(state.clone())
        rates.append(6 / (time.perf_counter() - started))
    sims = max(1, round(statistics.median(rates) * seconds))
    print(f"OpenSpiel MCTSBot: {statistics.median(rates):.1f} simulations/s here -> {sims} per move "
          f"for {seconds} s", flush=True)
    points = 0.0
    rng = Random(seed)
    cls = ISMCTSAgent if kind == "ismcts" else MCTSAgent
    for g in range(n_games):
        ours_seat = g % 2
        agent = cls(derive_seed(seed, "ours", g), Budget(seconds=seconds), random_rollout(spec.info.max_steps))
        theirs = openspiel_bot(game, sims, seed + 1000 + g)
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                core = state.core
                action = core.sample_chance(rng)
                state.apply_action(state.codec.chance_index(action))
            elif state.current_player() == ours_seat:
                core = state.core
                chosen = agent.act(Observation(core, core.current_seat))
                state.apply_action(state.codec.index(chosen))
            else:
                state.apply_action(theirs.step(state))
        scores = state.returns()
        points += scores[ours_seat]
        print(f"game {g}: ours in seat {ours_seat}, returns {scores}", flush=True)
    print(f"asobi {kind} time={seconds} against OpenSpiel MCTSBot ({sims} simulations): "
          f"{points} points of {n_games}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("what", choices=("speed", "match"))
    parser.add_argument("--game", default="emblem")
    parser.add_argument("--states", type=int, default=6)
    parser.add_argument("--sims", type=int, default=8)
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--seconds", type=float, default=0.25)
    parser.add_argument("--kind", choices=("mcts", "ismcts"), default="ismcts")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    if args.what == "speed":
        speed(args.game, args.states, args.sims, args.seed)
    else:
        match(args.game, args.games, args.seconds, args.seed, args.kind)


if __name__ == "__main__":
    main()
