#!/usr/bin/env python3
"""asobi's ISMCTS against OpenSpiel's ``ISMCTSBot`` (its Python one) at equal time per decision,
on any asobi game, through ``asobi.interop.openspiel``:

    nice -n 10 .venv/bin/python scripts/h2h_openspiel.py --game GAME --games N --seconds T

- **Two or more competing seats** (a battle): each game puts ours in one seat and OpenSpiel's bot
  in every other, ours taking each seat in turn (N games per seat); ours scores its seat's
  score (1 win, 0.5 draw).
- **A co-operative game**: a table of ours against a table of OpenSpiel's, N games each, the same
  seeds (the same chance source) for both; each scores the team's score.

Both bots have ``T`` seconds of wall-clock time a decision (the clock asobi's search budget
reads), in the same process, one after the other, so the machine's load falls on both alike.
Ours is ``ismcts:time=T`` with the game's own search parameters (its prior, rollout and depth:
``--ours`` names another, e.g. ``ismcts:time=T:rollout=random:depth=end:prior=none``); OpenSpiel's
searches with UCT (``--uct-c``, 2 as in OpenSpiel's examples) and one random rollout to the end
a leaf (``RandomRolloutEvaluator(1)``), resampling a state from its information state every
simulation (``resample_from_infostate``, the game's ``determinize``), as ours does. A decision with
a single legal action is not searched by either. Each searches at least once past its deadline
(ours one iteration, OpenSpiel's two simulations: its first only expands the root).

Prints each game, then ours' points with a 95% Wilson interval, the searches' mean simulations a
decision, and the CPU time the run took. Needs the ``interop`` extra.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from random import Random
from typing import Any

import numpy as np


def openspiel_bot(game: Any, seconds: float, uct_c: float, seed: int) -> Any:
    """OpenSpiel's Python ``ISMCTSBot`` searching for ``seconds`` of wall-clock time a decision
    (its own loop, with the simulation count replaced by a deadline), seeded."""
    from open_spiel.python.algorithms import ismcts, mcts

    class TimedISMCTSBot(ismcts.ISMCTSBot):  # type: ignore[misc]
        """``ISMCTSBot.run_search`` with a deadline in place of ``max_simulations``."""

        simulations: list[int]

        def run_search(self, state: Any) -> Any:
            self.reset()
            legal_actions = state.legal_actions()
            if len(legal_actions) == 1:
                return [(legal_actions[0], 1.0)]
            self._root_node = self.create_new_node(state)
            root_key = self.get_state_key(state)
            deadline = time.perf_counter() + seconds
            done = 0
            while done < 2 or time.perf_counter() < deadline:  # its first only expands the root
                sampled = self.sample_root_state(state)
                if self.get_state_key(sampled) != root_key:
                    raise AssertionError("a resampled state's information state differs from the root's")
                self.run_simulation(sampled)
                done += 1
            self.simulations.append(done)
            return self.get_final_policy(state, self._root_node)

    rng = np.random.RandomState(seed)
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(seed + 1))
    bot = TimedISMCTSBot(game, evaluator, uct_c, max_simulations=1, random_state=rng)
    bot.simulations = []
    bot.set_resampler(lambda state, player: state.resample_from_infostate(player, rng.uniform))
    return bot


def play(game: Any, spec: Any, options: Any, ours_at: set[int], ours_name: str, seconds: float,
         uct_c: float, seed: int, sims: dict[str, list[int]]) -> list[float]:
    """One game: ours at the seats ``ours_at``, OpenSpiel's at the others; the returns."""
    from asobi.core.bots import make_bot
    from asobi.core.seeding import derive_seed

    seats = game.num_players()
    ours = {s: make_bot(spec, ours_name, s, derive_seed(seed, "ours", s), options) for s in ours_at}
    theirs = {s: openspiel_bot(game, seconds, uct_c, seed * 100 + s) for s in range(seats) if s not in ours_at}
    chance = Random(derive_seed(seed, "chance"))
    state = game.new_initial_state()
    while not state.is_terminal():
        core = state.core
        if state.is_chance_node():
            state.apply_action(state.codec.chance_index(core.sample_chance(chance)))
            continue
        seat = state.current_player()
        legal = state.legal_actions()
        if len(legal) == 1:
            state.apply_action(legal[0])
        elif seat in ours:
            bot = ours[seat]
            state.apply_action(state.codec.index(bot.act(spec.observe(core, seat))))
            stats = getattr(bot, "stats", None)
            if stats is not None:
                sims["ours"].append(stats.iterations)
        else:
            state.apply_action(int(theirs[seat].step(state)))
    for bot in theirs.values():
        sims["theirs"].extend(bot.simulations)
    return [float(r) for r in state.returns()]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="emblem")
    parser.add_argument("--games", type=int, default=10, help="games per seat (a co-operative game: per table)")
    parser.add_argument("--seconds", type=float, default=0.1, help="wall-clock seconds a decision, each bot")
    parser.add_argument("--ours", default="", help="our bot (default: ismcts:time=SECONDS, the game's parameters)")
    parser.add_argument("--uct-c", type=float, default=2.0)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    if args.games <= 0 or args.seconds <= 0:
        parser.error("--games and --seconds must be positive")
    try:
        import pyspiel
    except ImportError:
        print("OpenSpiel is not installed: pip install -e '.[interop]'", file=sys.stderr)
        return 2
    import asobi.interop.openspiel as aos
    from asobi.core import AsobiError
    from asobi.core.bots import check_bot_name
    from asobi.core.registry import get_game
    from asobi.core.stats import wilson

    ours_name = args.ours or f"ismcts:time={args.seconds}"
    try:
        spec = get_game(args.game)
        check_bot_name(spec, ours_name)
        game = pyspiel.load_game(aos.register_game(spec))
    except AsobiError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    options = spec.validate_options({})
    seats = game.num_players()
    cooperative = spec.info.utility.kind == "identical"
    sims: dict[str, list[int]] = {"ours": [], "theirs": []}
    cpu = time.process_time()
    print(f"{spec.id}: {ours_name} against OpenSpiel ISMCTSBot (uct_c {args.uct_c}, random rollouts, "
          f"{args.seconds} s a decision)", flush=True)
    points = {"ours": 0.0, "theirs": 0.0}
    played = 0
    for g in range(args.games):
        if cooperative:
            seed = args.seed * 10_000 + g
            for side, at in (("ours", set(range(seats))), ("theirs", set())):
                score = play(game, spec, options, at, ours_name, args.seconds, args.uct_c, seed, sims)[0]
                points[side] += score
                print(f"game {g} table of {side}: {score}", flush=True)
            played += 1
            continue
        for seat in range(seats):
            seed = args.seed * 10_000 + g * seats + seat
            returns = play(game, spec, options, {seat}, ours_name, args.seconds, args.uct_c, seed, sims)
            points["ours"] += returns[seat]
            played += 1
            print(f"game {g} ours at seat {seat}: returns {returns}", flush=True)
    minutes = (time.process_time() - cpu) / 60
    mean = {k: statistics.fmean(v) if v else 0.0 for k, v in sims.items()}
    print(f"simulations a searched decision: ours {mean['ours']:.1f} ({len(sims['ours'])} decisions), "
          f"OpenSpiel {mean['theirs']:.1f} ({len(sims['theirs'])} decisions)")
    for side in ("ours", "theirs") if cooperative else ("ours",):
        low, high = wilson(points[side], played)
        who = ours_name if side == "ours" else "OpenSpiel ISMCTSBot"
        what = "team score" if cooperative else "points"
        print(f"{who}: {what} {points[side]:g} of {played} ({points[side] / played:.1%}, 95% {low:.1%}–{high:.1%})")
    print(f"CPU time: {minutes:.1f} min")
    return 0


if __name__ == "__main__":
    sys.exit(main())
